//! The request of `parley skill`: print the skill file, install it, or check an installed copy.
//! A command-line applet only (not an MCP tool).

use std::path::PathBuf;

use clap::Args;

use crate::context::Ctx;
use crate::error::Result;
use crate::skill::SkillArgs;

#[derive(Debug, Args)]
pub struct SkillRequest {
    /// Write DIR/parley/SKILL.md (DIR: a skills folder); exit 3 if a different file is there
    #[arg(long, value_name = "DIR", conflicts_with = "check")]
    pub install: Option<PathBuf>,
    /// With --install: replace a different SKILL.md (never a symbolic link)
    // clap waives a requirement that conflicts with a present argument, so `--check DIR
    // --force` needs its own conflict to be refused.
    #[arg(long, requires = "install", conflicts_with = "check")]
    pub force: bool,
    /// Compare DIR/parley/SKILL.md with this binary's skill: 0 the same, 1 differs, 66 missing
    #[arg(long, value_name = "DIR")]
    pub check: Option<PathBuf>,
}

impl SkillRequest {
    /// The action asked for; nothing in it needs checking beyond what clap did.
    pub fn into_args(self) -> SkillArgs {
        match (self.install, self.check) {
            (Some(dir), _) => SkillArgs::Install {
                dir,
                force: self.force,
            },
            (None, Some(dir)) => SkillArgs::Check { dir },
            (None, None) => SkillArgs::Print,
        }
    }
}

pub fn skill(ctx: &Ctx, request: SkillRequest) -> Result<crate::skill::SkillReply> {
    crate::skill::run(ctx, &request.into_args())
}
