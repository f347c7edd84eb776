//! The operative scene: two scripted agents share one project. Each step is a separate
//! `parley` process at a scripted time (`PARLEY_NOW`), so the scene shows in seconds what
//! takes half an hour: a reservation refused while its owner is active, refused again once
//! the owner is stale, taken over with `--takeover-stale`, a BLOCKED request, the returning
//! agent adopting its identity on the evidence of an `in_progress` bead (RESUME), and the
//! receipts and hand-off that close the loop.

use std::path::Path;

use super::{Played, Setting, Stage};
use crate::app::protocols::Protocol;
use crate::error::{Error, Result};

/// The first agent's bead, as `bd` would have written it; the scene never changes it.
const BEADS: &str = "{\"id\":\"bb-1\",\"title\":\"Parser rewrite\",\"status\":\"in_progress\",\"assignee\":\"amber-otter\"}\n";

/// The script: who acts, at what time, with which arguments, and the exit code it expects.
#[rustfmt::skip]
const STEPS: &[(&str, &str, &[&str], u8)] = &[
    ("amber-otter", "10:00", &["session", "--non-interactive", "--register", "amber-otter"], 0),
    ("cobalt-harbor", "10:00", &["session", "--non-interactive", "--register", "cobalt-harbor"], 0),
    ("amber-otter", "10:01", &["reserve", "--agent", "amber-otter", "--scope", "src/lib/*", "--bead", "bb-1"], 0),
    // Owner active: refused even with the flag.
    ("cobalt-harbor", "10:02", &["reserve", "--agent", "cobalt-harbor", "--scope", "src/lib/parser.ts", "--takeover-stale"], 3),
    // Owner stale: refused without the flag, taken over with it.
    ("cobalt-harbor", "10:17", &["reserve", "--agent", "cobalt-harbor", "--scope", "src/lib/parser.ts"], 3),
    ("cobalt-harbor", "10:17", &["reserve", "--agent", "cobalt-harbor", "--scope", "src/lib/parser.ts", "--takeover-stale"], 0),
    ("cobalt-harbor", "10:20", &["event", "blocked", "--from", "cobalt-harbor", "--to", "amber-otter", "--bead", "bb-1",
        "--subject", "Parser grammar", "--blocker", "The grammar change is half done",
        "--requested-action", "Say which rules changed", "--urgency", "medium"], 0),
    // The first agent comes back: its in_progress bead is the evidence for adoption.
    ("amber-otter", "10:40", &["session", "--non-interactive", "--adopt", "amber-otter", "--scope", "src/lib"], 0),
    ("amber-otter", "10:41", &["event", "ack", "--agent", "amber-otter", "--event", "proto_20260218_004"], 0),
    ("amber-otter", "10:42", &["event", "handoff", "--from", "amber-otter", "--to", "cobalt-harbor", "--bead", "bb-1",
        "--subject", "Grammar rules", "--summary", "Rules 3 and 7 changed",
        "--next-action", "Finish the parser on the new rules"], 0),
    ("cobalt-harbor", "10:43", &["event", "ack", "--agent", "cobalt-harbor", "--event", "proto_20260218_006"], 0),
    ("cobalt-harbor", "10:50", &["release", "--agent", "cobalt-harbor", "--scope", "src/lib/parser.ts"], 0),
];

/// Plays the scene in `work/operative` (the project root).
pub fn play(stage: Stage, work: &Path) -> Result<Played> {
    let root = work.join(Protocol::Operative.name());
    let beads = root.join(".beads");
    std::fs::create_dir_all(&beads).map_err(|e| Error::cannot_create(&beads, e))?;
    std::fs::write(beads.join("issues.jsonl"), BEADS)
        .map_err(|e| Error::io("write", &beads.join("issues.jsonl"), e))?;
    let root_text = root.to_string_lossy().into_owned();

    for (who, time, args, exit) in STEPS {
        let now = format!("2026-02-18T{time}:00Z");
        let mut args = args.to_vec();
        args.extend(["--project-root", &root_text]);
        let run = stage.parley_env(who, &args, &[("PARLEY_NOW", &now)], None)?;
        stage.expect(who, &run, &[*exit])?;
    }

    let viewer = |args: &[&str]| -> Result<String> {
        let mut args = args.to_vec();
        args.extend(["--project-root", &root_text]);
        let run = stage.parley_env(
            "viewer",
            &args,
            &[("PARLEY_NOW", "2026-02-18T10:51:00Z")],
            None,
        )?;
        stage.expect("viewer", &run, &[0])?;
        Ok(run.stdout)
    };
    let timeline = viewer(&["events"])?;
    let archived = viewer(&["reservations", "--archived"])?;
    let closing = format!(
        "Done in {:.1}s. The project is left for inspection at {}",
        stage.elapsed().as_secs_f64(),
        root.display()
    );
    Ok(stage.played(
        work,
        Setting::Operative { project: root },
        vec![
            ("Timeline:", timeline),
            ("Archived reservations:", archived),
        ],
        closing,
    ))
}
