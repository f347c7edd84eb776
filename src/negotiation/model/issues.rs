//! Issue files (`issues/NN-TOPIC.md`, `issues-draft/AGENT/NN-TOPIC.md`): their names, their
//! numbers and the template they start from.

use compact_str::CompactString;

use crate::error::{Error, Result, Status};
use crate::names::{self, Name};
use crate::store::{FileKind, Store};

pub const ISSUES_DIR: &str = "issues";
pub const DRAFTS_DIR: &str = "issues-draft";
pub const POSITIONS_DIR: &str = "positions";

/// `positions/FILE`: the positions file of the issue file `FILE`.
pub fn positions_file(file: &str) -> String {
    // Pushed, not concatenated: an overview names every issue's positions file.
    let mut rel = String::with_capacity(POSITIONS_DIR.len() + 1 + file.len());
    positions_rel(&mut rel, file);
    rel
}

/// The name `FILE` of the positions file `positions/FILE`, when `rel` is one (the inverse of
/// [`positions_file`]).
pub fn positions_name(rel: &str) -> Option<&str> {
    rel.strip_prefix(POSITIONS_DIR)?.strip_prefix('/')
}

/// [`positions_file`], written into `buffer`: a loop of lookups by it reuses one buffer
/// instead of allocating each name (a status of 500 issues looks up each of them).
pub fn positions_rel<'b>(buffer: &'b mut String, file: &str) -> &'b str {
    buffer.clear();
    buffer.push_str(POSITIONS_DIR);
    buffer.push('/');
    buffer.push_str(file);
    buffer
}

/// What fills the template; `None` leaves the `[TODO: ...]` line.
#[derive(Debug, Clone, Default)]
pub struct IssueText {
    pub title: Option<String>,
    pub question: Option<String>,
    pub context: Option<String>,
    pub position_a: Option<String>,
    pub position_b: Option<String>,
}

impl IssueText {
    /// The issue template, with the given parts in place of their `[TODO: ...]` lines.
    pub fn render(&self) -> String {
        self.render_for(&[])
    }

    /// The template whose position headings name the sources they stand for, in the order
    /// `init --source` recorded (`## Position A (alpha.md)`): without a recorded order the
    /// headings stay exactly the old template's.
    pub fn render_for(&self, sources: &[String]) -> String {
        let heading = |letter: &str, index: usize| match sources.get(index) {
            Some(source) => format!("## Position {letter} ({source})"),
            None => format!("## Position {letter}"),
        };
        let part = |given: &Option<String>, todo: &str| match given {
            Some(text) => text.trim_end().to_owned(),
            None => format!("[TODO: {todo}]"),
        };
        format!(
            "# Issue: {}\n\n## Question\n{}\n\n## Context\n{}\n\n{}\n{}\n\n{}\n{}\n",
            part(&self.title, "Short Title"),
            part(&self.question, "What specific decision needs to be made?"),
            part(
                &self.context,
                "Relevant background, references to source docs."
            ),
            heading("A", 0),
            part(&self.position_a, "What one source says or implies."),
            heading("B", 1),
            part(&self.position_b, "What the other source says or implies."),
        )
    }
}

/// The sections of the template, in its order: (heading, the request field it fills).
const SECTIONS: [&str; 4] = ["Question", "Context", "Position A", "Position B"];

