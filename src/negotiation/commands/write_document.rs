//! `analysis DIR AGENT`, `audit DIR AGENT` and `final DIR AGENT`: an agent writes its
//! analysis (`analysis/AGENT.md`), the coverage audit (`coverage-audit.md`) or the final
//! document (`final.md`) whole, for agents that have no file tools. Who may write which, and
//! when, is [`rules::documents`](crate::negotiation::rules::documents)'s to say. The file is
//! replaced atomically, the holder's clock restarts, and the change is logged (an `analysis`,
//! `audit` or `final` event with the file's length and digest), so the others see it in their
//! `changes`. Writing the files by hand keeps working.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::{Desk, note_activity};
use crate::negotiation::model::fnv::fnv_bytes;
use crate::negotiation::model::{ANALYSIS_DIR, Actor, open};
use crate::negotiation::rules::documents::{Document, ensure_may_write};

#[derive(Debug, Clone)]
pub struct WriteArgs {
    pub dir: PathBuf,
    pub agent: Name,
    pub document: Document,
    /// The file's whole text (checked by the caller: not blank, not too long).
    pub text: String,
}

/// The document written: `data` of `analysis|audit|final --json`.
#[derive(Debug, Serialize)]
pub struct Written {
    /// The file, relative to the directory.
    file: String,
    /// It, as DIR/FILE.
    path: PathBuf,
    agent: Name,
    bytes: usize,
    /// Whether there was a file before (now replaced).
    replaced: bool,
    at: String,
}

impl Reply for Written {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "{} {} ({} bytes) for {}",
            if self.replaced { "Replaced" } else { "Wrote" },
            self.path.display(),
            self.bytes,
            self.agent
        ));
    }
}

pub fn run(ctx: &Ctx, args: &WriteArgs) -> Result<Written> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: args.document.command(),
        agent: Some(&args.agent),
    };
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    ensure_may_write(&store, &state, &args.agent, args.document)?;
    let file = args.document.file(&args.agent);
    locked.preflight(&[&file])?;
    let before = store.read(&file)?;
    let mut content = args.text.clone();
    if !content.ends_with('\n') {
        content.push('\n');
    }
    note_activity(&locked, &mut state, &args.agent, ctx)?;
    if args.document == Document::Analysis {
        locked.ensure_dir(ANALYSIS_DIR)?;
    }
    locked.replace(&file, &content)?;
    let at = ctx.clock.stamp();
    actor
        .event(ctx, args.document.event())
        .change(None, Some(file.clone()))
        .with_detail(json!({
            "bytes": content.len(),
            "digest": fnv_bytes(content.as_bytes()),
            "replaced": before.is_some(),
        }))
        .append(&locked)?;
    Ok(Written {
        path: args.dir.join(&file),
        file,
        agent: args.agent.clone(),
        bytes: content.len(),
        replaced: before.is_some(),
        at,
    })
}
