//! The Worldspanner Factions screen: a setup form, then one table side per team (its deck,
//! the challenge panel, its heroes) around the shared Dome map, round/step bar and glory
//! board, plus the odds view and the deck editor. Every change goes through the engine's
//! `Action` and the labelled history.

mod ask;
mod board;
mod card_view;
mod clip;
mod deck_io;
mod decks;
mod editor;
mod fit;
mod form;
mod heroes;
mod odds;
mod panel;
mod setup;
mod table;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_deck_io;
#[cfg(test)]
mod tests_layout;
#[cfg(test)]
mod tests_library;
#[cfg(test)]
mod tests_physical;
#[cfg(test)]
mod tests_round;

use iced::Element;
use iced::widget::{button, column, container, row, scrollable, text};

use super::document::{Doc, Document};
use super::screen::{Action, Ctx, Notice};
use super::style;
use crate::doc::{Kind, Saved};
use crate::worldspanner::domes::DomeSlot;
use crate::worldspanner::{
    Action as Play, DomeRange, Faction, Game, HeroLibrary, HeroRef, OddsOver, Reading, SaveData,
    Skill, TeamSide,
};

pub use editor::EditorMsg;
pub use form::FormMsg;
/// What [`FormMsg`] carries, named here so the challenge form can be filled from outside the
/// screen: examples/screenshots.rs drives the real app with them for the manual's pictures.
pub use form::{Choice, What};
pub use setup::SetupMsg;

/// What the middle of the screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    Table,
    Odds,
    Editor,
    /// The hero library.
    Heroes,
}

/// Hand changes to one hero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeroOp {
    Reinforce,
    LeaveDome,
    Dismiss,
    Banish,
    Wound,
    Heal,
    GoldUp,
    GoldDown,
    GainBoost,
    UseBoost,
    Raise,
    Renew,
    /// Mark the hero as in (or out of) a melee fight, for the order by Wits.
    Fight,
}

#[derive(Debug, Clone)]
pub enum Message {
    /// A refusal's or a reminder's "Rule", clicked: the Rules screen at that entry
    /// (docs/rules.md, "Rule references").
    Rule(crate::rules::RuleRef),
    Setup(SetupMsg),
    Start,
    Side(TeamSide),
    Panel(Panel),
    NextStep,
    Form(FormMsg),
    Draw,
    Place(Option<DomeSlot>),
    Hero(HeroRef, HeroOp),
    Capture(Faction, usize),
    Tribute,
    GloryCard,
    Editor(EditorMsg),
    Reopen,
    OddsOver(OddsOver),
    /// A team's deck becomes physical (true) or digital.
    DeckMode(TeamSide, bool),
    /// One card read from a physical deck.
    Answer(Reading),
    /// A key typed in the physical-card key box.
    AskKey(String),
    CancelAsk,
    /// The Dome range on a physical card drawn for a waiting dismissal.
    ReadDomes(DomeRange),
    HeroForm(heroes::HeroMsg),
    /// Fill the challenge from the chosen hero's card and this rating.
    Skill(Skill),
    /// Answers the end of the Action step's question: 1 surrounded, 2 they move out.
    Surrounded(usize),
    /// The picked hero picks up loot pile N.
    PickUp(usize),
}

/// Where a refusal is shown: beside the control that was refused (docs/table-ux.md: the answer
/// appears where the eye is). One at a time, so the same refusal is never shown twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Where {
    /// The line under the step bar: Next step, Reopen, the glory board, the deck mode.
    Bar,
    /// Under the Draw button.
    Draw,
    /// The heroes' heading line: a hero tile's buttons, a Dome placed.
    Heroes,
}

/// What the last action was refused for, and where that is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub at: Where,
    pub text: String,
    /// The digest entry it cites, offered beside it ("Rule"; docs/rules.md).
    pub rule: Option<crate::rules::RuleRef>,
}

impl Refusal {
    /// The text and the rule, for the place that draws them.
    pub fn cited(&self) -> (&str, Option<crate::rules::RuleRef>) {
        (self.text.as_str(), self.rule)
    }
}

