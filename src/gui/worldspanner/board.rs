//! The shared parts of the table: the Dome map (with the allowed Domes clickable while a hero
//! waits), a team's heroes with their hand actions, and the glory board.

use iced::widget::{Column, Row, button, column, container, row, text};
use iced::{Center, Element, Fill, Length};

use super::{HeroOp, Message};
use crate::gui::{style, widgets};
use crate::worldspanner::domes::DomeSlot;
use crate::worldspanner::victory::SPACES_PER_KEY;
use crate::worldspanner::{DomeNumber, Game, HeroRef, HeroStatus, Step, TeamSide};

/// The 24 Domes as the board they are, `width` logical pixels wide: six rows (Dome 1 to 6) of
/// four places, each place coloured by the team of the hero in it and showing its name (sized
/// to fit, over two lines if need be; whole on hover too), the allowed empty places buttons
/// while a hero waits for its Dome (docs/worldspanner.md, The screen).
pub fn domes(game: &Game, width: f32) -> Element<'_, Message> {
    // The card's padding, the numbers' column and the spacing between places, then each
    // place's own padding: what is left for a name.
    let inner = (width - 2.0 * 6.0 - NUMBERS - 4.0 * 3.0) / 4.0 - 2.0 * CELL_PAD;
    // No heading: the numbers 1 to 6 and the places' own numbers name the board, and its
    // height goes to the rows (all six in view with large type at 1366×768).
    let mut grid = column![].spacing(3);
    for n in DomeNumber::all() {
        let mut line: Row<'_, Message> = row![
            text(n.to_string())
                .size(style::BODY)
                .width(Length::Fixed(NUMBERS))
        ]
        .spacing(3)
        .align_y(Center);
        for slot in DomeSlot::on_key(n) {
            line = line.push(dome_cell(game, slot, inner));
        }
        grid = grid.push(line);
    }
    widgets::card(grid, 6).width(Length::Fixed(width)).into()
}

/// The Dome numbers' column.
const NUMBERS: f32 = 14.0;
/// A place's padding left and right (2, not 3: "Blackbeard" whole at 10 units in the
/// narrowest board, 1024 wide with large type).
const CELL_PAD: f32 = 2.0;
/// The smallest type a name in a Dome place is drawn in (large type makes it 13 px).
const CELL_TYPE_MIN: f32 = 10.0;
/// A name's line height in a Dome place and on a tile: two lines of small type fill a place.
const NAME_LINE: f32 = 1.15;

/// `name` as it fits a place `inner` logical pixels wide: the board's small type when it can,
/// else smaller, down to [`CELL_TYPE_MIN`], on at most two lines broken between words; a word
/// too wide even then is cut with "…" (the whole name is on hover), never broken inside.
pub fn cell_name(name: &str, inner: f32) -> super::fit::Fitted {
    super::fit::name(
        name,
        inner,
        DOME_CELL,
        NAME_LINE,
        style::SMALL,
        CELL_TYPE_MIN,
    )
}

