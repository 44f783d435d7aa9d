//! Headless GUI flows of the app shell, with iced_test: navigation to every screen, theme and
//! large type, help overlay, rules search, delete with undo, a second instance read-only.
#![cfg(feature = "gui")]

mod furtherance_window;
mod home_trust;
mod keys;
mod repaint;
mod share;
#[path = "../shared/mod.rs"]
mod shared;
mod sheet;
mod table_screens;
mod top_bar_title;
mod window;
mod worldspanner_window;

use iced_test::simulator;
use tablemate::doc::Kind;
use tablemate::gui::style::ThemeChoice;
use tablemate::gui::{App, Message, Screen, Shortcut};

pub type Result = std::result::Result<(), iced_test::Error>;

pub use shared::app::{click, shows};

#[test]
fn home_lists_every_game_and_the_rules_lookup() {
    let dir = tempfile::tempdir().unwrap();
    let app = App::open(dir.path().to_path_buf());
    for kind in Kind::ALL {
        assert!(
            shows(&app, kind.title()),
            "home does not show {}",
            kind.title()
        );
    }
    assert!(shows(&app, "Rules lookup"));
    assert!(shows(
        &app,
        "No saved games yet. Start one on the left; it is saved after every change."
    ));
}

#[test]
fn navigating_to_each_screen_and_back() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    for kind in Kind::ALL {
        click(&mut app, kind.title())?;
        assert_eq!(app.screen.game(), Some(kind));
        let _ = app.update(Message::Shortcut(Shortcut::Back));
        assert!(app.screen.is_home(), "Esc did not return home from {kind}");
    }
    click(&mut app, "Rules lookup")?;
    assert!(matches!(app.screen, Screen::Rules(_)));
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    click(&mut app, "Backups")?;
    assert!(matches!(app.screen, Screen::Backups(_)));
    assert!(shows(
        &app,
        "No backups yet: one is kept each time a save is replaced."
    ));
    Ok(())
}

#[test]
fn statistics_open_from_home_with_the_evenings_finished_board_and_esc_returns() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    click(&mut app, "Statistics")?;
    assert!(matches!(app.screen, Screen::Stats(_)));
    assert!(shows(
        &app,
        "No plays yet: a game counts once it is finished (won, lost or scored)."
    ));
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(app.screen.is_home());
    campaign_with_one_result(&mut app)?;
    app.flush_saves();
    let _ = app.update(Message::GoHome);
    click(&mut app, "Statistics")?;
    // Ann won Britain 120 to 90: a play in the list, and in the chart of win rates.
    assert!(shows(&app, "Ann 120 ★, Ben 90"), "the play is listed");
    assert!(shows(&app, "Win rate per player"));
    Ok(())
}

#[test]
fn ctrl_f_opens_rules_filtered_to_the_game_and_esc_returns() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    click(&mut app, "Worldspanner Factions")?;
    let _ = app.update(Message::Shortcut(Shortcut::Search));
    assert!(matches!(app.screen, Screen::Rules(_)));
    // Filtered: the Worldspanner digest shows, another game's does not.
    assert!(shows(&app, "Round 1 is Reinforce only"));
    assert!(!shows(&app, "Your turn, in order"));
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert_eq!(app.screen.game(), Some(Kind::Worldspanner));
    Ok(())
}

#[test]
fn rules_search_tolerates_typos_and_opens_an_entry() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    click(&mut app, "Rules lookup")?;
    let _ = app.update(Message::Rules(tablemate::gui::rules::Message::Query(
        "reinforcment".into(),
    )));
    assert!(shows(&app, "Round 1 is Reinforce only"));
    click(&mut app, "Round 1 is Reinforce only")?;
    assert!(shows(&app, "← Back to results"));
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(
        matches!(app.screen, Screen::Rules(_)),
        "Esc closes the entry first"
    );
    assert!(!shows(&app, "← Back to results"));
    Ok(())
}

