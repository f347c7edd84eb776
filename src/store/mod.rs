//! The store layer: the only code that locks, renames, creates or appends.
//!
//! A [`Store`] is a directory parley owns (a negotiation directory). Reading needs nothing;
//! every change goes through a [`Locked`] handle, which exists only while the directory lock
//! is held, so "read, decide, write" is serialized by construction.
//!
//! Guarantees, for every write made through this module:
//! - **Atomic replacement**: a changed file's new content is written to its *spare* (the
//!   file it replaced last time, kept in `.parley/spare/`, written over only while nobody has
//!   it open; otherwise a new file), fsynced, exchanged with the old one in one rename, and the
//!   directory is fsynced ([`spare`]). A reader sees the old content or the new, never a mix,
//!   and a crash leaves one of the two.
//! - **Exclusive creation**: a new record (draft, issue, marker) is written to a temporary
//!   file and hard-linked into place, which fails rather than replace: it can never overwrite
//!   anything, and a crash leaves it whole or absent.
//! - **Appends** to the append-only JSONL logs ([`jsonl`]) are one `write` of a batch of whole
//!   lines and one sync, after a torn tail left by a crash is moved aside.
//! - **Files that live anywhere** ([`append_file`], bounce sessions) are locked on themselves
//!   and appended to through a journal that lets the next open roll a torn tail back.
//! - **Transactions** ([`Locked::commit`], in `transaction.rs`): several whole-file
//!   replacements that a crash cannot split, completed by the next lock holder.
//! - **Containment**: paths are relative and made of plain components; every directory on the
//!   way and the target itself are checked with `lstat`, so a symbolic link planted inside the
//!   directory is reported, never followed, and nothing outside the directory is written.
//!
//! Not guaranteed: the check-then-write of containment is not atomic against a concurrent
//! attacker replacing a directory by a link between the two steps; parley defends against
//! planted links and mistakes, not against a hostile process with write access to DIR.

pub mod append_file;
mod cache;
mod crash;
pub mod jsonl;
mod lock;
mod spare;
mod transaction;

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use lock::{DirLock, lock_path};
pub use lock::{LockMode, LockWait};
pub use transaction::Content;

use crate::error::{Error, Result};

/// parley's own files inside a directory it manages: the lock and the event log.
pub const PARLEY_DIR: &str = ".parley";

/// Prefix of temporary files; readers ignore them, so a crash mid-write leaves only litter.
const TEMP_PREFIX: &str = ".parley-tmp-";

/// Whether `rel` is a relative path of plain names: not empty, not absolute, no `..`, not
/// starting with a `.` component, and naming something (what [`Path::components`] reads as
/// plain names only, checked on the text itself).
fn is_plain(rel: &str) -> bool {
    if rel.starts_with('/') {
        return false;
    }
    let mut names = rel.split('/');
    let mut named = false;
    if let Some(first) = names.next() {
        if first == "." || first == ".." {
            return false;
        }
        named = !first.is_empty();
    }
    for name in names {
        match name {
            ".." => return false,
            "" | "." => {}
            _ => named = true,
        }
    }
    named
}

/// Whether `name` is one of the temporary files this module writes before a rename (watchers
/// ignore them: the rename is the change).
pub fn is_temporary(name: &str) -> bool {
    name.starts_with(TEMP_PREFIX)
}

/// A directory managed by parley.
#[derive(Debug)]
pub struct Store {
    root: PathBuf,
    lock_wait: LockWait,
    /// Directories (relative) already seen to be real directories, not links, by this
    /// process: each is checked once per command rather than once per file read.
    verified_dirs: Mutex<HashSet<String>>,
}

/// What a directory listing entry is, without following links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    File,
    Dir,
    Symlink,
    Other,
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub kind: EntryKind,
}

impl Store {
    /// A store rooted at `root`, which must be an existing directory (checked by the caller,
    /// which knows what a missing one means).
    pub fn new(root: PathBuf, lock_wait: LockWait) -> Store {
        Store {
            root,
            lock_wait,
            verified_dirs: Mutex::new(HashSet::new()),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The absolute path of `rel`, for messages.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// Takes the directory lock, waiting at most the lock timeout. `label` says who we are
    /// ("parley hand-off agent-alpha") to anyone who has to wait for us.
    pub fn lock(&self, mode: LockMode, label: &str) -> Result<Locked<'_>> {
        let dir = self.root.join(PARLEY_DIR);
        match fs::symlink_metadata(&dir) {
            Ok(meta) if meta.file_type().is_symlink() => return Err(Error::symlink(&dir)),
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(Error::malformed(&dir, None, "is not a directory"));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // A directory made by the old scripts: give it parley's folder.
                fs::create_dir(&dir)
                    .or_else(|e| {
                        if e.kind() == io::ErrorKind::AlreadyExists {
                            Ok(())
                        } else {
                            Err(e)
                        }
                    })
                    .map_err(|e| Error::io("create", &dir, e))?;
            }
            Err(e) => return Err(Error::io("inspect", &dir, e)),
        }
        loop {
            let guard = lock::acquire(&lock_path(&self.root), mode, &self.lock_wait, label)?;
            if mode == LockMode::Exclusive {
                self.recover()?;
            } else if self.journal_pending() {
                // A crash interrupted a transaction: complete it before reading (see
                // transaction.rs). Checked with the shared lock held, so that no writer can
                // die between the check and the read; the exclusive lock completes it.
                drop(guard);
                drop(self.lock(LockMode::Exclusive, label)?);
                continue;
            }
            return Ok(Locked {
                store: self,
                _guard: guard,
            });
        }
    }

    /// Reads a text file; `None` when it does not exist. A link or a non-file is an error.
    pub fn read(&self, rel: &str) -> Result<Option<String>> {
        Ok(self.read_text(rel, false)?.map(|(text, _)| text))
    }

    /// [`Store::read`], with the file's identity as it was opened when that identity can be
    /// trusted later to mean "this text" ([`FileIdentity`]): `None` for a file changed too
    /// recently to tell a later change of the same size from this one.
    pub fn read_with_identity(&self, rel: &str) -> Result<Option<(String, Option<FileIdentity>)>> {
        self.read_text(rel, true)
    }

    fn read_text(
        &self,
        rel: &str,
        with_identity: bool,
    ) -> Result<Option<(String, Option<FileIdentity>)>> {
        let Some((path, file, meta)) = self.open_for_reading(rel)? else {
            return Ok(None);
        };
        // Taken before reading: a change during the read moves the change time past it, so
        // the identity recorded can only be older than the text, never newer.
        let identity = with_identity
            .then(|| FileIdentity::settled(&meta))
            .flatten();
        Ok(Some((read_text_to_end(&path, &file, &meta)?, identity)))
    }

    /// The identity of `rel` as it is now, without opening it; `None` when it does not exist.
    /// A link or a non-file gets an identity too (its own): it never equals a recorded file's.
    pub fn identity(&self, rel: &str) -> Result<Option<FileIdentity>> {
        let Some(path) = self.contained_path(rel)? else {
            return Ok(None);
        };
        match fs::symlink_metadata(&path) {
            Ok(meta) => Ok(Some(FileIdentity::of(&meta))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::io("inspect", &path, e)),
        }
    }

    /// The directory `dir_rel`, opened once (without following a link) to ask what each of
    /// a list of names is in it now, by one `fstatat` each relative to it
    /// ([`LookupDir::find`]), so that no path is walked and no file opened: a reader that
    /// kept what it derived from a file asks whether the file is still the one it read. The
    /// handle can be shared by threads. `None` when the directory cannot be looked at that way
    /// (missing, a link, not a directory, not searchable, not Linux): the caller reads the
    /// files as usual, which reports whatever is wrong.
    pub fn lookup_dir(&self, dir_rel: &str) -> Option<LookupDir> {
        let handle = open_dir_for_lookups(&self.contained_dir(dir_rel)?).ok()?;
        Some(LookupDir(handle))
    }

    /// Reads the bytes of `rel` from `offset` to its end (nothing when `offset` is past the
    /// end), with the length of the whole file: a reader that already knows the beginning of
    /// a file that only grows reads just what was added. `None` when it does not exist; a link
    /// or a non-file is an error, as for [`Store::read`].
    pub fn read_from(&self, rel: &str, offset: u64) -> Result<Option<(u64, Vec<u8>)>> {
        let Some((path, mut file, meta)) = self.open_for_reading(rel)? else {
            return Ok(None);
        };
        let mut bytes = Vec::with_capacity(meta.len().saturating_sub(offset) as usize + 1);
        if offset < meta.len() {
            file.seek(io::SeekFrom::Start(offset))
                .and_then(|_| (&mut file).take(u64::MAX).read_to_end(&mut bytes))
                .map_err(|e| Error::io("read", &path, e))?;
        }
        Ok(Some((meta.len(), bytes)))
    }

