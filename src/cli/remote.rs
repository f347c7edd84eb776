//! The command line across machines: with `PARLEY_SERVER=URL` (or `--server URL`) and
//! `PARLEY_TOKEN`, a command that is an MCP action runs on that `parley serve` instead of here,
//! and prints what the command line would have printed there.
//!
//! The command line is parsed here, by the same parser as a local run, and turned into the
//! arguments of the MCP tool call the command stands for, field by field from the catalog
//! (the same one `parley mcp` and `parley serve` offer): a value typed on the command line or
//! taken from this machine's environment (`NEGOTIATE_PARTICIPANT_ID`) is sent, a default is
//! left to the server. A file the command reads as input (`--file`, `--source`, `-` for
//! standard input) is read here and sent as its content; a file it writes for the caller
//! (`report --html OUT`) is written here from what the server sends back. Directories and
//! session paths are the server's, relative to its ROOT.
//!
//! The server answers with the envelope `--json` prints and the text the command line would
//! print (rendered by the same code there, in the result's `_meta`), which is printed as it
//! is; the exit code is the server's. A wait is bounded per call on the server: the call is
//! made again until the command's own `--timeout` (if any) is over.
//!
//! Failures of the way there are errors of their own: the server unreachable or the
//! connection dropped (74, naming the URL and the cause; a call that changes state is never
//! sent twice, and a drop after it was sent says it may have been applied), the token refused
//! (77), the body refused as too large (65). Connecting is bounded ([`CONNECT_TIMEOUT`]).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use crate::app::Applet;
use crate::error::{Error, Result, Status};
use crate::mcp::catalog::{Action, Catalog, Kind, PathKind, Shape, ToolSpec};
use crate::mcp::serve::access::MAX_WAIT_SECONDS;
use crate::mcp::serve::http::MAX_BODY;
use crate::output::Mode;

/// How long connecting to the server may take before the command gives up (exit 74).
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The key of the result's `_meta` that holds the command line's texts (see
/// `mcp::handler::TEXTS_META`).
const TEXTS_META: &str = crate::mcp::TEXTS_META;

/// Where commands run when not here.
#[derive(Debug, Clone)]
pub struct Server {
    /// The MCP endpoint: the URL given, with `/mcp` added when it names no path.
    endpoint: String,
    /// As given, for messages.
    url: String,
    token: Option<String>,
    /// `PARLEY_CA`: a PEM file of the certificates to trust for an `https` server instead
    /// of the public roots (a server with a certificate of its own).
    ca: Option<PathBuf>,
}

impl Server {
    /// The server named by `--server` or `PARLEY_SERVER` (clap reads both into `url`), with
    /// the token of `PARLEY_TOKEN`; `None` when neither names one.
    pub fn from(url: Option<&str>) -> Option<Server> {
        let url = url.map(str::trim).filter(|u| !u.is_empty())?;
        let trimmed = url.trim_end_matches('/');
        let after_scheme = trimmed.split_once("://").map_or(trimmed, |(_, rest)| rest);
        let endpoint = if after_scheme.contains('/') {
            trimmed.to_owned()
        } else {
            format!("{trimmed}/mcp")
        };
        let token = std::env::var("PARLEY_TOKEN")
            .ok()
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty());
        let ca = std::env::var_os("PARLEY_CA")
            .filter(|ca| !ca.is_empty())
            .map(PathBuf::from);
        Some(Server {
            endpoint,
            url: url.to_owned(),
            token,
            ca,
        })
    }

    /// Checks, before anything is sent, that the URL is one to call: a typing error in
    /// `PARLEY_SERVER` is a usage error (64), never a connection lost after the call may
    /// have gone.
    fn check_url(&self) -> Result<()> {
        let bad = |why: &str| {
            Error::usage(format!(
                "PARLEY_SERVER={} is not a URL parley can call: {why}; nothing was sent",
                self.url
            ))
            .with_hint("set PARLEY_SERVER (or --server) to the server's URL: http://HOST:PORT or https://HOST:PORT")
        };
        let uri: ureq::http::Uri = self.endpoint.parse().map_err(|_| bad("not a URL"))?;
        if !matches!(uri.scheme_str(), Some("http" | "https")) {
            return Err(bad("its scheme is not http or https"));
        }
        if uri.host().is_none_or(str::is_empty) {
            return Err(bad("it names no host"));
        }
        Ok(())
    }

    /// Whether the host is one nobody here resolves, asked once a connection failed. Not
    /// asked when a proxy may be in the way (`HTTP_PROXY` and the like): the proxy resolves
    /// the host, not this machine, and the failure may have come after the call went.
    fn unresolvable(&self) -> Option<String> {
        use std::net::ToSocketAddrs;
        const PROXY_VARS: [&str; 6] = [
            "HTTP_PROXY",
            "http_proxy",
            "HTTPS_PROXY",
            "https_proxy",
            "ALL_PROXY",
            "all_proxy",
        ];
        if PROXY_VARS.iter().any(|var| std::env::var_os(var).is_some()) {
            return None;
        }
        let uri: ureq::http::Uri = self.endpoint.parse().ok()?;
        let port = uri
            .port_u16()
            .unwrap_or(if uri.scheme_str() == Some("https") {
                443
            } else {
                80
            });
        let host = uri.host()?.trim_start_matches('[').trim_end_matches(']');
        match (host, port).to_socket_addrs().map(|mut found| found.next()) {
            Ok(Some(_)) => None,
            Ok(None) => Some("it has no address".to_owned()),
            Err(e) => Some(e.to_string()),
        }
    }
}

