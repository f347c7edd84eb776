//! Replacing a file without making a new one: the *spare* of each replaced file.
//!
//! An atomic replacement writes the new content to a file of its own, flushes it and renames
//! it over the old one. Done with a new file each time, every replacement allocates an inode
//! and frees the one it replaced. On ext4 without a journal (the benchmark's machine) both
//! grow costly with use: an inode freed in the last minutes (while its table block is not
//! written back, in the last five) is skipped by the allocator, one lookup each, so a file
//! made after a few thousand replacements took 0.8 ms to create; and freeing a file's blocks
//! under the `discard` mount option waits for the device to discard them.
//!
//! So the file a replacement puts aside is kept, as the spare of its name
//! (`.parley/spare/NAME.spare`: a name no state file has, so that nothing looking for one
//! finds a spare), and written again for the next replacement:
//!
//! 1. **Write the spare.** It is opened without following a link, and used only if it is a
//!    plain file with no other name (not the file it replaces: a crash that lost one of the
//!    two directory entries of an exchange could leave both names on one file), and if the
//!    kernel grants a write lease on it. A write lease is granted only while no other open
//!    file description of the file exists, so nobody still reading the file this spare once
//!    was (a reader that opened it before it was replaced) can see it change. The content is
//!    written from its start, the length set, the lease released, the data flushed. Otherwise
//!    (no spare yet, or one that is not usable, or a system without leases) the spare is
//!    removed and made again, written and flushed, as a temporary file was before.
//! 2. **Exchange.** `renameat2(RENAME_EXCHANGE)` swaps the spare and the target in one step:
//!    a reader of the target sees the old file or the new one, as with a rename, and the old
//!    file becomes the spare. Where the exchange is not available (another system, a
//!    filesystem without it) or there is no target yet, the spare is renamed over the
//!    target, as before, and is made again next time. Where the target is on another
//!    filesystem than `.parley/` (a mount inside the store), a copy of the spare made beside
//!    the target is flushed and renamed over it.
//!
//! The caller then flushes the target's directory ([`Staged::commit`](super::locked::Staged::commit)); the spare's
//! directory is not flushed: after a power loss a spare may name a stale file, which step 1
//! refuses or simply writes over. A crash at any step leaves the target whole: the spare is
//! never visible under the target's name before it is whole and flushed.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

use super::crash;
use super::create::temp_file_in;
use super::sys::renameat2;
use super::version::Version;

/// The directory of the spares, relative to the store root.
pub(super) const SPARE_DIR: &str = ".parley/spare";

/// The spare of `rel`, relative to the store root: its path made one name (`/` and `%`
/// escaped, so that no two paths share a spare), then `.spare`.
pub(super) fn spare_rel(rel: &str) -> String {
    let mut name = String::with_capacity(SPARE_DIR.len() + 1 + rel.len());
    name.push_str(SPARE_DIR);
    name.push('/');
    for c in rel.chars() {
        match c {
            '%' => name.push_str("%25"),
            '/' => name.push_str("%2F"),
            c => name.push(c),
        }
    }
    name.push_str(".spare");
    name
}

/// A spare written by [`write`], to be flushed before it is put in place.
pub(super) struct Written {
    file: File,
    /// Made for this write: its inode and its name in the spares' directory are new too.
    made: bool,
}

impl Written {
    /// The file written, for its writing to the disk to be started before it is flushed
    /// ([`start_writeback`](super::sys::start_writeback)).
    pub(super) fn file(&self) -> &File {
        &self.file
    }

    /// Waits until the content is on the disk: the data and what is needed to read it (the
    /// whole inode of a spare just made).
    pub(super) fn flush(&self) -> io::Result<()> {
        if self.made {
            self.file.sync_all()
        } else {
            self.file.sync_data()
        }
    }
}

/// What a spare is to hold.
#[derive(Clone, Copy)]
pub(super) enum Fill<'a> {
    /// These bytes.
    Bytes(&'a [u8]),
    /// The first `keep` bytes of `source` (copied inside the kernel, never read by the
    /// process), then `then`. `shared`, when known: a [`Shared`] record of what the spare
    /// already holds of `source`, so that only the bytes after those are copied.
    Extend {
        source: &'a File,
        keep: u64,
        then: &'a [u8],
        shared: Option<Shared>,
    },
}

/// What a spare already holds of its target: after an exchange that put a file extending
/// the old one in place, the old file (now the spare) and the new one (now the target) have
/// their first `bytes` in common. Kept beside the spare ([`record_shared`]) with the two
/// files' identities just after the exchange, it is trusted only while both identities are
/// unchanged: any write to either file since moves its change time (see
/// [`Version`] for what that cannot see).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Shared {
    pub bytes: u64,
    pub spare: Version,
    pub target: Version,
}

