//! `parley bounce validate FILE...`: every finding of every file, and a verdict per file.
//!
//! Human form: one line per finding on stdout, `FILE:LINE:COL: error|warning CODE (RULE):
//! message`, and one summary line per file on stderr (so every stdout line has that form).
//!
//! The verdict is an answer, not a failure: `ok` is true and `error` null in JSON, exit 1 when
//! any file has an error, else 0. A file that cannot be read (missing, not a regular file) is
//! a failure: exit 66 with `ok` false and `error` `FILE_UNREADABLE`, like every exit of 64 or
//! more; the other files are still checked and `data` still has every file's report.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::finding::{Finding, Findings, Severity, Verdict};
use super::session::{analyse, open_file};
use crate::context::Ctx;
use crate::error::Status;
use crate::output::Outcome;
use crate::store::LockMode;

pub fn run(ctx: &Ctx, files: &[PathBuf]) -> Outcome {
    let mut reports = Vec::new();
    let mut lines = Vec::new();
    let mut summaries = Vec::new();
    let mut unreadable = false;
    let mut invalid = false;
    for path in files {
        let shown = path.display().to_string();
        let findings = match read(ctx, path) {
            Ok(findings) => findings,
            Err(message) => {
                unreadable = true;
                let mut findings = Findings::default();
                findings.error("FILE_UNREADABLE", "3", 1, 1, message);
                findings.sorted()
            }
        };
        let verdict = Verdict::of_severities(findings.iter().map(|f| f.severity));
        invalid |= verdict == Verdict::Invalid;
        let errors = count(&findings, Severity::Error);
        let warnings = count(&findings, Severity::Warning);
        lines.extend(findings.iter().map(|f| f.render(&shown)));
        summaries.push(format!(
            "{shown}: {} ({errors} error{}, {warnings} warning{})",
            verdict.word(),
            plural(errors),
            plural(warnings)
        ));
        reports.push(json!({
            "path": shown,
            "verdict": verdict.word(),
            "errors": errors,
            "warnings": warnings,
            "findings": findings,
        }));
    }
    let status = if unreadable {
        Status::NotFound
    } else if invalid {
        Status::NotNow
    } else {
        Status::Ok
    };
    let mut outcome = Outcome::verdict(
        status,
        json!({ "valid": !invalid && !unreadable, "files": Value::Array(reports) }),
    );
    if unreadable {
        // An error status with a code: JSON says `ok` false and carries `error` (its message
        // the findings' lines), while `data` keeps the verdicts of the files that were read.
        outcome.code = Some("FILE_UNREADABLE");
    }
    outcome.lines = lines;
    outcome.notes = summaries;
    outcome
}

/// The findings of one file, or why it cannot be read.
fn read(ctx: &Ctx, path: &std::path::Path) -> Result<Vec<Finding>, String> {
    let file = open_file(ctx, path, LockMode::Shared).map_err(|e| e.message)?;
    let bytes = file.read().map_err(|e| e.message)?;
    drop(file);
    match String::from_utf8(bytes) {
        Ok(text) => Ok(analyse(&text).0.findings.sorted()),
        Err(e) => {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|b| **b == b'\n').count() + 1;
            let mut findings = Findings::default();
            findings.error("NOT_UTF8", "3", line, 1, "the file is not UTF-8 text");
            Ok(findings.sorted())
        }
    }
}

fn count(findings: &[Finding], severity: Severity) -> usize {
    findings.iter().filter(|f| f.severity == severity).count()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
