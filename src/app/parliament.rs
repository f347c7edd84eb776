//! `parley parliament ...`: the parliament ledger's requests and operations.

use std::path::PathBuf;

use std::collections::HashSet;

use clap::{Args, Subcommand};
use serde::Deserialize;

use super::input_source;
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::input::Source;
use crate::output::Outcome;
use crate::parliament::{
    self, amendments, append, clock, gate, init, round, status, tally, validate,
};

#[derive(Debug, Subcommand, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ParliamentCommand {
    /// Create ledger.json (no messages) and session.json (status setup, round 0)
    Init(ParliamentInitRequest),
    /// Check one agent response, give it id, round and timestamp, and append it
    Append(AppendRequest),
    /// Report every finding in the parliament's files (exit 1 when one is invalid)
    Validate(ParliamentDirRequest),
    /// The VOTE_TALLY the votes of a round give (--append records it as the Speaker's)
    Tally(TallyRequest),
    /// May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)
    Gate(ParliamentDirRequest),
    /// The debate clock of a round: exchange cap and response budget
    Clock(ClockRequest),
    /// Start the next round (--start) or end the current one (--end)
    Round(RoundRequest),
    /// Each amendment with its positions and what the incorporation threshold says
    Amendments(AmendmentsRequest),
    /// A readable summary: problem, round, clock, representatives, amendments, last tally
    Status(ParliamentDirRequest),
}

#[derive(Debug, Args, Deserialize)]
pub struct ParliamentDirRequest {
    /// The parliament directory (the one holding ledger.json)
    pub dir: PathBuf,
}

#[derive(Debug, Args, Deserialize)]
pub struct ParliamentInitRequest {
    /// The parliament directory to create (its parent must exist)
    pub dir: PathBuf,
    /// The problem statement the parliament debates
    #[arg(long, value_name = "TEXT")]
    pub problem: String,
    /// A representative: ID:NAME:MOTIVE[,MOTIVE...] (repeatable, in seat order)
    #[arg(long = "rep", value_name = "ID:NAME:MOTIVES", required = true)]
    #[serde(default, rename = "rep")]
    pub reps: Vec<String>,
    /// The parliament id [default: parl-YYYYMMDD-NNN, the next free number of the day]
    #[arg(long, value_name = "ID")]
    pub id: Option<String>,
    /// The last round of debate
    #[arg(
        long,
        value_name = "N",
        default_value_t = crate::parliament::init::DEFAULT_MAX_ROUNDS,
        value_parser = clap::value_parser!(u64).range(1..=1000)
    )]
    pub max_rounds: u64,
    /// The representative who drafts the bill (one of the --rep ids)
    #[arg(long, value_name = "ID")]
    pub drafter: Option<String>,
    /// A constituent issue (repeatable)
    #[arg(long = "issue", value_name = "TEXT")]
    #[serde(default, rename = "issue")]
    pub issues: Vec<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct AppendRequest {
    /// The parliament directory
    pub dir: PathBuf,
    /// The agent response (a JSON object without id, round and timestamp); - or omitted: stdin
    pub file: Option<PathBuf>,
    /// The agent response itself (JSON requests only)
    #[arg(skip)]
    #[serde(default)]
    pub message: Option<serde_json::Value>,
}

#[derive(Debug, Args, Deserialize)]
pub struct TallyRequest {
    /// The parliament directory
    pub dir: PathBuf,
    /// The round whose votes count [default: the current round]
    #[arg(long, value_name = "N")]
    pub round: Option<u64>,
    /// The bill version voted on [default: the session's bill_version]
    #[arg(long, value_name = "V")]
    pub bill_version: Option<u64>,
    /// Append the tally to the ledger as the Speaker's VOTE_TALLY
    #[arg(long)]
    #[serde(default)]
    pub append: bool,
}

