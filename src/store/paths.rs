//! A [`Store`]: the directory parley manages, and the containment of every path in it.
//! Paths handed to the store are relative and made of plain names, and every directory
//! between the root and a file is checked (once per process) not to be a link, so nothing
//! outside the root is ever reached through one.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::lock::LockWait;
use crate::error::{Error, Result};

/// parley's own files inside a directory it manages: the lock and the event log.
pub const PARLEY_DIR: &str = ".parley";

/// Prefix of temporary files; readers ignore them, so a crash mid-write leaves only litter.
pub(super) const TEMP_PREFIX: &str = ".parley-tmp-";

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
    pub(super) lock_wait: LockWait,
    /// Directories (relative) already seen to be real directories, not links, by this
    /// process: each is checked once per command rather than once per file read.
    verified_dirs: Mutex<HashSet<String>>,
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

    /// `root/rel`, after checking that `rel` is relative and made of plain components.
    pub(super) fn checked_path(&self, rel: &str) -> Result<PathBuf> {
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
    pub(super) fn contained_path(&self, rel: &str) -> Result<Option<PathBuf>> {
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
    pub(super) fn contained_dir(&self, dir_rel: &str) -> Option<PathBuf> {
        let inside = self.contained_path(&format!("{dir_rel}/_")).ok()??;
        Some(inside.parent()?.to_path_buf())
    }

    /// Where `rel` may be written: every directory on the way exists and is not a link, and
    /// `rel` itself, if present, is not a link.
    pub(super) fn writable_path(&self, rel: &str) -> Result<PathBuf> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::store;

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
}
