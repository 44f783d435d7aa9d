//! Every change to a campaign as an `Action` through `Saved::act`: each action from its JSON
//! form, refusals that change nothing, and random play whose every state saves and validates.

use proptest::prelude::*;
use tablemate::doc::{Playable, Saved};
use tablemate::furnace_duel::{
    Action, BoardId, Campaign, DecidedBy, GameResult, GeneralAchievement, Seat, Settings, Tally,
};

use super::{campaign, result};

fn saved() -> Saved<Campaign> {
    Saved::new("Test", "New campaign", campaign(Settings::default()))
}

/// Applies the JSON form of an action, as `tablemate act` and the pad's screen do.
fn act(s: &mut Saved<Campaign>, json: &str) -> Result<String, String> {
    let action: Action = serde_json::from_str(json).map_err(|e| format!("bad JSON: {e}"))?;
    s.act(action).map(|a| a.label).map_err(|e| e.to_string())
}

#[test]
fn record_result_action_scores_the_game_under_a_label_naming_the_winner() {
    let mut s = saved();
    let label = act(
        &mut s,
        r#"{"action":"record-result","result":{"tallies":[{"cash":50},{"cash":40}],"first_player_token":"a"}}"#,
    )
    .unwrap();
    assert_eq!(
        label,
        "Game 1 (Britain): result Ann 50 – Bob 40; Ann wins (most money)"
    );
    assert_eq!(s.history.len(), 2);
    assert!(s.current().outcome(0).is_some());
}

