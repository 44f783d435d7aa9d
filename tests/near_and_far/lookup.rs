//! Quest lookup: side quests, character quests, arcade cards and keyword-forced choices
//! (rulebook p. 21-23, 35; RULINGS "Near and Far").

use super::common::*;
use super::experience::{char_quest, map_quest};
use tablemate::near_and_far::index::{Bookkeeping, Choice, QuestEntry};
use tablemate::near_and_far::ledger::Item;
use tablemate::near_and_far::lookup::{ChoiceStatus, resolve_choices};
use tablemate::near_and_far::{Keyword, Mode, Outcome, QuestRecord, Read};

fn kw(s: &str) -> Keyword {
    Keyword::new(s).unwrap()
}

fn give_side_quest(c: &mut tablemate::near_and_far::Campaign, who: &str, q: &str) {
    c.note_reward(
        who,
        Item::SideQuestGiven {
            code: code(q),
            from: None,
        },
        day(2),
    )
    .unwrap();
}

#[test]
fn side_quest_replaces_map_quest() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 4);
    give_side_quest(&mut c, "Rin", "Q178");
    let built = index_with(&[]);
    let l = c
        .lookup("Rin", &code("41"), None, &built.index, Some(&facts()))
        .unwrap();
    assert_eq!(
        l.read,
        Read::SideQuest {
            code: code("Q178"),
            instead_of: code("41")
        }
    );
    assert_eq!(l.cross_out, Some(code("Q178")));
    // Vera has none pending: she reads 41 itself.
    let l = c
        .lookup("Vera", &code("41"), None, &built.index, Some(&facts()))
        .unwrap();
    assert_eq!(l.read, Read::MapQuest { code: code("41") });
    assert_eq!(
        l.choices.as_ref().map(|c| c.len()),
        Some(2),
        "41 is in the rulebook examples"
    );
}

#[test]
fn side_quest_is_crossed_out_once_read() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 4);
    give_side_quest(&mut c, "Rin", "Q178");
    let rec = QuestRecord {
        read: Read::SideQuest {
            code: code("Q178"),
            instead_of: code("41"),
        },
        outcome: Outcome::Failed,
        next: None,
        ending: false,
        rewards: Bookkeeping::default(),
    };
    c.record_quest("Rin", rec, day(2)).unwrap();
    let v = c.view("Rin").unwrap();
    assert!(v.pending_side_quests().is_empty());
    assert_eq!(v.boxes_filled, 1, "a side quest fills a box too");
    let l = c
        .lookup("Rin", &code("41"), None, &index_with(&[]).index, None)
        .unwrap();
    assert_eq!(l.read, Read::MapQuest { code: code("41") });
}

#[test]
fn marking_a_side_quest_crosses_it_out_before_the_result() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 4);
    give_side_quest(&mut c, "Rin", "Q178");
    c.cross_out_side_quest("Rin", &code("Q178"), day(2))
        .unwrap();
    assert!(c.view("Rin").unwrap().pending_side_quests().is_empty());
    // Recording the result afterwards still fills the box, without crossing twice.
    let rec = QuestRecord {
        read: Read::SideQuest {
            code: code("Q178"),
            instead_of: code("41"),
        },
        outcome: Outcome::Success,
        next: None,
        ending: false,
        rewards: Bookkeeping::default(),
    };
    c.record_quest("Rin", rec, day(2)).unwrap();
    assert_eq!(c.view("Rin").unwrap().boxes_filled, 1);
}

#[test]
fn the_oldest_pending_side_quest_is_read_first() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 4);
    give_side_quest(&mut c, "Rin", "Q7");
    give_side_quest(&mut c, "Rin", "Q2");
    let l = c
        .lookup("Rin", &code("40"), None, &index_with(&[]).index, None)
        .unwrap();
    assert_eq!(l.cross_out, Some(code("Q7")));
}

#[test]
fn a_map_quest_cannot_be_recorded_while_a_side_quest_is_pending() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 4);
    give_side_quest(&mut c, "Rin", "Q7");
    let err = c
        .record_quest("Rin", map_quest("41", Outcome::Success), day(2))
        .unwrap_err();
    assert!(err.to_string().contains("Q7"), "{err}");
}

#[test]
fn character_mode_ignores_side_quests() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 4);
    let err = c
        .note_reward(
            "Rin",
            Item::SideQuestGiven {
                code: code("Q7"),
                from: None,
            },
            day(2),
        )
        .unwrap_err();
    assert!(err.to_string().contains("ignores side quests"), "{err}");
    // A side quest among a character quest's rewards is skipped with a note.
    let mut rec = char_quest("R1", Outcome::Success, Some("R2"));
    rec.rewards.side_quests.push(code("Q9"));
    let notes = c.record_quest("Rin", rec, day(2)).unwrap();
    assert!(notes.iter().any(|n| n.contains("Q9 ignored")));
    assert!(c.view("Rin").unwrap().side_quests.is_empty());
}

