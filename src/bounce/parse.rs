//! Reading a session file into its parts (header, title, Protocol Rules, entries), reporting
//! every problem of form on the way: sections 3 and 4 and the rules of section 6 that a single
//! entry can break. The rules about the order of entries live in `timeline.rs`.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};

use super::finding::Findings;
use super::markdown::{self, Fence, comment, opens_multiline_comment};
use super::model::{
    ConsensusMode, Entry, EntryStatus, Escalation, FIELDS, OutputFormat, Rules, Stance, TurnOrder,
    Word, in_unit_range, parse_count, parse_decimal, parse_time, schema_agent_name, uuid_version_4,
};

const HEADER_KEYS: &[&str] = &["bounce-protocol", "created", "session-id"];

/// Keys of the Protocol Rules, in the order `new` writes them.
pub const RULE_KEYS: &[&str] = &[
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

/// A session file as read, with the findings of form.
#[derive(Debug, Default)]
pub struct Parsed {
    pub created: Option<DateTime<Utc>>,
    pub title: Option<String>,
    pub rules: Option<Rules>,
    pub entries: Vec<Entry>,
    /// The last entry has no yield marker (someone is writing, or a writer died).
    pub in_progress: bool,
    /// Number of lines, for findings about something missing at the end.
    pub line_count: usize,
    pub findings: Findings,
}

pub fn parse(text: &str) -> Parsed {
    let mut lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    if text.ends_with('\n') || text.is_empty() {
        lines.pop();
    }
    let fences = markdown::fences(&lines);
    let mut parsed = Parsed {
        line_count: lines.len(),
        ..Parsed::default()
    };
    let body_start = parse_header(&lines, &mut parsed);
    let dialogue = parse_sections(&lines, &fences, body_start, &mut parsed);
    if let Some(start) = dialogue {
        parse_dialogue(&lines, &fences, start, &mut parsed);
    }
    parsed
}

/// The three header lines; returns the index of the first line after the header.
fn parse_header(lines: &[&str], parsed: &mut Parsed) -> usize {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let no = index + 1;
        if opens_multiline_comment(line) {
            parsed.findings.error(
                "COMMENT_MULTILINE",
                "R20",
                no,
                1,
                "protocol metadata must be a one-line <!-- key: value --> comment",
            );
            index += 1;
            continue;
        }
        let Some(c) = comment(line) else {
            break;
        };
        if index >= 3 {
            parsed.findings.error(
                "HEADER_EXTRA",
                "3.1",
                no,
                1,
                "the header is exactly three comment lines; this is a fourth",
            );
            index += 1;
            continue;
        }
        index += 1;
        if !HEADER_KEYS.contains(&c.key) {
            parsed.findings.error(
                "HEADER_UNKNOWN",
                "3.1",
                no,
                1,
                format!(
                    "unknown header field `{}`; the header holds bounce-protocol, created and session-id",
                    c.key
                ),
            );
            continue;
        }
        if !seen.insert(c.key) {
            parsed.findings.error(
                "HEADER_DUPLICATE",
                "3.1",
                no,
                1,
                format!("the {} header line appears twice", c.key),
            );
            continue;
        }
        if !c.exact {
            parsed.findings.error(
                "HEADER_FORMAT",
                "3.1",
                no,
                1,
                "a header line is exactly `<!-- key: value -->`, single spaces, on one line",
            );
        }
        let column = column_of(line, c.value);
        check_header_value(c.key, c.value, no, column, parsed);
    }
    if index == 0
        && let Some(first) = lines.first()
        && HEADER_KEYS
            .iter()
            .any(|k| first.trim_start().starts_with(&format!("{k}:")))
    {
        parsed.findings.error(
            "METADATA_NOT_IN_COMMENT",
            "R19",
            1,
            1,
            "header metadata must be written in an HTML comment, <!-- key: value -->",
        );
    }
    for key in HEADER_KEYS {
        if !seen.contains(key) {
            parsed.findings.error(
                "HEADER_MISSING",
                "3.1",
                index.min(3) + 1,
                1,
                format!(
                    "the `<!-- {key}: ... -->` header line is missing; the file must begin with the three header lines"
                ),
            );
        }
    }
    index
}

