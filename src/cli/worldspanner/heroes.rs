//! `tablemate worldspanner heroes list|add|remove`: the hero library (the window's Heroes tab)
//! without a window. The library is the user's file in the data folder (docs/worldspanner.md).

use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde_json::json;

use super::super::Output;
use super::new::library;
use crate::worldspanner::HeroCard;
use crate::worldspanner::library::LIBRARY_PATH;

#[derive(Debug, Subcommand)]
pub enum Heroes {
    /// The hero cards in the library.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Add (or replace, by name) the hero card in FILE: one card as JSON, checked against the
    /// book's ranges.
    Add { file: PathBuf },
    /// Take the hero card NAME out of the library.
    Remove { name: String },
}

fn save(root: &Path, lib: &crate::worldspanner::HeroLibrary) -> Result<PathBuf, Output> {
    let store = crate::cli::open_store(root)?;
    store
        .write_user(LIBRARY_PATH, lib.to_json().as_bytes())
        .map_err(Output::failed)
}

pub fn run(command: Heroes, root: &Path) -> Result<Output, Output> {
    let mut lib = library(root)?;
    match command {
        Heroes::List { json } => {
            if json {
                return Ok(Output::json(&json!(lib.heroes)));
            }
            Ok(Output::ok(
                lib.heroes
                    .iter()
                    .map(|h| format!("{}\n", h.name))
                    .collect::<String>(),
            ))
        }
        Heroes::Add { file } => {
            let text = crate::store::read_text(&file).map_err(Output::failed)?;
            let card: HeroCard = serde_json::from_str(&text)
                .map_err(|e| Output::failed(format!("{}: not a hero card: {e}", file.display())))?;
            let name = card.name.clone();
            lib.put(card)
                .map_err(|e| Output::failed(format!("{}: {e}", file.display())))?;
            let path = save(root, &lib)?;
            Ok(Output::ok(format!("{name} saved to the hero library ({})\n", path.display())))
        }
        Heroes::Remove { name } => {
            let before = lib.heroes.len();
            lib.heroes.retain(|h| !h.name.trim().eq_ignore_ascii_case(name.trim()));
            if lib.heroes.len() == before {
                return Err(Output::failed(format!("no hero {name:?} in the hero library ({LIBRARY_PATH})")));
            }
            let path = save(root, &lib)?;
            Ok(Output::ok(format!("{name} removed from the hero library ({})\n", path.display())))
        }
    }
}
