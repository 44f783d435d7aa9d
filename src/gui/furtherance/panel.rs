//! The play view: the board canvas beside a side panel with the primary action of the moment
//! (End turn, or Next step / Run to end during the enemies' turn), what just happened, the
//! selected unit with its actions and hand edits, the castles and your book, and the question
//! dialog (default pre-selected) whenever the rules leave a choice to you.

use iced::widget::{Column, button, canvas, column, container, row, scrollable, text};
use iced::{Element, Fill, Length};

use super::below::{
    adopt_block, arrows_block, castles_block, data_block, place_block, units_block,
};
use super::board::BoardView;
use super::recruit::recruit_block;
use super::unit_card::{hand_edits_block, mode_block, selected_block};
use super::{Message, Mode, State};
use crate::furtherance::{Game, Outcome, Phase, Seat};
use crate::gui::document::Doc;
use crate::gui::screen::Ctx;
use crate::gui::{style, widgets};

pub(super) fn small<'a>(s: impl text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    text(s).size(style::SMALL)
}

pub(super) fn body<'a>(s: impl text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    text(s).size(style::BODY)
}

pub(super) fn button_small<'a>(label: impl Into<String>, msg: Message) -> Element<'a, Message> {
    button(text(label.into()).size(style::SMALL))
        .padding([4, 10])
        .style(style::secondary)
        .on_press(msg)
        .into()
}

/// A primary button with a label built at run time.
pub(super) fn primary_owned<'a>(label: String, msg: Option<Message>) -> Element<'a, Message> {
    button(text(label).size(style::BODY))
        .padding([8, 16])
        .style(style::primary)
        .on_press_maybe(msg)
        .into()
}

pub fn view<'a>(state: &'a State, doc: &'a Doc<Game>, ctx: &Ctx) -> Element<'a, Message> {
    // Large type scales everything by 1.3; the board gives up none of its height to margins
    // then, so it grows with the type where the window's height bounds it (docs/table-ux.md 4).
    let large = ctx.large_type;
    // The panel takes what a square board leaves (`side_panel_width`), so one widest serves
    // both: with large type the board keeps its height and the panel gets the rest.
    let widest = 440.0;
    // The panel gives up width (down to PANEL_NARROWEST) when the screen's area is too
    // narrow for a square board its full height, as when History is open beside it.
    // With large type the panel may be narrower still, so that the board keeps the whole
    // height and so grows with the type at 1024 px too (issue 30 item 7).
    let narrowest = if large {
        PANEL_NARROWEST_LARGE
    } else {
        PANEL_NARROWEST
    };
    // The panel always draws the refusal (under the controls, in the kingdom, under a card's
    // row), but inside `responsive`, laid out after the shell has looked: say so here, so the
    // foot line repeats neither the text nor its rule (notice.rs).
    let _ = state.refusal.shown();
    iced::widget::responsive(move |size| {
        laid_out(
            state,
            doc,
            side_panel_width(
                size,
                widest,
                narrowest,
                page_padding(large),
                super::board::aspect(large),
            ),
            size.height,
            large,
        )
    })
    .into()
}

