//! Writing one entry (section 4.1): metadata, status line, fields, body, yield marker last.

use rust_decimal::Decimal;

use super::markdown::{self, comment};
use super::model::{EntryStatus, Stance, Word, format_decimal};
use crate::error::{Error, Result};

/// An entry about to be appended.
#[derive(Debug, Clone)]
pub struct NewEntry {
    pub id: String,
    pub turn: u64,
    pub round: u64,
    pub at: String,
    pub author: String,
    pub status: EntryStatus,
    pub stance: Option<Stance>,
    pub confidence: Option<Decimal>,
    pub summary: Option<String>,
    pub action_requested: Option<String>,
    pub evidence: Option<String>,
    pub body: String,
}

impl NewEntry {
    /// The bytes to append after `existing`: a blank line first when the file does not end
    /// with one, then the entry, ending with `<!-- yield -->` and a newline.
    pub fn render(&self, existing: &str) -> String {
        let mut text = String::new();
        if !existing.is_empty() && !existing.ends_with('\n') {
            text.push('\n');
        }
        if !existing.ends_with("\n\n") {
            text.push('\n');
        }
        text.push_str(&format!("<!-- entry: {} -->\n", self.id));
        text.push_str(&format!(
            "<!-- turn: {} round: {} -->\n",
            self.turn, self.round
        ));
        text.push_str(&format!(
            "{} [author: {}] [status: {}]\n",
            self.at,
            self.author,
            self.status.as_str()
        ));
        let fields = [
            ("stance", self.stance.map(|s| s.as_str().to_owned())),
            ("confidence", self.confidence.map(format_decimal)),
            ("summary", self.summary.clone()),
            ("action_requested", self.action_requested.clone()),
            ("evidence", self.evidence.clone()),
        ];
        for (key, value) in fields {
            if let Some(value) = value {
                text.push_str(&format!("{key}: {value}\n"));
            }
        }
        text.push('\n');
        if !self.body.is_empty() {
            text.push_str(&self.body);
            text.push_str("\n\n");
        }
        text.push_str("<!-- yield -->\n");
        text
    }
}

/// A body as an entry can carry it: trimmed of blank lines around it, without level-1 or
/// level-2 headings or protocol comments outside code fences, every fence closed.
pub fn check_body(raw: &str) -> Result<String> {
    let body = raw
        .trim_end()
        .trim_start_matches(['\n', '\r'])
        .replace('\r', "");
    let lines: Vec<&str> = body.lines().collect();
    let fences = markdown::fences(&lines);
    if let Some((i, _)) = markdown::headings(&lines, &fences).first() {
        return Err(Error::bad_input(
            "BODY_HEADING",
            format!(
                "body line {}: level-1 and level-2 headings are reserved for the session structure (section 4.5)",
                i + 1
            ),
        )
        .with_hint("use ### or a lower level for headings in an entry"));
    }
    for (i, line) in lines.iter().enumerate() {
        let protocol = comment(line).is_some_and(|c| ["entry", "turn", "yield"].contains(&c.key))
            || markdown::opens_multiline_comment(line) && line.contains("yield");
        if fences[i].outside() && protocol {
            return Err(Error::bad_input(
                "BODY_MARKER",
                format!(
                    "body line {}: protocol metadata cannot appear in a body",
                    i + 1
                ),
            ));
        }
    }
    if markdown::leaves_fence_open(&lines) {
        return Err(Error::bad_input(
            "BODY_UNCLOSED_FENCE",
            "the body opens a code fence it never closes; the yield marker would fall inside it",
        ));
    }
    Ok(body)
}

/// A structured field value: one line, not empty.
pub fn check_field(name: &str, value: Option<String>) -> Result<Option<String>> {
    match value {
        Some(v) if v.trim().is_empty() || v.contains(['\n', '\r']) => Err(Error::bad_input(
            "INVALID_FIELD",
            format!("--{} must be one non-empty line", name.replace('_', "-")),
        )),
        Some(v) => Ok(Some(v.trim().to_owned())),
        None => Ok(None),
    }
}
