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

use Class::{Data, Rules, Told, Typed};

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
];

const MOUNTS: &[(&str, Mount)] = &[
    ("data.history.current", Mount::State),
    ("data.history.entries[].state", Mount::State),
    ("data.history.entries[].action", Mount::Action),
    ("data.history.entries[].change", Mount::Changes),
];

/// Version 1 saved the bare state as the data (docs/store.md).
const MOUNTS_V1: &[(&str, Mount)] = &[("data", Mount::State)];

/// A table of lines, and the places that hold a value with a table of its own (a reason, a
/// challenge's outcome, a task), which its lines read from that place on.
pub(super) struct Table {
    pub lines: &'static [(&'static str, Class)],
    pub within: &'static [(&'static str, &'static Table)],
}

/// A game's tables: its state's and its recorded actions'.
pub(super) struct Game {
    pub state: &'static Table,
    pub action: &'static Table,
}

/// Every game's tables. Exhaustive: a new game does not compile until it has its own.
pub(super) fn game(kind: Kind) -> Game {
    let (state, action) = match kind {
        Kind::Furtherance => (&FURTHERANCE, &FURTHERANCE_ACTION),
        Kind::Worldspanner => (&WORLDSPANNER, &WORLDSPANNER_ACTION),
        Kind::NearAndFar => (&NEAR_AND_FAR, &NEAR_AND_FAR_ACTION),
        Kind::FurnaceDuel => (&FURNACE_DUEL, &FURNACE_DUEL_ACTION),
        Kind::Army => (&ARMY, &ARMY_ACTION),
    };
    Game { state, action }
}

// Furnace Duel (crates/core/src/furnace_duel/campaign.rs, actions.rs). The boards are the campaign's copy
// of the boards file, which a player may replace with their own.

static FURNACE_DUEL: Table = Table {
    lines: &[
        ("players[]", Typed),
        ("games[].runner_up_note", Typed),
        ("games[].board", Rules),
        ("games[].chosen_by", Rules),
        ("games[].board_achievement", Rules),
        ("games[].general_achievements[].seat", Rules),
        ("games[].general_achievements[].achievement", Rules),
        ("games[].bonuses_used[].seat", Rules),
        ("games[].bonuses_used[].from_board", Rules),
        ("games[].result.first_player_token", Rules),
        ("games[].halves[].first_player_token", Rules),
        ("boards[].id", Rules),
        ("boards[].name", Data),
        ("boards[].page", Data),
        ("boards[].special_achievement.summary", Data),
        ("boards[].runner_up_bonus.name", Data),
        ("boards[].runner_up_bonus.summary", Data),
        ("boards[].runner_up_bonus.reminder", Data),
        ("boards[].runner_up_bonus.usage", Rules),
    ],
    within: &[],
};

static FURNACE_DUEL_ACTION: Table = Table {
    lines: &[
        ("action", Rules),
        ("note", Typed),
        ("seat", Rules),
        ("achievement", Rules),
        ("from", Rules),
        ("board", Rules),
        ("first_player_token", Rules),
        ("result.first_player_token", Rules),
    ],
    within: &[],
};

// Army sheets (crates/core/src/army/game.rs, follower.rs, actions.rs). A follower's label is its type's
// rules title and number ("Scout 2"); the type's name is the follower table's.

static ARMY: Table = Table {
    lines: &[
        ("players[].name", Typed),
        ("players[].army.recruits[]", Rules),
        ("players[].followers[].kind", Rules),
        ("players[].followers[].label", Rules),
        ("players[].followers[].promotions_spent[]", Rules),
        ("phase.phase", Rules),
        ("table[].kind", Rules),
        ("table[].name", Data),
    ],
    within: &[],
};

static ARMY_ACTION: Table = Table {
    lines: &[("action", Rules), ("kind", Rules), ("promotion", Rules)],
    within: &[],
};

