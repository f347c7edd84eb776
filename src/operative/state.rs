//! The operative state: `state.json` (agents and held reservations, replaced atomically as
//! one file) and `archive.jsonl` (reservations that ended, append-only).
//!
//! The archive is the commit point of a reservation's end: a reservation is held if and only
//! if it is in `state.json` and its id is not in `archive.jsonl`. A change that ends one
//! appends the archive record first and rewrites `state.json` after, so a crash in between
//! leaves a reservation that readers already see as ended, and that the next write drops
//! from `state.json` (see `docs/operative.md`, "Crashes").

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::store::Store;

use super::agent_name::AgentName;
use super::bead::BeadId;
use super::jsonl;
use super::scope::Scope;
use super::stamp::Stamp;

pub const STATE_FILE: &str = ".parley/operative/state.json";
pub const ARCHIVE_FILE: &str = ".parley/operative/archive.jsonl";
const STATE_VERSION: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgentRecord {
    pub agent: AgentName,
    pub role: Option<String>,
    pub registered_at: Stamp,
    pub last_seen_at: Stamp,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reservation {
    pub id: String,
    pub agent: AgentName,
    pub scope: Scope,
    pub bead: Option<BeadId>,
    pub created_at: Stamp,
    pub expires_at: Stamp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    Released,
    Expired,
}

/// A reservation that ended: released by its owner, or expired (taken over). `released_at`
/// is set for a release, `taken_over_by` and `taken_over_at` for a takeover.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedReservation {
    pub id: String,
    pub agent: AgentName,
    pub scope: Scope,
    pub bead: Option<BeadId>,
    pub created_at: Stamp,
    pub expires_at: Stamp,
    pub state: Ending,
    pub archived_at: Stamp,
    pub released_at: Option<Stamp>,
    pub taken_over_by: Option<AgentName>,
    pub taken_over_at: Option<Stamp>,
}

impl ArchivedReservation {
    pub fn released(reservation: &Reservation, at: Stamp) -> ArchivedReservation {
        ArchivedReservation {
            state: Ending::Released,
            released_at: Some(at),
            ..ArchivedReservation::ended(reservation, at)
        }
    }

    pub fn taken_over(reservation: &Reservation, by: &AgentName, at: Stamp) -> ArchivedReservation {
        ArchivedReservation {
            state: Ending::Expired,
            taken_over_by: Some(by.clone()),
            taken_over_at: Some(at),
            ..ArchivedReservation::ended(reservation, at)
        }
    }

    fn ended(reservation: &Reservation, at: Stamp) -> ArchivedReservation {
        ArchivedReservation {
            id: reservation.id.clone(),
            agent: reservation.agent.clone(),
            scope: reservation.scope.clone(),
            bead: reservation.bead.clone(),
            created_at: reservation.created_at,
            expires_at: reservation.expires_at,
            state: Ending::Expired,
            archived_at: at,
            released_at: None,
            taken_over_by: None,
            taken_over_at: None,
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateFile {
    version: u32,
    agents: Vec<AgentRecord>,
    reservations: Vec<Reservation>,
}

/// Agents and held reservations, as readers must see them.
#[derive(Debug, Clone, Default)]
pub struct State {
    pub agents: Vec<AgentRecord>,
    pub reservations: Vec<Reservation>,
    /// `state.json` still lists reservations the archive has ended (a crash between the two
    /// writes): the next write must rewrite it.
    pub needs_repair: bool,
}

impl State {
    pub fn load(store: &Store) -> Result<(State, Vec<String>)> {
        let path = store.path(STATE_FILE);
        let file = match store.read(STATE_FILE)? {
            None => StateFile::default(),
            Some(text) => {
                let file: StateFile = serde_json::from_str(&text)
                    .map_err(|e| Error::malformed(&path, Some(e.line()), e))?;
                if file.version != STATE_VERSION {
                    return Err(Error::malformed(
                        &path,
                        None,
                        format!(
                            "unknown version {} (this parley writes {STATE_VERSION})",
                            file.version
                        ),
                    ));
                }
                check_unique(&file).map_err(|why| Error::malformed(&path, None, why))?;
                file
            }
        };
        let archive = read_archive(store)?;
        let ended: HashSet<&str> = archive.records.iter().map(|a| a.id.as_str()).collect();
        let before = file.reservations.len();
        let reservations: Vec<Reservation> = file
            .reservations
            .into_iter()
            .filter(|r| !ended.contains(r.id.as_str()))
            .collect();
        let state = State {
            needs_repair: reservations.len() != before,
            agents: file.agents,
            reservations,
        };
        Ok((state, archive.warnings))
    }

    pub fn to_text(&self) -> String {
        let file = StateFile {
            version: STATE_VERSION,
            agents: self.agents.clone(),
            reservations: self.reservations.clone(),
        };
        let mut text = serde_json::to_string_pretty(&file).expect("the state always serializes");
        text.push('\n');
        text
    }

    pub fn agent(&self, name: &AgentName) -> Option<&AgentRecord> {
        self.agents.iter().find(|a| &a.agent == name)
    }

    pub fn agent_mut(&mut self, name: &AgentName) -> Option<&mut AgentRecord> {
        self.agents.iter_mut().find(|a| &a.agent == name)
    }
}

fn check_unique(file: &StateFile) -> std::result::Result<(), String> {
    let mut names = HashSet::new();
    for agent in &file.agents {
        if !names.insert(agent.agent.as_str()) {
            return Err(format!("agent {} is listed twice", agent.agent));
        }
    }
    let mut ids = HashSet::new();
    for reservation in &file.reservations {
        if !ids.insert(reservation.id.as_str()) {
            return Err(format!("reservation {} is listed twice", reservation.id));
        }
    }
    Ok(())
}

pub fn read_archive(store: &Store) -> Result<jsonl::Lines<ArchivedReservation>> {
    jsonl::read(store, ARCHIVE_FILE, |_: &ArchivedReservation| Ok(()))
}

/// Every file of the operative folder, for a preflight before the first write.
pub fn files() -> [&'static str; 4] {
    [
        STATE_FILE,
        ARCHIVE_FILE,
        super::event_log::EVENTS_FILE,
        super::event_log::RECEIPTS_FILE,
    ]
}
