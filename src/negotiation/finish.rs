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
use crate::store::Store;

use super::audit_template::{self, source_files};
use super::digest::{self, Edit};
use super::issues;
use super::log::{Event, EventKind};
use super::positions::IssueStatus;
use super::status::{IssueReport, Overview};
use super::turn::{Phase, TURN_FILE, Turn};
use super::{Actor, State, agree, duplicate, lock, open, sign_off};

pub const FINAL_FILE: &str = "final.md";
pub const AUDIT_FILE: &str = "coverage-audit.md";

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
    // --check changes nothing, not even the lock file's label: a shared lock, as `status`.
    let locked = if args.check {
        store.lock(crate::store::LockMode::Shared, &actor.label())?
    } else {
        lock(&store, actor)?
    };
    let state = State::load(&store)?;
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
    digest::record(&locked, &state, ctx, actor)?;
    let edits = &over.accepted_edits;
    if !edits.is_empty() {
        actor
            .event(ctx, EventKind::AcceptEdits)
            .change(None, Some(format!("{} edits", edits.len())))
            .with_detail(json!(edits))
            .append(&locked)?;
    }
    locked.replace(TURN_FILE, "done\n")?;
    actor
        .event(ctx, EventKind::Finish)
        .change(Some(state.turn.to_string()), Some(Turn::Done.to_string()))
        .append(&locked)?;
    over.final_document = Some(args.dir.join(FINAL_FILE));
    Ok(Finish::Over(over))
}

/// What the checks found.
pub(crate) struct Checked {
    pub(crate) failures: Vec<String>,
    /// ESCALATE issues let through by `--allow-escalated`.
    unresolved: Vec<String>,
    /// Issues a person settled: file → the person.
    resolved: BTreeMap<String, String>,
    /// Worth saying, not worth refusing: placeholders left in the audit.
    warnings: Vec<String>,
}

/// Every reason the negotiation cannot finish, and the issues let through.
pub(crate) fn check(
    store: &Store,
    state: &State,
    reports: &[IssueReport],
    events: &[Event],
    allow_escalated: bool,
) -> Result<Checked> {
    let agreers = &agree::agreed_by(events);
    let proposers: Vec<(&str, &str)> = events
        .iter()
        .filter(|e| duplicate::is_proposal(e))
        .filter_map(|e| {
            let file = e.after.as_deref()?.split_once(": ")?.0;
            Some((file, e.agent.as_deref()?))
        })
        .collect();
    let mut failures = Vec::new();
    let mut unresolved = Vec::new();
    let mut resolved = BTreeMap::new();
    let mut warnings = Vec::new();
    let mut rel_buffer = String::new();
    // The agents who argued each issue, in one vector for all (500 issues, no allocation each).
    let mut debaters: Vec<&str> = Vec::new();
    if state.phase == Phase::Analysis {
        failures.push("WRONG PHASE: still in the analysis phase".to_owned());
    }
    if reports.is_empty() && state.phase == Phase::Positions {
        failures.push("NO ISSUES: issues/ holds no issue; nothing was negotiated".to_owned());
    }
    for report in reports {
        let file = &report.file.file;
        match report.status {
            None => failures.push(format!("NO POSITIONS: {file}")),
            Some(IssueStatus::Escalate) if allow_escalated => unresolved.push(file.clone()),
            Some(IssueStatus::Agreed) => {
                if let Some(by) = &report.resolved_by {
                    // A person's decision: the checks of an agents' agreement do not apply.
                    resolved.insert(file.clone(), by.clone());
                    continue;
                }
                let registered_challenger = report
                    .challenge_authors
                    .iter()
                    .any(|a| state.agents.contains(a));
                if !registered_challenger {
                    failures.push(format!(
                        "MISSING CHALLENGE: {file} — no \"## NAME's challenge (round N)\" entry by a registered agent"
                    ));
                }
                // The agents who argued, and the one who agreed with `agree` (its decision
                // is its part in the issue).
                debaters.clear();
                debaters.extend(
                    (report.position_authors.iter())
                        .filter(|a| state.agents.contains(a))
                        .map(|a| a.as_str()),
                );
                // A duplicate's proposer argued it in its proposal (a challenge entry).
                let rel = issues::positions_rel(&mut rel_buffer, file);
                for proposer in &proposers {
                    if proposer.0 == rel
                        && report
                            .challenge_authors
                            .iter()
                            .any(|a| a.as_str() == proposer.1)
                        && !debaters.contains(&proposer.1)
                    {
                        debaters.push(proposer.1);
                    }
                }
                let agreer = agreers.get(rel);
                if let Some(agreer) = agreer
                    && !debaters.contains(&agreer.as_str())
                    && state.agents.list.iter().any(|a| a.name.as_str() == agreer)
                {
                    debaters.push(agreer);
                }
                let count = debaters.len();
                if count < 2 {
                    failures.push(format!(
                        "TOO FEW AGENTS: {file} — positions from {count} registered agent{}; an agreement needs two",
                        if count == 1 { "" } else { "s" }
                    ));
                }
            }
            Some(status) => failures.push(format!("NOT AGREED: {file} ({})", status.word())),
        }
    }
    for name in [AUDIT_FILE, FINAL_FILE] {
        match store.read(name)? {
            None => failures.push(format!("MISSING: {name}")),
            Some(text) if text.trim().is_empty() => failures.push(format!("EMPTY: {name}")),
            Some(text) if name == AUDIT_FILE => {
                let review = audit_template::review(&text, &source_files(store)?);
                failures.extend(review.missing);
                warnings.extend(review.placeholders);
            }
            Some(_) => {}
        }
    }
    Ok(Checked {
        failures,
        unresolved,
        resolved,
        warnings,
    })
}
