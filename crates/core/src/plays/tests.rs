//! Play records and statistics, read as rulings of docs/plays.md.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};

use super::stats::compute;
use super::*;
use crate::doc::{GameDoc, Saved};
use crate::{army, furnace_duel, furtherance, near_and_far};

fn at(h: u32, m: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, h, m, 0)
        .single()
        .expect("a time")
}

/// The save's data as the store hands it over, with entry `i` timed at `times[i]`.
fn data_with_times<T: GameDoc>(saved: &Saved<T>, times: &[DateTime<Utc>]) -> String {
    let mut v = serde_json::to_value(saved).expect("a save serialises");
    let entries = v["history"]["entries"]
        .as_array_mut()
        .expect("entries are a list");
    assert_eq!(entries.len(), times.len(), "one time per entry");
    for (e, t) in entries.iter_mut().zip(times) {
        e["at"] = serde_json::json!(t);
    }
    v.to_string()
}

fn day(n: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, n).expect("a date")
}

fn near_and_far_campaign() -> near_and_far::Campaign {
    let facts = near_and_far::Facts::bundled().expect("bundled facts");
    let seats = [("Ana", "Rin"), ("Ben", "Vera")]
        .map(|(p, c)| (p.to_string(), c.to_string()))
        .to_vec();
    near_and_far::Campaign::new(
        near_and_far::Mode::Campaign,
        Default::default(),
        facts.characters.card.layout,
        &seats,
        day(1),
        Some(&facts),
    )
    .expect("a campaign")
    .0
}

fn finish_session(c: &mut near_and_far::Campaign, points: &[(&str, i32)]) {
    use near_and_far::scoring::{PlayerScore, ScoreResult};
    let best = points.iter().map(|p| p.1).max().unwrap_or(0);
    let result = ScoreResult {
        winners: points
            .iter()
            .filter(|p| p.1 == best)
            .map(|p| p.0.to_string())
            .collect(),
        players: points
            .iter()
            .map(|(n, p)| PlayerScore {
                name: n.to_string(),
                lines: Vec::new(),
                total: *p,
                place: 1,
            })
            .collect(),
        tie_break: None,
    };
    c.finish_session(&result, day(27))
        .expect("the session ends");
}

fn start_session(c: &mut near_and_far::Campaign) {
    let all: Vec<String> = c.sheets.iter().map(|s| s.character.clone()).collect();
    let facts = near_and_far::Facts::bundled().expect("bundled facts");
    let map = c.next_maps().expect("a next map")[0];
    c.start_session(
        map,
        day(27),
        near_and_far::scoring::Town::Dusk,
        &all,
        Some(&facts),
    )
    .expect("the session starts");
}

/// A campaign whose first session started at entry 1 and was scored at entry 3, with an
/// entry before and after: 18:00 begun, 19:00 session, 19:30 a quest, 21:15 scored, 21:20.
fn evening() -> (Saved<near_and_far::Campaign>, Vec<DateTime<Utc>>) {
    let mut c = near_and_far_campaign();
    let mut saved = Saved::new("Our campaign", "New campaign", c.clone());
    start_session(&mut c);
    saved.history.record("Session 1 on Map 2", c.clone());
    saved.history.record("Rin reads 41", c.clone());
    finish_session(&mut c, &[("Rin", 31), ("Vera", 27)]);
    saved.history.record("Session 1 scored", c.clone());
    saved.history.record("Rin buys a talent", c.clone());
    let times = vec![at(18, 0), at(19, 0), at(19, 30), at(21, 15), at(21, 20)];
    (saved, times)
}

fn derived<T: GameDoc>(kind: Kind, saved: &Saved<T>, times: &[DateTime<Utc>]) -> Vec<Play> {
    derive(kind, "save-1", &saved.title, &data_with_times(saved, times)).expect("plays derive")
}

