//! The spec's rules as functions of the state: who may send what, which bill version a vote is
//! on, the tally, the debate clock. Shared by `append`, `validate`, `tally`, `gate`, `round`.

use serde::Serialize;
use serde_json::Value;

use super::state::{Message, PRIME_MINISTER, SPEAKER, SessionState};

/// The debate clock of round `round` for `seats` representatives, read linearly between the
/// spec's anchors: 2×seats exchanges in round 1 down to 1×seats from round 6; a budget of 6
/// sentences in round 1 down to 3 from round 4. Round 0 (openings) has round 1's clock.
pub fn clock_for(round: u64, seats: u64) -> (u64, u64) {
    let r = round.clamp(1, 6);
    // ceil(seats × (2 − (r − 1) / 5)) = ceil(seats × (11 − r) / 5), in integers.
    let max_exchanges = (seats * (11 - r)).div_ceil(5);
    let response_budget = 7u64.saturating_sub(round.max(1)).max(3);
    (max_exchanges, response_budget)
}

/// Who must send a message of type `kind`: the Speaker, the Prime Minister, or (None) a
/// representative.
pub fn required_sender(kind: &str) -> Option<&'static str> {
    match kind {
        "SPEAKER_RULING" | "VOTE_TALLY" => Some(SPEAKER),
        "PM_DECISION" => Some(PRIME_MINISTER),
        _ => None,
    }
}

/// What is wrong with the sender, recipient or target of `message`, if anything.
pub fn party_problems(message: &Message, session: &SessionState) -> Vec<(&'static str, String)> {
    let mut problems = Vec::new();
    match required_sender(&message.kind) {
        Some(who) if message.from != who => problems.push((
            "/from",
            format!(
                "a {} comes from \"{who}\", not {:?}",
                message.kind, message.from
            ),
        )),
        Some(_) => {}
        None if !session.is_representative(&message.from) => problems.push((
            "/from",
            format!(
                "{:?} is not a representative of this parliament",
                message.from
            ),
        )),
        None => {}
    }
    if let Some(to) = &message.to
        && !session.is_representative(to)
    {
        problems.push((
            "/to",
            format!("{to:?} is not a representative of this parliament"),
        ));
    }
    if message.kind == "SPEAKER_RULING"
        && let Some(target) = message.text("target")
        && !session.is_representative(target)
    {
        problems.push((
            "/content/target",
            format!("{target:?} is not a representative of this parliament"),
        ));
    }
    problems
}

/// The Speaker's ruling type + action pairs the spec lists.
pub const LISTED_RULINGS: [(&str, &str); 8] = [
    ("order", "redirect"),
    ("order", "quiet"),
    ("order", "call_vote"),
    ("observation", "deadlock_warning"),
    ("observation", "progress_note"),
    ("procedure", "next_speaker"),
    ("procedure", "round_start"),
    ("procedure", "round_end"),
];

/// The fields of a SPEAKER_RULING's content the spec lists.
const RULING_FIELDS: [&str; 4] = ["ruling_type", "ruling", "target", "action"];

/// What a SPEAKER_RULING carries beyond the spec: an action (or ruling type) it does not list,
/// fields it does not list. The spec lists the actions without saying the list is closed and
/// the reference implementation writes others (`appoint_drafter`, `evaluate_statements`,
/// `round_start` with the round's facts), so these are warnings, never refusals; parley gives
/// them no effect. Each is (code, pointer under the message, what).
pub fn ruling_warnings(message: &Message) -> Vec<(&'static str, String, String)> {
    let mut warnings = Vec::new();
    if message.kind != "SPEAKER_RULING" {
        return warnings;
    }
    let Some(content) = message.content.as_object() else {
        return warnings;
    };
    let ruling_type = message.text("ruling_type").unwrap_or_default();
    let action = message.text("action").unwrap_or_default();
    if !LISTED_RULINGS.iter().any(|(_, a)| *a == action) {
        warnings.push((
            "UNLISTED_ACTION",
            "/content/action".to_owned(),
            format!("the Speaker's action {action:?} ({ruling_type}) is not one the spec lists; recorded, with no effect on the session"),
        ));
    }
    for key in content.keys() {
        if !RULING_FIELDS.contains(&key.as_str()) {
            warnings.push((
                "EXTRA_FIELD",
                format!("/content/{}", key.replace('~', "~0").replace('/', "~1")),
                format!(
                    "the SPEAKER_RULING field {key:?} is not one the spec lists; kept as written"
                ),
            ));
        }
    }
    warnings
}

/// Motive score keys that are not motives of the sender.
pub fn unknown_motives(message: &Message, session: &SessionState) -> Vec<String> {
    let (Some(scores), Some(rep)) = (
        message.motive_scores(),
        session.representative(&message.from),
    ) else {
        return Vec::new();
    };
    scores
        .keys()
        .filter(|motive| !rep.motives.contains(motive))
        .cloned()
        .collect()
}

/// The bill version each message of `messages` is on: for a VOTE, the version of the latest
/// BILL_DRAFT before it, else `fallback` (the session's `bill_version`). The session's version
/// is the one of the latest draft, so a message before the first BILL_DRAFT is on the version
/// that draft replaced: never the draft's own (at most its version - 1, at least 1).
pub fn vote_versions(messages: &[Message], fallback: u64) -> Vec<u64> {
    let first_draft = messages.iter().find_map(draft_version);
    let before_drafts = first_draft.map_or(fallback, |first| {
        fallback.min(first.saturating_sub(1)).max(1)
    });
    let mut current = None;
    messages
        .iter()
        .map(|message| {
            if let Some(version) = draft_version(message) {
                current = Some(version);
            }
            current.unwrap_or(before_drafts)
        })
        .collect()
}

