//! Challenge cards, their values, deck files and the deck editor (ADVENTURE BASICS, p. 14;
//! DISMISSAL, p. 7).

use proptest::prelude::*;
use tablemate::worldspanner::deckfile::{card_line, parse_card_line};
use tablemate::worldspanner::*;

use crate::common::*;

#[test]
fn difference_clamps_to_six_either_way() {
    assert_eq!(Difference::clamped(9).value(), 6);
    assert_eq!(Difference::clamped(-11).value(), -6);
    assert_eq!(Difference::clamped(3).value(), 3);
}

#[test]
fn difference_off_the_card_is_rejected_from_files() {
    assert!(Difference::try_from(7).is_err());
    assert!(Difference::try_from(-7).is_err());
    assert!(Difference::try_from(-6).is_ok());
}

#[test]
fn dome_numbers_run_one_to_six() {
    assert!(DomeNumber::new(0).is_err());
    assert!(DomeNumber::new(7).is_err());
    assert_eq!(DomeNumber::new(6).unwrap().next_wrapping().get(), 1);
}

#[test]
fn dome_range_parses_spans_singles_and_the_one_or_six_card() {
    assert_eq!(DomeRange::parse("3-4").unwrap().to_string(), "3-4");
    assert_eq!(DomeRange::parse("5").unwrap().to_string(), "5");
    assert_eq!(DomeRange::parse("6 or 1").unwrap(), DomeRange::OneOrSix);
    assert_eq!(DomeRange::parse("1 or 6").unwrap(), DomeRange::OneOrSix);
    assert!(DomeRange::parse("4-3").is_err());
    assert!(DomeRange::parse("0-2").is_err());
    assert!(DomeRange::parse("2 or 5").is_err());
}

#[test]
fn one_or_six_card_names_exactly_those_two_domes() {
    let numbers: Vec<u8> = DomeRange::OneOrSix
        .numbers()
        .iter()
        .map(|n| n.get())
        .collect();
    assert_eq!(numbers, [1, 6]);
}

#[test]
fn luck_is_zero_to_nine() {
    assert!(Luck::new(10).is_err());
    assert_eq!(card("-4 -2 0 3 -1 9 3-4").luck().get(), 9);
}

#[test]
fn a_card_whose_faces_get_worse_as_the_difference_grows_is_rejected() {
    // Pass from 0 but Squeak only from +2: Squeak would show above Pass.
    let err = parse_card_line(1, "-4 2 0 3 -1 3 3-4").unwrap_err();
    assert!(
        err.to_string()
            .contains("Pass starts at 0, below where Squeak starts (+2)"),
        "{err}"
    );
}

#[test]
fn row_form_rejects_a_face_that_gets_worse() {
    let err = parse_card_line(1, "XXFFSSPPSPAAA ....HHHHHHHHH 3 3-4").unwrap_err();
    assert!(err.to_string().contains("row +2 shows Squeak"), "{err}");
}

#[test]
fn hit_bar_is_one_band_from_a_difference_upward() {
    let err = parse_card_line(1, "XXFFSSPPPPAAA ....HH.HHHHHH 3 3-4").unwrap_err();
    assert!(err.to_string().contains("Hit bar"), "{err}");
    let c = card("XXFFSSPPPPAAA ....HHHHHHHHH 3 3-4");
    assert!(!c.hits(Difference::clamped(-3)));
    assert!(c.hits(Difference::clamped(-2)));
}

#[test]
fn row_form_and_threshold_form_give_the_same_card() {
    let rows = card("XXFFFSSPPPPAA ...HHHHHHHHHH 4 1 or 6");
    let thresholds = card("-4 -1 1 5 -3 4 1 or 6");
    assert_eq!(rows, thresholds);
    assert_eq!(rows.face_row(), "XXFFFSSPPPPAA");
    assert_eq!(rows.hit_row(), "...HHHHHHHHHH");
}

#[test]
fn card_line_recreates_the_card() {
    for c in sample().cards {
        let again = parse_card_line(c.number(), &card_line(&c)).unwrap();
        assert_eq!(again, c);
    }
}

#[test]
fn card_round_trips_through_json_and_bad_values_name_the_field() {
    let c = card("-4 -2 0 3 -1 3 3-4 star");
    let text = serde_json::to_string(&c).unwrap();
    let back: ChallengeCard = serde_json::from_str(&text).unwrap();
    assert_eq!(back, c);
    let bad = text.replace("\"pass_from\":0", "\"pass_from\":9");
    let err = serde_json::from_str::<ChallengeCard>(&bad).unwrap_err();
    assert!(err.to_string().contains("pass_from is 9"), "{err}");
}

