//! Every read the store makes: bounded, regular files only, and inside the data folder never
//! through a symbolic link. Also the cleaning of file text before it is printed.
//!
//! A FIFO or a device in `saves/` would hang or flood a plain read, and a symlink there could
//! point anywhere on the disk: both are refused by their metadata before anything is opened,
//! and the opened handle is checked again (a file swapped in between is caught), opened
//! non-blocking where the platform allows so that even a swapped-in FIFO cannot hang.

use std::fs::{self, File, OpenOptions};
use std::io::Read;
use std::path::Path;

use super::envelope::MAX_FILE_BYTES;
use super::{Problem, StoreError};

/// Whether a path may be a symbolic link to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Links {
    /// A file the user named (an import, a `check`): it may be a link.
    Follow,
    /// A file inside the data folder: a link is reported, never followed.
    Refuse,
}

/// What is at `path` when it is not a plain file, in a player's words.
fn odd_kind(meta: &fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_symlink() {
        return Some("a symbolic link");
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Refuses what is not a regular file at `path` (a symlink too, unless `links` follows).
pub(crate) fn check_regular(path: &Path, links: Links) -> Result<(), StoreError> {
    let meta = match links {
        Links::Follow => fs::metadata(path),
        Links::Refuse => fs::symlink_metadata(path),
    }
    .map_err(|e| StoreError::io(path, e))?;
    match odd_kind(&meta) {
        None => Ok(()),
        Some(kind) => Err(StoreError::bad(path, Problem::NotRegular(kind.into()))),
    }
}

fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NONBLOCK: a FIFO swapped in after the check opens without waiting for a writer.
        options.custom_flags(0o4000);
    }
    options.open(path)
}

/// `O_NOFOLLOW | O_NONBLOCK` where their values are known without a C library binding: an
/// open that would go through a symbolic link fails instead, and a FIFO swapped in opens
/// without waiting. Elsewhere 0, and only the check of `symlink_metadata` before opening holds.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
const NO_FOLLOW: i32 = 0o400_000 | 0o4000;
#[cfg(all(target_os = "linux", target_arch = "aarch64"))]
const NO_FOLLOW: i32 = 0o100_000 | 0o4000;
#[cfg(any(target_os = "macos", target_os = "ios"))]
const NO_FOLLOW: i32 = 0x0100 | 0x0004;
#[cfg(all(
    unix,
    not(any(
        all(
            target_os = "linux",
            any(target_arch = "x86_64", target_arch = "aarch64")
        ),
        target_os = "macos",
        target_os = "ios"
    ))
))]
const NO_FOLLOW: i32 = 0;

/// Why a file the store writes in place (the lock, the log, a crash report) is refused: it is
/// not a regular file (a symbolic link, a folder, a FIFO...), which the store never follows.
fn not_followed(kind: &str) -> std::io::Error {
    std::io::Error::other(format!(
        "it is {kind}, not a regular file: Tablemate does not follow or write through it"
    ))
}

/// Opens a file of the data folder that the store writes in place (`tablemate.lock`,
/// `tablemate.log`, a crash report) with `options`, never through a symbolic link: what is
/// at `path` is checked first (`symlink_metadata`), the open itself refuses a link where the
/// platform allows (`O_NOFOLLOW`, so a link swapped in between is caught too), and the
/// opened handle must be a regular file. Refused with the reason otherwise.
pub(crate) fn open_own(path: &Path, options: &mut OpenOptions) -> std::io::Result<File> {
    if let Ok(meta) = fs::symlink_metadata(path)
        && let Some(kind) = odd_kind(&meta)
    {
        return Err(not_followed(kind));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(NO_FOLLOW);
    }
    let file = options.open(path)?;
    if let Some(kind) = odd_kind(&file.metadata()?) {
        return Err(not_followed(kind));
    }
    Ok(file)
}

/// Reads a regular file of at most `limit` bytes.
pub(crate) fn read_limited(path: &Path, links: Links, limit: u64) -> Result<Vec<u8>, StoreError> {
    check_regular(path, links)?;
    let file = open_nonblocking(path).map_err(|e| StoreError::io(path, e))?;
    let meta = file.metadata().map_err(|e| StoreError::io(path, e))?;
    read_open(path, &file, &meta, limit)
}

