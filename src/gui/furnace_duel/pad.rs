//! The campaign scoring pad as on paper: one line per game with each player's Campaign Points
//! (winner / board achievement / General Achievements), the last game's final scores, then the
//! Campaign Points, final score and total lines, and the campaign winner.

use iced::widget::{Column, column, container, row, rule, text};
use iced::{Element, Length};

use super::Message;
use crate::furnace_duel::{Campaign, CampaignOutcome, GAMES_PER_CAMPAIGN, Row, Seat};
use crate::gui::{style, widgets};

const GAME_W: f32 = 44.0;

fn line<'a>(
    game: Element<'a, Message>,
    board: Element<'a, Message>,
    a: Element<'a, Message>,
    b: Element<'a, Message>,
) -> Element<'a, Message> {
    row![
        container(game).width(Length::Fixed(GAME_W)),
        // Proportional columns: the pad narrows with the window instead of clipping a player.
        container(board).width(Length::FillPortion(3)),
        container(a).width(Length::FillPortion(2)),
        container(b).width(Length::FillPortion(2)),
    ]
    .spacing(8)
    .align_y(iced::Center)
    .into()
}

/// One player's cell of a game line.
fn cell(r: &Row, seat: Seat) -> Element<'static, Message> {
    let k = seat.index();
    let won = r.winner == Some(seat);
    let main = match r.final_score[k] {
        Some(score) => format!("final {score}"),
        None if r.winner.is_none() => "in play".to_string(),
        None => r.campaign_points[k].to_string(),
    };
    let mut parts = Vec::new();
    if r.winner_points[k] > 0 {
        parts.push(format!("win {}", r.winner_points[k]));
    }
    if r.board_achievement[k] > 0 {
        parts.push(format!("board {}", r.board_achievement[k]));
    }
    if r.general_achievements[k] > 0 {
        parts.push(format!("general {}", r.general_achievements[k]));
    }
    if let Some(m) = r.money.map(|m| m[k]) {
        parts.push(format!("money {m}"));
    }
    let big = text(if won { format!("★ {main}") } else { main }).size(style::HEADING);
    let big = if won {
        big.style(style::success_text)
    } else {
        big
    };
    column![
        big,
        text(parts.join(" · "))
            .size(style::SMALL)
            .style(style::muted),
    ]
    .spacing(2)
    .into()
}

pub fn view(c: &Campaign) -> Element<'_, Message> {
    let sheet = c.sheet();
    let [a, b] = &c.players;
    let mut col = Column::new()
        .spacing(8)
        .push(text("Campaign scoring pad").size(style::HEADING));
    col = col.push(line(
        text("#").size(style::BODY).style(style::muted).into(),
        text("Board").size(style::BODY).style(style::muted).into(),
        text(a.clone()).size(style::HEADING).into(),
        text(b.clone()).size(style::HEADING).into(),
    ));
    col = col.push(rule::horizontal(2));
    for r in &sheet.rows {
        let board = column![
            text(r.board_name.clone()).size(style::BODY),
            text(match (r.chosen_by, r.last) {
                (None, _) => "first game".to_string(),
                (Some(s), false) => format!("picked by {}", c.name(s)),
                (Some(s), true) => format!("last game, picked by {}", c.name(s)),
            })
            .size(style::SMALL)
            .style(style::muted),
        ]
        .spacing(2);
        col = col.push(line(
            text(r.game.to_string()).size(style::HEADING).into(),
            board.into(),
            cell(r, Seat::A),
            cell(r, Seat::B),
        ));
        col = col.push(rule::horizontal(1));
    }
    for n in sheet.rows.len() + 1..=GAMES_PER_CAMPAIGN {
        col = col.push(line(
            text(n.to_string())
                .size(style::HEADING)
                .style(style::muted)
                .into(),
            text(if n == GAMES_PER_CAMPAIGN {
                "last game"
            } else {
                "—"
            })
            .size(style::BODY)
            .style(style::muted)
            .into(),
            text("").into(),
            text("").into(),
        ));
        col = col.push(rule::horizontal(1));
    }
    let total_line = |label: &'static str, v: [String; 2], size: f32| {
        line(
            text("").into(),
            text(label).size(style::BODY).into(),
            text(v[0].clone()).size(size).into(),
            text(v[1].clone()).size(size).into(),
        )
    };
    col = col.push(total_line(
        "Campaign Points",
        sheet.campaign_points.map(|v| v.to_string()),
        style::BODY,
    ));
    col = col.push(total_line(
        "Final score",
        sheet
            .final_scores
            .map(|v| v.map_or("—".into(), |v| v.to_string())),
        style::BODY,
    ));
    col = col.push(rule::horizontal(2));
    col = col.push(total_line(
        "Total",
        sheet.totals.map(|v| v.to_string()),
        style::TITLE,
    ));
    if let Some(outcome) = sheet.outcome {
        let msg = match outcome {
            CampaignOutcome::Winner {
                seat,
                by_campaign_points,
            } => format!(
                "{} wins the campaign{}",
                c.name(seat),
                if by_campaign_points {
                    " (totals tied: more Campaign Points)"
                } else {
                    ""
                }
            ),
            CampaignOutcome::Tie => {
                "The campaign is a tie: same total, same Campaign Points".into()
            }
        };
        col = col.push(text(msg).size(style::TITLE).style(style::success_text));
    }
    col = col.push(
        text("★ marks the game's winner. Small print: winner's points · board achievement · General Achievements · final money.")
            .size(style::SMALL)
            .style(style::muted),
    );
    widgets::card(col, 20).into()
}
