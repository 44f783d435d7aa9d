//! Game-end journey points and tie-breaks (rulebook p. 13, 18, 28, 36, 38-39; RULINGS).

use super::common::*;
use tablemate::near_and_far::Mode;
use tablemate::near_and_far::scoring::{
    PlayerInput, ScoreInput, ScoreResult, Town, TradeRouteInput, reputation_points,
};

fn player(name: &str) -> PlayerInput {
    PlayerInput {
        name: name.into(),
        camps: 0,
        artifacts: vec![],
        unpurchased_artifacts: 0,
        threats: Some(vec![]),
        card_bonuses: 0,
        coins: 0,
        gems: 0,
        faction_tokens: 0,
        chiefs: 0,
        reputation: 0,
        treasures: 0,
        talents: Some(vec![]),
        mammoth_camp: None,
        full_card: None,
        wins_ties: false,
    }
}

fn game(players: Vec<PlayerInput>) -> ScoreInput {
    ScoreInput {
        map: Some(map(4)),
        town: Some(Town::Dusk),
        long_game: Some(false),
        settings: Default::default(),
        players,
        trade_routes: vec![],
    }
}

fn line(r: &ScoreResult, who: &str, rule: &str) -> Option<i32> {
    r.players
        .iter()
        .find(|p| p.name == who)?
        .lines
        .iter()
        .find(|l| l.rule == rule)
        .map(|l| l.points)
}

fn score(g: &ScoreInput) -> ScoreResult {
    g.score(Some(&facts())).unwrap()
}

#[test]
fn each_placed_camp_is_one_journey_point() {
    let mut a = player("Ana");
    a.camps = 9;
    let r = score(&game(vec![a, player("Ben")]));
    assert_eq!(line(&r, "Ana", "camps"), Some(9));
    assert_eq!(line(&r, "Ana", "all-camps-bonus"), None);
}

#[test]
fn placing_all_fourteen_camps_gives_two_more() {
    let mut a = player("Ana");
    a.camps = 14;
    let r = score(&game(vec![a.clone(), player("Ben")]));
    assert_eq!(r.total_of("Ana"), Some(16));
    // Long Game: two extra camps come first, so the board is empty at 16.
    let mut g = game(vec![a.clone(), player("Ben")]);
    g.long_game = Some(true);
    assert_eq!(line(&score(&g), "Ana", "all-camps-bonus"), None);
    g.players[0].camps = 16;
    assert_eq!(line(&score(&g), "Ana", "all-camps-bonus"), Some(2));
}

#[test]
fn trade_routes_score_sole_or_joint_and_nothing_when_incomplete() {
    let mut g = game(vec![player("Ana"), player("Ben"), player("Cy")]);
    let route = |name: &str, camps: &[&str]| TradeRouteInput {
        name: name.into(),
        sole: 6,
        joint: 3,
        camps: camps.iter().map(|c| c.to_string()).collect(),
    };
    g.trade_routes = vec![
        route("tea", &["Ana", "Ana"]),
        route("peppers", &["Ana", "Ben"]),
        route("ichor", &["Cy"]),
    ];
    let r = score(&g);
    assert_eq!(line(&r, "Ana", "trade-routes"), Some(9));
    assert_eq!(line(&r, "Ben", "trade-routes"), Some(3));
    assert_eq!(line(&r, "Cy", "trade-routes"), Some(0));
}

#[test]
fn a_joint_value_larger_than_the_sole_value_is_refused() {
    let mut g = game(vec![player("Ana"), player("Ben")]);
    g.trade_routes = vec![TradeRouteInput {
        name: "tea".into(),
        sole: 3,
        joint: 5,
        camps: vec![],
    }];
    assert!(g.score(None).unwrap_err().to_string().contains("joint"));
}

#[test]
fn artifacts_score_their_points_and_unpurchased_ones_cost_one_each() {
    let mut a = player("Ana");
    a.artifacts = vec![7, 4];
    a.unpurchased_artifacts = 2;
    let r = score(&game(vec![a, player("Ben")]));
    assert_eq!(line(&r, "Ana", "artifacts"), Some(11));
    assert_eq!(line(&r, "Ana", "unpurchased-artifacts"), Some(-2));
}

