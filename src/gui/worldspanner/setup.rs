//! The new-game form: map design, Faction keys on the map, game length, team size, heroes by
//! name (typed one per line, Enter to add), and which challenge deck each team uses.

use iced::widget::{Column, button, checkbox, column, container, pick_list, row, text, text_input};
use iced::{Center, Element, Fill};

use super::Message;
use super::decks::{DeckInfo, load_deck};
use crate::gui::screen::Ctx;
use crate::gui::style;
use crate::worldspanner::{
    Faction, GameLength, HeroEntry, HeroLibrary, MapDesign, Setup, TeamSide,
};

#[derive(Debug, Clone)]
pub enum SetupMsg {
    Title(String),
    Map(MapChoice),
    Length(u8),
    Size(u8),
    Faction(Faction, bool),
    Input(TeamSide, String),
    Add(TeamSide),
    Remove(TeamSide, usize),
    Numbered,
    Seed(String),
    /// A team's deck is physical (drawn from the box) or digital.
    Physical(TeamSide, bool),
    /// Add a hero card from the library to a team.
    FromLibrary(TeamSide, String),
}

/// A map design as a pick-list entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapChoice(pub MapDesign);

impl std::fmt::Display for MapChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({} Faction keys)",
            self.0.name(),
            self.0.faction_keys()
        )
    }
}

pub struct SetupForm {
    title: String,
    map: MapDesign,
    length: u8,
    size: u8,
    factions: Vec<Faction>,
    heroes: [Vec<HeroEntry>; 2],
    input: [String; 2],
    /// What the hero line is missing (Health), shown under the input in a reserved line.
    pub(super) ask: [String; 2],
    seed: String,
    pub decks: [DeckInfo; 2],
    /// Each team's deck is physical (the team draws its own cards).
    pub physical: [bool; 2],
    /// The hero library, to pick heroes from.
    pub library: HeroLibrary,
}

impl SetupForm {
    pub fn new(ctx: &Ctx) -> SetupForm {
        SetupForm {
            title: "Worldspanner Factions".into(),
            map: MapDesign::Standard,
            length: 10,
            size: 8,
            factions: Faction::ALL[..5].to_vec(),
            heroes: [Vec::new(), Vec::new()],
            input: [String::new(), String::new()],
            ask: [String::new(), String::new()],
            seed: crate::deck::fresh_seed().to_string(),
            physical: [false, false],
            library: HeroLibrary::default(),
            decks: [
                load_deck(ctx.data_root(), TeamSide::Skyhawks),
                load_deck(ctx.data_root(), TeamSide::Psiclones),
            ],
        }
    }

    pub fn reload_decks(&mut self, ctx: &Ctx) {
        for side in TeamSide::BOTH {
            self.decks[side.index()] = load_deck(ctx.data_root(), side);
        }
    }

    pub fn update(&mut self, m: SetupMsg) {
        match m {
            SetupMsg::Title(t) => self.title = t,
            SetupMsg::Map(MapChoice(map)) => {
                self.map = map;
                if !map.team_sizes().contains(&self.size) {
                    self.size = map.team_sizes()[0];
                }
                self.factions.truncate(map.faction_keys());
            }
            SetupMsg::Length(n) => self.length = n,
            SetupMsg::Size(n) => self.size = n,
            SetupMsg::Faction(f, on) => {
                self.factions.retain(|g| *g != f);
                if on {
                    self.factions.push(f);
                }
            }
            SetupMsg::Input(side, t) => self.input[side.index()] = t,
            SetupMsg::Add(side) => match parse_hero(&self.input[side.index()]) {
                Ok(entry) => {
                    self.heroes[side.index()].push(entry);
                    self.input[side.index()].clear();
                    self.ask[side.index()].clear();
                }
                Err(question) => self.ask[side.index()] = question,
            },
            SetupMsg::Remove(side, i) => {
                if i < self.heroes[side.index()].len() {
                    self.heroes[side.index()].remove(i);
                }
            }
            SetupMsg::Numbered => {
                for side in TeamSide::BOTH {
                    let list = &mut self.heroes[side.index()];
                    let mut n = 1;
                    while list.len() < self.size as usize {
                        let name = format!("{} hero {n}", side.name());
                        if !list.iter().any(|h| h.name == name) {
                            list.push(HeroEntry::new(&name, 4));
                        }
                        n += 1;
                    }
                }
            }
            SetupMsg::Seed(s) => self.seed = s,
            SetupMsg::Physical(side, on) => self.physical[side.index()] = on,
            SetupMsg::FromLibrary(side, name) => {
                if let Some(card) = self.library.get(&name) {
                    let list = &mut self.heroes[side.index()];
                    if !list.iter().any(|h| h.name.eq_ignore_ascii_case(&card.name)) {
                        list.push(card.entry());
                    }
                }
            }
        }
    }