#[test]
fn a_scored_session_is_a_play_timed_from_its_start_to_its_score() {
    let (saved, times) = evening();
    let plays = derived(Kind::NearAndFar, &saved, &times);
    assert_eq!(plays.len(), 1, "{plays:?}");
    let p = &plays[0];
    assert_eq!(p.id, "save-1#1");
    assert_eq!((p.start, p.end, p.minutes), (at(19, 0), at(21, 15), 135));
    assert_eq!(p.date, day(27));
    assert_eq!(p.facts.scenario.as_deref(), Some("Map 2"));
    let who: Vec<(&str, &str, Option<i64>, bool)> = p
        .facts
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.plays.as_str(), p.score, p.winner))
        .collect();
    assert_eq!(
        who,
        [
            ("Ana", "Rin", Some(31), true),
            ("Ben", "Vera", Some(27), false)
        ]
    );
    assert_eq!(p.facts.result, "Rin won");
    assert_eq!(
        p.facts.settings.get("mode").map(String::as_str),
        Some("Campaign Mode")
    );
    assert!(p.facts.seed.is_some(), "the token draw's seed is kept");
}

#[test]
fn a_session_not_yet_scored_is_no_play() {
    let (mut saved, times) = evening();
    saved.history.goto(2).expect("back to the quest");
    assert!(derived(Kind::NearAndFar, &saved, &times).is_empty());
}

#[test]
fn an_undone_score_is_no_play_even_with_the_redo_branch_kept() {
    let (mut saved, times) = evening();
    saved.history.goto(2).expect("undo the score");
    // The redo branch still holds the scored session: it was not played.
    assert_eq!(saved.history.entries().len(), 5);
    assert!(derived(Kind::NearAndFar, &saved, &times).is_empty());
}

#[test]
fn each_scored_session_is_its_own_play() {
    let (mut saved, mut times) = evening();
    let mut c = saved.current().clone();
    start_session(&mut c);
    saved.history.record("Session 2", c.clone());
    finish_session(&mut c, &[("Rin", 12), ("Vera", 40)]);
    saved.history.record("Session 2 scored", c);
    times.extend([at(22, 0), at(23, 5)]);
    let plays = derived(Kind::NearAndFar, &saved, &times);
    let ids: Vec<(&str, u32)> = plays.iter().map(|p| (p.id.as_str(), p.minutes)).collect();
    assert_eq!(ids, [("save-1#1", 135), ("save-1#2", 65)]);
    assert_eq!(plays[1].facts.result, "Vera won");
}

fn furtherance_game(won: bool) -> furtherance::Game {
    let settings = furtherance::Settings {
        difficulty: furtherance::Difficulty::Hard,
        ..Default::default()
    };
    let mut g = furtherance::Game::standard(settings, 4242).expect("a game");
    g.round = 9;
    g.castles[furtherance::Seat::Left.index()].hp = 0;
    g.castles[furtherance::Seat::Right.index()].hp = 0;
    g.ledger.vp = if won { 4 } else { 2 };
    g.outcome = Some(if won {
        furtherance::Outcome::Won
    } else {
        furtherance::Outcome::Lost
    });
    g
}

#[test]
fn a_furtherance_play_names_difficulty_seed_castles_destroyed_and_rounds() {
    let g = furtherance::Game::standard(Default::default(), 1).expect("a game");
    let mut saved = Saved::new("Solo", "New game", g);
    saved
        .history
        .record("Round 9: the last castle falls", furtherance_game(true));
    let plays = derived(Kind::Furtherance, &saved, &[at(20, 0), at(21, 40)]);
    let p = &plays[0];
    assert_eq!(p.minutes, 100);
    assert_eq!(p.facts.difficulty.as_deref(), Some("Hard"));
    assert_eq!(p.facts.seed, Some(4242));
    assert_eq!(
        p.facts.furtherance,
        Some(Furtherance {
            castles_destroyed: 2,
            rounds: 9
        })
    );
    assert_eq!(p.facts.players[0].name, SOLO_PLAYER);
    assert!(p.facts.players[0].winner);
    assert_eq!(
        p.facts.settings.get("deck_mode").map(String::as_str),
        Some("digital")
    );
    assert!(!p.facts.settings.contains_key("difficulty"));
}

