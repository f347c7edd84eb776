//! What a caller of `parley serve` may do, and where: the [`Gate`] on every tool call.
//!
//! Roles are decided from the one table of what each command does (the registry's
//! [`Facts`](crate::app::Facts)), never from a list of names here, and deny by default:
//!
//! - an admin token (or no tokens at all, on loopback) may call everything;
//! - a viewer token may call only what changes nothing: a command whose facts say it reads,
//!   one that changes state only when asked (`tally --append`) called without the flag, or
//!   one asked only what it would do (`finish --check`);
//! - an agent token acts only as its agent: every field the facts name as the acting agent
//!   must name it (or is filled in with it when left out; `register --auto` registers it), and
//!   what is for people (`resolve`, a parliament's `init` and `round`, the Speaker's messages)
//!   is refused.
//!
//! Every path a call names is confined to ROOT (see [`super::confine`]), a blocking call is
//! bounded by [`MAX_WAIT_SECONDS`], and a call runs with the server's own settings.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::{Map, Value};

use super::confine;
use super::tokens::{Caller, Role};
use crate::app::Facts;
use crate::context::{Ctx, SharedWatcher, WorkingDir};
use crate::error::{Error, Result};
use crate::mcp::catalog::{Action, Kind, PathKind, Shape, ToolSpec};
use crate::mcp::handler::{Gate, Staged};
use crate::mcp::relative::{Relative, holding};

/// The longest one call blocks over HTTP: below a client's usual 60-second call limit. A wait
/// that reaches it answers 124 ("call again").
pub const MAX_WAIT_SECONDS: u64 = 50;

/// The parliament's Speaker: messages in its name are the orchestrator's (admin only).
const SPEAKER: &str = "speaker";

pub struct Access {
    /// The canonical ROOT, the server's working directory.
    pub root: PathBuf,
    /// Tokens are required (`--tokens`); without, every caller may do everything.
    pub tokens: bool,
    pub watch: Option<Arc<dyn SharedWatcher>>,
    /// The calls running, by caller: a cancellation in a request of its own finds its call.
    pub running: Arc<super::running::Running>,
}

/// The caller the transport found for this request: its token's, or none without `--tokens`.
pub fn caller(extensions: &rmcp::model::Extensions) -> Option<Caller> {
    extensions
        .get::<axum::http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<Caller>())
        .cloned()
}

fn refuse(caller: &Caller, what: impl std::fmt::Display) -> Error {
    let who = match &caller.agent {
        Some(agent) => format!(
            "the {} token '{}' (agent {agent})",
            caller.role.name(),
            caller.label
        ),
        None => format!("the {} token '{}'", caller.role.name(), caller.label),
    };
    let hint = match caller.role {
        Role::Agent => {
            "an agent token acts only as its own agent and never for people: name your own agent (a field naming the agent that is left out is filled in, but for one inside a message, such as a parliament message's `from`); what is for people needs an admin token"
        }
        Role::Viewer => "a viewer token only reads: changes need an agent or admin token",
        Role::Admin => "ask the server's operator",
    };
    Error::not_allowed(format!("{who} may not {what}; nothing was changed")).with_hint(hint)
}

fn facts_of(action: &Action) -> Facts {
    let path: Vec<&str> = action.path.iter().map(String::as_str).collect();
    (action.applet.facts)(&path)
}

/// Every `scope` in `value` that names a path in `project` (absolute, as operative answers
/// give them), made relative to it: `src/lib`, or `.` for the project itself.
fn scopes_in_project(project: &str, value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                match item {
                    Value::String(scope) if key == "scope" => {
                        if let Some(rest) = scope.strip_prefix(project) {
                            if rest.is_empty() {
                                *scope = ".".to_owned();
                            } else if let Some(rest) = rest.strip_prefix('/') {
                                *scope = rest.to_owned();
                            }
                        }
                    }
                    _ => scopes_in_project(project, item),
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| scopes_in_project(project, item)),
        _ => {}
    }
}

