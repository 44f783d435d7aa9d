//! A score sheet is checked against the campaign's own records (talents bought, threat and
//! boss cards taken, boxes filled), and what it leaves out is taken from them, through the
//! public actions as `tablemate act` and the window send them.

use proptest::prelude::*;
use serde_json::json;
use tablemate::doc::Saved;
use tablemate::near_and_far::campaign::Action;
use tablemate::near_and_far::session::Variants;
use tablemate::near_and_far::{Campaign, Mode};

use crate::common::*;

fn saved(c: Campaign) -> Saved<Campaign> {
    Saved::new("test", "New campaign", c)
}

fn act(s: &mut Saved<Campaign>, v: serde_json::Value) -> Result<Vec<String>, String> {
    let a: Action = serde_json::from_value(v).map_err(|e| e.to_string())?;
    s.act(a).map(|a| a.lines).map_err(|e| e.to_string())
}

fn start_on(s: &mut Saved<Campaign>, map: u8, town: &str) {
    act(
        s,
        json!({"action": "start-session", "map": map, "date": "2026-03-02", "town": town,
               "characters": ["Rin", "Vera"]}),
    )
    .expect("the session starts");
}

/// A finish-session action: Rin's line with `rin` merged in, Vera's plain.
fn finish(s: &mut Saved<Campaign>, rin: serde_json::Value) -> Result<Vec<String>, String> {
    let mut line = json!({"name": "Rin", "camps": 10, "reputation": 2});
    if let (Some(l), Some(extra)) = (line.as_object_mut(), rin.as_object()) {
        l.extend(extra.clone());
    }
    act(
        s,
        json!({"action": "finish-session", "date": "2026-03-03",
               "scores": {"players": [line, {"name": "Vera", "camps": 8, "reputation": 0}]}}),
    )
}

fn rin_total(s: &Saved<Campaign>) -> i32 {
    s.current().view("Rin").unwrap().journey_total
}

#[test]
fn a_scored_talent_never_bought_is_refused_naming_the_sheet_and_the_card() {
    let mut s = saved(campaign(Mode::Campaign));
    act(
        &mut s,
        json!({"action": "buy-talent", "character": "Rin", "talent": "Fishing", "date": "2026-03-01"}),
    )
    .unwrap();
    start_on(&mut s, 2, "dusk");
    let e = finish(
        &mut s,
        json!({"talents": ["Fishing", "Lore"], "unpurchased_artifacts": 3}),
    )
    .unwrap_err();
    assert_eq!(
        e,
        "the score sheet gives Rin the talent Lore, but the card shows it never bought it (bought: Fishing; p. 13)"
    );
    assert!(s.current().current_session().is_some(), "nothing written");
    assert_eq!(rin_total(&s), 0);
}

#[test]
fn a_bought_talent_left_off_the_sheet_is_refused_and_a_sheet_without_talents_takes_the_card() {
    let mut s = saved(campaign(Mode::Campaign));
    act(
        &mut s,
        json!({"action": "buy-talent", "character": "Rin", "talent": "Fishing", "date": "2026-03-01"}),
    )
    .unwrap();
    start_on(&mut s, 2, "dusk");
    let e = finish(&mut s, json!({"talents": []})).unwrap_err();
    assert!(
        e.starts_with("the score sheet leaves off Rin's talent Fishing"),
        "{e}"
    );
    finish(&mut s, json!({})).expect("the card's talents are taken");
    assert_eq!(rin_total(&s), 10 + 1);
}

#[test]
fn a_scored_threat_card_never_taken_is_refused() {
    let mut s = saved(campaign(Mode::Campaign));
    start_on(&mut s, 2, "dusk");
    let e = finish(&mut s, json!({"threats": [5, 6]})).unwrap_err();
    assert_eq!(
        e,
        "the score sheet lists threat cards worth [5, 6] for Rin, but this session's records show Rin took none (p. 20, 28)"
    );
    assert_eq!(rin_total(&s), 0);
}

