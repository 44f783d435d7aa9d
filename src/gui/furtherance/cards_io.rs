//! "Your cards" and files: saving a sheet as your data file, exporting it to a file to share,
//! and importing one into the sheet (issue 32 §1: the card files are shared as files). The
//! system's file dialog runs in a Task (`Outcome::Pick`); where none can open, the editor
//! offers the typed path of `gui::files` instead. Every message names the file and, for a
//! problem, the row as the table counts it ("row 3 (\"Walls\"): hits must be at least 1").

use std::path::{Path, PathBuf};

use super::cards::{CardsEditor, Outcome, Sheet};
use crate::furtherance::cards_draft::{self, CardsDraft};
use crate::furtherance::units::UNITS_KIND;
use crate::furtherance::{CardKind, CardsFile, CatalogFile, UNITS_PATH, UnitsDraft};
use crate::gui::files::{self, PathField, Picked};
use crate::gui::screen::{Ctx, Notice};
use crate::store::StoreError;

impl Sheet {
    /// The data file the sheet is saved as, in the data folder.
    pub fn path(self) -> &'static str {
        match self {
            Sheet::Units => UNITS_PATH,
            Sheet::Kingdom(kind) => kind.path(),
        }
    }

    /// What the sheet holds, in a sentence's words ("your buildings").
    pub fn words(self) -> &'static str {
        match self {
            Sheet::Units => "your unit cards",
            Sheet::Kingdom(CardKind::Building) => "your buildings",
            Sheet::Kingdom(CardKind::Item) => "your items",
            Sheet::Kingdom(CardKind::Upgrade) => "your upgraded workers",
            Sheet::Kingdom(CardKind::Leader) => "your leaders",
        }
    }

    /// The file name an export proposes.
    fn file_name(self) -> &'static str {
        self.path().rsplit('/').next().unwrap_or("cards.json")
    }
}

/// A problem of a units row in the player's words: "row 3 (\"Archer\"): hp must be ...".
fn unit_words(p: &crate::furtherance::UnitsProblem) -> String {
    cards_draft::in_words(&cards_draft::Problem {
        row: p.row,
        text: p.text.clone(),
    })
}

impl CardsEditor {
    /// The sheet's file as its rows make it (pretty JSON), or its first problem in words.
    // Kept String: shown verbatim in the card editor.
    fn file_text(&self) -> Result<String, String> {
        let text = match self.sheet {
            Sheet::Units => self
                .drafts
                .units
                .to_file()
                .map_err(|p| p.first().map(unit_words).unwrap_or_default())
                .and_then(|f| serde_json::to_string_pretty(&f).map_err(|e| e.to_string())),
            Sheet::Kingdom(kind) => self
                .drafts
                .of(kind)
                .to_file()
                .map_err(|p| p.first().map(cards_draft::in_words).unwrap_or_default())
                .and_then(|f| serde_json::to_string_pretty(&f).map_err(|e| e.to_string())),
        }?;
        Ok(text + "\n")
    }

    /// Writes the sheet as your data file (atomic, the old one kept in backups).
    pub(super) fn save(&mut self, ctx: &Ctx) -> Outcome {
        let rel = self.sheet.path();
        let text = match self.file_text() {
            Ok(t) => t,
            Err(problem) => return Outcome::Error(format!("Not saved: {rel}, {problem}")),
        };
        let Some(store) = ctx.store else {
            return Outcome::Error("Not saved: the data folder is not open".into());
        };
        match store.write_data_backed_up(rel, text.as_bytes()) {
            Ok(path) => {
                self.set_yours(self.sheet);
                Outcome::Saved(Notice::info(format!(
                    "Saved {} to {} (the previous file is kept in backups). New games use them.",
                    self.sheet.words(),
                    path.display()
                )))
            }
            Err(e) => Outcome::Error(format!("Not saved: {e}")),
        }
    }

    /// The dialog asking where the sheet's file goes, or which file to import.
    pub(super) fn pick(&self, export: bool) -> Outcome {
        let words = self.sheet.words();
        Outcome::Pick(
            files::Request {
                title: if export {
                    format!("Export {words}")
                } else {
                    format!("Import {words}")
                },
                save_as: export.then(|| self.sheet.file_name().to_string()),
                filter: ("Tablemate card file", &["json"]),
            },
            export,
        )
    }

    /// The dialog's answer: the file, a cancel, or no dialog (then the typed path).
    pub(super) fn picked(&mut self, export: bool, picked: Picked, ctx: &Ctx) -> Outcome {
        match picked {
            Picked::Path(p) if export => self.export_to(&p, false),
            Picked::Path(p) => self.import_from(&p),
            Picked::Cancelled => Outcome::None,
            Picked::NoDialog(why) => {
                let words = self.sheet.words();
                let purpose = if export {
                    format!("Export {words}")
                } else {
                    format!("Import {words}")
                };
                let mut field = PathField::new(purpose, why, ctx.data_root());
                if export {
                    field.typed.push_str(self.sheet.file_name());
                }
                self.typed_path = Some((export, field));
                Outcome::None
            }
        }
    }

