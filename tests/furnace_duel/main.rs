//! Furnace Duel campaign pad: each rule of CAMPAIGN MODE (page 8), BOARDS DESCRIPTION
//! (pages 10-14), GAME END (page 7) and docs/rulings.md's Furnace Duel section, as a named test.

mod actions;
mod halves;
#[path = "../shared/mod.rs"]
mod shared;
use shared::run;

use tablemate::doc::{GameDoc, Saved};
use tablemate::furnace_duel::{
    BoardId, Boards, Campaign, CampaignError, CampaignOutcome, DecidedBy, GameResult,
    GeneralAchievement, Seat, Settings, Tally,
};

fn campaign(settings: Settings) -> Campaign {
    let boards = Boards::bundled().expect("bundled boards");
    Campaign::new(["Ann".into(), "Bob".into()], boards, settings).expect("new campaign")
}

fn money(cash: u32) -> Tally {
    Tally {
        cash,
        ..Tally::default()
    }
}

/// A result where A has `a` money and B has `b` (token with A).
fn result(a: u32, b: u32) -> GameResult {
    GameResult {
        tallies: [money(a), money(b)],
        first_player_token: Some(Seat::A),
    }
}

/// Plays the current game to `result` and starts the next game on `next`.
fn play(c: &mut Campaign, r: GameResult, next: Option<BoardId>) {
    c.record_result(r).expect("result");
    if let Some(board) = next {
        c.start_next_game(board).expect("next game");
    }
}

/// A full campaign where A wins games 1-5 and the last game ends a:b.
fn full_campaign(last_a: u32, last_b: u32) -> Campaign {
    let mut c = campaign(Settings::default());
    for next in [
        BoardId::Alps,
        BoardId::BalticSea,
        BoardId::TranscontinentalRailroad,
        BoardId::Victoria,
        BoardId::NewEngland,
    ] {
        play(&mut c, result(50, 40), Some(next));
    }
    play(&mut c, result(last_a, last_b), None);
    c
}

#[test]
fn first_game_is_played_on_britain() {
    let c = campaign(Settings::default());
    assert_eq!(c.games.len(), 1);
    assert_eq!(c.games[0].board, BoardId::Britain);
    assert_eq!(c.games[0].chosen_by, None);
}

#[test]
fn the_winner_of_a_game_picks_the_next_board() {
    let mut c = campaign(Settings::default());
    c.record_result(result(30, 45)).unwrap();
    assert_eq!(c.next_chooser(), Some(Seat::B));
    assert_eq!(c.start_next_game(BoardId::Victoria), Ok(Seat::B));
    assert_eq!(c.games[1].chosen_by, Some(Seat::B));
}

#[test]
fn the_next_board_cannot_be_picked_before_the_result_is_in() {
    let mut c = campaign(Settings::default());
    let err = c.start_next_game(BoardId::Alps).unwrap_err();
    assert_eq!(err, CampaignError::GameNotFinished { game: 1 });
    assert!(
        err.to_string()
            .contains("winner of each game picks the next board")
    );
}

#[test]
fn a_board_already_played_cannot_be_picked_again() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    c.record_result(result(50, 40)).unwrap();
    assert_eq!(
        c.available_boards(),
        [
            BoardId::BalticSea,
            BoardId::TranscontinentalRailroad,
            BoardId::Victoria,
            BoardId::NewEngland
        ]
    );
    for board in [BoardId::Britain, BoardId::Alps] {
        let err = c.start_next_game(board).unwrap_err();
        assert!(
            matches!(err, CampaignError::BoardAlreadyPlayed { .. }),
            "{err}"
        );
    }
}

#[test]
fn a_campaign_is_six_games_on_six_boards() {
    let mut c = full_campaign(60, 50);
    assert_eq!(c.games.len(), 6);
    assert!(c.is_finished());
    assert_eq!(c.next_chooser(), None);
    assert!(c.available_boards().is_empty());
    assert_eq!(
        c.start_next_game(BoardId::Britain),
        Err(CampaignError::CampaignOver)
    );
}

#[test]
fn britain_winner_gains_seven_campaign_points() {
    let mut c = campaign(Settings::default());
    c.record_result(result(40, 52)).unwrap();
    let sheet = c.sheet();
    assert_eq!(sheet.rows[0].winner_points, [0, 7]);
    assert_eq!(sheet.campaign_points, [0, 7]);
}

