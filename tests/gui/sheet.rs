//! The game screens' Session sheet and Statistics buttons, and Home's restore code
//! (docs/plays.md, "The session sheet"), headless with iced_test.

use tablemate::doc::Kind;
use tablemate::gui::home::Message as HomeMsg;
use tablemate::gui::{App, Message, Screen};
use tablemate::print::Opener;

use super::{Result, campaign_with_one_result, click, shows};

/// The texts of the notices on the notice line.
fn notices(app: &App) -> Vec<String> {
    app.banners.iter().map(|b| b.text.clone()).collect()
}

/// The restore code a notice names ("Its restore code K7QD-2MXA brings ...").
fn code_in(notice: &str) -> String {
    let at = notice.find("restore code ").expect("a restore code") + 13;
    notice[at..at + 9].to_string()
}

#[test]
fn the_session_sheet_button_writes_the_sheet_in_the_data_folder_and_without_an_opener_names_it()
-> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    app.opener = Opener::Nothing;
    campaign_with_one_result(&mut app)?;
    // The game's end offers tonight's sheet first; not now.
    click(&mut app, "Not now")?;
    let id = app.screen.document().expect("a campaign").id().to_string();
    click(&mut app, "Session sheet")?;
    let path = tablemate::gui::sheet::sheet_path(dir.path(), &id);
    let html = std::fs::read_to_string(&path).expect("the sheet is written");
    assert!(html.contains("Ann wins"), "tonight's result is on it");
    let said = notices(&app).join("\n");
    assert!(said.contains(&path.display().to_string()), "{said}");
    assert!(said.contains("nothing here opens it"), "{said}");
    assert!(
        said.contains("in a browser to print the session sheet"),
        "{said}"
    );
    assert!(
        html.contains(&code_in(&said)),
        "the notice's code is the sheet's"
    );
    assert_eq!(
        app.screen.game(),
        Some(Kind::FurnaceDuel),
        "the game stays open"
    );
    Ok(())
}

#[test]
fn the_statistics_button_opens_the_statistics_of_that_game_and_esc_comes_back() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    click(&mut app, "Statistics")?;
    match &app.screen {
        Screen::Stats(s) => assert_eq!(s.game, Some(Kind::FurnaceDuel)),
        _ => panic!("not the Statistics screen"),
    }
    // The board just won counts: the save was written before the figures were read.
    match &app.screen {
        Screen::Stats(s) => assert_eq!(s.stats.plays, 1, "the board just played counts"),
        _ => panic!("not the Statistics screen"),
    }
    let _ = app.update(Message::Shortcut(tablemate::gui::Shortcut::Back));
    assert_eq!(app.screen.game(), Some(Kind::FurnaceDuel));
    Ok(())
}

#[test]
fn homes_restore_code_opens_the_sheets_state_and_a_wrong_code_is_said_in_place() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    app.opener = Opener::Nothing;
    campaign_with_one_result(&mut app)?;
    // The game's end offers tonight's sheet first; not now.
    click(&mut app, "Not now")?;
    let id = app.screen.document().expect("a campaign").id().to_string();
    click(&mut app, "Session sheet")?;
    let code = code_in(&notices(&app).join("\n"));
    // The evening goes on after the sheet: the result is undone.
    let _ = app.update(Message::Undo);
    app.flush_saves();
    let _ = app.update(Message::GoHome);
    click(&mut app, "Restore code…")?;
    let _ = app.update(Message::Home(HomeMsg::CodeText("ZZZZ-ZZZZ".into())));
    click(&mut app, "Restore")?;
    assert!(
        shows(
            &app,
            "no session sheet of this data folder has the restore code ZZZZ-ZZZZ (a code opens where its sheet was written)"
        ),
        "{:?}",
        notices(&app)
    );
    let _ = app.update(Message::Home(HomeMsg::CodeText(code.to_lowercase())));
    let _ = app.update(Message::Home(HomeMsg::Confirm));
    let doc = app.screen.document().expect("the save is open");
    assert_eq!(doc.id(), id);
    let (entries, cursor) = doc.history();
    assert!(
        entries[cursor].0.contains("Ann wins"),
        "back at the sheet's state: {entries:?} at {cursor}"
    );
    assert!(
        notices(&app)
            .iter()
            .any(|n| n.contains("as on its session sheet")),
        "{:?}",
        notices(&app)
    );
    Ok(())
}

