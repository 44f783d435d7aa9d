//! The table network's seat links (docs/table-network.md, "Links that last"): each shared
//! save's seat tokens, kept in `links/<id>.json` in the data folder (beside `saves/`, never
//! inside a save, so an exported or backed-up save carries no key). The host reads them when
//! it starts, so a restart of `serve` or of the window, or going Home and back, keeps every
//! phone's link working; a seat's New link and Stop sharing write or remove them.
//!
//! Read and written like every other file of the store: bounded, never through a symbolic
//! link, written atomically; a damaged file is named with the reason.

use std::path::PathBuf;

use super::ids::check_id;
use super::{Problem, Store, StoreError, atomic, envelope, own_dir, read};

/// The largest links file the store reads: a few dozen seats of 32-digit tokens fit many
/// times over.
pub const MAX_LINKS_BYTES: u64 = 64 * 1024;

/// The file's `format` field, so it is never mistaken for a save.
const FORMAT: &str = "tablemate-seat-links";

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct LinksFile {
    format: String,
    /// Seat name and its token, in the host's order.
    seats: Vec<SeatLink>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatLink {
    seat: String,
    token: String,
}

impl Store {
    fn links_dir(&self) -> PathBuf {
        self.root().join("links")
    }

    /// Where save `id`'s seat links are kept.
    pub fn links_path(&self, id: &str) -> Result<PathBuf, StoreError> {
        check_id(id)?;
        let dir = self.links_dir();
        own_dir(&dir)?;
        Ok(dir.join(format!("{id}.json")))
    }

    /// Save `id`'s kept seat links as (seat, token); empty when none are kept. A file that
    /// is not a links file (damaged, a link, too large) is an error naming it.
    pub fn seat_links(&self, id: &str) -> Result<Vec<(String, String)>, StoreError> {
        let path = self.links_path(id)?;
        if !read::present(&path) {
            return Ok(Vec::new());
        }
        let bytes = read::read_limited(&path, read::Links::Refuse, MAX_LINKS_BYTES)?;
        let text = envelope::as_text(&bytes).map_err(|p| StoreError::bad(&path, p))?;
        let file: LinksFile = serde_json::from_str(text)
            .map_err(|e| StoreError::bad(&path, Problem::from_json(e, None)))?;
        if file.format != FORMAT {
            return Err(StoreError::bad(
                &path,
                Problem::Invalid(format!(
                    "its format is {:?}, expected {FORMAT:?}",
                    file.format
                )),
            ));
        }
        if let Some(bad) = file.seats.iter().find(|s| !token_shape(&s.token)) {
            return Err(StoreError::bad(
                &path,
                Problem::Invalid(format!(
                    "seat {:?}: a token is 32 hexadecimal digits",
                    bad.seat
                )),
            ));
        }
        Ok(file.seats.into_iter().map(|s| (s.seat, s.token)).collect())
    }

    /// Keeps save `id`'s seat links (seat, token), replacing the ones kept before.
    pub fn keep_seat_links(&self, id: &str, seats: &[(String, String)]) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.links_path(id)?;
        let file = LinksFile {
            format: FORMAT.to_string(),
            seats: seats
                .iter()
                .map(|(seat, token)| SeatLink {
                    seat: seat.clone(),
                    token: token.clone(),
                })
                .collect(),
        };
        let bytes =
            serde_json::to_vec_pretty(&file).map_err(|e| StoreError::Encode(e.to_string()))?;
        let dir = self.links_dir();
        std::fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        atomic::write(&path, &bytes).map_err(|e| StoreError::io(&path, e))
    }

    /// Forgets save `id`'s seat links (Stop sharing): the next share makes new ones.
    pub fn forget_seat_links(&self, id: &str) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.links_path(id)?;
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::io(&path, e)),
        }
    }
}

/// The largest answers file the store reads (a few hundred answers of a few hundred bytes).
pub const MAX_ANSWERS_BYTES: u64 = 1024 * 1024;

impl Store {
    /// Where the host keeps the answers to save `id`'s recent action ids, one JSON line each
    /// (docs/table-network.md, "A lost answer"), so a phone sending an action again after a
    /// restart of the host still gets the first answer.
    fn answers_path(&self, id: &str) -> Result<PathBuf, StoreError> {
        check_id(id)?;
        let dir = self.links_dir();
        own_dir(&dir)?;
        Ok(dir.join(format!("{id}.answers")))
    }

    /// The kept answers' lines, oldest first; empty when there are none.
    pub fn action_answers(&self, id: &str) -> Result<Vec<String>, StoreError> {
        let path = self.answers_path(id)?;
        if !read::present(&path) {
            return Ok(Vec::new());
        }
        let bytes = read::read_limited(&path, read::Links::Refuse, MAX_ANSWERS_BYTES)?;
        let text = String::from_utf8_lossy(&bytes);
        Ok(text.lines().map(str::to_string).collect())
    }

    /// Replaces the kept answers with `lines` (written whole, as every store file).
    pub fn keep_action_answers(&self, id: &str, lines: &[String]) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.answers_path(id)?;
        let dir = self.links_dir();
        std::fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        let mut text = lines.join("\n");
        text.push('\n');
        atomic::write(&path, text.as_bytes()).map_err(|e| StoreError::io(&path, e))
    }

    /// Adds one answer's line at the end. Appended without waiting for the disk: a host that
    /// is killed keeps it (the system has it); if it is lost (a power cut), the note written
    /// durably before the action ([`Store::add_action_answer_durably`]) tells the next host
    /// whether the action reached the save.
    pub fn add_action_answer(&self, id: &str, line: &str) -> Result<(), StoreError> {
        self.append_answer(id, line, false)
    }

    /// Adds one line at the end and waits for the disk: the note the host writes before it
    /// applies an action with an id (docs/table-network.md, "A lost answer"), so that after a
    /// crash at any moment it can tell whether the action reached the save.
    pub fn add_action_answer_durably(&self, id: &str, line: &str) -> Result<(), StoreError> {
        self.append_answer(id, line, true)
    }

    fn append_answer(&self, id: &str, line: &str, durable: bool) -> Result<(), StoreError> {
        use std::io::Write;
        self.writable()?;
        let path = self.answers_path(id)?;
        let dir = self.links_dir();
        std::fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        let mut f = read::open_own(&path, std::fs::OpenOptions::new().create(true).append(true))
            .map_err(|e| StoreError::io(&path, e))?;
        f.write_all(format!("{line}\n").as_bytes())
            .and_then(|()| if durable { f.sync_data() } else { Ok(()) })
            .map_err(|e| StoreError::io(&path, e))
    }

    /// Which version of save `id` is on disk, as a short text (its size, modified time and
    /// inode; every write of a save renames a new file over it): None where the platform
    /// gives no such facts or there is no file.
    pub fn save_mark(&self, id: &str) -> Option<String> {
        let path = self.save_path(id).ok()?;
        read::Stamp::at(&path).map(|s| s.text())
    }

    /// Forgets the kept answers (Stop sharing).
    pub fn forget_action_answers(&self, id: &str) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.answers_path(id)?;
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::io(&path, e)),
        }
    }
}

fn token_shape(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit())
}
