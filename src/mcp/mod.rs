//! `parley mcp`: the applets as Model Context Protocol tools, served over stdio.
//!
//! The second front end on the application layer (the command line is the first). It never
//! spawns parley and never rebuilds a command line: each tool call becomes the request an
//! applet runs from (see [`request`]), runs in-process on a blocking thread, and comes back as
//! the same JSON envelope `parley COMMAND --json` prints, plus the exit code. Only this module
//! knows about rmcp and tokio.
//!
//! - Several calls run at once: every call runs on its own `spawn_blocking` thread, so a wait
//!   blocked for 25 s never delays another agent's `status` on the same server.
//! - A call's context carries a notices callback (forwarded as progress notifications when the
//!   client sent a progress token) and a cancellation token (set by `notifications/cancelled`,
//!   which wakes a blocked wait at once).
//! - stdout carries only the protocol; diagnostics go to stderr.

pub mod catalog;
mod request;
mod server;
// THROWAWAY until the application layer is on main: see standin.rs.
pub mod standin;

use crate::error::{Error, Result};

pub use catalog::{Catalog, TOOL_NAMES};
pub(crate) use standin as app;

/// What `parley mcp` is started with.
#[derive(Debug, Clone, Default)]
pub struct McpArgs {
    /// `--protocols negotiation,bounce`: the protocol tools to expose (`wait` always is);
    /// all of them when empty.
    pub protocols: Vec<String>,
    /// `--feedback-provider 'CMD ARGS'`: the only provider `feedback ask` may run.
    pub feedback_provider: Option<String>,
}

/// Runs the server until the client closes its end of stdio.
pub fn serve(args: &McpArgs) -> Result<()> {
    let protocols = protocols(&args.protocols)?;
    let provider = match &args.feedback_provider {
        None => None,
        Some(line) => {
            let words: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
            if words.is_empty() {
                return Err(Error::usage("--feedback-provider takes a command, not ''"));
            }
            Some(words)
        }
    };
    let catalog = Catalog::build(protocols.as_deref());
    server::run(catalog, provider)
}

/// `--protocols`: tool names, comma-separated (the option may also be repeated).
fn protocols(raw: &[String]) -> Result<Option<Vec<app::Tool>>> {
    use app::Tool;
    if raw.is_empty() {
        return Ok(None);
    }
    let mut chosen = Vec::new();
    for name in raw.iter().flat_map(|r| r.split(',')).map(str::trim) {
        let tool = match name {
            "negotiation" => Tool::Negotiation,
            "operative" => Tool::Operative,
            "bounce" => Tool::Bounce,
            "parliament" => Tool::Parliament,
            "feedback" => Tool::Feedback,
            other => {
                return Err(Error::usage(format!("unknown protocol '{other}'")).with_hint(
                    "--protocols takes some of negotiation,operative,bounce,parliament,feedback",
                ));
            }
        };
        if !chosen.contains(&tool) {
            chosen.push(tool);
        }
    }
    Ok(Some(chosen))
}