/// The board beside a side panel `panel_width` wide, in an area `height` tall.
///
/// The panel's first screenful is fixed regions, each one height whatever happens
/// (docs/table-ux.md 1): the round and phase, the controls (Next step / Run to end, then End
/// turn), the refusal line, the kingdom's summary, then the turn log filling the rest, with
/// the selected unit's card (or a hand-edit mode) above it. Selecting a unit, the enemies'
/// turn beginning or a question being asked never moves the controls; the phase never moves
/// the log. Hand edits, castles, your kingdom in full and the units list are below the fold.
fn laid_out<'a>(
    state: &'a State,
    doc: &'a Doc<Game>,
    panel_width: f32,
    height: f32,
    large_type: bool,
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
        label_scale: if large_type { LARGE_LABELS } else { 1.0 },
    })
    .width(Fill)
    .height(Fill);

    let padding = page_padding(large_type);
    // Recruiting: the unit types take the whole panel, beside the board where the eye is
    // (at 1024×768 with large type a list under the log would be below the fold).
    let panel: Element<'a, Message> = if let Mode::Recruit(square) = state.mode {
        column![recruit_block(g, square), state.refusal.line()]
            .spacing(PANEL_SPACING)
            .padding([0, 8])
            .into()
    } else {
        let visible = (height - 2.0 * padding).max(0.0);
        // The selected unit's card (or a hand-edit mode) above the log, at most three fifths
        // of what is left under the fixed regions; it scrolls inside when taller.
        let fixed = HEADER_HEIGHT + PRIMARY_HEIGHT + SAID_HEIGHT + 3.0 * FIRST_SPACING;
        let card_room = ((visible - fixed) * 0.6).max(80.0);
        let detail: Option<Element<'a, Message>> = match (selected, state.mode) {
            (_, Mode::Relocate(_) | Mode::Place(..)) => Some(mode_block(state, g)),
            (Some(u), _) => Some(
                container(
                    scrollable(
                        container(selected_block(g, u, my_turn))
                            .padding(iced::Padding::ZERO.right(10)),
                    )
                    .id(CARD_ID),
                )
                .max_height(card_room)
                .into(),
            ),
            (None, _) => None,
        };
        let mut focus = Column::new().spacing(FIRST_SPACING).height(Fill);
        if let Some(detail) = detail {
            focus = focus.push(detail);
        }
        // Your files differing from this game's copy (rare: after editing them) is said
        // above the log, in view, with the way to adopt them.
        if state.new_data().is_some() {
            focus = focus.push(adopt_block(state, g));
        }
        // The log's height less its padding, the open line (up to three lines of type) and
        // the explanation's Hide: what the explanation's lines may take.
        let log_height = visible - fixed;
        let why_room = log_height - 12.0 - 3.0 * style::BODY * 1.3 - 40.0;
        let kingdom = state.kingdom_shown();
        if kingdom {
            // Your kingdom in the log's region, its refusal line under its worker actions.
            let on_unit = selected.filter(|u| u.owner == Seat::Player).map(|u| u.id);
            focus = focus.push(
                scrollable(
                    container(super::kingdom::panel(
                        g,
                        super::kingdom::Panel {
                            refusal: &state.refusal,
                            buy_pick: &state.buy_pick,
                            worker: state.worker.as_ref(),
                            discard_ask: state.discard_ask,
                            research_keep: state.research_keep.as_deref(),
                            my_turn,
                            on_unit,
                        },
                    ))
                    .padding(iced::Padding::ZERO.right(10)),
                )
                .id(super::kingdom::KINGDOM_ID)
                .height(Fill),
            );
        } else {
            let on_unit = selected.filter(|u| u.owner == Seat::Player).map(|u| u.id);
            focus = focus.push(super::turn_log::view(
                doc,
                state.why,
                why_room,
                super::leader::items_between_steps(g, on_unit),
                panel_width < NARROW_PANEL,
            ));
        }
        // One line kept under the controls: a refusal (a click on the board or a button
        // here) while there is one, next to what caused it, else your kingdom's summary with
        // the way to the whole kingdom; the next click clears the refusal (notice.rs). With
        // the kingdom open its own refusal line is beside its buttons.
        let said: Element<'a, Message> = if state.refusal.text().is_some() && !kingdom {
            state.refusal.line()
        } else {
            super::kingdom::summary_toggle(g, kingdom, panel_width < NARROW_PANEL)
        };
        let narrow = panel_width < NARROW_PANEL;
        let first_screen = column![
            header(g, narrow),
            primary_block(g, my_turn, narrow),
            container(said).height(SAID_HEIGHT).align_y(iced::Center),
            focus,
        ]
        .spacing(FIRST_SPACING)
        .height(Length::Fixed(visible));
        let mut below =
            column![super::kingdom::section(g), castles_block(g)].spacing(PANEL_SPACING);
        if let Some(u) = selected {
            below = below.push(hand_edits_block(g, u));
        }
        below = below
            .push(place_block(state, g))
            .push(arrows_block(state.arrows))
            .push(units_block(g, state.selected))
            .push(data_block(g));
        column![first_screen, below]
            .spacing(PANEL_SPACING)
            .padding(iced::Padding::ZERO.left(6).right(12))
            .into()
    };

    row![
        container(board).id(BOARD_ID).width(Fill).height(Fill),
        scrollable(panel)
            .id(PANEL_ID)
            .width(panel_width)
            .height(Fill),
    ]
    .spacing(style::GAP)
    .padding(padding)
    .into()
}

