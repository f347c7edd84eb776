//! The command-line front end: from argv to an exit code. It resolves the program name
//! (multi-call), builds the parser of the one applet that runs (the whole tree only for help,
//! completions and names it does not know), parses, maps Ctrl-C to the call's cancellation
//! token, runs the applet's operation and prints its result.

mod man;
mod remote;
mod tree;

use std::ffi::{OsStr, OsString};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::OnceLock;

use clap::FromArgMatches;

pub use tree::{applets, command_tree};

use crate::app::Applet;
use crate::error::{Error, Result, Status};
use crate::notices::{Cancel, Screen};
use crate::output::{self, Mode};

/// Runs parley with the process arguments and returns the exit code.
pub fn run(args: Vec<OsString>) -> u8 {
    // Everything after `--` belongs to another program (`feedback ask ... -- PROVIDER_CMD`).
    let json_requested = args
        .iter()
        .take_while(|a| *a != "--")
        .any(|a| a == "--json");
    let mode = if json_requested {
        Mode::Json
    } else {
        Mode::Human
    };
    let script_link = matches!(
        args.first().map(|program| applet_for_program(program)),
        Some(Ok(Some(_)))
    );
    let args = match resolve_program(args) {
        Ok(args) => args,
        Err(error) => return output::emit(mode, "parley", Err(error)),
    };
    let command = match first_word(&args) {
        Some(word) if word == "--version" || word == "-V" => tree::command_with([]),
        Some(word) => match word.to_str().and_then(tree::find) {
            Some(applet) => tree::command_with([applet]),
            None => tree::command_tree(),
        },
        None => tree::command_tree(),
    };
    let matches = match parse(command, &args) {
        Ok(matches) => matches,
        Err(Parsed::Shown) => return 0,
        Err(Parsed::Error(error, rendered)) => {
            return match mode {
                Mode::Json => output::emit(mode, &usage_command(&args), Err(error)),
                Mode::Human => output::usage_error(&rendered),
            };
        }
    };
    let Some((name, sub_matches)) = matches.subcommand() else {
        // clap requires a subcommand; this is only reached if that ever changes.
        return output::emit(mode, "parley", Err(Error::usage("a command is required")));
    };
    let Some(applet) = tree::find(name) else {
        return output::emit(
            mode,
            "parley",
            Err(Error::usage(format!("unknown command '{name}'"))),
        );
    };
    let command_name = command_path(name, sub_matches);
    // A server named (`--server`, PARLEY_SERVER): a command that is an MCP action runs there.
    // Nothing of the catalog is built otherwise.
    if let Some(server) = matches
        .get_one::<String>("server")
        .and_then(|url| remote::Server::from(Some(url)))
        && let Some(call) = remote::call_for(applet, sub_matches, script_link)
    {
        return match call {
            Ok(call) => remote::run(&server, call, mode),
            Err(error) => output::emit(mode, &command_name, Err(error)),
        };
    }
    // A live view runs here although a server is named (`watch`, `status --watch`): a
    // directory not found here may well be the server's.
    let live_view_with_server = matches
        .get_one::<String>("server")
        .is_some_and(|url| !url.trim().is_empty())
        && (name == "watch"
            || sub_matches.try_get_one::<bool>("watch").ok().flatten() == Some(&true));
    let result = tree::GlobalArgs::from_arg_matches(&matches)
        .map_err(|e| Error::usage(e.to_string()))
        .and_then(|global| tree::context(&global))
        .and_then(|mut ctx| {
            ctx.settings.script_link = script_link;
            let ctx = ctx
                .with_cancel(interrupt_token())
                .with_screen(stdout_screen());
            (applet.run_matches)(&ctx, sub_matches)
        })
        .map_err(|error| match error.status {
            Status::NotFound if live_view_with_server => {
                let own = error
                    .hint
                    .clone()
                    .map(|hint| format!("{hint}; "))
                    .unwrap_or_default();
                error.with_hint(format!(
                    "{own}PARLEY_SERVER (or --server) is set, but a live view (`watch`, `status \
                     --watch`) runs on this machine and reads its directories: on the server's \
                     sessions use `status` and `wait`, or its dashboard"
                ))
            }
            _ => error,
        });
    output::emit(mode, &command_name, result)
}

/// The applet a program name stands for: `poll`, `poll.sh` and `parley-poll` are all `poll`.
/// `None` means the name is parley itself.
pub fn applet_for_program(program: &OsStr) -> Result<Option<&'static Applet>> {
    let file = Path::new(program)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = file.strip_suffix(".sh").unwrap_or(&file);
    if stem == "parley" || stem.is_empty() {
        return Ok(None);
    }
    let name = stem.strip_prefix("parley-").unwrap_or(stem);
    if let Some(applet) = tree::find(name) {
        return Ok(Some(applet));
    }
    let names: Vec<&str> = tree::applets().map(|a| a.name).collect();
    Err(
        Error::usage(format!("unknown program '{file}'")).with_hint(format!(
            "parley runs as: parley, or one of {}",
            names.join(", ")
        )),
    )
}

