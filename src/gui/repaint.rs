//! Repainting the whole window after every change, so no old pixels stay on screen (issue 18
//! §5, docs/architecture.md "Repainting").
//!
//! iced 0.14's CPU renderer (`iced_tiny_skia`) repaints only the regions it finds changed between
//! two frames, and it finds too little: a text drawn centred or right-aligned from a point
//! (canvas labels, a pick list's value, its arrow) counts as changed only right of and below
//! that point, a stroke only inside its path (not its width), a border not at the very edge of
//! its box, and a shadow is painted unclipped over whatever surrounds it at every
//! partial repaint. What it missed stays on screen: half a "which hero" under the Dome question,
//! rank numbers beside the board editor, 1-px lines, a help frame darker at each repaint (the
//! dialog has no shadow any more: `style::dialog`).
//!
//! The work-around is ours, not iced's: a transparent canvas over the whole window that draws a
//! transparent rectangle in the first frame after each change (a new `generation`). iced never
//! finds such a drawing unchanged, so that frame, and the one after it, are repainted whole.
//! Frames that only follow the pointer (hover colours) keep iced's cheap partial repaint: they
//! move nothing.

use std::cell::Cell;

use iced::mouse;
use iced::widget::{canvas, stack};
use iced::{Color, Element, Fill, Point, Rectangle, Renderer, Theme};

/// The canvas: `generation` changes with every update of the app.
struct Repaint {
    generation: u64,
}

/// The generation last painted whole.
#[derive(Default)]
struct Painted(Cell<Option<u64>>);

impl<M> canvas::Program<M> for Repaint {
    type State = Painted;

    fn draw(
        &self,
        painted: &Painted,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<canvas::Geometry> {
        if painted.0.replace(Some(self.generation)) == Some(self.generation) {
            return Vec::new();
        }
        let mut frame = canvas::Frame::new(renderer, bounds.size());
        frame.fill_rectangle(Point::ORIGIN, bounds.size(), Color::TRANSPARENT);
        vec![frame.into_geometry()]
    }
}

/// `page` with the repaint canvas over it. It takes no events and shows no pointer, so the
/// page under it works as before.
pub fn whole<'a, M: 'a>(page: Element<'a, M>, generation: u64) -> Element<'a, M> {
    stack![
        page,
        canvas(Repaint { generation }).width(Fill).height(Fill)
    ]
    .into()
}
