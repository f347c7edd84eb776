//! `finish DIR`: checks that the negotiation is really over, then marks it done. Every failed
//! check is listed at once (exit 1), so one run tells what remains.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::derived::digests::Edit;
use crate::negotiation::derived::record;
use crate::negotiation::model::documents::FINAL_FILE;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::turn::{TURN_FILE, Turn};
use crate::negotiation::model::{Actor, open};
use crate::negotiation::overview::Overview;
use crate::negotiation::rules::finish::{Checked, check};
use crate::negotiation::rules::sign_off;

#[derive(Debug, Clone)]
pub struct FinishArgs {
    pub dir: PathBuf,
    /// A human may finish with ESCALATE issues; they are listed as unresolved.
    pub allow_escalated: bool,
    /// Acknowledge edits of recorded positions (they are listed, and logged as accepted).
    pub accept_edits: bool,
    /// Only report readiness, exactly as `finish` would decide it; change nothing.
    pub check: bool,
    /// The agent running `finish`: recorded in the log, and excused from the sign-off.
    pub agent: Option<Name>,
}

/// What `finish` decided: `data` of `finish --json`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Finish {
    /// Not over yet (exit 1): every reason at once.
    NotReady {
        failures: Vec<String>,
        unresolved: Vec<String>,
        /// Edits of recorded positions, whether `--accept-edits` was given or not.
        edits: Vec<Edit>,
        #[serde(skip)]
        accept_edits: bool,
        #[serde(skip)]
        warnings: Vec<String>,
    },
    /// Over: finished, or with `--check` ready to be.
    Over(Over),
}

/// What `finish` says of the issues and edits, whether it finished or only checked.
#[derive(Debug, Serialize)]
pub struct Over {
    issues: usize,
    /// ESCALATE issues let through by `--allow-escalated`.
    unresolved: Vec<String>,
    /// Issues a person settled: file → the person.
    resolved: BTreeMap<String, String>,
    accepted_edits: Vec<Edit>,
    /// `--check`: `finish` with the same options would complete it; nothing was changed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    ready: bool,
    /// The final document, once finished.
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    final_document: Option<PathBuf>,
    #[serde(skip)]
    warnings: Vec<String>,
}

impl Reply for Finish {
    fn status(&self) -> Status {
        match self {
            Finish::NotReady { .. } => Status::NotNow,
            Finish::Over(_) => Status::Ok,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self {
            Finish::NotReady { .. } => Some("NOT_READY"),
            Finish::Over(_) => None,
        }
    }

    fn warnings(&self) -> Vec<String> {
        match self {
            Finish::NotReady { warnings, .. } | Finish::Over(Over { warnings, .. }) => {
                warnings.clone()
            }
        }
    }

    fn human(&self, out: &mut Human) {
        match self {
            Finish::NotReady {
                failures,
                edits,
                accept_edits,
                ..
            } => {
                for failure in failures {
                    out.line(failure.as_str());
                }
                out.line(format!(
                    "Cannot finish yet: {} problem{} listed above.",
                    failures.len(),
                    if failures.len() == 1 { "" } else { "s" }
                ));
                if !edits.is_empty() && !accept_edits {
                    out.line(
                        "Positions are append-only: finish --accept-edits acknowledges the edits listed above.",
                    );
                }
            }
            Finish::Over(over) => {
                for edit in &over.accepted_edits {
                    out.line(format!("ACCEPTED {}", edit.describe()));
                }
                for (file, by) in &over.resolved {
                    out.line(format!("RESOLVED by {by}: {file}"));
                }
                for file in &over.unresolved {
                    out.line(format!("UNRESOLVED (escalated): {file}"));
                }
                out.line(match &over.final_document {
                    Some(path) => format!(
                        "Negotiation complete. Final document: {}",
                        path.display()
                    ),
                    None => "Ready to finish: `finish` with the same options would complete the negotiation (nothing was changed).".to_owned(),
                });
            }
        }
    }
}

pub fn run(ctx: &Ctx, args: &FinishArgs) -> Result<Finish> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "finish",
        agent: args.agent.as_ref(),
    };
    let Desk { locked, state } = Desk::open_or_check(&store, actor, args.check)?;
    state.ensure_not_finished(&store)?;
    if let Some(agent) = &args.agent {
        state.ensure_registered(agent)?;
    }

    let Overview {
        reports,
        events,
        edits,
        ..
    } = Overview::read_locked(&locked, &state)?;
    let Checked {
        mut failures,
        unresolved,
        resolved,
        warnings,
    } = check(&store, &state, &reports, &events, args.allow_escalated)?;
    if !args.accept_edits {
        failures.extend(edits.iter().map(|edit| edit.describe()));
    }
    failures.extend(sign_off::missing(
        &store,
        &state,
        &events,
        args.agent.as_ref(),
    )?);
    if !failures.is_empty() {
        return Ok(Finish::NotReady {
            failures,
            unresolved,
            edits,
            accept_edits: args.accept_edits,
            warnings,
        });
    }
    let mut over = Over {
        issues: reports.len(),
        unresolved,
        resolved,
        accepted_edits: edits,
        ready: args.check,
        final_document: None,
        warnings,
    };
    if args.check {
        return Ok(Finish::Over(over));
    }

    // The final record: any later change, status lines included, is an edit.
    record::record(&locked, &state, ctx, actor)?;
    let edits = &over.accepted_edits;
    if !edits.is_empty() {
        actor
            .event(ctx, EventKind::AcceptEdits)
            .change(None, Some(format!("{} edits", edits.len())))
            .with_detail(json!(edits))
            .append(&locked)?;
    }
    // `finish --agent NAME` is NAME's sign-off of what it finishes.
    if let Some(agent) = args.agent.as_ref().filter(|_| state.meta.sign_off) {
        let (final_digest, audit_digest) = sign_off::document_digests(&store)?;
        Actor::by("finish", agent)
            .event(ctx, EventKind::SignOff)
            .change(
                None,
                Some(format!(
                    "{FINAL_FILE} {}",
                    final_digest.as_deref().unwrap_or("")
                )),
            )
            .with_detail(json!({"final": final_digest, "audit": audit_digest}))
            .append(&locked)?;
    }
    locked.replace(TURN_FILE, "done\n")?;
    let count = |status: IssueStatus| reports.iter().filter(|r| r.status == Some(status)).count();
    actor
        .event(ctx, EventKind::Finish)
        .change(Some(state.turn.to_string()), Some(Turn::Done.to_string()))
        .with_detail(json!({
            "issues": reports.len(),
            "agreed": count(IssueStatus::Agreed),
            "escalated": count(IssueStatus::Escalate),
        }))
        .append(&locked)?;
    over.final_document = Some(args.dir.join(FINAL_FILE));
    Ok(Finish::Over(over))
}
