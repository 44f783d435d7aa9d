//! Every button a seat's page offers is one the rules take when it is tapped (issue 34: "each
//! offered button must be accepted"): through a whole army game and a Furnace Duel game, each
//! action a page carries whole (no field to fill) is tried on a copy of the game at that
//! moment, the way `src/host/worldspanner.rs` decides what to offer.

use serde_json::{Value, json};
use tablemate::doc::Playable;

use super::pages::{Shared, action_named, actions_on, fill};

/// Whether `v` still has a `{field}` for the phone to fill (a form, not a button).
fn has_field(v: &Value) -> bool {
    match v {
        Value::String(s) => s.len() > 2 && s.starts_with('{') && s.ends_with('}'),
        Value::Array(a) => a.iter().any(has_field),
        Value::Object(o) => o.values().any(has_field),
        _ => false,
    }
}

/// Each whole action on `seat`'s page, tried on a copy of the saved game: all accepted.
fn every_button_is_accepted<G>(s: &Shared, seat: &str) -> Vec<Value>
where
    G: tablemate::doc::GameDoc + Playable,
    G::Action: serde::de::DeserializeOwned,
    G::Refusal: std::fmt::Display,
{
    let page = s.page(seat, "");
    let game: G = s.state();
    let buttons: Vec<Value> = actions_on(&page)
        .into_iter()
        .filter(|a| !has_field(a))
        .collect();
    for b in &buttons {
        let action: G::Action = serde_json::from_value(b.clone())
            .unwrap_or_else(|e| panic!("{seat}'s page carries {b}, not an action: {e}"));
        if let Err(e) = game.clone().act(action) {
            panic!("{seat}'s page offers {b}, which the rules refuse: {e}");
        }
    }
    buttons
}

fn tap(s: &Shared, seat: &str, action: &Value) {
    let r = s.act(seat, action.clone());
    assert_eq!(r.status, 200, "{seat} taps {action}: {}", r.body);
}

fn the_one(buttons: &[Value], pick: impl Fn(&Value) -> bool) -> Value {
    buttons
        .iter()
        .find(|b| pick(b))
        .cloned()
        .unwrap_or_else(|| panic!("not offered: {buttons:?}"))
}

