//! Physical challenge decks (RULINGS: "A physical deck can replace the digital one"): the team
//! draws its own cards, the app asks only what the rules read and computes the rest as for a
//! digital draw, keeping the deck and discard counts.

use crate::common::*;
use crate::play::at_adventure;
use tablemate::worldspanner::*;

fn physical(g: &mut Game, team: TeamSide) {
    ok(
        g,
        Action::DeckMode {
            team,
            physical: true,
        },
    );
}

fn read(cards: Vec<Reading>, then: Action) -> Action {
    Action::Read {
        cards,
        then: Box::new(then),
    }
}

fn range(s: &str) -> DomeRange {
    DomeRange::parse(s).unwrap()
}

#[test]
fn a_team_switches_to_a_physical_deck_at_any_time_and_back_undoably() {
    let mut g = at_adventure();
    let before = g.clone();
    physical(&mut g, S);
    assert!(g.team(S).physical && !g.team(P).physical);
    let mut saved = tablemate::doc::Saved::new("t", "start", before.clone());
    saved
        .act(Action::DeckMode {
            team: S,
            physical: true,
        })
        .unwrap();
    saved.history.undo();
    assert_eq!(saved.current(), &before);
}

#[test]
fn a_physical_challenge_asks_for_the_face_and_computes_the_result_as_a_digital_draw() {
    let mut g = at_adventure();
    physical(&mut g, S);
    let task = Action::Adventure {
        hero: h(S, 0),
        adventure: Adventure::FactionTask {
            faction: Faction::Lords,
            space: 0,
        },
        challenge: Challenge::new(ChallengeKind::FactionAdventure, 5, 5),
    };
    let err = g.apply(task.clone()).unwrap_err().to_string();
    assert!(err.contains("physical") && err.contains("face"), "{err}");
    let gold = g.hero(h(S, 0)).unwrap().gold;
    let drawn = g.team(S).deck.draw_len();
    let lines = ok(&mut g, read(vec![Reading::face(Face::Amaze)], task));
    // Amaze on a Task: 2 gold and the capture, as for a digital card (p. 15).
    assert_eq!(g.hero(h(S, 0)).unwrap().gold, gold + 2);
    assert_eq!(g.key(Faction::Lords).unwrap().spaces[0], Some(S));
    assert!(
        lines.iter().any(|l| l == "the card drawn: Amaze at 0"),
        "{lines:?}"
    );
    assert_eq!(g.team(S).deck.draw_len(), drawn - 1, "the count is kept");
    // The dismissal waits for the Dome range printed on the next card.
    let p = g.pending.clone().unwrap();
    assert!(p.awaiting_card && p.candidates.is_empty());
    assert!(g.apply(Action::Place { dome: None }).is_err());
    ok(
        &mut g,
        Action::ReadDomes {
            domes: range("1 or 6"),
        },
    );
    let p = g.pending.clone().unwrap();
    let numbers: Vec<u8> = p.candidates.iter().map(|c| c.number.get()).collect();
    assert!(numbers.iter().all(|n| *n == 1 || *n == 6), "{numbers:?}");
    assert_eq!(g.team(S).deck.draw_len(), drawn - 2);
    ok(&mut g, Action::Place { dome: None });
    g.validate().unwrap();
}

