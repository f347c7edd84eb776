//! Issue 32 item 7: `status DIR --agent NAME`, what one agent can act on now, small enough
//! for its context; the analysis phase's progress and every issue open after the merge in
//! plain `status`.

use serde_json::Value;

use crate::support::*;

fn json(neg: &Neg, args: &[&str]) -> (i32, Value, usize) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = neg.run(&all);
    let value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(&output)));
    (code(&output), value, output.stdout.len())
}

fn files_of(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            v.as_str()
                .map_or_else(|| v["file"].to_string(), str::to_owned)
        })
        .collect()
}

/// Two agents, six drafts each with a long title and a long topic, merged: twelve issues
/// without positions, agent-alpha to play.
fn twelve_long_issues() -> Neg {
    let neg = Neg::started(2);
    for name in Neg::names(2) {
        for i in 1..=6 {
            let topic = format!("{}-limiting-algorithm-and-burst-{i}", &name[6..]);
            let title = format!(
                "Which limiting algorithm, and what burst semantics, for the public API of service {i}, by {name}, when the upstream is degraded?"
            );
            neg.ok(&[
                "file-draft-issue",
                "{dir}",
                &name,
                &topic,
                "--title",
                &title,
            ]);
        }
        neg.ok(&["end-analysis", "{dir}", &name]);
    }
    neg
}

#[test]
fn with_twelve_open_issues_the_agents_view_fits_in_two_kilobytes() {
    let neg = twelve_long_issues();
    for agent in Neg::names(2) {
        let (exit, envelope, bytes) = json(&neg, &["status", "{dir}", "--agent", &agent]);
        assert_eq!(exit, 0, "{envelope}");
        assert!(bytes < 2048, "{bytes} bytes: {envelope}");
        let data = &envelope["data"];
        assert_eq!(data["agent"], agent.as_str());
        assert_eq!(data["your_turn"], agent == "agent-alpha");
        assert_eq!(data["to_answer"].as_array().unwrap().len(), 12, "{data}");
        let title = data["to_answer"][0]["title"].as_str().unwrap();
        assert!(
            title.ends_with("...") && title.chars().count() <= 40,
            "{title}"
        );
        assert_eq!(data["finish_blockers_total"], 14, "{data}");
        assert_eq!(data["finish_blockers"].as_array().unwrap().len(), 3);
    }
    let (_, holder, _) = json(&neg, &["status", "{dir}", "--agent", "agent-alpha"]);
    assert_eq!(holder["data"]["secs_left"], 600);
    let text = neg.ok(&["status", "{dir}", "--agent", "agent-alpha"]);
    assert!(
        text.starts_with("agent-alpha: your turn (600s left before a skip); phase positions\n"),
        "{text}"
    );
    assert!(text.contains("To answer (12,"), "{text}");
    assert!(text.len() < 2048, "{text}");

    // Plain status: every issue open after the merge, its lines as the old scripts wrote them.
    let (_, whole, _) = json(&neg, &["status", "{dir}"]);
    let open = files_of(&whole["data"]["open_issues"]);
    assert_eq!(open.len(), 12, "{open:?}");
    assert_eq!(whole["data"]["summary"]["open"], 12);
    assert_eq!(whole["data"]["open_issues"][0]["rounds"], 0);
    let plain = neg.ok(&["status", "{dir}"]);
    assert_eq!(plain.matches("[NO POSITIONS]").count(), 12, "{plain}");
    assert!(!plain.contains("round 0"), "{plain}");

    // An entry written: that issue is no longer to answer for its writer this turn.
    neg.ok(&[
        "position",
        "{dir}",
        "agent-alpha",
        "1",
        "--body",
        "Token bucket.",
    ]);
    let (_, after, _) = json(&neg, &["status", "{dir}", "--agent", "agent-alpha"]);
    let left = files_of(&after["data"]["to_answer"]);
    assert_eq!(left.len(), 11, "{left:?}");
    assert!(!left.iter().any(|f| f.starts_with("01-")), "{left:?}");
}

#[test]
fn the_analysis_phase_shows_each_agents_drafts_and_who_has_ended() {
    let neg = Neg::started(2);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "one"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "two"]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "three"]);
    let expected = serde_json::json!([
        {"agent": "agent-alpha", "drafts": 2, "ended": true},
        {"agent": "agent-beta", "drafts": 1, "ended": false},
    ]);
    let (_, whole, _) = json(&neg, &["status", "{dir}"]);
    assert_eq!(whole["data"]["analysis"], expected);
    let (_, mine, _) = json(&neg, &["status", "{dir}", "--agent", "agent-beta"]);
    assert_eq!(mine["data"]["analysis"], expected);
    assert_eq!(mine["data"]["to_answer"], serde_json::json!([]));
    let text = neg.ok(&["status", "{dir}", "--agent", "agent-beta"]);
    assert!(
        text.contains("Analysis: agent-alpha 2 draft(s), ended; agent-beta 1 draft(s)\n"),
        "{text}"
    );
    // Past the analysis there is none.
    neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    let (_, after, _) = json(&neg, &["status", "{dir}"]);
    assert_eq!(after["data"]["analysis"], Value::Null);
}

/// Whether `agree --check` (with a decision, or none for a duplicate) says yes.
fn check_says_yes(neg: &Neg, agent: &str, issue: &str, decision: bool) -> bool {
    let mut args = vec!["agree", "{dir}", agent, issue, "--check"];
    if decision {
        args.extend(["--decision", "Settled."]);
    }
    code(&neg.run(&args)) == 0
}

