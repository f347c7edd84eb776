//! The command line on another machine (`PARLEY_SERVER`, `PARLEY_TOKEN`): the real binary
//! against a `parley serve` started by the test, compared with the same commands run here.

use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

use super::serve::{Server, token};
use crate::support::*;

/// `args` run in `cwd` against `server` with `token`.
fn remote(server: &str, token: Option<&str>, cwd: &Path, args: &[&str]) -> Output {
    let mut command = parley_std();
    command.current_dir(cwd).env("PARLEY_SERVER", server);
    if let Some(token) = token {
        command.env("PARLEY_TOKEN", token);
    }
    command.args(args).output().unwrap()
}

/// `args` run here, in `cwd`.
fn local(cwd: &Path, args: &[&str]) -> Output {
    parley_std().current_dir(cwd).args(args).output().unwrap()
}

/// The same command, on the server as `token` and here: same stdout, stderr and exit.
fn same(server: &str, token: &str, client: &Path, here: &Path, args: &[&str]) -> Output {
    let there = remote(server, Some(token), client, args);
    let local = local(here, args);
    assert_eq!(
        (code(&there), stdout(&there), stderr(&there)),
        (code(&local), stdout(&local), stderr(&local)),
        "{args:?}"
    );
    there
}

#[test]
fn a_negotiation_runs_on_the_server_as_it_runs_here() {
    let tmp = tempfile::tempdir().unwrap();
    let AliceAndBob {
        root,
        client,
        here,
        alice,
        bob,
        server,
    } = alice_and_bob(tmp.path());
    let url = server.url.as_str();
    // The source is read on the client: it exists only there (and here, for the local run).
    for dir in [&client, &here] {
        std::fs::write(dir.join("proposal.md"), "# A proposal\n").unwrap();
    }
    same(
        url,
        &alice,
        &client,
        &here,
        &["init", "neg", "2", "--source", "proposal.md"],
    );
    assert_eq!(
        std::fs::read_to_string(root.join("neg/sources/proposal.md")).unwrap(),
        "# A proposal\n"
    );
    assert!(
        !client.join("neg").exists(),
        "nothing is made on the client"
    );
    same(url, &alice, &client, &here, &["register", "neg", "alice"]);
    // An agent token acts only as its agent: 77, nothing changed.
    let before = snapshot(&root);
    let refused = remote(url, Some(&alice), &client, &["register", "neg", "bob"]);
    assert_eq!(code(&refused), 77, "{}", stderr(&refused));
    assert!(stderr(&refused).contains("alice"), "{}", stderr(&refused));
    assert_eq!(snapshot(&root), before);
    same(
        url,
        &bob,
        &client,
        &here,
        &["register", "neg", "bob", "--json"],
    );
    same(
        url,
        &alice,
        &client,
        &here,
        &["wait-for-start", "neg", "alice"],
    );
    same(url, &bob, &client, &here, &["poll", "neg", "bob"]);
    same(url, &alice, &client, &here, &["status", "neg"]);
    same(url, &alice, &client, &here, &["status", "neg", "--json"]);
    // A wait keeps its --timeout: bob's turn does not come within it (124, about 1 s).
    let began = Instant::now();
    let waited = remote(
        url,
        Some(&bob),
        &client,
        &["wait", "neg", "bob", "--timeout", "1"],
    );
    assert_eq!(code(&waited), 124, "{}", stderr(&waited));
    assert!(began.elapsed() < Duration::from_secs(10));
    // So does `poll --wait`, whose bound is a field of its own: as here.
    let polled = same(
        url,
        &bob,
        &client,
        &here,
        &["poll", "neg", "bob", "--wait", "--timeout", "1"],
    );
    assert_eq!(code(&polled), 124, "{}", stderr(&polled));
    // The page is written on the client, never on the server.
    same(
        url,
        &alice,
        &client,
        &here,
        &["report", "neg", "--html", "page.html"],
    );
    let page = std::fs::read_to_string(client.join("page.html")).unwrap();
    assert!(
        page.contains("<html") || page.contains("<!DOCTYPE"),
        "{page}"
    );
    assert!(!root.join("page.html").exists());
    // An existing output is kept without --force (3), replaced with it.
    same(
        url,
        &alice,
        &client,
        &here,
        &["report", "neg", "--html", "page.html"],
    );
    same(
        url,
        &alice,
        &client,
        &here,
        &["report", "neg", "--html", "page.html", "--force"],
    );
    // The script-named links work from another directory with the two variables.
    let scripts = scripts(tmp.path());
    let mut poll = isolated(scripts.join("poll.sh"));
    let polled = poll
        .current_dir(&client)
        .env("PARLEY_NOW", NOW)
        .env("PARLEY_SERVER", url)
        .env("PARLEY_TOKEN", &alice)
        .args(["neg", "alice"])
        .output()
        .unwrap();
    let mut poll = isolated(scripts.join("poll.sh"));
    let here_polled = poll
        .current_dir(&here)
        .env("PARLEY_NOW", NOW)
        .args(["neg", "alice"])
        .output()
        .unwrap();
    assert_eq!(
        (code(&polled), stdout(&polled)),
        (code(&here_polled), stdout(&here_polled))
    );
}

