//! The Furnace Duel campaign screen: a setup form, then the scoring pad (the running table, as
//! on the paper pad) beside the current game's panel (setup reminders, end-of-game entry,
//! achievements, runner-up bonuses, the next board). All rules live in `crate::furnace_duel`;
//! this module only shows them and turns clicks into labelled history entries.

mod current;
mod form;
mod pad;
#[cfg(test)]
mod tests;

use iced::widget::{checkbox, column, container, row, scrollable, text, text_input};
use iced::{Element, Fill, Length};

use super::document::{Doc, Document};
use super::screen::{Action, Ctx};
use super::style;
use super::widgets;
use crate::doc::{Kind, Saved};
use crate::furnace_duel::{
    Action as FdAction, BOARDS_PATH, BoardId, Boards, Campaign, GeneralAchievement, Seat, Settings,
};
use form::ResultForm;
pub use form::TallyField;

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// A refusal's or a reminder's "Rule", clicked: the Rules screen at that entry
    /// (docs/rules.md, "Rule references").
    Rule(crate::rules::RuleRef),
    NameA(String),
    NameB(String),
    Title(String),
    Capitalist(bool),
    LastGameAchievements(bool),
    Start,
    Tally(Seat, TallyField, String),
    Token(Seat),
    RecordResult,
    ClaimBoard(Seat),
    WithdrawBoard,
    ClaimGeneral(Seat, GeneralAchievement),
    WithdrawGeneral(Seat, GeneralAchievement),
    UseBonus(Seat, BoardId),
    UnuseBonus(Seat, BoardId),
    Note(String),
    SaveNote,
    NextBoard(BoardId),
    /// The setup reminders of the current game read (folded away) or opened again.
    FoldReminders(bool),
}

/// The scrollable that holds the current game (alone, or above the pad when stacked).
const PANEL_ID: &str = "fd-panel";

/// Width (logical px) from which the entry beside the pad keeps its labels on one line.
const SIDE_BY_SIDE_ROOMY: f32 = 1100.0;
/// Body height (logical px) below which wrapped labels push Record result under the fold.
const SHORT: f32 = 560.0;

/// The new-campaign form.
#[derive(Debug, Clone, Default)]
struct SetupForm {
    a: String,
    b: String,
    title: String,
    settings: Settings,
}

pub struct State {
    /// The last refusal, shown next to the controls (`notice::Refusal`; the shell fills it).
    pub refusal: super::notice::Refusal,
    doc: Option<Doc<Campaign>>,
    boards: Result<Boards, crate::datafile::DataFileError>,
    setup: Box<SetupForm>,
    form: Box<ResultForm>,
    note: String,
    /// The game whose setup reminders were read and folded away.
    folded: Option<usize>,
}

impl State {
    pub fn new(ctx: &Ctx) -> Self {
        State {
            refusal: Default::default(),
            doc: None,
            boards: load_boards(ctx),
            setup: Box::default(),
            form: Box::default(),
            note: String::new(),
            folded: None,
        }
    }

    pub fn open(id: String, saved: Saved<Campaign>, ctx: &Ctx) -> Self {
        let mut s = State::new(ctx);
        s.doc = Some(Doc::new(id, saved));
        s.refresh();
        s
    }

    super::document::document_views!();

    /// After undo/redo: the entry form shows the current game as it now stands.
    /// Esc: this screen opens no question, selection or dialog of its own.
    pub fn escape(&mut self) -> bool {
        false
    }

