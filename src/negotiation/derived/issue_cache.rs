//! `.parley/issue-reports.json`: what the overview (`status`, `watch`, `report`, `finish`)
//! derived from each issue file and positions file, with the identity each file had when it
//! was read, so that the next overview reads only the files that may have changed since.
//!
//! The file is derived and checked before every use, like the parliament's ledger summary:
//! - A part (an issue file's title, a positions file's report) is used only when the file's
//!   identity now, taken by one `fstatat` without following a link, is a regular file's and
//!   equals the one recorded with it. An identity is recorded only when it was taken from the
//!   very read the part was derived from, before reading, and only once the file had settled
//!   ([`Version`]: last changed at least 1.1 or 3 seconds before), so that a later write
//!   of the same size cannot carry the same times. A link or a directory has its own inode and is
//!   never a regular file: it is read, and refused, as before.
//! - Anything else (no file, a file that is unreadable, does not parse or is of another
//!   version, a part whose identity differs) means the file is read as if there were no
//!   cache. The cache being unusable is neither an error nor a warning.
//! - An OPEN issue's positions file is kept as the others are, with the entries its text
//!   parses to (the agent, kind, round and line of each heading): what the detail of open
//!   issues and `status --agent` need of it. What the detail derives from those entries and
//!   the log (challenges, who may agree) depends on more than the file and is not kept. A
//!   file edited by hand is found by its identity as any other, and read again alone; one
//!   edited within the last seconds is read until it has settled.
//! - It is written after the overview's reading when the next overview would read fewer
//!   files with it (at least [`WORTH_A_WRITE`] fewer, or one in eight of the issues), or
//!   issues it keeps are no longer listed: a file changed since its part was kept is read
//!   again until then, which answers the same. It is written by
//!   [`Locked::replace_cache`] under whatever lock the command holds (a
//!   shared one for `status`). Two overviews under shared locks may write it at once: each
//!   writes a whole file by one rename, and whichever stays is checked part by part before
//!   use, so an older one only costs reads. Failing to write it (a read-only directory) is
//!   not an error: the answer is the same without it.
//!
//! Trust boundary: whoever can write `.parley/` can plant a part with a file's true identity
//! and another content, as with the digests file; parley defends against accidents and
//! casual edits of the files it reads, not against forging its own derived files.

use std::borrow::Cow;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::names::Name;
use crate::store::{Locked, Presence, Store, Version, VersionStamp};

use crate::negotiation::derived::issue_report::{IssueReport, PositionsSummary, written_titles};
use crate::negotiation::model::issues;
use crate::negotiation::model::positions::{Entry, EntryKind, IssueStatus, Positions};
use crate::negotiation::model::scan::Scan;

pub const FILE: &str = ".parley/issue-reports.json";

/// `positions/NN-TOPIC.md` → what an OPEN issue's positions file parses to: read by this
/// overview, or as the cache kept it.
pub type OpenPositions = rustc_hash::FxHashMap<String, Positions>;

/// Changes whenever what a part holds changes meaning; a file of another version is ignored.
const VERSION: u32 = 5;

/// What was derived from one file, vouched for by the file's identity (the one it has now).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part<T> {
    pub identity: Version,
    pub derived: T,
}

/// What was derived from one file, as kept: the stamp of the identity the file had when it
/// was read, then what was derived.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
struct KeptPart<T>(VersionStamp, T);

/// The parts kept of one issue: its issue file's name (`NN-TOPIC.md`), the issue file's
/// title as written (`None`: no `# Issue:` line), and its positions file's summary, as its
/// place among the file's summaries, with an OPEN issue's entries. Each part is an array of
/// its fields (a file of 500 issues is read at every overview: arrays parse in a fraction of
/// the time of objects); the name and title are borrowed from the file's text where they need no unescaping. It is
/// written from the reports themselves (`Written`), which hold what the parts do.
#[derive(Debug, Deserialize)]
struct KeptIssue<'a>(
    &'a str,
    #[serde(borrow)] Option<KeptPart<Option<Text<'a>>>>,
    Option<KeptPart<KeptPositions>>,
);

/// What is kept of a positions file: its summary's place among the file's summaries, and for
/// an OPEN issue (only) the entries its text parses to.
#[derive(Debug, Deserialize)]
struct KeptPositions(usize, Option<Vec<KeptEntry>>);

/// An entry as kept: its agent, kind, round and line.
#[derive(Debug, Deserialize)]
struct KeptEntry(Name, EntryKind, u64, usize);

