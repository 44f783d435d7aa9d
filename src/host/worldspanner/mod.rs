//! Worldspanner on a team's phone (docs/table-network.md, "Worldspanner"): the step and what
//! the team may do now, the card drawn, each hero a compact row with only the actions the rules
//! allow now, the other team read-only, the Domes and the melee order. Each button sends the
//! same action as the window's Worldspanner screen.
//!
//! A form's action is a template the page's script fills (`seat.js`): `"{field}"` takes the
//! field's value; in a list, `{"$if": "field", "then": X}` is X only while the field is ticked
//! or holds something other than 0 (a modifier the player chose); `{"$pick": "field", ...}`
//! is the branch named by the field's value (melee with or without a weapon card).

mod board;
mod forms;

use maud::{Markup, html};
use serde_json::Value;

use super::pages::{SeatPage, act_button, confirm_button};
use crate::seat::Seat;
use crate::worldspanner::{Action, Game, Hero, HeroRef, HeroStatus, Step, TeamSide};
use board::{domes, drawn, glory, loot, melee_order, now};
use forms::{attack_form, challenge_form, paid_form};

/// A hero's place in a word or two.
fn place(status: HeroStatus) -> String {
    match status {
        HeroStatus::Waiting => "waiting to enter".into(),
        HeroStatus::InDome { dome } => dome.to_string(),
        HeroStatus::Arriving => "arriving".into(),
        HeroStatus::OnMap => "on map".into(),
        HeroStatus::Pit => "in the Pit".into(),
        HeroStatus::Underpit => "in the Underpit".into(),
    }
}

/// A hero's health, Boosts, gold and place in one short line.
fn hero_line(h: &Hero) -> String {
    let mut parts = vec![format!("{}/{} health", h.health_left(), h.health)];
    // Short, to sit beside the row's buttons on a phone.
    if h.boosts > 0 {
        parts.push(format!(
            "{} Boost{}{}",
            h.boosts,
            if h.boosts == 1 { "" } else { "s" },
            if h.boost_active { " (one in use)" } else { "" }
        ));
    }
    if h.gold > 0 {
        parts.push(format!("{} gold", h.gold));
    }
    parts.push(place(h.status));
    parts.join(", ")
}

/// The step's own action for `hero`, as a button on its row: only the ones the rules take
/// now (Reinforce, Leave Dome, Move, Pass melee, Use Boost, the Underworld rewards).
fn step_actions(g: &Game, hero: HeroRef) -> Markup {
    let buttons = [
        ("Reinforce", Action::Reinforce { hero }),
        ("Leave Dome", Action::LeaveDome { hero }),
        ("Move", Action::Move { hero }),
        ("Pass melee", Action::PassMelee { hero }),
        ("Use Boost", Action::UseBoost { hero }),
        ("Raise to the Pit", Action::RaiseFromUnderpit { hero }),
        ("Renew", Action::Renew { hero }),
    ];
    html! { @for (label, action) in buttons { (offer(g, label, action)) } }
}

/// One of the team's own heroes: a compact row (its line and the step's actions) that opens,
/// one hero at a time, onto its challenges, attack, paid adventure and corrections.
fn own_hero(g: &Game, hero: HeroRef, h: &Hero) -> Markup {
    html! {
        details.hero name="hero" id={ "hero-" (hero.hero) } {
            summary {
                span.who { b { (h.name) } br; small { (hero_line(h)) } }
                (step_actions(g, hero))
            }
            div.more { (hero_actions(g, hero)) }
        }
    }
}

/// The other team's heroes, read-only, grouped by where they are: each with its health,
/// Boosts and gold.
fn other_team(g: &Game, side: TeamSide) -> Markup {
    let t = g.team(side);
    let mut places: Vec<(String, Vec<&Hero>)> = Vec::new();
    for h in &t.heroes {
        let at = place(h.status);
        match places.iter_mut().find(|(p, _)| *p == at) {
            Some((_, heroes)) => heroes.push(h),
            None => places.push((at, vec![h])),
        }
    }
    let brief = |h: &Hero| {
        let mut s = format!("{}/{}", h.health_left(), h.health);
        if h.boosts > 0 {
            s.push_str(&format!(", {}B", h.boosts));
        }
        if h.gold > 0 {
            s.push_str(&format!(", {}g", h.gold));
        }
        s
    };
    html! {
        section.tight {
            p { b { (side.name()) } " " small { "read-only · health, B Boosts, g gold" } }
            ul.compact.others {
                @for (at, heroes) in &places {
                    li { (at) ": "
                        @for (i, h) in heroes.iter().enumerate() {
                            @if i > 0 { " · " }
                            b { (h.name) } " " (brief(h))
                        }
                    }
                }
            }
        }
    }
}

