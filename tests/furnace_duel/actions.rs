//! Every change to a campaign as an `Action` through `Saved::act`: each action from its JSON
//! form, refusals that change nothing, and random play whose every state saves and validates.

use proptest::prelude::*;
use tablemate::doc::Saved;
use tablemate::furnace_duel::{Action, BoardId, Campaign, GeneralAchievement, Seat, Settings};

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
            r.first_player_token = t;
            Action::RecordResult { result: r }
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
