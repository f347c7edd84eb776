//! The version of a file: what tells one state of a file from another without reading it
//! (its identity on disk: device, inode, size and times). Callers keep versions beside what
//! they derived from a file and compare them with the version the file has now; they never
//! look inside one. [`VersionStamp`] is a version as derived files keep it (a hash), and
//! [`VersionLookup`] looks up the versions of many names of one directory cheaply.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

use super::paths::Store;
use crate::error::{Error, Result};

impl Store {
    /// The version of `rel` as it is now, without opening it; `None` when it does not exist.
    /// A link or a non-file gets a version too (its own): it never equals a recorded file's.
    pub fn version(&self, rel: &str) -> Result<Option<Version>> {
        let Some(path) = self.contained_path(rel)? else {
            return Ok(None);
        };
        match fs::symlink_metadata(&path) {
            Ok(meta) => Ok(Some(Version::of(&meta))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::io("inspect", &path, e)),
        }
    }

    /// The directory `dir_rel`, opened once (without following a link) to ask what each of
    /// a list of names is in it now, by one `fstatat` each relative to it
    /// ([`VersionLookup::find`]), so that no path is walked and no file opened: a reader that
    /// kept what it derived from a file asks whether the file is still the one it read. The
    /// handle can be shared by threads. `None` when the directory cannot be looked at that way
    /// (missing, a link, not a directory, not searchable, not Linux): the caller reads the
    /// files as usual, which reports whatever is wrong.
    pub fn version_lookup(&self, dir_rel: &str) -> Option<VersionLookup> {
        let handle = open_dir_for_lookups(&self.contained_dir(dir_rel)?).ok()?;
        Some(VersionLookup(handle))
    }
}

/// What [`VersionLookup::find`] found at one name, without following a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    Missing,
    /// A regular file, with its version as it is now (settled or not).
    File(Version),
    /// Anything else (a link, a directory), or a name that could not be looked at: reading
    /// it gives the error to report.
    Other,
}

impl Presence {
    /// The version of the regular file found; `None` for anything else.
    pub fn file(self) -> Option<Version> {
        match self {
            Presence::File(version) => Some(version),
            Presence::Missing | Presence::Other => None,
        }
    }
}

/// A directory opened only to look names up in it ([`Store::version_lookup`]).
#[derive(Debug)]
pub struct VersionLookup(File);

impl VersionLookup {
    /// What `name` is in the directory now: one `fstatat` that does not follow a link.
    pub fn find(&self, name: &str) -> Presence {
        find_at(&self.0, name)
    }

    /// The directory's own version now (one `fstat` of the handle). Creating, removing or
    /// renaming any entry moves its change time, so while it keeps a version that had
    /// settled ([`Version::has_settled`]) when a listing was made, its entries are the
    /// ones listed; what is in them is another matter (each file has its own version).
    pub fn version(&self) -> Option<Version> {
        self.0.metadata().ok().map(|meta| Version::of(&meta))
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
fn find_at(dir: &File, name: &str) -> Presence {
    use std::os::fd::AsRawFd;
    // The name, NUL-terminated, on the stack: a lookup allocates nothing, so that a thread
    // making only lookups never sets up a heap of its own.
    // (No name in a directory is longer than 255 bytes.)
    let mut buffer = [0u8; 256];
    if name.len() >= buffer.len() {
        return Presence::Other;
    }
    buffer[..name.len()].copy_from_slice(name.as_bytes());
    let Ok(c_name) = std::ffi::CStr::from_bytes_with_nul(&buffer[..=name.len()]) else {
        return Presence::Other;
    };
    if name.contains('/') {
        return Presence::Other;
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
            Some(libc::ENOENT) => Presence::Missing,
            _ => Presence::Other,
        };
    }
    // SAFETY: a successful call filled it.
    let stat = unsafe { stat.assume_init() };
    if stat.st_mode & libc::S_IFMT != libc::S_IFREG {
        return Presence::Other;
    }
    Presence::File(Version(FileIdentity {
        dev: stat.st_dev,
        ino: stat.st_ino,
        size: stat.st_size as u64,
        mtime_ns: FileIdentity::nanoseconds(stat.st_mtime, stat.st_mtime_nsec),
        ctime_ns: FileIdentity::nanoseconds(stat.st_ctime, stat.st_ctime_nsec),
    }))
}

#[cfg(not(target_os = "linux"))]
fn find_at(_dir: &File, _name: &str) -> Presence {
    Presence::Other
}

/// What identifies one version of a file without reading it: device, inode, size, and the
/// modification and change times to the nanosecond. Any write to a file moves its change
/// time to the current time, and no user can set a change time back (only the system clock
/// can), so a file whose identity is as recorded has not been written since, unless:
/// - it was written again within the same tick of the filesystem clock as the version
///   recorded, with the same size: hence [`Version::settled`], which only hands out the
///   identity of a file last changed longer ago than a tick can be ([`SETTLE_FINE`] or
///   [`SETTLE`]), so that any later write gets a later change time;
/// - the system clock was set back between the two writes, or the filesystem keeps no change
///   time or a coarse one that a remote server's clock sets (some network filesystems);
/// - the whole filesystem was replaced by a copy carrying the same numbers (a restored
///   snapshot of the same device).
///
/// Inode-level: nothing above the store uses it. It is public only for the integration
/// tests, which plant an identity in a derived file as parley would write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileIdentity {
    pub dev: u64,
    pub ino: u64,
    pub size: u64,
    pub mtime_ns: i128,
    pub ctime_ns: i128,
}

