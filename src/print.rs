//! Printing goes through the system (docs/plays.md, "The session sheet"): a sheet is written
//! as HTML, turned into a PDF by the system's headless Chromium where one is installed, and
//! opened in the system's browser or viewer, where the player prints it. Nothing here knows
//! a game; the CLI and the window both come here.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The browsers that print a PDF headless, looked up on `PATH` in this order;
/// `TABLEMATE_CHROMIUM` names one (a path or a name), `none` as if none were installed.
const CHROMIUMS: [&str; 5] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "microsoft-edge",
];

/// How long a PDF may take before the browser is stopped.
const PRINT_LIMIT: Duration = Duration::from_secs(60);

/// What to do without a headless Chromium, said after why there is none.
const INSTALL: &str = ", so no PDF was written. Install Chromium (apt-get install chromium) or \
     set TABLEMATE_CHROMIUM to a Chrome or Chromium, or write the sheet as HTML (--out \
     FILE.html) and print it from any browser";

/// Why no PDF was printed: no browser to print with (and what to install), or what the
/// browser did.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("TABLEMATE_CHROMIUM is none{}", INSTALL)]
    ChromiumNone,
    #[error("TABLEMATE_CHROMIUM names {name}, not found{}", INSTALL)]
    ChromiumNotFound { name: String },
    #[error("no headless Chromium was found on PATH ({}){}", CHROMIUMS.join(", "), INSTALL)]
    NoChromium,
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} could not be started: {source}", browser.display())]
    NotStarted {
        browser: PathBuf,
        source: std::io::Error,
    },
    #[error("{} did not finish the PDF within {} s", browser.display(), PRINT_LIMIT.as_secs())]
    TooSlow { browser: PathBuf },
    #[error(
        "{} wrote no PDF ({status}); the HTML sheet (--out FILE.html) prints from any browser",
        browser.display()
    )]
    NoPdf {
        browser: PathBuf,
        status: std::process::ExitStatus,
    },
    #[error("{} wrote something that is not a PDF", browser.display())]
    NotPdf { browser: PathBuf },
}

/// Why a file was not opened in the system's browser or viewer (the window says it where the
/// player clicked, with the path to open by hand). Clone, to travel in the window's messages.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    #[error("TABLEMATE_OPENER is none")]
    NoneSet,
    #[error("TABLEMATE_OPENER names {0}, not found")]
    NotFound(String),
    #[error("no program to open files was found ({tried})")]
    NoSystemOpener { tried: String },
    #[error("{program} could not be started: {why}")]
    NotStarted { program: String, why: String },
    #[error("{program} failed with exit status {code}")]
    Failed { program: String, code: i32 },
    #[error("{program} was stopped before it finished")]
    Stopped { program: String },
    #[error("no thread could start the opener: {0}")]
    NoThread(String),
    #[error("the opener's thread ended early")]
    ThreadEnded,
}

/// `name` as an executable file: itself when it has a slash, else the first on `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    if name.contains(std::path::MAIN_SEPARATOR) || name.contains('/') {
        let p = PathBuf::from(name);
        return p.is_file().then_some(p);
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The headless Chromium to print with, or why there is none (what to install, and that the
/// HTML sheet works without it).
pub fn chromium() -> Result<PathBuf, PrintError> {
    match std::env::var("TABLEMATE_CHROMIUM") {
        Ok(v) if v == "none" => Err(PrintError::ChromiumNone),
        Ok(v) if !v.is_empty() => on_path(&v).ok_or(PrintError::ChromiumNotFound { name: v }),
        _ => CHROMIUMS
            .iter()
            .find_map(|n| on_path(n))
            .ok_or(PrintError::NoChromium),
    }
}

/// A folder of our own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, PrintError> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("tablemate-print-{}-{nanos}", std::process::id()));
        std::fs::create_dir(&dir).map_err(|source| PrintError::Io {
            path: dir.clone(),
            source,
        })?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `html` printed to PDF (A4, the page's own `@page` size, no header or footer) by the
/// system's headless Chromium; the PDF's bytes.
pub fn pdf(html: &str) -> Result<Vec<u8>, PrintError> {
    let browser = chromium()?;
    let scratch = Scratch::new()?;
    let page = scratch.0.join("sheet.html");
    let out = scratch.0.join("sheet.pdf");
    std::fs::write(&page, html).map_err(|source| PrintError::Io {
        path: page.clone(),
        source,
    })?;
    let mut cmd = Command::new(&browser);
    cmd.arg("--headless")
        .arg("--disable-gpu")
        .arg("--no-first-run")
        .arg("--disable-background-networking")
        .arg("--disable-component-update")
        .arg("--disable-sync")
        .arg("--no-pdf-header-footer")
        // A profile of its own: never the player's running browser, which a headless run
        // would otherwise hand the page to.
        .arg(format!(
            "--user-data-dir={}",
            scratch.0.join("profile").display()
        ))
        .arg(format!("--print-to-pdf={}", out.display()))
        .arg(url_of(&page))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // Chromium refuses to run as root with its sandbox (a container, CI).
    #[cfg(unix)]
    if unsafe { libc::geteuid() } == 0 {
        cmd.arg("--no-sandbox");
    }
    let mut child = cmd.spawn().map_err(|source| PrintError::NotStarted {
        browser: browser.clone(),
        source,
    })?;
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() < PRINT_LIMIT => {
                std::thread::sleep(Duration::from_millis(50))
            }
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(PrintError::TooSlow { browser });
            }
            Err(source) => {
                return Err(PrintError::Io {
                    path: browser,
                    source,
                });
            }
        }
    };
    let bytes = std::fs::read(&out).map_err(|_| PrintError::NoPdf {
        browser: browser.clone(),
        status,
    })?;
    if !bytes.starts_with(b"%PDF") {
        return Err(PrintError::NotPdf { browser });
    }
    Ok(bytes)
}

