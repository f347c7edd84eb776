//! The calls running on the server, by caller and request id, so that a
//! `notifications/cancelled` sent in a request of its own can end one: the transport keeps no
//! session between requests (stateless), so the MCP library cannot match the two.
//!
//! A call is known by who made it (a token's role, agent and label; everyone alike without
//! tokens) and its JSON-RPC id: one caller can never cancel another's call, whatever id it
//! names.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::notices::Cancel;

use super::tokens::Caller;

/// Who a call is from, and its request id (as [`id_text`] writes it).
type Key = (String, String);

#[derive(Default)]
pub struct Running {
    /// The calls under each key, each by a number of its own: a client may reuse an id for
    /// calls that run at once (no session tells them apart), and each must be forgotten
    /// alone.
    calls: Mutex<HashMap<Key, Vec<(u64, Cancel)>>>,
    next: AtomicU64,
}

impl Running {
    /// Notes the call `id` of `caller` as running until the returned guard is dropped.
    pub fn start(self: &Arc<Self>, caller: Option<&Caller>, id: &str, cancel: Cancel) -> Started {
        let key = (who(caller), id.to_owned());
        let number = self.next.fetch_add(1, Ordering::Relaxed);
        self.lock()
            .entry(key.clone())
            .or_default()
            .push((number, cancel));
        Started {
            running: self.clone(),
            key,
            number,
        }
    }

    /// Cancels the calls `id` of `caller` that are running; whether there was one.
    pub fn cancel(&self, caller: Option<&Caller>, id: &str) -> bool {
        let found: Vec<Cancel> = (self.lock().get(&(who(caller), id.to_owned())))
            .map(|calls| calls.iter().map(|(_, cancel)| cancel.clone()).collect())
            .unwrap_or_default();
        for cancel in &found {
            cancel.cancel();
        }
        !found.is_empty()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Vec<(u64, Cancel)>>> {
        self.calls.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A running call: forgotten when dropped (the call ended, however).
pub struct Started {
    running: Arc<Running>,
    key: Key,
    number: u64,
}

impl Drop for Started {
    fn drop(&mut self) {
        let mut calls = self.running.lock();
        if let Some(list) = calls.get_mut(&self.key) {
            list.retain(|(number, _)| *number != self.number);
            if list.is_empty() {
                calls.remove(&self.key);
            }
        }
    }
}

/// A request id as one text, however the message wrote it (`1` and `1.0` are one id), the
/// same for a call and for the cancellation that names it.
pub fn id_text(id: &rmcp::model::RequestId) -> String {
    serde_json::to_string(id).unwrap_or_default()
}

/// The id a `requestId` value names, as [`id_text`] writes it.
pub fn id_text_of(value: &serde_json::Value) -> Option<String> {
    serde_json::from_value::<rmcp::model::RequestId>(value.clone())
        .ok()
        .map(|id| id_text(&id))
}

fn who(caller: Option<&Caller>) -> String {
    caller.map_or_else(String::new, |caller| {
        format!(
            "{:?}\u{0}{:?}\u{0}{}",
            caller.role, caller.agent, caller.label
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcp::serve::tokens::Role;

    fn caller(agent: &str) -> Caller {
        Caller {
            role: Role::Agent,
            agent: Some(agent.to_owned()),
            label: agent.to_owned(),
        }
    }

    #[test]
    fn only_the_caller_cancels_its_call_and_only_while_it_runs() {
        let running = Arc::new(Running::default());
        let cancel = Cancel::new();
        let started = running.start(Some(&caller("bob")), "99", cancel.clone());
        assert!(!running.cancel(Some(&caller("alice")), "99"));
        assert!(!running.cancel(None, "99"));
        assert!(!cancel.is_cancelled());
        assert!(running.cancel(Some(&caller("bob")), "99"));
        assert!(cancel.is_cancelled());
        drop(started);
        assert!(!running.cancel(Some(&caller("bob")), "99"));
    }

    #[test]
    fn two_calls_under_one_id_are_each_forgotten_alone_and_both_cancelled() {
        let running = Arc::new(Running::default());
        let (first, second) = (Cancel::new(), Cancel::new());
        let bob = caller("bob");
        let one = running.start(Some(&bob), "1", first.clone());
        let two = running.start(Some(&bob), "1", second.clone());
        drop(one);
        assert!(running.cancel(Some(&bob), "1"));
        assert!(!first.is_cancelled());
        assert!(second.is_cancelled());
        drop(two);
        assert!(!running.cancel(Some(&bob), "1"));
    }

    #[test]
    fn an_id_is_one_text_however_it_is_written() {
        let whole: rmcp::model::RequestId = serde_json::from_value(serde_json::json!(1)).unwrap();
        assert_eq!(id_text_of(&serde_json::json!(1.0)), Some(id_text(&whole)));
        assert_eq!(
            id_text_of(&serde_json::json!("a\"b")),
            Some(id_text(
                &serde_json::from_value(serde_json::json!("a\"b")).unwrap()
            ))
        );
    }
}