/// Makes `spare` hold `fill`, to be exchanged with `target` (step 1 of the module
/// documentation); [`Written::flush`] then makes it durable.
pub(super) fn write(spare: &Path, target: &Path, fill: Fill<'_>) -> io::Result<Written> {
    if let Some((file, meta)) = reusable(spare, target) {
        // What is already there of an extended file is kept, and only what follows written.
        let from = match fill {
            Fill::Extend {
                shared: Some(shared),
                keep,
                ..
            } if shared.bytes <= keep && shared.spare == Version::of(&meta) => shared.bytes,
            _ => 0,
        };
        rewrite(&file, meta.len(), from, fill)?;
        return Ok(Written { file, made: false });
    }
    match fs::remove_file(spare) {
        Ok(()) => crash::step("remove an unusable spare"),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o666)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(spare)?;
    crash::step("create a spare");
    fill_from(&file, 0, fill, "write a new spare")?;
    Ok(Written { file, made: true })
}

/// Writes `fill` into `file` from offset `from` (where the file already holds what `fill`
/// has before it), leaving the file's position at the end of what was written.
fn fill_from(mut file: &File, from: u64, fill: Fill<'_>, label: &str) -> io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    match fill {
        Fill::Bytes(bytes) => {
            let bytes = usize::try_from(from)
                .ok()
                .and_then(|from| bytes.get(from..))
                .unwrap_or_default();
            file.seek(SeekFrom::Start(from))?;
            crash::write_all(file, bytes, label)
        }
        Fill::Extend {
            mut source,
            keep,
            then,
            ..
        } => {
            source.seek(SeekFrom::Start(from))?;
            file.seek(SeekFrom::Start(from))?;
            // `std::io::copy` between two files is `copy_file_range` where the kernel has it.
            let copied = io::copy(&mut source.take(keep - from), &mut file)?;
            if copied != keep - from {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the file shrank during the copy",
                ));
            }
            crash::step("copy the kept part of a file into its spare");
            crash::write_all(file, then, label)
        }
    }
}

impl Fill<'_> {
    fn len(&self) -> u64 {
        match self {
            Fill::Bytes(bytes) => bytes.len() as u64,
            Fill::Extend { keep, then, .. } => keep + then.len() as u64,
        }
    }
}

/// The [`Shared`] record kept beside `spare`, if there is a readable one: a plain file with
/// one name, opened without following a link or waiting (a pipe planted there is not read).
pub(super) fn shared_of(spare: &Path) -> Option<Shared> {
    use std::io::Read;
    let file = open_record(&record_path(spare), OpenOptions::new().read(true))?;
    let mut text = Vec::with_capacity(512);
    file.take(4096).read_to_end(&mut text).ok()?;
    serde_json::from_slice(&text).ok()
}

/// Records what `spare` and its target now share ([`Shared`]), without a flush: after a power
/// loss the record is lost, unreadable, or describes two files whose contents were flushed
/// before it was written. Best effort: without a record, the next write of the spare simply
/// copies everything. Whatever is at the record's name that is not a plain file with one
/// name is removed, never written through.
pub(super) fn record_shared(spare: &Path, shared: &Shared) {
    let text = serde_json::to_vec(shared).expect("a record serialises");
    let path = record_path(spare);
    let file = open_record(&path, OpenOptions::new().write(true)).or_else(|| {
        let _ = fs::remove_file(&path);
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&path)
            .ok()
    });
    if let Some(file) = file {
        let _ = file.set_len(0).and_then(|()| {
            crash::step("empty the record of what a spare shares");
            crash::write_all(&file, &text, "record what a spare shares")
        });
    }
}

/// `path` opened with `options`, if it is a plain file with one name (not followed if a
/// link, not waited for if a pipe).
fn open_record(path: &Path, options: &mut OpenOptions) -> Option<File> {
    let file = options
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK)
        .open(path)
        .ok()?;
    let meta = file.metadata().ok()?;
    (meta.is_file() && meta.nlink() == 1).then_some(file)
}

fn record_path(spare: &Path) -> std::path::PathBuf {
    let mut path = spare.as_os_str().to_owned();
    path.push(".shared");
    path.into()
}

/// How [`put_in_place`] put a spare in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Placed {
    /// Exchanged: the spare now holds the target's old file.
    Exchanged,
    /// Renamed or copied over the target: the old file is gone, the spare too.
    Replaced,
}

