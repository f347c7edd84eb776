//! The terms of the issues, for the likely duplicates (`rules::duplicate`): what an issue
//! says (its title, question, context, positions A and B, and its topic name) as weighted,
//! normalized words, and `.parley/terms.json`, the index of them kept with the caches.
//!
//! The index is written by the merge (from the texts it merged) and by `new-issue` (the new
//! issue added to it), so `status` reads one file instead of every issue. It is derived: a
//! missing or unreadable index is rebuilt from `issues/` by the commands that need it whole
//! (`duplicate --likely`); `status` without one compares titles and topics only.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::store::{Locked, Store};

use crate::negotiation::model::issues::{self, ISSUES_DIR, IssueFile};

pub const FILE: &str = ".parley/terms.json";

/// Changes whenever the terms change meaning (the normalization, the weights).
const VERSION: u32 = 1;

/// How much each part of an issue counts: what the title and the question say names the
/// question itself; context and positions add detail.
const TITLE_WEIGHT: f32 = 3.0;
const TOPIC_WEIGHT: f32 = 2.0;
const QUESTION_WEIGHT: f32 = 2.0;
const DETAIL_WEIGHT: f32 = 1.0;

/// The terms of one issue: its file, who drafted it (the merge knows; `new-issue` does not),
/// and its normalized words with their weighted counts, sorted by word.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IssueTerms {
    pub file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    pub terms: Vec<(String, f32)>,
}

impl IssueTerms {
    /// The terms of the issue `file` whose text is `text`.
    pub fn of(file: &IssueFile, author: Option<&str>, text: &str) -> IssueTerms {
        let mut counts: Vec<(String, f32)> = Vec::new();
        let mut add = |words: &str, weight: f32| {
            for_each_term(words, |term| counts.push((term.to_owned(), weight)));
        };
        // The topic's hyphens part its words, as any character that is not a letter or digit.
        add(&file.topic, TOPIC_WEIGHT);
        let mut weight = DETAIL_WEIGHT;
        for line in text.lines() {
            let line = line.trim();
            if let Some(title) = line.strip_prefix("# Issue:") {
                add_title(&mut add, title);
                continue;
            }
            if let Some(heading) = line.strip_prefix("## ") {
                weight = if heading.trim().eq_ignore_ascii_case("question") {
                    QUESTION_WEIGHT
                } else {
                    DETAIL_WEIGHT
                };
                continue;
            }
            // The template's placeholders say nothing of the issue.
            if line.starts_with("[TODO") || line.starts_with("<!--") {
                continue;
            }
            add(line, weight);
        }
        IssueTerms::counted(file, author, counts)
    }

    /// The terms of the issue `file` from its title alone (`None`: it has no `# Issue:` line):
    /// [`IssueTerms::of`] an issue file holding only that line, without writing it out.
    pub fn of_title(file: &IssueFile, title: Option<&str>) -> IssueTerms {
        let mut counts: Vec<(String, f32)> = Vec::new();
        let mut add = |words: &str, weight: f32| {
            for_each_term(words, |term| counts.push((term.to_owned(), weight)));
        };
        add(&file.topic, TOPIC_WEIGHT);
        if let Some(title) = title {
            add_title(&mut add, title);
        }
        IssueTerms::counted(file, None, counts)
    }

    /// The terms of `file` from each term found and its weight: sorted, one per term.
    fn counted(
        file: &IssueFile,
        author: Option<&str>,
        mut counts: Vec<(String, f32)>,
    ) -> IssueTerms {
        counts.sort_by(|a, b| a.0.cmp(&b.0));
        let mut terms: Vec<(String, f32)> = Vec::with_capacity(counts.len());
        for (term, weight) in counts {
            match terms.last_mut() {
                Some(last) if last.0 == term => last.1 += weight,
                _ => terms.push((term, weight)),
            }
        }
        IssueTerms {
            file: file.file.clone(),
            author: author.map(str::to_owned),
            terms,
        }
    }
}

