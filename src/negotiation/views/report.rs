//! `report DIR --html OUT`: the whole negotiation as one self-contained HTML page that a person
//! reads in a browser: topic, sources, agents, every issue with its positions, challenges and
//! decision, the final document and the timeline from the event log.
//!
//! The page needs nothing but itself: the style is inline, there are no scripts, fonts or
//! images, and a Content-Security-Policy forbids the browser to fetch anything. Every piece of
//! text from the negotiation is escaped. OUT is written whole (temporary file, rename), never
//! over an existing file unless `--force`, never through a symbolic link, and never where it
//! could be taken for a file of the negotiation.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::names::Name;
use crate::negotiation::views::log::change;
use crate::output::{Human, Reply};
use crate::store::{self, FileKind, LockMode, Locked, Publication, Store};

use crate::negotiation::commands::init::{SOURCES_DIR, TOPIC_FILE};
use crate::negotiation::derived::issue_report::IssueReport;
use crate::negotiation::model::documents::{AUDIT_FILE, FINAL_FILE};
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::ISSUES_DIR;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::positions::{self, EntryKind, IssueStatus, Positions};
use crate::negotiation::model::{Actor, State, open};
use crate::negotiation::overview::{Overview, Summary, edit_lines, summarize};
use crate::negotiation::rules::agree::agreed_by;
use crate::negotiation::views::watch::{last_activity, topic_line};

#[derive(Debug, Clone)]
pub struct ReportArgs {
    pub dir: PathBuf,
    pub out: PathBuf,
    /// Replace an existing file at `out`.
    pub force: bool,
    /// Return the page in the reply instead of writing it (a server answering a caller
    /// elsewhere, who writes `out` on its own side).
    pub return_page: bool,
}

/// The page written: `data` of `report --json`.
#[derive(Debug, Serialize)]
pub struct Report {
    path: PathBuf,
    bytes: usize,
    issues: usize,
    events: usize,
    /// The page itself, when asked to return it rather than write it.
    #[serde(skip_serializing_if = "Option::is_none")]
    html: Option<String>,
}

impl Reply for Report {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "Wrote {} ({} issues, {} events)",
            self.path.display(),
            self.issues,
            self.events
        ));
    }
}

pub fn run(ctx: &Ctx, args: &ReportArgs) -> Result<Report> {
    let store = open(&args.dir, ctx)?;
    if !args.return_page {
        ensure_outside(&store, &args.out)?;
    }
    let actor = Actor {
        command: "report",
        agent: None,
    };
    let page = read_from(&store, &actor)?.render(&ctx.clock.stamp());
    if args.return_page {
        return Ok(Report {
            path: args.out.clone(),
            bytes: page.html.len(),
            issues: page.issues,
            events: page.events,
            html: Some(page.html),
        });
    }
    match store::publish_file(&args.out, page.html.as_bytes(), args.force)? {
        Publication::Written => {}
        Publication::AlreadyExists => {
            return Err(Error::new(
                Status::AlreadyExists,
                "OUTPUT_EXISTS",
                format!("{} already exists; nothing was written", args.out.display()),
            )
            .with_hint("choose another path, or pass --force to replace it"));
        }
    }
    Ok(Report {
        path: args.out.clone(),
        bytes: page.html.len(),
        issues: page.issues,
        events: page.events,
        html: None,
    })
}

/// What the page of the negotiation at `dir` shows, read as `report` reads it (for a page
/// made elsewhere: the dashboard).
pub fn read_page(ctx: &Ctx, dir: &Path) -> Result<Page> {
    let actor = Actor {
        command: "report",
        agent: None,
    };
    read_from(&open(dir, ctx)?, &actor)
}

fn read_from(store: &Store, actor: &Actor) -> Result<Page> {
    let shared = store.lock(LockMode::Shared, &actor.label())?;
    Page::read(&shared)
}

