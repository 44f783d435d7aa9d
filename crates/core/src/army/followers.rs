//! The follower table of the two-to-four-general game (Setup, Step 1: Form Your Army): the
//! eleven follower types with their cost in Follower Points, movement, damage and health, read
//! from `data/army/followers.json`. Also the army-building and promotion limits of the book.
//! No I/O here.

use crate::datafile::DataFileError;
use serde::{Deserialize, Serialize};
use strum::VariantArray;

/// The data kind of the follower table file.
pub const DATA_KIND: &str = "army-followers";

/// The bundled follower table's path (a user's copy in the data folder replaces it).
pub const FOLLOWERS_PATH: &str = "data/army/followers.json";

/// Follower Points each player spends on their army (Setup, Step 1).
pub const FOLLOWER_POINTS: u32 = 10;

/// Starting squares per player, counted on the two- and four-player diagrams (Setup, Step 3):
/// no more pieces than this can be placed.
pub const STARTING_SQUARES: usize = 10;

/// Promotion ceilings (Promoting): a promotion never raises a stat past these; resource cards
/// may.
pub const MAX_MOVEMENT: u8 = 3;
pub const MAX_DAMAGE: u8 = 3;
pub const MAX_HEALTH: u8 = 6;

/// The eleven follower types of the table, the General first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, VariantArray,
)]
#[serde(rename_all = "kebab-case")]
pub enum FollowerKind {
    General,
    Grunt,
    Shield,
    Warrior,
    Scout,
    Tank,
    Berserker,
    Protector,
    Gladiator,
    Assassin,
    Champion,
}

impl FollowerKind {
    /// The eleven, in the table's order as declared; `FALLBACK` follows it and is indexed by
    /// `kind as usize`.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn as_str(self) -> &'static str {
        match self {
            FollowerKind::General => "general",
            FollowerKind::Grunt => "grunt",
            FollowerKind::Shield => "shield",
            FollowerKind::Warrior => "warrior",
            FollowerKind::Scout => "scout",
            FollowerKind::Tank => "tank",
            FollowerKind::Berserker => "berserker",
            FollowerKind::Protector => "protector",
            FollowerKind::Gladiator => "gladiator",
            FollowerKind::Assassin => "assassin",
            FollowerKind::Champion => "champion",
        }
    }

    /// Accepts the type's name in any case ("Tank", "tank").
    pub fn parse(s: &str) -> Option<FollowerKind> {
        let s = s.trim().to_ascii_lowercase();
        FollowerKind::ALL.iter().copied().find(|k| k.as_str() == s)
    }

    /// The name as printed in the table.
    pub fn title(self) -> &'static str {
        match self {
            FollowerKind::General => "General",
            FollowerKind::Grunt => "Grunt",
            FollowerKind::Shield => "Shield",
            FollowerKind::Warrior => "Warrior",
            FollowerKind::Scout => "Scout",
            FollowerKind::Tank => "Tank",
            FollowerKind::Berserker => "Berserker",
            FollowerKind::Protector => "Protector",
            FollowerKind::Gladiator => "Gladiator",
            FollowerKind::Assassin => "Assassin",
            FollowerKind::Champion => "Champion",
        }
    }

    pub fn is_general(self) -> bool {
        self == FollowerKind::General
    }
}

impl std::fmt::Display for FollowerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

/// One row of the follower table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FollowerStats {
    pub kind: FollowerKind,
    pub name: String,
    /// Follower Points to recruit one.
    pub cost: u32,
    /// Squares it may move per turn.
    pub movement: u8,
    /// Damage it deals in an attack.
    pub damage: u8,
    /// Damage it can take before dying.
    pub health: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    // Its data_kind is checked by `datafile::parse` before this struct is read.
    #[serde(flatten)]
    #[allow(dead_code)]
    header: crate::datafile::Header,
    followers: Vec<FollowerStats>,
}

/// The checked follower table: every type exactly once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FollowerTable(Vec<FollowerStats>);

impl FollowerTable {
    /// Parses and checks a follower table file's text; errors name the field.
    pub fn parse(text: &str) -> Result<FollowerTable, DataFileError> {
        let file: TableFile = crate::datafile::parse(text, DATA_KIND)?;
        let table = FollowerTable(file.followers);
        table.validate()?;
        Ok(table)
    }

    /// The table bundled with the app.
    pub fn bundled() -> Result<FollowerTable, DataFileError> {
        crate::datafile::parse_bundled(FOLLOWERS_PATH, FollowerTable::parse)
    }

