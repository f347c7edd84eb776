//! `watch DIR` (and `status DIR --watch`): a live view of a negotiation, redrawn on every
//! change. File events drive it through [`crate::wait::until`], like every other wait: the
//! view is read again when a state file, an issue, a positions file or the event log changes.
//!
//! On a terminal each frame is drawn over the last (cut to the terminal's height; the clock in
//! it ticks on the wait's one-second safety re-check); otherwise every change prints a whole
//! new snapshot under a `=== ... ===` line, and nothing is printed while nothing changed.
//! Each snapshot is read under the shared lock, as `status` reads: a state between two
//! changes, never half a hand-off (the turn moved but its log entry not yet written).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use crate::clock::parse_stamp;
use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::names::Name;
use crate::negotiation::views::log::event_line;
use crate::output::{Human, Mode, Reply};
use crate::store::{LockMode, Store};
use crate::wait::{self, Check, WaitOptions};

use crate::negotiation::commands::init::{TOPIC_FILE, TOPIC_HEADING};
use crate::negotiation::derived::digests::Edit;
use crate::negotiation::derived::issue_report::IssueReport;
use crate::negotiation::model::documents::{AUDIT_FILE, FINAL_FILE};
use crate::negotiation::model::log;
use crate::negotiation::model::log::{Event, EventKind};
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::turn::{PHASE_FILE, Phase, STARTED_FILE, TURN_FILE, Turn};
use crate::negotiation::model::{State, agents, done_marker, meta, open};
use crate::negotiation::overview::{Overview, Summary, edit_lines, summarize};

/// How many of the last events a snapshot shows.
const RECENT_EVENTS: usize = 8;

/// How many of the last notes the view shows.
const RECENT_NOTES: usize = 3;

/// Everything whose change can change the view.
const WATCHED: &[&str] = &[
    TURN_FILE,
    PHASE_FILE,
    STARTED_FILE,
    agents::FILE,
    meta::FILE,
    TOPIC_FILE,
    FINAL_FILE,
    AUDIT_FILE,
    crate::negotiation::model::notes::FILE,
    log::FILE,
    // Issues, positions files and the analysis done markers.
    "issues/",
    "positions/",
    "analysis/",
];

#[derive(Debug, Clone)]
pub struct WatchArgs {
    pub dir: PathBuf,
    /// One snapshot, then exit.
    pub once: bool,
    pub timeout: Option<Duration>,
}

/// One agent in the view.
#[derive(Debug, Clone, Serialize)]
pub struct AgentView {
    pub name: Name,
    pub holds_turn: bool,
    /// In the analysis phase: whether its analysis is over (done or forfeited).
    pub analysis_done: Option<bool>,
    /// Its last entry in the event log.
    pub last_event: Option<Event>,
}

/// What a snapshot shows, read from the disk; the time of day is added when it is drawn.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    pub dir: String,
    /// The first line of `topic.md` that says something.
    pub topic: Option<String>,
    pub phase: Phase,
    pub turn: String,
    /// When the turn went to its holder (its last `turn` event in the log).
    pub turn_given_at: Option<String>,
    /// The holder's last activity (Unix seconds, `.turn-started`).
    pub holder_active_since: Option<i64>,
    /// The same moment in RFC 3339.
    pub holder_active_since_at: Option<String>,
    pub turn_timeout_seconds: u64,
    pub expected_agents: u64,
    pub registration_deadline: Option<String>,
    pub agents: Vec<AgentView>,
    pub issues: Vec<IssueReport>,
    pub summary: Summary,
    pub recent_events: Vec<Event>,
    /// The last notes of `notes.md` (`parley note`), oldest first.
    pub recent_notes: Vec<crate::negotiation::model::notes::Note>,
    /// Edits of recorded positions not acknowledged, as `status` and `check` report them.
    pub edits: Vec<Edit>,
    pub warnings: Vec<String>,
}

