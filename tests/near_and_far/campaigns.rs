//! Campaign set-up and map progression (rulebook p. 4-5, 9, 29, 37-39; RULINGS).

use super::common::*;
use super::experience::{char_quest, map_quest};
use tablemate::doc::GameDoc;
use tablemate::near_and_far::chart::journey_chart;
use tablemate::near_and_far::scoring::Town;
use tablemate::near_and_far::session::Variants;
use tablemate::near_and_far::{Campaign, Mode, Outcome};

fn next(c: &Campaign) -> Vec<u8> {
    c.next_maps().unwrap().iter().map(|m| m.get()).collect()
}

#[test]
fn campaign_mode_plays_maps_two_to_eleven_in_order() {
    let mut c = campaign(Mode::Campaign);
    let mut played = Vec::new();
    for _ in 0..10 {
        let m = next(&c);
        assert_eq!(m.len(), 1, "Campaign Mode offers exactly the next map");
        played.push(m[0]);
        if m[0] == 3 {
            let err = c
                .start_session(
                    map(5),
                    day(2),
                    Town::Dusk,
                    &["Rin".into(), "Vera".into()],
                    None,
                )
                .unwrap_err();
            assert!(err.to_string().contains("in order"), "{err}");
        }
        start(&mut c, m[0]);
        if m[0] == 11 {
            let s = c.current_session().unwrap();
            let standing = s.bosses.as_ref().unwrap().standing.clone();
            for b in standing {
                c.defeat_boss("Rin", &b).unwrap();
            }
        }
        finish(&mut c, &[("Rin", 10), ("Vera", 11)]);
    }
    assert_eq!(played, (2..=11).collect::<Vec<u8>>());
    assert!(c.is_over());
    assert!(c.next_maps().is_err());
}

#[test]
fn extra_stories_skips_three_maps_of_the_players_choice() {
    let v = Variants {
        extra_stories: true,
        long_game: false,
    };
    let mut c = campaign_with(Mode::Campaign, v, &[("Ana", "Rin"), ("Ben", "Vera")]);
    c.skip_map(map(3)).unwrap();
    c.skip_map(map(6)).unwrap();
    assert!(c.skip_map(map(11)).is_err(), "the campaign ends on Map 11");
    c.skip_map(map(9)).unwrap();
    assert!(c.skip_map(map(4)).is_err(), "three maps only");
    let mut played = Vec::new();
    while let Ok(m) = c.next_maps() {
        let m: Vec<u8> = m.iter().map(|m| m.get()).collect();
        start(&mut c, m[0]);
        played.push(m[0]);
        if m[0] == 11 {
            let standing = c
                .current_session()
                .unwrap()
                .bosses
                .as_ref()
                .unwrap()
                .standing
                .clone();
            for b in standing {
                c.defeat_boss("Vera", &b).unwrap();
            }
        }
        finish(&mut c, &[("Rin", 1), ("Vera", 2)]);
    }
    assert_eq!(
        played,
        vec![2, 4, 5, 7, 8, 10, 11],
        "seven maps instead of ten"
    );
}

#[test]
fn a_character_listed_twice_for_a_session_names_where_it_first_appears() {
    let mut c = campaign(Mode::Character);
    let twice: Vec<String> = ["Rin", "Vera", "rin"].map(String::from).to_vec();
    let before = c.clone();
    let err = c
        .start_session(map(3), day(2), Town::Dusk, &twice, Some(&facts()))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "characters[2]: Rin is listed twice, first at characters[0]"
    );
    assert_eq!(c, before, "a refused start changes nothing");
}

#[test]
fn extra_stories_campaign_cannot_play_more_than_seven_maps() {
    // Extra Stories variant (p. 38): Campaign Mode must skip three maps, seven in all.
    let v = Variants {
        extra_stories: true,
        long_game: false,
    };
    let mut c = campaign_with(Mode::Campaign, v, &[("Ana", "Rin"), ("Ben", "Vera")]);
    for m in 2..=7 {
        start(&mut c, m);
        finish(&mut c, &[("Rin", 1), ("Vera", 2)]);
    }
    // Map 8 is next in order but cannot be played yet, so it is not offered (issue 35).
    let owed = c.next_maps().unwrap_err().to_string();
    assert!(owed.contains("skip 3 more before playing Map 8"), "{owed}");
    let all: Vec<String> = vec!["Rin".into(), "Vera".into()];
    let err = c
        .start_session(map(8), day(3), Town::Dusk, &all, Some(&facts()))
        .unwrap_err();
    assert!(err.to_string().contains("skip 3 more"), "{err}");
    c.skip_map(map(8)).unwrap();
    c.skip_map(map(9)).unwrap();
    c.skip_map(map(10)).unwrap();
    assert_eq!(next(&c), vec![11]);
    start(&mut c, 11);
}

#[test]
fn skipping_needs_extra_stories_in_campaign_mode() {
    let mut c = campaign(Mode::Campaign);
    assert!(c.skip_map(map(3)).is_err());
}

