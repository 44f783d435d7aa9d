//! The game's fixed facts, read from the data files in `data/near-and-far/` (talents and
//! costs, characters and the card layout, maps with their quest numbers and special rules,
//! threat levels and boss cards). Parsing and checking only: the caller supplies the text.

mod types;

pub use types::*;

use super::code::{MapNumber, QuestCode};

pub const TALENTS_FILE: &str = "data/near-and-far/talents.json";
pub const CHARACTERS_FILE: &str = "data/near-and-far/characters.json";
pub const MAPS_FILE: &str = "data/near-and-far/maps.json";
pub const THREATS_FILE: &str = "data/near-and-far/threats.json";

/// The `data_kind` of each fact file.
pub const TALENTS_KIND: &str = "near-and-far-talents";
pub const CHARACTERS_KIND: &str = "near-and-far-characters";
pub const MAPS_KIND: &str = "near-and-far-maps";
pub const THREATS_KIND: &str = "near-and-far-threats";

/// Every fact the engine uses, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    pub talents: Vec<Talent>,
    pub characters: CharactersFile,
    pub maps: Vec<MapFacts>,
    pub threats: ThreatsFile,
}

/// Near and Far's files are read like every data file (`datafile::parse`).
use crate::datafile::{DataFileError, FirstSeen, holds_each_once, parse};

pub fn parse_talents(text: &str) -> Result<Vec<Talent>, DataFileError> {
    let file: TalentsFile = parse(text, TALENTS_KIND)?;
    let mut seen = FirstSeen::new();
    for (i, t) in file.talents.iter().enumerate() {
        if t.name.trim().is_empty() {
            return Err(DataFileError::new(format!("talents[{i}]"), "name is empty"));
        }
        if let Some(first) = seen.again(t.name.to_lowercase(), i) {
            return Err(DataFileError::new(format!("talents[{i}] ({:?})", t.name), format!("listed twice, first at talents[{first}]")));
        }
        if !(1..=10).contains(&t.cost) {
            return Err(DataFileError::new(format!("talents[{i}] ({:?})", t.name), format!("cost {} is not 1 to 10", t.cost)));
        }
    }
    if file.talents.is_empty() {
        return Err(DataFileError::new("talents", "the list is empty"));
    }
    Ok(file.talents)
}

pub fn parse_characters(text: &str) -> Result<CharactersFile, DataFileError> {
    let file: CharactersFile = parse(text, CHARACTERS_KIND)?;
    file.card
        .layout
        .validate()
        .map_err(|e| DataFileError::from(e.within("card")))?;
    let mut names = FirstSeen::new();
    let mut prefixes = FirstSeen::new();
    for (i, c) in file.characters.iter().enumerate() {
        if c.name.trim().is_empty() {
            return Err(DataFileError::new(format!("characters[{i}]"), "name is empty"));
        }
        if let Some(first) = names.again(c.name.to_lowercase(), i) {
            return Err(DataFileError::new(format!("characters[{i}] ({:?})", c.name), format!("listed twice, first at characters[{first}]")));
        }
        if let Some(p) = &c.quest_prefix {
            let p = p.to_ascii_uppercase();
            if p.is_empty() || !p.chars().all(|ch| ch.is_ascii_uppercase()) || p == "Q" {
                return Err(DataFileError::new(format!("characters[{i}] ({:?})", c.name), format!("quest_prefix {p:?} must be letters and not \"Q\" (side quests use Q)")));
            }
            if let Some(first) = prefixes.again(p.clone(), i) {
                return Err(DataFileError::new(format!("characters[{i}] ({:?})", c.name), format!("quest_prefix {p:?} is used twice, first at characters[{first}]")));
            }
            if let Some(first) = &c.first_quest
                && first.character_prefix() != Some(p.as_str())
            {
                return Err(DataFileError::new(format!("characters[{i}] ({:?})", c.name), format!("first_quest {first} does not start with {p}")));
            }
        }
    }
    Ok(file)
}

