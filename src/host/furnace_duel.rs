//! Furnace Duel on a player's phone (docs/table-network.md, "Furnace Duel"): the campaign,
//! the board achievement, the end-of-game tallies, the standings.

use maud::{Markup, html};
use serde_json::{Value, json};

use super::pages::{SeatPage, act_button, confirm_button};
use crate::doc::Playable;
use crate::furnace_duel::{
    Action, BoardId, Campaign, CampaignOutcome, GAMES_PER_CAMPAIGN, Seat as Side,
};
use crate::seat::Seat;

fn seat_code(i: usize) -> &'static str {
    if i == 0 { "a" } else { "b" }
}

fn side(i: usize) -> Side {
    if i == 0 { Side::A } else { Side::B }
}

/// Would the rules take `action` now? Tried on a copy of the campaign: nothing changes.
pub(super) fn may(c: &Campaign, action: Action) -> bool {
    c.clone().act(action).is_ok()
}

/// A button that sends `action`, shown only while the rules allow it ([`may`]); `question`
/// asks once before an action that decides the campaign.
fn offer(c: &Campaign, label: &str, action: Action, question: Option<&str>) -> Markup {
    let sent = serde_json::to_value(&action).ok();
    html! {
        @if let Some(sent) = sent && may(c, action) {
            @match question {
                Some(q) => (confirm_button(label, &sent, q)),
                None => (act_button(label, &sent)),
            }
        }
    }
}

/// The game being played: its number and board, the board's special achievement and who
/// holds it, and on a player's phone the claim while it is still free.
fn current_game(c: &Campaign, me: Option<usize>) -> Markup {
    let Some(g) = c.current() else {
        return html! {};
    };
    let board = c.board(g.board);
    html! {
        p.big { "Game " (c.current_index() + 1) " of " (GAMES_PER_CAMPAIGN) ": "
            (board.map_or_else(|| g.board.to_string(), |b| b.name.clone())) }
        @if let Some(a) = board.and_then(|b| b.special_achievement.as_ref()) {
            p { "Board achievement (" (a.points) " money): " (a.summary) }
            @match g.board_achievement {
                Some(holder) => p { "Reached by " (c.name(holder)) "." },
                None => @if let Some(i) = me {
                    (offer(c, "I reached this board's achievement",
                        Action::ClaimBoard { seat: side(i) }, None))
                },
            }
        }
    }
}

/// After a game's result, its winner picks the next board from those not yet played
/// (Campaign mode, p. 8): one button each on the winner's phone, the other phones wait.
fn next_board(c: &Campaign, me: Option<usize>) -> Markup {
    let Some(chooser) = c.next_chooser() else {
        return html! {};
    };
    let boards: Vec<BoardId> = c.available_boards();
    html! {
        section #next-board {
            h2 { "Next board" }
            @if me == Some(chooser.index()) {
                p { "You won: pick the board of game " (c.current_index() + 2) "." }
                @for b in boards {
                    @let name = c.board(b).map_or_else(|| b.to_string(), |x| x.name.clone());
                    (offer(c, &name, Action::NextBoard { board: b },
                        Some(&format!("Play {name} next?"))))
                }
            } @else {
                p.big { "Waiting for " (c.name(chooser)) " to pick the next board." }
            }
        }
    }
}

/// The campaign pad: one row per game, the totals, the winner once decided.
fn standings(c: &Campaign) -> Markup {
    let sheet = c.sheet();
    html! {
        section {
            h2 { "Standings" }
            table.standings {
                caption { "Campaign points for each game, with the money each tallied under them" }
                thead { tr { th { "Game" } th { (sheet.players[0]) } th { (sheet.players[1]) } } }
                tbody {
                    @for r in &sheet.rows {
                        tr {
                            td { (r.game) ". " (r.board_name) }
                            @for s in 0..2 {
                                td { (r.campaign_points[s]) " pts"
                                    @if let Some(m) = r.money { br; small { (m[s]) " money" } } }
                            }
                        }
                    }
                    tr.total { th { "Total" } td { (sheet.totals[0]) } td { (sheet.totals[1]) } }
                }
            }
            @match sheet.outcome {
                Some(CampaignOutcome::Winner { seat, .. }) => p.big { (c.name(seat)) " wins the campaign" },
                Some(CampaignOutcome::Tie) => p.big { "The campaign is a tie" },
                None => {}
            }
        }
    }
}