#[test]
fn a_game_still_in_play_gives_no_play() {
    let g = furtherance::Game::standard(Default::default(), 1).expect("a game");
    let saved = Saved::new("Solo", "New game", g);
    assert!(derived(Kind::Furtherance, &saved, &[at(20, 0)]).is_empty());
}

#[test]
fn each_furnace_duel_board_with_a_result_is_a_play_with_money_as_score() {
    let boards = furnace_duel::Boards::bundled().expect("bundled boards");
    let c = furnace_duel::Campaign::new(
        ["Ana".into(), "Ben".into()],
        boards,
        furnace_duel::Settings::default(),
    )
    .expect("a campaign");
    let mut saved = Saved::new("Duel", "New campaign", c.clone());
    let mut done = c;
    let tally = |cash| furnace_duel::Tally {
        cash,
        ..Default::default()
    };
    done.record_result(furnace_duel::GameResult {
        tallies: [tally(40), tally(52)],
        first_player_token: Some(furnace_duel::Seat::A),
    })
    .expect("a result");
    saved.history.record("Britain: Ben wins", done);
    let plays = derived(Kind::FurnaceDuel, &saved, &[at(19, 0), at(20, 0)]);
    assert_eq!(plays.len(), 1);
    let p = &plays[0];
    assert_eq!(p.facts.scenario.as_deref(), Some("Britain"));
    let scores: Vec<(Option<i64>, bool)> = p
        .facts
        .players
        .iter()
        .map(|p| (p.score, p.winner))
        .collect();
    assert!(scores[1].1, "{scores:?}");
    assert!(scores[1].0 > scores[0].0);
}

#[test]
fn an_army_game_over_names_the_general_left_standing() {
    let table = army::FollowerTable::bundled().expect("bundled table");
    let g = army::ArmyGame::new(vec!["Ana".into(), "Ben".into()], table).expect("a game");
    let mut saved = Saved::new("Armies", "New game", g.clone());
    let mut over = g;
    over.phase = army::Phase::Over { winner: Some(1) };
    saved.history.record("Ana's army falls", over);
    let plays = derived(Kind::Army, &saved, &[at(19, 0), at(19, 45)]);
    assert_eq!(plays[0].facts.result, "Ben stands alone");
    assert_eq!(plays[0].minutes, 45);
}

