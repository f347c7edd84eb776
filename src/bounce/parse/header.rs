//! The header: the three `<!-- key: value -->` lines a session file begins with (section 3.1).

use std::collections::HashSet;

use super::Parsed;
use super::column_of;
use crate::bounce::markdown::{comment, opens_multiline_comment};
use crate::bounce::model::{parse_time, uuid_version_4};

const HEADER_KEYS: &[&str] = &["bounce-protocol", "created", "session-id"];

/// The three header lines; returns the index of the first line after the header.
pub(super) fn parse_header(lines: &[&str], parsed: &mut Parsed) -> usize {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let no = index + 1;
        if opens_multiline_comment(line) {
            parsed.findings.error(
                "COMMENT_MULTILINE",
                "R20",
                no,
                1,
                "protocol metadata must be a one-line <!-- key: value --> comment",
            );
            index += 1;
            continue;
        }
        let Some(c) = comment(line) else {
            break;
        };
        if index >= 3 {
            parsed.findings.error(
                "HEADER_EXTRA",
                "3.1",
                no,
                1,
                "the header is exactly three comment lines; this is a fourth",
            );
            index += 1;
            continue;
        }
        index += 1;
        if !HEADER_KEYS.contains(&c.key) {
            parsed.findings.error(
                "HEADER_UNKNOWN",
                "3.1",
                no,
                1,
                format!(
                    "unknown header field `{}`; the header holds bounce-protocol, created and session-id",
                    c.key
                ),
            );
            continue;
        }
        if !seen.insert(c.key) {
            parsed.findings.error(
                "HEADER_DUPLICATE",
                "3.1",
                no,
                1,
                format!("the {} header line appears twice", c.key),
            );
            continue;
        }
        if !c.exact {
            parsed.findings.error(
                "HEADER_FORMAT",
                "3.1",
                no,
                1,
                "a header line is exactly `<!-- key: value -->`, single spaces, on one line",
            );
        }
        let column = column_of(line, c.value);
        check_header_value(c.key, c.value, no, column, parsed);
    }
    if index == 0
        && let Some(first) = lines.first()
        && HEADER_KEYS
            .iter()
            .any(|k| first.trim_start().starts_with(&format!("{k}:")))
    {
        parsed.findings.error(
            "METADATA_NOT_IN_COMMENT",
            "R19",
            1,
            1,
            "header metadata must be written in an HTML comment, <!-- key: value -->",
        );
    }
    for key in HEADER_KEYS {
        if !seen.contains(key) {
            parsed.findings.error(
                "HEADER_MISSING",
                "3.1",
                index.min(3) + 1,
                1,
                format!(
                    "the `<!-- {key}: ... -->` header line is missing; the file must begin with the three header lines"
                ),
            );
        }
    }
    index
}

fn check_header_value(key: &str, value: &str, no: usize, column: usize, parsed: &mut Parsed) {
    let findings = &mut parsed.findings;
    match key {
        "bounce-protocol" => {
            let parts: Option<(u64, u64)> = value
                .split_once('.')
                .filter(|(a, b)| {
                    [a, b]
                        .iter()
                        .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
                })
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
            match parts {
                None => findings.error(
                    "VERSION_INVALID",
                    "R9",
                    no,
                    column,
                    format!("bounce-protocol `{value}` is not a MAJOR.MINOR version"),
                ),
                Some((0, _)) => {}
                Some((major, _)) => findings.error(
                    "VERSION_UNSUPPORTED",
                    "R9",
                    no,
                    column,
                    format!("major version {major} is not supported; this parser reads 0.x"),
                ),
            }
        }
        "created" => match parse_time(value) {
            Some(at) => parsed.created = Some(at),
            None => findings.error(
                "CREATED_INVALID",
                "3.1",
                no,
                column,
                format!("created `{value}` is not an ISO-8601 date and time with a timezone"),
            ),
        },
        _ => match uuid_version_4(value) {
            Some(true) => {}
            Some(false) => findings.warning(
                "SESSION_ID_NOT_V4",
                "3.1",
                no,
                column,
                format!("session-id {value} is a UUID but not version 4"),
            ),
            None if value.is_empty() => findings.error(
                "SESSION_ID_INVALID",
                "3.1",
                no,
                column,
                "session-id is empty; it must be a lowercase hyphenated UUID v4",
            ),
            None => findings.error(
                "SESSION_ID_INVALID",
                "3.1",
                no,
                column,
                format!("session-id `{value}` is not a lowercase hyphenated UUID"),
            ),
        },
    }
}
