//! Starting the window safely. With no display (or no way to open a window) the app says so in
//! one line, points to the command line, and exits non-zero: no panic text, no backtrace. Any
//! other panic writes a report file into the data folder and names it in one line.

use std::panic::{self, PanicHookInfo};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::store::Store;

/// Exit code when no window can be opened (no display, no driver).
pub const NO_DISPLAY: u8 = 2;
/// Exit code after a crash (as Rust's own panics).
pub const CRASHED: u8 = 101;

/// Set once the hook has told the player what happened, so `main` adds nothing.
static TOLD: AtomicBool = AtomicBool::new(false);

/// Why no window can be opened before trying, if the environment already says so.
pub fn missing_display() -> Option<&'static str> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return None;
    }
    let set = |name| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") || set("WAYLAND_DISPLAY") || set("WAYLAND_SOCKET") {
        None
    } else {
        Some("no display (neither DISPLAY nor WAYLAND_DISPLAY is set)")
    }
}

/// The one line for a missing display or driver.
pub fn no_window_line(reason: &str) -> String {
    format!(
        "tablemate: cannot open a window: {reason}. Use the command line instead: `tablemate --help` (e.g. `tablemate list`)."
    )
}

/// Whether a panic comes from failing to open the window or its renderer (winit's event loop,
/// the compositor), not from the app.
fn is_window_failure(message: &str) -> bool {
    [
        "Create event loop",
        "XOpenDisplayFailed",
        "compositor",
        "No available adapter",
    ]
    .iter()
    .any(|m| message.contains(m))
}

/// What the player needs to know from winit's error, in words.
fn window_failure_reason(text: &str) -> String {
    if text.contains("XOpenDisplayFailed") {
        let display = std::env::var("DISPLAY").unwrap_or_default();
        format!("the X display \"{display}\" cannot be reached (is the X server running?)")
    } else {
        let first = text.lines().next().unwrap_or("");
        first.trim_start_matches("Create event loop: ").to_string()
    }
}

fn message(info: &PanicHookInfo<'_>) -> String {
    info.payload()
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| info.payload().downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// What the player is told after a crash: where the report is, and the one command that
/// gathers it with the log (and a save, its typed text replaced) into one file to attach
/// (docs/store.md, "Bug reports").
pub fn crashed_line(report: &std::path::Path) -> String {
    format!(
        "tablemate: an internal error stopped the app; the report is {}. To file a bug, run \
         `tablemate report` (or `tablemate report ID` for the game it happened in): it writes \
         one file with the version, the log and the crash reports, names typed into saves \
         replaced, and sends nothing anywhere. Attach that file.",
        report.display()
    )
}

/// Replaces Rust's panic printout: a window failure becomes the one no-window line; anything
/// else writes a crash report and names it.
fn hook(info: &PanicHookInfo<'_>) {
    let text = message(info);
    if is_window_failure(&text) {
        let reason = window_failure_reason(&text);
        eprintln!("{}", no_window_line(&reason));
        crate::store::log::error(&format!("no window: {reason}"));
    } else {
        let report = format!(
            "Tablemate {} crashed at {}\n\n{}\nat {}\n\n{}\n",
            env!("CARGO_PKG_VERSION"),
            chrono::Utc::now().to_rfc3339(),
            text,
            info.location().map(|l| l.to_string()).unwrap_or_default(),
            std::backtrace::Backtrace::force_capture()
        );
        match crate::store::log::crash_report(&Store::default_root(), &report) {
            Ok(path) => eprintln!("{}", crashed_line(&path)),
            Err(e) => eprintln!(
                "tablemate: an internal error stopped the app ({text}); the report could not be written: {e}"
            ),
        }
    }
    TOLD.store(true, Ordering::SeqCst);
}

/// Runs the window with the guard in place and turns the outcome into an exit code.
pub fn run() -> ExitCode {
    run_opening(None)
}

/// [`run`] on save `target` (`tablemate open ID-OR-FILE`).
pub fn run_opening(target: Option<String>) -> ExitCode {
    if let Some(reason) = missing_display() {
        eprintln!("{}", no_window_line(reason));
        return ExitCode::from(NO_DISPLAY);
    }
    panic::set_hook(Box::new(hook));
    match panic::catch_unwind(move || super::run_opening(target)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            let reason = window_failure_reason(&e.to_string());
            crate::store::log::error(&format!("no window: {reason}"));
            eprintln!("{}", no_window_line(&reason));
            ExitCode::from(NO_DISPLAY)
        }
        Err(payload) => {
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            if !TOLD.load(Ordering::SeqCst) {
                eprintln!("tablemate: an internal error stopped the app: {text}");
            }
            ExitCode::from(if is_window_failure(&text) {
                NO_DISPLAY
            } else {
                CRASHED
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crash_line_names_the_report_and_points_to_tablemate_report() {
        let line = crashed_line(std::path::Path::new("/data/crash-20260101-000000.txt"));
        assert!(line.contains("/data/crash-20260101-000000.txt"), "{line}");
        assert!(line.contains("`tablemate report`"), "{line}");
        assert!(line.contains("sends nothing"), "{line}");
    }

    #[test]
    fn a_failed_event_loop_is_a_window_failure_and_an_app_bug_is_not() {
        assert!(is_window_failure(
            "Create event loop: Os(OsError { error: XNotSupported(XOpenDisplayFailed) })"
        ));
        assert!(!is_window_failure("index out of bounds: the len is 3"));
        assert!(
            window_failure_reason("Os(XNotSupported(XOpenDisplayFailed))").contains("X display")
        );
    }

    #[test]
    fn the_no_window_line_is_one_line_naming_the_cause_and_the_cli() {
        let line = no_window_line("no display (neither DISPLAY nor WAYLAND_DISPLAY is set)");
        assert_eq!(line.lines().count(), 1);
        assert!(line.contains("DISPLAY") && line.contains("tablemate --help"));
    }
}
