//! `sign-off DIR AGENT`: an agent approves `final.md`, `coverage-audit.md` and every decision
//! as they are now. `parley init` asks for sign-offs unless `--no-sign-off` (`- **sign_off:**
//! required` in meta.md): `finish` then needs one from every registered agent, except the one
//! running `finish --agent NAME` (which signs off by finishing) and any agent skipped for its
//! turn timeout since the last change ([`rules::sign_off`](crate::negotiation::rules::sign_off)
//! says what voids one).
//!
//! A sign-off is a `sign-off` event in the log holding the digests (FNV-1a, as for positions)
//! of the two files it approved. It needs no turn: any registered agent, at any time once
//! `final.md` exists and before the negotiation is finished.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::model::documents::{AUDIT_FILE, FINAL_FILE};
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::sign_off;

#[derive(Debug, Clone)]
pub struct SignOffArgs {
    pub dir: PathBuf,
    pub agent: Name,
}

/// The sign-off recorded: `data` of `sign-off --json`.
#[derive(Debug, Serialize)]
pub struct SignOff {
    agent: Name,
    /// The digest of `final.md` as approved.
    #[serde(rename = "final")]
    final_digest: String,
    /// The digest of `coverage-audit.md` as approved (`None`: there is none).
    #[serde(rename = "audit")]
    audit_digest: Option<String>,
    /// Whether `finish` needs sign-offs (meta.md `sign_off: required`).
    required: bool,
}

impl Reply for SignOff {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "Signed off by {}: {FINAL_FILE}, {AUDIT_FILE} and every decision as they are now (a later change of any voids it).",
            self.agent
        ));
    }
}

pub fn run(ctx: &Ctx, args: &SignOffArgs) -> Result<SignOff> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("sign-off", &args.agent);
    let Desk { locked, state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    state.ensure_registered(&args.agent)?;
    let (final_digest, audit_digest) = sign_off::document_digests(&store)?;
    let Some(final_digest) = final_digest else {
        return Err(Error::forbidden(
            "NO_FINAL",
            format!(
                "{} cannot sign off: there is no {FINAL_FILE} yet",
                args.agent
            ),
        )
        .with_hint("sign off once the final document is written"));
    };
    actor
        .event(ctx, EventKind::SignOff)
        .change(None, Some(format!("{FINAL_FILE} {final_digest}")))
        .with_detail(json!({"final": final_digest, "audit": audit_digest}))
        .append(&locked)?;
    Ok(SignOff {
        agent: args.agent.clone(),
        final_digest,
        audit_digest,
        required: state.meta.sign_off,
    })
}