#[derive(Debug, Args, Deserialize)]
pub struct ClockRequest {
    /// The parliament directory
    pub dir: PathBuf,
    /// The round [default: the current round; round 0 has round 1's clock]
    #[arg(long, value_name = "N")]
    pub round: Option<u64>,
}

#[derive(Debug, Args, Deserialize)]
#[group(skip)]
#[command(group(clap::ArgGroup::new("step").required(true).args(["start", "end"])))]
pub struct RoundRequest {
    /// The parliament directory
    pub dir: PathBuf,
    /// Move to the next round: reset the exchanges, set its clock, lift expired quiet orders
    #[arg(long)]
    #[serde(default)]
    pub start: bool,
    /// Record the end of the current round
    #[arg(long)]
    #[serde(default)]
    pub end: bool,
}

#[derive(Debug, Args, Deserialize)]
pub struct AmendmentsRequest {
    /// The parliament directory
    pub dir: PathBuf,
    /// Write incorporated / rejected into bill.json for amendments still open
    #[arg(long)]
    #[serde(default)]
    pub apply: bool,
}

pub fn run(ctx: &Ctx, command: ParliamentCommand) -> Result<Outcome> {
    match command {
        ParliamentCommand::Init(request) => {
            let seats = request
                .reps
                .iter()
                .map(|raw| parliament::parse_seat(raw))
                .collect::<Result<Vec<_>>>()?;
            let mut ids = HashSet::new();
            if let Some(seat) = seats.iter().find(|s| !ids.insert(&s.agent_id)) {
                return Err(Error::bad_input(
                    "INVALID_REP",
                    format!("two --rep give the id {}", seat.agent_id),
                ));
            }
            if request.problem.trim().is_empty() {
                return Err(Error::bad_input(
                    "INVALID_PROBLEM",
                    "--problem needs the problem statement",
                ));
            }
            if let Some(drafter) = &request.drafter
                && !seats.iter().any(|s| &s.agent_id == drafter)
            {
                return Err(Error::bad_input(
                    "INVALID_REP",
                    format!("--drafter {drafter} is not one of the --rep ids"),
                ));
            }
            if let Some(id) = &request.id {
                parliament::check_parliament_id(id)?;
            }
            init::run(
                ctx,
                &init::InitArgs {
                    dir: request.dir,
                    problem: request.problem,
                    seats,
                    id: request.id,
                    max_rounds: request.max_rounds,
                    drafter: request.drafter,
                    issues: request.issues,
                },
            )
            .map(Outcome::from)
        }
        ParliamentCommand::Append(request) => {
            let input = match request.message {
                Some(message) => Source::Text(message.to_string()),
                None => input_source(ctx, "the agent response", None, request.file)?,
            };
            append::run(
                ctx,
                &append::AppendArgs {
                    dir: request.dir,
                    input,
                },
            )
            .map(Outcome::from)
        }
        ParliamentCommand::Validate(request) => validate::run(ctx, &request.dir).map(Outcome::from),
        ParliamentCommand::Tally(request) => tally::run(
            ctx,
            &tally::TallyArgs {
                dir: request.dir,
                round: request.round,
                bill_version: request.bill_version,
                append: request.append,
            },
        )
        .map(Outcome::from),
        ParliamentCommand::Gate(request) => gate::run(ctx, &request.dir).map(Outcome::from),
        ParliamentCommand::Clock(request) => {
            clock::run(ctx, &request.dir, request.round).map(Outcome::from)
        }
        ParliamentCommand::Round(RoundRequest { dir, start, end }) => {
            let step = match (start, end) {
                (true, false) => round::Step::Start,
                (false, true) => round::Step::End,
                _ => return Err(Error::usage("give exactly one of --start and --end")),
            };
            round::run(ctx, &dir, step).map(Outcome::from)
        }
        ParliamentCommand::Amendments(request) => {
            amendments::run(ctx, &request.dir, request.apply).map(Outcome::from)
        }
        ParliamentCommand::Status(request) => status::run(ctx, &request.dir).map(Outcome::from),
    }
}
