//! The Furtherance solo screen: a setup form (difficulty, deck mode, the settings where the
//! rules leave room), then the board canvas beside a side panel. On your turn you click one of
//! your units and then where it goes or what it attacks, or an empty space of your castle to
//! recruit; the enemies' turn runs one step at a time (Next / Run to end, Undo from the shell),
//! and every question the rules leave to you opens a dialog with the default pre-selected.
//! All rules live in `crate::furtherance`; this module turns clicks into labelled history
//! entries and shows the result.

mod below;
mod board;
mod board_editor;
mod card_sheet;
#[cfg(test)]
mod adopt_tests;
#[cfg(test)]
mod card_sheet_tests;
mod cards;
mod cards_io;
#[cfg(test)]
mod cards_tests;
mod data;
mod keys;
mod kingdom;
#[cfg(test)]
mod discard_tests;
#[cfg(test)]
mod kingdom_tests;
mod leader;
#[cfg(test)]
mod leader_tests;
mod panel;
mod play;
mod recruit;
mod research_choice;
mod setup;
#[cfg(test)]
mod tests;
mod turn_log;
mod unit_card;

use iced::Element;
use iced::widget::{column, row, text};

use super::document::Doc;
use super::screen::{Action, Ctx};
use super::{style, widgets};
use crate::doc::Saved;
use crate::furtherance::{
    self, Action as Play, Board, Cards, Catalog, Game, KindId, Phase, Seat, Square, UnitId,
};

pub use board::grid_side;
pub use board_editor::{BoardMsg, EditMode};
pub use card_sheet::card_name_id;
pub use cards::{
    ABILITY_WIDTH, AbilityChoice, CardsMsg, EffectChoice, Sheet, ability_choices, ability_id,
};
pub use data::{data_bar, sample_cards};
pub use kingdom::SUMMARY_ID;
pub use panel::{BOARD_ID, CARD_ID, PANEL_ID};
pub use recruit::{recruit_name, recruitable};
pub use setup::{Field as SetupField, SetupForm};
pub use turn_log::{LOG_ID, WHY_BOX_ID};

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// A change to the setup form.
    Setup(setup::Field),
    Start,
    /// A click on the board.
    Square(Square),
    /// A unit picked from the side panel.
    Select(UnitId),
    ClearSelection,
    /// Recruit this unit type into the castle space chosen by clicking it.
    Recruit(KindId),
    CancelRecruit,
    /// Any engine action: moves, attacks, hand edits (built by the panel).
    Play(Play),
    EndTurn,
    Next,
    RunToEnd,
    Answer(usize),
    /// Show the movement arrows of one enemy castle, or none.
    Arrows(Option<Seat>),
    /// The next board click moves the selected unit there by hand.
    RelocateMode,
    /// Whose unit "place by hand" puts on the board.
    PlaceOwner(Seat),
    /// The next board click places a unit of this owner and type there by hand.
    PlaceMode(Seat, KindId),
    CancelMode,
    /// Open "Your cards", the units editor.
    OpenCards,
    /// Back from an editor to the game or the setup form.
    CloseEditor,
    Cards(cards::CardsMsg),
    /// Open "Your board", the board editor.
    OpenBoard,
    /// Adopt the cards and board now in use into this game (an undoable entry).
    Adopt,
    BoardEdit(board_editor::BoardMsg),
    /// Open (or close) the explanation of a history entry in the turn log.
    Why(usize),
    /// A "Why:" or "Why not:" line's rule, clicked: the Rules screen at that entry.
    Rule(crate::rules::RuleRef),
    /// Open (or close) the "Why?" of the board's highlighted piece: its step's line in the
    /// turn log.
    WhyPiece,
    /// Swap the turn log's region for your whole kingdom, or back.
    ToggleKingdom,
    /// Pick (or unpick) an item of the items market for the next Buy.
    PickItem(String),
    /// Buy the picked items (one worker action).
    Buy,
    /// In a research question, show the ways to put back the others for this kept card.
    ResearchKeep(String),
    /// A worker action from a card's row in the kingdom: its refusal is said under that row.
    Worker(Play),
    /// Ask once before discarding the building at this place (from 1), or stop asking.
    AskDiscard(Option<usize>),
}