#[test]
fn theme_and_large_type_switch_and_persist() -> Result {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut app = App::open(dir.path().to_path_buf());
        assert!(!app.theme().extended_palette().is_dark);
        let _ = app.update(Message::Theme(ThemeChoice::Dark));
        assert!(app.theme().extended_palette().is_dark);
        click(&mut app, "Large type: off")?;
        assert!(app.settings().large_type);
        assert!(app.scale_factor() > 1.0);
        assert!(shows(&app, "Large type: on"));
    }
    let app = App::open(dir.path().to_path_buf());
    assert_eq!(app.settings().theme, ThemeChoice::Dark);
    assert!(app.settings().large_type);
    Ok(())
}

#[test]
fn system_theme_follows_the_system() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    assert_eq!(app.settings().theme, ThemeChoice::System);
    let _ = app.update(Message::SystemDark(true));
    assert!(app.theme().extended_palette().is_dark);
    let _ = app.update(Message::SystemDark(false));
    assert!(!app.theme().extended_palette().is_dark);
}

#[test]
fn help_overlay_lists_the_shortcuts_and_esc_closes_it() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    click(&mut app, "?")?;
    assert!(app.help);
    for key in ["Ctrl+Z", "Ctrl+Shift+Z or Ctrl+Y", "Ctrl+F", "Esc"] {
        assert!(shows(&app, key), "help does not list {key}");
    }
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(!app.help);
    Ok(())
}

#[test]
fn a_damaged_settings_file_is_kept_and_named() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("settings.json"), b"{ not json").unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    assert!(
        app.banners
            .iter()
            .any(|b| b.error && b.text.contains("settings.json"))
    );
    let _ = app.update(Message::Theme(ThemeChoice::Dark));
    assert_eq!(
        std::fs::read(dir.path().join("settings.json")).unwrap(),
        b"{ not json"
    );
}

#[test]
fn a_second_instance_is_read_only_and_says_who_holds_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let _first = App::open(dir.path().to_path_buf());
    let second = App::open(dir.path().to_path_buf());
    let holder = std::fs::read_to_string(dir.path().join("tablemate.lock")).unwrap();
    assert!(holder.contains(&format!("process {}", std::process::id())));
    let banner = format!(
        "Read-only: the data folder is in use by {}. Nothing will be saved from this window.",
        holder.trim()
    );
    assert!(shows(&second, &banner), "the banner should name the holder");
    assert!(!shows(&_first, &banner));
}

#[test]
fn a_damaged_save_is_listed_with_its_reason_and_a_way_to_its_backups() -> Result {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("saves")).unwrap();
    std::fs::write(
        dir.path().join("saves/broken.json"),
        b"{\"format\":\"tablemate\"",
    )
    .unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    assert!(shows(&app, "Open backups"));
    click(&mut app, "Open backups")?;
    assert!(matches!(app.screen, Screen::Backups(_)));
    Ok(())
}

/// Starts a Furnace Duel campaign through the screen and records the first game's result: two
/// labelled history entries the shell can undo.
pub fn campaign_with_one_result(app: &mut App) -> Result {
    use tablemate::furnace_duel::Seat;
    use tablemate::gui::furnace_duel::{Message as Fd, TallyField};
    click(app, Kind::FurnaceDuel.title())?;
    let _ = app.update(Message::from(Fd::NameA("Ann".into())));
    let _ = app.update(Message::from(Fd::NameB("Ben".into())));
    click(app, "Start campaign")?;
    let _ = app.update(Message::from(Fd::Tally(
        Seat::A,
        TallyField::Cash,
        "120".into(),
    )));
    let _ = app.update(Message::from(Fd::Tally(
        Seat::B,
        TallyField::Cash,
        "90".into(),
    )));
    let _ = app.update(Message::from(Fd::Token(Seat::A)));
    click(app, "Record result")?;
    assert!(
        !app.banners.iter().any(|b| b.error),
        "recording the result was refused: {:?}",
        app.banners.iter().map(|b| &b.text).collect::<Vec<_>>()
    );
    Ok(())
}

