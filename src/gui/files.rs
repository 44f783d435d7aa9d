//! The system's file dialogs, and a typed path where none can open (docs/gui.md, "Files
//! without a dialog service"). rfd answers "nothing chosen" both when the player cancels and
//! when no dialog could open at all (no desktop portal answered and zenity is missing), so the
//! app tells the two apart itself: no service to ask, or a "cancel" that came back faster than
//! a person can close a dialog with no zenity to have shown one, is a dialog that did not
//! open. The screen then says so and offers [`path_dialog`] instead.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use iced::widget::{button, column, row, text, text_input};
use iced::{Element, Length, Task};

use super::style;

/// What a file dialog gave back.
#[derive(Debug, Clone, PartialEq)]
pub enum Picked {
    Path(PathBuf),
    Cancelled,
    /// No dialog could open: why, in the player's words.
    NoDialog(String),
}

/// What there is on this system to show a file dialog with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Service {
    /// A session bus, where a desktop portal may answer (Linux); always true elsewhere.
    pub portal: bool,
    /// zenity on the PATH: rfd's fallback when the portal does not answer (Linux).
    pub zenity: bool,
}

impl Service {
    /// This system's, read from the environment. `TABLEMATE_FILE_DIALOG=none` forces "no
    /// dialog" (for a kiosk, or to try the typed path).
    pub fn here() -> Service {
        if std::env::var_os("TABLEMATE_FILE_DIALOG").is_some_and(|v| v == "none") {
            return Service::NONE;
        }
        if !cfg!(target_os = "linux") {
            return Service {
                portal: true,
                zenity: false,
            };
        }
        let portal = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
            || std::env::var_os("XDG_RUNTIME_DIR")
                .is_some_and(|d| Path::new(&d).join("bus").exists());
        let zenity = std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|p| p.join("zenity").is_file()));
        Service { portal, zenity }
    }

    /// Nothing to ask.
    pub const NONE: Service = Service {
        portal: false,
        zenity: false,
    };
}

/// Faster than anyone closes a dialog that did show: an empty answer this quick, with no
/// zenity to have shown one, means the portal never opened one.
const TOO_QUICK: Duration = Duration::from_millis(400);

/// The reason shown when no dialog opened.
pub const NO_DIALOG: &str = "The system's file dialog could not open here (no desktop portal answered and zenity is not installed).";

/// Whether an empty answer means the dialog never opened (see the module's note).
pub fn did_not_open(service: Service, answered_in: Duration) -> bool {
    !service.zenity && (!service.portal || answered_in < TOO_QUICK)
}