    /// Enter or the dialog's Export/Import on the typed path.
    pub(super) fn path_go(&mut self) -> Outcome {
        let Some((export, path)) = self
            .typed_path
            .as_mut()
            .and_then(|(export, field)| Some((*export, field.go()?)))
        else {
            return Outcome::None;
        };
        self.typed_path = None;
        if export {
            self.export_to(&path, false)
        } else {
            self.import_from(&path)
        }
    }

    /// Writes the sheet's file to `path`; an existing file is asked about first.
    pub(super) fn export_to(&mut self, path: &Path, overwrite: bool) -> Outcome {
        let text = match self.file_text() {
            Ok(t) => t,
            Err(problem) => {
                return Outcome::Error(format!("Not exported: {}, {problem}", self.sheet.path()));
            }
        };
        match crate::store::write_file(path, text.as_bytes(), overwrite) {
            Ok(()) => Outcome::Saved(Notice::info(format!(
                "Exported {} to {}",
                self.sheet.words(),
                path.display()
            ))),
            Err(StoreError::Exists { path }) => {
                self.replace = Some(path);
                Outcome::None
            }
            Err(e) => Outcome::Error(format!("Not exported: {e}")),
        }
    }

    /// The answer to "the file exists: replace it?".
    pub(super) fn replace(&mut self, yes: bool) -> Outcome {
        match (self.replace.take(), yes) {
            (Some(path), true) => self.export_to(&path, true),
            _ => Outcome::None,
        }
    }

    /// Reads the card file at `path` into the sheet (one undoable edit). A file of the right
    /// kind with problems still comes in, each problem marked at its row to fix here; one that
    /// is not a card file of this sheet's kind is refused, naming the file and why.
    pub(super) fn import_from(&mut self, path: &Path) -> Outcome {
        let text = match crate::store::read_text(path) {
            Ok(t) => t,
            Err(e) => return Outcome::Error(format!("Not imported: {e}")),
        };
        let shown = path.display().to_string();
        let label = format!("imported {shown}");
        let problems = match self.sheet {
            Sheet::Units => {
                let file: CatalogFile = match crate::datafile::parse(&text, UNITS_KIND) {
                    Ok(f) => f,
                    Err(e) => return Outcome::Error(format!("Not imported: {shown}: {e}")),
                };
                let draft = UnitsDraft::from_file(&file);
                let problems: Vec<String> = draft.problems().iter().map(unit_words).collect();
                self.change(label, |d| d.units = draft);
                problems
            }
            Sheet::Kingdom(kind) => {
                let file: CardsFile = match crate::datafile::parse(&text, kind.data_kind()) {
                    Ok(f) => f,
                    Err(e) => return Outcome::Error(format!("Not imported: {shown}: {e}")),
                };
                let draft = CardsDraft::from_file(kind, &file);
                let problems: Vec<String> =
                    draft.problems().iter().map(cards_draft::in_words).collect();
                self.change(label, |d| *d.of_mut(kind) = draft);
                problems
            }
        };
        match problems.first() {
            None => Outcome::Saved(Notice::info(format!(
                "Imported {} from {shown}: check the rows, then Save to use them in new games",
                self.sheet.words()
            ))),
            Some(first) => Outcome::Error(format!(
                "Imported {shown} with {} problem(s), marked at their rows; the first: {first}",
                problems.len()
            )),
        }
    }
}

/// Your copy of each kingdom card file as the editor opens it: the file in your data folder
/// (read leniently, so that a file with problems opens with each marked at its row), else the
/// bundled sample. With whether it is yours, and why yours could not be read, if it could not.
pub(super) fn open_kingdom_files(ctx: &Ctx) -> (Vec<CardsDraft>, [bool; 4], Option<String>) {
    let mut drafts = Vec::new();
    let mut yours = [false; 4];
    let mut trouble = None;
    for (i, kind) in CardKind::ALL.into_iter().enumerate() {
        let mine = ctx
            .data_root()
            .map(|r| r.join(kind.path()))
            .filter(|p| p.exists());
        // Kept String: shown verbatim in the card editor.
        let read = |path: &PathBuf| -> Result<CardsFile, String> {
            let text = crate::store::read_text(path).map_err(|e| e.to_string())?;
            crate::datafile::parse(&text, kind.data_kind())
                .map_err(|e| format!("{}: {e}", path.display()))
        };
        let file = match mine.as_ref().map(read) {
            Some(Ok(f)) => {
                yours[i] = true;
                Some(f)
            }
            Some(Err(e)) => {
                trouble.get_or_insert(e);
                None
            }
            None => None,
        };
        let file = match file {
            Some(f) => f,
            None => match crate::datafile::parse_bundled(kind.path(), |t| {
                CardsFile::parse(t, kind)
            }) {
                Ok(f) => f,
                Err(e) => {
                    trouble.get_or_insert(e.to_string());
                    CardsFile {
                        header: crate::datafile::Header::new(kind.data_kind(), false, "", ""),
                        cards: Vec::new(),
                    }
                }
            },
        };
        drafts.push(CardsDraft::from_file(kind, &file));
    }
    (drafts, yours, trouble)
}
