//! Quest tokens at setup (p. 9, 38): 3 per player plus 1, or 4 per player with Extra Stories,
//! on open-book spaces. On a first campaign pass the named spaces of the map must be among
//! them (docs/game-facts.md, from fan sources); the rest are drawn at random. The draw is seeded and the
//! seed saved with the session, so the same seed always gives the same spaces.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::code::QuestCode;
use super::facts::{MapFacts, QuestRange, letter_span};
use super::session::quest_tokens;

/// Every quest space printed on the map, leaving out the numbers the sources are unsure of.
pub fn spaces(map: &MapFacts) -> Vec<QuestCode> {
    match &map.quests {
        QuestRange::Numbers { first, last, .. } => (*first..=*last)
            .map(QuestCode::Number)
            .filter(|c| !map.quests.is_uncertain(c))
            .collect(),
        QuestRange::Letters { letters } => match letter_span(letters) {
            Some((a, b)) => (a..=b).map(QuestCode::Letter).collect(),
            None => Vec::new(),
        },
    }
}

/// Shuffles `items` with a ChaCha8 stream from `seed` (Fisher–Yates).
fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The spaces to receive quest tokens: named spaces first when `first_pass`, the rest at
/// random, in the order to place them.
pub fn place(
    map: &MapFacts,
    players: usize,
    extra_stories: bool,
    first_pass: bool,
    seed: u64,
) -> Vec<QuestCode> {
    let count = quest_tokens(players, extra_stories);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let all = spaces(map);
    let mut named: Vec<QuestCode> = if first_pass {
        map.named_spaces
            .iter()
            .filter(|c| all.contains(c))
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    shuffle(&mut named, &mut rng);
    named.truncate(count);
    let mut rest: Vec<QuestCode> = all.into_iter().filter(|c| !named.contains(c)).collect();
    shuffle(&mut rest, &mut rng);
    let mut out = named;
    out.extend(rest.into_iter().take(count - out.len().min(count)));
    out
}
