//! `parley serve ROOT`: the MCP tools of `parley mcp` over streamable HTTP, for agents on
//! other machines, with an identity per bearer token (see docs/serve.md).
//!
//! The same handler as `parley mcp` (its catalog, request preparation, progress and
//! cancellation), behind a [`Gate`](super::handler::Gate) that knows who calls: [`access`]
//! (roles from the registry's facts, the acting agent, the per-call bound on waits, the
//! server's own settings) and [`confine`] (every path under ROOT). [`tokens`] is the token
//! file and the `token` applet; [`http`] the listener, the refusals made before a body is read
//! (Host, Origin, size, bearer token) and the routes (`/mcp`, `/healthz`; the dashboard's pages
//! will be routes beside them).
//!
//! Nothing is kept between requests (rmcp's stateless mode): the store on disk is the only
//! state, so a server killed and restarted loses nothing a client needs.

pub mod access;
pub mod confine;
pub mod http;
pub mod running;
pub mod tokens;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use crate::app;
use crate::context::{Ctx, SharedWatcher};
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};

use super::McpArgs;

/// The address served when `--listen` is not given.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8717";

/// What `parley serve` is started with.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The directory whose sessions are served; every path in a call is relative to it
    pub root: PathBuf,
    /// The address to listen on (port 0 picks a free one)
    #[arg(long, value_name = "ADDR", default_value = DEFAULT_LISTEN)]
    pub listen: String,
    /// Require a bearer token from this file on every request (see parley token)
    #[arg(long, value_name = "FILE")]
    pub tokens: Option<PathBuf>,
    /// A Host header to accept besides the listen address, localhost and 127.0.0.1 (repeatable)
    #[arg(long, value_name = "HOST")]
    pub allowed_host: Vec<String>,
    /// A browser Origin to accept besides the server's own (repeatable)
    #[arg(long, value_name = "ORIGIN")]
    pub allowed_origin: Vec<String>,
    /// Serve HTTPS with this certificate chain (PEM)
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM)
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Close a connection whose request headers (or TLS handshake) take longer than this
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,
    #[command(flatten)]
    pub mcp: McpArgs,
}

/// The `serve` applet, which the command line places among the registry's.
pub static APPLET: app::Applet = app::local!(
    "serve",
    |_| app::READS,
    "Serve the MCP tools over HTTP to agents on other machines",
    ServeArgs,
    run
);

/// The end of serving (it serves until killed): nothing to say.
#[derive(Debug, serde::Serialize)]
pub struct Served;

impl Reply for Served {
    fn human(&self, _out: &mut Human) {}
}

fn io_error(what: &str, e: impl std::fmt::Display) -> Error {
    Error::new(Status::Io, "IO", format!("{what}: {e}"))
}

pub fn run(ctx: &Ctx, args: ServeArgs) -> Result<Served> {
    let listen: SocketAddr = args.listen.parse().map_err(|_| {
        Error::usage(format!(
            "--listen takes an address and a port (127.0.0.1:8717, [::1]:0), not '{}'",
            args.listen
        ))
    })?;
    if args.tokens.is_none() && !listen.ip().is_loopback() {
        return Err(Error::usage(format!(
            "{listen} is not a loopback address: serving there needs --tokens FILE (without tokens every caller may do everything)"
        ))
        .with_hint("make tokens with: parley token new FILE --agent NAME --label TEXT"));
    }
    // `null` is the Origin of sandboxed frames and local files, any of which could post here.
    if let Some(null) = (args.allowed_origin.iter()).find(|o| http::normal_origin(o) == "null") {
        return Err(Error::usage(format!(
            "--allowed-origin {null}: the `null` origin is any sandboxed page or local file, never allowed"
        ))
        .with_hint("name the origin of the page that calls this server (scheme://host:port)"));
    }
    let root = match std::fs::canonicalize(&args.root) {
        Ok(root) if root.is_dir() => root,
        _ => {
            return Err(Error::new(
                Status::NotFound,
                "NO_ROOT",
                format!("{} is not a directory to serve", args.root.display()),
            ));
        }
    };
    // Everything named on the command line is read before the server moves into ROOT.
    let book = args
        .tokens
        .as_deref()
        .map(tokens::Book::open)
        .transpose()?
        .map(Arc::new);
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(http::tls_config(cert, key)?),
        _ => None,
    };
    let provider = super::provider(&args.mcp)?;
    std::env::set_current_dir(&root).map_err(|e| Error::io("enter", &root, e))?;
    let watch: Option<Arc<dyn SharedWatcher>> = match crate::wait::SharedWatch::start(&root) {
        Ok(watch) => Some(Arc::new(watch)),
        Err(e) => {
            eprintln!(
                "parley serve: cannot watch {} ({e}); each wait watches on its own",
                root.display()
            );
            None
        }
    };
    // The calls running, for a cancellation sent in a request of its own.
    let running = Arc::new(running::Running::default());
    let access = access::Access {
        root: root.clone(),
        tokens: book.is_some(),
        watch: watch.clone(),
        running: running.clone(),
    };
    let protocols = (!args.mcp.protocols.is_empty()).then_some(args.mcp.protocols.as_slice());
    let catalog = super::Catalog::build(protocols);
    let (handler, closer) = super::handler::Handler::new(ctx, catalog, provider);
    let handler = handler.with_gate(Arc::new(access));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| io_error("cannot start the server's runtime", e))?;
    let served = runtime.block_on(http::serve(http::Setup {
        ctx: ctx.clone(),
        watch,
        listen,
        handler,
        book,
        tls,
        allowed_hosts: args.allowed_host.clone(),
        allowed_origins: args.allowed_origin.clone(),
        root,
        header_timeout: std::time::Duration::from_secs(args.header_timeout),
        running,
    }));
    drop(closer);
    served.map(|()| Served)
}
