//! Army sheets of the two-to-four-general game: each rule of Setup, Attacking, Promoting,
//! Resource Cards and Victory Conditions as a named test, plus the CLI and save round trip.

mod actions;
#[path = "../shared/mod.rs"]
mod shared;
use shared::{run, says};

use proptest::prelude::*;
use tablemate::army::{
    ArmyError, ArmyGame, FOLLOWER_POINTS, FollowerKind, FollowerRef, FollowerTable, HandStats,
    MAX_DAMAGE, MAX_HEALTH, MAX_MOVEMENT, Phase, Promotion,
};
use tablemate::doc::{GameDoc, Saved};

use FollowerKind::*;

fn table() -> FollowerTable {
    FollowerTable::bundled().expect("bundled follower table")
}

fn game(names: &[&str]) -> ArmyGame {
    ArmyGame::new(names.iter().map(|s| s.to_string()).collect(), table()).expect("new game")
}

fn at(player: usize, index: usize) -> FollowerRef {
    FollowerRef { player, index }
}

/// Two armies, started with Ann to play: Ann has General, Berserker, Grunt; Bob has General,
/// Grunt, Tank.
fn two_player_game() -> ArmyGame {
    let mut g = game(&["Ann", "Bob"]);
    for k in [General, Berserker, Grunt] {
        g.recruit(0, k).unwrap();
    }
    for k in [General, Grunt, Tank] {
        g.recruit(1, k).unwrap();
    }
    g.start(0).unwrap();
    g
}

#[test]
fn the_game_is_for_two_or_four_generals() {
    for n in [1, 3, 5] {
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        assert_eq!(
            ArmyGame::new(names, table()).unwrap_err(),
            ArmyError::PlayerCount(n)
        );
    }
    game(&["A", "B"]);
    game(&["A", "B", "C", "D"]);
}

#[test]
fn an_army_has_exactly_one_general() {
    let mut g = game(&["Ann", "Bob"]);
    g.recruit(0, General).unwrap();
    let err = g.recruit(0, General).unwrap_err();
    assert!(err.to_string().contains("exactly one"), "{err}");
    g.recruit(0, Grunt).unwrap();
    g.recruit(1, Tank).unwrap();
    let err = g.start(0).unwrap_err();
    assert!(
        err.to_string()
            .contains("Bob's army is not ready: the army has no General"),
        "{err}"
    );
}

#[test]
fn a_lone_general_is_not_an_army_and_the_game_does_not_start() {
    // Victory Conditions: only "the general left standing with an army" wins, so a lone General
    // would be out before its first turn; starting is refused instead of ending at once.
    let mut s = Saved::new("Duel", "New", game(&["Ann", "Bob"]));
    for (player, kind) in [(0, General), (1, General)] {
        s.act(tablemate::army::Action::Recruit { player, kind })
            .unwrap();
    }
    let before = s.clone();
    let err = s
        .act(tablemate::army::Action::Start { first: 0 })
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Ann's army is not ready: the army has no followers besides its General")
            && err.contains("Victory Conditions"),
        "{err}"
    );
    assert_eq!(s, before, "a refused start changes nothing");
    // One lone General is refused too: the other side would win before anyone moved.
    s.act(tablemate::army::Action::Recruit {
        player: 0,
        kind: Grunt,
    })
    .unwrap();
    let err = s
        .act(tablemate::army::Action::Start { first: 0 })
        .unwrap_err()
        .to_string();
    assert!(err.contains("Bob's army is not ready"), "{err}");
    s.act(tablemate::army::Action::Recruit {
        player: 1,
        kind: Scout,
    })
    .unwrap();
    s.act(tablemate::army::Action::Start { first: 0 }).unwrap();
    assert_eq!(s.current().turn(), Some(0), "two real armies play");
}

