//! Preferences, saved in `settings.json` in the data folder: theme, large type, the history
//! panel, and where the window was (so it reopens at the size and place it had). A damaged
//! settings file is kept as it is and never overwritten in that session.

use iced::Size;
use serde::{Deserialize, Serialize};

use super::screen::Notice;
use super::style::{self, ThemeChoice};
use crate::store::Store;

/// The preferences themselves.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: ThemeChoice,
    pub large_type: bool,
    pub show_history: bool,
    /// The window's last size and position, in screen pixels (large type does not change it).
    pub window: Option<Place>,
    /// Where "Share to the table" listens, HOST:PORT (docs/table-network.md); unset: every
    /// interface, port 8765.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share_listen: Option<String>,
    /// The players' own rulebook PDFs, by game slug ("near-and-far"): a digest entry with a
    /// page offers to open it there (docs/rules.md, "Your own rulebook").
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub rulebooks: std::collections::BTreeMap<String, std::path::PathBuf>,
}

/// A window's size and (if the system told us) position, in screen pixels.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Place {
    pub width: f32,
    pub height: f32,
    pub x: Option<f32>,
    pub y: Option<f32>,
}

/// The size the first window asks for before it knows the screen: it already fits a
/// 1366×768 laptop at 90%, and [`fit`] grows or shrinks it once the screen is known.
pub const FIRST_SIZE: Size = Size::new(1220.0, 690.0);
/// The size the window would like on a large screen.
pub const WANTED_SIZE: Size = Size::new(1280.0, 820.0);
/// No window is made smaller than this (every screen is designed down to 1024×768 at 90%).
pub const MIN_SIZE: Size = Size::new(800.0, 560.0);

/// `wanted`, shrunk to at most 90% of `screen` in each direction (never below [`MIN_SIZE`]
/// unless the screen itself is smaller).
pub fn fit(wanted: Size, screen: Size) -> Size {
    let limit = Size::new(screen.width * 0.9, screen.height * 0.9);
    Size::new(
        wanted
            .width
            .min(limit.width)
            .max(MIN_SIZE.width.min(limit.width)),
        wanted
            .height
            .min(limit.height)
            .max(MIN_SIZE.height.min(limit.height)),
    )
}

/// Where the first window goes on a screen of `screen` (as iced reports it: in the app's
/// scaled units, `scale` being 1.3 with large type on): the size and place it had when
/// `saved`, shrunk to fit, or the wanted size centred. The size comes back in scaled units
/// (what iced's resize takes), the place in screen units (what iced's move takes), so the
/// window reopens exactly as it was closed whatever the type size.
pub fn reopen(saved: Option<Place>, screen: Size, scale: f32) -> (Size, iced::Point) {
    // Work in screen pixels: large type grows what is inside the window, not the window.
    let screen = Size::new(screen.width * scale, screen.height * scale);
    let wanted = saved.map_or(WANTED_SIZE, |p| Size::new(p.width, p.height));
    let size = fit(wanted, screen);
    let at = match saved.and_then(|p| Some((p.x?, p.y?))) {
        // Back where it was, if that is still on this screen.
        Some((x, y))
            if x >= 0.0 && y >= 0.0 && x + 40.0 < screen.width && y + 40.0 < screen.height =>
        {
            iced::Point::new(x, y)
        }
        _ => iced::Point::new(
            ((screen.width - size.width) / 2.0).max(0.0),
            ((screen.height - size.height) / 2.0).max(0.0),
        ),
    };
    (Size::new(size.width / scale, size.height / scale), at)
}

impl Settings {
    /// The app's scale factor: large type scales everything by 1.3.
    pub fn scale(&self) -> f32 {
        if self.large_type {
            style::LARGE_TYPE_SCALE
        } else {
            1.0
        }
    }
}

/// The settings and whether their file may be written.
#[derive(Debug, Default)]
pub struct Prefs {
    pub settings: Settings,
    /// The settings file could not be read: keep it, never overwrite it this session.
    damaged: bool,
}

impl Prefs {
    /// Reads `settings.json`; a damaged file gives defaults and a notice naming it.
    pub fn load(store: Option<&Store>) -> (Prefs, Option<Notice>) {
        match store.map(|s| s.read_settings::<Settings>()) {
            Some(Ok(settings)) => (
                Prefs {
                    settings,
                    damaged: false,
                },
                None,
            ),
            Some(Err(e)) => {
                crate::store::log::warn(&format!("settings: {e}"));
                (
                    Prefs {
                        settings: Settings::default(),
                        damaged: true,
                    },
                    Some(Notice::error(format!(
                        "{e}. Using default settings; the file is kept as it is."
                    ))),
                )
            }
            None => (Prefs::default(), None),
        }
    }

    /// Writes the settings unless the file was damaged or the folder is read-only; a failure
    /// comes back as a notice.
    pub fn save(&self, store: Option<&Store>) -> Option<Notice> {
        let store = store?;
        if self.damaged || store.read_only().is_some() {
            return None;
        }
        store
            .write_settings(&self.settings)
            .err()
            .map(|e| Notice::error(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_window_fits_a_1366_by_768_screen() {
        let screen = Size::new(1366.0, 768.0);
        assert!(FIRST_SIZE.width <= screen.width * 0.9 && FIRST_SIZE.height <= screen.height * 0.9);
        let s = fit(WANTED_SIZE, screen);
        assert!(s.width <= 1366.0 * 0.9 && s.height <= 768.0 * 0.9, "{s:?}");
    }

    #[test]
    fn a_window_never_takes_more_than_ninety_percent_of_its_screen() {
        for (w, h) in [
            (1024.0, 768.0),
            (1280.0, 720.0),
            (800.0, 600.0),
            (3840.0, 2160.0),
        ] {
            let s = fit(Size::new(5000.0, 5000.0), Size::new(w, h));
            assert!(
                s.width <= w * 0.9 + 0.01 && s.height <= h * 0.9 + 0.01,
                "{s:?}"
            );
        }
        // A large screen gets the size the window wants, not more.
        assert_eq!(fit(WANTED_SIZE, Size::new(2560.0, 1440.0)), WANTED_SIZE);
    }
}