// Near and Far (crates/core/src/near_and_far/campaign/, sheet.rs, ledger.rs, session.rs). Characters,
// talents, keywords, threats and bosses are the box's names, or the players' own (their
// data files, a keyword they wrote down): data. Quest codes, dates and enum words are rules.

static NEAR_AND_FAR: Table = Table {
    lines: &[
        ("mode", Rules),
        ("sheets[].player", Typed),
        ("sheets[].character", Data),
        ("sheets[].ledger.entries[].date", Rules),
        ("sessions[].date", Rules),
        ("sessions[].town", Rules),
        ("sessions[].characters[]", Data),
        ("sessions[].quest_tokens[]", Rules),
        ("sessions[].used_tokens[].space", Rules),
        ("sessions[].used_tokens[].by", Data),
        ("sessions[].threats.defeated[].by", Data),
        ("sessions[].bosses.standing[]", Data),
        ("sessions[].bosses.removed[]", Data),
        ("sessions[].bosses.defeated[].card", Data),
        ("sessions[].bosses.defeated[].by", Data),
        ("sessions[].result.date", Rules),
        ("sessions[].result.points[][]", Data),
        ("sessions[].result.winners[]", Data),
    ],
    within: &[
        ("sheets[].ledger.entries[].item", &LEDGER_ITEM),
        ("cards", &BOX_CARDS),
    ],
};

/// A ledger entry's item (crates/core/src/near_and_far/ledger.rs), and the item a correction puts in.
static LEDGER_ITEM: Table = Table {
    lines: &[
        ("type", Rules),
        ("quest", Rules),
        ("outcome", Rules),
        ("code", Rules),
        ("next", Rules),
        ("from", Rules),
        ("talent", Data),
        ("keyword", Data),
        ("reason", Typed),
    ],
    within: &[("replacement", &LEDGER_ITEM)],
};

/// The campaign's copy of the box's cards (crates/core/src/near_and_far/campaign/cards.rs).
static BOX_CARDS: Table = Table {
    lines: &[
        ("talents[].name", Data),
        ("talents[].effect", Data),
        ("threats[].name", Data),
        ("bosses[].name", Data),
        ("bosses[].paragraph", Rules),
        ("characters[]", Data),
        ("maps[].name", Data),
        ("maps[].quests.letters", Rules),
        ("maps[].quests.uncertain[]", Rules),
        ("maps[].named_spaces[]", Rules),
        ("maps[].special_rules[].id", Rules),
        ("maps[].special_rules[].title", Data),
        ("maps[].special_rules[].text", Data),
        ("recommendations[].characters[]", Data),
        ("recommendations[].when", Rules),
        ("recommendations[].advice", Data),
        ("quest_letters[].name", Data),
        ("quest_letters[].quest_prefix", Rules),
        ("quest_letters[].first_quest", Rules),
        ("quest_letters[].uncertain", Data),
    ],
    within: &[],
};

static NEAR_AND_FAR_ACTION: Table = Table {
    lines: &[
        ("action", Rules),
        ("date", Rules),
        ("map", Rules),
        ("town", Rules),
        ("player", Typed),
        ("reason", Typed),
        ("character", Data),
        ("characters[]", Data),
        ("boss", Data),
        ("talent", Data),
        // A threat's level ("7") or a boss card's name.
        ("card", Data),
        ("code", Rules),
        ("outcome", Rules),
        ("next", Rules),
        ("read.kind", Rules),
        ("read.code", Rules),
        ("read.instead_of", Rules),
        ("rewards.keywords[]", Data),
        ("rewards.lose_keywords[]", Data),
        ("rewards.side_quests[]", Rules),
        ("scores.town", Rules),
        ("scores.players[].name", Data),
        ("scores.players[].talents[]", Data),
        ("scores.trade_routes[].name", Typed),
        ("scores.trade_routes[].camps[]", Data),
    ],
    within: &[
        ("item", &LEDGER_ITEM),
        ("replacement", &LEDGER_ITEM),
        ("cards", &BOX_CARDS),
    ],
};

