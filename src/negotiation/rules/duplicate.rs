//! Duplicates: the likely ones among the issues (by what they say), and the proposals agents
//! made with `duplicate` (an entry the log confirms).

use crate::error::Result;
use crate::names::Name;
use crate::negotiation::derived::terms::{IssueTerms, TermIndex};
use crate::negotiation::model::log::Event;
use crate::negotiation::model::positions::Positions;
use crate::store::Store;
use rustc_hash::FxHashMap;
use serde::Serialize;

/// The prefix of the decision an agreed duplicate gets, and of the proposal's first line.
pub const DECISION_PREFIX: &str = "Duplicate of ";

/// Two issues that look like one question asked twice.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct LikelyDuplicate {
    /// The later issue, the one that would be closed as a duplicate.
    pub file: String,
    /// The earlier one.
    pub of: String,
    /// Why, in words: `same topic`, and the terms the two share that weigh most.
    pub reason: String,
    /// The terms the two share that weigh most (normalized words), most telling first.
    pub shared_terms: Vec<String>,
    /// How alike the two are, 0 to 1 (the cosine of their weighted terms).
    pub score: f64,
}

impl LikelyDuplicate {
    pub fn describe(&self) -> String {
        format!(
            "Likely duplicate: {} of {} ({})",
            self.file, self.of, self.reason
        )
    }
}

/// What the merge and `new-issue` say after the likely duplicates they list.
pub const MAY_PROPOSE: &str = "Any agent may propose these on its turn: `parley duplicate DIR AGENT --likely` proposes them all in one call (each closes onto the lowest-numbered issue of its chain); another agent confirms them all with `parley agree DIR AGENT --duplicates` on its next turn.";

/// How alike two issues must be to be reported when each is the other's closest match (the
/// cosine of their TF-IDF vectors), and how alike when not (an issue filed three times, say).
/// Tuned on labelled sets of two agents' drafts on one proposal (tests/cli/duplicates/):
/// duplicates there score 0.12 to 0.59 and are each other's closest match; the closest
/// non-duplicates score 0.09 as each other's closest match, 0.24 otherwise.
pub const THRESHOLD: f64 = 0.13;
pub const THRESHOLD_NOT_CLOSEST: f64 = 0.35;

/// What two drafts by the same agent need beyond the thresholds: an agent rarely files one
/// question twice, two agents often do.
const SAME_AUTHOR_MARGIN: f64 = 0.1;

/// Terms shared by more issues than this (or than a hundredth of them, when more) are not
/// looked up to find candidate pairs: they are the proposal's common vocabulary, weigh little,
/// and would make the lookup grow with the square of the issues.
const COMMON_TERM: usize = 64;

/// How many shared terms a reason names.
const REASON_TERMS: usize = 4;

