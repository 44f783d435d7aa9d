//! Headless tests of the kingdom sheets of "Your cards" (issue 32 §1): a card entered in the
//! app is saved as your file and dealt in a new game; a problem is named at its row and in the
//! refusal with the file; a sheet goes out and comes back in through the typed path where no
//! file dialog opens; a broken file of yours is named before a game starts on it.

use super::cards::{CardsMsg, Sheet};
use super::*;
use crate::furtherance::CardKind;
use crate::furtherance::cards_draft::Column as Col;
use crate::gui::files::{NO_DIALOG, Picked};
use crate::gui::testing;

const HEIGHT: f32 = 1600.0;

fn shows(state: &State, ctx: &Ctx, label: &str) -> bool {
    testing::simulator(HEIGHT, state.view(ctx))
        .find(label)
        .is_ok()
}

fn click(state: &mut State, ctx: &Ctx, label: &str) -> Option<String> {
    testing::click_on(state, ctx, (1280.0, HEIGHT), label)
        .unwrap_or_else(|e| panic!("{label}: {e:?}"))
        .notice
        .map(|n| n.text)
}

fn cards(state: &mut State, ctx: &Ctx, m: CardsMsg) -> Option<String> {
    state.update(Message::Cards(m), ctx).notice.map(|n| n.text)
}

fn store_in(dir: &tempfile::TempDir) -> crate::store::Store {
    crate::store::Store::open(dir.path()).unwrap()
}

#[test]
fn a_leader_entered_in_your_cards_is_dealt_in_a_new_game()
-> std::result::Result<(), iced_test::Error> {
    let dir = tempfile::tempdir().unwrap();
    let store = store_in(&dir);
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&ctx);
    assert!(shows(&s, &ctx, "Kingdom cards: SAMPLE"));
    click(&mut s, &ctx, "Your cards…");
    click(&mut s, &ctx, "Leaders");
    assert!(shows(&s, &ctx, "Your leaders"));
    click(&mut s, &ctx, "Add a card");
    let row = s
        .cards
        .as_ref()
        .unwrap()
        .drafts
        .of(CardKind::Leader)
        .rows
        .len()
        - 1;
    // Typed into the new row's name box, as a player does.
    let mut ui = testing::simulator(HEIGHT, s.view(&ctx));
    ui.click(iced_test::selector::id(card_name_id(CardKind::Leader, row)))?;
    ui.typewrite("Gwen the Gardener");
    for m in ui.into_messages().collect::<Vec<_>>() {
        s.update(m, &ctx);
    }
    click(&mut s, &ctx, "Confirm all rows");
    let said = click(&mut s, &ctx, "Save your leaders").unwrap();
    assert!(said.starts_with("Saved your leaders to "), "{said}");
    let text =
        std::fs::read_to_string(dir.path().join(crate::furtherance::cards::LEADERS_PATH)).unwrap();
    assert!(text.contains("Gwen the Gardener"));
    click(&mut s, &ctx, "Close editor");
    assert!(shows(&s, &ctx, "Kingdom cards: 1 of 4 files yours"));
    // Picked as your leader in the setup form, and dealt.
    s.update(
        Message::Setup(SetupField::Leader(Some("Gwen the Gardener".into()))),
        &ctx,
    );
    s.update(Message::Start, &ctx);
    let g = s.game().expect("a game");
    let leader = g
        .kingdom()
        .leader
        .map(|l| g.cards().name(CardKind::Leader, l));
    assert_eq!(leader.as_deref(), Some("Gwen the Gardener"));
    assert!(
        g.cards()
            .find(CardKind::Leader, "Gwen the Gardener")
            .is_some()
    );
    Ok(())
}

#[test]
fn a_building_without_hits_is_named_at_its_row_and_the_refusal_names_the_file() {
    let ctx = testing::CTX;
    let mut s = State::new(&ctx);
    s.update(Message::OpenCards, &ctx);
    cards(
        &mut s,
        &ctx,
        CardsMsg::Sheet(Sheet::Kingdom(CardKind::Building)),
    );
    let name = s.cards.as_ref().unwrap().drafts.of(CardKind::Building).rows[2]
        .name
        .clone();
    cards(
        &mut s,
        &ctx,
        CardsMsg::Card(CardKind::Building, 2, Col::Hits, "0".into()),
    );
    assert!(shows(
        &s,
        &ctx,
        "hits must be at least 1: a building is destroyed by hits (BUILDINGS)"
    ));
    let said = cards(&mut s, &ctx, CardsMsg::Save).unwrap();
    assert_eq!(
        said,
        format!(
            "Not saved: data/furtherance/buildings.json, row 3 (\"{name}\"): hits must be at least 1: a building is destroyed by hits (BUILDINGS)"
        )
    );
    // The top bar's Undo takes the edit back.
    let edits = s.edits_mut().expect("the editor's edits");
    assert_eq!(
        edits.undo().as_deref(),
        Some(&*format!("card edit: {name} hits: 0"))
    );
    assert!(!shows(
        &s,
        &ctx,
        "hits must be at least 1: a building is destroyed by hits (BUILDINGS)"
    ));
}

