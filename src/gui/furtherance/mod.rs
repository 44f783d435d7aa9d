//! The Furtherance solo screen: a setup form (difficulty, deck mode, the settings where the
//! rules leave room), then the board canvas beside a side panel. On your turn you click one of
//! your units and then where it goes or what it attacks, or an empty space of your castle to
//! recruit; the enemies' turn runs one step at a time (Next / Run to end, Undo from the shell),
//! and every question the rules leave to you opens a dialog with the default pre-selected.
//! All rules live in `crate::furtherance`; this module turns clicks into labelled history
//! entries and shows the result.

mod board;
mod board_editor;
mod cards;
#[cfg(test)]
mod cards_tests;
mod kingdom;
#[cfg(test)]
mod kingdom_tests;
mod panel;
mod setup;
#[cfg(test)]
mod tests;
mod turn_log;

use iced::Element;
use iced::widget::{column, row, text};

use super::document::Doc;
use super::screen::{Action, Ctx};
use super::{style, widgets};
use crate::doc::Saved;
use crate::furtherance::{
    self, Action as Play, Board, Catalog, Game, KindId, Phase, Seat, Square, UnitId,
};

pub use board::grid_side;
pub use board_editor::{BoardMsg, EditMode};
pub use cards::{ABILITY_WIDTH, AbilityChoice, CardsMsg, ability_choices, ability_id};
pub use kingdom::SUMMARY_ID;
pub use panel::{BOARD_ID, CARD_ID, PANEL_ID, recruit_name, recruitable};
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
    /// A worker action from a card's row in the kingdom: its refusal is said under that row.
    Worker(Play),
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
    data: Result<Box<(Board, Catalog)>, String>,
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

/// Is the user's own copy of data file `rel` in their data folder?
fn user_file(ctx: &Ctx, rel: &str) -> bool {
    ctx.data_root().is_some_and(|r| r.join(rel).exists())
}

fn load(ctx: &Ctx) -> Result<Box<(Board, Catalog)>, String> {
    furtherance::load_data(|rel| crate::store::read_data(ctx.data_root(), rel)).map(Box::new)
}

/// Which data a game runs on, at a glance, with the way to your own: "Cards: SAMPLE ·
/// Board: SAMPLE" and the "Your cards" button.
pub fn data_bar(data: Option<&(Board, Catalog)>) -> Element<'_, Message> {
    let (cards, board) = match data {
        Some((b, c)) => (
            if c.file().header.sample_data {
                "SAMPLE"
            } else {
                "yours"
            },
            if b.is_sample() { "SAMPLE" } else { "yours" },
        ),
        None => ("?", "?"),
    };
    let sample = cards != "yours" || board != "yours";
    row![
        text(format!("Unit cards: {cards} · Board: {board}"))
            .size(style::BODY)
            .style(if sample {
                style::warning_text
            } else {
                style::success_text
            }),
        widgets::secondary("Your cards…", Some(Message::OpenCards)),
        widgets::secondary("Your board…", Some(Message::OpenBoard)),
    ]
    .spacing(style::GAP)
    .align_y(iced::Center)
    .padding([8, 30])
    .into()
}

/// Most steps "Run to end" takes before stopping (a safety net: a phase is far shorter).
const RUN_LIMIT: usize = 500;

