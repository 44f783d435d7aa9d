//! `near-and-far index import` refuses what `index check` refuses, naming the imported file
//! and its own entry numbers: a code listed twice, control characters, and `--keep-theirs`
//! for a quest that is not in conflict.

use crate::shared::run;

fn index_file(dir: &std::path::Path, name: &str, quests: &str) -> String {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!(
            r#"{{"data_kind":"near-and-far-storybook-index","format_version":1,"quests":[{quests}]}}"#
        ),
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn index_import_refuses_a_file_listing_the_same_code_twice() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let file = index_file(
        tmp.path(),
        "twice.json",
        r#"{"code":"42","choices":[{"label":"dig"}]},{"code":"43"},{"code":"42","choices":[{"label":"fly"}]}"#,
    );
    let o = run(&root, &["near-and-far", "index", "import", &file]);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains(&format!(
            "{file}: quests[2] (42): the same code is listed again, first at quests[0]"
        )),
        "{}",
        o.stderr
    );
    assert!(
        !root.join("storybook-index/my-entries.json").exists(),
        "nothing written"
    );
}

#[test]
fn index_import_refuses_control_characters_in_index_text() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let file = index_file(
        tmp.path(),
        "bell.json",
        r#"{"code":"42","choices":[{"label":"dig\u0007"}]}"#,
    );
    let o = run(&root, &["near-and-far", "index", "import", &file]);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains(&format!(
            "{file}: quests[0].choices[0].label: control characters are not allowed in index text"
        )),
        "{}",
        o.stderr
    );
}

#[test]
fn index_import_names_the_imported_file_and_its_entry_for_a_conflict_with_the_books() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    // Quest 41 is in the bundled index (the rulebook's example) with other choices.
    let file = index_file(
        tmp.path(),
        "clash.json",
        r#"{"code":"40"},{"code":"41","choices":[{"label":"fly","test":{"skill":2}}]}"#,
    );
    let o = run(&root, &["near-and-far", "index", "import", &file]);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains(&format!("{file}: quests[1] (41): ")),
        "{}",
        o.stderr
    );
}

#[test]
fn keep_theirs_with_a_code_not_in_conflict_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let file = index_file(tmp.path(), "friends.json", r#"{"code":"42"}"#);
    let o = run(
        &root,
        &[
            "near-and-far",
            "index",
            "import",
            &file,
            "--keep-theirs",
            "42",
        ],
    );
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains(&format!(
            "{file} was not imported: --keep-theirs 42: not a quest that differs from yours (none differ)"
        )),
        "{}",
        o.stderr
    );
    let o = run(&root, &["near-and-far", "index", "import", &file]);
    assert_eq!(o.code, 0, "{}", o.stderr);
}

#[test]
fn single_index_entries_are_added_edited_deleted_and_undone_from_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let idx = |args: &[&str]| {
        let mut all = vec!["near-and-far", "index"];
        all.extend_from_slice(args);
        run(&root, &all)
    };
    let mine = || std::fs::read_to_string(root.join("storybook-index/my-entries.json")).unwrap();
    let dig = r#"{"code":"42","choices":[{"label":"dig","test":{"skill":4}}]}"#;
    let o = idx(&["add", "--entry", dig, "--map", "3"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(mine().contains("\"dig\""));
    let o = idx(&["add", "--entry", dig]);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .contains("42 is already in your index: change it with `index edit`"),
        "{}",
        o.stderr
    );
    let fly = r#"{"code":"42","choices":[{"label":"fly","test":{"skill":2}}]}"#;
    let o = idx(&["edit", "--entry", fly]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(mine().contains("\"fly\"") && !mine().contains("\"dig\""));
    let o = idx(&["edit", "--entry", r#"{"code":"43"}"#]);
    assert!(
        o.stderr.contains("43 is not one of your own entries"),
        "{}",
        o.stderr
    );
    let o = idx(&["add", "--entry", r#"{"code":"44","note":"ring\u0007"}"#]);
    assert!(
        o.stderr.contains("control characters are not allowed"),
        "{}",
        o.stderr
    );
    let o = idx(&["delete", "42"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(!mine().contains("\"42\""));
    let o = idx(&["undo"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(mine().contains("\"fly\""), "the delete is undone");
    let o = idx(&["undo"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(mine().contains("\"dig\""), "the edit is undone");
}

#[test]
fn an_index_file_on_disk_with_control_characters_is_an_error_naming_the_field() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let dir = tmp.path().join("mine");
    std::fs::create_dir_all(&dir).unwrap();
    index_file(
        &dir,
        "bell.json",
        r#"{"code":"42","choices":[{"label":"dig\u001b[2J"}]}"#,
    );
    let o = run(
        &root,
        &["near-and-far", "index", "check", dir.to_str().unwrap()],
    );
    let said = format!("{}{}", o.stdout, o.stderr);
    assert_eq!(o.code, 1, "{said}");
    assert!(
        said.contains(
            "bell.json: quests[0].choices[0].label: control characters are not allowed in index text"
        ),
        "{said}"
    );
}

#[test]
fn an_import_declaring_other_quest_letters_is_shown_like_an_entry_conflict() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let o = run(
        &root,
        &[
            "near-and-far",
            "index",
            "letters",
            "--character",
            "Vera",
            "--letters",
            "V",
            "--first",
            "V1",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let path = tmp.path().join("friends.json");
    std::fs::write(
        &path,
        r#"{"data_kind":"near-and-far-storybook-index","format_version":1,
            "characters":[{"character":"Vera","prefix":"W","first":"W1"}],
            "quests":[{"code":"W1","choices":[{"label":"go"}]},{"code":"42","choices":[{"label":"dig"}]}]}"#,
    )
    .unwrap();
    let o = run(
        &root,
        &["near-and-far", "index", "import", path.to_str().unwrap()],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout.starts_with("imported 1 quest from "),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains("quest letters differ from yours for Vera: kept yours, and left out their 1 quest written with their letters"),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout
            .contains("Vera's quest letters differ (yours kept):"),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("yours: V (first V1)"), "{}", o.stdout);
    assert!(o.stdout.contains("| theirs: W (first W1)"), "{}", o.stdout);
    assert!(
        o.stdout.contains("not imported (their letters): W1"),
        "{}",
        o.stdout
    );
    let mine = std::fs::read_to_string(root.join("storybook-index/my-entries.json")).unwrap();
    assert!(mine.contains("\"42\"") && !mine.contains("W1"), "{mine}");
}
