//! Furtherance (crates/core/src/furtherance/state.rs, step.rs, explain.rs, agenda.rs). No player is named;
//! unit names are the units file's, which the player may write (the window's units editor);
//! the engine's questions and lines quote them.

use super::Class::{Data, Rules, Told};
use super::Places;

pub(super) static STATE: Places = Places {
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
static KINGDOM_CARD: Places = Places {
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
static BOARD_FILE: Places = Places {
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
static UNITS_FILE: Places = Places {
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
static UNIT_REF: Places = Places {
    lines: &[("name", Data), ("owner", Rules), ("square", Rules)],
    within: &[],
};

/// The work still to do (crates/core/src/furtherance/agenda.rs).
static TASK: Places = Places {
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
static STEP: Places = Places {
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
static REASON: Places = Places {
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

pub(super) static ACTION: Places = Places {
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
