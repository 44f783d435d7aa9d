//! Furtherance solo: scenario tests from hand-worked positions (with their own unit list, so
//! they do not depend on the bundled sample stats), the CLI, and a long random game that must
//! never lose or duplicate a unit and must keep the hourglass counters.

use std::collections::BTreeSet;

use proptest::prelude::*;

use tablemate::doc::Saved;
use tablemate::furtherance::{
    Action, Board, Catalog, CatalogFile, DeckMode, Difficulty, Game, Outcome, Phase, RuleError,
    Seat, Settings, Square, Step, UnitId,
};
use tablemate::store::Store;

mod cli_kingdom;
mod cli_play;
mod explain;
mod save_check;
mod scripted;
#[path = "../shared/mod.rs"]
mod shared;
mod sim;
mod unknown_fields;
use shared::run;

const UNITS: &str = r#"{
  "data_kind": "furtherance-units",
  "units": [
    {"name": "Knight", "cost": 3, "attack": 2, "hp": 3, "copies": 4},
    {"name": "Fighter", "cost": 2, "attack": 2, "hp": 2, "copies": 4},
    {"name": "Juggernaut", "cost": 5, "attack": 3, "hp": 5, "copies": 4},
    {"name": "Archer", "cost": 3, "attack": 1, "hp": 2, "copies": 2,
     "abilities": ["can-attack-2-spaces-away"]},
    {"name": "Civilians", "cost": 1, "attack": 0, "hp": 2, "copies": 2,
     "abilities": ["field-victory-points"]}
  ]
}"#;

fn catalog() -> Catalog {
    Catalog::try_from(CatalogFile::parse(UNITS).unwrap()).unwrap()
}

fn new_game(settings: Settings) -> Game {
    Game::new(settings, Board::standard(), catalog(), 11)
}

fn sq(t: &str) -> Square {
    Square::parse(t).unwrap()
}

fn place(g: &mut Game, owner: Seat, name: &str, at: &str) -> UnitId {
    let kind = g.catalog().find(name).unwrap();
    g.apply(Action::PlaceUnit {
        owner,
        kind,
        square: sq(at),
    })
    .unwrap();
    g.unit_at(sq(at)).unwrap().id
}

/// Steps until the player's next turn (or the end), every question answered by default.
fn enemy_phase(g: &mut Game) -> Vec<String> {
    // A question of your own turn first (a unit of yours died: research it?).
    while let Some(p) = g.pending() {
        let option = p.default + 1;
        g.apply(Action::Answer { option }).unwrap();
    }
    g.apply(Action::EndTurn {}).unwrap();
    let mut lines = Vec::new();
    loop {
        match g.advance().unwrap() {
            Step::NeedsChoice { .. } => g.answer_default().unwrap(),
            s @ (Step::PlayerTurn { .. } | Step::GameOver { .. }) => {
                lines.push(s.text());
                return lines;
            }
            s => lines.push(s.text()),
        }
    }
}

fn texts(steps: &[Step]) -> Vec<String> {
    steps.iter().map(Step::text).collect()
}

