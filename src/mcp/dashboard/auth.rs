//! Logging in to the dashboard, where the server has tokens: a person posts a viewer's or an
//! admin's token to `POST /login` and gets a cookie holding an opaque session id (random, 244
//! bits), never the token. The logins live in the server's memory: a restart logs everyone
//! out, and a login whose token is revoked ends at its next request.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The cookie's name.
pub const COOKIE: &str = "parley_session";

/// How long a login lasts.
pub const LIFETIME: Duration = Duration::from_secs(12 * 3600);

/// A person logged in: the token's label (`--by` of what they settle) and its role.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub label: String,
    pub admin: bool,
    /// What tells the token again (its hash, never the token), for [`Tokens::holds`].
    pub key: String,
}

/// Why a token does not log in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    Unknown,
    /// An agent's token: the dashboard is for people.
    Agent,
}

/// The server's tokens, as the dashboard needs them.
pub trait Tokens: Send + Sync {
    /// The person `token` logs in.
    fn person(&self, token: &str) -> std::result::Result<Person, Refused>;
    /// Whether `person`'s token still holds, with the same label and role (not revoked since
    /// the login).
    fn holds(&self, person: &Person) -> bool;
}

struct Login {
    person: Person,
    csrf: String,
    since: Instant,
}

/// The logins of the server.
pub struct Logins {
    tokens: Arc<dyn Tokens>,
    open: Mutex<HashMap<String, Login>>,
}

impl std::fmt::Debug for Logins {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Logins").finish_non_exhaustive()
    }
}

/// A login found from its cookie: who, and the check its forms carry.
#[derive(Debug, Clone)]
pub struct Session {
    pub person: Person,
    pub csrf: String,
}

/// A random identifier of 244 bits (two version-4 UUIDs), in hexadecimal.
pub fn random_id() -> String {
    format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    )
}

impl Logins {
    pub fn new(tokens: Arc<dyn Tokens>) -> Logins {
        Logins {
            tokens,
            open: Mutex::new(HashMap::new()),
        }
    }

    /// Logs `token` in: the new session id.
    pub fn login(&self, token: &str) -> std::result::Result<(String, Person), Refused> {
        let person = self.tokens.person(token)?;
        let id = random_id();
        if let Ok(mut open) = self.open.lock() {
            open.retain(|_, login| login.since.elapsed() < LIFETIME);
            open.insert(
                id.clone(),
                Login {
                    person: person.clone(),
                    csrf: random_id(),
                    since: Instant::now(),
                },
            );
        }
        Ok((id, person))
    }

    /// The login of session `id`, while it lasts and its token holds.
    pub fn find(&self, id: &str) -> Option<Session> {
        let mut open = self.open.lock().ok()?;
        let login = open.get(id)?;
        if login.since.elapsed() >= LIFETIME || !self.tokens.holds(&login.person) {
            open.remove(id);
            return None;
        }
        Some(Session {
            person: login.person.clone(),
            csrf: login.csrf.clone(),
        })
    }

    /// The person a token presented in an `Authorization: Bearer` header reads as: a client
    /// that is no browser reads the pages with its token, as it calls `/mcp`, but gets no
    /// form (a form needs a login, whose check it carries).
    pub fn bearer(&self, token: &str) -> Option<Person> {
        self.tokens.person(token).ok()
    }

    pub fn logout(&self, id: &str) {
        if let Ok(mut open) = self.open.lock() {
            open.remove(id);
        }
    }
}

/// The session id a `Cookie` header carries.
pub fn session_id(cookie_header: &str) -> Option<&str> {
    cookie_header
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim())
}

/// The `Set-Cookie` value of a login (`None`: the one that ends it).
pub fn set_cookie(id: Option<&str>, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    match id {
        Some(id) => format!(
            "{COOKIE}={id}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}{secure}",
            LIFETIME.as_secs()
        ),
        None => format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{secure}"),
    }
}

/// Compares two secrets in a time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Two;

    impl Tokens for Two {
        fn person(&self, token: &str) -> std::result::Result<Person, Refused> {
            match token {
                "admin-token" => Ok(Person {
                    label: "ada".into(),
                    admin: true,
                    key: "k".into(),
                }),
                "agent-token" => Err(Refused::Agent),
                _ => Err(Refused::Unknown),
            }
        }

        fn holds(&self, person: &Person) -> bool {
            person.label == "ada"
        }
    }

    #[test]
    fn a_login_is_an_opaque_id_found_by_its_cookie() {
        let logins = Logins::new(Arc::new(Two));
        assert_eq!(logins.login("agent-token").unwrap_err(), Refused::Agent);
        assert_eq!(logins.login("nope").unwrap_err(), Refused::Unknown);
        let (id, person) = logins.login("admin-token").unwrap();
        assert!(person.admin);
        assert_eq!(id.len(), 64);
        assert!(!id.contains("admin-token"));
        let header = format!("a=b; {COOKIE}={id}; c=d");
        let found = logins.find(session_id(&header).unwrap()).unwrap();
        assert_eq!(found.person.label, "ada");
        assert!(same_secret(&found.csrf, &found.csrf.clone()));
        assert!(!same_secret(&found.csrf, &random_id()));
        logins.logout(&id);
        assert!(logins.find(&id).is_none());
        let cookie = set_cookie(Some("x"), true);
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"));
        assert!(cookie.ends_with("; Secure"));
        assert!(!set_cookie(Some("x"), false).contains("Secure"));
    }
}
