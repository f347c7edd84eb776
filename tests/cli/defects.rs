//! Regression tests for the defects of the old scripts (`spec/negotiation.md` §5), one or more
//! per defect, named after it. Each comment says what the scripts did; each test fails on that
//! behaviour. The races of defects 1 and 2 are in `concurrency.rs`; here are their
//! sequential halves.

use std::path::{Path, PathBuf};

use crate::support::*;

/// Unix seconds of [`NOW`] plus `seconds`, as `.turn-started` writes them.
fn unix(seconds: i64) -> i64 {
    chrono::DateTime::parse_from_rfc3339(NOW)
        .unwrap()
        .timestamp()
        + seconds
}

/// The whole workspace except the lock file, whose content is a label that may change.
pub(crate) fn workspace(neg: &Neg) -> Vec<(PathBuf, Vec<u8>)> {
    let lock = neg.path(".parley/lock");
    snapshot(neg.tmp.path())
        .into_iter()
        .filter(|(path, _)| path != &lock)
        .collect()
}

/// Every file under `root` (links not followed) whose content contains `needle`.
fn files_containing(root: &Path, needle: &str) -> Vec<PathBuf> {
    snapshot(root)
        .into_iter()
        .filter(|(path, bytes)| {
            !std::fs::symlink_metadata(path).unwrap().is_symlink()
                && String::from_utf8_lossy(bytes).contains(needle)
        })
        .map(|(path, _)| path)
        .collect()
}

fn files_in(neg: &Neg, rel: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(neg.path(rel))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn assert_code(output: &std::process::Output, expected: i32, what: &str) {
    assert_eq!(
        code(output),
        expected,
        "{what}:\nstdout: {}\nstderr: {}",
        stdout(output),
        stderr(output)
    );
}

// ---------------------------------------------------------------------------------------------
// Defect 1: no locking. The sequential half: a taken name is refused, a new record never
// overwrites an existing one. (The races are in concurrency.rs.)
// ---------------------------------------------------------------------------------------------

/// The scripts appended the same name twice when two agents registered it; a second
/// registration of a taken name must answer 1 and leave one line.
#[test]
fn defect_1_a_taken_name_is_answered_1_and_registered_once() {
    let neg = Neg::init(3);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    let output = neg.run_at(&at(5), &["register", "{dir}", "agent-alpha"]);
    assert_code(&output, 1, "second registration of agent-alpha");
    assert_eq!(stdout(&output).trim(), "Already registered: agent-alpha");
    assert_eq!(neg.read("agents.md").matches("- agent-alpha (").count(), 1);
}

/// The scripts computed the number and then wrote with `>`, truncating whatever was there.
/// Records are created exclusively: the same topic twice gets two files, the first untouched.
#[test]
fn defect_1_new_issues_and_drafts_never_overwrite_an_existing_file() {
    let neg = Neg::started(2);
    assert_eq!(
        neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "same"]),
        "01-same.md\n"
    );
    neg.write(
        "issues-draft/agent-alpha/01-same.md",
        "alpha's edited draft\n",
    );
    assert_eq!(
        neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "same"]),
        "02-same.md\n"
    );
    assert_eq!(
        neg.read("issues-draft/agent-alpha/01-same.md"),
        "alpha's edited draft\n"
    );

    let neg = Neg::in_positions(2);
    assert_eq!(
        neg.ok(&["new-issue", "{dir}", "caching"]),
        "03-caching.md\n"
    );
    neg.write("issues/03-caching.md", "the first caching issue\n");
    assert_eq!(
        neg.ok(&["new-issue", "{dir}", "caching"]),
        "04-caching.md\n"
    );
    assert_eq!(
        neg.read("issues/03-caching.md"),
        "the first caching issue\n"
    );
}

// ---------------------------------------------------------------------------------------------
// Defect 2: deadline lost. The sequential half.
// ---------------------------------------------------------------------------------------------

/// The scripts wrote the deadline only in the registration that counted exactly 1. It must be
/// written once, at the first registration, and never moved by later ones.
#[test]
fn defect_2_the_deadline_is_written_once_at_the_first_registration() {
    let neg = Neg::init(3);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    let output = neg.run_at(&at(30), &["register", "{dir}", "agent-beta"]);
    assert_code(&output, 0, "register agent-beta");
    let output = neg.run_at(&at(60), &["register", "{dir}", "agent-gamma"]);
    assert_code(&output, 0, "register agent-gamma");
    let meta = neg.read("meta.md");
    assert_eq!(meta.matches("registration_deadline").count(), 1, "{meta}");
    assert!(meta.contains(&format!("- **registration_deadline:** {}", at(120))));
}

/// With the deadline lost, `wait-for-start` hung forever. A directory that lacks it (made by
/// the scripts) still starts once first registration + window has passed.
#[test]
fn defect_2_a_directory_without_a_deadline_still_starts() {
    let neg = Neg::init(3);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    let meta: String = neg
        .read("meta.md")
        .lines()
        .filter(|l| !l.contains("registration_deadline"))
        .map(|l| format!("{l}\n"))
        .collect();
    neg.write("meta.md", &meta);
    let output = neg.run_at(
        &at(121),
        &[
            "wait-for-start",
            "{dir}",
            "agent-alpha",
            "--allow-partial",
            "--timeout",
            "10",
        ],
    );
    assert_code(&output, 0, "wait-for-start without a deadline line");
    assert!(stdout(&output).contains("Registration deadline passed. Proceeding with 2 agents."));
    assert_eq!(neg.turn(), "agent-alpha");
}

// ---------------------------------------------------------------------------------------------
// Defect 3: code injection through `.turn-started`.
// ---------------------------------------------------------------------------------------------

/// `poll.sh` evaluated line 2 of `.turn-started` as shell arithmetic, so `$(cmd)` ran in the
/// polling agent's process. It must be parsed strictly: exit 65 naming the file and line 2,
/// nothing executed, nothing changed.
#[test]
fn defect_3_turn_started_is_parsed_never_evaluated() {
    let neg = Neg::started(2);
    let witness = neg.tmp.path().join("pwned");
    let payloads = [
        format!("$(touch {})", witness.display()),
        format!("`touch {}`", witness.display()),
        "1+1".to_owned(),
        format!("{}; touch {}", unix(0), witness.display()),
        "0x10".to_owned(),
    ];
    for payload in payloads {
        neg.write(".turn-started", &format!("agent-alpha\n{payload}\n"));
        let before = workspace(&neg);
        for args in [
            vec!["poll", "{dir}", "agent-beta"],
            vec!["poll", "{dir}", "agent-alpha"],
            vec!["status", "{dir}"],
        ] {
            let output = neg.run_at(&at(601), &args);
            assert_code(&output, 65, &format!("{args:?} with line 2 {payload:?}"));
            let err = stderr(&output);
            assert!(
                err.contains(".turn-started:2"),
                "{payload:?}: stderr does not name .turn-started line 2: {err}"
            );
        }
        assert!(!witness.exists(), "{payload:?} was executed");
        assert_eq!(workspace(&neg), before, "{payload:?} changed the directory");
        assert_eq!(neg.turn(), "agent-alpha");
    }
}

// ---------------------------------------------------------------------------------------------
// Defect 4: octal numbering.
// ---------------------------------------------------------------------------------------------