impl View {
    pub fn load(store: &Store) -> Result<View> {
        let shared = store.lock(LockMode::Shared, "parley watch")?;
        let state = State::load(store)?;
        let Overview {
            reports: issues,
            events,
            log_warnings,
            edits,
            ..
        } = Overview::read_locked(&shared, &state)?;
        let holder = state.turn.holder();
        let mut agents = Vec::new();
        for agent in &state.agents.list {
            let analysis_done = match state.phase {
                Phase::Analysis if state.turn != Turn::Registration => {
                    Some(store.exists(&done_marker(&agent.name))?)
                }
                _ => None,
            };
            agents.push(AgentView {
                holds_turn: holder == Some(&agent.name),
                analysis_done,
                last_event: last_activity(&events, &agent.name).cloned(),
                name: agent.name.clone(),
            });
        }
        let turn_given_at = holder.and_then(|holder| {
            events
                .iter()
                .rev()
                .find(|e| e.kind == EventKind::Turn && e.after.as_deref() == Some(holder.as_str()))
                .map(|e| e.at.to_string())
        });
        let mut warnings: Vec<String> = issues
            .iter()
            .flat_map(|i| i.warnings.iter().cloned())
            .collect();
        warnings.extend(log_warnings);
        let topic = store.read(TOPIC_FILE)?.as_deref().and_then(topic_line);
        let recent_events = events[events.len().saturating_sub(RECENT_EVENTS)..].to_vec();
        let notes = crate::negotiation::model::notes::read(store)?;
        let recent_notes = notes[notes.len().saturating_sub(RECENT_NOTES)..].to_vec();
        Ok(View {
            dir: store.root().display().to_string(),
            topic,
            phase: state.phase,
            turn: state.turn.word().to_owned(),
            turn_given_at,
            holder_active_since: state.holder_since(),
            holder_active_since_at: state.holder_since().and_then(crate::clock::format_unix),
            turn_timeout_seconds: state.meta.turn_timeout_seconds,
            expected_agents: state.meta.expected_agents,
            registration_deadline: state.meta.registration_deadline.clone(),
            summary: summarize(&issues),
            agents,
            issues,
            recent_events,
            recent_notes,
            edits,
            warnings,
        })
    }

    pub fn finished(&self) -> bool {
        self.turn == Turn::Done.word()
    }

    /// What decides whether plain output prints a new snapshot: everything but the holder's
    /// last activity, which moves each time the holder polls.
    fn change_key(&self) -> Value {
        let mut key = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Value::Object(map) = &mut key {
            map.remove("holder_active_since");
        }
        key
    }
}

/// The agent's last entry in the event log.
pub fn last_activity<'e>(events: &'e [Event], agent: &Name) -> Option<&'e Event> {
    events
        .iter()
        .rev()
        .find(|e| e.agent.as_deref() == Some(agent.as_str()))
}

/// The first line of a topic that says something (not blank, not a comment, not the
/// `# Negotiation Topic` heading `init` writes), without its `#` marks.
pub fn topic_line(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with("<!--") && *line != TOPIC_HEADING)
        .map(|line| line.trim_start_matches('#').trim().to_owned())
        .filter(|line| !line.is_empty())
}

/// The answer after the last snapshot: 0, or 2 when the negotiation is finished. The
/// snapshots are the output; in JSON the last one is the data of the one envelope.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Watched {
    last: View,
    /// Whether the snapshots were drawn on stdout (human mode): then the answer adds no line.
    #[serde(skip)]
    drawn: bool,
}

impl Reply for Watched {
    fn status(&self) -> Status {
        if self.last.finished() {
            Status::Finished
        } else {
            Status::Ok
        }
    }

    fn code(&self) -> Option<&'static str> {
        self.last.finished().then_some("FINISHED")
    }

    fn human(&self, out: &mut Human) {
        if self.last.finished() && !self.drawn {
            out.line("the negotiation is finished");
        }
    }
}

pub fn run(ctx: &Ctx, args: &WatchArgs) -> Result<Watched> {
    let store = open(&args.dir, ctx)?;
    let terminal = ctx.screen.terminal();
    let screen = Screen {
        terminal,
        paint: Paint {
            color: terminal && !ctx.settings.no_color,
        },
        mode: ctx.mode,
        out: ctx.screen.clone(),
    };
    let first = View::load(&store)?;
    if args.once || first.finished() {
        screen.show(&first, ctx)?;
        return Ok(ending(first, ctx));
    }
    let interval = Duration::from_secs(State::load(&store)?.meta.poll_interval_seconds.max(1));
    let options = WaitOptions {
        timeout: args.timeout,
        ..WaitOptions::default()
    };
    let mut shown: Option<Value> = None;
    let mut failure: Option<String> = None;
    let last = wait::until(ctx, store.root(), WATCHED, &options, interval, || {
        let view = match View::load(&store) {
            Ok(view) => view,
            // Someone is in the middle of repairing a file by hand: say so and keep watching.
            Err(error) => {
                if failure.as_deref() != Some(error.message.as_str()) || terminal {
                    screen.show_failure(&store, &error.message)?;
                    failure = Some(error.message);
                    shown = None;
                }
                return Ok(Check::NotYet(None));
            }
        };
        failure = None;
        let key = view.change_key();
        if terminal || shown.as_ref() != Some(&key) {
            screen.show(&view, ctx)?;
            shown = Some(key);
        }
        Ok(if view.finished() {
            Check::Ready(view)
        } else {
            Check::NotYet(None)
        })
    })?;
    Ok(ending(last, ctx))
}

