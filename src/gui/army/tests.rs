//! Headless tests of the army screen (iced_test): setup, writing armies with live points and
//! refusals, secrecy, starting play, attacking, promoting, hand edits, victory.

use super::*;
use crate::gui::testing;

type Result = std::result::Result<(), iced_test::Error>;

/// Tall enough that the tested panel needs no scrolling.
const HEIGHT: f32 = 1400.0;

testing::screen_test_helpers!(HEIGHT);

fn at(player: usize, index: usize) -> FollowerRef {
    FollowerRef { player, index }
}

fn writing() -> State {
    let mut s = State::new(&ctx());
    send(&mut s, Message::Name(0, "Ann".into()));
    send(&mut s, Message::Name(1, "Bob".into()));
    assert!(send(&mut s, Message::Start).moved);
    s
}

/// Ann: General, Berserker, Grunt; Bob: General, Grunt, Tank; Ann first.
fn playing() -> State {
    let mut s = writing();
    for k in [
        FollowerKind::General,
        FollowerKind::Berserker,
        FollowerKind::Grunt,
    ] {
        assert!(send(&mut s, Message::Recruit(k)).moved);
    }
    send(&mut s, Message::Editing(1));
    for k in [
        FollowerKind::General,
        FollowerKind::Grunt,
        FollowerKind::Tank,
    ] {
        assert!(send(&mut s, Message::Recruit(k)).moved);
    }
    assert!(send(&mut s, Message::BeginPlay).moved);
    s
}

#[test]
fn setup_needs_names_then_opens_the_army_builder() -> Result {
    let mut s = State::new(&ctx());
    assert!(shows(&s, "New army game"));
    send(&mut s, Message::Name(0, "Ann".into()));
    send(&mut s, Message::Name(1, "Bob".into()));
    click(&mut s, "Write the armies")?;
    assert!(shows(&s, "Ann's army sheet"));
    assert!(shows(&s, "Follower Points left: 10 of 10"));
    Ok(())
}

#[test]
fn four_generals_get_four_name_fields() {
    let mut s = State::new(&ctx());
    send(&mut s, Message::Four(true));
    for (i, n) in ["A", "B", "C", "D"].into_iter().enumerate() {
        send(&mut s, Message::Name(i, n.into()));
    }
    assert!(send(&mut s, Message::Start).moved);
    assert_eq!(s.doc.as_ref().unwrap().state().players.len(), 4);
}

#[test]
fn recruiting_updates_the_points_left_and_overspend_is_refused() -> Result {
    let mut s = writing();
    click(&mut s, "+ General")?;
    click(&mut s, "+ Champion")?;
    assert!(shows(&s, "Follower Points left: 4 of 10"));
    click(&mut s, "+ Tank")?;
    let refusal = click(&mut s, "+ Scout")?.expect("a refusal");
    assert_eq!(
        refusal,
        "a Scout costs 2 Follower Points but Ann has only 1 of 10 left (Setup, Step 1)"
    );
    assert!(shows(&s, "Follower Points left: 1 of 10"));
    click(&mut s, "Remove 2")?;
    assert!(shows(&s, "Follower Points left: 7 of 10"));
    Ok(())
}

/// docs/rules.md, "Rule references": a refusal drawn beside the recruit buttons offers its
/// rule beside it.
#[test]
fn an_overspend_refusal_offers_its_rule_beside_it() -> Result {
    let mut s = writing();
    click(&mut s, "+ General")?;
    click(&mut s, "+ Champion")?;
    click(&mut s, "+ Tank")?;
    let clicked = testing::click_on(&mut s, &ctx(), (1280.0, HEIGHT), "+ Scout")?;
    testing::keep_refusal(&mut s.refusal, clicked.notice);
    testing::assert_rule_beside(
        &mut s,
        (1280.0, HEIGHT),
        "a Scout costs 2 Follower Points",
        crate::rules::RuleRef::new(crate::doc::Kind::Army, "form-army"),
    );
    Ok(())
}

#[test]
fn a_hidden_army_shows_nothing_and_history_never_names_recruits() -> Result {
    let mut s = writing();
    click(&mut s, "+ General")?;
    click(&mut s, "+ Assassin")?;
    click(&mut s, "Hide army")?;
    assert!(shows(&s, "Ann's army is hidden"));
    assert!(!shows(&s, "1. General"));
    assert!(shows(&s, "Ann — hidden"));
    let (entries, _) = s.doc.as_ref().unwrap().history();
    assert!(
        entries.iter().all(|(l, _)| !l.contains("Assassin")),
        "{entries:?}"
    );
    click(&mut s, "Show army")?;
    assert!(shows(&s, "2. Assassin"));
    Ok(())
}