impl State {
    pub fn new(ctx: &Ctx) -> Self {
        State {
            refusal: Default::default(),
            doc: None,
            data: load(ctx),
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
            Message::Worker(action) => {
                self.worker = Some(action.clone());
                self.play(action)
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
            Message::OpenCards => {
                let file = match &self.data {
                    Ok(d) => d.1.file().clone(),
                    // A broken units file: start from the bundled sample rows.
                    Err(_) => match Catalog::bundled() {
                        Ok(c) => c.file().clone(),
                        Err(e) => return Action::error(e),
                    },
                };
                self.cards = Some(Box::new(cards::CardsEditor::new(
                    &file,
                    user_file(ctx, furtherance::UNITS_PATH),
                )));
                Action::none()
            }
            Message::CloseEditor => {
                self.cards = None;
                self.board_editor = None;
                Action::none()
            }
            Message::Adopt => match self.new_data() {
                Some(data) => self.play(Play::AdoptData {
                    data: Box::new(data),
                }),
                None => Action::none(),
            },
            Message::OpenBoard => {
                let file = match &self.data {
                    Ok(d) => d.0.file().clone(),
                    Err(_) => crate::furtherance::BoardFile::standard(),
                };
                self.board_editor = Some(Box::new(board_editor::BoardEditor::new(
                    file,
                    user_file(ctx, furtherance::BOARD_PATH),
                )));
                Action::none()
            }
            Message::BoardEdit(m) => {
                let Some(editor) = &mut self.board_editor else {
                    return Action::none();
                };
                match editor.update(m, ctx) {
                    board_editor::Outcome::None => Action::none(),
                    board_editor::Outcome::Error(e) => Action::error(e),
                    board_editor::Outcome::Saved(notice) => {
                        self.data = load(ctx);
                        match &self.data {
                            Ok(_) => Action::notice(notice),
                            Err(e) => Action::error(e.clone()),
                        }
                    }
                }
            }
            Message::Cards(m) => {
                let Some(editor) = &mut self.cards else {
                    return Action::none();
                };
                match editor.update(m, ctx) {
                    cards::Outcome::None => Action::none(),
                    cards::Outcome::Error(e) => Action::error(e),
                    cards::Outcome::Saved(notice) => {
                        self.data = load(ctx);
                        match &self.data {
                            Ok(_) => Action::notice(notice),
                            Err(e) => Action::error(e.clone()),
                        }
                    }
                }
            }
        }
    }

    fn start(&mut self, ctx: &Ctx) -> Action<Message> {
        let (board, catalog) = match &self.data {
            Ok(d) => (**d).clone(),
            Err(e) => return Action::error(e.clone()),
        };
        let settings = self.setup.settings();
        let seed = match self.setup.seed() {
            Ok(seed) => seed,
            Err(e) => return Action::error(e),
        };
        let game = Game::new(settings, board, catalog, seed);
        let title = self.setup.title();
        let saved = Saved::new(title, "New game", game);
        self.doc = Some(Doc::new(ctx.new_id(crate::doc::Kind::Furtherance), saved));
        self.refresh();
        Action::none()
    }

    /// The data now in use where it differs from the open game's copy (`None`: no game, or
    /// nothing differs).
    pub fn new_data(&self) -> Option<furtherance::NewData> {
        let g = self.game()?;
        let (board, catalog) = self.data.as_ref().ok().map(|d| &**d)?;
        let data = furtherance::NewData {
            board: (board.file() != g.board().file()).then(|| board.file().clone()),
            units: (catalog.file() != g.catalog().file()).then(|| catalog.file().clone()),
        };
        (data.board.is_some() || data.units.is_some()).then_some(data)
    }

    /// Applies an engine action as one history entry labelled with what happened, through
    /// `Saved::act` like `tablemate act`. Ending the turn and answering go through
    /// `Saved::act_one_step`, which does not run on: on the screen the enemies' turn goes one
    /// step (one entry) at a time.
    fn play(&mut self, action: Play) -> Action<Message> {
        let Some(doc) = &mut self.doc else {
            return Action::none();
        };
        let stepped = match action {
            Play::EndTurn {} | Play::Answer { .. } => doc.saved.act_one_step(action),
            _ => doc.saved.act(action),
        };
        match stepped {
            Ok(_) => {
                if let Some(id) = self.selected
                    && doc.state().unit(id).is_none()
                {
                    self.selected = None;
                }
                Action::none()
            }
            Err(e) => Action::refused(&e),
        }
    }

    /// One step of the enemies' turn (or of a fight waiting on the agenda) as one entry.
    fn next(&mut self) -> Action<Message> {
        let Some(g) = self.game() else {
            return Action::none();
        };
        if g.pending().is_some() || g.outcome().is_some() || !g.is_resolving() {
            return Action::none();
        }
        self.play(Play::Next {})
    }

    /// Steps until a question, the player's turn or the end; each step its own entry.
    fn run_to_end(&mut self) -> Action<Message> {
        let mut changed = false;
        for _ in 0..RUN_LIMIT {
            let before = self.doc.as_ref().map(|d| d.saved.history.revision());
            let action = self.next();
            if self.doc.as_ref().map(|d| d.saved.history.revision()) == before {
                if changed && action.notice.is_none() {
                    break;
                }
                return action;
            }
            changed = true;
        }
        Action::none()
    }

    /// Answers the open question (option `option`, 0-based as the buttons are built); during
    /// your turn the fight then resolves to its end.
    fn answer(&mut self, option: usize) -> Action<Message> {
        self.play(Play::Answer { option: option + 1 })
    }

    /// A click on the board square `s`.
    fn click(&mut self, s: Square) -> Action<Message> {
        let Some(g) = self.game() else {
            return Action::none();
        };
        // A question is answered on the board: a click on a ringed option answers it.
        if g.pending().is_some() {
            return match g.question_squares().iter().position(|o| *o == Some(s)) {
                Some(i) => self.answer(i),
                None => Action::none(),
            };
        }
        match self.mode {
            Mode::Relocate(unit) => {
                self.mode = Mode::Normal;
                return self.play(Play::Relocate { unit, to: s });
            }
            Mode::Place(owner, kind) => {
                self.mode = Mode::Normal;
                return self.play(Play::PlaceUnit {
                    owner,
                    kind,
                    square: s,
                });
            }
            Mode::Recruit(_) | Mode::Normal => {}
        }
        let my_turn = g.phase() == Phase::Player && !g.is_resolving() && g.outcome().is_none();
        let selected = self
            .selected
            .and_then(|id| g.unit(id))
            .filter(|u| u.owner == Seat::Player && my_turn)
            .map(|u| u.id);
        let here = g.unit_at(s).map(|u| (u.id, u.owner));
        let actor = self.highlighted();
        match (here, selected) {
            (Some((id, Seat::Player)), _) => {
                self.selected = (self.selected != Some(id)).then_some(id);
                self.mode = Mode::Normal;
                Action::none()
            }
            (Some((target, _)), Some(attacker)) => self.play(Play::AttackUnit { attacker, target }),
            (Some((id, _)), None) => {
                self.selected = (self.selected != Some(id)).then_some(id);
                // A click on the highlighted piece opens its "Why?": its step's line in the
                // turn log, beside the board.
                if actor == Some(id) {
                    self.why = self.doc.as_ref().map(|d| d.saved.history.cursor());
                }
                Action::none()
            }
            (None, Some(unit)) => match g.board().castle_of(s) {
                Some(castle) if castle != Seat::Player => self.play(Play::AttackCastle {
                    attacker: unit,
                    castle,
                }),
                _ => self.play(Play::Move { unit, to: s }),
            },
            (None, None) => {
                let recruit = my_turn && g.board().castle_of(s) == Some(Seat::Player);
                self.selected = None;
                self.mode = if recruit {
                    Mode::Recruit(s)
                } else {
                    Mode::Normal
                };
                Action::none()
            }
        }
    }

    pub fn view(&self, ctx: &Ctx) -> Element<'_, Message> {
        let editor = match (&self.cards, &self.board_editor) {
            (Some(c), _) => Some(c.view().map(Message::Cards)),
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
            None => column![
                data_bar(self.data.as_ref().ok().map(|d| &**d)),
                self.setup.view(self.data.as_ref().err()),
            ]
            .into(),
            Some(doc) => panel::view(self, doc, ctx),
        }
    }
}