#[test]
fn a_refused_token_and_an_unreachable_server_are_clear_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("root");
    std::fs::create_dir_all(&root).unwrap();
    let file = tmp.path().join("tokens.toml");
    token(&file, &["--agent", "alice", "--label", "alice"]);
    let server = Server::start(
        tmp.path(),
        &[root.to_str().unwrap(), "--tokens", file.to_str().unwrap()],
    );
    for token in [None, Some("parley_wrong")] {
        let refused = remote(&server.url, token, tmp.path(), &["status", "neg"]);
        assert_eq!(code(&refused), 77, "{}", stderr(&refused));
        assert!(
            stderr(&refused).contains(&server.url),
            "{}",
            stderr(&refused)
        );
        let json = remote(&server.url, token, tmp.path(), &["status", "neg", "--json"]);
        let envelope: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
        assert_eq!(envelope["ok"], false);
    }
    // A PARLEY_CA left in the environment does not concern a plain HTTP server.
    let with_ca = parley_std()
        .current_dir(tmp.path())
        .env("PARLEY_SERVER", &server.url)
        .env("PARLEY_CA", tmp.path().join("absent.pem"))
        .args(["status", "neg"])
        .output()
        .unwrap();
    assert_eq!(code(&with_ca), 77, "{}", stderr(&with_ca));
    // A closed port: 74 at once, naming the URL.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let began = Instant::now();
    let unreachable = remote(&url, Some("t"), tmp.path(), &["init", "neg", "2"]);
    assert_eq!(code(&unreachable), 74, "{}", stderr(&unreachable));
    assert!(
        stderr(&unreachable).contains(&url),
        "{}",
        stderr(&unreachable)
    );
    assert!(stderr(&unreachable).contains("nothing was sent"));
    assert!(began.elapsed() < Duration::from_secs(5));
    assert!(
        !tmp.path().join("neg").exists(),
        "nothing runs locally instead"
    );
    // A command that is no MCP action runs here as always.
    let links = remote(&url, None, tmp.path(), &["links", "bin"]);
    assert_eq!(code(&links), 0, "{}", stderr(&links));
}