pub struct State {
    /// The last refusal, shown next to the controls (`notice::Refusal`; the shell fills it).
    pub refusal: super::notice::Refusal,
    // Boxed: the shell keeps every screen in one enum, so a screen stays small.
    doc: Option<Box<Doc<SaveData>>>,
    setup: Box<setup::SetupForm>,
    /// Whose table side is shown.
    side: TeamSide,
    panel: Panel,
    form: Box<form::ChallengeForm>,
    editor: Box<editor::Editor>,
    /// The last action's refusal, shown beside its control until the player acts again.
    refused: Option<Refusal>,
    /// A draw from a physical deck waiting for the table to say what the card shows.
    asking: Option<ask::Ask>,
    library: HeroLibrary,
    /// Heroes the players say are in a melee fight (both teams), for the order by Wits.
    fight: Vec<HeroRef>,
    hero_form: Box<heroes::HeroForm>,
    /// What the last action said.
    lines: Vec<String>,
}

impl State {
    pub fn new(ctx: &Ctx) -> Self {
        let (library, _problem) = heroes::load(ctx);
        let mut setup = Box::new(setup::SetupForm::new(ctx));
        setup.library = library.clone();
        State {
            refusal: Default::default(),
            doc: None,
            setup,
            side: TeamSide::Skyhawks,
            panel: Panel::Table,
            form: Box::default(),
            editor: Box::new(editor::Editor::resume(ctx)),
            refused: None,
            asking: None,
            library,
            fight: Vec::new(),
            hero_form: Box::default(),
            lines: Vec::new(),
        }
    }

    pub fn open(id: String, saved: Saved<SaveData>, ctx: &Ctx) -> Self {
        let mut s = State::new(ctx);
        s.side = saved.current().rounds.active;
        s.doc = Some(Box::new(Doc::new(id, saved)));
        s
    }

    pub fn game(&self) -> Option<&Game> {
        self.doc.as_ref().map(|d| d.state())
    }

    /// The open game's history revision: it moves when an action is recorded.
    fn revision(&self) -> Option<u64> {
        self.doc.as_ref().map(|d| d.saved.history.revision())
    }

    /// Applies an engine action as one labelled history entry; a refusal is shown `at` its
    /// control.
    fn act(&mut self, action: Play, at: Where) -> Action<Message> {
        let Some(doc) = &mut self.doc else {
            return Action::none();
        };
        match doc.saved.act(action) {
            Ok(acted) => {
                self.lines = acted.lines;
            }
            Err(e) => {
                // Shown beside its control, with its rule beside it.
                let rule = crate::rules::Cites::rule(&e);
                self.refusal.set_cited(e.to_string(), rule);
                self.refuse(at, e.to_string());
                if let Some(r) = &mut self.refused {
                    r.rule = rule;
                }
            }
        }
        Action::none()
    }

    /// Shows `text` beside the control at `at`, in place of any earlier refusal.
    fn refuse(&mut self, at: Where, text: String) {
        self.refused = Some(Refusal {
            at,
            text,
            rule: None,
        });
    }

    /// The refusal shown now, if any (for the tests).
    #[cfg(test)]
    pub(crate) fn refused(&self) -> Option<&Refusal> {
        self.refused.as_ref()
    }

    /// Checks the hero form and saves the card to the library in the data folder.
    fn save_hero(&mut self, ctx: &Ctx) -> Action<Message> {
        let card = match self.hero_form.card() {
            Ok(c) => c,
            Err(e) => return Action::error(e),
        };
        let mut library = self.library.clone();
        if let Err(e) = library.put(card.clone()) {
            return Action::error(e.to_string());
        }
        let Some(store) = ctx.store else {
            return Action::error("no data folder is open: the hero library cannot be saved");
        };
        match store.write_user(
            crate::worldspanner::library::LIBRARY_PATH,
            library.to_json().as_bytes(),
        ) {
            Ok(path) => {
                self.library = library;
                self.setup.library = self.library.clone();
                Action::notice(Notice::info(format!(
                    "{} saved to the hero library ({})",
                    card.name,
                    path.display()
                )))
            }
            Err(e) => Action::error(e.to_string()),
        }
    }