/// A report may sit beside the negotiation's files (`neg/report.html`) but must never create
/// or replace one of them: inside DIR, OUT must be a visible `.html` file outside parley's
/// hidden folders. No file of the protocol has such a name.
fn ensure_outside(store: &Store, out: &Path) -> Result<()> {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // A parent that does not resolve is reported by the write itself (exit 73).
    let Ok(parent) = parent.canonicalize() else {
        return Ok(());
    };
    let Ok(inside) = parent.strip_prefix(store.root()) else {
        return Ok(());
    };
    let hidden = |name: &std::ffi::OsStr| name.to_string_lossy().starts_with('.');
    let in_hidden_dir = inside.components().any(|c| hidden(c.as_os_str()));
    let html_name = out
        .file_name()
        .is_some_and(|name| !hidden(name) && name.to_string_lossy().ends_with(".html"));
    if in_hidden_dir || !html_name {
        return Err(Error::bad_input(
            "OUTPUT_IN_NEGOTIATION",
            format!(
                "{} is inside the negotiation directory {} and could be taken for one of its files",
                out.display(),
                store.root().display()
            ),
        )
        .with_hint(
            "inside the negotiation directory, name the report NAME.html; or write it elsewhere",
        ));
    }
    Ok(())
}

/// A rendered page and what it holds.
struct Rendered {
    html: String,
    issues: usize,
    events: usize,
}

/// One issue with the text of its files.
struct IssuePage {
    report: IssueReport,
    text: String,
    positions: Option<String>,
    /// The agent whose `agree` marked it AGREED, when one did.
    agreed_by: Option<String>,
}

/// A file shown as it is, or why it is not.
struct Shown {
    name: String,
    text: std::result::Result<String, String>,
}

/// Everything the page shows, read under one shared lock (the dashboard shows it too).
pub struct Page {
    dir: String,
    state: State,
    topic: Option<String>,
    sources: Vec<Shown>,
    issues: Vec<IssuePage>,
    events: Vec<Event>,
    summary: Summary,
    warnings: Vec<String>,
    closing: Vec<(&'static str, String)>,
}

impl Page {
    pub fn read(locked: &Locked) -> Result<Page> {
        let store = locked.store();
        let state = State::load(store)?;
        let mut issues = Vec::new();
        let Overview {
            reports,
            events,
            log_warnings,
            edits,
            ..
        } = Overview::read_locked(locked, &state)?;
        // Edits of recorded positions head the warnings, as `status` shows them.
        let mut warnings = if edits.is_empty() {
            Vec::new()
        } else {
            edit_lines(&edits)
        };
        let summary = summarize(&reports);
        let mut agreed = agreed_by(&events);
        for report in reports {
            let text = store
                .read(&format!("{ISSUES_DIR}/{}", report.file.file))?
                .unwrap_or_default();
            let positions = store.read(&issues::positions_file(&report.file.file))?;
            warnings.extend(report.warnings.iter().cloned());
            let agreed_by = match report.status {
                Some(IssueStatus::Agreed) => {
                    agreed.remove(&issues::positions_file(&report.file.file))
                }
                _ => None,
            };
            issues.push(IssuePage {
                report,
                text,
                positions,
                agreed_by,
            });
        }
        warnings.extend(log_warnings);
        let mut sources = Vec::new();
        for entry in store.list(SOURCES_DIR)?.unwrap_or_default() {
            let text = match entry.kind {
                FileKind::File => store
                    .read(&format!("{SOURCES_DIR}/{}", entry.name))
                    .map_err(|e| e.message)
                    .and_then(|t| t.ok_or_else(|| "removed while reading".to_owned())),
                _ => Err("not a regular file; not shown".to_owned()),
            };
            sources.push(Shown {
                name: entry.name,
                text,
            });
        }
        let mut closing = Vec::new();
        for (title, file) in [
            ("Coverage audit", AUDIT_FILE),
            ("Final document", FINAL_FILE),
        ] {
            if let Some(text) = store.read(file)? {
                closing.push((title, text));
            }
        }
        Ok(Page {
            dir: store.root().display().to_string(),
            topic: store.read(TOPIC_FILE)?,
            state,
            sources,
            issues,
            events,
            summary,
            warnings,
            closing,
        })
    }

