//! Headless layout tests of the table side (docs/table-ux.md 1 and 2): at 1366×768 and with large
//! type (the same window seen at 1.3×, about 1050×590 logical), the Draw button and the draw's
//! answer are in view without scrolling for a challenge and for an attack, Draw stays at the
//! same pixel from one click to the next, and the deck's Digital/Physical switch is in view.

use iced::{Rectangle, Size};
use iced_test::Simulator;

use super::Where;
use super::tests::{ctx, next_step, round_two};
use super::*;
use crate::gui::testing;
use crate::worldspanner::LastEvent;

/// The screen's share of a 768 px window once the app's top bar (about 80 px) is drawn.
const WINDOWS: [(&str, Size); 3] = [
    ("1366x768", Size::new(1366.0, 688.0)),
    ("1024x768", Size::new(1024.0, 688.0)),
    // Large type scales everything by 1.3: a 1366×768 window is about 1050×590 logical.
    ("1366x768 large type", Size::new(1050.0, 510.0)),
];

/// Where `label` is drawn, and whether all of it is inside the window (not scrolled off).
fn place(s: &State, size: Size, label: &str) -> (Rectangle, bool) {
    let c = ctx();
    let mut ui = Simulator::with_size(iced_test::core::Settings::default(), size, s.view(&c));
    let found = ui
        .find(label)
        .unwrap_or_else(|e| panic!("{label:?} not drawn: {e:?}"));
    let b = found.bounds();
    // Wholly visible: nothing of it clipped by the scrollable, and its bottom on screen.
    let inside = found.visible_bounds().is_some_and(|v| {
        (v.height - b.height).abs() < 1.0 && v.y >= 0.0 && v.y + v.height <= size.height
    });
    (b, inside)
}

/// Round 3, Skyhawks' Free step, Skyhawks heroes 1 to 3 on the map (they left their Domes in
/// round 2): each has its own attack to make, one a step (Rounds, p. 7).
fn round_three_on_the_map() -> State {
    let c = ctx();
    let mut s = round_two();
    for team in TeamSide::BOTH {
        loop {
            for hero in 0..3 {
                if team == TeamSide::Skyhawks {
                    s.update(Message::Hero(HeroRef { team, hero }, HeroOp::LeaveDome), &c);
                }
            }
            if s.game().unwrap().rounds.step == crate::worldspanner::Step::Reinforce {
                break;
            }
            assert!(next_step(&mut s).moved);
        }
        for i in 3..6 {
            let hero = HeroRef { team, hero: i };
            assert!(testing::update(&mut s, Message::Hero(hero, HeroOp::Reinforce), &c).moved);
            assert!(testing::update(&mut s, Message::Place(None), &c).moved);
        }
        assert!(testing::update(&mut s, Message::NextStep, &c).moved);
    }
    s
}

/// The table side set up for `what` with a hero chosen and the ratings typed.
fn ready(what: form::What) -> State {
    let c = ctx();
    let mut s = if what.attack() {
        round_three_on_the_map()
    } else {
        round_two()
    };
    s.update(Message::Form(FormMsg::What(what)), &c);
    s.update(
        Message::Form(FormMsg::Hero(form::Choice {
            value: 1,
            label: String::new(),
        })),
        &c,
    );
    s.update(Message::Form(FormMsg::Rating("6".into())), &c);
    s.update(Message::Form(FormMsg::Against("5".into())), &c);
    if what.on_faction_key() {
        let faction = s.game().unwrap().keys[0].faction;
        s.update(
            Message::Form(FormMsg::Key(form::Choice {
                value: faction,
                label: String::new(),
            })),
            &c,
        );
    }
    if what.attack() {
        s.update(Message::Form(FormMsg::Power("3".into())), &c);
        s.update(Message::Form(FormMsg::Armor("1".into())), &c);
        s.update(Message::Form(FormMsg::Wound("1".into())), &c);
    }
    s
}

/// The large-type line of the last draw (the headline above the panel).
fn verdict(game: &Game) -> String {
    match &game.last {
        Some(LastEvent::Challenge { outcome, .. }) => outcome.face.name().to_uppercase(),
        Some(LastEvent::Attack { outcome, .. }) if outcome.hit.hit => {
            format!(
                "HIT: {}",
                crate::words::count(outcome.wounds, "wound", "wounds")
            )
        }
        Some(LastEvent::Attack { .. }) => "MISS".into(),
        None => panic!("nothing drawn"),
    }
}