#[test]
fn other_boards_winner_gains_ten_campaign_points() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(40, 52), Some(BoardId::Alps));
    c.record_result(result(61, 52)).unwrap();
    let sheet = c.sheet();
    assert_eq!(sheet.rows[1].winner_points, [10, 0]);
    assert_eq!(sheet.campaign_points, [10, 7]);
}

#[test]
fn last_game_writes_final_scores_instead_of_winner_points() {
    let c = full_campaign(72, 90);
    let sheet = c.sheet();
    let last = &sheet.rows[5];
    assert!(last.last);
    assert_eq!(last.winner, Some(Seat::B));
    assert_eq!(last.winner_points, [0, 0]);
    assert_eq!(last.final_score, [Some(72), Some(90)]);
    // A won games 1-5: 7 + 4 x 10 Campaign Points.
    assert_eq!(sheet.campaign_points, [47, 0]);
    assert_eq!(sheet.totals, [47 + 72, 90]);
}

#[test]
fn campaign_winner_has_the_highest_column_total() {
    let c = full_campaign(40, 100);
    // A: 47 + 40 = 87; B: 0 + 100 = 100.
    assert_eq!(
        c.sheet().outcome,
        Some(CampaignOutcome::Winner {
            seat: Seat::B,
            by_campaign_points: false
        })
    );
    assert!(
        c.summary().contains("Bob wins, 100 to 87"),
        "{}",
        c.summary()
    );
}

#[test]
fn campaign_total_tie_goes_to_more_campaign_points() {
    // A: 47 + 53 = 100, B: 0 + 100 = 100; A has more Campaign Points.
    let c = full_campaign(53, 100);
    let sheet = c.sheet();
    assert_eq!(sheet.totals, [100, 100]);
    assert_eq!(
        sheet.outcome,
        Some(CampaignOutcome::Winner {
            seat: Seat::A,
            by_campaign_points: true
        })
    );
}

#[test]
fn no_campaign_winner_before_the_last_game_ends() {
    let mut c = full_campaign(60, 50);
    c.games[5].result = None;
    assert_eq!(c.sheet().outcome, None);
}

#[test]
fn game_end_tie_breaks_apply_in_order() {
    let mut c = campaign(Settings::default());
    let tied = |cards: [u32; 2], res: [u32; 2], token: Seat| GameResult {
        tallies: [0, 1].map(|k| Tally {
            cash: 40,
            company_cards: cards[k],
            resources: res[k],
            ..Tally::default()
        }),
        first_player_token: Some(token),
    };
    let o = c.record_result(tied([5, 6], [9, 0], Seat::A)).unwrap();
    assert_eq!((o.winner, o.decided_by), (Seat::B, DecidedBy::CompanyCards));
    let o = c.record_result(tied([6, 6], [9, 0], Seat::B)).unwrap();
    assert_eq!((o.winner, o.decided_by), (Seat::A, DecidedBy::Resources));
    let o = c.record_result(tied([6, 6], [9, 9], Seat::B)).unwrap();
    assert_eq!(
        (o.winner, o.decided_by),
        (Seat::B, DecidedBy::FirstPlayerToken)
    );
    assert_eq!(c.sheet().rows[0].winner_points, [0, 7]);
}

#[test]
fn board_achievement_goes_to_the_first_player_to_reach_it() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    c.claim_board_achievement(Seat::B).unwrap();
    let err = c.claim_board_achievement(Seat::A).unwrap_err();
    assert!(
        err.to_string()
            .contains("Bob already reached the Alps special achievement first"),
        "{err}"
    );
    c.record_result(result(50, 40)).unwrap();
    assert_eq!(c.sheet().rows[1].board_achievement, [0, 5]);
}

#[test]
fn britain_has_no_special_achievement() {
    let mut c = campaign(Settings::default());
    let err = c.claim_board_achievement(Seat::A).unwrap_err();
    assert_eq!(
        err,
        CampaignError::NoSpecialAchievement {
            board: "Britain".into()
        }
    );
}

