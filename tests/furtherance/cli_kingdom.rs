//! The kingdom from the command line (issue 32): `adopt` takes your edited kingdom card files
//! into a game in progress as one undoable entry, and `discard-building` is refused below the
//! limit of 7 buildings with its rule.

use super::run;
use super::shared::says;

fn new_game(dir: &std::path::Path) -> String {
    let out = run(dir, &["furtherance", "new", "--seed", "5"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout.trim().to_string()
}

#[test]
fn adopt_takes_your_edited_buildings_file_into_a_game_in_progress() {
    let dir = tempfile::tempdir().unwrap();
    let id = new_game(dir.path());
    let nothing = run(dir.path(), &["furtherance", "adopt", &id]);
    assert_eq!(nothing.code, 0, "{}", nothing.stderr);
    says(&nothing.stdout, &["nothing to adopt"]);
    let text = tablemate::bundled::get("data/furtherance/buildings.json").unwrap();
    let mut file: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(file["cards"][0]["name"], "Walls");
    file["cards"][0]["hits"] = serde_json::json!(6);
    let path = dir.path().join("data/furtherance/buildings.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, file.to_string()).unwrap();
    let adopted = run(dir.path(), &["furtherance", "adopt", &id]);
    assert_eq!(adopted.code, 0, "{}", adopted.stderr);
    says(
        &adopted.stdout,
        &["Hand edit: adopt your data: building Walls: hits 5→6"],
    );
    let again = run(dir.path(), &["furtherance", "adopt", &id]);
    says(&again.stdout, &["nothing to adopt"]);
}

#[test]
fn discard_building_below_seven_is_refused_with_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let id = new_game(dir.path());
    let out = run(
        dir.path(),
        &["furtherance", "discard-building", &id, "Walls", "--rules"],
    );
    assert_eq!(out.code, 1, "{}", out.stdout);
    says(
        &out.stderr,
        &[
            "a building is discarded only to make room, with 7",
            "(BUILDINGS)",
            "nothing was changed",
        ],
    );
}
