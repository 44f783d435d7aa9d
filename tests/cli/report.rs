//! `tablemate report`: one file for a bug report, the save in it with player text replaced.

use std::collections::BTreeSet;

use tablemate::cli::run_in;
use tablemate::doc::{Kind, Saved};
use tablemate::store::Store;
use tablemate::store::report::{Class, spots};
use tablemate::worldspanner::*;

use crate::typed::{self, marked};

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
    report_as(dir.path(), "report.json", args)
}

/// `tablemate report ARGS --out out/NAME` in the data folder `root`.
fn report_as(
    root: &std::path::Path,
    name: &str,
    args: &[&str],
) -> (tablemate::cli::Output, std::path::PathBuf) {
    let out_dir = root.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let file = out_dir.join(name);
    let mut all = vec!["report"];
    all.extend_from_slice(args);
    let file_arg = file.to_str().unwrap().to_string();
    all.extend(["--out", &file_arg]);
    (run_in(root, &all, ""), file)
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

/// The save `id` of the data folder `root`, as JSON.
fn save_json(root: &std::path::Path, id: &str) -> serde_json::Value {
    let path = root.join("saves").join(format!("{id}.json"));
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The rule the report's redaction stands on (src/store/report/places.rs): every string a save
/// holds (envelope, current state, history entries and their labels, changes, recorded actions)
/// sits at a place its tables call player text or rules text. Saves of all five games, played
/// through their public actions with a marker in everything a player can type, are walked: a
/// place no line covers fails, named as the tables write it, and so does a marker at a place
/// called rules text (it would go into a report as it is).
#[test]
fn every_string_a_save_can_hold_is_classified_as_player_text_or_rules_text() {
    let typed = typed::folder(true);
    let mut unclassified = std::collections::BTreeMap::new();
    let mut typed_but_kept = BTreeSet::new();
    let mut kinds_marked = BTreeSet::new();
    for (kind, id) in &typed.saves {
        for spot in spots(&save_json(typed.root(), id)) {
            match spot.class {
                None => {
                    let example: String = spot.text.chars().take(60).collect();
                    unclassified
                        .entry(format!("{kind}: {}", spot.at))
                        .or_insert(example);
                }
                Some((line, Class::Rules)) if marked(&spot.text) => {
                    typed_but_kept.insert(format!(
                        "{kind}: {} (by line {line:?}) holds {:?}",
                        spot.at, spot.text
                    ));
                }
                Some((_, Class::Typed | Class::Data)) if marked(&spot.text) => {
                    kinds_marked.insert(kind.as_str());
                }
                _ => {}
            }
        }
    }
    let unclassified: Vec<String> = unclassified
        .into_iter()
        .map(|(at, example)| format!("{at}  (e.g. {example:?})"))
        .collect();
    assert!(
        unclassified.is_empty(),
        "strings at places no line of src/store/report/places.rs covers (add each as player \
         text or rules text):\n{}",
        unclassified.join("\n")
    );
    assert!(
        typed_but_kept.is_empty(),
        "text a player typed at places the tables call rules text:\n{}",
        typed_but_kept.into_iter().collect::<Vec<_>>().join("\n")
    );
    assert_eq!(
        kinds_marked.len(),
        Kind::ALL.len(),
        "markers reached {kinds_marked:?}"
    );
}

/// What a player typed is nowhere in the report of any game: `tablemate report ID` on saves
/// with a marker in every field a player types (typed::folder), its save still validating and
/// the rules' own words still in it.
#[test]
fn a_report_holds_nothing_a_player_typed_and_its_save_still_validates() {
    let typed = typed::folder(false);
    let mut problems = Vec::new();
    for (kind, id) in &typed.saves {
        let saved = save_json(typed.root(), id).to_string();
        assert!(marked(&saved), "{id} holds no marker to look for");
        let (out, file) = report_as(typed.root(), &format!("{id}.json"), &[id]);
        assert_eq!(out.code, 0, "{id}: {}", out.stderr);
        let text = std::fs::read_to_string(&file).unwrap();
        let leaked: BTreeSet<&str> = text.lines().map(str::trim).filter(|l| marked(l)).collect();
        if !leaked.is_empty() {
            let leaked: Vec<&str> = leaked.into_iter().collect();
            problems.push(format!(
                "{id}: typed text in the report:\n  {}",
                leaked.join("\n  ")
            ));
        }
        let report: serde_json::Value = serde_json::from_str(&text).unwrap();
        if report["save"]["validates"] != true {
            problems.push(format!("{id}: {}", report["save"]["validates"]));
        }
        let file = report["save"]["file"].to_string();
        let rules: &[&str] = match kind {
            Kind::FurnaceDuel => &["\"baltic-sea\"", "\"Britain\"", "triple-upgrade"],
            Kind::Army => &["\"berserker\"", "\"Berserker\""],
            Kind::NearAndFar => &["\"Rin\"", "\"Cooking\"", "\"start-session\""],
            Kind::Worldspanner => &["\"skyhawks\"", "\"lords\"", "\"reinforce\""],
            Kind::Furtherance => &["\"Juggernaut\"", "\"digital\""],
        };
        for word in rules {
            if !file.contains(word) {
                problems.push(format!("{id}: rules text {word} is not in the report"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