impl From<KeptEntry> for Entry {
    fn from(KeptEntry(agent, kind, round, line): KeptEntry) -> Entry {
        Entry {
            agent,
            kind,
            round,
            line,
        }
    }
}

/// A string of the file: borrowed from its text, or unescaped into a copy.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Text<'a>(Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Text<'a>, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(text)))
            }
            fn visit_str<E>(self, text: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(text.to_owned())))
            }
        }
        deserializer.deserialize_str(Visit)
    }
}

impl<T> KeptPart<T> {
    /// The part, when the file was found as a regular file whose identity has the stamp kept.
    fn vouched(self, found: Presence) -> Option<Part<T>> {
        match found {
            Presence::File(identity) if VersionStamp::from(identity) == self.0 => Some(Part {
                identity,
                derived: self.1,
            }),
            _ => None,
        }
    }
}

#[derive(Deserialize)]
struct CacheFile<'a> {
    version: u32,
    /// Each summary once, however many issues it is kept for: the issues of a negotiation
    /// mostly end with the same few agents' positions and challenges, so a file of 500
    /// issues holds a few summaries to parse instead of 500.
    summaries: Vec<PositionsSummary>,
    /// Each issue kept, in the order the overview lists them (by number).
    #[serde(borrow)]
    issues: Vec<KeptIssue<'a>>,
}

/// [`CacheFile`] as written: borrowed from the reports.
#[derive(Serialize)]
struct Written<'r> {
    version: u32,
    summaries: Vec<SummaryWritten<'r>>,
    issues: Vec<KeptWritten<'r>>,
}

type KeptWritten<'r> = (
    &'r str,
    Option<(VersionStamp, Option<&'r str>)>,
    Option<(VersionStamp, (usize, Option<Vec<EntryWritten<'r>>>))>,
);
type EntryWritten<'r> = (&'r Name, EntryKind, u64, usize);
type SummaryWritten<'r> = (
    IssueStatus,
    &'r [Name],
    &'r [Name],
    &'r [Name],
    u64,
    // The parser's warnings as it words them, without the file's name, so that the files
    // with the same warning share one summary.
    Vec<&'r str>,
);

/// The identities an issue's title and report go with, for the next overview.
#[derive(Debug, Clone, Copy, Default)]
pub struct Identities {
    pub issue: Option<Version>,
    pub positions: Option<Version>,
}

/// The cache as found on disk (borrowed from its bytes), taken apart issue by issue while the
/// overview reads, and the identities that go with the reports it builds, to keep for the
/// next overview.
#[derive(Debug, Default)]
pub struct IssueCache<'a> {
    /// What the file holds, each issue taken out once looked at.
    found: Vec<Option<KeptIssue<'a>>>,
    /// The summaries the issues found refer to.
    summaries: Vec<PositionsSummary>,
    /// Where the next issue listed is expected in `found` (the issues are listed in the
    /// order they were kept, unless some came or went).
    cursor: usize,
    /// Issue file name → its place in `found`, made at the first issue out of order.
    places: Option<HashMap<&'a str, usize>>,
    next: NextCache,
}

/// What the overview keeps for the next one, once it has looked at every issue.
#[derive(Debug, Default)]
pub struct NextCache {
    /// One for each issue listed, in the reports' order.
    next: Vec<Identities>,
    /// How many issues had a file read that the next overview need not read again (a part
    /// kept from this reading): what writing the cache would spare.
    spared: usize,
    /// Whether the file kept issues no longer listed.
    left_out: bool,
}

/// How many reads a new cache must spare, at least, to be written (or one in eight of the
/// issues listed, when that is fewer): rewriting the whole file for a few reads costs more
/// than the reads. An issue raised every few seconds (its file kept once it has settled)
/// otherwise rewrites the cache at every overview.
const WORTH_A_WRITE: usize = 16;

/// The parts of the cache that vouch for one issue's files as they are now.
#[derive(Debug, Default)]
pub struct Vouched {
    pub issue: Option<Part<Option<String>>>,
    pub positions: Option<Part<KnownPositions>>,
}

/// What the cache knows of a positions file.
#[derive(Debug)]
pub struct KnownPositions {
    pub summary: PositionsSummary,
    /// An OPEN issue's: what its text parses to.
    pub parsed: Option<Positions>,
}