    /// The title and the engine's setup, or what is missing.
    // Kept String: the setup form's message, shown beside it verbatim.
    pub fn build(&self) -> Result<(String, Setup), String> {
        let seed = crate::gui::widgets::typed_seed(&self.seed).map_err(|e| e.to_string())?;
        for side in TeamSide::BOTH {
            let d = &self.decks[side.index()];
            if let (Some(p), true) = (&d.problem, d.cards.is_empty()) {
                return Err(p.clone());
            }
        }
        let length = GameLength::new(self.length).map_err(|e| e.to_string())?;
        Ok((
            if self.title.trim().is_empty() {
                "Worldspanner Factions".into()
            } else {
                self.title.trim().to_string()
            },
            Setup {
                physical: self.physical,
                map: self.map,
                length,
                team_size: self.size,
                factions: self.factions.clone(),
                heroes: self.heroes.clone(),
                decks: [
                    (self.decks[0].name.clone(), self.decks[0].cards.clone()),
                    (self.decks[1].name.clone(), self.decks[1].cards.clone()),
                ],
                seed,
            },
        ))
    }

    pub fn view(&self) -> Element<'_, Message> {
        let m = |x: SetupMsg| Message::Setup(x);
        let maps: Vec<MapChoice> = MapDesign::ALL.iter().map(|d| MapChoice(*d)).collect();
        let sizes: Vec<u8> = self.map.team_sizes().to_vec();
        let basics = row![
            labelled(
                "Title",
                text_input("Friday game", &self.title)
                    .on_input(move |t| m(SetupMsg::Title(t)))
                    .size(style::BODY)
                    .width(260)
                    .into()
            ),
            labelled(
                "Map",
                pick_list(maps, Some(MapChoice(self.map)), move |c| m(SetupMsg::Map(
                    c
                )))
                .text_size(style::BODY)
                .into()
            ),
            labelled(
                "Rounds (8 intro, 10 average, 12 expert)",
                pick_list(vec![8u8, 10, 12], Some(self.length), move |n| {
                    m(SetupMsg::Length(n))
                })
                .text_size(style::BODY)
                .into()
            ),
            labelled(
                "Heroes per team",
                pick_list(sizes, Some(self.size), move |n| m(SetupMsg::Size(n)))
                    .text_size(style::BODY)
                    .into()
            ),
        ]
        .spacing(24)
        // At 1024 px (and with large type) the fields flow onto a second line, never cut.
        .wrap()
        .vertical_spacing(8);
        let mut keys = row![].spacing(16);
        for &f in Faction::ALL {
            keys = keys.push(
                checkbox(self.factions.contains(&f))
                    .label(f.key_name())
                    .text_size(style::BODY)
                    .on_toggle(move |on| m(SetupMsg::Faction(f, on))),
            );
        }
        let keys_line = text(format!(
            "Faction keys on the map: {} of {} chosen",
            self.factions.len(),
            self.map.faction_keys()
        ))
        .size(style::BODY);
        let teams = row![
            self.team_column(TeamSide::Skyhawks),
            self.team_column(TeamSide::Psiclones)
        ]
        .spacing(24);
        let ready = self.heroes.iter().all(|h| h.len() == self.size as usize)
            && self.factions.len() == self.map.faction_keys();
        // Under the seed as it is typed, where the eye is, not only in the notice line when
        // Start is pressed (docs/table-ux.md).
        let seed_problem = crate::gui::widgets::typed_seed(&self.seed).err();
        let hint = match (&seed_problem, ready) {
            (Some(problem), _) => text(problem.to_string()).style(style::danger_text),
            (None, true) => text(""),
            (None, false) => text(format!(
                "To start: {} Faction keys and {} heroes on each team.",
                self.map.faction_keys(),
                self.size
            ))
            .style(style::muted),
        };
        column![
            basics,
            keys_line,
            keys.wrap(),
            // Start sits above the teams, whose hero lists grow downward, so it stays in view.
            row![
                button(text("Use numbered heroes").size(style::BODY))
                    .padding([8, 16])
                    .style(style::secondary)
                    .on_press(m(SetupMsg::Numbered)),
                labelled(
                    "Seed (same seed, same shuffles)",
                    text_input("seed", &self.seed)
                        .on_input(move |t| m(SetupMsg::Seed(t)))
                        .size(style::BODY)
                        .width(240)
                        .into()
                ),
                iced::widget::space::horizontal(),
                button(text("Start game").size(style::HEADING))
                    .padding([10, 24])
                    .style(style::primary)
                    .on_press_maybe(ready.then_some(Message::Start)),
            ]
            .spacing(24)
            .align_y(Center),
            hint.size(style::BODY),
            teams,
        ]
        .spacing(style::GAP)
        .into()
    }

    fn team_column(&self, side: TeamSide) -> Element<'_, Message> {
        let i = side.index();
        let mut list = Column::new().spacing(4);
        for (n, h) in self.heroes[i].iter().enumerate() {
            list = list.push(
                row![
                    text(format!(
                        "{}. {} (Health {}, {} gold, {} Boost)",
                        n + 1,
                        h.name,
                        h.health,
                        h.gold,
                        h.boosts
                    ))
                    .size(style::BODY)
                    .width(Fill),
                    button(text("Remove").size(style::SMALL))
                        .style(style::secondary)
                        .on_press(Message::Setup(SetupMsg::Remove(side, n))),
                ]
                .spacing(8)
                .align_y(Center),
            );
        }
        let deck = &self.decks[i];
        let physical = self.physical[i];
        let mut deck_lines = column![
            row![
                text("Challenge deck:").size(style::BODY),
                mode_button(
                    "Digital",
                    !physical,
                    Message::Setup(SetupMsg::Physical(side, false))
                ),
                mode_button(
                    "Physical",
                    physical,
                    Message::Setup(SetupMsg::Physical(side, true))
                ),
            ]
            .spacing(6)
            .align_y(Center),
            text(if physical {
                format!(
                    "You draw from your own box deck; the app asks what each card shows \
                     (counts and odds from {})",
                    deck.name
                )
            } else {
                format!("The app shuffles and draws {}", deck.name)
            })
            .size(style::BODY)
        ]
        .spacing(6);
        if deck.sample {
            deck_lines = deck_lines.push(
                text("Sample data, not the real cards: enter yours in the Deck editor")
                    .size(style::SMALL)
                    .style(style::warning_text),
            );
        }
        if let Some(p) = &deck.problem {
            deck_lines =
                deck_lines.push(text(p.clone()).size(style::SMALL).style(style::danger_text));
        }
        container(
            column![
                text(format!(
                    "{} ({}): {} of {} heroes",
                    side.name(),
                    side.colour(),
                    self.heroes[i].len(),
                    self.size
                ))
                .size(style::HEADING),
                text_input(
                    "Hero name, Health [gold] [Boosts], then Enter",
                    &self.input[i]
                )
                .id(format!("hero-input-{}", side.name().to_lowercase()))
                .on_input(move |t| Message::Setup(SetupMsg::Input(side, t)))
                .on_submit(Message::Setup(SetupMsg::Add(side)))
                .size(style::BODY),
                library_pick(&self.library, &self.heroes, side),
                // Always present, so the list below never jumps when a question appears.
                text(self.ask[i].clone())
                    .size(style::BODY)
                    .style(style::warning_text)
                    .height(style::BODY * 1.6),
                list,
                deck_lines,
            ]
            .spacing(8),
        )
        .padding(12)
        .width(Fill)
        .style(style::card)
        .into()
    }
}

