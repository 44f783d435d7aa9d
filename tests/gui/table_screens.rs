//! Screens that hold still at the table (docs/table-ux.md): nothing covers anything, a refusal
//! shows next to what caused it and goes with the next click, a notice keeps to its own line.
//! Whole-app flows at the window sizes players have (1024×768, 1366×768).

use iced::Rectangle;
use iced_test::selector::{Candidate, Target};
use tablemate::doc::Kind;
use tablemate::furtherance::{Action as Play, Seat, Square};
use tablemate::gui::screen::Notice;
use tablemate::gui::{App, Message, Screen, Shortcut, army, furtherance, worldspanner};

use super::{Result, shows};

/// Clicks `label` in a 1024×768 window and feeds the messages back to the app.
fn click(app: &mut App, label: &str) -> Result {
    let mut ui = ui(app, (1024.0, 768.0));
    ui.click(label)
        .unwrap_or_else(|e| panic!("cannot click {label:?}: {e:?}"));
    let messages: Vec<Message> = ui.into_messages().collect();
    assert!(!messages.is_empty(), "clicking {label:?} did nothing");
    for m in messages {
        let _ = app.update(m);
    }
    Ok(())
}

/// The app drawn in a window of `size` (logical pixels).
fn ui(app: &App, size: (f32, f32)) -> iced_test::Simulator<'_, Message> {
    iced_test::Simulator::with_size(iced_test::core::Settings::default(), size, app.view())
}

/// Every text on the app's view in a window of `size`, with where it is drawn (only what is
/// in view: a scrolled-away or clipped text has no visible bounds).
fn texts(app: &App, size: (f32, f32)) -> Vec<(String, Rectangle)> {
    let mut found = Vec::new();
    let mut ui = ui(app, size);
    let _ = ui.find(|c: Candidate<'_>| -> Option<Target> {
        if let Target::Text {
            content,
            visible_bounds: Some(v),
            ..
        } = Target::from(c)
            && !content.trim().is_empty()
        {
            found.push((content, v));
        }
        None
    });
    found
}

fn bounds(app: &App, size: (f32, f32), label: &str) -> Rectangle {
    let mut ui = ui(app, size);
    let target = ui
        .find(label)
        .unwrap_or_else(|_| panic!("{label:?} is not on screen"));
    target.bounds()
}

fn overlap(a: Rectangle, b: Rectangle) -> bool {
    a.intersection(&b)
        .is_some_and(|i| i.width > 0.5 && i.height > 0.5)
}

fn app() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().unwrap();
    let app = App::open(dir.path().to_path_buf());
    (dir, app)
}

/// Army of Generals, armies being written by Ann and Bob.
fn army_writing() -> std::result::Result<(tempfile::TempDir, App), iced_test::Error> {
    let (dir, mut app) = app();
    click(&mut app, Kind::Army.title())?;
    let _ = app.update(army::Message::Name(0, "Ann".into()).into());
    let _ = app.update(army::Message::Name(1, "Bob".into()).into());
    click(&mut app, "Write the armies")?;
    Ok((dir, app))
}

const SCOUT_REFUSED: &str =
    "a Scout costs 2 Follower Points but Ann has only 1 of 10 left (Setup, Step 1)";

#[test]
fn a_refusal_shows_beside_the_follower_tables_heading_and_covers_no_button() -> Result {
    let (_dir, mut app) = army_writing()?;
    for label in ["+ General", "+ Champion", "+ Tank", "+ Scout"] {
        click(&mut app, label)?;
    }
    assert!(
        app.banners.is_empty(),
        "a refusal is no floating notice: {:?}",
        app.banners
    );
    for size in [(1024.0, 768.0), (1366.0, 768.0)] {
        let said = bounds(&app, size, SCOUT_REFUSED);
        let heading = bounds(&app, size, "Follower table");
        let first_row = bounds(&app, size, "Follower");
        assert!(
            said.x >= heading.x + heading.width && said.y + said.height <= first_row.y + 0.5,
            "the refusal is beside the table's heading, above its rows, at {size:?}: {said:?}"
        );
        for (text, at) in texts(&app, size) {
            if text != SCOUT_REFUSED {
                assert!(
                    !overlap(at, said),
                    "the refusal covers {text:?} at {size:?}"
                );
            }
        }
    }
    Ok(())
}

