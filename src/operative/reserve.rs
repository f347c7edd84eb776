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

use serde_json::{Value, json};

use crate::context::Ctx;
use crate::error::{Result, Status};
use crate::output::Outcome;

use super::agent_name::AgentName;
use super::bead::BeadId;
use super::desk::Desk;
use super::event_log::{Event, EventType, IncursionPayload, Payload, VERSION};
use super::liveness::Liveness;
use super::project::Project;
use super::reservation::{expiry, reservation_view, ttl_expired};
use super::scope::{Overlap, Scope};
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

    fn view(&self) -> Value {
        json!({
            "agent": self.reservation.agent,
            "scope": self.reservation.scope,
            "bead": self.reservation.bead,
            "overlap": self.overlap,
            "owner_liveness": self.liveness_text(),
            "expires_at": self.reservation.expires_at,
            "ttl_expired": self.ttl_expired,
        })
    }
}

pub fn run(ctx: &Ctx, project: &Project, args: &ReserveArgs) -> Result<Outcome> {
    let mut book = Desk::open(project, ctx, &format!("parley reserve {}", args.agent))?;
    let result = decide(&mut book, args);
    book.settle(result)
}

fn decide(book: &mut Desk, args: &ReserveArgs) -> Result<Outcome> {
    book.seen(&args.agent);
    let conflicts: Vec<Conflict> = book
        .state
        .reservations
        .iter()
        .filter(|r| r.agent != args.agent)
        .filter_map(|r| {
            let overlap = r.scope.overlap(&args.scope);
            (overlap != Overlap::Disjoint).then(|| Conflict {
                reservation: r.clone(),
                overlap,
                owner: book.liveness(&r.agent),
                ttl_expired: ttl_expired(r, book.now),
            })
        })
        .collect();
    if conflicts.iter().any(Conflict::holds) {
        refuse_active(book, args, &conflicts)
    } else if !conflicts.is_empty() && !args.takeover_stale {
        refuse_stale(book, args, &conflicts)
    } else {
        grant(book, args, &conflicts)
    }
}

/// A scope relative to the project root, for human lines.
fn shown(book: &Desk, scope: &Scope) -> String {
    scope.relative_to(&book.project.root)
}

/// Some conflict is held by an active owner: refused whatever the flag (exit 3).
fn refuse_active(book: &mut Desk, args: &ReserveArgs, conflicts: &[Conflict]) -> Result<Outcome> {
    let mut events = Vec::new();
    let mut owners = Vec::new();
    for conflict in conflicts {
        let (owner, scope) = (
            &conflict.reservation.agent,
            shown(book, &conflict.reservation.scope),
        );
        if !conflict.holds() {
            let hint = format!(
                "{scope} could be taken over ({}), but an active owner holds an overlapping scope",
                conflict.weakness()
            );
            events.push(incursion(book, args, conflict, hint)?);
            continue;
        }
        let hint = format!(
            "{owner} holds {scope} and is active: wait for a release or ask for a HANDOFF; --takeover-stale cannot take it"
        );
        events.push(incursion(book, args, conflict, hint)?);
        owners.push(format!(
            "{owner} ({scope}, {} overlap, until {})",
            conflict.overlap, conflict.reservation.expires_at
        ));
    }
    Ok(Outcome::answer(
        Status::AlreadyExists,
        "SCOPE_RESERVED",
        refusal_data(args, conflicts, events),
    )
    .line(format!(
        "{} is reserved by an active owner: {}",
        shown(book, &args.scope),
        owners.join("; ")
    ))
    .line("Hint: an active owner's reservation cannot be taken over; wait for its release"))
}

/// Every conflict can be taken over, but `--takeover-stale` was not given (exit 3).
fn refuse_stale(book: &mut Desk, args: &ReserveArgs, conflicts: &[Conflict]) -> Result<Outcome> {
    let mut events = Vec::new();
    let mut found = Vec::new();
    for conflict in conflicts {
        let scope = shown(book, &conflict.reservation.scope);
        let hint = format!(
            "{scope} can be taken over ({}): re-run with --takeover-stale",
            conflict.weakness()
        );
        events.push(incursion(book, args, conflict, hint)?);
        found.push(format!(
            "{} holds {scope} ({})",
            conflict.reservation.agent,
            conflict.weakness()
        ));
    }
    let scope = shown(book, &args.scope);
    Ok(Outcome::answer(
        Status::AlreadyExists,
        "STALE_OWNER_FOUND",
        refusal_data(args, conflicts, events),
    )
    .line(format!(
        "{scope} overlaps a stale reservation: {}",
        found.join("; ")
    ))
    .line(format!(
        "Hint: take it over with: parley reserve --agent {} --scope {scope} --takeover-stale",
        args.agent
    )))
}

fn refusal_data(args: &ReserveArgs, conflicts: &[Conflict], events: Vec<String>) -> Value {
    json!({
        "scope": args.scope,
        "conflicts": conflicts.iter().map(Conflict::view).collect::<Vec<_>>(),
        "events": events,
    })
}

/// No conflict, or only ones that can be and are taken over: archive those, then create the
/// reservation or renew the agent's own.
fn grant(book: &mut Desk, args: &ReserveArgs, conflicts: &[Conflict]) -> Result<Outcome> {
    let now = book.now;
    let mut lines = Vec::new();
    let mut taken_over = Vec::new();
    let mut events = Vec::new();
    for conflict in conflicts {
        let hint = format!(
            "taken over by {} with --takeover-stale ({}); the prior reservation is archived as expired",
            args.agent,
            conflict.weakness()
        );
        events.push(incursion(book, args, conflict, hint)?);
        let record = ArchivedReservation::taken_over(&conflict.reservation, &args.agent, now);
        taken_over.push(json!(record));
        book.archive(record);
        lines.push(format!(
            "took over {} from {} ({})",
            shown(book, &conflict.reservation.scope),
            conflict.reservation.agent,
            conflict.weakness()
        ));
    }

    let expires_at = expiry(now, args.ttl_minutes);
    let own = book
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
            book.state.reservations.push(created.clone());
            (created, false)
        }
    };
    book.changed();
    lines.push(format!(
        "{} {} until {expires_at}",
        if renewed { "renewed" } else { "reserved" },
        shown(book, &args.scope),
    ));
    let mut data = reservation_view(&reservation, now);
    data["renewed"] = json!(renewed);
    data["taken_over"] = json!(taken_over);
    data["events"] = json!(events);
    let mut out = Outcome::ok(data);
    for line in lines {
        out.push(line);
    }
    Ok(out)
}

/// Records an INCURSION from the requesting agent to the owner of `conflict`; returns its id.
fn incursion(
    book: &mut Desk,
    args: &ReserveArgs,
    conflict: &Conflict,
    hint: String,
) -> Result<String> {
    let id = book.next_event_id()?;
    let owner = conflict.reservation.agent.clone();
    book.emit(Event {
        id: id.clone(),
        version: VERSION.to_owned(),
        event_type: EventType::Incursion,
        project_root: book.project_root(),
        bead_id: args
            .bead
            .clone()
            .or_else(|| conflict.reservation.bead.clone()),
        from_agent: Some(args.agent.clone()),
        to_agent: Some(owner.clone()),
        scope: Some(args.scope.clone()),
        created_at: book.now,
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
