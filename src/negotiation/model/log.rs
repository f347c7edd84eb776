//! The event log, `DIR/.parley/log.jsonl`: one JSON line per state change, appended under the
//! lock through the store's JSONL module (`store::jsonl`), which owns the crash discipline: a
//! torn last line is skipped with a warning when read and moved aside before the next append;
//! any other line that is not an event is an error naming the line.

use std::ops::Range;

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::error::Result;
use crate::store::jsonl::{self, JsonLines};
use crate::store::{Locked, PARLEY_DIR, Store};

use crate::negotiation::model::scan::Scan;

pub const FILE: &str = ".parley/log.jsonl";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event {
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    pub at: CompactString,
    /// The agent who caused the change, when there is one.
    pub agent: Option<CompactString>,
    /// The applet that made the change.
    pub command: CompactString,
    /// What changed ([`EventKind`]), under the key `event` on disk.
    #[serde(rename = "event")]
    pub kind: EventKind,
    pub before: Option<CompactString>,
    pub after: Option<CompactString>,
    /// Structured detail of events that need more than a before and an after (`digest`,
    /// `edit`, `resolve`); absent from every other event. Kept as the log's text and parsed
    /// only where a command reads it ([`Event::detail_as`], [`Event::detail_value`]): most
    /// commands that read the whole log look at few details, and building a JSON tree of
    /// every detail (then dropping it) was most of their cost. Written and shown as it was
    /// logged (serialized compactly from a JSON value, so its keys are in order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<Box<RawValue>>,
}

/// What an event of the log records. Each kind has one name on disk (the `event` key), kept
/// as the old scripts and earlier versions wrote it; a name this version does not know is
/// kept as [`EventKind::Other`] and written back unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// The negotiation was created (`init`).
    Init,
    /// An agent registered.
    Register,
    /// The registration deadline passed with enough agents.
    Deadline,
    /// The turn went from one agent to another (`before` → `after`).
    Turn,
    /// The phase changed.
    Phase,
    /// An agent filed a draft issue during the analysis.
    Draft,
    /// An issue was raised during the positions phase (`new-issue`).
    Issue,
    /// An agent ended its analysis (`analysis-done`).
    AnalysisDone,
    /// A timed-out agent's analysis was forfeited.
    Forfeit,
    /// A timed-out holder was skipped.
    Skip,
    /// The drafts were merged into `issues/`.
    Merge,
    /// The negotiation was finished.
    Finish,
    /// A position or challenge entry was written (`position`, `challenge`, `duplicate`).
    Entry,
    /// An issue's status line changed (`agree`, `escalate`).
    Status,
    /// A person settled an escalated issue.
    Resolve,
    /// A settled issue was reopened.
    Reopen,
    /// The coverage audit's template was written (`audit-template`).
    AuditTemplate,
    /// The positions files recorded at a hand-over (see `digest.rs`).
    Digest,
    /// An edit of a recorded positions file, found at a hand-over.
    Edit,
    /// `finish --accept-edits` acknowledged the edits listed.
    AcceptEdits,
    /// A note was appended to `notes.md`.
    Note,
    /// An agent signed off `final.md` and the coverage audit (`sign-off`).
    SignOff,
    /// An agent wrote its analysis, `analysis/AGENT.md` (`analysis`).
    Analysis,
    /// The coverage audit was written through `audit`.
    Audit,
    /// `final.md` was written through `final`.
    Final,
    /// A kind this version does not know, kept by its name.
    Other(CompactString),
}

