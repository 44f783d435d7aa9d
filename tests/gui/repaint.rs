//! Old pixels never stay on screen (issue 18 §5). The window is drawn the way the real one
//! is: iced's CPU renderer repaints only the regions it finds changed between two frames
//! (`iced_tiny_skia`'s damage tracking), so a frame drawn after a change must equal a fresh
//! drawing of the same state. docs/architecture.md ("Repainting") says why it did not.

use iced::advanced::renderer::Style;
use iced::theme::Base;
use iced::{Event, Font, Pixels, Point, Rectangle, Size, mouse, window};
use iced_runtime::user_interface::{self, UserInterface};
use iced_tiny_skia::Layer;
use iced_tiny_skia::graphics::{Viewport, damage};
use tablemate::doc::Kind;
use tablemate::furtherance::Square;
use tablemate::gui::worldspanner::HeroOp;
use tablemate::gui::{App, Message, Shortcut, furtherance, worldspanner};
use tablemate::worldspanner::team::{HeroRef, TeamSide};

use super::click;

/// A window as the compositor keeps it: its pixels and the layers of the frame they show.
struct Window {
    size: Size,
    renderer: iced_tiny_skia::Renderer,
    cache: Option<user_interface::Cache>,
    last: Option<Vec<Layer>>,
    pixels: Vec<u8>,
}

impl Window {
    fn new(size: (f32, f32)) -> Self {
        let size = Size::new(size.0, size.1);
        Window {
            size,
            renderer: iced_tiny_skia::Renderer::new(Font::with_name("Fira Sans"), Pixels(16.0)),
            cache: Some(user_interface::Cache::default()),
            last: None,
            pixels: vec![0; (size.width * size.height) as usize * 4],
        }
    }

    /// Draws `app`'s frame as iced's compositor presents it: only the damaged regions are
    /// repainted over the last frame's pixels (the whole window the first time).
    fn frame(&mut self, app: &App) {
        self.frame_at(app, None);
    }

    /// [`Window::frame`] with the pointer at `pointer`: the pointer's move is given to the
    /// widgets first (hover colours), as the window does for a frame that only follows the
    /// pointer (no message, no update of the app).
    fn frame_at(&mut self, app: &App, pointer: Option<Point>) {
        let theme = app.theme();
        let base = theme.base();
        let cache = self.cache.take().unwrap_or_default();
        let mut ui = UserInterface::build(app.view(), self.size, cache, &mut self.renderer);
        let cursor = pointer.map_or(mouse::Cursor::Unavailable, mouse::Cursor::Available);
        if let Some(position) = pointer {
            let events = [
                Event::Mouse(mouse::Event::CursorMoved { position }),
                Event::Window(window::Event::RedrawRequested(std::time::Instant::now())),
            ];
            let mut messages = Vec::new();
            let _ = ui.update(
                &events,
                cursor,
                &mut self.renderer,
                &mut iced::advanced::clipboard::Null,
                &mut messages,
            );
            assert!(messages.is_empty(), "moving the pointer sent {messages:?}");
        }
        ui.draw(
            &mut self.renderer,
            &theme,
            &Style {
                text_color: base.text_color,
            },
            cursor,
        );
        self.cache = Some(ui.into_cache());
        let whole = Rectangle::with_size(self.size);
        let layers = self.renderer.layers().to_vec();
        let damage = match &self.last {
            Some(last) => damage::diff(last, &layers, |l| vec![l.bounds], Layer::damage),
            None => vec![whole],
        };
        let damage = damage::group(damage, whole);
        self.last = Some(layers);
        if damage.is_empty() {
            return;
        }
        let (w, h) = (self.size.width as u32, self.size.height as u32);
        let mut pixmap = tiny_skia::PixmapMut::from_bytes(&mut self.pixels, w, h).expect("pixmap");
        let mut mask = tiny_skia::Mask::new(w, h).expect("mask");
        self.renderer.draw(
            &mut pixmap,
            &mut mask,
            &Viewport::with_physical_size(Size::new(w, h), 1.0),
            &damage,
            base.background_color,
        );
    }

    /// Writes the frame as a PPM picture (to look at when a comparison fails).
    fn save(&self, name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("tablemate-repaint-{name}.ppm"));
        let mut out = format!("P6 {} {} 255\n", self.size.width, self.size.height).into_bytes();
        for px in self.pixels.chunks(4) {
            out.extend_from_slice(&px[..3]);
        }
        let _ = std::fs::write(&path, out);
        path
    }
}

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
    let differ = window
        .pixels
        .chunks(4)
        .zip(fresh.pixels.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
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
            use iced_test::selector::Bounded;
            let mut ui = iced_test::Simulator::with_size(
                iced_test::core::Settings::default(),
                size,
                app.view(),
            );
            ui.find("Close")?.bounds().center()
        };
        // Over Close and away again, three times, a few pixels a step.
        let mut last = middle;
        for _ in 0..3 {
            for (from, to) in [(middle, close), (close, middle)] {
                for step in 1..=8 {
                    let t = step as f32 / 8.0;
                    last = Point::new(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
                    window.frame_at(&app, Some(last));
                }
            }
        }
        // And rest on Close.
        window.frame_at(&app, Some(close));
        last = close;
        let mut fresh = Window::new(size);
        fresh.frame_at(&app, Some(last));
        let differ = window
            .pixels
            .chunks(4)
            .zip(fresh.pixels.chunks(4))
            .filter(|(a, b)| a != b)
            .count();
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