#[test]
fn undo_and_redo_through_the_shell_are_labelled_saved_and_survive_a_restart() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let id;
    {
        let mut app = App::open(dir.path().to_path_buf());
        campaign_with_one_result(&mut app)?;
        let doc = app.screen.document().expect("a campaign is open");
        id = doc.id().to_string();
        let (entries, cursor) = doc.history();
        assert_eq!(entries.len(), 2, "{entries:?}");
        assert_eq!(cursor, 1);
        assert!(
            entries[1].0.contains("Ann wins"),
            "labelled: {}",
            entries[1].0
        );
        // Ctrl+Z: back one step, labelled, and saved at once.
        let _ = app.update(Message::Shortcut(Shortcut::Undo));
        assert!(app.status.starts_with("Undid: "), "{}", app.status);
        assert!(app.screen.document().unwrap().can_redo());
        // The history panel shows every entry; clicking the first returns to it.
        let _ = app.update(Message::ToggleHistory);
        assert!(shows(&app, "History"));
        // The undone entry is still listed (it can be redone); clicking it returns to it.
        click(&mut app, &entries[1].0)?;
        assert_eq!(app.screen.document().unwrap().history().1, 1);
        let _ = app.update(Message::Shortcut(Shortcut::Undo));
        // Ctrl+Shift+Z: back to the recorded result; then undo again and quit.
        let _ = app.update(Message::Shortcut(Shortcut::Redo));
        assert_eq!(app.status, format!("Redid: {}", entries[1].0));
        assert_eq!(app.screen.document().unwrap().history().1, 1);
        let _ = app.update(Message::Shortcut(Shortcut::Undo));
    }
    // A restart: the save holds the whole history and where we were in it.
    let mut app = App::open(dir.path().to_path_buf());
    assert!(app.listings().iter().any(|l| l.id == id));
    click(&mut app, "Open")?;
    let doc = app.screen.document().expect("the campaign reopens");
    let (entries, cursor) = doc.history();
    assert_eq!((entries.len(), cursor), (2, 0));
    assert!(doc.can_redo());
    let _ = app.update(Message::Shortcut(Shortcut::Redo));
    assert_eq!(app.screen.document().unwrap().history().1, 1);
    Ok(())
}

#[test]
fn export_asks_before_replacing_a_file_and_import_never_overwrites() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().join("data"));
    campaign_with_one_result(&mut app)?;
    let id = app.screen.document().unwrap().id().to_string();
    let _ = app.update(Message::GoHome);
    let target = dir.path().join(format!("{id}.json"));
    std::fs::write(&target, b"precious").unwrap();
    // The file dialog's answer arrives as a message (rfd cannot run headless).
    let _ = app.update(Message::Home(tablemate::gui::home::Message::ExportPicked(
        Some(id.clone()),
        Some(target.clone()),
    )));
    assert!(app.asking(), "an existing file needs confirmation");
    assert_eq!(std::fs::read(&target).unwrap(), b"precious");
    click(&mut app, "Cancel")?;
    assert_eq!(std::fs::read(&target).unwrap(), b"precious");
    let _ = app.update(Message::Home(tablemate::gui::home::Message::ExportPicked(
        Some(id.clone()),
        Some(target.clone()),
    )));
    click(&mut app, "Replace")?;
    assert_ne!(std::fs::read(&target).unwrap(), b"precious");
    // Importing the exported file again: the same bytes are already here, nothing changes.
    let before = app.listings().len();
    let _ = app.update(Message::Home(tablemate::gui::home::Message::ImportPicked(
        Some(target.clone()),
    )));
    assert_eq!(
        app.listings().len(),
        before,
        "identical bytes import as a no-op"
    );
    // A different save under the same name becomes a new save; the one here is untouched.
    let here = std::fs::read(dir.path().join(format!("data/saves/{id}.json"))).unwrap();
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    let _ = app.update(Message::Home(tablemate::gui::home::Message::Open(
        id.clone(),
        Kind::FurnaceDuel,
    )));
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    let _ = app.update(Message::GoHome);
    let _ = app.update(Message::Home(tablemate::gui::home::Message::ImportPicked(
        Some(target.clone()),
    )));
    assert_eq!(
        app.listings().len(),
        before + 1,
        "a changed file with a taken id is imported as a copy"
    );
    assert_ne!(
        std::fs::read(dir.path().join(format!("data/saves/{id}.json"))).unwrap(),
        here
    );
    assert!(app.banners.iter().any(|b| b.text.contains("as a new copy")));
    // A damaged file is refused with its name.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, b"{\"format\":\"tablemate\",\"version\":2").unwrap();
    let _ = app.update(Message::Home(tablemate::gui::home::Message::ImportPicked(
        Some(bad),
    )));
    assert!(
        app.banners
            .iter()
            .any(|b| b.error && b.text.contains("bad.json"))
    );
    Ok(())
}

