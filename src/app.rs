//! From argv to an exit code: multi-call name resolution, clap parsing, validation of every
//! raw value into the typed arguments the commands take, dispatch, and printing.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches};

use crate::cli::negotiation_rules::EntryCli;
use crate::cli::{Cli, Command, IssueTextCli, WaitingCli};
use crate::clock::Clock;
use crate::context::{Ctx, DEFAULT_LOCK_TIMEOUT};
use crate::error::{Error, Result};
use crate::names::Name;
use crate::negotiation::issues::{IssueRef, IssueText};
use crate::negotiation::positions::EntryKind;
use crate::negotiation::rules::{self, Text};
use crate::negotiation::{
    agree, audit_template, check, end_analysis, escalate, file_draft_issue, finish, hand_off, init,
    new_issue, poll, position, register, report, resolve, status, wait_for_start, watch,
};
use crate::output::{self, Mode, Outcome};
use crate::wait::WaitOptions;
use crate::{demo, links, log_view, operative};

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
    // Built once: it is both the applet table and the parser.
    let command = Cli::command();
    let args = match resolve_program(&command, args) {
        Ok(args) => args,
        Err(error) => return output::emit(mode, "parley", Err(error)),
    };
    let cli = match parse(command, &args) {
        Ok(cli) => cli,
        Err(Parsed::Shown) => return 0,
        Err(Parsed::Error(error, rendered)) => {
            return match mode {
                Mode::Json => {
                    output::emit(mode, &usage_command(&Cli::command(), &args), Err(error))
                }
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
    /// `--help` or `--version` was printed: exit 0.
    Shown,
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

/// The JSON `command` of a command line that does not parse: the subcommands it names, as far
/// as they are known (`bounce append` when an argument of it is missing, `parliament` for
/// `parliament frob`), or `parley` when not even the first one is.
fn usage_command(root: &clap::Command, args: &[OsString]) -> String {
    let mut path = Vec::new();
    let mut current = root;
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if let Some(flag) = word.strip_prefix("--") {
            // `--lock-timeout 5` takes the next word; `--lock-timeout=5` does not.
            let takes_value = !flag.contains('=')
                && [current, root]
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
        Command::Position(_) => "position",
        Command::Challenge(_) => "challenge",
        Command::Agree(_) => "agree",
        Command::Escalate(_) => "escalate",
        Command::Resolve(_) => "resolve",
        Command::AuditTemplate(_) => "audit-template",
        Command::Check(_) => "check",
        Command::Status(_) => "status",
        Command::Finish(_) => "finish",
        Command::Log(_) => "log",
        Command::Watch(_) => "watch",
        Command::Report(_) => "report",
        Command::Links(_) => "links",
        Command::Completions(_) => "completions",
        Command::Demo(_) => "demo",
        Command::Skill(_) => "skill",
        Command::Feedback(cli) => crate::feedback::command_name(&cli.command),
        Command::Operative(command) => command.name(),
        Command::Bounce(command) => command.name(),
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

pub(crate) fn seconds(flag: &str, secs: f64) -> Result<Duration> {
    Duration::try_from_secs_f64(secs)
        .map_err(|_| Error::usage(format!("{flag} takes a number of seconds >= 0, not {secs}")))
}

pub(crate) fn waiting(cli: &WaitingCli) -> Result<WaitOptions> {
    Ok(WaitOptions {
        timeout: cli.timeout.map(|s| seconds("--timeout", s)).transpose()?,
        force_poll: cli.poll,
        poll_interval: cli
            .poll_interval
            .map(|s| seconds("--poll-interval", s))
            .transpose()?,
    })
}

fn watch_args(
    dir: std::path::PathBuf,
    once: bool,
    timeout: Option<f64>,
) -> Result<watch::WatchArgs> {
    Ok(watch::WatchArgs {
        dir,
        once,
        timeout: timeout.map(|s| seconds("--timeout", s)).transpose()?,
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

/// Reads text a command takes from a file (`-`: stdin), as UTF-8. At most one byte more than
/// the longest text accepted is read, so a huge input is refused without being held whole.
fn read_input(what: &str, path: &Path) -> Result<String> {
    let source = crate::input::Source::from_arg(Some(path.to_path_buf()));
    let limit = rules::MAX_TEXT_BYTES as u64 + 1;
    let bytes = source.read_at_most(limit)?;
    if bytes.len() as u64 == limit {
        return Err(Error::bad_input(
            "TEXT_TOO_LONG",
            format!(
                "the {what} in {} is longer than {} bytes",
                source.label(),
                rules::MAX_TEXT_BYTES
            ),
        ));
    }
    crate::input::text(bytes, &format!("the {what}"), &source.label())
}

/// The body of a position or challenge: --body, --file or `-`, always named. Stdin is never
/// read unasked: an agent's harness that leaves it open would hang the command.
fn entry_body(cli: &EntryCli) -> Result<Text> {
    let raw = match (&cli.body, &cli.file, cli.stdin.as_deref()) {
        (Some(text), _, _) => text.clone(),
        (None, Some(file), _) => read_input("body", file)?,
        (None, None, Some("-")) => read_input("body", Path::new("-"))?,
        (None, None, Some(other)) => {
            return Err(Error::usage(format!(
                "unexpected argument '{other}': the body comes from --body TEXT, --file FILE or - (stdin)"
            )));
        }
        (None, None, None) => {
            return Err(Error::usage(
                "the body is required: give it with --body TEXT, --file FILE or - (stdin)",
            ));
        }
    };
    Text::parse("body", &raw)
}

fn entry(ctx: &Ctx, cli: EntryCli, kind: EntryKind) -> Result<Outcome> {
    let args = position::EntryArgs {
        agent: agent(&cli.agent)?,
        issue: IssueRef::parse(&cli.issue)?,
        body: entry_body(&cli)?,
        kind,
        dir: cli.dir,
    };
    position::run(ctx, &args)
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
        Command::Status(cli) if cli.watch => {
            watch::run(ctx, &watch_args(cli.dir, cli.once, cli.timeout)?)
        }
        Command::Position(cli) => entry(ctx, cli, EntryKind::Position),
        Command::Challenge(cli) => entry(ctx, cli, EntryKind::Challenge),
        Command::Agree(cli) => {
            let raw = match (cli.decision, &cli.file) {
                (Some(text), _) => text,
                (None, Some(file)) => read_input("decision", file)?,
                (None, None) => return Err(Error::usage("give --decision TEXT or --file FILE")),
            };
            let args = agree::AgreeArgs {
                agent: agent(&cli.agent)?,
                issue: IssueRef::parse(&cli.issue)?,
                decision: Text::parse("decision", &raw)?,
                dir: cli.dir,
            };
            agree::run(ctx, &args)
        }
        Command::Escalate(cli) => {
            let args = escalate::EscalateArgs {
                agent: agent(&cli.agent)?,
                issue: IssueRef::parse(&cli.issue)?,
                summary: Text::parse("summary", &cli.summary)?,
                dir: cli.dir,
            };
            escalate::run(ctx, &args)
        }
        Command::Resolve(cli) => {
            let args = resolve::ResolveArgs {
                issue: IssueRef::parse(&cli.issue)?,
                decision: Text::parse("decision", &cli.decision)?,
                by: resolve::parse_human(&cli.by)?,
                dir: cli.dir,
            };
            resolve::run(ctx, &args)
        }
        Command::AuditTemplate(cli) => {
            audit_template::run(ctx, &audit_template::AuditTemplateArgs { dir: cli.dir })
        }
        Command::Check(cli) => check::run(ctx, &check::CheckArgs { dir: cli.dir }),
        Command::Status(cli) => status::run(ctx, &status::StatusArgs { dir: cli.dir }),
        Command::Watch(cli) => watch::run(ctx, &watch_args(cli.dir, cli.once, cli.timeout)?),
        Command::Report(cli) => report::run(
            ctx,
            &report::ReportArgs {
                dir: cli.dir,
                out: cli.html,
                force: cli.force,
            },
        ),
        Command::Finish(cli) => finish::run(
            ctx,
            &finish::FinishArgs {
                dir: cli.dir,
                allow_escalated: cli.allow_escalated,
                accept_edits: cli.accept_edits,
            },
        ),
        Command::Log(cli) => log_view::run(ctx, &cli.dir),
        Command::Links(cli) => links::run(&cli.dir, cli.force),
        Command::Completions(cli) => Ok(completions(cli.shell)),
        Command::Demo(cli) => demo::run(ctx, cli.dir, cli.agents as usize, cli.scene),
        Command::Skill(cli) => crate::skill::run(ctx, &cli.into_args()),
        Command::Feedback(cli) => crate::feedback::dispatch(ctx, cli.command),
        Command::Operative(command) => operative::dispatch(ctx, command),
        Command::Bounce(command) => crate::bounce::dispatch(ctx, command),
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