#[test]
fn cli_validate_refuses_an_army_list_of_a_lone_general() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lone.json");
    std::fs::write(
        &file,
        r#"{"data_kind":"army-list","name":"Ann","followers":["General"]}"#,
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["army", "validate", file.to_str().unwrap(), "--json"],
    );
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["ok"], false, "{}", out.stdout);
    assert!(
        v["problems"][0]
            .as_str()
            .unwrap()
            .contains("no followers besides its General"),
        "{}",
        out.stdout
    );
}

/// A started two-player save whose follower `(0, 1)` has a count at `u32::MAX` (`set`), as a
/// hand edit or an older version could leave it: still a valid save.
fn save_with_count_at_top(
    dir: &std::path::Path,
    set: fn(&mut tablemate::army::Follower),
) -> std::path::PathBuf {
    let mut g = two_player_game();
    set(&mut g.players[0].followers[1]);
    let s = Saved::new("Duel", "New", g);
    s.validate().unwrap();
    let store = tablemate::store::Store::open(dir).unwrap();
    store.save("duel", &s).unwrap();
    dir.join("saves").join("duel.json")
}

#[test]
fn a_resource_card_count_at_its_top_is_refused_not_wrapped() {
    let dir = tempfile::tempdir().unwrap();
    let file = save_with_count_at_top(dir.path(), |f| f.resource_cards = u32::MAX);
    let before = std::fs::read(&file).unwrap();
    let gather = r#"{"action":"gather-resource-card","follower":{"player":0,"index":1}}"#;
    let out = run(dir.path(), &["act", "duel", gather]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    says(
        &out.stderr,
        &["Berserker's Resource Cards gathered", "4294967295"],
    );
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing changed");
}

#[test]
fn a_kill_with_the_promotion_count_at_its_top_is_refused_not_wrapped() {
    let dir = tempfile::tempdir().unwrap();
    let file = save_with_count_at_top(dir.path(), |f| f.promotions_earned = u32::MAX);
    let before = std::fs::read(&file).unwrap();
    // Ann's Berserker (damage 3) kills Bob's Grunt (health 2).
    let kill =
        r#"{"action":"attack","attacker":{"player":0,"index":1},"target":{"player":1,"index":1}}"#;
    let out = run(dir.path(), &["act", "duel", kill]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    says(&out.stderr, &["promotions earned", "4294967295"]);
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing changed");
    // An attack that does not kill earns nothing, so it still goes through.
    let hit =
        r#"{"action":"attack","attacker":{"player":0,"index":1},"target":{"player":1,"index":2}}"#;
    let out = run(dir.path(), &["act", "duel", hit]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn an_army_has_ten_follower_points_counted_live() {
    let mut g = game(&["Ann", "Bob"]);
    let t = table();
    assert_eq!(g.players[0].army.remaining(&t), FOLLOWER_POINTS);
    g.recruit(0, General).unwrap();
    assert_eq!(g.players[0].army.remaining(&t), 10, "the General is free");
    g.recruit(0, Champion).unwrap();
    assert_eq!(g.players[0].army.remaining(&t), 4);
    g.recruit(0, Tank).unwrap();
    assert_eq!(g.players[0].army.remaining(&t), 1);
    g.dismiss(0, 1).unwrap();
    assert_eq!(g.players[0].army.remaining(&t), 7);
}

#[test]
fn overspending_is_refused_with_the_reason() {
    let mut g = game(&["Ann", "Bob"]);
    g.recruit(0, Champion).unwrap();
    g.recruit(0, Tank).unwrap();
    let err = g.recruit(0, Scout).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a Scout costs 2 Follower Points but Ann has only 1 of 10 left (Setup, Step 1)"
    );
    g.recruit(0, Grunt).unwrap();
    assert_eq!(g.players[0].army.spent(&table()), 10);
}

#[test]
fn an_army_is_secret_until_revealed() {
    let mut g = game(&["Ann", "Bob"]);
    g.recruit(0, General).unwrap();
    g.recruit(0, Assassin).unwrap();
    g.hide(0).unwrap();
    assert!(g.visible_army(0).is_none());
    let err = g.recruit(0, Grunt).unwrap_err();
    assert!(matches!(err, ArmyError::Hidden { .. }), "{err}");
    g.show(0).unwrap();
    assert_eq!(g.visible_army(0).map(|a| a.recruits.len()), Some(2));
    g.hide(0).unwrap();
    g.recruit(1, General).unwrap();
    g.recruit(1, Grunt).unwrap();
    g.start(1).unwrap();
    assert!(
        g.players.iter().all(|p| p.revealed),
        "starting reveals every army"
    );
    assert!(g.visible_army(0).is_some());
}

#[test]
fn armies_cannot_change_once_play_starts() {
    let mut g = two_player_game();
    assert_eq!(g.recruit(0, Grunt), Err(ArmyError::AlreadyStarted));
}

#[test]
fn start_puts_every_recruit_in_play_with_table_values() {
    let mut g = game(&["Ann", "Bob"]);
    for k in [General, Scout, Scout, Shield] {
        g.recruit(0, k).unwrap();
    }
    for k in [General, Grunt] {
        g.recruit(1, k).unwrap();
    }
    g.start(0).unwrap();
    let labels: Vec<&str> = g.players[0]
        .followers
        .iter()
        .map(|f| f.label.as_str())
        .collect();
    assert_eq!(labels, ["General", "Scout 1", "Scout 2", "Shield"]);
    let shield = &g.players[0].followers[3];
    assert_eq!(
        (
            shield.movement,
            shield.damage,
            shield.max_health,
            shield.health
        ),
        (1, 1, 4, 4)
    );
}

#[test]
fn more_pieces_than_starting_squares_is_flagged() {
    let mut g = game(&["Ann", "Bob"]);
    g.recruit(0, General).unwrap();
    for _ in 0..10 {
        g.recruit(0, Grunt).unwrap();
    }
    let warnings = g.players[0].army.warnings(&table());
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("only 10 starting squares")),
        "{warnings:?}"
    );
}

#[test]
fn an_attack_subtracts_damage_from_health() {
    let mut g = two_player_game();
    // Ann's Berserker (damage 3) attacks Bob's Tank (health 6).
    let r = g.attack(at(0, 1), at(1, 2)).unwrap();
    assert_eq!((r.damage, r.target_health, r.killed), (3, 3, false));
    assert!(!r.promotion_earned);
}

#[test]
fn a_kill_earns_the_attacker_a_promotion() {
    let mut g = two_player_game();
    let r = g.attack(at(0, 1), at(1, 1)).unwrap();
    assert!(r.killed && r.promotion_earned);
    let berserker = g.follower(at(0, 1)).unwrap();
    assert_eq!(berserker.promotions_pending(), 1);
    assert!(g.follower(at(1, 1)).unwrap().killed);
}

#[test]
fn a_promotion_is_spent_only_by_the_follower_that_earned_it() {
    let mut g = two_player_game();
    g.attack(at(0, 1), at(1, 1)).unwrap();
    let err = g.promote(at(0, 2), Promotion::Health).unwrap_err();
    assert!(matches!(err, ArmyError::NoPromotion { .. }), "{err}");
    g.promote(at(0, 1), Promotion::Movement).unwrap();
    let b = g.follower(at(0, 1)).unwrap();
    assert_eq!(b.movement, 2);
    assert_eq!(b.promotions_spent, [Promotion::Movement]);
}

#[test]
fn promoting_is_a_step_of_the_followers_own_turn() {
    // Turn Basics: a player's followers move, attack and promote in that player's turn; a
    // promotion cannot be taken during an opponent's turn (say, just before being attacked).
    let mut g = two_player_game();
    g.attack(at(0, 1), at(1, 1)).unwrap();
    g.end_turn().unwrap();
    let err = g.promote(at(0, 1), Promotion::Health).unwrap_err();
    assert!(matches!(err, ArmyError::NotYourTurn { .. }), "{err}");
    let b = g.follower(at(0, 1)).unwrap();
    assert_eq!((b.max_health, b.promotions_pending()), (2, 0));
}

#[test]
fn a_promotion_not_taken_before_another_follower_attacks_is_lost() {
    // Turn Basics: "4. Promote that follower" comes before "5. Choose another follower".
    let mut g = two_player_game();
    g.attack(at(0, 1), at(1, 1)).unwrap();
    g.attack(at(0, 2), at(1, 2)).unwrap();
    let before = g.clone();
    let err = g.promote(at(0, 1), Promotion::Damage).unwrap_err();
    assert!(matches!(err, ArmyError::PromotionPassed { .. }), "{err}");
    assert!(err.to_string().contains("Turn Basics"), "{err}");
    assert_eq!(g, before);
    assert_eq!(g.follower(at(0, 1)).unwrap().promotions_pending(), 0);
}

#[test]
fn a_promotion_not_taken_before_the_turn_ends_is_lost() {
    let mut g = two_player_game();
    g.attack(at(0, 1), at(1, 1)).unwrap();
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    assert_eq!(g.turn(), Some(0));
    let err = g.promote(at(0, 1), Promotion::Movement).unwrap_err();
    assert!(matches!(err, ArmyError::PromotionPassed { .. }), "{err}");
    assert_eq!(g.follower(at(0, 1)).unwrap().movement, 1);
}

#[test]
fn a_promotion_taken_in_its_step_after_a_resource_card_still_counts() {
    // Resource cards are applied the instant they are obtained, outside the order: gathering
    // one on the kill square does not pass the follower's step.
    let mut g = two_player_game();
    g.attack(at(0, 1), at(1, 1)).unwrap();
    g.gather_resource_card(at(0, 1)).unwrap();
    g.promote(at(0, 1), Promotion::Movement).unwrap();
    assert_eq!(g.follower(at(0, 1)).unwrap().movement, 2);
}

#[test]
fn tablemate_act_refuses_a_promotion_kept_past_its_step() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = tablemate::store::Store::open(dir.path()).unwrap();
        store
            .save("duel", &Saved::new("Duel", "New", two_player_game()))
            .unwrap();
    }
    let script = r#"{"action":"attack","attacker":{"player":0,"index":1},"target":{"player":1,"index":1}}
{"action":"attack","attacker":{"player":0,"index":2},"target":{"player":1,"index":2}}"#;
    let out = tablemate::cli::run_in(dir.path(), &["act", "duel", "-"], script);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let file = dir.path().join("saves").join("duel.json");
    let before = std::fs::read(&file).unwrap();
    let promote = r#"{"action":"promote","follower":{"player":0,"index":1},"promotion":"damage"}"#;
    let out = run(dir.path(), &["act", "duel", promote]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("Turn Basics"), "{}", out.stderr);
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn promotions_stop_at_the_caps() {
    let mut g = two_player_game();
    let id = at(0, 1);
    let stats = HandStats {
        movement: MAX_MOVEMENT,
        damage: MAX_DAMAGE,
        max_health: MAX_HEALTH,
        health: 1,
    };
    g.set_by_hand(id, stats).unwrap();
    g.attack(id, at(1, 1)).unwrap();
    for &p in Promotion::ALL {
        assert!(g.promote(id, p).is_err(), "{p:?} should be capped");
    }
}