#[test]
fn the_bg_stats_link_carries_the_play_as_json() {
    let (saved, times) = evening();
    let play = &derived(Kind::NearAndFar, &saved, &times)[0];
    let link = bg_stats::link(play, None);
    let data = link
        .strip_prefix(bg_stats::ADD_PLAY)
        .expect("the push-plays address");
    assert!(
        data.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.~%".contains(&b)),
        "percent-encoded: {data}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&bg_stats::percent_decode(data).expect("decodes")).expect("json");
    assert_eq!(json["sourceName"], "Tablemate");
    assert_eq!(json["sourcePlayId"], "save-1#1");
    assert_eq!(json["playDate"], "2026-11-27 19:00:00");
    assert_eq!(json["game"]["name"], "Near and Far");
    assert_eq!(json["players"][0]["name"], "Ana");
    assert_eq!(json["players"][0]["score"], 31);
    assert_eq!(json["game"]["noPoints"], false);
    assert_eq!(json["players"][0]["winner"], true);
    let own = bg_stats::play_json(play, Some("Ben"));
    assert_eq!(own["players"].as_array().map(Vec::len), Some(1));
}

fn play(id: &str, game: Kind, date: NaiveDate, players: &[(&str, Option<i64>, bool)]) -> Play {
    let start = Utc
        .from_utc_datetime(&date.and_hms_opt(19, 0, 0).expect("a time"))
        .to_owned();
    Play {
        id: id.into(),
        save: id.into(),
        title: String::new(),
        game,
        date,
        start,
        end: start + chrono::Duration::minutes(90),
        minutes: 90,
        facts: Facts {
            players: players
                .iter()
                .map(|(n, s, w)| Player {
                    name: n.to_string(),
                    plays: String::new(),
                    score: *s,
                    winner: *w,
                })
                .collect(),
            result: String::new(),
            difficulty: None,
            settings: Default::default(),
            seed: None,
            scenario: None,
            furtherance: None,
            glory_margin: None,
        },
    }
}

#[test]
fn the_nemesis_is_who_beat_you_most_and_the_rival_who_you_met_most() {
    let k = Kind::FurnaceDuel;
    let d = day(3);
    let plays = vec![
        play("a", k, d, &[("Ana", None, false), ("Ben", None, true)]),
        play("b", k, d, &[("Ana", None, false), ("Ben", None, true)]),
        play("c", k, d, &[("Ana", None, false), ("Cy", None, true)]),
        play("d", k, d, &[("Ana", None, true), ("Cy", None, false)]),
        play("e", k, d, &[("Ana", None, true), ("Cy", None, false)]),
        play("f", k, d, &[("Ana", None, true), ("Cy", None, false)]),
    ];
    let s = compute(&plays, None, &[]);
    let ana = s.players.iter().find(|p| p.name == "Ana").expect("Ana");
    assert_eq!((ana.plays, ana.wins, ana.win_rate), (6, 3, 0.5));
    assert_eq!(
        ana.rival.as_ref().map(|r| (r.name.as_str(), r.plays)),
        Some(("Cy", 4))
    );
    assert_eq!(
        ana.nemesis.as_ref().map(|r| (r.name.as_str(), r.plays)),
        Some(("Ben", 2))
    );
    let ben = s.players.iter().find(|p| p.name == "Ben").expect("Ben");
    assert_eq!(ben.nemesis, None, "Ben never lost");
}

#[test]
fn plays_and_time_are_counted_per_month_and_per_game() {
    let plays = vec![
        play("a", Kind::Army, day(3), &[("Ana", None, true)]),
        play("b", Kind::Army, day(30), &[("Ana", None, true)]),
        play(
            "c",
            Kind::FurnaceDuel,
            NaiveDate::from_ymd_opt(2026, 12, 1).expect("a date"),
            &[("Ana", None, true)],
        ),
    ];
    let s = compute(&plays, None, &[]);
    let months: Vec<(&str, u32, u64)> = s
        .per_month
        .iter()
        .map(|m| (m.month.as_str(), m.plays, m.minutes))
        .collect();
    assert_eq!(months, [("2026-11", 2, 180), ("2026-12", 1, 90)]);
    assert_eq!((s.plays, s.minutes), (3, 270));
    let only = compute(&plays, Some(Kind::FurnaceDuel), &[]);
    assert_eq!(only.plays, 1);
}

#[test]
fn furtherance_rounds_survived_stand_beside_the_simulated_rate_at_the_same_difficulty() {
    let mut won = play(
        "a",
        Kind::Furtherance,
        day(3),
        &[(SOLO_PLAYER, Some(4), true)],
    );
    won.facts.difficulty = Some("Normal".into());
    won.facts.furtherance = Some(Furtherance {
        castles_destroyed: 2,
        rounds: 10,
    });
    let mut lost = won.clone();
    lost.facts.players[0].winner = false;
    lost.facts.furtherance = Some(Furtherance {
        castles_destroyed: 0,
        rounds: 6,
    });
    let sim = simulated::Rate {
        difficulty: "Normal".into(),
        player: "greedy".into(),
        games: 8,
        wins: 6,
        win_rate: 0.75,
        average_rounds: 11.0,
    };
    let s = compute(&[won, lost], None, std::slice::from_ref(&sim));
    let normal = &s.difficulties[0];
    assert_eq!(normal.difficulty, "Normal");
    assert_eq!((normal.plays, normal.wins, normal.win_rate), (2, 1, 0.5));
    assert_eq!((normal.average_rounds, normal.best_rounds), (8.0, 10));
    assert_eq!(normal.average_castles, 1.0);
    assert_eq!(normal.simulated.as_ref(), Some(&sim));
}

#[test]
fn results_are_counted_per_map_and_board_and_glory_margins_in_order() {
    let mut a = play("a", Kind::NearAndFar, day(3), &[("Ana", Some(30), true)]);
    a.facts.scenario = Some("Map 10".into());
    let mut b = play("b", Kind::NearAndFar, day(4), &[("Ben", Some(20), true)]);
    b.facts.scenario = Some("Map 2".into());
    let mut c = play("c", Kind::NearAndFar, day(5), &[("Ana", Some(40), true)]);
    c.facts.scenario = Some("Map 10".into());
    let mut w1 = play(
        "w1",
        Kind::Worldspanner,
        day(6),
        &[("Skyhawks", Some(5), true)],
    );
    w1.facts.glory_margin = Some(3);
    let mut w2 = play(
        "w2",
        Kind::Worldspanner,
        day(2),
        &[("Skyhawks", Some(4), false)],
    );
    w2.facts.glory_margin = Some(0);
    let s = compute(&[a, b, c, w1, w2], None, &[]);
    let maps: Vec<(&str, u32)> = s
        .scenarios
        .iter()
        .map(|s| (s.scenario.as_str(), s.plays))
        .collect();
    assert_eq!(maps, [("Map 2", 1), ("Map 10", 2)]);
    assert_eq!(s.scenarios[1].best_score, Some(40));
    assert_eq!(s.scenarios[1].average_winning_score, Some(35.0));
    let glory = s.glory.expect("glory margins");
    assert_eq!(glory.margins, [0, 3], "in the order played");
    assert_eq!((glory.ties, glory.largest, glory.closest), (1, 3, 0));
}

#[test]
fn the_simulated_rate_is_the_same_on_every_run() {
    let a = simulated::rate(furtherance::Difficulty::Learner).expect("simulated games play");
    assert_eq!(a.games, simulated::SEEDS.len() as u32);
    assert!(a.wins <= a.games && a.average_rounds > 0.0, "{a:?}");
    let b = simulated::rate(furtherance::Difficulty::Learner).expect("simulated games play");
    assert_eq!(a, b);
}

#[test]
fn a_session_sheet_holds_every_part_escaped_and_nothing_to_fetch() {
    let (saved, _) = evening();
    let data = serde_json::to_string(&saved).expect("serialises");
    let recap = super::recap::recap(Kind::NearAndFar, "<b>Friday</b>", &data).expect("a recap");
    let extras = super::recap::Extras {
        code: Some("K7QD-2MXA".into()),
        restore: vec!["run tablemate open K7QD-2MXA".into()],
        qr: Some((2, vec![true, false, true, true])),
        phones: vec!["The table: http://192.168.1.20:8765/".into()],
    };
    let html = super::recap::html(&recap, &extras);
    for part in [
        "id=\"tonight\"",
        "id=\"sheets\"",
        "id=\"next\"",
        "id=\"phones\"",
        "http://192.168.1.20:8765/",
        "id=\"restore-code\">K7QD-2MXA<",
        "<svg",
        "@page { size: A4",
        "&lt;b&gt;Friday",
    ] {
        assert!(html.contains(part), "{part:?} is not in {html}");
    }
    assert!(!html.contains("<b>Friday"), "a title is text, not markup");
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("href="));
}

#[test]
fn a_qr_code_is_drawn_as_one_run_per_row_of_dark_modules() {
    // Row 0: two dark modules side by side; row 1: one dark, one light.
    let svg = super::recap::qr_svg(2, &[true, true, true, false], 30);
    assert!(svg.contains("M4 4h2v1h-2z"), "{svg}");
    assert!(svg.contains("M4 5h1v1h-1z"), "{svg}");
    assert!(svg.contains("viewBox=\"0 0 10 10\""), "{svg}");
}