// Worldspanner Factions (crates/core/src/worldspanner/game.rs, team.rs, challenge.rs, play.rs). Hero
// names, a hero card's own words, an own modifier's reason and a card's AI symbol are typed;
// a deck's name is the sample's or the player's own.

static WORLDSPANNER: Table = Table {
    lines: &[
        ("map", Rules),
        ("rounds.length", Rules),
        ("rounds.active", Rules),
        ("rounds.step", Rules),
        ("teams[].side", Rules),
        ("teams[].deck_name", Data),
        ("teams[].heroes[].name", Typed),
        ("teams[].heroes[].status.at", Rules),
        ("teams[].heroes[].start.name", Typed),
        ("teams[].deck.when_empty", Rules),
        ("domes.domes[][].team", Rules),
        ("keys[].faction", Rules),
        ("keys[].spaces[]", Rules),
        ("lith.holder", Rules),
        ("pending.hero.team", Rules),
        ("pending.how", Rules),
        ("pending.reason", Rules),
        ("pending.chooser", Rules),
        ("pending.candidates[].because", Rules),
        // (hero, dismiss or banish, why)
        ("queue[][]", Rules),
        ("queue[][].team", Rules),
        ("last.type", Rules),
        ("last.team", Rules),
        ("last.hero.team", Rules),
        ("last.attacker.team", Rules),
        ("last.target.team", Rules),
        ("last.lines[]", Told),
        ("placed.hero.team", Rules),
        ("odds_over", Rules),
        ("acted[].hero.team", Rules),
        ("acted[].deed", Rules),
        // Who moved in the Action step, the melee attacks and the adventure spaces taken
        // this step (issue 33): teams, deeds and places, all the rules' words.
        ("action_step[].hero.team", Rules),
        ("action_step[].deed", Rules),
        ("blows[].attacker.team", Rules),
        ("blows[].target.team", Rules),
        ("adventured[].hero.team", Rules),
        ("adventured[].place.at", Rules),
        ("adventured[].place.faction", Rules),
        // The surround question's heroes and the loot on the ground (issue 33): teams only.
        ("surrounded_asked[].team", Rules),
        ("loot[].dropped_by.team", Rules),
    ],
    within: &[
        ("teams[].heroes[].start.card", &HERO_CARD),
        ("teams[].deck.*[]", &CHALLENGE_CARD),
        ("pending.card", &CHALLENGE_CARD),
        ("placed.card", &CHALLENGE_CARD),
        ("last.outcome", &CHALLENGE_OUTCOME),
        ("last.outcome.hit", &CHALLENGE_OUTCOME),
        ("last.outcome.damage", &CHALLENGE_OUTCOME),
    ],
};

/// A hero card of the hero library (crates/core/src/worldspanner/library.rs), as the player typed it.
static HERO_CARD: Table = Table {
    lines: &[
        ("name", Typed),
        ("faction", Rules),
        ("opposing[]", Rules),
        ("natures[]", Data),
        ("bonus_symbols[]", Data),
    ],
    within: &[],
};

/// A challenge card (crates/core/src/worldspanner/card.rs): its Dome range, and the AI symbol as the
/// player names it.
static CHALLENGE_CARD: Table = Table {
    lines: &[("domes", Rules), ("ai_symbol", Typed)],
    within: &[],
};

/// A challenge, before it is drawn (an action's) or in its outcome.
static CHALLENGE: Table = Table {
    lines: &[
        ("kind", Rules),
        ("skill", Rules),
        ("modifiers[].type", Rules),
        ("modifiers[].favor", Rules),
        ("modifiers[].reason", Typed),
    ],
    within: &[],
};

static CHALLENGE_OUTCOME: Table = Table {
    lines: &[("face", Rules)],
    within: &[("challenge", &CHALLENGE), ("card", &CHALLENGE_CARD)],
};

