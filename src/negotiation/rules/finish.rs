//! What blocks `finish`: every check of the issues, the coverage audit and the final document,
//! listed at once.

use crate::error::Result;
use crate::negotiation::derived::issue_report::IssueReport;
use crate::negotiation::model::State;
use crate::negotiation::model::documents::AUDIT_FILE;
use crate::negotiation::model::documents::FINAL_FILE;
use crate::negotiation::model::documents::{self, source_files};
use crate::negotiation::model::issues;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::turn::Phase;
use crate::negotiation::rules::agree;
use crate::negotiation::rules::duplicate;
use crate::store::Store;
use std::collections::BTreeMap;

/// What the checks found.
pub struct Checked {
    pub failures: Vec<String>,
    /// ESCALATE issues let through by `--allow-escalated`.
    pub unresolved: Vec<String>,
    /// Issues a person settled: file → the person.
    pub resolved: BTreeMap<String, String>,
    /// Worth saying, not worth refusing: placeholders left in the audit.
    pub warnings: Vec<String>,
}

/// Every reason the negotiation cannot finish, and the issues let through.
pub fn check(
    store: &Store,
    state: &State,
    reports: &[IssueReport],
    events: &[Event],
    allow_escalated: bool,
) -> Result<Checked> {
    let agreers = &agree::agreed_by(events);
    let proposers: Vec<(&str, &str)> = events
        .iter()
        .filter(|e| e.is_duplicate_proposal())
        .filter_map(|e| {
            let file = e.after.as_deref()?.split_once(": ")?.0;
            Some((file, e.agent.as_deref()?))
        })
        .collect();
    let duplicates_closed = duplicate::closed_as_duplicates(events);
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
                let rel = issues::positions_rel(&mut rel_buffer, file);
                // Closed as a duplicate: the proposal and its confirmation are the exchange,
                // as a person's decision is for an escalation.
                let as_duplicate = duplicates_closed.contains(rel);
                if !registered_challenger && !as_duplicate {
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
                // A duplicate's proposer argued it in its proposal (its entry).
                for proposer in &proposers {
                    if proposer.0 == rel
                        && report.participants.iter().any(|a| a.as_str() == proposer.1)
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
                let review = documents::review(&text, &source_files(store)?);
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
