//! Threat deck and Map 11 bosses (rulebook p. 8, 13, 20, 39; RULINGS).

use super::common::*;
use tablemate::near_and_far::Mode;
use tablemate::near_and_far::ledger::Item;
use tablemate::near_and_far::scoring::Town;
use tablemate::near_and_far::threats::{Bosses, ThreatDeck, ThreatLevel};

#[test]
fn the_threat_deck_runs_from_four_to_fifteen_in_order() {
    let mut d = ThreatDeck::new();
    let mut order = Vec::new();
    while let Some(top) = d.active() {
        order.push(top.get());
        d.defeat_active("Rin").unwrap();
    }
    assert_eq!(order, (4..=15).collect::<Vec<u8>>());
    assert!(
        d.defeat_active("Rin").is_err(),
        "an empty deck has no active threat"
    );
    d.validate().unwrap();
}

#[test]
fn a_defeated_threat_records_who_took_it() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert_eq!(c.defeat_threat("Vera", None).unwrap().get(), 4);
    assert_eq!(c.defeat_threat("Rin", None).unwrap().get(), 5);
    let s = c.current_session().unwrap();
    assert_eq!(s.threats.active().map(|l| l.get()), Some(6));
    assert_eq!(
        s.threats.defeated_by("Vera"),
        vec![ThreatLevel::new(4).unwrap()]
    );
}

#[test]
fn bounty_hunting_allows_fighting_any_remaining_threat() {
    let mut c = campaign(Mode::Campaign);
    let nine = ThreatLevel::new(9).unwrap();
    start(&mut c, 2);
    let err = c.defeat_threat("Rin", Some(nine)).unwrap_err();
    assert!(err.to_string().contains("Bounty Hunting"), "{err}");
    finish(&mut c, &[("Rin", 1), ("Vera", 1)]);
    c.note_reward(
        "Rin",
        Item::ExperienceReward {
            amount: 2,
            quest: None,
        },
        day(3),
    )
    .unwrap();
    c.buy_talent("Rin", "Bounty Hunting", day(3), &facts(), false)
        .unwrap();
    start(&mut c, 3);
    assert_eq!(c.defeat_threat("Rin", Some(nine)).unwrap(), nine);
    let s = c.current_session().unwrap();
    assert_eq!(
        s.threats.active().map(|l| l.get()),
        Some(4),
        "the top card stays active"
    );
    s.threats.validate().unwrap();
}

#[test]
fn map_11_boss_cards_depend_on_the_player_count() {
    let f = facts();
    let names = |n| Bosses::for_players(&f.threats, n).standing;
    assert_eq!(names(4).len(), 4);
    assert_eq!(
        names(3),
        vec!["Captain Shreya", "The Ivory Queen", "The Red King"]
    );
    assert_eq!(names(2), vec!["The Ivory Queen", "The Red King"]);
    assert_eq!(
        Bosses::for_players(&f.threats, 2).removed,
        vec!["Captain Shreya", "Zag the Treasure Hunter"]
    );
}

fn to_map_11(c: &mut tablemate::near_and_far::Campaign) {
    for m in 2..=10 {
        start(c, m);
        finish(c, &[("Rin", 10), ("Vera", 10)]);
    }
}

#[test]
fn a_boss_left_standing_means_everyone_loses_and_map_11_is_played_again() {
    let mut c = campaign(Mode::Campaign);
    to_map_11(&mut c);
    let notes = start(&mut c, 11);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("The Ivory Queen, The Red King")),
        "{notes:?}"
    );
    c.defeat_boss("Rin", "the red king").unwrap();
    assert!(
        c.defeat_boss("Vera", "Zag the Treasure Hunter")
            .unwrap_err()
            .to_string()
            .contains("not in play")
    );
    let notes = finish(&mut c, &[("Rin", 30), ("Vera", 25)]);
    assert!(notes[0].contains("played again"), "{notes:?}");
    assert_eq!(
        c.view("Rin").unwrap().journey.len(),
        9,
        "no journey points for the lost session"
    );
    assert_eq!(c.next_maps().unwrap(), vec![map(11)]);
    start(&mut c, 11);
    c.defeat_boss("Rin", "The Red King").unwrap();
    c.defeat_boss("Vera", "The Ivory Queen").unwrap();
    let notes = finish(&mut c, &[("Rin", 30), ("Vera", 35)]);
    assert!(notes.iter().any(|n| n.contains("Champion")), "{notes:?}");
    assert!(c.is_over());
    assert_eq!(c.champion(), Some(vec!["Vera".to_string()]));
}

