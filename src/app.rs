//! From argv to an exit code: multi-call name resolution, clap parsing, validation of every
//! raw value into the typed arguments the commands take, dispatch, and printing.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches};

use crate::cli::{Cli, Command, IssueTextCli, WaitingCli};
use crate::clock::Clock;
use crate::context::{Ctx, DEFAULT_LOCK_TIMEOUT};
use crate::error::{Error, Result, Status};
use crate::names::Name;
use crate::negotiation::issues::IssueText;
use crate::negotiation::{
    end_analysis, file_draft_issue, finish, hand_off, init, new_issue, poll, register, status,
    wait_for_start,
};
use crate::output::{self, Mode, Outcome};
use crate::wait::WaitOptions;
use crate::{demo, links, log_view};

/// Runs parley with the process arguments and returns the exit code.
pub fn run(args: Vec<OsString>) -> u8 {
    let json_requested = args.iter().any(|a| a == "--json");
    let mode = if json_requested {
        Mode::Json
    } else {
        Mode::Human
    };
    // Built once: it is both the applet table and the parser.
    let command = Cli::command();
    let args = match resolve_program(&command, args) {
        Ok(args) => args,
        Err(error) => return output::emit(mode, "parley", Err(error)),
    };
    let cli = match parse(command, &args) {
        Ok(cli) => cli,
        Err(Parsed::Exit(code)) => return code,
        Err(Parsed::Error(error, rendered)) => {
            return match mode {
                Mode::Json => output::emit(mode, "parley", Err(error)),
                Mode::Human => output::usage_error(&rendered),
            };
        }
    };
    let name = command_name(&cli.command);
    let result = Ctx::from_cli(&cli).and_then(|ctx| dispatch(&ctx, cli.command));
    output::emit(mode, name, result)
}

/// The applet a program name stands for: `poll`, `poll.sh` and `parley-poll` are all `poll`.
/// `None` means the name is parley itself.
pub fn applet_for_program(command: &clap::Command, program: &OsStr) -> Result<Option<String>> {
    let file = Path::new(program)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = file.strip_suffix(".sh").unwrap_or(&file);
    if stem == "parley" || stem.is_empty() {
        return Ok(None);
    }
    let applet = stem.strip_prefix("parley-").unwrap_or(stem);
    let names = applet_names(command);
    if names.contains(&applet) {
        return Ok(Some(applet.to_owned()));
    }
    Err(
        Error::usage(format!("unknown program '{file}'")).with_hint(format!(
            "parley runs as: parley, or one of {}",
            names.join(", ")
        )),
    )
}

/// Every applet name: the subcommands of the command line.
pub fn applet_names(command: &clap::Command) -> Vec<&str> {
    command
        .get_subcommands()
        .map(|c| c.get_name())
        .filter(|name| *name != "help")
        .collect()
}

fn resolve_program(command: &clap::Command, mut args: Vec<OsString>) -> Result<Vec<OsString>> {
    let program = args.first().cloned().unwrap_or_else(|| "parley".into());
    match applet_for_program(command, &program)? {
        None => Ok(args),
        Some(applet) => {
            args[0] = "parley".into();
            args.insert(1, applet.into());
            Ok(args)
        }
    }
}

enum Parsed {
    Exit(u8),
    /// A usage error, and clap's own rendering of it for humans.
    Error(Error, String),
}

/// clap's own usage exit (2) would read as "finished": usage errors become 64.
fn parse(command: clap::Command, args: &[OsString]) -> std::result::Result<Cli, Parsed> {
    let matches = command.try_get_matches_from(args);
    let parsed = matches.and_then(|m| Cli::from_arg_matches(&m));
    match parsed {
        Ok(cli) => Ok(cli),
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    let code = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                        Status::Usage.exit_code()
                    } else {
                        0
                    };
                    Err(Parsed::Exit(code))
                }
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

fn command_name(command: &Command) -> &'static str {
    match command {
        Command::Init(_) => "init",
        Command::Register(_) => "register",
        Command::WaitForStart(_) => "wait-for-start",
        Command::FileDraftIssue(_) => "file-draft-issue",
        Command::EndAnalysis(_) => "end-analysis",
        Command::Poll(_) => "poll",
        Command::Wait(_) => "wait",
        Command::NewIssue(_) => "new-issue",
        Command::HandOff(_) => "hand-off",
        Command::Status(_) => "status",
        Command::Finish(_) => "finish",
        Command::Log(_) => "log",
        Command::Links(_) => "links",
        Command::Completions(_) => "completions",
        Command::Demo(_) => "demo",
        Command::Parliament(command) => crate::parliament::command_name(command),
    }
}

impl Ctx {
    fn from_cli(cli: &Cli) -> Result<Ctx> {
        let lock_timeout = match cli.global.lock_timeout {
            None => DEFAULT_LOCK_TIMEOUT,
            Some(secs) => seconds("--lock-timeout", secs)?,
        };
        Ok(Ctx {
            clock: Clock::from_env()?,
            lock_timeout,
            mode: if cli.global.json {
                Mode::Json
            } else {
                Mode::Human
            },
        })
    }
}

fn seconds(flag: &str, secs: f64) -> Result<Duration> {
    Duration::try_from_secs_f64(secs)
        .map_err(|_| Error::usage(format!("{flag} takes a number of seconds >= 0, not {secs}")))
}

