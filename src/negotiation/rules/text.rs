//! The text an agent or a person gives the rule commands: not blank, not too long, and holding
//! no line parley would read as an entry heading or a status line.

use crate::error::{Error, Result};
use crate::negotiation::model::positions;

/// The longest body, decision or summary accepted: a position is an argument, not a dump.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;

/// Text parley writes into a positions file for someone: not blank, not too long, and
/// holding no line that parley would read as an entry heading or a status line (which could
/// forge another agent's entry or flip the status).
#[derive(Debug, Clone)]
pub struct Text(String);

impl Text {
    /// Checks `raw` as the `what` of a command ("body", "decision", "summary").
    pub fn parse(what: &str, raw: &str) -> Result<Text> {
        let text = raw.trim_matches(|c| c == '\n' || c == '\r').trim_end();
        if text.trim().is_empty() {
            return Err(
                Error::bad_input("EMPTY_TEXT", format!("the {what} is empty"))
                    .with_hint("state your reasoning: rule 4 asks for full positions"),
            );
        }
        if text.len() > MAX_TEXT_BYTES {
            return Err(Error::bad_input(
                "TEXT_TOO_LONG",
                format!("the {what} is longer than {MAX_TEXT_BYTES} bytes"),
            ));
        }
        if let Some((index, line)) = text
            .lines()
            .enumerate()
            .find(|(_, line)| positions::is_structural(line))
        {
            return Err(Error::bad_input(
                "STRUCTURAL_LINE",
                format!(
                    "line {} of the {what} would be read as an entry heading or a status line: {line:?}",
                    index + 1
                ),
            )
            .with_hint("parley writes the headings and the status line itself; reword that line"));
        }
        Ok(Text(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}
