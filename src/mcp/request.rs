//! A tool call's arguments → the request an applet runs from: every field named, checked by
//! the clap argument's own value parser, defaults filled in, nested under the subcommand path.
//! Nothing here touches the disk; the applet's own validation runs after.

use std::time::Duration;

use serde_json::{Map, Value};

use super::catalog::{Action, DEFAULT_WAIT_SECONDS, Field, Kind, Shape, ToolSpec, typed};
use crate::error::{Error, Result};

/// A call made ready to run.
pub struct Prepared<'a> {
    pub action: &'a Action,
    /// The JSON the applet's `run_json` takes.
    pub request: Value,
    /// `lock_timeout`, when the call gave one.
    pub lock_timeout: Option<Duration>,
}

/// What a failed preparation reports as the envelope's `command`: the action's command when the
/// action is known, else the tool's name.
pub struct Refused {
    pub command: String,
    pub error: Error,
}

pub fn prepare<'a>(
    tool: &'a ToolSpec,
    arguments: &Map<String, Value>,
    trailing: Option<&[String]>,
) -> std::result::Result<Prepared<'a>, Refused> {
    let refuse = |command: &str, error: Error| Refused {
        command: command.to_owned(),
        error,
    };
    let names = || tool.action_names().join(", ");
    if let Some(Value::String(name)) = arguments.get("action")
        && let Some(by) = tool.by_kind.iter().find(|by| by.action == name)
    {
        let target = pick_kind(by.field, &by.choices, arguments)
            .map_err(|error| refuse(&format!("{} {name}", tool.name), error))?;
        let mut picked = arguments.clone();
        picked.remove(by.field);
        picked.insert("action".into(), Value::String(target.to_owned()));
        return prepare(tool, &picked, trailing);
    }
    let action =
        match arguments.get("action") {
            None => {
                return Err(refuse(
                    tool.name,
                    Error::usage("the field 'action' is required").with_hint(format!(
                        "{} actions: {}",
                        tool.name,
                        names()
                    )),
                ));
            }
            Some(Value::String(name)) => tool.action(name).ok_or_else(|| {
                refuse(
                    tool.name,
                    Error::usage(format!("unknown {} action '{name}'", tool.name))
                        .with_hint(format!("{} actions: {}", tool.name, names())),
                )
            })?,
            Some(other) => {
                return Err(refuse(
                    tool.name,
                    Error::usage(format!("the field 'action' is a string, not {other}")),
                ));
            }
        };
    build(action, arguments, trailing)
        .map(|(request, lock_timeout)| Prepared {
            action,
            request,
            lock_timeout,
        })
        .map_err(|error| refuse(&action.command, error))
}

/// The action a `kind` field picks (`validate` with `kind: "response"` is `validate_response`).
/// Without it, the payload decides: a call that names the request it answers, or a payload
/// given inline that carries a `status` and no `artifact`, is a response; anything else a
/// request (a wrong guess is reported by the validator, never silently accepted).
fn pick_kind<'a>(
    field: &str,
    choices: &'a [(&str, String)],
    arguments: &Map<String, Value>,
) -> Result<&'a str> {
    let choice = match arguments.get(field) {
        Some(Value::String(choice)) => choice.clone(),
        Some(other) => {
            return Err(Error::usage(format!(
                "the field '{field}' is a string, not {other}"
            )));
        }
        None => {
            let answers =
                arguments.contains_key("request") || arguments.contains_key("request_text");
            let inline_response = arguments
                .get("file_text")
                .and_then(Value::as_str)
                .and_then(|text| serde_json::from_str::<Value>(text).ok())
                .is_some_and(|payload| {
                    payload.get("status").is_some() && payload.get("artifact").is_none()
                });
            let guessed = if answers || inline_response { 1 } else { 0 };
            choices
                .get(guessed)
                .map(|(c, _)| (*c).to_owned())
                .unwrap_or_default()
        }
    };
    choices
        .iter()
        .find(|(c, _)| *c == choice)
        .map(|(_, target)| target.as_str())
        .ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|(c, _)| *c).collect();
            Error::usage(format!(
                "the field '{field}' is one of {}, not '{choice}'",
                names.join(", ")
            ))
        })
}

