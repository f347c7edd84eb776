//! Reading a store's files, with no lock: whole, from an offset, their end, or in parts
//! ([`Reading`]). A file is opened without following a link, and must be a regular file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use super::paths::Store;
use super::version::Version;
use crate::error::{Error, Result};

impl Store {
    /// Reads a text file; `None` when it does not exist. A link or a non-file is an error.
    pub fn read(&self, rel: &str) -> Result<Option<String>> {
        Ok(self.read_text(rel, false)?.map(|(text, _)| text))
    }

    /// [`Store::read`], with the file's version as it was opened when that version can be
    /// trusted later to mean "this text" ([`Version`]): `None` for a file changed too
    /// recently to tell a later change of the same size from this one.
    pub fn read_with_version(&self, rel: &str) -> Result<Option<(String, Option<Version>)>> {
        self.read_text(rel, true)
    }

    fn read_text(
        &self,
        rel: &str,
        with_version: bool,
    ) -> Result<Option<(String, Option<Version>)>> {
        let Some((path, file, meta)) = self.open_for_reading(rel)? else {
            return Ok(None);
        };
        // Taken before reading: a change during the read moves the change time past it, so
        // the version recorded can only be older than the text, never newer.
        let version = with_version.then(|| Version::settled(&meta)).flatten();
        Ok(Some((read_text_to_end(&path, &file, &meta)?, version)))
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

    /// The last `max` bytes of `rel` (all of it when shorter), with the version of the file
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
            version: Version::of(&meta),
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
    pub(super) fn open_for_reading(
        &self,
        rel: &str,
    ) -> Result<Option<(PathBuf, File, fs::Metadata)>> {
        self.open_for_reading_with(rel, 0)
    }

    /// [`Store::open_for_reading`] with `O_NOATIME` where the kernel allows it (a file of the
    /// process's own user): for a read of many files that are read once, such as the merge's
    /// drafts, where updating each one's access time is a tenth of the work.
    pub(super) fn open_for_reading_once(
        &self,
        rel: &str,
    ) -> Result<Option<(PathBuf, File, fs::Metadata)>> {
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
pub(super) fn read_text_to_end(path: &Path, file: &File, meta: &fs::Metadata) -> Result<String> {
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
    /// The version of the file read, as it was opened.
    pub version: Version,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::store;
    use crate::store::version::Presence;

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
        let lookups = store.version_lookup("d").unwrap();
        assert!(matches!(lookups.find("a"), Presence::File(_)));
        assert_eq!(lookups.find(&"a".repeat(300)), Presence::Other);
        assert_eq!(lookups.find("a\0"), Presence::Other);
        assert_eq!(lookups.find("a/b"), Presence::Other);
    }
}