/// What the next board click does, besides the usual.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Mode {
    Normal,
    /// Recruit into this castle space: the panel shows the unit types.
    Recruit(Square),
    Relocate(UnitId),
    Place(Seat, KindId),
}

pub struct State {
    /// The last refusal, shown next to the controls (`notice::Refusal`; the shell fills it).
    pub refusal: super::notice::Refusal,
    doc: Option<Doc<Game>>,
    /// The board and units files, checked (boxed: the board's lookup tables are large).
    data: Result<Box<(Board, Catalog)>, crate::datafile::DataFileError>,
    /// Your buildings, items, upgrades and leaders files (or the bundled samples), checked:
    /// what a new game is dealt from.
    kingdom_cards: Result<Box<Cards>, crate::datafile::DataFileError>,
    setup: SetupForm,
    selected: Option<UnitId>,
    mode: Mode,
    arrows: Option<Seat>,
    place_owner: Seat,
    /// "Your cards" while it is open.
    cards: Option<Box<cards::CardsEditor>>,
    /// "Your board" while it is open.
    board_editor: Option<Box<board_editor::BoardEditor>>,
    /// The history entry whose "Why?" is open in the turn log.
    why: Option<usize>,
    /// Your kingdom shows in the turn log's region (a question or the enemies' turn shows
    /// the log whatever this says).
    kingdom_open: bool,
    /// Items picked in the items market for the next Buy.
    buy_pick: Vec<String>,
    /// The last click, when it was a worker action from a card's row in the kingdom (where
    /// its refusal is said).
    worker: Option<Play>,
    /// The building (its place, from 1) whose Discard was clicked once: its row asks again.
    discard_ask: Option<usize>,
    /// The kept card picked in a research question (research_choice.rs); the default
    /// option's when none or another question.
    research_keep: Option<String>,
}

/// What the board marks for the moment: where the selected unit may move and what it may
/// attack (asked of the engine's rules, `Game::legal_moves` / `legal_attacks`), and the
/// castle space a recruit goes to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    pub moves: Vec<Square>,
    pub targets: Vec<Square>,
    pub recruit: Option<Square>,
}

impl State {
    pub fn new(ctx: &Ctx) -> Self {
        State {
            refusal: Default::default(),
            doc: None,
            data: data::load(ctx),
            kingdom_cards: data::load_cards(ctx),
            setup: SetupForm::default(),
            selected: None,
            mode: Mode::Normal,
            arrows: None,
            place_owner: Seat::Left,
            cards: None,
            board_editor: None,
            why: None,
            kingdom_open: false,
            buy_pick: Vec::new(),
            worker: None,
            discard_ask: None,
            research_keep: None,
        }
    }

    pub fn open(id: String, saved: Saved<Game>, ctx: &Ctx) -> Self {
        let mut s = State::new(ctx);
        s.doc = Some(Doc::new(id, saved));
        s
    }

    super::document::document_views!();

    /// After undo/redo: the selection may no longer match the board.
    pub fn refresh(&mut self) {
        self.selected = None;
        self.mode = Mode::Normal;
        self.buy_pick.clear();
        self.research_keep = None;
    }

    /// Whether the kingdom takes the turn log's region now: opened, and your turn (the
    /// enemies' turn and the end show the log). A question asked in your turn (research,
    /// upgrade) is asked in the kingdom, under the button that asked it.
    pub fn kingdom_shown(&self) -> bool {
        self.kingdom_open
            && self
                .game()
                .is_some_and(|g| g.outcome().is_none() && g.phase() == Phase::Player)
            && self
                .game()
                .is_some_and(|g| !g.is_resolving() || g.pending().is_some())
    }

