//! Each player enters their own tally (docs/furnace-duel.md, "Each player enters their own
//! tally"; GAME END, p. 7): a half waits until the other's is in, then both make the result
//! exactly as one entry of both would; either half may be corrected before; the half-filled
//! pad saves, loads, validates and undoes.

use tablemate::doc::{GameDoc, Saved};
use tablemate::furnace_duel::{Action, Campaign, CampaignError, Half, Seat, Settings, Tally};

use super::{campaign, money, result};

fn saved() -> Saved<Campaign> {
    Saved::new("Test", "New campaign", campaign(Settings::default()))
}

fn tally(s: &mut Saved<Campaign>, seat: Seat, cash: u32, token: Seat) -> Result<String, String> {
    tally_says(s, seat, cash, Some(token))
}

/// A half whose player may leave the token out (`None`): a phone's "only on a tie".
fn tally_says(
    s: &mut Saved<Campaign>,
    seat: Seat,
    cash: u32,
    token: Option<Seat>,
) -> Result<String, String> {
    s.act(Action::RecordTally {
        seat,
        tally: money(cash),
        first_player_token: token,
    })
    .map(|a| a.label)
    .map_err(|e| e.to_string())
}

#[test]
fn one_players_tally_waits_for_the_others_and_makes_no_result() {
    let mut s = saved();
    let label = tally(&mut s, Seat::A, 50, Seat::A).expect("Ann's half");
    assert_eq!(
        label,
        "Game 1 (Britain): Ann's tally in (50 money); waiting for Bob's"
    );
    let game = &s.current().games[0];
    assert!(game.result.is_none());
    assert_eq!(
        game.halves[0],
        Some(Half {
            tally: money(50),
            first_player_token: Some(Seat::A)
        })
    );
    assert!(
        s.current().next_chooser().is_none(),
        "no winner picks a board yet"
    );
}

#[test]
fn both_tallies_in_make_the_same_result_as_entering_both_at_once() {
    let mut s = saved();
    tally(&mut s, Seat::B, 40, Seat::A).expect("Bob's half");
    let label = tally(&mut s, Seat::A, 40, Seat::A).expect("Ann's half");
    let mut at_once = campaign(Settings::default());
    at_once.record_result(result(40, 40)).expect("both at once");
    assert_eq!(s.current().games[0].result, at_once.games[0].result);
    assert_eq!(s.current().outcome(0), at_once.outcome(0));
    assert_eq!(
        label,
        "Game 1 (Britain): result Ann 40 – Bob 40; Ann wins (absolute tie: the 1st player token holder)"
    );
    assert_eq!(
        s.current().games[0].halves,
        [None, None],
        "the halves are done with"
    );
}

#[test]
fn a_player_corrects_their_own_tally_before_the_other_is_in() {
    let mut s = saved();
    tally(&mut s, Seat::A, 50, Seat::A).expect("Ann's half");
    tally(&mut s, Seat::A, 35, Seat::A).expect("Ann corrects it");
    assert_eq!(
        s.current().games[0].halves[0].map(|h| h.tally.cash),
        Some(35)
    );
    tally(&mut s, Seat::B, 40, Seat::A).expect("Bob's half");
    let o = s.current().outcome(0).expect("the result");
    assert_eq!((o.winner, o.money), (Seat::B, [35, 40]));
}

#[test]
fn halves_naming_different_token_holders_are_refused_and_change_nothing() {
    let mut s = saved();
    tally(&mut s, Seat::A, 40, Seat::A).expect("Ann's half");
    let before = s.current().clone();
    let why = tally(&mut s, Seat::B, 40, Seat::B).expect_err("Bob says he held it");
    assert!(
        why.contains("1st player token") && why.contains("p. 7"),
        "{why}"
    );
    assert_eq!(*s.current(), before);
    assert_eq!(
        tablemate::furnace_duel::Campaign::clone(&before)
            .record_half(
                Seat::B,
                Half {
                    tally: money(40),
                    first_player_token: Some(Seat::B)
                }
            )
            .map(|_| ()),
        Err(CampaignError::TokenDisagrees {
            player: "Bob".into(),
            says: "Bob".into(),
            other: "Ann".into(),
            other_says: "Ann".into(),
        })
    );
}

#[test]
fn a_tally_after_the_result_is_in_is_refused() {
    let mut s = saved();
    s.act(Action::RecordResult {
        result: result(50, 40),
    })
    .expect("the result");
    let why = tally(&mut s, Seat::B, 60, Seat::A).expect_err("too late");
    assert!(why.contains("already in"), "{why}");
}

