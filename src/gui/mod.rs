//! The iced GUI: the app shell and one module per screen. Only this module uses iced.
//!
//! The shell owns the store, the settings, navigation, notices, dialogs, the help overlay,
//! keyboard shortcuts and undo/redo (through `document::Document`), and autosaves after every
//! change a screen reports. Screens follow the contract in `screen.rs` / `README.md`.

pub mod army;
pub mod backups;
pub mod coming_soon;
pub mod document;
pub mod furnace_duel;
pub mod furtherance;
pub mod home;
pub mod near_and_far;
pub mod rules;
pub mod screen;
pub mod style;
#[cfg(test)]
pub mod testing;
pub mod widgets;
pub mod worldspanner;

mod shell;

pub use shell::{App, Message, Screen, Settings, Shortcut};

/// Opens the window and runs until it is closed.
pub fn run() -> Result<(), String> {
    // Window sizes are logical pixels: with large type on, open the same 1280x820 on screen.
    let large_type = crate::store::peek_settings::<Settings>(&crate::store::Store::default_root())
        .map(|s| s.large_type)
        .unwrap_or(false);
    let scale = if large_type {
        style::LARGE_TYPE_SCALE
    } else {
        1.0
    };
    iced::application(App::boot, App::update, App::view)
        .title(App::title)
        .theme(App::theme)
        .scale_factor(App::scale_factor)
        .subscription(App::subscription)
        .window_size((1280.0 / scale, 820.0 / scale))
        .centered()
        .run()
        .map_err(|e| e.to_string())
}
