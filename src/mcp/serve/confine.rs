//! Every path a call to `parley serve` names stays under ROOT.
//!
//! A path is relative to ROOT (the server's working directory). Refused, with exit 77 and
//! the path as given: an absolute path (even one inside ROOT: it names a place on the
//! caller's machine), a `..` that climbs above ROOT, and a path whose existing part resolves,
//! through a symbolic link, to a place outside ROOT. What is accepted is handed to the
//! command as the plain relative path (`a/./b` → `a/b`), so nothing outside ROOT is created or
//! read through it. A link swapped in between this check and the command's own access is not
//! caught here; the protocols' stores refuse links inside their directories themselves.

use std::path::{Component, Path, PathBuf};

use crate::error::{Error, Result};

fn outside(given: &str, why: &str) -> Error {
    Error::not_allowed(format!(
        "the path '{given}' {why}; nothing was read or changed"
    ))
    .with_hint("name sessions by their path relative to the server's ROOT")
}

/// The path `given`, checked and made plain, relative to `root` (canonical).
pub fn confine(root: &Path, given: &str) -> Result<String> {
    let path = Path::new(given);
    if path.has_root() {
        return Err(outside(
            given,
            "is absolute: paths are relative to the server's ROOT",
        ));
    }
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::Normal(part) => parts.push(part),
            Component::ParentDir => {
                if parts.pop().is_none() {
                    return Err(outside(given, "leaves the server's ROOT"));
                }
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(outside(
                    given,
                    "is absolute: paths are relative to the server's ROOT",
                ));
            }
        }
    }
    // Every existing step must resolve inside ROOT: a link anywhere on the way counts.
    let mut at = root.to_path_buf();
    for part in &parts {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => match std::fs::canonicalize(&at) {
                Ok(real) if real.starts_with(root) => {}
                _ => {
                    return Err(outside(
                        given,
                        "leads out of the server's ROOT through a symbolic link",
                    ));
                }
            },
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let plain: PathBuf = parts.iter().collect();
    if plain.as_os_str().is_empty() {
        return Ok(".".into());
    }
    plain
        .to_str()
        .map(str::to_owned)
        .ok_or_else(|| outside(given, "is not valid UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_stay_and_others_are_refused() {
        let root = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(root.path()).unwrap();
        std::fs::create_dir(root.join("in")).unwrap();
        std::os::unix::fs::symlink("/tmp", root.join("out")).unwrap();
        std::os::unix::fs::symlink(root.join("in"), root.join("inner")).unwrap();
        assert_eq!(confine(&root, "in/./neg").unwrap(), "in/neg");
        assert_eq!(confine(&root, "in/../x").unwrap(), "x");
        assert_eq!(confine(&root, ".").unwrap(), ".");
        assert_eq!(confine(&root, "inner/neg").unwrap(), "inner/neg");
        for bad in ["/etc", "../x", "in/../../x", "out/neg", "out"] {
            let e = confine(&root, bad).unwrap_err();
            assert_eq!(e.code, "FORBIDDEN", "{bad}");
            assert!(e.message.contains(bad), "{}", e.message);
        }
    }
}
