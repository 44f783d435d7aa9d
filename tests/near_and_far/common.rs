//! Shared set-up for the Near and Far tests.
#![allow(dead_code)]

use chrono::NaiveDate;
use tablemate::near_and_far::index::{self, Bookkeeping, Built, IndexFile, Source};
use tablemate::near_and_far::scoring::Town;
use tablemate::near_and_far::session::Variants;
use tablemate::near_and_far::{
    Campaign, Facts, MapNumber, Mode, Outcome, QuestCode, QuestRecord, Read,
};

pub fn day(n: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, n).expect("a March date")
}

pub fn facts() -> Facts {
    Facts::bundled().expect("bundled facts load")
}

pub fn map(n: u8) -> MapNumber {
    MapNumber::new(n).expect("a map number")
}

pub fn code(s: &str) -> QuestCode {
    QuestCode::parse(s).expect("a quest code")
}

pub fn seats(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(p, c)| (p.to_string(), c.to_string()))
        .collect()
}

/// A campaign with Ana playing Rin and Ben playing Vera.
pub fn campaign(mode: Mode) -> Campaign {
    campaign_with(
        mode,
        Variants::default(),
        &[("Ana", "Rin"), ("Ben", "Vera")],
    )
}

pub fn campaign_with(mode: Mode, variants: Variants, list: &[(&str, &str)]) -> Campaign {
    let f = facts();
    Campaign::new(
        mode,
        variants,
        f.characters.card.layout,
        &seats(list),
        day(1),
        Some(&f),
    )
    .expect("a valid campaign")
    .0
}

/// Starts the next session on `m` with every character.
pub fn start(c: &mut Campaign, m: u8) -> Vec<String> {
    let all: Vec<String> = c.sheets.iter().map(|s| s.character.clone()).collect();
    c.start_session(map(m), day(2), Town::Dusk, &all, Some(&facts()))
        .expect("the session starts")
}

/// Campaign Mode: plays (scoring nothing) every map before `m`, then starts `m`.
pub fn reach(c: &mut Campaign, m: u8) -> Vec<String> {
    loop {
        let next = c.next_maps().expect("a next map")[0].get();
        if next >= m {
            return start(c, m);
        }
        start(c, next);
        let names: Vec<String> = c.sheets.iter().map(|s| s.character.clone()).collect();
        let pts: Vec<(&str, i32)> = names.iter().map(|n| (n.as_str(), 0)).collect();
        finish(c, &pts);
    }
}

/// The bundled index (rulebook examples and empty map templates) plus `extra` files.
pub fn index_with(extra: &[(&str, &str)]) -> Built {
    let f = facts();
    let user: Vec<Source> = extra
        .iter()
        .map(|(name, text)| Source {
            rel: format!("storybook-index/{name}"),
            origin: name.to_string(),
            text: text.to_string(),
        })
        .collect();
    index::load(index::bundled_sources(), user, Some(&f)).0
}

/// Only the given files, no bundled ones.
pub fn only(files: &[(&str, &str)]) -> Built {
    let f = facts();
    let user: Vec<Source> = files
        .iter()
        .map(|(name, text)| Source {
            rel: name.to_string(),
            origin: name.to_string(),
            text: text.to_string(),
        })
        .collect();
    index::load(Vec::new(), user, Some(&f)).0
}

pub fn parse_index(text: &str) -> IndexFile {
    IndexFile::parse(text).expect("an index file")
}

/// A finished session: every present character scores `points`.
pub fn finish(c: &mut Campaign, points: &[(&str, i32)]) -> Vec<String> {
    use tablemate::near_and_far::scoring::{PlayerScore, ScoreResult};
    let players: Vec<PlayerScore> = points
        .iter()
        .map(|(n, p)| PlayerScore {
            name: n.to_string(),
            lines: Vec::new(),
            total: *p,
            place: 1,
        })
        .collect();
    let best = points.iter().map(|p| p.1).max().unwrap_or(0);
    let result = ScoreResult {
        winners: points
            .iter()
            .filter(|p| p.1 == best)
            .map(|p| p.0.to_string())
            .collect(),
        players,
        tie_break: None,
    };
    c.finish_session(&result, day(3)).expect("the session ends")
}

/// A quest read with no next code, no ending and no rewards written on it.
pub fn quest(read: Read, outcome: Outcome) -> QuestRecord {
    QuestRecord {
        read,
        outcome,
        next: None,
        ending: false,
        rewards: Bookkeeping::default(),
    }
}
