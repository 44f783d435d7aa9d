//! Crash-safe file replacement: write a temporary file in the same folder, flush and sync it,
//! then rename it over the target. A reader (or the next start after a crash) sees either the
//! old file or the new one, never a mix.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::read::Stamp;

/// The temporary name used while `path` is being replaced. Starts with a dot so listings skip
/// it; carries the process id and a counter so two writers (processes or threads) never share
/// one.
pub fn temp_path(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}-{n}.tmp", std::process::id()))
}

/// A new version of `path`, written and synced under its temporary name, not yet in place.
/// Dropping it without `commit` removes it: nothing changed.
pub struct Staged {
    tmp: PathBuf,
    path: PathBuf,
    committed: bool,
    /// The new file's stamp once written and synced (the rename changes only its changed
    /// time).
    stamp: Option<Stamp>,
}

impl Staged {
    /// Writes `bytes` to a new temporary file next to `path` and syncs it.
    pub fn new(path: &Path, bytes: &[u8]) -> io::Result<Staged> {
        let mut staged = Staged {
            tmp: temp_path(path),
            path: path.to_path_buf(),
            committed: false,
            stamp: None,
        };
        // Always a new file: a leftover at this name may be a hard link to a save or a
        // backup, which truncating would destroy.
        let _ = fs::remove_file(&staged.tmp);
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&staged.tmp)?;
        file.write_all(bytes)?;
        file.flush()?;
        file.sync_all()?;
        staged.stamp = file.metadata().ok().and_then(|m| Stamp::of(&m));
        Ok(staged)
    }

    /// The new file's stamp, where the platform gives one.
    pub fn stamp(&self) -> Option<Stamp> {
        self.stamp
    }

    /// Puts the new version at `path` and the file that was there at that instant under the
    /// temporary name, in one step (Linux's `renameat2` with `RENAME_EXCHANGE`), and makes it
    /// durable. Nothing another program put at `path` at any moment before can be overwritten
    /// unseen: it is what comes back. Where the exchange is not available (another system, a
    /// file system without it, no file at `path`), a plain rename, and `Ok(None)`.
    pub fn exchange(mut self) -> io::Result<Option<PathBuf>> {
        if exchange(&self.tmp, &self.path)? {
            self.committed = true;
            sync_dir(&self.path);
            return Ok(Some(self.tmp.clone()));
        }
        self.commit().map(|()| None)
    }

    /// Renames the new version over `path` and makes the rename durable.
    pub fn commit(mut self) -> io::Result<()> {
        fs::rename(&self.tmp, &self.path)?;
        self.committed = true;
        sync_dir(&self.path);
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// Swaps the files at `a` and `b` in one step; false where that cannot be done here (then
/// nothing changed).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    use std::os::unix::ffi::OsStrExt;
    let (Ok(a), Ok(b)) = (
        std::ffi::CString::new(a.as_os_str().as_bytes()),
        std::ffi::CString::new(b.as_os_str().as_bytes()),
    ) else {
        return Ok(false);
    };
    // SAFETY: both paths are NUL-terminated strings that live across the call.
    let done = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if done == 0 {
        return Ok(true);
    }
    let e = io::Error::last_os_error();
    match e.raw_os_error() {
        // Not supported by this kernel or file system, or no file at `b` to exchange with.
        Some(libc::EINVAL | libc::ENOSYS | libc::ENOENT | libc::EOPNOTSUPP) => Ok(false),
        _ => Err(e),
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> io::Result<bool> {
    Ok(false)
}

/// Replaces `path` with `bytes` atomically.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    Staged::new(path, bytes)?.commit()
}

/// Makes the rename itself durable where the platform allows syncing a folder.
pub fn sync_dir(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent()
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// The process id in a temporary name this store made (`.<name>.<pid>-<n>.tmp`), `None` for
/// any other name: sweeping touches nothing else.
pub fn temp_owner(name: &str) -> Option<u32> {
    let inner = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, tail) = inner.rsplit_once('.')?;
    // `<pid>-<n>`, or `<pid>` alone as earlier versions named them.
    let (pid, n) = tail.split_once('-').unwrap_or((tail, "0"));
    if pid.is_empty() || n.is_empty() || !(pid.bytes().chain(n.bytes())).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    pid.parse().ok()
}

/// Removes temporary files a crashed writer left behind in `dir`: only regular files with the
/// store's own temporary name, never through a link. With `for_file`, only the temporaries of
/// that file name, and only those of writers no longer running (an export folder is shared
/// with whatever else is there).
pub fn sweep_temporaries(dir: &Path) {
    sweep(dir, None)
}

pub fn sweep(dir: &Path, for_file: Option<&str>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = temp_owner(&name) else {
            continue;
        };
        if let Some(file) = for_file
            && (!name.starts_with(&format!(".{file}.")) || pid == std::process::id() || alive(pid))
        {
            continue;
        }
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` still runs, where the platform tells; elsewhere assume it does.
fn alive(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        Path::new(&format!("/proc/{pid}")).exists()
    } else {
        true
    }
}