    /// The last `max` bytes of `rel` (all of it when shorter), with the identity of the file
    /// they were read from: a writer that keeps a file's beginning and replaces only its end
    /// ([`Content::Extending`]) reads no more than that end. `None` when it does not exist; a
    /// link or a non-file is an error, as for [`Store::read`].
    pub fn read_tail(&self, rel: &str, max: u64) -> Result<Option<Tail>> {
        let Some((path, file, meta)) = self.open_for_reading(rel)? else {
            return Ok(None);
        };
        let len = meta.len();
        let start = len.saturating_sub(max);
        let mut bytes = vec![0u8; (len - start) as usize];
        std::os::unix::fs::FileExt::read_exact_at(&file, &mut bytes, start)
            .map_err(|e| Error::io("read", &path, e))?;
        Ok(Some(Tail {
            identity: FileIdentity::of(&meta),
            len,
            bytes,
        }))
    }

    /// Opens `rel` to be read in parts ([`Reading`]); `None` when it does not exist. A link
    /// or a non-file is an error, as for [`Store::read`].
    pub fn open(&self, rel: &str) -> Result<Option<Reading>> {
        Ok(self
            .open_for_reading(rel)?
            .map(|(path, file, meta)| Reading {
                path,
                file,
                len: meta.len(),
                position: 0,
            }))
    }

    /// Opens `rel` for reading without following a link; `None` when it does not exist.
    fn open_for_reading(&self, rel: &str) -> Result<Option<(PathBuf, File, fs::Metadata)>> {
        self.open_for_reading_with(rel, 0)
    }

    /// [`Store::open_for_reading`] with `O_NOATIME` where the kernel allows it (a file of the
    /// process's own user): for a read of many files that are read once, such as the merge's
    /// drafts, where updating each one's access time is a tenth of the work.
    fn open_for_reading_once(&self, rel: &str) -> Result<Option<(PathBuf, File, fs::Metadata)>> {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let flags = libc::O_NOATIME;
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let flags = 0;
        self.open_for_reading_with(rel, flags)
    }

    fn open_for_reading_with(
        &self,
        rel: &str,
        flags: i32,
    ) -> Result<Option<(PathBuf, File, fs::Metadata)>> {
        let Some(path) = self.contained_path(rel)? else {
            return Ok(None);
        };
        // O_NOFOLLOW refuses a link in the same call that opens the file: no window between
        // a check and the read, and one system call fewer on the hot path (status).
        let open = |flags| {
            OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK | flags)
                .open(&path)
        };
        let opened = match open(flags) {
            // `O_NOATIME` on another user's file.
            Err(e) if flags != 0 && e.raw_os_error() == Some(libc::EPERM) => open(0),
            other => other,
        };
        let file = match opened {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(Error::symlink(&path)),
            Err(e) => return Err(Error::io("open", &path, e)),
        };
        let meta = file
            .metadata()
            .map_err(|e| Error::io("inspect", &path, e))?;
        if !meta.is_file() {
            return Err(Error::malformed(&path, None, "is not a regular file"));
        }
        Ok(Some((path, file, meta)))
    }

    /// Whether `rel` exists (as anything, links included: they are not followed).
    pub fn exists(&self, rel: &str) -> Result<bool> {
        Ok(self
            .contained_path(rel)?
            .is_some_and(|path| fs::symlink_metadata(path).is_ok()))
    }

    /// The entries of a directory, sorted by name, temporary files left out; `None` when the
    /// directory does not exist. Names that are not UTF-8 are left out too: no valid record
    /// has one.
    pub fn list(&self, rel: &str) -> Result<Option<Vec<Entry>>> {
        let mut entries = self.entries(rel)?;
        if let Some(entries) = &mut entries {
            entries.sort_by(|a, b| a.name.cmp(&b.name));
        }
        Ok(entries)
    }

    /// [`Store::list`] in the directory's own order, for a caller that sorts them its own way
    /// or needs no order (sorting thousands of names is most of listing a large directory).
    pub fn entries(&self, rel: &str) -> Result<Option<Vec<Entry>>> {
        let mut entries = Vec::new();
        let listed = self.each_entry(rel, |name, kind| {
            entries.push(Entry {
                name: name.to_owned(),
                kind,
            });
        })?;
        Ok(listed.then_some(entries))
    }

    /// Hands `each` the name and kind of every entry of the directory `rel`, as
    /// [`Store::entries`] lists them, without keeping any: a caller that keeps a few names of
    /// a large directory (`new-issue` looking for the largest number under the lock) copies
    /// only those. `false` when the directory does not exist.
    pub fn each_entry(&self, rel: &str, mut each: impl FnMut(&str, EntryKind)) -> Result<bool> {
        let Some(path) = self.contained_path(rel)? else {
            return Ok(false);
        };
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => return Err(Error::symlink(&path)),
            Ok(meta) if !meta.is_dir() => {
                return Err(Error::malformed(&path, None, "is not a directory"));
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
            Err(e) => return Err(Error::io("inspect", &path, e)),
        }
        read_entries(&path, |name, kind| {
            if !name.starts_with(TEMP_PREFIX) {
                each(name, kind);
            }
        })
        .map_err(|e| Error::io("list", &path, e))?;
        Ok(true)
    }

    /// `root/rel`, after checking that `rel` is relative and made of plain components.
    fn checked_path(&self, rel: &str) -> Result<PathBuf> {
        if !is_plain(rel) {
            // Names are validated long before this; reaching here is a bug, refused anyway.
            return Err(Error::bad_input(
                "PATH_ESCAPE",
                format!("refusing path {rel:?}: not a plain relative path"),
            ));
        }
        Ok(self.joined(rel))
    }

    /// `root/rel` for a plain `rel`: what `Path::join` gives, built in one allocation (this
    /// is on the path of every file read).
    fn joined(&self, rel: &str) -> PathBuf {
        let root = self.root.as_os_str();
        let mut path = std::ffi::OsString::with_capacity(root.len() + 1 + rel.len());
        path.push(root);
        if !root.is_empty() && !root.as_encoded_bytes().ends_with(b"/") {
            path.push("/");
        }
        path.push(rel);
        PathBuf::from(path)
    }

    /// `root/rel`, after checking that every directory between the root and `rel` is a real
    /// directory, not a link (so nothing outside the root is ever reached through one).
    /// `None` when one of those directories does not exist, so neither does `rel`.
    fn contained_path(&self, rel: &str) -> Result<Option<PathBuf>> {
        let path = self.checked_path(rel)?;
        // Each directory on the way, as the part of `rel` before one of its slashes (this is
        // on the path of every file read: a string, not a walk of path components).
        let parents = rel.match_indices('/').map(|(at, _)| &rel[..at]);
        for walked in parents.filter(|dir| !matches!(dir.rsplit('/').next(), Some("" | "."))) {
            let mut verified = self.verified_dirs.lock().unwrap_or_else(|e| e.into_inner());
            if verified.contains(walked) {
                continue;
            }
            let absolute = self.joined(walked);
            match fs::symlink_metadata(&absolute) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    return Err(Error::symlink(&absolute));
                }
                Ok(meta) if !meta.is_dir() => {
                    return Err(Error::malformed(&absolute, None, "is not a directory"));
                }
                Ok(_) => {
                    verified.insert(walked.to_owned());
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(Error::io("inspect", &absolute, e)),
            }
        }
        Ok(Some(path))
    }

    /// `root/dir_rel`, after checking every directory on the way, `dir_rel` included, as a
    /// read of a file in it would (and marking them checked for those reads); `None` when one
    /// is missing or is not a real directory.
    fn contained_dir(&self, dir_rel: &str) -> Option<PathBuf> {
        let inside = self.contained_path(&format!("{dir_rel}/_")).ok()??;
        Some(inside.parent()?.to_path_buf())
    }

    /// Where `rel` may be written: every directory on the way exists and is not a link, and
    /// `rel` itself, if present, is not a link.
    fn writable_path(&self, rel: &str) -> Result<PathBuf> {
        let Some(path) = self.contained_path(rel)? else {
            let parent = self
                .root
                .join(Path::new(rel).parent().unwrap_or(Path::new("")));
            return Err(Error::malformed(&parent, None, "is missing")
                .with_hint("the negotiation directory is incomplete"));
        };
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => Err(Error::symlink(&path)),
            Ok(_) => Ok(path),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(path),
            Err(e) => Err(Error::io("inspect", &path, e)),
        }
    }
}

/// A file opened by [`Store::open`], read from its start in parts, all from the one file
/// opened (a rename over its name meanwhile does not mix two files): a reader that needs only
/// a file's first line, or that checks a file's beginning before trusting what it kept of
/// it, reads no more than it uses, and keeps in memory only what it parses.
pub struct Reading {
    path: PathBuf,
    file: File,
    /// The file's length when it was opened.
    len: u64,
    /// How far it has been read.
    position: u64,
}

