//! Each applet, its key output lines and exit codes.

use crate::support::*;

#[test]
fn init_prints_the_key_lines_and_builds_the_whole_directory() {
    let neg = Neg::empty();
    let out = neg.ok(&["init", "{dir}", "3"]);
    assert!(out.contains(&format!("Negotiation initialized at: {}", neg.dir.display())));
    assert!(out.contains("Expected agents: 3"));
    assert!(out.contains("Registration window: 120s"));
    for dir in ["sources", "issues", "positions", "analysis", "issues-draft"] {
        assert!(neg.path(dir).is_dir(), "{dir} missing");
    }
    assert_eq!(neg.read("turn.md").trim(), "registration");
    assert_eq!(neg.read("phase.md").trim(), "analysis");
    assert!(neg.read("meta.md").contains("- **expected_agents:** 3"));
}
