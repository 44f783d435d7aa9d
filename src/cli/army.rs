//! Placeholder subcommands until this game's issue lands.

use std::path::Path;

use clap::Subcommand;

use super::Output;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Not built yet.
    Status,
}

pub fn execute(command: Command, _root: &Path) -> Output {
    match command {
        Command::Status => Output::ok("coming soon\n"),
    }
}
