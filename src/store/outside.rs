//! Writes of files that are in no store, where the user chose the path: a directory built
//! whole and moved into place (`init`), a published file (`report`, `skill --install`), a
//! symbolic link replaced atomically.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::crash;
use super::create::{create_exclusive, temp_file_with_mode};
use super::lock::{self, LockMode, LockWait};
use super::paths::TEMP_PREFIX;
use super::sys::{rename_noreplace, sync_dir, sync_tree};
use crate::error::{Error, Result};

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

/// Removes `dir` if it is an empty directory: one a command made, then had no use for.
/// Anything in it (another process's work) keeps it.
pub fn remove_if_empty(dir: &Path) {
    let _ = fs::remove_dir(dir);
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
/// rename are two steps (see `sys::rename_if_absent`).
pub fn publish_file(path: &Path, content: &[u8], replace: bool) -> Result<Publication> {
    publish(path, content, replace, 0o666)
}

/// Writes a whole file readable by its owner only (mode 0600, a secret such as the hashes of
/// `parley token`), replacing what is there, as [`publish_file`] does.
pub fn publish_private_file(path: &Path, content: &[u8]) -> Result<()> {
    publish(path, content, true, 0o600).map(|_| ())
}

/// Runs `change` (which reads the file at `path` and may publish it again) while no other
/// process does so for the same path: each holds an exclusive lock on `.NAME.lock` beside
/// it, created once and never replaced (a lock on the file itself would be lost when it is
/// renamed over). Two `parley token new` at once then both keep their token. Readers need no
/// lock: the file is only ever replaced whole.
pub fn with_file_locked<T>(
    path: &Path,
    wait: &LockWait,
    label: &str,
    change: impl FnOnce() -> Result<T>,
) -> Result<T> {
    let name = path
        .file_name()
        .ok_or_else(|| Error::cannot_create(path, "it names no file"))?;
    let lock_path = path.with_file_name(format!(".{}.lock", name.to_string_lossy()));
    let _held = lock::acquire(&lock_path, LockMode::Exclusive, wait, label)?;
    change()
}

fn publish(path: &Path, content: &[u8], replace: bool, mode: u32) -> Result<Publication> {
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
    let temp = temp_file_with_mode(&dir, mode).map_err(|e| Error::cannot_create(path, e))?;
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
