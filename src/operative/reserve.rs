//! `parley reserve`: claim a scope, renew one's own claim, or take over a stale one
//! (protocol 4.4 and 5).
//!
//! A new reservation conflicts with every held reservation of another agent whose scope
//! overlaps it exactly or partially. Each conflict is judged on its owner and its TTL:
//! - owner active and TTL not run out: refused, even with `--takeover-stale` (exit 3,
//!   `SCOPE_RESERVED`);
//! - owner stale, evicted or without a record, or TTL run out: refused without
//!   `--takeover-stale` (exit 3, `STALE_OWNER_FOUND`); with it, the prior reservation is
//!   archived as `expired`, naming who took it over and when.
//!
//! Every conflict met records an INCURSION event addressed to the owner, whatever the outcome.

use std::path::PathBuf;

use serde::{Serialize, Serializer};

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::{Human, Reply, Warned};

use super::agent_name::AgentName;
use super::bead::BeadId;
use super::desk::Desk;
use super::event_log::{EventType, IncursionPayload, Payload, ProtocolEvent, VERSION};
use super::liveness::Liveness;
use super::project::Project;
use super::reservation::{ReservationView, expiry, ttl_expired};
use super::scope::{Overlap, Scope};
use super::stamp::Stamp;
use super::state::{ArchivedReservation, Reservation};

#[derive(Debug, Clone)]
pub struct ReserveArgs {
    pub agent: AgentName,
    pub scope: Scope,
    pub bead: Option<BeadId>,
    pub ttl_minutes: u64,
    pub takeover_stale: bool,
}

/// A held reservation of another agent that overlaps the requested scope.
#[derive(Debug)]
struct Conflict {
    reservation: Reservation,
    overlap: Overlap,
    /// `None`: the owner has no record.
    owner: Option<Liveness>,
    ttl_expired: bool,
}

impl Conflict {
    /// Whether it stops the request even with `--takeover-stale`.
    fn holds(&self) -> bool {
        self.owner == Some(Liveness::Active) && !self.ttl_expired
    }

    /// Why it can be taken over, in words.
    fn weakness(&self) -> String {
        match (self.owner, self.ttl_expired) {
            (Some(Liveness::Active), _) => "its TTL ran out".to_owned(),
            (None, _) => "the owner has no record".to_owned(),
            (Some(liveness), _) => format!("the owner is {}", liveness.as_str()),
        }
    }

    fn liveness_text(&self) -> &'static str {
        self.owner.map(Liveness::as_str).unwrap_or("unknown")
    }
}

/// A conflict as the JSON answer shows it: the reservation and why it stands or not.
impl Serialize for Conflict {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown<'a> {
            agent: &'a AgentName,
            scope: &'a Scope,
            bead: &'a Option<BeadId>,
            overlap: Overlap,
            owner_liveness: &'static str,
            expires_at: Stamp,
            ttl_expired: bool,
        }
        Shown {
            agent: &self.reservation.agent,
            scope: &self.reservation.scope,
            bead: &self.reservation.bead,
            overlap: self.overlap,
            owner_liveness: self.liveness_text(),
            expires_at: self.reservation.expires_at,
            ttl_expired: self.ttl_expired,
        }
        .serialize(serializer)
    }
}

/// What `reserve` answers: the reservation (exit 0), or a refusal (exit 3).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ReserveReply {
    Granted(Grant),
    Refused(Refusal),
}

impl Reply for ReserveReply {
    fn status(&self) -> Status {
        match self {
            ReserveReply::Granted(_) => Status::Ok,
            ReserveReply::Refused(_) => Status::AlreadyExists,
        }
    }

    fn code(&self) -> Option<&'static str> {
        match self {
            ReserveReply::Granted(_) => None,
            ReserveReply::Refused(refusal) if refusal.by_active_owner() => Some("SCOPE_RESERVED"),
            ReserveReply::Refused(_) => Some("STALE_OWNER_FOUND"),
        }
    }

    fn human(&self, out: &mut Human) {
        match self {
            ReserveReply::Granted(grant) => grant.human(out),
            ReserveReply::Refused(refusal) => refusal.human(out),
        }
    }
}

