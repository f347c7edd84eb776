//! `parley skill`: the embedded SKILL.md, its installation and check, and the rules the file
//! itself must keep (front matter, length, every command in it parses).

use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

use crate::support::*;

/// The skill as committed: what the binary must carry.
fn skill_file() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("skill/SKILL.md")).unwrap()
}

fn run(args: &[&str]) -> std::process::Output {
    parley().args(args).output().unwrap()
}

fn json(output: &std::process::Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(output)))
}

fn installed(dir: &Path) -> PathBuf {
    dir.join("parley").join("SKILL.md")
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The YAML front matter's lines and the body after it.
fn front_matter(text: &str) -> (Vec<&str>, &str) {
    let rest = text
        .strip_prefix("---\n")
        .expect("SKILL.md starts with a --- line");
    let end = rest
        .find("\n---\n")
        .expect("the front matter ends with ---");
    (
        rest[..end].lines().collect(),
        &rest[end + "\n---\n".len()..],
    )
}

fn field<'a>(lines: &[&'a str], key: &str) -> &'a str {
    let values: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
        .map(str::trim)
        .collect();
    assert_eq!(
        values.len(),
        1,
        "exactly one {key}: line in the front matter"
    );
    values[0]
}

#[test]
fn skill_prints_the_embedded_file_byte_for_byte() {
    let output = run(&["skill"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), skill_file());
    assert!(stderr(&output).is_empty());

    let output = run(&["--json", "skill"]);
    assert_eq!(code(&output), 0);
    let value = json(&output);
    assert_eq!(value["ok"], true);
    assert_eq!(value["command"], "skill");
    assert_eq!(value["error"], Value::Null);
    assert_eq!(value["data"]["name"], "parley");
    assert_eq!(value["data"]["content"], skill_file());
    let text = skill_file();
    let (lines, _) = front_matter(&text);
    assert_eq!(value["data"]["description"], field(&lines, "description"));
}

/// The Agent Skills format: `name` lower-case letters, digits and hyphens (at most 64, and the
/// folder's name), a non-empty `description` of at most 1024 characters, a body under 500
/// lines. The values are one-line plain YAML scalars, so nothing in them may read as YAML
/// syntax.
#[test]
fn the_front_matter_and_the_body_follow_the_skill_format() {
    let text = skill_file();
    let (lines, body) = front_matter(&text);
    let name = field(&lines, "name");
    assert_eq!(name, "parley");
    let description = field(&lines, "description");
    assert!(!description.is_empty());
    assert!(
        description.chars().count() <= 1024,
        "the description has {} characters",
        description.chars().count()
    );
    for value in [name, description] {
        assert!(
            !value.contains(": ") && !value.contains(" #") && !value.ends_with(':'),
            "not a plain YAML scalar: {value}"
        );
        assert!(
            !value.starts_with(|c: char| "-?:,[]{}#&*!|>'\"%@`".contains(c)),
            "starts with a YAML indicator: {value}"
        );
    }
    for line in &lines {
        assert!(
            line.starts_with("name:") || line.starts_with("description:"),
            "unexpected front matter line: {line}"
        );
    }
    let body_lines = body.lines().count();
    assert!(body_lines < 500, "the body has {body_lines} lines");
    assert!(text.ends_with('\n') && !text.ends_with("\n\n"));
}

