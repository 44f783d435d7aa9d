//! Slips refused when they are typed, with the rule or record in the way (issue 35): one person
//! twice on a score sheet, names that reach two cards, quests where no token can be, dates
//! outside the session, and more artifact cards than the box holds.

use serde_json::json;
use tablemate::doc::Saved;
use tablemate::near_and_far::campaign::Action;
use tablemate::near_and_far::scoring::{PlayerInput, ScoreInput};
use tablemate::near_and_far::session::Variants;
use tablemate::near_and_far::{Campaign, Mode};

use crate::common::*;
use crate::shared::run;

fn saved(c: Campaign) -> Saved<Campaign> {
    Saved::new("test", "New campaign", c)
}

fn act(s: &mut Saved<Campaign>, v: serde_json::Value) -> Result<Vec<String>, String> {
    let a: Action = serde_json::from_value(v).map_err(|e| e.to_string())?;
    s.act(a).map(|a| a.lines).map_err(|e| e.to_string())
}

/// Ana plays Rin, Ben plays Vera; session 1 on Map 2 (spaces 1-16) begun on 2026-03-02.
fn on_map_2() -> Saved<Campaign> {
    let mut s = saved(campaign(Mode::Campaign));
    act(
        &mut s,
        json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Vera"]}),
    )
    .expect("the session starts");
    s
}

fn tokens(s: &Saved<Campaign>) -> Vec<String> {
    s.current()
        .current_session()
        .expect("a session")
        .quest_tokens
        .iter()
        .map(|t| t.to_string())
        .collect()
}

fn quest(who: &str, code: &str) -> serde_json::Value {
    json!({"action": "record-quest", "character": who, "read": {"kind": "map-quest", "code": code},
           "outcome": "failed", "date": "2026-03-02"})
}

#[test]
fn one_person_named_by_player_and_by_character_on_a_score_sheet_is_refused() {
    let mut s = on_map_2();
    let e = act(
        &mut s,
        json!({"action": "finish-session", "date": "2026-03-02", "scores": {"players": [
            {"name": "Ana", "camps": 10, "reputation": 2},
            {"name": "Rin", "camps": 3, "reputation": 0},
            {"name": "Vera", "camps": 7, "reputation": 1}]}}),
    )
    .unwrap_err();
    assert_eq!(
        e,
        "players[1] (Rin) and players[0] (Ana) are the same person: Ana plays Rin, and each player has one line on the score sheet (p. 28)"
    );
    assert!(s.current().current_session().is_some(), "nothing written");
}

#[test]
fn a_player_named_like_another_seats_character_is_refused_at_new() {
    let f = facts();
    let e = Campaign::new(
        Mode::Campaign,
        Variants::default(),
        f.characters.card.layout,
        &seats(&[("Vera", "Rin"), ("Ben", "Vera")]),
        day(1),
        Some(&f),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with(
            "Vera cannot be played here: Vera is already the name of a player (who plays Rin)"
        ),
        "{e}"
    );
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "new",
            "--mode",
            "campaign",
            "--player",
            "Ben=Vera",
            "--player",
            "Vera=Rin",
        ],
    );
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .contains("Vera cannot sit at the table under that name: Vera is Ben's character here"),
        "{}",
        o.stderr
    );
}

#[test]
fn a_late_joiner_named_like_another_seats_character_is_refused_at_join() {
    let dir = tempfile::tempdir().unwrap();
    let id = crate::cli::new_campaign(dir.path(), "campaign");
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "join",
            "--campaign",
            &id,
            "--player",
            "Rin=Kiku",
        ],
    );
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .contains("Rin cannot sit at the table under that name: Rin is Ana's character here"),
        "{}",
        o.stderr
    );
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "join",
            "--campaign",
            &id,
            "--player",
            "Cy=Kiku",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
}

#[test]
fn a_name_that_is_a_character_reaches_that_character_before_a_player() {
    // A save made before the names were checked: Vera plays Rin, Ben plays Vera.
    let mut c = campaign(Mode::Campaign);
    c.sheets[0].player = "Vera".into();
    assert_eq!(c.sheet("Vera").unwrap().character, "Vera");
    assert_eq!(c.sheet("Rin").unwrap().player, "Vera");
}

#[test]
fn a_quest_off_the_sessions_map_is_refused() {
    let mut s = on_map_2();
    let e = act(&mut s, quest("Rin", "41")).unwrap_err();
    assert_eq!(
        e,
        "41 is not a quest space of Map 2 (its spaces are 1-16): check the number"
    );
}

