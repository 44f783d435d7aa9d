//! The iced GUI: the app shell and one module per screen. Only this module uses iced.
//!
//! The shell owns navigation, Esc, undo/redo (through `document::Document`) and autosaves
//! whenever the open document's history revision moves; saving, import/export, settings and
//! the frame around screens are modules of their own. Screens follow the contract in
//! `screen.rs` / `README.md`.

#[cfg(test)]
mod around_tests;
pub mod backups;
mod chrome;
pub mod document;
mod ending;
pub mod files;
pub mod home;
mod keymap;
pub mod notice;
mod on_disk;
mod opener;
mod opening;
mod repaint;
mod rulebook;
pub mod rules;
pub mod saving;
pub mod screen;
mod screens;
pub mod settings;
pub mod share;
pub mod sheet;
mod single;
pub mod startup;
pub mod stats;
pub mod style;
#[cfg(test)]
pub mod testing;
pub mod transfer;
pub mod widgets;
mod window;

mod shell;

/// Each game's screen, `gui::<module>`, from the one list of games
/// (crates/core/src/games/list.rs); `screens.rs` puts them on the `Screen`.
macro_rules! game_modules {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        $(pub mod $module;)+
    };
}
crate::for_each_game!(game_modules);

pub use screens::Screen;
pub use settings::Settings;
pub use shell::{App, Message, Shortcut};

/// Opens the window and runs until it is closed. The window opens at the size and place it
/// had last time (or a size that fits a 1366×768 laptop), and `App::fit` shrinks it to 90% of
/// the screen it lands on; closing it waits for the last save (`App::update`).
pub fn run() -> Result<(), iced::Error> {
    run_opening(None)
}

/// [`run`], opening the window on save `target` (an id, or a save or bundle file to import
/// first): `tablemate open ID-OR-FILE`, the desktop entry's way to open a file.
pub fn run_opening(target: Option<String>) -> Result<(), iced::Error> {
    let saved = crate::store::peek_settings::<Settings>(&crate::store::Store::default_root())
        .unwrap_or_default();
    // Window sizes are in the app's scaled units: with large type on, divide to open the same
    // size on screen.
    let scale = saved.scale();
    let (size, position) = match saved.window {
        Some(p) => (
            iced::Size::new(p.width / scale, p.height / scale),
            match (p.x, p.y) {
                (Some(x), Some(y)) => iced::window::Position::Specific(iced::Point::new(x, y)),
                _ => iced::window::Position::Centered,
            },
        ),
        None => (
            iced::Size::new(
                settings::FIRST_SIZE.width / scale,
                settings::FIRST_SIZE.height / scale,
            ),
            iced::window::Position::Centered,
        ),
    };
    // One window per data folder: a running window takes this start's request instead.
    let root = crate::store::Store::default_root();
    match single::claim(&root, &single::request_for(target.as_deref())) {
        single::Claim::Handed => {
            println!("tablemate: the window already open on this data folder took it");
            return Ok(());
        }
        single::Claim::First => {}
        single::Claim::Alone(why) => crate::store::log::warn(&format!("one window: {why}")),
    }
    iced::application(
        move || App::boot_on(target.as_deref()),
        App::update,
        App::view,
    )
    .title(App::title)
    .theme(App::theme)
    .scale_factor(App::scale_factor)
    .subscription(App::subscription)
    .window(iced::window::Settings {
        size,
        position,
        min_size: Some(iced::Size::new(
            settings::MIN_SIZE.width / scale,
            settings::MIN_SIZE.height / scale,
        )),
        icon: icon(),
        exit_on_close_request: false,
        // The desktop entry's StartupWMClass: the menu and the dock group the window
        // under the app's icon.
        #[cfg(target_os = "linux")]
        platform_specific: iced::window::settings::PlatformSpecific {
            application_id: "org.tablemate.Tablemate".into(),
            ..Default::default()
        },
        ..iced::window::Settings::default()
    })
    .run()
}

/// The app icon for the window (64×64 RGBA, rendered from `packaging/org.tablemate.Tablemate.svg`).
fn icon() -> Option<iced::window::Icon> {
    iced::window::icon::from_rgba(
        include_bytes!("../../packaging/icons/tablemate-64.rgba").to_vec(),
        64,
        64,
    )
    .ok()
}
