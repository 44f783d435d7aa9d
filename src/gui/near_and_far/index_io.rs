//! Importing and exporting storybook index files from the quest lookup tab. The files are
//! read and written by the store (through `crate::cli::import_index` / `export_index`, the same
//! code as `tablemate near-and-far index import/export`); an export never replaces an existing
//! file without an in-app confirmation.

use std::path::{Path, PathBuf};

use iced::{Element, Task};

use super::{Message, State, lookup};
use crate::gui::screen::{Action, Ctx, Notice};
use crate::gui::widgets;
use crate::store::StoreError;

/// The name the export dialog suggests.
pub const EXPORT_NAME: &str = "storybook-index-export.json";

fn msg(m: lookup::Msg) -> Message {
    Message::Lookup(m)
}

/// "imported 3 quests from x" → "Imported 3 quests from x."
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// The file dialog to pick an index file to import.
pub(super) fn pick_import() -> Action<Message> {
    Action::task(Task::perform(
        async {
            rfd::AsyncFileDialog::new()
                .set_title("Import a storybook index file")
                .add_filter("Storybook index", &["json"])
                .pick_file()
                .await
                .map(|h| h.path().to_path_buf())
        },
        |path| msg(lookup::Msg::ImportPicked(path)),
    ))
}

/// The file dialog to choose where the export goes.
pub(super) fn pick_export() -> Action<Message> {
    Action::task(Task::perform(
        async {
            rfd::AsyncFileDialog::new()
                .set_title("Export the storybook index")
                .set_file_name(EXPORT_NAME)
                .add_filter("Storybook index", &["json"])
                .save_file()
                .await
                .map(|h| h.path().to_path_buf())
        },
        |path| msg(lookup::Msg::ExportPicked(path)),
    ))
}

impl State {
    /// Merges the index file at `path` into the user's entries, then reloads the index so the
    /// lookup uses it at once.
    pub(super) fn import_index_file(&mut self, path: &Path, ctx: &Ctx) -> Action<Message> {
        let shown = path.display().to_string();
        let Some(store) = ctx.store else {
            return Action::error(format!(
                "{shown} was not imported: the data folder is not open."
            ));
        };
        match crate::cli::import_index(store, path) {
            Ok(message) => {
                let (facts, loaded) = super::load_data(ctx);
                *self.facts = facts;
                *self.index = loaded;
                if self.pad.answer.is_some()
                    && let Some(c) = self.campaign().cloned()
                {
                    // The answer on screen may now have its choices.
                    let _ = self.look_up(&c);
                }
                Action::notice(Notice::info(sentence(&message)))
            }
            Err(e) if e.contains(&shown) => Action::error(e),
            Err(e) => Action::error(format!("{shown} was not imported: {e}")),
        }
    }

    /// Writes the whole merged index to `path`; an existing file is only replaced once the
    /// user confirmed (`overwrite`), else the question is asked.
    pub(super) fn export_index_file(
        &mut self,
        path: PathBuf,
        overwrite: bool,
        ctx: &Ctx,
    ) -> Action<Message> {
        let Some(root) = ctx.data_root() else {
            return Action::error(format!(
                "{}: not exported, the data folder is not open.",
                path.display()
            ));
        };
        match crate::cli::export_index(root, &path, overwrite) {
            Ok(message) => Action::notice(Notice::info(sentence(&message))),
            Err(StoreError::Exists { .. }) => {
                self.replace_export = Some(path);
                Action::none()
            }
            Err(e) => Action::error(e.to_string()),
        }
    }

    /// The "replace this file?" question over `base`, while an export waits for it.
    pub(super) fn with_replace_question<'a>(
        &'a self,
        base: Element<'a, Message>,
    ) -> Element<'a, Message> {
        match &self.replace_export {
            Some(path) => widgets::modal(
                base,
                widgets::confirm(
                    format!(
                        "{} already exists. Replace it with the exported storybook index?",
                        path.display()
                    ),
                    "Replace file",
                    msg(lookup::Msg::ReplaceExport),
                    msg(lookup::Msg::CancelReplace),
                ),
            ),
            None => base,
        }
    }
}
