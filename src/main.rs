//! No arguments: open the Tablemate window. A subcommand: run it headless and exit.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.len() > 1 {
        return tablemate::cli::run(args);
    }
    #[cfg(feature = "gui")]
    {
        // No display, no driver, or a crash: one line each, never a backtrace.
        tablemate::gui::startup::run()
    }
    #[cfg(not(feature = "gui"))]
    {
        eprintln!("tablemate: this build has no GUI (feature \"gui\"); see `tablemate --help`");
        ExitCode::FAILURE
    }
}