#[test]
fn scenario_a_knight_marches_kills_an_archer_and_is_avenged() {
    let mut g = new_game(Settings::default());
    let fighter = g.catalog().find("Fighter").unwrap();
    g.stack_deck(&[fighter]).unwrap();
    place(&mut g, Seat::Left, "Knight", "a4");
    place(&mut g, Seat::Player, "Archer", "c3");
    let jugg = place(&mut g, Seat::Player, "Juggernaut", "d2");

    // Round 1: the Knight walks two spaces along the arrows and stops beside the Archer.
    assert_eq!(
        enemy_phase(&mut g),
        [
            "Round 1: the Left castle takes its turn",
            "Left castle: Knight moves a4→b4→c4",
            "Left's Knight (c4) attacks your Archer (c3): 2 damage (Archer 2/2); Archer strikes back: 1 damage (Knight 1/3)",
            "Your Archer (c3) dies: pay 2 gold to put it in your research, or discard it",
            "Left castle spawns Fighter at a4 (from the unit deck)",
            "Across castle passes an hourglass counter to the Right castle (9 left)",
            "Round 2: your turn",
        ]
    );

    // Round 2: the Juggernaut steps up and kills the Knight, which still strikes back.
    let knight = g.unit_at(sq("c4")).unwrap().id;
    let steps = g
        .apply(Action::Move {
            unit: jugg,
            to: sq("d4"),
        })
        .unwrap();
    assert_eq!(texts(&steps), ["Your Juggernaut moves d2→d3→d4"]);
    let steps = g
        .apply(Action::AttackUnit {
            attacker: jugg,
            target: knight,
        })
        .unwrap();
    assert_eq!(
        texts(&steps),
        [
            "Your Juggernaut (d4) attacks Left's Knight (c4): 3 damage (Knight 4/3); Knight strikes back: 2 damage (Juggernaut 2/5)",
            "Left's Knight (c4) dies and goes to the Left castle's research",
        ]
    );

    // The Fighter comes through the gap, fights the Juggernaut and dies; the castle then
    // respawns the most expensive unit of its research: the Knight.
    assert_eq!(
        enemy_phase(&mut g),
        [
            "Round 2: the Left castle takes its turn",
            "Left castle: Fighter moves a4→b4→c4",
            "Left's Fighter (c4) attacks your Juggernaut (d4): 2 damage (Juggernaut 4/5); Juggernaut strikes back: 3 damage (Fighter 3/2)",
            "Left's Fighter (c4) dies and goes to the Left castle's research",
            "Left castle spawns Knight at a4 (from its research)",
            "Across castle passes an hourglass counter to the Right castle (8 left)",
            "Round 3: your turn",
        ]
    );
    assert_eq!(
        g.castle(Seat::Left).research,
        [g.catalog().find("Fighter").unwrap()]
    );
    g.check().unwrap();
}

#[test]
fn scenario_hard_game_castles_join_as_their_counters_run_out() {
    let mut g = new_game(Settings {
        difficulty: Difficulty::Hard,
        ..Settings::default()
    });
    let mut joined = Vec::new();
    for _ in 0..12 {
        // The player clears the board by hand each turn, so the castle never falls.
        let enemies: Vec<UnitId> = g
            .units()
            .iter()
            .filter(|u| u.owner != Seat::Player)
            .map(|u| u.id)
            .collect();
        for unit in enemies {
            g.apply(Action::Remove {
                unit,
                to_research: false,
            })
            .unwrap();
        }
        let lines = enemy_phase(&mut g);
        let acting: Vec<&str> = ["Left", "Across", "Right"]
            .into_iter()
            .filter(|c| {
                lines
                    .iter()
                    .any(|l| l.ends_with(&format!("the {c} castle takes its turn")))
            })
            .collect();
        joined.push(acting.len());
        assert_eq!(g.counters_total(), 5);
    }
    // Rounds 1-5: Across feeds Right; 6-10: Across acts, Right passes its 5 counters off.
    assert_eq!(joined, [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3]);
    assert_eq!(g.counters_returned(), 5);
}

#[test]
fn scenario_attacking_across_wakes_it_early() {
    let mut g = new_game(Settings::default());
    let knight = place(&mut g, Seat::Player, "Juggernaut", "d6");
    for _ in 0..2 {
        g.apply(Action::AttackCastle {
            attacker: knight,
            castle: Seat::Across,
        })
        .unwrap();
    }
    assert_eq!(g.castle(Seat::Across).hp, 8);
    assert_eq!(g.castle(Seat::Across).counters, 8);
    assert_eq!(g.castle(Seat::Right).counters, 2);
    assert_eq!(
        g.unit(knight).unwrap().damage,
        2,
        "the castle struck back twice"
    );
    enemy_phase(&mut g);
    // Two more hits drop it to 6 HP; the next to 5, when all its counters pass on.
    for _ in 0..2 {
        g.apply(Action::AttackCastle {
            attacker: knight,
            castle: Seat::Across,
        })
        .unwrap();
    }
    enemy_phase(&mut g);
    g.apply(Action::AttackCastle {
        attacker: knight,
        castle: Seat::Across,
    })
    .unwrap();
    assert_eq!(g.castle(Seat::Across).hp, 5);
    assert_eq!(g.castle(Seat::Across).counters, 0);
    assert_eq!(g.counters_total(), 10);
    let lines = enemy_phase(&mut g);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("the Across castle takes its turn")),
        "{lines:?}"
    );
}

