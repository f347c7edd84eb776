//! `parley skill`: the Agent Skill that teaches an agent to use parley, shipped inside the
//! binary so that the instructions an agent reads always match the binary it runs.
//!
//! Three actions: print `skill/SKILL.md`; install it as `DIR/parley/SKILL.md` (the folder is
//! named after the skill, as skill loaders expect); check whether the installed copy is this
//! binary's own. The file is written through [`store::publish_file`]: whole or not at all,
//! never over a different file unless forced, never through a symbolic link.

use std::fs;
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};
use crate::store::{self, Publication};

/// The skill file, as the binary carries it.
pub const SKILL_MD: &str = include_str!("../skill/SKILL.md");

/// The skill's name: its front matter's `name`, and the folder it is installed in.
pub const SKILL_NAME: &str = "parley";

/// The file name skill loaders look for in a skill's folder.
pub const SKILL_FILE: &str = "SKILL.md";

#[derive(Debug, Clone)]
pub enum SkillArgs {
    /// Print the skill.
    Print,
    /// Write `dir/parley/SKILL.md`; `force` replaces a different file there.
    Install { dir: PathBuf, force: bool },
    /// Compare `dir/parley/SKILL.md` with the binary's own.
    Check { dir: PathBuf },
}

/// What `parley skill` answers: `data` of `parley skill --json`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum SkillReply {
    /// The skill itself.
    Printed {
        name: &'static str,
        description: &'static str,
        content: &'static str,
    },
    Installed(Installation),
    Checked(Check),
}

/// `--install`: whether the file was written, or why not.
#[derive(Debug, Serialize)]
pub struct Installation {
    pub path: PathBuf,
    pub written: bool,
    pub replaced: bool,
    /// Exit 3: a different file is there and was kept.
    #[serde(skip)]
    pub refused: bool,
}

/// A file parley ships for the user to install (the skill, a man page): how messages name
/// it, and the command that writes it (for the hints).
#[derive(Debug, Clone, Copy)]
pub struct Shipped {
    pub what: &'static str,
    pub how: &'static str,
}

/// The skill, as [`Shipped`].
const SKILL: Shipped = Shipped {
    what: "the skill",
    how: "parley skill --install DIR",
};

/// `--check`: whether the installed copy is this binary's skill.
#[derive(Debug, Serialize)]
pub struct Check {
    path: PathBuf,
    current: bool,
    /// The skills folder, for the command that updates it.
    #[serde(skip)]
    dir: PathBuf,
}

impl Reply for SkillReply {
    fn status(&self) -> Status {
        match self {
            SkillReply::Installed(Installation { refused: true, .. }) => Status::AlreadyExists,
            SkillReply::Checked(Check { current: false, .. }) => Status::NotNow,
            _ => Status::Ok,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self {
            SkillReply::Installed(Installation { refused: true, .. }) => Some("SKILL_EXISTS"),
            SkillReply::Checked(Check { current: false, .. }) => Some("SKILL_DIFFERS"),
            _ => None,
        }
    }

    fn human(&self, out: &mut Human) {
        out.line(match self {
            // One line without its final newline: the printer ends every line with one, so
            // stdout is the file byte for byte.
            SkillReply::Printed { content, .. } => {
                content.strip_suffix('\n').unwrap_or(content).to_owned()
            }
            SkillReply::Installed(Installation {
                path,
                refused: true,
                ..
            }) => format!(
                "{} differs from this parley's skill; nothing written (--force replaces it)",
                path.display()
            ),
            SkillReply::Installed(Installation {
                path,
                written: true,
                replaced,
                ..
            }) => format!(
                "Installed the parley skill{}: {}",
                if *replaced { " (replaced)" } else { "" },
                path.display()
            ),
            SkillReply::Installed(Installation { path, .. }) => format!(
                "Already installed: {} is this parley's skill; nothing written",
                path.display()
            ),
            SkillReply::Checked(Check {
                path,
                current: true,
                ..
            }) => format!("{} is this parley's skill", path.display()),
            SkillReply::Checked(Check { path, dir, .. }) => format!(
                "{} differs from this parley's skill (parley skill --install {} --force updates it)",
                path.display(),
                dir.display()
            ),
        });
    }
}

pub fn run(_ctx: &Ctx, args: &SkillArgs) -> Result<SkillReply> {
    match args {
        SkillArgs::Print => Ok(SkillReply::Printed {
            name: SKILL_NAME,
            description: description(),
            content: SKILL_MD,
        }),
        SkillArgs::Install { dir, force } => install(dir, *force).map(SkillReply::Installed),
        SkillArgs::Check { dir } => check(dir).map(SkillReply::Checked),
    }
}

/// Where the skill lives under a skills folder.
pub fn installed_path(dir: &Path) -> PathBuf {
    dir.join(SKILL_NAME).join(SKILL_FILE)
}

/// The `description` of the front matter: what loaders show an agent before it opens the file.
pub fn description() -> &'static str {
    front_matter_field("description").unwrap_or_default()
}

/// A one-line field of the YAML front matter (between the first two `---` lines).
fn front_matter_field(key: &str) -> Option<&'static str> {
    let rest = SKILL_MD.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    rest[..end].lines().find_map(|line| {
        line.strip_prefix(key)
            .and_then(|l| l.strip_prefix(':'))
            .map(str::trim)
    })
}

/// What is at the installed path.
pub enum Installed {
    Missing,
    /// A directory, a FIFO, a socket...: not a skill file, and nothing parley replaces.
    NotAFile,
    Same,
    Different,
}

fn install(dir: &Path, force: bool) -> Result<Installation> {
    let folder = dir.join(SKILL_NAME);
    ensure_folder(&folder)?;
    install_file(&folder.join(SKILL_FILE), SKILL_MD.as_bytes(), force, SKILL)
}