/// How much [`Reading`] asks for at a time.
const READ_CHUNK: usize = 32 * 1024;

impl Reading {
    /// The file's length when it was opened.
    pub fn length(&self) -> u64 {
        self.len
    }

    /// Reads on, appending to `bytes`, until what it appended holds `byte` or the file ends;
    /// the position of that byte in `bytes`, if found. What was read past it stays in `bytes`.
    pub fn read_until(&mut self, byte: u8, bytes: &mut Vec<u8>) -> Result<Option<usize>> {
        loop {
            let start = bytes.len();
            if self.read_chunk(bytes, READ_CHUNK)? == 0 {
                return Ok(None);
            }
            if let Some(at) = crate::find::byte(byte, &bytes[start..]) {
                return Ok(Some(start + at));
            }
        }
    }

    /// Reads on to the end of the file, appending to `bytes`.
    pub fn read_to_end(&mut self, bytes: &mut Vec<u8>) -> Result<()> {
        let left = self.len.saturating_sub(self.position);
        bytes.reserve(usize::try_from(left).unwrap_or(0).saturating_add(1));
        // Through `take`, which hides the file from the standard library's own size hint (a
        // `statx` and a `seek` per call): the room reserved is the hint.
        let read = (&mut self.file)
            .take(u64::MAX)
            .read_to_end(bytes)
            .map_err(|e| Error::io("read", &self.path, e))?;
        self.position += read as u64;
        Ok(())
    }

    /// Reads on through the next `count` bytes (fewer if the file ends first), handing them
    /// to `seen` a part at a time through one small buffer, so that they are never all in
    /// memory; how many there were.
    pub fn pass(&mut self, count: u64, mut seen: impl FnMut(&[u8])) -> Result<u64> {
        let mut buffer = vec![0; READ_CHUNK];
        let mut passed = 0;
        while passed < count {
            let want = READ_CHUNK.min((count - passed).try_into().unwrap_or(READ_CHUNK));
            let read = self.read_into(&mut buffer[..want])?;
            if read == 0 {
                break;
            }
            seen(&buffer[..read]);
            passed += read as u64;
        }
        Ok(passed)
    }

    /// Appends at most `most` bytes read on; how many (0 at the end of the file).
    fn read_chunk(&mut self, bytes: &mut Vec<u8>, most: usize) -> Result<usize> {
        let start = bytes.len();
        bytes.resize(start + most, 0);
        let read = self.read_into(&mut bytes[start..]);
        bytes.truncate(start + *read.as_ref().unwrap_or(&0));
        read
    }

    /// One read into `buffer`; how many bytes (0 at the end of the file).
    fn read_into(&mut self, buffer: &mut [u8]) -> Result<usize> {
        loop {
            match self.file.read(buffer) {
                Ok(n) => {
                    self.position += n as u64;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Error::io("read", &self.path, e)),
            }
        }
    }
}

/// The whole of an opened file, which must be UTF-8 text.
fn read_text_to_end(path: &Path, file: &File, meta: &fs::Metadata) -> Result<String> {
    String::from_utf8(read_to_end(path, file, meta.len())?)
        .map_err(|e| Error::malformed(path, None, format!("is not UTF-8 text ({e})")))
}

/// Reads `file` (of `len` bytes when opened) to its end. The buffer has room for one byte
/// more than the file had, so a file that did not change is read in one `read`, its end seen
/// by the count stopping at its size, instead of a second `read` returning 0 (on `status` of
/// 500 issues, a thousand system calls). A read that stops anywhere else reads on to 0.
fn read_to_end(path: &Path, mut file: &File, len: u64) -> Result<Vec<u8>> {
    let len = usize::try_from(len).unwrap_or(usize::MAX - 1);
    let mut bytes = vec![0u8; len + 1];
    let mut filled = 0;
    loop {
        match file.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => {
                filled += n;
                if filled == len {
                    // Exactly the size it had when opened, and room was left: its end.
                    break;
                }
                if filled == bytes.len() {
                    // It grew while we read: make room and read on.
                    bytes.resize(bytes.len() * 2, 0);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Error::io("read", path, e)),
        }
    }
    bytes.truncate(filled);
    Ok(bytes)
}

/// The end of a file, as [`Store::read_tail`] read it.
#[derive(Debug, Clone)]
pub struct Tail {
    /// The identity of the file read, as it was opened.
    pub identity: FileIdentity,
    /// The length of the whole file.
    pub len: u64,
    /// Its last bytes.
    pub bytes: Vec<u8>,
}

impl Tail {
    /// Where the bytes read begin in the file.
    pub fn start(&self) -> u64 {
        self.len - self.bytes.len() as u64
    }
}

/// What [`LookupDir::find`] found at one name, without following a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    Missing,
    /// A regular file, with its identity as it is now (settled or not).
    File(FileIdentity),
    /// Anything else (a link, a directory), or a name that could not be looked at: reading
    /// it gives the error to report.
    Other,
}

impl Found {
    /// The identity of the regular file found; `None` for anything else.
    pub fn file(self) -> Option<FileIdentity> {
        match self {
            Found::File(identity) => Some(identity),
            Found::Missing | Found::Other => None,
        }
    }
}