/// The play view's padding: with large type the board takes the window's edge too, so that it
/// grows with the type instead of giving its height to margins (docs/table-ux.md 4).
fn page_padding(large_type: bool) -> f32 {
    if large_type { 0.0 } else { 12.0 }
}

/// How much larger the board's labels are, relative to its squares, with large type.
const LARGE_LABELS: f32 = 1.25;

/// The selected unit's card's scrollable, for the layout tests.
pub const CARD_ID: &str = "furtherance-unit-card";

/// The board's container, for the layout tests.
pub const BOARD_ID: &str = "furtherance-board";

/// The side panel's scrollable, for the layout tests.
pub const PANEL_ID: &str = "furtherance-panel";

/// The line under the controls (a refusal, or the kingdom's summary): two lines of body type,
/// taller than the refusal line.
const SAID_HEIGHT: f32 = 2.0 * style::BODY * 1.3 + 2.0;

/// The space between the regions of the panel's first screenful.
const FIRST_SPACING: f32 = 8.0;

/// The space between the side panel's blocks.
const PANEL_SPACING: f32 = style::GAP + 4.0;

/// The narrowest the side panel gets: its widest button still fits.
const PANEL_NARROWEST: f32 = 300.0;

/// The narrowest with large type: the board takes the window's height, the panel the rest,
/// its controls in small type below [`NARROW_PANEL`].
const PANEL_NARROWEST_LARGE: f32 = 228.0;

/// Below this width the panel's controls and header are in small type, so they stay whole.
const NARROW_PANEL: f32 = 290.0;

/// The side panel's width in an area of `size` (the page padded by `padding`): in a wide
/// area, what is left beside a board as tall as the area (`aspect` times as wide as tall: its
/// coordinates' margins), kept between `narrowest` and `widest`; in a tall one, `widest`.
/// Counting the board's true width matters with large type, whose tighter row of file letters
/// makes the board wider than tall: a square's worth would leave it width-bound, smaller than
/// with normal type in a 1024 px screen's window (issue 30 item 7).
fn side_panel_width(
    size: iced::Size,
    widest: f32,
    narrowest: f32,
    padding: f32,
    aspect: f32,
) -> f32 {
    // The row's padding each side and the gap between board and panel.
    let chrome = 2.0 * padding + style::GAP;
    if size.height >= size.width {
        // A tall area: the board is as wide as it can be anyway; the panel keeps its width.
        return widest;
    }
    (size.width - chrome - (size.height - 2.0 * padding) * aspect).clamp(narrowest, widest)
}

/// What the header says of the game's phase, in a few words that fit the narrowest panel on
/// one line; the round stands beside the title, so neither line wraps and the buttons under the
/// header never move when the phase changes (docs/table-ux.md: nothing moves under the cursor).
pub(super) fn phase_words(g: &Game) -> &'static str {
    match (g.outcome(), g.phase()) {
        (Some(Outcome::Won), _) => "You win",
        (Some(Outcome::Lost), _) => "Your castle has fallen",
        // A question in your turn (research, upgrade, a fight you started) is still yours.
        (None, Phase::Player) if !g.is_resolving() || g.pending().is_some() => "Your turn",
        (None, _) => "The enemies' turn",
    }
}

