//! The protocol's rules as predicates over the state: each rule in one home, used by the
//! commands that enforce it and the views that show it.

pub mod agree;
pub mod documents;
pub mod duplicate;
pub mod finish;
pub mod reopen;
pub mod resolve;
pub mod sign_off;
pub mod text;
pub mod untouched;
