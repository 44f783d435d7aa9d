//! The card editor's frame (a tab per card file, the typed path and the "replace it?" of a
//! file exchange) and its kingdom sheets: your buildings, items, upgraded workers or leaders
//! as a table like the units sheet, one card a row (name, cost, VP, copies, a building's turn
//! counters and hits, the INDEX effect the engine applies, then the card's text on a line of
//! its own), each problem named at its row as you type, sample rows marked until edited or
//! confirmed, rows added for cards the sample file lacks. The rules of the table live in
//! `crate::furtherance::cards_draft`.

use iced::widget::{
    Column, button, column, container, pick_list, row, scrollable, text, text_input,
};
use iced::{Center, Element, Fill, Length};

use super::cards::{CardsEditor, CardsMsg, Sheet};
use crate::furtherance::cards_draft::{self, Column as Col, Problem, Row, effects};
use crate::furtherance::{CardKind, Effect};
use crate::gui::{files, style};

/// Every kingdom card row is this tall whatever its status says (two lines: the values, then
/// the card's text), so a problem appearing while you type moves no row.
const ROW_HEIGHT: f32 = 88.0;

/// An effect in the pick list: one of the INDEX's for this kind of card, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EffectChoice(pub Option<Effect>);

impl EffectChoice {
    /// The words a player knows the effect by, short enough for its column.
    pub fn short(self) -> &'static str {
        match self.0 {
            None => "none (you apply it)",
            Some(Effect::Walls) => "Walls: take hits",
            Some(Effect::Fortification) => "Fortification",
            Some(Effect::Catapult) => "Catapult: strikes",
            Some(Effect::GuardTower) => "Guard tower: strikes",
            Some(Effect::Marketplace) => "Marketplace: gold",
            Some(Effect::HolyGrail) => "Holy Grail: 2 VP",
            Some(Effect::InvincibilityCloak) => "Cloak: no damage",
            Some(Effect::Potion) => "Potion: heals",
            Some(Effect::Audric) => "Audric: +1 HP",
            Some(Effect::Dedric) => "Dedric: limits",
            Some(Effect::Payne) => "Payne: 2nd turn",
            Some(Effect::Trosh) => "Trosh: one worker",
            Some(Effect::BetterMine) => "Mines more gold",
            Some(Effect::BetterBuy) => "Items cost less",
            Some(Effect::BetterBuild) => "Buildings cost less",
            Some(Effect::BetterRecruit) => "Units cost less",
            Some(Effect::BetterDevelop) => "Develops faster",
            Some(Effect::BetterResearch) => "Researches deeper",
        }
    }
}

impl std::fmt::Display for EffectChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.short())
    }
}

/// The id of a kingdom card row's name box (the tests find rows by it).
pub fn card_name_id(kind: CardKind, i: usize) -> iced::widget::Id {
    iced::widget::Id::from(format!("card-{}-name-{i}", kind.data_kind()))
}

/// Import… and Export… for the sheet shown.
pub fn file_buttons<'a>() -> Element<'a, CardsMsg> {
    row![
        button(text("Import…").size(style::BODY))
            .padding([8, 16])
            .style(style::secondary)
            .on_press(CardsMsg::Import),
        button(text("Export…").size(style::BODY))
            .padding([8, 16])
            .style(style::secondary)
            .on_press(CardsMsg::Export),
    ]
    .spacing(style::GAP)
    .into()
}