#[test]
fn every_army_button_offered_through_a_whole_game_is_accepted() {
    use tablemate::army::{ArmyGame, Phase};
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(
        root.path(),
        &[
            "army", "new", "--player", "Ann", "--player", "Bob", "--json",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let made: Value = serde_json::from_str(&out.stdout).expect("new's JSON");
    let s = Shared::new(root, made["id"].as_str().expect("an id"));
    // Armies written from the phones: a General and a Champion each (Bob a Gladiator),
    // every button checked before each tap.
    for (seat, player, kinds) in [
        ("Ann", 0, ["general", "champion"]),
        ("Bob", 1, ["general", "gladiator"]),
    ] {
        for kind in kinds {
            let b = every_button_is_accepted::<ArmyGame>(&s, seat);
            every_button_is_accepted::<ArmyGame>(&s, "table");
            let recruit = the_one(&b, |a| a["action"] == "recruit" && a["kind"] == kind);
            assert_eq!(recruit["player"], player);
            tap(&s, seat, &recruit);
        }
    }
    // A second General is not offered (one per army).
    let b = every_button_is_accepted::<ArmyGame>(&s, "Ann");
    assert!(!b.iter().any(|a| a["kind"] == "general"), "{b:?}");
    // Play starts from a phone; Bob moves first.
    let start = action_named(&s.page("Ann", ""), "start");
    tap(&s, "Ann", &fill(&start, &[("first", json!(1))]));
    // Turns until one General stands: each general's phone attacks with every follower it
    // offers an attack for (the first target offered), spends what a kill earned, ends the turn.
    for _ in 0..40 {
        let g: ArmyGame = s.state();
        let Phase::Playing { turn } = g.phase else {
            break;
        };
        let seat = ["Ann", "Bob"][turn];
        let other = ["Ann", "Bob"][1 - turn];
        let b = every_button_is_accepted::<ArmyGame>(&s, other);
        assert!(
            !b.iter()
                .any(|a| a["action"] == "end-turn" || a["action"] == "promote"),
            "{other}'s phone offers {b:?} on {seat}'s turn"
        );
        every_button_is_accepted::<ArmyGame>(&s, "table");
        let page = s.page(seat, "");
        let attacks: Vec<Value> = actions_on(&page)
            .into_iter()
            .filter(|a| a["action"] == "attack")
            .collect();
        let target = page
            .split("<option value=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .map(|t| t.replace("&quot;", "\""))
            .and_then(|t| serde_json::from_str::<Value>(&t).ok());
        if let (Some(form), Some(target)) = (attacks.first(), target) {
            tap(&s, seat, &fill(form, &[("target", target)]));
        }
        let b = every_button_is_accepted::<ArmyGame>(&s, seat);
        if let Some(p) = b.iter().find(|a| a["action"] == "promote") {
            tap(&s, seat, p);
            every_button_is_accepted::<ArmyGame>(&s, seat);
        }
        let g: ArmyGame = s.state();
        if !matches!(g.phase, Phase::Playing { .. }) {
            break;
        }
        let end = the_one(&every_button_is_accepted::<ArmyGame>(&s, seat), |a| {
            a["action"] == "end-turn"
        });
        tap(&s, seat, &end);
    }
    let g: ArmyGame = s.state();
    assert!(matches!(g.phase, Phase::Over { .. }), "{:?}", g.phase);
    for seat in ["Ann", "Bob", "table"] {
        let b = every_button_is_accepted::<ArmyGame>(&s, seat);
        assert!(
            !b.iter().any(|a| a["action"] == "end-turn"),
            "{seat}: {b:?}"
        );
        assert!(s.page(seat, "").contains(" wins"), "{seat}");
    }
}

#[test]
fn every_furnace_duel_button_offered_through_a_game_and_the_next_board_is_accepted() {
    use tablemate::furnace_duel::Campaign;
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(root.path(), &["furnace-duel", "new", "Ann", "Bob"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out
        .stdout
        .trim()
        .rsplit(' ')
        .next()
        .expect("an id")
        .to_string();
    let s = Shared::new(root, &id);
    for seat in ["Ann", "Bob", "table"] {
        every_button_is_accepted::<Campaign>(&s, seat);
    }
    let page = s.page("Ann", "");
    assert!(page.contains("Game 1 of 6: Britain"), "{page}");
    // Britain has no board achievement: none is offered (the rules would refuse it).
    let b = every_button_is_accepted::<Campaign>(&s, "Ann");
    assert!(!b.iter().any(|a| a["action"] == "claim-board"), "{b:?}");
    // Both tallies from Ann's phone; the token left blank (no tie).
    let form = action_named(&s.page("Ann", ""), "record-result");
    let n = |x: u32| json!(x);
    let mut fields = Vec::new();
    for (who, cash) in [("my", 40), ("their", 30)] {
        for (k, v) in [
            ("cash", cash),
            ("tech", 0),
            ("bonus", 0),
            ("company", 1),
            ("resources", 0),
        ] {
            fields.push((format!("{who}_{k}"), n(v)));
        }
    }
    fields.push(("first".to_string(), json!("")));
    let fields: Vec<(&str, Value)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect();
    tap(&s, "Ann", &fill(&form, &fields));
    // Ann won: her phone offers the boards not yet played, Bob's waits for her pick.
    let b = every_button_is_accepted::<Campaign>(&s, "Ann");
    let picks: Vec<&Value> = b.iter().filter(|a| a["action"] == "next-board").collect();
    assert_eq!(picks.len(), 5, "{b:?}");
    let bob = every_button_is_accepted::<Campaign>(&s, "Bob");
    assert!(!bob.iter().any(|a| a["action"] == "next-board"), "{bob:?}");
    assert!(
        s.page("Bob", "")
            .contains("Waiting for Ann to pick the next board")
    );
    assert!(
        s.page("table", "")
            .contains("Waiting for Ann to pick the next board")
    );
    assert_eq!(picks[0]["board"], "alps");
    tap(&s, "Ann", picks[0]);
    let c: Campaign = s.state();
    assert_eq!(c.games.len(), 2);
    assert!(s.page("Bob", "").contains("Game 2 of 6: Alps"));
    // The Alps' achievement: offered to both phones until one claims it.
    let claim = the_one(&every_button_is_accepted::<Campaign>(&s, "Bob"), |a| {
        a["action"] == "claim-board"
    });
    tap(&s, "Bob", &claim);
    for seat in ["Ann", "Bob", "table"] {
        let b = every_button_is_accepted::<Campaign>(&s, seat);
        assert!(
            !b.iter().any(|a| a["action"] == "claim-board"),
            "{seat}: {b:?}"
        );
    }
    assert!(s.page("Ann", "").contains("Reached by Bob"));
}