/// A wait that asked for longer than one call may take and timed out: its hint says that
/// the server bounded it, and to call again (not to raise the timeout, which changes nothing).
fn capped_wait(asked: &Map<String, Value>, answer: &mut Value) {
    let asked_for = ["timeout_seconds", "timeout"]
        .iter()
        .find_map(|key| asked.get(*key).and_then(Value::as_f64));
    let timed_out = answer
        .pointer("/structuredContent/exit")
        .and_then(Value::as_u64)
        == Some(u64::from(crate::error::Status::Timeout.exit_code()));
    if !timed_out || !asked_for.is_some_and(|secs| secs > MAX_WAIT_SECONDS as f64) {
        return;
    }
    let hint = format!(
        "the server bounds one call at {MAX_WAIT_SECONDS} s (a longer timeout is lowered to it): call again to wait on"
    );
    let old = answer
        .pointer("/structuredContent/error/hint")
        .and_then(Value::as_str)
        .map(str::to_owned);
    if let Some(slot) = answer.pointer_mut("/structuredContent/error/hint") {
        *slot = Value::String(hint.clone());
    }
    if let (Some(old), Some(Value::String(stderr))) =
        (old, answer.pointer_mut("/_meta/parley~1cli/stderr"))
    {
        *stderr = stderr.replace(&old, &hint);
    }
}

/// Whether a value given for a flag turns it on.
fn set(value: Option<&Value>) -> bool {
    matches!(value, Some(Value::Bool(true)))
}

impl Gate for Access {
    fn running(
        &self,
        extensions: &rmcp::model::Extensions,
        id: &rmcp::model::RequestId,
        cancel: crate::notices::Cancel,
    ) -> Option<Box<dyn Send>> {
        let id = super::running::id_text(id);
        Some(Box::new(self.running.start(
            caller(extensions).as_ref(),
            &id,
            cancel,
        )))
    }

    /// The server's own paths never reach a caller: ROOT's becomes relative (as the caller
    /// names paths), unless the caller wrote it itself (a refused absolute path is echoed as
    /// given), and an input file sent by content is named as it was sent.
    fn answer(
        &self,
        extensions: &rmcp::model::Extensions,
        asked: &Map<String, Value>,
        answer: &mut Value,
    ) {
        let files = (extensions.get::<Staged>().into_iter())
            .flat_map(|staged| staged.paths.iter())
            .map(|path| {
                let name = Path::new(path)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                (path.clone(), name)
            });
        // An operative scope as the commands take it back: relative to the project root the
        // call named (ROOT's relative form would name another path to them).
        if let Some(project) = asked.get("project_root").and_then(Value::as_str)
            && let Ok(plain) = confine::confine(&self.root, project)
            && let Ok(project) = std::fs::canonicalize(self.root.join(plain))
            && let Some(content) = answer.get_mut("structuredContent")
        {
            // Canonical, as the operative commands resolve their project (a link in ROOT
            // to it included).
            scopes_in_project(&project.to_string_lossy(), content);
        }
        capped_wait(asked, answer);
        let root = self.root.to_string_lossy();
        let mut written = Vec::new();
        for value in asked.values() {
            holding(value, &root, &mut written);
        }
        Relative::under(&self.root)
            .with_files(files)
            .keeping(written)
            .rewrite(answer);
    }

    fn arguments(
        &self,
        extensions: &rmcp::model::Extensions,
        tool: &ToolSpec,
        arguments: &mut Map<String, Value>,
    ) -> Result<()> {
        let found = caller(extensions);
        if self.tokens && found.is_none() {
            // The transport lets no request through without a token; refused all the same.
            return Err(Error::not_allowed("this server requires a bearer token"));
        }
        let Some(caller) = found else {
            return Ok(());
        };
        let Some(action) = arguments
            .get("action")
            .and_then(Value::as_str)
            .and_then(|name| tool.action(name))
        else {
            // An action picked by a field (`feedback validate`) only reads; an unknown one is
            // refused when the call is read.
            return Ok(());
        };
        let facts = facts_of(action);
        let changes = facts.may_change(|flag| set(arguments.get(flag)));
        match caller.role {
            Role::Admin => Ok(()),
            Role::Viewer if changes => Err(refuse(
                &caller,
                format_args!(
                    "call {}, which changes state (a viewer only reads)",
                    action.command
                ),
            )),
            Role::Viewer => Ok(()),
            Role::Agent => {
                if facts.for_people && changes {
                    return Err(refuse(
                        &caller,
                        format_args!("call {}: it is for people (an admin token)", action.command),
                    ));
                }
                let agent = caller.agent.clone().unwrap_or_default();
                act_as(&caller, &agent, action, &facts, arguments)
            }
        }
    }