pub(super) fn page(g: &Game, seat: Option<&Seat>, base: &str) -> Markup {
    let my = seat.and_then(|s| TeamSide::BOTH.into_iter().find(|t| t.name() == s.name));
    html! {
        (now(g, my, base))
        (drawn(g))
        (loot(g, my))
        @match my {
            Some(side) => {
                section.tight {
                    @for (r, h) in heroes_of(g, side) { (own_hero(g, r, h)) }
                }
                (other_team(g, side.other()))
            }
            None => {
                @for side in TeamSide::BOTH { (other_team(g, side)) }
            }
        }
        (melee_order(g))
        (domes(g))
        @if let Some(side) = my { (glory(g, side)) }
    }
}

impl SeatPage for crate::worldspanner::Game {
    const LATEST: usize = 2;
    const SUMMARY: bool = false;

    fn page(&self, seat: Option<&Seat>, base: &str) -> Markup {
        page(self, seat, base)
    }
}

/// `team`'s heroes with their references, in setup order.
fn heroes_of(g: &Game, team: TeamSide) -> impl Iterator<Item = (HeroRef, &Hero)> {
    g.team(team)
        .heroes
        .iter()
        .enumerate()
        .map(move |(hero, h)| (HeroRef { team, hero }, h))
}

/// Would the rules take `action` now? Tried on a copy of the game: nothing changes.
pub(super) fn may(g: &Game, action: Action) -> bool {
    g.clone().apply(action).is_ok()
}

/// A button that sends `action` (as the engine writes it in JSON), shown only while the
/// rules allow it ([`may`]).
fn offer(g: &Game, label: &str, action: Action) -> Markup {
    let sent = serde_json::to_value(&action).ok();
    html! {
        @if let Some(sent) = sent && may(g, action) { (act_button(label, &sent)) }
    }
}

/// A JSON value as an option's `value`: a string as itself, anything else as JSON.
pub(super) fn option_value<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// Attacks the hero may make now: melee in the Melee step, a shot in the Action or Reaction
/// step (COMBAT, p. 18-19), only from the map.
pub(super) fn may_attack(g: &Game, hero: HeroRef) -> Option<bool> {
    if g.free_to_act(hero, &[Step::Melee]) {
        Some(false)
    } else if g.free_to_act(hero, &[Step::Action, Step::Reaction]) {
        Some(true)
    } else {
        None
    }
}

/// A paid adventure: in the team's Adventure step, from the map (p. 14-17).
pub(super) fn may_pay(g: &Game, hero: HeroRef) -> bool {
    g.free_to_act(hero, &[Step::Adventure])
}

/// The hero's further actions on its team's phone, each only while the rules allow it: its
/// challenges, an attack, a paid adventure, the hand corrections (Wound, Heal, Boosts, gold)
/// and Dismiss or Banish (each asked once before it is sent: it draws a card).
pub(super) fn hero_actions(g: &Game, hero: HeroRef) -> Markup {
    let corrections = [
        ("Wound", Action::Wound { hero, wounds: 1 }),
        ("Heal", Action::Heal { hero, wounds: 1 }),
        ("+1 Boost", Action::GainBoosts { hero, boosts: 1 }),
        ("Gold +1", Action::Gold { hero, change: 1 }),
        ("Gold −1", Action::Gold { hero, change: -1 }),
    ];
    let name = g.name(hero);
    let removals = [
        (
            "Dismiss",
            Action::Dismiss { hero },
            format!("Dismiss {name}? Your team draws and places it in a Dome."),
        ),
        (
            "Banish",
            Action::Banish { hero },
            format!("Banish {name}? The other team draws and places it."),
        ),
    ];
    html! {
        @if may_challenge(g, hero) { (challenge_form(g, hero.team, hero.hero)) }
        @if let Some(ranged) = may_attack(g, hero) { (attack_form(g, hero, ranged)) }
        @if may_pay(g, hero) { (paid_form(g, hero)) }
        div.row {
            @for (label, action) in corrections { (offer(g, label, action)) }
        }
        div.row {
            @for (label, action, question) in removals {
                @if let Ok(sent) = serde_json::to_value(&action) && may(g, action) {
                    (confirm_button(label, &sent, &question))
                }
            }
        }
    }
}

/// A challenge drawn for `hero`: while it is in play and nothing waits for a Dome. The
/// adventures among them only in its team's Adventure step, from the map ([`may_pay`]).
fn may_challenge(g: &Game, hero: HeroRef) -> bool {
    g.pending.is_none() && !g.rounds.finished && g.hero(hero).is_ok_and(|h| h.status.in_play())
}