#[test]
fn next_board_action_is_labelled_with_the_chooser() {
    let mut s = saved();
    s.act(Action::RecordResult {
        result: result(40, 50),
    })
    .unwrap();
    let label = act(&mut s, r#"{"action":"next-board","board":"alps"}"#).unwrap();
    assert!(label.starts_with("Bob picks "), "{label}");
    assert!(label.ends_with(" for game 2"), "{label}");
    assert_eq!(s.current().games[1].board, BoardId::Alps);
}

#[test]
fn board_achievement_actions_claim_and_withdraw() {
    let mut s = saved();
    s.act(Action::RecordResult {
        result: result(50, 40),
    })
    .unwrap();
    act(&mut s, r#"{"action":"next-board","board":"alps"}"#).unwrap();
    let label = act(&mut s, r#"{"action":"claim-board","seat":"b"}"#).unwrap();
    assert!(
        label.contains("Bob reaches the special achievement first"),
        "{label}"
    );
    let label = act(&mut s, r#"{"action":"withdraw-board"}"#).unwrap();
    assert!(label.contains("withdrawn"), "{label}");
}

#[test]
fn general_achievement_actions_claim_and_withdraw() {
    let mut s = saved();
    let json = r#"{"action":"claim-general","seat":"a","achievement":"triple-upgrade"}"#;
    let label = act(&mut s, json).unwrap();
    assert!(label.contains("Ann scores"), "{label}");
    let err = act(&mut s, json).unwrap_err();
    assert!(err.contains("only once per player per campaign"), "{err}");
    act(
        &mut s,
        r#"{"action":"withdraw-general","seat":"a","achievement":"triple-upgrade"}"#,
    )
    .unwrap();
}

#[test]
fn runner_up_note_and_bonus_actions_go_through_act() {
    let mut s = saved();
    s.act(Action::RecordResult {
        result: result(50, 40),
    })
    .unwrap();
    let label = act(
        &mut s,
        r#"{"action":"set-runner-up-note","note":"two Coal"}"#,
    )
    .unwrap();
    assert!(label.ends_with("runner-up kept “two Coal”"), "{label}");
    act(&mut s, r#"{"action":"next-board","board":"baltic-sea"}"#).unwrap();
    // Britain's token is always in effect: nothing to mark as used.
    let err = act(
        &mut s,
        r#"{"action":"use-bonus","seat":"b","from":"britain"}"#,
    )
    .unwrap_err();
    assert!(err.contains("always in effect"), "{err}");
    s.act(Action::RecordResult {
        result: result(50, 40),
    })
    .unwrap();
    act(&mut s, r#"{"action":"next-board","board":"alps"}"#).unwrap();
    // Bob was the Baltic Sea's runner-up and keeps a Ferry token, usable once a game.
    let err = act(
        &mut s,
        r#"{"action":"use-bonus","seat":"a","from":"baltic-sea"}"#,
    )
    .unwrap_err();
    assert!(err.contains("does not hold"), "{err}");
    let label = act(
        &mut s,
        r#"{"action":"use-bonus","seat":"b","from":"baltic-sea"}"#,
    )
    .unwrap();
    assert!(label.contains("Bob uses the "), "{label}");
    let label = act(
        &mut s,
        r#"{"action":"unuse-bonus","seat":"b","from":"baltic-sea"}"#,
    )
    .unwrap();
    assert!(label.contains("bonus use taken back"), "{label}");
}

#[test]
fn a_refused_action_changes_nothing() {
    let mut s = saved();
    let before = s.clone();
    let err = act(&mut s, r#"{"action":"next-board","board":"alps"}"#).unwrap_err();
    assert!(err.contains("enter the result of game 1 first"), "{err}");
    assert_eq!(s, before);
    assert!(act(&mut s, r#"{"action":"claim-board","seat":"a"}"#).is_err());
    assert_eq!(s, before);
}

#[test]
fn an_unknown_field_in_an_action_is_refused_not_ignored() {
    let mut s = saved();
    let err = act(&mut s, r#"{"action":"claim-board","seat":"a","sneaky":1}"#).unwrap_err();
    assert!(err.contains("unknown field"), "{err}");
}

fn any_action() -> impl Strategy<Value = Action> {
    let seat = prop_oneof![Just(Seat::A), Just(Seat::B)];
    let board = (0..BoardId::ALL.len()).prop_map(|i| BoardId::ALL[i]);
    let general = (0..GeneralAchievement::ALL.len()).prop_map(|i| GeneralAchievement::ALL[i]);
    prop_oneof![
        (0u32..80, 0u32..80, seat.clone()).prop_map(|(a, b, t)| {
            let mut r = result(a, b);
            r.first_player_token = Some(t);
            Action::RecordResult { result: r }
        }),
        (seat.clone(), 0u32..80, seat.clone()).prop_map(|(seat, cash, first_player_token)| {
            Action::RecordTally {
                seat,
                tally: Tally {
                    cash,
                    ..Tally::default()
                },
                first_player_token: Some(first_player_token),
            }
        }),
        seat.clone().prop_map(|seat| Action::ClaimBoard { seat }),
        Just(Action::WithdrawBoard {}),
        (seat.clone(), general.clone())
            .prop_map(|(seat, achievement)| Action::ClaimGeneral { seat, achievement }),
        (seat.clone(), general)
            .prop_map(|(seat, achievement)| Action::WithdrawGeneral { seat, achievement }),
        (seat.clone(), board.clone()).prop_map(|(seat, from)| Action::UseBonus { seat, from }),
        (seat, board.clone()).prop_map(|(seat, from)| Action::UnuseBonus { seat, from }),
        "[a-z ]{0,12}".prop_map(|note| Action::SetRunnerUpNote { note }),
        board.prop_map(|board| Action::NextBoard { board }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_reached_campaign_saves_loads_and_validates(actions in prop::collection::vec(any_action(), 1..60)) {
        let mut s = saved();
        for action in actions {
            // The action's own JSON form is what scripts send: `act_and_check` round-trips it.
            crate::shared::act_and_check(&mut s, action)?;
        }
    }
}

/// A tally as a player might count it: small numbers mostly, now and then cash near the top of
/// its range (the sum must still fit, or the result is not a legal entry).
fn any_tally() -> impl Strategy<Value = Tally> {
    let cash = prop_oneof![4 => 0u32..150, 1 => (u32::MAX - 400)..=u32::MAX];
    (cash, 0u32..12, 0u32..30, 0u32..15, 0u32..40).prop_map(
        |(cash, tech_tokens, board_bonus, company_cards, resources)| Tally {
            cash,
            tech_tokens,
            board_bonus,
            company_cards,
            resources,
        },
    )
}

/// The actions a player could enter now: every candidate the campaign accepts. Results come
/// from `tallies`; the rest are every claim, withdrawal, bonus use and board pick.
fn legal_actions(c: &Campaign, tallies: [Tally; 2], token: Seat) -> Vec<Action> {
    let mut candidates = vec![
        Action::RecordResult {
            result: GameResult {
                tallies,
                first_player_token: Some(token),
            },
        },
        Action::WithdrawBoard {},
    ];
    for seat in Seat::BOTH {
        // Each player's own half, with the token as this step's result says.
        candidates.push(Action::RecordTally {
            seat,
            tally: tallies[seat.index()],
            first_player_token: Some(token),
        });
        candidates.push(Action::ClaimBoard { seat });
        for &achievement in GeneralAchievement::ALL {
            candidates.push(Action::ClaimGeneral { seat, achievement });
            candidates.push(Action::WithdrawGeneral { seat, achievement });
        }
        for &from in BoardId::ALL {
            candidates.push(Action::UseBonus { seat, from });
            candidates.push(Action::UnuseBonus { seat, from });
        }
    }
    candidates.extend(
        c.available_boards()
            .into_iter()
            .map(|board| Action::NextBoard { board }),
    );
    candidates
        .into_iter()
        .filter(|a| c.clone().act(a.clone()).is_ok())
        .collect()
}

/// What the pad's own records must never contradict: each game's money and winner by the book's
/// order (GAME END, p. 7), recomputed in wide arithmetic; each board picked by the previous
/// game's winner; each General Achievement scored once per player per campaign (p. 8); every
/// row and column total the sum of its parts.
fn records_agree(c: &Campaign) -> Result<(), TestCaseError> {
    prop_assert!(c.sum_overflow().is_none());
    let outcomes = c.outcomes();
    for (i, game) in c.games.iter().enumerate() {
        if i > 0 {
            prop_assert_eq!(game.chosen_by, outcomes[i - 1].map(|o| o.winner));
        }
        let (Some(r), Some(o)) = (&game.result, outcomes[i]) else {
            continue;
        };
        let values = c.tech_values(i);
        let money = [0, 1].map(|k| {
            let t = r.tallies[k];
            u64::from(t.cash)
                + u64::from(t.board_bonus)
                + u64::from(t.tech_tokens) * u64::from(values[k])
        });
        prop_assert_eq!(o.money.map(u64::from), money);
        let key = |k: usize| (money[k], r.tallies[k].company_cards, r.tallies[k].resources);
        let expected = match key(0).cmp(&key(1)) {
            std::cmp::Ordering::Greater => Seat::A,
            std::cmp::Ordering::Less => Seat::B,
            std::cmp::Ordering::Equal => r.first_player_token.unwrap_or(Seat::A),
        };
        prop_assert_eq!(o.winner, expected);
        if key(0) == key(1) {
            prop_assert_eq!(o.decided_by, DecidedBy::FirstPlayerToken);
        }
    }
    for seat in Seat::BOTH {
        for &achievement in GeneralAchievement::ALL {
            let times = c
                .games
                .iter()
                .flat_map(|g| &g.general_achievements)
                .filter(|claim| claim.seat == seat && claim.achievement == achievement)
                .count();
            prop_assert!(
                times <= 1,
                "{:?} scored {:?} {} times",
                seat,
                achievement,
                times
            );
        }
    }
    let sheet = c.sheet();
    for k in 0..2 {
        let mut points = 0u64;
        for row in &sheet.rows {
            let parts = u64::from(row.winner_points[k])
                + u64::from(row.board_achievement[k])
                + u64::from(row.general_achievements[k]);
            prop_assert_eq!(u64::from(row.campaign_points[k]), parts);
            points += parts;
        }
        prop_assert_eq!(u64::from(sheet.campaign_points[k]), points);
        let total = points + u64::from(sheet.final_scores[k].unwrap_or(0));
        prop_assert_eq!(u64::from(sheet.totals[k]), total);
    }
    prop_assert!(c.games.len() <= 6);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random LEGAL play through `Saved::act`, results entered with random tallies: every
    /// reached campaign saves, loads and validates, and the records agree.
    #[test]
    fn random_legal_play_never_contradicts_the_records(
        steps in prop::collection::vec(
            (any::<prop::sample::Index>(), any_tally(), any_tally(), any::<bool>()),
            1..80,
        ),
    ) {
        let mut s = saved();
        for (choice, a, b, token) in steps {
            let token = if token { Seat::A } else { Seat::B };
            let options = legal_actions(s.current(), [a, b], token);
            if options.is_empty() {
                break;
            }
            let action = choice.get(&options).clone();
            crate::shared::act_legal(&mut s, action)?;
            records_agree(s.current())?;
        }
    }
}
