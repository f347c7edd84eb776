//! The only code that prints a command's result: human lines, or one JSON envelope
//! `{"ok", "command", "data", "error": {"code", "message"}}` with all four keys always present.
//!
//! A command returns a typed result (a [`Reply`]): its fields are the envelope's `data`, and it
//! writes its own human lines. Which of the two forms is made is decided here, by the front
//! end's mode, so a command never builds the form nobody reads.

use std::io::Write;

use serde::Serialize;
use serde_json::{Value, json};

use crate::error::{Error, Status};

/// A command's typed result. Serialized, it is the envelope's `data`; [`Reply::human`] writes
/// the same facts for people. The printer and the MCP server render it; commands never print.
pub trait Reply: Serialize + Send {
    /// Which answer it is: 0, one of the answers 1 to 4, or the status a verdict carries.
    fn status(&self) -> Status {
        Status::Ok
    }

    /// The stable code of a non-zero answer (`WAITING`, `NAME_TAKEN`, ...); `None` for
    /// success and for a verdict, whose JSON says `ok` true whatever its exit code.
    fn code(&self) -> Option<&'static str> {
        None
    }

    /// Warnings: `warning: ...` lines on stderr, `data.warnings` in JSON.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }

    /// The human form: the lines for stdout (the key lines agents look for) and notes for
    /// stderr.
    fn human(&self, out: &mut Human);
}

/// The human form of a [`Reply`], as it writes it: stdout's lines in one buffer, as they
/// are printed (a status of 500 issues writes one string, not 500 joined at the end).
#[derive(Debug, Default)]
pub struct Human {
    /// stdout's text: each line followed by a newline.
    text: String,
    /// Where each line ends in `text` (before its newline), so that the lines come back as
    /// they were given, a line holding a newline included.
    ends: Vec<usize>,
    /// Lines for stderr, printed as they are: a summary that must stay out of a
    /// machine-readable stdout (JSON carries the same facts in `data`).
    pub notes: Vec<String>,
}

impl Human {
    pub fn line(&mut self, line: impl AsRef<str>) {
        self.line_of(&[line.as_ref()]);
    }

    /// A line made of `parts`, written straight into the text (no string of its own).
    pub fn line_of(&mut self, parts: &[&str]) {
        for part in parts {
            self.text.push_str(part);
        }
        self.ends.push(self.text.len());
        self.text.push('\n');
    }

    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// stdout's text, each line followed by a newline.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// stdout's lines, as given, joined by `separator` (a one-line summary, a JSON message).
    pub fn joined(&self, separator: &str) -> String {
        let starts = std::iter::once(0).chain(self.ends.iter().map(|end| end + 1));
        let lines: Vec<&str> = (starts.zip(&self.ends))
            .map(|(start, &end)| &self.text[start..end])
            .collect();
        lines.join(separator)
    }
}

/// A reply and the warnings met while reading a command's files (a torn last line skipped,
/// a beads line that is not JSON): `warning: ...` on stderr, `data.warnings` in JSON.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Warned<R> {
    reply: R,
    #[serde(skip)]
    warnings: Vec<String>,
}

impl<R> Warned<R> {
    pub fn new(reply: R, warnings: Vec<String>) -> Warned<R> {
        Warned { reply, warnings }
    }
}

impl<R: Reply> Reply for Warned<R> {
    fn status(&self) -> Status {
        self.reply.status()
    }

    fn code(&self) -> Option<&'static str> {
        self.reply.code()
    }

    fn warnings(&self) -> Vec<String> {
        let mut warnings = self.reply.warnings();
        warnings.extend(self.warnings.iter().cloned());
        warnings
    }

    fn human(&self, out: &mut Human) {
        self.reply.human(out);
    }
}

/// [`Reply`] with its serialization erased, so that results of any type travel as one.
trait Rendered: Send {
    fn warnings(&self) -> Vec<String>;
    fn human(&self) -> Human;
    fn data(&self) -> Value;
}

impl<R: Reply> Rendered for R {
    fn warnings(&self) -> Vec<String> {
        Reply::warnings(self)
    }

    fn human(&self) -> Human {
        let mut out = Human::default();
        Reply::human(self, &mut out);
        out
    }