#[test]
fn a_quest_on_a_space_without_a_drawn_token_is_refused_unless_the_tokens_were_placed_by_hand() {
    let mut s = on_map_2();
    let drawn = tokens(&s);
    let bare = (1..=16)
        .map(|n| n.to_string())
        .find(|n| !drawn.contains(n))
        .expect("7 tokens on 16 spaces leave some bare");
    let e = act(&mut s, quest("Rin", &bare)).unwrap_err();
    assert!(
        e.starts_with(&format!(
            "no quest token was placed on {bare} this session: the tokens left are on {}",
            drawn.join(", ")
        )),
        "{e}"
    );
    assert!(e.contains("\"tokens_by_hand\": true"), "{e}");
    let mut by_hand = quest("Rin", &bare);
    by_hand["tokens_by_hand"] = json!(true);
    act(&mut s, by_hand).expect("the table placed its own tokens");
}

#[test]
fn a_quest_token_is_used_once_per_session() {
    let mut s = on_map_2();
    let first = tokens(&s)[0].clone();
    act(&mut s, quest("Rin", &first)).expect("the token is there");
    let e = act(&mut s, quest("Vera", &first)).unwrap_err();
    assert_eq!(
        e,
        format!(
            "the quest token on {first} was already used this session, by Rin: a token goes back to the supply after one attempt (p. 22)"
        )
    );
    let session = s.current().current_session().unwrap();
    assert_eq!(session.tokens_left().len(), 6);
}

#[test]
fn a_side_quest_uses_the_token_of_the_space_it_is_read_instead_of() {
    let mut s = on_map_2();
    let t = tokens(&s);
    act(
        &mut s,
        json!({"action": "note-reward", "character": "Rin",
               "item": {"type": "side-quest-given", "code": "Q178"}, "date": "2026-03-02"}),
    )
    .unwrap();
    act(
        &mut s,
        json!({"action": "record-quest", "character": "Rin",
               "read": {"kind": "side-quest", "code": "Q178", "instead_of": t[1]},
               "outcome": "success", "date": "2026-03-02"}),
    )
    .unwrap();
    let e = act(&mut s, quest("Vera", &t[1])).unwrap_err();
    assert!(
        e.starts_with(&format!("the quest token on {} was already used", t[1])),
        "{e}"
    );
}

#[test]
fn a_quest_dated_outside_its_session_is_refused() {
    let mut s = on_map_2();
    let first = tokens(&s)[0].clone();
    let mut q = quest("Rin", &first);
    q["date"] = json!("1999-03-02");
    let e = act(&mut s, q).unwrap_err();
    assert_eq!(
        e,
        "session 1 began on 2026-03-02: what happens in it is dated that day or later, not 1999-03-02"
    );
    let mut q = quest("Rin", &first);
    q["date"] = json!("2026-03-09");
    act(&mut s, q).expect("a session may be finished on another evening");
    let e = act(
        &mut s,
        json!({"action": "finish-session", "date": "2026-03-01", "scores": {"players": [
            {"name": "Rin", "camps": 10, "reputation": 2}, {"name": "Vera", "camps": 7, "reputation": 1}]}}),
    )
    .unwrap_err();
    assert!(e.starts_with("session 1 began on 2026-03-02"), "{e}");
}

#[test]
fn a_session_dated_before_the_last_one_is_refused() {
    let mut s = on_map_2();
    act(
        &mut s,
        json!({"action": "finish-session", "date": "2026-03-02", "scores": {"players": [
            {"name": "Rin", "camps": 10, "reputation": 2}, {"name": "Vera", "camps": 7, "reputation": 1}]}}),
    )
    .unwrap();
    let e = act(
        &mut s,
        json!({"action": "start-session", "map": 3, "date": "2026-02-01", "characters": ["Rin", "Vera"]}),
    )
    .unwrap_err();
    assert_eq!(
        e,
        "session 1 began on 2026-03-02: a later session cannot be dated 2026-02-01, before it"
    );
}

#[test]
fn artifact_cards_across_players_are_bounded_by_the_box() {
    let p = |name: &str, bought: usize, in_hand: u8| PlayerInput {
        name: name.into(),
        camps: 5,
        artifacts: vec![1; bought],
        unpurchased_artifacts: in_hand,
        threats: Some(vec![]),
        card_bonuses: 0,
        coins: 0,
        gems: 0,
        faction_tokens: 0,
        chiefs: 0,
        reputation: 0,
        treasures: 0,
        talents: Some(vec![]),
        mammoth_camp: None,
        full_card: None,
        wins_ties: false,
    };
    let sheet = |players| ScoreInput {
        map: None,
        town: None,
        long_game: None,
        settings: Default::default(),
        players,
        trade_routes: vec![],
    };
    assert!(
        sheet(vec![p("Ana", 30, 0), p("Ben", 20, 5)])
            .score(None)
            .is_ok()
    );
    let e = sheet(vec![p("Ana", 30, 10), p("Ben", 20, 0)])
        .score(None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "players: 60 artifact cards in all (bought and left in hand), but the box holds only 55 for the whole table"
    );
}