impl IssueText {
    /// An issue written in the template's own shape (what [`IssueText::render_for`] writes):
    /// the title line `# Issue: TITLE`, then the sections `## Question`, `## Context`,
    /// `## Position A` and `## Position B`, in that order, each once (a position heading may
    /// name its source, `## Position A (alpha.md)`). A section left empty or holding only its
    /// `[TODO: ...]` line stays the template's. Anything else is refused (exit 65,
    /// `ISSUE_SHAPE`), saying what does not fit and where; `from` names the input.
    pub fn parse(text: &str, from: &str) -> Result<IssueText> {
        let shape = |line: usize, what: String| {
            Error::bad_input(
                "ISSUE_SHAPE",
                format!("{from}, line {line}: {what}"),
            )
            .with_hint(
                "write the issue as the template is: `# Issue: TITLE`, then `## Question`, `## Context`, `## Position A`, `## Position B`, each followed by its text",
            )
        };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
        let (title_no, title_line) = lines
            .by_ref()
            .find(|(_, l)| !l.trim().is_empty())
            .ok_or_else(|| {
                shape(
                    1,
                    "the text is empty; it must start with `# Issue: TITLE`".into(),
                )
            })?;
        let title = title_line
            .strip_prefix("# Issue:")
            .map(str::trim)
            .ok_or_else(|| {
                shape(
                    title_no,
                    format!("expected the title line `# Issue: TITLE`, found {title_line:?}"),
                )
            })?;
        if title.is_empty() {
            return Err(shape(
                title_no,
                "the title after `# Issue:` is empty".into(),
            ));
        }
        let title = (!(title.starts_with("[TODO:") && title.ends_with(']'))).then_some(title);
        let mut bodies: Vec<Vec<&str>> = Vec::new();
        for (no, line) in lines {
            if let Some(heading) = line.strip_prefix("## ") {
                let next = SECTIONS.get(bodies.len()).copied();
                let fits = next.is_some_and(|name| {
                    heading == name
                        || (name.starts_with("Position ")
                            && heading
                                .strip_prefix(name)
                                .is_some_and(|rest| rest.starts_with(" (") && rest.ends_with(')')))
                });
                if !fits {
                    let expected = match next {
                        Some(name) => format!("`## {name}`"),
                        None => "no further section after `## Position B`".to_owned(),
                    };
                    return Err(shape(no, format!("expected {expected}, found {line:?}")));
                }
                bodies.push(Vec::new());
            } else if line.starts_with("# ") {
                return Err(shape(no, format!("a second title line {line:?}")));
            } else {
                match bodies.last_mut() {
                    Some(body) => body.push(line),
                    None if line.trim().is_empty() => {}
                    None => {
                        return Err(shape(no, format!("text before `## Question`: {line:?}")));
                    }
                }
            }
        }
        if let Some(missing) = SECTIONS.get(bodies.len()) {
            return Err(shape(
                text.lines().count(),
                format!(
                    "the section `## {missing}` is missing (expected, in order: ## {})",
                    SECTIONS.join(", ## ")
                ),
            ));
        }
        let part = |body: &[&str]| {
            let joined = body.join("\n");
            let trimmed = joined.trim_matches('\n').trim_end();
            let todo =
                trimmed.starts_with("[TODO:") && trimmed.ends_with(']') && !trimmed.contains('\n');
            (!trimmed.trim().is_empty() && !todo).then(|| trimmed.to_owned())
        };
        Ok(IssueText {
            title: title.map(str::to_owned),
            question: part(&bodies[0]),
            context: part(&bodies[1]),
            position_a: part(&bodies[2]),
            position_b: part(&bodies[3]),
        })
    }
}

/// `NN-TOPIC.md`, parsed: the number is decimal (`08` is eight).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct IssueFile {
    pub file: String,
    pub number: u64,
    /// Inline up to 24 bytes, as most topics are: an overview lists every issue.
    pub topic: CompactString,
}

impl IssueFile {
    pub fn parse(file: &str) -> Option<IssueFile> {
        let (number, topic) = IssueFile::parts(file)?;
        Some(IssueFile {
            file: file.to_owned(),
            number,
            topic: CompactString::new(topic),
        })
    }

    /// The number and topic of an issue file's name, `NN-TOPIC.md`; `None` for any other.
    fn parts(file: &str) -> Option<(u64, &str)> {
        let stem = file.strip_suffix(".md")?;
        // By bytes: every issue's name is read at every overview.
        let dash = stem.bytes().position(|b| b == b'-')?;
        let (digits, topic) = (&stem.as_bytes()[..dash], &stem[dash + 1..]);
        if digits.is_empty() || digits.len() > 9 {
            return None;
        }
        let mut number = 0;
        for &digit in digits {
            if !digit.is_ascii_digit() {
                return None;
            }
            number = number * 10 + u64::from(digit - b'0');
        }
        names::is_valid(topic).then_some((number, topic))
    }

    pub fn name_for(number: u64, topic: &str) -> String {
        format!("{number:02}-{topic}.md")
    }
}

/// The issue files of a directory, in file-name order. A link where an issue file belongs is
/// an error (it would be followed by readers); other files are not issues and are skipped.
pub fn list(store: &Store, dir: &str) -> Result<Vec<IssueFile>> {
    let mut files = unsorted_list(store, dir)?;
    // By number, not by name: `100-x.md` comes after `99-y.md`. Names are unique, so no
    // two are equal and an unstable sort gives the one order.
    files.sort_unstable_by(|a, b| a.number.cmp(&b.number).then_with(|| a.file.cmp(&b.file)));
    Ok(files)
}

/// [`list`] in the directory's order, for a caller that needs none.
pub fn unsorted_list(store: &Store, dir: &str) -> Result<Vec<IssueFile>> {
    unsorted(store, dir, |file, number, topic| IssueFile {
        file: file.to_owned(),
        number,
        topic: CompactString::new(topic),
    })
}