#[test]
fn general_achievement_is_worth_five_campaign_points() {
    let mut c = campaign(Settings::default());
    c.claim_general(Seat::A, GeneralAchievement::ChainOfEightRoutes)
        .unwrap();
    c.claim_general(Seat::A, GeneralAchievement::TripleUpgrade)
        .unwrap();
    assert_eq!(c.sheet().rows[0].general_achievements, [10, 0]);
}

#[test]
fn general_achievement_scores_once_per_player_per_campaign() {
    let mut c = campaign(Settings::default());
    c.claim_general(Seat::A, GeneralAchievement::ChainOfEightRoutes)
        .unwrap();
    play(&mut c, result(50, 40), Some(BoardId::BalticSea));
    let err = c
        .claim_general(Seat::A, GeneralAchievement::ChainOfEightRoutes)
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("Ann already scored \"chain of 8 routes\" in game 1 (Britain)"),
        "{text}"
    );
    assert!(text.contains("once per player per campaign"), "{text}");
    // The same claim in the same game is refused the same way.
    c.claim_general(Seat::B, GeneralAchievement::TripleUpgrade)
        .unwrap();
    assert!(matches!(
        c.claim_general(Seat::B, GeneralAchievement::TripleUpgrade),
        Err(CampaignError::GeneralAlreadyScored { game: 2, .. })
    ));
}

#[test]
fn both_players_may_each_score_the_same_general_achievement() {
    let mut c = campaign(Settings::default());
    c.claim_general(Seat::A, GeneralAchievement::TripleUpgrade)
        .unwrap();
    c.claim_general(Seat::B, GeneralAchievement::TripleUpgrade)
        .unwrap();
    assert_eq!(c.sheet().rows[0].general_achievements, [5, 5]);
}

#[test]
fn win_by_thirty_needs_the_win_and_a_gap_of_thirty() {
    let mut c = campaign(Settings::default());
    let err = c
        .claim_general(Seat::A, GeneralAchievement::WinByThirty)
        .unwrap_err();
    assert!(
        err.to_string().contains("enter the game's result first"),
        "{err}"
    );
    c.record_result(result(69, 40)).unwrap();
    let err = c
        .claim_general(Seat::A, GeneralAchievement::WinByThirty)
        .unwrap_err();
    assert!(err.to_string().contains("gap is 29 money"), "{err}");
    let err = c
        .claim_general(Seat::B, GeneralAchievement::WinByThirty)
        .unwrap_err();
    assert!(err.to_string().contains("Ann won this game"), "{err}");
    c.record_result(result(70, 40)).unwrap();
    c.claim_general(Seat::A, GeneralAchievement::WinByThirty)
        .unwrap();
}

#[test]
fn twenty_resources_needs_twenty_leftover_resources() {
    let mut c = campaign(Settings::default());
    let mut r = result(50, 40);
    r.tallies[1].resources = 19;
    c.record_result(r).unwrap();
    let err = c
        .claim_general(Seat::B, GeneralAchievement::TwentyResources)
        .unwrap_err();
    assert!(err.to_string().contains("19 leftover resources"), "{err}");
    r.tallies[1].resources = 20;
    c.record_result(r).unwrap();
    c.claim_general(Seat::B, GeneralAchievement::TwentyResources)
        .unwrap();
}

#[test]
fn a_corrected_result_cannot_silently_break_a_claim() {
    let mut c = campaign(Settings::default());
    c.record_result(result(80, 40)).unwrap();
    c.claim_general(Seat::A, GeneralAchievement::WinByThirty)
        .unwrap();
    let err = c.record_result(result(60, 40)).unwrap_err();
    assert!(
        matches!(err, CampaignError::ResultBreaksClaim { .. }),
        "{err}"
    );
    assert_eq!(
        c.outcome(0).map(|o| o.gap),
        Some(40),
        "the old result stays"
    );
}

#[test]
fn last_game_achievements_score_by_default() {
    let mut c = full_campaign(60, 50);
    c.claim_general(Seat::B, GeneralAchievement::TripleUpgrade)
        .unwrap();
    assert_eq!(c.sheet().rows[5].general_achievements, [0, 5]);
    c.settings.last_game_achievements_score = false;
    assert_eq!(c.sheet().rows[5].general_achievements, [0, 0]);
}

