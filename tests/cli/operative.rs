//! The operative protocol: identities and liveness, scope overlap, reservations with takeover,
//! protocol events, and the session contract with adoption in a real git repository.

use std::path::PathBuf;
use std::process::Output;

use proptest::prelude::*;
use serde_json::Value;
use tempfile::TempDir;

use parley::operative::scope::{Overlap, classify, normalize};

use crate::support::*;

/// `NOW` plus `minutes`.
fn min(minutes: i64) -> String {
    at(minutes * 60)
}

fn json(output: &Output) -> Value {
    serde_json::from_str(stdout(output).trim())
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {}", stdout(output)))
}

/// A temporary project root (not a git repository unless [`Project::git`] is used).
struct Project {
    tmp: TempDir,
    root: PathBuf,
}

impl Project {
    fn new() -> Project {
        let tmp = TempDir::new().unwrap();
        let root = tmp.path().canonicalize().unwrap().join("project");
        std::fs::create_dir(&root).unwrap();
        Project { tmp, root }
    }

    /// A project that is a git repository with one commit.
    fn git() -> Project {
        let project = Project::new();
        project.git_cmd(&["init", "-q", "."]);
        project.write("README.md", "readme\n");
        project.git_cmd(&["add", "."]);
        project.git_cmd(&["commit", "-q", "-m", "initial"]);
        project
    }

    fn git_cmd(&self, args: &[&str]) {
        let status = isolated("git")
            .args(["-c", "user.name=test", "-c", "user.email=test@example.com"])
            .args(args)
            .current_dir(&self.root)
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn state_path(&self, file: &str) -> PathBuf {
        self.root.join(".parley/operative").join(file)
    }

    fn abs(&self, rel: &str) -> String {
        format!("{}/{rel}", self.root.display())
    }

    /// Runs parley at `now` in the project root, the root given through the environment.
    fn run_at(&self, now: &str, args: &[&str]) -> Output {
        parley()
            .env("PARLEY_NOW", now)
            .env("PARLEY_PROJECT_ROOT", &self.root)
            .current_dir(self.tmp.path())
            .args(args)
            .output()
            .unwrap()
    }

    fn run(&self, args: &[&str]) -> Output {
        self.run_at(NOW, args)
    }

    /// Runs with `--json` and asserts the exit code; returns the envelope.
    fn expect(&self, now: &str, args: &[&str], exit: i32) -> Value {
        let mut args = args.to_vec();
        args.push("--json");
        let output = self.run_at(now, &args);
        assert_eq!(
            code(&output),
            exit,
            "parley {args:?} at {now}:\nstdout: {}\nstderr: {}",
            stdout(&output),
            stderr(&output)
        );
        let envelope = json(&output);
        assert_eq!(envelope["ok"], Value::Bool(exit == 0), "{envelope}");
        envelope
    }

    fn register(&self, now: &str, agent: &str) {
        self.expect(now, &["agent", "register", "--agent", agent], 0);
    }

    fn liveness(&self, now: &str, agent: &str) -> String {
        let list = self.expect(now, &["agent", "list"], 0);
        list["data"]["agents"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["agent"] == agent)
            .unwrap_or_else(|| panic!("{agent} not listed: {list}"))["liveness"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    fn events(&self, args: &[&str]) -> Vec<Value> {
        let mut all = vec!["events"];
        all.extend_from_slice(args);
        self.expect(NOW, &all, 0)["data"]["events"]
            .as_array()
            .unwrap()
            .clone()
    }
}

// ---------------------------------------------------------------- identities and liveness

#[test]
fn liveness_boundaries_with_the_default_and_a_configured_threshold() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    for (minutes, expected) in [
        (0, "active"),
        (14, "active"),
        (15, "stale"),
        (29, "stale"),
        (30, "evicted"),
    ] {
        assert_eq!(
            project.liveness(&min(minutes), "amber-otter"),
            expected,
            "{minutes} min"
        );
    }
    // With 5 minutes: 4 active, 5 stale, 9 stale, 10 evicted.
    for (minutes, expected) in [(4, "active"), (5, "stale"), (9, "stale"), (10, "evicted")] {
        let output = parley()
            .env("PARLEY_NOW", min(minutes))
            .env("PARLEY_PROJECT_ROOT", &project.root)
            .env("BB_AGENT_STALE_MINUTES", "5")
            .args(["agent", "list", "--json"])
            .output()
            .unwrap();
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        let list = json(&output);
        assert_eq!(list["data"]["stale_minutes"], 5);
        assert_eq!(
            list["data"]["agents"][0]["liveness"], expected,
            "{minutes} min"
        );
    }
    let bad = parley()
        .env("PARLEY_PROJECT_ROOT", &project.root)
        .env("BB_AGENT_STALE_MINUTES", "soon")
        .args(["agent", "list", "--json"])
        .output()
        .unwrap();
    assert_eq!(code(&bad), 65);
    assert_eq!(json(&bad)["error"]["code"], "BAD_STALE_MINUTES");
}

#[test]
fn heartbeat_updates_last_seen_and_is_idempotent() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    for _ in 0..2 {
        let beat = project.expect(
            &min(20),
            &["agent", "heartbeat", "--agent", "amber-otter"],
            0,
        );
        assert_eq!(beat["command"], "agent heartbeat");
        assert_eq!(beat["data"]["last_seen_at"], min(20));
        assert_eq!(beat["data"]["liveness"], "active");
    }
    let show = project.expect(&min(21), &["agent", "show", "--agent", "amber-otter"], 0);
    assert_eq!(show["data"]["last_seen_at"], min(20));
    assert_eq!(show["data"]["registered_at"], NOW);
    // The agent may come from PARLEY_AGENT.
    let output = parley()
        .env("PARLEY_NOW", min(40))
        .env("PARLEY_PROJECT_ROOT", &project.root)
        .env("PARLEY_AGENT", "amber-otter")
        .args(["agent", "heartbeat", "--json"])
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(json(&output)["data"]["last_seen_at"], min(40));
    // Unknown agents: heartbeat is refused (4), show finds nothing (66).
    let unknown = project.expect(NOW, &["agent", "heartbeat", "--agent", "nobody-here"], 4);
    assert_eq!(unknown["error"]["code"], "NOT_REGISTERED");
    let unknown = project.expect(NOW, &["agent", "show", "--agent", "nobody-here"], 66);
    assert_eq!(unknown["error"]["code"], "AGENT_NOT_FOUND");
}

#[test]
fn a_name_with_a_record_cannot_be_registered_again_and_names_are_checked() {
    let project = Project::new();
    project.expect(
        NOW,
        &[
            "agent",
            "register",
            "--agent",
            "amber-otter",
            "--role",
            "reviewer",
        ],
        0,
    );
    let again = project.expect(&min(1), &["agent", "register", "--agent", "amber-otter"], 3);
    assert_eq!(again["error"]["code"], "AGENT_EXISTS");
    let before = std::fs::read_to_string(project.state_path("state.json")).unwrap();
    for bad in [
        "ab",
        "Amber-otter",
        "amber--otter",
        "amber-",
        "amber_otter",
        &"a".repeat(49),
    ] {
        let refused = project.expect(NOW, &["agent", "register", "--agent", bad], 65);
        assert_eq!(refused["error"]["code"], "INVALID_AGENT_NAME", "{bad}");
    }
    project.expect(NOW, &["agent", "register", "--agent", "x9"], 65);
    assert_eq!(
        std::fs::read_to_string(project.state_path("state.json")).unwrap(),
        before,
        "refusals change nothing"
    );
    project.register(NOW, &"a".repeat(48));
    project.register(NOW, "r2d2");
    let list = project.expect(NOW, &["agent", "list"], 0);
    assert_eq!(list["data"]["agents"].as_array().unwrap().len(), 3);
    assert_eq!(list["data"]["agents"][1]["role"], "reviewer");
}

// ---------------------------------------------------------------- scope overlap

#[test]
fn the_four_required_examples_and_the_normalized_forms() {
    let project = Project::new();
    for (a, b, class) in [
        ("src/*", "src/lib/parser.ts", "partial"),
        ("src/lib", "src/lib/parser.ts", "partial"),
        ("src/lib/parser.ts", "src/lib/parser.ts", "exact"),
        ("src/lib", "src/components", "disjoint"),
        (".", "src/lib", "partial"),
        ("src/lib", "src/library", "disjoint"),
        ("./src//lib/", "src/lib", "exact"),
    ] {
        let output = project.run(&["scope", "overlap", a, b]);
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        let text = stdout(&output);
        assert_eq!(
            text.split_whitespace().next(),
            Some(class),
            "{a} vs {b}: {text}"
        );
        let envelope = project.expect(NOW, &["scope", "overlap", a, b], 0);
        assert_eq!(envelope["command"], "scope overlap");
        assert_eq!(envelope["data"]["class"], class);
    }
    let forms = project.expect(
        NOW,
        &["scope", "overlap", "src/*", "./src/lib/../lib/x.ts"],
        0,
    );
    assert_eq!(forms["data"]["a"], project.abs("src"));
    assert_eq!(forms["data"]["b"], project.abs("src/lib/x.ts"));
}

#[test]
fn scopes_resolve_against_the_project_root_not_the_cwd() {
    let project = Project::new();
    let elsewhere = project.tmp.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let output = parley()
        .current_dir(&elsewhere)
        .args([
            "scope",
            "overlap",
            "src",
            "src/x",
            "--json",
            "--project-root",
        ])
        .arg(&project.root)
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(json(&output)["data"]["a"], project.abs("src"));
}

#[test]
fn other_globs_are_refused_not_called_disjoint() {
    let project = Project::new();
    for glob in ["src/**", "*.ts", "src/*.ts", "src/?.rs", "src/[ab].rs"] {
        let refused = project.expect(NOW, &["scope", "overlap", glob, "src/lib"], 65);
        assert_eq!(refused["error"]["code"], "INVALID_SCOPE", "{glob}");
    }
}

fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_owned()),
        Just("b".to_owned()),
        Just("lib".to_owned()),
        Just("x.ts".to_owned()),
    ]
}