/// Adds the words of a title, unless it is still the template's placeholder.
fn add_title(add: &mut impl FnMut(&str, f32), title: &str) {
    if !title.trim().starts_with("[TODO") {
        add(title, TITLE_WEIGHT);
    }
}

/// The index as kept: every issue's terms, in the order of `issues/`.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct TermIndex {
    version: u32,
    pub issues: Vec<IssueTerms>,
}

impl TermIndex {
    pub fn new(issues: Vec<IssueTerms>) -> TermIndex {
        TermIndex {
            version: VERSION,
            issues,
        }
    }

    /// The index kept, if there is a usable one.
    pub fn load(store: &Store) -> Option<TermIndex> {
        let text = store.read(FILE).ok()??;
        serde_json::from_str::<TermIndex>(&text)
            .ok()
            .filter(|index| index.version == VERSION)
    }

    /// Every issue of `issues/`, read now (for a directory without an index, or to see the
    /// issues as edited since).
    pub fn read_all(store: &Store) -> Result<TermIndex> {
        let kept = TermIndex::load(store).unwrap_or_default();
        let mut terms = Vec::new();
        for issue in issues::list(store, ISSUES_DIR)? {
            let text = store
                .read(&format!("{ISSUES_DIR}/{}", issue.file))?
                .unwrap_or_default();
            // Who drafted it is known only from the merge's index.
            let author = kept
                .issues
                .iter()
                .find(|t| t.file == issue.file)
                .and_then(|t| t.author.clone());
            terms.push(IssueTerms::of(&issue, author.as_deref(), &text));
        }
        Ok(TermIndex::new(terms))
    }

    /// Keeps the index for the next command; failing to (a read-only directory) changes no
    /// answer and is ignored.
    pub fn save(&self, locked: &Locked) {
        if let Ok(text) = serde_json::to_string(self) {
            let _ = locked.replace_cache(FILE, &text);
        }
    }
}

/// Words that say nothing of which question an issue asks, sorted (looked up by a binary
/// search: `status` normalizes the words of every issue the index does not hold).
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "also", "an", "and", "any", "approach", "are", "as", "at", "be",
    "been", "before", "both", "but", "by", "can", "could", "decide", "decision", "design", "do",
    "doc", "docs", "document", "does", "each", "either", "for", "from", "has", "have", "how", "if",
    "implies", "imply", "in", "into", "is", "issue", "issues", "it", "its", "may", "might", "more",
    "most", "must", "need", "needs", "no", "not", "of", "on", "one", "only", "option", "options",
    "or", "other", "our", "over", "per", "position", "proposal", "propose", "proposes", "question",
    "same", "say", "says", "shall", "should", "so", "some", "source", "sources", "spec", "such",
    "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
    "to", "under", "up", "upon", "us", "use", "used", "using", "versus", "via", "vs", "was", "we",
    "were", "what", "when", "where", "whether", "which", "while", "who", "why", "will", "with",
    "within", "without", "would", "yes", "you", "your",
];

/// Calls `found` with each normalized term of `text`: runs of letters and digits, lower
/// case, stop words and short numbers left out, each reduced to a common stem.
pub fn for_each_term(text: &str, mut found: impl FnMut(&str)) {
    // Most words fit inline: no allocation per word.
    let mut word = compact_str::CompactString::default();
    let mut flush = |word: &mut compact_str::CompactString| {
        if !word.is_empty() && !is_stop_word(word) {
            let stemmed = stem(word);
            let short_number = stemmed.len() < 3 && stemmed.bytes().all(|b| b.is_ascii_digit());
            if !short_number && stemmed.chars().nth(1).is_some() {
                found(stemmed);
            }
        }
        word.clear();
    };
    // ASCII text (most is) is cut at each byte that is not a letter or digit and lowered a
    // word at a time; other text a character at a time, since its lower case may be longer.
    if text.is_ascii() {
        for raw in text.split(|c: char| !c.is_ascii_alphanumeric()) {
            word.push_str(raw);
            word.make_ascii_lowercase();
            flush(&mut word);
        }
        return;
    }
    for c in text.chars() {
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        } else {
            flush(&mut word);
        }
    }
    flush(&mut word);
}

