//! The army sheets screen: a setup form (two or four generals), the army builder (one tab per
//! player, the follower table, live points left, hide/show for secrecy), then the in-play
//! sheets (one per general) with attacks, promotions, hand edits for resource cards and the
//! victory banner. All rules live in `crate::army`; this module shows them and turns clicks
//! into labelled history entries. While armies are secret, history labels never name the
//! followers recruited.

mod actions;
mod builder;
mod sheets;
#[cfg(test)]
mod tests;

use iced::widget::{checkbox, column, container, row, text, text_input};
use iced::{Element, Length};

use super::document::{Doc, Document};
use super::screen::{Action, Ctx};
use super::style;
use super::widgets;
use crate::army::{
    ArmyGame, FOLLOWERS_PATH, FollowerKind, FollowerRef, FollowerTable, Phase, Promotion,
};
use crate::doc::{Kind, Saved};

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// A refusal's or a reminder's "Rule", clicked: the Rules screen at that entry
    /// (docs/rules.md, "Rule references").
    Rule(crate::rules::RuleRef),
    // Setup form.
    Four(bool),
    Name(usize, String),
    Title(String),
    Start,
    // Writing the armies.
    Editing(usize),
    Recruit(FollowerKind),
    Dismiss(usize),
    Hide,
    Show,
    First(usize),
    BeginPlay,
    // Play.
    Select(FollowerRef),
    Attack(FollowerRef),
    Promote(FollowerRef, Promotion),
    EndTurn,
    OpenEdit(FollowerRef),
    EditField(usize, String),
    EditDamage(String),
    ApplyEdit,
    ApplyDamage,
    Become(FollowerKind),
    ResourceCard,
    CloseEdit,
}

#[derive(Debug, Clone, Default)]
struct SetupForm {
    names: [String; 4],
    four: bool,
    title: String,
}

/// The hand-edit dialog for one follower (resource cards).
#[derive(Debug, Clone)]
pub(crate) struct HandEdit {
    at: FollowerRef,
    /// Movement, damage, maximum health, current health as typed.
    fields: [String; 4],
    damage: String,
}

pub const EDIT_LABELS: [&str; 4] = ["Movement", "Damage", "Maximum health", "Health"];

pub struct State {
    /// The last refusal, shown next to the controls (`notice::Refusal`; the shell fills it).
    pub refusal: super::notice::Refusal,
    doc: Option<Doc<ArmyGame>>,
    table: Result<FollowerTable, crate::datafile::DataFileError>,
    setup: Box<SetupForm>,
    /// The player whose army is on screen while armies are written.
    editing: usize,
    /// Who rolled highest and plays first.
    first: usize,
    /// The follower about to attack.
    selected: Option<FollowerRef>,
    edit: Option<Box<HandEdit>>,
}

impl State {
    pub fn new(ctx: &Ctx) -> Self {
        State {
            refusal: Default::default(),
            doc: None,
            table: load_table(ctx),
            setup: Box::default(),
            editing: 0,
            first: 0,
            selected: None,
            edit: None,
        }
    }

    pub fn open(id: String, saved: Saved<ArmyGame>, ctx: &Ctx) -> Self {
        let mut s = State::new(ctx);
        s.doc = Some(Doc::new(id, saved));
        s
    }

    super::document::document_views!();

    /// After undo/redo: drop a selection or dialog that may point at a changed follower.
    /// Esc: closes the hand being edited first, then drops the selected follower; false when
    /// neither was open.
    pub fn escape(&mut self) -> bool {
        self.edit.take().is_some() || self.selected.take().is_some()
    }

    pub fn refresh(&mut self) {
        self.selected = None;
        self.edit = None;
        if let Some(doc) = &self.doc {
            let n = doc.state().players.len();
            self.editing = self.editing.min(n.saturating_sub(1));
            self.first = self.first.min(n.saturating_sub(1));
        }
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        if let Message::Rule(rule) = message {
            return Action::open_rule(rule);
        }
        match message {
            Message::Four(on) => self.setup.four = on,
            Message::Name(i, s) => {
                if let Some(n) = self.setup.names.get_mut(i) {
                    *n = s;
                }
            }
            Message::Title(s) => self.setup.title = s,
            Message::Start => return self.start(ctx),
            Message::Editing(p) => self.editing = p,
            Message::First(p) => self.first = p,
            Message::Select(at) => {
                self.selected = if self.selected == Some(at) {
                    None
                } else {
                    Some(at)
                }
            }
            Message::OpenEdit(at) => self.open_edit(at),
            Message::EditField(i, s) => {
                if let Some(e) = &mut self.edit
                    && let Some(f) = e.fields.get_mut(i)
                {
                    *f = s;
                }
            }
            Message::EditDamage(s) => {
                if let Some(e) = &mut self.edit {
                    e.damage = s;
                }
            }
            Message::CloseEdit => self.edit = None,
            other => return self.play(other),
        }
        Action::none()
    }

