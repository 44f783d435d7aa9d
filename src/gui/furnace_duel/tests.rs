//! Headless tests of the Furnace Duel screen (iced_test): the setup form, entering a result,
//! claims and refusals, the next board, reminders, undo.

use iced_test::Simulator;

use super::*;
use crate::gui::testing;

/// Tall enough that the tested panel needs no scrolling.
const HEIGHT: f32 = 2600.0;

fn simulator(view: Element<'_, Message>) -> Simulator<'_, Message> {
    testing::simulator(HEIGHT, view)
}

type Result = std::result::Result<(), iced_test::Error>;

testing::screen_test_helpers!(HEIGHT);

fn started(capitalist: bool) -> State {
    let mut s = State::new(&ctx());
    send(&mut s, Message::NameA("Ann".into()));
    send(&mut s, Message::NameB("Bob".into()));
    send(&mut s, Message::Capitalist(capitalist));
    let a = send(&mut s, Message::Start);
    assert!(a.moved);
    s
}

fn enter_result(s: &mut State, a: u32, b: u32) {
    send(s, Message::Tally(Seat::A, TallyField::Cash, a.to_string()));
    send(s, Message::Tally(Seat::B, TallyField::Cash, b.to_string()));
    send(s, Message::Token(Seat::A));
    let action = send(s, Message::RecordResult);
    assert!(action.moved, "{:?}", action.notice);
}

#[test]
fn setup_form_starts_a_campaign_on_britain() -> Result {
    let mut s = State::new(&ctx());
    assert!(shows(&s, "New Furnace Duel campaign"));
    let ctx = ctx();
    let mut ui = simulator(s.view(&ctx));
    ui.click(iced_test::selector::id("fd-name-a"))?;
    ui.typewrite("Ann");
    for m in ui.into_messages() {
        testing::update(&mut s, m, &ctx);
    }
    send(&mut s, Message::NameB("Bob".into()));
    click(&mut s, "Start campaign")?;
    assert!(s.doc.is_some());
    assert!(shows(&s, "Game 1 of 6: Britain"));
    assert!(shows(&s, "Campaign scoring pad"));
    assert!(shows(&s, "Britain has no special achievement."));
    Ok(())
}

#[test]
fn recording_a_result_shows_the_winner_and_fills_the_pad() -> Result {
    let mut s = started(false);
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "48".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::TechTokens, "2".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "40".into()),
    );
    // The totals do not tie: no token question.
    assert!(!shows(&s, "Bob holds it"));
    click(&mut s, "Record result")?;
    assert!(shows(&s, "Ann wins 52 to 40 — most money"));
    assert!(
        shows(&s, "★ 7"),
        "the winner's 7 Campaign Points on the pad"
    );
    let doc = s.doc.as_ref().unwrap();
    let (entries, _) = doc.history();
    assert!(
        entries
            .last()
            .unwrap()
            .0
            .starts_with("Game 1 (Britain): result Ann 52 – Bob 40; Ann wins")
    );
    Ok(())
}

#[test]
fn a_result_without_the_first_player_token_is_refused() {
    let mut s = started(false);
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "40".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "40".into()),
    );
    let action = send(&mut s, Message::RecordResult);
    assert!(!action.moved);
    assert!(action.notice.unwrap().text.contains("1st player token"));
}

#[test]
fn a_mistyped_number_is_refused_with_the_field_named() {
    let mut s = started(false);
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "40".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "40".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::CompanyCards, "x".into()),
    );
    send(&mut s, Message::Token(Seat::A));
    let action = send(&mut s, Message::RecordResult);
    assert!(action.notice.unwrap().text.contains("Bob's company cards"));
}

#[test]
fn winner_picks_the_next_board_and_the_reminder_appears() -> Result {
    let mut s = started(true);
    enter_result(&mut s, 50, 40);
    assert!(shows(&s, "Ann (winner) picks the next board:"));
    click(&mut s, "Alps")?;
    assert!(shows(&s, "Game 2 of 6: Alps"));
    assert!(shows(
        &s,
        "• Bob lays the Britain Campaign token on their Start-up card and starts with the token's money, coal and iron instead of the card's."
    ));
    assert!(shows(
        &s,
        "• Capitalist cards: Bob (runner-up of game 1) chooses a Capitalist and Start-up pair first; the first player is still decided at random."
    ));
    Ok(())
}

