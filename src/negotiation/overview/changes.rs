//! `changes DIR AGENT`: what changed since AGENT last handed the turn on (its last
//! `hand-off`, `end-analysis` or the skip that took the turn from it): new issues, new
//! entries by the other agents, status changes, edits found, notes (whole, or cut with the
//! command that reads them whole), documents written through `analysis`, `audit` and
//! `final`, sign-offs given and voided, and `finish`. `poll` and `wait` add the
//! same list to their "your turn" answer, so that an agent need not re-read every positions
//! file to find the others' moves.
//!
//! The list is computed from the event log and the files, never stored: asking twice in one
//! turn gives the same list, and nothing is marked as seen. The reference point is the
//! agent's last hand-over in the log (the `turn` event that took the turn from it); what was
//! recorded of each positions file at that hand-over is what the agent had seen. An agent
//! that never held the turn gets everything since the start. Its own entries and notes are
//! never listed.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::{Human, Reply, Warned};
use crate::store::{LockMode, Store};

use crate::negotiation::derived::digests::{Digests, Edit};
use crate::negotiation::derived::record;
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::{ISSUES_DIR, POSITIONS_DIR};
use crate::negotiation::model::log;
use crate::negotiation::model::log::{Event, EventKind};
use crate::negotiation::model::notes;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::{EntryKind, IssueStatus, Positions};
use crate::negotiation::model::{Actor, State, open};
use crate::negotiation::rules::sign_off;

#[derive(Debug, Clone)]
pub struct ChangesArgs {
    pub dir: PathBuf,
    pub agent: Name,
}

/// An issue that appeared since the reference point.
#[derive(Debug, Clone, Serialize)]
pub struct NewIssue {
    pub file: String,
    pub title: String,
}

/// An entry another agent wrote since the reference point.
#[derive(Debug, Clone, Serialize)]
pub struct NewEntry {
    pub file: String,
    pub agent: Name,
    pub kind: EntryKind,
    pub round: u64,
    /// The issue a challenge proposes this one duplicates (`parley duplicate`): agreeing to
    /// it needs no decision. Said whatever became of it since (`statuses` says whether the
    /// issue was settled; the human line offers it only while it is open).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicate_of: Option<String>,
}

/// A positions file whose status is not what it was at the reference point.
#[derive(Debug, Clone, Serialize)]
pub struct StatusChange {
    pub file: String,
    /// The status recorded at the reference point (`None`: no positions file then).
    pub before: Option<String>,
    pub after: IssueStatus,
    /// Who changed it, when a command did (the log knows).
    pub by: Option<String>,
}

/// A document written through `analysis`, `audit` or `final` by another agent since the
/// reference point (the last write of each file).
#[derive(Debug, Clone, Serialize)]
pub struct DocumentChange {
    pub file: String,
    pub agent: String,
    pub at: String,
    /// The command that wrote it: `analysis`, `audit` or `final`.
    pub command: String,
}

/// A sign-off given by another agent since the reference point (`finish --agent` gives one).
#[derive(Debug, Clone, Serialize)]
pub struct SignOffNews {
    pub agent: String,
    pub at: String,
    /// `sign-off`, or `finish` when it was given by finishing.
    pub command: String,
    /// Whether it is still in force (a later change voids it).
    pub valid: bool,
}

/// Who ran `finish`, when it came after the reference point.
#[derive(Debug, Clone, Serialize)]
pub struct FinishNews {
    /// The agent of `finish --agent NAME` (`None`: without `--agent`).
    pub by: Option<String>,
    pub at: String,
}

/// Everything that changed for one agent.
#[derive(Debug, Clone, Serialize)]
pub struct Changes {
    pub agent: Name,
    /// When the agent last handed the turn on (`None`: never; the list starts at the start).
    pub since: Option<String>,
    pub issues: Vec<NewIssue>,
    pub entries: Vec<NewEntry>,
    pub statuses: Vec<StatusChange>,
    pub edits: Vec<Edit>,
    pub notes: Vec<notes::Note>,
    /// Documents written through `analysis`, `audit` or `final` (read one with `parley show
    /// DIR AGENT --file FILE`).
    pub documents: Vec<DocumentChange>,
    /// Sign-offs the other agents gave since.
    pub sign_offs: Vec<SignOffNews>,
    /// Sign-offs (the agent's own included) that a change since voided, or that a change made
    /// by hand voids.
    pub voided_sign_offs: Vec<sign_off::Voided>,
    /// `finish`, when it ran since.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished: Option<FinishNews>,
    /// The directory, for the commands the lines name.
    #[serde(skip)]
    pub dir: PathBuf,
}

