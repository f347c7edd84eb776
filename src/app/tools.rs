//! The applets that serve the command line itself rather than a protocol: links and the demo.
//! They are not MCP tools. (Completion scripts are the command line's own: `cli::tree`.)

use std::path::PathBuf;

use clap::Args;

use crate::app::protocols::Protocol;
use crate::context::Ctx;
use crate::error::Result;

#[derive(Debug, Args)]
pub struct LinksRequest {
    /// Where to create the links (created if missing)
    pub dir: PathBuf,
    /// Replace files in the way that are not links to parley
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct DemoRequest {
    /// Work directory (created if missing); a new temporary directory when omitted
    pub dir: Option<PathBuf>,
    /// How many scripted agents take part (negotiation scene)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(2..=12))]
    pub agents: u64,
    /// Which protocol to play
    #[arg(long, value_enum, default_value_t = crate::demo::Scene::One(Protocol::Negotiation))]
    pub scene: crate::demo::Scene,
}

pub fn links(_ctx: &Ctx, request: LinksRequest) -> Result<crate::links::Links> {
    crate::links::run(&request.dir, request.force)
}

pub fn demo(ctx: &Ctx, request: DemoRequest) -> Result<crate::demo::Demo> {
    crate::demo::run(ctx, request.dir, request.agents as usize, request.scene)
}
