//! Reading the payloads and streams the commands are given (through [`crate::input`]) as JSON.

use serde_json::Value;

use crate::error::{Error, Result};

pub use crate::input::{Source, unreadable};

/// The input parsed as JSON (any value); unreadable is exit 66, not JSON at all exit 65.
pub fn read_json(source: &Source) -> Result<Value> {
    parse_json(&source.read()?, &source.label())
}

/// `bytes` as JSON; `NOT_JSON` (exit 65) naming `label` and the place serde stopped at.
pub fn parse_json(bytes: &[u8], label: &str) -> Result<Value> {
    serde_json::from_slice(bytes)
        .map_err(|e| Error::bad_input("NOT_JSON", format!("{label} is not JSON: {e}")))
}

/// A file the user named as a reference payload (`--request`, `--previous`): it must be a JSON
/// object, since the checks read its fields.
pub fn reference(source: &Source, flag: &str) -> Result<Value> {
    let value = read_json(source)?;
    if !value.is_object() {
        return Err(Error::bad_input(
            "NOT_AN_OBJECT",
            format!(
                "{flag} {}: the payload is not a JSON object",
                source.label()
            ),
        ));
    }
    Ok(value)
}
