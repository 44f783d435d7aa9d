//! Issue 10, "done when": a whole game, start to finish, with both teams on physical decks and
//! every hero from the hero library, played only through the public actions (the same values
//! the GUI and `tablemate act` send). Every state reached saves, loads back equal and validates.

use crate::common::*;
use tablemate::worldspanner::*;

/// A library card per hero: a home faction from the map's keys, seeded ratings in the book's
/// ranges (0 to 9, Wound 1 or 2), loot of 1 gold.
fn library_team(
    prefix: &str,
    factions: &[Faction],
    next: &mut impl FnMut(usize) -> usize,
) -> Vec<HeroEntry> {
    (0..6)
        .map(|i| {
            let mut ratings = [0u8; 14];
            for r in ratings.iter_mut() {
                *r = 3 + next(5) as u8;
            }
            ratings[13] = 1 + next(2) as u8; // Wound
            let faction = factions[i % factions.len()];
            let opposing = [
                factions[(i + 1) % factions.len()],
                factions[(i + 2) % factions.len()],
            ];
            HeroCard {
                name: format!("{prefix} {}", i + 1),
                faction,
                health: 4 + next(3) as u8,
                ratings,
                natures: vec!["Being".into()],
                opposing,
                bonus_symbols: vec![],
                gold: 1,
                boosts: 0,
            }
            .entry()
        })
        .collect()
}

fn read(cards: Vec<Reading>, then: Action) -> Action {
    Action::Read {
        cards,
        then: Box::new(then),
    }
}

fn heroes_where(g: &Game, team: TeamSide, keep: impl Fn(&HeroStatus) -> bool) -> Vec<HeroRef> {
    g.team(team)
        .heroes
        .iter()
        .enumerate()
        .filter(|(_, hero)| keep(&hero.status))
        .map(|(i, _)| h(team, i))
        .collect()
}