fn relative_path() -> impl Strategy<Value = String> {
    proptest::collection::vec(segment(), 0..5).prop_map(|parts| parts.join("/"))
}

/// The same path written differently: `./` prefixes, doubled separators, a trailing `/`.
fn spelled(path: &str, dot: bool, double: bool, trailing: bool) -> String {
    let mut text = if double {
        path.replace('/', "//")
    } else {
        path.to_owned()
    };
    if dot {
        text = format!("./{text}");
    }
    if trailing && !text.is_empty() {
        text.push('/');
    }
    if text.is_empty() {
        ".".to_owned()
    } else {
        text
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn overlap_is_symmetric(a in relative_path(), b in relative_path()) {
        let a = normalize("/repo", &spelled(&a, false, false, false)).unwrap();
        let b = normalize("/repo", &spelled(&b, false, false, false)).unwrap();
        prop_assert_eq!(classify(&a, &b), classify(&b, &a));
    }

    #[test]
    fn exact_iff_equal_and_partial_iff_strict_ancestor(a in relative_path(), b in relative_path()) {
        let na = normalize("/repo", &spelled(&a, false, false, false)).unwrap();
        let nb = normalize("/repo", &spelled(&b, false, false, false)).unwrap();
        let class = classify(&na, &nb);
        prop_assert_eq!(class == Overlap::Exact, na == nb);
        let components = |s: &str| s.split('/').filter(|p| !p.is_empty()).map(str::to_owned).collect::<Vec<_>>();
        let (ca, cb) = (components(&na), components(&nb));
        let strict_ancestor = |x: &[String], y: &[String]| x.len() < y.len() && y.starts_with(x);
        prop_assert_eq!(
            class == Overlap::Partial,
            strict_ancestor(&ca, &cb) || strict_ancestor(&cb, &ca)
        );
    }

    #[test]
    fn spelling_does_not_change_the_class(
        a in relative_path(), b in relative_path(),
        dot in any::<bool>(), double in any::<bool>(), trailing in any::<bool>(),
    ) {
        let plain = classify(
            &normalize("/repo", &spelled(&a, false, false, false)).unwrap(),
            &normalize("/repo", &spelled(&b, false, false, false)).unwrap(),
        );
        let respelled = classify(
            &normalize("/repo", &spelled(&a, dot, double, trailing)).unwrap(),
            &normalize("/repo", &spelled(&b, !dot, double, !trailing)).unwrap(),
        );
        prop_assert_eq!(plain, respelled);
        prop_assert_eq!(
            normalize("/repo", &spelled(&a, dot, double, trailing)).unwrap(),
            normalize("/repo", &spelled(&a, false, false, false)).unwrap()
        );
    }
}

// ---------------------------------------------------------------- reservations

#[test]
fn the_takeover_timeline() {
    let project = Project::new();
    let at = |h: u32, m: u32| format!("2026-02-18T{h:02}:{m:02}:00Z");
    project.register(&at(10, 0), "owner-one");
    project.register(&at(10, 0), "invader-two");
    project.expect(
        &at(10, 1),
        &[
            "reserve",
            "--agent",
            "owner-one",
            "--scope",
            "src/lib",
            "--bead",
            "bb-7",
        ],
        0,
    );
    let take = [
        "reserve",
        "--agent",
        "invader-two",
        "--scope",
        "src/lib",
        "--takeover-stale",
    ];
    let plain = ["reserve", "--agent", "invader-two", "--scope", "src/lib"];

    // 10:02, owner active: refused even with the flag, naming the owner, INCURSION recorded.
    let refused = project.expect(&at(10, 2), &take, 3);
    assert_eq!(refused["error"]["code"], "SCOPE_RESERVED");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("owner-one")
    );
    let incursions = project.events(&["--agent", "owner-one"]);
    assert_eq!(incursions.len(), 1);
    let incursion = &incursions[0];
    assert_eq!(incursion["event_type"], "INCURSION");
    assert_eq!(incursion["payload"]["incursion_kind"], "exact");
    assert_eq!(incursion["payload"]["owner_agent"], "owner-one");
    assert_eq!(incursion["payload"]["incoming_agent"], "invader-two");
    assert_eq!(incursion["payload"]["owner_liveness"], "active");
    assert!(
        !incursion["payload"]["resolution_hint"]
            .as_str()
            .unwrap()
            .is_empty()
    );

    // 10:17, owner stale (last seen 10:01): refused without the flag, accepted with it.
    let stale = project.expect(&at(10, 17), &plain, 3);
    assert_eq!(stale["error"]["code"], "STALE_OWNER_FOUND");
    assert!(
        stale["error"]["message"]
            .as_str()
            .unwrap()
            .contains("--takeover-stale")
    );
    let taken = project.expect(&at(10, 17), &take, 0);
    assert_eq!(taken["data"]["agent"], "invader-two");
    let archived = project.expect(&at(10, 17), &["reservations", "--archived"], 0);
    assert_eq!(archived["data"]["reservations"][0]["state"], "expired");
    assert_eq!(
        archived["data"]["reservations"][0]["taken_over_by"],
        "invader-two"
    );

    // Back to the owner: it re-reserves after the invader released, then goes silent.
    project.expect(
        &at(10, 18),
        &["release", "--agent", "invader-two", "--scope", "src/lib"],
        0,
    );
    project.expect(
        &at(10, 18),
        &["reserve", "--agent", "owner-one", "--scope", "src/lib"],
        0,
    );
    // 10:48 = 30 minutes later: evicted; the flag is still needed, then it succeeds.
    project.expect(&at(10, 48), &plain, 3);
    project.expect(&at(10, 48), &take, 0);
    let archived = project.expect(&at(10, 48), &["reservations", "--archived"], 0);
    let last = archived["data"]["reservations"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["state"], "expired");
    assert_eq!(last["agent"], "owner-one");
    assert_eq!(last["taken_over_by"], "invader-two");
    assert_eq!(last["taken_over_at"], at(10, 48));
}

