//! A window drawn the way the real one is (issue 18 §5): iced's CPU renderer repaints only the
//! regions it finds changed between two frames (`iced_tiny_skia`'s damage tracking) over the
//! last frame's pixels. Shared by the repaint test (tests/gui/repaint.rs) and the repaint bench
//! (benches/repaint.rs).
#![allow(dead_code)]

use iced::advanced::renderer::Style;
use iced::theme::Base;
use iced::{Event, Font, Pixels, Point, Rectangle, Size, mouse, window};
use iced_runtime::user_interface::{self, UserInterface};
use iced_tiny_skia::Layer;
use iced_tiny_skia::graphics::{Viewport, damage};
use tablemate::gui::App;

/// A window as the compositor keeps it: its pixels and the layers of the frame they show.
pub struct Window {
    pub size: Size,
    renderer: iced_tiny_skia::Renderer,
    cache: Option<user_interface::Cache>,
    last: Option<Vec<Layer>>,
    pub pixels: Vec<u8>,
}

impl Window {
    pub fn new(size: (f32, f32)) -> Self {
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
    pub fn frame(&mut self, app: &App) {
        self.frame_at(app, None);
    }

    /// [`Window::frame`] with the pointer at `pointer`: the pointer's move is given to the
    /// widgets first (hover colours), as the window does for a frame that only follows the
    /// pointer (no message, no update of the app).
    pub fn frame_at(&mut self, app: &App, pointer: Option<Point>) {
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
    pub fn save(&self, name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("tablemate-repaint-{name}.ppm"));
        let mut out = format!("P6 {} {} 255\n", self.size.width, self.size.height).into_bytes();
        for px in self.pixels.chunks(4) {
            out.extend_from_slice(&px[..3]);
        }
        let _ = std::fs::write(&path, out);
        path
    }
}

/// How many pixels of `a` and `b` differ.
pub fn differing(a: &Window, b: &Window) -> usize {
    a.pixels
        .chunks(4)
        .zip(b.pixels.chunks(4))
        .filter(|(a, b)| a != b)
        .count()
}
