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

use serde::Serialize;

use super::finding::{Finding, Findings, Severity, Verdict};
use super::session::{analyse, open_file};
use crate::context::Ctx;
use crate::error::Status;
use crate::output::{Human, Reply};
use crate::store::LockMode;

/// The verdict on every file: `data` of `bounce validate --json`.
#[derive(Debug, Serialize)]
pub struct Validation {
    valid: bool,
    files: Vec<FileReport>,
    /// A file could not be read (and so could not be judged).
    #[serde(skip)]
    unreadable: bool,
}

/// One file's verdict and findings.
#[derive(Debug, Serialize)]
struct FileReport {
    path: String,
    verdict: Verdict,
    errors: usize,
    warnings: usize,
    findings: Vec<Finding>,
}

impl Reply for Validation {
    fn status(&self) -> Status {
        if self.unreadable {
            Status::NotFound
        } else if self.valid {
            Status::Ok
        } else {
            Status::NotNow
        }
    }

    /// An error status with a code: JSON says `ok` false and carries `error` (its message the
    /// findings' lines), while `data` keeps the verdicts of the files that were read.
    fn code(&self) -> Option<&'static str> {
        self.unreadable.then_some("FILE_UNREADABLE")
    }

    fn human(&self, out: &mut Human) {
        for file in &self.files {
            for finding in &file.findings {
                out.line(finding.render(&file.path));
            }
            out.note(format!(
                "{}: {} ({} error{}, {} warning{})",
                file.path,
                file.verdict.word(),
                file.errors,
                plural(file.errors),
                file.warnings,
                plural(file.warnings)
            ));
        }
    }
}

pub fn run(ctx: &Ctx, files: &[PathBuf]) -> Validation {
    let mut reports = Vec::new();
    let mut unreadable = false;
    for path in files {
        let findings = match read(ctx, path) {
            Ok(findings) => findings,
            Err(message) => {
                unreadable = true;
                let mut findings = Findings::default();
                findings.error("FILE_UNREADABLE", "3", 1, 1, message);
                findings.sorted()
            }
        };
        reports.push(FileReport {
            path: path.display().to_string(),
            verdict: Verdict::of_severities(findings.iter().map(|f| f.severity)),
            errors: count(&findings, Severity::Error),
            warnings: count(&findings, Severity::Warning),
            findings,
        });
    }
    Validation {
        valid: reports.iter().all(|r| r.verdict != Verdict::Invalid),
        files: reports,
        unreadable,
    }
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
