//! `parley release`: the owner ends its reservation of a scope; it is archived as `released`.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply, Warned};

use super::agent_name::AgentName;
use super::desk::Desk;
use super::project::Project;
use super::scope::Scope;
use super::state::ArchivedReservation;

/// `release`: the reservation as archived.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Released {
    record: ArchivedReservation,
    #[serde(skip)]
    root: PathBuf,
}

impl Reply for Released {
    fn human(&self, out: &mut Human) {
        out.line(format!(
            "released {}",
            self.record.scope.relative_to(&self.root)
        ));
    }
}

pub fn run(
    ctx: &Ctx,
    project: &Project,
    agent: &AgentName,
    scope: &Scope,
) -> Result<Warned<Released>> {
    let mut desk = Desk::open(project, ctx, &format!("parley release {agent}"))?;
    let result = decide(&mut desk, agent, scope);
    desk.commit(result)
}

fn decide(desk: &mut Desk, agent: &AgentName, scope: &Scope) -> Result<Released> {
    desk.seen(agent);
    let shown = scope.relative_to(&desk.project.root);
    // Only an exact match is released: releasing part of a reservation, or a reservation
    // through one of its parents, would be a guess.
    let Some(held) = desk
        .state
        .reservations
        .iter()
        .find(|r| &r.scope == scope)
        .cloned()
    else {
        return Err(Error::new(
            Status::NotFound,
            "NO_RESERVATION",
            format!("nobody holds a reservation of {shown}"),
        )
        .with_hint("parley reservations lists the held scopes, as they were reserved"));
    };
    if &held.agent != agent {
        return Err(Error::forbidden(
            "NOT_OWNER",
            format!(
                "{shown} is reserved by {}; only the owner may release it",
                held.agent
            ),
        )
        .with_hint("ask the owner to release it, or take it over once it is stale"));
    }
    let record = ArchivedReservation::released(&held, desk.now);
    desk.archive(record.clone());
    Ok(Released {
        record,
        root: desk.project.root.clone(),
    })
}
