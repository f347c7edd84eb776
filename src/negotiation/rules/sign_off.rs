//! The sign-off rule: what a sign-off covers, what voids it, and whose `finish` still waits
//! for.
//!
//! A sign-off (a `sign-off` event, by `sign-off` or by a successful `finish --agent NAME`)
//! covers `final.md`, `coverage-audit.md` and every decision as they are when it is given. It
//! is void once any of them changes after it:
//! - `final.md` or `coverage-audit.md` holds another text than the one signed (their digests,
//!   FNV-1a as for positions, are in the event); written through `final`, `audit` or
//!   `audit-template` the change has an author and a time, written by hand it has neither;
//! - an issue's status or decision changed (`agree`, `escalate`, a duplicate closed,
//!   `resolve`), an issue was reopened or raised (`new-issue`), the drafts were merged, or an
//!   edit of a recorded positions file was found.
//!
//! `finish` then needs a valid sign-off from every registered agent, when meta.md asks for
//! them (`- **sign_off:** required`), except the agent running `finish --agent NAME` and any
//! agent the rules skipped for its turn timeout since the last such change (found in the
//! log: a change made by hand has no time there), so that an agent that died cannot block
//! the end.

use serde::Serialize;

use crate::error::Result;
use crate::names::Name;
use crate::negotiation::model::State;
use crate::negotiation::model::documents::AUDIT_FILE;
use crate::negotiation::model::documents::FINAL_FILE;
use crate::negotiation::model::fnv::fnv_bytes;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::log::EventKind;
use crate::store::Store;

/// The digests of the two files as they are now (`None`: the file does not exist).
pub fn document_digests(store: &Store) -> Result<(Option<String>, Option<String>)> {
    let of = |name: &str| -> Result<Option<String>> {
        Ok(store.read(name)?.map(|text| fnv_bytes(text.as_bytes())))
    };
    Ok((of(FINAL_FILE)?, of(AUDIT_FILE)?))
}

/// A sign-off in force.
#[derive(Debug, Clone, Serialize)]
pub struct Given {
    pub agent: Name,
    pub at: String,
}

/// A sign-off a later change voided.
#[derive(Debug, Clone, Serialize)]
pub struct Voided {
    pub agent: Name,
    /// When it was given.
    pub signed_at: String,
    /// What voided it: `agree by agent-beta: positions/03-x.md: AGREED`, or `final.md
    /// changed by hand`.
    pub change: String,
    /// Who made that change, when a command did (a person's `resolve`: the person).
    pub by: Option<String>,
    /// When, when a command did.
    pub at: Option<String>,
    /// The index of the voiding event in the log read (`None`: a change by hand).
    #[serde(skip)]
    pub index: Option<usize>,
}

/// Where the sign-offs stand: `data.sign_offs` of `status --json`.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SignOffs {
    /// Whether `finish` needs them (meta.md `sign_off: required`).
    pub required: bool,
    pub given: Vec<Given>,
    pub voided: Vec<Voided>,
    /// The agents whose sign-off `finish` still waits for (none when not required).
    pub owed: Vec<Name>,
    /// Agents skipped for their turn timeout since the last change: not waited for.
    pub excused: Vec<Name>,
    /// When the last change a sign-off covers was made through a command.
    pub last_change: Option<String>,
}

impl SignOffs {
    /// The human form: one line, or none when there is nothing to say.
    pub fn line(&self) -> Option<String> {
        if !self.required && self.given.is_empty() && self.voided.is_empty() {
            return None;
        }
        let names = |list: &mut dyn Iterator<Item = &Name>| {
            let all: Vec<&str> = list.map(Name::as_str).collect();
            if all.is_empty() {
                "none".to_owned()
            } else {
                all.join(", ")
            }
        };
        let mut line = format!(
            "Sign-offs ({}): given by {}",
            if self.required {
                "required"
            } else {
                "not required"
            },
            names(&mut self.given.iter().map(|g| &g.agent))
        );
        if !self.voided.is_empty() {
            line.push_str(&format!(
                "; voided: {}",
                names(&mut self.voided.iter().map(|v| &v.agent))
            ));
        }
        if self.required {
            line.push_str(&format!("; owed by {}", names(&mut self.owed.iter())));
        }
        if !self.excused.is_empty() {
            line.push_str(&format!(
                "; not waited for (skipped for the turn timeout): {}",
                names(&mut self.excused.iter())
            ));
        }
        Some(line)
    }
}

impl Voided {
    pub fn describe(&self) -> String {
        format!(
            "{}'s sign-off ({}) voided: {}",
            self.agent, self.signed_at, self.change
        )
    }
}

