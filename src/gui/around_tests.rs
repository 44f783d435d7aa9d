//! The screens around the games (Home, Backups, the rules, the statistics) as a player clicks
//! them, in the whole window: TABLE-UX's "nothing moves under the cursor" (docs/table-ux.md).

use std::path::Path;

use super::home::Message as HomeMsg;
use super::screen::{Action, Ctx};
use super::testing::{self, ScreenUnderTest};
use super::{App, Message};

/// The whole window on its own copy of a data folder: a click may change screens, never a
/// save or a backup by accident.
struct Window {
    app: App,
    _dir: tempfile::TempDir,
}

impl ScreenUnderTest for Window {
    type Message = Message;

    fn draw(&self, _ctx: &Ctx) -> iced::Element<'_, Message> {
        self.app.view()
    }

    fn apply(&mut self, message: Message, _ctx: &Ctx) -> Action<Message> {
        let _ = self.app.update(message);
        self.app.flush_saves();
        let _ = self.app.update(Message::SaveReported);
        Action::none()
    }

    fn open_document(&self) -> Option<&dyn super::document::Document> {
        self.app.screen.document()
    }

    /// Every save and backup in the data folder, by name and content.
    fn changes(&self) -> Option<(String, u64)> {
        use std::hash::{Hash, Hasher};
        let root = self.app.store.as_ref()?.root().to_path_buf();
        let mut names = Vec::new();
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        let mut walk = vec![root.join("saves"), root.join("backups")];
        while let Some(dir) = walk.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            entries.sort();
            for path in entries {
                if path.is_dir() {
                    walk.push(path);
                } else {
                    names.push(path.display().to_string());
                    std::fs::read(&path).unwrap_or_default().hash(&mut hasher);
                }
            }
        }
        Some((names.join("\n"), hasher.finish()))
    }
}

/// Copies folder `from` into `to`, as it is.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("readable").flatten() {
        let (path, target) = (entry.path(), to.join(entry.file_name()));
        if path.is_dir() {
            copy_folder(&path, &target);
        } else if path.is_file() {
            std::fs::copy(&path, &target).expect("copied");
        }
    }
}

