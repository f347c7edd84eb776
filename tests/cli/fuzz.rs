//! Property tests of every parser of user-controlled input (issue 14, section 3): random
//! bytes, and the fixtures and real state files mutated (bit flips, truncations, inserted,
//! repeated and deleted lines). Whatever the input, a parser must not panic and must end with
//! an exit of the documented table: an error of 64 or more with a code, or an answer; an
//! outcome of 64 or more must carry an error code (its JSON has `ok` false).
//!
//! They run in-process against the library (the crate is a lib and a bin) for speed:
//! `PARLEY_FUZZ_CASES` cases per parser, 256 by default; a few more go through the binary.
//! A long run before a release: `PARLEY_FUZZ_CASES=200000 cargo test --release --test cli
//! fuzz::` (see docs/design.md, "Fuzzing the parsers").

use std::path::{Path, PathBuf};
use std::time::Duration;

use parley::context::Ctx;
use parley::error::{EXIT_CODES, Error, Status};
use parley::input::Source;
use parley::output::{Mode, Outcome};
use parley::store::Store;
use proptest::prelude::*;
use proptest::test_runner::Config;
use serde_json::{Value, json};
use tempfile::TempDir;

use crate::support::{Neg, code, parley_std, stdout};

/// Cases per parser: `PARLEY_FUZZ_CASES`, else 256.
fn cases() -> u32 {
    std::env::var("PARLEY_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256)
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        // A failure is reported with its shrunk input; nothing is written into the tree.
        failure_persistence: None,
        ..Config::default()
    }
}

fn ctx() -> Ctx {
    Ctx::new(
        parley::clock::Clock::from_env().expect("PARLEY_NOW, if set, is a time"),
        Duration::from_secs(5),
        Mode::Json,
    )
    .with_notices(parley::notices::Notices::silent())
    .with_stdin(false)
}

// ---------------------------------------------------------------------------------------
// Inputs

/// One change to a seed file.
#[derive(Debug, Clone)]
enum Mutation {
    /// Flip bit `.1` of the byte at `.0` (modulo the length).
    Flip(usize, u8),
    /// Cut the file at `.0`.
    Truncate(usize),
    /// Insert a line before line `.0`.
    Insert(usize, Vec<u8>),
    /// Repeat line `.0` `.1` more times.
    Repeat(usize, u8),
    /// Delete line `.0`.
    Delete(usize),
}

/// Lines that mean something to one format or another, so a mutation often reaches past the
/// first check.
const TOKENS: &[&str] = &[
    "",
    "{",
    "}",
    "]",
    "null",
    "\"round\": -1,",
    "\"bill_version\": 0,",
    "\"motive_scores\": {\"cost\": 9},",
    "- **expected_agents:** 5",
    "- **created:** 2026-02-18T10:00:00Z",
    "- **registration_deadline:** tomorrow",
    "- agent-alpha (registered: 2026-02-18T10:00:00Z)",
    "- agent-zzz (registered: 2026-02-18T10:00:00Z, participant: x)",
    "## agent-alpha's position (round 1)",
    "## agent-beta's challenge (round 99999999999999999999)",
    "## Status: AGREED",
    "## Status: ESCALATE",
    "<!-- entry: 00000000-0000-4000-8000-000000000000 -->",
    "<!-- turn: 1 round: 1 -->",
    "2026-02-18T10:01:30Z [author: a] [status: yield]",
    "<!-- yield -->",
    "```",
    "```yaml",
    "agents:",
    "  - a",
    "output-format: structured",
    "summary:",
    "confidence: 1.5",
    "## Dialogue",
    "# Bounce Session: x",
    "{\"type\":\"result\",\"result\":\"{}\"}",
    "{\"version\":1,\"agents\":[],\"reservations\":[]}",
    "\u{feff}",
    "\r",
];

fn line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => prop::sample::select(TOKENS).prop_map(|t| t.as_bytes().to_vec()),
        1 => prop::collection::vec(any::<u8>(), 0..40),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Mutation::Flip(at, bit)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), line()).prop_map(|(at, text)| Mutation::Insert(at, text)),
        (any::<usize>(), 1u8..4).prop_map(|(at, times)| Mutation::Repeat(at, times)),
        any::<usize>().prop_map(Mutation::Delete),
    ]
}