/// One version of a file ([`FileIdentity`]), as the store hands it to callers: they keep it,
/// compare it with the version the file has now, stamp it ([`VersionStamp`]) or write it
/// whole (the same object of five numbers as a [`FileIdentity`]), and never look inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Version(FileIdentity);

/// A [`Version`] as the derived files read at every command keep it: the XXH3 (64 bits)
/// of its five numbers, written as 16 hexadecimal digits. A file whose identity now stamps as
/// the one kept is taken to be the version kept; a changed identity stamping the same has a
/// chance of one in 2^64, far below any other way the check can miss an edit (see
/// [`Version`]). One short string per file, not five long numbers: the caches hold one
/// per issue and positions file and are read at every `status` and hand-over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VersionStamp(u64);

impl From<Version> for VersionStamp {
    #[inline]
    fn from(version: Version) -> VersionStamp {
        VersionStamp::from(version.0)
    }
}

impl From<FileIdentity> for VersionStamp {
    fn from(identity: FileIdentity) -> VersionStamp {
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
        VersionStamp(xxhash_rust::xxh3::xxh3_64(&bytes))
    }
}

impl serde::Serialize for VersionStamp {
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

impl VersionStamp {
    /// The stamp written as `hex` (16 hexadecimal digits), if it is one.
    pub fn from_hex(hex: &str) -> Option<VersionStamp> {
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
        (invalid & NOT_HEX == 0).then_some(VersionStamp(value))
    }
}

impl<'de> serde::Deserialize<'de> for VersionStamp {
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<VersionStamp, D::Error> {
        // Borrowed from the file's text: no allocation for each of a thousand stamps.
        let hex = <&str>::deserialize(deserializer)?;
        VersionStamp::from_hex(hex)
            .ok_or_else(|| serde::de::Error::custom("a stamp is 16 hexadecimal digits"))
    }
}

/// How long ago a file must have last changed for its identity to be handed out, when its
/// change time is a whole second: the filesystem may stamp whole seconds (ext3, HFS+) or two
/// (FAT), and a later write in the same tick would carry the same times. Far more than that.
const SETTLE: std::time::Duration = std::time::Duration::from_secs(3);

/// [`SETTLE`] for a file whose change time has a fraction of a second: its filesystem stamps
/// finer than a second (Linux truncates each stamp to the filesystem's granularity, at most a
/// second, and a granularity of a second leaves no fraction), so a later write's stamp is
/// less than a second behind the time it was made, plus the kernel clock's lag (one jiffy,
/// 10 ms at most). A tenth of a second of margin over both.
const SETTLE_FINE: std::time::Duration = std::time::Duration::from_millis(1100);

impl Version {
    /// The version of the file whose metadata is `meta`.
    pub(super) fn of(meta: &fs::Metadata) -> Version {
        Version(FileIdentity {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime_ns: FileIdentity::nanoseconds(meta.mtime(), meta.mtime_nsec()),
            ctime_ns: FileIdentity::nanoseconds(meta.ctime(), meta.ctime_nsec()),
        })
    }

