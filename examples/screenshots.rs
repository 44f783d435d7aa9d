//! Renders the app's screens to PNG files for a person to look at (docs/table-ux.md is what to
//! look for): the home screen, each game's new-game screen and a Worldspanner game in play, at
//! 1366×768 in the light theme and at 1024×768 with large type in the dark theme. Headless:
//! no window and no display are needed (iced_test's tiny-skia renderer).
//!
//! Run: `cargo run --example screenshots [-- OUT_DIR]` (default `target/screenshots`).
//! Each run starts from an empty data folder, so the pictures do not depend on your saves.

use std::error::Error;
use std::path::{Path, PathBuf};

use tablemate::doc::{Kind, Saved};
use tablemate::gui::home::Message as HomeMsg;
use tablemate::gui::settings::{Place, Settings};
use tablemate::gui::style::ThemeChoice;
use tablemate::gui::{App, Message};
use tablemate::store::Store;

/// One way the window is seen: its size in screen pixels, large type, the theme.
struct Look {
    name: &'static str,
    width: f32,
    height: f32,
    large_type: bool,
    theme: ThemeChoice,
}

const LOOKS: [Look; 2] = [
    Look {
        name: "1366-light",
        width: 1366.0,
        height: 768.0,
        large_type: false,
        theme: ThemeChoice::Light,
    },
    Look {
        name: "1024-large-dark",
        width: 1024.0,
        height: 768.0,
        large_type: true,
        theme: ThemeChoice::Dark,
    },
];

const SAMPLE_ID: &str = "worldspanner-sample";

fn main() -> Result<(), Box<dyn Error>> {
    let out = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target/screenshots"));
    std::fs::create_dir_all(&out)?;
    let mut written = 0;
    for look in &LOOKS {
        let home = tempfile::tempdir()?;
        prepare(home.path(), look)?;
        let mut app = App::open(home.path().to_path_buf());
        written += shoot(&app, look, &out, "home")?;
        for kind in Kind::ALL {
            let _ = app.update(Message::Home(HomeMsg::NewGame(kind)));
            written += shoot(&app, look, &out, &format!("new-{}", kind.as_str()))?;
            let _ = app.update(Message::GoHome);
        }
        let _ = app.update(Message::Home(HomeMsg::Open(
            SAMPLE_ID.into(),
            Kind::Worldspanner,
        )));
        written += shoot(&app, look, &out, "worldspanner-in-play")?;
    }
    println!("{written} screenshots in {}", out.display());
    Ok(())
}

/// The data folder for `look`: its settings (the window's size among them, which decides
/// whether the top bar closes up), and a Worldspanner game on the sample decks.
fn prepare(root: &Path, look: &Look) -> Result<(), Box<dyn Error>> {
    let settings = Settings {
        theme: look.theme,
        large_type: look.large_type,
        window: Some(Place {
            width: look.width,
            height: look.height,
            x: None,
            y: None,
        }),
        ..Settings::default()
    };
    std::fs::write(
        root.join("settings.json"),
        serde_json::to_vec_pretty(&settings)?,
    )?;
    use tablemate::worldspanner::{Game, MapDesign, sample};
    let setup = sample::setup(MapDesign::Standard, 6, 10, 7)?;
    let saved = Saved::new("Friday at the club", "New game", Game::new(setup)?);
    Store::open(root)?.save(SAMPLE_ID, &saved)?;
    Ok(())
}

/// Renders the app's current view as the window would show it (large type scales the logical
/// size down by the app's scale factor) into `<out>/<what>-<look>-tiny-skia.png` (iced_test
/// names the renderer).
fn shoot(app: &App, look: &Look, out: &Path, what: &str) -> Result<usize, Box<dyn Error>> {
    let scale = app.scale_factor();
    let size = iced::Size::new(look.width / scale, look.height / scale);
    let mut ui = iced_test::Simulator::with_size(Default::default(), size, app.view());
    let snapshot = ui.snapshot(&app.theme())?;
    let path = out.join(format!("{what}-{}.png", look.name));
    // `matches_image` writes the file when there is none, and compares otherwise: the last
    // run's picture goes first.
    let _ = std::fs::remove_file(out.join(format!("{what}-{}-tiny-skia.png", look.name)));
    snapshot.matches_image(&path)?;
    Ok(1)
}
