//! System calls the standard library does not offer (or offers only at a cost), each
//! wrapped once: linking an open file, unnamed files, early writeback, flushes of
//! directories and whole filesystems, renames that exchange or never replace.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use crate::error::{Error, Result};

/// Gives the open file `file` the further name `path` (`EEXIST` when anything is there).
#[cfg(target_os = "linux")]
pub(super) fn link_open_file(file: &File, path: &Path) -> io::Result<()> {
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
pub(super) fn link_open_file(_file: &File, _path: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// An unnamed regular file in `dir` (Linux `O_TMPFILE`), mode 0666 before the umask like any
/// file parley creates.
#[cfg(target_os = "linux")]
pub(super) fn open_unnamed(dir: &Path) -> io::Result<File> {
    OpenOptions::new()
        .write(true)
        .mode(0o666)
        .custom_flags(libc::O_TMPFILE | libc::O_CLOEXEC)
        .open(dir)
}

#[cfg(not(target_os = "linux"))]
pub(super) fn open_unnamed(_dir: &Path) -> io::Result<File> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Makes every file of a staged directory durable. On Linux one `syncfs(2)` flushes them all
/// (a merge of 10 000 drafts would otherwise pay 10 000 fsyncs); elsewhere each file is
/// fsynced.
pub(super) fn sync_staged_files(dir: &Path) -> Result<()> {
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

pub(super) fn sync_parent(path: &Path) -> Result<()> {
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
pub(super) fn start_writeback(file: &File) {
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

pub(super) fn sync_dir(dir: &Path) -> Result<()> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| Error::io("sync", dir, e))
}

/// fsyncs every directory of a freshly built tree (files are synced as they are written).
pub(super) fn sync_tree(root: &Path) -> Result<()> {
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
pub(super) fn rename_noreplace(from: &Path, to: &Path) -> io::Result<()> {
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
pub(super) fn renameat2(from: &Path, to: &Path, flags: libc::c_uint) -> io::Result<()> {
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
pub(super) fn rename_noreplace(from: &Path, to: &Path) -> io::Result<()> {
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
