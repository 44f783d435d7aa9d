//! The Furtherance data files in use (the user's replacements first): their loaders, and
//! `units` / `board`, which print them.

use std::path::Path;

use super::super::Output;
use crate::furtherance::{Board, BoardFile, Catalog};

/// Reads the board and unit files (the user's replacements first), checked.
pub fn load_data(root: &Path) -> Result<(Board, Catalog), crate::datafile::DataFileError> {
    crate::furtherance::load_data(|rel| crate::store::read_data(Some(root), rel))
}

/// Reads the buildings, items, upgrades and leaders files (the user's replacements first).
pub fn load_cards(
    root: &Path,
) -> Result<crate::furtherance::Cards, crate::datafile::DataFileError> {
    crate::furtherance::load_cards(|rel| crate::store::read_data(Some(root), rel))
}

/// The board, units and kingdom card files in use, or the failure that names the file.
pub(super) fn load_all(root: &Path) -> Result<(Board, Catalog, crate::furtherance::Cards), Output> {
    load_data(root)
        .and_then(|(board, catalog)| Ok((board, catalog, load_cards(root)?)))
        .map_err(|e| Output::fail(format!("tablemate: {e}\n")))
}

/// The units file in use, as JSON (the user's copy if there is one).
pub(super) fn units(root: &Path) -> Output {
    match load_data(root) {
        Ok((_, catalog)) => match serde_json::to_string_pretty(catalog.file()) {
            Ok(text) => Output::ok(text + "\n"),
            Err(e) => Output::fail(format!("tablemate: {e}\n")),
        },
        Err(e) => Output::fail(format!("tablemate: {e}\n")),
    }
}

pub(super) fn board(root: &Path, derive: Option<&Path>) -> Output {
    let file = match derive {
        Some(path) => {
            let text = match crate::store::read_text(path) {
                Ok(t) => t,
                Err(e) => return Output::fail(format!("tablemate: {e}\n")),
            };
            let mut file: BoardFile = match serde_json::from_str(&text) {
                Ok(f) => f,
                Err(e) => {
                    let at = crate::datafile::at(&text, &e);
                    return Output::fail(format!("{}: {at}\n", path.display()));
                }
            };
            file.derive_arrows_and_spawn_order();
            if let Err(e) = file.validate() {
                return Output::fail(format!("{}: {e}\n", path.display()));
            }
            file
        }
        None => match load_data(root) {
            Ok((board, _)) => board.file().clone(),
            Err(e) => return Output::fail(format!("tablemate: {e}\n")),
        },
    };
    match serde_json::to_string_pretty(&file) {
        Ok(text) => Output::ok(text + "\n"),
        Err(e) => Output::fail(format!("tablemate: {e}\n")),
    }
}
