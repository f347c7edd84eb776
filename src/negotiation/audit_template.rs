//! `audit-template DIR`: writes the `coverage-audit.md` skeleton, a section per file in
//! `sources/`, for the agents to fill in; and the review `finish` makes of the audit: every
//! source has its section (else it refuses), placeholders left in are warned about.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};
use crate::store::{EntryKind, Store};

use super::Desk;
use super::finish::AUDIT_FILE;
use super::log::EventKind;
use super::turn::Phase;
use super::{Actor, open};

pub const SOURCES_DIR: &str = "sources";

#[derive(Debug, Clone)]
pub struct AuditTemplateArgs {
    pub dir: PathBuf,
    /// The agent writing it: recorded in the log (attribution only, no turn needed).
    pub agent: Option<crate::names::Name>,
}

/// The source proposals: the regular files of `sources/`, hidden ones left out. A link there
/// is an error (it would be read through).
pub fn source_files(store: &Store) -> Result<Vec<String>> {
    let mut files = Vec::new();
    for entry in store.list(SOURCES_DIR)?.unwrap_or_default() {
        if entry.name.starts_with('.') {
            continue;
        }
        match entry.kind {
            EntryKind::File => files.push(entry.name),
            EntryKind::Symlink => {
                return Err(Error::symlink(
                    &store.path(&format!("{SOURCES_DIR}/{}", entry.name)),
                ));
            }
            _ => {}
        }
    }
    Ok(files)
}

/// The source files in the order `init --source` recorded, then any other file of
/// `sources/` (added by hand) in file-name order.
pub fn ordered_sources(store: &Store, recorded: &[String]) -> Result<Vec<String>> {
    let mut files = source_files(store)?;
    files.sort();
    let mut ordered: Vec<String> = recorded
        .iter()
        .filter(|name| files.contains(name))
        .cloned()
        .collect();
    ordered.extend(files.into_iter().filter(|f| !recorded.contains(f)));
    Ok(ordered)
}

/// The heading of a source's section, as the protocol's audit format has it.
fn section_heading(source: &str) -> String {
    format!("## Unique elements from {source}")
}

pub fn template(sources: &[String]) -> String {
    let mut text = String::from("# Coverage Audit\n\n");
    for source in sources {
        text.push_str(&format!(
            "{}\n- [TODO: Section/idea/detail unique to {source}]: INCLUDED / EXCLUDED (reason)\n\n",
            section_heading(source)
        ));
    }
    text.push_str(
        "## Synthesis notes\n[TODO: How competing approaches were merged, why one won, what was combined]\n",
    );
    text
}

/// What `finish` finds in an audit.
#[derive(Debug, Default)]
pub struct AuditReview {
    /// A source without its section (`## Unique elements from NAME`, or `sources/NAME`):
    /// failures.
    pub missing: Vec<String>,
    /// `[TODO: ...]` placeholders left in: warnings (the protocol asks for a section per
    /// source; how well it is filled in is for the agents and the reader to judge).
    pub placeholders: Vec<String>,
}

pub fn review(audit: &str, sources: &[String]) -> AuditReview {
    let headings: Vec<&str> = audit.lines().map(str::trim_end).collect();
    let mut review = AuditReview::default();
    for source in sources {
        let wanted = [
            section_heading(source),
            section_heading(&format!("{SOURCES_DIR}/{source}")),
        ];
        if !headings.iter().any(|h| wanted.iter().any(|w| w == h)) {
            review.missing.push(format!(
                "AUDIT SECTION MISSING: {AUDIT_FILE} — no \"{}\" section",
                wanted[0]
            ));
        }
    }
    for (index, line) in audit.lines().enumerate() {
        if line.contains("[TODO:") {
            review.placeholders.push(format!(
                "{AUDIT_FILE} line {} still holds a [TODO: ...] placeholder",
                index + 1
            ));
        }
    }
    review
}

/// The template written: `data` of `audit-template --json`.
#[derive(Debug, Serialize)]
pub struct AuditTemplate {
    file: &'static str,
    /// The template, as DIR/coverage-audit.md.
    path: PathBuf,
    /// The sources it has a section for, in order.
    sources: Vec<String>,
}

impl Reply for AuditTemplate {
    fn warnings(&self) -> Vec<String> {
        if !self.sources.is_empty() {
            return Vec::new();
        }
        vec![
            "sources/ holds no source proposal; the template has only its synthesis notes"
                .to_owned(),
        ]
    }

    fn human(&self, out: &mut Human) {
        let count = self.sources.len();
        out.line(format!(
            "Coverage audit template written: {} ({count} source section{})",
            self.path.display(),
            if count == 1 { "" } else { "s" }
        ));
    }
}

pub fn run(ctx: &Ctx, args: &AuditTemplateArgs) -> Result<AuditTemplate> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "audit-template",
        agent: args.agent.as_ref(),
    };
    let Desk { locked, state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    if let Some(agent) = &args.agent {
        state.ensure_registered(agent)?;
    }
    state.ensure_phase(Phase::Positions, "write the coverage audit template")?;
    let sources = ordered_sources(&store, &state.meta.source_order)?;
    if !locked.create_new(AUDIT_FILE, &template(&sources))? {
        return Err(Error::new(
            Status::AlreadyExists,
            "AUDIT_EXISTS",
            format!(
                "{} already exists; it is never overwritten",
                store.path(AUDIT_FILE).display()
            ),
        )
        .with_hint("edit it, or remove it first to start again from the template"));
    }
    actor
        .event(ctx, EventKind::AuditTemplate)
        .change(
            None,
            Some(format!("{AUDIT_FILE}: {} sources", sources.len())),
        )
        .append(&locked)?;
    Ok(AuditTemplate {
        file: AUDIT_FILE,
        path: args.dir.join(AUDIT_FILE),
        sources,
    })
}
