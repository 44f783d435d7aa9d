//! Your leader's power from the window (LEADERS; INDEX: Audric, Dedric, Payne; SOLO RULES 3:
//! Trosh), beside the leader in the kingdom: each way to use it is a button enabled only when
//! the engine would take it now (asked by trying it on a copy of the game), and a disabled one
//! says why beside it, with its rule (docs/furtherance.md, "Your leader's power").

use iced::Element;
use iced::widget::{Column, Row, button, column, row, text};

use super::Message;
use crate::furtherance::{Action as Play, Effect, Game, Market, RuleError, Square, UnitId};
use crate::gui::style;
use crate::rules::Cites;

/// Whether the engine would take `action` now, and its refusal if not: the action tried on a
/// copy of the game, so the buttons never disagree with what a click (or `tablemate act`)
/// would get.
pub(super) fn accepts(g: &Game, action: &Play) -> Result<(), RuleError> {
    g.clone().apply(action.clone()).map(|_| ())
}

fn small<'a>(s: impl text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    text(s).size(style::SMALL)
}

/// A small button sending worker-row `play` (its refusal said under it), enabled when the
/// engine takes it.
fn power_button<'a>(label: String, play: Play, ok: bool) -> Element<'a, Message> {
    button(small(label))
        .padding([4, 10])
        .style(style::primary)
        .on_press_maybe(ok.then_some(Message::Worker(play)))
        .into()
}

/// Whether the last click was one of the leader's power buttons and was refused (the game
/// changed between drawing and clicking): its refusal goes under the power.
fn refused_power(p: &super::kingdom::Panel<'_>, leader: &str) -> bool {
    let payne = |card: &str| card == leader;
    p.refusal.text().is_some()
        && match p.worker {
            Some(Play::LeaderPower { .. }) => true,
            Some(Play::Develop { card }) => payne(card),
            _ => false,
        }
}

/// The height of a power's status line: three lines of small type, whatever it says, so that a
/// power used up (its refusal said here) moves nothing under it.
const STATUS: f32 = 3.0 * style::SMALL * 1.3 + 4.0;

/// A power's status under its button, one height in every state: how many uses are left, what
/// to do first, or why the button is disabled (the refusal, whole on hover) with a link to its
/// rule.
pub(super) fn why_not<'a>(said: String, rule: Option<crate::rules::RuleRef>) -> Element<'a, Message> {
    let words = iced::widget::tooltip(
        small(said.clone()).style(style::muted).width(iced::Fill),
        iced::widget::container(small(said))
            .padding(8)
            .max_width(420)
            .style(style::card),
        iced::widget::tooltip::Position::Bottom,
    );
    let line: Element<'a, Message> = match rule {
        Some(rule) => row![
            words,
            button(small("Rule"))
                .padding([2, 6])
                .style(style::secondary)
                .on_press(Message::Rule(rule)),
        ]
        .spacing(6)
        .align_y(iced::Center)
        .into(),
        None => words.into(),
    };
    iced::widget::container(line)
        .height(STATUS)
        .clip(true)
        .align_y(iced::Center)
        .into()
}

/// "your Knight at c1": a unit of yours in the words of the window's buttons.
pub(super) fn unit_words(g: &Game, id: UnitId) -> String {
    match g.unit(id) {
        Some(u) => format!(
            "your {} at {}",
            super::recruit_name(&g.catalog().kind(u.kind).name),
            u.square
        ),
        None => "that unit".to_string(),
    }
}

