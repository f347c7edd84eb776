//! Digging the Response Object out of a tool's NDJSON stream (spec 2.2.1), and
//! `parley feedback extract`.
//!
//! Lines are read in order; blank lines are skipped and a `\r` before the `\n` is dropped.
//! Every message up to and including `step_finish` must be a JSON object with the four wrapper
//! fields; messages of unknown `type` are otherwise ignored, and nothing after `step_finish` is
//! read. The Response Object is the JSON parse of the `part.text` of the `text` messages,
//! concatenated in stream order.

use serde::Serialize;
use serde_json::Value;

use super::input::{Source, parse_json};
use super::{rules, schema};
use crate::error::{Error, Result, Status};
use crate::findings::{Finding, Verdict};
use crate::output::{Human, Reply};

/// What a stream carried.
#[derive(Debug)]
pub struct Extracted {
    pub session_id: String,
    pub response: Value,
    /// Said about the stream rather than the response: a fenced text, no `step_finish`.
    pub warnings: Vec<Finding>,
}

/// Reads `stream` (named `label` in messages).
pub fn extract(stream: &[u8], label: &str) -> Result<Extracted> {
    let mut session_id: Option<String> = None;
    let mut text = String::new();
    let mut text_messages = 0;
    let mut finished = false;
    for (index, raw) in stream.split(|b| *b == b'\n').enumerate() {
        let number = index + 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        if raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let message: Value = serde_json::from_slice(raw).map_err(|e| {
            // serde counts lines within the slice, always 1 here: only the column is news.
            let what = e.to_string();
            let what = what
                .rsplit_once(" at line ")
                .map_or(what.as_str(), |(w, _)| w);
            Error::bad_input(
                "NOT_JSON",
                format!(
                    "{label} line {number} is not JSON (column {}: {what})",
                    e.column()
                ),
            )
        })?;
        let problems = schema::wrapper(&message);
        if !problems.is_empty() {
            let said: Vec<String> = problems
                .iter()
                .map(|f| format!("{}: {}", pointer_or_root(&f.pointer), f.message))
                .collect();
            return Err(Error::bad_input(
                "INVALID_WRAPPER",
                format!(
                    "{label} line {number} is not a wrapper message ({})",
                    said.join("; ")
                ),
            )
            .with_hint("every message needs `type`, `timestamp`, `sessionID` and `part`"));
        }
        let id = message["sessionID"].as_str().unwrap_or_default();
        match &session_id {
            None => session_id = Some(id.to_owned()),
            Some(first) if first != id => {
                return Err(Error::bad_input(
                    "SESSION_MISMATCH",
                    format!(
                        "{label} line {number} is in session {id:?}, the stream began in {first:?}"
                    ),
                ));
            }
            Some(_) => {}
        }
        match message["type"].as_str() {
            Some("text") => {
                text_messages += 1;
                text.push_str(message["part"]["text"].as_str().unwrap_or_default());
            }
            Some("step_finish") => {
                finished = true;
                break;
            }
            _ => {}
        }
    }
    if text_messages == 0 {
        return Err(Error::bad_input(
            "NO_TEXT_MESSAGE",
            format!("{label} has no `text` message, so it carries no Response Object"),
        ));
    }
    let mut warnings = Vec::new();
    if !finished {
        warnings.push(Finding::warning(
            "NO_STEP_FINISH",
            "",
            "the stream ended without a `step_finish` message",
        ));
    }
    let body = match unfence(&text) {
        Some(inner) => {
            warnings.push(Finding::warning(
                "FENCED_TEXT",
                "",
                "the response was wrapped in a Markdown code fence; the protocol wants bare JSON",
            ));
            inner
        }
        None => &text,
    };
    let response = parse_json(body.as_bytes(), &format!("the `text` of {label}"))?;
    Ok(Extracted {
        session_id: session_id.unwrap_or_default(),
        response,
        warnings,
    })
}

/// Whether one line of a stream is a `step_finish` message (the end of the stream).
pub fn is_step_finish(line: &[u8]) -> bool {
    serde_json::from_slice::<Value>(line.strip_suffix(b"\r").unwrap_or(line))
        .is_ok_and(|message| message["type"] == "step_finish")
}

/// The inside of one Markdown code fence spanning the whole text (```` ```json ```` or a bare
/// ```` ``` ````, on its own line or not), if that is what the text is.
fn unfence(text: &str) -> Option<&str> {
    let inner = text.trim().strip_prefix("```")?.strip_suffix("```")?;
    let inner = inner.strip_prefix("json").unwrap_or(inner);
    // The info string must end there: ```jsonc or ```yaml is another language.
    // Several blocks (a fence inside) are not unwrapped here: they fail to parse as JSON later,
    // while a response whose strings mention a fence still parses.
    inner
        .starts_with(|c: char| c.is_whitespace() || c == '{' || c == '[')
        .then_some(inner)
}

fn pointer_or_root(pointer: &str) -> &str {
    if pointer.is_empty() {
        "(root)"
    } else {
        pointer
    }
}

pub struct ExtractArgs {
    pub source: Source,
    pub request: Option<Value>,
    pub previous: Option<Value>,
}

/// `parley feedback extract`: the Response Object a stream carried, and the verdict on it
/// (exit 0 valid, 1 invalid).
#[derive(Debug, Serialize)]
pub struct ExtractReply {
    verdict: Verdict,
    findings: Vec<Finding>,
    session_id: String,
    response: Value,
}

impl Reply for ExtractReply {
    fn status(&self) -> Status {
        self.verdict.status()
    }

    /// stdout stays the bare Response Object, ready for a pipe; the findings go to stderr.
    /// They are notes rather than warnings: JSON has them in `data.findings` already.
    fn human(&self, out: &mut Human) {
        out.line(serde_json::to_string_pretty(&self.response).unwrap_or_default());
        // Each as `validate` says it: `error   POINTER: ...` or `warning POINTER: ...`.
        for finding in &self.findings {
            out.note(finding.line());
        }
    }
}

pub fn run(args: &ExtractArgs) -> Result<ExtractReply> {
    let label = args.source.label();
    let extracted = extract(&args.source.read()?, &label)?;
    let mut findings = extracted.warnings;
    findings.extend(rules::check_response(
        &extracted.response,
        args.request.as_ref(),
        args.previous.as_ref(),
    ));
    Ok(ExtractReply {
        verdict: Verdict::of(&findings),
        findings,
        session_id: extracted.session_id,
        response: extracted.response,
    })
}
