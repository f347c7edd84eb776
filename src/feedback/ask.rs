//! `parley feedback ask`: the Requester. Builds the next request, runs the provider, extracts
//! and checks its answer, and stores the round under the directory lock.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use serde_json::{Map, Value, json};

use super::conversation::{self, Conversation};
use super::desk::{Desk, Exchange};
use super::extract::extract;
use super::provider::{self, Ended};
use super::rules;
use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::findings::{Finding, Severity};
use crate::output::{Human, Reply};
use crate::store::{self, Store};

/// What the provider command's arguments say where the session id goes.
pub const SESSION_PLACEHOLDER: &str = "{sessionID}";

pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);

/// The statuses a decision on a feedback item can have (spec 3.2.1).
const DECISIONS: &[&str] = &["accepted", "rejected", "partial"];

/// One `--apply ID=STATUS[:REASON_CODE[:EXPLANATION]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub id: String,
    pub status: String,
    pub reason_code: Option<String>,
    pub explanation: Option<String>,
}

impl Decision {
    /// Parses `ID=STATUS[:REASON_CODE[:EXPLANATION]]`: the reason code may be empty, and
    /// everything after the second colon is the explanation, colons included.
    pub fn parse(raw: &str) -> Result<Decision> {
        let invalid = |why: &str| {
            Error::bad_input("INVALID_APPLY", format!("--apply {raw:?}: {why}"))
                .with_hint("write --apply ID=STATUS[:REASON_CODE[:EXPLANATION]], STATUS one of accepted, rejected, partial")
        };
        let (id, decision) = raw.split_once('=').ok_or_else(|| invalid("no `=`"))?;
        if id.is_empty() {
            return Err(invalid("the feedback id is empty"));
        }
        let mut parts = decision.splitn(3, ':');
        let status = parts.next().unwrap_or_default();
        if !DECISIONS.contains(&status) {
            return Err(invalid(&format!(
                "the status {status:?} is not accepted, rejected or partial"
            )));
        }
        let present = |text: Option<&str>| text.filter(|t| !t.is_empty()).map(str::to_owned);
        Ok(Decision {
            id: id.to_owned(),
            status: status.to_owned(),
            reason_code: present(parts.next()),
            explanation: present(parts.next()),
        })
    }

    fn to_json(&self) -> Value {
        let mut item = Map::new();
        item.insert("id".into(), json!(self.id));
        item.insert("status".into(), json!(self.status));
        if let Some(code) = &self.reason_code {
            item.insert("reason_code".into(), json!(code));
        }
        if let Some(text) = &self.explanation {
            item.insert("explanation".into(), json!(text));
        }
        Value::Object(item)
    }
}

pub struct AskArgs {
    pub dir: PathBuf,
    pub artifact: PathBuf,
    pub media_type: Option<String>,
    pub artifact_ref: Option<String>,
    pub apply: Vec<Decision>,
    pub timeout: Duration,
    /// The provider's program and arguments, `{sessionID}` not yet substituted.
    pub provider: Vec<OsString>,
}

/// What `feedback ask` answers: the stored iteration (exit 0), or an exchange that does not
/// count (exit 1 or 3; the iteration stays free and the raw stream is kept).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum AskReply {
    Stored(Stored),
    NotCounted(NotCounted),
}

