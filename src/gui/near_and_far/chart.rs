//! The journey-points chart: one line per character across the sessions played (the map under
//! each column), per session or as the running campaign total. The numbers come from
//! `near_and_far::chart`; this only draws them.

use iced::mouse;
use iced::widget::canvas::{self, Frame, Geometry, Path, Stroke, Text};
use iced::widget::{Row, canvas as canvas_widget, checkbox, column, container, row, text};
use iced::{Center, Element, Fill, Length, Point, Rectangle, Renderer, Theme};

use super::{Message, State};
use crate::gui::{style, widgets};
use crate::near_and_far::Campaign;
use crate::near_and_far::chart::{JourneyChart, axis, journey_chart};

#[derive(Debug, Clone)]
pub enum Msg {
    RunningTotal(bool),
}

struct Plot {
    chart: JourneyChart,
    running: bool,
}

impl Plot {
    fn values(&self, series: usize) -> Vec<Option<i32>> {
        let s = &self.chart.series[series];
        if self.running {
            s.running_total.iter().map(|v| Some(*v)).collect()
        } else {
            s.points.clone()
        }
    }

    /// The axis (low end, high end, step) for the values shown: the points and the grid
    /// labels use the same scale (`chart::axis`).
    fn range(&self) -> (i32, i32, i32) {
        let mut lo = 0;
        let mut hi = 10;
        for i in 0..self.chart.series.len() {
            for v in self.values(i).into_iter().flatten() {
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
        axis(lo, hi)
    }
}

impl canvas::Program<Message> for Plot {
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
        let (_, _, grid, _) = style::board_colours(theme);
        let ink = theme.palette().text;
        let (left, right, top, bottom) = (56.0, 20.0, 16.0, 40.0);
        let w = (bounds.width - left - right).max(1.0);
        let h = (bounds.height - top - bottom).max(1.0);
        let (lo, hi, step) = self.range();
        let span = (hi - lo).max(1) as f32;
        let y_of = |v: i32| top + h - (v - lo) as f32 / span * h;
        let n = self.chart.columns.len();
        let x_of = |i: usize| {
            left + if n <= 1 {
                w / 2.0
            } else {
                i as f32 * w / (n - 1) as f32
            }
        };
        // Horizontal grid lines with their values.
        let mut v = lo;
        while v <= hi {
            let y = y_of(v);
            frame.stroke(
                &Path::line(Point::new(left, y), Point::new(left + w, y)),
                Stroke::default().with_color(grid).with_width(1.0),
            );
            frame.fill_text(Text {
                content: v.to_string(),
                position: Point::new(left - 8.0, y),
                color: ink,
                size: style::SMALL.into(),
                align_x: iced::alignment::Horizontal::Right.into(),
                align_y: iced::alignment::Vertical::Center,
                ..Text::default()
            });
            v += step;
        }
        for (i, col) in self.chart.columns.iter().enumerate() {
            frame.fill_text(Text {
                content: format!("Map {}", col.map.get()),
                position: Point::new(x_of(i), top + h + 10.0),
                color: ink,
                size: style::SMALL.into(),
                align_x: iced::alignment::Horizontal::Center.into(),
                ..Text::default()
            });
        }
        for s in 0..self.chart.series.len() {
            let colour = style::seat_colour(theme, s);
            let values = self.values(s);
            let points: Vec<Point> = values
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|v| Point::new(x_of(i), y_of(v))))
                .collect();
            if points.len() > 1 {
                let path = Path::new(|b| {
                    b.move_to(points[0]);
                    for p in &points[1..] {
                        b.line_to(*p);
                    }
                });
                frame.stroke(&path, Stroke::default().with_color(colour).with_width(3.0));
            }
            for p in points {
                frame.fill(&Path::circle(p, 5.0), colour);
            }
        }
        vec![frame.into_geometry()]
    }
}

impl State {
    pub(super) fn view_chart<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let chart = journey_chart(c);
        if chart.columns.is_empty() {
            return text("The chart fills in as sessions are scored.")
                .size(style::BODY)
                .style(style::muted)
                .into();
        }
        let mut legend = Row::new().spacing(20);
        for (i, s) in chart.series.iter().enumerate() {
            legend = legend.push(
                row![
                    container(text(""))
                        .width(Length::Fixed(18.0))
                        .height(Length::Fixed(18.0))
                        .style(move |t: &Theme| {
                            let mut st = style::card(t);
                            st.background = Some(style::seat_colour(t, i).into());
                            st
                        }),
                    text(format!("{} ({}): {}", s.character, s.player, s.total)).size(style::BODY),
                ]
                .spacing(6)
                .align_y(Center),
            );
        }
        let plot = Plot {
            chart,
            running: self.running_total,
        };
        column![
            widgets::heading("Journey points per map"),
            checkbox(self.running_total)
                .label("Show the running campaign total")
                .on_toggle(|b| Message::Chart(Msg::RunningTotal(b)))
                .text_size(style::BODY),
            legend.wrap(),
            container(canvas_widget(plot).width(Fill).height(Length::Fixed(420.0)))
                .padding(8)
                .style(style::card),
        ]
        .spacing(style::GAP)
        .into()
    }
}
