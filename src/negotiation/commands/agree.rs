//! `agree DIR AGENT ISSUE --decision TEXT`: the holder sets `## Status: AGREED` with the
//! decision, if the rules allow it. Each refusal (exit 4) names its rule:
//!
//! - `NO_CHALLENGE` (rule 2, challenge before agree): the issue has no challenge entry.
//! - `SELF_CHALLENGE_ONLY` (challenge-before-agree): every challenge is the agreeing agent's
//!   own. The protocol lets "the NEXT agent on their NEXT turn" agree after a challenge, so
//!   the challenger cannot be the one who agrees: a challenge written by the agreer and then
//!   agreed away is a rubber stamp.
//! - `CHALLENGE_THIS_TURN` (challenge-before-agree): the other agents' challenges were not
//!   yet there when this turn began (as recorded at the last hand-over; a file not recorded
//!   then did not exist then): the challenge must come before the turn in which the issue
//!   is agreed.
//! - `SELF_AGREEMENT` (rule 7, no self-agreement): no other agent wrote a position.
//! - `OWN_ENTRY_THIS_TURN` (no closing on one's own unanswered word): the agreeing agent
//!   wrote an entry (a position, a challenge, a reopen) in the issue's positions file during
//!   this turn; the others answer it, or agree, on their turn. Agreeing to a duplicate
//!   proposal is not concerned.
//!
//! Only entries by registered agents count. The agreeing agent need not have written a
//! position itself: its decision is its part, and `finish` counts it (see [`agreed_by`]).

use std::path::PathBuf;

use serde::Serialize;
use serde_json::json;

use crate::context::Ctx;
use crate::error::Result;
use crate::names::Name;
use crate::output::{Human, Reply};

use crate::negotiation::commands::desk::Desk;
use crate::negotiation::commands::on_issue::{holder_on_issue, write_positions};
use crate::negotiation::derived::digests_file;
use crate::negotiation::model::issues;
use crate::negotiation::model::issues::IssueRef;
use crate::negotiation::model::log::EventKind;
use crate::negotiation::model::positions;
use crate::negotiation::model::positions::IssueStatus;
use crate::negotiation::model::{Actor, open};
use crate::negotiation::rules::agree::{broken_rules, duplicate_rules, refuse};
use crate::negotiation::rules::duplicate;
use crate::negotiation::rules::text::Text;

#[derive(Debug, Clone)]
pub struct AgreeArgs {
    pub dir: PathBuf,
    pub agent: Name,
    /// `None`: `--duplicates`, every pending duplicate proposal the agent may confirm.
    pub issue: Option<IssueRef>,
    /// `None`: agree to another agent's duplicate proposal (see `duplicate.rs`), whose
    /// decision is `Duplicate of OTHER`.
    pub decision: Option<Text>,
    /// Only say whether `agree` would be accepted now; change nothing.
    pub check: bool,
}

/// What `agree` did, or with `--check` would do: `data` of `agree --json`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Agreement {
    Agreed {
        /// The issue's file name, `NN-TOPIC.md`.
        file: String,
        /// The positions file, `positions/NN-TOPIC.md`.
        path: String,
        status: IssueStatus,
        agent: Name,
        decision: String,
    },
    /// `--check`: the rules allow it now; nothing was changed.
    Allowed {
        file: String,
        path: String,
        agent: Name,
        would_agree: bool,
        /// The decision it would record (`None`: none given).
        decision: Option<String>,
    },
}

impl Reply for Agreement {
    fn human(&self, out: &mut Human) {
        out.line(match self {
            Agreement::Agreed { path, .. } => format!("Status of {path}: AGREED"),
            Agreement::Allowed { path, agent, .. } => {
                format!("{agent} may mark {path} AGREED now (nothing was changed).")
            }
        });
    }
}

/// What `agree` answers: one issue, or (`--duplicates`) every proposal confirmed.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Agreed {
    One(Agreement),
    All(Confirmed),
}

impl Reply for Agreed {
    fn human(&self, out: &mut Human) {
        match self {
            Agreed::One(one) => one.human(out),
            Agreed::All(all) => all.human(out),
        }
    }
}

/// `agree --duplicates`: every duplicate proposal another agent made that the rules let this
/// agent confirm now, each closed as `agree ISSUE` without a decision closes it.
#[derive(Debug, Serialize)]
pub struct Confirmed {
    confirmed: Vec<Agreement>,
    /// Proposals left standing, each with why (the rule that refused it).
    skipped: Vec<String>,
}