#[test]
fn character_mode_reads_the_first_character_quest_then_the_written_next_one() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    let idx = index_with(&[]);
    let l = c
        .lookup("Rin", &code("20"), None, &idx.index, Some(&facts()))
        .unwrap();
    assert_eq!(
        l.read,
        Read::CharacterQuest {
            code: Some(code("R1"))
        }
    );
    c.record_quest(
        "Rin",
        char_quest("R1", Outcome::Success, Some("R3")),
        day(2),
    )
    .unwrap();
    let l = c
        .lookup("Rin", &code("20"), None, &idx.index, Some(&facts()))
        .unwrap();
    assert_eq!(
        l.read,
        Read::CharacterQuest {
            code: Some(code("R3"))
        }
    );
    assert!(
        l.unknown
            .iter()
            .any(|u| u.contains("R3 is not in your storybook index"))
    );
}

#[test]
fn character_mode_unknown_first_code_says_so() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    let l = c
        .lookup(
            "Vera",
            &code("20"),
            None,
            &index_with(&[]).index,
            Some(&facts()),
        )
        .unwrap();
    assert_eq!(l.read, Read::CharacterQuest { code: None });
    assert!(
        l.unknown
            .iter()
            .any(|u| u.contains("does not know Vera's next character quest"))
    );
    c.write_next_quest("Vera", code("V1"), day(2)).unwrap();
    let l = c
        .lookup("Vera", &code("20"), None, &index_with(&[]).index, None)
        .unwrap();
    assert_eq!(
        l.read,
        Read::CharacterQuest {
            code: Some(code("V1"))
        }
    );
}

#[test]
fn a_character_quest_must_be_the_one_on_the_card() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    c.record_quest(
        "Rin",
        char_quest("R1", Outcome::Success, Some("R3")),
        day(2),
    )
    .unwrap();
    let err = c
        .record_quest("Rin", char_quest("R5", Outcome::Success, None), day(2))
        .unwrap_err();
    assert!(err.to_string().contains("R3"), "{err}");
}

#[test]
fn a_failed_character_quest_still_writes_the_next_code() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    c.record_quest("Rin", char_quest("R1", Outcome::Failed, Some("R2")), day(2))
        .unwrap();
    assert_eq!(c.view("Rin").unwrap().next_quest, Some(code("R2")));
}

fn read_eight(c: &mut tablemate::near_and_far::Campaign, who: &str, prefix: &str) {
    for n in 1..=8 {
        let rec = char_quest(
            &format!("{prefix}{n}"),
            Outcome::Success,
            Some(&format!("{prefix}{}", n + 1)),
        );
        c.record_quest(who, rec, day(2)).unwrap();
    }
}

#[test]
fn the_last_two_character_quests_are_locked_before_map_11_and_an_arcade_card_is_used() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    read_eight(&mut c, "Rin", "R");
    let l = c
        .lookup("Rin", &code("20"), None, &index_with(&[]).index, None)
        .unwrap();
    assert_eq!(l.read, Read::ArcadeCard);
    assert!(l.experience.contains("no experience"));
    let err = c
        .record_quest("Rin", char_quest("R9", Outcome::Success, None), day(2))
        .unwrap_err();
    assert!(err.to_string().contains("only be read on Map 11"), "{err}");
    let before = c.view("Rin").unwrap().xp_earned;
    let arcade = quest(Read::ArcadeCard, Outcome::Success);
    c.record_quest("Rin", arcade, day(2)).unwrap();
    assert_eq!(
        c.view("Rin").unwrap().xp_earned,
        before,
        "arcade cards give no experience"
    );
}

#[test]
fn an_arcade_card_only_replaces_a_locked_quest() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    let arcade = quest(Read::ArcadeCard, Outcome::Success);
    assert!(c.record_quest("Rin", arcade, day(2)).is_err());
}

