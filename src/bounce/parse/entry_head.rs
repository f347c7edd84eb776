//! The lines that open an entry: its id (`<!-- entry: UUID -->`), its position
//! (`<!-- turn: N round: M -->`) and its status line (sections 4.1 to 4.3).

use std::collections::HashSet;

use super::Parsed;
use super::column_of;
use crate::bounce::finding::Findings;
use crate::bounce::markdown;
use crate::bounce::model::{Entry, EntryStatus, Word, parse_count, parse_time, uuid_version_4};

pub(super) fn start_entry(
    line: &str,
    c: &markdown::Comment<'_>,
    no: usize,
    ids: &mut HashSet<String>,
    parsed: &mut Parsed,
) -> Entry {
    let findings = &mut parsed.findings;
    if !c.exact {
        findings.error(
            "COMMENT_FORMAT",
            "R20",
            no,
            1,
            "entry metadata is exactly `<!-- entry: UUID -->`",
        );
    }
    let column = column_of(line, c.value);
    match uuid_version_4(c.value) {
        Some(true) => {}
        Some(false) => findings.warning(
            "ENTRY_ID_NOT_V4",
            "R7",
            no,
            column,
            format!("entry id {} is a UUID but not version 4", c.value),
        ),
        None => findings.error(
            "ENTRY_ID_INVALID",
            "R7",
            no,
            column,
            format!("entry id `{}` is not a lowercase hyphenated UUID", c.value),
        ),
    }
    let duplicate = !c.value.is_empty() && !ids.insert(c.value.to_owned());
    if duplicate {
        findings.warning(
            "ENTRY_DUPLICATE",
            "R7",
            no,
            column,
            format!(
                "entry id {} was already used; this occurrence is ignored",
                c.value
            ),
        );
    }
    Entry {
        line: no,
        id: c.value.to_owned(),
        duplicate,
        ..Entry::default()
    }
}

pub(super) fn parse_position(
    line: &str,
    c: &markdown::Comment<'_>,
    no: usize,
    findings: &mut Findings,
) -> Option<(u64, u64)> {
    let parsed = c.value.split_once("round:").and_then(|(turn, round)| {
        Some((
            parse_count(turn.trim()).ok()?,
            parse_count(round.trim()).ok()?,
        ))
    });
    match parsed {
        Some((turn, round)) => {
            if line != format!("<!-- turn: {turn} round: {round} -->") {
                findings.error(
                    "COMMENT_FORMAT",
                    "R20",
                    no,
                    1,
                    "the position line is exactly `<!-- turn: N round: M -->`",
                );
            }
            Some((turn, round))
        }
        None => {
            findings.error(
                "POSITION_INVALID",
                "4.2",
                no,
                1,
                "the position must be `<!-- turn: N round: M -->` with N and M positive integers",
            );
            None
        }
    }
}

/// `DATETIME [author: NAME] [status: VALUE]`; false when the line is no status line at all.
pub(super) fn parse_status_line(
    line: &str,
    no: usize,
    entry: &mut Entry,
    findings: &mut Findings,
) -> bool {
    let parts = line.split_once(" [author: ").and_then(|(at, rest)| {
        let (author, rest) = rest.split_once("] [status: ")?;
        let status = rest.strip_suffix(']')?;
        Some((at, author, status))
    });
    let Some((at, author, status)) = parts else {
        findings.error(
            "STATUS_LINE_INVALID",
            "4.3",
            no,
            1,
            "the third line of an entry must be `DATETIME [author: NAME] [status: VALUE]`",
        );
        return false;
    };
    match parse_time(at) {
        Some(t) => entry.at = Some(t),
        None => findings.error(
            "TIMESTAMP_INVALID",
            "4.3",
            no,
            1,
            format!("`{at}` is not an ISO-8601 date and time with a timezone"),
        ),
    }
    entry.author = author.to_owned();
    let status_column = line.len() - status.len();
    match EntryStatus::parse(status) {
        Some(s) => entry.status = Some(s),
        None => findings.error(
            "STATUS_INVALID",
            "4.3",
            no,
            status_column,
            format!("status `{status}` is not one of {}", EntryStatus::choices()),
        ),
    }
    true
}