/// `08` and `09` were read as invalid octal, so the 9th and later drafts all got `08`.
#[test]
fn defect_4_drafts_are_numbered_in_decimal_past_08() {
    let neg = Neg::started(2);
    for n in 1..=11 {
        let out = neg.ok(&[
            "file-draft-issue",
            "{dir}",
            "agent-alpha",
            &format!("topic-{n}"),
        ]);
        assert_eq!(out, format!("{n:02}-topic-{n}.md\n"));
    }
    let files = files_in(&neg, "issues-draft/agent-alpha");
    assert_eq!(files.len(), 11);
    for expected in [
        "08-topic-8.md",
        "09-topic-9.md",
        "10-topic-10.md",
        "11-topic-11.md",
    ] {
        assert!(
            files.contains(&expected.to_owned()),
            "{expected} missing: {files:?}"
        );
    }
}

/// A draft numbered `09` by hand, or an `issues/09-*`, is followed by 10, not by 08 or 01.
#[test]
fn defect_4_the_merge_and_new_issues_count_past_09() {
    let neg = Neg::started(2);
    for n in 1..=5 {
        neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", &format!("a{n}")]);
    }
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    // agent-beta's first drafts, then one numbered 09 by hand: the next is 10.
    for n in 1..=4 {
        neg.ok(&["file-draft-issue", "{dir}", "agent-beta", &format!("b{n}")]);
    }
    neg.write("issues-draft/agent-beta/09-b5.md", "# Issue: b5\n");
    assert_eq!(
        neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "b6"]),
        "10-b6.md\n"
    );
    neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    assert_eq!(
        files_in(&neg, "issues"),
        [
            "01-a1.md", "02-b1.md", "03-a2.md", "04-b2.md", "05-a3.md", "06-b3.md", "07-a4.md",
            "08-b4.md", "09-a5.md", "10-b5.md", "11-b6.md"
        ]
    );
    assert_eq!(neg.ok(&["new-issue", "{dir}", "late"]), "12-late.md\n");
}

// ---------------------------------------------------------------------------------------------
// Defect 5: turn theft.
// ---------------------------------------------------------------------------------------------

/// `hand-off.sh` never checked the caller: anyone could take the turn from the holder.
#[test]
fn defect_5_only_the_holder_may_hand_off() {
    let neg = Neg::in_positions(2);
    let before = neg.read(".turn-started");
    for agent in ["agent-beta", "agent-zeta"] {
        let output = neg.run(&["hand-off", "{dir}", agent]);
        assert_code(&output, 4, &format!("hand-off by {agent}"));
        assert!(!stdout(&output).contains("Turn handed to"));
    }
    assert_eq!(neg.turn(), "agent-alpha");
    assert_eq!(neg.read(".turn-started"), before);
}

/// A skipped agent that woke up could still hand off, taking the turn from its successor.
#[test]
fn defect_5_a_skipped_agent_cannot_hand_off_when_it_wakes_up() {
    let neg = Neg::in_positions(2);
    let output = neg.run_at(&at(601), &["poll", "{dir}", "agent-beta"]);
    assert_code(&output, 0, "agent-beta's poll skipping agent-alpha");
    assert_eq!(neg.turn(), "agent-beta");
    let output = neg.run_at(&at(602), &["hand-off", "{dir}", "agent-alpha"]);
    assert_code(&output, 4, "hand-off by the skipped agent-alpha");
    assert_eq!(neg.turn(), "agent-beta");
}

/// The analysis turn is the holder's too: `end-analysis` by someone else is refused.
#[test]
fn defect_5_only_the_holder_may_end_its_analysis() {
    let neg = Neg::started(2);
    let output = neg.run(&["end-analysis", "{dir}", "agent-beta"]);
    assert_code(
        &output,
        4,
        "end-analysis by agent-beta while agent-alpha holds the turn",
    );
    assert!(!neg.path("analysis/.agent-beta-done").exists());
    assert_eq!(neg.turn(), "agent-alpha");
    assert_eq!(neg.read("phase.md").trim(), "analysis");
}

/// `hand-off` after `finish` rewrote `turn.md` and reopened the negotiation. Every command
/// that would change a finished negotiation answers 2, and it stays done.
#[test]
fn defect_5_a_finished_negotiation_stays_finished() {
    let neg = Neg::in_positions(2);
    neg.make_finishable();
    neg.ok(&["finish", "{dir}"]);
    assert_eq!(neg.turn(), "done");
    let before = workspace(&neg);
    for args in [
        vec!["hand-off", "{dir}", "agent-alpha"],
        vec!["hand-off", "{dir}", "agent-beta"],
        vec!["end-analysis", "{dir}", "agent-alpha"],
        vec!["file-draft-issue", "{dir}", "agent-alpha", "more"],
        vec!["new-issue", "{dir}", "more"],
        vec!["register", "{dir}", "agent-gamma"],
        vec!["wait-for-start", "{dir}", "agent-alpha", "--timeout", "5"],
        vec!["poll", "{dir}", "agent-alpha"],
        vec!["finish", "{dir}"],
    ] {
        let output = neg.run_at(&at(5000), &args);
        assert_code(&output, 2, &format!("{args:?} after finish"));
        assert_eq!(neg.turn(), "done", "{args:?} reopened the negotiation");
    }
    assert_eq!(workspace(&neg), before);
}

/// A late `wait-for-start` reset `turn.md` to the first agent mid-game. The first turn is set
/// once; a second or late wait-for-start only reports.
#[test]
fn defect_5_a_late_wait_for_start_does_not_reset_the_turn() {
    // In the analysis phase.
    let neg = Neg::started(2);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    assert_eq!(neg.turn(), "agent-beta");
    let timer = neg.read(".turn-started");
    let output = neg.run_at(&at(30), &["wait-for-start", "{dir}", "agent-alpha"]);
    assert_code(&output, 0, "late wait-for-start");
    assert!(stdout(&output).contains("First turn: agent-alpha"));
    assert_eq!(neg.turn(), "agent-beta");
    assert_eq!(neg.read(".turn-started"), timer);

    // In the positions phase, after a hand-off.
    let neg = Neg::in_positions(2);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    let timer = neg.read(".turn-started");
    for agent in ["agent-alpha", "agent-beta"] {
        let output = neg.run_at(&at(30), &["wait-for-start", "{dir}", agent]);
        assert_code(&output, 0, &format!("wait-for-start by {agent} mid-game"));
        assert_eq!(neg.turn(), "agent-beta");
        assert_eq!(neg.read(".turn-started"), timer);
    }
}

// ---------------------------------------------------------------------------------------------
// Defect 6: late registration.
// ---------------------------------------------------------------------------------------------

/// `register.sh` accepted an agent after play had started (with room left in the count).
#[test]
fn defect_6_registration_after_the_start_is_refused() {
    let neg = Neg::init(3);
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    let output = neg.run_at(
        &at(121),
        &[
            "wait-for-start",
            "{dir}",
            "agent-alpha",
            "--allow-partial",
            "--timeout",
            "10",
        ],
    );
    assert_code(&output, 0, "partial start");
    let agents = neg.read("agents.md");
    let output = neg.run_at(&at(122), &["register", "{dir}", "agent-gamma"]);
    assert_code(&output, 4, "register after the start");
    assert!(
        stderr(&output).contains("registration is closed"),
        "{}",
        stderr(&output)
    );
    assert_eq!(neg.read("agents.md"), agents);

    let neg = Neg::in_positions(2);
    let output = neg.run(&["register", "{dir}", "agent-gamma"]);
    assert_code(&output, 4, "register in the positions phase");
    assert!(!neg.read("agents.md").contains("agent-gamma"));
}

