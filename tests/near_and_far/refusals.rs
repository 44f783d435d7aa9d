//! Refusals as values (issue 13): each important refusal of the table's actions comes back as
//! its own `RuleError` variant with the names and numbers in its fields, so the GUI, the CLI
//! and these tests can tell them apart without reading the words. Here seats, sessions and
//! maps, and quests; threats, bosses, the score sheet and card points are in `refusals_end`,
//! the card's own refusals (talents, keywords, side quests, corrections, journey points) in
//! `refusals_card`.

use proptest::prelude::*;
use serde_json::json;
use tablemate::doc::Saved;
use tablemate::near_and_far::campaign::Action;
use tablemate::near_and_far::index::Bookkeeping;
use tablemate::near_and_far::scoring::Town;
use tablemate::near_and_far::session::Variants;
use tablemate::near_and_far::{Campaign, Mode, Outcome, Read, RuleError};

use crate::actions::any_action;
use crate::common::*;
use crate::experience::{char_quest, map_quest};

fn new_campaign(list: &[(&str, &str)]) -> Result<Campaign, RuleError> {
    let f = facts();
    Campaign::new(
        Mode::Campaign,
        Variants::default(),
        f.characters.card.layout,
        &seats(list),
        day(1),
        Some(&f),
    )
    .map(|(c, _)| c)
}

// Seats (p. 4, 9, 29).

#[test]
fn a_campaign_for_one_player_is_refused_as_player_count() {
    let err = new_campaign(&[("Ana", "Rin")]).unwrap_err();
    assert_eq!(err, RuleError::PlayerCount(1));
}

#[test]
fn a_character_not_in_the_box_is_refused_naming_the_box_characters() {
    let err = new_campaign(&[("Ana", "Rin"), ("Ben", "Zed")]).unwrap_err();
    let RuleError::UnknownCharacter { given, known } = &err else {
        panic!("expected UnknownCharacter, got {err:?}");
    };
    assert_eq!(given, "Zed");
    assert!(known.iter().any(|k| k == "Vera"), "{known:?}");
    assert!(err.to_string().contains("not a Near and Far character"));
}

#[test]
fn a_player_keeps_one_character_for_the_whole_campaign() {
    let err = new_campaign(&[("Ana", "Rin"), ("Ana", "Vera")]).unwrap_err();
    assert_eq!(
        err,
        RuleError::PlayerHasCharacter {
            player: "Ana".into()
        }
    );
}

#[test]
fn a_character_cannot_retire_when_only_two_still_play() {
    let mut c = campaign(Mode::Campaign);
    let err = c.retire("Vera", day(2)).unwrap_err();
    assert_eq!(
        err,
        RuleError::TooFewToRetire {
            character: "Vera".into()
        }
    );
}

// Sessions and maps (p. 9, 29, 38).

#[test]
fn campaign_mode_refuses_a_map_out_of_order_as_map_not_next() {
    let mut c = campaign(Mode::Campaign);
    let all = vec!["Rin".to_string(), "Vera".to_string()];
    let err = c
        .start_session(map(3), day(2), Town::Dusk, &all, None)
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::MapNotNext {
            map: map(3),
            mode: Mode::Campaign,
            allowed: vec![map(2)],
        }
    );
    assert!(err.to_string().contains("in order (p. 9)"), "{err}");
    assert!(c.sessions.is_empty(), "nothing was started");
}

#[test]
fn a_session_needs_two_to_four_players() {
    let mut c = campaign(Mode::Campaign);
    let err = c
        .start_session(map(2), day(2), Town::Dusk, &["Rin".to_string()], None)
        .unwrap_err();
    assert_eq!(err, RuleError::SessionPlayerCount(1));
}

#[test]
fn the_next_map_waits_for_the_session_in_play() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert_eq!(c.next_maps().unwrap_err(), RuleError::SessionInPlay);
}

#[test]
fn maps_are_skipped_only_with_extra_stories_and_only_three() {
    let mut c = campaign(Mode::Campaign);
    assert_eq!(
        c.skip_map(map(5)).unwrap_err(),
        RuleError::SkipNeedsExtraStories
    );
    let extra = Variants {
        extra_stories: true,
        long_game: false,
    };
    let mut c = campaign_with(Mode::Campaign, extra, &[("Ana", "Rin"), ("Ben", "Vera")]);
    for m in [3, 4, 5] {
        c.skip_map(map(m)).unwrap();
    }
    assert_eq!(
        c.skip_map(map(5)).unwrap_err(),
        RuleError::AlreadySkipped { map: map(5) }
    );
    assert_eq!(
        c.skip_map(map(6)).unwrap_err(),
        RuleError::SkipsUsed {
            most: 3,
            skipped: 3
        }
    );
}

#[test]
fn only_a_character_at_the_table_acts_in_the_session() {
    let mut c = campaign_with(
        Mode::Campaign,
        Variants::default(),
        &[("Ana", "Rin"), ("Ben", "Vera"), ("Cy", "Kiku")],
    );
    let two = vec!["Rin".to_string(), "Vera".to_string()];
    c.start_session(map(2), day(2), Town::Dusk, &two, None)
        .unwrap();
    assert_eq!(
        c.defeat_threat("Kiku", None).unwrap_err(),
        RuleError::NotAtTable {
            character: "Kiku".into()
        }
    );
}