/// The lines of `bytes`, each with its line break.
fn lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes
        .split_inclusive(|b| *b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

fn apply(seed: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for mutation in mutations {
        match mutation {
            Mutation::Flip(at, bit) => {
                if !bytes.is_empty() {
                    let at = at % bytes.len();
                    bytes[at] ^= 1 << bit;
                }
            }
            Mutation::Truncate(at) => bytes.truncate(at % (bytes.len() + 1)),
            Mutation::Insert(at, text) => {
                let mut all = lines(&bytes);
                let mut new = text.clone();
                new.push(b'\n');
                all.insert(at % (all.len() + 1), new);
                bytes = all.concat();
            }
            Mutation::Repeat(at, times) => {
                let mut all = lines(&bytes);
                if !all.is_empty() {
                    let at = at % all.len();
                    for _ in 0..*times {
                        all.insert(at, all[at].clone());
                    }
                }
                bytes = all.concat();
            }
            Mutation::Delete(at) => {
                let mut all = lines(&bytes);
                if !all.is_empty() {
                    all.remove(at % all.len());
                }
                bytes = all.concat();
            }
        }
    }
    bytes
}

/// Values a JSON edit puts in place: the types and the words the formats use, and extremes.
fn scalar(pick: usize) -> Value {
    let values = [
        json!(null),
        json!(true),
        json!(false),
        json!(0),
        json!(-1),
        json!(1),
        json!(3),
        json!(5),
        json!(6),
        json!(1.5),
        json!(1e300),
        json!(u64::MAX),
        json!(""),
        json!("x"),
        json!("msg-001"),
        json!("msg-999999999999999999999"),
        json!("rep_1"),
        json!("speaker"),
        json!("YES"),
        json!("endorse"),
        json!("2026-02-18T10:00:00.5+01:00"),
        json!("procedure"),
        json!("round_start"),
        json!("quiet"),
        json!("order"),
        json!("BILL_DRAFT"),
        json!("VOTE"),
        json!("ANSWER"),
        json!("a".repeat(5000)),
        json!([]),
        json!({}),
    ];
    values[pick % values.len()].clone()
}

/// One change to a JSON document: walk down `path` (each step picks a child, modulo the
/// count), then `op` on the child reached: replace it, remove it, duplicate it, or add a
/// member beside it.
#[derive(Debug, Clone)]
struct JsonEdit {
    path: Vec<usize>,
    op: u8,
    pick: usize,
}

fn json_edit() -> impl Strategy<Value = JsonEdit> {
    (
        prop::collection::vec(any::<usize>(), 1..7),
        0u8..4,
        any::<usize>(),
    )
        .prop_map(|(path, op, pick)| JsonEdit { path, op, pick })
}

fn edit(node: &mut Value, path: &[usize], op: u8, pick: usize) {
    let Some((step, rest)) = path.split_first() else {
        *node = scalar(pick);
        return;
    };
    match node {
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth(step % map.len()).unwrap().clone();
            let child = map.get_mut(&key).unwrap();
            if !rest.is_empty() && (child.is_object() || child.is_array()) {
                return edit(child, rest, op, pick);
            }
            match op {
                0 => *child = scalar(pick),
                1 => {
                    map.remove(&key);
                }
                2 => {
                    let copy = child.clone();
                    map.insert(format!("{key}_extra"), copy);
                }
                _ => {
                    map.insert("unlisted".into(), scalar(pick));
                }
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let at = step % items.len();
            let child = &mut items[at];
            if !rest.is_empty() && (child.is_object() || child.is_array()) {
                return edit(child, rest, op, pick);
            }
            match op {
                0 => *child = scalar(pick),
                1 => {
                    items.remove(at);
                }
                2 => {
                    let copy = items[at].clone();
                    items.insert(at, copy);
                }
                _ => items.push(scalar(pick)),
            }
        }
        _ => *node = scalar(pick),
    }
}

/// Random bytes, or one of `seeds` mutated one to five times; a seed that is JSON is also
/// edited as JSON (values replaced, members removed, duplicated or added), which reaches the
/// checks behind the parser.
fn input(seeds: Vec<Vec<u8>>) -> BoxedStrategy<Vec<u8>> {
    let count = seeds.len();
    let documents: Vec<Value> = seeds
        .iter()
        .filter_map(|seed| serde_json::from_slice(seed).ok())
        .collect();
    let raw = prop_oneof![
        1 => prop::collection::vec(any::<u8>(), 0..1024),
        5 => (0..count, prop::collection::vec(mutation(), 1..6))
            .prop_map(move |(seed, mutations)| apply(&seeds[seed], &mutations)),
    ];
    if documents.is_empty() {
        return raw.boxed();
    }
    let edited = (0..documents.len(), prop::collection::vec(json_edit(), 1..5)).prop_map(
        move |(seed, edits)| {
            let mut document = documents[seed].clone();
            for e in &edits {
                edit(&mut document, &e.path, e.op, e.pick);
            }
            serde_json::to_vec_pretty(&document).unwrap()
        },
    );
    prop_oneof![1 => raw, 2 => edited].boxed()
}

/// `input` for one of several files: (which file, its new bytes).
fn one_of(files: Vec<Vec<Vec<u8>>>) -> BoxedStrategy<(usize, Vec<u8>)> {
    let strategies: Vec<BoxedStrategy<(usize, Vec<u8>)>> = files
        .into_iter()
        .enumerate()
        .map(|(index, seeds)| input(seeds).prop_map(move |bytes| (index, bytes)).boxed())
        .collect();
    prop::strategy::Union::new(strategies).boxed()
}

fn fixtures(dir: &str, names: &[&str]) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    names
        .iter()
        .map(|name| std::fs::read(root.join(name)).unwrap())
        .collect()
}

