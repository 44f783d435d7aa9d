//! Moving saves in and out from the GUI: the file dialogs (rfd, answered as messages so the
//! frame never waits on them) and the store's import, export, delete and restore, each
//! answered with a notice; a delete or a restore offers an Undo (the store kept a backup).

use std::path::{Path, PathBuf};

use iced::Task;

use super::files::{self, Picked};
use super::screen::{Notice, Restore};
use crate::store::{OnDisk, Store, StoreError};

/// Asks for a save or bundle to import.
pub fn pick_import() -> Task<Picked> {
    files::pick(files::Request {
        title: "Import a Tablemate save or bundle".into(),
        save_as: None,
        filter: ("Tablemate save", &["json"]),
    })
}

/// Asks where to export save `id`, or every save into one bundle when `id` is None.
pub fn pick_export(id: Option<&str>) -> Task<Picked> {
    let (title, name, filter) = match id {
        Some(id) => ("Export save", export_name(Some(id)), "Tablemate save"),
        None => (
            "Export every save into one file",
            export_name(None),
            "Tablemate bundle",
        ),
    };
    files::pick(files::Request {
        title: title.into(),
        save_as: Some(name),
        filter: (filter, &["json"]),
    })
}

/// The file name an export proposes: the save's id, or the day's bundle.
pub fn export_name(id: Option<&str>) -> String {
    match id {
        Some(id) => format!("{id}.json"),
        None => format!(
            "tablemate-all-{}.json",
            chrono::Local::now().format("%Y%m%d")
        ),
    }
}

/// Imports `path`; a save whose id is taken comes in as a new copy.
pub fn import(store: &Store, path: &Path) -> Notice {
    match store.import(path) {
        Ok(items) => import_notice(store, &items),
        Err(e) => failed(e),
    }
}

/// What an import brought in, for the notice line: each save by its title (its id when it has
/// none, and when it came in as a new copy).
pub fn import_notice(store: &Store, items: &[crate::store::Imported]) -> Notice {
    let names: Vec<String> = items
        .iter()
        .map(|i| {
            let title = store.open_save(&i.id).map(|o| o.title).unwrap_or_default();
            let name = named(&title, &i.id);
            if i.renamed {
                format!("{name} (as a new copy, {}: the id was taken)", i.id)
            } else {
                name
            }
        })
        .collect();
    Notice::info(format!("Imported {}", names.join(", "))).store_change()
}

/// How a notice or a dialog names a save: its title in quotes, or its id when it has none.
pub fn named(title: &str, id: &str) -> String {
    let title = title.trim();
    if title.is_empty() {
        id.to_string()
    } else {
        format!("\u{201c}{title}\u{201d}")
    }
}

/// Exports save `id` (or everything) to `path`. `Err(path)`: the file exists and
/// `overwrite` was false, so the player must be asked first.
pub fn export(
    store: &Store,
    id: Option<&str>,
    path: &Path,
    overwrite: bool,
) -> Result<Notice, PathBuf> {
    let result = match id {
        Some(id) => store.export(id, path, overwrite).map(|()| (1, 1)),
        None => store
            .export_all(path, overwrite)
            .map(|e| (e.saves, e.files.len())),
    };
    match result {
        Ok((n, 1)) => Ok(Notice::info(format!(
            "Exported {n} save{} to {}",
            if n == 1 { "" } else { "s" },
            path.display()
        ))),
        // Past what one bundle may hold: several files beside it (store::Exported).
        Ok((n, files)) => Ok(Notice::info(format!(
            "Exported {n} saves in {files} bundles beside {} (-1, -2, ...): import each",
            path.display()
        ))),
        Err(StoreError::Exists { path }) => Err(path),
        Err(e) => Ok(failed(e)),
    }
}

/// Deletes save `id` (titled `title`); its last version stays in Backups, and the notice can
/// undo it while the save stays deleted.
pub fn delete(store: &Store, id: &str, title: &str) -> Notice {
    match store.delete(id) {
        Ok(()) => {
            let undo = store
                .backups(id)
                .ok()
                .and_then(|b| b.first().map(|b| b.name.clone()))
                .map(|backup| Restore {
                    id: id.to_string(),
                    backup,
                    expect: OnDisk::Absent,
                    title: title.to_string(),
                });
            Notice::info(format!(
                "Deleted {}. It is kept in Backups.",
                named(title, id)
            ))
            .store_change()
            .with_undo(undo)
        }
        Err(e) => failed(e),
    }
}

/// Restores save `id` (titled `title`) from `backup`, described as `version` ("its version of
/// Sat 28 Nov 2026, 12:58:59"); the notice can undo it (the replaced version was kept) while
/// the save is still the version restored.
pub fn restore(store: &Store, id: &str, title: &str, backup: &str, version: &str) -> Notice {
    match store.restore_backup(id, backup) {
        Ok(previous) => {
            let expect = store.on_disk(id).ok();
            Notice::info(format!("Restored {} to {version}.", named(title, id)))
                .store_change()
                .with_undo(previous.zip(expect).map(|(backup, expect)| Restore {
                    id: id.to_string(),
                    backup,
                    expect,
                    title: title.to_string(),
                }))
        }
        Err(e) => failed(e),
    }
}

/// The Undo of a delete or a restore, only over the version it was offered for: if the save
/// changed since (played on, restored, brought back, changed by another program) it refuses
/// and says why, and nothing changes. The notice, and whether it undid.
pub fn undo(store: &Store, r: &Restore) -> (Notice, bool) {
    let name = named(&r.title, &r.id);
    match store.on_disk(&r.id) {
        Ok(now) if now == r.expect => {}
        Ok(now) => {
            let why = match (r.expect, now) {
                (OnDisk::Absent, _) => "has been brought back since",
                (_, OnDisk::Absent) => "has been deleted since",
                _ => "has changed since (played on, restored again, or changed by another program)",
            };
            return (
                Notice::error(format!(
                    "Cannot undo: {name} {why}, and undoing now would replace that. Every version is in Backups."
                )),
                false,
            );
        }
        Err(e) => return (failed(e), false),
    }
    match store.restore_backup(&r.id, &r.backup) {
        Ok(_) => (
            Notice::info(format!("Undone: {name} is back as it was.")).store_change(),
            true,
        ),
        Err(e) => (failed(e), false),
    }
}

/// A store failure as an error notice, also written to the log.
pub fn failed(e: StoreError) -> Notice {
    crate::store::log::error(&e.to_string());
    Notice::error(e.to_string())
}
