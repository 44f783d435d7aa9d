//! "Your cards": the card editor, one sheet per card file (units, buildings, items, upgraded
//! workers, leaders; the kingdom sheets are drawn by `card_sheet`, their files handled by
//! `cards_io`). The units sheet: the 14 unit types as a table you fill from the cards in
//! hand (name, cost, attack, HP, copies, the INDEX ability or none), checked as you type with
//! the loader's own checks, each problem named at its row; rows from the sample file say
//! "sample" until you edit or confirm them. Saving writes your `data/furtherance/units.json`
//! through the store (atomic, the old file kept in backups). The top bar's Undo/Redo (and
//! Ctrl+Z/Y) step through your edits while it is open (`Edits`: one pair on the screen,
//! src/gui/README.md). An ability shows by a short name that fits its column whole, the card's
//! whole text on hover.
//! The rules of the table live in `crate::furtherance::units_draft`.

use iced::widget::{
    Column, button, column, container, pick_list, row, scrollable, text, text_input,
};
use iced::{Center, Element, Fill, Length};

use crate::furtherance::cards_draft::{self, CardsDraft};
use crate::furtherance::units_draft::{Column as Col, DECK_CARDS};
use crate::furtherance::{Ability, CardKind, CatalogFile, UnitsDraft, UnitsProblem};
use crate::gui::document::EditStack;
use crate::gui::files::{PathField, Picked};
use crate::gui::screen::{Ctx, Notice};
use crate::gui::style;

pub use super::card_sheet::EffectChoice;

/// Which file the editor shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sheet {
    Units,
    Kingdom(CardKind),
}

impl Sheet {
    pub const ALL: [Sheet; 5] = [
        Sheet::Units,
        Sheet::Kingdom(CardKind::Building),
        Sheet::Kingdom(CardKind::Item),
        Sheet::Kingdom(CardKind::Upgrade),
        Sheet::Kingdom(CardKind::Leader),
    ];

    /// The sheet's tab.
    pub fn tab(self) -> &'static str {
        match self {
            Sheet::Units => "Units",
            Sheet::Kingdom(CardKind::Building) => "Buildings",
            Sheet::Kingdom(CardKind::Item) => "Items",
            Sheet::Kingdom(CardKind::Upgrade) => "Upgrades",
            Sheet::Kingdom(CardKind::Leader) => "Leaders",
        }
    }

    fn index(self) -> usize {
        Sheet::ALL.iter().position(|s| *s == self).unwrap_or(0)
    }
}

/// Every sheet's rows, as one value the top bar's Undo steps through.
#[derive(Debug, Clone, PartialEq)]
pub struct Drafts {
    pub units: UnitsDraft,
    /// In `CardKind::ALL`'s order.
    pub kingdom: Vec<CardsDraft>,
}

impl Drafts {
    fn slot(kind: CardKind) -> usize {
        CardKind::ALL.iter().position(|k| *k == kind).unwrap_or(0)
    }

    pub fn of(&self, kind: CardKind) -> &CardsDraft {
        &self.kingdom[Drafts::slot(kind)]
    }

    pub fn of_mut(&mut self, kind: CardKind) -> &mut CardsDraft {
        &mut self.kingdom[Drafts::slot(kind)]
    }
}

/// Every row of the table is this tall whatever its status says, and the status line above the
/// table (where a file-wide problem shows) is two lines tall whatever it says, so a problem
/// appearing while you type moves nothing
/// (docs/table-ux.md: nothing moves under the cursor). Two lines of small type fit a row.
const ROW_HEIGHT: f32 = 44.0;
const STATUS_HEIGHT: f32 = 2.0 * style::BODY * 1.35;

/// The id of row `i`'s name box (the layout tests find rows by it).
pub fn name_id(i: usize) -> iced::widget::Id {
    iced::widget::Id::from(format!("unit-name-{i}"))
}