/// A note longer than this (in characters) is cut in the human list, with the command that
/// reads it whole; JSON always holds it whole.
const NOTE_SHOWN_WHOLE: usize = 600;

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.issues.is_empty()
            && self.entries.is_empty()
            && self.statuses.is_empty()
            && self.edits.is_empty()
            && self.notes.is_empty()
            && self.documents.is_empty()
            && self.sign_offs.is_empty()
            && self.voided_sign_offs.is_empty()
            && self.finished.is_none()
    }

    pub fn count(&self) -> usize {
        self.issues.len()
            + self.entries.len()
            + self.statuses.len()
            + self.edits.len()
            + self.notes.len()
            + self.documents.len()
            + self.sign_offs.len()
            + self.voided_sign_offs.len()
            + usize::from(self.finished.is_some())
    }

    /// The human form: a heading, then one line per change.
    pub fn lines(&self) -> Vec<String> {
        let since = match &self.since {
            Some(at) => format!("since your last hand-off ({at})"),
            None => "since the start".to_owned(),
        };
        if self.is_empty() {
            return vec![format!("No changes {since}.")];
        }
        let mut lines = vec![format!("Changes {since}: {}", self.count())];
        for issue in &self.issues {
            lines.push(format!("  new issue: {} — {}", issue.file, issue.title));
        }
        for entry in &self.entries {
            // A proposal settled since (another agent confirmed it) is no longer to confirm.
            let settled = (self.statuses.iter())
                .any(|status| status.file == entry.file && status.after != IssueStatus::Open);
            if let Some(of) = entry.duplicate_of.as_ref().filter(|_| !settled) {
                lines.push(format!(
                    "  new entry: {} — duplicate of {of} proposed by {}; {} may confirm (`parley agree DIR {} --duplicates`, no decision needed)",
                    entry.file, entry.agent, self.agent, self.agent
                ));
                continue;
            }
            lines.push(format!(
                "  new entry: {} — {}",
                entry.file,
                positions::entry_title(&entry.agent, entry.kind, entry.round)
            ));
        }
        for status in &self.statuses {
            let by = status
                .by
                .as_ref()
                .map(|by| format!(" (by {by})"))
                .unwrap_or_default();
            lines.push(format!(
                "  status: {} {} -> {}{by}",
                status.file,
                status.before.as_deref().unwrap_or("none"),
                status.after.word()
            ));
        }
        for edit in &self.edits {
            lines.push(format!("  edit: {}", edit.describe()));
        }
        for note in &self.notes {
            lines.extend(self.note_lines(note));
        }
        for document in &self.documents {
            lines.push(format!(
                "  {}: {} written by {} ({})",
                document.command, document.file, document.agent, document.at
            ));
        }
        for given in &self.sign_offs {
            let how = if given.command == "finish" {
                " by finishing"
            } else {
                ""
            };
            let void = if given.valid { "" } else { " (since voided)" };
            lines.push(format!(
                "  sign-off: {} signed off{how} ({}){void}",
                given.agent, given.at
            ));
        }
        for voided in &self.voided_sign_offs {
            lines.push(format!("  sign-off voided: {}", voided.describe()));
        }
        if let Some(finished) = &self.finished {
            lines.push(format!(
                "  finish: {} ({})",
                finished
                    .by
                    .as_deref()
                    .map_or("run without --agent".to_owned(), |by| format!("by {by}")),
                finished.at
            ));
        }
        lines
    }

    /// A note: whole when short, else its start and the exact command that reads it whole.
    fn note_lines(&self, note: &notes::Note) -> Vec<String> {
        let heading = format!(
            "  note: {}'s note {} ({})",
            note.agent, note.number, note.at
        );
        let length = note.text.chars().count();
        if length <= NOTE_SHOWN_WHOLE {
            let mut text = note.text.lines();
            let first = text.next().unwrap_or("");
            let mut lines = vec![format!("{heading}: {first}")];
            lines.extend(text.map(|line| format!("    {line}")));
            return lines;
        }
        let shown: String = note.text.chars().take(NOTE_SHOWN_WHOLE).collect();
        let mut lines = vec![format!(
            "{heading}, cut at {NOTE_SHOWN_WHOLE} of {length} characters:"
        )];
        lines.extend(shown.lines().map(|line| format!("    {line}")));
        lines.push(format!(
            "    … read it whole: parley show {} {} --file notes.md (the `show` tool over MCP)",
            self.dir.display(),
            self.agent
        ));
        lines
    }
}

