//! `tablemate furtherance ...`: start a solo game in the store, let the enemies play a
//! simulated player (`simulate --player none|random|greedy`, JSON lines documented in
//! docs/furtherance.md), print or
//! re-derive the board file, and show a saved game.

use std::fmt::Write as _;
use std::path::Path;

use clap::Subcommand;
use serde_json::json;

mod args;
mod data;
mod play;
mod simulate;

use super::Output;
use crate::doc::Saved;
use crate::furtherance::{Action, Game, Settings};
use crate::store::Store;
use play::{Pace, Play};
pub use args::*;
pub use data::{load_cards, load_data};
use data::{board, units};
pub use simulate::{Run, simulate};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a solo game and save it; prints the new save's id.
    New {
        #[arg(long, value_enum, default_value = "normal")]
        difficulty: DifficultyArg,
        /// Seed of the digital unit deck (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, value_enum, default_value = "digital")]
        deck: DeckArg,
        #[command(flatten)]
        rules: RuleArgs,
        /// The save's title (default: "Furtherance solo — <difficulty>").
        #[arg(long)]
        title: Option<String>,
        /// Your leader, by name (default: one drawn at random from the seed, as the solo
        /// setup says).
        #[arg(long)]
        leader: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Let the enemies play against a simulated player, printing every step.
    Simulate {
        #[arg(long, value_enum, default_value = "normal")]
        difficulty: DifficultyArg,
        /// Who plays your side (its choices are seeded from --seed too).
        #[arg(long, value_enum, default_value = "none")]
        player: PlayerArg,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Rounds to play (the game may end sooner).
        #[arg(long, default_value_t = 10)]
        rounds: u32,
        #[command(flatten)]
        rules: RuleArgs,
        /// One JSON object per line (see docs/furtherance.md).
        #[arg(long)]
        json: bool,
        /// Store the simulated game, with every step as a history entry as in the app, and
        /// print the save's id on the last line.
        #[arg(long)]
        save: bool,
    },
    /// Print the board file in use (yours if you replaced it), or re-derive the arrows and
    /// spawn order of FILE from its walls.
    Board {
        /// A board file whose arrows and spawn order to derive again.
        #[arg(long)]
        derive: Option<std::path::PathBuf>,
    },
    /// Print the units file in use (yours if you replaced it): copy it, edit it, check it.
    Units,
    /// Why the enemy did what it did, and why not something else: every step of history entry
    /// STEP (as `tablemate history ID` numbers them; default the current one) with its
    /// reasons and the rules behind them.
    Why {
        id: String,
        step: Option<usize>,
        #[arg(long)]
        json: bool,
        /// After the lines, the rules digest entry each "Why" and "Why not" cites.
        #[arg(long)]
        rules: bool,
    },
    /// Show a saved game: the board, its units with their ids and HP, castles, your book, and
    /// a waiting question with its options numbered.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
    /// End your turn in save ID. The enemies play on until your next turn, a question or the
    /// end of the game; with --step they stop after their first step (go on with `next`).
    EndTurn {
        id: String,
        /// Stop after each enemy step: one step now, the next with `tablemate furtherance next`.
        #[arg(long)]
        step: bool,
        /// After each step, why it happened and what the rules ruled out.
        #[arg(long)]
        explain: bool,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// One more step of the enemies' turn (or of a fight) in save ID; with --all, on until
    /// your turn, a question or the end. Always stops at a question.
    Next {
        id: String,
        #[arg(long)]
        all: bool,
        #[arg(long)]
        explain: bool,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// A worker collects 4 gold (WORKERS: Mine).
    Mine {
        id: String,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// A worker buys one or two items, by name, from the market or your research.
    Buy {
        id: String,
        #[arg(required = true, num_args = 1..=2)]
        items: Vec<String>,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// A worker starts a building, by name, from the market or your research.
    Build {
        id: String,
        building: String,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// A worker removes a turn counter from a building or upgraded worker, by name.
    Develop {
        id: String,
        card: String,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// Adopt your data files in save ID: the board, units, buildings, items, upgraded workers
    /// and leaders files now in use (yours where you have them) replace the game's copies
    /// where they differ, as one undoable hand edit naming what changed (the window's
    /// "Adopt them in this game"). Refused, with the reason, if the game could not stand on
    /// them.
    Adopt {
        id: String,
        /// After a refusal, the rules digest entry it cites.
        #[arg(long)]
        rules: bool,
    },
    /// Discard one of your buildings, by name, to make room for another: only with 7, the
    /// most allowed; no worker (BUILDINGS). --at N (as `show` lists your buildings, from 1)
    /// picks one of several alike.
    DiscardBuilding {
        id: String,
        building: String,
        #[arg(long)]
        at: Option<usize>,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// A worker recruits UNIT (a name from the units market or your research) into SQUARE
    /// of your castle and pays its cost.
    Recruit {
        id: String,
        unit: String,
        square: String,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// A worker looks at the top three cards of DECK (units, items or buildings) and keeps
    /// one: the choice is a question (`answer`).
    Research {
        id: String,
        deck: String,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// A worker pays 5 gold for an upgraded worker: the choice is a question (`answer`).
    Upgrade {
        id: String,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// Use an item you hold, on your unit --unit N where the item needs one.
    UseItem {
        id: String,
        item: String,
        #[arg(long)]
        unit: Option<u32>,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// Use your leader's power: Audric puts a +1 HP counter on your unit --unit N; Dedric
    /// acquires --card NAME (a unit onto --square) without a worker. (Payne: `develop` his
    /// card; Trosh's power works by itself.)
    Leader {
        id: String,
        #[arg(long)]
        unit: Option<u32>,
        #[arg(long)]
        card: Option<String>,
        #[arg(long)]
        square: Option<String>,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
    /// Answer the waiting question of save ID with option N (1-based, as `show` numbers it).
    /// The enemies then play on, or with --step take one step.
    Answer {
        id: String,
        #[arg(value_parser = clap::value_parser!(u64).range(1..))]
        option: u64,
        #[arg(long)]
        step: bool,
        #[arg(long)]
        explain: bool,
        /// After a refusal or the explanations, the rules digest entry each cites.
        #[arg(long)]
        rules: bool,
    },
}




pub fn execute(command: Command, root: &Path) -> Output {
    match command {
        Command::New {
            difficulty,
            seed,
            deck,
            rules,
            title,
            leader,
            json,
        } => new_game(
            root,
            settings(difficulty, deck, rules),
            seed,
            title,
            leader.as_deref(),
            json,
        ),
        Command::Simulate {
            difficulty,
            player,
            seed,
            rounds,
            rules,
            json,
            save,
        } => simulate(
            root,
            settings(difficulty, DeckArg::Digital, rules),
            Run {
                player: player.into(),
                seed,
                rounds,
                json,
                save,
            },
        ),
        Command::Board { derive } => board(root, derive.as_deref()),
        Command::Units => units(root),
        Command::Show { id, json } => play::show(root, &id, json),
        Command::Why {
            id,
            step,
            json,
            rules,
        } => why(root, &id, step, json, rules),
        Command::EndTurn {
            id,
            step,
            explain,
            rules,
        } => {
            let pace = if step { Pace::Step } else { Pace::RunOn };
            play::play(root, &id, Play::EndTurn, pace, explain, rules)
        }
        Command::Next {
            id,
            all,
            explain,
            rules,
        } => {
            let pace = if all { Pace::RunOn } else { Pace::Step };
            play::play(root, &id, Play::Next, pace, explain, rules)
        }
        Command::Answer {
            id,
            option,
            step,
            explain,
            rules,
        } => {
            let pace = if step { Pace::Step } else { Pace::RunOn };
            let option = usize::try_from(option).unwrap_or(usize::MAX);
            play::play(root, &id, Play::Answer(option), pace, explain, rules)
        }
        Command::Mine { id, rules } => worker(root, &id, Ok(Action::Mine {}), rules),
        Command::Leader {
            id,
            unit,
            card,
            square,
            rules,
        } => {
            let square = match square.as_deref().map(crate::furtherance::Square::parse) {
                None => Ok(None),
                Some(Ok(sq)) => Ok(Some(sq)),
                Some(Err(e)) => Err(e),
            };
            let action = square.map(|square| Action::LeaderPower {
                unit: unit.map(crate::furtherance::UnitId),
                card,
                square,
            });
            worker(root, &id, action, rules)
        }
        Command::Buy { id, items, rules } => worker(root, &id, Ok(Action::Buy { items }), rules),
        Command::Build {
            id,
            building,
            rules,
        } => worker(root, &id, Ok(Action::Build { building }), rules),
        Command::Develop { id, card, rules } => {
            worker(root, &id, Ok(Action::Develop { card }), rules)
        }
        Command::Adopt { id, rules } => adopt(root, &id, rules),
        Command::DiscardBuilding {
            id,
            building,
            at,
            rules,
        } => worker(
            root,
            &id,
            Ok(Action::DiscardBuilding { building, at }),
            rules,
        ),
        Command::Recruit {
            id,
            unit,
            square,
            rules,
        } => {
            let action = crate::furtherance::Square::parse(&square)
                .map(|square| Action::Recruit {
                    unit: crate::furtherance::UnitName::Name(unit),
                    square,
                });
            worker(root, &id, action, rules)
        }
        Command::Research { id, deck, rules } => {
            let action = crate::furtherance::Market::parse(&deck)
                .map(|deck| Action::Research { deck })
                .ok_or_else(|| format!("{deck:?} is not a deck: units, items or buildings"));
            worker(root, &id, action, rules)
        }
        Command::Upgrade { id, rules } => worker(root, &id, Ok(Action::Upgrade {}), rules),
        Command::UseItem {
            id,
            item,
            unit,
            rules,
        } => worker(
            root,
            &id,
            Ok(Action::UseItem {
                item,
                unit: unit.map(crate::furtherance::UnitId),
            }),
            rules,
        ),
    }
}

/// `adopt ID`: the data files in use that differ from the game's copy, adopted as one entry.
fn adopt(root: &Path, id: &str, rules: bool) -> Output {
    let (_, saved) = match crate::cli::open_save::<Game>(root, id) {
        Ok(opened) => opened,
        Err(out) => return out,
    };
    let data = load_data(root).and_then(|(board, catalog)| {
        let cards = load_cards(root)?;
        Ok(saved.current().differing_data(&board, &catalog, &cards))
    });
    match data {
        Err(e) => Output::fail(format!("tablemate: {e}\n")),
        Ok(None) => Output::ok("This game already uses your data files: nothing to adopt.\n"),
        Ok(Some(data)) => worker(
            root,
            id,
            Ok(Action::AdoptData {
                data: Box::new(data),
            }),
            rules,
        ),
    }
}

/// A worker's action (or an item used) in save ID, through `Saved::act`.
// Kept String: parse errors of several types (a square, a market) meet here, each printed
// as the command's one failure line.
fn worker(root: &Path, id: &str, action: Result<Action, String>, rules: bool) -> Output {
    match action {
        Ok(action) => play::play(root, id, Play::Act(action), Pace::RunOn, false, rules),
        Err(e) => Output::fail(format!("tablemate: {e}\n")),
    }
}

fn new_game(
    root: &Path,
    settings: Settings,
    seed: Option<u64>,
    title: Option<String>,
    leader: Option<&str>,
    json: bool,
) -> Output {
    let (board, catalog, cards) = match data::load_all(root) {
        Ok(d) => d,
        Err(out) => return out,
    };
    let leader = match leader {
        None => None,
        Some(name) => match cards.find(crate::furtherance::CardKind::Leader, name) {
            Some(l) => Some(l),
            None => {
                let names: Vec<&str> = cards.leaders.iter().map(|c| c.name.as_str()).collect();
                return Output::fail(format!(
                    "tablemate: no leader called {name:?} (the leaders: {})\n",
                    names.join(", ")
                ));
            }
        },
    };
    let seed = seed.unwrap_or_else(crate::deck::fresh_seed);
    let game = Game::setup(settings, board, catalog, cards, seed, leader);
    let title =
        title.unwrap_or_else(|| format!("Furtherance solo — {}", settings.difficulty.title()));
    let saved = Saved::new(title, "New game", game);
    let store = match crate::cli::open_store(root) {
        Ok(s) => s,
        Err(out) => return out,
    };
    let id = store.new_id(crate::doc::Kind::Furtherance);
    if let Err(e) = store.save(&id, &saved) {
        return Output::fail(format!("tablemate: {e}\n"));
    }
    if json {
        Output::json(&json!({ "id": id, "summary": saved.summary(), "seed": seed }))
    } else {
        Output::ok(format!("{id}\n"))
    }
}


/// The explanation of history entry `index` of `saved`: its label, then each step with its
/// "Why:" and "Why not:" lines.
fn why_text(saved: &Saved<Game>, index: usize) -> String {
    let entries = saved.history.entries();
    let Some(entry) = entries.get(index) else {
        return String::new();
    };
    let mut s = format!("{index}: {}\n", entry.label);
    let explained = match saved.history.state(index) {
        Ok(state) => state.explained(),
        Err(e) => return format!("{s}  This entry cannot be rebuilt: {e}\n"),
    };
    if explained.is_empty() {
        s += "  Nothing for the rules to explain: your own action or answer, or the game's start.\n";
    }
    for e in explained {
        for line in e.text().lines() {
            let _ = writeln!(s, "  {line}");
        }
    }
    s
}

/// `tablemate furtherance why ID [STEP]`.
fn why(root: &Path, id: &str, step: Option<usize>, json: bool, rules: bool) -> Output {
    let saved: Saved<Game> = match Store::open(root).and_then(|s| s.load(id)) {
        Ok(s) => s,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let last = saved.history.entries().len().saturating_sub(1);
    let index = step.unwrap_or(saved.history.cursor());
    if index > last {
        return Output::fail(format!(
            "tablemate: save {id} has no history entry {index}: its entries are numbered 0 to {last} (tablemate history {id})\n"
        ));
    }
    if json {
        let entry = &saved.history.entries()[index];
        let state = match saved.history.state(index) {
            Ok(state) => state,
            Err(e) => {
                return Output::fail(format!(
                    "tablemate: history entry {index} of {id} cannot be rebuilt: {e}\n"
                ));
            }
        };
        let steps: Vec<serde_json::Value> = state
            .explained()
            .iter()
            .map(|e| {
                let texts = |rs: &[crate::furtherance::Reason]| {
                    rs.iter()
                        .map(crate::furtherance::describe)
                        .collect::<Vec<_>>()
                };
                let refs = |rs: &[crate::furtherance::Reason]| {
                    rs.iter().map(|r| r.rule().entry()).collect::<Vec<_>>()
                };
                json!({
                    "text": e.step.text(),
                    "step": e.step,
                    "why": e.reasons.why,
                    "why_not": e.reasons.why_not,
                    "why_text": texts(&e.reasons.why),
                    "why_not_text": texts(&e.reasons.why_not),
                    "why_rules": refs(&e.reasons.why),
                    "why_not_rules": refs(&e.reasons.why_not),
                })
            })
            .collect();
        return Output::json(&json!({
            "id": id,
            "entry": index,
            "label": entry.label,
            "steps": steps,
        }));
    }
    let mut text = why_text(&saved, index);
    if rules {
        text += &crate::cli::cite::entries(root, &rules_of(&saved, index..=index));
    }
    Output::ok(text)
}

/// The rules digest entries the "Why" and "Why not" lines of history entries `range` cite,
/// in the order they appear.
pub(super) fn rules_of(
    saved: &Saved<Game>,
    range: std::ops::RangeInclusive<usize>,
) -> Vec<crate::rules::RuleRef> {
    range
        .filter_map(|i| saved.history.state(i).ok())
        .flat_map(|state| {
            state
                .explained()
                .iter()
                .flat_map(|e| e.reasons.why.iter().chain(&e.reasons.why_not))
                .map(|r| r.rule().entry())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// For `tablemate act --explain --rules`: the entries cited after history entry `before`.
pub fn rules_since(root: &Path, id: &str, before: usize) -> Vec<crate::rules::RuleRef> {
    let Some(saved) = Store::open(root)
        .ok()
        .and_then(|s| s.load::<Game>(id).ok())
    else {
        return Vec::new();
    };
    rules_of(&saved, before + 1..=saved.history.cursor())
}

/// For `tablemate act --explain`: the explanations of the history entries after `before`
/// up to the current one, or `None` when the save is not a Furtherance game.
pub fn explain_since(root: &Path, id: &str, before: usize) -> Option<String> {
    let saved: Saved<Game> = Store::open(root).ok()?.load(id).ok()?;
    let cursor = saved.history.cursor();
    Some(
        (before + 1..=cursor)
            .map(|i| why_text(&saved, i))
            .collect(),
    )
}

/// The current history entry of a Furtherance save, if it is one.
pub fn cursor_of(root: &Path, id: &str) -> Option<usize> {
    let saved: Saved<Game> = Store::open(root).ok()?.load(id).ok()?;
    Some(saved.history.cursor())
}
