//! The storybook index: format, validation with broken files, merging, growing, exporting.

use super::common::*;
use tablemate::near_and_far::index::{
    Bookkeeping, Choice, Index, IndexFile, QuestEntry, Severity, Test, bundled_sources,
};

const HEAD: &str = r#""data_kind":"near-and-far-storybook-index","format_version":1"#;

fn file(body: &str) -> String {
    format!("{{{HEAD},{body}}}")
}

fn errors(b: &tablemate::near_and_far::index::Built) -> Vec<String> {
    b.errors().map(|p| p.to_string()).collect()
}

#[test]
fn the_bundled_index_is_valid_with_the_rulebook_examples_and_a_template_per_map() {
    let b = index_with(&[]);
    assert!(b.is_ok(), "{:?}", errors(&b));
    assert!(b.index.quest(&code("41")).is_some());
    assert!(b.index.quest(&code("347")).is_some());
    let templates: Vec<String> = bundled_sources()
        .into_iter()
        .filter(|s| s.rel.starts_with("storybook-index/maps/"))
        .map(|s| s.rel)
        .collect();
    assert_eq!(templates.len(), 11);
    for t in bundled_sources() {
        let f = IndexFile::parse(&t.text).unwrap();
        if t.rel.contains("/maps/") {
            assert_eq!(f.maps.len(), 1);
            assert!(
                f.maps[0].spaces.is_empty() && f.quests.is_empty(),
                "{} is an empty template",
                t.rel
            );
        }
    }
    // Q178, referenced by 347, is a note: the index is incomplete there, not wrong.
    assert!(
        b.problems
            .iter()
            .any(|p| p.severity == Severity::Note && p.message.contains("Q178"))
    );
}

