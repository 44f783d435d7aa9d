//! The forms a hero's row opens onto: its challenges, an attack and a paid adventure, each
//! with the modifiers the team holds now, built as templates the page's script fills (see
//! the module above).

use maud::{Markup, html};
use serde_json::{Value, json};

use super::{heroes_of, may_pay, option_value};
use crate::worldspanner::adventure::Adventure;
use crate::worldspanner::victory::SPACES_PER_KEY;
use crate::worldspanner::{ChallengeKind, Face, Game, HeroRef, HeroStatus, PaidKind, TeamSide};

/// A hero's challenges from this seat, as the window's challenge panel sends them: a Faction
/// Task or Quest and the Lith's Lair / Death's Edge adventures as `adventure` (results
/// applied: captures, gold, healing), anything else as a plain `challenge`; for a physical
/// deck, wrapped in `read` with the face the team just flipped.
pub(super) fn challenge_form(g: &Game, side: TeamSide, hero: usize) -> Markup {
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
pub(super) fn attack_form(g: &Game, hero: HeroRef, ranged: bool) -> Markup {
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
pub(super) fn paid_form(g: &Game, hero: HeroRef) -> Markup {
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
