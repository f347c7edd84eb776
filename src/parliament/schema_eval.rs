//! A quick yes to "does this document pass its schema?", read from the schema itself, so that
//! a valid file or message costs no schema compilation.
//!
//! Why: compiling a JSON Schema with `jsonschema` (checking it against the meta-schema,
//! building its validators and regular expressions) was most of the instructions of every
//! parliament command: about 5 of the 9 million of an append on a small ledger went to the
//! session schema, 3 to the message schema. Almost every document parley checks is valid, and
//! a valid document has no findings, whoever finds them.
//!
//! [`verdict`] evaluates a schema of `schemas/parliament/` (the source of truth, parsed as
//! JSON) over a document and answers [`Verdict::Valid`] or [`Verdict::Invalid`] only where its
//! reading of a keyword is certainly the schema's, and [`Verdict::Unknown`] everywhere else:
//! a keyword it does not know, a pattern it has no matcher for, a number that is not an
//! integer. The caller ([`super::schema::Schema::check`]) skips the compiled schema only on
//! `Valid`; every other answer goes to the compiled schema, which gives the findings. So the
//! findings are always the compiled schema's own, and `tests` check on valid and broken
//! documents of every kind that `Valid` comes exactly when the compiled schema finds nothing.

use serde_json::{Map, Number, Value};

/// What the evaluation can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Valid,
    Invalid,
    /// Not certain: ask the compiled schema.
    Unknown,
}

use Verdict::{Invalid, Unknown, Valid};

impl Verdict {
    fn and(self, other: impl FnOnce() -> Verdict) -> Verdict {
        match self {
            Invalid => Invalid,
            Valid => other(),
            Unknown => match other() {
                Invalid => Invalid,
                _ => Unknown,
            },
        }
    }

    fn not(self) -> Verdict {
        match self {
            Valid => Invalid,
            Invalid => Valid,
            Unknown => Unknown,
        }
    }

    fn of(certain: bool) -> Verdict {
        if certain { Valid } else { Invalid }
    }
}

/// The verdict of `schema` (a whole schema document, its `$defs` at the root) on `instance`.
pub fn verdict(schema: &Value, instance: &Value) -> Verdict {
    evaluate(schema, schema, instance)
}

/// Keywords that only annotate: they never make a document invalid.
const ANNOTATIONS: [&str; 8] = [
    "$schema",
    "$id",
    "$defs",
    "$comment",
    "title",
    "description",
    "examples",
    "default",
];

fn evaluate(root: &Value, schema: &Value, instance: &Value) -> Verdict {
    let map = match schema {
        Value::Bool(b) => return Verdict::of(*b),
        Value::Object(map) => map,
        _ => return Unknown,
    };
    let mut verdict = Valid;
    for (keyword, value) in map {
        if verdict == Invalid {
            break;
        }
        let this = || keyword_verdict(root, map, keyword, value, instance);
        verdict = verdict.and(this);
    }
    verdict
}

