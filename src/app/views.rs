//! The views of a negotiation: `status`, `watch` (and `status --watch`), `report` and `show`.

use std::path::PathBuf;

use clap::Args;
use serde::Deserialize;

use super::seconds;
use crate::context::Ctx;
use crate::error::Result;
use crate::negotiation::model::issues::IssueRef;
use crate::negotiation::{
    report as report_cmd, show as show_cmd, status as status_cmd, watch as watch_cmd,
};
use crate::output::Outcome;

#[derive(Debug, Args, Deserialize)]
pub struct WatchRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// Print one snapshot and exit
    #[arg(long)]
    #[serde(default)]
    pub once: bool,
    /// Stop with exit 124 after SECS (the last snapshot stays on screen)
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
}

#[derive(Debug, Args, Deserialize)]
pub struct StatusRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// Keep the view on screen, redrawn on every change (the same as `parley watch DIR`)
    #[arg(long)]
    #[serde(default)]
    pub watch: bool,
    /// With --watch: print one snapshot and exit
    #[arg(long, requires = "watch")]
    #[serde(default)]
    pub once: bool,
    /// With --watch: stop with exit 124 after SECS
    #[arg(long, value_name = "SECS", requires = "watch")]
    pub timeout: Option<f64>,
}

/// `show DIR AGENT [ISSUE] [--file NAME]`.
#[derive(Debug, Args, Deserialize)]
pub struct ShowRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// The agent asking (it never sees another's drafts, nor its analysis before the merge)
    #[serde(deserialize_with = "super::os_string")]
    pub agent: std::ffi::OsString,
    /// An issue's number or file name (none: the whole negotiation)
    pub issue: Option<String>,
    /// A file, relative to DIR (sources/NAME, analysis/AGENT.md, notes.md, ...)
    #[arg(long, value_name = "NAME", conflicts_with = "issue")]
    pub file: Option<String>,
}

#[derive(Debug, Args, Deserialize)]
pub struct ReportRequest {
    /// The negotiation directory
    pub dir: PathBuf,
    /// Where to write the page (refused if something is there, unless --force)
    #[arg(long, value_name = "OUT.html")]
    pub html: PathBuf,
    /// Replace an existing file at OUT (never a symbolic link)
    #[arg(long)]
    #[serde(default)]
    pub force: bool,
    /// Return the page in `data.html` instead of writing OUT: set by a server for a caller
    /// elsewhere (`parley serve`), never a field a client gives.
    #[arg(skip)]
    #[serde(default)]
    pub return_page: bool,
}

/// `status`, or with `--watch` the live view: two replies, so either as an [`Outcome`].
pub fn status(ctx: &Ctx, request: StatusRequest) -> Result<Outcome> {
    if !request.watch && (request.once || request.timeout.is_some()) {
        return Err(crate::error::Error::usage(
            "--once and --timeout belong to --watch: give --watch too",
        ));
    }
    if request.watch {
        return watch_cmd::run(
            ctx,
            &watch_args(request.dir, request.once, request.timeout)?,
        )
        .map(Outcome::from);
    }
    status_cmd::run(ctx, &status_cmd::StatusArgs { dir: request.dir }).map(Outcome::from)
}

pub fn watch(ctx: &Ctx, request: WatchRequest) -> Result<watch_cmd::Watched> {
    watch_cmd::run(
        ctx,
        &watch_args(request.dir, request.once, request.timeout)?,
    )
}

pub fn show(ctx: &Ctx, request: ShowRequest) -> Result<show_cmd::Shown> {
    if request.issue.is_some() && request.file.is_some() {
        return Err(crate::error::Error::usage(
            "give an issue or --file, not both",
        ));
    }
    show_cmd::run(
        ctx,
        &show_cmd::ShowArgs {
            agent: super::agent(&request.agent)?,
            issue: request.issue.as_deref().map(IssueRef::parse).transpose()?,
            file: request.file,
            dir: request.dir,
        },
    )
}

pub fn report(ctx: &Ctx, request: ReportRequest) -> Result<report_cmd::Report> {
    report_cmd::run(
        ctx,
        &report_cmd::ReportArgs {
            dir: request.dir,
            out: request.html,
            force: request.force,
            return_page: request.return_page,
        },
    )
}

fn watch_args(dir: PathBuf, once: bool, timeout: Option<f64>) -> Result<watch_cmd::WatchArgs> {
    Ok(watch_cmd::WatchArgs {
        dir,
        once,
        timeout: timeout.map(|s| seconds("--timeout", s)).transpose()?,
    })
}
