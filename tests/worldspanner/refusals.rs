//! Refusals as typed variants (issue 13): for the important rules of each group, the refusal
//! is the variant that names the rule, with the hero, team, Dome or number it is about, and
//! its text is still the one a player reads.

use crate::common::*;
use crate::library::rizzik;
use crate::play::at_adventure;
use tablemate::deck::{DeckError, DeckTool};
use tablemate::worldspanner::*;

fn refused(g: &mut Game, action: Action) -> RuleError {
    let before = serde_json::to_string(g).unwrap();
    let err = g.apply(action).expect_err("the rules refuse this");
    assert_eq!(
        serde_json::to_string(g).unwrap(),
        before,
        "a refusal changes nothing"
    );
    err
}

pub(crate) fn attack(kind: ChallengeKind) -> Attack {
    Attack {
        hit: Challenge::new(kind, 6, 5),
        damage: Challenge::new(
            ChallengeKind::Damage {
                natural_melee: kind == ChallengeKind::MeleeHit,
            },
            3,
            2,
        ),
        wound_rating: 2,
    }
}

// Turn and step (ROUNDS and End of game, p. 7).

#[test]
fn reinforce_cannot_end_before_a_third_has_entered_is_refused_as_reinforce_unfinished() {
    let mut g = game(8);
    ok(&mut g, Action::Reinforce { hero: h(S, 0) });
    ok(&mut g, Action::Place { dome: None });
    let err = refused(&mut g, Action::NextStep {});
    assert_eq!(
        err,
        RuleError::Turn(TurnError::ReinforceUnfinished {
            team: S,
            missing: 2
        })
    );
    assert_eq!(
        err.to_string(),
        "Skyhawks must still bring in 2 heroes this Reinforce (a third of the team, rounded \
         up, each round: p. 7)"
    );
}

#[test]
fn a_boost_is_flipped_only_in_the_free_step_so_reinforce_refuses_it_as_wrong_step() {
    let mut g = game(6);
    let err = refused(&mut g, Action::UseBoost { hero: h(S, 0) });
    assert_eq!(
        err,
        RuleError::Turn(TurnError::WrongStep {
            team: S,
            step: Step::Free,
            now: g.rounds,
        })
    );
    assert_eq!(g.rounds.step, Step::Reinforce);
    assert_eq!(
        err.to_string(),
        "that belongs to Skyhawks's Free step; it is now Round 1 of 10: Skyhawks, Reinforce \
         (Rounds, p. 7)"
    );
}

#[test]
fn a_finished_game_is_locked_until_reopened_and_an_ongoing_one_has_nothing_to_reopen() {
    let mut g = game(6);
    assert_eq!(
        refused(&mut g, Action::Reopen {}),
        RuleError::Turn(TurnError::NotOver)
    );
    g.rounds.finished = true;
    let err = refused(&mut g, Action::GloryCard { team: P });
    assert_eq!(err, RuleError::Turn(TurnError::Locked));
    assert!(err.to_string().contains("(End of game, p. 7)"), "{err}");
}

#[test]
fn reinforce_brings_in_only_waiting_heroes_and_only_this_rounds_third() {
    let mut g = game(6);
    for i in 0..2 {
        ok(&mut g, Action::Reinforce { hero: h(S, i) });
        ok(&mut g, Action::Place { dome: None });
    }
    assert_eq!(
        refused(&mut g, Action::Reinforce { hero: h(S, 0) }),
        RuleError::Turn(TurnError::AlreadyEntered {
            hero: "Sky1".into()
        })
    );
    assert_eq!(
        refused(&mut g, Action::Reinforce { hero: h(S, 2) }),
        RuleError::Turn(TurnError::ReinforceQuotaMet { team: S })
    );
}

// A hero's own state (Special abilities, p. 22; Boosts, p. 23).

#[test]
fn only_heroes_in_the_arena_can_be_dismissed_so_a_waiting_hero_is_refused_as_not_in_play() {
    let mut g = game(6);
    assert_eq!(
        refused(&mut g, Action::Dismiss { hero: h(S, 5) }),
        RuleError::Hero(HeroError::NotInPlay {
            hero: "Sky6".into(),
            status: HeroStatus::Waiting
        })
    );
}

#[test]
fn a_boost_needs_a_token_and_only_one_is_in_use_at_a_time() {
    let mut g = game(6);
    through_round_one(&mut g);
    assert_eq!(
        refused(&mut g, Action::UseBoost { hero: h(S, 0) }),
        RuleError::Hero(HeroError::NoBoostToken {
            hero: "Sky1".into()
        })
    );
    g.hero_mut(h(S, 0)).unwrap().boosts = 2;
    ok(&mut g, Action::UseBoost { hero: h(S, 0) });
    let err = refused(&mut g, Action::UseBoost { hero: h(S, 0) });
    assert_eq!(
        err,
        RuleError::Hero(HeroError::BoostInUse {
            hero: "Sky1".into()
        })
    );
    assert_eq!(
        err.to_string(),
        "Sky1 already has a Boost in use: one at a time (Boosts, p. 23)"
    );
}

