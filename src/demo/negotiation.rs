//! The negotiation scene: a complete negotiation between N scripted agents.
//!
//! Every step an agent takes is a separate `parley` process running the same applets a real
//! agent runs (init, register, wait-for-start, poll, file-draft-issue, end-analysis, position,
//! challenge, agree, hand-off, audit-template, status, sign-off, finish); what a real agent writes by
//! hand (its analysis, the filled-in coverage audit and the final document) the scripted
//! agents write into the files the same way. The agents run concurrently, one thread each, as
//! distinct participants.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::{Played, Setting, Stage};
use crate::app::protocols::Protocol;
use crate::error::{Error, Result, Status};
use crate::negotiation::model::positions::{EntryKind, IssueStatus, Positions};

/// A scripted agent polls this often while it waits for its turn.
const POLL_PAUSE: Duration = Duration::from_millis(20);

const TOPIC: &str = "How should the build cache of our CI be designed?";

const PROPOSAL_A: &str = "# Proposal A: a shared remote cache\n\n\
- Store build outputs in one remote cache keyed by the hash of inputs.\n\
- Evict least-recently-used entries when the cache passes 500 GB.\n\
- Invalidate by key only: a changed input is a new key.\n\
- Sign cache entries so a compromised runner cannot poison the cache.\n";

const PROPOSAL_B: &str = "# Proposal B: per-runner local caches\n\n\
- Keep a local cache on each runner, warmed from the last green build.\n\
- Evict entries older than 7 days.\n\
- Invalidate everything when the toolchain version changes.\n\
- Report cache hit rates per job on the dashboard.\n";

/// Issues the scripted agents find in their analysis: (topic, title, question).
const FINDINGS: &[(&str, &str, &str)] = &[
    (
        "cache-location",
        "Remote or local cache",
        "Should build outputs live in one shared remote cache or on each runner?",
    ),
    (
        "eviction-policy",
        "Eviction policy",
        "Evict by size with LRU, or by age?",
    ),
    (
        "invalidation",
        "Invalidation rule",
        "Invalidate by content key only, or also wholesale on toolchain changes?",
    ),
    (
        "cache-integrity",
        "Integrity of cached outputs",
        "Must cache entries be signed?",
    ),
    (
        "hit-rate-reporting",
        "Hit-rate reporting",
        "Should hit rates be reported per job?",
    ),
];

struct Negotiation {
    stage: Stage,
    negotiation: PathBuf,
}

/// Plays the negotiation scene in `work`: proposals in `work/proposals`, the negotiation in
/// `work/negotiation`.
pub fn play(stage: Stage, work: &Path, agent_count: usize) -> Result<Played> {
    let proposals = work.join("proposals");
    std::fs::create_dir_all(&proposals).map_err(|e| Error::cannot_create(&proposals, e))?;
    for (name, text) in [("proposal-a.md", PROPOSAL_A), ("proposal-b.md", PROPOSAL_B)] {
        std::fs::write(proposals.join(name), text)
            .map_err(|e| Error::io("write", &proposals.join(name), e))?;
    }
    let demo = Arc::new(Negotiation {
        stage,
        negotiation: work.join(Protocol::Negotiation.name()),
    });

    let negotiation = demo.negotiation.to_string_lossy().into_owned();
    let source_a = proposals
        .join("proposal-a.md")
        .to_string_lossy()
        .into_owned();
    let source_b = proposals
        .join("proposal-b.md")
        .to_string_lossy()
        .into_owned();
    let count = agent_count.to_string();
    let init = demo.stage.parley(
        "setup",
        &[
            "init",
            &negotiation,
            &count,
            "60",
            "--topic",
            TOPIC,
            "--source",
            &source_a,
            "--source",
            &source_b,
        ],
    )?;
    demo.stage.expect("setup", &init, &[0])?;

    let agents: Vec<_> = (0..agent_count)
        .map(|index| {
            let demo = Arc::clone(&demo);
            std::thread::spawn(move || demo.agent(index))
        })
        .collect();
    let mut failures = Vec::new();
    for handle in agents {
        match handle.join() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => failures.push(e),
            Err(_) => failures.push(Error::new(
                Status::Io,
                "DEMO_FAILED",
                "a scripted agent crashed",
            )),
        }
    }
    if let Some(first) = failures.into_iter().next() {
        return Err(first);
    }

    let status = demo.stage.parley("viewer", &["status", &negotiation])?;
    demo.stage.expect("viewer", &status, &[0])?;
    Ok(demo.stage.played(
        work,
        Setting::Negotiation {
            negotiation: demo.negotiation.clone(),
            agents: agent_count,
        },
        vec![("Final status:", status.stdout)],
        format!(
            "Done in {:.1}s. The negotiation is left for inspection at {}",
            demo.stage.elapsed().as_secs_f64(),
            demo.negotiation.display()
        ),
    ))
}

