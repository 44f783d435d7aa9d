//! Worldspanner Factions (crates/core/src/worldspanner/game.rs, team.rs, challenge.rs, play.rs). Hero
//! names, a hero card's own words, an own modifier's reason and a card's AI symbol are typed;
//! a deck's name is the sample's or the player's own.

use super::Class::{Data, Rules, Told, Typed};
use super::Places;

pub(super) static STATE: Places = Places {
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
static HERO_CARD: Places = Places {
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
static CHALLENGE_CARD: Places = Places {
    lines: &[("domes", Rules), ("ai_symbol", Typed)],
    within: &[],
};

/// A challenge, before it is drawn (an action's) or in its outcome.
static CHALLENGE: Places = Places {
    lines: &[
        ("kind", Rules),
        ("skill", Rules),
        ("modifiers[].type", Rules),
        ("modifiers[].favor", Rules),
        ("modifiers[].reason", Typed),
    ],
    within: &[],
};

static CHALLENGE_OUTCOME: Places = Places {
    lines: &[("face", Rules)],
    within: &[("challenge", &CHALLENGE), ("card", &CHALLENGE_CARD)],
};

pub(super) static ACTION: Places = Places {
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
        ("then", &ACTION),
    ],
};
