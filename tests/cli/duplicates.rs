//! Duplicates found by meaning and settled in one call each way (issue 32, items 3 and 4),
//! through the real binary; the labelled sets are in `tests/cli/duplicates/` (two agents'
//! drafts on one proposal, the pairs a person calls duplicates under `== duplicates`).

use serde_json::Value;

use crate::support::*;

fn json_of(neg: &Neg, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = neg.run(&all);
    (
        code(&output),
        serde_json::from_slice(&output.stdout).unwrap(),
    )
}

/// A negotiation whose two agents drafted the issues of the labelled set `name` (written by
/// hand into their drafts, as agents do), merged; and the labelled pairs by merged file name.
fn merged_set(name: &str) -> (Neg, Value, Vec<(String, String)>) {
    let path = format!("{}/tests/cli/duplicates/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let (drafts, pairs) = text.split_once("== duplicates\n").unwrap();
    let neg = Neg::started(2);
    let mut per_agent: Vec<(String, Vec<String>)> = Vec::new();
    for block in drafts.split("@@ ").filter(|b| !b.is_empty()) {
        let (head, body) = block.split_once('\n').unwrap();
        let (agent, topic) = head.split_once(' ').unwrap();
        let index = match per_agent.iter().position(|(a, _)| a == agent) {
            Some(index) => index,
            None => {
                per_agent.push((agent.to_owned(), Vec::new()));
                per_agent.len() - 1
            }
        };
        let number = per_agent[index].1.len() + 1;
        per_agent[index].1.push(topic.to_owned());
        std::fs::create_dir_all(neg.path(&format!("issues-draft/{agent}"))).unwrap();
        neg.write(
            &format!("issues-draft/{agent}/{number:02}-{topic}.md"),
            body,
        );
    }
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    let (exit, merged) = json_of(&neg, &["end-analysis", "{dir}", "agent-beta"]);
    assert_eq!(exit, 0, "{merged}");
    // The merge's numbering: round-robin over the agents.
    let mut files = std::collections::HashMap::new();
    let mut number = 0;
    for round in 0..per_agent.iter().map(|(_, t)| t.len()).max().unwrap() {
        for (_, topics) in &per_agent {
            if let Some(topic) = topics.get(round) {
                number += 1;
                files.insert(topic.clone(), format!("{number:02}-{topic}.md"));
            }
        }
    }
    let pairs = pairs
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(a, b)| (files[a].clone(), files[b].clone()))
        .collect();
    (neg, merged, pairs)
}

#[test]
fn the_merge_flags_four_in_five_duplicates_of_the_labelled_sets_and_four_in_five_of_its_pairs_are()
{
    let (mut flagged, mut right, mut wanted) = (0, 0, 0);
    for name in ["rate-limiter.txt", "cache.txt", "migration.txt", "auth.txt"] {
        let (_neg, merged, pairs) = merged_set(name);
        let found = merged["data"]["duplicates"].as_array().unwrap().clone();
        let labelled = |a: &str, b: &str| {
            pairs
                .iter()
                .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
        };
        for pair in &found {
            let (a, b) = (pair["file"].as_str().unwrap(), pair["of"].as_str().unwrap());
            right += usize::from(labelled(a, b));
            // Each pair says why.
            assert!(
                pair["reason"].as_str().unwrap().contains("shared terms: "),
                "{pair}"
            );
        }
        flagged += found.len();
        wanted += pairs.len();
        if !found.is_empty() {
            assert!(
                merged["data"]["duplicates_next"]
                    .as_str()
                    .unwrap()
                    .contains("Any agent may propose these on its turn"),
                "{merged}"
            );
        }
    }
    assert!(right * 5 >= flagged * 4, "precision: {right} of {flagged}");
    assert!(right * 5 >= wanted * 4, "recall: {right} of {wanted}");
}