/// The answer after `last`, the last snapshot shown.
fn ending(last: View, ctx: &Ctx) -> Watched {
    Watched {
        last,
        drawn: ctx.mode == Mode::Human,
    }
}

/// Where snapshots go and how they look.
struct Screen {
    terminal: bool,
    paint: Paint,
    mode: Mode,
    out: crate::notices::Screen,
}

impl Screen {
    fn show(&self, view: &View, ctx: &Ctx) -> Result<()> {
        self.frame(&render(
            view,
            ctx.clock.unix_seconds(),
            &ctx.clock.stamp(),
            self.paint,
        ))
    }

    fn show_failure(&self, store: &Store, message: &str) -> Result<()> {
        let text = format!(
            "{}\n{}\nWaiting for the next change.",
            self.paint.bold(&format!(
                "=== {} — unreadable ===",
                clean(&store.root().display().to_string())
            )),
            self.paint.red(&clean(message)),
        );
        self.frame(&text)
    }

    /// On a terminal the frame replaces the screen; otherwise it follows the last one, a
    /// blank line between them. A closed stdout ends the view (exit 74).
    fn frame(&self, text: &str) -> Result<()> {
        let frame = if self.terminal {
            over_last_frame(text, terminal_rows())
        } else {
            format!("{text}\n")
        };
        let shown = match self.mode {
            Mode::Human => self.out.frame(&frame),
            Mode::Json => Ok(()),
        };
        shown.map_err(|e| Error::io("write the view to", Path::new("stdout"), e))
    }
}

/// A frame drawn over the last one from the top-left corner, each line cleared to its end and
/// the screen below it cleared: no blank flash at each redraw. Cut to the terminal's height
/// (the printer adds the last newline), so the top of the view, the turn, stays in sight.
fn over_last_frame(text: &str, rows: Option<usize>) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    if let Some(rows) = rows
        && rows >= 2
        && lines.len() > rows - 1
    {
        let hidden = lines.len() - (rows - 2);
        lines.truncate(rows - 2);
        lines.push(format!(
            "... {hidden} more lines (a taller terminal, or `parley watch DIR --once | less`)"
        ));
    }
    format!("\x1b[H{}\x1b[K\x1b[J", lines.join("\x1b[K\n"))
}

/// The height of the terminal on stdout, when it says.
fn terminal_rows() -> Option<usize> {
    // SAFETY: `size` is plain data that the ioctl fills in; stdout is a valid descriptor.
    let mut size: libc::winsize = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
    (rc == 0 && size.ws_row > 0).then_some(usize::from(size.ws_row))
}

/// Colour, when stdout is a terminal and `NO_COLOR` is not set.
#[derive(Debug, Clone, Copy)]
struct Paint {
    color: bool,
}

impl Paint {
    fn sgr(self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    fn bold(self, text: &str) -> String {
        self.sgr("1", text)
    }

    fn red(self, text: &str) -> String {
        self.sgr("31", text)
    }

    fn dim(self, text: &str) -> String {
        self.sgr("2", text)
    }

    fn status(self, status: Option<IssueStatus>, text: &str) -> String {
        match status {
            Some(IssueStatus::Agreed) => self.sgr("32", text),
            Some(IssueStatus::Escalate) => self.sgr("33", text),
            Some(IssueStatus::Open) => self.sgr("36", text),
            None => self.dim(text),
        }
    }
}

/// Text from the negotiation's files, made safe for a terminal: control characters (an
/// escape sequence in a title could rewrite the screen) are shown as `?`.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// `5s`, `2m05s`, `3h07m`, `2d04h` (the dashboard's clocks read the same).
pub fn duration(seconds: i64) -> String {
    let s = seconds.max(0);
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        3600..86400 => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
        _ => format!("{}d{:02}h", s / 86400, s % 86400 / 3600),
    }
}

/// How long ago a log time stamp was, as `5s ago`.
fn ago(stamp: &str, now: i64) -> String {
    match parse_stamp(stamp) {
        Some(at) => format!("{} ago", duration(now - at.timestamp())),
        None => "at an unreadable time".to_owned(),
    }
}

