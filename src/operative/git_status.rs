//! Uncommitted changes, from `git status --porcelain=v1 -z --untracked-files=all`.
//!
//! `-z` is what makes the parse robust: entries end in NUL, paths are never quoted or
//! escaped (spaces, quotes, newlines and non-ASCII bytes come through as they are), and a
//! rename or copy entry is followed by a second field holding the original path. Both paths
//! of a rename count as changed. Paths are relative to the repository's top level. The
//! project's own `.parley/` folder is left out: coordination state is not work.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::store::PARLEY_DIR;

use super::project::git_top_level;
use super::scope::Scope;

/// What git says about the working tree.
#[derive(Debug)]
pub enum WorkTree {
    /// Every changed path (staged, unstaged, untracked), normalized.
    Changes(Vec<Scope>),
    /// Not a git repository, or git could not run: no evidence either way.
    Unknown(String),
}

pub fn changes(root: &Path) -> WorkTree {
    let Some(top) = git_top_level(root) else {
        return WorkTree::Unknown(format!("{} is not inside a git repository", root.display()));
    };
    let output = Command::new("git")
        .args(["status", "--porcelain=v1", "-z", "--untracked-files=all"])
        .current_dir(root)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output();
    let output = match output {
        Ok(output) if output.status.success() => output,
        Ok(output) => {
            return WorkTree::Unknown(format!(
                "git status failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        Err(e) => return WorkTree::Unknown(format!("git could not run: {e}")),
    };
    let top = top.to_string_lossy().into_owned();
    // parley's own state is not work: counting it would make every scope that contains it
    // (the root, say) look changed as soon as any parley command ran.
    let own_state = Scope::of_file(&root.to_string_lossy(), PARLEY_DIR);
    let scopes = parse_porcelain_z(&output.stdout)
        .into_iter()
        .map(|path| Scope::of_file(&top, &path))
        .filter(|path| !own_state.contains(path))
        .collect();
    WorkTree::Changes(scopes)
}

/// The paths of `git status --porcelain=v1 -z` output (relative to the top level), both
/// sides of a rename or copy included. Non-UTF-8 bytes are replaced (U+FFFD); such a path can
/// still match a scope that is one of its parent directories.
pub fn parse_porcelain_z(output: &[u8]) -> Vec<String> {
    let mut paths = Vec::new();
    let mut fields = output.split(|b| *b == 0).filter(|f| !f.is_empty());
    while let Some(entry) = fields.next() {
        // "XY PATH": two status letters, a space, the path.
        if entry.len() < 4 || entry[2] != b' ' {
            continue;
        }
        let (x, y) = (entry[0], entry[1]);
        paths.push(String::from_utf8_lossy(&entry[3..]).into_owned());
        let renamed = matches!(x, b'R' | b'C') || matches!(y, b'R' | b'C');
        if renamed && let Some(original) = fields.next() {
            paths.push(String::from_utf8_lossy(original).into_owned());
        }
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_spaces_and_newlines() {
        let out = b" M src/a b.rs\0R  new name.rs\0old\nname.rs\0?? dir/\"quoted\".txt\0";
        assert_eq!(
            parse_porcelain_z(out),
            vec![
                "src/a b.rs",
                "new name.rs",
                "old\nname.rs",
                "dir/\"quoted\".txt"
            ]
        );
    }
}
