//! Home you can trust (issue 30, items 1 and 2; issue 29, item 4): a notice's Undo acts only on
//! the version it was shown for, the window never writes a copy older than what is on disk (it
//! asks), `backups/data/` is no save, identical backups are one row and every row says what it
//! holds, saves are named by their titles everywhere and can be renamed, a failed save is shown
//! when the writer reports it, and the system's request to end writes every change first.

use std::path::Path;

use proptest::prelude::*;
use tablemate::doc::Kind;
use tablemate::furnace_duel::Campaign;
use tablemate::gui::backups::Message as BackupsMsg;
use tablemate::gui::home::Message as HomeMsg;
use tablemate::gui::{App, Message, Screen, Shortcut};
use tablemate::store::Store;

use super::{Result, campaign_with_one_result, click, shows};

/// The title `campaign_with_one_result` gives its campaign (none typed: the players' names).
const TITLE: &str = "Ann vs Ben";

/// Whether some text on the app's view contains `part`.
fn says(app: &App, part: &str) -> bool {
    use iced_test::selector::Candidate;
    let part = part.to_string();
    iced_test::simulator(app.view())
        .find(move |c: Candidate<'_>| match c {
            Candidate::Text { content, .. } if content.contains(part.as_str()) => Some(()),
            _ => None,
        })
        .is_ok()
}

fn save_file(dir: &Path, id: &str) -> Option<Vec<u8>> {
    std::fs::read(dir.join(format!("saves/{id}.json"))).ok()
}

