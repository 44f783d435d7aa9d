//! The current game's panel: setup reminders (runner-up bonuses, the Capitalist order), the
//! end-of-game entry with the winner and tie-break, board and General Achievements, limited
//! bonuses to mark as used, the runner-up's note, and the winner's pick of the next board.

use iced::widget::{Column, button, column, container, row, text, text_input};
use iced::{Element, Fill, Length};

use super::{Message, ResultForm, TallyField};
use crate::furnace_duel::{BonusUsage, Campaign, GeneralAchievement, Seat};
use crate::gui::{style, widgets};

/// Width of one tally box: room for a five-digit sum at large type, so the labels get the rest.
const INPUT_W: f32 = 90.0;
/// The record bar's height: the button, or two lines of the verdict beside it.
const BAR_HEIGHT: f32 = 2.0 * style::BODY * 1.3;

fn section<'a>(title: String, body: Column<'a, Message>) -> Element<'a, Message> {
    widgets::card(
        column![text(title).size(style::HEADING), body].spacing(8),
        14,
    )
    .into()
}

fn small_button(label: String, msg: Message) -> Element<'static, Message> {
    button(text(label).size(style::BODY))
        .padding([6, 12])
        .style(style::secondary)
        .on_press(msg)
        .into()
}

/// The panel, in the order of a game's end: the entry and the verdict's consequences, the
/// winner's pick of the next board, then the setup reminders (folded to one line once read,
/// `folded`), the achievements and the bonuses.
pub fn view<'a>(
    c: &'a Campaign,
    form: &'a ResultForm,
    note: &'a str,
    folded: bool,
) -> Element<'a, Message> {
    let index = c.current_index();
    let Some(game) = c.current() else {
        return text("No game").into();
    };
    let board = c.board(game.board);
    let board_name = board.map_or_else(|| game.board.to_string(), |b| b.name.clone());
    let outcome = c.outcome(index);
    let mut col = Column::new().spacing(14);
    col = col.push(text(format!("Game {} of 6: {board_name}", index + 1)).size(style::TITLE));

    // Setup reminders: placed after the entry and the next board (see below).
    let reminders = c.setup_reminders(index);
    let reminders: Option<Element<'a, Message>> = (!reminders.is_empty()).then(|| {
        if folded {
            row![
                text(format!(
                    "At setup: {} read",
                    crate::words::count(reminders.len() as u64, "reminder", "reminders")
                ))
                .size(style::BODY)
                .style(style::muted)
                .width(Fill),
                small_button("Show again".into(), Message::FoldReminders(false)),
            ]
            .spacing(8)
            .align_y(iced::Center)
            .into()
        } else {
            let mut body = Column::new().spacing(6);
            // Each with the rule it restates, one click away (docs/rules.md).
            for r in reminders {
                body = body.push(widgets::cited(
                    text(format!("• {}", r.text)).size(style::BODY).width(Fill),
                    r.rule,
                    Message::Rule,
                ));
            }
            body = body.push(small_button(
                "Read: fold away".into(),
                Message::FoldReminders(true),
            ));
            section("At setup".into(), body)
        }
    });

    // End of game.
    let [a, b] = &c.players;
    let mut body = Column::new().spacing(6).push(
        row![
            text("").width(Fill),
            text(a.clone())
                .size(style::BODY)
                .width(Length::Fixed(INPUT_W)),
            text(b.clone())
                .size(style::BODY)
                .width(Length::Fixed(INPUT_W)),
        ]
        .spacing(8),
    );
    let tech = c.tech_values(index);
    // A player's own tally sent from their seat's phone, waiting for the other's.
    for seat in Seat::BOTH {
        if let Some(h) = game.halves[seat.index()] {
            body = body.push(
                text(format!(
                    "{}'s own tally is in from their phone: {} money, {} Company cards, {} resources{}; waiting for {}'s",
                    c.name(seat),
                    h.tally.money(tech[seat.index()]),
                    h.tally.company_cards,
                    h.tally.resources,
                    h.first_player_token.map_or(String::new(), |t| format!(
                        ", says {} holds the 1st player token",
                        c.name(t)
                    )),
                    c.name(seat.other())
                ))
                .size(style::BODY)
                .style(style::warning_text),
            );
        }
    }
    for &field in TallyField::ALL {
        let label = if field == TallyField::TechTokens {
            format!("{} (×{} / ×{})", field.label(), tech[0], tech[1])
        } else {
            field.label().to_string()
        };
        let input = |seat: Seat| {
            text_input("0", form.text(seat, field))
                .id(field.id(seat))
                .on_input(move |s| Message::Tally(seat, field, s))
                .size(style::BODY)
                .padding(6)
                .width(Length::Fixed(INPUT_W))
        };
        body = body.push(
            row![
                text(label).size(style::BODY).width(Fill),
                input(Seat::A),
                input(Seat::B),
            ]
            .spacing(8)
            .align_y(iced::Center),
        );
    }
    let token_button = |seat: Seat| {
        let chosen = form.token == Some(seat);
        button(text(format!("{} holds it", c.name(seat))).size(style::BODY))
            .padding([6, 12])
            .style(if chosen {
                style::primary
            } else {
                style::secondary
            })
            .on_press(Message::Token(seat))
    };
    // Asked only when the numbers typed tie absolutely (GAME END, p. 7), on its own line with
    // the two answers under it: long names wrap to a second row of buttons instead of being
    // cut off at the panel's edge.
    let tie = form
        .parse(&c.players)
        .is_ok_and(|r| r.needs_token(c.tech_values(index)));
    if tie {
        body = body.push(
            column![
                text("An absolute tie: who holds the 1st player token at the end?")
                    .size(style::BODY),
                row![token_button(Seat::A), token_button(Seat::B)]
                    .spacing(8)
                    .wrap(),
            ]
            .spacing(6),
        );
    }
    if let Some(o) = outcome {
        if let (Some(b), false) = (board, Campaign::is_last(index)) {
            body = body.push(
                text(format!(
                    "{} gains {} Campaign Points; {} takes the runner-up bonus: {}",
                    c.name(o.winner),
                    b.winner_points,
                    c.name(o.runner_up),
                    b.runner_up_bonus.name
                ))
                .size(style::BODY),
            );
        } else {
            body = body.push(
                text("Last game: each player's final money is written as their final score.")
                    .size(style::BODY),
            );
        }
    }
    col = col.push(section("End of game".into(), body));

    // What the runner-up kept, and the next board: right under the entry, where the eye is
    // when the result is in.
    if let Some(after) = after_game(c, index, note) {
        col = col.push(after);
    }
    if let Some(r) = reminders {
        col = col.push(r);
    }

    // Achievements.
    let mut body = Column::new().spacing(8);
    match board.and_then(|b| b.special_achievement.as_ref()) {
        None => {
            body = body.push(
                text(format!("{board_name} has no special achievement."))
                    .size(style::BODY)
                    .style(style::muted),
            )
        }
        Some(sa) => {
            body = body.push(
                text(format!("Board ({} points): {}", sa.points, sa.summary)).size(style::BODY),
            );
            let claim: Element<'_, Message> = match game.board_achievement {
                Some(holder) => row![
                    text(format!("✓ {} reached it first", c.name(holder)))
                        .size(style::BODY)
                        .style(style::success_text)
                        .width(Fill),
                    small_button("Withdraw".into(), Message::WithdrawBoard),
                ]
                .spacing(8)
                .align_y(iced::Center)
                .into(),
                None => row![
                    text("First to reach it:").size(style::BODY),
                    small_button(format!("{a} first"), Message::ClaimBoard(Seat::A)),
                    small_button(format!("{b} first"), Message::ClaimBoard(Seat::B)),
                ]
                .spacing(8)
                .align_y(iced::Center)
                .wrap()
                .into(),
            };
            body = body.push(claim);
        }
    }
    body = body.push(
        text("General Achievements (5 each, once per player per campaign):").size(style::BODY),
    );
    for &ach in GeneralAchievement::ALL {
        let mut buttons = row![].spacing(8).align_y(iced::Center);
        for seat in Seat::BOTH {
            let cell: Element<'_, Message> = match c.general_scored(seat, ach) {
                Some((g, _)) if g == index => small_button(
                    format!("✓ {} (withdraw)", c.name(seat)),
                    Message::WithdrawGeneral(seat, ach),
                ),
                Some((g, _)) => text(format!("✓ {} (game {})", c.name(seat), g + 1))
                    .size(style::BODY)
                    .style(style::muted)
                    .into(),
                None => small_button(
                    format!("{}: {}", c.name(seat), ach.title()),
                    Message::ClaimGeneral(seat, ach),
                ),
            };
            buttons = buttons.push(cell);
        }
        body = body.push(
            column![
                row![
                    text(ach.title()).size(style::BODY),
                    text(ach.summary()).size(style::SMALL).style(style::muted),
                ]
                .spacing(8)
                .align_y(iced::Center)
                .wrap(),
                buttons.wrap(),
            ]
            .spacing(4),
        );
    }
    col = col.push(section("Achievements".into(), body));

    // Limited runner-up bonuses.
    let limited: Vec<_> = c
        .bonuses_in(index)
        .into_iter()
        .filter(|h| h.usage != BonusUsage::Always)
        .collect();
    if !limited.is_empty() {
        let mut body = Column::new().spacing(8);
        for h in limited {
            let used_here = game
                .bonuses_used
                .iter()
                .any(|u| u.seat == h.holder && u.from_board == h.from_board);
            let status: Element<'_, Message> = if used_here {
                small_button(
                    "Used this game (take back)".to_string(),
                    Message::UnuseBonus(h.holder, h.from_board),
                )
            } else if let Some(g) = h.used_in_game {
                text(format!("used in game {g}"))
                    .size(style::BODY)
                    .style(style::muted)
                    .into()
            } else {
                small_button(
                    format!("{} uses it", c.name(h.holder)),
                    Message::UseBonus(h.holder, h.from_board),
                )
            };
            let kept = if h.note.is_empty() {
                String::new()
            } else {
                format!(" — kept: {}", h.note)
            };
            body = body.push(
                row![
                    text(format!("{}: {}{kept}", c.name(h.holder), h.name))
                        .size(style::BODY)
                        .width(Fill),
                    status,
                ]
                .spacing(8)
                .align_y(iced::Center),
            );
        }
        col = col.push(section("Bonuses to use".into(), body));
    }

    col.into()
}

