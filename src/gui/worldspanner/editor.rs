//! The deck editor: type one card per line and press Enter; the line is checked at once and the
//! progress shows "17 of 36". Save the deck as a team's deck in the data folder (used by new
//! games) or swap it into the open game; export and import a finished deck (deck_io.rs).

use iced::widget::{Column, button, column, row, scrollable, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::Message;
use super::deck_io::Confirm;
use super::decks::{load_deck, team_deck_path};
use crate::gui::files::{self, PathField};
use crate::gui::screen::Ctx;
use crate::gui::{style, widgets};
use crate::worldspanner::deckfile::{card_line, parse_card_line};
use crate::worldspanner::{ChallengeCard, DeckEditor, TeamSide};

pub const LINE_ID: &str = "deck-line";

/// The deck in progress, saved as you type so Home or a restart never loses it.
pub use crate::worldspanner::deckfile::DRAFT_PATH;

#[derive(Debug, Clone)]
pub enum EditorMsg {
    Team(TeamSide),
    Name(String),
    Line(String),
    Submit,
    Edit(usize),
    Remove(usize),
    LoadSaved,
    Save,
    UseInGame,
    /// Opens the dialog for where to export the finished deck (handled by the screen).
    Export,
    /// The export dialog's answer (None: cancelled).
    ExportTo(Option<std::path::PathBuf>),
    /// Opens the dialog for a deck file to import (handled by the screen).
    Import,
    /// The import dialog's answer (None: cancelled).
    ImportFrom(Option<std::path::PathBuf>),
    /// The answer to "replace the file?" / "replace the editor's cards?".
    Confirm(bool),
    /// No file dialog could open for the export (true) or the import: why. The typed path
    /// stands in (`PathText`, `PathGo`, `PathCancel`).
    NoDialog {
        export: bool,
        why: String,
    },
    PathText(String),
    PathGo,
    PathCancel,
}

/// What the screen must do after an editor message.
pub enum Outcome {
    None,
    Error(String),
    Saved(String),
    Use(String, Vec<ChallengeCard>),
}

pub struct Editor {
    pub team: TeamSide,
    pub(super) deck: DeckEditor,
    line: String,
    /// The card being corrected (1-based), if any.
    pub(super) editing: Option<usize>,
    pub(super) problem: Option<String>,
    /// An export over an existing file or an import over the editor's cards, waiting for a yes.
    pub(super) confirm: Option<Confirm>,
    /// The typed path standing in for a file dialog that could not open: for an export (true)
    /// or an import.
    pub(super) typed_path: Option<(bool, PathField)>,
}

impl Default for Editor {
    fn default() -> Self {
        Editor {
            team: TeamSide::Skyhawks,
            deck: DeckEditor::new("My Skyhawks deck"),
            line: String::new(),
            editing: None,
            problem: None,
            confirm: None,
            typed_path: None,
        }
    }
}

impl Editor {
    /// The editor as it was left: the draft in the data folder, if any.
    pub fn resume(ctx: &Ctx) -> Editor {
        let mut e = Editor::default();
        if let Some(store) = ctx.store {
            match store.user_text(DRAFT_PATH) {
                Ok(Some((text, path))) => match DeckEditor::from_draft(&text) {
                    Ok(d) => e.deck = d,
                    Err(err) => e.problem = Some(format!("{}: {err}", path.display())),
                },
                Ok(None) => {}
                Err(err) => e.problem = Some(err.to_string()),
            }
        }
        e
    }

    /// Saves the draft; a failure is shown, never lost silently.
    fn keep(&mut self, ctx: &Ctx) {
        if let Some(store) = ctx.store
            && let Err(e) = store.write_user(DRAFT_PATH, self.deck.to_draft().as_bytes())
        {
            self.problem = Some(format!("the draft could not be saved: {e}"));
        }
    }

    /// The deck's name, for the export's file name.
    pub fn name(&self) -> String {
        self.deck.name.clone()
    }

    pub fn progress(&self) -> String {
        self.deck.progress().to_string()
    }

    /// Esc inside the editor: the waiting yes/no is answered no, then a card being corrected
    /// is let go (its line emptied). False when neither was open.
    pub fn escape(&mut self) -> bool {
        if self.confirm.take().is_some() || self.typed_path.take().is_some() {
            return true;
        }
        if self.editing.take().is_some() {
            self.line.clear();
            self.problem = None;
            return true;
        }
        false
    }

    pub fn update(&mut self, m: EditorMsg, ctx: &Ctx) -> Outcome {
        let changes = matches!(
            m,
            EditorMsg::Name(_)
                | EditorMsg::Submit
                | EditorMsg::Remove(_)
                | EditorMsg::LoadSaved
                | EditorMsg::Team(_)
                | EditorMsg::ImportFrom(_)
                | EditorMsg::Confirm(_)
        );
        let outcome = self.apply(m, ctx);
        if changes {
            self.keep(ctx);
        }
        outcome
    }

    fn apply(&mut self, m: EditorMsg, ctx: &Ctx) -> Outcome {
        match m {
            EditorMsg::Team(t) => {
                self.team = t;
                if self.deck.cards().is_empty() {
                    self.deck.name = format!("My {} deck", t.name());
                }
            }
            EditorMsg::Name(n) => self.deck.name = n,
            EditorMsg::Line(l) => {
                self.line = l;
                self.problem = None;
            }
            EditorMsg::Submit => {
                let result = match self.editing {
                    Some(n) => self.deck.replace_line(n, &self.line),
                    None => self.deck.add_line(&self.line).map(|_| ()),
                };
                match result {
                    Ok(()) => {
                        self.line.clear();
                        self.editing = None;
                        self.problem = None;
                    }
                    Err(e) => self.problem = Some(e.to_string()),
                }
            }
            EditorMsg::Edit(n) => {
                if let Some(c) = self.deck.cards().get(n.wrapping_sub(1)) {
                    self.line = card_line(c);
                    self.editing = Some(n);
                }
            }
            EditorMsg::Remove(n) => {
                if let Err(e) = self.deck.remove(n) {
                    return Outcome::Error(e.to_string());
                }
                self.editing = None;
            }
            EditorMsg::LoadSaved => {
                let info = load_deck(ctx.data_root(), self.team);
                self.deck = DeckEditor::new(info.name.clone());
                for c in &info.cards {
                    if let Err(e) = self.deck.add_line(&card_line(c)) {
                        return Outcome::Error(e.to_string());
                    }
                }
                if info.sample {
                    self.deck.name = format!("My {} deck", self.team.name());
                }
            }
            EditorMsg::Save => {
                let file = match self.deck.finish() {
                    Ok(f) => f,
                    Err(e) => return Outcome::Error(e.to_string()),
                };
                let Some(store) = ctx.store else {
                    return Outcome::Error(
                        "no data folder is open: the deck cannot be saved".into(),
                    );
                };
                let rel = team_deck_path(self.team);
                return match store.write_data(&rel, file.to_json().as_bytes()) {
                    Ok(path) => Outcome::Saved(format!(
                        "Saved {:?} as the {} deck ({}); new games use it",
                        file.name,
                        self.team.name(),
                        path.display()
                    )),
                    Err(e) => Outcome::Error(e.to_string()),
                };
            }
            // The dialogs are opened by the screen (they are Tasks); here only their answers.
            EditorMsg::Export | EditorMsg::Import => {}
            EditorMsg::ExportTo(None) | EditorMsg::ImportFrom(None) => {}
            EditorMsg::ExportTo(Some(path)) => return self.export_to(&path, false),
            EditorMsg::ImportFrom(Some(path)) => return self.import_from(&path),
            EditorMsg::Confirm(yes) => return self.confirm(yes),
            EditorMsg::NoDialog { export, why } => {
                let (purpose, name) = if export {
                    (
                        "Export the challenge deck",
                        Some(super::deck_io::file_name(&self.name())),
                    )
                } else {
                    ("Import a challenge deck", None)
                };
                let mut field = PathField::new(purpose, why, ctx.store.map(|s| s.root()));
                field.typed.push_str(name.as_deref().unwrap_or(""));
                self.typed_path = Some((export, field));
            }
            EditorMsg::PathText(t) => {
                if let Some((_, field)) = &mut self.typed_path {
                    field.set_text(t);
                }
            }
            EditorMsg::PathCancel => self.typed_path = None,
            EditorMsg::PathGo => {
                let Some((export, path)) = self
                    .typed_path
                    .as_mut()
                    .and_then(|(export, field)| Some((*export, field.go()?)))
                else {
                    return Outcome::None;
                };
                self.typed_path = None;
                return if export {
                    self.export_to(&path, false)
                } else {
                    self.import_from(&path)
                };
            }
            EditorMsg::UseInGame => {
                return match self.deck.finish() {
                    Ok(f) => Outcome::Use(f.name, f.cards),
                    Err(e) => Outcome::Error(e.to_string()),
                };
            }
        }
        Outcome::None
    }

    pub fn view(&self, in_game: bool) -> Element<'_, Message> {
        let e = |m: EditorMsg| Message::Editor(m);
        let mut teams = row![].spacing(6);
        for t in TeamSide::BOTH {
            teams = teams.push(
                button(text(format!("{} deck", t.name())).size(style::BODY))
                    .style(if t == self.team {
                        style::primary
                    } else {
                        style::secondary
                    })
                    .on_press(e(EditorMsg::Team(t))),
            );
        }
        let mut list = Column::new().spacing(2);
        for c in self.deck.cards().iter().rev() {
            let n = c.number() as usize;
            list = list.push(
                row![
                    text(c.describe())
                        .size(style::BODY)
                        .font(iced::Font::MONOSPACE)
                        .width(Fill),
                    button(text("Edit").size(style::SMALL))
                        .style(style::secondary)
                        .on_press(e(EditorMsg::Edit(n))),
                    button(text("Remove").size(style::SMALL))
                        .style(style::secondary)
                        .on_press(e(EditorMsg::Remove(n))),
                ]
                .spacing(6)
                .align_y(Center),
            );
        }
        let prompt = match self.editing {
            Some(n) => format!("Correct card {n}, then Enter"),
            None => format!("Card {} of 36, then Enter", self.deck.cards().len() + 1),
        };
        let mut col = column![
            row![
                text("Deck editor").size(style::TITLE),
                iced::widget::space::horizontal(),
                teams
            ]
            .align_y(Center),
            row![
                text("Name").size(style::BODY),
                text_input("deck name", &self.deck.name)
                    .on_input(move |n| e(EditorMsg::Name(n)))
                    .size(style::BODY)
                    .width(Length::Fixed(360.0)),
                text(format!("{} entered", self.progress())).size(style::TITLE),
            ]
            .spacing(style::GAP)
            .align_y(Center),
            text(prompt).size(style::HEADING),
            text_input("-4 -2 0 3 -1 3 3-4", &self.line)
                .id(LINE_ID)
                .on_input(move |l| e(EditorMsg::Line(l)))
                .on_submit(e(EditorMsg::Submit))
                .size(style::HEADING)
                .font(iced::Font::MONOSPACE),
        ]
        .spacing(style::GAP);
        for w in self.deck.warnings() {
            col = col.push(
                text(format!("Check: {w}"))
                    .size(style::BODY)
                    .style(style::warning_text),
            );
        }
        if let Some(p) = &self.problem {
            col = col.push(text(p.clone()).size(style::BODY).style(style::danger_text));
        } else if let Ok(card) = parse_card_line(0, &self.line) {
            // A live reading of the line as the printed rows, to compare with the card.
            col = col.push(
                text(format!(
                    "Reads as: {} hit {} luck {} domes {}",
                    card.face_row(),
                    card.hit_row(),
                    card.luck().get(),
                    card.domes()
                ))
                .size(style::BODY)
                .font(iced::Font::MONOSPACE)
                .style(style::success_text),
            );
        }
        col = col.push(
            text(
                "Type: fail squeak pass amaze hit luck domes [AI symbol]: the lowest difference \
                 showing Fail or better, Squeak or better, Pass or better, Amaze, and where the \
                 blue Hit bar starts (n = never), then Luck and the Dome range (3-4, 5, or 1 or 6). \
                 Or the 13 rows from -6 as printed: XXFFSSPPPPAAA ....HHHHHHHHH 3 3-4 \
                 (A Amaze, P Pass, S Squeak, F Fail, X Fopp; H = blue bar).",
            )
            .size(style::SMALL)
            .style(style::muted),
        );
        let complete = self.deck.is_complete();
        col = col.push(
            row![
                button(text(format!("Save as the {} deck", self.team.name())).size(style::BODY))
                    .padding([8, 16])
                    .style(style::primary)
                    .on_press_maybe(complete.then_some(e(EditorMsg::Save))),
                button(text("Use in this game").size(style::BODY))
                    .padding([8, 16])
                    .style(style::secondary)
                    .on_press_maybe((complete && in_game).then_some(e(EditorMsg::UseInGame))),
                button(text("Export…").size(style::BODY))
                    .padding([8, 16])
                    .style(style::secondary)
                    .on_press_maybe(complete.then_some(e(EditorMsg::Export))),
                button(text("Import…").size(style::BODY))
                    .padding([8, 16])
                    .style(style::secondary)
                    .on_press(e(EditorMsg::Import)),
                // Loading replaces the working copy, so only offer it on an empty editor.
                button(text("Load the saved deck to correct it").size(style::BODY))
                    .padding([8, 16])
                    .style(style::secondary)
                    .on_press_maybe(
                        self.deck
                            .cards()
                            .is_empty()
                            .then_some(e(EditorMsg::LoadSaved))
                    ),
            ]
            .spacing(style::GAP)
            .wrap(),
        );
        // The question sits under the buttons that raised it, never over the cards.
        if let Some(c) = &self.confirm {
            col = col.push(
                row![
                    text(c.question(self.deck.cards().len()))
                        .size(style::HEADING)
                        .style(style::warning_text),
                    button(text("Replace").size(style::BODY))
                        .padding([6, 14])
                        .style(style::danger)
                        .on_press(e(EditorMsg::Confirm(true))),
                    button(text("Keep").size(style::BODY))
                        .padding([6, 14])
                        .style(style::secondary)
                        .on_press(e(EditorMsg::Confirm(false))),
                ]
                .spacing(style::GAP)
                .align_y(Center)
                .wrap(),
            );
        }
        if let Some((export, field)) = &self.typed_path {
            col = col.push(files::path_dialog(
                field,
                if *export { "Export" } else { "Import" },
                None,
                |t| Message::Editor(EditorMsg::PathText(t)),
                e(EditorMsg::PathGo),
                e(EditorMsg::PathCancel),
            ));
        }
        col = col.push(scrollable(list).height(Length::Fixed(320.0)));
        widgets::card(col, 12).into()
    }
}