/// `parley serve --tls-cert --tls-key` over real TLS, with a certificate of its own (made for
/// these tests, for 127.0.0.1): the command line trusts it through `PARLEY_CA`, sends nothing
/// without it, and a plain HTTP request to the port gets no HTTP answer.
#[test]
fn https_with_a_certificate_of_its_own() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("root");
    std::fs::create_dir_all(&root).unwrap();
    let tls = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/tls");
    let (cert, key) = (tls.join("server.pem"), tls.join("server.key"));
    let file = tmp.path().join("tokens.toml");
    let alice = token(&file, &["--agent", "alice", "--label", "alice"]);
    let server = Server::start(
        tmp.path(),
        &[
            root.to_str().unwrap(),
            "--tokens",
            file.to_str().unwrap(),
            "--tls-cert",
            cert.to_str().unwrap(),
            "--tls-key",
            key.to_str().unwrap(),
        ],
    );
    assert!(
        server.url.starts_with("https://127.0.0.1:"),
        "{}",
        server.url
    );
    let run = |ca: Option<&Path>, args: &[&str]| {
        let mut command = parley_std();
        command
            .current_dir(tmp.path())
            .env("PARLEY_SERVER", &server.url)
            .env("PARLEY_TOKEN", &alice);
        if let Some(ca) = ca {
            command.env("PARLEY_CA", ca);
        }
        command.args(args).output().unwrap()
    };

    // Not one of the public roots: refused in the handshake, before anything is sent.
    let untrusted = run(None, &["init", "neg", "2"]);
    assert_eq!(code(&untrusted), 74, "{}", stderr(&untrusted));
    let said = stderr(&untrusted);
    assert!(
        said.contains("nothing was sent") && said.contains("PARLEY_CA"),
        "{said}"
    );
    // A PARLEY_CA with no certificate in it: a usage error, nothing sent.
    let empty = tmp.path().join("empty.pem");
    std::fs::write(&empty, "not a certificate\n").unwrap();
    let bad = run(Some(&empty), &["init", "neg", "2", "--json"]);
    assert_eq!(code(&bad), 64, "{}", stderr(&bad));
    let envelope: serde_json::Value = serde_json::from_str(&stdout(&bad)).unwrap();
    assert_eq!(envelope["ok"], false, "{envelope}");
    assert!(!root.join("neg").exists(), "nothing was made");

    // Trusted through PARLEY_CA: the negotiation is made on the server.
    let made = run(Some(&cert), &["init", "neg", "2"]);
    assert_eq!(code(&made), 0, "{}", stderr(&made));
    assert!(root.join("neg/meta.md").is_file());
    let registered = run(Some(&cert), &["register", "neg", "alice"]);
    assert_eq!(code(&registered), 0, "{}", stderr(&registered));

    // Plain HTTP to the TLS port: no HTTP answer.
    let addr = server
        .url
        .trim_start_matches("https://")
        .trim_end_matches('/');
    let mut plain = std::net::TcpStream::connect(addr).unwrap();
    plain
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    std::io::Write::write_all(
        &mut plain,
        b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = std::io::Read::read_to_end(&mut plain, &mut answer);
    assert!(
        !String::from_utf8_lossy(&answer).starts_with("HTTP/"),
        "{answer:?}"
    );
}

/// A server of `TMP/root` with tokens for the agents alice and bob, and the directories
/// `TMP/client` (where the command line runs) and `TMP/here` (for the same command run here).
struct AliceAndBob {
    root: std::path::PathBuf,
    client: std::path::PathBuf,
    here: std::path::PathBuf,
    alice: String,
    bob: String,
    server: Server,
}

fn alice_and_bob(tmp: &Path) -> AliceAndBob {
    let (root, client) = root_and_client(tmp);
    let here = tmp.join("here");
    std::fs::create_dir_all(&here).unwrap();
    let file = tmp.join("tokens.toml");
    let alice = token(&file, &["--agent", "alice", "--label", "alice"]);
    let bob = token(&file, &["--agent", "bob", "--label", "bob"]);
    let server = Server::start(
        tmp,
        &[root.to_str().unwrap(), "--tokens", file.to_str().unwrap()],
    );
    AliceAndBob {
        root,
        client,
        here,
        alice,
        bob,
        server,
    }
}

/// `TMP/root` (to serve) and `TMP/client` (where the command line runs), made.
fn root_and_client(tmp: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let (root, client) = (tmp.join("root"), tmp.join("client"));
    for dir in [&root, &client] {
        std::fs::create_dir_all(dir).unwrap();
    }
    (root, client)
}

