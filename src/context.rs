//! What every operation receives from its front end, already validated: the clock, the lock
//! bound, the output mode, where notices go, whether standard input may be read, and the
//! cancellation token of this one call.

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
        }
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