#[test]
fn a_hero_cannot_spend_more_gold_than_it_carries() {
    let mut g = game(6);
    assert_eq!(
        refused(
            &mut g,
            Action::Gold {
                hero: h(P, 1),
                change: -2
            }
        ),
        RuleError::Hero(HeroError::NotEnoughGold {
            hero: "Psi2".into(),
            gold: 1
        })
    );
}

// Challenges and modifiers (Faction relations, p. 14; Boosts, p. 23; Lith's Favor, p. 17).

#[test]
fn faction_relations_apply_only_on_a_faction_key_and_at_most_once() {
    let other = Challenge::new(ChallengeKind::Other, 5, 5).with(Modifier::HomeFaction {});
    assert_eq!(
        other.validate(),
        Err(RuleError::Challenge(ChallengeError::FactionOffKey))
    );
    let twice = Challenge::new(ChallengeKind::FactionAdventure, 5, 5)
        .with(Modifier::HomeFaction {})
        .with(Modifier::OpposingFaction {});
    assert_eq!(
        twice.validate(),
        Err(RuleError::Challenge(ChallengeError::FactionTwice))
    );
}

#[test]
fn a_boost_modifier_without_a_boost_in_use_is_refused_naming_the_hero() {
    let mut g = game(6);
    through_round_one(&mut g);
    let challenge = Challenge::new(ChallengeKind::Other, 5, 5).with(Modifier::Boost {});
    assert_eq!(
        refused(
            &mut g,
            Action::Challenge {
                team: S,
                hero: Some(h(S, 1)),
                challenge
            }
        ),
        RuleError::Challenge(ChallengeError::NoBoostInUse {
            hero: "Sky2".into()
        })
    );
}

#[test]
fn liths_favor_must_match_the_tribute_held() {
    let mut g = game(6);
    through_round_one(&mut g);
    let challenge = Challenge::new(ChallengeKind::LithAdventure, 5, 5).with(Modifier::LithsFavor {
        favor: LithFavor::Plus1,
    });
    assert_eq!(
        refused(
            &mut g,
            Action::Challenge {
                team: S,
                hero: None,
                challenge
            }
        ),
        RuleError::Challenge(ChallengeError::LithFavorNotHeld {
            team: S,
            tribute: 0
        })
    );
}

#[test]
fn a_modifier_word_past_the_clamp_is_refused_with_the_word_and_the_value() {
    let err = Modifier::parse("favor=200").unwrap_err();
    assert_eq!(
        err,
        RuleError::Challenge(ChallengeError::ModifierOutOfRange {
            text: "favor=200".into(),
            value: 200
        })
    );
    assert_eq!(
        err.to_string(),
        "modifier \"favor=200\": 200 is out of range (-12 to +12)"
    );
    assert!(matches!(
        Modifier::parse("glory"),
        Err(RuleError::Challenge(ChallengeError::UnknownModifier { text })) if text == "glory"
    ));
}

// Attacks (Rounds, p. 7; COMBAT, p. 18; Line of sight, p. 19-20).

#[test]
fn a_hero_in_a_dome_cannot_attack_is_refused_as_off_the_map_naming_the_attacker() {
    let mut g = game(6);
    through_round_one(&mut g);
    to_step(&mut g, Step::Action);
    let err = refused(
        &mut g,
        Action::Attack {
            attacker: h(S, 0),
            target: Some(h(P, 0)),
            attack: attack(ChallengeKind::RangedHit),
        },
    );
    let dome = g.domes.find(h(S, 0)).expect("placed in round 1");
    assert_eq!(
        err,
        RuleError::Combat(CombatError::OffTheMap {
            role: AttackRole::Attacker,
            hero: "Sky1".into(),
            status: HeroStatus::InDome { dome }
        })
    );
    assert!(
        err.to_string()
            .starts_with(&format!("the attacker Sky1 is in {dome}: a hero in a Dome")),
        "{err}"
    );
}

#[test]
fn melee_attacks_happen_only_in_the_melee_step() {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    let err = refused(
        &mut g,
        Action::Attack {
            attacker: h(S, 0),
            target: None,
            attack: attack(ChallengeKind::MeleeHit),
        },
    );
    assert_eq!(
        err,
        RuleError::Combat(CombatError::WrongStep {
            kind: AttackKind::Melee,
            now: g.rounds
        })
    );
    assert_eq!(
        err.to_string(),
        "melee attacks happen in the Melee step (both teams); it is now Round 2 of 10: \
         Skyhawks, Action (Rounds, p. 7)"
    );
}