#[test]
fn the_issue_timeline_at_10_31_takes_over_an_evicted_owner() {
    let project = Project::new();
    let at = |h: u32, m: u32| format!("2026-02-18T{h:02}:{m:02}:00Z");
    project.register(&at(10, 0), "owner-one");
    project.register(&at(10, 0), "invader-two");
    project.expect(
        &at(10, 1),
        &["reserve", "--agent", "owner-one", "--scope", "src/lib"],
        0,
    );
    project.expect(
        &at(10, 2),
        &[
            "reserve",
            "--agent",
            "invader-two",
            "--scope",
            "src/lib",
            "--takeover-stale",
        ],
        3,
    );
    assert_eq!(project.liveness(&at(10, 31), "owner-one"), "evicted");
    project.expect(
        &at(10, 31),
        &["reserve", "--agent", "invader-two", "--scope", "src/lib"],
        3,
    );
    let taken = project.expect(
        &at(10, 31),
        &[
            "reserve",
            "--agent",
            "invader-two",
            "--scope",
            "src/lib",
            "--takeover-stale",
        ],
        0,
    );
    assert_eq!(taken["data"]["taken_over"][0]["state"], "expired");
    let held = project.expect(&at(10, 31), &["reservations"], 0);
    let held = held["data"]["reservations"].as_array().unwrap();
    assert_eq!(held.len(), 1);
    assert_eq!(held[0]["agent"], "invader-two");
    let archived = project.expect(&at(10, 31), &["reservations", "--archived"], 0);
    let record = &archived["data"]["reservations"][0];
    assert_eq!(record["state"], "expired");
    assert_eq!(record["taken_over_by"], "invader-two");
    assert_eq!(record["taken_over_at"], at(10, 31));
    // The takeover is an INCURSION of its own, with the owner's liveness.
    let rows = project.events(&[]);
    assert_eq!(rows.last().unwrap()["payload"]["owner_liveness"], "evicted");
}

#[test]
fn partial_overlaps_conflict_both_ways() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.register(NOW, "cobalt-harbor");
    // A directory held blocks a file inside it...
    project.expect(
        NOW,
        &["reserve", "--agent", "amber-otter", "--scope", "src/*"],
        0,
    );
    let refused = project.expect(
        NOW,
        &[
            "reserve",
            "--agent",
            "cobalt-harbor",
            "--scope",
            "src/lib/parser.ts",
        ],
        3,
    );
    assert_eq!(refused["data"]["conflicts"][0]["overlap"], "partial");
    // ...and a file held blocks its parent directory.
    project.expect(
        NOW,
        &[
            "reserve",
            "--agent",
            "cobalt-harbor",
            "--scope",
            "docs/guide.md",
        ],
        0,
    );
    let refused = project.expect(
        NOW,
        &["reserve", "--agent", "amber-otter", "--scope", "docs"],
        3,
    );
    assert_eq!(refused["error"]["code"], "SCOPE_RESERVED");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("cobalt-harbor")
    );
    // The root overlaps everything; disjoint scopes do not conflict.
    project.expect(
        NOW,
        &["reserve", "--agent", "cobalt-harbor", "--scope", "."],
        3,
    );
    project.expect(
        NOW,
        &[
            "reserve",
            "--agent",
            "cobalt-harbor",
            "--scope",
            "tests/a.rs",
        ],
        0,
    );
    let incursions: Vec<Value> = project
        .events(&[])
        .into_iter()
        .filter(|e| e["event_type"] == "INCURSION")
        .collect();
    assert!(
        incursions
            .iter()
            .all(|e| e["payload"]["incursion_kind"] == "partial")
    );
    assert!(incursions.len() >= 3);
}

#[test]
fn ttl_run_out_and_unknown_owners_need_the_flag() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.register(NOW, "cobalt-harbor");
    project.expect(
        NOW,
        &[
            "reserve",
            "--agent",
            "amber-otter",
            "--scope",
            "a",
            "--ttl",
            "5",
        ],
        0,
    );
    // 6 minutes later the owner is active (it beat) but its reservation's TTL ran out.
    project.expect(
        &min(6),
        &["agent", "heartbeat", "--agent", "amber-otter"],
        0,
    );
    let listed = project.expect(&min(6), &["reservations"], 0);
    assert_eq!(listed["data"]["reservations"][0]["ttl_expired"], true);
    let refused = project.expect(
        &min(6),
        &["reserve", "--agent", "cobalt-harbor", "--scope", "a"],
        3,
    );
    assert_eq!(refused["error"]["code"], "STALE_OWNER_FOUND");
    project.expect(
        &min(6),
        &[
            "reserve",
            "--agent",
            "cobalt-harbor",
            "--scope",
            "a",
            "--takeover-stale",
        ],
        0,
    );

    // An owner without a record (its record lost): the flag is needed, and it works.
    project.expect(
        &min(7),
        &["reserve", "--agent", "amber-otter", "--scope", "b"],
        0,
    );
    let path = project.state_path("state.json");
    let mut state: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    state["agents"]
        .as_array_mut()
        .unwrap()
        .retain(|a| a["agent"] != "amber-otter");
    std::fs::write(&path, serde_json::to_string_pretty(&state).unwrap()).unwrap();
    let refused = project.expect(
        &min(8),
        &["reserve", "--agent", "cobalt-harbor", "--scope", "b"],
        3,
    );
    assert_eq!(refused["error"]["code"], "STALE_OWNER_FOUND");
    assert_eq!(refused["data"]["conflicts"][0]["owner_liveness"], "unknown");
    project.expect(
        &min(8),
        &[
            "reserve",
            "--agent",
            "cobalt-harbor",
            "--scope",
            "b",
            "--takeover-stale",
        ],
        0,
    );
    let archived = project.expect(&min(8), &["reservations", "--archived"], 0);
    assert_eq!(
        archived["data"]["reservations"].as_array().unwrap().len(),
        2
    );
}

