//! The bounce scene: three scripted agents take turns in a round-robin session until they reach
//! consensus. Each agent is a thread that blocks in `parley bounce next --wait` and appends its
//! scripted entry with `parley bounce append` when its turn comes; a viewer then validates the
//! file and prints its status.

use std::path::Path;
use std::sync::Arc;

use super::{Played, Setting, Stage};
use crate::app::protocols::Protocol;
use crate::error::{Error, Result, Status};

const AGENTS: &[&str] = &["architect", "reviewer", "operator"];

const CONTEXT: &str = "Our CI rebuilds everything on every push. Decide how to cache build outputs.\n\
The architect proposes a shared remote cache keyed by the hash of the inputs.";

/// What each agent says, round by round: (stance, confidence, summary, body).
const SCRIPT: &[&[(&str, &str, &str, &str)]] = &[
    &[
        (
            "approve",
            "0.7",
            "Proposes a shared remote cache keyed by input hashes.",
            "A remote cache shared by all runners gives the best hit rate.",
        ),
        (
            "neutral",
            "0.5",
            "Likes the hit rate, worries about cache poisoning.",
            "Who can write to the cache? A compromised runner could poison it.",
        ),
        (
            "reject",
            "0.6",
            "Too much to operate without eviction and signing.",
            "We would need eviction by size and signed entries before I can agree.",
        ),
    ],
    &[
        (
            "approve",
            "0.85",
            "Adds signed entries and LRU eviction at 500 GB.",
            "Entries are signed by the build service; eviction is LRU at 500 GB.",
        ),
        (
            "approve",
            "0.8",
            "Signing answers the poisoning concern.",
            "With signed entries only the build service can write. Approved.",
        ),
        (
            "approve",
            "0.75",
            "Eviction and signing make it operable.",
            "I can run this. Approved.",
        ),
    ],
];

struct Scene {
    stage: Stage,
    file: String,
}

pub fn play(stage: Stage, work: &Path) -> Result<Played> {
    let dir = work.join(Protocol::Bounce.name());
    std::fs::create_dir_all(&dir).map_err(|e| Error::cannot_create(&dir, e))?;
    let scene = Arc::new(Scene {
        stage,
        file: dir.join("session.md").to_string_lossy().into_owned(),
    });
    let agents = AGENTS.join(",");
    let new = scene.stage.parley(
        "setup",
        &[
            "bounce",
            "new",
            &scene.file,
            "--title",
            "Build cache for CI",
            "--agents",
            &agents,
            "--threshold",
            "0.7",
            "--context",
            CONTEXT,
        ],
    )?;
    scene.stage.expect("setup", &new, &[0])?;
    let threads: Vec<_> = (0..AGENTS.len())
        .map(|index| {
            let scene = Arc::clone(&scene);
            std::thread::spawn(move || scene.agent(index))
        })
        .collect();
    for thread in threads {
        thread
            .join()
            .map_err(|_| Error::new(Status::Io, "DEMO_FAILED", "a scripted agent crashed"))??;
    }
    let validate = scene
        .stage
        .parley("viewer", &["bounce", "validate", &scene.file])?;
    scene.stage.expect("viewer", &validate, &[0])?;
    let status = scene
        .stage
        .parley("viewer", &["bounce", "status", &scene.file])?;
    scene.stage.expect("viewer", &status, &[0])?;
    Ok(scene.stage.played(
        work,
        Setting::Bounce {
            session: scene.file.clone(),
            agents: AGENTS,
        },
        vec![("Final status:", status.stdout)],
        format!(
            "Done in {:.1}s. The session is left for inspection at {}",
            scene.stage.elapsed().as_secs_f64(),
            scene.file
        ),
    ))
}

impl Scene {
    /// One scripted agent: wait for the turn, say the next line of the script, until the
    /// session ends.
    fn agent(&self, index: usize) -> Result<()> {
        let name = AGENTS[index];
        for round in SCRIPT {
            let next = self.stage.parley(
                name,
                &[
                    "bounce",
                    "next",
                    &self.file,
                    name,
                    "--wait",
                    "--timeout",
                    "60",
                ],
            )?;
            self.stage.expect(name, &next, &[0, 2])?;
            if next.code == 2 {
                return Ok(());
            }
            let (stance, confidence, summary, body) = round[index];
            let append = self.stage.parley(
                name,
                &[
                    "bounce",
                    "append",
                    &self.file,
                    "--author",
                    name,
                    "--stance",
                    stance,
                    "--confidence",
                    confidence,
                    "--summary",
                    summary,
                    "--action-requested",
                    "n/a",
                    "--evidence",
                    "n/a",
                    "--body",
                    body,
                ],
            )?;
            self.stage.expect(name, &append, &[0])?;
        }
        Ok(())
    }
}