#[test]
fn lore_ignores_up_to_three_unpurchased_artifacts() {
    let mut a = player("Ana");
    a.unpurchased_artifacts = 5;
    a.talents = Some(vec!["Lore".into()]);
    let r = score(&game(vec![a, player("Ben")]));
    assert_eq!(line(&r, "Ana", "unpurchased-artifacts"), Some(-2));
}

#[test]
fn threats_and_card_bonuses_add_their_points() {
    let mut a = player("Ana");
    a.threats = Some(vec![1, 2, 4]);
    a.card_bonuses = 5;
    let r = score(&game(vec![a, player("Ben")]));
    assert_eq!(line(&r, "Ana", "threats"), Some(7));
    assert_eq!(line(&r, "Ana", "card-bonuses"), Some(5));
}

#[test]
fn coins_and_gems_together_score_one_per_two() {
    // Rulebook example: 3 gems and 1 coin are 2 journey points.
    let mut kyle = player("Kyle");
    kyle.gems = 3;
    kyle.coins = 1;
    let mut odd = player("Odd");
    odd.coins = 4;
    odd.gems = 1;
    let r = score(&game(vec![kyle, odd]));
    assert_eq!(line(&r, "Kyle", "coins-and-gems"), Some(2));
    assert_eq!(
        line(&r, "Odd", "coins-and-gems"),
        Some(2),
        "5 / 2 rounds down"
    );
}

#[test]
fn faction_tokens_score_one_each_and_chiefs_five_each() {
    let mut mary = player("Mary");
    mary.faction_tokens = 2;
    mary.chiefs = 2;
    let r = score(&game(vec![mary, player("Ben")]));
    assert_eq!(line(&r, "Mary", "faction-tokens"), Some(2));
    assert_eq!(line(&r, "Mary", "chiefs"), Some(10));
}

#[test]
fn reputation_continues_the_printed_pattern() {
    let got: Vec<i32> = (0..=12).map(|r| reputation_points(r, Town::Dusk)).collect();
    assert_eq!(got, vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
}

#[test]
fn the_day_town_takes_points_for_negative_reputation() {
    let got: Vec<i32> = (-6..=-1).map(|r| reputation_points(r, Town::Day)).collect();
    assert_eq!(got, vec![-2, -2, -1, -1, 0, 0]);
    assert_eq!(reputation_points(8, Town::Day), 4);
}

#[test]
fn the_dusk_town_scores_negative_reputation_as_zero() {
    assert!((-6..=-1).all(|r| reputation_points(r, Town::Dusk) == 0));
}

#[test]
fn reputation_off_the_track_is_refused() {
    let mut a = player("Ana");
    a.reputation = 13;
    assert!(
        game(vec![a, player("Ben")])
            .score(None)
            .unwrap_err()
            .to_string()
            .contains("off the track")
    );
}

#[test]
fn a_player_name_used_twice_names_where_it_first_appears() {
    let err = game(vec![player("Ana"), player("Ben"), player(" ana")])
        .score(None)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "players[2] ( ana): two players have this name, the first at players[0]"
    );
}

#[test]
fn three_treasure_cards_give_five() {
    let mut a = player("Ana");
    a.treasures = 3;
    let mut b = player("Ben");
    b.treasures = 2;
    let r = score(&game(vec![a, b]));
    assert_eq!(line(&r, "Ana", "three-treasures"), Some(5));
    assert_eq!(line(&r, "Ben", "three-treasures"), None);
}

#[test]
fn storytelling_gives_two_for_the_highest_reputation() {
    let mut a = player("Ana");
    a.reputation = 7;
    a.talents = Some(vec!["Storytelling".into()]);
    let mut b = player("Ben");
    b.reputation = 7;
    b.talents = Some(vec!["storytelling".into()]);
    let mut g = game(vec![a, b]);
    assert_eq!(
        line(&score(&g), "Ana", "storytelling"),
        Some(2),
        "tied for highest counts by default"
    );
    g.settings.storytelling_on_tie = false;
    assert_eq!(line(&score(&g), "Ana", "storytelling"), None);
    g.players[1].reputation = 3;
    assert_eq!(line(&score(&g), "Ana", "storytelling"), Some(2));
    assert_eq!(line(&score(&g), "Ben", "storytelling"), None);
}