#[test]
fn a_taken_threat_card_left_off_the_sheet_is_refused() {
    let mut s = saved(campaign(Mode::Campaign));
    start_on(&mut s, 2, "dusk");
    act(
        &mut s,
        json!({"action": "set-card-points", "card": "4", "journey_points": 3}),
    )
    .unwrap();
    act(
        &mut s,
        json!({"action": "defeat-threat", "character": "Rin"}),
    )
    .unwrap();
    let e = finish(&mut s, json!({"threats": []})).unwrap_err();
    assert_eq!(
        e,
        "the score sheet lists threat cards worth [] for Rin, but this session's records show Rin took level 4 (3 points) (p. 20, 28)"
    );
    let e = finish(&mut s, json!({"threats": [5]})).unwrap_err();
    assert!(e.contains("took level 4 (3 points)"), "{e}");
    // Left out, the card taken is scored at its known points.
    finish(&mut s, json!({})).unwrap();
    assert_eq!(rin_total(&s), 10 + 1 + 3);
}

#[test]
fn a_taken_card_with_unknown_points_must_be_listed_on_the_sheet() {
    let mut s = saved(campaign(Mode::Campaign));
    start_on(&mut s, 2, "dusk");
    act(
        &mut s,
        json!({"action": "defeat-threat", "character": "Vera"}),
    )
    .unwrap();
    let e = act(
        &mut s,
        json!({"action": "finish-session", "date": "2026-03-03", "scores": {"players": [
            {"name": "Rin", "camps": 1, "reputation": 0},
            {"name": "Vera", "camps": 1, "reputation": 0}]}}),
    )
    .unwrap_err();
    assert!(
        e.starts_with("Vera took level 4, whose journey points this campaign does not know"),
        "{e}"
    );
    act(
        &mut s,
        json!({"action": "finish-session", "date": "2026-03-03", "scores": {"players": [
            {"name": "Rin", "camps": 1, "reputation": 0},
            {"name": "Vera", "camps": 1, "reputation": 0, "threats": [2]}]}}),
    )
    .unwrap();
    assert_eq!(s.current().view("Vera").unwrap().journey_total, 3);
}

#[test]
fn map_11_full_card_bonus_on_a_card_with_no_boxes_is_refused() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 11);
    let mut s = saved(c);
    let e = finish(&mut s, json!({"full_card": true})).unwrap_err();
    assert_eq!(
        e,
        "the score sheet claims the full-card bonus for Rin, but the card has 0 of 30 encounter boxes filled (p. 31-32)"
    );
    assert!(s.current().current_session().is_some());
}

#[test]
fn finish_session_takes_the_sessions_town_and_long_game_when_the_sheet_leaves_them_out() {
    let mut s = saved(campaign_with(
        Mode::Campaign,
        Variants {
            extra_stories: false,
            long_game: true,
        },
        &[("Ana", "Rin"), ("Ben", "Vera")],
    ));
    start_on(&mut s, 2, "day");
    // Day town: reputation -4 is -1 (Dusk: 0); Long Game: 16 camps for the bonus (not 14).
    finish(&mut s, json!({"camps": 14, "reputation": -4})).expect("town and Long Game taken");
    assert_eq!(rin_total(&s), 14 - 1);
    let done = &s.current().sessions[0];
    assert!(done.is_finished());
}

#[test]
fn cli_score_with_a_campaign_prefills_from_the_records_and_refuses_a_difference() {
    use crate::shared::run;
    use tablemate::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let id = crate::cli::new_campaign(dir.path(), "campaign");
    {
        let store = Store::open(dir.path()).unwrap();
        let mut saved = store.load::<Campaign>(&id).unwrap();
        start_on(&mut saved, 2, "dusk");
        act(
            &mut saved,
            json!({"action": "set-card-points", "card": "4", "journey_points": 2}),
        )
        .unwrap();
        act(
            &mut saved,
            json!({"action": "defeat-threat", "character": "Rin"}),
        )
        .unwrap();
        store.save(&id, &saved).unwrap();
    }
    let input = dir.path().join("score.json");
    std::fs::write(
        &input,
        r#"{"players": [{"name": "Ana", "camps": 10, "reputation": 0, "talents": ["Lore"]},
                        {"name": "Vera", "camps": 7, "reputation": 0}]}"#,
    )
    .unwrap();
    let args = [
        "near-and-far",
        "score",
        "--input",
        input.to_str().unwrap(),
        "--campaign",
        &id,
        "--date",
        "2026-03-02",
    ];
    let o = run(dir.path(), &args);
    assert_ne!(o.code, 0);
    assert!(
        o.stderr.contains("score.json: the score sheet gives Rin the talent Lore, but the card shows it never bought it (bought: none; p. 13)"),
        "{}",
        o.stderr
    );
    std::fs::write(
        &input,
        r#"{"players": [{"name": "Ana", "camps": 10, "reputation": 0},
                        {"name": "Vera", "camps": 7, "reputation": 0}]}"#,
    )
    .unwrap();
    let o = run(dir.path(), &args);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("1 threat card"), "{}", o.stdout);
    let store = Store::open(dir.path()).unwrap();
    let saved = store.load::<Campaign>(&id).unwrap();
    assert_eq!(saved.current().view("Rin").unwrap().journey_total, 12);
}