#[test]
fn play_cannot_start_until_every_army_has_its_general() -> Result {
    let mut s = writing();
    click(&mut s, "+ General")?;
    click(&mut s, "+ Scout")?;
    // Bob has no General: the start button is disabled, and the message is refused.
    let action = send(&mut s, Message::BeginPlay);
    assert!(!action.moved);
    assert!(
        action
            .notice
            .unwrap()
            .text
            .contains("Bob's army is not ready")
    );
    Ok(())
}

#[test]
fn starting_reveals_armies_and_shows_the_sheets() -> Result {
    let mut s = writing();
    click(&mut s, "+ General")?;
    click(&mut s, "+ Scout")?;
    click(&mut s, "Hide army")?;
    click(&mut s, "Bob — 10 left")?;
    click(&mut s, "+ General")?;
    click(&mut s, "+ Grunt")?;
    click(&mut s, "Bob goes first")?;
    click(&mut s, "Reveal armies and start")?;
    assert!(shows(&s, "Bob's turn"));
    assert!(shows(&s, "Scout"), "Ann's hidden army is revealed");
    Ok(())
}

#[test]
fn a_kill_offers_promotions_and_health_follows_the_cap() -> Result {
    let mut s = playing();
    send(&mut s, Message::Select(at(0, 1)));
    assert!(shows(&s, "▶ Berserker"));
    assert!(send(&mut s, Message::Attack(at(1, 1))).moved);
    assert!(shows(&s, "† Grunt (killed)"));
    assert!(
        shows(&s, "attacked"),
        "the Berserker cannot be selected again this turn"
    );
    let (entries, _) = s.doc.as_ref().unwrap().history();
    assert_eq!(
        entries.last().unwrap().0,
        "Ann's Berserker attacks Bob's Grunt: killed; Berserker earns a promotion"
    );
    click(&mut s, "+2 Health")?;
    let f = s
        .doc
        .as_ref()
        .unwrap()
        .state()
        .follower(at(0, 1))
        .unwrap()
        .clone();
    assert_eq!((f.max_health, f.health), (4, 4));
    Ok(())
}

#[test]
fn attacking_without_a_selection_says_what_to_do() {
    let mut s = playing();
    let action = send(&mut s, Message::Attack(at(1, 2)));
    assert_eq!(
        action.notice.unwrap().text,
        "Pick the attacking follower first."
    );
}

#[test]
fn hand_edit_dialog_sets_values_past_the_caps() -> Result {
    let mut s = playing();
    send(&mut s, Message::OpenEdit(at(0, 2)));
    assert!(shows(&s, "Resource card: Ann's Grunt"));
    send(&mut s, Message::EditField(0, "4".into()));
    send(&mut s, Message::EditField(2, "8".into()));
    send(&mut s, Message::EditField(3, "8".into()));
    click(&mut s, "Set values")?;
    let f = s
        .doc
        .as_ref()
        .unwrap()
        .state()
        .follower(at(0, 2))
        .unwrap()
        .clone();
    assert_eq!((f.movement, f.max_health, f.health), (4, 8, 8));
    send(&mut s, Message::Become(FollowerKind::Champion));
    let f = s
        .doc
        .as_ref()
        .unwrap()
        .state()
        .follower(at(0, 2))
        .unwrap()
        .clone();
    assert_eq!((f.kind, f.max_health), (FollowerKind::Champion, 4));
    click(&mut s, "Close")?;
    assert!(s.edit.is_none());
    Ok(())
}

#[test]
fn killing_the_last_enemy_follower_shows_the_winner() -> Result {
    let mut s = playing();
    send(&mut s, Message::OpenEdit(at(1, 2)));
    send(&mut s, Message::EditDamage("6".into()));
    click(&mut s, "Deal damage")?;
    send(&mut s, Message::CloseEdit);
    send(&mut s, Message::Select(at(0, 1)));
    send(&mut s, Message::Attack(at(1, 1)));
    assert!(shows(
        &s,
        "Ann wins: the only general left standing with an army"
    ));
    Ok(())
}

#[test]
fn end_turn_passes_play_and_undo_clears_the_selection() -> Result {
    let mut s = playing();
    send(&mut s, Message::Select(at(0, 1)));
    click(&mut s, "End turn")?;
    assert!(shows(&s, "Bob's turn"));
    send(&mut s, Message::Select(at(1, 2)));
    s.document_mut().unwrap().undo();
    s.refresh();
    assert!(s.selected.is_none());
    assert!(shows(&s, "Ann's turn"));
    Ok(())
}

#[test]
fn four_name_fields_are_whole_at_1024_with_large_type() {
    let size = testing::LARGE_TYPE_1024;
    let mut s = State::new(&ctx());
    send(&mut s, Message::Four(true));
    let names = ["Alexandra", "Bartholomew", "Cleo", "Dmitri"];
    for (i, n) in names.into_iter().enumerate() {
        send(&mut s, Message::Name(i, n.into()));
    }
    // Four 220 px fields do not fit in 787 px: the fourth wraps instead of being squeezed.
    for n in names {
        assert!(
            testing::in_view(&s, size, n).is_some(),
            "{n}'s field is cut"
        );
    }
    assert!(testing::in_view(&s, size, "Write the armies").is_some());
}