pub fn parse_maps(text: &str) -> Result<Vec<MapFacts>, DataFileError> {
    let file: MapsFile = parse(text, MAPS_KIND)?;
    // Maps 1 to 11 once each (the campaign's eleven maps); a map number is 1 to 11 by type.
    let numbers: Vec<MapNumber> = file.maps.iter().map(|m| m.number).collect();
    holds_each_once("maps", "Maps 1 to 11", MapNumber::all(), &numbers, |n| {
        n.to_string()
    })?;
    for m in &file.maps {
        if let QuestRange::Numbers { first, last, .. } = &m.quests
            && first > last
        {
            return Err(DataFileError::new(format!("maps ({})", m.number), "quests.first is after quests.last"));
        }
        if let QuestRange::Letters { letters } = &m.quests
            && letter_span(letters).is_none()
        {
            return Err(DataFileError::new(format!("maps ({})", m.number), format!("quests.letters {letters:?} should look like \"A-P\"")));
        }
        for s in &m.named_spaces {
            if !m.quests.contains(s) {
                return Err(DataFileError::new(format!("maps ({})", m.number), format!("named space {s} is outside its quests {}", m.quests.describe())));
            }
        }
    }
    let mut maps = file.maps;
    maps.sort_by_key(|m| m.number);
    Ok(maps)
}

pub fn parse_threats(text: &str) -> Result<ThreatsFile, DataFileError> {
    let file: ThreatsFile = parse(text, THREATS_KIND)?;
    let levels: Vec<u8> = file.threats.iter().map(|t| t.level).collect();
    if levels != (4..=15).collect::<Vec<u8>>() {
        return Err(DataFileError::new("threats", format!("expected levels 4 to 15 in order (rulebook p. 8), found {levels:?}")));
    }
    if file.bosses.is_empty() {
        return Err(DataFileError::new("bosses", "the list is empty"));
    }
    for (i, b) in file.bosses.iter().enumerate() {
        if b.name.trim().is_empty() {
            return Err(DataFileError::new(format!("bosses[{i}]"), "name is empty"));
        }
        if !(2..=4).contains(&b.min_players) {
            return Err(DataFileError::new(format!("bosses[{i}] ({:?})", b.name), format!("min_players {} is not 2 to 4", b.min_players)));
        }
    }
    Ok(file)
}

/// `tablemate check` on a Near and Far data file of `data_kind`: a one-line summary.
pub fn check_text(data_kind: &str, text: &str) -> Result<String, DataFileError> {
    match data_kind {
        TALENTS_KIND => parse_talents(text).map(|t| format!("{} talents", t.len())),
        CHARACTERS_KIND => {
            parse_characters(text).map(|c| format!("{} characters", c.characters.len()))
        }
        MAPS_KIND => parse_maps(text).map(|m| format!("{} maps", m.len())),
        THREATS_KIND => parse_threats(text).map(|t| {
            format!(
                "{} threat cards, {} bosses",
                t.threats.len(),
                t.bosses.len()
            )
        }),
        _ => super::index::check_text(text, Facts::bundled().ok().as_ref()),
    }
}

impl Facts {
    /// Reads the four fact files through `read` (relative path → text and a display name
    /// for errors), naming the file in any error.
    pub fn load(
        mut read: impl FnMut(&str) -> Result<(String, String), DataFileError>,
    ) -> Result<Facts, DataFileError> {
        let mut one = |path: &str| read(path);
        let (t, o) = one(TALENTS_FILE)?;
        let talents = parse_talents(&t).map_err(|e| e.in_file(o))?;
        let (t, o) = one(CHARACTERS_FILE)?;
        let characters = parse_characters(&t).map_err(|e| e.in_file(o))?;
        let (t, o) = one(MAPS_FILE)?;
        let maps = parse_maps(&t).map_err(|e| e.in_file(o))?;
        let (t, o) = one(THREATS_FILE)?;
        let threats = parse_threats(&t).map_err(|e| e.in_file(o))?;
        Ok(Facts {
            talents,
            characters,
            maps,
            threats,
        })
    }

    /// The facts shipped in the binary.
    pub fn bundled() -> Result<Facts, DataFileError> {
        Facts::load(|p| {
            crate::datafile::bundled(p).map(|t| (t.to_string(), format!("{p} (bundled)")))
        })
    }

    pub fn map(&self, n: MapNumber) -> Option<&MapFacts> {
        self.maps.iter().find(|m| m.number == n)
    }

    pub fn talent(&self, name: &str) -> Option<&Talent> {
        let wanted = name.trim().to_lowercase();
        self.talents
            .iter()
            .find(|t| t.name.to_lowercase() == wanted)
    }

