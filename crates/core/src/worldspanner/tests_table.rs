//! The round played from the hero cards (docs/worldspanner.md): attacks and adventures read a
//! library hero's card, melee goes in order of Wits, Reaction shots target only heroes that
//! moved, one hero per adventure space, and play's Reinforce quota is the one rule of team.rs.

use super::deckfile::parse_card_line;
use super::team::reinforce_quota;
use super::*;
use crate::deck::{Deck, WhenEmpty};

pub(super) const S: TeamSide = TeamSide::Skyhawks;
pub(super) const P: TeamSide = TeamSide::Psiclones;

pub(super) fn h(team: TeamSide, hero: usize) -> HeroRef {
    HeroRef { team, hero }
}

/// A card with every rating 5 but those `set` changes (Skill, value).
fn hero_card(name: &str, set: &[(Skill, u8)]) -> HeroCard {
    let mut ratings = [5u8; 14];
    ratings[13] = 2;
    for (skill, v) in set {
        let i = Skill::ALL.iter().position(|s| s == skill).unwrap_or(0);
        ratings[i] = *v;
    }
    HeroCard {
        name: name.into(),
        faction: Faction::Defenders,
        health: 5,
        ratings,
        natures: vec!["Being".into()],
        opposing: [Faction::Villains, Faction::Outcasts],
        bonus_symbols: Vec::new(),
        gold: 0,
        boosts: 0,
    }
}

/// The book's Blackbeard (Melee 6, fists Power 3 and Wound 2) with Wits 7.
pub(super) fn blackbeard() -> HeroCard {
    hero_card(
        "Blackbeard",
        &[
            (Skill::Melee, 6),
            (Skill::Power, 3),
            (Skill::Wound, 2),
            (Skill::Wits, 7),
        ],
    )
}

/// The target of the book's example (Agility 8, Armor 2), here Lazar with Wits 3.
pub(super) fn lazar() -> HeroCard {
    hero_card(
        "Lazar",
        &[
            (Skill::Agility, 8),
            (Skill::Armor, 2),
            (Skill::Stealth, 3),
            (Skill::Wits, 3),
            (Skill::Virtue, 4),
        ],
    )
}

/// A 6-a-side game in round 2, Skyhawks active at `step`, with the given library heroes first
/// on each team and every hero on the map; the decks draw `top` first.
pub(super) fn game(sky: Vec<HeroCard>, psi: Vec<HeroCard>, step: Step, top: &str) -> Game {
    let mut s = sample::setup(MapDesign::Standard, 6, 10, 7).expect("sample setup");
    for (i, c) in sky.iter().enumerate() {
        s.heroes[0][i] = c.entry();
    }
    for (i, c) in psi.iter().enumerate() {
        s.heroes[1][i] = c.entry();
    }
    let mut g = Game::new(s).expect("valid setup");
    let card = parse_card_line(0, top).expect("a card line");
    for side in TeamSide::BOTH {
        for hero in &mut g.team_mut(side).heroes {
            hero.status = HeroStatus::OnMap;
        }
        g.team_mut(side).deck =
            Deck::stacked(vec![card.clone(); 36], 1, WhenEmpty::ReshuffleDiscard);
    }
    g.rounds.round = 2;
    g.rounds.step = step;
    g
}

/// Every row Amaze, the Hit bar everywhere.
pub(super) const AMAZE_HIT: &str = "-6 -6 -6 -6 -6 5 1-2";
/// Every row Fail, no Hit bar.
pub(super) const FAIL: &str = "-6 n n n n 5 1-2";

pub(super) fn melee(
    attacker: HeroRef,
    target: HeroRef,
    hit: u8,
    against: u8,
    power: u8,
    armor: u8,
) -> Action {
    Action::Attack {
        attacker,
        target: Some(target),
        attack: Attack {
            hit: Challenge::new(ChallengeKind::MeleeHit, hit, against),
            damage: Challenge::new(
                ChallengeKind::Damage {
                    natural_melee: true,
                },
                power,
                armor,
            ),
            wound_rating: 2,
        },
    }
}

