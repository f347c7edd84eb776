//! Agent names of the operative protocol: `^[a-z0-9]+(-[a-z0-9]+)*$`, 3 to 48 characters
//! (the protocol recommends adjective-noun, such as `amber-otter`). Checked before anything
//! touches the disk, and again when a state file is read.

use std::ffi::OsStr;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

pub const MIN_LEN: usize = 3;
pub const MAX_LEN: usize = 48;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AgentName(String);

impl AgentName {
    /// Checks a raw command-line value; `what` says which flag it came from.
    pub fn parse(what: &str, raw: &OsStr) -> Result<AgentName> {
        let Some(text) = raw.to_str() else {
            return Err(invalid(
                what,
                &raw.to_string_lossy(),
                "it is not valid UTF-8",
            ));
        };
        AgentName::parse_str(what, text)
    }

    pub fn parse_str(what: &str, text: &str) -> Result<AgentName> {
        match why_invalid(text) {
            Some(why) => Err(invalid(what, text, why)),
            None => Ok(AgentName(text.to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn why_invalid(text: &str) -> Option<&'static str> {
    if text.len() < MIN_LEN {
        return Some("it is shorter than 3 characters");
    }
    if text.len() > MAX_LEN {
        return Some("it is longer than 48 characters");
    }
    if !text
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Some("only a-z, 0-9 and '-' are allowed");
    }
    if text.starts_with('-') || text.ends_with('-') || text.contains("--") {
        return Some("'-' only joins words: not first, last or doubled");
    }
    None
}

fn invalid(what: &str, text: &str, why: &str) -> Error {
    let shown: String = if text.chars().count() > 60 {
        format!("{}...", text.chars().take(60).collect::<String>())
    } else {
        text.to_owned()
    };
    Error::bad_input(
        "INVALID_AGENT_NAME",
        format!("invalid {what} {shown:?}: {why}"),
    )
    .with_hint(
        "agent names match ^[a-z0-9]+(-[a-z0-9]+)*$ with 3 to 48 characters, e.g. amber-otter",
    )
}

impl TryFrom<String> for AgentName {
    type Error = String;

    fn try_from(text: String) -> std::result::Result<AgentName, String> {
        match why_invalid(&text) {
            Some(why) => Err(format!("invalid agent name {text:?}: {why}")),
            None => Ok(AgentName(text)),
        }
    }
}

impl From<AgentName> for String {
    fn from(name: AgentName) -> String {
        name.0
    }
}

impl fmt::Display for AgentName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pattern_and_the_length_bounds() {
        for good in ["amber-otter", "abc", "a1-b2-c3", "007", &"a".repeat(48)] {
            assert!(AgentName::parse_str("agent", good).is_ok(), "{good}");
        }
        for bad in [
            "ab",
            "-abc",
            "abc-",
            "ab--cd",
            "Amber",
            "amber_otter",
            "",
            &"a".repeat(49),
        ] {
            assert!(AgentName::parse_str("agent", bad).is_err(), "{bad}");
        }
    }
}
