//! Beads (work items): their ids, and the `in_progress` beads an agent owns, read from
//! `ROOT/.beads/issues.jsonl` (never written: the work lifecycle belongs to `bd`).

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{Error, Result};
use crate::store::Store;

use super::agent_name::AgentName;

pub const ISSUES_FILE: &str = ".beads/issues.jsonl";
const MAX_LEN: usize = 64;

/// A bead id such as `bb-u6f.6.3`: letters, digits, `-`, `_`, `.`, 1 to 64 characters.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct BeadId(String);

impl BeadId {
    pub fn parse(raw: &str) -> Result<BeadId> {
        BeadId::try_from(raw.to_owned()).map_err(|why| {
            Error::bad_input("INVALID_BEAD", why)
                .with_hint("bead ids use letters, digits, '-', '_' and '.', e.g. bb-u6f.6.3")
        })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for BeadId {
    type Error = String;

    fn try_from(text: String) -> std::result::Result<BeadId, String> {
        let plain = text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if text.is_empty() || text.len() > MAX_LEN || !plain {
            return Err(format!(
                "invalid bead id {text:?}: 1 to 64 letters, digits, '-', '_' or '.'"
            ));
        }
        Ok(BeadId(text))
    }
}

impl From<BeadId> for String {
    fn from(bead: BeadId) -> String {
        bead.0
    }
}

impl fmt::Display for BeadId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The ids of the beads with status `in_progress` whose `assignee` (or `owner`) is `agent`,
/// in file order. A missing file means none. Lines that are not JSON objects are skipped with
/// a warning: the file belongs to another tool, and one bad line must not hide the others.
pub fn in_progress_owned_by(
    store: &Store,
    agent: &AgentName,
) -> Result<(Vec<String>, Vec<String>)> {
    let mut owned = Vec::new();
    let mut warnings = Vec::new();
    let Some(text) = store.read(ISSUES_FILE)? else {
        return Ok((owned, warnings));
    };
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let Ok(Value::Object(bead)) = serde_json::from_str::<Value>(line) else {
            warnings.push(format!(
                "{}:{}: skipped a line that is not a JSON object",
                store.path(ISSUES_FILE).display(),
                index + 1
            ));
            continue;
        };
        let text_of = |key: &str| bead.get(key).and_then(Value::as_str);
        let in_progress = text_of("status") == Some("in_progress");
        let mine = [text_of("assignee"), text_of("owner")].contains(&Some(agent.as_str()));
        if in_progress
            && mine
            && let Some(id) = text_of("id")
        {
            owned.push(id.to_owned());
        }
    }
    Ok((owned, warnings))
}
