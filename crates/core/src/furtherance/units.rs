//! The unit catalogue (`data/furtherance/units.json`, data kind `furtherance-units`): each
//! unit's name, cost, attack, HP, abilities (the INDEX's unit abilities as typed values) and
//! copies in the 36-card unit deck, plus which of those values are sample data.

use crate::datafile::DataFileError;
use serde::{Deserialize, Serialize};
use strum::VariantArray;

pub const UNITS_KIND: &str = "furtherance-units";

/// The unit abilities of the rulebook's INDEX.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, VariantArray,
)]
#[serde(rename_all = "kebab-case")]
pub enum Ability {
    /// "Can attack 2 spaces away": any unit on a square it could reach in two moves.
    #[serde(rename = "can-attack-2-spaces-away")]
    AttackTwoSpacesAway,
    /// "One attack per turn" instead of two.
    OneAttackPerTurn,
    /// "No counter attacks": it neither counter-attacks nor is counter-attacked.
    NoCounterAttacks,
    /// "Sacrifice to destroy any building in an adjacent castle".
    #[serde(rename = "sacrifice-to-destroy-building")]
    SacrificeToDestroyBuilding,
    /// "No attacking new units" (units with a new unit token).
    NoAttackingNewUnits,
    /// "When attacked adjacent units may battle instead" (not on counter-attacks).
    AdjacentUnitsMayBattleInstead,
    /// "On field, +1 VP for every 2 units you have on field".
    FieldVictoryPoints,
    /// "When an adjacent unit you control takes damage you may put the counters on this
    /// unit instead".
    TakesAdjacentDamage,
}

impl Ability {
    /// Every ability, as declared; its place here is its bit in `Abilities`.
    pub const ALL: &[Self] = Self::VARIANTS;

    fn bit(self) -> u8 {
        1 << (Ability::ALL.iter().position(|a| *a == self).unwrap_or(0) as u8)
    }

    /// The card text, as a player reads it.
    pub fn text(self) -> &'static str {
        match self {
            Ability::AttackTwoSpacesAway => "Can attack 2 spaces away",
            Ability::OneAttackPerTurn => "One attack per turn",
            Ability::NoCounterAttacks => "No counter attacks",
            Ability::SacrificeToDestroyBuilding => {
                "Sacrifice to destroy any building in an adjacent castle"
            }
            Ability::NoAttackingNewUnits => "No attacking new units",
            Ability::AdjacentUnitsMayBattleInstead => {
                "When attacked, adjacent units may battle instead"
            }
            Ability::FieldVictoryPoints => "On field, +1 VP for every 2 units you have on field",
            Ability::TakesAdjacentDamage => "May take the damage of an adjacent unit you control",
        }
    }
}

/// A set of abilities, stored as bits for the hot path of the enemy turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Abilities(u8);

impl Abilities {
    pub fn from_list(list: &[Ability]) -> Abilities {
        Abilities(list.iter().fold(0, |m, a| m | a.bit()))
    }

    pub fn has(self, a: Ability) -> bool {
        self.0 & a.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn list(self) -> Vec<Ability> {
        Ability::ALL
            .iter()
            .copied()
            .filter(|a| self.has(*a))
            .collect()
    }
}

/// A unit card as the file writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    pub name: String,
    pub cost: u8,
    pub attack: u8,
    pub hp: u8,
    #[serde(default)]
    pub abilities: Vec<Ability>,
    pub copies: u8,
    /// Which of this unit's values are sample data, not the publisher's ("name", "cost",
    /// "attack", "hp", "abilities", "copies").
    #[serde(default)]
    pub sample_fields: Vec<String>,
}

/// The units file as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogFile {
    #[serde(flatten)]
    pub header: crate::datafile::Header,
    pub units: Vec<UnitFile>,
}

/// The most cards the copies of a units file may add up to (the printed deck has 36).
pub const MAX_DECK_CARDS: usize = 100_000;

const SAMPLE_FIELDS: [&str; 6] = ["name", "cost", "attack", "hp", "abilities", "copies"];

