//! The board canvas: squares, castles and kingdoms in their owner's colour, walls (yours
//! faint: they stop nobody in solo play), the arrows of one enemy castle, units with their
//! attack, HP, damage and new-unit token, hourglass counters and HP of each castle, and the
//! highlights of the moment (selected unit, where it can go, what it can hit, the last move).
//! A click on a square publishes `Message::Square`.

use iced::alignment;
use iced::mouse;
use iced::widget::canvas::{self, Frame, Geometry, LineDash, Path, Stroke, Text};
use iced::widget::text::Alignment;
use iced::{Color, Pixels, Point, Rectangle, Renderer, Size, Theme, Vector};

use super::Message;
use crate::furtherance::square::Dir;
use crate::furtherance::{Game, Seat, Square, UnitId};
use crate::gui::style;

/// What the canvas shows besides the game itself.
pub struct BoardView<'a> {
    pub game: &'a Game,
    pub selected: Option<UnitId>,
    /// Squares the selected unit may move to.
    pub moves: Vec<Square>,
    /// Squares holding something the selected unit may attack (units, castle spaces).
    pub targets: Vec<Square>,
    /// The castle space a recruit is being chosen for.
    pub recruit: Option<Square>,
    /// The piece the last step moved or attacked with: ringed, with a "?" (its Why? is in
    /// the side panel, never over the board).
    pub actor: Option<UnitId>,
    /// The path of the last move, its start first (the unit at its end is the one that moved).
    pub path: Vec<Square>,
    /// The enemy castle whose arrows are drawn.
    pub arrows: Option<Seat>,
    /// Where each option of the waiting question stands (index for index), to ring and
    /// number on the board; the default one is drawn thicker.
    pub options: Vec<Option<Square>>,
    /// The labels' size relative to the squares: larger with large type (docs/table-ux.md 4),
    /// so the type on the board grows with the type around it.
    pub label_scale: f32,
}

/// Room left of and below the grid for the coordinates, in squares.
const MARGIN: f32 = 0.45;

/// The room below the grid with large type: the files' letters, a little tighter, so the grid
/// takes the height the larger page chrome leaves (docs/table-ux.md 4).
pub(super) const LARGE_MARGIN_BELOW: f32 = 0.28;

/// Top-left corner of the grid and the side of a square, for a canvas of `size`: the grid
/// fills the canvas but for a margin on the left and at the bottom for the coordinates.
pub(super) fn layout(size: Size) -> (Point, f32) {
    layout_with(size, MARGIN)
}

/// [`layout`] with `below` squares of room under the grid.
fn layout_with(size: Size, below: f32) -> (Point, f32) {
    let cell = (size.width / (7.0 + MARGIN))
        .min(size.height / (7.0 + below))
        .max(1.0);
    let origin = Point::new(
        (size.width - cell * (7.0 + MARGIN)) / 2.0 + cell * MARGIN,
        (size.height - cell * (7.0 + below)) / 2.0,
    );
    (origin, cell)
}

/// How much wider than tall the board is drawn: the grid with the ranks' margin at its left
/// and the files' row under it (tighter with large type).
pub(super) fn aspect(large_type: bool) -> f32 {
    let below = if large_type {
        LARGE_MARGIN_BELOW
    } else {
        MARGIN
    };
    (7.0 + MARGIN) / (7.0 + below)
}

/// The side of the 7×7 grid drawn in a canvas of `size` (the layout tests measure the board
/// with it).
pub fn grid_side(size: Size, large_type: bool) -> f32 {
    let below = if large_type {
        LARGE_MARGIN_BELOW
    } else {
        MARGIN
    };
    layout_with(size, below).1 * 7.0
}

/// The coordinates on the board's edges (docs/table-ux.md 5): files a–g under the grid, ranks 1–7
/// to its left, as the log and the questions name squares.
pub(super) fn draw_coordinates(frame: &mut Frame, theme: &Theme, origin: Point, cell: f32) {
    draw_coordinates_with(frame, theme, origin, cell, MARGIN, 1.0);
}

/// [`draw_coordinates`] with `below` squares of room under the grid and labels `scale` times
/// their usual size.
fn draw_coordinates_with(
    frame: &mut Frame,
    theme: &Theme,
    origin: Point,
    cell: f32,
    below: f32,
    scale: f32,
) {
    let colour = theme.palette().text.scale_alpha(0.8);
    for i in 0..7u8 {
        let file = char::from(b'a' + i).to_string();
        let x = origin.x + (f32::from(i) + 0.5) * cell;
        frame.fill_text(label(
            file,
            Point::new(x, origin.y + 7.0 * cell + cell * below / 2.0),
            // The files keep their size: their row is the one that gives up room.
            cell * 0.26 * scale.min(1.0),
            colour,
        ));
        let rank = (7 - i).to_string();
        let y = origin.y + (f32::from(i) + 0.5) * cell;
        frame.fill_text(label(
            rank,
            Point::new(origin.x - cell * MARGIN / 2.0, y),
            cell * 0.26 * scale,
            colour,
        ));
    }
}

