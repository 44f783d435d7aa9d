//! A horizontal bar chart on a `canvas` (as iced's `game_of_life` draws its board: the data
//! apart, the drawing here): one row per item, its label on the left, one or two bars (the
//! table's figure, and beside it the simulated player's) and the figure in words at the end.
//! Horizontal bars keep long labels ("Transcontinental Railroad") whole and readable with
//! large type, which scales the whole canvas.

use iced::widget::canvas::{self, Frame, Geometry, Path, Text};
use iced::{Color, Length, Point, Rectangle, Renderer, Size, Theme, mouse};

use crate::gui::style;

/// One row: its label, its values (0 to `max`; one per series) and the figure in words.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub label: String,
    pub values: Vec<f64>,
    pub figure: String,
}

/// A chart: its rows, the value a full bar stands for, and the series' names (for the key).
#[derive(Debug, Clone, PartialEq)]
pub struct Bars {
    pub rows: Vec<Bar>,
    pub max: f64,
    pub series: Vec<&'static str>,
}

/// Height of one row per series, and the room the key takes.
const ROW: f32 = 26.0;
const GAP: f32 = 10.0;
const KEY: f32 = 24.0;
const LABEL_SHARE: f32 = 0.30;
const FIGURE_SHARE: f32 = 0.30;

impl Bars {
    /// The height the chart needs for its rows.
    pub fn height(&self) -> Length {
        let per_row = ROW * self.series.len().max(1) as f32 + GAP;
        let key = if self.series.len() > 1 { KEY } else { 0.0 };
        Length::Fixed(self.rows.len() as f32 * per_row + key + 4.0)
    }
}

impl<M> canvas::Program<M> for Bars {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        let ink = theme.palette().text;
        let track = Color { a: 0.10, ..ink };
        let label_w = bounds.width * LABEL_SHARE;
        let figure_w = bounds.width * FIGURE_SHARE;
        let bar_w = (bounds.width - label_w - figure_w - 16.0).max(20.0);
        let colour = |s: usize| style::seat_colour(theme, s);
        let mut y = 0.0;
        if self.series.len() > 1 {
            let mut x = 0.0;
            for (s, name) in self.series.iter().enumerate() {
                frame.fill_rectangle(Point::new(x, 5.0), Size::new(14.0, 14.0), colour(s));
                frame.fill_text(Text {
                    content: (*name).to_string(),
                    position: Point::new(x + 20.0, 3.0),
                    color: ink,
                    size: style::SMALL.into(),
                    ..Text::default()
                });
                x += 28.0 + name.len() as f32 * 8.0;
            }
            y += KEY;
        }
        let max = if self.max > 0.0 { self.max } else { 1.0 };
        for row in &self.rows {
            let rows_h = ROW * self.series.len().max(1) as f32;
            frame.fill_text(Text {
                content: fit(&row.label, label_w),
                position: Point::new(0.0, y + rows_h / 2.0 - 9.0),
                color: ink,
                size: style::SMALL.into(),
                ..Text::default()
            });
            for (s, value) in row.values.iter().enumerate() {
                let top = y + s as f32 * ROW + 3.0;
                let x = label_w + 8.0;
                frame.fill_rectangle(Point::new(x, top), Size::new(bar_w, ROW - 6.0), track);
                let w = (value / max).clamp(0.0, 1.0) as f32 * bar_w;
                let bar = Path::rectangle(Point::new(x, top), Size::new(w, ROW - 6.0));
                frame.fill(&bar, colour(s));
            }
            frame.fill_text(Text {
                content: fit(&row.figure, figure_w),
                position: Point::new(label_w + bar_w + 16.0, y + rows_h / 2.0 - 9.0),
                color: ink,
                size: style::SMALL.into(),
                ..Text::default()
            });
            y += rows_h + GAP;
        }
        vec![frame.into_geometry()]
    }
}

/// `text` cut to what fits in `width` pixels at the small size (about 7.5 px a character),
/// ending in `…` when cut: the whole text is in the Numbers table.
fn fit(text: &str, width: f32) -> String {
    let chars = (width / 7.5).floor().max(4.0) as usize;
    crate::doc::elide(text, chars).into_owned()
}
