//! Renders the app's screens to PNG files, headless: no window and no display are needed
//! (iced_test's tiny-skia renderer, drawn at 2× like a high-density screen). Each run starts
//! from an empty data folder, so the pictures do not depend on your saves. Two sets:
//!
//! - `cargo run --example screenshots [-- OUT_DIR]` (default `target/screenshots`), for a
//!   person to look at (docs/table-ux.md is what to look for): the home screen, each game's
//!   new-game screen and a Worldspanner game in play, at 1366×768 in the light theme and at
//!   1024×768 with large type in the dark theme, as `<screen>-<look>-tiny-skia.png`.
//! - `cargo run --example screenshots -- --manual [DIR]` (default `docs/screenshots`): the
//!   Worldspanner pictures docs/worldspanner.md shows, `worldspanner-<scene>.png` (a 1366×768
//!   window, light), `-1024.png` (1024×768, light) and `-large-dark.png` (1366×768 with large
//!   type, dark). Each scene is played through the app's own messages from Home, with a fixed
//!   seed; a picture whose pixels did not change is left as it is, so a rerun rewrites only
//!   the pictures that changed (it prints which).

use std::error::Error;
use std::path::{Path, PathBuf};

use iced_test::selector::Candidate;
use iced_test::simulator::Snapshot;
use tablemate::doc::{Kind, Saved};
use tablemate::gui::home::Message as HomeMsg;
use tablemate::gui::settings::{Place, Settings};
use tablemate::gui::style::ThemeChoice;
use tablemate::gui::worldspanner::{self as ws, Choice, FormMsg, HeroOp, SetupMsg, What};
use tablemate::gui::{App, Message};
use tablemate::store::Store;
use tablemate::worldspanner::{HeroRef, TeamSide};

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

/// The manual's looks; the name is the file name's suffix (docs/worldspanner.md links them).
const MANUAL_LOOKS: [Look; 3] = [
    Look {
        name: "",
        width: 1366.0,
        height: 768.0,
        large_type: false,
        theme: ThemeChoice::Light,
    },
    Look {
        name: "-1024",
        width: 1024.0,
        height: 768.0,
        large_type: false,
        theme: ThemeChoice::Light,
    },
    Look {
        name: "-large-dark",
        width: 1366.0,
        height: 768.0,
        large_type: true,
        theme: ThemeChoice::Dark,
    },
];

const SAMPLE_ID: &str = "worldspanner-sample";

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args_os().skip(1).peekable();
    if args.next_if(|a| a == "--manual").is_some() {
        // The manual's folder in this checkout, wherever the command is run from.
        let out = args
            .next()
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots"));
        return manual(&out);
    }
    if let Some(flag) = args.peek().filter(|a| a.to_string_lossy().starts_with('-')) {
        return Err(format!(
            "unknown option {}: usage: screenshots [OUT_DIR] | screenshots --manual [DIR]",
            flag.to_string_lossy()
        )
        .into());
    }
    let out = args
        .next()
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

/// Draws the app's current view as the window of `look` would show it (large type scales the
/// logical size down by the app's scale factor).
fn snapshot(app: &App, look: &Look, shows: Option<&str>) -> Result<Snapshot, Box<dyn Error>> {
    let scale = app.scale_factor();
    let size = iced::Size::new(look.width / scale, look.height / scale);
    let mut ui = iced_test::Simulator::with_size(Default::default(), size, app.view());
    if let Some(part) = shows {
        // A text on screen that contains `part`.
        ui.find(|candidate: Candidate<'_>| match candidate {
            Candidate::Text { content, .. } if content.contains(part) => Some(()),
            _ => None,
        })
        .map_err(|_| format!("no text on screen contains {part:?}"))?;
    }
    Ok(ui.snapshot(&app.theme())?)
}

/// Writes the app's current view into `<out>/<what>-<look>-tiny-skia.png` (iced_test names
/// the renderer).
fn shoot(app: &App, look: &Look, out: &Path, what: &str) -> Result<usize, Box<dyn Error>> {
    let snapshot = snapshot(app, look, None)?;
    let path = out.join(format!("{what}-{}.png", look.name));
    // `matches_image` writes the file when there is none, and compares otherwise: the last
    // run's picture goes first.
    let _ = std::fs::remove_file(out.join(format!("{what}-{}-tiny-skia.png", look.name)));
    snapshot.matches_image(&path)?;
    Ok(1)
}

/// A picture of the manual: its name, how the app gets there from Home, and part of a text
/// that must be on screen (so a changed screen fails the run instead of shooting the wrong
/// thing).
struct Scene {
    name: &'static str,
    play: fn(&mut App),
    shows: &'static str,
}