fn every_fixture(dir: &str) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Every file under `root`, relative, with its bytes (the lock file left out).
fn tree(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    crate::support::snapshot(root)
        .into_iter()
        .map(|(path, bytes)| (path.strip_prefix(root).unwrap().to_path_buf(), bytes))
        .filter(|(path, _)| !path.ends_with("lock"))
        .collect()
}

/// `files` written under a fresh directory, `replaced` by `bytes`.
fn write_tree(files: &[(PathBuf, Vec<u8>)], replaced: &Path, bytes: &[u8]) -> TempDir {
    let tmp = TempDir::new().unwrap();
    for (rel, content) in files {
        let path = tmp.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let content = if rel == replaced { bytes } else { content };
        std::fs::write(path, content).unwrap();
    }
    tmp
}

// ---------------------------------------------------------------------------------------
// What every answer must satisfy

fn judged_error(error: &Error) -> Result<(), TestCaseError> {
    let exit = error.status.exit_code();
    prop_assert!(
        EXIT_CODES.iter().any(|(_, code, _)| *code == exit),
        "exit {exit} is not in the table"
    );
    prop_assert!(
        error.status != Status::Ok,
        "an error with exit 0: {}",
        error.message
    );
    prop_assert!(
        !error.code.is_empty()
            && error
                .code
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit()),
        "error code {:?}",
        error.code
    );
    prop_assert!(!error.message.is_empty());
    Ok(())
}

/// An error of 64 or more (what a reader of a broken file must give), or success.
fn judged_read<T>(result: &Result<T, Error>) -> Result<(), TestCaseError> {
    if let Err(error) = result {
        judged_error(error)?;
        prop_assert!(
            error.status.exit_code() >= 64,
            "a reader answered {}: {}",
            error.status.exit_code(),
            error.message
        );
    }
    Ok(())
}

/// A command's result: an error as above, or an outcome whose exit of 64 or more (a verdict
/// that could not judge) carries a code, so its JSON says `ok` false.
fn judged_outcome(result: &Result<Outcome, Error>) -> Result<(), TestCaseError> {
    match result {
        Err(error) => judged_error(error),
        Ok(outcome) => {
            let exit = outcome.status.exit_code();
            prop_assert!(
                exit < 64 || outcome.code.is_some(),
                "exit {exit} with ok true"
            );
            Ok(())
        }
    }
}

// ---------------------------------------------------------------------------------------
// Bounce sessions

