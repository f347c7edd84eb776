//! "Now", injectable: `PARLEY_NOW` (RFC 3339) replaces the system clock everywhere.
//!
//! The injected instant is the value of "now" when the process starts; time then flows on from
//! it with the monotonic clock, so a blocking wait started under `PARLEY_NOW` still reaches its
//! deadline, and a one-shot command sees exactly the injected instant (to the second).

use std::time::Instant;

use chrono::{DateTime, SecondsFormat, Utc};

use crate::error::{Error, Result};

pub const NOW_VAR: &str = "PARLEY_NOW";

#[derive(Debug, Clone, Copy)]
pub struct Clock {
    base: DateTime<Utc>,
    started: Instant,
}

impl Clock {
    /// The clock from the environment: `PARLEY_NOW` when set, the system clock otherwise.
    pub fn from_env() -> Result<Clock> {
        let base = match std::env::var_os(NOW_VAR) {
            None => Utc::now(),
            Some(raw) => {
                let text = raw.to_str().unwrap_or("");
                DateTime::parse_from_rfc3339(text)
                    .map_err(|e| {
                        Error::bad_input(
                            "BAD_CLOCK",
                            format!("{NOW_VAR}={raw:?} is not an RFC 3339 time: {e}"),
                        )
                        .with_hint("use a form like 2026-02-18T10:00:00Z, or unset it")
                    })?
                    .with_timezone(&Utc)
            }
        };
        Ok(Clock {
            base,
            started: Instant::now(),
        })
    }

    pub fn now(&self) -> DateTime<Utc> {
        let elapsed = chrono::Duration::from_std(self.started.elapsed())
            .unwrap_or_else(|_| chrono::Duration::zero());
        self.base + elapsed
    }

    pub fn unix_seconds(&self) -> i64 {
        self.now().timestamp()
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the form written to every state file.
    pub fn stamp(&self) -> String {
        format_stamp(self.now())
    }
}

/// A duration as messages say it, in seconds to a hundredth at most: `3s` for 3 s, `1s` for
/// the 0.99999 s a deadline leaves, `2.5s`.
pub fn seconds(duration: std::time::Duration) -> String {
    let text = format!("{:.2}", duration.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}s")
}

pub fn format_stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A Unix second in the `YYYY-MM-DDTHH:MM:SSZ` form (`None` out of chrono's range).
pub fn format_unix(seconds: i64) -> Option<String> {
    DateTime::from_timestamp(seconds, 0).map(format_stamp)
}

/// Parses the `YYYY-MM-DDTHH:MM:SSZ` form (any RFC 3339 time is accepted).
pub fn parse_stamp(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod seconds_tests {
    use super::seconds;
    use std::time::Duration;

    #[test]
    fn durations_are_said_in_seconds_to_a_hundredth() {
        for (duration, said) in [
            (Duration::from_secs(3), "3s"),
            (Duration::from_secs(100), "100s"),
            (Duration::from_nanos(999_987_978), "1s"),
            (Duration::from_millis(2500), "2.5s"),
            (Duration::ZERO, "0s"),
        ] {
            assert_eq!(seconds(duration), said);
        }
    }
}