#[test]
fn damaged_tank_cannot_promote_health_past_six() {
    let mut g = two_player_game();
    g.end_turn().unwrap();
    // Bob's Tank takes 4 damage by hand, then kills Ann's wounded Grunt.
    g.damage_by_hand(at(1, 2), 4).unwrap();
    g.damage_by_hand(at(0, 2), 1).unwrap();
    assert!(g.attack(at(1, 2), at(0, 2)).unwrap().killed);
    let err = g.promote(at(1, 2), Promotion::Health).unwrap_err();
    assert_eq!(
        err,
        ArmyError::HealthAtCap {
            name: "Tank".into(),
            value: 6
        }
    );
    let tank = g.follower(at(1, 2)).unwrap();
    assert_eq!((tank.max_health, tank.health), (6, 2));
}

#[test]
fn health_four_at_one_promotes_to_six_at_three() {
    let mut g = game(&["Ann", "Bob"]);
    for k in [General, Gladiator] {
        g.recruit(0, k).unwrap();
    }
    for k in [General, Grunt, Grunt] {
        g.recruit(1, k).unwrap();
    }
    g.start(0).unwrap();
    g.damage_by_hand(at(0, 1), 3).unwrap();
    g.attack(at(0, 1), at(1, 1)).unwrap();
    g.promote(at(0, 1), Promotion::Health).unwrap();
    let glad = g.follower(at(0, 1)).unwrap();
    assert_eq!((glad.max_health, glad.health), (6, 3));
}