#[test]
fn a_refusal_goes_with_the_next_click() -> Result {
    let (_dir, mut app) = army_writing()?;
    for label in ["+ General", "+ Champion", "+ Tank", "+ Scout"] {
        click(&mut app, label)?;
    }
    assert!(shows(&app, SCOUT_REFUSED));
    click(&mut app, "Remove 3")?;
    assert!(!shows(&app, SCOUT_REFUSED), "acting again clears it");
    // Refused again, then undone: the game changed under it, so it goes too.
    click(&mut app, "+ Tank")?;
    click(&mut app, "+ Scout")?;
    assert!(shows(&app, SCOUT_REFUSED));
    let _ = app.update(Message::Undo);
    assert!(!shows(&app, SCOUT_REFUSED), "an undo clears it");
    Ok(())
}

fn sq(t: &str) -> Square {
    Square::parse(t).unwrap()
}

/// A Furtherance game with the player's Knight on c4.
fn furtherance_started() -> std::result::Result<(tempfile::TempDir, App), iced_test::Error> {
    let (dir, mut app) = app();
    click(&mut app, Kind::Furtherance.title())?;
    // A fixed seed: the enemy's draws are the same on every run.
    let _ =
        app.update(furtherance::Message::Setup(furtherance::SetupField::Seed("7".into())).into());
    let _ = app.update(furtherance::Message::Start.into());
    let Screen::Furtherance(s) = &app.screen else {
        panic!("not on Furtherance");
    };
    let kind = s.game().unwrap().catalog().find("Knight").unwrap();
    let place = Play::PlaceUnit {
        owner: Seat::Player,
        kind,
        square: sq("c4"),
    };
    let _ = app.update(furtherance::Message::Play(place).into());
    Ok((dir, app))
}

#[test]
fn a_furtherance_refusal_about_a_unit_clears_when_the_player_acts_again() -> Result {
    let (_dir, mut app) = furtherance_started()?;
    let _ = app.update(furtherance::Message::Square(sq("c4")).into());
    // An attack on the enemy castle from too far is refused, naming the rule.
    let _ = app.update(furtherance::Message::Square(sq("a4")).into());
    assert!(app.banners.is_empty(), "no floating notice");
    let Screen::Furtherance(s) = &app.screen else {
        panic!("not on Furtherance");
    };
    let why = s.refusal.text().expect("a refusal").to_string();
    assert!(why.contains("COMBAT"), "{why}");
    // Shown in the panel, below the End turn button, at 1024×768.
    let said = bounds(&app, (1024.0, 768.0), &why);
    let end = bounds(&app, (1024.0, 768.0), "End turn: the enemies go");
    assert!(said.y >= end.y + end.height, "{said:?} is below {end:?}");
    // The next click (the unit is deselected by clicking it again) takes it down.
    let _ = app.update(furtherance::Message::Square(sq("c4")).into());
    assert!(!shows(&app, &why), "a stale refusal stays up");
    Ok(())
}

#[test]
fn a_notice_keeps_to_its_own_line_and_covers_nothing() -> Result {
    let (_dir, mut app) = furtherance_started()?;
    let text = "Imported Family night (a new copy, as the save already exists)";
    app.banners.push(Notice::info(text));
    for size in [(1024.0, 768.0), (1366.0, 768.0)] {
        let notice = bounds(&app, size, text);
        let all = texts(&app, size);
        assert!(all.len() > 10, "the screen is drawn");
        for (other, at) in all {
            if other != text {
                assert!(
                    !overlap(at, notice),
                    "the notice covers {other:?} at {size:?}"
                );
            }
        }
    }
    // Coming and going, it moves nothing on the screen.
    let with = bounds(&app, (1024.0, 768.0), "End turn: the enemies go");
    app.banners.clear();
    let without = bounds(&app, (1024.0, 768.0), "End turn: the enemies go");
    assert_eq!(with, without);
    Ok(())
}