/// The runner-up's note and the winner's pick of the next board, once the result is in.
fn after_game<'a>(c: &'a Campaign, index: usize, note: &'a str) -> Option<Element<'a, Message>> {
    let board = c.current().and_then(|g| c.board(g.board));
    if let Some(o) = c.outcome(index)
        && !Campaign::is_last(index)
    {
        let mut body = Column::new().spacing(8);
        if board.is_some_and(|b| b.runner_up_bonus.usage != BonusUsage::Always) {
            body = body.push(
                row![
                    text_input("which Ferry token / Research card", note)
                        .id("fd-note")
                        .on_input(Message::Note)
                        .on_submit(Message::SaveNote)
                        .size(style::BODY)
                        .padding(6)
                        .width(Fill),
                    small_button("Save note".into(), Message::SaveNote),
                ]
                .spacing(8)
                .align_y(iced::Center),
            );
        }
        body = body.push(
            text(format!(
                "{} (winner) picks the next board:",
                c.name(o.winner)
            ))
            .size(style::BODY),
        );
        let mut boards = row![].spacing(8);
        for id in c.available_boards() {
            let name = c
                .board(id)
                .map_or_else(|| id.to_string(), |b| b.name.clone());
            boards = boards.push(
                button(text(name).size(style::BODY))
                    .padding([8, 14])
                    .style(style::primary)
                    .on_press(Message::NextBoard(id)),
            );
        }
        body = body.push(boards.wrap());
        return Some(section(format!("After game {}", index + 1), body));
    }
    None
}

