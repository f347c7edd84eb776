//! The Bounce Protocol (`docs/bounce.md`): one markdown file per session, entries appended
//! under a lock on the file, each ending in `<!-- yield -->`, turn order and consensus.
//!
//! Reading: [`parse`] splits a file into header, rules and entries and reports problems of
//! form; [`timeline`] walks the entries for rounds, turns, the end of the session and the
//! problems of order; [`consensus`] is section 7. Writing goes through
//! `store::append_file` only (exclusive creation, lock, journaled append).

pub mod append;
pub mod consensus;
pub mod desk;
pub mod entry;
pub mod escalate;
pub mod finding;
pub mod markdown;
pub mod model;
pub mod new;
pub mod next;
pub mod parse;
pub mod session;
pub mod status;
pub mod timeline;
pub mod validate;
