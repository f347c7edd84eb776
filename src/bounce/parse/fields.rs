//! An entry's structured fields (section 4.4): which were given, their values, and what
//! structured mode requires of them.

use super::Parsed;
use crate::bounce::finding::Findings;
use crate::bounce::model::{
    Entry, FIELDS, OutputFormat, Stance, Word, in_unit_range, parse_decimal,
};

/// Which of the structured fields (in the order of [`FIELDS`]) an entry gave.
pub(super) type Given = [bool; 5];

/// A structured field line, `key: value` with a key of section 4.4: its index in [`FIELDS`].
pub(super) fn field(line: &str) -> Option<(usize, &'static str, &str)> {
    FIELDS.iter().enumerate().find_map(|(index, key)| {
        let rest = line.strip_prefix(key)?.strip_prefix(':')?;
        Some((index, *key, rest.trim()))
    })
}

/// A `key: value` line among the structured fields with a key section 4.4 does not know.
pub(super) fn unknown_field(line: &str) -> Option<&str> {
    let (key, _) = line.split_once(": ")?;
    let mut bytes = key.bytes();
    let plain = bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    plain.then_some(key)
}

pub(super) fn record_field(
    key: &str,
    value: &str,
    no: usize,
    entry: &mut Entry,
    findings: &mut Findings,
) {
    let column = key.len() + 3;
    match key {
        "stance" => match Stance::parse(value) {
            Some(s) => entry.stance = Some(s),
            None => findings.error(
                "STANCE_INVALID",
                "R10",
                no,
                column,
                format!("stance `{value}` is not one of {}", Stance::choices()),
            ),
        },
        "confidence" => match parse_decimal(value) {
            Some(c) if in_unit_range(c) => entry.confidence = Some(c),
            Some(_) => findings.error(
                "CONFIDENCE_OUT_OF_RANGE",
                "R11",
                no,
                column,
                format!("confidence {value} is outside [0.0, 1.0]"),
            ),
            None => findings.error(
                "CONFIDENCE_INVALID",
                "R11",
                no,
                column,
                format!("confidence `{value}` is not a decimal number in [0.0, 1.0]"),
            ),
        },
        "action_requested" => entry.action_requested = Some(value.to_owned()),
        _ => {}
    }
}

pub(super) fn is_structured(parsed: &Parsed) -> bool {
    parsed
        .rules
        .as_ref()
        .is_some_and(|r| r.output_format == OutputFormat::Structured)
}

pub(super) fn check_required_fields(entry: &Entry, fields: &Given, parsed: &mut Parsed) {
    if !is_structured(parsed) {
        return;
    }
    let missing: Vec<&str> = FIELDS
        .iter()
        .zip(fields)
        .filter(|(_, given)| !**given)
        .map(|(f, _)| *f)
        .collect();
    if !missing.is_empty() {
        parsed.findings.error(
            "FIELD_MISSING",
            "4.4",
            entry.line,
            1,
            format!(
                "entry {} lacks {}: every structured field is required when output-format is structured",
                entry.id,
                missing.join(", ")
            ),
        );
    }
}
