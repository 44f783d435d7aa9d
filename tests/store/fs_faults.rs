//! File-system faults: symbolic links, FIFOs, foreign files, read-only folders, a full disk,
//! clocks set back and files changed behind the store's back. Those needing root (mounting a
//! tiny tmpfs, a read-only mount) run when the tests run as root and otherwise print why they
//! skip; the rest run anywhere.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use tablemate::furnace_duel::SaveData;
use tablemate::store::{ListingStatus, Store};

use super::common::*;

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Mounts a tmpfs of `kib` KiB at `at`; `None` (with the reason printed) when not possible.
fn tmpfs(at: &Path, kib: u32, test: &str) -> Option<Mounted> {
    if !is_root() {
        println!("{test}: skipped, mounting a tmpfs needs root");
        return None;
    }
    std::fs::create_dir_all(at).unwrap();
    let ok = Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
        .arg(at)
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        println!("{test}: skipped, mount -t tmpfs failed (no CAP_SYS_ADMIN here)");
        return None;
    }
    Some(Mounted(at.to_path_buf()))
}

struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

/// Runs `f` on a thread and fails the test if it takes longer than `secs` (a hang).
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(secs))
        .expect("the store hung on a strange file")
}

#[cfg(unix)]
#[test]
fn a_symlinked_save_is_reported_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("home");
    let store = Store::open(&root).unwrap();
    store.save("real", &game("real")).unwrap();
    let outside = dir.path().join("outside.json");
    std::fs::copy(store.save_path("real").unwrap(), &outside).unwrap();
    let before = std::fs::read(&outside).unwrap();
    std::os::unix::fs::symlink(&outside, store.save_path("link").unwrap()).unwrap();

    let err = store.load::<SaveData>("link").unwrap_err().to_string();
    assert!(err.contains("symbolic link"), "{err}");
    assert!(store.save("link", &game("overwrite")).is_err());
    assert!(store.delete("link").is_err());
    let listed = store.list();
    let link = listed.iter().find(|l| l.id == "link").unwrap();
    assert!(matches!(link.status, ListingStatus::Damaged { .. }));
    assert_eq!(
        std::fs::read(&outside).unwrap(),
        before,
        "the outside file changed"
    );
}

#[cfg(unix)]
#[test]
fn a_symlinked_backup_folder_is_reported_and_nothing_outside_is_pruned() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("home");
    let outside = dir.path().join("elsewhere");
    std::fs::create_dir_all(&outside).unwrap();
    // Files named like backups: a followed link would prune them.
    for i in 0..15 {
        std::fs::write(
            outside.join(format!("2020-01-01T00h00h{i:02}.000Z.json")),
            b"someone else's",
        )
        .unwrap();
    }
    let before = snapshot(&outside);
    let store = Store::open(&root).unwrap();
    store.save("g", &game("one")).unwrap();
    std::fs::create_dir_all(root.join("backups")).unwrap();
    std::os::unix::fs::symlink(&outside, root.join("backups/g")).unwrap();
    let err = store.save("g", &game("two")).unwrap_err().to_string();
    assert!(err.contains("backups/g"), "{err}");
    assert!(store.backups("g").is_err());
    assert!(store.delete("g").is_err());
    assert_eq!(
        notes_of(&store, "g"),
        "one",
        "a refused save changed nothing"
    );
    drop(store);
    let _ = Store::open(&root).unwrap(); // sweeping on open does not follow it either
    assert_eq!(snapshot(&outside), before);
}

#[test]
fn prune_and_sweep_touch_only_the_stores_own_files() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("0")).unwrap();
    let backups = dir.path().join("backups/g");
    std::fs::create_dir_all(&backups).unwrap();
    let foreign = [
        backups.join("notes.json"),
        backups.join("README.txt"),
        backups.join(".hidden.tmp"),
        dir.path().join("saves/.my-editor-swap.tmp"),
    ];
    for f in &foreign {
        std::fs::write(f, b"mine").unwrap();
    }
    for i in 1..=25 {
        // Older names each time: pretend a minute passed so every save keeps a backup.
        let mut kept = store.backups("g").unwrap();
        kept.retain(|b| b.name.ends_with("Z.json"));
        for b in kept {
            let older = backups.join(format!("2000-01-01T00h{:02}h00.000Z.json", i % 60));
            if !older.exists() {
                std::fs::rename(&b.path, older).unwrap();
            }
        }
        store.save("g", &game(&i.to_string())).unwrap();
    }
    drop(store);
    let _ = Store::open(dir.path()).unwrap();
    for f in &foreign {
        assert!(f.exists(), "{} was removed", f.display());
    }
}