impl<'a> IssueCache<'a> {
    /// The bytes of the cache on disk, if there is one to parse.
    pub fn read(store: &Store) -> Option<Vec<u8>> {
        match store.read_from(FILE, 0) {
            Ok(Some((_, bytes))) if !bytes.is_empty() => Some(bytes),
            _ => None,
        }
    }

    /// The cache whose bytes are `bytes`; empty when it cannot be used.
    pub fn parse(bytes: &'a [u8]) -> IssueCache<'a> {
        let Some(file) = parse(bytes) else {
            return IssueCache::default();
        };
        IssueCache {
            next: NextCache {
                next: Vec::with_capacity(file.issues.len()),
                ..NextCache::default()
            },
            found: file.issues.into_iter().map(Some).collect(),
            summaries: file.summaries,
            ..IssueCache::default()
        }
    }

    /// Takes out what is kept of the issue `file`, if anything.
    fn take(&mut self, file: &str) -> Option<KeptIssue<'a>> {
        let expected = self.found.get(self.cursor).and_then(Option::as_ref);
        let place = if expected.is_some_and(|kept| kept.0 == file) {
            self.cursor
        } else {
            let found = &self.found;
            let places = self.places.get_or_insert_with(|| {
                let kept = found.iter().enumerate();
                kept.filter_map(|(place, kept)| Some((kept.as_ref()?.0, place)))
                    .collect()
            });
            *places.get(file)?
        };
        self.cursor = place + 1;
        self.found[place].take()
    }

    /// The parts kept for the issue `file` whose identity is the one its files have now: the
    /// issue file was found as `issue`, the positions file as `positions`.
    pub fn vouch(&mut self, file: &str, issue: Presence, positions: Presence) -> Vouched {
        let Some(KeptIssue(_, kept_issue, kept_positions)) = self.take(file) else {
            return Vouched::default();
        };
        // A part not vouched for is dropped (or replaced by what is read now).
        Vouched {
            issue: kept_issue.and_then(|part| part.vouched(issue)).map(
                |Part { identity, derived }| Part {
                    identity,
                    derived: derived.map(|title| title.0.into_owned()),
                },
            ),
            positions: kept_positions.and_then(|KeptPart(stamp, kept)| {
                let KeptPositions(place, entries) = kept;
                let summary = self.summaries.get(place)?;
                let Part { identity, derived } = KeptPart(stamp, summary).vouched(positions)?;
                // An OPEN issue's part is whole only with its entries; another's has none.
                let parsed = match (derived.status, entries) {
                    (IssueStatus::Open, Some(entries)) => Some(Positions {
                        status: IssueStatus::Open,
                        entries: entries.into_iter().map(Entry::from).collect(),
                        warnings: derived.warnings.to_vec(),
                    }),
                    (IssueStatus::Open, None) | (_, Some(_)) => return None,
                    (_, None) => None,
                };
                let mut summary = derived.clone();
                if !summary.warnings.is_empty() {
                    // Each warning after the file's name, as the report shows it.
                    let rel = issues::positions_file(file);
                    let named = summary.warnings.iter().map(|w| format!("{rel}: {w}"));
                    summary.warnings = named.collect();
                }
                Some(Part {
                    identity,
                    derived: KnownPositions { summary, parsed },
                })
            }),
        }
    }

    /// Keeps, for the next overview, the identities the next report's title and summary go
    /// with; `read_now` says whether one of them was taken by a read (a part not kept as it
    /// is now, which the next overview would not read again).
    pub fn keep(&mut self, identities: Identities, read_now: bool) {
        self.next.spared += usize::from(read_now);
        self.next.next.push(identities);
    }

    /// What to keep for the next overview, every issue listed having been looked at.
    pub fn finish(self) -> NextCache {
        NextCache {
            left_out: self.found.iter().any(Option::is_some),
            ..self.next
        }
    }
}

impl NextCache {
    /// Writes the cache for the next overview, from the reports the overview made (with the
    /// titles as written: `titled` says which are, [`written_titles`], and the OPEN issues'
    /// entries: `open`), when that spares enough reads or drops issues no longer listed (see
    /// the module documentation); a failure to write it changes no answer and is ignored.
    pub fn save(
        self,
        locked: &Locked,
        reports: &[IssueReport],
        titled: &[bool],
        open: &OpenPositions,
    ) {
        let worth = self.spared >= WORTH_A_WRITE.min(self.next.len().div_ceil(8));
        if !(self.left_out || self.spared > 0 && worth) {
            return;
        }
        let _ = locked.replace_cache(FILE, &self.text(reports, titled, open));
    }