thread_local! {
    /// Bytes this thread has read from files through the store: for tests of what an
    /// operation costs (`tablemate act` reads its save once).
    static BYTES_READ: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many bytes this thread has read from files through the store so far.
pub fn bytes_read_on_this_thread() -> u64 {
    BYTES_READ.with(|b| b.get())
}

/// Reads an opened file of at most `limit` bytes whose metadata is `meta`.
fn read_open(
    path: &Path,
    file: &File,
    meta: &fs::Metadata,
    limit: u64,
) -> Result<Vec<u8>, StoreError> {
    if let Some(kind) = odd_kind(meta) {
        return Err(StoreError::bad(path, Problem::NotRegular(kind.into())));
    }
    if meta.len() > limit {
        return Err(StoreError::bad(path, Problem::TooLarge(meta.len())));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The bound holds even for a file that grows while it is read.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| StoreError::io(path, e))?;
    BYTES_READ.with(|b| b.set(b.get() + bytes.len() as u64));
    if bytes.len() as u64 > limit {
        return Err(StoreError::bad(path, Problem::TooLarge(bytes.len() as u64)));
    }
    Ok(bytes)
}

/// Reads a file with the bound every Tablemate file has.
pub(crate) fn read(path: &Path, links: Links) -> Result<Vec<u8>, StoreError> {
    read_limited(path, links, MAX_FILE_BYTES)
}

/// What the file system says about one version of a file: its size, modified and changed
/// times, and which file it is (device and inode). Writing the file in place changes the
/// modified and changed times (setting the modified time back changes the changed time),
/// and a new file renamed over it is another inode: while the stamp holds, the bytes read
/// under it are what the file holds, and it need not be read again. Only where the platform
/// gives all of these (Unix); elsewhere there is no stamp and the file is read again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stamp {
    len: u64,
    modified: (i64, i64),
    changed: (i64, i64),
    node: (u64, u64),
}

impl Stamp {
    /// The stamp of `meta`, if the platform gives one.
    pub(crate) fn of(meta: &fs::Metadata) -> Option<Stamp> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(Stamp {
                len: meta.len(),
                modified: (meta.mtime(), meta.mtime_nsec()),
                changed: (meta.ctime(), meta.ctime_nsec()),
                node: (meta.dev(), meta.ino()),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            None
        }
    }

    /// The stamp of what is at `path` now, never through a link.
    pub(crate) fn at(path: &Path) -> Option<Stamp> {
        fs::symlink_metadata(path)
            .ok()
            .filter(|m| m.file_type().is_file())
            .and_then(|m| Stamp::of(&m))
    }

    /// The stamp as one line of text (size, modified time, inode), to compare with a later
    /// one after a restart.
    pub(crate) fn text(&self) -> String {
        format!(
            "{}:{}.{}:{}:{}",
            self.len, self.modified.0, self.modified.1, self.node.0, self.node.1
        )
    }

    /// The same file with the same content, whatever links were made to it since (a hard
    /// link changes the changed time, nothing else): the size, the modified time and the
    /// inode agree.
    pub(crate) fn same_content(&self, other: &Stamp) -> bool {
        self.len == other.len && self.modified == other.modified && self.node == other.node
    }
}

/// [`read`], and the file's stamp when it held still while it was read (the same before and
/// after, from the open handle): a stamp that still holds later means these bytes are still
/// what the file holds.
pub(crate) fn read_stamped(
    path: &Path,
    links: Links,
) -> Result<(Vec<u8>, Option<Stamp>), StoreError> {
    check_regular(path, links)?;
    let file = open_nonblocking(path).map_err(|e| StoreError::io(path, e))?;
    let before = file.metadata().map_err(|e| StoreError::io(path, e))?;
    let bytes = read_open(path, &file, &before, MAX_FILE_BYTES)?;
    let after = file.metadata().ok().and_then(|m| Stamp::of(&m));
    let stamp = Stamp::of(&before).filter(|s| Some(*s) == after && s.len == bytes.len() as u64);
    Ok((bytes, stamp))
}

/// True when something (a file, a link, anything) is at `path`, without following a link.
pub(crate) fn present(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// True when `path` is a real folder, not a link to one.
pub(crate) fn real_dir(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_dir())
}

/// Text from a file, safe to print on a terminal: control characters (escape sequences that
/// could move the cursor, rewrite the title or hide text) become spaces; tabs too. Line breaks
/// are kept only where `keep_newlines`.
pub fn clean_text(text: &str) -> String {
    clean(text, false)
}

/// Like [`clean_text`], keeping line breaks: for whole printed outputs.
pub fn clean_lines(text: &str) -> String {
    clean(text, true)
}

pub(crate) fn clean(text: &str, keep_newlines: bool) -> String {
    text.chars()
        .map(|c| {
            if keep_newlines && c == '\n' {
                c
            } else if c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') {
                ' '
            } else {
                c
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_control_characters_are_cleaned_from_file_text() {
        assert_eq!(
            clean_text("a\u{1b}]0;pwned\u{7}b\r\nc\u{202e}"),
            "a ]0;pwned b  c "
        );
        assert_eq!(clean("one\ntwo\u{9b}", true), "one\ntwo ");
    }
}