/// The tabs over the sheet, and the typed path or "replace it?" when a file exchange asks.
pub fn frame<'a>(
    editor: &'a CardsEditor,
    data: Option<&std::path::Path>,
    body: Element<'a, CardsMsg>,
) -> Element<'a, CardsMsg> {
    let mut tabs = row![].spacing(6);
    for sheet in Sheet::ALL {
        tabs = tabs.push(
            button(text(sheet.tab()).size(style::BODY))
                .padding([6, 14])
                .style(if sheet == editor.sheet {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(CardsMsg::Sheet(sheet)),
        );
    }
    let mut col = column![tabs.wrap().vertical_spacing(6)].spacing(style::GAP);
    if let Some((export, field)) = &editor.typed_path {
        col = col.push(files::path_dialog(
            field,
            if *export { "Export" } else { "Import" },
            data,
            CardsMsg::PathText,
            CardsMsg::PathGo,
            CardsMsg::PathCancel,
        ));
    } else if let Some(path) = &editor.replace {
        col = col.push(
            column![
                text(format!("{} exists. Replace it?", path.display())).size(style::BODY),
                crate::gui::widgets::cancel_and(
                    "Replace",
                    style::danger,
                    CardsMsg::Replace(true),
                    CardsMsg::Replace(false),
                ),
            ]
            .spacing(8),
        );
    } else {
        col = col.push(body);
    }
    col.padding(16).into()
}

/// A kingdom sheet: its head (whose file is in use, the status, Save, Confirm all, Add a
/// card, Import/Export) and the table.
pub fn view(editor: &CardsEditor, kind: CardKind) -> Element<'_, CardsMsg> {
    let sheet = Sheet::Kingdom(kind);
    let draft = editor.drafts.of(kind);
    let problems = draft.problems();
    let sample = draft.sample_rows();
    let yours = editor.yours(sheet);
    let status: Element<'_, CardsMsg> = match general_problem(&problems) {
        Some(p) => text(p).size(style::BODY).style(style::danger_text).into(),
        None => text(if sample > 0 {
            format!(
                "{sample} of {} rows are still sample values: edit each from your card, or Confirm it if it matches.",
                draft.rows.len()
            )
        } else if problems.is_empty() {
            format!(
                "Every row is yours and checks out: Save to use {} in new games.",
                sheet.words()
            )
        } else {
            "Every row is yours; fix the rows marked in red to save.".to_string()
        })
        .size(style::BODY)
        .into(),
    };
    let head = column![
        text(capitalised(sheet.words())).size(style::TITLE),
        text(if yours {
            format!("In use now: your file ({}).", kind.path())
        } else {
            format!(
                "In use now: the bundled SAMPLE file. Enter your own cards below; Save writes {}.",
                kind.path()
            )
        })
        .size(style::BODY)
        .style(if yours {
            style::success_text
        } else {
            style::warning_text
        }),
        container(status)
            .height(Length::Fixed(2.0 * style::BODY * 1.35))
            .clip(true),
        text(format!("{} cards in the deck", draft.cards()))
            .size(style::BODY)
            .style(style::muted),
        row![
            button(text(format!("Save {}", sheet.words())).size(style::BODY))
                .padding([8, 16])
                .style(style::primary)
                .on_press_maybe(problems.is_empty().then_some(CardsMsg::Save)),
            button(text("Confirm all rows").size(style::BODY))
                .padding([8, 16])
                .style(style::secondary)
                .on_press_maybe((sample > 0).then_some(CardsMsg::ConfirmAll)),
            button(text("Add a card").size(style::BODY))
                .padding([8, 16])
                .style(style::secondary)
                .on_press(CardsMsg::AddCard(kind)),
            file_buttons(),
        ]
        .spacing(style::GAP)
        .wrap()
        .vertical_spacing(6),
    ]
    .spacing(6);
    let mut table = Column::new().spacing(4).push(header(kind));
    for (i, r) in draft.rows.iter().enumerate() {
        table = table.push(row_view(kind, i, r, &problems));
    }
    column![
        head,
        scrollable(container(table).padding([0, 12])).height(Fill),
    ]
    .spacing(style::GAP)
    .into()
}

fn capitalised(s: &str) -> String {
    super::below::capitalised(s)
}

/// The width of each value's box: the name wider, the numbers narrow.
fn width(c: Col) -> f32 {
    match c {
        Col::Name => 170.0,
        Col::Text => 420.0,
        _ => 50.0,
    }
}

/// The effect pick list's width.
const EFFECT_WIDTH: f32 = 170.0;

