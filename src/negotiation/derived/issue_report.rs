//! One issue as `status`, `finish`, `watch` and `report` see it: its file, title and status,
//! who argued it, and who settled it; built from the summary of its positions file.

use std::sync::Arc;

use serde::Deserialize;

use crate::names::Name;
use crate::negotiation::model::issues::IssueFile;
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::positions::Positions;

/// One issue as `status` and `finish` see it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct IssueReport {
    #[serde(flatten)]
    pub file: IssueFile,
    pub title: String,
    /// `None` when the issue has no positions file yet.
    pub status: Option<IssueStatus>,
    pub has_positions: bool,
    pub position_authors: Shared<Name>,
    pub challenge_authors: Shared<Name>,
    pub participants: Shared<Name>,
    pub has_challenge: bool,
    pub rounds: u64,
    pub warnings: Shared<String>,
    /// The person who settled the issue after it was escalated (`parley resolve`).
    pub resolved_by: Option<String>,
}

impl IssueReport {
    /// OPEN, AGREED, ESCALATE, or NO POSITIONS.
    pub fn status_word(&self) -> &'static str {
        self.status.map_or("NO POSITIONS", IssueStatus::word)
    }

    /// `resolved by HUMAN (a person)` for an issue a person settled (`parley resolve`).
    pub fn settled_by(&self) -> Option<String> {
        self.resolved_by
            .as_ref()
            .map(|by| format!("resolved by {by} (a person)"))
    }
}

impl IssueReport {
    /// The report of an issue whose positions file says `summary` (`None`: it has none).
    pub(crate) fn new(
        file: IssueFile,
        title: String,
        summary: Option<PositionsSummary>,
    ) -> IssueReport {
        let Some(summary) = summary else {
            return IssueReport {
                file,
                title,
                status: None,
                has_positions: false,
                position_authors: Shared::default(),
                challenge_authors: Shared::default(),
                participants: Shared::default(),
                has_challenge: false,
                rounds: 0,
                warnings: Shared::default(),
                resolved_by: None,
            };
        };
        IssueReport {
            file,
            title,
            status: Some(summary.status),
            has_positions: true,
            has_challenge: !summary.challenge_authors.is_empty(),
            position_authors: summary.position_authors,
            challenge_authors: summary.challenge_authors,
            participants: summary.participants,
            rounds: summary.rounds,
            warnings: summary.warnings,
            resolved_by: None,
        }
    }
}

/// Each report's title as written in its issue file (`None`: it has no `# Issue:` line), from
/// the reports and whether each is titled ([`Overview::titled`]).
pub fn written_titles<'r>(
    reports: &'r [IssueReport],
    titled: &'r [bool],
) -> impl Iterator<Item = Option<&'r str>> {
    (reports.iter().zip(titled)).map(|(report, &titled)| titled.then_some(report.title.as_str()))
}

/// What a positions file says, as an issue's report shows it. Its lists are shared, not
/// copied, by the reports of every issue the cache gives the same summary (most of them).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(from = "SummaryOnDisk")]
pub struct PositionsSummary {
    pub status: IssueStatus,
    pub position_authors: Shared<Name>,
    pub challenge_authors: Shared<Name>,
    pub participants: Shared<Name>,
    pub rounds: u64,
    /// The parser's warnings, each after the name of the file (`positions/NN-TOPIC.md: `).
    pub warnings: Shared<String>,
}

/// A list that reports share: cloned by a count, not by a copy of each item.
pub type Shared<T> = Arc<[T]>;

impl PositionsSummary {
    /// What the positions file `rel` says, its text being `text`.
    pub fn of(rel: &str, text: &str) -> PositionsSummary {
        PositionsSummary::of_parsed(rel, &Positions::parse(text))
    }

    /// What the positions file `rel` says, `positions` being what its text parses to.
    pub fn of_parsed(rel: &str, positions: &Positions) -> PositionsSummary {
        let owned = |names: Vec<&Name>| names.into_iter().cloned().collect::<Shared<_>>();
        PositionsSummary {
            status: positions.status,
            position_authors: owned(positions.position_authors()),
            challenge_authors: owned(positions.challenge_authors()),
            participants: owned(positions.participants()),
            rounds: positions.entries.iter().map(|e| e.round).max().unwrap_or(0),
            warnings: (positions.warnings.iter())
                .map(|w| format!("{rel}: {w}"))
                .collect(),
        }
    }
}

// The summary's fields in the order of the struct.
pub type SummaryOnDisk = (
    IssueStatus,
    Vec<Name>,
    Vec<Name>,
    Vec<Name>,
    u64,
    Vec<String>,
);

impl From<SummaryOnDisk> for PositionsSummary {
    fn from(
        (status, position_authors, challenge_authors, participants, rounds, warnings): SummaryOnDisk,
    ) -> PositionsSummary {
        PositionsSummary {
            status,
            position_authors: position_authors.into(),
            challenge_authors: challenge_authors.into(),
            participants: participants.into(),
            rounds,
            warnings: warnings.into(),
        }
    }
}
