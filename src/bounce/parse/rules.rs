//! The fenced block of the Protocol Rules section, read as the small YAML subset `new` writes,
//! into [`Rules`] (section 3.3).

use std::collections::HashMap;

use super::Parsed;
use crate::bounce::finding::Findings;
use crate::bounce::markdown::Fence;
use crate::bounce::model::{
    ConsensusMode, Escalation, OutputFormat, Rules, TurnOrder, Word, in_unit_range, parse_count,
    parse_decimal, schema_agent_name,
};

/// Keys of the Protocol Rules, in the order `new` writes them.
const RULE_KEYS: &[&str] = &[
    "agents",
    "turn-order",
    "max-turns-per-round",
    "turn-timeout",
    "consensus-threshold",
    "consensus-mode",
    "escalation",
    "max-rounds",
    "output-format",
];

/// The fenced block of the Protocol Rules section, between its heading and `limit`.
pub(super) fn parse_rules(
    lines: &[&str],
    fences: &[Fence],
    heading: usize,
    limit: usize,
    parsed: &mut Parsed,
) {
    let findings = &mut parsed.findings;
    let Some(open) = (heading + 1..limit).find(|&i| !lines[i].trim().is_empty()) else {
        findings.error(
            "RULES_BLOCK_MISSING",
            "3.3",
            heading + 1,
            1,
            "`## Protocol Rules` must be followed by a fenced code block of rules",
        );
        return;
    };
    if fences[open] != Fence::Open {
        findings.error(
            "RULES_BLOCK_MISSING",
            "3.3",
            open + 1,
            1,
            "`## Protocol Rules` must be followed by a fenced code block of rules",
        );
        return;
    }
    let close = (open + 1..lines.len()).find(|&i| fences[i] == Fence::Close);
    let Some(close) = close else {
        findings.error(
            "RULES_BLOCK_UNCLOSED",
            "3.3",
            open + 1,
            1,
            "the code block of the Protocol Rules is never closed",
        );
        return;
    };
    // key -> (line, column of the value, value); agents -> items with their place.
    let mut values: Values<'_> = HashMap::new();
    let mut agents: AgentList<'_> = None;
    let mut in_agents = false;
    for (i, line) in lines.iter().enumerate().take(close).skip(open + 1) {
        let no = i + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if line.starts_with([' ', '\t', '-']) {
            match (in_agents, trimmed.strip_prefix('-')) {
                (true, Some(item)) => {
                    let item = unquote(strip_comment(item).trim());
                    let column = line.find(item).map_or(1, |c| c + 1);
                    if let Some((_, items)) = agents.as_mut() {
                        items.push((no, column, item));
                    }
                }
                _ => findings.error(
                    "RULES_SYNTAX",
                    "3.3",
                    no,
                    1,
                    "expected `key: value` or an item of the agents list",
                ),
            }
            continue;
        }
        in_agents = false;
        let Some((key, raw)) = line.split_once(':') else {
            findings.error("RULES_SYNTAX", "3.3", no, 1, "expected `key: value`");
            continue;
        };
        let key = key.trim();
        let value = unquote(strip_comment(raw).trim());
        let column = key.len() + 1 + raw.find(value).unwrap_or(0) + 1;
        if values.contains_key(key) || (key == "agents" && agents.is_some()) {
            findings.error(
                "RULES_KEY_DUPLICATE",
                "3.3",
                no,
                1,
                format!("`{key}` is set twice"),
            );
            continue;
        }
        if !RULE_KEYS.contains(&key) {
            findings.warning(
                "RULES_KEY_UNKNOWN",
                "R9",
                no,
                1,
                format!("unknown rule `{key}` is ignored"),
            );
            continue;
        }
        if key == "agents" {
            let mut items = Vec::new();
            if let Some(flow) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                for item in flow.split(',').map(|s| unquote(s.trim())) {
                    if !item.is_empty() {
                        items.push((no, column, item));
                    }
                }
            } else if !value.is_empty() {
                findings.error(
                    "RULES_SYNTAX",
                    "3.3",
                    no,
                    column,
                    "`agents` is a list: one `  - name` line per agent",
                );
            } else {
                in_agents = true;
            }
            agents = Some((no, items));
            continue;
        }
        values.insert(key, (no, column, value));
    }
    let block_line = open + 1;
    let rules = build_rules(&values, agents, block_line, findings);
    parsed.rules = rules;
}

fn unquote(text: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = text.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner;
        }
    }
    text
}

/// A YAML comment after a value (` # ...`).
fn strip_comment(text: &str) -> &str {
    match text.find(" #") {
        Some(i) => &text[..i],
        None => text,
    }
}

/// A value with its place: (line, column, text).
type Placed<'a> = (usize, usize, &'a str);
type Values<'a> = HashMap<&'a str, Placed<'a>>;
/// The agents list: the line of `agents:` and its items.
type AgentList<'a> = Option<(usize, Vec<Placed<'a>>)>;