    /// The file for the next overview.
    fn text(&self, reports: &[IssueReport], titled: &[bool], open: &OpenPositions) -> String {
        let mut summaries: Vec<SummaryWritten<'_>> = Vec::new();
        let mut places: HashMap<SummaryWritten<'_>, usize> = HashMap::new();
        let issues = (self
            .next
            .iter()
            .zip(reports)
            .zip(written_titles(reports, titled)))
        .filter(|((kept, _), _)| kept.issue.is_some() || kept.positions.is_some())
        .map(|((kept, report), title)| -> KeptWritten<'_> {
            let mut place_of = |status| {
                let named = issues::positions_file(&report.file.file) + ": ";
                let warnings = (report.warnings.iter())
                    .map(|w| w.strip_prefix(named.as_str()).unwrap_or(w))
                    .collect();
                let summary: SummaryWritten<'_> = (
                    status,
                    &report.position_authors,
                    &report.challenge_authors,
                    &report.participants,
                    report.rounds,
                    warnings,
                );
                *places.entry(summary.clone()).or_insert_with(|| {
                    summaries.push(summary);
                    summaries.len() - 1
                })
            };
            // An OPEN issue's positions are kept with its entries, or not at all.
            let entries = |status| match status {
                IssueStatus::Open => {
                    let parsed = open.get(&issues::positions_file(&report.file.file))?;
                    let entries = parsed.entries.iter();
                    Some(Some(
                        entries
                            .map(|e| (&e.agent, e.kind, e.round, e.line))
                            .collect(),
                    ))
                }
                _ => Some(None),
            };
            (
                &report.file.file,
                kept.issue.map(|identity| (identity.into(), title)),
                kept.positions
                    .zip(report.status)
                    .and_then(|(identity, status)| {
                        let entries = entries(status)?;
                        Some((identity.into(), (place_of(status), entries)))
                    }),
            )
        })
        .collect();
        let written = Written {
            version: VERSION,
            summaries,
            issues,
        };
        serde_json::to_string(&written).expect("the cache always serializes")
    }
}

/// What a cache file keeps; `None` when it cannot be used.
fn parse(bytes: &[u8]) -> Option<CacheFile<'_>> {
    let text = std::str::from_utf8(bytes).ok()?;
    as_written(text)
        .or_else(|| serde_json::from_str::<CacheFile>(text).ok())
        .filter(|file| file.version == VERSION)
}

/// The cache file exactly as [`NextCache::text`] writes it, the issues read by a scan of
/// their few shapes instead of the general JSON parser (which took a sixth of `status`'s
/// instructions for 700 issues); the summaries, few, are parsed by it. `None` at anything
/// else (a string with an escape, a space, another order of fields), which the general
/// parser then reads: both give the same for any file this one reads (a property test).
fn as_written(text: &str) -> Option<CacheFile<'_>> {
    let rest = text.strip_prefix(r#"{"version":"#)?;
    let mut scan = Scan(rest);
    let version = u32::try_from(scan.number()?).ok()?;
    scan.expect(r#","summaries":"#)?;
    let summaries = scan.parsed::<Vec<PositionsSummary>>()?;
    scan.expect(r#","issues":"#)?;
    let issues = scan.array(kept)?;
    (scan.0 == "}").then_some(CacheFile {
        version,
        summaries,
        issues,
    })
}

/// One issue: `["NAME",null|["STAMP",null|"TITLE"],null|["STAMP",[PLACE,null|ENTRIES]]]`.
fn kept<'a>(scan: &mut Scan<'a>) -> Option<KeptIssue<'a>> {
    scan.expect("[")?;
    let name = scan.string()?;
    scan.expect(",")?;
    let issue = part(scan, |scan| {
        scan.or_null(|scan| Some(Text(Cow::Borrowed(scan.string()?))))
    })?;
    scan.expect(",")?;
    let positions = part(scan, |scan| {
        scan.expect("[")?;
        let place = usize::try_from(scan.number()?).ok()?;
        scan.expect(",")?;
        let entries = scan.or_null(|scan| scan.array(entry))?;
        scan.expect("]")?;
        Some(KeptPositions(place, entries))
    })?;
    scan.expect("]")?;
    Some(KeptIssue(name, issue, positions))
}