static WORLDSPANNER_ACTION: Table = Table {
    lines: &[
        ("action", Rules),
        ("team", Rules),
        ("hero.team", Rules),
        ("attacker.team", Rules),
        ("target.team", Rules),
        ("adventure.type", Rules),
        ("adventure.faction", Rules),
        ("paid.kind", Rules),
        ("paid.key[]", Rules),
        ("paid.targets[].team", Rules),
        ("faction", Rules),
        ("tool", Rules),
        ("tool.PutBack[]", Rules),
        ("domes", Rules),
        ("over", Rules),
        // A physical deck's cards as read at the table.
        ("cards[].face", Rules),
        // A deck swapped in: its name and cards.
        ("name", Data),
        ("cards[].domes", Rules),
        ("cards[].ai_symbol", Typed),
    ],
    within: &[
        ("challenge", &CHALLENGE),
        ("attack.hit", &CHALLENGE),
        ("attack.damage", &CHALLENGE),
        // The action a physical deck's reading goes with.
        ("then", &WORLDSPANNER_ACTION),
    ],
};

// Furtherance (crates/core/src/furtherance/state.rs, step.rs, explain.rs, agenda.rs). No player is named;
// unit names are the units file's, which the player may write (the window's units editor);
// the engine's questions and lines quote them.

static FURTHERANCE: Table = Table {
    lines: &[
        ("phase", Rules),
        ("outcome", Rules),
        ("units[].owner", Rules),
        ("units[].square", Rules),
        ("last_move[][]", Rules),
        ("pending.question", Told),
        ("pending.options[]", Told),
        ("pending.resume.kind", Rules),
        ("pending.resume.seat", Rules),
        ("pending.resume.strike.battle", Rules),
        ("settings.difficulty", Rules),
        ("settings.deck_mode", Rules),
        ("settings.death", Rules),
        ("settings.destroyed_castle_units", Rules),
        ("settings.enemy_castle_defence", Rules),
        ("settings.reach_stop", Rules),
        ("settings.enemy_sacrifice", Rules),
        ("settings.counter_range", Rules),
        // The kingdom (crates/core/src/furtherance/kingdom.rs): which deck a card is of.
        ("kingdom.research[].deck", Rules),
        ("pending.resume.deck", Rules),
        ("pending.resume.card.deck", Rules),
    ],
    within: &[
        ("board", &BOARD_FILE),
        ("cards.buildings[]", &KINGDOM_CARD),
        ("cards.items[]", &KINGDOM_CARD),
        ("cards.upgrades[]", &KINGDOM_CARD),
        ("cards.leaders[]", &KINGDOM_CARD),
        ("catalog", &UNITS_FILE),
        ("agenda[]", &TASK),
        ("pending.resume.task", &TASK),
        ("explained[].step", &STEP),
        ("explained[].why[]", &REASON),
        ("explained[].why_not[]", &REASON),
        ("reasons.why[]", &REASON),
        ("reasons.why_not[]", &REASON),
    ],
};

/// A building, item, upgraded worker or leader card (crates/core/src/furtherance/cards.rs):
/// its name and text are the card files', which the player may write.
static KINGDOM_CARD: Table = Table {
    lines: &[
        ("name", Data),
        ("text", Data),
        ("effect", Rules),
        ("boost", Rules),
        ("sample_fields[]", Rules),
    ],
    within: &[],
};

/// The board file (crates/core/src/furtherance/board_file.rs): squares and seats, and its own words.
static BOARD_FILE: Table = Table {
    lines: &[
        ("data_kind", Rules),
        ("source", Data),
        ("note", Data),
        ("squares[]", Rules),
        ("castles.*[]", Rules),
        ("kingdoms.*[]", Rules),
        ("field[]", Rules),
        ("centre", Rules),
        ("walls[].between[]", Rules),
        ("walls[].kingdom", Rules),
        ("spawn_order.*[]", Rules),
        ("arrows.*.*[]", Rules),
    ],
    within: &[],
};

