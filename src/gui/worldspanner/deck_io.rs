//! Exporting a finished challenge deck to a file and importing one into the deck editor
//! (issue 10 §3). The file dialogs run in a Task and answer with a message, so the frame never
//! waits and tests can send the dialog's answer directly. Every file goes through the store's
//! public functions; an existing file is never replaced, nor the editor's work dropped, without
//! the player saying so.

use std::path::{Path, PathBuf};

use super::Message;
use super::editor::{Editor, EditorMsg, Outcome};
use crate::gui::files::{self, Picked};
use crate::gui::screen::Action;
use crate::store::StoreError;
use crate::worldspanner::{DeckEditor, DeckFile};

/// What waits for the player's yes before it happens.
#[derive(Debug, Clone)]
pub enum Confirm {
    /// The export's file already exists.
    Overwrite(PathBuf),
    /// An imported deck would replace the cards in the editor.
    Replace(PathBuf, Box<DeckFile>),
}

impl Confirm {
    pub fn question(&self, cards_in_editor: usize) -> String {
        match self {
            Confirm::Overwrite(p) => format!("{} exists. Replace it?", p.display()),
            Confirm::Replace(p, f) => format!(
                "Replace the {} in the editor with {:?} from {}?",
                crate::words::count(cards_in_editor as u64, "card", "cards"),
                f.name,
                p.display()
            ),
        }
    }
}

/// The dialog asking where the finished deck goes.
pub fn pick_export(name: &str) -> Action<Message> {
    let request = files::Request {
        title: "Export the challenge deck".into(),
        save_as: Some(file_name(name)),
        filter: ("Challenge deck", &["json"]),
    };
    Action::task(files::pick(request).map(|p| answer(true, p)))
}

/// The dialog asking which deck file to import.
pub fn pick_import() -> Action<Message> {
    let request = files::Request {
        title: "Import a challenge deck".into(),
        save_as: None,
        filter: ("Challenge deck", &["json"]),
    };
    Action::task(files::pick(request).map(|p| answer(false, p)))
}

/// A dialog's answer as the editor's message: the file, a cancel, or no dialog at all.
fn answer(export: bool, picked: Picked) -> Message {
    let m = match (export, picked) {
        (export, Picked::NoDialog(why)) => EditorMsg::NoDialog { export, why },
        (true, Picked::Path(p)) => EditorMsg::ExportTo(Some(p)),
        (false, Picked::Path(p)) => EditorMsg::ImportFrom(Some(p)),
        (true, Picked::Cancelled) => EditorMsg::ExportTo(None),
        (false, Picked::Cancelled) => EditorMsg::ImportFrom(None),
    };
    Message::Editor(m)
}

/// The file an export of deck `name` proposes.
pub fn file_name(name: &str) -> String {
    format!("{}.json", file_stem(name))
}

/// A deck name as a file name: letters, digits and dashes.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let stem = stem.trim_matches('-').to_lowercase();
    if stem.is_empty() {
        "challenge-deck".into()
    } else {
        stem
    }
}

impl Editor {
    /// Writes the finished deck to `path`; an existing file is asked about first.
    pub(super) fn export_to(&mut self, path: &Path, overwrite: bool) -> Outcome {
        let file = match self.deck.finish() {
            Ok(f) => f,
            Err(e) => return Outcome::Error(format!("the deck cannot be exported yet: {e}")),
        };
        match crate::store::write_file(path, file.to_json().as_bytes(), overwrite) {
            Ok(()) => Outcome::Saved(format!(
                "Exported {:?} (36 cards) to {}",
                file.name,
                path.display()
            )),
            Err(StoreError::Exists { path }) => {
                self.confirm = Some(Confirm::Overwrite(path));
                Outcome::None
            }
            Err(e) => Outcome::Error(e.to_string()),
        }
    }

    /// Reads and checks the deck file at `path` (errors name the file, the card and the
    /// field); it replaces the editor's cards at once if there are none, else after a yes.
    pub(super) fn import_from(&mut self, path: &Path) -> Outcome {
        let file = match crate::store::read_text(path)
            .map_err(|e| e.to_string())
            .and_then(|t| DeckFile::parse(&t).map_err(|e| format!("{}: {e}", path.display())))
        {
            Ok(f) => f,
            Err(e) => return Outcome::Error(format!("not imported: {e}")),
        };
        if self.deck.cards().is_empty() {
            self.take(&file, path)
        } else {
            self.confirm = Some(Confirm::Replace(path.to_path_buf(), Box::new(file)));
            Outcome::None
        }
    }

    fn take(&mut self, file: &DeckFile, path: &Path) -> Outcome {
        self.deck = DeckEditor::from_file(file);
        self.editing = None;
        self.problem = None;
        Outcome::Saved(format!(
            "Imported {:?} (36 cards) from {}: save it as a team's deck or use it in this game",
            file.name,
            path.display()
        ))
    }

    /// The player's answer to the waiting question.
    pub(super) fn confirm(&mut self, yes: bool) -> Outcome {
        match (self.confirm.take(), yes) {
            (Some(Confirm::Overwrite(path)), true) => self.export_to(&path, true),
            (Some(Confirm::Replace(path, file)), true) => self.take(&file, &path),
            _ => Outcome::None,
        }
    }
}