impl Reply for AskReply {
    fn status(&self) -> Status {
        match self {
            AskReply::Stored(_) => Status::Ok,
            AskReply::NotCounted(failed) => failed.why.status(),
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self {
            AskReply::Stored(_) => None,
            AskReply::NotCounted(failed) => Some(failed.why.code()),
        }
    }

    fn warnings(&self) -> Vec<String> {
        match self {
            AskReply::Stored(stored) => stored.warnings(),
            AskReply::NotCounted(_) => Vec::new(),
        }
    }

    fn human(&self, out: &mut Human) {
        match self {
            AskReply::Stored(stored) => {
                for line in readable(stored.iteration, &stored.session_id, &stored.response) {
                    out.line(line);
                }
            }
            AskReply::NotCounted(failed) => out.line(failed.describe()),
        }
    }
}

/// An iteration stored: the response, its findings and the files that keep the round.
#[derive(Debug, Serialize)]
pub struct Stored {
    dir: PathBuf,
    iteration: u64,
    session_id: String,
    response: Value,
    findings: Vec<Finding>,
    request_findings: Vec<Finding>,
    files: Files,
    /// The conversation's session before this iteration.
    #[serde(skip)]
    previous_session: Option<String>,
}

/// Where the round is kept, relative to the conversation directory.
#[derive(Debug, Serialize)]
struct Files {
    request: String,
    stream: String,
    response: String,
}

impl Stored {
    fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        if let Some(old) = &self.previous_session
            && *old != self.session_id
        {
            let new = &self.session_id;
            warnings.push(format!(
                "the tool answered in session {new}, not {old}; later iterations use {new}"
            ));
        }
        let findings = self.request_findings.iter().chain(&self.findings);
        warnings.extend(findings.map(Finding::describe));
        warnings
    }
}

/// An exchange that does not count: what was kept, and why.
#[derive(Debug, Serialize)]
pub struct NotCounted {
    dir: PathBuf,
    iteration: u64,
    kept: Vec<String>,
    findings: Vec<Finding>,
    #[serde(skip)]
    why: Unanswered,
}

impl NotCounted {
    fn describe(&self) -> String {
        let where_kept = where_kept(&self.dir, &self.kept);
        let what = match &self.why {
            Unanswered::Exited(how, stderr) => {
                let said = stderr
                    .as_ref()
                    .map(|l| format!(" (its stderr ends: {l})"))
                    .unwrap_or_default();
                format!("the provider {how}{said}")
            }
            Unanswered::Invalid(why) => format!("the provider's answer is invalid: {why}"),
            Unanswered::ProviderError(said) => {
                format!("the provider answered with an error: {said}")
            }
            Unanswered::Taken => {
                return format!(
                    "another ask stored iteration {} while the provider ran; {where_kept}",
                    self.iteration
                );
            }
        };
        format!("{what}; {}; {where_kept}", not_consumed(self.iteration))
    }
}