/// A command line as the tool call it stands for.
pub struct Call {
    tool: &'static str,
    /// The envelope's `command` (`hand-off`, `bounce append`).
    command: String,
    arguments: Map<String, Value>,
    /// Whether the command may change state: such a call is never sent twice.
    changes: bool,
    /// A file the command writes for the caller (the page comes back in `data.html`).
    output: Option<PathBuf>,
    /// `--force`: the output file may replace one that is there.
    force: bool,
    /// The whole of the command's own `--timeout`, for a wait made of several calls.
    wait: Option<Option<Duration>>,
    /// The field that bounds one call of such a wait (`timeout_seconds` of the `wait` tool,
    /// `timeout` of `poll` and `bounce next`).
    timeout_field: Option<String>,
    /// Called through a script-named link: said in the request's `_meta`
    /// ([`crate::mcp::SCRIPT_LINK_META`]), so that the server keeps the old scripts' way.
    script_link: bool,
}

/// The call `matches` (the applet's own) stands for, if the command is an MCP action; `None`
/// when it is not (it then runs here: `demo`, `skill`, `completions`, ...).
/// `script_link`: the program was called by a script-named link (`init.sh`), whose old
/// behaviour the server is asked to keep.
pub fn call_for(
    applet: &'static Applet,
    matches: &clap::ArgMatches,
    script_link: bool,
) -> Option<Result<Call>> {
    let mut path = Vec::new();
    let mut leaf = matches;
    while let Some((sub, sub_matches)) = leaf.subcommand() {
        path.push(sub.to_owned());
        leaf = sub_matches;
    }
    let catalog = Catalog::build(None);
    let (tool, action) = find_action(&catalog, applet, &path)?;
    // A live view (`status --watch`) draws this machine's directory, as `watch` does: it runs
    // here, never as a one-shot call.
    let live = leaf.try_get_one::<bool>("watch").ok().flatten() == Some(&true);
    if live && !action.fields.iter().any(|field| field.key == "watch") {
        return None;
    }
    Some(
        arguments(tool, action, leaf).map(|(arguments, output, wait)| {
            let facts = (applet.facts)(&path.iter().map(String::as_str).collect::<Vec<_>>());
            let flag = |name: &str| arguments.get(name) == Some(&Value::Bool(true));
            let (force, changes) = (flag("force"), facts.may_change(flag));
            Call {
                tool: tool.name,
                command: action.command.clone(),
                arguments,
                changes,
                output,
                force,
                wait,
                timeout_field: (action.fields.iter())
                    .find(|field| field.key == "timeout")
                    .map(|field| field.name.clone()),
                script_link,
            }
        }),
    )
}

fn find_action<'c>(
    catalog: &'c Catalog,
    applet: &Applet,
    path: &[String],
) -> Option<(&'c ToolSpec, &'c Action)> {
    catalog.tools.iter().find_map(|tool| {
        (tool.actions.iter())
            .find(|action| action.applet.name == applet.name && action.path == path)
            .map(|action| (tool, action))
    })
}

type Arguments = (
    Map<String, Value>,
    Option<PathBuf>,
    Option<Option<Duration>>,
);

