//! The storybook index grows safely (issue 11, section 1): quest letters declared for every
//! character, the player's own entries deleted, imports that never overwrite, a damaged
//! `my-entries.json` never replaced, and `index check`/`export` naming every file they could not
//! read.

use crate::shared::{run, says};

const HEAD: &str = r#""data_kind":"near-and-far-storybook-index","format_version":1"#;

fn write(path: &std::path::Path, body: &str) {
    std::fs::write(path, format!("{{{HEAD},{body}}}")).unwrap();
}

fn own(root: &std::path::Path) -> std::path::PathBuf {
    root.join("storybook-index/my-entries.json")
}

#[test]
fn quest_letters_can_be_declared_for_all_eight_characters_and_their_entries_are_then_accepted() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let friend = tmp.path().join("vera.json");
    write(
        &friend,
        r#""quests":[{"code":"V1","choices":[{"label":"go","test":{"skill":3},"next":"V2"}]}]"#,
    );
    let o = run(
        &root,
        &["near-and-far", "index", "import", friend.to_str().unwrap()],
    );
    assert_eq!(o.code, 1, "V is nobody's letters yet");
    assert!(o.stderr.contains("quest letters V"), "{}", o.stderr);
    for (who, letters) in [
        ("Grear", "G"),
        ("Vera", "V"),
        ("Eyim", "E"),
        ("Rin", "R"),
        ("Shardling", "S"),
        ("Tanian", "T"),
        ("Kiku", "K"),
        ("Riza", "Z"),
    ] {
        let first = format!("{letters}1");
        let o = run(
            &root,
            &[
                "near-and-far",
                "index",
                "letters",
                "--character",
                who,
                "--letters",
                letters,
                "--first",
                &first,
            ],
        );
        assert_eq!(o.code, 0, "{who}: {}", o.stderr);
    }
    let text = std::fs::read_to_string(own(&root)).unwrap();
    for who in [
        "Grear",
        "Vera",
        "Eyim",
        "Rin",
        "Shardling",
        "Tanian",
        "Kiku",
        "Riza",
    ] {
        assert!(
            text.contains(&format!("\"{who}\"")),
            "{who} in my-entries.json"
        );
    }
    let o = run(
        &root,
        &["near-and-far", "index", "import", friend.to_str().unwrap()],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let o = run(
        &root,
        &[
            "near-and-far",
            "index",
            "letters",
            "--character",
            "Kiku",
            "--letters",
            "V",
        ],
    );
    assert_eq!(o.code, 1, "letters already Vera's");
    let o = run(
        &root,
        &[
            "near-and-far",
            "index",
            "letters",
            "--character",
            "Nobody",
            "--letters",
            "N",
        ],
    );
    assert_eq!(o.code, 1);
}

#[test]
fn importing_a_conflicting_file_keeps_the_players_entry_and_lists_both() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let mine = tmp.path().join("mine.json");
    write(
        &mine,
        r#""quests":[{"code":"120","choices":[{"label":"climb","test":{"skill":4}}]}]"#,
    );
    assert_eq!(
        run(
            &root,
            &["near-and-far", "index", "import", mine.to_str().unwrap()]
        )
        .code,
        0
    );
    let theirs = tmp.path().join("theirs.json");
    write(
        &theirs,
        r#""quests":[{"code":"120","choices":[{"label":"swim","test":{"skill":6}}]},
                     {"code":"121","choices":[{"label":"rest"}]}]"#,
    );
    let o = run(
        &root,
        &["near-and-far", "index", "import", theirs.to_str().unwrap()],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    says(&o.stdout, &["120 differs (yours kept)", "climb", "swim"]);
    let text = std::fs::read_to_string(own(&root)).unwrap();
    assert!(text.contains("climb") && !text.contains("swim") && text.contains("\"121\""));
    let backups = std::fs::read_dir(root.join("backups/data"))
        .unwrap()
        .count();
    assert!(
        backups >= 1,
        "the player's index was backed up before the change"
    );
    let o = run(
        &root,
        &[
            "near-and-far",
            "index",
            "import",
            theirs.to_str().unwrap(),
            "--keep-theirs",
            "120",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let text = std::fs::read_to_string(own(&root)).unwrap();
    assert!(text.contains("swim") && !text.contains("climb"));
}

#[test]
fn an_unreadable_my_entries_file_is_never_replaced_and_the_import_stops() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    std::fs::create_dir_all(root.join("storybook-index")).unwrap();
    let damaged: &[u8] = b"{\"data_kind\": \xff\xfe broken";
    std::fs::write(own(&root), damaged).unwrap();
    let friend = tmp.path().join("f.json");
    write(
        &friend,
        r#""quests":[{"code":"42","choices":[{"label":"dig"}]}]"#,
    );
    let o = run(
        &root,
        &["near-and-far", "index", "import", friend.to_str().unwrap()],
    );
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("my-entries.json"), "{}", o.stderr);
    assert_eq!(
        std::fs::read(own(&root)).unwrap(),
        damaged,
        "left exactly as it was"
    );
    let o = run(&root, &["near-and-far", "index", "delete", "42"]);
    assert_eq!(o.code, 1);
    assert_eq!(std::fs::read(own(&root)).unwrap(), damaged);
}

