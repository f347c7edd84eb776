//! The server's own paths taken out of what a caller or a person is shown: a path under ROOT
//! relative to it, a sent file's temporary place its name (`parley serve`'s answers and its
//! dashboard's pages).

use std::path::Path;

use serde_json::Value;

/// How the server's own paths are shown to a caller: each a path with what it stands for,
/// and the texts the caller wrote itself, kept as written wherever they are quoted.
pub struct Relative<'a> {
    paths: Vec<(String, String)>,
    written: Vec<&'a str>,
}

impl<'a> Relative<'a> {
    /// Paths under `root` shown relative to it (`root` itself as `.`). A `root` of `/` hides
    /// nothing and would turn every `/` of every text into a `.`: nothing is rewritten then.
    pub fn under(root: &Path) -> Relative<'a> {
        let paths = match root.parent() {
            Some(_) => vec![(root.to_string_lossy().into_owned(), String::new())],
            None => Vec::new(),
        };
        Relative {
            paths,
            written: Vec::new(),
        }
    }

    /// Also each of `files` (a path, the name to show), looked for before ROOT (a temporary
    /// directory may be under it).
    pub fn with_files(mut self, files: impl IntoIterator<Item = (String, String)>) -> Self {
        let mut paths: Vec<(String, String)> = files.into_iter().collect();
        paths.append(&mut self.paths);
        self.paths = paths;
        self
    }

    /// Keeps `written` (texts the caller wrote) as written wherever an answer quotes them; the
    /// longest first, so that a text holding another is kept whole.
    pub fn keeping(mut self, mut written: Vec<&'a str>) -> Self {
        written.sort_by_key(|w| std::cmp::Reverse(w.len()));
        self.written = written;
        self
    }

    /// Each text of `value`, rewritten.
    pub fn rewrite(&self, value: &mut Value) {
        match value {
            Value::String(text) if self.paths.iter().any(|(from, _)| text.contains(from)) => {
                *text = self.rewritten(text);
            }
            Value::Array(items) => items.iter_mut().for_each(|v| self.rewrite(v)),
            Value::Object(fields) => fields.values_mut().for_each(|v| self.rewrite(v)),
            _ => {}
        }
    }

    /// `text` with each path replaced where it stands for itself or begins a longer path
    /// (`/srv/root/neg` is `neg`, `/srv/root` alone `.`; `/srv/rooted` and `/srv/root+old`
    /// are other names and stay), except inside a text the caller wrote.
    pub fn rewritten(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        'scan: while at < text.len() {
            let rest = &text[at..];
            if let Some(written) = self.written.iter().find(|w| rest.starts_with(**w)) {
                out.push_str(written);
                at += written.len();
                continue;
            }
            // A path starts a word: at the text's start or after a space, a quote, an
            // opening bracket, `=`, `:` or markup's `>`; never inside another path or a word
            // (`/code` in `</code>`, `/work` in `/home/u/work`).
            let starts = out.chars().next_back().is_none_or(starts_a_path);
            for (from, to) in (self.paths.iter()).filter(|_| starts) {
                let Some(after) = rest.strip_prefix(from.as_str()) else {
                    continue;
                };
                let Some((shown, skip)) = path_shown(after, to) else {
                    continue;
                };
                out.push_str(&shown);
                at += from.len() + skip;
                continue 'scan;
            }
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            at += c.len_utf8();
        }
        out
    }
}

/// What a path standing for `to` is shown as, given what follows it in a text (`after`), and
/// how many bytes of `after` that takes in; `None` when the path is only the start of
/// another name.
fn path_shown(after: &str, to: &str) -> Option<(String, usize)> {
    let itself = if to.is_empty() { "." } else { to };
    if let Some(below) = after.strip_prefix('/') {
        return Some(match (to.is_empty(), ends_a_path(below)) {
            // `ROOT/` alone.
            (_, true) => (format!("{itself}/"), 1),
            // Relative to ROOT: the `/` goes with it.
            (true, false) => (String::new(), 1),
            (false, false) => (to.to_owned(), 0),
        });
    }
    if !ends_a_path(after) {
        return None;
    }
    // `ROOT.` ending a sentence would read `..`, the parent.
    let shown = if after.starts_with('.') && to.is_empty() {
        "./".to_owned()
    } else {
        itself.to_owned()
    };
    Some((shown, 0))
}

