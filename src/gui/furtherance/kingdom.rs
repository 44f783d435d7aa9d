//! Your kingdom in the side panel: a one-line summary in a fixed slot above the turn log (in
//! view in every state) whose button swaps the turn log's region for the whole kingdom (gold,
//! actions left, leader, VP, research, buildings, items, the three markets) with the worker
//! actions beside the cards they act on; and the ledger's hand edits below the panel's fold.
//! Neither moves the board or the controls (docs/furtherance.md, "The window").

use iced::Element;
use iced::widget::{Column, button, column, container, row, text};

use super::Message;
use super::below::stepper;
use crate::furtherance::kingdom::{
    ITEMS_PER_BUY, MAX_BUILDINGS, MAX_ITEMS, MINE_GOLD, UPGRADE_GOLD,
};
use crate::furtherance::kingdom_view::MarketCard;
use crate::furtherance::{Action as Play, Game, Market, UnitId};
use crate::gui::notice::Refusal;
use crate::gui::{style, widgets};
use crate::words::count;

/// The summary line, for the layout tests.
pub const SUMMARY_ID: &str = "furtherance-kingdom-summary";

/// "Gold 4 · 1 action left of 2 · 0 VP": with the kingdom open, the numbers its worker
/// buttons spend.
pub fn open_summary_words(g: &Game) -> String {
    let k = g.kingdom_view();
    format!(
        "Gold {} · {} of {} · {} VP",
        k.gold,
        count(k.actions_left, "action left", "actions left"),
        k.workers,
        k.vp
    )
}

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

/// The summary's button: "Turn log" in small type with its padding, and room to spare.
const TOGGLE_WIDTH: f32 = style::SMALL * 6.0;

/// The kingdom panel's scrollable, for the layout tests.
pub const KINGDOM_ID: &str = "furtherance-kingdom";

/// The summary line with the way to the whole kingdom: one click swaps the region under it
/// between the turn log and the kingdom (the board and End turn stay where they are).
pub fn summary_toggle(g: &Game, open: bool, narrow: bool) -> Element<'_, Message> {
    let label = if open { "Turn log" } else { "Kingdom" };
    row![
        // Two lines of body type at most: a narrow panel wraps it rather than cut a number
        // (in small type in the narrowest panel, where two lines of body type cut the VP).
        container(
            text(if open {
                open_summary_words(g)
            } else {
                summary_words(g)
            })
            .size(if narrow { style::SMALL } else { style::BODY })
        )
            .id(SUMMARY_ID)
            .width(iced::Fill)
            .clip(true)
            .align_y(iced::Center),
        // One width for both labels, so the button does not move when it renames itself.
        button(
            text(label)
                .size(style::SMALL)
                .width(iced::Fill)
                .align_x(iced::Center)
        )
        .padding([4, 6])
        .width(TOGGLE_WIDTH)
        .style(style::secondary)
        .on_press(Message::ToggleKingdom),
    ]
    .spacing(6)
    .align_y(iced::Center)
    .into()
}

fn small<'a>(s: impl text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    text(s).size(style::SMALL)
}

/// A small worker-action button, pressable only with `enabled`.
fn act<'a>(label: impl Into<String>, msg: Message, enabled: bool) -> Element<'a, Message> {
    button(text(label.into()).size(style::SMALL))
        .padding([4, 10])
        .style(style::secondary)
        .on_press_maybe(enabled.then_some(msg))
        .into()
}

fn heading<'a>(s: impl text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    text(s).size(style::BODY)
}

/// What the kingdom panel needs besides the game.
pub struct Panel<'a> {
    pub refusal: &'a Refusal,
    /// The items picked for a Buy (one or two names from the items market).
    pub buy_pick: &'a [String],
    /// Your turn, no question waiting, the game not over: worker actions may be taken.
    pub my_turn: bool,
    /// Your unit selected on the board, which an item is used on.
    pub on_unit: Option<UnitId>,
    /// The worker action last clicked on a card's row: a refusal is said under that row.
    pub worker: Option<&'a Play>,
    /// The building (its place, from 1) whose Discard asks to be clicked again.
    pub discard_ask: Option<usize>,
    /// The kept card picked in a research question.
    pub research_keep: Option<&'a str>,
}

impl Panel<'_> {
    /// Whether the refusal now belongs under the row of `play`.
    pub(super) fn refused(&self, play: &Play) -> bool {
        self.refusal.text().is_some() && self.worker == Some(play)
    }
}

