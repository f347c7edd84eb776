//! The operative protocol (`shared/protocols/operative-protocol-v1.md`, sections 3 to 7):
//! agent identities with heartbeats and liveness, scope reservations with takeover of stale
//! owners, protocol events, and the session contract with adoption. State lives per project
//! under `ROOT/.parley/operative/`; `docs/operative.md` describes it.
//!
//! Concepts have a file each ([`agent_name`], [`scope`], [`liveness`], [`state`],
//! [`event_log`], [`bead`], [`git_status`], [`project`], [`desk`]); so do the commands
//! ([`agent`], [`reserve`], [`release`], [`reservation`], [`event`], [`timeline`],
//! [`session`]). The application layer validates requests into their arguments.

pub mod agent;
pub mod agent_name;
pub mod bead;
pub mod desk;
pub mod event;
pub mod event_log;
pub mod git_status;
pub mod jsonl;
pub mod liveness;
pub mod project;
pub mod release;
pub mod reservation;
pub mod reserve;
pub mod scope;
pub mod session;
pub mod stamp;
pub mod state;
pub mod timeline;