#[test]
fn a_general_achievement_scored_once_shows_where_and_a_second_claim_is_refused() -> Result {
    let mut s = started(false);
    click(&mut s, "Ann: chain of 8 routes")?;
    assert!(shows(&s, "✓ Ann (withdraw)"));
    enter_result(&mut s, 50, 40);
    click(&mut s, "Baltic Sea")?;
    assert!(shows(&s, "✓ Ann (game 1)"));
    let action = send(
        &mut s,
        Message::ClaimGeneral(Seat::A, GeneralAchievement::ChainOfEightRoutes),
    );
    assert!(!action.moved);
    let text = action.notice.unwrap().text;
    assert!(text.contains("once per player per campaign"), "{text}");
    Ok(())
}

#[test]
fn board_achievement_goes_to_the_first_claimant_only() -> Result {
    let mut s = started(false);
    enter_result(&mut s, 50, 40);
    click(&mut s, "Victoria, Australia")?;
    click(&mut s, "Bob first")?;
    assert!(shows(&s, "✓ Bob reached it first"));
    let action = send(&mut s, Message::ClaimBoard(Seat::A));
    assert!(action.notice.unwrap().text.contains("Bob already reached"));
    Ok(())
}

#[test]
fn kept_ferry_token_is_marked_used_once_per_game() -> Result {
    let mut s = started(false);
    enter_result(&mut s, 50, 40);
    click(&mut s, "Baltic Sea")?;
    enter_result(&mut s, 50, 40);
    send(&mut s, Message::Note("sell iron for 6".into()));
    click(&mut s, "Save note")?;
    click(&mut s, "Alps")?;
    assert!(shows(&s, "Bob: Kept Ferry token — kept: sell iron for 6"));
    click(&mut s, "Bob uses it")?;
    assert!(shows(&s, "Used this game (take back)"));
    Ok(())
}

#[test]
fn undo_brings_the_entry_form_back_to_the_state() {
    let mut s = started(false);
    enter_result(&mut s, 50, 40);
    let doc = s.document_mut().unwrap();
    assert!(doc.undo().is_some());
    s.refresh();
    assert_eq!(s.form.text(Seat::A, TallyField::Cash), "");
    assert!(s.form.token.is_none());
}

/// A campaign between Ann and a longer name, the case that cut the second token button off.
fn started_long_names() -> State {
    let mut s = State::new(&ctx());
    send(&mut s, Message::NameA("Ann".into()));
    send(&mut s, Message::NameB("Benedict".into()));
    assert!(send(&mut s, Message::Start).moved);
    s
}

#[test]
fn end_of_game_entry_is_whole_and_in_view_at_1024_with_large_type() -> Result {
    let size = testing::LARGE_TYPE_1024;
    let mut s = started_long_names();
    // Equal numbers (blank counts as 0) tie absolutely: the token question is asked.
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "0".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "0".into()),
    );
    for label in [
        "Cash",
        "An absolute tie: who holds the 1st player token at the end?",
        "Ann holds it",
        "Benedict holds it",
        "Record result",
    ] {
        assert!(
            testing::in_view(&s, size, label).is_some(),
            "{label:?} is cut off or below the fold"
        );
    }
    testing::click_sized(&mut s, size, "Benedict holds it")?;
    assert_eq!(s.form.token, Some(Seat::B));
    Ok(())
}

#[test]
fn the_verdict_appears_beside_record_result_which_stays_put() -> Result {
    let size = testing::LARGE_TYPE_1024;
    let mut s = started_long_names();
    let before = testing::in_view(&s, size, "Record result").map(|b| b.position());
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "31".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "25".into()),
    );
    testing::click_sized(&mut s, size, "Record result")?;
    let after = testing::in_view(&s, size, "Correct result").map(|b| b.position());
    assert!(before.is_some());
    assert_eq!(before, after, "the record button moved");
    assert!(
        testing::in_view(&s, size, "Ann wins 31 to 25 — most money").is_some(),
        "the verdict is not in view"
    );
    Ok(())
}

