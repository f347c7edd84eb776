//! `parley links DIR`: links named like the old scripts, pointing at this binary, so a skill's
//! `scripts/` folder can be replaced by `parley links scripts/`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};
use crate::store;

/// The applets the old skill shipped as scripts, and `wait`, its blocking poll.
pub const SCRIPT_APPLETS: &[&str] = &[
    "init",
    "register",
    "wait-for-start",
    "file-draft-issue",
    "end-analysis",
    "poll",
    "new-issue",
    "hand-off",
    "status",
    "finish",
    "wait",
];

/// Every link name: `init.sh`, `init`, `register.sh`, `register`, ...
pub fn link_names() -> Vec<String> {
    SCRIPT_APPLETS
        .iter()
        .flat_map(|applet| [format!("{applet}.sh"), (*applet).to_owned()])
        .collect()
}

/// What `parley links` did: `data` of `parley links --json`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Links {
    /// Every link is in place.
    Made {
        dir: PathBuf,
        target: PathBuf,
        created: Vec<String>,
        unchanged: Vec<String>,
    },
    /// Exit 3: files are in the way, and nothing changed.
    InTheWay {
        conflicts: Vec<String>,
        /// A directory is among them (`--force` never replaces one).
        #[serde(skip)]
        directory: bool,
    },
}

impl Reply for Links {
    fn status(&self) -> Status {
        match self {
            Links::Made { .. } => Status::Ok,
            Links::InTheWay { .. } => Status::AlreadyExists,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self {
            Links::Made { .. } => None,
            Links::InTheWay { .. } => Some("LINK_CONFLICT"),
        }
    }

    fn human(&self, out: &mut Human) {
        match self {
            Links::Made {
                dir,
                target,
                created,
                unchanged,
            } => out.line(format!(
                "Links in {} -> {}: {} created or refreshed, {} already in place.",
                dir.display(),
                target.display(),
                created.len(),
                unchanged.len()
            )),
            Links::InTheWay {
                conflicts,
                directory,
            } => {
                for conflict in conflicts {
                    out.line(format!("In the way: {conflict}"));
                }
                out.line(if *directory {
                    "Nothing changed: a directory is in the way; move it first."
                } else {
                    "Nothing changed: rerun with --force to replace these files."
                });
            }
        }
    }
}

enum Existing {
    Missing,
    Ours,
    Foreign(&'static str),
}

pub fn run(dir: &Path, force: bool) -> Result<Links> {
    let exe = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .map_err(|e| Error::io("find", Path::new("the running parley binary"), e))?;
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(Error::cannot_create(dir, "it is not a directory")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(|e| Error::cannot_create(dir, e))?;
        }
        Err(e) => return Err(Error::io("inspect", dir, e)),
    }

    let mut plan: Vec<(PathBuf, Existing)> = Vec::new();
    for name in link_names() {
        let path = dir.join(&name);
        let existing = inspect(&path, &exe)?;
        plan.push((path, existing));
    }
    let conflicts: Vec<String> = plan
        .iter()
        .filter_map(|(path, existing)| match existing {
            Existing::Foreign(what) => Some(format!("{} ({what})", path.display())),
            _ => None,
        })
        .collect();
    let has_dir = plan
        .iter()
        .any(|(_, e)| matches!(e, Existing::Foreign("a directory")));
    if !conflicts.is_empty() && (!force || has_dir) {
        return Ok(Links::InTheWay {
            conflicts,
            directory: has_dir,
        });
    }

    let mut created = Vec::new();
    let mut unchanged = Vec::new();
    for (path, existing) in plan {
        let name = path
            .file_name()
            .expect("a link name")
            .to_string_lossy()
            .into_owned();
        match existing {
            Existing::Ours if points_at(&path, &exe) => unchanged.push(name),
            _ => {
                store::replace_symlink(&exe, &path)?;
                created.push(name);
            }
        }
    }
    Ok(Links::Made {
        dir: dir.to_owned(),
        target: exe,
        created,
        unchanged,
    })
}

fn inspect(path: &Path, exe: &Path) -> Result<Existing> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Existing::Missing),
        Err(e) => Err(Error::io("inspect", path, e)),
        Ok(meta) if meta.file_type().is_symlink() => {
            let target = fs::read_link(path).map_err(|e| Error::io("read the link", path, e))?;
            let is_parley =
                points_at(path, exe) || target.file_name().is_some_and(|name| name == "parley");
            Ok(if is_parley {
                Existing::Ours
            } else {
                Existing::Foreign("a link to something else")
            })
        }
        Ok(meta) if meta.is_dir() => Ok(Existing::Foreign("a directory")),
        Ok(_) => Ok(Existing::Foreign("a file")),
    }
}

fn points_at(link: &Path, exe: &Path) -> bool {
    link.canonicalize().is_ok_and(|resolved| resolved == exe)
}