// ---------------------------------------------------------------------------------------------
// Defect 7: turn timer holes.
// ---------------------------------------------------------------------------------------------

/// The timer started at the holder's first poll, so a holder that never polled was never
/// skipped. It starts when the turn is given.
#[test]
fn defect_7_a_holder_that_never_polled_is_skipped() {
    let neg = Neg::started(2);
    assert_eq!(
        neg.read(".turn-started"),
        format!("agent-alpha\n{}\n", unix(0))
    );
    let output = neg.run_at(&at(601), &["poll", "{dir}", "agent-beta"]);
    assert_code(&output, 0, "poll by agent-beta after 601 s");
    let out = stdout(&output);
    assert!(
        out.contains(
            "Turn timeout: agent-alpha has been inactive for 601s (limit: 600s). Skipping."
        ),
        "{out}"
    );
    assert!(
        out.contains("Skipped agent-alpha, turn passed to agent-beta"),
        "{out}"
    );
    assert!(out.contains("your-turn"), "{out}");
    assert_eq!(neg.turn(), "agent-beta");
}

/// "Inactive longer than turn_timeout_seconds": exactly 600 s is not yet a timeout.
#[test]
fn defect_7_exactly_at_the_limit_nobody_is_skipped() {
    let neg = Neg::in_positions(2);
    let output = neg.run_at(&at(600), &["poll", "{dir}", "agent-beta"]);
    assert_code(&output, 1, "poll by agent-beta at exactly 600 s");
    assert!(!stdout(&output).contains("Turn timeout"));
    assert!(stdout(&output).contains("waiting (current turn: agent-alpha)"));
    assert_eq!(neg.turn(), "agent-alpha");
}

/// After a skip, the scripts left the new holder without a timer: it could never be skipped.
#[test]
fn defect_7_the_new_holder_gets_a_timer_and_is_skipped_in_turn() {
    let neg = Neg::in_positions(2);
    neg.run_at(&at(601), &["poll", "{dir}", "agent-beta"]);
    assert_eq!(neg.turn(), "agent-beta");
    assert_eq!(
        neg.read(".turn-started"),
        format!("agent-beta\n{}\n", unix(601))
    );
    let output = neg.run_at(&at(1201), &["poll", "{dir}", "agent-alpha"]);
    assert_code(&output, 1, "poll by agent-alpha 600 s after the skip");
    assert_eq!(neg.turn(), "agent-beta");
    let output = neg.run_at(&at(1202), &["poll", "{dir}", "agent-alpha"]);
    assert_code(&output, 0, "poll by agent-alpha 601 s after the skip");
    let out = stdout(&output);
    assert!(
        out.contains(
            "Turn timeout: agent-beta has been inactive for 601s (limit: 600s). Skipping."
        ),
        "{out}"
    );
    assert!(
        out.contains("Skipped agent-beta, turn passed to agent-alpha"),
        "{out}"
    );
    assert_eq!(neg.turn(), "agent-alpha");
}

/// The holder's own commands are activity: its poll at +500 restarts the timer, so another
/// agent's poll at +700 does not skip it, and one at +1101 does.
#[test]
fn defect_7_holder_activity_restarts_its_timer() {
    let neg = Neg::in_positions(2);
    let output = neg.run_at(&at(500), &["poll", "{dir}", "agent-alpha"]);
    assert_code(&output, 0, "the holder's poll at +500");
    assert_eq!(
        neg.read(".turn-started"),
        format!("agent-alpha\n{}\n", unix(500))
    );
    let output = neg.run_at(&at(700), &["poll", "{dir}", "agent-beta"]);
    assert_code(&output, 1, "agent-beta's poll at +700");
    assert_eq!(neg.turn(), "agent-alpha");
    let output = neg.run_at(&at(1101), &["poll", "{dir}", "agent-beta"]);
    assert_code(&output, 0, "agent-beta's poll at +1101");
    assert!(stdout(&output).contains("agent-alpha has been inactive for 601s"));
}

/// A long analysis turn with no poll was skipped mid-work. Filing a draft is activity.
#[test]
fn defect_7_a_draft_is_activity_during_a_long_analysis() {
    let neg = Neg::started(2);
    let output = neg.run_at(
        &at(500),
        &["file-draft-issue", "{dir}", "agent-alpha", "slow-work"],
    );
    assert_code(&output, 0, "agent-alpha's draft at +500");
    let output = neg.run_at(&at(700), &["poll", "{dir}", "agent-beta"]);
    assert_code(&output, 1, "agent-beta's poll at +700");
    assert_eq!(neg.turn(), "agent-alpha");
    assert!(!neg.path("analysis/.agent-alpha-done").exists());
}

/// The holder's own poll, however late, is activity, not a reason to skip it: poll answers
/// "your-turn" to the holder before it looks at the timer (§3), and any command of the holder
/// restarts its timer (§5.7).
#[test]
fn defect_7_the_holders_own_late_poll_is_activity_not_a_skip() {
    let neg = Neg::started(2);
    let output = neg.run_at(&at(601), &["poll", "{dir}", "agent-alpha"]);
    assert_code(&output, 0, "the holder's own poll at +601");
    assert!(
        !stdout(&output).contains("Turn timeout"),
        "{}",
        stdout(&output)
    );
    assert_eq!(neg.turn(), "agent-alpha");
    assert!(
        !neg.path("analysis/.agent-alpha-done").exists(),
        "the holder's own poll forfeited its analysis"
    );
    assert_eq!(
        neg.read(".turn-started"),
        format!("agent-alpha\n{}\n", unix(601))
    );
}

/// An agent dead in the analysis phase blocked the merge forever. A skipped agent's analysis
/// is forfeited (its drafts kept), and when it was the last one pending, the skip merges.
#[test]
fn defect_7_a_dead_last_analyst_is_forfeited_and_the_skip_merges() {
    let neg = Neg::started(2);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "a-one"]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "b-one"]);
    // agent-beta dies mid-analysis.
    let output = neg.run_at(&at(601), &["poll", "{dir}", "agent-alpha"]);
    assert_code(
        &output,
        0,
        "agent-alpha's poll skipping the dead agent-beta",
    );
    let out = stdout(&output);
    assert!(
        out.contains(
            "Turn timeout: agent-beta has been inactive for 601s (limit: 600s). Skipping."
        ),
        "{out}"
    );
    assert!(
        out.contains("Skipped agent-beta, turn passed to agent-alpha"),
        "{out}"
    );
    assert_eq!(neg.read("phase.md").trim(), "positions");
    assert_eq!(files_in(&neg, "issues"), ["01-a-one.md", "02-b-one.md"]);
    assert!(neg.path("analysis/.agent-beta-done").exists());
    assert_eq!(neg.turn(), "agent-alpha");
}