fn build(
    action: &Action,
    arguments: &Map<String, Value>,
    trailing: Option<&[String]>,
) -> Result<(Value, Option<Duration>)> {
    let takes = || {
        let mut names: Vec<&str> = action.fields.iter().map(|f| f.name.as_str()).collect();
        names.push("lock_timeout");
        format!("{} takes: {}", action.name, names.join(", "))
    };
    for key in arguments.keys() {
        if key != "action" && key != "lock_timeout" && !action.fields.iter().any(|f| f.name == *key)
        {
            return Err(
                Error::usage(format!("unknown field '{key}' for action {}", action.name))
                    .with_hint(takes()),
            );
        }
    }
    let lock_timeout = match arguments.get("lock_timeout") {
        None | Some(Value::Null) => None,
        Some(value) => Some(seconds("lock_timeout", value)?),
    };
    let mut fields = Map::new();
    for field in &action.fields {
        let value = match arguments.get(&field.name) {
            Some(Value::Null) | None => match from_env(field)? {
                Some(value) => value,
                None if field.required => {
                    return Err(Error::usage(format!(
                        "the field '{}' is required for action {}",
                        field.name, action.name
                    ))
                    .with_hint(takes()));
                }
                None => field.default.clone(),
            },
            Some(value) => checked(field, value)?,
        };
        fields.insert(field.key.clone(), value);
    }
    relations(action, arguments)?;
    // A command told to block (`poll` or `bounce next` with `wait`) is bounded like the wait
    // tool's calls: a call that never returns holds a thread and outlives the client's patience.
    if fields.get("wait") == Some(&Value::Bool(true))
        && fields.get("timeout").is_some_and(Value::is_null)
        && action.fields.iter().any(|f| f.key == "timeout")
    {
        fields.insert("timeout".into(), Value::from(DEFAULT_WAIT_SECONDS));
    }
    if let Some(id) = &action.trailing {
        let words = trailing.ok_or_else(|| {
            Error::usage(format!(
                "{} runs only the provider given when the server starts: parley mcp --feedback-provider 'CMD ARGS'",
                action.command
            ))
        })?;
        fields.insert(id.clone(), Value::from(words.to_vec()));
    }
    let mut request = Value::Object(fields);
    for sub in action.path.iter().rev() {
        let mut outer = Map::new();
        outer.insert(sub.clone(), request);
        request = Value::Object(outer);
    }
    Ok((request, lock_timeout))
}

/// A number of seconds, checked as the command line checks `--lock-timeout`.
fn seconds(name: &str, value: &Value) -> Result<Duration> {
    value
        .as_f64()
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
        .ok_or_else(|| {
            Error::usage(format!(
                "{name} takes a number of seconds >= 0, not {value}"
            ))
        })
}

/// A missing field whose option has an environment fallback takes it, as on the command line.
fn from_env(field: &Field) -> Result<Option<Value>> {
    let Some(var) = field.arg.as_ref().and_then(|arg| arg.get_env()) else {
        return Ok(None);
    };
    match std::env::var_os(var) {
        Some(raw) => checked(field, &Value::String(raw.to_string_lossy().into_owned())).map(Some),
        None => Ok(None),
    }
}

/// A value the client gave, checked by the argument's own clap value parser and turned into
/// the JSON type the request field has.
fn checked(field: &Field, value: &Value) -> Result<Value> {
    match &field.shape {
        Shape::Flag => match value {
            Value::Bool(_) => Ok(value.clone()),
            other => Err(Error::usage(format!(
                "the field '{}' is a boolean, not {other}",
                field.name
            ))),
        },
        Shape::One(kind) => one(field, kind, value),
        Shape::Object => match value {
            Value::Object(_) => Ok(value.clone()),
            other => Err(Error::usage(format!(
                "the field '{}' is a JSON object, not {other}",
                field.name
            ))),
        },
        Shape::Many(kind) => match value {
            Value::Array(items) => items
                .iter()
                .map(|item| one(field, kind, item))
                .collect::<Result<Vec<_>>>()
                .map(Value::Array),
            single => Ok(Value::Array(vec![one(field, kind, single)?])),
        },
    }
}