fn shot(attacker: HeroRef, target: HeroRef) -> Action {
    Action::Attack {
        attacker,
        target: Some(target),
        attack: Attack {
            hit: Challenge::new(ChallengeKind::RangedHit, 5, 5),
            damage: Challenge::new(
                ChallengeKind::Damage {
                    natural_melee: false,
                },
                1,
                5,
            ),
            wound_rating: 0,
        },
    }
}

pub(super) fn refused(g: &mut Game, a: Action) -> RuleError {
    let before = g.clone();
    let e = g.apply(a).expect_err("refused");
    assert_eq!(*g, before, "a refusal changes nothing");
    e
}

pub(super) fn ok(g: &mut Game, a: Action) -> Vec<String> {
    let label = a.label(g);
    g.apply(a)
        .unwrap_or_else(|e| panic!("{label} refused: {e}"))
}

fn hit_row(g: &Game) -> i8 {
    match &g.last {
        Some(LastEvent::Attack { outcome, .. }) => outcome.hit.difference.value(),
        Some(LastEvent::Challenge { outcome, .. }) => outcome.difference.value(),
        None => panic!("nothing read"),
    }
}

#[test]
fn a_library_heros_attack_takes_its_hit_and_damage_ratings_from_the_cards() {
    // Blackbeard (S, Wits 7) against Lazar (Agility 8, Armor 2): the book's example.
    let mut g = game(vec![blackbeard()], vec![lazar()], Step::Melee, AMAZE_HIT);
    let e = refused(&mut g, melee(h(S, 0), h(P, 0), 9, 8, 3, 2));
    assert_eq!(
        e,
        RuleError::Challenge(ChallengeError::RatingNotOnCard {
            hero: "Blackbeard".into(),
            skill: Skill::Melee,
            printed: 6,
            typed: 9
        })
    );
    assert!(e.to_string().contains("prints Melee 6, not 9"), "{e}");
    let e = refused(&mut g, melee(h(S, 0), h(P, 0), 6, 0, 3, 2));
    assert!(
        e.to_string()
            .contains("Lazar's card prints Agility 8, not 0"),
        "{e}"
    );
    let e = refused(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 3, 4));
    assert!(e.to_string().contains("Armor 2, not 4"), "{e}");
    let e = refused(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 5, 2));
    assert!(e.to_string().contains("Power 3, not 5"), "{e}");
    ok(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 3, 2));
    assert_eq!(hit_row(&g), -2, "6 Melee against 8 Agility");
}

#[test]
fn a_library_heros_boost_in_use_is_added_to_its_attack_and_the_targets_to_its_defence() {
    let mut g = game(vec![blackbeard()], vec![lazar()], Step::Melee, AMAZE_HIT);
    g.hero_mut(h(S, 0)).unwrap().boost_active = true;
    let lines = ok(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 3, 2));
    assert_eq!(hit_row(&g), -1, "Melee 6 + Boost against Agility 8");
    assert!(
        lines.iter().any(|l| l.contains("Boost is in use")),
        "{lines:?}"
    );
    let mut g = game(vec![blackbeard()], vec![lazar()], Step::Melee, AMAZE_HIT);
    g.hero_mut(h(P, 0)).unwrap().boost_active = true;
    ok(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 3, 2));
    assert_eq!(hit_row(&g), -3, "the target's Boost raises its Agility");
}

#[test]
fn a_library_heros_lith_adventure_takes_its_boost_and_the_teams_lith_favor() {
    // Lazar (Virtue 4) at the Vortex (5 Virtue) with Lith's Favor +1: row 0, not -1.
    let mut g = game(vec![lazar()], vec![], Step::Adventure, FAIL);
    g.lith.give(S, 3).unwrap();
    let vortex = Action::Adventure {
        hero: h(S, 0),
        adventure: Adventure::Vortex {},
        challenge: Challenge::new(ChallengeKind::LithAdventure, 4, 5),
    };
    let lines = ok(&mut g, vortex.clone());
    assert_eq!(hit_row(&g), 0, "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("Lith's Favor")),
        "{lines:?}"
    );
    let mut g = game(vec![lazar()], vec![], Step::Adventure, FAIL);
    g.hero_mut(h(S, 0)).unwrap().boost_active = true;
    ok(&mut g, vortex);
    assert_eq!(hit_row(&g), 0, "Virtue 4 + Boost against 5");
}