#[test]
fn bounce_sessions() {
    let seeds = every_fixture("bounce");
    let ctx = ctx();
    proptest!(config(cases()), |(bytes in input(seeds.clone()))| {
        let text = String::from_utf8_lossy(&bytes);
        let (parsed, _timeline) = parley::bounce::session::analyse(&text);
        for finding in parsed.findings.sorted() {
            prop_assert!(finding.line >= 1);
        }
        let tmp = TempDir::new().unwrap();
        let path = tmp.path().join("s.md");
        std::fs::write(&path, &bytes).unwrap();
        let outcome = parley::bounce::validate::run(&ctx, std::slice::from_ref(&path));
        judged_outcome(&Ok(Outcome::from(outcome)))?;
        judged_outcome(&parley::bounce::status::run(&ctx, &path).map(Outcome::from))?;
    });
}

// ---------------------------------------------------------------------------------------
// Parliament: ledger, session, bill, round summaries, and agent responses

#[test]
fn parliament_files() {
    let base = fixtures(
        "parliament/reference/debate",
        &["ledger.json", "session.json", "bill.json"],
    );
    let summaries = fixtures("parliament/spec", &["round-summaries.json"]);
    let names = [
        "ledger.json",
        "session.json",
        "bill.json",
        "round-summaries.json",
    ];
    let files: Vec<(PathBuf, Vec<u8>)> = names
        .iter()
        .zip(base.iter().chain(&summaries))
        .map(|(name, bytes)| (PathBuf::from(name), bytes.clone()))
        .collect();
    let seeds = vec![
        [
            fixtures("parliament/reference/debate", &["ledger.json"]),
            fixtures("parliament/reference/init", &["ledger.json"]),
            fixtures("parliament/spec", &["ledger-structure.json"]),
        ]
        .concat(),
        [
            fixtures("parliament/reference/debate", &["session.json"]),
            fixtures("parliament/reference/init", &["session.json"]),
            fixtures("parliament/spec", &["session.json"]),
        ]
        .concat(),
        [
            fixtures("parliament/reference/debate", &["bill.json"]),
            fixtures("parliament/reference/init", &["bill.json"]),
            fixtures("parliament/spec", &["bill.json"]),
        ]
        .concat(),
        summaries.clone(),
    ];
    let ctx = ctx();
    proptest!(config(cases()), |((which, bytes) in one_of(seeds.clone()))| {
        let tmp = write_tree(&files, Path::new(names[which]), &bytes);
        let dir = tmp.path();
        use parley::parliament::*;
        judged_outcome(&validate::run(&ctx, dir).map(Outcome::from))?;
        judged_outcome(&status::run(&ctx, dir).map(Outcome::from))?;
        judged_outcome(&gate::run(&ctx, dir).map(Outcome::from))?;
        judged_outcome(&clock::run(&ctx, dir, None).map(Outcome::from))?;
        judged_outcome(&amendments::run(&ctx, dir, false).map(Outcome::from))?;
        judged_outcome(&tally::run(&ctx, &tally::TallyArgs {
            dir: dir.to_path_buf(), round: None, bill_version: None, append: false,
        }).map(Outcome::from))?;
    });
}

#[test]
fn parliament_responses() {
    let files: Vec<(PathBuf, Vec<u8>)> = ["ledger.json", "session.json", "bill.json"]
        .iter()
        .zip(fixtures(
            "parliament/reference/debate",
            &["ledger.json", "session.json", "bill.json"],
        ))
        .map(|(name, bytes)| (PathBuf::from(name), bytes))
        .collect();
    // The spec's message examples, as responses (without the Clerk's fields).
    let names = [
        "agent-response.json",
        "amendment.json",
        "answer.json",
        "bill-draft.json",
        "motion.json",
        "opening-statement.json",
        "pm-decision.json",
        "question.json",
        "speaker-ruling.json",
        "vote-tally.json",
        "vote.json",
    ];
    let seeds: Vec<Vec<u8>> = fixtures("parliament/spec", &names)
        .into_iter()
        .map(|bytes| {
            let mut value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            for field in ["id", "round", "timestamp"] {
                value.as_object_mut().unwrap().remove(field);
            }
            serde_json::to_vec_pretty(&value).unwrap()
        })
        .collect();
    let ctx = ctx();
    proptest!(config(cases()), |(bytes in input(seeds.clone()))| {
        let tmp = write_tree(&files, Path::new(""), &[]);
        let response = tmp.path().join("response.json");
        std::fs::write(&response, &bytes).unwrap();
        let result = parley::parliament::append::run(&ctx, &parley::parliament::append::AppendArgs {
            dir: tmp.path().to_path_buf(),
            input: Source::File(response),
        }).map(Outcome::from);
        judged_outcome(&result)?;
        // Whatever was accepted leaves a parliament that still reads.
        if result.is_ok() {
            let validated = parley::parliament::validate::run(&ctx, tmp.path());
            prop_assert!(validated.is_ok());
        }
    });
}