#[test]
fn scenario_defending_the_castle_with_a_unit_inside() {
    let mut g = new_game(Settings::default());
    place(&mut g, Seat::Left, "Knight", "c2");
    let jugg = place(&mut g, Seat::Player, "Juggernaut", "d1");
    g.apply(Action::EndTurn {}).unwrap();
    let mut asked = Vec::new();
    loop {
        match g.advance().unwrap() {
            Step::NeedsChoice {
                question, options, ..
            } => {
                asked.push(question);
                // Defend every time.
                let defend = options
                    .iter()
                    .position(|o| o.starts_with("Defend"))
                    .unwrap();
                g.answer(defend).unwrap();
            }
            Step::PlayerTurn { .. } => break,
            _ => {}
        }
    }
    assert_eq!(
        asked.len(),
        1,
        "the Knight dies on the Juggernaut's first strike back"
    );
    assert_eq!(g.castle(Seat::Player).hp, 10);
    assert_eq!(g.unit(jugg).unwrap().damage, 2);
    assert!(g.units_of(Seat::Left).all(|u| u.square != sq("c2")));
}

#[test]
fn scenario_physical_deck_game_asks_for_every_card() {
    let mut g = new_game(Settings {
        deck_mode: DeckMode::Physical,
        ..Settings::default()
    });
    g.apply(Action::EndTurn {}).unwrap();
    assert!(matches!(g.advance().unwrap(), Step::TurnStarts { .. }));
    let Step::NeedsChoice {
        options, default, ..
    } = g.advance().unwrap()
    else {
        panic!("expected the card question")
    };
    assert_eq!(
        options,
        ["Knight", "Fighter", "Juggernaut", "Archer", "Civilians"]
    );
    assert_eq!(
        options[default], "Knight",
        "the default is a card that can spawn"
    );
    assert!(g.answer(7).is_err());
    g.answer(2).unwrap();
    let Step::Spawn { unit, .. } = g.advance().unwrap() else {
        panic!("expected a spawn")
    };
    assert_eq!(unit.name, "Juggernaut");
}

#[test]
fn a_game_is_saved_and_undone_through_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let mut saved = Saved::new("t", "New game", new_game(Settings::default()));
    saved
        .history
        .apply("End of your turn", |g| g.apply(Action::EndTurn {}))
        .unwrap();
    // One history entry per enemy step, as the app records them.
    while saved.current().is_resolving() {
        let mut next = saved.current().clone();
        let step = next.advance().unwrap();
        if let Step::NeedsChoice { .. } = step {
            next.answer_default().unwrap();
        }
        saved.history.record(step.text(), next);
    }
    store.save("g1", &saved).unwrap();
    let mut back: Saved<Game> = store.load("g1").unwrap();
    assert_eq!(back, saved);
    assert_eq!(back.current().phase(), Phase::Player);
    assert!(back.history.undo().is_some());
    assert!(back.current().is_resolving());
}

#[test]
fn cli_new_creates_a_save_in_the_store_and_prints_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &[
            "furtherance",
            "new",
            "--difficulty",
            "learner",
            "--seed",
            "5",
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out.stdout.trim();
    let store = Store::open(dir.path()).unwrap();
    let saved: Saved<Game> = store.load(id).unwrap();
    assert_eq!(
        saved.summary(),
        "Furtherance solo — Learner — round 1 — castle 10 HP"
    );
    assert_eq!(saved.current().castle(Seat::Across).counters, 16);
    let listed = run(dir.path(), &["list"]);
    assert!(
        listed.stdout.contains("Furtherance solo — Learner"),
        "{}",
        listed.stdout
    );
    let shown = run(dir.path(), &["furtherance", "show", id]);
    assert!(shown.stdout.contains("round 1"), "{}", shown.stdout);
}