/// An ability in the pick list: one of the INDEX's, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AbilityChoice(pub Option<Ability>);

impl AbilityChoice {
    /// A short name for the ability that fits the table's column whole (the card's text is
    /// too long for any column that leaves the row room at 1024 px): the words a player knows
    /// it by. The card's whole text shows on hover (`text`).
    pub fn short(self) -> &'static str {
        match self.0 {
            None => "none",
            Some(Ability::AttackTwoSpacesAway) => "Attacks 2 away",
            Some(Ability::OneAttackPerTurn) => "1 attack a turn",
            Some(Ability::NoCounterAttacks) => "No counters",
            Some(Ability::SacrificeToDestroyBuilding) => "Sacrifice: building",
            Some(Ability::NoAttackingNewUnits) => "Spares new units",
            Some(Ability::AdjacentUnitsMayBattleInstead) => "Neighbours battle",
            Some(Ability::FieldVictoryPoints) => "VP on the field",
            Some(Ability::TakesAdjacentDamage) => "Shields neighbours",
        }
    }

    /// The card's whole text.
    pub fn text(self) -> &'static str {
        self.0.map_or("No ability from the INDEX", Ability::text)
    }
}

/// The pick list shows the short name (whole in its column).
impl std::fmt::Display for AbilityChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.short())
    }
}

/// The width of the ability column.
pub const ABILITY_WIDTH: f32 = 175.0;

/// The id of row `i`'s ability pick list (the layout tests measure it).
pub fn ability_id(i: usize) -> iced::widget::Id {
    iced::widget::Id::from(format!("unit-ability-{i}"))
}

pub fn ability_choices() -> Vec<AbilityChoice> {
    std::iter::once(AbilityChoice(None))
        .chain(Ability::ALL.iter().copied().map(|a| AbilityChoice(Some(a))))
        .collect()
}

#[derive(Debug, Clone, PartialEq)]
pub enum CardsMsg {
    Edit(usize, Col, String),
    Ability(usize, AbilityChoice),
    Confirm(usize),
    /// Confirms every row of the sheet shown.
    ConfirmAll,
    /// Saves the sheet shown as your data file.
    Save,
    /// Shows another sheet.
    Sheet(Sheet),
    /// A value of a kingdom card's row.
    Card(CardKind, usize, cards_draft::Column, String),
    Effect(CardKind, usize, EffectChoice),
    ConfirmCard(CardKind, usize),
    /// A blank row for a card the file lacks.
    AddCard(CardKind),
    RemoveCard(CardKind, usize),
    /// Opens the system's dialog to import a file into the sheet shown, or to export it.
    Import,
    Export,
    /// The dialog's answer (true: export).
    Picked(bool, Picked),
    PathText(String),
    PathGo,
    PathCancel,
    /// The answer to "the export's file exists: replace it?".
    Replace(bool),
}

/// What the screen does after an editor message.
pub enum Outcome {
    None,
    /// A file was saved (or imported): reload the data, say so.
    Saved(Notice),
    Error(String),
    /// Open the system's file dialog (true: export) and send its answer back as `Picked`.
    Pick(crate::gui::files::Request, bool),
}

pub struct CardsEditor {
    pub drafts: Drafts,
    /// Each edit's label with the drafts before it (undo) or after it (redo).
    edits: EditStack<Drafts>,
    /// Each sheet's file in use when the editor opened is yours (not the bundled sample), in
    /// `Sheet::ALL`'s order.
    yours: [bool; 5],
    pub sheet: Sheet,
    /// The typed path standing in for a file dialog that could not open (true: export).
    pub(super) typed_path: Option<(bool, PathField)>,
    /// An export's file that exists, waiting for Replace or Cancel.
    pub(super) replace: Option<std::path::PathBuf>,
}

