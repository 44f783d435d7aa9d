//! Campaign changes as values: every `Action` applied through `Saved::act` is one labelled
//! history entry, its JSON form is what `tablemate act` reads, scoring uses the session's own
//! map, town side and Long Game, and random play through the actions only reaches states that
//! save, load and validate.

use proptest::prelude::*;
use serde_json::json;
use tablemate::doc::{GameDoc, Saved};
use tablemate::near_and_far::campaign::Action;
use tablemate::near_and_far::scoring::{PlayerInput, ScoreInput, Town};
use tablemate::near_and_far::{Campaign, Mode};

use crate::common::*;

fn saved(mode: Mode) -> Saved<Campaign> {
    Saved::new("test", "New campaign", campaign(mode))
}

fn player(name: &str) -> PlayerInput {
    PlayerInput {
        name: name.into(),
        camps: 10,
        artifacts: vec![3],
        unpurchased_artifacts: 0,
        threats: None,
        card_bonuses: 0,
        coins: 4,
        gems: 2,
        faction_tokens: 0,
        chiefs: 0,
        reputation: 2,
        treasures: 0,
        talents: None,
        mammoth_camp: None,
        full_card: None,
        wins_ties: false,
    }
}

fn sheet(map: Option<u8>) -> ScoreInput {
    ScoreInput {
        map: map.map(crate::common::map),
        town: Some(Town::Dusk),
        long_game: Some(false),
        settings: Default::default(),
        players: vec![player("Rin"), player("Vera")],
        trade_routes: Vec::new(),
    }
}

fn act_json(s: &mut Saved<Campaign>, v: serde_json::Value) -> Result<Vec<String>, String> {
    let a: Action = serde_json::from_value(v).map_err(|e| e.to_string())?;
    s.act(a).map(|a| a.lines).map_err(|e| e.to_string())
}

#[test]
fn every_campaign_change_is_one_labelled_history_entry_from_its_json_form() {
    let mut s = saved(Mode::Campaign);
    act_json(
        &mut s,
        json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Vera"]}),
    )
    .expect("the session starts");
    assert_eq!(s.history.entries().len(), 2);
    assert_eq!(s.history.entries()[1].label, "Session started on Map 2");
    act_json(
        &mut s,
        json!({"action": "defeat-threat", "character": "Ana"}),
    )
    .expect("Rin (played by Ana) defeats the active threat");
    assert_eq!(
        s.history.entries()[2].label,
        "Rin defeats the active threat"
    );
    act_json(
        &mut s,
        json!({"action": "note-reward", "character": "Vera", "date": "2026-03-02",
               "item": {"type": "keyword-gained", "keyword": "BRAVE"}}),
    )
    .expect("a keyword is written by hand");
    assert!(
        s.current()
            .view("Vera")
            .unwrap()
            .keywords
            .iter()
            .any(|k| k.as_str() == "BRAVE")
    );
    s.validate().expect("the campaign stays valid");
}

#[test]
fn a_refused_action_leaves_the_campaign_and_its_history_untouched() {
    let mut s = saved(Mode::Campaign);
    let before = s.clone();
    let e = act_json(
        &mut s,
        json!({"action": "start-session", "map": 5, "date": "2026-03-02", "characters": ["Rin", "Vera"]}),
    )
    .unwrap_err();
    assert!(e.contains("in order"), "{e}");
    assert_eq!(s, before);
}

#[test]
fn a_score_sheet_for_another_map_is_refused_naming_the_difference() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let e = c
        .finish_session_with(sheet(Some(5)), day(3))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("map: the sheet says Map 5, the session is on Map 2"),
        "{e}"
    );
    let mut other_town = sheet(None);
    other_town.town = Some(Town::Day);
    let e = c
        .finish_session_with(other_town, day(3))
        .unwrap_err()
        .to_string();
    assert!(e.contains("town"), "{e}");
    let mut long = sheet(None);
    long.long_game = Some(true);
    let e = c.finish_session_with(long, day(3)).unwrap_err().to_string();
    assert!(e.contains("long_game"), "{e}");
    assert!(c.current_session().is_some(), "nothing was written");
}