/// Makes sure `folder` is a directory, creating it (and its parents) if missing. The folders
/// are the user's own path (followed as a shell would, created like mkdir -p: a project's
/// .claude/skills often does not exist yet); only the files are never links.
pub fn ensure_folder(folder: &Path) -> Result<()> {
    match fs::metadata(folder) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err(Error::cannot_create(folder, "it is not a directory")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(folder).map_err(|e| Error::cannot_create(folder, e))
        }
        Err(e) => Err(Error::io("inspect", folder, e)),
    }
}

/// Writes `contents` at `path` (in an existing folder) as `skill --install` writes the skill:
/// nothing when the same bytes are there, refused (kept) when a different file is there
/// unless `force`, never through a symbolic link nor over what is not a regular file; whole
/// or not at all, through [`store::publish_file`].
pub fn install_file(
    path: &Path,
    contents: &[u8],
    force: bool,
    shipped: Shipped,
) -> Result<Installation> {
    if force {
        // Replacing needs no comparison (nor a readable file); the same bytes written again
        // change nothing.
        let replaced = match presence(path, shipped)? {
            Presence::Missing => false,
            Presence::NotAFile => return Err(not_a_file(path, shipped)),
            Presence::File => true,
        };
        store::publish_file(path, contents, true)?;
        return Ok(written(path, replaced));
    }
    match inspect(path, contents, shipped)? {
        Installed::Same => return Ok(unchanged(path)),
        Installed::Different => return Ok(conflict(path)),
        Installed::NotAFile => return Err(not_a_file(path, shipped)),
        Installed::Missing => {}
    }
    match store::publish_file(path, contents, false)? {
        Publication::Written => Ok(written(path, false)),
        // Another process put a file there between the look and the rename (two installs at
        // once, say): judge that file as if it had been there first.
        Publication::AlreadyExists => match inspect(path, contents, shipped)? {
            Installed::Same => Ok(unchanged(path)),
            Installed::NotAFile => Err(not_a_file(path, shipped)),
            Installed::Different | Installed::Missing => Ok(conflict(path)),
        },
    }
}

fn written(path: &Path, replaced: bool) -> Installation {
    Installation {
        path: path.to_owned(),
        written: true,
        replaced,
        refused: false,
    }
}

fn unchanged(path: &Path) -> Installation {
    Installation {
        path: path.to_owned(),
        written: false,
        replaced: false,
        refused: false,
    }
}

fn conflict(path: &Path) -> Installation {
    Installation {
        refused: true,
        ..unchanged(path)
    }
}

fn check(dir: &Path) -> Result<Check> {
    let path = installed_path(dir);
    let current = match inspect(&path, SKILL_MD.as_bytes(), SKILL)? {
        Installed::Same => true,
        Installed::Different => false,
        Installed::Missing => return Err(not_installed(&path, "no skill file at")),
        Installed::NotAFile => return Err(not_installed(&path, "not a regular file:")),
    };
    Ok(Check {
        path,
        current,
        dir: dir.to_owned(),
    })
}

/// What kind of thing is at `path`, found without opening it (a link is refused).
enum Presence {
    Missing,
    NotAFile,
    File,
}

fn presence(path: &Path, shipped: Shipped) -> Result<Presence> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(symlink(path, shipped)),
        // Never opened: opening a FIFO would block.
        Ok(meta) if !meta.is_file() => Ok(Presence::NotAFile),
        Ok(_) => Ok(Presence::File),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Presence::Missing),
        Err(e) => Err(crate::input::unreadable(&path.display().to_string(), e)),
    }
}

/// Looks at the file at `path` without following a link there and without reading more than
/// one byte past `expected`'s length (a huge file differs; it need not be held whole).
pub fn inspect(path: &Path, expected: &[u8], shipped: Shipped) -> Result<Installed> {
    match presence(path, shipped)? {
        Presence::Missing => return Ok(Installed::Missing),
        Presence::NotAFile => return Ok(Installed::NotAFile),
        Presence::File => {}
    }
    // O_NOFOLLOW and O_NONBLOCK: something swapped in since the look above can neither lead
    // the read elsewhere nor hang it.
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path);
    let file = match file {
        Ok(file) => file,
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(symlink(path, shipped)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Installed::Missing),
        Err(e) => return Err(crate::input::unreadable(&path.display().to_string(), e)),
    };
    let label = path.display().to_string();
    let meta = file
        .metadata()
        .map_err(|e| crate::input::unreadable(&label, e))?;
    if !meta.is_file() {
        return Ok(Installed::NotAFile);
    }
    let mut bytes = Vec::new();
    file.take(expected.len() as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| crate::input::unreadable(&label, e))?;
    Ok(if bytes == expected {
        Installed::Same
    } else {
        Installed::Different
    })
}

fn symlink(path: &Path, shipped: Shipped) -> Error {
    Error::bad_input(
        "SYMLINK",
        format!(
            "{} is a symbolic link; parley never reads or writes {} through a link",
            path.display(),
            shipped.what
        ),
    )
    .with_hint(format!(
        "remove the link; {} then writes a regular file",
        shipped.how
    ))
}

fn not_installed(path: &Path, what: &str) -> Error {
    Error::new(
        Status::NotFound,
        "SKILL_NOT_INSTALLED",
        format!("{what} {}", path.display()),
    )
    .with_hint("install it with parley skill --install DIR")
}

pub fn not_a_file(path: &Path, shipped: Shipped) -> Error {
    Error::cannot_create(path, "something that is not a regular file is there").with_hint(format!(
        "move it away; {} then writes the file",
        shipped.how
    ))
}