    /// Records one card read at the table; sends the action once all its cards are read.
    fn answer(&mut self, reading: Reading) -> Action<Message> {
        let Some(ask) = &mut self.asking else {
            return Action::none();
        };
        match ask.answer(reading) {
            Some(play) => {
                self.asking = None;
                self.act(play, Where::Draw)
            }
            None => Action::none(),
        }
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        // A refusal stands until the player acts again (the notices, section 1).
        self.refused = None;
        match message {
            Message::Rule(rule) => Action::open_rule(rule),
            Message::Setup(m) => {
                self.setup.update(m);
                Action::none()
            }
            Message::Start => match self.setup.build() {
                Ok((title, setup)) => match Game::new(setup) {
                    Ok(game) => {
                        self.side = game.rounds.active;
                        self.doc = Some(Box::new(Doc::new(
                            ctx.new_id(Kind::Worldspanner),
                            Saved::new(title, "New game", game),
                        )));
                        self.lines = vec!["Round 1: each team brings in its first heroes".into()];
                        Action::none()
                    }
                    Err(e) => Action::error(e.to_string()),
                },
                Err(e) => Action::error(e),
            },
            Message::Side(side) => {
                self.side = side;
                self.form.clear_heroes();
                Action::none()
            }
            Message::Panel(p) => {
                self.panel = p;
                if p == Panel::Editor {
                    self.editor.team = self.side;
                }
                Action::none()
            }
            Message::NextStep => {
                let before = self.revision();
                let action = self.act(Play::NextStep {}, Where::Bar);
                if let Some(active) = self.game().map(|g| g.rounds.active)
                    && self.revision() != before
                {
                    self.side = active;
                    self.form.clear_heroes();
                }
                self.explain_reinforce();
                action
            }
            Message::Form(m) => {
                // A new target or attack kind re-reads the cards once a rating was taken from
                // one, so the defence, Armor and Power follow the choice.
                let refill = matches!(
                    m,
                    FormMsg::Target(_) | FormMsg::What(_) | FormMsg::Weapon(_)
                );
                self.form.update(m);
                if let (true, Some(skill), Some(doc)) = (refill, self.form.skill, &self.doc) {
                    // A refusal here (no hero chosen) leaves the form as typed.
                    let _ = self.form.fill_from_card(doc.state(), self.side, skill);
                }
                Action::none()
            }
            Message::Draw => {
                let Some(game) = self.game() else {
                    return Action::none();
                };
                // Every missing field at once, beside the button (Draw by key gets here too).
                let missing = self.form.missing();
                if !missing.is_empty() {
                    self.refuse(Where::Draw, format!("Needs: {}", missing.join(", ")));
                    return Action::none();
                }
                match self.form.build(game, self.side) {
                    // A physical deck: ask what the card shows before the engine reads it.
                    Ok(play) => match ask::Ask::new(game, &play) {
                        Some(ask) => {
                            self.asking = Some(ask);
                            Action::task(iced::widget::operation::focus(ask::KEY_BOX))
                        }
                        None => self.act(play, Where::Draw),
                    },
                    Err(e) => {
                        self.refuse(Where::Draw, e);
                        Action::none()
                    }
                }
            }
            Message::Place(dome) => self.act(Play::Place { dome }, Where::Heroes),
            Message::Surrounded(option) => {
                let before = self.revision();
                let action = self.act(Play::Answer { option }, Where::Bar);
                if let Some(active) = self.game().map(|g| g.rounds.active)
                    && self.revision() != before
                    && active != self.side
                {
                    self.side = active;
                    self.form.clear_heroes();
                }
                action
            }
            Message::PickUp(pile) => match self.form.hero {
                Some(hero) => self.act(
                    Play::PickUp {
                        hero: HeroRef {
                            team: self.side,
                            hero,
                        },
                        pile,
                        gold: None,
                    },
                    Where::Heroes,
                ),
                None => Action::none(),
            },
            Message::Hero(hero, HeroOp::Fight) => {
                // Table bookkeeping only (no game change): who the players say is fighting.
                if let Some(i) = self.fight.iter().position(|h| *h == hero) {
                    self.fight.remove(i);
                } else {
                    self.fight.push(hero);
                }
                Action::none()
            }
            Message::Hero(hero, op) => match hero_action(hero, op) {
                Some(play) => self.act(play, Where::Heroes),
                None => Action::none(),
            },
            Message::Capture(faction, space) => self.act(
                Play::Capture {
                    team: self.side,
                    faction,
                    space,
                },
                Where::Bar,
            ),
            Message::Tribute => self.act(
                Play::Tribute {
                    team: self.side,
                    amount: 1,
                },
                Where::Bar,
            ),
            Message::GloryCard => self.act(Play::GloryCard { team: self.side }, Where::Bar),
            Message::Reopen => self.act(Play::Reopen {}, Where::Bar),
            Message::DeckMode(team, physical) => {
                self.act(Play::DeckMode { team, physical }, Where::Bar)
            }
            Message::Answer(reading) => self.answer(reading),
            Message::AskKey(typed) => match self.asking.as_ref().and_then(|a| a.key(&typed)) {
                Some(reading) => self.answer(reading),
                None => Action::none(),
            },
            Message::CancelAsk => {
                self.asking = None;
                Action::none()
            }
            Message::ReadDomes(domes) => self.act(Play::ReadDomes { domes }, Where::Draw),
            Message::HeroForm(heroes::HeroMsg::Edit(name)) => {
                if let Some(card) = self.library.get(&name) {
                    *self.hero_form = heroes::HeroForm::from_card(card);
                }
                Action::none()
            }
            Message::HeroForm(heroes::HeroMsg::Save) => self.save_hero(ctx),
            Message::HeroForm(m) => {
                self.hero_form.update(m);
                Action::none()
            }
            Message::Skill(skill) => {
                let Some(doc) = &self.doc else {
                    return Action::none();
                };
                if let Err(e) = self.form.fill_from_card(doc.state(), self.side, skill) {
                    self.refuse(Where::Draw, e);
                }
                Action::none()
            }
            Message::OddsOver(over) => self.act(Play::OddsOver { over }, Where::Bar),
            Message::Editor(EditorMsg::Export) => deck_io::pick_export(&self.editor.name()),
            Message::Editor(EditorMsg::Import) => deck_io::pick_import(),
            Message::Editor(m) => match self.editor.update(m, ctx) {
                editor::Outcome::None => Action::none(),
                editor::Outcome::Error(e) => Action::error(e),
                editor::Outcome::Saved(text) => {
                    self.setup.reload_decks(ctx);
                    Action::notice(Notice::info(text))
                }
                editor::Outcome::Use(name, cards) => {
                    let play = Play::ReplaceDeck {
                        team: self.editor.team,
                        name,
                        cards,
                    };
                    // The editor is its own panel: a refusal there is a notice.
                    let done = self.act(play, Where::Bar);
                    match self.refused.take() {
                        Some(r) => Action::error(r.text),
                        None => done,
                    }
                }
            },
        }
    }

