//! Checks on an entered deck beyond "a face never gets worse" (which cards enforce by
//! construction): likely typing slips, each a warning naming the card, never a refusal, since
//! the publisher's cards are not printed in the book and an odd card may be real.
//! - the same card entered twice (every number equal);
//! - a band edge whose step from the band before it is far from that step on the other cards
//!   (say Squeak starting 5 rows above Fail where the rest of the deck has 1 to 3);
//! - more "1 or 6" cards than a deck plausibly holds (the sample has one; more than two warns).

use super::card::{ChallengeCard, DomeRange, Threshold};

/// More "1 or 6" cards than this draws a warning.
pub const MAX_ONE_OR_SIX: usize = 2;

/// How far a step may stray from the steps seen on the rest of the deck before it warns.
const STEP_SLACK: i32 = 2;

fn value(t: Threshold) -> Option<i32> {
    t.map(|d| d.value() as i32)
}

/// The steps between consecutive band edges (fail→squeak, squeak→pass, pass→amaze), where
/// both edges are on the card.
fn steps(card: &ChallengeCard) -> [Option<i32>; 3] {
    let (t, _) = card.thresholds();
    let v = t.map(value);
    [0, 1, 2].map(|i| Some(v[i + 1]? - v[i]?))
}

const STEP_NAMES: [&str; 3] = ["Fail to Squeak", "Squeak to Pass", "Pass to Amaze"];

/// Warnings for `cards`, each naming the card (by its number in the list).
pub fn warnings(cards: &[ChallengeCard]) -> Vec<String> {
    let mut out = Vec::new();
    // A card is compared by everything printed on it, not its place in the deck.
    let mut seen = crate::datafile::FirstSeen::new();
    for (i, c) in cards.iter().enumerate() {
        if let Some(j) = seen.again(c.clone().with_number(0), i) {
            out.push(format!(
                "card {} is the same as card {}: entered twice?",
                i + 1,
                j + 1
            ));
        }
    }
    for (k, name) in STEP_NAMES.iter().enumerate() {
        let all: Vec<(usize, i32)> = cards
            .iter()
            .enumerate()
            .filter_map(|(i, c)| steps(c)[k].map(|s| (i, s)))
            .collect();
        for &(i, s) in &all {
            let others: Vec<i32> = all
                .iter()
                .filter(|(j, _)| *j != i)
                .map(|(_, s)| *s)
                .collect();
            let (Some(lo), Some(hi)) = (others.iter().min(), others.iter().max()) else {
                continue;
            };
            if others.len() >= 5 && (s < lo - STEP_SLACK || s > hi + STEP_SLACK) {
                out.push(format!(
                    "card {}: the {name} step is {s} rows; the other cards have {lo} to {hi}",
                    i + 1
                ));
            }
        }
    }
    let one_or_six: Vec<String> = cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.domes() == DomeRange::OneOrSix)
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    if one_or_six.len() > MAX_ONE_OR_SIX {
        out.push(format!(
            "{} cards show \"1 or 6\" (cards {}): more than {MAX_ONE_OR_SIX} is unusual",
            one_or_six.len(),
            one_or_six.join(", ")
        ));
    }
    out
}
