//! What the whole-window repaint after every update costs (issue 18 §5, docs/architecture.md
//! "Repainting"): a Furtherance game in a 1366×768 window, drawn as the real window is
//! (`tests/shared/frames.rs`: the UI built, laid out, drawn into layers, and the regions iced
//! finds changed painted over the last frame). Three frames are timed:
//! - `after_update`: the frame after a change (the work-around repaints it whole);
//! - `pointer_only`: a frame that only follows the pointer over a button (iced's partial
//!   repaint of the hover colour);
//! - `unchanged`: a frame with nothing changed (nothing painted), the cost of building and
//!   drawing the UI into layers alone.
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use iced::Point;
use tablemate::doc::Kind;
use tablemate::gui::{App, Message, Screen, furtherance, home};

#[path = "../tests/shared/frames.rs"]
mod frames;

use frames::Window;

const SIZE: (f32, f32) = (1366.0, 768.0);

/// A Furtherance game started from Home, as a player starts it.
fn furtherance() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = App::open(dir.path().to_path_buf());
    let _ = app.update(Message::Home(home::Message::NewGame(Kind::Furtherance)));
    let _ = app.update(furtherance::Message::Start.into());
    assert!(
        matches!(&app.screen, Screen::Furtherance(s) if s.game().is_some()),
        "the game did not start"
    );
    (dir, app)
}

fn repaint(c: &mut Criterion) {
    let (_dir, mut app) = furtherance();
    let mut group = c.benchmark_group("repaint_1366x768");
    let mut window = Window::new(SIZE);
    window.frame(&app);
    group.bench_function("after_update", |b| {
        b.iter(|| {
            // The enemies' arrows on and off: a change that redraws the board.
            let _ = app.update(
                furtherance::Message::Arrows(Some(tablemate::furtherance::Seat::Left)).into(),
            );
            window.frame(&app);
            let _ = app.update(furtherance::Message::Arrows(None).into());
            window.frame(&app);
            black_box(&window.pixels);
        })
    });
    let mut window = Window::new(SIZE);
    window.frame(&app);
    // On the top bar's Undo and off it again: its hover colour changes, nothing else.
    let (on, off) = (Point::new(700.0, 40.0), Point::new(700.0, 400.0));
    group.bench_function("pointer_only", |b| {
        b.iter(|| {
            window.frame_at(&app, Some(on));
            window.frame_at(&app, Some(off));
            black_box(&window.pixels);
        })
    });
    group.bench_function("unchanged", |b| {
        b.iter(|| {
            window.frame_at(&app, Some(off));
            window.frame_at(&app, Some(off));
            black_box(&window.pixels);
        })
    });
    group.finish();
}

criterion_group!(benches, repaint);
criterion_main!(benches);
