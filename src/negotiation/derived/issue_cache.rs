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
//! - An OPEN issue's positions file is always read: its text is needed for the detail of
//!   open issues and its parts change at every turn. Its report is not kept.
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
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::scan::Scan;

pub const FILE: &str = ".parley/issue-reports.json";

/// Changes whenever what a part holds changes meaning; a file of another version is ignored.
const VERSION: u32 = 3;

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
/// place among the file's summaries. Each part is an array of its fields (a file of 500
/// issues is read at every overview: arrays parse in a fraction of the time of objects); the
/// name and title are borrowed from the file's text where they need no unescaping. It is
/// written from the reports themselves (`Written`), which hold what the parts do.
#[derive(Debug, Deserialize)]
struct KeptIssue<'a>(
    &'a str,
    #[serde(borrow)] Option<KeptPart<Option<Text<'a>>>>,
    Option<KeptPart<usize>>,
);

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
    Option<(VersionStamp, usize)>,
);
type SummaryWritten<'r> = (
    IssueStatus,
    &'r [Name],
    &'r [Name],
    &'r [Name],
    u64,
    &'r [String],
);

/// The identities an issue's title and report go with, for the next overview.
#[derive(Debug, Clone, Copy, Default)]
pub struct Identities {
    pub issue: Option<Version>,
    /// Never an OPEN issue's (see the module documentation).
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
    pub positions: Option<Part<PositionsSummary>>,
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
            positions: kept_positions.and_then(|KeptPart(stamp, place)| {
                let summary = (self.summaries.get(place))
                    .filter(|summary| summary.status != IssueStatus::Open)?;
                let Part { identity, derived } = KeptPart(stamp, summary).vouched(positions)?;
                Some(Part {
                    identity,
                    derived: derived.clone(),
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
    /// titles as written: `titled` says which are, [`written_titles`]), when that spares
    /// enough reads or drops issues no longer listed (see the module documentation); a
    /// failure to write it changes no answer and is ignored.
    pub fn save(self, locked: &Locked, reports: &[IssueReport], titled: &[bool]) {
        let worth = self.spared >= WORTH_A_WRITE.min(self.next.len().div_ceil(8));
        if !(self.left_out || self.spared > 0 && worth) {
            return;
        }
        let _ = locked.replace_cache(FILE, &self.text(reports, titled));
    }

    /// The file for the next overview.
    fn text(&self, reports: &[IssueReport], titled: &[bool]) -> String {
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
                let summary: SummaryWritten<'_> = (
                    status,
                    &report.position_authors,
                    &report.challenge_authors,
                    &report.participants,
                    report.rounds,
                    &report.warnings,
                );
                *places.entry(summary).or_insert_with(|| {
                    summaries.push(summary);
                    summaries.len() - 1
                })
            };
            (
                &report.file.file,
                kept.issue.map(|identity| (identity.into(), title)),
                kept.positions
                    .zip(report.status)
                    .map(|(identity, status)| (identity.into(), place_of(status))),
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

/// One issue: `["NAME",null|["STAMP",null|"TITLE"],null|["STAMP",PLACE]]`.
fn kept<'a>(scan: &mut Scan<'a>) -> Option<KeptIssue<'a>> {
    scan.expect("[")?;
    let name = scan.string()?;
    scan.expect(",")?;
    let issue = part(scan, |scan| {
        scan.or_null(|scan| Some(Text(Cow::Borrowed(scan.string()?))))
    })?;
    scan.expect(",")?;
    let positions = part(scan, |scan| usize::try_from(scan.number()?).ok())?;
    scan.expect("]")?;
    Some(KeptIssue(name, issue, positions))
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
        let text = concat!(
            "## agent-alpha's position (round 2)\nA.\n\n",
            "## agent-beta's challenge (round 1)\nB.\n\n",
            "## Status: AGREEDISH\n",
        );
        let summary = PositionsSummary::of(rel, text);
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

        let text = cache.finish().text(&reports, &titled);
        let CacheFile {
            summaries,
            issues: read,
            ..
        } = parse(text.as_bytes()).unwrap();
        assert_eq!(read.len(), 4);
        // Each summary once: the two issues with the same one refer to one place.
        assert_eq!(summaries.len(), 2);
        let place = |kept: &KeptIssue| kept.2.as_ref().map(|part| part.1);
        assert_eq!((place(&read[2]), place(&read[3])), (Some(1), Some(1)));
        let KeptIssue(file, issue, positions) = &read[0];
        assert_eq!(*file, "01-a.md");
        let issue = issue.as_ref().unwrap();
        assert_eq!(
            (issue.0, issue.1.as_ref().map(|title| title.0.as_ref())),
            (identity(1).into(), Some(title))
        );
        let positions = positions.as_ref().unwrap();
        assert_eq!(
            (positions.0, &summaries[positions.1]),
            (identity(2).into(), &summary)
        );
        assert_eq!(read[1].0, "02-b.md");
        assert_eq!(read[1].1.as_ref().unwrap().1, None);
        assert!(read[1].2.is_none());

        // Vouched for only by the identities kept, and an OPEN report never.
        let mut loaded = IssueCache {
            found: read.into_iter().map(Some).collect(),
            summaries,
            ..IssueCache::default()
        };
        let vouched = loaded.vouch("02-b.md", Presence::File(identity(3)), Presence::Missing);
        assert!(vouched.issue.is_some() && vouched.positions.is_none());
        let vouched = loaded.vouch("01-a.md", Presence::File(identity(9)), Presence::Other);
        assert!(vouched.issue.is_none() && vouched.positions.is_none());
        let vouched = loaded.vouch("05-e.md", Presence::Missing, Presence::File(identity(5)));
        assert_eq!(vouched.positions.map(|part| part.derived), Some(agreed));
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
            kept in proptest::collection::vec((0u8..4, 1u64..9), 0..6),
            edit in proptest::option::of((0usize..400, "[ \\\\\"0,\\]\\[]")),
        ) {
            let count = titles.len().min(kept.len());
            let summary = PositionsSummary::of("positions/01-a.md", "## Status: AGREED\n");
            let mut reports = Vec::new();
            let mut cache = IssueCache::default();
            for (n, (what, ino)) in kept.iter().take(count).enumerate() {
                let file = IssueFile::parse(&format!("{:02}-t{n}.md", n + 1)).unwrap();
                let positions = (what & 1 == 1).then(|| summary.clone());
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
            let mut text = cache.finish().text(&reports, &titled);
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