#[test]
fn draw_and_its_answer_are_in_view_and_draw_stays_put_for_a_challenge_and_an_attack() {
    let c = ctx();
    for what in [form::What::Other, form::What::Melee, form::What::Ranged] {
        for (name, size) in WINDOWS {
            let mut s = ready(what);
            let (before, inside) = place(&s, size, "Draw challenge card");
            assert!(
                inside,
                "{what:?} at {name}: Draw at {before:?} is below the fold"
            );
            for draw in 0..3 {
                // An attack waits for its step (Action or Melee): step on until it is drawn.
                let mut steps = 0;
                loop {
                    // A step clears the chosen hero (it may have left the map): choose again.
                    // Each attack is another hero's: one attack per hero a step (p. 7).
                    s.update(
                        Message::Form(FormMsg::Hero(form::Choice {
                            value: if what.attack() { draw } else { 1 },
                            label: String::new(),
                        })),
                        &c,
                    );
                    let a = testing::update(&mut s, Message::Draw, &c);
                    if a.moved {
                        break;
                    }
                    steps += 1;
                    assert!(
                        steps < 8,
                        "{what:?}: draw {draw}: {:?}",
                        a.notice.map(|n| n.text)
                    );
                    let n = next_step(&mut s);
                    assert!(
                        n.moved,
                        "{what:?}: {:?} / {:?}",
                        a.notice.map(|n| n.text),
                        n.notice.map(|n| n.text)
                    );
                }
                let (after, inside) = place(&s, size, "Draw challenge card");
                assert!(inside, "{what:?} at {name}: Draw at {after:?} after a draw");
                assert_eq!(before, after, "{what:?} at {name}: Draw moved");
                let answer = verdict(s.game().unwrap());
                let (at, inside) = place(&s, size, &answer);
                assert!(
                    inside,
                    "{what:?} at {name}: {answer:?} at {at:?} not in view"
                );
                assert!(at.y < before.y, "the answer is above the Draw button");
            }
        }
    }
}

#[test]
fn the_deck_mode_switch_is_in_view_without_scrolling() {
    let c = ctx();
    let mut s = ready(form::What::Melee);
    for (name, size) in WINDOWS {
        for side in TeamSide::BOTH {
            s.update(Message::Side(side), &c);
            for label in ["Digital deck", "Physical deck"] {
                let (at, inside) = place(&s, size, label);
                assert!(
                    inside,
                    "{label} of {side:?} at {name}: {at:?} needs a scroll"
                );
            }
        }
    }
}

/// Where each of `labels` is drawn in a window of `size` (the last match of each: a hero's
/// tile comes after its Dome place on the board).
fn bounds_of(s: &State, size: Size, labels: &[String]) -> Vec<Rectangle> {
    let all = texts(s, size);
    labels
        .iter()
        .map(|l| {
            all.iter()
                .filter(|(t, _)| t == l)
                .map(|(_, b)| *b)
                .next_back()
                .unwrap_or_else(|| panic!("{l:?} not drawn"))
        })
        .collect()
}

#[test]
fn a_heros_actions_are_on_its_tile_in_view_without_scrolling() {
    let c = ctx();
    // Round 1, Reinforce: every waiting hero offers Enter on its own tile.
    let s = super::tests::started();
    for (name, size) in WINDOWS {
        for label in ["Enter", "Hero 1"] {
            let (at, inside) = place(&s, size, label);
            assert!(inside, "{label} at {name}: {at:?} needs a scroll");
        }
        let (tile, _) = place(&s, size, "Hero 1");
        let (enter, _) = place(&s, size, "Enter");
        assert!(
            enter.y > tile.y && enter.y - tile.y < 60.0,
            "at {name}: Enter ({enter:?}) is on the tile of hero 1 ({tile:?})"
        );
    }
    // Round 2: the heroes in Domes offer Leave on their tiles; hero 1 picked by its tile,
    // its counts, Dismiss and Banish are in the strip above the tiles.
    for (name, size) in WINDOWS {
        let mut s = round_two();
        s.update(Message::Side(TeamSide::Skyhawks), &c);
        // Its tile: the last "Hero 1" drawn (its Dome place, on the board, comes first).
        let tile = texts(&s, size)
            .into_iter()
            .filter(|(t, _)| t == "Hero 1")
            .map(|(_, b)| b)
            .next_back()
            .expect("hero 1's tile");
        let on_tile = move |c: iced_test::selector::Candidate<'_>| {
            let t = iced_test::selector::Target::from(c);
            matches!(&t, iced_test::selector::Target::Text { content, bounds, .. }
                if content == "Hero 1" && *bounds == tile)
            .then_some(t)
        };
        let picked = testing::click_on(&mut s, &c, (size.width, size.height), on_tile)
            .expect("hero 1's tile");
        assert_eq!(
            picked.messages, 1,
            "at {name}: a click on the tile picks the hero"
        );
        for label in ["Leave Dome", "Dismiss", "Banish", "0/4 wounds"] {
            let (at, inside) = place(&s, size, label);
            assert!(inside, "{label} at {name}: {at:?} needs a scroll");
        }
        let dismissed =
            testing::click_on(&mut s, &c, (size.width, size.height), "Dismiss").expect("Dismiss");
        assert!(
            dismissed.messages == 1 && dismissed.moved,
            "at {name}: Dismiss acts on the picked hero"
        );
    }
}