/// Hands `each` the name and kind of every entry of `dir` but `.` and `..`, in the
/// directory's order; names that are not UTF-8 are left out. The entries are read straight
/// from the kernel's records into one buffer (`getdents64` through `rustix`): the standard
/// library's iterator copies every name twice, on a path `status` and `new-issue` take for
/// every issue.
#[cfg(target_os = "linux")]
fn read_entries(dir: &Path, mut each: impl FnMut(&str, EntryKind)) -> io::Result<()> {
    use rustix::fs::{FileType, RawDir};
    let handle = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(dir)?;
    // Room for about 800 entries a call (and always for the longest name).
    let mut buffer = Vec::with_capacity(32 * 1024);
    let mut records = RawDir::new(&handle, buffer.spare_capacity_mut());
    while let Some(entry) = records.next() {
        let entry = entry?;
        let Ok(name) = entry.file_name().to_str() else {
            continue;
        };
        if name == "." || name == ".." {
            continue;
        }
        let kind_of = |file_type| match file_type {
            FileType::RegularFile => EntryKind::File,
            FileType::Directory => EntryKind::Dir,
            FileType::Symlink => EntryKind::Symlink,
            _ => EntryKind::Other,
        };
        let kind = match entry.file_type() {
            // Some filesystems do not say: asked of the entry itself, not through a link.
            FileType::Unknown => {
                rustix::fs::statat(&handle, name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW)
                    .map_or(EntryKind::Other, |stat| {
                        kind_of(FileType::from_raw_mode(stat.st_mode))
                    })
            }
            known => kind_of(known),
        };
        each(name, kind);
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn read_entries(dir: &Path, mut each: impl FnMut(&str, EntryKind)) -> io::Result<()> {
    for item in fs::read_dir(dir)? {
        let item = item?;
        let Ok(name) = item.file_name().into_string() else {
            continue;
        };
        let kind = match item.file_type() {
            Ok(t) if t.is_symlink() => EntryKind::Symlink,
            Ok(t) if t.is_dir() => EntryKind::Dir,
            Ok(t) if t.is_file() => EntryKind::File,
            _ => EntryKind::Other,
        };
        each(&name, kind);
    }
    Ok(())
}

/// A directory opened only to look names up in it ([`Store::lookup_dir`]).
#[derive(Debug)]
pub struct LookupDir(File);

impl LookupDir {
    /// What `name` is in the directory now: one `fstatat` that does not follow a link.
    pub fn find(&self, name: &str) -> Found {
        find_at(&self.0, name)
    }

    /// The directory's own identity now (one `fstat` of the handle). Creating, removing or
    /// renaming any entry moves its change time, so while it keeps an identity that had
    /// settled ([`FileIdentity::has_settled`]) when a listing was made, its entries are the
    /// ones listed; what is in them is another matter (each file has its own identity).
    pub fn identity(&self) -> Option<FileIdentity> {
        self.0.metadata().ok().map(|meta| FileIdentity::of(&meta))
    }
}

/// `dir`, opened only to look names up relative to it (`O_PATH`: no permission to read it
/// is needed, as none is to open a file in it), never through a link.
#[cfg(target_os = "linux")]
fn open_dir_for_lookups(dir: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_PATH | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(dir)
}

#[cfg(not(target_os = "linux"))]
fn open_dir_for_lookups(_dir: &Path) -> io::Result<File> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// What `name` is in the directory `dir`: one `fstatat` that does not follow a link.
#[cfg(target_os = "linux")]
fn find_at(dir: &File, name: &str) -> Found {
    use std::os::fd::AsRawFd;
    // The name, NUL-terminated, on the stack: a lookup allocates nothing, so that a thread
    // making only lookups never sets up a heap of its own.
    // (No name in a directory is longer than 255 bytes.)
    let mut buffer = [0u8; 256];
    if name.len() >= buffer.len() {
        return Found::Other;
    }
    buffer[..name.len()].copy_from_slice(name.as_bytes());
    let Ok(c_name) = std::ffi::CStr::from_bytes_with_nul(&buffer[..=name.len()]) else {
        return Found::Other;
    };
    if name.contains('/') {
        return Found::Other;
    }
    let mut stat = std::mem::MaybeUninit::<libc::stat>::uninit();
    // SAFETY: the descriptor is valid for the duration of the call, the name is a valid
    // NUL-terminated string, and `stat` has room for what the call writes.
    let rc = unsafe {
        libc::fstatat(
            dir.as_raw_fd(),
            c_name.as_ptr(),
            stat.as_mut_ptr(),
            libc::AT_SYMLINK_NOFOLLOW,
        )
    };
    if rc != 0 {
        return match io::Error::last_os_error().raw_os_error() {
            Some(libc::ENOENT) => Found::Missing,
            _ => Found::Other,
        };
    }
    // SAFETY: a successful call filled it.
    let stat = unsafe { stat.assume_init() };
    if stat.st_mode & libc::S_IFMT != libc::S_IFREG {
        return Found::Other;
    }
    Found::File(FileIdentity {
        dev: stat.st_dev,
        ino: stat.st_ino,
        size: stat.st_size as u64,
        mtime_ns: FileIdentity::nanoseconds(stat.st_mtime, stat.st_mtime_nsec),
        ctime_ns: FileIdentity::nanoseconds(stat.st_ctime, stat.st_ctime_nsec),
    })
}

#[cfg(not(target_os = "linux"))]
fn find_at(_dir: &File, _name: &str) -> Found {
    Found::Other
}

/// What identifies one version of a file without reading it: device, inode, size, and the
/// modification and change times to the nanosecond. Any write to a file moves its change
/// time to the current time, and no user can set a change time back (only the system clock
/// can), so a file whose identity is as recorded has not been written since, unless:
/// - it was written again within the same tick of the filesystem clock as the version
///   recorded, with the same size: hence [`FileIdentity::settled`], which only hands out the
///   identity of a file last changed longer ago than a tick can be ([`SETTLE_FINE`] or
///   [`SETTLE`]), so that any later write gets a later change time;
/// - the system clock was set back between the two writes, or the filesystem keeps no change
///   time or a coarse one that a remote server's clock sets (some network filesystems);
/// - the whole filesystem was replaced by a copy carrying the same numbers (a restored
///   snapshot of the same device).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileIdentity {
    pub dev: u64,
    pub ino: u64,
    pub size: u64,
    pub mtime_ns: i128,
    pub ctime_ns: i128,
}

/// A [`FileIdentity`] as the derived files read at every command keep it: the XXH3 (64 bits)
/// of its five numbers, written as 16 hexadecimal digits. A file whose identity now stamps as
/// the one kept is taken to be the version kept; a changed identity stamping the same has a
/// chance of one in 2^64, far below any other way the check can miss an edit (see
/// [`FileIdentity`]). One short string per file, not five long numbers: the caches hold one
/// per issue and positions file and are read at every `status` and hand-over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdentityStamp(u64);

impl From<FileIdentity> for IdentityStamp {
    fn from(identity: FileIdentity) -> IdentityStamp {
        let FileIdentity {
            dev,
            ino,
            size,
            mtime_ns,
            ctime_ns,
        } = identity;
        let mut bytes = [0u8; 56];
        bytes[..8].copy_from_slice(&dev.to_le_bytes());
        bytes[8..16].copy_from_slice(&ino.to_le_bytes());
        bytes[16..24].copy_from_slice(&size.to_le_bytes());
        bytes[24..40].copy_from_slice(&mtime_ns.to_le_bytes());
        bytes[40..].copy_from_slice(&ctime_ns.to_le_bytes());
        IdentityStamp(xxhash_rust::xxh3::xxh3_64(&bytes))
    }
}

impl serde::Serialize for IdentityStamp {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(&format!("{:016x}", self.0))
    }
}

/// Each byte's value as a hexadecimal digit, or [`NOT_HEX`] for a byte that is not one.
const HEX_DIGITS: [u8; 256] = {
    let mut table = [NOT_HEX; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = match byte as u8 {
            digit @ b'0'..=b'9' => digit - b'0',
            digit @ b'a'..=b'f' => digit - b'a' + 10,
            digit @ b'A'..=b'F' => digit - b'A' + 10,
            _ => NOT_HEX,
        };
        byte += 1;
    }
    table
};
const NOT_HEX: u8 = 0x10;

impl IdentityStamp {
    /// The stamp written as `hex` (16 hexadecimal digits), if it is one.
    pub fn from_hex(hex: &str) -> Option<IdentityStamp> {
        // By hand, through a table: `u64::from_str_radix` costs five times as much, and a
        // `match` per digit twice as much, for two thousand stamps at every `status`.
        let digits: &[u8; 16] = hex.as_bytes().try_into().ok()?;
        let mut value = 0u64;
        let mut invalid = 0u8;
        for &digit in digits {
            let nibble = HEX_DIGITS[usize::from(digit)];
            invalid |= nibble;
            value = value << 4 | u64::from(nibble & 0xF);
        }
        (invalid & NOT_HEX == 0).then_some(IdentityStamp(value))
    }
}

impl<'de> serde::Deserialize<'de> for IdentityStamp {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<IdentityStamp, D::Error> {
        // Borrowed from the file's text: no allocation for each of a thousand stamps.
        let hex = <&str>::deserialize(deserializer)?;
        IdentityStamp::from_hex(hex)
            .ok_or_else(|| serde::de::Error::custom("a stamp is 16 hexadecimal digits"))
    }
}

/// How long ago a file must have last changed for its identity to be handed out, when its
/// change time is a whole second: the filesystem may stamp whole seconds (ext3, HFS+) or two
/// (FAT), and a later write in the same tick would carry the same times. Far more than that.
pub const SETTLE: std::time::Duration = std::time::Duration::from_secs(3);

/// [`SETTLE`] for a file whose change time has a fraction of a second: its filesystem stamps
/// finer than a second (Linux truncates each stamp to the filesystem's granularity, at most a
/// second, and a granularity of a second leaves no fraction), so a later write's stamp is
/// less than a second behind the time it was made, plus the kernel clock's lag (one jiffy,
/// 10 ms at most). A tenth of a second of margin over both.
pub const SETTLE_FINE: std::time::Duration = std::time::Duration::from_millis(1100);

impl FileIdentity {
    fn of(meta: &fs::Metadata) -> FileIdentity {
        FileIdentity {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime_ns: FileIdentity::nanoseconds(meta.mtime(), meta.mtime_nsec()),
            ctime_ns: FileIdentity::nanoseconds(meta.ctime(), meta.ctime_nsec()),
        }
    }

    fn nanoseconds(secs: i64, nanos: i64) -> i128 {
        i128::from(secs) * 1_000_000_000 + i128::from(nanos)
    }

    /// The identity of a file last changed at least [`SETTLE_FINE`] (a change time with a
    /// fraction of a second) or [`SETTLE`] (a whole second) before now by the system clock
    /// (the clock the filesystem stamps with, never `PARLEY_NOW`); `None` otherwise. Called
    /// before the file is read, so that "now" is no later than the read.
    fn settled(meta: &fs::Metadata) -> Option<FileIdentity> {
        let identity = FileIdentity::of(meta);
        identity.has_settled().then_some(identity)
    }

    /// Whether this identity, just taken, was last changed at least [`SETTLE_FINE`] or
    /// [`SETTLE`] before now by the system clock (see [`FileIdentity::settled`]): asked
    /// before whatever it is to vouch for is read, so that "now" is no later than the read.
    pub fn has_settled(&self) -> bool {
        let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) else {
            return false;
        };
        let Ok(now) = i128::try_from(now.as_nanos()) else {
            return false;
        };
        let limit = now - FileIdentity::settle_after(self.ctime_ns).as_nanos() as i128;
        self.ctime_ns <= limit && self.mtime_ns <= limit
    }

    /// How long a file whose change time is `ctime_ns` takes to settle.
    fn settle_after(ctime_ns: i128) -> std::time::Duration {
        if ctime_ns.rem_euclid(1_000_000_000) == 0 {
            SETTLE
        } else {
            SETTLE_FINE
        }
    }
}

/// New contents written and flushed in the spares of the files they replace, not yet in
/// place ([`Locked::stage`]).
#[derive(Debug, Default)]
#[must_use = "staged files are put in place only when committed"]
pub struct Staged {
    dir: PathBuf,
    /// Each file's spare and the file it replaces.
    files: Vec<(PathBuf, PathBuf)>,
}