/// One entry: `["AGENT","KIND",ROUND,LINE]`.
fn entry(scan: &mut Scan<'_>) -> Option<KeptEntry> {
    scan.expect("[")?;
    let agent = Name::parse_str("agent", scan.string()?).ok()?;
    scan.expect(",")?;
    let kind = EntryKind::from_word(scan.string()?)?;
    scan.expect(",")?;
    let round = scan.number()?;
    scan.expect(",")?;
    let line = usize::try_from(scan.number()?).ok()?;
    scan.expect("]")?;
    Some(KeptEntry(agent, kind, round, line))
}

/// `null`, or a part: `["STAMP",` then what `derived` reads, then `]`.
fn part<'a, T>(
    scan: &mut Scan<'a>,
    derived: impl FnOnce(&mut Scan<'a>) -> Option<T>,
) -> Option<Option<KeptPart<T>>> {
    scan.or_null(|scan| {
        scan.expect("[")?;
        let stamp = scan.stamp()?;
        scan.expect(",")?;
        let derived = derived(scan)?;
        scan.expect("]")?;
        Some(KeptPart(stamp, derived))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::negotiation::model::issues::IssueFile;

    fn identity(ino: u64) -> Version {
        Version::made_up(ino)
    }

    #[test]
    fn what_is_written_is_read_back_as_the_parts_of_the_reports() {
        let rel = "positions/01-a.md";
        let written = concat!(
            "## agent-alpha's position (round 2)\nA.\n\n",
            "## agent-beta's challenge (round 1)\nB.\n\n",
            "## Status: AGREEDISH\n",
        );
        let summary = PositionsSummary::of(rel, written);
        assert_eq!(summary.warnings.len(), 1);
        assert!(summary.warnings[0].starts_with("positions/01-a.md: line 7: "));
        let agreed = PositionsSummary::of(
            "positions/04-d.md",
            "## agent-alpha's position (round 1)\nA.\n\n## Status: AGREED\n",
        );
        let report = |file: &str, summary| {
            IssueReport::new(IssueFile::parse(file).unwrap(), "shown".to_owned(), summary)
        };
        let title = "Title \"quoted\"\t";
        let mut reports = [
            report("01-a.md", Some(summary.clone())),
            report("02-b.md", None),
            report("03-c.md", None),
            report("04-d.md", Some(agreed.clone())),
            report("05-e.md", Some(agreed.clone())),
        ];
        reports[0].title = title.to_owned();
        let titled = [true, false, false, false, false];
        let mut cache = IssueCache::default();
        let kept = Identities {
            issue: Some(identity(1)),
            positions: Some(identity(2)),
        };
        cache.keep(kept, true);
        let only_title = Identities {
            issue: Some(identity(3)),
            positions: None,
        };
        cache.keep(only_title, true);
        // Nothing kept of the third: it is left out.
        cache.keep(Identities::default(), false);
        for ino in [4, 5] {
            let agreed = Identities {
                issue: None,
                positions: Some(identity(ino)),
            };
            cache.keep(agreed, true);
        }

        let mut open = OpenPositions::default();
        open.insert(rel.to_owned(), Positions::parse(written));
        let text = cache.finish().text(&reports, &titled, &open);
        let CacheFile {
            summaries,
            issues: read,
            ..
        } = parse(text.as_bytes()).unwrap();
        assert_eq!(read.len(), 4);
        // Each summary once: the two issues with the same one refer to one place.
        assert_eq!(summaries.len(), 2);
        let place = |kept: &KeptIssue| kept.2.as_ref().map(|part| part.1.0);
        assert_eq!((place(&read[2]), place(&read[3])), (Some(1), Some(1)));
        let KeptIssue(file, issue, positions) = &read[0];
        assert_eq!(*file, "01-a.md");
        let issue = issue.as_ref().unwrap();
        assert_eq!(
            (issue.0, issue.1.as_ref().map(|title| title.0.as_ref())),
            (identity(1).into(), Some(title))
        );
        let positions = positions.as_ref().unwrap();
        // Kept with the warnings as the parser words them (files with the same warning share
        // a summary), and shown after the file's name.
        let unnamed = PositionsSummary {
            warnings: (summary.warnings.iter())
                .map(|w| w.strip_prefix("positions/01-a.md: ").unwrap().to_owned())
                .collect(),
            ..summary.clone()
        };
        assert_eq!(
            (positions.0, &summaries[positions.1.0]),
            (identity(2).into(), &unnamed)
        );
        // The OPEN issue's entries are kept with it; an AGREED issue's are not.
        assert_eq!(positions.1.1.as_ref().map(Vec::len), Some(2));
        assert!(read[3].2.as_ref().unwrap().1.1.is_none());
        assert_eq!(read[1].0, "02-b.md");
        assert_eq!(read[1].1.as_ref().unwrap().1, None);
        assert!(read[1].2.is_none());

        // Vouched for only by the identities kept; an OPEN issue's with what it parses to.
        let mut loaded = IssueCache {
            found: read.into_iter().map(Some).collect(),
            summaries,
            ..IssueCache::default()
        };
        let vouched = loaded.vouch("02-b.md", Presence::File(identity(3)), Presence::Missing);
        assert!(vouched.issue.is_some() && vouched.positions.is_none());
        let vouched = loaded.vouch(
            "01-a.md",
            Presence::File(identity(9)),
            Presence::File(identity(2)),
        );
        assert!(vouched.issue.is_none());
        let known = vouched.positions.unwrap().derived;
        assert_eq!(known.summary, summary);
        let parsed = known.parsed.unwrap();
        let whole = Positions::parse(written);
        assert_eq!(
            (parsed.entries, parsed.warnings),
            (whole.entries, whole.warnings)
        );
        let vouched = loaded.vouch("05-e.md", Presence::Missing, Presence::File(identity(5)));
        let known = vouched.positions.unwrap().derived;
        assert_eq!((known.summary, known.parsed.is_none()), (agreed, true));
    }

    proptest::proptest! {
        // A failure is reported with its shrunk input; nothing is written into the tree.
        #![proptest_config(proptest::test_runner::Config {
            failure_persistence: None,
            ..proptest::test_runner::Config::default()
        })]

        /// The scan of the file as written reads what the general parser reads, whatever
        /// the titles hold, and gives way to it for any text it does not know (an edit).
        #[test]
        fn the_scan_of_a_file_as_written_reads_what_the_json_parser_reads(
            titles in proptest::collection::vec(proptest::option::of(".{0,12}"), 0..6),
            kept in proptest::collection::vec((0u8..8, 1u64..9), 0..6),
            edit in proptest::option::of((0usize..400, "[ \\\\\"0,\\]\\[]")),
        ) {
            let count = titles.len().min(kept.len());
            let summary = PositionsSummary::of("positions/01-a.md", "## Status: AGREED\n");
            // An OPEN issue's entries are kept with its summary.
            let open_text = "## agent-a's position (round 1)\nA.\n\n## agent-b's challenge (round 2)\n";
            let mut open = OpenPositions::default();
            let mut reports = Vec::new();
            let mut cache = IssueCache::default();
            for (n, (what, ino)) in kept.iter().take(count).enumerate() {
                let name = format!("{:02}-t{n}.md", n + 1);
                let file = IssueFile::parse(&name).unwrap();
                let rel = issues::positions_file(&name);
                let positions = (what & 1 == 1).then(|| if what & 4 == 4 {
                    open.insert(rel.clone(), Positions::parse(open_text));
                    PositionsSummary::of(&rel, open_text)
                } else {
                    summary.clone()
                });
                let title = titles[n].clone().unwrap_or_else(|| "shown".to_owned());
                reports.push(IssueReport::new(file, title, positions));
                cache.keep(
                    Identities {
                        issue: (what & 2 == 2).then(|| identity(*ino)),
                        positions: (what & 1 == 1).then(|| identity(ino + 10)),
                    },
                    true,
                );
            }
            let titled: Vec<bool> = titles[..count].iter().map(Option::is_some).collect();
            let mut text = cache.finish().text(&reports, &titled, &open);
            if let Some((at, inserted)) = &edit {
                crate::negotiation::model::scan::insert_near(&mut text, *at, inserted);
            }
            let general = serde_json::from_str::<CacheFile>(&text).ok();
            let scanned = as_written(&text);
            let escaped = titles.iter().flatten().any(|t| t.contains(['"', '\\']) || t.chars().any(char::is_control));
            if edit.is_none() && !escaped {
                proptest::prop_assert!(scanned.is_some(), "{text}");
            }
            if let Some(scanned) = scanned {
                let general = general.expect("the JSON parser reads what the scan reads");
                proptest::prop_assert_eq!(format!("{:?}", scanned.issues), format!("{:?}", general.issues));
                proptest::prop_assert_eq!(scanned.summaries, general.summaries);
                proptest::prop_assert_eq!(scanned.version, general.version);
            }
        }
    }
}
