//! What a caller of `parley serve` may do, and where: the [`Gate`] on every tool call.
//!
//! Roles are decided from the one table of what each command does (the registry's
//! [`Facts`](crate::app::Facts)), never from a list of names here, and deny by default:
//!
//! - an admin token (or no tokens at all, on loopback) may call everything;
//! - a viewer token may call only what changes nothing: a command whose facts say it reads,
//!   or one that changes state only when asked (`tally --append`) called without the flag;
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
use crate::app::{Effect, Facts};
use crate::context::{Ctx, SharedWatcher, WorkingDir};
use crate::error::{Error, Result};
use crate::mcp::catalog::{Action, Kind, PathKind, Shape, ToolSpec};
use crate::mcp::handler::{Gate, Staged};

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
            "an agent token acts only as its own agent and never for people: name your own agent (over MCP you may leave the field out: it is filled in); what is for people needs an admin token"
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

/// Whether a value given for a flag turns it on.
fn set(value: Option<&Value>) -> bool {
    matches!(value, Some(Value::Bool(true)))
}

/// How the server's own paths are shown to a caller: each a path with what it stands for,
/// and the texts the caller wrote itself, kept as written wherever they are quoted.
struct Shown<'a> {
    paths: Vec<(String, String)>,
    written: Vec<&'a str>,
}

impl Shown<'_> {
    /// Each text of `value`, rewritten.
    fn rewrite(&self, value: &mut Value) {
        match value {
            Value::String(text) if self.paths.iter().any(|(from, _)| text.contains(from)) => {
                *text = self.rewritten(text);
            }
            Value::Array(items) => items.iter_mut().for_each(|v| self.rewrite(v)),
            Value::Object(fields) => fields.values_mut().for_each(|v| self.rewrite(v)),
            _ => {}
        }
    }

    /// `text` with each path replaced where it stands for itself or begins a longer path
    /// (`/srv/root/neg` is `neg`, `/srv/root` alone `.`; `/srv/rooted` and `/srv/root+old`
    /// are other names and stay), except inside a text the caller wrote.
    fn rewritten(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        'scan: while at < text.len() {
            let rest = &text[at..];
            if let Some(written) = self.written.iter().find(|w| rest.starts_with(**w)) {
                out.push_str(written);
                at += written.len();
                continue;
            }
            for (from, to) in &self.paths {
                let Some(after) = rest.strip_prefix(from.as_str()) else {
                    continue;
                };
                let Some((shown, skip)) = path_shown(after, to) else {
                    continue;
                };
                out.push_str(&shown);
                at += from.len() + skip;
                continue 'scan;
            }
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            at += c.len_utf8();
        }
        out
    }
}

/// What a path standing for `to` is shown as, given what follows it in a text (`after`), and
/// how many bytes of `after` that takes in; `None` when the path is only the start of
/// another name.
fn path_shown(after: &str, to: &str) -> Option<(String, usize)> {
    let itself = if to.is_empty() { "." } else { to };
    if let Some(below) = after.strip_prefix('/') {
        return Some(match (to.is_empty(), ends_a_path(below)) {
            // `ROOT/` alone.
            (_, true) => (format!("{itself}/"), 1),
            // Relative to ROOT: the `/` goes with it.
            (true, false) => (String::new(), 1),
            (false, false) => (to.to_owned(), 0),
        });
    }
    if !ends_a_path(after) {
        return None;
    }
    // `ROOT.` ending a sentence would read `..`, the parent.
    let shown = if after.starts_with('.') && to.is_empty() {
        "./".to_owned()
    } else {
        itself.to_owned()
    };
    Some((shown, 0))
}

/// Whether a path ends where `after` begins: at the end of the text, a space, quotes,
/// punctuation that closes or separates, or a dot that ends a sentence.
fn ends_a_path(after: &str) -> bool {
    let ends = |c: char| c.is_whitespace() || "\"'`:,;)]}>".contains(c);
    let mut chars = after.chars();
    match chars.next() {
        None => true,
        Some('.') => chars.next().is_none_or(ends),
        Some(c) => ends(c),
    }
}

