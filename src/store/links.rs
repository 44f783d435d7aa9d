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

fn token_shape(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit())
}