/// A reservation created or renewed, after taking over the conflicts there were.
#[derive(Debug, Serialize)]
pub struct Grant {
    #[serde(flatten)]
    reservation: ReservationView,
    renewed: bool,
    taken_over: Vec<ArchivedReservation>,
    events: Vec<String>,
    /// The conflicts taken over, in the order of `taken_over`.
    #[serde(skip)]
    conflicts: Vec<Conflict>,
    #[serde(skip)]
    root: PathBuf,
}

impl Grant {
    fn human(&self, out: &mut Human) {
        for conflict in &self.conflicts {
            out.line(format!(
                "took over {} from {} ({})",
                conflict.reservation.scope.relative_to(&self.root),
                conflict.reservation.agent,
                conflict.weakness()
            ));
        }
        let reservation = &self.reservation.reservation;
        out.line(format!(
            "{} {} until {}",
            if self.renewed { "renewed" } else { "reserved" },
            reservation.scope.relative_to(&self.root),
            reservation.expires_at
        ));
    }
}

/// A request refused: every conflict, and the INCURSION events recorded for them.
#[derive(Debug, Serialize)]
pub struct Refusal {
    scope: Scope,
    conflicts: Vec<Conflict>,
    events: Vec<String>,
    #[serde(skip)]
    agent: AgentName,
    #[serde(skip)]
    root: PathBuf,
}

impl Refusal {
    /// Whether an active owner stops the request, whatever the flag; otherwise every
    /// conflict could be taken over, but `--takeover-stale` was not given.
    fn by_active_owner(&self) -> bool {
        self.conflicts.iter().any(Conflict::holds)
    }

    fn human(&self, out: &mut Human) {
        let scope = self.scope.relative_to(&self.root);
        if self.by_active_owner() {
            let owners: Vec<String> = self
                .conflicts
                .iter()
                .filter(|c| c.holds())
                .map(|c| {
                    format!(
                        "{} ({}, {} overlap, until {})",
                        c.reservation.agent,
                        c.reservation.scope.relative_to(&self.root),
                        c.overlap,
                        c.reservation.expires_at
                    )
                })
                .collect();
            out.line(format!(
                "{scope} is reserved by an active owner: {}",
                owners.join("; ")
            ));
            out.line(
                "Hint: an active owner's reservation cannot be taken over; wait for its release",
            );
        } else {
            let found: Vec<String> = self
                .conflicts
                .iter()
                .map(|c| {
                    format!(
                        "{} holds {} ({})",
                        c.reservation.agent,
                        c.reservation.scope.relative_to(&self.root),
                        c.weakness()
                    )
                })
                .collect();
            out.line(format!(
                "{scope} overlaps a stale reservation: {}",
                found.join("; ")
            ));
            out.line(format!(
                "Hint: take it over with: parley reserve --agent {} --scope {scope} --takeover-stale",
                self.agent
            ));
        }
    }
}

pub fn run(ctx: &Ctx, project: &Project, args: &ReserveArgs) -> Result<Warned<ReserveReply>> {
    let mut desk = Desk::open(project, ctx, &format!("parley reserve {}", args.agent))?;
    let result = decide(&mut desk, args);
    desk.commit(result)
}

fn decide(desk: &mut Desk, args: &ReserveArgs) -> Result<ReserveReply> {
    desk.seen(&args.agent);
    let conflicts: Vec<Conflict> = desk
        .state
        .reservations
        .iter()
        .filter(|r| r.agent != args.agent)
        .filter_map(|r| {
            let overlap = r.scope.overlap(&args.scope);
            (overlap != Overlap::Disjoint).then(|| Conflict {
                reservation: r.clone(),
                overlap,
                owner: desk.liveness(&r.agent),
                ttl_expired: ttl_expired(r, desk.now),
            })
        })
        .collect();
    if conflicts.iter().any(Conflict::holds) || (!conflicts.is_empty() && !args.takeover_stale) {
        refuse(desk, args, conflicts).map(ReserveReply::Refused)
    } else {
        grant(desk, args, conflicts).map(ReserveReply::Granted)
    }
}

/// A scope relative to the project root, for human lines.
fn shown(desk: &Desk, scope: &Scope) -> String {
    scope.relative_to(&desk.project.root)
}