#[test]
fn an_active_owner_among_the_conflicts_stops_every_takeover() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.expect(
        NOW,
        &["reserve", "--agent", "amber-otter", "--scope", "a/x"],
        0,
    );
    project.expect(
        NOW,
        &["reserve", "--agent", "ghost-one", "--scope", "a/y"],
        0,
    );
    let refused = project.expect(
        &min(1),
        &[
            "reserve",
            "--agent",
            "cobalt-harbor",
            "--scope",
            "a",
            "--takeover-stale",
        ],
        3,
    );
    assert_eq!(refused["error"]["code"], "SCOPE_RESERVED");
    assert_eq!(refused["data"]["conflicts"].as_array().unwrap().len(), 2);
    // Each conflict met is an INCURSION to its owner; nothing was taken over.
    assert_eq!(refused["data"]["events"].as_array().unwrap().len(), 2);
    assert_eq!(project.events(&["--agent", "amber-otter"]).len(), 1);
    assert_eq!(project.events(&["--agent", "ghost-one"]).len(), 1);
    let archived = project.expect(&min(1), &["reservations", "--archived"], 0);
    assert_eq!(
        archived["data"]["reservations"].as_array().unwrap().len(),
        0
    );
    let held = project.expect(&min(1), &["reservations"], 0);
    assert_eq!(held["data"]["reservations"].as_array().unwrap().len(), 2);
}

#[test]
fn renew_release_and_the_listing() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.register(NOW, "cobalt-harbor");
    let first = project.expect(
        NOW,
        &[
            "reserve",
            "--agent",
            "amber-otter",
            "--scope",
            "src/lib/",
            "--bead",
            "bb-1",
            "--ttl",
            "30",
        ],
        0,
    );
    assert_eq!(first["data"]["expires_at"], min(30));
    let renewed = project.expect(
        &min(10),
        &["reserve", "--agent", "amber-otter", "--scope", "src/lib"],
        0,
    );
    assert_eq!(renewed["data"]["renewed"], true);
    assert_eq!(renewed["data"]["id"], first["data"]["id"]);
    assert_eq!(renewed["data"]["bead"], "bb-1");
    let listed = project.expect(&min(10), &["reservations"], 0);
    let held = listed["data"]["reservations"].as_array().unwrap();
    assert_eq!(held.len(), 1);
    for field in ["agent", "scope", "bead", "created_at", "expires_at"] {
        assert!(held[0].get(field).is_some(), "{field} missing: {listed}");
    }
    assert_eq!(held[0]["scope"], project.abs("src/lib"));
    assert_eq!(held[0]["created_at"], NOW);
    assert_eq!(held[0]["expires_at"], min(130));

    let not_owner = project.expect(
        &min(11),
        &["release", "--agent", "cobalt-harbor", "--scope", "src/lib"],
        4,
    );
    assert_eq!(not_owner["error"]["code"], "NOT_OWNER");
    let nothing = project.expect(
        &min(11),
        &["release", "--agent", "amber-otter", "--scope", "src"],
        66,
    );
    assert_eq!(nothing["error"]["code"], "NO_RESERVATION");
    project.expect(
        &min(12),
        &["release", "--agent", "amber-otter", "--scope", "./src/lib/"],
        0,
    );
    let listed = project.expect(&min(12), &["reservations"], 0);
    assert_eq!(listed["data"]["reservations"].as_array().unwrap().len(), 0);
    let archived = project.expect(&min(12), &["reservations", "--archived"], 0);
    assert_eq!(archived["data"]["reservations"][0]["state"], "released");
    assert_eq!(
        archived["data"]["reservations"][0]["taken_over_by"],
        Value::Null
    );
    // Released, the scope is free for anyone.
    project.expect(
        &min(13),
        &["reserve", "--agent", "cobalt-harbor", "--scope", "src"],
        0,
    );
    // Scopes outside the project and bad beads are refused.
    let outside = project.expect(
        NOW,
        &["reserve", "--agent", "amber-otter", "--scope", "../x"],
        65,
    );
    assert_eq!(outside["error"]["code"], "SCOPE_OUTSIDE_PROJECT");
    let bead = project.expect(
        NOW,
        &[
            "reserve",
            "--agent",
            "amber-otter",
            "--scope",
            "x",
            "--bead",
            "a b",
        ],
        65,
    );
    assert_eq!(bead["error"]["code"], "INVALID_BEAD");
    project.expect(
        NOW,
        &[
            "reserve",
            "--agent",
            "amber-otter",
            "--scope",
            "x",
            "--ttl",
            "0",
        ],
        64,
    );
}

#[test]
fn reserving_counts_as_a_heartbeat() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.expect(
        &min(20),
        &["reserve", "--agent", "amber-otter", "--scope", "a"],
        0,
    );
    assert_eq!(project.liveness(&min(21), "amber-otter"), "active");
    project.expect(
        &min(40),
        &["release", "--agent", "amber-otter", "--scope", "a"],
        0,
    );
    let show = project.expect(&min(41), &["agent", "show", "--agent", "amber-otter"], 0);
    assert_eq!(show["data"]["last_seen_at"], min(40));
}