/// A finish-session whose claims are random: talents from a small list, threat cards of
/// random count, the full card on or off.
fn any_claims() -> impl Strategy<Value = serde_json::Value> {
    (
        prop::option::of(prop::sample::subsequence(vec!["Fishing", "Lore"], 0..=2)),
        prop::option::of(prop::collection::vec(0i32..6, 0..3)),
        prop::option::of(prop::bool::ANY),
    )
        .prop_map(|(talents, threats, full)| {
            let mut rin = json!({"name": "Rin", "camps": 3, "reputation": 1});
            if let Some(t) = talents {
                rin["talents"] = json!(t);
            }
            if let Some(t) = threats {
                rin["threats"] = json!(t);
            }
            if let Some(f) = full {
                rin["full_card"] = json!(f);
            }
            json!({"action": "finish-session", "date": "2026-03-03",
                   "scores": {"players": [rin, {"name": "Vera", "camps": 2, "reputation": 0}]}})
        })
}

fn any_play() -> impl Strategy<Value = serde_json::Value> {
    let who = prop::sample::select(vec!["Rin", "Vera"]);
    prop_oneof![
        (2u8..=11).prop_map(
            |m| json!({"action": "start-session", "map": m, "date": "2026-03-02",
                                        "characters": ["Rin", "Vera"]})
        ),
        who.clone()
            .prop_map(|c| json!({"action": "defeat-threat", "character": c})),
        (4u8..=6, 0i32..5).prop_map(|(l, p)| json!({"action": "set-card-points",
                                                     "card": l.to_string(), "journey_points": p})),
        (who.clone(), 1u8..=40).prop_map(|(c, q)| json!({"action": "record-quest", "character": c,
            "read": {"kind": "map-quest", "code": q.to_string()}, "outcome": "success",
            "date": "2026-03-02"})),
        who.prop_map(
            |c| json!({"action": "buy-talent", "character": c, "talent": "Fishing",
                                "date": "2026-03-02"})
        ),
        any_claims(),
        any_claims(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Random play through `Saved::act`: every score sheet accepted scores only talents the
    /// card bought and exactly the threat cards the session shows taken, and the journey
    /// points written on the card are that sheet's total.
    #[test]
    fn random_play_never_scores_what_the_records_contradict(
        actions in prop::collection::vec(any_play(), 1..40)
    ) {
        let mut s = saved(campaign(Mode::Campaign));
        for a in actions {
            let finishing = a["action"] == "finish-session";
            let before = s.current().clone();
            let scored = match (finishing, before.current_session()) {
                (true, Some(_)) => {
                    let Ok(Action::FinishSession { scores, .. }) =
                        serde_json::from_value::<Action>(a.clone()) else {
                        return Err(TestCaseError::fail("a finish-session action"));
                    };
                    before.fit_score_sheet(scores).ok()
                }
                _ => None,
            };
            if act(&mut s, a).is_err() || scored.is_none() {
                continue;
            }
            let (Some(sheet), Some(session)) = (scored, before.current_session()) else {
                continue;
            };
            let rin = &sheet.players[0];
            let card = before.view("Rin").unwrap();
            for t in rin.talents() {
                prop_assert!(card.has_talent(t), "{t} scored but never bought");
            }
            prop_assert_eq!(rin.talents().len(), card.talents.len());
            prop_assert_eq!(rin.threats().len(), session.threats.defeated_by("Rin").len());
            let vera = &sheet.players[1];
            prop_assert_eq!(vera.threats().len(), session.threats.defeated_by("Vera").len());
            prop_assert!(!rin.full_card() || card.card_complete);
            let after = s.current().view("Rin").unwrap();
            if let Some(j) = after.journey.iter().find(|j| j.session == session.number) {
                let total = before.score_sheet(sheet.clone()).unwrap().total_of("Rin");
                prop_assert_eq!(Some(j.points), total);
            }
        }
    }
}

/// Two sessions whose journey points are corrected to 2147483647 each.
fn huge_corrections(s: &mut Saved<Campaign>) -> Result<Vec<String>, String> {
    let entry = s
        .current()
        .sheet("Rin")
        .unwrap()
        .ledger
        .entries
        .last()
        .unwrap()
        .id;
    act(
        s,
        json!({"action": "correct", "character": "Rin", "entry": entry, "reason": "recount",
               "date": "2026-03-04", "replacement": {"type": "journey-points", "session": 1,
               "map": 2, "points": i32::MAX}}),
    )
}

#[test]
fn a_journey_points_correction_beyond_any_score_sheet_is_refused() {
    let mut s = saved(campaign(Mode::Campaign));
    start_on(&mut s, 2, "dusk");
    finish(&mut s, json!({})).unwrap();
    let e = huge_corrections(&mut s).unwrap_err();
    assert!(
        e.ends_with("2147483647 journey points is beyond what one session's score sheet can add up to (-500 to 5000)"),
        "{e}"
    );
    assert_eq!(rin_total(&s), 11, "nothing changed");
    assert_eq!(s.history.entries().len(), 3);
}

#[test]
fn a_saved_campaign_whose_journey_total_would_wrap_is_refused_on_load() {
    use tablemate::doc::GameDoc;
    use tablemate::near_and_far::ledger::Item;
    let mut c = campaign(Mode::Campaign);
    for n in 1..=2 {
        c.sheets[0].ledger.push(
            day(3),
            Some(n),
            Item::JourneyPoints {
                session: n,
                map: map(2),
                points: i32::MAX,
            },
        );
    }
    let e = c.sheets[0].view(c.mode, c.card).unwrap_err().to_string();
    assert!(e.contains("beyond what one session's score sheet"), "{e}");
    assert!(GameDoc::validate(&c).is_err());
    assert_eq!(c.champion(), None);
}

#[test]
fn the_largest_score_sheet_the_limits_allow_fits_the_session_bound() {
    use tablemate::near_and_far::scoring::{
        MAX_SESSION_POINTS, MIN_SESSION_POINTS, PlayerInput, ScoreInput, TradeRouteInput,
    };
    let most = PlayerInput {
        name: "Ana".into(),
        camps: 40,
        artifacts: vec![20; 55],
        unpurchased_artifacts: 0,
        threats: Some(vec![30; 16]),
        card_bonuses: 200,
        coins: 999,
        gems: 999,
        faction_tokens: 999,
        chiefs: 4,
        reputation: 12,
        treasures: 3,
        talents: Some(vec!["Storytelling".into()]),
        mammoth_camp: None,
        full_card: Some(true),
        wins_ties: false,
    };
    let least = PlayerInput {
        name: "Ben".into(),
        camps: 0,
        artifacts: vec![],
        unpurchased_artifacts: 55,
        threats: Some(vec![]),
        card_bonuses: -200,
        chiefs: 0,
        coins: 0,
        gems: 0,
        faction_tokens: 0,
        reputation: -6,
        treasures: 0,
        talents: Some(vec![]),
        full_card: Some(false),
        ..most.clone()
    };
    let route = |n: &str| TradeRouteInput {
        name: n.into(),
        sole: 20,
        joint: 20,
        camps: vec!["Ana".into(), "Ana".into()],
    };
    // The box's 55 artifact cards go to one player at a time: each extreme on its own sheet.
    let sheet = |most: PlayerInput, least: PlayerInput| ScoreInput {
        map: Some(map(11)),
        town: None,
        long_game: None,
        settings: Default::default(),
        players: vec![most, least],
        trade_routes: vec![route("a"), route("b"), route("c"), route("d")],
    };
    let r = sheet(
        most.clone(),
        PlayerInput {
            unpurchased_artifacts: 0,
            ..least.clone()
        },
    )
    .score_with(None, 255)
    .unwrap();
    assert!(r.total_of("Ana").unwrap() <= MAX_SESSION_POINTS, "{r:?}");
    let r = sheet(
        PlayerInput {
            artifacts: vec![],
            ..most
        },
        least,
    )
    .score_with(None, 255)
    .unwrap();
    assert!(r.total_of("Ben").unwrap() >= MIN_SESSION_POINTS, "{r:?}");
}

#[test]
fn bounds_hold_across_players_chiefs_threat_cards_and_trade_routes() {
    use tablemate::near_and_far::scoring::{PlayerInput, ScoreInput, TradeRouteInput};
    let p = |name: &str, chiefs: u8, threats: usize| PlayerInput {
        name: name.into(),
        camps: 5,
        artifacts: vec![],
        unpurchased_artifacts: 0,
        threats: Some(vec![1; threats]),
        card_bonuses: 0,
        coins: 0,
        gems: 0,
        faction_tokens: 0,
        chiefs,
        reputation: 0,
        treasures: 0,
        talents: None,
        mammoth_camp: None,
        full_card: None,
        wins_ties: false,
    };
    let sheet = |players, routes: Vec<TradeRouteInput>| ScoreInput {
        map: None,
        town: None,
        long_game: None,
        settings: Default::default(),
        players,
        trade_routes: routes,
    };
    let e = sheet(vec![p("Ana", 3, 0), p("Ben", 2, 0)], vec![])
        .score(None)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "players: 5 chiefs in all, but the box has only 4 for the whole table"
    );
    let e = sheet(vec![p("Ana", 0, 9), p("Ben", 0, 8)], vec![])
        .score(None)
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("players: 17 threat and boss cards in all"),
        "{e}"
    );
    let route = |sole| TradeRouteInput {
        name: "Tea".into(),
        sole,
        joint: 1,
        camps: vec![],
    };
    let e = sheet(vec![p("Ana", 0, 0), p("Ben", 0, 0)], vec![route(2); 5])
        .score(None)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "trade_routes: 5 trade routes, but a map shows only 4 (p. 25)"
    );
    let e = sheet(vec![p("Ana", 0, 0), p("Ben", 0, 0)], vec![route(200)])
        .score(None)
        .unwrap_err();
    assert!(e.to_string().contains("no map prints 200 points"), "{e}");
    assert!(
        sheet(vec![p("Ana", 2, 8), p("Ben", 2, 8)], vec![route(5); 4])
            .score(None)
            .is_ok()
    );
}

