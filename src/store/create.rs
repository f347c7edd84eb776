//! Creating a whole file exclusively, and the temporary files parley writes before a rename
//! or a link: both for a store's files and for files that are in none.

use std::fs::{self, OpenOptions};
use std::io;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

use super::crash;
use super::paths::TEMP_PREFIX;
use super::sys::{sync_dir, sync_parent};
use crate::error::{Error, Result};

/// A temporary file in `dir`, to be renamed or linked into place there. Its mode is 0666
/// before the umask, like any file an agent writes: tempfile's private 0600 would otherwise
/// make every replaced state file unreadable to other users of the directory.
pub(super) fn temp_file_in(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    temp_file_with_mode(dir, 0o666)
}

/// The same with the permissions `mode` (before the umask).
pub(super) fn temp_file_with_mode(
    dir: &Path,
    mode: u32,
) -> std::io::Result<tempfile::NamedTempFile> {
    tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .permissions(fs::Permissions::from_mode(mode))
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
pub(super) fn create_exclusive(path: &Path, content: &[u8]) -> Result<bool> {
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
