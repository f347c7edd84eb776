//! Rule 6 of the protocol (on each turn every OPEN issue gets an entry): the OPEN issues an
//! agent has not written on this turn, which `hand-off` warns of and `status --agent` lists.

use crate::error::Result;
use crate::names::Name;
use crate::negotiation::derived::{digests_file, record};
use crate::negotiation::model::issues::{self, IssueFile};
use crate::negotiation::model::positions::IssueStatus;
use crate::store::Store;

/// The OPEN issues (by file name) on whose positions file `agent` wrote no entry during
/// this turn (an issue without a positions file is OPEN and untouched), as the log's records
/// say (`status --agent`): a command records the file it writes at once, so no positions file
/// is read here. An entry written by hand is recorded by the next hand-over: until then its
/// file counts as untouched.
pub fn open_issues(store: &Store, agent: &Name) -> Result<Vec<String>> {
    let ledger = digests_file::load(store)?.ledger;
    let mut untouched = Vec::new();
    for issue in issues::list(store, issues::ISSUES_DIR)? {
        let rel = issues::positions_file(&issue.file);
        let Some(now) = ledger.baselines.get(&rel).map(|recorded| &recorded.digest) else {
            // Never recorded: no positions file yet, or one written by hand since.
            if !store.exists(&rel)? {
                untouched.push(issue.file);
            }
            continue;
        };
        if now
            .status
            .as_deref()
            .is_some_and(|word| word != IssueStatus::Open.word())
        {
            continue;
        }
        let then = ledger.at_turn_start(&rel);
        let wrote = (now.entries.iter()).any(|entry| {
            entry.agent == agent.as_str() && !then.is_some_and(|then| then.has_entry(&entry.entry))
        });
        if !wrote {
            untouched.push(issue.file);
        }
    }
    Ok(untouched)
}

/// What `hand-off` warns of, without the records: the OPEN issues (by file name) on whose
/// positions file no command recorded an entry during this turn (an issue without a positions
/// file is OPEN and untouched), as the ledger said before the hand-over recorded anything: only the holder writes on its turn,
/// and a command records the file it writes at once, so no positions file is read here (a
/// hand-off of 500 issues must not read them all). An entry written by hand is recorded by
/// the hand-over itself: until then its file counts as untouched. A file written by hand and
/// never recorded counts as untouched only when it is missing.
pub fn left_by_holder(
    store: &Store,
    found: &record::ToRecord,
    listed: Vec<IssueFile>,
) -> Result<Vec<String>> {
    let mut untouched = Vec::new();
    for issue in listed {
        let rel = issues::positions_file(&issue.file);
        let before = found.before(&rel);
        // Never recorded: no positions file yet (OPEN), or one written by hand since.
        let open = if before.recorded {
            before.open
        } else {
            !store.exists(&rel)?
        };
        if open && !before.this_turn {
            untouched.push(issue.file);
        }
    }
    Ok(untouched)
}
