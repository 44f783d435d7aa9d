//! A save changed on disk under the open window: the version just read (the window writes
//! only over it), showing the disk's version, and the player's answer to "changed on disk".

use super::screen::Notice;
use super::screens::Screen;
use super::shell::App;
use super::transfer;

impl App {
    /// The window has just read version `on_disk` of save `id`: it writes only over that.
    pub(super) fn read_from_disk(&mut self, id: &str, on_disk: crate::store::OnDisk) {
        if let Some(saver) = &self.saver {
            saver.expect(id, on_disk);
        }
    }

    /// Save `id` was changed on disk by the window's own store operation (the Undo of a
    /// restore): if it is the open game, the window shows what is on disk now.
    pub(super) fn show_disk(&mut self, id: &str) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let Some(doc) = self.screen.document_mut() else {
            return;
        };
        if doc.id() != id {
            return;
        }
        match doc.reload(&store) {
            Ok(on_disk) => {
                let key = (id.to_string(), doc.revision());
                self.saved = Some(key);
                self.unsaved = None;
                self.conflict = None;
                self.read_from_disk(id, on_disk);
                self.status = "Now showing the version on disk".to_string();
                self.screen.refresh();
            }
            Err(why) => {
                self.notify(Notice::error(format!("Cannot read the game again: {why}")));
                self.go_home();
            }
        }
    }

    /// The player's answer to "changed on disk": keep the window's version (written over the
    /// disk's, which stays in Backups) or show the disk's.
    pub(super) fn settle_conflict(&mut self, keep_mine: bool) {
        let Some(id) = self.conflict.take() else {
            return;
        };
        let Some(store) = self.store.clone() else {
            return;
        };
        if keep_mine {
            match store.on_disk(&id) {
                Ok(on_disk) => {
                    self.read_from_disk(&id, on_disk);
                    // Written again at the end of this update (`autosave`).
                    self.saved = None;
                    self.unsaved = None;
                }
                Err(e) => {
                    let n = transfer::failed(e);
                    self.notify(n);
                }
            }
        } else if matches!(store.on_disk(&id), Ok(crate::store::OnDisk::Absent)) {
            // Deleted meanwhile: Home, where Backups can bring it back.
            self.unsaved = None;
            self.notify(Notice::info(format!(
                "{} was deleted; it is kept in Backups.",
                transfer::named(self.screen.document().map_or("", |d| d.title()), &id)
            )));
            self.saved = None;
            let home = Screen::home(&self.ctx());
            self.go(home);
        } else {
            self.show_disk(&id);
        }
    }
}