    /// Esc: cancels a pending recruit, relocation or placement first, then drops the
    /// selected unit, then hides the enemy's arrows; false when nothing was open.
    pub fn escape(&mut self) -> bool {
        // An editor ("Your cards", "Your board") is the innermost thing: Esc is its Back.
        if self.cards.take().is_some() | self.board_editor.take().is_some() {
            true
        } else if !matches!(self.mode, Mode::Normal) {
            self.mode = Mode::Normal;
            true
        } else if self.selected.take().is_some() {
            true
        } else {
            self.arrows.take().is_some()
        }
    }

    /// The open editor ("Your cards" first, as the view shows it, then "Your board"), whose
    /// edits the top bar's Undo/Redo step through while it is open (`Edits`).
    pub fn edits(&self) -> Option<&dyn super::document::Edits> {
        match (&self.cards, &self.board_editor) {
            (Some(c), _) => Some(&**c as &dyn super::document::Edits),
            (None, Some(b)) => Some(&**b as &dyn super::document::Edits),
            (None, None) => None,
        }
    }

    pub fn edits_mut(&mut self) -> Option<&mut dyn super::document::Edits> {
        match (&mut self.cards, &mut self.board_editor) {
            (Some(c), _) => Some(&mut **c as &mut dyn super::document::Edits),
            (None, Some(b)) => Some(&mut **b as &mut dyn super::document::Edits),
            (None, None) => None,
        }
    }

    /// The piece the board highlights with its Why?: the enemy unit the current step moved
    /// or attacked with (`Game::actor`; your own moves need no explaining).
    pub fn highlighted(&self) -> Option<UnitId> {
        let g = self.game()?;
        g.actor()
            .filter(|id| g.unit(*id).is_some_and(|u| u.owner.is_enemy()))
    }

    pub fn game(&self) -> Option<&Game> {
        self.doc.as_ref().map(|d| d.state())
    }

    /// The board's marks now: the selected unit's legal moves and attacks (none for an
    /// enemy unit, a new one, or outside your turn: the engine says), the recruit square.
    pub fn marks(&self) -> Marks {
        let Some(g) = self.game() else {
            return Marks::default();
        };
        let (moves, targets) = match self.selected {
            Some(id) if matches!(self.mode, Mode::Normal) => (
                g.legal_moves(id),
                g.legal_attacks(id).into_iter().map(|(s, _)| s).collect(),
            ),
            _ => (Vec::new(), Vec::new()),
        };
        let recruit = match self.mode {
            Mode::Recruit(s) => Some(s),
            _ => None,
        };
        Marks {
            moves,
            targets,
            recruit,
        }
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        if !matches!(message, Message::Worker(_) | Message::Buy) {
            self.worker = None;
        }
        if !matches!(message, Message::AskDiscard(_)) {
            self.discard_ask = None;
        }
        match message {
            Message::Setup(field) => {
                self.setup.set(field);
                Action::none()
            }
            Message::Start => self.start(ctx),
            Message::Square(s) => self.click(s),
            Message::Select(id) => {
                self.selected = (self.selected != Some(id)).then_some(id);
                self.mode = Mode::Normal;
                Action::none()
            }
            Message::Why(index) => {
                self.why = (self.why != Some(index)).then_some(index);
                Action::none()
            }
            Message::Rule(rule) => Action::open_rule(rule),
            Message::WhyPiece => {
                let current = self.doc.as_ref().map(|d| d.saved.history.cursor());
                self.why = if self.why == current { None } else { current };
                Action::none()
            }
            Message::ClearSelection | Message::CancelRecruit | Message::CancelMode => {
                self.selected = None;
                self.mode = Mode::Normal;
                Action::none()
            }
            Message::Recruit(kind) => match self.mode {
                Mode::Recruit(square) => {
                    self.mode = Mode::Normal;
                    // Recruits are named, as `recruit` takes them (docs/furtherance.md).
                    let unit = match self.game().and_then(|g| g.catalog().get(kind)) {
                        Some(k) => furtherance::UnitName::Name(k.name.clone()),
                        None => furtherance::UnitName::Kind(kind),
                    };
                    self.play(Play::Recruit { unit, square })
                }
                _ => Action::error("Click an empty space of your castle first"),
            },
            Message::Play(action) => self.play(action),
            Message::ToggleKingdom => {
                self.kingdom_open = !self.kingdom_shown();
                Action::none()
            }
            Message::PickItem(name) => {
                if let Some(i) = self.buy_pick.iter().position(|n| *n == name) {
                    self.buy_pick.remove(i);
                } else if self.buy_pick.len() < crate::furtherance::kingdom::ITEMS_PER_BUY {
                    self.buy_pick.push(name);
                }
                Action::none()
            }
            Message::ResearchKeep(card) => {
                self.research_keep = Some(card);
                Action::none()
            }
            Message::Worker(action) => {
                self.worker = Some(action.clone());
                self.play(action)
            }
            Message::AskDiscard(place) => {
                self.discard_ask = place;
                Action::none()
            }
            Message::Buy => {
                let items = std::mem::take(&mut self.buy_pick);
                let buy = Play::Buy {
                    items: items.clone(),
                };
                self.worker = Some(buy.clone());
                let action = self.play(buy);
                if action.notice.is_some() {
                    // Refused: the pick stays for another try.
                    self.buy_pick = items;
                }
                action
            }
            Message::EndTurn => {
                self.selected = None;
                self.mode = Mode::Normal;
                self.play(Play::EndTurn {})
            }
            Message::Next => self.next(),
            Message::RunToEnd => self.run_to_end(),
            Message::Answer(i) => self.answer(i),
            Message::Arrows(seat) => {
                self.arrows = seat;
                Action::none()
            }
            Message::RelocateMode => {
                if let Some(id) = self.selected {
                    self.mode = Mode::Relocate(id);
                }
                Action::none()
            }
            Message::PlaceOwner(seat) => {
                self.place_owner = seat;
                Action::none()
            }
            Message::PlaceMode(owner, kind) => {
                self.selected = None;
                self.mode = Mode::Place(owner, kind);
                Action::none()
            }
            Message::OpenCards
            | Message::CloseEditor
            | Message::Adopt
            | Message::OpenBoard
            | Message::BoardEdit(_)
            | Message::Cards(_) => self.editors(message, ctx),
        }
    }

