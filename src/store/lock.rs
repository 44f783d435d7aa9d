//! One running Tablemate per data folder. The first instance holds an exclusive lock on
//! `tablemate.lock` and writes its process id there; a second instance reads who holds it and
//! opens the folder read-only.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

/// Who holds the data folder, as they wrote it into the lock file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    pub description: String,
}

pub enum Outcome {
    Acquired(File),
    HeldBy(Holder),
}

/// Takes the lock at `path`. A lock file that is a symbolic link (or anything but a regular
/// file) is refused with the reason, never followed: the store then opens read-only, and
/// nothing it points to is written (docs/store.md).
pub fn acquire(path: &Path) -> std::io::Result<Outcome> {
    let mut file = super::read::open_own(
        path,
        OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    )?;
    match file.try_lock() {
        Ok(()) => {
            file.set_len(0)?;
            file.seek(SeekFrom::Start(0))?;
            writeln!(
                file,
                "process {} since {}",
                std::process::id(),
                chrono::Local::now().format("%Y-%m-%d %H:%M:%S")
            )?;
            file.sync_all()?;
            Ok(Outcome::Acquired(file))
        }
        Err(TryLockError::WouldBlock) => {
            let mut text = String::new();
            // Bounded: the lock file is only ever one line.
            let _ = (&mut file).take(4096).read_to_string(&mut text);
            let description = super::read::clean_text(text.trim());
            Ok(Outcome::HeldBy(Holder {
                description: if description.is_empty() {
                    "another Tablemate".into()
                } else {
                    description
                },
            }))
        }
        Err(TryLockError::Error(e)) => Err(e),
    }
}