#[test]
fn a_long_notice_wraps_whole_beside_its_dismiss_at_1366() -> Result {
    let (_dir, mut app) = furtherance_started()?;
    // The closing question of a full disk, with its way out: the longest notice the app gives.
    let text = "Not saved: Could not write /home/ann/.local/share/tablemate/saves/furtherance-20261128-120000.json: No space left on device (os error 28). Free some space or export the game elsewhere; close again to close without saving.";
    app.banners.push(Notice::error(text));
    let size = (1366.0, 768.0);
    let mut ui = iced_test::Simulator::with_size(Default::default(), size, app.view());
    let said = ui.find(text)?;
    let (drawn, seen) = (said.bounds(), said.visible_bounds().expect("in view"));
    assert!(
        (drawn.height - seen.height).abs() < 0.5 && (drawn.width - seen.width).abs() < 0.5,
        "the notice is cut: drawn {drawn:?}, seen {seen:?}"
    );
    let dismiss = bounds(&app, size, "Dismiss");
    assert!(!overlap(drawn, dismiss), "the notice runs under Dismiss");
    Ok(())
}

#[test]
fn a_notice_goes_by_itself_unless_it_needs_a_decision() {
    let (_dir, mut app) = app();
    let long_ago = std::time::Instant::now()
        .checked_sub(tablemate::gui::notice::TIMEOUT * 2)
        .unwrap();
    let mut old = Notice::info("Imported x");
    old.since = Some(long_ago);
    let mut lasting = Notice::error("Could not save x: disk full").lasting();
    lasting.since = Some(long_ago);
    let mut fresh = Notice::info("Imported y");
    fresh.since = Some(std::time::Instant::now());
    app.banners = vec![old, lasting, fresh];
    let _ = app.update(Message::Expire);
    let left: Vec<&str> = app.banners.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(left, ["Could not save x: disk full", "Imported y"]);
}

#[test]
fn esc_closes_the_history_panel_before_it_leaves_the_screen() -> Result {
    let (_dir, mut app) = furtherance_started()?;
    let _ = app.update(Message::ToggleHistory);
    assert!(app.settings().show_history);
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert_eq!(
        app.screen.game(),
        Some(Kind::Furtherance),
        "Esc left the game"
    );
    assert!(!app.settings().show_history, "Esc did not close History");
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(app.screen.is_home());
    Ok(())
}

#[test]
fn esc_closes_the_unit_card_and_board_editors_before_it_leaves_the_screen() -> Result {
    let (_dir, mut app) = furtherance_started()?;
    let end_turn = "End turn: the enemies go";
    for open in [
        furtherance::Message::OpenCards,
        furtherance::Message::OpenBoard,
    ] {
        let _ = app.update(open.into());
        assert!(!shows(&app, end_turn), "the editor is open");
        let _ = app.update(Message::Shortcut(Shortcut::Back));
        assert_eq!(
            app.screen.game(),
            Some(Kind::Furtherance),
            "Esc left the game"
        );
        assert!(
            shows(&app, end_turn),
            "Esc closed the editor, back to the game"
        );
    }
    Ok(())
}

/// Opens Worldspanner on `app` and starts a game with numbered heroes.
pub(super) fn start_worldspanner(app: &mut App) -> Result {
    click(app, Kind::Worldspanner.title())?;
    // A fixed seed: the same shuffles on every run.
    let _ =
        app.update(worldspanner::Message::Setup(worldspanner::SetupMsg::Seed("7".into())).into());
    click(app, "Use numbered heroes")?;
    click(app, "Start game")
}

#[test]
fn esc_closes_the_worldspanner_deck_editor_and_tabs_before_it_leaves_the_screen() -> Result {
    let (_dir, mut app) = app();
    start_worldspanner(&mut app)?;
    let table = "Next step";
    assert!(shows(&app, table));
    for panel in [
        worldspanner::Panel::Editor,
        worldspanner::Panel::Heroes,
        worldspanner::Panel::Odds,
    ] {
        let _ = app.update(worldspanner::Message::Panel(panel).into());
        assert!(!shows(&app, table), "{panel:?} is open");
        let _ = app.update(Message::Shortcut(Shortcut::Back));
        assert_eq!(
            app.screen.game(),
            Some(Kind::Worldspanner),
            "Esc left the game from {panel:?}"
        );
        assert!(
            shows(&app, table),
            "Esc closed {panel:?}, back to the table"
        );
    }
    // Nothing open: Esc leaves the screen.
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert_ne!(app.screen.game(), Some(Kind::Worldspanner));
    Ok(())
}

