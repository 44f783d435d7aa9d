//! The score sheet as typed: one line of text fields per player and per trade route, turned
//! into the engine's `ScoreInput` (blank fields count as 0; a wrong field is named).

use crate::gui::widgets::FieldError;
use strum::VariantArray;

use crate::near_and_far::MapNumber;
use crate::near_and_far::scoring::{PlayerInput, ScoreInput, ScoreSettings, Town, TradeRouteInput};

use super::forms::words;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, VariantArray)]
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
    /// Every field, as declared: the score sheet's rows.
    pub const ALL: &[Self] = Self::VARIANTS;

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

fn num<T: std::str::FromStr + Default>(
    who: &str,
    what: &str,
    text: &str,
) -> Result<T, FieldError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(T::default());
    }
    t.parse()
        .map_err(|_| FieldError::new(who, format!("{what} must be a whole number (got {t:?})")))
}

fn list(who: &str, what: &str, text: &str) -> Result<Vec<i32>, FieldError> {
    words(text)
        .into_iter()
        .map(|w| num::<i32>(who, what, w))
        .collect()
}

impl ScoreForm {
    /// Prefilled from the campaign's template (with any count already kept: its numbers, a
    /// 0 left blank as in a fresh sheet).
    pub fn from_input(input: &ScoreInput) -> ScoreForm {
        let join = |v: &[i32]| {
            v.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        fn num<N: Into<i64>>(n: N) -> String {
            match n.into() {
                0 => String::new(),
                n => n.to_string(),
            }
        }
        ScoreForm {
            map: input.map,
            town: input.town(),
            long_game: input.long_game(),
            settings: input.settings,
            players: input
                .players
                .iter()
                .map(|p| PlayerFields {
                    name: p.name.clone(),
                    // Cards whose points are not known come without a list: the field is
                    // left for the players to fill.
                    threats: p.threats.as_deref().map(join).unwrap_or_default(),
                    talents: p.talents().to_vec(),
                    mammoth_camp: p.mammoth_camp.unwrap_or(false),
                    full_card: p.full_card(),
                    camps: num(p.camps),
                    artifacts: join(&p.artifacts),
                    unpurchased: num(p.unpurchased_artifacts),
                    card_bonuses: num(p.card_bonuses),
                    coins: num(p.coins),
                    gems: num(p.gems),
                    faction_tokens: num(p.faction_tokens),
                    chiefs: num(p.chiefs),
                    reputation: num(p.reputation),
                    treasures: num(p.treasures),
                    wins_ties: p.wins_ties,
                })
                .collect(),
            routes: Vec::new(),
        }
    }

    /// The score input, or the first field that is wrong.
    pub fn to_input(&self) -> Result<ScoreInput, FieldError> {
        let mut players = Vec::new();
        for p in &self.players {
            let w = p.name.as_str();
            players.push(PlayerInput {
                name: p.name.clone(),
                camps: num(w, "camps", &p.camps)?,
                artifacts: list(w, "artifact points", &p.artifacts)?,
                unpurchased_artifacts: num(w, "artifacts in hand", &p.unpurchased)?,
                // Blank: the threat and boss cards the records show this player took.
                threats: match p.threats.trim().is_empty() {
                    true => None,
                    false => Some(list(w, "threat points", &p.threats)?),
                },
                card_bonuses: num(w, "card bonuses", &p.card_bonuses)?,
                coins: num(w, "coins", &p.coins)?,
                gems: num(w, "gems", &p.gems)?,
                faction_tokens: num(w, "faction tokens", &p.faction_tokens)?,
                chiefs: num(w, "chiefs", &p.chiefs)?,
                reputation: num(w, "reputation", &p.reputation)?,
                treasures: num(w, "treasure cards", &p.treasures)?,
                talents: Some(p.talents.clone()),
                mammoth_camp: (self.map == Some(MapNumber::MAMMOTH_JUNGLE))
                    .then_some(p.mammoth_camp),
                full_card: Some(p.full_card && self.map == Some(MapNumber::LAST_RUIN)),
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
            town: Some(self.town),
            long_game: Some(self.long_game),
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
        assert!(f.to_input().unwrap_err().to_string().contains("Vera: coins"));
    }
}
