//! Headless tests of playing with physical decks: chosen at setup or switched at the table,
//! the face / Hit bar asked where the Draw button was, keys as well as taps, and a dismissal
//! that waits for the printed Dome range.

use super::tests::{click, ctx, round_two, shows};
use super::*;
use crate::gui::testing;
use crate::worldspanner::{Face, HeroStatus, LastEvent};

fn sky(hero: usize) -> HeroRef {
    HeroRef {
        team: TeamSide::Skyhawks,
        hero,
    }
}

#[test]
fn setup_chooses_a_physical_deck_and_reinforce_asks_for_the_dome_range() {
    let c = ctx();
    let mut s = State::new(&c);
    click(&mut s, "Use numbered heroes");
    testing::update(
        &mut s,
        Message::Setup(SetupMsg::Physical(TeamSide::Skyhawks, true)),
        &c,
    );
    click(&mut s, "Start game");
    assert!(s.game().unwrap().team(TeamSide::Skyhawks).physical);
    assert!(!s.game().unwrap().team(TeamSide::Psiclones).physical);
    testing::update(&mut s, Message::Hero(sky(0), HeroOp::Reinforce), &c);
    assert!(shows(&s, "Which Dome range is printed on it?"));
    assert!(shows(
        &s,
        "Skyhawks hero 1 is dismissed: Skyhawks draw a card from their deck"
    ));
    let a = click(&mut s, "1 or 6");
    assert!(a.moved);
    let p = s.game().unwrap().pending.clone().unwrap();
    assert!(!p.awaiting_card);
    assert!(
        p.candidates
            .iter()
            .all(|c| [1, 6].contains(&c.number.get()))
    );
    assert!(shows(
        &s,
        "Skyhawks hero 1 is dismissed: the card drawn shows Domes 1 or 6"
    ));
    testing::update(&mut s, Message::Place(None), &c);
    assert!(matches!(
        s.game().unwrap().hero(sky(0)).unwrap().status,
        HeroStatus::InDome { .. }
    ));
    assert_eq!(
        s.game().unwrap().team(TeamSide::Skyhawks).deck.draw_len(),
        35
    );
}

#[test]
fn a_physical_draw_asks_the_face_at_the_named_row_by_tap_or_key() {
    let c = ctx();
    let mut s = round_two();
    // The switch sits in the step bar (always in view: tests_layout.rs).
    assert!(testing::update(&mut s, Message::DeckMode(TeamSide::Skyhawks, true), &c).moved);
    assert!(s.game().unwrap().team(TeamSide::Skyhawks).physical);
    testing::update(&mut s, Message::Form(FormMsg::What(form::What::Other)), &c);
    testing::update(&mut s, Message::Form(FormMsg::Rating("6".into())), &c);
    testing::update(&mut s, Message::Form(FormMsg::Against("5".into())), &c);
    let a = testing::update(&mut s, Message::Draw, &c);
    assert!(!a.moved, "nothing is drawn until the card is read");
    assert!(shows(&s, "Which face is beside row +1?"));
    assert!(
        !shows(&s, "Draw challenge card"),
        "the question takes the panel's place"
    );
    let a = click(&mut s, "Pass (P)");
    assert!(a.moved);
    let Some(LastEvent::Challenge { outcome, .. }) = &s.game().unwrap().last else {
        panic!("read");
    };
    assert_eq!(outcome.face, Face::Pass);
    // The answer in large type above the Draw button, naming who drew and which card.
    assert!(shows(&s, "Skyhawks · the card drawn"));
    assert!(shows(&s, "PASS"));
    // The same by key: "x" is Fopp.
    testing::update(&mut s, Message::Draw, &c);
    let a = testing::update(&mut s, Message::AskKey("x".into()), &c);
    assert!(a.moved);
    let Some(LastEvent::Challenge { outcome, .. }) = &s.game().unwrap().last else {
        panic!("read");
    };
    assert_eq!(outcome.face, Face::Fopp);
    // Cancel leaves the game as it was.
    testing::update(&mut s, Message::Draw, &c);
    let before = s.game().unwrap().clone();
    click(&mut s, "Cancel");
    assert_eq!(s.game().unwrap(), &before);
    assert!(shows(&s, "Draw challenge card"));
}

