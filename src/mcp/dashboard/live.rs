//! What makes the pages live: the server's one watcher of the whole of ROOT (the one its waits
//! share), counting the changes under it for every page open in a browser ([`Changes`]). Each open page holds one
//! Server-Sent Events stream (`GET /live?...`); on every change the server renders the page's
//! content again and sends it only when it differs from what the page shows (so that a
//! change elsewhere, or a cache the rendering itself refreshed, sends nothing).

use std::path::Path;
use std::sync::Arc;

use tokio::sync::watch;

use crate::context::SharedWatcher;

/// A counter of the changes under ROOT: subscribers wait for it to move.
#[derive(Clone)]
pub struct Changes {
    sender: Arc<watch::Sender<u64>>,
    /// The subscription to the watcher, kept as long as a clone of this is.
    _subscription: Option<Arc<dyn Send + Sync>>,
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
            _subscription: None,
        }
    }

    /// Counts every change below `root` that the server's shared watcher sees (the one its
    /// waits share: no second watcher). `None`: `root` is not below the watched tree.
    pub fn shared(watch: &dyn SharedWatcher, root: &Path) -> Option<Changes> {
        let changes = Changes::manual();
        let bump = changes.clone();
        let subscription = watch.subscribe(root, &[], Box::new(move || bump.bump()))?;
        Some(Changes {
            _subscription: Some(Arc::new(std::sync::Mutex::new(subscription))),
            ..changes
        })
    }

    /// Where nothing watches: a change counted every `period` (each page is rendered again
    /// and sent only if it changed).
    pub fn ticking(period: std::time::Duration) -> Changes {
        let changes = Changes::manual();
        let bump = changes.clone();
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(period);
            loop {
                interval.tick().await;
                bump.bump();
            }
        });
        changes
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