#[test]
fn a_restore_keeps_the_replaced_version_even_when_backups_are_named_in_the_future() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("first")).unwrap();
    store.save("g", &game("current")).unwrap();
    let backups = dir.path().join("backups/g");
    let good = std::fs::read(&store.backups("g").unwrap()[0].path).unwrap();
    // A clock once set forward left ten backups named after today.
    for i in 0..10 {
        std::fs::write(
            backups.join(format!("2099-01-01T00h00h{i:02}.000Z.json")),
            &good,
        )
        .unwrap();
    }
    let any = store.backups("g").unwrap()[0].name.clone();
    let kept = store
        .restore_backup("g", &any)
        .unwrap()
        .expect("a backup of the replaced");
    let names: Vec<String> = store
        .backups("g")
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert!(
        names.contains(&kept),
        "{kept} was pruned at once: {names:?}"
    );
    store.restore_backup("g", &kept).unwrap();
    assert_eq!(notes_of(&store, "g"), "current");
}

#[test]
fn a_change_behind_the_stores_back_is_kept_as_a_backup_even_with_the_same_size_and_time() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("aaaa")).unwrap();
    store.save("g", &game("bbbb")).unwrap();
    let path = store.save_path("g").unwrap();
    let mtime = std::fs::metadata(&path).unwrap().modified().unwrap();
    let outside = std::fs::read_to_string(&path)
        .unwrap()
        .replace("bbbb", "XXXX");
    std::fs::write(&path, &outside).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    // A burst of autosaves after it: the outside version must survive all of them.
    for n in ["cccc", "dddd", "eeee", "ffff"] {
        store.save("g", &game(n)).unwrap();
    }
    let kept = store
        .backups("g")
        .unwrap()
        .into_iter()
        .any(|b| std::fs::read_to_string(&b.path).unwrap() == outside);
    assert!(kept, "the version written behind the store's back was lost");
}

#[cfg(unix)]
#[test]
fn a_fifo_in_saves_is_listed_as_damaged_and_never_hangs_list_or_export_all() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    let store = Store::open(&root).unwrap();
    store.save("good", &game("good")).unwrap();
    mkfifo(&root.join("saves/pipe.json"));
    mkfifo(&root.join("data-pipe.json"));
    let dest = dir.path().join("all.json");
    let (listed, exported, checked) = within(20, {
        let root = root.clone();
        move || {
            let store = Store::open(&root).unwrap();
            let listed: Vec<String> = store
                .list()
                .iter()
                .map(|l| format!("{:?}", l.status))
                .collect();
            let exported = store.export_all(&dest, false).map(|e| e.saves);
            let checked = tablemate::store::check_file(&root.join("data-pipe.json"));
            (
                listed,
                exported.map_err(|e| e.to_string()),
                checked.map_err(|e| e.to_string()),
            )
        }
    });
    assert!(listed.iter().any(|l| l.contains("FIFO")), "{listed:?}");
    assert_eq!(exported, Ok(1));
    assert!(checked.unwrap_err().contains("FIFO"));
}

#[test]
fn an_export_sweeps_temporaries_a_crashed_export_left_and_only_those() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("home")).unwrap();
    store.save("g", &game("g")).unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    // A dead writer's (no process has pid 4194304 or more on Linux), ours, and a stranger's.
    let dead = out.join(".game.json.4194305-0.tmp");
    let other_file = out.join(".other.json.4194305-0.tmp");
    let not_ours = out.join(".game.json.swp");
    for f in [&dead, &other_file, &not_ours] {
        std::fs::write(f, b"x").unwrap();
    }
    store.export("g", &out.join("game.json"), false).unwrap();
    if cfg!(target_os = "linux") {
        assert!(!dead.exists(), "the stale temporary was left");
    }
    assert!(other_file.exists() && not_ours.exists());
}

