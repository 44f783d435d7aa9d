//! Furnace Duel (crates/core/src/furnace_duel/campaign.rs, actions.rs). The boards are the campaign's copy
//! of the boards file, which a player may replace with their own.

use super::Class::{Data, Rules, Typed};
use super::Places;

pub(super) static STATE: Places = Places {
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

pub(super) static ACTION: Places = Places {
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
