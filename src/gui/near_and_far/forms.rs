//! What the player is typing before it becomes an engine action: the new-campaign form, the
//! session form, the lookup pad, a new index entry, sheet inputs, and the score sheet. Plain
//! data; turning text into engine values (and naming the field that is wrong) happens here.

use std::fmt;

use crate::near_and_far::index::{Bookkeeping, Choice, QuestEntry, Test};
use crate::near_and_far::scoring::{PlayerInput, ScoreInput, ScoreSettings, Town, TradeRouteInput};
use crate::near_and_far::{Campaign, Facts, Keyword, Lookup, MapNumber, Mode, QuestCode};

/// A map in a pick list: "Map 4 · Meteor Mountain".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapChoice {
    pub map: MapNumber,
    pub name: String,
}

impl fmt::Display for MapChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name.is_empty() {
            write!(f, "{}", self.map)
        } else {
            write!(f, "{} · {}", self.map, self.name)
        }
    }
}

pub fn map_choice(map: MapNumber, facts: Option<&Facts>) -> MapChoice {
    MapChoice {
        map,
        name: facts
            .and_then(|f| f.map(map))
            .map(|m| m.name.clone())
            .unwrap_or_default(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModeChoice(pub Mode);

impl fmt::Display for ModeChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.title())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TownChoice(pub Town);

impl fmt::Display for TownChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Town::Dusk => "Dusk town (standard side)",
            Town::Day => "Day town (advanced side)",
        })
    }
}

/// The new-campaign form.
#[derive(Debug, Clone)]
pub struct SetupForm {
    pub mode: Mode,
    /// (player, character) per seat, 2 to 4.
    pub seats: Vec<(String, Option<String>)>,
    pub extra_stories: bool,
    pub long_game: bool,
    pub title: String,
    /// The character names from the data file.
    pub characters: Vec<String>,
}

impl SetupForm {
    pub fn new(facts: Option<&Facts>) -> SetupForm {
        SetupForm {
            mode: Mode::Campaign,
            seats: vec![(String::new(), None), (String::new(), None)],
            extra_stories: false,
            long_game: false,
            title: String::new(),
            characters: facts
                .map(|f| {
                    f.characters
                        .characters
                        .iter()
                        .map(|c| c.name.clone())
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// Starting the next session.
#[derive(Debug, Clone, Default)]
pub struct SessionForm {
    pub map: Option<MapChoice>,
    pub town: Town,
    /// Every character and whether it is at the table.
    pub present: Vec<(String, bool)>,
    /// Bounty Hunting: the level picked to fight instead of the top card.
    pub bounty_level: Option<u8>,
}

impl SessionForm {
    pub fn for_campaign(c: &Campaign, facts: Option<&Facts>) -> SessionForm {
        let map = c
            .next_maps()
            .ok()
            .and_then(|m| m.first().copied())
            .map(|m| map_choice(m, facts));
        SessionForm {
            map,
            town: c.sessions.last().map(|s| s.town).unwrap_or_default(),
            present: c
                .sheets
                .iter()
                .map(|s| (s.character.clone(), true))
                .collect(),
            bounty_level: None,
        }
    }
}

/// The quest lookup: whose turn, the number typed, the answer, and the result being entered.
#[derive(Debug, Clone, Default)]
pub struct LookupPad {
    pub character: usize,
    pub digits: String,
    pub answer: Option<Lookup>,
    pub choice: Option<usize>,
    pub next: String,
    pub ending: bool,
}

/// The kind of roll a choice asks for, in the entry form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TestKind {
    #[default]
    None,
    Skill,
    Combat,
}

impl TestKind {
    pub const ALL: [TestKind; 3] = [TestKind::None, TestKind::Skill, TestKind::Combat];
}

impl fmt::Display for TestKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TestKind::None => "no roll",
            TestKind::Skill => "skill",
            TestKind::Combat => "combat",
        })
    }
}

/// One choice box being entered into the index.
#[derive(Debug, Clone, Default)]
pub struct ChoiceForm {
    pub label: String,
    pub test: TestKind,
    pub target: String,
    pub keywords: String,
    pub optional: bool,
    pub next: String,
    pub reward_keywords: String,
    pub reward_side_quests: String,
}

/// A new storybook index entry, typed while reading.
#[derive(Debug, Clone)]
pub struct EntryForm {
    pub code: QuestCode,
    /// Also list the code on this map's spaces.
    pub map: Option<MapNumber>,
    pub choices: Vec<ChoiceForm>,
}