impl Staged {
    /// Puts each spare in place of its target, in the order staged (see [`spare`]), then
    /// flushes the targets' directory once: when this returns, every one is in place for
    /// good.
    pub fn commit(self) -> Result<()> {
        if self.files.is_empty() {
            return Ok(());
        }
        for (spare, target) in &self.files {
            spare::put_in_place(spare, target).map_err(|e| Error::io("replace", target, e))?;
        }
        sync_dir(&self.dir)
    }
}

/// The store while its lock is held: the only way to change anything.
#[derive(Debug)]
pub struct Locked<'a> {
    store: &'a Store,
    _guard: DirLock,
}

impl<'a> Locked<'a> {
    pub fn store(&self) -> &'a Store {
        self.store
    }

    /// Checks that every one of `rels` could be written, before a change that writes several
    /// of them starts: a link planted at the third file must not leave the first two changed.
    pub fn preflight(&self, rels: &[&str]) -> Result<()> {
        for rel in rels {
            self.store.writable_path(rel)?;
        }
        Ok(())
    }

    /// Replaces `rel` atomically with `content` (its spare written and flushed, put in its
    /// place, the directory flushed: see [`spare`]).
    pub fn replace(&self, rel: &str, content: &str) -> Result<()> {
        self.replace_bytes(rel, content.as_bytes())
    }

    /// [`Locked::replace`] with raw bytes (a provider's output is kept as it came):
    /// [`Locked::stage`] of one file, committed.
    pub fn replace_bytes(&self, rel: &str, content: &[u8]) -> Result<()> {
        self.stage(&[(rel, content)])?.commit()
    }

    /// Writes each of `files` (a path and its new content) to its spare ([`spare`]) and
    /// flushes it, putting none in place: [`Staged::commit`] does, with one flush of their
    /// directory for all. Only for files whose readers accept any mix of their old and new
    /// versions: a crash, or a power loss, during the commit can leave any of them replaced
    /// and the others not. Dropped uncommitted, the spares keep what was written, unseen
    /// (the next write of each writes over it). A command stages its files on another
    /// thread while it reads what decides its earlier steps: the flushes, most of a
    /// replacement's cost, are then waited for at the same time.
    pub fn stage(&self, files: &[(&str, &[u8])]) -> Result<Staged> {
        let paths = files
            .iter()
            .map(|(rel, _)| self.store.writable_path(rel))
            .collect::<Result<Vec<_>>>()?;
        let dir = match paths.first().and_then(|path| path.parent()) {
            Some(dir) => dir.to_path_buf(),
            None => return Ok(Staged::default()),
        };
        assert!(
            paths
                .iter()
                .all(|path| path.parent() == Some(dir.as_path())),
            "the files staged together share one directory"
        );
        let mut staged = Staged {
            dir,
            files: Vec::with_capacity(files.len()),
        };
        let mut written = Vec::with_capacity(files.len());
        for (target, (rel, content)) in paths.into_iter().zip(files) {
            let spare = self.spare_path(rel)?;
            let file = spare::write(&spare, &target, spare::Fill::Bytes(content))
                .map_err(|e| Error::io("write", &spare, e))?;
            if files.len() > 1 {
                start_writeback(file.file());
            }
            written.push(file);
            staged.files.push((spare, target));
        }
        for (file, (spare, _)) in written.iter().zip(&staged.files) {
            file.flush().map_err(|e| Error::io("write", spare, e))?;
        }
        Ok(staged)
    }

    /// Where the spare of `rel` is ([`spare::spare_rel`]), its directory made if missing:
    /// every directory on the way checked not to be a link; the spare itself may be
    /// anything, since it is opened without following a link and otherwise removed.
    fn spare_path(&self, rel: &str) -> Result<PathBuf> {
        let spare_rel = spare::spare_rel(rel);
        if let Some(path) = self.store.contained_path(&spare_rel)? {
            return Ok(path);
        }
        self.ensure_dir(spare::SPARE_DIR)?;
        self.store.checked_path(&spare_rel)
    }

    /// Creates `rel` with `content`; fails with `Ok(false)` if anything is already there.
    pub fn create_new(&self, rel: &str, content: &str) -> Result<bool> {
        self.create_new_bytes(rel, content.as_bytes())
    }

    /// [`Locked::create_new`] with raw bytes.
    pub fn create_new_bytes(&self, rel: &str, content: &[u8]) -> Result<bool> {
        let path = self.store.writable_path(rel)?;
        create_exclusive(&path, content)
    }

    /// [`Locked::create_new`] for a file whose content may have been written before the lock
    /// was taken ([`Store::prepare_new`]): when `prepared` holds exactly `content` for the
    /// directory of `rel`, it is only linked into place here; otherwise (no preparation, a
    /// content the locked state changed, a system without `/proc`) the file is created as by
    /// `create_new`. The guarantees are the same: the content is durable before its name is,
    /// and nothing already at `rel` is replaced.
    pub fn create_new_prepared(
        &self,
        rel: &str,
        content: &str,
        prepared: Option<Prepared>,
    ) -> Result<bool> {
        let path = self.store.writable_path(rel)?;
        let usable = prepared
            .filter(|p| p.content == content.as_bytes() && path.parent() == Some(p.dir.as_path()));
        if let Some(prepared) = usable {
            match link_open_file(&prepared.file, &path) {
                Ok(()) => {
                    crash::step("link a new file into place");
                    sync_dir(&prepared.dir)?;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Ok(false),
                // Whatever else went wrong is met again, and reported, by the plain way.
                Err(_) => {}
            }
        }
        create_exclusive(&path, content.as_bytes())
    }

    /// Creates the directory `rel` if it is missing.
    pub fn ensure_dir(&self, rel: &str) -> Result<()> {
        let path = self.store.writable_path(rel)?;
        match fs::create_dir(&path) {
            Ok(()) => {
                crash::step("create a directory");
                sync_parent(&path)
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                if fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
                    Ok(())
                } else {
                    Err(Error::malformed(&path, None, "is not a directory"))
                }
            }
            Err(e) => Err(Error::io("create", &path, e)),
        }
    }

    /// Appends several lines to `rel` (a text file that only grows, such as `notes.md`) in a
    /// single write and a single sync. A crash mid-write can leave a torn last line; the
    /// caller, which knows the file's format, decides what the next append makes of it.
    /// Returns the offset where the written lines end. JSONL logs use
    /// [`Locked::append_jsonl`] instead, which repairs a torn tail itself.
    pub fn append_lines(&self, rel: &str, lines: &[&str]) -> Result<u64> {
        let path = self.store.writable_path(rel)?;
        let mut record = String::new();
        for line in lines {
            record.push_str(line.trim_end_matches('\n'));
            record.push('\n');
        }
        let mut file = OpenOptions::new()
            .append(true)
            .create(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&path)
            .map_err(|e| Error::io("open", &path, e))?;
        // In append mode the file position ends where this write ended.
        crash::write_all(&file, record.as_bytes(), "append lines")
            .and_then(|()| file.sync_data())
            .and_then(|()| file.stream_position())
            .map_err(|e| Error::io("append to", &path, e))
    }

    /// A directory to assemble files in before [`Locked::install_dir`] puts them in place.
    pub fn stage_dir(&self) -> Result<StagedDir> {
        let parent = self.store.writable_path(PARLEY_DIR)?;
        let dir = tempfile::Builder::new()
            .prefix(TEMP_PREFIX)
            .tempdir_in(&parent)
            .map_err(|e| Error::io("create a staging directory in", &parent, e))?;
        Ok(StagedDir { dir })
    }

    /// Moves a staged directory to `rel` in one rename. Whatever `rel` already holds (a
    /// `.gitkeep`, say) is first moved into the staged directory, so it is kept and the
    /// staged files appear all at once; a name present on both sides is refused before
    /// anything moves.
    pub fn install_dir(&self, staged: StagedDir, rel: &str) -> Result<()> {
        let target = self.store.writable_path(rel)?;
        let existing = self.store.list(rel)?.unwrap_or_default();
        if let Some(clash) = existing
            .iter()
            .find(|e| staged.dir.path().join(&e.name).exists())
        {
            return Err(Error::malformed(
                &target.join(&clash.name),
                None,
                "is in the way of a file being installed",
            ));
        }
        for entry in &existing {
            fs::rename(
                target.join(&entry.name),
                staged.dir.path().join(&entry.name),
            )
            .map_err(|e| Error::io("move", &target.join(&entry.name), e))?;
            crash::step("move a file into a staged directory");
        }
        let source = staged.dir.keep();
        sync_staged_files(&source)?;
        sync_dir(&source)?;
        if let Err(e) = fs::rename(&source, &target) {
            let _ = fs::remove_dir_all(&source);
            return Err(match e.raw_os_error() {
                Some(libc::ENOTEMPTY) | Some(libc::EEXIST) => {
                    Error::malformed(&target, None, "is not empty, so it cannot be replaced")
                }
                _ => Error::io("move a staged directory to", &target, e),
            });
        }
        crash::step("move a staged directory into place");
        sync_parent(&target)
    }
}

