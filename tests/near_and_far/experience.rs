//! Experience, boxes and talents (rulebook p. 13, 23, 31-32; RULINGS "Near and Far").

use super::common::*;
use tablemate::near_and_far::index::Bookkeeping;
use tablemate::near_and_far::{Mode, Outcome, QuestRecord, Read};

pub fn map_quest(n: &str, outcome: Outcome) -> QuestRecord {
    QuestRecord {
        read: Read::MapQuest { code: code(n) },
        outcome,
        next: None,
        ending: false,
        rewards: Bookkeeping::default(),
    }
}

pub fn char_quest(c: &str, outcome: Outcome, next: Option<&str>) -> QuestRecord {
    QuestRecord {
        read: Read::CharacterQuest {
            code: Some(code(c)),
        },
        outcome,
        next: next.map(code),
        ending: false,
        rewards: Bookkeeping::default(),
    }
}

#[test]
fn campaign_mode_starts_with_one_experience() {
    let c = campaign(Mode::Campaign);
    let v = c.view("Rin").unwrap();
    assert_eq!((v.xp_earned, v.xp_spent, v.xp_available), (1, 0, 1));
    assert_eq!(v.boxes_filled, 0);
}

#[test]
fn campaign_mode_experience_is_one_plus_filled_boxes_divided_by_three() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let mut seen = Vec::new();
    for n in 1..=7 {
        c.record_quest("Rin", map_quest(&n.to_string(), Outcome::Success), day(2))
            .unwrap();
        seen.push(c.view("Rin").unwrap().xp_earned);
    }
    // boxes 1..7 → 1 + boxes / 3
    assert_eq!(seen, vec![1, 1, 2, 2, 2, 3, 3]);
}

#[test]
fn first_star_is_the_starting_point_not_an_extra_one() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    for n in 1..=3 {
        c.record_quest("Rin", map_quest(&n.to_string(), Outcome::Success), day(2))
            .unwrap();
    }
    assert_eq!(
        c.view("Rin").unwrap().xp_earned,
        2,
        "3 boxes: 1 start + 1 row"
    );
}

#[test]
fn campaign_mode_failed_encounter_still_fills_a_box() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    c.record_quest("Rin", map_quest("3", Outcome::Failed), day(2))
        .unwrap();
    assert_eq!(c.view("Rin").unwrap().boxes_filled, 1);
}

#[test]
fn a_full_card_fills_no_more_boxes() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let total = c.card.total_boxes();
    for _ in 0..total {
        c.record_quest("Rin", map_quest("5", Outcome::Success), day(2))
            .unwrap();
    }
    let notices = c
        .record_quest("Rin", map_quest("5", Outcome::Success), day(2))
        .unwrap();
    let v = c.view("Rin").unwrap();
    assert_eq!(v.boxes_filled, total);
    assert!(v.card_complete);
    assert_eq!(v.xp_earned, 1 + i32::from(total / 3));
    assert!(notices.iter().any(|n| n.contains("no empty encounter box")));
}

#[test]
fn character_mode_each_character_quest_is_one_experience_even_when_failed() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    c.record_quest("Rin", char_quest("R1", Outcome::Failed, Some("R3")), day(2))
        .unwrap();
    c.record_quest(
        "Rin",
        char_quest("R3", Outcome::Success, Some("R4")),
        day(2),
    )
    .unwrap();
    let v = c.view("Rin").unwrap();
    assert_eq!(v.xp_earned, 3);
    assert_eq!(v.character_quests_read, 2);
    assert_eq!(v.next_quest, Some(code("R4")));
}

#[test]
fn spent_experience_is_gone_and_the_ledger_shows_earned_spent_available() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    for n in 1..=6 {
        c.record_quest("Rin", map_quest(&n.to_string(), Outcome::Success), day(2))
            .unwrap();
    }
    finish(&mut c, &[("Rin", 30), ("Vera", 25)]);
    c.buy_talent("Rin", "Martial Arts", day(4), &facts(), false)
        .unwrap();
    let v = c.view("Rin").unwrap();
    assert_eq!((v.xp_earned, v.xp_spent, v.xp_available), (3, 2, 1));
    let deltas: Vec<i32> = v.xp_lines.iter().map(|l| l.delta).collect();
    assert_eq!(deltas, vec![1, 1, 1, -2]);
    assert_eq!(v.xp_lines[3].date, day(4));
    assert_eq!(v.talents, vec!["Martial Arts".to_string()]);
}