    /// The title: the topic's first line, or "Negotiation".
    pub fn title(&self) -> String {
        self.topic
            .as_deref()
            .and_then(topic_line)
            .unwrap_or_else(|| "Negotiation".to_owned())
    }

    fn render(&self, generated: &str) -> Rendered {
        let mut html = String::with_capacity(64 * 1024);
        let title = self.title();
        html.push_str(&format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
            escape(&format!("Negotiation report: {title}"))
        ));
        self.header(&mut html, &title, generated);
        self.body(&mut html);
        html.push_str(&format!(
            "<footer>Written by <code>parley report</code> at {} from {}.</footer>\n</body>\n</html>\n",
            escape(generated),
            escape(&self.dir)
        ));
        Rendered {
            html,
            issues: self.issues.len(),
            events: self.events.len(),
        }
    }

    /// Everything under the page's header: the contents, the topic, the sources, the agents,
    /// each issue, the coverage audit and the final document, and the timeline.
    pub fn body(&self, html: &mut String) {
        self.contents(html);
        self.topic_section(html);
        self.sources_section(html);
        self.agents_section(html);
        self.issues_section(html);
        for (index, (heading, text)) in self.closing.iter().enumerate() {
            html.push_str(&format!(
                "<section id=\"closing-{index}\">\n<h2>{}</h2>\n<pre class=\"text\">{}</pre>\n</section>\n",
                escape(heading),
                escape(text)
            ));
        }
        self.timeline_section(html);
    }

