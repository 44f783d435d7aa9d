//! Victory bookkeeping and the glory count (VICTORY, p. 5; capture, p. 14; favor tiles,
//! p. 16; Lith tribute, p. 17).

use tablemate::worldspanner::victory::{Capture, FavorSide, TeamTally, count_glory};
use tablemate::worldspanner::*;

use crate::common::*;

#[test]
fn capture_places_a_marker_on_an_empty_space() {
    let mut k = FactionKey::new(Faction::Villains);
    assert_eq!(k.capture(0, S).unwrap(), Capture::Placed);
    assert_eq!(k.markers(S), 1);
}

#[test]
fn capture_of_an_enemy_space_removes_their_marker_without_placing_ours() {
    let mut k = FactionKey::new(Faction::Villains);
    k.capture(0, P).unwrap();
    assert_eq!(k.capture(0, S).unwrap(), Capture::RemovedEnemy);
    assert_eq!((k.markers(S), k.markers(P)), (0, 0));
}

#[test]
fn capture_of_our_own_space_does_nothing() {
    let mut k = FactionKey::new(Faction::Villains);
    k.capture(2, S).unwrap();
    assert_eq!(k.capture(2, S).unwrap(), Capture::AlreadyOurs);
    assert_eq!(k.markers(S), 1);
    assert!(k.capture(4, S).is_err(), "four spaces per key");
}

#[test]
fn favor_tile_comes_at_three_markers_flips_at_four_and_goes_below_three() {
    let mut k = FactionKey::new(Faction::Outcasts);
    for s in 0..2 {
        k.capture(s, S).unwrap();
    }
    assert_eq!(k.favor(S), None);
    k.capture(2, S).unwrap();
    assert_eq!(k.favor(S), Some(FavorSide::Three));
    k.capture(3, S).unwrap();
    assert_eq!(k.favor(S), Some(FavorSide::Four));
    k.capture(3, P).unwrap();
    assert_eq!(
        k.favor(S),
        Some(FavorSide::Three),
        "4 to 3 flips the tile back"
    );
    k.capture(2, P).unwrap();
    assert_eq!(k.favor(S), None, "below 3 the tile is gone");
}

#[test]
fn favor_tile_modifier_needs_a_favor_tile() {
    let mut g = game(6);
    through_round_one(&mut g);
    let c = Challenge::new(ChallengeKind::FactionAdventure, 5, 5)
        .with(Modifier::FavorTile { amount: 1 });
    let a = Action::Challenge {
        team: S,
        hero: None,
        challenge: c,
    };
    assert!(
        g.apply(a.clone())
            .unwrap_err()
            .to_string()
            .contains("no favor tile")
    );
    for s in 0..3 {
        ok(
            &mut g,
            Action::Capture {
                team: S,
                faction: Faction::Icons,
                space: s,
            },
        );
    }
    ok(&mut g, a);
}

#[test]
fn lith_tribute_subtracts_from_the_enemy_first() {
    let mut t = LithTribute::default();
    t.give(P, 5).unwrap();
    t.give(S, 2).unwrap();
    assert_eq!((t.holder, t.amount), (Some(P), 3));
}

#[test]
fn lith_tribute_flips_to_the_giver_with_the_excess_and_comes_off_at_zero() {
    let mut t = LithTribute::default();
    t.give(P, 2).unwrap();
    t.give(S, 5).unwrap();
    assert_eq!((t.holder, t.amount), (Some(S), 3));
    t.give(P, 3).unwrap();
    assert_eq!((t.holder, t.amount), (None, 0));
}

#[test]
fn liths_favor_comes_at_three_tribute_and_doubles_at_eight() {
    let mut t = LithTribute::default();
    t.give(S, 2).unwrap();
    assert_eq!(t.favor(S), None);
    t.give(S, 1).unwrap();
    assert_eq!(t.favor(S), Some(LithFavor::Plus1));
    t.give(S, 5).unwrap();
    assert_eq!(t.favor(S), Some(LithFavor::Plus2));
    t.give(P, 1).unwrap();
    assert_eq!(
        t.favor(S),
        Some(LithFavor::Plus1),
        "if tribute drops, check the tile"
    );
    assert_eq!(t.favor(P), None);
}

fn key(faction: Faction, s: usize, p: usize) -> FactionKey {
    let mut k = FactionKey::new(faction);
    for i in 0..s {
        k.capture(i, S).unwrap();
    }
    for i in s..s + p {
        k.capture(i, P).unwrap();
    }
    k
}

