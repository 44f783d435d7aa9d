//! Adding a paragraph's structure to the storybook index while reading it: the entry form
//! (choices, rolls, keywords, next codes, sheet rewards), checked against the whole index and
//! saved in the player's own file through the store.

use iced::widget::{Column, column, container, row, text, text_input};
use iced::{Center, Element, Length};

use super::forms::{ChoiceField, EntryForm, TestKind};
use super::lookup::Msg;
use super::{Message, State, primary, secondary};
use crate::gui::screen::{Action, Ctx};
use crate::gui::{style, widgets};
use crate::near_and_far::index::{self, Index};
use crate::near_and_far::{Campaign, QuestCode};

#[derive(Debug, Clone)]
pub enum EntryMsg {
    Label(usize, String),
    Test(usize, TestKind),
    Target(usize, String),
    Keywords(usize, String),
    Optional(usize, bool),
    Next(usize, String),
    /// A reward or bonus field of a choice.
    Field(usize, ChoiceField, String),
    Ending(bool),
    Note(String),
    AddChoice,
    RemoveChoice(usize),
}

fn msg(m: Msg) -> Message {
    Message::Lookup(m)
}

impl State {
    pub(super) fn update_entry(&mut self, e: EntryMsg) {
        let Some(form) = self.entry.as_mut() else {
            return;
        };
        match e {
            EntryMsg::AddChoice => form.choices.push(Default::default()),
            EntryMsg::RemoveChoice(i) if i < form.choices.len() => {
                form.choices.remove(i);
            }
            EntryMsg::RemoveChoice(_) => {}
            EntryMsg::Label(i, s) => {
                if let Some(c) = form.choices.get_mut(i) {
                    c.label = s;
                }
            }
            EntryMsg::Test(i, t) => {
                if let Some(c) = form.choices.get_mut(i) {
                    c.test = t;
                }
            }
            EntryMsg::Target(i, s) => {
                if let Some(c) = form.choices.get_mut(i) {
                    c.target = s;
                }
            }
            EntryMsg::Keywords(i, s) => {
                if let Some(c) = form.choices.get_mut(i) {
                    c.keywords = s;
                }
            }
            EntryMsg::Optional(i, b) => {
                if let Some(c) = form.choices.get_mut(i) {
                    c.optional = b;
                }
            }
            EntryMsg::Next(i, s) => {
                if let Some(c) = form.choices.get_mut(i) {
                    c.next = s;
                }
            }
            EntryMsg::Field(i, f, s) => {
                if let Some(c) = form.choices.get_mut(i) {
                    *c.field_mut(f) = s;
                }
            }
            EntryMsg::Ending(b) => form.ending = b,
            EntryMsg::Note(s) => form.note = s,
        }
    }

    pub(super) fn save_entry(&mut self, c: &Campaign, ctx: &Ctx) -> Action<Message> {
        let Some(form) = &self.entry else {
            return Action::none();
        };
        let Some(store) = ctx.store else {
            return Action::error("The data folder is not open: the index cannot be saved.");
        };
        if self.index.own_damaged {
            return Action::error(format!(
                "{} is damaged: fix or move it before adding entries.",
                self.index.own_origin
            ));
        }
        let form_editing = form.editing;
        let entry = match form.to_entry() {
            Ok(e) => e,
            Err(e) => return Action::error(e.to_string()),
        };
        let facts = self.facts();
        let mut own =
            match Index::check_addition(&self.index.files, &self.index.own_origin, &entry, facts) {
                Ok(f) => f,
                Err(problems) => {
                    let list: Vec<String> = problems
                        .iter()
                        .map(|p| format!("{}: {}", p.at, p.message))
                        .collect();
                    return Action::error(format!("Not added to the index: {}", list.join("; ")));
                }
            };
        if let Some(map) = form.map
            && self.index.built.index.map_of(&entry.code).is_none()
        {
            own.add_space(map, entry.code.clone());
        }
        let before = self.index.own_file();
        if let Err(e) = store.write_data_backed_up(index::OWN_FILE, own.to_json().as_bytes()) {
            return Action::error(e.to_string());
        }
        let label = if form_editing {
            format!("{} edited in your index", entry.code)
        } else {
            format!("{} added to your index", entry.code)
        };
        self.index_undo = Some(Box::new((label, before)));
        let (facts, loaded) = super::load_data(ctx);
        *self.facts = facts;
        *self.index = loaded;
        self.entry = None;
        let a = self.look_up(c);
        if a.notice.is_some() {
            return a;
        }
        Action::notice(crate::gui::screen::Notice::info(format!(
            "{} {} your storybook index.",
            entry.code,
            if form_editing {
                "changed in"
            } else {
                "added to"
            }
        )))
    }