impl CardsEditor {
    /// The editor on the units file in use (`yours`: the player's own) and the four kingdom
    /// card files as `cards_io::open_kingdom_files` read them.
    pub fn new(
        file: &CatalogFile,
        yours: bool,
        kingdom: Vec<CardsDraft>,
        kingdom_yours: [bool; 4],
    ) -> Self {
        let [b, i, u, l] = kingdom_yours;
        CardsEditor {
            drafts: Drafts {
                units: UnitsDraft::from_file(file),
                kingdom,
            },
            edits: EditStack::new(),
            yours: [yours, b, i, u, l],
            sheet: Sheet::Units,
            typed_path: None,
            replace: None,
        }
    }

    /// Whether the file of `sheet` in use is yours.
    pub fn yours(&self, sheet: Sheet) -> bool {
        self.yours[sheet.index()]
    }

    pub(super) fn set_yours(&mut self, sheet: Sheet) {
        self.yours[sheet.index()] = true;
    }

    pub(super) fn change(&mut self, label: String, f: impl FnOnce(&mut Drafts)) {
        self.edits.change(&mut self.drafts, label, f);
    }

    /// Row `row`'s name as the table shows it now ("row 3" while it is blank).
    fn row_name(&self, row: usize) -> String {
        self.drafts
            .units
            .rows
            .get(row)
            .map(|r| r.get(Col::Name).trim().to_string())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| format!("row {}", row + 1))
    }

    pub fn update(&mut self, msg: CardsMsg, ctx: &Ctx) -> Outcome {
        match msg {
            CardsMsg::Edit(row, col, value) => {
                let label = format!("{} {}: {value}", self.row_name(row), col.title());
                self.change(label, |d| d.units.set(row, col, value))
            }
            CardsMsg::Ability(row, a) => {
                let label = format!("{} ability: {}", self.row_name(row), a.short());
                self.change(label, |d| d.units.set_ability(row, a.0))
            }
            CardsMsg::Confirm(row) => {
                let label = format!("{} confirmed", self.row_name(row));
                self.change(label, |d| d.units.confirm(row))
            }
            CardsMsg::ConfirmAll => {
                let sheet = self.sheet;
                self.change(
                    format!("{}: every row confirmed", sheet.tab()),
                    |d| match sheet {
                        Sheet::Units => {
                            for i in 0..d.units.rows.len() {
                                d.units.confirm(i);
                            }
                        }
                        Sheet::Kingdom(kind) => {
                            let draft = d.of_mut(kind);
                            for i in 0..draft.rows.len() {
                                draft.confirm(i);
                            }
                        }
                    },
                )
            }
            CardsMsg::Save => return self.save(ctx),
            CardsMsg::Sheet(sheet) => {
                self.sheet = sheet;
                self.typed_path = None;
                self.replace = None;
            }
            CardsMsg::Card(kind, row, col, value) => {
                let label = format!("{} {}: {value}", self.card_name(kind, row), col.title());
                self.change(label, |d| d.of_mut(kind).set(row, col, value))
            }
            CardsMsg::Effect(kind, row, e) => {
                let label = format!("{} effect: {}", self.card_name(kind, row), e);
                self.change(label, |d| d.of_mut(kind).set_effect(row, e.0))
            }
            CardsMsg::ConfirmCard(kind, row) => {
                let label = format!("{} confirmed", self.card_name(kind, row));
                self.change(label, |d| d.of_mut(kind).confirm(row))
            }
            CardsMsg::AddCard(kind) => {
                let label = format!("{}: a new row", Sheet::Kingdom(kind).tab());
                self.change(label, |d| d.of_mut(kind).add())
            }
            CardsMsg::RemoveCard(kind, row) => {
                let label = format!("{} removed", self.card_name(kind, row));
                self.change(label, |d| d.of_mut(kind).remove(row))
            }
            CardsMsg::Import => return self.pick(false),
            CardsMsg::Export => return self.pick(true),
            CardsMsg::Picked(export, picked) => return self.picked(export, picked, ctx),
            CardsMsg::PathText(t) => {
                if let Some((_, field)) = &mut self.typed_path {
                    field.set_text(t);
                }
            }
            CardsMsg::PathCancel => self.typed_path = None,
            CardsMsg::PathGo => return self.path_go(),
            CardsMsg::Replace(yes) => return self.replace(yes),
        }
        Outcome::None
    }

    /// A kingdom card's name as its row shows it ("Buildings row 3" while it is blank).
    fn card_name(&self, kind: CardKind, row: usize) -> String {
        self.drafts
            .of(kind)
            .rows
            .get(row)
            .map(|r| r.name.trim().to_string())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| format!("{} row {}", Sheet::Kingdom(kind).tab(), row + 1))
    }

    pub fn view(&self, data: Option<&std::path::Path>) -> Element<'_, CardsMsg> {
        let body = match self.sheet {
            Sheet::Units => self.units_view(),
            Sheet::Kingdom(kind) => super::card_sheet::view(self, kind),
        };
        super::card_sheet::frame(self, data, body)
    }

    fn units_view(&self) -> Element<'_, CardsMsg> {
        let draft = &self.drafts.units;
        let problems = draft.problems();
        let sample = draft.sample_rows();
        let status = if sample > 0 {
            format!(
                "{sample} of {} rows are still sample values: edit each from your card, or Confirm it if it matches.",
                draft.rows.len()
            )
        } else if problems.is_empty() {
            "Every row is yours and checks out: Save to use your cards in new games.".to_string()
        } else {
            "Every row is yours; fix the rows marked in red to save.".to_string()
        };
        let cards = draft.cards();
        let yours = self.yours(Sheet::Units);
        let head = column![
            text("Your unit cards").size(style::TITLE),
            text(if yours {
                "In use now: your units file (data/furtherance/units.json)."
            } else {
                "In use now: the bundled SAMPLE units file. Enter your own cards below."
            })
            .size(style::BODY)
            .style(if yours {
                style::success_text
            } else {
                style::warning_text
            }),
            // One slot, two lines tall whatever it says: the first file-wide problem when
            // there is one, else how far the rows are from done.
            container(match general_problem(&problems) {
                Some(problem) => text(problem).size(style::BODY).style(style::danger_text),
                None => text(status).size(style::BODY),
            })
            .height(Length::Fixed(STATUS_HEIGHT))
            .clip(true),
            text(format!("{cards} of {DECK_CARDS} cards in the deck"))
                .size(style::BODY)
                .style(if cards == DECK_CARDS {
                    style::muted
                } else {
                    style::danger_text
                }),
            row![
                button(text("Save your cards").size(style::BODY))
                    .padding([8, 16])
                    .style(style::primary)
                    .on_press_maybe(problems.is_empty().then_some(CardsMsg::Save)),
                button(text("Confirm all rows").size(style::BODY))
                    .padding([8, 16])
                    .style(style::secondary)
                    .on_press_maybe((sample > 0).then_some(CardsMsg::ConfirmAll)),
                super::card_sheet::file_buttons(),
            ]
            .spacing(style::GAP)
            .wrap()
            .vertical_spacing(6),
        ]
        .spacing(6);

        let mut table = Column::new().spacing(4).push(header());
        for (i, r) in draft.rows.iter().enumerate() {
            table = table.push(self.row_view(i, r, &problems));
        }
        column![
            head,
            scrollable(container(table).padding([0, 12])).height(Fill),
        ]
        .spacing(style::GAP)
        .into()
    }

    fn row_view<'a>(
        &'a self,
        i: usize,
        r: &'a crate::furtherance::units_draft::Row,
        problems: &[UnitsProblem],
    ) -> Element<'a, CardsMsg> {
        let input = |col: Col, width: f32| {
            let field = text_input(col.title(), r.get(col))
                .on_input(move |v| CardsMsg::Edit(i, col, v))
                .size(style::BODY)
                .padding(6)
                .width(Length::Fixed(width));
            match col {
                Col::Name => field.id(name_id(i)),
                _ => field,
            }
        };
        let mine: Vec<&UnitsProblem> = problems.iter().filter(|p| p.row == Some(i)).collect();
        let status: Element<'a, CardsMsg> = if let Some(p) = mine.first() {
            // The loader's message names the row already ("units[3] (\"Archer\"): ..."):
            // here the row is the place, so show what is wrong.
            let what = p.text.split_once("): ").map_or(p.text.as_str(), |(_, w)| w);
            // The row keeps its height: a problem longer than two lines is cut there, and the
            // whole of it shows on hover.
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
            // Stacked, so both fit the narrow status column at 1024 px with large type.
            column![
                text("sample").size(style::SMALL).style(style::warning_text),
                button(text("Confirm").size(style::SMALL))
                    .padding([1, 8])
                    .style(style::secondary)
                    .on_press(CardsMsg::Confirm(i)),
            ]
            .into()
        } else {
            text("yours")
                .size(style::SMALL)
                .style(style::success_text)
                .into()
        };
        row![
            input(Col::Name, 145.0),
            input(Col::Cost, 54.0),
            input(Col::Attack, 54.0),
            input(Col::Hp, 54.0),
            input(Col::Copies, 54.0),
            // The short name in the column, the card's whole text on hover.
            iced::widget::tooltip(
                container(
                    pick_list(
                        ability_choices(),
                        Some(AbilityChoice(r.ability)),
                        move |a| CardsMsg::Ability(i, a),
                    )
                    .text_size(style::SMALL)
                    .width(Length::Fixed(ABILITY_WIDTH)),
                )
                .id(ability_id(i)),
                container(text(AbilityChoice(r.ability).text()).size(style::BODY))
                    .padding(8)
                    .max_width(420)
                    .style(style::card),
                // Beside the list, not above or below it, where its menu opens.
                iced::widget::tooltip::Position::Left,
            ),
            container(status)
                .width(Fill)
                .height(Length::Fixed(ROW_HEIGHT))
                .align_y(Center)
                .clip(true),
        ]
        .spacing(6)
        .height(Length::Fixed(ROW_HEIGHT))
        .align_y(Center)
        .into()
    }
}

