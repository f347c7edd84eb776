//! Positions files: entries headed `## NAME's position (round N)` or `## NAME's challenge
//! (round N)`, and status lines `## Status: OPEN|AGREED|ESCALATE` (the last one counts).
//! Only these exact forms count; prose that merely mentions a challenge does not.

use crate::names::{self, Name};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    Position,
    Challenge,
    /// `## NAME's duplicate proposal` (`parley duplicate`): neither a round nor a challenge.
    Duplicate,
}

impl EntryKind {
    pub fn word(self) -> &'static str {
        match self {
            EntryKind::Position => "position",
            EntryKind::Challenge => "challenge",
            EntryKind::Duplicate => "duplicate",
        }
    }

    /// The kind [`EntryKind::word`] names.
    pub fn from_word(word: &str) -> Option<EntryKind> {
        [
            EntryKind::Position,
            EntryKind::Challenge,
            EntryKind::Duplicate,
        ]
        .into_iter()
        .find(|kind| kind.word() == word)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    pub agent: Name,
    pub kind: EntryKind,
    pub round: u64,
    pub line: usize,
}

impl Entry {
    /// `NAME's position (round N)`: the heading without its `## `, how entries are named in
    /// messages and in the digests of the event log.
    pub fn title(&self) -> String {
        entry_title(&self.agent, self.kind, self.round)
    }
}

pub fn entry_title(agent: &Name, kind: EntryKind, round: u64) -> String {
    match kind {
        EntryKind::Duplicate => format!("{agent}'s {DUPLICATE_HEADING}"),
        _ => format!("{agent}'s {} (round {round})", kind.word()),
    }
}

/// What follows `NAME's ` in the heading of a duplicate proposal (its round is 0: none).
pub const DUPLICATE_HEADING: &str = "duplicate proposal";

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
            if let Some(word) = status_word(line) {
                // The last status line counts, even when it is not one of the three words:
                // a later `AGREEDISH` (or `## Status:AGREED`) must not leave an earlier
                // `AGREED` standing.
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

/// The status a line sets, if it is a status line: one of the three words in the exact form,
/// OPEN for any other (as [`Positions::parse`] counts it).
pub fn line_status(line: &str) -> Option<IssueStatus> {
    status_word(line.trim_end()).map(word_status)
}

/// The status a status line's word sets: OPEN for a word that is none of the three.
pub fn word_status(word: &str) -> IssueStatus {
    IssueStatus::parse(word).unwrap_or(IssueStatus::Open)
}

/// The word of a status line (a line that starts `## Status:`, its end trimmed): what follows
/// `## Status: ` in the exact form (one space), or for any other (`## Status:AGREED`,
/// two spaces) the whole line, which no status word equals.
fn status_word(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("## Status:")?;
    Some(match rest.strip_prefix(' ') {
        Some(word) if !word.starts_with(char::is_whitespace) => word,
        _ => line,
    })
}

/// Whether a line means something to parley: an entry heading or a status line. Text that
/// parley writes on an agent's behalf (a body, a decision) must hold none, or it could forge
/// an entry or flip the status.
pub fn is_structural(line: &str) -> bool {
    let line = line.trim_end();
    status_word(line).is_some() || parse_entry(line, 0).is_some()
}

/// `## NAME's position (round N)` / `## NAME's challenge (round N)` / `## NAME's duplicate
/// proposal`, exactly.
fn parse_entry(line: &str, line_no: usize) -> Option<Entry> {
    let rest = line.strip_prefix("## ")?;
    let (name, rest) = rest.split_once("'s ")?;
    if !names::is_valid(name) {
        return None;
    }
    if rest == DUPLICATE_HEADING {
        return Some(Entry {
            agent: Name::parse_str("agent name", name).ok()?,
            kind: EntryKind::Duplicate,
            round: 0,
            line: line_no,
        });
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

/// What a stretch of a positions file is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SectionKind {
    /// Everything before the first entry or status line: the `# Positions: TITLE` heading.
    Preamble,
    Entry(Entry),
    /// A status line, with the word as written, and the decision or summary under it.
    Status(String),
}

/// A positions file cut at its entry headings and status lines: each section runs from its
/// heading line to the next one (other `## ` lines are part of the text of the section).
#[derive(Debug, Clone)]
pub struct Section<'a> {
    pub kind: SectionKind,
    /// 1-based number of the section's first line.
    pub line: usize,
    /// Byte range of the section in the file, heading and trailing blank lines included.
    pub start: usize,
    pub end: usize,
    pub text: &'a str,
}

impl Section<'_> {
    /// The text under the heading (the whole text for the preamble), with trailing spaces and
    /// surrounding blank lines removed: what counts when an edit is looked for, so that the
    /// blank lines parley adds or removes around a moved status line never count.
    pub fn body(&self) -> String {
        let mut lines: Vec<&str> = self.text.lines().map(str::trim_end).collect();
        if self.kind != SectionKind::Preamble && !lines.is_empty() {
            lines.remove(0);
        }
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let first = lines
            .iter()
            .position(|l| !l.is_empty())
            .unwrap_or(lines.len());
        lines[first..].join("\n")
    }

    pub fn is_status(&self) -> bool {
        matches!(self.kind, SectionKind::Status(_))
    }
}

