//! `parley session`: the session contract (protocol 3.2 to 3.4 and 7). A session starts
//! under a new identity (`--register NAME`) or resumes one (`--adopt NAME [--scope S]`).
//! parley never prompts: without a decision the answer is a structured refusal. Every answer
//! carries `data.recommendation` (`action` and `reason`), computed only from the state, the
//! git working tree and the beads file, so the same situation always gives the same advice.
//!
//! Adoption is allowed when `git status` shows uncommitted changes inside the claimed scope
//! (`--scope`, else the scopes the identity holds; `uncommitted_scope`, checked first) or the identity owns an `in_progress` bead
//! (`in_progress_ownership`); it then counts as the agent's heartbeat and records a RESUME
//! event (an identity whose record was lost gets it back). Otherwise it is refused (exit 4)
//! with the result of each check.

use serde_json::{Value, json};

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::Outcome;

use super::agent::{agent_view, register_in};
use super::agent_name::AgentName;
use super::bead::{self, BeadId};
use super::desk::Desk;
use super::event_log::{Event, EventType, Payload, ResumePayload, ResumeReason, VERSION};
use super::git_status::{self, WorkTree};
use super::project::Project;
use super::scope::Scope;
use super::state::State;

/// At most this many changed paths are quoted in the evidence.
const QUOTED_PATHS: usize = 5;

const ADJECTIVES: &[&str] = &[
    "amber", "cobalt", "coral", "ember", "jade", "lunar", "misty", "quiet", "russet", "silver",
];
const NOUNS: &[&str] = &[
    "otter", "harbor", "falcon", "willow", "comet", "lynx", "maple", "raven",
];

#[derive(Debug, Clone)]
pub enum Decision {
    Register {
        agent: AgentName,
        role: Option<String>,
    },
    Adopt {
        agent: AgentName,
        scope: Option<Scope>,
    },
    Undecided,
}

pub fn run(ctx: &Ctx, project: &Project, decision: &Decision) -> Result<Outcome> {
    let label = match decision {
        Decision::Register { agent, .. } => format!("parley session --register {agent}"),
        Decision::Adopt { agent, .. } => format!("parley session --adopt {agent}"),
        Decision::Undecided => "parley session".to_owned(),
    };
    let mut book = Desk::open(project, ctx, &label)?;
    let result = match decision {
        Decision::Register { agent, role } => register(&mut book, agent, role.clone()),
        Decision::Adopt { agent, scope } => adopt(&mut book, agent, scope.as_ref()),
        Decision::Undecided => Ok(undecided(&book.state)),
    };
    book.settle(result)
}

fn recommendation(action: &str, reason: impl Into<String>) -> Value {
    json!({ "action": action, "reason": reason.into() })
}

/// The first adjective-noun name without a record: deterministic for a given state.
pub fn suggested_name(state: &State) -> String {
    let taken = |name: &str| state.agents.iter().any(|a| a.agent.as_str() == name);
    let mut round = 1;
    loop {
        for adjective in ADJECTIVES {
            for noun in NOUNS {
                let name = if round == 1 {
                    format!("{adjective}-{noun}")
                } else {
                    format!("{adjective}-{noun}-{round}")
                };
                if !taken(&name) {
                    return name;
                }
            }
        }
        round += 1;
    }
}

fn undecided(state: &State) -> Outcome {
    let name = suggested_name(state);
    let reason = format!(
        "no --register or --adopt was given and a non-interactive session never guesses: start under a new unique identity, e.g. {name}"
    );
    Outcome::answer(
        Status::Forbidden,
        "DECISION_REQUIRED",
        json!({
            "decision": Value::Null,
            "recommendation": recommendation("register", reason.clone()),
            "suggested_name": name,
        }),
    )
    .line("no decision: pass --register NAME or --adopt NAME (parley never prompts)")
    .line(format!("Recommendation: register {name}: {reason}"))
}

fn register(book: &mut Desk, agent: &AgentName, role: Option<String>) -> Result<Outcome> {
    if book.state.agent(agent).is_some() {
        let reason = format!(
            "{agent} already has a record; reusing it needs adoption evidence (uncommitted changes in your scope or an in_progress bead), otherwise choose a new name such as {}",
            suggested_name(&book.state)
        );
        return Ok(Outcome::answer(
            Status::AlreadyExists,
            "AGENT_EXISTS",
            json!({
                "decision": "register",
                "agent": agent,
                "recommendation": recommendation("adopt", reason.clone()),
            }),
        )
        .line(format!("{agent} already has a record"))
        .line(format!(
            "Recommendation: adopt only with evidence: {reason}"
        )));
    }
    let mut data = register_in(book, agent, role)?;
    let reason = format!("{agent} had no record: a new, unique identity for this session");
    data["decision"] = json!("register");
    data["recommendation"] = recommendation("register", reason.clone());
    Ok(Outcome::ok(data)
        .line(format!("registered {agent}"))
        .line(format!("Recommendation: register: {reason}")))
}

