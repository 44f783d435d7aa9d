//! docs/rulings.md, Worldspanner Factions: one test per ruling.

use tablemate::worldspanner::domes;
use tablemate::worldspanner::victory::{TeamTally, count_glory};
use tablemate::worldspanner::*;

use crate::common::*;

#[test]
fn ruling_six_dome_numbers_of_four_domes_each() {
    assert_eq!(DomeNumber::all().count(), 6);
    assert_eq!(domes::DOMES_PER_KEY, 4);
    let c = domes::candidates(DomeRange::span(1, 6).unwrap(), [3, 4, 4, 4, 4, 4]).unwrap();
    assert_eq!((c.len(), c[0].empty), (1, 1));
}

#[test]
fn ruling_dismiss_draws_from_own_deck_any_empty_dome_in_range_else_next_higher_wrapping() {
    let mut g = game(6);
    stack(&mut g, S, vec![uniform(Face::Pass, true, 1, "6")]);
    for (i, s) in (1..=4).enumerate() {
        let slot = DomeSlot::new(DomeNumber::new(6).unwrap(), s).unwrap();
        g.domes.place(slot, h(P, i)).unwrap();
        g.hero_mut(h(P, i)).unwrap().status = HeroStatus::InDome { dome: slot };
    }
    ok(&mut g, Action::Reinforce { hero: h(S, 0) });
    let p = g.pending.clone().unwrap();
    assert_eq!(p.chooser, S);
    assert_eq!(p.candidates[0].number.get(), 1, "6 is full: wrap to 1");
    assert_eq!(p.candidates[0].because, Because::NextHigher);
}

#[test]
fn ruling_one_or_six_card_allows_exactly_those_two() {
    let c = domes::candidates(DomeRange::OneOrSix, [0; 6]).unwrap();
    let n: Vec<u8> = c.iter().map(|c| c.number.get()).collect();
    assert_eq!(n, [1, 6]);
}

#[test]
fn ruling_banish_the_enemy_draws_from_their_deck_and_chooses() {
    let mut g = game(6);
    through_round_one(&mut g);
    let (sky, psi) = (g.team(S).deck.discard_len(), g.team(P).deck.discard_len());
    ok(&mut g, Action::Banish { hero: h(S, 1) });
    assert_eq!(g.team(S).deck.discard_len(), sky);
    assert_eq!(g.team(P).deck.discard_len(), psi + 1);
    assert_eq!(g.pending.as_ref().unwrap().chooser, P);
}

#[test]
fn ruling_difference_is_clamped_after_home_opposing_boost_and_favor_modifiers() {
    let c = Challenge::new(ChallengeKind::FactionAdventure, 8, 3)
        .with(Modifier::HomeFaction {})
        .with(Modifier::Boost {})
        .with(Modifier::FavorTile { amount: -4 });
    assert_eq!(c.raw_difference(), 4, "5 + 2 + 1 - 4: no clamp part way");
    let c =
        Challenge::new(ChallengeKind::FactionAdventure, 1, 6).with(Modifier::OpposingFaction {});
    assert_eq!((c.raw_difference(), c.difference().value()), (-7, -6));
}

#[test]
fn ruling_paying_adventures_draw_no_challenge_card_and_take_no_faction_modifier() {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    to_step(&mut g, Step::Adventure);
    g.hero_mut(h(S, 0)).unwrap().gold = 2;
    let before = g.team(S).deck.discard_len();
    let quest = PaidAdventure {
        kind: PaidKind::GoldQuest,
        key: Some((Faction::Lords, 1)),
        gold: 2,
        cards: 0,
        home: true,
        targets: vec![],
    };
    ok(
        &mut g,
        Action::Paid {
            hero: h(S, 0),
            paid: quest,
        },
    );
    // One card only: the dismissal's. The home hero earns 1 gold, not a +2.
    assert_eq!(g.team(S).deck.discard_len(), before + 1);
    assert_eq!(g.hero(h(S, 0)).unwrap().gold, 1);
}

#[test]
fn ruling_damage_adjusts_the_wound_rating_amaze_plus_one_to_fopp_none_never_below_zero() {
    let got: Vec<u8> = Face::ALL.iter().map(|f| wounds_caused(1, *f)).collect();
    assert_eq!(got, [0, 0, 0, 1, 2]);
}

#[test]
fn ruling_reinforce_a_third_rounded_up_each_round_until_all_have_entered() {
    let mut g = game(8);
    for i in 0..3 {
        ok(&mut g, Action::Reinforce { hero: h(S, i) });
        ok(&mut g, Action::Place { dome: None });
    }
    assert!(g.apply(Action::Reinforce { hero: h(S, 3) }).is_err());
    assert_eq!(g.reinforce_target(), 3);
}

#[test]
fn ruling_discard_pile_shows_only_its_size_and_last_card() {
    let mut g = game(6);
    let drawn = g.team_mut(S).deck.draw_to_discard().unwrap();
    let second = g.team_mut(S).deck.draw_to_discard().unwrap();
    let deck = &g.team(S).deck;
    assert_eq!(deck.discard_len(), 2);
    assert_eq!(deck.last_discarded(), Some(&second));
    assert_ne!(drawn.number(), 0);
}

#[test]
fn ruling_glory_ties_break_on_gold_then_defeated_then_wounds_else_tie() {
    let even = TeamTally {
        gold_on_undefeated: 3,
        heroes_defeated: 1,
        wounds_on_undefeated: 2,
        ..Default::default()
    };
    let r = count_glory(&[], &LithTribute::default(), [even, even]);
    assert_eq!(r.winner, None);
    let r = count_glory(
        &[],
        &LithTribute::default(),
        [
            even,
            TeamTally {
                gold_on_undefeated: 3,
                heroes_defeated: 0,
                wounds_on_undefeated: 9,
                ..even
            },
        ],
    );
    assert_eq!(r.winner, Some(P), "fewer defeated beats more wounds");
}

#[test]
fn rules_digest_covers_steps_faces_terrain_sight_adventures_and_glory() {
    let (lib, problems) = tablemate::rules::Library::bundled();
    assert!(problems.is_empty(), "{problems:?}");
    let kind = tablemate::doc::Kind::Worldspanner;
    for id in [
        "turn-steps",
        "challenge-faces",
        "terrain-costs",
        "line-of-sight",
        "sight-terrain",
        "faction-tasks",
        "lith-adventures",
        "deaths-edge",
        "glory",
        "glory-tie-breakers",
        "dismissal",
    ] {
        assert!(lib.entry(kind, id).is_some(), "missing digest entry {id}");
    }
    for (query, id) in [
        ("fopp", "challenge-faces"),
        ("wrap dome", "dismissal"),
        ("tie gold", "glory-tie-breakers"),
    ] {
        let groups = tablemate::rules::search(&lib, query, Some(kind));
        let hits: Vec<&str> = groups
            .iter()
            .flat_map(|g| g.hits.iter().map(|h| h.entry.id.as_str()))
            .collect();
        assert!(hits.contains(&id), "{query:?} found {hits:?}");
    }
}