/// The bar under the current game's panel: Record result (or Correct result) with who won
/// beside it. It stays in view however far the entry above is
/// scrolled, so the button is where the eye is at a game's end on a 768 px screen with large
/// type (docs/table-ux.md 2), and nothing in it moves when the verdict appears.
/// `refusal`: why the last result was refused, shown where the verdict goes (notice.rs).
/// `rule`: the digest entry the refusal cites, offered beside it ("Rule").
pub fn record_bar<'a>(
    c: &'a Campaign,
    refusal: Option<&'a str>,
    rule: Option<crate::rules::RuleRef>,
) -> Element<'a, Message> {
    let index = c.current_index();
    let Some(game) = c.current() else {
        return column![].into();
    };
    let outcome = c.outcome(index);
    let record_label = if game.result.is_some() {
        "Correct result"
    } else {
        "Record result"
    };
    // Who won goes beside the button, so the button itself never moves.
    let verdict = outcome.map(|o| {
        format!(
            "{} wins {} to {} — {}",
            c.name(o.winner),
            o.money[o.winner.index()],
            o.money[o.runner_up.index()],
            o.decided_by.describe()
        )
    });
    let said = match refusal {
        Some(why) => text(why).size(style::BODY).style(style::danger_text),
        None => text(verdict.unwrap_or_default())
            .size(style::BODY)
            .style(style::success_text),
    };
    // One height whatever the verdict says (two lines of it at most), so nothing moves.
    container(
        row![
            widgets::primary(record_label, Some(Message::RecordResult)),
            container(said)
                .width(Fill)
                .height(Fill)
                .align_y(iced::Center)
                .clip(true),
        ]
        .push(
            rule.filter(|_| refusal.is_some())
                .map(|r| widgets::rule_link(Message::Rule(r)))
        )
        .spacing(14)
        .align_y(iced::Center),
    )
    .height(Length::Fixed(BAR_HEIGHT))
    .into()
}