impl CatalogFile {
    /// The first problem `problems` finds, as the loader reports it.
    pub fn validate(&self) -> Result<(), DataFileError> {
        match self.errors().into_iter().next() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }

    /// Every problem of the file, each with the unit row it is about (the units editor shows
    /// them at their row; the loader refuses the file on the first).
    pub fn problems(&self) -> Vec<UnitsProblem> {
        self.errors()
            .into_iter()
            .map(|(row, e)| UnitsProblem {
                row,
                text: e.to_string(),
            })
            .collect()
    }

    /// `problems`, each as the typed error it is, file-wide ones first.
    fn errors(&self) -> Vec<(Option<usize>, DataFileError)> {
        let mut out = Vec::new();
        let mut file = |e: DataFileError| out.push((None, e));
        if let Err(e) = self.header.expect_kind(UNITS_KIND) {
            file(e);
        }
        if self.units.is_empty() {
            file(DataFileError::new("units", "the list is empty"));
        }
        if self.units.len() > usize::from(u16::MAX) {
            file(DataFileError::new("units", "too many units"));
        }
        // Every copy becomes a card of the digital deck, held in the save and counted at
        // every check: bounded, so a units file cannot make every save huge or slow.
        let cards: usize = self.units.iter().map(|u| usize::from(u.copies)).sum();
        if cards > MAX_DECK_CARDS {
            file(DataFileError::new(
                "units",
                format!(
                    "the copies add up to a deck of {cards} cards; a deck may hold at most \
                     {MAX_DECK_CARDS}"
                ),
            ));
        }
        if !self.units.is_empty() && self.units.iter().all(|u| u.attack == 0) {
            file(DataFileError::new(
                "units",
                "no unit has 1 or more attack, so enemy castles could never spawn (SOLO AI)",
            ));
        }
        let mut names = crate::datafile::FirstSeen::new();
        for (i, u) in self.units.iter().enumerate() {
            let mut row = |text: String| {
                out.push((
                    Some(i),
                    DataFileError::new(format!("units[{i}] ({:?})", u.name), text),
                ))
            };
            if u.name.trim().is_empty() {
                row("name is empty".to_string());
            } else if let Some(first) = names.again(u.name.trim().to_lowercase(), i) {
                row(format!("the name is used twice, first at units[{first}]"));
            }
            if u.hp == 0 {
                row("hp must be at least 1".to_string());
            }
            if u.copies == 0 {
                row("copies must be at least 1".to_string());
            }
            let mut seen = crate::datafile::FirstSeen::new();
            for (k, a) in u.abilities.iter().enumerate() {
                if let Some(first) = seen.again(*a, k) {
                    row(format!(
                        "abilities[{k}] ({:?}) is listed twice, first at abilities[{first}]",
                        a.text()
                    ));
                }
            }
            for f in &u.sample_fields {
                if !SAMPLE_FIELDS.contains(&f.as_str()) {
                    row(format!(
                        "sample_fields has {f:?} (known: {})",
                        SAMPLE_FIELDS.join(", ")
                    ));
                }
            }
        }
        out.sort_by_key(|(row, _)| row.map_or(0, |r| r + 1));
        out
    }

    pub fn parse(text: &str) -> Result<CatalogFile, DataFileError> {
        let file: CatalogFile = crate::datafile::parse(text, UNITS_KIND)?;
        file.validate()?;
        Ok(file)
    }
}

/// One problem of a units file: the row (unit) it is about, if any, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitsProblem {
    pub row: Option<usize>,
    pub text: String,
}

impl std::fmt::Display for UnitsProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Index of a unit type in the catalogue.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct KindId(pub u16);

/// A unit type as the engine uses it.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitKind {
    pub name: String,
    pub cost: u8,
    pub attack: u8,
    pub hp: u8,
    pub abilities: Abilities,
    pub copies: u8,
    /// True when any of its values is sample data.
    pub sample: bool,
}

