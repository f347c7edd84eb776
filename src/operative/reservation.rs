//! Reservations as shown, and `parley reservations [--archived]`.

use chrono::Duration;
use serde_json::{Value, json};

use crate::context::Ctx;
use crate::error::Result;
use crate::output::Outcome;

use super::project::Project;
use super::stamp::Stamp;
use super::state::{self, ArchivedReservation, Ending, Reservation, State};

/// How long a reservation holds without renewal when `--ttl` is not given: two hours.
pub const DEFAULT_TTL_MINUTES: u64 = 120;
/// The longest `--ttl`: a week.
pub const MAX_TTL_MINUTES: u64 = 7 * 24 * 60;

pub fn expiry(now: Stamp, ttl_minutes: u64) -> Stamp {
    Stamp(now.time() + Duration::minutes(ttl_minutes as i64))
}

/// Whether the reservation's TTL has run out at `now` (its `expires_at` included).
pub fn ttl_expired(reservation: &Reservation, now: Stamp) -> bool {
    reservation.expires_at <= now
}

pub fn reservation_view(reservation: &Reservation, now: Stamp) -> Value {
    json!({
        "id": reservation.id,
        "agent": reservation.agent,
        "scope": reservation.scope,
        "bead": reservation.bead,
        "created_at": reservation.created_at,
        "expires_at": reservation.expires_at,
        "ttl_expired": ttl_expired(reservation, now),
    })
}

pub fn list(ctx: &Ctx, project: &Project, archived: bool) -> Result<Outcome> {
    let now = Stamp::now(&ctx.clock);
    if archived {
        let lines = state::read_archive(&project.store)?;
        let mut out = Outcome::ok(json!({ "reservations": lines.records }));
        if lines.records.is_empty() {
            out.push("no archived reservations");
        }
        for record in &lines.records {
            out.push(archived_line(project, record));
        }
        for warning in lines.warnings {
            out.warn(warning);
        }
        return Ok(out);
    }
    let (state, warnings) = State::load(&project.store)?;
    let views: Vec<Value> = state
        .reservations
        .iter()
        .map(|r| reservation_view(r, now))
        .collect();
    let mut out = Outcome::ok(json!({ "reservations": views }));
    if state.reservations.is_empty() {
        out.push("no reservations");
    }
    for r in &state.reservations {
        let bead = r
            .bead
            .as_ref()
            .map(|b| format!("  bead {b}"))
            .unwrap_or_default();
        let lapsed = if ttl_expired(r, now) {
            "  (TTL ran out)"
        } else {
            ""
        };
        out.push(format!(
            "{}  {}  until {}{bead}{lapsed}",
            r.scope.relative_to(&project.root),
            r.agent,
            r.expires_at
        ));
    }
    for warning in warnings {
        out.warn(warning);
    }
    Ok(out)
}

fn archived_line(project: &Project, record: &ArchivedReservation) -> String {
    let scope = record.scope.relative_to(&project.root);
    match (record.state, &record.taken_over_by) {
        (Ending::Expired, Some(by)) => format!(
            "{scope}  {}  expired: taken over by {by} at {}",
            record.agent,
            record.taken_over_at.unwrap_or(record.archived_at)
        ),
        (Ending::Expired, None) => format!(
            "{scope}  {}  expired at {}",
            record.agent, record.archived_at
        ),
        (Ending::Released, _) => format!(
            "{scope}  {}  released at {}",
            record.agent, record.archived_at
        ),
    }
}