/// The leader, its text, and its power's buttons: Audric's +1 HP on the unit selected on the
/// board, Dedric's acquisition of each face-up or researched item and building (a unit is
/// taken from the recruit list), Payne's counter removed by a worker; Trosh's works by itself.
pub(super) fn block<'a>(g: &'a Game, p: &super::kingdom::Panel<'a>) -> Element<'a, Message> {
    let on_unit = p.on_unit;
    let k = g.kingdom_view();
    let mut col = Column::new().spacing(4);
    let Some(leader) = k.leader else {
        return small("Leader: none").style(style::muted).into();
    };
    let effect = g.kingdom().leader_card(g.cards()).and_then(|c| c.effect);
    col = col.push(small(format!("Leader: {}", leader.name)));
    if !leader.text.is_empty() {
        col = col.push(small(leader.text.clone()).style(style::muted));
    }
    let refusal = |e: &RuleError| why_not(e.to_string(), e.rule());
    match effect {
        Some(Effect::Audric) => {
            let uses = leader.uses_left.unwrap_or(0);
            let play = Play::LeaderPower {
                unit: on_unit,
                card: None,
                square: None,
            };
            let label = match on_unit {
                Some(id) => format!("+1 HP on {}", unit_words(g, id)),
                None => "+1 HP on a unit".to_string(),
            };
            let said = accepts(g, &play);
            col = col.push(power_button(label, play, said.is_ok()));
            match said {
                Ok(()) => {
                    col = col.push(why_not(
                        format!(
                            "{} left this turn",
                            crate::words::count(u64::from(uses), "use", "uses")
                        ),
                        None,
                    ));
                }
                // Without a unit picked the engine's "needs a unit" says less than this.
                Err(_) if on_unit.is_none() && uses > 0 => {
                    col = col.push(why_not(
                        "Click one of your units on the board first: the counter goes on it."
                            .to_string(),
                        None,
                    ));
                }
                Err(e) => col = col.push(refusal(&e)),
            }
        }
        Some(Effect::Dedric) => {
            col = col.push(
                small("Take a card without a worker, paying its cost:").style(style::muted),
            );
            let mut names: Vec<String> = Vec::new();
            let cards = k
                .market
                .items
                .iter()
                .chain(&k.market.buildings)
                .chain(k.research.iter().filter(|r| r.deck != Market::Units));
            for c in cards {
                if !names.contains(&c.name) {
                    names.push(c.name.clone());
                }
            }
            let mut buttons = Row::new().spacing(6);
            let mut refused: Vec<(String, Option<crate::rules::RuleRef>)> = Vec::new();
            for name in names {
                let play = Play::LeaderPower {
                    unit: None,
                    card: Some(name.clone()),
                    square: None,
                };
                let said = accepts(g, &play);
                if let Err(e) = &said {
                    let words = e.to_string();
                    if !refused.iter().any(|(w, _)| *w == words) {
                        refused.push((words, e.rule()));
                    }
                }
                buttons = buttons.push(power_button(name, play, said.is_ok()));
            }
            col = col.push(buttons.wrap().vertical_spacing(4));
            col = col.push(
                small("A unit: click an empty space of your castle, then take it there.")
                    .style(style::muted),
            );
            // Why the disabled ones are (the first reason; all of them on hover), apart from a
            // worker row's own refusal, on a line of one height.
            let rule = refused.first().and_then(|(_, r)| *r);
            let words: Vec<String> = refused.into_iter().map(|(w, _)| w).collect();
            col = col.push(why_not(
                if words.is_empty() {
                    String::new()
                } else {
                    format!("Why not: {}", words.join("; "))
                },
                rule,
            ));
        }
        Some(Effect::Payne) => {
            let play = Play::Develop {
                card: leader.name.clone(),
            };
            let counters = leader.counters.unwrap_or(0);
            let said = accepts(g, &play);
            col = col.push(power_button(
                format!(
                    "Develop: a second turn ({} left)",
                    crate::words::count(u64::from(counters), "counter", "counters")
                ),
                play,
                said.is_ok(),
            ));
            col = col.push(match said {
                Ok(()) => why_not(leader.applies.clone(), None),
                Err(e) => refusal(&e),
            });
        }
        Some(Effect::Trosh) => {
            col = col.push(
                small(format!("{}: it works by itself (SOLO RULES 3).", leader.applies))
                    .style(style::muted),
            );
        }
        _ => {
            col = col.push(
                small("The app does not apply this power: apply its card text by hand.")
                    .style(style::muted),
            );
        }
    }
    if refused_power(p, &leader.name) {
        col = col.push(p.refusal.line());
    }
    col.into()
}