#[test]
fn resource_card_values_may_pass_the_caps() {
    let mut g = two_player_game();
    g.set_by_hand(
        at(0, 2),
        HandStats {
            movement: 4,
            damage: 5,
            max_health: 9,
            health: 9,
        },
    )
    .unwrap();
    let f = g.follower(at(0, 2)).unwrap();
    assert_eq!((f.movement, f.damage, f.max_health, f.health), (4, 5, 9, 9));
}

#[test]
fn becoming_another_type_takes_its_starting_values() {
    let mut g = two_player_game();
    g.damage_by_hand(at(0, 2), 1).unwrap();
    g.become_kind(at(0, 2), Champion).unwrap();
    let f = g.follower(at(0, 2)).unwrap();
    assert_eq!(f.kind, Champion);
    assert_eq!((f.movement, f.damage, f.max_health, f.health), (2, 3, 4, 4));
}

#[test]
fn resource_cards_do_not_transform_the_general() {
    let mut g = two_player_game();
    assert_eq!(
        g.become_kind(at(0, 0), Champion),
        Err(ArmyError::GeneralNotAFollower)
    );
    assert_eq!(
        g.become_kind(at(0, 2), General),
        Err(ArmyError::BecomeGeneral)
    );
}

#[test]
fn only_the_player_to_move_attacks_and_each_follower_once_per_turn() {
    let mut g = two_player_game();
    let err = g.attack(at(1, 2), at(0, 1)).unwrap_err();
    assert!(err.to_string().contains("it is Ann's turn"), "{err}");
    g.attack(at(0, 1), at(1, 2)).unwrap();
    assert!(matches!(
        g.attack(at(0, 1), at(1, 2)),
        Err(ArmyError::AlreadyAttacked { .. })
    ));
    assert!(matches!(
        g.attack(at(0, 2), at(0, 1)),
        Err(ArmyError::SameSide { .. })
    ));
    assert_eq!(g.end_turn(), Ok(1));
    assert_eq!(g.end_turn(), Ok(0));
    g.attack(at(0, 1), at(1, 2)).unwrap();
}

