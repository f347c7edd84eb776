//! `parley demo [DIR] [--scene S]`: scripted agents playing a protocol end to end.
//!
//! Each scene drives separate `parley` processes through a [`Stage`], exactly as real agents
//! would run them, and leaves its files in a folder of DIR named after the scene for
//! inspection. `parley demo` alone plays the negotiation; `--scene all` plays every scene.

mod bounce;
mod feedback;
mod negotiation;
mod operative;
mod parliament;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use serde::{Serialize, Serializer};

use crate::app::protocols::Protocol;
use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{self, Human, Reply};

/// Environment variables a scripted agent must not inherit: each agent is its own participant,
/// and the demo runs on the real clock.
const IDENTITY_VARS: &[&str] = &[
    "NEGOTIATE_PARTICIPANT_ID",
    "CLAUDE_SESSION_ID",
    "CODEX_THREAD_ID",
    "PARLEY_NOW",
    "PARLEY_AGENT",
    "PARLEY_PROJECT_ROOT",
];

/// A scene gives up after this long rather than hang.
const SCENE_LIMIT: Duration = Duration::from_secs(120);

/// The scenes `demo` can play: each protocol's, or all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scene {
    /// A protocol's scene.
    One(Protocol),
    /// Every scene, one after the other
    All,
}

impl Scene {
    fn name(self) -> &'static str {
        match self {
            Scene::One(protocol) => protocol.name(),
            Scene::All => "all",
        }
    }

    fn play(self, stage: Stage, work: &Path, agents: usize) -> Result<Played> {
        let Scene::One(protocol) = self else {
            unreachable!("`all` is expanded into the scenes it stands for")
        };
        match protocol {
            Protocol::Negotiation => negotiation::play(stage, work, agents),
            Protocol::Feedback => feedback::play(stage, work),
            Protocol::Operative => operative::play(stage, work),
            Protocol::Bounce => bounce::play(stage, work),
            Protocol::Parliament => parliament::play(stage, work),
        }
    }
}

/// `--scene`: a protocol's name or `all`, listed as `parley demo --help` has always listed them.
impl clap::ValueEnum for Scene {
    fn value_variants<'a>() -> &'a [Self] {
        static LISTED: LazyLock<Vec<Scene>> = LazyLock::new(|| {
            let mut listed: Vec<Scene> = Protocol::by_scene_listing()
                .into_iter()
                .map(Scene::One)
                .collect();
            listed.push(Scene::All);
            listed
        });
        &LISTED
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let about = match self {
            Scene::One(protocol) => protocol.scene_about(),
            Scene::All => "Every scene, one after the other",
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(about))
    }
}

/// What `parley demo` played: `data` of `parley demo --json`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Demo {
    /// One scene.
    Scene(Played),
    /// `--scene all`: every scene, keyed by name.
    All {
        dir: PathBuf,
        #[serde(serialize_with = "by_name")]
        scenes: Vec<(Scene, Played)>,
    },
}

/// What a scene leaves: where its files are, what each agent did, and how its story ends.
#[derive(Debug, Serialize)]
pub struct Played {
    dir: PathBuf,
    transcript: Vec<String>,
    #[serde(flatten)]
    setting: Setting,
    /// A heading and the output of a viewer's command, for each section of the ending.
    #[serde(skip)]
    sections: Vec<(&'static str, String)>,
    /// The last line: how long it took, where the files are.
    #[serde(skip)]
    closing: String,
}

/// The files a scene leaves, and what only that scene knows.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Setting {
    Negotiation {
        negotiation: PathBuf,
        agents: usize,
    },
    Operative {
        project: PathBuf,
    },
    Bounce {
        session: String,
        agents: &'static [&'static str],
    },
    Parliament {
        parliament: PathBuf,
        passed: bool,
    },
    Feedback {
        conversation: PathBuf,
    },
}

fn by_name<S: Serializer>(scenes: &[(Scene, Played)], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_map(scenes.iter().map(|(scene, played)| (scene.name(), played)))
}

impl Played {
    fn human(&self, out: &mut Human) {
        for (heading, text) in &self.sections {
            out.line("");
            out.line(*heading);
            for line in text.lines() {
                out.line(line);
            }
        }
        out.line("");
        out.line(self.closing.as_str());
    }
}

impl Reply for Demo {
    fn human(&self, out: &mut Human) {
        match self {
            Demo::Scene(played) => played.human(out),
            Demo::All { scenes, .. } => {
                for (scene, played) in scenes {
                    out.line(format!("== {}: result ==", scene.name()));
                    played.human(out);
                }
            }
        }
    }
}

pub fn run(ctx: &Ctx, dir: Option<PathBuf>, agents: usize, scene: Scene) -> Result<Demo> {
    let work = match dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir).map_err(|e| Error::cannot_create(&dir, e))?;
            dir
        }
        None => tempfile::Builder::new()
            .prefix("parley-demo-")
            .tempdir()
            .map_err(|e| Error::cannot_create(&std::env::temp_dir(), e))?
            .keep(),
    };
    let exe = std::env::current_exe()
        .map_err(|e| Error::io("find", Path::new("the running parley binary"), e))?;
    if scene != Scene::All {
        let stage = Stage::new(ctx, &exe, &work);
        return scene.play(stage, &work, agents).map(Demo::Scene);
    }
    // Every scene in turn; the answer gathers their results, keyed by scene.
    let mut scenes = Vec::new();
    for scene in Protocol::ALL.map(Scene::One) {
        output::progress(ctx.mode, &format!("== scene: {} ==", scene.name()));
        let played = scene.play(Stage::new(ctx, &exe, &work), &work, agents)?;
        scenes.push((scene, played));
    }
    Ok(Demo::All { dir: work, scenes })
}