#[test]
fn may_agree_and_may_confirm_are_what_agree_check_answers() {
    let neg = Neg::started(2);
    for (name, topics) in [
        ("agent-alpha", ["cache", "limits"]),
        ("agent-beta", ["cache-place", "retries"]),
    ] {
        for topic in topics {
            neg.ok(&["file-draft-issue", "{dir}", name, topic]);
        }
        neg.ok(&["end-analysis", "{dir}", name]);
    }
    // Issues 1 to 4; alpha argues 1 and 2, beta challenges 1, proposes 3 a duplicate of 1.
    neg.ok(&["position", "{dir}", "agent-alpha", "1", "--body", "Redis."]);
    neg.ok(&[
        "position",
        "{dir}",
        "agent-alpha",
        "2",
        "--body",
        "Per user.",
    ]);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.ok(&[
        "challenge",
        "{dir}",
        "agent-beta",
        "1",
        "--body",
        "One more service.",
    ]);
    neg.ok(&[
        "position",
        "{dir}",
        "agent-beta",
        "1",
        "--body",
        "In process.",
    ]);
    neg.ok(&["duplicate", "{dir}", "agent-beta", "3", "--of", "1"]);
    // Beta, the holder, wrote on 1 this turn: it may not agree it now.
    let (_, beta, _) = json(&neg, &["status", "{dir}", "--agent", "agent-beta"]);
    assert_eq!(beta["data"]["may_agree"], serde_json::json!([]), "{beta}");
    assert!(!check_says_yes(&neg, "agent-beta", "1", true));
    neg.ok(&["hand-off", "{dir}", "agent-beta"]);

    let (_, alpha, _) = json(&neg, &["status", "{dir}", "--agent", "agent-alpha"]);
    let data = &alpha["data"];
    assert_eq!(data["your_turn"], true);
    for issue in ["1", "2", "3", "4"] {
        let file = format!("0{issue}-");
        let listed = files_of(&data["may_agree"])
            .iter()
            .any(|f| f.starts_with(&file));
        assert_eq!(
            listed,
            check_says_yes(&neg, "agent-alpha", issue, true),
            "{issue}: {data}"
        );
    }
    assert_eq!(files_of(&data["may_agree"]), ["01-cache.md"], "{data}");
    assert_eq!(
        data["may_confirm"],
        serde_json::json!([{"file": "03-limits.md", "of": "01-cache.md", "by": "agent-beta"}])
    );
    assert!(check_says_yes(&neg, "agent-alpha", "3", false));
    let text = neg.ok(&["status", "{dir}", "--agent", "agent-alpha"]);
    assert!(text.contains("May agree: 01-cache.md\n"), "{text}");
    assert!(
        text.contains(
            "May confirm: 03-limits.md duplicate of 01-cache.md (proposed by agent-beta)\n"
        ),
        "{text}"
    );
    // Beta off turn: what it may do on its next turn, and nothing to confirm of its own.
    let (_, beta, _) = json(&neg, &["status", "{dir}", "--agent", "agent-beta"]);
    assert_eq!(beta["data"]["your_turn"], false);
    assert_eq!(beta["data"]["may_confirm"], serde_json::json!([]));
    assert!(beta["data"].get("secs_left").is_none(), "{beta}");
}

#[test]
fn a_sign_off_owed_shows_until_it_is_given() {
    let neg = Neg::empty();
    neg.ok(&["init", "{dir}", "2", "--sign-off"]);
    neg.register_two_with_drafts();
    neg.make_finishable();
    let owes = |agent: &str| {
        let (_, view, _) = json(&neg, &["status", "{dir}", "--agent", agent]);
        view["data"]["owes_sign_off"].as_bool().unwrap()
    };
    assert!(owes("agent-beta"));
    assert!(
        neg.ok(&["status", "{dir}", "--agent", "agent-beta"])
            .contains("Sign-off owed")
    );
    neg.ok(&["sign-off", "{dir}", "agent-beta"]);
    assert!(!owes("agent-beta"));
    assert!(owes("agent-alpha"));
    // Without --sign-off at init nobody owes one.
    let plain = Neg::in_positions(2);
    plain.make_finishable();
    let (_, view, _) = json(&plain, &["status", "{dir}", "--agent", "agent-alpha"]);
    assert_eq!(view["data"]["owes_sign_off"], false);
    assert_eq!(view["data"]["finish_blockers_total"], 0, "{view}");
}

#[test]
fn an_unknown_agent_or_the_live_view_is_refused_and_changes_nothing() {
    let neg = Neg::in_positions(2);
    // Status keeps its caches: once kept, another changes nothing.
    neg.ok(&["status", "{dir}"]);
    let files = || {
        let mut all = snapshot(&neg.dir);
        all.retain(|(path, _)| !path.ends_with(".parley/lock"));
        all
    };
    let before = files();
    let (exit, ghost, _) = json(&neg, &["status", "{dir}", "--agent", "agent-ghost"]);
    assert_eq!(exit, 4, "{ghost}");
    assert_eq!(ghost["error"]["code"], "NOT_REGISTERED");
    let (exit, bad, _) = json(&neg, &["status", "{dir}", "--agent", "bad name"]);
    assert!(exit >= 64 && bad["ok"] == false, "{bad}");
    let watch = neg.run(&[
        "status",
        "{dir}",
        "--agent",
        "agent-alpha",
        "--watch",
        "--once",
    ]);
    assert_eq!(code(&watch), 64);
    assert!(files() == before);
}
