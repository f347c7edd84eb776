//! The views of a negotiation: `watch` (and `status --watch`) and `report --html`. The live
//! view is driven by real changes made while it runs; assertions are about what it prints,
//! never about how fast.

use std::io::{BufRead, BufReader, Read};
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use crate::support::*;

/// How long a test waits for a line it expects before it fails (a bound against hanging,
/// not a speed requirement).
const PATIENCE: Duration = Duration::from_secs(30);

/// Two agents in the positions phase; issue 01 has positions by both and a challenge by
/// agent-beta, issue 02 has none.
fn negotiation() -> Neg {
    let neg = Neg::in_positions(2);
    neg.positions(
        "01-topic-0.md",
        &[
            ("agent-alpha", "position", 1),
            ("agent-beta", "challenge", 1),
            ("agent-beta", "position", 1),
            ("agent-alpha", "position", 2),
        ],
        "OPEN",
    );
    neg
}

#[test]
fn watch_once_shows_turn_phase_agents_issues_and_last_events() {
    let neg = negotiation();
    // 65 s after the turn was given, by nobody's activity since.
    let output = neg.run_at(&at(65), &["watch", "{dir}", "--once"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let out = stdout(&output);
    let canonical = neg.dir.canonicalize().unwrap();
    assert!(
        out.starts_with(&format!("=== {} — {} ===\n", canonical.display(), at(65))),
        "{out}"
    );
    for expected in [
        "Phase: positions\n",
        "Current turn: agent-alpha for 1m05s (idle 1m05s of the 10m00s allowed)\n",
        "Agents (2/2):\n",
        "  ▶ agent-alpha  last active 1m05s ago (end-analysis: turn)\n",
        "    agent-beta   last active 1m05s ago (end-analysis: turn)\n",
        "Issues (2: 0 agreed, 2 open, 0 escalated):\n",
        "  OPEN         01-topic-0.md  round 2  challenged by agent-beta  [TODO: Short Title]\n",
        "  NO POSITIONS 02-topic-1.md  round 0  no challenge  [TODO: Short Title]\n",
        "Last events:\n",
        "end-analysis     turn          agent-beta -> agent-alpha\n",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
    assert!(
        !out.contains('\x1b'),
        "no terminal codes when piped:\n{out}"
    );
    // `status --watch` is the same view.
    let status = neg.run_at(&at(65), &["status", "{dir}", "--watch", "--once"]);
    assert_eq!((code(&status), stdout(&status)), (0, out));
}

#[test]
fn watch_once_in_json_is_one_envelope_with_the_snapshot() {
    let neg = negotiation();
    let output = neg.run(&["--json", "watch", "{dir}", "--once"]);
    assert_eq!(code(&output), 0);
    let envelope: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(envelope["command"], "watch");
    assert_eq!(envelope["data"]["turn"], "agent-alpha");
    assert_eq!(envelope["data"]["phase"], "positions");
    assert_eq!(envelope["data"]["issues"][0]["rounds"], 2);
    assert_eq!(
        envelope["data"]["issues"][0]["challenge_authors"][0],
        "agent-beta"
    );
    assert_eq!(envelope["data"]["agents"][0]["holds_turn"], true);
}

#[test]
fn watch_refuses_what_is_not_a_negotiation_and_flags_without_watch() {
    let neg = Neg::empty();
    assert_eq!(code(&neg.run(&["watch", "{dir}", "--once"])), 66);
    let neg = negotiation();
    assert_eq!(code(&neg.run(&["status", "{dir}", "--once"])), 64);
    assert_eq!(code(&neg.run(&["watch", "{dir}", "--timeout", "-1"])), 64);
}

/// A running `watch` whose stdout lines arrive on a channel.
struct Watcher {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Watcher {
    fn start(neg: &Neg, args: &[&str]) -> Watcher {
        let dir = neg.dir.to_string_lossy().into_owned();
        let args: Vec<String> = args.iter().map(|a| a.replace("{dir}", &dir)).collect();
        let mut child = parley_std()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Watcher {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Reads lines until one starts with `wanted`; fails if the view ends or stays silent.
    fn until(&mut self, wanted: &str) {
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let found = line.starts_with(wanted);
                    self.seen.push(line);
                    if found {
                        return;
                    }
                }
                Err(e) => panic!(
                    "no line {wanted:?} ({e}); the view printed:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }

    /// Waits for the end; returns the exit code and every line printed.
    fn end(mut self) -> (i32, Vec<String>) {
        let status = self.child.wait().unwrap();
        self.seen.extend(self.lines.iter());
        (status.code().unwrap_or(-1), self.seen)
    }
}

#[test]
fn watch_redraws_on_every_change_and_ends_with_2_when_finished() {
    let neg = negotiation();
    let mut view = Watcher::start(&neg, &["watch", "{dir}"]);
    // The first snapshot is printed once the watch is in place. (The view's clock runs on
    // from PARLEY_NOW, so how long the turn has been held depends on the machine's speed.)
    view.until("Current turn: agent-alpha for ");
    view.until("Last events:");
    neg.ok(&["hand-off", "{dir}", "agent-alpha"]);
    view.until("Current turn: agent-beta for ");
    // A hand-written change to a positions file is a change too.
    neg.positions(
        "02-topic-1.md",
        &[
            ("agent-beta", "position", 1),
            ("agent-alpha", "challenge", 1),
        ],
        "OPEN",
    );
    view.until(
        "  OPEN         02-topic-1.md  round 1  challenged by agent-alpha  [TODO: Short Title]",
    );
    // make_finishable rewrites the positions files by hand, which the append-only check
    // reports; this test is about the view, so the edits are accepted.
    neg.make_finishable();
    neg.ok(&["finish", "{dir}", "--accept-edits"]);
    let (code, lines) = view.end();
    assert_eq!(code, 2, "{}", lines.join("\n"));
    let headers = lines.iter().filter(|l| l.starts_with("=== ")).count();
    assert!(headers >= 4, "a snapshot per change:\n{}", lines.join("\n"));
    // The last snapshot is the finished negotiation, whole.
    let last = lines.iter().rposition(|l| l.starts_with("=== ")).unwrap();
    let last: Vec<&str> = lines[last..].iter().map(String::as_str).collect();
    assert!(last.contains(&"Current turn: done (finished)"), "{last:?}");
    assert!(last.contains(&"Issues (2: 2 agreed, 0 open, 0 escalated):"));
    assert_eq!(
        last.iter().rev().find(|l| !l.is_empty()),
        Some(&"The negotiation is finished.")
    );
    // Snapshots are separated by a blank line.
    for pair in lines.windows(2) {
        if pair[1].starts_with("=== ") {
            assert_eq!(pair[0], "", "a blank line before each snapshot");
        }
    }
}

#[test]
fn a_state_file_broken_while_watching_is_shown_and_the_view_goes_on() {
    let neg = negotiation();
    let mut view = Watcher::start(&neg, &["watch", "{dir}", "--timeout", "60"]);
    view.until("Last events:");
    neg.write("turn.md", "agent-alpha agent-beta\n");
    view.until("Waiting for the next change.");
    let broken = view.seen.iter().rev().nth(1).unwrap().clone();
    assert!(
        broken.contains("turn.md:1") && broken.contains("expected one word"),
        "{broken}"
    );
    neg.write("turn.md", "agent-beta\n");
    view.until("  ▶ agent-beta   last active ");
    view.child.kill().unwrap();
    view.end();
}

#[test]
fn watch_on_a_finished_negotiation_shows_it_once_and_exits_2() {
    let neg = negotiation();
    neg.make_finishable();
    neg.ok(&["finish", "{dir}"]);
    for args in [&["watch", "{dir}"][..], &["watch", "{dir}", "--once"]] {
        let output = neg.run(args);
        assert_eq!(code(&output), 2, "{args:?}");
        let out = stdout(&output);
        assert_eq!(out.matches("=== ").count(), 1, "{out}");
        assert!(out.contains("Current turn: done (finished)\n"));
    }
}

#[test]
fn watch_stops_at_its_timeout_with_124_and_on_ctrl_c_with_130() {
    let neg = negotiation();
    let output = neg.run(&["watch", "{dir}", "--timeout", "0.3"]);
    assert_eq!(code(&output), 124);
    assert_eq!(stdout(&output).matches("=== ").count(), 1);

    let mut view = Watcher::start(&neg, &["watch", "{dir}"]);
    view.until("Last events:");
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(view.child.id() as i32, libc::SIGINT) };
    assert_eq!(view.end().0, 130);
}

#[test]
fn watch_stops_when_nobody_reads_it_any_more() {
    // `parley watch DIR | head`: once the reader is gone, the next snapshot cannot be
    // written and the view ends (instead of running on, unseen, until the negotiation ends).
    let neg = negotiation();
    let mut view = Watcher::start(&neg, &["watch", "{dir}"]);
    view.until("Last events:");
    let Watcher {
        mut child, lines, ..
    } = view;
    drop(lines);
    // The reading thread stops at its next line; the changes below give it one, and the
    // view's next snapshot then meets a closed pipe.
    for _ in 0..50 {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        let holder = neg.turn();
        neg.ok(&["hand-off", "{dir}", &holder]);
    }
    let status = wait_bounded(&mut child, PATIENCE, "the view with nobody reading it");
    assert_eq!(status.code(), Some(74));
}

/// Runs parley with its stdout on a pseudo-terminal; returns what the terminal received.
fn on_terminal(neg: &Neg, env: &[(&str, &str)], args: &[&str]) -> String {
    on_terminal_of(None, neg, env, args)
}

/// The same, on a terminal of `rows` lines when given (a bare pseudo-terminal has no size).
fn on_terminal_of(rows: Option<u16>, neg: &Neg, env: &[(&str, &str)], args: &[&str]) -> String {
    let (mut master, mut slave) = (0, 0);
    let size = rows.map(|rows| libc::winsize {
        ws_row: rows,
        ws_col: 120,
        ws_xpixel: 0,
        ws_ypixel: 0,
    });
    let size_ptr = size.as_ref().map_or(std::ptr::null(), |s| s as *const _);
    // SAFETY: openpty fills in two descriptors; the size it may take is optional.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            size_ptr,
        )
    };
    assert_eq!(rc, 0, "openpty failed");
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let dir = neg.dir.to_string_lossy().into_owned();
    let args: Vec<String> = args.iter().map(|a| a.replace("{dir}", &dir)).collect();
    let mut command = parley_std();
    command.env_remove("NO_COLOR").args(&args).stdout(slave);
    for (key, value) in env {
        command.env(key, value);
    }
    let status = command.status().unwrap();
    drop(command);
    assert!(status.success(), "{args:?} on a terminal: {status}");
    let mut terminal = std::fs::File::from(master);
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    // Once the child is gone and its side closed, reading the master ends with EIO.
    while let Ok(n) = terminal.read(&mut chunk) {
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn on_a_terminal_the_view_clears_the_screen_and_colours_unless_no_color() {
    let neg = negotiation();
    let coloured = on_terminal(&neg, &[], &["watch", "{dir}", "--once"]);
    assert!(coloured.starts_with("\x1b[H"), "{coloured:?}");
    assert!(coloured.contains("\x1b[1m"), "bold headings: {coloured:?}");
    assert!(
        coloured.contains("\x1b[36mOPEN"),
        "coloured status: {coloured:?}"
    );
    let plain = on_terminal(&neg, &[("NO_COLOR", "1")], &["watch", "{dir}", "--once"]);
    assert!(plain.starts_with("\x1b[H"), "{plain:?}");
    assert!(
        !plain.contains("\x1b[1m") && !plain.contains("m\x1b[0m"),
        "{plain:?}"
    );
    assert!(plain.contains("OPEN         01-topic-0.md"));
}

#[test]
fn on_a_short_terminal_the_view_is_cut_to_its_height_keeping_the_top() {
    let neg = negotiation();
    let out = on_terminal_of(
        Some(8),
        &neg,
        &[("NO_COLOR", "1")],
        &["watch", "{dir}", "--once"],
    );
    let lines: Vec<&str> = out.trim_end().split("\r\n").collect();
    assert_eq!(lines.len(), 7, "one line under the height: {out:?}");
    assert!(lines[2].starts_with("Current turn: agent-alpha"), "{out:?}");
    assert!(lines[6].starts_with("... 15 more lines"), "{out:?}");
}

#[test]
fn text_from_the_files_cannot_send_terminal_codes() {
    let neg = negotiation();
    neg.write(
        "issues/01-topic-0.md",
        "# Issue: evil \x1b[2J\x1b]0;owned\x07 title\n",
    );
    let out = on_terminal(&neg, &[("NO_COLOR", "1")], &["watch", "{dir}", "--once"]);
    assert!(out.contains("evil ?[2J?]0;owned? title"), "{out:?}");
    // The only codes are the view's own: home, clear to the end of the line, clear below.
    for code in out.split('\x1b').skip(1) {
        assert!(
            ["[H", "[K", "[J"].iter().any(|own| code.starts_with(own)),
            "a code that is not the view's: {code:?}"
        );
    }
}

/// A negotiation with everything a report shows: a hostile topic, a source, positions with a
/// challenge and a decision, an escalated issue with a person's resolution, and a log.
fn reportable() -> Neg {
    let neg = Neg::empty();
    let source = neg.tmp.path().join("alpha-proposal.md");
    std::fs::write(&source, "# Alpha proposal\n\nUse <SQLite> & WAL.\n").unwrap();
    neg.ok(&[
        "init",
        "{dir}",
        "2",
        "--topic",
        "Pick a <script>alert(1)</script> store <img src=\"https://example.com/x.png\">",
        "--source",
        source.to_str().unwrap(),
    ]);
    for name in Neg::names(2) {
        neg.ok(&["register", "{dir}", &name]);
    }
    neg.ok(&["wait-for-start", "{dir}", "agent-alpha"]);
    for (index, name) in Neg::names(2).iter().enumerate() {
        neg.ok(&[
            "file-draft-issue",
            "{dir}",
            name,
            &format!("topic-{index}"),
            "--title",
            &format!("Question \"{index}\" <b>bold</b>"),
        ]);
        neg.ok(&["end-analysis", "{dir}", name]);
    }
    neg.write(
        "positions/01-topic-0.md",
        "# Positions: Question 0\n\n\
         ## agent-alpha's position (round 1)\nSQLite & nothing else.\n\n\
         ## agent-beta's challenge (round 1)\nWhat about </pre><script>x()</script>?\n\n\
         ## agent-beta's position (round 1)\nFine.\n\n\
         ## Status: AGREED\nSQLite with WAL mode.\n",
    );
    neg.write(
        "positions/02-topic-1.md",
        "# Positions: Question 1\n\n\
         ## agent-beta's position (round 1)\nTokens.\n\n\
         ## Status: ESCALATE\nTokens or sessions: no agreement.\n\n\
         ## Resolution by dana\nSessions, decided by a person.\n",
    );
    neg
}

fn report(neg: &Neg, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["report", "{dir}", "--html", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    neg.run(&args)
}

#[test]
fn the_report_holds_the_whole_negotiation_escaped() {
    let neg = reportable();
    let out = neg.tmp.path().join("report.html");
    let output = report(&neg, &out, &[]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!("Wrote {} (2 issues, 13 events)\n", out.display())
    );
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for expected in [
        // Topic and title, escaped.
        "Pick a &lt;script&gt;alert(1)&lt;/script&gt; store &lt;img src=&quot;https://example.com/x.png&quot;&gt;",
        // Source.
        "alpha-proposal.md",
        "Use &lt;SQLite&gt; &amp; WAL.",
        // Agents.
        "<b>agent-alpha</b>",
        "<b>agent-beta</b>",
        // Issues, positions, challenges, decisions.
        "Question &quot;0&quot; &lt;b&gt;bold&lt;/b&gt;",
        "agent-alpha&#39;s position (round 1)",
        "SQLite &amp; nothing else.",
        "agent-beta&#39;s challenge (round 1)",
        "What about &lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt;?",
        "<b>Decision:</b> SQLite with WAL mode.",
        "<b>Escalated:</b> Tokens or sessions: no agreement.",
        "Resolution by dana",
        "Sessions, decided by a person.",
        // Timeline.
        "<td>merge</td>",
        "<td>agent-beta → agent-alpha</td>",
    ] {
        assert!(html.contains(expected), "missing {expected:?}");
    }
    let lower = html.to_lowercase();
    assert!(!lower.contains("<script"), "no script element");
    assert!(!lower.contains("<img"), "no image element");
    assert!(!lower.contains("<link"), "no linked resource");
    assert!(!lower.contains("@import") && !lower.contains("url("));
    // Nothing refers to the network: no src attribute at all, and every link is in the page.
    assert!(
        !lower.contains(" src=\"") && !lower.contains(" src='"),
        "no src attribute"
    );
    for link in lower.split("href=\"").skip(1) {
        assert!(link.starts_with('#'), "a link out of the page: {link:.60}");
    }
    assert!(html.contains("Content-Security-Policy\" content=\"default-src 'none'"));
}

#[test]
fn the_report_never_overwrites_without_force_nor_writes_through_a_link() {
    let neg = reportable();
    let before_status = neg.ok(&["status", "{dir}"]).lines().count();
    let out = neg.tmp.path().join("report.html");
    std::fs::write(&out, "mine").unwrap();
    let refused = report(&neg, &out, &[]);
    assert_eq!(code(&refused), 3, "{}", stderr(&refused));
    assert!(stderr(&refused).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
    assert_eq!(code(&report(&neg, &out, &["--force"])), 0);
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );

    // A link is refused, with or without --force, and what it points to is untouched.
    let target = neg.tmp.path().join("target.txt");
    std::fs::write(&target, "precious").unwrap();
    let link = neg.tmp.path().join("link.html");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    for extra in [&[][..], &["--force"]] {
        let output = report(&neg, &link, extra);
        assert_eq!(code(&output), 65, "{extra:?}: {}", stderr(&output));
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());

    // Inside the negotiation only as a visible .html file, which no protocol file is; never
    // without a parent; no temporary file is left.
    let before = snapshot(&neg.dir);
    for inside in [
        "turn.md",
        "final.md",
        ".parley/report.html",
        "positions/.x.html",
    ] {
        let output = report(&neg, &neg.path(inside), &["--force"]);
        assert_eq!(code(&output), 65, "{inside}: {}", stderr(&output));
    }
    assert_eq!(snapshot(&neg.dir), before);
    assert_eq!(code(&report(&neg, &neg.path("report.html"), &[])), 0);
    assert_eq!(neg.ok(&["status", "{dir}"]).lines().count(), before_status);
    let orphan = neg.tmp.path().join("missing/report.html");
    assert_eq!(code(&report(&neg, &orphan, &[])), 73);
    let names: Vec<String> = std::fs::read_dir(neg.tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.starts_with(".parley-tmp")),
        "{names:?}"
    );
}

/// The report renders in a real browser without the network: headless Chromium takes a
/// screenshot of it. Where Chromium is not installed the test skips with a message, except
/// under `CI` (set by `.ci/run`), where it fails: a green CI run has rendered the report.
#[test]
fn the_report_renders_in_headless_chromium() {
    if !chromium_available() {
        return;
    }
    let neg = reportable();
    let out = neg.tmp.path().join("report.html");
    assert_eq!(code(&report(&neg, &out, &[])), 0);
    let png = neg.tmp.path().join("report.png");
    let profile = neg.tmp.path().join("chromium-profile");
    let mut browser = std::process::Command::new(CHROMIUM)
        .args(HEADLESS)
        .arg("--window-size=1200,2000")
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", out.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = wait_bounded(&mut browser, Duration::from_secs(90), "chromium");
    assert!(status.success(), "chromium: {status}");
    let bytes = std::fs::read(&png).expect("a screenshot");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!((width, height), (1200, 2000));
    // Not blank: a blank page of this size compresses to about 11 kB using under 100
    // distinct byte values; a page of text and colour is several times larger and its
    // compressed bytes take nearly every value.
    let distinct = {
        let mut seen = [false; 256];
        bytes.iter().for_each(|b| seen[*b as usize] = true);
        seen.iter().filter(|s| **s).count()
    };
    assert!(
        bytes.len() > 40_000 && distinct > 200,
        "the screenshot looks blank: {} bytes, {distinct} distinct byte values",
        bytes.len()
    );
}

/// Waits for `child`, killing it after `limit` (a hung process must not hang the suite).
fn wait_bounded(child: &mut Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    let began = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if began.elapsed() > limit {
            let _ = child.kill();
            panic!("{what} did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn status_parses_only_the_log_lines_it_has_not_read_and_still_finds_an_edit_before_them() {
    let neg = Neg::in_positions(2);
    let holder = neg.turn();
    neg.ok(&["hand-off", "{dir}", &holder]);
    let whole = neg.ok(&["status", "{dir}", "--json"]);
    assert!(neg.path(".parley/log-events.json").exists());
    // The events kept and the lines logged since give the answer the whole log gives.
    let holder = neg.turn();
    neg.ok(&["hand-off", "{dir}", &holder]);
    let from_kept = neg.ok(&["status", "{dir}", "--json"]);
    let again = neg.ok(&["status", "{dir}", "--json"]);
    std::fs::remove_file(neg.path(".parley/log-events.json")).unwrap();
    let from_whole = neg.ok(&["status", "{dir}", "--json"]);
    assert_eq!(from_kept, from_whole);
    assert_eq!(again, from_whole);
    assert_ne!(whole, from_whole, "the second hand-off shows");
    // A line before the part kept, broken in place without changing the log's length, is
    // still an error naming it.
    let log = neg.read(".parley/log.jsonl");
    let mut lines: Vec<String> = log.lines().map(str::to_owned).collect();
    lines[2] = lines[2].replacen("\"at\":\"", "\"at\" \"", 1);
    let edited = lines.join("\n") + "\n";
    assert_eq!(edited.len(), log.len());
    neg.write(".parley/log.jsonl", &edited);
    let output = neg.run(&["status", "{dir}", "--json"]);
    assert_eq!(code(&output), 65, "{}", stdout(&output));
    let envelope: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let message = envelope["error"]["message"].as_str().unwrap();
    assert!(message.contains("log.jsonl:3"), "{message}");
}
