//! The one error type of parley and the exit-code contract.
//!
//! Agents branch on exit codes, so the table below is an API. Codes 0 to 4 are answers,
//! 64 and up are errors; the two ranges never overlap. `docs/exit-codes.md` mirrors this
//! table and a test keeps them in step.
//!
//! | code | meaning |
//! |-----:|---------|
//! | 0 | done as asked; `poll`/`wait`: it is your turn |
//! | 1 | the expected "not now" answer (`poll`: wait; `register`: name taken; `finish`: not ready) |
//! | 2 | the negotiation is finished |
//! | 3 | already exists / held by someone else |
//! | 4 | the protocol forbids this now |
//! | 64 | usage error |
//! | 65 | bad input: invalid name, malformed state file |
//! | 66 | nothing to work on at the path given (no negotiation, session, ledger; unreadable input) |
//! | 73 | cannot create |
//! | 74 | other I/O error |
//! | 75 | lock not acquired in time: retry |
//! | 77 | not allowed to this caller (`parley serve`: the token's role or agent, a path out of ROOT) |
//! | 124 | a blocking wait reached its `--timeout` |
//! | 130 | interrupted (Ctrl-C) |

use std::fmt;
use std::io;
use std::path::Path;

/// Every way a parley command can end, with its exit code. Answers first, then errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Ok,
    NotNow,
    Finished,
    AlreadyExists,
    Forbidden,
    Usage,
    BadInput,
    NotFound,
    CannotCreate,
    Io,
    LockTimeout,
    NotAllowed,
    Timeout,
    Interrupted,
}

/// The exit-code table: one row per status, in the order of the module documentation.
pub const EXIT_CODES: &[(Status, u8, &str)] = &[
    (Status::Ok, 0, "done as asked; poll/wait: it is your turn"),
    (
        Status::NotNow,
        1,
        "the expected \"not now\" answer: poll: wait; register: name taken; finish: not ready (each reason listed)",
    ),
    (
        Status::Finished,
        2,
        "the negotiation is finished (poll, wait, and any applet that would change a finished negotiation)",
    ),
    (
        Status::AlreadyExists,
        3,
        "already exists / held by someone else (init on an existing DIR)",
    ),
    (
        Status::Forbidden,
        4,
        "the protocol forbids this now (not your turn, wrong phase, registration closed, rule violated)",
    ),
    (
        Status::Usage,
        64,
        "usage error (unknown flag, missing argument, unknown program name)",
    ),
    (
        Status::BadInput,
        65,
        "bad input: invalid name or topic, malformed state file (the file and line are named)",
    ),
    (
        Status::NotFound,
        66,
        "nothing to work on at the path given: no negotiation at DIR, no session file, no ledger, an unreadable input file",
    ),
    (
        Status::CannotCreate,
        73,
        "cannot create (missing parent, not a directory, permissions)",
    ),
    (Status::Io, 74, "other I/O error"),
    (Status::LockTimeout, 75, "lock not acquired in time: retry"),
    (
        Status::NotAllowed,
        77,
        "not allowed to this caller: parley serve refused the token's role or agent, or a path out of ROOT",
    ),
    (
        Status::Timeout,
        124,
        "a blocking wait reached its --timeout",
    ),
    (Status::Interrupted, 130, "interrupted (Ctrl-C)"),
];

impl Status {
    pub fn exit_code(self) -> u8 {
        EXIT_CODES
            .iter()
            .find(|(status, _, _)| *status == self)
            .map(|(_, code, _)| *code)
            .expect("every status has a row in EXIT_CODES")
    }

    pub fn is_answer(self) -> bool {
        self.exit_code() <= 4
    }
}

/// A failure: the status decides the exit code, `code` is the stable upper-case string carried
/// by `--json`, `message` says what failed and `hint` what to do next.
#[derive(Debug, thiserror::Error)]
pub struct Error {
    pub status: Status,
    pub code: &'static str,
    pub message: String,
    pub hint: Option<String>,
    /// What a refusal knows beyond its message, for the JSON envelope's `data` (`null` when
    /// `None`): the "finished" refusal (exit 2) says who finished, when and how it ended.
    pub data: Option<Box<serde_json::Value>>,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Error {
    pub fn new(status: Status, code: &'static str, message: impl Into<String>) -> Self {
        Error {
            status,
            code,
            message: message.into(),
            hint: None,
            data: None,
        }
    }

    /// The message followed by `detail` (`MESSAGE. DETAIL`).
    pub fn with_detail(mut self, detail: &str) -> Self {
        self.message = format!("{}. {detail}", self.message);
        self
    }

    /// The error with `data` for the JSON envelope.
    pub fn with_data(mut self, data: serde_json::Value) -> Self {
        self.data = Some(Box::new(data));
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn usage(message: impl Into<String>) -> Self {
        Error::new(Status::Usage, "USAGE", message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Error::new(Status::Forbidden, code, message)
    }

    pub fn finished(dir: &Path) -> Self {
        Error::new(
            Status::Finished,
            "FINISHED",
            format!("the negotiation at {} is finished", dir.display()),
        )
        .with_hint("nothing more can change; read final.md")
    }

    /// Refused to this caller (exit 77, `FORBIDDEN`): `parley serve`'s roles and confinement.
    pub fn not_allowed(message: impl Into<String>) -> Self {
        Error::new(Status::NotAllowed, "FORBIDDEN", message)
    }

    pub fn bad_input(code: &'static str, message: impl Into<String>) -> Self {
        Error::new(Status::BadInput, code, message)
    }

    /// A state file that does not parse: names the file and, where known, the line.
    pub fn malformed(path: &Path, line: Option<usize>, what: impl fmt::Display) -> Self {
        let place = match line {
            Some(n) => format!("{}:{n}", path.display()),
            None => path.display().to_string(),
        };
        Error::new(
            Status::BadInput,
            "MALFORMED_STATE",
            format!("{place}: {what}"),
        )
        .with_hint("repair or restore the file by hand; parley never guesses at broken state")
    }

    /// An I/O failure on `path` (exit 74); creation failures use [`Error::cannot_create`].
    pub fn io(action: &str, path: &Path, err: io::Error) -> Self {
        Error::new(
            Status::Io,
            "IO",
            format!("cannot {action} {}: {err}", path.display()),
        )
    }

    pub fn cannot_create(path: &Path, why: impl fmt::Display) -> Self {
        Error::new(
            Status::CannotCreate,
            "CANNOT_CREATE",
            format!("cannot create {}: {why}", path.display()),
        )
    }

    pub fn symlink(path: &Path) -> Self {
        Error::bad_input(
            "SYMLINK",
            format!(
                "{} is a symbolic link; parley never follows links inside a directory it keeps",
                path.display()
            ),
        )
        .with_hint("remove the link and put a regular file or directory there")
    }
}
