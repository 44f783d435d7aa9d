//! No arguments: open the Tablemate window. A subcommand: run it headless and exit.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `tablemate open ID-OR-FILE`: the window, on that save (the desktop entry's %f);
    // `--no-window` puts a restore code back headless instead (the CLI's `open`).
    #[cfg(feature = "gui")]
    if args.len() <= 3
        && args.get(1).is_some_and(|a| a == "open")
        && !args.iter().any(|a| a == "--no-window")
    {
        let target = args.get(2).map(|a| a.to_string_lossy().into_owned());
        return tablemate::gui::startup::run_opening(target);
    }
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