#[test]
fn a_typed_hero_without_a_card_attacks_as_typed() {
    let mut g = game(vec![], vec![], Step::Melee, AMAZE_HIT);
    ok(&mut g, melee(h(S, 0), h(P, 0), 9, 0, 3, 2));
    assert_eq!(hit_row(&g), 6);
}

#[test]
fn a_library_heros_shot_uses_its_aim_or_point_and_the_targets_stealth() {
    let mut g = game(
        vec![hero_card("Sanchez", &[(Skill::Aim, 9), (Skill::Point, 4)])],
        vec![lazar()],
        Step::Action,
        FAIL,
    );
    let mut a = shot(h(S, 0), h(P, 0));
    if let Action::Attack { attack, .. } = &mut a {
        attack.hit.rating = 7;
        attack.hit.against = 3;
        attack.damage.against = 2;
    }
    let e = refused(&mut g, a.clone());
    assert!(
        e.to_string().contains("prints Aim 9 and Point 4, not 7"),
        "{e}"
    );
    if let Action::Attack { attack, .. } = &mut a {
        attack.hit.rating = 9;
    }
    ok(&mut g, a);
    assert_eq!(hit_row(&g), 6, "Aim 9 against Stealth 3");
}

#[test]
fn melee_goes_in_order_of_wits_highest_first_and_the_refusal_names_resolving_melee() {
    // Lazar (Psiclones, Wits 3) may not strike Blackbeard (Skyhawks, Wits 7) first.
    let mut g = game(vec![blackbeard()], vec![lazar()], Step::Melee, FAIL);
    let e = refused(&mut g, melee(h(P, 0), h(S, 0), 5, 5, 5, 5));
    assert!(
        matches!(e, RuleError::Combat(CombatError::MeleeOrder { .. })),
        "{e:?}"
    );
    let text = e.to_string();
    assert!(
        text.contains("Blackbeard (Wits 7) attacks before Lazar (Wits 3)")
            && text.contains("Resolving melee, p. 18"),
        "{text}"
    );
    // Blackbeard attacks (or passes): now Lazar's turn.
    ok(&mut g, Action::PassMelee { hero: h(S, 0) });
    ok(&mut g, melee(h(P, 0), h(S, 0), 5, 5, 5, 5));
}

#[test]
fn melee_ties_on_wits_go_to_the_active_team() {
    let mut twin = lazar();
    twin.name = "Twin".into();
    let mut g = game(vec![lazar()], vec![twin], Step::Melee, FAIL);
    let e = refused(&mut g, melee(h(P, 0), h(S, 0), 5, 8, 5, 2));
    assert!(e.to_string().contains("the active team"), "{e}");
    // Skyhawks are active: their Lazar goes first.
    ok(&mut g, melee(h(S, 0), h(P, 0), 5, 8, 5, 2));
    ok(&mut g, melee(h(P, 0), h(S, 0), 5, 8, 5, 2));
}

#[test]
fn a_hero_defeated_before_its_turn_in_melee_is_refused_as_defeated() {
    let mut weak = lazar();
    weak.health = 3;
    let mut g = game(vec![blackbeard()], vec![weak], Step::Melee, AMAZE_HIT);
    // Amaze: Wound 2 + 1 = 3 wounds on Health 3.
    ok(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 3, 2));
    assert!(g.hero(h(P, 0)).unwrap().defeated());
    let e = refused(&mut g, melee(h(P, 0), h(S, 0), 5, 5, 5, 5));
    assert_eq!(
        e,
        RuleError::Combat(CombatError::DefeatedBeforeItsTurn {
            hero: "Lazar".into(),
            by: "Blackbeard".into()
        })
    );
    assert!(e.to_string().contains("defeated by Blackbeard"), "{e}");
    assert!(!e.to_string().contains("Dome"), "{e}");
}

