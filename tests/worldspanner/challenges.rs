//! Challenge resolution, modifiers, attacks and the odds view (ADVENTURE BASICS, p. 14;
//! COMBAT, p. 18; RANGED ATTACK, p. 19; BOOSTS, p. 23; Luck, p. 22).

use tablemate::deck::{Deck, WhenEmpty};
use tablemate::worldspanner::*;

use crate::common::*;

fn adventure(rating: u8, against: u8) -> Challenge {
    Challenge::new(ChallengeKind::FactionAdventure, rating, against)
}

#[test]
fn home_faction_adds_two_and_opposing_faction_subtracts_two() {
    assert_eq!(
        adventure(4, 5)
            .with(Modifier::HomeFaction {})
            .difference()
            .value(),
        1
    );
    assert_eq!(
        adventure(4, 5)
            .with(Modifier::OpposingFaction {})
            .difference()
            .value(),
        -3
    );
}

#[test]
fn faction_relations_apply_only_on_faction_keys() {
    for kind in [
        ChallengeKind::LithAdventure,
        ChallengeKind::MeleeHit,
        ChallengeKind::RangedHit,
        ChallengeKind::Other,
    ] {
        let c = Challenge::new(kind, 5, 5).with(Modifier::HomeFaction {});
        assert!(c.validate().is_err(), "{kind:?}");
    }
    let both = adventure(5, 5)
        .with(Modifier::HomeFaction {})
        .with(Modifier::OpposingFaction {});
    assert!(both.validate().is_err(), "one key is one faction");
}

#[test]
fn boost_adds_one_and_only_one_boost_counts() {
    assert_eq!(
        adventure(5, 5)
            .with(Modifier::Boost {})
            .difference()
            .value(),
        1
    );
    let two = adventure(5, 5)
        .with(Modifier::Boost {})
        .with(Modifier::Boost {});
    assert!(
        two.validate()
            .unwrap_err()
            .to_string()
            .contains("one Boost at a time")
    );
}

#[test]
fn target_boost_raises_the_defence() {
    let c = Challenge::new(ChallengeKind::MeleeHit, 6, 6).with(Modifier::TargetBoost {});
    assert_eq!(c.difference().value(), -1);
    assert!(
        adventure(5, 5)
            .with(Modifier::TargetBoost {})
            .validate()
            .is_err()
    );
}

#[test]
fn boost_does_not_raise_the_power_of_weapon_cards() {
    let weapon = Challenge::new(
        ChallengeKind::Damage {
            natural_melee: false,
        },
        4,
        3,
    )
    .with(Modifier::Boost {});
    assert!(
        weapon
            .validate()
            .unwrap_err()
            .to_string()
            .contains("weapon cards")
    );
    let fists = Challenge::new(
        ChallengeKind::Damage {
            natural_melee: true,
        },
        3,
        2,
    )
    .with(Modifier::Boost {});
    assert_eq!(fists.difference().value(), 2);
}

#[test]
fn liths_favor_applies_only_to_lith_adventures() {
    let lith = Challenge::new(ChallengeKind::LithAdventure, 4, 5).with(Modifier::LithsFavor {
        favor: LithFavor::Plus2,
    });
    assert_eq!(lith.difference().value(), 1);
    let faction = adventure(4, 5).with(Modifier::LithsFavor {
        favor: LithFavor::Plus1,
    });
    assert!(faction.validate().is_err());
}

#[test]
fn terrain_stealth_counts_only_against_shots() {
    let shot = Challenge::new(ChallengeKind::RangedHit, 10, 7)
        .with(Modifier::TerrainStealth { spaces: 1 });
    assert_eq!(shot.difference().value(), 1);
    let melee =
        Challenge::new(ChallengeKind::MeleeHit, 10, 7).with(Modifier::TerrainStealth { spaces: 1 });
    assert!(melee.validate().is_err());
}

