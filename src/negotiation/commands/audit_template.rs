//! `audit-template DIR`: writes the `coverage-audit.md` skeleton, a section per file in
//! `sources/`, for the agents to fill in; and the review `finish` makes of the audit: every
//! source has its section (else it refuses), placeholders left in are warned about.

use std::path::PathBuf;

use serde::Serialize;

use crate::context::Ctx;
use crate::error::{Error, Result, Status};
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::model::documents::{AUDIT_FILE, ordered_sources, template};
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::turn::Phase;
use crate::negotiation::model::{Actor, open};

#[derive(Debug, Clone)]
pub struct AuditTemplateArgs {
    pub dir: PathBuf,
    /// The agent writing it: recorded in the log (attribution only, no turn needed).
    pub agent: Option<crate::names::Name>,
}

/// The template written: `data` of `audit-template --json`.
#[derive(Debug, Serialize)]
pub struct AuditTemplate {
    file: &'static str,
    /// The template, as DIR/coverage-audit.md.
    path: PathBuf,
    /// The sources it has a section for, in order.
    sources: Vec<String>,
}

impl Reply for AuditTemplate {
    fn warnings(&self) -> Vec<String> {
        if !self.sources.is_empty() {
            return Vec::new();
        }
        vec![
            "sources/ holds no source proposal; the template has only its synthesis notes"
                .to_owned(),
        ]
    }

    fn human(&self, out: &mut Human) {
        let count = self.sources.len();
        out.line(format!(
            "Coverage audit template written: {} ({count} source section{})",
            self.path.display(),
            if count == 1 { "" } else { "s" }
        ));
    }
}

pub fn run(ctx: &Ctx, args: &AuditTemplateArgs) -> Result<AuditTemplate> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor {
        command: "audit-template",
        agent: args.agent.as_ref(),
    };
    let Desk { locked, state } = Desk::open(&store, actor)?;
    state.ensure_not_finished(&store)?;
    if let Some(agent) = &args.agent {
        state.ensure_registered(agent)?;
    }
    state.ensure_phase(Phase::Positions, "write the coverage audit template")?;
    let sources = ordered_sources(&store, &state.meta.source_order)?;
    if !locked.create_new(AUDIT_FILE, &template(&sources))? {
        return Err(Error::new(
            Status::AlreadyExists,
            "AUDIT_EXISTS",
            format!(
                "{} already exists; it is never overwritten",
                store.path(AUDIT_FILE).display()
            ),
        )
        .with_hint("edit it, or remove it first to start again from the template"));
    }
    actor
        .event(ctx, EventKind::AuditTemplate)
        .change(
            None,
            Some(format!("{AUDIT_FILE}: {} sources", sources.len())),
        )
        .append(&locked)?;
    Ok(AuditTemplate {
        file: AUDIT_FILE,
        path: args.dir.join(AUDIT_FILE),
        sources,
    })
}