/// A `file://` URL of an absolute path.
fn url_of(path: &Path) -> String {
    let text = path.display().to_string().replace('\\', "/");
    let mut url = String::from("file://");
    if !text.starts_with('/') {
        url.push('/');
    }
    for c in text.chars() {
        match c {
            ' ' => url.push_str("%20"),
            '#' => url.push_str("%23"),
            '?' => url.push_str("%3F"),
            '%' => url.push_str("%25"),
            c => url.push(c),
        }
    }
    url
}

/// What opening a file in the system's browser did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opened {
    /// Handed to the system's opener (it shows the file on its own).
    With(String),
    /// No opener: the player opens the file themself; why, to be said with the path.
    NoOpener(String),
}

/// The system's program that opens a file in its default application, if any;
/// `TABLEMATE_OPENER=none` stands for a system without one (tests), a path or name for
/// another program.
fn opener() -> Result<(PathBuf, Vec<String>), OpenError> {
    match std::env::var("TABLEMATE_OPENER") {
        Ok(v) if v == "none" => return Err(OpenError::NoneSet),
        Ok(v) if !v.is_empty() => return named(&v),
        _ => {}
    }
    system_opener()
}

/// The program `name` (a path, or a name on `PATH`) as the opener.
fn named(name: &str) -> Result<(PathBuf, Vec<String>), OpenError> {
    on_path(name)
        .map(|p| (p, Vec::new()))
        .ok_or_else(|| OpenError::NotFound(name.to_string()))
}

