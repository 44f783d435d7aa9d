//! Helpers for the engine's unit tests: hand-worked positions on the standard board.

use super::*;

pub fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

pub fn game_with(settings: Settings) -> Game {
    Game::standard(settings, 7).unwrap()
}

pub fn game() -> Game {
    game_with(Settings::default())
}

pub fn kind(g: &Game, name: &str) -> KindId {
    g.catalog()
        .find(name)
        .unwrap_or_else(|| panic!("no unit {name}"))
}

/// Puts a unit on the board by hand edit and returns its id.
pub fn place(g: &mut Game, owner: Seat, name: &str, square: &str) -> UnitId {
    let kind = kind(g, name);
    g.apply(Action::PlaceUnit {
        owner,
        kind,
        square: sq(square),
    })
    .unwrap();
    g.unit_at(sq(square)).unwrap().id
}

/// Runs everything in hand, answering every question with its default.
pub fn run_defaults(g: &mut Game) -> Vec<Step> {
    let mut steps = Vec::new();
    for _ in 0..10_000 {
        match g.advance() {
            Ok(Step::NeedsChoice { .. }) => {
                g.answer_default().unwrap();
            }
            Ok(step @ Step::GameOver { .. }) => {
                steps.push(step);
                break;
            }
            Ok(step) => steps.push(step),
            Err(_) => break,
        }
    }
    steps
}

/// Ends the player's turn and runs the enemy phase with default answers.
pub fn enemy_phase(g: &mut Game) -> Vec<Step> {
    g.apply(Action::EndTurn {}).unwrap();
    run_defaults(g)
}
