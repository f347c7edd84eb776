//! The overview: what `status`, `finish`, `watch` and `report` show of a negotiation beyond
//! its state files, read by one code so that they all say the same ([`Overview`]), and what
//! changed for an agent since its last turn ([`changes`]).

pub mod agent;
pub mod changes;

use rustc_hash::FxHashMap;

use crate::error::Result;
use crate::store::{Locked, Presence, Store, Version};

use crate::negotiation::derived::digests::{Digests, Edit};
use crate::negotiation::derived::digests_file::{self, KeptDigests};
use crate::negotiation::derived::issue_cache::{Identities, IssueCache, NextCache, OpenPositions};
use crate::negotiation::derived::issue_report::IssueReport;
use crate::negotiation::derived::issue_report::PositionsSummary;
use crate::negotiation::derived::log_cache::StatusEvents;
use crate::negotiation::derived::record::{self, Texts};
use crate::negotiation::model::State;
use crate::negotiation::model::issues::IssueFile;
use crate::negotiation::model::issues::{self, ISSUES_DIR, POSITIONS_DIR};
use crate::negotiation::model::log::{self, Event};
use crate::negotiation::model::positions::{IssueStatus, Positions};
use crate::negotiation::rules::resolve;

/// What one pass over `issues/` and `positions/` read: the reports, and what else the same
/// command needs of those files, so that it reads none of them twice.
struct IssuesRead {
    reports: Vec<IssueReport>,
    /// Whether each report's title is as written (`false`: no `# Issue:` line, its topic
    /// stands in), in the reports' order.
    titled: Vec<bool>,
    /// The positions files read (those the cache did not vouch for), and those found missing.
    texts: Texts,
    /// What each OPEN issue's positions file parses to (read now, or kept by the cache).
    open: OpenPositions,
    /// The identity of each positions file: as read, when it had settled; as found, when
    /// the cache vouched for it.
    identities: FxHashMap<String, Version>,
    /// What to keep for the next overview.
    cache: NextCache,
}

/// Reads each issue file and positions file, except those whose identity says they are as
/// `.parley/issue-reports.json` recorded them ([`issue_cache`](crate::negotiation::derived::issue_cache)): their
/// parts come from it. `meanwhile` runs while the files are looked up.
fn read_issues_while<T>(store: &Store, meanwhile: impl FnOnce() -> T) -> Result<(IssuesRead, T)> {
    let files = issues::list(store, ISSUES_DIR)?;
    let kept = IssueCache::read(store);
    let (mut cache, issues_found, positions_found, meanwhile) =
        look_up_with_cache(store, &files, kept.as_deref(), meanwhile);
    let found = |all: &Option<Vec<Presence>>, index: usize| {
        all.as_ref()
            .and_then(|all| all.get(index).copied())
            .unwrap_or(Presence::Other)
    };
    let mut read = IssuesRead {
        reports: Vec::with_capacity(files.len()),
        titled: Vec::with_capacity(files.len()),
        // Only the files read go in (those the cache did not vouch for).
        texts: Texts::default(),
        open: OpenPositions::default(),
        identities: FxHashMap::with_capacity_and_hasher(files.len(), Default::default()),
        cache: NextCache::default(),
    };
    for (index, file) in files.into_iter().enumerate() {
        let positions_now = found(&positions_found, index);
        let vouched = cache.vouch(&file.file, found(&issues_found, index), positions_now);
        let mut identities = Identities::default();
        let mut read_now = false;
        let written = match vouched.issue {
            Some(part) => {
                identities.issue = Some(part.identity);
                part.derived
            }
            None => {
                let (text, identity) = store
                    .read_with_version(&format!("{ISSUES_DIR}/{}", file.file))?
                    .unwrap_or_default();
                identities.issue = identity;
                read_now |= identity.is_some();
                issues::title(&text)
            }
        };
        let positions_rel = issues::positions_file(&file.file);
        let summary = match (vouched.positions, positions_now) {
            (Some(part), _) => {
                identities.positions = Some(part.identity);
                if let Some(parsed) = part.derived.parsed {
                    read.open.insert(positions_rel.clone(), parsed);
                }
                read.identities.insert(positions_rel, part.identity);
                Some(part.derived.summary)
            }
            (None, Presence::Missing) => {
                read.texts.insert(positions_rel, None);
                None
            }
            (None, _) => match store.read_with_version(&positions_rel)? {
                None => {
                    read.texts.insert(positions_rel, None);
                    None
                }
                Some((text, identity)) => {
                    let parsed = Positions::parse(&text);
                    let summary = PositionsSummary::of_parsed(&positions_rel, &parsed);
                    if let Some(identity) = identity {
                        read.identities.insert(positions_rel.clone(), identity);
                        identities.positions = Some(identity);
                        read_now = true;
                    }
                    if parsed.status == IssueStatus::Open {
                        read.open.insert(positions_rel.clone(), parsed);
                    }
                    read.texts.insert(positions_rel, Some(text));
                    Some(summary)
                }
            },
        };
        cache.keep(identities, read_now);
        read.titled.push(written.is_some());
        let title = written.unwrap_or_else(|| file.topic.to_string());
        read.reports.push(IssueReport::new(file, title, summary));
    }
    read.cache = cache.finish();
    Ok((read, meanwhile))
}