/// Runs `simulate --json`, which must succeed: its output and its lines parsed.
fn simulate_json(
    dir: &std::path::Path,
    args: &[&str],
) -> (tablemate::cli::Output, Vec<serde_json::Value>) {
    let out = run(dir, args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out, lines)
}

#[test]
fn cli_simulate_prints_json_lines_ending_with_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "furtherance",
        "simulate",
        "--difficulty",
        "normal",
        "--seed",
        "3",
        "--rounds",
        "40",
        "--json",
    ];
    let (out, lines) = simulate_json(dir.path(), &args);
    let (last, steps) = lines.split_last().unwrap();
    for key in [
        "result",
        "rounds_played",
        "round",
        "castle_hp",
        "vp",
        "steps",
        "seed",
        "difficulty",
        "castles",
        "counters_returned",
    ] {
        assert!(!last[key].is_null(), "final line lacks {key}: {last}");
    }
    assert_eq!(last["result"], "lost", "nobody defends the castle");
    assert_eq!(last["castle_hp"], 0);
    assert_eq!(last["steps"].as_u64().unwrap() as usize, steps.len());
    for s in steps {
        assert!(s["round"].is_u64() && s["step"]["type"].is_string() && s["text"].is_string());
        if s["step"]["type"] == "needs-choice" {
            assert_eq!(s["answer"], s["step"]["default"]);
        }
    }
    // Same seed, same game.
    assert_eq!(run(dir.path(), &args), out);
}

#[test]
fn cli_simulate_with_a_greedy_player_recruits_attacks_and_reports_the_player() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "furtherance",
        "simulate",
        "--player",
        "greedy",
        "--seed",
        "1",
        "--rounds",
        "60",
        "--json",
    ];
    let (out, lines) = simulate_json(dir.path(), &args);
    let (last, steps) = lines.split_last().unwrap();
    assert_eq!(last["player"], "greedy");
    assert_eq!(last["steps"].as_u64().unwrap() as usize, steps.len());
    let has = |t: &str| steps.iter().any(|s| s["step"]["type"] == t);
    assert!(has("recruited"), "the greedy player recruits");
    assert!(has("castle-attacked"), "and attacks castles");
    assert!(has("castle-destroyed"), "and destroys one with seed 1");
    assert_eq!(run(dir.path(), &args), out, "same seed, same game");
    // An unknown player is refused by name.
    let bad = run(
        dir.path(),
        &["furtherance", "simulate", "--player", "clever"],
    );
    assert_ne!(bad.code, 0);
    assert!(bad.stderr.contains("clever"), "{}", bad.stderr);
}

#[test]
fn cli_check_validates_the_bundled_data_files() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, kind) in [
        ("data/furtherance/board.json", "furtherance-board"),
        ("data/furtherance/units.json", "furtherance-units"),
    ] {
        let out = run(root, &["check", root.join(file).to_str().unwrap()]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(out.stdout.contains(kind), "{}", out.stdout);
    }
}