#[test]
fn delete_and_backup_restore_can_both_be_undone() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    let id = app.screen.document().unwrap().id().to_string();
    let _ = app.update(Message::GoHome);
    click(&mut app, "Delete")?;
    assert!(shows(&app, "Yes, delete"));
    click(&mut app, "Yes, delete")?;
    assert!(app.listings().iter().all(|l| l.id != id));
    click(&mut app, "Undo")?;
    assert!(
        app.listings().iter().any(|l| l.id == id),
        "undo brings the deleted save back"
    );
    // Restore an older backup from the Backups view, then undo the restore.
    let before = std::fs::read(dir.path().join(format!("saves/{id}.json"))).unwrap();
    let _ = app.update(Message::Home(tablemate::gui::home::Message::Backups(Some(
        id.clone(),
    ))));
    assert!(matches!(app.screen, Screen::Backups(_)));
    let restore_buttons = {
        let mut ui = simulator(app.view());
        ui.click("Restore").is_ok()
    };
    assert!(
        restore_buttons,
        "the Backups view lists a restorable backup"
    );
    click(&mut app, "Restore")?;
    click(&mut app, "Yes, restore")?;
    click(&mut app, "Undo")?;
    assert_eq!(
        std::fs::read(dir.path().join(format!("saves/{id}.json"))).unwrap(),
        before
    );
    Ok(())
}

#[test]
fn a_saved_games_buttons_all_show_at_1024_with_large_type() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    app.flush_saves();
    let _ = app.update(Message::GoHome);
    let _ = app.update(Message::LargeType(true));
    // 1024×768 with large type is 1024/1.3 × 768/1.3 logical pixels.
    let size = iced::Size::new(1024.0 / 1.3, 768.0 / 1.3);
    for label in ["Open", "Export…", "Backups", "Rename", "Delete"] {
        let mut ui = iced_test::Simulator::with_size(Default::default(), size, app.view());
        let found = ui.find(label).unwrap_or_else(|e| panic!("{label}: {e:?}"));
        let (bounds, visible) = (found.bounds(), found.visible_bounds());
        let visible = visible.unwrap_or_else(|| panic!("{label} is hidden"));
        assert!(
            (visible.width - bounds.width).abs() < 0.5 && bounds.x + bounds.width <= size.width,
            "{label} is cut off: drawn {bounds:?}, visible {visible:?}"
        );
    }
    Ok(())
}

