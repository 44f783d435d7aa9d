//! The odds view: the chance of each face, of Pass or better, and of a hit, at every difference,
//! over the whole deck by default or over the cards left (a labelled setting, RULINGS).

use iced::Element;
use iced::widget::{button, column, container, row, text};

use super::Message;
use crate::gui::style;
use crate::worldspanner::{Game, OddsOver, TeamSide};

pub fn view(game: &Game, side: TeamSide) -> Element<'_, Message> {
    let o = game.odds(side);
    let cell = |s: String| text(s).size(style::BODY).width(90);
    let mut table = column![
        text(format!("{} odds {}", side.name(), o.describe())).size(style::HEADING),
        row![
            cell("Diff".into()),
            cell("Fopp".into()),
            cell("Fail".into()),
            cell("Squeak".into()),
            cell("Pass".into()),
            cell("Amaze".into()),
            cell("Pass+".into()),
            cell("Hit".into()),
        ]
    ]
    .spacing(4);
    let pct = |p: f64| format!("{:.0}%", p * 100.0);
    for r in &o.rows {
        let mut line = row![cell(format!("{:+}", r.difference))];
        for p in r.faces {
            line = line.push(cell(pct(p)));
        }
        line = line.push(cell(pct(r.success)));
        line = line.push(cell(pct(r.hit)));
        table = table.push(line);
    }
    let mut sides = row![].spacing(6);
    for t in TeamSide::BOTH {
        sides = sides.push(
            button(text(format!("{} deck", t.name())).size(style::BODY))
                .style(if t == side {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::Side(t)),
        );
    }
    // The setting is labelled and saved with the game (RULINGS: whole deck by default).
    let mut setting = row![].spacing(6);
    for &over in OddsOver::ALL {
        setting = setting.push(
            button(text(over.label()).size(style::BODY))
                .style(if over == game.odds_over {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::OddsOver(over)),
        );
    }
    container(column![sides, setting, table].spacing(style::GAP))
        .padding(12)
        .style(style::card)
        .into()
}
