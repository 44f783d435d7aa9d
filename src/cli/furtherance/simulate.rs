//! `tablemate furtherance simulate`: the enemies play a whole game against a simulated player
//! (`furtherance::sim`), every action through `Saved::act_one_step` as the window sends it,
//! printed as text or JSON lines (docs/furtherance.md).

use std::fmt::Write as _;
use std::path::Path;

use serde_json::json;

use super::super::Output;
use crate::doc::Saved;
use crate::furtherance::sim::{Played, SimPlayer, Style, play_out};
use super::data;
use crate::furtherance::{Action, Game, Seat, Settings, Step};
use crate::store::Store;

/// How `simulate` runs: who plays your side, the seed, how many rounds, JSON lines or
/// text, stored or not.
#[derive(Debug, Clone, Copy)]
pub struct Run {
    pub player: Style,
    pub seed: u64,
    pub rounds: u32,
    pub json: bool,
    pub save: bool,
}

/// Runs `rounds` rounds with the simulated player `run.player` (furtherance::sim), every
/// action through `Saved::act_one_step` as the window sends it. Prints every step; a question
/// is printed when it is answered, with the answer. With `save` the game is stored, every
/// action a history entry labelled as the app labels it.
pub fn simulate(root: &Path, settings: Settings, run: Run) -> Output {
    let Run {
        player,
        seed,
        rounds,
        json,
        save,
    } = run;
    let (board, catalog, cards) = match data::load_all(root) {
        Ok(d) => d,
        Err(out) => return out,
    };
    let game = Game::setup(settings, board, catalog, cards, seed, None);
    // Room for every action of every round, so the whole game is kept, up to what a save may
    // hold when read back: a longer simulation keeps its last `MAX_ENTRIES` entries (capped,
    // not refused: docs/furtherance.md).
    let capacity = crate::history::DEFAULT_CAPACITY
        .max((rounds as usize).saturating_mul(150))
        .min(crate::history::MAX_ENTRIES);
    let mut saved = Saved {
        title: format!(
            "Furtherance solo — {} — simulated ({}), seed {seed}",
            settings.difficulty.title(),
            player.as_str()
        ),
        history: crate::history::History::with_capacity("New game", game, capacity),
    };
    let mut out = String::new();
    let mut steps = 0u64;
    let mut played = 0;
    let mut emit = |round: u32, step: &Step, answer: Option<usize>, out: &mut String| {
        steps += 1;
        if json {
            let mut line = json!({ "round": round, "step": step, "text": step.text() });
            if let Some(a) = answer {
                line["answer"] = json!(a);
            }
            out.push_str(&line.to_string());
            out.push('\n');
        } else {
            let _ = writeln!(out, "{}", step.text());
        }
    };
    let mut sim = SimPlayer::new(player, seed);
    let finished = play_out(&mut saved, &mut sim, rounds, |p: Played<'_>| {
        let game = p.saved.current();
        if let Action::EndTurn {} = p.action {
            played += 1;
        }
        if let (Some(asked), Action::Answer { option }) = (&p.asked, p.action) {
            emit(game.round(), asked, Some(option - 1), &mut out);
        }
        for e in game.explained() {
            // A question is printed with its answer; the end with the result line.
            if !matches!(e.step, Step::NeedsChoice { .. } | Step::GameOver { .. }) {
                emit(game.round(), &e.step, None, &mut out);
            }
        }
    });
    if let Err(e) = finished {
        return Output::fail(format!("{out}tablemate: {e}\n"));
    }
    let game = saved.current();
    let result = match game.outcome() {
        Some(o) => format!("{o:?}").to_lowercase(),
        None => "undecided".to_string(),
    };
    if json {
        let castles: serde_json::Map<String, serde_json::Value> = Seat::ALL
            .iter()
            .copied()
            .map(|s| {
                let c = game.castle(s);
                (
                    s.as_str().to_string(),
                    json!({
                        "hp": c.hp,
                        "counters": c.counters,
                        "units": game.units_of(s).count(),
                        "research": c.research.len(),
                    }),
                )
            })
            .collect();
        let line = json!({
            "result": result,
            "rounds_played": played,
            "round": game.round(),
            "castle_hp": game.castle(Seat::Player).hp,
            "vp": game.total_vp(),
            "steps": steps,
            "seed": seed,
            "difficulty": settings.difficulty,
            "player": player.as_str(),
            "castles": castles,
            "counters_returned": game.counters_returned(),
        });
        out.push_str(&line.to_string());
        out.push('\n');
    } else {
        let _ = writeln!(
            out,
            "Result: {result} after {played} round(s); your castle at {} HP, {} VP",
            game.castle(Seat::Player).hp,
            game.total_vp()
        );
    }
    if save {
        let store = match Store::open(root) {
            Ok(s) => s,
            Err(e) => return Output::fail(format!("{out}tablemate: {e}\n")),
        };
        let id = store.new_id(crate::doc::Kind::Furtherance);
        if let Err(e) = store.save(&id, &saved) {
            return Output::fail(format!("{out}tablemate: {e}\n"));
        }
        if json {
            out.push_str(&json!({ "id": id }).to_string());
            out.push('\n');
        } else {
            let _ = writeln!(out, "{id}");
        }
    }
    Output::ok(out)
}