fn resolve_program(mut args: Vec<OsString>) -> Result<Vec<OsString>> {
    let program = args.first().cloned().unwrap_or_else(|| "parley".into());
    match applet_for_program(&program)? {
        None => Ok(args),
        Some(applet) => {
            args[0] = "parley".into();
            args.insert(1, applet.name.into());
            Ok(args)
        }
    }
}

/// The first word of the command line that is not a global option: an applet's name, whose
/// parser alone is then built; `--version`, which needs none; or anything else (help, a name
/// nobody knows), which builds them all.
fn first_word(args: &[OsString]) -> Option<&OsString> {
    let mut words = args.iter().skip(1);
    while let Some(word) = words.next() {
        match word.to_str() {
            Some("--json") => {}
            Some("--lock-timeout") => {
                words.next();
            }
            Some(w) if w.starts_with("--lock-timeout=") => {}
            _ => return Some(word),
        }
    }
    None
}

enum Parsed {
    /// `--help` or `--version` was printed: exit 0.
    Shown,
    /// A usage error, and clap's own rendering of it for humans.
    Error(Error, String),
}

/// clap's own usage exit (2) would read as "finished": usage errors become 64.
fn parse(
    command: clap::Command,
    args: &[OsString],
) -> std::result::Result<clap::ArgMatches, Parsed> {
    match command.try_get_matches_from(args) {
        Ok(matches) => Ok(matches),
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    Err(Parsed::Shown)
                }
                // `parley bounce` alone: the help, and a usage error (a JSON one with --json).
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Err(Parsed::Error(
                    Error::usage("a subcommand is required: --help lists them"),
                    e.render().to_string(),
                )),
                _ => {
                    let rendered = e.render().to_string();
                    // The whole of clap's message minus its usage footer, on one line, so that
                    // `--json` names the missing argument as the human form does.
                    let message = rendered
                        .split("\n\nUsage:")
                        .next()
                        .unwrap_or("invalid usage")
                        .trim_start_matches("error: ")
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    Err(Parsed::Error(Error::usage(message), rendered))
                }
            }
        }
    }
}

/// The JSON `command` of a call: the applet and the subcommands under it (`bounce append`).
fn command_path(name: &str, mut matches: &clap::ArgMatches) -> String {
    let mut path = name.to_owned();
    while let Some((sub, sub_matches)) = matches.subcommand() {
        path.push(' ');
        path.push_str(sub);
        matches = sub_matches;
    }
    path
}

/// The JSON `command` of a command line that does not parse: the subcommands it names, as far
/// as they are known (`bounce append` when an argument of it is missing, `parliament` for
/// `parliament frob`), or `parley` when not even the first one is.
fn usage_command(args: &[OsString]) -> String {
    let root = tree::command_tree();
    let mut path = Vec::new();
    let mut current = &root;
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if let Some(flag) = word.strip_prefix("--") {
            // `--lock-timeout 5` takes the next word; `--lock-timeout=5` does not.
            let takes_value = !flag.contains('=')
                && [current, &root]
                    .iter()
                    .flat_map(|c| c.get_arguments())
                    .any(|a| a.get_long() == Some(flag) && a.get_action().takes_values());
            if takes_value {
                words.next();
            }
            continue;
        }
        if word.starts_with('-') {
            continue;
        }
        match current
            .get_subcommands()
            .find(|c| c.get_name() != "help" && c.get_name() == word)
        {
            Some(sub) => {
                path.push(sub.get_name().to_owned());
                current = sub;
            }
            None => break,
        }
    }
    if path.is_empty() {
        "parley".to_owned()
    } else {
        path.join(" ")
    }
}

/// The cancellation token of this process's one call: Ctrl-C cancels it. The handler is
/// installed only when something listens (a wait, a provider run), so Ctrl-C keeps its
/// default meaning everywhere else; once nothing listens any more it ends the process with
/// 130.
fn interrupt_token() -> Cancel {
    static TOKEN: OnceLock<Cancel> = OnceLock::new();
    TOKEN
        .get_or_init(|| {
            Cancel::new().on_first_listen(|| {
                let _ = ctrlc::set_handler(|| {
                    let heard = TOKEN.get().is_some_and(Cancel::cancel);
                    if !heard {
                        std::process::exit(i32::from(Status::Interrupted.exit_code()));
                    }
                });
            })
        })
        .clone()
}

/// A live view draws on stdout, one write per frame.
fn stdout_screen() -> Screen {
    Screen::new(
        || std::io::stdout().is_terminal(),
        |text| {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{text}")?;
            out.flush()
        },
    )
}
