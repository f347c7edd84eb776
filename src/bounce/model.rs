//! The words and values of a bounce session: the enumerations of the Protocol Rules and of
//! entries, the rules themselves, one entry, and the small value checks they share.

use std::str::FromStr;

use chrono::{DateTime, NaiveDateTime, Utc};
use rust_decimal::Decimal;

/// An enumeration written as fixed words in the file.
pub trait Word: Sized + Copy + PartialEq + 'static {
    const ALL: &'static [(&'static str, Self)];

    fn parse(text: &str) -> Option<Self> {
        Self::ALL.iter().find(|(w, _)| *w == text).map(|(_, v)| *v)
    }

    fn as_str(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, v)| *v == self)
            .map(|(w, _)| *w)
            .unwrap_or("")
    }

    /// "a, b or c", for messages.
    fn choices() -> String {
        let words: Vec<&str> = Self::ALL.iter().map(|(w, _)| *w).collect();
        match words.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnOrder {
    RoundRobin,
    FreeForm,
    Supervised,
}

impl Word for TurnOrder {
    const ALL: &'static [(&'static str, Self)] = &[
        ("round-robin", TurnOrder::RoundRobin),
        ("free-form", TurnOrder::FreeForm),
        ("supervised", TurnOrder::Supervised),
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConsensusMode {
    Majority,
    Weighted,
    Unanimous,
}

impl Word for ConsensusMode {
    const ALL: &'static [(&'static str, Self)] = &[
        ("majority", ConsensusMode::Majority),
        ("weighted", ConsensusMode::Weighted),
        ("unanimous", ConsensusMode::Unanimous),
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Escalation {
    Human,
    DefaultAction,
    TimeoutSkip,
}

impl Word for Escalation {
    const ALL: &'static [(&'static str, Self)] = &[
        ("human", Escalation::Human),
        ("default-action", Escalation::DefaultAction),
        ("timeout-skip", Escalation::TimeoutSkip),
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutputFormat {
    Structured,
    FreeText,
}

impl Word for OutputFormat {
    const ALL: &'static [(&'static str, Self)] = &[
        ("structured", OutputFormat::Structured),
        ("free-text", OutputFormat::FreeText),
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stance {
    Approve,
    Reject,
    Neutral,
    Defer,
}

impl Word for Stance {
    const ALL: &'static [(&'static str, Self)] = &[
        ("approve", Stance::Approve),
        ("reject", Stance::Reject),
        ("neutral", Stance::Neutral),
        ("defer", Stance::Defer),
    ];
}

/// The runtime vocabulary of the spec's appendix and the protocol stance it maps to.
pub const RUNTIME_STANCES: &[(&str, Stance)] = &[
    ("strongly_agree", Stance::Approve),
    ("agree", Stance::Approve),
    ("refine", Stance::Approve),
    ("synthesize", Stance::Neutral),
    ("disagree", Stance::Reject),
    ("strongly_disagree", Stance::Reject),
];

/// The entry status values of section 4.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryStatus {
    Open,
    InProgress,
    Closed,
    Yield,
}

impl Word for EntryStatus {
    const ALL: &'static [(&'static str, Self)] = &[
        ("open", EntryStatus::Open),
        ("in_progress", EntryStatus::InProgress),
        ("closed", EntryStatus::Closed),
        ("yield", EntryStatus::Yield),
    ];
}

/// The Protocol Rules of a session, once every key parsed.
#[derive(Debug, Clone)]
pub struct Rules {
    pub agents: Vec<String>,
    pub turn_order: TurnOrder,
    pub max_turns_per_round: u64,
    pub turn_timeout: u64,
    pub threshold: Decimal,
    pub mode: ConsensusMode,
    pub escalation: Escalation,
    pub max_rounds: u64,
    pub output_format: OutputFormat,
}

impl Rules {
    pub fn lists(&self, agent: &str) -> bool {
        self.agents.iter().any(|a| a == agent)
    }
}