/// What the skill must teach, by the words that carry it.
#[test]
fn the_skill_covers_every_protocol_exit_codes_and_the_mcp_tools() {
    let text = skill_file();
    for needle in [
        "parley register ",
        "parley wait-for-start ",
        "parley wait ",
        "parley position ",
        "parley challenge ",
        "parley agree ",
        "parley hand-off ",
        "parley audit-template ",
        "parley finish ",
        "parley reserve ",
        "parley bounce append ",
        "parley parliament append ",
        "parley feedback ask ",
        "--json",
        "--timeout",
        "Never hand-edit state files",
        "**65, bad input.**",
        "**66, nothing at the path.**",
        "**75, lock busy.**",
        "\"args\": [\"mcp\"]",
    ] {
        assert!(
            text.contains(needle),
            "the skill does not mention {needle:?}"
        );
    }
    for tool in [
        "negotiation",
        "operative",
        "bounce",
        "parliament",
        "feedback",
        "wait",
    ] {
        assert!(
            text.contains(&format!("`{tool}`")),
            "the skill does not name the MCP tool {tool}"
        );
    }
    // The negotiation's loop comes first, in the order it is played.
    let at = |needle: &str| text.find(needle).unwrap();
    let order = [
        "parley register ",
        "parley wait-for-start ",
        "parley wait neg",
        "parley position ",
        "parley hand-off ",
        "parley audit-template ",
        "parley finish ",
        "parley reserve ",
    ];
    assert!(
        order.windows(2).all(|w| at(w[0]) < at(w[1])),
        "the negotiation's steps are not in the order of play"
    );
}

/// Every line of a code block in the skill that starts with `parley `, as words: quotes
/// removed, a `\` line continuation joined, cut at a comment or a shell operator.
fn skill_command_lines(text: &str) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut in_block = false;
    let mut pending = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        let line = line.trim();
        if pending.is_empty() && !line.starts_with("parley ") {
            continue;
        }
        if let Some(start) = line.strip_suffix('\\') {
            pending.push_str(start);
            pending.push(' ');
            continue;
        }
        pending.push_str(line);
        commands.push(shell_words(&pending));
        pending.clear();
    }
    assert!(pending.is_empty(), "a continued line runs past its block");
    commands
}

