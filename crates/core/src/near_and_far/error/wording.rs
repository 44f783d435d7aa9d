//! How the refusals say lists and counts in the table's words: "2, 3, 4", "1 choice",
//! "BRAVE and SNEAKY", "none".

use std::fmt;

use crate::near_and_far::code::{Keyword, MapNumber, QuestCode};
use crate::near_and_far::lookup::Mode;

/// Why the map chosen cannot be played next, by mode (p. 9, 29).
pub(super) fn map_order(mode: &Mode) -> &'static str {
    match mode {
        Mode::Campaign => "Campaign Mode plays the maps in order (p. 9)",
        Mode::Character => {
            "Character Mode plays Maps 2-10 until every character has read 8 character quests, then Map 11 (p. 29)"
        }
    }
}

/// "2, 3, 4": map numbers as the refusal lists them.
pub(super) fn numbers(maps: &[MapNumber]) -> String {
    let list: Vec<String> = maps.iter().map(|m| m.get().to_string()).collect();
    list.join(", ")
}

pub(super) fn joined(items: &[impl fmt::Display]) -> String {
    let list: Vec<String> = items.iter().map(|i| i.to_string()).collect();
    list.join("; ")
}

/// "3, 17, 41", or "none".
pub(super) fn codes_or_none(codes: &[QuestCode]) -> String {
    match codes.is_empty() {
        true => "none".to_string(),
        false => joined(codes).replace("; ", ", "),
    }
}

/// "1 choice", "3 choices": counts as the table says them.
pub(super) fn count_of(n: usize, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// "BRAVE and SNEAKY".
pub(super) fn keywords(list: &[Keyword]) -> String {
    let names: Vec<&str> = list.iter().map(|k| k.as_str()).collect();
    names.join(" and ")
}

/// "Fishing, Lore", or "none".
pub(super) fn none_if_empty(items: &[String]) -> String {
    match items.is_empty() {
        true => "none".to_string(),
        false => items.join(", "),
    }
}

/// "7, 3": journey points as a sheet lists them.
pub(super) fn points_list(points: &[i32]) -> String {
    let list: Vec<String> = points.iter().map(|p| p.to_string()).collect();
    list.join(", ")
}

/// "at: " before a free-form problem, nothing when there is no place (as `doc::Invalid`).
pub(super) fn at_prefix(at: &str) -> String {
    match at.is_empty() {
        true => String::new(),
        false => format!("{at}: "),
    }
}
