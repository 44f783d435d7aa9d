//! "Your board": the board editor on the board canvas. Pick an enemy castle; in Arrows mode
//! click a square, then the square its arrow points to (the same square again removes the
//! arrow); in Spawn order mode click the castle's three spaces in order, centre first.
//! "Derive from walls" fills the shortest-path arrows. The loader's check runs after every
//! change and its squares are drawn in red with the message beside the board. Saved as your
//! `data/furtherance/board.json` through the store (atomic, the old file kept in backups);
//! The top bar's Undo/Redo step through your edits while it is open (`Edits`: one pair on the
//! screen, src/gui/README.md). The rules live in `crate::furtherance::board_draft`.

use iced::mouse;
use iced::widget::canvas::{self, Frame, Geometry, Path, Stroke};
use iced::widget::{button, canvas as canvas_widget, column, container, row, scrollable, text};
use iced::{Element, Fill, Length, Point, Rectangle, Renderer, Size, Theme, Vector};

use super::board::{centre, corner, draw_coordinates, label, layout, square_at};
use crate::furtherance::board_draft::{self, BoardProblem};
use crate::furtherance::{BOARD_PATH, BoardFile, Seat, Square};
use crate::gui::document::EditStack;
use crate::gui::screen::{Ctx, Notice};
use crate::gui::style;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditMode {
    Arrows,
    SpawnOrder,
}

#[derive(Debug, Clone, PartialEq)]
pub enum BoardMsg {
    Seat(Seat),
    Mode(EditMode),
    Click(Square),
    Derive,
    Save,
}

/// What the screen does after an editor message.
pub enum Outcome {
    None,
    Saved(Notice),
    Error(String),
}

pub struct BoardEditor {
    pub file: BoardFile,
    pub seat: Seat,
    pub mode: EditMode,
    /// The square whose arrow is being set (first click).
    pub from: Option<Square>,
    /// Castle spaces clicked so far for the spawn order.
    pub spawn_so_far: Vec<Square>,
    /// Each edit's label with the file before it (undo) or after it (redo).
    edits: EditStack<BoardFile>,
    pub yours: bool,
}

impl BoardEditor {
    pub fn new(file: BoardFile, yours: bool) -> Self {
        BoardEditor {
            file,
            seat: Seat::Left,
            mode: EditMode::Arrows,
            from: None,
            spawn_so_far: Vec::new(),
            edits: EditStack::new(),
            yours,
        }
    }

    pub fn problem(&self) -> Option<BoardProblem> {
        board_draft::problem(&self.file)
    }

    fn change(&mut self, label: String, f: impl FnOnce(&mut BoardFile)) {
        self.edits.change(&mut self.file, label, f);
    }

    pub fn update(&mut self, msg: BoardMsg, ctx: &Ctx) -> Outcome {
        match msg {
            BoardMsg::Seat(seat) => {
                self.seat = seat;
                self.from = None;
                self.spawn_so_far.clear();
            }
            BoardMsg::Mode(mode) => {
                self.mode = mode;
                self.from = None;
                self.spawn_so_far.clear();
            }
            BoardMsg::Click(s) => return self.click(s),
            BoardMsg::Derive => self.change(
                "arrows and spawn order derived from the walls".into(),
                BoardFile::derive_arrows_and_spawn_order,
            ),
            BoardMsg::Save => return self.save(ctx),
        }
        Outcome::None
    }

    fn click(&mut self, s: Square) -> Outcome {
        if !self.file.squares.contains(&s) {
            return Outcome::None;
        }
        let seat = self.seat;
        match self.mode {
            EditMode::Arrows => match self.from.take() {
                None => self.from = Some(s),
                Some(from) => self.change(
                    format!("{} arrow {from} → {s}", capitalised(seat.as_str())),
                    |f| board_draft::set_arrow(f, seat, from, s),
                ),
            },
            EditMode::SpawnOrder => {
                let mut so_far = std::mem::take(&mut self.spawn_so_far);
                let mut file = self.file.clone();
                match board_draft::click_spawn_space(&mut file, seat, &mut so_far, s) {
                    Ok(_) => {
                        self.spawn_so_far = so_far;
                        self.change(format!("{} spawn order", capitalised(seat.as_str())), |f| {
                            *f = file
                        });
                    }
                    Err(e) => {
                        self.spawn_so_far = so_far;
                        return Outcome::Error(e);
                    }
                }
            }
        }
        Outcome::None
    }

