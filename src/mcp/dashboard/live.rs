//! What makes the pages live: one watcher of the whole of ROOT, shared by every page open in a
//! browser, counting the changes under it ([`Changes`]). Each open page holds one
//! Server-Sent Events stream (`GET /live?...`); on every change the server renders the page's
//! content again and sends it only when it differs from what the page shows (so that a
//! change elsewhere, or a cache the rendering itself refreshed, sends nothing).

use std::path::Path;
use std::sync::Arc;

use notify::{RecursiveMode, Watcher};
use tokio::sync::watch;

/// A counter of the changes under ROOT: subscribers wait for it to move.
#[derive(Clone)]
pub struct Changes {
    sender: Arc<watch::Sender<u64>>,
    /// The watcher, kept alive as long as a clone of this is.
    _watcher: Option<Arc<dyn Send + Sync>>,
}

impl std::fmt::Debug for Changes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Changes")
            .field("count", &*self.sender.borrow())
            .finish()
    }
}

impl Changes {
    /// A counter that only [`Changes::bump`] moves (where the caller watches by itself).
    pub fn manual() -> Changes {
        Changes {
            sender: Arc::new(watch::channel(0).0),
            _watcher: None,
        }
    }

    /// Watches `root` and everything below it with one recursive watcher. What counts as a
    /// change is what the waits count: no access events, no temporary files of atomic writes.
    pub fn watch(root: &Path) -> notify::Result<Changes> {
        let changes = Changes::manual();
        let bump = changes.clone();
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
                let relevant = match &event {
                    Ok(event) => {
                        !matches!(event.kind, notify::EventKind::Access(_))
                            && event.paths.iter().any(|path| {
                                !path
                                    .file_name()
                                    .and_then(|n| n.to_str())
                                    .is_some_and(crate::store::is_temporary)
                            })
                    }
                    Err(_) => true,
                };
                if relevant {
                    bump.bump();
                }
            })?;
        watcher.watch(root, RecursiveMode::Recursive)?;
        Ok(Changes {
            _watcher: Some(Arc::new(std::sync::Mutex::new(watcher))),
            ..changes
        })
    }

    /// Counts one change.
    pub fn bump(&self) {
        self.sender
            .send_modify(|count| *count = count.wrapping_add(1));
    }

    /// A receiver that sees every later change.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.sender.subscribe()
    }
}