    pub fn view(&self, ctx: &Ctx) -> Element<'_, Message> {
        let editor = match (&self.cards, &self.board_editor) {
            (Some(c), _) => Some(c.view(ctx.data_root()).map(Message::Cards)),
            (None, Some(b)) => Some(b.view().map(Message::BoardEdit)),
            (None, None) => None,
        };
        if let Some(editor) = editor {
            return column![
                row![
                    widgets::secondary("Close editor", Some(Message::CloseEditor)),
                    text(self.doc.as_ref().map_or(
                        "Back to the new-game form",
                        |_| "Back to the game (it keeps its own copy until you adopt yours there)"
                    ))
                    .size(style::SMALL)
                    .style(style::muted),
                ]
                .spacing(style::GAP)
                .align_y(iced::Center)
                .padding([8, 16]),
                editor,
            ]
            .into();
        }
        match &self.doc {
            None => {
                let leaders: Vec<String> = match &self.kingdom_cards {
                    Ok(c) => c.leaders.iter().map(|l| l.name.clone()).collect(),
                    Err(_) => Vec::new(),
                };
                let problem = self
                    .data
                    .as_ref()
                    .err()
                    .or(self.kingdom_cards.as_ref().err())
                    .map(ToString::to_string);
                column![
                    data_bar(
                        self.data.as_ref().ok().map(|d| &**d),
                        self.kingdom_cards.as_ref().ok().map(|c| &**c),
                    ),
                    self.setup.view(problem.as_ref(), leaders),
                ]
                .into()
            }
            Some(doc) => panel::view(self, doc, ctx),
        }
    }
}

impl From<crate::rules::RuleRef> for Message {
    /// A "Rule" link beside a refusal (notice::Refusal::line) or a reminder.
    fn from(rule: crate::rules::RuleRef) -> Message {
        Message::Rule(rule)
    }
}
