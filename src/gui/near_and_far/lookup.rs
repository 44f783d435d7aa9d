//! The quest lookup tab: pick whose turn it is, type the number on the space with a big number
//! pad (or the keyboard), and see which paragraph to read and which choice the keywords force.
//! Then enter the result (the card is updated by the mode's rules), or add the paragraph's
//! choices to the storybook index when it is not there yet. Below, index files are imported
//! and exported (`index_io.rs`).

use std::path::PathBuf;

use iced::widget::{Column, column, container, row, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::CampaignAction;
use super::forms::EntryForm;
use super::{Message, State, index_io, primary, secondary};
use crate::gui::files::{self, PathField};
use crate::gui::screen::{Action, Ctx};
use crate::gui::{style, widgets};
use crate::near_and_far::index::Bookkeeping;
use crate::near_and_far::lookup::ChoiceStatus;
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

fn msg(m: Msg) -> Message {
    Message::Lookup(m)
}

impl State {
    fn character_name(&self, c: &Campaign) -> Option<String> {
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
    fn answer_code(&self) -> Option<QuestCode> {
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
            Err(e) => return Action::error(e),
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

    /// What the last result wrote on the card, in the answer's place: text only, so nothing
    /// clickable lands under the pointer that pressed Success or Failed.
    fn view_read_back<'a>(&'a self, label: &'a str, lines: &'a [String]) -> Element<'a, Message> {
        let mut col = Column::new()
            .spacing(8)
            .push(
                text("Written on the card")
                    .size(style::SMALL)
                    .style(style::muted),
            )
            .push(text(label).size(style::HEADING).style(style::success_text));
        for l in lines {
            col = col.push(text(l.as_str()).size(style::BODY));
        }
        container(col)
            .padding(12)
            .style(style::card)
            .width(Fill)
            .into()
    }

    pub(super) fn view_lookup<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let present: Vec<&String> = c
            .current_session()
            .map(|s| s.characters.iter().collect())
            .unwrap_or_default();
        let mut who = row![].spacing(8);
        for (i, s) in c.sheets.iter().enumerate() {
            if !present.is_empty() && !present.contains(&&s.character) {
                continue;
            }
            let label = format!("{} ({})", s.character, s.player);
            who = who.push(if i == self.pad.character {
                primary(label, Some(msg(Msg::Character(i))))
            } else {
                secondary(label, Some(msg(Msg::Character(i))))
            });
        }
        // docs/table-ux.md 1 and 2: the number and "Look up" sit at the top of the pad, so they are in
        // view at 1024×768 with large type; the keys are below them and the answer is beside
        // the pad, so nothing the player clicks moves when the answer appears. The number box
        // keeps the keyboard focus: digits typed and Enter look up too.
        let mut pad = Column::new().spacing(6).push(
            row![
                text_input("No.", &self.pad.digits)
                    .id(NUMBER_ID)
                    .on_input(|s| msg(Msg::Typed(s)))
                    .on_submit(msg(Msg::LookUp))
                    .size(40.0)
                    .padding(8)
                    .width(Length::Fixed(150.0)),
                container(primary(
                    "Look up",
                    (!self.pad.digits.is_empty()).then_some(msg(Msg::LookUp)),
                ))
                .id("look-up"),
            ]
            .spacing(8)
            .align_y(Center),
        );
        for keys in [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] {
            let mut line = row![].spacing(6);
            for k in keys {
                line = line.push(pad_key(k, msg(Msg::Digit(k.chars().next().unwrap_or('0')))));
            }
            pad = pad.push(line);
        }
        pad = pad.push(
            row![
                pad_key("Clear", msg(Msg::Clear)),
                pad_key("0", msg(Msg::Digit('0'))),
                pad_key("⌫", msg(Msg::Back))
            ]
            .spacing(8),
        );
        let answer: Element<'a, Message> = match (&self.pad.answer, &self.entry) {
            _ if self.import_review.is_some() => match &self.import_review {
                Some(r) => self.view_import_review(r),
                None => text("").into(),
            },
            (_, Some(form)) => self.view_entry(form),
            (Some(a), None) => self.view_answer(c, a),
            (None, None) if self.pad.written.is_some() => match &self.pad.written {
                Some((label, lines)) => self.view_read_back(label, lines),
                None => text("").into(),
            },
            (None, None) => text(match c.current_session() {
                Some(_) => "Type the number on the quest space, then Look up.",
                None => "Start a session first (Session & threats tab): the lookup needs the map in play.",
            })
            .size(style::BODY)
            .style(style::muted)
            .into(),
        };
        column![
            // The question and its answers on one line: a line less above the pad.
            row![widgets::heading("Whose quest?"), who]
                .spacing(style::GAP)
                .align_y(Center)
                .wrap(),
            row![
                container(pad).width(Length::Fixed(320.0)),
                container(answer).width(Fill)
            ]
            .spacing(24),
            self.view_index_tools(c),
        ]
        .spacing(style::GAP)
        .into()
    }

    /// Under the pad and answer: the character's quest letters (Character Mode), undo of the
    /// last index change, import and export.
    fn view_index_tools<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let mut col = Column::new().spacing(10);
        if c.mode == Mode::Character
            && let Some(s) = c.sheets.get(self.pad.character)
        {
            let known = self
                .index
                .built
                .index
                .characters
                .get(&s.character.to_lowercase())
                .map(|(ch, _)| ch.prefix.clone())
                .or_else(|| {
                    self.facts()
                        .and_then(|f| f.character(&s.character))
                        .and_then(|f| f.quest_prefix.clone())
                });
            let said = match known {
                Some(p) => format!("{}'s quest letters: {p}. Change:", s.character),
                None => format!(
                    "{}'s quest letters are not known yet (only Rin's are printed in the rulebook): copy them from the card.",
                    s.character
                ),
            };
            col = col.push(
                row![
                    text(said).size(style::BODY),
                    text_input("letters", &self.pad.letters)
                        .on_input(|s| msg(Msg::Letters(s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Length::Fixed(90.0)),
                    text_input("first code", &self.pad.first)
                        .on_input(|s| msg(Msg::First(s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Length::Fixed(120.0)),
                    secondary(
                        "Save letters",
                        (!self.pad.letters.trim().is_empty()).then_some(msg(Msg::SaveLetters)),
                    ),
                ]
                .spacing(10)
                .align_y(Center),
            );
        }
        let mut tools = row![
            widgets::secondary("Import index file…", Some(msg(Msg::ImportIndex))),
            widgets::secondary("Export index…", Some(msg(Msg::ExportIndex))),
        ]
        .spacing(10)
        .align_y(Center);
        if let Some(undo) = &self.index_undo {
            let label = &undo.0;
            tools = tools.push(secondary(
                format!("Undo: {label}"),
                Some(msg(Msg::UndoIndex)),
            ));
        }
        tools = tools.push(
            text("Storybook index files: add someone's entries to yours, or share yours.")
                .size(style::SMALL)
                .style(style::muted),
        );
        let col = col.push(tools);
        match &self.typed_path {
            Some(typed) => col
                .push(files::path_dialog(
                    &typed.1,
                    if typed.0 { "Export" } else { "Import" },
                    None,
                    |t| msg(Msg::PathText(t)),
                    msg(Msg::PathGo),
                    msg(Msg::PathCancel),
                ))
                .into(),
            None => col.into(),
        }
    }

    fn view_answer<'a>(
        &'a self,
        c: &'a Campaign,
        a: &'a crate::near_and_far::Lookup,
    ) -> Element<'a, Message> {
        let headline = a.read.headline();
        // The loop first: what to read, the choices, the outcome buttons; the why and the
        // notes under them, so at 1024×768 with large type the buttons are in view
        // (docs/table-ux.md 2).
        let mut col = Column::new().spacing(10).push(text(headline).size(40.0));
        let mut notes = Column::new()
            .spacing(10)
            .push(text(&a.reason).size(style::BODY))
            .push(
                text(format!("On the card: {}", a.experience))
                    .size(style::BODY)
                    .style(style::muted),
            );
        if a.cross_out.is_some() {
            notes = notes.push(secondary("Cross it out now", Some(msg(Msg::Mark))));
        }
        for w in &a.warnings {
            notes = notes.push(text(w).size(style::BODY).style(style::warning_text));
        }
        for u in &a.unknown {
            notes = notes.push(text(u).size(style::BODY).style(style::muted));
        }
        if let Some(choices) = &a.choices {
            for v in choices {
                let status = match v.status {
                    ChoiceStatus::Forced => "MUST be read (keyword)".to_string(),
                    ChoiceStatus::ForcedTie => {
                        "keyword match: reader picks the closest".to_string()
                    }
                    ChoiceStatus::Open => "open".to_string(),
                    ChoiceStatus::OptionalKeyword => "optional keyword choice".to_string(),
                    ChoiceStatus::Locked => format!(
                        "needs {}",
                        v.missing_keywords
                            .iter()
                            .map(|k| k.as_str())
                            .collect::<Vec<_>>()
                            .join(" + ")
                    ),
                    ChoiceStatus::Bypassed => "not read: a keyword choice is forced".to_string(),
                };
                let roll = v
                    .test
                    .map(|t| t.describe())
                    .unwrap_or_else(|| "no roll".into());
                let line = format!("{}. {} ({roll}): {status}", v.index + 1, v.label);
                let chosen = self.pad.choice == Some(v.index);
                let b: Element<'a, Message> = if chosen {
                    container(text(line).size(style::BODY))
                        .padding(8)
                        .width(Fill)
                        .style(style::selected)
                        .into()
                } else if v.may_be_chosen() {
                    secondary(line, Some(msg(Msg::Choose(v.index))))
                } else {
                    text(line).size(style::BODY).style(style::muted).into()
                };
                col = col.push(b);
            }
        }
        let has_paragraph = !matches!(
            a.read,
            Read::ArcadeCard | Read::CharacterQuest { code: None }
        );
        if a.choices.is_none() && has_paragraph {
            col = col.push(secondary(
                "Add its choices to my index",
                Some(msg(Msg::StartEntry)),
            ));
        }
        let mine = self
            .answer_code()
            .is_some_and(|code| self.index.own_file().quests.iter().any(|q| q.code == code));
        if mine {
            col = col.push(
                row![
                    secondary("Edit my entry", Some(msg(Msg::EditEntry))),
                    secondary("Delete my entry", Some(msg(Msg::DeleteEntry))),
                ]
                .spacing(10),
            );
        }
        if c.current_session().is_some() {
            if matches!(a.read, Read::ArcadeCard) {
                col = col.push(primary(
                    "Arcade card drawn (no experience)",
                    Some(msg(Msg::Arcade)),
                ));
            } else {
                if c.mode == Mode::Character {
                    col = col.push(
                        row![
                            text("Next code written on the card").size(style::BODY),
                            text_input("e.g. R3", &self.pad.next)
                                .on_input(|s| msg(Msg::Next(s)))
                                .size(style::BODY)
                                .padding(8)
                                .width(Length::Fixed(120.0)),
                            iced::widget::checkbox(self.pad.ending)
                                .label("the story ends here")
                                .on_toggle(|b| msg(Msg::Ending(b)))
                                .text_size(style::BODY),
                        ]
                        .spacing(10)
                        .align_y(Center),
                    );
                }
                col = col.push(
                    row![
                        primary("Success", Some(msg(Msg::Record(Outcome::Success)))),
                        primary(
                            "Success by 2+",
                            Some(msg(Msg::Record(Outcome::SuccessWithBonus)))
                        ),
                        secondary("Failed", Some(msg(Msg::Record(Outcome::Failed)))),
                    ]
                    .spacing(8)
                    .wrap(),
                );
            }
        }
        col.push(notes).into()
    }
}

/// The height of a number-pad key.
const PAD_KEY_HEIGHT: f32 = 40.0;

/// A big number-pad key, findable in tests by `pad-<label>`.
fn pad_key<'a>(label: &'a str, on: Message) -> Element<'a, Message> {
    // A word ("Clear") at the digits' size would run past the key's edges.
    let size = if label.chars().count() > 1 {
        20.0
    } else {
        28.0
    };
    container(
        iced::widget::button(container(text(label).size(size)).center(Fill))
            // 40 px tall (over docs/table-ux.md's 32): all four rows fit under the number
            // box at 1024×768, with large type too.
            .width(Length::Fixed(92.0))
            .height(Length::Fixed(PAD_KEY_HEIGHT))
            .style(style::secondary)
            .on_press(on),
    )
    .id(format!("pad-{label}"))
    .into()
}
