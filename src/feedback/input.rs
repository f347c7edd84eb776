//! Reading the payloads and streams the commands are given: a file, or stdin for `-` or none.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::error::{Error, Result, Status};

/// Where an input comes from.
#[derive(Debug, Clone)]
pub enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// `None` and `-` mean stdin.
    pub fn from_arg(arg: Option<PathBuf>) -> Source {
        match arg {
            Some(path) if path.as_os_str() != "-" => Source::File(path),
            _ => Source::Stdin,
        }
    }

    pub fn label(&self) -> String {
        match self {
            Source::Stdin => "stdin".into(),
            Source::File(path) => path.display().to_string(),
        }
    }

    /// The bytes of the input; unreadable is exit 66.
    pub fn read(&self) -> Result<Vec<u8>> {
        let mut bytes = Vec::new();
        let read = match self {
            Source::Stdin => std::io::stdin().lock().read_to_end(&mut bytes).map(|_| ()),
            Source::File(path) => std::fs::read(path).map(|b| bytes = b),
        };
        read.map_err(|e| unreadable(&self.label(), e))?;
        Ok(bytes)
    }

    /// The input parsed as JSON (any value); not JSON at all is exit 65.
    pub fn read_json(&self) -> Result<Value> {
        parse_json(&self.read()?, &self.label())
    }
}

pub fn unreadable(label: &str, err: impl std::fmt::Display) -> Error {
    Error::new(
        Status::NotFound,
        "UNREADABLE_INPUT",
        format!("cannot read {label}: {err}"),
    )
}

/// `bytes` as JSON; `NOT_JSON` (exit 65) naming `label` and the place serde stopped at.
pub fn parse_json(bytes: &[u8], label: &str) -> Result<Value> {
    serde_json::from_slice(bytes)
        .map_err(|e| Error::bad_input("NOT_JSON", format!("{label} is not JSON: {e}")))
}

/// A file the user named as a reference payload (`--request`, `--previous`): it must be a JSON
/// object, since the checks read its fields.
pub fn reference(path: &Path, flag: &str) -> Result<Value> {
    let value = Source::File(path.to_path_buf()).read_json()?;
    if !value.is_object() {
        return Err(Error::bad_input(
            "NOT_AN_OBJECT",
            format!(
                "{flag} {}: the payload is not a JSON object",
                path.display()
            ),
        ));
    }
    Ok(value)
}