#[test]
fn a_physical_attack_asks_the_hit_bar_then_the_damage_face() {
    let c = ctx();
    let mut s = round_two();
    testing::update(&mut s, Message::DeckMode(TeamSide::Skyhawks, true), &c);
    let play = Play::Attack {
        attacker: sky(0),
        target: None,
        attack: crate::worldspanner::Attack {
            hit: crate::worldspanner::Challenge::new(
                crate::worldspanner::ChallengeKind::MeleeHit,
                5,
                4,
            ),
            damage: crate::worldspanner::Challenge::new(
                crate::worldspanner::ChallengeKind::Damage {
                    natural_melee: true,
                },
                3,
                5,
            ),
            wound_rating: 2,
        },
    };
    let mut ask = ask::Ask::new(s.game().unwrap(), &play).expect("physical");
    assert_eq!(
        ask.step().map(|(n, d)| (n, d.value())),
        Some((crate::worldspanner::Need::Hit, 1))
    );
    assert!(
        ask.answer(crate::worldspanner::Reading::hit(true))
            .is_none()
    );
    assert_eq!(
        ask.step().map(|(n, d)| (n, d.value())),
        Some((crate::worldspanner::Need::Face, -2))
    );
    let done = ask.answer(crate::worldspanner::Reading::face(Face::Amaze));
    let Some(Play::Read { cards, .. }) = done else {
        panic!("both cards read");
    };
    assert_eq!(cards.len(), 2);
    // A miss needs no Damage card.
    let mut ask = ask::Ask::new(s.game().unwrap(), &play).unwrap();
    assert!(ask.key("n").is_some());
    assert!(matches!(
        ask.answer(crate::worldspanner::Reading::hit(false)),
        Some(Play::Read { cards, .. }) if cards.len() == 1
    ));
}

#[test]
fn heroes_said_to_be_in_a_fight_are_listed_in_melee_order_by_wits() {
    let c = ctx();
    let mut s = round_two();
    testing::update(&mut s, Message::NextStep, &c);
    testing::update(&mut s, Message::Hero(sky(0), HeroOp::LeaveDome), &c);
    // Fight is offered in the Melee step, where the order of Wits is read.
    while s.game().unwrap().rounds.step != crate::worldspanner::Step::Melee {
        super::tests::next_step(&mut s);
    }
    click(&mut s, "Fight");
    assert!(shows(
        &s,
        "Melee by Wits: no hero card, Wits unknown: Skyhawks hero 1 · ties: active team first"
    ));
    click(&mut s, "Out of fight");
    assert!(s.fight.is_empty());
}

/// docs/table-ux.md 7: D draws, and a physical card's face is read by its letter whether or not the
/// key box has the focus (the shell hands the screen every plain key no text box took).
#[test]
fn d_draws_and_a_face_letter_reads_the_physical_card() {
    use crate::gui::screen::{Keyboard, Keypress};
    let c = ctx();
    let mut s = round_two();
    testing::update(&mut s, Message::DeckMode(TeamSide::Skyhawks, true), &c);
    testing::update(&mut s, Message::Form(FormMsg::What(form::What::Other)), &c);
    testing::update(&mut s, Message::Form(FormMsg::Rating("6".into())), &c);
    testing::update(&mut s, Message::Form(FormMsg::Against("5".into())), &c);
    assert!(s.key(Keypress::Char('q')).is_none(), "Q stands for nothing");
    let draw = s.key(Keypress::Char('d')).expect("D draws");
    testing::update(&mut s, draw, &c);
    assert!(shows(&s, "Which face is beside row +1?"));
    assert!(
        s.key(Keypress::Char('d')).is_none(),
        "no second draw while a card is read"
    );
    let read = s.key(Keypress::Char('s')).expect("S reads Squeak");
    assert!(testing::update(&mut s, read, &c).moved);
    let Some(LastEvent::Challenge { outcome, .. }) = &s.game().unwrap().last else {
        panic!("read");
    };
    assert_eq!(outcome.face, Face::Squeak);
}