fn build_rules(
    values: &Values<'_>,
    agents: AgentList<'_>,
    block_line: usize,
    findings: &mut Findings,
) -> Option<Rules> {
    let mut complete = true;
    for key in RULE_KEYS {
        let present = if *key == "agents" {
            agents.is_some()
        } else {
            values.contains_key(key)
        };
        if !present {
            complete = false;
            findings.error(
                "RULES_KEY_MISSING",
                "3.3",
                block_line,
                1,
                format!("the rule `{key}` is missing"),
            );
        }
    }
    let agents = check_agents(agents, findings);
    let turn_order = word::<TurnOrder>(values, "turn-order", findings);
    let mode = word::<ConsensusMode>(values, "consensus-mode", findings);
    let escalation = word::<Escalation>(values, "escalation", findings);
    let output_format = word::<OutputFormat>(values, "output-format", findings);
    let max_turns = count(values, "max-turns-per-round", 10, findings);
    let timeout = count(values, "turn-timeout", 86_400, findings);
    let max_rounds = count(values, "max-rounds", 100, findings);
    let threshold = values
        .get("consensus-threshold")
        .and_then(|&(no, column, value)| match parse_decimal(value) {
            Some(t) if in_unit_range(t) => Some(t),
            Some(_) => {
                findings.error(
                    "RULES_VALUE_INVALID",
                    "3.3",
                    no,
                    column,
                    format!("consensus-threshold {value} is outside [0, 1]"),
                );
                None
            }
            None => {
                findings.error(
                    "RULES_VALUE_INVALID",
                    "3.3",
                    no,
                    column,
                    format!("consensus-threshold `{value}` is not a number"),
                );
                None
            }
        });
    if !complete {
        return None;
    }
    Some(Rules {
        agents: agents?,
        turn_order: turn_order?,
        max_turns_per_round: max_turns?,
        turn_timeout: timeout?,
        threshold: threshold?,
        mode: mode?,
        escalation: escalation?,
        max_rounds: max_rounds?,
        output_format: output_format?,
    })
}

fn check_agents(agents: AgentList<'_>, findings: &mut Findings) -> Option<Vec<String>> {
    let (line, items) = agents?;
    if items.is_empty() {
        findings.error("AGENTS_EMPTY", "3.3", line, 1, "the agents list is empty");
        return None;
    }
    let mut names = Vec::new();
    // Duplicates through a set: scanning `names` made a long list quadratic (0.9 s for
    // 32 000 agents).
    let mut seen = std::collections::HashSet::new();
    let mut ok = true;
    for (no, column, name) in items {
        // Only what cannot be written as `[author: NAME]` is an error; the rest of the
        // schema's pattern (spaces, capitals, ...) is a warning below.
        if name.is_empty() || name.contains(|c: char| c.is_control() || "[]".contains(c)) {
            ok = false;
            findings.error(
                "AGENT_NAME_INVALID",
                "3.3",
                no,
                column,
                format!("agent name `{name}` is empty or has brackets or control characters"),
            );
            continue;
        }
        if !seen.insert(name) {
            ok = false;
            findings.error(
                "AGENT_DUPLICATE",
                "3.3",
                no,
                column,
                format!("agent `{name}` is listed twice; names must be unique"),
            );
            continue;
        }
        if !schema_agent_name(name) {
            findings.warning(
                "AGENT_NAME_PATTERN",
                "5",
                no,
                column,
                format!("agent name `{name}` does not match ^[a-z0-9][a-z0-9-]*[a-z0-9]$"),
            );
        }
        names.push(name.to_owned());
    }
    ok.then_some(names)
}

fn word<W: Word>(values: &Values<'_>, key: &str, findings: &mut Findings) -> Option<W> {
    let &(no, column, value) = values.get(key)?;
    let parsed = W::parse(value);
    if parsed.is_none() {
        findings.error(
            "RULES_VALUE_INVALID",
            "3.3",
            no,
            column,
            format!("{key} `{value}` is not one of {}", W::choices()),
        );
    }
    parsed
}

fn count(values: &Values<'_>, key: &str, schema_max: u64, findings: &mut Findings) -> Option<u64> {
    let &(no, column, value) = values.get(key)?;
    match parse_count(value) {
        Ok(n) => {
            if n > schema_max {
                findings.warning(
                    "RULES_LIMIT",
                    "5",
                    no,
                    column,
                    format!("{key} {n} is above the schema's maximum of {schema_max}"),
                );
            }
            Some(n)
        }
        Err(why) => {
            findings.error(
                "RULES_VALUE_INVALID",
                "3.3",
                no,
                column,
                format!("{key} `{value}` {why}"),
            );
            None
        }
    }
}