    fn save(&mut self, ctx: &Ctx) -> Outcome {
        if let Some(p) = self.problem() {
            return Outcome::Error(format!("Not saved: {}", p.text));
        }
        let mut file = self.file.clone();
        file.header = crate::datafile::Header::new(
            crate::furtherance::board_file::BOARD_KIND,
            false,
            "Your own board, set in Tablemate's board editor.",
            "",
        );
        match ctx.save_user_json(BOARD_PATH, &file) {
            Ok(path) => {
                self.file = file;
                self.yours = true;
                Outcome::Saved(Notice::info(format!(
                    "Saved your board to {} (the previous file is kept in backups). New games use it.",
                    path.display()
                )))
            }
            Err(e) => Outcome::Error(e),
        }
    }

    pub fn view(&self) -> Element<'_, BoardMsg> {
        let problem = self.problem();
        let seat_button = |seat: Seat| {
            button(text(format!("{} castle", capitalised(seat.as_str()))).size(style::BODY))
                .padding([6, 12])
                .style(if self.seat == seat {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(BoardMsg::Seat(seat))
        };
        let mode_button = |mode: EditMode, name: &'static str| {
            button(text(name).size(style::BODY))
                .padding([6, 12])
                .style(if self.mode == mode {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(BoardMsg::Mode(mode))
        };
        let hint = match (self.mode, self.from) {
            (EditMode::Arrows, None) => format!(
                "Click a square, then the square the {} castle's arrow points to from it.",
                self.seat.as_str()
            ),
            (EditMode::Arrows, Some(from)) => {
                format!(
                    "Arrow from {from}: click the square it points to (or {from} again to remove it)."
                )
            }
            (EditMode::SpawnOrder, _) => format!(
                "Click the {} castle's spaces in spawn order, centre first ({} of 3 clicked).",
                self.seat.as_str(),
                self.spawn_so_far.len()
            ),
        };
        let verdict: Element<'_, BoardMsg> = match &problem {
            Some(p) => text(p.text.clone())
                .size(style::BODY)
                .style(style::danger_text)
                .into(),
            None => text("The board checks out.")
                .size(style::BODY)
                .style(style::success_text)
                .into(),
        };
        let order = self
            .file
            .spawn_order
            .get(self.seat)
            .map(|o| {
                o.iter()
                    .map(Square::to_string)
                    .collect::<Vec<_>>()
                    .join(" → ")
            })
            .unwrap_or_default();
        let side = column![
            text("Your board").size(style::TITLE),
            text(if self.yours {
                "In use now: your board file (data/furtherance/board.json)."
            } else {
                "In use now: the bundled SAMPLE board. Set the arrows of your copy."
            })
            .size(style::BODY)
            .style(if self.yours {
                style::success_text
            } else {
                style::warning_text
            }),
            // With large type the three castles do not fit one line of the side column.
            row![
                seat_button(Seat::Left),
                seat_button(Seat::Across),
                seat_button(Seat::Right)
            ]
            .spacing(6)
            .wrap()
            .vertical_spacing(6),
            row![
                mode_button(EditMode::Arrows, "Arrows"),
                mode_button(EditMode::SpawnOrder, "Spawn order"),
            ]
            .spacing(6),
            container(text(hint).size(style::BODY)).height(Length::Fixed(80.0)),
            text(format!("Spawn order: {order}")).size(style::BODY),
            container(verdict).height(Length::Fixed(90.0)),
            button(text("Derive from walls").size(style::BODY))
                .padding([8, 14])
                .style(style::secondary)
                .on_press(BoardMsg::Derive),
            text("Undo and Redo in the top bar step through these edits while the editor is open.")
                .size(style::SMALL)
                .style(style::muted),
            button(text("Save your board").size(style::BODY))
                .padding([8, 16])
                .style(style::primary)
                .on_press_maybe(problem.is_none().then_some(BoardMsg::Save)),
        ]
        .spacing(style::GAP);
        // A narrow side column (scrolling if it must) leaves the board most of the window.
        // The gutter keeps the scroll bar off the text and the buttons' right edge.
        let side = scrollable(container(side).padding(iced::Padding::ZERO.right(14)))
            .width(Length::Fixed(340.0))
            .height(Fill);
        let board = canvas_widget(EditView {
            file: &self.file,
            seat: self.seat,
            from: self.from,
            spawn_so_far: &self.spawn_so_far,
            bad: problem.map(|p| p.squares).unwrap_or_default(),
        })
        .width(Fill)
        .height(Fill);
        row![container(board).width(Fill).height(Fill), side]
            .spacing(style::GAP)
            .padding(12)
            .into()
    }
}

/// While the editor is open, the top bar's Undo/Redo are its own (one pair on the screen).
impl crate::gui::document::Edits for BoardEditor {
    fn can_undo(&self) -> bool {
        self.edits.can_undo()
    }