#[test]
fn a_long_game_title_never_covers_or_pushes_off_the_screens_tabs() -> Result {
    let long = "Thursday night at Sam's with the whole family and the neighbours' twins";
    for large in [false, true] {
        let (_dir, mut app) = app();
        if large {
            let _ = app.update(Message::LargeType(true));
        }
        click(&mut app, Kind::Worldspanner.title())?;
        let _ = app.update(
            worldspanner::Message::Setup(worldspanner::SetupMsg::Title(long.into())).into(),
        );
        let _ = app
            .update(worldspanner::Message::Setup(worldspanner::SetupMsg::Seed("7".into())).into());
        click(&mut app, "Use numbered heroes")?;
        click(&mut app, "Start game")?;
        let scale = app.scale_factor();
        let windows: &[(f32, f32)] = if large {
            &[(1366.0, 768.0)]
        } else {
            &[(1024.0, 768.0), (1366.0, 768.0)]
        };
        for &(w, h) in windows {
            let size = (w / scale, h / scale);
            let all = texts(&app, size);
            let find = |label: &str| {
                all.iter()
                    .find(|(t, _)| t == label)
                    .map(|(_, b)| *b)
                    .unwrap_or_else(|| panic!("{label:?} not in view at {w}x{h}, large {large}"))
            };
            let first_tab = find("Table");
            let last_tab = find("Deck editor");
            assert!(
                last_tab.x + last_tab.width <= size.0,
                "Deck editor {last_tab:?} is off the {w}x{h} window (large type {large})"
            );
            // The screen's title (the top bar's copy is smaller and higher) stops short of the tabs.
            let titles: Vec<Rectangle> = all
                .iter()
                .filter(|(t, _)| t == long)
                .map(|(_, b)| *b)
                .collect();
            assert!(!titles.is_empty(), "the title is not drawn at all");
            for t in titles {
                assert!(
                    !overlap(t, first_tab) && !overlap(t, last_tab),
                    "the title {t:?} covers the tabs {first_tab:?} .. {last_tab:?} at {w}x{h}"
                );
            }
        }
    }
    Ok(())
}

#[test]
fn homes_delete_is_as_large_as_open_beside_it() -> Result {
    for large in [false, true] {
        let (_dir, mut app) = app();
        let _ = app.update(Message::LargeType(large));
        start_worldspanner(&mut app)?;
        let _ = app.update(Message::GoHome);
        let scale = app.scale_factor();
        let size = (1024.0 / scale, 768.0 / scale);
        let open = bounds(&app, size, "Open");
        let delete = bounds(&app, size, "Delete");
        // The same type size as Open's (so the same height, which is over 32 px): with large
        // type at 1024 the actions wrap and Delete may take the second line.
        assert!(
            (open.height - delete.height).abs() < 0.5,
            "Delete {delete:?} is smaller than Open {open:?} (large type {large})"
        );
    }
    Ok(())
}

#[test]
fn ctrl_h_opens_and_closes_history_on_a_game_screen_and_help_lists_it() -> Result {
    let (_dir, mut app) = army_writing()?;
    let _ = app.update(Message::Shortcut(Shortcut::History));
    assert!(app.settings().show_history);
    assert!(shows(
        &app,
        "Click any entry to return to it. ↷ = can be redone."
    ));
    let _ = app.update(Message::Shortcut(Shortcut::History));
    assert!(!app.settings().show_history);
    let _ = app.update(Message::ToggleHelp);
    assert!(shows(&app, "Ctrl+H"));
    // Home has no game: Ctrl+H does nothing there.
    let _ = app.update(Message::GoHome);
    let _ = app.update(Message::Shortcut(Shortcut::History));
    assert!(!app.settings().show_history);
    Ok(())
}

#[test]
fn the_window_title_names_the_save_then_the_screen_then_the_app() -> Result {
    let (_dir, mut app) = app();
    assert_eq!(app.title(), "Tablemate");
    click(&mut app, Kind::Army.title())?;
    assert_eq!(app.title(), format!("{} — Tablemate", Kind::Army.title()));
    let _ = app.update(army::Message::Name(0, "Ann".into()).into());
    let _ = app.update(army::Message::Name(1, "Bob".into()).into());
    let _ = app.update(army::Message::Title("Family night".into()).into());
    click(&mut app, "Write the armies")?;
    assert_eq!(
        app.title(),
        format!("Family night — {} — Tablemate", Kind::Army.title())
    );
    Ok(())
}