fn draft_version(message: &Message) -> Option<u64> {
    (message.kind == "BILL_DRAFT")
        .then(|| message.content.get("bill_version").and_then(Value::as_u64))
        .flatten()
}

/// The content of a VOTE_TALLY.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub bill_version: u64,
    pub yes_votes: Vec<String>,
    pub no_votes: Vec<String>,
    pub tally: Counts,
    pub passed: bool,
    pub key_objections: Vec<Objection>,
    pub next_action: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub yes: u64,
    pub no: u64,
    pub total: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Objection {
    pub from: String,
    pub concern: String,
}

/// What the Speaker does after a tally: the passed bill goes to the Prime Minister, a failed
/// one back to debate.
pub const NEXT_IF_PASSED: &str = "advance_to_pm";
pub const NEXT_IF_FAILED: &str = "return_to_debate";

/// The tally of the VOTEs among `messages` (with their bill versions `versions`) cast in
/// `round` on `version`: each seat's last VOTE counts, lists in seat order; passed when YES
/// votes are more than half of the seats.
pub fn tally(
    messages: &[Message],
    versions: &[u64],
    round: u64,
    version: u64,
    seats: &[String],
) -> Tally {
    let mut last: Vec<Option<&Message>> = vec![None; seats.len()];
    for (message, on) in messages.iter().zip(versions) {
        if message.kind != "VOTE" || message.round != round || *on != version {
            continue;
        }
        if let Some(seat) = seats.iter().position(|s| *s == message.from) {
            last[seat] = Some(message);
        }
    }
    let mut yes_votes = Vec::new();
    let mut no_votes = Vec::new();
    let mut key_objections = Vec::new();
    for (seat, vote) in seats.iter().zip(&last) {
        let Some(vote) = vote else { continue };
        match vote.text("vote") {
            Some("YES") => yes_votes.push(seat.clone()),
            Some("NO") => {
                no_votes.push(seat.clone());
                let concern = [vote.text("reservations"), vote.text("reasoning")]
                    .into_iter()
                    .flatten()
                    .find(|text| !text.trim().is_empty())
                    .unwrap_or_default();
                key_objections.push(Objection {
                    from: seat.clone(),
                    concern: concern.to_owned(),
                });
            }
            _ => {}
        }
    }
    let yes = yes_votes.len() as u64;
    let no = no_votes.len() as u64;
    let passed = yes * 2 > seats.len() as u64;
    Tally {
        bill_version: version,
        tally: Counts {
            yes,
            no,
            total: yes + no,
        },
        yes_votes,
        no_votes,
        passed,
        key_objections,
        next_action: if passed {
            NEXT_IF_PASSED
        } else {
            NEXT_IF_FAILED
        }
        .to_owned(),
    }
}

/// Where a VOTE_TALLY's content disagrees with the votes it announces: (pointer under
/// `content`, what differs). Lists compare as sets; `passed` only when `check_passed`.
pub fn tally_disagreements(
    content: &Value,
    expected: &Tally,
    check_passed: bool,
) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let names = |field: &str| -> Option<Vec<String>> {
        let mut list: Vec<String> = content
            .get(field)?
            .as_array()?
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect();
        list.sort();
        Some(list)
    };
    for (field, want) in [
        ("yes_votes", &expected.yes_votes),
        ("no_votes", &expected.no_votes),
    ] {
        let mut want = want.clone();
        want.sort();
        if names(field).is_some_and(|got| got != want) {
            found.push((
                format!("/{field}"),
                format!("the VOTE messages give {field} {want:?}"),
            ));
        }
    }
    for (field, want) in [
        ("yes", expected.tally.yes),
        ("no", expected.tally.no),
        ("total", expected.tally.total),
    ] {
        let got = content
            .pointer(&format!("/tally/{field}"))
            .and_then(Value::as_u64);
        if got.is_some_and(|got| got != want) {
            found.push((
                format!("/tally/{field}"),
                format!("the VOTE messages give tally.{field} = {want}"),
            ));
        }
    }
    if check_passed
        && let Some(got) = content.get("passed").and_then(Value::as_bool)
        && got != expected.passed
    {
        found.push((
            "/passed".to_owned(),
            format!("the VOTE messages give passed = {}", expected.passed),
        ));
    }
    found
}

/// How many sentences `text` has: runs of text ending in `.`, `!` or `?` (a run of marks,
/// "?!" or "...", ends one sentence; a trailing fragment without a mark is not counted).
pub fn sentences(text: &str) -> usize {
    let mut count = 0;
    let mut open = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if matches!(c, '.' | '!' | '?') {
            // "Really?!" and "..." end one sentence, not three.
            while chars.peek().is_some_and(|n| matches!(n, '.' | '!' | '?')) {
                chars.next();
            }
            if open {
                count += 1;
            }
            open = false;
        } else if !c.is_whitespace() {
            open = true;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_anchors() {
        assert_eq!(clock_for(1, 5), (10, 6));
        assert_eq!(clock_for(6, 5), (5, 3));
        assert_eq!(clock_for(9, 5), (5, 3));
        assert_eq!(clock_for(4, 3), (5, 3));
    }

    #[test]
    fn sentence_counting() {
        assert_eq!(sentences("One. Two! Three?"), 3);
        assert_eq!(sentences("One... Two?! three"), 2);
        assert_eq!(sentences(""), 0);
    }
}