    /// Deletes the player's own entry for the paragraph on screen; undoable from the lookup
    /// tab ("Undo: 41 deleted from your index").
    pub(super) fn delete_entry(
        &mut self,
        c: &Campaign,
        code: QuestCode,
        ctx: &Ctx,
    ) -> Action<Message> {
        let Some(store) = ctx.store else {
            return Action::error("The data folder is not open: the index cannot be changed.");
        };
        if self.index.own_damaged {
            return Action::error(format!(
                "{} cannot be read: fix or move it before changing your entries.",
                self.index.own_origin
            ));
        }
        let before = self.index.own_file();
        let own = match Index::check_removal(
            &self.index.files,
            &self.index.own_origin,
            &code,
            self.facts(),
        ) {
            Ok((f, _)) => f,
            Err(problems) => {
                let list: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
                return Action::error(list.join("; "));
            }
        };
        if let Err(e) = store.write_data_backed_up(index::OWN_FILE, own.to_json().as_bytes()) {
            return Action::error(e.to_string());
        }
        self.index_undo = Some(Box::new((
            format!("{code} deleted from your index"),
            before,
        )));
        self.reload_index(ctx);
        let _ = self.look_up(c);
        Action::notice(crate::gui::screen::Notice::info(format!(
            "{code} deleted from your storybook index."
        )))
    }

    /// Puts the player's index back as it was before the last change made here.
    pub(super) fn undo_index(&mut self, c: &Campaign, ctx: &Ctx) -> Action<Message> {
        let (Some(undo), Some(store)) = (self.index_undo.take(), ctx.store) else {
            return Action::none();
        };
        let (label, before) = *undo;
        if let Err(e) = store.write_data_backed_up(index::OWN_FILE, before.to_json().as_bytes()) {
            return Action::error(e.to_string());
        }
        self.reload_index(ctx);
        if self.pad.answer.is_some() {
            let _ = self.look_up(c);
        }
        Action::notice(crate::gui::screen::Notice::info(format!(
            "Undone: {label}."
        )))
    }

    /// Declares the character's quest letters in the player's index file.
    pub(super) fn save_letters(&mut self, c: &Campaign, ctx: &Ctx) -> Action<Message> {
        let Some(store) = ctx.store else {
            return Action::error("The data folder is not open: the index cannot be changed.");
        };
        let Some(who) = c
            .sheets
            .get(self.pad.character)
            .map(|s| s.character.clone())
        else {
            return Action::none();
        };
        let first = match self.pad.first.trim() {
            "" => None,
            t => match QuestCode::parse(t) {
                Ok(q) => Some(q),
                Err(e) => return Action::error(format!("First code: {e}")),
            },
        };
        let before = self.index.own_file();
        match crate::store::storybook::declare_letters(store, &who, &self.pad.letters, first) {
            Ok(m) => {
                self.index_undo = Some(Box::new((format!("{who}'s quest letters"), before)));
                self.pad.letters.clear();
                self.pad.first.clear();
                self.reload_index(ctx);
                Action::notice(crate::gui::screen::Notice::info(super::index_io::sentence(
                    &m,
                )))
            }
            Err(e) => Action::error(e.to_string()),
        }
    }

    pub(super) fn reload_index(&mut self, ctx: &Ctx) {
        let (facts, loaded) = super::load_data(ctx);
        *self.facts = facts;
        *self.index = loaded;
    }