#[test]
fn agents_without_a_record_act_and_their_reservations_need_the_flag() {
    let project = Project::new();
    // Neither agent ever registered: both may reserve, release and exchange events.
    project.expect(
        NOW,
        &["reserve", "--agent", "ghost-one", "--scope", "src/lib"],
        0,
    );
    project.expect(
        NOW,
        &["reserve", "--agent", "ghost-one", "--scope", "notes"],
        0,
    );
    let mine = project.expect(
        NOW,
        &["reserve", "--agent", "ghost-one", "--scope", "notes/"],
        0,
    );
    assert_eq!(mine["data"]["renewed"], true);
    let held = project.expect(NOW, &["reservations"], 0);
    assert_eq!(held["data"]["reservations"][0]["agent"], "ghost-one");
    // Acting is a heartbeat of an existing record only: none was created.
    let agents = project.expect(NOW, &["agent", "list"], 0);
    assert_eq!(agents["data"]["agents"].as_array().unwrap().len(), 0);

    // Its owner has no record, so its liveness is unknown: the flag is needed, even at once.
    let plain = [
        "reserve",
        "--agent",
        "ghost-two",
        "--scope",
        "src/lib/parser.ts",
    ];
    let refused = project.expect(NOW, &plain, 3);
    assert_eq!(refused["error"]["code"], "STALE_OWNER_FOUND");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("--takeover-stale")
    );
    assert_eq!(refused["data"]["conflicts"][0]["owner_liveness"], "unknown");
    assert_eq!(refused["data"]["conflicts"][0]["overlap"], "partial");
    let mut take = plain.to_vec();
    take.push("--takeover-stale");
    let taken = project.expect(&min(1), &take, 0);
    assert_eq!(taken["data"]["agent"], "ghost-two");
    let archived = project.expect(&min(1), &["reservations", "--archived"], 0);
    let record = &archived["data"]["reservations"][0];
    assert_eq!(record["state"], "expired");
    assert_eq!(record["agent"], "ghost-one");
    assert_eq!(record["scope"], project.abs("src/lib"));
    assert_eq!(record["taken_over_by"], "ghost-two");
    assert_eq!(record["taken_over_at"], min(1));
    // The INCURSION payload keeps to the protocol's three states: unknown reads as evicted.
    let incursions = project.events(&["--agent", "ghost-one"]);
    assert_eq!(incursions.len(), 2);
    for incursion in &incursions {
        assert_eq!(incursion["payload"]["owner_liveness"], "evicted");
        assert_eq!(incursion["payload"]["owner_agent"], "ghost-one");
        assert_eq!(incursion["payload"]["incoming_agent"], "ghost-two");
    }

    // Only the owner releases, record or not.
    let not_owner = project.expect(
        &min(2),
        &["release", "--agent", "ghost-two", "--scope", "notes"],
        4,
    );
    assert_eq!(not_owner["error"]["code"], "NOT_OWNER");
    project.expect(
        &min(2),
        &["release", "--agent", "ghost-one", "--scope", "notes"],
        0,
    );

    // Events between agents without a record, and their receipts.
    let handoff = project.expect(
        &min(3),
        &[
            "event",
            "handoff",
            "--from",
            "ghost-two",
            "--to",
            "ghost-one",
            "--bead",
            "bb-9",
            "--subject",
            "Parser",
            "--summary",
            "Half done",
            "--next-action",
            "Finish it",
        ],
        0,
    );
    let id = handoff["data"]["id"].as_str().unwrap().to_owned();
    project.expect(
        &min(3),
        &[
            "event",
            "blocked",
            "--from",
            "ghost-one",
            "--to",
            "ghost-two",
            "--bead",
            "bb-9",
            "--subject",
            "Schema",
            "--blocker",
            "No schema",
            "--requested-action",
            "Publish it",
            "--urgency",
            "low",
        ],
        0,
    );
    let wrong = project.expect(
        &min(4),
        &["event", "ack", "--agent", "ghost-two", "--event", &id],
        4,
    );
    assert_eq!(wrong["error"]["code"], "NOT_RECIPIENT");
    project.expect(
        &min(4),
        &["event", "read", "--agent", "ghost-one", "--event", &id],
        0,
    );
    let ack = project.expect(
        &min(4),
        &["event", "ack", "--agent", "ghost-one", "--event", &id],
        0,
    );
    assert_eq!(ack["data"]["label"], "Accepted");
    let unacked = project.events(&["--unacked", "--agent", "ghost-two"]);
    assert_eq!(unacked.len(), 1);
    assert_eq!(unacked[0]["event_type"], "BLOCKED");

    // Still no record; the names can be registered, and a heartbeat still needs a record.
    let agents = project.expect(&min(5), &["agent", "list"], 0);
    assert_eq!(agents["data"]["agents"].as_array().unwrap().len(), 0);
    let beat = project.expect(&min(5), &["agent", "heartbeat", "--agent", "ghost-one"], 4);
    assert_eq!(beat["error"]["code"], "NOT_REGISTERED");
    project.register(&min(6), "ghost-one");
    let show = project.expect(&min(6), &["agent", "show", "--agent", "ghost-one"], 0);
    assert_eq!(show["data"]["registered_at"], min(6));
    assert_eq!(show["data"]["liveness"], "active");
}

#[test]
fn sixteen_processes_reserving_overlapping_scopes_one_wins() {
    let project = Project::new();
    let agents: Vec<String> = (0..16).map(|i| format!("agent-{i:02}")).collect();
    // Half of them never registered: an owner without a record holds against a request
    // without --takeover-stale all the same.
    for agent in agents.iter().step_by(2) {
        project.register(NOW, agent);
    }
    let scopes = ["src", "src/lib", "src/lib/parser.ts", "src/*"];
    let children: Vec<_> = agents
        .iter()
        .enumerate()
        .map(|(i, agent)| {
            parley_std()
                .env("PARLEY_PROJECT_ROOT", &project.root)
                .args([
                    "reserve",
                    "--agent",
                    agent,
                    "--scope",
                    scopes[i % scopes.len()],
                    "--json",
                ])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let codes: Vec<i32> = children
        .into_iter()
        .map(|child| code(&child.wait_with_output().unwrap()))
        .collect();
    assert_eq!(codes.iter().filter(|c| **c == 0).count(), 1, "{codes:?}");
    assert_eq!(codes.iter().filter(|c| **c == 3).count(), 15, "{codes:?}");
    let held = project.expect(NOW, &["reservations"], 0);
    assert_eq!(held["data"]["reservations"].as_array().unwrap().len(), 1);
    // Every loser's refusal left an INCURSION, none was lost.
    assert_eq!(project.events(&[]).len(), 15);
}

// ---------------------------------------------------------------- events

#[test]
fn handoff_and_blocked_events_with_receipts() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.register(NOW, "cobalt-harbor");
    let handoff = project.expect(
        NOW,
        &[
            "event",
            "handoff",
            "--from",
            "amber-otter",
            "--to",
            "cobalt-harbor",
            "--bead",
            "bb-u6f.6.3",
            "--scope",
            "src/components/*",
            "--subject",
            "Parser done",
            "--summary",
            "All tests pass",
            "--next-action",
            "Review the parser",
        ],
        0,
    );
    let event = &handoff["data"];
    for field in [
        "id",
        "version",
        "event_type",
        "project_root",
        "bead_id",
        "from_agent",
        "to_agent",
        "scope",
        "created_at",
        "payload",
    ] {
        assert!(event.get(field).is_some(), "{field} missing: {event}");
    }
    assert_eq!(event["id"], "proto_20260218_001");
    assert_eq!(event["version"], "v1");
    assert_eq!(event["event_type"], "HANDOFF");
    assert_eq!(event["project_root"], project.root.to_str().unwrap());
    assert_eq!(event["scope"], project.abs("src/components"));
    assert_eq!(event["payload"]["requires_ack"], true);
    assert_eq!(event["payload"]["next_action"], "Review the parser");

    let blocked = project.expect(
        &min(1),
        &[
            "event",
            "blocked",
            "--from",
            "cobalt-harbor",
            "--to",
            "amber-otter",
            "--bead",
            "bb-9",
            "--subject",
            "Need schema",
            "--blocker",
            "No schema yet",
            "--requested-action",
            "Publish the schema",
            "--urgency",
            "high",
        ],
        0,
    );
    assert_eq!(blocked["data"]["payload"]["urgency"], "high");
    assert_eq!(blocked["data"]["payload"]["requires_ack"], true);

    let output = project.run(&["events"]);
    let timeline = stdout(&output);
    assert!(timeline.contains("Passed to"), "{timeline}");
    assert!(timeline.contains("Needs input"), "{timeline}");

    // Only the recipient may read or ack; ack is idempotent.
    let id = "proto_20260218_001";
    let wrong = project.expect(
        &min(2),
        &["event", "ack", "--agent", "amber-otter", "--event", id],
        4,
    );
    assert_eq!(wrong["error"]["code"], "NOT_RECIPIENT");
    let read = project.expect(
        &min(2),
        &["event", "read", "--agent", "cobalt-harbor", "--event", id],
        0,
    );
    assert_eq!(read["data"]["label"], "Seen");
    assert_eq!(project.events(&["--unacked"]).len(), 2);
    let ack = project.expect(
        &min(3),
        &["event", "ack", "--agent", "cobalt-harbor", "--event", id],
        0,
    );
    assert_eq!(ack["data"]["label"], "Accepted");
    assert_eq!(ack["data"]["already"], false);
    let again = project.expect(
        &min(4),
        &["event", "ack", "--agent", "cobalt-harbor", "--event", id],
        0,
    );
    assert_eq!(again["data"]["already"], true);
    assert_eq!(again["data"]["at"], min(3));
    let unacked = project.events(&["--unacked"]);
    assert_eq!(unacked.len(), 1);
    assert_eq!(unacked[0]["event_type"], "BLOCKED");
    let rows = project.events(&["--bead", "bb-u6f.6.3"]);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["label"], "Passed to");
    assert_eq!(rows[0]["state"], "accepted");
    assert!(stdout(&project.run(&["events"])).contains("Accepted"));
    let missing = project.expect(
        NOW,
        &[
            "event",
            "read",
            "--agent",
            "cobalt-harbor",
            "--event",
            "proto_20260218_099",
        ],
        66,
    );
    assert_eq!(missing["error"]["code"], "EVENT_NOT_FOUND");
}

