//! Headless tests of Discard beside your buildings (BUILDINGS: at 7 buildings one is discarded
//! before another is built): pressable only at the limit, asking once in its row, one undoable
//! history entry, and nothing new under the pointer.

use super::*;
use crate::furtherance::CardKind;
use crate::gui::testing;

/// Tall enough that the kingdom panel needs no scrolling.
const HEIGHT: f32 = 2400.0;

type Result = std::result::Result<(), iced_test::Error>;

testing::screen_test_helpers!(HEIGHT);

const SEVEN: [&str; 7] = [
    "Walls",
    "Church",
    "Library",
    "Treasury",
    "Quarry",
    "Barracks",
    "Gold Mine",
];

/// A started game whose kingdom holds these finished buildings (a save written so), the
/// kingdom open.
fn holding(names: &[&str]) -> State {
    holding_with(names, 0)
}

/// As `holding`, the last building still carrying `counters` turn counters.
fn holding_with(names: &[&str], counters: u8) -> State {
    let mut s = State::new(&ctx());
    assert!(send(&mut s, Message::Start).moved);
    let doc = s.doc.as_mut().expect("a game");
    // Its draws fixed (the markets shown), as `kingdom_tests::started`.
    let g = doc.saved.current();
    let g = &Game::new(*g.settings(), g.board().clone(), g.catalog().clone(), 7);
    let held: Vec<serde_json::Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let card = g.cards().find(CardKind::Building, n).expect(n);
            let counters = if i + 1 == names.len() { counters } else { 0 };
            serde_json::json!({"card": card, "counters": counters, "damage": 0})
        })
        .collect();
    let mut v = serde_json::to_value(g).unwrap();
    v["kingdom"]["buildings"] = serde_json::Value::Array(held);
    let game: Game = serde_json::from_value(v).unwrap();
    game.check().unwrap();
    doc.saved = Saved::new(doc.saved.title.clone(), "New game", game);
    s.refresh();
    send(&mut s, Message::ToggleKingdom);
    assert!(s.kingdom_shown());
    s
}

fn buildings(s: &State) -> usize {
    s.game().unwrap().kingdom().buildings.len()
}

#[test]
fn discard_is_pressable_only_at_the_limit_of_seven_buildings() -> Result {
    let mut s = holding(&SEVEN[..6]);
    assert!(shows(&s, "Discard"), "the button is there, disabled");
    click(&mut s, "Discard")?;
    assert!(!shows(&s, "Keep"), "a disabled Discard asks nothing");
    assert_eq!(buildings(&s), 6);
    Ok(())
}

#[test]
fn discard_asks_once_in_its_row_then_discards_as_one_undoable_entry() -> Result {
    let mut s = holding(&SEVEN);
    let before = s.doc.as_ref().unwrap().saved.history.len();
    click(&mut s, "Discard")?;
    assert!(shows(&s, "Keep"));
    assert!(shows(
        &s,
        "Discard Walls? It goes to the discard pile, not to your research (Undo brings it back)."
    ));
    assert_eq!(buildings(&s), 7, "nothing discarded on the first click");
    click(&mut s, "Keep")?;
    assert!(!shows(&s, "Keep"));
    assert_eq!(buildings(&s), 7);
    click(&mut s, "Discard")?;
    click(&mut s, "Discard it")?;
    assert_eq!(buildings(&s), 6);
    let names: Vec<String> = s
        .game()
        .unwrap()
        .kingdom_view()
        .buildings
        .iter()
        .map(|b| b.name.clone())
        .collect();
    assert!(!names.contains(&"Walls".to_string()), "{names:?}");
    assert_eq!(s.doc.as_ref().unwrap().saved.history.len(), before + 1);
    Ok(())
}

#[test]
fn nothing_new_appears_under_the_pointer_with_seven_buildings() {
    for (size, ctx) in testing::table_sizes() {
        testing::assert_nothing_new_under_the_pointer(
            || holding(&SEVEN),
            &ctx,
            size,
            &[("Kingdom", "Turn log"), ("Why?", "Hide"), ("Discard", "Keep")],
            "Furtherance kingdom with seven buildings",
        );
    }
}

/// After "Discard it" the rows below move up: what comes under the pointer must not be the
/// next building's Develop (or any control that changes the game).
#[test]
fn nothing_new_appears_under_the_pointer_after_discard_it() {
    let asking = || {
        let mut s = holding_with(&SEVEN, 2);
        send(&mut s, Message::AskDiscard(Some(6)));
        assert!(shows(&s, "Discard it"));
        s
    };
    for size in [(1366.0, HEIGHT), (1024.0, HEIGHT)] {
        testing::assert_nothing_new_under_the_pointer(
            asking,
            &ctx(),
            size,
            &[("Kingdom", "Turn log"), ("Why?", "Hide"), ("Keep", "Discard")],
            "Furtherance kingdom asking to discard",
        );
    }
}