#[test]
fn attacks_target_enemies_not_allies() {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    ok(&mut g, Action::LeaveDome { hero: h(S, 1) });
    assert_eq!(
        refused(
            &mut g,
            Action::Attack {
                attacker: h(S, 0),
                target: Some(h(S, 1)),
                attack: attack(ChallengeKind::RangedHit),
            }
        ),
        RuleError::Combat(CombatError::TargetsAlly)
    );
}

#[test]
fn a_wound_rating_past_four_is_refused_as_its_rule() {
    let mut a = attack(ChallengeKind::MeleeHit);
    a.wound_rating = 5;
    assert_eq!(
        a.validate(),
        Err(RuleError::Combat(CombatError::WoundOutOfRange(5)))
    );
}

// Adventures (Adventure basics, p. 14; Faction adventures, p. 15-16).

#[test]
fn a_task_is_a_five_rated_challenge_so_another_rating_is_refused_as_fixed_rating() {
    let mut g = at_adventure();
    let adventure = Adventure::FactionTask {
        faction: Faction::Lords,
        space: 0,
    };
    let err = refused(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: adventure.clone(),
            challenge: Challenge::new(ChallengeKind::FactionAdventure, 5, 6),
        },
    );
    assert_eq!(
        err,
        RuleError::Adventure(AdventureError::FixedRating {
            adventure,
            rating: 5,
            against: 6
        })
    );
}

#[test]
fn a_paid_adventure_is_on_its_own_key_and_paid_in_full() {
    let mut g = at_adventure();
    let paid = |kind, faction, gold| PaidAdventure {
        kind,
        key: Some((faction, 0)),
        gold,
        cards: 0,
        home: false,
        targets: vec![],
    };
    assert_eq!(
        refused(
            &mut g,
            Action::Paid {
                hero: h(S, 0),
                paid: paid(PaidKind::Kidnap, Faction::Lords, 2)
            }
        ),
        RuleError::Adventure(AdventureError::NotOnThisKey {
            faction: Faction::Lords,
            kind: PaidKind::Kidnap
        })
    );
    let err = refused(
        &mut g,
        Action::Paid {
            hero: h(S, 0),
            paid: paid(PaidKind::Infirmary, Faction::Exemplars, 3),
        },
    );
    assert_eq!(
        err,
        RuleError::Adventure(AdventureError::CannotPay {
            hero: "Sky1".into(),
            gold: 1,
            needed: 3
        })
    );
    assert_eq!(err.to_string(), "Sky1 has only 1 gold; 3 is needed");
}

// Domes and dismissal (DISMISSAL, p. 7).

#[test]
fn a_hero_goes_only_to_a_proposed_dome_and_the_refusal_carries_the_proposal() {
    let mut g = game(6);
    ok(&mut g, Action::Reinforce { hero: h(S, 0) });
    let p = g.pending.clone().expect("waiting for its Dome");
    let outside = DomeNumber::all()
        .into_iter()
        .find(|n| !p.candidates.iter().any(|c| c.number == *n))
        .expect("a card proposes at most four numbers");
    let err = refused(
        &mut g,
        Action::Place {
            dome: Some(DomeSlot::new(outside, 1).unwrap()),
        },
    );
    assert_eq!(
        err,
        RuleError::Dome(DomeError::NotProposed {
            range: p.card.domes(),
            candidates: p.candidates.clone(),
            number: outside
        })
    );
    assert!(
        err.to_string().ends_with(&format!(
            "; Dome {outside} is not allowed (Dismissal, p. 7)"
        )),
        "{err}"
    );
}

#[test]
fn one_dismissal_is_finished_before_the_next_so_a_draw_while_a_hero_waits_is_refused() {
    let mut g = game(6);
    ok(&mut g, Action::Reinforce { hero: h(S, 0) });
    assert_eq!(
        refused(&mut g, Action::Reinforce { hero: h(S, 1) }),
        RuleError::Dome(DomeError::PlaceFirst {
            hero: "Sky1".into()
        })
    );
}