/// A forfeited analysis that is not the last keeps its drafts for the later merge.
#[test]
fn defect_7_a_forfeited_analysis_keeps_its_drafts() {
    let neg = Neg::started(2);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "a-one"]);
    let output = neg.run_at(&at(601), &["poll", "{dir}", "agent-beta"]);
    assert_code(&output, 0, "agent-beta's poll skipping agent-alpha");
    assert!(neg.path("analysis/.agent-alpha-done").exists());
    assert_eq!(neg.read("phase.md").trim(), "analysis");
    neg.run_at(
        &at(602),
        &["file-draft-issue", "{dir}", "agent-beta", "b-one"],
    );
    let output = neg.run_at(&at(603), &["end-analysis", "{dir}", "agent-beta"]);
    assert_code(&output, 0, "the last end-analysis");
    assert!(stdout(&output).contains("Merged 2 issues total."));
    assert_eq!(files_in(&neg, "issues"), ["01-a-one.md", "02-b-one.md"]);
    assert_eq!(neg.read("phase.md").trim(), "positions");
}

// ---------------------------------------------------------------------------------------------
// Defect 8: path escape.
// ---------------------------------------------------------------------------------------------

/// Names were not validated in `file-draft-issue` and `end-analysis`: `../../x` created
/// directories and files outside DIR.
#[test]
fn defect_8_path_names_are_refused_and_nothing_is_created_outside() {
    let neg = Neg::started(2);
    let far = std::env::temp_dir().join(format!("parley-defect-8-{}", std::process::id()));
    let far_name = format!("../../../../../../../..{}", far.display());
    let before = workspace(&neg);
    let cases: Vec<Vec<&str>> = vec![
        vec!["file-draft-issue", "{dir}", "../../escape", "topic"],
        vec!["file-draft-issue", "{dir}", "agent-alpha", "../../escape"],
        vec!["file-draft-issue", "{dir}", &far_name, "topic"],
        vec!["file-draft-issue", "{dir}", "agent-alpha", &far_name],
        vec!["end-analysis", "{dir}", "../../escape"],
        vec!["end-analysis", "{dir}", "../agent-alpha"],
        vec!["end-analysis", "{dir}", &far_name],
    ];
    for args in cases {
        let output = neg.run(&args);
        assert_code(&output, 65, &format!("{args:?}"));
        assert_eq!(workspace(&neg), before, "{args:?} changed the workspace");
        assert!(!far.exists(), "{args:?} created {}", far.display());
    }
}

/// Symlinks inside DIR were followed by every write: a link planted at an agent's draft
/// directory made `file-draft-issue` write outside DIR.
#[test]
fn defect_8_a_planted_draft_directory_link_is_not_followed() {
    let neg = Neg::started(2);
    let outside = neg.tmp.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::os::unix::fs::symlink(&outside, neg.path("issues-draft/agent-alpha")).unwrap();
    let output = neg.run(&["file-draft-issue", "{dir}", "agent-alpha", "topic-x"]);
    assert_code(&output, 65, "file-draft-issue through a planted link");
    assert!(
        stderr(&output).contains("agent-alpha"),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
}

/// A link planted among the issues made readers copy any file (a secret) into the
/// negotiation. `status` and `new-issue` refuse it; the secret is never read or copied.
#[test]
fn defect_8_a_linked_issue_is_refused_and_its_target_never_copied() {
    let neg = Neg::in_positions(2);
    let secret = neg.tmp.path().join("secret.txt");
    std::fs::write(&secret, "TOPSECRET-8\n").unwrap();
    std::os::unix::fs::symlink(&secret, neg.path("issues/05-x.md")).unwrap();
    let before = workspace(&neg);
    for args in [
        vec!["status", "{dir}"],
        vec!["status", "{dir}", "--json"],
        vec!["new-issue", "{dir}", "more"],
        vec!["finish", "{dir}"],
    ] {
        let output = neg.run(&args);
        assert_code(&output, 65, &format!("{args:?} with a linked issue"));
        assert!(
            stderr(&output).contains("05-x.md") || stdout(&output).contains("05-x.md"),
            "{args:?} does not name the link"
        );
        assert!(!stdout(&output).contains("TOPSECRET"));
        assert!(!stderr(&output).contains("TOPSECRET"));
        assert_eq!(workspace(&neg), before, "{args:?} changed the workspace");
    }
    assert!(files_containing(&neg.dir, "TOPSECRET").is_empty());
}

/// A link among an agent's drafts was copied (followed) into `issues/` by the merge.
#[test]
fn defect_8_a_linked_draft_is_never_merged() {
    let neg = Neg::started(2);
    let secret = neg.tmp.path().join("secret.txt");
    std::fs::write(&secret, "TOPSECRET-8\n").unwrap();
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "a-one"]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "b-one"]);
    std::os::unix::fs::symlink(&secret, neg.path("issues-draft/agent-beta/02-leak.md")).unwrap();
    let output = neg.run(&["end-analysis", "{dir}", "agent-beta"]);
    assert_code(&output, 65, "the merge with a linked draft");
    assert!(
        stderr(&output).contains("02-leak.md"),
        "{}",
        stderr(&output)
    );
    assert!(files_containing(&neg.dir, "TOPSECRET").is_empty());
    assert!(files_in(&neg, "issues").is_empty());
    assert_eq!(neg.read("phase.md").trim(), "analysis");
}

/// The same through a link planted for the whole drafts directory: the merge must not read
/// drafts from outside DIR and copy them into `issues/`.
#[test]
fn defect_8_a_linked_drafts_directory_is_never_merged() {
    let neg = Neg::started(2);
    let outside = neg.tmp.path().join("outside");
    std::fs::create_dir_all(outside.join("agent-beta")).unwrap();
    std::fs::write(outside.join("agent-beta/01-secret.md"), "TOPSECRET-8\n").unwrap();
    std::fs::remove_dir(neg.path("issues-draft")).unwrap();
    std::os::unix::fs::symlink(&outside, neg.path("issues-draft")).unwrap();
    // agent-alpha's end-analysis does not merge (agent-beta is pending).
    neg.run(&["end-analysis", "{dir}", "agent-alpha"]);
    let output = neg.run(&["end-analysis", "{dir}", "agent-beta"]);
    let leaked = files_containing(&neg.dir, "TOPSECRET");
    assert!(
        leaked.is_empty(),
        "the merge copied a file from outside DIR through the issues-draft link into {leaked:?}\nstdout: {}",
        stdout(&output)
    );
    assert_code(&output, 65, "the merge through a linked issues-draft");
    assert_eq!(neg.read("phase.md").trim(), "analysis");
}

/// The merge makes each issue the draft's own file under a second name, but only for a draft
/// with no other name: a draft planted as a hard link to a file outside DIR is copied, so
/// that writing into the merged issue never writes into that file.
#[test]
fn defect_8_a_hard_linked_draft_is_copied_never_linked_again() {
    use std::os::unix::fs::MetadataExt;
    let neg = Neg::started(2);
    let outside = neg.tmp.path().join("outside.md");
    std::fs::write(&outside, "# Issue: planted\n").unwrap();
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "own"]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    std::fs::create_dir_all(neg.path("issues-draft/agent-beta")).unwrap();
    std::fs::hard_link(&outside, neg.path("issues-draft/agent-beta/01-planted.md")).unwrap();
    neg.ok(&["end-analysis", "{dir}", "agent-beta"]);

    let inode = |path: &std::path::Path| std::fs::metadata(path).unwrap().ino();
    assert_eq!(
        inode(&neg.path("issues/01-own.md")),
        inode(&neg.path("issues-draft/agent-alpha/01-own.md")),
        "a draft with one name is merged as itself"
    );
    assert_eq!(neg.read("issues/02-planted.md"), "# Issue: planted\n");
    assert_ne!(
        inode(&neg.path("issues/02-planted.md")),
        inode(&outside),
        "the merged issue is the file outside DIR"
    );
    assert_eq!(std::fs::metadata(&outside).unwrap().nlink(), 2);
}

