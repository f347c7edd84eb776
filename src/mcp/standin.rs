//! THROWAWAY: a stand-in for the application layer (`crate::app` registry, `Ctx` notices and
//! cancellation, `output::envelope`) until it lands on `main`. It is deleted by the merge;
//! nothing here is part of the design. It runs each applet as a child `parley --json` so that
//! the server and its tests can be built against real behaviour in the meantime.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::error::{Error, Result, Status};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Negotiation,
    Operative,
    Bounce,
    Parliament,
    Feedback,
}

pub struct Applet {
    pub name: &'static str,
    pub tool: Option<Tool>,
    pub parser: Box<dyn Fn() -> clap::Command + Send + Sync>,
    pub run_json: RunJson,
}

pub type RunJson = Box<dyn Fn(&Ctx, Value) -> Result<Outcome> + Send + Sync>;
pub type Notices = Arc<dyn Fn(&str) + Send + Sync>;

#[derive(Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
    fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

#[derive(Clone)]
pub struct Ctx {
    pub lock_timeout: Duration,
    notices: Option<Notices>,
    cancel: Cancel,
}

impl Ctx {
    pub fn new(lock_timeout: Duration) -> Ctx {
        Ctx {
            lock_timeout,
            notices: None,
            cancel: Cancel::default(),
        }
    }
    pub fn with_notices(mut self, notices: Notices) -> Ctx {
        self.notices = Some(notices);
        self
    }
    pub fn with_cancel(mut self, cancel: Cancel) -> Ctx {
        self.cancel = cancel;
        self
    }
}

/// The envelope the child printed, and its exit code.
pub struct Outcome {
    envelope: Value,
    exit: u8,
}

pub fn envelope(command: &str, result: &Result<Outcome>) -> Value {
    match result {
        Ok(outcome) => outcome.envelope.clone(),
        Err(error) => json!({
            "ok": false,
            "command": command,
            "data": Value::Null,
            "error": {
                "code": error.code,
                "message": error.message,
                "hint": error.hint,
                "exit": error.status.exit_code(),
            },
        }),
    }
}

pub fn exit_code(result: &Result<Outcome>) -> u8 {
    match result {
        Ok(outcome) => outcome.exit,
        Err(error) => error.status.exit_code(),
    }
}

pub fn applets() -> &'static [Applet] {
    static APPLETS: OnceLock<Vec<Applet>> = OnceLock::new();
    APPLETS.get_or_init(|| {
        use clap::CommandFactory;
        let root = crate::cli::Cli::command();
        let negotiation = [
            "init",
            "register",
            "wait-for-start",
            "file-draft-issue",
            "end-analysis",
            "poll",
            "wait",
            "new-issue",
            "hand-off",
            "position",
            "challenge",
            "agree",
            "escalate",
            "resolve",
            "audit-template",
            "check",
            "status",
            "finish",
            "log",
            "report",
        ];
        let operative = [
            "agent",
            "scope",
            "reserve",
            "release",
            "reservations",
            "event",
            "events",
            "session",
        ];
        root.get_subcommands()
            .filter(|c| c.get_name() != "help")
            .map(|c| {
                let name: &'static str = Box::leak(c.get_name().to_owned().into_boxed_str());
                let tool = if ["wait", "wait-for-start"].contains(&name) {
                    None
                } else if negotiation.contains(&name) {
                    Some(Tool::Negotiation)
                } else if operative.contains(&name) {
                    Some(Tool::Operative)
                } else {
                    match name {
                        "bounce" => Some(Tool::Bounce),
                        "parliament" => Some(Tool::Parliament),
                        "feedback" => Some(Tool::Feedback),
                        _ => None,
                    }
                };
                Applet {
                    name,
                    tool,
                    parser: Box::new(move || {
                        let root = crate::cli::Cli::command();
                        root.find_subcommand(name).expect("listed").clone()
                    }),
                    run_json: Box::new(move |ctx, value| run_child(ctx, name, value)),
                }
            })
            .collect()
    })
}

pub fn find(name: &str) -> Option<&'static Applet> {
    applets().iter().find(|a| a.name == name)
}

/// Rebuilds the command line from the JSON request and runs it in a child.
fn run_child(ctx: &Ctx, name: &str, value: Value) -> Result<Outcome> {
    let applet = find(name).expect("registered");
    let mut argv: Vec<String> = vec!["--json".into(), "--lock-timeout".into()];
    argv.push(ctx.lock_timeout.as_secs_f64().to_string());
    argv.push(name.into());
    let mut command = (applet.parser)();
    let mut value = value;
    loop {
        let sub = command
            .get_subcommands()
            .map(|c| c.get_name().to_owned())
            .find(|n| value.get(n).is_some());
        match sub {
            Some(sub) => {
                argv.push(sub.clone());
                value = value[&sub].take();
                command = command.find_subcommand(&sub).expect("found").clone();
            }
            None => break,
        }
    }
    let mut last = Vec::new();
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        let Some(v) = value.get(id) else { continue };
        let values: Vec<String> = match v {
            Value::Null => continue,
            Value::Bool(false) => continue,
            Value::Bool(true) => vec![],
            Value::Array(items) if items.is_empty() => continue,
            Value::Array(items) => items.iter().map(scalar).collect(),
            other => vec![scalar(other)],
        };
        if arg.is_last_set() {
            last = values;
            continue;
        }
        match arg.get_long() {
            Some(long) if values.is_empty() => argv.push(format!("--{long}")),
            Some(long) => {
                for v in values {
                    argv.push(format!("--{long}={v}"));
                }
            }
            None => argv.extend(values),
        }
    }
    if !last.is_empty() {
        argv.push("--".into());
        argv.extend(last);
    }
    let exe = std::env::current_exe()
        .map_err(|e| Error::usage(e.to_string()))?
        .with_file_name("parley");
    let mut child = Command::new(exe)
        .args(&argv)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Error::usage(e.to_string()))?;
    // Read while the child runs: a large answer would otherwise fill the pipe and stall it.
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        out
    });
    let began = Instant::now();
    let mut noticed = 0;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| Error::usage(e.to_string()))? {
            break status;
        }
        if ctx.cancel.is_cancelled() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Error::new(
                Status::Interrupted,
                "INTERRUPTED",
                "interrupted",
            ));
        }
        let elapsed = began.elapsed().as_secs();
        if elapsed > noticed {
            noticed = elapsed;
            if let Some(notices) = &ctx.notices {
                notices(&format!("waiting for {elapsed}s"));
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = reader.join().unwrap_or_default();
    let envelope = serde_json::from_str(out.trim()).unwrap_or(Value::Null);
    Ok(Outcome {
        envelope,
        exit: status.code().unwrap_or(255) as u8,
    })
}

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