/// The frequent actions of a game in play, by key (docs/table-ux.md 7). Nothing acts while an editor is
/// open or the game is over; each key sends what the button it stands for would.
impl super::screen::Keyboard for State {
    type Message = Message;
    const KEYS: &'static [(&'static str, &'static str)] = &[
        ("1 to 9", "Answer the question with that option"),
        (
            "Enter",
            "Answer with the default option; in the enemies' turn, Next step",
        ),
        ("Space or N", "Next step of the enemies' turn"),
        (
            "R",
            "Run the enemies' turn to its end (or to the next question)",
        ),
        ("E", "End your turn: the enemies take theirs"),
    ];

    fn key(&self, key: super::screen::Keypress) -> Option<Message> {
        use super::screen::Keypress::{Char, Enter, Space};
        if self.cards.is_some() || self.board_editor.is_some() {
            return None;
        }
        let g = self.game()?;
        if g.outcome().is_some() {
            return None;
        }
        if let Some(p) = g.pending() {
            return match key {
                Char(c) => c
                    .to_digit(10)
                    .map(|d| d as usize)
                    .filter(|d| (1..=p.options.len()).contains(d))
                    .map(|d| Message::Answer(d - 1)),
                Enter => Some(Message::Answer(p.default)),
                Space => None,
            };
        }
        let my_turn = g.phase() == Phase::Player && !g.is_resolving();
        match (key, my_turn) {
            (Char('e'), true) => Some(Message::EndTurn),
            (Enter | Space | Char('n'), false) => Some(Message::Next),
            (Char('r'), false) => Some(Message::RunToEnd),
            _ => None,
        }
    }
}
