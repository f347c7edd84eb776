//! `status DIR`: the whole state, for humans (one line per issue) and agents (`--json`).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::{Human, Outcome, Reply};
use crate::store::LockMode;

use crate::negotiation::derived::digests::{Digests, Edit};
use crate::negotiation::derived::issue_cache::OpenPositions;
use crate::negotiation::derived::issue_report::{IssueReport, written_titles};
use crate::negotiation::derived::terms::{IssueTerms, TermIndex};
use crate::negotiation::model::agents::Agents;
use crate::negotiation::model::issues;
use crate::negotiation::model::log::{Event, EventKind};
use crate::negotiation::model::meta::Meta;
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::turn::{Phase, Turn, TurnStarted};
use crate::negotiation::model::{Actor, State, open};
use crate::negotiation::overview::Overview;
use crate::negotiation::overview::Summary;
use crate::negotiation::overview::agent;
use crate::negotiation::overview::edit_lines;
use crate::negotiation::overview::summarize;
use crate::negotiation::rules::duplicate;
use crate::negotiation::rules::duplicate::LikelyDuplicate;
use crate::negotiation::rules::sign_off::SignOffs;
use crate::store::Store;
use rustc_hash::FxHashMap;

#[derive(Debug, Clone)]
pub struct StatusArgs {
    pub dir: PathBuf,
    /// `--agent NAME`: only what that agent can act on now ([`agent::for_agent`]).
    pub agent: Option<Name>,
}

/// What `status` answers: the whole state, or with `--agent` one agent's short view.
#[derive(Debug)]
pub enum Answer {
    Whole(Box<StatusReply>),
    ForAgent(agent::ForAgent),
}

impl From<Answer> for Outcome {
    fn from(answer: Answer) -> Outcome {
        match answer {
            Answer::Whole(reply) => Outcome::from(*reply),
            Answer::ForAgent(reply) => Outcome::from(reply),
        }
    }
}

/// The whole state: `data` of `status --json`, and the view people read.
#[derive(Debug, Serialize)]
pub struct StatusReply {
    /// `turn.md`: the holder's name, `registration` or `done`.
    turn: String,
    phase: Phase,
    turn_started: Option<TurnStarted>,
    /// The Unix second the holder's skip timer counts from (the later of `.turn-started` and
    /// the holder learning of its turn; `watch --json` says the same).
    holder_active_since: Option<i64>,
    meta: Meta,
    agents: Agents,
    issues: Vec<IssueReport>,
    summary: Summary,
    edits: Vec<Edit>,
    /// The detail of each OPEN issue with positions, in the issues' order.
    open_issues: Vec<OpenDetail>,
    /// Likely duplicates among the issues still to settle.
    duplicates: Vec<LikelyDuplicate>,
    /// What `finish` would refuse for now (none once it is done).
    finish_blockers: Vec<String>,
    /// `positions/NN-TOPIC.md` → the agent whose `agree` made it AGREED.
    agreed_by: BTreeMap<String, String>,
    /// The same, keyed by the issue's file name, `NN-TOPIC.md`, as the other fields name it.
    agreed_by_file: BTreeMap<String, String>,
    /// Where the sign-offs stand: given, voided (by what), owed, not waited for.
    sign_offs: SignOffs,
    /// In the analysis phase: each agent's drafts and whether it has ended its analysis
    /// (`null` in any other phase).
    analysis: Option<Vec<agent::AnalysisProgress>>,
    /// Whether `finish` has marked the negotiation done.
    #[serde(skip)]
    finished: bool,
}

impl Reply for StatusReply {
    /// What the positions files' parser noticed, each named by its file.
    fn warnings(&self) -> Vec<String> {
        self.issues
            .iter()
            .flat_map(|report| report.warnings.iter().cloned())
            .collect()
    }