/// Cuts `text` into its preamble (possibly empty), entries and status sections, in order.
pub fn sections(text: &str) -> Vec<Section<'_>> {
    let mut sections = Vec::new();
    let mut current = (SectionKind::Preamble, 1, 0);
    let mut offset = 0;
    for (index, raw) in text.split_inclusive('\n').enumerate() {
        let line_no = index + 1;
        let line = raw.trim_end();
        let kind = if let Some(word) = status_word(line) {
            Some(SectionKind::Status(word.to_owned()))
        } else {
            parse_entry(line, line_no).map(SectionKind::Entry)
        };
        if let Some(kind) = kind {
            let (previous, line, start) = std::mem::replace(&mut current, (kind, line_no, offset));
            if previous != SectionKind::Preamble || offset > 0 {
                sections.push(Section {
                    kind: previous,
                    line,
                    start,
                    end: offset,
                    text: &text[start..offset],
                });
            }
        }
        offset += raw.len();
    }
    let (kind, line, start) = current;
    sections.push(Section {
        kind,
        line,
        start,
        end: text.len(),
        text: &text[start..],
    });
    sections
}

/// A new entry: its heading and its body.
pub fn entry_block(agent: &Name, kind: EntryKind, round: u64, body: &str) -> String {
    format!(
        "## {}\n{}\n",
        entry_title(agent, kind, round),
        body.trim_end()
    )
}

/// A new positions file: the heading, the first entry, `## Status: OPEN`.
pub fn new_file(title: &str, entry: &str) -> String {
    format!(
        "# Positions: {title}\n\n{}## Status: OPEN\n",
        with_blank_line(entry)
    )
}

/// `text` with `entry` appended. The last status section (the one that counts) is moved
/// after it, so the file keeps the protocol's layout, entries then status; everything else
/// stays byte for byte. A file without a status line gets `## Status: OPEN`.
pub fn append_entry(text: &str, entry: &str) -> String {
    let all = sections(text);
    let status = all.iter().rev().find(|s| s.is_status());
    let (kept, status_text) = match status {
        Some(s) => (
            format!("{}{}", &text[..s.start], &text[s.end..]),
            s.text.trim_end().to_owned(),
        ),
        None => (text.to_owned(), "## Status: OPEN".to_owned()),
    };
    format!(
        "{}\n\n{}{status_text}\n",
        kept.trim_end(),
        with_blank_line(entry)
    )
}

/// `text` with its last status section replaced by `## Status: WORD` and `body`, in place
/// (appended when the file has no status line).
pub fn set_status(text: &str, status: IssueStatus, body: &str) -> String {
    let block = format!("## Status: {}\n{}\n", status.word(), body.trim_end());
    let all = sections(text);
    match all.iter().rev().find(|s| s.is_status()) {
        Some(s) => {
            let rest = &text[s.end..];
            let separator = if rest.is_empty() { "" } else { "\n" };
            format!("{}{block}{separator}{rest}", &text[..s.start])
        }
        None => format!("{}\n\n{block}", text.trim_end()),
    }
}

fn with_blank_line(block: &str) -> String {
    format!("{}\n\n", block.trim_end())
}
