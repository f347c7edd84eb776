//! What one agent can act on now (`status DIR --agent NAME`), small enough for an agent's
//! context: whether it holds the turn and how long it has left, the OPEN issues it has not written on
//! since its last hand-off, those it may agree, the duplicate proposals it may confirm, the
//! sign-off it owes and what still blocks `finish`. Every answer comes from the rule that
//! enforces it (`agree --check`, `hand-off`'s warning, `finish`, `sign-off`), so the short
//! view never says other than the command would.
//!
//! Also the analysis phase's progress (each agent's drafts, who has ended its analysis),
//! which plain `status` shows too.

use serde::Serialize;

use crate::error::Result;
use crate::names::Name;
use crate::store::Store;

use crate::negotiation::derived::digests::{Digests, Edit};
use crate::negotiation::derived::issue_cache::OpenPositions;
use crate::negotiation::derived::issue_report::IssueReport;
use crate::negotiation::model::issues;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::turn::{Phase, Turn};
use crate::negotiation::model::{State, done_marker};
use crate::negotiation::rules::{agree, duplicate, finish, reopen, sign_off, untouched};

/// The longest title shown in the agent's view, in characters (longer ones are cut, `...`).
pub const TITLE_CHARS: usize = 40;
/// How many of `finish`'s failure lines the agent's view shows (the count says the rest).
pub const BLOCKERS_SHOWN: usize = 3;

/// An issue named in the agent's view: its file and its title, cut to [`TITLE_CHARS`].
#[derive(Debug, Clone, Serialize)]
pub struct IssueLine {
    pub file: String,
    pub title: String,
}

/// A duplicate proposal the agent may confirm (`agree DIR AGENT ISSUE` with no decision).
#[derive(Debug, Clone, Serialize)]
pub struct Confirmable {
    pub file: String,
    pub of: String,
    pub by: Name,
}

/// One agent's progress in the analysis phase.
#[derive(Debug, Clone, Serialize)]
pub struct AnalysisProgress {
    pub agent: Name,
    /// Its draft issues filed so far (`issues-draft/AGENT/`).
    pub drafts: usize,
    /// Whether its analysis is over (ended, or forfeited on a timeout).
    pub ended: bool,
}

/// What `status --agent` answers: see the module's documentation.
#[derive(Debug, Clone, Serialize)]
pub struct ForAgent {
    pub agent: Name,
    pub phase: Phase,
    /// `turn.md`: the holder's name, `registration` or `done`.
    pub turn: String,
    pub your_turn: bool,
    /// While it holds the turn: the seconds left before another agent's `poll` or `wait` may
    /// skip it (any change it makes, or its `poll`, restarts the clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secs_left: Option<u64>,
    /// OPEN issues it has written no entry on since its last hand-off (rule 6: each gets a
    /// position, a challenge, an agreement or an escalation on its turn).
    pub to_answer: Vec<IssueLine>,
    /// Issues `agree --decision` would accept from it (now when it holds the turn, else on
    /// its next turn).
    pub may_agree: Vec<String>,
    /// Another agent's duplicate proposals it may confirm (same timing).
    pub may_confirm: Vec<Confirmable>,
    /// Whether `finish` waits for its sign-off.
    pub owes_sign_off: bool,
    /// The first of `finish`'s failure lines, and how many there are.
    pub finish_blockers: Vec<String>,
    pub finish_blockers_total: usize,
    /// In the analysis phase: each agent's drafts and whether it has ended its analysis.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Vec<AnalysisProgress>>,
}

/// What the agent's view is computed from: an overview read for `status`, and the state.
pub struct Seen<'a> {
    pub store: &'a Store,
    pub state: &'a State,
    pub reports: &'a [IssueReport],
    pub events: &'a [Event],
    pub ledger: Option<&'a Digests>,
    /// What each OPEN issue's positions file parses to.
    pub open: &'a OpenPositions,
    pub edits: &'a [Edit],
    /// Unix seconds now.
    pub now: i64,
}