/// The first problem of the file as a whole (the deck count, no attacker), and how many more.
fn general_problem(problems: &[UnitsProblem]) -> Option<String> {
    let general: Vec<&UnitsProblem> = problems.iter().filter(|p| p.row.is_none()).collect();
    match general.as_slice() {
        [] => None,
        [one] => Some(one.text.clone()),
        [first, rest @ ..] => Some(format!("{} (and {} more)", first.text, rest.len())),
    }
}

fn header<'a>() -> Element<'a, CardsMsg> {
    let h = |t: &'a str, w: f32| {
        text(t)
            .size(style::SMALL)
            .style(style::muted)
            .width(Length::Fixed(w))
    };
    row![
        h("Name", 145.0),
        h("Cost", 54.0),
        h("Attack", 54.0),
        h("HP", 54.0),
        h("Copies", 54.0),
        h("Ability (INDEX)", ABILITY_WIDTH),
        text("Row").size(style::SMALL).style(style::muted),
    ]
    .spacing(6)
    .into()
}

/// While "Your cards" is open, the top bar's Undo/Redo are its own (one pair on the screen).
impl crate::gui::document::Edits for CardsEditor {
    fn can_undo(&self) -> bool {
        self.edits.can_undo()
    }

    fn can_redo(&self) -> bool {
        self.edits.can_redo()
    }

    fn undo(&mut self) -> Option<String> {
        let label = self.edits.undo(&mut self.drafts)?;
        Some(format!("card edit: {label}"))
    }

    fn redo(&mut self) -> Option<String> {
        let label = self.edits.redo(&mut self.drafts)?;
        Some(format!("card edit: {label}"))
    }
}
