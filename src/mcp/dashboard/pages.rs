//! The dashboard's HTML: the index of every session under ROOT and a page per session, each
//! read through the protocols' own operations (`status`, `show`, `report`, `bounce status`,
//! `parliament status`, `agent list`, `reservations`) and never by reading their files here.
//!
//! Every text that comes from a session (an agent, a title, a position, an error message) is
//! escaped by [`escape`], the report's; nothing is rendered as markdown, so no text becomes a
//! link or markup. A page is the document ([`document`]) around its content; the content alone
//! is what the live stream sends when it changes.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::discover::{Found, Kind};
use crate::app;
use crate::context::Ctx;
use crate::error::Result;
use crate::negotiation::views::watch::duration;
use crate::negotiation::views::{report, show};
use crate::output::Outcome;

pub use crate::negotiation::views::report::escape;

/// Who looks, as far as a page cares: `csrf` is set when the viewer may `resolve` (an admin's
/// login), and is the form's check.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    /// The login's label (`--by` of a resolution), when logged in.
    pub label: Option<String>,
    pub csrf: Option<String>,
}

/// The address of a session's page (or, with `live`, of its stream).
pub fn address(found: &Found, live: bool) -> String {
    let path: String = form_urlencoded::byte_serialize(found.rel.as_bytes()).collect();
    let base = if live { "/live" } else { "/session" };
    format!("{base}?kind={}&path={path}", found.kind.word())
}

/// A whole page: `content` goes in `<main>`, whose stream is `live` (none: a page that does
/// not update).
pub fn document(title: &str, content: &str, live: Option<&str>, viewer: &Viewer) -> String {
    let mut html = String::with_capacity(content.len() + 2048);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n\
         <link rel=\"stylesheet\" href=\"/assets/report.css\">\n\
         <link rel=\"stylesheet\" href=\"/assets/dashboard.css\">\n\
         <script src=\"/assets/dashboard.js\" defer></script>\n</head>\n<body>\n\
         <div class=\"bar\"><a href=\"/\">parley dashboard</a>\
         <span id=\"state\" class=\"live-state\">{}</span>{}</div>\n",
        escape(title),
        if live.is_some() { "connecting…" } else { "" },
        match &viewer.label {
            Some(label) => format!(
                "<form class=\"logout\" method=\"post\" action=\"/logout\">\
                 <span class=\"muted\">{}</span> <button type=\"submit\">Log out</button></form>",
                escape(label)
            ),
            None => String::new(),
        }
    );
    match live {
        Some(stream) => {
            let _ = writeln!(html, "<main id=\"live\" data-live=\"{}\">", escape(stream));
        }
        None => html.push_str("<main>\n"),
    }
    html.push_str(content);
    html.push_str("</main>\n</body>\n</html>\n");
    html
}

/// The index: every session under `root`, by protocol, each with what its `status` says in a
/// line and a link to its page.
pub fn index(ctx: &Ctx, root: &Path, sessions: &[Found]) -> String {
    let mut html = String::new();
    let _ = write!(
        html,
        "<header>\n<p class=\"kicker\">Sessions</p>\n<h1>{}</h1>\n\
         <p class=\"facts\">{} sessions found (negotiations, bounce sessions, parliaments, \
         operative projects) · updated live</p>\n</header>\n",
        // The served directory's name: where it is on the server is not for the page.
        escape(
            &root
                .file_name()
                .map_or_else(|| "/".into(), |n| n.to_string_lossy())
        ),
        sessions.len()
    );
    for kind in Kind::ALL {
        let of_kind: Vec<&Found> = sessions.iter().filter(|f| f.kind == kind).collect();
        let _ = write!(
            html,
            "<section id=\"{}\">\n<h2>{} ({})</h2>\n",
            kind.word(),
            kind.heading(),
            of_kind.len()
        );
        if of_kind.is_empty() {
            html.push_str("<p class=\"none\">None.</p>\n</section>\n");
            continue;
        }
        let (heads, width) = columns(kind);
        html.push_str("<table class=\"sessions\">\n<tr>");
        for head in heads {
            let _ = write!(html, "<th>{head}</th>");
        }
        html.push_str("</tr>\n");
        for found in of_kind {
            let _ = write!(
                html,
                "<tr data-session=\"{}\"><td><a href=\"{}\">{}</a></td>",
                escape(found.shown()),
                escape(&address(found, false)),
                escape(found.shown())
            );
            match row(ctx, root, found) {
                Ok(cells) => {
                    for cell in cells {
                        let _ = write!(html, "<td>{cell}</td>");
                    }
                }
                Err(e) => {
                    let _ = write!(
                        html,
                        "<td colspan=\"{}\" class=\"error\">{}</td>",
                        width - 1,
                        escape(&e.message)
                    );
                }
            }
            html.push_str("</tr>\n");
        }
        html.push_str("</table>\n</section>\n");
    }
    html
}