/// The agent's view of `seen`. The agent must be registered.
pub fn for_agent(seen: &Seen, agent: &Name) -> Result<ForAgent> {
    let Seen {
        store,
        state,
        reports,
        events,
        ledger,
        open,
        ..
    } = *seen;
    state.ensure_registered(agent)?;
    let your_turn = state.turn.holder() == Some(agent);
    let positions_phase = state.phase == Phase::Positions && state.turn != Turn::Done;
    let mut to_answer = Vec::new();
    let mut may_agree = Vec::new();
    let mut may_confirm = Vec::new();
    if positions_phase {
        let untouched = untouched::open_issues(store, agent)?;
        for report in reports {
            if untouched.contains(&report.file.file) {
                to_answer.push(IssueLine {
                    file: report.file.file.clone(),
                    title: cut(&report.title),
                });
            }
            if report.status != Some(IssueStatus::Open) {
                continue;
            }
            let rel = issues::positions_file(&report.file.file);
            let Some(parsed) = open.get(&rel) else {
                continue;
            };
            let positions = reopen::challenges_from(events, &rel, parsed);
            let proposals = duplicate::proposals(events, &rel, &positions);
            let recorded = ledger.and_then(|l| l.at_turn_start(&rel));
            let may = agree::may_agree(&positions, &proposals, state, agent, recorded, &rel);
            if may.with_decision {
                may_agree.push(report.file.file.clone());
            }
            if let Some(of) = may.duplicate_of {
                let by = (proposals.iter().rev())
                    .find(|p| &p.agent != agent && p.of == of)
                    .map(|p| p.agent.clone());
                if let Some(by) = by {
                    may_confirm.push(Confirmable {
                        file: report.file.file.clone(),
                        of,
                        by,
                    });
                }
            }
        }
    }
    let blockers = if state.turn == Turn::Done {
        Vec::new()
    } else {
        finish_blockers(seen)?
    };
    // The sign-offs `finish` waits for, less those it waits for when the agent runs it
    // itself: the agent's own, whatever the rule's words for it.
    let owes_sign_off = state.turn != Turn::Done
        && sign_off::missing(store, state, events, None)?.len()
            > sign_off::missing(store, state, events, Some(agent))?.len();
    let now = seen.now;
    Ok(ForAgent {
        agent: agent.clone(),
        phase: state.phase,
        turn: state.turn.word().to_owned(),
        your_turn,
        secs_left: your_turn.then(|| state.turn_seconds_left(now)).flatten(),
        to_answer,
        may_agree,
        may_confirm,
        owes_sign_off,
        finish_blockers_total: blockers.len(),
        finish_blockers: blockers.into_iter().take(BLOCKERS_SHOWN).collect(),
        analysis: analysis_progress(store, state)?,
    })
}

/// What `finish` (with no option) would refuse for, as its failure lines.
pub fn finish_blockers(seen: &Seen) -> Result<Vec<String>> {
    let Seen {
        store,
        state,
        reports,
        events,
        edits,
        ..
    } = *seen;
    let mut failures = finish::check(store, state, reports, events, false)?.failures;
    failures.extend(edits.iter().map(|edit| edit.describe()));
    failures.extend(sign_off::missing(store, state, events, None)?);
    Ok(failures)
}

/// In the analysis phase (once registration is over), each agent's drafts and whether its
/// analysis is over; `None` in any other phase.
pub fn analysis_progress(store: &Store, state: &State) -> Result<Option<Vec<AnalysisProgress>>> {
    if state.phase != Phase::Analysis || state.turn == Turn::Registration {
        return Ok(None);
    }
    let mut progress = Vec::with_capacity(state.agents.list.len());
    for agent in &state.agents.list {
        progress.push(AnalysisProgress {
            agent: agent.name.clone(),
            drafts: issues::unsorted_list(store, &issues::drafts_dir(&agent.name))?.len(),
            ended: store.exists(&done_marker(&agent.name))?,
        });
    }
    Ok(Some(progress))
}

/// `title`, cut to [`TITLE_CHARS`] characters with `...` when longer.
fn cut(title: &str) -> String {
    if title.chars().count() <= TITLE_CHARS {
        return title.to_owned();
    }
    let mut short: String = title.chars().take(TITLE_CHARS - 3).collect();
    short.truncate(short.trim_end().len());
    short.push_str("...");
    short
}

#[cfg(test)]
mod tests {
    use super::{TITLE_CHARS, cut};

    #[test]
    fn a_long_title_is_cut_to_the_limit_and_a_short_one_kept() {
        assert_eq!(cut("Short"), "Short");
        let long = "é".repeat(100);
        let short = cut(&long);
        assert_eq!(short.chars().count(), TITLE_CHARS);
        assert!(short.ends_with("..."));
    }
}
