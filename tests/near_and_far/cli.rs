//! The `tablemate near-and-far` commands, run in-process against a temporary data folder.

use tablemate::cli::Output;

use crate::shared::{run, says};

fn json(o: &Output) -> serde_json::Value {
    assert_eq!(o.code, 0, "{}{}", o.stdout, o.stderr);
    serde_json::from_str(&o.stdout).expect("JSON output")
}

/// A new campaign (Ana: Rin, Ben: Vera) made with `tablemate near-and-far new`; its id.
pub(super) fn new_campaign(root: &std::path::Path, mode: &str) -> String {
    let o = run(
        root,
        &[
            "near-and-far",
            "new",
            "--mode",
            mode,
            "--player",
            "Ana=Rin",
            "--player",
            "Ben=Vera",
            "--json",
        ],
    );
    json(&o)["id"].as_str().unwrap().to_string()
}

#[test]
fn cli_lookup_answers_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let id = new_campaign(dir.path(), "campaign");
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
            "41",
            "--map",
            "4",
            "--json",
        ],
    );
    let v = json(&o);
    assert_eq!(v["read"]["kind"], "map-quest");
    assert_eq!(v["read"]["code"], "41");
    assert_eq!(v["choices"].as_array().unwrap().len(), 2);
    assert_eq!(v["choices"][0]["test"]["skill"], 5);
    assert_eq!(v["marked"], false);
}

#[test]
fn cli_lookup_in_character_mode_reads_the_character_quest() {
    let dir = tempfile::tempdir().unwrap();
    let id = new_campaign(dir.path(), "character");
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "lookup",
            "--campaign",
            &id,
            "--character",
            "rin",
            "--quest",
            "41",
            "--map",
            "4",
            "--json",
        ],
    );
    let v = json(&o);
    assert_eq!(v["read"]["kind"], "character-quest");
    assert_eq!(v["read"]["code"], "R1");
}

#[test]
fn cli_lookup_mark_crosses_out_the_side_quest() {
    use tablemate::near_and_far::Campaign;
    use tablemate::near_and_far::ledger::Item;
    use tablemate::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let id = new_campaign(dir.path(), "campaign");
    {
        let store = Store::open(dir.path()).unwrap();
        let mut saved = store.load::<Campaign>(&id).unwrap();
        saved
            .history
            .apply("side quest", |c| {
                c.note_reward(
                    "Rin",
                    Item::SideQuestGiven {
                        code: "Q178".parse().unwrap(),
                        from: None,
                    },
                    chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(),
                )
            })
            .unwrap();
        store.save(&id, &saved).unwrap();
    }
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
            "41",
            "--map",
            "4",
            "--mark",
            "--json",
        ],
    );
    let v = json(&o);
    assert_eq!(v["read"]["kind"], "side-quest");
    assert_eq!(v["read"]["code"], "Q178");
    assert_eq!(v["marked"], true);
    let store = Store::open(dir.path()).unwrap();
    let saved = store.load::<Campaign>(&id).unwrap();
    assert!(
        saved
            .current()
            .view("Rin")
            .unwrap()
            .pending_side_quests()
            .is_empty()
    );
    assert!(
        saved.history.can_undo(),
        "the mark is an undoable history step"
    );
}

#[test]
fn cli_lookup_refuses_an_unknown_character() {
    let dir = tempfile::tempdir().unwrap();
    let id = new_campaign(dir.path(), "campaign");
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "lookup",
            "--campaign",
            &id,
            "--character",
            "Zed",
            "--quest",
            "41",
            "--map",
            "4",
        ],
    );
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("Zed"));
}

#[test]
fn cli_score_reads_a_file_and_prints_the_lines() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("score.json");
    std::fs::write(
        &input,
        r#"{"map": 4, "players": [
        {"name": "Ana", "camps": 14, "reputation": 5, "coins": 3, "gems": 3},
        {"name": "Ben", "camps": 12, "reputation": 9, "faction_tokens": 2}]}"#,
    )
    .unwrap();
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "score",
            "--input",
            input.to_str().unwrap(),
            "--json",
        ],
    );
    let v = json(&o);
    assert_eq!(v["winners"][0], "Ana");
    assert_eq!(v["players"][0]["total"], 14 + 2 + 2 + 3);
    assert_eq!(v["players"][0]["lines"][0]["rule"], "camps");
    let text = run(
        dir.path(),
        &["near-and-far", "score", "--input", input.to_str().unwrap()],
    );
    assert!(text.stdout.contains("Winner: Ana"), "{}", text.stdout);
}

