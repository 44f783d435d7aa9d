//! Issue 18 §2: the Worldspanner main loop on one screen, in the window the app opens on a
//! 1024×768 screen (normal type) and on a 1366×768 screen with large type: the step bar with
//! Next step, Draw, the Domes board, the picked hero's Dismiss and Banish, and every hero
//! tile's action are whole and inside the window, none in a scrolled-away or clipped part.

use iced::Rectangle;
use iced_test::selector::{Candidate, Target};
use tablemate::gui::worldspanner::{self, HeroOp};
use tablemate::gui::{App, Message};
use tablemate::worldspanner::{HeroRef, TeamSide};

use super::Result;
use super::table_screens::start_worldspanner;

/// The window the app opens on a screen (90% of it, settings::fit), in screen pixels, and
/// whether large type is on: 1024×768 in normal type, 1366×768 with large type.
const WINDOWS: [(&str, (f32, f32), bool); 3] = [
    ("1024x768", (921.6, 691.2), false),
    ("1366x768 large type", (1229.4, 691.2), true),
    // Narrower than the board column allows (709 units): the board joins the challenge
    // column's scroll; the step bar, Draw and every hero's action stay in view.
    ("1024x768 large type", (921.6, 691.2), true),
];

/// Every text drawn in a window of `size` (app units): its content, its bounds and the part
/// of it in view (None when scrolled away or clipped whole).
fn texts(app: &App, size: (f32, f32)) -> Vec<(String, Rectangle, Option<Rectangle>)> {
    let mut found = Vec::new();
    let mut ui =
        iced_test::Simulator::with_size(iced_test::core::Settings::default(), size, app.view());
    let _ = ui.find(|c: Candidate<'_>| -> Option<Target> {
        if let Target::Text {
            content,
            bounds,
            visible_bounds,
            ..
        } = Target::from(c)
        {
            found.push((content, bounds, visible_bounds));
        }
        None
    });
    found
}

/// Asserts that `label` is drawn at least `times` times, each whole, in view and inside the
/// window of `size`.
fn all_in_view(app: &App, name: &str, size: (f32, f32), label: &str, times: usize) {
    let shown = texts(app, size);
    let hits: Vec<_> = shown.iter().filter(|(t, _, _)| t == label).collect();
    assert!(
        hits.len() >= times,
        "at {name}: {label:?} drawn {} times, wanted {times}",
        hits.len()
    );
    for (_, b, v) in hits {
        let whole =
            v.is_some_and(|v| (v.width - b.width).abs() < 0.5 && (v.height - b.height).abs() < 0.5);
        let inside =
            b.x >= 0.0 && b.y >= 0.0 && b.x + b.width <= size.0 && b.y + b.height <= size.1;
        assert!(
            whole && inside,
            "at {name} ({size:?}): {label:?} at {b:?} is cut or out of view (visible {v:?})"
        );
    }
}

fn hero(team: TeamSide, hero: usize) -> HeroRef {
    HeroRef { team, hero }
}

/// Every hero's tile is drawn once with its action, each in view; the loop's fixed controls too.
fn the_loop_is_in_view(app: &App, name: &str, size: (f32, f32), actions: &[(&str, usize)]) {
    for label in ["Draw challenge card", "Next step"] {
        all_in_view(app, name, size, label, 1);
    }
    if size.0 >= 800.0 {
        all_in_view(app, name, size, "6.4", 1);
    }
    for (label, times) in actions {
        all_in_view(app, name, size, label, *times);
    }
    // The picked hero's removals (docs/worldspanner.md: in the strip above the tiles).
    for label in ["Dismiss", "Banish"] {
        all_in_view(app, name, size, label, 1);
    }
}

#[test]
fn the_worldspanner_loop_is_in_view_without_scrolling_at_1024_and_with_large_type_at_1366() -> Result
{
    for (name, (w, h), large) in WINDOWS {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::LargeType(large));
        let scale = app.scale_factor();
        let size = (w / scale, h / scale);
        start_worldspanner(&mut app)?;
        // Round 1, Reinforce: all eight heroes wait, each with Enter on its tile.
        the_loop_is_in_view(&app, name, size, &[("Enter", 8)]);
        // Each tile's name is whole with the number that tells the numbered heroes apart
        // ("Skyhawks hero" was cut before it at 1024): the column already names the team.
        for n in 1..=8 {
            all_in_view(&app, name, size, &format!("Hero {n}"), 1);
        }
        // Three heroes of each team entered and placed: round 2, Skyhawks' Free step. The
        // three in Domes offer Leave Dome; a picked hero's Dismiss and Banish act.
        for team in TeamSide::BOTH {
            for i in 0..3 {
                let _ = app
                    .update(worldspanner::Message::Hero(hero(team, i), HeroOp::Reinforce).into());
                let _ = app.update(worldspanner::Message::Place(None).into());
            }
            let _ = app.update(worldspanner::Message::NextStep.into());
        }
        the_loop_is_in_view(&app, name, size, &[("Leave Dome", 3)]);
        // The placed heroes' Dome places show their names whole (sized to fit): each of
        // heroes 1 to 3 in its tile and in both teams' places on the board.
        if size.0 >= 800.0 {
            for n in 1..=3 {
                all_in_view(&app, name, size, &format!("Hero {n}"), 3);
            }
        }
    }
    Ok(())
}

/// With the share panel open beside the table (the window narrower by the panel), the picked
/// hero's strip puts its counts on more rows instead of cutting them: every count and button of
/// the strip is whole and in view at 1024×768 and with large type at 1366×768.
#[test]
fn the_picked_heroes_strip_is_whole_with_the_share_panel_open() -> Result {
    for (name, (w, h), large) in &WINDOWS[..2] {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::LargeType(*large));
        let scale = app.scale_factor();
        let size = (w / scale, h / scale);
        start_worldspanner(&mut app)?;
        // The panel shows at once ("Starting…"); the host's start is a task not run here.
        super::click(&mut app, "Share")?;
        assert!(super::shows(&app, "Share to the table"), "at {name}");
        for (label, times) in [
            ("Use", 1),
            ("+", 3),
            ("−", 2),
            ("Dismiss", 1),
            ("Banish", 1),
            ("0 gold", 1),
        ] {
            all_in_view(&app, name, size, label, times);
        }
    }
    Ok(())
}