#[test]
fn the_player_deletes_an_own_entry_but_not_a_bundled_one() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    let f = tmp.path().join("f.json");
    write(
        &f,
        r#""quests":[{"code":"42","choices":[{"label":"dig"}]}]"#,
    );
    assert_eq!(
        run(
            &root,
            &["near-and-far", "index", "import", f.to_str().unwrap()]
        )
        .code,
        0
    );
    let o = run(&root, &["near-and-far", "index", "delete", "42"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        !std::fs::read_to_string(own(&root))
            .unwrap()
            .contains("\"42\"")
    );
    let o = run(&root, &["near-and-far", "index", "delete", "41"]);
    assert_eq!(o.code, 1, "41 is the rulebook's example, not the player's");
    assert!(
        o.stderr.contains("not one of your own entries"),
        "{}",
        o.stderr
    );
}

#[test]
fn index_check_on_an_empty_folder_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("empty");
    std::fs::create_dir_all(&dir).unwrap();
    let o = run(
        tmp.path(),
        &["near-and-far", "index", "check", dir.to_str().unwrap()],
    );
    assert_eq!(o.code, 1);
    assert!(o.stdout.contains("no index files"), "{}", o.stdout);
}

#[test]
fn index_check_names_every_file_it_could_not_read() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("idx");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("bad-one.json"), b"\xff\xfe").unwrap();
    std::fs::write(dir.join("sub/bad-two.json"), b"\xc3\x28").unwrap();
    write(
        &dir.join("good.json"),
        r#""quests":[{"code":"42","choices":[{"label":"dig"}]}]"#,
    );
    let o = run(
        tmp.path(),
        &["near-and-far", "index", "check", dir.to_str().unwrap()],
    );
    assert_eq!(o.code, 1);
    assert!(o.stdout.contains("bad-one.json"), "{}", o.stdout);
    assert!(o.stdout.contains("bad-two.json"), "{}", o.stdout);
}

#[cfg(unix)]
#[test]
fn index_check_does_not_follow_a_symlink_loop() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("idx");
    std::fs::create_dir_all(&dir).unwrap();
    write(
        &dir.join("good.json"),
        r#""quests":[{"code":"42","choices":[{"label":"dig"}]}]"#,
    );
    std::os::unix::fs::symlink(&dir, dir.join("loop")).unwrap();
    let o = run(
        tmp.path(),
        &[
            "near-and-far",
            "index",
            "check",
            dir.to_str().unwrap(),
            "--json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["files"], 1, "{}", o.stdout);
    assert_eq!(o.code, 0, "{}", o.stdout);
}

#[test]
fn index_export_names_a_file_it_could_not_read() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("home");
    std::fs::create_dir_all(root.join("storybook-index")).unwrap();
    std::fs::write(own(&root), b"{ not json").unwrap();
    let out = tmp.path().join("all.json");
    let o = run(
        &root,
        &["near-and-far", "index", "export", out.to_str().unwrap()],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout.contains("left out") && o.stdout.contains("my-entries.json"),
        "{}",
        o.stdout
    );
}
