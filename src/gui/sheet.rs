//! The game screens' "Session sheet" and "Statistics" buttons (docs/plays.md): the sheet of
//! the open save written to the data folder and handed to the system's browser to print (or,
//! without an opener, its path said), and the Statistics screen narrowed to the open game.

use std::path::{Path, PathBuf};

use iced::Task;

use super::screen::Notice;
use super::screens::Screen;
use super::shell::{App, Message};
use super::stats;
use crate::print::Opener;

/// Where the window writes save `id`'s session sheet: `sheets/<id>.html` in the data folder
/// (beside the copies its restore codes open), replaced each time.
pub fn sheet_path(root: &Path, id: &str) -> PathBuf {
    root.join("sheets").join(format!("{id}.html"))
}

impl App {
    /// The open save's id and the plays its game holds as finished.
    pub(super) fn finished_plays(&self) -> Option<(String, Vec<u32>)> {
        self.screen
            .document()
            .map(|d| (d.id().to_string(), d.finished()))
    }

    /// After a game screen's update: a play of the same save that was not finished `before`
    /// and is now (a Furtherance win or loss, Worldspanner's last round, a Near and Far
    /// session, a Furnace Duel board, an army game) offers tonight's session sheet at the
    /// foot, once for each such end (docs/plays.md, "The session sheet").
    pub(super) fn offer_sheet_if_ended(&mut self, before: Option<(String, Vec<u32>)>) {
        let (Some((id, was)), Some((now_id, now))) = (before, self.finished_plays()) else {
            return;
        };
        if id != now_id {
            return;
        }
        let ended: Vec<u32> = now.into_iter().filter(|p| !was.contains(p)).collect();
        let mut new = false;
        for play in ended {
            new |= self.offered.insert((id.clone(), play));
        }
        if new {
            self.sheet_offer = Some(id);
        }
    }

    /// Whether the open game's end is being offered its session sheet.
    pub fn offers_sheet(&self) -> bool {
        self.sheet_offer.is_some()
            && self.screen.document().map(|d| d.id()) == self.sheet_offer.as_deref()
    }

    /// "Session sheet": the open save as it stands on disk (every change written first), its
    /// sheet written and opened in the system's browser.
    pub(super) fn session_sheet(&mut self) -> Task<Message> {
        self.sheet_offer = None;
        let (Some(store), Some(id)) = (
            self.store.clone(),
            self.screen.document().map(|d| d.id().to_string()),
        ) else {
            return Task::none();
        };
        let _ = self.autosave();
        self.flush_saves();
        let sheet = match crate::print::session_sheet(&store, &id) {
            Ok(s) => s,
            Err(e) => {
                self.notify(Notice::error(format!("No session sheet: {e}")));
                return Task::none();
            }
        };
        // A read-only window writes nothing in the data folder: the sheet goes to the
        // system's temporary folder instead.
        let path = match store.read_only() {
            None => sheet_path(store.root(), &id),
            Some(_) => std::env::temp_dir().join(format!("tablemate-{id}-sheet.html")),
        };
        if let Some(dir) = path.parent()
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            self.notify(Notice::error(format!(
                "The session sheet could not be written in {}: {e}",
                dir.display()
            )));
            return Task::none();
        }
        if let Err(e) = crate::store::write_file(&path, sheet.html.as_bytes(), true) {
            self.notify(Notice::error(format!(
                "The session sheet could not be written: {e}"
            )));
            return Task::none();
        }
        let code = sheet
            .code
            .map(|c| {
                format!(
                    " Its restore code {} brings this state back.",
                    crate::store::sheets::shown(&c)
                )
            })
            .unwrap_or_default();
        // The path first: a long notice is cut at the foot (whole on hover).
        if self.opener == Opener::Nothing {
            self.notify(Notice::info(format!(
                "Open {} in a browser to print the session sheet: nothing here opens it \
                 (TABLEMATE_OPENER is none).{code}",
                path.display()
            )));
            return Task::none();
        }
        self.notify(Notice::info(format!(
            "Session sheet opened in your browser to print: {}.{code}",
            path.display()
        )));
        // The opener is waited on: if it fails, the foot line says so (`sheet_opened`).
        let shown = path.clone();
        super::opener::waiting(self.opener.clone(), path.into_os_string(), move |how| {
            Message::SheetOpened(shown, how)
        })
    }

    /// The browser's opener has exited for the sheet at `path`: a failure (or no opener) is
    /// said on the foot line, beside Session sheet, with the path to open by hand.
    pub(super) fn sheet_opened(
        &mut self,
        path: &Path,
        how: Result<String, crate::print::OpenError>,
    ) {
        if let Err(why) = how {
            self.notify(Notice::error(format!(
                "Open {} in a browser to print the session sheet: the browser did not open \
                 it ({why}).",
                path.display()
            )));
        }
    }

    /// "Statistics" on a game screen: the Statistics screen for that game; Esc comes back.
    pub(super) fn game_statistics(&mut self) -> Task<Message> {
        let game = self.screen.game();
        let _ = self.autosave();
        self.flush_saves();
        let (state, task) = stats::State::new(&self.ctx(), game);
        self.push(Screen::Stats(Box::new(state)));
        task.map(Message::Stats)
    }
}
