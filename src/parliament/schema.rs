//! The published JSON Schemas of `schemas/parliament/`, compiled into the binary, and the
//! findings they produce. Cross-field rules live in [`super::rules`].

use std::sync::OnceLock;

pub use crate::findings::Finding;
use jsonschema::Validator;
use serde_json::Value;

use super::schema_eval::{self, Verdict};

pub const MESSAGE: &str = include_str!("../../schemas/parliament/message.schema.json");
pub const LEDGER: &str = include_str!("../../schemas/parliament/ledger.schema.json");
pub const SESSION: &str = include_str!("../../schemas/parliament/session.schema.json");
pub const BILL: &str = include_str!("../../schemas/parliament/bill.schema.json");
pub const ROUND_SUMMARIES: &str =
    include_str!("../../schemas/parliament/round-summaries.schema.json");

/// One schema of the parliament's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schema {
    Message,
    /// One MOTION's content: what an agent attaches as a top-level `motion`.
    MotionContent,
    Ledger,
    Session,
    Bill,
    RoundSummaries,
}

impl Schema {
    /// The schema as a JSON document, parsed once per process.
    fn document(self) -> &'static Value {
        static CELLS: [OnceLock<Value>; 6] = [const { OnceLock::new() }; 6];
        CELLS[self as usize].get_or_init(|| {
            let text = match self {
                Schema::Message | Schema::MotionContent => MESSAGE,
                Schema::Ledger => LEDGER,
                Schema::Session => SESSION,
                Schema::Bill => BILL,
                Schema::RoundSummaries => ROUND_SUMMARIES,
            };
            let mut schema: Value =
                serde_json::from_str(text).expect("the bundled schemas are JSON");
            if self == Schema::MotionContent {
                // The motion definition, with the definitions it refers to.
                let defs = schema["$defs"].clone();
                schema = schema["$defs"]["motion"].clone();
                schema["$defs"] = defs;
            }
            schema
        })
    }

    fn validator(self) -> &'static Validator {
        static CELLS: [OnceLock<Validator>; 6] = [const { OnceLock::new() }; 6];
        CELLS[self as usize].get_or_init(|| {
            jsonschema::options()
                .offline()
                .build(self.document())
                .expect("the bundled schemas compile")
        })
    }

    /// Every violation of the schema by `instance`, with pointers prefixed by `prefix`
    /// (the place of `instance` in its file). A document the quick reading finds valid
    /// ([`schema_eval`]) has none; any other is checked by the compiled schema.
    pub fn check(self, instance: &Value, prefix: &str) -> Vec<Finding> {
        if self.surely_valid(instance) {
            return Vec::new();
        }
        self.compiled_check(instance, prefix)
    }

    /// Whether the quick reading of the schema finds `instance` valid (then the compiled
    /// schema finds nothing either).
    pub fn surely_valid(self, instance: &Value) -> bool {
        schema_eval::verdict(self.document(), instance) == Verdict::Valid
    }

    #[cfg(test)]
    pub fn document_for_tests(self) -> &'static Value {
        self.document()
    }

    /// [`Schema::check`] by the compiled schema alone.
    pub fn compiled_check(self, instance: &Value, prefix: &str) -> Vec<Finding> {
        findings(self.validator(), instance, prefix)
    }
}

/// Every violation of `validator`'s schema by `instance`, with pointers prefixed by `prefix`.
pub fn findings(validator: &Validator, instance: &Value, prefix: &str) -> Vec<Finding> {
    let mut findings: Vec<Finding> = validator
        .iter_errors(instance)
        .map(|error| {
            Finding::error(
                "SCHEMA",
                format!("{prefix}{}", error.instance_path().as_str()),
                error.to_string(),
            )
        })
        .collect();
    // if/then branches can report one fault twice; once is enough.
    findings.dedup_by(|a, b| a.pointer == b.pointer && a.message == b.message);
    findings
}