// ---------------------------------------------------------------------------------------
// Agent feedback: requests, responses, NDJSON streams

#[test]
fn feedback_payloads_and_streams() {
    let requests = fixtures(
        "feedback",
        &[
            "spec-5.1-first-request.json",
            "spec-5.3-follow-up-request.json",
        ],
    );
    let responses = fixtures("feedback", &["spec-5.2-response.json"]);
    let streams = fixtures("feedback", &["spec-5.2-stream.ndjson"]);
    let request: serde_json::Value = serde_json::from_slice(&requests[0]).unwrap();
    proptest!(config(cases()), |((which, bytes) in one_of(vec![requests.clone(), responses.clone(), streams.clone()]))| {
        use parley::feedback::{extract, validate};
        let tmp = TempDir::new().unwrap();
        let path = tmp.path().join("payload");
        std::fs::write(&path, &bytes).unwrap();
        let source = Source::File(path);
        let result = match which {
            0 => validate::run(&validate::ValidateArgs {
                kind: validate::Kind::Request, source, request: None, previous: None,
            }).map(Outcome::from),
            1 => validate::run(&validate::ValidateArgs {
                kind: validate::Kind::Response, source, request: Some(request.clone()), previous: None,
            }).map(Outcome::from),
            _ => extract::run(&extract::ExtractArgs {
                source, request: Some(request.clone()), previous: None,
            }).map(Outcome::from),
        };
        judged_outcome(&result)?;
        let extracted = extract::extract(&bytes, "stream");
        judged_read(&extracted)?;
    });
}

// ---------------------------------------------------------------------------------------
// A negotiation: meta.md, agents.md, turn.md, issue and positions files

#[test]
fn negotiation_files() {
    // One position recorded, so a positions file exists.
    let neg = Neg::with_a_recorded_position();
    let files = tree(&neg.dir);
    let mutable: Vec<PathBuf> = files
        .iter()
        .map(|(path, _)| path.clone())
        .filter(|path| {
            let name = path.to_string_lossy();
            name.ends_with(".md") && !name.starts_with(".parley")
        })
        .collect();
    assert!(mutable.len() >= 5, "{mutable:?}");
    let seeds: Vec<Vec<Vec<u8>>> = mutable
        .iter()
        .map(|path| vec![files.iter().find(|(p, _)| p == path).unwrap().1.clone()])
        .collect();
    let ctx = ctx();
    proptest!(config(cases()), |((which, bytes) in one_of(seeds.clone()))| {
        use parley::negotiation::model::{agents::Agents, meta::Meta, positions::Positions};
        let rel = &mutable[which];
        let text = String::from_utf8_lossy(&bytes);
        // The pure parsers, on every file whatever it was.
        judged_read(&Meta::parse(&text, rel))?;
        judged_read(&Agents::parse(&text, rel))?;
        let _ = Positions::parse(&text);
        let tmp = write_tree(&files, rel, &bytes);
        let store = Store::new(tmp.path().to_path_buf(), ctx.lock_wait());
        let state = parley::negotiation::model::State::load(&store);
        judged_read(&state)?;
        if let Ok(state) = &state {
            judged_read(&parley::negotiation::overview::Overview::read(&store, state))?;
        }
        judged_outcome(&parley::negotiation::status::run(&ctx, &parley::negotiation::status::StatusArgs {
            dir: tmp.path().to_path_buf(),
            agent: None,
        }).map(Outcome::from))?;
    });
}

