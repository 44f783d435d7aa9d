//! The play view: the board canvas beside a side panel with the primary action of the moment
//! (End turn, or Next step / Run to end during the enemies' turn), what just happened, the
//! selected unit with its actions and hand edits, the castles and your book, and the question
//! dialog (default pre-selected) whenever the rules leave a choice to you.

use iced::widget::{Column, button, canvas, column, container, pick_list, row, scrollable, text};
use iced::{Element, Fill, Length};

use super::board::BoardView;
use super::{Message, Mode, State};
use crate::furtherance::{
    Action as Play, Game, KindId, Outcome, Phase, Seat, Square, Target, Unit, UnitId,
};
use crate::gui::document::Doc;
use crate::gui::screen::Ctx;
use crate::gui::{style, widgets};

/// A unit type in a pick list.
#[derive(Debug, Clone, PartialEq)]
pub struct KindChoice {
    pub id: KindId,
    pub label: String,
}

impl std::fmt::Display for KindChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

fn kind_choices(g: &Game) -> Vec<KindChoice> {
    g.catalog()
        .ids()
        .map(|id| {
            let k = g.catalog().kind(id);
            KindChoice {
                id,
                label: format!(
                    "{} ({}/{}, cost {}){}",
                    k.name,
                    k.attack,
                    k.hp,
                    k.cost,
                    if k.sample { " sample" } else { "" }
                ),
            }
        })
        .collect()
}

fn small<'a>(s: impl text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    text(s).size(style::SMALL)
}

fn body<'a>(s: impl text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    text(s).size(style::BODY)
}

fn button_small<'a>(label: impl Into<String>, msg: Message) -> Element<'a, Message> {
    button(text(label.into()).size(style::SMALL))
        .padding([4, 10])
        .style(style::secondary)
        .on_press(msg)
        .into()
}

/// A primary button with a label built at run time.
fn primary_owned<'a>(label: String, msg: Option<Message>) -> Element<'a, Message> {
    button(text(label).size(style::BODY))
        .padding([8, 16])
        .style(style::primary)
        .on_press_maybe(msg)
        .into()
}

/// A "−  label  +" pair of hand-edit buttons.
fn stepper<'a>(name: &str, value: i64, make: impl Fn(i64) -> Option<Play>) -> Element<'a, Message> {
    let mut r = row![small(format!("{name}: {value}")).width(Length::Fixed(150.0))]
        .spacing(6)
        .align_y(iced::Center);
    for (sign, delta) in [("−", -1), ("+", 1)] {
        let msg = make(value + delta).map(Message::Play);
        r = r.push(
            button(text(sign).size(style::BODY))
                .padding([2, 12])
                .style(style::secondary)
                .on_press_maybe(msg),
        );
    }
    r.into()
}

pub fn view<'a>(state: &'a State, doc: &'a Doc<Game>, ctx: &Ctx) -> Element<'a, Message> {
    // Large type scales everything by 1.3: a narrower panel (in scaled units) leaves
    // the board its share of the window, so the board grows with the type (docs/table-ux.md 4):
    // at 1024×768 (a 922×690 window) 330 keeps the grid at 419 px, 61% of the height.
    let widest = if ctx.large_type { 330.0 } else { 440.0 };
    // The panel gives up width (down to PANEL_NARROWEST) when the screen's area is too
    // narrow for a square board its full height, as when History is open beside it.
    iced::widget::responsive(move |size| {
        laid_out(state, doc, side_panel_width(size, widest), size.height)
    })
    .into()
}

