//! `check DIR`: reports every change to a positions file that is not a pure append since it
//! was recorded at a hand-over (see `digest.rs`): exit 0 when there is none, 1 (`EDITED`)
//! with one line per edit naming the file, the entry and the agent that last held the turn.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::{Human, Reply};
use crate::store::LockMode;

use crate::negotiation::derived::digests::Edit;
use crate::negotiation::derived::digests_file;
use crate::negotiation::derived::digests_file::KeptDigests;
use crate::negotiation::derived::record;
use crate::negotiation::model::{Actor, State, open};

#[derive(Debug, Clone)]
pub struct CheckArgs {
    pub dir: PathBuf,
}

/// What `check` found: `data` of `check --json`; edits make it the answer 1 (`EDITED`).
#[derive(Debug, Serialize)]
pub struct EditCheck {
    /// The edits of recorded entries that `finish --accept-edits` has not acknowledged.
    edits: Vec<Edit>,
    /// Those it has.
    accepted: Vec<Edit>,
    /// How many positions files were recorded at a hand-over.
    recorded_files: usize,
}

impl Reply for EditCheck {
    fn status(&self) -> Status {
        if self.edits.is_empty() {
            Status::Ok
        } else {
            Status::NotNow
        }
    }

    fn code(&self) -> Option<&'static str> {
        if self.edits.is_empty() {
            None
        } else {
            Some("EDITED")
        }
    }

    fn human(&self, out: &mut Human) {
        if self.edits.is_empty() {
            out.line(format!(
                "No edits: the {} recorded positions file{} only grew by appends.",
                self.recorded_files,
                if self.recorded_files == 1 { "" } else { "s" }
            ));
            if !self.accepted.is_empty() {
                out.line(format!(
                    "{} earlier edit{} accepted by finish --accept-edits.",
                    self.accepted.len(),
                    if self.accepted.len() == 1 {
                        " was"
                    } else {
                        "s were"
                    }
                ));
            }
            return;
        }
        for edit in &self.edits {
            out.line(edit.describe());
        }
        out.line(format!(
            "{} edit{} of recorded entries: positions are append-only (rule 3). finish refuses until they are accepted with --accept-edits.",
            self.edits.len(),
            if self.edits.len() == 1 { "" } else { "s" }
        ));
    }
}

pub fn run(ctx: &Ctx, args: &CheckArgs) -> Result<EditCheck> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "check",
        agent: None,
    };
    let _shared = store.lock(LockMode::Shared, &actor.label())?;
    let state = State::load(&store)?;
    let kept = digests_file::load_unchanged(&store, |file| store.version(file))?;
    let recorded_files = kept.recorded_files();
    let (edits, head) = match kept {
        KeptDigests::Unchanged { head, .. } => (
            record::unaccepted_edits_with(&store, &state, &head, Vec::new())?,
            head,
        ),
        KeptDigests::Loaded(loaded) => {
            let seen = record::Seen {
                loaded: Some(&loaded),
                ..Default::default()
            };
            let edits = record::unaccepted_edits_seen(&store, &state, &loaded.ledger, &seen)?;
            (edits, loaded.ledger.head)
        }
    };
    Ok(EditCheck {
        edits,
        recorded_files,
        accepted: head.accepted,
    })
}
