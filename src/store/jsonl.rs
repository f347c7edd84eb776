//! Append-only JSONL files: one JSON record per line, only ever appended to, under the lock of
//! the store they belong to. Every such file of every protocol goes through here: the
//! negotiation's `.parley/log.jsonl`, the operative `archive.jsonl`, `events.jsonl` and
//! `receipts.jsonl`.
//!
//! **What a crash leaves.** An append is one `write` of whole lines, then one `fdatasync`.
//! A process killed in the middle (or a full disk, or a power cut before the sync) can leave
//! a *torn tail*: the beginning of a line, without its newline, at the end of the file. It
//! can leave nothing else: bytes before the append's start are never touched.
//!
//! **One reading policy** ([`Store::read_jsonl`], [`parse`]):
//! - every line that ends with a newline must be a record (it parses, and the caller's check
//!   accepts it); one that is not is an error naming the file and the line: parley never
//!   guesses at broken history;
//! - the last line, when it has no newline, is a record if it is a whole one (a crash between
//!   the record and its newline, which the next append completes), and otherwise a torn tail,
//!   skipped with a warning naming the file and the line;
//! - blank lines are nothing.
//!
//! **Repair before append** ([`Locked::append_jsonl`]). A torn tail is never written after:
//! otherwise the next record would be glued onto the fragment, and both lost in one
//! malformed line. Before appending, the last byte of the file is looked at (one `pread`);
//! if it is not a newline, the tail is found and:
//! - a whole JSON object that only lost its newline gets it, in the same write as the new
//!   records;
//! - anything else is moved aside: appended, with a newline, to `FILE.torn` beside the file
//!   and synced, then cut from the file (`ftruncate`, synced), and a warning says so on
//!   stderr. A crash between the two leaves the fragment in both files; the next append moves
//!   it again, so `FILE.torn` may hold a fragment twice but the log never keeps one.
//!
//! **Reading only what is new.** [`Store::read_jsonl`] reads from a byte offset that a derived
//! file recorded as the end of a whole line (the negotiation's `.parley/digests.jsonl`), so a
//! command does not parse a log that only grows from its beginning each time. Line numbers in
//! errors are then counted over the part not read (only on that error path).
//!
//! **Cost.** One `write` and one `fdatasync` per append, whatever the number of records; the
//! check of the tail is one `fstat` and one `pread` of one byte. A repair costs two more
//! syncs, once.

use std::fs::{File, OpenOptions};
use std::io::Seek;
use std::ops::Range;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::crash;
use super::locked::Locked;
use super::paths::Store;
use super::sys::sync_parent;
use crate::error::{Error, Result};
use crate::notices::Notices;

/// The suffix of the file that receives torn fragments: `log.jsonl.torn`.
pub const TORN_SUFFIX: &str = ".torn";

/// The records of (a stretch of) a JSONL file.
#[derive(Debug)]
pub struct JsonLines<T> {
    pub records: Vec<T>,
    /// One per torn last line skipped, naming the file and the line.
    pub warnings: Vec<String>,
    /// The offset where the bytes read end (the file's length when it was read).
    pub end: u64,
    /// Whether the file ends with a whole line (or is empty): `end` is then a point a later
    /// reader may resume from.
    pub whole: bool,
}

impl Store {
    /// Reads the JSONL file `rel` from byte `from` (0, or the end of a whole line recorded
    /// earlier) with the reading policy of the module. `None` when the file does not exist.
    /// `check` validates each parsed record beyond its shape; its message becomes part of the
    /// error.
    pub fn read_jsonl<T: DeserializeOwned>(
        &self,
        rel: &str,
        from: u64,
        check: impl Fn(&T) -> std::result::Result<(), String>,
    ) -> Result<Option<JsonLines<T>>> {
        let Some((_, bytes)) = self.read_from(rel, from)? else {
            return Ok(None);
        };
        parse(self, rel, from, &bytes, check).map(Some)
    }
}

/// Parses `bytes`, the content of the JSONL file `rel` from offset `from` to its end, with the
/// reading policy of the module.
pub fn parse<T: DeserializeOwned>(
    store: &Store,
    rel: &str,
    from: u64,
    bytes: &[u8],
    check: impl Fn(&T) -> std::result::Result<(), String>,
) -> Result<JsonLines<T>> {
    parse_scanning(store, rel, from, bytes, |_| None, check)
}

