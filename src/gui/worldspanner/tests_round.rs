//! Headless tests of the round in the window (issue 33, section 3): the end of the Action step
//! with heroes in a Dome asks whether they were surrounded; after Draw the card and its result
//! stay in view while the Dome question is asked; Draw waits for a complete form; Enter in
//! Reinforce stops at the round's third; Leave Dome never turns into Fight under the pointer.

use super::tests::{ctx, round_two};
use super::*;
use crate::gui::testing;
use crate::worldspanner::Step;

/// The screen's share of 1366×768 and 1024×768, and of 1366×768 with large type.
const WINDOWS: [(&str, (f32, f32)); 3] = [
    ("1366x768", (1366.0, 688.0)),
    ("1024x768", (1024.0, 688.0)),
    ("1366x768 large type", (1050.0, 510.0)),
];

fn sky(hero: usize) -> HeroRef {
    HeroRef {
        team: TeamSide::Skyhawks,
        hero,
    }
}

fn send(s: &mut State, m: Message) -> testing::Updated<Message> {
    testing::update(s, m, &ctx())
}

/// Round 2, Skyhawks' Action step.
fn action_step() -> State {
    let mut s = round_two();
    assert!(send(&mut s, Message::NextStep).moved);
    assert_eq!(s.game().unwrap().rounds.step, Step::Action);
    s
}

#[test]
fn ending_the_action_step_with_heroes_in_a_dome_asks_in_the_window_whether_they_were_surrounded() {
    let mut s = action_step();
    assert!(send(&mut s, Message::Hero(sky(0), HeroOp::LeaveDome)).moved);
    assert!(send(&mut s, Message::NextStep).moved);
    let question = s.game().unwrap().surround_question().expect("asked");
    assert!(
        question.starts_with("Skyhawks hero 2 and Skyhawks hero 3 are still in a Dome"),
        "{question}"
    );
    for (name, size) in WINDOWS {
        assert!(
            testing::in_view(&s, size, &question).is_some(),
            "at {name}: the question is in view"
        );
        for answer in [super::table::SURROUNDED_YES, super::table::SURROUNDED_NO] {
            assert!(
                testing::in_view(&s, size, answer).is_some(),
                "at {name}: {answer}"
            );
        }
    }
    // Next step waits for the answer.
    let next = testing::click_on(&mut s, &ctx(), WINDOWS[1].1, "Next step").unwrap();
    assert_eq!(
        next.messages, 0,
        "Next step is disabled while the question waits"
    );
    let yes = super::table::SURROUNDED_YES;
    assert!(
        testing::click_on(&mut s, &ctx(), WINDOWS[1].1, yes)
            .unwrap()
            .moved
    );
    assert_eq!(s.game().unwrap().rounds.step, Step::Reaction);
}

/// Round 2: Skyhawks hero 1 has just tried a Faction Task and waits for its Dome.
fn drawn_with_dome_question() -> State {
    let mut s = action_step();
    assert!(send(&mut s, Message::Hero(sky(0), HeroOp::LeaveDome)).moved);
    assert!(send(&mut s, Message::NextStep).moved);
    send(&mut s, Message::Surrounded(1));
    while s.game().unwrap().rounds.step != Step::Adventure {
        assert!(send(&mut s, Message::NextStep).moved);
    }
    let faction = s.game().unwrap().keys[0].faction;
    for m in [
        FormMsg::What(What::Task),
        FormMsg::Hero(Choice {
            value: 0,
            label: String::new(),
        }),
        FormMsg::Key(Choice {
            value: faction,
            label: String::new(),
        }),
        FormMsg::Rating("5".into()),
        FormMsg::Against("5".into()),
    ] {
        send(&mut s, Message::Form(m));
    }
    assert!(send(&mut s, Message::Draw).moved);
    s
}

#[test]
fn after_draw_the_card_and_its_result_stay_in_view_while_the_dome_question_is_asked() {
    let s = drawn_with_dome_question();
    let g = s.game().unwrap();
    assert!(g.pending.is_some(), "the hero waits for its Dome");
    let Some(crate::worldspanner::LastEvent::Challenge { lines, .. }) = &g.last else {
        panic!("no challenge read")
    };
    let row = lines
        .iter()
        .find(|l| l.starts_with("read row"))
        .expect("the row read")
        .clone();
    let verdict = match &g.last {
        Some(crate::worldspanner::LastEvent::Challenge { outcome, .. }) => {
            outcome.face.name().to_uppercase()
        }
        _ => unreachable!("a challenge was read"),
    };
    let Some(crate::worldspanner::LastEvent::Challenge { lines, .. }) = &g.last else {
        unreachable!("a challenge was read")
    };
    assert!(lines.contains(&row));
    for (size, _) in testing::table_sizes() {
        assert!(
            testing::in_view(&s, size, "Last challenge").is_some()
                && testing::in_view(&s, size, &verdict).is_some(),
            "at {size:?}: the result is in view with the Dome question"
        );
        let place = testing::in_view(&s, size, "Place in")
            .or_else(|| {
                let first = g.free_domes(&g.pending.as_ref().unwrap().candidates)[0];
                testing::in_view(&s, size, &format!("Place in {first}"))
            })
            .unwrap_or_else(|| panic!("at {size:?}: Place is in view"));
        assert!(place.y < size.1, "at {size:?}");
        // The whole explanation under it, line by line, at every size: large type too.
        for line in lines.iter().filter(|l| !super::table::is_dome_question(l)) {
            assert!(
                testing::in_view(&s, size, line).is_some(),
                "at {size:?}: {line:?} is not in view"
            );
        }
    }
}

