//! Moving saves in and out from the GUI: the file dialogs (rfd, answered as messages so the
//! frame never waits on them) and the store's import, export, delete and restore, each
//! answered with a notice; a delete or a restore offers an Undo (the store kept a backup).

use std::path::{Path, PathBuf};

use iced::Task;

use super::screen::{Notice, Restore};
use crate::store::{Store, StoreError};

/// Asks for a save or bundle to import.
pub fn pick_import() -> Task<Option<PathBuf>> {
    Task::perform(
        async {
            rfd::AsyncFileDialog::new()
                .set_title("Import a Tablemate save or bundle")
                .add_filter("Tablemate save", &["json"])
                .pick_file()
                .await
                .map(|h| h.path().to_path_buf())
        },
        |path| path,
    )
}

/// Asks where to export save `id`, or every save into one bundle when `id` is None.
pub fn pick_export(id: Option<&str>) -> Task<Option<PathBuf>> {
    let (title, name, filter) = match id {
        Some(id) => ("Export save", format!("{id}.json"), "Tablemate save"),
        None => (
            "Export every save into one file",
            format!(
                "tablemate-all-{}.json",
                chrono::Local::now().format("%Y%m%d")
            ),
            "Tablemate bundle",
        ),
    };
    Task::perform(
        async move {
            rfd::AsyncFileDialog::new()
                .set_title(title)
                .set_file_name(name)
                .add_filter(filter, &["json"])
                .save_file()
                .await
                .map(|h| h.path().to_path_buf())
        },
        |path| path,
    )
}

/// Imports `path`; a save whose id is taken comes in as a new copy.
pub fn import(store: &Store, path: &Path) -> Notice {
    match store.import(path) {
        Ok(items) => import_notice(&items),
        Err(e) => failed(e),
    }
}

/// What an import brought in, for the notice line.
pub fn import_notice(items: &[crate::store::Imported]) -> Notice {
    let names: Vec<String> = items
        .iter()
        .map(|i| {
            if i.renamed {
                format!("{} (as a new copy: the id was taken)", i.id)
            } else {
                i.id.clone()
            }
        })
        .collect();
    Notice::info(format!("Imported {}", names.join(", ")))
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

/// Deletes save `id`; its last version stays in Backups, and the notice can undo it.
pub fn delete(store: &Store, id: &str) -> Notice {
    match store.delete(id) {
        Ok(()) => {
            let undo = store
                .backups(id)
                .ok()
                .and_then(|b| b.first().map(|b| b.name.clone()))
                .map(|backup| Restore {
                    id: id.to_string(),
                    backup,
                });
            Notice::info(format!("Deleted {id}. It is kept in Backups.")).with_undo(undo)
        }
        Err(e) => failed(e),
    }
}

/// Restores save `id` from `backup`; the notice can undo it (the replaced version was kept).
pub fn restore(store: &Store, id: &str, backup: &str) -> Notice {
    match store.restore_backup(id, backup) {
        Ok(previous) => Notice::info(format!("Restored {id} from the backup of {backup}."))
            .with_undo(previous.map(|backup| Restore {
                id: id.to_string(),
                backup,
            })),
        Err(e) => failed(e),
    }
}

/// The Undo of a delete or a restore.
pub fn undo(store: &Store, r: &Restore) -> Notice {
    match store.restore_backup(&r.id, &r.backup) {
        Ok(_) => Notice::info(format!("Undone: {} is back as it was.", r.id)),
        Err(e) => failed(e),
    }
}

/// A store failure as an error notice, also written to the log.
pub fn failed(e: StoreError) -> Notice {
    crate::store::log::error(&e.to_string());
    Notice::error(e.to_string())
}
