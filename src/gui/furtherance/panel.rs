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
pub(super) fn stepper<'a>(
    name: &str,
    value: i64,
    make: impl Fn(i64) -> Option<Play>,
) -> Element<'a, Message> {
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
    // Large type scales everything by 1.3; the board gives up none of its height to margins
    // then, so it grows with the type where the window's height bounds it (docs/table-ux.md 4).
    let large = ctx.large_type;
    // The panel takes what a square board leaves (`side_panel_width`), so one widest serves
    // both: with large type the board keeps its height and the panel gets the rest.
    let widest = 440.0;
    // The panel gives up width (down to PANEL_NARROWEST) when the screen's area is too
    // narrow for a square board its full height, as when History is open beside it.
    iced::widget::responsive(move |size| {
        laid_out(
            state,
            doc,
            side_panel_width(size, widest, page_padding(large)),
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
            focus = focus.push(super::turn_log::view(doc, state.why, why_room));
        }
        // One line kept under the controls: a refusal (a click on the board or a button
        // here) while there is one, next to what caused it, else your kingdom's summary with
        // the way to the whole kingdom; the next click clears the refusal (notice.rs). With
        // the kingdom open its own refusal line is beside its buttons.
        let said: Element<'a, Message> = if state.refusal.text().is_some() && !kingdom {
            state.refusal.line()
        } else {
            super::kingdom::summary_toggle(g, kingdom)
        };
        let first_screen = column![
            header(g),
            primary_block(g, my_turn),
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

/// The side panel's width in an area of `size` (the page padded by `padding`): in a wide
/// area, what is left beside a square board as tall as the area, kept between
/// [`PANEL_NARROWEST`] and `widest`; in a tall one, `widest`.
fn side_panel_width(size: iced::Size, widest: f32, padding: f32) -> f32 {
    // The row's padding each side and the gap between board and panel.
    let chrome = 2.0 * padding + style::GAP;
    if size.height >= size.width {
        // A tall area: the board is as wide as it can be anyway; the panel keeps its width.
        return widest;
    }
    (size.width - chrome - (size.height - 2.0 * padding)).clamp(PANEL_NARROWEST, widest)
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
fn header(g: &Game) -> Element<'_, Message> {
    container(widgets::hover_title(
        format!("Round {} · {}", g.round(), phase_words(g)),
        style::HEADING,
    ))
    .height(HEADER_HEIGHT)
    .width(Fill)
    .clip(true)
    .align_y(iced::Center)
    .into()
}

/// The header's one line of heading type.
const HEADER_HEIGHT: f32 = style::HEADING * 1.3 + 4.0;

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
const PRIMARY_ROW: f32 = 40.0;
/// The primary block's height: two rows in a card (padding 8), whatever the phase.
const PRIMARY_HEIGHT: f32 = 2.0 * PRIMARY_ROW + 6.0 + 16.0;

/// The primary block: the enemies' controls on the first row, End turn on the second, each
/// row one fixed height in every phase (a question is asked at the foot of the log, and how
/// to play your turn is said there too while the log is empty).
fn primary_block(g: &Game, my_turn: bool) -> Element<'_, Message> {
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

/// The unit types a worker may recruit now: with the one units deck (docs/furtherance.md),
/// those face up in the units market and in your research, each once, market first; in
/// physical mode or a save from before the kingdom, every unit type (you say what you took).
pub fn recruitable(g: &Game) -> Vec<KindId> {
    let k = g.kingdom();
    if !k.one_deck {
        return g.catalog().ids().collect();
    }
    let mut kinds: Vec<KindId> = Vec::new();
    let market = k
        .units_market
        .iter()
        .filter_map(|slot| slot.first().copied());
    let research = k
        .research
        .iter()
        .filter(|r| r.deck == crate::furtherance::Market::Units)
        .map(|r| KindId(r.card));
    for id in market.chain(research) {
        if g.catalog().get(id).is_some() && !kinds.contains(&id) {
            kinds.push(id);
        }
    }
    kinds
}

/// "Recruit into d1": each unit type you may recruit (`recruitable`) as a button (name, then
/// attack/HP and cost), two to a row so that a whole catalog still fits beside the board in a
/// 1024×768 screen's window with large type, and Cancel. A refusal shows under the list.
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
    let kinds = recruitable(g);
    if kinds.is_empty() {
        col = col.push(
            small("No unit is face up in the market or in your research.").style(style::muted),
        );
    }
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
    widgets::card(col, 10).into()
}

/// The selected unit's hand edits (corrections; normal play never needs them), below the
/// panel's fold: damage, +HP, move by hand, act again, remove.
fn hand_edits_block<'a>(g: &'a Game, u: &'a Unit) -> Element<'a, Message> {
    let id = u.id;
    let mut col = column![small(format!(
        "Hand edits: {}",
        capitalised(&unit_name(g, u.id))
    ))]
    .spacing(6);
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
    let mut col = column![text("Castles").size(style::HEADING)].spacing(6);
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
                    "   hourglass counters {} · research: {}",
                    c.counters,
                    research_words(g, &c.research)
                ))
                .style(style::muted),
            );
        }
    }
    widgets::card(col, 12).into()
}

/// An enemy castle's research in words: the unit names, or "none" (never a blank).
pub(super) fn research_words(g: &Game, research: &[KindId]) -> String {
    if research.is_empty() {
        return "none".into();
    }
    research
        .iter()
        .map(|k| g.catalog().kind(*k).name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn capitalised(s: &str) -> String {
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
