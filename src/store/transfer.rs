//! Import, export and checking of files outside the data folder. Everything imported is
//! validated before anything is written; nothing existing is ever overwritten by an import;
//! an export refuses to replace an existing file unless the user confirmed.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::envelope::{self, Opened};
use super::{Problem, Store, StoreError, atomic, read_bounded};
use crate::doc::Kind;

pub const BUNDLE_FORMAT: &str = "tablemate-bundle";

#[derive(Serialize, Deserialize)]
struct Bundle<'a> {
    format: String,
    version: u32,
    #[serde(borrow)]
    saves: Vec<BundleEntry<'a>>,
}

#[derive(Serialize, Deserialize)]
struct BundleEntry<'a> {
    id: String,
    #[serde(borrow)]
    envelope: &'a RawValue,
}

/// What `check_file` found.
#[derive(Debug, Clone, PartialEq)]
pub enum FileReport {
    Save {
        kind: Kind,
        summary: String,
        version: u32,
    },
    Bundle {
        saves: Vec<(String, Kind, String)>,
    },
    Data {
        data_kind: String,
        summary: String,
    },
}

impl std::fmt::Display for FileReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileReport::Save {
                kind,
                summary,
                version,
            } => {
                write!(
                    f,
                    "a valid {kind} save (format version {version}): {summary}"
                )
            }
            FileReport::Bundle { saves } => {
                writeln!(f, "a valid bundle of {} saves:", saves.len())?;
                for (id, kind, summary) in saves {
                    writeln!(f, "  {id} ({kind}): {summary}")?;
                }
                Ok(())
            }
            FileReport::Data { data_kind, summary } => {
                write!(f, "a valid {data_kind} data file: {summary}")
            }
        }
    }
}

/// What an import brought in.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub id: String,
    pub kind: Kind,
    pub summary: String,
    /// True when the file's id was taken and a new one was chosen.
    pub renamed: bool,
}

#[derive(Deserialize)]
struct Probe {
    format: Option<String>,
    data_kind: Option<String>,
}

/// Validates any Tablemate file: a save, a bundle, or a data file (by its `data_kind`).
pub fn check_file(path: &Path) -> Result<FileReport, StoreError> {
    let bytes = read_bounded(path)?;
    check_bytes(&bytes).map_err(|p| StoreError::bad(path, p))
}

/// [`check_file`]; a save also has every history entry rebuilt and validated
/// (`tablemate check --deep FILE`).
pub fn check_file_deep(path: &Path) -> Result<FileReport, StoreError> {
    let bytes = read_bounded(path)?;
    check_bytes_with(&bytes, envelope::open_deep).map_err(|p| StoreError::bad(path, p))
}

pub fn check_bytes(bytes: &[u8]) -> Result<FileReport, Problem> {
    check_bytes_with(bytes, envelope::open)
}

fn check_bytes_with(
    bytes: &[u8],
    open: fn(&[u8]) -> Result<Opened, Problem>,
) -> Result<FileReport, Problem> {
    let text = envelope::as_text(bytes)?;
    let probe: Probe = serde_json::from_str(text).map_err(|e| Problem::from_json(e, None))?;
    match (probe.format.as_deref(), probe.data_kind) {
        (Some(envelope::FORMAT), _) => {
            let o = open(bytes)?;
            Ok(FileReport::Save {
                kind: o.kind,
                summary: o.summary,
                version: o.file_version,
            })
        }
        (Some(BUNDLE_FORMAT), _) => {
            let opened = open_bundle(text)?;
            Ok(FileReport::Bundle {
                saves: opened
                    .into_iter()
                    .map(|(id, o)| (id, o.kind, o.summary))
                    .collect(),
            })
        }
        (_, Some(data_kind)) => {
            let summary = crate::games::check_data(&data_kind, text)
                .map_err(|e| Problem::Invalid(super::read::clean_text(&e.to_string())))?;
            Ok(FileReport::Data {
                data_kind: super::read::clean_text(&data_kind),
                summary: super::read::clean_text(&summary),
            })
        }
        (format, None) => Err(Problem::NotTablemate(format.map(str::to_string))),
    }
}