/// State files replaced by links to files outside DIR are never written through.
#[test]
fn defect_8_a_linked_state_file_is_never_written_through() {
    let neg = Neg::in_positions(2);
    for file in [
        "turn.md",
        ".turn-started",
        "phase.md",
        "agents.md",
        "meta.md",
    ] {
        let original = neg.read(file);
        let victim = neg
            .tmp
            .path()
            .join(format!("victim-{}", file.trim_start_matches('.')));
        std::fs::write(&victim, &original).unwrap();
        std::fs::remove_file(neg.path(file)).unwrap();
        std::os::unix::fs::symlink(&victim, neg.path(file)).unwrap();
        for args in [
            vec!["hand-off", "{dir}", "agent-alpha"],
            vec!["poll", "{dir}", "agent-beta"],
        ] {
            let output = neg.run_at(&at(601), &args);
            assert_code(&output, 65, &format!("{args:?} with {file} linked"));
            assert_eq!(
                std::fs::read_to_string(&victim).unwrap(),
                original,
                "{args:?} wrote through the {file} link"
            );
        }
        std::fs::remove_file(neg.path(file)).unwrap();
        neg.write(file, &original);
    }
}

// ---------------------------------------------------------------------------------------------
// Defect 9: crashes on ordinary files.
// ---------------------------------------------------------------------------------------------

/// A positions file without a status line made `status` and `finish` stop half way with
/// exit 1. It is OPEN, with a warning.
#[test]
fn defect_9_a_positions_file_without_status_is_open() {
    let neg = Neg::in_positions(2);
    neg.write(
        "positions/01-topic-0.md",
        "# Positions: topic 0\n\n## agent-alpha's position (round 1)\nA.\n",
    );
    let output = neg.run(&["status", "{dir}"]);
    assert_code(&output, 0, "status with a status-less positions file");
    let out = stdout(&output);
    assert!(out.contains("🔄 01-topic-0.md"), "{out}");
    assert!(out.contains("[OPEN]"), "{out}");
    assert!(
        out.contains("02-topic-1.md"),
        "status stopped half way: {out}"
    );
    assert!(
        out.contains("Summary: 2 issues — 0 agreed, 2 open, 0 escalated"),
        "{out}"
    );
    let err = stderr(&output);
    assert!(err.contains("warning"), "{err}");
    assert!(err.contains("01-topic-0.md"), "{err}");

    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish with a status-less positions file");
    let out = stdout(&output);
    assert!(out.contains("NOT AGREED: 01-topic-0.md (OPEN)"), "{out}");
    assert!(out.contains("NO POSITIONS: 02-topic-1.md"), "{out}");
}

/// A missing `turn.md` made `poll` exit 1, which reads as "wait": agents waited forever.
/// A missing state file is an error >= 64 naming it.
#[test]
fn defect_9_a_missing_state_file_is_an_error_not_a_wait() {
    for file in ["turn.md", "phase.md", "agents.md"] {
        let neg = Neg::started(2);
        std::fs::remove_file(neg.path(file)).unwrap();
        for args in [
            vec!["poll", "{dir}", "agent-beta"],
            vec!["poll", "{dir}", "agent-alpha"],
            vec!["status", "{dir}"],
        ] {
            let output = neg.run(&args);
            assert_code(&output, 65, &format!("{args:?} without {file}"));
            assert!(
                stderr(&output).contains(file),
                "{args:?}: stderr does not name {file}: {}",
                stderr(&output)
            );
        }
        assert!(!neg.path(file).exists(), "{file} was silently recreated");
    }
}

// ---------------------------------------------------------------------------------------------
// Defect 10: loose matching.
// ---------------------------------------------------------------------------------------------

/// `grep AGREED` counted `AGREEDISH` (and `NOT AGREED`) as agreed.
#[test]
fn defect_10_only_the_exact_agreed_status_counts() {
    for word in [
        "AGREEDISH",
        "NOT AGREED",
        "AGREED?",
        "agreed",
        "AGREED (mostly)",
    ] {
        let neg = Neg::in_positions(2);
        neg.make_finishable();
        neg.positions(
            "01-topic-0.md",
            &[
                ("agent-alpha", "position", 1),
                ("agent-beta", "position", 1),
                ("agent-alpha", "challenge", 1),
                ("agent-beta", "position", 2),
            ],
            word,
        );
        let status = neg.run(&["status", "{dir}"]);
        assert_code(&status, 0, &format!("status with {word:?}"));
        assert!(
            !stdout(&status).contains("✅ 01-topic-0.md"),
            "{word:?} shown as agreed"
        );
        assert!(!stdout(&status).contains("All issues resolved"));
        let output = neg.run(&["finish", "{dir}"]);
        assert_code(&output, 1, &format!("finish with status {word:?}"));
        assert!(
            stdout(&output).contains("NOT AGREED: 01-topic-0.md"),
            "{word:?}: {}",
            stdout(&output)
        );
        assert_ne!(neg.turn(), "done");
    }
}

/// The status line's own form is exact too: `## Status:AGREED` (no space) or two spaces are
/// OPEN with a warning; trailing spaces and a CRLF ending (an editor's) are not a new form.
#[test]
fn defect_10_only_the_exact_status_line_form_counts() {
    let entries = "# Positions: topic 0\n\n\
         ## agent-alpha's position (round 1)\nA.\n\n\
         ## agent-beta's challenge (round 1)\nB.\n\n\
         ## agent-beta's position (round 1)\nC.\n\n";
    for (line, agreed) in [
        ("## Status:AGREED\n", false),
        ("## Status:  AGREED\n", false),
        ("## Status:\tAGREED\n", false),
        ("## Status: AGREED  \n", true),
        ("## Status: AGREED\r\n", true),
    ] {
        let neg = Neg::in_positions(2);
        neg.write(
            "positions/01-topic-0.md",
            &format!("{entries}{line}Decision.\n"),
        );
        let status = neg.run(&["status", "{dir}"]);
        assert_code(&status, 0, &format!("status with {line:?}"));
        assert_eq!(
            stdout(&status).contains("✅ 01-topic-0.md"),
            agreed,
            "{line:?}: {}",
            stdout(&status)
        );
        if !agreed {
            assert!(
                stderr(&status).contains("unrecognized status"),
                "{line:?}: {}",
                stderr(&status)
            );
        }
    }
}

/// `grep "'s challenge"` let any prose mentioning a challenge satisfy the challenge rule.
#[test]
fn defect_10_prose_mentioning_a_challenge_is_not_a_challenge() {
    let neg = Neg::in_positions(2);
    neg.make_finishable();
    neg.write(
        "positions/01-topic-0.md",
        "# Positions: topic 0\n\n\
         ## agent-alpha's position (round 1)\nI answer agent-beta's challenge (round 1) below.\n\n\
         ## agent-beta's position (round 1)\nSee agent-alpha's challenge.\n\n\
         ### agent-beta's challenge (round 1)\nnot a level-2 heading\n\n\
         ## agent-beta's challenge\nno round\n\n\
         ## agent-beta's challenge (round one)\nnot a number\n\n\
         ## Notes on agent-alpha's challenge (round 2)\nprose in a heading\n\n\
         ## Status: AGREED\nDecision.\n",
    );
    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish with only prose about challenges");
    assert!(
        stdout(&output).contains("MISSING CHALLENGE: 01-topic-0.md"),
        "{}",
        stdout(&output)
    );
    assert_ne!(neg.turn(), "done");
}

