//! The Statistics screen (docs/plays.md): the record of plays drawn as charts (plays per
//! month, win rate per player, Furtherance per difficulty beside the simulated player, results
//! per map and board, Worldspanner glory margins), a "Numbers" toggle showing the same figures
//! as tables, and the list of plays, each with its BG Stats link as a QR code to scan.
//!
//! Opened from Home for every game, or for one game (its filter). The figures come from
//! `crate::plays::stats` over the record the store keeps (`Store::plays`); the simulated
//! players' rates are computed off the window's thread the first time (`Message::Rates`).

pub mod chart;

use iced::widget::{Column, button, canvas, column, container, row, scrollable, text};
use iced::{Center, Element, Fill, Length, Task};

use super::screen::{Action, Ctx};
use super::share::Qr;
use super::style;
use super::widgets;
use crate::doc::Kind;
use crate::plays::simulated::Rate;
use crate::plays::stats::{self, Stats};
use crate::plays::{Play, bg_stats, duration};
use chart::{Bar, Bars};

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Show every game (None) or one.
    Game(Option<Kind>),
    /// Charts (false) or the same figures as tables (true).
    Numbers(bool),
    /// Show the BG Stats QR code of the play with this id; None closes it.
    Qr(Option<String>),
    /// The simulated players' rates, computed off the window's thread.
    Rates(Result<Vec<Rate>, crate::plays::simulated::RateError>),
}

#[derive(Debug, Default)]
pub struct State {
    pub game: Option<Kind>,
    /// Every play of the record, oldest first.
    pub plays: Vec<Play>,
    pub stats: Stats,
    pub numbers: bool,
    /// What the store said of the record (rebuilt, a save that could not be read).
    pub notes: Vec<String>,
    /// The play whose QR code is showing.
    pub qr: Option<String>,
    rates: Vec<Rate>,
}

/// The Numbers toggle's widget label, and the QR dialog's Close (tests click them).
pub const NUMBERS: &str = "Numbers";
pub const CHARTS: &str = "Charts";

impl State {
    /// The screen for `game` (None: every game), and the task computing the simulated
    /// players' rates when the record does not hold them yet.
    pub fn new(ctx: &Ctx, game: Option<Kind>) -> (Self, Task<Message>) {
        let mut s = State {
            game,
            ..State::default()
        };
        let mut task = Task::none();
        if let Some(store) = ctx.store {
            let record = store.plays();
            s.plays = record.plays;
            s.notes = record.notes;
            match store.cached_simulated_rates() {
                Some(rates) => s.rates = rates,
                None if s.plays.iter().any(|p| p.facts.furtherance.is_some()) => {
                    task =
                        Task::perform(async { crate::plays::simulated::rates() }, Message::Rates);
                }
                None => {}
            }
        }
        s.recompute();
        (s, task)
    }

    /// A screen over `plays` as given (tests, and a store-less window).
    pub fn with_plays(plays: Vec<Play>, game: Option<Kind>) -> Self {
        let mut s = State {
            game,
            plays,
            ..State::default()
        };
        s.recompute();
        s
    }

    fn recompute(&mut self) {
        self.stats = stats::compute(&self.plays, self.game, &self.rates);
    }

    /// Esc closes the QR code first.
    pub fn escape(&mut self) -> bool {
        self.qr.take().is_some()
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        match message {
            Message::Game(g) => {
                self.game = g;
                self.recompute();
            }
            Message::Numbers(on) => self.numbers = on,
            Message::Qr(id) => self.qr = id,
            Message::Rates(Ok(rates)) => {
                if let Some(store) = ctx.store {
                    store.keep_simulated_rates(&rates);
                }
                self.rates = rates;
                self.recompute();
            }
            Message::Rates(Err(e)) => {
                return Action::error(format!(
                    "The simulated players' rates could not be computed: {e}"
                ));
            }
        }
        Action::none()
    }

    fn shown(&self) -> impl Iterator<Item = &Play> {
        self.plays
            .iter()
            .rev()
            .filter(|p| self.game.is_none_or(|g| g == p.game))
    }

