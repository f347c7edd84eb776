//! `parley feedback validate request|response`: every finding and a verdict.

use serde_json::Value;

use super::input::Source;
use super::rules;
use crate::error::Result;
use crate::findings::{Finding, Verdict, summary, verdict_data};
use crate::output::Outcome;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Request,
    Response,
}

pub struct ValidateArgs {
    pub kind: Kind,
    pub source: Source,
    /// The request a response answers (`--request`).
    pub request: Option<Value>,
    /// The response before the payload (`--previous`).
    pub previous: Option<Value>,
}

pub fn run(args: &ValidateArgs) -> Result<Outcome> {
    let payload = super::input::read_json(&args.source)?;
    let findings = match args.kind {
        Kind::Request => rules::check_request(&payload, args.previous.as_ref()),
        Kind::Response => {
            rules::check_response(&payload, args.request.as_ref(), args.previous.as_ref())
        }
    };
    Ok(verdict_outcome(&args.source.label(), &findings))
}

/// The verdict as an answer: its word and counts first, then one line per finding.
fn verdict_outcome(label: &str, findings: &[Finding]) -> Outcome {
    let verdict = Verdict::of(findings);
    let mut outcome = Outcome::verdict(verdict.status(), verdict_data(findings));
    outcome.push(format!(
        "{label}: {} ({})",
        verdict.word(),
        summary(findings)
    ));
    for finding in findings {
        outcome.push(finding.line());
    }
    outcome
}