#[test]
fn a_defeated_target_is_refused_as_defeated_not_as_in_a_dome() {
    let mut g = game(vec![], vec![], Step::Melee, FAIL);
    g.hero_mut(h(P, 0)).unwrap().status = HeroStatus::Underpit;
    let e = refused(&mut g, melee(h(S, 0), h(P, 0), 5, 5, 5, 5));
    assert!(
        e.to_string().contains("a defeated hero takes no part"),
        "{e}"
    );
}

#[test]
fn a_reaction_shot_may_not_target_a_hero_in_the_space_it_started_its_action_step_in() {
    let mut g = game(vec![], vec![], Step::Action, FAIL);
    // S1 shoots, S2 moves on the map, S3 moves out of its Dome; S4 does nothing recorded.
    ok(&mut g, shot(h(S, 0), h(P, 0)));
    ok(&mut g, Action::Move { hero: h(S, 1) });
    let slot = domes::DomeSlot::new(DomeNumber::new(3).unwrap(), 1).unwrap();
    g.domes.place(slot, h(S, 2)).unwrap();
    g.hero_mut(h(S, 2)).unwrap().status = HeroStatus::InDome { dome: slot };
    ok(&mut g, Action::LeaveDome { hero: h(S, 2) });
    assert_eq!(
        g.action_step
            .iter()
            .find(|d| d.hero == h(S, 2))
            .and_then(|d| d.from_dome),
        Some(slot),
        "kept: who moved, and from where"
    );
    ok(&mut g, Action::NextStep {});
    assert_eq!(g.rounds.step, Step::Reaction);
    let e = refused(&mut g, shot(h(P, 0), h(S, 0)));
    assert!(
        matches!(
            e,
            RuleError::Combat(CombatError::ReactionTargetStayed { .. })
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("During Reaction step, p. 19"), "{e}");
    ok(&mut g, shot(h(P, 0), h(S, 1)));
    ok(&mut g, shot(h(P, 1), h(S, 2)));
    ok(&mut g, shot(h(P, 2), h(S, 3)));
    // After the Reaction step the Action step's moves are forgotten.
    ok(&mut g, Action::NextStep {});
    assert!(g.action_step.is_empty());
}

fn task(hero: HeroRef, space: usize) -> Action {
    Action::Adventure {
        hero,
        adventure: Adventure::FactionTask {
            faction: Faction::Lords,
            space,
        },
        challenge: Challenge::new(ChallengeKind::FactionAdventure, 5, 5),
    }
}

#[test]
fn two_heroes_cannot_adventure_from_one_task_space_in_one_step() {
    let mut g = game(vec![], vec![], Step::Adventure, FAIL);
    ok(&mut g, task(h(S, 0), 1));
    ok(&mut g, Action::Place { dome: None });
    let e = refused(&mut g, task(h(S, 1), 1));
    assert_eq!(
        e.to_string(),
        "Sky1 already adventured from Crown District space 2 this Adventure step, and Sky2 \
         cannot stand there too: only one hero can be in each space (The map, p. 8)"
    );
    ok(&mut g, task(h(S, 1), 2));
    ok(&mut g, Action::Place { dome: None });
    // A paid adventure on the same space is the same space.
    let paid = Action::Paid {
        hero: h(S, 2),
        paid: PaidAdventure {
            kind: PaidKind::Market,
            key: Some((Faction::Lords, 2)),
            gold: 2,
            cards: 0,
            home: false,
            targets: Vec::new(),
        },
    };
    g.hero_mut(h(S, 2)).unwrap().gold = 5;
    assert!(refused(&mut g, paid).to_string().contains("space 3"));
    // A new step frees the spaces.
    ok(&mut g, Action::NextStep {});
    assert!(g.adventured.is_empty());
}

#[test]
fn the_three_space_underworld_takes_at_most_three_heroes_a_step() {
    let mut g = game(vec![], vec![], Step::Adventure, FAIL);
    let underworld = |hero| Action::Adventure {
        hero,
        adventure: Adventure::Underworld {},
        challenge: Challenge::new(ChallengeKind::LithAdventure, 5, 5),
    };
    for i in 0..3 {
        ok(&mut g, underworld(h(S, i)));
        ok(&mut g, Action::Place { dome: None });
    }
    let e = refused(&mut g, underworld(h(S, 3)));
    assert!(
        matches!(
            e,
            RuleError::Adventure(AdventureError::UnderworldFull { .. })
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("Sky1, Sky2, Sky3"), "{e}");
}

#[test]
fn play_reinforces_by_the_one_quota_rule_of_team_rs() {
    for size in 1..=12u8 {
        let mut g = Game::new(sample::setup(MapDesign::Standard, 6, 12, 7).unwrap()).unwrap();
        g.team_size = size;
        for round in 1..=12u8 {
            g.rounds.round = round;
            let by_quota: usize = (1..=round)
                .map(|r| usize::from(reinforce_quota(size, r)))
                .sum();
            assert_eq!(
                g.reinforce_target(),
                by_quota,
                "{size} heroes, round {round}"
            );
            assert!(g.reinforce_target() <= usize::from(size));
        }
    }
}

#[test]
fn the_new_records_are_left_out_of_a_save_when_empty_and_read_back() {
    let g = game(vec![], vec![], Step::Free, FAIL);
    let text = serde_json::to_string(&g).unwrap();
    for field in ["action_step", "blows", "adventured"] {
        assert!(!text.contains(field), "{field} in {text}");
    }
    let mut g = game(vec![blackbeard()], vec![lazar()], Step::Melee, FAIL);
    ok(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 3, 2));
    let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    back.validate().unwrap();
}

#[test]
fn with_a_physical_deck_the_refusal_names_the_row_before_asking_for_the_face() {
    // Lazar's Vortex with Lith's Favor: row 0 is named, with how to send the face read.
    let mut g = game(vec![lazar()], vec![blackbeard()], Step::Adventure, FAIL);
    g.lith.give(S, 3).unwrap();
    g.team_mut(S).physical = true;
    let e = refused(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: Adventure::Vortex {},
            challenge: Challenge::new(ChallengeKind::LithAdventure, 4, 5),
        },
    );
    let text = e.to_string();
    assert!(text.contains("say which face is beside row 0"), "{text}");
    assert!(text.contains(r#""action": "read""#), "{text}");
    // An attack names the Hit bar's row: Blackbeard's Melee 6 against Lazar's Agility 8.
    let mut g = game(vec![blackbeard()], vec![lazar()], Step::Melee, FAIL);
    g.team_mut(S).physical = true;
    let e = refused(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 3, 2));
    assert!(
        e.to_string()
            .contains("whether the blue Hit bar is beside row -2"),
        "{e}"
    );
}

#[test]
fn a_hand_entry_that_changes_nothing_is_refused_and_not_recorded() {
    let mut g = game(vec![], vec![], Step::Free, FAIL);
    for a in [
        Action::Wound {
            hero: h(S, 0),
            wounds: 0,
        },
        Action::Gold {
            hero: h(S, 0),
            change: 0,
        },
        Action::Heal {
            hero: h(S, 0),
            wounds: 0,
        },
        Action::GainBoosts {
            hero: h(S, 0),
            boosts: 0,
        },
    ] {
        let e = refused(&mut g, a);
        assert!(e.to_string().contains("nothing is recorded"), "{e}");
    }
}

#[test]
fn renewing_a_hero_on_the_map_says_only_a_hero_in_the_pit_can_be_renewed() {
    let mut g = game(vec![], vec![], Step::Adventure, FAIL);
    g.team_mut(S).underworld_credits = 1;
    let e = refused(&mut g, Action::Renew { hero: h(S, 0) });
    assert_eq!(
        e.to_string(),
        "Sky1 is on the map: only a hero in the Pit can be renewed (Death's Edge, Underworld, p. 17)"
    );
}

#[test]
fn the_dome_question_names_the_free_domes_and_the_action_that_answers() {
    let mut g = game(vec![], vec![], Step::Adventure, FAIL);
    let lines = ok(&mut g, task(h(S, 0), 0));
    let asked = lines
        .iter()
        .find(|l| l.contains("choose the Dome"))
        .expect("the Dome question");
    assert!(
        asked.contains("free Dome 1.1, Dome 1.2, Dome 1.3, Dome 1.4, Dome 2.1"),
        "{asked}"
    );
    assert!(
        asked.contains(r#"{"action": "place", "dome": {"number": 1, "slot": 1}}"#),
        "{asked}"
    );
    assert_eq!(g.view().pending.map(|p| p.free.len()), Some(8));
}

#[test]
fn the_dome_question_is_answered_with_the_nth_free_dome() {
    let mut g = game(vec![], vec![], Step::Adventure, FAIL);
    ok(&mut g, task(h(S, 0), 0));
    let e = refused(&mut g, Action::Answer { option: 9 });
    assert!(e.to_string().contains("numbered 1 to 8"), "{e}");
    assert!(
        refused(&mut g, Action::Answer { option: 0 })
            .to_string()
            .contains("1 to 8")
    );
    let label = Action::Answer { option: 3 }.label(&g);
    assert_eq!(label, "Sky1 placed in Dome 1.3");
    ok(&mut g, Action::Answer { option: 3 });
    assert!(matches!(
        g.hero(h(S, 0)).unwrap().status,
        HeroStatus::InDome { dome } if dome.to_string() == "Dome 1.3"
    ));
    let e = refused(&mut g, Action::Answer { option: 1 });
    assert!(e.to_string().contains("no hero is waiting"), "{e}");
}

#[test]
fn favor_tiles_gained_turned_and_lost_are_announced() {
    let mut g = game(vec![], vec![], Step::Free, FAIL);
    let capture = |team, space| Action::Capture {
        team,
        faction: Faction::Lords,
        space,
    };
    ok(&mut g, capture(S, 0));
    ok(&mut g, capture(S, 1));
    let lines = ok(&mut g, capture(S, 2));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Skyhawks gain the Crown District favor tile, 3 side up")),
        "{lines:?}"
    );
    let lines = ok(&mut g, capture(S, 3));
    assert!(
        lines.iter().any(|l| l.contains("to its 4 side")),
        "{lines:?}"
    );
    ok(&mut g, capture(P, 3));
    let lines = ok(&mut g, capture(P, 2));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Skyhawks lose the Crown District favor tile")),
        "{lines:?}"
    );
}