/// One of the 24 places: a hero (team-coloured, its name in it and whole on hover), "Place"
/// while allowed, or empty. Every cell has the same size, so the board never shifts.
fn dome_cell(game: &Game, slot: DomeSlot, inner: f32) -> Element<'_, Message> {
    let size = |e: Element<'static, Message>| -> iced::widget::Container<'static, Message> {
        container(e)
            .width(Fill)
            .height(Length::Fixed(DOME_CELL))
            .center_y(Length::Fixed(DOME_CELL))
            .clip(true)
    };
    match game.domes.occupant(slot) {
        Some(h) => {
            let seat = h.team.index();
            let name = game.name(h);
            // The cell's colour names the team, so the name goes without it ("Skyhawks
            // hero 3" reads "Hero 3"), sized to fit the place in at most two lines.
            let shown = cell_name(&within_team(h.team, &name), inner);
            let cell = size(
                text(shown.text)
                    .size(shown.size)
                    .line_height(NAME_LINE)
                    .wrapping(iced::widget::text::Wrapping::Word)
                    .into(),
            )
            .padding([0.0, CELL_PAD])
            .style(move |theme: &iced::Theme| container::Style {
                border: iced::Border {
                    color: style::seat_colour(theme, seat),
                    width: 2.0,
                    radius: 4.0.into(),
                },
                ..style::card(theme)
            });
            iced::widget::tooltip(
                cell,
                container(text(format!("{name} ({}) in {slot}", h.team.name())).size(style::SMALL))
                    .padding(6)
                    .style(style::card),
                iced::widget::tooltip::Position::Bottom,
            )
            .into()
        }
        None if allowed(game, slot.number) => {
            // Left and centred in height like the numbers and names of the other places, so
            // a column of places reads the same whatever is in it.
            button(
                container(text("Place").size(style::SMALL))
                    .width(Fill)
                    .height(Fill)
                    .align_y(Center),
            )
            .width(Fill)
            .height(Length::Fixed(DOME_CELL))
            .padding([0.0, CELL_PAD])
            .style(style::primary)
            .on_press(Message::Place(Some(slot)))
            .into()
        }
        None => size(
            text(format!("{}.{}", slot.number, slot.slot))
                .size(style::SMALL)
                .style(style::muted)
                .into(),
        )
        .padding([0.0, CELL_PAD])
        .style(style::card)
        .into(),
    }
}

/// A hero's name where its team is already shown (its tile sits in the team's column, its Dome
/// cell has the team's colour): without the team's name in front, so the heroes of "Use
/// numbered heroes" read "Hero 3" on a narrow tile instead of "Skyhawks hero" cut before the
/// number that tells them apart. A name that is only the team's name stays whole.
fn within_team(team: TeamSide, name: &str) -> String {
    let rest = name
        .strip_prefix(team.name())
        .and_then(|rest| rest.strip_prefix(' '))
        .map(str::trim)
        .filter(|rest| !rest.is_empty());
    match rest {
        Some(rest) => {
            let mut chars = rest.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        }
        None => name.to_string(),
    }
}

/// A Dome place's height: a "Place" button there is a full target (docs/table-ux.md: >= 32 px),
/// and a name holds two lines of the board's small type.
const DOME_CELL: f32 = 36.0;

/// A hand button's height (docs/table-ux.md: targets >= 32 px; large type scales it with the rest).
const TARGET: f32 = 32.0;

/// Is Dome number `n` among the proposals for the hero waiting to be placed?
fn allowed(game: &Game, n: DomeNumber) -> bool {
    game.pending
        .as_ref()
        .is_some_and(|p| p.candidates.iter().any(|c| c.number == n))
}

/// The team's heroes as compact tiles in setup order, as many side by side as the column
/// holds: each tile has the hero's name, where it is and the one action its place allows
/// (enter, leave the Dome, raise, renew, the fight mark). A click elsewhere on a tile picks
/// the hero (for the challenge and the strip above the tiles, [`picked_strip`]). A tile never
/// moves when one of its buttons is pressed (docs/worldspanner.md, The screen).
pub fn heroes<'a>(
    game: &'a Game,
    side: TeamSide,
    fight: &'a [HeroRef],
    picked: Option<usize>,
) -> Element<'a, Message> {
    iced::widget::responsive(move |size| {
        iced::widget::scrollable(hero_grid(game, side, fight, picked, size.width))
            .height(Fill)
            .into()
    })
    .into()
}

/// The tiles of [`heroes`] in a column `width` wide, without a scroll of their own.
pub fn hero_grid<'a>(
    game: &'a Game,
    side: TeamSide,
    fight: &'a [HeroRef],
    picked: Option<usize>,
    width: f32,
) -> Element<'a, Message> {
    let count = game.team(side).heroes.len();
    // As many columns as hold a tile of the narrowest width, spread over the width.
    let across = (((width + TILE_GAP) / (TILE_MIN + TILE_GAP)).floor() as usize)
        .clamp(1, count.max(1));
    // What a tile's name has: the tile's width less its padding.
    let inner = (width - TILE_GAP * (across - 1) as f32) / across as f32 - 2.0 * 3.0;
    let mut grid = Column::new().spacing(TILE_GAP);
    let mut line = Row::new().spacing(TILE_GAP);
    for i in 0..count {
        let r = HeroRef {
            team: side,
            hero: i,
        };
        line = line.push(hero_tile(game, r, fight, picked == Some(i), inner));
        if (i + 1) % across == 0 {
            grid = grid.push(line);
            line = Row::new().spacing(TILE_GAP);
        }
    }
    if !count.is_multiple_of(across) {
        // The last line's tiles keep the width of the others.
        for _ in count % across..across {
            line = line.push(iced::widget::Space::new().width(Fill));
        }
        grid = grid.push(line);
    }
    grid.into()
}

