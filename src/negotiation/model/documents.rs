//! The documents that end a negotiation: `final.md`, and `coverage-audit.md` with its sources
//! (`sources/`), its template and its review.

use crate::error::Error;
use crate::error::Result;
use crate::store::FileKind;
use crate::store::Store;

pub const FINAL_FILE: &str = "final.md";

pub const AUDIT_FILE: &str = "coverage-audit.md";

pub const SOURCES_DIR: &str = "sources";

/// The source proposals: the regular files of `sources/`, hidden ones left out. A link there
/// is an error (it would be read through).
pub fn source_files(store: &Store) -> Result<Vec<String>> {
    let mut files = Vec::new();
    for entry in store.list(SOURCES_DIR)?.unwrap_or_default() {
        if entry.name.starts_with('.') {
            continue;
        }
        match entry.kind {
            FileKind::File => files.push(entry.name),
            FileKind::Symlink => {
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

/// The heading of a source's section, as the protocol's audit format has it.
fn section_heading(source: &str) -> String {
    format!("## Unique elements from {source}")
}