/// The two digests a sign-off event holds.
#[derive(serde::Deserialize)]
struct Signed {
    #[serde(rename = "final")]
    final_digest: Option<String>,
    #[serde(rename = "audit")]
    audit_digest: Option<String>,
}

/// What voided a sign-off: the fields of [`Voided`] but the sign-off's own.
struct Cause {
    change: String,
    by: Option<String>,
    at: Option<String>,
    index: Option<usize>,
}

/// What voided the sign-off at `index` of `events` (signing `signed`), if anything did.
fn voided_by(
    events: &[Event],
    index: usize,
    signed: &Signed,
    now: &(Option<String>, Option<String>),
) -> Option<Cause> {
    for (at, event) in events.iter().enumerate().skip(index + 1) {
        let counts = event.changes_decisions()
            || (event.writes_signed_document() && {
                let digest = event
                    .detail_value()
                    .and_then(|d| d.get("digest")?.as_str().map(str::to_owned));
                let signed_digest = match event.kind {
                    EventKind::Final => &signed.final_digest,
                    _ => &signed.audit_digest,
                };
                digest.is_none() || digest.as_ref() != signed_digest.as_ref()
            });
        if counts {
            let by = event.agent.as_deref().map(str::to_owned).or_else(|| {
                event
                    .detail_value()
                    .and_then(|d| d.get("by")?.as_str().map(str::to_owned))
            });
            let change = format!(
                "{} by {}: {}",
                event.command,
                by.as_deref().unwrap_or("someone"),
                event.after.as_deref().unwrap_or("")
            );
            return Some(Cause {
                change,
                by,
                at: Some(event.at.to_string()),
                index: Some(at),
            });
        }
    }
    let by_hand = |file: &str| {
        Some(Cause {
            change: format!("{file} changed by hand"),
            by: None,
            at: None,
            index: None,
        })
    };
    if now.0 != signed.final_digest {
        return by_hand(FINAL_FILE);
    }
    if now.1 != signed.audit_digest {
        return by_hand(AUDIT_FILE);
    }
    None
}

/// Where the sign-offs stand, from the whole log `events` (or those `status` keeps);
/// `runner` (the agent running `finish --agent`) is not waited for.
pub fn review(
    store: &Store,
    state: &State,
    events: &[Event],
    runner: Option<&Name>,
) -> Result<SignOffs> {
    let now = document_digests(store)?;
    let last_change = events
        .iter()
        .rposition(|e| e.changes_decisions() || e.writes_signed_document());
    let mut review = SignOffs {
        required: state.meta.sign_off,
        last_change: last_change.map(|i| events[i].at.to_string()),
        ..SignOffs::default()
    };
    for agent in &state.agents.list {
        let name = agent.name.as_str();
        let latest = events
            .iter()
            .rposition(|e| e.kind == EventKind::SignOff && e.agent.as_deref() == Some(name));
        let mut valid = false;
        if let Some(index) = latest {
            let event = &events[index];
            let signed = event.detail_as::<Signed>().unwrap_or(Signed {
                final_digest: None,
                audit_digest: None,
            });
            match voided_by(events, index, &signed, &now) {
                None => {
                    valid = true;
                    review.given.push(Given {
                        agent: agent.name.clone(),
                        at: event.at.to_string(),
                    });
                }
                Some(cause) => review.voided.push(Voided {
                    agent: agent.name.clone(),
                    signed_at: event.at.to_string(),
                    change: cause.change,
                    by: cause.by,
                    at: cause.at,
                    index: cause.index,
                }),
            }
        }
        let skipped = events
            .iter()
            .enumerate()
            .skip(last_change.map_or(0, |i| i + 1))
            .any(|(_, e)| e.kind == EventKind::Skip && e.before.as_deref() == Some(name));
        if skipped && !valid {
            review.excused.push(agent.name.clone());
            continue;
        }
        if review.required && !valid && Some(&agent.name) != runner {
            review.owed.push(agent.name.clone());
        }
    }
    Ok(review)
}

/// The agents whose sign-off `finish` still needs, as failure lines: none unless meta.md asks
/// for sign-offs; `runner` (the agent running `finish --agent`) signs off by finishing.
pub fn missing(
    store: &Store,
    state: &State,
    events: &[Event],
    runner: Option<&Name>,
) -> Result<Vec<String>> {
    let review = review(store, state, events, runner)?;
    Ok(review
        .owed
        .iter()
        .map(|agent| {
            let why = match review.voided.iter().find(|v| &v.agent == agent) {
                Some(voided) => format!("its sign-off was voided ({})", voided.change),
                None => "has not signed off".to_owned(),
            };
            format!("NOT SIGNED OFF: {agent} — {why} (`parley sign-off DIR {agent}`)")
        })
        .collect())
}
