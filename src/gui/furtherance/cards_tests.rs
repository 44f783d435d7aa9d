//! Headless tests of "Your cards" and "Your board" (iced_test): the editor opens from the setup form on the
//! units in use, marks sample rows, names a problem at its row as you type, confirms rows,
//! undoes an edit, and saves your units file through the store, after which new games run on
//! your cards and the screen says so.

use super::cards::CardsMsg;
use super::*;
use crate::furtherance::units_draft::Column as Col;
use crate::gui::testing;

const HEIGHT: f32 = 1600.0;

fn shows(state: &State, ctx: &Ctx, label: &str) -> bool {
    testing::simulator(HEIGHT, state.view(ctx))
        .find(label)
        .is_ok()
}

/// Clicks `label` with `ctx` (a store-backed one) and feeds the messages back.
fn click(state: &mut State, ctx: &Ctx, label: &str) -> Option<String> {
    testing::click_on(state, ctx, (1280.0, HEIGHT), label)
        .unwrap_or_else(|e| panic!("{label}: {e:?}"))
        .notice
        .map(|n| n.text)
}

fn edit(state: &mut State, ctx: &Ctx, row: usize, col: Col, value: &str) {
    state.update(
        Message::Cards(CardsMsg::Edit(row, col, value.to_string())),
        ctx,
    );
}

#[test]
fn your_cards_opens_on_the_units_in_use_with_sample_rows_marked() {
    let ctx = testing::CTX;
    let mut s = State::new(&ctx);
    assert!(shows(&s, &ctx, "Unit cards: SAMPLE · Board: SAMPLE"));
    click(&mut s, &ctx, "Your cards…");
    assert!(shows(&s, &ctx, "Your unit cards"));
    assert!(shows(
        &s,
        &ctx,
        "In use now: the bundled SAMPLE units file. Enter your own cards below."
    ));
    assert!(shows(&s, &ctx, "36 of 36 cards in the deck"));
    assert!(shows(&s, &ctx, "sample"));
    let sample = s.cards.as_ref().unwrap().drafts.units.sample_rows();
    assert!(sample > 0);
    click(&mut s, &ctx, "Confirm");
    assert_eq!(
        s.cards.as_ref().unwrap().drafts.units.sample_rows(),
        sample - 1
    );
    click(&mut s, &ctx, "Close editor");
    assert!(s.cards.is_none());
    assert!(shows(&s, &ctx, "New Furtherance solo game"));
}

#[test]
fn a_problem_is_named_at_its_row_as_you_type_and_undo_takes_the_edit_back() {
    let ctx = testing::CTX;
    let mut s = State::new(&ctx);
    s.update(Message::OpenCards, &ctx);
    edit(&mut s, &ctx, 1, Col::Hp, "0");
    assert!(shows(&s, &ctx, "hp must be at least 1"));
    edit(&mut s, &ctx, 1, Col::Copies, "x");
    assert!(shows(
        &s,
        &ctx,
        "copies: type a whole number from 0 to 255, not \"x\""
    ));
    // The top bar's Undo steps through the editor's edits (`Edits`), newest first.
    let edits = s.edits_mut().expect("the editor's edits");
    assert_eq!(
        edits.undo().as_deref(),
        Some("card edit: Fighter copies: x")
    );
    assert_eq!(edits.undo().as_deref(), Some("card edit: Fighter hp: 0"));
    assert!(!edits.can_undo() && edits.can_redo());
    assert!(!shows(&s, &ctx, "hp must be at least 1"));
    edit(&mut s, &ctx, 0, Col::Copies, "9");
    assert!(shows(&s, &ctx, "41 of 36 cards in the deck"));
    assert!(shows(
        &s,
        &ctx,
        "copies: the unit deck has 36 cards (CARD TYPES); these rows add up to 41"
    ));
}

#[test]
fn saved_cards_become_the_users_units_file_and_new_games_run_on_them() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path()).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&ctx);
    s.update(Message::OpenCards, &ctx);
    edit(&mut s, &ctx, 0, Col::Name, "Paladin");
    click(&mut s, &ctx, "Confirm all rows");
    let notice = click(&mut s, &ctx, "Save your cards").unwrap();
    assert!(notice.starts_with("Saved your unit cards to "), "{notice}");
    let path = dir.path().join(crate::furtherance::UNITS_PATH);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("Paladin"));
    assert!(shows(
        &s,
        &ctx,
        "In use now: your units file (data/furtherance/units.json)."
    ));
    // Saving again keeps the file it replaces.
    edit(&mut s, &ctx, 0, Col::Name, "Templar");
    click(&mut s, &ctx, "Save your cards");
    assert_eq!(
        ctx.store
            .expect("a data folder")
            .data_backups(crate::furtherance::UNITS_PATH)
            .len(),
        1
    );
    click(&mut s, &ctx, "Close editor");
    assert!(shows(&s, &ctx, "Unit cards: yours · Board: SAMPLE"));
    s.update(Message::Start, &ctx);
    let g = s.game().unwrap();
    assert_eq!(
        g.catalog().kind(crate::furtherance::KindId(0)).name,
        "Templar"
    );
    assert!(shows(
        &s,
        &ctx,
        "This game: unit cards yours · board SAMPLE"
    ));
}

#[test]
fn with_the_physical_deck_the_drawn_card_question_lists_your_unit_names() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path()).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&ctx);
    s.update(Message::OpenCards, &ctx);
    edit(&mut s, &ctx, 0, Col::Name, "Paladin");
    s.update(Message::Cards(CardsMsg::Save), &ctx);
    s.update(Message::CloseEditor, &ctx);
    s.update(
        Message::Setup(setup::Field::Deck(crate::furtherance::DeckMode::Physical)),
        &ctx,
    );
    s.update(Message::Start, &ctx);
    s.update(Message::EndTurn, &ctx);
    s.update(Message::RunToEnd, &ctx);
    let p = s
        .game()
        .unwrap()
        .pending()
        .expect("which card did you draw?");
    assert!(
        p.question.starts_with("Draw the top card"),
        "{}",
        p.question
    );
    assert_eq!(p.options[0], "Paladin");
    assert!(shows(&s, &ctx, "1. Paladin (default)"));
}