#[test]
fn invalid_events_are_refused_before_anything_is_written() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.register(NOW, "cobalt-harbor");
    let state_before = std::fs::read_to_string(project.state_path("state.json")).unwrap();
    let base = |subject: &'static str, to: &'static str| {
        vec![
            "event",
            "handoff",
            "--from",
            "amber-otter",
            "--to",
            to,
            "--bead",
            "bb-1",
            "--subject",
            subject,
            "--summary",
            "s",
            "--next-action",
            "n",
        ]
    };
    let empty = project.expect(NOW, &base(" ", "cobalt-harbor"), 65);
    assert_eq!(empty["error"]["code"], "INVALID_EVENT");
    project.expect(NOW, &base("two\nlines", "cobalt-harbor"), 65);
    project.expect(NOW, &base("self", "amber-otter"), 65);
    project.expect(
        NOW,
        &[
            "event",
            "blocked",
            "--from",
            "amber-otter",
            "--to",
            "cobalt-harbor",
            "--bead",
            "bb-1",
            "--subject",
            "s",
            "--blocker",
            "b",
            "--requested-action",
            "r",
            "--urgency",
            "urgent",
        ],
        64,
    );
    // A BLOCKED event always requires an ack: saying otherwise is refused, not ignored.
    let no_ack = project.expect(
        NOW,
        &[
            "event",
            "blocked",
            "--from",
            "amber-otter",
            "--to",
            "cobalt-harbor",
            "--bead",
            "bb-1",
            "--subject",
            "s",
            "--blocker",
            "b",
            "--requested-action",
            "r",
            "--urgency",
            "low",
            "--requires-ack",
            "false",
        ],
        65,
    );
    assert_eq!(no_ack["error"]["code"], "INVALID_EVENT");
    assert!(!project.state_path("events.jsonl").exists());
    assert_eq!(
        std::fs::read_to_string(project.state_path("state.json")).unwrap(),
        state_before
    );
}

#[test]
fn a_stored_event_missing_an_envelope_field_is_reported_with_its_line() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.register(NOW, "cobalt-harbor");
    project.expect(
        NOW,
        &[
            "event",
            "handoff",
            "--from",
            "amber-otter",
            "--to",
            "cobalt-harbor",
            "--bead",
            "bb-1",
            "--subject",
            "s",
            "--summary",
            "s",
            "--next-action",
            "n",
        ],
        0,
    );
    let path = project.state_path("events.jsonl");
    let good = std::fs::read_to_string(&path).unwrap();
    let mut event: Value = serde_json::from_str(good.trim()).unwrap();
    event.as_object_mut().unwrap().remove("scope");
    std::fs::write(&path, format!("{good}{event}\n")).unwrap();
    let broken = project.expect(NOW, &["events"], 65);
    assert_eq!(broken["error"]["code"], "MALFORMED_STATE");
    let message = broken["error"]["message"].as_str().unwrap();
    assert!(message.contains("events.jsonl:2"), "{message}");
    assert!(message.contains("scope"), "{message}");

    // A wrong version and a payload of the wrong shape are refused too.
    for (key, value) in [("version", "v2"), ("event_type", "HANDOFF")] {
        let mut bad: Value = serde_json::from_str(good.trim()).unwrap();
        bad[key] = Value::from(value);
        if key == "event_type" {
            bad["payload"]["urgency"] = Value::from("high");
        }
        std::fs::write(&path, format!("{bad}\n")).unwrap();
        project.expect(NOW, &["events"], 65);
    }
}

#[test]
fn a_torn_last_event_line_is_skipped_and_repaired_by_the_next_append() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    project.register(NOW, "cobalt-harbor");
    project.expect(
        NOW,
        &["reserve", "--agent", "amber-otter", "--scope", "a"],
        0,
    );
    project.expect(
        NOW,
        &["reserve", "--agent", "cobalt-harbor", "--scope", "a"],
        3,
    );
    let path = project.state_path("events.jsonl");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"id\":\"proto_2026");
    std::fs::write(&path, &text).unwrap();
    let output = project.run(&["events", "--json"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(json(&output)["data"]["events"].as_array().unwrap().len(), 1);
    assert_eq!(
        json(&output)["data"]["warnings"].as_array().unwrap().len(),
        1
    );
    project.expect(
        NOW,
        &["reserve", "--agent", "cobalt-harbor", "--scope", "a"],
        3,
    );
    let rows = project.events(&[]);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["id"], "proto_20260218_002");
    assert!(std::fs::read_to_string(&path).unwrap().ends_with("}\n"));
}

#[test]
fn a_crash_between_archive_and_state_heals_itself() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    let reserved = project.expect(
        NOW,
        &["reserve", "--agent", "amber-otter", "--scope", "a"],
        0,
    );
    let state_before = std::fs::read_to_string(project.state_path("state.json")).unwrap();
    project.expect(
        &min(1),
        &["release", "--agent", "amber-otter", "--scope", "a"],
        0,
    );
    // Put back the state of before the release: as if the process died after the archive
    // append and before the state replace.
    std::fs::write(project.state_path("state.json"), &state_before).unwrap();
    let held = project.expect(&min(2), &["reservations"], 0);
    assert_eq!(held["data"]["reservations"].as_array().unwrap().len(), 0);
    project.expect(
        &min(3),
        &["agent", "heartbeat", "--agent", "amber-otter"],
        0,
    );
    let state = std::fs::read_to_string(project.state_path("state.json")).unwrap();
    assert!(
        !state.contains(reserved["data"]["id"].as_str().unwrap()),
        "{state}"
    );
}

