//! The quest lookup tab: pick whose turn it is, type the number on the space with a big number
//! pad (or the keyboard), and see which paragraph to read and which choice the keywords force.
//! Then enter the result (the card is updated by the mode's rules), or add the paragraph's
//! choices to the storybook index when it is not there yet. Below, index files are imported
//! and exported (`index_io.rs`). What the tab shows is in `lookup_view.rs`.

use std::path::PathBuf;

use super::CampaignAction;
use super::forms::EntryForm;
use super::{Message, State, index_io};
use crate::gui::files::{self, PathField};
use crate::gui::screen::{Action, Ctx};
use crate::near_and_far::index::Bookkeeping;
use crate::near_and_far::{Campaign, Mode, Outcome, QuestCode, Read};

pub use super::entry::EntryMsg;

pub const NUMBER_ID: &str = "quest-number";

#[derive(Debug, Clone)]
pub enum Msg {
    Character(usize),
    Digit(char),
    Back,
    Clear,
    Typed(String),
    LookUp,
    Mark,
    Choose(usize),
    Next(String),
    Ending(bool),
    Record(Outcome),
    Arcade,
    StartEntry,
    CancelEntry,
    SaveEntry,
    Entry(EntryMsg),
    /// "Import index file…": opens the file dialog.
    ImportIndex,
    /// The file dialog's answer (`None`: cancelled).
    ImportPicked(Option<PathBuf>),
    /// "Export index…": opens the save dialog.
    ExportIndex,
    ExportPicked(Option<PathBuf>),
    /// No file dialog could open for the export (true) or the import: why. The typed path
    /// stands in (`PathText`, `PathGo`, `PathCancel`).
    NoDialog {
        export: bool,
        why: String,
    },
    PathText(String),
    PathGo,
    PathCancel,
    /// "Replace file" in the question about an existing export file.
    ReplaceExport,
    CancelReplace,
    /// Edit or delete the player's own entry for the paragraph on screen.
    EditEntry,
    DeleteEntry,
    /// Put the player's index back as before the last change made here.
    UndoIndex,
    Letters(String),
    First(String),
    SaveLetters,
    /// Import review: take the imported entry for conflict `i` (true) or keep the player's.
    KeepTheirs(usize, bool),
    ConfirmImport,
    CancelImport,
}

pub(super) fn msg(m: Msg) -> Message {
    Message::Lookup(m)
}

impl State {
    pub(super) fn character_name(&self, c: &Campaign) -> Option<String> {
        c.sheets
            .get(self.pad.character)
            .map(|s| s.character.clone())
    }

    pub(super) fn update_lookup(&mut self, m: Msg, ctx: &Ctx) -> Action<Message> {
        let Some(c) = self.campaign().cloned() else {
            return Action::none();
        };
        // After a pad key the number box takes the keyboard back, so Enter looks up.
        let refocus = || Action::task(iced::widget::operation::focus(NUMBER_ID));
        // What the last result wrote stays until the next thing done here.
        self.pad.written = None;
        match m {
            Msg::Character(i) => {
                self.pad.character = i;
                self.pad.answer = None;
                return refocus();
            }
            Msg::Digit(d) => {
                if self.pad.digits.len() < 4 {
                    self.pad.digits.push(d);
                }
                return refocus();
            }
            Msg::Back => {
                self.pad.digits.pop();
                return refocus();
            }
            Msg::Clear => {
                self.pad.digits.clear();
                self.pad.answer = None;
                return refocus();
            }
            Msg::Typed(s) => {
                self.pad.digits = s
                    .chars()
                    .filter(|ch| ch.is_ascii_alphanumeric())
                    .take(4)
                    .collect();
            }
            Msg::LookUp => return self.look_up(&c),
            Msg::Mark => {
                let (Some(who), Some(code)) = (
                    self.character_name(&c),
                    self.pad.answer.as_ref().and_then(|a| a.cross_out.clone()),
                ) else {
                    return Action::none();
                };
                let a = self.act(CampaignAction::CrossOutSideQuest {
                    character: who,
                    code,
                    date: super::today(),
                });
                if let Some(ans) = self.pad.answer.as_mut() {
                    ans.cross_out = None;
                }
                return a;
            }
            Msg::Choose(i) => {
                self.pad.choice = Some(i);
                let next = self
                    .pad
                    .answer
                    .as_ref()
                    .and_then(|a| a.choices.as_ref())
                    .and_then(|cs| cs.get(i))
                    .and_then(|v| v.next.clone());
                self.pad.next = next.map(|n| n.to_string()).unwrap_or_default();
            }
            Msg::Next(s) => self.pad.next = s,
            Msg::Ending(b) => self.pad.ending = b,
            Msg::Record(outcome) => return self.record(&c, outcome),
            Msg::Arcade => return self.record(&c, Outcome::Success),
            Msg::StartEntry => {
                if let Some(code) = self.answer_code() {
                    let map = c
                        .current_session()
                        .map(|s| s.map)
                        .filter(|_| code.is_map_space());
                    self.entry = Some(Box::new(EntryForm::new(code, map)));
                }
            }
            Msg::CancelEntry => self.entry = None,
            Msg::SaveEntry => return self.save_entry(&c, ctx),
            Msg::Entry(e) => self.update_entry(e),
            Msg::ImportIndex => return index_io::pick_import(),
            Msg::ImportPicked(Some(path)) => return self.import_index_file(&path, ctx),
            Msg::ExportIndex => return index_io::pick_export(),
            Msg::ExportPicked(Some(path)) => return self.export_index_file(path, false, ctx),
            Msg::ImportPicked(None) | Msg::ExportPicked(None) => {}
            Msg::NoDialog { export, why } => {
                let purpose = if export {
                    "Export your storybook index"
                } else {
                    "Import a storybook index file"
                };
                let mut field = PathField::new(purpose, why, ctx.store.map(|s| s.root()));
                if export {
                    field.typed.push_str(index_io::EXPORT_NAME);
                }
                self.typed_path = Some(Box::new((export, field)));
                return Action::task(files::focus_path());
            }
            Msg::PathText(t) => {
                if let Some(typed) = &mut self.typed_path {
                    typed.1.set_text(t);
                }
            }
            Msg::PathCancel => self.typed_path = None,
            Msg::PathGo => {
                let go = self
                    .typed_path
                    .as_mut()
                    .and_then(|typed| Some((typed.0, typed.1.go()?)));
                if let Some((export, path)) = go {
                    self.typed_path = None;
                    return if export {
                        self.export_index_file(path, false, ctx)
                    } else {
                        self.import_index_file(&path, ctx)
                    };
                }
            }
            Msg::ReplaceExport => {
                if let Some(path) = self.replace_export.take() {
                    return self.export_index_file(path, true, ctx);
                }
            }
            Msg::CancelReplace => self.replace_export = None,
            Msg::EditEntry => {
                if let Some(code) = self.answer_code()
                    && let Some(q) = self
                        .index
                        .own_file()
                        .quests
                        .into_iter()
                        .find(|q| q.code == code)
                {
                    self.entry = Some(Box::new(EntryForm::edit(&q)));
                }
            }
            Msg::DeleteEntry => {
                if let Some(code) = self.answer_code() {
                    return self.delete_entry(&c, code, ctx);
                }
            }
            Msg::UndoIndex => return self.undo_index(&c, ctx),
            Msg::Letters(s) => self.pad.letters = s,
            Msg::First(s) => self.pad.first = s,
            Msg::SaveLetters => return self.save_letters(&c, ctx),
            Msg::KeepTheirs(i, b) => {
                if let Some(r) = self.import_review.as_mut() {
                    r.choose(i, b);
                }
            }
            Msg::ConfirmImport => return self.confirm_import(ctx),
            Msg::CancelImport => self.import_review = None,
        }
        Action::none()
    }