    /// The version of a file last changed at least [`SETTLE_FINE`] (a change time with a
    /// fraction of a second) or [`SETTLE`] (a whole second) before now by the system clock
    /// (the clock the filesystem stamps with, never `PARLEY_NOW`); `None` otherwise. Called
    /// before the file is read, so that "now" is no later than the read.
    pub(super) fn settled(meta: &fs::Metadata) -> Option<Version> {
        let version = Version::of(meta);
        version.has_settled().then_some(version)
    }

    /// Whether this version, just taken, was last changed at least [`SETTLE_FINE`] or
    /// [`SETTLE`] before now by the system clock (see [`Version::settled`]): asked
    /// before whatever it is to vouch for is read, so that "now" is no later than the read.
    #[inline]
    pub fn has_settled(&self) -> bool {
        self.0.has_settled()
    }
}

impl FileIdentity {
    fn nanoseconds(secs: i64, nanos: i64) -> i128 {
        i128::from(secs) * 1_000_000_000 + i128::from(nanos)
    }

    /// [`Version::has_settled`].
    fn has_settled(&self) -> bool {
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

#[cfg(test)]
impl Version {
    /// A version made up for a test of what keeps versions: distinct for distinct `n`.
    pub(crate) fn made_up(n: u64) -> Version {
        Version(FileIdentity {
            dev: 7,
            ino: n,
            size: 40,
            mtime_ns: 1_795_723_863_114_831_828,
            ctime_ns: 1_795_723_863_114_831_829,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::store;

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
        let (text, identity) = store.read_with_version("new.md").unwrap().unwrap();
        assert_eq!((text.as_str(), identity), ("text\n", None));
    }

    #[test]
    fn a_name_is_found_with_the_identity_a_read_gives_and_a_link_is_never_a_file() {
        let (dir, store) = store();
        fs::create_dir(dir.path().join("issues")).unwrap();
        fs::write(dir.path().join("issues/01-a.md"), "one\n").unwrap();
        fs::create_dir(dir.path().join("issues/02-b.md")).unwrap();
        std::os::unix::fs::symlink("01-a.md", dir.path().join("issues/03-c.md")).unwrap();
        let names = ["01-a.md", "02-b.md", "03-c.md", "04-d.md"];
        let lookups = store.version_lookup("issues").unwrap();
        let found: Vec<Presence> = names.iter().map(|name| lookups.find(name)).collect();
        let meta = fs::symlink_metadata(dir.path().join("issues/01-a.md")).unwrap();
        assert_eq!(
            found,
            [
                Presence::File(Version::of(&meta)),
                Presence::Other,
                Presence::Other,
                Presence::Missing
            ]
        );
        // Not through a link, nor in a directory that is missing.
        std::os::unix::fs::symlink("issues", dir.path().join("linked")).unwrap();
        assert!(store.version_lookup("linked").is_none());
        assert!(store.version_lookup("missing").is_none());
    }

    #[test]
    fn a_stamp_tells_apart_identities_that_differ_in_any_number() {
        let base = Version::made_up(1);
        let mut others = vec![Version::made_up(2)];
        for change in 0..4 {
            let mut other = base;
            match change {
                0 => other.0.dev += 1,
                1 => other.0.size += 1,
                2 => other.0.mtime_ns += 1,
                _ => other.0.ctime_ns = i128::from(i64::MAX) + 1,
            }
            others.push(other);
        }
        let stamp = VersionStamp::from(base);
        for other in others {
            assert_ne!(VersionStamp::from(other), stamp, "{other:?}");
        }
        let written = serde_json::to_string(&stamp).unwrap();
        assert_eq!(written.len(), 18);
        assert_eq!(
            serde_json::from_str::<VersionStamp>(&written).unwrap(),
            stamp
        );
        assert!(serde_json::from_str::<VersionStamp>("\"12\"").is_err());
    }

    #[test]
    fn a_version_is_written_as_the_five_numbers_of_its_identity() {
        // The parliament's summary and the spares' records keep versions in this form.
        let version = Version::made_up(3);
        let written = serde_json::to_string(&version).unwrap();
        assert_eq!(
            written,
            concat!(
                r#"{"dev":7,"ino":3,"size":40,"#,
                r#""mtime_ns":1795723863114831828,"ctime_ns":1795723863114831829}"#
            )
        );
        assert_eq!(serde_json::from_str::<Version>(&written).unwrap(), version);
    }
}