/// The tool call's arguments from the leaf command's matches.
fn arguments(tool: &ToolSpec, action: &Action, leaf: &clap::ArgMatches) -> Result<Arguments> {
    use clap::parser::ValueSource;
    let mut arguments = Map::new();
    arguments.insert("action".into(), Value::String(action.name.clone()));
    let mut output = None;
    // A blocking wait: the `wait` tool's actions, and an action that waits when asked
    // (`poll --wait`, `bounce next --wait`, or either with `--timeout`, as here).
    let asked = |id: &str| {
        matches!(leaf.try_get_one::<bool>(id), Ok(Some(true)))
            || (id == "timeout"
                && matches!(
                    leaf.value_source(id),
                    Some(ValueSource::CommandLine | ValueSource::EnvVariable)
                ))
    };
    let is_wait = tool.name == "wait"
        || (action.fields.iter()).any(|field| field.key == "wait" && field.shape == Shape::Flag)
            && (asked("wait") || asked("timeout"));
    let mut wait = is_wait.then_some(None);
    for field in &action.fields {
        let Some(arg) = &field.arg else { continue };
        let id = arg.get_id().as_str();
        let given = matches!(
            leaf.value_source(id),
            Some(ValueSource::CommandLine | ValueSource::EnvVariable)
        );
        // An input file left out that the command reads from standard input then (an
        // optional positional file with an inline twin: `parliament append DIR`, `feedback
        // extract`): read here, as `-`, since the server has no standard input.
        let stdin_instead = !given
            && arg.is_positional()
            && !arg.is_required_set()
            && matches!(field.shape, Shape::One(Kind::Path(PathKind::Input)))
            && inline_twin(action, arg).is_some();
        if !given && !stdin_instead {
            continue;
        }
        let raws: Vec<String> = if stdin_instead {
            vec!["-".to_owned()]
        } else {
            leaf.get_raw(id)
                .map(|values| values.map(|v| v.to_string_lossy().into_owned()).collect())
                .unwrap_or_default()
        };
        let value = match &field.shape {
            Shape::Flag => Value::Bool(leaf.get_flag(id)),
            Shape::Object => continue,
            Shape::One(Kind::Path(PathKind::Output)) => {
                // Sent as given (the server writes nothing and says `Wrote OUT`); the page
                // comes back and is written here.
                output = raws.first().map(PathBuf::from);
                json!(raws.first())
            }
            Shape::One(Kind::Path(PathKind::Input)) => {
                let Some(raw) = raws.first() else { continue };
                let text = read_input_for(&field.key, raw)?;
                // A file whose text the call also takes inline: sent in that field, as the
                // JSON it holds where the field takes an object (`parliament append`'s
                // message; text that is no JSON goes as text, for the server to refuse).
                match inline_twin(action, arg) {
                    Some(inline) if matches!(inline.shape, Shape::Object) => {
                        match serde_json::from_str::<Value>(&text) {
                            Ok(object) if object.is_object() => {
                                arguments.insert(inline.name.clone(), object);
                                continue;
                            }
                            // Not a JSON object: the file itself goes, for the command to
                            // refuse as it does here (65, naming the file).
                            _ => sent_file(raw, text),
                        }
                    }
                    Some(inline) => {
                        arguments.insert(inline.name.clone(), Value::String(text));
                        continue;
                    }
                    None => sent_file(raw, text),
                }
            }
            Shape::Many(Kind::Path(PathKind::Input)) => {
                if field.key == "source" {
                    // `init --source`: refused as here (`BAD_SOURCE`) before anything is read.
                    let paths: Vec<PathBuf> = raws.iter().map(PathBuf::from).collect();
                    crate::negotiation::commands::init::read_sources(&paths)?;
                }
                Value::Array(
                    (raws.iter())
                        .map(|raw| Ok(sent_file(raw, read_input(raw)?)))
                        .collect::<Result<_>>()?,
                )
            }
            Shape::One(kind) => match raws.first() {
                Some(raw) => typed(kind, raw),
                None => continue,
            },
            Shape::Many(kind) => Value::Array(raws.iter().map(|raw| typed(kind, raw)).collect()),
        };
        if is_wait && field.key == "timeout" {
            let total = value
                .as_f64()
                .and_then(|s| Duration::try_from_secs_f64(s).ok());
            wait = Some(total);
            continue;
        }
        arguments.insert(field.name.clone(), value);
    }
    if wait == Some(None) {
        // No `--timeout`: the command line's own default, if it has one, bounds the whole
        // wait (not the per-call default a tool call without one gets); without one the wait
        // goes on until it ends, as here.
        wait = Some(
            (action.fields.iter())
                .find(|field| field.key == "timeout")
                .and_then(|field| field.arg.as_ref())
                .and_then(|arg| arg.get_default_values().first()?.to_str()?.parse().ok())
                .and_then(|secs: f64| Duration::try_from_secs_f64(secs).ok()),
        );
    }
    stdin_body(action, leaf, &mut arguments)?;
    from_environment(action, &mut arguments);
    Ok((arguments, output, wait))
}

