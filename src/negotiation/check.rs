//! `check DIR`: reports every change to a positions file that is not a pure append since it
//! was recorded at a hand-over (see `digest.rs`): exit 0 when there is none, 1 (`EDITED`)
//! with one line per edit naming the file, the entry and the agent that last held the turn.

use std::path::PathBuf;

use serde_json::json;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::Outcome;
use crate::store::LockMode;

use super::{Actor, State, open};
use super::{digest, digests_file};

#[derive(Debug, Clone)]
pub struct CheckArgs {
    pub dir: PathBuf,
}

pub fn run(ctx: &Ctx, args: &CheckArgs) -> Result<Outcome> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "check",
        agent: None,
    };
    let _shared = store.lock(LockMode::Shared, &actor.label())?;
    let state = State::load(&store)?;
    let loaded = digests_file::load(&store)?;
    let seen = digest::Seen {
        loaded: Some(&loaded),
        ..Default::default()
    };
    let ledger = &loaded.ledger;
    let edits = digest::unaccepted_edits_seen(&store, &state, ledger, &seen)?;
    let data = json!({
        "edits": edits,
        "accepted": ledger.accepted,
        "recorded_files": ledger.baselines.len(),
    });
    if edits.is_empty() {
        let mut out = Outcome::ok(data).line(format!(
            "No edits: the {} recorded positions file{} only grew by appends.",
            ledger.baselines.len(),
            if ledger.baselines.len() == 1 { "" } else { "s" }
        ));
        if !ledger.accepted.is_empty() {
            out.push(format!(
                "{} earlier edit{} accepted by finish --accept-edits.",
                ledger.accepted.len(),
                if ledger.accepted.len() == 1 {
                    " was"
                } else {
                    "s were"
                }
            ));
        }
        return Ok(out);
    }
    let mut out = Outcome::answer(Status::NotNow, "EDITED", data);
    for edit in &edits {
        out.push(edit.describe());
    }
    out.push(format!(
        "{} edit{} of recorded entries: positions are append-only (rule 3). finish refuses until they are accepted with --accept-edits.",
        edits.len(),
        if edits.len() == 1 { "" } else { "s" }
    ));
    Ok(out)
}