#[test]
fn duplicate_likely_and_agree_duplicates_settle_every_pair_in_one_call_each() {
    let (neg, merged, pairs) = merged_set("rate-limiter.txt");
    let flagged = merged["data"]["duplicates"].as_array().unwrap().len();
    assert!(flagged >= 3, "{merged}");
    // The merge's text says it, and status lists the same pairs.
    let status = neg.ok(&["status", "{dir}"]);
    assert!(status.contains("Likely duplicate: "), "{status}");

    let holder = neg.turn();
    let other = if holder == "agent-alpha" {
        "agent-beta"
    } else {
        "agent-alpha"
    };
    let (exit, proposed) = json_of(&neg, &["duplicate", "{dir}", &holder, "--likely"]);
    assert_eq!(exit, 0, "{proposed}");
    let proposed = proposed["data"]["proposed"].as_array().unwrap().clone();
    assert_eq!(proposed.len(), flagged, "{proposed:?}");
    for one in &proposed {
        assert_eq!(one["kind"], "duplicate");
        let file = one["file"].as_str().unwrap();
        let text = neg.read(&format!("positions/{file}"));
        // Its own heading: neither a challenge nor a round.
        assert!(
            text.contains(&format!("## {holder}'s duplicate proposal\nDuplicate of ")),
            "{text}"
        );
        assert!(!text.contains("challenge"), "{text}");
        // Each closes onto the lower-numbered issue of its labelled pair.
        let of = one["duplicate_of"].as_str().unwrap();
        assert!(
            pairs
                .iter()
                .any(|(a, b)| (a == file && b == of) || (b == file && a == of)),
            "{file} of {of}"
        );
        assert!(of < file);
    }
    // Status: the proposal, not a challenge nor a round.
    let status = neg.ok(&["status", "{dir}"]);
    assert!(
        status.contains(&format!("proposed by {holder}; {other} may confirm")),
        "{status}"
    );
    let (_, json) = json_of(&neg, &["status", "{dir}"]);
    let open = json["data"]["open_issues"].as_array().unwrap();
    let pending: Vec<&Value> = open
        .iter()
        .filter(|d| d.get("duplicate_proposal").is_some())
        .collect();
    assert_eq!(pending.len(), flagged);
    for detail in &pending {
        assert_eq!(detail["rounds"], 0, "{detail}");
        assert_eq!(
            detail["challenges"].as_array().unwrap().len(),
            0,
            "{detail}"
        );
    }
    // The proposer cannot confirm its own proposals.
    let (_, own) = json_of(&neg, &["agree", "{dir}", &holder, "--duplicates"]);
    assert_eq!(
        own["data"]["confirmed"].as_array().unwrap().len(),
        0,
        "{own}"
    );
    neg.ok(&["hand-off", "{dir}", &holder]);
    let changes = neg.ok(&["changes", "{dir}", other]);
    assert!(
        changes.contains(&format!("proposed by {holder}; {other} may confirm")),
        "{changes}"
    );
    // Not a challenge: an ordinary agreement still needs one.
    let first = proposed[0]["file"].as_str().unwrap();
    let refused = neg.run(&["agree", "{dir}", other, first, "--decision", "Keep both."]);
    assert_eq!(code(&refused), 4, "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("no challenge entry"),
        "{}",
        stderr(&refused)
    );

    let (exit, confirmed) = json_of(&neg, &["agree", "{dir}", other, "--duplicates"]);
    assert_eq!(exit, 0, "{confirmed}");
    assert_eq!(
        confirmed["data"]["confirmed"].as_array().unwrap().len(),
        flagged
    );
    for one in &proposed {
        let file = one["file"].as_str().unwrap();
        let text = neg.read(&format!("positions/{file}"));
        assert!(
            text.contains(&format!(
                "## Status: AGREED\nDuplicate of {}\n",
                one["duplicate_of"].as_str().unwrap()
            )),
            "{text}"
        );
    }
    // Finish needs no challenge on an issue closed as a duplicate.
    let closed: Vec<String> = proposed
        .iter()
        .map(|p| p["file"].as_str().unwrap().to_owned())
        .collect();
    for entry in std::fs::read_dir(neg.path("issues")).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !closed.contains(&file) {
            neg.positions(
                &file,
                &[
                    ("agent-alpha", "position", 1),
                    ("agent-beta", "position", 1),
                    ("agent-alpha", "challenge", 1),
                ],
                "AGREED",
            );
        }
    }
    neg.write("coverage-audit.md", "# Coverage Audit\n\n- all: INCLUDED\n");
    neg.write("final.md", "# Final\n\nThe decision.\n");
    let finish = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&finish), 0, "{}{}", stdout(&finish), stderr(&finish));
}

#[test]
fn new_issue_names_the_earlier_issue_it_likely_duplicates_and_keeps_its_file_name_alone() {
    let (neg, _, _) = merged_set("cache.txt");
    let output = neg.run(&[
        "new-issue",
        "{dir}",
        "eviction-when-full",
        "--title",
        "Eviction once the cache memory is full",
        "--question",
        "Which entries are evicted when the memory limit is reached, LRU or LFU?",
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let file = stdout(&output);
    assert!(
        file.ends_with("-eviction-when-full.md\n") && file.lines().count() == 1,
        "{file}"
    );
    assert!(
        stderr(&output).contains("Likely duplicate: "),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("eviction"), "{}", stderr(&output));
}

#[test]
fn a_negotiation_made_by_a_script_named_link_keeps_the_challenge_that_finish_sh_expects() {
    let neg = Neg::empty();
    init_by_link(&neg);
    assert!(!neg.read("meta.md").contains("duplicate_proposals"));
    for name in ["agent-alpha", "agent-beta"] {
        neg.ok(&["register", "{dir}", name]);
    }
    neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
    for (agent, topic) in [("agent-alpha", "rollout"), ("agent-beta", "rollout")] {
        neg.ok(&[
            "file-draft-issue",
            "{dir}",
            agent,
            topic,
            "--title",
            "Rollout plan",
        ]);
        neg.ok(&["end-analysis", "{dir}", agent]);
    }
    let holder = neg.turn();
    neg.ok(&["duplicate", "{dir}", &holder, "--likely"]);
    let text = neg.read("positions/02-rollout.md");
    assert!(
        text.contains(&format!(
            "## {holder}'s challenge (round 1)\nDuplicate of 01-rollout.md."
        )),
        "{text}"
    );
}

#[test]
fn duplicate_and_agree_refuse_a_half_given_request_and_change_nothing() {
    let neg = Neg::in_positions(2);
    let before = snapshot(&neg.dir);
    for args in [
        vec!["duplicate", "{dir}", "agent-alpha", "2"],
        vec![
            "duplicate",
            "{dir}",
            "agent-alpha",
            "2",
            "--of",
            "1",
            "--likely",
        ],
        vec!["agree", "{dir}", "agent-alpha", "1", "--duplicates"],
        vec!["agree", "{dir}", "agent-alpha"],
    ] {
        let output = neg.run(&args);
        assert_eq!(code(&output), 64, "{args:?}: {}", stderr(&output));
    }
    assert!(snapshot(&neg.dir) == before);
}