/// Every likely duplicate among `issues` (in the order of `issues/`): each later issue with
/// each earlier one that has its topic, or whose weighted terms (TF-IDF over these issues,
/// compared by cosine) are alike enough, above all when each is the other's closest match,
/// and share two telling terms. Candidate pairs come from
/// an inverted index of the terms, so the cost grows with the pairs that share a rare term,
/// not with the square of the issues.
pub fn likely_among(issues: &[IssueTerms]) -> Vec<LikelyDuplicate> {
    let count = issues.len();
    let mut df: FxHashMap<&str, usize> = FxHashMap::default();
    for issue in issues {
        for (term, _) in &issue.terms {
            *df.entry(term.as_str()).or_insert(0) += 1;
        }
    }
    let idf = |term: &str| (1.0 + count as f64 / df[term] as f64).ln();
    // Each issue's vector (sorted by term, as its terms are) and its length.
    let vectors: Vec<Vec<(&str, f64)>> = issues
        .iter()
        .map(|issue| {
            (issue.terms.iter())
                .map(|(term, tf)| (term.as_str(), (1.0 + f64::from(*tf).ln()) * idf(term)))
                .collect()
        })
        .collect();
    let norms: Vec<f64> = vectors
        .iter()
        .map(|v| v.iter().map(|(_, w)| w * w).sum::<f64>().sqrt())
        .collect();
    let cap = COMMON_TERM.max(count / 100);
    // A telling term: one not shared by half the issues or more.
    let telling = |term: &str| df[term] * 2 <= count.max(4);
    let mut postings: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
    let mut topics: FxHashMap<&str, usize> = FxHashMap::default();
    let mut shared_count: FxHashMap<usize, usize> = FxHashMap::default();
    // Every candidate pair (later, earlier), scored; then those alike enough.
    let mut scored: Vec<Scored> = Vec::new();
    for (i, issue) in issues.iter().enumerate() {
        let topic = topic_of(&issue.file);
        let same_topic = topics.get(topic).copied();
        shared_count.clear();
        for (term, _) in &issue.terms {
            let term = term.as_str();
            if df[term] > cap || !telling(term) {
                continue;
            }
            for &j in postings.get(term).map(Vec::as_slice).unwrap_or_default() {
                *shared_count.entry(j).or_insert(0) += 1;
            }
        }
        let mut candidates: Vec<usize> = shared_count
            .iter()
            .filter(|(_, shared)| **shared >= 2)
            .map(|(j, _)| *j)
            .chain(same_topic)
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        for j in candidates {
            let (dot, shared) = compare(&vectors[i], &vectors[j], telling);
            let score = if norms[i] > 0.0 && norms[j] > 0.0 {
                dot / (norms[i] * norms[j])
            } else {
                0.0
            };
            scored.push(Scored {
                later: i,
                earlier: j,
                score,
                shared,
                same_topic: same_topic == Some(j),
            });
        }
        topics.entry(topic).or_insert(i);
        for (term, _) in &issue.terms {
            if df[term.as_str()] <= cap {
                postings.entry(term.as_str()).or_default().push(i);
            }
        }
    }
    // Each issue's closest match among the candidates.
    let mut closest = vec![0.0f64; count];
    for pair in &scored {
        closest[pair.later] = closest[pair.later].max(pair.score);
        closest[pair.earlier] = closest[pair.earlier].max(pair.score);
    }
    let mut found = Vec::new();
    for pair in scored {
        let (i, j) = (pair.later, pair.earlier);
        let same_author = issues[i].author.is_some() && issues[i].author == issues[j].author;
        let margin = if same_author { SAME_AUTHOR_MARGIN } else { 0.0 };
        let mutual = pair.score >= closest[i] && pair.score >= closest[j];
        let needed = margin
            + if mutual {
                THRESHOLD
            } else {
                THRESHOLD_NOT_CLOSEST
            };
        if !pair.same_topic && (pair.score < needed || pair.shared.len() < 2) {
            continue;
        }
        let mut reason = Vec::new();
        if pair.same_topic {
            reason.push("same topic".to_owned());
        }
        if !pair.shared.is_empty() {
            reason.push(format!(
                "shared terms: {}",
                pair.shared[..pair.shared.len().min(REASON_TERMS)].join(", ")
            ));
        }
        found.push(LikelyDuplicate {
            file: issues[i].file.clone(),
            of: issues[j].file.clone(),
            reason: reason.join("; "),
            shared_terms: pair.shared.into_iter().take(REASON_TERMS).collect(),
            score: (pair.score * 100.0).round() / 100.0,
        });
    }
    found
}

/// A candidate pair of [`likely_among`]: two issues' places, how alike they are, the telling
/// terms they share (heaviest first), and whether they have one topic.
struct Scored {
    later: usize,
    earlier: usize,
    score: f64,
    shared: Vec<String>,
    same_topic: bool,
}

/// The dot product of two vectors sorted by term, and the telling terms they share, the
/// heaviest first.
fn compare(
    a: &[(&str, f64)],
    b: &[(&str, f64)],
    telling: impl Fn(&str) -> bool,
) -> (f64, Vec<String>) {
    let (mut i, mut j, mut dot) = (0, 0, 0.0);
    let mut shared: Vec<(&str, f64)> = Vec::new();
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                let product = a[i].1 * b[j].1;
                dot += product;
                if telling(a[i].0) {
                    shared.push((a[i].0, product));
                }
                i += 1;
                j += 1;
            }
        }
    }
    shared.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(y.0)));
    (dot, shared.into_iter().map(|(t, _)| t.to_owned()).collect())
}

/// The topic of `NN-TOPIC.md`.
fn topic_of(file: &str) -> &str {
    let stem = file.strip_suffix(".md").unwrap_or(file);
    stem.split_once('-').map_or(stem, |(_, topic)| topic)
}

/// The likely duplicates among the issues of `issues/` as they are now (each read).
pub fn likely(store: &Store) -> Result<Vec<LikelyDuplicate>> {
    Ok(likely_among(&TermIndex::read_all(store)?.issues))
}

/// The positions files (`positions/NN-TOPIC.md`) whose last agreement closed them as a
/// duplicate (`agree` with no decision, after a proposal): they need no challenge at `finish`.
pub fn closed_as_duplicates(events: &[Event]) -> std::collections::HashSet<String> {
    let mut last: FxHashMap<&str, bool> = FxHashMap::default();
    for event in events.iter().filter(|e| e.is_agreement()) {
        let Some(file) = event
            .after
            .as_deref()
            .and_then(|a| a.strip_suffix(": AGREED"))
        else {
            continue;
        };
        let as_duplicate = event.detail_value().is_some_and(|d| {
            d.get("decision")
                .and_then(|d| d.as_str())
                .is_some_and(|d| d.starts_with(DECISION_PREFIX))
        });
        last.insert(file, as_duplicate);
    }
    (last.into_iter())
        .filter(|(_, closed)| *closed)
        .map(|(file, _)| file.to_owned())
        .collect()
}