fn keyword_verdict(
    root: &Value,
    schema: &Map<String, Value>,
    keyword: &str,
    value: &Value,
    instance: &Value,
) -> Verdict {
    match keyword {
        k if ANNOTATIONS.contains(&k) => Valid,
        // `then` and `else` are read with their `if`; alone they do nothing.
        "then" | "else" => Valid,
        "$ref" => match value
            .as_str()
            .and_then(|r| r.strip_prefix("#/$defs/"))
            .and_then(|name| root.get("$defs")?.get(name))
        {
            Some(target) => evaluate(root, target, instance),
            None => Unknown,
        },
        "type" => match value {
            Value::String(name) => type_verdict(name, instance),
            Value::Array(names) => {
                let verdicts: Vec<Verdict> = names
                    .iter()
                    .map(|n| n.as_str().map_or(Unknown, |n| type_verdict(n, instance)))
                    .collect();
                any(&verdicts)
            }
            _ => Unknown,
        },
        "enum" => match value.as_array() {
            Some(options) => equal_to_one(instance, options),
            None => Unknown,
        },
        "const" => equal_to_one(instance, std::slice::from_ref(value)),
        "required" => match (instance, value.as_array()) {
            (Value::Object(fields), Some(names)) => {
                let mut verdict = Valid;
                for name in names {
                    match name.as_str() {
                        Some(name) if !fields.contains_key(name) => return Invalid,
                        Some(_) => {}
                        None => verdict = Unknown,
                    }
                }
                verdict
            }
            (Value::Object(_), None) => Unknown,
            _ => Valid,
        },
        "properties" => match (instance, value.as_object()) {
            (Value::Object(fields), Some(properties)) => {
                let mut verdict = Valid;
                for (name, sub) in properties {
                    if let Some(field) = fields.get(name) {
                        verdict = verdict.and(|| evaluate(root, sub, field));
                    }
                }
                verdict
            }
            (Value::Object(_), None) => Unknown,
            _ => Valid,
        },
        "additionalProperties" => match instance {
            Value::Object(fields) => {
                if schema.contains_key("patternProperties") {
                    return Unknown;
                }
                let declared = schema.get("properties").and_then(Value::as_object);
                let mut verdict = Valid;
                for (name, field) in fields {
                    if declared.is_some_and(|d| d.contains_key(name)) {
                        continue;
                    }
                    verdict = verdict.and(|| evaluate(root, value, field));
                }
                verdict
            }
            _ => Valid,
        },
        "minProperties" => match (instance, value.as_u64()) {
            (Value::Object(fields), Some(min)) => Verdict::of(fields.len() as u64 >= min),
            (Value::Object(_), None) => Unknown,
            _ => Valid,
        },
        "items" => match instance {
            Value::Array(items) => {
                let mut verdict = Valid;
                for item in items {
                    verdict = verdict.and(|| evaluate(root, value, item));
                }
                verdict
            }
            _ => Valid,
        },
        "minItems" => match (instance, value.as_u64()) {
            (Value::Array(items), Some(min)) => Verdict::of(items.len() as u64 >= min),
            (Value::Array(_), None) => Unknown,
            _ => Valid,
        },
        "uniqueItems" => match (instance, value) {
            (Value::Array(items), Value::Bool(true)) => {
                // Only strings, whose equality is plain: numbers compare by value (1 = 1.0).
                let mut seen = std::collections::HashSet::new();
                for item in items {
                    match item.as_str() {
                        Some(text) if !seen.insert(text) => return Invalid,
                        Some(_) => {}
                        None => return Unknown,
                    }
                }
                Valid
            }
            (_, Value::Bool(false)) | (_, Value::Bool(true)) => Valid,
            _ => Unknown,
        },
        "minLength" | "maxLength" => match (instance, value.as_u64()) {
            (Value::String(text), Some(bound)) => {
                let length = text.chars().count() as u64;
                Verdict::of(if keyword == "minLength" {
                    length >= bound
                } else {
                    length <= bound
                })
            }
            (Value::String(_), None) => Unknown,
            _ => Valid,
        },
        "pattern" => match (instance, value.as_str()) {
            (Value::String(text), Some(pattern)) => match matcher(pattern) {
                Some(matches) => Verdict::of(matches(text)),
                None => Unknown,
            },
            (Value::String(_), None) => Unknown,
            _ => Valid,
        },
        "minimum" | "maximum" => match instance {
            Value::Number(n) => match (integer(n), value.as_number().and_then(integer)) {
                (Some(n), Some(bound)) => Verdict::of(if keyword == "minimum" {
                    n >= bound
                } else {
                    n <= bound
                }),
                _ => Unknown,
            },
            _ => Valid,
        },
        "allOf" => match value.as_array() {
            Some(schemas) => {
                let mut verdict = Valid;
                for sub in schemas {
                    verdict = verdict.and(|| evaluate(root, sub, instance));
                }
                verdict
            }
            None => Unknown,
        },
        "anyOf" => match value.as_array() {
            Some(schemas) => {
                let verdicts: Vec<Verdict> = schemas
                    .iter()
                    .map(|s| evaluate(root, s, instance))
                    .collect();
                any(&verdicts)
            }
            None => Unknown,
        },
        "not" => evaluate(root, value, instance).not(),
        "if" => match evaluate(root, value, instance) {
            Valid => schema
                .get("then")
                .map_or(Valid, |then| evaluate(root, then, instance)),
            Invalid => schema
                .get("else")
                .map_or(Valid, |otherwise| evaluate(root, otherwise, instance)),
            Unknown => Unknown,
        },
        _ => Unknown,
    }
}