pub fn run(ctx: &Ctx, args: &AskArgs) -> Result<AskReply> {
    // Everything is checked before the directory is created or anything is sent.
    let content = read_artifact(&args.artifact)?;
    let existed = conversation::exists(&args.dir)?;
    let store = Store::new(args.dir.clone(), ctx.lock_wait());
    let past = if existed {
        conversation::load(&store)?
    } else {
        Conversation::default()
    };
    let iteration = past.next_number();
    let previous = past.last().map(|it| &it.response);
    check_decisions(&args.apply, previous)?;
    let request = build_request(args, iteration, content);
    let request_findings = rules::check_request(&request, previous);
    if let Some(error) = request_findings
        .iter()
        .find(|f| f.severity == Severity::Error)
    {
        return Err(Error::bad_input(
            error.code,
            format!(
                "the request would be invalid: {}: {}",
                error.pointer, error.message
            ),
        ));
    }
    let command = provider_command(&args.provider, past.session_id.as_deref())?;
    // Whether this ask made the directory (another may have made it since it looked).
    let made = !existed
        && store::create_dir_atomically(&args.dir, |_| Ok(()))? == store::Creation::Created;

    let request_bytes = serde_json::to_vec(&request).unwrap_or_default();
    let run = match provider::run(&ctx.cancel, &command, &request_bytes, args.timeout) {
        Ok(run) => run,
        Err(error) => {
            // Nothing ran: a directory this ask made goes again, unless another ask has
            // stored something in it meanwhile.
            if made {
                store::remove_if_empty(&args.dir);
            }
            return Err(error);
        }
    };
    let exchange = Exchange {
        iteration,
        request: &request,
        stream: &run.stdout,
    };
    let failure = match &run.ended {
        Ended::TimedOut => Some(Failure::TimedOut(args.timeout)),
        Ended::Interrupted => Some(Failure::Interrupted),
        Ended::Exited(status) if !status.success() => Some(Failure::NotCounted(
            Unanswered::Exited(describe_exit(status), last_line(&run.stderr)),
            Vec::new(),
        )),
        Ended::Exited(_) | Ended::FinishedWithoutExit => None,
    };
    let answer = match failure {
        Some(failure) => Err(failure),
        None => judge(&exchange, previous),
    };
    let desk = Desk::open(&store, "parley feedback ask")?;
    let (response, session_id, findings) = match answer {
        Ok(answer) => answer,
        Err(failure) => {
            let kept = desk.set_aside(&exchange, &run.stderr)?;
            return failure.into_result(&args.dir, iteration, kept);
        }
    };
    // Another ask may have stored this iteration while the provider ran.
    if desk.last_stored()? + 1 != iteration {
        let kept = desk.set_aside(&exchange, &run.stderr)?;
        return Failure::NotCounted(Unanswered::Taken, Vec::new())
            .into_result(&args.dir, iteration, kept);
    }
    desk.commit(&exchange, &response, &session_id)?;

    Ok(AskReply::Stored(Stored {
        dir: args.dir.clone(),
        iteration,
        session_id,
        response,
        findings,
        request_findings,
        files: Files {
            request: conversation::stored(iteration, "request.json"),
            stream: conversation::stored(iteration, "stream.ndjson"),
            response: conversation::stored(iteration, "response.json"),
        },
        previous_session: past.session_id,
    }))
}

fn read_artifact(path: &Path) -> Result<String> {
    // The one reader of user files: a FIFO or a device is refused instead of blocking.
    let bytes = super::input::Source::File(path.to_path_buf()).read()?;
    String::from_utf8(bytes).map_err(|_| {
        Error::bad_input(
            "ARTIFACT_NOT_TEXT",
            format!("{} is not UTF-8 text", path.display()),
        )
        .with_hint("the artifact is sent as the text of `artifact.content`")
    })
}

/// Every decision names a feedback item of the previous response, once.
fn check_decisions(decisions: &[Decision], previous: Option<&Value>) -> Result<()> {
    let raised = previous.map(rules::raised_ids).unwrap_or_default();
    for (index, decision) in decisions.iter().enumerate() {
        if decisions[..index].iter().any(|d| d.id == decision.id) {
            return Err(Error::bad_input(
                "INVALID_APPLY",
                format!("--apply decides on {} twice", decision.id),
            ));
        }
        if !raised.contains(decision.id.as_str()) {
            let known = if previous.is_none() {
                "there is no previous response yet".to_owned()
            } else {
                let mut ids: Vec<&str> = raised.iter().copied().collect();
                ids.sort_unstable();
                format!("the previous response raised: {}", ids.join(", "))
            };
            return Err(Error::bad_input(
                "UNKNOWN_FEEDBACK_ID",
                format!(
                    "--apply {}: not an id of the previous response ({known})",
                    decision.id
                ),
            )
            .with_hint("`parley feedback log DIR` lists the ids; nothing was sent"));
        }
    }
    Ok(())
}

fn build_request(args: &AskArgs, iteration: u64, content: String) -> Value {
    let media_type = args
        .media_type
        .clone()
        .unwrap_or_else(|| guess_media_type(&args.artifact).to_owned());
    let mut artifact = Map::new();
    artifact.insert("media_type".into(), json!(media_type));
    artifact.insert("content".into(), json!(content));
    if let Some(reference) = &args.artifact_ref {
        artifact.insert("artifact_ref".into(), json!(reference));
    }
    let mut request = Map::new();
    request.insert("protocol_version".into(), json!("1.2"));
    request.insert("iteration".into(), json!(iteration));
    request.insert("artifact".into(), Value::Object(artifact));
    if !args.apply.is_empty() {
        let items: Vec<Value> = args.apply.iter().map(Decision::to_json).collect();
        request.insert("applied_feedback".into(), json!({ "items": items }));
    }
    Value::Object(request)
}