#[test]
fn a_wide_window_keeps_the_pad_beside_the_current_game() {
    let s = started_long_names();
    // At 1366 px without large type both the pad's heading and the game's are in view at once.
    let wide = (1326.0, 650.0);
    assert!(testing::in_view(&s, wide, "Campaign scoring pad").is_some());
    assert!(testing::in_view(&s, wide, "Game 1 of 6: Britain").is_some());
    // At 1024 px with large type the current game comes first; the pad is below it.
    let narrow = testing::LARGE_TYPE_1024;
    assert!(testing::in_view(&s, narrow, "Game 1 of 6: Britain").is_some());
    assert!(testing::in_view(&s, narrow, "Campaign scoring pad").is_none());
    assert!(shows(&s, "Campaign scoring pad"));
}

#[test]
fn record_result_is_in_view_at_1366_with_large_type() -> Result {
    // 1366×768 with large type: the screen's area below the top bar, in logical pixels.
    let size = (1050.0, testing::LARGE_TYPE_1024.1);
    let mut s = started_long_names();
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "31".into()),
    );
    assert!(testing::in_view(&s, size, "Record result").is_some());
    Ok(())
}

#[test]
fn picking_the_next_board_scrolls_the_new_game_to_its_top() {
    let mut s = started_long_names();
    enter_result(&mut s, 50, 40);
    let board = s.doc.as_ref().map(|d| d.state().available_boards()[0]);
    let action = send(&mut s, Message::NextBoard(board.expect("a campaign")));
    assert!(action.moved);
    // The snap to the panel's top travels as the action's task.
    assert!(
        action.task.is_some(),
        "no scroll back to the new game's top"
    );
    // A refused pick (the campaign has moved on) does not scroll.
    let again = send(&mut s, Message::NextBoard(board.expect("a campaign")));
    assert!(again.task.is_none());
}

#[test]
fn from_game_two_record_result_stays_in_view_under_the_setup_reminders() -> Result {
    let size = testing::LARGE_TYPE_1024;
    let mut s = started_long_names();
    enter_result(&mut s, 50, 40);
    let board = s.doc.as_ref().map(|d| d.state().available_boards()[0]);
    assert!(send(&mut s, Message::NextBoard(board.expect("a campaign"))).moved);
    assert!(shows(&s, "At setup"), "game 2 opens with setup reminders");
    assert!(
        testing::in_view(&s, size, "Record result").is_some(),
        "Record result is below the fold in game 2"
    );
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "31".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "25".into()),
    );
    send(&mut s, Message::Token(Seat::A));
    testing::click_sized(&mut s, size, "Record result")?;
    assert!(
        testing::in_view(&s, size, "Correct result").is_some(),
        "the game was recorded from the bar"
    );
    Ok(())
}

#[test]
fn a_tally_sent_from_a_players_phone_shows_on_the_pad_until_the_others_is_in() {
    use crate::furnace_duel::{Action, Tally};
    let mut s = started(false);
    let tally = |cash| Tally {
        cash,
        company_cards: 2,
        ..Tally::default()
    };
    let send_half = |s: &mut State, seat, cash| {
        let doc = s.doc.as_mut().expect("a campaign");
        doc.saved
            .act(Action::RecordTally {
                seat,
                tally: tally(cash),
                first_player_token: Some(Seat::B),
            })
            .expect("the half is taken");
    };
    let pending = "Ann's own tally is in from their phone: 40 money, 2 Company cards, \
                   0 resources, says Bob holds the 1st player token; waiting for Bob's";
    assert!(!shows(&s, pending));
    send_half(&mut s, Seat::A, 40);
    assert!(shows(&s, pending));
    assert!(
        !shows(&s, "Ann wins 40 to 31 — most money"),
        "no result from one half"
    );
    send_half(&mut s, Seat::B, 31);
    assert!(!shows(&s, pending), "the halves made the result");
    assert!(shows(&s, "Ann wins 40 to 31 — most money"));
}

#[test]
fn tab_visits_the_pad_fields_in_reading_order_at_every_table_size() {
    for (size, ctx) in testing::table_sizes() {
        let s = State::new(&ctx);
        testing::assert_tab_follows_reading_order(&s, &ctx, size, "Furnace Duel setup");
        let s = started(false);
        testing::assert_tab_follows_reading_order(&s, &ctx, size, "Furnace Duel tally");
    }
}