/// Character Mode: a character quest read by `who`, with the code given and the next one.
fn read_character_quest(
    s: &mut Saved<Campaign>,
    who: &str,
    code: &str,
    next: Option<&str>,
) -> Result<Vec<String>, String> {
    act(
        s,
        json!({"action": "record-quest", "character": who,
               "read": {"kind": "character-quest", "code": code}, "outcome": "success",
               "next": next, "date": "2026-03-02"}),
    )
}

#[test]
fn a_character_records_only_its_own_character_quest_letters() {
    let mut s = saved(campaign(Mode::Character));
    start_on(&mut s, 3, "dusk");
    let e = read_character_quest(&mut s, "Vera", "R2", None).unwrap_err();
    assert_eq!(
        e,
        "R2 is Rin's character quest, not Vera's: each character reads only its own (p. 23)"
    );
    read_character_quest(&mut s, "Vera", "V1", Some("V3")).expect("Vera's own letters");
    // Once Vera's card reads V codes, another letter is refused, and so is Rin's R as a next.
    let e = read_character_quest(&mut s, "Vera", "V3", Some("R4")).unwrap_err();
    assert_eq!(
        e,
        "R4 is not on Vera's card: Vera's character quests are V codes (p. 23)"
    );
    let e = act(
        &mut s,
        json!({"action": "write-next-quest", "character": "Rin", "code": "V2", "date": "2026-03-02"}),
    )
    .unwrap_err();
    assert!(e.starts_with("V2 is not on Rin's card"), "{e}");
    assert_eq!(s.current().view("Vera").unwrap().character_quests_read, 1);
}