#[test]
fn enter_reinforce_keeps_every_tile_where_it_was() {
    let c = ctx();
    let names: Vec<String> = (1..=8).map(|i| format!("Hero {i}")).collect();
    for (name, size) in WINDOWS {
        let mut s = super::tests::started();
        let before = bounds_of(&s, size, &names);
        // Enter hero 3 by its own tile's button, then choose its Dome.
        let hero = HeroRef {
            team: TeamSide::Skyhawks,
            hero: 2,
        };
        assert!(testing::update(&mut s, Message::Hero(hero, HeroOp::Reinforce), &c).moved);
        let during = bounds_of(&s, size, &names);
        assert_eq!(
            before, during,
            "at {name}: a tile moved while the Dome is asked"
        );
        assert!(testing::update(&mut s, Message::Place(None), &c).moved);
        // Hero 3 is now on the board too: every tile's name, and hero 3's place
        // shown on its own tile, are where they were.
        assert_eq!(
            bounds_of(&s, size, &names),
            before,
            "at {name}: a tile moved after Enter (Reinforce)"
        );
        let dome = s.game().unwrap().domes.find(hero).expect("placed");
        let status = bounds_of(&s, size, &[format!("in {dome}")])[0];
        assert!(
            (status.y - before[2].y).abs() < 6.0 && status.x > before[2].x,
            "at {name}: hero 3's tile {status:?} moved from {:?}",
            before[2]
        );
    }
}

#[test]
fn draw_is_disabled_with_every_missing_field_listed_right_under_it() {
    let c = ctx();
    let mut s = round_two();
    s.update(Message::Form(FormMsg::What(form::What::Melee)), &c);
    s.update(Message::Form(FormMsg::Against(String::new())), &c);
    let needs = "Needs: hero, rating, against, Power, Armor, Wound";
    for (name, size) in WINDOWS {
        let (draw, inside) = place(&s, size, "Draw challenge card");
        assert!(inside, "at {name}: Draw {draw:?}");
        let (note, inside) = place(&s, size, needs);
        assert!(inside, "at {name}: the note {note:?} needs a scroll");
        assert!(
            (note.x - draw.x).abs() < 16.0
                && note.y >= draw.y + draw.height
                && note.y - (draw.y + draw.height) < 24.0,
            "at {name}: the note {note:?} is right under Draw {draw:?}"
        );
        // Disabled: a click sends nothing.
        let clicked =
            testing::click_on(&mut s, &c, (size.width, size.height), "Draw challenge card")
                .unwrap();
        assert_eq!(clicked.messages, 0, "at {name}: Draw is disabled");
    }
    // D (the key) says the same in one line under the button; twice is still one line,
    // and Draw has not moved.
    let (before, _) = place(&s, WINDOWS[1].1, "Draw challenge card");
    for _ in 0..2 {
        let a = testing::update(&mut s, Message::Draw, &c);
        assert!(!a.moved && a.notice.is_none());
    }
    let r = s.refused().expect("refused").clone();
    assert_eq!((r.at, r.text.as_str()), (Where::Draw, needs));
    for (name, size) in WINDOWS {
        let c = ctx();
        let mut ui = Simulator::with_size(iced_test::core::Settings::default(), size, s.view(&c));
        assert!(ui.find(needs).is_ok(), "at {name}");
    }
    assert_eq!(place(&s, WINDOWS[1].1, "Draw challenge card").0, before);
    // Filled in, the note is gone and Draw draws.
    s.update(
        Message::Form(FormMsg::Hero(form::Choice {
            value: 0,
            label: String::new(),
        })),
        &c,
    );
    for (m, v) in [
        (FormMsg::Rating as fn(String) -> FormMsg, "6"),
        (FormMsg::Against, "5"),
        (FormMsg::Power, "3"),
        (FormMsg::Armor, "1"),
        (FormMsg::Wound, "1"),
    ] {
        s.update(Message::Form(m(v.into())), &c);
    }
    assert!(s.form.missing().is_empty());
}