impl EventKind {
    /// Every kind this version knows, with its name on disk.
    const NAMES: [(EventKind, &'static str); 25] = [
        (EventKind::Init, "init"),
        (EventKind::Register, "register"),
        (EventKind::Deadline, "deadline"),
        (EventKind::Turn, "turn"),
        (EventKind::Phase, "phase"),
        (EventKind::Draft, "draft"),
        (EventKind::Issue, "issue"),
        (EventKind::AnalysisDone, "analysis-done"),
        (EventKind::Forfeit, "forfeit"),
        (EventKind::Skip, "skip"),
        (EventKind::Merge, "merge"),
        (EventKind::Finish, "finish"),
        (EventKind::Entry, "entry"),
        (EventKind::Status, "status"),
        (EventKind::Resolve, "resolve"),
        (EventKind::Reopen, "reopen"),
        (EventKind::AuditTemplate, "audit-template"),
        (EventKind::Digest, "digest"),
        (EventKind::Edit, "edit"),
        (EventKind::AcceptEdits, "accept-edits"),
        (EventKind::Note, "note"),
        (EventKind::SignOff, "sign-off"),
        (EventKind::Analysis, "analysis"),
        (EventKind::Audit, "audit"),
        (EventKind::Final, "final"),
    ];

    /// The kind named `name` on disk.
    pub fn from_name(name: &str) -> EventKind {
        Self::NAMES
            .iter()
            .find(|(_, known)| *known == name)
            .map_or_else(|| EventKind::Other(name.into()), |(kind, _)| kind.clone())
    }

    /// Its name on disk.
    pub fn name(&self) -> &str {
        match self {
            EventKind::Other(name) => name,
            known => Self::NAMES
                .iter()
                .find(|(kind, _)| kind == known)
                .map(|(_, name)| *name)
                .expect("every known kind has a name"),
        }
    }
}

impl std::fmt::Display for EventKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

impl Serialize for EventKind {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for EventKind {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Self, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = EventKind;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the name of an event kind")
            }
            fn visit_str<E: serde::de::Error>(
                self,
                name: &str,
            ) -> std::result::Result<EventKind, E> {
                Ok(EventKind::from_name(name))
            }
        }
        deserializer.deserialize_str(Name)
    }
}

impl PartialEq for Event {
    fn eq(&self, other: &Event) -> bool {
        fn raw(event: &Event) -> Option<&str> {
            event.detail.as_deref().map(RawValue::get)
        }
        (&self.at, &self.agent, &self.command, &self.kind)
            == (&other.at, &other.agent, &other.command, &other.kind)
            && (&self.before, &self.after) == (&other.before, &other.after)
            && raw(self) == raw(other)
    }
}

impl Eq for Event {}

impl Event {
    pub fn new(at: String, agent: Option<&str>, command: &str, kind: EventKind) -> Event {
        Event {
            at: at.into(),
            agent: agent.map(CompactString::new),
            command: CompactString::new(command),
            kind,
            before: None,
            after: None,
            detail: None,
        }
    }

    /// Whether it logs an issue marked AGREED by `agree`.
    pub fn is_agreement(&self) -> bool {
        self.command == "agree" && self.kind == EventKind::Status
    }

    /// Whether it changes a decision or the set of issues (a status set, a person's
    /// settlement, a reopen, a new issue, the merge, an edit of recorded positions found): it
    /// voids every sign-off given before it (`rules::sign_off`).
    pub fn changes_decisions(&self) -> bool {
        matches!(
            self.kind,
            EventKind::Status
                | EventKind::Resolve
                | EventKind::Reopen
                | EventKind::Issue
                | EventKind::Merge
                | EventKind::Edit
        )
    }

    /// Whether it writes `final.md` or `coverage-audit.md` (`final`, `audit`,
    /// `audit-template`), the documents a sign-off covers.
    pub fn writes_signed_document(&self) -> bool {
        matches!(
            self.kind,
            EventKind::Final | EventKind::Audit | EventKind::AuditTemplate
        )
    }

    /// Whether the sign-off rule reads it: a sign-off, a skip, or a change that may void one.
    pub fn read_by_sign_off(&self) -> bool {
        self.kind == EventKind::SignOff
            || self.kind == EventKind::Skip
            || self.changes_decisions()
            || self.writes_signed_document()
    }

    /// Whether it logs a duplicate proposal (its entry in the positions file, by `duplicate`).
    pub fn is_duplicate_proposal(&self) -> bool {
        self.command == "duplicate" && self.kind == EventKind::Entry
    }