/// Whether `word` is one of [`STOP_WORDS`] (none is longer than [`LONGEST_STOP_WORD`] bytes).
fn is_stop_word(word: &str) -> bool {
    word.len() <= LONGEST_STOP_WORD && STOP_WORDS.binary_search(&word).is_ok()
}

const LONGEST_STOP_WORD: usize = 8;

/// A light stemmer: the common English endings of one word set aside, so that `limits`,
/// `limiting` and `limited`, or `migrate` and `migration`, are one term.
pub fn stem(word: &str) -> &str {
    // At least three characters left: three bytes at least, and for ASCII exactly.
    let long_enough =
        |rest: &str| rest.len() >= 3 && (rest.is_ascii() || rest.chars().nth(2).is_some());
    let mut stem = word;
    for suffix in ["ions", "ion", "ings", "ing", "ies", "es", "ed", "s"] {
        if let Some(rest) = stem.strip_suffix(suffix)
            && long_enough(rest)
            && !(suffix == "s" && (rest.ends_with('s') || rest.ends_with('u')))
        {
            stem = rest;
            break;
        }
    }
    for suffix in ["ly", "e", "y"] {
        if let Some(rest) = stem.strip_suffix(suffix)
            && long_enough(rest)
        {
            return rest;
        }
    }
    stem
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(text: &str) -> Vec<String> {
        let mut all = Vec::new();
        for_each_term(text, |t| all.push(t.to_owned()));
        all
    }

    #[test]
    fn the_terms_of_a_title_are_those_of_an_issue_file_holding_only_it() {
        let file = IssueFile::parse("07-rate-limits.md").unwrap();
        for title in [
            Some("Rate limits per tenant"),
            Some("[TODO: Short Title]"),
            None,
        ] {
            let text = title.map(|t| format!("# Issue: {t}\n")).unwrap_or_default();
            assert_eq!(
                IssueTerms::of_title(&file, title),
                IssueTerms::of(&file, None, &text)
            );
        }
    }

    #[test]
    fn the_stop_words_are_sorted_for_their_search() {
        assert!(STOP_WORDS.windows(2).all(|pair| pair[0] < pair[1]));
        let longest = STOP_WORDS.iter().map(|w| w.len()).max();
        assert_eq!(longest, Some(LONGEST_STOP_WORD));
    }

    #[test]
    fn forms_of_one_word_are_one_term() {
        assert_eq!(terms("limits limiting limited"), ["limit"; 3]);
        assert_eq!(terms("migrate migration migrations"), ["migrat"; 3]);
        assert_eq!(terms("cache caching cached caches"), ["cach"; 4]);
        assert_eq!(terms("Headers header"), ["header"; 2]);
        assert_eq!(terms("status"), ["status"]);
        // Stop words and short numbers say nothing; longer numbers (a status code) do.
        assert_eq!(terms("Which of the 2 should we use for 429?"), ["429"]);
        // Outside ASCII a stem keeps three characters, not three bytes.
        assert_eq!(terms("Größes ÄES-Zähler"), ["größ", "äes", "zähler"]);
    }

    #[test]
    fn the_title_and_question_weigh_more_than_the_context() {
        let file = IssueFile::parse("03-burst.md").unwrap();
        let text = "# Issue: Burst size\n\n## Question\nHow large a burst?\n\n## Context\nburst\n\n## Position A\n[TODO: What one source says or implies.]\n";
        let index = IssueTerms::of(&file, Some("agent-alpha"), text);
        let burst = index.terms.iter().find(|t| t.0 == "burst").unwrap().1;
        assert_eq!(
            burst,
            TOPIC_WEIGHT + TITLE_WEIGHT + QUESTION_WEIGHT + DETAIL_WEIGHT
        );
        assert!(!index.terms.iter().any(|t| t.0 == "todo"));
    }
}