#[test]
fn runner_up_keeps_the_board_bonus_for_the_remaining_games() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    let held = c.bonuses_in(1);
    assert_eq!(held.len(), 1);
    assert_eq!(
        (held[0].holder, held[0].from_board),
        (Seat::B, BoardId::Britain)
    );
    play(&mut c, result(40, 50), Some(BoardId::Victoria));
    let held = c.bonuses_in(2);
    let pairs: Vec<_> = held.iter().map(|b| (b.holder, b.from_board)).collect();
    assert_eq!(
        pairs,
        [(Seat::B, BoardId::Britain), (Seat::A, BoardId::Alps)]
    );
}

#[test]
fn bonus_reminder_is_shown_at_each_later_games_setup() {
    let mut c = campaign(Settings::default());
    assert!(c.setup_reminders(0).is_empty());
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    play(&mut c, result(50, 40), Some(BoardId::NewEngland));
    for game in [1, 2] {
        let lines = c.setup_reminders(game);
        let britain = lines
            .iter()
            .find(|l| l.text.starts_with("Bob lays the Britain Campaign token"));
        assert!(britain.is_some(), "{lines:?}");
        // The reminder links the board's runner-up bonus entry (docs/rules.md).
        assert_eq!(
            britain.and_then(|l| l.rule).map(|r| r.to_string()),
            Some("furnace-duel/bonus-britain".to_string())
        );
    }
}

#[test]
fn the_last_game_gives_no_runner_up_bonus() {
    let c = full_campaign(60, 50);
    // Five bonuses were won in games 1-5, none in game 6.
    let all = c.bonuses_in(6);
    assert_eq!(all.len(), 5);
    assert!(all.iter().all(|b| b.from_game <= 5));
}

#[test]
fn transcontinental_runner_up_scores_three_per_leftover_tech_token_later() {
    let mut c = campaign(Settings::default());
    play(
        &mut c,
        result(50, 40),
        Some(BoardId::TranscontinentalRailroad),
    );
    assert_eq!(c.tech_values(1), [2, 2], "not in the game where it is won");
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    assert_eq!(c.tech_values(2), [2, 3]);
    let r = GameResult {
        tallies: [
            money(50),
            Tally {
                cash: 30,
                tech_tokens: 7,
                ..Tally::default()
            },
        ],
        first_player_token: Some(Seat::A),
    };
    let o = c.record_result(r).unwrap();
    assert_eq!(o.money, [50, 51]);
    assert_eq!(o.winner, Seat::B);
}

#[test]
fn kept_ferry_token_is_used_once_per_game() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::BalticSea));
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    c.use_bonus(Seat::B, BoardId::BalticSea).unwrap();
    let err = c.use_bonus(Seat::B, BoardId::BalticSea).unwrap_err();
    assert!(err.to_string().contains("once in each later game"), "{err}");
    play(&mut c, result(50, 40), Some(BoardId::Victoria));
    c.use_bonus(Seat::B, BoardId::BalticSea).unwrap();
}

#[test]
fn kept_research_card_is_used_once_per_campaign() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::NewEngland));
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    c.use_bonus(Seat::B, BoardId::NewEngland).unwrap();
    play(&mut c, result(50, 40), Some(BoardId::Victoria));
    let err = c.use_bonus(Seat::B, BoardId::NewEngland).unwrap_err();
    assert!(
        err.to_string()
            .contains("used the Kept Research card in game 3"),
        "{err}"
    );
    assert!(err.to_string().contains("only once in the whole campaign"));
}

#[test]
fn only_the_runner_up_holds_the_bonus() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::NewEngland));
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    let err = c.use_bonus(Seat::A, BoardId::NewEngland).unwrap_err();
    assert!(matches!(err, CampaignError::BonusNotHeld { .. }), "{err}");
}

#[test]
fn campaign_tokens_are_always_in_effect_and_never_spent() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    let err = c.use_bonus(Seat::B, BoardId::Britain).unwrap_err();
    assert!(matches!(err, CampaignError::BonusAlwaysOn { .. }), "{err}");
}

#[test]
fn capitalist_variant_previous_runner_up_chooses_first() {
    let mut c = campaign(Settings {
        capitalist_cards: true,
        ..Settings::default()
    });
    assert_eq!(c.capitalist_first_chooser(0), None);
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    assert_eq!(c.capitalist_first_chooser(1), Some(Seat::B));
    let lines = c.setup_reminders(1);
    assert!(
        lines[0]
            .text
            .starts_with("Capitalist cards: Bob (runner-up of game 1) chooses"),
        "{lines:?}"
    );
    assert_eq!(
        lines[0].rule.map(|r| r.id),
        Some("campaign-capitalist-order")
    );
    play(&mut c, result(40, 50), Some(BoardId::Victoria));
    assert_eq!(c.capitalist_first_chooser(2), Some(Seat::A));
}