#[test]
fn nothing_new_comes_under_the_pointer_while_the_dome_question_follows_a_draw() {
    for (size, c) in testing::table_sizes() {
        let clicked = testing::assert_nothing_new_under_the_pointer(
            drawn_with_dome_question,
            &c,
            size,
            &[],
            "the Dome question after a draw",
        );
        assert!(clicked > 0, "at {size:?}: nothing to click");
    }
}

#[test]
fn draw_is_disabled_and_needs_names_an_own_modifier_that_is_not_a_number() {
    let mut s = round_two();
    for m in [
        FormMsg::What(What::Other),
        FormMsg::Rating("5".into()),
        FormMsg::Against("5".into()),
        FormMsg::Own("lots".into()),
        FormMsg::OwnReason("Shadow cloak".into()),
    ] {
        send(&mut s, Message::Form(m));
    }
    let needs = "Needs: Own modifier (a whole number from -12 to +12)";
    for (name, size) in WINDOWS {
        assert!(testing::in_view(&s, size, needs).is_some(), "at {name}");
        let clicked = testing::click_on(&mut s, &ctx(), size, "Draw challenge card").unwrap();
        assert_eq!(clicked.messages, 0, "at {name}: Draw is disabled");
    }
    send(&mut s, Message::Form(FormMsg::Own("-1".into())));
    assert!(
        testing::click_on(&mut s, &ctx(), WINDOWS[0].1, "Draw challenge card")
            .unwrap()
            .moved
    );
}

#[test]
fn enter_is_disabled_once_the_rounds_third_of_the_team_is_in() {
    let mut s = super::tests::started();
    for i in 0..3 {
        assert!(send(&mut s, Message::Hero(sky(i), HeroOp::Reinforce)).moved);
        assert!(send(&mut s, Message::Place(None)).moved);
    }
    // A click on the disabled Enter only picks the tile's hero.
    let clicked = testing::click_on(&mut s, &ctx(), WINDOWS[0].1, "Enter").unwrap();
    assert!(!clicked.moved, "no fourth hero enters in round 1");
    assert_eq!(s.game().unwrap().entered(TeamSide::Skyhawks), 3);
}

#[test]
fn leave_dome_never_turns_into_fight_under_the_pointer() {
    for (name, size) in WINDOWS {
        let mut t = action_step();
        let leave = testing::in_view(&t, size, "Leave Dome")
            .unwrap_or_else(|| panic!("at {name}: Leave Dome"));
        assert!(
            testing::click_on(&mut t, &ctx(), size, "Leave Dome")
                .unwrap()
                .moved
        );
        // Fight is offered in the Melee step only, and never where Leave Dome was.
        assert!(
            testing::in_view(&t, size, "Fight").is_none_or(|fight| !fight.intersects(&leave)),
            "at {name}: Fight is where Leave Dome {leave:?} was"
        );
        while t.game().unwrap().rounds.step != Step::Melee {
            super::tests::next_step(&mut t);
        }
        let fight =
            testing::in_view(&t, size, "Fight").unwrap_or_else(|| panic!("at {name}: Fight"));
        let still = testing::in_view(&t, size, "Leave Dome")
            .unwrap_or_else(|| panic!("at {name}: Leave Dome of the heroes still inside"));
        assert!(!fight.intersects(&still), "at {name}");
    }
}

#[test]
fn the_step_title_is_whole_at_1024_with_large_type() {
    let mut s = round_two();
    // The longest title of a 10-round game's turn: "Round 2 of 10: Psiclones, Reinforce".
    for team in TeamSide::BOTH {
        while s.game().unwrap().rounds.step != Step::Reinforce {
            assert!(super::tests::next_step(&mut s).moved);
        }
        for hero in 3..6 {
            assert!(
                send(
                    &mut s,
                    Message::Hero(HeroRef { team, hero }, HeroOp::Reinforce)
                )
                .moved
            );
            assert!(send(&mut s, Message::Place(None)).moved);
        }
        if team == TeamSide::Skyhawks {
            assert!(send(&mut s, Message::NextStep).moved);
        }
    }
    let title = "Round 2 of 10: Psiclones, Reinforce";
    assert_eq!(s.game().unwrap().rounds.describe(), title);
    for size in [testing::LARGE_TYPE_1024, WINDOWS[1].1, WINDOWS[2].1] {
        assert!(
            testing::in_view(&s, size, title).is_some(),
            "the title is cut at {size:?}"
        );
    }
}

#[test]
fn the_step_bars_line_never_repeats_the_round_and_step_of_the_title_above_it() {
    let mut s = round_two();
    assert!(send(&mut s, Message::NextStep).moved);
    let title = s.game().unwrap().rounds.describe();
    let mut ui = testing::simulator_sized(WINDOWS[0].1, s.view(&ctx()));
    let twice = testing::texts_in_view(&mut ui)
        .into_iter()
        .filter(|(t, _)| t.contains(&title))
        .count();
    assert_eq!(twice, 1, "{title:?} is shown {twice} times");
}