#[test]
fn opening_a_save_by_id_or_by_file_shows_that_save() -> Result {
    let (_dir, mut app) = army_writing()?;
    let id = app.screen.document().unwrap().id().to_string();
    let _ = app.update(Message::GoHome);
    let path = app
        .listings()
        .iter()
        .find(|l| l.id == id)
        .expect("the save is listed")
        .path
        .clone();
    // By id: straight onto the game.
    app.open_save(&id);
    assert_eq!(app.screen.game(), Some(Kind::Army));
    // By file, in another data folder: imported first, then opened.
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("family-night.json");
    std::fs::copy(&path, &file).unwrap();
    let (_other, mut fresh) = self::app();
    fresh.open_save(file.to_str().unwrap());
    assert_eq!(fresh.screen.game(), Some(Kind::Army), "{:?}", fresh.banners);
    assert!(fresh.banners.iter().any(|n| n.text.starts_with("Imported")));
    // Neither an id nor a file: Home says so.
    let (_third, mut home) = self::app();
    home.open_save("no-such-save");
    assert!(home.screen.is_home());
    assert!(
        home.banners
            .iter()
            .any(|n| n.error && n.text.contains("no-such-save"))
    );
    Ok(())
}

/// The bounds of `target` on the app's screen in a window of `size`.
fn bounds_in<S>(app: &App, size: (f32, f32), target: S) -> Rectangle
where
    S: iced_test::Selector + Send,
    S::Output: iced_test::selector::Bounded + Clone + Send + Sync + 'static,
{
    use iced_test::selector::Bounded;
    let mut ui =
        iced_test::Simulator::with_size(iced_test::core::Settings::default(), size, app.view());
    ui.find(target).expect("on screen").bounds()
}

#[test]
fn opening_history_keeps_undo_in_place_and_the_furtherance_board_three_fifths_of_the_height()
-> Result {
    let (_dir, mut app) = furtherance_started()?;
    // A 1366×768 laptop at 90%, the window's first size.
    let size = (1220.0, 690.0);
    let undo = bounds_in(&app, size, "Undo");
    let redo = bounds_in(&app, size, "Redo");
    let _ = app.update(Message::Shortcut(Shortcut::History));
    assert!(shows(&app, "Hide history"), "History is open");
    assert_eq!(bounds_in(&app, size, "Undo"), undo);
    assert_eq!(bounds_in(&app, size, "Redo"), redo);
    // The board is square in its area: its side is the smaller of the two.
    let board = bounds_in(&app, size, iced_test::selector::id(furtherance::BOARD_ID));
    // The grid is 7 of the 7.45 cells across (board.rs: the rest is the coordinates).
    let grid = board.width.min(board.height) * 7.0 / 7.45;
    assert!(
        grid >= 0.6 * size.1,
        "the grid is {grid} px of a {} px window",
        size.1
    );
    Ok(())
}

/// Issue 18 §4, issue 32 §2: recruiting shows the unit types on offer (the units market and
/// your research with the one units deck) beside the board, whole and in view (no scrolling)
/// in the window of a 1366×768 and a 1024×768 screen, large type off and on, and marks the
/// chosen space.
#[test]
fn recruiting_shows_the_units_on_offer_beside_the_board_at_1024_and_1366_large_type_too() -> Result
{
    for large in [false, true] {
        let (_dir, mut app) = furtherance_started()?;
        let _ = app.update(Message::LargeType(large));
        let _ = app.update(furtherance::Message::Square(sq("d1")).into());
        let Screen::Furtherance(s) = &app.screen else {
            panic!("not on Furtherance");
        };
        assert_eq!(s.marks().recruit, Some(sq("d1")), "the space is marked");
        let g = s.game().unwrap();
        let catalog = g.catalog();
        let names: Vec<String> = furtherance::recruitable(g)
            .into_iter()
            .map(|id| furtherance::recruit_name(&catalog.kind(id).name).to_string())
            .collect();
        assert!(!names.is_empty(), "{names:?}");
        let scale = if large { 1.3 } else { 1.0 };
        // The window on a 1366×768 and a 1024×768 screen: 90% of it (settings::fit).
        for (w, h) in [(1229.0, 691.0), (922.0, 691.0)] {
            let size = (w / scale, h / scale);
            let board = bounds_in(&app, size, iced_test::selector::id(furtherance::BOARD_ID));
            let shown = texts(&app, size);
            for name in &names {
                let (_, at) = shown
                    .iter()
                    .find(|(t, _)| t == name)
                    .unwrap_or_else(|| panic!("{name} not in view at {size:?} (large {large})"));
                let whole = bounds(&app, size, name);
                assert!(
                    (at.height - whole.height).abs() < 0.5 && at.y + at.height <= size.1,
                    "{name} cut at {size:?} (large {large}): {at:?} of {whole:?}"
                );
                assert!(
                    at.x >= board.x + board.width,
                    "{name} not beside the board at {size:?}"
                );
            }
        }
    }
    Ok(())
}