/// The texts of `value` that hold `text` (the caller's own, which stay as written).
fn holding<'a>(value: &'a Value, text: &str, found: &mut Vec<&'a str>) {
    match value {
        Value::String(s) if s.contains(text) => found.push(s.as_str()),
        Value::Array(items) => items.iter().for_each(|v| holding(v, text, found)),
        Value::Object(fields) => fields.values().for_each(|v| holding(v, text, found)),
        _ => {}
    }
}

impl Gate for Access {
    /// The server's own paths never reach a caller: ROOT's becomes relative (as the caller
    /// names paths), unless the caller wrote it itself (a refused absolute path is echoed as
    /// given), and an input file sent by content is named as it was sent.
    fn answer(
        &self,
        extensions: &rmcp::model::Extensions,
        asked: &Map<String, Value>,
        answer: &mut Value,
    ) {
        let mut paths = Vec::new();
        if let Some(staged) = extensions.get::<Staged>() {
            for path in staged.paths.iter() {
                let name = Path::new(path)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                paths.push((path.clone(), name));
            }
        }
        // A ROOT of `/` hides nothing and would turn every `/` of every text into a `.`.
        let root = self.root.to_string_lossy().into_owned();
        if self.root.parent().is_some() {
            paths.push((root.clone(), String::new()));
        }
        let mut written = Vec::new();
        for value in asked.values() {
            holding(value, &root, &mut written);
        }
        // The longest first, so that a text holding another is kept whole.
        written.sort_by_key(|w| std::cmp::Reverse(w.len()));
        Shown { paths, written }.rewrite(answer);
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
        let changes = facts.effect == Effect::Changes
            && (facts.changes_only_with.is_empty()
                || facts
                    .changes_only_with
                    .iter()
                    .any(|flag| set(arguments.get(*flag))));
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
                if facts.for_people {
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
        // Identity comes from the token, never from the server's environment.
        settings.participant = None;
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
mod shown_tests {
    use super::Shown;

    fn shown(text: &str, written: &[&str]) -> String {
        let shown = Shown {
            paths: vec![
                (
                    "/tmp/parley-call-ab/0/mid.txt".to_owned(),
                    "mid.txt".to_owned(),
                ),
                ("/srv/root".to_owned(), String::new()),
            ],
            written: written.to_vec(),
        };
        shown.rewritten(text)
    }

    #[test]
    fn paths_under_root_become_relative_and_others_stay() {
        for (text, expected) in [
            (
                "the negotiation at /srv/root/neg is finished",
                "the negotiation at neg is finished",
            ),
            (
                "Final document: /srv/root/neg/final.md",
                "Final document: neg/final.md",
            ),
            ("serving /srv/root, then", "serving ., then"),
            ("at /srv/root/neg.", "at neg."),
            ("at /srv/root.", "at ./."),
            ("/srv/root/", "./"),
            ("\"/srv/root\"", "\".\""),
            (
                "/srv/rooted/x, /srv/root_2 and /srv/root+old/x",
                "/srv/rooted/x, /srv/root_2 and /srv/root+old/x",
            ),
            (
                "the note in /tmp/parley-call-ab/0/mid.txt is long",
                "the note in mid.txt is long",
            ),
            ("no path here", "no path here"),
        ] {
            assert_eq!(shown(text, &[]), expected, "{text}");
        }
    }

    #[test]
    fn what_the_caller_wrote_is_quoted_as_written() {
        let given = "/srv/root/neg";
        assert_eq!(
            shown(
                "the path '/srv/root/neg' is absolute; see /srv/root/other",
                &[given]
            ),
            "the path '/srv/root/neg' is absolute; see other"
        );
    }
}
