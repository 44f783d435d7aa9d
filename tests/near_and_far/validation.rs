//! Save validation refuses what the rules forbid, naming the field: an unknown talent or a
//! wrong cost, a character quest on a locked line off Map 11, more boss cards than the player
//! count allows.

use tablemate::doc::Saved;
use tablemate::near_and_far::ledger::Item;
use tablemate::near_and_far::{Campaign, Mode, Outcome};

use crate::common::*;

#[test]
fn save_validation_refuses_an_unknown_talent() {
    let mut c = campaign(Mode::Campaign);
    c.sheets[0].ledger.push(
        day(2),
        None,
        Item::TalentBought {
            talent: "Flying".into(),
            cost: 1,
        },
    );
    let e = c.validate().unwrap_err();
    assert_eq!(e.at, "sheets[0] (Rin)");
    assert!(
        e.problem.ends_with("there is no talent called \"Flying\""),
        "{e}"
    );
}

#[test]
fn save_validation_refuses_a_talent_bought_at_the_wrong_cost() {
    let mut c = campaign(Mode::Campaign);
    // Bribing costs 2 (p. 13); the card starts with 1 experience.
    c.sheets[0].ledger.push(
        day(2),
        None,
        Item::TalentBought {
            talent: "Bribing".into(),
            cost: 1,
        },
    );
    let e = c.validate().unwrap_err();
    assert_eq!(e.at, "sheets[0] (Rin)");
    assert!(e.problem.ends_with("Bribing costs 2, not 1 (p. 13)"), "{e}");
}

#[test]
fn save_validation_refuses_a_ninth_character_quest_off_map_11() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 2);
    for n in 1..=9u32 {
        c.sheets[0].ledger.push(
            day(2),
            Some(1),
            Item::CharacterQuest {
                code: Some(code(&format!("R{n}"))),
                outcome: Outcome::Success,
                next: None,
                ending: false,
            },
        );
    }
    let e = c.validate().unwrap_err();
    assert_eq!(e.at, "sheets[0] (Rin)");
    assert!(e.problem.contains("read on Map 11 only"), "{e}");
    c.sheets[0].ledger.entries.pop();
    c.validate()
        .expect("8 character quests before Map 11 are fine");
}

#[test]
fn save_validation_refuses_more_bosses_than_the_player_count_allows() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 11);
    c.validate().expect("two bosses with two players");
    let s = c.sessions.last_mut().unwrap();
    let b = s.bosses.as_mut().expect("bosses on Map 11");
    assert_eq!(b.standing.len(), 2);
    let removed = std::mem::take(&mut b.removed);
    b.standing.extend(removed);
    let e = c.validate().unwrap_err();
    assert_eq!(e.at, format!("sessions[{}]", c.sessions.len() - 1));
    assert_eq!(
        e.problem,
        "4 boss cards in play with 2 players (at most 2, p. 39)"
    );
}

#[test]
fn a_character_with_two_cards_names_where_the_first_one_is() {
    let mut c = campaign(Mode::Campaign);
    let mut again = c.sheets[0].clone();
    again.player = "Cal".into();
    c.sheets.push(again);
    let e = c.validate().unwrap_err();
    assert_eq!(e.at, "sheets[2]");
    assert_eq!(e.problem, "Rin has two cards, the first at sheets[0]");
}

#[test]
fn a_quest_token_listed_twice_names_where_it_first_appears() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    c.validate().expect("a fresh session is valid");
    let s = c.sessions.last_mut().expect("a session");
    let first = s.quest_tokens[1].clone();
    s.quest_tokens[4] = first.clone();
    let e = c.validate().unwrap_err();
    assert!(e.at.ends_with(".quest_tokens[4]"), "{e}");
    assert_eq!(
        e.problem,
        format!(
            "{first} is listed twice, first at quest_tokens[1] (a token goes on a different space each, p. 9)"
        )
    );
}

/// A save edited by hand so that the threat deck's undefeated cards are out of order: the
/// loader's check places the problem at that session's `threats.remaining` (the deck's own
/// check, reached through `within`) and keeps the problem words apart.
#[test]
fn a_threat_deck_out_of_order_is_refused_at_that_sessions_remaining_cards() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let mut v = serde_json::to_value(Saved::new("test", "New campaign", c)).unwrap();
    let remaining = &mut v["history"]["current"]["sessions"][0]["threats"]["remaining"];
    assert_eq!(remaining[0], 4, "the level 4 threat is on top");
    remaining.as_array_mut().unwrap().swap(0, 1);
    let back: Saved<Campaign> = serde_json::from_value(v.clone()).unwrap();
    let e = back.validate().unwrap_err();
    assert_eq!(e.at, "sessions[0].threats.remaining");
    assert_eq!(
        e.problem,
        "the threat deck's remaining cards must stay in order, lowest on top"
    );
    let msg =
        tablemate::games::check_save(tablemate::doc::Kind::NearAndFar, &v.to_string()).unwrap_err();
    assert_eq!(
        msg.to_string(),
        "sessions[0].threats.remaining: the threat deck's remaining cards must stay in order, lowest on top"
    );
}

/// A character card with no quest lines cannot be printed: refused at `card.quest_lines`.
#[test]
fn a_card_layout_without_quest_lines_is_refused_at_card_quest_lines() {
    let c = campaign(Mode::Character);
    let mut v = serde_json::to_value(Saved::new("test", "New campaign", c)).unwrap();
    v["history"]["current"]["card"]["quest_lines"] = 0.into();
    let back: Saved<Campaign> = serde_json::from_value(v).unwrap();
    let e = back.validate().unwrap_err();
    assert_eq!(e.at, "card.quest_lines");
    assert_eq!(e.problem, "is 0, use 1 to 40");
}

#[test]
fn check_refuses_a_save_whose_journey_points_already_wrapped() {
    // Two sessions of 2147483647 journey points, as an earlier version let through (its
    // total showed -2): the card's total is recomputed from its parts and the save refused,
    // naming the card.
    let mut c = campaign(Mode::Campaign);
    for _ in 0..2 {
        let next = c.next_maps().expect("a next map")[0].get();
        start(&mut c, next);
        finish(&mut c, &[("Rin", 0), ("Vera", 0)]);
    }
    let text = serde_json::to_string(&Saved::new("Old", "New campaign", c)).unwrap();
    let wrapped = text.replace("\"points\":0", "\"points\":2147483647");
    assert_ne!(
        text, wrapped,
        "the sessions' journey points are in the save"
    );
    let saved: Saved<Campaign> = serde_json::from_str(&wrapped).unwrap();
    let bytes = tablemate::store::envelope::encode(
        tablemate::doc::Kind::NearAndFar,
        "an old campaign",
        chrono::Utc::now(),
        &saved,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("old.json");
    std::fs::write(&file, bytes).unwrap();
    let out = crate::shared::run(dir.path(), &["check", file.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stderr.contains("sheets[0]") && out.stderr.contains("2147483647 journey points"),
        "{}",
        out.stderr
    );
}