fn check_header_value(key: &str, value: &str, no: usize, column: usize, parsed: &mut Parsed) {
    let findings = &mut parsed.findings;
    match key {
        "bounce-protocol" => {
            let parts: Option<(u64, u64)> = value
                .split_once('.')
                .filter(|(a, b)| {
                    [a, b]
                        .iter()
                        .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
                })
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
            match parts {
                None => findings.error(
                    "VERSION_INVALID",
                    "R9",
                    no,
                    column,
                    format!("bounce-protocol `{value}` is not a MAJOR.MINOR version"),
                ),
                Some((0, _)) => {}
                Some((major, _)) => findings.error(
                    "VERSION_UNSUPPORTED",
                    "R9",
                    no,
                    column,
                    format!("major version {major} is not supported; this parser reads 0.x"),
                ),
            }
        }
        "created" => match parse_time(value) {
            Some(at) => parsed.created = Some(at),
            None => findings.error(
                "CREATED_INVALID",
                "3.1",
                no,
                column,
                format!("created `{value}` is not an ISO-8601 date and time with a timezone"),
            ),
        },
        _ => match uuid_version_4(value) {
            Some(true) => {}
            Some(false) => findings.warning(
                "SESSION_ID_NOT_V4",
                "3.1",
                no,
                column,
                format!("session-id {value} is a UUID but not version 4"),
            ),
            None if value.is_empty() => findings.error(
                "SESSION_ID_INVALID",
                "3.1",
                no,
                column,
                "session-id is empty; it must be a lowercase hyphenated UUID v4",
            ),
            None => findings.error(
                "SESSION_ID_INVALID",
                "3.1",
                no,
                column,
                format!("session-id `{value}` is not a lowercase hyphenated UUID"),
            ),
        },
    }
}