/// "Add from the hero library": the cards not yet on either team, full names (never cut).
fn library_pick<'a>(
    library: &'a HeroLibrary,
    teams: &[Vec<HeroEntry>; 2],
    side: TeamSide,
) -> Element<'a, Message> {
    let names: Vec<String> = library
        .heroes
        .iter()
        .filter(|c| {
            !teams
                .iter()
                .flatten()
                .any(|h| h.name.eq_ignore_ascii_case(&c.name))
        })
        .map(|c| c.name.clone())
        .collect();
    if library.heroes.is_empty() {
        return text("Hero library: empty (enter hero cards in the Heroes tab)")
            .size(style::SMALL)
            .style(style::muted)
            .into();
    }
    pick_list(names, None::<String>, move |n| {
        Message::Setup(SetupMsg::FromLibrary(side, n))
    })
    .placeholder("Add a hero from the library")
    .text_size(style::BODY)
    .width(Fill)
    .into()
}

fn mode_button(label: &str, on: bool, message: Message) -> Element<'_, Message> {
    button(text(label).size(style::BODY))
        .padding([4, 12])
        .style(if on { style::primary } else { style::secondary })
        .on_press(message)
        .into()
}

fn labelled<'a>(label: &'a str, widget: Element<'a, Message>) -> Element<'a, Message> {
    column![text(label).size(style::SMALL).style(style::muted), widget]
        .spacing(4)
        .into()
}

/// "Private Sanchez 5 1" → Sanchez, Health 5, 1 gold. Trailing numbers are Health, gold,
/// Boosts. Health is printed on every hero card and decides defeat, so a line without it is
/// refused with a question rather than given a made-up number.
// Kept String: the setup form's message, shown beside it verbatim.
pub fn parse_hero(line: &str) -> Result<HeroEntry, String> {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    let mut numbers = Vec::new();
    while let Some(last) = words.last() {
        match last.parse::<u32>() {
            Ok(n) if numbers.len() < 3 && words.len() > 1 => {
                numbers.push(n);
                words.pop();
            }
            _ => break,
        }
    }
    numbers.reverse();
    let name = words.join(" ");
    if name.is_empty() {
        return Err("type the hero's name, then its Health".into());
    }
    let Some(health) = numbers.first().copied() else {
        return Err(format!(
            "What is {name}'s Health? Type it after the name, e.g. \"{name} 5\""
        ));
    };
    Ok(HeroEntry {
        name,
        health: health.min(u8::MAX as u32) as u8,
        gold: numbers.get(1).copied().unwrap_or(0),
        boosts: numbers.get(2).copied().unwrap_or(0).min(u8::MAX as u32) as u8,
        card: None,
    })
}