    pub(super) fn view_entry<'a>(&'a self, form: &'a EntryForm) -> Element<'a, Message> {
        let e = |m: EntryMsg| msg(Msg::Entry(m));
        let mut col = Column::new()
            .spacing(10)
            .push(widgets::heading(format!(
                "{} for {}",
                if form.editing {
                    "Your entry"
                } else {
                    "Index entry"
                },
                form.code
            )))
            .push(
                text(
                    "Short labels in your own words: the index never holds the book's text. A \
                     choice needs one keyword, or two with a comma.",
                )
                .size(style::SMALL)
                .style(style::muted),
            );
        for (i, ch) in form.choices.iter().enumerate() {
            let small = |p: &'a str, v: &'a str| text_input(p, v).size(style::BODY).padding(6);
            col = col.push(
                container(
                    column![
                        row![
                            text(format!("Choice {}", i + 1)).size(style::BODY),
                            small("label", &ch.label).on_input(move |s| e(EntryMsg::Label(i, s))),
                            iced::widget::pick_list(TestKind::ALL, Some(ch.test), move |t| e(
                                EntryMsg::Test(i, t)
                            ))
                            .text_size(style::BODY),
                            small("difficulty", &ch.target)
                                .on_input(move |s| e(EntryMsg::Target(i, s)))
                                .width(Length::Fixed(110.0)),
                            secondary("Remove", Some(e(EntryMsg::RemoveChoice(i)))),
                        ]
                        .spacing(8)
                        .align_y(Center),
                        row![
                            small(NEEDS, &ch.keywords)
                                .on_input(move |s| e(EntryMsg::Keywords(i, s))),
                            iced::widget::checkbox(ch.optional)
                                .label("optional")
                                .on_toggle(move |b| e(EntryMsg::Optional(i, b)))
                                .text_size(style::BODY),
                            small(NEXT, &ch.next).on_input(move |s| e(EntryMsg::Next(i, s))),
                        ]
                        .spacing(8)
                        .align_y(Center),
                        rewards_heading(),
                        rewards_row(ch, i, "Success:", SUCCESS),
                        rewards_row(ch, i, "By 2 or more:", BY_TWO),
                    ]
                    .spacing(6),
                )
                .padding(10)
                .style(style::card),
            );
        }
        col = col.push(
            row![
                iced::widget::checkbox(form.ending)
                    .label("the story ends here")
                    .on_toggle(move |b| e(EntryMsg::Ending(b)))
                    .text_size(style::BODY),
                text_input("your own note", &form.note)
                    .on_input(move |s| e(EntryMsg::Note(s)))
                    .size(style::BODY)
                    .padding(6),
            ]
            .spacing(10)
            .align_y(Center),
        );
        col.push(
            row![
                secondary("Add a choice", Some(e(EntryMsg::AddChoice))),
                secondary("Cancel", Some(msg(Msg::CancelEntry))),
                primary("Save to my index", Some(msg(Msg::SaveEntry))),
            ]
            .spacing(10),
        )
        .into()
    }
}

/// A choice's keyword field and next-code field: short enough to read whole in the form at
/// 1024 px (the column headings above the rewards say the rest).
pub(super) const NEEDS: &str = "needs keyword(s)";
pub(super) const NEXT: &str = "next code, e.g. R3";
/// The reward columns' headings, whole above the two reward lines.
pub(super) const REWARD_HEADINGS: [&str; 4] =
    ["Keywords gained", "Keywords lost", "Side quests", "XP"];
/// The reward fields of each line and their hints: short, and different from one line to the
/// other so a half-filled form never shows two alike.
pub(super) const SUCCESS: [(ChoiceField, &str); 4] = [
    (ChoiceField::RewardKeywords, "gained"),
    (ChoiceField::RewardLoseKeywords, "lost"),
    (ChoiceField::RewardSideQuests, "e.g. Q12"),
    (ChoiceField::RewardXp, "0"),
];
pub(super) const BY_TWO: [(ChoiceField, &str); 4] = [
    (ChoiceField::BonusKeywords, "gained too"),
    (ChoiceField::BonusLoseKeywords, "lost too"),
    (ChoiceField::BonusSideQuests, "e.g. Q13"),
    (ChoiceField::BonusXp, "+0"),
];

/// The reward fields' width: XP is a number, the others share the rest.
fn reward_width(f: ChoiceField) -> Length {
    if matches!(f, ChoiceField::RewardXp | ChoiceField::BonusXp) {
        Length::Fixed(60.0)
    } else {
        Length::Fill
    }
}

/// The headings over the reward columns, lined up with the fields under them.
fn rewards_heading<'a>() -> Element<'a, Message> {
    let mut r = row![iced::widget::space::horizontal().width(Length::Fixed(110.0))]
        .spacing(8)
        .align_y(Center);
    for ((f, _), heading) in SUCCESS.into_iter().zip(REWARD_HEADINGS) {
        r = r.push(
            text(heading)
                .size(style::SMALL)
                .style(style::muted)
                .width(reward_width(f)),
        );
    }
    r.into()
}

/// One line of reward fields for choice `i` ("Success:" or "By 2 or more:").
fn rewards_row<'a>(
    ch: &'a super::forms::ChoiceForm,
    i: usize,
    title: &'a str,
    fields: [(ChoiceField, &'a str); 4],
) -> Element<'a, Message> {
    let mut r = row![text(title).size(style::SMALL).width(Length::Fixed(110.0))]
        .spacing(8)
        .align_y(Center);
    for (f, hint) in fields {
        let width = reward_width(f);
        r = r.push(
            text_input(hint, ch.field(f))
                .on_input(move |s| msg(Msg::Entry(EntryMsg::Field(i, f, s))))
                .size(style::BODY)
                .padding(6)
                .width(width),
        );
    }
    r.into()
}
