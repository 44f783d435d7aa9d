//! Corrections: every sheet entry can be fixed later by a dated correction with a reason;
//! history never silently changes (issue 5, "Campaign and character sheets").

use super::common::*;
use super::experience::map_quest;
use tablemate::near_and_far::ledger::Item;
use tablemate::near_and_far::{Keyword, MapNumber, Mode, Outcome};

#[test]
fn a_correction_is_a_dated_ledger_entry_with_a_reason_and_the_original_stays() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    for n in ["1", "2", "3"] {
        c.record_quest("Rin", map_quest(n, Outcome::Success), day(2))
            .unwrap();
    }
    assert_eq!(c.view("Rin").unwrap().xp_earned, 2);
    let box_id = c.sheet("Rin").unwrap().ledger.entries[3].id;
    c.correct(
        "Rin",
        box_id,
        "ticked Vera's box on Rin's card",
        None,
        day(3),
    )
    .unwrap();
    let sheet = c.sheet("Rin").unwrap();
    assert_eq!(
        sheet.ledger.entries.len(),
        5,
        "the mistake is kept; a correction is added"
    );
    assert!(matches!(
        sheet.ledger.entries[3].item,
        Item::EncounterBox { .. }
    ));
    let last = sheet.ledger.entries.last().unwrap();
    assert_eq!(last.date, day(3));
    assert!(matches!(&last.item, Item::Correction { reason, .. } if reason.contains("Vera's box")));
    assert_eq!(sheet.ledger.corrected_by(box_id), Some(last.id));
    let v = c.view("Rin").unwrap();
    assert_eq!((v.boxes_filled, v.xp_earned), (2, 1));
}

#[test]
fn a_correction_cannot_leave_more_experience_spent_than_earned() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    for n in ["1", "2", "3"] {
        c.record_quest("Rin", map_quest(n, Outcome::Success), day(2))
            .unwrap();
    }
    finish(&mut c, &[("Rin", 10), ("Vera", 10)]);
    c.buy_talent("Rin", "Martial Arts", day(3), &facts(), false)
        .unwrap();
    let box_id = c.sheet("Rin").unwrap().ledger.entries[1].id;
    let err = c
        .correct("Rin", box_id, "mis-tick", None, day(4))
        .unwrap_err();
    assert!(err.to_string().contains("only 1 is available"), "{err}");
    // Refund the talent first (strike it out), then the box.
    let talent_id = c
        .sheet("Rin")
        .unwrap()
        .ledger
        .entries
        .iter()
        .find(|e| matches!(e.item, Item::TalentBought { .. }))
        .unwrap()
        .id;
    c.correct("Rin", talent_id, "bought by mistake", None, day(4))
        .unwrap();
    c.correct("Rin", box_id, "mis-tick", None, day(4)).unwrap();
    assert_eq!(c.view("Rin").unwrap().xp_available, 1);
}

#[test]
fn a_correction_keeps_the_kind_of_entry() {
    let mut c = campaign(Mode::Campaign);
    c.note_reward(
        "Rin",
        Item::KeywordGained {
            keyword: Keyword::new("ash").unwrap(),
            quest: None,
        },
        day(2),
    )
    .unwrap();
    let id = c.sheet("Rin").unwrap().ledger.entries[1].id;
    let err = c
        .correct(
            "Rin",
            id,
            "wrong",
            Some(Item::ExperienceReward {
                amount: 3,
                quest: None,
            }),
            day(3),
        )
        .unwrap_err();
    assert!(err.to_string().contains("keep the kind"), "{err}");
    c.correct(
        "Rin",
        id,
        "it was EMBER",
        Some(Item::KeywordGained {
            keyword: Keyword::new("ember").unwrap(),
            quest: None,
        }),
        day(3),
    )
    .unwrap();
    let kws: Vec<String> = c
        .view("Rin")
        .unwrap()
        .keywords
        .iter()
        .map(|k| k.to_string())
        .collect();
    assert_eq!(kws, vec!["EMBER".to_string()]);
}

#[test]
fn a_correction_needs_a_reason_and_an_existing_entry() {
    let mut c = campaign(Mode::Campaign);
    assert!(c.correct("Rin", 1, "  ", None, day(2)).is_err());
    assert!(c.correct("Rin", 99, "typo", None, day(2)).is_err());
    assert!(
        c.correct("Rin", 1, "no star", None, day(2)).is_err(),
        "the starting star is not correctable"
    );
}

#[test]
fn the_latest_correction_of_an_entry_wins() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    finish(&mut c, &[("Rin", 20), ("Vera", 18)]);
    let id = c.sheet("Rin").unwrap().ledger.entries.last().unwrap().id;
    let jp = |p| Item::JourneyPoints {
        session: 1,
        map: MapNumber::new(2).unwrap(),
        points: p,
    };
    c.correct("Rin", id, "added wrong", Some(jp(23)), day(4))
        .unwrap();
    c.correct("Rin", id, "recounted again", Some(jp(22)), day(5))
        .unwrap();
    assert_eq!(c.view("Rin").unwrap().journey_total, 22);
    let moved = Item::JourneyPoints {
        session: 1,
        map: map(3),
        points: 22,
    };
    assert!(
        c.correct("Rin", id, "other map", Some(moved), day(5))
            .is_err()
    );
}

#[test]
fn a_correction_of_a_correction_is_refused() {
    let mut c = campaign(Mode::Campaign);
    c.note_reward(
        "Rin",
        Item::KeywordGained {
            keyword: Keyword::new("ash").unwrap(),
            quest: None,
        },
        day(2),
    )
    .unwrap();
    c.correct("Rin", 2, "not earned", None, day(3)).unwrap();
    assert!(c.correct("Rin", 3, "undo that", None, day(3)).is_err());
}