const SCENES: [Scene; 9] = [
    // Setup: Skyhawks on their physical deck, heroes typed with Health, one without.
    Scene {
        name: "setup",
        play: setup,
        shows: "What is Mindbender's Health?",
    },
    // Round 1, Reinforce: the heroes' tiles with Enter on each; Next step refused says how.
    Scene {
        name: "reinforce",
        play: reinforce,
        shows: "must still bring in 2 heroes",
    },
    // A hero waiting for its Dome: the question beside the board.
    Scene {
        name: "dome",
        play: dome,
        shows: "choose the Dome for Skyhawks hero 2",
    },
    // An attack half filled in: Draw waits, naming every field it needs.
    Scene {
        name: "needs",
        play: needs,
        shows: "Needs: hero, rating, against, Power, Armor, Wound",
    },
    // A challenge from the physical deck: the face is asked where Draw was.
    Scene {
        name: "challenge",
        play: challenge,
        shows: "Which face is beside row",
    },
    // An attack (digital deck): Hit then Damage, the answer above the Draw button.
    Scene {
        name: "attack",
        play: attack,
        shows: "Damage: rating 5 against 3",
    },
    // The end of the Action step with heroes still in a Dome: were they surrounded?
    Scene {
        name: "surrounded",
        play: surrounded,
        shows: "are still in a Dome",
    },
    // A Task drawn: the card and its result stay in view while the Dome is chosen.
    Scene {
        name: "result",
        play: result,
        shows: "choose the Dome for Skyhawks hero 1",
    },
    // A dismissal from a physical deck: the printed Dome range is asked.
    Scene {
        name: "dismissal",
        play: dismissal,
        shows: "Which Dome range is printed on it?",
    },
];

/// Writes every scene at every manual look into `out` as `worldspanner-<scene><look>.png`.
fn manual(out: &Path) -> Result<(), Box<dyn Error>> {
    std::fs::create_dir_all(out)?;
    let (mut written, mut changed) = (0, Vec::new());
    for look in &MANUAL_LOOKS {
        let home = tempfile::tempdir()?;
        prepare(home.path(), look)?;
        let mut app = App::open(home.path().to_path_buf());
        for scene in &SCENES {
            let _ = app.update(Message::GoHome);
            (scene.play)(&mut app);
            let snapshot = snapshot(&app, look, Some(scene.shows))
                .map_err(|e| format!("{}{}: {e}", scene.name, look.name))?;
            let path = out.join(format!("worldspanner-{}{}.png", scene.name, look.name));
            written += 1;
            if keep_or_write(&snapshot, &path)? {
                changed.push(path.display().to_string());
            }
        }
    }
    println!(
        "{written} screenshots in {}, {} changed:",
        out.display(),
        changed.len()
    );
    for path in changed {
        println!("  {path}");
    }
    Ok(())
}

/// Writes `snapshot` to `path` unless the picture there has the same pixels; says whether it
/// wrote. iced_test only reads and writes `<stem>-tiny-skia.png` (it names the renderer), so
/// the picture is moved to that name and back.
fn keep_or_write(snapshot: &Snapshot, path: &Path) -> Result<bool, Box<dyn Error>> {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or("file name")?;
    let named = path.with_file_name(format!("{stem}-tiny-skia.png"));
    let _ = std::fs::remove_file(&named);
    if path.exists() {
        std::fs::rename(path, &named)?;
        // Compares when the file is there; does not write.
        if matches!(snapshot.matches_image(path), Ok(true)) {
            std::fs::rename(&named, path)?;
            return Ok(false);
        }
        // Other pixels, or a file that is not a readable PNG: replaced.
        std::fs::remove_file(&named)?;
    }
    // Writes when the file is not there.
    snapshot.matches_image(path)?;
    std::fs::rename(&named, path)?;
    Ok(true)
}

fn send(app: &mut App, message: ws::Message) {
    let _ = app.update(message.into());
}

fn sky(hero: usize) -> HeroRef {
    HeroRef {
        team: TeamSide::Skyhawks,
        hero,
    }
}

/// A new Worldspanner game's setup form, with seed 7: the same seed shown, the same shuffles.
fn new_game(app: &mut App) {
    let _ = app.update(Message::Home(HomeMsg::NewGame(Kind::Worldspanner)));
    send(app, ws::Message::Setup(SetupMsg::Seed("7".into())));
}

