//! `agents.md`: the registered agents, one line each, in rotation order.

use crate::error::{Error, Result};
use crate::names::{self, Name};
use crate::store::Store;

pub const FILE: &str = "agents.md";

pub const HEADER: &str = "# Registered Agents\n\
<!-- Agents append their name here during registration -->\n\
<!-- Format: - agent-name (registered: ISO-timestamp) -->\n";

/// The names `register --auto` hands out, in order.
pub const AUTO_NAMES: &[&str] = &[
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
    "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi",
    "psi", "omega",
];

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Agent {
    pub name: Name,
    pub registered: String,
    pub participant: Option<String>,
}

impl Agent {
    pub fn line(&self) -> String {
        match &self.participant {
            Some(id) => format!(
                "- {} (registered: {}, participant: {id})",
                self.name, self.registered
            ),
            None => format!("- {} (registered: {})", self.name, self.registered),
        }
    }
}

#[derive(Debug, Clone, Default, serde::Serialize)]
#[serde(transparent)]
pub struct Agents {
    pub list: Vec<Agent>,
    /// The file as read, so a registration appends to it without reading it again.
    #[serde(skip)]
    text: String,
}

impl Agents {
    pub fn load(store: &Store) -> Result<Agents> {
        let path = store.path(FILE);
        let text = store.read(FILE)?.ok_or_else(|| {
            Error::malformed(&path, None, "is missing")
                .with_hint("the negotiation directory is incomplete")
        })?;
        Agents::parse(&text, &path)
    }

    /// Header, comments and blank lines are allowed; every other line must be an agent line
    /// of the exact form `- NAME (registered: TS[, participant: ID])`.
    pub fn parse(text: &str, path: &std::path::Path) -> Result<Agents> {
        let mut list: Vec<Agent> = Vec::new();
        // A set, not a scan of the list: a scan made parsing quadratic (1.6 s for 40 000
        // lines, and `status` parses on every call).
        let mut names = std::collections::HashSet::new();
        for (index, raw) in text.lines().enumerate() {
            let line_no = index + 1;
            let line = raw.trim_end();
            if line.is_empty() || line.starts_with('#') || line.starts_with("<!--") {
                continue;
            }
            let agent = parse_line(line).ok_or_else(|| {
                Error::malformed(
                    path,
                    Some(line_no),
                    format!("expected `- NAME (registered: YYYY-MM-DDTHH:MM:SSZ)`, found {line:?}"),
                )
            })?;
            if !names.insert(agent.name.clone()) {
                return Err(Error::malformed(
                    path,
                    Some(line_no),
                    format!("{} is registered twice", agent.name),
                ));
            }
            list.push(agent);
        }
        Ok(Agents {
            list,
            text: text.to_owned(),
        })
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn position(&self, name: &Name) -> Option<usize> {
        self.list.iter().position(|a| &a.name == name)
    }

    pub fn contains(&self, name: &Name) -> bool {
        self.position(name).is_some()
    }

    /// The agent after `name` in rotation order, wrapping around.
    pub fn after(&self, name: &Name) -> Option<&Name> {
        let index = self.position(name)?;
        Some(&self.list[(index + 1) % self.list.len()].name)
    }

    /// `agents.md` as read, with `agent`'s line appended.
    pub fn render_with(&self, agent: &Agent) -> String {
        let mut text = self.text.clone();
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&agent.line());
        text.push('\n');
        text
    }
}

fn parse_line(line: &str) -> Option<Agent> {
    let rest = line.strip_prefix("- ")?;
    let (name, rest) = rest.split_once(" (registered: ")?;
    if !names::is_valid(name) {
        return None;
    }
    let inner = rest.strip_suffix(')')?;
    let (stamp, participant) = match inner.split_once(", participant: ") {
        Some((stamp, id)) => (stamp, Some(id)),
        None => (inner, None),
    };
    crate::clock::parse_stamp(stamp)?;
    if participant.is_some_and(|id| !is_valid_participant(id)) {
        return None;
    }
    Some(Agent {
        name: Name::parse_str("agent name", name).ok()?,
        registered: stamp.to_owned(),
        participant: participant.map(str::to_owned),
    })
}

/// A participant identity: printable, no parentheses or commas (they delimit the line).
pub fn is_valid_participant(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 200
        && id.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':' | '@' | '/' | '+' | '=')
        })
}