/// Refused (exit 3): some conflict is held by an active owner, whatever the flag; or every
/// conflict can be taken over, but `--takeover-stale` was not given.
fn refuse(desk: &mut Desk, args: &ReserveArgs, conflicts: Vec<Conflict>) -> Result<Refusal> {
    let active = conflicts.iter().any(Conflict::holds);
    let mut events = Vec::new();
    for conflict in &conflicts {
        let scope = shown(desk, &conflict.reservation.scope);
        let hint = if !active {
            format!(
                "{scope} can be taken over ({}): re-run with --takeover-stale",
                conflict.weakness()
            )
        } else if conflict.holds() {
            format!(
                "{} holds {scope} and is active: wait for a release or ask for a HANDOFF; --takeover-stale cannot take it",
                conflict.reservation.agent
            )
        } else {
            format!(
                "{scope} could be taken over ({}), but an active owner holds an overlapping scope",
                conflict.weakness()
            )
        };
        events.push(incursion(desk, args, conflict, hint)?);
    }
    Ok(Refusal {
        scope: args.scope.clone(),
        conflicts,
        events,
        agent: args.agent.clone(),
        root: desk.project.root.clone(),
    })
}

/// No conflict, or only ones that can be and are taken over: archive those, then create the
/// reservation or renew the agent's own.
fn grant(desk: &mut Desk, args: &ReserveArgs, conflicts: Vec<Conflict>) -> Result<Grant> {
    let now = desk.now;
    let mut taken_over = Vec::new();
    let mut events = Vec::new();
    for conflict in &conflicts {
        let hint = format!(
            "taken over by {} with --takeover-stale ({}); the prior reservation is archived as expired",
            args.agent,
            conflict.weakness()
        );
        events.push(incursion(desk, args, conflict, hint)?);
        let record = ArchivedReservation::taken_over(&conflict.reservation, &args.agent, now);
        taken_over.push(record.clone());
        desk.archive(record);
    }

    let expires_at = expiry(now, args.ttl_minutes);
    let own = desk
        .state
        .reservations
        .iter_mut()
        .find(|r| r.agent == args.agent && r.scope == args.scope);
    let (reservation, renewed) = match own {
        Some(existing) => {
            existing.expires_at = expires_at;
            if args.bead.is_some() {
                existing.bead = args.bead.clone();
            }
            (existing.clone(), true)
        }
        None => {
            let created = Reservation {
                id: format!("res_{}", &uuid::Uuid::new_v4().simple().to_string()[..16]),
                agent: args.agent.clone(),
                scope: args.scope.clone(),
                bead: args.bead.clone(),
                created_at: now,
                expires_at,
            };
            desk.state.reservations.push(created.clone());
            (created, false)
        }
    };
    desk.changed();
    Ok(Grant {
        reservation: ReservationView::new(&reservation, now),
        renewed,
        taken_over,
        events,
        conflicts,
        root: desk.project.root.clone(),
    })
}

/// Records an INCURSION from the requesting agent to the owner of `conflict`; returns its id.
fn incursion(
    desk: &mut Desk,
    args: &ReserveArgs,
    conflict: &Conflict,
    hint: String,
) -> Result<String> {
    let id = desk.next_event_id()?;
    let owner = conflict.reservation.agent.clone();
    desk.emit(ProtocolEvent {
        id: id.clone(),
        version: VERSION.to_owned(),
        event_type: EventType::Incursion,
        project_root: desk.project_root(),
        bead_id: args
            .bead
            .clone()
            .or_else(|| conflict.reservation.bead.clone()),
        from_agent: Some(args.agent.clone()),
        to_agent: Some(owner.clone()),
        scope: Some(args.scope.clone()),
        created_at: desk.now,
        payload: Payload::Incursion(IncursionPayload {
            incursion_kind: conflict.overlap,
            owner_agent: owner,
            incoming_agent: args.agent.clone(),
            // The protocol knows three states; an owner without a record is as gone as an
            // evicted one.
            owner_liveness: conflict.owner.unwrap_or(Liveness::Evicted),
            resolution_hint: hint,
        }),
    })?;
    Ok(id)
}
