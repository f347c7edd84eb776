//! The Agent Feedback Protocol v1.2 (its specification is summarised in `docs/feedback.md`):
//! validating its payloads, extracting a response from a tool's stream, and the Requester that
//! keeps a conversation on disk. See `docs/feedback.md`.
//!
//! - [`schema`]: the published JSON Schemas and their errors as findings
//! - [`rules`]: what a schema cannot say, and the checks between payloads
//! - findings and verdicts are shared: [`crate::findings`]
//! - [`input`]: reading files and stdin
//! - [`validate`], [`extract`], [`ask`], [`log`], [`mock`]: one file per command
//! - [`conversation`]: the layout of a conversation directory, and reading it
//! - [`desk`]: the directory under its lock, where `ask` writes an iteration
//! - [`provider`]: running the provider's command

pub mod ask;
pub mod conversation;
pub mod desk;
pub mod extract;
pub mod input;
pub mod log;
pub mod mock;
pub mod provider;
pub mod rules;
pub mod schema;
pub mod validate;
