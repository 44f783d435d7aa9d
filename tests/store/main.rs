//! Fault tests of the store (`cargo test --test store`): each test is named after the promise it proves.
//!
//! - A save killed at any point leaves the old or the new version, whole, never a mix.
//! - A damaged file is reported with its path and the reason, listed as damaged, and never
//!   overwritten or changed.
//! - A second instance opens read-only, names the holder, and never writes.
//! - Backups are bounded, restores and deletions can be undone, imports validate everything
//!   first and never overwrite, exports never overwrite unasked.
//! - Old save formats are migrated on load; unknown future ones are refused.
//! - The CLI exposes all of it.

mod backups;
mod cli;
mod common;
mod corpus;
mod crash;
mod explained;
mod fs_faults;
mod hostile;
mod lock;
mod migration;
mod plays;
#[path = "../shared/mod.rs"]
mod shared;
mod size;
mod transfer;
mod versions;
mod written;
