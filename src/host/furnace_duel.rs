//! Furnace Duel on a player's phone (docs/table-network.md, "Furnace Duel"): the campaign,
//! the board achievement, the end-of-game tallies, the standings.

use maud::{Markup, html};
use serde_json::{Value, json};

use super::pages::{SeatPage, act_button};
use crate::furnace_duel::{Campaign, CampaignOutcome};
use crate::seat::Seat;

fn seat_code(i: usize) -> &'static str {
    if i == 0 { "a" } else { "b" }
}

/// The campaign pad: one row per game, the totals, the winner once decided.
fn standings(c: &Campaign) -> Markup {
    let sheet = c.sheet();
    html! {
        section {
            h2 { "Standings" }
            table {
                thead { tr { th { "Game" } th { (sheet.players[0]) } th { (sheet.players[1]) } } }
                tbody {
                    @for r in &sheet.rows {
                        tr {
                            td { (r.game) ". " (r.board_name) }
                            @for s in 0..2 {
                                td { (r.campaign_points[s])
                                    @if let Some(m) = r.money { " (" (m[s]) " money)" } }
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
                label { "Money in hand " input name={ (prefix) "_cash" } type="number" min="0" required; }
                label { "Tech tokens left " input name={ (prefix) "_tech" } type="number" min="0" value="0"; }
                label { "Board awards " input name={ (prefix) "_bonus" } type="number" min="0" value="0"; }
                label { "Company cards " input name={ (prefix) "_company" } type="number" min="0" value="0"; }
                label { "Resources left " input name={ (prefix) "_resources" } type="number" min="0" value="0"; }
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
        label { "Who held the 1st player token at the end " select name="first" {
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
    let side = seat.and_then(|s| c.players.iter().position(|p| *p == s.name));
    let open = c.current().is_some_and(|g| g.result.is_none());
    html! {
        section {
            h2 { "Campaign" }
            p { (c.players[0]) " against " (c.players[1]) " · games played: " (c.games.len()) }
            @if let Some(i) = side {
                (act_button("I reached this board's achievement",
                    &json!({"action": "claim-board", "seat": seat_code(i)})))
            }
        }
        @if let Some(i) = side && open { (tallies(c, i)) }
        @if side.is_none() && open { (tallies_in(c)) }
        (standings(c))
    }
}

impl SeatPage for crate::furnace_duel::Campaign {
    fn page(&self, seat: Option<&Seat>, _base: &str) -> Markup {
        page(self, seat)
    }
}