    fn human(&self, out: &mut Human) {
        out.line("=== Negotiation Status ===");
        out.line(format!("Current turn: {}", self.turn));
        out.line(format!("Phase: {}", self.phase));
        out.line(format!(
            "Agents ({}/{}):",
            self.agents.len(),
            self.meta.expected_agents
        ));
        for agent in &self.agents.list {
            out.line(format!("  - {}", agent.name));
        }
        out.line("");
        out.line("Issues:");
        // The details are in the reports' order, one for each OPEN issue with positions.
        let mut details = self.open_issues.iter().peekable();
        // One line per issue, written by parts into the text, not formatted (500 issues).
        let mut rel = String::new();
        for report in &self.issues {
            let settled = report.settled_by().unwrap_or_default();
            let gap = if settled.is_empty() { "" } else { " " };
            out.line_of(&[
                "  ",
                icon(report),
                " ",
                &report.file.file,
                " — ",
                &report.title,
                " [",
                report.status_word(),
                "]",
                gap,
                &settled,
            ]);
            // An issue without positions is listed in `open_issues` but has no detail to
            // show (its `[NO POSITIONS]` line is the old scripts').
            if let Some(detail) = details.next_if(|d| d.file == report.file.file)
                && report.status.is_some()
            {
                out.line(format!("      {}", detail.describe()));
            }
            if report.status == Some(IssueStatus::Agreed)
                && report.resolved_by.is_none()
                && let Some(agent) = self
                    .agreed_by
                    .get(issues::positions_rel(&mut rel, &report.file.file))
            {
                out.line(format!("      agreed by {agent}"));
            }
        }
        let summary = &self.summary;
        out.line("");
        out.line(format!(
            "Summary: {} issues — {} agreed, {} open, {} escalated",
            summary.total, summary.agreed, summary.open, summary.escalated
        ));
        if summary.total > 0 && summary.agreed == summary.total {
            if self.finished {
                out.line("🎉 All issues resolved. The negotiation is finished.");
            } else {
                out.line("🎉 All issues resolved! Ready for final document.");
            }
        }
        if !self.duplicates.is_empty() {
            out.line("");
            for duplicate in &self.duplicates {
                out.line(duplicate.describe());
            }
        }
        if let Some(line) = self.sign_offs.line() {
            out.line("");
            out.line(line);
            for voided in &self.sign_offs.voided {
                out.line(format!("  {}", voided.describe()));
            }
        }
        // The edits stay the last block, as before: tools read them to the end of the output.
        if !self.finish_blockers.is_empty() && self.phase == Phase::Positions {
            out.line("");
            out.line(format!(
                "What still blocks finish ({}):",
                self.finish_blockers.len()
            ));
            for blocker in &self.finish_blockers {
                out.line(format!("  {blocker}"));
            }
        }
        if !self.edits.is_empty() {
            out.line("");
            for line in edit_lines(&self.edits) {
                out.line(line);
            }
        }
    }
}

/// `status --agent`: a few short lines, each saying what the agent can do.
impl Reply for agent::ForAgent {
    fn human(&self, out: &mut Human) {
        let turn = if self.your_turn {
            match self.secs_left {
                Some(left) => format!("your turn ({left}s left before a skip)"),
                None => "your turn".to_owned(),
            }
        } else {
            format!("turn: {}", self.turn)
        };
        out.line(format!("{}: {turn}; phase {}", self.agent, self.phase));
        if let Some(analysis) = &self.analysis {
            let each: Vec<String> = analysis
                .iter()
                .map(|a| {
                    let ended = if a.ended { ", ended" } else { "" };
                    format!("{} {} draft(s){ended}", a.agent, a.drafts)
                })
                .collect();
            out.line(format!("Analysis: {}", each.join("; ")));
        }
        if !self.to_answer.is_empty() {
            out.line(format!(
                "To answer ({}, no entry of yours since your last hand-off):",
                self.to_answer.len()
            ));
            for issue in &self.to_answer {
                out.line(format!("  {} — {}", issue.file, issue.title));
            }
        }
        if !self.may_agree.is_empty() {
            out.line(format!("May agree: {}", self.may_agree.join(", ")));
        }
        for d in &self.may_confirm {
            out.line(format!(
                "May confirm: {} duplicate of {} (proposed by {})",
                d.file, d.of, d.by
            ));
        }
        if self.owes_sign_off {
            out.line(format!("Sign-off owed: parley sign-off DIR {}", self.agent));
        }
        if self.finish_blockers_total > 0 {
            out.line(format!("Finish blocked ({}):", self.finish_blockers_total));
            for blocker in &self.finish_blockers {
                out.line(format!("  {blocker}"));
            }
            let more = self.finish_blockers_total - self.finish_blockers.len();
            if more > 0 {
                out.line(format!("  ... {more} more (`parley status DIR`)"));
            }
        }
    }
}