#[test]
fn killing_the_other_general_wins() {
    let mut g = two_player_game();
    let r = g.attack(at(0, 1), at(1, 0)).unwrap();
    assert_eq!(r.winner, Some(0));
    assert_eq!(g.phase, Phase::Over { winner: Some(0) });
    assert!(g.summary().contains("Ann wins"), "{}", g.summary());
    assert!(matches!(g.end_turn(), Err(ArmyError::GameOver(_))));
}

#[test]
fn killing_all_other_followers_wins_even_with_their_general_alive() {
    let mut g = two_player_game();
    g.attack(at(0, 1), at(1, 1)).unwrap();
    g.damage_by_hand(at(1, 2), 5).unwrap();
    assert_eq!(g.winner(), None);
    g.attack(at(0, 2), at(1, 2)).unwrap();
    assert_eq!(g.winner(), Some(0));
    assert!(
        g.follower(at(1, 0)).unwrap().alive(),
        "Bob's General lives on"
    );
}

#[test]
fn in_a_four_player_game_the_last_general_standing_wins() {
    let mut g = game(&["A", "B", "C", "D"]);
    for p in 0..4 {
        g.recruit(p, General).unwrap();
        g.recruit(p, Champion).unwrap();
    }
    g.start(0).unwrap();
    g.damage_by_hand(at(1, 0), 2).unwrap();
    assert_eq!(g.winner(), None);
    assert_eq!(g.end_turn(), Ok(2), "B no longer stands: skipped");
    g.damage_by_hand(at(3, 1), 4).unwrap();
    assert_eq!(g.winner(), None);
    g.damage_by_hand(at(2, 0), 2).unwrap();
    assert_eq!(g.winner(), Some(0));
}

