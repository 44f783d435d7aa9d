//! The army game on a general's phone (docs/table-network.md, "Army"): the own army first,
//! the followers' actions, End turn for the general whose turn it is.

use maud::{Markup, html};
use serde_json::{Value, json};

use super::pages::{SeatPage, act_button, confirm_button};
use crate::army::{
    Action, ArmyGame, FOLLOWER_POINTS, Follower, FollowerKind, FollowerRef, HAND_EDIT_LIMIT, Phase,
    Promotion,
};
use crate::doc::Playable;
use crate::seat::Seat;

/// Would the rules take `action` now? Tried on a copy of the game: nothing changes.
pub(super) fn may(g: &ArmyGame, action: Action) -> bool {
    g.clone().act(action).is_ok()
}

/// A button that sends `action` (as the engine writes it in JSON), shown only while the
/// rules allow it ([`may`]): a tap is never refused for a rule the page could have known.
fn offer(g: &ArmyGame, label: &str, action: Action) -> Markup {
    let sent = serde_json::to_value(&action).ok();
    html! {
        @if let Some(sent) = sent && may(g, action) { (act_button(label, &sent)) }
    }
}

/// The actions a general takes for follower `index` of its own army in play: only those the
/// rules take now (on the general's own turn, a follower that has not attacked yet, a
/// promotion earned and not at its cap), each tried on a copy of the game.
fn follower_actions(g: &ArmyGame, me: usize, index: usize) -> Markup {
    let at = FollowerRef { player: me, index };
    let follower = json!({"player": me, "index": index});
    let own = g.players.get(me).and_then(|p| p.followers.get(index));
    let targets: Vec<(Value, String)> = g
        .players
        .iter()
        .enumerate()
        // A hidden army's followers are secret on every phone, targets included.
        .filter(|(p, pl)| *p != me && pl.revealed)
        .flat_map(|(p, pl)| {
            pl.followers.iter().enumerate().map(move |(i, f)| {
                (
                    FollowerRef {
                        player: p,
                        index: i,
                    },
                    format!("{}'s {}", pl.name, f.label),
                )
            })
        })
        .filter(|(target, _)| {
            may(
                g,
                Action::Attack {
                    attacker: at,
                    target: *target,
                },
            )
        })
        .map(|(t, name)| (json!({"player": t.player, "index": t.index}), name))
        .collect();
    let attack = json!({"action": "attack", "attacker": follower, "target": "{target}"});
    html! {
        div.row {
            @for p in Promotion::ALL.iter().copied() {
                (offer(g, &format!("Promote: {}", p.title()), Action::Promote { follower: at, promotion: p }))
            }
            (offer(g, "Gather a Resource Card", Action::GatherResourceCard { follower: at }))
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

/// While armies are written (Setup, Step 1): the general's own list with its points, a
/// Recruit button for each kind the points left still pay for, Strike off for each recruit,
/// and Hide or Show; the other lists only while shown.
fn writing(g: &ArmyGame, me: Option<usize>, i: usize) -> Markup {
    let p = &g.players[i];
    let mine = me == Some(i);
    html! {
        @if mine || p.revealed {
            p { (p.army.spent(&g.table)) " of " (FOLLOWER_POINTS) " Follower Points spent"
                @if mine && p.army.remaining(&g.table) > 0 { " (" (p.army.remaining(&g.table)) " left)" }
                @if p.army.recruits.is_empty() { ": nobody recruited yet" } }
            // The unspent points are the line above; the other notes (more pieces than
            // starting squares) are said.
            @if mine { @for w in p.army.warnings(&g.table).into_iter()
                .skip(usize::from(p.army.remaining(&g.table) > 0)) { p.page { (w) } } }
            ol.recent { @for (at, k) in p.army.recruits.iter().enumerate() {
                li { (k)
                    @if mine { (offer(g, &format!("Strike off {k}"), Action::Dismiss { player: i, index: at })) } } } }
        } @else {
            p { "Army written in secret." }
        }
        @if mine {
            @if p.revealed {
                details #recruit {
                    summary.big { "Recruit…" }
                    div.row { @for k in FollowerKind::ALL.iter().copied() {
                        (offer(g, &format!("{k} ({})", g.table.stats(k).cost), Action::Recruit { player: i, kind: k }))
                    } }
                }
            }
            (offer(g, if p.revealed { "Hide my army" } else { "Show my army" },
                if p.revealed { Action::Hide { player: i } } else { Action::Show { player: i } }))
        }
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
    let me = seat.and_then(|s| g.players.iter().position(|p| p.name == s.name));
    // The seat's own army first, then the others in turn order.
    let mut order: Vec<usize> = (0..g.players.len()).collect();
    order.sort_by_key(|&i| me != Some(i));
    let ready = g
        .players
        .iter()
        .all(|p| p.army.problems(&g.table).is_empty());
    html! {
        @match g.phase {
            Phase::Building => p.big { "Armies are being written" },
            Phase::Playing { turn } => @if let Some(p) = g.players.get(turn) {
                p.big { @if me == Some(turn) { "Your turn" } @else { (p.name) "'s turn" } }
                // Only the general whose turn it is may end it (crate::army::seats); at the
                // top, where the turn is said, not under every army.
                @if me == Some(turn) {
                    (confirm_button("End turn", &json!({"action": "end-turn"}),
                        "End your turn? The next general plays."))
                }
            },
            Phase::Over { winner } => p.big { @match winner.and_then(|w| g.players.get(w)) {
                Some(w) => { (w.name) " wins" }
                None => "No general stands",
            } },
        }
        @for &i in &order {
            @let p = &g.players[i];
            @let mine = me == Some(i);
            section {
                h2 { (p.name) @if mine { " (you)" } }
                @if g.phase == Phase::Building {
                    (writing(g, me, i))
                } @else if mine || p.revealed {
                    @if p.followers.is_empty() { p { "No followers in play." } }
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
                @if mine && playing {
                    (offer(g, if p.revealed { "Hide my army" } else { "Show my army" },
                        if p.revealed { Action::Hide { player: i } } else { Action::Show { player: i } }))
                }
            }
        }
        // Play starts once every army is playable (one General and a follower, within the points): the
        // table rolls, and any general enters who moves first.
        @if g.phase == Phase::Building && me.is_some() {
            section {
                h2 { "Start" }
                @if ready {
                    form.act data-act=(json!({"action": "start", "first": "{first}"}).to_string()) {
                        label { "Who rolled highest and moves first " select name="first" data-json="" {
                            @for (i, p) in g.players.iter().enumerate() { option value=(i) { (p.name) } } } }
                        button type="submit" data-confirm="Start play? The armies are shown to everyone." { "Start play" }
                    }
                } @else {
                    @for p in &g.players {
                        @if let Some(problem) = p.army.problems(&g.table).into_iter().next() {
                            p.page { (p.name) ": " (problem) }
                        }
                    }
                }
            }
        }
    }
}

impl SeatPage for crate::army::ArmyGame {
    fn page(&self, seat: Option<&Seat>, _base: &str) -> Markup {
        page(self, seat)
    }
}
