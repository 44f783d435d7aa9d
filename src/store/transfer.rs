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

pub fn check_bytes(bytes: &[u8]) -> Result<FileReport, Problem> {
    let text = envelope::as_text(bytes)?;
    let probe: Probe = serde_json::from_str(text).map_err(|e| Problem::from_json(e, None))?;
    match (probe.format.as_deref(), probe.data_kind) {
        (Some(envelope::FORMAT), _) => {
            let o = envelope::open(bytes)?;
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
            let summary = crate::datafile::check(&data_kind, text)?;
            Ok(FileReport::Data { data_kind, summary })
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
    for (i, entry) in bundle.saves.into_iter().enumerate() {
        if super::check_id(&entry.id).is_err() {
            return Err(Problem::Invalid(format!(
                "save {} in the bundle has a bad id {:?}",
                i + 1,
                entry.id
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
        if !src.exists() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        super::read_envelope(&src)?;
        let bytes = std::fs::read(&src).map_err(|e| StoreError::io(&src, e))?;
        write_export(dest, &bytes, overwrite)
    }

    /// Writes every good save into one bundle file at `dest`; returns how many it holds.
    pub fn export_all(&self, dest: &Path, overwrite: bool) -> Result<usize, StoreError> {
        let mut texts = Vec::new();
        for listing in self.list() {
            if listing.kind().is_some() {
                let bytes = read_bounded(&listing.path)?;
                let text = String::from_utf8(bytes)
                    .map_err(|_| StoreError::bad(&listing.path, Problem::NotUtf8 { offset: 0 }))?;
                texts.push((listing.id, text));
            }
        }
        let mut saves = Vec::new();
        for (id, text) in &texts {
            let raw: &RawValue =
                serde_json::from_str(text).map_err(|e| StoreError::Encode(format!("{id}: {e}")))?;
            saves.push(BundleEntry {
                id: id.clone(),
                envelope: raw,
            });
        }
        let count = saves.len();
        let bundle = Bundle {
            format: BUNDLE_FORMAT.into(),
            version: 1,
            saves,
        };
        let bytes =
            serde_json::to_vec_pretty(&bundle).map_err(|e| StoreError::Encode(e.to_string()))?;
        write_export(dest, &bytes, overwrite)?;
        Ok(count)
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
        let mut imported = Vec::new();
        for (wanted, bytes, kind, summary) in items {
            let mut id = wanted.clone();
            let mut n = 2;
            let mut renamed = false;
            let mut already_here = false;
            loop {
                let target = self.save_path(&id)?;
                if !target.exists() {
                    break;
                }
                if std::fs::read(&target).ok().as_deref() == Some(bytes.as_slice()) {
                    // Already here, byte for byte: importing again changes nothing.
                    already_here = true;
                    break;
                }
                id = format!("{wanted}-imported-{n}");
                n += 1;
                renamed = true;
            }
            if !already_here {
                let target = self.save_path(&id)?;
                atomic::write(&target, &bytes).map_err(|e| StoreError::io(&target, e))?;
            }
            imported.push(Imported {
                id,
                kind,
                summary,
                renamed,
            });
        }
        Ok(imported)
    }
}

pub(super) fn write_export(dest: &Path, bytes: &[u8], overwrite: bool) -> Result<(), StoreError> {
    if dest.exists() && !overwrite {
        return Err(StoreError::Exists {
            path: dest.to_path_buf(),
        });
    }
    atomic::write(dest, bytes).map_err(|e| StoreError::io(dest, e))
}

fn sanitize_id(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(100)
        .collect()
}