    pub fn view(&self, _ctx: &Ctx) -> Element<'_, Message> {
        let mut filters = row![filter("All games", None, self.game)].spacing(6);
        for k in Kind::ALL {
            filters = filters.push(filter(k.title(), Some(k), self.game));
        }
        let toggle = if self.numbers {
            widgets::secondary(CHARTS, Some(Message::Numbers(false)))
        } else {
            widgets::secondary(NUMBERS, Some(Message::Numbers(true)))
        };
        let head = column![
            row![widgets::heading("Statistics"), toggle]
                .spacing(16)
                .align_y(Center),
            filters.wrap().vertical_spacing(6),
            text(summary(&self.stats))
                .size(style::BODY)
                .style(style::muted),
        ]
        .spacing(8);
        let mut body = Column::new().spacing(16);
        for note in &self.notes {
            body = body.push(text(note).size(style::SMALL).style(style::warning_text));
        }
        if self.stats.plays == 0 {
            body = body.push(
                text("No plays yet: a game counts once it is finished (won, lost or scored).")
                    .size(style::BODY)
                    .style(style::muted),
            );
        } else if self.numbers {
            body = body.push(numbers(&self.stats));
        } else {
            body = body.push(charts(&self.stats));
        }
        let left = column![head, scrollable(body).height(Fill)]
            .spacing(12)
            .width(Length::FillPortion(3));
        let mut list = Column::new().spacing(8);
        for p in self.shown() {
            list = list.push(play_card(p));
        }
        let right = column![
            widgets::heading("Plays"),
            scrollable(container(list).padding(iced::Padding::ZERO.right(14))).height(Fill),
        ]
        .spacing(8)
        .width(Length::FillPortion(2));
        let page: Element<'_, Message> = row![left, right].spacing(24).padding(24).into();
        match self
            .qr
            .as_ref()
            .and_then(|id| self.plays.iter().find(|p| &p.id == id))
        {
            Some(p) => widgets::modal(page, qr_dialog(p)),
            None => page,
        }
    }
}

fn filter(label: &str, game: Option<Kind>, now: Option<Kind>) -> Element<'_, Message> {
    // The chosen one stands out as primary, and stays pressable (a disabled button would
    // look greyed out, as if it could not be chosen).
    let b = button(text(label).size(style::SMALL))
        .padding([4, 10])
        .on_press(Message::Game(game));
    match game == now {
        true => b.style(style::primary).into(),
        false => b.style(style::secondary).into(),
    }
}

fn summary(s: &Stats) -> String {
    format!("{} play(s), {} played", s.plays, duration(s.minutes))
}

fn percent(rate: f64) -> String {
    format!("{:.0}%", rate * 100.0)
}

/// A chart in a card under its heading.
fn chart_card<'a>(title: &'a str, bars: Bars) -> Element<'a, Message> {
    let height = bars.height();
    container(
        column![
            text(title).size(style::BODY),
            canvas(bars).width(Fill).height(height),
        ]
        .spacing(6),
    )
    .padding(12)
    .width(Fill)
    .style(style::card)
    .into()
}

