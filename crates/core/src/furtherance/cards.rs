//! The kingdom's card files: buildings, items, upgraded workers and leaders
//! (`data/furtherance/{buildings,items,upgrades,leaders}.json`, data kinds
//! `furtherance-buildings`, `-items`, `-upgrades`, `-leaders`). One shape for the four: each
//! card's name, cost, VP, copies, turn counters and hits (buildings), the INDEX effect the
//! engine applies (typed), the card text, and which values are sample data.
//!
//! The rulebook prints none of the costs; the bundled files are sample data, marked as such,
//! with the names from docs/game-facts.md. Checks are linear in the file (`FirstSeen`).

use crate::datafile::DataFileError;
use serde::{Deserialize, Serialize};

pub const BUILDINGS_KIND: &str = "furtherance-buildings";
pub const ITEMS_KIND: &str = "furtherance-items";
pub const UPGRADES_KIND: &str = "furtherance-upgrades";
pub const LEADERS_KIND: &str = "furtherance-leaders";

pub const BUILDINGS_PATH: &str = "data/furtherance/buildings.json";
pub const ITEMS_PATH: &str = "data/furtherance/items.json";
pub const UPGRADES_PATH: &str = "data/furtherance/upgrades.json";
pub const LEADERS_PATH: &str = "data/furtherance/leaders.json";

/// The most cards one file's copies may add up to (the printed decks hold 10 to 28).
pub const MAX_CARDS: usize = 10_000;

/// The four kinds of kingdom card, each with its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    Building,
    Item,
    Upgrade,
    Leader,
}

impl CardKind {
    pub const ALL: [CardKind; 4] = [
        CardKind::Building,
        CardKind::Item,
        CardKind::Upgrade,
        CardKind::Leader,
    ];

    pub fn data_kind(self) -> &'static str {
        match self {
            CardKind::Building => BUILDINGS_KIND,
            CardKind::Item => ITEMS_KIND,
            CardKind::Upgrade => UPGRADES_KIND,
            CardKind::Leader => LEADERS_KIND,
        }
    }

    pub fn path(self) -> &'static str {
        match self {
            CardKind::Building => BUILDINGS_PATH,
            CardKind::Item => ITEMS_PATH,
            CardKind::Upgrade => UPGRADES_PATH,
            CardKind::Leader => LEADERS_PATH,
        }
    }

    pub(crate) fn plural(self) -> &'static str {
        match self {
            CardKind::Building => "buildings",
            CardKind::Item => "items",
            CardKind::Upgrade => "upgraded workers",
            CardKind::Leader => "leaders",
        }
    }
}

/// What a card does that the engine applies (INDEX). Cards without one are kept and shown,
/// their text applied by the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Building: takes the hits of units attacking your castle; destroyed at 5 damage (INDEX).
    Walls,
    /// Building: takes the hits; destroyed with more damage than you have buildings (INDEX).
    Fortification,
    /// Building: strikes a unit attacking your castle.
    Catapult,
    /// Building: strikes a unit attacking your castle.
    GuardTower,
    /// Building: 1 gold back after buying an item, building or recruiting (INDEX).
    Marketplace,
    /// Item: 2 VP while its unit stands on the centre square (INDEX).
    HolyGrail,
    /// Item: your attacked unit takes no damage from this attack (INDEX).
    InvincibilityCloak,
    /// Item: removes the damage counters of a living unit (INDEX).
    Potion,
    /// Leader: +1 HP counters (INDEX).
    Audric,
    /// Leader: the usual limits still hold when acquiring (INDEX).
    Dedric,
    /// Leader: a second turn when a Payne counter is removed (INDEX).
    Payne,
    /// Leader: his power only on one of your two workers in solo (SOLO RULES 3). What the
    /// power does is the card's `boost` (an upgraded worker's effect) by its `amount`.
    Trosh,
    /// Upgraded worker: mines `amount` more gold (UPGRADES: "mining").
    BetterMine,
    /// Upgraded worker: pays `amount` gold less for each item it buys.
    BetterBuy,
    /// Upgraded worker: pays `amount` gold less for a building it starts.
    BetterBuild,
    /// Upgraded worker: pays `amount` gold less for a unit it recruits.
    BetterRecruit,
    /// Upgraded worker: removes `amount` more turn counters when it develops.
    BetterDevelop,
    /// Upgraded worker: looks at `amount` more cards when it researches (UPGRADES:
    /// "researching"); the cards it does not keep or put back on top go to the bottom.
    BetterResearch,
}

