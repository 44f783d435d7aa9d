//! Adding a paragraph's structure to the storybook index while reading it: the entry form
//! (choices, rolls, keywords, next codes, sheet rewards), checked against the whole index and
//! saved in the player's own file through the store.

use iced::widget::{Column, column, container, row, text, text_input};
use iced::{Center, Element, Length};

use super::forms::{EntryForm, TestKind};
use super::lookup::Msg;
use super::{Message, State, primary, secondary};
use crate::gui::screen::{Action, Ctx};
use crate::gui::{style, widgets};
use crate::near_and_far::Campaign;
use crate::near_and_far::index::{self, Index};

#[derive(Debug, Clone)]
pub enum EntryMsg {
    Label(usize, String),
    Test(usize, TestKind),
    Target(usize, String),
    Keywords(usize, String),
    Optional(usize, bool),
    Next(usize, String),
    RewardKeywords(usize, String),
    RewardSideQuests(usize, String),
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
            EntryMsg::RewardKeywords(i, s) => {
                if let Some(c) = form.choices.get_mut(i) {
                    c.reward_keywords = s;
                }
            }
            EntryMsg::RewardSideQuests(i, s) => {
                if let Some(c) = form.choices.get_mut(i) {
                    c.reward_side_quests = s;
                }
            }
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
        let entry = match form.to_entry() {
            Ok(e) => e,
            Err(e) => return Action::error(e),
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
        if let Err(e) = store.write_data_backed_up(index::OWN_FILE, own.to_json().as_bytes()) {
            return Action::error(e.to_string());
        }
        let (facts, loaded) = super::load_data(ctx);
        *self.facts = facts;
        *self.index = loaded;
        self.entry = None;
        let a = self.look_up(c);
        if a.notice.is_some() {
            return a;
        }
        Action::notice(crate::gui::screen::Notice::info(format!(
            "{} added to your storybook index.",
            entry.code
        )))
    }

    pub(super) fn view_entry<'a>(&'a self, form: &'a EntryForm) -> Element<'a, Message> {
        let e = |m: EntryMsg| msg(Msg::Entry(m));
        let mut col = Column::new()
            .spacing(10)
            .push(widgets::heading(format!("Index entry for {}", form.code)))
            .push(
                text("Short labels in your own words: the index never holds the book's text.")
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
                            small("keywords needed (comma)", &ch.keywords)
                                .on_input(move |s| e(EntryMsg::Keywords(i, s))),
                            iced::widget::checkbox(ch.optional)
                                .label("optional")
                                .on_toggle(move |b| e(EntryMsg::Optional(i, b)))
                                .text_size(style::BODY),
                            small("next code (character quests)", &ch.next)
                                .on_input(move |s| e(EntryMsg::Next(i, s))),
                        ]
                        .spacing(8)
                        .align_y(Center),
                        row![
                            small("keywords gained", &ch.reward_keywords)
                                .on_input(move |s| e(EntryMsg::RewardKeywords(i, s))),
                            small("side quests given (Q12)", &ch.reward_side_quests)
                                .on_input(move |s| e(EntryMsg::RewardSideQuests(i, s))),
                        ]
                        .spacing(8),
                    ]
                    .spacing(6),
                )
                .padding(10)
                .style(style::card),
            );
        }
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