#[test]
fn boss_cards_are_only_on_map_11() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert!(c.defeat_boss("Rin", "The Red King").is_err());
}

#[test]
fn bosses_in_character_mode_are_a_setting() {
    let mut c = campaign(Mode::Character);
    c.settings.bosses_in_character_mode = true;
    for s in c.sheets.iter_mut() {
        for _ in 0..8 {
            s.ledger.push(
                day(1),
                None,
                Item::CharacterQuest {
                    code: None,
                    outcome: tablemate::near_and_far::Outcome::Success,
                    next: None,
                    ending: false,
                },
            );
        }
    }
    start(&mut c, 11);
    assert!(c.current_session().unwrap().bosses.is_some());
}

#[test]
fn choosing_a_map_shows_its_special_rules() {
    let mut c = campaign(Mode::Character);
    let notes = c
        .start_session(
            map(5),
            day(2),
            Town::Dusk,
            &["Rin".into(), "Vera".into()],
            Some(&facts()),
        )
        .unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Toxic water") && n.contains("1 heart")),
        "{notes:?}"
    );
    finish(&mut c, &[("Rin", 1), ("Vera", 1)]);
    let notes = c
        .start_session(
            map(10),
            day(2),
            Town::Day,
            &["Rin".into(), "Vera".into()],
            Some(&facts()),
        )
        .unwrap();
    assert!(
        notes.iter().any(|n| n.contains("loses 8 journey points")),
        "{notes:?}"
    );
}

#[test]
fn only_characters_at_the_table_fight_threats() {
    let mut c = campaign_with(
        Mode::Campaign,
        Default::default(),
        &[("Ana", "Rin"), ("Ben", "Vera"), ("Cy", "Kiku")],
    );
    c.start_session(
        map(2),
        day(2),
        Town::Dusk,
        &["Rin".into(), "Vera".into()],
        Some(&facts()),
    )
    .unwrap();
    assert!(c.defeat_threat("Kiku", None).is_err());
}

/// Only level 4's name is printed in the rulebook (p. 20): the table names levels 5 to 15 once
/// from the cards, and every later session of the campaign shows the name.
#[test]
fn a_threat_card_named_once_is_shown_in_every_later_session() {
    use tablemate::doc::Playable;
    use tablemate::near_and_far::campaign::Action;
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    c.defeat_threat("Rin", None).unwrap();
    let active = c.session_in_play().unwrap().active_threat.unwrap();
    assert_eq!(active.describe(), "level 5");
    let acted = c
        .act(Action::NameThreat {
            level: 5,
            name: "  Sand   Wolves ".into(),
        })
        .unwrap();
    assert_eq!(acted.label, "Threat level 5 is named Sand Wolves");
    let active = c.session_in_play().unwrap().active_threat.unwrap();
    assert_eq!(active.describe(), "level 5 (Sand Wolves)");
    finish(&mut c, &[("Rin", 3), ("Vera", 2)]);
    start(&mut c, 3);
    c.defeat_threat("Rin", None).unwrap();
    let s = c.session_in_play().unwrap();
    assert_eq!(s.active_threat.unwrap().describe(), "level 5 (Sand Wolves)");
    // A slip is corrected by naming it again; the label says what it was.
    let acted = c
        .act(Action::NameThreat {
            level: 5,
            name: "Sand Wolf".into(),
        })
        .unwrap();
    assert_eq!(
        acted.label,
        "Threat level 5 is named Sand Wolf (was Sand Wolves)"
    );
}

#[test]
fn a_threat_name_is_refused_for_level_four_off_the_deck_or_blank() {
    let mut c = campaign(Mode::Campaign);
    let bandit = c.name_threat(4, "Robber").unwrap_err().to_string();
    assert!(bandit.contains("Bandit (p. 20)"), "{bandit}");
    let off = c.name_threat(16, "Dragon").unwrap_err().to_string();
    assert!(off.contains("4 to 15"), "{off}");
    let blank = c.name_threat(6, "   ").unwrap_err().to_string();
    assert!(blank.contains("1 to 40 letters"), "{blank}");
    assert!(c.name_threat(6, &"x".repeat(41)).is_err());
    assert!(
        c.cards
            .threats
            .iter()
            .all(|t| t.level == 4 || t.name.is_none())
    );
}
