//! The window at the table: it opens at the size and place it had, shrunk to fit the screen it
//! lands on (at most 90%, so a 1366×768 laptop shows it whole), remembers where the player
//! moves and sizes it, and on close waits for the last save before quitting.

use iced::{Point, Size, Task, window};

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
            window::Event::Moved(p) => (place.x, place.y) = (Some(p.x), Some(p.y)),
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

    /// The first window, at the remembered size, shrunk to fit the screen it opened on.
    pub(super) fn fit(&mut self, id: window::Id, screen: Size) -> Task<Message> {
        let scale = self.scale_factor();
        let wanted = match self.prefs.settings.window {
            Some(p) => Size::new(p.width / scale, p.height / scale),
            None => Size::new(
                settings::WANTED_SIZE.width / scale,
                settings::WANTED_SIZE.height / scale,
            ),
        };
        let size = settings::fit(wanted, screen);
        let remembered = self.prefs.settings.window.and_then(|p| Some((p.x?, p.y?)));
        let at = match remembered {
            // Back where it was, if that is still on this screen.
            Some((x, y))
                if x + 40.0 < screen.width && y + 40.0 < screen.height && x >= 0.0 && y >= 0.0 =>
            {
                Point::new(x, y)
            }
            _ => Point::new(
                ((screen.width - size.width) / 2.0).max(0.0),
                ((screen.height - size.height) / 2.0).max(0.0),
            ),
        };
        window::resize(id, size).chain(window::move_to(id, at))
    }
}