#[test]
fn favor_tile_modifier_is_the_amount_on_the_tile() {
    let c = adventure(5, 5).with(Modifier::FavorTile { amount: 1 });
    assert_eq!(c.difference().value(), 1);
    assert!(
        Modifier::FavorTile { amount: 1 }
            .explain()
            .contains("favor tile")
    );
}

#[test]
fn difference_is_clamped_after_all_modifiers() {
    let c = adventure(9, 1)
        .with(Modifier::HomeFaction {})
        .with(Modifier::OpposingFaction {});
    assert!(c.validate().is_err());
    let c = adventure(9, 5)
        .with(Modifier::HomeFaction {})
        .with(Modifier::Boost {});
    assert_eq!(c.raw_difference(), 7);
    assert_eq!(c.difference().value(), 6);
    let c = adventure(1, 9)
        .with(Modifier::Boost {})
        .with(Modifier::Other {
            amount: 2,
            reason: "aura".into(),
        });
    assert_eq!(
        c.raw_difference(),
        -5,
        "the clamp comes after the modifiers, not before"
    );
    let card = card("-4 -2 0 3 -1 3 3-4");
    let out = adventure(9, 1).read(&card).unwrap();
    assert_eq!(out.difference.value(), 6);
    assert!(out.explain().iter().any(|l| l.contains("off the card")));
}

#[test]
fn squeak_gives_a_boost_and_dismisses_fail_dismisses_fopp_banishes() {
    assert_eq!(
        AdventureResult::of(Face::Squeak),
        AdventureResult::BoostAndDismiss
    );
    assert_eq!(AdventureResult::of(Face::Fail), AdventureResult::Dismiss);
    assert_eq!(AdventureResult::of(Face::Fopp), AdventureResult::Banish);
    assert!(matches!(
        AdventureResult::of(Face::Pass),
        AdventureResult::Success { amaze: false }
    ));
}

#[test]
fn challenge_reads_the_face_and_hit_bar_at_the_difference() {
    let c = card("XXFFSSPPPPAAA ....HHHHHHHHH 5 3-4");
    let out = adventure(4, 5).read(&c).unwrap();
    assert_eq!(out.difference.value(), -1);
    assert_eq!(out.face, Face::Squeak);
    assert!(out.hit);
    assert_eq!(out.luck.get(), 5);
}

#[test]
fn damage_face_adjusts_the_wound_rating_and_never_below_zero() {
    assert_eq!(wounds_caused(2, Face::Amaze), 3);
    assert_eq!(wounds_caused(2, Face::Pass), 2);
    assert_eq!(wounds_caused(2, Face::Squeak), 1);
    assert_eq!(wounds_caused(2, Face::Fail), 0);
    assert_eq!(wounds_caused(1, Face::Fail), 0, "never below 0");
    assert_eq!(wounds_caused(4, Face::Fopp), 0, "Fopp: no wounds at all");
    assert_eq!(
        wounds_caused(0, Face::Amaze),
        1,
        "a 0 Wound rating can still hurt"
    );
}

fn attack(hit: u8, defence: u8, power: u8, armor: u8, wound: u8) -> Attack {
    Attack {
        hit: Challenge::new(ChallengeKind::MeleeHit, hit, defence),
        damage: Challenge::new(
            ChallengeKind::Damage {
                natural_melee: true,
            },
            power,
            armor,
        ),
        wound_rating: wound,
    }
}

#[test]
fn attack_draws_a_hit_card_then_a_damage_card_each_with_its_own_luck() {
    let mut cards = vec![
        uniform(Face::Fail, true, 2, "1-2"),
        uniform(Face::Amaze, false, 6, "3-4"),
    ]
    .into_iter();
    let out = attack(5, 5, 3, 3, 2)
        .resolve(|| Ok(cards.next().unwrap()))
        .unwrap();
    assert!(out.hit.hit, "the Hit challenge reads only the blue bar");
    assert_eq!(out.hit.luck.get(), 2);
    let damage = out.damage.unwrap();
    assert_eq!(damage.luck.get(), 6);
    assert_eq!(damage.face, Face::Amaze);
    assert_eq!(out.wounds, 3);
}