/// Where `label` is drawn in the app's window of `size` (app units), whole and in view.
fn drawn(app: &App, size: iced::Size, label: &str) -> iced::Rectangle {
    let mut ui = iced_test::Simulator::with_size(Default::default(), size, app.view());
    let found = ui.find(label).unwrap_or_else(|e| panic!("{label}: {e:?}"));
    let (bounds, visible) = (found.bounds(), found.visible_bounds());
    let visible = visible.unwrap_or_else(|| panic!("{label} is hidden"));
    assert!(
        (visible.width - bounds.width).abs() < 0.5
            && bounds.x + bounds.width <= size.width
            && bounds.y + bounds.height <= size.height,
        "{label} is cut off: drawn {bounds:?}, visible {visible:?} in {size:?}"
    );
    bounds
}

#[test]
fn the_evenings_buttons_are_whole_at_every_table_size_and_a_notice_moves_neither() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    app.opener = Opener::Nothing;
    campaign_with_one_result(&mut app)?;
    // The offer at the game's end is whole at every table size too.
    for large in [false, true] {
        let _ = app.update(Message::LargeType(large));
        let scale = if large { 1.3 } else { 1.0 };
        for (w, h) in [(1366.0, 768.0), (1024.0, 768.0)] {
            let size = iced::Size::new(w * 0.9 / scale, h * 0.9 / scale);
            for label in ["Print tonight's session sheet", "Not now", "Statistics"] {
                drawn(&app, size, label);
            }
        }
    }
    // The game's end offers tonight's sheet first; not now.
    click(&mut app, "Not now")?;
    app.banners.clear();
    for large in [false, true] {
        let _ = app.update(Message::LargeType(large));
        let scale = if large { 1.3 } else { 1.0 };
        for (w, h) in [(1366.0, 768.0), (1024.0, 768.0)] {
            // The window at 90% of the screen, in the app's units.
            let size = iced::Size::new(w * 0.9 / scale, h * 0.9 / scale);
            app.banners.clear();
            let before: Vec<_> = ["Session sheet", "Statistics"]
                .iter()
                .map(|l| drawn(&app, size, l))
                .collect();
            // A long notice with its Dismiss: the buttons stay where they were.
            click(&mut app, "Session sheet")?;
            assert!(!app.banners.is_empty());
            let after: Vec<_> = ["Session sheet", "Statistics"]
                .iter()
                .map(|l| drawn(&app, size, l))
                .collect();
            for (b, a) in before.iter().zip(&after) {
                assert!(
                    (b.x - a.x).abs() < 0.5 && (b.y - a.y).abs() < 0.5,
                    "a notice moved them at {w}x{h}, large {large}: {b:?} then {a:?}"
                );
            }
            drawn(&app, size, "Dismiss");
        }
    }
    Ok(())
}

/// Issue 36: the browser's opener is waited on. A fake opener that fails (`false`, as
/// `TABLEMATE_OPENER=false` names it) is said on the foot line beside Session sheet, with why
/// and the sheet's path to open by hand.
#[cfg(unix)]
#[test]
fn a_browser_opener_that_fails_is_said_on_the_foot_line_with_the_sheets_path() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    let fake = Opener::Program("false".into());
    app.opener = fake.clone();
    campaign_with_one_result(&mut app)?;
    // The game's end offers tonight's sheet first; not now.
    click(&mut app, "Not now")?;
    let id = app.screen.document().expect("a campaign").id().to_string();
    click(&mut app, "Session sheet")?;
    let path = tablemate::gui::sheet::sheet_path(dir.path(), &id);
    assert!(path.is_file(), "the sheet is written before it is opened");
    // What the waiting task gives back: the same opener run on the sheet, and its answer.
    let how = fake.open_waiting(path.as_os_str());
    assert_eq!(
        how.as_ref().map_err(|e| e.to_string()),
        Err("false failed with exit status 1".to_string())
    );
    let _ = app.update(Message::SheetOpened(path.clone(), how));
    let last = app.banners.last().expect("a notice");
    assert!(last.error, "{}", last.text);
    assert!(
        last.text.contains(&path.display().to_string())
            && last
                .text
                .contains("the browser did not open it (false failed with exit status 1)"),
        "{}",
        last.text
    );
    assert!(shows(&app, &last.text), "on the foot line");
    Ok(())
}