fn words(text: &str) -> Vec<&str> {
    text.split([',', ';'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .collect()
}

impl EntryForm {
    pub fn new(code: QuestCode, map: Option<MapNumber>) -> EntryForm {
        EntryForm {
            code,
            map,
            choices: vec![ChoiceForm::default(), ChoiceForm::default()],
        }
    }

    /// The entry, or the first field that is wrong.
    pub fn to_entry(&self) -> Result<QuestEntry, String> {
        let mut choices = Vec::new();
        for (i, c) in self.choices.iter().enumerate() {
            let at = format!("choice {}", i + 1);
            let target = || -> Result<u8, String> {
                c.target
                    .trim()
                    .parse()
                    .map_err(|_| format!("{at}: the difficulty must be a number"))
            };
            let test = match c.test {
                TestKind::None => None,
                TestKind::Skill => Some(Test::Skill(target()?)),
                TestKind::Combat => Some(Test::Combat(target()?)),
            };
            let keywords = words(&c.keywords)
                .into_iter()
                .map(Keyword::new)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("{at}: {e}"))?;
            let next = match c.next.trim() {
                "" => None,
                t => Some(QuestCode::parse(t).map_err(|e| format!("{at}: next: {e}"))?),
            };
            let reward = Bookkeeping {
                keywords: words(&c.reward_keywords)
                    .into_iter()
                    .map(Keyword::new)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("{at}: {e}"))?,
                side_quests: words(&c.reward_side_quests)
                    .into_iter()
                    .map(QuestCode::parse)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("{at}: side quest: {e}"))?,
                ..Bookkeeping::default()
            };
            choices.push(Choice {
                label: c.label.trim().to_string(),
                test,
                keywords,
                optional: c.optional,
                next,
                reward,
                bonus: Bookkeeping::default(),
            });
        }
        Ok(QuestEntry {
            code: self.code.clone(),
            choices,
            ending: false,
            note: String::new(),
        })
    }
}

/// Typing on the character sheet.
#[derive(Debug, Clone, Default)]
pub struct SheetForm {
    pub character: usize,
    pub talent: Option<String>,
    pub keyword: String,
    pub side_quest: String,
    pub next_code: String,
    /// The ledger entry being corrected.
    pub correcting: Option<u32>,
    pub reason: String,
    pub new_points: String,
}

/// One player's line of the score sheet, as typed.
#[derive(Debug, Clone, Default)]
pub struct PlayerFields {
    pub name: String,
    pub camps: String,
    pub artifacts: String,
    pub unpurchased: String,
    pub threats: String,
    pub card_bonuses: String,
    pub coins: String,
    pub gems: String,
    pub faction_tokens: String,
    pub chiefs: String,
    pub reputation: String,
    pub treasures: String,
    pub talents: Vec<String>,
    pub mammoth_camp: bool,
    pub full_card: bool,
    pub wins_ties: bool,
}

/// The numeric fields of a player line, for the form's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Camps,
    Artifacts,
    Unpurchased,
    Threats,
    CardBonuses,
    Coins,
    Gems,
    FactionTokens,
    Chiefs,
    Reputation,
    Treasures,
}

impl Field {
    pub const ALL: [Field; 11] = [
        Field::Camps,
        Field::Artifacts,
        Field::Unpurchased,
        Field::Threats,
        Field::CardBonuses,
        Field::Coins,
        Field::Gems,
        Field::FactionTokens,
        Field::Chiefs,
        Field::Reputation,
        Field::Treasures,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Field::Camps => "Camps placed",
            Field::Artifacts => "Artifacts bought (points, e.g. 7, 4)",
            Field::Unpurchased => "Artifacts left in hand",
            Field::Threats => "Threat cards (points each)",
            Field::CardBonuses => "Card bonuses",
            Field::Coins => "Coins",
            Field::Gems => "Gems",
            Field::FactionTokens => "Faction tokens",
            Field::Chiefs => "Chiefs",
            Field::Reputation => "Reputation",
            Field::Treasures => "Treasure cards (under pack birds)",
        }
    }
}

impl PlayerFields {
    pub fn get_mut(&mut self, f: Field) -> &mut String {
        match f {
            Field::Camps => &mut self.camps,
            Field::Artifacts => &mut self.artifacts,
            Field::Unpurchased => &mut self.unpurchased,
            Field::Threats => &mut self.threats,
            Field::CardBonuses => &mut self.card_bonuses,
            Field::Coins => &mut self.coins,
            Field::Gems => &mut self.gems,
            Field::FactionTokens => &mut self.faction_tokens,
            Field::Chiefs => &mut self.chiefs,
            Field::Reputation => &mut self.reputation,
            Field::Treasures => &mut self.treasures,
        }
    }

    pub fn get(&self, f: Field) -> &str {
        match f {
            Field::Camps => &self.camps,
            Field::Artifacts => &self.artifacts,
            Field::Unpurchased => &self.unpurchased,
            Field::Threats => &self.threats,
            Field::CardBonuses => &self.card_bonuses,
            Field::Coins => &self.coins,
            Field::Gems => &self.gems,
            Field::FactionTokens => &self.faction_tokens,
            Field::Chiefs => &self.chiefs,
            Field::Reputation => &self.reputation,
            Field::Treasures => &self.treasures,
        }
    }
}

/// A trade route's line, as typed.
#[derive(Debug, Clone, Default)]
pub struct RouteFields {
    pub name: String,
    pub sole: String,
    pub joint: String,
    pub first: Option<String>,
    pub second: Option<String>,
}

/// The score sheet of the session in play.
#[derive(Debug, Clone)]
pub struct ScoreForm {
    pub map: Option<MapNumber>,
    pub town: Town,
    pub long_game: bool,
    pub settings: ScoreSettings,
    pub players: Vec<PlayerFields>,
    pub routes: Vec<RouteFields>,
}