/// One more than the largest number in `dir` (checked as [`list`] checks it, without sorting
/// it: `new-issue` asks this under the lock, of a directory that may hold thousands).
pub fn next_number(store: &Store, dir: &str) -> Result<u64> {
    let numbers = unsorted(store, dir, |_, number, _| number)?;
    Ok(numbers.into_iter().max().unwrap_or(0) + 1)
}

/// What `keep` makes of each issue file of `dir` (its name, number and topic), in the
/// directory's order. An entry named like one that is not a regular file is an error (the
/// first such by name, whatever the directory's order).
fn unsorted<T>(store: &Store, dir: &str, keep: impl Fn(&str, u64, &str) -> T) -> Result<Vec<T>> {
    let mut files = Vec::new();
    let mut wrong: Option<(String, FileKind)> = None;
    // Names are copied only when kept: most of a large directory is issue files, but
    // `next_number` keeps none of them.
    store.each_entry(dir, |name, kind| {
        let Some((number, topic)) = IssueFile::parts(name) else {
            return;
        };
        match kind {
            FileKind::File => files.push(keep(name, number, topic)),
            kind => {
                if wrong
                    .as_ref()
                    .is_none_or(|(first, _)| name < first.as_str())
                {
                    wrong = Some((name.to_owned(), kind));
                }
            }
        }
    })?;
    match wrong {
        None => Ok(files),
        Some((name, FileKind::Symlink)) => {
            Err(Error::symlink(&store.path(&format!("{dir}/{name}"))))
        }
        Some((name, _)) => Err(Error::malformed(
            &store.path(&format!("{dir}/{name}")),
            None,
            "is not a regular file",
        )),
    }
}

/// The directory of an agent's drafts.
pub fn drafts_dir(agent: &Name) -> String {
    format!("{DRAFTS_DIR}/{agent}")
}

/// The title of an issue: the text after `# Issue:` on its first heading line.
pub fn title(text: &str) -> Option<String> {
    text.lines()
        .find_map(|line| line.strip_prefix("# Issue:"))
        .map(|t| t.trim().to_owned())
}

/// An issue as a command names it: by number (`1`, `01`) or by file name (`01-auth-method.md`,
/// with or without `.md`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IssueRef {
    Number(u64),
    File(String),
}

impl IssueRef {
    pub fn parse(raw: &str) -> Result<IssueRef> {
        let invalid = || {
            Error::bad_input(
                "INVALID_ISSUE",
                format!(
                    "invalid issue {raw:?}: give its number (1 or 01) or its file name (01-topic.md)"
                ),
            )
        };
        if !raw.is_empty() && raw.len() <= 9 && raw.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(IssueRef::Number(raw.parse().map_err(|_| invalid())?));
        }
        let file = if raw.ends_with(".md") {
            raw.to_owned()
        } else {
            format!("{raw}.md")
        };
        IssueFile::parse(&file)
            .map(|issue| IssueRef::File(issue.file))
            .ok_or_else(invalid)
    }

    /// The issue in `issues/` this names.
    pub fn find(&self, store: &Store) -> Result<IssueFile> {
        let all = list(store, ISSUES_DIR)?;
        let matching: Vec<IssueFile> = all
            .into_iter()
            .filter(|issue| match self {
                IssueRef::Number(n) => issue.number == *n,
                IssueRef::File(file) => &issue.file == file,
            })
            .collect();
        let shown = match self {
            IssueRef::Number(n) => format!("number {n}"),
            IssueRef::File(file) => file.clone(),
        };
        match matching.len() {
            1 => Ok(matching.into_iter().next().expect("one issue")),
            0 => Err(Error::new(
                Status::NotFound,
                "NO_SUCH_ISSUE",
                format!("no issue {shown} in {}", store.path(ISSUES_DIR).display()),
            )
            .with_hint("`parley status DIR` lists the issues")),
            _ => Err(Error::bad_input(
                "AMBIGUOUS_ISSUE",
                format!(
                    "several issues have {shown}: {}",
                    matching
                        .iter()
                        .map(|i| i.file.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .with_hint("name the issue by its file name")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_issue_files_name_gives_its_decimal_number_and_its_topic() {
        let parts = |name| IssueFile::parts(name);
        assert_eq!(parts("08-x.md"), Some((8, "x")));
        assert_eq!(parts("100-use-jwt-2.md"), Some((100, "use-jwt-2")));
        assert_eq!(parts("999999999-a.md"), Some((999_999_999, "a")));
        for name in [
            "-x.md",
            "1x-y.md",
            "1234567890-a.md",
            "01-A.md",
            "01-.md",
            "01-a.txt",
            "01a.md",
            "01-2a.md",
            "٣-a.md",
            "01-a b.md",
        ] {
            assert_eq!(parts(name), None, "{name}");
        }
    }
}
