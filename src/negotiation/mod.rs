//! The negotiation protocol: a directory of markdown files that several agents take turns on.
//!
//! In layers, each importing only those below it:
//!
//! - [`model`]: the state files, one module each, and the [`State`](model::State) loaded
//!   from them;
//! - [`derived`]: what parley keeps beside them in `.parley/` (the digests of recorded
//!   positions, the issue and log caches), each checked against the log before use;
//! - [`rules`]: the protocol's predicates (who may agree, what blocks `finish`, what a
//!   sign-off misses, what a reopen or a duplicate proposal leaves), each in one home;
//! - [`overview`]: what `status`, `finish`, `watch` and `report` all show, read by one code;
//! - [`commands`]: one module per applet, on a [`Desk`](commands::desk::Desk);
//! - [`views`]: `status`, `watch`, `report`, `log` and `show`.
//!
//! The applets are re-exported here by name, the protocol's face to the application layer.

pub mod commands;
pub mod derived;
pub mod model;
pub mod overview;
pub mod rules;
pub mod views;

pub use commands::{
    agree, audit_template, check, duplicate, end_analysis, escalate, file_draft_issue, finish,
    hand_off, init, new_issue, note, poll, position, register, reopen, resolve, sign_off,
    wait_for_start, write_document,
};
pub use overview::changes;
pub use views::{log, report, show, status, watch};