    fn start(&mut self, ctx: &Ctx) -> Action<Message> {
        let table = match &self.table {
            Ok(t) => t.clone(),
            Err(e) => return Action::error(e.to_string()),
        };
        let count = if self.setup.four { 4 } else { 2 };
        let names: Vec<String> = self.setup.names[..count].to_vec();
        match ArmyGame::new(names, table) {
            Ok(game) => {
                let title = if self.setup.title.trim().is_empty() {
                    game.players
                        .iter()
                        .map(|p| p.name.as_str())
                        .collect::<Vec<_>>()
                        .join(" vs ")
                } else {
                    self.setup.title.trim().to_string()
                };
                let saved = Saved::new(title, "New army game: armies to write", game);
                self.doc = Some(Doc::new(ctx.new_id(Kind::Army), saved));
                self.refresh();
                Action::none()
            }
            Err(e) => Action::refused(&e),
        }
    }

    pub(crate) fn open_edit(&mut self, at: FollowerRef) {
        let Some(doc) = &self.doc else { return };
        if let Ok(f) = doc.state().follower(at) {
            self.edit = Some(Box::new(HandEdit {
                at,
                fields: [f.movement, f.damage, f.max_health, f.health].map(|v| v.to_string()),
                damage: String::new(),
            }));
        }
    }

    pub fn view(&self, _ctx: &Ctx) -> Element<'_, Message> {
        let Some(doc) = &self.doc else {
            return self.setup_view();
        };
        let g = doc.state();
        let (editing, first, selected, edit, refusal) = (
            self.editing,
            self.first,
            self.selected,
            self.edit.as_deref(),
            &self.refusal,
        );
        // The builder and the turn's line draw the refusal, inside `responsive` (laid out
        // after the shell has looked): say so here, so the foot line repeats neither the text
        // nor its rule (notice.rs). A game over draws none: the foot line shows it.
        if !matches!(g.phase, Phase::Over { .. }) {
            let _ = self.refusal.shown();
        }
        // A narrow window (1024 px with large type) stacks what sits side by side on a wide one.
        let body = iced::widget::responsive(move |size| {
            let narrow = size.width < style::NARROW;
            match g.phase {
                Phase::Building => builder::view(g, editing, first, narrow, refusal),
                Phase::Playing { .. } | Phase::Over { .. } => {
                    sheets::view(g, selected, edit, size.width, refusal)
                }
            }
        });
        widgets::game_page(doc.saved.title.clone(), doc.summary(), body)
    }

    fn setup_view(&self) -> Element<'_, Message> {
        let count = if self.setup.four { 4 } else { 2 };
        let mut names = row![].spacing(style::GAP);
        for i in 0..count {
            let label = format!("Player {}", i + 1);
            names = names.push(
                column![
                    text(label.clone()).size(style::BODY),
                    text_input(&label, &self.setup.names[i])
                        .id(format!("army-name-{i}"))
                        .on_input(move |s| Message::Name(i, s))
                        .size(style::BODY)
                        .padding(8),
                ]
                .spacing(4)
                .width(Length::Fixed(220.0)),
            );
        }
        let ready = self.table.is_ok()
            && self.setup.names[..count]
                .iter()
                .all(|n| !n.trim().is_empty());
        let mut col = column![
            text("New army game").size(style::TITLE),
            text("Two or four generals. Each writes an army in secret from 10 Follower Points, with exactly one General.")
                .size(style::BODY)
                .style(style::muted),
            checkbox(self.setup.four)
                .label("Four generals (otherwise two)")
                .on_toggle(Message::Four)
                .text_size(style::BODY),
            text("Names in seating order (clockwise):").size(style::BODY),
            // Four names wrap to a second line on a narrow window rather than run off it.
            names.wrap(),
            column![
                text("Title (optional)").size(style::BODY),
                text_input("Title (optional)", &self.setup.title)
                    .id("army-title")
                    .on_input(Message::Title)
                    .size(style::BODY)
                    .padding(8),
            ]
            .spacing(4)
            .max_width(460),
        ]
        .spacing(style::GAP + 4.0);
        if let Err(e) = &self.table {
            col = col.push(text(e.to_string()).size(style::BODY).style(style::danger_text));
        }
        col = col.push(widgets::primary(
            "Write the armies",
            ready.then_some(Message::Start),
        ));
        container(col).padding(30).into()
    }
}

/// The follower table in use: the user's replacement in the data folder, else the bundled one.
fn load_table(ctx: &Ctx) -> Result<FollowerTable, crate::datafile::DataFileError> {
    crate::store::load_data(ctx.data_root(), FOLLOWERS_PATH, FollowerTable::parse)
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