/// "Melee by Wits: Blackbeard 7, Rizzik 5 · ties: active team first": short, since it has
/// one line of the step bar (the whole text on hover).
pub fn melee_order(game: &Game, fight: &[HeroRef]) -> String {
    let (order, unknown) = game.melee_order(fight);
    let mut s = format!(
        "Melee by Wits: {}",
        order
            .iter()
            .map(|(r, w)| format!("{} {w}", game.name(*r)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if !unknown.is_empty() {
        s += &format!(
            "{}no hero card, Wits unknown: {}",
            if order.is_empty() { "" } else { "; " },
            unknown
                .iter()
                .map(|r| game.name(*r))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    s + " · ties: active team first"
}

/// A hand button of one hero: a full target (docs/table-ux.md: >= 32 px).
fn hero_button<'a>(label: String, r: HeroRef, op: Option<HeroOp>) -> Element<'a, Message> {
    button(
        text(label)
            .size(style::SMALL)
            .align_y(Center)
            .wrapping(iced::widget::text::Wrapping::None),
    )
    .height(Length::Fixed(TARGET))
    .padding([0, 6])
    .style(style::secondary)
    .on_press_maybe(op.map(|op| Message::Hero(r, op)))
    .into()
}

/// One hero's tile: its name and place in one line, and under it the action its place allows
/// (or that it has acted this step). Every tile has the same height, so tiles line up.
fn hero_tile<'a>(
    game: &'a Game,
    r: HeroRef,
    fight: &[HeroRef],
    picked: bool,
    inner: f32,
) -> Element<'a, Message> {
    let Ok(h) = game.hero(r) else {
        return column![].into();
    };
    // The hero's one action of this step, once taken (Rounds, p. 7): the engine refuses a
    // second, and the tile says so before anyone tries.
    let acted = game.acted.iter().find(|d| d.hero == r).map(|d| d.deed);
    let op = |label: &str, op: HeroOp| hero_button(label.to_string(), r, Some(op));
    // Two slots of fixed place: the way in or out (Enter, Leave Dome, Raise, Renew) on the
    // left, Fight on the right, so a press never turns the button under the pointer into
    // another (Leave Dome becoming Fight).
    let mut way: Option<Element<'_, Message>> = None;
    let mut fights: Option<Element<'_, Message>> = None;
    match h.status {
        // Disabled once this round's third of the team is in (Reinforce, p. 7).
        HeroStatus::Waiting if game.rounds.step == Step::Reinforce => {
            let room = game.entered(r.team) < game.reinforce_target();
            way = Some(hero_button(
                "Enter".into(),
                r,
                room.then_some(HeroOp::Reinforce),
            ))
        }
        // Leaving the Dome is the Move action of the team's Action step (p. 9): disabled in
        // other steps and once the hero has acted.
        HeroStatus::InDome { .. } => {
            let may =
                acted.is_none() && game.rounds.step == Step::Action && game.rounds.active == r.team;
            way = Some(hero_button(
                "Leave Dome".into(),
                r,
                may.then_some(HeroOp::LeaveDome),
            ))
        }
        // Offered only while an Underworld reward waits: it is taken at once or lost.
        HeroStatus::Underpit if game.team(r.team).underworld_credits > 0 => {
            way = Some(op("Raise to Pit", HeroOp::Raise))
        }
        HeroStatus::Pit if game.team(r.team).underworld_credits > 0 => {
            way = Some(op("Renew", HeroOp::Renew))
        }
        // Only in the Melee step, where the order of Wits is read: a hero that has just
        // left its Dome in the Action step never finds Fight under the pointer.
        HeroStatus::OnMap if game.rounds.step == Step::Melee => {
            fights = Some(op(
                if fight.contains(&r) {
                    "Out of fight"
                } else {
                    "Fight"
                },
                HeroOp::Fight,
            ))
        }
        _ => {}
    }
    // Where the hero is, or what it did this step (its Move button is then disabled).
    let place = match acted {
        Some(deed) => format!("acted this step: {}", deed.done()),
        None => game.place_of(r),
    };
    // The way in or out keeps the tile's left edge, Fight its right edge: each button its
    // whole width, never where the other was.
    let slot = |e: Option<Element<'a, Message>>| -> Element<'a, Message> {
        e.unwrap_or_else(|| text("").into())
    };
    // With no action the line says where the hero is (cut at the tile's edge, whole on hover);
    // with one, where the hero is follows the name, in what room the name leaves.
    let idle = way.is_none() && fights.is_none();
    let actions: Element<'_, Message> = if idle {
        text(place.clone())
            .size(style::SMALL)
            .style(style::muted)
            .wrapping(iced::widget::text::Wrapping::None)
            .into()
    } else {
        row![slot(way), container(text("")).width(Fill), slot(fights)]
            .spacing(4)
            .align_y(Center)
            .into()
    };
    // The name first and whole: in body type when it fits the tile, else smaller (a row of
    // fixed height, so tiles keep one height; a word too wide even then is cut with "…").
    // The row's spacing before the place is taken from the name's room even when it is empty.
    let name = super::fit::name(
        &within_team(r.team, &h.name),
        inner - NAME_GAP,
        TILE_NAME,
        NAME_LINE,
        style::BODY,
        CELL_TYPE_MIN,
    );
    let tile = container(column![
        iced::widget::tooltip(
            container(
                row![
                    text(name.text)
                        .size(name.size)
                        .line_height(NAME_LINE)
                        .wrapping(iced::widget::text::Wrapping::None),
                    text(if idle { String::new() } else { place.clone() })
                        .size(style::SMALL)
                        .style(style::muted)
                        .wrapping(iced::widget::text::Wrapping::None),
                ]
                .spacing(NAME_GAP)
                .align_y(Center)
            )
            .width(Fill)
            .height(Length::Fixed(TILE_NAME))
            .center_y(Length::Fixed(TILE_NAME))
            .clip(true),
            container(text(format!("{}: {place}", h.name)).size(style::SMALL))
                .padding(6)
                .style(style::card),
            iced::widget::tooltip::Position::Top,
        ),
        container(actions)
            .height(Length::Fixed(TARGET))
            .center_y(Length::Fixed(TARGET))
            .clip(true),
    ])
    .padding(3)
    .width(Fill)
    .style(if picked { style::selected } else { style::card });
    iced::widget::mouse_area(tile)
        .on_press(Message::Form(super::FormMsg::Hero(super::form::Choice {
            value: r.hero,
            label: h.name.clone(),
        })))
        .into()
}

/// The picked hero's strip above the tiles, of one fixed height: its name and place (or a
/// refusal of a hero action, in red), Dismiss and Banish, and its wounds, gold and Boosts
/// each with their own buttons (named on hover). With no hero picked the buttons are there,
/// disabled, and the line says how to pick one. In a column narrower than [`STRIP_ONE_ROW`]
/// (the share panel open beside the table) the counts take two rows, and below
/// [`STRIP_TWO_ROWS`] three, so every button stays whole: the rows depend on `width` only.
pub fn picked_strip<'a>(
    game: &'a Game,
    side: TeamSide,
    picked: Option<usize>,
    refused: Option<(&'a str, Option<crate::rules::RuleRef>)>,
    width: f32,
) -> Element<'a, Message> {
    let r = picked.map(|hero| HeroRef { team: side, hero });
    let h = r.and_then(|r| game.hero(r).ok());
    let rule = refused.and_then(|(_, rule)| rule);
    // The line's words, their largest type and their style.
    let (said, max, style_of): (String, f32, fn(&iced::Theme) -> text::Style) = match (refused, h)
    {
        (Some((why, _)), _) => (why.to_string(), style::SMALL, style::danger_text),
        (None, Some(h)) => (
            format!(
                "{}: {}",
                h.name,
                r.map(|r| game.place_of(r)).unwrap_or_default()
            ),
            style::BODY,
            text::default,
        ),
        (None, None) => (
            format!("{}: pick a hero's tile", side.name()),
            style::SMALL,
            style::muted,
        ),
    };
    // Fitted, measured in the window's font, to the room the buttons leave (a long name and
    // place, "Skyhawks hero 1: being dismissed: choose a Dome", take two lines of smaller
    // type rather than being cut at the strip's height); the whole line on hover.
    let buttons = ["Dismiss", "Banish"]
        .iter()
        .map(|l| super::fit::width(l, style::SMALL) + 12.0)
        .sum::<f32>()
        + 4.0
        + 6.0 * 2.0
        + if rule.is_some() { TARGET + 6.0 } else { 0.0 };
    let fitted = super::fit::name(
        &said,
        (width - buttons).max(40.0),
        TARGET,
        NAME_LINE,
        max,
        CELL_TYPE_MIN,
    );
    let line = iced::widget::tooltip(
        text(fitted.text).size(fitted.size).style(style_of),
        container(text(said).size(style::SMALL))
            .padding(4)
            .style(style::card),
        iced::widget::tooltip::Position::Bottom,
    );
    let in_play = h.is_some_and(|h| h.status.in_play());
    let when = |op: HeroOp, ok: bool| ok.then_some(op);
    let mut dismiss: Vec<Element<'_, Message>> = Vec::new();
    for (label, op) in [("Dismiss", HeroOp::Dismiss), ("Banish", HeroOp::Banish)] {
        dismiss.push(match r {
            Some(r) => hero_button(label.into(), r, when(op, in_play)),
            None => hero_button(
                label.into(),
                HeroRef {
                    team: side,
                    hero: 0,
                },
                None,
            ),
        });
    }
    let top = row![
        container(line)
            .width(Fill)
            .height(Length::Fixed(TARGET))
            .center_y(Length::Fixed(TARGET))
            .clip(true),
        // A refused hero action's rule, beside the refusal (docs/rules.md).
        rule.map(|r| crate::gui::widgets::rule_link(Message::Rule(r))),
        Row::with_children(dismiss).spacing(4),
    ]
    .spacing(6)
    .align_y(Center);
    // The counts with their steppers; each button names itself on hover.
    let stepper = |label: &'static str, tip: &'static str, o: Option<HeroOp>| {
        iced::widget::tooltip(
            button(
                text(label)
                    .size(style::BODY)
                    .align_x(Center)
                    .align_y(Center)
                    .width(Fill),
            )
            .height(Length::Fixed(TARGET))
            .width(Length::Fixed(stepper_width(label)))
            .padding(0)
            .style(style::secondary)
            .on_press_maybe(r.zip(o).map(|(r, o)| Message::Hero(r, o))),
            container(text(tip).size(style::SMALL))
                .padding(6)
                .style(style::card),
            iced::widget::tooltip::Position::Top,
        )
        .into()
    };
    let step = |label: &'static str, tip: &'static str, o: HeroOp| -> Element<'a, Message> {
        stepper(label, tip, Some(o))
    };
    let group = |items: Vec<Element<'a, Message>>| -> Element<'a, Message> {
        Row::with_children(items).spacing(1).align_y(Center).into()
    };
    let (wounds, health, gold, boosts, active) = h.map_or((0, 0, 0, 0, false), |h| {
        (h.wounds, h.health, h.gold, h.boosts, h.boost_active)
    });
    let labels = [
        if h.is_some() {
            format!("{wounds}/{health} wounds")
        } else {
            "– wounds".into()
        },
        format!("{gold} gold"),
        format!(
            "{}{}",
            crate::words::count(u32::from(boosts), "Boost", "Boosts"),
            if active { " (in use)" } else { "" }
        ),
    ];
    // How many groups share a row: all three, two, or one each.
    let per_row = if width >= STRIP_ONE_ROW {
        3
    } else if width >= STRIP_TWO_ROWS {
        2
    } else {
        1
    };
    // On one row the counts' type gets smaller (down to 10 units) when all three would not
    // fit beside their buttons in the window's font: "4/4 wounds", "12 gold" and "2 Boosts
    // (in use)" pushed Use out of the strip at 1024 with large type.
    let size = if per_row == 3 {
        let buttons = 5.0 * TARGET + stepper_width("Use");
        // The strip's padding, the gaps between the groups and inside them.
        let room = width - buttons - 2.0 * 3.0 - 2.0 * 6.0 - 6.0 * 1.0 - 1.0;
        (0..=8)
            .map(|i| style::SMALL - 0.5 * i as f32)
            .find(|s| {
                labels
                    .iter()
                    .map(|l| super::fit::width(l, *s))
                    .sum::<f32>()
                    <= room
            })
            .unwrap_or(CELL_TYPE_MIN)
    } else {
        style::SMALL
    };
    let count = |s: &String| -> Element<'a, Message> {
        text(s.clone())
            .size(size)
            .wrapping(iced::widget::text::Wrapping::None)
            .into()
    };
    let groups = [
        group(vec![
            count(&labels[0]),
            step("+", "+1 wound", HeroOp::Wound),
            step("−", "Heal 1", HeroOp::Heal),
        ]),
        group(vec![
            count(&labels[1]),
            step("+", "+1 gold", HeroOp::GoldUp),
            step("−", "−1 gold", HeroOp::GoldDown),
        ]),
        group(vec![
            count(&labels[2]),
            step("+", "+1 Boost", HeroOp::GainBoost),
            // "Use" is always there (disabled out of play), so the strip keeps its shape.
            stepper(
                "Use",
                "Use a Boost (a hero in play)",
                in_play.then_some(HeroOp::UseBoost),
            ),
        ]),
    ];
    let mut strip = column![top].spacing(2);
    let mut line = Row::new().spacing(6).align_y(Center);
    for (i, g) in groups.into_iter().enumerate() {
        line = line.push(g);
        if (i + 1) % per_row == 0 || i == 2 {
            strip = strip.push(
                container(line)
                    .height(Length::Fixed(TARGET))
                    .center_y(Length::Fixed(TARGET))
                    .clip(true),
            );
            line = Row::new().spacing(6).align_y(Center);
        }
    }
    container(strip)
        .padding(3)
        .width(Fill)
        .style(style::card)
        .into()
}