#[test]
fn a_full_disk_fails_the_save_and_keeps_every_backup() {
    let dir = tempfile::tempdir().unwrap();
    let at = dir.path().join("small");
    let Some(_mounted) = tmpfs(
        &at,
        256,
        "a_full_disk_fails_the_save_and_keeps_every_backup",
    ) else {
        return;
    };
    let store = Store::open(&at).unwrap();
    store.save("g", &game("one")).unwrap();
    store.save("g", &game("two")).unwrap();
    let before_save = std::fs::read(store.save_path("g").unwrap()).unwrap();
    let before_backups = snapshot(&at.join("backups"));
    // Fill the disk.
    let filler = at.join("filler");
    let mut f = std::fs::File::create(&filler).unwrap();
    let block = vec![7u8; 4096];
    while std::io::Write::write_all(&mut f, &block).is_ok() {}
    drop(f);
    let big = game(&"n".repeat(20_000));
    let err = store.save("g", &big).unwrap_err();
    assert!(
        matches!(err, tablemate::store::StoreError::Io { .. }),
        "{err}"
    );
    assert_eq!(
        std::fs::read(store.save_path("g").unwrap()).unwrap(),
        before_save
    );
    assert_eq!(
        snapshot(&at.join("backups")),
        before_backups,
        "a backup was rotated away"
    );
    std::fs::remove_file(&filler).unwrap();
    store.save("g", &big).unwrap();
}

#[test]
fn a_read_only_data_folder_still_lists_shows_checks_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let at = dir.path().join("ro");
    let Some(_mounted) = tmpfs(
        &at,
        1024,
        "a_read_only_data_folder_still_lists_shows_checks_and_exports",
    ) else {
        return;
    };
    {
        let store = Store::open(&at).unwrap();
        store.save("g", &game("kept")).unwrap();
    }
    let ok = Command::new("mount")
        .args(["-o", "remount,ro"])
        .arg(&at)
        .status()
        .unwrap()
        .success();
    assert!(ok, "remount read-only");
    let store = Store::open(&at).unwrap();
    assert!(store.read_only().is_some());
    assert_eq!(store.list().len(), 1);
    assert_eq!(notes_of(&store, "g"), "kept");
    assert!(store.open_save("g").is_ok());
    tablemate::store::check_file(&store.save_path("g").unwrap()).unwrap();
    store
        .export("g", &dir.path().join("out.json"), false)
        .unwrap();
    assert!(store.save("g", &game("no")).is_err());
}

#[cfg(unix)]
#[test]
fn a_lock_file_this_user_cannot_open_still_allows_reading() {
    if is_root() {
        println!(
            "a_lock_file_this_user_cannot_open_still_allows_reading: skipped as root (root opens any file); the read-only mount test covers it"
        );
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        store.save("g", &game("kept")).unwrap();
    }
    let lock = dir.path().join("tablemate.lock");
    std::fs::set_permissions(&lock, std::fs::Permissions::from_mode(0o444)).unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert!(store.read_only().is_some());
    assert_eq!(notes_of(&store, "g"), "kept");
}

#[test]
fn ten_backups_named_in_the_future_never_evict_the_real_ones() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("first")).unwrap();
    store.save("g", &game("current")).unwrap();
    let real = store.backups("g").unwrap()[0].name.clone();
    let backups = dir.path().join("backups/g");
    let good = std::fs::read(backups.join(&real)).unwrap();
    // A clock once set forward left ten backups named after today.
    for i in 0..10 {
        std::fs::write(
            backups.join(format!("2099-01-01T00h00h{i:02}.000Z.json")),
            &good,
        )
        .unwrap();
    }
    // Each restore keeps the version it replaces: real copies, newer than any of the ten.
    let mut kept = vec![real.clone()];
    for _ in 0..4 {
        let k = store
            .restore_backup("g", &real)
            .unwrap()
            .expect("the replaced version is kept");
        kept.push(k);
    }
    let names: Vec<String> = store
        .backups("g")
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert!(
        names.len() <= tablemate::store::BACKUPS_PER_SAVE,
        "{names:?}"
    );
    for k in &kept {
        assert!(
            names.contains(k),
            "the real backup {k} was pruned: {names:?}"
        );
    }
    // Newest first means the last one kept, whatever the future names say.
    assert_eq!(names[0], kept[4], "{names:?}");
}