/// Valid when one is valid, invalid when all are invalid.
fn any(verdicts: &[Verdict]) -> Verdict {
    if verdicts.contains(&Valid) {
        Valid
    } else if verdicts.iter().all(|v| *v == Invalid) {
        Invalid
    } else {
        Unknown
    }
}

/// An integer held as one (a number written with a fraction or exponent is left to the
/// compiled schema).
fn integer(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

fn type_verdict(name: &str, instance: &Value) -> Verdict {
    match (name, instance) {
        ("object", Value::Object(_))
        | ("array", Value::Array(_))
        | ("string", Value::String(_))
        | ("boolean", Value::Bool(_))
        | ("null", Value::Null)
        | ("number", Value::Number(_)) => Valid,
        ("integer", Value::Number(n)) => {
            if integer(n).is_some() {
                Valid
            } else {
                Unknown
            }
        }
        ("object" | "array" | "string" | "boolean" | "null" | "number" | "integer", _) => Invalid,
        _ => Unknown,
    }
}

/// Equality as JSON Schema has it, where it is plain: strings, booleans, null. Numbers (1 and
/// 1.0 are equal there) and containers are left to the compiled schema unless identical.
fn equal_to_one(instance: &Value, options: &[Value]) -> Verdict {
    if options.contains(instance) {
        return Valid;
    }
    let plain = |v: &Value| matches!(v, Value::String(_) | Value::Bool(_) | Value::Null);
    if plain(instance) { Invalid } else { Unknown }
}

/// The matcher of a pattern the schemas use, written out: `None` for any other pattern (the
/// compiled schema decides). Each is checked against the compiled schema in `tests`.
fn matcher(pattern: &str) -> Option<fn(&str) -> bool> {
    match pattern {
        "^msg-[0-9]{3,}$" => Some(|text| {
            text.strip_prefix("msg-").is_some_and(|digits| {
                digits.len() >= 3 && digits.bytes().all(|b| b.is_ascii_digit())
            })
        }),
        "^[A-Za-z][A-Za-z0-9_-]*$" => Some(|text| {
            let mut bytes = text.bytes();
            bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
                && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        }),
        TIMESTAMP => Some(is_timestamp),
        _ => None,
    }
}

const TIMESTAMP: &str = "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$";

/// [`TIMESTAMP`] written out.
fn is_timestamp(text: &str) -> bool {
    let b = text.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let two = |i: usize| -> Option<u8> {
        (digit(i) && digit(i + 1)).then(|| (b[i] - b'0') * 10 + (b[i + 1] - b'0'))
    };
    let at = |i: usize, c: u8| b.get(i) == Some(&c);
    // YYYY-MM-DDTHH:MM:SS
    let head = (0..4).all(digit)
        && at(4, b'-')
        && two(5).is_some_and(|m| (1..=12).contains(&m))
        && at(7, b'-')
        && two(8).is_some_and(|d| (1..=31).contains(&d))
        && matches!(b.get(10), Some(b'T' | b't'))
        && two(11).is_some_and(|h| h <= 23)
        && at(13, b':')
        && two(14).is_some_and(|m| m <= 59)
        && at(16, b':')
        && two(17).is_some_and(|s| s <= 60);
    if !head {
        return false;
    }
    let mut i = 19;
    if at(i, b'.') {
        let start = i + 1;
        i = start;
        while digit(i) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    match b.get(i) {
        Some(b'Z' | b'z') => i + 1 == b.len(),
        Some(b'+' | b'-') => {
            two(i + 1).is_some_and(|h| h <= 23)
                && at(i + 3, b':')
                && two(i + 4).is_some_and(|m| m <= 59)
                && i + 6 == b.len()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_out_patterns_match_what_the_patterns_match() {
        let cases = [
            ("^msg-[0-9]{3,}$", "msg-001"),
            ("^msg-[0-9]{3,}$", "msg-1000"),
            ("^msg-[0-9]{3,}$", "msg-01"),
            ("^msg-[0-9]{3,}$", "msg-001\n"),
            ("^msg-[0-9]{3,}$", "xmsg-001"),
            ("^msg-[0-9]{3,}$", "msg-00a"),
            ("^msg-[0-9]{3,}$", "msg-٠٠١"),
            ("^[A-Za-z][A-Za-z0-9_-]*$", "rep_1"),
            ("^[A-Za-z][A-Za-z0-9_-]*$", "r"),
            ("^[A-Za-z][A-Za-z0-9_-]*$", "1rep"),
            ("^[A-Za-z][A-Za-z0-9_-]*$", ""),
            ("^[A-Za-z][A-Za-z0-9_-]*$", "rep 1"),
            ("^[A-Za-z][A-Za-z0-9_-]*$", "rep\n"),
            ("^[A-Za-z][A-Za-z0-9_-]*$", "répa"),
        ];
        let timestamps = [
            "2026-02-10T14:30:00Z",
            "2026-02-10t14:30:00z",
            "2026-11-25T12:29:07.978311+00:00",
            "2026-11-25T12:29:07-05:30",
            "2026-12-31T23:59:60Z",
            "2026-13-10T14:30:00Z",
            "2026-00-10T14:30:00Z",
            "2026-02-32T14:30:00Z",
            "2026-02-00T14:30:00Z",
            "2026-02-10T24:30:00Z",
            "2026-02-10T14:60:00Z",
            "2026-02-10T14:30:61Z",
            "2026-02-10T14:30:00.Z",
            "2026-02-10T14:30:00",
            "2026-02-10T14:30:00Z\n",
            "2026-02-10T14:30:00+24:00",
            "2026-02-10T14:30:00+01:60",
            "2026-02-10T14:30:00+0100",
            "2026-02-10 14:30:00Z",
            "26-02-10T14:30:00Z",
            "",
        ];
        let all = cases
            .iter()
            .copied()
            .chain(timestamps.iter().map(|t| (TIMESTAMP, *t)));
        for (pattern, text) in all {
            let schema = serde_json::json!({"pattern": pattern});
            let compiled = jsonschema::options().offline().build(&schema).unwrap();
            let instance = Value::String(text.to_owned());
            assert_eq!(
                matcher(pattern).unwrap()(text),
                compiled.is_valid(&instance),
                "{pattern} on {text:?}"
            );
        }
    }

    use crate::parliament::schema::Schema;

    fn fixture(path: &str) -> Value {
        let path = format!(
            "{}/tests/fixtures/parliament/{path}",
            env!("CARGO_MANIFEST_DIR")
        );
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
    }

    /// `document` and variants of it broken in one place each: every member removed, replaced
    /// by a value of each kind, and an unknown member added, at every depth.
    fn variants(document: &Value) -> Vec<Value> {
        let mut out = vec![document.clone()];
        let replacements = [
            Value::Null,
            serde_json::json!(true),
            serde_json::json!(0),
            serde_json::json!(7),
            serde_json::json!(-1),
            serde_json::json!(2.5),
            serde_json::json!(3.0),
            serde_json::json!(""),
            serde_json::json!("x y"),
            serde_json::json!("msg-01"),
            serde_json::json!([]),
            serde_json::json!(["a", "a"]),
            serde_json::json!({}),
        ];
        match document {
            Value::Object(fields) => {
                let mut extra = fields.clone();
                extra.insert("unexpected".into(), Value::Null);
                out.push(Value::Object(extra));
                for (key, value) in fields {
                    let mut without = fields.clone();
                    without.remove(key);
                    out.push(Value::Object(without));
                    for replacement in replacements.iter().chain(variants(value).iter().skip(1)) {
                        let mut changed = fields.clone();
                        changed.insert(key.clone(), replacement.clone());
                        out.push(Value::Object(changed));
                    }
                }
            }
            Value::Array(items) if !items.is_empty() => {
                let mut twice = items.clone();
                twice.push(items[0].clone());
                out.push(Value::Array(twice));
                for replacement in replacements
                    .iter()
                    .chain(variants(&items[0]).iter().skip(1))
                {
                    let mut changed = items.clone();
                    changed[0] = replacement.clone();
                    out.push(Value::Array(changed));
                }
            }
            _ => {}
        }
        out
    }

    /// The quick reading says valid exactly when the compiled schema finds nothing, so the
    /// findings of [`Schema::check`] are the compiled schema's, for valid and broken
    /// documents of every kind: every message type of the spec, sessions and bills of parley
    /// and of the reference implementation.
    #[test]
    fn the_quick_reading_agrees_with_the_compiled_schemas() {
        let stamp = |mut message: Value| {
            message["timestamp"] = Value::String("2026-02-10T14:30:00Z".into());
            message
        };
        let mut documents: Vec<(Schema, Value)> = Vec::new();
        for name in [
            "bill-draft",
            "opening-statement",
            "question",
            "answer",
            "amendment",
            "motion",
            "vote",
            "speaker-ruling",
            "vote-tally",
            "pm-decision",
        ] {
            documents.push((
                Schema::Message,
                stamp(fixture(&format!("spec/{name}.json"))),
            ));
        }
        // The reference Speaker's plan of a round: no target, fields the spec does not list.
        let mut plan = stamp(fixture("spec/speaker-ruling.json"));
        plan["content"] = serde_json::json!({"ruling_type": "procedure", "ruling": "Round 2.",
            "action": "round_start", "underserved_motives": {"rep_2": ["security"]},
            "speaking_order": ["rep_2", "rep_1"], "round_summary": "Security is behind."});
        documents.push((Schema::Message, plan));
        documents.push((
            Schema::MotionContent,
            fixture("spec/motion.json")["content"].clone(),
        ));
        for ledger in ["reference/debate/ledger.json", "spec/ledger-structure.json"] {
            let ledger = fixture(ledger);
            for message in ledger["messages"].as_array().unwrap() {
                documents.push((Schema::Message, message.clone()));
            }
        }
        for dir in ["reference/debate", "reference/init"] {
            documents.push((Schema::Session, fixture(&format!("{dir}/session.json"))));
            documents.push((Schema::Bill, fixture(&format!("{dir}/bill.json"))));
        }
        documents.push((Schema::Session, fixture("spec/session.json")));
        documents.push((Schema::Bill, fixture("spec/bill.json")));
        documents.push((Schema::RoundSummaries, fixture("spec/round-summaries.json")));
        let mut checked = 0;
        let mut quick = 0;
        for (schema, document) in &documents {
            let whole_is_valid = schema.compiled_check(document, "").is_empty();
            for variant in variants(document) {
                let compiled = schema.compiled_check(&variant, "");
                let verdict = verdict(schema.document_for_tests(), &variant);
                assert!(
                    verdict == Unknown || (verdict == Valid) == compiled.is_empty(),
                    "{schema:?}: {verdict:?} but {compiled:?} for {variant}"
                );
                assert_eq!(
                    schema.check(&variant, "/p"),
                    schema.compiled_check(&variant, "/p")
                );
                checked += 1;
                quick += usize::from(verdict == Valid);
            }
            // What parley reads and writes is valid: the quick reading must say so itself.
            if whole_is_valid {
                assert_eq!(
                    verdict(schema.document_for_tests(), document),
                    Valid,
                    "{document}"
                );
            }
        }
        assert!(
            checked > 2000 && quick > 20,
            "{checked} checked, {quick} valid"
        );
    }
}