/// No answer names where the server keeps its files: paths under ROOT come back relative to
/// it, and an input file sent by content by the name it was sent with.
#[test]
fn answers_never_show_the_servers_own_paths() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, client) = root_and_client(tmp.path());
    let file = tmp.path().join("tokens.toml");
    let alice = token(&file, &["--agent", "alice", "--label", "alice"]);
    let server = Server::start(
        tmp.path(),
        &[root.to_str().unwrap(), "--tokens", file.to_str().unwrap()],
    );
    let url = server.url.as_str();
    let run = |args: &[&str]| remote(url, Some(&alice), &client, args);
    assert_eq!(code(&run(&["init", "neg", "2"])), 0);
    assert_eq!(code(&run(&["register", "neg", "alice"])), 0);
    let canonical = root.canonicalize().unwrap();
    let server_paths = [
        canonical.to_string_lossy().into_owned(),
        "parley-call".to_owned(),
    ];
    // A state file that does not parse is named, relative to ROOT.
    std::fs::write(root.join("neg/turn.md"), "not an agent name\n").unwrap();
    for args in [&["status", "neg"][..], &["status", "neg", "--json"]] {
        let output = run(args);
        assert_eq!(code(&output), 65, "{}", stderr(&output));
        let shown = format!("{}{}", stdout(&output), stderr(&output));
        assert!(shown.contains("neg/turn.md"), "{args:?}: {shown}");
        for path in &server_paths {
            assert!(
                !shown.contains(path.as_str()),
                "{args:?} shows {path}: {shown}"
            );
        }
    }
    // An input file sent by content, refused: named as the client named it.
    std::fs::write(client.join("long.txt"), "x".repeat(300_000)).unwrap();
    let output = run(&["note", "neg", "alice", "--file", "long.txt", "--json"]);
    assert!(code(&output) >= 64, "{}", stdout(&output));
    let shown = format!("{}{}", stdout(&output), stderr(&output));
    assert!(shown.contains("long.txt"), "{shown}");
    for path in &server_paths {
        assert!(!shown.contains(path.as_str()), "shows {path}: {shown}");
    }
}

/// A call over the server's body limit is refused as TOO_LARGE (65) before it is sent: never
/// as a connection cut that "may have been applied" (the server's own 413 comes while the
/// body is still going out, and a client that keeps sending sees the connection cut).
#[test]
fn a_call_too_large_for_the_server_is_65_and_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, client) = root_and_client(tmp.path());
    let server = Server::start(tmp.path(), &[root.to_str().unwrap()]);
    let url = server.url.as_str();
    assert_eq!(code(&remote(url, None, &client, &["init", "neg", "2"])), 0);
    assert_eq!(
        code(&remote(url, None, &client, &["register", "neg", "alice"])),
        0
    );
    std::fs::write(client.join("huge.txt"), "x".repeat(5 * 1024 * 1024)).unwrap();
    let before = snapshot(&root);
    let output = remote(
        url,
        None,
        &client,
        &["note", "neg", "alice", "--file", "huge.txt", "--json"],
    );
    assert_eq!(code(&output), 65, "{}{}", stdout(&output), stderr(&output));
    let envelope: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(envelope["ok"], false);
    assert_eq!(envelope["error"]["code"], "TOO_LARGE", "{envelope}");
    assert_eq!(snapshot(&root), before);
}

