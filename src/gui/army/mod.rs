//! The army sheets screen: a setup form (two or four generals), the army builder (one tab per
//! player, the follower table, live points left, hide/show for secrecy), then the in-play
//! sheets (one per general) with attacks, promotions, hand edits for resource cards and the
//! victory banner. All rules live in `crate::army`; this module shows them and turns clicks
//! into labelled history entries. While armies are secret, history labels never name the
//! followers recruited.

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
    ArmyGame, FOLLOWERS_PATH, FollowerKind, FollowerRef, FollowerTable, HandStats, Phase, Promotion,
};
use crate::doc::{Kind, Saved};

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
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
    doc: Option<Doc<ArmyGame>>,
    table: Result<FollowerTable, String>,
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

    pub fn document(&self) -> Option<&dyn Document> {
        self.doc.as_ref().map(|d| d as &dyn Document)
    }

    pub fn document_mut(&mut self) -> Option<&mut dyn Document> {
        self.doc.as_mut().map(|d| d as &mut dyn Document)
    }

    /// After undo/redo: drop a selection or dialog that may point at a changed follower.
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
            Err(e) => return Action::error(e.clone()),
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
                Action::changed()
            }
            Err(e) => Action::error(e.to_string()),
        }
    }

    fn open_edit(&mut self, at: FollowerRef) {
        let Some(doc) = &self.doc else { return };
        if let Ok(f) = doc.state().follower(at) {
            self.edit = Some(Box::new(HandEdit {
                at,
                fields: [f.movement, f.damage, f.max_health, f.health].map(|v| v.to_string()),
                damage: String::new(),
            }));
        }
    }

    /// Changes to the open game, each one labelled history entry.
    fn play(&mut self, message: Message) -> Action<Message> {
        let Some(doc) = &mut self.doc else {
            return Action::none();
        };
        let g = doc.state().clone();
        let pname = |p: usize| {
            g.players
                .get(p)
                .map_or("?", |pl| pl.name.as_str())
                .to_string()
        };
        let fname = |at: FollowerRef| {
            g.follower(at).map_or_else(
                |_| "?".to_string(),
                |f| format!("{}'s {}", pname(at.player), f.label),
            )
        };
        let editing = self.editing;
        let result: Result<(), String> = match message {
            // Labels while writing armies never say what was recruited: the history is on
            // screen for everyone.
            Message::Recruit(kind) => doc
                .apply(format!("{} writes their army", pname(editing)), |s| {
                    s.recruit(editing, kind)
                })
                .map_err(|e| e.to_string()),
            Message::Dismiss(i) => doc
                .apply(format!("{} writes their army", pname(editing)), |s| {
                    s.dismiss(editing, i).map(|_| ())
                })
                .map_err(|e| e.to_string()),
            Message::Hide => doc
                .apply(format!("{} hides their army", pname(editing)), |s| {
                    s.hide(editing)
                })
                .map_err(|e| e.to_string()),
            Message::Show => doc
                .apply(format!("{} shows their army", pname(editing)), |s| {
                    s.show(editing)
                })
                .map_err(|e| e.to_string()),
            Message::BeginPlay => {
                let first = self.first;
                doc.apply(
                    format!("Armies revealed; {} goes first", pname(first)),
                    |s| s.start(first),
                )
                .map_err(|e| e.to_string())
            }
            Message::Attack(target) => {
                let Some(attacker) = self.selected else {
                    return Action::error("Pick the attacking follower first.");
                };
                let mut probe = g.clone();
                let label = match probe.attack(attacker, target) {
                    Ok(r) if r.killed => format!(
                        "{} attacks {}: killed; {} earns a promotion",
                        fname(attacker),
                        fname(target),
                        g.follower(attacker).map_or("it", |f| f.label.as_str())
                    ),
                    Ok(r) => format!(
                        "{} attacks {}: {} damage, {} health left",
                        fname(attacker),
                        fname(target),
                        r.damage,
                        r.target_health
                    ),
                    Err(e) => return Action::error(e.to_string()),
                };
                let done = doc
                    .apply(label, |s| s.attack(attacker, target).map(|_| ()))
                    .map_err(|e| e.to_string());
                if done.is_ok() {
                    self.selected = None;
                }
                done
            }
            Message::Promote(at, p) => doc
                .apply(format!("{}: promotion {}", fname(at), p.title()), |s| {
                    s.promote(at, p)
                })
                .map_err(|e| e.to_string()),
            Message::EndTurn => {
                let mut probe = g.clone();
                let next = match probe.end_turn() {
                    Ok(n) => n,
                    Err(e) => return Action::error(e.to_string()),
                };
                let current = g.turn().map(&pname).unwrap_or_default();
                let done = doc
                    .apply(
                        format!("{current} ends the turn; {} to play", pname(next)),
                        |s| s.end_turn().map(|_| ()),
                    )
                    .map_err(|e| e.to_string());
                self.selected = None;
                done
            }
            Message::ApplyEdit => {
                let Some(edit) = &self.edit else {
                    return Action::none();
                };
                let mut values = [0u8; 4];
                for (i, raw) in edit.fields.iter().enumerate() {
                    match raw.trim().parse::<u8>() {
                        Ok(v) => values[i] = v,
                        Err(_) => {
                            return Action::error(format!(
                                "{} must be a whole number from 0 (it is “{raw}”)",
                                EDIT_LABELS[i]
                            ));
                        }
                    }
                }
                let [movement, damage, max_health, health] = values;
                let at = edit.at;
                doc.apply(
                    format!(
                        "{}: resource card sets movement {movement}, damage {damage}, health {health}/{max_health}",
                        fname(at)
                    ),
                    |s| {
                        s.set_by_hand(
                            at,
                            HandStats {
                                movement,
                                damage,
                                max_health,
                                health,
                            },
                        )
                    },
                )
                .map_err(|e| e.to_string())
            }
            Message::ApplyDamage => {
                let Some(edit) = &self.edit else {
                    return Action::none();
                };
                let Ok(amount) = edit.damage.trim().parse::<u8>() else {
                    return Action::error(format!(
                        "Damage must be a whole number (it is “{}”)",
                        edit.damage
                    ));
                };
                let at = edit.at;
                doc.apply(
                    format!("{} takes {amount} damage (by hand)", fname(at)),
                    |s| s.damage_by_hand(at, amount).map(|_| ()),
                )
                .map_err(|e| e.to_string())
            }
            Message::Become(kind) => {
                let Some(edit) = &self.edit else {
                    return Action::none();
                };
                let at = edit.at;
                doc.apply(format!("{} becomes a {kind}", fname(at)), |s| {
                    s.become_kind(at, kind)
                })
                .map_err(|e| e.to_string())
            }
            Message::ResourceCard => {
                let Some(edit) = &self.edit else {
                    return Action::none();
                };
                let at = edit.at;
                doc.apply(format!("{} gathers a Resource Card", fname(at)), |s| {
                    s.gather_resource_card(at)
                })
                .map_err(|e| e.to_string())
            }
            _ => return Action::none(),
        };
        match result {
            Ok(()) => {
                if let Some(edit) = self.edit.as_deref().map(|e| e.at) {
                    self.open_edit(edit);
                }
                Action::changed()
            }
            Err(e) => Action::error(e),
        }
    }

    pub fn view(&self, ctx: &Ctx) -> Element<'_, Message> {
        let Some(doc) = &self.doc else {
            return self.setup_view();
        };
        let g = doc.state();
        let body = match g.phase {
            Phase::Building => builder::view(g, self.editing, self.first),
            Phase::Playing { .. } | Phase::Over { .. } => {
                sheets::view(g, self.selected, self.edit.as_deref(), ctx)
            }
        };
        column![
            row![
                widgets::heading(doc.saved.title.clone()),
                text(doc.summary()).size(style::SMALL).style(style::muted),
            ]
            .spacing(style::GAP)
            .align_y(iced::Center),
            body,
        ]
        .spacing(style::GAP)
        .padding(20)
        .into()
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
            names,
            column![
                text("Title (optional)").size(style::BODY),
                text_input("Title (optional)", &self.setup.title)
                    .id("army-title")
                    .on_input(Message::Title)
                    .size(style::BODY)
                    .padding(8)
                    .width(Length::Fixed(460.0)),
            ]
            .spacing(4),
        ]
        .spacing(style::GAP + 4.0);
        if let Err(e) = &self.table {
            col = col.push(text(e.clone()).size(style::BODY).style(style::danger_text));
        }
        col = col.push(widgets::primary(
            "Write the armies",
            ready.then_some(Message::Start),
        ));
        container(col).padding(30).into()
    }
}

/// The follower table in use: the user's replacement in the data folder, else the bundled one.
fn load_table(ctx: &Ctx) -> Result<FollowerTable, String> {
    let (text, origin) =
        crate::store::data_text(ctx.data_root(), FOLLOWERS_PATH).map_err(|e| e.to_string())?;
    FollowerTable::parse(&text).map_err(|e| format!("{origin}: {e}"))
}