    pub fn character(&self, name: &str) -> Option<&CharacterFacts> {
        let wanted = name.trim().to_lowercase();
        self.characters
            .characters
            .iter()
            .find(|c| c.name.to_lowercase() == wanted)
    }

    /// The maps whose printed quest numbers include `code`.
    pub fn maps_showing(&self, code: &QuestCode) -> Vec<MapNumber> {
        self.maps
            .iter()
            .filter(|m| m.quests.contains(code))
            .map(|m| m.number)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_facts_load() {
        let f = Facts::bundled().unwrap();
        assert_eq!(f.talents.len(), 18);
        assert_eq!(f.characters.characters.len(), 8);
        assert_eq!(f.maps.len(), 11);
        assert_eq!(f.threats.threats.len(), 12);
        assert_eq!(f.threats.bosses.len(), 4);
    }

    #[test]
    fn quest_41_is_on_meteor_mountain() {
        let f = Facts::bundled().unwrap();
        let maps = f.maps_showing(&QuestCode::Number(41));
        assert_eq!(maps, vec![MapNumber::new(4).unwrap()]);
        assert_eq!(
            f.maps_showing(&QuestCode::Letter('H')),
            vec![MapNumber::FIRST]
        );
    }

    #[test]
    fn a_threat_file_out_of_order_is_refused() {
        let text = THREATS_BAD;
        let err = parse_threats(text).unwrap_err();
        assert!(err.to_string().contains("levels 4 to 15"), "{err}");
    }

    const THREATS_BAD: &str = r#"{"data_kind":"near-and-far-threats","threats":[
        {"level":5,"name":null,"journey_points":null}],"bosses":[]}"#;

    #[test]
    fn a_character_prefix_q_is_refused() {
        let text = r#"{"data_kind":"near-and-far-characters","card":{"quest_lines":10,
          "locked_final_lines":2,"encounter_rows":10,"boxes_per_row":3,"full_card_bonus":7},
          "characters":[{"name":"Quinn","quest_prefix":"Q","first_quest":null}]}"#;
        let err = parse_characters(text).unwrap_err();
        assert!(err.to_string().contains("side quests use Q"), "{err}");
    }

    use crate::datafile::edited_bundled as edited;

    /// Appends a copy of `list[from]` to the list `list` (a repeated entry).
    fn repeat(list: &str, from: usize) -> impl FnOnce(&mut serde_json::Value) {
        move |v| {
            let items = v[list].as_array_mut().unwrap();
            items.push(items[from].clone());
        }
    }

    #[test]
    fn a_talent_listed_twice_names_where_it_first_appears() {
        let err = parse_talents(&edited(TALENTS_FILE, repeat("talents", 1))).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"talents[18] ("Bribing"): listed twice, first at talents[1]"#
        );
    }

    #[test]
    fn a_character_listed_twice_names_where_it_first_appears() {
        let text = edited(CHARACTERS_FILE, repeat("characters", 2));
        let err = parse_characters(&text).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"characters[8] ("Eyim"): listed twice, first at characters[2]"#
        );
    }

    #[test]
    fn a_quest_prefix_used_twice_names_where_it_first_appears() {
        let text = edited(CHARACTERS_FILE, |v| {
            let chars = v["characters"].as_array_mut().unwrap();
            let p = chars[3]["quest_prefix"].clone();
            let first = chars[3]["first_quest"].clone();
            chars[5]["quest_prefix"] = p;
            chars[5]["first_quest"] = first;
        });
        let err = parse_characters(&text).unwrap_err();
        let want =
            r#"characters[5] ("Tanian"): quest_prefix "R" is used twice, first at characters[3]"#;
        assert_eq!(err.to_string(), want);
    }

    #[test]
    fn a_map_listed_twice_or_missing_is_named() {
        let err = parse_maps(&edited(MAPS_FILE, repeat("maps", 4))).unwrap_err();
        assert_eq!(err.to_string(), "maps[11] (Map 5): listed twice, first at maps[4]");
        let text = edited(MAPS_FILE, |v| {
            let maps = v["maps"].as_array_mut().unwrap();
            maps.retain(|m| m["number"] != 7);
        });
        assert_eq!(
            parse_maps(&text).unwrap_err().to_string(),
            "maps: Map 7 is missing (expected Maps 1 to 11 once each)"
        );
    }
}