fn setup(app: &mut App) {
    new_game(app);
    send(
        app,
        ws::Message::Setup(SetupMsg::Physical(TeamSide::Skyhawks, true)),
    );
    let typed = [
        (TeamSide::Skyhawks, "Rizzik 5 1"),
        (TeamSide::Skyhawks, "Private Sanchez 6 0 1"),
        (TeamSide::Skyhawks, "Blackbeard 7 2"),
        (TeamSide::Psiclones, "Mindbender"),
    ];
    for (team, line) in typed {
        send(app, ws::Message::Setup(SetupMsg::Input(team, line.into())));
        send(app, ws::Message::Setup(SetupMsg::Add(team)));
    }
}

/// A game started on numbered heroes: round 1, Skyhawks, Reinforce.
fn started(app: &mut App) {
    new_game(app);
    send(app, ws::Message::Setup(SetupMsg::Numbered));
    send(app, ws::Message::Start);
}

fn reinforce(app: &mut App) {
    started(app);
    send(app, ws::Message::Hero(sky(0), HeroOp::Reinforce));
    send(app, ws::Message::Place(None));
    // Refused: two more heroes must come in first.
    send(app, ws::Message::NextStep);
}

fn dome(app: &mut App) {
    reinforce(app);
    send(app, ws::Message::Hero(sky(1), HeroOp::Reinforce));
}

/// Round 1 played: each team brings in three heroes, each to its first proposed Dome.
fn round_two(app: &mut App) {
    started(app);
    for team in TeamSide::BOTH {
        for hero in 0..3 {
            send(
                app,
                ws::Message::Hero(HeroRef { team, hero }, HeroOp::Reinforce),
            );
            send(app, ws::Message::Place(None));
        }
        send(app, ws::Message::NextStep);
    }
}

fn needs(app: &mut App) {
    round_two(app);
    send(app, ws::Message::Form(FormMsg::What(What::Melee)));
}

fn challenge(app: &mut App) {
    round_two(app);
    send(app, ws::Message::DeckMode(TeamSide::Skyhawks, true));
    send(app, ws::Message::Form(FormMsg::What(What::Other)));
    send(app, ws::Message::Form(FormMsg::Rating("6".into())));
    send(app, ws::Message::Form(FormMsg::Against("5".into())));
    send(app, ws::Message::Draw);
}

fn attack(app: &mut App) {
    round_two(app);
    // Free, then Action: Skyhawks hero 1 leaves its Dome; Reaction, then Melee.
    send(app, ws::Message::NextStep);
    send(app, ws::Message::Hero(sky(0), HeroOp::LeaveDome));
    send(app, ws::Message::NextStep);
    // Heroes 2 and 3 stayed in their Domes: surrounded.
    send(app, ws::Message::Surrounded(1));
    send(app, ws::Message::NextStep);
    send(app, ws::Message::Form(FormMsg::What(What::Melee)));
    send(
        app,
        ws::Message::Form(FormMsg::Hero(Choice {
            value: 0,
            label: String::new(),
        })),
    );
    for m in [
        // +5: a hit on seed 7's card, so the Damage card is drawn too.
        FormMsg::Rating("9".into()),
        FormMsg::Against("4".into()),
        FormMsg::Power("5".into()),
        FormMsg::Armor("3".into()),
        FormMsg::Wound("2".into()),
    ] {
        send(app, ws::Message::Form(m));
    }
    send(app, ws::Message::Draw);
}

fn dismissal(app: &mut App) {
    round_two(app);
    send(app, ws::Message::DeckMode(TeamSide::Skyhawks, true));
    send(app, ws::Message::Hero(sky(1), HeroOp::Dismiss));
}

fn surrounded(app: &mut App) {
    round_two(app);
    send(app, ws::Message::NextStep);
    send(app, ws::Message::Hero(sky(0), HeroOp::LeaveDome));
    send(app, ws::Message::NextStep);
}

fn result(app: &mut App) {
    surrounded(app);
    send(app, ws::Message::Surrounded(1));
    // Reaction, Melee, then Adventure: hero 1 tries a Task on the first key.
    for _ in 0..2 {
        send(app, ws::Message::NextStep);
    }
    send(app, ws::Message::Form(FormMsg::What(What::Task)));
    send(
        app,
        ws::Message::Form(FormMsg::Hero(Choice {
            value: 0,
            label: String::new(),
        })),
    );
    send(
        app,
        ws::Message::Form(FormMsg::Key(Choice {
            value: tablemate::worldspanner::Faction::Lords,
            label: String::new(),
        })),
    );
    send(app, ws::Message::Form(FormMsg::Rating("5".into())));
    send(app, ws::Message::Draw);
}