/// The square under `p` (canvas coordinates), if any.
pub fn square_at(size: Size, p: Point) -> Option<Square> {
    square_at_with(size, p, MARGIN)
}

/// [`square_at`] with `below` squares of room under the grid.
fn square_at_with(size: Size, p: Point, below: f32) -> Option<Square> {
    let (origin, cell) = layout_with(size, below);
    let col = ((p.x - origin.x) / cell).floor();
    let row = ((p.y - origin.y) / cell).floor();
    if !(0.0..7.0).contains(&col) || !(0.0..7.0).contains(&row) {
        return None;
    }
    Square::new(col as i8 - 3, 3 - row as i8)
}

/// The top-left corner of square `s`.
pub(super) fn corner(origin: Point, cell: f32, s: Square) -> Point {
    Point::new(
        origin.x + f32::from(s.x() + 3) * cell,
        origin.y + f32::from(3 - s.y()) * cell,
    )
}

pub(super) fn centre(origin: Point, cell: f32, s: Square) -> Point {
    corner(origin, cell, s) + Vector::new(cell / 2.0, cell / 2.0)
}

pub(super) fn label(content: String, at: Point, size: f32, color: Color) -> Text {
    Text {
        content,
        position: at,
        color,
        size: Pixels(size),
        align_x: Alignment::Center,
        align_y: alignment::Vertical::Center,
        ..Text::default()
    }
}

/// Where each castle's HP and counters are written: the top-left square of the empty 2x2
/// corner nearest it.
fn info_corner(seat: Seat) -> Square {
    let (x, y) = match seat {
        Seat::Player => (2, -2),
        Seat::Left => (-3, -2),
        Seat::Across => (-3, 3),
        Seat::Right => (2, 3),
    };
    Square::new(x, y).unwrap_or_else(|| unreachable!("corner on the grid"))
}

