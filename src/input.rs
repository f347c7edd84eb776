//! What a command reads from its user rather than from a store: a file named on the command
//! line, or standard input (`-`). One reader, so every protocol reports an unreadable input
//! the same way: exit 66, code `UNREADABLE_INPUT`, naming the file.

use std::io::Read;
use std::path::PathBuf;

use crate::error::{Error, Result, Status};

/// Where an input comes from.
#[derive(Debug, Clone)]
pub enum Source {
    Stdin,
    File(PathBuf),
    /// Text given directly (a JSON request's `*_text` field).
    Text(String),
}

impl Source {
    /// `None` and `-` mean standard input.
    pub fn from_arg(arg: Option<PathBuf>) -> Source {
        match arg {
            Some(path) if path.as_os_str() != "-" => Source::File(path),
            _ => Source::Stdin,
        }
    }

    /// How messages name it.
    pub fn label(&self) -> String {
        match self {
            Source::Stdin => "stdin".into(),
            Source::Text(_) => "the text given".into(),
            Source::File(path) => path.display().to_string(),
        }
    }

    /// Its bytes, all of them.
    pub fn read(&self) -> Result<Vec<u8>> {
        self.read_at_most(u64::MAX)
    }

    /// At most `limit` bytes: a caller that refuses long inputs reads one byte more than it
    /// accepts, so a huge input is refused without being held whole.
    pub fn read_at_most(&self, limit: u64) -> Result<Vec<u8>> {
        let mut bytes = Vec::new();
        let read = match self {
            Source::Stdin => std::io::stdin().lock().take(limit).read_to_end(&mut bytes),
            Source::File(path) => {
                std::fs::File::open(path).and_then(|file| file.take(limit).read_to_end(&mut bytes))
            }
            Source::Text(text) => {
                let end = usize::try_from(limit).unwrap_or(usize::MAX).min(text.len());
                bytes.extend_from_slice(&text.as_bytes()[..end]);
                Ok(end)
            }
        };
        read.map_err(|e| unreadable(&self.label(), e))?;
        Ok(bytes)
    }

    /// Its text; `what` names it in messages ("the body"). Not UTF-8 is exit 65, `NOT_TEXT`.
    pub fn read_text(&self, what: &str) -> Result<String> {
        text(self.read()?, what, &self.label())
    }
}

/// `bytes` as UTF-8 text, or `NOT_TEXT` (exit 65) naming `what` and where it came from.
pub fn text(bytes: Vec<u8>, what: &str, label: &str) -> Result<String> {
    String::from_utf8(bytes)
        .map_err(|_| Error::bad_input("NOT_TEXT", format!("{what} in {label} is not UTF-8 text")))
}

/// The error for an input that cannot be read (exit 66).
pub fn unreadable(label: &str, err: impl std::fmt::Display) -> Error {
    Error::new(
        Status::NotFound,
        "UNREADABLE_INPUT",
        format!("cannot read {label}: {err}"),
    )
}
