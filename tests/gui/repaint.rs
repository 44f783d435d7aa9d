//! Old pixels never stay on screen (issue 18 §5). The window is drawn the way the real one
//! is: iced's CPU renderer repaints only the regions it finds changed between two frames
//! (`iced_tiny_skia`'s damage tracking), so a frame drawn after a change must equal a fresh
//! drawing of the same state. docs/architecture.md ("Repainting") says why it did not.

use iced::Point;
use tablemate::doc::Kind;
use tablemate::furtherance::Square;
use tablemate::gui::worldspanner::HeroOp;
use tablemate::gui::{App, Message, Shortcut, furtherance, worldspanner};
use tablemate::worldspanner::team::{HeroRef, TeamSide};

use super::click;
use super::shared::frames::{Window, differing};

/// Draws `app`, applies each change with a frame after it (as the window does), and compares
/// the last frame with a fresh drawing of the same state: the pixels that differ are old
/// pixels left on screen.
fn stale_pixels(app: &mut App, size: (f32, f32), name: &str, changes: Vec<Message>) -> usize {
    let mut window = Window::new(size);
    window.frame(app);
    for change in changes {
        let _ = app.update(change);
        window.frame(app);
    }
    let mut fresh = Window::new(size);
    fresh.frame(app);
    let differ = differing(&window, &fresh);
    if differ > 0 {
        eprintln!(
            "{name}: {differ} stale pixels; after the changes {:?}, fresh {:?}",
            window.save(name),
            fresh.save(&format!("{name}-fresh"))
        );
    }
    differ
}

fn app() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = App::open(dir.path().to_path_buf());
    (dir, app)
}

/// A Worldspanner game at round 1, Reinforce (numbered heroes).
fn worldspanner_started() -> std::result::Result<(tempfile::TempDir, App), iced_test::Error> {
    let (dir, mut app) = app();
    super::table_screens::start_worldspanner(&mut app)?;
    Ok((dir, app))
}

#[test]
fn the_dome_question_leaves_no_old_pixels_of_the_challenge_panel() -> super::Result {
    for size in [(1024.0, 768.0), (1366.0, 768.0)] {
        let (_dir, mut app) = worldspanner_started()?;
        let hero = HeroRef {
            team: TeamSide::Skyhawks,
            hero: 0,
        };
        let stale = stale_pixels(
            &mut app,
            size,
            "worldspanner-dome-question",
            vec![
                worldspanner::Message::Hero(hero, HeroOp::Reinforce).into(),
                worldspanner::Message::Place(None).into(),
                worldspanner::Message::Hero(HeroRef { hero: 1, ..hero }, HeroOp::Reinforce).into(),
                Message::Undo,
                Message::Undo,
            ],
        );
        assert_eq!(stale, 0, "old pixels stayed on screen at {size:?}");
    }
    Ok(())
}

#[test]
fn help_closed_with_its_key_leaves_no_old_pixels() -> super::Result {
    let (_dir, mut app) = worldspanner_started()?;
    let stale = stale_pixels(
        &mut app,
        (1024.0, 768.0),
        "help",
        vec![
            Message::Shortcut(Shortcut::Help),
            Message::Shortcut(Shortcut::Help),
        ],
    );
    assert_eq!(stale, 0, "old pixels stayed on screen");
    Ok(())
}

#[test]
fn a_move_undone_on_the_furtherance_board_leaves_no_old_pixels() -> super::Result {
    let (_dir, mut app) = app();
    click(&mut app, Kind::Furtherance.title())?;
    // A fixed seed: the enemy's draws are the same on every run.
    let _ =
        app.update(furtherance::Message::Setup(furtherance::SetupField::Seed("7".into())).into());
    let _ = app.update(furtherance::Message::Start.into());
    let sq = |t: &str| Square::parse(t).expect("square");
    let stale = stale_pixels(
        &mut app,
        (1024.0, 768.0),
        "furtherance-undo",
        vec![
            Message::ToggleHistory,
            furtherance::Message::OpenBoard.into(),
            furtherance::Message::Square(sq("c4")).into(),
            Message::Undo,
            Message::Shortcut(Shortcut::Back),
            Message::ToggleHistory,
        ],
    );
    assert_eq!(stale, 0, "old pixels stayed on screen");
    Ok(())
}

/// The "?" over help (issue 18 §5): help opened with its key ("?"), then frames that only
/// follow the pointer, back and forth between the middle of the window and the dialog's Close
/// (its hover colour changes, nothing else: iced repaints just that region). The last frame
/// must equal a fresh drawing with the pointer at the same place. With the dialog's old shadow
/// every such frame painted the shadow again outside the region repainted, darker each time.
#[test]
fn the_pointer_over_help_opened_with_its_key_leaves_no_old_pixels() -> super::Result {
    for size in [(1024.0, 768.0), (1366.0, 768.0)] {
        let (_dir, mut app) = worldspanner_started()?;
        let middle = Point::new(size.0 * 0.5, size.1 * 0.5);
        let mut window = Window::new(size);
        window.frame_at(&app, Some(middle));
        let _ = app.update(Message::Shortcut(Shortcut::Help));
        window.frame_at(&app, Some(middle));
        let close = {
            let mut ui = iced_test::Simulator::with_size(
                iced_test::core::Settings::default(),
                size,
                app.view(),
            );
            ui.find("Close")?.bounds().center()
        };
        // Over Close and away again, three times, a few pixels a step, then rest on Close.
        for _ in 0..3 {
            for (from, to) in [(middle, close), (close, middle)] {
                for step in 1..=8 {
                    let t = step as f32 / 8.0;
                    let at = Point::new(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
                    window.frame_at(&app, Some(at));
                }
            }
        }
        window.frame_at(&app, Some(close));
        let mut fresh = Window::new(size);
        fresh.frame_at(&app, Some(close));
        let differ = differing(&window, &fresh);
        if differ > 0 {
            eprintln!(
                "help-pointer: {differ} stale pixels at {size:?}; {:?}, fresh {:?}",
                window.save("help-pointer"),
                fresh.save("help-pointer-fresh")
            );
        }
        assert_eq!(differ, 0, "old pixels stayed on screen at {size:?}");
    }
    Ok(())
}