/// Whether a path may begin after `before`.
fn starts_a_path(before: char) -> bool {
    before.is_whitespace() || "\"'`([{=:,;>".contains(before)
}

/// Whether a path ends where `after` begins: at the end of the text, a space, quotes,
/// punctuation that closes or separates, markup (`<`, `>`, an entity's `&`), or a dot that
/// ends a sentence.
fn ends_a_path(after: &str) -> bool {
    let ends = |c: char| c.is_whitespace() || "\"'`:,;)]}<>&".contains(c);
    let mut chars = after.chars();
    match chars.next() {
        None => true,
        Some('.') => chars.next().is_none_or(ends),
        Some(c) => ends(c),
    }
}

/// The texts of `value` that hold `text` (the caller's own, which stay as written).
pub fn holding<'a>(value: &'a Value, text: &str, found: &mut Vec<&'a str>) {
    match value {
        Value::String(s) if s.contains(text) => found.push(s.as_str()),
        Value::Array(items) => items.iter().for_each(|v| holding(v, text, found)),
        Value::Object(fields) => fields.values().for_each(|v| holding(v, text, found)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::Relative;

    fn shown(text: &str, written: &[&str]) -> String {
        let shown = Relative {
            paths: vec![
                (
                    "/tmp/parley-call-ab/0/mid.txt".to_owned(),
                    "mid.txt".to_owned(),
                ),
                ("/srv/root".to_owned(), String::new()),
            ],
            written: written.to_vec(),
        };
        shown.rewritten(text)
    }

    #[test]
    fn paths_under_root_become_relative_and_others_stay() {
        for (text, expected) in [
            (
                "the negotiation at /srv/root/neg is finished",
                "the negotiation at neg is finished",
            ),
            (
                "Final document: /srv/root/neg/final.md",
                "Final document: neg/final.md",
            ),
            ("serving /srv/root, then", "serving ., then"),
            ("at /srv/root/neg.", "at neg."),
            ("at /srv/root.", "at ./."),
            ("/srv/root/", "./"),
            ("\"/srv/root\"", "\".\""),
            (
                "<td>/srv/root</td><td>/srv/root/proj/src</td>",
                "<td>.</td><td>proj/src</td>",
            ),
            (
                "&#39;/srv/root&#39; and (/srv/root/a)",
                "&#39;.&#39; and (a)",
            ),
            // Only where a path starts: not inside another path, a word or markup.
            (
                "/home/u/srv/root/x and x/srv/root/y",
                "/home/u/srv/root/x and x/srv/root/y",
            ),
            (
                "/srv/rooted/x, /srv/root_2 and /srv/root+old/x",
                "/srv/rooted/x, /srv/root_2 and /srv/root+old/x",
            ),
            (
                "the note in /tmp/parley-call-ab/0/mid.txt is long",
                "the note in mid.txt is long",
            ),
            ("no path here", "no path here"),
        ] {
            assert_eq!(shown(text, &[]), expected, "{text}");
        }
    }

    #[test]
    fn markup_and_urls_that_hold_the_root_stay() {
        let code = Relative::under(std::path::Path::new("/code"));
        assert_eq!(
            code.rewritten("<code>/code/neg</code> <a href=\"https://x.org/code/y\">"),
            "<code>neg</code> <a href=\"https://x.org/code/y\">"
        );
    }

    #[test]
    fn what_the_caller_wrote_is_quoted_as_written() {
        let given = "/srv/root/neg";
        assert_eq!(
            shown(
                "the path '/srv/root/neg' is absolute; see /srv/root/other",
                &[given]
            ),
            "the path '/srv/root/neg' is absolute; see other"
        );
    }
}