    pub fn view(&self, _ctx: &Ctx) -> Element<'_, Message> {
        // The refusal is drawn beside its control (`self.refused`), never again on the foot.
        let _ = self.refusal.shown();
        let body: Element<'_, Message> = match (&self.doc, self.panel) {
            (_, Panel::Editor) => self.editor.view(self.doc.is_some()),
            (_, Panel::Heroes) => self.hero_form.view(&self.library),
            (None, _) => self.setup.view(),
            (Some(doc), Panel::Odds) => odds::view(doc.state(), self.side),
            (Some(doc), Panel::Table) => table::view(
                doc.state(),
                table::Table {
                    side: self.side,
                    form: &self.form,
                    lines: &self.lines,
                    asking: self.asking.as_ref(),
                    fight: &self.fight,
                    refusal: self.refused.as_ref(),
                },
            ),
        };
        let first = if self.doc.is_some() { "Table" } else { "Setup" };
        let mut tabs = row![tab(first, self.panel == Panel::Table, Panel::Table)].spacing(8);
        if self.doc.is_some() {
            tabs = tabs.push(tab("Odds", self.panel == Panel::Odds, Panel::Odds));
        }
        tabs = tabs.push(tab("Heroes", self.panel == Panel::Heroes, Panel::Heroes));
        tabs = tabs.push(tab(
            "Deck editor",
            self.panel == Panel::Editor,
            Panel::Editor,
        ));
        let title = match &self.doc {
            Some(doc) => doc.saved.title.clone(),
            None => "New Worldspanner Factions game".into(),
        };
        // The table holds still: it fills the window and each of its columns scrolls on its
        // own, so the main loop needs no page scrolling. The other panels scroll as a page.
        if self.doc.is_some() && self.panel == Panel::Table {
            // Closer: the title (also in the top bar) in heading size, little padding, so
            // the step bar, the challenge, the Domes and the heroes are all in view with
            // large type at 1366×768 (docs/worldspanner.md, The screen).
            let top = row![
                container(crate::gui::widgets::hover_title(title, style::HEADING))
                    .width(iced::Fill)
                    .clip(true),
                tabs
            ]
            .spacing(style::GAP)
            .align_y(iced::Center);
            column![top, body]
                .spacing(8)
                .padding([8, 10])
                .height(iced::Fill)
                .into()
        } else {
            let top = row![crate::gui::widgets::fitted_title(title), tabs]
                .spacing(style::GAP)
                .align_y(iced::Center);
            container(scrollable(
                column![top, body].spacing(style::GAP).padding(16),
            ))
            .into()
        }
    }

    pub fn document(&self) -> Option<&dyn Document> {
        self.doc.as_deref().map(|d| d as &dyn Document)
    }

    pub fn document_mut(&mut self) -> Option<&mut dyn Document> {
        self.doc.as_deref_mut().map(|d| d as &mut dyn Document)
    }

    /// After undo/redo: the selection and the last action's text may no longer hold.
    /// Esc: closes a physical card's question (nothing drawn), then a refusal shown; false
    /// when neither was open.
    /// Esc closes the innermost thing first (docs/table-ux.md 7): inside the deck editor its
    /// yes/no or the card being corrected, then the editor (or the Odds or Heroes tab) back to
    /// the table, then the Dome question or the refusal; only then does the shell leave.
    pub fn escape(&mut self) -> bool {
        if self.panel == Panel::Editor && self.editor.escape() {
            return true;
        }
        if self.panel != Panel::Table {
            self.panel = Panel::Table;
            return true;
        }
        self.asking.take().is_some() || self.refused.take().is_some()
    }

    /// Next step refused in Reinforce: says how heroes are brought in, beside the refusal.
    fn explain_reinforce(&mut self) {
        let Some(game) = self.game() else {
            return;
        };
        if game.rounds.step != crate::worldspanner::Step::Reinforce {
            return;
        }
        let waiting = game
            .team(self.side)
            .heroes
            .iter()
            .filter(|h| h.status == crate::worldspanner::HeroStatus::Waiting)
            .count();
        if let Some(r) = &mut self.refused {
            r.text += &format!(
                " — press Enter on a waiting hero's tile ({waiting} waiting), then \
                 Place it in a Dome."
            );
        }
    }

    pub fn refresh(&mut self) {
        self.refused = None;
        self.asking = None;
        self.lines.clear();
        self.form.clear_heroes();
    }
}

