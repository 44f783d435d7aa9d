//! The session sheet's store side (docs/plays.md, "The session sheet"): the restore code and
//! the copy of the save it opens, and the table's address for the phones as the data folder
//! knows it.
//!
//! Writing a sheet keeps the save exactly as it stands in `sheets/<CODE>_<id>.json` (a hard
//! link or a copy, never pruned like the rolling backups: one per evening), and `CODE`, eight
//! letters and digits from a checksum of the id and the file, is printed on the sheet.
//! `tablemate open CODE` (or Home's restore code field) puts that copy back as save `id`, the
//! version it replaces kept as a pinned backup, as `tablemate restore` does.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use super::read::{self, Links};
use super::{Store, StoreError, atomic, backups, envelope, own_dir};
use crate::plays::recap;

/// The letters of a code (Crockford's base 32: no I, L, O or U to misread).
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters in a restore code (40 bits).
pub const CODE_LEN: usize = 8;

/// Where the window shares unless `settings.json` says otherwise (docs/table-network.md).
const DEFAULT_LISTEN: &str = "0.0.0.0:8765";

/// The code of save `id` as `bytes` hold it: FNV-1a over both, the low 40 bits in base 32.
pub fn code_of(id: &str, bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes().chain([0]).chain(bytes.iter().copied()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (0..CODE_LEN)
        .rev()
        .map(|i| char::from(ALPHABET[((h >> (i * 5)) & 31) as usize]))
        .collect()
}

/// A code as printed: `K7QD-2MXA`.
pub fn shown(code: &str) -> String {
    match code.split_at_checked(CODE_LEN / 2) {
        Some((a, b)) => format!("{a}-{b}"),
        None => code.to_string(),
    }
}

/// The code in `typed`, however it was typed: with or without the dash, spaces, lower case,
/// O for 0 and I or L for 1, and with `tablemate open ` in front (what the sheet's QR code
/// holds). None when it cannot be a code.
pub fn parse_code(typed: &str) -> Option<String> {
    let t = typed.trim();
    let t = t.strip_prefix("tablemate open ").unwrap_or(t);
    let code: String = t
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// A session sheet: the page, and the restore code it prints (None when no copy could be
/// kept, the page then saying why).
#[derive(Debug, Clone)]
pub struct SessionSheet {
    pub html: String,
    pub code: Option<String>,
    pub recap: recap::Recap,
}

/// A QR code's modules: its width and its modules row by row (`true` dark).
pub type QrModules = Option<(usize, Vec<bool>)>;

/// The machine's address phones reach when sharing on `listen` (every interface: the one the
/// system routes outward through).
pub type Reach<'a> = Option<&'a dyn Fn(&SocketAddr) -> IpAddr>;

/// What `open CODE` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reopened {
    pub id: String,
    /// The backup that keeps the version replaced; None when there was none (a deleted save)
    /// or the save already was that state.
    pub replaced: Option<String>,
    /// The save already held exactly that state: nothing was written.
    pub unchanged: bool,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct ShareSetting {
    share_listen: Option<String>,
}

impl Store {
    fn sheets_dir(&self) -> PathBuf {
        self.root().join("sheets")
    }

    /// Keeps save `id` as it stands for the sheet's restore code; returns the code.
    pub fn keep_sheet_state(&self, id: &str) -> Result<String, StoreError> {
        self.writable()?;
        let path = self.save_path(id)?;
        if !read::present(&path) {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let bytes = read::read(&path, Links::Refuse)?;
        let code = code_of(id, &bytes);
        let dir = self.sheets_dir();
        if !read::present(&dir) {
            std::fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        }
        own_dir(&dir)?;
        let to = dir.join(format!("{code}_{id}.json"));
        // The same code is the same file: kept once.
        if read::read(&to, Links::Refuse).ok().as_deref() != Some(&bytes[..]) {
            atomic::write(&to, &bytes).map_err(|e| StoreError::io(&to, e))?;
        }
        Ok(code)
    }

    /// The kept copy a restore code names, and the save's id.
    // Kept String: a restore code's refusal, shown verbatim by the window and the CLI.
    fn sheet_state(&self, code: &str) -> Result<(String, PathBuf), String> {
        let dir = self.sheets_dir();
        let missing = || {
            format!(
                "no session sheet of this data folder has the restore code {} (a code opens \
                 where its sheet was written)",
                shown(code)
            )
        };
        if !read::present(&dir) {
            return Err(missing());
        }
        own_dir(&dir).map_err(|e| e.to_string())?;
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        entries
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .find_map(|name| {
                let id = name
                    .strip_prefix(code)?
                    .strip_prefix('_')?
                    .strip_suffix(".json")?;
                super::valid_id(id).then(|| (id.to_string(), dir.join(&name)))
            })
            .ok_or_else(missing)
    }

    /// Puts back the state a session sheet's restore code names (`typed` as the player typed
    /// it), keeping the version it replaces as a backup.
    // Kept String: a restore code's refusal, shown verbatim by the window and the CLI.
    pub fn open_code(&self, typed: &str) -> Result<Reopened, String> {
        let code = parse_code(typed).ok_or_else(|| {
            format!(
                "{typed:?} is not a restore code: a code is {CODE_LEN} letters and digits, as \
                 K7QD-2MXA"
            )
        })?;
        self.writable().map_err(|e| e.to_string())?;
        let (id, from) = self.sheet_state(&code)?;
        let bytes = read::read(&from, Links::Refuse).map_err(|e| e.to_string())?;
        envelope::open(&bytes).map_err(|p| StoreError::bad(&from, p).to_string())?;
        let path = self.save_path(&id).map_err(|e| e.to_string())?;
        if read::present(&path) && read::read(&path, Links::Refuse).ok().as_deref() == Some(&bytes)
        {
            return Ok(Reopened {
                id,
                replaced: None,
                unchanged: true,
            });
        }
        let replaced = backups::put_back(self, &id, &from, &bytes).map_err(|e| e.to_string())?;
        Ok(Reopened {
            id,
            replaced,
            unchanged: false,
        })
    }

    /// Where the phones find the table next time, as lines for the sheet: the address from
    /// `settings.json` (`reach` turns "every interface" into this machine's address), and
    /// whether save `id`'s seat links are kept; or how to start sharing.
    pub fn phones_lines(&self, id: &str, reach: Reach<'_>) -> Vec<String> {
        let setting: ShareSetting = super::peek_settings(self.root()).unwrap_or_default();
        let listen_text = setting
            .share_listen
            .unwrap_or_else(|| DEFAULT_LISTEN.to_string());
        let mut out = Vec::new();
        let address = match listen_text.parse::<SocketAddr>() {
            Ok(listen) => {
                let ip = match (listen.ip().is_unspecified(), reach) {
                    (false, _) => Some(listen.ip()),
                    (true, Some(reach)) => Some(reach(&listen)),
                    (true, None) => None,
                };
                match ip {
                    Some(ip) => format!("http://{}/", SocketAddr::new(ip, listen.port())),
                    None => format!("this computer's address, port {}", listen.port()),
                }
            }
            Err(_) => {
                out.push(format!(
                    "settings.json's share_listen {listen_text:?} is not HOST:PORT: the window \
                     shares on {DEFAULT_LISTEN} until it is corrected"
                ));
                "this computer's address, port 8765".to_string()
            }
        };
        let seats: Vec<String> = self
            .seat_links(id)
            .unwrap_or_default()
            .into_iter()
            .map(|(seat, _)| seat)
            .collect();
        if seats.is_empty() {
            out.push(format!(
                "Not shared yet. Next time press Share to the table on the game screen (or run \
                 tablemate serve {id}): each phone scans its seat's QR code, at {address}"
            ));
        } else {
            out.push(format!("The table: {address}"));
            out.push(format!(
                "The seats' links are kept ({}): share the game again (Share to the table, or \
                 tablemate serve {id}) and every phone's saved link works as tonight",
                seats.join(", ")
            ));
        }
        out
    }

    /// The session sheet of save `id` (docs/plays.md): the recap, the phones' address and a
    /// restore code for this exact state, its QR code drawn by `qr` (the app's QR encoder).
    // Kept String: a restore code's refusal, shown verbatim by the window and the CLI.
    pub fn session_sheet(
        &self,
        id: &str,
        reach: Reach<'_>,
        qr: &dyn Fn(&str) -> QrModules,
    ) -> Result<SessionSheet, String> {
        let path = self.save_path(id).map_err(|e| e.to_string())?;
        if !read::present(&path) {
            return Err(StoreError::NotFound(id.to_string()).to_string());
        }
        let bytes = read::read(&path, Links::Refuse).map_err(|e| e.to_string())?;
        let (opened, data) =
            envelope::open_with_data(&bytes).map_err(|p| format!("{}: {p}", path.display()))?;
        let recap = recap::recap(opened.kind, &opened.title, &data)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut extras = recap::Extras {
            phones: self.phones_lines(id, reach),
            ..Default::default()
        };
        let code = match self.keep_sheet_state(id) {
            Ok(code) => {
                let shown = shown(&code);
                extras.restore = vec![
                    format!("Opens save {id} exactly as on this sheet:"),
                    format!("type it in Home's Restore code field, or run tablemate open {shown}"),
                    "(the version it replaces is kept as a backup).".into(),
                ];
                extras.qr = qr(&format!("tablemate open {shown}"));
                extras.code = Some(shown);
                Some(code)
            }
            Err(e) => {
                extras.restore = vec![format!("No restore code: {e}")];
                None
            }
        };
        Ok(SessionSheet {
            html: recap::html(&recap, &extras),
            code,
            recap,
        })
    }
}

/// Whether `path` ends in `.pdf` (any case): `recap --out` then prints a PDF.
pub fn is_pdf(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pdf"))
}