/// The media type of a file, from its extension; `text/plain` when unknown.
pub fn guess_media_type(path: &Path) -> &'static str {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    match extension.as_str() {
        "md" | "markdown" => "text/markdown",
        "json" => "application/json",
        "yaml" | "yml" => "application/yaml",
        "toml" => "application/toml",
        "xml" => "application/xml",
        "html" | "htm" => "text/html",
        "css" => "text/css",
        "csv" => "text/csv",
        "js" | "mjs" => "text/javascript",
        "ts" => "application/typescript",
        "py" => "text/x-python",
        "rs" => "text/x-rust",
        "go" => "text/x-go",
        "c" | "h" => "text/x-c",
        "cpp" | "cc" | "hpp" => "text/x-c++",
        "java" => "text/x-java",
        "sh" => "application/x-sh",
        "sql" => "application/sql",
        _ => "text/plain",
    }
}

/// The provider command with `{sessionID}` replaced by the session id. Before there is one
/// (the first iteration), an argument that is exactly `{sessionID}` is removed together with
/// the argument before it (`--session {sessionID}`), and one that only contains it
/// (`--session={sessionID}`) is removed alone.
pub fn provider_command(template: &[OsString], session: Option<&str>) -> Result<Vec<OsString>> {
    let Some(program) = template.first() else {
        return Err(Error::usage("give the provider command after `--`"));
    };
    if program.to_string_lossy().contains(SESSION_PLACEHOLDER) {
        return Err(Error::usage(format!(
            "the provider's program cannot be {SESSION_PLACEHOLDER}"
        )));
    }
    let mut command: Vec<OsString> = Vec::with_capacity(template.len());
    for (index, arg) in template.iter().enumerate() {
        let Some(text) = arg.to_str().filter(|t| t.contains(SESSION_PLACEHOLDER)) else {
            command.push(arg.clone());
            continue;
        };
        match session {
            Some(id) => command.push(text.replace(SESSION_PLACEHOLDER, id).into()),
            None if text == SESSION_PLACEHOLDER => {
                if index == 1 {
                    return Err(Error::usage(format!(
                        "{SESSION_PLACEHOLDER} must follow the flag that takes it (e.g. --session {SESSION_PLACEHOLDER})"
                    )));
                }
                command.pop();
            }
            None => {}
        }
    }
    Ok(command)
}

/// Why an exchange does not count.
enum Failure {
    /// An answer: the iteration stays free (with the findings on the answer, if any).
    NotCounted(Unanswered, Vec<Finding>),
    TimedOut(Duration),
    Interrupted,
}

/// Why an exchange does not count, when that is an answer rather than an error.
#[derive(Debug)]
enum Unanswered {
    /// How the provider exited, and the last line of its stderr.
    Exited(String, Option<String>),
    Invalid(String),
    ProviderError(String),
    /// Another ask stored the iteration while the provider ran.
    Taken,
}

impl Unanswered {
    fn status(&self) -> Status {
        match self {
            Unanswered::Taken => Status::AlreadyExists,
            _ => Status::NotNow,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Unanswered::Exited(..) => "PROVIDER_FAILED",
            Unanswered::Invalid(_) => "INVALID_ANSWER",
            Unanswered::ProviderError(_) => "PROVIDER_ERROR",
            Unanswered::Taken => "ITERATION_TAKEN",
        }
    }
}

fn where_kept(dir: &Path, kept: &[String]) -> String {
    format!("the raw stream is kept in {}", dir.join(&kept[0]).display())
}

fn not_consumed(iteration: u64) -> String {
    format!("iteration {iteration} is not consumed")
}