/// A count's button in the strip: a full target, wider when its label needs it ("Use" with a
/// margin each side in the window's font: it touched both edges of a 32-unit button in DejaVu
/// Sans).
fn stepper_width(label: &str) -> f32 {
    TARGET.max(super::fit::width(label, style::BODY) + 8.0)
}

/// The narrowest column whose strip holds the three counts on one row (each with its buttons,
/// "10/10 wounds" and "3 Boosts (in use)" at their widest).
pub const STRIP_ONE_ROW: f32 = 400.0;
/// The narrowest column whose strip holds two counts on a row.
pub const STRIP_TWO_ROWS: f32 = 280.0;

/// A tile's name row: one line of body type (a long name in smaller type, as in a Dome place:
/// a second line would push the last row of tiles out of view with large type at 1366).
const TILE_NAME: f32 = style::BODY * 1.3;

/// The space between a tile's name and where the hero is.
const NAME_GAP: f32 = 6.0;

/// The narrowest a hero tile is drawn: its longest action ("Leave Dome") whole.
const TILE_MIN: f32 = 125.0;
const TILE_GAP: f32 = 6.0;
/// The width three tiles side by side need.
pub const TILES_ACROSS_3: f32 = 3.0 * TILE_MIN + 2.0 * TILE_GAP;