/// Round 1: Skyhawks hero 1 entered, its Dome question open.
fn dome_question_open() -> State {
    let c = ctx();
    let mut s = super::tests::started();
    let hero = HeroRef {
        team: TeamSide::Skyhawks,
        hero: 0,
    };
    assert!(testing::update(&mut s, Message::Hero(hero, HeroOp::Reinforce), &c).moved);
    s
}

#[test]
fn the_dome_question_and_the_board_are_in_view_together() {
    let s = dome_question_open();
    let first = {
        let g = s.game().unwrap();
        let p = g.pending.as_ref().unwrap();
        g.domes.first_empty(p.candidates[0].number).unwrap()
    };
    for (name, size) in WINDOWS {
        let (ask, inside) = place(&s, size, &format!("Place in {first}"));
        assert!(inside, "at {name}: the question {ask:?} needs a scroll");
        let (cell, inside) = place(&s, size, "Place");
        assert!(
            inside,
            "at {name}: the board's Place {cell:?} needs a scroll"
        );
        assert!(
            (cell.x - (ask.x + ask.width)).abs() < 400.0,
            "at {name}: the board {cell:?} is beside the question {ask:?}"
        );
    }
}

#[test]
fn next_step_refused_in_reinforce_is_shown_under_it_and_says_how() {
    let c = ctx();
    let mut s = super::tests::started();
    testing::update(&mut s, Message::NextStep, &c);
    let text = s.refused().expect("refused").text.clone();
    assert!(
        text.contains("press Enter on a waiting hero's tile"),
        "{text}"
    );
    for (name, size) in WINDOWS {
        let (next, _) = place(&s, size, "Next step");
        let (at, found) = {
            let c = ctx();
            let mut ui =
                Simulator::with_size(iced_test::core::Settings::default(), size, s.view(&c));
            let t = ui.find(text.as_str()).expect("shown");
            (t.bounds(), t.visible_bounds().is_some())
        };
        assert!(found && at.y < size.height, "at {name}: {at:?}");
        assert!(
            at.y > next.y && at.y - next.y < 160.0,
            "at {name}: the refusal {at:?} is just under Next step {next:?}"
        );
    }
}

#[test]
fn a_physical_cards_question_is_in_view_with_all_its_answers() {
    let c = ctx();
    let mut s = ready(form::What::Other);
    s.update(Message::DeckMode(TeamSide::Skyhawks, true), &c);
    s.update(Message::Draw, &c);
    for (name, size) in WINDOWS {
        for label in ["Amaze (A)", "Fopp (X)", "Cancel"] {
            let (at, inside) = place(&s, size, label);
            assert!(inside, "{label} at {name}: {at:?} needs a scroll");
        }
    }
}

#[test]
fn setup_shows_every_field_whole_at_1024() {
    let c = ctx();
    let s = State::new(&c);
    for (name, size) in WINDOWS {
        for label in [
            "Heroes per team",
            "Rounds (8 intro, 10 average, 12 expert)",
            "Title",
        ] {
            let c = ctx();
            let mut ui =
                Simulator::with_size(iced_test::core::Settings::default(), size, s.view(&c));
            let t = ui.find(label).unwrap_or_else(|e| panic!("{label}: {e:?}"));
            let b = t.bounds();
            assert!(
                b.x >= 0.0 && b.x + b.width <= size.width - 16.0,
                "{label} at {name}: {b:?} is cut at the window's edge"
            );
        }
    }
}

/// The window the app opens on a 1024×768 screen (90% of it) once the top bar is drawn: the
/// hero tiles are narrowest there and their buttons wrap.
const NARROWEST: (&str, Size) = ("1024x768 screen, 90% window", Size::new(922.0, 610.0));