/// What one parley process did.
pub struct Run {
    pub code: u8,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the scripted agents' parley processes and keeps the transcript of what they did.
pub struct Stage {
    exe: PathBuf,
    /// Shown as `DIR` in the transcript.
    work: PathBuf,
    transcript: Mutex<Vec<String>>,
    mode: output::Mode,
    started: Instant,
}

impl Stage {
    fn new(ctx: &Ctx, exe: &Path, work: &Path) -> Stage {
        Stage {
            exe: exe.to_path_buf(),
            work: work.to_path_buf(),
            transcript: Mutex::new(Vec::new()),
            mode: ctx.mode,
            started: Instant::now(),
        }
    }

    /// The parley binary the scene runs, for scenes that hand it to another program.
    pub fn exe(&self) -> &Path {
        &self.exe
    }

    /// Runs one parley process as `who` and records it in the transcript.
    pub fn parley(&self, who: &str, args: &[&str]) -> Result<Run> {
        self.parley_with(who, args, None)
    }

    /// [`Stage::parley`] as the participant `participant` (NEGOTIATE_PARTICIPANT_ID).
    pub fn parley_with(&self, who: &str, args: &[&str], participant: Option<&str>) -> Result<Run> {
        let envs: Vec<(&str, &str)> = participant
            .map(|id| ("NEGOTIATE_PARTICIPANT_ID", id))
            .into_iter()
            .collect();
        self.parley_env(who, args, &envs, None)
    }

    /// [`Stage::parley`] with extra environment variables and, when given, `stdin` piped in.
    pub fn parley_env(
        &self,
        who: &str,
        args: &[&str],
        envs: &[(&str, &str)],
        stdin: Option<&str>,
    ) -> Result<Run> {
        if self.started.elapsed() > SCENE_LIMIT {
            return Err(Error::new(
                Status::Timeout,
                "DEMO_TIMEOUT",
                format!("the demo did not finish within {}s", SCENE_LIMIT.as_secs()),
            ));
        }
        let mut command = Command::new(&self.exe);
        command.args(args);
        for var in IDENTITY_VARS {
            command.env_remove(var);
        }
        command.envs(envs.iter().copied());
        let output = match stdin {
            None => command.output(),
            Some(text) => run_with_stdin(command, text),
        }
        .map_err(|e| Error::io("run", &self.exe, e))?;
        let run = Run {
            code: output.status.code().unwrap_or(255) as u8,
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        };
        let shown_args: Vec<String> = args
            .iter()
            .map(|a| {
                let shown = shown_path(a, &self.work.to_string_lossy());
                if shown.contains(' ') {
                    format!("{shown:?}")
                } else {
                    shown
                }
            })
            .collect();
        // A waiting poll is noise in a transcript; every other step is shown.
        if !(args.first() == Some(&"poll") && run.code == 1) {
            // A JSON answer is read by the agent, not shown; otherwise its last line says it.
            let answer = if args.contains(&"--json") {
                String::new()
            } else {
                run.stdout.lines().last().unwrap_or("").to_owned()
            };
            self.say(format!(
                "[{who}] parley {} -> exit {} {answer}",
                shown_args.join(" "),
                run.code
            ));
        }
        Ok(run)
    }

    /// A line of narration, shown as it happens and kept in the transcript.
    pub fn say(&self, line: String) {
        output::progress(self.mode, &line);
        self.transcript.lock().expect("transcript lock").push(line);
    }

    /// An error unless `run` ended with one of `codes`.
    pub fn expect(&self, who: &str, run: &Run, codes: &[u8]) -> Result<()> {
        if codes.contains(&run.code) {
            return Ok(());
        }
        Err(Error::new(
            Status::Io,
            "DEMO_FAILED",
            format!(
                "{who}: unexpected exit {}: {}{}",
                run.code,
                run.stdout.trim(),
                run.stderr.trim()
            ),
        ))
    }

    pub fn transcript(&self) -> Vec<String> {
        self.transcript.lock().expect("transcript lock").clone()
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The scene's result: its setting, the transcript so far, and an ending of `sections`
    /// (a heading and a viewer's output each) and the `closing` line.
    pub fn played(
        &self,
        work: &Path,
        setting: Setting,
        sections: Vec<(&'static str, String)>,
        closing: String,
    ) -> Played {
        Played {
            dir: work.to_owned(),
            transcript: self.transcript(),
            setting,
            sections,
            closing,
        }
    }
}

/// `arg` with the work directory shown as `DIR`: only where the argument is that path or
/// starts with it as a directory (`parley demo d` must not turn every letter d into DIR).
fn shown_path(arg: &str, work: &str) -> String {
    let work = work.trim_end_matches('/');
    if work.is_empty() {
        return arg.to_owned();
    }
    match arg.strip_prefix(work) {
        Some("") => "DIR".to_owned(),
        Some(rest) if rest.starts_with('/') => format!("DIR{rest}"),
        _ => arg.to_owned(),
    }
}

fn run_with_stdin(mut command: Command, text: &str) -> std::io::Result<std::process::Output> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut input) = child.stdin.take() {
        input.write_all(text.as_bytes())?;
    }
    child.wait_with_output()
}
