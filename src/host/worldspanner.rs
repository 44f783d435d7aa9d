//! Worldspanner on a team's phone (docs/table-network.md, "Worldspanner"): the step and what
//! the team may do now, the card drawn, each hero a compact row with only the actions the rules
//! allow now, the other team read-only, the Domes and the melee order. Each button sends the
//! same action as the window's Worldspanner screen.
//!
//! A form's action is a template the page's script fills (`seat.js`): `"{field}"` takes the
//! field's value; in a list, `{"$if": "field", "then": X}` is X only while the field is ticked
//! or holds something other than 0 (a modifier the player chose); `{"$pick": "field", ...}`
//! is the branch named by the field's value (melee with or without a weapon card).

use maud::{Markup, html};
use serde_json::{Value, json};

use super::pages::{SeatPage, act_button, confirm_button, listed};
use crate::seat::Seat;
use crate::worldspanner::adventure::Adventure;
use crate::worldspanner::victory::SPACES_PER_KEY;
use crate::worldspanner::{
    Action, ChallengeKind, Face, Game, Hero, HeroRef, HeroStatus, LastEvent, PaidKind, Step,
    TeamSide,
};

/// The card drawn last and what it means at the table (the challenge or attack the window's
/// panel shows), kept at the top of the page so a team sees its result without scrolling.
fn drawn(g: &Game) -> Markup {
    let (who, lines): (String, &[String]) = match &g.last {
        Some(LastEvent::Challenge {
            team, hero, lines, ..
        }) => (
            hero.map_or_else(|| team.name().to_string(), |h| g.name(h)),
            lines,
        ),
        Some(LastEvent::Attack {
            attacker, lines, ..
        }) => (g.name(*attacker), lines),
        None => (String::new(), &[]),
    };
    html! {
        section #drawn {
            @if lines.is_empty() {
                p.page { "No card drawn yet this game." }
            } @else {
                h2 { "Card drawn: " (who) }
                @for l in lines { p.line { (l) } }
            }
        }
    }
}

/// The Domes: who sits in each one taken (and its free places), the empty ones on one line.
fn domes(g: &Game) -> Markup {
    let view = g.view();
    let empty: Vec<String> = view
        .domes
        .iter()
        .filter(|d| d.places.iter().all(Option::is_none))
        .map(|d| d.number.to_string())
        .collect();
    html! {
        section.tight {
            p { b { "Domes" } @if empty.len() == view.domes.len() { ": all " (empty.len()) " empty" } }
            @if empty.len() < view.domes.len() { ul.compact {
                @for d in view.domes.iter().filter(|d| d.places.iter().any(Option::is_some)) {
                    li { "Dome " (d.number) ": "
                        (listed(d.places.iter().flatten().map(|n| n.name.clone())))
                        " · " (d.free) " free" }
                }
                @if !empty.is_empty() { li { "Empty: Dome " (empty.join(", ")) } }
            } }
        }
    }
}

/// The heroes on the map in the order they make their melee attacks (Wits, highest first,
/// ties to the active team: COMBAT, p. 18), those done this Melee step marked.
fn melee_order(g: &Game) -> Markup {
    let view = g.view();
    html! {
        section.tight {
            p { b { "Melee order" } }
            @if view.melee_order.is_empty() && view.melee_wits_unknown.is_empty() {
                p.page { "No hero on the map yet." }
            }
            @if !view.melee_order.is_empty() {
                ol.compact {
                    @for m in &view.melee_order {
                        li { (m.name) " (" (m.team.name()) ", Wits " (m.wits) ")" @if m.done { " · done" } }
                    }
                }
            }
            @if !view.melee_wits_unknown.is_empty() {
                p.note { "Wits not on a card: " (listed(view.melee_wits_unknown.iter().map(|n| n.name.clone()))) }
            }
        }
    }
}