#[test]
fn cli_score_records_the_session_in_the_campaign() {
    use tablemate::near_and_far::Campaign;
    use tablemate::near_and_far::scoring::Town;
    use tablemate::store::Store;
    let dir = tempfile::tempdir().unwrap();
    let id = new_campaign(dir.path(), "campaign");
    {
        let store = Store::open(dir.path()).unwrap();
        let mut saved = store.load::<Campaign>(&id).unwrap();
        let f = tablemate::near_and_far::Facts::bundled().unwrap();
        saved
            .history
            .apply("start", |c| {
                c.start_session(
                    "2".parse::<u8>()
                        .map(|n| tablemate::near_and_far::MapNumber::new(n).unwrap())
                        .unwrap(),
                    chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(),
                    Town::Dusk,
                    &["Rin".into(), "Vera".into()],
                    Some(&f),
                )
            })
            .unwrap();
        store.save(&id, &saved).unwrap();
    }
    let input = dir.path().join("score.json");
    std::fs::write(&input, r#"{"map": 2, "players": [
        {"name": "Ana", "camps": 10, "reputation": 0}, {"name": "Vera", "camps": 7, "reputation": 0}]}"#).unwrap();
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "score",
            "--input",
            input.to_str().unwrap(),
            "--campaign",
            &id,
            "--date",
            "2026-03-01",
            "--json",
        ],
    );
    let v = json(&o);
    assert_eq!(v["recorded_in"], id.as_str());
    let sheet = json(&run(
        dir.path(),
        &[
            "near-and-far",
            "sheet",
            "--campaign",
            &id,
            "--character",
            "Rin",
            "--json",
        ],
    ));
    assert_eq!(sheet["journey_total"], 10);
    let chart = json(&run(
        dir.path(),
        &["near-and-far", "chart", "--campaign", &id, "--json"],
    ));
    assert_eq!(chart["series"][1]["points"][0], 7);
}

#[test]
fn cli_index_check_passes_the_bundled_folder() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("storybook-index");
    let tmp = tempfile::tempdir().unwrap();
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
    let v = json(&o);
    assert_eq!(v["ok"], true);
    assert_eq!(v["files"], 12);
}

#[test]
fn cli_index_check_reports_broken_files_and_fails() {
    let tmp = tempfile::tempdir().unwrap();
    let idx = tmp.path().join("idx");
    std::fs::create_dir_all(idx.join("sub")).unwrap();
    std::fs::write(
        idx.join("a.json"),
        r#"{"data_kind":"near-and-far-storybook-index","format_version":1,
        "quests":[{"code":"R1","choices":[{"label":"x","next":"R1"}]}]}"#,
    )
    .unwrap();
    std::fs::write(idx.join("sub/b.json"), "{ not json").unwrap();
    let o = run(
        tmp.path(),
        &["near-and-far", "index", "check", idx.to_str().unwrap()],
    );
    assert_eq!(o.code, 1);
    says(&o.stdout, &["a.json", "loops", "b.json", "not valid JSON"]);
}

#[test]
fn cli_index_import_and_export() {
    let tmp = tempfile::tempdir().unwrap();
    let good = tmp.path().join("friends.json");
    std::fs::write(
        &good,
        r#"{"data_kind":"near-and-far-storybook-index","format_version":1,
        "quests":[{"code":"42","choices":[{"label":"dig","test":{"skill":4}}]}]}"#,
    )
    .unwrap();
    let root = tmp.path().join("home");
    let o = run(
        &root,
        &["near-and-far", "index", "import", good.to_str().unwrap()],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let clash = tmp.path().join("clash.json");
    std::fs::write(
        &clash,
        r#"{"data_kind":"near-and-far-storybook-index","format_version":1,
        "quests":[{"code":"41","choices":[{"label":"fly","test":{"skill":2}}]}]}"#,
    )
    .unwrap();
    let o = run(
        &root,
        &["near-and-far", "index", "import", clash.to_str().unwrap()],
    );
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("entered differently"), "{}", o.stderr);
    let out = tmp.path().join("all.json");
    let o = run(
        &root,
        &["near-and-far", "index", "export", out.to_str().unwrap()],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("\"42\"") && text.contains("\"347\""));
    let again = run(
        &root,
        &["near-and-far", "index", "export", out.to_str().unwrap()],
    );
    assert_eq!(again.code, 1, "no overwrite without --force");
}

#[test]
fn tablemate_check_validates_near_and_far_data_files() {
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    for rel in [
        "data/near-and-far/talents.json",
        "data/near-and-far/maps.json",
        "data/near-and-far/characters.json",
        "data/near-and-far/threats.json",
        "storybook-index/rulebook-examples.json",
    ] {
        let o = run(tmp.path(), &["check", base.join(rel).to_str().unwrap()]);
        assert_eq!(o.code, 0, "{rel}: {}", o.stderr);
    }
    let bad = tmp.path().join("talents.json");
    std::fs::write(
        &bad,
        r#"{"data_kind":"near-and-far-talents","talents":[{"name":"Lore","cost":0,"effect":""}]}"#,
    )
    .unwrap();
    let o = run(tmp.path(), &["check", bad.to_str().unwrap()]);
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("cost 0"), "{}", o.stderr);
}

#[test]
fn the_rules_digest_covers_turn_movement_threats_quests_town_duels_scoring_modes() {
    let (lib, problems) = tablemate::rules::Library::bundled();
    assert!(problems.is_empty(), "{problems:?}");
    for id in [
        "turn",
        "movement",
        "threats",
        "quests",
        "town-buildings",
        "duels",
        "scoring",
        "modes",
    ] {
        assert!(
            lib.entry(tablemate::doc::Kind::NearAndFar, id).is_some(),
            "missing digest entry {id}"
        );
    }
    let hits = tablemate::rules::search(&lib, "side quest", Some(tablemate::doc::Kind::NearAndFar));
    assert!(
        hits.iter()
            .any(|g| g.hits.iter().any(|h| h.entry.id == "side-quests"))
    );
}