impl Negotiation {
    /// One scripted agent, from registration to the end of the negotiation.
    fn agent(&self, index: usize) -> Result<()> {
        let dir = self.negotiation.to_string_lossy().into_owned();
        let participant = format!("demo-participant-{}-{index}", std::process::id());
        let who = format!("agent #{}", index + 1);
        let registered =
            self.stage
                .parley_with(&who, &["register", &dir, "--auto"], Some(&participant))?;
        self.stage.expect(&who, &registered, &[0])?;
        let name = registered
            .stdout
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned();
        let started = self.stage.parley(&name, &["wait-for-start", &dir, &name])?;
        self.stage.expect(&name, &started, &[0])?;
        loop {
            let poll = self.stage.parley(&name, &["poll", &dir, &name])?;
            match poll.code {
                0 => {
                    // What the others did meanwhile: the first line of the changes list
                    // that a your-turn answer carries (on stderr; stdout stays `your-turn`).
                    if let Some(changes) = poll
                        .stderr
                        .lines()
                        .find(|l| l.starts_with("Changes since") || l.starts_with("No changes"))
                    {
                        self.stage.say(format!("[{name}] {changes}"));
                    }
                    if self.take_turn(&name, index)? {
                        return Ok(());
                    }
                }
                1 => std::thread::sleep(POLL_PAUSE),
                2 => return Ok(()),
                _ => self.stage.expect(&name, &poll, &[0, 1, 2])?,
            }
        }
    }

    /// Plays one turn; `true` when this agent finished the negotiation.
    fn take_turn(&self, name: &str, index: usize) -> Result<bool> {
        let dir = self.negotiation.to_string_lossy().into_owned();
        let status = self.stage.parley(name, &["status", &dir, "--json"])?;
        self.stage.expect(name, &status, &[0])?;
        let state: Value = serde_json::from_str(&status.stdout)
            .map_err(|e| Error::new(Status::Io, "DEMO_FAILED", format!("status --json: {e}")))?;
        let data = &state["data"];
        if data["phase"] == "analysis" {
            self.write_analysis(name)?;
            for offset in [0, 2] {
                let (topic, title, question) = FINDINGS[(index + offset) % FINDINGS.len()];
                let filed = self.stage.parley(
                    name,
                    &[
                        "file-draft-issue",
                        &dir,
                        name,
                        topic,
                        "--title",
                        title,
                        "--question",
                        question,
                        "--context",
                        "Both proposals in sources/ address this.",
                        "--position-a",
                        "See sources/proposal-a.md.",
                        "--position-b",
                        "See sources/proposal-b.md.",
                    ],
                )?;
                self.stage.expect(name, &filed, &[0])?;
            }
            // The second agent files the first agent's first question again, under another
            // topic with the same title: the merge points it out and the agents settle it
            // with `duplicate` and an `agree` without a decision.
            if index == 1 {
                let (_, title, question) = FINDINGS[0];
                let filed = self.stage.parley(
                    name,
                    &[
                        "file-draft-issue",
                        &dir,
                        name,
                        "cache-placement",
                        "--title",
                        title,
                        "--question",
                        question,
                    ],
                )?;
                self.stage.expect(name, &filed, &[0])?;
            }
            let ended = self.stage.parley(name, &["end-analysis", &dir, name])?;
            self.stage.expect(name, &ended, &[0])?;
            return Ok(false);
        }

        let issues = data["issues"].as_array().cloned().unwrap_or_default();
        let all_agreed = !issues.is_empty() && issues.iter().all(|i| i["status"] == "AGREED");
        if all_agreed {
            return self.conclude(name, &issues, &data["sign_offs"]);
        }
        let duplicates = data["duplicates"].as_array().cloned().unwrap_or_default();
        // Every likely duplicate is settled by one call each way (`--likely`, then
        // `--duplicates`), made once in a turn.
        let mut duplicates_settled = false;
        for issue in &issues {
            let file = issue["file"].as_str().unwrap_or_default();
            let title = issue["title"].as_str().unwrap_or_default();
            let of = duplicates
                .iter()
                .find(|d| d["file"] == file)
                .and_then(|d| d["of"].as_str());
            match of {
                Some(_) if duplicates_settled => {}
                Some(of) => {
                    duplicates_settled = true;
                    self.settle_duplicate(name, file, of)?
                }
                None => self.debate(name, file, title)?,
            }
        }
        let handed = self.stage.parley(name, &["hand-off", &dir, name])?;
        self.stage.expect(name, &handed, &[0])?;
        Ok(false)
    }

