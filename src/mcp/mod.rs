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
//!
//! The server is built apart from what carries it: [`catalog`] (the tools, from the registry),
//! `request` (a call's arguments to a request), `handler` (the rmcp handler: a call's context,
//! progress, cancellation) and `stdio`, the one transport today, which serves the handler and
//! tells it when the client has gone. Another transport is another file beside `stdio`.

pub mod catalog;
pub mod dashboard;
mod handler;
pub mod relative;
mod request;
pub mod serve;
mod stdio;

use crate::app;
use crate::app::protocols::Protocol;
use crate::context::Ctx;
use crate::error::{Error, Result};
use crate::output::{Human, Reply};

pub use catalog::{Catalog, tool_names};
pub use handler::{SCRIPT_LINK_META, TEXTS_META};

/// What `parley mcp` is started with: the applet's request.
#[derive(Debug, Clone, Default, clap::Args, serde::Deserialize)]
pub struct McpArgs {
    /// Expose only these protocols' tools (wait is always there) [default: all]
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    #[serde(default)]
    pub protocols: Vec<Protocol>,
    /// The only provider `feedback ask` may run, split at spaces (no shell quoting)
    #[arg(long, value_name = "CMD ARGS")]
    #[serde(default)]
    pub feedback_provider: Option<String>,
}

/// The `mcp` applet, which the command line places among the registry's.
pub static APPLET: app::Applet = app::local!(
    "mcp",
    |_| app::READS,
    "Serve the protocols as MCP tools over stdio, for agents that call tools",
    McpArgs,
    run
);

/// The `mcp` applet: serves until the client closes stdin. It prints nothing of its own:
/// stdout was the protocol's.
pub fn run(ctx: &Ctx, args: McpArgs) -> Result<Served> {
    // After the session an envelope would follow the protocol on stdout; refused up front.
    if ctx.mode == crate::output::Mode::Json {
        return Err(Error::usage(
            "parley mcp speaks JSON-RPC on stdout: --json does not apply to it",
        ));
    }
    serve(ctx, &args)?;
    Ok(Served)
}

/// The end of a session: nothing to say (`data` null), the protocol had stdout.
#[derive(Debug, serde::Serialize)]
pub struct Served;

impl Reply for Served {
    fn human(&self, _out: &mut Human) {}
}

/// The provider `feedback ask` may run, from `--feedback-provider`, split at spaces.
fn provider(args: &McpArgs) -> Result<Option<Vec<String>>> {
    match &args.feedback_provider {
        None => Ok(None),
        Some(line) => {
            let words: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
            if words.is_empty() {
                return Err(Error::usage(
                    "--feedback-provider takes a command, not an empty string",
                ));
            }
            Ok(Some(words))
        }
    }
}

/// Runs the server until the client closes its end of stdio.
/// `ctx` gives the clock and the default lock timeout (`--lock-timeout`, `PARLEY_LOCK_TIMEOUT`)
/// of every call.
pub fn serve(ctx: &Ctx, args: &McpArgs) -> Result<()> {
    let protocols = (!args.protocols.is_empty()).then_some(args.protocols.as_slice());
    let provider = provider(args)?;
    let catalog = Catalog::build(protocols);
    let (handler, closer) = handler::Handler::new(ctx, catalog, provider);
    stdio::serve(handler, closer)
}