#[test]
fn a_physical_attack_reads_the_hit_bar_then_the_damage_face() {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    // Put a Psiclone on the map next to it (the players say so).
    let target = h(P, 0);
    let mut d = g.domes.clone();
    d.vacate(target);
    g.domes = d;
    g.hero_mut(target).unwrap().status = HeroStatus::OnMap;
    to_step(&mut g, Step::Melee);
    physical(&mut g, S);
    let attack = Attack {
        hit: Challenge::new(ChallengeKind::MeleeHit, 5, 5),
        damage: Challenge::new(
            ChallengeKind::Damage {
                natural_melee: true,
            },
            5,
            5,
        ),
        wound_rating: 2,
    };
    let act = |cards| {
        read(
            cards,
            Action::Attack {
                attacker: h(S, 0),
                target: Some(target),
                attack: attack.clone(),
            },
        )
    };
    // A face is not what a Hit challenge reads.
    assert!(g.apply(act(vec![Reading::face(Face::Pass)])).is_err());
    // A hit with no Damage card read is refused; nothing changes.
    assert!(g.apply(act(vec![Reading::hit(true)])).is_err());
    // A miss needs one card; a second card read is refused.
    assert!(
        g.apply(act(vec![Reading::hit(false), Reading::face(Face::Pass)]))
            .is_err()
    );
    let mut missed = g.clone();
    ok(&mut missed, act(vec![Reading::hit(false)]));
    assert_eq!(missed.hero(target).unwrap().wounds, 0);
    // Hit, then Amaze on Damage: Wound 2 + 1 = 3 wounds (p. 18).
    let lines = ok(
        &mut g,
        act(vec![Reading::hit(true), Reading::face(Face::Amaze)]),
    );
    assert_eq!(g.hero(target).unwrap().wounds, 3, "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("Hit bar is beside row 0")));
}

#[test]
fn a_banishment_from_a_physical_enemy_deck_waits_for_the_enemy_range() {
    let mut g = at_adventure();
    physical(&mut g, P);
    ok(&mut g, Action::Banish { hero: h(S, 0) });
    let p = g.pending.clone().unwrap();
    assert_eq!(p.chooser, P);
    assert!(p.awaiting_card);
    let drawn = g.team(P).deck.draw_len();
    ok(
        &mut g,
        Action::ReadDomes {
            domes: range("3-4"),
        },
    );
    assert_eq!(g.team(P).deck.draw_len(), drawn - 1);
    ok(&mut g, Action::Place { dome: None });
    assert!(matches!(
        g.hero(h(S, 0)).unwrap().status,
        HeroStatus::InDome { dome } if (3..=4).contains(&dome.number.get())
    ));
}

#[test]
fn a_physical_deck_says_reshuffle_now_when_its_draw_pile_is_used_up() {
    let mut g = game(6);
    physical(&mut g, S);
    let mut said = false;
    for _ in 0..36 {
        let lines = ok(
            &mut g,
            read(
                vec![Reading::face(Face::Pass)],
                Action::Challenge {
                    team: S,
                    hero: None,
                    challenge: Challenge::new(ChallengeKind::Other, 5, 5),
                },
            ),
        );
        said = lines
            .iter()
            .any(|l| l.contains("shuffle the discard pile now"));
    }
    assert!(said, "the 36th card empties the pile");
    assert_eq!(g.team(S).deck.draw_len(), 0);
    assert_eq!(g.team(S).deck.discard_len(), 36);
}

#[test]
fn random_physical_play_saves_loads_and_validates() {
    // A small seeded generator: the same random play every run.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let (mut accepted, mut read_ranges) = (0, 0);
    for _ in 0..6 {
        let mut g = game(6);
        physical(&mut g, S);
        physical(&mut g, P);
        for _ in 0..200 {
            let faces = [
                Face::Fopp,
                Face::Fail,
                Face::Squeak,
                Face::Pass,
                Face::Amaze,
            ];
            let ranges = ["1-2", "3-4", "5-6", "1-3", "4-6", "1 or 6"];
            let team = g.rounds.active;
            let i = next(6);
            let action = match next(6) {
                0 => Action::NextStep {},
                1 => Action::Reinforce { hero: h(team, i) },
                2 => Action::ReadDomes {
                    domes: range(ranges[next(6)]),
                },
                3 => Action::Place { dome: None },
                4 => read(
                    vec![Reading::face(faces[next(5)])],
                    Action::Challenge {
                        team,
                        hero: None,
                        challenge: Challenge::new(ChallengeKind::Other, 5, 4),
                    },
                ),
                _ => Action::DeckMode {
                    team,
                    physical: next(5) > 0,
                },
            };
            let is_range = matches!(action, Action::ReadDomes { .. });
            if g.apply(action).is_ok() {
                accepted += 1;
                read_ranges += is_range as u32;
            }
            g.validate().unwrap();
            let text = serde_json::to_string(&g).unwrap();
            let back: Game = serde_json::from_str(&text).unwrap();
            assert_eq!(back, g);
        }
    }
    assert!(
        accepted > 300 && read_ranges > 20,
        "{accepted} {read_ranges}"
    );
}

#[test]
fn the_documented_action_json_parses() {
    for text in [
        r#"{ "action": "deck-mode", "team": "skyhawks", "physical": true }"#,
        r#"{ "action": "read", "cards": [ { "face": "pass" } ],
  "then": { "action": "adventure", "hero": { "team": "skyhawks", "hero": 0 },
            "adventure": { "type": "haggler" },
            "challenge": { "kind": "lith-adventure", "rating": 5, "against": 5, "modifiers": [] } } }"#,
        r#"{ "action": "read-domes", "domes": "1 or 6" }"#,
        r#"{ "action": "reopen" }"#,
        r#"{ "action": "odds-over", "over": "cards-left" }"#,
    ] {
        let a: Action = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let back: Action = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(a, back);
    }
}
