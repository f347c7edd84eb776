//! Checking one new message against the message schema while compiling only the part of the
//! schema its type can use.
//!
//! Why: `parliament append` checks one message per process, and compiling the whole message
//! schema (every type's content definition) was about a quarter of an append's CPU time on a
//! small ledger. The schema's `allOf` holds one `if type is X then ...` branch per type; for
//! a message of type T every branch of another type has a false `if` and adds nothing, so the
//! schema without those branches (and without the definitions only they use) gives the same
//! findings, in the same order, for a message of type T. Anything else (no type, a type the
//! schema does not name, a branch of another shape) is checked with the whole schema.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use jsonschema::Validator;
use serde_json::Value;

use super::schema::{self, Finding, Schema};

/// Every violation of the message schema by `message` (an object as the Clerk stores it), as
/// [`Schema::Message`]`.check(message, prefix)` gives them.
pub fn check(message: &Value, prefix: &str) -> Vec<Finding> {
    if Schema::Message.surely_valid(message) {
        return Vec::new();
    }
    let kind = message.get("type").and_then(Value::as_str);
    match kind.and_then(validator_for) {
        Some(validator) => schema::findings(&validator, message, prefix),
        None => Schema::Message.compiled_check(message, prefix),
    }
}

/// The schema reduced to type `kind`, compiled once per process; `None` when the whole schema
/// must be used.
fn validator_for(kind: &str) -> Option<Arc<Validator>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Arc<Validator>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    cache
        .entry(kind.to_owned())
        .or_insert_with(|| {
            let reduced = reduced(kind)?;
            jsonschema::options()
                .offline()
                .build(&reduced)
                .ok()
                .map(Arc::new)
        })
        .clone()
}

/// The message schema without the `allOf` branches of other types and the definitions no
/// longer referred to; `None` when `kind` is not one of the types the branches name.
fn reduced(kind: &str) -> Option<Value> {
    let mut schema: Value = serde_json::from_str(schema::MESSAGE).ok()?;
    let branches = schema.get_mut("allOf")?.as_array_mut()?;
    let named: BTreeSet<String> = branches.iter().filter_map(branch_type).collect();
    if !named.contains(kind) {
        return None;
    }
    branches.retain(|branch| branch_type(branch).is_none_or(|of| of == kind));
    // Keep the definitions still referred to, following references between definitions.
    let defs = schema.get("$defs")?.as_object()?.clone();
    let mut kept = BTreeSet::new();
    let mut pending = Vec::new();
    let mut without_defs = schema.clone();
    without_defs.as_object_mut()?.remove("$defs");
    references(&without_defs, &mut pending);
    while let Some(name) = pending.pop() {
        if kept.insert(name.clone())
            && let Some(def) = defs.get(&name)
        {
            references(def, &mut pending);
        }
    }
    let defs = schema.get_mut("$defs")?.as_object_mut()?;
    defs.retain(|name, _| kept.contains(name));
    Some(schema)
}

/// X of a branch `{"if": {"properties": {"type": {"const": X}}}, "then": ...}`; `None` for a
/// branch of any other shape.
fn branch_type(branch: &Value) -> Option<String> {
    let condition = branch.get("if")?.as_object()?;
    let properties = condition.get("properties")?.as_object()?;
    if condition.len() != 1 || properties.len() != 1 {
        return None;
    }
    let test = properties.get("type")?.as_object()?;
    if test.len() != 1 {
        return None;
    }
    test.get("const")?.as_str().map(str::to_owned)
}

/// The names of the local definitions (`#/$defs/NAME`) that `value` refers to.
fn references(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                if key == "$ref"
                    && let Some(name) = item.as_str().and_then(|r| r.strip_prefix("#/$defs/"))
                {
                    found.push(name.to_owned());
                }
                references(item, found);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| references(item, found)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// For every type, valid and broken messages get the same findings as from the whole
    /// schema.
    #[test]
    fn the_reduced_schema_finds_what_the_whole_schema_finds() {
        let types = [
            "BILL_DRAFT",
            "OPENING_STATEMENT",
            "QUESTION",
            "ANSWER",
            "AMENDMENT",
            "MOTION",
            "VOTE",
            "SPEAKER_RULING",
            "VOTE_TALLY",
            "PM_DECISION",
            "NOT_A_TYPE",
        ];
        let contents = [
            json!({}),
            json!({"topic": "t", "question": "q", "motive_context": "m"}),
            json!({"answer": 3}),
            json!("text"),
        ];
        for kind in types {
            for content in &contents {
                for extra in [json!({}), json!({"to": "rep_1", "in_reply_to": "msg-001"})] {
                    let mut message = json!({
                        "id": "msg-002", "type": kind, "round": 1,
                        "timestamp": "2026-02-10T14:30:00Z", "from": "rep_2",
                        "content": content,
                    });
                    message
                        .as_object_mut()
                        .unwrap()
                        .extend(extra.as_object().unwrap().clone());
                    assert_eq!(
                        check(&message, ""),
                        Schema::Message.compiled_check(&message, ""),
                        "{message}"
                    );
                }
            }
        }
    }
}