impl Effect {
    /// The kind of card this effect belongs on.
    pub fn kind(self) -> CardKind {
        match self {
            Effect::Walls
            | Effect::Fortification
            | Effect::Catapult
            | Effect::GuardTower
            | Effect::Marketplace => CardKind::Building,
            Effect::HolyGrail | Effect::InvincibilityCloak | Effect::Potion => CardKind::Item,
            Effect::Audric | Effect::Dedric | Effect::Payne | Effect::Trosh => CardKind::Leader,
            Effect::BetterMine
            | Effect::BetterBuy
            | Effect::BetterBuild
            | Effect::BetterRecruit
            | Effect::BetterDevelop
            | Effect::BetterResearch => CardKind::Upgrade,
        }
    }

    /// What the app applies, in words, for a card with this effect, `amount` and `boost`.
    pub fn applies(self, amount: u8, boost: Option<Effect>) -> String {
        let uses = amount.max(1);
        match self {
            Effect::Walls => "takes the hits on your castle; destroyed at 5 damage".into(),
            Effect::Fortification => {
                "takes the hits on your castle; destroyed with more damage than your buildings"
                    .into()
            }
            Effect::Catapult | Effect::GuardTower => {
                "deals 1 damage to a unit attacking your castle".into()
            }
            Effect::Marketplace => "1 gold back after each item, building or recruit".into(),
            Effect::HolyGrail => "2 VP while its unit stands on the centre square".into(),
            Effect::InvincibilityCloak => {
                "asked when your unit is attacked: it takes no damage from that attack".into()
            }
            Effect::Potion => {
                "removes a living unit's damage; asked after an enemy attack your unit survives"
                    .into()
            }
            Effect::Audric => format!("+1 HP counter on one of your units, {uses} a turn"),
            Effect::Dedric => format!("acquire a card without a worker, {uses} a turn"),
            Effect::Payne => "develop his card: each counter removed gives a second turn".into(),
            Effect::Trosh => format!(
                "one worker a turn: {}",
                boost.map_or_else(String::new, |b| b.applies(amount, None))
            ),
            Effect::BetterMine => format!("mines {amount} more gold"),
            Effect::BetterBuy => format!("pays {amount} gold less for each item it buys"),
            Effect::BetterBuild => format!("pays {amount} gold less for a building"),
            Effect::BetterRecruit => format!("pays {amount} gold less for a unit"),
            Effect::BetterDevelop => format!("removes {amount} more turn counter(s)"),
            Effect::BetterResearch => format!("looks at {amount} more card(s) in research"),
        }
    }

    /// The file's word for it (`better-mine`, `audric`, ...).
    pub fn word(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
}

fn one() -> u8 {
    1
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// One card as the file writes it (and as the engine keeps it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub name: String,
    /// Gold to buy, build or (ignored for upgrades, always 5) pay.
    #[serde(default)]
    pub cost: u8,
    /// VP the card gives: an item when bought, a building while it stands in play.
    #[serde(default)]
    pub vp: u8,
    #[serde(default = "one")]
    pub copies: u8,
    /// Buildings: turn counters to develop before it is in play.
    #[serde(default)]
    pub turns: u8,
    /// Buildings: hits needed to destroy it.
    #[serde(default)]
    pub hits: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<Effect>,
    /// How much the effect gives: an upgraded worker's gold, counters or cards; Audric's and
    /// Dedric's uses a turn (0 reads as 1); Trosh's boost.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub amount: u8,
    /// Trosh only: the upgraded worker's effect his power gives one worker a turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boost: Option<Effect>,
    #[serde(default)]
    pub text: String,
    /// Which values are sample data ("name", "cost", "vp", "copies", "turns", "hits", "text").
    #[serde(default)]
    pub sample_fields: Vec<String>,
}

const SAMPLE_FIELDS: [&str; 10] = [
    "name", "cost", "vp", "copies", "turns", "hits", "text", "effect", "amount", "boost",
];

/// A card file as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardsFile {
    #[serde(flatten)]
    pub header: crate::datafile::Header,
    pub cards: Vec<Card>,
}