#[test]
fn capitalist_note_is_absent_without_the_variant() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    assert_eq!(c.capitalist_first_chooser(1), None);
}

#[test]
fn players_need_two_different_names() {
    let boards = Boards::bundled().unwrap();
    for names in [["Ann", "Ann"], ["Ann", " "]] {
        let err = Campaign::new(names.map(String::from), boards.clone(), Settings::default());
        assert_eq!(err, Err(CampaignError::BadPlayers));
    }
}

#[test]
fn a_campaign_survives_a_save_round_trip_and_validates() {
    let mut c = full_campaign(60, 50);
    c.claim_general(Seat::A, GeneralAchievement::ChainOfEightRoutes)
        .unwrap();
    let saved = Saved::new("Winter campaign", "New campaign", c);
    let text = serde_json::to_string(&saved).unwrap();
    assert!(tablemate::games::check_save(tablemate::doc::Kind::FurnaceDuel, &text).is_ok());
    let back: Saved<Campaign> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, saved);
}

#[test]
fn validate_rejects_a_first_game_off_britain() {
    let mut c = campaign(Settings::default());
    c.games[0].board = BoardId::Alps;
    assert_eq!(c.validate().unwrap_err().at, "games[0].board");
}

#[test]
fn validate_rejects_a_board_played_twice() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    c.games[1].board = BoardId::Britain;
    let err = c.validate().unwrap_err();
    assert_eq!(err.at, "games[1].board");
    assert_eq!(err.problem, "britain was already played in games[0]");
}

#[test]
fn validate_rejects_a_board_chosen_by_the_loser() {
    let mut c = campaign(Settings::default());
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    c.games[1].chosen_by = Some(Seat::B);
    assert_eq!(c.validate().unwrap_err().at, "games[1].chosen_by");
}

#[test]
fn validate_rejects_a_general_achievement_scored_twice() {
    let mut c = campaign(Settings::default());
    c.claim_general(Seat::A, GeneralAchievement::TripleUpgrade)
        .unwrap();
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    let claim = c.games[0].general_achievements[0];
    c.games[1].general_achievements.push(claim);
    let err = c.validate().unwrap_err();
    assert_eq!(err.at, "games[1].general_achievements");
    assert!(err.problem.contains("a second time"), "{err}");
}

#[test]
fn validate_rejects_a_seventh_game() {
    let mut c = full_campaign(60, 50);
    let extra = c.games[5].clone();
    c.games.push(extra);
    let err = c.validate().unwrap_err();
    assert_eq!(err.to_string(), "games: 7 games, a campaign has 1 to 6");
}