#[test]
fn an_army_game_survives_a_save_round_trip_and_validates() {
    let mut g = two_player_game();
    g.attack(at(0, 1), at(1, 1)).unwrap();
    g.promote(at(0, 1), Promotion::Damage).unwrap_err();
    g.promote(at(0, 1), Promotion::Health).unwrap();
    let saved = Saved::new("Friday", "New army game", g);
    let text = serde_json::to_string(&saved).unwrap();
    assert!(tablemate::games::check_save(tablemate::doc::Kind::Army, &text).is_ok());
    let back: Saved<ArmyGame> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, saved);
}

#[test]
fn validate_rejects_health_above_maximum() {
    let mut g = two_player_game();
    g.players[0].followers[1].health = 9;
    let err = g.validate().unwrap_err();
    assert_eq!(err.at, "players[0].followers[1].health");
    assert_eq!(err.problem, "9 is above max_health 2");
}

#[test]
fn validate_rejects_more_promotions_spent_than_earned() {
    let mut g = two_player_game();
    g.players[1].followers[2]
        .promotions_spent
        .push(Promotion::Damage);
    assert_eq!(
        g.validate().unwrap_err().at,
        "players[1].followers[2].promotions_spent"
    );
}

#[test]
fn a_player_name_used_twice_names_where_it_first_appears() {
    let mut g = two_player_game();
    g.players[1].name = g.players[0].name.clone();
    let err = g.validate().unwrap_err();
    assert_eq!(err.at, "players[1].name");
    assert_eq!(
        err.problem,
        format!("{:?} is used twice, first at players[0]", g.players[0].name)
    );
}

#[test]
fn validate_rejects_a_game_in_play_with_one_general_standing() {
    let mut g = two_player_game();
    g.players[1].followers[0].health = 0;
    g.players[1].followers[0].killed = true;
    let err = g.validate().unwrap_err();
    assert_eq!(err.at, "phase");
    assert!(err.problem.contains("the game is over"), "{err}");
}

