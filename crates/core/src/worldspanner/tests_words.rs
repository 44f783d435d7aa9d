//! Every text a team can meet says a count the way the table says it: "1 hero", "2 heroes",
//! never "hero(es)" nor "1 heroes". Random play through `Game::apply` (the public action path
//! the window, the CLI and the phones share) collects every line, refusal, history label, the
//! whole view and the glory report, and checks each.

use serde_json::{Value, json};

use super::sample::setup;
use super::*;

/// A seeded xorshift: the same seed plays the same game.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn pick(d: &mut Dice, from: &[&'static str]) -> &'static str {
    from[d.roll(from.len())]
}

/// A random action with small numbers (0 to 3 most of all, where "1" must read singular).
fn action(d: &mut Dice, size: usize) -> Value {
    let team = pick(d, &["skyhawks", "psiclones"]);
    let hero = json!({"team": team, "hero": d.roll(size)});
    let enemy = json!({"team": pick(d, &["skyhawks", "psiclones"]), "hero": d.roll(size)});
    let small = d.roll(4);
    let mods = match d.roll(4) {
        0 => json!([{"type": "terrain-stealth", "spaces": d.roll(3)}]),
        1 => json!([{"type": "boost"}]),
        2 => json!([{"type": "favor-tile", "amount": 1}]),
        _ => json!([]),
    };
    let challenge = |kind: Value, d: &mut Dice| json!({"kind": kind, "rating": d.roll(9), "against": d.roll(7), "modifiers": mods});
    let faction = pick(d, &["lords", "defenders", "villains"]);
    let a = match d.roll(30) {
        0..=5 => json!({"action": "next-step"}),
        6 | 7 => json!({"action": "reinforce", "hero": hero}),
        8 | 9 => json!({"action": "place"}),
        10 => json!({"action": "answer", "option": 1 + d.roll(3)}),
        11 => json!({"action": pick(d, &["dismiss", "banish"]), "hero": hero}),
        12 => {
            json!({"action": pick(d, &["leave-dome", "move", "pass-melee", "use-boost"]), "hero": hero})
        }
        13 => json!({"action": pick(d, &["raise-from-underpit", "renew"]), "hero": hero}),
        14 => json!({"action": "wound", "hero": hero, "wounds": small}),
        15 => json!({"action": "heal", "hero": hero, "wounds": small}),
        16 => json!({"action": "gain-boosts", "hero": hero, "boosts": small}),
        17 => json!({"action": "gold", "hero": hero, "change": small as i32 - 1}),
        18 => json!({"action": "pick-up", "hero": hero, "pile": d.roll(2),
            "gold": if d.roll(2) == 0 { Value::Null } else { json!(small) }}),
        19 => json!({"action": "challenge", "team": team, "hero": hero,
            "challenge": challenge(json!("other"), d)}),
        20 | 21 => json!({"action": "attack", "attacker": hero, "target": enemy, "attack": {
            "hit": challenge(json!(pick(d, &["melee-hit", "ranged-hit"])), d),
            "damage": challenge(json!({"damage": {"natural_melee": true}}), d),
            "wound_rating": 1 + d.roll(3)}}),
        22 => json!({"action": "adventure", "hero": hero,
            "adventure": {"type": "faction-task", "faction": faction, "space": d.roll(4)},
            "challenge": challenge(json!("faction-adventure"), d)}),
        23 => json!({"action": "adventure", "hero": hero,
            "adventure": {"type": pick(d, &["vortex", "underworld", "haggler"])},
            "challenge": challenge(json!("lith-adventure"), d)}),
        24 => json!({"action": "paid", "hero": hero, "paid": {
            "kind": pick(d, &["inspire", "infirmary", "card-task", "rescue"]),
            "key": [faction, d.roll(4)], "gold": small, "cards": d.roll(3), "home": false,
            "targets": []}}),
        25 => json!({"action": "capture", "team": team, "faction": faction, "space": d.roll(4)}),
        26 => json!({"action": "tribute", "team": team, "amount": 1 + d.roll(2)}),
        27 => json!({"action": "glory-card", "team": team}),
        28 => json!({"action": "odds-over", "over": pick(d, &["cards-left", "whole-deck"])}),
        _ => json!({"action": "deck-mode", "team": team, "physical": d.roll(4) == 0}),
    };
    // A physical deck's draws are read at the table: one card, or now and then one too many.
    if d.roll(3) == 0 {
        let card = json!({"face": pick(d, &["pass", "fail", "amaze", "squeak"]),
            "hit": d.roll(2) == 0, "luck": d.roll(4), "domes": "3-4"});
        let cards = vec![card; 1 + d.roll(2)];
        return json!({"action": "read", "cards": cards, "then": a});
    }
    a
}

/// Every string inside `v`.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// "(es)", "(s)", or "1 " before a plural noun the game counts.
fn misworded(text: &str) -> bool {
    const PLURALS: [&str; 10] = [
        "heroes", "wounds", "cards", "Boosts", "Domes", "spaces", "markers", "rounds", "tokens",
        "piles",
    ];
    text.contains("(es)")
        || text.contains("(s)")
        || text.match_indices("1 ").any(|(i, _)| {
            let single = i == 0 || !text.as_bytes()[i - 1].is_ascii_digit();
            single && PLURALS.iter().any(|p| text[i + 2..].starts_with(p))
        })
}

#[test]
fn no_reachable_text_says_a_count_as_hero_es_or_one_heroes() {
    let mut seen = 0usize;
    let mut applied = 0usize;
    let mut steps = std::collections::BTreeSet::new();
    for seed in 1..=4u64 {
        let mut g = Game::new(setup(MapDesign::Standard, 6, 8, seed).expect("sample setup"))
            .expect("a game");
        let mut d = Dice(seed * 7919);
        for _ in 0..2000 {
            let Ok(a) = serde_json::from_value::<Action>(action(&mut d, 6)) else {
                continue;
            };
            let mut texts = vec![a.label(&g)];
            match g.apply(a) {
                Ok(lines) => {
                    applied += 1;
                    texts.extend(lines);
                }
                Err(e) => texts.push(e.to_string()),
            }
            steps.insert((g.rounds.round, g.rounds.step.name()));
            if let Ok(view) = serde_json::to_value(g.view()) {
                strings(&view, &mut texts);
            }
            texts.extend(g.glory().lines);
            texts.extend(g.surround_question());
            texts.push(g.rounds.describe());
            for side in TeamSide::BOTH {
                texts.push(g.odds(side).describe());
            }
            for t in &texts {
                assert!(!misworded(t), "seed {seed}: {t:?}");
            }
            seen += texts.len();
        }
    }
    assert!(applied > 1000, "too little play got through: {applied}");
    assert!(steps.len() > 12, "play stayed in too few steps: {steps:?}");
    assert!(seen > 100_000, "{seen} texts");
    assert!(misworded("Sky1 takes 1 wounds") && misworded("2 hero(es)"));
    assert!(!misworded("Sky1 takes 11 wounds") && !misworded("1 wound"));
}