/// Puts `spare`, written by [`write`], in place of `target` (step 2).
pub(super) fn put_in_place(spare: &Path, target: &Path) -> io::Result<Placed> {
    let renamed = match exchange(spare, target) {
        Ok(true) => {
            crash::step("exchange a spare with its target");
            return Ok(Placed::Exchanged);
        }
        Ok(false) => fs::rename(spare, target),
        Err(e) => Err(e),
    };
    match renamed {
        Ok(()) => {
            crash::step("rename a spare over its target");
            Ok(Placed::Replaced)
        }
        Err(e) if e.raw_os_error() == Some(libc::EXDEV) => {
            copied_in_place(spare, target).map(|()| Placed::Replaced)
        }
        Err(e) => Err(e),
    }
}

/// Where the target's directory is another filesystem than the spares' (a mount inside the
/// store): a copy of the spare, beside the target, flushed and renamed over it.
fn copied_in_place(spare: &Path, target: &Path) -> io::Result<()> {
    let dir = target.parent().unwrap_or(Path::new("."));
    let mut temp = temp_file_in(dir)?;
    io::copy(&mut File::open(spare)?, temp.as_file_mut())?;
    crash::step("copy a spare beside its target");
    temp.as_file().sync_all()?;
    temp.persist(target).map_err(|e| e.error)?;
    crash::step("rename a copy of a spare over its target");
    Ok(())
}

/// The spare, opened for writing, and what it is, if it may be written over: a plain file
/// with one name, not `target`, that nobody else has open (held under a write lease,
/// released by [`rewrite`]).
#[cfg(target_os = "linux")]
fn reusable(spare: &Path, target: &Path) -> Option<(File, fs::Metadata)> {
    use std::os::fd::AsRawFd;
    let file = OpenOptions::new()
        .write(true)
        // Never wait for someone else's lease on it: such a spare is simply not used.
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK)
        .open(spare)
        .ok()?;
    let meta = file.metadata().ok()?;
    let same_as_target =
        fs::symlink_metadata(target).is_ok_and(|t| (t.dev(), t.ino()) == (meta.dev(), meta.ino()));
    if !meta.is_file() || meta.nlink() != 1 || same_as_target {
        return None;
    }
    // SAFETY: a plain call on a descriptor owned by `file`.
    let leased = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETLEASE, libc::F_WRLCK) };
    if leased != 0 {
        return None;
    }
    // What it is once nobody else can have it open: a write between the first look and the
    // lease is then seen in its identity.
    match file.metadata() {
        Ok(meta) => Some((file, meta)),
        Err(_) => {
            release_lease(&file);
            None
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn reusable(_spare: &Path, _target: &Path) -> Option<(File, fs::Metadata)> {
    None
}

/// Writes `fill` over the leased spare (`len` bytes long) from offset `from`, cuts what is
/// left of the old content, and releases the lease.
fn rewrite(file: &File, len: u64, from: u64, fill: Fill<'_>) -> io::Result<()> {
    let written = fill_from(file, from, fill, "write over a spare").and_then(|()| {
        // A turn file is mostly as long as the one it replaces: then there is nothing to cut.
        if len != fill.len() {
            file.set_len(fill.len())?;
            crash::step("set the length of a spare");
        }
        Ok(())
    });
    release_lease(file);
    written
}

#[cfg(target_os = "linux")]
fn release_lease(file: &File) {
    use std::os::fd::AsRawFd;
    // SAFETY: a plain call on a descriptor owned by `file`. Closing it would release the
    // lease too; this releases it before the flush rather than after.
    unsafe {
        libc::fcntl(file.as_raw_fd(), libc::F_SETLEASE, libc::F_UNLCK);
    }
}

#[cfg(not(target_os = "linux"))]
fn release_lease(_file: &File) {}

/// Swaps the names `spare` and `target` in one step. `Ok(false)` when it cannot be done that
/// way: no target yet, or a system or filesystem without the exchange.
#[cfg(target_os = "linux")]
fn exchange(spare: &Path, target: &Path) -> io::Result<bool> {
    let Err(error) = renameat2(spare, target, libc::RENAME_EXCHANGE) else {
        return Ok(true);
    };
    match error.raw_os_error() {
        // The target is missing: a plain rename makes it. (A missing spare fails that too.)
        Some(libc::ENOENT) => Ok(false),
        // No exchange here: a plain rename does what it can (another filesystem included:
        // the rename says so, and the caller copies).
        Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP | libc::EXDEV) => Ok(false),
        _ => Err(error),
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_spare: &Path, _target: &Path) -> io::Result<bool> {
    Ok(false)
}