/// The words of a simple shell command: single and double quotes, backslash escapes; a word
/// starting with `#` begins a comment; `;`, `|`, `&`, `<` and `>` end the command.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    word.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        _ => word.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            '#' if !in_word => break,
            ';' | '|' | '&' | '<' | '>' => break,
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// Whether `words` (a whole command line, `parley` first) parses. The one place that knows
/// how the command line is parsed: the whole command tree of the applet registry.
fn parse_command_line(words: &[String]) -> Result<(), String> {
    parley::cli::command_tree()
        .try_get_matches_from(words)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn every_parley_line_of_the_skill_parses() {
    let commands = skill_command_lines(&skill_file());
    assert!(
        commands.len() >= 40,
        "only {} command lines found",
        commands.len()
    );
    let failures: Vec<String> = commands
        .iter()
        .filter_map(|words| {
            parse_command_line(words)
                .err()
                .map(|e| format!("{}\n{e}", words.join(" ")))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_line_splitter_reads_quotes_comments_and_operators() {
    assert_eq!(
        shell_words(r#"parley a "b c" 'd e' f\ g --x="h i"  # note"#),
        ["parley", "a", "b c", "d e", "f g", "--x=h i"]
    );
    assert_eq!(
        shell_words("parley poll neg a; echo $?"),
        ["parley", "poll", "neg", "a"]
    );
    assert_eq!(shell_words("parley x a#b | head"), ["parley", "x", "a#b"]);
    let text = "text\n```sh\nparley a \\\n  b\necho parley\n```\nparley outside\n";
    assert_eq!(skill_command_lines(text), [["parley", "a", "b"]]);
    assert!(parse_command_line(&shell_words("parley poll neg agent-alpha")).is_ok());
    assert!(parse_command_line(&shell_words("parley poll neg")).is_err());
}

#[test]
fn install_writes_the_skill_folder_and_is_idempotent() {
    let tmp = TempDir::new().unwrap();
    // A skills folder that does not exist yet is created, like mkdir -p.
    let dir = tmp.path().join(".claude/skills");
    let output = run(&["skill", "--install", arg(&dir)]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output).starts_with("Installed the parley skill: "));
    assert_eq!(
        std::fs::read_to_string(installed(&dir)).unwrap(),
        skill_file()
    );
    let listing: Vec<String> = std::fs::read_dir(dir.join("parley"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(listing, ["SKILL.md"], "nothing else is left in the folder");

    let again = run(&["--json", "skill", "--install", arg(&dir)]);
    assert_eq!(code(&again), 0);
    let value = json(&again);
    assert_eq!(value["ok"], true);
    assert_eq!(value["data"]["written"], false);
    assert_eq!(value["data"]["path"], arg(&installed(&dir)));

    let check = run(&["skill", "--check", arg(&dir)]);
    assert_eq!(code(&check), 0, "{}", stderr(&check));
}

#[test]
fn install_over_a_different_file_is_3_and_force_replaces_it() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("parley")).unwrap();
    std::fs::write(installed(dir), "my own notes\n").unwrap();

    let output = run(&["skill", "--install", arg(dir)]);
    assert_eq!(code(&output), 3);
    assert!(stdout(&output).contains("differs"), "{}", stdout(&output));
    assert_eq!(
        std::fs::read_to_string(installed(dir)).unwrap(),
        "my own notes\n"
    );
    let value = json(&run(&["--json", "skill", "--install", arg(dir)]));
    assert_eq!(value["ok"], false);
    assert_eq!(value["error"]["code"], "SKILL_EXISTS");
    assert_eq!(value["error"]["exit"], 3);
    assert_eq!(value["data"]["written"], false);

    let forced = run(&["--json", "skill", "--install", arg(dir), "--force"]);
    assert_eq!(code(&forced), 0, "{}", stdout(&forced));
    let value = json(&forced);
    assert_eq!(value["data"]["written"], true);
    assert_eq!(value["data"]["replaced"], true);
    assert_eq!(
        std::fs::read_to_string(installed(dir)).unwrap(),
        skill_file()
    );
}

#[test]
fn check_is_0_when_current_1_when_different_66_when_missing() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path();

    let missing = run(&["--json", "skill", "--check", arg(dir)]);
    assert_eq!(code(&missing), 66);
    let value = json(&missing);
    assert_eq!(value["ok"], false);
    assert_eq!(value["error"]["code"], "SKILL_NOT_INSTALLED");
    let human = run(&["skill", "--check", arg(&dir.join("nowhere"))]);
    assert_eq!(code(&human), 66);
    assert!(stderr(&human).contains("parley skill: error: no skill file at"));

    assert_eq!(code(&run(&["skill", "--install", arg(dir)])), 0);
    let current = run(&["--json", "skill", "--check", arg(dir)]);
    assert_eq!(code(&current), 0);
    assert_eq!(json(&current)["data"]["current"], true);

    // An older copy: one line of it changed, or cut short, or grown.
    let text = skill_file();
    for changed in [
        text.replacen("parley", "parly", 1),
        text[..text.len() - 1].to_owned(),
        format!("{text}more\n"),
    ] {
        std::fs::write(installed(dir), changed).unwrap();
        let differs = run(&["--json", "skill", "--check", arg(dir)]);
        assert_eq!(code(&differs), 1);
        let value = json(&differs);
        assert_eq!(value["ok"], false);
        assert_eq!(value["error"]["code"], "SKILL_DIFFERS");
        assert_eq!(value["data"]["current"], false);
    }
    // Checking changes nothing.
    assert_eq!(
        std::fs::read_to_string(installed(dir)).unwrap(),
        format!("{text}more\n")
    );
}

#[test]
fn a_link_at_the_skill_file_is_never_followed() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("skills");
    std::fs::create_dir_all(dir.join("parley")).unwrap();
    let target = tmp.path().join("elsewhere.md");
    std::fs::write(&target, "not yours\n").unwrap();
    std::os::unix::fs::symlink(&target, installed(&dir)).unwrap();
    for args in [
        vec!["--json", "skill", "--install", arg(&dir)],
        vec!["--json", "skill", "--install", arg(&dir), "--force"],
        vec!["--json", "skill", "--check", arg(&dir)],
    ] {
        let output = run(&args);
        assert_eq!(code(&output), 65, "{args:?}");
        assert_eq!(json(&output)["error"]["code"], "SYMLINK");
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "not yours\n");
    assert!(
        std::fs::symlink_metadata(installed(&dir))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn something_other_than_a_file_in_the_way_is_refused() {
    let tmp = TempDir::new().unwrap();
    // A directory where the file belongs: nothing to check, nothing parley replaces.
    let dir = tmp.path().join("a");
    std::fs::create_dir_all(installed(&dir)).unwrap();
    assert_eq!(code(&run(&["skill", "--check", arg(&dir)])), 66);
    for force in [false, true] {
        let mut args = vec!["skill", "--install", arg(&dir)];
        if force {
            args.push("--force");
        }
        assert_eq!(code(&run(&args)), 73, "{args:?}");
    }
    assert!(installed(&dir).is_dir());
    // A file where the skill's folder belongs.
    let dir = tmp.path().join("b");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("parley"), "a file\n").unwrap();
    assert_eq!(code(&run(&["skill", "--install", arg(&dir)])), 73);
    // A FIFO is never opened (that would block): the check answers at once.
    let dir = tmp.path().join("c");
    std::fs::create_dir_all(dir.join("parley")).unwrap();
    let fifo = installed(&dir);
    let made = isolated("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    assert_eq!(code(&run(&["skill", "--check", arg(&dir)])), 66);
    assert_eq!(code(&run(&["skill", "--install", arg(&dir)])), 73);
}

#[test]
fn options_that_do_not_go_together_are_usage_errors() {
    for args in [
        vec!["skill", "--force"],
        vec!["skill", "--install", "a", "--check", "b"],
        vec!["skill", "--check", "a", "--force"],
        vec!["skill", "extra"],
    ] {
        let output = run(&args);
        assert_eq!(code(&output), 64, "{args:?}");
        assert!(stdout(&output).is_empty());
    }
}

/// Installs racing on one folder: the file is written whole once, every install answers 0
/// (the file each one finds is this binary's), and nothing is left beside it.
#[test]
fn concurrent_installs_all_succeed_with_one_whole_file() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path().join("skills");
    let children: Vec<std::process::Child> = (0..8)
        .map(|_| {
            parley_std()
                .args(["skill", "--install"])
                .arg(&dir)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert_eq!(code(&output), 0, "{}", stderr(&output));
    }
    assert_eq!(
        std::fs::read_to_string(installed(&dir)).unwrap(),
        skill_file()
    );
    let listing: Vec<String> = std::fs::read_dir(dir.join("parley"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(listing, ["SKILL.md"]);
}

/// The README's section on the skill runs as written.
#[test]
fn the_readme_skill_section_runs_as_written() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = &readme[readme.find("## Agents: the skill file").unwrap()..];
    let start = section.find("```sh\n").unwrap() + "```sh\n".len();
    let block = &section[start..start + section[start..].find("```").unwrap()];
    let work = TempDir::new().unwrap();
    let path = format!(
        "{}:{}",
        bin().parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = isolated("bash")
        .args(["-euo", "pipefail", "-c", block])
        .current_dir(work.path())
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        std::fs::read_to_string(installed(&work.path().join(".claude/skills"))).unwrap(),
        skill_file()
    );
}

/// Every `parley ` line of the skill, run in order in one scratch directory with the inputs
/// it names: none may be a usage error or name a path that is not there. Answers (1 to 4:
/// not your turn, wrong phase, ...) are fine, since one agent plays the lines in a row; a
/// wait is cut to `--timeout 0`, so it answers at once (0, 2, or 124), and the feedback
/// provider is parley's mock.
#[test]
fn every_parley_line_of_the_skill_runs() {
    let work = TempDir::new().unwrap();
    let root = work.path();
    for (file, text) in [
        ("proposal-a.md", "# A\n\nA local cache.\n"),
        ("proposal-b.md", "# B\n\nA remote cache.\n"),
        ("plan.md", "# Plan\n\nShip the cache first.\n"),
        (
            "response.json",
            r#"{"type":"QUESTION","from":"rep_2","to":"rep_1","content":{"topic":"integrity","question":"Who signs entries?","motive_context":"Poisoning."}}"#,
        ),
        ("answer.json", "{}\n"),
        ("my-analysis.md", "# Divergence Analysis: agent-alpha\n"),
        ("my-audit.md", "# Coverage Audit\n"),
        ("my-final.md", "# Final\n"),
    ] {
        std::fs::write(root.join(file), text).unwrap();
    }
    let mut failures = Vec::new();
    let mut ran = 0;
    for words in skill_command_lines(&skill_file()) {
        let mut args: Vec<String> = words[1..].to_vec();
        if let Some(at) = args.iter().position(|w| w == "--timeout") {
            args[at + 1] = "0".into();
        }
        if let Some(at) = args.iter().position(|w| w == "--") {
            args.truncate(at + 1);
            args.push(bin().to_string_lossy().into_owned());
            args.extend(
                ["feedback", "mock-provider", "--session", "{sessionID}"].map(String::from),
            );
        }
        let output = parley()
            .args(&args)
            .current_dir(root)
            .env("PARLEY_PROJECT_ROOT", root)
            .output()
            .unwrap();
        ran += 1;
        let exit = code(&output);
        if exit >= 64 && !(exit == 124 && words.contains(&"--timeout".to_owned())) {
            failures.push(format!(
                "{}: exit {exit}\n{}",
                words.join(" "),
                stderr(&output)
            ));
        }
    }
    assert!(ran >= 40);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // They did what they say: a negotiation, a reservation log, a session, a ledger, a review.
    assert!(root.join("neg/positions").is_dir());
    assert!(root.join(".parley/operative/events.jsonl").is_file());
    assert!(root.join("design.md").is_file());
    assert!(root.join("parl/ledger.json").is_file());
    assert!(root.join("review/iterations/0002-response.json").is_file());
}

/// What a crash during `--install` can leave: the temporary file of the atomic publish, never
/// a part of SKILL.md. The next check and install ignore it.
#[test]
fn a_temporary_file_left_by_a_crashed_install_is_ignored() {
    let tmp = TempDir::new().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("parley")).unwrap();
    let text = skill_file();
    std::fs::write(
        dir.join("parley/.parley-tmp-crashed"),
        &text[..text.len() / 2],
    )
    .unwrap();
    assert_eq!(code(&run(&["skill", "--check", arg(dir)])), 66);
    assert_eq!(code(&run(&["skill", "--install", arg(dir)])), 0);
    assert_eq!(std::fs::read_to_string(installed(dir)).unwrap(), text);
    assert_eq!(code(&run(&["skill", "--check", arg(dir)])), 0);
}

/// `kill -9` at whatever moment it lands: SKILL.md is absent or whole, never a part, and the
/// next install completes it. (The assertion holds for every interleaving, so where the kill
/// lands does not matter.)
#[test]
fn an_install_killed_at_any_moment_leaves_no_part_of_the_file() {
    let tmp = TempDir::new().unwrap();
    for round in 0..12 {
        let dir = tmp.path().join(format!("skills-{round}"));
        let mut child = parley_std()
            .args(["skill", "--install"])
            .arg(&dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        child.kill().unwrap();
        child.wait().unwrap();
        if let Ok(text) = std::fs::read_to_string(installed(&dir)) {
            assert_eq!(text, skill_file(), "round {round}: a part of the file");
        }
        assert_eq!(code(&run(&["skill", "--install", arg(&dir)])), 0);
        assert_eq!(code(&run(&["skill", "--check", arg(&dir)])), 0);
    }
}
