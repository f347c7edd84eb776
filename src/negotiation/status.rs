//! `status DIR`: the whole state, for humans (one line per issue) and agents (`--json`).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::{Human, Reply};
use crate::store::{LockMode, Locked, Presence, Store, Version};

use super::agents::Agents;
use super::digest::{self, Edit, Ledger, Texts};
use super::digests_file::Kept;
use super::duplicate::LikelyDuplicate;
use super::issue_cache::{Identities, IssueCache, NextCache, PositionsSummary, Shared};
use super::issues::{self, ISSUES_DIR, IssueFile, POSITIONS_DIR};
use super::log::Event;
use super::log_cache::StatusEvents;
use super::meta::Meta;
use super::positions::{IssueStatus, Positions};
use super::turn::{Phase, Turn, TurnStarted};
use super::{Actor, State, digests_file, duplicate, log, open, resolve};

#[derive(Debug, Clone)]
pub struct StatusArgs {
    pub dir: PathBuf,
}

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

    fn icon(&self) -> &'static str {
        match self.status {
            Some(IssueStatus::Agreed) => "✅",
            Some(IssueStatus::Escalate) => "⚠️",
            Some(IssueStatus::Open) => "🔄",
            None => "📝",
        }
    }
}

/// What one pass over `issues/` and `positions/` read: the reports, and what else the same
/// command needs of those files, so that it reads none of them twice.
struct IssuesRead {
    reports: Vec<IssueReport>,
    /// Whether each report's title is as written (`false`: no `# Issue:` line, its topic
    /// stands in), in the reports' order.
    titled: Vec<bool>,
    /// The positions files read (those the cache did not vouch for, every OPEN issue's), and
    /// those found missing.
    texts: Texts,
    /// The identity of each positions file: as read, when it had settled; as found, when
    /// the cache vouched for it.
    identities: FxHashMap<String, Version>,
    /// What to keep for the next overview.
    cache: NextCache,
}

