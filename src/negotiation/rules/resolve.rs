//! What a person's settlement (`resolve`) leaves: the marker in the positions file, and who
//! settled each issue (the log and the marker agreeing).

use crate::error::Error;
use crate::error::Result;
use crate::negotiation::model::issues;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::positions::SectionKind;
use crate::store::Store;
use std::collections::BTreeMap;

const MAX_HUMAN_LEN: usize = 100;

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
pub fn marker(by: &str) -> String {
    format!("Resolved by {by} (a person) after escalation.")
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
    reports: &mut [crate::negotiation::derived::issue_report::IssueReport],
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