pub fn run(ctx: &Ctx, args: &StatusArgs) -> Result<Answer> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "status",
        agent: None,
    };
    let shared = store.lock(LockMode::Shared, &actor.label())?;
    let state = State::load(&store)?;
    let Overview {
        reports,
        edits,
        events,
        ledger,
        titled,
        open,
        ..
    } = Overview::read_for_status(&shared, &state)?;
    let seen = agent::Seen {
        store: &store,
        state: &state,
        reports: &reports,
        events: &events,
        ledger: ledger.as_ref(),
        open: &open,
        edits: &edits,
        now: ctx.clock.unix_seconds(),
    };
    if let Some(name) = &args.agent {
        return Ok(Answer::ForAgent(agent::for_agent(&seen, name)?));
    }
    // The likely duplicates (the terms of every title, compared pairwise) need nothing the
    // rest computes: on a second thread while this one details the open issues, when there
    // are enough issues for a thread to pay.
    // Only the pairs still to settle: an issue agreed or escalated is past that question.
    let unsettled: HashSet<&str> = reports
        .iter()
        .filter(|r| matches!(r.status, None | Some(IssueStatus::Open)))
        .map(|r| r.file.file.as_str())
        .collect();
    let duplicates = || likely_unsettled(&store, &reports, &titled, &unsettled);
    let rest = || whole_view_parts(&seen, &events, ledger.as_ref(), &open);
    let (duplicates, rest) = if !unsettled.is_empty() && reports.len() >= DUPLICATES_ON_A_THREAD {
        crate::elsewhere::alongside(duplicates, rest)
    } else {
        (duplicates(), rest())
    };
    let Parts {
        summary,
        details,
        agreers,
        sign_offs,
        blockers,
    } = rest?;
    let analysis = agent::analysis_progress(&store, &state)?;
    Ok(Answer::Whole(Box::new(StatusReply {
        analysis,
        turn: state.turn.word().to_owned(),
        finished: state.turn == Turn::Done,
        phase: state.phase,
        holder_active_since: state.holder_since(),
        turn_started: state.started,
        meta: state.meta,
        agents: state.agents,
        issues: reports,
        summary,
        edits,
        open_issues: details,
        duplicates,
        finish_blockers: blockers,
        agreed_by_file: agreers
            .iter()
            .map(|(rel, agent)| {
                let file = crate::negotiation::model::issues::positions_name(rel).unwrap_or(rel);
                (file.to_owned(), agent.clone())
            })
            .collect(),
        agreed_by: agreers,
        sign_offs,
    })))
}

/// From this many issues on, `status` looks for likely duplicates on a second thread (a
/// thread costs about what comparing a few dozen titles does).
const DUPLICATES_ON_A_THREAD: usize = 64;

/// What the whole view computes from the overview, besides the likely duplicates.
struct Parts {
    summary: Summary,
    details: Vec<OpenDetail>,
    agreers: BTreeMap<String, String>,
    sign_offs: SignOffs,
    blockers: Vec<String>,
}

fn whole_view_parts(
    seen: &agent::Seen,
    events: &[Event],
    ledger: Option<&Digests>,
    open: &OpenPositions,
) -> Result<Parts> {
    let state = seen.state;
    Ok(Parts {
        summary: summarize(seen.reports),
        details: open_details(state, seen.reports, events, ledger, open),
        agreers: crate::negotiation::rules::agree::agreed_by(events),
        sign_offs: crate::negotiation::rules::sign_off::review(seen.store, state, events, None)?,
        blockers: if state.turn == Turn::Done {
            Vec::new()
        } else {
            agent::finish_blockers(seen)?
        },
    })
}

/// The likely duplicates among the issues `unsettled` (none, and no term read, when every
/// issue is settled).
fn likely_unsettled(
    store: &Store,
    reports: &[IssueReport],
    titled: &[bool],
    unsettled: &HashSet<&str>,
) -> Vec<LikelyDuplicate> {
    if unsettled.is_empty() {
        return Vec::new();
    }
    duplicate::likely_among(&terms_for_status(store, reports, titled))
        .into_iter()
        .filter(|d| unsettled.contains(d.file.as_str()))
        .collect()
}