impl CardsFile {
    /// Parses and checks a file of `kind`; the first problem is the error.
    /// (`problems` are the card editor's lines, each already naming its row, so the error
    /// carries the line whole rather than parsing the row back out of it.)
    pub fn parse(text: &str, kind: CardKind) -> Result<CardsFile, DataFileError> {
        let file: CardsFile = crate::datafile::parse(text, kind.data_kind())?;
        match file.problems(kind).into_iter().next() {
            Some(p) => Err(DataFileError::whole(p)),
            None => Ok(file),
        }
    }

    /// Every problem, each naming the card row: one pass over the cards.
    pub fn problems(&self, kind: CardKind) -> Vec<String> {
        let mut out = Vec::new();
        if let Err(e) = self.header.expect_kind(kind.data_kind()) {
            out.push(e.to_string());
        }
        if self.cards.is_empty() {
            out.push("cards: the list is empty".to_string());
        }
        if self.cards.len() > usize::from(u16::MAX) {
            out.push("cards: too many cards".to_string());
        }
        let total: usize = self.cards.iter().map(|c| usize::from(c.copies)).sum();
        if total > MAX_CARDS {
            out.push(format!(
                "cards: the copies add up to {total} cards; a deck may hold at most {MAX_CARDS}"
            ));
        }
        let mut names = crate::datafile::FirstSeen::new();
        for (i, c) in self.cards.iter().enumerate() {
            let mut row = |text: String| out.push(format!("cards[{i}] ({:?}): {text}", c.name));
            if c.name.trim().is_empty() {
                row("name is empty".to_string());
            } else if let Some(first) = names.again(c.name.trim().to_lowercase(), i) {
                row(format!("the name is used twice, first at cards[{first}]"));
            }
            if c.copies == 0 {
                row("copies must be at least 1".to_string());
            }
            if kind == CardKind::Building && c.hits == 0 {
                row("hits must be at least 1: a building is destroyed by hits (BUILDINGS)".into());
            }
            let payne = c.effect == Some(Effect::Payne);
            if payne && c.turns == 0 {
                row("Payne needs turns: the counters on his card (LEADERS; INDEX)".into());
            }
            if kind != CardKind::Building && (c.hits > 0 || (c.turns > 0 && !payne)) {
                row(format!(
                    "turns and hits are for buildings, not {}",
                    kind.plural()
                ));
            }
            if let Some(e) = c.effect
                && e.kind() != kind
            {
                row(format!(
                    "the effect {e:?} belongs on {}, not {}",
                    e.kind().plural(),
                    kind.plural()
                ));
            }
            let worker = |e: Effect| e.kind() == CardKind::Upgrade;
            if c.effect.is_some_and(worker) && c.amount == 0 {
                row(format!(
                    "the effect {} needs an amount of at least 1",
                    c.effect.map(Effect::word).unwrap_or_default()
                ));
            }
            match (c.effect, c.boost) {
                (Some(Effect::Trosh), Some(b)) if worker(b) && c.amount > 0 => {}
                (Some(Effect::Trosh), _) => row(
                    "Trosh needs a boost (an upgraded worker's effect, e.g. better-mine) and an amount"
                        .into(),
                ),
                (_, Some(_)) => row("boost is for Trosh only".into()),
                _ => {}
            }
            for f in &c.sample_fields {
                if !SAMPLE_FIELDS.contains(&f.as_str()) {
                    row(format!(
                        "sample_fields has {f:?} (known: {})",
                        SAMPLE_FIELDS.join(", ")
                    ));
                }
            }
        }
        out
    }
}

/// `tablemate check` of a card file of `kind`: a summary line, or the first problem.
pub fn check_text(kind: CardKind, text: &str) -> Result<String, DataFileError> {
    let f = CardsFile::parse(text, kind)?;
    let total: usize = f.cards.iter().map(|c| usize::from(c.copies)).sum();
    Ok(format!(
        "{} {}, {total} cards{}",
        f.cards.len(),
        kind.plural(),
        if f.header.sample_data {
            " (includes sample data)"
        } else {
            ""
        }
    ))
}

/// The four card lists a game uses, saved with it (like the units).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Cards {
    #[serde(default)]
    pub buildings: Vec<Card>,
    #[serde(default)]
    pub items: Vec<Card>,
    #[serde(default)]
    pub upgrades: Vec<Card>,
    #[serde(default)]
    pub leaders: Vec<Card>,
}

