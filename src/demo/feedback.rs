//! The feedback scene: a Requester asks `parley feedback mock-provider` for feedback on a
//! plan three times, deciding on every item of each answer before the next round (the first
//! accepted, the second rejected with a reason, any third partial), then reads the log.

use std::path::Path;

use serde_json::Value;

use super::{Played, Setting, Stage};
use crate::app::protocols::Protocol;
use crate::error::{Error, Result, Status};

const PLAN: &str = "# Plan: a dark mode\n\nAdd a dark mode to the user interface.\n";

/// What the requester adds to the plan after each round.
const REVISIONS: &[&str] = &[
    "\n## Failure modes\n\nIf the theme cannot load, the light theme is kept.\n",
    "\n## Acceptance\n\nEvery screen passes a contrast check in both themes.\n",
];

pub fn play(stage: Stage, work: &Path) -> Result<Played> {
    let scene = work.join(Protocol::Feedback.name());
    std::fs::create_dir_all(&scene).map_err(|e| Error::cannot_create(&scene, e))?;
    let plan = scene.join("plan.md");
    let conversation = scene.join("conversation");
    let write = |text: &str| std::fs::write(&plan, text).map_err(|e| Error::io("write", &plan, e));
    write(PLAN)?;
    let exe = stage.exe().to_string_lossy().into_owned();
    let dir = conversation.to_string_lossy().into_owned();
    let artifact = plan.to_string_lossy().into_owned();

    let mut text = PLAN.to_owned();
    let mut decisions: Vec<String> = Vec::new();
    for round in 0..3 {
        let mut args = vec!["feedback", "ask", &dir, "--artifact", &artifact, "--json"];
        for decision in &decisions {
            args.extend(["--apply", decision]);
        }
        args.extend([
            "--",
            &exe,
            "feedback",
            "mock-provider",
            "--session",
            "{sessionID}",
        ]);
        let run = stage.parley("requester", &args)?;
        stage.expect("requester", &run, &[0])?;
        let answer: Value = serde_json::from_str(&run.stdout).map_err(|e| {
            Error::new(
                Status::Io,
                "DEMO_FAILED",
                format!("ask answered no JSON: {e}"),
            )
        })?;
        let ids: Vec<String> = answer["data"]["response"]["feedback"]["areas_for_improvement"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|item| item["id"].as_str().map(str::to_owned))
            .collect();
        stage.say(format!(
            "[requester] iteration {} raised {}",
            round + 1,
            ids.join(", ")
        ));
        decisions = ids
            .iter()
            .enumerate()
            .map(|(index, id)| match index {
                0 => format!("{id}=accepted"),
                1 => format!("{id}=rejected:out_of_scope:not part of this plan"),
                _ => format!("{id}=partial::covered for the main screens only"),
            })
            .collect();
        if let Some(revision) = REVISIONS.get(round) {
            text.push_str(revision);
            write(&text)?;
        }
    }
    let log = stage.parley("viewer", &["feedback", "log", &dir])?;
    stage.expect("viewer", &log, &[0])?;

    let closing = format!(
        "Three iterations in {:.1}s; the conversation is in {}",
        stage.elapsed().as_secs_f64(),
        conversation.display()
    );
    Ok(stage.played(
        work,
        Setting::Feedback { conversation },
        vec![("Feedback log:", log.stdout)],
        closing,
    ))
}