/// Opens an editor with `open` on a started Furtherance game and checks the screen has one
/// Undo/Redo pair, whose Undo (nothing edited yet) leaves the game's history alone. Returns the
/// game's history cursor.
fn open_editor_with_one_undo_pair(app: &mut App, open: furtherance::Message) -> usize {
    let cursor = app.screen.document().unwrap().history().1;
    let _ = app.update(open.into());
    let size = (1024.0, 768.0);
    let count =
        |app: &App, label: &str| texts(app, size).iter().filter(|(t, _)| t == label).count();
    assert_eq!(count(app, "Undo"), 1, "one Undo on the screen");
    assert_eq!(count(app, "Redo"), 1, "one Redo on the screen");
    let _ = app.update(Message::Undo);
    assert_eq!(app.screen.document().unwrap().history().1, cursor);
    cursor
}

/// After the editor's edits were undone and redone: the game is untouched, and once the editor
/// is closed the top bar's Undo is the game's again.
fn closed_editor_gives_undo_back_to_the_game(app: &mut App, cursor: usize) -> Result {
    assert_eq!(
        app.screen.document().unwrap().history().1,
        cursor,
        "the game is untouched"
    );
    let _ = app.update(furtherance::Message::CloseEditor.into());
    assert!(app.screen.edits().is_none());
    click(app, "Undo")?;
    assert_eq!(app.screen.document().unwrap().history().1, cursor - 1);
    Ok(())
}

/// Issue 18 §4: one undo on the screen. While "Your board" is open the top bar's Undo and Redo
/// step through the editor's edits (the editor has no pair of its own) and leave the game's
/// history alone; closed, they are the game's again.
#[test]
fn with_the_board_editor_open_the_top_bars_undo_and_redo_are_the_editors() -> Result {
    let (_dir, mut app) = furtherance_started()?;
    let cursor = open_editor_with_one_undo_pair(&mut app, furtherance::Message::OpenBoard);
    // An arrow set by two clicks, then Undo, Redo (the buttons and Ctrl+Z alike).
    for s in ["b3", "c3"] {
        let _ =
            app.update(furtherance::Message::BoardEdit(furtherance::BoardMsg::Click(sq(s))).into());
    }
    assert!(app.screen.edits().unwrap().can_undo());
    click(&mut app, "Undo")?;
    assert!(shows(&app, "Undid: board edit: Left arrow b3 → c3"));
    let edits = app.screen.edits().unwrap();
    assert!(!edits.can_undo() && edits.can_redo());
    let _ = app.update(Message::Shortcut(Shortcut::Redo));
    assert!(shows(&app, "Redid: board edit: Left arrow b3 → c3"));
    closed_editor_gives_undo_back_to_the_game(&mut app, cursor)
}

/// The texts of the app's screen in a window of `size` whose whole is in view: `(text, where)`
/// for each one drawn uncut (a scrolled-away text is left out, a half-shown one fails).
fn whole_in_view(app: &App, size: (f32, f32), label: &str) -> Rectangle {
    let (_, at) = texts(app, size)
        .into_iter()
        .find(|(t, _)| t == label)
        .unwrap_or_else(|| panic!("{label:?} not in view at {size:?}"));
    let whole = bounds(app, size, label);
    assert!(
        (at.height - whole.height).abs() < 0.5 && (at.width - whole.width).abs() < 0.5,
        "{label:?} cut at {size:?}: {at:?} of {whole:?}"
    );
    at
}