/// The whole kingdom in the panel's focus region (docs/furtherance.md, "Your kingdom" under
/// "The screen"): gold, actions left and VP, the worker actions that need no card (disabled
/// when no action is left) with the refusal line and a worker's question right under them,
/// then the leader with its power, the three face-up markets with their costs and the Buy,
/// Build actions beside the cards, and what you hold: research, buildings, upgrades, items.
pub fn panel<'a>(g: &'a Game, p: Panel<'a>) -> Element<'a, Message> {
    let k = g.kingdom_view();
    let can = p.my_turn && k.actions_left > 0;
    // Gold, actions left and VP are on the summary line right above (`summary_toggle`), so
    // the worker buttons open the region and a worker's question has room under them.
    let mut col = Column::new().spacing(6);
    col = col.push(
        row![
            act(
                format!("Mine +{MINE_GOLD} gold"),
                Message::Play(Play::Mine {}),
                can
            ),
            act(
                format!("Upgrade ({UPGRADE_GOLD} gold)"),
                Message::Play(Play::Upgrade {}),
                can
            ),
        ]
        .spacing(6)
        .wrap()
        .vertical_spacing(4),
    );
    let mut research = row![small("Research")].spacing(6).align_y(iced::Center);
    for deck in [Market::Units, Market::Items, Market::Buildings] {
        research = research.push(act(
            deck.word(),
            Message::Play(Play::Research { deck }),
            can,
        ));
    }
    col = col.push(research.wrap().vertical_spacing(4));
    // A question a worker action asked (research, upgrade) right under the buttons (disabled
    // while it waits), in place of the refusal line and the rest of the kingdom until it is
    // answered: the button just clicked does not move and no option comes under the pointer
    // (docs/table-ux.md 1). In small type, so that its default option is in view at 1024 px
    // with large type too (issue 32 §2).
    if let Some(q) = g.pending() {
        let on_board = g.question_squares().iter().any(Option::is_some);
        if p.refusal.text().is_some() {
            col = col.push(p.refusal.line());
        }
        // A research's options as cards: every way to answer in view without a scroll, in
        // the narrowest panel too.
        col = col.push(match g.research_options() {
            Some(options) => super::research_choice::view(q, options, p.research_keep),
            None => super::turn_log::question(&q.question, &q.options, q.default, on_board, true),
        });
        return widgets::card(col, 10).into();
    }
    // The refusal of Mine, Upgrade, Research (or a board click) under their buttons; a card
    // row's refusal under that row, this line keeping its height.
    col = col.push(if p.worker.is_some() && p.refusal.text().is_some() {
        iced::widget::Space::new()
            .height(crate::gui::notice::LINE)
            .into()
    } else {
        p.refusal.line()
    });

    // The leader under the buttons, so that they stay at the top of a short region, with its
    // power's buttons (leader.rs).
    col = col.push(super::leader::block(g, &p));
    // The markets before what you hold: a Buy or a Build adds to your cards below it, so
    // the market row just clicked (and Buy under it) stays where it was.
    col = col.push(text("Market").size(style::HEADING));
    // The units on one line: they are recruited from the board, not from here.
    let units: Vec<String> = k
        .market
        .units
        .iter()
        .map(|u| format!("{} · cost {}", stacked(u), u.cost))
        .collect();
    col = col.push(heading("Units"));
    col = col.push(small(if units.is_empty() {
        "none".to_string()
    } else {
        units.join("; ")
    }));
    col = col.push(
        small("Recruit: click an empty space of your castle on the board.").style(style::muted),
    );
    col = col.push(heading("Items (pick one or two, then Buy)"));
    for i in &k.market.items {
        let picked = p.buy_pick.contains(&i.name);
        // Picked is said by the button's look and by "Buy 1 item" under the list, not by
        // more words: " · picked" wrapped the row in a narrow panel and moved Buy down.
        col = col.push(
            button(small(format!("{} · cost {}", stacked(i), i.cost)))
            .padding([3, 8])
            .width(iced::Fill)
            .style(if picked {
                style::primary
            } else {
                style::row_button
            })
            .on_press_maybe(p.my_turn.then(|| Message::PickItem(i.name.clone()))),
        );
    }
    let picked = p.buy_pick.len();
    col = col.push(act(
        match picked {
            0 => "Buy".to_string(),
            n => format!("Buy {}", count(n as u64, "item", "items")),
        },
        Message::Buy,
        can && (1..=ITEMS_PER_BUY).contains(&picked),
    ));
    if p.refused(&Play::Buy {
        items: p.buy_pick.to_vec(),
    }) {
        col = col.push(p.refusal.line());
    }
    col = col.push(heading("Buildings"));
    for b in &k.market.buildings {
        let build = Play::Build {
            building: b.name.clone(),
        };
        let refused = p.refused(&build);
        col = col.push(card_row(
            small(format!("{} · cost {}", stacked(b), b.cost)),
            act("Build", Message::Worker(build), can),
        ));
        if refused {
            col = col.push(p.refusal.line());
        }
    }
    // Research, with Build beside a researched building.
    col = col.push(heading("In research"));
    if k.research.is_empty() {
        col = col.push(small("none").style(style::muted));
    }
    for r in &k.research {
        let line = small(format!("{} ({}) · cost {}", r.name, r.deck.word(), r.cost));
        // A researched building is built, an item bought, from here; a unit is recruited
        // from the board.
        let action = match r.deck {
            Market::Buildings => Some((
                "Build",
                Play::Build {
                    building: r.name.clone(),
                },
            )),
            Market::Items => Some((
                "Buy",
                Play::Buy {
                    items: vec![r.name.clone()],
                },
            )),
            Market::Units => None,
        };
        match action {
            Some((label, play)) => {
                let refused = p.refused(&play);
                col = col.push(card_row(line, act(label, Message::Worker(play), can)));
                if refused {
                    col = col.push(p.refusal.line());
                }
            }
            None => col = col.push(line),
        }
    }

    col = col.push(heading(format!(
        "Buildings ({} of {MAX_BUILDINGS})",
        k.buildings.len()
    )));
    if k.buildings.is_empty() {
        col = col.push(small("none").style(style::muted));
    }
    // Discard beside each building, pressable only at the limit of 7 (BUILDINGS); it asks
    // once in its own row before the building goes (Undo still brings it back).
    let may_discard = p.my_turn && g.discard_allowed().is_ok();
    for (i, b) in k.buildings.iter().chain(&k.upgrades).enumerate() {
        let place = (i < k.buildings.len()).then_some(i + 1);
        let state = if b.in_play {
            "in play".to_string()
        } else {
            count(b.turn_counters, "turn counter", "turn counters")
        };
        let damage = if b.damage > 0 {
            format!(" · damage {}", b.damage)
        } else {
            String::new()
        };
        let line = small(format!("{} · {state}{damage}", b.name));
        let mut buttons = row![].spacing(6).align_y(iced::Center);
        let develop = Play::Develop {
            card: b.name.clone(),
        };
        if !b.in_play {
            buttons = buttons.push(act("Develop", Message::Worker(develop.clone()), can));
        }
        let discard = place.map(|at| Play::DiscardBuilding {
            building: b.name.clone(),
            at: Some(at),
        });
        let asking = place.is_some() && p.discard_ask == place && may_discard;
        if let Some(at) = place {
            // "Keep" where Discard was: a second click by habit keeps the building.
            buttons = if asking {
                buttons.push(act("Keep", Message::AskDiscard(None), true))
            } else {
                buttons.push(act(
                    "Discard",
                    Message::AskDiscard(Some(at)),
                    may_discard,
                ))
            };
        }
        col = col.push(card_row(line, buttons.into()));
        // "Discard it" on a line of its own, at the left under the words: once the building
        // is gone, what comes under the pointer there is the next row's words, never another
        // row's Develop or Discard.
        if let (true, Some(discard)) = (asking, &discard) {
            col = col.push(
                row![
                    act("Discard it", Message::Worker(discard.clone()), true),
                    small(format!(
                        "Discard {}? It goes to the discard pile, not to your research (Undo brings it back).",
                        b.name
                    ))
                    .style(style::warning_text)
                    .width(iced::Fill),
                ]
                .spacing(6)
                .align_y(iced::Center),
            );
        }
        let refused = p.refused(&develop) || discard.as_ref().is_some_and(|d| p.refused(d));
        if refused {
            col = col.push(p.refusal.line());
        }
    }

    col = col.push(heading(format!("Items ({} of {MAX_ITEMS})", k.items.len())));
    if k.items.is_empty() {
        col = col.push(small("none").style(style::muted));
    }
    for i in &k.items {
        let mut words = column![small(i.name.clone())];
        if !i.text.is_empty() {
            words = words.push(small(i.text.clone()).style(style::muted));
        }
        let use_item = Play::UseItem {
            item: i.name.clone(),
            unit: p.on_unit,
        };
        let refused = p.refused(&use_item);
        col = col.push(card_row(
            words,
            act("Use", Message::Worker(use_item), p.my_turn),
        ));
        if refused {
            col = col.push(p.refusal.line());
        }
    }
    if !k.items.is_empty() {
        col = col
            .push(small("An item used on a unit goes on your selected unit.").style(style::muted));
    }

    widgets::card(col, 10).into()
}

/// A face-up card's name, with how many are stacked where more than one.
fn stacked(c: &MarketCard) -> String {
    if c.count > 1 {
        format!("{} ×{}", c.name, c.count)
    } else {
        c.name.clone()
    }
}

/// A card's words with its action at the right.
fn card_row<'a>(
    words: impl Into<Element<'a, Message>>,
    action: Element<'a, Message>,
) -> Element<'a, Message> {
    row![container(words).width(iced::Fill), action]
        .spacing(6)
        .align_y(iced::Center)
        .into()
}