#[test]
fn a_miss_draws_no_damage_card() {
    let mut drawn = 0;
    let out = attack(5, 5, 3, 3, 2)
        .resolve(|| {
            drawn += 1;
            Ok(uniform(Face::Amaze, false, 1, "1-2"))
        })
        .unwrap();
    assert!(!out.hit.hit);
    assert!(out.damage.is_none());
    assert_eq!((drawn, out.wounds), (1, 0));
}

#[test]
fn rulebook_example_blackbeard_fists_against_rizzik() {
    // 6 Melee vs 8 Agility: -2, the bar is blue there. 3 Power vs 2 Armor: +1, Squeak: 2-1.
    let hit_card = card("XXXXFFSSPPPAA ....HHHHHHHHH 3 1-2");
    let damage_card = card("XXXXFFSSSPPAA ....HHHHHHHHH 3 1-2");
    let mut cards = vec![hit_card, damage_card].into_iter();
    let out = attack(6, 8, 3, 2, 2)
        .resolve(|| Ok(cards.next().unwrap()))
        .unwrap();
    assert_eq!(out.hit.difference.value(), -2);
    assert!(out.hit.hit);
    assert_eq!(out.damage.as_ref().unwrap().face, Face::Squeak);
    assert_eq!(out.wounds, 1);
}

#[test]
fn rulebook_example_sanchez_tommy_gun_at_lazar_in_a_building() {
    // 9 Aim +1 rifle bonus = 10 vs Stealth 7 +2 Building: +1, a hit. Power 4 vs Armor 3:
    // +1, Fail: Wound 3 - 2 = 1.
    let shot = Attack {
        hit: Challenge::new(ChallengeKind::RangedHit, 10, 7)
            .with(Modifier::TerrainStealth { spaces: 1 }),
        damage: Challenge::new(
            ChallengeKind::Damage {
                natural_melee: false,
            },
            4,
            3,
        ),
        wound_rating: 3,
    };
    let mut cards = vec![
        card("XXXXFFSSPPPAA ......HHHHHHH 3 1-2"),
        card("XXXXXXXFFSPAA ....HHHHHHHHH 3 1-2"),
    ]
    .into_iter();
    let out = shot.resolve(|| Ok(cards.next().unwrap())).unwrap();
    assert_eq!(out.hit.difference.value(), 1);
    assert_eq!(out.damage.as_ref().unwrap().face, Face::Fail);
    assert_eq!(out.wounds, 1);
}

#[test]
fn odds_count_the_cards_left_not_their_order() {
    let cards = sample().cards;
    let a = Deck::new(cards.clone(), 1, WhenEmpty::ReshuffleDiscard);
    let b = Deck::new(cards, 2, WhenEmpty::ReshuffleDiscard);
    assert_eq!(Odds::next_draw(&a), Odds::next_draw(&b));
}

#[test]
fn odds_of_the_five_faces_add_up_to_one_and_success_grows_with_the_difference() {
    let odds = Odds::over(&sample().cards);
    let mut last = -1.0;
    for row in &odds.rows {
        let total: f64 = row.faces.iter().sum();
        assert!((total - 1.0).abs() < 1e-9);
        assert!(row.success >= last);
        last = row.success;
    }
    assert!((odds.row(Difference::clamped(0)).success - 0.5).abs() < 1e-9);
}

#[test]
fn odds_after_draws_leave_out_the_drawn_cards() {
    let cards = vec![
        uniform(Face::Amaze, true, 1, "1-2"),
        uniform(Face::Fopp, false, 1, "1-2"),
        uniform(Face::Fopp, false, 1, "1-2"),
    ];
    let mut d = Deck::stacked(cards, 0, WhenEmpty::ReshuffleDiscard);
    d.draw_to_discard().unwrap();
    let odds = Odds::next_draw(&d);
    assert_eq!(odds.cards, 2);
    assert_eq!(odds.face(Difference::clamped(3), Face::Amaze), 0.0);
    assert_eq!(odds.face(Difference::clamped(3), Face::Fopp), 1.0);
    assert_eq!(odds.row(Difference::clamped(0)).hit, 0.0);
}

