//! Save ids: what a save's file name may be on every platform and command line.

use super::StoreError;

/// The longest save id, as it always was (every save made before still opens); with `.json`
/// and a backup folder's names it stays far inside every file system's limits.
pub const MAX_ID_LEN: usize = 120;

/// Names Windows reserves for devices, whatever the extension (`con.json` is the console).
const DEVICE_NAMES: [&str; 22] = [
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

/// Whether `id` can be a save's file name everywhere: letters, digits, '-' and '_', not
/// starting with '-' (a command line would take it for an option), not a Windows device name,
/// at most [`MAX_ID_LEN`] characters.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && !id.starts_with('-')
        && !DEVICE_NAMES.contains(&id.to_ascii_lowercase().as_str())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

pub(crate) fn check_id(id: &str) -> Result<(), StoreError> {
    let ok = valid_id(id);
    if ok {
        Ok(())
    } else {
        Err(StoreError::BadId(id.to_string()))
    }
}
