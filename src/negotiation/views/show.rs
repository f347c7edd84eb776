//! `show DIR AGENT [ISSUE] [--file NAME]`: what an agent reads of a negotiation, for agents
//! without file tools. One issue: its text, its positions entries (author, kind, round,
//! body), its status, decision and who agreed it. No issue: the topic, the sources (names,
//! in `--source` order), the analyses the asker may read, `final.md`, `coverage-audit.md`
//! and the notes. `--file NAME`: that file's text. The asker is named because what it may
//! read depends on who it is ([`rules::documents`](crate::negotiation::rules::documents)):
//! never another agent's drafts, nor another agent's analysis before the merge. Read-only,
//! under the shared lock.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::names::Name;
use crate::output::{Human, Reply};
use crate::store::{LockMode, Store};

use crate::negotiation::model::documents::{AUDIT_FILE, FINAL_FILE, ordered_sources};
use crate::negotiation::model::issues::{self, ISSUES_DIR, IssueRef};
use crate::negotiation::model::log;
use crate::negotiation::model::notes::{self, Note};
use crate::negotiation::model::positions::{EntryKind, Positions, SectionKind, sections};
use crate::negotiation::model::{Actor, State, open};
use crate::negotiation::rules::agree::agreed_by;
use crate::negotiation::rules::documents::{
    analysis_file, analysis_public, analysis_visible, ensure_readable,
};

#[derive(Debug, Clone)]
pub struct ShowArgs {
    pub dir: PathBuf,
    /// The agent asking.
    pub agent: Name,
    pub issue: Option<IssueRef>,
    /// A file of the negotiation, relative to it.
    pub file: Option<String>,
}

/// One entry of a positions file.
#[derive(Debug, Serialize)]
pub struct ShownEntry {
    pub agent: Name,
    pub kind: EntryKind,
    pub round: u64,
    pub body: String,
}

/// One issue, whole.
#[derive(Debug, Serialize)]
pub struct ShownIssue {
    pub file: String,
    pub number: u64,
    pub title: String,
    /// The issue file's text.
    pub text: String,
    /// `positions/NN-topic.md`, when it exists.
    pub positions_file: Option<String>,
    /// OPEN, AGREED, ESCALATE; `None` before the first entry.
    pub status: Option<String>,
    /// The text under the last status line (the decision, or the escalation's summary).
    pub decision: Option<String>,
    /// The agent whose `agree` marked it AGREED, when one did.
    pub agreed_by: Option<String>,
    pub entries: Vec<ShownEntry>,
}

/// An analysis the asker may read.
#[derive(Debug, Serialize)]
pub struct ShownAnalysis {
    pub agent: Name,
    pub file: String,
    pub text: String,
}

/// The whole negotiation.
#[derive(Debug, Serialize)]
pub struct ShownNegotiation {
    pub topic: Option<String>,
    pub phase: String,
    pub turn: String,
    /// The source files' names, in `--source` order (read one with `--file sources/NAME`).
    pub sources: Vec<String>,
    pub analyses: Vec<ShownAnalysis>,
    #[serde(rename = "final")]
    pub final_text: Option<String>,
    pub coverage_audit: Option<String>,
    pub notes: Vec<Note>,
    /// Every issue's status and decision, in number order: what a sign-off covers, readable
    /// in one call.
    pub decisions: Vec<ShownDecision>,
}

/// One issue's standing in the whole negotiation's view.
#[derive(Debug, Serialize)]
pub struct ShownDecision {
    pub file: String,
    pub number: u64,
    pub title: String,
    /// OPEN, AGREED, ESCALATE; `None` before the first entry.
    pub status: Option<String>,
    /// The text under the last status line (the decision, or the escalation's summary).
    pub decision: Option<String>,
    /// The agent whose `agree` marked it AGREED, when one did.
    pub agreed_by: Option<String>,
}

/// One file.
#[derive(Debug, Serialize)]
pub struct ShownFile {
    pub file: String,
    pub text: String,
}

/// `data` of `show --json`: one of `issue`, `negotiation`, `file`, as `what` says.
#[derive(Debug, Serialize)]
pub struct Shown {
    pub what: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issue: Option<ShownIssue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negotiation: Option<ShownNegotiation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<ShownFile>,
}

