//! Opening a game: what Home asks for (a new game, a saved one, the rules, backups,
//! statistics) and `tablemate open ID-OR-FILE` (a save's id, or a file imported first).

use iced::Task;

use super::screen::Notice;
use super::screens::Screen;
use super::shell::{App, Message};
use super::{backups, home, stats, transfer};

impl App {
    pub(super) fn home_event(&mut self, event: home::Event) -> Task<Message> {
        match event {
            home::Event::NewGame(kind) => {
                let screen = Screen::new_game(kind, &self.ctx());
                self.go(screen);
            }
            home::Event::Open(id, kind) => {
                let Some(store) = self.store.clone() else {
                    return Task::none();
                };
                match Screen::open(id.clone(), kind, &store, &self.ctx()) {
                    Ok((screen, on_disk)) => {
                        self.go(screen);
                        self.read_from_disk(&id, on_disk);
                    }
                    Err(e) => {
                        let n = transfer::failed(e);
                        self.notify(n);
                        self.go_home();
                    }
                }
            }
            home::Event::Rules => return self.open_rules(),
            home::Event::Backups(id) => {
                let state = backups::State::new(self.store.as_deref(), id);
                self.push(Screen::Backups(Box::new(state)));
            }
            home::Event::Stats(game) => {
                let (state, task) = stats::State::new(&self.ctx(), game);
                self.push(Screen::Stats(Box::new(state)));
                return task.map(Message::Stats);
            }
        }
        Task::none()
    }

    /// Opens `target`: the id of a save in the data folder, else a save or bundle file, which
    /// is imported first (as a new copy if its id is taken) and its first save opened. What
    /// cannot be opened is said in the notice line, on Home.
    pub fn open_save(&mut self, target: &str) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let listed = store.list().into_iter().find(|l| l.id == target);
        if let Some(kind) = listed.as_ref().and_then(|l| l.kind()) {
            let _ = self.home_event(home::Event::Open(target.to_string(), kind));
            return;
        }
        let path = std::path::Path::new(target);
        // A session sheet's restore code (docs/plays.md) opens the state it names.
        if !path.is_file() && crate::store::sheets::parse_code(target).is_some() {
            match home::open_code(&store, target) {
                Ok((notice, id, kind)) => {
                    self.notify(notice);
                    let _ = self.home_event(home::Event::Open(id, kind));
                }
                Err(why) => self.notify(Notice::error(format!("Cannot open {target}: {why}"))),
            }
            return;
        }
        if !path.is_file() {
            self.notify(Notice::error(format!(
                "Cannot open {target}: no save has that id, and there is no such file."
            )));
            return;
        }
        match store.import(path) {
            Ok(items) => {
                let n = transfer::import_notice(&store, &items);
                self.notify(n);
                if let Some(first) = items.into_iter().next() {
                    let _ = self.home_event(home::Event::Open(first.id, first.kind));
                }
                self.reload();
            }
            Err(e) => {
                let n = transfer::failed(e);
                self.notify(n);
            }
        }
    }
}