impl Reply for Confirmed {
    fn human(&self, out: &mut Human) {
        for agreement in &self.confirmed {
            agreement.human(out);
        }
        for why in &self.skipped {
            out.line(format!("Skipped: {why}"));
        }
        out.line(format!(
            "Confirmed {} duplicate{}.",
            self.confirmed.len(),
            if self.confirmed.len() == 1 { "" } else { "s" }
        ));
    }
}

pub fn confirm_all(ctx: &Ctx, args: &AgreeArgs) -> Result<Confirmed> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("agree", &args.agent);
    let Desk { locked, state } = Desk::open_or_check(&store, actor, args.check)?;
    state.ensure_holder(&store, &args.agent, "agree")?;
    state.ensure_phase(crate::negotiation::model::turn::Phase::Positions, "agree")?;
    let events = crate::negotiation::model::log::read(&store)?.0;
    let mut pending = Vec::new();
    for issue in issues::list(&store, issues::ISSUES_DIR)? {
        let rel = issues::positions_file(&issue.file);
        let Some(text) = store.read(&rel)? else {
            continue;
        };
        let positions = positions::Positions::parse(&text);
        if positions.status == IssueStatus::Open
            && !duplicate::proposals(&events, &rel, &positions).is_empty()
        {
            pending.push(issue.file);
        }
    }
    drop(locked);
    let mut confirmed = Vec::new();
    let mut skipped = Vec::new();
    for file in pending {
        let one = AgreeArgs {
            issue: Some(IssueRef::File(file.clone())),
            decision: None,
            ..args.clone()
        };
        match run(ctx, &one) {
            Ok(agreement) => confirmed.push(agreement),
            Err(error) if error.status == crate::error::Status::Forbidden => {
                skipped.push(format!("{file}: {}", error.message))
            }
            Err(error) => return Err(error),
        }
    }
    Ok(Confirmed { confirmed, skipped })
}

pub fn run(ctx: &Ctx, args: &AgreeArgs) -> Result<Agreement> {
    let store = open(&args.dir, ctx)?;
    let actor = Actor::by("agree", &args.agent);
    let Desk { locked, mut state } = Desk::open_or_check(&store, actor, args.check)?;
    let issue = args.issue.as_ref().expect("agree names its issue");
    let on = holder_on_issue(&locked, &state, &args.agent, issue, "agree")?;
    let (text, positions) = on.require_positions("agree")?;
    let loaded = digests_file::load(&store)?;
    let recorded = loaded.ledger.at_turn_start(&on.rel);
    let before_turn = |title: &str| recorded.is_some_and(|digest| digest.has_entry(title));
    // The log is read only when the file holds the text of a duplicate proposal or a reopen
    // (which the log then confirms): agree otherwise keeps to the digests file, and its cost
    // does not grow with the log (see performance.md).
    let events = if duplicate::may_hold_proposal(text)
        || crate::negotiation::rules::reopen::may_hold_reopen(text)
    {
        crate::negotiation::model::log::read(&store)?.0
    } else {
        Vec::new()
    };
    let proposals = duplicate::proposals(&events, &on.rel, positions);
    let decision = match &args.decision {
        // No decision: agree to a duplicate proposal; with none, a usage error naming
        // `--decision`, for `--check` as for `agree` itself.
        None => {
            let of = duplicate_rules(&proposals, &state, &args.agent, before_turn, &on.rel)?;
            format!("{}{of}", duplicate::DECISION_PREFIX)
        }
        Some(decision) => {
            let fresh =
                crate::negotiation::rules::reopen::challenges_from(&events, &on.rel, positions);
            let broken = broken_rules(&fresh, &state, &args.agent, before_turn);
            refuse(&broken, &args.agent, &on.rel)?;
            decision.as_str().to_owned()
        }
    };
    if args.check {
        return Ok(Agreement::Allowed {
            file: on.issue.file,
            path: on.rel,
            agent: args.agent.clone(),
            would_agree: true,
            decision: (!decision.is_empty()).then_some(decision),
        });
    }
    let text = positions::set_status(text, IssueStatus::Agreed, &decision);
    // Who agreed, and to what: the file keeps only the decision (its layout is the old
    // scripts'), the log keeps the author.
    let event = actor
        .event(ctx, EventKind::Status)
        .change(
            Some(format!("{}: OPEN", on.rel)),
            Some(format!("{}: AGREED", on.rel)),
        )
        .with_detail(json!({"agreed_by": args.agent, "decision": decision}));
    write_positions(
        &locked,
        Some(loaded),
        &mut state,
        ctx,
        actor,
        &on,
        &text,
        event,
    )?;
    Ok(Agreement::Agreed {
        file: on.issue.file,
        path: on.rel,
        status: IssueStatus::Agreed,
        agent: args.agent.clone(),
        decision,
    })
}