/// A data folder with a Furnace Duel campaign in three versions (two backups) and a second
/// campaign deleted (a row in Backups to restore): the first one's id.
fn data_folder(root: &Path) -> String {
    let run = |args: &[&str]| {
        let out = crate::cli::run_in(root, args, "");
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        out.stdout
    };
    let ids = |root: &Path| -> Vec<String> {
        let mut ids: Vec<String> = std::fs::read_dir(root.join("saves"))
            .map(|d| {
                d.flatten()
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        ids.sort();
        ids
    };
    run(&["furnace-duel", "new", "Ann", "Ben"]);
    let id = ids(root)[0].clone();
    for note in ["Ferry token 3", "Ferry token 4"] {
        let action = format!(r#"{{"action":"set-runner-up-note","note":"{note}"}}"#);
        run(&["act", &id, &action]);
    }
    run(&["furnace-duel", "new", "Cy", "Di"]);
    let other = ids(root)
        .into_iter()
        .find(|i| *i != id)
        .expect("a second save");
    let store = crate::store::Store::open(root).expect("the data folder");
    store.delete(&other).expect("deleted");
    id
}

/// TABLE-UX's "nothing moves under the cursor" on the screens around the games: Home, Backups
/// (all saves and one save's), the rules and the statistics, each at the four table sizes:
/// after any click, what is under the pointer is the same control, a harmless one, or nothing
/// that changes a save (a Delete whose confirmation opened under it would fail).
#[test]
fn nothing_new_under_the_pointer_on_home_backups_rules_and_statistics() {
    let template = tempfile::tempdir().expect("a folder");
    let id = data_folder(template.path());
    let screens: [(&str, Option<Message>); 5] = [
        ("Home", None),
        ("Backups", Some(Message::Home(HomeMsg::Backups(None)))),
        (
            "one save's Backups",
            Some(Message::Home(HomeMsg::Backups(Some(id.clone())))),
        ),
        ("Rules", Some(Message::Home(HomeMsg::Rules))),
        ("Statistics", Some(Message::Home(HomeMsg::Stats(None)))),
    ];
    let sizes = [
        ((1366.0, 768.0), false),
        ((1024.0, 768.0), false),
        ((1366.0 / 1.3, 768.0 / 1.3), true),
        ((1024.0 / 1.3, 768.0 / 1.3), true),
    ];
    for (what, go) in &screens {
        for (size, large) in sizes {
            let make = || {
                let dir = tempfile::tempdir().expect("a folder");
                copy_folder(template.path(), dir.path());
                let mut app = App::open(dir.path().to_path_buf());
                if large {
                    let _ = app.update(Message::LargeType(true));
                }
                if let Some(go) = go {
                    let _ = app.update(go.clone());
                }
                Window { app, _dir: dir }
            };
            let clicked = testing::assert_nothing_new_under_the_pointer(
                make,
                &testing::CTX,
                size,
                &[("Aa+", "Aa−")],
                &format!("{what} (large type {large})"),
            );
            assert!(clicked > 0, "{what}: no button was clicked");
        }
    }
}

/// Home's tools (Import…, Export all…, Backups, Statistics, Restore code…) are whole in the
/// window at the four table sizes: at 1024 px with large type they wrap under the heading
/// instead of running out of the card.
#[test]
fn homes_tools_are_whole_at_every_table_size() {
    let dir = tempfile::tempdir().expect("a folder");
    data_folder(dir.path());
    for (size, large) in [
        ((1366.0, 768.0), false),
        ((1024.0, 768.0), false),
        ((1366.0 / 1.3, 768.0 / 1.3), true),
        ((1024.0 / 1.3, 768.0 / 1.3), true),
    ] {
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::LargeType(large));
        let mut ui = testing::simulator_sized(size, app.view());
        let seen = testing::texts_in_view(&mut ui);
        for tool in [
            "Import…",
            "Export all…",
            "Backups",
            "Statistics",
            "Restore code…",
        ] {
            let whole = seen.iter().any(|(t, r)| {
                t == tool && r.x >= 0.0 && r.x + r.width <= size.0 + 0.5 && r.width > 0.0
            });
            assert!(whole, "{tool} at {size:?} (large type {large}): {seen:?}");
        }
        drop(ui);
        drop(app);
    }
}

/// A data folder holding `n` copies of one Furnace Duel campaign, each its own save.
fn many_saves(root: &Path, n: usize) {
    data_folder(root);
    let saves = root.join("saves");
    let first = std::fs::read_dir(&saves)
        .expect("saves")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("a save");
    for i in 1..n {
        std::fs::copy(&first, saves.join(format!("furnace-duel-copy-{i:03}.json"))).expect("copy");
    }
}

/// Every text of the window's widgets, in view or not: what is laid out.
fn laid_out(app: &App) -> Vec<String> {
    let mut ui = testing::simulator_sized((1366.0, 768.0), app.view());
    testing::every(&mut ui, |c| match c {
        iced_test::selector::Candidate::Text { content, .. } => Some(content.to_string()),
        _ => None,
    })
}

/// Home lays out one page of saves, not every one (so its memory stays near its idle figure
/// however many the folder holds): 25 saves show as pages of ten, Older and Newer step
/// through them, a page past the end shows the last, and Home read again counts anew.
#[test]
fn home_lays_out_one_page_of_saves_however_many_there_are() {
    let dir = tempfile::tempdir().expect("a folder");
    many_saves(dir.path(), 25);
    let mut app = App::open(dir.path().to_path_buf());
    let opens = |app: &App| laid_out(app).iter().filter(|t| *t == "Open").count();
    assert_eq!(opens(&app), super::home::PAGE);
    assert!(laid_out(&app).iter().any(|t| t == "Saves 1–10 of 25"));
    let _ = app.update(Message::Home(HomeMsg::Page(2)));
    assert_eq!(opens(&app), 5);
    assert!(laid_out(&app).iter().any(|t| t == "Saves 21–25 of 25"));
    // Past the last page: the last page.
    let _ = app.update(Message::Home(HomeMsg::Page(9)));
    assert!(laid_out(&app).iter().any(|t| t == "Saves 21–25 of 25"));
    for entry in std::fs::read_dir(dir.path().join("saves"))
        .expect("saves")
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with("furnace-duel-copy-01") {
            std::fs::remove_file(entry.path()).expect("removed");
        }
    }
    let _ = app.update(Message::Home(HomeMsg::Page(1)));
    let _ = app.update(Message::Home(HomeMsg::Stats(None)));
    let _ = app.update(Message::GoHome);
    assert!(
        laid_out(&app).iter().any(|t| t == "Saves 1–10 of 15"),
        "{:?}",
        laid_out(&app)
    );
}

/// With many saves, Home's pager keeps TABLE-UX's "nothing moves under the cursor": Older
/// and Newer stay where they are (disabled at the ends), at the smallest and largest size.
#[test]
fn nothing_new_under_the_pointer_on_home_with_pages_of_saves() {
    let template = tempfile::tempdir().expect("a folder");
    many_saves(template.path(), 25);
    for (size, large) in [
        ((1366.0, 768.0), false),
        ((1024.0 / 1.3, 768.0 / 1.3), true),
    ] {
        let make = || {
            let dir = tempfile::tempdir().expect("a folder");
            copy_folder(template.path(), dir.path());
            let mut app = App::open(dir.path().to_path_buf());
            let _ = app.update(Message::LargeType(large));
            let _ = app.update(Message::Home(HomeMsg::Page(1)));
            Window { app, _dir: dir }
        };
        let clicked = testing::assert_nothing_new_under_the_pointer(
            make,
            &testing::CTX,
            size,
            &[("Aa+", "Aa−")],
            &format!("Home with pages (large type {large})"),
        );
        assert!(clicked > 0);
    }
}