#[test]
fn a_tiles_wrapped_actions_never_cover_its_counts_and_no_tile_moves_when_a_hero_enters_play() {
    let c = ctx();
    let mut s = round_two();
    s.update(Message::Side(TeamSide::Skyhawks), &c);
    // Hero 1 picked: its counts and removals are in the strip above the tiles.
    s.update(
        Message::Form(FormMsg::Hero(form::Choice {
            value: 0,
            label: String::new(),
        })),
        &c,
    );
    for (name, size) in WINDOWS.into_iter().chain([NARROWEST]) {
        let (banish, _) = place(&s, size, "Banish");
        let (wounds, _) = place(&s, size, "0/4 wounds");
        assert!(
            banish.intersection(&wounds).is_none(),
            "at {name}: Banish {banish:?} covers the wounds {wounds:?}"
        );
    }
    // Hero 1 enters play: hero 2's tile stays where it was, though hero 1's buttons change.
    let (name, size) = NARROWEST;
    let mut s = super::tests::started();
    let before = place(&s, size, "Hero 2").0;
    let hero = HeroRef {
        team: TeamSide::Skyhawks,
        hero: 0,
    };
    assert!(testing::update(&mut s, Message::Hero(hero, HeroOp::Reinforce), &c).moved);
    assert!(testing::update(&mut s, Message::Place(None), &c).moved);
    assert_eq!(
        place(&s, size, "Hero 2").0,
        before,
        "at {name}: hero 2's tile moved when hero 1 entered play"
    );
}

/// Every text drawn in a window of `size`, with its bounds.
fn texts(s: &State, size: Size) -> Vec<(String, Rectangle)> {
    use iced_test::selector::{Candidate, Target};
    let c = ctx();
    let mut ui = Simulator::with_size(iced_test::core::Settings::default(), size, s.view(&c));
    let mut found = Vec::new();
    let _ = ui.find(|c: Candidate<'_>| -> Option<Target> {
        if let Target::Text {
            content, bounds, ..
        } = Target::from(c)
        {
            found.push((content, bounds));
        }
        None
    });
    found
}

#[test]
fn the_dome_boards_place_labels_line_up_with_the_numbers_of_the_other_places() {
    let s = dome_question_open();
    for (name, size) in WINDOWS {
        let all = texts(&s, size);
        let at = |label: &str| -> Vec<Rectangle> {
            all.iter()
                .filter(|(t, _)| t == label)
                .map(|(_, b)| *b)
                .collect()
        };
        let places = at("Place");
        assert!(
            places.len() >= 4,
            "at {name}: {} Place labels",
            places.len()
        );
        // Each Place starts where the number of an empty place in its column starts ...
        let numbers: Vec<Rectangle> = all
            .iter()
            .filter(|(t, _)| {
                let b = t.as_bytes();
                b.len() == 3 && b[0].is_ascii_digit() && b[1] == b'.' && b[2].is_ascii_digit()
            })
            .map(|(_, b)| *b)
            .collect();
        assert!(
            numbers.len() >= 4,
            "at {name}: {} empty places",
            numbers.len()
        );
        for p in &places {
            let column = numbers
                .iter()
                .map(|n| (n.x - p.x).abs())
                .fold(f32::MAX, f32::min);
            assert!(
                column <= 2.0,
                "at {name}: Place {p:?} is {column} px off its column's numbers {numbers:?}"
            );
        }
        // ... and sits in the middle of its row's height, level with the Dome's number.
        for row in 1..=6u8 {
            let Some(label) = all
                .iter()
                .find(|(t, b)| {
                    *t == row.to_string()
                        && places
                            .iter()
                            .any(|p| (p.center_y() - b.center_y()).abs() < 14.0)
                })
                .map(|(_, b)| *b)
            else {
                continue;
            };
            for p in places
                .iter()
                .filter(|p| (p.center_y() - label.center_y()).abs() < 14.0)
            {
                assert!(
                    (p.center_y() - label.center_y()).abs() <= 1.5,
                    "at {name}: Place {p:?} is not level with Dome {row} {label:?}"
                );
            }
        }
    }
}

/// Names a player must recognise in a Dome place: one word, two, a number.
const NAMES: [&str; 4] = ["Blackbeard", "Red Knight 2", "Shadeborn Twin", "Mindflayer"];