/// [`parse`], each line first given to `scan`, which reads the lines as parley writes them
/// faster than the general parser (see `negotiation::scan`); a line it gives up on (`None`)
/// is read by the general parser, as by [`parse`]. The two must read the same record from
/// any line `scan` reads.
pub fn parse_scanning<T: DeserializeOwned>(
    store: &Store,
    rel: &str,
    from: u64,
    bytes: &[u8],
    scan: impl Fn(&str) -> Option<T>,
    check: impl Fn(&T) -> std::result::Result<(), String>,
) -> Result<JsonLines<T>> {
    let whole = bytes.last().is_none_or(|&b| b == b'\n');
    let mut lines = JsonLines {
        records: Vec::new(),
        warnings: Vec::new(),
        end: from + bytes.len() as u64,
        whole,
    };
    // Checked as UTF-8 once, whole, and each line then parsed as text: parsed from bytes,
    // every string of every line is checked apart, at several times the cost. A stretch that
    // is not UTF-8 is parsed from bytes, so that the line at fault gets its own error.
    let text = std::str::from_utf8(bytes).ok();
    let mut line_start = 0;
    let mut segments = crate::find::every(b'\n', bytes)
        .chain(std::iter::once(bytes.len()))
        .map(|end| {
            let line = &bytes[line_start..end];
            line_start = end + 1;
            line
        })
        .peekable();
    let mut at = 0usize;
    let mut index = 0usize;
    while let Some(line) = segments.next() {
        index += 1;
        let start = at;
        at += line.len() + 1;
        let last = segments.peek().is_none();
        if last && whole {
            // What follows the final newline: nothing.
            break;
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let parsed = match text {
            Some(text) => {
                let line = &text[start..start + line.len()];
                scan(line).map_or_else(|| serde_json::from_str::<T>(line), Ok)
            }
            None => serde_json::from_slice::<T>(line),
        };
        let parsed = parsed
            .map_err(|e| e.to_string())
            .and_then(|record| check(&record).map(|()| record));
        match parsed {
            Ok(record) => lines.records.push(record),
            Err(_) if last => lines.warnings.push(format!(
                "{}:{}: skipped an unreadable entry: a torn last line (an interrupted write)",
                store.path(rel).display(),
                line_number(store, rel, from, index)
            )),
            Err(why) => {
                return Err(Error::malformed(
                    &store.path(rel),
                    Some(line_number(store, rel, from, index)),
                    why,
                )
                .with_hint(
                    "only parley appends to this file; a line it cannot read means the file \
                     was edited: restore it, or move the line aside if it is not needed",
                ));
            }
        }
    }
    Ok(lines)
}

/// The line number in the whole file of the `index`-th line (1-based) read from `from`.
fn line_number(store: &Store, rel: &str, from: u64, index: usize) -> usize {
    if from == 0 {
        return index;
    }
    // Only on the way to a warning or an error: the part before `from` is read to count.
    let before = store
        .read_from(rel, 0)
        .ok()
        .flatten()
        .map(|(_, bytes)| {
            let end = (from as usize).min(bytes.len());
            bytes[..end].iter().filter(|&&b| b == b'\n').count()
        })
        .unwrap_or(0);
    before + index
}

impl Locked<'_> {
    /// Appends `lines` (each one JSON record, without its newline) to the JSONL file `rel`, in
    /// one write and one sync, after repairing a torn tail a crash left (see the module
    /// documentation). Returns the byte range the records occupy.
    pub fn append_jsonl(&self, rel: &str, lines: &[String]) -> Result<Range<u64>> {
        let path = self.store().writable_path(rel)?;
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&path)
            .map_err(|e| match e.raw_os_error() {
                Some(libc::ELOOP) => Error::symlink(&path),
                _ => Error::io("open", &path, e),
            })?;
        let mut record = Vec::new();
        if repair_tail(&file, &path, &self.store().lock_wait.notices)? == Tail::LostNewline {
            record.push(b'\n');
        }
        let prefix = record.len();
        for line in lines {
            record.extend_from_slice(line.trim_end_matches('\n').as_bytes());
            record.push(b'\n');
        }
        let mut file = file;
        // In append mode the file position ends where this write ended.
        let end = crash::write_all(&file, &record, "append records")
            .and_then(|()| file.sync_data())
            .and_then(|()| file.stream_position())
            .map_err(|e| Error::io("append to", &path, e))?;
        Ok(end - (record.len() - prefix) as u64..end)
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Tail {
    /// The file is empty or ends with a newline.
    Whole,
    /// The last line is a whole record without its newline.
    LostNewline,
    /// A fragment was moved aside; the file now ends with a newline.
    Repaired,
}

/// Looks at the end of the file and moves a torn fragment aside (see the module docs).
fn repair_tail(file: &File, path: &Path, notices: &Notices) -> Result<Tail> {
    let meta = file.metadata().map_err(|e| Error::io("inspect", path, e))?;
    if !meta.is_file() {
        return Err(Error::malformed(path, None, "is not a regular file"));
    }
    let size = meta.len();
    if size == 0 {
        return Ok(Tail::Whole);
    }
    let mut last = [0u8; 1];
    file.read_exact_at(&mut last, size - 1)
        .map_err(|e| Error::io("read", path, e))?;
    if last[0] == b'\n' {
        return Ok(Tail::Whole);
    }
    // Back from the end, a block at a time, to the last newline.
    const BLOCK: u64 = 64 * 1024;
    let mut cut = 0;
    let mut end = size;
    'search: while end > 0 {
        let begin = end.saturating_sub(BLOCK);
        let mut block = vec![0u8; (end - begin) as usize];
        file.read_exact_at(&mut block, begin)
            .map_err(|e| Error::io("read", path, e))?;
        if let Some(at) = block.iter().rposition(|&b| b == b'\n') {
            cut = begin + at as u64 + 1;
            break 'search;
        }
        end = begin;
    }
    let mut fragment = vec![0u8; (size - cut) as usize];
    file.read_exact_at(&mut fragment, cut)
        .map_err(|e| Error::io("read", path, e))?;
    if serde_json::from_slice::<serde_json::Value>(&fragment).is_ok_and(|v| v.is_object()) {
        return Ok(Tail::LostNewline);
    }
    let torn = torn_path(path);
    let mut kept = fragment;
    kept.push(b'\n');
    let aside = OpenOptions::new()
        .append(true)
        .create(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(&torn)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => Error::symlink(&torn),
            _ => Error::io("open", &torn, e),
        })?;
    crash::write_all(&aside, &kept, "move a torn fragment aside")
        .and_then(|()| aside.sync_all())
        .map_err(|e| Error::io("append to", &torn, e))?;
    sync_parent(&torn)?;
    file.set_len(cut)
        .and_then(|()| file.sync_all())
        .map_err(|e| Error::io("cut the torn tail of", path, e))?;
    crash::step("cut a torn tail");
    // Never silent: a diagnostic (stderr on the command line), like the lock's notice.
    notices.diagnostic(&format!(
        "warning: {}: moved a torn last line ({} bytes at offset {cut}, left by an interrupted \
         write) to {} before appending",
        path.display(),
        kept.len() - 1,
        torn.display()
    ));
    Ok(Tail::Repaired)
}