impl BoardView<'_> {
    /// The room under the grid for the files' letters: tighter with large type.
    fn below(&self) -> f32 {
        if self.label_scale > 1.0 {
            LARGE_MARGIN_BELOW
        } else {
            MARGIN
        }
    }

    /// The question's options on the board: a ring and the option's number on each square,
    /// the default one thicker and marked "default".
    fn draw_options(&self, frame: &mut Frame, theme: &Theme, origin: Point, cell: f32) {
        let palette = theme.palette();
        let default = self.game.pending().map(|p| p.default);
        for (i, s) in self.options.iter().enumerate() {
            let Some(s) = s else { continue };
            let is_default = default == Some(i);
            let top = corner(origin, cell, *s);
            frame.stroke(
                &Path::rectangle(
                    top + Vector::new(2.0, 2.0),
                    Size::new(cell - 4.0, cell - 4.0),
                ),
                Stroke::default()
                    .with_color(palette.warning)
                    .with_width(if is_default { 7.0 } else { 4.0 }),
            );
            let badge = top + Vector::new(cell * 0.82, cell * 0.82);
            frame.fill(&Path::circle(badge, cell * 0.15), palette.warning);
            frame.fill_text(label(
                (i + 1).to_string(),
                badge,
                cell * 0.2,
                palette.background,
            ));
            if is_default {
                frame.fill_text(label(
                    "default".into(),
                    top + Vector::new(cell * 0.5, cell * 0.94),
                    cell * 0.15,
                    palette.text,
                ));
            }
        }
    }

    fn draw_squares(&self, frame: &mut Frame, theme: &Theme, origin: Point, cell: f32) {
        let board = self.game.board();
        let (field, _, grid, highlight) = style::board_colours(theme);
        for s in board.squares() {
            let top = corner(origin, cell, s);
            let rect = Path::rectangle(top, Size::new(cell, cell));
            frame.fill(&rect, field);
            let tint = Seat::ALL
                .iter()
                .copied()
                .find(|seat| board.kingdom(*seat).contains(&s))
                .map(|seat| (seat, board.castle_of(s).is_some()));
            if let Some((seat, castle)) = tint {
                let colour = style::seat_colour(theme, seat.index());
                frame.fill(&rect, colour.scale_alpha(if castle { 0.30 } else { 0.12 }));
            }
            if self.moves.contains(&s) {
                frame.fill(&rect, highlight.scale_alpha(0.40));
                // A dot as well as the shade: the mark reads without colour too.
                frame.fill(
                    &Path::circle(centre(origin, cell, s), cell * 0.09),
                    highlight,
                );
            }
            frame.stroke(&rect, Stroke::default().with_color(grid).with_width(1.0));
        }
        if let Some(s) = self.recruit {
            let top = corner(origin, cell, s);
            frame.fill(
                &Path::rectangle(top, Size::new(cell, cell)),
                highlight.scale_alpha(0.45),
            );
            frame.stroke(
                &Path::rectangle(
                    top + Vector::new(3.0, 3.0),
                    Size::new(cell - 6.0, cell - 6.0),
                ),
                Stroke::default().with_color(highlight).with_width(6.0),
            );
            frame.fill_text(label(
                "recruit".into(),
                top + Vector::new(cell * 0.5, cell * 0.5),
                cell * 0.2,
                theme.palette().text,
            ));
        }
        let c = centre(origin, cell, board.centre());
        frame.stroke(
            &Path::circle(c, cell * 0.45),
            Stroke::default().with_color(grid).with_width(2.0),
        );
    }

    fn draw_walls(&self, frame: &mut Frame, theme: &Theme, origin: Point, cell: f32) {
        let board = self.game.board();
        let (_, wall, _, _) = style::board_colours(theme);
        for s in board.squares() {
            for dir in [Dir::North, Dir::East] {
                let solid = board.wall(s, dir);
                let faint = board.player_wall(s, dir);
                if !solid && !faint {
                    continue;
                }
                let top = corner(origin, cell, s);
                let (a, b) = match dir {
                    Dir::North => (top, top + Vector::new(cell, 0.0)),
                    _ => (top + Vector::new(cell, 0.0), top + Vector::new(cell, cell)),
                };
                let stroke = if solid {
                    Stroke::default().with_color(wall).with_width(6.0)
                } else {
                    Stroke {
                        line_dash: LineDash {
                            segments: &[8.0, 6.0],
                            offset: 0,
                        },
                        ..Stroke::default()
                            .with_color(wall.scale_alpha(0.5))
                            .with_width(3.0)
                    }
                };
                frame.stroke(&Path::line(a, b), stroke);
            }
        }
    }

    fn draw_arrows(&self, frame: &mut Frame, theme: &Theme, origin: Point, cell: f32) {
        let Some(seat) = self.arrows else { return };
        let board = self.game.board();
        let colour = style::seat_colour(theme, seat.index()).scale_alpha(0.8);
        let stroke = Stroke::default().with_color(colour).with_width(3.0);
        for s in board.squares() {
            let Some(to) = board.arrows(seat, s).iter().next() else {
                continue;
            };
            let (a, b) = (centre(origin, cell, s), centre(origin, cell, to));
            let d = Vector::new((b.x - a.x) / cell, (b.y - a.y) / cell);
            let tail = a + d * (cell * 0.15);
            let head = a + d * (cell * 0.75);
            frame.stroke(&Path::line(tail, head), stroke);
            let side = Vector::new(-d.y, d.x) * (cell * 0.08);
            let back = head - d * (cell * 0.12);
            frame.stroke(&Path::line(head, back + side), stroke);
            frame.stroke(&Path::line(head, back - side), stroke);
        }
    }

    fn draw_path(&self, frame: &mut Frame, theme: &Theme, origin: Point, cell: f32) {
        let (_, _, _, highlight) = style::board_colours(theme);
        let stroke = Stroke::default().with_color(highlight).with_width(5.0);
        for pair in self.path.windows(2) {
            let (a, b) = (centre(origin, cell, pair[0]), centre(origin, cell, pair[1]));
            frame.stroke(&Path::line(a, b), stroke);
        }
        if let Some(first) = self.path.first() {
            frame.fill(
                &Path::circle(centre(origin, cell, *first), cell * 0.1),
                highlight,
            );
        }
    }

    fn draw_units(&self, frame: &mut Frame, theme: &Theme, origin: Point, cell: f32) {
        let palette = theme.palette();
        let (_, _, _, highlight) = style::board_colours(theme);
        for s in &self.targets {
            frame.stroke(
                &Path::rectangle(
                    corner(origin, cell, *s) + Vector::new(3.0, 3.0),
                    Size::new(cell - 6.0, cell - 6.0),
                ),
                Stroke::default().with_color(palette.danger).with_width(4.0),
            );
        }
        for u in self.game.units() {
            let c = centre(origin, cell, u.square);
            let colour = style::seat_colour(theme, u.owner.index());
            let body = Path::circle(c, cell * 0.38);
            frame.fill(&body, colour);
            let moved = self.path.len() > 1 && self.path.last() == Some(&u.square);
            let acted = self.actor == Some(u.id);
            if self.selected == Some(u.id) || moved || acted {
                frame.stroke(
                    &body,
                    Stroke::default().with_color(highlight).with_width(5.0),
                );
            }
            let kind = self.game.kind(u);
            // The label in whichever of the theme's ink and paper reads best on the piece
            // (style::ink_on: at least 4.5:1 in both themes).
            let ink = style::ink_on(theme, colour);
            let k = self.label_scale;
            frame.fill_text(label(
                kind.short_name(),
                c + Vector::new(0.0, -cell * 0.1 * k.min(1.1)),
                cell * 0.24 * k,
                ink,
            ));
            frame.fill_text(label(
                format!("{}/{}", kind.attack, self.game.hp(u)),
                c + Vector::new(0.0, cell * 0.17 * k.min(1.1)),
                cell * 0.18 * k,
                ink,
            ));
            if u.damage > 0 {
                let badge = c + Vector::new(cell * 0.32, -cell * 0.32);
                frame.fill(&Path::circle(badge, cell * 0.14), palette.danger);
                frame.fill_text(label(
                    u.damage.to_string(),
                    badge,
                    cell * 0.18 * self.label_scale,
                    style::ink_on(theme, palette.danger),
                ));
            }
            if acted {
                let badge = c + Vector::new(-cell * 0.32, cell * 0.32);
                frame.fill(&Path::circle(badge, cell * 0.13), highlight);
                frame.fill_text(label(
                    "?".into(),
                    badge,
                    cell * 0.18 * self.label_scale,
                    style::ink_on(theme, highlight),
                ));
            }
            if u.new {
                let badge = c + Vector::new(-cell * 0.32, -cell * 0.32);
                frame.fill(&Path::circle(badge, cell * 0.13), palette.warning);
                frame.fill_text(label(
                    "N".into(),
                    badge,
                    cell * 0.16 * self.label_scale,
                    style::ink_on(theme, palette.warning),
                ));
            }
        }
    }

    fn draw_castles(&self, frame: &mut Frame, theme: &Theme, origin: Point, cell: f32) {
        let text = theme.palette().text;
        for &seat in Seat::ALL {
            let c = self.game.castle(seat);
            let top = corner(origin, cell, info_corner(seat));
            let mut lines = vec![
                match seat {
                    Seat::Player => "You".to_string(),
                    other => format!("{} castle", capitalised(other.as_str())),
                },
                format!("{} HP", c.hp),
            ];
            if seat.is_enemy() {
                if self.game.is_destroyed(seat) {
                    lines[1] = "destroyed".into();
                } else {
                    lines.push(format!("{} hourglass", c.counters));
                    lines.push(format!("research {}", c.research.len()));
                }
            } else {
                lines.push(format!("{} VP", self.game.total_vp()));
            }
            let colour = style::seat_colour(theme, seat.index());
            for (i, line) in lines.into_iter().enumerate() {
                frame.fill_text(Text {
                    content: line,
                    position: top
                        + Vector::new(
                            cell * 0.1,
                            cell * (0.12 + 0.33 * self.label_scale.min(1.2) * i as f32),
                        ),
                    color: if i == 0 { colour } else { text },
                    size: Pixels(cell * 0.22 * self.label_scale.min(1.2)),
                    ..Text::default()
                });
            }
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

impl canvas::Program<Message> for BoardView<'_> {
    type State = ();

    fn update(
        &self,
        _state: &mut (),
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Message>> {
        if let canvas::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) = event {
            let p = cursor.position_in(bounds)?;
            let s = square_at_with(bounds.size(), p, self.below())?;
            return Some(canvas::Action::publish(Message::Square(s)).and_capture());
        }
        None
    }

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        let (origin, cell) = layout_with(bounds.size(), self.below());
        self.draw_squares(&mut frame, theme, origin, cell);
        draw_coordinates_with(
            &mut frame,
            theme,
            origin,
            cell,
            self.below(),
            self.label_scale,
        );
        self.draw_walls(&mut frame, theme, origin, cell);
        self.draw_arrows(&mut frame, theme, origin, cell);
        self.draw_path(&mut frame, theme, origin, cell);
        self.draw_units(&mut frame, theme, origin, cell);
        self.draw_castles(&mut frame, theme, origin, cell);
        self.draw_options(&mut frame, theme, origin, cell);
        vec![frame.into_geometry()]
    }

    fn mouse_interaction(
        &self,
        _state: &(),
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        let on_square = cursor
            .position_in(bounds)
            .and_then(|p| square_at_with(bounds.size(), p, self.below()))
            .is_some_and(|s| self.game.board().is_square(s));
        if on_square {
            mouse::Interaction::Pointer
        } else {
            mouse::Interaction::default()
        }
    }
}
