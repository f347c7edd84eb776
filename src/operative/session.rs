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

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::{Human, Reply, Warned};

use super::agent::{AgentView, register_in};
use super::agent_name::AgentName;
use super::bead::{self, BeadId};
use super::desk::Desk;
use super::event_log::{EventType, Payload, ProtocolEvent, ResumePayload, ResumeReason, VERSION};
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

/// What `session` answers: the decision taken, the advice for the situation, and what
/// became of the decision.
#[derive(Debug, Serialize)]
pub struct SessionReply {
    /// `null` when no decision was given.
    decision: Option<Choice>,
    recommendation: Recommendation,
    #[serde(flatten)]
    answer: Answer,
}

/// The two ways a session starts.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "lowercase")]
enum Choice {
    Register,
    Adopt,
}

/// The advice, computed only from the state, the working tree and the beads file.
#[derive(Debug, Serialize)]
struct Recommendation {
    action: Choice,
    reason: String,
}

#[derive(Debug, Serialize)]
#[serde(untagged)]
enum Answer {
    /// No `--register` nor `--adopt` (exit 4).
    Undecided {
        suggested_name: String,
    },
    /// `--register` of a name that has a record (exit 3).
    Taken {
        agent: AgentName,
    },
    Registered(AgentView),
    /// `--adopt` without evidence (exit 4).
    Refused {
        agent: AgentName,
        checks: Checks,
        suggested_name: String,
    },
    Adopted {
        #[serde(flatten)]
        view: AgentView,
        resume_reason: ResumeReason,
        evidence: String,
        event: String,
        checks: Checks,
        record_recreated: bool,
    },
}

/// The two checks of adoption evidence, each with what it found.
#[derive(Debug, Serialize)]
struct Checks {
    uncommitted_scope: ScopeCheck,
    in_progress_ownership: BeadCheck,
}

#[derive(Debug, Serialize)]
struct ScopeCheck {
    passed: bool,
    detail: String,
    /// The changed paths inside the claimed scope, relative to the project root.
    paths: Vec<String>,
}

#[derive(Debug, Serialize)]
struct BeadCheck {
    passed: bool,
    detail: String,
    /// The ids of the `in_progress` beads the identity owns.
    beads: Vec<String>,
}

