//! `meta.md`: the settings of a negotiation, one `- **key:** value` line each.

use chrono::{DateTime, Utc};

use crate::clock::{format_stamp, parse_stamp};
use crate::error::{Error, Result};
use crate::store::Store;

pub const FILE: &str = "meta.md";

/// Defaults of the settings `init` writes when no flag overrides them.
pub const DEFAULT_REGISTRATION_WINDOW: u64 = 120;
pub const DEFAULT_MAX_ROUNDS: u64 = 5;
pub const DEFAULT_POLL_INTERVAL: u64 = 5;
pub const DEFAULT_TURN_TIMEOUT: u64 = 600;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Meta {
    pub expected_agents: u64,
    pub registration_window_seconds: u64,
    pub max_rounds_per_agent: u64,
    pub poll_interval_seconds: u64,
    pub turn_timeout_seconds: u64,
    pub created: Option<String>,
    pub registration_deadline: Option<String>,
    /// `finish` needs every agent's `sign-off` of `final.md`, `coverage-audit.md` and the
    /// decisions (`- **sign_off:** required`, written by `parley init` unless
    /// `--no-sign-off`; `off` or no line: none).
    pub sign_off: bool,
    /// Whether meta.md has a `sign_off` line: `parley init` writes one (`required` or `off`);
    /// the old scripts, and `init` through a script-named link, none.
    #[serde(skip)]
    pub sign_off_written: bool,
    /// The sources in the order `init --source` named them (`- **source_order:** [JSON
    /// array]`), which the issue template's Position A, B and the audit template follow.
    /// Empty for a directory made without sources or before the order was recorded.
    pub source_order: Vec<String>,
    /// A duplicate proposal is written as its own entry, `## NAME's duplicate proposal`
    /// (`- **duplicate_proposals:** entry`, written by `parley init`); without the line (a
    /// negotiation made by a script-named link, or before there was one) it is written as
    /// the old scripts' `finish.sh` expects, a challenge entry reading `Duplicate of ...`.
    pub duplicate_entries: bool,
}

impl Meta {
    pub fn new(expected_agents: u64, created: DateTime<Utc>) -> Meta {
        Meta {
            expected_agents,
            registration_window_seconds: DEFAULT_REGISTRATION_WINDOW,
            max_rounds_per_agent: DEFAULT_MAX_ROUNDS,
            poll_interval_seconds: DEFAULT_POLL_INTERVAL,
            turn_timeout_seconds: DEFAULT_TURN_TIMEOUT,
            created: Some(format_stamp(created)),
            registration_deadline: None,
            sign_off: false,
            sign_off_written: false,
            source_order: Vec::new(),
            duplicate_entries: false,
        }
    }

    pub fn render(&self) -> String {
        let mut out = String::from("# Negotiation Meta\n\n");
        let mut line = |key: &str, value: &dyn std::fmt::Display| {
            out.push_str(&format!("- **{key}:** {value}\n"));
        };
        line("expected_agents", &self.expected_agents);
        line(
            "registration_window_seconds",
            &self.registration_window_seconds,
        );
        line("max_rounds_per_agent", &self.max_rounds_per_agent);
        line("poll_interval_seconds", &self.poll_interval_seconds);
        line("turn_timeout_seconds", &self.turn_timeout_seconds);
        if let Some(created) = &self.created {
            line("created", created);
        }
        if self.sign_off || self.sign_off_written {
            line("sign_off", &if self.sign_off { "required" } else { "off" });
        }
        if self.duplicate_entries {
            line("duplicate_proposals", &"entry");
        }
        if !self.source_order.is_empty() {
            let order = serde_json::to_string(&self.source_order).expect("names serialize");
            line("source_order", &order);
        }
        if let Some(deadline) = &self.registration_deadline {
            line("registration_deadline", deadline);
        }
        out
    }

    pub fn deadline(&self) -> Option<DateTime<Utc>> {
        self.registration_deadline.as_deref().and_then(parse_stamp)
    }

    pub fn load(store: &Store) -> Result<Option<Meta>> {
        match store.read(FILE)? {
            None => Ok(None),
            Some(text) => Meta::parse(&text, &store.path(FILE)).map(Some),
        }
    }

