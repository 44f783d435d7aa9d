//! Random JSON actions, shared by the test crates that throw them (tests/cli/random_actions.rs
//! at `Saved::act`, tests/host/limits.rs at the host): numbers at the edges of every integer
//! type, random text, and a template of every Worldspanner action. Included by each crate as
//! `#[path = "../shared/random_json.rs"] mod random_json;`.
#![allow(dead_code)]

use serde_json::Value;

/// A seeded xorshift, so a failing case shrinks to the same actions.
pub struct Dice(pub u64);

impl Dice {
    pub fn roll(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Numbers at the edges of every integer type a field may have, and a few that are not
/// integers at all.
fn number(d: &mut Dice) -> Value {
    let edges: [Value; 30] = [
        0.into(),
        1.into(),
        2.into(),
        4.into(),
        5.into(),
        6.into(),
        7.into(),
        9.into(),
        36.into(),
        127.into(),
        128.into(),
        255.into(),
        256.into(),
        32_767.into(),
        65_535.into(),
        65_536.into(),
        i32::MAX.into(),
        u32::MAX.into(),
        (u32::MAX as u64 + 1).into(),
        i64::MAX.into(),
        u64::MAX.into(),
        (-1).into(),
        (-6).into(),
        (-128).into(),
        (-129).into(),
        i32::MIN.into(),
        i64::MIN.into(),
        0.5.into(),
        (-2.5).into(),
        1e300.into(),
    ];
    match d.roll(3) {
        0 => (d.roll(12) as i64 - 2).into(),
        _ => edges[d.roll(edges.len())].clone(),
    }
}

fn text(d: &mut Dice) -> Value {
    let texts = [
        "",
        " ",
        "0",
        "-1",
        "99999999999999999999",
        "z9",
        "1-6",
        "6-1",
        "9-9",
        "Ω\u{1b}[2J",
        "Rin",
        "nobody",
    ];
    Value::String(texts[d.roll(texts.len())].to_string())
}

/// Changes `v` in place: most numbers, some strings, now and then a whole value to null or a
/// list's last item repeated or dropped. The `action` and `type` tags stay, so each variant
/// keeps being reached.
pub fn mutate(v: &mut Value, d: &mut Dice) {
    if d.roll(25) == 0 {
        *v = Value::Null;
        return;
    }
    match v {
        Value::Number(_) if d.roll(3) > 0 => *v = number(d),
        Value::String(_) if d.roll(5) == 0 => *v = text(d),
        Value::Array(items) => {
            for x in items.iter_mut() {
                mutate(x, d);
            }
            match d.roll(8) {
                0 => {
                    items.pop();
                }
                1 => {
                    if let Some(last) = items.last().cloned() {
                        items.push(last);
                    }
                }
                _ => {}
            }
        }
        Value::Object(fields) => {
            for (k, x) in fields.iter_mut() {
                if k != "action" && k != "type" {
                    mutate(x, d);
                }
            }
        }
        _ => {}
    }
}

fn hero(team: &str, n: usize) -> String {
    format!(r#"{{"team":"{team}","hero":{n}}}"#)
}

fn challenge(kind: &str) -> String {
    format!(
        r#"{{"kind":{kind},"rating":4,"against":3,"modifiers":[{{"type":"other","amount":2,"reason":"x"}},{{"type":"favor-tile","amount":1}},{{"type":"terrain-stealth","spaces":1}}]}}"#
    )
}

pub fn worldspanner_templates() -> Vec<String> {
    let (s0, s1, p0, p1) = (
        hero("skyhawks", 0),
        hero("skyhawks", 1),
        hero("psiclones", 0),
        hero("psiclones", 1),
    );
    let card = r#"{"number":1,"fail_from":-3,"squeak_from":0,"pass_from":2,"amaze_from":5,"hit_from":1,"luck":1,"domes":"3-4"}"#;
    let cards = vec![card; 36].join(",");
    let hit = challenge(r#""melee-hit""#);
    let damage = challenge(r#"{"damage":{"natural_melee":true}}"#);
    let mut t = vec![
        r#"{"action":"next-step"}"#.to_string(),
        r#"{"action":"answer","option":1}"#.to_string(),
        format!(r#"{{"action":"move","hero":{s0}}}"#),
        format!(r#"{{"action":"pass-melee","hero":{p0}}}"#),
        format!(r#"{{"action":"pick-up","hero":{s0},"pile":0}}"#),
        format!(r#"{{"action":"pick-up","hero":{p0},"pile":1,"gold":2}}"#),
        format!(r#"{{"action":"reinforce","hero":{s0}}}"#),
        format!(r#"{{"action":"reinforce","hero":{s1}}}"#),
        format!(r#"{{"action":"reinforce","hero":{p0}}}"#),
        format!(r#"{{"action":"dismiss","hero":{s1}}}"#),
        format!(r#"{{"action":"banish","hero":{p1}}}"#),
        r#"{"action":"place"}"#.to_string(),
        r#"{"action":"place","dome":{"number":3,"slot":2}}"#.to_string(),
        r#"{"action":"place","dome":{"number":4,"slot":4}}"#.to_string(),
        format!(r#"{{"action":"leave-dome","hero":{s0}}}"#),
        format!(
            r#"{{"action":"challenge","team":"skyhawks","hero":{s0},"challenge":{}}}"#,
            challenge(r#""other""#)
        ),
        format!(
            r#"{{"action":"adventure","hero":{s0},"adventure":{{"type":"faction-task","faction":"lords","space":1}},"challenge":{{"kind":"faction-adventure","rating":4,"against":5,"modifiers":[],"skill":"virtue"}}}}"#
        ),
        format!(
            r#"{{"action":"adventure","hero":{p0},"adventure":{{"type":"faction-quest","faction":"villains","space":0}},"challenge":{}}}"#,
            challenge(r#""faction-adventure""#)
        ),
        format!(
            r#"{{"action":"adventure","hero":{s1},"adventure":{{"type":"vortex"}},"challenge":{}}}"#,
            challenge(r#""lith-adventure""#)
        ),
        format!(
            r#"{{"action":"paid","hero":{s0},"paid":{{"kind":"market","key":["lords",1],"gold":3,"cards":1,"home":false,"targets":[{p1}]}}}}"#
        ),
        format!(
            r#"{{"action":"attack","attacker":{s0},"target":{p0},"attack":{{"hit":{hit},"damage":{damage},"wound_rating":2}}}}"#
        ),
        format!(r#"{{"action":"wound","hero":{p0},"wounds":2}}"#),
        format!(r#"{{"action":"heal","hero":{p0},"wounds":1}}"#),
        format!(r#"{{"action":"gain-boosts","hero":{s0},"boosts":2}}"#),
        format!(r#"{{"action":"use-boost","hero":{s0}}}"#),
        format!(r#"{{"action":"gold","hero":{s0},"change":3}}"#),
        r#"{"action":"capture","team":"skyhawks","faction":"lords","space":1}"#.to_string(),
        r#"{"action":"tribute","team":"psiclones","amount":2}"#.to_string(),
        r#"{"action":"glory-card","team":"skyhawks"}"#.to_string(),
        format!(r#"{{"action":"raise-from-underpit","hero":{p1}}}"#),
        format!(r#"{{"action":"renew","hero":{p1}}}"#),
        r#"{"action":"deck","team":"skyhawks","tool":{"Remove":2}}"#.to_string(),
        r#"{"action":"deck","team":"psiclones","tool":{"PutBack":[1,"Top"]}}"#.to_string(),
        r#"{"action":"deck","team":"psiclones","tool":"ShuffleUndrawn"}"#.to_string(),
        r#"{"action":"deck-mode","team":"psiclones","physical":true}"#.to_string(),
        format!(
            r#"{{"action":"read","cards":[{{"face":"pass","hit":true,"luck":2,"domes":"3-4"}}],"then":{{"action":"reinforce","hero":{p0}}}}}"#
        ),
        r#"{"action":"read-domes","domes":"3-4"}"#.to_string(),
        r#"{"action":"reopen"}"#.to_string(),
        r#"{"action":"odds-over","over":"cards-left"}"#.to_string(),
        format!(r#"{{"action":"replace-deck","team":"skyhawks","name":"Real","cards":[{cards}]}}"#),
    ];
    // Reinforce is most of round 1: more of it gets a game to its later steps.
    for n in 2..6 {
        t.push(format!(
            r#"{{"action":"reinforce","hero":{}}}"#,
            hero("skyhawks", n)
        ));
        t.push(format!(
            r#"{{"action":"reinforce","hero":{}}}"#,
            hero("psiclones", n)
        ));
        t.push(r#"{"action":"place"}"#.to_string());
    }
    t
}