fn adopt(book: &mut Desk, agent: &AgentName, scope: Option<&Scope>) -> Result<Outcome> {
    let root = book.project.root.clone();

    // Check 1: uncommitted changes inside the claimed scope: `--scope`, else the scopes the
    // identity still holds (what its prior session claimed).
    let claimed: Vec<Scope> = match scope {
        Some(scope) => vec![scope.clone()],
        None => book
            .state
            .reservations
            .iter()
            .filter(|r| &r.agent == agent)
            .map(|r| r.scope.clone())
            .collect(),
    };
    let (in_scope, scope_check) = if claimed.is_empty() {
        (
            Vec::new(),
            format!("no --scope was claimed and {agent} holds no reservation"),
        )
    } else {
        match git_status::changes(&root) {
            WorkTree::Unknown(why) => (Vec::new(), why),
            WorkTree::Changes(changed) => {
                let inside: Vec<String> = changed
                    .iter()
                    .filter(|path| claimed.iter().any(|scope| scope.contains(path)))
                    .map(|path| path.relative_to(&root))
                    .collect();
                let shown: Vec<String> = claimed.iter().map(|s| s.relative_to(&root)).collect();
                let summary = format!(
                    "{} uncommitted change(s) inside {} ({} in the working tree)",
                    inside.len(),
                    shown.join(", "),
                    changed.len()
                );
                (inside, summary)
            }
        }
    };
    // Check 2: in_progress beads owned by the identity.
    let (owned, warnings) = bead::in_progress_owned_by(&book.project.store, agent)?;
    book.warnings.extend(warnings);
    let bead_check = if owned.is_empty() {
        format!("{agent} owns no in_progress bead in {}", bead::ISSUES_FILE)
    } else {
        format!("{agent} owns in_progress bead(s) {}", owned.join(", "))
    };
    let checks = json!({
        "uncommitted_scope": { "passed": !in_scope.is_empty(), "detail": scope_check, "paths": in_scope },
        "in_progress_ownership": { "passed": !owned.is_empty(), "detail": bead_check, "beads": owned },
    });

    let (reason, evidence) = if !in_scope.is_empty() {
        let mut quoted: Vec<&str> = in_scope
            .iter()
            .take(QUOTED_PATHS)
            .map(String::as_str)
            .collect();
        if in_scope.len() > QUOTED_PATHS {
            quoted.push("...");
        }
        (
            ResumeReason::UncommittedScope,
            format!("{scope_check}: {}", quoted.join(", ")),
        )
    } else if !owned.is_empty() {
        (ResumeReason::InProgressOwnership, bead_check)
    } else {
        let name = suggested_name(&book.state);
        let reason = format!(
            "adoption needs uncommitted changes inside the claimed scope or an in_progress bead owned by {agent}; neither holds ({scope_check}; {bead_check}): start under a new identity such as {name}"
        );
        return Ok(Outcome::answer(
            Status::Forbidden,
            "ADOPTION_REFUSED",
            json!({
                "decision": "adopt",
                "agent": agent,
                "checks": checks,
                "recommendation": recommendation("register", reason.clone()),
                "suggested_name": name,
            }),
        )
        .line(format!("adoption of {agent} refused: no evidence"))
        .line(format!("Recommendation: register: {reason}")));
    };

    // The evidence is what the protocol asks for; a lost record (a cleaned `.parley/`) is
    // recreated rather than making the identity unrecoverable.
    let recreated = book.state.agent(agent).is_none();
    if recreated {
        register_in(book, agent, None)?;
    }
    book.seen(agent);
    let bead_id = owned
        .first()
        .map(|id| BeadId::parse(id))
        .transpose()
        .ok()
        .flatten();
    let id = book.next_event_id()?;
    book.emit(Event {
        id: id.clone(),
        version: VERSION.to_owned(),
        event_type: EventType::Resume,
        project_root: book.project_root(),
        bead_id,
        from_agent: Some(agent.clone()),
        to_agent: Some(agent.clone()),
        scope: match claimed.as_slice() {
            [only] => Some(only.clone()),
            _ => None,
        },
        created_at: book.now,
        payload: Payload::Resume(ResumePayload {
            resume_reason: reason,
            prior_session_agent: agent.clone(),
            adopted_agent: agent.clone(),
            evidence: evidence.clone(),
        }),
    })?;
    let record = book.state.agent(agent).expect("checked above");
    let mut data = agent_view(record, &book.thresholds, book.now);
    let advice = format!("{}: {evidence}", reason.as_str());
    data["decision"] = json!("adopt");
    data["resume_reason"] = json!(reason);
    data["evidence"] = json!(evidence);
    data["event"] = json!(id);
    data["checks"] = checks;
    data["record_recreated"] = json!(recreated);
    data["recommendation"] = recommendation("adopt", advice.clone());
    Ok(Outcome::ok(data)
        .line(format!("adopted {agent} ({})", reason.as_str()))
        .line(format!("RESUME recorded: {id}"))
        .line(format!("Recommendation: adopt: {advice}")))
}
