//! Times in the operative files: UTC ISO-8601 `YYYY-MM-DDTHH:MM:SSZ`, validated when read.

use std::fmt;

use chrono::{DateTime, SubsecRound, Utc};
use serde::{Deserialize, Serialize};

use crate::clock::{Clock, format_stamp, parse_stamp};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Stamp(pub DateTime<Utc>);

impl Stamp {
    /// Now, to the whole second: the precision of every stored time, so a comparison between
    /// "now" and a stored time never turns on a fraction that was not written.
    pub fn now(clock: &Clock) -> Stamp {
        Stamp(clock.now().trunc_subsecs(0))
    }

    pub fn time(self) -> DateTime<Utc> {
        self.0
    }
}

impl TryFrom<String> for Stamp {
    type Error = String;

    fn try_from(text: String) -> Result<Stamp, String> {
        parse_stamp(&text)
            .map(Stamp)
            .ok_or_else(|| format!("{text:?} is not an ISO-8601 UTC time"))
    }
}

impl From<Stamp> for String {
    fn from(stamp: Stamp) -> String {
        format_stamp(stamp.0)
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_stamp(self.0))
    }
}