fn open_bundle(text: &str) -> Result<Vec<(String, Opened)>, Problem> {
    let bundle: Bundle = serde_json::from_str(text).map_err(|e| Problem::from_json(e, None))?;
    if bundle.version != 1 {
        return Err(Problem::UnknownVersion(u64::from(bundle.version)));
    }
    let mut out = Vec::new();
    let mut seen = crate::datafile::FirstSeen::new();
    for (i, entry) in bundle.saves.into_iter().enumerate() {
        if !super::valid_id(&entry.id) {
            return Err(Problem::Invalid(format!(
                "save {} in the bundle has a bad id {:?} (up to {} letters, digits, '-' and '_', \
                 not starting with '-', not a device name such as \"con\")",
                i + 1,
                entry.id,
                super::MAX_ID_LEN
            )));
        }
        if let Some(first) = seen.again(entry.id.clone(), i) {
            return Err(Problem::Invalid(format!(
                "save {} in the bundle has the id {:?}, already used by save {} in it",
                i + 1,
                entry.id,
                first + 1
            )));
        }
        let opened = envelope::open(entry.envelope.get().as_bytes()).map_err(|p| {
            Problem::Invalid(format!("save {} ({}) in the bundle: {p}", i + 1, entry.id))
        })?;
        out.push((entry.id, opened));
    }
    Ok(out)
}

impl Store {
    /// Copies save `id` to `dest`. Refuses to replace an existing file unless `overwrite`.
    pub fn export(&self, id: &str, dest: &Path, overwrite: bool) -> Result<(), StoreError> {
        let src = self.save_path(id)?;
        if !super::read::present(&src) {
            return Err(StoreError::NotFound(id.to_string()));
        }
        self.refuse_inside(dest)?;
        let bytes = super::read::read(&src, super::read::Links::Refuse)?;
        envelope::open(&bytes).map_err(|p| StoreError::bad(&src, p))?;
        write_export(dest, &bytes, overwrite)
    }

    /// Writes every good save into bundles: one file at `dest` when they fit in the 64 MB a
    /// bundle may hold (what `import` reads), else several, `STEM-1.EXT`, `STEM-2.EXT`... each
    /// within it. Saves are read one bundle at a time, never all at once. Says how many saves
    /// went into which files; a save too large to go in any bundle is refused by name before
    /// anything is written (it exports alone with `export`).
    pub fn export_all(&self, dest: &Path, overwrite: bool) -> Result<Exported, StoreError> {
        self.export_all_within(dest, overwrite, envelope::MAX_FILE_BYTES)
    }