fn tab<'a>(label: &'a str, on: bool, panel: Panel) -> Element<'a, Message> {
    button(text(label).size(style::BODY))
        .padding([6, 14])
        .style(if on { style::primary } else { style::secondary })
        .on_press(Message::Panel(panel))
        .into()
}

/// The engine action of a hero button; `None` for table bookkeeping (the fight list).
fn hero_action(hero: HeroRef, op: HeroOp) -> Option<Play> {
    Some(match op {
        HeroOp::Reinforce => Play::Reinforce { hero },
        HeroOp::LeaveDome => Play::LeaveDome { hero },
        HeroOp::Dismiss => Play::Dismiss { hero },
        HeroOp::Banish => Play::Banish { hero },
        HeroOp::Wound => Play::Wound { hero, wounds: 1 },
        HeroOp::Heal => Play::Heal { hero, wounds: 1 },
        HeroOp::GoldUp => Play::Gold { hero, change: 1 },
        HeroOp::GoldDown => Play::Gold { hero, change: -1 },
        HeroOp::GainBoost => Play::GainBoosts { hero, boosts: 1 },
        HeroOp::UseBoost => Play::UseBoost { hero },
        HeroOp::Raise => Play::RaiseFromUnderpit { hero },
        HeroOp::Renew => Play::Renew { hero },
        HeroOp::Fight => return None,
    })
}

/// Drawing by key (docs/table-ux.md 7): D draws on the table, and while a physical card is being read
/// its face letter (A P S F X) or Y / N for the Hit bar answers, whether or not the key box
/// has the focus.
impl super::screen::Keyboard for State {
    type Message = Message;
    const KEYS: &'static [(&'static str, &'static str)] = &[
        (
            "D",
            "Draw a challenge card (or pay and adventure) for the challenge set up",
        ),
        (
            "A P S F X",
            "Reading a physical card: the face beside the row (Amaze, Pass, Squeak, Fail, Fopp)",
        ),
        (
            "Y / N",
            "Reading a physical card: the blue Hit bar is beside the row, or not",
        ),
    ];

    fn key(&self, key: super::screen::Keypress) -> Option<Message> {
        let super::screen::Keypress::Char(c) = key else {
            return None;
        };
        if let Some(ask) = &self.asking {
            return ask.key(&c.to_string()).map(Message::Answer);
        }
        (c == 'd' && self.doc.is_some() && self.panel == Panel::Table).then_some(Message::Draw)
    }
}

impl From<crate::rules::RuleRef> for Message {
    /// A "Rule" link beside a refusal (notice::Refusal::line) or a reminder.
    fn from(rule: crate::rules::RuleRef) -> Message {
        Message::Rule(rule)
    }
}
