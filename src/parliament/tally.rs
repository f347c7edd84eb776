//! `parliament tally DIR [--round N] [--bill-version V] [--append]`: the VOTE_TALLY the votes
//! give, optionally appended as the Speaker's message.

use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::{Human, Reply};
use crate::store::LockMode;

use super::clerk::Desk;
use super::rules::Tally;
use super::state::Detail;
use super::state::{Parliament, SPEAKER};

#[derive(Debug, Clone)]
pub struct TallyArgs {
    pub dir: PathBuf,
    pub round: Option<u64>,
    pub bill_version: Option<u64>,
    pub append: bool,
}

/// The tally of a round: `data` of `parliament tally --json` is the VOTE_TALLY content.
#[derive(Debug, Serialize)]
pub struct Counted {
    #[serde(flatten)]
    tally: Tally,
    #[serde(skip)]
    round: u64,
    /// The ids of the VOTE_TALLY messages appended (`--append`).
    #[serde(skip)]
    appended: Vec<String>,
}

impl Reply for Counted {
    fn human(&self, out: &mut Human) {
        out.line(describe(&self.tally, self.round));
        for id in &self.appended {
            out.line(format!("appended {id} (VOTE_TALLY, round {})", self.round));
        }
    }
}

pub fn run(ctx: &Ctx, args: &TallyArgs) -> Result<Counted> {
    let parliament = Parliament::open(&args.dir, ctx.lock_wait())?;
    let mode = if args.append {
        LockMode::Exclusive
    } else {
        LockMode::Shared
    };
    let mut desk = Desk::open(&parliament, mode, "parley parliament tally", Detail::Full)?;
    let current = desk.session.current_round;
    let round = args.round.unwrap_or(current);
    if args.append && round != current {
        return Err(Error::usage(format!(
            "--append records the tally of the current round ({current}), not of round {round}"
        )));
    }
    let version = args.bill_version.unwrap_or(desk.session.bill_version);
    let tally = desk.tally(round, version);
    let mut appended = Vec::new();
    if args.append {
        let message = json!({"type": "VOTE_TALLY", "from": SPEAKER, "content": tally});
        appended = desk.record(message, &ctx.clock.stamp())?.ids;
        desk.commit()?;
    }
    Ok(Counted {
        tally,
        round,
        appended,
    })
}

fn describe(tally: &Tally, round: u64) -> String {
    format!(
        "round {round}, bill version {}: YES {} [{}], NO {} [{}], {} counted: {}",
        tally.bill_version,
        tally.tally.yes,
        tally.yes_votes.join(", "),
        tally.tally.no,
        tally.no_votes.join(", "),
        tally.tally.total,
        if tally.passed { "PASSED" } else { "NOT PASSED" }
    )
}
