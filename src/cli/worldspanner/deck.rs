//! `tablemate worldspanner deck ...`: the deck editor without a window. It works on the same
//! deck in progress as the window's editor (the draft in the data folder), one card line at a
//! time, and saves the finished deck as a team's deck, swaps it into a game (an action through
//! `Saved::act`, like the window's "Use in this game"), or exports and imports it
//! (docs/worldspanner.md, "The deck editor").

use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde_json::json;

use super::super::Output;
use crate::store::challenge_decks::{load_deck, read_draft, save_team_deck, write_draft};
use crate::store::{Store, StoreError};
use crate::worldspanner::deckfile::card_line;
use crate::worldspanner::{Action, DeckEditor, DeckFile, TeamSide};

#[derive(Debug, Subcommand)]
pub enum Deck {
    /// The deck in progress: its name, "17 of 36", every card line and the warnings.
    Show {
        #[arg(long)]
        json: bool,
    },
    /// Start a new, empty deck called NAME (refused over cards already typed unless --force).
    New {
        name: String,
        #[arg(long)]
        force: bool,
    },
    /// Rename the deck in progress.
    Name { name: String },
    /// Add the next card, typed as one line as in the window's deck editor.
    ///
    /// Either the thresholds, fail squeak pass amaze hit luck domes [AI symbol]: the lowest
    /// difference showing that face or better, n for never, then where the Hit bar starts:
    ///
    ///   tablemate worldspanner deck add "-4 -2 0 3 -1 3 3-4"
    ///
    /// or the rows as printed, -6 first (A Amaze, P Pass, S Squeak, F Fail, X Fopp; H where
    /// the blue bar is), then Luck and the Dome range:
    ///
    ///   tablemate worldspanner deck add "XXFFSSPPPPAAA ....HHHHHHHHH 3 1 or 6"
    #[command(verbatim_doc_comment)]
    Add {
        /// The card as one line (quoted), e.g. "-4 -2 0 3 -1 3 3-4".
        #[arg(allow_hyphen_values = true)]
        line: String,
    },
    /// Correct card N (1-based) with a new line.
    Edit {
        number: usize,
        #[arg(allow_hyphen_values = true)]
        line: String,
    },
    /// Take card N (1-based) out; the cards after it move up.
    Remove { number: usize },
    /// Load TEAM's saved deck (or the sample) into the editor, replacing the deck in progress
    /// (refused over cards already typed unless --force).
    Load {
        team: String,
        #[arg(long)]
        force: bool,
    },
    /// Save the finished deck as TEAM's deck: new games use it.
    Save { team: String },
    /// Swap the finished deck into the open game ID as TEAM's deck, freshly shuffled (one
    /// labelled history entry, as the window's "Use in this game").
    Use {
        id: String,
        #[arg(long)]
        team: String,
    },
    /// Write the finished deck to FILE (an existing file only with --force).
    Export {
        file: PathBuf,
        #[arg(long)]
        force: bool,
    },
    /// Read a deck file into the editor (refused over cards already typed unless --force).
    Import {
        file: PathBuf,
        #[arg(long)]
        force: bool,
    },
}

fn team(value: &str) -> Result<TeamSide, Output> {
    TeamSide::parse(value.trim())
        .ok_or_else(|| Output::failed(format!("team {value:?}: use skyhawks or psiclones")))
}

/// The deck in progress, or a new one when there is none.
fn draft(store: &Store) -> Result<DeckEditor, Output> {
    Ok(read_draft(store)
        .map_err(Output::failed)?
        .unwrap_or_else(|| DeckEditor::new("My deck")))
}

fn keep(store: &Store, deck: &DeckEditor) -> Result<(), Output> {
    write_draft(store, deck)
        .map(|_| ())
        .map_err(|e| Output::failed(format!("the deck in progress could not be saved: {e}")))
}

/// Refuses to replace typed cards unless the player said so.
fn replacing(deck: &DeckEditor, force: bool) -> Result<(), Output> {
    if force || deck.cards().is_empty() {
        Ok(())
    } else {
        Err(Output::failed(format!(
            "the deck in progress ({:?}) already holds {}: pass --force to replace it",
            deck.name,
            deck.progress()
        )))
    }
}

fn finished(deck: &DeckEditor) -> Result<DeckFile, Output> {
    deck.finish()
        .map_err(|e| Output::failed(format!("the deck is not finished ({}): {e}", deck.progress())))
}