#[test]
fn a_tally_whose_money_passes_the_top_is_refused() {
    let mut s = saved();
    let huge = Tally {
        cash: u32::MAX,
        board_bonus: 1,
        ..Tally::default()
    };
    let r = s.act(Action::RecordTally {
        seat: Seat::A,
        tally: huge,
        first_player_token: Some(Seat::A),
    });
    assert!(matches!(r, Err(CampaignError::SumTooLarge { .. })), "{r:?}");
    assert_eq!(s.current().games[0].halves, [None, None]);
}

#[test]
fn a_half_filled_pad_saves_loads_validates_and_undoes() {
    let mut s = saved();
    tally(&mut s, Seat::B, 33, Seat::B).expect("Bob's half");
    let text = serde_json::to_string(&s).expect("saved");
    assert!(text.contains("halves"), "{text}");
    let back: Saved<Campaign> = serde_json::from_str(&text).expect("loaded");
    assert_eq!(back, s);
    back.current().validate().expect("valid");
    s.undo().expect("undo");
    assert_eq!(s.current().games[0].halves, [None, None]);
    // A pad with no half written stays as before: no `halves` field in the file.
    let text = serde_json::to_string(s.current()).expect("saved");
    assert!(!text.contains("halves"), "{text}");
}

#[test]
fn a_save_with_a_half_left_beside_the_result_is_refused_naming_the_field() {
    let mut c = campaign(Settings::default());
    c.record_result(result(50, 40)).expect("the result");
    c.games[0].halves[1] = Some(Half {
        tally: money(1),
        first_player_token: Some(Seat::A),
    });
    let e = c.validate().expect_err("refused");
    assert!(e.to_string().contains("games[0].halves"), "{e}");
    let mut c = campaign(Settings::default());
    let half = Some(Half {
        tally: money(1),
        first_player_token: Some(Seat::A),
    });
    c.games[0].halves = [half, half];
    let e = c.validate().expect_err("refused");
    assert!(e.to_string().contains("games[0].halves"), "{e}");
}

#[test]
fn only_a_players_own_seat_may_send_their_tally() {
    use tablemate::seat::{SeatRule, Seated};
    let c = campaign(Settings::default());
    let rule = c.seat_of(&Action::RecordTally {
        seat: Seat::B,
        tally: money(1),
        first_player_token: Some(Seat::A),
    });
    assert_eq!(rule, SeatRule::Seat("Bob".into()));
}

#[test]
fn the_first_player_token_is_not_asked_when_the_totals_do_not_tie() {
    // Each phone left the token on its own player (or blank): the money decides, so the
    // second tally makes the result instead of a disagreement.
    let mut s = saved();
    tally(&mut s, Seat::A, 50, Seat::A).expect("Ann's half");
    tally(&mut s, Seat::B, 40, Seat::B).expect("Bob's half: the token does not decide");
    let o = s.current().outcome(0).expect("the result");
    assert_eq!((o.winner, o.money), (Seat::A, [50, 40]));
    let mut s = saved();
    tally_says(&mut s, Seat::A, 30, None).expect("Ann's half, no token");
    tally_says(&mut s, Seat::B, 45, None).expect("Bob's half, no token");
    assert_eq!(s.current().outcome(0).map(|o| o.winner), Some(Seat::B));
}

#[test]
fn an_absolute_tie_without_the_token_is_refused_until_a_player_names_its_holder() {
    let mut s = saved();
    tally_says(&mut s, Seat::A, 40, None).expect("Ann's half");
    let before = s.current().clone();
    let why = tally_says(&mut s, Seat::B, 40, None).expect_err("a tie needs the token");
    assert!(
        why.contains("1st player token") && why.contains("p. 7"),
        "{why}"
    );
    assert_eq!(*s.current(), before, "a refusal changes nothing");
    // One player naming the holder is enough.
    tally_says(&mut s, Seat::B, 40, Some(Seat::B)).expect("Bob names the holder");
    let o = s.current().outcome(0).expect("the result");
    assert_eq!(o.winner, Seat::B);
}

#[test]
fn a_blank_token_from_a_phone_reads_as_not_given() {
    let action: Action = serde_json::from_str(
        r#"{"action":"record-tally","seat":"a","tally":{"cash":3},"first_player_token":""}"#,
    )
    .expect("a blank token parses");
    assert!(matches!(
        action,
        Action::RecordTally {
            first_player_token: None,
            ..
        }
    ));
}
