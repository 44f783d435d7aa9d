//! What each string in a save is, by where it sits: the tables the report's redaction reads.
//!
//! A line is a place and its class. A place is a path from the top of its part of the save
//! (the file, a game state, a recorded action), written as the JSON is:
//! `games[].runner_up_note` is the `runner_up_note` of every item of `games`; `*` is any key of
//! an object (a deck's piles, a map keyed by rules text such as board squares); `<key>` is the
//! keys themselves of the object before it (a map keyed by what a player typed). A value that
//! several places hold (a Worldspanner challenge, a Furtherance reason) has a table of its own,
//! placed `within` the tables where it appears. Object keys no line names are the fields of the
//! game's types, kept as they are.
//!
//! Every string a save can hold must sit at some line: the completeness test
//! (`every_string_a_save_can_hold_is_classified_as_player_text_or_rules_text`,
//! tests/cli/report.rs) plays every game through its public actions, its free-text fields
//! filled with markers, and fails naming each place no line covers, and each marker found at
//! a place called rules text. A string no line covers is replaced, to be safe.

use serde_json::Value;

use crate::doc::Kind;

/// What a string in a save is, and so what the report does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A player typed it (a title, a name, a note, a reason): replaced by its placeholder
    /// wherever it appears.
    Typed,
    /// Text from the game's data files (a talent, a character, a deck, a unit), which a
    /// player can also write their own of: kept when the bundled data holds it word for word,
    /// replaced like typed text when it is the player's own.
    Data,
    /// The app's own sentence about the game (a history label, the summary, a challenge's
    /// lines), which may quote typed text: kept, with the typed text in it replaced.
    Told,
    /// The rules' and the app's own words: enum words, ids, board squares, quest codes,
    /// dates, digests. Kept as they are, so the redacted save still loads.
    Rules,
}

use Class::{Rules, Told, Typed};

/// The part of a save a path starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    /// The file itself: the envelope, the title, the history around the states.
    Save,
    /// A game state: `current`, an entry's whole `state`, where a change's `path` points.
    State,
    /// A recorded action, as `tablemate act` takes it.
    Action,
}

impl Part {
    pub fn name(self) -> &'static str {
        match self {
            Part::Save => "save",
            Part::State => "state",
            Part::Action => "action",
        }
    }
}

/// A step of a path into the JSON.
#[derive(Debug, Clone, Copy)]
pub(super) enum Seg<'v> {
    Key(&'v str),
    Index,
}

/// Where the save holds a game state, an action or changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mount {
    State,
    Action,
    Changes,
}

/// The file's own strings (docs/store.md, "The file format").
const SAVE: &[(&str, Class)] = &[
    ("format", Rules),
    ("kind", Rules),
    ("saved_at", Rules),
    ("summary", Told),
    ("data.title", Typed),
    ("data.history.digest", Rules),
    ("data.history.entries[].label", Told),
    ("data.history.entries[].at", Rules),
    ("data.history.entries[].change[].op", Rules),
    // The state fields a game keeps beside each entry, not in its changes (history/aside.rs).
    ("data.history.set_aside[]", Rules),
];

const MOUNTS: &[(&str, Mount)] = &[
    ("data.history.current", Mount::State),
    ("data.history.entries[].state", Mount::State),
    ("data.history.entries[].action", Mount::Action),
    ("data.history.entries[].change", Mount::Changes),
    // The set-aside fields of an entry's state: a part of that state, read by its table.
    ("data.history.entries[].aside", Mount::State),
];

/// Version 1 saved the bare state as the data (docs/store.md).
const MOUNTS_V1: &[(&str, Mount)] = &[("data", Mount::State)];

/// A table of lines, and the places that hold a value with a table of its own (a reason, a
/// challenge's outcome, a task), which its lines read from that place on.
pub(super) struct Places {
    pub lines: &'static [(&'static str, Class)],
    pub within: &'static [(&'static str, &'static Places)],
}

/// A game's tables: its state's and its recorded actions'.
pub(super) struct Game {
    pub state: &'static Places,
    pub action: &'static Places,
}

/// Every game's tables, `places::<module>::{STATE, ACTION}`, from the one list of games
/// (crates/core/src/games/list.rs).
macro_rules! game_tables {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        $(mod $module;)+

        /// The tables of `kind`.
        pub(super) fn game(kind: Kind) -> Game {
            match kind {
                $(Kind::$variant => Game {
                    state: &$module::STATE,
                    action: &$module::ACTION,
                },)+
            }
        }
    };
}
crate::for_each_game!(game_tables);

/// A pattern's steps, read from its text as it is matched: `games[].note` is `games`, any
/// index, `note`.
fn steps(pattern: &'static str) -> impl Iterator<Item = Step> {
    pattern.split('.').flat_map(|part| {
        let name = part.trim_end_matches("[]");
        let first = match name {
            "" => None,
            "*" => Some(Step::AnyKey),
            "<key>" => Some(Step::KeyOf),
            name => Some(Step::Key(name)),
        };
        let indices = (part.len() - name.len()) / 2;
        first
            .into_iter()
            .chain(std::iter::repeat_n(Step::Index, indices))
    })
}

/// One step of a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(&'static str),
    AnyKey,
    Index,
    /// The keys of the object the path before it reaches.
    KeyOf,
}

