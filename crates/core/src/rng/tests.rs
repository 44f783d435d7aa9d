//! Pins the random sequences saves depend on: the deck's shuffle for a few seeds, the stream's
//! picks, and draws from states saved before `rand` joined (fixtures in rng/fixtures/).

use rand::Rng;
use rand::seq::SliceRandom;

use super::*;
use crate::deck::{Deck, Position, WhenEmpty};

/// A deck of 0..n as it is drawn, top card first.
fn drawn(seed: u64, n: u32) -> Vec<u32> {
    let mut deck = Deck::new((0..n).collect(), seed, WhenEmpty::Refuse);
    std::iter::from_fn(|| deck.draw().ok()).collect()
}

#[test]
fn the_deck_shuffle_for_these_seeds_never_changes() {
    assert_eq!(drawn(0, 10), [2, 3, 6, 4, 5, 1, 0, 9, 8, 7]);
    assert_eq!(drawn(1, 10), [1, 8, 5, 0, 9, 4, 3, 6, 7, 2]);
    assert_eq!(drawn(42, 10), [7, 4, 8, 0, 2, 3, 6, 9, 5, 1]);
    assert_eq!(drawn(u64::MAX, 10), [4, 5, 9, 3, 1, 8, 2, 7, 6, 0]);
}

#[test]
fn the_streams_picks_for_these_seeds_never_change() {
    let picks = |seed| {
        let mut r = SeededRng::new(seed);
        (0..8).map(|_| r.below(6)).collect::<Vec<_>>()
    };
    assert_eq!(picks(0), [0, 3, 4, 0, 5, 3, 2, 2]);
    assert_eq!(picks(1), [1, 5, 1, 0, 1, 4, 3, 0]);
    assert_eq!(picks(42), [3, 4, 4, 4, 2, 2, 2, 0]);
}

/// A deck saved by the version before `rand` joined (seed 7, five cards drawn and discarded)
/// draws what it drew then, through a reshuffle of its discards.
#[test]
fn a_deck_saved_before_rand_joined_draws_the_same_cards() {
    let text = include_str!("fixtures/deck-seed-7-before-rand.json");
    let mut deck: Deck<u32> = serde_json::from_str(text).expect("the fixture loads");
    assert!(
        deck.put_back(0, Position::Top).is_err(),
        "no card was in play"
    );
    let seq: Vec<u32> = (0..20)
        .filter_map(|_| deck.draw_to_discard().ok())
        .collect();
    assert_eq!(
        seq,
        [8, 1, 7, 9, 6, 4, 2, 7, 0, 11, 6, 10, 4, 2, 9, 5, 3, 8, 1, 3]
    );
    assert!(deck.reshuffles() >= 1, "the sequence crossed a reshuffle");
}

/// A stream saved before `rand` joined (seed 99, three picks in) picks and shuffles as then.
#[test]
fn a_stream_saved_before_rand_joined_picks_the_same_numbers() {
    let text = include_str!("fixtures/rng-seed-99-before-rand.json");
    let mut rng: SeededRng = serde_json::from_str(text).expect("the fixture loads");
    assert_eq!(rng.seed(), 99);
    let picks: Vec<u64> = (0..10).map(|_| rng.below(1000)).collect();
    assert_eq!(picks, [172, 760, 11, 258, 381, 333, 736, 714, 285, 351]);
    let mut items: Vec<u32> = (0..10).collect();
    rng.shuffle(&mut items);
    assert_eq!(items, [4, 9, 8, 6, 0, 2, 3, 5, 7, 1]);
}

/// rand's ranges and shuffle over the saved stream, pinned: a `rand` upgrade that changes them
/// fails here before any new feature's saved draws change.
#[test]
fn rands_ranges_over_the_saved_stream_never_change() {
    let mut r = SeededRng::new(42);
    let dice: Vec<u8> = (0..8).map(|_| r.random_range(1..=6)).collect();
    let mut items: Vec<u32> = (0..8).collect();
    items.shuffle(&mut r);
    assert_eq!(dice, [2, 5, 1, 6, 5, 3, 3, 4]);
    assert_eq!(items, [4, 5, 6, 7, 2, 1, 0, 3]);
    assert!(!r.random_bool(0.5));
}

/// What rand draws moves the saved position: a stream reloaded after rand's draws goes on
/// exactly where the original goes on.
#[test]
fn rands_draws_move_the_saved_position() {
    let mut r = SeededRng::new(5);
    let _: u32 = r.random_range(0..1000);
    assert_ne!(r, SeededRng::new(5), "the draw moved the stream");
    let mut reloaded: SeededRng =
        serde_json::from_str(&serde_json::to_string(&r).expect("saves")).expect("loads");
    assert_eq!(reloaded, r);
    assert_eq!(reloaded.below(1 << 40), r.below(1 << 40));
}
