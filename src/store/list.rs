//! Listing a directory of a store: names and kinds, never following a link, temporary files
//! left out.

use std::fs::{self, OpenOptions};
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use super::paths::{Store, TEMP_PREFIX};
use crate::error::{Error, Result};

/// What a directory listing entry is, without following links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    File,
    Dir,
    Symlink,
    Other,
}

#[derive(Debug, Clone)]
/// One entry of a directory listing: its name and what it is.
pub struct Listed {
    pub name: String,
    pub kind: FileKind,
}

impl Store {
    /// The entries of a directory, sorted by name, temporary files left out; `None` when the
    /// directory does not exist. Names that are not UTF-8 are left out too: no valid record
    /// has one.
    pub fn list(&self, rel: &str) -> Result<Option<Vec<Listed>>> {
        let mut entries = self.entries(rel)?;
        if let Some(entries) = &mut entries {
            entries.sort_by(|a, b| a.name.cmp(&b.name));
        }
        Ok(entries)
    }

    /// [`Store::list`] in the directory's own order, for a caller that sorts them its own way
    /// or needs no order (sorting thousands of names is most of listing a large directory).
    fn entries(&self, rel: &str) -> Result<Option<Vec<Listed>>> {
        let mut entries = Vec::new();
        let listed = self.each_entry(rel, |name, kind| {
            entries.push(Listed {
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
    pub fn each_entry(&self, rel: &str, mut each: impl FnMut(&str, FileKind)) -> Result<bool> {
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
}

/// Hands `each` the name and kind of every entry of `dir` but `.` and `..`, in the
/// directory's order; names that are not UTF-8 are left out. The entries are read straight
/// from the kernel's records into one buffer (`getdents64` through `rustix`): the standard
/// library's iterator copies every name twice, on a path `status` and `new-issue` take for
/// every issue.
#[cfg(target_os = "linux")]
fn read_entries(dir: &Path, mut each: impl FnMut(&str, FileKind)) -> io::Result<()> {
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
            FileType::RegularFile => FileKind::File,
            FileType::Directory => FileKind::Dir,
            FileType::Symlink => FileKind::Symlink,
            _ => FileKind::Other,
        };
        let kind = match entry.file_type() {
            // Some filesystems do not say: asked of the entry itself, not through a link.
            FileType::Unknown => {
                rustix::fs::statat(&handle, name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW)
                    .map_or(FileKind::Other, |stat| {
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
fn read_entries(dir: &Path, mut each: impl FnMut(&str, FileKind)) -> io::Result<()> {
    for item in fs::read_dir(dir)? {
        let item = item?;
        let Ok(name) = item.file_name().into_string() else {
            continue;
        };
        let kind = match item.file_type() {
            Ok(t) if t.is_symlink() => FileKind::Symlink,
            Ok(t) if t.is_dir() => FileKind::Dir,
            Ok(t) if t.is_file() => FileKind::File,
            _ => FileKind::Other,
        };
        each(&name, kind);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::store;

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
        assert!(listed[..1500].iter().all(|e| e.kind == FileKind::File));
        assert_eq!(listed[0].name, "0000-file.md");
        let kind = |name: &str| listed.iter().find(|e| e.name == name).map(|e| e.kind);
        assert_eq!(kind("sub"), Some(FileKind::Dir));
        assert_eq!(kind("link"), Some(FileKind::Symlink));
        // Missing: none; through a link or not a directory: an error.
        assert!(store.list("missing").unwrap().is_none());
        std::os::unix::fs::symlink("d", dir.path().join("linked")).unwrap();
        assert!(store.list("linked").is_err());
        assert!(store.list("d/0000-file.md").is_err());
    }
}
