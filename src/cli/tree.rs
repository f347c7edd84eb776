//! The command tree: parley's root command and its global options, the applets under it (the
//! registry's, and the front ends' own: `mcp`, `completions`), and the context a command line
//! runs in. The registry (`app`) knows nothing of them.

use clap::Args;
use serde::Serialize;

use crate::app::protocols::Protocol;
use crate::app::{self, Applet};
use crate::context::{Ctx, Settings, WorkingDir};
use crate::error::Result;
use crate::negotiation::register::PARTICIPANT_VARS;
use crate::negotiation::wait_for_start::ALLOW_PARTIAL_VAR;
use crate::operative::liveness::STALE_MINUTES_VAR;
use crate::output::{Human, Reply};

/// The front ends' own applets, each listed in `--help` right after the registry's applet
/// named first.
static FRONT_ENDS: [(&str, &Applet); 5] = [
    ("links", &COMPLETIONS),
    ("links", &MAN),
    ("skill", &crate::mcp::APPLET),
    ("skill", &crate::mcp::serve::APPLET),
    ("skill", &crate::mcp::serve::tokens::APPLET),
];

static MAN: Applet = app::local!(
    "man",
    |_| app::READS,
    "Write one man page per command and subcommand into DIR",
    super::man::ManRequest,
    man
);

fn man(ctx: &Ctx, request: super::man::ManRequest) -> Result<super::man::ManPages> {
    super::man::write(ctx, request, command_tree())
}

static COMPLETIONS: Applet = app::local!(
    "completions",
    |_| app::READS,
    "Print a completion script for a shell",
    CompletionsRequest,
    completions
);

/// Every applet of the command line, in the order `parley --help` lists them.
pub fn applets() -> impl Iterator<Item = &'static Applet> {
    app::applets().iter().flat_map(|applet| {
        let placed = FRONT_ENDS
            .iter()
            .filter(move |(after, _)| *after == applet.name)
            .map(|(_, own)| *own);
        std::iter::once(applet).chain(placed)
    })
}

/// The applet named `name`.
pub fn find(name: &str) -> Option<&'static Applet> {
    applets().find(|applet| applet.name == name)
}

/// The options every applet takes.
#[derive(Debug, clap::Args)]
pub struct GlobalArgs {
    /// Print one JSON object {"ok","command","data","error"} instead of text
    #[arg(long, global = true)]
    pub json: bool,
    /// Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]
    #[arg(long, global = true, value_name = "SECS", env = "PARLEY_LOCK_TIMEOUT")]
    pub lock_timeout: Option<f64>,
    /// Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)
    #[arg(long, global = true, value_name = "URL", env = "PARLEY_SERVER")]
    pub server: Option<String>,
}

/// The top of the command line: parley itself and its global options, without applets.
#[derive(Debug, clap::Parser)]
#[command(
    name = "parley",
    version,
    about = "Coordination for AI coding agents: five protocols in one multi-call binary",
    long_about = long_about(),
    after_help = exit_code_help(),
    propagate_version = true,
    subcommand_required = true,
    arg_required_else_help = true
)]
struct Root {
    #[command(flatten)]
    global: GlobalArgs,
}

/// parley's command with `applets` under it: one of them for a command that runs (its parser
/// alone is built), all of them for help, completions and names nobody knows.
pub fn command_with<'a>(applets: impl IntoIterator<Item = &'a Applet>) -> clap::Command {
    <Root as clap::CommandFactory>::command()
        .subcommands(applets.into_iter().map(|applet| (applet.parser)()))
}

/// The whole command tree.
pub fn command_tree() -> clap::Command {
    command_with(applets())
}

/// `parley --help`'s overview: a line for each protocol.
fn long_about() -> String {
    let mut text = String::from(
        "Coordination for AI coding agents: five protocols in one multi-call binary.\n\n",
    );
    for protocol in Protocol::ALL {
        text.push_str(&format!("- {}\n", protocol.overview()));
    }
    text.push_str(
        "\nEvery applet also runs when the binary is called through a link named APPLET, \
         APPLET.sh or parley-APPLET (see `parley links`).",
    );
    text
}

/// The exit-code table, shown at the end of `--help`.
fn exit_code_help() -> String {
    let mut text = String::from("Exit codes (0-4 are answers, 64 and up are errors):\n");
    for (_, code, meaning) in crate::error::EXIT_CODES {
        text.push_str(&format!("  {code:>3}  {meaning}\n"));
    }
    text
}

/// The context a call runs in, from the global options and the environment (`PARLEY_NOW`).
pub fn context(global: &GlobalArgs) -> Result<Ctx> {
    let lock_timeout = match global.lock_timeout {
        None => crate::context::DEFAULT_LOCK_TIMEOUT,
        Some(secs) => app::seconds("--lock-timeout", secs)?,
    };
    let mode = if global.json {
        crate::output::Mode::Json
    } else {
        crate::output::Mode::Human
    };
    Ok(
        Ctx::new(crate::clock::Clock::from_env()?, lock_timeout, mode)
            .with_settings(settings_from_env()),
    )
}

/// What the environment says about how operations behave: read here, once, and handed down in
/// the context (see [`Settings`]).
pub(crate) fn settings_from_env() -> Settings {
    Settings {
        stale_minutes: std::env::var_os(STALE_MINUTES_VAR)
            .map(|raw| raw.to_string_lossy().into_owned()),
        participant: PARTICIPANT_VARS
            .iter()
            .find_map(|var| std::env::var(var).ok().filter(|v| !v.is_empty())),
        allow_partial_registration: std::env::var(ALLOW_PARTIAL_VAR)
            .is_ok_and(|v| v == "1" || v.eq_ignore_ascii_case("true")),
        working_dir: WorkingDir::of_process(),
        no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
        // Set by `run` from the program's name.
        script_link: false,
        no_programs: false,
    }
}

#[derive(Debug, Args)]
pub struct CompletionsRequest {
    /// The shell
    pub shell: clap_complete::Shell,
}

/// A completion script: `data` of `parley completions --json`.
#[derive(Debug, Serialize)]
pub struct Completion {
    shell: String,
    script: String,
}

impl Reply for Completion {
    fn human(&self, out: &mut Human) {
        out.line(self.script.trim_end_matches('\n'));
    }
}

fn completions(_ctx: &Ctx, request: CompletionsRequest) -> Result<Completion> {
    Ok(Completion {
        shell: request.shell.to_string(),
        script: completion_script(request.shell),
    })
}

/// The completion script for `shell`, generated from the whole command tree.
pub fn completion_script(shell: clap_complete::Shell) -> String {
    let mut buffer = Vec::new();
    clap_complete::generate(shell, &mut command_tree(), "parley", &mut buffer);
    String::from_utf8(buffer).expect("completion scripts are UTF-8")
}
