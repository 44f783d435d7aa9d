//! Playing from the command line (issue 32, section 3): `furtherance show` lists the units
//! with their ids and HP and a waiting question numbered, its default marked; the text board
//! gives every unit type its own tag; `end-turn --step` stops after each enemy step, `next`
//! goes on, and every way of going on stops at a question.

use tablemate::doc::Saved;
use tablemate::furtherance::{Game, Seat, Settings};
use tablemate::store::Store;

use super::shared::says;
use super::{new_game, place, run};

fn store_game(dir: &std::path::Path, id: &str, game: Game) {
    Store::open(dir)
        .unwrap()
        .save(id, &Saved::new("cli", "New game", game))
        .unwrap();
}

fn entries(dir: &std::path::Path, id: &str) -> usize {
    let saved: Saved<Game> = Store::open(dir).unwrap().load(id).unwrap();
    saved.history.entries().len()
}

/// A Left Knight at c4 between two of your Knights: it must ask which one it attacks.
fn a_game_that_asks_a_target() -> Game {
    let mut g = new_game(Settings::default());
    place(&mut g, Seat::Left, "Knight", "c4");
    place(&mut g, Seat::Player, "Knight", "c3");
    place(&mut g, Seat::Player, "Knight", "b4");
    g
}

#[test]
fn show_lists_unit_ids_and_hp_and_the_waiting_question_numbered_with_its_default() {
    let dir = tempfile::tempdir().unwrap();
    store_game(dir.path(), "ask", a_game_that_asks_a_target());
    let ended = run(dir.path(), &["furtherance", "end-turn", "ask"]);
    assert_eq!(ended.code, 0, "{}", ended.stderr);
    says(
        &ended.stdout,
        &[
            "End of your turn (round 1)",
            "Question: Left's Knight at c4 can attack several of your units",
            "  1. your Knight at ",
            "(default)",
            "  2. your Knight at ",
            "tablemate furtherance answer ask N (N from 1 to 2",
        ],
    );
    let shown = run(dir.path(), &["furtherance", "show", "ask"]);
    assert_eq!(shown.code, 0, "{}", shown.stderr);
    says(
        &shown.stdout,
        &[
            "Units (id, tag on the board, square, HP left of HP):",
            "LKn  c4  Left's Knight: 3/3 HP",
            "PKn  c3  your Knight: 3/3 HP",
            "Question: Left's Knight at c4 can attack several of your units",
            "  1. your Knight at ",
            "  (default)",
        ],
    );
    assert_eq!(shown.stdout.matches("(default)").count(), 1);
    assert_eq!(ended.stdout.matches("Question:").count(), 1, "asked once");
    // Every unit line starts with its id, the one `act` takes.
    let saved: Saved<Game> = Store::open(dir.path()).unwrap().load("ask").unwrap();
    for u in saved.current().units() {
        assert!(
            shown.stdout.contains(&format!("  #{:<3} ", u.id.0)),
            "{}",
            shown.stdout
        );
    }
}

#[test]
fn the_text_board_gives_no_two_unit_types_the_same_tag() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["furtherance", "new", "--seed", "3"]);
    let id = out.stdout.trim().to_string();
    // Bundled units: Archer is kind 4, Arsonist kind 5, Sample Assassin kind 9 and Sample
    // Raider kind 13 (docs/furtherance.md, the units file).
    for (kind, at) in [(4, "c3"), (5, "d3"), (9, "c5"), (13, "d5")] {
        let action =
            format!(r#"{{"action":"place-unit","owner":"player","kind":{kind},"square":"{at}"}}"#);
        let placed = run(dir.path(), &["act", &id, &action]);
        assert_eq!(placed.code, 0, "{}", placed.stderr);
    }
    let shown = run(dir.path(), &["furtherance", "show", &id]);
    let tag = |name: &str| {
        let line = shown
            .stdout
            .lines()
            .find(|l| l.contains(&format!("  your {name}: ")))
            .unwrap_or_else(|| panic!("no {name} in:\n{}", shown.stdout));
        line.split_whitespace().nth(1).unwrap().to_string()
    };
    let tags = [
        tag("Archer"),
        tag("Arsonist"),
        tag("Sample Assassin"),
        tag("Sample Raider"),
    ];
    assert_eq!(tags[0], "PAr");
    for (i, t) in tags.iter().enumerate() {
        assert_eq!(t.chars().count(), 3, "{t}");
        assert!(!tags[..i].contains(t), "{t} twice: {tags:?}");
        assert!(shown.stdout.contains(&format!("{t}0")), "{t} on the board");
    }
}

