//! The views: `status` (the whole state), `watch` (live), `report` (one HTML page) and `log`.

pub mod log;
pub mod report;
pub mod status;
pub mod watch;
