//! The Dome tracker and the dismissal rule (DISMISSAL, p. 7), as a pure rule and in play.

use proptest::prelude::*;
use tablemate::worldspanner::domes::{self, parse_occupied};
use tablemate::worldspanner::*;

use crate::common::*;

fn numbers(c: &[Candidate]) -> Vec<u8> {
    c.iter().map(|c| c.number.get()).collect()
}

fn range(s: &str) -> DomeRange {
    DomeRange::parse(s).unwrap()
}

#[test]
fn dismissal_offers_every_dome_number_in_range_with_room() {
    let c = domes::candidates(range("3-6"), [0; 6]).unwrap();
    assert_eq!(numbers(&c), [3, 4, 5, 6]);
    assert!(
        c.iter()
            .all(|c| c.because == Because::InRange && c.empty == 4)
    );
}

#[test]
fn dismissal_skips_full_domes_in_range() {
    // The rulebook's example: 3-4 drawn, one Dome already holds a hero: any other one.
    let c = domes::candidates(range("3-4"), [0, 0, 1, 0, 0, 0]).unwrap();
    assert_eq!(numbers(&c), [3, 4]);
    assert_eq!(c[0].empty, 3);
    let c = domes::candidates(range("3-4"), [0, 0, 4, 2, 0, 0]).unwrap();
    assert_eq!(numbers(&c), [4]);
}

#[test]
fn dismissal_uses_the_next_higher_number_when_the_range_is_full() {
    let c = domes::candidates(range("3-4"), [0, 0, 4, 4, 4, 0]).unwrap();
    assert_eq!(numbers(&c), [6]);
    assert_eq!(c[0].because, Because::NextHigher);
}

#[test]
fn dismiss_wraps_from_six_to_one() {
    let c = domes::candidates(range("5-6"), [4, 0, 0, 0, 4, 4]).unwrap();
    assert_eq!(numbers(&c), [2]);
    let explained = domes::explain(range("5-6"), &c);
    assert!(explained.contains("6 wraps to 1"), "{explained}");
}

#[test]
fn one_or_six_card_allows_only_one_and_six_then_continues_from_six() {
    let c = domes::candidates(DomeRange::OneOrSix, [0; 6]).unwrap();
    assert_eq!(numbers(&c), [1, 6]);
    let c = domes::candidates(DomeRange::OneOrSix, [4, 0, 0, 0, 0, 4]).unwrap();
    assert_eq!(numbers(&c), [2]);
}

#[test]
fn with_every_dome_full_there_is_nowhere_to_go() {
    assert!(domes::candidates(range("1-6"), [4; 6]).is_err());
}

#[test]
fn occupancy_list_parses_and_rejects_a_fifth_hero() {
    assert_eq!(parse_occupied("3:4,4:2").unwrap(), [0, 0, 4, 2, 0, 0]);
    assert!(parse_occupied("3:5").is_err());
    assert!(parse_occupied("7:1").is_err());
    assert!(parse_occupied("3-4").is_err());
}

#[test]
fn a_dome_holds_one_hero() {
    let mut map = DomeMap::default();
    let slot = DomeSlot::new(DomeNumber::new(3).unwrap(), 2).unwrap();
    map.place(slot, h(S, 0)).unwrap();
    let err = map.place(slot, h(P, 0)).unwrap_err();
    assert!(err.to_string().contains("one hero per Dome"), "{err}");
    assert!(DomeSlot::new(DomeNumber::new(3).unwrap(), 5).is_err());
}

#[test]
fn in_play_dismissal_draws_from_the_heros_own_deck_and_the_player_picks_a_dome() {
    let mut g = game(6);
    stack(&mut g, S, vec![uniform(Face::Pass, true, 1, "3-4")]);
    let psi_before = g.team(P).deck.draw_len();
    ok(&mut g, Action::Reinforce { hero: h(S, 0) });
    let p = g.pending.clone().unwrap();
    assert_eq!(p.chooser, S);
    assert_eq!(numbers(&p.candidates), [3, 4]);
    assert_eq!(g.team(S).deck.discard_len(), 1);
    assert_eq!(g.team(P).deck.draw_len(), psi_before);
    let pick = DomeSlot::new(DomeNumber::new(4).unwrap(), 3).unwrap();
    ok(&mut g, Action::Place { dome: Some(pick) });
    assert_eq!(
        g.hero(h(S, 0)).unwrap().status,
        HeroStatus::InDome { dome: pick }
    );
    assert_eq!(g.domes.occupant(pick), Some(h(S, 0)));
}

#[test]
fn placing_outside_the_proposals_or_in_a_full_dome_is_refused() {
    let mut g = game(6);
    stack(&mut g, S, vec![uniform(Face::Pass, true, 1, "3-4"); 2]);
    ok(&mut g, Action::Reinforce { hero: h(S, 0) });
    let five = DomeSlot::new(DomeNumber::new(5).unwrap(), 1).unwrap();
    let err = g.apply(Action::Place { dome: Some(five) }).unwrap_err();
    assert!(err.to_string().contains("Dome 5 is not allowed"), "{err}");
    let three = DomeSlot::new(DomeNumber::new(3).unwrap(), 1).unwrap();
    ok(&mut g, Action::Place { dome: Some(three) });
    ok(&mut g, Action::Reinforce { hero: h(S, 1) });
    assert!(g.apply(Action::Place { dome: Some(three) }).is_err());
    assert!(
        g.pending.is_some(),
        "a refused placement leaves the hero waiting"
    );
}