/// Issue 36: at a game's end (here a Furnace Duel board) the foot line offers "Print tonight's
/// session sheet" once, in the Session sheet button's place (nothing covers the result);
/// "Not now" puts the usual buttons back and the same end is not offered again.
#[test]
fn a_games_end_offers_tonights_session_sheet_once_and_not_now_dismisses_it() -> Result {
    use tablemate::gui::furnace_duel::Message as Fd;
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    app.opener = Opener::Nothing;
    campaign_with_one_result(&mut app)?;
    assert!(
        shows(&app, "Print tonight's session sheet"),
        "offered at the end"
    );
    assert!(shows(&app, "Correct result"), "the result stays in view");
    click(&mut app, "Not now")?;
    assert!(!shows(&app, "Print tonight's session sheet"));
    assert!(shows(&app, "Session sheet"), "the usual button is back");
    // Another change to the same finished board offers nothing again.
    let _ = app.update(Message::from(Fd::Note("Ferry token 3".into())));
    let _ = app.update(Message::from(Fd::SaveNote));
    assert!(
        !shows(&app, "Print tonight's session sheet"),
        "offered once"
    );
    Ok(())
}

/// The offer prints the sheet as Session sheet does, and goes.
#[test]
fn the_offer_at_a_games_end_prints_tonights_sheet() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    app.opener = Opener::Nothing;
    campaign_with_one_result(&mut app)?;
    let id = app.screen.document().expect("a campaign").id().to_string();
    click(&mut app, "Print tonight's session sheet")?;
    let path = tablemate::gui::sheet::sheet_path(dir.path(), &id);
    assert!(path.is_file(), "the sheet is written");
    assert!(
        !shows(&app, "Print tonight's session sheet"),
        "the offer goes"
    );
    Ok(())
}

/// The same offer when an army game is won (the last general standing with an army), through
/// the window's own messages.
#[test]
fn an_army_games_end_offers_tonights_session_sheet() -> Result {
    use tablemate::army::{FollowerKind, FollowerRef};
    use tablemate::gui::army::Message as Army;
    let at = |player, index| FollowerRef { player, index };
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    app.opener = Opener::Nothing;
    click(&mut app, Kind::Army.title())?;
    for m in [
        Army::Name(0, "Ann".into()),
        Army::Name(1, "Bob".into()),
        Army::Start,
    ] {
        let _ = app.update(Message::from(m));
    }
    for (player, kinds) in [
        (
            0,
            [
                FollowerKind::General,
                FollowerKind::Berserker,
                FollowerKind::Grunt,
            ],
        ),
        (
            1,
            [
                FollowerKind::General,
                FollowerKind::Grunt,
                FollowerKind::Tank,
            ],
        ),
    ] {
        let _ = app.update(Message::from(Army::Editing(player)));
        for k in kinds {
            let _ = app.update(Message::from(Army::Recruit(k)));
        }
    }
    let _ = app.update(Message::from(Army::BeginPlay));
    assert!(
        !shows(&app, "Print tonight's session sheet"),
        "not before the end"
    );
    for m in [
        Army::OpenEdit(at(1, 2)),
        Army::EditDamage("6".into()),
        Army::ApplyDamage,
        Army::CloseEdit,
        Army::Select(at(0, 1)),
        Army::Attack(at(1, 1)),
    ] {
        let _ = app.update(Message::from(m));
    }
    assert!(shows(
        &app,
        "Ann wins: the only general left standing with an army"
    ));
    assert!(
        shows(&app, "Print tonight's session sheet"),
        "offered at the end"
    );
    Ok(())
}
