//! Validated names. Every agent name and topic is checked here, before anything touches the
//! disk, so domain code never handles a raw string that could escape a directory.

use std::ffi::OsStr;
use std::fmt;

use compact_str::CompactString;

use crate::error::{Error, Result};

/// Longer names are refused: they only ever come from mistakes, and a file name has a limit.
pub const MAX_NAME_LEN: usize = 64;

/// An agent name or a topic: `^[a-z][a-z0-9-]*$`, at most [`MAX_NAME_LEN`] bytes.
///
/// Kept inline (no allocation) up to 24 bytes, as agent names and most topics are: the
/// overview builds several names for each of hundreds of issues at every `status`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Name(CompactString);

impl Name {
    /// Checks `raw` as a name of the given kind ("agent name", "topic").
    pub fn parse(kind: &str, raw: &OsStr) -> Result<Name> {
        let Some(text) = raw.to_str() else {
            return Err(invalid(
                kind,
                &raw.to_string_lossy(),
                "it is not valid UTF-8",
            ));
        };
        Name::parse_str(kind, text)
    }

    pub fn parse_str(kind: &str, text: &str) -> Result<Name> {
        if let Some(why) = why_invalid(text) {
            return Err(invalid(kind, text, why));
        }
        Ok(Name(CompactString::new(text)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether `text` is a valid name, for parsers of state files.
pub fn is_valid(text: &str) -> bool {
    why_invalid(text).is_none()
}

fn why_invalid(text: &str) -> Option<&'static str> {
    // Bytes, not characters: every byte of a valid name is ASCII, and any byte of a
    // multi-byte character fails the same test its character would.
    let bytes = text.as_bytes();
    match bytes.first() {
        None => return Some("it is empty"),
        Some(c) if !c.is_ascii_lowercase() => {
            return Some("it must start with a lower-case letter");
        }
        Some(_) => {}
    }
    if text.len() > MAX_NAME_LEN {
        return Some("it is longer than 64 characters");
    }
    if !(bytes.iter()).all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-') {
        return Some("only a-z, 0-9 and '-' are allowed");
    }
    None
}

fn invalid(kind: &str, text: &str, why: &str) -> Error {
    let shown: String = if text.chars().count() > 40 {
        format!("{}...", text.chars().take(40).collect::<String>())
    } else {
        text.to_owned()
    };
    Error::bad_input("INVALID_NAME", format!("invalid {kind} {shown:?}: {why}"))
        .with_hint("names match ^[a-z][a-z0-9-]*$, e.g. agent-alpha or auth-method")
}

/// A name read back from a file parley wrote (a cache): checked as any other name.
impl<'de> serde::Deserialize<'de> for Name {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Name, D::Error> {
        // Taken as `&str` whether borrowed from the input or unescaped into the parser's
        // scratch space: a name is copied once, into its inline storage.
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> std::result::Result<Name, E> {
                match why_invalid(text) {
                    None => Ok(Name(CompactString::new(text))),
                    Some(why) => Err(E::custom(why)),
                }
            }
        }
        deserializer.deserialize_str(Text)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        &self.0
    }
}
