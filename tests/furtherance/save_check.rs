//! The save check against play: every state random play can reach (player actions, hand
//! edits, enemy steps, answers) is saved as the app saves it, loaded and validated by the
//! loader (`tablemate::doc::check`). No position that play can reach may be refused. The
//! driver also counts the case that used to strand a save: an hourglass counter passing over
//! a castle at 5 HP or less (RULINGS: counters never strand).

use proptest::prelude::*;
use tablemate::doc::{Kind, Saved};
use tablemate::furtherance::{Action, Difficulty, Game, KindId, Phase, Seat, Settings, Step};
use tablemate::games::check_save as check;

/// A counter passed from `from` to `to` skipped a castle still standing (at 1 to 5 HP).
fn skipped_a_low_castle(g: &Game, from: Seat, to: Seat) -> bool {
    let mut s = from.next();
    while s != to {
        if g.castle(s).hp > 0 {
            return true;
        }
        s = s.next();
    }
    false
}

fn player_action(g: &Game, c: usize) -> Action {
    let mine: Vec<_> = g.units_of(Seat::Player).map(|u| u.id).collect();
    let pick = |n: usize| c / 11 % n.max(1);
    match c % 12 {
        0 | 1 => Action::EndTurn {},
        2 => {
            let free: Vec<_> = g
                .board()
                .castle(Seat::Player)
                .iter()
                .copied()
                .filter(|s| g.unit_at(*s).is_none())
                .collect();
            match free.get(pick(free.len())) {
                Some(s) => Action::Recruit {
                    unit: tablemate::furtherance::UnitName::Kind(KindId(
                        (c / 7 % g.catalog().len()) as u16,
                    )),
                    square: *s,
                },
                None => Action::EndTurn {},
            }
        }
        3 | 4 => mine
            .get(pick(mine.len()))
            .and_then(|u| {
                let to = g.move_options(*u);
                to.get(c / 5 % to.len().max(1))
                    .map(|to| Action::Move { unit: *u, to: *to })
            })
            .unwrap_or(Action::EndTurn {}),
        5 | 6 => mine
            .iter()
            .find_map(|u| {
                g.attack_options(*u)
                    .first()
                    .map(|t| Action::AttackUnit {
                        attacker: *u,
                        target: *t,
                    })
                    .or_else(|| {
                        g.castle_options(*u).first().map(|c| Action::AttackCastle {
                            attacker: *u,
                            castle: *c,
                        })
                    })
            })
            .unwrap_or(Action::EndTurn {}),
        // Hand edits: an enemy castle's HP (often into the 1..=5 band), a second turn,
        // damage on a unit, a unit placed in the field.
        7 | 8 => Action::SetCastleHp {
            castle: Seat::ENEMIES[c / 3 % 3],
            hp: [9, 7, 5, 4, 2, 1, 6, 10][c / 13 % 8],
        },
        9 => match mine.get(pick(mine.len())) {
            Some(u) => Action::ActAgain { unit: *u },
            None => Action::EndTurn {},
        },
        10 => match g.units().get(pick(g.units().len())) {
            Some(u) => Action::SetDamage {
                unit: u.id,
                damage: (c / 17 % 3) as u8,
            },
            None => Action::EndTurn {},
        },
        _ => {
            let free: Vec<_> = g
                .board()
                .squares()
                .filter(|s| g.board().in_field(*s) && g.unit_at(*s).is_none())
                .collect();
            match free.get(c / 19 % free.len().max(1)) {
                Some(s) => Action::PlaceUnit {
                    owner: Seat::ALL[c / 7 % 4],
                    kind: KindId((c / 23 % g.catalog().len()) as u16),
                    square: *s,
                },
                None => Action::EndTurn {},
            }
        }
    }
}

