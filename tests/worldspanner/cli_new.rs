//! `tablemate worldspanner new`: a game set up headless, as the window's setup form does.

use tablemate::cli::run_in;
use tablemate::doc::Saved;
use tablemate::store::Store;
use tablemate::worldspanner::library::LIBRARY_PATH;
use tablemate::worldspanner::*;

const KEYS: [&str; 10] = [
    "--faction",
    "lords",
    "--faction",
    "defenders",
    "--faction",
    "villains",
    "--faction",
    "icons",
    "--faction",
    "exemplars",
];

fn args<'a>(heroes: &'a [String], extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec!["worldspanner", "new"];
    a.extend(KEYS);
    for h in heroes {
        a.extend(["--hero", h.as_str()]);
    }
    a.extend(extra);
    a
}

fn six_a_side(first_sky: &str) -> Vec<String> {
    let mut v = vec![format!("skyhawks={first_sky}")];
    v.extend((2..=6).map(|i| format!("skyhawks=Sky{i}")));
    v.extend((1..=6).map(|i| format!("psiclones=Psi{i}:5:2")));
    v
}

fn load(root: &std::path::Path, id: &str) -> Saved<Game> {
    Store::open(root).unwrap().load(id).unwrap()
}

#[test]
fn worldspanner_new_starts_a_game_headless_with_a_physical_deck_and_prints_its_id() {
    let dir = tempfile::tempdir().unwrap();
    let heroes = six_a_side("Sky1");
    let a = args(
        &heroes,
        &[
            "--physical",
            "psiclones",
            "--seed",
            "7",
            "--title",
            "Friday",
            "--json",
        ],
    );
    let out = run_in(dir.path(), &a, "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let saved = load(dir.path(), v["id"].as_str().unwrap());
    assert_eq!(saved.title, "Friday");
    let g = saved.current();
    assert_eq!(g.team_size, 6);
    assert_eq!([g.teams[0].physical, g.teams[1].physical], [false, true]);
    assert_eq!(g.keys[1].faction, Faction::Defenders);
    let psi = &g.teams[1].heroes[0];
    assert_eq!((psi.name.as_str(), psi.health, psi.gold), ("Psi1", 5, 2));
    // It plays on through `tablemate act` like any save.
    let out = run_in(
        dir.path(),
        &[
            "act",
            v["id"].as_str().unwrap(),
            r#"{"action":"reinforce","hero":{"team":"skyhawks","hero":0}}"#,
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn worldspanner_new_takes_a_hero_card_from_the_library() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        let mut lib = HeroLibrary::default();
        lib.put(crate::library::rizzik()).unwrap();
        store
            .write_user(LIBRARY_PATH, lib.to_json().as_bytes())
            .unwrap();
    }
    let heroes = six_a_side("@Rizzik");
    let out = run_in(dir.path(), &args(&heroes, &["--json"]), "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let g = load(dir.path(), v["id"].as_str().unwrap());
    let h = &g.current().teams[0].heroes[0];
    assert_eq!(h.name, "Rizzik");
    assert!(h.start.card.is_some());
}

#[test]
fn worldspanner_new_refuses_what_the_setup_refuses_and_saves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    // Five heroes a side: the Standard map is for 6, 8 or 9.
    let heroes: Vec<String> = six_a_side("Sky1")
        .into_iter()
        .filter(|h| !h.ends_with("Sky6") && !h.contains("Psi6"))
        .collect();
    let out = run_in(dir.path(), &args(&heroes, &[]), "");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains('5'), "{}", out.stderr);
    let out = run_in(dir.path(), &args(&six_a_side("@Nobody"), &[]), "");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("hero library"), "{}", out.stderr);
    let saves = dir.path().join("saves");
    assert_eq!(std::fs::read_dir(&saves).map_or(0, |d| d.count()), 0);
}