/// The terms of every issue, for the likely duplicates: those the index keeps (the merge's and
/// `new-issue`'s), and for an issue it does not hold, its title and topic (`status` reads no
/// issue file for this).
fn terms_for_status(store: &Store, reports: &[IssueReport], titled: &[bool]) -> Vec<IssueTerms> {
    let mut kept: FxHashMap<String, IssueTerms> = TermIndex::load(store)
        .map(|index| {
            (index.issues.into_iter())
                .map(|terms| (terms.file.clone(), terms))
                .collect()
        })
        .unwrap_or_default();
    (reports.iter().zip(written_titles(reports, titled)))
        .map(|(report, title)| {
            (kept.remove(report.file.file.as_str()))
                .unwrap_or_else(|| IssueTerms::of_title(&report.file, title))
        })
        .collect()
}

/// What `status` says of an OPEN issue beyond its line: its rounds, who challenged it and
/// when, and which agents the rules would let agree it on their turn.
#[derive(Debug, Clone, serde::Serialize)]
pub struct OpenDetail {
    pub file: String,
    pub rounds: u64,
    pub challenges: Vec<Challenge>,
    /// The agents whose `agree` the rules would accept on their turn (the holder: now).
    pub may_agree: Vec<Name>,
    /// The duplicate proposal standing on the issue, if any (the last one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicate_proposal: Option<PendingDuplicate>,
}

/// A duplicate proposal waiting for another agent's `agree` (`agree DIR AGENT --duplicates`
/// confirms all those an agent may confirm).
#[derive(Debug, Clone, serde::Serialize)]
pub struct PendingDuplicate {
    /// The issue it would be closed onto.
    pub of: String,
    pub proposed_by: Name,
    /// The registered agents other than the proposer: any of them confirms it on its turn.
    pub may_confirm: Vec<Name>,
}

impl PendingDuplicate {
    /// `duplicate of NN proposed by X; Y may confirm`.
    pub fn describe(&self) -> String {
        let who: Vec<&str> = self.may_confirm.iter().map(Name::as_str).collect();
        format!(
            "duplicate of {} proposed by {}; {} may confirm",
            self.of,
            self.proposed_by,
            if who.is_empty() {
                "nobody".to_owned()
            } else {
                who.join(", ")
            }
        )
    }
}

/// A challenge entry (a duplicate proposal or a reopen included) and when it was first
/// recorded (a command's entry at once, a hand-written one at the next hand-over).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Challenge {
    pub agent: Name,
    pub round: u64,
    pub at: Option<String>,
}

impl OpenDetail {
    /// `[duplicate ...; ]round N; challenged by ...; may agree on their turn: ...`, written
    /// into one string (one line per OPEN issue of `status`).
    pub fn describe(&self) -> String {
        use std::fmt::Write;
        let mut line = String::with_capacity(96);
        if let Some(proposal) = &self.duplicate_proposal {
            let _ = write!(line, "{}; ", proposal.describe());
        }
        let _ = write!(line, "round {}; ", self.rounds);
        if self.challenges.is_empty() {
            line.push_str("no challenge yet");
        } else {
            line.push_str("challenged by ");
            for (n, c) in self.challenges.iter().enumerate() {
                let gap = if n == 0 { "" } else { ", " };
                let _ = match &c.at {
                    Some(at) => write!(line, "{gap}{} (round {}, {at})", c.agent, c.round),
                    None => write!(
                        line,
                        "{gap}{} (round {}, not yet recorded)",
                        c.agent, c.round
                    ),
                };
            }
        }
        line.push_str("; may agree on their turn: ");
        if self.may_agree.is_empty() {
            line.push_str("nobody yet");
        } else {
            for (n, agent) in self.may_agree.iter().enumerate() {
                if n > 0 {
                    line.push_str(", ");
                }
                line.push_str(agent.as_str());
            }
        }
        line
    }
}

