//! Which sessions live under ROOT: what each protocol's own commands would open, found at any
//! depth down to [`MAX_DEPTH`] directories below ROOT.
//!
//! - a negotiation: a directory holding `meta.md` (what `status DIR` opens);
//! - a bounce session: a `.md` file whose first line is the header's
//!   `<!-- bounce-protocol: ... -->` (what `bounce status FILE` reads);
//! - a parliament: a directory holding `ledger.json` and `session.json`;
//! - an operative project: a directory holding `.parley/operative/state.json` (what
//!   `reservations --project-root DIR` opens).
//!
//! Directories whose name starts with a dot are not entered (`.git`, `.parley`, ...), nor
//! are symbolic links followed, so nothing outside ROOT is ever listed. A negotiation or a
//! parliament directory is not searched further (its files are its own); an operative project
//! is (sessions live inside projects). Names that are not UTF-8 are skipped (a page's address
//! names its path). At most [`MAX_ENTRIES`] directory entries are looked at, so that a huge
//! tree costs a bounded time.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::bounce::session::begins_session;
use crate::negotiation::model::meta;
use crate::operative::state::STATE_FILE;
use crate::parliament::state::{LEDGER_FILE, SESSION_FILE};

/// How many directories below ROOT a session may lie.
pub const MAX_DEPTH: usize = 6;

/// How many directory entries one search looks at, at most.
pub const MAX_ENTRIES: usize = 100_000;

/// The protocols a session can be of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Negotiation,
    Bounce,
    Parliament,
    Operative,
}

impl Kind {
    pub const ALL: [Kind; 4] = [
        Kind::Negotiation,
        Kind::Bounce,
        Kind::Parliament,
        Kind::Operative,
    ];

    /// The word used in addresses (`/session?kind=WORD&path=...`).
    pub fn word(self) -> &'static str {
        match self {
            Kind::Negotiation => "negotiation",
            Kind::Bounce => "bounce",
            Kind::Parliament => "parliament",
            Kind::Operative => "operative",
        }
    }

    pub fn parse(word: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.word() == word)
    }

    /// The heading of the index's section.
    pub fn heading(self) -> &'static str {
        match self {
            Kind::Negotiation => "Negotiations",
            Kind::Bounce => "Bounce sessions",
            Kind::Parliament => "Parliaments",
            Kind::Operative => "Operative projects",
        }
    }
}

/// A session found: its protocol and its path relative to ROOT (`/`-separated; empty for
/// ROOT itself).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Found {
    pub kind: Kind,
    pub rel: String,
}

impl Found {
    /// Its path on disk.
    pub fn path(&self, root: &Path) -> PathBuf {
        if self.rel.is_empty() {
            root.to_path_buf()
        } else {
            root.join(&self.rel)
        }
    }

    /// The path as shown to people: `.` for ROOT itself.
    pub fn shown(&self) -> &str {
        if self.rel.is_empty() { "." } else { &self.rel }
    }
}

/// Every session under `root`, sorted by protocol then path.
pub fn sessions(root: &Path) -> Vec<Found> {
    let mut found = Vec::new();
    let mut budget = MAX_ENTRIES;
    // (directory, its path relative to root, its depth)
    let mut stack: Vec<(PathBuf, String, usize)> = vec![(root.to_path_buf(), String::new(), 0)];
    while let Some((dir, rel, depth)) = stack.pop() {
        let is_file = |name: &str| {
            std::fs::symlink_metadata(dir.join(name)).is_ok_and(|m| m.file_type().is_file())
        };
        if is_file(meta::FILE) {
            found.push(Found {
                kind: Kind::Negotiation,
                rel,
            });
            continue;
        }
        if is_file(LEDGER_FILE) && is_file(SESSION_FILE) {
            found.push(Found {
                kind: Kind::Parliament,
                rel,
            });
            continue;
        }
        if is_file(STATE_FILE) {
            found.push(Found {
                kind: Kind::Operative,
                rel: rel.clone(),
            });
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            if budget == 0 {
                break;
            }
            budget -= 1;
            let Ok(entry) = entry else { continue };
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            if name.starts_with('.') {
                continue;
            }
            // Not followed: a link is neither a directory nor a file here.
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let child_rel = if rel.is_empty() {
                name.clone()
            } else {
                format!("{rel}/{name}")
            };
            if kind.is_dir() && depth < MAX_DEPTH {
                stack.push((entry.path(), child_rel, depth + 1));
            } else if kind.is_file() && name.ends_with(".md") && is_bounce(&entry.path()) {
                found.push(Found {
                    kind: Kind::Bounce,
                    rel: child_rel,
                });
            }
        }
    }
    found.sort();
    found
}

/// Whether the file begins as a bounce session does (only its first bytes are read).
fn is_bounce(path: &Path) -> bool {
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = Vec::with_capacity(256);
    if file.take(256).read_to_end(&mut head).is_err() {
        return false;
    }
    begins_session(&String::from_utf8_lossy(&head))
}

/// The session `kind` at `rel`, if a search finds it there now: a page is served only for a
/// session the index would list (so never for a path outside ROOT).
pub fn find(root: &Path, kind: Kind, rel: &str) -> Option<Found> {
    sessions(root)
        .into_iter()
        .find(|f| f.kind == kind && f.rel == rel)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_protocol_down_to_the_depth_and_skips_dot_directories() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let mk = |rel: &str, text: &str| {
            let path = root.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        mk("a/neg/meta.md", "x");
        mk("a/neg/sources/s.md", "<!-- bounce-protocol: 0.1 -->\n");
        mk(
            "b/session.md",
            "<!-- bounce-protocol: 0.1 -->\n# Bounce Session: t\n",
        );
        mk("b/other.md", "# notes\n");
        mk("c/parl/ledger.json", "{}");
        mk("c/parl/session.json", "{}");
        mk("c/half/ledger.json", "{}");
        mk("proj/.parley/operative/state.json", "{}");
        // proj is 1 level down, proj/deep/1/2/3/4 is 6, proj/deep/1/2/3/4/5 is 7.
        mk("proj/deep/1/2/3/4/s.md", "<!-- bounce-protocol: 0.1 -->\n");
        mk(
            "proj/deep/1/2/3/4/5/s.md",
            "<!-- bounce-protocol: 0.1 -->\n",
        );
        mk(".hidden/meta.md", "x");
        let found: Vec<(Kind, String)> = sessions(root)
            .into_iter()
            .map(|f| (f.kind, f.rel))
            .collect();
        assert_eq!(
            found,
            vec![
                (Kind::Negotiation, "a/neg".to_owned()),
                (Kind::Bounce, "b/session.md".to_owned()),
                (Kind::Bounce, "proj/deep/1/2/3/4/s.md".to_owned()),
                (Kind::Parliament, "c/parl".to_owned()),
                (Kind::Operative, "proj".to_owned()),
            ]
        );
        assert!(find(root, Kind::Parliament, "c/parl").is_some());
        assert!(find(root, Kind::Parliament, "c/half").is_none());
        assert!(find(root, Kind::Negotiation, "../x").is_none());
    }
}