impl UnitKind {
    /// "Kni", "FB": short enough to read inside a counter (the window's board and the table
    /// seat's picture).
    pub fn short_name(&self) -> String {
        let words: Vec<&str> = self
            .name
            .split_whitespace()
            .filter(|w| *w != "Sample")
            .collect();
        match words.as_slice() {
            [one] => one.chars().take(3).collect(),
            [] => "?".into(),
            many => many
                .iter()
                .filter_map(|w| w.chars().next())
                .take(3)
                .collect(),
        }
    }

    /// Attacks per turn: 2, or 1 with "one attack per turn" (COMBAT; INDEX).
    pub fn attacks_per_turn(&self) -> u8 {
        if self.abilities.has(Ability::OneAttackPerTurn) {
            1
        } else {
            2
        }
    }

    /// How far it attacks: 1 move, or 2 with "can attack 2 spaces away".
    pub fn reach(&self) -> u8 {
        if self.abilities.has(Ability::AttackTwoSpacesAway) {
            2
        } else {
            1
        }
    }
}

/// The checked catalogue. Saved (inside a game) as its file form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "CatalogFile", try_from = "CatalogFile")]
pub struct Catalog {
    file: CatalogFile,
    kinds: Vec<UnitKind>,
}

impl TryFrom<CatalogFile> for Catalog {
    type Error = DataFileError;

    fn try_from(file: CatalogFile) -> Result<Catalog, DataFileError> {
        file.validate()?;
        let kinds = file
            .units
            .iter()
            .map(|u| UnitKind {
                name: u.name.trim().to_string(),
                cost: u.cost,
                attack: u.attack,
                hp: u.hp,
                abilities: Abilities::from_list(&u.abilities),
                copies: u.copies,
                sample: file.header.sample_data && !u.sample_fields.is_empty(),
            })
            .collect();
        Ok(Catalog { file, kinds })
    }
}

impl From<Catalog> for CatalogFile {
    fn from(c: Catalog) -> CatalogFile {
        c.file
    }
}

impl Catalog {
    /// The bundled catalogue.
    pub fn bundled() -> Result<Catalog, DataFileError> {
        crate::datafile::parse_bundled(super::UNITS_PATH, CatalogFile::parse)
            .and_then(Catalog::try_from)
    }

    pub fn file(&self) -> &CatalogFile {
        &self.file
    }

    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    pub fn get(&self, id: KindId) -> Option<&UnitKind> {
        self.kinds.get(usize::from(id.0))
    }

    /// The kind `id`; callers hold ids checked against this catalogue.
    pub fn kind(&self, id: KindId) -> &UnitKind {
        &self.kinds[usize::from(id.0).min(self.kinds.len() - 1)]
    }

    pub fn ids(&self) -> impl Iterator<Item = KindId> + '_ {
        (0..self.kinds.len()).map(|i| KindId(i as u16))
    }

    pub fn find(&self, name: &str) -> Option<KindId> {
        let name = name.trim();
        self.kinds
            .iter()
            .position(|k| k.name.eq_ignore_ascii_case(name))
            .map(|i| KindId(i as u16))
    }

    /// Every card of the unit deck (copies included), for the digital deck.
    pub fn deck_cards(&self) -> Vec<KindId> {
        self.ids()
            .flat_map(|id| std::iter::repeat_n(id, usize::from(self.kind(id).copies)))
            .collect()
    }
}

