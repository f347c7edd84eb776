//! What validation reports: findings with a stable code, a severity, the rule or section they
//! come from and a place in the file, and the verdict they add up to.

use serde::Serialize;

pub use crate::findings::{Severity, Verdict};

/// One problem in a session file. `rule` is `R1`..`R20` for the normative rules of section 6,
/// otherwise the section number (`3.1`, `4.6`, `5`).
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub severity: Severity,
    pub rule: &'static str,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl Finding {
    /// `FILE:LINE:COL: error|warning CODE (RULE): message`
    pub fn render(&self, file: &str) -> String {
        format!(
            "{file}:{}:{}: {} {} ({}): {}",
            self.line,
            self.column,
            self.severity.as_str(),
            self.code,
            self.rule,
            self.message
        )
    }
}

/// Collects findings as the checks run.
#[derive(Debug, Default)]
pub struct Findings(pub Vec<Finding>);

impl Findings {
    pub fn error(
        &mut self,
        code: &'static str,
        rule: &'static str,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) {
        self.push(code, Severity::Error, rule, line, column, message.into());
    }

    pub fn warning(
        &mut self,
        code: &'static str,
        rule: &'static str,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) {
        self.push(code, Severity::Warning, rule, line, column, message.into());
    }

    fn push(
        &mut self,
        code: &'static str,
        severity: Severity,
        rule: &'static str,
        line: usize,
        column: usize,
        message: String,
    ) {
        self.0.push(Finding {
            code,
            severity,
            rule,
            line,
            column,
            message,
        });
    }

    pub fn first_error(&self) -> Option<&Finding> {
        self.0.iter().find(|f| f.severity == Severity::Error)
    }

    pub fn sorted(mut self) -> Vec<Finding> {
        // Stable: findings on one line keep the order the checks made them in.
        self.0.sort_by_key(|f| (f.line, f.column));
        self.0
    }
}