/// Under the recruit list, with Dedric as your leader: each unit there taken onto `square`
/// by his power (no worker), enabled when the engine takes it; None with another leader.
pub(super) fn dedric_recruits<'a>(g: &'a Game, square: Square) -> Option<Element<'a, Message>> {
    let card = g.kingdom().leader_card(g.cards())?;
    if card.effect != Some(Effect::Dedric) {
        return None;
    }
    let mut buttons = Row::new().spacing(6);
    let mut refused: Option<RuleError> = None;
    for id in super::recruitable(g) {
        let name = g.catalog().kind(id).name.clone();
        let play = Play::LeaderPower {
            unit: None,
            card: Some(name.clone()),
            square: Some(square),
        };
        let said = accepts(g, &play);
        if let Err(e) = &said {
            refused.get_or_insert(e.clone());
        }
        buttons = buttons.push(power_button(
            super::recruit_name(&name).to_string(),
            play,
            said.is_ok(),
        ));
    }
    let mut col = column![
        small(format!("Or {} takes one (no worker):", card.name)),
        buttons.wrap().vertical_spacing(4),
    ]
    .spacing(4);
    if let Some(e) = refused {
        col = col.push(why_not(e.to_string(), e.rule()));
    }
    Some(col.into())
}

/// In the enemies' turn between two steps (ITEMS: any time, but never interrupting), the items
/// you hold as buttons under the turn log, each enabled when the engine takes it now (a
/// Potion or the Holy Grail on the unit selected on the board); None when you hold none or
/// it is not that moment. While a question waits, an item that may act then (the Cloak when
/// your unit is attacked, the Potion after an attack it survived) is one of its options.
pub(super) fn items_between_steps<'a>(
    g: &'a Game,
    on_unit: Option<UnitId>,
) -> Option<Element<'a, Message>> {
    let between = g.phase() == crate::furtherance::Phase::Enemy
        && g.pending().is_none()
        && g.outcome().is_none();
    let held = g.kingdom_view().items;
    if !between || held.is_empty() {
        return None;
    }
    let mut names: Vec<String> = Vec::new();
    for i in held {
        if !names.contains(&i.name) {
            names.push(i.name);
        }
    }
    let mut buttons = Row::new().spacing(6);
    let mut needs_unit = false;
    for name in names {
        let play = Play::UseItem {
            item: name.clone(),
            unit: on_unit,
        };
        let said = accepts(g, &play);
        needs_unit |= matches!(said, Err(RuleError::ItemNeedsUnit(_)));
        let label = match on_unit {
            Some(id) if said.is_ok() => format!("Use {name} on {}", unit_words(g, id)),
            _ => format!("Use {name}"),
        };
        buttons = buttons.push(
            button(small(label))
                .padding([4, 10])
                .style(style::secondary)
                .on_press_maybe(said.is_ok().then_some(Message::Play(play))),
        );
    }
    let mut col = column![
        small("Your items, between two steps:"),
        buttons.wrap().vertical_spacing(4),
    ]
    .spacing(4);
    if needs_unit {
        col = col.push(
            small("An item for a unit goes on the unit you click on the board.")
                .style(style::muted),
        );
    }
    Some(col.into())
}

/// Audric's power on the selected unit `unit`, for its card: the button, enabled when the
/// engine takes it, and why not beside it; None with another leader.
pub(super) fn audric_on<'a>(g: &'a Game, unit: UnitId) -> Option<Element<'a, Message>> {
    let card = g.kingdom().leader_card(g.cards())?;
    if card.effect != Some(Effect::Audric) {
        return None;
    }
    let play = Play::LeaderPower {
        unit: Some(unit),
        card: None,
        square: None,
    };
    let said = accepts(g, &play);
    let mut col = column![power_button(
        format!("+1 HP counter ({})", card.name),
        play,
        said.is_ok()
    )]
    .spacing(4);
    col = col.push(match said {
        Ok(()) => why_not(
            format!(
                "{} left this turn",
                crate::words::count(u64::from(card.amount.max(1).saturating_sub(g.kingdom().leader_uses)), "use", "uses")
            ),
            None,
        ),
        Err(e) => why_not(e.to_string(), e.rule()),
    });
    Some(col.into())
}