#[test]
fn a_score_sheet_without_a_map_takes_the_sessions_so_map_10_keeps_its_mammoth_rule() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 10);
    let e = c
        .finish_session_with(sheet(None), day(3))
        .unwrap_err()
        .to_string();
    assert!(e.contains("mammoth_camp"), "{e}");
    let mut s = sheet(None);
    s.players[0].mammoth_camp = Some(false);
    s.players[1].mammoth_camp = Some(true);
    let (result, _) = c.finish_session_with(s, day(3)).expect("scored on Map 10");
    let rin = result.players.iter().find(|p| p.name == "Rin").unwrap();
    assert!(
        rin.lines
            .iter()
            .any(|l| l.rule == "mammoth-penalty" && l.points == -8)
    );
}

#[test]
fn absurd_numbers_on_a_score_sheet_are_refused() {
    for (field, change) in [
        (
            "coins",
            Box::new(|p: &mut PlayerInput| p.coins = u32::MAX) as Box<dyn Fn(&mut PlayerInput)>,
        ),
        ("gems", Box::new(|p: &mut PlayerInput| p.gems = 5000)),
        (
            "faction_tokens",
            Box::new(|p: &mut PlayerInput| p.faction_tokens = u32::MAX),
        ),
        (
            "artifacts",
            Box::new(|p: &mut PlayerInput| p.artifacts = vec![i32::MAX, i32::MAX]),
        ),
        (
            "artifacts",
            Box::new(|p: &mut PlayerInput| p.artifacts = vec![1; 60]),
        ),
        (
            "threats",
            Box::new(|p: &mut PlayerInput| p.threats = Some(vec![i32::MIN])),
        ),
        (
            "card_bonuses",
            Box::new(|p: &mut PlayerInput| p.card_bonuses = i32::MAX),
        ),
    ] {
        let mut s = sheet(Some(2));
        change(&mut s.players[0]);
        let e = s.score(None).unwrap_err().to_string();
        assert!(e.contains(field), "{field}: {e}");
    }
}

#[test]
fn threat_card_points_entered_once_are_reused_by_every_later_session() {
    let mut s = saved(Mode::Campaign);
    act_json(
        &mut s,
        json!({"action": "set-card-points", "card": "4", "journey_points": 2}),
    )
    .expect("points for the level 4 threat");
    for (n, m) in [(2u32, 2u8), (3, 3)] {
        act_json(
            &mut s,
            json!({"action": "start-session", "map": m, "date": "2026-03-02", "characters": ["Rin", "Vera"]}),
        )
        .expect("the session starts");
        act_json(
            &mut s,
            json!({"action": "defeat-threat", "character": "Rin"}),
        )
        .unwrap();
        let t = s.current().score_template(None).unwrap();
        assert_eq!(t.players[0].threats, Some(vec![2]), "session {n}");
        let mut sheet = t.clone();
        sheet.players[0].mammoth_camp = None;
        act_json(
            &mut s,
            json!({"action": "finish-session", "date": "2026-03-03", "scores": sheet}),
        )
        .expect("scored");
    }
    let e = act_json(
        &mut s,
        json!({"action": "set-card-points", "card": "4", "journey_points": 500}),
    )
    .unwrap_err();
    assert!(e.contains("500"), "{e}");
}

#[test]
fn a_retired_character_plays_no_more_sessions_and_cannot_be_champion() {
    let mut s = Saved::new(
        "t",
        "new",
        campaign_with(
            Mode::Campaign,
            Default::default(),
            &[("Ana", "Rin"), ("Ben", "Vera"), ("Cy", "Kiku")],
        ),
    );
    let lines = act_json(
        &mut s,
        json!({"action": "retire-character", "character": "Kiku", "date": "2026-03-02"}),
    )
    .expect("Kiku retires");
    assert!(lines.iter().any(|l| l.contains("cannot be champion")));
    let e = act_json(
        &mut s,
        json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Kiku"]}),
    )
    .unwrap_err();
    assert!(e.contains("retired"), "{e}");
    let e = act_json(
        &mut s,
        json!({"action": "retire-character", "character": "Rin", "date": "2026-03-02"}),
    )
    .unwrap_err();
    assert!(e.contains("at least 2"), "{e}");
    act_json(
        &mut s,
        json!({"action": "add-character", "player": "Cy", "character": "Eyim", "date": "2026-03-02"}),
    )
    .expect("Cy joins again with another character");
    s.validate().unwrap();
}