#[test]
fn one_hero_per_dome_and_nowhere_to_go_when_all_24_are_full() {
    let slot = DomeSlot::new(DomeNumber::new(3).unwrap(), 2).unwrap();
    let mut map = DomeMap::default();
    map.place(slot, h(S, 0)).unwrap();
    let err = map.place(slot, h(P, 4)).unwrap_err();
    assert_eq!(
        err,
        RuleError::Dome(DomeError::Occupied {
            slot,
            occupant: h(S, 0)
        })
    );
    assert_eq!(
        err.to_string(),
        "Dome 3.2 already holds a hero (Skyhawks hero 1): one hero per Dome (Dismissal, p. 7)"
    );
    assert_eq!(
        domes::candidates(DomeRange::parse("1-2").unwrap(), [4; 6]),
        Err(RuleError::Dome(DomeError::AllFull))
    );
    assert_eq!(
        DomeSlot::new(DomeNumber::new(3).unwrap(), 5),
        Err(RuleError::Dome(DomeError::NoSuchDome {
            number: DomeNumber::new(3).unwrap(),
            slot: 5
        }))
    );
    assert_eq!(
        domes::parse_occupied("3:5"),
        Err(RuleError::Dome(DomeError::TooManyInKey {
            part: "3:5".into(),
            number: DomeNumber::new(3).unwrap()
        }))
    );
}

// Cards read at the table.

#[test]
fn a_physical_deck_draw_needs_a_card_read_that_says_what_the_draw_reads() {
    let mut g = game(6);
    through_round_one(&mut g);
    g.team_mut(S).physical = true;
    let challenge = || Action::Challenge {
        team: S,
        hero: None,
        challenge: Challenge::new(ChallengeKind::Other, 5, 5),
    };
    assert_eq!(
        refused(&mut g, challenge()),
        RuleError::Physical(PhysicalError::NotRead {
            team: S,
            need: Need::Face,
            row: Some(Difference::clamped(0))
        })
    );
    let read = |cards: Vec<Reading>| Action::Read {
        cards,
        then: Box::new(challenge()),
    };
    assert_eq!(
        refused(&mut g, read(vec![Reading::hit(true)])),
        RuleError::Physical(PhysicalError::ReadingLacks { need: Need::Face })
    );
    let two = vec![Reading::face(Face::Pass), Reading::face(Face::Fail)];
    let err = refused(&mut g, read(two));
    assert_eq!(
        err,
        RuleError::Physical(PhysicalError::TooManyRead { extra: 1 })
    );
    assert_eq!(err.to_string(), "1 more card read than the rules drew");
}

// Setup (SETUP, p. 3-4; Set 2 map designs; Game length) and lookups.

#[test]
fn setup_refusals_name_the_map_the_length_and_the_hero() {
    assert_eq!(
        GameLength::new(9),
        Err(RuleError::Setup(SetupError::GameLength { rounds: 9 }))
    );
    let mut s = setup(6, MapDesign::Standard, 10);
    s.team_size = 10;
    let err = Game::new(s).unwrap_err();
    assert_eq!(
        err,
        RuleError::Setup(SetupError::MapTeamSize {
            map: MapDesign::Standard,
            size: 10
        })
    );
    assert_eq!(
        err.to_string(),
        "the Standard (Set 1) map is made for teams of [6, 8, 9] heroes, not 10 (Setup; Set 2 \
         map designs)"
    );
    let mut card = rizzik();
    card.natures.clear();
    assert_eq!(
        card.validate(),
        Err(HeroCardError::Natures {
            hero: "Rizzik".into(),
            count: 0
        })
    );
    let mut s = setup(6, MapDesign::Standard, 10);
    s.heroes[1][2].card = Some(card);
    assert_eq!(
        Game::new(s).unwrap_err(),
        RuleError::Setup(SetupError::HeroCard(HeroCardError::Natures {
            hero: "Rizzik".into(),
            count: 0
        }))
    );
}

#[test]
fn lookups_and_deck_tools_name_what_is_missing() {
    let mut g = game(6);
    assert_eq!(
        g.hero(h(P, 9)).unwrap_err(),
        RuleError::NoSuchHero {
            team: P,
            number: 10,
            size: 6
        }
    );
    assert!(
        g.hero(h(P, 9))
            .unwrap_err()
            .to_string()
            .contains("the team has 6 heroes"),
        "a hero out of range names the team's size"
    );
    assert_eq!(
        g.key(Faction::Warriors).unwrap_err(),
        RuleError::KeyNotOnMap {
            faction: Faction::Warriors
        }
    );
    assert_eq!(
        refused(
            &mut g,
            Action::Deck {
                team: S,
                tool: DeckTool::Remove(99)
            }
        ),
        RuleError::DeckTool(DeckError::NoSuchDrawnCard(99))
    );
    assert!(
        matches!(
            g.hero_challenge(h(S, 0), Skill::Fame, ChallengeKind::Other, 5, None),
            Err(RuleError::Hero(HeroError::NoHeroCard { hero })) if hero == "Sky1"
        ),
        "a hero entered by hand has no library card"
    );
}