impl Reply for SessionReply {
    fn status(&self) -> Status {
        match self.answer {
            Answer::Undecided { .. } | Answer::Refused { .. } => Status::Forbidden,
            Answer::Taken { .. } => Status::AlreadyExists,
            Answer::Registered(_) | Answer::Adopted { .. } => Status::Ok,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self.answer {
            Answer::Undecided { .. } => Some("DECISION_REQUIRED"),
            Answer::Taken { .. } => Some("AGENT_EXISTS"),
            Answer::Refused { .. } => Some("ADOPTION_REFUSED"),
            Answer::Registered(_) | Answer::Adopted { .. } => None,
        }
    }

    fn human(&self, out: &mut Human) {
        let reason = &self.recommendation.reason;
        match &self.answer {
            Answer::Undecided { suggested_name } => {
                out.line(
                    "no decision: pass --register NAME or --adopt NAME (parley never prompts)",
                );
                out.line(format!(
                    "Recommendation: register {suggested_name}: {reason}"
                ));
            }
            Answer::Taken { agent } => {
                out.line(format!("{agent} already has a record"));
                out.line(format!(
                    "Recommendation: adopt only with evidence: {reason}"
                ));
            }
            Answer::Registered(view) => {
                out.line(format!("registered {}", view.agent));
                out.line(format!("Recommendation: register: {reason}"));
            }
            Answer::Refused { agent, .. } => {
                out.line(format!("adoption of {agent} refused: no evidence"));
                out.line(format!("Recommendation: register: {reason}"));
            }
            Answer::Adopted {
                view,
                resume_reason,
                event,
                ..
            } => {
                out.line(format!(
                    "adopted {} ({})",
                    view.agent,
                    resume_reason.as_str()
                ));
                out.line(format!("RESUME recorded: {event}"));
                out.line(format!("Recommendation: adopt: {reason}"));
            }
        }
    }
}

pub fn run(ctx: &Ctx, project: &Project, decision: &Decision) -> Result<Warned<SessionReply>> {
    let label = match decision {
        Decision::Register { agent, .. } => format!("parley session --register {agent}"),
        Decision::Adopt { agent, .. } => format!("parley session --adopt {agent}"),
        Decision::Undecided => "parley session".to_owned(),
    };
    let mut desk = Desk::open(project, ctx, &label)?;
    let result = match decision {
        Decision::Register { agent, role } => register(&mut desk, agent, role.clone()),
        Decision::Adopt { agent, scope } => {
            adopt(&mut desk, agent, scope.as_ref(), !ctx.settings.no_programs)
        }
        Decision::Undecided => Ok(undecided(&desk.state)),
    };
    desk.commit(result)
}

fn reply(decision: Option<Choice>, action: Choice, reason: String, answer: Answer) -> SessionReply {
    SessionReply {
        decision,
        recommendation: Recommendation { action, reason },
        answer,
    }
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

fn undecided(state: &State) -> SessionReply {
    let name = suggested_name(state);
    let reason = format!(
        "no --register or --adopt was given and a non-interactive session never guesses: start under a new unique identity, e.g. {name}"
    );
    reply(
        None,
        Choice::Register,
        reason,
        Answer::Undecided {
            suggested_name: name,
        },
    )
}

fn register(desk: &mut Desk, agent: &AgentName, role: Option<String>) -> Result<SessionReply> {
    if desk.state.agent(agent).is_some() {
        let reason = format!(
            "{agent} already has a record; reusing it needs adoption evidence (uncommitted changes in your scope or an in_progress bead), otherwise choose a new name such as {}",
            suggested_name(&desk.state)
        );
        return Ok(reply(
            Some(Choice::Register),
            Choice::Adopt,
            reason,
            Answer::Taken {
                agent: agent.clone(),
            },
        ));
    }
    let view = register_in(desk, agent, role)?;
    let reason = format!("{agent} had no record: a new, unique identity for this session");
    Ok(reply(
        Some(Choice::Register),
        Choice::Register,
        reason,
        Answer::Registered(view),
    ))
}

/// `run_git`: the work tree may be looked at with `git status` (not on a server).
fn adopt(
    desk: &mut Desk,
    agent: &AgentName,
    scope: Option<&Scope>,
    run_git: bool,
) -> Result<SessionReply> {
    let root = desk.project.root.clone();

    // Check 1: uncommitted changes inside the claimed scope: `--scope`, else the scopes the
    // identity still holds (what its prior session claimed).
    let claimed: Vec<Scope> = match scope {
        Some(scope) => vec![scope.clone()],
        None => desk
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
        let tree = if run_git {
            git_status::changes(&root)
        } else {
            WorkTree::Unknown(
                "git is not run on a server (a repository under its ROOT could make it run a program of its own)"
                    .to_owned(),
            )
        };
        match tree {
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
    let (owned, warnings) = bead::in_progress_owned_by(&desk.project.store, agent)?;
    desk.warnings.extend(warnings);
    let bead_check = if owned.is_empty() {
        format!("{agent} owns no in_progress bead in {}", bead::ISSUES_FILE)
    } else {
        format!("{agent} owns in_progress bead(s) {}", owned.join(", "))
    };
    let checks = Checks {
        uncommitted_scope: ScopeCheck {
            passed: !in_scope.is_empty(),
            detail: scope_check,
            paths: in_scope,
        },
        in_progress_ownership: BeadCheck {
            passed: !owned.is_empty(),
            detail: bead_check,
            beads: owned,
        },
    };
    let (scope_check, bead_check) = (&checks.uncommitted_scope, &checks.in_progress_ownership);

    let (reason, evidence) = if scope_check.passed {
        let mut quoted: Vec<&str> = scope_check
            .paths
            .iter()
            .take(QUOTED_PATHS)
            .map(String::as_str)
            .collect();
        if scope_check.paths.len() > QUOTED_PATHS {
            quoted.push("...");
        }
        (
            ResumeReason::UncommittedScope,
            format!("{}: {}", scope_check.detail, quoted.join(", ")),
        )
    } else if bead_check.passed {
        (ResumeReason::InProgressOwnership, bead_check.detail.clone())
    } else {
        let name = suggested_name(&desk.state);
        let reason = format!(
            "adoption needs uncommitted changes inside the claimed scope or an in_progress bead owned by {agent}; neither holds ({}; {}): start under a new identity such as {name}",
            scope_check.detail, bead_check.detail
        );
        return Ok(reply(
            Some(Choice::Adopt),
            Choice::Register,
            reason,
            Answer::Refused {
                agent: agent.clone(),
                checks,
                suggested_name: name,
            },
        ));
    };
    let bead_id = bead_check
        .beads
        .first()
        .map(|id| BeadId::parse(id))
        .transpose()
        .ok()
        .flatten();

    // The evidence is what the protocol asks for; a lost record (a cleaned `.parley/`) is
    // recreated rather than making the identity unrecoverable.
    let recreated = desk.state.agent(agent).is_none();
    if recreated {
        register_in(desk, agent, None)?;
    }
    desk.seen(agent);
    let id = desk.next_event_id()?;
    desk.emit(ProtocolEvent {
        id: id.clone(),
        version: VERSION.to_owned(),
        event_type: EventType::Resume,
        project_root: desk.project_root(),
        bead_id,
        from_agent: Some(agent.clone()),
        to_agent: Some(agent.clone()),
        scope: match claimed.as_slice() {
            [only] => Some(only.clone()),
            _ => None,
        },
        created_at: desk.now,
        payload: Payload::Resume(ResumePayload {
            resume_reason: reason,
            prior_session_agent: agent.clone(),
            adopted_agent: agent.clone(),
            evidence: evidence.clone(),
        }),
    })?;
    let record = desk.state.agent(agent).expect("checked above");
    let view = AgentView::new(record, &desk.thresholds, desk.now);
    let advice = format!("{}: {evidence}", reason.as_str());
    Ok(reply(
        Some(Choice::Adopt),
        Choice::Adopt,
        advice,
        Answer::Adopted {
            view,
            resume_reason: reason,
            evidence,
            event: id,
            checks,
            record_recreated: recreated,
        },
    ))
}
