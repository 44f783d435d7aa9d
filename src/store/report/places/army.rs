//! Army sheets (crates/core/src/army/game.rs, follower.rs, actions.rs). A follower's label is its type's
//! rules title and number ("Scout 2"); the type's name is the follower table's.

use super::Class::{Data, Rules, Typed};
use super::Places;

pub(super) static STATE: Places = Places {
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

pub(super) static ACTION: Places = Places {
    lines: &[("action", Rules), ("kind", Rules), ("promotion", Rules)],
    within: &[],
};
