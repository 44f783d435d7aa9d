//! Recruiting from the side panel: the unit types a worker may recruit now (the one units
//! deck: the market and your research) as buttons beside the board.

use iced::widget::{button, column, row, text};
use iced::{Element, Fill, Length};

use super::Message;
use super::panel::{button_small, small};
use crate::furtherance::{Game, KindId, Square};
use crate::gui::{style, widgets};

/// The height of a unit type's button in the recruit list: two lines, above the 32 px minimum.
pub(super) const RECRUIT_BUTTON: f32 = 40.0;

/// A unit type's name on its recruit button: a sample file's "Sample " prefix is left off (as
/// on the board's counters) so that the name stays whole in a narrow panel; the panel's header
/// already says the cards are SAMPLE.
pub fn recruit_name(name: &str) -> &str {
    name.strip_prefix("Sample ").unwrap_or(name)
}

/// The unit types a worker may recruit now: with the one units deck (docs/furtherance.md),
/// those face up in the units market and in your research, each once, market first; in
/// physical mode or a save from before the kingdom, every unit type (you say what you took).
pub fn recruitable(g: &Game) -> Vec<KindId> {
    let k = g.kingdom();
    if !k.one_deck {
        return g.catalog().ids().collect();
    }
    let mut kinds: Vec<KindId> = Vec::new();
    let market = k
        .units_market
        .iter()
        .filter_map(|slot| slot.first().copied());
    let research = k
        .research
        .iter()
        .filter(|r| r.deck == crate::furtherance::Market::Units)
        .map(|r| KindId(r.card));
    for id in market.chain(research) {
        if g.catalog().get(id).is_some() && !kinds.contains(&id) {
            kinds.push(id);
        }
    }
    kinds
}

/// "Recruit into d1": each unit type you may recruit (`recruitable`) as a button (name, then
/// attack/HP and cost), two to a row so that a whole catalog still fits beside the board in a
/// 1024×768 screen's window with large type, and Cancel. A refusal shows under the list.
pub(super) fn recruit_block(g: &Game, square: Square) -> Element<'_, Message> {
    let mut col = column![
        row![
            text(format!("Recruit into {square}"))
                .size(style::HEADING)
                .width(Fill),
            button_small("Cancel", Message::CancelMode),
        ]
        .spacing(style::GAP)
        .align_y(iced::Center),
    ]
    .spacing(4);
    let kinds = recruitable(g);
    if kinds.is_empty() {
        col = col.push(
            small("No unit is face up in the market or in your research.").style(style::muted),
        );
    }
    for pair in kinds.chunks(2) {
        let mut r = row![].spacing(6);
        for id in pair {
            let k = g.catalog().kind(*id);
            let stats = format!("{}/{} · cost {}", k.attack, k.hp, k.cost);
            r = r.push(
                button(column![
                    small(recruit_name(&k.name)),
                    small(stats).style(style::muted)
                ])
                .padding([2, 6])
                .width(Fill)
                .height(Length::Fixed(RECRUIT_BUTTON))
                .style(style::tile)
                .on_press(Message::Recruit(*id)),
            );
        }
        if pair.len() == 1 {
            r = r.push(iced::widget::Space::new().width(Fill));
        }
        col = col.push(r);
    }
    // Dedric's power takes a unit from here too, without a worker (INDEX).
    if let Some(dedric) = super::leader::dedric_recruits(g, square) {
        col = col.push(dedric);
    }
    widgets::card(col, 10).into()
}
