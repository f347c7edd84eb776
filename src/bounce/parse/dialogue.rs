//! The Dialogue section: the walk through its lines, entry by entry, each read in the order of
//! its parts (section 4), with what may and may not stand between and inside entries.

use std::collections::HashSet;

use super::Parsed;
use super::entry_head::{parse_position, parse_status_line, start_entry};
use super::fields::{
    Given, check_required_fields, field, is_structured, record_field, unknown_field,
};
use crate::bounce::markdown::{self, Fence, comment, opens_multiline_comment};
use crate::bounce::model::{Entry, EntryStatus};

/// Where the reader is inside an entry.
#[derive(Debug, PartialEq, Eq)]
enum Phase {
    Position,
    StatusLine,
    Fields,
    Body,
}

pub(super) fn parse_dialogue(lines: &[&str], fences: &[Fence], start: usize, parsed: &mut Parsed) {
    let mut ids: HashSet<String> = HashSet::new();
    let mut current: Option<(Entry, Phase, Given)> = None;
    // How many findings there were when the current entry began.
    let mut mark = 0;
    let mut stray_reported = false;
    let mut i = start;
    while i < lines.len() {
        let line = lines[i];
        let no = i + 1;
        let outside = fences[i].outside();
        let marker = if outside { comment(line) } else { None };
        let opens_entry = marker.as_ref().is_some_and(|c| c.key == "entry");
        if let Some((entry, phase, fields)) = current.as_mut() {
            if opens_entry {
                if *phase == Phase::Fields {
                    check_required_fields(entry, fields, parsed);
                }
                let (done, _, _) = current.take().expect("an entry is open");
                let (line, id) = (done.line, done.id.clone());
                close_entry(done, mark, parsed);
                parsed.findings.error(
                    "YIELD_MISSING",
                    "4.6",
                    line,
                    1,
                    format!(
                        "entry {id} has no <!-- yield --> marker before the next entry (Rule 4)"
                    ),
                );
                parsed.findings.error(
                    "ENTRY_WHILE_OPEN",
                    "R6",
                    no,
                    1,
                    "an entry begins while the previous one still lacks its yield marker",
                );
                continue;
            }
            match phase {
                Phase::Position => {
                    *phase = Phase::StatusLine;
                    if let Some(c) = marker.as_ref().filter(|c| c.key == "turn") {
                        entry.position = parse_position(line, c, no, &mut parsed.findings);
                        i += 1;
                        continue;
                    }
                    if outside && line.trim_start().starts_with("turn:") {
                        parsed.findings.error(
                            "METADATA_NOT_IN_COMMENT",
                            "R19",
                            no,
                            1,
                            "the position must be written in an HTML comment, <!-- turn: N round: M -->",
                        );
                        i += 1;
                        continue;
                    }
                    parsed.findings.error(
                        "POSITION_MISSING",
                        "4.2",
                        no,
                        1,
                        "the second line of an entry must be `<!-- turn: N round: M -->`",
                    );
                    continue;
                }
                Phase::StatusLine => {
                    *phase = Phase::Fields;
                    if parse_status_line(line, no, entry, &mut parsed.findings) {
                        i += 1;
                    }
                    continue;
                }
                Phase::Fields => {
                    if let Some((index, key, value)) = field(line) {
                        if std::mem::replace(&mut fields[index], true) {
                            parsed.findings.error(
                                "FIELD_DUPLICATE",
                                "4.4",
                                no,
                                1,
                                format!("`{key}` is given twice in this entry"),
                            );
                        }
                        // Structured mode asks for every field *populated* (section 3.3):
                        // `summary:` with nothing after it is as absent as no line at all.
                        // An empty stance or confidence is already invalid (R10, R11).
                        if value.is_empty()
                            && !matches!(key, "stance" | "confidence")
                            && is_structured(parsed)
                        {
                            parsed.findings.error(
                                "FIELD_EMPTY",
                                "3.3",
                                no,
                                key.len() + 2,
                                format!(
                                    "`{key}` is empty: every structured field must be populated when output-format is structured"
                                ),
                            );
                        }
                        record_field(key, value, no, entry, &mut parsed.findings);
                        i += 1;
                        continue;
                    }
                    if let Some(key) = unknown_field(line) {
                        // A later 0.x version may add fields: read past them (Rule 9).
                        parsed.findings.warning(
                            "FIELD_UNKNOWN",
                            "R9",
                            no,
                            1,
                            format!("unknown field `{key}` is ignored"),
                        );
                        i += 1;
                        continue;
                    }
                    *phase = Phase::Body;
                    check_required_fields(entry, fields, parsed);
                    continue;
                }
                Phase::Body => {
                    if let Some(c) = marker.as_ref().filter(|c| c.key == "yield") {
                        if !c.exact {
                            parsed.findings.error(
                                "COMMENT_FORMAT",
                                "R20",
                                no,
                                1,
                                "the yield marker is exactly `<!-- yield -->`",
                            );
                        }
                        entry.yielded = true;
                        let (done, _, _) = current.take().expect("an entry is open");
                        close_entry(done, mark, parsed);
                        i += 1;
                        continue;
                    }
                    if outside {
                        check_body_line(lines, fences, i, parsed);
                        // Only a closed entry can close the session: only its prose is kept.
                        if let Some((entry, _, _)) = current.as_mut()
                            && entry.status == Some(EntryStatus::Closed)
                        {
                            entry.prose.push(line.to_owned());
                        }
                    }
                    i += 1;
                    continue;
                }
            }
        }
        // Between entries.
        if opens_entry {
            let c = marker.expect("an entry comment");
            current = Some((
                start_entry(line, &c, no, &mut ids, parsed),
                Phase::Position,
                Given::default(),
            ));
            mark = parsed.findings.0.len();
            stray_reported = false;
        } else if line.trim().is_empty() {
        } else if outside && opens_multiline_comment(line) {
            parsed.findings.error(
                "COMMENT_MULTILINE",
                "R20",
                no,
                1,
                "protocol metadata must be a one-line <!-- key: value --> comment",
            );
        } else if outside && line.trim_start().starts_with("entry:") {
            parsed.findings.error(
                "METADATA_NOT_IN_COMMENT",
                "R19",
                no,
                1,
                "entry metadata must be written in an HTML comment, <!-- entry: UUID -->",
            );
        } else if outside && is_heading(lines, fences, i) {
            parsed.findings.error(
                "UNEXPECTED_HEADING",
                "3.5",
                no,
                1,
                "a level-1 or level-2 heading in the Dialogue section",
            );
        } else if !stray_reported {
            stray_reported = true;
            parsed.findings.warning(
                "STRAY_CONTENT",
                "R2",
                no,
                1,
                "text between entries; new content belongs in entries appended after the last yield marker",
            );
        }
        i += 1;
    }
    if let Some((entry, phase, fields)) = current.take() {
        if phase == Phase::Fields {
            check_required_fields(&entry, &fields, parsed);
        }
        let (line, id) = (entry.line, entry.id.clone());
        close_entry(entry, mark, parsed);
        parsed.findings.error(
            "YIELD_MISSING",
            "4.6",
            line,
            1,
            format!("entry {id} has no <!-- yield --> marker: it is incomplete (Rule 4)"),
        );
        parsed.in_progress = true;
    }
}