fn columns(kind: Kind) -> (&'static [&'static str], usize) {
    let heads: &'static [&'static str] = match kind {
        Kind::Negotiation => &["Negotiation", "Phase", "Turn", "Agents", "Issues", "State"],
        Kind::Bounce => &[
            "Session file",
            "Title",
            "Round",
            "Next",
            "Consensus",
            "State",
        ],
        Kind::Parliament => &[
            "Parliament",
            "Round",
            "Status",
            "Bill version",
            "Last tally",
        ],
        Kind::Operative => &["Project", "Active agents", "Reservations"],
    };
    (heads, heads.len())
}

/// A string field of `data`, or empty.
fn text<'a>(data: &'a Value, key: &str) -> &'a str {
    data.get(key).and_then(Value::as_str).unwrap_or_default()
}

fn number(data: &Value, key: &str) -> String {
    data.get(key).map(Value::to_string).unwrap_or_default()
}

fn names(list: Option<&Value>, key: Option<&str>) -> Vec<String> {
    list.and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| match key {
                    Some(key) => item.get(key).and_then(Value::as_str),
                    None => item.as_str(),
                })
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

fn joined_or(items: &[String], none: &str) -> String {
    if items.is_empty() {
        none.to_owned()
    } else {
        escape(&items.join(", "))
    }
}

/// How long since `since` (Unix seconds), as a `<time>` the page's script keeps counting:
/// the server's clock says how long it was when the page was made (`data-now`).
fn clock(ctx: &Ctx, since: i64) -> String {
    let now = ctx.clock.unix_seconds();
    format!(
        "<time data-since=\"{since}\" data-now=\"{now}\">{}</time>",
        duration(now - since)
    )
}

