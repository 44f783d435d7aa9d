//! Every change to the sheets as an `Action` through `Saved::act` (the screen's and `tablemate
//! act`'s path): each action from its JSON form, refusals that change nothing, secrecy of the
//! labels, and random play whose every state saves and validates.

use proptest::prelude::*;
use tablemate::army::{Action, ArmyGame, FollowerKind, FollowerRef, HandStats, Phase, Promotion};
use tablemate::doc::Saved;

use super::{at, game, two_player_game};

fn saved(g: ArmyGame) -> Saved<ArmyGame> {
    Saved::new("Test", "New army game", g)
}

/// Applies the JSON form of an action, as `tablemate act` and the screen do.
fn act(s: &mut Saved<ArmyGame>, json: &str) -> Result<String, String> {
    let action: Action = serde_json::from_str(json).map_err(|e| format!("bad JSON: {e}"))?;
    s.act(action).map(|a| a.label).map_err(|e| e.to_string())
}

#[test]
fn writing_an_army_never_names_the_recruit_in_the_history() {
    let mut s = saved(game(&["Ann", "Bob"]));
    for json in [
        r#"{"action":"recruit","player":0,"kind":"general"}"#,
        r#"{"action":"recruit","player":0,"kind":"tank"}"#,
        r#"{"action":"dismiss","player":0,"index":1}"#,
    ] {
        assert_eq!(act(&mut s, json).unwrap(), "Ann writes their army");
    }
    assert_eq!(
        act(&mut s, r#"{"action":"hide","player":0}"#).unwrap(),
        "Ann hides their army"
    );
    assert_eq!(
        act(&mut s, r#"{"action":"show","player":0}"#).unwrap(),
        "Ann shows their army"
    );
    assert_eq!(s.current().players[0].army.recruits.len(), 1);
}

#[test]
fn start_action_reveals_the_armies_with_the_first_player() {
    let mut s = saved(game(&["Ann", "Bob"]));
    for (p, k) in [(0, "general"), (0, "grunt"), (1, "general"), (1, "grunt")] {
        act(
            &mut s,
            &format!(r#"{{"action":"recruit","player":{p},"kind":"{k}"}}"#),
        )
        .unwrap();
    }
    let label = act(&mut s, r#"{"action":"start","first":1}"#).unwrap();
    assert_eq!(label, "Armies revealed; Bob goes first");
    assert_eq!(s.current().turn(), Some(1));
}

#[test]
fn attack_promote_and_end_turn_actions_are_labelled_as_on_screen() {
    let mut s = saved(two_player_game());
    let label = act(
        &mut s,
        r#"{"action":"attack","attacker":{"player":0,"index":1},"target":{"player":1,"index":1}}"#,
    )
    .unwrap();
    assert!(label.contains("attacks Bob's Grunt"), "{label}");
    assert!(label.ends_with("earns a promotion"), "{label}");
    let label = act(
        &mut s,
        r#"{"action":"promote","follower":{"player":0,"index":1},"promotion":"movement"}"#,
    )
    .unwrap();
    assert!(label.starts_with("Ann's Berserker"), "{label}");
    assert_eq!(
        act(&mut s, r#"{"action":"end-turn"}"#).unwrap(),
        "Ann ends the turn; Bob to play"
    );
}

#[test]
fn resource_card_actions_go_through_act() {
    let mut s = saved(two_player_game());
    let label = act(
        &mut s,
        r#"{"action":"set-by-hand","follower":{"player":0,"index":2},"stats":{"movement":3,"damage":2,"max_health":5,"health":4}}"#,
    )
    .unwrap();
    assert!(label.contains("health 4/5"), "{label}");
    let label = act(
        &mut s,
        r#"{"action":"damage-by-hand","follower":{"player":0,"index":2},"amount":1}"#,
    )
    .unwrap();
    assert!(label.ends_with("takes 1 damage (by hand)"), "{label}");
    let label = act(
        &mut s,
        r#"{"action":"become","follower":{"player":1,"index":1},"kind":"scout"}"#,
    )
    .unwrap();
    assert!(label.starts_with("Bob's Grunt becomes a"), "{label}");
    let label = act(
        &mut s,
        r#"{"action":"gather-resource-card","follower":{"player":1,"index":2}}"#,
    )
    .unwrap();
    assert!(label.ends_with("gathers a Resource Card"), "{label}");
    assert_eq!(s.history.len(), 5);
}

#[test]
fn a_refused_action_changes_nothing_and_names_the_rule() {
    let mut s = saved(two_player_game());
    let before = s.clone();
    // Bob's follower attacking on Ann's turn (Turn Basics).
    let err = act(
        &mut s,
        r#"{"action":"attack","attacker":{"player":1,"index":1},"target":{"player":0,"index":1}}"#,
    )
    .unwrap_err();
    assert!(err.contains("it is Ann's turn"), "{err}");
    assert_eq!(s, before);
    let err = act(&mut s, r#"{"action":"recruit","player":0,"kind":"tank"}"#).unwrap_err();
    assert!(err.contains("before the game starts"), "{err}");
    assert_eq!(s, before);
}

fn any_ref() -> impl Strategy<Value = FollowerRef> {
    (0usize..2, 0usize..5).prop_map(|(player, index)| at(player, index))
}

fn any_action() -> impl Strategy<Value = Action> {
    let kind = (0..FollowerKind::ALL.len()).prop_map(|i| FollowerKind::ALL[i]);
    let promotion = (0..Promotion::ALL.len()).prop_map(|i| Promotion::ALL[i]);
    prop_oneof![
        (0usize..3, kind.clone()).prop_map(|(player, kind)| Action::Recruit { player, kind }),
        (0usize..2, 0usize..5).prop_map(|(player, index)| Action::Dismiss { player, index }),
        (0usize..2).prop_map(|player| Action::Hide { player }),
        (0usize..2).prop_map(|player| Action::Show { player }),
        (0usize..2).prop_map(|first| Action::Start { first }),
        (any_ref(), any_ref()).prop_map(|(attacker, target)| Action::Attack { attacker, target }),
        (any_ref(), promotion).prop_map(|(follower, promotion)| Action::Promote {
            follower,
            promotion
        }),
        Just(Action::EndTurn {}),
        (any_ref(), 0u8..8, 0u8..8, 0u8..8, 0u8..8).prop_map(|(follower, m, d, mh, h)| {
            Action::SetByHand {
                follower,
                stats: HandStats {
                    movement: m,
                    damage: d,
                    max_health: mh,
                    health: h,
                },
            }
        }),
        (any_ref(), 0u8..8)
            .prop_map(|(follower, amount)| Action::DamageByHand { follower, amount }),
        (any_ref(), kind).prop_map(|(follower, kind)| Action::Become { follower, kind }),
        any_ref().prop_map(|follower| Action::GatherResourceCard { follower }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_reached_army_game_saves_loads_and_validates(
        started in any::<bool>(),
        actions in prop::collection::vec(any_action(), 1..80),
    ) {
        let mut s = saved(if started { two_player_game() } else { game(&["Ann", "Bob"]) });
        for action in actions {
            crate::shared::act_and_check(&mut s, action)?;
        }
    }
}

#[test]
fn tablemate_act_plays_an_army_save_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    // The store holds the data folder's lock while open: let it go before the CLI runs.
    let open = || tablemate::store::Store::open(dir.path()).unwrap();
    open().save("duel", &saved(two_player_game())).unwrap();
    let script = r#"{"action":"attack","attacker":{"player":0,"index":1},"target":{"player":1,"index":2}}
{"action":"end-turn"}"#;
    let out = tablemate::cli::run_in(dir.path(), &["act", "duel", "-"], script);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("Ann ends the turn; Bob to play"),
        "{}",
        out.stdout
    );
    let back: Saved<ArmyGame> = open().load("duel").unwrap();
    assert_eq!(back.history.len(), 3);
    assert_eq!(back.current().turn(), Some(1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// `deny_unknown_fields`: an extra field anywhere in an action is refused.
    #[test]
    fn every_army_action_refuses_an_extra_field(action in any_action()) {
        crate::shared::an_extra_field_anywhere_is_refused(&action)?;
    }
}

/// Every action a player could legally make from `g`, as the window offers them: recruits the
/// points pay for, a start once every army is ready; in play, each attack by a follower of the
/// player to move that has not attacked, each promotion it may take now, and ending the turn.
fn legal_actions(g: &ArmyGame) -> Vec<Action> {
    let n = g.players.len();
    let alive = |p: usize| {
        g.players[p]
            .followers
            .iter()
            .enumerate()
            .filter(|(_, f)| f.alive())
            .map(move |(index, _)| at(p, index))
            .collect::<Vec<_>>()
    };
    match g.phase {
        Phase::Building => {
            let mut out = Vec::new();
            for (player, pl) in g.players.iter().enumerate() {
                for &kind in FollowerKind::ALL {
                    let affordable = g.table.stats(kind).cost <= pl.army.remaining(&g.table);
                    if affordable && !(kind.is_general() && pl.army.generals() > 0) {
                        out.push(Action::Recruit { player, kind });
                    }
                }
            }
            if g.players
                .iter()
                .all(|p| p.army.problems(&g.table).is_empty())
            {
                out.extend((0..n).map(|first| Action::Start { first }));
            }
            out
        }
        Phase::Playing { turn } => {
            let mut out = vec![Action::EndTurn {}];
            for attacker in alive(turn) {
                let f = g.follower(attacker).unwrap();
                for &promotion in Promotion::ALL {
                    if f.promotion_refusal(promotion).is_none() {
                        out.push(Action::Promote {
                            follower: attacker,
                            promotion,
                        });
                    }
                }
                if f.attacked_this_turn {
                    continue;
                }
                for target in (0..n).filter(|p| *p != turn).flat_map(alive) {
                    out.push(Action::Attack { attacker, target });
                }
            }
            out
        }
        Phase::Over { .. } => Vec::new(),
    }
}

/// What the game's own records must never contradict after legal play: promotions are
/// pending only for the follower acting now (Turn Basics, step 4 before step 5); every
/// promotion earned is a kill; the game is over exactly when at most one general stands with
/// an army, and its winner is that general (Victory Conditions).
fn records_agree(g: &ArmyGame, acting: Option<FollowerRef>) -> Result<(), TestCaseError> {
    let followers = || {
        g.players.iter().enumerate().flat_map(|(p, pl)| {
            pl.followers
                .iter()
                .enumerate()
                .map(move |(i, f)| (at(p, i), f))
        })
    };
    for (here, f) in followers() {
        if f.promotions_pending() > 0 {
            prop_assert_eq!(
                Some(here),
                acting,
                "{} keeps a promotion past its step",
                f.label
            );
        }
        prop_assert!(
            f.promotions_spent.len() as u64 + u64::from(f.promotions_lapsed)
                <= u64::from(f.promotions_earned)
        );
    }
    let earned: u64 = followers()
        .map(|(_, f)| u64::from(f.promotions_earned))
        .sum();
    let killed = followers().filter(|(_, f)| f.killed).count() as u64;
    prop_assert_eq!(earned, killed, "every promotion is one kill");
    let standing = g.standing();
    match g.phase {
        Phase::Building => {}
        Phase::Playing { turn } => {
            prop_assert!(standing.len() >= 2, "play goes on with {:?}", standing);
            prop_assert!(standing.contains(&turn), "a fallen general has the turn");
        }
        Phase::Over { winner } => {
            prop_assert!(standing.len() <= 1);
            prop_assert_eq!(winner, standing.first().copied());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random LEGAL play from empty sheets to the end, every action through `Saved::act`: each
    /// is accepted, each reached state saves, loads and validates, and the records agree.
    #[test]
    fn random_legal_play_never_contradicts_the_records(
        four in any::<bool>(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 1..300),
    ) {
        let names: &[&str] = if four { &["Ann", "Bob", "Cy", "Di"] } else { &["Ann", "Bob"] };
        let mut s = saved(game(names));
        let mut acting: Option<FollowerRef> = None;
        for choice in choices {
            let options = legal_actions(s.current());
            if options.is_empty() {
                break;
            }
            let action = choice.get(&options).clone();
            crate::shared::act_legal(&mut s, action.clone())?;
            match action {
                Action::Attack { attacker, .. } => acting = Some(attacker),
                Action::EndTurn {} => acting = None,
                _ => {}
            }
            records_agree(s.current(), acting)?;
        }
    }
}