/// One snapshot as text.
fn render(view: &View, now: i64, stamp: &str, paint: Paint) -> String {
    let mut lines = Vec::new();
    lines.push(paint.bold(&format!("=== {} — {stamp} ===", clean(&view.dir))));
    if let Some(topic) = &view.topic {
        lines.push(format!("Topic: {}", clean(topic)));
    }
    lines.push(format!("Phase: {}", view.phase));
    lines.push(format!("Current turn: {}", turn_line(view, now, paint)));
    lines.push(String::new());
    lines.push(paint.bold(&format!(
        "Agents ({}/{}):",
        view.agents.len(),
        view.expected_agents
    )));
    if view.agents.is_empty() {
        lines.push(paint.dim("  none yet"));
    }
    let width = view
        .agents
        .iter()
        .map(|a| a.name.as_str().len())
        .max()
        .unwrap_or(0);
    for agent in &view.agents {
        let marker = if agent.holds_turn { "▶" } else { " " };
        let mut line = format!("  {marker} {:<width$}", agent.name.as_str());
        match agent.analysis_done {
            Some(true) => line.push_str("  analysis over"),
            Some(false) => line.push_str("  analysing    "),
            None => {}
        }
        match &agent.last_event {
            Some(event) => line.push_str(&format!(
                "  last active {} ({}: {})",
                ago(&event.at, now),
                clean(&event.command),
                clean(event.kind.name()),
            )),
            None => line.push_str("  no activity logged"),
        }
        lines.push(if agent.holds_turn {
            paint.bold(&line)
        } else {
            line
        });
    }
    lines.push(String::new());
    let summary = view.summary;
    lines.push(paint.bold(&format!(
        "Issues ({}: {} agreed, {} open, {} escalated):",
        summary.total, summary.agreed, summary.open, summary.escalated
    )));
    if view.issues.is_empty() {
        lines.push(paint.dim("  none yet"));
    }
    let file_width = view
        .issues
        .iter()
        .map(|i| i.file.file.len())
        .max()
        .unwrap_or(0);
    for issue in &view.issues {
        let challenge = if issue.challenge_authors.is_empty() {
            "no challenge".to_owned()
        } else {
            let names: Vec<&str> = issue.challenge_authors.iter().map(Name::as_str).collect();
            format!("challenged by {}", names.join(", "))
        };
        let word = format!("{:<12}", issue.status_word());
        let settled = issue
            .settled_by()
            .map(|by| format!("  {}", clean(&by)))
            .unwrap_or_default();
        lines.push(format!(
            "  {} {:<file_width$}  round {}  {challenge}  {}{settled}",
            paint.status(issue.status, &word),
            issue.file.file,
            issue.rounds,
            clean(&issue.title),
        ));
    }
    lines.push(String::new());
    lines.push(paint.bold("Last events:"));
    if view.recent_events.is_empty() {
        lines.push(paint.dim("  none"));
    }
    for event in &view.recent_events {
        lines.push(format!("  {}", clean(&event_line(event))));
    }
    if !view.recent_notes.is_empty() {
        lines.push(String::new());
        lines.push(paint.bold("Last notes:"));
        for note in &view.recent_notes {
            lines.push(format!("  {}", clean(&note.summary())));
        }
    }
    if !view.edits.is_empty() {
        // The heading in red, then one line per edit: the words of `status`.
        let mut edits = edit_lines(&view.edits).into_iter();
        lines.push(String::new());
        lines.extend(edits.next().map(|heading| paint.red(&heading)));
        lines.extend(edits.map(|line| clean(&line)));
    }
    if !view.warnings.is_empty() {
        lines.push(String::new());
        lines.push(paint.red("Warnings:"));
        for warning in &view.warnings {
            lines.push(format!("  {}", clean(warning)));
        }
    }
    if view.finished() {
        lines.push(String::new());
        lines.push(paint.bold("The negotiation is finished."));
    }
    lines.join("\n")
}

/// Whose turn, since when and how long it may stay idle; or the registration in progress.
fn turn_line(view: &View, now: i64, paint: Paint) -> String {
    match view.turn.as_str() {
        "done" => "done (finished)".to_owned(),
        "registration" => {
            let mut line = format!(
                "registration open ({} of {} agents)",
                view.agents.len(),
                view.expected_agents
            );
            if let Some(deadline) = &view.registration_deadline {
                line.push_str(&format!(", deadline {deadline}"));
            }
            line
        }
        holder => {
            let mut line = paint.bold(holder);
            if let Some(given) = &view.turn_given_at
                && let Some(at) = parse_stamp(given)
            {
                line.push_str(&format!(" for {}", duration(now - at.timestamp())));
            }
            if let Some(since) = view.holder_active_since {
                line.push_str(&format!(
                    " (idle {} of the {} allowed)",
                    duration(now - since),
                    duration(view.turn_timeout_seconds as i64)
                ));
            }
            line
        }
    }
}