#[test]
fn a_talent_needs_enough_available_experience() {
    let mut c = campaign(Mode::Campaign);
    let err = c
        .buy_talent("Rin", "Meditation", day(1), &facts(), false)
        .unwrap_err();
    assert!(err.to_string().contains("costs 4"), "{err}");
    assert!(c.view("Rin").unwrap().talents.is_empty());
}

#[test]
fn a_talent_is_bought_once() {
    let mut c = campaign(Mode::Campaign);
    c.buy_talent("Rin", "Fishing", day(1), &facts(), false)
        .unwrap();
    let mut c2 = c.clone();
    c2.sheets[0].ledger.push(
        day(1),
        None,
        tablemate::near_and_far::ledger::Item::ExperienceReward {
            amount: 3,
            quest: None,
        },
    );
    let err = c2
        .buy_talent("Rin", "fishing", day(1), &facts(), false)
        .unwrap_err();
    assert!(err.to_string().contains("already has Fishing"), "{err}");
}

#[test]
fn talents_are_bought_between_sessions_unless_politics_at_the_town_hall() {
    let mut c = campaign(Mode::Campaign);
    c.sheets[0].ledger.push(
        day(1),
        None,
        tablemate::near_and_far::ledger::Item::ExperienceReward {
            amount: 5,
            quest: None,
        },
    );
    start(&mut c, 2);
    let err = c
        .buy_talent("Rin", "Fishing", day(2), &facts(), true)
        .unwrap_err();
    assert!(err.to_string().contains("Politics"), "{err}");
    // Buy Politics between sessions, then mid-game at the Town Hall works.
    finish(&mut c, &[("Rin", 10), ("Vera", 12)]);
    c.buy_talent("Rin", "Politics", day(3), &facts(), false)
        .unwrap();
    start(&mut c, 3);
    assert!(
        c.buy_talent("Rin", "Fishing", day(3), &facts(), false)
            .is_err()
    );
    c.buy_talent("Rin", "Fishing", day(3), &facts(), true)
        .unwrap();
    assert_eq!(c.view("Rin").unwrap().xp_available, 2);
}

#[test]
fn the_eighteen_talents_and_costs_are_the_rulebooks() {
    let f = facts();
    let costs: Vec<(&str, u8)> = f
        .talents
        .iter()
        .map(|t| (t.name.as_str(), t.cost))
        .collect();
    assert_eq!(
        costs,
        vec![
            ("Bounty Hunting", 3),
            ("Bribing", 2),
            ("Cooking", 3),
            ("Fishing", 1),
            ("Gem Trading", 2),
            ("Lore", 3),
            ("Martial Arts", 2),
            ("Meditation", 4),
            ("Pack Bird Breeding", 3),
            ("Persuasion", 2),
            ("Piano Playing", 4),
            ("Politics", 3),
            ("Potion Making", 2),
            ("Scrounging", 3),
            ("Spelunking", 4),
            ("Storytelling", 3),
            ("Taunting", 2),
            ("Treasure Hunting", 3),
        ]
    );
}

#[test]
fn quest_rewards_write_keywords_side_quests_and_experience() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let mut rec = map_quest("4", Outcome::SuccessWithBonus);
    rec.rewards
        .keywords
        .push(tablemate::near_and_far::Keyword::new("burning").unwrap());
    rec.rewards.side_quests.push(code("Q12"));
    rec.rewards.xp = 1;
    c.record_quest("Rin", rec, day(2)).unwrap();
    let v = c.view("Rin").unwrap();
    assert!(v.keywords.iter().any(|k| k.as_str() == "BURNING"));
    assert_eq!(v.pending_side_quests(), vec![code("Q12")]);
    assert_eq!(v.xp_earned, 2);
}

#[test]
fn a_failed_quest_gives_no_rewards() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let mut rec = map_quest("4", Outcome::Failed);
    rec.rewards.side_quests.push(code("Q12"));
    let err = c.record_quest("Rin", rec, day(2)).unwrap_err();
    assert!(err.to_string().contains("no rewards"), "{err}");
    assert_eq!(
        c.view("Rin").unwrap().boxes_filled,
        0,
        "nothing was written"
    );
}
