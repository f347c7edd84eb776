//! Where a running command's notices go, and how it is told to stop: the two channels an
//! operation has to its front end besides its result.
//!
//! The command line prints notices on stderr and maps Ctrl-C to the token of its one call; the
//! MCP server collects notices as progress of the call that made them and cancels a call's
//! token when the client sends `notifications/cancelled`. No operation prints, installs a
//! signal handler or exits the process on its own.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// What an operation says while it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice<'a> {
    /// A diagnostic a person should see (waiting for a lock, polling on a network
    /// filesystem): stderr on the command line.
    Diagnostic(&'a str),
    /// How a long wait is going (elapsed seconds, who holds the turn): for front ends that
    /// report progress; the command line stays quiet.
    Progress(&'a str),
}

type Sink = dyn Fn(Notice<'_>) + Send + Sync;

/// A cheap, shareable handle on where notices go.
#[derive(Clone)]
pub struct Notices(Arc<Sink>);

impl Notices {
    pub fn new(sink: impl Fn(Notice<'_>) + Send + Sync + 'static) -> Notices {
        Notices(Arc::new(sink))
    }

    /// Diagnostics to stderr, progress nowhere: the command line.
    pub fn stderr() -> Notices {
        Notices::new(|notice| {
            if let Notice::Diagnostic(line) = notice {
                eprintln!("{line}");
            }
        })
    }

    /// Nowhere at all.
    pub fn silent() -> Notices {
        Notices::new(|_| {})
    }

    pub fn diagnostic(&self, line: &str) {
        (self.0)(Notice::Diagnostic(line));
    }

    pub fn progress(&self, line: &str) {
        (self.0)(Notice::Progress(line));
    }
}

impl std::fmt::Debug for Notices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Notices")
    }
}

type Listener = Box<dyn Fn() + Send>;

/// A cancellation token for one call. Cancelling it wakes whatever the call blocks on (a wait,
/// a provider run), which then ends with the "interrupted" error (exit 130).
#[derive(Clone, Default)]
pub struct Cancel(Arc<CancelState>);

#[derive(Default)]
struct CancelState {
    cancelled: AtomicBool,
    next_id: AtomicU64,
    listeners: Mutex<Vec<(u64, Listener)>>,
    /// Called when the first listener arrives: the command line installs its Ctrl-C handler
    /// only for a call that blocks, so Ctrl-C keeps its default meaning everywhere else.
    on_first_listen: Mutex<Option<Box<dyn FnOnce() + Send>>>,
}

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Runs `arm` when something first listens for cancellation.
    pub fn on_first_listen(self, arm: impl FnOnce() + Send + 'static) -> Cancel {
        if let Ok(mut slot) = self.0.on_first_listen.lock() {
            *slot = Some(Box::new(arm));
        }
        self
    }

    /// Cancels the call; says whether anything was listening.
    pub fn cancel(&self) -> bool {
        self.0.cancelled.store(true, Ordering::SeqCst);
        let listeners = self.0.listeners.lock();
        match listeners {
            Ok(listeners) => {
                for (_, listener) in listeners.iter() {
                    listener();
                }
                !listeners.is_empty()
            }
            Err(_) => false,
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::SeqCst)
    }

    /// Calls `wake` when the call is cancelled (at once if it already is), for as long as the
    /// returned guard lives.
    pub fn listen(&self, wake: impl Fn() + Send + 'static) -> Listening {
        let arm = self
            .0
            .on_first_listen
            .lock()
            .ok()
            .and_then(|mut slot| slot.take());
        if let Some(arm) = arm {
            arm();
        }
        let id = self.0.next_id.fetch_add(1, Ordering::SeqCst);
        if let Ok(mut listeners) = self.0.listeners.lock() {
            listeners.push((id, Box::new(wake)));
        }
        if self.is_cancelled() {
            self.cancel();
        }
        Listening {
            cancel: self.clone(),
            id,
        }
    }
}

impl std::fmt::Debug for Cancel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Cancel").field(&self.is_cancelled()).finish()
    }
}

/// While it lives, a cancellation reaches its listener.
#[must_use = "dropping the guard stops listening"]
pub struct Listening {
    cancel: Cancel,
    id: u64,
}

impl Drop for Listening {
    fn drop(&mut self) {
        if let Ok(mut listeners) = self.cancel.0.listeners.lock() {
            listeners.retain(|(id, _)| *id != self.id);
        }
    }
}

type FrameWriter = dyn Fn(&str) -> std::io::Result<()> + Send + Sync;

/// Where a live view (`parley watch`) draws its frames, and whether that is a terminal (the
/// view then redraws in place, in colour). A front end without a screen has none: a frame
/// written there fails, which ends the view.
#[derive(Clone)]
pub struct Screen {
    /// Asked only by a live view: every other command would pay the system call for nothing.
    is_terminal: fn() -> bool,
    write: Arc<FrameWriter>,
}

impl Screen {
    pub fn new(
        is_terminal: fn() -> bool,
        write: impl Fn(&str) -> std::io::Result<()> + Send + Sync + 'static,
    ) -> Screen {
        Screen {
            is_terminal,
            write: Arc::new(write),
        }
    }

    /// Whether the screen is a terminal (the view then redraws in place, in colour).
    pub fn terminal(&self) -> bool {
        (self.is_terminal)()
    }

    /// No screen at all.
    pub fn none() -> Screen {
        Screen::new(
            || false,
            |_| {
                Err(std::io::Error::new(
                    std::io::ErrorKind::Unsupported,
                    "this front end has no screen for a live view",
                ))
            },
        )
    }

    /// Writes `text` and a newline at once.
    pub fn frame(&self, text: &str) -> std::io::Result<()> {
        (self.write)(text)
    }
}

impl std::fmt::Debug for Screen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Screen").finish_non_exhaustive()
    }
}
