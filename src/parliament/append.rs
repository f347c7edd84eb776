//! `parliament append DIR [FILE | -]`: one agent response, checked, numbered and recorded.

use std::path::PathBuf;

use serde_json::{Value, json};

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::input::Source;
use crate::output::Outcome;
use crate::store::LockMode;

use super::clerk::Desk;
use super::state::Detail;
use super::state::Parliament;

#[derive(Debug, Clone)]
pub struct AppendArgs {
    pub dir: PathBuf,
    pub input: Source,
}

pub fn run(ctx: &Ctx, args: &AppendArgs) -> Result<Outcome> {
    let response = read_response(&args.input)?;
    let parliament = Parliament::open(&args.dir, ctx.lock_wait())?;
    let locked = parliament
        .store
        .lock(LockMode::Exclusive, "parley parliament append")?;
    let mut desk = Desk::load(&parliament, Detail::Summary)?;
    let recorded = desk.record(response, &ctx.clock.stamp())?;
    desk.save(&locked)?;
    drop(locked);
    let round = desk.session.current_round;
    let mut outcome = Outcome::ok(json!({
        "ids": recorded.ids,
        "round": round,
        "warnings": recorded.warnings,
    }));
    for (id, message) in recorded.ids.iter().zip(
        desk.ledger
            .messages
            .iter()
            .rev()
            .take(recorded.ids.len())
            .rev(),
    ) {
        outcome.push(format!("appended {id} ({}, round {round})", message.kind));
    }
    for warning in recorded.warnings {
        outcome.warn(warning);
    }
    Ok(outcome)
}

/// Reads and parses the response: 66 when the input cannot be read, 65 when it is not JSON.
pub fn read_response(input: &Source) -> Result<Value> {
    let text = input.read_text("the response")?;
    let name = input.label();
    serde_json::from_str(&text).map_err(|e| {
        Error::bad_input(
            "INVALID_JSON",
            format!("the response in {name} is not JSON: {e}"),
        )
    })
}
