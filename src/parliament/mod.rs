//! The parliament ledger (`parley parliament`): the Clerk's tool for `ledger.json`,
//! `session.json`, `bill.json` and `round-summaries.json` as the parliament protocol defines
//! them. Each command has a file; [`state`] holds the files' typed forms, [`schema`] the
//! published JSON Schemas, [`rules`] the spec's rules, [`clerk`] the checked append that
//! every writing command goes through.

pub mod amendments;
pub mod append;
pub mod clerk;
pub mod clock;
pub mod gate;
pub mod init;
pub mod message_schema;
pub mod round;
pub mod rules;
pub mod schema;
pub mod schema_eval;
pub mod state;
pub mod status;
pub mod summary;
pub mod tally;
pub mod validate;

use std::collections::HashSet;

use crate::error::{Error, Result};

use init::Seat;
use state::{PRIME_MINISTER, SPEAKER};

/// The longest representative id: the same bound as every name parley handles.
const MAX_ID_LEN: usize = 64;

/// `ID:NAME:MOTIVE[,MOTIVE...]`, checked.
pub fn parse_seat(raw: &str) -> Result<Seat> {
    let bad = |why: &str| {
        Error::bad_input("INVALID_REP", format!("--rep {raw:?}: {why}"))
            .with_hint("write --rep ID:NAME:MOTIVE[,MOTIVE...], e.g. --rep \"rep_1:Rep. Pragmatis:cost efficiency,time-to-market\"")
    };
    let mut parts = raw.splitn(3, ':');
    let (Some(id), Some(name), Some(motives)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad("three parts separated by ':' are needed"));
    };
    let id = id.trim();
    let id_ok = id.len() <= MAX_ID_LEN
        && id.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !id_ok {
        return Err(bad(
            "the id must start with a letter and hold only letters, digits, '_' and '-' (64 at most)",
        ));
    }
    if id == SPEAKER || id == PRIME_MINISTER {
        return Err(bad("speaker and prime_minister are not representatives"));
    }
    let name = name.trim();
    if name.is_empty() || name.contains(char::is_control) {
        return Err(bad("the name must be one non-empty line"));
    }
    let motives: Vec<String> = motives.split(',').map(|m| m.trim().to_owned()).collect();
    if motives
        .iter()
        .any(|m| m.is_empty() || m.contains(char::is_control))
    {
        return Err(bad("every motive must be non-empty text"));
    }
    let mut seen = HashSet::new();
    if let Some(twice) = motives.iter().find(|m| !seen.insert(*m)) {
        return Err(bad(&format!("the motive {twice:?} is given twice")));
    }
    Ok(Seat {
        agent_id: id.to_owned(),
        name: name.to_owned(),
        motives,
    })
}

/// A parliament id is one short line of letters, digits, '.', '_' and '-'.
pub fn check_parliament_id(id: &str) -> Result<()> {
    let ok = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if ok {
        Ok(())
    } else {
        Err(Error::bad_input(
            "INVALID_ID",
            format!("--id {id:?}: use letters, digits, '.', '_' and '-' (64 at most)"),
        ))
    }
}