/// An agents line without the space before `(registered:` became an agent named
/// `- agent-alpha`. It is an error naming agents.md and the line.
#[test]
fn defect_10_an_agents_line_without_its_space_is_an_error() {
    let neg = Neg::started(2);
    let text = neg.read("agents.md");
    let line_no = text
        .lines()
        .position(|l| l.starts_with("- agent-alpha ("))
        .unwrap()
        + 1;
    neg.write(
        "agents.md",
        &text.replace("- agent-alpha (registered:", "- agent-alpha(registered:"),
    );
    for args in [
        vec!["status", "{dir}"],
        vec!["poll", "{dir}", "agent-beta"],
        vec!["hand-off", "{dir}", "agent-alpha"],
    ] {
        let output = neg.run(&args);
        assert_code(&output, 65, &format!("{args:?} with a glued agents line"));
        let err = stderr(&output);
        assert!(
            err.contains(&format!("agents.md:{line_no}")),
            "{args:?}: stderr does not name agents.md:{line_no}: {err}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Defect 11: torn and partial writes, repeated merges.
// ---------------------------------------------------------------------------------------------

/// Running `end-analysis` again re-merged the drafts and overwrote the issues (and the
/// positions agents had started on them). It is refused (wrong phase) and changes nothing.
#[test]
fn defect_11_a_second_end_analysis_does_not_merge_again() {
    let neg = Neg::in_positions(2);
    neg.write("issues/01-topic-0.md", "# Issue: edited after the merge\n");
    neg.positions("01-topic-0.md", &[("agent-alpha", "position", 1)], "OPEN");
    let before = workspace(&neg);
    for agent in ["agent-alpha", "agent-beta"] {
        let output = neg.run(&["end-analysis", "{dir}", agent]);
        assert_code(&output, 4, &format!("a second end-analysis by {agent}"));
        assert!(!stdout(&output).contains("Merged"));
    }
    assert_eq!(workspace(&neg), before);
    assert_eq!(neg.read("phase.md").trim(), "positions");
}

/// The merge could stop half way with `phase.md` unset. A merge that cannot complete
/// changes nothing (no issue, no phase change, no done marker, the turn stays), and once the
/// obstacle is gone it runs, once.
#[test]
fn defect_11_a_failed_merge_changes_nothing_and_can_be_retried() {
    let neg = Neg::started(2);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "a-one"]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "b-one"]);
    // An obstacle: a directory where a draft file belongs.
    std::fs::create_dir(neg.path("issues-draft/agent-beta/02-odd.md")).unwrap();
    let before = workspace(&neg);
    let output = neg.run(&["end-analysis", "{dir}", "agent-beta"]);
    assert_code(
        &output,
        65,
        "a merge blocked by a directory among the drafts",
    );
    assert!(stderr(&output).contains("02-odd.md"), "{}", stderr(&output));
    assert_eq!(workspace(&neg), before, "the failed merge left changes");
    assert!(files_in(&neg, "issues").is_empty());
    assert_eq!(neg.read("phase.md").trim(), "analysis");
    assert!(!neg.path("analysis/.agent-beta-done").exists());
    assert_eq!(neg.turn(), "agent-beta");

    std::fs::remove_dir(neg.path("issues-draft/agent-beta/02-odd.md")).unwrap();
    let out = neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    assert!(out.contains("Merged 2 issues total."), "{out}");
    assert_eq!(files_in(&neg, "issues"), ["01-a-one.md", "02-b-one.md"]);
    assert_eq!(neg.read("phase.md").trim(), "positions");
}

/// An `end-analysis` that fails must fail whole. With a link planted for `analysis/` after
/// the first agent's end, the last `end-analysis` is refused (65): it must not have merged
/// the drafts and switched the phase on its way to the refusal.
#[test]
fn defect_11_an_end_analysis_refused_for_a_link_has_not_merged() {
    let neg = Neg::started(2);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "a-one"]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "b-one"]);
    let moved = neg.tmp.path().join("analysis-elsewhere");
    std::fs::create_dir(&moved).unwrap();
    for entry in std::fs::read_dir(neg.path("analysis")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), moved.join(entry.file_name())).unwrap();
    }
    std::fs::remove_dir_all(neg.path("analysis")).unwrap();
    std::os::unix::fs::symlink(&moved, neg.path("analysis")).unwrap();
    let output = neg.run(&["end-analysis", "{dir}", "agent-beta"]);
    assert_code(&output, 65, "end-analysis with analysis/ linked");
    assert!(
        files_in(&neg, "issues").is_empty(),
        "the refused end-analysis merged anyway: {:?}",
        files_in(&neg, "issues")
    );
    assert_eq!(
        neg.read("phase.md").trim(),
        "analysis",
        "the refused end-analysis changed the phase"
    );
    assert_eq!(neg.turn(), "agent-beta");
}

/// A command refused because of a planted link changes nothing: with the event log replaced
/// by a link, `hand-off` exits 65 and the turn has not moved.
#[test]
fn defect_11_a_hand_off_refused_for_a_link_has_not_moved_the_turn() {
    let neg = Neg::in_positions(2);
    let victim = neg.tmp.path().join("victim-log");
    std::fs::copy(neg.path(".parley/log.jsonl"), &victim).unwrap();
    std::fs::remove_file(neg.path(".parley/log.jsonl")).unwrap();
    std::os::unix::fs::symlink(&victim, neg.path(".parley/log.jsonl")).unwrap();
    let timer = neg.read(".turn-started");
    let output = neg.run(&["hand-off", "{dir}", "agent-alpha"]);
    assert_code(&output, 65, "hand-off with the log linked");
    assert_eq!(
        neg.turn(),
        "agent-alpha",
        "hand-off exited 65 but moved the turn"
    );
    assert_eq!(neg.read(".turn-started"), timer);
}

/// A replaced state file is kept as the spare of its name and written over by a later
/// replacement, unless anybody still has it open: a reader that opened `turn.md` before three
/// hand-overs reads, to its end, the file it opened, not a later turn's.
#[test]
fn defect_11_a_reader_of_a_replaced_turn_file_keeps_what_it_opened() {
    use std::io::Read;
    let neg = Neg::in_positions(3);
    let first = neg.turn();
    let opened = neg.read("turn.md");
    let mut reader = std::fs::File::open(neg.path("turn.md")).unwrap();
    let mut holders = Vec::new();
    for _ in 0..3 {
        let holder = neg.turn();
        neg.ok(&["hand-off", "{dir}", &holder]);
        holders.push(neg.turn());
    }
    let mut text = String::new();
    reader.read_to_string(&mut text).unwrap();
    assert_eq!(
        text, opened,
        "the file read was written over (turns: {holders:?})"
    );
    assert_eq!(neg.turn(), first, "three hand-overs among three agents");
}