    pub fn refresh(&mut self) {
        if let Some(doc) = &self.doc {
            let game = doc.state().current();
            *self.form = ResultForm::from_result(game.and_then(|g| g.result.as_ref()));
            self.note = game.map(|g| g.runner_up_note.clone()).unwrap_or_default();
        }
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        if let Message::Rule(rule) = message {
            return Action::open_rule(rule);
        }
        match message {
            Message::NameA(s) => self.setup.a = s,
            Message::NameB(s) => self.setup.b = s,
            Message::Title(s) => self.setup.title = s,
            Message::Capitalist(on) => self.setup.settings.capitalist_cards = on,
            Message::LastGameAchievements(on) => {
                self.setup.settings.last_game_achievements_score = on
            }
            Message::Start => return self.start(ctx),
            Message::Tally(seat, field, value) => self.form.set(seat, field, value),
            Message::Token(seat) => self.form.token = Some(seat),
            Message::Note(s) => self.note = s,
            Message::FoldReminders(fold) => {
                self.folded = self
                    .doc
                    .as_ref()
                    .map(|d| d.state().current_index())
                    .filter(|_| fold);
            }
            other => return self.play(other),
        }
        Action::none()
    }

    fn start(&mut self, ctx: &Ctx) -> Action<Message> {
        let boards = match &self.boards {
            Ok(b) => b.clone(),
            Err(e) => return Action::error(e.to_string()),
        };
        let players = [self.setup.a.clone(), self.setup.b.clone()];
        match Campaign::new(players, boards, self.setup.settings) {
            Ok(c) => {
                let title = if self.setup.title.trim().is_empty() {
                    format!("{} vs {}", c.players[0], c.players[1])
                } else {
                    self.setup.title.trim().to_string()
                };
                let saved = Saved::new(title, "New campaign: game 1 on Britain", c);
                self.doc = Some(Doc::new(ctx.new_id(Kind::FurnaceDuel), saved));
                self.refresh();
                Action::none()
            }
            Err(e) => Action::refused(&e),
        }
    }

    /// Changes to the open campaign, each one labelled history entry.
    fn play(&mut self, message: Message) -> Action<Message> {
        let Some(doc) = &mut self.doc else {
            return Action::none();
        };
        let action = match message {
            Message::RecordResult => match self.form.parse(&doc.state().players) {
                Ok(result) => FdAction::RecordResult { result },
                Err(e) => return Action::error(e.to_string()),
            },
            Message::ClaimBoard(seat) => FdAction::ClaimBoard { seat },
            Message::WithdrawBoard => FdAction::WithdrawBoard {},
            Message::ClaimGeneral(seat, achievement) => {
                FdAction::ClaimGeneral { seat, achievement }
            }
            Message::WithdrawGeneral(seat, achievement) => {
                FdAction::WithdrawGeneral { seat, achievement }
            }
            Message::UseBonus(seat, from) => FdAction::UseBonus { seat, from },
            Message::UnuseBonus(seat, from) => FdAction::UnuseBonus { seat, from },
            Message::SaveNote => FdAction::SetRunnerUpNote {
                note: self.note.clone(),
            },
            Message::NextBoard(board) => FdAction::NextBoard { board },
            _ => return Action::none(),
        };
        let next_game = matches!(action, FdAction::NextBoard { .. });
        let result = doc.saved.act(action).map(|_| ());
        match result {
            Ok(()) => {
                self.refresh();
                if next_game {
                    // docs/table-ux.md 2: the new game opens at its top (its setup reminders), not at
                    // the scroll position where the board was picked.
                    Action::task(iced::widget::operation::snap_to(
                        PANEL_ID,
                        iced::widget::operation::RelativeOffset::START,
                    ))
                } else {
                    Action::none()
                }
            }
            Err(e) => Action::refused(&e),
        }
    }

