//! Deterministic crash points, for tests: `PARLEY_CRASH_AT=N` kills the process at the N-th
//! write step of the store, as `kill -9` would, so a test can crash a command at every step
//! of its run in turn and check what the next command makes of the disk.
//!
//! A *step* is one change the store makes to the disk: a file created, a rename, a removal, a
//! truncation, or the content of a write. When the chosen step is a write of content, only
//! the first half of the bytes (rounded down, so possibly none) is written before the process
//! dies: the prefix a signal or a full disk can leave. Every other step dies just after the
//! change is made. The process ends with `SIGKILL` sent to itself: no destructor runs, no
//! lock is released other than by the kernel, exactly as for a killed agent.
//!
//! Only debug builds (the ones `cargo test` runs) read the variable; a release build never
//! looks at it, so it cannot be set by accident in production. When the variable is set, the
//! step about to kill the process is named on stderr first (`parley: crash point N: LABEL`).

use std::fs::File;
use std::io::{self, Write};

#[cfg(debug_assertions)]
mod enabled {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};

    static TARGET: OnceLock<Option<u64>> = OnceLock::new();
    static COUNT: AtomicU64 = AtomicU64::new(0);

    /// Whether the step being taken now is the one to die at.
    pub fn due(label: &str) -> bool {
        let target = TARGET.get_or_init(|| {
            std::env::var("PARLEY_CRASH_AT")
                .ok()
                .and_then(|v| v.trim().parse().ok())
        });
        let Some(target) = *target else {
            return false;
        };
        let step = COUNT.fetch_add(1, Ordering::SeqCst) + 1;
        if step == target {
            eprintln!("parley: crash point {step}: {label}");
            return true;
        }
        false
    }

    pub fn die() -> ! {
        // SAFETY: sending a signal to our own process id has no memory-safety conditions.
        unsafe {
            libc::kill(libc::getpid(), libc::SIGKILL);
        }
        std::process::abort()
    }
}

/// A step that has just been made: the process dies here if it is the chosen one.
#[inline]
pub fn step(label: &str) {
    #[cfg(debug_assertions)]
    if enabled::due(label) {
        enabled::die();
    }
    #[cfg(not(debug_assertions))]
    let _ = label;
}

/// `file.write_all(bytes)`, which, as the chosen step, writes only the first half of `bytes`
/// and dies.
pub fn write_all(mut file: &File, bytes: &[u8], label: &str) -> io::Result<()> {
    #[cfg(debug_assertions)]
    if enabled::due(label) {
        let _ = file.write_all(&bytes[..bytes.len() / 2]);
        enabled::die();
    }
    #[cfg(not(debug_assertions))]
    let _ = label;
    file.write_all(bytes)
}
