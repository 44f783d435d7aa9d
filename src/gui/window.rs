//! The window at the table: it opens at the size and place it had, shrunk to fit the screen it
//! lands on (at most 90%, so a 1366×768 laptop shows it whole), remembers where the player
//! moves and sizes it, and on close waits for the last save before quitting.

use iced::{Size, Task, window};

use super::settings::{self, Place};
use super::shell::{App, Message};

impl App {
    /// Remembers where the window is; on close, waits for the last save, keeps the place in
    /// the settings, then quits.
    pub(super) fn window(&mut self, id: window::Id, event: window::Event) -> Task<Message> {
        let scale = self.scale_factor();
        let mut place = self.place.unwrap_or(Place {
            width: settings::WANTED_SIZE.width,
            height: settings::WANTED_SIZE.height,
            x: None,
            y: None,
        });
        match event {
            window::Event::Opened { position, size } => {
                (place.width, place.height) = (size.width * scale, size.height * scale);
                if let Some(p) = position {
                    (place.x, place.y) = (Some(p.x), Some(p.y));
                }
            }
            window::Event::Resized(size) => {
                (place.width, place.height) = (size.width * scale, size.height * scale);
            }
            // iced reports a move in the app's scaled units (a size too), but moves the window
            // in screen units: keep screen units, so large type does not shift the window.
            window::Event::Moved(p) => (place.x, place.y) = (Some(p.x * scale), Some(p.y * scale)),
            window::Event::CloseRequested => {
                if !self.may_close() {
                    return Task::none();
                }
                if self.place.is_some() {
                    self.prefs.settings.window = self.place;
                    self.save_settings();
                }
                return window::close(id).chain(iced::exit());
            }
            _ => return Task::none(),
        }
        self.place = Some(place);
        Task::none()
    }

    /// The first window, at the remembered size and place, shrunk to fit the screen it opened on.
    pub(super) fn fit(&mut self, id: window::Id, screen: Size) -> Task<Message> {
        let (size, at) = settings::reopen(self.prefs.settings.window, screen, self.scale_factor());
        window::resize(id, size).chain(window::move_to(id, at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced::Point;

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 0.01
    }

    #[test]
    fn a_window_closed_with_large_type_on_reopens_at_the_size_and_place_it_had() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::LargeType(true));
        let scale = app.scale_factor();
        assert!(scale > 1.0);
        // The player sizes the window to 1100×650 screen pixels at (100, 50) on a 1366×768
        // screen; iced reports sizes, moves and the screen in the app's scaled units.
        let win = window::Id::unique();
        let events = [
            window::Event::Resized(Size::new(1100.0 / scale, 650.0 / scale)),
            window::Event::Moved(Point::new(100.0 / scale, 50.0 / scale)),
            window::Event::CloseRequested,
        ];
        for e in events {
            let _ = app.update(Message::Window(win, e));
        }
        drop(app);
        let again = App::open(dir.path().to_path_buf());
        let screen = Size::new(1366.0 / scale, 768.0 / scale);
        let (size, at) = settings::reopen(again.settings().window, screen, again.scale_factor());
        // Resizing takes scaled units, moving takes screen units (iced_winit).
        assert!(
            close(size.width * scale, 1100.0) && close(size.height * scale, 650.0),
            "{size:?}"
        );
        assert!(close(at.x, 100.0) && close(at.y, 50.0), "{at:?}");
    }
}