#[test]
fn without_a_file_dialog_home_says_so_and_takes_a_typed_path_for_export_and_import() -> Result {
    use tablemate::gui::files::NO_DIALOG;
    use tablemate::gui::home::{Message as Home, Transfer};
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().join("data"));
    campaign_with_one_result(&mut app)?;
    let id = app.screen.document().unwrap().id().to_string();
    let _ = app.update(Message::GoHome);
    // What Export… answers when no dialog could open: the typed path, starting in the data
    // folder with the proposed file name, and the reason on screen.
    let _ = app.update(Message::Home(Home::NoDialog(
        Transfer::Export(Some(id.clone())),
        NO_DIALOG.into(),
    )));
    assert!(shows(&app, "Export this save to a file"));
    assert!(shows(
        &app,
        &format!("{NO_DIALOG} Type the file's path instead.")
    ));
    for start in ["Data folder", "Home folder", "Cancel", "Export"] {
        assert!(shows(&app, start), "{start} is not offered");
    }
    let target = dir.path().join("typed.json");
    let _ = app.update(Message::Home(Home::PathText(target.display().to_string())));
    click(&mut app, "Export")?;
    assert!(target.is_file(), "the typed path was not written");
    // A folder is refused in place, naming it.
    let _ = app.update(Message::Home(Home::NoDialog(
        Transfer::Import,
        NO_DIALOG.into(),
    )));
    let _ = app.update(Message::Home(Home::PathText(
        dir.path().display().to_string(),
    )));
    click(&mut app, "Import")?;
    assert!(shows(
        &app,
        &format!(
            "{} is a folder: add the file's name after it.",
            dir.path().display()
        )
    ));
    // A path to nothing is refused by the import, naming the file; nothing is added.
    let before = app.listings().len();
    let _ = app.update(Message::Home(Home::PathText(
        dir.path().join("missing.json").display().to_string(),
    )));
    click(&mut app, "Import")?;
    assert!(
        app.banners
            .iter()
            .any(|b| b.error && b.text.contains("missing.json")),
        "a missing file is named"
    );
    assert_eq!(app.listings().len(), before);
    Ok(())
}

/// Issue 36 §4: a refusal's rule is one click from the refusal, and a player's own rulebook,
/// registered per game, opens at the entry's page; the setting survives a restart.
#[test]
fn a_refusals_rule_opens_its_entry_and_my_rulebook_is_kept_in_the_settings() -> Result {
    use tablemate::furtherance::Action as Play;
    use tablemate::gui::{furtherance, rules};
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    click(&mut app, Kind::Furtherance.title())?;
    let _ = app.update(furtherance::Message::Start.into());
    // Two workers: a third Mine is refused by the worker rule.
    for _ in 0..3 {
        let _ = app.update(furtherance::Message::Play(Play::Mine {}).into());
    }
    // Beside the refusal in the panel, not again on the foot line (docs/rules.md).
    assert!(shows(&app, "Rule"), "the refusal offers its rule");
    assert!(!shows(&app, "See the rule"), "offered once");
    click(&mut app, "Rule")?;
    assert!(matches!(app.screen, Screen::Rules(_)));
    assert!(shows(&app, "Worker actions"), "opened at the entry cited");
    assert!(
        !shows(&app, "Open my rulebook"),
        "no rulebook registered yet"
    );

    // A path that is not a file is refused, saying so; a file is kept.
    let book = dir.path().join("My Furtherance.pdf");
    let _ = app.update(Message::Rules(rules::Message::BookTyped(
        dir.path().display().to_string(),
    )));
    click(&mut app, "Use this rulebook")?;
    assert!(!shows(&app, "Open my rulebook"));
    std::fs::write(&book, b"%PDF-1.4").unwrap();
    let _ = app.update(Message::Rules(rules::Message::BookTyped(
        book.display().to_string(),
    )));
    click(&mut app, "Use this rulebook")?;
    // Furtherance's text names sections, not pages: the book opens at its start.
    assert!(shows(&app, "Open my rulebook"));
    let settings = std::fs::read_to_string(dir.path().join("settings.json")).unwrap();
    assert!(settings.contains("My Furtherance.pdf"), "{settings}");

    // After a restart the setting is read back; an entry with a page offers that page.
    drop(app);
    let mut app = App::open(dir.path().to_path_buf());
    let _ = app.update(Message::OpenRule(tablemate::rules::RuleRef::new(
        Kind::Furtherance,
        "items",
    )));
    assert!(shows(&app, "Open my rulebook"));
    let _ = app.update(Message::OpenRule(tablemate::rules::RuleRef::new(
        Kind::NearAndFar,
        "quests",
    )));
    assert!(shows(&app, "Attempting a quest"));
    assert!(
        !shows(&app, "Open my rulebook at p. 21"),
        "no Near and Far book"
    );
    Ok(())
}