/// Every backup file of `id`, by content.
fn backup_files(dir: &Path, id: &str) -> Vec<Vec<u8>> {
    std::fs::read_dir(dir.join(format!("backups/{id}")))
        .map(|d| {
            d.flatten()
                .filter_map(|e| std::fs::read(e.path()).ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The history (labels, cursor) of save `id` on disk, read through a second (read-only) store.
fn on_disk(dir: &Path, id: &str) -> Option<(Vec<String>, usize)> {
    let store = Store::open(dir).ok()?;
    let saved = store.load::<Campaign>(id).ok()?;
    Some((
        saved
            .history
            .entries()
            .iter()
            .map(|e| e.label.clone())
            .collect(),
        saved.history.cursor(),
    ))
}

/// The history (labels, cursor) the window shows.
fn shown(app: &App) -> Option<(Vec<String>, usize)> {
    let doc = app.screen.document()?;
    let (entries, cursor) = doc.history();
    Some((entries.into_iter().map(|e| e.0).collect(), cursor))
}

/// Waits for the writer and hands the window its report, as the writer's wake-up does.
fn settle(app: &mut App) {
    app.flush_saves();
    let _ = app.update(Message::SaveReported);
}

fn open(app: &mut App, id: &str) {
    let _ = app.update(Message::GoHome);
    let _ = app.update(Message::Home(HomeMsg::Open(
        id.to_string(),
        Kind::FurnaceDuel,
    )));
}

/// The undo a notice offers, if any.
fn offered(app: &App) -> Option<tablemate::gui::screen::Restore> {
    app.banners.iter().rev().find_map(|b| b.undo.clone())
}

fn backups_screen(app: &App) -> &tablemate::gui::backups::State {
    match &app.screen {
        Screen::Backups(b) => b,
        _ => panic!("not on Backups"),
    }
}

/// Restores the backup of `id` whose last action contains `last` from the Backups view.
fn restore_where(app: &mut App, id: &str, last: &str) {
    let _ = app.update(Message::GoHome);
    let _ = app.update(Message::Home(HomeMsg::Backups(Some(id.to_string()))));
    let name = backups_screen(app)
        .backups
        .iter()
        .find(|b| b.last_action.as_deref().is_some_and(|l| l.contains(last)))
        .map(|b| b.name.clone())
        .unwrap_or_else(|| panic!("no backup at {last:?}"));
    let _ = app.update(Message::Backups(BackupsMsg::Restore(id.to_string(), name)));
    let _ = app.update(Message::Backups(BackupsMsg::Confirm));
}

/// A campaign with two versions kept: the result recorded (in Backups) and undone (on disk).
fn two_versions(app: &mut App) -> std::result::Result<String, iced_test::Error> {
    campaign_with_one_result(app)?;
    let id = app.screen.document().unwrap().id().to_string();
    settle(app);
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    let _ = app.update(Message::GoHome);
    Ok(id)
}

#[test]
fn after_a_restore_an_earlier_deletes_undo_is_withdrawn() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    let id = app.screen.document().unwrap().id().to_string();
    let _ = app.update(Message::GoHome);
    click(&mut app, "Delete")?;
    click(&mut app, "Yes, delete")?;
    assert!(offered(&app).is_some(), "the delete offers Undo");
    restore_where(&mut app, &id, "wins");
    assert!(save_file(dir.path(), &id).is_some(), "restored");
    assert!(
        offered(&app).is_none(),
        "the delete's Undo is withdrawn: {:?}",
        app.banners.iter().map(|b| &b.text).collect::<Vec<_>>()
    );
    open(&mut app, &id);
    assert!(!shows(&app, "Dismiss") || !says(&app, "Deleted"));
    Ok(())
}

#[test]
fn a_notices_undo_refuses_when_the_file_changed_since_and_says_why() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    let id = two_versions(&mut app)?;
    restore_where(&mut app, &id, "wins");
    let undo = offered(&app).expect("the restore offers Undo");
    // The player opens the game and plays on: the file changes.
    open(&mut app, &id);
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    settle(&mut app);
    let now = save_file(dir.path(), &id);
    let _ = app.update(Message::UndoStore(undo));
    assert_eq!(save_file(dir.path(), &id), now, "nothing changed on disk");
    let refusal = app
        .banners
        .iter()
        .find(|b| b.error)
        .map(|b| b.text.clone())
        .unwrap_or_default();
    assert!(
        refusal.contains(&format!(
            "Cannot undo: \u{201c}{TITLE}\u{201d} has changed since"
        )),
        "{refusal}"
    );
    assert_eq!(
        shown(&app),
        on_disk(dir.path(), &id),
        "screen and disk agree"
    );
    Ok(())
}

#[test]
fn a_restores_undo_on_the_open_game_shows_what_is_on_disk() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    let id = two_versions(&mut app)?;
    restore_where(&mut app, &id, "wins");
    let undo = offered(&app).expect("the restore offers Undo");
    open(&mut app, &id);
    assert_eq!(shown(&app).map(|h| h.1), Some(1), "the restored version");
    let _ = app.update(Message::UndoStore(undo));
    assert_eq!(
        on_disk(dir.path(), &id).map(|h| h.1),
        Some(0),
        "undone on disk"
    );
    assert_eq!(shown(&app), on_disk(dir.path(), &id), "and on the screen");
    // The next change in the window is written over it, with no question.
    let _ = app.update(Message::Shortcut(Shortcut::Redo));
    settle(&mut app);
    assert!(app.conflict.is_none() && app.unsaved().is_none());
    assert_eq!(shown(&app), on_disk(dir.path(), &id));
    Ok(())
}

/// The game open in the window, and its file replaced behind it (a restore from the command
/// line's store, another program): the id, the replaced file's bytes.
fn changed_behind_the_window(
    dir: &Path,
    app: &mut App,
) -> std::result::Result<(String, Vec<u8>), iced_test::Error> {
    let id = two_versions(app)?;
    open(app, &id);
    let store = app.store.clone().unwrap();
    let name = store
        .backups(&id)
        .unwrap()
        .into_iter()
        .find(|b| b.last_action.as_deref().is_some_and(|l| l.contains("wins")))
        .unwrap()
        .name;
    store.restore_backup(&id, &name).unwrap();
    let theirs = save_file(dir, &id).unwrap();
    // The window, unaware, plays on.
    let _ = app.update(Message::Shortcut(Shortcut::Redo));
    settle(app);
    Ok((id, theirs))
}

#[test]
fn the_window_never_writes_over_a_newer_version_it_asks_and_can_show_it() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    let (id, theirs) = changed_behind_the_window(dir.path(), &mut app)?;
    assert_eq!(
        save_file(dir.path(), &id).unwrap(),
        theirs,
        "not overwritten"
    );
    assert_eq!(app.conflict.as_deref(), Some(id.as_str()));
    assert!(says(&app, "was changed on disk since this window read it"));
    assert!(app.unsaved().is_some(), "the top bar says it is not saved");
    click(&mut app, "Show the version on disk")?;
    assert!(app.conflict.is_none() && app.unsaved().is_none());
    assert_eq!(shown(&app), on_disk(dir.path(), &id));
    assert_eq!(save_file(dir.path(), &id).unwrap(), theirs);
    Ok(())
}

