//! The new-game form: difficulty, unit deck mode, the named settings for readings the rules
//! leave open (each with its default marked), and a title.

use iced::widget::{
    Column, button, column, container, pick_list, row, scrollable, text, text_input,
};
use iced::{Element, Length};

use super::Message;
use crate::furtherance::{
    CounterRange, DeathRule, DeckMode, DestroyedCastleUnits, Difficulty, EnemyCastleDefence,
    EnemySacrifice, ReachStop, Settings,
};
use crate::gui::{style, widgets};

/// One change to the form.
#[derive(Debug, Clone, PartialEq)]
pub enum Field {
    Difficulty(Difficulty),
    Deck(DeckMode),
    Death(DeathRule),
    CastleUnits(DestroyedCastleUnits),
    Defence(EnemyCastleDefence),
    Reach(ReachStop),
    Counter(CounterRange),
    Sacrifice(EnemySacrifice),
    Title(String),
    /// The seed of the game's draws, as typed: the same seed gives the same enemy draws.
    Seed(String),
    /// Your leader by name, or `None`: drawn at random (SOLO SETUP).
    Leader(Option<String>),
}

/// The leader pick list's entries: "drawn at random" first, then each leader by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderChoice(pub Option<String>);

impl std::fmt::Display for LeaderChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            None => f.write_str("Drawn at random (solo setup)"),
            Some(name) => f.write_str(name),
        }
    }
}

#[derive(Debug, Clone)]
pub struct SetupForm {
    settings: Settings,
    title: String,
    seed: String,
    leader: Option<String>,
}

impl Default for SetupForm {
    /// A fresh seed, shown so that a game can be started again with the same draws.
    fn default() -> Self {
        SetupForm {
            settings: Settings::default(),
            title: String::new(),
            seed: crate::deck::fresh_seed().to_string(),
            leader: None,
        }
    }
}

impl SetupForm {
    pub fn set(&mut self, field: Field) {
        let s = &mut self.settings;
        match field {
            Field::Difficulty(d) => s.difficulty = d,
            Field::Deck(d) => s.deck_mode = d,
            Field::Death(d) => s.death = d,
            Field::CastleUnits(d) => s.destroyed_castle_units = d,
            Field::Defence(d) => s.enemy_castle_defence = d,
            Field::Reach(d) => s.reach_stop = d,
            Field::Counter(d) => s.counter_range = d,
            Field::Sacrifice(d) => s.enemy_sacrifice = d,
            Field::Title(t) => self.title = t,
            Field::Seed(t) => self.seed = t,
            Field::Leader(l) => self.leader = l,
        }
    }

    /// The leader you picked, by name (`None`: drawn at random).
    pub fn leader(&self) -> Option<&str> {
        self.leader.as_deref()
    }