impl Reply for Shown {
    fn human(&self, out: &mut Human) {
        if let Some(issue) = &self.issue {
            human_issue(issue, out);
        }
        if let Some(whole) = &self.negotiation {
            human_negotiation(whole, out);
        }
        if let Some(file) = &self.file {
            for line in file.text.lines() {
                out.line(line);
            }
        }
    }
}

fn human_issue(issue: &ShownIssue, out: &mut Human) {
    for line in issue.text.trim_end().lines() {
        out.line(line);
    }
    for entry in &issue.entries {
        out.line("");
        out.line(format!(
            "## {}'s {} (round {})",
            entry.agent,
            entry.kind.word(),
            entry.round
        ));
        for line in entry.body.lines() {
            out.line(line);
        }
    }
    out.line("");
    out.line(format!(
        "Status: {}{}",
        issue.status.as_deref().unwrap_or("NO POSITIONS"),
        issue
            .agreed_by
            .as_ref()
            .map(|a| format!(" (agreed by {a})"))
            .unwrap_or_default()
    ));
    if let Some(decision) = &issue.decision {
        for line in decision.lines() {
            out.line(line);
        }
    }
}

fn human_negotiation(whole: &ShownNegotiation, out: &mut Human) {
    let section = |out: &mut Human, title: &str, text: Option<&str>| {
        out.line(format!("== {title}"));
        match text {
            Some(text) => text.trim_end().lines().for_each(|l| out.line(l)),
            None => out.line("(none)"),
        }
        out.line("");
    };
    section(out, "topic.md", whole.topic.as_deref());
    out.line(format!("Phase: {}; turn: {}", whole.phase, whole.turn));
    out.line(format!(
        "Sources ({}): {}",
        whole.sources.len(),
        whole.sources.join(", ")
    ));
    out.line("");
    for analysis in &whole.analyses {
        section(out, &analysis.file, Some(&analysis.text));
    }
    out.line(format!("== decisions ({} issues)", whole.decisions.len()));
    for issue in &whole.decisions {
        out.line(format!(
            "{}: {} — {}{}",
            issue.file,
            issue.status.as_deref().unwrap_or("NO POSITIONS"),
            issue.title,
            (issue.agreed_by.as_ref())
                .map(|a| format!(" (agreed by {a})"))
                .unwrap_or_default()
        ));
        for line in issue.decision.iter().flat_map(|d| d.trim_end().lines()) {
            out.line(format!("    {line}"));
        }
    }
    out.line("");
    section(out, AUDIT_FILE, whole.coverage_audit.as_deref());
    section(out, FINAL_FILE, whole.final_text.as_deref());
    out.line(format!("== {} ({})", notes::FILE, whole.notes.len()));
    for note in &whole.notes {
        out.line(format!(
            "{}'s note {} ({}):",
            note.agent, note.number, note.at
        ));
        note.text.trim_end().lines().for_each(|l| out.line(l));
    }
}

pub fn run(ctx: &Ctx, args: &ShowArgs) -> Result<Shown> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "show",
        agent: Some(&args.agent),
    };
    let _shared = store.lock(LockMode::Shared, &actor.label())?;
    let state = State::load(&store)?;
    state.ensure_registered(&args.agent)?;
    let mut shown = Shown {
        what: "negotiation",
        issue: None,
        negotiation: None,
        file: None,
    };
    if let Some(file) = &args.file {
        shown.what = "file";
        shown.file = Some(show_file(&store, &state, &args.agent, file)?);
    } else if let Some(issue) = &args.issue {
        shown.what = "issue";
        shown.issue = Some(show_issue(&store, issue)?);
    } else {
        shown.negotiation = Some(show_negotiation(&store, &state, Some(&args.agent))?);
    }
    Ok(shown)
}

/// What a person watching reads of the whole negotiation (the dashboard): what `show DIR
/// AGENT` shows an agent, as seen by no agent: never a draft, and the analyses only once they
/// are merged. Read-only, under the shared lock.
pub fn view(ctx: &Ctx, dir: &std::path::Path) -> Result<ShownNegotiation> {
    let store = open(dir, ctx)?;
    let actor = Actor {
        command: "show",
        agent: None,
    };
    let _shared = store.lock(LockMode::Shared, &actor.label())?;
    let state = State::load(&store)?;
    show_negotiation(&store, &state, None)
}