#[test]
fn cli_show_json_prints_the_pad_of_a_saved_campaign() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = campaign(Settings {
        capitalist_cards: true,
        ..Settings::default()
    });
    c.claim_general(Seat::B, GeneralAchievement::TripleUpgrade)
        .unwrap();
    play(&mut c, result(40, 55), Some(BoardId::Alps));
    c.claim_board_achievement(Seat::A).unwrap();
    c.record_result(result(61, 50)).unwrap();
    {
        let store = tablemate::store::Store::open(dir.path()).unwrap();
        store
            .save("winter", &Saved::new("Winter", "New campaign", c))
            .unwrap();
    }
    let out = run(dir.path(), &["furnace-duel", "show", "winter", "--json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["id"], "winter");
    assert_eq!(v["players"], serde_json::json!(["Ann", "Bob"]));
    assert_eq!(v["games"][0]["winner"], "b");
    assert_eq!(
        v["games"][0]["points"]["campaign_points"],
        serde_json::json!([0, 12])
    );
    assert_eq!(v["games"][1]["board"], "alps");
    assert_eq!(v["games"][1]["chosen_by"], "b");
    assert_eq!(v["games"][1]["board_achievement"]["claimed_by"], "a");
    assert_eq!(v["games"][1]["capitalist_first_chooser"], "a");
    assert_eq!(v["games"][1]["bonuses_in_effect"][0]["holder"], "a");
    assert_eq!(v["campaign_points"], serde_json::json!([15, 12]));
    assert_eq!(v["totals"], serde_json::json!([15, 12]));
    assert_eq!(v["next"]["chooser"], "a");
    assert_eq!(v["outcome"], serde_json::Value::Null);
    assert_eq!(
        v["general_achievements_left"]["b"],
        serde_json::json!(["chain-of-eight-routes", "twenty-resources", "win-by-thirty"])
    );
}

/// docs/rules.md, "Rule references": each setup reminder names its digest entry; `show
/// --rules` prints them and `--json` gives them as `setup_reminder_rules`, one per reminder.
#[test]
fn cli_show_rules_prints_the_entries_the_setup_reminders_cite() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = campaign(Settings {
        capitalist_cards: true,
        ..Settings::default()
    });
    play(&mut c, result(50, 40), Some(BoardId::Alps));
    {
        let store = tablemate::store::Store::open(dir.path()).unwrap();
        store
            .save("spring", &Saved::new("Spring", "New campaign", c))
            .unwrap();
    }
    let out = run(dir.path(), &["furnace-duel", "show", "spring", "--rules"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    for said in [
        "Rule furnace-duel/campaign-capitalist-order:",
        "Rule furnace-duel/bonus-britain:",
    ] {
        assert!(out.stdout.contains(said), "{said}\n{}", out.stdout);
    }
    let out = run(dir.path(), &["furnace-duel", "show", "spring", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let game = &v["games"][1];
    assert_eq!(
        game["setup_reminders"].as_array().map(Vec::len),
        game["setup_reminder_rules"].as_array().map(Vec::len)
    );
    assert_eq!(
        game["setup_reminder_rules"][0],
        serde_json::json!({"game": "furnace-duel", "id": "campaign-capitalist-order"})
    );
}

#[test]
fn cli_show_names_a_missing_save() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["furnace-duel", "show", "nope", "--json"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("no save called \"nope\""),
        "{}",
        out.stderr
    );
}

#[test]
fn cli_show_refuses_a_save_of_another_kind() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = tablemate::store::Store::open(dir.path()).unwrap();
        let table = tablemate::army::FollowerTable::bundled().unwrap();
        let army = tablemate::army::SaveData::new(vec!["Ann".into(), "Bob".into()], table).unwrap();
        store
            .save("army", &Saved::new("Army", "New", army))
            .unwrap();
    }
    let out = run(dir.path(), &["furnace-duel", "show", "army"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("expected a furnace-duel save"),
        "{}",
        out.stderr
    );
}

#[test]
fn cli_new_then_show_text_lists_the_first_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["furnace-duel", "new", "Ann", "Bob"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out.stdout.trim().to_string();
    let out = run(dir.path(), &["furnace-duel", "show", &id]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Britain"), "{}", out.stdout);
    assert!(out.stdout.contains("(in play)"), "{}", out.stdout);
}

#[test]
fn cli_boards_uses_the_users_replacement_file_and_names_its_problem() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data/furnace-duel");
    std::fs::create_dir_all(&path).unwrap();
    std::fs::write(
        path.join("boards.json"),
        r#"{"data_kind":"furnace-duel-boards","source":"x","boards":[]}"#,
    )
    .unwrap();
    let out = run(dir.path(), &["furnace-duel", "boards"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("boards.json"), "{}", out.stderr);
    assert!(out.stderr.contains("britain"), "{}", out.stderr);
}

#[test]
fn tablemate_check_validates_the_boards_file() {
    let text = tablemate::bundled::get("data/furnace-duel/boards.json").unwrap();
    let report = tablemate::store::check_bytes(text.as_bytes()).unwrap();
    assert!(
        report.to_string().contains("6 Furnace Duel boards"),
        "{report}"
    );
}

/// Whole-app flow: start a campaign from the home screen, enter a result, and find it saved
/// and listed with its summary after reopening the app.
#[cfg(feature = "gui")]
#[test]
fn gui_campaign_is_autosaved_and_reopens() {
    use tablemate::gui::furnace_duel::{Message as Fd, TallyField};
    use tablemate::gui::{App, Message};

    let dir = tempfile::tempdir().unwrap();
    {
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::Home(tablemate::gui::home::Message::NewGame(
            tablemate::doc::Kind::FurnaceDuel,
        )));
        for m in [
            Fd::NameA("Ann".into()),
            Fd::NameB("Bob".into()),
            Fd::Start,
            Fd::Tally(Seat::A, TallyField::Cash, "50".into()),
            Fd::Tally(Seat::B, TallyField::Cash, "40".into()),
            Fd::Token(Seat::B),
            Fd::RecordResult,
        ] {
            let _ = app.update(Message::from(m));
        }
    }
    let store = tablemate::store::Store::open(dir.path()).unwrap();
    let listings = store.list();
    assert_eq!(listings.len(), 1);
    match &listings[0].status {
        tablemate::store::ListingStatus::Ok { summary, kind, .. } => {
            assert_eq!(*kind, tablemate::doc::Kind::FurnaceDuel);
            assert!(summary.contains("Ann 7 : Bob 0"), "{summary}");
        }
        other => panic!("{other:?}"),
    }
}

/// `tablemate act pad JSON`: an action entered as the pad's screen enters it.
fn act_on_saved(dir: &std::path::Path, json: &str) -> tablemate::cli::Output {
    run(dir, &["act", "pad", json])
}

#[test]
fn money_that_adds_up_past_the_top_is_refused_not_wrapped() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = tablemate::store::Store::open(dir.path()).unwrap();
        let s = Saved::new("Pad", "New campaign", campaign(Settings::default()));
        store.save("pad", &s).unwrap();
    }
    let file = dir.path().join("saves").join("pad.json");
    let before = std::fs::read(&file).unwrap();
    // u32::MAX cash plus one board award; then Tech tokens whose value passes the top.
    for tally in [
        r#"{"cash":4294967295,"board_bonus":1}"#,
        r#"{"cash":1,"tech_tokens":2147483648}"#,
    ] {
        let json = format!(
            r#"{{"action":"record-result","result":{{"tallies":[{{"cash":40}},{tally}],"first_player_token":"a"}}}}"#
        );
        let out = act_on_saved(dir.path(), &json);
        assert_eq!(out.code, 1, "{tally} was accepted");
        for word in [
            "Bob's money",
            "game 1",
            "adds up past 4294967295",
            "GAME END",
        ] {
            assert!(out.stderr.contains(word), "{word:?} not in {}", out.stderr);
        }
        assert_eq!(std::fs::read(&file).unwrap(), before, "nothing changed");
    }
    // The largest money that fits is a result like any other.
    let json = r#"{"action":"record-result","result":{"tallies":[{"cash":40},{"cash":4294967294,"board_bonus":1}],"first_player_token":"a"}}"#;
    assert_eq!(act_on_saved(dir.path(), json).code, 0);
}