    pub fn view(&self, _ctx: &Ctx) -> Element<'_, Message> {
        let Some(doc) = &self.doc else {
            return self.setup_view();
        };
        let c = doc.state();
        let form = &*self.form;
        let note = self.note.as_str();
        // Taken here, not inside `responsive` (laid out after the shell has looked): the
        // refusal shows beside Record result, and only there (notice.rs).
        let refusal = self.refusal.shown();
        let rule = self.refusal.rule();
        let folded = self.folded == Some(c.current_index());
        // Side by side when there is room; on a narrow window (1024 px with large type) one
        // column, the current game first because that is where the players click. Beside the
        // pad the entry's labels wrap below ~1100 px, which crowds the entry on a short window
        // (1366×768 with large type): stack there too. Record result sits in a bar under the
        // scrolling part either way, always in view.
        let body = iced::widget::responsive(move |size| {
            let pad = pad::view(c);
            let panel = current::view(c, form, note, folded);
            let cramped = size.width < SIDE_BY_SIDE_ROOMY && size.height < SHORT;
            if size.width < style::NARROW || cramped {
                column![
                    scrollable(
                        container(column![panel, pad].spacing(20))
                            .padding(iced::Padding::ZERO.right(16)),
                    )
                    .id(PANEL_ID)
                    .height(Fill),
                    current::record_bar(c, refusal, rule),
                ]
                .spacing(4)
                .into()
            } else {
                row![
                    scrollable(container(pad).padding(iced::Padding::ZERO.right(16)))
                        .width(Length::FillPortion(11))
                        .height(Fill),
                    column![
                        scrollable(container(panel).padding(iced::Padding::ZERO.right(16)))
                            .id(PANEL_ID)
                            .height(Fill),
                        current::record_bar(c, refusal, rule),
                    ]
                    .spacing(4)
                    .width(Length::FillPortion(9)),
                ]
                .spacing(20)
                .into()
            }
        });
        widgets::game_page(doc.saved.title.clone(), doc.summary(), body)
    }

    fn setup_view(&self) -> Element<'_, Message> {
        let field =
            |label: &'static str, value: &str, id: &'static str, on: fn(String) -> Message| {
                column![
                    text(label).size(style::BODY),
                    text_input(label, value)
                        .id(id)
                        .on_input(on)
                        .size(style::BODY)
                        .padding(8),
                ]
                .spacing(4)
            };
        let can_start = self.boards.is_ok()
            && !self.setup.a.trim().is_empty()
            && !self.setup.b.trim().is_empty();
        let mut col = column![
            text("New Furnace Duel campaign").size(style::TITLE),
            text("Six games on six boards. The first game is on Britain; the winner of each game picks the next board.")
                .size(style::BODY)
                .style(style::muted),
            row![
                field("Player A", &self.setup.a, "fd-name-a", Message::NameA),
                field("Player B", &self.setup.b, "fd-name-b", Message::NameB),
            ]
            .spacing(style::GAP),
            field("Campaign title (optional)", &self.setup.title, "fd-title", Message::Title),
            checkbox(self.setup.settings.capitalist_cards)
                .label("Playing with the Capitalist cards variant")
                .on_toggle(Message::Capitalist)
                .text_size(style::BODY),
            checkbox(self.setup.settings.last_game_achievements_score)
                .label("Achievements in the last game still score Campaign Points")
                .on_toggle(Message::LastGameAchievements)
                .text_size(style::BODY),
        ]
        .spacing(style::GAP + 4.0)
        .max_width(760);
        if let Err(e) = &self.boards {
            col = col.push(text(e.to_string()).size(style::BODY).style(style::danger_text));
        }
        col = col.push(widgets::primary(
            "Start campaign",
            can_start.then_some(Message::Start),
        ));
        container(col).padding(30).into()
    }
}

/// The boards file in use: the user's replacement in the data folder, else the bundled one.
fn load_boards(ctx: &Ctx) -> Result<Boards, crate::datafile::DataFileError> {
    crate::store::load_data(ctx.data_root(), BOARDS_PATH, Boards::parse)
}

/// No keys of its own yet: the shell's (Ctrl+Z, Ctrl+F, Esc, F1) serve this screen.
impl super::screen::Keyboard for State {
    type Message = Message;
}

impl From<crate::rules::RuleRef> for Message {
    /// A "Rule" link beside a refusal (notice::Refusal::line) or a reminder.
    fn from(rule: crate::rules::RuleRef) -> Message {
        Message::Rule(rule)
    }
}