#[test]
fn a_malformed_state_file_is_an_error_naming_the_file() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    let path = project.state_path("state.json");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("amber-otter", "Amber Otter");
    std::fs::write(&path, text).unwrap();
    for args in [
        &["agent", "list"][..],
        &["agent", "heartbeat", "--agent", "amber-otter"][..],
    ] {
        let broken = project.expect(NOW, args, 65);
        assert_eq!(broken["error"]["code"], "MALFORMED_STATE");
        assert!(
            broken["error"]["message"]
                .as_str()
                .unwrap()
                .contains("state.json")
        );
    }
}

// ---------------------------------------------------------------- sessions and adoption

#[test]
fn adoption_needs_evidence_in_a_real_git_repository() {
    let project = Project::git();
    project.expect(
        NOW,
        &["session", "--non-interactive", "--register", "amber-otter"],
        0,
    );
    // No changes, no beads: refused with the reason and a recommendation.
    let refused = project.expect(
        &min(1),
        &[
            "session",
            "--non-interactive",
            "--adopt",
            "amber-otter",
            "--scope",
            "src/lib",
        ],
        4,
    );
    assert_eq!(refused["error"]["code"], "ADOPTION_REFUSED");
    assert_eq!(refused["data"]["recommendation"]["action"], "register");
    assert!(
        !refused["data"]["recommendation"]["reason"]
            .as_str()
            .unwrap()
            .is_empty()
    );
    // parley's own state (untracked `.parley/`) is no evidence, even for the whole root.
    let root_claim = project.expect(
        &min(1),
        &[
            "session",
            "--non-interactive",
            "--adopt",
            "amber-otter",
            "--scope",
            ".",
        ],
        4,
    );
    assert_eq!(root_claim["error"]["code"], "ADOPTION_REFUSED");
    // A change outside the scope is no evidence.
    project.write("docs/notes.md", "notes\n");
    project.expect(
        &min(2),
        &[
            "session",
            "--non-interactive",
            "--adopt",
            "amber-otter",
            "--scope",
            "src/lib",
        ],
        4,
    );
    // A renamed file with a space in its name, inside the scope, is.
    project.write("src/lib/old name.rs", "code\n");
    project.git_cmd(&["add", "."]);
    project.git_cmd(&["commit", "-q", "-m", "add"]);
    project.git_cmd(&["mv", "src/lib/old name.rs", "src/lib/new \"name\".rs"]);
    let adopted = project.expect(
        &min(3),
        &[
            "session",
            "--non-interactive",
            "--adopt",
            "amber-otter",
            "--scope",
            "src/lib/*",
        ],
        0,
    );
    assert_eq!(adopted["data"]["resume_reason"], "uncommitted_scope");
    assert!(
        adopted["data"]["evidence"]
            .as_str()
            .unwrap()
            .contains("src/lib/new \"name\".rs")
    );
    assert_eq!(adopted["data"]["last_seen_at"], min(3));
    let resume = project
        .events(&[])
        .into_iter()
        .find(|e| e["event_type"] == "RESUME")
        .expect("a RESUME event");
    assert_eq!(resume["payload"]["resume_reason"], "uncommitted_scope");
    assert_eq!(resume["payload"]["prior_session_agent"], "amber-otter");
    assert_eq!(resume["payload"]["adopted_agent"], "amber-otter");
    assert_eq!(resume["label"], "Resumed");
}

#[test]
fn without_a_scope_adoption_checks_the_scopes_the_identity_holds() {
    let project = Project::git();
    project.register(NOW, "amber-otter");
    project.write("src/lib/parser.rs", "wip\n");
    let adopt = ["session", "--non-interactive", "--adopt", "amber-otter"];
    // Nothing claimed, nothing held: a change anywhere is no evidence.
    let refused = project.expect(&min(1), &adopt, 4);
    assert_eq!(refused["error"]["code"], "ADOPTION_REFUSED");
    assert_eq!(
        refused["data"]["checks"]["uncommitted_scope"]["passed"],
        false
    );
    // A held scope elsewhere is no evidence either; the held scope with the change is.
    project.expect(
        &min(2),
        &["reserve", "--agent", "amber-otter", "--scope", "docs"],
        0,
    );
    project.expect(&min(3), &adopt, 4);
    project.expect(
        &min(4),
        &["reserve", "--agent", "amber-otter", "--scope", "src/*"],
        0,
    );
    let adopted = project.expect(&min(5), &adopt, 0);
    assert_eq!(adopted["data"]["resume_reason"], "uncommitted_scope");
    assert!(
        adopted["data"]["evidence"]
            .as_str()
            .unwrap()
            .contains("src/lib/parser.rs")
    );
}

#[test]
fn adoption_through_an_in_progress_bead_never_writes_the_beads_file() {
    let project = Project::git();
    // No record: a lost `.parley/` must not make an identity with evidence unrecoverable.
    let beads = "{\"id\":\"bb-1\",\"status\":\"open\",\"assignee\":\"amber-otter\"}\n\
                 not json\n\
                 {\"id\":\"bb-2\",\"status\":\"in_progress\",\"assignee\":\"amber-otter\"}\n\
                 {\"id\":\"bb-3\",\"status\":\"in_progress\",\"assignee\":\"cobalt-harbor\"}\n";
    project.write(".beads/issues.jsonl", beads);
    let adopted = project.expect(
        &min(1),
        &["session", "--non-interactive", "--adopt", "amber-otter"],
        0,
    );
    assert_eq!(adopted["data"]["resume_reason"], "in_progress_ownership");
    assert_eq!(adopted["data"]["record_recreated"], true);
    assert_eq!(project.liveness(&min(1), "amber-otter"), "active");
    assert!(
        adopted["data"]["evidence"]
            .as_str()
            .unwrap()
            .contains("bb-2")
    );
    assert!(
        !adopted["data"]["evidence"]
            .as_str()
            .unwrap()
            .contains("bb-3")
    );
    assert_eq!(
        std::fs::read_to_string(project.root.join(".beads/issues.jsonl")).unwrap(),
        beads
    );
    let resume = project.events(&["--bead", "bb-2"]);
    assert_eq!(resume.len(), 1);
    assert_eq!(resume[0]["event_type"], "RESUME");
}

