//! What a reopen needs and leaves: the reopened issue's challenges are only those written after
//! the reopen (the log records which entry the reopen came after).

use crate::negotiation::model::log::Event;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions::EntryKind;
use crate::negotiation::model::positions::Positions;
use std::borrow::Cow;

/// The first line of a reopen entry's body.
pub const REOPEN_LINE: &str = "Reopened: the agreement below is questioned.";

/// Whether a positions file may hold a reopen entry (which the log then confirms).
pub fn may_hold_reopen(text: &str) -> bool {
    text.contains(REOPEN_LINE)
}

/// The positions of `rel` as the challenge-before-agree rule reads them: when the issue was
/// reopened (the last `reopen` event's entry is still in the file), the challenges written
/// before the reopen entry no longer count; everything else stays.
/// Borrowed as they are when the issue was not reopened (most issues, every time `status`
/// looks).
pub fn challenges_from<'p>(
    events: &[Event],
    rel: &str,
    positions: &'p Positions,
) -> Cow<'p, Positions> {
    let reopened = events
        .iter()
        .rev()
        .filter(|e| e.kind == EventKind::Reopen)
        .find(|e| {
            e.detail_value()
                .as_ref()
                .and_then(|d| d.get("file"))
                .and_then(|f| f.as_str())
                == Some(rel)
        })
        .and_then(|e| e.detail_value()?.get("entry")?.as_str().map(str::to_owned));
    let Some(line) = reopened.and_then(|title| {
        positions
            .entries
            .iter()
            .rev()
            .find(|e| e.title() == title)
            .map(|e| e.line)
    }) else {
        return Cow::Borrowed(positions);
    };
    let mut fresh = positions.clone();
    fresh
        .entries
        .retain(|e| e.kind != EntryKind::Challenge || e.line >= line);
    Cow::Owned(fresh)
}
