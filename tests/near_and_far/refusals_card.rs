//! Refusals as values on the character card (issue 13): talents and experience (p. 13),
//! keywords and side quests (p. 23, 32, 35), corrections and the ledger, journey points
//! (p. 31). Each asserts the variant and its fields, where on the card included.

use tablemate::near_and_far::code::Keyword;
use tablemate::near_and_far::error::EntryAt;
use tablemate::near_and_far::ledger::{Item, Ledger};
use tablemate::near_and_far::sheet::Sheet;
use tablemate::near_and_far::{Mode, RuleError};

use crate::common::*;

fn at(character: &str, entry: u32, what: &str) -> EntryAt {
    EntryAt {
        character: character.into(),
        entry,
        what: what.into(),
    }
}

fn reward(amount: u8) -> Item {
    Item::ExperienceReward {
        amount,
        quest: None,
    }
}

fn keyword(k: &str) -> Keyword {
    Keyword::new(k).expect("a keyword")
}

// Talents and experience (p. 13).

#[test]
fn a_talent_costs_more_experience_than_unspent_is_refused_as_overspend() {
    let mut c = campaign(Mode::Campaign);
    let err = c
        .buy_talent("Rin", "Meditation", day(1), &facts(), false)
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::Overspend {
            at: at("Rin", 2, "bought talent Meditation for 4 experience"),
            talent: "Meditation".into(),
            cost: 4,
            available: 1,
        }
    );
    // The refused entry is not kept: the ledger still holds only the starting star.
    assert_eq!(c.sheet("Rin").unwrap().ledger.entries.len(), 1);
}

#[test]
fn a_talent_bought_twice_is_refused_as_talent_twice() {
    let mut c = campaign(Mode::Campaign);
    c.buy_talent("Rin", "Fishing", day(1), &facts(), false)
        .unwrap();
    c.note_reward("Rin", reward(3), day(1)).unwrap();
    let err = c
        .buy_talent("Rin", "fishing", day(1), &facts(), false)
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::TalentTwice {
            at: at("Rin", 4, "bought talent Fishing for 1 experience"),
            talent: "Fishing".into(),
        }
    );
    assert!(
        err.to_string().ends_with("Rin already has Fishing"),
        "{err}"
    );
}

#[test]
fn talents_mid_game_need_politics() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert_eq!(
        c.buy_talent("Rin", "Fishing", day(2), &facts(), true)
            .unwrap_err(),
        RuleError::TalentsBetweenSessions
    );
}

#[test]
fn a_talent_not_in_the_box_is_refused_by_name() {
    let mut c = campaign(Mode::Campaign);
    assert_eq!(
        c.buy_talent("Rin", "Juggling", day(1), &facts(), false)
            .unwrap_err(),
        RuleError::NoSuchTalent {
            name: "Juggling".into()
        }
    );
}

// Keywords and side quests (p. 23, 32, 35).

#[test]
fn a_keyword_the_card_does_not_hold_cannot_be_lost() {
    let mut c = campaign(Mode::Campaign);
    let lost = Item::KeywordLost {
        keyword: keyword("ruby"),
        quest: None,
    };
    assert_eq!(
        c.note_reward("Rin", lost, day(1)).unwrap_err(),
        RuleError::KeywordNotHeld {
            at: at("Rin", 2, "keyword RUBY lost"),
            keyword: keyword("RUBY"),
        }
    );
}

#[test]
fn only_a_pending_side_quest_can_be_crossed_out() {
    let mut c = campaign(Mode::Campaign);
    assert_eq!(
        c.cross_out_side_quest("Rin", &code("Q7"), day(1))
            .unwrap_err(),
        RuleError::SideQuestNotPending {
            at: at("Rin", 2, "side quest Q7 crossed out"),
            code: code("Q7"),
        }
    );
}

#[test]
fn a_side_quest_is_a_q_number() {
    let mut c = campaign(Mode::Campaign);
    let given = Item::SideQuestGiven {
        code: code("41"),
        from: None,
    };
    let err = c.note_reward("Rin", given, day(1)).unwrap_err();
    assert!(
        matches!(&err, RuleError::NotASideQuest { at, code: c } if at.entry == 2 && *c == code("41")),
        "{err:?}"
    );
}

#[test]
fn character_mode_ignores_side_quests_written_by_hand() {
    let mut c = campaign(Mode::Character);
    let given = Item::SideQuestGiven {
        code: code("Q7"),
        from: None,
    };
    assert_eq!(
        c.note_reward("Rin", given, day(1)).unwrap_err(),
        RuleError::NoSideQuestsInCharacterMode
    );
}

// Corrections and the ledger.

#[test]
fn a_correction_keeps_the_kind_of_entry() {
    let mut c = campaign(Mode::Campaign);
    c.note_reward("Rin", reward(2), day(1)).unwrap();
    let gained = Item::KeywordGained {
        keyword: keyword("ruby"),
        quest: None,
    };
    let err = c
        .correct("Rin", 2, "misread", Some(gained), day(2))
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::KindChanged {
            entry: 3,
            from: "2 experience as a reward".into(),
            to: "keyword RUBY gained".into(),
        }
    );
}

#[test]
fn the_starting_star_cannot_be_corrected() {
    let mut c = campaign(Mode::Campaign);
    assert_eq!(
        c.correct("Rin", 1, "no star", None, day(2)).unwrap_err(),
        RuleError::StartingStarFixed { entry: 2 }
    );
}

#[test]
fn a_correction_needs_a_reason_and_an_entry() {
    let mut c = campaign(Mode::Campaign);
    assert_eq!(
        c.correct("Rin", 1, "  ", None, day(2)).unwrap_err(),
        RuleError::CorrectionWithoutReason
    );
    assert_eq!(
        c.correct("Ana", 99, "typo", None, day(2)).unwrap_err(),
        RuleError::NoSuchEntry {
            character: "Rin".into(),
            entry: 99,
        }
    );
}

// Journey points (p. 31).

#[test]
fn a_journey_points_correction_keeps_its_session_and_map() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    finish(&mut c, &[("Rin", 20), ("Vera", 18)]);
    let entry = c
        .sheet("Rin")
        .unwrap()
        .ledger
        .entries
        .iter()
        .find(|e| matches!(e.item, Item::JourneyPoints { .. }))
        .map(|e| e.id)
        .expect("journey points written");
    let moved = Item::JourneyPoints {
        session: 2,
        map: map(3),
        points: 20,
    };
    assert_eq!(
        c.correct("Rin", entry, "wrong map", Some(moved), day(3))
            .unwrap_err(),
        RuleError::JourneyCorrectionMoves
    );
}

#[test]
fn a_session_writes_journey_points_once_per_card() {
    let mut ledger = Ledger::default();
    ledger.push(day(1), None, Item::StartingExperience);
    for points in [12, 14] {
        ledger.push(
            day(3),
            Some(1),
            Item::JourneyPoints {
                session: 1,
                map: map(2),
                points,
            },
        );
    }
    let sheet = Sheet {
        character: "Rin".into(),
        player: "Ana".into(),
        joined_session: 1,
        ledger,
        retired_after: None,
    };
    let err = sheet
        .view(Mode::Campaign, facts().characters.card.layout)
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::JourneyPointsTwice {
            at: at("Rin", 3, "14 journey points in session 1 (Map 2)"),
            session: 1,
        }
    );
}