fn one(field: &Field, kind: &Kind, value: &Value) -> Result<Value> {
    let text = match value {
        Value::String(text) => text.clone(),
        Value::Number(number) => number.to_string(),
        Value::Bool(flag) => flag.to_string(),
        other => {
            let error = Error::usage(format!(
                "the field '{}' takes one value, not {other}",
                field.name
            ));
            // A list in one value (bounce's `agents`, whose help says "separated by commas",
            // or `references`, "comma-separated") is written as the command line takes it.
            let a_list = (field.arg.as_ref())
                .and_then(|arg| arg.get_help())
                .is_some_and(|help| help.to_string().contains("comma"));
            let texts: Option<Vec<&str>> = match other {
                Value::Array(items) if a_list => items.iter().map(Value::as_str).collect(),
                _ => None,
            };
            return Err(match texts {
                Some(texts) if !texts.is_empty() => error.with_hint(format!(
                    "a list in this field is one text, separated by commas: \"{}\"",
                    texts.join(",")
                )),
                _ => error,
            });
        }
    };
    check(field, &text)?;
    Ok(typed(kind, &text))
}

/// Runs the clap argument's value parser on one value. clap keeps `ValueParser::parse_ref`
/// to itself, so the parser runs inside a one-argument command: the same ranges, choices and
/// number formats as the command line, and clap's own message.
fn check(field: &Field, text: &str) -> Result<()> {
    let Some(arg) = &field.arg else {
        return Ok(());
    };
    let probe = clap::Command::new("parley-mcp")
        .no_binary_name(true)
        .disable_help_flag(true)
        .arg(
            clap::Arg::new("value")
                .value_name("value")
                .value_parser(arg.get_value_parser().clone())
                .allow_hyphen_values(true)
                .required(true),
        );
    match probe.try_get_matches_from([text]) {
        Ok(_) => Ok(()),
        Err(e) => {
            let rendered = e.render().to_string();
            let message = rendered
                .lines()
                .next()
                .unwrap_or("invalid value")
                .trim_start_matches("error: ")
                .to_owned();
            let message = message.replace("'<value>'", &format!("'{}'", field.name));
            Err(Error::usage(format!(
                "the field '{}': {message}",
                field.name
            )))
        }
    }
}

/// The relations between arguments that clap checks on a command line: two that conflict
/// (`topic` and `topic_file`, a file and its inline text), one group member at most, and one
/// at least when the group is required.
fn relations(action: &Action, arguments: &Map<String, Value>) -> Result<()> {
    let given: Vec<&Field> = action
        .fields
        .iter()
        .filter(|f| {
            arguments
                .get(&f.name)
                .is_some_and(|v| !v.is_null() && *v != Value::Bool(false))
        })
        .collect();
    let together = |a: &Field, b: &Field| {
        Error::usage(format!(
            "the fields '{}' and '{}' cannot be used together",
            a.name, b.name
        ))
    };
    for (at, field) in given.iter().enumerate() {
        let conflicts = action.leaf.get_arg_conflicts_with(&field.stands_for);
        for other in &given[at + 1..] {
            let same = other.stands_for.get_id() == field.stands_for.get_id();
            let conflict = conflicts
                .iter()
                .any(|c| c.get_id() == other.stands_for.get_id());
            if same || conflict {
                return Err(together(field, other));
            }
        }
    }
    for group in action.leaf.get_groups() {
        let mut group = group.clone();
        let members: Vec<&Field> = action
            .fields
            .iter()
            .filter(|f| f.arg.is_some() && group.get_args().any(|id| id == f.stands_for.get_id()))
            .collect();
        let chosen: Vec<&&Field> = given
            .iter()
            .filter(|f| members.iter().any(|m| m.name == f.name))
            .collect();
        if !group.is_multiple() && chosen.len() > 1 {
            return Err(together(chosen[0], chosen[1]));
        }
        if group.is_required_set() && chosen.is_empty() {
            let names: Vec<&str> = members.iter().map(|m| m.name.as_str()).collect();
            return Err(Error::usage(format!(
                "one of the fields {} is required for action {}",
                names.join(", "),
                action.name
            )));
        }
    }
    Ok(())
}
