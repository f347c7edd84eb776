//! The title and the three sections (Protocol Rules, Context, Dialogue), in their order
//! (sections 3.2 to 3.5).

use std::collections::HashMap;

use super::Parsed;
use super::rules::parse_rules;
use crate::bounce::markdown::{self, Fence};

/// Title, Protocol Rules and Context, in order; returns the index of the first line of the
/// Dialogue section (after its heading), if it has one.
pub(super) fn parse_sections(
    lines: &[&str],
    fences: &[Fence],
    start: usize,
    parsed: &mut Parsed,
) -> Option<usize> {
    const SECTIONS: &[(&str, &str)] = &[
        ("Protocol Rules", "3.3"),
        ("Context", "3.4"),
        ("Dialogue", "3.5"),
    ];
    let all = markdown::headings(lines, fences);
    let headings: Vec<(usize, u8)> = all.into_iter().filter(|(i, _)| *i >= start).collect();
    let mut seen_title = false;
    let mut next_section = 0;
    let mut found: HashMap<&str, usize> = HashMap::new();
    let mut dialogue = None;
    for &(i, level) in &headings {
        let no = i + 1;
        let text = heading_text(lines, i);
        if !seen_title {
            seen_title = true;
            if let Some(stray) = (start..i).find(|&j| !lines[j].trim().is_empty()) {
                parsed.findings.error(
                    "CONTENT_BEFORE_TITLE",
                    "3.2",
                    stray + 1,
                    1,
                    "the title must follow the header; only blank lines may come between",
                );
            }
            if level == 1 {
                check_title(text, no, parsed);
                continue;
            }
            parsed.findings.error(
                "TITLE_MISSING",
                "3.2",
                no,
                1,
                "the first heading must be the title, `# Bounce Session: NAME`",
            );
        }
        let section = SECTIONS.iter().position(|(name, _)| *name == text);
        match (level, section) {
            (2, Some(k)) => {
                let name = SECTIONS[k].0;
                if found.contains_key(name) {
                    parsed.findings.error(
                        "SECTION_DUPLICATE",
                        SECTIONS[k].1,
                        no,
                        1,
                        format!("a second `## {name}` section"),
                    );
                    continue;
                }
                if k < next_section {
                    parsed.findings.error(
                        "SECTION_ORDER",
                        "3",
                        no,
                        1,
                        format!(
                            "`## {name}` comes after `## {}`; the order is Protocol Rules, Context, Dialogue",
                            SECTIONS[next_section - 1].0
                        ),
                    );
                }
                next_section = next_section.max(k + 1);
                found.insert(name, i);
                if name == "Dialogue" {
                    dialogue = Some(i + 1);
                    break;
                }
            }
            _ => parsed.findings.error(
                "UNEXPECTED_HEADING",
                "3",
                no,
                1,
                format!(
                    "a level-{level} heading `{text}`; before the Dialogue only the title and the three sections use levels 1 and 2"
                ),
            ),
        }
    }
    let end = parsed.line_count.max(1);
    if !seen_title {
        parsed.findings.error(
            "TITLE_MISSING",
            "3.2",
            (start + 1).min(end),
            1,
            "the title `# Bounce Session: NAME` is missing",
        );
    }
    for (name, rule) in SECTIONS {
        if !found.contains_key(name) {
            parsed.findings.error(
                "SECTION_MISSING",
                rule,
                end,
                1,
                format!("the `## {name}` section is missing"),
            );
        }
    }
    if let Some(&heading) = found.get("Protocol Rules") {
        let limit = found
            .values()
            .copied()
            .filter(|&i| i > heading)
            .min()
            .unwrap_or(lines.len());
        parse_rules(lines, fences, heading, limit, parsed);
    }
    dialogue
}

/// The text of the heading ending at line `i` (the line above for a setext heading).
fn heading_text<'a>(lines: &[&'a str], i: usize) -> &'a str {
    match markdown::atx_heading(lines[i]) {
        Some((_, text)) => text,
        None => lines[i - 1].trim(),
    }
}

fn check_title(text: &str, no: usize, parsed: &mut Parsed) {
    match text.strip_prefix("Bounce Session:") {
        Some(name) if !name.trim().is_empty() => parsed.title = Some(name.trim().to_owned()),
        Some(_) => parsed.findings.error(
            "TITLE_EMPTY",
            "3.2",
            no,
            1,
            "the session name in the title is empty",
        ),
        None => parsed.findings.error(
            "TITLE_FORMAT",
            "3.2",
            no,
            1,
            "the title must read `# Bounce Session: NAME`",
        ),
    }
}
