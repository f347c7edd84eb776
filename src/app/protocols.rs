//! The protocols parley serves, in one table: each one's name, the line that sums it up, the
//! line `parley --help` gives it, and its demo scene. Everything that lists protocols derives
//! from it: the MCP tools and their summaries, `parley mcp --protocols`, the demo's scenes and
//! the overview of `parley --help`. Which applets belong to a protocol is said by each applet
//! in the registry (`Applet::protocol`). A sixth protocol is a variant and a row here.
//!
//! This file imports nothing of parley's, so that every layer may read the table.

/// One of the protocols.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Protocol {
    Negotiation,
    Operative,
    Bounce,
    Parliament,
    Feedback,
}

/// A protocol's row of the table.
struct Row {
    /// Its name: the MCP tool, the `--protocols` choice, the demo scene.
    name: &'static str,
    /// One line, the start of its MCP tool's description.
    summary: &'static str,
    /// Its line in the overview of `parley --help`.
    overview: &'static str,
    /// Its demo scene.
    scene: Scene,
}

/// A protocol's demo scene.
struct Scene {
    /// What the scene plays, as `parley demo --help` says it.
    about: &'static str,
    /// Where `parley demo --help` lists it: the order the scenes were added in, which the
    /// committed completion scripts keep.
    listed: u8,
}

impl Protocol {
    /// Every protocol, in the order the MCP tools and `--scene all` take them.
    pub const ALL: [Protocol; 5] = [
        Protocol::Negotiation,
        Protocol::Operative,
        Protocol::Bounce,
        Protocol::Parliament,
        Protocol::Feedback,
    ];

    fn row(self) -> Row {
        match self {
            Protocol::Negotiation => Row {
                name: "negotiation",
                summary: "Negotiation protocol: agents take turns to settle issues.",
                overview: "negotiation (init ... finish, watch, report): take turns to settle issues",
                scene: Scene {
                    about: "A complete negotiation (the default)",
                    listed: 0,
                },
            },
            Protocol::Operative => Row {
                name: "operative",
                summary: "Operative scopes: agent identities, reservations, events, sessions.",
                overview: "operative scopes (agent, reserve, event, session, ...): identities and reservations",
                scene: Scene {
                    about: "Operative scopes: reservations, a takeover, events and an adoption",
                    listed: 2,
                },
            },
            Protocol::Bounce => Row {
                name: "bounce",
                summary: "Bounce sessions: a markdown file of turn-taking entries.",
                overview: "bounce: a markdown session file of turn-taking entries",
                scene: Scene {
                    about: "Three agents taking turns in a bounce session until they reach consensus",
                    listed: 3,
                },
            },
            Protocol::Parliament => Row {
                name: "parliament",
                summary: "Parliament ledger: checked appends, tally, gate, clock.",
                overview: "parliament: the Clerk's ledger of a debate, its tally, gate and clock",
                scene: Scene {
                    about: "Three representatives debate a small bill to a passed vote",
                    listed: 4,
                },
            },
            Protocol::Feedback => Row {
                name: "feedback",
                summary: "Agent Feedback Protocol: validate, extract, ask a provider, log.",
                overview: "feedback: the Agent Feedback Protocol: validate payloads, ask a provider",
                scene: Scene {
                    about: "Three rounds of `feedback ask` against `feedback mock-provider`",
                    listed: 1,
                },
            },
        }
    }

    /// Its name: `negotiation`, `operative`, ...
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The protocol named `name`.
    pub fn named(name: &str) -> Option<Protocol> {
        Protocol::ALL.into_iter().find(|p| p.name() == name)
    }

    /// One line that sums it up.
    pub fn summary(self) -> &'static str {
        self.row().summary
    }

    /// Its line in the overview of `parley --help`.
    pub fn overview(self) -> &'static str {
        self.row().overview
    }

    /// What its demo scene plays.
    pub fn scene_about(self) -> &'static str {
        self.row().scene.about
    }

    /// Every protocol, in the order `parley demo --help` lists their scenes.
    pub fn by_scene_listing() -> [Protocol; 5] {
        let mut listed = Protocol::ALL;
        listed.sort_by_key(|p| p.row().scene.listed);
        listed
    }
}

/// `--protocols negotiation,bounce`: a protocol is chosen by its name.
impl clap::ValueEnum for Protocol {
    fn value_variants<'a>() -> &'a [Self] {
        &Protocol::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// A JSON request names a protocol as the command line does.
impl<'de> serde::Deserialize<'de> for Protocol {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Protocol::named(&name).ok_or_else(|| {
            let names: Vec<String> = Protocol::ALL
                .iter()
                .map(|p| format!("`{}`", p.name()))
                .collect();
            serde::de::Error::custom(format!(
                "unknown variant `{name}`, expected one of {}",
                names.join(", ")
            ))
        })
    }
}
