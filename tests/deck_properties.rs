//! Property tests of the generic deck: no card is ever lost or duplicated, and the same seed
//! with the same operations always gives the same draws.
use proptest::prelude::*;
use tablemate::deck::{Deck, Position, WhenEmpty};

#[derive(Debug, Clone)]
enum Op {
    Draw,
    DrawToDiscard,
    Discard(usize),
    PutBack(usize, u8),
    Remove(usize),
    ShuffleUndrawn,
    ReshuffleAll,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => Just(Op::Draw),
        3 => Just(Op::DrawToDiscard),
        2 => (0usize..6).prop_map(Op::Discard),
        1 => (0usize..6, 0u8..3).prop_map(|(i, p)| Op::PutBack(i, p)),
        1 => (0usize..6).prop_map(Op::Remove),
        1 => Just(Op::ShuffleUndrawn),
        1 => Just(Op::ReshuffleAll),
    ]
}

fn run(deck: &mut Deck<u32>, ops: &[Op]) -> Vec<Option<u32>> {
    let mut seen = Vec::new();
    for op in ops {
        let drawn = match *op {
            Op::Draw => deck.draw().ok(),
            Op::DrawToDiscard => deck.draw_to_discard().ok(),
            Op::Discard(i) => deck.discard_drawn(i).ok().map(|_| 0),
            Op::PutBack(i, p) => {
                let pos = [Position::Top, Position::Bottom, Position::Shuffled][p as usize];
                deck.put_back(i, pos).ok().map(|_| 1)
            }
            Op::Remove(i) => deck.remove_drawn(i).ok(),
            Op::ShuffleUndrawn => {
                deck.shuffle_undrawn();
                None
            }
            Op::ReshuffleAll => {
                deck.reshuffle_all();
                None
            }
        };
        seen.push(drawn);
    }
    seen
}

proptest! {
    #[test]
    fn no_card_is_lost_or_duplicated(
        n in 0u32..40,
        seed in any::<u64>(),
        reshuffle in any::<bool>(),
        ops in prop::collection::vec(op(), 0..200),
    ) {
        let when_empty = if reshuffle { WhenEmpty::ReshuffleDiscard } else { WhenEmpty::Refuse };
        let mut deck = Deck::new((0..n).collect(), seed, when_empty);
        run(&mut deck, &ops);
        prop_assert_eq!(deck.all_cards_sorted(), (0..n).collect::<Vec<_>>());
        prop_assert_eq!(deck.total_len(), n as usize);
    }

    #[test]
    fn same_seed_and_operations_give_same_draws(
        n in 1u32..40,
        seed in any::<u64>(),
        ops in prop::collection::vec(op(), 0..120),
    ) {
        let mut a = Deck::new((0..n).collect(), seed, WhenEmpty::ReshuffleDiscard);
        let mut b = Deck::new((0..n).collect(), seed, WhenEmpty::ReshuffleDiscard);
        prop_assert_eq!(run(&mut a, &ops), run(&mut b, &ops));
        prop_assert_eq!(a, b);
    }

    #[test]
    fn a_saved_deck_replays_identically(
        n in 1u32..40,
        seed in any::<u64>(),
        before in prop::collection::vec(op(), 0..60),
        after in prop::collection::vec(op(), 0..60),
    ) {
        let mut deck = Deck::new((0..n).collect(), seed, WhenEmpty::ReshuffleDiscard);
        run(&mut deck, &before);
        let text = serde_json::to_string(&deck).unwrap();
        let mut loaded: Deck<u32> = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(run(&mut deck, &after), run(&mut loaded, &after));
    }
}