/// A hero's challenges from this seat, as the window's challenge panel sends them: a Faction
/// Task or Quest and the Lith's Lair / Death's Edge adventures as `adventure` (results
/// applied: captures, gold, healing), anything else as a plain `challenge`; for a physical
/// deck, wrapped in `read` with the face the team just flipped.
fn challenge_form(g: &Game, side: TeamSide, hero: usize) -> Markup {
    let physical = g.team(side).physical;
    let hero_ref = json!({"team": side, "hero": hero});
    let hero_at = HeroRef { team: side, hero };
    // The modifiers the rules allow for each kind that the team holds now.
    let faction_mods = modifiers(g, hero_at, ChallengeKind::FactionAdventure);
    let lith_mods = modifiers(g, hero_at, ChallengeKind::LithAdventure);
    let other_mods = modifiers(g, hero_at, ChallengeKind::Other);
    let challenge = |kind: &str, mods: &[Value]| json!({"kind": kind, "rating": "{rating}", "against": "{against}", "modifiers": mods});
    let read = |action: Value| {
        if physical {
            json!({"action": "read", "cards": [{"face": "{face}"}], "then": action})
        } else {
            action
        }
    };
    let faction = read(json!({"action": "adventure", "hero": hero_ref,
        "adventure": {"type": "{type}", "faction": "{faction}", "space": "{space}"},
        "challenge": challenge("faction-adventure", &faction_mods.1)}));
    let lith = read(json!({"action": "adventure", "hero": hero_ref,
        "adventure": "{adventure}", "challenge": challenge("lith-adventure", &lith_mods.1)}));
    let other = read(
        json!({"action": "challenge", "team": side, "hero": hero_ref,
        "challenge": challenge("other", &other_mods.1)}),
    );
    let value = |v: Value| {
        v.as_str()
            .map(String::from)
            .unwrap_or_else(|| v.to_string())
    };
    let ratings = |against: u8, mods: &Markup| {
        html! {
            label { "Rating " input name="rating" type="number" min="0" max="20" required; }
            label { "Against " input name="against" type="number" min="0" max="20" value=(against) required; }
            (mods)
            @if physical {
                label { "The face on the card you flipped " select name="face" {
                    @for f in Face::ALL.iter().rev() {
                        option value=(serde_json::to_value(f).map(value).unwrap_or_default()) { (f.name()) }
                    } } }
            }
            button type="submit" { (if physical { "Enter the card" } else { "Draw" }) }
        }
    };
    let adventure = may_pay(g, hero_at);
    html! {
        @if adventure {
        details {
            summary.big { "Faction Task or Quest…" }
            form.act data-act=(faction.to_string()) {
                label { "Which " select name="type" {
                    option value="faction-task" { "Task (5-rated)" }
                    option value="faction-quest" { "Quest card" } } }
                label { "Faction key " select name="faction" {
                    @for k in &g.keys {
                        option value=(serde_json::to_value(k.faction).map(value).unwrap_or_default()) { (k.faction.key_name()) }
                    } } }
                label { "Space " select name="space" data-json="" {
                    @for i in 0..SPACES_PER_KEY { option value=(i) { (i + 1) } } } }
                (ratings(5, &faction_mods.0))
            }
        }
        details {
            summary.big { "Lith's Lair or Death's Edge…" }
            form.act data-act=(lith.to_string()) {
                label { "Adventure " select name="adventure" data-json="" {
                    @for a in [Adventure::Haggler {}, Adventure::MirrorPool {}, Adventure::Vortex {}, Adventure::Underworld {}] {
                        option value=(serde_json::to_string(&a).unwrap_or_default()) { (a.name()) }
                    } } }
                (ratings(5, &lith_mods.0))
            }
        }
        }
        details {
            summary.big { "Other challenge…" }
            form.act data-act=(other.to_string()) { (ratings(5, &other_mods.0)) }
        }
    }
}

/// The step and what the team may do now: who acts, the step's reminder, who has acted, the
/// Dome a dismissed hero waits for, and End this step for the active team.
fn now(g: &Game, my: Option<TeamSide>) -> Markup {
    let view = g.view();
    let glory = g.glory();
    let acts_now = my.is_some_and(|t| !g.locked() && g.rounds.may_act(t));
    let end = my
        .filter(|t| *t == g.rounds.active)
        .is_some_and(|_| may(g, Action::NextStep {}));
    html! {
        section #now {
            div.headline {
                @if g.locked() {
                    p.big { (g.rounds.describe()) }
                } @else if acts_now {
                    p.big.you { (g.rounds.step.name()) " step: your team acts" }
                } @else if let Some(t) = my {
                    p.big { (g.rounds.step.name()) " step: " (actors(g, t.other())) " act, you wait" }
                } @else {
                    p.big { (g.rounds.step.name()) " step" }
                }
                @if end {
                    (confirm_button("End step", &json!({"action": "next-step"}),
                        &format!("End the {} step for both teams? A hero that has not acted loses its chance.",
                            g.rounds.step.name())))
                }
            }
            p.note {
                @if g.locked() { "The game is over: the laptop may reopen it for corrections." }
                @else {
                    "Round " (g.rounds.round) " of " (g.rounds.length.rounds())
                    " · glory now " (glory.glory[0]) "–" (glory.glory[1])
                    " · " (g.rounds.step.reminder())
                }
            }
            @if !view.acted.is_empty() {
                p.page { "Acted this step: " (listed(view.acted.iter().map(|a| format!("{} ({})", a.name, a.did)))) }
            }
            @if let Some(p) = &g.pending {
                @let chooser = my == Some(p.chooser);
                p.big { (g.name(p.hero)) " waits for a Dome: " (p.chooser.name()) " choose" }
                @if p.awaiting_card {
                    p { (p.chooser.name()) " read the Dome range on the card they drew." }
                    @if chooser {
                        form.act data-act=(json!({"action": "read-domes", "domes": "{domes}"}).to_string()) {
                            label { "Dome range on the card (3-4, 1 or 6) " input #domes name="domes" required autocomplete="off"; }
                            button type="submit" { "Enter the range" }
                        }
                    }
                } @else {
                    p { "Allowed: " (listed(p.candidates.iter().map(|c| format!("Dome {} ({} empty)", c.number, c.empty)))) }
                    @if chooser {
                        div.row { @for c in &p.candidates {
                            @if let Some(slot) = g.domes.first_empty(c.number) {
                                (offer(g, &format!("Place in Dome {}", c.number), Action::Place { dome: Some(slot) }))
                            }
                        } }
                    }
                }
            }
        }
    }
}