/// The cache of reports, what each issue's file and positions file are now (`None`: not
/// looked up), and what `meanwhile` returned. Without a cache nothing could spare a read, so
/// no file is looked up (each is read). With one, from 128 issues on
/// ([`looked_up_while`](crate::negotiation::model::looked_up_while)), the lookups (a thousand `fstatat` for 500
/// issues) are shared by two threads, one of which first runs `meanwhile` and parses the
/// cache: none depends on another.
fn look_up_with_cache<'a, T>(
    store: &Store,
    files: &[IssueFile],
    kept: Option<&'a [u8]>,
    meanwhile: impl FnOnce() -> T,
) -> (
    IssueCache<'a>,
    Option<Vec<Presence>>,
    Option<Vec<Presence>>,
    T,
) {
    let Some(kept) = kept else {
        return (IssueCache::default(), None, None, meanwhile());
    };
    // Each issue's file, then each positions file; `Other` (read it) where a directory
    // cannot be looked in.
    let dirs = [
        store.version_lookup(ISSUES_DIR),
        store.version_lookup(POSITIONS_DIR),
    ];
    let count = files.len();
    let look_up = |index: usize| match &dirs[index / count] {
        Some(dir) => dir.find(&files[index % count].file),
        None => Presence::Other,
    };
    let mut found = vec![Presence::Other; 2 * count];
    let (cache, meanwhile) =
        crate::negotiation::model::looked_up_while(&mut found, look_up, || {
            let meanwhile = meanwhile();
            (IssueCache::parse(kept), meanwhile)
        });
    let positions = found.split_off(count);
    let looked = |found: Vec<Presence>, dir: &Option<_>| dir.as_ref().map(|_| found);
    (
        cache,
        looked(found, &dirs[0]),
        looked(positions, &dirs[1]),
        meanwhile,
    )
}

/// What `status`, `watch`, `report` and `finish` show of a negotiation beyond its state
/// files, read by one code so that they all say the same: each issue (with the person who
/// settled it, when one did), the event log, and the edits of recorded positions that
/// `finish --accept-edits` has not acknowledged.
#[derive(Debug)]
pub struct Overview {
    pub reports: Vec<IssueReport>,
    /// The log's events: all of them, or for `status` with no OPEN issue those it reads.
    pub events: Vec<Event>,
    pub log_warnings: Vec<String>,
    pub edits: Vec<Edit>,
    /// What the log says of the positions files (as the digests file keeps it), when it was
    /// read whole: only when an issue is OPEN (its detail needs the records) or a file may
    /// have changed since it was last found as recorded.
    pub ledger: Option<Digests>,
    /// Whether each report's title is as written (`false`: no `# Issue:` line, its topic
    /// stands in), in the reports' order ([`written_titles`]).
    pub titled: Vec<bool>,
    /// What each OPEN issue's positions file parses to (the detail of open issues).
    pub open: OpenPositions,
}

impl Overview {
    /// Read under the caller's lock (shared or exclusive), keeping for the next overview what
    /// it derived from the issue and positions files, when that changed
    /// ([`issue_cache`](crate::negotiation::derived::issue_cache)).
    pub fn read_locked(locked: &Locked, state: &State) -> Result<Overview> {
        Overview::read_keeping(locked, state, Events::All)
    }

    /// [`Overview::read_locked`] for `status`: when no issue is OPEN, `events` holds only the
    /// events `status` then reads ([`log_cache::read_by_status`](crate::negotiation::derived::log_cache::read_by_status)),
    /// so that only the log's newer lines are parsed ([`log_cache`](crate::negotiation::derived::log_cache)).
    pub fn read_for_status(locked: &Locked, state: &State) -> Result<Overview> {
        Overview::read_keeping(locked, state, Events::StatusReads)
    }

    fn read_keeping(locked: &Locked, state: &State, events: Events) -> Result<Overview> {
        let (overview, cache, log_kept) = Overview::read_with_cache(locked.store(), state, events)?;
        cache.save(locked, &overview.reports, &overview.titled, &overview.open);
        if let Some(mut log_kept) = log_kept {
            log_kept.save(locked);
        }
        Ok(overview)
    }