fn charts(s: &Stats) -> Element<'_, Message> {
    let mut col = Column::new().spacing(12);
    let most = s.per_month.iter().map(|m| m.plays).max().unwrap_or(1);
    col = col.push(chart_card(
        "Plays per month",
        Bars {
            rows: s
                .per_month
                .iter()
                .map(|m| Bar {
                    label: m.month.clone(),
                    values: vec![f64::from(m.plays)],
                    figure: format!("{} · {}", m.plays, duration(m.minutes)),
                })
                .collect(),
            max: f64::from(most),
            series: vec!["plays"],
        },
    ));
    col = col.push(chart_card(
        "Win rate per player",
        Bars {
            rows: s
                .players
                .iter()
                .map(|p| Bar {
                    label: p.name.clone(),
                    values: vec![p.win_rate],
                    figure: format!("{} of {}", p.wins, p.plays),
                })
                .collect(),
            max: 1.0,
            series: vec!["wins"],
        },
    ));
    if !s.difficulties.is_empty() {
        col = col.push(chart_card(
            "Furtherance: your wins beside the simulated player's",
            Bars {
                rows: s
                    .difficulties
                    .iter()
                    .map(|d| Bar {
                        label: d.difficulty.clone(),
                        values: vec![d.win_rate, d.simulated.as_ref().map_or(0.0, |r| r.win_rate)],
                        figure: format!(
                            "you {} · sim {} · {:.1} rounds",
                            percent(d.win_rate),
                            d.simulated
                                .as_ref()
                                .map_or("…".to_string(), |r| percent(r.win_rate)),
                            d.average_rounds
                        ),
                    })
                    .collect(),
                max: 1.0,
                series: vec!["You", "Simulated player"],
            },
        ));
    }
    if !s.scenarios.is_empty() {
        let most = s.scenarios.iter().map(|x| x.plays).max().unwrap_or(1);
        col = col.push(chart_card(
            "Plays per map and board",
            Bars {
                rows: s
                    .scenarios
                    .iter()
                    .map(|x| Bar {
                        label: x.scenario.clone(),
                        values: vec![f64::from(x.plays)],
                        figure: x
                            .wins
                            .first()
                            .map_or(String::new(), |w| format!("{} won {}", w.name, w.plays)),
                    })
                    .collect(),
                max: f64::from(most),
                series: vec!["plays"],
            },
        ));
    }
    if let Some(g) = &s.glory {
        col = col.push(chart_card(
            "Worldspanner glory margins, game by game",
            Bars {
                rows: g
                    .margins
                    .iter()
                    .enumerate()
                    .map(|(i, m)| Bar {
                        label: format!("Game {}", i + 1),
                        values: vec![*m as f64],
                        figure: if *m == 0 {
                            "tie".into()
                        } else {
                            format!("by {m}")
                        },
                    })
                    .collect(),
                max: g.largest.max(1) as f64,
                series: vec!["margin"],
            },
        ));
    }
    col.into()
}

/// A table: a heading, then rows of cells, the first cell wider.
fn table<'a>(title: &'a str, head: &[&'a str], rows: Vec<Vec<String>>) -> Element<'a, Message> {
    let line = |cells: Vec<Element<'a, Message>>| {
        let mut r = row![].spacing(8);
        for (i, c) in cells.into_iter().enumerate() {
            let w = if i == 0 { 3 } else { 2 };
            r = r.push(container(c).width(Length::FillPortion(w)));
        }
        r
    };
    let mut col = Column::new().spacing(4).push(text(title).size(style::BODY));
    col = col.push(line(
        head.iter()
            .map(|h| text(*h).size(style::SMALL).style(style::muted).into())
            .collect(),
    ));
    for cells in rows {
        col = col.push(line(
            cells
                .into_iter()
                .map(|c| text(c).size(style::SMALL).into())
                .collect(),
        ));
    }
    container(col)
        .padding(12)
        .width(Fill)
        .style(style::card)
        .into()
}