#[test]
fn finish_one_dismissal_before_drawing_for_the_next() {
    let mut g = game(6);
    ok(&mut g, Action::Reinforce { hero: h(S, 0) });
    let err = g.apply(Action::Reinforce { hero: h(S, 1) }).unwrap_err();
    assert!(err.to_string().contains("finish one dismissal"), "{err}");
    assert_eq!(
        g.team(S).deck.discard_len(),
        1,
        "the refused draw took no card"
    );
}

#[test]
fn banish_is_drawn_from_the_enemy_deck_and_the_enemy_chooses() {
    let mut g = game(6);
    through_round_one(&mut g);
    stack(&mut g, P, vec![uniform(Face::Pass, true, 1, "6")]);
    let sky_discards = g.team(S).deck.discard_len();
    ok(&mut g, Action::Banish { hero: h(S, 0) });
    let p = g.pending.clone().unwrap();
    assert_eq!((p.how, p.chooser), (Removal::Banish, P));
    assert_eq!(numbers(&p.candidates), [6]);
    assert_eq!(g.team(S).deck.discard_len(), sky_discards);
    ok(&mut g, Action::Place { dome: None });
    assert!(matches!(
        g.hero(h(S, 0)).unwrap().status,
        HeroStatus::InDome { dome } if dome.number.get() == 6
    ));
}

#[test]
fn a_dismissed_hero_leaves_its_own_dome_before_the_new_one_is_chosen() {
    let mut g = game(6);
    through_round_one(&mut g);
    assert!(g.domes.find(h(S, 0)).is_some());
    ok(&mut g, Action::Dismiss { hero: h(S, 0) });
    assert_eq!(g.domes.find(h(S, 0)), None);
    assert_eq!(g.hero(h(S, 0)).unwrap().status, HeroStatus::Arriving);
    assert!(g.validate().is_ok());
}

proptest! {
    #[test]
    fn a_hero_always_lands_in_an_empty_dome_when_one_exists(
        occupied in proptest::array::uniform6(0u8..=4),
        lo in 1u8..=6, w in 0u8..=5, odd in any::<bool>(),
    ) {
        let r = if odd { DomeRange::OneOrSix } else { DomeRange::span(lo, (lo + w).min(6)).unwrap() };
        let any_room = occupied.iter().any(|k| *k < 4);
        match domes::candidates(r, occupied) {
            Ok(c) => {
                prop_assert!(any_room);
                prop_assert!(!c.is_empty());
                for cand in &c {
                    prop_assert!(occupied[cand.number.get() as usize - 1] < 4, "never a full key");
                    prop_assert_eq!(cand.empty, 4 - occupied[cand.number.get() as usize - 1]);
                }
                let in_range_room = r.numbers().iter().any(|n| occupied[n.get() as usize - 1] < 4);
                if in_range_room {
                    // Every in-range number with room is offered, and nothing else.
                    let want: Vec<u8> = r.numbers().iter().map(|n| n.get())
                        .filter(|n| occupied[*n as usize - 1] < 4).collect();
                    prop_assert_eq!(numbers(&c), want);
                } else {
                    // Exactly the first number with room counting up from the top, wrapping.
                    prop_assert_eq!(c.len(), 1);
                    let mut n = r.top().get();
                    loop {
                        n = n % 6 + 1;
                        if occupied[n as usize - 1] < 4 { break; }
                    }
                    prop_assert_eq!(c[0].number.get(), n);
                }
            }
            Err(_) => prop_assert!(!any_room),
        }
    }

    #[test]
    fn dismissals_in_play_never_put_two_heroes_in_one_dome(seed in any::<u64>(), picks in proptest::collection::vec(0usize..4, 24)) {
        let mut s = setup(12, MapDesign::Quad, 10);
        s.seed = seed;
        let mut g = Game::new(s).unwrap();
        // Bring every hero of both teams in, one at a time, picking among the proposals.
        for (i, pick) in picks.iter().enumerate() {
            let hero = h(if i % 2 == 0 { S } else { P }, i / 2);
            g.hero_mut(hero).unwrap().status = HeroStatus::OnMap;
            g.apply(Action::Dismiss { hero }).unwrap();
            let p = g.pending.clone().unwrap();
            let number = p.candidates[pick % p.candidates.len()].number;
            let slot = g.domes.first_empty(number).expect("a proposed number has room");
            g.apply(Action::Place { dome: Some(slot) }).unwrap();
            prop_assert_eq!(g.domes.all().len(), i + 1);
            prop_assert!(g.validate().is_ok());
        }
    }
}