/// The units file (crates/core/src/furtherance/units.rs).
static UNITS_FILE: Table = Table {
    lines: &[
        ("data_kind", Rules),
        ("source", Data),
        ("note", Data),
        ("units[].name", Data),
        ("units[].abilities[]", Rules),
        ("units[].sample_fields[]", Rules),
    ],
    within: &[],
};

/// A unit as a step or a reason names it.
static UNIT_REF: Table = Table {
    lines: &[("name", Data), ("owner", Rules), ("square", Rules)],
    within: &[],
};

/// The work still to do (crates/core/src/furtherance/agenda.rs).
static TASK: Table = Table {
    lines: &[
        ("task", Rules),
        ("seat", Rules),
        ("battle", Rules),
        ("castle", Rules),
        ("deck", Rules),
        ("card.deck", Rules),
    ],
    within: &[],
};

/// What the engine reports (crates/core/src/furtherance/step.rs).
static STEP: Table = Table {
    lines: &[
        ("type", Rules),
        ("castle", Rules),
        ("from", Rules),
        ("to", Rules),
        ("path[]", Rules),
        ("battle", Rules),
        ("hit", Rules),
        ("counters_to", Rules),
        ("fate", Rules),
        ("reason", Rules),
        ("outcome", Rules),
        // A unit type that spawns no unit (no attack).
        ("name", Data),
        // A hand edit's own line, a question and its options: the engine's sentences.
        ("text", Told),
        ("question", Told),
        ("options[]", Told),
        // Which of your buildings took a hit, in the engine's words with its card name.
        ("building", Told),
    ],
    within: &[
        ("unit", &UNIT_REF),
        ("attacker", &UNIT_REF),
        ("target", &UNIT_REF),
        ("taken_by", &UNIT_REF),
        ("counter_taken_by", &UNIT_REF),
        ("discarded[]", &UNIT_REF),
        ("added", &UNIT_REF),
        ("removed", &UNIT_REF),
    ],
};

/// Why the engine did a step, or not another (crates/core/src/furtherance/explain.rs).
static REASON: Table = Table {
    lines: &[
        ("reason", Rules),
        ("rule", Rules),
        ("castle", Rules),
        ("from", Rules),
        ("to", Rules),
        ("at", Rules),
        ("square", Rules),
        ("stop.why", Rules),
        ("stop.castle", Rules),
        ("stop.rule", Rules),
        ("name", Data),
        ("turn", Rules),
        ("cause.kind", Rules),
        // An ability's words are the app's own (Ability::text), not the units file's.
        ("cause.ability", Rules),
        // "your Knight", "Left's Sample Raider", an option as the question lists it.
        ("by", Told),
        ("attacker", Told),
        ("cause.unit", Told),
        ("option", Told),
    ],
    within: &[
        ("unit", &UNIT_REF),
        ("target", &UNIT_REF),
        ("stop.unit", &UNIT_REF),
        ("spared[]", &UNIT_REF),
        ("inside[]", &UNIT_REF),
    ],
};

static FURTHERANCE_ACTION: Table = Table {
    lines: &[
        ("action", Rules),
        ("owner", Rules),
        ("square", Rules),
        ("to", Rules),
        ("castle", Rules),
        ("deck", Rules),
        // Cards named by the worker actions: the data files' names.
        ("unit", Data),
        ("items[]", Data),
        ("building", Data),
        ("card", Data),
        ("item", Data),
    ],
    within: &[("data.board", &BOARD_FILE), ("data.units", &UNITS_FILE)],
};

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

impl Table {
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

static SAVE_TABLE: Table = Table {
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
            (Part::Save, _) => Some(&SAVE_TABLE),
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
            WORLDSPANNER_ACTION.class(&then, false),
            Some(("modifiers[].reason", Typed))
        );
        let item = [
            Seg::Key("item"),
            Seg::Key("replacement"),
            Seg::Key("keyword"),
        ];
        assert_eq!(
            NEAR_AND_FAR_ACTION.class(&item, false),
            Some(("keyword", Data))
        );
    }
}