pub fn run(command: Deck, root: &Path) -> Result<Output, Output> {
    let store = crate::cli::open_store(root)?;
    let mut deck = draft(&store)?;
    let said = match command {
        Deck::Show { json } => return Ok(show(&deck, json)),
        Deck::New { name, force } => {
            replacing(&deck, force)?;
            deck = DeckEditor::new(name.trim());
            format!("New deck {:?}: card 1 of 36 next", deck.name)
        }
        Deck::Name { name } => {
            deck.name = name.trim().to_string();
            format!("The deck is now called {:?}", deck.name)
        }
        Deck::Add { line } => {
            let card = deck.add_line(&line).map_err(Output::failed)?;
            let added = format!("Card {} added: {}", card.number(), card.describe());
            format!("{added}; {}", deck.progress())
        }
        Deck::Edit { number, line } => {
            deck.replace_line(number, &line)
                .map_err(Output::failed)?;
            format!("Card {number} corrected")
        }
        Deck::Remove { number } => {
            deck.remove(number).map_err(Output::failed)?;
            format!("Card {number} removed; {}", deck.progress())
        }
        Deck::Load { team: t, force } => {
            let side = team(&t)?;
            replacing(&deck, force)?;
            let info = load_deck(Some(root), side);
            let mut loaded = DeckEditor::new(info.name.clone());
            for c in &info.cards {
                loaded.add_line(&card_line(c)).map_err(Output::failed)?;
            }
            if info.sample {
                loaded.name = format!("My {} deck", side.name());
            }
            deck = loaded;
            let mut s = format!("Loaded {}'s deck {:?} ({})", side.name(), info.name, deck.progress());
            if let Some(p) = info.problem {
                s += &format!("\n  {p}");
            }
            s
        }
        Deck::Save { team: t } => {
            let side = team(&t)?;
            let file = finished(&deck)?;
            let path = save_team_deck(&store, side, &file).map_err(Output::failed)?;
            return Ok(Output::ok(format!(
                "Saved {:?} as the {} deck ({}); new games use it\n",
                file.name,
                side.name(),
                path.display()
            )));
        }
        Deck::Use { id, team: t } => {
            let side = team(&t)?;
            let file = finished(&deck)?;
            let action = Action::ReplaceDeck {
                team: side,
                name: file.name,
                cards: file.cards,
            };
            let json = serde_json::to_string(&action).map_err(Output::failed)?;
            // The store's lock is let go first: `act` opens the data folder itself.
            drop(store);
            return Ok(super::super::act::act(root, &id, &[json], false));
        }
        Deck::Export { file, force } => {
            let finished = finished(&deck)?;
            return match crate::store::write_file(&file, finished.to_json().as_bytes(), force) {
                Ok(()) => Ok(Output::ok(format!(
                    "Exported {:?} (36 cards) to {}\n",
                    finished.name,
                    file.display()
                ))),
                Err(StoreError::Exists { path }) => Err(Output::failed(format!(
                    "{} already exists: pass --force to replace it",
                    path.display()
                ))),
                Err(e) => Err(Output::failed(e)),
            };
        }
        Deck::Import { file, force } => {
            let text = crate::store::read_text(&file).map_err(Output::failed)?;
            let parsed = DeckFile::parse(&text)
                .map_err(|e| Output::failed(format!("not imported: {}: {e}", file.display())))?;
            replacing(&deck, force)?;
            deck = DeckEditor::from_file(&parsed);
            format!("Imported {:?} ({}) from {}", deck.name, deck.progress(), file.display())
        }
    };
    keep(&store, &deck)?;
    Ok(Output::ok(said + "\n"))
}

fn show(deck: &DeckEditor, json: bool) -> Output {
    let lines: Vec<String> = deck.cards().iter().map(card_line).collect();
    if json {
        return Output::json(&json!({
            "name": deck.name,
            "entered": deck.progress().entered,
            "total": deck.progress().total,
            "complete": deck.is_complete(),
            "cards": lines,
            "warnings": deck.warnings(),
        }));
    }
    let mut s = format!("{} — {}\n", deck.name, deck.progress());
    for (i, l) in lines.iter().enumerate() {
        s += &format!("{:>3}. {l}\n", i + 1);
    }
    for w in deck.warnings() {
        s += &format!("note: {w}\n");
    }
    Output::ok(s)
}
