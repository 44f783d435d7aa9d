//! The army game on a general's phone (docs/table-network.md, "Army"): the own army first,
//! the followers' actions, End turn for the general whose turn it is.

use maud::{Markup, html};
use serde_json::{Value, json};

use super::pages::{SeatPage, act_button, confirm_button};
use crate::army::{ArmyGame, Follower, FollowerKind, HAND_EDIT_LIMIT, Phase, Promotion};
use crate::seat::Seat;

/// The actions a general takes for follower `index` of its own army in play.
fn follower_actions(g: &ArmyGame, me: usize, index: usize) -> Markup {
    let follower = json!({"player": me, "index": index});
    let own = g.players.get(me).and_then(|p| p.followers.get(index));
    let targets: Vec<(Value, String)> = g
        .players
        .iter()
        .enumerate()
        // A hidden army's followers are secret on every phone, targets included.
        .filter(|(p, pl)| *p != me && pl.revealed)
        .flat_map(|(p, pl)| {
            pl.followers
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.killed)
                .map(move |(i, f)| {
                    (
                        json!({"player": p, "index": i}),
                        format!("{}'s {}", pl.name, f.label),
                    )
                })
        })
        .collect();
    let attack = json!({"action": "attack", "attacker": follower, "target": "{target}"});
    html! {
        div.row {
            // Only the promotions the rules allow now (one earned, not at its cap).
            @for p in Promotion::ALL.iter().copied().filter(|p| own.is_some_and(|f| f.promotion_refusal(*p).is_none())) {
                (act_button(&format!("Promote: {}", p.title()),
                    &json!({"action": "promote", "follower": follower, "promotion": p})))
            }
            (act_button("Gather a Resource Card", &json!({"action": "gather-resource-card", "follower": follower})))
        }
        @if !targets.is_empty() {
            form.act data-act=(attack.to_string()) {
                label { "Attack " select name="target" data-json="" {
                    @for (at, name) in &targets { option value=(at.to_string()) { (name) } } } }
                button type="submit" { "Attack" }
            }
        }
        @if let Some(f) = own { (resource_card(follower, f)) }
    }
}

/// A Resource Card's effect typed in, as the window's Edit dialog offers it (docs/army.md,
/// Resource Cards): the four values (prefilled with the follower's own), damage dealt by
/// hand, and another type. The General is not a follower for a card that changes type
/// (`GeneralNotAFollower`), so it is offered no Become.
fn resource_card(follower: Value, f: &Follower) -> Markup {
    let set = json!({"action": "set-by-hand", "follower": follower, "stats": {
        "movement": "{movement}", "damage": "{damage}",
        "max_health": "{max_health}", "health": "{health}"}});
    let damage = json!({"action": "damage-by-hand", "follower": follower, "amount": "{amount}"});
    let become_ = json!({"action": "become", "follower": follower, "kind": "{kind}"});
    let limit = HAND_EDIT_LIMIT.to_string();
    let values = [
        ("movement", "Move", f.movement),
        ("damage", "Damage", f.damage),
        ("max_health", "Max health", f.max_health),
        ("health", "Health", f.health),
    ];
    html! {
        details {
            summary.big { "Resource card for " (f.label) "…" }
            form.act data-act=(set.to_string()) {
                p.page { "Values a resource card sets may pass the promotion caps." }
                @for (name, title, value) in values {
                    label { (title) " " input name=(name) type="number" min="0" max=(limit)
                        value=(value) required; }
                }
                button type="submit" { "Set values" }
            }
            form.act data-act=(damage.to_string()) {
                label { "Damage " input name="amount" type="number" min="0" max="255" required; }
                button type="submit" { "Deal damage" }
            }
            @if !f.kind.is_general() {
                form.act data-act=(become_.to_string()) {
                    label { "Becomes " select name="kind" {
                        @for k in FollowerKind::ALL.iter().copied().filter(|k| !k.is_general()) {
                            option value=(k.as_str()) { (k) }
                        } } }
                    button type="submit" { "Become" }
                }
            }
        }
    }
}

pub(super) fn page(g: &ArmyGame, seat: Option<&Seat>) -> Markup {
    let playing = matches!(g.phase, Phase::Playing { .. });
    // Only the general whose turn it is may end it (crate::army::seats).
    let my_turn = match g.phase {
        Phase::Playing { turn } => g
            .players
            .get(turn)
            .is_some_and(|p| seat.is_some_and(|s| s.name == p.name)),
        Phase::Building | Phase::Over { .. } => false,
    };
    // The seat's own army first, then the others in turn order.
    let mut order: Vec<usize> = (0..g.players.len()).collect();
    order.sort_by_key(|&i| seat.is_none_or(|s| s.name != g.players[i].name));
    html! {
        @if let Phase::Playing { turn } = g.phase && let Some(p) = g.players.get(turn) {
            p.big { (p.name) "'s turn" }
        }
        @for &i in &order {
            @let p = &g.players[i];
            @let mine = seat.is_some_and(|s| s.name == p.name);
            section {
                h2 { (p.name) }
                @if mine || p.revealed {
                    @if p.followers.is_empty() { p { "No followers in play yet." } }
                    @for (f_at, f) in p.followers.iter().enumerate() {
                        article {
                            h3 { (f.label) @if f.killed { " (killed)" } }
                            p { "Health " (f.health) "/" (f.max_health) " · Move " (f.movement)
                                " · Damage " (f.damage) " · Promotions " (f.promotions_earned)
                                " earned, " (f.promotions_spent.len()) " spent · Resource Cards " (f.resource_cards) }
                            @if mine && playing && !f.killed { (follower_actions(g, i, f_at)) }
                        }
                    }
                } @else {
                    p { "Army written in secret." }
                }
                @if mine {
                    (act_button(if p.revealed { "Hide my army" } else { "Show my army" },
                        &json!({"action": if p.revealed { "hide" } else { "show" }, "player": i})))
                }
            }
        }
        @if my_turn {
            (confirm_button("End turn", &json!({"action": "end-turn"}),
                "End your turn? The next general plays."))
        }
    }
}

impl SeatPage for crate::army::ArmyGame {
    fn page(&self, seat: Option<&Seat>, _base: &str) -> Markup {
        page(self, seat)
    }
}
