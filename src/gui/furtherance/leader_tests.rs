//! Headless tests of the leader's power and of items in the enemies' turn, from the window
//! (issue 32 §1: leaders and items used from the app): each button enabled only when the engine
//! takes the action, a disabled one saying why with its rule, one labelled entry per use.

use super::*;
use crate::gui::testing;

type Result = std::result::Result<(), iced_test::Error>;

/// Tall enough that the kingdom panel needs no scrolling.
const HEIGHT: f32 = 2400.0;

testing::screen_test_helpers!(HEIGHT);

fn sq(t: &str) -> Square {
    Square::parse(t).expect("a square")
}

/// A new game with `leader` picked on the setup form, `gold` in the purse and the kingdom
/// open.
fn led_by(leader: &str, gold: u32) -> State {
    let mut s = State::new(&ctx());
    send(
        &mut s,
        Message::Setup(setup::Field::Leader(Some(leader.to_string()))),
    );
    assert!(send(&mut s, Message::Start).moved);
    let name = s.game().unwrap().kingdom_view().leader.map(|l| l.name);
    assert_eq!(name.as_deref(), Some(leader));
    assert!(send(&mut s, Message::Play(Play::SetGold { gold })).moved);
    send(&mut s, Message::ToggleKingdom);
    assert!(s.kingdom_shown());
    s
}

fn place(s: &mut State, owner: Seat, name: &str, at: &str) -> UnitId {
    let kind = s.game().unwrap().catalog().find(name).expect(name);
    assert!(
        send(
            s,
            Message::Play(Play::PlaceUnit {
                owner,
                kind,
                square: sq(at),
            })
        )
        .moved
    );
    s.game().unwrap().unit_at(sq(at)).expect("placed").id
}

fn entries(s: &State) -> usize {
    s.doc.as_ref().unwrap().saved.history.len()
}

/// Clicks `label` and says how many messages the click gave (0: the button is disabled).
fn press(s: &mut State, label: &str) -> std::result::Result<usize, iced_test::Error> {
    Ok(testing::click_on(s, &ctx(), (1280.0, HEIGHT), label)?.messages)
}

#[test]
fn audrics_power_is_a_button_beside_the_leader_for_the_selected_unit() -> Result {
    let mut s = led_by("Audric the Augmenter", 4);
    let knight = place(&mut s, Seat::Player, "Knight", "c2");
    // Without a unit picked the button is there but disabled, and says what to do.
    assert_eq!(press(&mut s, "+1 HP on a unit")?, 0);
    assert!(shows(
        &s,
        "Click one of your units on the board first: the counter goes on it."
    ));
    send(&mut s, Message::Select(knight));
    let hp = |s: &State| {
        let g = s.game().unwrap();
        g.hp(g.unit(knight).unwrap())
    };
    let before = (entries(&s), hp(&s));
    assert!(press(&mut s, "+1 HP on your Knight at c2")? > 0);
    assert_eq!(entries(&s), before.0 + 1, "one labelled entry");
    assert_eq!(hp(&s), before.1 + 1);
    // Used up this turn: disabled, the engine's refusal beside it with its rule.
    assert_eq!(press(&mut s, "+1 HP on your Knight at c2")?, 0);
    let used = leader::accepts(
        s.game().unwrap(),
        &Play::LeaderPower {
            unit: Some(knight),
            card: None,
            square: None,
        },
    )
    .expect_err("used up");
    assert!(shows(&s, &used.to_string()), "{used}");
    let rule = testing::click_on(&mut s, &ctx(), (1280.0, HEIGHT), "Rule")?.open_rule;
    assert!(rule.is_some(), "the refusal's rule opens");
    Ok(())
}

#[test]
fn dedric_takes_a_face_up_item_without_a_worker() -> Result {
    let mut s = led_by("Dedric the Discerning", 30);
    let k = s.game().unwrap().kingdom_view();
    let item = k.market.items.first().expect("an item face up").clone();
    let actions = k.actions_left;
    let before = entries(&s);
    // The first button with the item's name is Dedric's (the market's rows say its cost).
    assert!(press(&mut s, &item.name)? > 0);
    let k = s.game().unwrap().kingdom_view();
    assert_eq!(entries(&s), before + 1);
    assert!(k.items.iter().any(|i| i.name == item.name), "{:?}", k.items);
    assert_eq!(k.actions_left, actions, "no worker spent");
    assert_eq!(k.gold, 30 - u32::from(item.cost));
    // Once a turn (the sample card): every Dedric button is disabled now, the refusal said.
    let other = k.market.items.first().expect("refilled").name.clone();
    assert_eq!(press(&mut s, &other)?, 0);
    Ok(())
}

fn dedric(g: &Game, unit: KindId) -> Play {
    Play::LeaderPower {
        unit: None,
        card: Some(g.catalog().kind(unit).name.clone()),
        square: Some(sq("d1")),
    }
}

