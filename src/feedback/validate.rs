//! `parley feedback validate request|response`: every finding and a verdict.

use serde::Serialize;
use serde_json::Value;

use super::input::Source;
use super::rules;
use crate::error::{Result, Status};
use crate::findings::{Finding, Verdict, summary};
use crate::output::{Human, Reply};

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

/// The verdict on one payload and every finding: exit 0 valid, 1 invalid.
#[derive(Debug, Serialize)]
pub struct Report {
    verdict: Verdict,
    findings: Vec<Finding>,
    /// The payload's name in the human form.
    #[serde(skip)]
    label: String,
}

impl Reply for Report {
    fn status(&self) -> Status {
        self.verdict.status()
    }

    /// The verdict's word and counts first, then one line per finding.
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "{}: {} ({})",
            self.label,
            self.verdict.word(),
            summary(&self.findings)
        ));
        for finding in &self.findings {
            out.line(finding.line());
        }
    }
}

pub fn run(args: &ValidateArgs) -> Result<Report> {
    let payload = super::input::read_json(&args.source)?;
    let findings = match args.kind {
        Kind::Request => rules::check_request(&payload, args.previous.as_ref()),
        Kind::Response => {
            rules::check_response(&payload, args.request.as_ref(), args.previous.as_ref())
        }
    };
    Ok(Report {
        verdict: Verdict::of(&findings),
        findings,
        label: args.source.label(),
    })
}