#[test]
fn odds_with_an_empty_draw_pile_are_over_the_reshuffled_discard() {
    let cards = vec![
        uniform(Face::Pass, true, 1, "1-2"),
        uniform(Face::Fail, false, 1, "1-2"),
    ];
    let mut d = Deck::stacked(cards, 0, WhenEmpty::ReshuffleDiscard);
    d.draw_to_discard().unwrap();
    d.draw_to_discard().unwrap();
    let odds = Odds::next_draw(&d);
    assert!(odds.after_reshuffle);
    assert_eq!(odds.cards, 2);
    assert_eq!(odds.row(Difference::clamped(0)).hit, 0.5);
}

#[test]
fn modifiers_parse_from_the_command_line_form() {
    assert_eq!(Modifier::parse("home").unwrap(), Modifier::HomeFaction {});
    assert_eq!(
        Modifier::parse("favor=+1").unwrap(),
        Modifier::FavorTile { amount: 1 }
    );
    assert_eq!(
        Modifier::parse("terrain=2").unwrap(),
        Modifier::TerrainStealth { spaces: 2 }
    );
    assert_eq!(
        Modifier::parse("other=-1:dark aura").unwrap(),
        Modifier::Other {
            amount: -1,
            reason: "dark aura".into()
        }
    );
    assert!(Modifier::parse("lith=3").is_err());
    assert!(Modifier::parse("luck").is_err());
}

mod deck_properties {
    use proptest::prelude::*;
    use tablemate::worldspanner::*;

    use crate::common::*;

    fn draw(g: &mut Game, team: TeamSide) -> ChallengeOutcome {
        let c = Challenge::new(ChallengeKind::Other, 5, 5);
        g.apply(Action::Challenge {
            team,
            hero: None,
            challenge: c,
        })
        .unwrap();
        match &g.last {
            Some(LastEvent::Challenge { outcome, .. }) => outcome.clone(),
            other => panic!("{other:?}"),
        }
    }

    proptest! {
        #[test]
        fn each_team_deck_keeps_its_36_cards_and_reshuffles_when_empty(
            seed in any::<u64>(), teams in proptest::collection::vec(any::<bool>(), 0..120),
        ) {
            let mut s = setup(6, MapDesign::Standard, 10);
            s.seed = seed;
            let mut g = Game::new(s).unwrap();
            let mut drawn = [0usize; 2];
            for sky in teams {
                let team = if sky { S } else { P };
                let before = Odds::next_draw(&g.team(team).deck);
                let out = draw(&mut g, team);
                drawn[team.index()] += 1;
                // The card drawn was one the odds counted.
                let row = before.row(out.difference);
                prop_assert!(row.counts[out.face as usize] > 0);
                for t in [S, P] {
                    let d = &g.team(t).deck;
                    prop_assert_eq!(d.total_len(), 36);
                    prop_assert_eq!(d.draw_len() + d.discard_len(), 36);
                    prop_assert_eq!(d.reshuffles() as usize, drawn[t.index()].saturating_sub(1) / 36);
                }
            }
        }

        #[test]
        fn same_seed_same_draws_for_both_decks(seed in any::<u64>(), n in 1usize..60) {
            let make = || {
                let mut s = setup(6, MapDesign::Standard, 10);
                s.seed = seed;
                Game::new(s).unwrap()
            };
            let (mut a, mut b) = (make(), make());
            for i in 0..n {
                let team = if i % 3 == 0 { P } else { S };
                prop_assert_eq!(draw(&mut a, team).card, draw(&mut b, team).card);
            }
        }
    }
}
