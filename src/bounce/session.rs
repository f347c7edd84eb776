//! Reading a session file: parsing it with its timeline, and opening it under its lock.

use std::path::Path;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::store::LockMode;
use crate::store::append_file::{self, LockedFile};

use super::parse::{self, Parsed};
use super::timeline::{self, Timeline};

/// Parses `text` and walks its timeline.
pub fn analyse(text: &str) -> (Parsed, Option<Timeline>) {
    let mut parsed = parse::parse(text);
    let timeline = timeline::build(&mut parsed);
    (parsed, timeline)
}

/// Whether `text` begins as a session file does: its first line is the header's
/// `<!-- bounce-protocol: VERSION -->` (what tells a session file from other markdown, for a
/// reader that looks for sessions among many files).
pub fn begins_session(text: &str) -> bool {
    text.lines()
        .next()
        .and_then(super::markdown::comment)
        .is_some_and(|c| c.key == "bounce-protocol")
}

pub fn no_session(path: &Path, why: &str) -> Error {
    Error::new(
        Status::NotFound,
        "NO_SESSION",
        format!("no session file at {}: {why}", path.display()),
    )
    .with_hint("create one with `parley bounce new FILE --title T --agents a,b`")
}

/// Opens and locks the file; a missing file or a non-file is "no session" (66).
pub fn open_file(ctx: &Ctx, path: &Path, mode: LockMode) -> Result<LockedFile> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(no_session(path, "it is not a regular file"));
    }
    append_file::open_locked(path, mode, &ctx.lock_wait())?
        .ok_or_else(|| no_session(path, "it does not exist"))
}