#[test]
fn worldspanner_heroes_add_list_and_remove_the_library_cards() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rizzik.json");
    std::fs::write(
        &file,
        serde_json::to_string(&crate::library::rizzik()).unwrap(),
    )
    .unwrap();
    let out = run_in(
        dir.path(),
        &["worldspanner", "heroes", "add", file.to_str().unwrap()],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = run_in(dir.path(), &["worldspanner", "heroes", "list"], "");
    assert_eq!(out.stdout, "Rizzik\n");
    let out = run_in(
        dir.path(),
        &["worldspanner", "heroes", "remove", "rizzik"],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = run_in(
        dir.path(),
        &["worldspanner", "heroes", "list", "--json"],
        "",
    );
    assert_eq!(out.stdout.trim(), "[]");
    let out = run_in(
        dir.path(),
        &["worldspanner", "heroes", "remove", "Rizzik"],
        "",
    );
    assert_eq!(out.code, 1);
}

/// `tablemate worldspanner deck ARGS` against `root`.
fn deck(root: &std::path::Path, args: &[&str]) -> tablemate::cli::Output {
    let mut a = vec!["worldspanner", "deck"];
    a.extend_from_slice(args);
    run_in(root, &a, "")
}

#[test]
fn the_deck_editor_works_headless_card_by_card_and_into_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let shown = |root: &std::path::Path| -> serde_json::Value {
        let out = deck(root, &["show", "--json"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        serde_json::from_str(&out.stdout).unwrap()
    };
    // Card by card, as the window's editor: add, correct, remove.
    let out = deck(root, &["new", "Real Skyhawks"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = deck(root, &["add", "-4 -2 0 3 -1 3 3-4"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Card 1 added"), "{}", out.stdout);
    let v = shown(root);
    assert_eq!(
        (v["name"].as_str(), v["entered"].as_u64()),
        (Some("Real Skyhawks"), Some(1))
    );
    let first = v["cards"][0].as_str().unwrap().to_string();
    let out = deck(root, &["edit", "1", "-5 -2 0 3 -1 3 5"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_ne!(shown(root)["cards"][0].as_str().unwrap(), first);
    let out = deck(root, &["add", "not a card"]);
    assert_eq!(out.code, 1, "a bad line is refused");
    assert_eq!(shown(root)["entered"], 1, "and changes nothing");
    let out = deck(root, &["remove", "1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(shown(root)["entered"], 0);
    // The window resumes the same deck in progress: the draft in the data folder.
    assert!(
        root.join(tablemate::worldspanner::deckfile::DRAFT_PATH)
            .exists()
    );
    // An unfinished deck is neither saved nor used.
    let out = deck(root, &["save", "skyhawks"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("not finished (0 of 36)"),
        "{}",
        out.stderr
    );
    // A finished deck: the sample's 36 cards, imported from a file, then saved for a team.
    let sample = root.join("sample.json");
    std::fs::write(
        &sample,
        tablemate::bundled::get(tablemate::worldspanner::deckfile::SAMPLE_PATH).unwrap(),
    )
    .unwrap();
    let out = deck(root, &["import", sample.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(shown(root)["complete"], true);
    let out = deck(root, &["name", "Table deck"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = deck(root, &["save", "psiclones"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let saved = std::fs::read_to_string(root.join(
        tablemate::worldspanner::deckfile::team_deck_path(TeamSide::Psiclones),
    ))
    .unwrap();
    assert!(saved.contains("Table deck"));
    let out = deck(root, &["export", root.join("out.json").to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = deck(root, &["export", root.join("out.json").to_str().unwrap()]);
    assert_eq!(
        out.code, 1,
        "an existing file is not replaced without --force"
    );
    // Replacing typed cards needs --force.
    let out = deck(root, &["load", "skyhawks"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("--force"), "{}", out.stderr);
    // Into an open game, through `Saved::act`: one labelled history entry.
    let out = run_in(root, &args(&six_a_side("Sky1"), &["--json"]), "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let id = v["id"].as_str().unwrap();
    let before = load(root, id).history.len();
    let out = deck(root, &["use", id, "--team", "skyhawks"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let after = load(root, id);
    assert_eq!(after.history.len(), before + 1);
    assert_eq!(after.current().teams[0].deck_name, "Table deck");
}

#[test]
fn worldspanner_new_uses_each_teams_saved_deck_by_default_and_says_which() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        let mut file = crate::common::sample();
        file.name = "Table deck".into();
        tablemate::store::challenge_decks::save_team_deck(&store, TeamSide::Psiclones, &file)
            .unwrap();
    }
    let heroes = six_a_side("Sky1");
    let out = run_in(dir.path(), &args(&heroes, &["--json"]), "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["decks"]["psiclones"]["from"], "saved");
    assert_eq!(v["decks"]["psiclones"]["name"], "Table deck");
    assert_eq!(v["decks"]["skyhawks"]["from"], "sample");
    let g = load(dir.path(), v["id"].as_str().unwrap());
    assert_eq!(g.current().teams[1].deck_name, "Table deck");
    assert_ne!(g.current().teams[0].deck_name, "Table deck");
    // In words: which deck each team draws from, and how to save one.
    let out = run_in(dir.path(), &args(&heroes, &[]), "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("Psiclones draw from \"Table deck\" (your saved Psiclones deck"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("deck save skyhawks"), "{}", out.stdout);
    // A deck file given on the command line still wins.
    let sample_file = dir.path().join("sample.json");
    std::fs::write(&sample_file, crate::common::sample().to_json()).unwrap();
    let out = run_in(
        dir.path(),
        &args(
            &heroes,
            &["--psiclones-deck", sample_file.to_str().unwrap(), "--json"],
        ),
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["decks"]["psiclones"]["from"], "file");
}

#[test]
fn worldspanner_new_hero_takes_starting_boosts_like_the_setup_form() {
    let dir = tempfile::tempdir().unwrap();
    let heroes = six_a_side("Sky1:5:2:3");
    let out = run_in(dir.path(), &args(&heroes, &["--json"]), "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let g = load(dir.path(), v["id"].as_str().unwrap());
    let h = &g.current().teams[0].heroes[0];
    assert_eq!((h.health, h.gold, h.boosts), (5, 2, 3));
    let out = run_in(dir.path(), &args(&six_a_side("Sky1:5:2:300"), &[]), "");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("Boosts"), "{}", out.stderr);
}

#[test]
fn deck_add_help_shows_lines_the_command_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let help = deck(root, &["add", "--help"]);
    // clap prints help as its message: wherever the CLI puts it, the lines are the same.
    let shown = format!("{}{}", help.stdout, help.stderr);
    let examples: Vec<&str> = shown
        .lines()
        .filter_map(|l| l.trim().strip_prefix("tablemate worldspanner deck add \""))
        .filter_map(|l| l.strip_suffix('"'))
        .collect();
    assert_eq!(examples.len(), 2, "{}\n{}", help.stdout, help.stderr);
    for (n, line) in examples.iter().enumerate() {
        let out = deck(root, &["add", line]);
        assert_eq!(out.code, 0, "{line}: {}", out.stderr);
        assert!(
            out.stdout.contains(&format!("Card {} added", n + 1)),
            "{}",
            out.stdout
        );
    }
}