/// A new file's content, written and made durable in the directory it is meant for before
/// the lock is taken: creating and syncing a file is the slow part of creating one, and
/// nobody needs to wait for it. It has no name (`O_TMPFILE`) until
/// [`Locked::create_new_prepared`] links it into place under the lock, so a command that
/// dies or is refused leaves nothing behind, not even an ignored temporary file.
#[derive(Debug)]
pub struct Prepared {
    dir: PathBuf,
    content: Vec<u8>,
    file: File,
}

impl Store {
    /// Prepares a new file of `content` in the directory `dir_rel` ([`Prepared`]). `None`
    /// when that cannot be done ahead (the directory is missing or not a real one, the
    /// filesystem has no unnamed files, a write fails): the command then creates the file
    /// under the lock, where any error is reported.
    pub fn prepare_new(&self, dir_rel: &str, content: &str) -> Option<Prepared> {
        let dir = self.contained_dir(dir_rel)?;
        let file = open_unnamed(&dir).ok()?;
        crash::write_all(&file, content.as_bytes(), "write a temporary file")
            .and_then(|()| file.sync_all())
            .ok()?;
        Some(Prepared {
            dir,
            content: content.as_bytes().to_vec(),
            file,
        })
    }
}

/// Gives the open file `file` the further name `path` (`EEXIST` when anything is there).
#[cfg(target_os = "linux")]
fn link_open_file(file: &File, path: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::fd::AsRawFd;
    use std::os::unix::ffi::OsStrExt;
    // Linking a file by its descriptor needs a capability; through its `/proc` entry,
    // followed, it needs nothing more than creating a file does.
    let from = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))?;
    let to = CString::new(path.as_os_str().as_bytes())?;
    // SAFETY: both pointers are valid NUL-terminated strings for the duration of the call.
    let rc = unsafe {
        libc::linkat(
            libc::AT_FDCWD,
            from.as_ptr(),
            libc::AT_FDCWD,
            to.as_ptr(),
            libc::AT_SYMLINK_FOLLOW,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn link_open_file(_file: &File, _path: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// An unnamed regular file in `dir` (Linux `O_TMPFILE`), mode 0666 before the umask like any
/// file parley creates.
#[cfg(target_os = "linux")]
fn open_unnamed(dir: &Path) -> io::Result<File> {
    OpenOptions::new()
        .write(true)
        .mode(0o666)
        .custom_flags(libc::O_TMPFILE | libc::O_CLOEXEC)
        .open(dir)
}

#[cfg(not(target_os = "linux"))]
fn open_unnamed(_dir: &Path) -> io::Result<File> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Files assembled out of sight; removed if never installed.
#[derive(Debug)]
pub struct StagedDir {
    dir: tempfile::TempDir,
}

impl StagedDir {
    /// Writes a new file into the staged directory. It is not synced one by one: the whole
    /// directory is made durable at once by [`Locked::install_dir`], before it is moved in.
    pub fn write(&self, name: &str, content: &str) -> Result<()> {
        let path = self.dir.path().join(name);
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&path)
            .and_then(|mut file| file.write_all(content.as_bytes()))
            .map_err(|e| Error::io("create", &path, e))
    }

    /// Puts the text of `store`'s file `rel` into the staged directory as `name`, checked as
    /// [`Store::read`] checks it (a missing file gives an empty one), and returns that text.
    /// The staged file is `rel` itself, under a second name (a hard link), when `rel` has no
    /// other name yet: then nothing is allocated, which on a filesystem without a journal can
    /// cost far more than the write (see design.md, "The merge links the drafts"). Otherwise,
    /// or when the link cannot be made (another filesystem, no `/proc`), it is a copy.
    pub fn add_file_of(&self, store: &Store, rel: &str, name: &str) -> Result<String> {
        let Some((path, file, meta)) = store.open_for_reading_once(rel)? else {
            self.write(name, "")?;
            return Ok(String::new());
        };
        let text = read_text_to_end(&path, &file, &meta)?;
        if meta.nlink() != 1 || link_open_file(&file, &self.dir.path().join(name)).is_err() {
            self.write(name, &text)?;
        }
        Ok(text)
    }
}

/// How [`create_dir_atomically`] ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Creation {
    Created,
    AlreadyExists,
}

/// Builds a whole directory beside `target` and moves it into place in one step, never
/// replacing anything: if `target` exists (even as an empty directory) the result is
/// [`Creation::AlreadyExists`] and nothing is changed. Whoever sees `target` sees it complete.
pub fn create_dir_atomically(
    target: &Path,
    build: impl FnOnce(&Path) -> Result<()>,
) -> Result<Creation> {
    let parent = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match fs::symlink_metadata(&parent) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(Error::cannot_create(
                target,
                "its parent is not a directory",
            ));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(
                Error::cannot_create(target, "its parent directory does not exist")
                    .with_hint("create the parent first (mkdir -p)"),
            );
        }
        Err(e) => return Err(Error::cannot_create(target, e)),
    }
    if let Ok(meta) = fs::symlink_metadata(target) {
        return if meta.is_dir() {
            Ok(Creation::AlreadyExists)
        } else {
            Err(Error::cannot_create(
                target,
                "something that is not a directory is in the way",
            ))
        };
    }
    let staging = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .tempdir_in(&parent)
        .map_err(|e| Error::cannot_create(target, e))?;
    build(staging.path())?;
    sync_tree(staging.path())?;
    match rename_noreplace(staging.path(), target) {
        Ok(()) => {
            // The staging path is gone (it is the target now); nothing left to clean up.
            let _ = staging.keep();
            sync_dir(&parent)?;
            Ok(Creation::Created)
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => match fs::symlink_metadata(target) {
            Ok(meta) if meta.is_dir() => Ok(Creation::AlreadyExists),
            _ => Err(Error::cannot_create(
                target,
                "something that is not a directory is in the way",
            )),
        },
        Err(e) => Err(Error::cannot_create(target, e)),
    }
}

/// Writes a new file inside a directory being built by [`create_dir_atomically`].
pub fn write_new_file(path: &Path, content: &[u8]) -> Result<()> {
    if create_exclusive(path, content)? {
        Ok(())
    } else {
        Err(Error::cannot_create(path, "it already exists"))
    }
}

/// Creates a directory inside a directory being built by [`create_dir_atomically`].
pub fn create_dir(path: &Path) -> Result<()> {
    fs::create_dir(path).map_err(|e| Error::cannot_create(path, e))
}

/// Makes (or refreshes) a symbolic link at `link` pointing to `target`, atomically: the link
/// is created under a temporary name and renamed into place.
pub fn replace_symlink(target: &Path, link: &Path) -> Result<()> {
    let dir = link.parent().unwrap_or(Path::new("."));
    let name = link
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!("{TEMP_PREFIX}{}-{name}", std::process::id()));
    let _ = fs::remove_file(&temp);
    std::os::unix::fs::symlink(target, &temp).map_err(|e| Error::cannot_create(link, e))?;
    if let Err(e) = fs::rename(&temp, link) {
        let _ = fs::remove_file(&temp);
        return Err(Error::cannot_create(link, e));
    }
    sync_dir(dir)
}

/// How [`publish_file`] ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Publication {
    Written,
    /// Something is at the path and replacing was not asked for; nothing was changed.
    AlreadyExists,
}

/// Writes a whole file at a path the user chose, outside any store (a report): the content
/// goes to a temporary file beside it, is fsynced and moved into place in one rename, and the
/// directory is fsynced. A reader sees no file, or the whole of it.
///
/// Without `replace`, the rename is `RENAME_NOREPLACE`: an existing file (even one created a
/// moment before by someone else) is never overwritten. A symbolic link at `path` is refused
/// in both cases (never followed; never silently replaced by a file either); a link planted
/// between that check and the rename is replaced itself, never written through.
///
/// Not guaranteed: on filesystems without `RENAME_NOREPLACE` the no-replace check and the
/// rename are two steps (see [`rename_if_absent`]).
pub fn publish_file(path: &Path, content: &[u8], replace: bool) -> Result<Publication> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(Error::bad_input(
                "SYMLINK",
                format!(
                    "{} is a symbolic link; parley never writes through a link",
                    path.display()
                ),
            )
            .with_hint("remove the link or choose another path"));
        }
        Ok(meta) if meta.is_dir() => {
            return Err(Error::cannot_create(path, "it is a directory"));
        }
        Ok(_) if !replace => return Ok(Publication::AlreadyExists),
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(Error::io("inspect", path, e)),
    }
    // The directories on the way are the user's own path, followed as a shell would; only
    // the file itself is never a link.
    match fs::metadata(&dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(Error::cannot_create(path, "its parent is not a directory")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(
                Error::cannot_create(path, "its parent directory does not exist")
                    .with_hint("create the parent first (mkdir -p)"),
            );
        }
        Err(e) => return Err(Error::cannot_create(path, e)),
    }
    let temp = temp_file_in(&dir).map_err(|e| Error::cannot_create(path, e))?;
    crash::write_all(temp.as_file(), content, "write a temporary file")
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| Error::io("write", temp.path(), e))?;
    if replace {
        temp.persist(path)
            .map_err(|e| Error::io("replace", path, e.error))?;
    } else {
        let temp_path = temp.into_temp_path();
        match rename_noreplace(&temp_path, path) {
            // The temporary name is gone (it is `path` now): nothing left to remove.
            Ok(()) => {
                let _ = temp_path.keep();
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                return Ok(Publication::AlreadyExists);
            }
            Err(e) => return Err(Error::cannot_create(path, e)),
        }
    }
    sync_dir(&dir)?;
    Ok(Publication::Written)
}