/// `position DIR AGENT ISSUE -`: the body read from standard input here, sent as the text.
fn stdin_body(
    action: &Action,
    leaf: &clap::ArgMatches,
    arguments: &mut Map<String, Value>,
) -> Result<()> {
    if action.fields.iter().any(|field| field.key == "stdin") {
        return Ok(());
    }
    let body = action.fields.iter().find(|field| field.key == "body");
    match (leaf.try_get_one::<String>("stdin").ok().flatten(), body) {
        (Some(dash), Some(body)) if dash == "-" => {
            let text = crate::input::Source::Stdin.read_text("the body")?;
            arguments.insert(body.name.clone(), Value::String(text));
            Ok(())
        }
        // Refused as here: the word is not sent to be dropped.
        (Some(word), _) if word != "-" => Err(crate::app::not_stdin(word)),
        _ => Ok(()),
    }
}

/// What this machine's environment gives the command where the command line does not:
/// the participant (`NEGOTIATE_PARTICIPANT_ID`, ...) and a partial start
/// (`NEGOTIATE_ALLOW_PARTIAL_REGISTRATION`), sent as the fields they stand for.
fn from_environment(action: &Action, arguments: &mut Map<String, Value>) {
    let settings = super::tree::settings_from_env();
    for field in &action.fields {
        if arguments.contains_key(&field.name) {
            continue;
        }
        match field.key.as_str() {
            "participant" => {
                if let Some(participant) = &settings.participant {
                    arguments.insert(field.name.clone(), json!(participant));
                }
            }
            "allow_partial" if settings.allow_partial_registration => {
                arguments.insert(field.name.clone(), Value::Bool(true));
            }
            _ => {}
        }
    }
}

/// The field that takes inline the text of the file argument `arg`, if the action has one.
fn inline_twin<'a>(action: &'a Action, arg: &clap::Arg) -> Option<&'a crate::mcp::catalog::Field> {
    (action.fields.iter()).find(|f| f.arg.is_none() && f.stands_for.get_id() == arg.get_id())
}

/// A value typed on the command line, as the JSON the field takes; a value that is not of
/// the field's type is sent as text, for the server to refuse as it would here.
fn typed(kind: &Kind, raw: &str) -> Value {
    match kind {
        Kind::Integer => raw.parse::<i64>().map_or_else(|_| json!(raw), Value::from),
        Kind::Number => raw
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map_or_else(|| json!(raw), Value::Number),
        Kind::Boolean => match raw {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => json!(raw),
        },
        _ => json!(raw),
    }
}

/// The text of the input file `raw` given for the field `key`: a topic file is refused as
/// here (`BAD_TOPIC_FILE`).
fn read_input_for(key: &str, raw: &str) -> Result<String> {
    if key == "topic_file" {
        return crate::app::negotiation::topic_from_file(Path::new(raw));
    }
    read_input(raw)
}

/// The text of an input file named on the command line (`-`: standard input), read here.
fn read_input(raw: &str) -> Result<String> {
    let source = crate::input::Source::from_arg(Some(PathBuf::from(raw)));
    source.read_text("the input")
}

/// An input file sent by content: its name (the server keeps it, as the command would) and
/// its text.
fn sent_file(raw: &str, text: String) -> Value {
    let name = if raw == "-" {
        "stdin".to_owned()
    } else {
        Path::new(raw)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| raw.to_owned())
    };
    json!({ "name": name, "content": text })
}

/// Runs `call` on `server` and prints what the command line prints; returns the exit code.
pub fn run(server: &Server, call: Call, mode: Mode) -> u8 {
    // Ctrl-C while a wait is on the server answers as it does here (130, `INTERRUPTED`).
    // The connection closes with the process and the server ends the call as a wait
    // interrupted there: what it wrote before (a turn it started, a holder it skipped) are
    // whole steps. Once the answer is in, Ctrl-C no longer cuts its printing short.
    static ANSWERED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if call.wait.is_some() {
        let command = call.command.clone();
        let _ = ctrlc::set_handler(move || {
            if ANSWERED.load(std::sync::atomic::Ordering::SeqCst) {
                return;
            }
            let error = Error::new(Status::Interrupted, "INTERRUPTED", "interrupted");
            let code = crate::output::emit(mode, &command, Err(error));
            std::process::exit(i32::from(code));
        });
    }
    let answer = answer(server, &call);
    ANSWERED.store(true, std::sync::atomic::Ordering::SeqCst);
    match answer {
        Ok(answer) => print(&call, mode, answer),
        Err(error) => crate::output::emit(mode, &call.command, Err(error)),
    }
}