    /// The warnings the header lists (edits of recorded positions, the issues' and the log's).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    fn header(&self, html: &mut String, title: &str, generated: &str) {
        let summary = self.summary;
        html.push_str(&format!(
            "<header>\n<p class=\"kicker\">Negotiation report</p>\n<h1>{}</h1>\n\
             <p class=\"facts\">Phase <b>{}</b> · turn <b>{}</b> · {} agents · \
             {} issues: <span class=\"badge agreed\">{} agreed</span> \
             <span class=\"badge open\">{} open</span> \
             <span class=\"badge escalate\">{} escalated</span></p>\n\
             <p class=\"facts\">Up to {} position rounds per agent and issue · turn timeout {}s · created {}</p>\n\
             <p class=\"facts\">{} · generated {}</p>\n",
            escape(title),
            escape(self.state.phase.word()),
            escape(self.state.turn.word()),
            self.state.agents.len(),
            summary.total,
            summary.agreed,
            summary.open,
            summary.escalated,
            self.state.meta.max_rounds_per_agent,
            self.state.meta.turn_timeout_seconds,
            escape(self.state.meta.created.as_deref().unwrap_or("unknown")),
            escape(&self.dir),
            escape(generated),
        ));
        if !self.warnings.is_empty() {
            html.push_str("<div class=\"warnings\"><b>Warnings</b><ul>\n");
            for warning in &self.warnings {
                html.push_str(&format!("<li>{}</li>\n", escape(warning)));
            }
            html.push_str("</ul></div>\n");
        }
        html.push_str("</header>\n");
    }

    fn contents(&self, html: &mut String) {
        html.push_str(
            "<nav>\n<h2>Contents</h2>\n<ol>\n<li><a href=\"#topic\">Topic</a></li>\n\
             <li><a href=\"#sources\">Sources</a></li>\n<li><a href=\"#agents\">Agents</a></li>\n\
             <li><a href=\"#issues\">Issues</a>\n<ol>\n",
        );
        for issue in &self.issues {
            html.push_str(&format!(
                "<li><a href=\"#{}\">{}</a> {}</li>\n",
                anchor(&issue.report),
                escape(&issue.report.title),
                badges(&issue.report)
            ));
        }
        html.push_str("</ol></li>\n");
        for (index, (heading, _)) in self.closing.iter().enumerate() {
            html.push_str(&format!(
                "<li><a href=\"#closing-{index}\">{}</a></li>\n",
                escape(heading)
            ));
        }
        html.push_str("<li><a href=\"#timeline\">Timeline</a></li>\n</ol>\n</nav>\n");
    }

    fn topic_section(&self, html: &mut String) {
        html.push_str("<section id=\"topic\">\n<h2>Topic</h2>\n");
        match &self.topic {
            Some(text) => html.push_str(&format!("<pre class=\"text\">{}</pre>\n", escape(text))),
            None => html.push_str("<p class=\"none\">No topic.md.</p>\n"),
        }
        html.push_str("</section>\n");
    }

    fn sources_section(&self, html: &mut String) {
        html.push_str("<section id=\"sources\">\n<h2>Sources</h2>\n");
        if self.sources.is_empty() {
            html.push_str("<p class=\"none\">No files in sources/.</p>\n");
        }
        for source in &self.sources {
            match &source.text {
                Ok(text) => html.push_str(&format!(
                    "<details>\n<summary>{} <span class=\"muted\">({} lines)</span></summary>\n\
                     <pre class=\"text\">{}</pre>\n</details>\n",
                    escape(&source.name),
                    text.lines().count(),
                    escape(text)
                )),
                Err(why) => html.push_str(&format!(
                    "<p>{} <span class=\"muted\">({})</span></p>\n",
                    escape(&source.name),
                    escape(why)
                )),
            }
        }
        html.push_str("</section>\n");
    }

    fn agents_section(&self, html: &mut String) {
        html.push_str(&format!(
            "<section id=\"agents\">\n<h2>Agents ({} of {} expected)</h2>\n\
             <table>\n<tr><th>Agent</th><th>Registered</th><th>Participant</th><th>Last activity</th></tr>\n",
            self.state.agents.len(),
            self.state.meta.expected_agents
        ));
        for agent in &self.state.agents.list {
            let last = last_activity(&self.events, &agent.name)
                .map(|e| format!("{} — {} {}", e.at, e.command, e.kind))
                .unwrap_or_else(|| "none logged".to_owned());
            let holds = if self.state.turn.holder() == Some(&agent.name) {
                " <span class=\"badge open\">holds the turn</span>"
            } else {
                ""
            };
            html.push_str(&format!(
                "<tr><td><b>{}</b>{holds}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                escape(agent.name.as_str()),
                escape(&agent.registered),
                escape(agent.participant.as_deref().unwrap_or("—")),
                escape(&last)
            ));
        }
        html.push_str("</table>\n</section>\n");
    }

    fn issues_section(&self, html: &mut String) {
        html.push_str("<section id=\"issues\">\n<h2>Issues</h2>\n");
        if self.issues.is_empty() {
            html.push_str("<p class=\"none\">No issues yet.</p>\n");
        }
        for issue in &self.issues {
            issue_article(html, issue);
        }
        html.push_str("</section>\n");
    }

    fn timeline_section(&self, html: &mut String) {
        html.push_str(
            "<section id=\"timeline\">\n<h2>Timeline</h2>\n<table class=\"timeline\">\n\
             <tr><th>Time</th><th>Agent</th><th>Command</th><th>Event</th><th>Change</th></tr>\n",
        );
        for event in &self.events {
            html.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                escape(&event.at),
                escape(event.agent.as_deref().unwrap_or("—")),
                escape(&event.command),
                escape(event.kind.name()),
                escape(&change(event, "→"))
            ));
        }
        html.push_str("</table>\n");
        if self.events.is_empty() {
            html.push_str("<p class=\"none\">The event log is empty.</p>\n");
        }
        html.push_str("</section>\n");
    }
}