fn num<T: std::str::FromStr + Default>(who: &str, what: &str, text: &str) -> Result<T, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(T::default());
    }
    t.parse()
        .map_err(|_| format!("{who}: {what} must be a whole number (got {t:?})"))
}

fn list(who: &str, what: &str, text: &str) -> Result<Vec<i32>, String> {
    words(text)
        .into_iter()
        .map(|w| num::<i32>(who, what, w))
        .collect()
}

impl ScoreForm {
    /// Prefilled from the campaign's template.
    pub fn from_input(input: &ScoreInput) -> ScoreForm {
        let join = |v: &[i32]| {
            v.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        ScoreForm {
            map: input.map,
            town: input.town,
            long_game: input.long_game,
            settings: input.settings,
            players: input
                .players
                .iter()
                .map(|p| PlayerFields {
                    name: p.name.clone(),
                    // Unknown card points come as 0: leave the field for the players to fill.
                    threats: if p.threats.iter().all(|t| *t == 0) {
                        String::new()
                    } else {
                        join(&p.threats)
                    },
                    talents: p.talents.clone(),
                    mammoth_camp: p.mammoth_camp.unwrap_or(false),
                    full_card: p.full_card,
                    ..PlayerFields::default()
                })
                .collect(),
            routes: Vec::new(),
        }
    }

    /// The score input, or the first field that is wrong.
    pub fn to_input(&self) -> Result<ScoreInput, String> {
        let mut players = Vec::new();
        for p in &self.players {
            let w = p.name.as_str();
            players.push(PlayerInput {
                name: p.name.clone(),
                camps: num(w, "camps", &p.camps)?,
                artifacts: list(w, "artifact points", &p.artifacts)?,
                unpurchased_artifacts: num(w, "artifacts in hand", &p.unpurchased)?,
                threats: list(w, "threat points", &p.threats)?,
                card_bonuses: num(w, "card bonuses", &p.card_bonuses)?,
                coins: num(w, "coins", &p.coins)?,
                gems: num(w, "gems", &p.gems)?,
                faction_tokens: num(w, "faction tokens", &p.faction_tokens)?,
                chiefs: num(w, "chiefs", &p.chiefs)?,
                reputation: num(w, "reputation", &p.reputation)?,
                treasures: num(w, "treasure cards", &p.treasures)?,
                talents: p.talents.clone(),
                mammoth_camp: (self.map == Some(MapNumber::MAMMOTH_JUNGLE))
                    .then_some(p.mammoth_camp),
                full_card: p.full_card && self.map == Some(MapNumber::LAST_RUIN),
                wins_ties: p.wins_ties,
            });
        }
        let mut trade_routes = Vec::new();
        for (i, r) in self.routes.iter().enumerate() {
            let w = if r.name.trim().is_empty() {
                format!("trade route {}", i + 1)
            } else {
                r.name.clone()
            };
            trade_routes.push(TradeRouteInput {
                name: w.clone(),
                sole: num(&w, "the larger value", &r.sole)?,
                joint: num(&w, "the smaller value", &r.joint)?,
                camps: [&r.first, &r.second]
                    .into_iter()
                    .flatten()
                    .cloned()
                    .collect(),
            });
        }
        Ok(ScoreInput {
            map: self.map,
            town: self.town,
            long_game: self.long_game,
            settings: self.settings,
            players,
            trade_routes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_form_names_the_wrong_field() {
        let mut f = EntryForm::new(QuestCode::Number(41), None);
        f.choices[0].label = "climb".into();
        f.choices[0].test = TestKind::Skill;
        f.choices[0].target = "seven".into();
        assert!(f.to_entry().unwrap_err().contains("choice 1"));
        f.choices[0].target = "7".into();
        f.choices[1].label = "around".into();
        f.choices[1].keywords = "ash, moon".into();
        f.choices[1].reward_side_quests = "Q12".into();
        let e = f.to_entry().unwrap();
        assert_eq!(e.choices[0].test, Some(Test::Skill(7)));
        assert_eq!(e.choices[1].keywords.len(), 2);
        assert_eq!(e.choices[1].reward.side_quests, vec![QuestCode::Side(12)]);
    }

    #[test]
    fn a_score_form_reads_blank_fields_as_zero_and_names_bad_ones() {
        let mut f = ScoreForm {
            map: Some(MapNumber::TOXIC_DESERT),
            town: Town::Dusk,
            long_game: false,
            settings: ScoreSettings::default(),
            players: vec![
                PlayerFields {
                    name: "Rin".into(),
                    camps: "9".into(),
                    artifacts: "7, 4".into(),
                    ..Default::default()
                },
                PlayerFields {
                    name: "Vera".into(),
                    ..Default::default()
                },
            ],
            routes: vec![],
        };
        let input = f.to_input().unwrap();
        assert_eq!(input.players[0].artifacts, vec![7, 4]);
        assert_eq!(input.players[1].camps, 0);
        f.players[1].coins = "lots".into();
        assert!(f.to_input().unwrap_err().contains("Vera: coins"));
    }
}