/// The board beside a side panel `panel_width` wide, in an area `height` tall.
fn laid_out<'a>(
    state: &'a State,
    doc: &'a Doc<Game>,
    panel_width: f32,
    height: f32,
) -> Element<'a, Message> {
    let g = doc.state();
    let selected = state.selected.and_then(|id| g.unit(id));
    let my_turn = g.phase() == Phase::Player && !g.is_resolving() && g.outcome().is_none();
    let marks = state.marks();
    let path = g
        .last_move()
        .map(|(_, path)| path.to_vec())
        .unwrap_or_default();
    let board = canvas(BoardView {
        game: g,
        selected: state.selected,
        moves: marks.moves,
        targets: marks.targets,
        recruit: marks.recruit,
        actor: state.highlighted(),
        path,
        arrows: state.arrows,
        options: g.question_squares(),
    })
    .width(Fill)
    .height(Fill);

    // Recruiting: the unit types take the whole panel, beside the board where the eye is
    // (at 1024×768 with large type a list under the log would be below the fold).
    let panel = if let Mode::Recruit(square) = state.mode {
        column![recruit_block(g, square), state.refusal.line()]
    } else {
        // The room left under the piece's line for its Why? lines, down to the panel's fold,
        // when what is above is known (the header and the primary block, no question, no
        // unit card): the lines never push the panel below the fold (they scroll in their box).
        let above = HEADER_HEIGHT
            + PRIMARY_HEIGHT
            + crate::gui::notice::LINE
            + PIECE_LINE
            + 3.0 * PANEL_SPACING
            + 2.0;
        let why_room = match (g.pending(), selected) {
            (None, None) if !my_turn => (height - 24.0 - above).max(WHY_LEAST),
            _ => WHY_LEAST,
        };
        column![
            // The selected unit's card takes the header's place at the top of the panel, where
            // the eye is after the click on the board (docs/table-ux.md: the answer appears
            // where the eye is); the header's title and round come back when it is deselected.
            match selected {
                Some(u) => selected_block(g, u, my_turn),
                None => header(doc, g),
            },
            match g.pending() {
                Some(p) => question(&p.question, &p.options, p.default),
                None => primary_block(g, my_turn, selected.is_none()),
            },
            // A refusal (a click on the board or a button here) shows at the top of the
            // panel, in a line kept for it; the next click clears it (notice.rs).
            state.refusal.line(),
            piece_block(state, doc, g, why_room),
            mode_block(state, g),
            super::turn_log::view(doc, state.why),
            data_block(g),
            adopt_block(state, g),
            castles_block(g),
            place_block(state, g),
            arrows_block(state.arrows),
            units_block(g, state.selected),
        ]
    }
    .spacing(PANEL_SPACING)
    .padding([0, 8]);

    row![
        container(board).id(BOARD_ID).width(Fill).height(Fill),
        scrollable(panel)
            .id(PANEL_ID)
            .width(panel_width)
            .height(Fill),
    ]
    .spacing(style::GAP)
    .padding(12)
    .into()
}

/// The board's container, for the layout tests.
pub const BOARD_ID: &str = "furtherance-board";

/// The side panel's scrollable, for the layout tests.
pub const PANEL_ID: &str = "furtherance-panel";

/// The space between the side panel's blocks.
const PANEL_SPACING: f32 = style::GAP + 4.0;

/// The narrowest the side panel gets: its widest button still fits.
const PANEL_NARROWEST: f32 = 300.0;

/// The side panel's width in an area of `size`: in a wide area, what is left beside a square
/// board as tall as the area, kept between [`PANEL_NARROWEST`] and `widest`; in a tall one,
/// `widest`.
fn side_panel_width(size: iced::Size, widest: f32) -> f32 {
    // The row's padding (12 each side) and the gap between board and panel.
    let chrome = 24.0 + style::GAP;
    if size.height >= size.width {
        // A tall area: the board is as wide as it can be anyway; the panel keeps its width.
        return widest;
    }
    (size.width - chrome - (size.height - 24.0)).clamp(PANEL_NARROWEST, widest)
}

/// What the header says of the game's phase, in a few words that fit the narrowest panel on
/// one line; the round stands beside the title, so neither line wraps and the buttons under the
/// header never move when the phase changes (docs/table-ux.md: nothing moves under the cursor).
pub(super) fn phase_words(g: &Game) -> &'static str {
    match (g.outcome(), g.phase()) {
        (Some(Outcome::Won), _) => "You win",
        (Some(Outcome::Lost), _) => "Your castle has fallen",
        (None, Phase::Player) if !g.is_resolving() => "Your turn",
        (None, _) => "The enemies' turn",
    }
}

