//! Before a campaign is open: the list of saved Near and Far campaigns and the new-campaign
//! form (mode, 2 to 4 players with their characters, variants).

use iced::widget::{Column, button, checkbox, column, container, pick_list, row, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::forms::{ModeChoice, SetupForm};
use super::{Message, State};
use crate::doc::{Kind, Saved};
use crate::gui::document::Doc;
use crate::gui::screen::{Action, Ctx, Notice};
use crate::gui::{style, widgets};
use crate::near_and_far::session::Variants;
use crate::near_and_far::{Campaign, Mode};

#[derive(Debug, Clone)]
pub enum Msg {
    Open(String),
    Mode(Mode),
    Player(usize, String),
    Character(usize, String),
    AddSeat,
    RemoveSeat(usize),
    ExtraStories(bool),
    LongGame(bool),
    Title(String),
    Start,
}

fn setup(m: Msg) -> Message {
    Message::Setup(m)
}

impl State {
    pub(super) fn update_setup(&mut self, m: Msg, ctx: &Ctx) -> Action<Message> {
        let f = &mut self.setup;
        match m {
            Msg::Open(id) => {
                let Some(store) = ctx.store else {
                    return Action::error("The data folder is not open.");
                };
                match store.load::<Campaign>(&id) {
                    Ok(saved) => self.set_doc(Doc::new(id, saved)),
                    Err(e) => return Action::error(e.to_string()),
                }
            }
            Msg::Mode(mode) => f.mode = mode,
            Msg::Player(i, name) => {
                if let Some(s) = f.seats.get_mut(i) {
                    s.0 = name;
                }
            }
            Msg::Character(i, c) => {
                if let Some(s) = f.seats.get_mut(i) {
                    s.1 = Some(c);
                }
            }
            Msg::AddSeat if f.seats.len() < 4 => f.seats.push((String::new(), None)),
            Msg::AddSeat => {}
            Msg::RemoveSeat(i) if f.seats.len() > 2 && i < f.seats.len() => {
                f.seats.remove(i);
            }
            Msg::RemoveSeat(_) => {}
            Msg::ExtraStories(b) => f.extra_stories = b,
            Msg::LongGame(b) => f.long_game = b,
            Msg::Title(t) => f.title = t,
            Msg::Start => return self.start_campaign(ctx),
        }
        Action::none()
    }

    fn start_campaign(&mut self, ctx: &Ctx) -> Action<Message> {
        let facts = match &*self.facts {
            Ok(f) => f,
            Err(e) => return Action::error(format!("Cannot start: {e}")),
        };
        let f = &self.setup;
        let mut seats = Vec::new();
        for (i, (player, character)) in f.seats.iter().enumerate() {
            let Some(c) = character else {
                return Action::error(format!("Choose a character for seat {}.", i + 1));
            };
            seats.push((player.clone(), c.clone()));
        }
        let variants = Variants {
            extra_stories: f.extra_stories,
            long_game: f.long_game,
        };
        let card = facts.characters.card.layout;
        match Campaign::new(f.mode, variants, card, &seats, super::today(), Some(facts))
            .map(|(c, notices)| (c.with_token_seed(crate::deck::fresh_seed()), notices))
        {
            Ok((campaign, notices)) => {
                let title = if f.title.trim().is_empty() {
                    format!("Near and Far {}", f.mode.title())
                } else {
                    f.title.trim().to_string()
                };
                let doc = Doc::new(
                    ctx.new_id(Kind::NearAndFar),
                    Saved::new(title, "New campaign", campaign),
                );
                *self.setup = SetupForm::new(Some(facts));
                self.set_doc(doc);
                let a = Action::none();
                if notices.is_empty() {
                    a
                } else {
                    a.with_notice(Notice::info(notices.join(" ")))
                }
            }
            Err(e) => Action::error(e.to_string()),
        }
    }

    pub(super) fn view_setup(&self, _ctx: &Ctx) -> Element<'_, Message> {
        let mut list = Column::new().spacing(8).push(widgets::heading("Campaigns"));
        if self.campaigns.is_empty() {
            list = list.push(
                text("No Near and Far campaign yet: start one on the right.")
                    .size(style::BODY)
                    .style(style::muted),
            );
        }
        for (id, title, summary) in &self.campaigns {
            list = list.push(
                button(
                    column![
                        text(title).size(style::HEADING),
                        text(summary).size(style::SMALL).style(style::muted),
                    ]
                    .spacing(4),
                )
                .padding(12)
                .width(Fill)
                .style(style::tile)
                .on_press(setup(Msg::Open(id.clone()))),
            );
        }
        container(
            row![
                container(list).width(Length::FillPortion(2)),
                container(self.view_new_form()).width(Length::FillPortion(3)),
            ]
            .spacing(30),
        )
        .padding(24)
        .width(Fill)
        .into()
    }

    fn view_new_form(&self) -> Element<'_, Message> {
        let f = &self.setup;
        let modes = [ModeChoice(Mode::Campaign), ModeChoice(Mode::Character)];
        let mut col = column![
            widgets::heading("New campaign"),
            row![
                text("Mode").size(style::BODY).width(Length::Fixed(120.0)),
                pick_list(modes, Some(ModeChoice(f.mode)), |m| setup(Msg::Mode(m.0)))
                    .text_size(style::BODY)
                    .padding(8),
            ]
            .spacing(style::GAP)
            .align_y(Center),
            text(match f.mode {
                Mode::Campaign => "Maps 2 to 11 in order, map quests and side quests; 1 experience per 3 encounters.",
                Mode::Character => "Any of Maps 2-10 until everyone has read 8 character quests, then Map 11; 1 experience per quest.",
            })
            .size(style::SMALL)
            .style(style::muted),
        ]
        .spacing(style::GAP);
        for (i, (player, character)) in f.seats.iter().enumerate() {
            let mut line = row![
                text_input("Player name", player)
                    .on_input(move |s| setup(Msg::Player(i, s)))
                    .size(style::BODY)
                    .padding(8)
                    .width(Length::FillPortion(2)),
                pick_list(f.characters.clone(), character.clone(), move |c| {
                    setup(Msg::Character(i, c))
                })
                .placeholder("Character")
                .text_size(style::BODY)
                .padding(8)
                .width(Length::FillPortion(2)),
            ]
            .spacing(8)
            .align_y(Center);
            if f.seats.len() > 2 {
                line = line.push(widgets::secondary(
                    "Remove",
                    Some(setup(Msg::RemoveSeat(i))),
                ));
            }
            col = col.push(line);
        }
        col = col.push(widgets::secondary(
            "Add a player",
            (f.seats.len() < 4).then_some(setup(Msg::AddSeat)),
        ));
        col = col
            .push(
                checkbox(f.extra_stories)
                    .label("Extra Stories: 4 quest tokens per player (Campaign Mode skips 3 maps)")
                    .on_toggle(|b| setup(Msg::ExtraStories(b)))
                    .text_size(style::BODY),
            )
            .push(
                checkbox(f.long_game)
                    .label("Long Game: 2 extra camps per player")
                    .on_toggle(|b| setup(Msg::LongGame(b)))
                    .text_size(style::BODY),
            )
            .push(
                text_input("Campaign title (optional)", &f.title)
                    .on_input(|s| setup(Msg::Title(s)))
                    .size(style::BODY)
                    .padding(8),
            )
            .push(widgets::primary("Start campaign", Some(setup(Msg::Start))))
            // Why the campaign did not start, right under the button (notice.rs).
            .push(self.refusal.line());
        container(col).padding(20).style(style::card).into()
    }
}