    /// Every issue settled: the first agent to see it writes the audit and `final.md` and
    /// signs off; each other agent signs off on its turn, and the last one whose sign-off
    /// `finish` waits for runs `finish --agent` (which signs off for it). `true` when this
    /// agent finished the negotiation.
    fn conclude(&self, name: &str, issues: &[Value], sign_offs: &Value) -> Result<bool> {
        let dir = self.negotiation.to_string_lossy().into_owned();
        let owed: Vec<&str> = (sign_offs["owed"].as_array().into_iter().flatten())
            .filter_map(Value::as_str)
            .collect();
        if !self.negotiation.join("final.md").exists() {
            self.write_conclusion(name, issues)?;
        } else if owed.iter().all(|agent| *agent == name) {
            self.stage.say(format!(
                "[{name}] reads final.md and finishes: that is its sign-off"
            ));
            let finished = self
                .stage
                .parley(name, &["finish", &dir, "--agent", name])?;
            self.stage.expect(name, &finished, &[0])?;
            return Ok(true);
        }
        if owed.contains(&name) {
            self.stage.say(format!(
                "[{name}] signs off final.md, the audit and every decision"
            ));
            let signed = self.stage.parley(name, &["sign-off", &dir, name])?;
            self.stage.expect(name, &signed, &[0])?;
        }
        let handed = self.stage.parley(name, &["hand-off", &dir, name])?;
        self.stage.expect(name, &handed, &[0])?;
        Ok(false)
    }

    fn write_analysis(&self, name: &str) -> Result<()> {
        let text = format!(
            "# Divergence Analysis: {name}\n\n## Source Proposals Reviewed\n\
             - sources/proposal-a.md\n- sources/proposal-b.md\n\n\
             ## Points of Agreement\nBoth want faster CI builds through caching.\n\n\
             ## Divergences\n### 1. Where the cache lives\n\
             - **Source A says**: one shared remote cache\n\
             - **Source B says**: a local cache per runner\n\
             - **My assessment**: remote, with local warm-up as a fallback\n"
        );
        self.write_file(&format!("analysis/{name}.md"), &text)
    }

    /// One step of debate on one issue, chosen from what the positions file already holds:
    /// a first position, then a challenge of the other side, then agreement once someone
    /// else has challenged. Each step is a parley command, which numbers the round and
    /// enforces the rules.
    fn debate(&self, name: &str, file: &str, title: &str) -> Result<()> {
        let dir = self.negotiation.to_string_lossy().into_owned();
        let current = std::fs::read_to_string(self.negotiation.join("positions").join(file)).ok();
        let positions = current.as_deref().map(Positions::parse);
        if positions
            .as_ref()
            .is_some_and(|p| p.status != IssueStatus::Open)
        {
            return Ok(());
        }
        let by = |kind: EntryKind, mine: bool| {
            positions.as_ref().is_some_and(|p| {
                p.entries
                    .iter()
                    .any(|e| e.kind == kind && (e.agent.as_str() == name) == mine)
            })
        };
        let (wrote, others_wrote) = (
            by(EntryKind::Position, true),
            by(EntryKind::Position, false),
        );
        let anyone_challenged = by(EntryKind::Challenge, true) || by(EntryKind::Challenge, false);

        let (args, said): (Vec<String>, String) = if !wrote {
            let body = if others_wrote {
                format!(
                    "Keep the per-runner cache for \"{title}\" as a fallback when the remote is down."
                )
            } else {
                format!("Take the remote cache's approach for \"{title}\": one source of truth.")
            };
            (
                vec![
                    "position".into(),
                    dir,
                    name.into(),
                    file.into(),
                    "--body".into(),
                    body,
                ],
                format!("[{name}] states a position on {file}"),
            )
        } else if by(EntryKind::Challenge, false) && others_wrote {
            let decision = format!(
                "Remote cache as the source of truth for \"{title}\", with a per-runner fallback."
            );
            (
                vec![
                    "agree".into(),
                    dir,
                    name.into(),
                    file.into(),
                    "--decision".into(),
                    decision,
                ],
                format!("[{name}] accepts after the challenge and marks {file} AGREED"),
            )
        } else if others_wrote && !anyone_challenged {
            let body =
                "Steel-man of the rejected side: a remote cache is one more service to keep up, \
                        and a network outage would slow every build."
                    .to_owned();
            (
                vec![
                    "challenge".into(),
                    dir,
                    name.into(),
                    file.into(),
                    "--body".into(),
                    body,
                ],
                format!("[{name}] challenges the emerging agreement on {file}"),
            )
        } else {
            return Ok(());
        };
        self.stage.say(said);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let step = self.stage.parley(name, &args)?;
        self.stage.expect(name, &step, &[0])
    }