    /// [`Store::export_all`] with bundles of at most `bound` bytes (tests use a small one).
    #[doc(hidden)]
    pub fn export_all_within(
        &self,
        dest: &Path,
        overwrite: bool,
        bound: u64,
    ) -> Result<Exported, StoreError> {
        self.refuse_inside(dest)?;
        // Planned by the files' sizes: which saves go together, so the file names are known
        // (and checked against overwriting) before the first is written.
        let mut groups: Vec<Vec<(String, std::path::PathBuf)>> = vec![Vec::new()];
        let mut used = BUNDLE_HEAD;
        for listing in self.list() {
            if listing.kind().is_none() {
                continue;
            }
            let len = std::fs::symlink_metadata(&listing.path)
                .map_err(|e| StoreError::io(&listing.path, e))?
                .len();
            let cost = entry_cost(&listing.id, len);
            if BUNDLE_HEAD.saturating_add(cost) > bound {
                return Err(StoreError::bad(
                    &listing.path,
                    Problem::OverBound(format!(
                        "save {} is {len} bytes: with a bundle's own text it passes the {bound} bytes a \
                         bundle may hold, so export-all wrote nothing; export it alone (tablemate \
                         export {} FILE) and the others after moving it aside",
                        listing.id, listing.id
                    )),
                ));
            }
            if used.saturating_add(cost) > bound
                && let Some(last) = groups.last()
                && !last.is_empty()
            {
                groups.push(Vec::new());
                used = BUNDLE_HEAD;
            }
            used = used.saturating_add(cost);
            if let Some(last) = groups.last_mut() {
                last.push((listing.id, listing.path));
            }
        }
        let files: Vec<std::path::PathBuf> = match groups.len() {
            1 => vec![dest.to_path_buf()],
            n => (1..=n).map(|i| numbered(dest, i)).collect(),
        };
        if !overwrite && let Some(taken) = files.iter().find(|f| super::read::present(f)) {
            return Err(StoreError::Exists {
                path: taken.clone(),
            });
        }
        let mut count = 0;
        for (group, file) in groups.iter().zip(&files) {
            let mut texts = Vec::new();
            for (id, path) in group {
                let bytes = super::read::read(path, super::read::Links::Refuse)?;
                let text = String::from_utf8(bytes)
                    .map_err(|_| StoreError::bad(path, Problem::NotUtf8 { offset: 0 }))?;
                texts.push((id, text));
            }
            let mut saves = Vec::new();
            for (id, text) in &texts {
                let raw: &RawValue = serde_json::from_str(text)
                    .map_err(|e| StoreError::Encode(format!("{id}: {e}")))?;
                saves.push(BundleEntry {
                    id: id.to_string(),
                    envelope: raw,
                });
            }
            count += saves.len();
            let bundle = Bundle {
                format: BUNDLE_FORMAT.into(),
                version: 1,
                saves,
            };
            let bytes = serde_json::to_vec_pretty(&bundle)
                .map_err(|e| StoreError::Encode(e.to_string()))?;
            if bytes.len() as u64 > bound {
                // A save grew between the plan and the read.
                return Err(StoreError::bad(
                    file,
                    Problem::OverBound(format!(
                        "this bundle would be {} bytes, more than the {bound} a bundle may hold \
                         (a save changed while exporting): export again",
                        bytes.len()
                    )),
                ));
            }
            write_export(file, &bytes, true)?;
        }
        Ok(Exported {
            saves: count,
            files,
        })
    }

    /// Imports a save or a bundle. Every save in the file is validated first; if any fails,
    /// nothing is imported. An id already in use gets a fresh one: nothing is overwritten.
    pub fn import(&self, path: &Path) -> Result<Vec<Imported>, StoreError> {
        self.writable()?;
        let bytes = read_bounded(path)?;
        let report = check_bytes(&bytes).map_err(|p| StoreError::bad(path, p))?;
        let text = envelope::as_text(&bytes).map_err(|p| StoreError::bad(path, p))?;
        let items: Vec<(String, Vec<u8>, Kind, String)> = match report {
            FileReport::Save { kind, summary, .. } => {
                let stem = path
                    .file_stem()
                    .map(|s| sanitize_id(&s.to_string_lossy()))
                    .unwrap_or_default();
                let id = if stem.is_empty() {
                    self.new_id(kind)
                } else {
                    stem
                };
                vec![(id, bytes.clone(), kind, summary)]
            }
            FileReport::Bundle { .. } => {
                let bundle: Bundle = serde_json::from_str(text)
                    .map_err(|e| StoreError::bad(path, Problem::from_json(e, None)))?;
                let opened = open_bundle(text).map_err(|p| StoreError::bad(path, p))?;
                bundle
                    .saves
                    .iter()
                    .zip(opened)
                    .map(|(entry, (id, o))| {
                        (
                            id,
                            entry.envelope.get().as_bytes().to_vec(),
                            o.kind,
                            o.summary,
                        )
                    })
                    .collect()
            }
            FileReport::Data { data_kind, .. } => {
                return Err(StoreError::bad(
                    path,
                    Problem::Invalid(format!(
                        "this is a {data_kind} data file, not a save: put it in the data folder to use it"
                    )),
                ));
            }
        };
        // Every target is chosen before the first file is written: ids, renames and
        // collisions (with saves here and within the file) are settled, so a refusal
        // changes nothing.
        let mut plan: Vec<(Imported, Option<Vec<u8>>)> = Vec::new();
        let mut taken = std::collections::HashSet::new();
        for (wanted, bytes, kind, summary) in items {
            let mut id = wanted.clone();
            let mut n = 2;
            let mut renamed = false;
            let mut already_here = false;
            loop {
                let target = self.save_path(&id)?;
                if !taken.contains(&id) {
                    if !super::read::present(&target) {
                        break;
                    }
                    let here = super::read::read(&target, super::read::Links::Refuse).ok();
                    if here.as_deref() == Some(bytes.as_slice()) {
                        // Already here, byte for byte: importing again changes nothing.
                        already_here = true;
                        break;
                    }
                }
                let suffix = format!("-imported-{n}");
                let stem: String = wanted
                    .chars()
                    .take(super::MAX_ID_LEN - suffix.len())
                    .collect();
                id = format!("{stem}{suffix}");
                n += 1;
                renamed = true;
            }
            taken.insert(id.clone());
            let item = Imported {
                id,
                kind,
                summary,
                renamed,
            };
            plan.push((item, (!already_here).then_some(bytes)));
        }
        let mut written: Vec<std::path::PathBuf> = Vec::new();
        for (item, bytes) in &plan {
            let Some(bytes) = bytes else { continue };
            let target = self.save_path(&item.id)?;
            if let Err(e) = atomic::write(&target, bytes) {
                // All or nothing: what this import wrote so far goes again.
                for path in &written {
                    let _ = std::fs::remove_file(path);
                }
                return Err(StoreError::io(&target, e));
            }
            written.push(target);
        }
        Ok(plan.into_iter().map(|(item, _)| item).collect())
    }