#[test]
fn an_outside_change_landing_during_a_save_is_kept_as_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("mine")).unwrap();
    let path = store.save_path("g").unwrap();
    let mine = std::fs::read_to_string(&path).unwrap();
    let outside = mine.replace("mine", "theirs");
    let written = outside.clone();
    // Another program writes the save after the store read and backed it up, just before
    // the new version replaces it.
    store.set_fault_hook(Some(Box::new(move |p: &Path| std::fs::write(p, &written))));
    store.save("g", &game("my next")).unwrap();
    store.set_fault_hook(None);
    assert_eq!(notes_of(&store, "g"), "my next");
    let kept = backup_texts(&store, "g");
    assert!(
        kept.contains(&outside),
        "the version written during the save was lost"
    );
    assert!(
        kept.contains(&mine),
        "the version the save replaced was lost"
    );
    // Temporary names are gone.
    let stray: Vec<_> = std::fs::read_dir(dir.path().join("backups/g"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

#[test]
fn an_outside_replacement_at_the_last_instant_before_the_rename_is_kept_as_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("mine")).unwrap();
    let path = store.save_path("g").unwrap();
    let mine = std::fs::read_to_string(&path).unwrap();
    let outside = mine.replace("mine", "theirs");
    let written = outside.clone();
    // Another program replaces the save the way editors and sync tools do (a new file renamed
    // over it) after the store's last look, just before its new version goes in.
    store.set_race_hook(Some(Box::new(move |p: &Path| {
        let tmp = p.with_file_name("their-editor.tmp");
        std::fs::write(&tmp, &written).unwrap();
        std::fs::rename(&tmp, p).unwrap();
    })));
    store.save("g", &game("my next")).unwrap();
    store.set_race_hook(None);
    assert_eq!(notes_of(&store, "g"), "my next");
    let kept = backup_texts(&store, "g");
    assert!(
        kept.contains(&outside),
        "the version another program put there at the last instant was lost"
    );
    assert!(
        kept.contains(&mine),
        "the version the save replaced was lost"
    );
    for folder in ["backups/g", "saves"] {
        let stray: Vec<_> = std::fs::read_dir(dir.path().join(folder))
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
            .collect();
        assert!(stray.is_empty(), "{folder}: {stray:?}");
    }
}

#[test]
fn a_save_that_fails_at_the_last_moment_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("kept")).unwrap();
    store.set_fault_hook(Some(Box::new(|_: &Path| {
        Err(std::io::Error::other("no space left on device"))
    })));
    let err = store.save("g", &game("lost")).unwrap_err();
    assert!(err.to_string().contains("no space"), "{err}");
    store.set_fault_hook(None);
    assert_eq!(notes_of(&store, "g"), "kept");
}

/// `tablemate.lock` is written at every start: a symbolic link there (to a file the player
/// cares about) is refused, never followed. The store opens read-only and says why; the file
/// it points to keeps its bytes. So does a folder or a FIFO at that name.
#[cfg(unix)]
#[test]
fn a_lock_file_that_is_a_link_or_not_a_file_is_refused_and_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let precious = outside.path().join("precious.txt");
    std::fs::write(&precious, "keep me").unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root).unwrap();
    std::os::unix::fs::symlink(&precious, root.join("tablemate.lock")).unwrap();
    let store = Store::open(root).unwrap();
    let holder = store.read_only().expect("read-only").description.clone();
    assert!(holder.contains("symbolic link"), "{holder}");
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me");
    assert!(store.save("g", &game("x")).is_err());
    drop(store);
    // A dangling link is not created through either.
    std::fs::remove_file(root.join("tablemate.lock")).unwrap();
    let target = outside.path().join("created.txt");
    std::os::unix::fs::symlink(&target, root.join("tablemate.lock")).unwrap();
    let store = Store::open(root).unwrap();
    assert!(store.read_only().is_some());
    assert!(!target.exists(), "the lock was created through a link");
    drop(store);
    // A folder and a FIFO at the lock's name.
    std::fs::remove_file(root.join("tablemate.lock")).unwrap();
    std::fs::create_dir(root.join("tablemate.lock")).unwrap();
    let store = Store::open(root).unwrap();
    let holder = store.read_only().expect("read-only").description.clone();
    assert!(holder.contains("a folder"), "{holder}");
    drop(store);
    std::fs::remove_dir(root.join("tablemate.lock")).unwrap();
    if Command::new("mkfifo")
        .arg(root.join("tablemate.lock"))
        .status()
        .is_ok_and(|s| s.success())
    {
        let store = Store::open(root).unwrap();
        let holder = store.read_only().expect("read-only").description.clone();
        assert!(holder.contains("FIFO"), "{holder}");
    }
}