#[test]
fn the_last_two_character_quests_are_read_on_map_11() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    read_eight(&mut c, "Rin", "R");
    c.write_next_quest("Vera", code("V1"), day(2)).unwrap();
    read_eight(&mut c, "Vera", "V");
    finish(&mut c, &[("Rin", 20), ("Vera", 22)]);
    start(&mut c, 11);
    let l = c
        .lookup("Rin", &code("150"), None, &index_with(&[]).index, None)
        .unwrap();
    assert_eq!(
        l.read,
        Read::CharacterQuest {
            code: Some(code("R9"))
        }
    );
    c.record_quest(
        "Rin",
        char_quest("R9", Outcome::Success, Some("R10")),
        day(3),
    )
    .unwrap();
    let mut last = char_quest("R10", Outcome::Success, None);
    last.ending = true;
    c.record_quest("Rin", last, day(3)).unwrap();
    let v = c.view("Rin").unwrap();
    assert!(
        v.card_complete,
        "every character quest read: the full-card bonus applies"
    );
    assert_eq!(v.xp_earned, 11);
}

#[test]
fn after_the_tenth_character_quest_an_arcade_card_is_used_and_recorded() {
    // Character quests (p. 23) and docs: once all ten lines are read, quests use arcade
    // cards, even on Map 11 and even when the tenth was not marked as an ending.
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    read_eight(&mut c, "Rin", "R");
    c.write_next_quest("Vera", code("V1"), day(2)).unwrap();
    read_eight(&mut c, "Vera", "V");
    finish(&mut c, &[("Rin", 20), ("Vera", 22)]);
    start(&mut c, 11);
    c.record_quest(
        "Rin",
        char_quest("R9", Outcome::Success, Some("R10")),
        day(3),
    )
    .unwrap();
    c.record_quest("Rin", char_quest("R10", Outcome::Failed, None), day(3))
        .unwrap();
    let l = c
        .lookup("Rin", &code("150"), None, &index_with(&[]).index, None)
        .unwrap();
    assert_eq!(l.read, Read::ArcadeCard);
    let before = c.view("Rin").unwrap().xp_earned;
    let arcade = quest(Read::ArcadeCard, Outcome::Success);
    c.record_quest("Rin", arcade, day(3)).unwrap();
    assert_eq!(c.view("Rin").unwrap().xp_earned, before);
}

#[test]
fn a_keyword_forces_the_matching_choice() {
    // Quest 347 from the rulebook (p. 35): BURNING must be read the first choice.
    let built = index_with(&[]);
    let entry = built.index.quest(&code("347")).unwrap();
    let held = [kw("BURNING")].into_iter().collect();
    let views = resolve_choices(entry, &held);
    let status: Vec<ChoiceStatus> = views.iter().map(|v| v.status).collect();
    assert_eq!(
        status,
        vec![
            ChoiceStatus::Forced,
            ChoiceStatus::Bypassed,
            ChoiceStatus::Bypassed
        ]
    );
    assert_eq!(views[0].reward.side_quests, vec![code("Q178")]);
    let none = Default::default();
    let status: Vec<ChoiceStatus> = resolve_choices(entry, &none)
        .iter()
        .map(|v| v.status)
        .collect();
    assert_eq!(
        status,
        vec![ChoiceStatus::Locked, ChoiceStatus::Open, ChoiceStatus::Open]
    );
}

fn entry(choices: Vec<Choice>) -> QuestEntry {
    QuestEntry {
        code: code("R5"),
        choices,
        ending: false,
        note: String::new(),
    }
}

fn choice(label: &str, kws: &[&str], optional: bool) -> Choice {
    Choice {
        label: label.into(),
        test: None,
        keywords: kws.iter().map(|k| kw(k)).collect(),
        optional,
        next: None,
        reward: Bookkeeping::default(),
        bonus: Bookkeeping::default(),
    }
}

#[test]
fn an_optional_keyword_choice_is_offered_not_forced() {
    let e = entry(vec![
        choice("bargain", &["SILVER"], true),
        choice("walk on", &[], false),
    ]);
    let held = [kw("SILVER")].into_iter().collect();
    let s: Vec<ChoiceStatus> = resolve_choices(&e, &held)
        .iter()
        .map(|v| v.status)
        .collect();
    assert_eq!(s, vec![ChoiceStatus::OptionalKeyword, ChoiceStatus::Open]);
}

#[test]
fn a_two_keyword_choice_needs_both() {
    let e = entry(vec![
        choice("both", &["SILVER", "MOON"], false),
        choice("silver", &["SILVER"], false),
        choice("otherwise", &[], false),
    ]);
    let one = [kw("SILVER")].into_iter().collect();
    let views = resolve_choices(&e, &one);
    assert_eq!(views[0].status, ChoiceStatus::Locked);
    assert_eq!(views[0].missing_keywords, vec![kw("MOON")]);
    assert_eq!(views[1].status, ChoiceStatus::Forced);
    let both = [kw("SILVER"), kw("MOON")].into_iter().collect();
    let s: Vec<ChoiceStatus> = resolve_choices(&e, &both)
        .iter()
        .map(|v| v.status)
        .collect();
    assert_eq!(
        s,
        vec![
            ChoiceStatus::Forced,
            ChoiceStatus::Bypassed,
            ChoiceStatus::Bypassed
        ],
        "the choice matching the most keywords is the closest match"
    );
}