fn header<'a>(doc: &'a Doc<Game>, g: &'a Game) -> Element<'a, Message> {
    let one_line = |s: String| {
        container(widgets::hover_title(s, style::HEADING))
            .width(Fill)
            .clip(true)
    };
    let col = column![
        row![
            one_line(doc.saved.title.clone()),
            text(format!("Round {}", g.round()))
                .size(style::HEADING)
                .wrapping(iced::widget::text::Wrapping::None),
        ]
        .spacing(8),
        one_line(phase_words(g).to_string()),
    ]
    .spacing(HEADER_SPACING);
    col.into()
}

/// The header's two lines (each one line of heading type, never wrapped).
const HEADER_SPACING: f32 = 4.0;
const HEADER_HEIGHT: f32 = 2.0 * style::HEADING * 1.3 + HEADER_SPACING;

/// Which data this game runs on, with the ways to your own cards and board: below the turn
/// log, out of the way of play (the top of the panel is for the moment's controls).
fn data_block(g: &Game) -> Element<'_, Message> {
    let cards = if g.catalog().file().header.sample_data {
        "SAMPLE"
    } else {
        "yours"
    };
    let board = if g.board().is_sample() {
        "SAMPLE"
    } else {
        "yours"
    };
    let sample = cards != "yours" || board != "yours";
    column![
        small(format!("This game: unit cards {cards} · board {board}")).style(if sample {
            style::warning_text
        } else {
            style::success_text
        }),
        row![
            button_small("Your cards…", Message::OpenCards),
            button_small("Your board…", Message::OpenBoard),
        ]
        .spacing(8),
    ]
    .spacing(4)
    .into()
}

/// Whether this game runs on the data now in use, with the way to adopt it (RULINGS: a game
/// keeps the copy it started with; adopting is an undoable entry naming what changed).
fn adopt_block<'a>(state: &'a State, g: &'a Game) -> Element<'a, Message> {
    match state.new_data() {
        Some(data) => {
            let changes = g.data_changes(&data);
            column![
                small(format!(
                    "Your files differ from this game's copy: {}",
                    changes.join("; ")
                ))
                .style(style::warning_text),
                button_small("Adopt them in this game", Message::Adopt),
            ]
            .spacing(4)
            .into()
        }
        None => Column::new().into(),
    }
}

/// The height of each row of the primary block: a primary button with room to spare.
const PRIMARY_ROW: f32 = 44.0;
/// The primary block's height in the enemies' turn: two rows in a card (padding 12).
const PRIMARY_HEIGHT: f32 = 2.0 * PRIMARY_ROW + 8.0 + 24.0;

/// The primary block; `hint` adds how to play your turn (left off while a unit's card, which
/// says where it may go, is shown).
fn primary_block(g: &Game, my_turn: bool, hint: bool) -> Element<'_, Message> {
    let mut col = Column::new().spacing(8);
    match g.outcome() {
        Some(Outcome::Won) => {
            col = col.push(
                text(format!("You win with {} VP!", g.total_vp()))
                    .size(style::HEADING)
                    .style(style::success_text),
            );
        }
        Some(Outcome::Lost) => {
            col = col.push(
                text("Your castle is at 0 HP: you lose. Undo (Ctrl+Z) to step back.")
                    .size(style::BODY)
                    .style(style::danger_text),
            );
        }
        None => {
            // Next step and End turn never share a place (docs/table-ux.md, "nothing moves
            // under the cursor"): the enemies' controls keep the first row, End turn the
            // second, each row one fixed height. When the enemies finish, the pixel that was
            // Next step becomes plain text, so clicking it again does nothing.
            let enemies: Element<'_, Message> = if my_turn {
                body("The enemies are done: your move")
                    .style(style::success_text)
                    .into()
            } else {
                row![
                    widgets::keyed(
                        widgets::primary("Next step", Some(Message::Next)),
                        "Space, N or Enter"
                    ),
                    widgets::keyed(
                        widgets::secondary("Run to end", Some(Message::RunToEnd)),
                        "R"
                    ),
                ]
                .spacing(style::GAP)
                .into()
            };
            let yours: Element<'_, Message> = if my_turn {
                widgets::keyed(
                    widgets::primary("End turn: the enemies go", Some(Message::EndTurn)),
                    "E",
                )
            } else {
                small("End turn comes back here once the enemies are done")
                    .style(style::muted)
                    .into()
            };
            col = col.push(container(enemies).height(PRIMARY_ROW).align_y(iced::Center));
            col = col.push(container(yours).height(PRIMARY_ROW).align_y(iced::Center));
            if my_turn && hint {
                col = col.push(
                    small("Click one of your units, then a square to move to or an enemy to attack. Click an empty space of your castle to recruit.")
                        .style(style::muted),
                );
            }
        }
    }
    widgets::card(col, 12).into()
}