/// Who acts in the step besides `other`'s team: its name ("Skyhawks").
fn actors(g: &Game, other: TeamSide) -> &'static str {
    if g.rounds.may_act(other) {
        other.name()
    } else {
        "nobody"
    }
}

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

pub(super) fn page(g: &Game, seat: Option<&Seat>) -> Markup {
    let my = seat.and_then(|s| TeamSide::BOTH.into_iter().find(|t| t.name() == s.name));
    html! {
        (now(g, my))
        (drawn(g))
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

    fn page(&self, seat: Option<&Seat>, _base: &str) -> Markup {
        page(self, seat)
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

/// The modifiers a challenge by `hero` may carry that the team holds now, as the fields the
/// player fills and the template items they become. `kind` says which the rules allow for it.
pub(super) fn modifiers(g: &Game, hero: HeroRef, kind: ChallengeKind) -> (Markup, Vec<Value>) {
    let side = hero.team;
    let boost_active = g.hero(hero).is_ok_and(|h| h.boost_active);
    let holds_tile = g.keys.iter().any(|k| k.favor(side).is_some());
    let lith = g.lith.favor(side);
    let on_key = kind == ChallengeKind::FactionAdventure;
    let lith_adventure = kind == ChallengeKind::LithAdventure;
    let attack = matches!(kind, ChallengeKind::MeleeHit | ChallengeKind::RangedHit);
    let when = |field: &str, then: Value| json!({"$if": field, "then": then});
    let mut items = Vec::new();
    if on_key {
        items.push(when("relation", json!("{relation}")));
    }
    if boost_active {
        items.push(when("boost", json!({"type": "boost"})));
    }
    // The target's Boost counts only while an enemy hero it could hit has one in use.
    let target_boost = attack
        && g.team(side.other())
            .heroes
            .iter()
            .any(|h| h.status == HeroStatus::OnMap && h.boost_active);
    if target_boost {
        items.push(when("target_boost", json!({"type": "target-boost"})));
    }
    if holds_tile {
        items.push(when(
            "favor",
            json!({"type": "favor-tile", "amount": "{favor}"}),
        ));
    }
    if lith_adventure && let Some(f) = lith {
        items.push(when("lith", json!({"type": "liths-favor", "favor": f})));
    }
    if kind == ChallengeKind::RangedHit {
        items.push(when(
            "terrain",
            json!({"type": "terrain-stealth", "spaces": "{terrain}"}),
        ));
    }
    items.push(when(
        "own",
        json!({"type": "other", "amount": "{own}", "reason": "{own_reason}"}),
    ));
    let markup = html! {
        @if on_key {
            label { "Faction relation " select name="relation" data-json="" {
                option value="null" { "none" }
                option value=(json!({"type": "home-faction"}).to_string()) { "Home faction +2" }
                option value=(json!({"type": "opposing-faction"}).to_string()) { "Opposing faction −2" }
            } }
        }
        @if boost_active { label.tick { input type="checkbox" name="boost"; "Boost in use +1" } }
        @if target_boost { label.tick { input type="checkbox" name="target_boost"; "Target's Boost in use −1" } }
        @if holds_tile {
            label { "Favor tile (±) " input name="favor" type="number" min="-6" max="6" value="0"; }
        }
        @if lith_adventure && let Some(f) = lith {
            label.tick { input type="checkbox" name="lith"; "Lith's Favor +" (f.amount()) }
        }
        @if kind == ChallengeKind::RangedHit {
            label { "Camouflaging spaces in the line of fire " input name="terrain" type="number" min="0" max="9" value="0"; }
        }
        details {
            summary { "Own modifier (an ability or card)…" }
            label { "Amount (±) " input name="own" type="number" min="-12" max="12" value="0"; }
            label { "Why " input name="own_reason" autocomplete="off"; }
        }
    };
    (markup, items)
}

/// Wraps `action` for a physical deck: the cards the team flipped, read at the table.
fn read(g: &Game, side: TeamSide, cards: Value, action: Value) -> Value {
    if g.team(side).physical {
        json!({"action": "read", "cards": cards, "then": action})
    } else {
        action
    }
}

fn faces(name: &str, label: &str) -> Markup {
    html! {
        label { (label) " " select name=(name) {
            @for f in Face::ALL.iter().rev() { option value=(option_value(f)) { (f.name()) } }
        } }
    }
}

/// The attack form: Hit (rating against defence, the target's Boost), then Damage (Power
/// against Armor, the Wound rating), as the window's challenge panel builds it.
fn attack_form(g: &Game, hero: HeroRef, ranged: bool) -> Markup {
    let side = hero.team;
    let hit_kind = if ranged {
        ChallengeKind::RangedHit
    } else {
        ChallengeKind::MeleeHit
    };
    let (mods, hit_mods) = modifiers(g, hero, hit_kind);
    // The Damage challenge keeps the attacker's Boost only for natural melee; the target's
    // Boost and the player's own modifier count there too (Boosts, p. 23).
    let damage_mods = |natural: bool| -> Vec<Value> {
        hit_mods
            .iter()
            .filter(|m| match m["then"]["type"].as_str() {
                Some("boost") => natural,
                Some("target-boost" | "other") => true,
                _ => false,
            })
            .cloned()
            .collect()
    };
    let hows: Vec<(&str, &str, bool)> = if ranged {
        vec![("ranged", "Ranged attack", false)]
    } else {
        vec![
            ("natural", "Melee, natural (no weapon card)", true),
            ("weapon", "Melee with a weapon card", false),
        ]
    };
    let mut damage_kind = serde_json::Map::new();
    let mut damage_modifiers = serde_json::Map::new();
    damage_kind.insert("$pick".into(), json!("how"));
    damage_modifiers.insert("$pick".into(), json!("how"));
    for (key, _, natural) in &hows {
        damage_kind.insert(
            key.to_string(),
            serde_json::to_value(ChallengeKind::Damage {
                natural_melee: *natural,
            })
            .unwrap_or_default(),
        );
        damage_modifiers.insert(key.to_string(), Value::Array(damage_mods(*natural)));
    }
    let action = json!({"action": "attack", "attacker": hero, "target": "{target}",
        "attack": {
            "hit": {"kind": hit_kind, "rating": "{rating}", "against": "{against}", "modifiers": hit_mods},
            "damage": {"kind": damage_kind, "rating": "{power}", "against": "{armor}", "modifiers": damage_modifiers},
            "wound_rating": "{wound}"}});
    // A miss ends the attack: no Damage card is drawn (p. 18), so none is read.
    let action = read(
        g,
        side,
        json!([{"hit": "{hit}"}, {"$if": "hit", "then": {"face": "{damage_face}"}}]),
        action,
    );
    let targets: Vec<(HeroRef, &str)> = heroes_of(g, side.other())
        .filter(|(_, h)| h.status == HeroStatus::OnMap)
        .map(|(r, h)| (r, h.name.as_str()))
        .collect();
    html! {
        details {
            summary.big { (if ranged { "Ranged attack…" } else { "Melee attack…" }) }
            form.act data-act=(action.to_string()) {
                label { "Attack " select name="how" {
                    @for (key, label, _) in &hows { option value=(key) { (label) } } } }
                label { "Target " select name="target" data-json="" {
                    @for (r, name) in &targets { option value=(json!(r).to_string()) { (name) } }
                    option value="null" { "No hero (a minion)" }
                } }
                label { "Hit: rating " input name="rating" type="number" min="0" max="20" required; }
                label { "against defence " input name="against" type="number" min="0" max="20" required; }
                label { "Damage: Power " input name="power" type="number" min="0" max="20" required; }
                label { "against Armor " input name="armor" type="number" min="0" max="20" required; }
                label { "Wound rating " input name="wound" type="number" min="0" max="4" required; }
                (mods)
                @if g.team(side).physical {
                    label { "Hit card: the blue Hit bar is beside the row " select name="hit" data-json="" {
                        option value="true" { "Yes: a hit" } option value="false" { "No: a miss" } } }
                    (faces("damage_face", "Damage card (on a hit): the face beside the row"))
                }
                button type="submit" { (if g.team(side).physical { "Enter the cards" } else { "Attack" }) }
            }
        }
    }
}

/// A paid adventure: no card is drawn, no faction modifier applies; the hero is dismissed
/// after (p. 14-17).
fn paid_form(g: &Game, hero: HeroRef) -> Markup {
    let mut key = serde_json::Map::new();
    key.insert("$pick".into(), json!("kind"));
    for &k in PaidKind::ALL {
        key.insert(
            option_value(&k),
            if k.on_faction_key() {
                json!(["{faction}", "{space}"])
            } else {
                Value::Null
            },
        );
    }
    // Rescue dismisses allies and Kidnap banishes enemies, each ticked by name, in the order
    // listed (p. 16-17): every other hero in play, the team's own first.
    let in_play: Vec<(HeroRef, &str)> = heroes_of(g, hero.team)
        .chain(heroes_of(g, hero.team.other()))
        .filter(|(r, h)| *r != hero && h.status.in_play())
        .map(|(r, h)| (r, h.name.as_str()))
        .collect();
    let tick = |r: &HeroRef| format!("target_{}_{}", option_value(&r.team), r.hero);
    let targets: Vec<Value> = in_play
        .iter()
        .map(|(r, _)| json!({"$if": tick(r), "then": r}))
        .collect();
    let action = json!({"action": "paid", "hero": hero, "paid": {"kind": "{kind}", "key": key,
        "gold": "{gold}", "cards": "{cards}", "home": "{home}", "targets": targets}});
    html! {
        details {
            summary.big { "Paid adventure (gold or cards)…" }
            form.act data-act=(action.to_string()) {
                label { "Which " select name="kind" {
                    @for &k in PaidKind::ALL { option value=(option_value(&k)) { (k.name()) } } } }
                label { "Faction key (not for Lith's Lair) " select name="faction" {
                    @for k in &g.keys { option value=(option_value(&k.faction)) { (k.faction.key_name()) } } } }
                label { "Space " select name="space" data-json="" {
                    @for i in 0..SPACES_PER_KEY { option value=(i) { (i + 1) } } } }
                label { "Gold paid " input name="gold" type="number" min="0" value="0" required; }
                label { "Cards paid " input name="cards" type="number" min="0" value="0" required; }
                label.tick { input type="checkbox" name="home"; "Hero of this key's faction" }
                @if !in_play.is_empty() {
                    fieldset {
                        legend { "Rescue: allies to dismiss (1 gold each) · Kidnap: enemies to banish (2 gold each)" }
                        @for (r, name) in &in_play {
                            label.tick {
                                input type="checkbox" name=(tick(r));
                                (if r.team == hero.team { "Rescue: dismiss " } else { "Kidnap: banish " })
                                (name)
                            }
                        }
                    }
                }
                p.page { "No card is drawn and no faction modifier applies (p. 14); the hero is dismissed after." }
                button type="submit" { "Pay and adventure" }
            }
        }
    }
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

/// The team's Glory board, folded until opened: its odds and deck, its markers on each Faction
/// key with a Capture button on each space it does not hold, +1 tribute to Lith, a glory card.
pub(super) fn glory(g: &Game, side: TeamSide) -> Markup {
    let t = g.team(side);
    html! {
        details #glory {
            summary.big { "Glory board, odds and deck…" }
            p.page { "Glory cards: " (side.name()) " " (t.glory_cards) ", " (side.other().name()) " "
                (g.team(side.other()).glory_cards) }
            p.page { "Odds " (g.odds(side).describe())
                " · " (if t.physical { "physical deck" } else { "digital deck" }) }
            @for k in &g.keys {
                p { b { (k.faction.key_name()) } ": " (side.name()) " " (k.markers(side))
                    " · " (side.other().name()) " " (k.markers(side.other())) }
                div.row {
                    @for s in 0..SPACES_PER_KEY {
                        @if k.spaces.get(s).copied().flatten() != Some(side) {
                            (offer(g, &format!("Capture space {}", s + 1),
                                Action::Capture { team: side, faction: k.faction, space: s }))
                        }
                    }
                }
            }
            p { "Lith's tribute: " @match g.lith.holder {
                Some(t) => { (t.name()) " " (g.lith.amount) },
                None => "none",
            } }
            div.row {
                (offer(g, "+1 tribute to Lith", Action::Tribute { team: side, amount: 1 }))
                (offer(g, "Glory card", Action::GloryCard { team: side }))
            }
        }
    }
}