    pub fn with_detail(mut self, detail: serde_json::Value) -> Event {
        let raw = serde_json::value::to_raw_value(&detail).expect("a JSON value always serializes");
        self.detail = Some(raw);
        self
    }

    /// The detail read as a `T` (borrowing from the event where `T` does); `None` when there
    /// is none or it is not a `T`.
    pub fn detail_as<'e, T: Deserialize<'e>>(&'e self) -> Option<T> {
        serde_json::from_str(self.detail.as_deref()?.get()).ok()
    }

    /// The detail as a JSON value, for the few events read field by field.
    pub fn detail_value(&self) -> Option<serde_json::Value> {
        self.detail_as()
    }

    pub fn change(mut self, before: Option<String>, after: Option<String>) -> Event {
        self.before = before.map(CompactString::from);
        self.after = after.map(CompactString::from);
        self
    }

    pub fn append(&self, locked: &Locked) -> Result<()> {
        append_all(locked, std::slice::from_ref(self))
    }

    /// A line of the log exactly as [`append_at`] writes an event without a detail (every
    /// field, in order, `null` for none), read by a [`Scan`]; `None` at anything else, which
    /// the general parser then reads: both give the same for any line this one reads (a
    /// property test). Most of the log is such lines (a hand-over's `turn`, a registration,
    /// an issue raised), and a hand-over reads those logged since the digests file at every
    /// turn: up to 16 KB, about 140 lines, at 1.5 to 2 µs each through the general parser.
    fn as_written(line: &str) -> Option<Event> {
        let mut scan = Scan(line.strip_prefix(r#"{"at":"#)?);
        let at = scan.string()?;
        scan.expect(r#","agent":"#)?;
        let agent = scan.or_null(Scan::string)?;
        scan.expect(r#","command":"#)?;
        let command = scan.string()?;
        scan.expect(r#","event":"#)?;
        let kind = EventKind::from_name(scan.string()?);
        scan.expect(r#","before":"#)?;
        let before = scan.or_null(Scan::string)?;
        scan.expect(r#","after":"#)?;
        let after = scan.or_null(Scan::string)?;
        (scan.0 == "}").then(|| Event {
            at: at.into(),
            agent: agent.map(CompactString::new),
            command: command.into(),
            kind,
            before: before.map(CompactString::new),
            after: after.map(CompactString::new),
            detail: None,
        })
    }
}

/// Appends several events in one write (one sync), e.g. the digests of a hand-over.
pub fn append_all(locked: &Locked, events: &[Event]) -> Result<()> {
    append_at(locked, events).map(drop)
}

/// [`append_all`], telling where in the log the events were written (an empty range at 0
/// when there were none).
pub fn append_at(locked: &Locked, events: &[Event]) -> Result<Range<u64>> {
    if events.is_empty() {
        return Ok(0..0);
    }
    locked.ensure_dir(PARLEY_DIR)?;
    let lines: Vec<String> = events
        .iter()
        .map(|event| serde_json::to_string(event).expect("an event always serializes"))
        .collect();
    locked.append_jsonl(FILE, &lines)
}

/// The events of the log from byte `from` (0, or the end of a whole line recorded earlier),
/// with the store's reading policy; an empty stretch when there is no log.
pub fn read_from(store: &Store, from: u64) -> Result<JsonLines<Event>> {
    let Some((_, bytes)) = store.read_from(FILE, from)? else {
        return Ok(JsonLines {
            records: Vec::new(),
            warnings: Vec::new(),
            end: 0,
            whole: true,
        });
    };
    parse_from(store, from, &bytes)
}

/// The events of `bytes`, the log's content from byte `from` to its end, already read by the
/// caller: the same reading and checks as [`read_from`].
pub fn parse_from(store: &Store, from: u64, bytes: &[u8]) -> Result<JsonLines<Event>> {
    jsonl::parse_scanning(store, FILE, from, bytes, Event::as_written, detail_is_json)
}

/// Refuses a detail that only a full parse would find broken. Kept raw, a detail is checked
/// for its syntax alone, which lets through a number out of range (`1e400`) and a lone
/// surrogate escape (`"\ud800"`): a log edited by hand that holds one must still be refused
/// as malformed, naming its line, as it was when every detail was parsed. Only a detail that
/// holds an escape, an exponent or a long run of digits can be such a one, so only those are
/// parsed here.
fn detail_is_json(event: &Event) -> std::result::Result<(), String> {
    let Some(raw) = event.detail.as_deref().map(RawValue::get) else {
        return Ok(());
    };
    if !may_need_a_full_parse(raw.as_bytes()) {
        return Ok(());
    }
    serde_json::from_str::<serde_json::Value>(raw)
        .map(drop)
        .map_err(|e| format!("the detail is not valid JSON: {e}"))
}

/// Whether `raw` (a detail whose syntax is already checked) holds a `\u` escape in a string,
/// or a number with an exponent or with 20 digits in a row: what a syntax check alone passes
/// and a parse may refuse. Strings are told apart from numbers, so that the hex digests and
/// fingerprints of `digest` records (`"9e3f…"`) are not taken for exponents: they are most of
/// a log, and parsing them all was most of reading it.
fn may_need_a_full_parse(raw: &[u8]) -> bool {
    let mut at = 0;
    let mut digits = 0;
    let mut after_digit = false;
    while let Some(&byte) = raw.get(at) {
        at += 1;
        match byte {
            b'"' => {
                // A string: only an escape can make it fail a full parse. Most of a detail is
                // strings (digests, titles), so the scan jumps to the next quote or escape.
                loop {
                    let Some(found) = raw
                        .get(at..)
                        .and_then(|rest| crate::find::either(b'"', b'\\', rest))
                    else {
                        // Unterminated: the syntax check refuses it anyway; parse to be sure.
                        return true;
                    };
                    at += found + 1;
                    if raw[at - 1] == b'"' {
                        break;
                    }
                    if raw.get(at) == Some(&b'u') {
                        return true;
                    }
                    // The escaped character, whatever it is, ends no string.
                    at += 1;
                }
                digits = 0;
                after_digit = false;
            }
            b'0'..=b'9' => {
                digits += 1;
                if digits >= 20 {
                    return true;
                }
                after_digit = true;
            }
            b'e' | b'E' if after_digit => return true,
            // A point keeps the number going: `1.e5` is refused by the syntax check already.
            b'.' => {}
            _ => {
                digits = 0;
                after_digit = false;
            }
        }
    }
    false
}

/// Whether any event of the log is a `kind` event, found by its serialized form without
/// parsing the log: a cheap "certainly yes" before the rare full read that looks for a record
/// a crash may have lost. (`false` when there is no log.)
pub fn has_event(store: &Store, kind: EventKind) -> Result<bool> {
    let needle = format!("\"event\":{}", serde_json::Value::from(kind.name()));
    let Some((_, bytes)) = store.read_from(FILE, 0)? else {
        return Ok(false);
    };
    Ok(bytes
        .windows(needle.len())
        .any(|window| window == needle.as_bytes()))
}

/// Reads the whole log. A torn last line is reported as a warning, with its number; any other
/// line that is not an event is an error.
pub fn read(store: &Store) -> Result<(Vec<Event>, Vec<String>)> {
    let lines = read_from(store, 0)?;
    Ok((lines.records, lines.warnings))
}

#[cfg(test)]
mod tests {
    use serde_json::value::RawValue;

    use super::{Event, EventKind, may_need_a_full_parse};

    #[test]
    fn whatever_a_full_parse_refuses_after_the_syntax_check_is_sent_to_one() {
        let pieces = [
            r#""9e3f""#,
            r#""\\""#,
            r#""a\"1e400""#,
            r#""\ud800""#,
            r#""\ud800\udc00""#,
            r#""\u00e9""#,
            "1e400",
            "-2.5E+400",
            "12345678901234567890123456789",
            "1.5",
            "-0",
            "[]",
            r#"{"k":"v"}"#,
        ];
        for a in pieces {
            for b in pieces {
                for raw in [format!("[{a},{b}]"), format!(r#"{{"x":{a},"y":[{b}]}}"#)] {
                    let syntax = serde_json::from_str::<Box<RawValue>>(&raw).is_ok();
                    let parse = serde_json::from_str::<serde_json::Value>(&raw).is_ok();
                    if syntax && !parse {
                        assert!(may_need_a_full_parse(raw.as_bytes()), "{raw}");
                    }
                }
            }
        }
    }

    #[test]
    fn only_numbers_and_escapes_that_a_parse_may_refuse_call_for_one() {
        for raw in [
            r#"{"n":1e400}"#,
            r#"{"n":[0,-2.5E+400]}"#,
            r#"{"n":123456789012345678901}"#,
            r#"{"s":"\ud800"}"#,
            r#"{"s":"a\\b","t":"\u00e9"}"#,
        ] {
            assert!(may_need_a_full_parse(raw.as_bytes()), "{raw}");
        }
        for raw in [
            // Hex digests and fingerprints are strings: no exponent there.
            r#"{"file":"positions/01-a.md","digest":{"preamble":"9e3779b97f4a7c15","entries":[]}}"#,
            r#"{"s":"123456789012345678901234567890","e":"1e400"}"#,
            r#"{"s":"a \" 1e5 \\","n":[1,2.5,-3]}"#,
            r#"{"n":1234567890123456789,"m":-0.5}"#,
        ] {
            assert!(!may_need_a_full_parse(raw.as_bytes()), "{raw}");
        }
    }

    proptest::proptest! {
        // A failure is reported with its shrunk input; nothing is written into the tree.
        #![proptest_config(proptest::test_runner::Config {
            failure_persistence: None,
            ..proptest::test_runner::Config::default()
        })]

        /// The scan of a line as `append_at` writes it reads what the JSON parser reads, and
        /// it does read every such line without a detail or a string to unescape; a line
        /// edited anywhere is either read the same by both or left to the JSON parser.
        #[test]
        fn the_scan_of_a_log_line_as_written_reads_what_the_json_parser_reads(
            at in ".{0,22}",
            agent in proptest::option::of(".{0,10}"),
            command in ".{0,10}",
            event in ".{0,8}",
            before in proptest::option::of(".{0,12}"),
            after in proptest::option::of(".{0,12}"),
            detail in proptest::option::of(proptest::num::i64::ANY),
            edit in proptest::option::of((0usize..200, "[ \\\\\"0,:\\]\\[{}]|null")),
        ) {
            let mut written = Event::new(at.clone(), agent.as_deref(), &command, EventKind::from_name(&event))
                .change(before.clone(), after.clone());
            if let Some(detail) = detail {
                written = written.with_detail(serde_json::json!({ "n": detail }));
            }
            let mut line = serde_json::to_string(&written).unwrap();
            if let Some((at, inserted)) = &edit {
                crate::negotiation::model::scan::insert_near(&mut line, *at, inserted);
            }
            let general = serde_json::from_str::<Event>(&line).ok();
            let scanned = Event::as_written(&line);
            let strings = [Some(&at), agent.as_ref(), Some(&command), Some(&event), before.as_ref(), after.as_ref()];
            let plain = strings.into_iter().flatten().all(|text| crate::negotiation::model::scan::needs_no_escape(text));
            if edit.is_none() && detail.is_none() && plain {
                proptest::prop_assert!(scanned.is_some(), "{line}");
                proptest::prop_assert_eq!(scanned.as_ref(), Some(&written));
            }
            if let Some(scanned) = scanned {
                let general = general.expect("the JSON parser reads what the scan reads");
                proptest::prop_assert_eq!(scanned, general);
            }
        }
    }
}