/// A temporary file in `dir`, to be renamed or linked into place there. Its mode is 0666
/// before the umask, like any file an agent writes: tempfile's private 0600 would otherwise
/// make every replaced state file unreadable to other users of the directory.
fn temp_file_in(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)
}

/// Creates `path` with `content`, complete or not at all, never replacing anything;
/// `Ok(false)` if anything (a link included) is at `path`.
///
/// The content is written to a temporary file beside `path` and fsynced, then hard-linked to
/// `path` (`link(2)` fails with `EEXIST` rather than replace, atomically, on every Unix
/// filesystem, NFS included), the temporary name is removed and the directory fsynced. A
/// crash leaves no file or the whole of it, never the empty or partial file that
/// `open(O_EXCL)` followed by a write can leave; at worst an ignored `.parley-tmp-*` file
/// remains. Filesystems without hard links get the `O_CREAT|O_EXCL` create and write, whose
/// crash window is that one.
fn create_exclusive(path: &Path, content: &[u8]) -> Result<bool> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let temp = temp_file_in(dir).map_err(|e| Error::io("create a temporary file in", dir, e))?;
    crash::write_all(temp.as_file(), content, "write a temporary file")
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| Error::io("write", temp.path(), e))?;
    match fs::hard_link(temp.path(), path) {
        Ok(()) => crash::step("link a new file into place"),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Ok(false),
        Err(e)
            if matches!(
                e.raw_os_error(),
                Some(libc::EPERM | libc::ENOTSUP | libc::ENOSYS | libc::EMLINK)
            ) =>
        {
            return create_in_place(path, content);
        }
        Err(e) => return Err(Error::io("create", path, e)),
    }
    // Dropping the temporary file removes its name; `path` keeps the content.
    drop(temp);
    sync_dir(dir)?;
    Ok(true)
}

/// `O_CREAT|O_EXCL` create, write, fsync, fsync the directory. `Ok(false)` if `path` exists.
fn create_in_place(path: &Path, content: &[u8]) -> Result<bool> {
    let file = match OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Ok(false),
        Err(e) => return Err(Error::io("create", path, e)),
    };
    crash::step("create a new file");
    crash::write_all(&file, content, "write a new file")
        .and_then(|()| file.sync_all())
        .map_err(|e| Error::io("write", path, e))?;
    sync_parent(path)?;
    Ok(true)
}

/// Makes every file of a staged directory durable. On Linux one `syncfs(2)` flushes them all
/// (a merge of 10 000 drafts would otherwise pay 10 000 fsyncs); elsewhere each file is
/// fsynced.
fn sync_staged_files(dir: &Path) -> Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let handle = File::open(dir).map_err(|e| Error::io("open", dir, e))?;
        // SAFETY: the descriptor is valid for the duration of the call.
        if unsafe { libc::syncfs(handle.as_raw_fd()) } == 0 {
            return Ok(());
        }
    }
    let entries = fs::read_dir(dir).map_err(|e| Error::io("list", dir, e))?;
    for entry in entries {
        let path = entry.map_err(|e| Error::io("list", dir, e))?.path();
        File::open(&path)
            .and_then(|f| f.sync_all())
            .map_err(|e| Error::io("sync", &path, e))?;
    }
    Ok(())
}

fn sync_parent(path: &Path) -> Result<()> {
    // A bare file name has the empty path as parent: that is the current directory.
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => sync_dir(parent),
        _ => sync_dir(Path::new(".")),
    }
}

/// Starts writing `file`'s new content to disk without waiting for it (Linux's
/// `sync_file_range`), so that the fsyncs which follow for several files wait on writes
/// already under way, and mostly on one journal commit, instead of each starting its own.
/// Only a head start: durability still comes from the fsync, and a failure here is ignored.
fn start_writeback(file: &File) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: the descriptor is valid for the duration of the call; no memory is passed.
        unsafe {
            libc::sync_file_range(file.as_raw_fd(), 0, 0, libc::SYNC_FILE_RANGE_WRITE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = file;
}

fn sync_dir(dir: &Path) -> Result<()> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| Error::io("sync", dir, e))
}

/// fsyncs every directory of a freshly built tree (files are synced as they are written).
fn sync_tree(root: &Path) -> Result<()> {
    sync_dir(root)?;
    let entries = fs::read_dir(root).map_err(|e| Error::io("list", root, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| Error::io("list", root, e))?;
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            sync_tree(&entry.path())?;
        }
    }
    Ok(())
}

/// `rename` that fails with `AlreadyExists` instead of replacing an (empty) directory.
#[cfg(target_os = "linux")]
fn rename_noreplace(from: &Path, to: &Path) -> io::Result<()> {
    match renameat2(from, to, libc::RENAME_NOREPLACE) {
        // Filesystems without RENAME_NOREPLACE get the portable fallback.
        Err(e) if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) => {
            rename_if_absent(from, to)
        }
        other => other,
    }
}

/// Linux's `renameat2(2)` of two paths, with `flags` (`RENAME_NOREPLACE`, `RENAME_EXCHANGE`).
#[cfg(target_os = "linux")]
fn renameat2(from: &Path, to: &Path, flags: libc::c_uint) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let from = CString::new(from.as_os_str().as_bytes())?;
    let to = CString::new(to.as_os_str().as_bytes())?;
    // SAFETY: both pointers are valid NUL-terminated strings for the duration of the call.
    let rc = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            from.as_ptr(),
            libc::AT_FDCWD,
            to.as_ptr(),
            flags,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn rename_noreplace(from: &Path, to: &Path) -> io::Result<()> {
    rename_if_absent(from, to)
}

