//! What a sign-off misses: the agents whose sign-off is absent or older than the last change
//! of `final.md` or `coverage-audit.md`.

use crate::error::Result;
use crate::names::Name;
use crate::negotiation::model::State;
use crate::negotiation::model::documents::AUDIT_FILE;
use crate::negotiation::model::documents::FINAL_FILE;
use crate::negotiation::model::fnv::fnv_bytes;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::log::EventKind;
use crate::store::Store;
use serde_json::json;

/// The digests of the two files as they are now (`None`: the file does not exist).
pub fn document_digests(store: &Store) -> Result<(Option<String>, Option<String>)> {
    let of = |name: &str| -> Result<Option<String>> {
        Ok(store.read(name)?.map(|text| fnv_bytes(text.as_bytes())))
    };
    Ok((of(FINAL_FILE)?, of(AUDIT_FILE)?))
}

/// The agents whose sign-off `finish` still needs, as failure lines: none unless meta.md asks
/// for sign-offs; `runner` (the agent running `finish --agent`) is excused.
pub fn missing(
    store: &Store,
    state: &State,
    events: &[Event],
    runner: Option<&Name>,
) -> Result<Vec<String>> {
    if !state.meta.sign_off {
        return Ok(Vec::new());
    }
    let (final_digest, audit_digest) = document_digests(store)?;
    let current = json!({"final": final_digest, "audit": audit_digest});
    let mut failures = Vec::new();
    for agent in &state.agents.list {
        if Some(&agent.name) == runner {
            continue;
        }
        let signed = events.iter().rev().find(|e| {
            e.kind == EventKind::SignOff && e.agent.as_deref() == Some(agent.name.as_str())
        });
        let valid = signed.is_some_and(|e| e.detail_value().as_ref() == Some(&current));
        if !valid {
            let why = if signed.is_some() {
                format!("its sign-off predates the last change of {FINAL_FILE} or {AUDIT_FILE}")
            } else {
                "has not signed off".to_owned()
            };
            failures.push(format!(
                "NOT SIGNED OFF: {} — {why} (`parley sign-off DIR {}`)",
                agent.name, agent.name
            ));
        }
    }
    Ok(failures)
}
