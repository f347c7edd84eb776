//! Running the Provider's command: the request on its stdin, its stdout and stderr collected,
//! a time limit, and on timeout or Ctrl-C its whole process group killed.
//!
//! The command runs in a process group of its own, so everything it starts (a shell script's
//! children, a model's helper processes) can be killed with it. Its output is read until the
//! pipes close, not only until the command exits: a background child still writing counts
//! against the same time limit. A `step_finish` message also ends the stream (spec 2.2.1): the
//! command then has [`EXIT_AFTER_FINISH`] to exit by itself (its status still counts) before
//! its group is killed and the stream judged as it is.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::extract::is_step_finish;
use crate::error::{Error, Result, Status};

/// How long the pipes may stay open once the group has been killed (a process that left the
/// group can hold them); what was read by then is kept.
const DRAIN_AFTER_KILL: Duration = Duration::from_secs(2);

/// How long a command that wrote `step_finish` may take to exit by itself.
pub const EXIT_AFTER_FINISH: Duration = Duration::from_secs(2);

#[derive(Debug)]
pub enum Ended {
    Exited(ExitStatus),
    /// It wrote `step_finish` but did not exit: its group was killed, the stream is complete.
    FinishedWithoutExit,
    TimedOut,
    Interrupted,
}

/// What the provider did.
#[derive(Debug)]
pub struct Run {
    pub ended: Ended,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// What the waiting loop hears from the threads watching the provider.
enum Heard {
    Exited(std::io::Result<ExitStatus>),
    PipeClosed,
    StepFinished,
    Interrupted,
}

/// Runs `command` (program and arguments) with `input` on its stdin.
pub fn run(
    cancel: &crate::notices::Cancel,
    command: &[OsString],
    input: &[u8],
    timeout: Duration,
) -> Result<Run> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| Error::usage("the provider command is empty"))?;
    let (events, heard) = mpsc::channel();
    // Listening before the provider starts: a cancellation (Ctrl-C) at any moment from here
    // kills its group.
    let interrupts = std::sync::Mutex::new(events.clone());
    let _listening = cancel.listen(move || {
        if let Ok(sender) = interrupts.lock() {
            let _ = sender.send(Heard::Interrupted);
        }
    });
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| {
            Error::new(
                Status::NotFound,
                "PROVIDER_NOT_STARTED",
                format!(
                    "cannot start the provider {}: {e}",
                    program.to_string_lossy()
                ),
            )
            .with_hint("check the command after `--`")
        })?;
    let group = child.id() as libc::pid_t;
    let began = Instant::now();

    if let Some(mut stdin) = child.stdin.take() {
        let input = input.to_vec();
        // A provider that stops reading early closes the pipe: that is its business, not an
        // error of ours, so the write result is not looked at.
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let stdout = collect(child.stdout.take(), events.clone(), true);
    let stderr = collect(child.stderr.take(), events.clone(), false);
    std::thread::spawn(move || {
        let _ = events.send(Heard::Exited(child.wait()));
    });

    let mut exit = None;
    let mut open_pipes = 2;
    let mut finish_limit: Option<Instant> = None;
    let ended = loop {
        if open_pipes == 0
            && let Some(status) = exit
        {
            break Ended::Exited(status);
        }
        // Durations, not instants: a huge --timeout must not overflow an Instant.
        let mut left = timeout.saturating_sub(began.elapsed());
        if let Some(at) = finish_limit {
            left = left.min(at.saturating_duration_since(Instant::now()));
        }
        match heard.recv_timeout(left) {
            Ok(Heard::Exited(status)) => {
                exit = Some(status.map_err(|e| Error::io("wait for", Path::new(program), e))?);
            }
            Ok(Heard::PipeClosed) => open_pipes -= 1,
            Ok(Heard::StepFinished) => {
                finish_limit.get_or_insert(Instant::now() + EXIT_AFTER_FINISH);
            }
            Ok(Heard::Interrupted) => break Ended::Interrupted,
            // The stream is complete: its status counts if it exited, a child still holding
            // the pipes is not waited on.
            Err(RecvTimeoutError::Timeout) if finish_limit.is_some() => {
                break exit.map_or(Ended::FinishedWithoutExit, Ended::Exited);
            }
            Err(RecvTimeoutError::Timeout) => break Ended::TimedOut,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(Error::io(
                    "watch",
                    Path::new(program),
                    std::io::Error::other("the provider's threads ended unexpectedly"),
                ));
            }
        }
    };
    if open_pipes > 0 || !matches!(ended, Ended::Exited(_)) {
        kill_group(group);
        let limit = Instant::now() + DRAIN_AFTER_KILL;
        while open_pipes > 0 || exit.is_none() {
            match heard.recv_timeout(limit.saturating_duration_since(Instant::now())) {
                Ok(Heard::Exited(status)) => exit = status.ok(),
                Ok(Heard::PipeClosed) => open_pipes -= 1,
                Ok(Heard::Interrupted | Heard::StepFinished) => {}
                Err(_) => break,
            }
        }
    }
    Ok(Run {
        ended,
        stdout: take(&stdout),
        stderr: take(&stderr),
    })
}

/// Reads a pipe to its end on a thread of its own, into a buffer the caller can take even if
/// the pipe never closes; with `watch_for_finish`, says when a `step_finish` line has come.
fn collect(
    pipe: Option<impl Read + Send + 'static>,
    events: mpsc::Sender<Heard>,
    watch_for_finish: bool,
) -> Arc<Mutex<Vec<u8>>> {
    let buffer = Arc::new(Mutex::new(Vec::new()));
    let filled = Arc::clone(&buffer);
    std::thread::spawn(move || {
        if let Some(mut pipe) = pipe {
            let mut chunk = [0u8; 64 * 1024];
            let mut watching = watch_for_finish;
            // Where the first line not yet looked at begins.
            let mut unread_line = 0;
            while let Ok(n) = pipe.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let mut buffer = filled.lock().unwrap_or_else(|e| e.into_inner());
                buffer.extend_from_slice(&chunk[..n]);
                while watching
                    && let Some(end) = buffer[unread_line..].iter().position(|b| *b == b'\n')
                {
                    if is_step_finish(&buffer[unread_line..unread_line + end]) {
                        watching = false;
                        let _ = events.send(Heard::StepFinished);
                    }
                    unread_line += end + 1;
                }
            }
        }
        let _ = events.send(Heard::PipeClosed);
    });
    buffer
}

fn take(buffer: &Arc<Mutex<Vec<u8>>>) -> Vec<u8> {
    std::mem::take(&mut *buffer.lock().unwrap_or_else(|e| e.into_inner()))
}

/// SIGKILL to every process of the group. The id cannot have been reused: either the leader
/// is not reaped yet, or a member of its group still holds a pipe open (a process id is not
/// handed out while a live group carries it).
fn kill_group(group: libc::pid_t) {
    // SAFETY: kill(2) with a negative pid signals a process group; no memory is involved.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}
