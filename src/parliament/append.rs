//! `parliament append DIR [FILE | -]`: one agent response, checked, numbered and recorded.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::Value;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::input::Source;
use crate::output::{Human, Reply};
use crate::store::LockMode;

use super::clerk::Desk;
use super::state::Detail;
use super::state::Parliament;

#[derive(Debug, Clone)]
pub struct AppendArgs {
    pub dir: PathBuf,
    pub input: Source,
}

/// What the clerk recorded: `data` of `parliament append --json`.
#[derive(Debug, Serialize)]
pub struct Appended {
    ids: Vec<String>,
    round: u64,
    warnings: Vec<String>,
    /// The type of each message appended, for the human lines.
    #[serde(skip)]
    kinds: Vec<String>,
}

impl Reply for Appended {
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    fn human(&self, out: &mut Human) {
        for (id, kind) in self.ids.iter().zip(&self.kinds) {
            out.line(format!("appended {id} ({kind}, round {})", self.round));
        }
    }
}

pub fn run(ctx: &Ctx, args: &AppendArgs) -> Result<Appended> {
    let response = read_response(&args.input)?;
    let parliament = Parliament::open(&args.dir, ctx.lock_wait())?;
    let mut desk = Desk::open(
        &parliament,
        LockMode::Exclusive,
        "parley parliament append",
        Detail::Summary,
    )?;
    let recorded = desk.record(response, &ctx.clock.stamp())?;
    desk.commit()?;
    let (ledger, session, _) = desk.release();
    let mut kinds: Vec<String> = (ledger.messages.iter().rev())
        .take(recorded.ids.len())
        .map(|message| message.kind.clone())
        .collect();
    kinds.reverse();
    Ok(Appended {
        ids: recorded.ids,
        round: session.current_round,
        warnings: recorded.warnings,
        kinds,
    })
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
