//! Who may write the documents agents write themselves (`analysis/AGENT.md`,
//! `coverage-audit.md`, `final.md`) through `analysis`, `audit` and `final`, and which files of
//! a negotiation an agent may read through `show`.
//!
//! Writing, the strict reading of the protocol:
//! - `analysis`: the analysis phase, the agent's own file, on its own turn, before its
//!   `end-analysis` ("only the named agent may write to analysis/"; each agent gets one turn);
//! - `audit`: the positions phase, the holder of the turn;
//! - `final`: the positions phase, the holder, once `coverage-audit.md` exists (rule 9) and no
//!   issue is left OPEN (rule 10: an ESCALATE issue does not block it, as `finish
//!   --allow-escalated` may let it through).
//!
//! Reading: the state files at the top (`topic.md`, `meta.md`, `agents.md`, `turn.md`,
//! `phase.md`, `notes.md`, `final.md`, `coverage-audit.md`), `sources/`, `issues/`,
//! `positions/`, the asker's own drafts, its own analysis, and the others' analyses once the
//! drafts are merged. Never another agent's drafts, an analysis of another agent during the
//! analysis phase, a hidden file or parley's own `.parley/`.

use crate::error::{Error, Result};
use crate::names::Name;
use crate::negotiation::model::documents::{AUDIT_FILE, FINAL_FILE, SOURCES_DIR};
use crate::negotiation::model::issues::{self, DRAFTS_DIR, ISSUES_DIR, POSITIONS_DIR};
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions::{IssueStatus, Positions};
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{ANALYSIS_DIR, State, done_marker};
use crate::store::Store;

/// A document an agent writes whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    Analysis,
    Audit,
    Final,
}

impl Document {
    /// The command that writes it (and the log's `command`).
    pub fn command(self) -> &'static str {
        match self {
            Document::Analysis => "analysis",
            Document::Audit => "audit",
            Document::Final => "final",
        }
    }

    /// The kind of its log event.
    pub fn event(self) -> EventKind {
        match self {
            Document::Analysis => EventKind::Analysis,
            Document::Audit => EventKind::Audit,
            Document::Final => EventKind::Final,
        }
    }

    /// Its file in the directory, for `agent`.
    pub fn file(self, agent: &Name) -> String {
        match self {
            Document::Analysis => analysis_file(agent),
            Document::Audit => AUDIT_FILE.to_owned(),
            Document::Final => FINAL_FILE.to_owned(),
        }
    }
}

/// `analysis/AGENT.md`.
pub fn analysis_file(agent: &Name) -> String {
    format!("{ANALYSIS_DIR}/{agent}.md")
}

/// Whether `agent` may write `document` now (exit 4 with the rule, 2 when finished).
pub fn ensure_may_write(
    store: &Store,
    state: &State,
    agent: &Name,
    document: Document,
) -> Result<()> {
    let action = format!("write {}", document.file(agent));
    state.ensure_holder(store, agent, &action)?;
    match document {
        Document::Analysis => {
            state.ensure_phase(Phase::Analysis, &action)?;
            if store.exists(&done_marker(agent))? {
                return Err(Error::forbidden(
                    "ANALYSIS_ENDED",
                    format!("{agent} cannot {action}: its analysis has ended (end-analysis)"),
                ));
            }
        }
        Document::Audit => state.ensure_phase(Phase::Positions, &action)?,
        Document::Final => {
            state.ensure_phase(Phase::Positions, &action)?;
            if !store.exists(AUDIT_FILE)? {
                return Err(Error::forbidden(
                    "AUDIT_FIRST",
                    format!("{agent} cannot {action}: {AUDIT_FILE} comes first (rule 9)"),
                )
                .with_hint("write it with `parley audit DIR AGENT --file F`"));
            }
            let open = open_issues(store)?;
            if !open.is_empty() {
                return Err(Error::forbidden(
                    "ISSUES_OPEN",
                    format!(
                        "{agent} cannot {action}: issues still open (rule 10): {}",
                        open.join(", ")
                    ),
                )
                .with_hint("agree or escalate them first"));
            }
        }
    }
    Ok(())
}