fn mode_block<'a>(state: &'a State, g: &'a Game) -> Element<'a, Message> {
    let mut col = Column::new().spacing(6);
    match state.mode {
        Mode::Normal => return col.into(),
        // The recruit list takes the whole panel (`recruit_block`).
        Mode::Recruit(_) => return col.into(),
        Mode::Relocate(unit) => {
            col = col.push(body(format!(
                "Click the square to move {} to (hand edit)",
                unit_name(g, unit)
            )));
        }
        Mode::Place(owner, kind) => {
            col = col.push(body(format!(
                "Click a free square for {} {} (hand edit)",
                owner.owner_word(),
                g.catalog().kind(kind).name
            )));
        }
    }
    col = col.push(widgets::secondary("Cancel", Some(Message::CancelMode)));
    widgets::card(col, 12).into()
}

/// The height of a unit type's button in the recruit list: two lines, above the 32 px minimum.
const RECRUIT_BUTTON: f32 = 40.0;

/// A unit type's name on its recruit button: a sample file's "Sample " prefix is left off (as
/// on the board's counters) so that the name stays whole in a narrow panel; the panel's header
/// already says the cards are SAMPLE.
pub fn recruit_name(name: &str) -> &str {
    name.strip_prefix("Sample ").unwrap_or(name)
}

/// "Recruit into d1": every unit type as a button (name, then attack/HP and cost), two to a
/// row so that all 14 fit beside the board in a 1024×768 screen's window with large type, and
/// Cancel. A refusal (no copies left) shows under the list.
fn recruit_block(g: &Game, square: Square) -> Element<'_, Message> {
    let mut col = column![
        row![
            text(format!("Recruit into {square}"))
                .size(style::HEADING)
                .width(Fill),
            button_small("Cancel", Message::CancelMode),
        ]
        .spacing(style::GAP)
        .align_y(iced::Center),
    ]
    .spacing(4);
    let kinds: Vec<KindId> = g.catalog().ids().collect();
    for pair in kinds.chunks(2) {
        let mut r = row![].spacing(6);
        for id in pair {
            let k = g.catalog().kind(*id);
            let stats = format!("{}/{} · cost {}", k.attack, k.hp, k.cost);
            r = r.push(
                button(column![
                    small(recruit_name(&k.name)),
                    small(stats).style(style::muted)
                ])
                .padding([2, 6])
                .width(Fill)
                .height(Length::Fixed(RECRUIT_BUTTON))
                .style(style::tile)
                .on_press(Message::Recruit(*id)),
            );
        }
        if pair.len() == 1 {
            r = r.push(iced::widget::Space::new().width(Fill));
        }
        col = col.push(r);
    }
    widgets::card(col, 10).into()
}