#[test]
fn sample_deck_is_labelled_sample_data_with_36_cards() {
    let d = sample();
    assert!(d.header.sample_data);
    assert!(d.header.source.contains("NOT the publisher's"));
    assert_eq!(d.cards.len(), 36);
    assert!(
        d.cards
            .iter()
            .enumerate()
            .all(|(i, c)| c.number() == i as u16 + 1)
    );
}

#[test]
fn sample_deck_distribution_is_balanced_as_documented() {
    let cards = sample().cards;
    let zero = Difference::clamped(0);
    let successes = cards.iter().filter(|c| c.face(zero).succeeded()).count();
    assert_eq!(
        successes, 18,
        "Pass or better at difference 0 is half the deck"
    );
    // Symmetric: Pass-or-better at +d is as likely as worse-than-Pass at -d.
    for d in -6..=6 {
        let up = cards
            .iter()
            .filter(|c| c.face(Difference::clamped(d)).succeeded())
            .count();
        let down = cards
            .iter()
            .filter(|c| !c.face(Difference::clamped(-d)).succeeded())
            .count();
        assert_eq!(up, down, "difference {d}");
    }
    for luck in 1..=6 {
        assert_eq!(cards.iter().filter(|c| c.luck().get() == luck).count(), 6);
    }
    for n in DomeNumber::all() {
        let naming = cards.iter().filter(|c| c.domes().contains(n)).count();
        assert!(
            (14..=15).contains(&naming),
            "Dome {n} named by {naming} cards"
        );
    }
    assert_eq!(
        cards
            .iter()
            .filter(|c| c.domes() == DomeRange::OneOrSix)
            .count(),
        1
    );
}

#[test]
fn a_deck_file_with_35_cards_is_rejected_naming_the_count() {
    let mut d = sample();
    d.cards.pop();
    let err = DeckFile::parse(&d.to_json()).unwrap_err();
    assert!(err.to_string().contains("35 cards"), "{err}");
}

#[test]
fn a_deck_file_error_names_the_problem_and_place() {
    let text = tablemate::bundled::get(tablemate::worldspanner::deckfile::SAMPLE_PATH)
        .unwrap()
        .replacen("\"domes\": \"1-2\"", "\"domes\": \"7-8\"", 1);
    let err = DeckFile::parse(&text).unwrap_err();
    assert!(
        err.to_string().contains("Dome 7 does not exist") && err.to_string().contains("line"),
        "{err}"
    );
}

#[test]
fn tablemate_check_knows_challenge_deck_files() {
    let text = tablemate::bundled::get(tablemate::worldspanner::deckfile::SAMPLE_PATH).unwrap();
    let summary = tablemate::games::check_data("worldspanner-challenge-deck", text).unwrap();
    assert!(
        summary.contains("36 cards") && summary.contains("sample"),
        "{summary}"
    );
    assert!(tablemate::games::known_data_kinds().contains(&"worldspanner-challenge-deck"));
}

#[test]
fn deck_editor_shows_progress_17_of_36() {
    let mut ed = DeckEditor::new("My white deck");
    for c in sample().cards.iter().take(17) {
        ed.add_line(&card_line(c)).unwrap();
    }
    assert_eq!(ed.progress().to_string(), "17 of 36");
    assert!(!ed.is_complete());
}

#[test]
fn deck_editor_refuses_a_bad_line_and_keeps_its_progress() {
    let mut ed = DeckEditor::new("d");
    ed.add_line("-4 -2 0 3 -1 3 3-4").unwrap();
    let err = ed.add_line("-4 -2 0 3 -1 3").unwrap_err();
    assert!(
        err.to_string().contains("expected fail squeak pass amaze"),
        "{err}"
    );
    assert!(ed.add_line("-4 -2 0 3 -1 3 3-9").is_err());
    assert_eq!(ed.progress().entered, 1);
}

#[test]
fn deck_editor_accepts_both_line_forms_and_replaces_and_removes_cards() {
    let mut ed = DeckEditor::new("d");
    ed.add_line("XXFFSSPPPPAAA ....HHHHHHHHH 3 1 or 6 moon")
        .unwrap();
    ed.add_line("-4 -2 0 3 -1 2 3-6").unwrap();
    assert_eq!(ed.cards()[0].domes(), DomeRange::OneOrSix);
    assert_eq!(ed.cards()[0].ai_symbol().unwrap().as_str(), "moon");
    ed.replace_line(1, "-5 -3 -1 2 -2 1 1-2").unwrap();
    assert_eq!(ed.cards()[0].luck().get(), 1);
    ed.remove(1).unwrap();
    assert_eq!(ed.cards()[0].number(), 1);
    assert_eq!(ed.cards()[0].domes().to_string(), "3-6");
}

