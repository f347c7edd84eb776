//! `turn.md`, `phase.md` and `.turn-started`: whose turn it is, in which phase, since when.

use std::fmt;

use crate::error::{Error, Result};
use crate::names::{self, Name};
use crate::store::{Locked, Store};

use crate::negotiation::model::agents::Agents;

pub const TURN_FILE: &str = "turn.md";
pub const PHASE_FILE: &str = "phase.md";
pub const STARTED_FILE: &str = ".turn-started";
/// When the holder first learned that it holds the turn (its first `wait-for-start`, `poll`
/// or `wait` after the turn was given), in the format of `.turn-started`. Kept apart from
/// `.turn-started`, which the old scripts' readers know as "when the turn was given".
pub const SEEN_FILE: &str = ".parley/turn-seen";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    /// Registration is open; nobody plays yet.
    Registration,
    Agent(Name),
    /// `finish` succeeded; nothing changes any more.
    Done,
}

impl Turn {
    pub fn word(&self) -> &str {
        match self {
            Turn::Registration => "registration",
            Turn::Agent(name) => name.as_str(),
            Turn::Done => "done",
        }
    }

    pub fn holder(&self) -> Option<&Name> {
        match self {
            Turn::Agent(name) => Some(name),
            _ => None,
        }
    }

    /// Reads `turn.md`: exactly one word, `registration`, `done` or a registered agent.
    pub fn load(store: &Store, agents: &Agents) -> Result<Turn> {
        let path = store.path(TURN_FILE);
        let text = store.read(TURN_FILE)?.ok_or_else(|| {
            Error::malformed(&path, None, "is missing")
                .with_hint("turn.md holds `registration`, `done` or the name of the turn holder")
        })?;
        let word = text.trim();
        if word.contains(char::is_whitespace) || word.is_empty() {
            return Err(Error::malformed(
                &path,
                Some(1),
                format!("expected one word (registration, done or an agent name), found {word:?}"),
            ));
        }
        match word {
            "registration" => Ok(Turn::Registration),
            "done" => Ok(Turn::Done),
            name if names::is_valid(name) => {
                let name = Name::parse_str("agent name", name)?;
                if !agents.contains(&name) {
                    return Err(Error::malformed(
                        &path,
                        Some(1),
                        format!("names {name}, who is not in agents.md"),
                    ));
                }
                Ok(Turn::Agent(name))
            }
            other => Err(Error::malformed(
                &path,
                Some(1),
                format!("{other:?} is not registration, done or a valid agent name"),
            )),
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Analysis,
    Positions,
}

impl Phase {
    pub fn word(self) -> &'static str {
        match self {
            Phase::Analysis => "analysis",
            Phase::Positions => "positions",
        }
    }

    pub fn load(store: &Store) -> Result<Phase> {
        let path = store.path(PHASE_FILE);
        let text = store.read(PHASE_FILE)?.ok_or_else(|| {
            Error::malformed(&path, None, "is missing")
                .with_hint("phase.md holds `analysis` or `positions`")
        })?;
        match text.trim() {
            "analysis" => Ok(Phase::Analysis),
            "positions" => Ok(Phase::Positions),
            other => Err(Error::malformed(
                &path,
                Some(1),
                format!("expected `analysis` or `positions`, found {other:?}"),
            )),
        }
    }

    pub fn save(self, locked: &Locked) -> Result<()> {
        locked.replace(PHASE_FILE, &format!("{}\n", self.word()))
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// `.turn-started`: the holder, and the Unix second of its last activity (the moment the turn
/// was given, moved forward by every command the holder runs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnStarted {
    pub agent: Name,
    pub since: i64,
}

/// In JSON: `agent`, `since` (Unix seconds, as the file keeps it) and beside it `since_at`,
/// the same moment in RFC 3339 as every other time (`null` if out of range).
impl serde::Serialize for TurnStarted {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("TurnStarted", 3)?;
        out.serialize_field("agent", &self.agent)?;
        out.serialize_field("since", &self.since)?;
        out.serialize_field("since_at", &crate::clock::format_unix(self.since))?;
        out.end()
    }
}

impl TurnStarted {
    /// Parsed strictly: two lines, a valid name and a decimal number, nothing around either.
    /// Never evaluated.
    pub fn load(store: &Store) -> Result<Option<TurnStarted>> {
        TurnStarted::load_from(store, STARTED_FILE)
    }

    /// `.parley/turn-seen`, in the same format (see [`SEEN_FILE`]).
    pub fn load_seen(store: &Store) -> Result<Option<TurnStarted>> {
        TurnStarted::load_from(store, SEEN_FILE)
    }

    pub fn save_seen(&self, locked: &Locked) -> Result<()> {
        locked.ensure_dir(crate::store::PARLEY_DIR)?;
        locked.replace(SEEN_FILE, &self.text())
    }

    fn load_from(store: &Store, rel: &str) -> Result<Option<TurnStarted>> {
        let path = store.path(rel);
        let Some(text) = store.read(rel)? else {
            return Ok(None);
        };
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() != 2 {
            return Err(Error::malformed(
                &path,
                None,
                format!(
                    "expected 2 lines (agent, Unix seconds), found {}",
                    lines.len()
                ),
            ));
        }
        // Exactly as written: the old scripts wrote no spaces, and a padded line is no
        // form of §2 (spec defect 3: parse state files strictly).
        let agent = lines[0];
        if !names::is_valid(agent) {
            return Err(Error::malformed(
                &path,
                Some(1),
                format!("{agent:?} is not a valid agent name"),
            ));
        }
        let seconds = lines[1];
        if seconds.is_empty() || seconds.len() > 12 || !seconds.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(Error::malformed(
                &path,
                Some(2),
                format!("expected Unix seconds (decimal digits only), found {seconds:?}"),
            ));
        }
        Ok(Some(TurnStarted {
            agent: Name::parse_str("agent name", agent)?,
            since: seconds.parse().expect("checked digits"),
        }))
    }

    pub fn save(&self, locked: &Locked) -> Result<()> {
        locked.replace(STARTED_FILE, &self.text())
    }

    /// The file's text: the holder, then the second.
    pub fn text(&self) -> String {
        format!("{}\n{}\n", self.agent, self.since)
    }
}
