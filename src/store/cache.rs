//! Derived files: caches of what other files say, written without a flush.
//!
//! A cache (the parliament's ledger summary) is only ever trusted after its reader has
//! checked it against the files it was derived from, and is rebuilt from them when it does
//! not match, does not parse or is missing. So it needs neither the flushes of an atomic
//! replacement nor a place in a transaction: one rename, so that a reader sees the old
//! content or the new one while the system runs. After a power cut it may be old, empty or
//! partial, which its reader's check turns into a rebuild.

use std::path::Path;

use super::crash;
use super::create::temp_file_in;
use super::locked::Locked;
use crate::error::{Error, Result};

impl Locked<'_> {
    /// Replaces the derived file `rel` with `content` in one rename, flushing nothing (see
    /// the module documentation: only for files whose reader checks them before use).
    pub fn replace_cache(&self, rel: &str, content: &str) -> Result<()> {
        let path = self.store().writable_path(rel)?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let temp =
            temp_file_in(dir).map_err(|e| Error::io("create a temporary file in", dir, e))?;
        crash::write_all(temp.as_file(), content.as_bytes(), "write a cache file")
            .map_err(|e| Error::io("write", temp.path(), e))?;
        temp.persist(&path)
            .map_err(|e| Error::io("replace", &path, e.error))?;
        crash::step("rename a cache file into place");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::LockMode;
    use super::super::tests::store;

    #[test]
    fn a_cache_is_replaced_whole_and_a_link_is_refused() {
        let (dir, store) = store();
        let locked = store.lock(LockMode::Exclusive, "test").unwrap();
        locked.replace_cache(".parley/cache.json", "one").unwrap();
        locked.replace_cache(".parley/cache.json", "two").unwrap();
        assert_eq!(store.read(".parley/cache.json").unwrap().unwrap(), "two");
        let litter = std::fs::read_dir(dir.path().join(".parley"))
            .unwrap()
            .filter(|e| {
                let name = e.as_ref().unwrap().file_name();
                name.to_string_lossy()
                    .starts_with(crate::store::paths::TEMP_PREFIX)
            })
            .count();
        assert_eq!(litter, 0);
        std::os::unix::fs::symlink("/tmp", dir.path().join("link")).unwrap();
        assert!(locked.replace_cache("link/cache.json", "x").is_err());
    }
}