    /// Parses strictly: every `- **key:** value` line of a known key must hold a valid value,
    /// and no key appears twice; unknown keys are kept out of the way (a later version may add
    /// some).
    pub fn parse(text: &str, path: &std::path::Path) -> Result<Meta> {
        let mut meta = Meta {
            expected_agents: 0,
            registration_window_seconds: DEFAULT_REGISTRATION_WINDOW,
            max_rounds_per_agent: DEFAULT_MAX_ROUNDS,
            poll_interval_seconds: DEFAULT_POLL_INTERVAL,
            turn_timeout_seconds: DEFAULT_TURN_TIMEOUT,
            created: None,
            registration_deadline: None,
            sign_off: false,
            sign_off_written: false,
            source_order: Vec::new(),
            duplicate_entries: false,
        };
        let mut saw_expected = false;
        // Each key once: with the last value winning, an appended line would silently change
        // a setting (the expected number of agents, say).
        let mut first_line: std::collections::HashMap<&str, usize> =
            std::collections::HashMap::new();
        for (index, raw) in text.lines().enumerate() {
            let line_no = index + 1;
            let line = raw.trim_end();
            let Some(rest) = line.strip_prefix("- **") else {
                continue;
            };
            let Some((key, value)) = rest.split_once(":**") else {
                return Err(Error::malformed(
                    path,
                    Some(line_no),
                    "expected a setting of the form `- **key:** value`",
                ));
            };
            if let Some(first) = first_line.insert(key, line_no) {
                return Err(Error::malformed(
                    path,
                    Some(line_no),
                    format!(
                        "{key} is given twice (first on line {first}); each setting appears once"
                    ),
                ));
            }
            let value = value.trim();
            let number = || -> Result<u64> {
                if value.is_empty()
                    || value.len() > 10
                    || !value.bytes().all(|b| b.is_ascii_digit())
                {
                    return Err(Error::malformed(
                        path,
                        Some(line_no),
                        format!("{key} must be a whole number of seconds or agents, not {value:?}"),
                    ));
                }
                Ok(value.parse().expect("checked digits"))
            };
            let stamp = || -> Result<String> {
                parse_stamp(value).map(|_| value.to_owned()).ok_or_else(|| {
                    Error::malformed(
                        path,
                        Some(line_no),
                        format!("{key} must be a time like 2026-02-18T10:00:00Z, not {value:?}"),
                    )
                })
            };
            match key {
                "expected_agents" => {
                    meta.expected_agents = number()?;
                    saw_expected = true;
                }
                "registration_window_seconds" => meta.registration_window_seconds = number()?,
                "max_rounds_per_agent" => meta.max_rounds_per_agent = number()?,
                "poll_interval_seconds" => meta.poll_interval_seconds = number()?,
                "turn_timeout_seconds" => meta.turn_timeout_seconds = number()?,
                "created" => meta.created = Some(stamp()?),
                "registration_deadline" => meta.registration_deadline = Some(stamp()?),
                "source_order" => {
                    meta.source_order = serde_json::from_str(value).map_err(|_| {
                        Error::malformed(
                            path,
                            Some(line_no),
                            format!(
                                "source_order must be a JSON array of file names, not {value:?}"
                            ),
                        )
                    })?
                }
                "duplicate_proposals" => {
                    meta.duplicate_entries = match value {
                        "entry" => true,
                        "challenge" => false,
                        _ => {
                            return Err(Error::malformed(
                                path,
                                Some(line_no),
                                format!(
                                    "duplicate_proposals must be `entry` or `challenge`, not {value:?}"
                                ),
                            ));
                        }
                    }
                }
                "sign_off" => {
                    meta.sign_off_written = true;
                    meta.sign_off = match value {
                        "required" => true,
                        "off" => false,
                        _ => {
                            return Err(Error::malformed(
                                path,
                                Some(line_no),
                                format!("sign_off must be `required` or `off`, not {value:?}"),
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
        if !saw_expected {
            return Err(Error::malformed(
                path,
                None,
                "has no `- **expected_agents:** N` line",
            ));
        }
        Ok(meta)
    }
}
