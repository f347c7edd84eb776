//! clap types of the views of a negotiation: `watch`, `status --watch` and `report`.

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Args)]
pub struct WatchCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// Print one snapshot and exit
    #[arg(long)]
    pub once: bool,
    /// Stop with exit 124 after SECS (the last snapshot stays on screen)
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
}

#[derive(Debug, Args)]
pub struct StatusCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// Keep the view on screen, redrawn on every change (the same as `parley watch DIR`)
    #[arg(long)]
    pub watch: bool,
    /// With --watch: print one snapshot and exit
    #[arg(long, requires = "watch")]
    pub once: bool,
    /// With --watch: stop with exit 124 after SECS
    #[arg(long, value_name = "SECS", requires = "watch")]
    pub timeout: Option<f64>,
}

#[derive(Debug, Args)]
pub struct ReportCli {
    /// The negotiation directory
    pub dir: PathBuf,
    /// Where to write the page (refused if something is there, unless --force)
    #[arg(long, value_name = "OUT.html")]
    pub html: PathBuf,
    /// Replace an existing file at OUT (never a symbolic link)
    #[arg(long)]
    pub force: bool,
}