#[test]
fn nothing_new_appears_under_the_pointer_after_any_click_at_every_table_size() {
    for (size, ctx) in testing::table_sizes() {
        for (what, make) in [
            (
                "Furnace Duel setup",
                (|| State::new(&testing::CTX)) as fn() -> State,
            ),
            ("the first game", || started(false)),
            ("a recorded game", || {
                let mut s = started(false);
                enter_result(&mut s, 120, 90);
                s
            }),
        ] {
            // Claiming an achievement turns its button into the claim's withdraw.
            let claims = [
                ("Ann: *", "✓ Ann (withdraw)"),
                ("Bob: *", "✓ Bob (withdraw)"),
            ];
            testing::assert_nothing_new_under_the_pointer(make, &ctx, size, &claims, what);
        }
    }
}

#[test]
fn the_token_question_is_asked_only_on_an_absolute_tie() {
    let mut s = started(false);
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "40".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "41".into()),
    );
    assert!(!shows(&s, "Ann holds it"));
    let action = send(&mut s, Message::RecordResult);
    assert!(action.moved, "{:?}", action.notice);
    // The result stores no holder nobody was asked for.
    let game = s.doc.as_ref().unwrap().state().games[0].clone();
    assert_eq!(game.result.unwrap().first_player_token, None);
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "40".into()),
    );
    assert!(shows(&s, "Ann holds it"));
}

#[test]
fn a_refusal_shows_beside_record_result_and_not_again_on_the_foot_line() {
    let mut s = started(false);
    send(
        &mut s,
        Message::Tally(Seat::A, TallyField::Cash, "40".into()),
    );
    send(
        &mut s,
        Message::Tally(Seat::B, TallyField::Cash, "40".into()),
    );
    let action = send(&mut s, Message::RecordResult);
    s.refusal.keep(&iced_action(action.notice));
    s.refusal.undrawn();
    assert!(
        s.refusal
            .text()
            .is_some_and(|t| t.contains("1st player token"))
    );
    let why = s.refusal.text().unwrap_or_default().to_string();
    assert!(shows(&s, &why), "the refusal is beside Record result");
    // The shell puts a refusal on the foot line only when the screen did not draw it.
    assert!(s.refusal.was_drawn(), "the refusal would show twice");
    // Its rule is beside it (docs/rules.md, "Rule references").
    let start: String = why.chars().take(24).collect();
    crate::gui::testing::assert_rule_beside(
        &mut s,
        (1280.0, HEIGHT),
        &start,
        crate::rules::RuleRef::new(crate::doc::Kind::FurnaceDuel, "game-end-tie-breaks"),
    );
}

/// docs/rules.md, "Rule references": each setup reminder offers the rule it restates.
#[test]
fn each_setup_reminder_offers_the_rule_it_restates() {
    let mut s = started(false);
    enter_result(&mut s, 50, 40);
    let board = s.doc.as_ref().map(|d| d.state().available_boards()[0]);
    assert!(send(&mut s, Message::NextBoard(board.expect("a campaign"))).moved);
    crate::gui::testing::assert_rule_beside(
        &mut s,
        (1280.0, HEIGHT),
        "lays the Britain Campaign token",
        crate::rules::RuleRef::new(crate::doc::Kind::FurnaceDuel, "bonus-britain"),
    );
}

fn iced_action(notice: Option<crate::gui::screen::Notice>) -> Action<Message> {
    Action {
        task: None,
        notice,
        open_rule: None,
    }
}

#[test]
fn the_setup_reminders_fold_away_once_read_below_the_entry_and_the_next_board() -> Result {
    let mut s = started_long_names();
    enter_result(&mut s, 50, 40);
    let board = s.doc.as_ref().map(|d| d.state().available_boards()[0]);
    assert!(send(&mut s, Message::NextBoard(board.expect("a campaign"))).moved);
    let tall = (1280.0, HEIGHT);
    let cash = testing::in_view(&s, tall, "Cash").map(|b| b.y);
    let setup = testing::in_view(&s, tall, "At setup").map(|b| b.y);
    let pick = testing::in_view(&s, tall, "Benedict (winner) picks the next board:");
    assert!(pick.is_none(), "game 2 has no pick yet");
    assert!(
        cash.zip(setup).is_some_and(|(c, r)| c < r),
        "the entry ({cash:?}) is above the reminders ({setup:?})"
    );
    click(&mut s, "Read: fold away")?;
    assert!(!shows(&s, "Read: fold away"));
    click(&mut s, "Show again")?;
    assert!(shows(&s, "Read: fold away"));
    Ok(())
}