/// What the server answered to a call: the envelope, and the texts of the command line.
struct Answer {
    envelope: Value,
    stdout: String,
    stderr: String,
    exit: u8,
}

fn answer(server: &Server, call: &Call) -> Result<Answer> {
    server.check_url()?;
    let Some(total) = call.wait else {
        return send(server, call, &call.arguments);
    };
    // A wait: made again while the server's bound on one call ends it (124) and the command's
    // own timeout, if any, is not over.
    let began = Instant::now();
    loop {
        let mut arguments = call.arguments.clone();
        // Each call as long as the server allows one to be, or what is left of the whole.
        let mut bound = Duration::from_secs(MAX_WAIT_SECONDS);
        if let Some(total) = total {
            bound = bound.min(total.saturating_sub(began.elapsed()));
        }
        if let Some(field) = &call.timeout_field {
            arguments.insert(field.clone(), json!(bound.as_secs_f64()));
        }
        let mut answer = send(server, call, &arguments)?;
        let over = total.is_some_and(|total| began.elapsed() >= total);
        if answer.exit != Status::Timeout.exit_code() || over {
            if let Some(total) = total {
                answer.waited(bound, total);
            }
            return Ok(answer);
        }
    }
}

impl Answer {
    /// A wait's last call timed out after `last`: its message says how long the whole wait
    /// took, `total`, as the command says here.
    fn waited(&mut self, last: Duration, total: Duration) {
        if self.exit != Status::Timeout.exit_code() || last == total {
            return;
        }
        let (part, whole) = (
            crate::wait::still_waiting(last),
            crate::wait::still_waiting(total),
        );
        self.stderr = self.stderr.replace(&part, &whole);
        if let Some(Value::String(message)) = self.envelope.pointer_mut("/error/message") {
            *message = message.replace(&part, &whole);
        }
    }
}

fn send(server: &Server, call: &Call, arguments: &Map<String, Value>) -> Result<Answer> {
    // An id of this process's own: a server matches a cancellation to its call by the id
    // (and the caller's token), so two clients with one token never share one.
    let mut body = json!({
        "jsonrpc": "2.0",
        "id": std::process::id(),
        "method": "tools/call",
        "params": {"name": call.tool, "arguments": arguments},
    });
    if call.script_link {
        body["params"]["_meta"] = json!({ crate::mcp::SCRIPT_LINK_META: true });
    }
    let body = body.to_string();
    // The server refuses a longer body before reading it (413): said here, with nothing sent,
    // rather than as a connection cut while the body was still going out.
    if body.len() > MAX_BODY {
        return Err(too_large(server));
    }
    let mut config = ureq::Agent::config_builder()
        .timeout_connect(Some(CONNECT_TIMEOUT))
        .http_status_as_error(false);
    // Only for a TLS server: a PARLEY_CA left in the environment does not stop plain HTTP.
    if let Some(ca) = &server.ca
        && server.endpoint.starts_with("https://")
    {
        let roots = ureq::tls::RootCerts::new_with_certs(&trusted(ca)?);
        config = config.tls_config(ureq::tls::TlsConfig::builder().root_certs(roots).build());
    }
    let agent: ureq::Agent = config.build().into();
    let mut request = agent
        .post(&server.endpoint)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream");
    if let Some(token) = &server.token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    let mut response = request
        .send(body)
        .map_err(|e| unreachable(server, call, &e))?;
    let status = response.status().as_u16();
    match status {
        200..=299 => {}
        401 => {
            return Err(Error::new(
                Status::NotAllowed,
                "TOKEN_REFUSED",
                format!(
                    "{} refused the token{}",
                    server.url,
                    if server.token.is_some() {
                        " in PARLEY_TOKEN"
                    } else {
                        ": PARLEY_TOKEN is not set"
                    }
                ),
            )
            .with_hint("set PARLEY_TOKEN to a token `parley token new` printed for you"));
        }
        413 => return Err(too_large(server)),
        403 => {
            return Err(Error::new(
                Status::NotAllowed,
                "FORBIDDEN",
                format!(
                    "{} refused the call (HTTP 403: a Host or Origin it does not allow)",
                    server.url
                ),
            ));
        }
        other => {
            let text = response.body_mut().read_to_string().unwrap_or_default();
            return Err(Error::new(
                Status::Io,
                "SERVER_ERROR",
                format!(
                    "{} answered HTTP {other}: {}",
                    server.url,
                    text.lines().next().unwrap_or("")
                ),
            ));
        }
    }
    let event_stream = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    let reader = response.body_mut().as_reader();
    let message = if event_stream {
        last_response(reader)
    } else {
        let mut text = String::new();
        BufReader::new(reader)
            .read_to_string(&mut text)
            .map(|_| serde_json::from_str(&text).ok())
    };
    let message = match message {
        Ok(Some(message)) => message,
        Ok(None) => return Err(dropped(server, call, "no answer came")),
        Err(e) => return Err(dropped(server, call, &e.to_string())),
    };
    read_answer(server, message)
}