/// What is found where parley keeps the spare of a state file is never written through: a
/// link there is not followed, a file that has another name too is left as it is, and the
/// hand-over happens all the same.
#[test]
fn defect_8_whatever_is_planted_at_a_spare_is_never_written_through() {
    let neg = Neg::in_positions(2);
    let spares = neg.path(".parley/spare");
    std::fs::create_dir_all(&spares).unwrap();
    let linked = neg.tmp.path().join("victim-linked");
    let other_name = neg.tmp.path().join("victim-hard-linked");
    std::fs::write(&linked, "linked\n").unwrap();
    std::fs::write(&other_name, "hard-linked\n").unwrap();
    for spare in ["turn.md.spare", ".turn-started.spare"] {
        // Those the setting up of the negotiation left, if any.
        let _ = std::fs::remove_file(spares.join(spare));
    }
    std::os::unix::fs::symlink(&linked, spares.join("turn.md.spare")).unwrap();
    std::fs::hard_link(&other_name, spares.join(".turn-started.spare")).unwrap();
    for (agent, next) in [("agent-alpha", "agent-beta"), ("agent-beta", "agent-alpha")] {
        neg.ok(&["hand-off", "{dir}", agent]);
        assert_eq!(neg.turn(), next);
        assert_eq!(std::fs::read_to_string(&linked).unwrap(), "linked\n");
        assert_eq!(
            std::fs::read_to_string(&other_name).unwrap(),
            "hard-linked\n"
        );
        // What was planted is gone from there: the spares are parley's own files now.
        for spare in ["turn.md.spare", ".turn-started.spare"] {
            let meta = std::fs::symlink_metadata(spares.join(spare)).unwrap();
            assert!(meta.is_file(), "{spare} is still what was planted");
            assert_ne!(
                std::fs::read_to_string(spares.join(spare)).unwrap(),
                std::fs::read_to_string(&other_name).unwrap()
            );
        }
    }
}

/// `.turn-started` was written in two steps and read half-written. After every change it
/// holds both lines, and no temporary file is left behind.
#[test]
fn defect_11_state_files_are_whole_after_every_change() {
    let neg = Neg::in_positions(2);
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.run_at(&at(601), &["poll", "{dir}", "agent-alpha"]);
    for (path, bytes) in workspace(&neg) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            !name.starts_with(".parley-tmp-"),
            "temporary file left behind: {}",
            path.display()
        );
        if name == ".turn-started" {
            let text = String::from_utf8(bytes).unwrap();
            assert_eq!(text, format!("agent-alpha\n{}\n", unix(601)));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Defect 12: setup gaps.
// ---------------------------------------------------------------------------------------------

/// `init.sh` never created `analysis/`, `issues-draft/` or `phase.md`, so `end-analysis`
/// failed unless an agent made `analysis/` by hand.
#[test]
fn defect_12_init_creates_every_directory_and_the_phase() {
    let neg = Neg::init(2);
    assert!(neg.path("analysis").is_dir());
    assert!(neg.path("issues-draft").is_dir());
    assert_eq!(neg.read("phase.md").trim(), "analysis");
    for name in ["agent-alpha", "agent-beta"] {
        neg.ok(&["register", "{dir}", name]);
    }
    neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
    // No draft, no hand-made directory: end-analysis works as it is.
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    assert_eq!(neg.read("phase.md").trim(), "positions");
}

/// Every failure of `init.sh`, even a missing parent, was reported as "already initialized"
/// (3), so the agent went on to join a negotiation that did not exist.
#[test]
fn defect_12_init_with_a_missing_parent_is_73_not_3() {
    let neg = Neg::empty();
    let dir = neg.tmp.path().join("missing/neg");
    let output = parley()
        .current_dir(neg.tmp.path())
        .args(["init", dir.to_str().unwrap(), "2"])
        .output()
        .unwrap();
    assert_code(&output, 73, "init with a missing parent");
    assert!(!stdout(&output).contains("Already initialized"));
    assert!(!neg.tmp.path().join("missing").exists());
}

#[test]
fn defect_12_init_over_a_regular_file_is_73() {
    let neg = Neg::empty();
    std::fs::write(&neg.dir, "not a directory\n").unwrap();
    let output = neg.run(&["init", "{dir}", "2"]);
    assert_code(&output, 73, "init over a regular file");
    assert!(!stdout(&output).contains("Already initialized"));
    assert_eq!(
        std::fs::read_to_string(&neg.dir).unwrap(),
        "not a directory\n"
    );
}

// ---------------------------------------------------------------------------------------------
// Defect 13: vacuous finish.
// ---------------------------------------------------------------------------------------------

/// `finish.sh` passed in the analysis phase (with no issue at all).
#[test]
fn defect_13_finish_refuses_in_the_analysis_phase() {
    let neg = Neg::started(2);
    neg.write("coverage-audit.md", "# Coverage Audit\n\n- all: INCLUDED\n");
    neg.write("final.md", "# Final\n\nThe decision.\n");
    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish in the analysis phase");
    assert!(
        stdout(&output).contains("WRONG PHASE"),
        "{}",
        stdout(&output)
    );
    assert_eq!(neg.turn(), "agent-alpha");
}

/// `finish.sh` passed with zero issues: nothing negotiated counted as all agreed.
#[test]
fn defect_13_finish_refuses_with_zero_issues() {
    let neg = Neg::started(2);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    assert_eq!(neg.read("phase.md").trim(), "positions");
    neg.make_finishable();
    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish with zero issues");
    assert!(stdout(&output).contains("NO ISSUES"), "{}", stdout(&output));
    assert_ne!(neg.turn(), "done");
}

/// `finish.sh` only checked that the files existed: empty ones passed.
#[test]
fn defect_13_finish_refuses_an_empty_final_or_audit() {
    let neg = Neg::in_positions(2);
    neg.make_finishable();
    neg.write("final.md", "");
    neg.write("coverage-audit.md", "  \n\n");
    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish with empty documents");
    let out = stdout(&output);
    assert!(out.contains("EMPTY: final.md"), "{out}");
    assert!(out.contains("EMPTY: coverage-audit.md"), "{out}");
    assert_ne!(neg.turn(), "done");
}

/// `finish.sh` never checked that two different agents took part in an agreed issue.
#[test]
fn defect_13_an_agreement_needs_positions_from_two_agents() {
    let neg = Neg::in_positions(2);
    neg.make_finishable();
    neg.positions(
        "01-topic-0.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "challenge", 1),
            ("agent-alpha", "position", 2),
        ],
        "AGREED",
    );
    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish with a one-agent agreement");
    assert!(
        stdout(&output).contains("01-topic-0.md"),
        "{}",
        stdout(&output)
    );
    assert!(!stdout(&output).contains("02-topic-1.md"));
    assert_ne!(neg.turn(), "done");
}

/// A challenge "by" a name that never registered does not satisfy the challenge rule.
#[test]
fn defect_13_a_challenge_by_an_unregistered_name_does_not_count() {
    let neg = Neg::in_positions(2);
    neg.make_finishable();
    neg.positions(
        "01-topic-0.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "position", 1),
            ("agent-omega", "challenge", 1),
            ("agent-beta", "position", 2),
        ],
        "AGREED",
    );
    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish with an unregistered challenger");
    assert!(
        stdout(&output).contains("MISSING CHALLENGE: 01-topic-0.md"),
        "{}",
        stdout(&output)
    );
    assert_ne!(neg.turn(), "done");
}