fn waiting(cli: &WaitingCli) -> Result<WaitOptions> {
    Ok(WaitOptions {
        timeout: cli.timeout.map(|s| seconds("--timeout", s)).transpose()?,
        force_poll: cli.poll,
        poll_interval: cli
            .poll_interval
            .map(|s| seconds("--poll-interval", s))
            .transpose()?,
    })
}

fn agent(raw: &OsStr) -> Result<Name> {
    Name::parse("agent name", raw)
}

fn topic(raw: &OsStr) -> Result<Name> {
    Name::parse("topic", raw)
}

fn issue_text(cli: IssueTextCli) -> Result<IssueText> {
    let text = IssueText {
        title: cli.title,
        question: cli.question,
        context: cli.context,
        position_a: cli.position_a,
        position_b: cli.position_b,
    };
    if let Some(title) = &text.title
        && (title.trim().is_empty() || title.contains('\n'))
    {
        return Err(Error::bad_input(
            "INVALID_TITLE",
            "a title is one non-empty line",
        ));
    }
    Ok(text)
}

fn dispatch(ctx: &Ctx, command: Command) -> Result<Outcome> {
    match command {
        Command::Init(cli) => {
            let topic = match (cli.topic, cli.topic_file) {
                (Some(text), _) => Some(text),
                (None, Some(file)) => Some(std::fs::read_to_string(&file).map_err(|e| {
                    Error::bad_input(
                        "BAD_TOPIC_FILE",
                        format!("cannot read the topic file {}: {e}", file.display()),
                    )
                })?),
                (None, None) => None,
            };
            let args = init::InitArgs {
                dir: cli.dir,
                expected_agents: cli.num_agents,
                registration_window: cli.registration_window_secs,
                max_rounds: cli.max_rounds,
                poll_interval: cli.poll_interval,
                turn_timeout: cli.turn_timeout,
                topic,
                sources: init::read_sources(&cli.sources)?,
            };
            init::run(ctx, &args)
        }
        Command::Register(cli) => {
            let who = match &cli.agent {
                Some(raw) => register::Who::Named(agent(raw)?),
                None => register::Who::Auto,
            };
            let args = register::RegisterArgs {
                dir: cli.dir,
                who,
                participant: register::participant_from(cli.participant)?,
            };
            register::run(ctx, &args)
        }
        Command::WaitForStart(cli) => {
            let args = wait_for_start::WaitForStartArgs {
                agent: agent(&cli.agent)?,
                dir: cli.dir,
                allow_partial: cli.allow_partial || wait_for_start::allow_partial_from_env(),
                wait: waiting(&cli.waiting)?,
            };
            wait_for_start::run(ctx, &args)
        }
        Command::FileDraftIssue(cli) => {
            let args = file_draft_issue::DraftArgs {
                agent: agent(&cli.agent)?,
                topic: topic(&cli.topic)?,
                text: issue_text(cli.text)?,
                dir: cli.dir,
            };
            file_draft_issue::run(ctx, &args)
        }
        Command::EndAnalysis(cli) => {
            let args = end_analysis::EndAnalysisArgs {
                agent: agent(&cli.agent)?,
                dir: cli.dir,
            };
            end_analysis::run(ctx, &args)
        }
        Command::Poll(cli) => {
            let wait = cli.wait || cli.waiting.timeout.is_some();
            let args = poll::PollArgs {
                agent: agent(&cli.agent)?,
                wait: wait.then(|| waiting(&cli.waiting)).transpose()?,
                dir: cli.dir,
            };
            poll::run(ctx, &args)
        }
        Command::Wait(cli) => {
            let args = poll::PollArgs {
                agent: agent(&cli.agent)?,
                wait: Some(waiting(&cli.waiting)?),
                dir: cli.dir,
            };
            poll::run(ctx, &args)
        }
        Command::NewIssue(cli) => {
            let args = new_issue::NewIssueArgs {
                topic: topic(&cli.topic)?,
                text: issue_text(cli.text)?,
                dir: cli.dir,
            };
            new_issue::run(ctx, &args)
        }
        Command::HandOff(cli) => {
            let args = hand_off::HandOffArgs {
                agent: agent(&cli.agent)?,
                dir: cli.dir,
            };
            hand_off::run(ctx, &args)
        }
        Command::Status(cli) => status::run(ctx, &status::StatusArgs { dir: cli.dir }),
        Command::Finish(cli) => finish::run(
            ctx,
            &finish::FinishArgs {
                dir: cli.dir,
                allow_escalated: cli.allow_escalated,
            },
        ),
        Command::Log(cli) => log_view::run(ctx, &cli.dir),
        Command::Links(cli) => links::run(&cli.dir, cli.force),
        Command::Completions(cli) => Ok(completions(cli.shell)),
        Command::Demo(cli) => demo::run(ctx, cli.dir, cli.agents as usize, cli.scene),
        Command::Parliament(command) => crate::parliament::dispatch(ctx, command),
    }
}

/// The completion script for `shell`, generated from the clap definitions.
pub fn completion_script(shell: clap_complete::Shell) -> String {
    let mut buffer = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "parley", &mut buffer);
    String::from_utf8(buffer).expect("completion scripts are UTF-8")
}

fn completions(shell: clap_complete::Shell) -> Outcome {
    let script = completion_script(shell);
    Outcome::ok(serde_json::json!({"shell": shell.to_string(), "script": script}))
        .line(script.trim_end_matches('\n'))
}