#[test]
fn keeping_the_windows_version_writes_it_and_the_one_on_disk_stays_in_backups() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    let (id, theirs) = changed_behind_the_window(dir.path(), &mut app)?;
    let mine = shown(&app);
    click(&mut app, "Keep this window's version")?;
    settle(&mut app);
    assert!(app.conflict.is_none() && app.unsaved().is_none());
    assert_eq!(on_disk(dir.path(), &id), mine);
    assert!(
        backup_files(dir.path(), &id).contains(&theirs),
        "the version that was on disk is kept"
    );
    Ok(())
}

#[test]
fn the_data_files_backups_are_never_listed_as_a_deleted_save() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    let _ = app.update(Message::GoHome);
    let data = dir
        .path()
        .join("backups/data/data_worldspanner_challenge-deck.draft.json");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("2026-11-28T12h58h59.620Z.json"), b"{}").unwrap();
    let _ = app.update(Message::Home(HomeMsg::Backups(None)));
    let b = backups_screen(&app);
    assert!(b.ids.iter().all(|s| s.id != "data"), "{:?}", b.ids);
    assert!(!says(&app, "data (deleted)"));
    Ok(())
}

#[test]
fn identical_backups_are_one_row_and_each_row_says_what_it_holds() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    let id = two_versions(&mut app)?;
    // A second, identical copy of the newest backup (as a delete after a restore makes).
    let folder = dir.path().join(format!("backups/{id}"));
    let newest = app.store.clone().unwrap().backups(&id).unwrap()[0].clone();
    std::fs::copy(
        &newest.path,
        folder.join("2026-01-01T00h00h00.000Z_s000099_kept.json"),
    )
    .unwrap();
    let _ = app.update(Message::Home(HomeMsg::Backups(Some(id.clone()))));
    let rows = &backups_screen(&app).backups;
    assert_eq!(rows.len(), 1, "one row per version: {rows:?}");
    assert_eq!(
        rows[0].name, "2026-01-01T00h00h00.000Z_s000099_kept.json",
        "the newest"
    );
    // What it holds, in the player's words: the summary, the last action, the time to the
    // second, the size.
    let b = &rows[0];
    let (_, saved_at, summary) = b.content.clone().unwrap();
    let label = b.last_action.clone().unwrap();
    assert!(label.contains("Ann wins"), "{label}");
    assert!(says(&app, &format!("{summary} \u{b7} last: {label}")));
    let seconds = saved_at
        .with_timezone(&chrono::Local)
        .format("%H:%M:%S")
        .to_string();
    assert!(says(&app, &seconds), "the time to the second: {seconds}");
    assert!(says(&app, " KB"), "the size");
    Ok(())
}