proptest! {
    /// Whatever players try to recruit, an army never passes 10 points or one General.
    #[test]
    fn recruiting_never_overspends_or_doubles_the_general(kinds in prop::collection::vec(0usize..11, 0..30)) {
        let mut g = game(&["Ann", "Bob"]);
        let t = table();
        for k in kinds {
            let _ = g.recruit(0, FollowerKind::ALL[k]);
            let army = &g.players[0].army;
            prop_assert!(army.spent(&t) <= FOLLOWER_POINTS);
            prop_assert!(army.generals() <= 1);
            prop_assert_eq!(army.spent(&t) + army.remaining(&t), FOLLOWER_POINTS);
        }
    }

    /// Promotions never push a stat past its cap, and health never exceeds the maximum.
    #[test]
    fn promotions_never_pass_the_caps(
        kind in 1usize..11,
        hits in 0u8..6,
        choices in prop::collection::vec(0usize..3, 0..10),
    ) {
        let t = table();
        let stats = t.stats(FollowerKind::ALL[kind]);
        let mut f = tablemate::army::Follower::new(stats, "x".into());
        f.promotions_earned = 10;
        if hits < f.health { f.take_damage(hits); }
        for c in choices {
            let before = (f.movement, f.damage, f.max_health);
            let ok = f.promote(Promotion::ALL[c]).is_ok();
            prop_assert!(f.movement <= MAX_MOVEMENT.max(stats.movement));
            prop_assert!(f.damage <= MAX_DAMAGE.max(stats.damage));
            prop_assert!(f.max_health <= MAX_HEALTH.max(stats.health));
            prop_assert!(f.health <= f.max_health);
            if !ok { prop_assert_eq!(before, (f.movement, f.damage, f.max_health)); }
        }
    }
}

#[test]
fn cli_validate_json_reports_a_playable_army() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ann.json");
    std::fs::write(
        &file,
        r#"{"data_kind":"army-list","name":"Ann","followers":["General","tank","Scout","Scout"]}"#,
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["army", "validate", file.to_str().unwrap(), "--json"],
    );
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["spent"], 7);
    assert_eq!(v["remaining"], 3);
    assert_eq!(v["followers"][1]["kind"], "tank");
    assert_eq!(v["followers"][1]["health"], 6);
    assert_eq!(v["problems"], serde_json::json!([]));
    assert!(v["warnings"][0].as_str().unwrap().contains("3 of the 10"));
}

#[test]
fn cli_validate_json_lists_every_problem() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(
        &file,
        r#"{"data_kind":"army-list","followers":["Knight","Champion","Protector","Grunt"]}"#,
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["army", "validate", file.to_str().unwrap(), "--json"],
    );
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    let problems: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .collect();
    assert!(problems[0].starts_with("followers[0]: \"Knight\" is not a follower type"));
    assert!(problems[1].contains("no General"));
    assert!(problems[2].contains("costs 11 Follower Points, 1 more than the 10 allowed"));
}

#[test]
fn cli_validate_names_an_unreadable_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken.json");
    std::fs::write(&file, "{ not json").unwrap();
    let out = run(
        dir.path(),
        &["army", "validate", file.to_str().unwrap(), "--json"],
    );
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(v["error"].as_str().unwrap().contains("broken.json"));
}

#[test]
fn cli_validate_uses_the_users_follower_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut table: serde_json::Value =
        serde_json::from_str(tablemate::bundled::get("data/army/followers.json").unwrap()).unwrap();
    table["followers"][1]["cost"] = 5.into();
    std::fs::create_dir_all(dir.path().join("data/army")).unwrap();
    std::fs::write(
        dir.path().join("data/army/followers.json"),
        table.to_string(),
    )
    .unwrap();
    let file = dir.path().join("grunts.json");
    std::fs::write(
        &file,
        r#"{"data_kind":"army-list","followers":["General","Grunt","Grunt","Grunt"]}"#,
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["army", "validate", file.to_str().unwrap(), "--json"],
    );
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["spent"], 15);
    assert_eq!(v["ok"], false);
}

