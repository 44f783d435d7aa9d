//! `tablemate act`, `answer`, `undo` and `history` on the games other than Worldspanner, end
//! to end through the CLI: a game made by its own `new` command is driven by action JSON the
//! way the manuals show.

use tablemate::cli::Output;
use tablemate::doc::Saved;
use tablemate::store::Store;

use crate::shared::run;

/// The id a `new --json` command printed.
fn new_id(out: &Output) -> String {
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(out.stdout.trim()).expect(&out.stdout);
    v["id"].as_str().expect("an id").to_string()
}

#[test]
fn a_furtherance_game_is_played_from_a_script_through_act_and_answer() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = new_id(&run(
        root,
        &["furtherance", "new", "--seed", "11", "--json"],
    ));
    // The issue's own example: knock Right to 5 HP, then end the turn.
    let out = run(
        root,
        &[
            "act",
            &id,
            r#"{"action":"set-castle-hp","castle":"right","hp":5}"#,
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout.matches("the Right castle at 5 HP").count(),
        1,
        "the label is printed once, not again as its line: {}",
        out.stdout
    );
    let mut turns = 0;
    loop {
        let saved: Saved<tablemate::furtherance::Game> =
            Store::open(root).unwrap().load(&id).unwrap();
        let game = saved.current();
        if game.outcome().is_some() || turns >= 6 {
            break;
        }
        let out = if game.pending().is_some() {
            run(root, &["answer", &id, "1"])
        } else {
            turns += 1;
            run(root, &["act", &id, r#"{"action":"end-turn"}"#])
        };
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
    assert!(turns >= 2, "the enemies took turns from the script");
    // Every state the script reached opens again: the stored save checks.
    let out = run(
        root,
        &[
            "check",
            &root
                .join("saves")
                .join(format!("{id}.json"))
                .to_string_lossy(),
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = run(root, &["history", &id]);
    assert!(out.stdout.contains("Hand edit"), "{}", out.stdout);
}

#[test]
fn a_furtherance_answer_without_a_question_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = new_id(&run(root, &["furtherance", "new", "--seed", "3", "--json"]));
    let file = root.join("saves").join(format!("{id}.json"));
    let before = std::fs::read(&file).unwrap();
    let out = run(root, &["answer", &id, "1"]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn a_near_and_far_campaign_is_kept_from_a_script_and_undone() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = new_id(&run(
        root,
        &[
            "near-and-far",
            "new",
            "--mode",
            "campaign",
            "--player",
            "Ana=Rin",
            "--player",
            "Ben=Vera",
            "--json",
        ],
    ));
    let start = r#"{"action":"start-session","map":2,"date":"2026-03-02","town":"dusk","characters":["Rin","Vera"]}"#;
    let out = run(root, &["act", &id, start]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = run(
        root,
        &[
            "act",
            &id,
            r#"{"action":"defeat-threat","character":"Rin"}"#,
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let saved: Saved<tablemate::near_and_far::Campaign> =
        Store::open(root).unwrap().load(&id).unwrap();
    let session = saved
        .current()
        .current_session()
        .expect("a session under way");
    assert_eq!(session.threats.defeated.len(), 1);

    let out = run(root, &["undo", &id]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let saved: Saved<tablemate::near_and_far::Campaign> =
        Store::open(root).unwrap().load(&id).unwrap();
    assert!(
        saved
            .current()
            .current_session()
            .unwrap()
            .threats
            .defeated
            .is_empty()
    );
    assert!(saved.history.can_redo());
}

#[test]
fn list_shows_the_title_the_player_typed_cleaned_of_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    new_id(&run(
        root,
        &[
            "furtherance",
            "new",
            "--seed",
            "5",
            "--title",
            "Friday\u{1b}[2J solo",
            "--json",
        ],
    ));
    let out = run(root, &["list"]);
    assert!(out.stdout.contains("“Friday [2J solo”"), "{}", out.stdout);
    assert!(!out.stdout.contains('\u{1b}'));
    let out = run(root, &["list", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v[0]["title"], "Friday [2J solo");
}

#[test]
fn every_game_in_the_table_has_its_subcommand_under_its_slug() {
    use clap::CommandFactory;
    let cli = tablemate::cli::Cli::command();
    let dir = tempfile::tempdir().unwrap();
    for game in tablemate::games::all() {
        let sub = cli
            .find_subcommand(game.slug())
            .unwrap_or_else(|| panic!("no `tablemate {}` subcommand", game.slug()));
        assert!(
            sub.get_subcommands().next().is_some(),
            "`tablemate {}` has no subcommands of its own",
            game.slug()
        );
        let help = run(dir.path(), &[game.slug(), "--help"]);
        assert_eq!(help.code, 0, "{}", help.stderr);
    }
}

#[test]
fn what_the_binary_prints_carries_no_terminal_escape_from_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &[
            "furnace-duel",
            "new",
            "Ann\u{1b}]0;pwned\u{7}",
            "Ben\u{1b}[2J",
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out.stdout.trim().rsplit(' ').next().unwrap().to_string();
    let listed = run(dir.path(), &["furnace-duel", "show", &id]);
    assert!(
        listed.stdout.contains('\u{1b}'),
        "the name is stored as typed, so this test exercises the cleaning: {}",
        listed.stdout
    );
    let printed = listed.clone().for_terminal();
    assert!(!printed.stdout.contains('\u{1b}') && !printed.stdout.contains('\u{7}'));
    assert!(
        printed.stdout.contains("Ann ]0;pwned"),
        "{}",
        printed.stdout
    );
    assert_eq!(
        printed.stdout.lines().count(),
        listed.stdout.lines().count(),
        "line breaks stay"
    );
    let json = run(dir.path(), &["furnace-duel", "show", &id, "--json"]);
    assert_eq!(json.code, 0, "{}", json.stderr);
    assert_eq!(
        json.clone().for_terminal(),
        json,
        "JSON already escapes control characters"
    );
}

#[test]
fn furtherance_new_takes_every_setup_setting_the_window_offers() {
    use tablemate::furtherance::{
        CounterRange, DeathRule, DestroyedCastleUnits, EnemyCastleDefence, EnemySacrifice,
        ReachStop,
    };
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = new_id(&run(
        root,
        &[
            "furtherance",
            "new",
            "--seed",
            "5",
            "--death",
            "exceeds",
            "--destroyed-castle-units",
            "keep-fighting",
            "--enemy-castle-defence",
            "strongest-defends",
            "--two-space-units-stop",
            "when-in-reach",
            "--enemy-sacrifice",
            "attacks",
            "--counter-attack-reach",
            "within-reach",
            "--json",
        ],
    ));
    let saved: Saved<tablemate::furtherance::Game> = Store::open(root).unwrap().load(&id).unwrap();
    let s = *saved.current().settings();
    assert_eq!(s.death, DeathRule::DamageExceedsHp);
    assert_eq!(s.destroyed_castle_units, DestroyedCastleUnits::KeepFighting);
    assert_eq!(
        s.enemy_castle_defence,
        EnemyCastleDefence::DefendWithStrongest
    );
    assert_eq!(s.reach_stop, ReachStop::WhenInReach);
    assert_eq!(s.enemy_sacrifice, EnemySacrifice::Attacks);
    assert_eq!(s.counter_range, CounterRange::WithinReach);
    // Without the flags every setting keeps the window's default.
    let id = new_id(&run(root, &["furtherance", "new", "--seed", "5", "--json"]));
    let saved: Saved<tablemate::furtherance::Game> = Store::open(root).unwrap().load(&id).unwrap();
    assert_eq!(
        *saved.current().settings(),
        tablemate::furtherance::Settings::default()
    );
}

#[test]
fn a_refused_adopt_data_names_the_action_without_echoing_the_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = new_id(&run(root, &["furtherance", "new", "--seed", "4", "--json"]));
    let units = run(root, &["furtherance", "units"]);
    assert_eq!(units.code, 0, "{}", units.stderr);
    let units: serde_json::Value = serde_json::from_str(&units.stdout).expect(&units.stdout);
    // The game already uses these very cards: refused.
    let action = serde_json::json!({"action": "adopt-data", "data": {"units": units}}).to_string();
    let out = run(root, &["act", &id, &action]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stderr.contains("this game already uses that data"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("adopt-data"), "{}", out.stderr);
    assert!(
        out.stderr.len() < 400 && !out.stderr.contains("Juggernaut"),
        "the file is not echoed: {}",
        out.stderr
    );
}