#[test]
fn end_turn_step_stops_after_each_enemy_step_and_next_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = new_game(Settings::default());
    place(&mut g, Seat::Left, "Knight", "b5");
    store_game(dir.path(), "step", g);
    let before = entries(dir.path(), "step");
    let ended = run(dir.path(), &["furtherance", "end-turn", "step", "--step"]);
    assert_eq!(ended.code, 0, "{}", ended.stderr);
    says(
        &ended.stdout,
        &[
            "End of your turn (round 1)",
            "Round 1: the Left castle takes its turn",
            "Next step: tablemate furtherance next step",
        ],
    );
    assert!(!ended.stdout.contains("Knight moves"), "{}", ended.stdout);
    assert_eq!(
        entries(dir.path(), "step"),
        before + 2,
        "one entry per step"
    );
    let next = run(dir.path(), &["furtherance", "next", "step", "--explain"]);
    assert_eq!(next.code, 0, "{}", next.stderr);
    says(
        &next.stdout,
        &[
            "Left castle: Knight moves b5",
            "Why: Left's Knight (b5) moves: it is its castle's only unit",
            "Next step: tablemate furtherance next step",
        ],
    );
    assert_eq!(entries(dir.path(), "step"), before + 3);
    let rest = run(dir.path(), &["furtherance", "next", "step", "--all"]);
    assert_eq!(rest.code, 0, "{}", rest.stderr);
    says(&rest.stdout, &["Round 2: your turn"]);
    let again = run(dir.path(), &["furtherance", "next", "step"]);
    assert_eq!(again.code, 1);
    says(
        &again.stderr,
        &["nothing to resolve", "nothing was changed"],
    );
}

#[test]
fn stepping_stops_at_a_question_and_an_answer_can_step_on() {
    let dir = tempfile::tempdir().unwrap();
    store_game(dir.path(), "ask", a_game_that_asks_a_target());
    let mut asked = false;
    for _ in 0..10 {
        let out = run(dir.path(), &["furtherance", "next", "ask"]);
        let out = if out.code == 0 {
            out
        } else {
            run(dir.path(), &["furtherance", "end-turn", "ask", "--step"])
        };
        assert_eq!(out.code, 0, "{}", out.stderr);
        if out.stdout.contains("Question:") {
            asked = true;
            break;
        }
    }
    assert!(asked, "stepping reaches the question");
    let refused = run(dir.path(), &["furtherance", "next", "ask", "--all"]);
    assert_eq!(refused.code, 1);
    says(&refused.stderr, &["answer the question first"]);
    let before = entries(dir.path(), "ask");
    let answered = run(dir.path(), &["furtherance", "answer", "ask", "2", "--step"]);
    assert_eq!(answered.code, 0, "{}", answered.stderr);
    says(&answered.stdout, &["You chose", "attacks your Knight"]);
    assert_eq!(entries(dir.path(), "ask"), before + 2);
}

/// Leader powers from the command line (issue 32, section 1): `furtherance leader` uses
/// Audric's power, and `show` names the leader with what the app applies of it, the uses
/// left this turn, and the upgraded workers (`kingdom.upgrades` in `show --json`).
#[test]
fn the_leader_command_uses_audrics_power_and_show_lists_leader_and_upgrades() {
    use tablemate::furtherance::{Board, CardKind, Cards};
    let dir = tempfile::tempdir().unwrap();
    let cards = Cards::bundled().unwrap();
    let audric = cards.find(CardKind::Leader, "Audric the Augmenter");
    let mut g = Game::setup(
        Settings::default(),
        Board::standard(),
        super::catalog(),
        cards,
        11,
        audric,
    );
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    store_game(dir.path(), "led", g);
    let used = run(
        dir.path(),
        &[
            "furtherance",
            "leader",
            "led",
            "--unit",
            &knight.0.to_string(),
        ],
    );
    assert_eq!(used.code, 0, "{}", used.stderr);
    says(
        &used.stdout,
        &["Audric the Augmenter puts a +1 HP counter", "4 HP"],
    );
    let again = run(
        dir.path(),
        &[
            "furtherance",
            "leader",
            "led",
            "--unit",
            &knight.0.to_string(),
        ],
    );
    assert_ne!(again.code, 0);
    says(&again.stderr, &["1 time(s) a turn"]);
    let shown = run(dir.path(), &["furtherance", "show", "led"]);
    says(
        &shown.stdout,
        &[
            "Leader: Audric the Augmenter: +1 HP counter on one of your units, 1 a turn (0 use(s) left this turn)",
            "PKn  d2  your Knight: 4/4 HP",
        ],
    );
    let json = run(dir.path(), &["furtherance", "show", "led", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["kingdom"]["leader"]["uses_left"], 0);
    assert!(v["kingdom"]["upgrades"].is_array());
}
