//! Your kingdom in the side panel: a one-line summary in a fixed slot above the turn log (in
//! view in every state), and the whole kingdom as a section below the panel's fold with its
//! hand edits. What the engine keeps today is the ledger (gold, workers, buildings, recorded
//! VP) and the VP from units on the field; markets, research, items and worker actions are
//! later rows of the section, and a later part of the summary line: neither moves the board,
//! the controls or the log when they come (docs/furtherance.md, "The window").

use iced::Element;
use iced::widget::{Column, container, text};

use super::Message;
use super::panel::stepper;
use crate::furtherance::{Action as Play, Game};
use crate::gui::{style, widgets};
use crate::words::count;

/// The summary line, for the layout tests.
pub const SUMMARY_ID: &str = "furtherance-kingdom-summary";

/// "Gold 4 · 2 workers · 1 building · 0 VP": the numbers the player glances at between moves.
pub fn summary_words(g: &Game) -> String {
    let l = g.ledger();
    format!(
        "Gold {} · {} · {} · {} VP",
        l.gold,
        count(l.workers, "worker", "workers"),
        count(l.buildings, "building", "buildings"),
        g.total_vp()
    )
}

/// The summary, in the slot the panel keeps for it (two lines of body type at most: a narrow
/// panel wraps it rather than cutting a number off), so nothing under it moves.
pub fn summary(g: &Game) -> Element<'_, Message> {
    container(text(summary_words(g)).size(style::BODY))
        .id(SUMMARY_ID)
        .width(iced::Fill)
        .clip(true)
        .align_y(iced::Center)
        .into()
}

/// The whole kingdom with its hand edits (for corrections: normal play never needs them).
pub fn section(g: &Game) -> Element<'_, Message> {
    let l = g.ledger();
    let mut col = Column::new()
        .spacing(6)
        .push(text("Your kingdom").size(style::HEADING));
    col = col.push(stepper("Gold", i64::from(l.gold), |v| {
        u32::try_from(v).ok().map(|gold| Play::SetGold { gold })
    }));
    col = col.push(stepper("Workers", i64::from(l.workers), |v| {
        u8::try_from(v)
            .ok()
            .map(|workers| Play::SetWorkers { workers })
    }));
    col = col.push(stepper("Buildings", i64::from(l.buildings), |v| {
        u8::try_from(v)
            .ok()
            .map(|buildings| Play::SetBuildings { buildings })
    }));
    col = col.push(stepper("VP (recorded)", i64::from(l.vp), |v| {
        u8::try_from(v).ok().map(|vp| Play::SetVp { vp })
    }));
    if g.field_vp() > 0 {
        col = col
            .push(text(format!("+{} VP from units on the field", g.field_vp())).size(style::SMALL));
    }
    if let Some(deck) = g.deck() {
        col = col.push(
            text(format!(
                "Unit deck: {} to draw, {} discarded",
                deck.draw_len(),
                deck.discard_len()
            ))
            .size(style::SMALL)
            .style(style::muted),
        );
    }
    widgets::card(col, 12).into()
}