    fn can_redo(&self) -> bool {
        self.edits.can_redo()
    }

    fn undo(&mut self) -> Option<String> {
        let label = self.edits.undo(&mut self.file)?;
        self.from = None;
        self.spawn_so_far.clear();
        Some(format!("board edit: {label}"))
    }

    fn redo(&mut self) -> Option<String> {
        let label = self.edits.redo(&mut self.file)?;
        self.from = None;
        self.spawn_so_far.clear();
        Some(format!("board edit: {label}"))
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The board file drawn for editing: squares, castles, walls, one castle's arrows and spawn
/// order, the square picked, and the squares the loader's message names, in red.
struct EditView<'a> {
    file: &'a BoardFile,
    seat: Seat,
    from: Option<Square>,
    spawn_so_far: &'a [Square],
    bad: Vec<Square>,
}

impl canvas::Program<BoardMsg> for EditView<'_> {
    type State = ();

    fn update(
        &self,
        _state: &mut (),
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<BoardMsg>> {
        if let canvas::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) = event {
            let p = cursor.position_in(bounds)?;
            let s = square_at(bounds.size(), p)?;
            return Some(canvas::Action::publish(BoardMsg::Click(s)).and_capture());
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
        let (origin, cell) = layout(bounds.size());
        let (field, wall, grid, highlight) = style::board_colours(theme);
        let palette = theme.palette();
        for s in &self.file.squares {
            let rect = Path::rectangle(corner(origin, cell, *s), Size::new(cell, cell));
            frame.fill(&rect, field);
            if let Some(seat) = Seat::ALL
                .iter()
                .copied()
                .find(|seat| self.file.castles.get(*seat).contains(s))
            {
                frame.fill(
                    &rect,
                    style::seat_colour(theme, seat.index()).scale_alpha(0.30),
                );
            }
            if self.bad.contains(s) {
                frame.fill(&rect, palette.danger.scale_alpha(0.45));
            }
            if self.from == Some(*s) || self.spawn_so_far.contains(s) {
                frame.fill(&rect, highlight.scale_alpha(0.5));
            }
            frame.stroke(&rect, Stroke::default().with_color(grid).with_width(1.0));
        }
        draw_coordinates(&mut frame, theme, origin, cell);
        for w in &self.file.walls {
            let [a, b] = w.between;
            let (ca, cb) = (centre(origin, cell, a), centre(origin, cell, b));
            let mid = Point::new((ca.x + cb.x) / 2.0, (ca.y + cb.y) / 2.0);
            let along = Vector::new((cb.y - ca.y) / cell, (cb.x - ca.x) / cell) * (cell / 2.0);
            let colour = if w.kingdom == Some(Seat::Player) {
                wall.scale_alpha(0.4)
            } else {
                wall
            };
            frame.stroke(
                &Path::line(mid - along, mid + along),
                Stroke::default().with_color(colour).with_width(6.0),
            );
        }
        let colour = style::seat_colour(theme, self.seat.index());
        if let Some(arrows) = self.file.arrows.get(self.seat) {
            for (from, to) in arrows {
                for (i, t) in to.iter().enumerate() {
                    let bad = self.bad.contains(from) && self.bad.contains(t);
                    let c = if bad { palette.danger } else { colour };
                    let stroke = Stroke::default()
                        .with_color(c.scale_alpha(if i == 0 { 1.0 } else { 0.4 }))
                        .with_width(4.0);
                    let (a, b) = (centre(origin, cell, *from), centre(origin, cell, *t));
                    let d = Vector::new((b.x - a.x) / cell, (b.y - a.y) / cell);
                    let head = a + d * (cell * 0.75);
                    frame.stroke(&Path::line(a + d * (cell * 0.15), head), stroke);
                    let side = Vector::new(-d.y, d.x) * (cell * 0.09);
                    let back = head - d * (cell * 0.14);
                    frame.stroke(&Path::line(head, back + side), stroke);
                    frame.stroke(&Path::line(head, back - side), stroke);
                }
            }
        }
        if let Some(order) = self.file.spawn_order.get(self.seat) {
            for (i, s) in order.iter().enumerate() {
                frame.fill_text(label(
                    format!("{}", i + 1),
                    corner(origin, cell, *s) + Vector::new(cell * 0.8, cell * 0.2),
                    cell * 0.24,
                    palette.text,
                ));
            }
        }
        vec![frame.into_geometry()]
    }
}