/// Plays `choices` from a fresh Normal game; after every operation the state goes through the
/// loader. Returns how often a counter passed over a castle at 5 HP or less.
fn play(seed: u64, choices: &[u16]) -> usize {
    let settings = Settings {
        difficulty: Difficulty::Normal,
        ..Settings::default()
    };
    let mut g = Game::standard(settings, seed).unwrap();
    let mut skips = 0;
    for (i, c) in choices.iter().enumerate() {
        let c = usize::from(*c);
        if g.outcome().is_some() {
            // Revive the game by hand so play goes on past a win or a loss.
            let _ = g.apply(Action::SetCastleHp {
                castle: Seat::Player,
                hp: 10,
            });
            let _ = g.apply(Action::SetVp { vp: 0 });
            if g.outcome().is_some() {
                break;
            }
        }
        let steps = if let Some(p) = g.pending() {
            let option = if c % 3 == 0 {
                p.default
            } else {
                c % p.options.len()
            };
            g.answer(option).unwrap();
            if g.phase() == Phase::Player {
                g.run_until_choice()
            } else {
                Vec::new()
            }
        } else if g.is_resolving() {
            vec![g.advance().unwrap()]
        } else {
            let action = player_action(&g, c);
            let before = g.clone();
            g.apply(action).unwrap_or_else(|_| {
                assert_eq!(g, before, "a refused action changed the game");
                Vec::new()
            })
        };
        for s in &steps {
            if let Step::NeedsChoice { question, .. } = s {
                assert!(question.starts_with(char::is_uppercase), "{question}");
            }
            let passed = match s {
                Step::CounterPassed { from, to, .. } => Some((*from, *to)),
                Step::CastleAttacked {
                    castle,
                    counters_moved: 1..,
                    counters_to: Some(to),
                    ..
                } => Some((*castle, *to)),
                _ => None,
            };
            if let Some((from, to)) = passed
                && skipped_a_low_castle(&g, from, to)
            {
                skips += 1;
            }
        }
        let saved = Saved::new("random play", "New game", g.clone());
        let data = serde_json::to_string(&saved).unwrap();
        if let Err(e) = check(Kind::Furtherance, &data) {
            panic!("step {i}: the loader refuses a state play reached: {e}");
        }
    }
    skips
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn every_state_random_play_reaches_survives_save_load_and_validate(
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u16>(), 250..450),
    ) {
        play(seed, &choices);
    }
}

#[test]
fn random_play_reaches_counters_passing_over_a_castle_at_five_hp_or_less() {
    let mut skips = 0;
    for seed in 0..8u64 {
        let choices: Vec<u16> = (0..400u64)
            .map(|i| ((i * 7919 + seed * 104_729) % 65_521) as u16)
            .collect();
        skips += play(seed, &choices);
    }
    assert!(skips > 0, "the ≤5 HP case was never reached");
}

/// A hand-edited save whose unit carries an id the game never handed out: the check names
/// that unit (`at`) and the problem apart, so the loader can point at the field.
#[test]
fn a_unit_id_beyond_next_unit_is_refused_at_that_unit() {
    let mut g = Game::new(
        Settings::default(),
        tablemate::furtherance::Board::standard(),
        tablemate::furtherance::Catalog::bundled().expect("the bundled units load"),
        3,
    );
    let kind = g
        .catalog()
        .find("Knight")
        .expect("the bundled units have a Knight");
    g.apply(Action::PlaceUnit {
        owner: Seat::Left,
        kind,
        square: tablemate::furtherance::Square::parse("c4").expect("c4 is a square"),
    })
    .expect("a Knight may stand on c4");
    let mut saved = serde_json::to_value(Saved::new("hand edit", "New game", g)).unwrap();
    let state = &mut saved["history"]["current"];
    assert_eq!(state["units"][0]["id"], 1, "the first unit gets id 1");
    state["units"][0]["id"] = 7.into();
    let back: Saved<Game> = serde_json::from_value(saved.clone()).unwrap();
    let err = back.validate().unwrap_err();
    assert_eq!(err.at, "units[0] (#7)");
    assert_eq!(err.problem, "the id is beyond next_unit");
    // The loader's message reads "at: problem".
    let msg = check(Kind::Furtherance, &saved.to_string()).unwrap_err();
    assert_eq!(msg.to_string(), "units[0] (#7): the id is beyond next_unit");
}