#[test]
fn the_bosses_in_character_mode_setting_is_a_campaign_action() {
    let mut s = saved(Mode::Character);
    act_json(
        &mut s,
        json!({"action": "set-settings", "settings": {"bosses_in_character_mode": true}}),
    )
    .unwrap();
    assert!(s.current().settings.bosses_in_character_mode);
    assert_eq!(s.history.entries()[1].label, "Campaign settings changed");
}

/// Random actions from the JSON form, refused or not (also used by `refusals`).
pub fn any_action() -> impl Strategy<Value = serde_json::Value> {
    let who = prop::sample::select(vec!["Rin", "Vera", "Ana", "Kiku"]);
    prop_oneof![
        (2u8..=11).prop_map(|m| json!({"action": "start-session", "map": m, "date": "2026-03-02", "characters": ["Rin", "Vera"]})),
        who.clone().prop_map(|c| json!({"action": "defeat-threat", "character": c})),
        (who.clone(), 4u8..=15).prop_map(|(c, l)| json!({"action": "defeat-threat", "character": c, "level": l})),
        (who.clone(), 1u8..=40, prop::bool::ANY).prop_map(|(c, q, ok)| json!({"action": "record-quest", "character": c,
            "read": {"kind": "map-quest", "code": q.to_string()}, "outcome": if ok {"success"} else {"failed"}, "date": "2026-03-02"})),
        who.clone().prop_map(|c| json!({"action": "buy-talent", "character": c, "talent": "Fishing", "date": "2026-03-02"})),
        (0i32..40).prop_map(|p| json!({"action": "set-card-points", "card": "5", "journey_points": p})),
        (3u8..=16).prop_map(|l| json!({"action": "name-threat", "level": l, "name": "Ogre"})),
        (0u32..3, 0i32..30).prop_map(|(n, p)| json!({"action": "finish-session", "date": "2026-03-03",
            "scores": {"players": [{"name": "Rin", "camps": n, "reputation": 1, "mammoth_camp": null, "artifacts": [p]},
                                   {"name": "Vera", "camps": 2, "reputation": 0}]}})),
        who.prop_map(|c| json!({"action": "retire-character", "character": c, "date": "2026-03-02"})),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_play_through_actions_only_reaches_states_that_save_load_and_validate(
        actions in prop::collection::vec(any_action(), 1..30)
    ) {
        let mut s = saved(Mode::Campaign);
        for a in actions {
            let before = s.history.entries().len();
            if act_json(&mut s, a).is_ok() {
                prop_assert_eq!(s.history.entries().len(), before + 1);
            } else {
                prop_assert_eq!(s.history.entries().len(), before);
            }
            let text = serde_json::to_string(&s).unwrap();
            let back: Saved<Campaign> = serde_json::from_str(&text).unwrap();
            prop_assert!(back.validate().is_ok(), "{:?}", back.validate());
            prop_assert!(GameDoc::validate(back.current()).is_ok());
        }
    }
}

#[test]
fn every_action_example_in_the_manual_is_an_action() {
    let manual = include_str!("../../docs/near-and-far.md");
    let mut seen = std::collections::BTreeSet::new();
    for line in manual.lines().filter(|l| l.starts_with("| `")) {
        for part in line.split('`').filter(|p| p.starts_with("{\"action\"")) {
            let a: Action =
                serde_json::from_str(part).unwrap_or_else(|e| panic!("docs example {part}: {e}"));
            let v = serde_json::to_value(&a).unwrap();
            seen.insert(v["action"].as_str().unwrap().to_string());
        }
    }
    for name in [
        "start-session",
        "skip-map",
        "defeat-threat",
        "defeat-boss",
        "record-quest",
        "cross-out-side-quest",
        "buy-talent",
        "write-next-quest",
        "note-reward",
        "correct",
        "score-player",
        "finish-session",
        "add-character",
        "retire-character",
        "set-card-points",
        "name-threat",
        "set-settings",
        "remember-cards",
    ] {
        assert!(seen.contains(name), "the manual has no example of {name}");
    }
}