/// This system's own opener: `xdg-open` (or `gio open`), `open`, `explorer.exe`.
fn system_opener() -> Result<(PathBuf, Vec<String>), OpenError> {
    let candidates: &[(&str, &[&str])] = if cfg!(target_os = "macos") {
        &[("open", &[])]
    } else if cfg!(windows) {
        &[("explorer.exe", &[])]
    } else {
        &[("xdg-open", &[]), ("gio", &["open"])]
    };
    candidates
        .iter()
        .find_map(|(name, args)| {
            on_path(name).map(|p| (p, args.iter().map(|a| a.to_string()).collect()))
        })
        .ok_or_else(|| OpenError::NoSystemOpener {
            tried: candidates
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Whether files are handed to the system's opener: `Nothing` for a system without one
/// (`TABLEMATE_OPENER=none`, and the window's tests), which then only names the file;
/// `Program` for another program (`TABLEMATE_OPENER=PATH`, or a test's opener that fails).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opener {
    System,
    Nothing,
    Program(PathBuf),
}

impl Opener {
    /// This system's, from the environment.
    pub fn here() -> Opener {
        match std::env::var_os("TABLEMATE_OPENER") {
            Some(v) if v == "none" => Opener::Nothing,
            Some(v) if !v.is_empty() => Opener::Program(PathBuf::from(v)),
            _ => Opener::System,
        }
    }

    /// Opens `path` with this opener without waiting (see [`open_in_system`]).
    pub fn open(&self, path: &Path) -> Opened {
        match self {
            Opener::System => open_in_system(path),
            Opener::Nothing => Opened::NoOpener(OpenError::NoneSet.to_string()),
            Opener::Program(p) => match named(&p.to_string_lossy()) {
                Ok((program, args)) => spawn_detached(&program, &args, path.as_os_str()),
                Err(why) => Opened::NoOpener(why.to_string()),
            },
        }
    }

    /// Hands `target` (a file's path, or a file URL with `#page=N`) to this opener and waits
    /// for the opener to exit: `Ok` with the program's name when it exits well, else why
    /// (missing, failed to start, or its exit status). It blocks until the opener exits
    /// (`xdg-open` returns once the viewer has it): call it off the window's thread.
    /// Windows' `explorer.exe` exits with 1 even when it opened the file, so its status says
    /// nothing and is not read.
    pub fn open_waiting(&self, target: &std::ffi::OsStr) -> Result<String, OpenError> {
        let (program, args) = match self {
            Opener::System => system_opener()?,
            Opener::Nothing => return Err(OpenError::NoneSet),
            Opener::Program(p) => named(&p.to_string_lossy())?,
        };
        let shown = program.file_name().map_or_else(
            || program.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        let status = Command::new(&program)
            .args(&args)
            .arg(target)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| OpenError::NotStarted {
                program: shown.clone(),
                why: e.to_string(),
            })?;
        let explorer = shown.eq_ignore_ascii_case("explorer.exe");
        match status.code() {
            _ if status.success() || explorer => Ok(shown),
            Some(code) => Err(OpenError::Failed {
                program: shown,
                code,
            }),
            None => Err(OpenError::Stopped { program: shown }),
        }
    }
}

/// Starts `program` on `target` and reaps it on a thread of its own: returns at once.
fn spawn_detached(program: &Path, args: &[String], target: &std::ffi::OsStr) -> Opened {
    let spawned = Command::new(program)
        .args(args)
        .arg(target)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match spawned {
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
            Opened::With(program.display().to_string())
        }
        Err(e) => Opened::NoOpener(format!("{} could not be started: {e}", program.display())),
    }
}

/// The session sheet of save `id` (docs/plays.md): the phones' address with this machine's
/// (where the table network is built in) and the restore code's QR code.
// Kept String: the store's own (Store::session_sheet), shown verbatim by the window and the CLI.
pub fn session_sheet(
    store: &crate::store::Store,
    id: &str,
) -> Result<crate::store::sheets::SessionSheet, String> {
    #[cfg(feature = "host")]
    let reach: crate::store::sheets::Reach<'_> = Some(&crate::host::reachable_ip);
    #[cfg(not(feature = "host"))]
    let reach: crate::store::sheets::Reach<'_> = None;
    store.session_sheet(id, reach, &qr_modules)
}

/// A QR code's modules, row by row: the one encoder, for the session sheet, the seats' links
/// (`host::qr_modules`) and the window.
pub fn qr_modules(text: &str) -> crate::store::sheets::QrModules {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let w = code.width();
    let cells = code
        .to_colors()
        .into_iter()
        .map(|c| c == qrcode::Color::Dark)
        .collect();
    Some((w, cells))
}

/// Opens `path` in the system's browser or viewer, without waiting for it.
pub fn open_in_system(path: &Path) -> Opened {
    match opener() {
        Ok((program, args)) => spawn_detached(&program, &args, path.as_os_str()),
        Err(why) => Opened::NoOpener(why.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake opener that fails (`false`, as `TABLEMATE_OPENER=false` would name it): the
    /// failure is told with its exit status, and a missing program by its name.
    #[cfg(unix)]
    #[test]
    fn an_opener_that_fails_or_is_missing_is_said_with_why() {
        let failed = Opener::Program("false".into())
            .open_waiting(std::ffi::OsStr::new("/tmp/x.html"))
            .unwrap_err();
        assert_eq!(failed.to_string(), "false failed with exit status 1");
        let missing = Opener::Program("/no/such/opener".into())
            .open_waiting(std::ffi::OsStr::new("/tmp/x.html"))
            .unwrap_err();
        assert!(missing.to_string().contains("/no/such/opener"), "{missing}");
        assert_eq!(
            Opener::Program("true".into()).open_waiting(std::ffi::OsStr::new("/tmp/x.html")),
            Ok("true".to_string())
        );
    }

    #[test]
    fn a_file_url_escapes_what_a_url_reads_otherwise() {
        assert_eq!(
            url_of(Path::new("/tmp/a b#c/sheet.html")),
            "file:///tmp/a%20b%23c/sheet.html"
        );
    }
}