/// Title, Protocol Rules and Context, in order; returns the index of the first line of the
/// Dialogue section (after its heading), if it has one.
fn parse_sections(
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

/// The fenced block of the Protocol Rules section, between its heading and `limit`.
fn parse_rules(
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

/// The 1-based column of `part`, a slice of `line` (1 when it is empty or not a slice of it).
fn column_of(line: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(line.as_ptr() as usize);
    if part.is_empty() || offset > line.len() {
        1
    } else {
        offset + 1
    }
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

/// Where the reader is inside an entry.
#[derive(Debug, PartialEq, Eq)]
enum Phase {
    Position,
    StatusLine,
    Fields,
    Body,
}

fn parse_dialogue(lines: &[&str], fences: &[Fence], start: usize, parsed: &mut Parsed) {
    let mut ids: HashSet<String> = HashSet::new();
    let mut current: Option<(Entry, Phase, Given)> = None;
    // How many findings there were when the current entry began.
    let mut mark = 0;
    let mut stray_reported = false;
    let mut i = start;
    while i < lines.len() {
        let line = lines[i];
        let no = i + 1;
        let outside = fences[i].outside();
        let marker = if outside { comment(line) } else { None };
        let opens_entry = marker.as_ref().is_some_and(|c| c.key == "entry");
        if let Some((entry, phase, fields)) = current.as_mut() {
            if opens_entry {
                if *phase == Phase::Fields {
                    check_required_fields(entry, fields, parsed);
                }
                let (done, _, _) = current.take().expect("an entry is open");
                let (line, id) = (done.line, done.id.clone());
                close_entry(done, mark, parsed);
                parsed.findings.error(
                    "YIELD_MISSING",
                    "4.6",
                    line,
                    1,
                    format!(
                        "entry {id} has no <!-- yield --> marker before the next entry (Rule 4)"
                    ),
                );
                parsed.findings.error(
                    "ENTRY_WHILE_OPEN",
                    "R6",
                    no,
                    1,
                    "an entry begins while the previous one still lacks its yield marker",
                );
                continue;
            }
            match phase {
                Phase::Position => {
                    *phase = Phase::StatusLine;
                    if let Some(c) = marker.as_ref().filter(|c| c.key == "turn") {
                        entry.position = parse_position(line, c, no, &mut parsed.findings);
                        i += 1;
                        continue;
                    }
                    if outside && line.trim_start().starts_with("turn:") {
                        parsed.findings.error(
                            "METADATA_NOT_IN_COMMENT",
                            "R19",
                            no,
                            1,
                            "the position must be written in an HTML comment, <!-- turn: N round: M -->",
                        );
                        i += 1;
                        continue;
                    }
                    parsed.findings.error(
                        "POSITION_MISSING",
                        "4.2",
                        no,
                        1,
                        "the second line of an entry must be `<!-- turn: N round: M -->`",
                    );
                    continue;
                }
                Phase::StatusLine => {
                    *phase = Phase::Fields;
                    if parse_status_line(line, no, entry, &mut parsed.findings) {
                        i += 1;
                    }
                    continue;
                }
                Phase::Fields => {
                    if let Some((index, key, value)) = field(line) {
                        if std::mem::replace(&mut fields[index], true) {
                            parsed.findings.error(
                                "FIELD_DUPLICATE",
                                "4.4",
                                no,
                                1,
                                format!("`{key}` is given twice in this entry"),
                            );
                        }
                        // Structured mode asks for every field *populated* (section 3.3):
                        // `summary:` with nothing after it is as absent as no line at all.
                        // An empty stance or confidence is already invalid (R10, R11).
                        if value.is_empty()
                            && !matches!(key, "stance" | "confidence")
                            && is_structured(parsed)
                        {
                            parsed.findings.error(
                                "FIELD_EMPTY",
                                "3.3",
                                no,
                                key.len() + 2,
                                format!(
                                    "`{key}` is empty: every structured field must be populated when output-format is structured"
                                ),
                            );
                        }
                        record_field(key, value, no, entry, &mut parsed.findings);
                        i += 1;
                        continue;
                    }
                    if let Some(key) = unknown_field(line) {
                        // A later 0.x version may add fields: read past them (Rule 9).
                        parsed.findings.warning(
                            "FIELD_UNKNOWN",
                            "R9",
                            no,
                            1,
                            format!("unknown field `{key}` is ignored"),
                        );
                        i += 1;
                        continue;
                    }
                    *phase = Phase::Body;
                    check_required_fields(entry, fields, parsed);
                    continue;
                }
                Phase::Body => {
                    if let Some(c) = marker.as_ref().filter(|c| c.key == "yield") {
                        if !c.exact {
                            parsed.findings.error(
                                "COMMENT_FORMAT",
                                "R20",
                                no,
                                1,
                                "the yield marker is exactly `<!-- yield -->`",
                            );
                        }
                        entry.yielded = true;
                        let (done, _, _) = current.take().expect("an entry is open");
                        close_entry(done, mark, parsed);
                        i += 1;
                        continue;
                    }
                    if outside {
                        check_body_line(lines, fences, i, parsed);
                        // Only a closed entry can close the session: only its prose is kept.
                        if let Some((entry, _, _)) = current.as_mut()
                            && entry.status == Some(EntryStatus::Closed)
                        {
                            entry.prose.push(line.to_owned());
                        }
                    }
                    i += 1;
                    continue;
                }
            }
        }
        // Between entries.
        if opens_entry {
            let c = marker.expect("an entry comment");
            current = Some((
                start_entry(line, &c, no, &mut ids, parsed),
                Phase::Position,
                Given::default(),
            ));
            mark = parsed.findings.0.len();
            stray_reported = false;
        } else if line.trim().is_empty() {
        } else if outside && opens_multiline_comment(line) {
            parsed.findings.error(
                "COMMENT_MULTILINE",
                "R20",
                no,
                1,
                "protocol metadata must be a one-line <!-- key: value --> comment",
            );
        } else if outside && line.trim_start().starts_with("entry:") {
            parsed.findings.error(
                "METADATA_NOT_IN_COMMENT",
                "R19",
                no,
                1,
                "entry metadata must be written in an HTML comment, <!-- entry: UUID -->",
            );
        } else if outside && is_heading(lines, fences, i) {
            parsed.findings.error(
                "UNEXPECTED_HEADING",
                "3.5",
                no,
                1,
                "a level-1 or level-2 heading in the Dialogue section",
            );
        } else if !stray_reported {
            stray_reported = true;
            parsed.findings.warning(
                "STRAY_CONTENT",
                "R2",
                no,
                1,
                "text between entries; new content belongs in entries appended after the last yield marker",
            );
        }
        i += 1;
    }
    if let Some((entry, phase, fields)) = current.take() {
        if phase == Phase::Fields {
            check_required_fields(&entry, &fields, parsed);
        }
        let (line, id) = (entry.line, entry.id.clone());
        close_entry(entry, mark, parsed);
        parsed.findings.error(
            "YIELD_MISSING",
            "4.6",
            line,
            1,
            format!("entry {id} has no <!-- yield --> marker: it is incomplete (Rule 4)"),
        );
        parsed.in_progress = true;
    }
}

/// Ends the entry being read. A duplicate (Rule 7) is ignored by every later check, so what
/// was found inside it is dropped; only its structure (a missing yield marker) still counts.
fn close_entry(entry: Entry, mark: usize, parsed: &mut Parsed) {
    if entry.duplicate {
        parsed.findings.0.truncate(mark);
    }
    parsed.entries.push(entry);
}

fn is_heading(lines: &[&str], fences: &[Fence], i: usize) -> bool {
    markdown::atx_heading(lines[i]).is_some()
        || (markdown::setext_underline(lines[i]).is_some()
            && i > 0
            && fences[i - 1].outside()
            && markdown::paragraph_line(lines[i - 1]))
}

fn check_body_line(lines: &[&str], fences: &[Fence], i: usize, parsed: &mut Parsed) {
    let line = lines[i];
    let no = i + 1;
    if is_heading(lines, fences, i) {
        parsed.findings.error(
            "BODY_HEADING",
            "4.5",
            no,
            1,
            "level-1 and level-2 headings are reserved for the session structure; use ### or below",
        );
    } else if let Some(c) = comment(line)
        && ["entry", "turn"].contains(&c.key)
    {
        parsed.findings.error(
            "METADATA_MISPLACED",
            "4.1",
            no,
            1,
            format!("`<!-- {}: ... -->` inside an entry body", c.key),
        );
    } else if opens_multiline_comment(line) && line.contains("yield") {
        parsed.findings.error(
            "COMMENT_MULTILINE",
            "R20",
            no,
            1,
            "protocol metadata must be a one-line <!-- key: value --> comment",
        );
    }
}

fn start_entry(
    line: &str,
    c: &markdown::Comment<'_>,
    no: usize,
    ids: &mut HashSet<String>,
    parsed: &mut Parsed,
) -> Entry {
    let findings = &mut parsed.findings;
    if !c.exact {
        findings.error(
            "COMMENT_FORMAT",
            "R20",
            no,
            1,
            "entry metadata is exactly `<!-- entry: UUID -->`",
        );
    }
    let column = column_of(line, c.value);
    match uuid_version_4(c.value) {
        Some(true) => {}
        Some(false) => findings.warning(
            "ENTRY_ID_NOT_V4",
            "R7",
            no,
            column,
            format!("entry id {} is a UUID but not version 4", c.value),
        ),
        None => findings.error(
            "ENTRY_ID_INVALID",
            "R7",
            no,
            column,
            format!("entry id `{}` is not a lowercase hyphenated UUID", c.value),
        ),
    }
    let duplicate = !c.value.is_empty() && !ids.insert(c.value.to_owned());
    if duplicate {
        findings.warning(
            "ENTRY_DUPLICATE",
            "R7",
            no,
            column,
            format!(
                "entry id {} was already used; this occurrence is ignored",
                c.value
            ),
        );
    }
    Entry {
        line: no,
        id: c.value.to_owned(),
        duplicate,
        ..Entry::default()
    }
}

fn parse_position(
    line: &str,
    c: &markdown::Comment<'_>,
    no: usize,
    findings: &mut Findings,
) -> Option<(u64, u64)> {
    let parsed = c.value.split_once("round:").and_then(|(turn, round)| {
        Some((
            parse_count(turn.trim()).ok()?,
            parse_count(round.trim()).ok()?,
        ))
    });
    match parsed {
        Some((turn, round)) => {
            if line != format!("<!-- turn: {turn} round: {round} -->") {
                findings.error(
                    "COMMENT_FORMAT",
                    "R20",
                    no,
                    1,
                    "the position line is exactly `<!-- turn: N round: M -->`",
                );
            }
            Some((turn, round))
        }
        None => {
            findings.error(
                "POSITION_INVALID",
                "4.2",
                no,
                1,
                "the position must be `<!-- turn: N round: M -->` with N and M positive integers",
            );
            None
        }
    }
}

/// `DATETIME [author: NAME] [status: VALUE]`; false when the line is no status line at all.
fn parse_status_line(line: &str, no: usize, entry: &mut Entry, findings: &mut Findings) -> bool {
    let parts = line.split_once(" [author: ").and_then(|(at, rest)| {
        let (author, rest) = rest.split_once("] [status: ")?;
        let status = rest.strip_suffix(']')?;
        Some((at, author, status))
    });
    let Some((at, author, status)) = parts else {
        findings.error(
            "STATUS_LINE_INVALID",
            "4.3",
            no,
            1,
            "the third line of an entry must be `DATETIME [author: NAME] [status: VALUE]`",
        );
        return false;
    };
    match parse_time(at) {
        Some(t) => entry.at = Some(t),
        None => findings.error(
            "TIMESTAMP_INVALID",
            "4.3",
            no,
            1,
            format!("`{at}` is not an ISO-8601 date and time with a timezone"),
        ),
    }
    entry.author = author.to_owned();
    let status_column = line.len() - status.len();
    match EntryStatus::parse(status) {
        Some(s) => entry.status = Some(s),
        None => findings.error(
            "STATUS_INVALID",
            "4.3",
            no,
            status_column,
            format!("status `{status}` is not one of {}", EntryStatus::choices()),
        ),
    }
    true
}

/// A structured field line, `key: value` with a key of section 4.4.
/// Which of the structured fields (in the order of [`FIELDS`]) an entry gave.
type Given = [bool; 5];

/// A structured field line, `key: value` with a key of section 4.4: its index in [`FIELDS`].
fn field(line: &str) -> Option<(usize, &'static str, &str)> {
    FIELDS.iter().enumerate().find_map(|(index, key)| {
        let rest = line.strip_prefix(key)?.strip_prefix(':')?;
        Some((index, *key, rest.trim()))
    })
}

/// A `key: value` line among the structured fields with a key section 4.4 does not know.
fn unknown_field(line: &str) -> Option<&str> {
    let (key, _) = line.split_once(": ")?;
    let mut bytes = key.bytes();
    let plain = bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    plain.then_some(key)
}

fn record_field(key: &str, value: &str, no: usize, entry: &mut Entry, findings: &mut Findings) {
    let column = key.len() + 3;
    match key {
        "stance" => match Stance::parse(value) {
            Some(s) => entry.stance = Some(s),
            None => findings.error(
                "STANCE_INVALID",
                "R10",
                no,
                column,
                format!("stance `{value}` is not one of {}", Stance::choices()),
            ),
        },
        "confidence" => match parse_decimal(value) {
            Some(c) if in_unit_range(c) => entry.confidence = Some(c),
            Some(_) => findings.error(
                "CONFIDENCE_OUT_OF_RANGE",
                "R11",
                no,
                column,
                format!("confidence {value} is outside [0.0, 1.0]"),
            ),
            None => findings.error(
                "CONFIDENCE_INVALID",
                "R11",
                no,
                column,
                format!("confidence `{value}` is not a decimal number in [0.0, 1.0]"),
            ),
        },
        "action_requested" => entry.action_requested = Some(value.to_owned()),
        _ => {}
    }
}

fn is_structured(parsed: &Parsed) -> bool {
    parsed
        .rules
        .as_ref()
        .is_some_and(|r| r.output_format == OutputFormat::Structured)
}

fn check_required_fields(entry: &Entry, fields: &Given, parsed: &mut Parsed) {
    if !is_structured(parsed) {
        return;
    }
    let missing: Vec<&str> = FIELDS
        .iter()
        .zip(fields)
        .filter(|(_, given)| !**given)
        .map(|(f, _)| *f)
        .collect();
    if !missing.is_empty() {
        parsed.findings.error(
            "FIELD_MISSING",
            "4.4",
            entry.line,
            1,
            format!(
                "entry {} lacks {}: every structured field is required when output-format is structured",
                entry.id,
                missing.join(", ")
            ),
        );
    }
}