fn too_large(server: &Server) -> Error {
    Error::bad_input(
        "TOO_LARGE",
        format!(
            "the call is too large for {} (over {} MiB, input files included); nothing was done",
            server.url,
            MAX_BODY / (1024 * 1024)
        ),
    )
    .with_hint("send smaller input files, or run the command on the server's machine")
}

/// The JSON-RPC response in an event stream (progress notifications come before it).
fn last_response(reader: impl Read) -> std::io::Result<Option<Value>> {
    let mut data = String::new();
    for line in BufReader::new(reader).lines() {
        let line = line?;
        if let Some(rest) = line.strip_prefix("data:") {
            data.push_str(rest.strip_prefix(' ').unwrap_or(rest));
            continue;
        }
        if line.is_empty() && !data.is_empty() {
            let message: Option<Value> = serde_json::from_str(&data).ok();
            data.clear();
            if let Some(message) = message
                && message.get("id").is_some()
                && (message.get("result").is_some() || message.get("error").is_some())
            {
                return Ok(Some(message));
            }
        }
    }
    Ok(None)
}

fn read_answer(server: &Server, message: Value) -> Result<Answer> {
    if let Some(error) = message.get("error") {
        let text = error.get("message").and_then(Value::as_str).unwrap_or("");
        return Err(Error::new(
            Status::Io,
            "SERVER_ERROR",
            format!("{} answered with an error: {text}", server.url),
        ));
    }
    let result = message.get("result").cloned().unwrap_or(Value::Null);
    let texts = result.get("_meta").and_then(|m| m.get(TEXTS_META));
    let mut envelope = result
        .get("structuredContent")
        .cloned()
        .unwrap_or(Value::Null);
    let exit = (envelope.get("exit").and_then(Value::as_u64))
        .or_else(|| texts.and_then(|t| t.get("exit")).and_then(Value::as_u64));
    let (Some(texts), Some(exit)) = (texts, exit) else {
        return Err(Error::new(
            Status::Io,
            "SERVER_ERROR",
            format!(
                "{} did not answer as parley serve does (no command-line texts in the result)",
                server.url
            ),
        ));
    };
    if let Value::Object(map) = &mut envelope {
        map.remove("exit");
    }
    let text = |key: &str| {
        (texts.get(key).and_then(Value::as_str))
            .unwrap_or("")
            .to_owned()
    };
    Ok(Answer {
        envelope,
        stdout: text("stdout"),
        stderr: text("stderr"),
        exit: u8::try_from(exit).unwrap_or(u8::MAX),
    })
}

fn print(call: &Call, mode: Mode, mut answer: Answer) -> u8 {
    if let Some(out) = &call.output
        && answer.exit == 0
        && let Err(error) = write_output(out, call.force, &mut answer)
    {
        return crate::output::emit(mode, &call.command, Err(error));
    }
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    match mode {
        Mode::Json => {
            let mut text = serde_json::to_vec(&answer.envelope).unwrap_or_default();
            text.push(b'\n');
            let _ = stdout.write_all(&text);
        }
        Mode::Human => {
            let _ = stdout.write_all(answer.stdout.as_bytes());
            let _ = std::io::stderr().lock().write_all(answer.stderr.as_bytes());
        }
    }
    let _ = stdout.flush();
    answer.exit
}

