//! `resolve DIR ISSUE --decision TEXT --by HUMAN`: a person settles an escalated issue.
//!
//! The positions file gets `## Status: AGREED`, whose text starts with the line
//! `Resolved by HUMAN (a person) after escalation.` and then the decision; the log gets a
//! `resolve` event naming the person. An issue counts as resolved by a person only when both
//! agree (the marker line alone, typed by an agent, does not), and then `finish` lets it
//! through without the challenge and two-agent checks an agents' agreement needs, and
//! `status` shows who settled it. It needs no turn: a person is not in the rotation. HUMAN
//! must not be the name of a registered agent.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::{Human, Reply};
use crate::store::Store;

use super::Desk;
use super::issues::{self, IssueRef};
use super::log::{Event, EventKind};
use super::positions::{self, IssueStatus, Positions, SectionKind};
use super::rules::{OnIssue, Text, write_positions};
use super::turn::Phase;
use super::{Actor, open};

const MAX_HUMAN_LEN: usize = 100;

#[derive(Debug, Clone)]
pub struct ResolveArgs {
    pub dir: PathBuf,
    pub issue: IssueRef,
    pub decision: Text,
    pub by: String,
}

/// Checks a person's name: one line of at most 100 characters, no control characters.
pub fn parse_human(raw: &str) -> Result<String> {
    let name = raw.trim();
    let invalid = |why: &str| {
        Error::bad_input("INVALID_HUMAN", format!("invalid --by {raw:?}: {why}"))
            .with_hint("--by takes the name of the person who decides, e.g. --by \"Ada Lovelace\"")
    };
    if name.is_empty() {
        return Err(invalid("it is empty"));
    }
    if name.chars().count() > MAX_HUMAN_LEN {
        return Err(invalid("it is longer than 100 characters"));
    }
    if name.chars().any(char::is_control) {
        return Err(invalid("it holds a control character or a line break"));
    }
    Ok(name.to_owned())
}

/// The first line of the text under a status a person set.
fn marker(by: &str) -> String {
    format!("Resolved by {by} (a person) after escalation.")
}

/// The escalated issue a person settled: `data` of `resolve --json`.
#[derive(Debug, Serialize)]
pub struct Resolution {
    /// The issue's file name, `NN-TOPIC.md`.
    file: String,
    /// The positions file, `positions/NN-TOPIC.md`.
    path: String,
    status: IssueStatus,
    /// The person.
    by: String,
}

impl Reply for Resolution {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "Resolved by {}: {} (was ESCALATE)",
            self.by, self.path
        ));
    }
}

pub fn run(ctx: &Ctx, args: &ResolveArgs) -> Result<Resolution> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "resolve",
        agent: None,
    };
    let Desk { locked, mut state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    if state.agents.list.iter().any(|a| a.name.as_str() == args.by) {
        return Err(Error::forbidden(
            "AGENT_NOT_HUMAN",
            format!(
                "{} is a registered agent; only a person settles an escalated issue",
                args.by
            ),
        ));
    }
    state.ensure_phase(Phase::Positions, "resolve an issue")?;
    let issue = args.issue.find(&store)?;
    let rel = issues::positions_file(&issue.file);
    let text = store.read(&rel)?;
    let positions = text.as_deref().map(Positions::parse);
    let status = positions.as_ref().map(|p| p.status);
    let Some(current) = text
        .as_deref()
        .filter(|_| status == Some(IssueStatus::Escalate))
    else {
        return Err(Error::forbidden(
            "NOT_ESCALATED",
            format!(
                "{rel} is {}: only an ESCALATE issue is settled by a person",
                status.map_or("without positions", IssueStatus::word)
            ),
        )
        .with_hint("agents escalate with `parley escalate DIR AGENT ISSUE --summary TEXT`"));
    };
    let body = format!("{}\n\n{}", marker(&args.by), args.decision.as_str());
    let resolved = positions::set_status(current, IssueStatus::Agreed, &body);
    let event = actor
        .event(ctx, EventKind::Resolve)
        .change(
            Some(format!("{rel}: ESCALATE")),
            Some(format!("{rel}: AGREED")),
        )
        .with_detail(json!({"file": rel, "by": args.by, "decision": args.decision.as_str()}));
    let on = OnIssue {
        issue,
        rel,
        text,
        positions,
    };
    let loaded = super::digests_file::load(&store)?;
    write_positions(
        &locked, loaded, &mut state, ctx, actor, &on, &resolved, event,
    )?;
    let OnIssue { issue, rel, .. } = on;
    Ok(Resolution {
        file: issue.file,
        path: rel,
        status: IssueStatus::Agreed,
        by: args.by.clone(),
    })
}

/// The issues settled by a person, as `positions/NN-TOPIC.md` → the person: a `resolve`
/// event in the log, and the file still AGREED with that person's marker line.
pub fn by_people(store: &Store, events: &[Event]) -> Result<BTreeMap<String, String>> {
    let mut claimed: BTreeMap<String, String> = BTreeMap::new();
    for event in events.iter().filter(|e| e.kind == EventKind::Resolve) {
        let detail = event.detail_value();
        let detail = detail.as_ref();
        let file = detail.and_then(|d| d["file"].as_str());
        let by = detail.and_then(|d| d["by"].as_str());
        if let (Some(file), Some(by)) = (file, by) {
            claimed.insert(file.to_owned(), by.to_owned());
        }
    }
    let mut verified = BTreeMap::new();
    for (file, by) in claimed {
        let Some(text) = store.read(&file)? else {
            continue;
        };
        let sections = positions::sections(&text);
        let last_status = sections.iter().rev().find(|s| s.is_status());
        let holds = last_status.is_some_and(|s| {
            s.kind == SectionKind::Status(IssueStatus::Agreed.word().to_owned())
                && s.body().lines().next() == Some(marker(&by).as_str())
        });
        if holds {
            verified.insert(file, by);
        }
    }
    Ok(verified)
}

/// Fills `resolved_by` in the reports of issues a person settled.
pub fn mark_resolutions(
    store: &Store,
    events: &[Event],
    reports: &mut [super::status::IssueReport],
) -> Result<()> {
    let people = by_people(store, events)?;
    if people.is_empty() {
        return Ok(());
    }
    let mut rel = String::new();
    for report in reports {
        report.resolved_by = people
            .get(issues::positions_rel(&mut rel, &report.file.file))
            .cloned();
    }
    Ok(())
}