#[test]
fn without_a_file_dialog_a_sheet_is_exported_and_imported_through_a_typed_path() {
    let dir = tempfile::tempdir().unwrap();
    let store = store_in(&dir);
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&ctx);
    s.update(Message::OpenCards, &ctx);
    cards(
        &mut s,
        &ctx,
        CardsMsg::Sheet(Sheet::Kingdom(CardKind::Item)),
    );
    cards(
        &mut s,
        &ctx,
        CardsMsg::Card(CardKind::Item, 0, Col::Cost, "9".into()),
    );
    // Export… asks the system's dialog (a task); none could open here.
    let asked = s.update(Message::Cards(CardsMsg::Export), &ctx);
    assert!(asked.task.is_some(), "the dialog is a task");
    cards(
        &mut s,
        &ctx,
        CardsMsg::Picked(true, Picked::NoDialog(NO_DIALOG.into())),
    );
    assert!(shows(&s, &ctx, "Export your items"));
    let out = dir.path().join("my-items.json");
    cards(&mut s, &ctx, CardsMsg::PathText(out.display().to_string()));
    let said = click(&mut s, &ctx, "Export").unwrap();
    assert_eq!(said, format!("Exported your items to {}", out.display()));
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("\"cost\": 9")
    );
    // Changed again, then the file imported back: the cost is 9 once more (one undoable edit).
    cards(
        &mut s,
        &ctx,
        CardsMsg::Card(CardKind::Item, 0, Col::Cost, "2".into()),
    );
    cards(
        &mut s,
        &ctx,
        CardsMsg::Picked(false, Picked::NoDialog(NO_DIALOG.into())),
    );
    cards(&mut s, &ctx, CardsMsg::PathText(out.display().to_string()));
    let said = click(&mut s, &ctx, "Import").unwrap();
    assert!(said.starts_with("Imported your items from "), "{said}");
    let editor = s.cards.as_ref().unwrap();
    assert_eq!(editor.drafts.of(CardKind::Item).rows[0].cost, "9");
    // A file with a problem comes in with it marked, and the notice names the file and row.
    let mut broken: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    broken["cards"][1]["copies"] = serde_json::json!(0);
    let bad = dir.path().join("bad-items.json");
    std::fs::write(&bad, broken.to_string()).unwrap();
    let said = cards(
        &mut s,
        &ctx,
        CardsMsg::Picked(false, Picked::Path(bad.clone())),
    )
    .unwrap();
    assert!(
        said.starts_with(&format!("Imported {} with 1 problem(s)", bad.display()))
            && said.contains("row 2 (")
            && said.contains("copies must be at least 1"),
        "{said}"
    );
    // A units file is not an items file: refused, naming the file.
    let units = dir.path().join("units.json");
    std::fs::write(
        &units,
        crate::bundled::get(crate::furtherance::UNITS_PATH).unwrap(),
    )
    .unwrap();
    let said = cards(
        &mut s,
        &ctx,
        CardsMsg::Picked(false, Picked::Path(units.clone())),
    )
    .unwrap();
    assert!(
        said.starts_with(&format!("Not imported: {}: data_kind", units.display())),
        "{said}"
    );
}

#[test]
fn a_broken_card_file_of_yours_is_named_before_a_game_starts_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = store_in(&dir);
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let path = crate::furtherance::cards::BUILDINGS_PATH;
    let mut v: serde_json::Value =
        serde_json::from_str(crate::bundled::get(path).unwrap()).unwrap();
    v["cards"][1]["hits"] = serde_json::json!(0);
    let text = v.to_string();
    store
        .write_data(crate::furtherance::cards::BUILDINGS_PATH, text.as_bytes())
        .unwrap();
    let mut s = State::new(&ctx);
    let said = s
        .update(Message::Start, &ctx)
        .notice
        .map(|n| n.text)
        .unwrap();
    assert!(
        said.contains("buildings.json") && said.contains("cards[1]") && said.contains("hits"),
        "{said}"
    );
    assert!(s.game().is_none());
    // The editor opens your file as it is, the problem marked at its row, to fix it there.
    s.update(Message::OpenCards, &ctx);
    cards(
        &mut s,
        &ctx,
        CardsMsg::Sheet(Sheet::Kingdom(CardKind::Building)),
    );
    assert!(shows(
        &s,
        &ctx,
        "In use now: your file (data/furtherance/buildings.json)."
    ));
    let problems = s
        .cards
        .as_ref()
        .unwrap()
        .drafts
        .of(CardKind::Building)
        .problems();
    assert_eq!(problems.first().and_then(|p| p.row), Some(1));
    cards(
        &mut s,
        &ctx,
        CardsMsg::Card(CardKind::Building, 1, Col::Hits, "3".into()),
    );
    cards(&mut s, &ctx, CardsMsg::Save);
    click(&mut s, &ctx, "Close editor");
    s.update(Message::Start, &ctx);
    assert!(s.game().is_some());
}

#[test]
fn tab_visits_a_kingdom_sheet_in_reading_order_at_every_table_size() {
    for (size, ctx) in testing::table_sizes() {
        let mut s = State::new(&ctx);
        s.update(Message::OpenCards, &ctx);
        s.update(
            Message::Cards(CardsMsg::Sheet(Sheet::Kingdom(CardKind::Building))),
            &ctx,
        );
        let fields = testing::assert_tab_follows_reading_order(&s, &ctx, size, "Your buildings");
        assert!(fields > 0);
    }
}
