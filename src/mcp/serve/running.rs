//! The calls running on the server, by caller and request id, so that a
//! `notifications/cancelled` sent in a request of its own can end one: the transport keeps no
//! session between requests (stateless), so the MCP library cannot match the two.
//!
//! A call is known by who made it (a token's role, agent and label; everyone alike without
//! tokens) and its JSON-RPC id: one caller can never cancel another's call, whatever id it
//! names.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use crate::notices::Cancel;

use super::tokens::Caller;

/// Who a call is from, and its request id (as JSON text: `7`, `"abc"`).
type Key = (String, String);

#[derive(Default)]
pub struct Running {
    calls: Mutex<HashMap<Key, Cancel>>,
}

impl Running {
    /// Notes the call `id` of `caller` as running until the returned guard is dropped.
    pub fn start(self: &Arc<Self>, caller: Option<&Caller>, id: &str, cancel: Cancel) -> Started {
        let key = (who(caller), id.to_owned());
        self.lock().insert(key.clone(), cancel);
        Started {
            running: self.clone(),
            key,
        }
    }

    /// Cancels the call `id` of `caller`, if it is running; whether one was.
    pub fn cancel(&self, caller: Option<&Caller>, id: &str) -> bool {
        let found = self.lock().get(&(who(caller), id.to_owned())).cloned();
        found.is_some_and(|cancel| {
            cancel.cancel();
            true
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Cancel>> {
        self.calls.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A running call: forgotten when dropped (the call ended, however).
pub struct Started {
    running: Arc<Running>,
    key: Key,
}

impl Drop for Started {
    fn drop(&mut self) {
        self.running.lock().remove(&self.key);
    }
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
}
