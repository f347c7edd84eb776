//! What a command reads from its user rather than from a store: a file named on the command
//! line, or standard input (`-`). One reader, so every protocol reports an unreadable input
//! the same way: exit 66, code `UNREADABLE_INPUT`, naming the file.
//!
//! A named file must be a regular file: a FIFO would block the command until some other
//! process writes to it (forever, for an agent that made a mistake), and a device such as
//! `/dev/zero` never ends. The file is opened with `O_NONBLOCK`, so opening a FIFO returns at
//! once, and its type is checked on the open descriptor before a byte is read (checking the
//! path first would leave a window in which it could be replaced by a FIFO). Standard input
//! (`-`) is read whatever it is: a pipe is its normal form.

use std::fs::File;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

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
                open_regular(path).and_then(|file| file.take(limit).read_to_end(&mut bytes))
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

/// `path` opened for reading if it is a regular file (links followed); anything else is an
/// error saying what it is, and nothing is read from it.
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        // O_NONBLOCK changes nothing for a regular file: reads never wait on one.
        return Ok(file);
    }
    let what = if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "of another kind"
    };
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file; give a file, or - to read standard input"),
    ))
}

/// The whole of `path` if it is a regular file ([`open_regular`]), for readers that map
/// errors to codes of their own (`init --source`, `init --topic-file`).
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open_regular(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
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