fn numbers(s: &Stats) -> Element<'_, Message> {
    let mut col = Column::new().spacing(12);
    col = col.push(table(
        "Plays per month",
        &["Month", "Plays", "Time"],
        s.per_month
            .iter()
            .map(|m| vec![m.month.clone(), m.plays.to_string(), duration(m.minutes)])
            .collect(),
    ));
    col = col.push(table(
        "Per game",
        &["Game", "Plays", "Time"],
        s.per_game
            .iter()
            .map(|g| {
                vec![
                    g.game.title().to_string(),
                    g.plays.to_string(),
                    duration(g.minutes),
                ]
            })
            .collect(),
    ));
    col = col.push(table(
        "Players",
        &["Player", "Plays", "Wins", "Win rate", "Rival", "Nemesis"],
        s.players
            .iter()
            .map(|p| {
                vec![
                    p.name.clone(),
                    p.plays.to_string(),
                    p.wins.to_string(),
                    percent(p.win_rate),
                    p.rival
                        .as_ref()
                        .map_or(String::new(), |r| format!("{} ({})", r.name, r.plays)),
                    p.nemesis
                        .as_ref()
                        .map_or(String::new(), |r| format!("{} ({})", r.name, r.plays)),
                ]
            })
            .collect(),
    ));
    if !s.difficulties.is_empty() {
        col = col.push(table(
            "Furtherance per difficulty",
            &[
                "Difficulty",
                "Plays",
                "Won",
                "Rounds (avg / best)",
                "Simulated player",
            ],
            s.difficulties
                .iter()
                .map(|d| {
                    vec![
                        d.difficulty.clone(),
                        d.plays.to_string(),
                        percent(d.win_rate),
                        format!("{:.1} / {}", d.average_rounds, d.best_rounds),
                        d.simulated.as_ref().map_or("…".to_string(), |r| {
                            format!("won {} of {} ({})", r.wins, r.games, percent(r.win_rate))
                        }),
                    ]
                })
                .collect(),
        ));
    }
    if !s.scenarios.is_empty() {
        col = col.push(table(
            "Per map and board",
            &["Map or board", "Plays", "Wins", "Best score"],
            s.scenarios
                .iter()
                .map(|x| {
                    let wins: Vec<String> = x
                        .wins
                        .iter()
                        .map(|w| format!("{} {}", w.name, w.plays))
                        .collect();
                    vec![
                        format!("{} ({})", x.scenario, x.game.title()),
                        x.plays.to_string(),
                        wins.join(", "),
                        x.best_score.map(|b| b.to_string()).unwrap_or_default(),
                    ]
                })
                .collect(),
        ));
    }
    if let Some(g) = &s.glory {
        col = col.push(table(
            "Worldspanner glory margins",
            &["Games", "Average", "Largest", "Closest", "Ties"],
            vec![vec![
                g.margins.len().to_string(),
                format!("{:.1}", g.average),
                g.largest.to_string(),
                g.closest.to_string(),
                g.ties.to_string(),
            ]],
        ));
    }
    col.into()
}

fn play_card(p: &Play) -> Element<'_, Message> {
    let players: Vec<String> = p
        .facts
        .players
        .iter()
        .map(|w| {
            let mut s = w.name.clone();
            if let Some(score) = w.score {
                s += &format!(" {score}");
            }
            if w.winner {
                s += " ★";
            }
            s
        })
        .collect();
    let place = p
        .facts
        .scenario
        .as_deref()
        .or(p.facts.difficulty.as_deref())
        .map(|s| format!(" — {s}"))
        .unwrap_or_default();
    container(
        row![
            column![
                text(format!("{}{place}", p.game.title())).size(style::BODY),
                text(format!(
                    "{} · {} · {}",
                    widgets::when(p.start),
                    duration(u64::from(p.minutes)),
                    p.facts.result
                ))
                .size(style::SMALL)
                .style(style::muted),
                text(players.join(", ")).size(style::SMALL),
            ]
            .spacing(2)
            .width(Fill),
            widgets::secondary("BG Stats", Some(Message::Qr(Some(p.id.clone())))),
        ]
        .spacing(8)
        .align_y(Center),
    )
    .padding(10)
    .width(Fill)
    .style(style::card)
    .into()
}

/// The side of the QR code on screen: large enough for a phone at arm's length.
const QR_SIDE: f32 = 280.0;

fn qr_dialog(p: &Play) -> Element<'_, Message> {
    let link = bg_stats::link(p, None);
    let qr: Element<'_, Message> = match crate::host::qr_modules(&link) {
        Some((width, cells)) => canvas(Qr { width, cells })
            .width(Length::Fixed(QR_SIDE))
            .height(Length::Fixed(QR_SIDE))
            .into(),
        None => text("(no QR code for this link)").size(style::SMALL).into(),
    };
    container(
        column![
            text(format!("{} — send to BG Stats", p.game.title())).size(style::HEADING),
            text("Scan with the phone that has BG Stats: it offers this play for import. Tablemate sends nothing.")
                .size(style::SMALL),
            qr,
            widgets::primary("Close", Some(Message::Qr(None))),
        ]
        .spacing(10)
        .align_x(Center),
    )
    .padding(20)
    .max_width(520)
    .style(style::dialog)
    .into()
}

#[cfg(test)]
mod tests;