/// Writes the page a command made for the caller (`data.html` of the answer) to `out`, here,
/// as the command does locally (an existing file is kept unless `--force`).
fn write_output(out: &Path, force: bool, answer: &mut Answer) -> Result<()> {
    let page = answer
        .envelope
        .get_mut("data")
        .and_then(|d| d.as_object_mut())
        .and_then(|d| d.remove("html"));
    let Some(Value::String(page)) = page else {
        return Err(Error::new(
            Status::Io,
            "SERVER_ERROR",
            "the server sent no page to write",
        ));
    };
    // The size of the page written here (the server counted it before its paths were made
    // relative to ROOT).
    if let Some(data) = answer
        .envelope
        .get_mut("data")
        .and_then(|d| d.as_object_mut())
        && data.contains_key("bytes")
    {
        data.insert("bytes".into(), json!(page.len()));
    }
    match crate::store::publish_file(out, page.as_bytes(), force)? {
        crate::store::Publication::Written => Ok(()),
        crate::store::Publication::AlreadyExists => Err(Error::new(
            Status::AlreadyExists,
            "OUTPUT_EXISTS",
            format!("{} already exists; nothing was written", out.display()),
        )
        .with_hint("choose another path, or pass --force to replace it")),
    }
}

/// The certificates of the PEM file `ca` (`PARLEY_CA`); refused before anything is sent
/// when it cannot be read or holds none.
fn trusted(ca: &Path) -> Result<Vec<ureq::tls::Certificate<'static>>> {
    let bad = |why: String| {
        Error::usage(format!("PARLEY_CA={}: {why}; nothing was sent", ca.display()))
            .with_hint("point PARLEY_CA at the PEM file of the server's certificate (or of the authority that signed it)")
    };
    let pem = std::fs::read(ca).map_err(|e| bad(e.to_string()))?;
    let mut certificates = Vec::new();
    for item in ureq::tls::parse_pem(&pem) {
        if let ureq::tls::PemItem::Certificate(certificate) =
            item.map_err(|e| bad(e.to_string()))?
        {
            certificates.push(certificate);
        }
    }
    if certificates.is_empty() {
        return Err(bad("no certificate in it".to_owned()));
    }
    Ok(certificates)
}

/// The server could not be reached, or the connection failed before an answer.
fn unreachable(server: &Server, call: &Call, error: &ureq::Error) -> Error {
    // The TLS handshake comes before the request: a certificate refused sends nothing. Only
    // the handshake's own refusals count (an alert or a decryption error may come later,
    // once the call was sent). The transport reports rustls's errors inside an I/O error;
    // ureq and this crate share one rustls (a test over HTTPS fails if they ever do not).
    let handshake = |e: &tokio_rustls::rustls::Error| {
        use tokio_rustls::rustls::Error as Tls;
        matches!(
            e,
            Tls::InvalidCertificate(_)
                | Tls::NoCertificatesPresented
                | Tls::UnsupportedNameType
                | Tls::PeerIncompatible(_)
        )
    };
    // A record that is no TLS at all: a plain-HTTP server behind an `https` URL answers the
    // handshake with one. Counted as nothing sent only for a call that changes nothing: the
    // same error later in a connection would come after the call.
    let not_tls = |e: &tokio_rustls::rustls::Error| {
        matches!(
            e,
            tokio_rustls::rustls::Error::InvalidMessage(
                tokio_rustls::rustls::InvalidMessage::InvalidContentType
            )
        )
    };
    let rustls_error = match error {
        ureq::Error::Rustls(e) => Some(e),
        ureq::Error::Io(e) => {
            (e.get_ref()).and_then(|inner| inner.downcast_ref::<tokio_rustls::rustls::Error>())
        }
        _ => None,
    };
    let plain_http = rustls_error.is_some_and(not_tls);
    if plain_http && !call.changes {
        return not_sent(server, format_args!("TLS: {error}"), PLAIN_HTTP_HINT);
    }
    if plain_http {
        return dropped(server, call, &format!("TLS: {error}")).with_hint(PLAIN_HTTP_HINT);
    }
    let refused_in_handshake =
        matches!(error, ureq::Error::Tls(_)) || rustls_error.is_some_and(handshake);
    if refused_in_handshake {
        use tokio_rustls::rustls::{CertificateError, Error as Tls};
        let authority_as_server = matches!(
            rustls_error,
            Some(Tls::InvalidCertificate(CertificateError::Other(other)))
                if format!("{other:?}").contains("CaUsedAsEndEntity")
        );
        let hint = if authority_as_server {
            "the server's certificate is an authority's (basicConstraints CA:TRUE, what `openssl req -x509` makes unless told otherwise): give the server a certificate made with `-addext basicConstraints=critical,CA:FALSE`"
        } else if server.ca.is_some() {
            "the server's certificate is not signed by one in PARLEY_CA, or does not name the host of PARLEY_SERVER"
        } else {
            "if the server has a certificate of its own, set PARLEY_CA to its PEM file"
        };
        return not_sent(server, format_args!("TLS: {error}"), hint);
    }
    // A host name that does not resolve: the transport says so as an I/O error of its own.
    if matches!(error, ureq::Error::Io(_) | ureq::Error::HostNotFound)
        && let Some(why) = server.unresolvable()
    {
        return not_sent(
            server,
            format_args!("its host cannot be resolved ({why})"),
            "check the host name in PARLEY_SERVER (or --server)",
        );
    }
    // A proxy that refused the tunnel (`CONNECT`) passed nothing on.
    let before_sending = matches!(
        error,
        ureq::Error::HostNotFound
            | ureq::Error::ConnectionFailed
            | ureq::Error::Timeout(_)
            | ureq::Error::ConnectProxyFailed(_)
    ) || matches!(error, ureq::Error::Io(e) if e.kind() == std::io::ErrorKind::ConnectionRefused);
    if before_sending {
        return not_sent(
            server,
            error,
            "check PARLEY_SERVER (or --server) and that `parley serve` runs there",
        );
    }
    dropped(server, call, &error.to_string())
}

