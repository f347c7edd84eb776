//! `init DIR NUM_AGENTS [REGISTRATION_WINDOW_SECS]`: creates a complete negotiation directory
//! in one step, so that the losers of an init race see a finished directory immediately.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};
use crate::store::{self, Creation, PARLEY_DIR};

use crate::negotiation::model::agents;
use crate::negotiation::model::log::{Event, EventKind};
use crate::negotiation::model::meta::Meta;
use crate::negotiation::model::turn::{PHASE_FILE, TURN_FILE};
use crate::negotiation::model::{ANALYSIS_DIR, issues, meta};

pub const TOPIC_FILE: &str = "topic.md";
pub const SOURCES_DIR: &str = "sources";
/// The first line of every `topic.md` that `init` writes.
pub const TOPIC_HEADING: &str = "# Negotiation Topic";

const TOPIC_PLACEHOLDER: &str = "# Negotiation Topic\n\
<!-- Describe what is being negotiated here -->\n\
<!-- Reference the source documents in sources/ -->\n";

#[derive(Debug, Clone)]
pub struct InitArgs {
    pub dir: PathBuf,
    pub expected_agents: u64,
    pub registration_window: u64,
    pub max_rounds: u64,
    pub poll_interval: u64,
    pub turn_timeout: u64,
    /// The topic text, already read from `--topic` or `--topic-file`.
    pub topic: Option<String>,
    /// Source files to copy into `sources/`, with the name each gets there.
    pub sources: Vec<(PathBuf, String)>,
    /// Whether `finish` needs every agent's sign-off: `Some(true)` writes
    /// `- **sign_off:** required` in meta.md, `Some(false)` `- **sign_off:** off`, `None` no
    /// line at all (the old scripts' meta.md, through a script-named link: no sign-off).
    pub sign_off: Option<bool>,
    /// Duplicate proposals get their own entry (not when made by a script-named link).
    pub duplicate_entries: bool,
}

/// Reads and checks the source files before anything is created.
pub fn read_sources(paths: &[PathBuf]) -> Result<Vec<(PathBuf, String)>> {
    let mut sources: Vec<(PathBuf, String)> = Vec::new();
    for path in paths {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .filter(|n| !n.starts_with('.') && !n.contains(char::is_control))
            .ok_or_else(|| {
                Error::bad_input(
                    "BAD_SOURCE",
                    format!("source {} needs a plain UTF-8 file name", path.display()),
                )
            })?
            .to_owned();
        if sources.iter().any(|(_, n)| n == &name) {
            return Err(Error::bad_input(
                "BAD_SOURCE",
                format!("two sources are named {name}; rename one"),
            ));
        }
        if !path.is_file() {
            return Err(Error::bad_input(
                "BAD_SOURCE",
                format!("source {} is not a readable file", path.display()),
            ));
        }
        sources.push((path.clone(), name));
    }
    Ok(sources)
}

/// What `init` did: `data` of `init --json`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Initialization {
    Created {
        dir: PathBuf,
        expected_agents: u64,
        registration_window_seconds: u64,
        meta: Meta,
    },
    /// Another agent got there first (exit 3).
    AlreadyInitialized { dir: PathBuf },
}

impl Reply for Initialization {
    fn status(&self) -> Status {
        match self {
            Initialization::Created { .. } => Status::Ok,
            Initialization::AlreadyInitialized { .. } => Status::AlreadyExists,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self {
            Initialization::Created { .. } => None,
            Initialization::AlreadyInitialized { .. } => Some("ALREADY_INITIALIZED"),
        }
    }

    fn human(&self, out: &mut Human) {
        match self {
            Initialization::Created {
                dir,
                expected_agents,
                registration_window_seconds,
                ..
            } => {
                out.line(format!("Negotiation initialized at: {}", dir.display()));
                out.line(format!("Expected agents: {expected_agents}"));
                out.line(format!(
                    "Registration window: {registration_window_seconds}s"
                ));
            }
            Initialization::AlreadyInitialized { dir } => {
                out.line(format!(
                    "Already initialized: {} (another agent got here first)",
                    dir.display()
                ));
                out.line("You should join as a participant instead.");
            }
        }
    }
}

pub fn run(ctx: &Ctx, args: &InitArgs) -> Result<Initialization> {
    let dir = &args.dir;
    let mut meta = Meta::new(args.expected_agents, ctx.clock.now());
    meta.registration_window_seconds = args.registration_window;
    meta.max_rounds_per_agent = args.max_rounds;
    meta.poll_interval_seconds = args.poll_interval;
    meta.turn_timeout_seconds = args.turn_timeout;
    meta.sign_off = args.sign_off == Some(true);
    meta.sign_off_written = args.sign_off.is_some();
    meta.duplicate_entries = args.duplicate_entries;
    meta.source_order = args.sources.iter().map(|(_, name)| name.clone()).collect();

    let created = store::create_dir_atomically(dir, |staging| build(staging, ctx, args, &meta))?;
    Ok(match created {
        Creation::Created => Initialization::Created {
            dir: dir.clone(),
            expected_agents: args.expected_agents,
            registration_window_seconds: args.registration_window,
            meta,
        },
        Creation::AlreadyExists => Initialization::AlreadyInitialized { dir: dir.clone() },
    })
}

fn build(staging: &Path, ctx: &Ctx, args: &InitArgs, meta: &Meta) -> Result<()> {
    for sub in [
        SOURCES_DIR,
        issues::ISSUES_DIR,
        issues::POSITIONS_DIR,
        ANALYSIS_DIR,
        issues::DRAFTS_DIR,
        PARLEY_DIR,
    ] {
        store::create_dir(&staging.join(sub))?;
    }
    let topic = match &args.topic {
        Some(text) => format!("{TOPIC_HEADING}\n\n{}\n", text.trim_end()),
        None => TOPIC_PLACEHOLDER.to_owned(),
    };
    let files = [
        (meta::FILE, meta.render()),
        (TOPIC_FILE, topic),
        (agents::FILE, agents::HEADER.to_owned()),
        (TURN_FILE, "registration\n".to_owned()),
        (PHASE_FILE, "analysis\n".to_owned()),
    ];
    for (name, content) in files {
        store::write_new_file(&staging.join(name), content.as_bytes())?;
    }
    for (source, name) in &args.sources {
        // Checked to be a regular file when the arguments were read; opened so that a file
        // replaced by a FIFO since is refused instead of blocking.
        let bytes = crate::input::read_regular(source).map_err(|e| Error::io("read", source, e))?;
        store::write_new_file(&staging.join(SOURCES_DIR).join(name), &bytes)?;
    }
    store::write_new_file(&staging.join(PARLEY_DIR).join("lock"), b"")?;
    let event = Event::new(ctx.clock.stamp(), None, "init", EventKind::Init).change(
        None,
        Some(format!("{} agents expected", args.expected_agents)),
    );
    let line = serde_json::to_string(&event).expect("an event always serializes") + "\n";
    store::write_new_file(
        &staging.join(crate::negotiation::model::log::FILE),
        line.as_bytes(),
    )
}