#[test]
fn a_last_game_whose_column_total_passes_the_top_is_refused() {
    // Ann holds Campaign Points from games 1-5; a final score near the top would wrap her total.
    let mut c = full_campaign(60, 50);
    c.games[5].result = None;
    let before = c.clone();
    let err = c
        .record_result(result(u32::MAX - 1, 50))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Ann's column total") && err.contains("adds up past"),
        "{err}"
    );
    assert_eq!(c, before);
}

#[test]
fn check_refuses_a_save_whose_tally_already_wrapped() {
    // A save written before the check: the tally went in unchecked.
    let mut c = campaign(Settings::default());
    c.games[0].result = Some(GameResult {
        tallies: [
            money(40),
            Tally {
                cash: u32::MAX,
                tech_tokens: 3,
                ..Tally::default()
            },
        ],
        first_player_token: Some(Seat::A),
    });
    let err = c.validate().unwrap_err();
    assert_eq!(err.at, "games[0].result.tallies[1]");
    assert!(err.to_string().contains("passes 4294967295"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("old.json");
    let text = tablemate::store::envelope::encode(
        tablemate::doc::Kind::FurnaceDuel,
        "an old campaign",
        chrono::Utc::now(),
        &Saved::new("Old", "New campaign", c),
    )
    .unwrap();
    std::fs::write(&file, text).unwrap();
    let out = run(dir.path(), &["check", file.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stderr.contains("games[0].result.tallies[1]"),
        "{}",
        out.stderr
    );
}
