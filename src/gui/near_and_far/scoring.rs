//! The scoring tab: a score sheet for the session in play, one column per player, prefilled
//! from the campaign (talents, threat cards taken, the map's rules, full cards on Map 11),
//! with the journey points added up live line by line and the tie-break explained. "Write on
//! the cards" ends the session and puts each total on the character cards.

use iced::widget::{Column, Row, checkbox, column, container, pick_list, row, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::CampaignAction;
use super::forms::{Field, PlayerFields, RouteFields, ScoreForm};
use super::{Message, State, primary, secondary};
use crate::gui::screen::Action;
use crate::gui::{style, widgets};
use crate::near_and_far::{Campaign, MapNumber};

#[derive(Debug, Clone)]
pub enum Msg {
    Field(usize, Field, String),
    Mammoth(usize, bool),
    FullCard(usize, bool),
    WinsTies(usize, bool),
    AddRoute,
    RemoveRoute(usize),
    RouteName(usize, String),
    RouteSole(usize, String),
    RouteJoint(usize, String),
    RouteFirst(usize, String),
    RouteSecond(usize, String),
    StorytellingTie(bool),
    /// Keeps column `i` as that player's count (`score-player`), as a phone would.
    Keep(usize),
    Finish,
}

/// A score sheet written on the cards: what the window keeps showing after "Write on the
/// cards" (the same lines `finish-session` reports).
#[derive(Debug, Clone)]
pub struct Written {
    pub heading: String,
    pub lines: Vec<String>,
    pub winner: Option<String>,
}

/// A yes/no row of the score sheet: label, message, current value, shown on this map.
type Toggle = (
    &'static str,
    fn(usize, bool) -> Msg,
    fn(&PlayerFields) -> bool,
    bool,
);

/// The score sheet's full-card line (Map 11's bonus, p. 31-32).
const FULL_CARD: &str = "Every box / character quest filled (Map 11)";

fn msg(m: Msg) -> Message {
    Message::Score(m)
}

impl State {
    pub(super) fn new_score_form(&self) -> Option<ScoreForm> {
        let c = self.campaign()?;
        c.score_template(self.facts())
            .ok()
            .map(|t| ScoreForm::from_input(&t))
    }

    pub(super) fn update_score(&mut self, m: Msg) -> Action<Message> {
        if let Msg::Finish = m {
            return self.finish();
        }
        if let Msg::Keep(i) = m {
            return self.keep(i);
        }
        let Some(f) = self.score.as_mut() else {
            return Action::none();
        };
        match m {
            Msg::Field(i, field, s) => {
                if let Some(p) = f.players.get_mut(i) {
                    *p.get_mut(field) = s;
                }
            }
            Msg::Mammoth(i, b) => {
                if let Some(p) = f.players.get_mut(i) {
                    p.mammoth_camp = b;
                }
            }
            Msg::FullCard(i, b) => {
                // On Map 11 the records decide; a tick against them is not taken.
                let record = self
                    .doc
                    .as_ref()
                    .zip(f.players.get(i))
                    .and_then(|(d, p)| d.state().full_card_record(&p.name));
                if let Some(p) = f.players.get_mut(i)
                    && record.is_none_or(|(full, _)| full == b)
                {
                    p.full_card = b;
                }
            }
            Msg::WinsTies(i, b) => {
                if let Some(p) = f.players.get_mut(i) {
                    p.wins_ties = b;
                }
            }
            Msg::AddRoute if f.routes.len() < 4 => f.routes.push(RouteFields::default()),
            Msg::AddRoute => {}
            Msg::RemoveRoute(i) if i < f.routes.len() => {
                f.routes.remove(i);
            }
            Msg::RemoveRoute(_) => {}
            Msg::RouteName(i, s) => {
                if let Some(r) = f.routes.get_mut(i) {
                    r.name = s;
                }
            }
            Msg::RouteSole(i, s) => {
                if let Some(r) = f.routes.get_mut(i) {
                    r.sole = s;
                }
            }
            Msg::RouteJoint(i, s) => {
                if let Some(r) = f.routes.get_mut(i) {
                    r.joint = s;
                }
            }
            Msg::RouteFirst(i, s) => {
                if let Some(r) = f.routes.get_mut(i) {
                    r.first = Some(s);
                }
            }
            Msg::RouteSecond(i, s) => {
                if let Some(r) = f.routes.get_mut(i) {
                    r.second = Some(s);
                }
            }
            Msg::StorytellingTie(b) => f.settings.storytelling_on_tie = b,
            Msg::Finish | Msg::Keep(_) => {}
        }
        Action::none()
    }

    /// Keeps one column as that player's count, so a count entered here and one sent from a
    /// phone end up in the same place (the session's kept counts).
    fn keep(&mut self, i: usize) -> Action<Message> {
        let Some(form) = &self.score else {
            return Action::none();
        };
        let count = match form.to_input() {
            Ok(mut input) if i < input.players.len() => input.players.swap_remove(i),
            Ok(_) => return Action::none(),
            Err(e) => return Action::error(e.to_string()),
        };
        let (_, a) = self.act_applied(CampaignAction::ScorePlayer { count });
        // The totals are on the tab itself; no notice over them.
        Action { notice: None, ..a }
    }

    fn finish(&mut self) -> Action<Message> {
        let Some(form) = &self.score else {
            return Action::none();
        };
        let scores = match form.to_input() {
            Ok(i) => i,
            Err(e) => return Action::error(e.to_string()),
        };
        let Some(c) = self.campaign() else {
            return Action::none();
        };
        let preview = c.score_sheet(scores.clone());
        let heading = c
            .current_session()
            .map(|s| format!("Session {} on {}: written on the cards", s.number, s.map))
            .unwrap_or_default();
        let (applied, a) = self.act_applied(CampaignAction::FinishSession {
            scores,
            date: super::today(),
        });
        if applied {
            let lost = self
                .campaign()
                .and_then(|c| c.sessions.last())
                .and_then(|s| s.result.as_ref())
                .is_some_and(|r| r.lost_last_ruin());
            if let Ok(r) = preview {
                self.written = Some(Box::new(Written {
                    heading,
                    winner: (!lost).then(|| format!("Winner: {}", r.winners.join(" and "))),
                    lines: r.text_lines(lost),
                }));
            }
            self.score = None;
            self.refresh();
            // The sheet and the winner stay on this tab; the notice would only repeat them.
            return Action { notice: None, ..a };
        }
        a
    }

    fn view_written<'a>(&'a self, w: &'a Written) -> Element<'a, Message> {
        let mut col = Column::new()
            .spacing(6)
            .push(widgets::heading(w.heading.clone()));
        if let Some(winner) = &w.winner {
            col = col.push(
                text(winner.clone())
                    .size(style::TITLE)
                    .style(style::success_text),
            );
        }
        for l in &w.lines {
            if Some(l) == w.winner.as_ref() {
                continue;
            }
            col = col.push(text(l.clone()).size(style::BODY));
        }
        col = col.push(
            text("Start the next session on the Session & threats tab.")
                .size(style::SMALL)
                .style(style::muted),
        );
        container(col)
            .padding(16)
            .style(style::card)
            .width(Fill)
            .into()
    }

    pub(super) fn view_score<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let Some(f) = &self.score else {
            if let Some(w) = &self.written {
                return self.view_written(w);
            }
            return text(if c.current_session().is_some() {
                "Open this tab again to start the score sheet."
            } else {
                "Scoring needs a session in play: start one on the Session & threats tab."
            })
            .size(style::BODY)
            .style(style::muted)
            .into();
        };
        let label_w = Length::Fixed(300.0);
        let mut grid = Column::new().spacing(6);
        let mut head = Row::new().spacing(8).push(text("").width(label_w));
        for p in &f.players {
            head = head.push(text(p.name.clone()).size(style::HEADING).width(Fill));
        }
        grid = grid.push(head);
        for &field in Field::ALL {
            let mut line = Row::new()
                .spacing(8)
                .align_y(Center)
                .push(text(field.label()).size(style::BODY).width(label_w));
            for (i, p) in f.players.iter().enumerate() {
                line = line.push(
                    text_input("0", p.get(field))
                        .on_input(move |s| msg(Msg::Field(i, field, s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Fill),
                );
            }
            grid = grid.push(line);
        }
        let toggles: [Toggle; 3] = [
            (
                "Camp on a mammoth space (Map 10)",
                Msg::Mammoth,
                |p| p.mammoth_camp,
                f.map == Some(MapNumber::MAMMOTH_JUNGLE),
            ),
            (
                FULL_CARD,
                Msg::FullCard,
                |p| p.full_card,
                f.map == Some(MapNumber::LAST_RUIN),
            ),
            (
                "Has a card that wins ties",
                Msg::WinsTies,
                |p| p.wins_ties,
                true,
            ),
        ];
        for (label, make, get, shown) in toggles {
            if !shown {
                continue;
            }
            let mut line = Row::new()
                .spacing(8)
                .align_y(Center)
                .push(text(label).size(style::BODY).width(label_w));
            for (i, p) in f.players.iter().enumerate() {
                // The full card is the records' to say (p. 31-32): the box shows what they
                // say, cannot be changed, and names the count beside it.
                let record = (label == FULL_CARD)
                    .then(|| c.full_card_record(&p.name))
                    .flatten();
                let cell: Element<'_, Message> = match record {
                    Some((full, why)) => checkbox(full)
                        .label(if full {
                            format!("full: {why}")
                        } else {
                            format!("not full: {why}")
                        })
                        .text_size(style::SMALL)
                        .into(),
                    None => checkbox(get(p)).on_toggle(move |b| msg(make(i, b))).into(),
                };
                line = line.push(container(cell).width(Fill));
            }
            grid = grid.push(line);
        }
        // Each column can be kept on its own, as a phone keeps its player's (score-player):
        // the totals so far then show on the Session tab and in `near-and-far session`.
        let counted = c.counted();
        let mut keep = Row::new().spacing(8).align_y(Center).push(
            text("Keep one player's count")
                .size(style::BODY)
                .width(label_w),
        );
        for (i, p) in f.players.iter().enumerate() {
            let kept = !counted.still_to_count.contains(&p.name);
            let cell: Element<'_, Message> = column![
                secondary(format!("Keep {}", p.name), Some(msg(Msg::Keep(i)))),
                text(if kept { "kept" } else { "" })
                    .size(style::SMALL)
                    .style(style::muted),
            ]
            .spacing(2)
            .into();
            keep = keep.push(container(cell).width(Fill));
        }
        grid = grid.push(keep);
        let names: Vec<String> = f.players.iter().map(|p| p.name.clone()).collect();
        let mut routes = Column::new()
            .spacing(6)
            .push(widgets::heading("Completed trade routes"));
        for (i, r) in f.routes.iter().enumerate() {
            routes = routes.push(
                row![
                    text_input("route", &r.name)
                        .on_input(move |s| msg(Msg::RouteName(i, s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Length::Fixed(150.0)),
                    text_input("alone", &r.sole)
                        .on_input(move |s| msg(Msg::RouteSole(i, s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Length::Fixed(80.0)),
                    text_input("shared", &r.joint)
                        .on_input(move |s| msg(Msg::RouteJoint(i, s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Length::Fixed(80.0)),
                    pick_list(names.clone(), r.first.clone(), move |s| msg(
                        Msg::RouteFirst(i, s)
                    ))
                    .placeholder("camp on space 1")
                    .text_size(style::BODY),
                    pick_list(names.clone(), r.second.clone(), move |s| msg(
                        Msg::RouteSecond(i, s)
                    ))
                    .placeholder("camp on space 2")
                    .text_size(style::BODY),
                    secondary("Remove", Some(msg(Msg::RemoveRoute(i)))),
                ]
                .spacing(8)
                .align_y(Center),
            );
        }
        routes = routes.push(secondary(
            "Add a trade route",
            (f.routes.len() < 4).then_some(msg(Msg::AddRoute)),
        ));
        routes = routes.push(
            checkbox(f.settings.storytelling_on_tie)
                .label("Storytelling also counts when tied for the highest reputation")
                .on_toggle(|b| msg(Msg::StorytellingTie(b)))
                .text_size(style::BODY),
        );
        let mut taken = Vec::new();
        if let Some(session) = c.current_session() {
            for ch in &session.characters {
                let levels: Vec<String> = session
                    .threats
                    .defeated_by(ch)
                    .iter()
                    .map(|l| l.get().to_string())
                    .collect();
                let bosses: Vec<String> = session
                    .bosses
                    .iter()
                    .flat_map(|b| b.defeated.iter())
                    .filter(|d| &d.by == ch)
                    .map(|d| d.card.clone())
                    .collect();
                if !levels.is_empty() || !bosses.is_empty() {
                    let mut what = Vec::new();
                    if !levels.is_empty() {
                        what.push(format!("threat levels {}", levels.join(", ")));
                    }
                    if !bosses.is_empty() {
                        what.push(bosses.join(", "));
                    }
                    taken.push(format!("{ch}: {}", what.join("; ")));
                }
            }
        }
        let hint = if taken.is_empty() {
            "No threat cards were taken this session.".to_string()
        } else {
            format!(
                "Cards taken (enter the journey points printed on each): {}",
                taken.join(" · ")
            )
        };
        column![
            widgets::heading("Game end: journey points"),
            text(hint).size(style::SMALL).style(style::muted),
            row![
                container(
                    column![
                        container(grid).padding(12).style(style::card),
                        container(routes).padding(12).style(style::card)
                    ]
                    .spacing(style::GAP)
                )
                .width(Length::FillPortion(3)),
                container(self.live_result(c, f)).width(Length::FillPortion(2)),
            ]
            .spacing(20),
        ]
        .spacing(style::GAP)
        .into()
    }

    fn live_result<'a>(&'a self, c: &Campaign, f: &'a ScoreForm) -> Element<'a, Message> {
        // Scored as "Write on the cards" will score it: against the campaign's records.
        let result = f
            .to_input()
            .map_err(|e| e.to_string())
            .and_then(|i| c.score_sheet(i).map_err(|e| e.to_string()));
        let mut col = Column::new().spacing(6);
        match result {
            Err(e) => {
                col = col.push(text(e).size(style::BODY).style(style::danger_text));
            }
            Ok(r) => {
                col = col.push(
                    text(format!("Winner: {}", r.winners.join(" and ")))
                        .size(style::TITLE)
                        .style(style::success_text),
                );
                if let Some(t) = &r.tie_break {
                    col = col.push(text(t.clone()).size(style::SMALL).style(style::muted));
                }
                for p in &r.players {
                    col = col.push(
                        text(format!("{}. {}: {}", p.place, p.name, p.total)).size(style::HEADING),
                    );
                    for l in &p.lines {
                        col = col.push(
                            text(format!("    {:>4}  {}", l.points, l.label)).size(style::SMALL),
                        );
                    }
                }
                col = col.push(primary(
                    "Write on the cards and end the session",
                    Some(msg(Msg::Finish)),
                ));
            }
        }
        container(col)
            .padding(16)
            .style(style::card)
            .width(Fill)
            .into()
    }
}