fn show_issue(store: &Store, issue: &IssueRef) -> Result<ShownIssue> {
    let found = issue.find(store)?;
    let text = store
        .read(&format!("{ISSUES_DIR}/{}", found.file))?
        .unwrap_or_default();
    let title = issues::title(&text).unwrap_or_else(|| found.topic.to_string());
    let rel = issues::positions_file(&found.file);
    let positions = store.read(&rel)?;
    let (status, decision, entries) = read_positions(positions.as_deref());
    let agreed = if status.as_deref() == Some("AGREED") {
        let (events, _) = log::read(store)?;
        agreed_by(&events).remove(&rel)
    } else {
        None
    };
    Ok(ShownIssue {
        number: found.number,
        file: found.file,
        title,
        text,
        positions_file: positions.is_some().then_some(rel),
        status,
        decision,
        agreed_by: agreed,
        entries,
    })
}

/// A positions file's status word, decision (the text under its last status line) and
/// entries; nothing when there is no file.
fn read_positions(positions: Option<&str>) -> (Option<String>, Option<String>, Vec<ShownEntry>) {
    let Some(text) = positions else {
        return (None, None, Vec::new());
    };
    let status = Some(Positions::parse(text).status.word().to_owned());
    let mut decision = None;
    let mut entries = Vec::new();
    for section in sections(text) {
        match &section.kind {
            SectionKind::Entry(entry) => entries.push(ShownEntry {
                agent: entry.agent.clone(),
                kind: entry.kind,
                round: entry.round,
                body: section.body(),
            }),
            SectionKind::Status(_) => {
                let body = section.body();
                decision = (!body.is_empty()).then_some(body);
            }
            SectionKind::Preamble => {}
        }
    }
    (status, decision, entries)
}

/// Every issue's status and decision, in number order (the log read once, for who agreed).
fn decisions(store: &Store) -> Result<Vec<ShownDecision>> {
    let listed = issues::list(store, ISSUES_DIR)?;
    let mut agreed = None;
    let mut shown = Vec::with_capacity(listed.len());
    for found in listed {
        let text = store.read(&format!("{ISSUES_DIR}/{}", found.file))?;
        let title =
            (text.as_deref().and_then(issues::title)).unwrap_or_else(|| found.topic.to_string());
        let rel = issues::positions_file(&found.file);
        let (status, decision, _) = read_positions(store.read(&rel)?.as_deref());
        let agreed_by = if status.as_deref() == Some("AGREED") {
            if agreed.is_none() {
                agreed = Some(agreed_by(&log::read(store)?.0));
            }
            agreed.as_mut().and_then(|map| map.remove(&rel))
        } else {
            None
        };
        shown.push(ShownDecision {
            file: found.file,
            number: found.number,
            title,
            status,
            decision,
            agreed_by,
        });
    }
    Ok(shown)
}

/// The whole negotiation as `asker` may read it (`None`: a person, who is no agent).
fn show_negotiation(
    store: &Store,
    state: &State,
    asker: Option<&Name>,
) -> Result<ShownNegotiation> {
    let mut analyses = Vec::new();
    for agent in &state.agents.list {
        let visible = match asker {
            Some(asker) => analysis_visible(asker, &agent.name, state.phase),
            None => analysis_public(state.phase),
        };
        if !visible {
            continue;
        }
        let file = analysis_file(&agent.name);
        if let Some(text) = store.read(&file)? {
            analyses.push(ShownAnalysis {
                agent: agent.name.clone(),
                file,
                text,
            });
        }
    }
    Ok(ShownNegotiation {
        topic: store.read("topic.md")?,
        phase: state.phase.word().to_owned(),
        turn: state.turn.word().to_owned(),
        sources: ordered_sources(store, &state.meta.source_order)?,
        analyses,
        final_text: store.read(FINAL_FILE)?,
        coverage_audit: store.read(AUDIT_FILE)?,
        notes: notes::read(store)?,
        decisions: decisions(store)?,
    })
}

fn show_file(store: &Store, state: &State, asker: &Name, raw: &str) -> Result<ShownFile> {
    // The store refuses a link anywhere on the way, and a file that is no regular file.
    ensure_readable(raw, asker, state.phase)?;
    match store.read(raw)? {
        Some(text) => Ok(ShownFile {
            file: raw.to_owned(),
            text,
        }),
        None => Err(not_found(raw)),
    }
}

fn not_found(raw: &str) -> Error {
    Error::new(
        Status::NotFound,
        "NO_SUCH_FILE",
        format!("the negotiation has no file {raw}"),
    )
    .with_hint("`parley show DIR AGENT` lists the sources; issues are shown by number")
}
