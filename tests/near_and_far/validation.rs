//! Save validation refuses what the rules forbid, naming the field: an unknown talent or a
//! wrong cost, a character quest on a locked line off Map 11, more boss cards than the player
//! count allows.

use tablemate::near_and_far::ledger::Item;
use tablemate::near_and_far::{Mode, Outcome};

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
    assert!(e.contains("no talent called \"Flying\""), "{e}");
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
    assert!(e.contains("Bribing costs 2, not 1"), "{e}");
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
    assert!(e.contains("read on Map 11 only"), "{e}");
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
    assert!(
        e.contains("4 boss cards in play with 2 players (at most 2"),
        "{e}"
    );
}

#[test]
fn a_character_with_two_cards_names_where_the_first_one_is() {
    let mut c = campaign(Mode::Campaign);
    let mut again = c.sheets[0].clone();
    again.player = "Cal".into();
    c.sheets.push(again);
    let e = c.validate().unwrap_err();
    assert_eq!(e, "sheets[2]: Rin has two cards, the first at sheets[0]");
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
    assert!(
        e.ends_with(&format!(
            "quest_tokens[4]: {first} is listed twice, first at quest_tokens[1] (a token goes on a different space each, p. 9)"
        )),
        "{e}"
    );
}