#[test]
fn backups_the_delete_and_restore_dialogs_and_the_notices_name_the_save_by_its_title() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    let id = two_versions(&mut app)?;
    let named = format!("\u{201c}{TITLE}\u{201d}");
    click(&mut app, "Delete")?;
    assert!(says(&app, &format!("Delete {named}?")));
    assert!(!says(&app, &id));
    click(&mut app, "Yes, delete")?;
    assert!(says(
        &app,
        &format!("Deleted {named}. It is kept in Backups.")
    ));
    let _ = app.update(Message::Home(HomeMsg::Backups(None)));
    assert!(says(&app, &format!("{TITLE} (deleted)")), "the list");
    assert!(says(&app, &format!("Backups of {named}")), "the heading");
    assert!(!says(&app, &id), "no id on the Backups view");
    let name = backups_screen(&app).backups[0].name.clone();
    let _ = app.update(Message::Backups(BackupsMsg::Restore(id.clone(), name)));
    assert!(says(&app, &format!("Restore {named} to its version of")));
    click(&mut app, "Yes, restore")?;
    assert!(says(&app, &format!("Restored {named} to its version of")));
    Ok(())
}

#[test]
fn rename_on_home_changes_the_title_and_nothing_else() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    let id = app.screen.document().unwrap().id().to_string();
    let _ = app.update(Message::GoHome);
    let before = on_disk(dir.path(), &id);
    click(&mut app, "Rename")?;
    assert!(says(&app, &format!("Rename \u{201c}{TITLE}\u{201d}")));
    let _ = app.update(Message::Home(HomeMsg::RenameText("Friday league".into())));
    click(&mut app, "Save title")?;
    assert_eq!(app.listings()[0].title, "Friday league");
    assert!(says(
        &app,
        "Renamed \u{201c}Ann vs Ben\u{201d} to \u{201c}Friday league\u{201d}."
    ));
    assert_eq!(
        on_disk(dir.path(), &id),
        before,
        "the game and its history unchanged"
    );
    // A title of two lines is refused, with the reason, and the dialog stays.
    click(&mut app, "Rename")?;
    let _ = app.update(Message::Home(HomeMsg::RenameText("a\nb".into())));
    click(&mut app, "Save title")?;
    assert!(app.asking());
    assert!(says(&app, "a title is one line of text"));
    assert_eq!(app.listings()[0].title, "Friday league");
    Ok(())
}

#[test]
fn rename_in_the_games_top_bar_is_saved_with_the_game() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    let id = app.screen.document().unwrap().id().to_string();
    settle(&mut app);
    click(&mut app, "Rename")?;
    let _ = app.update(Message::RenameText("Cup final".into()));
    click(&mut app, "Save title")?;
    settle(&mut app);
    assert_eq!(app.screen.document().unwrap().title(), "Cup final");
    assert!(shows(&app, "Cup final"), "the top bar shows the new title");
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.load::<Campaign>(&id).unwrap().title, "Cup final");
    Ok(())
}

#[test]
fn a_failed_save_shows_when_the_writer_reports_it() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    settle(&mut app);
    let store = app.store.clone().unwrap();
    store.set_fault_hook(Some(Box::new(|_: &Path| {
        Err(std::io::Error::other("no space left on device"))
    })));
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    // The writer's wake-up is the only message: no click, no retry timer.
    settle(&mut app);
    assert!(
        says(&app, "Not saved: "),
        "the top bar says so at the writer's report"
    );
    Ok(())
}

#[test]
fn the_systems_request_to_end_writes_every_change_first() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    let id = app.screen.document().unwrap().id().to_string();
    settle(&mut app);
    // A slow disk: the write of the next change is still under way when the signal comes.
    let store = app.store.clone().unwrap();
    store.set_fault_hook(Some(Box::new(|_: &Path| {
        std::thread::sleep(std::time::Duration::from_millis(300));
        Ok(())
    })));
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    let _ = app.update(Message::Terminate);
    assert_eq!(
        on_disk(dir.path(), &id).map(|h| h.1),
        Some(0),
        "the undo is on disk when the app ends"
    );
    Ok(())
}

/// One step of a player (or another program) at Home, in a game and in Backups.
#[derive(Debug, Clone)]
enum Step {
    /// In the open game (opened first if needed): undo, else redo.
    Change,
    Open,
    Delete,
    /// From the Backups view: the backup at this index (modulo their number).
    Restore(usize),
    /// The Undo the notice line offers, if any, wherever the window is.
    UndoNotice,
    GoHome,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => Just(Step::Change),
        1 => Just(Step::Open),
        1 => Just(Step::Delete),
        2 => (0usize..4).prop_map(Step::Restore),
        2 => Just(Step::UndoNotice),
        1 => Just(Step::GoHome),
    ]
}