/// `parliament append` sends its message file's JSON object, from a file or from standard
/// input (the file left out, as the command reads it here): the ledger gets both messages.
#[test]
fn parliament_append_from_a_file_and_from_stdin_over_the_server() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, client) = root_and_client(tmp.path());
    let server = Server::start(tmp.path(), &[root.to_str().unwrap()]);
    let url = server.url.as_str();
    let ok = |args: &[&str]| {
        let output = remote(url, None, &client, args);
        assert_eq!(code(&output), 0, "{args:?}: {}", stderr(&output));
    };
    ok(&[
        "parliament",
        "init",
        "parl",
        "--problem",
        "Design the cache",
        "--rep",
        "rep_1:Rep. One:cost",
        "--rep",
        "rep_2:Rep. Two:security",
    ]);
    ok(&["parliament", "round", "parl", "--start"]);
    let question = r#"{"type": "QUESTION", "from": "rep_1", "to": "rep_2",
        "content": {"topic": "t", "question": "Why?", "motive_context": "Because."}}"#;
    std::fs::write(client.join("q.json"), question).unwrap();
    ok(&["parliament", "append", "parl", "q.json"]);
    // A file that is no JSON object is refused as here: 65, naming the file.
    std::fs::write(client.join("bad.json"), "not json").unwrap();
    let refused = remote(
        url,
        None,
        &client,
        &["parliament", "append", "parl", "bad.json"],
    );
    assert_eq!(code(&refused), 65, "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("bad.json"),
        "{}",
        stderr(&refused)
    );
    let mut piped = parley_std();
    piped
        .current_dir(&client)
        .env("PARLEY_SERVER", url)
        .args(["parliament", "append", "parl"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = piped.spawn().unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), question.as_bytes()).unwrap();
    let from_stdin = child.wait_with_output().unwrap();
    assert_eq!(code(&from_stdin), 0, "{}", stderr(&from_stdin));
    let ledger: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("parl/ledger.json")).unwrap())
            .unwrap();
    let questions = ledger["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["type"] == "QUESTION")
        .count();
    assert_eq!(questions, 2, "{ledger}");
}