#[test]
fn dedric_takes_a_unit_from_the_recruit_list() -> Result {
    let mut s = led_by("Dedric the Discerning", 30);
    send(&mut s, Message::Square(sq("d1")));
    let g = s.game().unwrap();
    let unit = recruitable(g).first().copied().expect("a unit face up");
    assert!(shows(&s, "Or Dedric the Discerning takes one (no worker):"));
    let actions = g.kingdom_view().actions_left;
    // Dedric's small button under the tiles (the tile with the same name comes first).
    assert!(leader::accepts(g, &dedric(g, unit)).is_ok());
    let take = dedric(g, unit);
    send(&mut s, Message::Worker(take));
    let g = s.game().unwrap();
    assert!(g.unit_at(sq("d1")).is_some(), "the unit is on d1");
    assert_eq!(g.kingdom_view().actions_left, actions, "no worker spent");
    Ok(())
}

#[test]
fn paynes_counter_is_developed_from_beside_him_for_a_second_turn() -> Result {
    let mut s = led_by("Payne the Planner", 4);
    let label = "Develop: a second turn (3 counters left)";
    assert!(press(&mut s, label)? > 0);
    let k = s.game().unwrap().kingdom_view();
    assert_eq!(k.leader.and_then(|l| l.counters), Some(2));
    // A second turn: every worker may act again, so both actions are left.
    assert_eq!(k.actions_left, k.workers);
    Ok(())
}

#[test]
fn troshs_power_has_no_button_and_says_it_works_by_itself() {
    let s = led_by("Trosh", 4);
    let mut ui = testing::simulator(HEIGHT, s.view(&ctx()));
    let said = testing::texts_in_view(&mut ui)
        .into_iter()
        .any(|(t, _)| t.ends_with("it works by itself (SOLO RULES 3)."));
    assert!(said);
}

/// Issue 32 §1 (items used from the app): in the enemies' turn between two steps an item you
/// hold is a button under the turn log (the engine takes it then), and is gone once used.
#[test]
fn an_item_is_used_between_two_enemy_steps_from_under_the_log() -> Result {
    let mut s = led_by("Trosh", 30);
    let g = s.game().unwrap();
    let item = g
        .kingdom_view()
        .market
        .items
        .iter()
        .find(|i| i.name != "Potion" && i.name != "Holy Grail")
        .expect("an item for no unit")
        .name
        .clone();
    send(&mut s, Message::PickItem(item.clone()));
    send(&mut s, Message::Buy);
    assert_eq!(s.game().unwrap().kingdom_view().items.len(), 1);
    send(&mut s, Message::EndTurn);
    let g = s.game().unwrap();
    assert_eq!(g.phase(), crate::furtherance::Phase::Enemy);
    assert!(g.pending().is_none(), "a step is next");
    let label = format!("Use {item}");
    let before = entries(&s);
    assert!(press(&mut s, &label)? > 0, "{label} not pressable");
    assert_eq!(entries(&s), before + 1);
    assert!(s.game().unwrap().kingdom_view().items.is_empty());
    Ok(())
}

/// With a unit selected the kingdom's region is short: Audric's power is in the unit's card
/// too, where the eye is.
#[test]
fn audrics_power_is_in_the_selected_units_card_too() -> Result {
    let mut s = led_by("Audric the Augmenter", 4);
    send(&mut s, Message::ToggleKingdom);
    let knight = place(&mut s, Seat::Player, "Knight", "c2");
    send(&mut s, Message::Select(knight));
    let hp = |s: &State| {
        let g = s.game().unwrap();
        g.hp(g.unit(knight).unwrap())
    };
    let before = hp(&s);
    assert!(press(&mut s, "+1 HP counter (Audric the Augmenter)")? > 0);
    assert_eq!(hp(&s), before + 1);
    assert_eq!(press(&mut s, "+1 HP counter (Audric the Augmenter)")?, 0);
    Ok(())
}

/// Using Audric's power from the unit's card moves nothing under it: its status line keeps one
/// height whether it counts the uses left or says why the power is used up (the refusal's
/// three lines pushed the kingdom's buttons down 55 px in the window of a 1366×768 screen).
#[test]
fn using_audrics_power_moves_nothing_under_the_card() -> Result {
    let mut s = led_by("Audric the Augmenter", 4);
    let knight = place(&mut s, Seat::Player, "Knight", "c2");
    send(&mut s, Message::Select(knight));
    let size = (1229.0, 593.0);
    let at = |s: &State, label: &str| {
        let mut ui = testing::simulator_sized(size, s.view(&ctx()));
        ui.find(label).map(|t| t.bounds())
    };
    let before = at(&s, "Mine +4 gold")?;
    assert!(testing::click_on(&mut s, &ctx(), size, "+1 HP counter (Audric the Augmenter)")?.moved);
    assert_eq!(at(&s, "Mine +4 gold")?, before);
    Ok(())
}