#[test]
fn extra_stories_places_four_quest_tokens_per_player() {
    let v = Variants {
        extra_stories: true,
        long_game: false,
    };
    let mut c = campaign_with(Mode::Campaign, v, &[("Ana", "Rin"), ("Ben", "Vera")]);
    let notes = start(&mut c, 2);
    assert!(notes[0].contains("place 8 quest tokens"), "{notes:?}");
    let mut c = campaign_with(
        Mode::Campaign,
        Variants::default(),
        &[("Ana", "Rin"), ("Ben", "Vera"), ("Cy", "Kiku")],
    );
    let notes = start(&mut c, 2);
    assert!(
        notes[0].contains("place 10 quest tokens"),
        "3 per player plus 1: {notes:?}"
    );
}

#[test]
fn campaign_mode_first_pass_names_the_spaces_that_need_quest_tokens() {
    let mut c = campaign(Mode::Campaign);
    let notes = start(&mut c, 2);
    assert!(
        notes.iter().any(|n| n.contains("1, 3, 4, 10, 13, 15")),
        "{notes:?}"
    );
}

#[test]
fn character_mode_plays_any_map_two_to_ten_then_eleven_when_all_have_read_eight() {
    let mut c = campaign(Mode::Character);
    assert_eq!(next(&c), (2..=10).collect::<Vec<u8>>());
    start(&mut c, 7);
    for n in 1..=8 {
        c.record_quest(
            "Rin",
            char_quest(
                &format!("R{n}"),
                Outcome::Success,
                Some(&format!("R{}", n + 1)),
            ),
            day(2),
        )
        .unwrap();
    }
    finish(&mut c, &[("Rin", 10), ("Vera", 11)]);
    assert!(!next(&c).contains(&11), "Vera has not read 8 quests yet");
    start(&mut c, 7);
    c.write_next_quest("Vera", code("V1"), day(2)).unwrap();
    for n in 1..=8 {
        c.record_quest(
            "Vera",
            char_quest(
                &format!("V{n}"),
                Outcome::Failed,
                Some(&format!("V{}", n + 1)),
            ),
            day(2),
        )
        .unwrap();
    }
    finish(&mut c, &[("Rin", 10), ("Vera", 11)]);
    assert!(next(&c).contains(&11));
    start(&mut c, 11);
    assert!(
        c.current_session().unwrap().bosses.is_none(),
        "boss cards are a Campaign Mode rule"
    );
    finish(&mut c, &[("Rin", 10), ("Vera", 11)]);
    assert!(c.is_over());
}

#[test]
fn late_joiner_fills_one_row_of_boxes_per_missed_session() {
    let mut c = campaign(Mode::Campaign);
    for m in [2, 3] {
        start(&mut c, m);
        finish(&mut c, &[("Rin", 10), ("Vera", 11)]);
    }
    let notes = c
        .add_character("Cy", "Kiku", day(5), Some(&facts()))
        .unwrap();
    assert!(notes[0].contains("2 rows"), "{notes:?}");
    let v = c.view("Kiku").unwrap();
    assert_eq!(v.boxes_filled, 6);
    assert_eq!(v.xp_earned, 3);
    assert_eq!(c.sheet("Kiku").unwrap().joined_session, 3);
    c.validate().unwrap();
}

#[test]
fn late_joiner_in_character_mode_gets_no_experience_for_missed_games() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 2);
    finish(&mut c, &[("Rin", 10), ("Vera", 11)]);
    c.add_character("Cy", "Kiku", day(5), Some(&facts()))
        .unwrap();
    assert_eq!(c.view("Kiku").unwrap().xp_earned, 1);
}

#[test]
fn a_character_joins_between_sessions_only() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert!(
        c.add_character("Cy", "Kiku", day(2), Some(&facts()))
            .is_err()
    );
}

#[test]
fn each_character_has_one_card_and_each_player_one_character() {
    let f = facts();
    let card = f.characters.card.layout;
    let dup = Campaign::new(
        Mode::Campaign,
        Variants::default(),
        card,
        &seats(&[("Ana", "Rin"), ("Ben", "rin")]),
        day(1),
        Some(&f),
    );
    assert!(dup.is_err());
    let two = Campaign::new(
        Mode::Campaign,
        Variants::default(),
        card,
        &seats(&[("Ana", "Rin"), ("Ana", "Vera")]),
        day(1),
        Some(&f),
    );
    assert!(two.is_err());
    let unknown = Campaign::new(
        Mode::Campaign,
        Variants::default(),
        card,
        &seats(&[("Ana", "Rin"), ("Ben", "Gandalf")]),
        day(1),
        Some(&f),
    );
    assert!(
        unknown
            .unwrap_err()
            .to_string()
            .contains("not a Near and Far character")
    );
    let alone = Campaign::new(
        Mode::Campaign,
        Variants::default(),
        card,
        &seats(&[("Ana", "Rin")]),
        day(1),
        Some(&f),
    );
    assert!(alone.is_err(), "2 to 4 players");
}

