//! The last card drawn, drawn as a card (docs/worldspanner.md, The screen): who drew it and
//! the verdict in large type, then the card's 13 rows from -6 to +6 as coloured face bands with
//! the blue Hit bar under them and the row read framed, and its Luck and Dome range. It has
//! one fixed height, so the Draw button under it never moves (docs/table-ux.md 1 and 2).

use iced::widget::{Row, column, container, row, text};
use iced::{Border, Center, Element, Fill, Length, Theme};

use super::Message;
use crate::gui::style;
use crate::worldspanner::{ChallengeCard, ChallengeOutcome, Difference, Game, LastEvent};

/// The card's fixed height: header, rows, footer.
pub const HEIGHT: f32 = style::HEADING * 1.4 + 58.0 + style::SMALL * 1.4 + 26.0;

/// The 13 rows of `card`, the row at `read` framed.
fn rows(card: &ChallengeCard, read: Difference) -> Element<'static, Message> {
    let mut strip = Row::new().spacing(2);
    for d in Difference::all() {
        let face = card.face(d);
        let hit = card.hits(d);
        let here = d == read;
        let label = if d.value() > 0 {
            format!("+{}", d.value())
        } else {
            d.value().to_string()
        };
        let cell = column![
            text(label).size(11.0).style(style::muted),
            container(
                text(face.letter().to_string())
                    .size(style::SMALL)
                    .color(style::FACE_LETTER)
            )
            .center_x(Fill)
            .height(Length::Fixed(24.0))
            .style(move |_: &Theme| container::Style {
                background: Some(style::face_band(face).into()),
                ..container::Style::default()
            }),
            container(text(""))
                .width(Fill)
                .height(Length::Fixed(7.0))
                .style(move |_: &Theme| container::Style {
                    background: hit.then(|| style::HIT_BLUE.into()),
                    ..container::Style::default()
                }),
        ]
        .spacing(1)
        .align_x(Center);
        strip = strip.push(
            container(cell)
                .padding(1)
                .width(Fill)
                .style(move |theme: &Theme| container::Style {
                    border: Border {
                        color: style::row_frame(theme, here),
                        width: 2.0,
                        radius: 2.0.into(),
                    },
                    ..container::Style::default()
                }),
        );
    }
    strip.into()
}

/// What the card view shows for the last draw: who, the verdict, the card read and its row.
struct Shown {
    who: String,
    verdict: String,
    good: bool,
    outcome: ChallengeOutcome,
    /// For an attack whose hit landed: the Hit card's line, shown above the Damage card.
    note: String,
}

fn shown(game: &Game) -> Option<Shown> {
    match game.last.as_ref()? {
        LastEvent::Challenge {
            team,
            hero,
            outcome,
            ..
        } => Some(Shown {
            who: hero.map_or(team.to_string(), |h| game.name(h)),
            verdict: outcome.face.name().to_uppercase(),
            good: outcome.face.succeeded(),
            outcome: outcome.clone(),
            note: String::new(),
        }),
        LastEvent::Attack {
            attacker, outcome, ..
        } => {
            let verdict = if outcome.hit.hit {
                format!(
                    "HIT: {}",
                    crate::words::count(outcome.wounds, "wound", "wounds")
                )
            } else {
                "MISS".into()
            };
            let (card, note) = match &outcome.damage {
                Some(d) => (
                    d.clone(),
                    format!(
                        "Hit on {} row {}; Damage:",
                        outcome.hit.card.name(),
                        signed(outcome.hit.difference)
                    ),
                ),
                None => (outcome.hit.clone(), String::new()),
            };
            Some(Shown {
                who: game.name(*attacker),
                verdict,
                good: outcome.hit.hit,
                outcome: card,
                note,
            })
        }
    }
}

fn signed(d: Difference) -> String {
    if d.value() > 0 {
        format!("+{}", d.value())
    } else {
        d.value().to_string()
    }
}

/// The last draw as a card, or a blank card of the same height before the first draw.
pub fn view(game: &Game) -> Element<'_, Message> {
    container(iced::widget::responsive(move |size| body(game, size.width)))
        .padding(8)
        .width(Fill)
        .height(Length::Fixed(HEIGHT))
        .clip(true)
        .style(style::card)
        .into()
}

/// One line of `line` in at most `size` type, smaller (down to 10 units) if that is what
/// holds it in `width`: a line that wrapped would push the card's foot out of its fixed height.
fn one_line(line: String, width: f32, size: f32) -> iced::widget::Text<'static> {
    let fitted = super::fit::name(&line, width, size * 1.3, 1.3, size, 10.0);
    text(line)
        .size(fitted.size)
        .wrapping(iced::widget::text::Wrapping::None)
}

/// What the card shows in a card `width` wide (inside its padding).
fn body(game: &Game, width: f32) -> Element<'_, Message> {
    match shown(game) {
        None => column![
            text("No challenge drawn yet").size(style::HEADING),
            text("The card drawn shows here: its rows, the face read and the Hit bar.")
                .size(style::SMALL)
                .style(style::muted),
        ]
        .spacing(6)
        .into(),
        Some(s) => {
            let card = &s.outcome.card;
            let footer = if s.note.is_empty() {
                format!(
                    "Read row {} · Luck {} · Domes {}",
                    signed(s.outcome.difference),
                    card.luck_read().map_or("?".into(), |l| l.get().to_string()),
                    card.domes()
                )
            } else {
                format!("{} read row {}", s.note, signed(s.outcome.difference))
            };
            // The verdict whole at the right; who drew which card in what room is left.
            let room = width - super::fit::width(&s.verdict, style::HEADING) - 8.0;
            column![
                row![
                    container(one_line(
                        format!("{} · {}", s.who, card.name()),
                        room,
                        style::BODY
                    ))
                    .width(Fill)
                    .clip(true),
                    text(s.verdict).size(style::HEADING).style(if s.good {
                        style::success_text
                    } else {
                        style::danger_text
                    }),
                ]
                .spacing(8)
                .align_y(Center),
                // A physical card's rows are on the table: only the row read is known.
                if card.is_physical() {
                    text(format!(
                        "Your own card, row {}: {}",
                        signed(s.outcome.difference),
                        s.outcome.face.name()
                    ))
                    .size(style::BODY)
                    .into()
                } else {
                    rows(card, s.outcome.difference)
                },
                one_line(footer, width, style::SMALL).style(style::muted),
            ]
            .spacing(4)
            .into()
        }
    }
}
