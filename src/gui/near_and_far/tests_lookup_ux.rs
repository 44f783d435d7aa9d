//! Headless checks of docs/table-ux.md of the quest lookup: at 1366×768 and 1024×768 with large type,
//! "Look up" and the answer's first line are in view without scrolling; Enter in the number box
//! looks up; the pad keys give the keyboard back to the number box; the answer appears beside
//! the pad, so "Look up" stays at the same pixel; a tab opens at its top.

use iced_test::simulator::Simulator;

use super::*;
use crate::gui::style::LARGE_TYPE_SCALE;
use crate::gui::testing;
use crate::near_and_far::Mode;

const CTX: Ctx<'static> = Ctx {
    store: None,
    large_type: true,
};

fn opened_lookup() -> State {
    let c = super::tests::new_campaign(Mode::Campaign, &[("Ana", "Rin"), ("Ben", "Vera")]);
    let mut s = State::open("nf".into(), Saved::new("T", "New campaign", c), &CTX);
    assert!(testing::update(&mut s, Message::Session(session::Msg::Start), &CTX).moved);
    testing::update(&mut s, Message::Tab(Tab::Lookup), &CTX);
    s
}

/// The bottom edge of `what` on screen, in a window of `w`×`h` pixels with large type.
fn bottom_of(s: &State, w: f32, h: f32, what: &str) -> (f32, f32) {
    let size = (w / LARGE_TYPE_SCALE, h / LARGE_TYPE_SCALE);
    let mut sim = Simulator::with_size(Default::default(), size, s.view(&CTX));
    let t = sim.find(what).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let b = t.bounds();
    (b.y, b.y + b.height)
}

#[test]
fn look_up_and_the_answers_first_line_are_in_view_at_both_sizes_with_large_type() {
    let mut s = opened_lookup();
    testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::Typed("5".into())),
        &CTX,
    );
    for (w, h) in [(1366.0, 768.0), (1024.0, 768.0)] {
        let (_, bottom) = bottom_of(&s, w, h, "Look up");
        assert!(
            bottom <= h / LARGE_TYPE_SCALE,
            "Look up at {w}×{h}: bottom {bottom}"
        );
    }
    let (before, _) = bottom_of(&s, 1024.0, 768.0, "Look up");
    testing::update(&mut s, Message::Lookup(lookup::Msg::LookUp), &CTX);
    assert!(s.pad.answer.is_some());
    for (w, h) in [(1366.0, 768.0), (1024.0, 768.0)] {
        let (_, bottom) = bottom_of(&s, w, h, "Read quest 5");
        assert!(
            bottom <= h / LARGE_TYPE_SCALE,
            "answer at {w}×{h}: bottom {bottom}"
        );
    }
    let (after, _) = bottom_of(&s, 1024.0, 768.0, "Look up");
    assert_eq!(
        before, after,
        "Look up stays at the same pixel when the answer appears"
    );
}

#[test]
fn enter_in_the_number_box_looks_up() {
    let mut s = opened_lookup();
    let mut sim = Simulator::with_size(Default::default(), (1366.0, 768.0), s.view(&CTX));
    sim.click("No.").expect("the number box");
    sim.typewrite("5");
    sim.tap_key(iced::keyboard::key::Named::Enter);
    let messages: Vec<Message> = sim.into_messages().collect();
    for m in messages {
        testing::update(&mut s, m, &CTX);
    }
    assert_eq!(s.pad.digits, "5");
    assert!(s.pad.answer.is_some(), "Enter looked up");
}

#[test]
fn pad_keys_give_the_keyboard_back_to_the_number_box_and_tabs_open_at_their_top() {
    let mut s = opened_lookup();
    let a = testing::update(&mut s, Message::Lookup(lookup::Msg::Digit('4')), &CTX);
    assert!(a.task.is_some(), "the number box is focused again");
    assert_eq!(s.pad.digits, "4");
    let a = testing::update(&mut s, Message::Tab(Tab::Sheets), &CTX);
    assert!(a.task.is_some(), "the tab body snaps to its top");
}

/// The bottom edge of the pad key `label` (found by its id) in a screen area of `size`.
fn key_bottom(s: &State, ctx: &Ctx, size: (f32, f32), label: &str) -> f32 {
    let mut sim = Simulator::with_size(Default::default(), size, s.view(ctx));
    let t = sim
        .find(iced_test::selector::id(format!("pad-{label}")))
        .unwrap_or_else(|e| panic!("pad-{label}: {e:?}"));
    let b = t.bounds();
    b.y + b.height
}

#[test]
fn the_keypads_bottom_row_fits_at_1024_by_768() {
    let s = opened_lookup();
    let plain = Ctx {
        store: None,
        large_type: false,
    };
    // The screen's own area of a 1024×768 window (922×690 at 90%, less the top bar and the
    // notice line), and the same with large type (testing.rs).
    for (ctx, size) in [(&plain, (922.0, 580.0)), (&CTX, testing::LARGE_TYPE_1024)] {
        for key in ["Clear", "0", "⌫"] {
            let bottom = key_bottom(&s, ctx, size, key);
            assert!(
                bottom <= size.1,
                "{key} at {size:?} (large type {}): bottom {bottom}",
                ctx.large_type
            );
        }
    }
}

#[test]
fn at_1024_with_large_type_the_header_leaves_look_up_the_choices_and_the_outcome_in_view() {
    let mut s = opened_lookup();
    testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::Typed("13".into())),
        &CTX,
    );
    testing::update(&mut s, Message::Lookup(lookup::Msg::LookUp), &CTX);
    // Whatever the answer lists (choices, or the offer to index them) sits between its
    // headline and the outcome buttons: with both in view, so is it.
    let size = testing::LARGE_TYPE_1024;
    for label in [
        "Look up",
        "Read quest 13",
        "Add its choices to my index",
        "Success",
        "Failed",
    ] {
        assert!(
            testing::in_view(&s, size, label).is_some(),
            "{label:?} is below the fold at 1024 with large type"
        );
    }
}