    /// The paragraph code of the answer on screen, if it has one.
    pub(super) fn answer_code(&self) -> Option<QuestCode> {
        self.pad.answer.as_ref().and_then(|a| match &a.read {
            Read::MapQuest { code } | Read::SideQuest { code, .. } => Some(code.clone()),
            Read::CharacterQuest { code } => code.clone(),
            Read::ArcadeCard => None,
        })
    }

    pub(super) fn look_up(&mut self, c: &Campaign) -> Action<Message> {
        let Some(who) = self.character_name(c) else {
            return Action::none();
        };
        let space = match QuestCode::parse(&self.pad.digits) {
            Ok(s) => s,
            Err(e) => return Action::error(e.to_string()),
        };
        match c.lookup(&who, &space, None, &self.index.built.index, self.facts()) {
            Ok(answer) => {
                self.pad.choice = answer.forced;
                self.pad.next = answer
                    .forced
                    .and_then(|i| answer.choices.as_ref()?.get(i)?.next.clone())
                    .map(|n| n.to_string())
                    .unwrap_or_default();
                self.pad.ending = false;
                self.pad.answer = Some(answer);
                self.entry = None;
                Action::none()
            }
            Err(e) => Action::error(e.to_string()),
        }
    }

    fn record(&mut self, c: &Campaign, outcome: Outcome) -> Action<Message> {
        let (Some(who), Some(answer)) = (self.character_name(c), self.pad.answer.clone()) else {
            return Action::none();
        };
        let chosen = self
            .pad
            .choice
            .and_then(|i| answer.choices.as_ref()?.get(i).cloned());
        let rewards = match (&chosen, outcome) {
            (Some(v), Outcome::Success) => v.reward.clone(),
            (Some(v), Outcome::SuccessWithBonus) => v.reward.plus(&v.bonus),
            _ => Bookkeeping::default(),
        };
        let next = match self.pad.next.trim() {
            "" => None,
            t => match QuestCode::parse(t) {
                Ok(q) => Some(q),
                Err(e) => return Action::error(format!("Next quest: {e}")),
            },
        };
        let (acted, a) = self.act_told(CampaignAction::RecordQuest {
            character: who,
            read: answer.read.clone(),
            outcome,
            next: if c.mode == Mode::Character {
                next
            } else {
                None
            },
            ending: self.pad.ending,
            rewards,
            date: super::today(),
            space: None,
            tokens_by_hand: false,
            choice: None,
        });
        if let Some(acted) = acted {
            self.pad.answer = None;
            self.pad.digits.clear();
            self.pad.choice = None;
            self.pad.next.clear();
            // Read back in the answer's place, where the eye is; the notice would repeat it.
            self.pad.written = Some((acted.label, acted.lines));
            return Action { notice: None, ..a };
        }
        a
    }
}