fn header<'a>(kind: CardKind) -> Element<'a, CardsMsg> {
    let h = |t: &'a str, w: f32| {
        text(t)
            .size(style::SMALL)
            .style(style::muted)
            .width(Length::Fixed(w))
    };
    let mut r = row![].spacing(6);
    for &c in Col::of(kind).iter().filter(|c| **c != Col::Text) {
        r = r.push(h(
            match c {
                Col::Name => "Name",
                Col::Cost => "Cost",
                Col::Vp => "VP",
                Col::Copies => "Copies",
                Col::Turns => "Turns",
                Col::Hits => "Hits",
                Col::Amount => "Amount",
                Col::Text => "Text",
            },
            width(c),
        ));
    }
    if kind != CardKind::Upgrade {
        r = r.push(h("Effect (INDEX)", EFFECT_WIDTH));
    }
    r.push(text("Row").size(style::SMALL).style(style::muted))
        .into()
}

fn row_view<'a>(
    kind: CardKind,
    i: usize,
    r: &'a Row,
    problems: &[Problem],
) -> Element<'a, CardsMsg> {
    let input = |c: Col| {
        let field = text_input(c.title(), r.get(c))
            .on_input(move |v| CardsMsg::Card(kind, i, c, v))
            .size(style::BODY)
            .padding(6);
        let field = match c {
            Col::Name => field.id(card_name_id(kind, i)),
            _ => field,
        };
        match c {
            Col::Text => field.width(Fill),
            _ => field.width(Length::Fixed(width(c))),
        }
    };
    let mine = problems.iter().find(|p| p.row == Some(i));
    let status: Element<'a, CardsMsg> = if let Some(p) = mine {
        let what = p.text.split_once("): ").map_or(p.text.as_str(), |(_, w)| w);
        iced::widget::tooltip(
            text(what.to_string())
                .size(style::SMALL)
                .style(style::danger_text),
            container(text(what.to_string()).size(style::BODY))
                .padding(8)
                .max_width(420)
                .style(style::card),
            iced::widget::tooltip::Position::Top,
        )
        .into()
    } else if r.sample {
        column![
            text("sample").size(style::SMALL).style(style::warning_text),
            button(text("Confirm").size(style::SMALL))
                .padding([1, 8])
                .style(style::secondary)
                .on_press(CardsMsg::ConfirmCard(kind, i)),
        ]
        .into()
    } else {
        text("yours")
            .size(style::SMALL)
            .style(style::success_text)
            .into()
    };
    let mut values = row![].spacing(6).align_y(Center);
    for &c in Col::of(kind).iter().filter(|c| **c != Col::Text) {
        values = values.push(input(c));
    }
    let choices = effects(kind);
    if !choices.is_empty() {
        let list: Vec<EffectChoice> = std::iter::once(EffectChoice(None))
            .chain(choices.into_iter().map(|e| EffectChoice(Some(e))))
            .collect();
        values = values.push(
            pick_list(list, Some(EffectChoice(r.effect)), move |e| {
                CardsMsg::Effect(kind, i, e)
            })
            .text_size(style::SMALL)
            .width(Length::Fixed(EFFECT_WIDTH)),
        );
    }
    values = values.push(
        container(status)
            .width(Fill)
            .height(Length::Fixed(36.0))
            .align_y(Center)
            .clip(true),
    );
    let text_line = row![
        input(Col::Text),
        button(text("Remove").size(style::SMALL))
            .padding([4, 10])
            .style(style::secondary)
            .on_press(CardsMsg::RemoveCard(kind, i)),
    ]
    .spacing(6)
    .align_y(Center);
    container(column![values, text_line].spacing(4))
        .height(Length::Fixed(ROW_HEIGHT))
        .into()
}

/// The first problem of the file as a whole, and how many more.
fn general_problem(problems: &[Problem]) -> Option<String> {
    let general: Vec<&Problem> = problems.iter().filter(|p| p.row.is_none()).collect();
    match general.as_slice() {
        [] => None,
        [one] => Some(cards_draft::in_words(one)),
        [first, rest @ ..] => Some(format!(
            "{} (and {} more)",
            cards_draft::in_words(first),
            rest.len()
        )),
    }
}
