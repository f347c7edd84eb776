//! The MCP server's handler, whatever carries its messages: `tools/list` from the catalog,
//! `tools/call` prepared from the catalog and run on blocking threads, each with its own
//! context (progress notices, cancellation). A transport (`stdio`) serves it and tells it,
//! through its [`Closer`], when the client has gone.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities,
    ServerConfig, Tool as McpTool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;
use tokio::sync::{mpsc, watch};

use super::catalog::{self, Catalog};
use super::request::{self, Refused};
use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::notices::{Cancel, Notice, Notices};
use crate::output::{self, Mode, Outcome};

/// The longest a call with a progress token goes without a progress notification.
const HEARTBEAT: Duration = Duration::from_secs(2);

/// What a transport that knows its callers (`parley serve`) checks and changes in every call,
/// in two steps: the arguments before they are read (refuse the call, or fill in what the
/// caller's identity says), then the request made from them before it runs (refuse it, or
/// change what it touches). `caller` is the call's extensions, where the transport put what
/// it knows of the caller. A refusal is the call's answer, as any error is.
pub trait Gate: Send + Sync {
    fn arguments(
        &self,
        caller: &rmcp::model::Extensions,
        tool: &catalog::ToolSpec,
        arguments: &mut serde_json::Map<String, Value>,
    ) -> Result<()>;
    fn request(
        &self,
        caller: &rmcp::model::Extensions,
        action: &catalog::Action,
        fields: &mut serde_json::Map<String, Value>,
    ) -> Result<()>;
    /// The context every call runs in, from the handler's own.
    fn context(&self, ctx: Ctx) -> Ctx {
        ctx
    }
    /// Notes a call as running until the returned value is dropped, for a transport on
    /// which a cancellation may come apart from its call (`parley serve`).
    fn running(
        &self,
        _caller: &rmcp::model::Extensions,
        _id: &rmcp::model::RequestId,
        _cancel: Cancel,
    ) -> Option<Box<dyn Send>> {
        None
    }
    /// What the caller is shown of an answer (each text in it, as JSON), last, given the
    /// arguments it `asked` with: a transport that must not reveal where its files are
    /// (`parley serve`) rewrites the paths.
    fn answer(
        &self,
        _caller: &rmcp::model::Extensions,
        _asked: &serde_json::Map<String, Value>,
        _answer: &mut Value,
    ) {
    }
}

/// Cheap to clone: a server over HTTP makes one per request from a first one.
#[derive(Clone)]
pub struct Handler {
    catalog: Arc<Catalog>,
    gate: Option<Arc<dyn Gate>>,
    tools: Arc<Vec<McpTool>>,
    provider: Option<Vec<String>>,
    /// The context every call starts from: the clock and the default lock timeout.
    base: Ctx,
    /// Set when the client has gone (see [`Closer`]): calls still blocked are cancelled at once
    /// (rmcp itself would give them 5 s before cancelling), so the server ends promptly instead
    /// of when their waits time out.
    closing: watch::Receiver<bool>,
}

impl Handler {
    /// The handler of one session: the catalog's tools, the provider `feedback ask` may run,
    /// and the context every call starts from (the clock and the default lock timeout). The
    /// [`Closer`] is the transport's, to say when the client has gone.
    pub fn new(base: &Ctx, catalog: Catalog, provider: Option<Vec<String>>) -> (Handler, Closer) {
        let tools: Vec<McpTool> = catalog
            .tools
            .iter()
            .map(|tool| {
                McpTool::new(tool.name, tool.description(), Arc::new(tool.input_schema()))
                    .with_raw_output_schema(Arc::new(catalog::output_schema()))
            })
            .collect();
        let (close, closing) = watch::channel(false);
        let handler = Handler {
            catalog: Arc::new(catalog),
            gate: None,
            tools: Arc::new(tools),
            provider,
            base: base.clone(),
            closing,
        };
        (handler, Closer(close))
    }
}