/// The answer to `changes`: `data` of `changes --json`.
#[derive(Debug, Serialize)]
pub struct ChangesReply {
    changes: Changes,
}

impl Reply for ChangesReply {
    fn human(&self, out: &mut Human) {
        for line in self.changes.lines() {
            out.line(line);
        }
    }
}

/// The changes, and a warning for each line of the log that could not be read.
pub fn run(ctx: &Ctx, args: &ChangesArgs) -> Result<Warned<ChangesReply>> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "changes",
        agent: Some(&args.agent),
    };
    let _shared = store.lock(LockMode::Shared, &actor.label())?;
    let state = State::load(&store)?;
    state.ensure_registered(&args.agent)?;
    let (events, warnings) = log::read(&store)?;
    let changes = compute(&store, &state, &events, &args.agent)?;
    Ok(Warned::new(ChangesReply { changes }, warnings))
}

/// What changed for `agent` since its last hand-over, from the whole log `events`.
pub fn compute(store: &Store, state: &State, events: &[Event], agent: &Name) -> Result<Changes> {
    let reference = events
        .iter()
        .rposition(|e| e.kind == EventKind::Turn && e.before.as_deref() == Some(agent.as_str()));
    let (then, after) = match reference {
        Some(index) => events.split_at(index + 1),
        None => (&events[..0], events),
    };
    let since = reference.map(|index| events[index].at.to_string());
    let ledger_then = Digests::from_events(then);

    // Issues: all of them when the merge came after the reference point, else those raised
    // with `new-issue` since.
    let merged = reference.is_none() || after.iter().any(|e| e.kind == EventKind::Merge);
    let raised: BTreeSet<&str> = after
        .iter()
        .filter(|e| e.kind == EventKind::Issue)
        .filter_map(|e| e.after.as_deref())
        .filter_map(|rel| rel.strip_prefix(&format!("{ISSUES_DIR}/")))
        .collect();
    let mut new_issues = Vec::new();
    for issue in issues::list(store, ISSUES_DIR)? {
        if merged || raised.contains(issue.file.as_str()) {
            let text = store
                .read(&format!("{ISSUES_DIR}/{}", issue.file))?
                .unwrap_or_default();
            let title = issues::title(&text).unwrap_or_else(|| issue.topic.to_string());
            new_issues.push(NewIssue {
                file: issue.file,
                title,
            });
        }
    }

    let mut entries = Vec::new();
    let mut statuses = Vec::new();
    for issue in issues::list(store, POSITIONS_DIR)? {
        let rel = issues::positions_file(&issue.file);
        let Some(text) = store.read(&rel)? else {
            continue;
        };
        let positions = Positions::parse(&text);
        let recorded = ledger_then.baselines.get(&rel).map(|r| &r.digest);
        // Positions only grow by appends: what was recorded is the file's first entries, and
        // every entry after them is new, even one whose title repeats an earlier one (a second
        // challenge in the same round). An entry changed in place is an edit, listed below.
        let known = recorded.map_or(0, |d| d.entries.len());
        let proposals = crate::negotiation::rules::duplicate::proposals(events, &rel, &positions);
        for entry in positions.entries.iter().skip(known) {
            if &entry.agent == agent {
                continue;
            }
            let title = entry.title();
            entries.push(NewEntry {
                file: issue.file.clone(),
                agent: entry.agent.clone(),
                kind: entry.kind,
                round: entry.round,
                duplicate_of: proposals
                    .iter()
                    .rev()
                    .find(|p| p.entry == title)
                    .map(|p| p.of.clone()),
            });
        }
        let before = recorded.and_then(|d| d.status.clone());
        let unchanged = match &before {
            Some(word) => word == positions.status.word(),
            // A file that is new since: its first status is news only when it is not OPEN.
            None => positions.status == IssueStatus::Open,
        };
        if unchanged {
            continue;
        }
        let by = status_changer(after, &rel);
        if by.as_deref() == Some(agent.as_str()) {
            continue;
        }
        statuses.push(StatusChange {
            file: issue.file.clone(),
            before,
            after: positions.status,
            by,
        });
    }

    let ledger_now = Digests::from_events(events);
    let edits = record::unaccepted_edits(store, state, &ledger_now)?
        .into_iter()
        .filter(|edit| !ledger_then.head.pending.contains(edit))
        .collect();

    // Notes: those logged since, by the others, as notes.md holds them now.
    let numbers: BTreeSet<u64> = after
        .iter()
        .filter(|e| e.kind == EventKind::Note && e.agent.as_deref() != Some(agent.as_str()))
        .filter_map(notes::number_of)
        .collect();
    let notes = if numbers.is_empty() {
        Vec::new()
    } else {
        notes::read(store)?
            .into_iter()
            .filter(|n| numbers.contains(&n.number) && &n.agent != agent)
            .collect()
    };

    let mut documents: Vec<DocumentChange> = Vec::new();
    for event in after.iter().filter(|e| {
        matches!(
            e.kind,
            EventKind::Analysis | EventKind::Audit | EventKind::Final
        ) && e.agent.as_deref() != Some(agent.as_str())
    }) {
        let (Some(file), Some(by)) = (&event.after, &event.agent) else {
            continue;
        };
        documents.retain(|d| d.file != file.as_str());
        documents.push(DocumentChange {
            file: file.to_string(),
            agent: by.to_string(),
            at: event.at.to_string(),
            command: event.command.to_string(),
        });
    }

    let first_after = reference.map_or(0, |index| index + 1);
    let review = sign_off::review(store, state, events, None)?;
    let sign_offs = after
        .iter()
        .filter(|e| e.kind == EventKind::SignOff && e.agent.as_deref() != Some(agent.as_str()))
        .filter_map(|e| {
            let by = e.agent.as_deref()?;
            Some(SignOffNews {
                agent: by.to_owned(),
                at: e.at.to_string(),
                command: e.command.to_string(),
                valid: review
                    .given
                    .iter()
                    .any(|g| g.agent.as_str() == by && g.at == e.at.as_str()),
            })
        })
        .collect();
    let voided_sign_offs = review
        .voided
        .into_iter()
        .filter(|v| v.index.is_none_or(|index| index >= first_after))
        .collect();
    let finished = after
        .iter()
        .rev()
        .find(|e| e.kind == EventKind::Finish)
        .map(|e| FinishNews {
            by: e.agent.as_deref().map(str::to_owned),
            at: e.at.to_string(),
        });

    Ok(Changes {
        agent: agent.clone(),
        since,
        issues: new_issues,
        entries,
        statuses,
        edits,
        notes,
        documents,
        sign_offs,
        voided_sign_offs,
        finished,
        dir: store.root().to_path_buf(),
    })
}

/// The agent (or person) whose command last set the status of `rel` among `events`.
fn status_changer(events: &[Event], rel: &str) -> Option<String> {
    events
        .iter()
        .rev()
        .find(|e| {
            (e.kind == EventKind::Status
                || e.kind == EventKind::Resolve
                || e.kind == EventKind::Reopen)
                && e.after
                    .as_deref()
                    .is_some_and(|a| a.starts_with(&format!("{rel}:")))
        })
        .and_then(|e| {
            e.agent.as_deref().map(str::to_owned).or_else(|| {
                e.detail_value()
                    .as_ref()
                    .and_then(|d| d.get("by"))
                    .and_then(|b| b.as_str())
                    .map(str::to_owned)
            })
        })
}
