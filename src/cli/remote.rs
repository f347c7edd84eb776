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

use crate::app::{Applet, Effect};
use crate::error::{Error, Result, Status};
use crate::mcp::catalog::{Action, Catalog, Kind, PathKind, Shape, ToolSpec};
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
}

/// The call `matches` (the applet's own) stands for, if the command is an MCP action; `None`
/// when it is not (it then runs here: `demo`, `skill`, `completions`, ...).
pub fn call_for(applet: &'static Applet, matches: &clap::ArgMatches) -> Option<Result<Call>> {
    let mut path = Vec::new();
    let mut leaf = matches;
    while let Some((sub, sub_matches)) = leaf.subcommand() {
        path.push(sub.to_owned());
        leaf = sub_matches;
    }
    let catalog = Catalog::build(None);
    let (tool, action) = find_action(&catalog, applet, &path)?;
    Some(
        arguments(tool, action, leaf).map(|(arguments, output, wait)| {
            let facts = (applet.facts)(&path.iter().map(String::as_str).collect::<Vec<_>>());
            let force = arguments.get("force") == Some(&Value::Bool(true));
            Call {
                tool: tool.name,
                command: action.command.clone(),
                arguments,
                changes: facts.effect == Effect::Changes,
                output,
                force,
                wait,
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
    let is_wait = tool.name == "wait";
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
                let text = read_input(raw)?;
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
            Shape::Many(Kind::Path(PathKind::Input)) => Value::Array(
                (raws.iter())
                    .map(|raw| Ok(sent_file(raw, read_input(raw)?)))
                    .collect::<Result<_>>()?,
            ),
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
        // No `--timeout`: the command's own default, if it has one, bounds the whole wait.
        wait = (action.fields.iter())
            .find(|field| field.key == "timeout")
            .and_then(|field| field.default.as_f64())
            .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
            .map(Some);
        if wait.is_none() {
            wait = Some(None);
        }
    }
    Ok((arguments, output, wait))
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
    match answer(server, &call) {
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
    let Some(total) = call.wait else {
        return send(server, call, &call.arguments);
    };
    // A wait: made again while the server's bound on one call ends it (124) and the command's
    // own timeout, if any, is not over.
    let began = Instant::now();
    loop {
        let mut arguments = call.arguments.clone();
        if let Some(total) = total {
            let left = total.saturating_sub(began.elapsed());
            arguments.insert("timeout_seconds".into(), json!(left.as_secs_f64()));
        }
        let answer = send(server, call, &arguments)?;
        let over = total.is_some_and(|total| began.elapsed() >= total);
        if answer.exit != Status::Timeout.exit_code() || over {
            return Ok(answer);
        }
    }
}

fn send(server: &Server, call: &Call, arguments: &Map<String, Value>) -> Result<Answer> {
    let body = json!({
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": call.tool, "arguments": arguments},
    });
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
    let refused_in_handshake = match error {
        ureq::Error::Tls(_) => true,
        ureq::Error::Rustls(e) => handshake(e),
        ureq::Error::Io(e) => (e.get_ref())
            .and_then(|inner| inner.downcast_ref::<tokio_rustls::rustls::Error>())
            .is_some_and(handshake),
        _ => false,
    };
    if refused_in_handshake {
        let hint = if server.ca.is_some() {
            "the server's certificate is not signed by one in PARLEY_CA, or does not name the host of PARLEY_SERVER"
        } else {
            "if the server has a certificate of its own, set PARLEY_CA to its PEM file"
        };
        return Error::new(
            Status::Io,
            "UNREACHABLE",
            format!(
                "cannot reach {}: TLS: {error}; nothing was sent",
                server.url
            ),
        )
        .with_hint(hint);
    }
    let before_sending = matches!(
        error,
        ureq::Error::HostNotFound | ureq::Error::ConnectionFailed | ureq::Error::Timeout(_)
    ) || matches!(error, ureq::Error::Io(e) if e.kind() == std::io::ErrorKind::ConnectionRefused);
    if before_sending {
        return Error::new(
            Status::Io,
            "UNREACHABLE",
            format!("cannot reach {}: {error}; nothing was sent", server.url),
        )
        .with_hint("check PARLEY_SERVER (or --server) and that `parley serve` runs there");
    }
    dropped(server, call, &error.to_string())
}

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