#[test]
fn only_the_character_quest_that_is_due_is_recorded() {
    let mut s = saved(campaign(Mode::Character));
    start_on(&mut s, 3, "dusk");
    let e = read_character_quest(&mut s, "Rin", "R5", None).unwrap_err();
    assert_eq!(
        e,
        "Rin's card begins with character quest R1, not R5: the first quest read is the one printed on the card (p. 29)"
    );
    read_character_quest(&mut s, "Rin", "R1", Some("R3")).expect("R1 is due");
    let e = read_character_quest(&mut s, "Rin", "R5", None).unwrap_err();
    assert_eq!(e, "Rin's card says the next character quest is R3, not R5");
    read_character_quest(&mut s, "Rin", "R3", None).expect("R3 is due");
}

#[test]
fn the_code_due_is_checked_in_a_campaign_begun_before_letters_were_kept() {
    // A save from before campaigns kept the characters' letters: the field is absent.
    let mut c = campaign(Mode::Character);
    c.cards.quest_letters.clear();
    let text = serde_json::to_string(&saved(c)).unwrap();
    assert!(
        !text.contains("quest_letters"),
        "the old save has no letters"
    );
    let mut s: Saved<Campaign> = serde_json::from_str(&text).unwrap();
    start_on(&mut s, 3, "dusk");
    let e = read_character_quest(&mut s, "Rin", "R5", None).unwrap_err();
    assert_eq!(
        e,
        "Rin's card begins with character quest R1, not R5: the first quest read is the one printed on the card (p. 29)"
    );
    let e = read_character_quest(&mut s, "Vera", "R2", None).unwrap_err();
    assert_eq!(
        e,
        "R2 is Rin's character quest, not Vera's: each character reads only its own (p. 23)"
    );
    read_character_quest(&mut s, "Rin", "R1", Some("R3")).expect("R1 is due");
    // What is due next comes from the card's own records.
    let e = read_character_quest(&mut s, "Rin", "R5", None).unwrap_err();
    assert_eq!(e, "Rin's card says the next character quest is R3, not R5");
}

