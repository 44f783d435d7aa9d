//! Playing from a script: the game as a `Playable` (every change an action value applied
//! through `Saved::act`, answers counted from 1), `furtherance simulate --save` storing the
//! simulated game with its whole history, and `furtherance units` printing the units file.

use tablemate::doc::{Playable, Saved};
use tablemate::furtherance::{Action, Game, Phase, RuleError, Seat, Settings, Step};
use tablemate::store::Store;

use super::{new_game, place, run};

#[test]
fn end_turn_through_act_runs_the_enemy_turn_to_your_next_turn_or_a_question() {
    let mut saved = Saved::new("script", "New game", new_game(Settings::default()));
    let acted = saved.act(Action::EndTurn {}).unwrap();
    assert_eq!(acted.label, "End of your turn (round 1)");
    assert!(
        acted.lines.iter().any(|l| l.contains("takes its turn")),
        "{acted:?}"
    );
    assert_eq!(saved.history.len(), 2, "one entry for the whole call");
    let g = saved.current();
    assert!(g.phase() == Phase::Player || g.pending().is_some());
    assert_eq!(g.round(), 2);
}

#[test]
fn end_turn_through_act_one_step_stops_after_its_own_step_as_the_screen_records_it() {
    let mut saved = Saved::new("screen", "New game", new_game(Settings::default()));
    let acted = saved.act_one_step(Action::EndTurn {}).unwrap();
    assert_eq!(
        acted.label, "End of your turn (round 1)",
        "the same label as act"
    );
    assert_eq!(saved.history.len(), 2);
    let g = saved.current();
    assert_eq!(g.phase(), Phase::Enemy, "the enemies' turn has not run on");
    assert_eq!(g.round(), 1);
    // The rest of the turn is stepped one entry at a time, as the screen's Next step does.
    let stepped = saved.act_one_step(Action::Next {}).unwrap();
    assert_eq!(saved.history.len(), 3);
    assert_eq!(stepped.lines.len(), 1, "{stepped:?}");
    // A refusal through act_one_step changes nothing either.
    let before = saved.clone();
    assert!(saved.act_one_step(Action::Answer { option: 1 }).is_err());
    assert_eq!(saved, before);
}

#[test]
fn a_question_is_answered_from_one_and_play_runs_on() {
    let mut saved = Saved::new("script", "New game", new_game(Settings::default()));
    // A move-order tie: two Left units equally close to your castle.
    let mut g = saved.current().clone();
    place(&mut g, Seat::Left, "Knight", "c4");
    place(&mut g, Seat::Left, "Fighter", "e4");
    saved.history.record("setup", g);
    let acted = saved.act(Action::EndTurn {}).unwrap();
    assert!(
        acted.lines.last().unwrap().starts_with("Question:"),
        "{acted:?}"
    );
    let before = saved.clone();
    let err = saved.act(Action::Answer { option: 0 }).unwrap_err();
    assert_eq!(
        err,
        RuleError::NoSuchAnswer {
            option: 0,
            count: 2
        }
    );
    assert_eq!(saved, before, "a refused answer changes nothing");
    let acted = saved.act(Action::Answer { option: 2 }).unwrap();
    assert!(acted.label.starts_with("You chose: "), "{}", acted.label);
    assert!(acted.label.contains("e4"), "option 2 is the second listed");
    assert!(
        saved.current().phase() == Phase::Player || saved.current().pending().is_some(),
        "play ran on"
    );
}

#[test]
fn next_through_act_is_one_step_labelled_as_its_log_line() {
    let mut game = new_game(Settings::default());
    game.apply(Action::EndTurn {}).unwrap();
    let mut saved = Saved::new("script", "End of your turn", game);
    let acted = saved.act(Action::Next {}).unwrap();
    assert_eq!(acted.lines.len(), 1);
    assert_eq!(acted.label, acted.lines[0]);
    assert_eq!(acted.label, "Round 1: the Left castle takes its turn");
}

#[test]
fn actions_are_read_from_their_json_form() {
    let mut saved = Saved::new("script", "New game", new_game(Settings::default()));
    for json in [
        r#"{"action":"set-castle-hp","castle":"right","hp":5}"#,
        r#"{"action":"end-turn"}"#,
    ] {
        let action: <Game as Playable>::Action = serde_json::from_str(json).unwrap();
        saved.act(action).unwrap();
    }
    assert_eq!(saved.current().castle(Seat::Right).hp, 5);
    assert_eq!(saved.current().castle(Seat::Right).counters, 0);
    let answer: Action = serde_json::from_str(r#"{"action":"answer","option":1}"#).unwrap();
    assert_eq!(answer, Action::Answer { option: 1 });
}

#[test]
fn simulate_save_stores_the_game_with_every_step_and_prints_its_id_last() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &["furtherance", "simulate", "--rounds", "3", "--save"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let printed: Vec<&str> = out.stdout.lines().collect();
    let id = printed.last().unwrap().trim();
    let saved: Saved<Game> = Store::open(dir.path()).unwrap().load(id).unwrap();
    saved.validate().unwrap();
    let labels: Vec<&str> = saved
        .history
        .entries()
        .iter()
        .map(|e| e.label.as_str())
        .collect();
    assert_eq!(labels[0], "New game");
    assert_eq!(labels[1], "End of your turn (round 1)");
    // Every log line printed (all but the result and the id) is a history entry.
    for line in &printed[..printed.len() - 2] {
        if !line.starts_with("Question:") {
            assert!(labels.contains(line), "{line} is not in the history");
        }
    }
    assert_eq!(saved.current().round(), 4);
    let steps = saved.history.len();
    assert!(steps > 10, "{steps} entries");
}

#[test]
fn units_prints_the_units_file_in_use() {
    let dir = tempfile::tempdir().unwrap();
    let bundled = run(dir.path(), &["furtherance", "units"]);
    assert_eq!(bundled.code, 0, "{}", bundled.stderr);
    let mut units: serde_json::Value = serde_json::from_str(&bundled.stdout).unwrap();
    assert_eq!(units["data_kind"], "furtherance-units");
    assert_eq!(units["units"][0]["name"], "Knight");
    units["units"][0]["name"] = "Paladin".into();
    let user = dir.path().join("data/furtherance");
    std::fs::create_dir_all(&user).unwrap();
    std::fs::write(user.join("units.json"), units.to_string()).unwrap();
    let mine = run(dir.path(), &["furtherance", "units"]);
    let mine: serde_json::Value = serde_json::from_str(&mine.stdout).unwrap();
    assert_eq!(
        mine["units"][0]["name"], "Paladin",
        "the user's file is in use"
    );
}

#[test]
fn a_step_list_is_what_a_scripted_round_reports() {
    // The lines act reports are the steps' own log lines.
    let game = new_game(Settings::default());
    let mut copy = game.clone();
    let mut saved = Saved::new("script", "New game", game);
    let acted = saved.act(Action::EndTurn {}).unwrap();
    copy.apply(Action::EndTurn {}).unwrap();
    let steps: Vec<String> = copy.run_until_choice().iter().map(Step::text).collect();
    assert_eq!(acted.lines, steps);
}