    /// The seed typed in the form, or why it is not one.
    pub fn seed(&self) -> Result<u64, crate::gui::widgets::NotASeed> {
        crate::gui::widgets::typed_seed(&self.seed)
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    pub fn title(&self) -> String {
        let t = self.title.trim();
        if t.is_empty() {
            format!("Furtherance solo — {}", self.settings.difficulty.title())
        } else {
            t.to_string()
        }
    }

    /// The form; `leaders` are the names in your leaders file (or the sample's).
    pub fn view(&self, problem: Option<&String>, leaders: Vec<String>) -> Element<'_, Message> {
        let s = self.settings;
        let seed_problem = self.seed().err();
        let ready = problem.is_none() && seed_problem.is_none();
        let mut col = column![
            text("New Furtherance solo game").size(style::TITLE),
            text("You play your kingdom with the cards; Tablemate runs the three enemy castles and keeps the board.")
                .size(style::BODY)
                .style(style::muted),
            row![
                choice(
                    "Difficulty (hourglass counters on the castle across)",
                    &[
                        ("Learner: 16", Difficulty::Learner),
                        ("Normal: 10", Difficulty::Normal),
                        ("Hard: 5", Difficulty::Hard),
                    ],
                    s.difficulty,
                    Field::Difficulty,
                ),
                choice(
                    "Unit deck for enemy spawns",
                    &[
                        ("Digital: Tablemate shuffles it", DeckMode::Digital),
                        ("Physical: you draw and tell", DeckMode::Physical),
                    ],
                    s.deck_mode,
                    Field::Deck,
                ),
            ]
            .spacing(style::GAP * 3.0)
            // On a narrow window (1024 px with large type) the groups go one under the other
            // instead of squeezing their buttons.
            .wrap()
            .vertical_spacing(style::GAP),
            row![
                text_input("Title (optional)", &self.title)
                    .id("furtherance-title")
                    .on_input(|t| Message::Setup(Field::Title(t)))
                    .size(style::BODY)
                    .padding(8)
                    .width(Length::Fixed(460.0)),
                widgets::primary("Start game", ready.then_some(Message::Start)),
            ]
            .spacing(style::GAP)
            .align_y(iced::Center)
            .wrap()
            .vertical_spacing(style::GAP),
        ]
        .spacing(style::GAP + 4.0);
        // The seed sits under Start, not beside it: it is rarely changed, and Start must stay
        // in view in a narrow window with large type.
        col = col.push(
            row![
                text("Seed (same seed, same enemy draws)")
                    .size(style::BODY)
                    .style(style::muted),
                text_input("Seed", &self.seed)
                    .id("furtherance-seed")
                    .on_input(|t| Message::Setup(Field::Seed(t)))
                    .size(style::BODY)
                    .padding(8)
                    .width(Length::Fixed(240.0)),
            ]
            .spacing(style::GAP)
            .align_y(iced::Center)
            .wrap()
            .vertical_spacing(style::GAP),
        );
        // Solo setup draws your leader at random; you may pick your own instead.
        let choices: Vec<LeaderChoice> = std::iter::once(LeaderChoice(None))
            .chain(leaders.into_iter().map(|l| LeaderChoice(Some(l))))
            .collect();
        col = col.push(
            row![
                text("Your leader").size(style::BODY).style(style::muted),
                pick_list(choices, Some(LeaderChoice(self.leader.clone())), |c| {
                    Message::Setup(Field::Leader(c.0))
                })
                .text_size(style::BODY)
                .padding(8),
            ]
            .spacing(style::GAP)
            .align_y(iced::Center)
            .wrap()
            .vertical_spacing(style::GAP),
        );
        if let Some(p) = problem.cloned().or(seed_problem.map(|e| e.to_string())) {
            col = col.push(text(p).size(style::BODY).style(style::danger_text));
        }
        col = col
            .push(text("Where the rules leave room (defaults first)").size(style::HEADING))
            .push(
                row![
                    column![
                        choice(
                            "A unit dies when its damage",
                            &[
                                ("reaches its HP", DeathRule::DamageReachesHp),
                                ("exceeds its HP", DeathRule::DamageExceedsHp),
                            ],
                            s.death,
                            Field::Death,
                        ),
                        choice(
                            "A destroyed enemy castle's units",
                            &[
                                ("are discarded", DestroyedCastleUnits::Discarded),
                                ("keep fighting", DestroyedCastleUnits::KeepFighting),
                            ],
                            s.destroyed_castle_units,
                            Field::CastleUnits,
                        ),
                        choice(
                            "When you attack an enemy castle",
                            // The default first: the book's reading (docs/rulings.md).
                            &[
                                ("it never defends", EnemyCastleDefence::Never),
                                (
                                    "its strongest unit inside defends",
                                    EnemyCastleDefence::DefendWithStrongest,
                                ),
                            ],
                            s.enemy_castle_defence,
                            Field::Defence,
                        ),
                    ]
                    .spacing(style::GAP),
                    column![
                        choice(
                            "Enemy units that attack 2 spaces away stop",
                            &[
                                ("next to your unit", ReachStop::WhenAdjacent),
                                ("when one is in reach", ReachStop::WhenInReach),
                            ],
                            s.reach_stop,
                            Field::Reach,
                        ),
                        choice(
                            "An enemy unit that may sacrifice itself to burn a building",
                            &[
                                ("does so at your castle", EnemySacrifice::Sacrifices),
                                ("attacks instead", EnemySacrifice::Attacks),
                            ],
                            s.enemy_sacrifice,
                            Field::Sacrifice,
                        ),
                        choice(
                            "An attacked unit strikes back",
                            &[
                                ("whatever the range", CounterRange::IgnoresRange),
                                (
                                    "only within the counter-attacker's reach",
                                    CounterRange::WithinReach,
                                ),
                            ],
                            s.counter_range,
                            Field::Counter,
                        ),
                    ]
                    .spacing(style::GAP),
                ]
                .spacing(style::GAP * 3.0)
                .wrap()
                .vertical_spacing(style::GAP),
            );
        scrollable(container(col).padding(30)).into()
    }
}

/// A labelled row of exclusive buttons; the chosen one has the primary look.
fn choice<'a, T: Copy + PartialEq + 'a>(
    label: &'a str,
    options: &[(&'a str, T)],
    current: T,
    field: impl Fn(T) -> Field,
) -> Element<'a, Message> {
    let mut buttons = row![].spacing(8);
    for (name, value) in options {
        let chosen = *value == current;
        buttons = buttons.push(
            button(text(*name).size(style::BODY))
                .padding([8, 14])
                .style(if chosen {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::Setup(field(*value))),
        );
    }
    Column::new()
        .push(text(label).size(style::BODY))
        .push(buttons.wrap().vertical_spacing(8))
        .spacing(6)
        .into()
}
