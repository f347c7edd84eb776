//! The only code that prints a command's result: human lines, or one JSON envelope
//! `{"ok", "command", "data", "error": {"code", "message"}}` with all four keys always present.

use std::io::Write;

use serde_json::{Value, json};

use crate::error::{Error, Status};

/// What a command answers when it did not fail: exit 0, or one of the answers 1 to 4 with
/// the stable code that names it.
#[derive(Debug)]
pub struct Outcome {
    pub status: Status,
    /// Set for answers other than 0: `WAITING`, `NAME_TAKEN`, `NOT_READY`, ... `None` for
    /// success and for a verdict; the JSON `ok` is true exactly when it is `None`.
    pub code: Option<&'static str>,
    /// Lines for stdout, in the human form. The key lines agents look for live here.
    pub lines: Vec<String>,
    /// Lines for stderr (warnings) in the human form; `data.warnings` in JSON.
    pub warnings: Vec<String>,
    /// Lines for stderr in the human form, printed as they are (a summary that must stay out
    /// of a machine-readable stdout); JSON carries the same facts in `data`.
    pub notes: Vec<String>,
    pub data: Value,
}

impl Outcome {
    pub fn ok(data: Value) -> Outcome {
        Outcome {
            status: Status::Ok,
            code: None,
            lines: Vec::new(),
            warnings: Vec::new(),
            notes: Vec::new(),
            data,
        }
    }

    /// A non-zero answer (1 to 4).
    pub fn answer(status: Status, code: &'static str, data: Value) -> Outcome {
        debug_assert!(status.is_answer() && status != Status::Ok);
        Outcome {
            status,
            code: Some(code),
            ..Outcome::ok(data)
        }
    }

    /// A verdict on inputs (valid or not): `status` sets the exit code (0 valid, 1 invalid,
    /// or the error status of an input that could not be judged at all while others were),
    /// and JSON says `ok` true and `error` null either way, since judging was done as asked.
    pub fn verdict(status: Status, data: Value) -> Outcome {
        Outcome {
            status,
            ..Outcome::ok(data)
        }
    }

    pub fn line(mut self, line: impl Into<String>) -> Outcome {
        self.lines.push(line.into());
        self
    }

    pub fn push(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }

    pub fn warn(&mut self, warning: impl Into<String>) {
        self.warnings.push(warning.into());
    }
}

/// How results are printed, chosen once from `--json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Human,
    Json,
}

/// Prints a result and returns the process exit code.
pub fn emit(mode: Mode, command: &str, result: Result<Outcome, Error>) -> u8 {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    let status = match &result {
        Ok(outcome) => outcome.status,
        Err(error) => error.status,
    };
    match (mode, result) {
        (Mode::Human, Ok(outcome)) => {
            // One write for the whole answer: stdout is line-buffered, and a status of
            // 10 000 issues would otherwise cost 10 000 system calls.
            let mut text = String::with_capacity(outcome.lines.iter().map(|l| l.len() + 1).sum());
            for line in &outcome.lines {
                text.push_str(line);
                text.push('\n');
            }
            let _ = out.write_all(text.as_bytes());
            for warning in &outcome.warnings {
                let _ = writeln!(err, "warning: {warning}");
            }
            for note in &outcome.notes {
                let _ = writeln!(err, "{note}");
            }
        }
        (Mode::Human, Err(error)) => {
            let prefix = if command == "parley" {
                "parley".to_owned()
            } else {
                format!("parley {command}")
            };
            let _ = writeln!(err, "{prefix}: error: {}", error.message);
            if let Some(hint) = &error.hint {
                let _ = writeln!(err, "Hint: {hint}");
            }
        }
        (Mode::Json, result) => {
            let _ = writeln!(out, "{}", envelope(command, &result));
        }
    }
    let _ = out.flush();
    status.exit_code()
}

/// The JSON envelope of a result: `{"ok","command","data","error"}`, all four keys always
/// present. What `--json` prints, and what the MCP server returns as structured content.
pub fn envelope(command: &str, result: &Result<Outcome, Error>) -> Value {
    match result {
        Ok(outcome) => {
            let mut data = outcome.data.clone();
            if let Value::Object(map) = &mut data
                && !outcome.warnings.is_empty()
            {
                map.insert("warnings".into(), json!(outcome.warnings));
            }
            let error = outcome.code.map(|code| {
                // The same shape as an error's, so a reader handles one form.
                json!({
                    "code": code,
                    "message": outcome.lines.join("\n"),
                    "hint": Value::Null,
                    "exit": outcome.status.exit_code(),
                })
            });
            json!({
                "ok": outcome.code.is_none(),
                "command": command,
                "data": data,
                "error": error,
            })
        }
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

/// A progress line printed while a long command runs (wait-for-start, demo), human mode only.
pub fn progress(mode: Mode, line: &str) {
    if mode == Mode::Human {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// A usage error as clap rendered it (human mode); returns the usage exit code.
pub fn usage_error(rendered: &str) -> u8 {
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "{rendered}");
    Status::Usage.exit_code()
}