#[test]
fn issue_file_names_and_references() {
    proptest!(config(cases()), |(name in "[0-9a-z.-]{0,12}(\\.md)?", raw in ".{0,12}")| {
        let _ = parley::negotiation::model::issues::IssueFile::parse(&name);
        judged_read(&parley::negotiation::model::issues::IssueRef::parse(&raw))?;
    });
}

// ---------------------------------------------------------------------------------------
// Operative state and journals

#[test]
fn operative_state_and_journals() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    let run = |args: &[&str]| {
        let output = parley_std()
            .env("PARLEY_PROJECT_ROOT", root)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(code(&output), 0, "{args:?}: {}", stdout(&output));
    };
    run(&["agent", "register", "--agent", "ann-one"]);
    run(&["agent", "register", "--agent", "bob-two"]);
    run(&["reserve", "--agent", "ann-one", "--scope", "src/a.rs"]);
    run(&["release", "--agent", "ann-one", "--scope", "src/a.rs"]);
    run(&["reserve", "--agent", "bob-two", "--scope", "src/b.rs"]);
    run(&[
        "event",
        "handoff",
        "--from",
        "ann-one",
        "--to",
        "bob-two",
        "--bead",
        "bd-1",
        "--subject",
        "s",
        "--summary",
        "x",
        "--next-action",
        "y",
    ]);
    run(&[
        "event",
        "read",
        "--agent",
        "bob-two",
        "--event",
        "proto_20260218_001",
    ]);
    let files = tree(root);
    let mutable: Vec<PathBuf> = files
        .iter()
        .map(|(path, _)| path.clone())
        .filter(|path| path.starts_with(".parley/operative"))
        .collect();
    assert_eq!(mutable.len(), 4, "{mutable:?}");
    let seeds: Vec<Vec<Vec<u8>>> = mutable
        .iter()
        .map(|path| vec![files.iter().find(|(p, _)| p == path).unwrap().1.clone()])
        .collect();
    proptest!(config(cases()), |((which, bytes) in one_of(seeds.clone()))| {
        use parley::operative::{event_log, state::State};
        let tmp = write_tree(&files, &mutable[which], &bytes);
        let store = Store::new(tmp.path().to_path_buf(), ctx().lock_wait());
        judged_read(&State::load(&store))?;
        judged_read(&event_log::read_events(&store))?;
        judged_read(&event_log::read_receipts(&store))?;
    });
}

// ---------------------------------------------------------------------------------------
// A few through the binary: the exit code and the envelope as an agent sees them

#[test]
fn through_the_binary() {
    let bounce = every_fixture("bounce");
    let ledgers = fixtures("parliament/reference/debate", &["ledger.json"]);
    let debate: Vec<(PathBuf, Vec<u8>)> = ["ledger.json", "session.json", "bill.json"]
        .iter()
        .zip(fixtures(
            "parliament/reference/debate",
            &["ledger.json", "session.json", "bill.json"],
        ))
        .map(|(name, bytes)| (PathBuf::from(name), bytes))
        .collect();
    let documented: Vec<i32> = EXIT_CODES
        .iter()
        .map(|(_, code, _)| i32::from(*code))
        .collect();
    let few = (cases() / 16).max(8);
    proptest!(config(few), |(session in input(bounce.clone()), ledger in input(ledgers.clone()))| {
        let tmp = write_tree(&debate, Path::new("ledger.json"), &ledger);
        std::fs::write(tmp.path().join("s.md"), &session).unwrap();
        for args in [
            vec!["bounce", "validate", "s.md", "--json"],
            vec!["bounce", "status", "s.md", "--json"],
            vec!["parliament", "validate", ".", "--json"],
            vec!["parliament", "status", ".", "--json"],
        ] {
            let output = parley_std().current_dir(tmp.path()).args(&args).output().unwrap();
            let exit = output.status.code();
            prop_assert!(exit.is_some_and(|e| documented.contains(&e)), "{args:?}: {exit:?}");
            let envelope: serde_json::Value = serde_json::from_slice(&output.stdout)
                .map_err(|e| TestCaseError::fail(format!("{args:?}: not JSON: {e}")))?;
            if exit.unwrap() >= 64 {
                prop_assert_eq!(&envelope["ok"], false, "{:?}", args);
                prop_assert!(envelope["error"]["code"].is_string());
            }
        }
    });
}