#[test]
fn a_refusal_through_saved_act_is_the_same_variant_and_changes_nothing() {
    let mut s = Saved::new("test", "New campaign", campaign(Mode::Campaign));
    let before = s.clone();
    let err = s.act(Action::SkipMap { map: map(4) }).unwrap_err();
    assert_eq!(err, RuleError::SkipNeedsExtraStories);
    assert_eq!(s, before);
}

// Quests (p. 22-23, 29).

#[test]
fn a_failed_quest_gives_no_rewards_is_refused_as_failed_quest_rewards() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let mut rec = map_quest("41", Outcome::Failed);
    rec.rewards = Bookkeeping {
        xp: 1,
        ..Bookkeeping::default()
    };
    assert_eq!(
        c.record_quest("Rin", rec, day(2)).unwrap_err(),
        RuleError::FailedQuestRewards
    );
}

#[test]
fn a_pending_side_quest_is_read_instead_of_the_map_quest() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let mut rec = map_quest("41", Outcome::Success);
    rec.rewards = Bookkeeping {
        side_quests: vec![code("Q7")],
        ..Bookkeeping::default()
    };
    c.record_quest("Rin", rec, day(2)).unwrap();
    let err = c
        .record_quest("Rin", map_quest("42", Outcome::Success), day(2))
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::SideQuestPending {
            character: "Rin".into(),
            code: code("Q7"),
        }
    );
}

#[test]
fn campaign_mode_reads_no_arcade_cards() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let arcade = quest(Read::ArcadeCard, Outcome::Success);
    assert_eq!(
        c.record_quest("Rin", arcade, day(2)).unwrap_err(),
        RuleError::CampaignModeReads
    );
}

#[test]
fn a_character_quest_other_than_the_one_on_the_card_is_refused_as_wrong_next_quest() {
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
    assert_eq!(
        err,
        RuleError::WrongNextQuest {
            character: "Rin".into(),
            expected: code("R3"),
            given: code("R5"),
        }
    );
}

#[test]
fn the_last_character_quests_wait_for_map_11_as_quests_locked() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    for n in 1..=8 {
        let next = format!("R{}", n + 1);
        c.record_quest(
            "Rin",
            char_quest(&format!("R{n}"), Outcome::Success, Some(&next)),
            day(2),
        )
        .unwrap();
    }
    let err = c
        .record_quest("Rin", char_quest("R9", Outcome::Success, None), day(2))
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::QuestsLocked {
            character: "Rin".into(),
            locked: facts().characters.card.layout.locked_final_lines,
        }
    );
}

// Random play: whatever the table tries, a refusal is a typed reason and changes nothing.

fn more_actions() -> impl Strategy<Value = serde_json::Value> {
    let who = prop::sample::select(vec!["Rin", "Vera", "Ana", "Kiku"]);
    prop_oneof![
        (1u8..=11).prop_map(|m| json!({"action": "skip-map", "map": m})),
        (who.clone(), 1u32..12, prop::option::of(0i32..40)).prop_map(|(c, e, p)| json!({
            "action": "correct", "character": c, "entry": e, "reason": "typo", "date": "2026-03-04",
            "replacement": p.map(|p| json!({"type": "journey-points", "session": 1, "map": 2, "points": p}))})),
        (who.clone(), prop::sample::select(vec!["Q7", "41", "R3"])).prop_map(|(c, q)| json!({
            "action": "note-reward", "character": c, "item": {"type": "side-quest-given", "code": q}, "date": "2026-03-02"})),
        (who.clone(), prop::sample::select(vec!["RUBY", "BRAVE"])).prop_map(|(c, k)| json!({
            "action": "note-reward", "character": c, "item": {"type": "keyword-lost", "keyword": k}, "date": "2026-03-02"})),
        (who.clone(), prop::sample::select(vec!["Q7", "Q8"])).prop_map(|(c, q)| json!({
            "action": "cross-out-side-quest", "character": c, "code": q, "date": "2026-03-02"})),
        (who.clone(), prop::sample::select(vec!["Meditation", "Politics", "Juggling"])).prop_map(|(c, t)| json!({
            "action": "buy-talent", "character": c, "talent": t, "date": "2026-03-02"})),
        (who.clone(), prop::sample::select(vec!["The Red King", "Zag the Treasure Hunter"])).prop_map(|(c, b)| json!({
            "action": "defeat-boss", "character": c, "boss": b})),
        who.prop_map(|c| json!({"action": "add-character", "player": c, "character": "Kiku", "date": "2026-03-05"})),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn a_refused_action_is_a_typed_reason_and_changes_nothing(
        actions in prop::collection::vec(prop_oneof![any_action(), more_actions()], 1..30),
        character_mode in prop::bool::ANY,
    ) {
        let mode = if character_mode { Mode::Character } else { Mode::Campaign };
        let mut s = Saved::new("test", "New campaign", campaign(mode));
        for a in actions {
            let action: Action = serde_json::from_value(a).expect("a campaign action");
            let before = s.clone();
            if let Err(e) = s.act(action) {
                prop_assert_eq!(&s, &before);
                prop_assert!(
                    !matches!(e, RuleError::Invalid { .. }),
                    "only the box's cards are free-form: {:?}", e
                );
                prop_assert!(!e.to_string().trim().is_empty());
            }
        }
    }
}
