//! The headless command line: the same engines and store as the window, for scripting, quick
//! lookups and tests. `--json` output is stable and documented in docs/ (a manual per game).
//!
//! Each game's subcommands live in `cli/<game>.rs`; this file holds the shared ones.

mod act;
mod check;
mod cite;
mod output;
pub mod plays;
mod rules_search;
mod saves;
#[cfg(feature = "host")]
mod serve;

pub use output::Output;
pub(crate) use output::{open_save, open_store};
pub(crate) use saves::LIST_TITLE_CHARS;
use saves::{exported, list, report};

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::store::Store;

#[derive(Debug, Parser)]
#[command(
    name = "tablemate",
    version,
    about = "Tablemate: runs board-game AI opponents and keeps the books.",
    long_about = "Tablemate: runs board-game AI opponents and keeps the books.\n\n\
        With no subcommand it opens the window; `tablemate open ID-OR-FILE` opens it on that \
        save (a file is imported first). Data lives in $TABLEMATE_HOME if set, \
        else in the platform's data folder (see `tablemate where`)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List saved games and campaigns, newest first (damaged files too).
    List {
        #[arg(long)]
        json: bool,
    },
    /// Copy save ID to PATH (refuses to overwrite unless --force).
    Export {
        id: String,
        path: PathBuf,
        #[arg(long)]
        force: bool,
    },
    /// Export every save into one bundle file.
    ExportAll {
        path: PathBuf,
        #[arg(long)]
        force: bool,
    },
    /// Import a save or bundle after validating it (never overwrites an existing save).
    Import { path: PathBuf },
    /// Validate a save (by its ID or its file), a bundle or a data file and explain any
    /// problem. An existing file is checked as a file; anything else is a save's ID.
    Check {
        #[arg(value_name = "ID|PATH")]
        target: String,
        #[arg(long)]
        json: bool,
        /// Also rebuild and validate every history entry of a save, not only the current
        /// state (the changes are checked in full whenever the file was not written by
        /// Tablemate as it is).
        #[arg(long)]
        deep: bool,
    },
    /// Replay a save's recorded actions from its first entry and say where they diverge
    /// from the stored states. An existing file is read as a file, anything else as a save's ID.
    Replay {
        #[arg(value_name = "FILE|ID")]
        target: String,
    },
    /// List the backups of save ID.
    Backups { id: String },
    /// Restore backup NAME of save ID (the replaced version is kept as a backup).
    Restore { id: String, name: String },
    /// Give save ID the title TITLE (what the saved games list shows; at most 200
    /// characters, one line; empty: the list shows the game's summary). Not a history entry:
    /// the game is unchanged, and the version before is kept as a backup.
    Rename { id: String, title: String },
    /// Print the data folder in use (first line) and the log file for bug reports.
    Where,
    /// Write one file to attach to a bug report: version, OS, the log, the crash reports and,
    /// with ID, that save with the text players typed replaced. Nothing is sent anywhere.
    Report {
        id: Option<String>,
        /// The file to write, or a folder to write it into (default: the current folder).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Apply one action to save ID, as the app would (JSON, the game's action form: see
    /// docs/cli.md). `-` reads one action per line from standard input and stops at the first
    /// refusal, keeping what was applied before it.
    Act {
        id: String,
        action: String,
        /// Furtherance: after the labels, every step the actions made with why it happened
        /// and what the rules ruled out (as `tablemate furtherance why`).
        #[arg(long)]
        explain: bool,
        /// After a refusal (and, with --explain, after the explanations), the rules digest
        /// entry each one cites: title, page and summary.
        #[arg(long)]
        rules: bool,
    },
    /// Answer the question save ID is waiting on with option N (1-based): `act` with
    /// {"action":"answer","option":N}.
    Answer {
        id: String,
        #[arg(value_parser = clap::value_parser!(u64).range(1..))]
        option: u64,
        /// After a refusal, the rules digest entry it cites.
        #[arg(long)]
        rules: bool,
    },
    /// Undo the last N actions of save ID (default 1; all or none).
    Undo {
        id: String,
        #[arg(default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        steps: u64,
    },
    /// Redo the last undone action of save ID.
    Redo { id: String },
    /// The history of save ID, newest first, the current entry marked.
    History {
        id: String,
        #[arg(long)]
        json: bool,
    },
    /// Share save ID with the table's phones until Ctrl+C (docs/table-network.md). The first
    /// line printed is the seats and their links as JSON; QR codes go to standard error.
    #[cfg(feature = "host")]
    Serve {
        id: String,
        /// Address and port to listen on (default 0.0.0.0:8765: every interface).
        #[arg(long)]
        listen: Option<String>,
    },
    /// The record of finished games and Near and Far sessions, oldest first (docs/plays.md);
    /// `plays export --csv FILE` writes it for a spreadsheet.
    Plays {
        #[command(subcommand)]
        command: Option<plays::PlaysCommand>,
        /// Only this game (its slug: furtherance, near-and-far, ...).
        #[arg(long)]
        game: Option<String>,
        /// Each play as JSON, with its BG Stats link as `bg_stats`.
        #[arg(long)]
        json: bool,
    },
    /// Statistics of the record of plays: per month, per player, per difficulty, map and
    /// board (docs/plays.md).
    Stats {
        #[arg(long)]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Write the session sheet of save ID: one printable page (tonight's changes, the sheets,
    /// what comes next, the phones' address, a restore code). HTML, or a PDF (by the system's
    /// headless Chromium) when FILE ends in .pdf. Default FILE: ID-recap.html here.
    Recap {
        id: String,
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// `open ID-OR-FILE-OR-CODE` opens the window on it (a save, a file imported first, or a
    /// session sheet's restore code such as K7QD-2MXA, which puts that save back as it was on
    /// the sheet). Without the window (a build without it, or `--no-window`), a restore code
    /// is put back here, the version it replaces kept as a pinned backup, and the save is
    /// named by its title.
    Open {
        code: String,
        /// Put the state back without opening the window (on a machine with no display).
        #[arg(long)]
        no_window: bool,
    },
    /// Rules lookup: `rules search WORDS`, or `rules GAME ID` for one entry by its id (the id a
    /// refusal's `--rules` or a "Why?" line cites).
    #[command(args_conflicts_with_subcommands = true)]
    Rules {
        #[command(subcommand)]
        command: Option<RulesCommand>,
        /// The game's slug (furtherance, worldspanner, near-and-far, furnace-duel, army).
        game: Option<String>,
        /// The entry's id ("solo-move-order").
        id: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// A game's own subcommands (`tablemate furtherance ...`, `tablemate army ...`).
    #[command(flatten)]
    Game(GameCommand),
}

/// Declares each game's CLI module and its subcommand from the one list of games
/// (crates/core/src/games/list.rs): the variant is the game's `Kind` (its kebab-case name is
/// the subcommand and the game's slug), the module is `cli::<module>`, with the list's help line.
macro_rules! game_commands {
    ($($variant:ident {
        module: $module:ident,
        slug: $slug:literal,
        title: $title:literal,
        blurb: $blurb:literal,
        help: $help:literal $(,)?
    })+) => {
        $(mod $module;)+

        #[derive(Debug, Subcommand)]
        pub enum GameCommand {
            $(
                #[doc = $help]
                $variant {
                    #[command(subcommand)]
                    command: $module::Command,
                },
            )+
        }

        impl GameCommand {
            fn execute(self, root: &std::path::Path) -> Output {
                match self {
                    $(GameCommand::$variant { command } => $module::execute(command, root),)+
                }
            }
        }
    };
}

crate::for_each_game!(game_commands);

#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Search the rules digest (typo-tolerant).
    Search {
        words: Vec<String>,
        /// Only this game (its slug: furtherance, worldspanner, ...).
        #[arg(long)]
        game: Option<String>,
        #[arg(long)]
        json: bool,
    },
}

/// Parses `args` (program name first) and runs the command, printing its output.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let out = execute(cli.command, &Store::default_root()).for_terminal();
    let _ = std::io::stdout().write_all(out.stdout.as_bytes());
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    ExitCode::from(out.code)
}

/// Runs a parsed command against the data folder `root`.
pub fn execute(command: Command, root: &std::path::Path) -> Output {
    execute_with_input(command, root, &mut std::io::stdin().lock())
}

/// Runs the command line `args` (without the program name) against the data folder `root`,
/// `input` standing for standard input: what scripts embedding Tablemate and the tests call.
/// A command line clap refuses gives its message on stderr and code 2, as the binary does.
pub fn run_in(root: &std::path::Path, args: &[&str], input: &str) -> Output {
    let full = std::iter::once("tablemate").chain(args.iter().copied());
    match Cli::try_parse_from(full) {
        Ok(cli) => execute_with_input(cli.command, root, &mut input.as_bytes()),
        Err(e) => Output {
            stdout: String::new(),
            stderr: e.to_string(),
            code: if e.use_stderr() { 2 } else { 0 },
        },
    }
}

/// Runs a parsed command; `tablemate act ID -` reads its actions from `input`.
pub fn execute_with_input(
    command: Command,
    root: &std::path::Path,
    input: &mut dyn std::io::BufRead,
) -> Output {
    let open = || Store::open(root).map_err(|e| Output::fail(format!("tablemate: {e}\n")));
    match command {
        Command::Where => {
            let log = crate::store::log::path_in(root);
            let note = crate::store::log::problem(&log)
                .map(|p| format!(" (not written: {p})"))
                .unwrap_or_default();
            Output::ok(format!(
                "{}\nlog: {}{note}\n",
                root.display(),
                log.display()
            ))
        }
        Command::Report { id, out, force } => match open() {
            Ok(store) => report(&store, id.as_deref(), out.as_deref(), force),
            Err(o) => o,
        },
        Command::List { json } => match open() {
            Ok(store) => list(&store, json),
            Err(o) => o,
        },
        Command::Export { id, path, force } => match open() {
            Ok(store) => match store.export(&id, &path, force) {
                Ok(()) => Output::ok(format!("exported {id} to {}\n", path.display())),
                Err(e) => Output::fail(format!("tablemate: {e}\n")),
            },
            Err(o) => o,
        },
        Command::ExportAll { path, force } => match open() {
            Ok(store) => match store.export_all(&path, force) {
                Ok(e) => Output::ok(exported(&e)),
                Err(e) => Output::fail(format!("tablemate: {e}\n")),
            },
            Err(o) => o,
        },
        Command::Import { path } => match open() {
            Ok(store) => match store.import(&path) {
                Ok(items) => {
                    let mut s = String::new();
                    for i in items {
                        s += &format!(
                            "imported {} ({}){}: {}\n",
                            i.id,
                            i.kind,
                            if i.renamed {
                                ", renamed: the id was taken"
                            } else {
                                ""
                            },
                            i.summary
                        );
                    }
                    Output::ok(s)
                }
                Err(e) => Output::fail(format!("tablemate: {e}\n")),
            },
            Err(o) => o,
        },
        Command::Check { target, json, deep } => check::check(root, &target, json, deep),
        Command::Replay { target } => check::replay(root, &target),
        Command::Backups { id } => match open() {
            Ok(store) => match store.backups(&id) {
                Ok(list) if list.is_empty() => Output::ok(format!("{id} has no backups\n")),
                Ok(list) => {
                    let mut s = String::new();
                    for b in list {
                        match &b.content {
                            Ok((kind, at, summary)) => {
                                s += &format!(
                                    "{}  {} ({kind}) {summary}\n",
                                    b.name,
                                    at.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M")
                                )
                            }
                            Err(p) => s += &format!("{}  damaged: {p}\n", b.name),
                        }
                    }
                    Output::ok(s)
                }
                Err(e) => Output::fail(format!("tablemate: {e}\n")),
            },
            Err(o) => o,
        },
        Command::Restore { id, name } => match open() {
            Ok(store) => match store.restore_backup(&id, &name) {
                Ok(Some(prev)) => Output::ok(format!(
                    "restored {id} from {name}; the version it replaced is backup {prev}\n"
                )),
                Ok(None) => Output::ok(format!("restored {id} from {name}\n")),
                Err(e) => Output::fail(format!("tablemate: {e}\n")),
            },
            Err(o) => o,
        },
        Command::Rename { id, title } => match open() {
            Ok(store) => match store.rename(&id, &title) {
                Ok(old) => {
                    let new = title.trim();
                    let shown = |t: &str| {
                        if t.is_empty() {
                            "(no title)".to_string()
                        } else {
                            format!("{t:?}")
                        }
                    };
                    Output::ok(format!("renamed {id}: {} -> {}\n", shown(&old), shown(new)))
                }
                Err(e) => Output::fail(format!("tablemate: {e}\n")),
            },
            Err(o) => o,
        },
        Command::Act {
            id,
            action,
            explain,
            rules,
        } => match act::read_actions(&action, input) {
            Ok(actions) if explain => act::act_explained(root, &id, &actions, rules),
            Ok(actions) => act::act(root, &id, &actions, rules),
            Err(e) => Output::fail(format!("tablemate: {e}\n")),
        },
        Command::Answer { id, option, rules } => {
            act::act(root, &id, &[act::answer_action(option as usize)], rules)
        }
        Command::Undo { id, steps } => act::undo(root, &id, steps as usize),
        Command::Redo { id } => act::redo(root, &id),
        Command::History { id, json } => act::history(root, &id, json),
        #[cfg(feature = "host")]
        Command::Serve { id, listen } => serve::serve(root, &id, listen.as_deref(), input),
        Command::Plays {
            command,
            game,
            json,
        } => match command {
            None => plays::list(root, game.as_deref(), json),
            Some(plays::PlaysCommand::Export {
                csv,
                game: export_game,
                force,
            }) => plays::export(root, &csv, export_game.or(game).as_deref(), force),
        },
        Command::Stats { game, json } => plays::stats(root, game.as_deref(), json),
        Command::Recap { id, out, force } => plays::recap(root, &id, out, force),
        Command::Open { code, .. } => plays::open_code(root, &code),
        Command::Rules {
            command: Some(command),
            ..
        } => rules_search::rules_command(command, root),
        Command::Rules {
            command: None,
            game: Some(game),
            id: Some(id),
            json,
        } => cite::show(root, &game, &id, json),
        Command::Rules { .. } => Output::fail(
            "tablemate: rules search WORDS, or rules GAME ID for one entry (tablemate rules --help)\n",
        ),
        Command::Game(command) => command.execute(root),
    }
}
