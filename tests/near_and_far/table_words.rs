//! Messages in the table's words (issue 35, "Smaller"): counts in the singular, the keyword a
//! locked choice needs, what `index undo` undid, no boss rule where no boss is in play, and no
//! map offered that Extra Stories would refuse.

use tablemate::near_and_far::session::Variants;
use tablemate::near_and_far::{Mode, Outcome, QuestRecord, Read};

use crate::common::*;
use crate::shared::run;

#[test]
fn a_late_joiner_who_missed_one_session_fills_1_row_of_boxes() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    finish(&mut c, &[("Rin", 1), ("Vera", 0)]);
    let lines = c.add_character("Cy", "Kiku", day(4), None).unwrap();
    assert!(lines[0].contains("1 row of boxes filled"), "{lines:?}");
    let j = c
        .sheet("Rin")
        .unwrap()
        .ledger
        .entries
        .last()
        .unwrap()
        .item
        .describe();
    assert_eq!(j, "1 journey point in session 1 (Map 2)");
}

#[test]
fn extra_stories_offers_no_map_that_must_be_skipped_first() {
    let mut c = campaign_with(
        Mode::Campaign,
        Variants {
            extra_stories: true,
            long_game: false,
        },
        &[("Ana", "Rin"), ("Ben", "Vera")],
    );
    for m in 2..=7 {
        start(&mut c, m);
        finish(&mut c, &[("Rin", 0), ("Vera", 0)]);
    }
    // Playing Map 8 would leave only 9 and 10 for the three skips.
    let e = c.next_maps().unwrap_err().to_string();
    assert_eq!(
        e,
        "Extra Stories skips three maps, seven in all (p. 38): skip 3 more before playing Map 8"
    );
    let all: Vec<String> = c.sheets.iter().map(|s| s.character.clone()).collect();
    let e = c
        .start_session(map(9), day(2), Default::default(), &all, Some(&facts()))
        .unwrap_err()
        .to_string();
    assert!(!e.contains("allowed now"), "{e}");
}

#[test]
fn character_modes_map_11_prints_no_boss_rule_without_bosses() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 3);
    c.write_next_quest("Vera", code("V1"), day(2)).unwrap();
    for (who, p) in [("Rin", "R"), ("Vera", "V")] {
        for n in 1..=8 {
            let rec = QuestRecord {
                read: Read::CharacterQuest {
                    code: Some(code(&format!("{p}{n}"))),
                },
                outcome: Outcome::Success,
                next: Some(code(&format!("{p}{}", n + 1))),
                ending: false,
                rewards: Default::default(),
            };
            c.record_quest(who, rec, day(2)).unwrap();
        }
    }
    finish(&mut c, &[("Rin", 0), ("Vera", 0)]);
    let notices = start(&mut c, 11);
    assert!(
        !notices.iter().any(|n| n.to_lowercase().contains("boss")),
        "{notices:?}"
    );
    assert!(c.session_in_play().unwrap().bosses.is_none());
}

#[test]
fn lookup_text_names_the_keyword_a_locked_choice_needs() {
    let dir = tempfile::tempdir().unwrap();
    let id = crate::cli::new_campaign(dir.path(), "campaign");
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "lookup",
            "--campaign",
            &id,
            "--character",
            "Rin",
            "--quest",
            "347",
            "--map",
            "9",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("locked: needs BURNING"), "{}", o.stdout);
}

#[test]
fn index_undo_says_what_it_undid() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for code in ["42", "43"] {
        let entry = format!(r#"{{"code":"{code}","choices":[{{"label":"dig"}}]}}"#);
        let o = run(
            root,
            &[
                "near-and-far",
                "index",
                "add",
                "--entry",
                &entry,
                "--map",
                "3",
            ],
        );
        assert_eq!(o.code, 0, "{}", o.stderr);
    }
    let o = run(root, &["near-and-far", "index", "undo"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout.contains(
            "back as it was before its last change: 43 removed (0 earlier versions kept)"
        ),
        "{}",
        o.stdout
    );
}

#[test]
fn a_mistyped_action_is_refused_without_type_names() {
    let dir = tempfile::tempdir().unwrap();
    let id = crate::cli::new_campaign(dir.path(), "campaign");
    let o = run(
        dir.path(),
        &[
            "act",
            &id,
            r#"{"action":"start-session","map":"two","date":"2026-03-02","characters":["Rin","Vera"]}"#,
        ],
    );
    assert_eq!(o.code, 1);
    assert!(!o.stderr.contains("u8"), "{}", o.stderr);
    assert!(o.stderr.contains("expected a whole number"), "{}", o.stderr);
    let o = run(
        dir.path(),
        &[
            "act",
            &id,
            r#"{"action":"start-session","map":2,"date":"2026-13-01","characters":["Rin","Vera"]}"#,
        ],
    );
    assert_eq!(o.code, 1);
    assert!(!o.stderr.contains("input is out of range"), "{}", o.stderr);
    assert!(
        o.stderr
            .contains("not a day on the calendar (write it as YYYY-MM-DD)"),
        "{}",
        o.stderr
    );
}