/// "Ringed: Left's Knight at c2 — Why?": the piece the last step moved or attacked with
/// (ringed on the board), with the same explanation as its turn-log line, here beside the
/// board so that it never covers it. The line keeps its height when no piece is highlighted.
/// The Why? lines open under the line in a box at most `room` tall, scrolling inside it, so
/// they show where the eye is and never push the panel below its fold.
fn piece_block<'a>(
    state: &'a State,
    doc: &'a Doc<Game>,
    g: &'a Game,
    room: f32,
) -> Element<'a, Message> {
    let Some(actor) = state.highlighted() else {
        return container(small("No piece highlighted").style(style::muted))
            .height(PIECE_LINE)
            .align_y(iced::Center)
            .into();
    };
    let line = row![
        small(format!("Ringed: {}", unit_name(g, actor))).width(Fill),
        container(
            // One width for Why? and Hide: the button does not move when pressed.
            button(
                text(if state.piece_why { "Hide" } else { "Why?" })
                    .size(style::SMALL)
                    .center(),
            )
            .width(Length::Fixed(64.0))
            .height(Length::Fixed(32.0))
            .padding([6, 8])
            .style(style::secondary)
            .on_press(Message::WhyPiece),
        )
        .id(PIECE_WHY_ID),
    ]
    .spacing(6)
    .align_y(iced::Center);
    // Room on the right keeps the Why? button clear of the panel's scroll bar.
    let line = container(line)
        .height(PIECE_LINE)
        .align_y(iced::Center)
        .padding(iced::Padding::ZERO.right(12));
    let mut col = column![line].spacing(2);
    if state.piece_why {
        let index = doc.saved.history.cursor();
        let mut lines = Column::new()
            .spacing(2)
            .padding(iced::Padding::ZERO.right(12));
        for l in super::turn_log::explanation(doc, index) {
            lines = lines.push(small(l.trim().to_string()));
        }
        col = col.push(
            container(scrollable(lines).id(PIECE_WHY_LINES_ID))
                .max_height(room)
                .id(PIECE_WHY_BOX_ID),
        );
    }
    col.into()
}

/// The height of the highlighted piece's line (its Why? button is 32 px).
const PIECE_LINE: f32 = 36.0;

/// The least room the piece's Why? lines get: five lines of small type.
const WHY_LEAST: f32 = 5.0 * style::SMALL * 1.3;

/// The box of the highlighted piece's Why? lines, for the layout tests.
pub const PIECE_WHY_BOX_ID: &str = "furtherance-piece-why-lines";
const PIECE_WHY_LINES_ID: &str = "furtherance-piece-why-scroll";

/// The highlighted piece's Why? button, for the tests.
pub const PIECE_WHY_ID: &str = "furtherance-piece-why";

fn unit_name(g: &Game, id: UnitId) -> String {
    g.unit(id)
        .map(|u| format!("{} {} at {}", u.owner.owner_word(), g.name(u), u.square))
        .unwrap_or_default()
}

/// The selected unit's card, compact so that it fits the top of the panel whole with large
/// type in a 1366×768 screen's window: the name with Deselect, the stats on one line, the
/// abilities, where it may go, and the hand edits two to a row.
fn selected_block<'a>(g: &'a Game, u: &'a Unit, my_turn: bool) -> Element<'a, Message> {
    let k = g.kind(u);
    // Body type, so that "Your Knight at d3" stays whole beside Deselect in the narrowest
    // panel with large type (the whole name shows on hover if a long one is cut).
    let title = container(widgets::hover_title(
        capitalised(&unit_name(g, u.id)),
        style::BODY,
    ))
    .width(Fill)
    .clip(true);
    let mut col = column![
        row![title, button_small("Deselect", Message::ClearSelection)]
            .spacing(6)
            .align_y(iced::Center)
    ]
    .spacing(4);
    let mut stats = format!("Attack {} · HP {} · damage {}", k.attack, g.hp(u), u.damage);
    if u.new {
        stats += " · new";
    }
    if k.sample {
        stats += " · sample stats";
    }
    col = col.push(small(stats));
    for a in k.abilities.list() {
        col = col.push(small(a.text()).style(style::muted));
    }
    if u.owner == Seat::Player && my_turn {
        col = col.push(legal_lines(g, u.id));
        col = col.push(small(format!(
            "Moves left {} · attacks left {}",
            if u.attacks > 0 { 0 } else { 2 - u.moved.min(2) },
            k.attacks_per_turn().saturating_sub(u.attacks)
        )));
        for c in g.castle_options(u.id) {
            col = col.push(primary_owned(
                format!("Attack {}", c.the_castle()),
                Some(Message::Play(Play::AttackCastle {
                    attacker: u.id,
                    castle: c,
                })),
            ));
        }
    }
    let id = u.id;
    col = col.push(
        row![
            counter("Damage", i64::from(u.damage), move |v| {
                u8::try_from(v)
                    .ok()
                    .map(|damage| Play::SetDamage { unit: id, damage })
            }),
            counter("+HP", i64::from(u.hp_bonus), move |v| {
                u8::try_from(v)
                    .ok()
                    .map(|bonus| Play::SetHpBonus { unit: id, bonus })
            }),
        ]
        .spacing(8)
        .align_y(iced::Center)
        .wrap(),
    );
    let mut edits = row![button_small("Move by hand", Message::RelocateMode)].spacing(6);
    if u.owner == Seat::Player {
        // A leader power such as Payne the Planner's gives a unit a second turn.
        edits = edits.push(button_small(
            "Act again",
            Message::Play(Play::ActAgain { unit: id }),
        ));
    }
    if u.owner.is_enemy() {
        edits = edits.push(button_small(
            "Remove to research",
            Message::Play(Play::Remove {
                unit: id,
                to_research: true,
            }),
        ));
    }
    edits = edits.push(button_small(
        "Remove",
        Message::Play(Play::Remove {
            unit: id,
            to_research: false,
        }),
    ));
    col = col.push(edits.wrap().vertical_spacing(4));
    widgets::card(col, 10).into()
}