/// The issues neither AGREED nor ESCALATE (no positions file: open too).
fn open_issues(store: &Store) -> Result<Vec<String>> {
    let mut open = Vec::new();
    for issue in issues::list(store, ISSUES_DIR)? {
        let text = store.read(&issues::positions_file(&issue.file))?;
        let status = text.map(|t| Positions::parse(&t).status);
        if status.is_none_or(|s| s == IssueStatus::Open) {
            open.push(issue.file);
        }
    }
    Ok(open)
}

/// The top-level files any agent may read.
const TOP_FILES: &[&str] = &[
    "topic.md",
    "meta.md",
    "agents.md",
    "turn.md",
    "phase.md",
    "notes.md",
    FINAL_FILE,
    AUDIT_FILE,
];

/// Checks a name given to `show --file` and says whether `asker` may read it: the relative
/// path, as given (`sources/a.md`). A path that leaves the directory is bad input (65); a file
/// the protocol keeps from the asker is forbidden (4).
pub fn ensure_readable(raw: &str, asker: &Name, phase: Phase) -> Result<()> {
    let bad = |why: &str| {
        Error::bad_input("BAD_PATH", format!("cannot show {raw:?}: {why}"))
            .with_hint("name a file relative to the negotiation directory, as sources/NAME")
    };
    if raw.is_empty() {
        return Err(bad("no file named"));
    }
    if raw.starts_with('/') {
        return Err(bad("an absolute path"));
    }
    let parts: Vec<&str> = raw.split('/').collect();
    if parts.contains(&"..") {
        return Err(bad("`..` leaves the directory"));
    }
    if parts.iter().any(|p| p.is_empty() || *p == ".") {
        return Err(bad("an empty or `.` component"));
    }
    if raw.contains('\0') || raw.contains('\\') {
        return Err(bad("a character no file name here holds"));
    }
    let not_yours = |code: &'static str, why: String| Error::forbidden(code, why);
    let hidden = parts.iter().any(|p| p.starts_with('.'));
    let allowed = match parts.as_slice() {
        _ if hidden => false,
        [top] => TOP_FILES.contains(top),
        [dir, _] if [SOURCES_DIR, ISSUES_DIR, POSITIONS_DIR].contains(dir) => true,
        [dir, file] if *dir == ANALYSIS_DIR => {
            let own = analysis_file(asker);
            if raw != own && phase == Phase::Analysis {
                return Err(not_yours(
                    "ANALYSIS_PRIVATE",
                    format!(
                        "{asker} cannot read {raw}: another agent's analysis stays private until the drafts are merged (the analysis phase is independent)"
                    ),
                ));
            }
            file.ends_with(".md")
        }
        [dir, owner, _] if *dir == DRAFTS_DIR => {
            if *owner != asker.as_str() {
                return Err(not_yours(
                    "DRAFTS_PRIVATE",
                    format!("{asker} cannot read {raw}: another agent's drafts are never shown"),
                ));
            }
            true
        }
        _ => false,
    };
    if !allowed {
        return Err(not_yours(
            "NOT_READABLE",
            format!(
                "{asker} cannot read {raw}: not a file of the negotiation agents read (topic.md, notes.md, final.md, coverage-audit.md, sources/, issues/, positions/, analysis/, its own issues-draft/)"
            ),
        ));
    }
    Ok(())
}

/// Whether `asker` may see `other`'s analysis now.
pub fn analysis_visible(asker: &Name, other: &Name, phase: Phase) -> bool {
    asker == other || analysis_public(phase)
}

/// Whether every analysis may be seen now, by anyone (a person watching included): once the
/// drafts are merged.
pub fn analysis_public(phase: Phase) -> bool {
    phase == Phase::Positions
}
