//! The little markdown a session file needs: code fences (inside them nothing is a heading or
//! protocol metadata), level-1 and level-2 headings in both ATX and setext form, and the
//! `<!-- key: value -->` comments of the protocol.

/// Where a line stands with respect to code fences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fence {
    Outside,
    /// The line opens a fence.
    Open,
    /// Inside a fence.
    Inside,
    /// The line closes a fence.
    Close,
}

impl Fence {
    /// Whether the line is plain markdown (not a fence line, not inside one).
    pub fn outside(self) -> bool {
        self == Fence::Outside
    }
}

/// The fence state of every line.
pub fn fences(lines: &[&str]) -> Vec<Fence> {
    let mut open: Option<(u8, usize)> = None;
    lines
        .iter()
        .map(|line| match open {
            None => match fence_marker(line) {
                Some((ch, len, info)) if !(ch == b'`' && info.contains('`')) => {
                    open = Some((ch, len));
                    Fence::Open
                }
                _ => Fence::Outside,
            },
            Some((ch, len)) => match fence_marker(line) {
                Some((c, l, info)) if c == ch && l >= len && info.trim().is_empty() => {
                    open = None;
                    Fence::Close
                }
                _ => Fence::Inside,
            },
        })
        .collect()
}

/// Whether `lines` leave a fence open at the end.
pub fn leaves_fence_open(lines: &[&str]) -> bool {
    fences(lines)
        .last()
        .is_some_and(|f| matches!(f, Fence::Open | Fence::Inside))
}

/// A fence line: up to three spaces, then three or more backticks or tildes.
fn fence_marker(line: &str) -> Option<(u8, usize, &str)> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let ch = *trimmed.as_bytes().first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let len = trimmed.bytes().take_while(|b| *b == ch).count();
    (len >= 3).then(|| (ch, len, &trimmed[len..]))
}

/// An ATX heading of level 1 or 2: its level and text.
pub fn atx_heading(line: &str) -> Option<(u8, &str)> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let level = trimmed.bytes().take_while(|b| *b == b'#').count();
    if !(1..=2).contains(&level) {
        return None;
    }
    let rest = &trimmed[level..];
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return None;
    }
    let text = rest.trim();
    // A closing sequence of #s is not part of the text.
    let text = text.trim_end_matches('#').trim_end();
    Some((level as u8, text))
}

/// A setext underline (`===` makes level 1, `---` level 2), to be read with the line above.
pub fn setext_underline(line: &str) -> Option<u8> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let body = trimmed.trim_end();
    let first = *body.as_bytes().first()?;
    if !(first == b'=' || first == b'-') || !body.bytes().all(|b| b == first) {
        return None;
    }
    Some(if first == b'=' { 1 } else { 2 })
}

/// Whether a line can be the text of a setext heading: a paragraph line, not a blank, an HTML
/// comment, a block quote (an underline cannot continue one), a list item or another heading.
pub fn paragraph_line(line: &str) -> bool {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with("<!--") || trimmed.starts_with(['#', '>']) {
        return false;
    }
    let list_item = ["- ", "* ", "+ "].iter().any(|m| trimmed.starts_with(m))
        || trimmed.split_once(['.', ')']).is_some_and(|(n, rest)| {
            !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && rest.starts_with(' ')
        });
    !list_item && setext_underline(line).is_none()
}

/// The level-1 or level-2 headings among `lines` outside code fences: (index, level).
pub fn headings(lines: &[&str], fences: &[Fence]) -> Vec<(usize, u8)> {
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !fences[i].outside() {
            continue;
        }
        if let Some((level, _)) = atx_heading(line) {
            found.push((i, level));
        } else if let Some(level) = setext_underline(line)
            && i > 0
            && fences[i - 1].outside()
            && paragraph_line(lines[i - 1])
        {
            found.push((i, level));
        }
    }
    found
}

/// A protocol comment, `<!-- key: value -->`, read leniently; `exact` says whether it has
/// exactly that form (single spaces, one line, nothing nested).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment<'a> {
    pub key: &'a str,
    pub value: &'a str,
    pub exact: bool,
}

pub fn comment(line: &str) -> Option<Comment<'_>> {
    let trimmed = line.trim();
    let inner = trimmed.strip_prefix("<!--")?.strip_suffix("-->")?;
    // Nested markers; a comment line is short, so a byte scan beats a substring search.
    let bytes = inner.as_bytes();
    let nested = bytes.windows(4).any(|w| w == b"<!--") || bytes.windows(3).any(|w| w == b"-->");
    let body = inner.trim();
    let colon = body.find(':');
    let (key, value) = match colon {
        Some(i) => (body[..i].trim(), body[i + 1..].trim()),
        None => (body, ""),
    };
    // The exact form, compared piece by piece (this runs on every comment of a session).
    let exact = !nested
        && line
            .strip_prefix("<!-- ")
            .and_then(|rest| rest.strip_prefix(key))
            .and_then(|rest| rest.strip_suffix(" -->"))
            .is_some_and(|middle| match (colon.is_some(), value.is_empty()) {
                (false, _) => middle.is_empty(),
                (true, true) => middle == ":",
                (true, false) => middle.strip_prefix(": ") == Some(value),
            });
    Some(Comment { key, value, exact })
}

/// A line that opens an HTML comment and does not close it: a multi-line comment.
pub fn opens_multiline_comment(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with("<!--") && !trimmed.contains("-->")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_outside_fences_only() {
        let lines = [
            "# Title", "", "```", "## not", "```", "Text", "----", "", "---",
        ];
        let f = fences(&lines);
        assert_eq!(headings(&lines, &f), vec![(0, 1), (6, 2)]);
    }

    #[test]
    fn comments_exact_and_lenient() {
        let exact = comment("<!-- entry: abc -->").unwrap();
        assert_eq!(
            (exact.key, exact.value, exact.exact),
            ("entry", "abc", true)
        );
        assert!(!comment("<!--entry: abc-->").unwrap().exact);
        assert!(comment("<!-- yield -->").unwrap().exact);
        let empty = comment("<!-- session-id: -->").unwrap();
        assert_eq!(
            (empty.key, empty.value, empty.exact),
            ("session-id", "", true)
        );
        assert!(!comment("<!-- a: <!-- b --> -->").unwrap().exact);
    }
}