    pub fn validate(&self) -> Result<(), DataFileError> {
        let kinds: Vec<FollowerKind> = self.0.iter().map(|f| f.kind).collect();
        crate::datafile::holds_each_once(
            "followers",
            "every follower type",
            FollowerKind::ALL.iter().copied(),
            &kinds,
            |k| format!("{:?}", k.as_str()),
        )?;
        for f in &self.0 {
            let at = format!("followers[{}]", f.kind.as_str());
            if f.name.trim().is_empty() {
                return Err(DataFileError::new(at.as_str(), "name is empty"));
            }
            if f.cost > FOLLOWER_POINTS {
                return Err(DataFileError::new(
                    format!("{at}.cost"),
                    format!(
                        "{}, more than the {FOLLOWER_POINTS} Follower Points an army has",
                        f.cost
                    ),
                ));
            }
            if f.health == 0 {
                return Err(DataFileError::new(
                    format!("{at}.health"),
                    "0, so it would start dead",
                ));
            }
            if f.movement > 20 || f.damage > 20 || f.health > 20 {
                return Err(DataFileError::new(
                    at,
                    "movement, damage and health must be 20 or less",
                ));
            }
        }
        let general = self.stats(FollowerKind::General);
        if general.cost != 0 {
            return Err(DataFileError::new(
                "followers[general].cost",
                format!(
                    "{}, but the General is free: every army has one",
                    general.cost
                ),
            ));
        }
        Ok(())
    }

    /// The row of `kind` (always present once validated).
    pub fn stats(&self, kind: FollowerKind) -> &FollowerStats {
        self.0
            .iter()
            .find(|f| f.kind == kind)
            .unwrap_or_else(|| &FALLBACK[kind as usize])
    }

    pub fn all(&self) -> &[FollowerStats] {
        &self.0
    }

    /// Finds a type by its table name or id, in any case.
    pub fn find(&self, name: &str) -> Option<&FollowerStats> {
        let n = name.trim();
        self.0
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(n) || f.kind.as_str().eq_ignore_ascii_case(n))
    }
}

/// Only reached if a table skipped validation: the book's own rows, so lookups never panic.
static FALLBACK: std::sync::LazyLock<Vec<FollowerStats>> = std::sync::LazyLock::new(|| {
    let rows: [(u32, u8, u8, u8); 11] = [
        (0, 0, 1, 2),
        (1, 1, 1, 2),
        (2, 1, 1, 4),
        (2, 1, 2, 2),
        (2, 2, 1, 2),
        (3, 1, 1, 6),
        (3, 1, 3, 2),
        (4, 1, 2, 6),
        (4, 1, 3, 4),
        (4, 2, 3, 2),
        (6, 2, 3, 4),
    ];
    FollowerKind::ALL
        .iter()
        .copied()
        .zip(rows)
        .map(|(kind, (cost, movement, damage, health))| FollowerStats {
            kind,
            name: kind.title().to_string(),
            cost,
            movement,
            damage,
            health,
        })
        .collect()
});

/// `tablemate check` on a follower table.
pub fn check_text(text: &str) -> Result<String, DataFileError> {
    let t = FollowerTable::parse(text)?;
    Ok(format!("{} follower types", t.all().len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_table_has_the_eleven_types_of_the_book() {
        let t = FollowerTable::bundled().unwrap();
        assert_eq!(t.all().len(), 11);
        // The rulebook's own worked example: a Warrior costs 2, moves 1, deals 2, has 2 health.
        let w = t.stats(FollowerKind::Warrior);
        assert_eq!((w.cost, w.movement, w.damage, w.health), (2, 1, 2, 2));
        let g = t.stats(FollowerKind::General);
        assert_eq!((g.cost, g.movement, g.damage, g.health), (0, 0, 1, 2));
    }

    #[test]
    fn bundled_table_matches_the_book_rows_kept_as_fallback() {
        let t = FollowerTable::bundled().unwrap();
        assert_eq!(t.all(), FALLBACK.as_slice());
    }

    #[test]
    fn a_table_missing_a_type_names_it() {
        let mut v: serde_json::Value =
            serde_json::from_str(crate::bundled::get(FOLLOWERS_PATH).unwrap()).unwrap();
        v["followers"].as_array_mut().unwrap().remove(5);
        let err = FollowerTable::parse(&v.to_string()).unwrap_err();
        assert!(err.to_string().contains("\"tank\" is missing"), "{err}");
    }

    #[test]
    fn a_follower_type_listed_twice_names_where_it_first_appears() {
        let text = crate::datafile::edited_bundled(FOLLOWERS_PATH, |v| {
            v["followers"][7] = v["followers"][5].clone();
        });
        let want = r#"followers[7] ("tank"): listed twice, first at followers[5]"#;
        assert_eq!(
            FollowerTable::parse(&text).map_err(|e| e.to_string()),
            Err(want.to_string())
        );
    }

    #[test]
    fn a_table_with_a_paid_general_is_refused() {
        let mut v: serde_json::Value =
            serde_json::from_str(crate::bundled::get(FOLLOWERS_PATH).unwrap()).unwrap();
        v["followers"][0]["cost"] = 1.into();
        let err = FollowerTable::parse(&v.to_string()).unwrap_err();
        assert!(err.to_string().contains("followers[general].cost"), "{err}");
    }

    #[test]
    fn follower_names_are_found_in_any_case() {
        let t = FollowerTable::bundled().unwrap();
        assert_eq!(t.find("TANK").map(|f| f.kind), Some(FollowerKind::Tank));
        assert!(t.find("Knight").is_none());
    }
}
