//! The published JSON Schemas (`schemas/feedback/`), compiled once, and their errors turned into
//! findings with parley's codes.

use std::sync::LazyLock;

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::{ValidationError, Validator};
use serde_json::Value;

use crate::findings::{Finding, child};

pub const REQUEST_SCHEMA: &str = include_str!("../../schemas/feedback/request.schema.json");
pub const RESPONSE_SCHEMA: &str = include_str!("../../schemas/feedback/response.schema.json");
pub const WRAPPER_SCHEMA: &str = include_str!("../../schemas/feedback/wrapper-message.schema.json");

/// The pattern of a required string (`$defs/text` in the schemas): not empty, not only blanks.
const NON_BLANK: &str = "\\S";

static REQUEST: LazyLock<Validator> = LazyLock::new(|| compile(REQUEST_SCHEMA));
static RESPONSE: LazyLock<Validator> = LazyLock::new(|| compile(RESPONSE_SCHEMA));
static WRAPPER: LazyLock<Validator> = LazyLock::new(|| compile(WRAPPER_SCHEMA));

/// Whether a field name is a session identifier under any case or separator spelling
/// (`sessionID`, `session_id`, `Session-Id`, `x-session-id`, ...): agent payloads must not
/// carry one (spec 2.1). Here because both sides need it: the rules report such a field as
/// SESSION_FIELD, and the schema's UNKNOWN_FIELD leaves it to them.
pub fn is_session_field(name: &str) -> bool {
    let name = name.strip_prefix("x-").unwrap_or(name);
    let letters: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    letters == "sessionid"
}

/// The schemas are part of the binary and tested; one that does not compile is a build defect.
fn compile(text: &str) -> Validator {
    let schema: Value = serde_json::from_str(text).expect("a bundled schema is JSON");
    jsonschema::validator_for(&schema).expect("a bundled schema compiles")
}

pub fn request(payload: &Value) -> Vec<Finding> {
    findings(&REQUEST, payload)
}

pub fn response(payload: &Value) -> Vec<Finding> {
    findings(&RESPONSE, payload)
}

pub fn wrapper(message: &Value) -> Vec<Finding> {
    findings(&WRAPPER, message)
}

fn findings(validator: &Validator, payload: &Value) -> Vec<Finding> {
    validator
        .iter_errors(payload)
        .flat_map(|error| to_findings(&error))
        .collect()
}

/// parley's code for a schema error: decided by the keyword that failed and where.
fn to_findings(error: &ValidationError<'_>) -> Vec<Finding> {
    let at = error.instance_path().as_str().to_owned();
    let field = at.rsplit('/').next().unwrap_or("").to_owned();
    let one = |code, message: String| vec![Finding::error(code, at.clone(), message)];
    match error.kind() {
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            vec![Finding::error(
                "MISSING_FIELD",
                child(&at, name),
                format!("`{name}` is required"),
            )]
        }
        ValidationErrorKind::AdditionalProperties { unexpected }
        | ValidationErrorKind::UnevaluatedProperties { unexpected } => unexpected
            .iter()
            // Session fields get their own finding from the rules, under any spelling.
            .filter(|name| !is_session_field(name))
            .map(|name| {
                Finding::error(
                    "UNKNOWN_FIELD",
                    child(&at, name),
                    format!(
                        "`{name}` is not a field of the protocol; custom fields must start with `x-`"
                    ),
                )
            })
            .collect(),
        ValidationErrorKind::Not { schema } => match schema.get("required") {
            Some(Value::Array(names)) => names
                .iter()
                .filter_map(Value::as_str)
                .map(|name| {
                    Finding::error(
                        "FORBIDDEN_FIELD",
                        child(&at, name),
                        format!("`{name}` must not be present with this `status`"),
                    )
                })
                .collect(),
            _ => one("NULL_CONTENT", "`content` must not be null".into()),
        },
        ValidationErrorKind::Constant { expected_value } => one(
            "UNSUPPORTED_VERSION",
            format!("`{field}` must be the string {expected_value}"),
        ),
        ValidationErrorKind::Type { .. } if at.is_empty() => one(
            "NOT_AN_OBJECT",
            format!(
                "the payload must be a JSON object, not {}",
                json_type(error.instance())
            ),
        ),
        ValidationErrorKind::Type { .. } | ValidationErrorKind::Minimum { .. }
            if at == "/iteration" =>
        {
            one(
                "INVALID_ITERATION",
                "`iteration` must be an integer of at least 1".into(),
            )
        }
        ValidationErrorKind::Type { kind } => one(
            "WRONG_TYPE",
            format!("`{field}` must be {}", type_name(kind)),
        ),
        ValidationErrorKind::Enum { options } => one(
            "INVALID_VALUE",
            format!("`{field}` must be one of {}", list(options)),
        ),
        ValidationErrorKind::Pattern { pattern } if pattern == NON_BLANK => one(
            "EMPTY_STRING",
            format!("`{field}` must not be empty"),
        ),
        ValidationErrorKind::MinLength { .. } => {
            one("EMPTY_STRING", format!("`{field}` must not be empty"))
        }
        ValidationErrorKind::Pattern { .. } if field == "media_type" => one(
            "INVALID_MEDIA_TYPE",
            "`media_type` must be a MIME type: type/subtype, then optional ; name=value parameters"
                .into(),
        ),
        ValidationErrorKind::Pattern { pattern } => one(
            "INVALID_FEEDBACK_ID",
            format!("`id` must match {pattern}"),
        ),
        _ => one("SCHEMA_VIOLATION", error.to_string()),
    }
}

fn type_name(kind: &TypeKind) -> String {
    match kind {
        TypeKind::Single(t) => format!("{t}"),
        TypeKind::Multiple(set) => format!("{set:?}"),
    }
    .replace("object", "an object")
    .replace("array", "an array")
    .replace("integer", "an integer")
    .replace("string", "a string")
    .replace("number", "a number")
}

/// The JSON type of a value, as a message says it.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn list(options: &Value) -> String {
    options
        .as_array()
        .map(|values| {
            values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_else(|| options.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_schemas_are_valid_draft_2020_12_schemas() {
        for text in [REQUEST_SCHEMA, RESPONSE_SCHEMA, WRAPPER_SCHEMA] {
            let schema: Value = serde_json::from_str(text).unwrap();
            assert!(jsonschema::meta::is_valid(&schema), "{text}");
            assert_eq!(
                schema["$schema"],
                "https://json-schema.org/draft/2020-12/schema"
            );
        }
    }
}