impl Handler {
    /// The same handler with a gate on every call (see [`Gate`]). Its callers are elsewhere
    /// (over HTTP): each input file field also takes the file itself, sent by content
    /// (see [`Staged`]), and its schema says so.
    pub fn with_gate(mut self, gate: Arc<dyn Gate>) -> Handler {
        self.gate = Some(gate);
        let tools: Vec<McpTool> = (self.tools.iter())
            .zip(&self.catalog.tools)
            .map(|(listed, spec)| {
                let mut tool = listed.clone();
                let mut schema = (*tool.input_schema).clone();
                accept_sent_files(spec, &mut schema);
                tool.input_schema = Arc::new(schema);
                tool
            })
            .collect();
        self.tools = Arc::new(tools);
        self
    }
}

/// Makes each input file field of `schema` (the tool `spec`'s) take a path or a file sent by
/// content, `{"name": ..., "content": ...}`, defined once under `$defs`.
fn accept_sent_files(spec: &catalog::ToolSpec, schema: &mut serde_json::Map<String, Value>) {
    use catalog::{Kind, PathKind, Shape};
    // A property is one for all the tool's actions: it says "a file sent by content" only
    // where every action that has it reads an input file from it (`show`'s `file` names an
    // issue file, unlike `note`'s).
    let mut inputs: std::collections::BTreeMap<&str, bool> = std::collections::BTreeMap::new();
    for field in spec.actions.iter().flat_map(|action| &action.fields) {
        let input = matches!(
            field.shape,
            Shape::One(Kind::Path(PathKind::Input)) | Shape::Many(Kind::Path(PathKind::Input))
        );
        *inputs.entry(field.name.as_str()).or_insert(true) &= input;
    }
    let inputs = inputs
        .into_iter()
        .filter(|(_, input)| *input)
        .map(|(name, _)| name);
    let Some(Value::Object(properties)) = schema.get_mut("properties") else {
        return;
    };
    let either = serde_json::json!({"anyOf": [{"type": "string"}, {"$ref": "#/$defs/sent_file"}]});
    let mut changed = false;
    for name in inputs {
        let Some(property) = properties.get_mut(name) else {
            continue;
        };
        match property.get("type").and_then(Value::as_str) {
            Some("string") => *property = either.clone(),
            Some("array") => property["items"] = either.clone(),
            _ => continue,
        }
        changed = true;
    }
    if changed {
        schema.insert(
            "$defs".into(),
            serde_json::json!({"sent_file": {
                "description": "an input file sent by content, in place of a path under the server's ROOT",
                "type": "object",
                "properties": {"name": {"type": "string"}, "content": {"type": "string"}},
                "required": ["name", "content"],
                "additionalProperties": false,
            }}),
        );
    }
}

/// Cancels a call's token when dropped (once the call has ended, nothing hears it).
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        let _ = self.0.cancel();
    }
}

/// Held by the transport: says that the client has gone, which cancels the calls still
/// running.
pub struct Closer(watch::Sender<bool>);

impl Closer {
    pub fn close(&self) {
        let _ = self.0.send(true);
    }
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("parley", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "parley: coordination protocols for agents. Every result is the JSON envelope \
                 of `parley COMMAND --json` plus \"exit\": 0-4 are answers, 64+ errors, 124 \
                 a wait that timed out (call again).",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }

    fn get_tool(&self, name: &str) -> Option<McpTool> {
        self.tools.iter().find(|t| t.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> std::result::Result<CallToolResponse, ErrorData> {
        let Some(tool) = self.catalog.tool(&request.name) else {
            return Err(ErrorData::invalid_params(
                format!(
                    "unknown tool '{}': this server's tools are {}",
                    request.name,
                    self.catalog
                        .tools
                        .iter()
                        .map(|t| t.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None,
            ));
        };
        let mut arguments = request.arguments.unwrap_or_default();
        // As the caller wrote them, for what its answer may show.
        let asked = match &self.gate {
            Some(_) => arguments.clone(),
            None => serde_json::Map::new(),
        };
        let mut context = context;
        // Over HTTP an input file may come by content: written for this call only, outside
        // ROOT, and removed when the call ends (`staged` lives until then).
        let staged = match &self.gate {
            None => Ok(Staged::default()),
            Some(_) => stage(tool, &mut arguments),
        };
        let gated = staged.and_then(|staged| {
            context.extensions.insert(staged);
            match &self.gate {
                None => Ok(()),
                Some(gate) => gate.arguments(&context.extensions, tool, &mut arguments),
            }
        });
        if let Err(error) = gated {
            let command = arguments
                .get("action")
                .and_then(Value::as_str)
                .and_then(|name| tool.action(name))
                .map_or_else(|| tool.name.to_owned(), |action| action.command.clone());
            let result = Err(error);
            let mut answer = answer(&command, &result);
            with_texts(&mut answer, &command, &result);
            return Ok(self.shown(&context.extensions, &asked, answer).into());
        }
        let prepared = request::prepare(tool, &arguments, self.provider.as_deref()).and_then(
            |mut prepared| {
                let Some(gate) = &self.gate else {
                    return Ok(prepared);
                };
                let action = prepared.action;
                let checked = match leaf_fields(&mut prepared.request, &action.path) {
                    Some(fields) => gate.request(&context.extensions, action, fields),
                    None => Ok(()),
                };
                match checked {
                    Ok(()) => Ok(prepared),
                    Err(error) => Err(Refused {
                        command: action.command.clone(),
                        error,
                    }),
                }
            },
        );
        let (command, result) = match prepared {
            Err(Refused { command, error }) => (command, Err(error)),
            Ok(prepared) => {
                let command = prepared.action.command.clone();
                let applet = prepared.action.applet;
                let lock_timeout = prepared.lock_timeout.unwrap_or(self.base.lock_timeout);
                let result = self
                    .execute(&context, &command, lock_timeout, move |ctx| {
                        (applet.run_json)(ctx, prepared.request)
                    })
                    .await?;
                (command, result)
            }
        };
        let mut answer = answer(&command, &result);
        if self.gate.is_some() {
            with_texts(&mut answer, &command, &result);
        }
        Ok(self.shown(&context.extensions, &asked, answer).into())
    }
}

impl Handler {
    /// `answer` as the gate lets the caller see it (as it is without a gate).
    fn shown(
        &self,
        caller: &rmcp::model::Extensions,
        asked: &serde_json::Map<String, Value>,
        answer: CallToolResult,
    ) -> CallToolResult {
        let Some(gate) = &self.gate else {
            return answer;
        };
        let shown = serde_json::to_value(&answer).ok().and_then(|mut value| {
            gate.answer(caller, asked, &mut value);
            serde_json::from_value::<CallToolResult>(value).ok()
        });
        match shown {
            // The text is the structured content's JSON, made again from what was rewritten
            // (rewriting inside the escaped copy could miss a path).
            Some(mut shown) => {
                if let Some(structured) = &shown.structured_content {
                    shown.content = vec![ContentBlock::text(structured.to_string())];
                }
                shown
            }
            // Never the answer unrewritten.
            None => {
                let mut failed = CallToolResult::error(vec![ContentBlock::text(
                    "the answer could not be made safe to show (the server's paths in it), so it is withheld; the call itself ran",
                )]);
                failed.is_error = Some(true);
                failed
            }
        }
    }

    /// Runs `job` on a blocking thread while forwarding its notices as progress and turning a
    /// cancellation (or the client going away) into its cancel token.
    async fn execute(
        &self,
        context: &RequestContext<RoleServer>,
        command: &str,
        lock_timeout: Duration,
        job: impl FnOnce(&Ctx) -> Result<Outcome> + Send + 'static,
    ) -> std::result::Result<Result<Outcome>, ErrorData> {
        let cancel = Cancel::new();
        let (progress, mut notes) = mpsc::unbounded_channel::<String>();
        // Progress goes to the client; diagnostics (a lock being waited for, a network
        // filesystem) are the server's own, on stderr.
        let notices = Notices::new(move |notice| match notice {
            Notice::Progress(line) => {
                let _ = progress.send(line.to_owned());
            }
            Notice::Diagnostic(line) => eprintln!("{line}"),
        });
        let mut settings = self.base.settings.clone();
        settings.script_link =
            context.meta.0.get(SCRIPT_LINK_META) == Some(&serde_json::Value::Bool(true));
        let ctx = Ctx::new(self.base.clock, lock_timeout, Mode::Json)
            .with_notices(notices)
            .with_stdin(false)
            .with_cancel(cancel.clone())
            .with_settings(settings)
            .with_watch(self.base.watch.clone());
        let ctx = match &self.gate {
            Some(gate) => gate.context(ctx),
            None => ctx,
        };
        // Known as running (by caller and id) for a cancellation that comes apart from it.
        let _running = (self.gate.as_ref())
            .and_then(|gate| gate.running(&context.extensions, &context.id, cancel.clone()));
        let mut running = tokio::task::spawn_blocking(move || job(&ctx));
        // A transport may drop this call (an HTTP client gone mid-call): the job is cancelled
        // with it, so a blocked wait ends at once instead of holding its thread.
        let _dropped = CancelOnDrop(cancel.clone());
        let progress_token = context.meta.get_progress_token();
        let began = Instant::now();
        let mut closing = self.closing.clone();
        let mut cancelled_by = None;
        let mut reported = 0.0;
        // The operation reports at each re-check, which may be as rare as its poll interval
        // (polling on a network filesystem): between two, the last line is repeated, so a
        // client hears from a running call at least every HEARTBEAT.
        let mut heartbeat =
            tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
        heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_line = String::from("running");
        let mut last_sent = Instant::now();
        loop {
            let speak = tokio::select! {
                joined = &mut running => {
                    let result = joined.map_err(|e| {
                        ErrorData::internal_error(format!("{command} failed: {e}"), None)
                    })?;
                    let interrupted = matches!(&result, Err(e) if e.status == Status::Interrupted);
                    if let Some(why) = cancelled_by.filter(|_| interrupted) {
                        eprintln!(
                            "parley: {command} ended after {}: {why}",
                            crate::clock::seconds(began.elapsed())
                        );
                    }
                    return Ok(result);
                }
                () = context.ct.cancelled(), if cancelled_by.is_none() => {
                    cancelled_by = Some("cancelled by the client");
                    let _ = cancel.cancel();
                    false
                }
                changed = closing.changed(), if cancelled_by.is_none() => {
                    if changed.is_err() || *closing.borrow() {
                        cancelled_by = Some("the client closed the connection");
                        let _ = cancel.cancel();
                    }
                    false
                }
                Some(line) = notes.recv() => {
                    last_line = line;
                    true
                }
                _ = heartbeat.tick(), if progress_token.is_some() => true,
            };
            // A fresh line is said at once, then at most once a second (a burst of re-checks is
            // not a burst of notifications); the heartbeat repeats the last one.
            let Some(token) = progress_token.as_ref().filter(|_| speak) else {
                continue;
            };
            if reported > 0.0 && last_sent.elapsed() < Duration::from_secs(1) {
                continue;
            }
            // Progress must grow: the seconds elapsed do, and say how long so far.
            let elapsed = began.elapsed().as_secs_f64().max(reported + 0.001);
            reported = elapsed;
            last_sent = Instant::now();
            let _ = context
                .peer
                .notify_progress(
                    ProgressNotificationParam::new(token.clone(), elapsed)
                        .with_message(format!("{elapsed:.0}s: {last_line}")),
                )
                .await;
        }
    }
}

/// Input files a call sent by content (`{"name": ..., "content": ...}` in an input path
/// field, over HTTP only): each written in a private temporary directory of the call, which
/// is removed when the last clone of this is dropped, as the call ends. `paths` are the
/// paths put in the call in their place, which the gate lets through unconfined.
#[derive(Clone, Default)]
pub struct Staged {
    pub paths: Arc<Vec<String>>,
    _dir: Option<Arc<tempfile::TempDir>>,
}

fn sent_file_error(message: impl Into<String>) -> crate::error::Error {
    crate::error::Error::bad_input("BAD_SENT_FILE", message).with_hint(
        "send an input file as {\"name\": \"FILE NAME\", \"content\": \"TEXT\"}, or its path under ROOT",
    )
}

/// Writes the input files `arguments` carries by content and puts their paths in their place.
fn stage(
    tool: &catalog::ToolSpec,
    arguments: &mut serde_json::Map<String, Value>,
) -> Result<Staged> {
    use catalog::{Kind, PathKind, Shape};
    let Some(action) = arguments
        .get("action")
        .and_then(Value::as_str)
        .and_then(|name| tool.action(name))
    else {
        return Ok(Staged::default());
    };
    let mut dir: Option<tempfile::TempDir> = None;
    let mut paths = Vec::new();
    for field in &action.fields {
        let (Shape::One(Kind::Path(PathKind::Input)) | Shape::Many(Kind::Path(PathKind::Input))) =
            &field.shape
        else {
            continue;
        };
        let Some(value) = arguments.get_mut(&field.name) else {
            continue;
        };
        let items: Vec<&mut Value> = match value {
            Value::Array(items) => items.iter_mut().collect(),
            other => vec![other],
        };
        for item in items {
            let Value::Object(sent) = item else {
                continue;
            };
            let (Some(Value::String(name)), Some(Value::String(content)), 2) =
                (sent.get("name"), sent.get("content"), sent.len())
            else {
                return Err(sent_file_error(format!(
                    "{}: a file sent by content is exactly a name and a content, both text",
                    field.name
                )));
            };
            if name.is_empty()
                || name == "."
                || name == ".."
                || name.contains('/')
                || name.chars().any(char::is_control)
            {
                return Err(sent_file_error(format!(
                    "{}: '{name}' is no plain file name",
                    field.name
                )));
            }
            let at = match &dir {
                Some(dir) => dir.path().to_path_buf(),
                None => {
                    let made = tempfile::Builder::new()
                        .prefix("parley-call-")
                        .tempdir()
                        .map_err(|e| crate::error::Error::io("create", &std::env::temp_dir(), e))?;
                    let at = made.path().to_path_buf();
                    dir = Some(made);
                    at
                }
            };
            // One directory per file: two files of one name stay apart.
            let place = at.join(paths.len().to_string());
            let file = place.join(name);
            std::fs::create_dir(&place)
                .and_then(|()| std::fs::write(&file, content))
                .map_err(|e| crate::error::Error::io("write", &file, e))?;
            let text = file.to_string_lossy().into_owned();
            paths.push(text.clone());
            *item = Value::String(text);
        }
    }
    Ok(Staged {
        paths: Arc::new(paths),
        _dir: dir.map(Arc::new),
    })
}

/// The key of a result's `_meta` holding what the command line would print: `{"stdout",
/// "stderr", "exit"}`, for a command line that runs its commands on a server.
pub const TEXTS_META: &str = "parley/cli";

/// The key of a call's `_meta` by which a command line called through a script-named link
/// (`init.sh`) asks for the old scripts' behaviour, as it has when run locally.
pub const SCRIPT_LINK_META: &str = "parley/script_link";

/// Adds to a result what the command line would print of it without `--json`.
fn with_texts(answer: &mut CallToolResult, command: &str, result: &Result<Outcome>) {
    let (stdout, stderr) = output::human_texts(command, result);
    let exit = match result {
        Ok(outcome) => outcome.status.exit_code(),
        Err(error) => error.status.exit_code(),
    };
    let mut meta = serde_json::Map::new();
    meta.insert(
        TEXTS_META.into(),
        serde_json::json!({"stdout": stdout, "stderr": stderr, "exit": exit}),
    );
    answer.meta = Some(rmcp::model::MetaObject(meta));
}

/// The fields of the leaf command in a request nested under its subcommand path.
fn leaf_fields<'a>(
    request: &'a mut Value,
    path: &[String],
) -> Option<&'a mut serde_json::Map<String, Value>> {
    let mut at = request;
    for sub in path {
        at = at.get_mut(sub.as_str())?;
    }
    at.as_object_mut()
}

/// The tool result: the envelope plus `exit` as structured content and as text; an error
/// exactly when the command line would exit 64 or above, except a wait's timeout (124).
fn answer(command: &str, result: &Result<Outcome>) -> CallToolResult {
    let exit = match result {
        Ok(outcome) => outcome.status.exit_code(),
        Err(error) => error.status.exit_code(),
    };
    let mut envelope = output::envelope(command, result);
    if let Value::Object(map) = &mut envelope {
        map.insert("exit".into(), Value::from(exit));
    }
    let is_error = exit >= 64 && exit != Status::Timeout.exit_code();
    let mut answer = CallToolResult::structured(envelope);
    answer.content = vec![ContentBlock::text(
        answer
            .structured_content
            .as_ref()
            .map(Value::to_string)
            .unwrap_or_default(),
    )];
    answer.is_error = Some(is_error);
    answer
}