#[test]
fn a_duplicate_quest_number_in_one_file_names_both_entries() {
    let b = only(&[(
        "dup.json",
        &file(r#""quests":[{"code":"41"},{"code":"41","note":"again"}]"#),
    )]);
    let e = errors(&b);
    assert!(
        e.iter().any(|m| m.contains("dup.json")
            && m.contains("quests[1] (41)")
            && m.contains("quests[0]")),
        "{e:?}"
    );
}

#[test]
fn two_files_entering_one_quest_differently_conflict() {
    let a = file(r#""quests":[{"code":"41","choices":[{"label":"go","test":{"skill":5}}]}]"#);
    let b = file(r#""quests":[{"code":"41","choices":[{"label":"go","test":{"skill":6}}]}]"#);
    let built = only(&[("a.json", &a), ("b.json", &b)]);
    let e = errors(&built);
    assert!(
        e.iter()
            .any(|m| m.contains("b.json") && m.contains("a.json") && m.contains("41")),
        "{e:?}"
    );
    // The same entry twice is no conflict.
    assert!(only(&[("a.json", &a), ("c.json", &a)]).is_ok());
}

#[test]
fn one_number_on_two_maps_is_a_duplicate() {
    let a = file(r#""maps":[{"map":4,"spaces":["41","42"]},{"map":5,"spaces":["41"]}]"#);
    let e = errors(&only(&[("maps.json", &a)]));
    assert!(
        e.iter().any(|m| m.contains("duplicate number: 41")),
        "{e:?}"
    );
    let twice = file(r#""maps":[{"map":4,"spaces":["41","41"]}]"#);
    assert!(!only(&[("twice.json", &twice)]).is_ok());
}

#[test]
fn a_repeat_in_an_index_file_names_where_it_first_appears() {
    let cases = [
        (
            r#""maps":[{"map":4,"spaces":["41"]},{"map":5,"spaces":[]},{"map":4,"spaces":["42"]}]"#,
            "maps[2] (Map 4): Map 4 is listed twice in this file, first at maps[0]",
        ),
        (
            r#""maps":[{"map":4,"spaces":["41","42","41"]}]"#,
            "duplicate number: spaces[2] 41 is listed twice on Map 4, first at spaces[0]",
        ),
        (
            r#""characters":[{"character":"Vera","prefix":"V"},{"character":"vera ","prefix":"V"}]"#,
            "this character is listed twice in this file, first at characters[0]",
        ),
        (
            r#""quests":[{"code":"41","choices":[]},{"code":"42","choices":[]},{"code":"41","choices":[]}]"#,
            "duplicate number: 41 is already entered at quests[0]",
        ),
        (
            r#""quests":[{"code":"41","choices":[{"label":"x","keywords":["ASH","OAK","ash"]}]}]"#,
            "keywords[2]: keyword ASH is listed twice, first at keywords[0]",
        ),
    ];
    for (body, expect) in cases {
        let e = errors(&only(&[("twice.json", &file(body))]));
        assert!(e.iter().any(|m| m.contains(expect)), "{expect}\n{e:?}");
    }
}

#[test]
fn a_number_outside_the_maps_known_range_is_a_warning() {
    let a = file(r#""maps":[{"map":2,"spaces":["41"]}]"#);
    let b = only(&[("w.json", &a)]);
    assert!(b.is_ok());
    assert!(
        b.problems
            .iter()
            .any(|p| p.severity == Severity::Warning && p.message.contains("outside Map 2"))
    );
}

#[test]
fn a_side_quest_code_on_a_map_space_is_refused() {
    let a = file(r#""maps":[{"map":2,"spaces":["Q4"]}]"#);
    assert!(!only(&[("q.json", &a)]).is_ok());
}

#[test]
fn unknown_character_letters_are_an_unknown_reference() {
    let a = file(r#""quests":[{"code":"X1","choices":[{"label":"go","next":"X2"}]}]"#);
    let e = errors(&only(&[("x.json", &a)]));
    assert!(
        e.iter()
            .any(|m| m.contains("unknown reference") && m.contains("X")),
        "{e:?}"
    );
    let declared = file(
        r#""characters":[{"character":"Vera","prefix":"X","first":"X1"}],
        "quests":[{"code":"X1","choices":[{"label":"go","next":"X2"}]}]"#,
    );
    assert!(only(&[("x.json", &declared)]).is_ok());
}

#[test]
fn a_quest_chain_that_loops_is_a_cycle() {
    let a = file(
        r#""quests":[
        {"code":"R1","choices":[{"label":"a","next":"R2"}]},
        {"code":"R2","choices":[{"label":"b","next":"R3"},{"label":"c","next":"R4"}]},
        {"code":"R3","choices":[{"label":"d","next":"R1"}]}]"#,
    );
    let e = errors(&only(&[("loop.json", &a)]));
    assert!(
        e.iter().any(|m| m.contains("loops: R1 → R2 → R3 → R1")),
        "{e:?}"
    );
    assert_eq!(
        e.iter().filter(|m| m.contains("loops")).count(),
        1,
        "reported once"
    );
}

#[test]
fn a_chain_cannot_jump_to_another_characters_quests() {
    let a = file(
        r#""characters":[{"character":"Vera","prefix":"V"}],
        "quests":[{"code":"R1","choices":[{"label":"a","next":"V2"}]}]"#,
    );
    let e = errors(&only(&[("jump.json", &a)]));
    assert!(e.iter().any(|m| m.contains("another character")), "{e:?}");
}

#[test]
fn malformed_choices_are_named() {
    let cases = [
        (r#"{"label":"","test":{"skill":5}}"#, "label is empty"),
        (r#"{"label":"x","optional":true}"#, "optional only applies"),
        (r#"{"label":"x","keywords":["ASH","ash"]}"#, "listed twice"),
        (r#"{"label":"x","test":{"combat":0}}"#, "combat 0"),
        (r#"{"label":"x","bonus":{"xp":1}}"#, "bonus needs a roll"),
        (
            r#"{"label":"x","reward":{"side_quests":["12"]}}"#,
            "must be a Q number",
        ),
        (r#"{"label":"x","next":"R2"}"#, "only character quests lead"),
    ];
    for (choice, expect) in cases {
        let a = file(&format!(
            r#""quests":[{{"code":"41","choices":[{choice}]}}]"#
        ));
        let e = errors(&only(&[("bad.json", &a)]));
        assert!(
            e.iter().any(|m| m.contains("bad.json")
                && m.contains("quests[0] (41) choices[0]")
                && m.contains(expect)),
            "{choice}: {e:?}"
        );
    }
}

#[test]
fn two_forced_choices_with_the_same_keywords_are_refused() {
    let a = file(
        r#""quests":[{"code":"41","choices":[{"label":"a","keywords":["ASH"]},{"label":"b","keywords":["ash"]}]}]"#,
    );
    assert!(!only(&[("same.json", &a)]).is_ok());
}

#[test]
fn a_file_that_does_not_parse_is_reported_by_name_and_left_out() {
    let b = only(&[
        (
            "broken.json",
            r#"{"data_kind":"near-and-far-storybook-index","format_version":1,"quests":[{"code":"41",}]}"#,
        ),
        ("good.json", &file(r#""quests":[{"code":"42"}]"#)),
    ]);
    let e = errors(&b);
    assert!(
        e.iter()
            .any(|m| m.starts_with("error: broken.json") && m.contains("line")),
        "{e:?}"
    );
    assert!(
        b.index.quest(&code("42")).is_some(),
        "the other files still load"
    );
    let wrong_kind = only(&[("kind.json", r#"{"data_kind":"rules-digest"}"#)]);
    assert!(errors(&wrong_kind)[0].contains("expected \"near-and-far-storybook-index\""));
    let typo = only(&[(
        "typo.json",
        &file(r#""quests":[{"code":"41","choises":[]}]"#),
    )]);
    assert!(errors(&typo)[0].contains("choises"), "{:?}", errors(&typo));
    let version = only(&[(
        "v.json",
        r#"{"data_kind":"near-and-far-storybook-index","format_version":9}"#,
    )]);
    assert!(errors(&version)[0].contains("format_version"));
}

#[test]
fn a_user_file_replaces_the_bundled_file_with_the_same_path() {
    let b = index_with(&[(
        "rulebook-examples.json",
        &file(r#""quests":[{"code":"41","note":"mine"}]"#),
    )]);
    assert!(b.index.quest(&code("347")).is_none());
    assert_eq!(b.index.quest(&code("41")).unwrap().note, "mine");
}

fn new_entry(code_text: &str, label: &str) -> QuestEntry {
    QuestEntry {
        code: code(code_text),
        choices: vec![Choice {
            label: label.into(),
            test: Some(Test::Skill(6)),
            keywords: vec![],
            optional: false,
            next: None,
            reward: Bookkeeping {
                side_quests: vec![code("Q9")],
                ..Default::default()
            },
            bonus: Bookkeeping::default(),
        }],
        ending: false,
        note: String::new(),
    }
}

#[test]
fn players_add_entries_as_they_read_and_the_index_grows() {
    let f = facts();
    let mut files: Vec<(String, IndexFile)> = vec![(
        "examples".into(),
        parse_index(&file(r#""quests":[{"code":"41"}]"#)),
    )];
    let own = Index::check_addition(&files, "mine", &new_entry("42", "dig"), Some(&f)).unwrap();
    files.push(("mine".into(), own));
    let b = Index::build(&files, Some(&f));
    assert!(b.index.quest(&code("42")).is_some());
    // Replacing one's own entry is fine; contradicting another file's entry is not.
    let own =
        Index::check_addition(&files, "mine", &new_entry("42", "dig deeper"), Some(&f)).unwrap();
    assert_eq!(own.quests.len(), 1);
    assert_eq!(own.quests[0].choices[0].label, "dig deeper");
    let clash =
        Index::check_addition(&files, "mine", &new_entry("41", "climb"), Some(&f)).unwrap_err();
    assert!(
        clash[0].message.contains("entered differently"),
        "{clash:?}"
    );
}

#[test]
fn an_imported_file_merges_into_the_own_file_unless_it_conflicts() {
    let f = facts();
    let files: Vec<(String, IndexFile)> = vec![(
        "examples".into(),
        parse_index(&file(r#""quests":[{"code":"41"}]"#)),
    )];
    let friend = parse_index(&file(
        r#""maps":[{"map":4,"spaces":["42"]}],"quests":[{"code":"42"},{"code":"43"}]"#,
    ));
    let own = Index::check_import(&files, "mine", &friend, Some(&f)).unwrap();
    assert_eq!(own.quests.len(), 2);
    assert_eq!(own.maps[0].spaces, vec![code("42")]);
    let loop_file = parse_index(&file(
        r#""quests":[{"code":"R1","choices":[{"label":"a","next":"R1"}]}]"#,
    ));
    assert!(Index::check_import(&files, "mine", &loop_file, Some(&f)).is_err());
}

#[test]
fn the_own_file_is_read_through_the_store_and_a_damaged_one_is_flagged() {
    use tablemate::near_and_far::index::{OWN_FILE, load_with};
    let loaded = load_with(
        |rel| {
            if rel == OWN_FILE {
                Ok(Some(("{ broken".to_string(), "my-entries".to_string())))
            } else {
                Ok(tablemate::bundled::get(rel).map(|t| (t.to_string(), rel.to_string())))
            }
        },
        Some(&facts()),
    );
    assert!(loaded.own_damaged);
    assert_eq!(loaded.own_origin, "my-entries");
    assert!(loaded.built.index.quest(&code("347")).is_some());
}

#[test]
fn an_exported_index_reads_back_the_same() {
    let b = index_with(&[]);
    let out = b.index.export("all");
    let text = out.to_json();
    let back = IndexFile::parse(&text).unwrap();
    let rebuilt = Index::build(&[("export".into(), back)], Some(&facts()));
    assert!(rebuilt.is_ok(), "{:?}", errors(&rebuilt));
    assert_eq!(
        rebuilt.index.quests.keys().collect::<Vec<_>>(),
        b.index.quests.keys().collect::<Vec<_>>()
    );
}

#[test]
fn index_files_hold_no_long_text() {
    // The index is structure only: labels are short, never the storybook's paragraphs.
    for s in bundled_sources() {
        let f = IndexFile::parse(&s.text).unwrap();
        for q in &f.quests {
            for c in &q.choices {
                assert!(c.label.len() <= 40, "{}: {}", s.rel, c.label);
            }
        }
    }
}
