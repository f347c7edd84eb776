//! The applets that serve the command line itself rather than a protocol: links, completion
//! scripts, the demo. They are not MCP tools.

use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::output::{Human, Reply};

#[derive(Debug, Args)]
pub struct LinksRequest {
    /// Where to create the links (created if missing)
    pub dir: PathBuf,
    /// Replace files in the way that are not links to parley
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct CompletionsRequest {
    /// The shell
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct DemoRequest {
    /// Work directory (created if missing); a new temporary directory when omitted
    pub dir: Option<PathBuf>,
    /// How many scripted agents take part (negotiation scene)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(2..=12))]
    pub agents: u64,
    /// Which protocol to play
    #[arg(long, value_enum, default_value_t = crate::demo::Scene::Negotiation)]
    pub scene: crate::demo::Scene,
}

/// A completion script: `data` of `parley completions --json`.
#[derive(Debug, Serialize)]
pub struct Completion {
    shell: String,
    script: String,
}

impl Reply for Completion {
    fn human(&self, out: &mut Human) {
        out.line(self.script.trim_end_matches('\n'));
    }
}

pub fn links(_ctx: &Ctx, request: LinksRequest) -> Result<crate::links::Links> {
    crate::links::run(&request.dir, request.force)
}

pub fn demo(ctx: &Ctx, request: DemoRequest) -> Result<crate::demo::Demo> {
    crate::demo::run(ctx, request.dir, request.agents as usize, request.scene)
}

pub fn completions(_ctx: &Ctx, request: CompletionsRequest) -> Result<Completion> {
    Ok(Completion {
        shell: request.shell.to_string(),
        script: completion_script(request.shell),
    })
}

/// The completion script for `shell`, generated from the whole command tree.
pub fn completion_script(shell: clap_complete::Shell) -> String {
    let mut buffer = Vec::new();
    clap_complete::generate(shell, &mut super::command_tree(), "parley", &mut buffer);
    String::from_utf8(buffer).expect("completion scripts are UTF-8")
}
