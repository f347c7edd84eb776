//! What every operation receives from its front end, already validated: the clock, the lock
//! bound, the output mode, where notices go, whether standard input may be read, and the
//! cancellation token of this one call.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::clock::Clock;
use crate::notices::{Cancel, Notices, Screen};
use crate::output::Mode;

pub const DEFAULT_LOCK_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub struct Ctx {
    pub clock: Clock,
    pub lock_timeout: Duration,
    pub mode: Mode,
    /// Diagnostics and progress of a running command.
    pub notices: Notices,
    /// Whether the front end offers standard input (`-`): the command line does, the MCP
    /// server does not (its stdin is the protocol).
    pub stdin: bool,
    /// Cancels this call: Ctrl-C on the command line, `notifications/cancelled` over MCP.
    pub cancel: Cancel,
    /// Where a live view draws (the command line's stdout); none elsewhere.
    pub screen: Screen,
    /// What the front end's surroundings say about how operations behave.
    pub settings: Settings,
    /// A watcher shared by every wait of a server (`parley serve`); none elsewhere, where
    /// each wait watches on its own.
    pub watch: Option<Arc<dyn SharedWatcher>>,
}

/// A watcher of a whole tree that waits below it subscribe to (`wait::SharedWatch`), so that
/// a server's waits share one: `wake` is called on every change to one of the `watched`
/// paths of `dir` (as a wait's own watcher would count them), until the returned
/// subscription is dropped. `None`: not below the tree, the wait watches on its own. With
/// no `watched` path, every change below `dir` wakes (the dashboard's live pages).
pub trait SharedWatcher: Send + Sync + std::fmt::Debug {
    fn subscribe(
        &self,
        dir: &std::path::Path,
        watched: &[&str],
        wake: Box<dyn Fn() + Send + Sync>,
    ) -> Option<Box<dyn Send>>;
}

/// Settings an operation would otherwise read from the process environment, read by the front
/// end (the command line, from its environment) and handed down, so that no operation
/// depends on the process it runs in. Raw as found: each is checked where it is used, so a bad
/// value is an error of the command that reads it, as before.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// `BB_AGENT_STALE_MINUTES` as set (checked by `operative::liveness::Thresholds`).
    pub stale_minutes: Option<String>,
    /// The participant identity the environment names (`NEGOTIATE_PARTICIPANT_ID`, ...), for
    /// `register` when no `--participant` is given.
    pub participant: Option<String>,
    /// `NEGOTIATE_ALLOW_PARTIAL_REGISTRATION` is set to `1` or `true`.
    pub allow_partial_registration: bool,
    /// The directory the caller works in: where an operative project is looked for when no
    /// root is given.
    pub working_dir: WorkingDir,
    /// `NO_COLOR` is set to something: a live view draws without colour.
    pub no_color: bool,
    /// The program was called through a script-named link (`init.sh`, `init`,
    /// `parley-init`, ...): the applet keeps the old scripts' behaviour where it differs
    /// (`init` writes the old scripts' `meta.md`: no sign-off setting, duplicate proposals as
    /// the old challenge entries).
    pub script_link: bool,
    /// No program is run in the caller's directories (`git`, for an operative session's look
    /// at the work tree): set by `parley serve`, where a repository under ROOT could name a
    /// program of its own for git to run (`core.fsmonitor`).
    pub no_programs: bool,
}

/// The caller's working directory, or why there is none.
#[derive(Debug, Clone)]
pub enum WorkingDir {
    Known(PathBuf),
    /// It could not be read: the error's kind and message, for the command that needs it.
    Unknown(io::ErrorKind, String),
}

impl Default for WorkingDir {
    fn default() -> WorkingDir {
        WorkingDir::Unknown(
            io::ErrorKind::NotFound,
            "no working directory was given".into(),
        )
    }
}

impl WorkingDir {
    /// The working directory of this process.
    pub fn of_process() -> WorkingDir {
        match std::env::current_dir() {
            Ok(dir) => WorkingDir::Known(dir),
            Err(e) => WorkingDir::Unknown(e.kind(), e.to_string()),
        }
    }

    /// The directory, or the error reading it gave.
    pub fn get(&self) -> io::Result<PathBuf> {
        match self {
            WorkingDir::Known(dir) => Ok(dir.clone()),
            WorkingDir::Unknown(kind, message) => Err(io::Error::new(*kind, message.clone())),
        }
    }
}

impl Ctx {
    /// A context with notices on stderr, standard input offered and a token nobody cancels.
    pub fn new(clock: Clock, lock_timeout: Duration, mode: Mode) -> Ctx {
        Ctx {
            clock,
            lock_timeout,
            mode,
            notices: Notices::stderr(),
            stdin: true,
            cancel: Cancel::new(),
            screen: Screen::none(),
            settings: Settings::default(),
            watch: None,
        }
    }

    pub fn with_watch(mut self, watch: Option<Arc<dyn SharedWatcher>>) -> Ctx {
        self.watch = watch;
        self
    }

    pub fn with_settings(mut self, settings: Settings) -> Ctx {
        self.settings = settings;
        self
    }

    pub fn with_notices(mut self, notices: Notices) -> Ctx {
        self.notices = notices;
        self
    }

    pub fn with_stdin(mut self, offered: bool) -> Ctx {
        self.stdin = offered;
        self
    }

    pub fn with_screen(mut self, screen: Screen) -> Ctx {
        self.screen = screen;
        self
    }

    pub fn with_cancel(mut self, cancel: Cancel) -> Ctx {
        self.cancel = cancel;
        self
    }

    /// How stores opened for this call wait for their lock.
    pub fn lock_wait(&self) -> crate::store::LockWait {
        crate::store::LockWait {
            timeout: self.lock_timeout,
            notices: self.notices.clone(),
            cancel: self.cancel.clone(),
        }
    }
}