#[test]
fn character_mode_advises_against_eyim_and_rin_together() {
    let f = facts();
    let (_, notes) = Campaign::new(
        Mode::Character,
        Variants::default(),
        f.characters.card.layout,
        &seats(&[("Ana", "Rin"), ("Ben", "Eyim")]),
        day(1),
        Some(&f),
    )
    .unwrap();
    assert!(
        notes.iter().any(|n| n.contains("Eyim and Rin")),
        "{notes:?}"
    );
    let (_, notes) = Campaign::new(
        Mode::Character,
        Variants::default(),
        f.characters.card.layout,
        &seats(&[("Ana", "Shardling"), ("Ben", "Vera"), ("Cy", "Kiku")]),
        day(1),
        Some(&f),
    )
    .unwrap();
    assert!(notes.iter().any(|n| n.contains("2-player")), "{notes:?}");
}

#[test]
fn journey_points_go_on_the_cards_and_the_champion_has_the_highest_total() {
    let mut c = campaign(Mode::Campaign);
    let plan = [(2, 30, 28), (3, 25, 31), (4, 40, 20)];
    for (m, r, v) in plan {
        start(&mut c, m);
        finish(&mut c, &[("Rin", r), ("Vera", v)]);
    }
    assert_eq!(c.view("Rin").unwrap().journey_total, 95);
    assert_eq!(c.view("Vera").unwrap().journey_total, 79);
    let chart = journey_chart(&c);
    let maps: Vec<u8> = chart.columns.iter().map(|c| c.map.get()).collect();
    assert_eq!(maps, vec![2, 3, 4]);
    assert_eq!(chart.series[0].points, vec![Some(30), Some(25), Some(40)]);
    assert_eq!(chart.series[0].running_total, vec![30, 55, 95]);
    assert_eq!(chart.max, 95);
    assert!(c.champion().is_none(), "the champion is named after Map 11");
}

#[test]
fn scores_can_name_players_instead_of_characters() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    finish(&mut c, &[("Ana", 12), ("ben", 9)]);
    assert_eq!(c.view("Rin").unwrap().journey_total, 12);
    assert_eq!(
        c.sessions[0].result.as_ref().unwrap().winners,
        vec!["Rin".to_string()]
    );
}

#[test]
fn a_campaign_round_trips_through_json_and_validates() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    c.record_quest("Rin", map_quest("4", Outcome::Success), day(2))
        .unwrap();
    c.defeat_threat("Vera", None).unwrap();
    finish(&mut c, &[("Rin", 12), ("Vera", 9)]);
    let json = serde_json::to_string(&c).unwrap();
    let back: Campaign = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c);
    back.validate().unwrap();
    assert!(c.summary().contains("next: Map 3"), "{}", c.summary());
}

#[test]
fn validation_rejects_a_session_out_of_map_order() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    c.sessions[0].map = map(5);
    let err = GameDoc::validate(&c).unwrap_err().to_string();
    assert!(err.contains("sessions[0]"), "{err}");
}

#[test]
fn validation_rejects_more_spent_than_earned() {
    let mut c = campaign(Mode::Campaign);
    c.sheets[0].ledger.push(
        day(1),
        None,
        tablemate::near_and_far::ledger::Item::TalentBought {
            talent: "Lore".into(),
            cost: 3,
        },
    );
    let err = GameDoc::validate(&c).unwrap_err().to_string();
    assert!(err.contains("only 1 is available"), "{err}");
}

/// The rulebook's pairing advice (p. 9) reaches a late joiner too: the campaign keeps its copy
/// of the box's advice, so the join, an action applied without the data files (as the app and
/// `tablemate act` apply it), still says that Eyim and Rin's stories are linked.
#[test]
fn a_late_joiner_in_character_mode_gets_the_pairing_advice() {
    use tablemate::doc::Saved;
    use tablemate::near_and_far::campaign::Action;
    let c = campaign_with(
        Mode::Character,
        Variants::default(),
        &[("Ana", "Rin"), ("Ben", "Vera")],
    );
    assert!(!c.cards.recommendations.is_empty(), "the advice is kept");
    let mut saved = Saved::new("test", "New campaign", c);
    let acted = saved
        .act(Action::AddCharacter {
            player: "Cal".into(),
            character: "Eyim".into(),
            date: day(2),
        })
        .expect("a late joiner between sessions");
    assert!(
        acted
            .lines
            .iter()
            .any(|l| l.starts_with("Advice for Eyim and Rin:")),
        "{:?}",
        acted.lines
    );
    // Campaign Mode gives no such advice (it is for Character Mode games).
    let mut saved = Saved::new(
        "test",
        "New campaign",
        campaign_with(
            Mode::Campaign,
            Variants::default(),
            &[("Ana", "Rin"), ("Ben", "Vera")],
        ),
    );
    let acted = saved
        .act(Action::AddCharacter {
            player: "Cal".into(),
            character: "Eyim".into(),
            date: day(2),
        })
        .unwrap();
    assert!(!acted.lines.iter().any(|l| l.starts_with("Advice")));
}