/// `content` without its clocks: what tells whether a page changed (a clock moves by itself).
pub fn without_clocks(content: &str) -> String {
    let mut out = String::with_capacity(content.len());
    let mut rest = content;
    while let Some(start) = rest.find("<time ") {
        out.push_str(&rest[..start]);
        match rest[start..].find("</time>") {
            Some(end) => rest = &rest[start + end + "</time>".len()..],
            None => {
                rest = &rest[start..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

fn negotiation_status(ctx: &Ctx, dir: &Path) -> Result<Value> {
    let request = app::views::StatusRequest {
        dir: dir.to_path_buf(),
        watch: false,
        once: false,
        timeout: None,
        agent: None,
    };
    Ok(app::views::status(ctx, request)?.data())
}

fn bounce_status(ctx: &Ctx, file: &Path) -> Result<Outcome> {
    app::bounce::run(
        ctx,
        app::bounce::BounceCommand::Status(app::bounce::FileRequest {
            file: file.to_path_buf(),
        }),
    )
}

fn parliament_status(ctx: &Ctx, dir: &Path) -> Result<Outcome> {
    app::parliament::run(
        ctx,
        app::parliament::ParliamentCommand::Status(app::parliament::ParliamentDirRequest {
            dir: dir.to_path_buf(),
        }),
    )
}

fn project(dir: &Path) -> app::operative::ProjectFields {
    app::operative::ProjectFields {
        project_root: Some(dir.to_path_buf()),
    }
}

fn operative_agents(ctx: &Ctx, dir: &Path) -> Result<Outcome> {
    app::operative::agent(ctx, app::operative::AgentCommand::List(project(dir)))
}

fn operative_reservations(ctx: &Ctx, dir: &Path) -> Result<Outcome> {
    app::operative::reservations(
        ctx,
        app::operative::ReservationsRequest {
            archived: false,
            project: project(dir),
        },
    )
}

/// The turn: its holder, and for how long it has held it.
fn turn(ctx: &Ctx, data: &Value) -> String {
    let word = text(data, "turn");
    let since = data.get("holder_active_since").and_then(Value::as_i64);
    match since {
        Some(since) => {
            // The timer counts from the holder's last activity (`.turn-started`).
            format!(
                "<b>{}</b>, last active {} ago",
                escape(word),
                clock(ctx, since)
            )
        }
        _ => format!("<b>{}</b>", escape(word)),
    }
}

fn issue_badges(data: &Value) -> String {
    let summary = data.get("summary").cloned().unwrap_or_default();
    format!(
        "<span class=\"badge agreed\">{} agreed</span> <span class=\"badge open\">{} open</span> \
         <span class=\"badge escalate\">{} escalated</span>",
        number(&summary, "agreed"),
        number(&summary, "open"),
        number(&summary, "escalated")
    )
}

fn finished(data: &Value) -> bool {
    text(data, "turn") == "done"
}

/// The cells after the first (the link) of a session's row in the index.
fn row(ctx: &Ctx, root: &Path, found: &Found) -> Result<Vec<String>> {
    let path = found.path(root);
    Ok(match found.kind {
        Kind::Negotiation => {
            let data = negotiation_status(ctx, &path)?;
            let agents = names(data.get("agents"), Some("name"));
            let expected = data
                .get("meta")
                .map(|m| number(m, "expected_agents"))
                .unwrap_or_default();
            vec![
                escape(text(&data, "phase")),
                turn(ctx, &data),
                format!(
                    "{} <span class=\"muted\">({} of {expected})</span>",
                    joined_or(&agents, "none yet"),
                    agents.len()
                ),
                issue_badges(&data),
                state(finished(&data), "finished", "running"),
            ]
        }
        Kind::Bounce => {
            let data = bounce_status(ctx, &path)?.data();
            let next = names(data.get("next"), None);
            let consensus = data.get("consensus").cloned().unwrap_or_default();
            let reached = consensus.get("reached").and_then(Value::as_bool);
            let ended = data.get("ended").and_then(Value::as_bool) == Some(true);
            vec![
                escape(text(&data, "title")),
                number(&data, "round"),
                joined_or(&next, "none"),
                match reached {
                    Some(true) => format!(
                        "<span class=\"badge agreed\">reached</span> score {}",
                        number(&consensus, "score")
                    ),
                    Some(false) => format!(
                        "<span class=\"badge open\">not reached</span> score {}",
                        number(&consensus, "score")
                    ),
                    None => "<span class=\"muted\">no round yet</span>".to_owned(),
                },
                if ended {
                    format!("ended ({})", escape(text(&data, "end_reason")))
                } else {
                    state(false, "", "running")
                },
            ]
        }
        Kind::Parliament => {
            let data = parliament_status(ctx, &path)?.data();
            let tally = data.get("last_tally").filter(|t| !t.is_null());
            vec![
                format!(
                    "{} of {}",
                    number(&data, "current_round"),
                    number(&data, "max_rounds")
                ),
                escape(text(&data, "status")),
                number(&data, "bill_version"),
                match tally {
                    Some(tally) => {
                        let counts = tally.get("tally").cloned().unwrap_or_default();
                        let passed = tally.get("passed").and_then(Value::as_bool) == Some(true);
                        format!(
                            "bill version {}: YES {} NO {} · {}",
                            number(tally, "bill_version"),
                            number(&counts, "yes"),
                            number(&counts, "no"),
                            if passed {
                                "<span class=\"badge agreed\">passed</span>"
                            } else {
                                "<span class=\"badge escalate\">not passed</span>"
                            }
                        )
                    }
                    None => "<span class=\"muted\">none yet</span>".to_owned(),
                },
            ]
        }
        Kind::Operative => {
            let agents = operative_agents(ctx, &path)?.data();
            let active: Vec<String> = agents
                .get("agents")
                .and_then(Value::as_array)
                .map(|list| {
                    list.iter()
                        .filter(|a| text(a, "liveness") == "active")
                        .map(|a| text(a, "agent").to_owned())
                        .collect()
                })
                .unwrap_or_default();
            let held = operative_reservations(ctx, &path)?.data();
            let reservations: Vec<String> = held
                .get("reservations")
                .and_then(Value::as_array)
                .map(|list| {
                    list.iter()
                        .map(|r| {
                            let scope = match r.get("scope") {
                                Some(Value::String(s)) => s.clone(),
                                Some(other) => other.to_string(),
                                None => String::new(),
                            };
                            format!("{}: {scope}", text(r, "agent"))
                        })
                        .collect()
                })
                .unwrap_or_default();
            vec![
                joined_or(&active, "none"),
                if reservations.is_empty() {
                    "none".to_owned()
                } else {
                    reservations
                        .iter()
                        .map(|r| escape(r))
                        .collect::<Vec<_>>()
                        .join("<br>")
                },
            ]
        }
    })
}

fn state(done: bool, yes: &str, no: &str) -> String {
    if done {
        format!("<span class=\"badge agreed\">{yes}</span>")
    } else {
        format!("<span class=\"badge open\">{no}</span>")
    }
}

/// The title of a session's page.
pub fn title(found: &Found) -> String {
    format!("{}: {}", found.kind.word(), found.shown())
}

/// The content of a session's page.
pub fn session(ctx: &Ctx, root: &Path, found: &Found, viewer: &Viewer) -> String {
    let path = found.path(root);
    let rendered = match found.kind {
        Kind::Negotiation => negotiation(ctx, &path, found, viewer),
        Kind::Bounce => bounce_status(ctx, &path).map(|o| status_page(found, &[("Status", o)])),
        Kind::Parliament => {
            parliament_status(ctx, &path).map(|o| status_page(found, &[("Status", o)]))
        }
        Kind::Operative => operative_agents(ctx, &path).and_then(|agents| {
            let held = operative_reservations(ctx, &path)?;
            Ok(status_page(
                found,
                &[("Agents", agents), ("Reservations", held)],
            ))
        }),
    };
    rendered.unwrap_or_else(|e| {
        format!(
            "{}<p class=\"error\">{}</p>\n",
            kicker(found, found.shown()),
            escape(&e.message)
        )
    })
}

fn kicker(found: &Found, title: &str) -> String {
    format!(
        "<header>\n<p class=\"kicker\">{} · {}</p>\n<h1>{}</h1>\n",
        escape(found.kind.word()),
        escape(found.shown()),
        escape(title)
    )
}

/// A page made of what the protocol's status commands print.
fn status_page(found: &Found, parts: &[(&str, Outcome)]) -> String {
    let mut html = kicker(found, found.shown());
    html.push_str("</header>\n");
    for (heading, outcome) in parts {
        let _ = write!(
            html,
            "<section>\n<h2>{}</h2>\n<pre class=\"text\">{}</pre>\n",
            escape(heading),
            escape(outcome.human().text())
        );
        for warning in outcome.warnings() {
            let _ = writeln!(html, "<p class=\"warning\">{}</p>", escape(&warning));
        }
        html.push_str("</section>\n");
    }
    html
}

/// A negotiation: the turn and its clock, the escalated issues a person may settle, and then
/// what `report --html` shows, with the notes and the merged analyses `show` shows.
fn negotiation(ctx: &Ctx, dir: &Path, found: &Found, viewer: &Viewer) -> Result<String> {
    let data = negotiation_status(ctx, dir)?;
    let page = report::read_page(ctx, dir)?;
    let shown = show::view(ctx, dir)?;
    let mut html = kicker(found, &page.title());
    let agents = names(data.get("agents"), Some("name"));
    let meta = data.get("meta").cloned().unwrap_or_default();
    let _ = write!(
        html,
        "<p class=\"facts\">Phase <b>{}</b> · turn {} · may be skipped after {}s without \
         activity · agents {} · \
         issues: {}</p>\n<p class=\"facts\">{} · up to {} position rounds per agent and issue · \
         created {}</p>\n",
        escape(text(&data, "phase")),
        turn(ctx, &data),
        number(&meta, "turn_timeout_seconds"),
        joined_or(&agents, "none yet"),
        issue_badges(&data),
        if finished(&data) {
            "<span class=\"badge agreed\">finished</span>"
        } else {
            "<span class=\"badge open\">running</span>"
        },
        number(&meta, "max_rounds_per_agent"),
        escape(text(&meta, "created")),
    );
    if !page.warnings().is_empty() {
        html.push_str("<div class=\"warnings\"><b>Warnings</b><ul>\n");
        for warning in page.warnings() {
            let _ = writeln!(html, "<li>{}</li>", escape(warning));
        }
        html.push_str("</ul></div>\n");
    }
    html.push_str("</header>\n");
    resolve_forms(&mut html, &data, found, viewer);
    open_issues(&mut html, &data);
    finishing(&mut html, &data);
    page.body(&mut html);
    let _ = write!(
        html,
        "<section id=\"notes\">\n<h2>Notes ({})</h2>\n",
        shown.notes.len()
    );
    if shown.notes.is_empty() {
        html.push_str("<p class=\"none\">No notes.</p>\n");
    }
    for note in &shown.notes {
        let _ = write!(
            html,
            "<div class=\"entry note\">\n<h4>{}'s note {} <span class=\"muted\">({})</span></h4>\n\
             <pre class=\"text\">{}</pre>\n</div>\n",
            escape(note.agent.as_str()),
            note.number,
            escape(&note.at),
            escape(note.text.trim_end())
        );
    }
    html.push_str("</section>\n<section id=\"analyses\">\n<h2>Analyses</h2>\n");
    if shown.analyses.is_empty() {
        html.push_str(
            "<p class=\"none\">None shown: the analyses are shown once they are merged.</p>\n",
        );
    }
    for analysis in &shown.analyses {
        let _ = write!(
            html,
            "<details>\n<summary>{}</summary>\n<pre class=\"text\">{}</pre>\n</details>\n",
            escape(&analysis.file),
            escape(&analysis.text)
        );
    }
    html.push_str("</section>\n");
    Ok(html)
}

/// The OPEN issues as `status` details them: the round, who challenged, and who may agree
/// on their turn (what a person watching wants to know of an issue still argued).
fn open_issues(html: &mut String, data: &Value) {
    let Some(open) = data.get("open_issues").and_then(Value::as_array) else {
        return;
    };
    if open.is_empty() {
        return;
    }
    let _ = write!(
        html,
        "<section id=\"open\">\n<h2>Open: who may agree ({})</h2>\n<ul>\n",
        open.len()
    );
    for issue in open {
        let file = text(issue, "file");
        let challengers = names(issue.get("challenges"), Some("agent"));
        let may_agree = names(issue.get("may_agree"), None);
        let _ = writeln!(
            html,
            "<li><a href=\"#issue-{}\">{}</a>: round {}; challenged by {}; may agree on their \
             turn: {}</li>",
            escape(file.trim_end_matches(".md")),
            escape(file),
            number(issue, "rounds"),
            joined_or(&challengers, "nobody yet"),
            joined_or(&may_agree, "nobody yet")
        );
    }
    html.push_str("</ul>\n</section>\n");
}

/// In the positions phase, what still blocks `finish` and where the sign-offs stand, as
/// `status` says them: what a person watching wants to know of a negotiation near its end.
fn finishing(html: &mut String, data: &Value) {
    if finished(data) || text(data, "phase") != "positions" {
        return;
    }
    let blockers = names(data.get("finish_blockers"), None);
    let _ = write!(
        html,
        "<section id=\"finish\">\n<h2>What still blocks finish ({})</h2>\n",
        blockers.len()
    );
    if blockers.is_empty() {
        html.push_str("<p class=\"none\">Nothing: <code>finish</code> may be run now.</p>\n");
    } else {
        html.push_str("<ul>\n");
        for blocker in &blockers {
            let _ = writeln!(html, "<li>{}</li>", escape(blocker));
        }
        html.push_str("</ul>\n");
    }
    let sign_offs = data.get("sign_offs").cloned().unwrap_or_default();
    let required = sign_offs.get("required").and_then(Value::as_bool) == Some(true);
    let given = names(sign_offs.get("given"), Some("agent"));
    let voided = names(sign_offs.get("voided"), Some("agent"));
    if required || !given.is_empty() || !voided.is_empty() {
        // In the words and order of `status`'s line (`SignOffs::line`).
        let _ = write!(
            html,
            "<p class=\"facts\">Sign-offs ({}): given by {}",
            if required { "required" } else { "not required" },
            joined_or(&given, "none")
        );
        if !voided.is_empty() {
            let _ = write!(html, "; voided: {}", joined_or(&voided, "none"));
        }
        if required {
            let owed = names(sign_offs.get("owed"), None);
            let _ = write!(html, "; owed by {}", joined_or(&owed, "none"));
        }
        let excused = names(sign_offs.get("excused"), None);
        if !excused.is_empty() {
            let _ = write!(
                html,
                "; not waited for (skipped for the turn timeout): {}",
                joined_or(&excused, "none")
            );
        }
        html.push_str("</p>\n");
    }
    html.push_str("</section>\n");
}

/// The escalated issues, each with a form to settle it when the viewer is an admin.
fn resolve_forms(html: &mut String, data: &Value, found: &Found, viewer: &Viewer) {
    let escalated: Vec<&Value> = data
        .get("issues")
        .and_then(Value::as_array)
        .map(|issues| {
            issues
                .iter()
                .filter(|i| text(i, "status") == "ESCALATE")
                .collect()
        })
        .unwrap_or_default();
    if escalated.is_empty() {
        return;
    }
    html.push_str("<section id=\"escalated\">\n<h2>Escalated: for a person to settle</h2>\n");
    for issue in escalated {
        let file = text(issue, "file");
        // The issue's article below holds its positions and the escalation's summary.
        let _ = write!(
            html,
            "<div class=\"escalated\">\n<h3><span class=\"badge escalate\">ESCALATE</span> {} \
             <span class=\"file\">{}</span></h3>\n\
             <p><a href=\"#issue-{}\">Read its positions and the summary of the disagreement</a></p>\n",
            escape(text(issue, "title")),
            escape(file),
            escape(file.trim_end_matches(".md"))
        );
        match (&viewer.csrf, &viewer.label) {
            (Some(csrf), Some(label)) => {
                let _ = write!(
                    html,
                    "<form class=\"resolve\" method=\"post\" action=\"/resolve\">\n\
                     <input type=\"hidden\" name=\"csrf\" value=\"{}\">\n\
                     <input type=\"hidden\" name=\"path\" value=\"{}\">\n\
                     <input type=\"hidden\" name=\"issue\" value=\"{}\">\n\
                     <label>Decision<textarea name=\"decision\" rows=\"3\" required></textarea></label>\n\
                     <button type=\"submit\">Resolve as {}</button>\n</form>\n",
                    escape(csrf),
                    escape(&found.rel),
                    escape(file),
                    escape(label)
                );
            }
            _ => html.push_str(
                "<p class=\"muted\">Settled with <code>parley resolve</code>, or here by a \
                 person logged in with an admin token.</p>\n",
            ),
        }
        html.push_str("</div>\n");
    }
    html.push_str("</section>\n");
}