/// `FILE.torn`, beside `FILE`.
pub fn torn_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(TORN_SUFFIX);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::super::tests::store;
    use super::*;

    #[test]
    fn a_fragment_is_moved_aside_and_a_lost_newline_restored() {
        let (dir, store) = store();
        let locked = store
            .lock(super::super::LockMode::Exclusive, "test")
            .unwrap();
        let file = dir.path().join("log.jsonl");
        std::fs::write(&file, "{\"a\":1}\n{\"a\":").unwrap();
        let range = locked
            .append_jsonl("log.jsonl", &["{\"a\":2}".into()])
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "{\"a\":1}\n{\"a\":2}\n"
        );
        assert_eq!(range, 8..16);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("log.jsonl.torn")).unwrap(),
            "{\"a\":\n"
        );
        std::fs::write(&file, "{\"a\":1}").unwrap();
        let range = locked
            .append_jsonl("log.jsonl", &["{\"a\":2}".into()])
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "{\"a\":1}\n{\"a\":2}\n"
        );
        assert_eq!(range, 8..16);
    }

    #[test]
    fn only_a_torn_last_line_is_tolerated() {
        let (_dir, store) = store();
        let ok = |_: &serde_json::Value| Ok(());
        let read = parse::<serde_json::Value>(&store, "f", 0, b"{}\n\n{}\n{\"x", ok).unwrap();
        assert_eq!(read.records.len(), 2);
        assert_eq!(read.warnings.len(), 1);
        assert!(read.warnings[0].contains(":4:"), "{:?}", read.warnings);
        assert!(!read.whole);
        let read = parse::<serde_json::Value>(&store, "f", 0, b"{}\n{}", ok).unwrap();
        assert_eq!(read.records.len(), 2);
        let bad = parse::<serde_json::Value>(&store, "f", 0, b"{}\n{\"x\n{}\n", ok).unwrap_err();
        assert!(
            bad.message.contains("f:2") || bad.to_string().contains(":2"),
            "{bad:?}"
        );
    }
}