#[test]
fn deck_editor_finishes_only_a_full_deck_and_it_loads_back() {
    let mut ed = DeckEditor::new("Real white deck");
    for c in sample().cards.iter().take(35) {
        ed.add_line(&card_line(c)).unwrap();
    }
    assert!(ed.finish().is_err());
    ed.add_line("-4 -2 0 3 -1 3 3-4").unwrap();
    let file = ed.finish().unwrap();
    assert!(!file.header.sample_data);
    let back = DeckFile::parse(&file.to_json()).unwrap();
    assert_eq!(back.cards, ed.cards());
    assert!(ed.add_line("-4 -2 0 3 -1 3 3-4").is_err(), "a 37th card");
}

fn any_card() -> impl Strategy<Value = ChallengeCard> {
    let t = prop_oneof![Just(None), (-6i8..=6).prop_map(Some)];
    (
        proptest::collection::vec(t.clone(), 4),
        t,
        0u8..=9,
        1u8..=6,
        0u8..=5,
    )
        .prop_map(|(mut faces, hit, luck, lo, w)| {
            faces.sort_by_key(|f| f.unwrap_or(7));
            let thr = |v: Option<i8>| v.map_or("n".into(), |d| d.to_string());
            let hi = (lo + w).min(6);
            card(&format!(
                "{} {} {} {} {} {luck} {lo}-{hi}",
                thr(faces[0]),
                thr(faces[1]),
                thr(faces[2]),
                thr(faces[3]),
                thr(hit)
            ))
        })
}

proptest! {
    #[test]
    fn faces_never_get_worse_as_the_difference_grows(c in any_card()) {
        let faces: Vec<Face> = Difference::all().map(|d| c.face(d)).collect();
        prop_assert!(faces.windows(2).all(|w| w[0] <= w[1]), "{}", c.describe());
        let hits: Vec<bool> = Difference::all().map(|d| c.hits(d)).collect();
        prop_assert!(hits.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn any_valid_card_survives_json_and_the_row_form(c in any_card()) {
        let back: ChallengeCard = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        prop_assert_eq!(&back, &c);
        let rows = parse_card_line(0, &format!("{} {} {} {}", c.face_row(), c.hit_row(), c.luck().get(), c.domes())).unwrap();
        prop_assert_eq!(rows, c);
    }
}

#[test]
fn deck_warnings_name_a_card_entered_twice_an_unusual_band_step_and_too_many_one_or_six() {
    use tablemate::worldspanner::deckcheck::warnings;
    let deck = sample().cards;
    assert!(warnings(&deck).is_empty(), "{:?}", warnings(&deck));
    let mut twice = deck.clone();
    twice[9] = twice[3].clone().with_number(10);
    assert!(
        warnings(&twice)
            .iter()
            .any(|w| w == "card 10 is the same as card 4: entered twice?"),
        "{:?}",
        warnings(&twice)
    );
    let mut odd = deck.clone();
    odd[20] = card("-6 0 1 5 0 3 3-4").with_number(21);
    assert!(
        warnings(&odd)
            .iter()
            .any(|w| w.starts_with("card 21: the Fail to Squeak step is 6")),
        "{:?}",
        warnings(&odd)
    );
    let mut many = deck;
    for i in [1, 2, 3] {
        many[i] = card(&format!("-4 -2 0 3 -1 {i} 1 or 6")).with_number(i as u16 + 1);
    }
    let w = warnings(&many);
    assert!(
        w.iter()
            .any(|w| w.contains("cards show \"1 or 6\"") && w.contains("2, 3, 4")),
        "{w:?}"
    );
}

#[test]
fn a_card_is_shown_as_face_bands_by_difference_with_hit_bar_luck_and_domes() {
    let c = card("-4 -2 0 3 -1 3 3-4").with_number(5);
    assert_eq!(
        c.bands(),
        "Fopp -6 to -5 · Fail -4 to -3 · Squeak -2 to -1 · Pass 0 to +2 · Amaze +3 to +6 · \
         Hit bar from -1 · Luck 3 · Domes 3-4"
    );
}