/// What a dialog is for: its title, the file name it proposes (saving only) and its filter.
#[derive(Debug, Clone)]
pub struct Request {
    pub title: String,
    /// Some: a save dialog proposing this name; None: an open dialog.
    pub save_as: Option<String>,
    pub filter: (&'static str, &'static [&'static str]),
}

/// Shows the dialog for `request` on `service`, and says what came of it.
pub async fn ask(request: Request, service: Service) -> Picked {
    if service == Service::NONE {
        return Picked::NoDialog(NO_DIALOG.into());
    }
    let started = Instant::now();
    let dialog = rfd::AsyncFileDialog::new()
        .set_title(&request.title)
        .add_filter(request.filter.0, request.filter.1);
    let chosen = match request.save_as {
        Some(name) => dialog.set_file_name(name).save_file().await,
        None => dialog.pick_file().await,
    };
    match chosen {
        Some(h) => Picked::Path(h.path().to_path_buf()),
        None if did_not_open(service, started.elapsed()) => Picked::NoDialog(NO_DIALOG.into()),
        None => Picked::Cancelled,
    }
}

/// [`ask`] as a task for the screen's update, on this system's service.
pub fn pick(request: Request) -> Task<Picked> {
    Task::perform(ask(request, Service::here()), |p| p)
}

/// The typed path that stands in for a dialog: what it is for, the text typed so far, why the
/// dialog did not open, and a refusal of the last path tried.
#[derive(Debug, Clone, PartialEq)]
pub struct PathField {
    pub purpose: String,
    pub typed: String,
    pub why: String,
    pub refused: Option<String>,
}

impl PathField {
    /// Opened at the data folder (when there is one), for `purpose`.
    pub fn new(purpose: impl Into<String>, why: String, data: Option<&Path>) -> PathField {
        PathField {
            purpose: purpose.into(),
            typed: data.map(folder_text).unwrap_or_default(),
            why,
            refused: None,
        }
    }

    /// The player typed `text`: the last refusal goes with what it refused.
    pub fn set_text(&mut self, text: String) {
        self.typed = text;
        self.refused = None;
    }

    /// The path to go ahead with; None when it names no file, the reason then kept on the
    /// field to be shown under it.
    pub fn go(&mut self) -> Option<PathBuf> {
        self.path().map_err(|why| self.refused = Some(why)).ok()
    }

    /// The typed path, with `~` read as the home folder; a refusal when it names no file.
    // Kept String: shown verbatim under the file field.
    pub fn path(&self) -> Result<PathBuf, String> {
        let typed = self.typed.trim();
        if typed.is_empty() {
            return Err("Type the file's path.".into());
        }
        let path = match typed.strip_prefix("~/") {
            Some(rest) => home().map(|h| h.join(rest)).ok_or_else(|| {
                "There is no home folder to read ~ from: type the whole path.".to_string()
            })?,
            None => PathBuf::from(typed),
        };
        if path.is_dir() || typed.ends_with('/') {
            return Err(format!(
                "{} is a folder: add the file's name after it.",
                path.display()
            ));
        }
        Ok(path)
    }
}

/// The player's home folder.
pub fn home() -> Option<PathBuf> {
    directories::UserDirs::new().map(|d| d.home_dir().to_path_buf())
}

/// A folder as the start of a path to type on (with its trailing separator).
pub fn folder_text(folder: &Path) -> String {
    let mut s = folder.display().to_string();
    if !s.ends_with(std::path::MAIN_SEPARATOR) {
        s.push(std::path::MAIN_SEPARATOR);
    }
    s
}

/// The id of the typed path's field, to put the cursor in it.
pub const PATH_ID: &str = "typed-path";

/// Puts the cursor in the typed path's field.
pub fn focus_path<M: Send + 'static>() -> Task<M> {
    iced::widget::operation::focus(PATH_ID)
}

/// The dialog standing in for the system's: why it is here, the path field (Enter goes), the
/// data folder and the home folder as starting points, and Cancel / `go`.
pub fn path_dialog<'a, M: Clone + 'a>(
    field: &'a PathField,
    go: &'a str,
    data: Option<&Path>,
    on_input: impl Fn(String) -> M + 'a,
    on_go: M,
    on_cancel: M,
) -> Element<'a, M> {
    let mut starts = row![text("Start from:").size(style::SMALL)]
        .spacing(8)
        .align_y(iced::Center);
    for (label, folder) in [
        ("Data folder", data.map(Path::to_path_buf)),
        ("Home folder", home()),
    ] {
        let press = folder.map(|f| on_input(folder_text(&f)));
        starts = starts.push(
            button(text(label).size(style::SMALL))
                .padding([6, 12])
                .style(style::secondary)
                .on_press_maybe(press),
        );
    }
    column![
        text(&field.purpose).size(style::HEADING),
        text(format!("{} Type the file's path instead.", field.why))
            .size(style::SMALL)
            .style(style::muted),
        text_input("/path/to/file.json", &field.typed)
            .id(PATH_ID)
            .on_input(on_input)
            .on_submit(on_go.clone())
            .size(style::BODY)
            .padding(8),
        starts,
        text(field.refused.as_deref().unwrap_or(""))
            .size(style::SMALL)
            .style(style::danger_text),
        super::widgets::cancel_and(go, style::primary, on_go, on_cancel),
    ]
    .spacing(12)
    .width(Length::Fixed(560.0))
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_with_no_portal_and_no_zenity_has_no_file_dialog_and_says_so_at_once() {
        let request = Request {
            title: "Import".into(),
            save_as: None,
            filter: ("Tablemate save", &["json"]),
        };
        let picked = iced::futures::executor::block_on(ask(request, Service::NONE));
        assert_eq!(picked, Picked::NoDialog(NO_DIALOG.into()));
    }

    #[test]
    fn an_empty_answer_faster_than_a_person_without_zenity_is_a_dialog_that_did_not_open() {
        let portal_only = Service {
            portal: true,
            zenity: false,
        };
        assert!(did_not_open(portal_only, Duration::from_millis(30)));
        assert!(!did_not_open(portal_only, Duration::from_secs(3)));
        let with_zenity = Service {
            portal: true,
            zenity: true,
        };
        assert!(!did_not_open(with_zenity, Duration::from_millis(30)));
        assert!(did_not_open(Service::NONE, Duration::from_secs(3)));
    }

    #[test]
    fn a_typed_path_must_name_a_file_and_reads_tilde_as_home() {
        let dir = tempfile::tempdir().unwrap();
        let mut f = PathField::new("Import", NO_DIALOG.into(), Some(dir.path()));
        assert!(f.typed.ends_with(std::path::MAIN_SEPARATOR));
        assert!(f.path().unwrap_err().contains("is a folder"));
        f.typed = "  ".into();
        assert_eq!(f.path().unwrap_err(), "Type the file's path.");
        f.typed = format!("{}save.json", folder_text(dir.path()));
        assert_eq!(f.path().unwrap(), dir.path().join("save.json"));
        if let Some(h) = home() {
            f.typed = "~/x.json".into();
            assert_eq!(f.path().unwrap(), h.join("x.json"));
        }
    }
}