/// The server was not reached, or refused the connection before the call went: `cause`.
fn not_sent(server: &Server, cause: impl std::fmt::Display, hint: &str) -> Error {
    Error::new(
        Status::Io,
        "UNREACHABLE",
        format!("cannot reach {}: {cause}; nothing was sent", server.url),
    )
    .with_hint(hint)
}

const PLAIN_HTTP_HINT: &str = "the server does not speak TLS there: use an http:// URL, or start it with --tls-cert and --tls-key";

/// The connection failed once the call may have been sent.
fn dropped(server: &Server, call: &Call, why: &str) -> Error {
    let applied = if call.changes {
        "; the call may have been applied: look (status, log) before running it again"
    } else {
        ""
    };
    Error::new(
        Status::Io,
        "CONNECTION_LOST",
        format!("the connection to {} failed: {why}{applied}", server.url),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The call a command line stands for.
    fn call(words: &[&str]) -> Call {
        let applet = crate::cli::tree::find(words[0]).expect("an applet");
        let matches = crate::cli::tree::command_with([applet])
            .try_get_matches_from(std::iter::once("parley").chain(words.iter().copied()))
            .expect("a valid command line");
        let (_, leaf) = matches.subcommand().expect("the applet");
        call_for(applet, leaf, false)
            .expect("an MCP action")
            .expect("arguments")
    }

    #[test]
    fn a_wait_without_timeout_goes_on_until_it_ends_and_one_with_it_keeps_it_whole() {
        for words in [
            &["wait", "neg", "bob"][..],
            &["poll", "neg", "bob", "--wait"],
            &["wait-for-start", "neg", "bob"],
            &["bounce", "wait", "b.md", "bob"],
        ] {
            assert_eq!(call(words).wait, Some(None), "{words:?}");
        }
        assert_eq!(
            call(&["poll", "neg", "bob", "--wait", "--timeout", "70"]).wait,
            Some(Some(Duration::from_secs(70)))
        );
        assert_eq!(
            call(&["wait", "neg", "bob", "--timeout", "70"]).wait,
            Some(Some(Duration::from_secs(70)))
        );
        assert_eq!(
            call(&["poll", "neg", "bob", "--timeout", "70"]).wait,
            Some(Some(Duration::from_secs(70)))
        );
        // Each call is bounded by the action's own field.
        assert_eq!(
            call(&["poll", "neg", "bob", "--wait"])
                .timeout_field
                .as_deref(),
            Some("timeout")
        );
        assert_eq!(
            call(&["wait", "neg", "bob"]).timeout_field.as_deref(),
            Some("timeout_seconds")
        );
        // Not a wait: answered at once.
        assert_eq!(call(&["poll", "neg", "bob"]).wait, None);
    }

    #[test]
    fn a_wait_over_several_calls_says_how_long_it_waited_in_all() {
        let mut answer = Answer {
            envelope: json!({"ok": false, "error": {
                "message": crate::wait::still_waiting(Duration::from_millis(19_980))
            }}),
            stdout: String::new(),
            stderr: format!(
                "parley wait: error: {}\n",
                crate::wait::still_waiting(Duration::from_millis(19_980))
            ),
            exit: Status::Timeout.exit_code(),
        };
        answer.waited(Duration::from_millis(19_980), Duration::from_secs(70));
        assert_eq!(
            answer.stderr,
            "parley wait: error: still waiting after 70s\n"
        );
        assert_eq!(
            answer.envelope["error"]["message"],
            "still waiting after 70s"
        );
    }
}