impl Failure {
    fn into_result(self, dir: &Path, iteration: u64, kept: Vec<String>) -> Result<AskReply> {
        let gone = || format!("{}; {}", not_consumed(iteration), where_kept(dir, &kept));
        match self {
            Failure::TimedOut(limit) => Err(Error::new(
                Status::Timeout,
                "PROVIDER_TIMEOUT",
                format!(
                    "the provider did not finish within {} and its process group was killed; {}",
                    crate::clock::seconds(limit),
                    gone()
                ),
            )
            .with_hint("raise --timeout, or look at the kept stream")),
            Failure::Interrupted => Err(Error::new(
                Status::Interrupted,
                "INTERRUPTED",
                format!(
                    "interrupted; the provider's process group was killed; {}",
                    gone()
                ),
            )),
            Failure::NotCounted(why, findings) => Ok(AskReply::NotCounted(NotCounted {
                dir: dir.to_owned(),
                iteration,
                kept,
                findings,
                why,
            })),
        }
    }
}

/// The provider's answer, extracted and checked against the request and the previous
/// response: the response, the session id and the (warning) findings when it counts.
fn judge(
    exchange: &Exchange<'_>,
    previous: Option<&Value>,
) -> std::result::Result<(Value, String, Vec<Finding>), Failure> {
    let extracted = extract(exchange.stream, "the provider's stream")
        .map_err(|e| Failure::NotCounted(Unanswered::Invalid(e.message), Vec::new()))?;
    let mut findings = extracted.warnings;
    findings.extend(rules::check_response(
        &extracted.response,
        Some(exchange.request),
        previous,
    ));
    if let Some(first) = findings.iter().find(|f| f.severity == Severity::Error) {
        let why = format!("{}: {} [{}]", first.pointer, first.message, first.code);
        return Err(Failure::NotCounted(Unanswered::Invalid(why), findings));
    }
    if extracted.response["status"] == "error" {
        let error = &extracted.response["error"];
        let said = format!(
            "{}: {}",
            error["code"].as_str().unwrap_or_default(),
            error["message"].as_str().unwrap_or_default()
        );
        return Err(Failure::NotCounted(
            Unanswered::ProviderError(said),
            Vec::new(),
        ));
    }
    Ok((extracted.response, extracted.session_id, findings))
}

fn describe_exit(status: &std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("was killed by signal {signal}"),
        _ => "ended abnormally".to_owned(),
    }
}

fn last_line(bytes: &[u8]) -> Option<String> {
    String::from_utf8_lossy(bytes)
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_owned())
}

/// The feedback as a human reads it: each improvement with its id, for `--apply`.
pub fn readable(iteration: u64, session_id: &str, response: &Value) -> Vec<String> {
    let feedback = &response["feedback"];
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let mut lines = vec![format!(
        "iteration {iteration} (session {session_id}): confidence {}: {}",
        text(&feedback["confidence"]["level"]),
        text(&feedback["confidence"]["justification"])
    )];
    if let Some(acks) = response["applied_feedback_ack"]["items"].as_array() {
        let said: Vec<String> = acks
            .iter()
            .map(|a| format!("{} {}", text(&a["id"]), text(&a["processing_status"])))
            .collect();
        lines.push(format!("decisions: {}", said.join(", ")));
    }
    for point in feedback["positive_points"].as_array().into_iter().flatten() {
        lines.push(format!(
            "+ {}: {}",
            text(&point["aspect"]),
            text(&point["justification"])
        ));
    }
    for item in feedback["areas_for_improvement"]
        .as_array()
        .into_iter()
        .flatten()
    {
        lines.push(format!(
            "- [{}] {}: {}",
            text(&item["id"]),
            text(&item["aspect"]),
            text(&item["description"])
        ));
        lines.push(format!(
            "    recommendation: {}",
            text(&item["recommendation"])
        ));
    }
    lines.push(format!("summary: {}", text(&feedback["general_summary"])));
    lines
}