// ---- "Your board" ----

use super::board_editor::{BoardMsg, EditMode};

fn board_msg(state: &mut State, ctx: &Ctx, m: BoardMsg) -> Action<Message> {
    state.update(Message::BoardEdit(m), ctx)
}

fn sq(t: &str) -> Square {
    Square::parse(t).unwrap()
}

#[test]
fn your_board_sets_an_arrow_by_two_clicks_names_the_problem_and_derive_mends_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path()).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&ctx);
    click(&mut s, &ctx, "Your board…");
    assert!(shows(&s, &ctx, "The board checks out."));
    // b3 then c3: the Left castle's arrow through its kingdom's wall.
    board_msg(&mut s, &ctx, BoardMsg::Click(sq("b3")));
    assert!(shows(
        &s,
        &ctx,
        "Arrow from b3: click the square it points to (or b3 again to remove it)."
    ));
    board_msg(&mut s, &ctx, BoardMsg::Click(sq("c3")));
    assert!(shows(
        &s,
        &ctx,
        "arrows.left.b3: a wall stands between b3 and c3"
    ));
    let editor = s.board_editor.as_ref().unwrap();
    assert_eq!(editor.problem().unwrap().squares, [sq("b3"), sq("c3")]);
    let refused = board_msg(&mut s, &ctx, BoardMsg::Save);
    assert!(refused.notice.unwrap().text.starts_with("Not saved"));
    click(&mut s, &ctx, "Derive from walls");
    assert!(shows(&s, &ctx, "The board checks out."));
    // The spawn order by three clicks on the castle spaces.
    board_msg(&mut s, &ctx, BoardMsg::Mode(EditMode::SpawnOrder));
    for space in ["a4", "a5", "a3"] {
        board_msg(&mut s, &ctx, BoardMsg::Click(sq(space)));
    }
    assert!(shows(&s, &ctx, "Spawn order: a4 → a5 → a3"));
    let notice = click(&mut s, &ctx, "Save your board").unwrap();
    assert!(notice.starts_with("Saved your board to "), "{notice}");
    click(&mut s, &ctx, "Close editor");
    assert!(shows(&s, &ctx, "Unit cards: SAMPLE · Board: yours"));
    s.update(Message::Start, &ctx);
    let g = s.game().unwrap();
    assert_eq!(
        g.board().spawn_order(Seat::Left),
        [sq("a4"), sq("a5"), sq("a3")]
    );
}

#[test]
fn a_game_in_progress_adopts_your_corrected_cards_as_one_undoable_entry() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path()).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&ctx);
    s.update(Message::Start, &ctx);
    assert!(
        !shows(&s, &ctx, "Adopt them in this game"),
        "nothing differs yet"
    );
    s.update(Message::OpenCards, &ctx);
    edit(&mut s, &ctx, 0, Col::Hp, "4");
    s.update(Message::Cards(CardsMsg::Save), &ctx);
    s.update(Message::CloseEditor, &ctx);
    assert!(shows(
        &s,
        &ctx,
        "Your files differ from this game's copy: Knight: HP 3→4"
    ));
    let before = s.doc.as_ref().unwrap().saved.history.len();
    click(&mut s, &ctx, "Adopt them in this game");
    let doc = s.doc.as_ref().unwrap();
    assert_eq!(doc.saved.history.len(), before + 1);
    assert_eq!(
        doc.saved.history.current_entry().label,
        "Hand edit: adopt your data: Knight: HP 3→4"
    );
    assert_eq!(
        doc.state().catalog().kind(crate::furtherance::KindId(0)).hp,
        4
    );
    assert!(!shows(&s, &ctx, "Adopt them in this game"));
}

/// Where row `i`'s name box is drawn, at 1024×768 with large type (the narrowest case).
fn name_box(s: &State, ctx: &Ctx, i: usize) -> iced::Rectangle {
    let mut ui = testing::simulator_sized(testing::LARGE_TYPE_1024, s.view(ctx));
    ui.find(super::cards::name_id(i))
        .unwrap_or_else(|e| panic!("row {i}: {e:?}"))
        .bounds()
}

#[test]
fn a_problem_appearing_as_you_type_moves_no_row() {
    let ctx = testing::CTX;
    let mut s = State::new(&ctx);
    s.update(Message::OpenCards, &ctx);
    let before: Vec<_> = (0..4).map(|i| name_box(&s, &ctx, i)).collect();
    // A file-wide problem (the deck count), shown above the table.
    edit(&mut s, &ctx, 0, Col::Copies, "9");
    assert!(shows(&s, &ctx, "41 of 36 cards in the deck"));
    let rows: Vec<_> = (0..4).map(|i| name_box(&s, &ctx, i)).collect();
    assert_eq!(
        before, rows,
        "the rows moved when the deck count went wrong"
    );
    // A long problem in row 1, whose status would wrap over several lines.
    edit(
        &mut s,
        &ctx,
        1,
        Col::Copies,
        "a number far too long to be one",
    );
    let problems = s.cards.as_ref().unwrap().drafts.units.problems();
    assert!(problems.iter().any(|p| p.row == Some(1)), "{problems:?}");
    let rows: Vec<_> = (0..4).map(|i| name_box(&s, &ctx, i)).collect();
    assert_eq!(before, rows, "the rows moved when a row's problem appeared");
}