/// A compact "Damage 1 − +" hand edit for the unit card: the label as wide as it needs.
fn counter<'a>(name: &str, value: i64, make: impl Fn(i64) -> Option<Play>) -> Element<'a, Message> {
    let mut r = row![small(format!("{name} {value}"))]
        .spacing(4)
        .align_y(iced::Center);
    for (sign, delta) in [("−", -1), ("+", 1)] {
        r = r.push(
            button(text(sign).size(style::BODY))
                .padding([2, 10])
                .style(style::secondary)
                .on_press_maybe(make(value + delta).map(Message::Play)),
        );
    }
    r.into()
}

/// Where the selected unit may move and what it may attack, in words beside the marks on the
/// board (the engine's `legal_moves` / `legal_attacks`).
fn legal_lines(g: &Game, id: UnitId) -> Element<'_, Message> {
    let moves: Vec<String> = g.legal_moves(id).iter().map(Square::to_string).collect();
    let mut attacks: Vec<String> = Vec::new();
    for (_, target) in g.legal_attacks(id) {
        let name = match target {
            Target::Unit(t) => unit_name(g, t),
            Target::Castle(c) => c.the_castle().to_string(),
        };
        if !attacks.contains(&name) {
            attacks.push(name);
        }
    }
    let list = |v: Vec<String>, none: &str| {
        if v.is_empty() {
            none.to_string()
        } else {
            v.join(", ")
        }
    };
    column![
        small(format!("May move to (shaded): {}", list(moves, "nowhere"))),
        small(format!(
            "May attack (ringed red): {}",
            list(attacks, "nothing")
        )),
    ]
    .spacing(2)
    .into()
}