/// A plain rename onto a path just seen missing. Only an empty directory created in between
/// by someone else could be replaced; `docs/design.md` records this limit.
fn rename_if_absent(from: &Path, to: &Path) -> io::Result<()> {
    if fs::symlink_metadata(to).is_ok() {
        return Err(io::Error::from(io::ErrorKind::AlreadyExists));
    }
    fs::rename(from, to).map_err(|e| match e.raw_os_error() {
        // Someone else's complete directory got there first.
        Some(libc::ENOTEMPTY) | Some(libc::EEXIST) => io::Error::from(io::ErrorKind::AlreadyExists),
        _ => e,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store in a fresh temporary directory, with its `.parley` folder.
    pub(super) fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join(PARLEY_DIR)).unwrap();
        let wait = LockWait {
            timeout: std::time::Duration::from_secs(5),
            notices: crate::notices::Notices::silent(),
            cancel: crate::notices::Cancel::new(),
        };
        let store = Store::new(dir.path().to_path_buf(), wait);
        (dir, store)
    }

    #[test]
    fn a_listing_names_each_entry_with_its_kind_and_leaves_out_temporaries_and_odd_names() {
        use std::os::unix::ffi::OsStrExt;
        let (dir, store) = store();
        let d = dir.path().join("d");
        fs::create_dir(&d).unwrap();
        // More entries than one call of the kernel returns.
        for n in 0..1500 {
            fs::write(d.join(format!("{n:04}-file.md")), "x").unwrap();
        }
        fs::create_dir(d.join("sub")).unwrap();
        std::os::unix::fs::symlink("0001-file.md", d.join("link")).unwrap();
        fs::write(d.join(format!("{TEMP_PREFIX}half")), "x").unwrap();
        fs::write(d.join(std::ffi::OsStr::from_bytes(b"not-utf8-\xff")), "x").unwrap();
        let listed = store.list("d").unwrap().unwrap();
        assert_eq!(listed.len(), 1502);
        assert!(listed[..1500].iter().all(|e| e.kind == EntryKind::File));
        assert_eq!(listed[0].name, "0000-file.md");
        let kind = |name: &str| listed.iter().find(|e| e.name == name).map(|e| e.kind);
        assert_eq!(kind("sub"), Some(EntryKind::Dir));
        assert_eq!(kind("link"), Some(EntryKind::Symlink));
        // Missing: none; through a link or not a directory: an error.
        assert!(store.list("missing").unwrap().is_none());
        std::os::unix::fs::symlink("d", dir.path().join("linked")).unwrap();
        assert!(store.list("linked").is_err());
        assert!(store.list("d/0000-file.md").is_err());
    }

    #[test]
    fn a_file_read_in_parts_is_read_once_whole_and_a_long_or_odd_name_is_never_found() {
        let (dir, store) = store();
        let text: Vec<u8> = (0..100_000u32).map(|n| (n % 251) as u8).collect();
        fs::write(dir.path().join("f"), &text).unwrap();
        let mut reading = store.open("f").unwrap().unwrap();
        let mut first = Vec::new();
        let at = reading.read_until(text[40_000], &mut first).unwrap();
        let mut passed = Vec::new();
        reading
            .pass(10_000, |part| passed.extend_from_slice(part))
            .unwrap();
        let mut rest = Vec::new();
        reading.read_to_end(&mut rest).unwrap();
        assert!(at.is_some());
        assert_eq!([first, passed, rest].concat(), text);

        fs::create_dir(dir.path().join("d")).unwrap();
        fs::write(dir.path().join("d/a"), "a").unwrap();
        let lookups = store.lookup_dir("d").unwrap();
        assert!(matches!(lookups.find("a"), Found::File(_)));
        assert_eq!(lookups.find(&"a".repeat(300)), Found::Other);
        assert_eq!(lookups.find("a\0"), Found::Other);
        assert_eq!(lookups.find("a/b"), Found::Other);
    }

    #[test]
    fn staged_files_are_in_place_only_once_committed_and_leave_nothing_when_dropped() {
        let (dir, store) = store();
        let locked = store.lock(LockMode::Exclusive, "test").unwrap();
        fs::write(dir.path().join("a.md"), "old a\n").unwrap();
        let listing = || {
            let mut names: Vec<String> = fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        let before = listing();

        let staged = locked
            .stage(&[("a.md", b"new a\n".as_slice()), ("b.md", b"b\n")])
            .unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("a.md")).unwrap(),
            "old a\n"
        );
        assert!(!dir.path().join("b.md").exists());
        drop(staged);
        assert_eq!(
            listing(),
            before,
            "a dropped stage leaves no temporary file"
        );

        let staged = locked
            .stage(&[("a.md", b"new a\n".as_slice()), ("b.md", b"b\n")])
            .unwrap();
        staged.commit().unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("a.md")).unwrap(),
            "new a\n"
        );
        assert_eq!(fs::read_to_string(dir.path().join("b.md")).unwrap(), "b\n");
        let mut expected = before;
        expected.push("b.md".to_owned());
        expected.sort();
        assert_eq!(listing(), expected);

        // A link in place of a target refuses the whole stage before anything is written.
        std::os::unix::fs::symlink("/etc/hostname", dir.path().join("c.md")).unwrap();
        let refused = locked.stage(&[("a.md", b"newer\n".as_slice()), ("c.md", b"c\n")]);
        assert!(refused.is_err());
        assert_eq!(
            fs::read_to_string(dir.path().join("a.md")).unwrap(),
            "new a\n"
        );
    }

    #[test]
    fn a_change_time_with_a_fraction_of_a_second_settles_sooner_than_a_whole_second() {
        let second = 1_000_000_000i128;
        for whole in [0, 1_700_000_000 * second, -2 * second] {
            assert_eq!(FileIdentity::settle_after(whole), SETTLE, "{whole}");
        }
        for fine in [1, 1_700_000_000 * second + 4_000_000, -second + 999_999_999] {
            assert_eq!(FileIdentity::settle_after(fine), SETTLE_FINE, "{fine}");
        }
        // More than a tick of the coarsest filesystem that leaves a fraction (under a
        // second) plus the kernel clock's lag; never more than the whole-second rule.
        assert!(SETTLE_FINE > std::time::Duration::from_secs(1) && SETTLE_FINE < SETTLE);

        // A file just written has not settled, whichever rule applies.
        let (_dir, store) = store();
        fs::write(store.root().join("new.md"), "text\n").unwrap();
        let (text, identity) = store.read_with_identity("new.md").unwrap().unwrap();
        assert_eq!((text.as_str(), identity), ("text\n", None));
    }

    #[test]
    fn a_plain_path_is_one_whose_components_are_all_plain_names() {
        use std::path::Component;
        let by_components = |rel: &str| {
            !rel.is_empty()
                && Path::new(rel)
                    .components()
                    .all(|c| matches!(c, Component::Normal(_)))
        };
        let names = ["", ".", "..", "a", "b.md", "..a", ".a"];
        let mut cases = vec![
            "/", "//a", "/a/b", "a//b", "a/./b", "./a", "a/.", "a/..", "a/",
        ];
        let mut built = Vec::new();
        for x in names {
            for y in names {
                for z in names {
                    built.push(format!("{x}/{y}/{z}"));
                    built.push(format!("{x}/{y}"));
                }
                built.push(x.to_owned());
            }
        }
        cases.extend(built.iter().map(String::as_str));
        for rel in cases {
            assert_eq!(is_plain(rel), by_components(rel), "{rel:?}");
        }
        for root in ["", ".", "/", "/tmp/neg", "neg/", "a b"] {
            let store = Store::new(PathBuf::from(root), store().1.lock_wait);
            for rel in ["a", "positions/01-a.md", "a/b/c"] {
                assert_eq!(
                    store.joined(rel),
                    Path::new(root).join(rel),
                    "{root:?} {rel:?}"
                );
            }
        }
    }

    #[test]
    fn a_name_is_found_with_the_identity_a_read_gives_and_a_link_is_never_a_file() {
        let (dir, store) = store();
        fs::create_dir(dir.path().join("issues")).unwrap();
        fs::write(dir.path().join("issues/01-a.md"), "one\n").unwrap();
        fs::create_dir(dir.path().join("issues/02-b.md")).unwrap();
        std::os::unix::fs::symlink("01-a.md", dir.path().join("issues/03-c.md")).unwrap();
        let names = ["01-a.md", "02-b.md", "03-c.md", "04-d.md"];
        let lookups = store.lookup_dir("issues").unwrap();
        let found: Vec<Found> = names.iter().map(|name| lookups.find(name)).collect();
        let meta = fs::symlink_metadata(dir.path().join("issues/01-a.md")).unwrap();
        assert_eq!(
            found,
            [
                Found::File(FileIdentity::of(&meta)),
                Found::Other,
                Found::Other,
                Found::Missing
            ]
        );
        // Not through a link, nor in a directory that is missing.
        std::os::unix::fs::symlink("issues", dir.path().join("linked")).unwrap();
        assert!(store.lookup_dir("linked").is_none());
        assert!(store.lookup_dir("missing").is_none());
    }

    #[test]
    fn a_prepared_file_is_linked_only_with_the_content_asked_for_and_never_over_a_file() {
        let (dir, store) = store();
        let issues = dir.path().join("issues");
        fs::create_dir(&issues).unwrap();
        let locked = store.lock(LockMode::Exclusive, "test").unwrap();
        let prepared = store.prepare_new("issues", "one\n");
        assert!(prepared.is_some(), "O_TMPFILE works on the test filesystem");
        assert!(
            locked
                .create_new_prepared("issues/01-a.md", "one\n", prepared)
                .unwrap()
        );
        assert_eq!(fs::read_to_string(issues.join("01-a.md")).unwrap(), "one\n");
        // A content the locked state changed is written as it is now.
        let stale = store.prepare_new("issues", "stale\n");
        assert!(
            locked
                .create_new_prepared("issues/02-b.md", "fresh\n", stale)
                .unwrap()
        );
        assert_eq!(
            fs::read_to_string(issues.join("02-b.md")).unwrap(),
            "fresh\n"
        );
        // Never over anything.
        let other = store.prepare_new("issues", "other\n");
        assert!(
            !locked
                .create_new_prepared("issues/01-a.md", "other\n", other)
                .unwrap()
        );
        assert_eq!(fs::read_to_string(issues.join("01-a.md")).unwrap(), "one\n");
        // A preparation never linked leaves nothing, not even a temporary name.
        drop(store.prepare_new("issues", "unused\n"));
        let mut names: Vec<String> = fs::read_dir(&issues)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["01-a.md", "02-b.md"]);
        // Nowhere but in a real directory of the store.
        assert!(store.prepare_new("missing", "x\n").is_none());
        std::os::unix::fs::symlink(&issues, dir.path().join("linked")).unwrap();
        assert!(store.prepare_new("linked", "x\n").is_none());
    }
}
