//! Drawing from a physical deck (RULINGS: a physical deck can replace the digital one): the
//! panel that asks, one tap or one key each, for what the rules read on the card just drawn:
//! the face beside the named row (keys A P S F X), or whether the blue Hit bar is beside it
//! (Y / N). When every card the action draws is read, the action goes to the engine wrapped in
//! `Action::Read`, so the GUI and `tablemate act` apply the very same JSON.

use iced::widget::{button, column, container, row, text, text_input};
use iced::{Center, Element, Fill};

use super::Message;
use crate::gui::style;
use crate::worldspanner::{
    Action as Play, ChallengeKind, Difference, Face, Game, Need, Reading, TeamSide,
};

/// The id of the key box, focused when a question appears.
pub const KEY_BOX: &str = "physical-card-keys";

/// An action waiting for the cards its team draws from a physical deck.
#[derive(Debug, Clone)]
pub struct Ask {
    pub team: TeamSide,
    /// Who draws and why: "Rizzik's Task".
    pub what: String,
    then: Play,
    /// The draws still to read, in order: what the rules read and at which row.
    steps: Vec<(Need, Difference)>,
    cards: Vec<Reading>,
}

impl Ask {
    /// The questions `play` needs if its first draw is from a physical deck; `None` for a
    /// digital deck or an action that draws nothing before a dismissal.
    pub fn new(game: &Game, play: &Play) -> Option<Ask> {
        let (team, what, steps) = match play {
            Play::Challenge {
                team,
                hero,
                challenge,
            } => {
                let need = match challenge.kind {
                    ChallengeKind::MeleeHit | ChallengeKind::RangedHit => Need::Hit,
                    _ => Need::Face,
                };
                let who = hero
                    .map(|h| game.name(h))
                    .unwrap_or_else(|| team.to_string());
                (
                    *team,
                    format!("{who}: {}", challenge.kind.name()),
                    vec![(need, challenge.difference())],
                )
            }
            Play::Adventure {
                hero,
                adventure,
                challenge,
            } => (
                hero.team,
                format!("{}: {}", game.name(*hero), adventure.name()),
                vec![(Need::Face, challenge.difference())],
            ),
            Play::Attack {
                attacker, attack, ..
            } => (
                attacker.team,
                format!("{} attacks", game.name(*attacker)),
                vec![
                    (Need::Hit, attack.hit.difference()),
                    (Need::Face, attack.damage.difference()),
                ],
            ),
            _ => return None,
        };
        game.team(team).physical.then(|| Ask {
            team,
            what,
            then: play.clone(),
            steps,
            cards: Vec::new(),
        })
    }

    /// The current question: what is read, at which row.
    pub fn step(&self) -> Option<(Need, Difference)> {
        self.steps.get(self.cards.len()).copied()
    }

    /// Records one card; returns the action once every card it draws is read. A miss ends an
    /// attack: no Damage card is drawn (p. 18).
    pub fn answer(&mut self, reading: Reading) -> Option<Play> {
        let miss = reading.hit == Some(false);
        self.cards.push(reading);
        if self.cards.len() >= self.steps.len() || miss {
            return Some(Play::Read {
                cards: self.cards.clone(),
                then: Box::new(self.then.clone()),
            });
        }
        None
    }

    /// What a key in the key box answers, if anything.
    pub fn key(&self, typed: &str) -> Option<Reading> {
        let c = typed.trim().chars().last()?.to_ascii_lowercase();
        match self.step()?.0 {
            Need::Face => Face::from_letter(c.to_ascii_uppercase()).map(Reading::face),
            Need::Hit => match c {
                'y' => Some(Reading::hit(true)),
                'n' => Some(Reading::hit(false)),
                _ => None,
            },
            Need::Domes => None,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let Some((need, row_at)) = self.step() else {
            return column![].into();
        };
        let which = if self.steps.len() > 1 {
            if self.cards.is_empty() {
                " (Hit challenge)"
            } else {
                " (Damage challenge)"
            }
        } else {
            ""
        };
        let question = match need {
            Need::Face => format!("Which face is beside row {row_at}?"),
            Need::Hit => format!("Is the blue Hit bar beside row {row_at}?"),
            Need::Domes => "Which Dome range is printed?".into(),
        };
        let choice = |label: String, reading: Reading| {
            button(text(label).size(style::BODY))
                .padding([8, 12])
                .style(style::secondary)
                .on_press(Message::Answer(reading))
        };
        let mut answers = row![].spacing(8);
        match need {
            Need::Face => {
                for face in [
                    Face::Amaze,
                    Face::Pass,
                    Face::Squeak,
                    Face::Fail,
                    Face::Fopp,
                ] {
                    answers = answers.push(choice(
                        format!("{} ({})", face.name(), face.letter()),
                        Reading::face(face),
                    ));
                }
            }
            Need::Hit => {
                answers = answers
                    .push(choice("Yes, beside it (Y)".into(), Reading::hit(true)))
                    .push(choice("No (N)".into(), Reading::hit(false)));
            }
            Need::Domes => {}
        }
        container(
            column![
                text(format!(
                    "{}{which}: {} draw a card from their deck",
                    self.what, self.team
                ))
                .size(style::BODY),
                text(question).size(style::HEADING),
                answers.wrap().vertical_spacing(8),
                row![
                    text_input("type a key", "")
                        .id(KEY_BOX)
                        .on_input(Message::AskKey)
                        .size(style::BODY)
                        .width(140),
                    button(text("Cancel").size(style::BODY))
                        .style(style::secondary)
                        .on_press(Message::CancelAsk),
                ]
                .spacing(8)
                .align_y(Center),
            ]
            .spacing(8),
        )
        .padding(10)
        .width(Fill)
        .style(style::selected)
        .into()
    }
}