pub fn glory(game: &Game, side: TeamSide) -> Element<'_, Message> {
    let mut col = column![text("Glory board").size(style::HEADING)].spacing(6);
    // A key's name over its four spaces: the board column is narrow.
    for key in &game.keys {
        let mut spaces = row![].spacing(4);
        for s in 0..SPACES_PER_KEY {
            let mark = match key.spaces[s] {
                Some(t) => &t.name()[..1],
                None => "–",
            };
            spaces = spaces.push(
                button(text(format!("{} {mark}", s + 1)).size(style::SMALL))
                    .height(Length::Fixed(TARGET))
                    .padding([0, 8])
                    .style(style::secondary)
                    // A space the side holds already takes no second capture: a second
                    // click by habit records nothing.
                    .on_press_maybe(
                        (key.spaces[s] != Some(side)).then_some(Message::Capture(key.faction, s)),
                    ),
            );
        }
        col = col.push(
            column![
                text(format!(
                    "{}: S {} · P {}",
                    key.faction.key_name(),
                    key.markers(TeamSide::Skyhawks),
                    key.markers(TeamSide::Psiclones)
                ))
                .size(style::BODY),
                spaces,
            ]
            .spacing(2),
        );
    }
    let lith = match (game.lith.holder, game.lith.favor(side)) {
        (Some(t), _) => format!("Lith's tribute: {t} {}", game.lith.amount),
        (None, _) => "Lith's tribute: none".into(),
    };
    let g = game.glory();
    col = col.push(text(lith).size(style::BODY));
    col = col.push(
        row![
            button(text(format!("+1 tribute ({})", side.name())).size(style::SMALL))
                .height(Length::Fixed(TARGET))
                .style(style::secondary)
                .on_press(Message::Tribute),
            button(text(format!("Glory card ({})", side.name())).size(style::SMALL))
                .height(Length::Fixed(TARGET))
                .style(style::secondary)
                .on_press(Message::GloryCard),
        ]
        .spacing(6)
        .align_y(Center)
        .wrap(),
    );
    col = col.push(
        text(format!(
            "Glory if the game ended now: Skyhawks {} · Psiclones {}",
            g.glory[0], g.glory[1]
        ))
        .size(style::HEADING),
    );
    col = col.push(
        text(format!(
            "Capture buttons act for the {} (the side shown).",
            side.name()
        ))
        .size(style::SMALL)
        .style(style::muted),
    );
    if game.rounds.finished {
        for l in g.lines {
            col = col.push(text(l).size(style::BODY));
        }
    }
    widgets::card(col, 10).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_drops_its_teams_name_so_numbered_heroes_keep_their_number() {
        assert_eq!(within_team(TeamSide::Skyhawks, "Skyhawks hero 7"), "Hero 7");
        assert_eq!(
            within_team(TeamSide::Psiclones, "Psiclones hero 12"),
            "Hero 12"
        );
        // Only the tile's own team, and only a whole word.
        assert_eq!(
            within_team(TeamSide::Skyhawks, "Psiclones hero 1"),
            "Psiclones hero 1"
        );
        assert_eq!(
            within_team(TeamSide::Skyhawks, "Skyhawksman"),
            "Skyhawksman"
        );
        // A name that is the team's name alone stays whole.
        assert_eq!(within_team(TeamSide::Skyhawks, "Skyhawks"), "Skyhawks");
        assert_eq!(within_team(TeamSide::Skyhawks, "Skyhawks "), "Skyhawks ");
        assert_eq!(within_team(TeamSide::Skyhawks, "Blackbeard"), "Blackbeard");
    }

    #[test]
    fn a_dome_place_sizes_a_long_name_to_fit_in_two_lines() {
        // Short names keep the board's type; a long one is drawn smaller, never below the
        // least size; two words may share the two lines; a word too wide is cut with "…".
        assert_eq!(cell_name("Vera", 55.0).size, style::SMALL);
        assert_eq!(cell_name("Red Knight 2", 80.0).size, style::SMALL);
        let long = cell_name("Blackbeard", 62.0);
        assert!((CELL_TYPE_MIN..style::SMALL).contains(&long.size), "{long:?}");
        assert_eq!(long.text, "Blackbeard");
        let cut = cell_name("Archchancellor", 30.0);
        assert_eq!(cut.size, CELL_TYPE_MIN);
        assert!(cut.text.ends_with('…'), "{cut:?}");
    }
}
