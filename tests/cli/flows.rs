//! Complete negotiations from init to finish, and the demo.

use serde_json::Value;

use crate::support::*;

/// Plays a whole negotiation with `agents` agents: analysis with drafts, the merge, positions
/// with challenges, agreement, audit, final document, finish.
fn play(agents: u32) {
    let neg = Neg::init(agents);
    let names = Neg::names(agents);
    for (k, name) in names.iter().enumerate() {
        let out = neg.ok(&["register", "{dir}", name]);
        assert!(out.contains(&format!("Registered: {name} ({}/{agents} agents)", k + 1)));
    }
    for name in &names {
        let out = neg.ok(&["wait-for-start", "{dir}", name]);
        assert!(out.contains(&format!("First turn: {}", names[0])));
    }

    // Analysis: each agent in turn files two drafts and ends its analysis.
    for (index, name) in names.iter().enumerate() {
        assert_eq!(neg.ok(&["poll", "{dir}", name]), "your-turn\n");
        for other in names.iter().filter(|n| *n != name) {
            assert_eq!(code(&neg.run(&["poll", "{dir}", other])), 1);
        }
        neg.write(&format!("analysis/{name}.md"), "# Divergence Analysis\n");
        neg.ok(&["file-draft-issue", "{dir}", name, &format!("first-{index}")]);
        neg.ok(&[
            "file-draft-issue",
            "{dir}",
            name,
            &format!("second-{index}"),
        ]);
        let out = neg.ok(&["end-analysis", "{dir}", name]);
        assert!(out.contains(&format!("Analysis complete for {name}")));
        if index + 1 < names.len() {
            assert!(out.contains("Waiting for other agents to complete analysis."));
        } else {
            assert!(out.contains(&format!("Merged {} issues total.", 2 * agents)));
        }
    }
    assert_eq!(neg.read("phase.md").trim(), "positions");
    assert_eq!(neg.turn(), names[0]);

    // Positions: every agent writes a position on every issue; the second agent challenges;
    // the third agent (or the first again) agrees.
    let issues: Vec<String> = {
        let mut files: Vec<String> = std::fs::read_dir(neg.path("issues"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        files
    };
    assert_eq!(issues.len(), 2 * agents as usize);
    let mut log: Vec<(String, &'static str, u32)> = Vec::new();
    let mut turn = 0;
    let mut step = |entry: Option<(&'static str, u32)>,
                    neg: &Neg,
                    log: &mut Vec<(String, &'static str, u32)>| {
        let name = names[turn % names.len()].clone();
        assert_eq!(neg.ok(&["poll", "{dir}", &name]), "your-turn\n");
        if let Some((kind, round)) = entry {
            log.push((name.clone(), kind, round));
        }
        turn += 1;
        name
    };
    for _ in 0..agents {
        let name = step(Some(("position", 1)), &neg, &mut log);
        write_all(&neg, &issues, &log, "OPEN");
        neg.ok(&["hand-off", "{dir}", &name]);
    }
    let name = step(Some(("challenge", 1)), &neg, &mut log);
    write_all(&neg, &issues, &log, "OPEN");
    neg.ok(&["hand-off", "{dir}", &name]);
    let name = step(Some(("position", 2)), &neg, &mut log);
    write_all(&neg, &issues, &log, "AGREED");
    let status = neg.ok(&["status", "{dir}"]);
    assert!(status.contains(&format!(
        "Summary: {} issues — {} agreed, 0 open, 0 escalated",
        issues.len(),
        issues.len()
    )));
    assert!(status.contains("🎉 All issues resolved! Ready for final document."));

    // The turn holder writes the audit and the final document and finishes.
    let refused = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&refused), 1);
    assert!(stdout(&refused).contains("MISSING: coverage-audit.md"));
    assert!(stdout(&refused).contains("MISSING: final.md"));
    neg.write(
        "coverage-audit.md",
        "# Coverage Audit\n\n- everything: INCLUDED\n",
    );
    neg.write("final.md", "# Final\n");
    let out = neg.ok(&["finish", "{dir}"]);
    assert!(out.contains(&format!(
        "Negotiation complete. Final document: {}/final.md",
        neg.dir.display()
    )));
    assert_eq!(neg.turn(), "done");
    for name in &names {
        assert_eq!(code(&neg.run(&["poll", "{dir}", name])), 2);
    }
    assert_eq!(code(&neg.run(&["hand-off", "{dir}", &name])), 2);
    assert_eq!(code(&neg.run(&["finish", "{dir}"])), 2);
}

fn write_all(neg: &Neg, issues: &[String], log: &[(String, &str, u32)], status: &str) {
    let entries: Vec<(&str, &str, u32)> = log
        .iter()
        .map(|(name, kind, round)| (name.as_str(), *kind, *round))
        .collect();
    for issue in issues {
        neg.positions(issue, &entries, status);
    }
}

#[test]
fn a_two_agent_negotiation_runs_from_init_to_finish() {
    play(2);
}

#[test]
fn a_three_agent_negotiation_runs_from_init_to_finish() {
    play(3);
}

#[test]
fn the_merge_interleaves_drafts_round_robin_in_registration_order() {
    let neg = Neg::started(2);
    for topic in ["a1", "a2", "a3"] {
        neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", topic]);
    }
    for topic in ["b1", "b2", "b3", "b4"] {
        neg.ok(&["file-draft-issue", "{dir}", "agent-beta", topic]);
    }
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    let out = neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    let mut files: Vec<String> = std::fs::read_dir(neg.path("issues"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "01-a1.md", "02-b1.md", "03-a2.md", "04-b2.md", "05-a3.md", "06-b3.md", "07-b4.md"
        ]
    );
    assert!(out.contains("Merged: 01-b1.md -> 02-b1.md (from agent-beta)"));
    assert!(out.contains("Merged 7 issues total."));
    assert_eq!(
        neg.read("issues/04-b2.md"),
        neg.read("issues-draft/agent-beta/02-b2.md")
    );
}

#[test]
fn the_demo_runs_a_complete_negotiation_between_separate_processes() {
    let tmp = tempfile::TempDir::new().unwrap();
    let output = parley()
        .env_remove("PARLEY_NOW")
        .env("NEGOTIATE_PARTICIPANT_ID", "the-shell-that-started-it")
        .env("CLAUDE_SESSION_ID", "the-shell-session")
        .args(["demo", "--agents", "3", "--json"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let envelope: Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    let neg = tmp.path().join("negotiation");
    assert_eq!(
        std::fs::read_to_string(neg.join("turn.md")).unwrap().trim(),
        "done"
    );
    let agents = std::fs::read_to_string(neg.join("agents.md")).unwrap();
    assert_eq!(agents.matches("participant: demo-participant").count(), 3);
    assert!(
        !agents.contains("the-shell"),
        "demo agents inherited the shell's identity"
    );
    let transcript = envelope["data"]["transcript"].as_array().unwrap();
    for applet in [
        "init",
        "register",
        "wait-for-start",
        "file-draft-issue",
        "end-analysis",
        "hand-off",
        "finish",
    ] {
        assert!(
            transcript
                .iter()
                .any(|l| l.as_str().unwrap().contains(&format!("parley {applet} "))),
            "the demo never ran {applet}"
        );
    }
    let status = parley()
        .arg("status")
        .arg(&neg)
        .arg("--json")
        .output()
        .unwrap();
    let status: Value = serde_json::from_str(stdout(&status).trim()).unwrap();
    let summary = &status["data"]["summary"];
    assert!(summary["total"].as_u64().unwrap() > 0);
    assert_eq!(summary["agreed"], summary["total"]);
}

#[test]
fn demo_scene_all_plays_every_protocol_in_its_own_folder() {
    let tmp = tempfile::TempDir::new().unwrap();
    let output = parley()
        .env_remove("PARLEY_NOW")
        .args(["demo", "--scene", "all", "--json"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let envelope: Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    let scenes = envelope["data"]["scenes"].as_object().unwrap();
    let names: Vec<&str> = scenes.keys().map(String::as_str).collect();
    for scene in [
        "negotiation",
        "operative",
        "bounce",
        "parliament",
        "feedback",
    ] {
        assert!(
            names.contains(&scene),
            "--scene all skipped {scene}: {names:?}"
        );
        assert!(
            tmp.path().join(scene).is_dir(),
            "no folder for the {scene} scene"
        );
    }
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("negotiation/turn.md"))
            .unwrap()
            .trim(),
        "done"
    );
}