    fn request(
        &self,
        extensions: &rmcp::model::Extensions,
        action: &Action,
        fields: &mut Map<String, Value>,
    ) -> Result<()> {
        let operative = action.fields.iter().any(|f| f.key == "project_root");
        // An operative project left unnamed is ROOT itself: never the repository ROOT may
        // sit in (found by running `git` there, which could lie outside ROOT).
        if operative && fields.get("project_root").is_none_or(Value::is_null) {
            fields.insert("project_root".into(), Value::String(".".into()));
        }
        // An operative scope is a path too (relative to its project): an absolute one would
        // name the server's own paths, and whether it is accepted would tell where ROOT is.
        let scope_keys: &[&str] = if operative { &["scope", "a", "b"] } else { &[] };
        for key in scope_keys {
            if let Some(Value::String(scope)) = fields.get(*key)
                && (Path::new(scope).has_root() || scope.starts_with('\\'))
            {
                return Err(Error::not_allowed(format!(
                    "the scope '{scope}' is absolute: over HTTP a scope is relative to its project root"
                ))
                .with_hint("name the scope relative to project_root (ROOT when it is left out)"));
            }
        }
        let staged = extensions.get::<Staged>().map(|s| s.paths.clone());
        // A file sent by content was written by this call, outside ROOT: left as it is.
        let sent = |kind: PathKind, given: &str| {
            kind == PathKind::Input
                && staged
                    .as_ref()
                    .is_some_and(|s| s.iter().any(|p| p == given))
        };
        let mut return_page = false;
        for field in &action.fields {
            let (Shape::One(Kind::Path(kind)) | Shape::Many(Kind::Path(kind))) = &field.shape
            else {
                continue;
            };
            let Some(value) = fields.get_mut(&field.key) else {
                continue;
            };
            if *kind == PathKind::Output {
                // Nothing is written on the server: the page comes back in the answer, and
                // the caller writes OUT on its own side.
                if action.command != "report" {
                    return Err(Error::not_allowed(format!(
                        "{} writes a file on the server: over HTTP it is not offered",
                        action.command
                    )));
                }
                return_page = true;
                continue;
            }
            match value {
                Value::String(given) if sent(*kind, given) => {}
                Value::String(given) => *given = confine::confine(&self.root, given)?,
                Value::Array(items) => {
                    for item in items {
                        if let Value::String(given) = item
                            && !sent(*kind, given)
                        {
                            *given = confine::confine(&self.root, given)?;
                        }
                    }
                }
                _ => {}
            }
        }
        if return_page {
            fields.insert("return_page".into(), Value::Bool(true));
        }
        if let Some(Value::Number(timeout)) = fields.get("timeout")
            && timeout
                .as_f64()
                .is_some_and(|t| t > MAX_WAIT_SECONDS as f64)
        {
            fields.insert("timeout".into(), Value::from(MAX_WAIT_SECONDS));
        }
        Ok(())
    }

    fn context(&self, ctx: Ctx) -> Ctx {
        let mut settings = ctx.settings.clone();
        // Identity comes from the token, never from the server's environment; a partial
        // start is asked for by the caller (`allow_partial`), not by the server's.
        settings.participant = None;
        settings.allow_partial_registration = false;
        settings.no_programs = true;
        settings.working_dir = WorkingDir::Known(self.root.clone());
        ctx.with_settings(settings).with_watch(self.watch.clone())
    }
}