fn listed(app: &App, id: &str) -> bool {
    app.listings().iter().any(|l| l.id == id)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Window saves, deletes, restores and notice Undos in any order: every version the
    /// window reported as saved, and then saw replaced by anything but its own next change,
    /// is still on disk or in Backups; and whenever the window shows the game with nothing
    /// unsaved and no question open, what it shows is what is on disk.
    #[test]
    fn no_version_reported_as_saved_is_lost(steps in proptest::collection::vec(step(), 1..7)) {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        campaign_with_one_result(&mut app).unwrap();
        let id = app.screen.document().unwrap().id().to_string();
        settle(&mut app);
        let mut must_keep: Vec<Vec<u8>> = Vec::new();
        // The bytes the window last reported as saved.
        let mut reported = save_file(dir.path(), &id);
        for s in steps {
            let before = save_file(dir.path(), &id);
            let store_change = matches!(s, Step::Delete | Step::Restore(_) | Step::UndoNotice);
            match s {
                Step::Change => {
                    if app.screen.document().is_none() {
                        let _ = app.update(Message::GoHome);
                        if listed(&app, &id) {
                            open(&mut app, &id);
                        }
                    }
                    if let Some(doc) = app.screen.document() {
                        let m = if doc.can_undo() { Shortcut::Undo } else { Shortcut::Redo };
                        let _ = app.update(Message::Shortcut(m));
                    }
                }
                Step::Open => {
                    let _ = app.update(Message::GoHome);
                    if listed(&app, &id) {
                        open(&mut app, &id);
                    }
                }
                Step::Delete => {
                    let _ = app.update(Message::GoHome);
                    if listed(&app, &id) {
                        let _ = app.update(Message::Home(HomeMsg::Delete(id.clone())));
                        let _ = app.update(Message::Home(HomeMsg::Confirm));
                    }
                }
                Step::Restore(i) => {
                    let _ = app.update(Message::GoHome);
                    let _ = app.update(Message::Home(HomeMsg::Backups(Some(id.clone()))));
                    let rows = backups_screen(&app).backups.clone();
                    if !rows.is_empty() {
                        let name = rows[i % rows.len()].name.clone();
                        let _ = app.update(Message::Backups(BackupsMsg::Restore(id.clone(), name)));
                        let _ = app.update(Message::Backups(BackupsMsg::Confirm));
                    }
                }
                Step::UndoNotice => {
                    if let Some(r) = offered(&app) {
                        let _ = app.update(Message::UndoStore(r));
                    }
                }
                Step::GoHome => {
                    let _ = app.update(Message::GoHome);
                }
            }
            settle(&mut app);
            let after = save_file(dir.path(), &id);
            if store_change
                && after != before
                && let Some(r) = &reported
                && before.as_ref() == Some(r)
            {
                // Replaced by something other than the window's own change: the version
                // reported as saved must be kept.
                must_keep.push(r.clone());
            }
            if app.conflict.is_none()
                && app.unsaved().is_none()
                && let Some(view) = shown(&app)
            {
                prop_assert_eq!(
                    Some(view),
                    on_disk(dir.path(), &id),
                    "screen and disk agree after {:?}",
                    s
                );
                reported = save_file(dir.path(), &id);
            }
            // Nothing the window writes may replace a version it did not read.
            if !store_change && let (Some(b), Some(a)) = (&before, &after) {
                prop_assert!(
                    a == b || reported.as_ref() == Some(a),
                    "the file changed to a version the window did not report"
                );
            }
        }
        let backups = backup_files(dir.path(), &id);
        let now = save_file(dir.path(), &id);
        for kept in &must_keep {
            prop_assert!(
                now.as_ref() == Some(kept) || backups.contains(kept),
                "a version reported as saved is lost"
            );
        }
    }
}
