//! Importing and exporting storybook index files from the quest lookup tab. The files are
//! read and written by the store (through `store::storybook`, the same
//! code as `tablemate near-and-far index import/export`); an export never replaces an existing
//! file without an in-app confirmation.

use crate::store::storybook::IndexChangeError;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use iced::widget::{Column, column, row, text};
use iced::{Element, Fill};

use super::{Message, State, lookup};
use crate::gui::files::{self, Picked};
use crate::gui::screen::{Action, Ctx, Notice};
use crate::gui::{style, widgets};
use crate::near_and_far::QuestCode;
use crate::near_and_far::index::{self, ImportPlan};
use crate::store::StoreError;

/// An import waiting for the player's choice on each quest that differs from theirs.
#[derive(Debug, Clone)]
pub struct ImportReview {
    pub path: PathBuf,
    pub plan: ImportPlan,
    /// Per conflict: take the imported entry.
    pub keep_theirs: Vec<bool>,
}

impl ImportReview {
    pub fn choose(&mut self, i: usize, theirs: bool) {
        if let Some(slot) = self.keep_theirs.get_mut(i) {
            *slot = theirs;
        }
    }
}

/// The name the export dialog suggests.
pub const EXPORT_NAME: &str = "storybook-index-export.json";

fn msg(m: lookup::Msg) -> Message {
    Message::Lookup(m)
}

/// "imported 3 quests from x" → "Imported 3 quests from x."
pub(super) fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// The file dialog to pick an index file to import.
pub(super) fn pick_import() -> Action<Message> {
    let request = files::Request {
        title: "Import a storybook index file".into(),
        save_as: None,
        filter: ("Storybook index", &["json"]),
    };
    Action::task(files::pick(request).map(|p| answer(false, p)))
}

/// The file dialog to choose where the export goes.
pub(super) fn pick_export() -> Action<Message> {
    let request = files::Request {
        title: "Export the storybook index".into(),
        save_as: Some(EXPORT_NAME.into()),
        filter: ("Storybook index", &["json"]),
    };
    Action::task(files::pick(request).map(|p| answer(true, p)))
}

/// A dialog's answer as the lookup's message: the file, a cancel, or no dialog at all.
fn answer(export: bool, picked: Picked) -> Message {
    let path = match picked {
        Picked::NoDialog(why) => return msg(lookup::Msg::NoDialog { export, why }),
        Picked::Path(p) => Some(p),
        Picked::Cancelled => None,
    };
    msg(if export {
        lookup::Msg::ExportPicked(path)
    } else {
        lookup::Msg::ImportPicked(path)
    })
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
        // Entries that differ from the player's are shown side by side first (RULINGS).
        match crate::store::storybook::plan_index_import(store, path) {
            Ok((plan, _)) if !plan.conflicts.is_empty() => {
                let keep_theirs = vec![false; plan.conflicts.len()];
                self.import_review = Some(Box::new(ImportReview {
                    path: path.to_path_buf(),
                    plan,
                    keep_theirs,
                }));
                return Action::none();
            }
            Ok(_) => {}
            Err(e) => return Action::error(e.to_string()),
        }
        self.finish_import(path, &BTreeSet::new(), ctx)
    }

    /// Imports the file under review with the player's choices.
    pub(super) fn confirm_import(&mut self, ctx: &Ctx) -> Action<Message> {
        let Some(r) = self.import_review.take() else {
            return Action::none();
        };
        let take: BTreeSet<QuestCode> = r
            .plan
            .conflicts
            .iter()
            .zip(&r.keep_theirs)
            .filter(|(_, t)| **t)
            .map(|(c, _)| c.code.clone())
            .collect();
        self.finish_import(&r.path, &take, ctx)
    }

    fn finish_import(
        &mut self,
        path: &Path,
        take: &BTreeSet<QuestCode>,
        ctx: &Ctx,
    ) -> Action<Message> {
        let shown = path.display().to_string();
        let Some(store) = ctx.store else {
            return Action::none();
        };
        let before = self.index.own_file();
        match crate::store::storybook::import_index_keeping(store, path, take).map(|o| o.message) {
            Ok(message) => {
                self.index_undo = Some(Box::new((format!("import of {shown}"), before)));
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
            Err(
                e @ (IndexChangeError::NotImported { .. } | IndexChangeError::ImportHasErrors { .. }),
            ) => Action::error(e.to_string()),
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
        match crate::store::storybook::export_index(root, &path, overwrite) {
            Ok(message) => Action::notice(Notice::info(sentence(&message))),
            Err(StoreError::Exists { .. }) => {
                self.replace_export = Some(path);
                Action::none()
            }
            Err(e) => Action::error(e.to_string()),
        }
    }

    /// The import review: each quest that differs, the player's entry beside the imported
    /// one, and which to keep. Shown in the answer's place, not over it.
    pub(super) fn view_import_review<'a>(&'a self, r: &'a ImportReview) -> Element<'a, Message> {
        let mut col = Column::new().spacing(10).push(widgets::heading(format!(
            "{} quests differ from yours",
            r.plan.conflicts.len()
        )));
        col = col.push(
            text("Yours are kept unless you choose theirs. A copy of your index is kept before anything changes.")
                .size(style::SMALL)
                .style(style::muted),
        );
        for (i, c) in r.plan.conflicts.iter().enumerate() {
            let theirs = r.keep_theirs.get(i).copied().unwrap_or(false);
            let side = |title: &'a str,
                        q: &crate::near_and_far::index::QuestEntry,
                        chosen: bool,
                        m: Message| {
                let mut inner = Column::new().spacing(4).push(text(title).size(style::BODY));
                for line in index::describe_entry(q) {
                    inner = inner.push(text(line).size(style::SMALL));
                }
                let b = iced::widget::button(inner)
                    .padding(8)
                    .width(Fill)
                    .style(if chosen {
                        style::primary
                    } else {
                        style::secondary
                    })
                    .on_press(m);
                Element::from(b)
            };
            col = col.push(
                column![
                    text(format!("Quest {}", c.code)).size(style::HEADING),
                    row![
                        side(
                            "Yours",
                            &c.mine,
                            !theirs,
                            msg(lookup::Msg::KeepTheirs(i, false))
                        ),
                        side(
                            "Theirs",
                            &c.theirs,
                            theirs,
                            msg(lookup::Msg::KeepTheirs(i, true))
                        ),
                    ]
                    .spacing(10),
                ]
                .spacing(6),
            );
        }
        col.push(
            row![
                widgets::secondary("Cancel", Some(msg(lookup::Msg::CancelImport))),
                widgets::primary(
                    "Import with these choices",
                    Some(msg(lookup::Msg::ConfirmImport))
                ),
            ]
            .spacing(10),
        )
        .into()
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
