//! The desk of a bounce command: a session file opened under its lock and read (the text,
//! what the parser found, and the timeline when the rules could be read), and the one place
//! that appends to it.

use std::path::{Path, PathBuf};

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::store::LockMode;
use crate::store::append_file::LockedFile;

use super::entry::NewEntry;
use super::finding::Finding;
use super::model::Rules;
use super::parse::Parsed;
use super::session::{analyse, open_file};
use super::timeline::Timeline;

/// The desk of a bounce command: the session file under its lock, read and parsed, written
/// through [`Desk::commit`]. The same "lock, load, decide, write" unit as the other
/// protocols' desks (`negotiation::Desk`).
pub struct Desk {
    pub path: PathBuf,
    /// The lock guard: a desk holds the file locked as long as it lives.
    file: LockedFile,
    pub text: String,
    pub parsed: Parsed,
    pub timeline: Option<Timeline>,
}

impl Desk {
    /// Opens `path` with the lock `mode` (rolling back a torn append first) and reads it.
    pub fn open(ctx: &Ctx, path: &Path, mode: LockMode) -> Result<Desk> {
        let file = open_file(ctx, path, mode)?;
        let bytes = file.read()?;
        let text = String::from_utf8(bytes)
            .map_err(|e| Error::malformed(path, None, format!("is not UTF-8 text ({e})")))?;
        let (parsed, timeline) = analyse(&text);
        Ok(Desk {
            path: path.to_path_buf(),
            file,
            text,
            parsed,
            timeline,
        })
    }

    /// Appends `entry` to the session whose text is now `text`, after checking that the session
    /// stays valid with it; returns the new text and timeline.
    pub fn commit(&self, text: &str, entry: &NewEntry) -> Result<(String, Timeline)> {
        let chunk = entry.render(text);
        let combined = format!("{text}{chunk}");
        let (parsed, timeline) = analyse(&combined);
        if let Some(error) = parsed.findings.first_error() {
            return Err(Error::bad_input(
                "ENTRY_INVALID",
                format!(
                    "the entry would make the session invalid: line {}: {} ({}): {}",
                    error.line, error.code, error.rule, error.message
                ),
            ));
        }
        let timeline = timeline.ok_or_else(|| self.malformed())?;
        self.file.append(&chunk)?;
        Ok((combined, timeline))
    }

    pub fn first_error(&self) -> Option<&Finding> {
        self.parsed.findings.first_error()
    }

    /// The rules and the timeline; an error when the rules cannot be read.
    pub fn state(&self) -> Result<(&Rules, &Timeline)> {
        match (&self.parsed.rules, &self.timeline) {
            (Some(rules), Some(timeline)) => Ok((rules, timeline)),
            _ => Err(self.malformed()),
        }
    }

    /// The session cannot be used as it stands: names its first error.
    pub fn malformed(&self) -> Error {
        let shown = self.path.display().to_string();
        let what = match self.first_error() {
            Some(f) => f.render(&shown),
            None => format!("{shown}: the Protocol Rules cannot be read"),
        };
        Error::bad_input(
            "MALFORMED_SESSION",
            format!("the session is invalid: {what}"),
        )
        .with_hint(format!(
            "run `parley bounce validate {}` for every finding",
            self.path.display()
        ))
    }
}