fn step_fits(step: &Step, seg: &Seg<'_>) -> bool {
    match (step, seg) {
        (Step::Key(a), Seg::Key(b)) => a == b,
        (Step::AnyKey, Seg::Key(_)) | (Step::Index, Seg::Index) => true,
        _ => false,
    }
}

/// Whether `pattern` names the string at `path` (with `key`, the keys of the object there).
fn matches(pattern: &'static str, path: &[Seg<'_>], key: bool) -> bool {
    let mut at = path.iter();
    let mut steps = steps(pattern).peekable();
    while let Some(step) = steps.next() {
        if step == Step::KeyOf {
            return key && steps.peek().is_none() && at.next().is_none();
        }
        match at.next() {
            Some(seg) if step_fits(&step, seg) => {}
            _ => return false,
        }
    }
    !key && at.next().is_none()
}

/// How much of `path` the pattern `prefix` covers, when it is a beginning of it.
fn prefix_of(prefix: &'static str, path: &[Seg<'_>]) -> Option<usize> {
    let mut n = 0;
    for step in steps(prefix) {
        match path.get(n) {
            Some(seg) if step_fits(&step, seg) => n += 1,
            _ => return None,
        }
    }
    Some(n)
}

impl Places {
    /// The line of this table (or of a table within it) that covers the string at `path`.
    fn class(&'static self, path: &[Seg<'_>], key: bool) -> Option<(&'static str, Class)> {
        if let Some(&(text, class)) = self.lines.iter().find(|(p, _)| matches(p, path, key)) {
            return Some((text, class));
        }
        self.within.iter().find_map(|(prefix, table)| {
            let n = prefix_of(prefix, path)?;
            table.class(&path[n..], key)
        })
    }
}

static SAVE_PLACES: Places = Places {
    lines: SAVE,
    within: &[],
};

/// The tables that apply to one save.
pub(super) struct Tables {
    mounts: &'static [(&'static str, Mount)],
    game: Option<Game>,
}

/// The tables for `save`, by its envelope's `kind` and `version`. A kind this build does not
/// know has no state or action lines: all its strings are replaced.
pub(super) fn tables(save: &Value) -> Tables {
    let kind = save
        .get("kind")
        .and_then(Value::as_str)
        .and_then(Kind::parse);
    let v1 = save.get("version").and_then(Value::as_u64) == Some(1);
    Tables {
        mounts: if v1 { MOUNTS_V1 } else { MOUNTS },
        game: kind.map(game),
    }
}

impl Tables {
    /// The line that covers the string at `path` of `part` (the key of the object there with
    /// `key`). A key no line names is a field name: rules text.
    pub fn class(&self, part: Part, path: &[Seg<'_>], key: bool) -> Option<(&'static str, Class)> {
        let table = match (part, &self.game) {
            (Part::Save, _) => Some(&SAVE_PLACES),
            (Part::State, Some(g)) => Some(g.state),
            (Part::Action, Some(g)) => Some(g.action),
            (_, None) => None,
        };
        match table.and_then(|t| t.class(path, key)) {
            Some(found) => Some(found),
            None if key => Some(("a field name", Rules)),
            None => None,
        }
    }

    /// What the save holds at `path`, when it is a state, an action or changes.
    pub fn mount(&self, path: &[Seg<'_>]) -> Option<Mount> {
        self.mounts
            .iter()
            .find(|(p, _)| matches(p, path, false))
            .map(|&(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_reads_keys_indices_any_key_and_the_keys_of_a_map() {
        let at = [Seg::Key("games"), Seg::Index, Seg::Key("runner_up_note")];
        assert!(matches("games[].runner_up_note", &at, false));
        assert!(!matches("games[].runner_up_note", &at[..2], false));
        assert!(!matches("games[].runner_up_note", &at, true));
        assert!(!matches("games[]", &at, false));
        let arrow = [
            Seg::Key("arrows"),
            Seg::Key("left"),
            Seg::Key("a3"),
            Seg::Index,
        ];
        assert!(matches("arrows.*.*[]", &arrow, false));
        let tuple = [Seg::Key("queue"), Seg::Index, Seg::Index];
        assert!(matches("queue[][]", &tuple, false));
        assert!(matches("by_player.<key>", &[Seg::Key("by_player")], true));
        assert!(!matches("by_player.<key>", &[Seg::Key("by_player")], false));
        assert_eq!(
            prefix_of(
                "teams[].deck.*[]",
                &[
                    Seg::Key("teams"),
                    Seg::Index,
                    Seg::Key("deck"),
                    Seg::Key("discard"),
                    Seg::Index,
                    Seg::Key("domes")
                ]
            ),
            Some(5)
        );
    }

    #[test]
    fn a_table_within_a_table_reads_from_its_place_on_and_may_hold_itself() {
        let then = [
            Seg::Key("then"),
            Seg::Key("then"),
            Seg::Key("challenge"),
            Seg::Key("modifiers"),
            Seg::Index,
            Seg::Key("reason"),
        ];
        assert_eq!(
            worldspanner::ACTION.class(&then, false),
            Some(("modifiers[].reason", Typed))
        );
        let item = [
            Seg::Key("item"),
            Seg::Key("replacement"),
            Seg::Key("keyword"),
        ];
        assert_eq!(
            near_and_far::ACTION.class(&item, false),
            Some(("keyword", Class::Data))
        );
    }
}