/// One issue: its question, then its positions file entry by entry, and the decision.
fn issue_article(html: &mut String, issue: &IssuePage) {
    let report = &issue.report;
    let names = |list: &[Name]| list.iter().map(Name::as_str).collect::<Vec<_>>().join(", ");
    html.push_str(&format!(
        "<article id=\"{}\" class=\"issue {}\">\n<h3>{} {} <span class=\"file\">{}</span></h3>\n\
         <p class=\"facts\">Rounds: {} · positions by {} · challenges by {}{}</p>\n",
        anchor(report),
        status_class(report.status),
        badges(report),
        escape(&report.title),
        escape(&report.file.file),
        report.rounds,
        escape(&or_none(names(&report.position_authors))),
        escape(&or_none(names(&report.challenge_authors))),
        issue
            .agreed_by
            .as_ref()
            .map(|agent| format!(" · agreed by {}", escape(agent)))
            .unwrap_or_default(),
    ));
    html.push_str(&format!(
        "<details>\n<summary>The issue as filed</summary>\n<pre class=\"text\">{}</pre>\n</details>\n",
        escape(&issue.text)
    ));
    match &issue.positions {
        None => html.push_str("<p class=\"none\">No positions yet.</p>\n"),
        Some(text) => {
            let sections = sections(text);
            // The text under the status line that counts (the last one) is the decision, or
            // the reason for escalating; what follows it (a person's resolution) is below.
            if let Some(last) = sections
                .iter()
                .rev()
                .find(|s| s.class.starts_with("status"))
                && !last.body.trim().is_empty()
            {
                // A person's decision starts with the line that names the person.
                let label = match report.status {
                    Some(IssueStatus::Agreed) => "Decision",
                    Some(IssueStatus::Escalate) => "Escalated",
                    _ => "Status note",
                };
                html.push_str(&format!(
                    "<div class=\"decision {}\"><b>{label}:</b> {}</div>\n",
                    status_class(report.status),
                    escape(last.body.trim())
                ));
            }
            for section in sections {
                html.push_str(&format!(
                    "<div class=\"entry {}\">\n<h4>{}</h4>\n{}</div>\n",
                    section.class,
                    escape(&section.heading),
                    if section.body.trim().is_empty() {
                        String::new()
                    } else {
                        format!(
                            "<pre class=\"text\">{}</pre>\n",
                            escape(section.body.trim())
                        )
                    }
                ));
            }
        }
    }
    html.push_str("</article>\n");
}

/// A part of a positions file: a heading line and what follows it up to the next heading.
struct Section {
    class: &'static str,
    heading: String,
    body: String,
}

/// Splits a positions file at its `## ` headings, classifying each by the parser of
/// positions files: a position, a challenge, a status line (its text is the decision or the
/// reason for escalating), or anything else (a resolution by a person, a note) shown as it
/// is. The text before the first heading is the preamble (the `# Positions:` title).
fn sections(text: &str) -> Vec<Section> {
    let parsed = Positions::parse(text);
    let mut out: Vec<Section> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let entry = parsed.entries.iter().find(|e| e.line == line_no);
        let class = if let Some(entry) = entry {
            match entry.kind {
                EntryKind::Position => "position",
                EntryKind::Challenge => "challenge",
                EntryKind::Duplicate => "duplicate",
            }
        } else if let Some(status) = positions::line_status(line) {
            match status {
                IssueStatus::Agreed => "status agreed",
                IssueStatus::Escalate => "status escalate",
                IssueStatus::Open => "status open",
            }
        } else if line.starts_with("## ") {
            "note"
        } else {
            match out.last_mut() {
                Some(section) => {
                    section.body.push_str(line);
                    section.body.push('\n');
                }
                None if line.starts_with("# ") => out.push(Section {
                    class: "preamble",
                    heading: line.trim_start_matches('#').trim().to_owned(),
                    body: String::new(),
                }),
                None if line.trim().is_empty() => {}
                None => out.push(Section {
                    class: "note",
                    heading: String::new(),
                    body: format!("{line}\n"),
                }),
            }
            continue;
        };
        out.push(Section {
            class,
            heading: line.trim_start_matches('#').trim().to_owned(),
            body: String::new(),
        });
    }
    out
}

fn anchor(report: &IssueReport) -> String {
    // File names of issues are `NN-topic.md` with a validated topic: safe in an id.
    format!("issue-{}", report.file.file.trim_end_matches(".md"))
}

fn status_class(status: Option<IssueStatus>) -> &'static str {
    match status {
        Some(IssueStatus::Agreed) => "agreed",
        Some(IssueStatus::Escalate) => "escalate",
        Some(IssueStatus::Open) => "open",
        None => "none",
    }
}