/// The five structured fields of section 4.4, in the order they are written.
pub const FIELDS: &[&str] = &[
    "stance",
    "confidence",
    "summary",
    "action_requested",
    "evidence",
];

/// One dialogue entry as read from the file.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    /// Line of `<!-- entry: ... -->`, 1-based.
    pub line: usize,
    pub id: String,
    /// `None` when the position line is missing or malformed.
    pub position: Option<(u64, u64)>,
    pub at: Option<DateTime<Utc>>,
    pub author: String,
    pub status: Option<EntryStatus>,
    pub stance: Option<Stance>,
    pub confidence: Option<Decimal>,
    pub action_requested: Option<String>,
    /// The body lines outside code fences of a `closed` entry, for the closing-entry check.
    pub prose: Vec<String>,
    pub yielded: bool,
    /// A second occurrence of an entry id: ignored by every check after Rule 7.
    pub duplicate: bool,
}

impl Entry {
    pub fn round(&self) -> Option<u64> {
        self.position.map(|(_, round)| round)
    }
}

/// A lowercase hyphenated 8-4-4-4-12 UUID: `Some(true)` when its version nibble is 4,
/// `Some(false)` for another version, `None` when it is no such UUID.
pub fn uuid_version_4(text: &str) -> Option<bool> {
    let bytes = text.as_bytes();
    if bytes.len() != 36 {
        return None;
    }
    for (i, b) in bytes.iter().enumerate() {
        let hyphen = matches!(i, 8 | 13 | 18 | 23);
        let ok = if hyphen {
            *b == b'-'
        } else {
            b.is_ascii_digit() || (b'a'..=b'f').contains(b)
        };
        if !ok {
            return None;
        }
    }
    Some(bytes[14] == b'4')
}

/// An ISO-8601 date and time with a timezone (RFC 3339, or without seconds).
pub fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Some(t.with_timezone(&Utc));
    }
    for format in ["%Y-%m-%dT%H:%M%:z", "%Y-%m-%dT%H:%M%z"] {
        if let Ok(t) = DateTime::parse_from_str(text, format) {
            return Some(t.with_timezone(&Utc));
        }
    }
    let naive = text.strip_suffix('Z')?;
    NaiveDateTime::parse_from_str(naive, "%Y-%m-%dT%H:%M")
        .ok()
        .map(|t| t.and_utc())
}

/// A plain decimal number (`0.85`, `1`, `-0.5`): digits with an optional fraction, exactly.
pub fn parse_decimal(text: &str) -> Option<Decimal> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !plain(whole) || fraction.is_some_and(|f| !plain(f)) {
        return None;
    }
    Decimal::from_str(text).ok()
}

/// A strictly positive integer written with digits only.
pub fn parse_count(text: &str) -> Result<u64, &'static str> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return match text.parse::<u64>() {
            Ok(0) => Err("must be a positive integer, not 0"),
            Ok(n) => Ok(n),
            Err(_) => Err("is too large"),
        };
    }
    if text
        .strip_prefix('-')
        .is_some_and(|d| parse_decimal(d).is_some())
    {
        return Err("must be a positive integer");
    }
    Err("is not an integer")
}

/// Whether `value` lies in [0, 1].
pub fn in_unit_range(value: Decimal) -> bool {
    value >= Decimal::ZERO && value <= Decimal::ONE
}

/// A decimal as written to a file and to JSON: `0.85`, `1.0`, `0.0`.
pub fn format_decimal(value: Decimal) -> String {
    let text = value.normalize().to_string();
    if text.contains('.') {
        text
    } else {
        format!("{text}.0")
    }
}

/// The schema's agent-name pattern, `^[a-z0-9][a-z0-9-]*[a-z0-9]$`.
pub fn schema_agent_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let inner = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    bytes.len() >= 2
        && inner(&bytes[0])
        && inner(&bytes[bytes.len() - 1])
        && bytes.iter().all(|b| inner(b) || *b == b'-')
}
