//! Headless layout tests of the table side (TABLE-UX 1 and 2): at 1366×768 and with large
//! type (the same window seen at 1.3×, about 1050×590 logical), the Draw button and the draw's
//! answer are in view without scrolling for a challenge and for an attack, Draw stays at the
//! same pixel from one click to the next, and the deck's Digital/Physical switch is in view.

use iced::{Rectangle, Size};
use iced_test::Simulator;

use super::tests::{ctx, round_two};
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
            assert!(testing::update(&mut s, Message::NextStep, &c).moved);
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
            format!("HIT: {} wound(s)", outcome.wounds)
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
                    let n = testing::update(&mut s, Message::NextStep, &c);
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
