//! What parley derives from the log and the positions files and keeps in `.parley/`: the
//! digests of recorded positions ([`digests`], kept in [`digests_file`], recorded at
//! hand-overs by [`record`]), the issues' reports ([`issue_cache`], [`issue_report`]) and the
//! log's events `status` reads ([`log_cache`]). Each is checked against the log (and the
//! files it vouches for) before use, and rebuilt when it does not match: see
//! [`log_cache`] and [`digests_file`] for how.

pub mod digests;
pub mod digests_file;
pub mod issue_cache;
pub mod issue_report;
pub mod log_cache;
pub mod record;
pub mod terms;