    /// Refuses an export into the store's own folders: it would bypass the backups and the
    /// damaged-file rule (`export --force` over a save).
    fn refuse_inside(&self, dest: &Path) -> Result<(), StoreError> {
        let parent = match dest.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        let Ok(parent) = parent.canonicalize() else {
            return Ok(());
        };
        for own in [self.saves_dir(), self.root.join("backups")] {
            if let Ok(own) = own.canonicalize()
                && parent.starts_with(&own)
            {
                return Err(StoreError::bad(
                    dest,
                    Problem::Invalid(
                        "this is inside Tablemate's own saves or backups: export elsewhere, \
                         or use restore"
                            .into(),
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// What `export_all` wrote: how many saves, in which bundle files (one, or several when they
/// pass what one bundle may hold).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    pub saves: usize,
    pub files: Vec<std::path::PathBuf>,
}

/// A bundle's own text around its saves (format, version, brackets), with room to spare.
const BUNDLE_HEAD: u64 = 256;

/// What one save of `len` bytes adds to a bundle: the file as it is, its id and the text
/// around them (indentation, keys, commas), with room to spare.
fn entry_cost(id: &str, len: u64) -> u64 {
    len.saturating_add(2 * id.len() as u64 + 64)
}

/// `dest` with `-N` before its extension: `all.json` becomes `all-2.json`.
fn numbered(dest: &Path, n: usize) -> std::path::PathBuf {
    let stem = dest
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "tablemate-saves".into());
    let name = match dest.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    dest.with_file_name(name)
}

pub(super) fn write_export(dest: &Path, bytes: &[u8], overwrite: bool) -> Result<(), StoreError> {
    if bytes.len() as u64 > envelope::MAX_FILE_BYTES {
        return Err(StoreError::bad(dest, Problem::TooLarge(bytes.len() as u64)));
    }
    if super::read::present(dest) && !overwrite {
        return Err(StoreError::Exists {
            path: dest.to_path_buf(),
        });
    }
    // A crash during an earlier export left its temporary file here: sweep those of this
    // file name (and only of writers no longer running) before writing again.
    if let (Some(dir), Some(name)) = (dest.parent(), dest.file_name()) {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        atomic::sweep(dir, Some(&name.to_string_lossy()));
    }
    atomic::write(dest, bytes).map_err(|e| StoreError::io(dest, e))
}

/// A save id made from a file name: other characters become '-', a leading '-' is dropped
/// (a command line would read it as an option), a Windows device name gets a `save-` prefix,
/// and it is cut to [`super::MAX_ID_LEN`].
pub(crate) fn sanitize_id(s: &str) -> String {
    let id: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let id = id.trim_start_matches('-');
    let id: String = id.chars().take(super::MAX_ID_LEN).collect();
    if id.is_empty() || super::valid_id(&id) {
        id
    } else {
        format!("save-{id}")
            .chars()
            .take(super::MAX_ID_LEN)
            .collect()
    }
}
