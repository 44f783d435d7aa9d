//! Headless test of Adopt with your kingdom card files (issue 32 §1): a game in progress keeps
//! the cards it was dealt until Adopt, which takes your buildings, items, upgraded workers and
//! leaders files as well as the units and the board, as one undoable entry naming the change.

use super::*;
use crate::gui::testing;

const HEIGHT: f32 = 1600.0;

fn shows(state: &State, ctx: &Ctx, label: &str) -> bool {
    testing::simulator(HEIGHT, state.view(ctx))
        .find(label)
        .is_ok()
}

#[test]
fn adopt_takes_your_edited_buildings_file_into_a_game_in_progress() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path()).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&ctx);
    s.update(Message::Start, &ctx);
    assert!(!shows(&s, &ctx, "Adopt them in this game"));
    // Your buildings file, its Walls taking 6 hits (as "Your cards" would save it).
    let text = crate::bundled::get(furtherance::CardKind::Building.path()).unwrap();
    let mut file: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(file["cards"][0]["name"], "Walls");
    file["cards"][0]["hits"] = serde_json::json!(6);
    ctx.save_user_json(furtherance::CardKind::Building.path(), &file)
        .unwrap();
    s.kingdom_cards = data::load_cards(&ctx);
    assert!(shows(
        &s,
        &ctx,
        "Your files differ from this game's copy: building Walls: hits 5→6"
    ));
    let before = s.doc.as_ref().unwrap().saved.history.len();
    testing::click_on(&mut s, &ctx, (1280.0, HEIGHT), "Adopt them in this game").unwrap();
    let doc = s.doc.as_ref().unwrap();
    assert_eq!(doc.saved.history.len(), before + 1);
    assert_eq!(
        doc.saved.history.current_entry().label,
        "Hand edit: adopt your data: building Walls: hits 5→6"
    );
    let g = doc.state();
    let walls = g
        .cards()
        .find(furtherance::CardKind::Building, "Walls")
        .unwrap();
    assert_eq!(
        g.cards()
            .card(furtherance::CardKind::Building, walls)
            .unwrap()
            .hits,
        6
    );
    assert!(!shows(&s, &ctx, "Adopt them in this game"));
}