    /// [`Overview::read_locked`] without keeping anything (the cache of reports is used).
    pub fn read(store: &Store, state: &State) -> Result<Overview> {
        Ok(Overview::read_with_cache(store, state, Events::All)?.0)
    }

    fn read_with_cache(
        store: &Store,
        state: &State,
        events: Events,
    ) -> Result<(Overview, NextCache, Option<StatusEvents>)> {
        // Unless an issue is OPEN, what `status` needs of the log (the events it reads) and of
        // the digests file (its first line) does not depend on the issues: both are read while
        // the issues' files are looked up.
        let early = || -> Result<_> {
            (events == Events::StatusReads)
                .then(|| {
                    Ok((
                        StatusEvents::read(store)?,
                        digests_file::Opened::read(store)?,
                    ))
                })
                .transpose()
        };
        let (read, early) = read_issues_while(store, early)?;
        let any_open = (read.reports.iter()).any(|r| r.status == Some(IssueStatus::Open));
        let early = if any_open { None } else { early? };
        Overview::complete(store, state, read, any_open, early)
    }

    /// The overview of the issues `read`, with the log's events and the edits found; `early`
    /// holds the events `status` reads and the digests file's first line, when they were read
    /// for `status` and no issue is OPEN.
    fn complete(
        store: &Store,
        state: &State,
        read: IssuesRead,
        any_open: bool,
        early: Option<(StatusEvents, Option<digests_file::Opened>)>,
    ) -> Result<(Overview, NextCache, Option<StatusEvents>)> {
        let IssuesRead {
            mut reports,
            titled,
            texts,
            open,
            identities,
            cache,
        } = read;
        let (events, log_warnings, log_kept, opened) = match early {
            Some((mut read, opened)) => {
                let events = std::mem::take(&mut read.events);
                let warnings = std::mem::take(&mut read.warnings);
                (events, warnings, Some(read), Some(opened))
            }
            None => {
                let (events, warnings) = log::read(store)?;
                (events, warnings, None, None)
            }
        };
        resolve::mark_resolutions(store, &events, &mut reports)?;
        // The positions files were just read for the reports (or vouched for by their
        // identity): checked from those texts, and not even compared when their identity
        // says they are as last found recorded (the rule `check` and the hand-overs follow).
        // The records themselves are read only when a file may have changed, or to detail an
        // OPEN issue.
        let seen = record::Seen {
            texts,
            identities,
            loaded: None,
        };
        let now = |file: &str| seen.identity_now(store, file);
        let kept = match opened {
            _ if any_open => KeptDigests::Loaded(digests_file::load(store)?),
            Some(opened) => digests_file::load_unchanged_from(store, opened, now)?,
            None => digests_file::load_unchanged(store, now)?,
        };
        let (edits, ledger) = match kept {
            KeptDigests::Unchanged { head, .. } => {
                let edits = record::unaccepted_edits_with(store, state, &head, Vec::new())?;
                (edits, None)
            }
            KeptDigests::Loaded(loaded) => {
                let seen = record::Seen {
                    loaded: Some(&loaded),
                    ..seen
                };
                let edits = record::unaccepted_edits_seen(store, state, &loaded.ledger, &seen)?;
                (edits, Some(loaded.ledger))
            }
        };
        let overview = Overview {
            reports,
            events,
            log_warnings,
            edits,
            ledger,
            titled,
            open,
        };
        Ok((overview, cache, log_kept))
    }
}

/// Which of the log's events an overview's `events` holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Events {
    All,
    /// Those `status` reads ([`log_cache::read_by_status`](crate::negotiation::derived::log_cache::read_by_status)),
    /// unless an issue is OPEN (its detail reads the records and the entries).
    StatusReads,
}

#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct Summary {
    pub total: usize,
    pub agreed: usize,
    pub open: usize,
    pub escalated: usize,
}

pub fn summarize(reports: &[IssueReport]) -> Summary {
    let count = |status: IssueStatus| reports.iter().filter(|r| r.status == Some(status)).count();
    let agreed = count(IssueStatus::Agreed);
    let escalated = count(IssueStatus::Escalate);
    Summary {
        total: reports.len(),
        agreed,
        escalated,
        open: reports.len() - agreed - escalated,
    }
}

/// How `status` and `watch` show the edits of recorded positions: a count, then one line
/// per edit as `check` names it.
pub fn edit_lines(edits: &[Edit]) -> Vec<String> {
    let mut lines = vec![format!(
        "Edits of recorded positions (not append-only): {}",
        edits.len()
    )];
    lines.extend(edits.iter().map(|edit| format!("  {}", edit.describe())));
    lines
}