    /// The likely duplicates the merge flagged: the first agent to hold the turn proposes them
    /// all in one call (`duplicate --likely`), the next confirms them all in one call
    /// (`agree --duplicates`). `file` of `of` is the first pair, whose positions tell which.
    fn settle_duplicate(&self, name: &str, file: &str, of: &str) -> Result<()> {
        let dir = self.negotiation.to_string_lossy().into_owned();
        let current = std::fs::read_to_string(self.negotiation.join("positions").join(file)).ok();
        let positions = current.as_deref().map(Positions::parse);
        let (args, said): (Vec<&str>, String) = match &positions {
            None => (
                vec!["duplicate", &dir, name, "--likely"],
                format!(
                    "[{name}] proposes every likely duplicate in one call: {file} is a duplicate of {of}"
                ),
            ),
            Some(p)
                if p.status == IssueStatus::Open
                    && p.entries.iter().any(|e| {
                        matches!(e.kind, EntryKind::Challenge | EntryKind::Duplicate)
                            && e.agent.as_str() != name
                    }) =>
            {
                (
                    vec!["agree", &dir, name, "--duplicates"],
                    format!(
                        "[{name}] confirms every pending duplicate in one call: {file} is settled as a duplicate of {of}"
                    ),
                )
            }
            _ => return Ok(()),
        };
        self.stage.say(said);
        let step = self.stage.parley(name, &args)?;
        self.stage.expect(name, &step, &[0])
    }

    fn write_conclusion(&self, name: &str, issues: &[Value]) -> Result<()> {
        let dir = self.negotiation.to_string_lossy().into_owned();
        let template = self.stage.parley(name, &["audit-template", &dir])?;
        self.stage.expect(name, &template, &[0])?;
        let skeleton = std::fs::read_to_string(self.negotiation.join("coverage-audit.md"))
            .map_err(|e| Error::io("read", &self.negotiation.join("coverage-audit.md"), e))?;
        let mut audit = String::new();
        for line in skeleton.lines() {
            let filled = if line.contains("[TODO: Section/idea/detail unique to proposal-a.md]") {
                "- Signed cache entries: INCLUDED\n- LRU eviction at 500 GB: INCLUDED"
            } else if line.contains("[TODO: Section/idea/detail unique to proposal-b.md]") {
                "- Hit-rate reporting per job: INCLUDED\n- Warm-up from the last green build: INCLUDED as the fallback"
            } else if line.contains("[TODO:") {
                "A remote cache is the source of truth; local caches are the fallback."
            } else {
                line
            };
            audit.push_str(filled);
            audit.push('\n');
        }
        self.write_file("coverage-audit.md", &audit)?;
        let mut fin = String::from("# Final Design: the CI build cache\n\n");
        for issue in issues {
            fin.push_str(&format!(
                "- {}: agreed (see positions/{})\n",
                issue["title"].as_str().unwrap_or_default(),
                issue["file"].as_str().unwrap_or_default()
            ));
        }
        self.stage.say(format!(
            "[{name}] fills in coverage-audit.md and writes final.md"
        ));
        self.write_file("final.md", &fin)
    }

    /// What a real agent writes with its own editor, written the same plain way.
    fn write_file(&self, rel: &str, text: &str) -> Result<()> {
        let path = self.negotiation.join(rel);
        std::fs::write(&path, text).map_err(|e| Error::io("write", &path, e))
    }
}