/// "Round 4 · Your turn": one line of heading type, never wrapped (the save's title is in the
/// top bar), so the controls under it never move when the phase changes.
fn header(g: &Game, narrow: bool) -> Element<'_, Message> {
    container(widgets::hover_title(
        format!("Round {} · {}", g.round(), phase_words(g)),
        // Small type in the narrow panel: in body type "Round 2 · The enemies' turn" was cut
        // at its last letters in a 1024×768 screen's window with large type.
        if narrow { style::SMALL } else { style::HEADING },
    ))
    .height(HEADER_HEIGHT)
    .width(Fill)
    .clip(true)
    .align_y(iced::Center)
    .into()
}

/// The header's one line of heading type.
const HEADER_HEIGHT: f32 = style::HEADING * 1.3 + 4.0;

/// The height of each row of the primary block: a primary button with room to spare.
const PRIMARY_ROW: f32 = 40.0;
/// The primary block's height: two rows in a card (padding 8), whatever the phase.
const PRIMARY_HEIGHT: f32 = 2.0 * PRIMARY_ROW + 6.0 + 16.0;

/// The primary block: the enemies' controls on the first row, End turn on the second, each
/// row one fixed height in every phase (a question is asked at the foot of the log, and how
/// to play your turn is said there too while the log is empty).
fn primary_block(g: &Game, my_turn: bool, narrow: bool) -> Element<'_, Message> {
    // In a narrow panel the buttons are in small type, so that each stays whole on its row.
    let (size, pad) = if narrow {
        (style::SMALL, [6, 10])
    } else {
        (style::BODY, [8, 16])
    };
    let control = move |label: &'static str, msg: Message, primary: bool| -> Element<'_, Message> {
        button(text(label).size(size))
            .padding(pad)
            .style(if primary {
                style::primary
            } else {
                style::secondary
            })
            .on_press(msg)
            .into()
    };
    let mut col = Column::new().spacing(6);
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
            // second. When the enemies finish, the pixel that was Next step becomes plain
            // text, so clicking it again does nothing.
            let enemies: Element<'_, Message> = if my_turn {
                // In round 1 you move first: the enemies have not moved yet.
                let said = if g.round() <= 1 {
                    "You move first this round"
                } else {
                    "The enemies are done: your move"
                };
                body(said).style(style::success_text).into()
            } else if g.pending().is_some() && g.phase() == Phase::Player {
                small("Your turn waits for your answer below")
                    .style(style::warning_text)
                    .into()
            } else if g.pending().is_some() {
                small("The enemies wait for your answer below")
                    .style(style::warning_text)
                    .into()
            } else {
                row![
                    widgets::keyed(
                        control("Next step", Message::Next, true),
                        "Space, N or Enter"
                    ),
                    widgets::keyed(control("Run to end", Message::RunToEnd, false), "R"),
                ]
                .spacing(if narrow { 6.0 } else { style::GAP })
                .into()
            };
            let yours: Element<'_, Message> = if my_turn {
                widgets::keyed(
                    control("End turn: the enemies go", Message::EndTurn, true),
                    "E",
                )
            } else if g.phase() == Phase::Player {
                // Your own question (a worker's, a fight you started): the enemies have not
                // begun.
                small("End turn comes back here once you answer")
                    .style(style::muted)
                    .into()
            } else {
                small("End turn comes back here once the enemies are done")
                    .style(style::muted)
                    .into()
            };
            col = col.push(
                container(enemies)
                    .height(PRIMARY_ROW)
                    .align_y(iced::Center)
                    .clip(true),
            );
            col = col.push(
                container(yours)
                    .height(PRIMARY_ROW)
                    .align_y(iced::Center)
                    .clip(true),
            );
        }
    }
    widgets::card(col, 8)
        .height(PRIMARY_HEIGHT)
        .width(Fill)
        .into()
}