#[test]
fn a_whole_game_is_played_on_physical_decks_with_library_heroes_and_every_state_saves() {
    // A small seeded generator: the same game every run.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut s = setup(6, MapDesign::Standard, 8);
    s.heroes = [
        library_team("Sky", &s.factions, &mut next),
        library_team("Psi", &s.factions, &mut next),
    ];
    s.physical = [true, true];
    let mut g = Game::new(s).expect("valid setup");
    assert!(TeamSide::BOTH.iter().all(|&t| g.team(t).physical));
    let faces = [
        Face::Fopp,
        Face::Fail,
        Face::Squeak,
        Face::Pass,
        Face::Amaze,
    ];
    let ranges = ["1-2", "3-4", "5-6", "1 or 6"];
    let (mut challenges, mut attacks, mut ranges_read, mut accepted) = (0, 0, 0, 0);
    for _ in 0..5000 {
        if g.locked() {
            break;
        }
        let team = g.rounds.active;
        let mut tries: Vec<Action> = Vec::new();
        if let Some(p) = &g.pending {
            tries.push(if p.awaiting_card {
                Action::ReadDomes {
                    domes: DomeRange::parse(ranges[next(ranges.len())]).unwrap(),
                }
            } else {
                Action::Place { dome: None }
            });
        }
        match g.rounds.step {
            Step::Reinforce => {
                for hero in heroes_where(&g, team, |s| *s == HeroStatus::Waiting) {
                    tries.push(Action::Reinforce { hero });
                }
            }
            Step::Action => {
                for hero in heroes_where(&g, team, |s| matches!(s, HeroStatus::InDome { .. })) {
                    if next(2) == 0 {
                        tries.push(Action::LeaveDome { hero });
                    }
                }
            }
            Step::Melee => {
                let on_map = |t| heroes_where(&g, t, |s| *s == HeroStatus::OnMap);
                if let (Some(&attacker), Some(&target)) =
                    (on_map(team).first(), on_map(team.other()).first())
                    && next(3) > 0
                {
                    let card = g.card(attacker).unwrap();
                    // Both heroes are played from their cards: the target's Agility and Armor.
                    let r = g.attack_ratings(attacker, Some(target), false, true);
                    let attack = Attack {
                        hit: Challenge::new(
                            ChallengeKind::MeleeHit,
                            card.rating(Skill::Melee),
                            r.defence.unwrap(),
                        ),
                        damage: Challenge::new(
                            ChallengeKind::Damage {
                                natural_melee: true,
                            },
                            card.rating(Skill::Power),
                            r.armor.unwrap(),
                        ),
                        wound_rating: card.rating(Skill::Wound),
                    };
                    // A target with more Wits would strike first: here it makes no attack.
                    tries.push(Action::PassMelee { hero: target });
                    let hit = next(2) == 0;
                    let mut cards = vec![Reading::hit(hit)];
                    if hit {
                        cards.push(Reading::face(faces[next(5)]));
                    }
                    tries.push(read(
                        cards,
                        Action::Attack {
                            attacker,
                            target: Some(target),
                            attack,
                        },
                    ));
                }
            }
            Step::Adventure => {
                let out = heroes_where(&g, team, |s| {
                    matches!(s, HeroStatus::OnMap | HeroStatus::InDome { .. })
                });
                if let Some(&hero) = out.get(next(out.len().max(1)))
                    && next(4) > 0
                {
                    let key = g.keys[next(g.keys.len())].faction;
                    let adventure = Adventure::FactionTask {
                        faction: key,
                        space: next(4),
                    };
                    let c = g
                        .hero_challenge(
                            hero,
                            Skill::Virtue,
                            ChallengeKind::FactionAdventure,
                            5,
                            Some(key),
                        )
                        .expect("a library hero's challenge")
                        .challenge;
                    tries.push(read(
                        vec![Reading::face(faces[next(5)])],
                        Action::Adventure {
                            hero,
                            adventure,
                            challenge: c,
                        },
                    ));
                }
            }
            Step::Free | Step::Reaction => {}
        }
        tries.push(Action::NextStep {});
        for action in tries {
            let kind = match &action {
                Action::Read { then, .. } if matches!(**then, Action::Attack { .. }) => 1,
                Action::Read { .. } => 2,
                Action::ReadDomes { .. } => 3,
                _ => 0,
            };
            if g.apply(action).is_ok() {
                // Heroes left in a Dome at the end of the Action step were surrounded (Must
                // leave a Dome, p. 9): the question is answered at once.
                if !g.surrounded_asked.is_empty() {
                    g.apply(Action::Answer { option: 1 })
                        .unwrap_or_else(|e| panic!("the surround question: {e}"));
                }
                accepted += 1;
                match kind {
                    1 => attacks += 1,
                    2 => challenges += 1,
                    3 => ranges_read += 1,
                    _ => {}
                }
                g.validate()
                    .unwrap_or_else(|e| panic!("after {accepted} actions: {e}"));
                let text = serde_json::to_string(&g).unwrap();
                let back: Game = serde_json::from_str(&text).unwrap();
                assert_eq!(back, g, "after {accepted} actions the save differs");
                break;
            }
        }
    }
    assert!(g.locked(), "the game reaches its end ({accepted} actions)");
    assert!(
        challenges >= 5 && attacks >= 5 && ranges_read >= 10,
        "challenges {challenges}, attacks {attacks}, Dome ranges read {ranges_read}"
    );
    // The counts were kept for the cards drawn at the table.
    for t in TeamSide::BOTH {
        let d = &g.team(t).deck;
        assert_eq!(d.draw_len() + d.discard_len(), 36, "{t:?} deck counts");
    }
    // The glory count names a winner by glory when the totals differ (VICTORY, p. 5).
    let report = g.glory();
    assert!(!report.lines.is_empty());
    let [sky, psi] = report.glory;
    if sky != psi {
        assert_eq!(report.winner, Some(if sky > psi { S } else { P }));
    }
}