#[test]
fn rulebook_glory_example_white_wins_three_to_two() {
    let keys = [
        key(Faction::Villains, 2, 1),
        key(Faction::Exemplars, 1, 1),
        key(Faction::Lords, 1, 0),
        key(Faction::Commoners, 0, 1),
    ];
    let mut lith = LithTribute::default();
    lith.give(S, 2).unwrap();
    let white = TeamTally {
        heroes_in_underpit: 1,
        heroes_defeated: 1,
        ..Default::default()
    };
    let black = TeamTally {
        heroes_defeated: 4,
        ..Default::default()
    };
    let r = count_glory(&keys, &lith, [white, black]);
    assert_eq!(r.glory, [3, 2]);
    assert_eq!(r.winner, Some(S));
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains("Hope Hospice") && l.contains("tied, no glory"))
    );
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains("No One Deep Down") && l.contains("1 glory to Psiclones"))
    );
}

#[test]
fn no_one_deep_down_can_go_to_both_teams_and_the_pit_does_not_count() {
    let tally = TeamTally {
        heroes_defeated: 3,
        ..Default::default()
    };
    let r = count_glory(&[], &LithTribute::default(), [tally, tally]);
    assert_eq!(r.glory, [1, 1]);
}

#[test]
fn glory_cards_count_one_glory_each() {
    let a = TeamTally {
        glory_cards: 2,
        heroes_in_underpit: 1,
        ..Default::default()
    };
    let b = TeamTally {
        heroes_in_underpit: 1,
        ..Default::default()
    };
    assert_eq!(
        count_glory(&[], &LithTribute::default(), [a, b]).glory,
        [2, 0]
    );
}

#[test]
fn glory_ties_break_on_gold_then_fewest_defeated_then_fewest_wounds_then_tie() {
    let base = TeamTally {
        gold_on_undefeated: 4,
        heroes_defeated: 2,
        wounds_on_undefeated: 5,
        ..Default::default()
    };
    let none = LithTribute::default();
    let gold = count_glory(
        &[],
        &none,
        [
            TeamTally {
                gold_on_undefeated: 5,
                ..base
            },
            base,
        ],
    );
    assert_eq!(gold.winner, Some(S));
    assert!(
        gold.lines
            .last()
            .unwrap()
            .contains("gold carried by undefeated heroes")
    );
    let defeated = count_glory(
        &[],
        &none,
        [
            base,
            TeamTally {
                heroes_defeated: 1,
                ..base
            },
        ],
    );
    assert_eq!(defeated.winner, Some(P));
    let wounds = count_glory(
        &[],
        &none,
        [
            TeamTally {
                wounds_on_undefeated: 4,
                ..base
            },
            base,
        ],
    );
    assert_eq!(wounds.winner, Some(S));
    assert_eq!(
        wounds
            .lines
            .iter()
            .filter(|l| l.contains("still tied"))
            .count(),
        2
    );
    let tie = count_glory(&[], &none, [base, base]);
    assert_eq!(tie.winner, None);
    assert!(tie.lines.last().unwrap().contains("tie"));
}

#[test]
fn the_games_tally_counts_only_undefeated_heroes_gold_and_wounds() {
    let mut g = game(6);
    through_round_one(&mut g);
    g.hero_mut(h(S, 0)).unwrap().wounds = 2;
    g.hero_mut(h(S, 1)).unwrap().gold = 5;
    ok(
        &mut g,
        Action::Wound {
            hero: h(S, 1),
            wounds: 4,
        },
    );
    g.hero_mut(h(S, 2)).unwrap().status = HeroStatus::Pit;
    let t = g.tally(S);
    assert_eq!(t.heroes_in_underpit, 1);
    assert_eq!(t.heroes_defeated, 2);
    assert_eq!(t.wounds_on_undefeated, 2);
    assert_eq!(
        t.gold_on_undefeated, 4,
        "Sky1, Sky4, Sky5, Sky6 carry 1 gold each"
    );
}

#[test]
fn the_gold_tie_break_adds_up_exactly_past_the_top_of_one_heros_purse() {
    // Two heroes at the top of their purse (2 × 4294967295) beat one hero with 4294967295 and
    // another with 1,000,000,000: a total kept at the top of 32 bits would call them even.
    let a = TeamTally {
        gold_on_undefeated: 2 * u64::from(u32::MAX),
        heroes_in_underpit: 1,
        ..Default::default()
    };
    let b = TeamTally {
        gold_on_undefeated: u64::from(u32::MAX) + 1_000_000_000,
        heroes_in_underpit: 1,
        ..Default::default()
    };
    let r = count_glory(&[], &LithTribute::default(), [a, b]);
    assert_eq!(r.glory, [0, 0]);
    assert_eq!(r.winner, Some(TeamSide::Skyhawks));
}
