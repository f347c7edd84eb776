//! [`Locked`]: the store while its lock is held, the only way to change anything, and its
//! plain writes: atomic replacement through a spare ([`Locked::replace`], [`Locked::stage`]),
//! exclusive creation ([`Locked::create_new`], prepared ahead by [`Store::prepare_new`]),
//! appended lines, directories made or installed whole.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Seek, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::PathBuf;

use super::create::create_exclusive;
use super::lock::DirLock;
use super::paths::{PARLEY_DIR, Store, TEMP_PREFIX};
use super::read::read_text_to_end;
use super::sys::{
    link_open_file, open_unnamed, start_writeback, sync_dir, sync_parent, sync_staged_files,
};
use super::{crash, spare};
use crate::error::{Error, Result};

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
    /// The store `store`, its lock being `guard` ([`Store::lock`] takes it).
    pub(super) fn new(store: &'a Store, guard: DirLock) -> Locked<'a> {
        Locked {
            store,
            _guard: guard,
        }
    }

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
    pub(super) fn spare_path(&self, rel: &str) -> Result<PathBuf> {
        let spare_rel = spare::spare_rel(rel);
        if let Some(path) = self.store.contained_path(&spare_rel)? {
            return Ok(path);
        }
        self.ensure_dir(spare::SPARE_DIR)?;
        self.store.checked_path(&spare_rel)
    }

    /// Removes `rel` and its spare, where they are: for a file derived from others that a
    /// newer layout keeps under another name, and that nothing reads any more. Not flushed: a
    /// file back after a power loss is still read by nobody. A link there is removed, never
    /// followed.
    pub fn drop_derived(&self, rel: &str) -> Result<()> {
        let spare = spare::spare_rel(rel);
        for rel in [rel, spare.as_str()] {
            let Some(path) = self.store.contained_path(rel)? else {
                continue;
            };
            match fs::remove_file(&path) {
                Ok(()) => crash::step("drop a derived file"),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io("remove", &path, e)),
            }
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::lock::LockMode;
    use crate::store::tests::store;

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
