//! `parley man DIR`: one man page per command and subcommand (`parley.1`, `parley-status.1`,
//! `parley-agent-register.1`, ...), generated from the command tree by clap_mangen, and
//! written as `skill --install` writes the skill ([`crate::skill::install_file`]): the same
//! bytes already there are left alone, a different page is kept unless `--force`, never
//! through a symbolic link. All pages are looked at before any is written: a link, something
//! that is not a file, or (without `--force`) a different page there, and nothing is written.

use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::{Human, Reply};
use crate::skill::{self, Installation, Installed, Shipped};

/// Man pages, as [`Shipped`].
const MAN_PAGE: Shipped = Shipped {
    what: "a man page",
    how: "parley man DIR",
};

#[derive(Debug, Args)]
pub struct ManRequest {
    /// Where to write the pages (created if missing), e.g. ~/.local/share/man/man1
    pub dir: PathBuf,
    /// Replace pages that differ from this parley's (never a symbolic link)
    #[arg(long)]
    pub force: bool,
}

/// What `parley man` did: `data` of `parley man --json`.
#[derive(Debug, Serialize)]
pub struct ManPages {
    pub dir: PathBuf,
    /// Every page, by file name, in the command tree's order.
    pub pages: Vec<String>,
    /// The pages written (new or replaced).
    pub written: Vec<String>,
    /// Exit 3: the pages that differ from this parley's, kept (nothing was written).
    pub refused: Vec<String>,
}

impl Reply for ManPages {
    fn status(&self) -> Status {
        if self.refused.is_empty() {
            Status::Ok
        } else {
            Status::AlreadyExists
        }
    }

    fn code(&self) -> Option<&'static str> {
        (!self.refused.is_empty()).then_some("MAN_PAGE_EXISTS")
    }

    fn human(&self, out: &mut Human) {
        if !self.refused.is_empty() {
            out.line(format!(
                "{} of the pages in {} differ from this parley's; nothing written (--force replaces them): {}",
                self.refused.len(),
                self.dir.display(),
                self.refused.join(", ")
            ));
            return;
        }
        out.line(format!(
            "Wrote {} of {} man pages in {} ({} already current)",
            self.written.len(),
            self.pages.len(),
            self.dir.display(),
            self.pages.len() - self.written.len()
        ));
    }
}

/// Every page: (file name, text), parley's own first, then each command and subcommand in
/// the tree's order; clap's generated `help` subcommands get none (`--help` is on every
/// page). No date is written, so a page is the same bytes for the same binary; the footer
/// names parley and its version.
pub fn pages(mut root: clap::Command) -> Vec<(String, Vec<u8>)> {
    root.build();
    let source = format!("parley {}", root.get_version().unwrap_or_default());
    let mut pages = Vec::new();
    add_pages(&root, &source, &mut pages);
    pages
}

fn add_pages(command: &clap::Command, source: &str, pages: &mut Vec<(String, Vec<u8>)>) {
    if command.is_hide_set() || command.get_name() == "help" {
        return;
    }
    let man = clap_mangen::Man::new(command.clone()).source(source.to_owned());
    let name = man.get_filename();
    let mut text = Vec::new();
    man.render(&mut text).expect("rendering into memory");
    pages.push((name, text));
    for sub in command.get_subcommands() {
        add_pages(sub, source, pages);
    }
}

/// `parley man`: the pages of `root` (parley's whole command tree) written into the request's
/// directory.
pub fn write(_ctx: &Ctx, request: ManRequest, root: clap::Command) -> Result<ManPages> {
    let pages = pages(root);
    let dir = &request.dir;
    let path = |name: &str| -> PathBuf { dir.join(name) };
    let mut refused = Vec::new();
    // Looked at first: a link or a non-file anywhere, or a different page kept, writes none.
    let mut differs = vec![false; pages.len()];
    if dir_exists(dir) {
        for ((name, text), differs) in pages.iter().zip(&mut differs) {
            match skill::inspect(&path(name), text, MAN_PAGE)? {
                Installed::NotAFile => return Err(skill::not_a_file(&path(name), MAN_PAGE)),
                Installed::Different if !request.force => refused.push(name.clone()),
                Installed::Different => *differs = true,
                _ => {}
            }
        }
    }
    let mut written = Vec::new();
    if refused.is_empty() {
        skill::ensure_folder(dir)?;
        for ((name, text), differs) in pages.iter().zip(differs) {
            // Forced only where a different page was found: a current one is left alone.
            let Installation {
                written: wrote,
                refused: kept,
                ..
            } = skill::install_file(&path(name), text, differs, MAN_PAGE)?;
            if wrote {
                written.push(name.clone());
            }
            // Put there by another process since the look above.
            if kept {
                refused.push(name.clone());
            }
        }
    }
    Ok(ManPages {
        dir: dir.clone(),
        pages: pages.into_iter().map(|(name, _)| name).collect(),
        written,
        refused,
    })
}

/// Whether `dir` is there to look in (a missing one is created at the write; anything else
/// there is refused by [`skill::ensure_folder`]).
fn dir_exists(dir: &Path) -> bool {
    dir.is_dir()
}