/// Checks that every acting field names the token's agent, filling in the first one the
/// call leaves out.
fn act_as(
    caller: &Caller,
    agent: &str,
    action: &Action,
    facts: &Facts,
    arguments: &mut Map<String, Value>,
) -> Result<()> {
    if set(arguments.get("auto")) && action.fields.iter().any(|f| f.name == "auto") {
        // `register --auto` registers the token's own name.
        arguments.remove("auto");
    }
    // An agent inside an object (a parliament message's `from`) is checked in the object
    // given inline: the same object read from a file would pass unchecked.
    for acting in facts.acting {
        if let Some((object, key)) = acting.split_once('.')
            && arguments.get(object).is_none_or(Value::is_null)
            && action.fields.iter().any(|field| {
                field.shape == Shape::One(Kind::Path(PathKind::Input))
                    && arguments.get(&field.name).is_some_and(|v| !v.is_null())
            })
        {
            return Err(refuse(
                caller,
                format_args!(
                    "give {} as a file ({} {acting}): an agent token gives it inline, as `{object}`, whose `{key}` must name its agent",
                    object, action.command
                ),
            ));
        }
    }
    let mut named = false;
    for acting in facts.acting {
        let given = match acting.split_once('.') {
            Some((object, key)) => arguments.get(object).and_then(|o| o.get(key)).cloned(),
            None => arguments.get(*acting).cloned(),
        };
        match given {
            None | Some(Value::Null) => {}
            Some(Value::String(name)) if name == agent => named = true,
            Some(other) => {
                let shown = other
                    .as_str()
                    .map_or_else(|| other.to_string(), str::to_owned);
                return Err(refuse(
                    caller,
                    format_args!("act as '{shown}' ({} {acting})", action.command),
                ));
            }
        }
        if acting.split_once('.').is_some_and(|(_, key)| key == "from")
            && given_str(arguments, acting) == Some(SPEAKER)
        {
            return Err(refuse(
                caller,
                "write the Speaker's messages (an admin token)",
            ));
        }
    }
    if !named
        && let Some(first) = facts.acting.iter().find(|acting| {
            !acting.contains('.') && action.fields.iter().any(|f| f.name == **acting)
        })
    {
        arguments.insert((*first).to_owned(), Value::String(agent.to_owned()));
    }
    Ok(())
}

fn given_str<'a>(arguments: &'a Map<String, Value>, acting: &str) -> Option<&'a str> {
    let (object, key) = acting.split_once('.')?;
    arguments.get(object)?.get(key)?.as_str()
}

#[cfg(test)]
mod capped_tests {
    use super::*;
    use serde_json::json;

    fn timed_out() -> Value {
        json!({
            "structuredContent": {"exit": 124, "error": {"hint": "wait again, or raise --timeout"}},
            "_meta": {"parley/cli": {"stderr": "parley wait: error: still waiting\nHint: wait again, or raise --timeout\n"}},
        })
    }

    #[test]
    fn a_wait_lowered_to_the_bound_says_so_instead_of_raising_the_timeout() {
        let asked: Map<String, Value> =
            serde_json::from_value(json!({"timeout_seconds": 120})).unwrap();
        let mut answer = timed_out();
        capped_wait(&asked, &mut answer);
        let hint = answer["structuredContent"]["error"]["hint"]
            .as_str()
            .unwrap();
        assert!(hint.contains("bounds one call at 50 s"), "{hint}");
        let stderr = answer["_meta"]["parley/cli"]["stderr"].as_str().unwrap();
        assert!(
            stderr.contains(hint) && !stderr.contains("raise"),
            "{stderr}"
        );
        // Within the bound, the command's own hint stands.
        let asked: Map<String, Value> =
            serde_json::from_value(json!({"timeout_seconds": 5})).unwrap();
        let mut answer = timed_out();
        capped_wait(&asked, &mut answer);
        assert_eq!(answer, timed_out());
    }
}
