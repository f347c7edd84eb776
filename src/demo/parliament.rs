//! The parliament scene: a Clerk and three scripted representatives debate a small bill to a
//! passed vote. Every step is a separate `parley parliament` process; each representative's
//! response is handed to `append` on standard input, exactly as a Clerk passes on what a
//! subagent returned.

use std::path::Path;

use serde_json::{Value, json};

use super::{Played, Setting, Stage};
use crate::app::protocols::Protocol;
use crate::error::{Error, Result};
use crate::parliament::state::SESSION_FILE;

const PROBLEM: &str = "How should the team cache build artefacts in CI?";

const SEATS: [&str; 3] = [
    "rep_1:Rep. Pragmatis:cost,speed",
    "rep_2:Rep. Securitas:integrity",
    "rep_3:Rep. Innovatus:scalability",
];

/// The scripted debate: (who, response) in order. Ids follow from the order: msg-001 is the
/// bill, msg-002 the Speaker's round_start ruling.
fn debate() -> Vec<(&'static str, Value)> {
    let question = |from: &str, to: &str, topic: &str, text: &str| {
        json!({"type": "QUESTION", "from": from, "to": to,
               "content": {"topic": topic, "question": text,
                           "motive_context": "My constituents need this settled."}})
    };
    let answer = |from: &str, to: &str, reply: &str, text: &str, scores: Value| {
        json!({"type": "ANSWER", "from": from, "to": to, "in_reply_to": reply,
               "content": {"answer": text, "concessions": "", "stance": "soften",
                           "motive_scores": scores}})
    };
    let mut endorsing = answer(
        "rep_2",
        "rep_1",
        "msg-006",
        "Signed entries close the poisoning risk. I endorse the amendment.",
        json!({"integrity": 4}),
    );
    endorsing["content"]["amendment_position"] =
        json!({"amendment_id": "amend-001", "position": "endorse", "reason": "Integrity first."});
    let mut moving = answer(
        "rep_3",
        "rep_1",
        "msg-008",
        "One shared cache scales with the fleet.",
        json!({"scalability": 4}),
    );
    moving["motion"] = json!({"motion_type": "call_vote", "reason": "Every motive is met."});
    vec![
        (
            "rep_1",
            json!({"type": "BILL_DRAFT", "from": "rep_1", "content": {
                "bill_version": 1,
                "title": "A shared build cache",
                "summary": "One remote cache keyed by input hashes.",
                "sections": {
                    "problem": PROBLEM,
                    "scope": {"in_scope": ["CI builds"], "out_of_scope": ["local builds"], "assumptions": ["one region"]},
                    "solution": "A remote cache keyed by the hash of every input.",
                    "implementation": "Roll out to one pipeline, then all."
                }
            }}),
        ),
        (
            "rep_2",
            question(
                "rep_2",
                "rep_1",
                "integrity",
                "What stops a compromised runner from poisoning the cache?",
            ),
        ),
        (
            "rep_1",
            answer(
                "rep_1",
                "rep_2",
                "msg-003",
                "Entries are keyed by content. Signing them would close the gap.",
                json!({"cost": 4, "speed": 4}),
            ),
        ),
        (
            "rep_3",
            json!({"type": "AMENDMENT", "from": "rep_3", "content": {
                "amendment_id": "amend-001", "target_section": "solution", "action": "add",
                "description": "Sign every cache entry", "rationale": "A poisoned cache is worse than none.",
                "proposed_text": "Runners sign each entry; unsigned entries are ignored."
            }}),
        ),
        (
            "rep_1",
            question(
                "rep_1",
                "rep_2",
                "amendment",
                "Does signing every entry satisfy you?",
            ),
        ),
        ("rep_2", endorsing),
        (
            "rep_1",
            question(
                "rep_1",
                "rep_3",
                "scale",
                "Will one cache hold for a hundred runners?",
            ),
        ),
        ("rep_3", moving),
    ]
}

/// The three votes: two YES, one NO, so the bill passes with an objection on record.
fn vote_script() -> Vec<(&'static str, Value)> {
    let vote = |from: &str, ballot: &str, scores: Value| {
        json!({"type": "VOTE", "from": from,
               "content": {"vote": ballot, "reasoning": "Weighed against my constituents' needs.",
                           "motive_scores": scores, "reservations": "", "conditions": []}})
    };
    vec![
        (
            "rep_1",
            vote("rep_1", "YES", json!({"cost": 4, "speed": 4})),
        ),
        ("rep_2", vote("rep_2", "YES", json!({"integrity": 4}))),
        ("rep_3", vote("rep_3", "NO", json!({"scalability": 3}))),
    ]
}

pub fn play(stage: Stage, work: &Path) -> Result<Played> {
    let dir = work.join(Protocol::Parliament.name());
    let d = dir.to_string_lossy().into_owned();
    let mut init = vec![
        "parliament",
        "init",
        &d,
        "--problem",
        PROBLEM,
        "--drafter",
        "rep_1",
    ];
    for seat in SEATS {
        init.extend(["--rep", seat]);
    }
    let run = stage.parley("clerk", &init)?;
    stage.expect("clerk", &run, &[0])?;

    let append = |who: &str, response: &Value| -> Result<()> {
        let run = stage.parley_env(
            who,
            &["parliament", "append", &d, "-"],
            &[],
            Some(&response.to_string()),
        )?;
        stage.expect(who, &run, &[0])
    };
    let clerk = |args: &[&str], codes: &[u8]| -> Result<String> {
        let mut full = vec!["parliament"];
        full.extend(args);
        let run = stage.parley("clerk", &full)?;
        stage.expect("clerk", &run, codes)?;
        Ok(run.stdout)
    };

    let mut script = debate().into_iter();
    // The drafter's bill comes before the debate opens.
    if let Some((who, bill)) = script.next() {
        append(who, &bill)?;
    }
    clerk(&["round", &d, "--start"], &[0])?;
    // Before anyone has scored a motive, the gate is shut.
    clerk(&["gate", &d], &[1])?;
    for (who, response) in script {
        append(who, &response)?;
    }
    clerk(&["gate", &d], &[0])?;
    clerk(&["amendments", &d, "--apply"], &[0])?;
    let mut ballots = vote_script();
    ballots[2].1["content"]["reservations"] = json!("Signing adds a key to manage.");
    for (who, ballot) in &ballots {
        append(who, ballot)?;
    }
    clerk(&["tally", &d, "--append"], &[0])?;
    clerk(&["validate", &d], &[0])?;
    let status = clerk(&["status", &d], &[0])?;

    let closing = format!(
        "Done in {:.1}s. The parliament is left for inspection at {}",
        stage.elapsed().as_secs_f64(),
        dir.display()
    );
    Ok(stage.played(
        work,
        Setting::Parliament {
            passed: passed(&dir)?,
            parliament: dir,
        },
        vec![("Final status:", status)],
        closing,
    ))
}

/// Whether the last tally recorded in the session passed the bill.
fn passed(dir: &Path) -> Result<bool> {
    let path = dir.join(SESSION_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| Error::io("read", &path, e))?;
    let session: Value =
        serde_json::from_str(&text).map_err(|e| Error::malformed(&path, Some(e.line()), e))?;
    Ok(session["vote_history"]
        .as_array()
        .and_then(|h| h.last())
        .is_some_and(|t| t["passed"] == true))
}