/// The windows of issue 18's tightest cases: a 1366×768 screen with large type and a 1024×768
/// one with normal type (90% of the screen, settings::fit), in logical pixels.
const TIGHT: [(bool, (f32, f32)); 2] =
    [(true, (1229.0 / 1.3, 691.0 / 1.3)), (false, (922.0, 691.0))];

/// Issue 18 §4 and issue 32 §2: the unit you click shows its card in the side panel, whole
/// and without scrolling (its name and where it may go), above the turn log, with End turn
/// still in view and where it was; its hand edits are below the panel's fold.
#[test]
fn a_selected_units_card_is_whole_in_the_panel_at_1366_large_and_1024() -> Result {
    for (large, size) in TIGHT {
        let (_dir, mut app) = furtherance_started()?;
        let _ = app.update(Message::LargeType(large));
        let end = whole_in_view(&app, size, "End turn: the enemies go");
        let _ = app.update(furtherance::Message::Square(sq("c4")).into());
        let name = texts(&app, size)
            .into_iter()
            .map(|(t, _)| t)
            .find(|t| t.starts_with("Your ") && t.ends_with(" at c4"))
            .unwrap_or_else(|| panic!("the card's name is not in view at {size:?}"));
        let heading = whole_in_view(&app, size, &name);
        let log = bounds_in(&app, size, iced_test::selector::id(furtherance::LOG_ID));
        assert!(
            heading.y < log.y,
            "the card is not above the log: {heading:?}, log {log:?}"
        );
        let moves = texts(&app, size)
            .into_iter()
            .map(|(t, _)| t)
            .find(|t| t.starts_with("May move to (shaded)"))
            .unwrap_or_else(|| panic!("where it may move is not in view at {size:?}"));
        whole_in_view(&app, size, moves.as_str());
        assert_eq!(whole_in_view(&app, size, "End turn: the enemies go"), end);
        assert!(shows(&app, "Move by hand") && shows(&app, "Remove"));
    }
    Ok(())
}

/// Issue 18 §4 and issue 32 §2: the highlighted piece's Why? (a click on it on the board)
/// opens its step's explanation in the turn log, the first of its lines whole and in view
/// without scrolling, in a box that ends above the panel's fold.
#[test]
fn the_highlighted_pieces_why_opens_in_view_in_the_log_at_1366_large_and_1024() -> Result {
    for (large, size) in TIGHT {
        let (_dir, mut app) = furtherance_started()?;
        let _ = app.update(Message::LargeType(large));
        // An enemy Knight on the field: it moves or attacks in its castle's turn.
        let Screen::Furtherance(s) = &app.screen else {
            panic!("not on Furtherance");
        };
        let kind = s.game().unwrap().catalog().find("Knight").unwrap();
        let place = Play::PlaceUnit {
            owner: Seat::Left,
            kind,
            square: sq("c2"),
        };
        let _ = app.update(furtherance::Message::Play(place).into());
        click(&mut app, "End turn: the enemies go")?;
        for _ in 0..60 {
            let Screen::Furtherance(s) = &app.screen else {
                panic!("not on Furtherance");
            };
            if s.highlighted().is_some() {
                break;
            }
            let next = match s.game().unwrap().pending() {
                Some(p) => furtherance::Message::Answer(p.default),
                None => furtherance::Message::Next,
            };
            let _ = app.update(next.into());
        }
        let Screen::Furtherance(s) = &app.screen else {
            panic!("not on Furtherance");
        };
        assert!(s.highlighted().is_some(), "no enemy piece acted");
        let _ = app.update(furtherance::Message::WhyPiece.into());
        let why = {
            let mut ui = ui(&app, size);
            ui.find(iced_test::selector::id(furtherance::WHY_BOX_ID))?
                .visible_bounds()
                .unwrap_or_else(|| panic!("the Why? lines are out of view at {size:?}"))
        };
        let first = texts(&app, size)
            .into_iter()
            .filter(|(_, at)| why.contains(at.center()))
            .min_by(|a, b| a.1.y.total_cmp(&b.1.y))
            .map(|(t, _)| t)
            .unwrap_or_else(|| panic!("no Why? line in view at {size:?}"));
        whole_in_view(&app, size, &first);
        let panel = bounds_in(&app, size, iced_test::selector::id(furtherance::PANEL_ID));
        assert!(
            why.y + why.height <= panel.y + panel.height + 0.5,
            "the Why? lines {why:?} run below the panel's fold {panel:?} at {size:?}"
        );
    }
    Ok(())
}