#[test]
fn two_equally_matching_keyword_choices_are_left_to_the_reader() {
    let e = entry(vec![
        choice("a", &["SILVER"], false),
        choice("b", &["MOON"], false),
    ]);
    let both = [kw("SILVER"), kw("MOON")].into_iter().collect();
    let s: Vec<ChoiceStatus> = resolve_choices(&e, &both)
        .iter()
        .map(|v| v.status)
        .collect();
    assert_eq!(s, vec![ChoiceStatus::ForcedTie, ChoiceStatus::ForcedTie]);
}

#[test]
fn the_lookup_names_the_forced_choice() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 4);
    c.note_reward(
        "Rin",
        Item::KeywordGained {
            keyword: kw("burning"),
            quest: None,
        },
        day(2),
    )
    .unwrap();
    // 347 is reached as a side quest's paragraph here only through the index entry; look it up
    // as a map space on a map where the index puts it.
    let extra = r#"{"data_kind":"near-and-far-storybook-index","format_version":1,
        "quests":[{"code":"Q3","choices":[
          {"label":"keep the secret","keywords":["BURNING"]},
          {"label":"tell","test":{"skill":4}}]}]}"#;
    let built = index_with(&[("mine.json", extra)]);
    c.note_reward(
        "Rin",
        Item::SideQuestGiven {
            code: code("Q3"),
            from: None,
        },
        day(2),
    )
    .unwrap();
    let l = c
        .lookup("Rin", &code("40"), None, &built.index, Some(&facts()))
        .unwrap();
    assert_eq!(l.forced, Some(0));
}

#[test]
fn lookup_with_an_incomplete_index_still_applies_the_rules_and_says_what_it_does_not_know() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 4);
    c.note_reward(
        "Rin",
        Item::KeywordGained {
            keyword: kw("ash"),
            quest: None,
        },
        day(2),
    )
    .unwrap();
    give_side_quest(&mut c, "Rin", "Q44");
    let empty = only(&[]);
    let l = c
        .lookup("Rin", &code("43"), None, &empty.index, None)
        .unwrap();
    assert_eq!(
        l.read,
        Read::SideQuest {
            code: code("Q44"),
            instead_of: code("43")
        }
    );
    assert!(l.choices.is_none());
    assert!(
        l.unknown
            .iter()
            .any(|u| u.contains("Q44 is not in your storybook index"))
    );
    assert!(
        l.unknown.iter().any(|u| u.contains("ASH")),
        "{:?}",
        l.unknown
    );
}

#[test]
fn lookup_warns_when_the_number_belongs_to_another_map() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let l = c
        .lookup(
            "Vera",
            &code("41"),
            None,
            &index_with(&[]).index,
            Some(&facts()),
        )
        .unwrap();
    assert!(
        l.warnings.iter().any(|w| w.contains("not among Map 2")),
        "{:?}",
        l.warnings
    );
}

#[test]
fn a_side_quest_code_is_not_a_map_space() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert!(
        c.lookup("Vera", &code("Q4"), None, &index_with(&[]).index, None)
            .is_err()
    );
}

#[test]
fn lookup_needs_a_session_or_a_map() {
    let c = campaign(Mode::Campaign);
    let idx = index_with(&[]);
    assert!(
        c.lookup("Rin", &code("41"), None, &idx.index, None)
            .is_err()
    );
    assert!(
        c.lookup("Rin", &code("41"), Some(map(4)), &idx.index, None)
            .is_ok()
    );
}

#[test]
fn quest_rewards_in_the_index_are_what_the_table_confirms() {
    // The index's reward for a forced choice is ready to record as the quest's rewards.
    let built = index_with(&[]);
    let e = built.index.quest(&code("347")).unwrap();
    let held = [kw("BURNING")].into_iter().collect();
    let v = &resolve_choices(e, &held)[0];
    let rewards = v.reward.plus(&v.bonus);
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 4);
    let rec = QuestRecord {
        read: Read::MapQuest { code: code("40") },
        outcome: Outcome::Success,
        next: None,
        ending: false,
        rewards,
    };
    c.record_quest("Rin", rec, day(2)).unwrap();
    assert_eq!(
        c.view("Rin").unwrap().pending_side_quests(),
        vec![code("Q178")]
    );
}