/// Ends the entry being read. A duplicate (Rule 7) is ignored by every later check, so what
/// was found inside it is dropped; only its structure (a missing yield marker) still counts.
fn close_entry(entry: Entry, mark: usize, parsed: &mut Parsed) {
    if entry.duplicate {
        parsed.findings.0.truncate(mark);
    }
    parsed.entries.push(entry);
}

fn is_heading(lines: &[&str], fences: &[Fence], i: usize) -> bool {
    markdown::atx_heading(lines[i]).is_some()
        || (markdown::setext_underline(lines[i]).is_some()
            && i > 0
            && fences[i - 1].outside()
            && markdown::paragraph_line(lines[i - 1]))
}

fn check_body_line(lines: &[&str], fences: &[Fence], i: usize, parsed: &mut Parsed) {
    let line = lines[i];
    let no = i + 1;
    if is_heading(lines, fences, i) {
        parsed.findings.error(
            "BODY_HEADING",
            "4.5",
            no,
            1,
            "level-1 and level-2 headings are reserved for the session structure; use ### or below",
        );
    } else if let Some(c) = comment(line)
        && ["entry", "turn"].contains(&c.key)
    {
        parsed.findings.error(
            "METADATA_MISPLACED",
            "4.1",
            no,
            1,
            format!("`<!-- {}: ... -->` inside an entry body", c.key),
        );
    } else if opens_multiline_comment(line) && line.contains("yield") {
        parsed.findings.error(
            "COMMENT_MULTILINE",
            "R20",
            no,
            1,
            "protocol metadata must be a one-line <!-- key: value --> comment",
        );
    }
}