#[test]
fn a_quest_not_beaten_stays_face_up_on_its_deck() {
    let mut g = game(vec![], vec![], Step::Adventure, FAIL);
    let lines = ok(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: Adventure::FactionQuest {
                faction: Faction::Lords,
                space: 0,
            },
            challenge: Challenge::new(ChallengeKind::FactionAdventure, 5, 5),
        },
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("stays face up") && l.contains("until beaten")),
        "{lines:?}"
    );
}

#[test]
fn a_dome_already_taken_is_refused_naming_the_hero_in_it() {
    let mut g = game(vec![], vec![], Step::Adventure, FAIL);
    ok(&mut g, task(h(S, 0), 0));
    ok(&mut g, Action::Place { dome: None });
    ok(&mut g, task(h(S, 2), 1));
    let taken = domes::DomeSlot::new(DomeNumber::new(1).unwrap(), 1).unwrap();
    let e = refused(&mut g, Action::Place { dome: Some(taken) });
    assert_eq!(
        e.to_string(),
        "Dome 1.1 already holds Sky1: one hero per Dome (Dismissal, p. 7)"
    );
}

#[test]
fn next_higher_says_it_wrapped_only_when_counting_went_past_six() {
    let range = DomeRange::span(3, 4).unwrap();
    let mut occupied = [0u8; 6];
    occupied[2] = 4;
    occupied[3] = 4;
    let c = domes::candidates(range, occupied).unwrap();
    assert!(
        !domes::explain(range, &c).contains("wraps"),
        "5 is just higher"
    );
    occupied = [0, 0, 0, 0, 4, 4];
    let range = DomeRange::span(5, 6).unwrap();
    let c = domes::candidates(range, occupied).unwrap();
    assert!(domes::explain(range, &c).contains("(6 wraps to 1)"));
}
