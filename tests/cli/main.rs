//! The scripting commands end to end on a Worldspanner game in a temporary data folder:
//! `act` (one action or `-` lines), `undo`, `redo`, `history` and the games table's dispatch.

use tablemate::cli::run_in;
use tablemate::doc::Saved;
use tablemate::store::Store;
use tablemate::worldspanner::*;

const ID: &str = "friday";

#[path = "../shared/random_json.rs"]
mod random_json;
#[path = "../shared/mod.rs"]
mod shared;
use shared::run;

/// A six-a-side Standard game at round 1, Skyhawks' Reinforce step, saved as `friday`.
fn new_game() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let setup = sample::setup(MapDesign::Standard, 6, 10, 7).unwrap();
    let saved = Saved::new("Friday", "New game", Game::new(setup).unwrap());
    Store::open(dir.path()).unwrap().save(ID, &saved).unwrap();
    dir
}

fn load(root: &std::path::Path) -> Saved<Game> {
    Store::open(root).unwrap().load(ID).unwrap()
}

const REINFORCE_SKY1: &str = r#"{"action":"reinforce","hero":{"team":"skyhawks","hero":0}}"#;
const PLACE: &str = r#"{"action":"place"}"#;

#[test]
fn act_applies_one_action_as_one_labelled_history_entry_and_saves_it() {
    let dir = new_game();
    let out = run(dir.path(), &["act", ID, REINFORCE_SKY1]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let saved = load(dir.path());
    assert_eq!(saved.history.len(), 2);
    let label = &saved.history.current_entry().label;
    assert!(out.stdout.starts_with(label.as_str()), "{}", out.stdout);
    assert!(label.contains("Sky1"), "{label}");
    assert!(out.stdout.contains(&saved.summary()), "{}", out.stdout);
}

#[test]
fn a_refused_action_prints_the_rule_exits_1_and_changes_nothing() {
    let dir = new_game();
    let before = std::fs::read(dir.path().join("saves").join(format!("{ID}.json"))).unwrap();
    // Reinforce cannot end before this round's third of the team has entered (p. 7).
    let out = run(dir.path(), &["act", ID, r#"{"action":"next-step"}"#]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("2 heroes"), "{}", out.stderr);
    assert!(out.stderr.contains("nothing was changed"), "{}", out.stderr);
    let after = std::fs::read(dir.path().join("saves").join(format!("{ID}.json"))).unwrap();
    assert_eq!(before, after);
}

#[test]
fn act_with_rules_prints_the_digest_entry_a_refusal_cites() {
    let dir = new_game();
    let next = r#"{"action":"next-step"}"#;
    let out = run(dir.path(), &["act", ID, next, "--rules"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr
            .contains("Rule worldspanner/reinforce-schedule: Reinforce: a third of the team each round (rulebook: 7)"),
        "{}",
        out.stderr
    );
    let plain = run(dir.path(), &["act", ID, next]);
    assert!(
        !plain.stderr.contains("Rule worldspanner/"),
        "{}",
        plain.stderr
    );
}

#[test]
fn rules_game_id_prints_one_entry_and_an_unknown_id_is_refused() {
    let dir = new_game();
    let out = run(dir.path(), &["rules", "worldspanner", "dismissal"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.starts_with("Worldspanner Factions — Dismissal"),
        "{}",
        out.stdout
    );
    let json = run(dir.path(), &["rules", "near-and-far", "quests", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["page"], "21-23");
    let bad = run(dir.path(), &["rules", "army", "no-such-rule"]);
    assert_eq!(bad.code, 1);
    assert!(
        bad.stderr.contains("has no entry \"no-such-rule\""),
        "{}",
        bad.stderr
    );
    let search = run(dir.path(), &["rules", "search", "dome"]);
    assert_eq!(search.code, 0, "{}", search.stderr);
}

#[test]
fn json_that_is_not_an_action_of_the_game_is_refused_with_serdes_reason() {
    let dir = new_game();
    let out = run(dir.path(), &["act", ID, r#"{"action":"castle"}"#]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("not a Worldspanner Factions action"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("unknown variant"), "{}", out.stderr);
    assert_eq!(load(dir.path()).history.len(), 1);
}

#[test]
fn a_dome_slot_outside_one_to_four_is_refused() {
    let dir = new_game();
    let out = run(dir.path(), &["act", ID, REINFORCE_SKY1]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // A hero waits for its Dome: each slot below would reach the Dome map if it were read.
    for slot in ["5", "0", "255", "256", "-1", "1.5"] {
        let place = format!(r#"{{"action":"place","dome":{{"number":1,"slot":{slot}}}}}"#);
        let out = run(dir.path(), &["act", ID, &place]);
        assert_eq!(out.code, 1, "slot {slot}: {}", out.stderr);
        assert!(
            out.stderr.contains("not a Worldspanner Factions action"),
            "{}",
            out.stderr
        );
        if slot != "1.5" {
            assert!(
                out.stderr.contains("a Dome's slot is 1 to 4"),
                "slot {slot}: {}",
                out.stderr
            );
        }
    }
    assert_eq!(load(dir.path()).history.len(), 2, "nothing was changed");
    let out = run(dir.path(), &["act", ID, PLACE]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn act_dash_reads_one_action_a_line_and_keeps_those_before_a_refusal() {
    let dir = new_game();
    let script = format!(
        "# round 1, Skyhawks\n{REINFORCE_SKY1}\n{PLACE}\n\n{{\"action\":\"next-step\"}}\n{PLACE}\n"
    );
    let out = run_in(dir.path(), &["act", ID, "-"], &script);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(out.stderr.contains("action 3 refused"), "{}", out.stderr);
    assert!(
        out.stderr.contains("the 2 actions before it are kept"),
        "{}",
        out.stderr
    );
    let saved = load(dir.path());
    assert_eq!(saved.history.len(), 3, "the two applied actions are saved");

    let out = run_in(
        dir.path(),
        &["act", ID, "-"],
        r#"{"action":"reinforce","hero":{"team":"skyhawks","hero":1}}
{"action":"place"}
{"action":"next-step"}"#,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        load(dir.path()).current().rounds.active,
        TeamSide::Psiclones
    );
}

#[test]
fn undo_redo_and_history_move_the_saved_cursor() {
    let dir = new_game();
    let out = run_in(
        dir.path(),
        &["act", ID, "-"],
        &format!("{REINFORCE_SKY1}\n{PLACE}\n"),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let labels: Vec<String> = load(dir.path())
        .history
        .entries()
        .iter()
        .map(|e| e.label.clone())
        .collect();

    let out = run(dir.path(), &["undo", ID, "2"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with(&format!("{}\n{}\n", labels[2], labels[1]))
    );
    assert_eq!(load(dir.path()).history.cursor(), 0);

    let out = run(dir.path(), &["undo", ID]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("nothing to undo"), "{}", out.stderr);

    let out = run(dir.path(), &["redo", ID]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains(&format!("now at: {}", labels[1])));
    assert_eq!(load(dir.path()).history.cursor(), 1);

    let text = run(dir.path(), &["history", ID]);
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].contains(&labels[2]) && lines[0].ends_with("(undone)"));
    assert!(lines[1].starts_with('>') && lines[1].contains(&labels[1]));
    assert!(lines[2].contains("New game"));

    let v: serde_json::Value =
        serde_json::from_str(&run(dir.path(), &["history", ID, "--json"]).stdout).unwrap();
    assert_eq!(v["id"], ID);
    assert_eq!(v["kind"], "worldspanner");
    let e = v["entries"].as_array().unwrap();
    assert_eq!(e.len(), 3);
    assert_eq!(
        (
            e[0]["index"].as_u64(),
            e[0]["current"].as_bool(),
            e[0]["undone"].as_bool()
        ),
        (Some(2), Some(false), Some(true))
    );
    assert_eq!(e[1]["current"], true);
    assert_eq!(e[2]["label"], "New game");
    assert!(e[2]["at"].is_string());
}

#[test]
fn undo_refuses_more_steps_than_there_are_and_changes_nothing() {
    let dir = new_game();
    assert_eq!(run(dir.path(), &["act", ID, REINFORCE_SKY1]).code, 0);
    let out = run(dir.path(), &["undo", ID, "5"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("only 1"), "{}", out.stderr);
    assert_eq!(load(dir.path()).history.cursor(), 1);
    assert_eq!(
        run(dir.path(), &["undo", ID, "0"]).code,
        2,
        "0 steps is no undo"
    );
}

#[test]
fn a_new_action_after_undo_drops_the_undone_branch() {
    let dir = new_game();
    assert_eq!(run(dir.path(), &["act", ID, REINFORCE_SKY1]).code, 0);
    assert_eq!(run(dir.path(), &["undo", ID]).code, 0);
    let other = r#"{"action":"reinforce","hero":{"team":"skyhawks","hero":3}}"#;
    assert_eq!(run(dir.path(), &["act", ID, other]).code, 0);
    let out = run(dir.path(), &["redo", ID]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("nothing to redo"), "{}", out.stderr);
    assert_eq!(load(dir.path()).history.len(), 2);
}

#[test]
fn scripting_a_save_that_does_not_exist_names_it() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["act", "nope", PLACE][..],
        &["undo", "nope"],
        &["redo", "nope"],
        &["history", "nope"],
        &["answer", "nope", "1"],
    ] {
        let out = run(dir.path(), args);
        assert_eq!(out.code, 1, "{args:?}");
        assert!(out.stderr.contains("\"nope\""), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn answer_is_act_with_the_numbered_option() {
    // Worldspanner has no questions: `answer` reaches its action parser as act would.
    let dir = new_game();
    let out = run(dir.path(), &["answer", ID, "2"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains(r#"{"action":"answer","option":2}"#),
        "{}",
        out.stderr
    );
    assert_eq!(
        run(dir.path(), &["answer", ID, "0"]).code,
        2,
        "options count from 1"
    );
}
/// Issue 36: `tablemate open CODE --no-window` puts the sheet's state back headless, as
/// Home's Restore code… does (the replaced version a pinned backup), names the save by its
/// title, and never starts the window, even in a build that has one.
#[test]
fn open_code_no_window_puts_the_sheets_state_back_headless_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let made = run(
        root,
        &[
            "furnace-duel",
            "new",
            "Ann",
            "Bob",
            "--title",
            "Winter duel",
        ],
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    let id = made.stdout.trim().to_string();
    let result = r#"{"action":"record-result","result":{"tallies":[{"cash":50},{"cash":40}]}}"#;
    assert_eq!(run(root, &["act", &id, result]).code, 0);
    let store = Store::open(root).unwrap();
    let on_the_sheet = std::fs::read(store.save_path(&id).unwrap()).unwrap();
    drop(store);
    let sheet = root.join("sheet.html");
    let recap = run(root, &["recap", &id, "--out", sheet.to_str().unwrap()]);
    assert_eq!(recap.code, 0, "{}", recap.stderr);
    let at = recap.stdout.find("restore code is ").expect("a code") + 16;
    let code = recap.stdout[at..at + 9].to_string();
    // The evening goes on.
    let note = r#"{"action":"set-runner-up-note","note":"Ferry token 3"}"#;
    assert_eq!(run(root, &["act", &id, note]).code, 0);

    // The real binary, with no display: it must not try the window.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .args(["open", &code, "--no-window"])
        .env("TABLEMATE_HOME", root)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains(&format!(
            "\"Winter duel\" (Furnace Duel campaign, save {id}) is back as on the sheet; the version it \
             replaced is kept as pinned backup"
        )),
        "{said}"
    );
    let store = Store::open(root).unwrap();
    assert_eq!(
        std::fs::read(store.save_path(&id).unwrap()).unwrap(),
        on_the_sheet,
        "exactly the sheet's state"
    );
    let kept = store.backups(&id).unwrap();
    assert!(
        kept.iter().any(|b| b.name.contains("_kept")),
        "the replaced version is a pinned backup: {:?}",
        kept.iter().map(|b| &b.name).collect::<Vec<_>>()
    );
    drop(store);
    let again = run(root, &["open", &code, "--no-window"]);
    assert!(
        again
            .stdout
            .contains("\"Winter duel\" (Furnace Duel campaign, save")
            && again.stdout.contains("nothing changed"),
        "{}",
        again.stdout
    );
}

mod games;
mod random_actions;

#[test]
fn check_accepts_a_saves_id_as_every_other_command_does() {
    let dir = new_game();
    let out = run(dir.path(), &["check", ID]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let path = dir.path().join("saves").join(format!("{ID}.json"));
    assert!(
        out.stdout.starts_with(&path.display().to_string()),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(&load(dir.path()).summary()),
        "{}",
        out.stdout
    );
    let json = run(dir.path(), &["check", ID, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["ok"], true, "{}", json.stdout);
}

#[test]
fn check_of_a_damaged_save_by_id_names_its_file_and_the_problem() {
    let dir = new_game();
    let path = dir.path().join("saves").join(format!("{ID}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("\"worldspanner\"", "\"chess\"", 1)).unwrap();
    let out = run(dir.path(), &["check", ID]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains(&path.display().to_string()) && out.stderr.contains("chess"),
        "{}",
        out.stderr
    );
}

#[test]
fn check_of_a_name_that_is_neither_a_file_nor_a_save_says_so() {
    let dir = new_game();
    let out = run(dir.path(), &["check", "saturday"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr
            .contains("saturday: no such file, and no save with that id"),
        "{}",
        out.stderr
    );
}

#[test]
fn act_on_a_save_whose_data_is_wrong_names_the_line_in_the_file_and_changes_nothing() {
    let dir = new_game();
    let path = dir.path().join("saves").join(format!("{ID}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    // The title is a string: a number in its place is not a save of the game.
    let line = text
        .lines()
        .position(|l| l.contains("\"title\":\"Friday\""))
        .expect("the save has a title")
        + 1;
    let broken = text.replacen("\"title\":\"Friday\"", "\"title\":7", 1);
    assert_ne!(broken, text);
    std::fs::write(&path, &broken).unwrap();
    let out = run(dir.path(), &["act", ID, REINFORCE_SKY1]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains(&path.display().to_string())
            && out.stderr.contains(&format!("(line {line} column")),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
}
mod replay;
mod report;
mod typed;
