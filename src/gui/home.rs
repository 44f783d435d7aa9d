//! The home screen: the games, and the saved games and campaigns newest first (damaged files
//! too, with the way out: their backups).

use iced::widget::{Column, button, column, container, row, scrollable, text};
use iced::{Center, Element, Fill, Length};

use super::style;
use super::widgets;
use crate::doc::Kind;
use crate::store::{Listing, ListingStatus};

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    NewGame(Kind),
    Open(String, Kind),
    Export(String),
    Delete(String),
    Backups(Option<String>),
    Rules,
    Import,
    ExportAll,
}

fn blurb(kind: Kind) -> &'static str {
    match kind {
        Kind::Furtherance => "The app runs the three enemy castles",
        Kind::Worldspanner => "Challenge decks, Domes, rounds, glory",
        Kind::NearAndFar => "Quest lookup, campaign sheets, scoring",
        Kind::FurnaceDuel => "Six-board campaign scoring pad",
        Kind::Army => "Army builder and follower sheets",
    }
}

fn tile<'a>(title: &'a str, sub: &'a str, msg: Message) -> Element<'a, Message> {
    button(
        column![
            text(title).size(style::HEADING),
            text(sub).size(style::SMALL).style(style::muted),
        ]
        .spacing(4),
    )
    .padding(16)
    .width(Fill)
    .style(style::tile)
    .on_press(msg)
    .into()
}

pub fn view<'a>(listings: &'a [Listing], read_only: bool) -> Element<'a, Message> {
    let mut games = Column::new()
        .spacing(style::GAP)
        .push(widgets::heading("Games"));
    for kind in Kind::ALL {
        games = games.push(tile(kind.title(), blurb(kind), Message::NewGame(kind)));
    }
    games = games.push(tile(
        "Rules lookup",
        "Search every game's rules (Ctrl+F)",
        Message::Rules,
    ));

    let mut saves = Column::new().spacing(8);
    if listings.is_empty() {
        saves = saves.push(
            text("No saved games yet. Start one on the left; it is saved after every change.")
                .size(style::BODY)
                .style(style::muted),
        );
    }
    for l in listings {
        saves = saves.push(save_row(l, read_only));
    }
    let tools = row![
        widgets::secondary("Import…", (!read_only).then_some(Message::Import)),
        widgets::secondary("Export all…", Some(Message::ExportAll)),
        widgets::secondary("Backups", Some(Message::Backups(None))),
    ]
    .spacing(8);
    let right = column![
        row![
            widgets::heading("Saved games"),
            iced::widget::space::horizontal(),
            tools
        ]
        .align_y(Center)
        .spacing(8),
        scrollable(saves).height(Fill),
    ]
    .spacing(style::GAP);

    row![
        container(scrollable(games).height(Fill)).width(Length::FillPortion(2)),
        container(right)
            .padding(16)
            .width(Length::FillPortion(3))
            .height(Fill)
            .style(style::card),
    ]
    .spacing(24)
    .padding(24)
    .into()
}

fn save_row(l: &Listing, read_only: bool) -> Element<'_, Message> {
    match &l.status {
        ListingStatus::Ok {
            kind,
            saved_at,
            summary,
        } => {
            let info = column![
                text(summary).size(style::BODY),
                text(format!(
                    "{} · saved {}",
                    kind.title(),
                    widgets::when(*saved_at)
                ))
                .size(style::SMALL)
                .style(style::muted),
            ]
            .spacing(2)
            .width(Fill);
            let actions = row![
                widgets::primary("Open", Some(Message::Open(l.id.clone(), *kind))),
                widgets::secondary("Export…", Some(Message::Export(l.id.clone()))),
                widgets::secondary("Backups", Some(Message::Backups(Some(l.id.clone())))),
                button(text("Delete").size(style::SMALL))
                    .style(style::danger)
                    .padding([8, 10])
                    .on_press_maybe((!read_only).then(|| Message::Delete(l.id.clone()))),
            ]
            .spacing(6)
            .align_y(Center);
            // Actions on their own line: the row stays readable at 1024 px and with large type.
            container(column![info, row![iced::widget::space::horizontal(), actions]].spacing(6))
                .padding(10)
                .style(style::card)
                .into()
        }
        ListingStatus::Damaged { problem, modified } => {
            let info = column![
                text(format!("Damaged: {}", l.path.display()))
                    .size(style::BODY)
                    .style(style::danger_text),
                text(problem.to_string()).size(style::SMALL),
                text(match modified {
                    Some(m) => format!("modified {} · kept untouched", widgets::when(*m)),
                    None => "kept untouched".to_string(),
                })
                .size(style::SMALL)
                .style(style::muted),
            ]
            .spacing(2)
            .width(Fill);
            container(
                row![
                    info,
                    widgets::primary("Open backups", Some(Message::Backups(Some(l.id.clone()))))
                ]
                .spacing(10)
                .align_y(Center),
            )
            .padding(10)
            .style(style::error_banner)
            .into()
        }
    }
}