#[test]
fn map_10_costs_eight_without_a_camp_on_a_mammoth_space() {
    let mut a = player("Ana");
    a.mammoth_camp = Some(false);
    let mut b = player("Ben");
    b.mammoth_camp = Some(true);
    let mut g = game(vec![a, b]);
    g.map = Some(map(10));
    let r = score(&g);
    assert_eq!(line(&r, "Ana", "mammoth-penalty"), Some(-8));
    assert_eq!(line(&r, "Ben", "mammoth-penalty"), None);
    g.players[1].mammoth_camp = None;
    assert!(
        g.score(None).unwrap_err().to_string().contains("mammoth"),
        "Map 10 asks every player"
    );
}

#[test]
fn a_full_card_scores_seven_on_map_11_only() {
    let mut a = player("Ana");
    a.full_card = Some(true);
    let mut g = game(vec![a, player("Ben")]);
    assert!(g.score(None).is_err());
    g.map = Some(map(11));
    assert_eq!(line(&score(&g), "Ana", "full-card"), Some(7));
}

#[test]
fn ties_go_to_the_highest_reputation_then_the_most_coins_and_gems() {
    let mut a = player("Ana");
    a.camps = 10;
    a.reputation = 2;
    let mut b = player("Ben");
    b.camps = 10;
    b.reputation = 3;
    b.coins = 0;
    let r = score(&game(vec![a.clone(), b.clone()]));
    assert_eq!(r.winners, vec!["Ben".to_string()]);
    assert!(r.tie_break.as_deref().unwrap().contains("reputation"));
    // Same reputation: coins plus gems decide (2 coins score 1, so give Ana 1 camp fewer).
    a.reputation = 3;
    a.coins = 3;
    a.camps = 9;
    let r = score(&game(vec![a.clone(), b.clone()]));
    assert_eq!(r.winners, vec!["Ana".to_string()]);
    assert!(r.tie_break.as_deref().unwrap().contains("coins"));
    b.coins = 3;
    b.camps = 9;
    let r = score(&game(vec![a, b]));
    assert_eq!(r.winners.len(), 2, "still tied: shared");
    assert!(r.players.iter().all(|p| p.place == 1));
}

#[test]
fn a_card_that_wins_ties_beats_reputation() {
    let mut a = player("Ana");
    a.camps = 5;
    a.wins_ties = true;
    let mut b = player("Ben");
    b.camps = 5;
    b.reputation = 1;
    let r = score(&game(vec![a, b]));
    assert_eq!(r.winners, vec!["Ana".to_string()]);
}

#[test]
fn the_score_template_knows_the_campaign_and_the_result_goes_on_the_sheets() {
    let mut c = campaign(Mode::Campaign);
    for m in 2..=9 {
        start(&mut c, m);
        finish(&mut c, &[("Rin", 10), ("Vera", 10)]);
    }
    start(&mut c, 10);
    c.defeat_threat("Rin", None).unwrap();
    let mut g = c.score_template(Some(&facts())).unwrap();
    assert_eq!(g.map, Some(map(10)));
    // The bundled threat cards carry no points yet: the sheet leaves them for the players.
    assert_eq!(g.players[0].threats, None);
    g.players[0].threats = Some(vec![0]);
    assert_eq!(g.players[0].mammoth_camp, Some(false));
    g.players[0].camps = 12;
    g.players[1].camps = 8;
    g.players[1].mammoth_camp = Some(true);
    let r = g.score(Some(&facts())).unwrap();
    c.finish_session(&r, day(3)).unwrap();
    assert_eq!(
        c.view("Rin").unwrap().journey.last().unwrap().points,
        12 - 8
    );
    assert_eq!(c.view("Vera").unwrap().journey_total, 80 + 8);
}

#[test]
fn a_score_file_is_json_with_defaults() {
    let text = r#"{"map": 4, "town": "day", "players": [
        {"name": "Ana", "camps": 14, "reputation": -4, "coins": 5, "gems": 2},
        {"name": "Ben", "camps": 3, "reputation": 9, "chiefs": 1}]}"#;
    let g: ScoreInput = serde_json::from_str(text).unwrap();
    let r = g.score(Some(&facts())).unwrap();
    assert_eq!(r.total_of("Ana"), Some(14 + 2 - 1 + 3));
    assert_eq!(r.total_of("Ben"), Some(3 + 5 + 4));
    assert!(
        serde_json::from_str::<ScoreInput>(r#"{"players":[], "colour": 1}"#).is_err(),
        "unknown fields are refused"
    );
}