#[test]
fn cli_show_json_keeps_a_hidden_army_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = game(&["Ann", "Bob"]);
    g.recruit(0, General).unwrap();
    g.recruit(0, Assassin).unwrap();
    g.hide(0).unwrap();
    g.recruit(1, General).unwrap();
    {
        let store = tablemate::store::Store::open(dir.path()).unwrap();
        store.save("duel", &Saved::new("Duel", "New", g)).unwrap();
    }
    let out = run(dir.path(), &["army", "show", "duel", "--json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("assassin"), "{}", out.stdout);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["phase"]["phase"], "building");
    assert_eq!(v["players"][0]["hidden"], true);
    assert_eq!(v["players"][0]["army"], serde_json::Value::Null);
    assert_eq!(
        v["players"][1]["army"]["recruits"],
        serde_json::json!(["general"])
    );
}

#[test]
fn army_new_starts_a_game_headless_that_act_can_play() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &[
            "army", "new", "--player", "Ann", "--player", "Bob", "--json",
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let id = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["title"], "Ann vs Bob");
    let script = r#"{"action":"recruit","player":0,"kind":"general"}
{"action":"recruit","player":0,"kind":"grunt"}
{"action":"recruit","player":1,"kind":"general"}
{"action":"recruit","player":1,"kind":"tank"}
{"action":"start","first":1}"#;
    let out = tablemate::cli::run_in(dir.path(), &["act", &id, "-"], script);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let back: Saved<ArmyGame> = tablemate::store::Store::open(dir.path())
        .unwrap()
        .load(&id)
        .unwrap();
    assert_eq!(back.current().turn(), Some(1));
    assert_eq!(back.history.len(), 6);
}

#[test]
fn army_new_takes_a_title_and_prints_the_id_without_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &[
            "army",
            "new",
            "--player",
            "Ann",
            "--player",
            "Bob",
            "--player",
            "Cy",
            "--player",
            "Di",
            "--title",
            "Club night",
        ],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out
        .stdout
        .strip_prefix("created ")
        .unwrap()
        .split(':')
        .next()
        .unwrap();
    let back: Saved<ArmyGame> = tablemate::store::Store::open(dir.path())
        .unwrap()
        .load(id)
        .unwrap();
    assert_eq!(back.title, "Club night");
    assert_eq!(back.current().players.len(), 4);
}

#[test]
fn army_new_refuses_three_generals_and_saves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &[
            "army", "new", "--player", "Ann", "--player", "Bob", "--player", "Cy",
        ],
    );
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("3"), "{}", out.stderr);
    let saves = dir.path().join("saves");
    let count = std::fs::read_dir(&saves).map_or(0, |d| d.count());
    assert_eq!(count, 0);
}

#[test]
fn tablemate_check_knows_army_files() {
    let table = tablemate::bundled::get("data/army/followers.json").unwrap();
    let report = tablemate::store::check_bytes(table.as_bytes()).unwrap();
    assert!(report.to_string().contains("11 follower types"), "{report}");
    let list = br#"{"data_kind":"army-list","followers":["General","Champion","Grunt"]}"#;
    let report = tablemate::store::check_bytes(list).unwrap();
    assert!(
        report.to_string().contains("playable army of 3 pieces"),
        "{report}"
    );
}

/// Whole-app flow: write two armies and start play from the home screen; the game is saved
/// after every change and listed with its summary.
#[cfg(feature = "gui")]
#[test]
fn gui_army_game_is_autosaved() {
    use tablemate::gui::army::Message as Am;
    use tablemate::gui::{App, Message};

    let dir = tempfile::tempdir().unwrap();
    {
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::Home(tablemate::gui::home::Message::NewGame(
            tablemate::doc::Kind::Army,
        )));
        for m in [
            Am::Name(0, "Ann".into()),
            Am::Name(1, "Bob".into()),
            Am::Start,
            Am::Recruit(General),
            Am::Recruit(Scout),
            Am::Editing(1),
            Am::Recruit(General),
            Am::Recruit(Tank),
            Am::First(1),
            Am::BeginPlay,
        ] {
            let _ = app.update(Message::from(m));
        }
    }
    let store = tablemate::store::Store::open(dir.path()).unwrap();
    let listings = store.list();
    assert_eq!(listings.len(), 1);
    match &listings[0].status {
        tablemate::store::ListingStatus::Ok { summary, .. } => {
            assert!(summary.contains("Bob's turn"), "{summary}");
        }
        other => panic!("{other:?}"),
    }
}