/// Round 2's Free step with real names in the Domes: the long ones a player must recognise.
fn named_heroes_in_domes() -> State {
    use crate::worldspanner::{DomeNumber, DomeSlot, HeroEntry, MapDesign, sample};
    let names = NAMES;
    let mut setup = sample::setup(MapDesign::Standard, 6, 10, 7).unwrap();
    for (i, name) in names.iter().enumerate() {
        setup.heroes[0][i] = HeroEntry::new(name, 4);
    }
    let mut game = Game::new(setup).unwrap();
    for (i, _) in names.iter().enumerate() {
        let hero = HeroRef {
            team: TeamSide::Skyhawks,
            hero: i,
        };
        let dome = DomeSlot::new(DomeNumber::new(i as u8 + 1).unwrap(), 1).unwrap();
        game.domes.place(dome, hero).unwrap();
        game.hero_mut(hero).unwrap().status = crate::worldspanner::HeroStatus::InDome { dome };
    }
    State::open(
        "t".into(),
        crate::doc::Saved::new("t", "New game", game),
        &ctx(),
    )
}

#[test]
fn a_dome_place_shows_the_heros_whole_name_at_every_table_size() {
    use iced_test::selector::{Candidate, Target};
    let s = named_heroes_in_domes();
    for (size, c) in testing::table_sizes() {
        let mut ui = testing::simulator_sized(size, s.view(&c));
        // Every text with where it is laid out and how much of it is seen.
        let mut drawn: Vec<(String, Rectangle, Option<Rectangle>)> = Vec::new();
        let _ = ui.find(|c: Candidate<'_>| -> Option<Target> {
            if let Candidate::Text {
                content,
                bounds,
                visible_bounds,
                ..
            } = c
            {
                drawn.push((content.to_string(), bounds, visible_bounds));
            }
            None
        });
        // The board's columns: from its first empty place's label ("1.2") to past its last.
        let places: Vec<&Rectangle> = drawn
            .iter()
            .filter(|(t, _, _)| {
                let b = t.as_bytes();
                b.len() == 3 && b[0].is_ascii_digit() && b[1] == b'.' && b[2].is_ascii_digit()
            })
            .map(|(_, b, _)| b)
            .collect();
        let board = (
            places.iter().map(|b| b.x).fold(f32::MAX, f32::min),
            places.iter().map(|b| b.x).fold(f32::MIN, f32::max),
        );
        for name in NAMES {
            let found: Vec<_> = drawn.iter().filter(|(t, _, _)| t == name).collect();
            // Its tile and its Dome place.
            assert!(
                found.len() >= 2,
                "at {size:?}: {name} is not in a Dome place"
            );
            // Whole wherever it is seen: never cut at a place's edge, and a one-word name
            // on one line, never broken inside the word.
            for (_, b, v) in found {
                let on_board = b.x >= board.0 - 4.0 && b.x <= board.1;
                assert!(
                    name.contains(' ') || !on_board || b.height < 20.0,
                    "at {size:?}: {name} is broken over lines in its place: {b:?}"
                );
                if let Some(v) = v {
                    assert!(
                        (v.width - b.width).abs() < 0.5 && (v.height - b.height).abs() < 0.5,
                        "at {size:?}: {name} is cut: drawn {b:?}, visible {v:?}"
                    );
                }
            }
        }
    }
}

/// The Dome board's width at each table size, as the player sees it (logical pixels times
/// the large-type scale).
fn board_widths() -> Vec<f32> {
    let s = named_heroes_in_domes();
    testing::table_sizes()
        .into_iter()
        .map(|(size, c)| {
            let mut ui = testing::simulator_sized(size, s.view(&c));
            let one = ui.find("1.2").expect("Dome 1's second place").bounds();
            let four = ui.find("1.4").expect("Dome 1's last place").bounds();
            let scale = if c.large_type {
                crate::gui::style::LARGE_TYPE_SCALE
            } else {
                1.0
            };
            (four.x - one.x) * scale
        })
        .collect()
}

#[test]
fn large_type_makes_the_dome_board_larger_at_1366_and_1024() {
    let w = board_widths();
    // table_sizes: 1366, 1024, then the same two with large type.
    assert!(
        w[2] >= w[0],
        "1366: {} with large type, {} without",
        w[2],
        w[0]
    );
    assert!(
        w[3] >= w[1],
        "1024: {} with large type, {} without",
        w[3],
        w[1]
    );
}