/// `tablemate.log` is appended to and rotated: through a symbolic link it would grow and
/// rename a file outside the data folder. It is neither written nor rotated, and
/// `tablemate where` says why; a crash report is not written through a link either.
#[cfg(unix)]
#[test]
fn a_log_that_is_a_link_is_never_written_and_where_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let precious = outside.path().join("precious.txt");
    std::fs::write(&precious, "keep me").unwrap();
    let log = tablemate::store::log::path_in(dir.path());
    std::os::unix::fs::symlink(&precious, &log).unwrap();
    for i in 0..50 {
        tablemate::store::log::append(&log, 10, "WARN", &format!("line {i}"));
    }
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me");
    assert!(
        std::fs::symlink_metadata(&log)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(!dir.path().join("tablemate.log.1").exists());
    let out = crate::shared::run(dir.path(), &["where"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("not written") && out.stdout.contains("symbolic link"),
        "{out:?}"
    );
    // A regular log is written as before.
    std::fs::remove_file(&log).unwrap();
    tablemate::store::log::append(&log, 1000, "WARN", "written");
    assert!(std::fs::read_to_string(&log).unwrap().contains("written"));
}

/// `saves/` or `backups/` as a symbolic link would make every save or backup a file outside
/// the data folder: the store follows neither. It opens read-only saying which and why, lists
/// and loads nothing through the link (the list says why it is empty), and writes nothing
/// where it points (docs/store.md).
#[cfg(unix)]
#[test]
fn saves_or_backups_as_a_link_opens_read_only_and_nothing_is_read_or_written_through_it() {
    for which in ["saves", "backups"] {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let root = dir.path();
        let store = Store::open(root).unwrap();
        store.save("g", &game("one")).unwrap();
        store.save("g", &game("two")).unwrap();
        drop(store);
        // The real folder moves outside and a link takes its place.
        let moved = outside.path().join(which);
        std::fs::rename(root.join(which), &moved).unwrap();
        std::os::unix::fs::symlink(&moved, root.join(which)).unwrap();
        let before = snapshot(outside.path());
        let store = Store::open(root).unwrap();
        let why = store.read_only().expect("read-only").description.clone();
        assert!(
            why.contains(which) && why.contains("symbolic link"),
            "{why}"
        );
        assert!(store.save("g", &game("three")).is_err());
        match which {
            "saves" => {
                assert!(store.list().is_empty());
                let e = store.load::<SaveData>("g").unwrap_err().to_string();
                assert!(e.contains("symbolic link"), "{e}");
                let out = crate::shared::run(root, &["list"]);
                assert_eq!(out.code, 1, "{out:?}");
                assert!(out.stderr.contains("symbolic link"), "{out:?}");
            }
            _ => {
                assert_eq!(store.list().len(), 1);
                let e = store.backups("g").unwrap_err().to_string();
                assert!(e.contains("symbolic link"), "{e}");
                assert!(store.ids_with_backups().is_empty());
            }
        }
        let out = crate::shared::run(root, &["act", "g", "{}"]);
        assert_eq!(out.code, 1, "{out:?}");
        drop(store);
        assert_eq!(snapshot(outside.path()), before, "{which}: written through");
    }
}
