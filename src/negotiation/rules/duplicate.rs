//! Duplicates: the likely ones among the issues (by their titles), and the proposals agents
//! made with `duplicate` (a challenge entry the log confirms).

use crate::error::Result;
use crate::names::Name;
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::ISSUES_DIR;
use crate::negotiation::model::issues::IssueFile;
use crate::negotiation::model::log::Event;
use crate::negotiation::model::positions::Positions;
use crate::store::Store;
use rustc_hash::FxHashMap;
use serde::Serialize;

/// The prefix of the decision an agreed duplicate gets, and of the proposal's first line.
pub const DECISION_PREFIX: &str = "Duplicate of ";

/// Two issues that look like one question asked twice.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LikelyDuplicate {
    /// The later issue, the one that would be closed as a duplicate.
    pub file: String,
    /// The earlier one.
    pub of: String,
    /// `same topic` or `same title`.
    pub reason: String,
}

impl LikelyDuplicate {
    pub fn describe(&self) -> String {
        format!(
            "Likely duplicate: {} of {} ({})",
            self.file, self.of, self.reason
        )
    }
}

/// Every likely duplicate among the issues of `issues/`: each issue paired with the first
/// earlier one that has its topic or its normalized title. Placeholder titles (`[TODO: ...]`)
/// never match.
pub fn likely(store: &Store) -> Result<Vec<LikelyDuplicate>> {
    let mut titled = Vec::new();
    for issue in issues::list(store, ISSUES_DIR)? {
        let text = store
            .read(&format!("{ISSUES_DIR}/{}", issue.file))?
            .unwrap_or_default();
        titled.push((issue, issues::title(&text)));
    }
    Ok(likely_among(titled.iter().map(|(i, t)| (i, t.as_deref()))))
}

/// [`likely`] among issues already read: each with its title as written (`None`: none).
/// Each topic and normalized title is looked up in an index of the earlier issues, so the
/// cost grows with the number of issues, not with its square.
pub fn likely_among<'i>(
    issues: impl IntoIterator<Item = (&'i IssueFile, Option<&'i str>)>,
) -> Vec<LikelyDuplicate> {
    // Every normalized title first, into one string (not one allocation per title: `status`
    // asks this of every issue), each issue with the range of its title there.
    let mut normalized = String::new();
    let issues: Vec<(&IssueFile, Option<std::ops::Range<usize>>)> = issues
        .into_iter()
        .map(|(issue, title)| {
            let start = normalized.len();
            if let Some(title) = title.filter(|t| !t.starts_with("[TODO")) {
                normalize_into(&mut normalized, title);
            }
            (
                issue,
                Some(start..normalized.len()).filter(|r| !r.is_empty()),
            )
        })
        .collect();
    // Topic or normalized title → the first issue (by position) that has it.
    // Hashed with FxHash: the keys are short strings, and a crafted collision can only
    // slow down one overview.
    let mut topics: FxHashMap<&str, (usize, &IssueFile)> =
        FxHashMap::with_capacity_and_hasher(issues.len(), Default::default());
    let mut titles: FxHashMap<&str, (usize, &IssueFile)> =
        FxHashMap::with_capacity_and_hasher(issues.len(), Default::default());
    let mut found = Vec::new();
    for (position, (issue, range)) in issues.into_iter().enumerate() {
        let title = range.map(|range| &normalized[range]);
        let same_topic = topics.get(issue.topic.as_str()).copied();
        let same_title = title.and_then(|t| titles.get(t)).copied();
        // The first earlier issue that matches either way; an issue matching both ways is
        // named for its topic.
        let earlier = match (same_topic, same_title) {
            (Some(topic), Some(title)) if title.0 < topic.0 => Some((title.1, "same title")),
            (Some(topic), _) => Some((topic.1, "same topic")),
            (None, Some(title)) => Some((title.1, "same title")),
            (None, None) => None,
        };
        if let Some((other, reason)) = earlier {
            found.push(LikelyDuplicate {
                file: issue.file.clone(),
                of: other.file.clone(),
                reason: reason.to_owned(),
            });
        }
        topics
            .entry(issue.topic.as_str())
            .or_insert((position, issue));
        if let Some(title) = title {
            titles.entry(title).or_insert((position, issue));
        }
    }
    found
}

/// Lower case, letters and digits only, one space between words.
#[cfg(test)]
fn normalize(title: &str) -> String {
    let mut words = String::new();
    normalize_into(&mut words, title);
    words
}

/// [`normalize`], appended to `words`.
fn normalize_into(words: &mut String, title: &str) {
    if title.is_ascii() {
        // Most titles: lowered as they are joined.
        return words_of(words, title.chars().map(|c| c.to_ascii_lowercase()));
    }
    words_of(words, title.to_lowercase().chars());
}

/// The runs of letters and digits of `chars`, joined by one space, appended to `words`.
fn words_of(words: &mut String, chars: impl Iterator<Item = char>) {
    let start = words.len();
    let mut gap = false;
    for c in chars {
        if !c.is_alphanumeric() {
            gap = true;
            continue;
        }
        if gap && words.len() > start {
            words.push(' ');
        }
        gap = false;
        words.push(c);
    }
}

/// Whether a positions file may hold a duplicate proposal: an entry whose first line starts
/// with [`DECISION_PREFIX`]. Without one there is no need to read the log.
pub fn may_hold_proposal(text: &str) -> bool {
    text.contains(&format!("\n{DECISION_PREFIX}"))
}

/// A duplicate proposal standing on an issue: who made it, of what, with which entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub agent: Name,
    pub of: String,
    /// `NAME's challenge (round N)`: the entry it wrote.
    pub entry: String,
}

/// The duplicate proposals on `rel` (`positions/NN-TOPIC.md`) whose entry is still in the
/// file, in the order they were made.
pub fn proposals(events: &[Event], rel: &str, positions: &Positions) -> Vec<Proposal> {
    let mut found = Vec::new();
    for event in events.iter().filter(|e| e.is_duplicate_proposal()) {
        let Some(entry) = event
            .after
            .as_deref()
            .and_then(|a| a.strip_prefix(rel))
            .and_then(|a| a.strip_prefix(": "))
        else {
            continue;
        };
        let detail = event.detail_value();
        let of = detail
            .as_ref()
            .and_then(|d| d.get("duplicate_of"))
            .and_then(|o| o.as_str());
        let agent = event
            .agent
            .as_deref()
            .and_then(|a| Name::parse_str("agent name", a).ok());
        let present = positions.entries.iter().any(|e| e.title() == entry);
        if let (Some(of), Some(agent), true) = (of, agent, present) {
            found.push(Proposal {
                agent,
                of: of.to_owned(),
                entry: entry.to_owned(),
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn a_title_is_normalized_the_same_whether_ascii_or_not() {
        assert_eq!(
            normalize("  Use JWT -- for  Auth?! v2"),
            "use jwt for auth v2"
        );
        assert_eq!(normalize("--"), "");
        // The general path, for any other title: letters of every script count.
        assert_eq!(normalize("Ünïcode Títle: JWT"), "ünïcode títle jwt");
        assert_eq!(normalize("Use JWT"), normalize("use  jwt!"));
    }
}