#[test]
fn recruiting_at_1024_with_large_type_shows_the_points_left_and_keeps_the_buttons() -> Result {
    let size = testing::LARGE_TYPE_1024;
    let mut s = writing();
    assert!(testing::in_view(&s, size, "Follower Points left: 10 of 10").is_some());
    let grunt = testing::in_view(&s, size, "+ Grunt").map(|b| b.position());
    assert!(grunt.is_some(), "+ Grunt is not in view");
    testing::click_sized(&mut s, size, "+ General")?;
    testing::click_sized(&mut s, size, "+ Grunt")?;
    assert!(
        testing::in_view(&s, size, "Follower Points left: 9 of 10").is_some(),
        "the points left are not in view after a recruit"
    );
    // The army being built is beside the table, with the recruit on it.
    let table = testing::in_view(&s, size, "+ Grunt").expect("+ Grunt in view");
    let written = testing::in_view(&s, size, "2. Grunt").expect("the recruit is not in view");
    assert!(
        written.x >= table.x + table.width,
        "the army sheet {written:?} is not beside the table {table:?}"
    );
    // Each recruit's line is one line: "1." is not left above "General", on a 1024 screen
    // and in the window the app opens there (90%: 709 units wide with large type).
    for at in [size, (709.0, 460.0)] {
        for line in ["1. General", "2. Grunt"] {
            let b = testing::in_view(&s, at, line).expect("in view");
            assert!(
                b.height < style::BODY * 1.6,
                "{line:?} wraps in the narrow sheet at {at:?}: {b:?}"
            );
        }
    }
    assert_eq!(
        testing::in_view(&s, size, "+ Grunt").map(|b| b.position()),
        grunt,
        "the recruit button moved"
    );
    Ok(())
}

#[test]
fn end_turn_is_in_view_at_1024_with_large_type() -> Result {
    let size = testing::LARGE_TYPE_1024;
    let mut s = playing();
    assert!(testing::in_view(&s, size, "End turn").is_some());
    let before = s.doc.as_ref().map(|d| d.state().turn());
    testing::click_sized(&mut s, size, "End turn")?;
    assert_ne!(s.doc.as_ref().map(|d| d.state().turn()), before);
    Ok(())
}

#[test]
fn a_lone_general_cannot_start_play() -> Result {
    // Victory Conditions: a General without followers is not an army (docs/army.md).
    let mut s = writing();
    click(&mut s, "+ General")?;
    assert!(shows(
        &s,
        "the army has no followers besides its General: a lone General is not an army and would be out before its first turn (Victory Conditions)"
    ));
    let action = send(&mut s, Message::BeginPlay);
    assert!(!action.moved);
    assert!(
        action
            .notice
            .unwrap()
            .text
            .contains("Ann's army is not ready: the army has no followers besides its General")
    );
    Ok(())
}

/// The screen's area in the window the app opens on a 1366×768 screen with large type (90% of
/// it, at 1/1.3): the top bar and the notice line take about 100 units of its 532.
const LARGE_TYPE_1366_WINDOW: (f32, f32) = (945.0, 430.0);

#[test]
fn writing_armies_at_1366_with_large_type_keeps_the_start_and_the_sheet_in_view() -> Result {
    let size = LARGE_TYPE_1366_WINDOW;
    let mut s = writing();
    testing::click_sized(&mut s, size, "+ General")?;
    // Who goes first and the start are in view, under the table and the sheet.
    for label in ["Reveal armies and start", "Ann goes first", "1. General"] {
        assert!(
            testing::in_view(&s, size, label).is_some(),
            "{label:?} is cut or out of view at {size:?}"
        );
    }
    Ok(())
}

#[test]
fn tab_visits_the_name_fields_in_reading_order_at_every_table_size() {
    for (size, ctx) in testing::table_sizes() {
        let mut s = State::new(&ctx);
        send(&mut s, Message::Four(true));
        testing::assert_tab_follows_reading_order(&s, &ctx, size, "army setup");
    }
}

#[test]
fn nothing_new_appears_under_the_pointer_after_any_click_at_every_table_size() {
    for (size, ctx) in testing::table_sizes() {
        for (what, make) in [
            (
                "army setup",
                (|| State::new(&testing::CTX)) as fn() -> State,
            ),
            ("writing armies", writing),
            ("in play", playing),
        ] {
            // Select is a toggle: it names itself Selected.
            testing::assert_nothing_new_under_the_pointer(
                make,
                &ctx,
                size,
                &[("Select", "Selected")],
                what,
            );
        }
    }
}
