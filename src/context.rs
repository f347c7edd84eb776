//! What every command receives, already validated: the clock, the lock bound, the output mode.

use std::time::Duration;

use crate::clock::Clock;
use crate::output::Mode;

pub const DEFAULT_LOCK_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub struct Ctx {
    pub clock: Clock,
    pub lock_timeout: Duration,
    pub mode: Mode,
}