/// Reads each issue file and positions file, except those whose identity says they are as
/// `.parley/issue-reports.json` recorded them ([`issue_cache`](super::issue_cache)): their
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
        // Only the files read go in (every OPEN issue's, any the cache did not vouch for).
        texts: Texts::default(),
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
                read.identities.insert(positions_rel, part.identity);
                identities.positions = Some(part.identity);
                Some(part.derived)
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
                    let summary = PositionsSummary::of(&positions_rel, &text);
                    if let Some(identity) = identity {
                        read.identities.insert(positions_rel.clone(), identity);
                        // An OPEN issue's report is not kept: it is read every time.
                        if summary.status != IssueStatus::Open {
                            identities.positions = Some(identity);
                            read_now = true;
                        }
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
/// ([`looked_up_while`](super::looked_up_while)), the lookups (a thousand `fstatat` for 500
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
    let (cache, meanwhile) = super::looked_up_while(&mut found, look_up, || {
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
    pub ledger: Option<Ledger>,
    /// Whether each report's title is as written (`false`: no `# Issue:` line, its topic
    /// stands in), in the reports' order ([`written_titles`]).
    pub titled: Vec<bool>,
    /// The text of each positions file read for the reports: every OPEN issue's, and any
    /// other the cache of reports did not vouch for (`None`: it was missing).
    pub texts: Texts,
}

impl Overview {
    /// Read under the caller's lock (shared or exclusive), keeping for the next overview what
    /// it derived from the issue and positions files, when that changed
    /// ([`issue_cache`](super::issue_cache)).
    pub fn read_locked(locked: &Locked, state: &State) -> Result<Overview> {
        Overview::read_keeping(locked, state, Events::All)
    }

    /// [`Overview::read_locked`] for `status`: when no issue is OPEN, `events` holds only the
    /// events `status` then reads ([`log_cache::read_by_status`](super::log_cache::read_by_status)),
    /// so that only the log's newer lines are parsed ([`log_cache`](super::log_cache)).
    pub fn read_for_status(locked: &Locked, state: &State) -> Result<Overview> {
        Overview::read_keeping(locked, state, Events::StatusReads)
    }

    fn read_keeping(locked: &Locked, state: &State, events: Events) -> Result<Overview> {
        let (overview, cache, log_kept) = Overview::read_with_cache(locked.store(), state, events)?;
        cache.save(locked, &overview.reports, &overview.titled);
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
        let seen = digest::Seen {
            texts,
            identities,
            loaded: None,
        };
        let now = |file: &str| seen.identity_now(store, file);
        let kept = match opened {
            _ if any_open => Kept::Loaded(digests_file::load(store)?),
            Some(opened) => digests_file::load_unchanged_from(store, opened, now)?,
            None => digests_file::load_unchanged(store, now)?,
        };
        let (edits, ledger, texts) = match kept {
            Kept::Unchanged { head, .. } => {
                let edits = digest::unaccepted_edits_with(store, state, &head, Vec::new())?;
                (edits, None, seen.texts)
            }
            Kept::Loaded(loaded) => {
                let seen = digest::Seen {
                    loaded: Some(&loaded),
                    ..seen
                };
                let edits = digest::unaccepted_edits_seen(store, state, &loaded.ledger, &seen)?;
                let texts = seen.texts;
                (edits, Some(loaded.ledger), texts)
            }
        };
        let overview = Overview {
            reports,
            events,
            log_warnings,
            edits,
            ledger,
            titled,
            texts,
        };
        Ok((overview, cache, log_kept))
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

/// Which of the log's events an overview's `events` holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Events {
    All,
    /// Those `status` reads ([`log_cache::read_by_status`](super::log_cache::read_by_status)),
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

/// The whole state: `data` of `status --json`, and the view people read.
#[derive(Debug, Serialize)]
pub struct StatusReply {
    /// `turn.md`: the holder's name, `registration` or `done`.
    turn: String,
    phase: Phase,
    turn_started: Option<TurnStarted>,
    meta: Meta,
    agents: Agents,
    issues: Vec<IssueReport>,
    summary: Summary,
    edits: Vec<Edit>,
    /// The detail of each OPEN issue with positions, in the issues' order.
    open_issues: Vec<OpenDetail>,
    /// Likely duplicates among the issues still to settle.
    duplicates: Vec<LikelyDuplicate>,
    /// What `finish` would refuse for now (none once it is done).
    finish_blockers: Vec<String>,
    /// `positions/NN-TOPIC.md` → the agent whose `agree` made it AGREED.
    agreed_by: BTreeMap<String, String>,
    /// Whether `finish` has marked the negotiation done.
    #[serde(skip)]
    finished: bool,
}

impl Reply for StatusReply {
    /// What the positions files' parser noticed, each named by its file.
    fn warnings(&self) -> Vec<String> {
        self.issues
            .iter()
            .flat_map(|report| report.warnings.iter().cloned())
            .collect()
    }

    fn human(&self, out: &mut Human) {
        out.line("=== Negotiation Status ===");
        out.line(format!("Current turn: {}", self.turn));
        out.line(format!("Phase: {}", self.phase));
        out.line(format!(
            "Agents ({}/{}):",
            self.agents.len(),
            self.meta.expected_agents
        ));
        for agent in &self.agents.list {
            out.line(format!("  - {}", agent.name));
        }
        out.line("");
        out.line("Issues:");
        // The details are in the reports' order, one for each OPEN issue with positions.
        let mut details = self.open_issues.iter().peekable();
        // One line per issue, written by parts into the text, not formatted (500 issues).
        let mut rel = String::new();
        for report in &self.issues {
            let settled = report.settled_by().unwrap_or_default();
            let gap = if settled.is_empty() { "" } else { " " };
            out.line_of(&[
                "  ",
                report.icon(),
                " ",
                &report.file.file,
                " — ",
                &report.title,
                " [",
                report.status_word(),
                "]",
                gap,
                &settled,
            ]);
            if let Some(detail) = details.next_if(|d| d.file == report.file.file) {
                out.line(format!("      {}", detail.describe()));
            }
            if report.status == Some(IssueStatus::Agreed)
                && report.resolved_by.is_none()
                && let Some(agent) = self
                    .agreed_by
                    .get(issues::positions_rel(&mut rel, &report.file.file))
            {
                out.line(format!("      agreed by {agent}"));
            }
        }
        let summary = &self.summary;
        out.line("");
        out.line(format!(
            "Summary: {} issues — {} agreed, {} open, {} escalated",
            summary.total, summary.agreed, summary.open, summary.escalated
        ));
        if summary.total > 0 && summary.agreed == summary.total {
            if self.finished {
                out.line("🎉 All issues resolved. The negotiation is finished.");
            } else {
                out.line("🎉 All issues resolved! Ready for final document.");
            }
        }
        if !self.duplicates.is_empty() {
            out.line("");
            for duplicate in &self.duplicates {
                out.line(duplicate.describe());
            }
        }
        // The edits stay the last block, as before: tools read them to the end of the output.
        if !self.finish_blockers.is_empty() && self.phase == Phase::Positions {
            out.line("");
            out.line(format!(
                "What still blocks finish ({}):",
                self.finish_blockers.len()
            ));
            for blocker in &self.finish_blockers {
                out.line(format!("  {blocker}"));
            }
        }
        if !self.edits.is_empty() {
            out.line("");
            for line in edit_lines(&self.edits) {
                out.line(line);
            }
        }
    }
}

pub fn run(ctx: &Ctx, args: &StatusArgs) -> Result<StatusReply> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "status",
        agent: None,
    };
    let shared = store.lock(LockMode::Shared, &actor.label())?;
    let state = State::load(&store)?;
    let Overview {
        reports,
        edits,
        events,
        ledger,
        titled,
        texts,
        ..
    } = Overview::read_for_status(&shared, &state)?;
    let summary = summarize(&reports);
    let open = open_details(&state, &reports, &events, ledger.as_ref(), &texts);
    let agreers = super::agree::agreed_by(&events);
    // Only the pairs still to settle: an issue agreed or escalated is past that question.
    let unsettled: HashSet<&str> = reports
        .iter()
        .filter(|r| matches!(r.status, None | Some(IssueStatus::Open)))
        .map(|r| r.file.file.as_str())
        .collect();
    let duplicates: Vec<_> = duplicate::likely_among(
        (reports.iter().map(|r| &r.file)).zip(written_titles(&reports, &titled)),
    )
    .into_iter()
    .filter(|d| unsettled.contains(d.file.as_str()))
    .collect();
    let blockers = if state.turn == Turn::Done {
        Vec::new()
    } else {
        finish_blockers(&store, &state, &reports, &events, &edits)?
    };
    Ok(StatusReply {
        turn: state.turn.word().to_owned(),
        finished: state.turn == Turn::Done,
        phase: state.phase,
        turn_started: state.started,
        meta: state.meta,
        agents: state.agents,
        issues: reports,
        summary,
        edits,
        open_issues: open,
        duplicates,
        finish_blockers: blockers,
        agreed_by: agreers,
    })
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

/// What `status` says of an OPEN issue beyond its line: its rounds, who challenged it and
/// when, and which agents the rules would let agree it on their turn.
#[derive(Debug, Clone, serde::Serialize)]
pub struct OpenDetail {
    pub file: String,
    pub rounds: u64,
    pub challenges: Vec<Challenge>,
    /// The agents whose `agree` the rules would accept on their turn (the holder: now).
    pub may_agree: Vec<Name>,
}

/// A challenge entry (a duplicate proposal or a reopen included) and when it was first
/// recorded (a command's entry at once, a hand-written one at the next hand-over).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Challenge {
    pub agent: Name,
    pub round: u64,
    pub at: Option<String>,
}

impl OpenDetail {
    pub fn describe(&self) -> String {
        let challenges = if self.challenges.is_empty() {
            "no challenge yet".to_owned()
        } else {
            let each: Vec<String> = self
                .challenges
                .iter()
                .map(|c| match &c.at {
                    Some(at) => format!("{} (round {}, {at})", c.agent, c.round),
                    None => format!("{} (round {}, not yet recorded)", c.agent, c.round),
                })
                .collect();
            format!("challenged by {}", each.join(", "))
        };
        let may = if self.may_agree.is_empty() {
            "nobody yet".to_owned()
        } else {
            self.may_agree
                .iter()
                .map(Name::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "round {}; {challenges}; may agree on their turn: {may}",
            self.rounds
        )
    }
}

/// The detail of every OPEN issue (with a positions file).
fn open_details(
    state: &State,
    reports: &[IssueReport],
    events: &[Event],
    ledger: Option<&Ledger>,
    texts: &Texts,
) -> Vec<OpenDetail> {
    // No OPEN issue, nothing to detail (the records were then not even read).
    let Some(ledger) =
        ledger.filter(|_| reports.iter().any(|r| r.status == Some(IssueStatus::Open)))
    else {
        return Vec::new();
    };
    // When each challenge entry was first recorded, from one pass over the digests.
    let mut first_seen: std::collections::HashMap<(Cow<str>, String), String> =
        std::collections::HashMap::new();
    for event in events.iter().filter(|e| e.event == digest::DIGEST_EVENT) {
        let Some((file, titles)) = recorded_titles(event) else {
            continue;
        };
        for title in titles {
            if title.contains("'s challenge") {
                first_seen
                    .entry((file.clone(), title.into_owned()))
                    .or_insert_with(|| event.at.to_string());
            }
        }
    }
    let mut details = Vec::new();
    for report in reports {
        if report.status != Some(IssueStatus::Open) {
            continue;
        }
        let rel = issues::positions_file(&report.file.file);
        let Some(Some(text)) = texts.get(&rel) else {
            continue;
        };
        let positions = super::reopen::challenges_from(events, &rel, &Positions::parse(text));
        let first_recorded = |title: &str| {
            first_seen
                .get(&(Cow::Borrowed(rel.as_str()), title.to_owned()))
                .cloned()
        };
        let challenges = positions
            .entries
            .iter()
            .filter(|e| e.kind == super::positions::EntryKind::Challenge)
            .map(|e| Challenge {
                agent: e.agent.clone(),
                round: e.round,
                at: first_recorded(&e.title()),
            })
            .collect();
        let recorded = ledger.at_turn_start(&rel);
        let holder = state.turn.holder();
        // A duplicate proposal can be agreed to without a decision, by its own rules.
        let proposals = super::duplicate::proposals(events, &rel, &positions);
        let may_agree = state
            .agents
            .list
            .iter()
            .map(|a| &a.name)
            .filter(|agent| {
                // The holder is judged as `agree` would judge it now; the others as on their
                // next turn, when every entry there now will have been recorded at a hand-over.
                let now = holder == Some(*agent);
                let before_turn =
                    |title: &str| !now || recorded.is_some_and(|d| d.has_entry(title));
                super::agree::broken_rules(&positions, state, agent, before_turn).is_empty()
                    || (!proposals.is_empty()
                        && super::agree::duplicate_rules(
                            &proposals,
                            state,
                            agent,
                            before_turn,
                            &rel,
                        )
                        .is_ok())
            })
            .cloned()
            .collect();
        details.push(OpenDetail {
            file: report.file.file.clone(),
            rounds: report.rounds,
            challenges,
            may_agree,
        });
    }
    details
}

/// The file a `digest` event records and the titles of the entries it records (none when it
/// records the file as gone), read from the detail's text without building a JSON tree of it.
fn recorded_titles(event: &Event) -> Option<(Cow<'_, str>, Vec<Cow<'_, str>>)> {
    let raw = event.detail.as_deref()?.get();
    // No escape anywhere and no challenge in the text: no title can name one.
    if !raw.contains('\\') && !raw.contains("'s challenge") {
        return None;
    }
    #[derive(serde::Deserialize)]
    struct Record<'a> {
        #[serde(borrow)]
        file: Cow<'a, str>,
        #[serde(borrow, default)]
        digest: Option<Titles<'a>>,
    }
    #[derive(serde::Deserialize)]
    struct Titles<'a> {
        #[serde(borrow, default)]
        entries: Vec<Title<'a>>,
    }
    #[derive(serde::Deserialize)]
    struct Title<'a> {
        #[serde(borrow)]
        entry: Option<Cow<'a, str>>,
    }
    if let Some(record) = event.detail_as::<Record>() {
        let titles = record.digest.map(|d| d.entries).unwrap_or_default();
        return Some((
            record.file,
            titles.into_iter().filter_map(|t| t.entry).collect(),
        ));
    }
    // A detail of another shape (not one parley writes): read field by field, as far as
    // it goes.
    let detail = event.detail_value()?;
    let file = detail.get("file")?.as_str()?.to_owned();
    let entries = detail
        .get("digest")
        .and_then(|g| g.get("entries"))
        .and_then(|list| list.as_array());
    let titles = entries
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.get("entry")?.as_str())
        .map(|title| Cow::Owned(title.to_owned()))
        .collect();
    Some((Cow::Owned(file), titles))
}

/// What `finish` (with no option) would refuse for, as its failure lines.
fn finish_blockers(
    store: &Store,
    state: &State,
    reports: &[IssueReport],
    events: &[Event],
    edits: &[Edit],
) -> Result<Vec<String>> {
    let mut failures = super::finish::check(store, state, reports, events, false)?.failures;
    failures.extend(edits.iter().map(|edit| edit.describe()));
    failures.extend(super::sign_off::missing(store, state, events, None)?);
    Ok(failures)
}
