//! `parliament init DIR`: a new ledger with no messages and the session in `setup`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Map;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};
use crate::store::{self, Creation, LockMode, PARLEY_DIR, Store};

use super::rules::clock_for;
use super::state::{
    DebateClock, LEDGER_FILE, Ledger, Representative, SESSION_FILE, SessionState, to_text,
};

/// The spec's example parliament runs six rounds.
pub const DEFAULT_MAX_ROUNDS: u64 = 6;

/// One `--rep ID:NAME:MOTIVE[,MOTIVE...]`, checked.
#[derive(Debug, Clone)]
pub struct Seat {
    pub agent_id: String,
    pub name: String,
    pub motives: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct InitArgs {
    pub dir: PathBuf,
    pub problem: String,
    pub seats: Vec<Seat>,
    pub id: Option<String>,
    pub max_rounds: u64,
    pub drafter: Option<String>,
    pub issues: Vec<String>,
}

/// The parliament just created: `data` of `parliament init --json`.
#[derive(Debug, Serialize)]
pub struct Founded {
    parliament_id: String,
    dir: PathBuf,
    representatives: Vec<String>,
    max_rounds: u64,
}

impl Reply for Founded {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "parliament {} created in {} with {} representatives",
            self.parliament_id,
            self.dir.display(),
            self.representatives.len()
        ));
    }
}

pub fn run(ctx: &Ctx, args: &InitArgs) -> Result<Founded> {
    let id = match &args.id {
        Some(id) => id.clone(),
        None => next_free_id(ctx, &args.dir)?,
    };
    let (ledger, session) = documents(args, &id);
    let (ledger, session) = (to_text(&ledger), to_text(&session));
    let created = store::create_dir_atomically(&args.dir, |staging| {
        store::create_dir(&staging.join(PARLEY_DIR))?;
        store::write_new_file(&staging.join(SESSION_FILE), session.as_bytes())?;
        store::write_new_file(&staging.join(LEDGER_FILE), ledger.as_bytes())
    })?;
    if created == Creation::AlreadyExists {
        // DIR was there already: fill it, unless it holds a parliament (checked before the
        // lock, so an existing parliament is not even locked, and again under it).
        let store = Store::new(args.dir.clone(), ctx.lock_wait());
        refuse_existing(&store)?;
        let locked = store.lock(LockMode::Exclusive, "parley parliament init")?;
        refuse_existing(&store)?;
        // The session first: a ledger never appears without its session.
        locked.commit(&[
            (SESSION_FILE, session.as_str().into()),
            (LEDGER_FILE, ledger.as_str().into()),
        ])?;
    }
    Ok(Founded {
        parliament_id: id,
        dir: args.dir.clone(),
        representatives: args.seats.iter().map(|s| s.agent_id.clone()).collect(),
        max_rounds: args.max_rounds,
    })
}

/// Exit 3 when DIR already holds a ledger or a session.
fn refuse_existing(store: &Store) -> Result<()> {
    for file in [LEDGER_FILE, SESSION_FILE] {
        if store.exists(file)? {
            return Err(Error::new(
                Status::AlreadyExists,
                "ALREADY_EXISTS",
                format!(
                    "{} already exists; parley never overwrites a parliament",
                    store.path(file).display()
                ),
            )
            .with_hint("choose another DIR, or keep working in this one"));
        }
    }
    Ok(())
}

fn documents(args: &InitArgs, id: &str) -> (Ledger, SessionState) {
    let seats = args.seats.len() as u64;
    let (max_exchanges_per_round, response_budget) = clock_for(1, seats);
    let ledger = Ledger {
        parliament_id: id.to_owned(),
        problem_statement: args.problem.clone(),
        messages: Vec::new(),
    };
    let session = SessionState {
        parliament_id: id.to_owned(),
        problem_statement: args.problem.clone(),
        constituent_issues: args.issues.clone(),
        current_round: 0,
        max_rounds: args.max_rounds,
        bill_version: 1,
        drafter: args.drafter.clone(),
        status: "setup".to_owned(),
        next_message_id: 1,
        representatives: args
            .seats
            .iter()
            .map(|seat| Representative {
                agent_id: seat.agent_id.clone(),
                name: seat.name.clone(),
                motives: seat.motives.clone(),
                motive_satisfaction: BTreeMap::new(),
                is_quiet: false,
                quiet_until_round: None,
                voting_record: Vec::new(),
                other: Map::new(),
            })
            .collect(),
        debate_clock: DebateClock {
            max_exchanges_per_round,
            response_budget,
            exchanges_this_round: 0,
        },
        vote_history: Vec::new(),
        other: Map::new(),
    };
    (ledger, session)
}

/// `parl-YYYYMMDD-NNN`: today (or `PARLEY_NOW`'s date), NNN one more than the highest number
/// of that date among the directories beside DIR (their names and their ledgers' ids).
fn next_free_id(ctx: &Ctx, dir: &Path) -> Result<String> {
    let prefix = format!("parl-{}-", ctx.clock.now().format("%Y%m%d"));
    // A DIR such as `.` or `..` names its parent only once resolved.
    let resolved = dir
        .file_name()
        .is_none()
        .then(|| std::fs::canonicalize(dir).ok())
        .flatten();
    let dir = resolved.as_deref().unwrap_or(dir);
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // Nothing to read when the parent does not exist: creating DIR will report it.
    let entries = std::fs::read_dir(&parent).into_iter().flatten().flatten();
    let number = |id: &str| {
        id.strip_prefix(&prefix)
            .filter(|n| n.len() >= 3 && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let mut highest = 0;
    for entry in entries {
        if !entry.file_type().is_ok_and(|t| t.is_dir())
            || Some(entry.file_name().as_os_str()) == dir.file_name()
        {
            continue;
        }
        // A sibling named after an id takes that id (parliaments are often kept so), and so
        // does the id in a sibling's ledger.
        highest = highest.max(number(&entry.file_name().to_string_lossy()));
        // A sibling whose ledger cannot be read is not a parliament we could clash with.
        let Ok(text) = std::fs::read_to_string(entry.path().join(LEDGER_FILE)) else {
            continue;
        };
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        highest = highest.max(value["parliament_id"].as_str().map_or(0, number));
    }
    Ok(format!("{prefix}{:03}", highest + 1))
}