#[test]
fn a_session_without_a_decision_is_a_structured_refusal() {
    let project = Project::new();
    let refused = project.expect(NOW, &["session", "--non-interactive"], 4);
    assert_eq!(refused["command"], "session");
    assert_eq!(refused["error"]["code"], "DECISION_REQUIRED");
    let reason = refused["data"]["recommendation"]["reason"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(!reason.is_empty());
    // Deterministic: the same state gives the same advice.
    let again = project.expect(NOW, &["session", "--non-interactive"], 4);
    assert_eq!(again["data"]["recommendation"]["reason"], reason.as_str());
    let name = refused["data"]["suggested_name"]
        .as_str()
        .unwrap()
        .to_owned();
    let registered = project.expect(
        NOW,
        &["session", "--non-interactive", "--register", &name],
        0,
    );
    assert_eq!(registered["data"]["recommendation"]["action"], "register");
    let taken = project.expect(
        NOW,
        &["session", "--non-interactive", "--register", &name],
        3,
    );
    assert_eq!(taken["error"]["code"], "AGENT_EXISTS");
    assert_eq!(taken["data"]["recommendation"]["action"], "adopt");
    let nobody = project.expect(
        NOW,
        &["session", "--non-interactive", "--adopt", "nobody-here"],
        4,
    );
    assert_eq!(nobody["error"]["code"], "ADOPTION_REFUSED");
    assert_eq!(nobody["data"]["recommendation"]["action"], "register");
}

// ---------------------------------------------------------------- project root

#[test]
fn the_project_root_is_the_flag_then_the_variable_then_git_then_the_cwd() {
    let project = Project::git();
    let sub = project.root.join("src/deep");
    std::fs::create_dir_all(&sub).unwrap();
    let from_sub = parley()
        .current_dir(&sub)
        .args(["agent", "register", "--agent", "amber-otter", "--json"])
        .output()
        .unwrap();
    assert_eq!(code(&from_sub), 0, "{}", stderr(&from_sub));
    assert!(
        project.state_path("state.json").exists(),
        "git top level used"
    );

    let plain = TempDir::new().unwrap();
    let cwd = parley()
        .current_dir(plain.path())
        .args(["agent", "register", "--agent", "amber-otter", "--json"])
        .output()
        .unwrap();
    assert_eq!(code(&cwd), 0, "{}", stderr(&cwd));
    assert!(
        plain.path().join(".parley/operative/state.json").exists(),
        "cwd used"
    );

    let flag_wins = parley()
        .current_dir(&sub)
        .env("PARLEY_PROJECT_ROOT", plain.path())
        .args(["agent", "list", "--json", "--project-root"])
        .arg(&project.root)
        .output()
        .unwrap();
    assert_eq!(
        json(&flag_wins)["data"]["agents"].as_array().unwrap().len(),
        1
    );
    let missing = parley()
        .args([
            "agent",
            "list",
            "--json",
            "--project-root",
            "/nonexistent/parley",
        ])
        .output()
        .unwrap();
    assert_eq!(code(&missing), 66);
    assert_eq!(json(&missing)["error"]["code"], "NO_PROJECT_ROOT");
}

#[test]
fn every_failure_exits_non_zero_with_json_too() {
    let project = Project::new();
    for args in [
        &["reserve", "--agent", "amber-otter", "--json"][..],
        &["agent", "register", "--json"][..],
        &[
            "event",
            "ack",
            "--agent",
            "amber-otter",
            "--event",
            "nope",
            "--json",
        ][..],
        &["scope", "overlap", "**", "a", "--json"][..],
    ] {
        let output = project.run(args);
        assert_ne!(code(&output), 0, "{args:?}");
        let envelope = json(&output);
        assert_eq!(envelope["ok"], false, "{args:?}");
        assert!(envelope["error"]["code"].is_string(), "{args:?}");
    }
}

#[test]
fn killed_takeovers_leave_a_readable_consistent_state() {
    let project = Project::new();
    let agents: Vec<String> = (0..12).map(|i| format!("agent-{i:02}")).collect();
    for agent in &agents {
        project.register(NOW, agent);
    }
    let first = project.expect(
        NOW,
        &["reserve", "--agent", "agent-00", "--scope", "src"],
        0,
    );
    let original = first["data"]["id"].as_str().unwrap().to_owned();
    // 31 minutes later the owner is evicted: every other agent races to take it over, and
    // every other process is killed with SIGKILL wherever it happens to be.
    let scopes = ["src", "src/lib", "src/lib/parser.ts", "src/*"];
    let later = min(31);
    let mut children: Vec<_> = agents[1..]
        .iter()
        .enumerate()
        .map(|(i, agent)| {
            parley_std()
                .env("PARLEY_NOW", &later)
                .env("PARLEY_PROJECT_ROOT", &project.root)
                .args(["reserve", "--agent", agent, "--scope", scopes[i % 4]])
                .arg("--takeover-stale")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children.iter_mut().step_by(2) {
        let _ = child.kill();
    }
    for mut child in children {
        let _ = child.wait();
    }
    // Whatever was interrupted, everything still reads, nothing overlaps across agents, and
    // the original reservation was ended at most once.
    let held = project.expect(&later, &["reservations"], 0);
    let held = held["data"]["reservations"].as_array().unwrap().clone();
    for (i, a) in held.iter().enumerate() {
        for b in &held[i + 1..] {
            if a["agent"] != b["agent"] {
                let class = classify(a["scope"].as_str().unwrap(), b["scope"].as_str().unwrap());
                assert_eq!(class, Overlap::Disjoint, "{a} and {b} overlap");
            }
        }
    }
    assert!(held.len() <= 1, "{held:?}");
    let archived = project.expect(&later, &["reservations", "--archived"], 0);
    let ended = archived["data"]["reservations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["id"] == original.as_str())
        .count();
    assert!(ended <= 1, "{archived}");
    project.expect(&later, &["events"], 0);
    // And the next command works on it.
    let next = project.run_at(
        &later,
        &["reserve", "--agent", "agent-00", "--scope", "docs"],
    );
    assert_eq!(code(&next), 0, "{}", stderr(&next));
}

#[test]
fn the_operative_demo_scene_plays_end_to_end() {
    let tmp = TempDir::new().unwrap();
    let output = parley()
        .args(["demo", "--scene", "operative", "--json"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let events =
        std::fs::read_to_string(tmp.path().join("operative/.parley/operative/events.jsonl"))
            .unwrap();
    let types: Vec<String> = events
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["event_type"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(
        types,
        [
            "INCURSION",
            "INCURSION",
            "INCURSION",
            "BLOCKED",
            "RESUME",
            "HANDOFF"
        ]
    );
}

#[test]
fn the_documented_session_runs_as_written() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/operative.md"),
    )
    .unwrap();
    let section = &doc[doc.find("## Commands").unwrap()..];
    let start = section.find("```sh\n").unwrap() + "```sh\n".len();
    let block = &section[start..start + section[start..].find("```").unwrap()];
    let work = TempDir::new().unwrap();
    let path = format!(
        "{}:{}",
        bin().parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = isolated("bash")
        .args(["-e", "-c", block])
        .current_dir(work.path())
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let text = stdout(&output);
    for expected in [
        "partial ",
        "exit 3",
        "Passed to",
        "Seen:",
        "Accepted:",
        "exit 4",
        "registered quiet-lynx",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
}

#[test]
fn a_planted_link_is_never_followed() {
    let project = Project::new();
    project.register(NOW, "amber-otter");
    let outside = project.tmp.path().join("outside.json");
    std::fs::write(&outside, "{}").unwrap();
    let state = project.state_path("state.json");
    std::fs::remove_file(&state).unwrap();
    std::os::unix::fs::symlink(&outside, &state).unwrap();
    for args in [
        &["agent", "list"][..],
        &["agent", "register", "--agent", "cobalt-harbor"][..],
    ] {
        let refused = project.expect(NOW, args, 65);
        assert_eq!(refused["error"]["code"], "SYMLINK", "{args:?}");
    }
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "{}");
}