#[test]
fn a_campaign_plays_at_most_4_characters_at_once() {
    let mut s = saved(campaign_with(
        Mode::Campaign,
        Variants::default(),
        &[
            ("Ana", "Rin"),
            ("Ben", "Vera"),
            ("Cy", "Kiku"),
            ("Di", "Eyim"),
        ],
    ));
    let e = act(
        &mut s,
        json!({"action": "add-character", "player": "Ed", "character": "Grear", "date": "2026-03-02"}),
    )
    .unwrap_err();
    assert_eq!(
        e,
        "Grear cannot join: Rin, Vera, Kiku, Eyim already play, and a session takes at most 4 players (p. 4); retire one first"
    );
    act(
        &mut s,
        json!({"action": "retire-character", "character": "Kiku", "date": "2026-03-02"}),
    )
    .unwrap();
    act(
        &mut s,
        json!({"action": "add-character", "player": "Ed", "character": "Grear", "date": "2026-03-02"}),
    )
    .expect("a seat is free once Kiku retires");
    assert_eq!(s.current().sheets.len(), 5);
}

#[test]
fn the_quest_token_seed_is_the_campaigns_own_and_saved_with_it() {
    let draw = |c: Campaign| {
        let mut c = c;
        start(&mut c, 2);
        let s = &c.sessions[0];
        (s.token_seed, s.quest_tokens.clone())
    };
    let (old_seed, _) = draw(campaign(Mode::Campaign));
    assert_eq!(
        old_seed,
        Some(1 << 8 | 2),
        "a campaign without a seed keeps the old draw"
    );
    let (a, tokens_a) = draw(campaign(Mode::Campaign).with_token_seed(11));
    let (b, _) = draw(campaign(Mode::Campaign).with_token_seed(12));
    assert_ne!(a, b, "two campaigns draw differently");
    assert_ne!(a, old_seed);
    assert_eq!(
        draw(campaign(Mode::Campaign).with_token_seed(11)).1,
        tokens_a
    );
    let c = campaign(Mode::Campaign).with_token_seed(99);
    let text = serde_json::to_string(&c).unwrap();
    let back: Campaign = serde_json::from_str(&text).unwrap();
    assert_eq!(back.token_seed, Some(99));
}

#[test]
fn cli_new_campaigns_get_their_own_token_seed() {
    use tablemate::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let one = crate::cli::new_campaign(dir.path(), "campaign");
    let two = crate::cli::new_campaign(dir.path(), "campaign");
    let store = Store::open(dir.path()).unwrap();
    let seed = |id: &str| store.load::<Campaign>(id).unwrap().current().token_seed;
    assert!(seed(&one).is_some());
    assert_ne!(seed(&one), seed(&two));
}

#[test]
fn a_lost_map_11_played_again_on_the_first_pass_still_places_the_named_spaces() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 11);
    c.defeat_boss("Rin", "The Red King").unwrap();
    crate::common::finish(&mut c, &[("Rin", 30), ("Vera", 25)]);
    assert!(
        c.sessions
            .last()
            .unwrap()
            .result
            .as_ref()
            .unwrap()
            .lost_last_ruin()
    );
    let notes = start(&mut c, 11);
    assert!(
        notes.iter().any(|n| n.contains("named spaces first")),
        "{notes:?}"
    );
    let named = &c.cards.map(map(11)).unwrap().named_spaces;
    let placed = &c.sessions.last().unwrap().quest_tokens;
    for n in named {
        assert!(placed.contains(n), "named space {n} again on the replay");
    }
}