/// What the client's side gives a command goes with the call: the link it was called by
/// (`init.sh` writes the old scripts' `meta.md`), its environment (the participant),
/// standard input for `-`; and its input files are refused as here.
#[test]
fn the_clients_link_environment_and_standard_input_go_with_the_call() {
    let tmp = tempfile::tempdir().unwrap();
    let AliceAndBob {
        root,
        client,
        here,
        alice,
        bob,
        server,
    } = alice_and_bob(tmp.path());
    let url = server.url.as_str();
    let scripts = scripts(tmp.path());
    let link = |name: &str, cwd: &Path, token: Option<&str>, args: &[&str]| {
        let mut command = isolated(scripts.join(name));
        command.current_dir(cwd).env("PARLEY_NOW", NOW).args(args);
        if let Some(token) = token {
            command.env("PARLEY_SERVER", url).env("PARLEY_TOKEN", token);
        }
        command.output().unwrap()
    };
    // init.sh keeps the old scripts' meta.md over the server too: byte for byte.
    let there = link("init.sh", &client, Some(&alice), &["neg", "2"]);
    let local = link("init.sh", &here, None, &["neg", "2"]);
    assert_eq!(code(&there), 0, "{}", stderr(&there));
    assert_eq!(stdout(&there), stdout(&local));
    let meta = |dir: &Path| std::fs::read_to_string(dir.join("neg/meta.md")).unwrap();
    assert_eq!(meta(&root), meta(&here));
    assert!(!meta(&root).contains("sign_off"), "{}", meta(&root));

    // The participant named by the client's environment is sent.
    let register = |cwd: &Path, token: Option<&str>, agent: &str| {
        let mut command = parley_std();
        command
            .current_dir(cwd)
            .env("NEGOTIATE_PARTICIPANT_ID", format!("session-{agent}"))
            .args(["register", "neg", agent, "--json"]);
        if let Some(token) = token {
            command.env("PARLEY_SERVER", url).env("PARLEY_TOKEN", token);
        }
        command.output().unwrap()
    };
    for (agent, token) in [("alice", &alice), ("bob", &bob)] {
        let there = register(&client, Some(token), agent);
        let local = register(&here, None, agent);
        assert_eq!(
            (code(&there), stdout(&there)),
            (code(&local), stdout(&local))
        );
    }
    let agents = |dir: &Path| std::fs::read_to_string(dir.join("neg/agents.md")).unwrap();
    assert!(agents(&root).contains("session-alice"), "{}", agents(&root));
    assert_eq!(agents(&root), agents(&here));
    same(
        url,
        &alice,
        &client,
        &here,
        &["wait-for-start", "neg", "alice"],
    );
    for (agent, token) in [("alice", &alice), ("bob", &bob)] {
        same(url, token, &client, &here, &["end-analysis", "neg", agent]);
    }
    same(url, &alice, &client, &here, &["new-issue", "neg", "first"]);

    // `-`: the body is read from standard input here.
    let with_stdin = |cwd: &Path, token: Option<&str>| {
        let mut command = parley_std();
        command
            .current_dir(cwd)
            .args(["position", "neg", "alice", "1", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        if let Some(token) = token {
            command.env("PARLEY_SERVER", url).env("PARLEY_TOKEN", token);
        }
        let mut child = command.spawn().unwrap();
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"From standard input.\n")
            .unwrap();
        drop(child.stdin.take());
        child.wait_with_output().unwrap()
    };
    let there = with_stdin(&client, Some(&alice));
    let local = with_stdin(&here, None);
    assert_eq!(code(&there), 0, "{}", stderr(&there));
    assert_eq!(
        (stdout(&there), stderr(&there)),
        (stdout(&local), stderr(&local))
    );
    let positions = std::fs::read_to_string(root.join("neg/positions/01-first.md")).unwrap();
    assert!(positions.contains("From standard input."), "{positions}");
    // Anything but `-` there is refused as here, nothing sent.
    let there = same(
        url,
        &bob,
        &client,
        &here,
        &["challenge", "neg", "bob", "1", "oops"],
    );
    assert_eq!(code(&there), 64, "{}", stderr(&there));

    // The page's size is the size of the file written here.
    let page = remote(
        url,
        Some(&alice),
        &client,
        &["--json", "report", "neg", "--html", "page.html"],
    );
    let envelope: serde_json::Value = serde_json::from_str(&stdout(&page)).unwrap();
    let written = std::fs::metadata(client.join("page.html")).unwrap().len();
    assert_eq!(envelope["data"]["bytes"], written, "{envelope}");

    // Input files are refused as here: the same code and exit.
    std::fs::write(client.join("topic.bin"), [0xff, 0xfe, 0x00]).unwrap();
    std::fs::write(here.join("topic.bin"), [0xff, 0xfe, 0x00]).unwrap();
    for args in [
        &["init", "other", "2", "--source", "absent.md", "--json"][..],
        &["init", "other", "2", "--source", ".", "--json"],
        &["init", "other", "2", "--topic-file", "absent.md", "--json"],
        &["init", "other", "2", "--topic-file", "topic.bin", "--json"],
    ] {
        let there = same(url, &alice, &client, &here, args);
        assert_eq!(code(&there), 65, "{args:?}: {}", stdout(&there));
    }
    assert!(!root.join("other").exists());
}

/// A wait on the server answers Ctrl-C as it does here: 130 and the `--json` envelope.
#[test]
fn ctrl_c_during_a_wait_on_the_server_is_130_with_its_envelope() {
    let tmp = tempfile::tempdir().unwrap();
    let AliceAndBob {
        client,
        alice,
        bob,
        server,
        ..
    } = alice_and_bob(tmp.path());
    let url = server.url.as_str();
    for (agent, token) in [("alice", &alice), ("bob", &bob)] {
        if agent == "alice" {
            ok_remote(url, token, &client, &["init", "neg", "2"]);
        }
        ok_remote(url, token, &client, &["register", "neg", agent]);
    }
    ok_remote(url, &alice, &client, &["wait-for-start", "neg", "alice"]);
    let waiter = parley_std()
        .current_dir(&client)
        .env("PARLEY_SERVER", url)
        .env("PARLEY_TOKEN", &bob)
        .args(["--json", "wait", "neg", "bob", "--timeout", "60"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The client holds a socket once its call is going out: it set up its handler before.
    let connected = || {
        std::fs::read_dir(format!("/proc/{}/fd", waiter.id()))
            .into_iter()
            .flatten()
            .flatten()
            .any(|fd| {
                std::fs::read_link(fd.path())
                    .is_ok_and(|target| target.to_string_lossy().starts_with("socket:"))
            })
    };
    let began = Instant::now();
    while !connected() {
        assert!(
            began.elapsed() < Duration::from_secs(10),
            "the wait never connected to the server"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    unsafe { libc::kill(waiter.id() as i32, libc::SIGINT) };
    let out = waiter.wait_with_output().unwrap();
    assert_eq!(code(&out), 130, "{}", stderr(&out));
    let envelope: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(envelope["ok"], false);
    assert_eq!(envelope["error"]["code"], "INTERRUPTED");
    assert_eq!(envelope["command"], "wait");
}

/// A PARLEY_SERVER that is no URL is a usage error, a host nobody resolves is unreachable:
/// nothing was sent, said so, never "may have been applied". A live view runs here and says
/// so when the directory is the server's.
#[test]
fn a_server_url_that_cannot_be_called_and_a_live_view_say_what_happened() {
    let tmp = tempfile::tempdir().unwrap();
    for (url, exit, code_word) in [
        ("notaurl", 64, "USAGE"),
        ("ftp://127.0.0.1:9", 64, "USAGE"),
        ("http://no-such-host.invalid:9", 74, "UNREACHABLE"),
    ] {
        let out = remote(
            url,
            Some("t"),
            tmp.path(),
            &["--json", "note", "neg", "alice", "--body", "x"],
        );
        assert_eq!(code(&out), exit, "{url}: {}", stdout(&out));
        let envelope: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(envelope["error"]["code"], code_word, "{url}");
        let message = envelope["error"]["message"].as_str().unwrap();
        assert!(message.contains("nothing was sent"), "{message}");
        assert!(!message.contains("may have been applied"), "{message}");
        assert!(envelope["error"]["hint"].is_string(), "{envelope}");
    }
    // Behind a proxy the host is the proxy's to resolve: the call goes to the proxy.
    let proxy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let proxy_url = format!("http://{}", proxy.local_addr().unwrap());
    proxy.set_nonblocking(true).unwrap();
    let seen = std::thread::spawn(move || {
        // Bounded: a client that never calls the proxy fails the test instead of hanging it.
        let began = Instant::now();
        let mut stream = loop {
            match proxy.accept() {
                Ok((stream, _)) => break stream,
                Err(_) if began.elapsed() < Duration::from_secs(10) => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(e) => panic!("the proxy was never called: {e}"),
            }
        };
        stream.set_nonblocking(false).unwrap();
        let mut request = Vec::new();
        let mut byte = [0u8; 1];
        while !request.ends_with(b"\r\n\r\n")
            && std::io::Read::read(&mut stream, &mut byte).unwrap() == 1
        {
            request.push(byte[0]);
        }
        std::io::Write::write_all(
            &mut stream,
            b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        )
        .unwrap();
        String::from_utf8_lossy(&request).into_owned()
    });
    let proxied = parley_std()
        .current_dir(tmp.path())
        .env("PARLEY_SERVER", "http://no-such-host.invalid:9")
        .env("PARLEY_TOKEN", "t")
        .env("HTTP_PROXY", &proxy_url)
        .args(["--json", "status", "neg"])
        .output()
        .unwrap();
    let request = seen.join().unwrap();
    assert!(request.contains("no-such-host.invalid"), "{request}");
    let envelope: serde_json::Value = serde_json::from_str(&stdout(&proxied)).unwrap();
    // The proxy refused the tunnel: nothing reached the server.
    assert_eq!(envelope["error"]["code"], "UNREACHABLE", "{envelope}");
    let message = envelope["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("proxy") && message.contains("nothing was sent"),
        "{message}"
    );
    for args in [
        &["watch", "neg", "--once"][..],
        &["status", "neg", "--watch", "--timeout", "1"],
    ] {
        let out = remote("http://127.0.0.1:9", Some("t"), tmp.path(), args);
        assert_eq!(code(&out), 66, "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("PARLEY_SERVER"), "{}", stderr(&out));
    }
}

fn ok_remote(url: &str, token: &str, cwd: &Path, args: &[&str]) {
    let out = remote(url, Some(token), cwd, args);
    assert_eq!(code(&out), 0, "{args:?}: {}", stderr(&out));
}
