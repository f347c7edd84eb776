//! Liveness (protocol section 4): derived from `last_seen_at` and `BB_AGENT_STALE_MINUTES`
//! (default 15). With T minutes: `active` while less than T have passed, `stale` from T up
//! to (not including) 2T, `evicted` from 2T on. Both boundaries belong to the later state.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

pub const STALE_MINUTES_VAR: &str = "BB_AGENT_STALE_MINUTES";
pub const DEFAULT_STALE_MINUTES: u64 = 15;
/// A week: longer thresholds are mistakes, and the arithmetic stays far from overflow.
pub const MAX_STALE_MINUTES: u64 = 7 * 24 * 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Liveness {
    Active,
    Stale,
    Evicted,
}

impl Liveness {
    pub fn as_str(self) -> &'static str {
        match self {
            Liveness::Active => "active",
            Liveness::Stale => "stale",
            Liveness::Evicted => "evicted",
        }
    }
}

/// The configured threshold.
#[derive(Debug, Clone, Copy)]
pub struct Thresholds {
    pub stale_minutes: u64,
}

impl Thresholds {
    /// From `BB_AGENT_STALE_MINUTES` as the front end found it: a whole number of minutes, 1
    /// to a week. A value that is set but unusable is an error, never silently the default.
    pub fn from_setting(raw: Option<&str>) -> Result<Thresholds> {
        let Some(text) = raw else {
            return Ok(Thresholds {
                stale_minutes: DEFAULT_STALE_MINUTES,
            });
        };
        match text.trim().parse::<u64>() {
            Ok(minutes) if (1..=MAX_STALE_MINUTES).contains(&minutes) => Ok(Thresholds {
                stale_minutes: minutes,
            }),
            _ => Err(Error::bad_input(
                "BAD_STALE_MINUTES",
                format!("{STALE_MINUTES_VAR}={text:?} is not a whole number of minutes from 1 to {MAX_STALE_MINUTES}"),
            )
            .with_hint(format!("unset it for the default ({DEFAULT_STALE_MINUTES}), or set e.g. 15"))),
        }
    }

    pub fn stale_at(&self, last_seen: DateTime<Utc>) -> DateTime<Utc> {
        last_seen + Duration::minutes(self.stale_minutes as i64)
    }

    pub fn evicted_at(&self, last_seen: DateTime<Utc>) -> DateTime<Utc> {
        last_seen + Duration::minutes(2 * self.stale_minutes as i64)
    }

    pub fn liveness(&self, last_seen: DateTime<Utc>, now: DateTime<Utc>) -> Liveness {
        if now < self.stale_at(last_seen) {
            Liveness::Active
        } else if now < self.evicted_at(last_seen) {
            Liveness::Stale
        } else {
            Liveness::Evicted
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries_belong_to_the_later_state() {
        let t = Thresholds { stale_minutes: 15 };
        let seen = DateTime::parse_from_rfc3339("2026-02-18T10:00:00Z")
            .unwrap()
            .to_utc();
        let at =
            |m: i64, s: i64| t.liveness(seen, seen + Duration::minutes(m) + Duration::seconds(s));
        assert_eq!(at(14, 59), Liveness::Active);
        assert_eq!(at(15, 0), Liveness::Stale);
        assert_eq!(at(29, 59), Liveness::Stale);
        assert_eq!(at(30, 0), Liveness::Evicted);
        assert_eq!(at(-5, 0), Liveness::Active);
    }
}
