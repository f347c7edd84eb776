//! How a finished negotiation ended, as the "finished" answer (exit 2) of `poll`, `wait` and
//! every refused change carries it in `data`: who ran `finish`, when, how many issues were
//! agreed and escalated, and where `final.md` is.

use std::path::PathBuf;

use serde::Serialize;

use crate::error::Error;
use crate::store::Store;

use crate::negotiation::model::documents::FINAL_FILE;
use crate::negotiation::model::issues::{self, ISSUES_DIR};
use crate::negotiation::model::log::{self, EventKind};
use crate::negotiation::model::positions::{IssueStatus, Positions};

/// How the negotiation ended. Read as far as it can be: a directory the old scripts finished
/// has no `finish` event (`finished_by`, `finished_at`: `None`).
#[derive(Debug, Clone, Serialize)]
pub struct Finished {
    /// The agent that ran `finish --agent NAME`; `None`: `finish` without `--agent` (a
    /// person), or not logged.
    pub finished_by: Option<String>,
    pub finished_at: Option<String>,
    /// Issues in `issues/`, and how many of them ended AGREED and ESCALATE.
    pub issues: usize,
    pub agreed: usize,
    pub escalated: usize,
    /// DIR/final.md.
    #[serde(rename = "final")]
    pub final_document: PathBuf,
}

impl Finished {
    /// What the negotiation at `store` ended with; never fails (an unreadable part is left
    /// out): the answer is "finished" whatever else is found.
    pub fn read(store: &Store) -> Finished {
        let finish = log::read(store).ok().and_then(|(events, _)| {
            events
                .into_iter()
                .rev()
                .find(|e| e.kind == EventKind::Finish)
        });
        let (mut agreed, mut escalated, mut total) = (0, 0, 0);
        for issue in issues::list(store, ISSUES_DIR).unwrap_or_default() {
            total += 1;
            let text = store
                .read(&issues::positions_file(&issue.file))
                .ok()
                .flatten();
            match text.map(|t| Positions::parse(&t).status) {
                Some(IssueStatus::Agreed) => agreed += 1,
                Some(IssueStatus::Escalate) => escalated += 1,
                _ => {}
            }
        }
        Finished {
            finished_by: finish
                .as_ref()
                .and_then(|e| e.agent.as_deref().map(str::to_owned)),
            finished_at: finish.as_ref().map(|e| e.at.to_string()),
            issues: total,
            agreed,
            escalated,
            final_document: store.root().join(FINAL_FILE),
        }
    }

    /// One line: `Finished by agent-alpha at T: 5 agreed, 1 escalated (6 issues). Final
    /// document: DIR/final.md`.
    pub fn line(&self) -> String {
        let by = match (&self.finished_by, &self.finished_at) {
            (Some(by), Some(at)) => format!("Finished by {by} at {at}"),
            (None, Some(at)) => format!("Finished at {at} (finish without --agent)"),
            _ => "Finished".to_owned(),
        };
        format!(
            "{by}: {} agreed, {} escalated ({} issues). Final document: {}",
            self.agreed,
            self.escalated,
            self.issues,
            self.final_document.display()
        )
    }

    /// The refusal of a change to the finished negotiation at `store` (exit 2), with how it
    /// ended in its message and in `data`.
    pub fn refusal(store: &Store) -> Error {
        let finished = Finished::read(store);
        Error::finished(store.root())
            .with_detail(&finished.line())
            .with_data(serde_json::to_value(&finished).expect("always serializes"))
    }
}
