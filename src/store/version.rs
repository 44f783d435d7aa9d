//! Which version of a save is on disk, so that a window never writes a copy older than what is
//! there: it remembers the version it read (or last wrote), and [`Store::write_prepared_over`]
//! refuses with [`StoreError::Changed`] when the file holds anything else (a restore, the Undo
//! of a delete, another program). And renaming a save (`tablemate rename`, the window's
//! Rename): the title is the save's, not the game's, so no history entry is recorded.

use super::{Prepared, Store, StoreError, fingerprint, read};

/// What is at a save's path: nothing, or one version known by its length and a hash of its
/// bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OnDisk {
    Absent,
    Version(u64, u64),
}

impl OnDisk {
    /// The version of `bytes`.
    pub fn of(bytes: &[u8]) -> OnDisk {
        let (len, hash) = fingerprint(bytes);
        OnDisk::Version(len, hash)
    }
}

impl Store {
    /// Which version of save `id` is on disk now.
    pub fn on_disk(&self, id: &str) -> Result<OnDisk, StoreError> {
        let path = self.save_path(id)?;
        if !read::present(&path) {
            return Ok(OnDisk::Absent);
        }
        let bytes = read::read(&path, read::Links::Refuse)?;
        Ok(OnDisk::of(&bytes))
    }

    /// [`Store::load`], and the version it read: what a window remembers to write over.
    pub fn load_versioned<T: crate::doc::GameDoc>(
        &self,
        id: &str,
    ) -> Result<(crate::doc::Saved<T>, OnDisk), StoreError> {
        let (saved, bytes) = self.load_with_bytes(id)?;
        Ok((saved, OnDisk::of(&bytes)))
    }

    /// [`Store::write_prepared`] only over version `expect` of save `id` (`OnDisk::Absent`: only
    /// where there is no file): anything else there now is refused with
    /// [`StoreError::Changed`] and left as it is. Returns the version written.
    pub fn write_prepared_over(
        &self,
        id: &str,
        prepared: &Prepared,
        expect: OnDisk,
    ) -> Result<OnDisk, StoreError> {
        self.writable()?;
        let path = self.save_path(id)?;
        let known = if read::present(&path) {
            Some(read::read_stamped(&path, read::Links::Refuse)?)
        } else {
            None
        };
        let now = known
            .as_ref()
            .map_or(OnDisk::Absent, |(bytes, _)| OnDisk::of(bytes));
        if now != expect {
            return Err(StoreError::Changed {
                id: id.to_string(),
                gone: now == OnDisk::Absent,
            });
        }
        let bytes = prepared.bytes();
        match &known {
            // What was just read and compared is what it replaces: not read again while its
            // stamp holds (another program's write in between is still kept as a backup).
            Some((old, Some(stamp))) if self.is_verified(&path, old, Some(*stamp)) => {
                self.replace_known(id, &path, bytes, Some((old, *stamp)))?
            }
            _ => self.replace(id, &path, bytes)?,
        }
        Ok(OnDisk::of(bytes))
    }

    /// Gives save `id` the title `title` (trimmed, at most
    /// [`crate::games::script::MAX_TITLE_CHARS`] characters, one line). Returns the old title.
    pub fn rename(&self, id: &str, title: &str) -> Result<String, super::ScriptFailed> {
        self.script(id, |game, data| (game.rename)(data, title))
    }
}
