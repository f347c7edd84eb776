//! The views: `status` (the whole state), `watch` (live), `report` (one HTML page), `log`
//! and `show` (what an agent reads: an issue, the negotiation, a file).

pub mod log;
pub mod report;
pub mod show;
pub mod status;
pub mod watch;
