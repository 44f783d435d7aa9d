//! `tablemate report`: one file for a bug report, the save in it with player text replaced.

use tablemate::cli::run_in;
use tablemate::doc::Saved;
use tablemate::store::Store;
use tablemate::worldspanner::*;

const NAME: &str = "Alice Marchetti";
const TITLE: &str = "Friday at Bellamy's";

/// A Worldspanner game whose title and first hero a player typed, one action played, a log
/// line and a crash report in the data folder.
fn folder_with_a_game() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut setup = sample::setup(MapDesign::Standard, 6, 10, 7).unwrap();
    setup.heroes[0][0].name = NAME.to_string();
    let saved = Saved::new(TITLE, "New game", Game::new(setup).unwrap());
    Store::open(dir.path())
        .unwrap()
        .save("friday", &saved)
        .unwrap();
    let out = run_in(
        dir.path(),
        &[
            "act",
            "friday",
            r#"{"action":"reinforce","hero":{"team":"skyhawks","hero":0}}"#,
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    tablemate::store::log::crash_report(dir.path(), &format!("panicked in {NAME}'s game")).unwrap();
    dir
}

fn report_in(
    dir: &tempfile::TempDir,
    args: &[&str],
) -> (tablemate::cli::Output, std::path::PathBuf) {
    let out_dir = dir.path().join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let file = out_dir.join("report.json");
    let mut all = vec!["report"];
    all.extend_from_slice(args);
    let file_arg = file.to_str().unwrap().to_string();
    all.extend(["--out", &file_arg]);
    (run_in(dir.path(), &all, ""), file)
}

#[test]
fn a_report_replaces_the_names_players_typed_and_its_save_still_validates() {
    let dir = folder_with_a_game();
    let (out, file) = report_in(&dir, &["friday"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Nothing was sent"), "{}", out.stdout);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        !text.contains("Alice"),
        "the player's name is in the report:\n{text}"
    );
    assert!(!text.contains("Bellamy"), "the title is in the report");
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["version"], env!("CARGO_PKG_VERSION"));
    assert!(
        report["os"]
            .as_str()
            .unwrap()
            .contains(std::env::consts::OS)
    );
    assert_eq!(report["crash_reports"].as_array().unwrap().len(), 1);
    assert!(report["log"].as_str().unwrap().contains("crashed"));
    assert_eq!(
        report["save"]["validates"], true,
        "{}",
        report["save"]["validates"]
    );
    // The save in the report is a save: it checks as a file, with the same history.
    let save = dir.path().join("redacted.json");
    std::fs::write(&save, serde_json::to_vec(&report["save"]["file"]).unwrap()).unwrap();
    let checked = tablemate::store::check_file(&save);
    assert!(checked.is_ok(), "{checked:?}");
    let loaded: Saved<Game> =
        tablemate::store::envelope::open_as(&std::fs::read(&save).unwrap()).unwrap();
    assert_eq!(loaded.history.len(), 2);
    assert!(loaded.title.starts_with("text-"), "{}", loaded.title);
}

#[test]
fn a_report_never_overwrites_a_file_without_force() {
    let dir = folder_with_a_game();
    let (first, file) = report_in(&dir, &[]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    std::fs::write(&file, "mine").unwrap();
    let (again, _) = report_in(&dir, &[]);
    assert_eq!(again.code, 1);
    assert!(again.stderr.contains("already exists"), "{}", again.stderr);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    let (forced, _) = report_in(&dir, &["--force"]);
    assert_eq!(forced.code, 0, "{}", forced.stderr);
    assert_ne!(std::fs::read_to_string(&file).unwrap(), "mine");
}

#[test]
fn a_report_for_a_save_that_does_not_exist_is_refused_and_writes_nothing() {
    let dir = folder_with_a_game();
    let (out, file) = report_in(&dir, &["nosuch"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("nosuch"), "{}", out.stderr);
    assert!(!file.exists());
}
