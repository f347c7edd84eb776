//! parley: correct, instant and visible coordination for AI coding agents.
//!
//! Layout: [`store`] is the only code that locks, renames, creates or appends; each protocol
//! has a folder of its own on top of it ([`negotiation`], [`operative`], [`bounce`],
//! [`parliament`], [`feedback`]); [`app`] is the application layer (the registry of applets,
//! their requests and operations); [`cli`] is the command-line front end on it; [`output`]
//! renders a result as text or JSON; [`error`] holds the error type and the exit-code table.

pub mod app;
pub mod bounce;
pub mod cli;
pub mod clock;
pub mod context;
pub mod demo;
pub mod elsewhere;
pub mod error;
pub mod feedback;
pub mod find;
pub mod findings;
pub mod input;
pub mod links;
pub mod mcp;
pub mod names;
pub mod negotiation;
pub mod notices;
pub mod operative;
pub mod output;
pub mod parliament;
pub mod skill;
// The store is the one module allowed to lock, rename and persist (see clippy.toml).
#[allow(clippy::disallowed_methods)]
pub mod store;
pub mod wait;

pub use cli::run;
