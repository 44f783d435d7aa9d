//! Near and Far (crates/core/src/near_and_far/campaign/, sheet.rs, ledger.rs, session.rs). Characters,
//! talents, keywords, threats and bosses are the box's names, or the players' own (their
//! data files, a keyword they wrote down): data. Quest codes, dates and enum words are rules.

use super::Class::{Data, Rules, Typed};
use super::Places;

pub(super) static STATE: Places = Places {
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
static LEDGER_ITEM: Places = Places {
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
static BOX_CARDS: Places = Places {
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

pub(super) static ACTION: Places = Places {
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
