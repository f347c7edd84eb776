//! Reservations as shown, and `parley reservations [--archived]`.

use std::path::{Path, PathBuf};

use chrono::Duration;
use serde::Serialize;

use crate::context::Ctx;
use crate::error::Result;
use crate::output::{Human, Reply, Warned};

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

/// A held reservation as shown: the record, and whether its TTL has run out now.
#[derive(Debug, Serialize)]
pub struct ReservationView {
    #[serde(flatten)]
    pub reservation: Reservation,
    pub ttl_expired: bool,
}

impl ReservationView {
    pub fn new(reservation: &Reservation, now: Stamp) -> ReservationView {
        ReservationView {
            reservation: reservation.clone(),
            ttl_expired: ttl_expired(reservation, now),
        }
    }
}

/// `reservations`: the held reservations.
#[derive(Debug, Serialize)]
pub struct Held {
    reservations: Vec<ReservationView>,
    #[serde(skip)]
    root: PathBuf,
}

impl Reply for Held {
    fn human(&self, out: &mut Human) {
        if self.reservations.is_empty() {
            out.line("no reservations");
        }
        for view in &self.reservations {
            let r = &view.reservation;
            let bead = r
                .bead
                .as_ref()
                .map(|b| format!("  bead {b}"))
                .unwrap_or_default();
            let lapsed = if view.ttl_expired {
                "  (TTL ran out)"
            } else {
                ""
            };
            out.line(format!(
                "{}  {}  until {}{bead}{lapsed}",
                r.scope.relative_to(&self.root),
                r.agent,
                r.expires_at
            ));
        }
    }
}

/// `reservations --archived`: the reservations that ended, in the order they did.
#[derive(Debug, Serialize)]
pub struct Archived {
    reservations: Vec<ArchivedReservation>,
    #[serde(skip)]
    root: PathBuf,
}

impl Reply for Archived {
    fn human(&self, out: &mut Human) {
        if self.reservations.is_empty() {
            out.line("no archived reservations");
        }
        for record in &self.reservations {
            out.line(archived_line(&self.root, record));
        }
    }
}

pub fn held(ctx: &Ctx, project: &Project) -> Result<Warned<Held>> {
    let now = Stamp::now(&ctx.clock);
    let (state, warnings) = State::load(&project.store)?;
    let held = Held {
        reservations: state
            .reservations
            .iter()
            .map(|r| ReservationView::new(r, now))
            .collect(),
        root: project.root.clone(),
    };
    Ok(Warned::new(held, warnings))
}

pub fn archived(project: &Project) -> Result<Warned<Archived>> {
    let lines = state::read_archive(&project.store)?;
    let archived = Archived {
        reservations: lines.records,
        root: project.root.clone(),
    };
    Ok(Warned::new(archived, lines.warnings))
}

fn archived_line(root: &Path, record: &ArchivedReservation) -> String {
    let scope = record.scope.relative_to(root);
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