#[test]
fn cli_uses_the_users_board_file_and_names_its_problem() {
    let dir = tempfile::tempdir().unwrap();
    let bundled = run(dir.path(), &["furtherance", "board"]);
    assert_eq!(bundled.code, 0);
    let mut board: serde_json::Value = serde_json::from_str(&bundled.stdout).unwrap();
    // Open the Left kingdom's south wall: the derived arrows must change to use it.
    board["walls"]
        .as_array_mut()
        .unwrap()
        .retain(|w| w["between"] != serde_json::json!(["b3", "c3"]));
    let user = dir.path().join("data/furtherance");
    std::fs::create_dir_all(&user).unwrap();
    std::fs::write(user.join("board.json"), board.to_string()).unwrap();
    // Arrows now cross where no wall stands; the user re-derives them from the walls.
    let derived = run(
        dir.path(),
        &[
            "furtherance",
            "board",
            "--derive",
            user.join("board.json").to_str().unwrap(),
        ],
    );
    assert_eq!(derived.code, 0, "{}", derived.stderr);
    let derived: serde_json::Value = serde_json::from_str(&derived.stdout).unwrap();
    assert_eq!(derived["arrows"]["left"]["b3"], serde_json::json!(["c3"]));
    std::fs::write(user.join("board.json"), derived.to_string()).unwrap();
    let shown = run(dir.path(), &["furtherance", "board"]);
    let shown: serde_json::Value = serde_json::from_str(&shown.stdout).unwrap();
    assert_eq!(shown, derived, "the user's board replaces the bundled one");
    let out = run(dir.path(), &["furtherance", "simulate", "--rounds", "2"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // A broken file is refused with its path and the problem.
    board["castles"]["left"] = serde_json::json!(["a3", "a4"]);
    std::fs::write(user.join("board.json"), board.to_string()).unwrap();
    let out = run(dir.path(), &["furtherance", "simulate", "--rounds", "2"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("board.json") && out.stderr.contains("castles.left"),
        "{}",
        out.stderr
    );
}

// ---- property: a long random game ----

/// Every unit the steps say came into play, minus those they say left it.
fn account(alive: &mut BTreeSet<UnitId>, step: &Step) {
    match step {
        Step::Spawn { unit, .. } | Step::Recruited { unit } => {
            assert!(alive.insert(unit.id), "unit {} appeared twice", unit.id);
        }
        Step::Dies { unit, .. } | Step::Sacrificed { unit, .. } => {
            assert!(alive.remove(&unit.id), "unit {} left twice", unit.id);
        }
        Step::HandEdit { added, removed, .. } => {
            if let Some(u) = added {
                assert!(alive.insert(u.id), "unit {} appeared twice", u.id);
            }
            if let Some(u) = removed {
                assert!(alive.remove(&u.id), "unit {} left twice", u.id);
            }
        }
        Step::CastleDestroyed { discarded, .. } => {
            for u in discarded {
                assert!(alive.remove(&u.id), "unit {} left twice", u.id);
            }
        }
        _ => {}
    }
}

fn play(seed: u64, choices: &[u16]) {
    let mut g = Game::standard(
        Settings {
            difficulty: Difficulty::Hard,
            ..Settings::default()
        },
        seed,
    )
    .unwrap();
    let total = g.counters_total();
    let mut alive = BTreeSet::new();
    for (i, c) in choices.iter().enumerate() {
        let c = usize::from(*c);
        if g.outcome().is_some() {
            // Keep the game going: a hand edit revives it (and exercises that path).
            let mut steps = g
                .apply(Action::SetCastleHp {
                    castle: Seat::Player,
                    hp: 10,
                })
                .unwrap();
            steps.extend(g.apply(Action::SetVp { vp: 0 }).unwrap());
            for s in &steps {
                account(&mut alive, s);
            }
            if g.outcome().is_some() {
                break;
            }
            continue;
        }
        let steps: Vec<Step> = if let Some(p) = g.pending() {
            let n = p.options.len();
            g.answer(c % n).unwrap();
            Vec::new()
        } else if g.phase() == Phase::Enemy || g.is_resolving() {
            match g.advance() {
                Ok(step) => vec![step],
                // The rest of a fight on your turn was silent bookkeeping, now done.
                Err(RuleError::NothingToResolve) => {
                    assert!(
                        !g.is_resolving(),
                        "step {i}: nothing to resolve, yet resolving"
                    );
                    assert_eq!(
                        g.phase(),
                        Phase::Player,
                        "step {i}: silent end outside your turn"
                    );
                    Vec::new()
                }
                Err(e) => panic!("step {i}: advance refused: {e}"),
            }
        } else {
            let mine: Vec<UnitId> = g.units_of(Seat::Player).map(|u| u.id).collect();
            let everyone: Vec<UnitId> = g.units().iter().map(|u| u.id).collect();
            let action = match c % 9 {
                0 => Action::EndTurn {},
                1 => {
                    let free: Vec<Square> = g
                        .board()
                        .castle(Seat::Player)
                        .iter()
                        .copied()
                        .filter(|s| g.unit_at(*s).is_none())
                        .collect();
                    let kinds = g.catalog().len();
                    match free.get(c % 3) {
                        Some(s) => Action::Recruit {
                            unit: tablemate::furtherance::UnitName::Kind(
                                tablemate::furtherance::KindId((c / 7 % kinds) as u16),
                            ),
                            square: *s,
                        },
                        None => Action::EndTurn {},
                    }
                }
                2 | 3 => match mine.get(c / 7 % mine.len().max(1)) {
                    Some(u) => match g.move_options(*u).get(c / 3 % 9) {
                        Some(to) => Action::Move { unit: *u, to: *to },
                        None => Action::EndTurn {},
                    },
                    None => Action::EndTurn {},
                },
                4 | 5 => {
                    let attack = mine.iter().find_map(|u| {
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
                    });
                    attack.unwrap_or(Action::EndTurn {})
                }
                6 => match everyone.get(c / 9 % everyone.len().max(1)) {
                    Some(u) => Action::Remove {
                        unit: *u,
                        to_research: c % 2 == 0,
                    },
                    None => Action::EndTurn {},
                },
                7 => match everyone.get(c / 9 % everyone.len().max(1)) {
                    Some(u) => Action::SetDamage {
                        unit: *u,
                        damage: (c / 90 % 4) as u8,
                    },
                    None => Action::EndTurn {},
                },
                _ => {
                    let free: Vec<Square> = g
                        .board()
                        .squares()
                        .filter(|s| g.unit_at(*s).is_none())
                        .collect();
                    let owner = Seat::ALL[c / 9 % 4];
                    let kinds = g.catalog().len();
                    match free.get(c / 36 % free.len().max(1)) {
                        Some(s) => Action::PlaceUnit {
                            owner,
                            kind: tablemate::furtherance::KindId((c / 5 % kinds) as u16),
                            square: *s,
                        },
                        None => Action::EndTurn {},
                    }
                }
            };
            let before = g.clone();
            match g.apply(action.clone()) {
                Ok(steps) => steps,
                Err(e) => {
                    // Only recruits and placements may be refused here (no copies left, six
                    // units, a castle square of another seat, a destroyed castle).
                    assert!(
                        matches!(action, Action::Recruit { .. } | Action::PlaceUnit { .. }),
                        "step {i}: {action:?} refused: {e}"
                    );
                    assert_eq!(g, before, "a refused action changed the game");
                    Vec::new()
                }
            }
        };
        for s in &steps {
            account(&mut alive, s);
        }
        let on_board: BTreeSet<UnitId> = g.units().iter().map(|u| u.id).collect();
        assert_eq!(
            on_board.len(),
            g.units().len(),
            "a unit id is on the board twice"
        );
        assert_eq!(on_board, alive, "step {i}: the board and the log disagree");
        assert_eq!(g.counters_total(), total, "hourglass counters leaked");
        g.deck_conserved().unwrap();
        if !g.is_resolving() {
            g.check().unwrap();
        }
    }
    if std::env::var_os("FURTHERANCE_DEBUG").is_some() {
        eprintln!(
            "{} ops: round {}, {} units, {:?}",
            choices.len(),
            g.round(),
            g.units().len(),
            g.outcome()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn a_long_random_game_never_loses_or_duplicates_a_unit_and_keeps_its_counters(
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u16>(), 400..800),
    ) {
        play(seed, &choices);
    }
}

#[test]
fn a_game_can_be_won() {
    let mut g = new_game(Settings::default());
    g.apply(Action::SetVp { vp: 3 }).unwrap();
    place(&mut g, Seat::Player, "Civilians", "d4");
    place(&mut g, Seat::Player, "Knight", "c4");
    assert_eq!(g.outcome(), Some(Outcome::Won));
}

/// The whole app: start a game from the home screen, play the enemies' turn, go home.
#[cfg(feature = "gui")]
mod app_flow {
    use tablemate::gui::{App, Message, Screen, Shortcut};

    use crate::shared::app::{click, shows};
    use tablemate::gui::furtherance::{Message as Furt, SetupField};

    /// Types a fixed seed into the setup form: the enemy's draws are the same on every run.
    fn seeded(app: &mut App) {
        let _ = app.update(Furt::Setup(SetupField::Seed("7".into())).into());
    }

    /// Two games started with the same seed in the setup form draw the same enemy units; a
    /// seed that is not a whole number keeps Start disabled and says why.
    #[test]
    fn the_same_seed_typed_at_setup_gives_the_same_game() -> Result<(), iced_test::Error> {
        let start = |seed: &str| -> Result<String, iced_test::Error> {
            let dir = tempfile::tempdir().unwrap();
            let mut app = App::open(dir.path().to_path_buf());
            click(&mut app, "Furtherance solo")?;
            let _ = app.update(Furt::Setup(SetupField::Seed(seed.into())).into());
            click(&mut app, "Start game")?;
            click(&mut app, "End turn: the enemies go")?;
            click(&mut app, "Run to end")?;
            let Screen::Furtherance(s) = &app.screen else {
                panic!("not on Furtherance");
            };
            Ok(serde_json::to_string(s.game().expect("a game")).unwrap())
        };
        assert_eq!(start("41")?, start("41")?, "same seed, same draws");
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        click(&mut app, "Furtherance solo")?;
        let _ = app.update(Furt::Setup(SetupField::Seed("forty".into())).into());
        assert!(shows(
            &app,
            "The seed must be a whole number (0 to 18446744073709551615)."
        ));
        let mut ui = iced_test::simulator(app.view());
        ui.click("Start game")?;
        assert_eq!(
            ui.into_messages().count(),
            0,
            "Start is disabled while the seed is not a number"
        );
        Ok(())
    }

    #[test]
    fn a_game_started_from_home_is_saved_after_every_step_and_listed_with_its_summary()
    -> Result<(), iced_test::Error> {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        click(&mut app, "Furtherance solo")?;
        seeded(&mut app);
        click(&mut app, "Start game")?;
        assert!(shows(&app, "Round 1 · Your turn"));
        click(&mut app, "End turn: the enemies go")?;
        click(&mut app, "Run to end")?;
        assert!(shows(&app, "Round 2 · Your turn"));
        let _ = app.update(Message::Shortcut(Shortcut::Undo));
        assert!(shows(&app, "Round 1 · The enemies' turn"));
        let _ = app.update(Message::Shortcut(Shortcut::Redo));
        let _ = app.update(Message::Shortcut(Shortcut::Back));
        assert!(matches!(app.screen, Screen::Home(_)));
        assert!(shows(
            &app,
            "Furtherance solo — Normal — round 2 — castle 10 HP"
        ));
        Ok(())
    }

    /// docs/table-ux.md 7: the frequent actions of a game have keys. E ends the turn, Space steps the
    /// enemies' turn, R runs it to the end; a key stands for nothing while the help covers
    /// the screen.
    #[test]
    fn the_turn_is_played_from_the_keyboard() -> Result<(), iced_test::Error> {
        use tablemate::gui::screen::Keypress;
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        click(&mut app, "Furtherance solo")?;
        seeded(&mut app);
        click(&mut app, "Start game")?;
        assert!(shows(&app, "Round 1 · Your turn"));
        let revision = |app: &App| app.screen.document().map(|d| d.revision());
        let start = revision(&app);
        let _ = app.update(Message::Key(Keypress::Char('n')));
        assert_eq!(revision(&app), start, "N does nothing on your own turn");
        let _ = app.update(Message::ToggleHelp);
        let _ = app.update(Message::Key(Keypress::Char('e')));
        assert_eq!(revision(&app), start, "keys wait while the help is open");
        let _ = app.update(Message::ToggleHelp);
        let _ = app.update(Message::Key(Keypress::Char('e')));
        assert!(
            shows(&app, "Round 1 · The enemies' turn"),
            "E ended the turn"
        );
        let stepped = revision(&app);
        let _ = app.update(Message::Key(Keypress::Space));
        assert_ne!(revision(&app), stepped, "Space took the next step");
        let _ = app.update(Message::Key(Keypress::Char('r')));
        assert!(
            shows(&app, "Round 2 · Your turn"),
            "R ran the enemies' turn to its end"
        );
        Ok(())
    }
}