/// Whether a positions file may hold a duplicate proposal: an entry whose first line starts
/// with [`DECISION_PREFIX`]. Without one there is no need to read the log.
pub fn may_hold_proposal(text: &str) -> bool {
    text.contains(&format!("\n{DECISION_PREFIX}"))
}

/// A duplicate proposal standing on an issue: who made it, of what, with which entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub agent: Name,
    pub of: String,
    /// `NAME's challenge (round N)`: the entry it wrote.
    pub entry: String,
}

/// The duplicate proposals on `rel` (`positions/NN-TOPIC.md`) whose entry is still in the
/// file, in the order they were made.
pub fn proposals(events: &[Event], rel: &str, positions: &Positions) -> Vec<Proposal> {
    let mut found = Vec::new();
    for event in events.iter().filter(|e| e.is_duplicate_proposal()) {
        let Some(entry) = event
            .after
            .as_deref()
            .and_then(|a| a.strip_prefix(rel))
            .and_then(|a| a.strip_prefix(": "))
        else {
            continue;
        };
        let detail = event.detail_value();
        let of = detail
            .as_ref()
            .and_then(|d| d.get("duplicate_of"))
            .and_then(|o| o.as_str());
        let agent = event
            .agent
            .as_deref()
            .and_then(|a| Name::parse_str("agent name", a).ok());
        let present = positions.entries.iter().any(|e| e.title() == entry);
        if let (Some(of), Some(agent), true) = (of, agent, present) {
            found.push(Proposal {
                agent,
                of: of.to_owned(),
                entry: entry.to_owned(),
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::negotiation::model::issues::IssueFile;

    /// A labelled set of `tests/cli/duplicates/`: the issues as the merge numbers them, and the
    /// pairs a person calls duplicates (by topic).
    fn labelled(name: &str) -> (Vec<IssueTerms>, Vec<(String, String)>) {
        let path = format!("{}/tests/cli/duplicates/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let (drafts, pairs) = text.split_once("== duplicates\n").unwrap();
        let mut per_agent: Vec<(String, Vec<(String, String)>)> = Vec::new();
        for block in drafts.split("@@ ").filter(|b| !b.is_empty()) {
            let (head, body) = block.split_once('\n').unwrap();
            let (agent, topic) = head.split_once(' ').unwrap();
            match per_agent.iter_mut().find(|(a, _)| a == agent) {
                Some((_, drafts)) => drafts.push((topic.to_owned(), body.to_owned())),
                None => {
                    per_agent.push((agent.to_owned(), vec![(topic.to_owned(), body.to_owned())]))
                }
            }
        }
        let mut issues = Vec::new();
        let longest = per_agent.iter().map(|(_, d)| d.len()).max().unwrap();
        for round in 0..longest {
            for (agent, drafts) in &per_agent {
                if let Some((topic, body)) = drafts.get(round) {
                    let file = IssueFile::name_for(issues.len() as u64 + 1, topic);
                    let file = IssueFile::parse(&file).unwrap();
                    issues.push(IssueTerms::of(&file, Some(agent), body));
                }
            }
        }
        let pairs = pairs
            .lines()
            .filter_map(|l| l.split_once(' '))
            .map(|(a, b)| (a.to_owned(), b.to_owned()))
            .collect();
        (issues, pairs)
    }

    #[test]
    fn the_labelled_sets_are_found_with_precision_and_recall_of_four_in_five() {
        let (mut flagged, mut right, mut wanted) = (0, 0, 0);
        for name in ["rate-limiter.txt", "cache.txt", "migration.txt", "auth.txt"] {
            let (issues, pairs) = labelled(name);
            let found = likely_among(&issues);
            let topic = |file: &str| topic_of(file).to_owned();
            let is_labelled = |a: &str, b: &str| {
                pairs
                    .iter()
                    .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
            };
            for d in &found {
                let hit = is_labelled(&topic(&d.file), &topic(&d.of));
                eprintln!(
                    "{name}: {} {} ~ {} {:.2} {}",
                    if hit { "ok " } else { "BAD" },
                    d.file,
                    d.of,
                    d.score,
                    d.reason
                );
                right += usize::from(hit);
            }
            for (a, b) in &pairs {
                let seen = found.iter().any(|d| {
                    is_labelled(&topic(&d.file), &topic(&d.of))
                        && [topic(&d.file), topic(&d.of)].contains(a)
                        && [topic(&d.file), topic(&d.of)].contains(b)
                });
                if !seen {
                    eprintln!("{name}: MISSED {a} ~ {b}");
                }
            }
            flagged += found.len();
            wanted += pairs.len();
        }
        let recall_hits = right;
        eprintln!("flagged {flagged}, right {right}, labelled {wanted}");
        assert!(right * 5 >= flagged * 4, "precision {right}/{flagged}");
        assert!(
            recall_hits * 5 >= wanted * 4,
            "recall {recall_hits}/{wanted}"
        );
    }
}