/// The end-of-game tallies: the seat's own (`record-tally`, combined with the other
/// player's when both are in), or both on one phone, its own first (the same
/// `record-result` as the window's pad).
fn tallies(c: &Campaign, me: usize) -> Markup {
    let other = 1 - me;
    let mut tallies = [Value::Null, Value::Null];
    for (i, prefix) in [(me, "my"), (other, "their")] {
        tallies[i] = json!({"cash": format!("{{{prefix}_cash}}"),
            "tech_tokens": format!("{{{prefix}_tech}}"),
            "board_bonus": format!("{{{prefix}_bonus}}"),
            "company_cards": format!("{{{prefix}_company}}"),
            "resources": format!("{{{prefix}_resources}}")});
    }
    let action = json!({"action": "record-result",
        "result": {"tallies": tallies, "first_player_token": "{first}"}});
    let fields = |prefix: &str, who: &str| {
        html! {
            fieldset {
                legend { (who) }
                label.num { "Money in hand " input name={ (prefix) "_cash" } type="number" min="0" required; }
                label.num { "Tech tokens left " input name={ (prefix) "_tech" } type="number" min="0" value="0"; }
                label.num { "Board awards " input name={ (prefix) "_bonus" } type="number" min="0" value="0"; }
                label.num { "Company cards " input name={ (prefix) "_company" } type="number" min="0" value="0"; }
                label.num { "Resources left " input name={ (prefix) "_resources" } type="number" min="0" value="0"; }
            }
        }
    };
    // Asked of the seat's own tally only for a tie (GAME END, p. 7): blank by default, so
    // two phones never disagree about a token that decides nothing.
    let token_if_tie = html! {
        label { "Only if the totals tie: who held the 1st player token at the end " select name="first" {
            option value="" selected { "(no tie)" }
            option value=(seat_code(me)) { (c.players[me]) }
            option value=(seat_code(other)) { (c.players[other]) } } }
    };
    let token = html! {
        label { "Only if the totals tie: who held the 1st player token at the end " select name="first" {
            option value="" selected { "(no tie)" }
            option value=(seat_code(me)) { (c.players[me]) }
            option value=(seat_code(other)) { (c.players[other]) } } }
    };
    // The seat's own half: kept until the other player's is in, then both make the result.
    let own = json!({"action": "record-tally", "seat": seat_code(me),
        "tally": tallies[me], "first_player_token": "{first}"});
    let halves = c.current().map_or([None, None], |g| g.halves);
    let tech = c.tech_values(c.current_index());
    html! {
        section {
            h2 { "The game just played" }
            @if let Some(h) = halves[me] {
                p.big { "Your tally is in (" (h.tally.money(tech[me])) " money): waiting for "
                    (c.players[other]) "'s. Enter yours again to correct it." }
            }
            @if halves[other].is_some() {
                p.big { (c.players[other]) "'s tally is in: enter yours to make the result." }
            }
            form.act data-act=(own.to_string()) {
                (fields("my", &format!("My own tally ({})", c.players[me])))
                (token_if_tie)
                button type="submit" { "Enter my tally" }
            }
            details {
                summary { "Enter both tallies on this phone…" }
                form.act data-act=(action.to_string()) {
                    (fields("my", &format!("Mine ({})", c.players[me])))
                    (fields("their", &c.players[other]))
                    (token)
                    button type="submit" { "Enter the tallies" }
                }
            }
        }
    }
}

/// The table seat: whose end-of-game tally is in and whose the game still waits for.
fn tallies_in(c: &Campaign) -> Markup {
    let halves = c.current().map_or([None, None], |g| g.halves);
    html! {
        section {
            h2 { "The game just played" }
            @for i in 0..2 {
                p.big { (c.players[i]) ": "
                    (if halves[i].is_some() { "tally is in" } else { "tally not in yet" }) }
            }
        }
    }
}

pub(super) fn page(c: &Campaign, seat: Option<&Seat>) -> Markup {
    let me = seat.and_then(|s| c.players.iter().position(|p| *p == s.name));
    let open = c.current().is_some_and(|g| g.result.is_none());
    html! {
        section {
            h2 { "Campaign" }
            p { (c.players[0]) " against " (c.players[1]) }
            (current_game(c, me))
        }
        @if let Some(i) = me && open { (tallies(c, i)) }
        @if me.is_none() && open { (tallies_in(c)) }
        (next_board(c, me))
        (standings(c))
    }
}

impl SeatPage for crate::furnace_duel::Campaign {
    fn page(&self, seat: Option<&Seat>, _base: &str) -> Markup {
        page(self, seat)
    }
}
