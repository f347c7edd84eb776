//! Positions files: entries headed `## NAME's position (round N)` or `## NAME's challenge
//! (round N)`, and status lines `## Status: OPEN|AGREED|ESCALATE` (the last one counts).
//! Only these exact forms count; prose that merely mentions a challenge does not.

use crate::names::{self, Name};

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum IssueStatus {
    Open,
    Agreed,
    Escalate,
}

impl IssueStatus {
    pub fn word(self) -> &'static str {
        match self {
            IssueStatus::Open => "OPEN",
            IssueStatus::Agreed => "AGREED",
            IssueStatus::Escalate => "ESCALATE",
        }
    }

    fn parse(word: &str) -> Option<IssueStatus> {
        match word {
            "OPEN" => Some(IssueStatus::Open),
            "AGREED" => Some(IssueStatus::Agreed),
            "ESCALATE" => Some(IssueStatus::Escalate),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    Position,
    Challenge,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    pub agent: Name,
    pub kind: EntryKind,
    pub round: u64,
    pub line: usize,
}

/// What a positions file says.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Positions {
    pub status: IssueStatus,
    pub entries: Vec<Entry>,
    /// Things a reader should know: a missing or unrecognized status line.
    pub warnings: Vec<String>,
}

impl Positions {
    pub fn parse(text: &str) -> Positions {
        let mut status = None;
        let mut entries = Vec::new();
        let mut warnings = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line_no = index + 1;
            let line = raw.trim_end();
            if let Some(word) = line.strip_prefix("## Status:") {
                let word = word.trim();
                // The last status line counts, even when it is not one of the three words:
                // a later `AGREEDISH` must not leave an earlier `AGREED` standing.
                status = Some(IssueStatus::parse(word).unwrap_or_else(|| {
                    warnings.push(format!(
                        "line {line_no}: unrecognized status {word:?}, counted as OPEN (only OPEN, AGREED and ESCALATE count)"
                    ));
                    IssueStatus::Open
                }));
            } else if let Some(entry) = parse_entry(line, line_no) {
                entries.push(entry);
            }
        }
        if status.is_none() {
            warnings.push("no status line; counted as OPEN".to_owned());
        }
        Positions {
            status: status.unwrap_or(IssueStatus::Open),
            entries,
            warnings,
        }
    }

    /// Agents who wrote a position, in order of first appearance.
    pub fn position_authors(&self) -> Vec<&Name> {
        self.authors(EntryKind::Position)
    }

    pub fn challenge_authors(&self) -> Vec<&Name> {
        self.authors(EntryKind::Challenge)
    }

    fn authors(&self, kind: EntryKind) -> Vec<&Name> {
        let mut seen: Vec<&Name> = Vec::new();
        for entry in self.entries.iter().filter(|e| e.kind == kind) {
            if !seen.contains(&&entry.agent) {
                seen.push(&entry.agent);
            }
        }
        seen
    }

    /// Everyone who wrote an entry of any kind.
    pub fn participants(&self) -> Vec<&Name> {
        let mut seen: Vec<&Name> = Vec::new();
        for entry in &self.entries {
            if !seen.contains(&&entry.agent) {
                seen.push(&entry.agent);
            }
        }
        seen
    }
}

/// `## NAME's position (round N)` / `## NAME's challenge (round N)`, exactly.
fn parse_entry(line: &str, line_no: usize) -> Option<Entry> {
    let rest = line.strip_prefix("## ")?;
    let (name, rest) = rest.split_once("'s ")?;
    if !names::is_valid(name) {
        return None;
    }
    let (kind, rest) = if let Some(r) = rest.strip_prefix("position (round ") {
        (EntryKind::Position, r)
    } else if let Some(r) = rest.strip_prefix("challenge (round ") {
        (EntryKind::Challenge, r)
    } else {
        return None;
    };
    let digits = rest.strip_suffix(')')?;
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(Entry {
        agent: Name::parse_str("agent name", name).ok()?,
        kind,
        round: digits.parse().ok()?,
        line: line_no,
    })
}
