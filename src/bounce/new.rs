//! `parley bounce new FILE --title T --agents a,b,c [...]`: a valid session, created
//! exclusively.

use std::path::{Path, PathBuf};

use rust_decimal::Decimal;
use serde::Serialize;

use super::consensus::decimal;
use super::finding::Finding;
use super::model::{Rules, Word, format_decimal, in_unit_range, parse_decimal};
use super::session::analyse;
use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};
use crate::store::append_file;

#[derive(Debug)]
pub struct NewArgs {
    pub file: PathBuf,
    pub title: String,
    /// The session's Protocol Rules, as the section will state them.
    pub rules: Rules,
    pub context: String,
}

/// A session just created, with the rules it states: `data` of `bounce new --json`.
#[derive(Debug, Serialize)]
pub struct Created {
    file: PathBuf,
    session_id: String,
    created: String,
    title: String,
    agents: Vec<String>,
    turn_order: &'static str,
    max_turns_per_round: u64,
    turn_timeout: u64,
    #[serde(serialize_with = "decimal")]
    threshold: Decimal,
    mode: &'static str,
    escalation: &'static str,
    max_rounds: u64,
    output_format: &'static str,
    /// What the new file draws warnings for (its context, say).
    #[serde(skip)]
    findings: Vec<Finding>,
}

impl Reply for Created {
    fn warnings(&self) -> Vec<String> {
        self.findings
            .iter()
            .map(|f| format!("{} ({}): {}", f.code, f.rule, f.message))
            .collect()
    }

    fn human(&self, out: &mut Human) {
        out.line(format!(
            "created {} (session {})",
            self.file.display(),
            self.session_id
        ));
    }
}

/// `a,b,c`: names of lowercase letters, digits and hyphens, unique.
pub fn agents(raw: &str) -> Result<Vec<String>> {
    let mut names: Vec<String> = Vec::new();
    for name in raw.split(',').map(str::trim) {
        let valid = !name.is_empty()
            && name.len() <= 64
            && !name.starts_with('-')
            && !name.ends_with('-')
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !valid {
            return Err(Error::bad_input(
                "INVALID_AGENTS",
                format!("agent name {name:?} must be lowercase letters, digits and inner hyphens"),
            )
            .with_hint("--agents takes names separated by commas: --agents alice,bob"));
        }
        if names.iter().any(|n| n == name) {
            return Err(Error::bad_input(
                "INVALID_AGENTS",
                format!("agent {name} is listed twice"),
            ));
        }
        names.push(name.to_owned());
    }
    Ok(names)
}

/// A threshold in [0, 1], as a plain decimal.
pub fn threshold(raw: &str) -> Result<Decimal> {
    match parse_decimal(raw.trim()) {
        Some(t) if in_unit_range(t) => Ok(t),
        _ => Err(Error::bad_input(
            "INVALID_THRESHOLD",
            format!("threshold {raw:?} is not a number in [0, 1]"),
        )),
    }
}

pub fn run(ctx: &Ctx, args: &NewArgs) -> Result<Created> {
    let session_id = uuid::Uuid::new_v4().to_string();
    let created = ctx.clock.stamp();
    let text = render(args, &session_id, &created);
    // The file must be valid as written; a context that breaks the structure is refused.
    let (parsed, _) = analyse(&text);
    if let Some(error) = parsed.findings.first_error() {
        return Err(Error::bad_input(
            "INVALID_CONTEXT",
            format!(
                "the session would be invalid: {} ({}): {}",
                error.code, error.rule, error.message
            ),
        )
        .with_hint(
            "the context may not use level-1 or level-2 headings or leave a code fence open",
        ));
    }
    let file = &args.file;
    let parent = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(Error::cannot_create(file, "its directory does not exist")
            .with_hint("create the directory first (mkdir -p)"));
    }
    let created_now = append_file::create_new_file(file, &text).map_err(|e| match e.status {
        Status::Io => Error::cannot_create(file, e.message),
        _ => e,
    })?;
    if !created_now {
        return Err(Error::new(
            Status::AlreadyExists,
            "SESSION_EXISTS",
            format!("{} already exists; it is never overwritten", file.display()),
        )
        .with_hint("choose another file name"));
    }
    let rules = &args.rules;
    Ok(Created {
        file: file.clone(),
        session_id,
        created,
        title: args.title.clone(),
        agents: rules.agents.clone(),
        turn_order: rules.turn_order.as_str(),
        max_turns_per_round: rules.max_turns_per_round,
        turn_timeout: rules.turn_timeout,
        threshold: rules.threshold,
        mode: rules.mode.as_str(),
        escalation: rules.escalation.as_str(),
        max_rounds: rules.max_rounds,
        output_format: rules.output_format.as_str(),
        findings: parsed.findings.0,
    })
}

fn render(args: &NewArgs, session_id: &str, created: &str) -> String {
    let mut text = format!(
        "<!-- bounce-protocol: 0.1 -->\n<!-- created: {created} -->\n<!-- session-id: {session_id} -->\n\n# Bounce Session: {}\n\n## Protocol Rules\n\n```yaml\nagents:\n",
        args.title
    );
    for agent in &args.rules.agents {
        text.push_str(&format!("  - {agent}\n"));
    }
    text.push_str(&format!(
        "turn-order: {}\nmax-turns-per-round: {}\nturn-timeout: {}\nconsensus-threshold: {}\nconsensus-mode: {}\nescalation: {}\nmax-rounds: {}\noutput-format: {}\n```\n\n## Context\n\n",
        args.rules.turn_order.as_str(),
        args.rules.max_turns_per_round,
        args.rules.turn_timeout,
        format_decimal(args.rules.threshold),
        args.rules.mode.as_str(),
        args.rules.escalation.as_str(),
        args.rules.max_rounds,
        args.rules.output_format.as_str(),
    ));
    if !args.context.trim().is_empty() {
        text.push_str(&args.context);
        text.push_str("\n\n");
    }
    text.push_str("## Dialogue\n");
    text
}
