//! `parley man DIR` (issue 35 item 5): one page per command and subcommand, the pages in `man/`
//! the binary's own, written with the rules of `skill --install`.

use std::path::Path;

use serde_json::Value;

use crate::support::*;

fn man_json(args: &[&str]) -> (i32, Value) {
    let output = parley()
        .arg("--json")
        .arg("man")
        .args(args)
        .output()
        .unwrap();
    let value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(&output)));
    (code(&output), value)
}

fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            let bytes = std::fs::read(entry.path()).unwrap_or_default();
            (name, bytes)
        })
        .collect();
    all.sort();
    all
}

#[test]
fn committed_man_pages_match_what_the_binary_writes() {
    let tmp = tempfile::TempDir::new().unwrap();
    let out = tmp.path().join("man1");
    let (exit, envelope) = man_json(&[out.to_str().unwrap()]);
    assert_eq!(exit, 0, "{envelope}");
    let committed = listing(&Path::new(env!("CARGO_MANIFEST_DIR")).join("man"));
    let generated = listing(&out);
    let names = |all: &[(String, Vec<u8>)]| all.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&committed),
        names(&generated),
        "man/ is stale: regenerate it with `rm -f man/*.1 && parley man man`"
    );
    for ((name, want), (_, got)) in committed.iter().zip(&generated) {
        assert!(
            want == got,
            "man/{name} is stale: regenerate it with `rm -f man/*.1 && parley man man`"
        );
    }
    // One page per command and subcommand, named as man finds them; no clap `help` pages.
    for page in [
        "parley.1",
        "parley-status.1",
        "parley-agent-register.1",
        "parley-bounce-append.1",
        "parley-feedback-validate-request.1",
        "parley-man.1",
    ] {
        assert!(names(&generated).contains(&page.to_owned()), "{page}");
    }
    assert!(!names(&generated).iter().any(|n| n.contains("-help")));
    let page =
        String::from_utf8(std::fs::read(out.join("parley-agent-register.1")).unwrap()).unwrap();
    assert!(
        page.starts_with(".ie") && page.contains(".TH parley-agent-register 1  \"parley "),
        "{page}"
    );
    assert!(page.contains("\\fBparley agent register\\fR"), "{page}");
    // The same pages again: nothing written, and no date makes them differ.
    let (exit, again) = man_json(&[out.to_str().unwrap()]);
    assert_eq!(exit, 0);
    assert_eq!(again["data"]["written"], serde_json::json!([]));
    assert_eq!(listing(&out), generated);
}

#[test]
fn a_different_page_is_kept_unless_forced_and_a_link_is_never_followed() {
    let tmp = tempfile::TempDir::new().unwrap();
    let out = tmp.path().join("deep/man1");
    let dir = out.to_str().unwrap();
    assert_eq!(man_json(&[dir]).0, 0);
    let status = out.join("parley-status.1");
    let fresh = std::fs::read(&status).unwrap();
    std::fs::write(&status, "an older page\n").unwrap();
    std::fs::remove_file(out.join("parley-wait.1")).unwrap();
    let before = listing(&out);
    // Refused, exit 3, and nothing written (not even the missing page).
    let (exit, refused) = man_json(&[dir]);
    assert_eq!(exit, 3, "{refused}");
    assert_eq!(refused["error"]["code"], "MAN_PAGE_EXISTS", "{refused}");
    assert_eq!(
        refused["data"]["refused"],
        serde_json::json!(["parley-status.1"])
    );
    assert_eq!(listing(&out), before);
    let text = parley().args(["man", dir]).output().unwrap();
    assert_eq!(code(&text), 3);
    assert!(
        stdout(&text).contains("parley-status.1"),
        "{}",
        stdout(&text)
    );
    // --force replaces it and writes the missing one, and only those.
    let (exit, forced) = man_json(&[dir, "--force"]);
    assert_eq!(exit, 0, "{forced}");
    assert_eq!(
        forced["data"]["written"],
        serde_json::json!(["parley-wait.1", "parley-status.1"])
    );
    assert_eq!(std::fs::read(&status).unwrap(), fresh);

    // A page that is a symbolic link: refused, forced or not, its target untouched, nothing written.
    let target = tmp.path().join("elsewhere");
    std::fs::write(&target, "mine\n").unwrap();
    std::fs::remove_file(&status).unwrap();
    std::os::unix::fs::symlink(&target, &status).unwrap();
    std::fs::remove_file(out.join("parley-wait.1")).unwrap();
    let before = listing(&out);
    for force in [false, true] {
        let mut args = vec![dir];
        if force {
            args.push("--force");
        }
        let (exit, linked) = man_json(&args);
        assert!(exit >= 64, "{linked}");
        assert_eq!(linked["error"]["code"], "SYMLINK", "{linked}");
        assert_eq!(std::fs::read(&target).unwrap(), b"mine\n");
        assert_eq!(listing(&out), before);
    }
    // A directory where a page goes: refused too.
    std::fs::remove_file(&status).unwrap();
    std::fs::create_dir(&status).unwrap();
    let (exit, blocked) = man_json(&[dir, "--force"]);
    assert!(exit >= 64, "{blocked}");
    assert!(!out.join("parley-wait.1").exists());
    // DIR itself a file: refused.
    let file = tmp.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    assert!(man_json(&[file.to_str().unwrap()]).0 >= 64);
}