fn castles_block(g: &Game) -> Element<'_, Message> {
    let mut col = column![text("Castles and your book").size(style::HEADING)].spacing(6);
    for &seat in Seat::ALL {
        let c = g.castle(seat);
        let name = match seat {
            Seat::Player => "Your castle HP".to_string(),
            other => format!("{} HP", capitalised(other.castle_name())),
        };
        col = col.push(stepper(&name, i64::from(c.hp), move |v| {
            u8::try_from(v)
                .ok()
                .map(|hp| Play::SetCastleHp { castle: seat, hp })
        }));
        if seat.is_enemy() && !g.is_destroyed(seat) {
            col = col.push(
                small(format!(
                    "   hourglass counters {} · research {}",
                    c.counters,
                    c.research
                        .iter()
                        .map(|k| g.catalog().kind(*k).name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
                .style(style::muted),
            );
        }
    }
    let l = g.ledger();
    col = col.push(stepper("VP (recorded)", i64::from(l.vp), |v| {
        u8::try_from(v).ok().map(|vp| Play::SetVp { vp })
    }));
    if g.field_vp() > 0 {
        col = col.push(small(format!(
            "+{} VP from units on the field",
            g.field_vp()
        )));
    }
    col = col.push(stepper("Gold", i64::from(l.gold), |v| {
        u32::try_from(v).ok().map(|gold| Play::SetGold { gold })
    }));
    col = col.push(stepper("Workers", i64::from(l.workers), |v| {
        u8::try_from(v)
            .ok()
            .map(|workers| Play::SetWorkers { workers })
    }));
    col = col.push(stepper("Buildings", i64::from(l.buildings), |v| {
        u8::try_from(v)
            .ok()
            .map(|buildings| Play::SetBuildings { buildings })
    }));
    if let Some(deck) = g.deck() {
        col = col.push(
            small(format!(
                "Unit deck: {} to draw, {} discarded",
                deck.draw_len(),
                deck.discard_len()
            ))
            .style(style::muted),
        );
    }
    widgets::card(col, 12).into()
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn place_block<'a>(state: &'a State, g: &'a Game) -> Element<'a, Message> {
    let mut owners = row![small("Place a unit by hand for")]
        .spacing(6)
        .align_y(iced::Center);
    for &seat in Seat::ALL {
        let label = match seat {
            Seat::Player => "you",
            other => other.as_str(),
        };
        owners = owners.push(
            button(text(label).size(style::SMALL))
                .padding([4, 10])
                .style(if state.place_owner == seat {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::PlaceOwner(seat)),
        );
    }
    let owner = state.place_owner;
    let list = pick_list(kind_choices(g), None::<KindChoice>, move |k| {
        Message::PlaceMode(owner, k.id)
    })
    .placeholder("Unit type, then click a square")
    .text_size(style::SMALL);
    widgets::card(column![owners, list].spacing(6), 12).into()
}

fn arrows_block(current: Option<Seat>) -> Element<'static, Message> {
    let mut r = row![small("Arrows")].spacing(6).align_y(iced::Center);
    for (label, seat) in [
        ("off", None),
        ("Left", Some(Seat::Left)),
        ("Across", Some(Seat::Across)),
        ("Right", Some(Seat::Right)),
    ] {
        r = r.push(
            button(text(label).size(style::SMALL))
                .padding([4, 10])
                .style(if current == seat {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::Arrows(seat)),
        );
    }
    r.into()
}

fn units_block(g: &Game, selected: Option<UnitId>) -> Element<'_, Message> {
    let mut col = column![text("Units").size(style::HEADING)].spacing(2);
    for u in g.units() {
        let line = format!(
            "{} {} at {} ({} damage of {} HP){}",
            u.owner.owner_word(),
            g.name(u),
            u.square,
            u.damage,
            g.hp(u),
            if u.new { ", new" } else { "" }
        );
        col = col.push(
            button(text(line).size(style::SMALL))
                .padding([3, 8])
                .width(Fill)
                .style(if selected == Some(u.id) {
                    style::primary
                } else {
                    style::row_button
                })
                .on_press(Message::Select(u.id)),
        );
    }
    col.into()
}

/// The question, in the panel beside the board (never over it, docs/table-ux.md 3): every option a
/// numbered button, the default one primary and marked; the options that are on the board are
/// ringed there with the same numbers and answer it when clicked.
fn question<'a>(question: &'a str, options: &'a [String], default: usize) -> Element<'a, Message> {
    let mut col = column![
        text("Your choice").size(style::HEADING),
        text(question).size(style::BODY),
        small("Click an option here or its ringed square on the board.").style(style::muted),
    ]
    .spacing(style::GAP);
    for (i, o) in options.iter().enumerate() {
        let (label, look): (String, fn(&iced::Theme, button::Status) -> button::Style) =
            if i == default {
                (
                    format!("{}. {} (default)", i + 1, capitalised(o)),
                    style::primary,
                )
            } else {
                (format!("{}. {}", i + 1, capitalised(o)), style::secondary)
            };
        // The number before each option is its key; Enter takes the default.
        col = col.push(
            button(text(label).size(style::BODY))
                .padding([8, 16])
                .width(Fill)
                .style(look)
                .on_press(Message::Answer(i)),
        );
    }
    widgets::card(col, 12).into()
}