fn badge(status: Option<IssueStatus>) -> String {
    format!(
        "<span class=\"badge {}\">{}</span>",
        status_class(status),
        status.map_or("NO POSITIONS", IssueStatus::word)
    )
}

/// The status badge, and who settled the issue when a person did.
fn badges(report: &IssueReport) -> String {
    let mut html = badge(report.status);
    if let Some(by) = report.settled_by() {
        html.push_str(&format!(
            " <span class=\"badge person\">{}</span>",
            escape(&by)
        ));
    }
    html
}

fn or_none(text: String) -> String {
    if text.is_empty() {
        "nobody".to_owned()
    } else {
        text
    }
}

/// Text as HTML: the five characters that could open markup or end an attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

pub const STYLE: &str = "
:root { --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --paper: #ffffff; --soft: #f6f8fa;
  --agreed: #1a7f37; --open: #0969da; --escalate: #9a6700; --challenge: #cf222e; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 62rem; padding: 2rem 1.5rem 4rem; color: var(--ink);
  background: var(--paper); font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; }
header { border-bottom: 2px solid var(--line); margin-bottom: 1.5rem; }
.kicker { margin: 0; color: var(--muted); text-transform: uppercase; letter-spacing: .08em; font-size: .8rem; }
h1 { margin: .2rem 0 .5rem; font-size: 2rem; }
h2 { border-bottom: 1px solid var(--line); padding-bottom: .3rem; margin-top: 2.5rem; }
h3 { margin: 0 0 .4rem; font-size: 1.25rem; }
h4 { margin: 0 0 .3rem; font-size: 1rem; }
.facts, .muted, .file, footer { color: var(--muted); font-size: .9rem; }
.file { font-family: ui-monospace, monospace; font-weight: normal; }
pre.text { white-space: pre-wrap; word-wrap: break-word; margin: .3rem 0 0; padding: .7rem .9rem;
  background: var(--soft); border-radius: 6px; font: .9rem/1.45 ui-monospace, 'DejaVu Sans Mono', monospace; }
details { margin: .5rem 0; }
summary { cursor: pointer; font-weight: 600; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--soft); }
.timeline td:first-child { white-space: nowrap; font-family: ui-monospace, monospace; }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 1rem; font-size: .75rem; font-weight: 700;
  color: #fff; background: var(--muted); vertical-align: middle; }
.badge.agreed { background: var(--agreed); } .badge.open { background: var(--open); }
.badge.escalate { background: var(--escalate); } .badge.person { background: var(--ink); }
article.issue { border: 1px solid var(--line); border-left: 6px solid var(--muted); border-radius: 6px;
  padding: 1rem 1.2rem; margin: 1.2rem 0; }
article.agreed { border-left-color: var(--agreed); } article.open { border-left-color: var(--open); }
article.escalate { border-left-color: var(--escalate); }
.entry { margin: .9rem 0 0; padding-left: .8rem; border-left: 3px solid var(--line); }
.entry.position h4 { color: var(--open); } .entry.challenge { border-left-color: var(--challenge); }
.entry.challenge h4 { color: var(--challenge); }
.entry.status { border-left-color: var(--muted); } .entry.status.agreed { border-left-color: var(--agreed); }
.entry.status.agreed h4 { color: var(--agreed); } .entry.status.escalate { border-left-color: var(--escalate); }
.entry.status.escalate h4 { color: var(--escalate); }
.entry.preamble h4 { color: var(--muted); }
.decision { white-space: pre-wrap; margin: .6rem 0; padding: .6rem .9rem; border-radius: 6px; background: var(--soft); }
.decision.agreed { background: #dafbe1; } .decision.escalate { background: #fff8c5; }
.none { color: var(--muted); font-style: italic; }
.badge.none { color: #fff; font-style: normal; }
body { overflow-wrap: anywhere; }
.warnings { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; padding: .5rem 1rem; margin: 1rem 0; }
nav ol { margin: .3rem 0; } nav a { color: var(--open); }
footer { margin-top: 3rem; border-top: 1px solid var(--line); padding-top: 1rem; }
";
