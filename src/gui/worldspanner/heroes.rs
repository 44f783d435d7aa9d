//! The hero library tab: one hero card at a time in a form (name, home faction, Health, the 14
//! ratings, Natures, the two opposing factions, bonus symbols, starting gold and Boosts), each
//! number checked against the book's range (0 to 9, Wound 0 to 4) and named when wrong. Saved
//! to the data folder (`data/worldspanner/heroes.json`, previous versions kept in `backups/data/`).

use iced::widget::{Column, button, column, container, pick_list, row, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::Message;
use crate::gui::screen::Ctx;
use crate::gui::{style, widgets};
use crate::worldspanner::library::LIBRARY_PATH;
use crate::worldspanner::{Faction, HeroCard, HeroLibrary, Skill};

#[derive(Debug, Clone)]
pub enum HeroMsg {
    Name(String),
    Faction(Faction),
    Health(String),
    Rating(usize, String),
    Natures(String),
    Opposing(usize, Faction),
    Bonus(String),
    Gold(String),
    Boosts(String),
    Save,
    Edit(String),
    New,
}

/// The form's text, kept as typed until Save.
#[derive(Debug, Clone, Default)]
pub struct HeroForm {
    name: String,
    faction: Option<Faction>,
    health: String,
    ratings: [String; 14],
    natures: String,
    opposing: [Option<Faction>; 2],
    bonus: String,
    gold: String,
    boosts: String,
}

/// Reads the library from the data folder; a damaged file is reported, never overwritten
/// silently (the caller shows the problem and keeps an empty library until it is fixed).
pub fn load(ctx: &Ctx) -> (HeroLibrary, Option<String>) {
    let Some(store) = ctx.store else {
        return (HeroLibrary::default(), None);
    };
    match store.user_text(LIBRARY_PATH) {
        Ok(None) => (HeroLibrary::default(), None),
        Ok(Some((text, path))) => match HeroLibrary::parse(&text) {
            Ok(lib) => (lib, None),
            Err(e) => (
                HeroLibrary::default(),
                Some(format!("{}: {e}", path.display())),
            ),
        },
        Err(e) => (HeroLibrary::default(), Some(e.to_string())),
    }
}

impl HeroForm {
    pub fn update(&mut self, m: HeroMsg) {
        match m {
            HeroMsg::Name(s) => self.name = s,
            HeroMsg::Faction(f) => self.faction = Some(f),
            HeroMsg::Health(s) => self.health = s,
            HeroMsg::Rating(i, s) => {
                if let Some(r) = self.ratings.get_mut(i) {
                    *r = s;
                }
            }
            HeroMsg::Natures(s) => self.natures = s,
            HeroMsg::Opposing(i, f) => {
                if let Some(o) = self.opposing.get_mut(i) {
                    *o = Some(f);
                }
            }
            HeroMsg::Bonus(s) => self.bonus = s,
            HeroMsg::Gold(s) => self.gold = s,
            HeroMsg::Boosts(s) => self.boosts = s,
            HeroMsg::New => *self = HeroForm::default(),
            HeroMsg::Save | HeroMsg::Edit(_) => {}
        }
    }

    /// Fills the form from a library card (to correct it).
    pub fn from_card(card: &HeroCard) -> HeroForm {
        HeroForm {
            name: card.name.clone(),
            faction: Some(card.faction),
            health: card.health.to_string(),
            ratings: card.ratings.map(|r| r.to_string()),
            natures: card.natures.join(", "),
            opposing: card.opposing.map(Some),
            bonus: card.bonus_symbols.join(", "),
            gold: card.gold.to_string(),
            boosts: card.boosts.to_string(),
        }
    }

    /// The card the form describes, or the first field that is wrong.
    // Kept String: the hero form's message, shown beside it verbatim.
    pub fn card(&self) -> Result<HeroCard, String> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err("Name: type the hero's name".into());
        }
        // Kept String: the hero form's message, shown beside it verbatim.
        let num = |field: &str, s: &str| -> Result<u32, String> {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("{name}: {field}: enter a whole number"))
        };
        let mut ratings = [0u8; 14];
        for (i, skill) in Skill::ALL.iter().enumerate() {
            let v = num(skill.name(), &self.ratings[i])?;
            if v > skill.max() as u32 {
                return Err(format!(
                    "{name}: {skill} {v} is out of range (0 to {})",
                    skill.max()
                ));
            }
            ratings[i] = v as u8;
        }
        let list = |s: &str| -> Vec<String> {
            s.split(',')
                .map(|w| w.trim().to_string())
                .filter(|w| !w.is_empty())
                .collect()
        };
        // Kept String: the hero form's message, shown beside it verbatim.
        let optional = |field: &str, s: &str| -> Result<u32, String> {
            if s.trim().is_empty() {
                Ok(0)
            } else {
                num(field, s)
            }
        };
        let card = HeroCard {
            name: name.to_string(),
            faction: self
                .faction
                .ok_or(format!("{name}: choose the home faction"))?,
            health: num("Health", &self.health)?.min(255) as u8,
            ratings,
            natures: list(&self.natures),
            opposing: [
                self.opposing[0].ok_or(format!("{name}: choose both opposing factions"))?,
                self.opposing[1].ok_or(format!("{name}: choose both opposing factions"))?,
            ],
            bonus_symbols: list(&self.bonus),
            gold: optional("Gold", &self.gold)?,
            boosts: optional("Boosts", &self.boosts)?.min(255) as u8,
        };
        card.validate().map_err(|e| e.to_string())?;
        Ok(card)
    }

    pub fn view<'a>(&'a self, library: &'a HeroLibrary) -> Element<'a, Message> {
        let h = |m: HeroMsg| Message::HeroForm(m);
        // Each field has an id in reading order (Tab moves through them) and Enter saves.
        let field = |label: &'a str,
                     id: &'static str,
                     value: &'a str,
                     width: f32,
                     on: fn(String) -> HeroMsg| {
            column![
                text(label).size(style::SMALL).style(style::muted),
                text_input("", value)
                    .id(id)
                    .on_input(move |s| Message::HeroForm(on(s)))
                    .on_submit(Message::HeroForm(HeroMsg::Save))
                    .size(style::BODY)
                    .width(width),
            ]
            .spacing(2)
        };
        let mut ratings = row![].spacing(6);
        for (i, skill) in Skill::ALL.iter().enumerate() {
            ratings = ratings.push(
                column![
                    text(skill.name()).size(style::SMALL).style(style::muted),
                    text_input(
                        if *skill == Skill::Wound { "0-4" } else { "0-9" },
                        &self.ratings[i]
                    )
                    .id(format!("hero-rating-{}", skill.name().to_lowercase()))
                    .on_input(move |s| Message::HeroForm(HeroMsg::Rating(i, s)))
                    .on_submit(Message::HeroForm(HeroMsg::Save))
                    .size(style::BODY)
                    .width(72),
                ]
                .spacing(2),
            );
        }
        let faction_pick = |value: Option<Faction>, on: Box<dyn Fn(Faction) -> Message>| {
            pick_list(Faction::ALL, value, on)
                .placeholder("choose")
                .text_size(style::BODY)
        };
        let form = column![
            text("Hero card").size(style::HEADING),
            row![
                field("Name", "hero-name", &self.name, 260.0, HeroMsg::Name),
                column![
                    text("Home faction").size(style::SMALL).style(style::muted),
                    faction_pick(self.faction, Box::new(move |f| h(HeroMsg::Faction(f)))),
                ]
                .spacing(2),
                field("Health", "hero-health", &self.health, 80.0, HeroMsg::Health),
                field(
                    "Starting gold",
                    "hero-gold",
                    &self.gold,
                    110.0,
                    HeroMsg::Gold
                ),
                field(
                    "Starting Boosts",
                    "hero-boosts",
                    &self.boosts,
                    110.0,
                    HeroMsg::Boosts
                ),
            ]
            .spacing(12)
            .align_y(Center)
            .wrap(),
            ratings.wrap(),
            row![
                field(
                    "Natures (1 or 2, commas)",
                    "hero-natures",
                    &self.natures,
                    260.0,
                    HeroMsg::Natures
                ),
                column![
                    text("Opposing factions")
                        .size(style::SMALL)
                        .style(style::muted),
                    row![
                        faction_pick(
                            self.opposing[0],
                            Box::new(move |f| h(HeroMsg::Opposing(0, f)))
                        ),
                        faction_pick(
                            self.opposing[1],
                            Box::new(move |f| h(HeroMsg::Opposing(1, f)))
                        ),
                    ]
                    .spacing(6),
                ]
                .spacing(2),
                field(
                    "Bonus symbols (commas)",
                    "hero-bonus",
                    &self.bonus,
                    260.0,
                    HeroMsg::Bonus
                ),
            ]
            .spacing(12)
            .align_y(Center)
            .wrap(),
            row![
                button(text("Save to the library").size(style::HEADING))
                    .padding([8, 20])
                    .style(style::primary)
                    .on_press(h(HeroMsg::Save)),
                button(text("New hero").size(style::BODY))
                    .padding([8, 16])
                    .style(style::secondary)
                    .on_press(h(HeroMsg::New)),
            ]
            .spacing(12),
        ]
        .spacing(10);
        let mut list: Column<'_, Message> = column![
            text(format!(
                "Library: {}",
                crate::words::count(library.heroes.len() as u64, "hero", "heroes")
            ))
            .size(style::HEADING)
        ]
        .spacing(4);
        for c in &library.heroes {
            list = list.push(
                button(
                    text(format!(
                        "{} ({}, Health {})",
                        c.name,
                        c.faction.name(),
                        c.health
                    ))
                    .size(style::BODY),
                )
                .style(style::row_button)
                .width(Fill)
                .on_press(h(HeroMsg::Edit(c.name.clone()))),
            );
        }
        row![
            widgets::card(form, 12),
            container(list)
                .padding(12)
                .width(Length::Fixed(320.0))
                .style(style::card),
        ]
        .spacing(style::GAP)
        .into()
    }
}
