//! Long games built by real play through the engines' public actions, for the store's bench
//! and its size tests: a Worldspanner and a Furtherance save with a full 400-entry history.
//! A small seeded generator picks among the actions a player could take; refused actions
//! change nothing and are not recorded, exactly as at the table.

use tablemate::doc::Saved;

/// A tiny seeded generator (SplitMix64), so the games are the same on every run.
pub struct Pick(u64);

impl Pick {
    pub fn new(seed: u64) -> Pick {
        Pick(seed)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// A Worldspanner game of `entries` history entries (the first is the new game).
pub fn worldspanner(entries: usize, seed: u64) -> Saved<tablemate::worldspanner::Game> {
    worldspanner_kept(entries, seed, tablemate::history::DEFAULT_CAPACITY)
}

/// `worldspanner`, its history keeping up to `capacity` entries (past the default's 400).
pub fn worldspanner_kept(
    entries: usize,
    seed: u64,
    capacity: usize,
) -> Saved<tablemate::worldspanner::Game> {
    use tablemate::worldspanner::modifier::ChallengeKind;
    use tablemate::worldspanner::*;
    let size = 6u8;
    let setup = sample::setup(MapDesign::Standard, size, 12, seed).expect("sample setup");
    let game = Game::new(setup).expect("setup");
    let mut saved = Saved {
        title: "Long game".into(),
        history: tablemate::history::History::with_capacity("New game", game, capacity),
    };
    let mut pick = Pick::new(seed);
    let mut tries = 0;
    while saved.history.len() < entries && tries < entries * 200 {
        tries += 1;
        let team = [TeamSide::Skyhawks, TeamSide::Psiclones][pick.below(2)];
        let hero = HeroRef {
            team,
            hero: pick.below(size as usize),
        };
        let action = match pick.below(12) {
            0 | 1 => Action::NextStep {},
            2 | 3 => Action::Reinforce { hero },
            4 | 5 => Action::Place { dome: None },
            6 => Action::Challenge {
                team,
                hero: Some(hero),
                challenge: Challenge::new(ChallengeKind::FactionAdventure, 5, 5),
            },
            7 => Action::Gold { hero, change: 1 },
            8 => Action::Wound { hero, wounds: 1 },
            9 => Action::Heal { hero, wounds: 1 },
            10 => Action::GainBoosts { hero, boosts: 1 },
            _ => Action::UseBoost { hero },
        };
        let _ = saved.act(action);
        // Heroes left in a Dome at the end of the Action step were surrounded (Must leave a
        // Dome, p. 9): the question is answered at once, so the game goes on to its end.
        if !saved.current().surrounded_asked.is_empty() {
            let _ = saved.act(Action::Answer { option: 1 });
        }
    }
    saved
}

/// A Furtherance game of `entries` history entries, played on the standard board.
pub fn furtherance(entries: usize, seed: u64) -> Saved<tablemate::furtherance::Game> {
    use tablemate::furtherance::*;
    let game = Game::standard(Settings::default(), seed).expect("standard game");
    let mut saved = Saved::new("Long game", "New game", game);
    let mut pick = Pick::new(seed);
    let mut tries = 0;
    while saved.history.len() < entries && tries < entries * 200 {
        tries += 1;
        let mut next = saved.current().clone();
        let label;
        if next.outcome().is_some() {
            label = "Castle repaired by hand";
            let _ = next.apply(Action::SetCastleHp {
                castle: Seat::Player,
                hp: 10,
            });
            let _ = next.apply(Action::SetVp { vp: 0 });
        } else if let Some(p) = next.pending() {
            let n = p.options.len();
            label = "Answered";
            // Through `apply`, as every action of the app: the state's explanations are then
            // those of this action alone, as in real play.
            if next
                .apply(Action::Answer {
                    option: pick.below(n) + 1,
                })
                .is_err()
            {
                continue;
            }
        } else if next.phase() == Phase::Enemy || next.is_resolving() {
            label = "Enemy step";
            if next.apply(Action::Next {}).is_err() {
                continue;
            }
        } else {
            let mine: Vec<UnitId> = next.units_of(Seat::Player).map(|u| u.id).collect();
            let action = match pick.below(5) {
                0 => Action::EndTurn {},
                1 => {
                    let free: Vec<Square> = next
                        .board()
                        .castle(Seat::Player)
                        .iter()
                        .copied()
                        .filter(|s| next.unit_at(*s).is_none())
                        .collect();
                    match free.get(pick.below(3)) {
                        Some(s) => Action::Recruit {
                            unit: tablemate::furtherance::UnitName::Kind(KindId(
                                pick.below(next.catalog().len()) as u16,
                            )),
                            square: *s,
                        },
                        None => Action::EndTurn {},
                    }
                }
                2 | 3 => match mine.get(pick.below(mine.len())) {
                    Some(u) => match next.move_options(*u).get(pick.below(9)) {
                        Some(to) => Action::Move { unit: *u, to: *to },
                        None => Action::EndTurn {},
                    },
                    None => Action::EndTurn {},
                },
                _ => {
                    let attack = mine.iter().find_map(|u| {
                        next.attack_options(*u).first().map(|t| Action::AttackUnit {
                            attacker: *u,
                            target: *t,
                        })
                    });
                    attack.unwrap_or(Action::EndTurn {})
                }
            };
            label = "Player action";
            if next.apply(action).is_err() {
                continue;
            }
        }
        if &next != saved.current() {
            saved.history.record(label, next);
        }
    }
    saved
}

/// A Furtherance game as the greedy simulated player plays it (`tablemate furtherance
/// simulate --player greedy`), every action through `Saved::act_one_step` as the window
/// sends it, until the history holds `entries` entries. A decided game goes on after hand
/// edits through `Saved::act` (your castle back to 10 HP, VP to 0), as a table that plays on
/// would, so a history of any length is real play.
#[allow(dead_code)]
pub fn furtherance_greedy(entries: usize, seed: u64) -> Saved<tablemate::furtherance::Game> {
    use tablemate::furtherance::sim::{SimPlayer, Style};
    use tablemate::furtherance::*;
    let game = Game::standard(Settings::default(), seed).expect("standard game");
    let mut saved = Saved {
        title: "Greedy game".into(),
        history: tablemate::history::History::with_capacity("New game", game, entries.max(2)),
    };
    let mut player = SimPlayer::new(Style::Greedy, seed);
    let mut stuck = 0;
    while saved.history.len() < entries && stuck < 100 {
        let game = saved.current();
        let action = match game.outcome() {
            Some(_) if game.castle(Seat::Player).hp == 0 => Action::SetCastleHp {
                castle: Seat::Player,
                hp: 10,
            },
            Some(_) => Action::SetVp { vp: 0 },
            None => match player.choose(game) {
                Some(action) => action,
                None => Action::SetVp { vp: 0 },
            },
        };
        let before = saved.history.len();
        if saved.act_one_step(action).is_err() || saved.history.len() == before {
            stuck += 1;
        }
    }
    saved
}

/// A Worldspanner game of random play (as [`worldspanner_kept`]) kept going to `entries`
/// entries: when no action is accepted any more (the game is over) it is reopened for
/// corrections and random play goes on with what is still allowed (gold, wounds, healing,
/// boosts of random heroes).
#[allow(dead_code)]
pub fn worldspanner_real(entries: usize, seed: u64) -> Saved<tablemate::worldspanner::Game> {
    use tablemate::worldspanner::*;
    let mut saved = worldspanner_kept(entries, seed, entries.max(2));
    let mut pick = Pick::new(seed ^ 0xA5A5);
    let size = 6;
    let mut tries = 0;
    while saved.history.len() < entries && tries < entries * 200 {
        tries += 1;
        if saved.history.len() < entries && tries % 50 == 0 {
            let _ = saved.act(Action::Reopen {});
        }
        let team = [TeamSide::Skyhawks, TeamSide::Psiclones][pick.below(2)];
        let hero = HeroRef {
            team,
            hero: pick.below(size),
        };
        let action = match pick.below(6) {
            0 => Action::NextStep {},
            1 => Action::Gold { hero, change: 1 },
            2 => Action::Wound { hero, wounds: 1 },
            3 => Action::Heal { hero, wounds: 1 },
            4 => Action::GainBoosts { hero, boosts: 1 },
            _ => Action::UseBoost { hero },
        };
        let _ = saved.act(action);
    }
    saved
}
