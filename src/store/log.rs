//! The log file a player can attach to a bug report: errors and warnings with their times, in
//! `tablemate.log` in the data folder. It rotates at [`MAX_BYTES`] into `tablemate.log.1`
//! (the one older file is replaced), so the two never hold more than 2 MB together.
//!
//! A crash writes its report beside the log ([`crash_report`]).
//!
//! Nothing is logged until [`init`] names the folder (the window does; tests and most CLI
//! commands do not), and logging never fails loudly: a log that cannot be written must not
//! stop a game.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The log's name in the data folder.
pub const FILE_NAME: &str = "tablemate.log";
/// Past this size the log is moved to `tablemate.log.1` and a new one begun.
pub const MAX_BYTES: u64 = 1024 * 1024;

static PATH: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Where the log of the data folder `root` is.
pub fn path_in(root: &Path) -> PathBuf {
    root.join(FILE_NAME)
}

/// Starts logging into the data folder `root`.
pub fn init(root: &Path) {
    if let Ok(mut p) = PATH.lock() {
        *p = Some(path_in(root));
    }
}

/// Records a warning.
pub fn warn(text: &str) {
    write("WARN", text);
}

/// Records an error.
pub fn error(text: &str) {
    write("ERROR", text);
}

fn write(level: &str, text: &str) {
    let Ok(guard) = PATH.lock() else {
        return;
    };
    let Some(path) = guard.as_ref() else {
        return;
    };
    append(path, MAX_BYTES, level, text);
}

/// Appends one line to the log at `path`, rotating it first if it has reached `max` bytes.
pub fn append(path: &Path, max: u64, level: &str, text: &str) {
    // Never through a link: a log that is a symbolic link (or not a regular file) is neither
    // rotated nor written (`problem` says why, for `tablemate where`).
    if problem(path).is_some() {
        return;
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.len() >= max) {
        let mut old = path.as_os_str().to_owned();
        old.push(".1");
        let _ = std::fs::rename(path, PathBuf::from(old));
    }
    let line = format!(
        "{} {level} {}\n",
        chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ"),
        text.replace('\n', " ")
    );
    if let Ok(mut f) = super::read::open_own(path, OpenOptions::new().create(true).append(true)) {
        let _ = f.write_all(line.as_bytes());
    }
}

/// Why the log at `path` is not written, when something other than a regular file is there
/// (a symbolic link is never followed); `None` when it is a file or not there yet.
pub fn problem(path: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if meta.file_type().is_file() {
        return None;
    }
    Some(match meta.file_type().is_symlink() {
        true => "it is a symbolic link: Tablemate does not follow or write through it".into(),
        false => "it is not a regular file: Tablemate does not write it".into(),
    })
}

/// Writes a crash report (`crash-<UTC time>.txt`) into the data folder `root` and returns
/// its path; the same error also goes to the log.
pub fn crash_report(root: &Path, text: &str) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(root)?;
    let path = root.join(format!(
        "crash-{}.txt",
        chrono::Utc::now().format("%Y%m%d-%H%M%S")
    ));
    let mut file = super::read::open_own(
        &path,
        OpenOptions::new().write(true).create(true).truncate(true),
    )?;
    file.write_all(text.as_bytes())?;
    append(
        &path_in(root),
        MAX_BYTES,
        "ERROR",
        &format!("crashed; report in {}", path.display()),
    );
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_records_time_and_level_and_rotates_at_its_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_in(dir.path());
        append(
            &path,
            200,
            "WARN",
            "settings.json: expected value at line 1",
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains(" WARN settings.json: expected value"),
            "{text}"
        );
        assert!(text.starts_with("20"), "a time first: {text}");
        for i in 0..40 {
            append(&path, 200, "ERROR", &format!("failure {i}"));
        }
        let current = std::fs::metadata(&path).unwrap().len();
        let older = std::fs::metadata(dir.path().join("tablemate.log.1"))
            .unwrap()
            .len();
        // Each file stays near the limit (one line over at most); nothing else is kept.
        assert!(current <= 260 && older <= 260, "{current} {older}");
        let files = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(files, 2);
    }

    #[test]
    fn a_crash_report_is_written_in_the_data_folder_and_logged() {
        let dir = tempfile::tempdir().unwrap();
        let path = crash_report(dir.path(), "panicked at src/x.rs:1: boom").unwrap();
        assert!(path.starts_with(dir.path()));
        assert!(std::fs::read_to_string(&path).unwrap().contains("boom"));
        let log = std::fs::read_to_string(path_in(dir.path())).unwrap();
        assert!(log.contains("crashed; report in"), "{log}");
    }
}