    fn data(&self) -> Value {
        serde_json::to_value(self).unwrap_or_else(|e| {
            // A reply's fields are plain data; a failure here is a bug, not the user's input.
            json!({"serialization_error": e.to_string()})
        })
    }
}

/// What a command answers when it did not fail: its typed result, with the exit it makes (0,
/// or one of the answers 1 to 4 with the stable code that names it). The results of every
/// type travel as this one, and are rendered only when printed.
#[derive(Debug)]
pub struct Outcome {
    pub status: Status,
    /// Set for answers other than 0: `WAITING`, `NAME_TAKEN`, `NOT_READY`, ... `None` for
    /// success and for a verdict; the JSON `ok` is true exactly when it is `None`.
    pub code: Option<&'static str>,
    reply: Box<dyn Rendered>,
}

impl std::fmt::Debug for dyn Rendered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.data())
    }
}

impl<R: Reply + 'static> From<R> for Outcome {
    fn from(reply: R) -> Outcome {
        Outcome {
            status: Reply::status(&reply),
            code: Reply::code(&reply),
            reply: Box::new(reply),
        }
    }
}

impl Outcome {
    /// The human form: stdout lines and stderr notes.
    pub fn human(&self) -> Human {
        self.reply.human()
    }

    /// The warnings, for stderr or `data.warnings`.
    pub fn warnings(&self) -> Vec<String> {
        self.reply.warnings()
    }

    /// The envelope's `data`, without the warnings.
    pub fn data(&self) -> Value {
        self.reply.data()
    }
}

/// How results are printed, chosen once from `--json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Human,
    Json,
}

/// Prints a result and returns the process exit code. Called once, as the process ends.
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
        (Mode::Human, result) => {
            let (text, notes) = human_texts(command, &result);
            // One write for the whole answer: stdout is line-buffered, and a status of
            // 10 000 issues would otherwise cost 10 000 system calls.
            let _ = out.write_all(text.as_bytes());
            let _ = err.write_all(notes.as_bytes());
            // The process ends right after this: freeing an answer of thousands of small
            // strings one by one (a status of 500 issues) would be a tenth of its cost.
            std::mem::forget((result, text));
        }
        (Mode::Json, result) => {
            let envelope = envelope(command, &result);
            // Serialized into one buffer and written once: printed through `Display`, the
            // tree goes token by token through the formatter and the line-buffered stdout.
            let mut text = serde_json::to_vec(&envelope).unwrap_or_default();
            text.push(b'\n');
            let _ = out.write_all(&text);
            // As above: the process ends, nothing needs freeing.
            std::mem::forget((result, envelope, text));
        }
    }
    let _ = out.flush();
    status.exit_code()
}

/// What the command line prints of a result without `--json`: (stdout, stderr). A front end
/// that runs commands for a command line elsewhere (`parley serve`) sends both along.
pub fn human_texts(command: &str, result: &Result<Outcome, Error>) -> (String, String) {
    let mut notes = String::new();
    match result {
        Ok(outcome) => {
            let human = outcome.human();
            for warning in outcome.warnings() {
                notes.push_str(&format!("warning: {warning}\n"));
            }
            for note in &human.notes {
                notes.push_str(&format!("{note}\n"));
            }
            (human.text().to_owned(), notes)
        }
        Err(error) => {
            let prefix = if command == "parley" {
                "parley".to_owned()
            } else {
                format!("parley {command}")
            };
            notes.push_str(&format!("{prefix}: error: {}\n", error.message));
            if let Some(hint) = &error.hint {
                notes.push_str(&format!("Hint: {hint}\n"));
            }
            (String::new(), notes)
        }
    }
}

/// The JSON envelope of a result: `{"ok","command","data","error"}`, all four keys always
/// present. What `--json` prints, and what the MCP server returns as structured content.
pub fn envelope(command: &str, result: &Result<Outcome, Error>) -> Value {
    match result {
        Ok(outcome) => {
            let mut data = outcome.data();
            let warnings = outcome.warnings();
            if let Value::Object(map) = &mut data
                && !warnings.is_empty()
            {
                map.insert("warnings".into(), json!(warnings));
            }
            let error = outcome.code.map(|code| {
                // The same shape as an error's, so a reader handles one form.
                json!({
                    "code": code,
                    "message": outcome.human().joined("\n"),
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
