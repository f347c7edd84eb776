//! The project whose agents coordinate: its root, and the store holding its coordination
//! state under `ROOT/.parley/operative/`.
//!
//! The root is `--project-root DIR`, else `PARLEY_PROJECT_ROOT` (the front end reads both), else the git
//! top level of the current directory, else the current directory. It is canonicalized once,
//! so every scope is resolved against the same absolute path whatever the caller's cwd.

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::store::{LockMode, Locked, Store};

/// The folder of the operative state, relative to the project root.
pub const DIR: &str = ".parley/operative";

/// An opened project: its canonical root and the store rooted there.
#[derive(Debug)]
pub struct Project {
    pub root: PathBuf,
    pub store: Store,
}

impl Project {
    /// Resolves and opens the project root (which must be an existing directory).
    pub fn open(ctx: &Ctx, given: Option<&Path>) -> Result<Project> {
        let root = match given {
            Some(dir) => canonical_dir(dir)?,
            None => {
                let cwd = ctx
                    .settings
                    .working_dir
                    .get()
                    .map_err(|e| Error::io("find", Path::new("the current directory"), e))?;
                match git_top_level(&cwd) {
                    Some(top) => canonical_dir(&top)?,
                    None => canonical_dir(&cwd)?,
                }
            }
        };
        let store = Store::new(root.clone(), ctx.lock_wait());
        Ok(Project { root, store })
    }

    /// Takes the project's parley lock (`ROOT/.parley/lock`) and makes sure the operative
    /// folder exists. `label` says who holds it, for anyone who waits.
    pub fn lock(&self, label: &str) -> Result<Locked<'_>> {
        let locked = self.store.lock(LockMode::Exclusive, label)?;
        locked.ensure_dir(DIR)?;
        Ok(locked)
    }

    pub fn root_text(&self) -> String {
        self.root.to_string_lossy().into_owned()
    }
}

fn canonical_dir(dir: &Path) -> Result<PathBuf> {
    let missing = |why: &str| {
        Error::new(
            Status::NotFound,
            "NO_PROJECT_ROOT",
            format!("no project root at {}: {why}", dir.display()),
        )
        .with_hint("pass --project-root DIR (or set PARLEY_PROJECT_ROOT) to an existing directory")
    };
    match dir.canonicalize() {
        Ok(root) if root.is_dir() => Ok(root),
        Ok(_) => Err(missing("it is not a directory")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(missing("it does not exist")),
        Err(e) => Err(Error::io("open", dir, e)),
    }
}

/// `git rev-parse --show-toplevel` run in `cwd`; `None` outside a repository or without git.
pub fn git_top_level(cwd: &Path) -> Option<PathBuf> {
    let output = Command::new("git")
        .args(["rev-parse", "--show-toplevel"])
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let top = text.trim_end_matches(['\n', '\r']);
    (!top.is_empty()).then(|| PathBuf::from(top))
}
