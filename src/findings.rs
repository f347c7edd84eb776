//! Findings: what a validator says about one place of its input, and the verdict they add up
//! to. Shared by every protocol that validates documents (`feedback`, `parliament`: located by
//! a JSON pointer; `bounce` locates its own by line and rule and shares the severity and the
//! verdict).

use crate::error::Status;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A MUST of the spec (or a decided reading) is broken: the input is invalid.
    Error,
    /// A SHOULD or RECOMMENDED is not followed: the input is valid.
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One finding: a stable code, its severity, a JSON pointer to the offending field (or to where
/// a missing one belongs) and a sentence for humans.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub severity: Severity,
    pub pointer: String,
    pub message: String,
}

impl Finding {
    pub fn error(
        code: &'static str,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Finding {
            code,
            severity: Severity::Error,
            pointer: pointer.into(),
            message: message.into(),
        }
    }

    pub fn warning(
        code: &'static str,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Finding {
            severity: Severity::Warning,
            ..Finding::error(code, pointer, message)
        }
    }

    /// `error   /iteration: ... [INVALID_ITERATION]`, for the human form.
    pub fn line(&self) -> String {
        format!("{:<7} {}", self.severity.as_str(), self.describe())
    }

    /// `/iteration: ... [INVALID_ITERATION]`; the whole payload is `(root)`.
    pub fn describe(&self) -> String {
        let pointer = if self.pointer.is_empty() {
            "(root)"
        } else {
            &self.pointer
        };
        format!("{pointer}: {} [{}]", self.message, self.code)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Valid,
    ValidWithWarnings,
    Invalid,
}

impl Verdict {
    pub fn of(findings: &[Finding]) -> Verdict {
        Verdict::of_severities(findings.iter().map(|f| f.severity))
    }

    /// The verdict of findings of any shape, from their severities.
    pub fn of_severities(severities: impl IntoIterator<Item = Severity>) -> Verdict {
        let mut verdict = Verdict::Valid;
        for severity in severities {
            match severity {
                Severity::Error => return Verdict::Invalid,
                Severity::Warning => verdict = Verdict::ValidWithWarnings,
            }
        }
        verdict
    }

    pub fn word(self) -> &'static str {
        match self {
            Verdict::Valid => "valid",
            Verdict::ValidWithWarnings => "valid-with-warnings",
            Verdict::Invalid => "invalid",
        }
    }

    /// The exit status this verdict answers with: 0 unless invalid.
    pub fn status(self) -> Status {
        if self == Verdict::Invalid {
            Status::NotNow
        } else {
            Status::Ok
        }
    }
}

/// The findings of several checks, each (code, pointer) said once, in the order found.
#[derive(Debug, Default)]
pub struct Findings(Vec<Finding>);

impl Findings {
    pub fn push(&mut self, finding: Finding) {
        let said = self
            .0
            .iter()
            .any(|f| f.code == finding.code && f.pointer == finding.pointer);
        if !said {
            self.0.push(finding);
        }
    }

    pub fn extend(&mut self, findings: impl IntoIterator<Item = Finding>) {
        for finding in findings {
            self.push(finding);
        }
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|f| f.severity == Severity::Error)
    }

    pub fn into_vec(self) -> Vec<Finding> {
        self.0
    }
}

/// `"1 error, 2 warnings"`.
pub fn summary(findings: &[Finding]) -> String {
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}, {}",
        plural(errors, "error"),
        plural(warnings, "warning")
    )
}

/// A JSON pointer segment (RFC 6901): `~` and `/` escaped.
pub fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// `base` + `/segment`, escaped.
pub fn child(base: &str, segment: &str) -> String {
    format!("{base}/{}", escape(segment))
}