/// Issue 18 §4: one undo on the screen with "Your cards" open too. The top bar's Undo and
/// Redo (and Ctrl+Z/Y) step through the card edits (the editor has no pair of its own) and
/// leave the game's history alone; closed, they are the game's again.
#[test]
fn with_the_cards_editor_open_the_top_bars_undo_and_redo_are_the_editors() -> Result {
    let (_dir, mut app) = furtherance_started()?;
    let cursor = open_editor_with_one_undo_pair(&mut app, furtherance::Message::OpenCards);
    let edit = furtherance::CardsMsg::Edit(
        0,
        tablemate::furtherance::units_draft::Column::Cost,
        "4".into(),
    );
    let _ = app.update(furtherance::Message::Cards(edit).into());
    let _ = app.update(
        furtherance::Message::Cards(furtherance::CardsMsg::Ability(
            0,
            furtherance::AbilityChoice(Some(tablemate::furtherance::Ability::NoCounterAttacks)),
        ))
        .into(),
    );
    click(&mut app, "Undo")?;
    assert!(shows(&app, "Undid: card edit: Knight ability: No counters"));
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    assert!(shows(&app, "Undid: card edit: Knight cost: 4"));
    let edits = app.screen.edits().unwrap();
    assert!(!edits.can_undo() && edits.can_redo());
    let _ = app.update(Message::Shortcut(Shortcut::Redo));
    assert!(shows(&app, "Redid: card edit: Knight cost: 4"));
    closed_editor_gives_undo_back_to_the_game(&mut app, cursor)
}

/// The width `label` takes in the app's type at `size` (one line), as iced lays it out.
fn text_width(label: &str, size: f32) -> f32 {
    use iced::advanced::text::Paragraph as _;
    type Paragraph = <iced::Renderer as iced::advanced::text::Renderer>::Paragraph;
    let paragraph = Paragraph::with_text(iced::advanced::Text {
        content: label,
        bounds: iced::Size::INFINITE,
        size: size.into(),
        line_height: iced::widget::text::LineHeight::default(),
        font: iced::Font::DEFAULT,
        align_x: iced::widget::text::Alignment::Default,
        align_y: iced::alignment::Vertical::Top,
        shaping: iced::widget::text::Shaping::default(),
        wrapping: iced::widget::text::Wrapping::None,
    });
    paragraph.min_width()
}

/// Issue 18 §6: "Your cards" shows every ability's name whole in its column, in the window of
/// a 1024×768 screen (normal and large type) and a 1366×768 one with large type: the column is
/// in view, and each name with the list's arrow and padding fits in it.
#[test]
fn the_cards_editors_ability_names_are_whole_at_1024_and_1366_large() -> Result {
    for (large, (w, h)) in [
        (false, (922.0, 691.0)),
        (true, (922.0, 691.0)),
        (true, (1229.0, 691.0)),
    ] {
        let (_dir, mut app) = furtherance_started()?;
        let _ = app.update(Message::LargeType(large));
        let _ = app.update(furtherance::Message::OpenCards.into());
        let scale = if large { 1.3 } else { 1.0 };
        let size = (w / scale, h / scale);
        let mut ui = ui(&app, size);
        let column = ui
            .find(iced_test::selector::id(furtherance::ability_id(0)))
            .unwrap_or_else(|_| panic!("the ability column is not drawn at {size:?}"));
        let at = column.bounds();
        let seen = column.visible_bounds().unwrap_or_default();
        assert!(
            (seen.width - at.width).abs() < 0.5 && (seen.height - at.height).abs() < 0.5,
            "the ability column is cut at {size:?}: {seen:?} of {at:?}"
        );
        assert!(at.x + at.width <= size.0, "{at:?} off the {size:?} window");
        // iced's pick list: the name after the left padding (10), and the arrow (iced's
        // default text size, 16, wide) before the right padding (10).
        let small = 14.0;
        let room = at.width - 20.0 - 16.0;
        for choice in furtherance::ability_choices() {
            let name = choice.to_string();
            let needs = text_width(&name, small);
            assert!(
                needs <= room,
                "{name:?} needs {needs} of {room} at {size:?} (large {large})"
            );
        }
    }
    Ok(())
}
