//! Between sessions on the Session tab: a late joiner (p. 37), retiring a character, the
//! journey points of threat and boss cards entered once for the whole campaign, and the
//! campaign's settings (boss cards in Character Mode). Every change is a campaign action.

use iced::widget::{Column, checkbox, column, container, pick_list, row, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::CampaignAction;
use super::{Message, State, secondary};
use crate::gui::screen::Action;
use crate::gui::{style, widgets};
use crate::near_and_far::{Campaign, Mode, Settings};

#[derive(Debug, Clone)]
pub enum Msg {
    JoinPlayer(String),
    JoinCharacter(String),
    Join,
    Retire(String),
    BossesInCharacterMode(bool),
    CatchUpAbsent(bool),
    Card(String),
    CardPoints(String),
    SaveCardPoints,
}

/// What is being typed between sessions.
#[derive(Debug, Clone, Default)]
pub struct TableForm {
    pub player: String,
    pub character: Option<String>,
    pub card: Option<String>,
    pub points: String,
}

fn msg(m: Msg) -> Message {
    Message::Table(m)
}

/// The cards whose points can be entered: threat levels 4-15, then the boss cards.
fn card_names(c: &Campaign) -> Vec<String> {
    let mut out: Vec<String> = (4..=15).map(|l| l.to_string()).collect();
    out.extend(c.cards.bosses.iter().map(|b| b.name.clone()));
    out
}

impl State {
    pub(super) fn update_table(&mut self, m: Msg) -> Action<Message> {
        let Some(c) = self.campaign().cloned() else {
            return Action::none();
        };
        match m {
            Msg::JoinPlayer(s) => self.table.player = s,
            Msg::JoinCharacter(s) => self.table.character = Some(s),
            Msg::Join => {
                let Some(character) = self.table.character.clone() else {
                    return Action::error("Choose the new player's character.");
                };
                let (applied, a) = self.act_applied(CampaignAction::AddCharacter {
                    player: self.table.player.clone(),
                    character,
                    date: super::today(),
                });
                if applied {
                    self.table.player.clear();
                    self.table.character = None;
                    self.refresh();
                }
                return a;
            }
            Msg::Retire(character) => {
                let a = self.act(CampaignAction::RetireCharacter {
                    character,
                    date: super::today(),
                });
                self.refresh();
                return a;
            }
            Msg::BossesInCharacterMode(b) => {
                return self.act(CampaignAction::SetSettings {
                    settings: Settings {
                        bosses_in_character_mode: b,
                        ..c.settings
                    },
                });
            }
            Msg::CatchUpAbsent(b) => {
                return self.act(CampaignAction::SetSettings {
                    settings: Settings {
                        catch_up_absent: b,
                        ..c.settings
                    },
                });
            }
            Msg::Card(s) => self.table.card = Some(s),
            Msg::CardPoints(s) => self.table.points = s,
            Msg::SaveCardPoints => {
                let Some(card) = self.table.card.clone() else {
                    return Action::error("Choose the card first.");
                };
                let Ok(points) = self.table.points.trim().parse::<i32>() else {
                    return Action::error("The journey points must be a whole number.");
                };
                let (applied, a) = self.act_applied(CampaignAction::SetCardPoints {
                    card,
                    journey_points: points,
                });
                if applied {
                    self.table.points.clear();
                }
                return a;
            }
        }
        Action::none()
    }

    pub(super) fn view_table<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let mut col = Column::new().spacing(10);
        col = col.push(widgets::heading("Players and cards"));
        // A late joiner.
        let taken: Vec<&str> = c.sheets.iter().map(|s| s.character.as_str()).collect();
        let free: Vec<String> = c
            .cards
            .characters
            .iter()
            .filter(|n| !taken.contains(&n.as_str()))
            .cloned()
            .collect();
        let joins = match c.mode {
            Mode::Campaign => format!(
                "joins with one row of boxes filled per session missed ({} so far, p. 37)",
                c.sessions.len()
            ),
            Mode::Character => "joins with a fresh card (p. 37)".to_string(),
        };
        col = col.push(
            row![
                text("New player").size(style::BODY),
                text_input("name", &self.table.player)
                    .on_input(|s| msg(Msg::JoinPlayer(s)))
                    .size(style::BODY)
                    .padding(6)
                    .width(Length::Fixed(160.0)),
                pick_list(free, self.table.character.clone(), |s| msg(
                    Msg::JoinCharacter(s)
                ))
                .placeholder("character")
                .text_size(style::BODY),
                secondary(
                    "Join",
                    (!self.table.player.trim().is_empty() && self.table.character.is_some())
                        .then_some(msg(Msg::Join)),
                ),
            ]
            .spacing(10)
            .align_y(Center),
        );
        col = col.push(text(joins).size(style::SMALL).style(style::muted));
        // Retiring.
        let mut retire = row![text("Retire").size(style::BODY)]
            .spacing(10)
            .align_y(Center);
        for s in c.sheets.iter().filter(|s| s.retired_after.is_none()) {
            retire = retire.push(secondary(
                s.character.clone(),
                Some(msg(Msg::Retire(s.character.clone()))),
            ));
        }
        col = col.push(retire);
        col = col.push(
            text("A retired character's card and journey points stay in the books; it plays no more sessions and cannot be champion.")
                .size(style::SMALL)
                .style(style::muted),
        );
        // Card points, once per campaign.
        col = col.push(
            row![
                text("Card points").size(style::BODY),
                pick_list(card_names(c), self.table.card.clone(), |s| msg(Msg::Card(
                    s
                )))
                .placeholder("threat level or boss")
                .text_size(style::BODY),
                text_input("journey points", &self.table.points)
                    .on_input(|s| msg(Msg::CardPoints(s)))
                    .on_submit(msg(Msg::SaveCardPoints))
                    .size(style::BODY)
                    .padding(6)
                    .width(Length::Fixed(140.0)),
                secondary("Save", Some(msg(Msg::SaveCardPoints))),
            ]
            .spacing(10)
            .align_y(Center),
        );
        let known: Vec<String> = c
            .cards
            .threats
            .iter()
            .filter_map(|t| t.journey_points.map(|p| format!("{}: {p}", t.level)))
            .chain(
                c.cards
                    .bosses
                    .iter()
                    .filter_map(|b| b.journey_points.map(|p| format!("{}: {p}", b.name))),
            )
            .collect();
        col = col.push(
            text(if known.is_empty() {
                "No card points entered yet: every score sheet is prefilled with the ones you enter here.".to_string()
            } else {
                format!("Known card points (reused every session): {}", known.join(" · "))
            })
            .size(style::SMALL)
            .style(style::muted),
        );
        // Settings.
        col = col.push(widgets::heading("Campaign settings"));
        col = col.push(
            checkbox(c.settings.bosses_in_character_mode)
                .label("Use the boss cards on Map 11 in Character Mode too (printed for Campaign Mode, p. 39)")
                .on_toggle(|b| msg(Msg::BossesInCharacterMode(b)))
                .text_size(style::BODY),
        );
        if c.mode == Mode::Campaign {
            col = col.push(
                checkbox(c.settings.catch_up_absent)
                    .label("A player back after missing sessions gets a row of boxes per session missed, as a late joiner does (not in the rulebook: see the manual)")
                    .on_toggle(|b| msg(Msg::CatchUpAbsent(b)))
                    .text_size(style::BODY),
            );
        }
        container(column![col])
            .padding(20)
            .style(style::card)
            .width(Fill)
            .into()
    }
}