/// `tablemate check` on a units file.
pub fn check_units_text(text: &str) -> Result<String, DataFileError> {
    let c = CatalogFile::parse(text)?;
    let cards: u32 = c.units.iter().map(|u| u32::from(u.copies)).sum();
    Ok(format!(
        "{} unit types, {cards} cards{}",
        c.units.len(),
        if c.header.sample_data {
            " (includes sample data)"
        } else {
            ""
        }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_units_hold_the_rulebook_facts() {
        let c = Catalog::bundled().unwrap();
        // CARD TYPES: four copies of every unit without abilities, two of every other card;
        // docs/game-facts.md: 36 cards in 14 types, the Fighter has 2 attack and 2 HP.
        assert_eq!(c.deck_cards().len(), 36);
        assert_eq!(c.len(), 14);
        for id in c.ids() {
            let k = c.kind(id);
            let expected = if k.abilities.is_empty() { 4 } else { 2 };
            assert_eq!(k.copies, expected, "{}", k.name);
        }
        let fighter = c.kind(c.find("Fighter").unwrap());
        assert_eq!((fighter.attack, fighter.hp), (2, 2));
        let archer = c.kind(c.find("archer").unwrap());
        assert!(archer.abilities.has(Ability::AttackTwoSpacesAway));
        assert_eq!(archer.reach(), 2);
    }

    #[test]
    fn bundled_units_label_everything_not_in_the_rulebook_as_sample() {
        let c = Catalog::bundled().unwrap();
        assert!(c.file().header.sample_data);
        let knight = c.file().units.iter().find(|u| u.name == "Knight").unwrap();
        assert!(knight.sample_fields.contains(&"hp".to_string()));
        assert!(!knight.sample_fields.contains(&"attack".to_string()));
        let fighter = c.file().units.iter().find(|u| u.name == "Fighter").unwrap();
        assert!(!fighter.sample_fields.contains(&"attack".to_string()));
        assert!(!fighter.sample_fields.contains(&"hp".to_string()));
    }

    #[test]
    fn one_attack_per_turn_units_attack_once() {
        let a = Abilities::from_list(&[Ability::OneAttackPerTurn]);
        let k = UnitKind {
            name: "x".into(),
            cost: 1,
            attack: 1,
            hp: 1,
            abilities: a,
            copies: 2,
            sample: true,
        };
        assert_eq!(k.attacks_per_turn(), 1);
        let plain = UnitKind {
            abilities: Abilities::default(),
            ..k
        };
        assert_eq!(plain.attacks_per_turn(), 2);
    }

    #[test]
    fn a_units_file_with_an_unknown_ability_names_it() {
        let text = r#"{"data_kind":"furtherance-units","units":[
            {"name":"X","cost":1,"attack":1,"hp":1,"copies":1,"abilities":["flying"]}]}"#;
        let err = CatalogFile::parse(text).unwrap_err();
        assert!(err.to_string().contains("flying"), "{err}");
    }

    #[test]
    fn a_units_file_without_attackers_is_rejected() {
        let text = r#"{"data_kind":"furtherance-units","units":[
            {"name":"X","cost":1,"attack":0,"hp":1,"copies":1}]}"#;
        let err = CatalogFile::parse(text).unwrap_err();
        assert!(err.to_string().contains("never spawn"), "{err}");
    }

    #[test]
    fn a_unit_with_zero_hp_is_rejected() {
        let text = r#"{"data_kind":"furtherance-units","units":[
            {"name":"X","cost":1,"attack":1,"hp":0,"copies":1}]}"#;
        assert!(CatalogFile::parse(text).unwrap_err().to_string().contains("hp"));
    }

    #[test]
    fn a_unit_name_used_twice_names_where_it_first_appears() {
        let text = r#"{"data_kind":"furtherance-units","units":[
            {"name":"Fighter","cost":1,"attack":1,"hp":1,"copies":1},
            {"name":"Archer","cost":1,"attack":1,"hp":1,"copies":1},
            {"name":" fighter","cost":1,"attack":1,"hp":1,"copies":1}]}"#;
        let err = CatalogFile::parse(text).unwrap_err();
        assert!(
            err.to_string().contains("units[2] (\" fighter\"): the name is used twice, first at units[0]"),
            "{err}"
        );
    }

    #[test]
    fn an_ability_listed_twice_names_where_it_first_appears() {
        let text = r#"{"data_kind":"furtherance-units","units":[
            {"name":"X","cost":1,"attack":1,"hp":1,"copies":1,
             "abilities":["no-counter-attacks","one-attack-per-turn","no-counter-attacks"]}]}"#;
        let err = CatalogFile::parse(text).unwrap_err();
        assert!(
            err.to_string().contains("abilities[2] (")
                && err.to_string().contains("is listed twice, first at abilities[0]"),
            "{err}"
        );
    }
}
