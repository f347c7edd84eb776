//! `parley parliament ...`: the clap types of the parliament ledger.

use std::path::PathBuf;

use clap::{Args, Subcommand};

#[derive(Debug, Subcommand)]
pub enum ParliamentCommand {
    /// Create ledger.json (no messages) and session.json (status setup, round 0)
    Init(ParliamentInitCli),
    /// Check one agent response, give it id, round and timestamp, and append it
    Append(AppendCli),
    /// Report every finding in the parliament's files (exit 1 when one is invalid)
    Validate(ParliamentDirCli),
    /// The VOTE_TALLY the votes of a round give (--append records it as the Speaker's)
    Tally(TallyCli),
    /// May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)
    Gate(ParliamentDirCli),
    /// The debate clock of a round: exchange cap and response budget
    Clock(ClockCli),
    /// Start the next round (--start) or end the current one (--end)
    Round(RoundCli),
    /// Each amendment with its positions and what the incorporation threshold says
    Amendments(AmendmentsCli),
    /// A readable summary: problem, round, clock, representatives, amendments, last tally
    Status(ParliamentDirCli),
}

#[derive(Debug, Args)]
pub struct ParliamentDirCli {
    /// The parliament directory (the one holding ledger.json)
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct ParliamentInitCli {
    /// The parliament directory to create (its parent must exist)
    pub dir: PathBuf,
    /// The problem statement the parliament debates
    #[arg(long, value_name = "TEXT")]
    pub problem: String,
    /// A representative: ID:NAME:MOTIVE[,MOTIVE...] (repeatable, in seat order)
    #[arg(long = "rep", value_name = "ID:NAME:MOTIVES", required = true)]
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
    pub issues: Vec<String>,
}

#[derive(Debug, Args)]
pub struct AppendCli {
    /// The parliament directory
    pub dir: PathBuf,
    /// The agent response (a JSON object without id, round and timestamp); - or omitted: stdin
    pub file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct TallyCli {
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
    pub append: bool,
}

#[derive(Debug, Args)]
pub struct ClockCli {
    /// The parliament directory
    pub dir: PathBuf,
    /// The round [default: the current round; round 0 has round 1's clock]
    #[arg(long, value_name = "N")]
    pub round: Option<u64>,
}

#[derive(Debug, Args)]
#[group(skip)]
#[command(group(clap::ArgGroup::new("step").required(true).args(["start", "end"])))]
pub struct RoundCli {
    /// The parliament directory
    pub dir: PathBuf,
    /// Move to the next round: reset the exchanges, set its clock, lift expired quiet orders
    #[arg(long)]
    pub start: bool,
    /// Record the end of the current round
    #[arg(long)]
    pub end: bool,
}

#[derive(Debug, Args)]
pub struct AmendmentsCli {
    /// The parliament directory
    pub dir: PathBuf,
    /// Write incorporated / rejected into bill.json for amendments still open
    #[arg(long)]
    pub apply: bool,
}