/// `finish.sh` stopped at the first failure; every failure is listed in one run.
#[test]
fn defect_13_finish_lists_every_failure_at_once() {
    let neg = Neg::in_positions(2);
    neg.ok(&["new-issue", "{dir}", "third"]);
    neg.positions(
        "01-topic-0.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "position", 1),
        ],
        "ESCALATE",
    );
    neg.positions(
        "03-third.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "position", 1),
        ],
        "AGREED",
    );
    neg.write("final.md", "\n");
    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish with many problems");
    let out = stdout(&output);
    for expected in [
        "NOT AGREED: 01-topic-0.md (ESCALATE)",
        "NO POSITIONS: 02-topic-1.md",
        "MISSING CHALLENGE: 03-third.md",
        "MISSING: coverage-audit.md",
        "EMPTY: final.md",
    ] {
        assert!(out.contains(expected), "{expected} not listed:\n{out}");
    }
    assert_eq!(neg.turn(), "agent-alpha");
}

/// An ESCALATE issue could never be finished and nothing offered a way out.
#[test]
fn defect_13_allow_escalated_finishes_and_lists_them_as_unresolved() {
    let neg = Neg::in_positions(2);
    neg.make_finishable();
    neg.positions(
        "02-topic-1.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "position", 1),
            ("agent-alpha", "position", 5),
        ],
        "ESCALATE",
    );
    let output = neg.run(&["finish", "{dir}"]);
    assert_code(&output, 1, "finish with an escalated issue");
    assert!(stdout(&output).contains("NOT AGREED: 02-topic-1.md (ESCALATE)"));
    assert_ne!(neg.turn(), "done");

    let output = neg.run(&["finish", "{dir}", "--allow-escalated"]);
    assert_code(&output, 0, "finish --allow-escalated");
    let out = stdout(&output);
    assert!(
        out.contains("UNRESOLVED (escalated): 02-topic-1.md"),
        "{out}"
    );
    assert!(
        !out.contains("UNRESOLVED (escalated): 01-topic-0.md"),
        "{out}"
    );
    assert!(
        out.contains("Negotiation complete. Final document:"),
        "{out}"
    );
    assert_eq!(neg.turn(), "done");
}

// ---------------------------------------------------------------------------------------------
// Defect 14: portability.
// ---------------------------------------------------------------------------------------------

/// The merge needed bash 4 and broke on paths with spaces.
#[test]
fn defect_14_a_directory_with_spaces_works_end_to_end() {
    let tmp = tempfile::TempDir::new().unwrap();
    let parent = tmp.path().join("my negotiations");
    std::fs::create_dir(&parent).unwrap();
    let dir = parent.join("the cache design");
    let neg = Neg { tmp, dir };
    let out = neg.ok(&["init", "{dir}", "2", "--no-sign-off"]);
    assert!(out.contains(&format!(
        "Negotiation initialized at: {}",
        neg.dir.display()
    )));
    neg.ok(&["register", "{dir}", "agent-alpha"]);
    neg.ok(&["register", "{dir}", "agent-beta"]);
    neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "a-one"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "a-two"]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    neg.ok(&["file-draft-issue", "{dir}", "agent-beta", "b-one"]);
    let out = neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    assert!(
        out.contains("Merged: 01-a-one.md -> 01-a-one.md (from agent-alpha)"),
        "{out}"
    );
    assert!(
        out.contains("Merged: 01-b-one.md -> 02-b-one.md (from agent-beta)"),
        "{out}"
    );
    assert!(
        out.contains("Merged: 02-a-two.md -> 03-a-two.md (from agent-alpha)"),
        "{out}"
    );
    assert!(out.contains("Merged 3 issues total."), "{out}");
    assert_eq!(
        files_in(&neg, "issues"),
        ["01-a-one.md", "02-b-one.md", "03-a-two.md"]
    );
    assert_eq!(neg.read("phase.md").trim(), "positions");
    assert_eq!(neg.ok(&["poll", "{dir}", "agent-alpha"]), "your-turn\n");
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    neg.ok(&["new-issue", "{dir}", "late"]);
    neg.make_finishable();
    let out = neg.ok(&["status", "{dir}"]);
    assert!(
        out.contains("Summary: 4 issues — 4 agreed, 0 open, 0 escalated"),
        "{out}"
    );
    let out = neg.ok(&["finish", "{dir}"]);
    assert!(out.contains(&format!(
        "Negotiation complete. Final document: {}",
        neg.dir.join("final.md").display()
    )));
    assert_eq!(neg.turn(), "done");
}

#[test]
fn defect_10_a_later_unknown_status_overrides_an_earlier_agreement() {
    // The last status line counts: a later `## Status: AGREEDISH` is OPEN, not the AGREED
    // above it.
    let neg = Neg::in_positions(2);
    neg.make_finishable();
    let path = "positions/01-topic-0.md";
    let text = neg.read(path) + "\n## Status: AGREEDISH\n";
    neg.write(path, &text);
    let output = neg.run(&["finish", "{dir}"]);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains("NOT AGREED: 01-topic-0.md (OPEN)"));
}

/// Review findings: a blocking wait by a name that is not registered answers 4 at once, as
/// `poll` does, instead of waiting for a turn that can never come.
#[test]
fn a_wait_by_an_unregistered_agent_is_refused_at_once() {
    let neg = Neg::started(2);
    let output = neg.run(&["wait", "{dir}", "agent-nobody", "--timeout", "30"]);
    assert_eq!(code(&output), 4, "{}", stderr(&output));
    let output = neg.run(&["poll", "{dir}", "agent-nobody", "--wait", "--timeout", "30"]);
    assert_eq!(code(&output), 4);
}

/// `init` refuses settings it could not write back as valid dates and numbers.
#[test]
fn init_refuses_windows_and_timeouts_beyond_a_year() {
    let neg = Neg::empty();
    for args in [
        vec!["init", "{dir}", "2", "10000000000000"],
        vec!["init", "{dir}", "2", "--turn-timeout", "99999999999999"],
        vec!["init", "{dir}", "2", "--poll-interval", "0"],
    ] {
        assert_eq!(code(&neg.run(&args)), 64, "{args:?}");
        assert!(!neg.dir.exists());
    }
}

/// A stray file in `issues/` (a `.gitkeep`) neither blocks the merge nor is lost by it.
#[test]
fn the_merge_keeps_stray_files_in_issues() {
    let neg = Neg::started(2);
    neg.write("issues/.gitkeep", "");
    neg.ok(&["file-draft-issue", "{dir}", "agent-alpha", "first"]);
    neg.ok(&["end-analysis", "{dir}", "agent-alpha"]);
    let out = neg.ok(&["end-analysis", "{dir}", "agent-beta"]);
    assert!(out.contains("Merged 1 issues total."));
    assert!(neg.path("issues/.gitkeep").exists());
    assert!(neg.path("issues/01-first.md").exists());
    assert_eq!(neg.read("phase.md").trim(), "positions");
}

/// A refused draft changes nothing, not even the holder's timer.
#[test]
fn a_refused_draft_does_not_count_as_activity() {
    let neg = Neg::started(2);
    neg.write("issues-draft/agent-alpha", "not a directory\n");
    let before = neg.read(".turn-started");
    let output = neg.run_at(&at(540), &["file-draft-issue", "{dir}", "agent-alpha", "t"]);
    assert_eq!(code(&output), 65);
    assert_eq!(neg.read(".turn-started"), before);
}