impl Cards {
    pub fn list(&self, kind: CardKind) -> &[Card] {
        match kind {
            CardKind::Building => &self.buildings,
            CardKind::Item => &self.items,
            CardKind::Upgrade => &self.upgrades,
            CardKind::Leader => &self.leaders,
        }
    }

    pub(crate) fn list_mut(&mut self, kind: CardKind) -> &mut Vec<Card> {
        match kind {
            CardKind::Building => &mut self.buildings,
            CardKind::Item => &mut self.items,
            CardKind::Upgrade => &mut self.upgrades,
            CardKind::Leader => &mut self.leaders,
        }
    }

    /// Reads the four files through `read` (path → (text, where it came from)).
    pub fn load(
        mut read: impl FnMut(&str) -> Result<(String, String), DataFileError>,
    ) -> Result<Cards, DataFileError> {
        let mut cards = Cards::default();
        for kind in CardKind::ALL {
            let (text, origin) = read(kind.path())?;
            let file = CardsFile::parse(&text, kind).map_err(|e| e.in_file(origin))?;
            *cards.list_mut(kind) = file.cards;
        }
        Ok(cards)
    }

    /// The bundled sample cards.
    pub fn bundled() -> Result<Cards, DataFileError> {
        Cards::load(|path| {
            crate::datafile::bundled(path).map(|t| (t.to_string(), format!("{path} (bundled)")))
        })
    }

    /// A card's index by name (any case), in `kind`'s list.
    pub fn find(&self, kind: CardKind, name: &str) -> Option<u16> {
        let name = name.trim();
        self.list(kind)
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name))
            .and_then(|i| u16::try_from(i).ok())
    }

    pub fn card(&self, kind: CardKind, index: u16) -> Option<&Card> {
        self.list(kind).get(usize::from(index))
    }

    /// The name of card `index` of `kind`, or a placeholder for a card the list lost.
    pub fn name(&self, kind: CardKind, index: u16) -> String {
        self.card(kind, index)
            .map_or_else(|| format!("card {index}"), |c| c.name.clone())
    }

    /// Every copy of `kind`'s cards, for a deck.
    pub fn deck_cards(&self, kind: CardKind) -> Vec<u16> {
        self.list(kind)
            .iter()
            .enumerate()
            .flat_map(|(i, c)| {
                std::iter::repeat_n(u16::try_from(i).unwrap_or(u16::MAX), usize::from(c.copies))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_card_files_load_and_hold_the_printed_counts() {
        let c = Cards::bundled().unwrap();
        let count = |k| c.deck_cards(k).len();
        assert_eq!(count(CardKind::Item), 24, "24 item cards (components)");
        assert_eq!(count(CardKind::Upgrade), 10, "10 upgraded workers");
        assert_eq!(count(CardKind::Leader), 10, "10 leaders");
        let grail = c.find(CardKind::Item, "holy grail").unwrap();
        assert_eq!(c.list(CardKind::Item)[usize::from(grail)].copies, 1);
    }

    #[test]
    fn a_building_without_hits_is_refused_with_its_row() {
        let text = crate::datafile::edited_bundled(BUILDINGS_PATH, |v| {
            v["cards"][2]["hits"] = serde_json::json!(0);
        });
        let e = CardsFile::parse(&text, CardKind::Building).unwrap_err();
        assert!(e.to_string().starts_with("cards[2]") && e.to_string().contains("hits"), "{e}");
    }

    #[test]
    fn an_effect_on_the_wrong_kind_of_card_is_refused() {
        let text = crate::datafile::edited_bundled(ITEMS_PATH, |v| {
            v["cards"][0]["effect"] = serde_json::json!("walls");
        });
        let e = CardsFile::parse(&text, CardKind::Item).unwrap_err();
        assert!(e.to_string().contains("belongs on buildings"), "{e}");
    }

    #[test]
    fn a_card_name_used_twice_names_the_first() {
        let text = crate::datafile::edited_bundled(LEADERS_PATH, |v| {
            let first = v["cards"][0]["name"].clone();
            v["cards"][3]["name"] = first;
        });
        let e = CardsFile::parse(&text, CardKind::Leader).unwrap_err();
        assert!(e.to_string().contains("first at cards[0]"), "{e}");
    }
}