/// The detail of every OPEN issue (with a positions file).
fn open_details(
    state: &State,
    reports: &[IssueReport],
    events: &[Event],
    ledger: Option<&Digests>,
    open: &OpenPositions,
) -> Vec<OpenDetail> {
    // No OPEN issue, no entry to detail (the records were then not even read): only the
    // issues without positions, each open with nothing written yet.
    let ledger = ledger.filter(|_| reports.iter().any(|r| r.status == Some(IssueStatus::Open)));
    // When each challenge entry was first recorded, from one pass over the digests.
    let mut first_seen: std::collections::HashMap<(Cow<str>, String), String> =
        std::collections::HashMap::new();
    let digests = events.iter().filter(|_| ledger.is_some());
    for event in digests.filter(|e| e.kind == EventKind::Digest) {
        let Some((file, titles)) = recorded_titles(event) else {
            continue;
        };
        for title in titles {
            if title.contains("'s challenge") || title.contains("'s duplicate proposal") {
                first_seen
                    .entry((file.clone(), title.into_owned()))
                    .or_insert_with(|| event.at.to_string());
            }
        }
    }
    let mut details = Vec::new();
    for report in reports {
        let ledger = match (report.status, ledger) {
            (None, _) => {
                details.push(OpenDetail {
                    file: report.file.file.clone(),
                    rounds: 0,
                    challenges: Vec::new(),
                    may_agree: Vec::new(),
                    duplicate_proposal: None,
                });
                continue;
            }
            (Some(IssueStatus::Open), Some(ledger)) => ledger,
            _ => continue,
        };
        let rel = issues::positions_file(&report.file.file);
        let Some(parsed) = open.get(&rel) else {
            continue;
        };
        let positions = crate::negotiation::rules::reopen::challenges_from(events, &rel, parsed);
        let first_recorded = |title: &str| {
            first_seen
                .get(&(Cow::Borrowed(rel.as_str()), title.to_owned()))
                .cloned()
        };
        let challenges = positions
            .entries
            .iter()
            .filter(|e| e.kind == crate::negotiation::model::positions::EntryKind::Challenge)
            .map(|e| Challenge {
                agent: e.agent.clone(),
                round: e.round,
                at: first_recorded(&e.title()),
            })
            .collect();
        let recorded = ledger.at_turn_start(&rel);
        // A duplicate proposal can be agreed to without a decision, by its own rules.
        let proposals = crate::negotiation::rules::duplicate::proposals(events, &rel, &positions);
        let may_agree = state
            .agents
            .list
            .iter()
            .map(|a| &a.name)
            .filter(|agent| {
                crate::negotiation::rules::agree::may_agree(
                    &positions, &proposals, state, agent, recorded, &rel,
                )
                .any()
            })
            .cloned()
            .collect();
        details.push(OpenDetail {
            file: report.file.file.clone(),
            rounds: report.rounds,
            challenges,
            may_agree,
            duplicate_proposal: proposals.last().map(|p| PendingDuplicate {
                of: p.of.clone(),
                proposed_by: p.agent.clone(),
                may_confirm: (state.agents.list.iter())
                    .map(|a| a.name.clone())
                    .filter(|name| name != &p.agent)
                    .collect(),
            }),
        });
    }
    details
}

/// The file a `digest` event records and the titles of the entries it records (none when it
/// records the file as gone), read from the detail's text without building a JSON tree of it.
fn recorded_titles(event: &Event) -> Option<(Cow<'_, str>, Vec<Cow<'_, str>>)> {
    let raw = event.detail.as_deref()?.get();
    // No escape anywhere and no challenge in the text: no title can name one.
    if !raw.contains('\\')
        && !raw.contains("'s challenge")
        && !raw.contains("'s duplicate proposal")
    {
        return None;
    }
    #[derive(serde::Deserialize)]
    struct Record<'a> {
        #[serde(borrow)]
        file: Cow<'a, str>,
        #[serde(borrow, default)]
        digest: Option<Titles<'a>>,
    }
    #[derive(serde::Deserialize)]
    struct Titles<'a> {
        #[serde(borrow, default)]
        entries: Vec<Title<'a>>,
    }
    #[derive(serde::Deserialize)]
    struct Title<'a> {
        #[serde(borrow)]
        entry: Option<Cow<'a, str>>,
    }
    if let Some(record) = event.detail_as::<Record>() {
        let titles = record.digest.map(|d| d.entries).unwrap_or_default();
        return Some((
            record.file,
            titles.into_iter().filter_map(|t| t.entry).collect(),
        ));
    }
    // A detail of another shape (not one parley writes): read field by field, as far as
    // it goes.
    let detail = event.detail_value()?;
    let file = detail.get("file")?.as_str()?.to_owned();
    let entries = detail
        .get("digest")
        .and_then(|g| g.get("entries"))
        .and_then(|list| list.as_array());
    let titles = entries
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.get("entry")?.as_str())
        .map(|title| Cow::Owned(title.to_owned()))
        .collect();
    Some((Cow::Owned(file), titles))
}

/// The mark of an issue's status on its line.
fn icon(report: &IssueReport) -> &'static str {
    match report.status {
        Some(IssueStatus::Agreed) => "✅",
        Some(IssueStatus::Escalate) => "⚠️",
        Some(IssueStatus::Open) => "🔄",
        None => "📝",
    }
}
