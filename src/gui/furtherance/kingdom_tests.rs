//! Headless tests of the kingdom in the window (issue 32 §2): the kingdom one click from the
//! summary line, the worker actions sent through the screen's action path (one labelled
//! history entry each), refusals beside the buttons, and recruits offered from the market.

use iced_test::Simulator;

use super::*;
use crate::furtherance::Market;
use crate::gui::testing;

type Result = std::result::Result<(), iced_test::Error>;

/// Tall enough that the kingdom panel needs no scrolling.
const HEIGHT: f32 = 2400.0;

testing::screen_test_helpers!(HEIGHT);

fn simulator(view: Element<'_, Message>) -> Simulator<'_, Message> {
    testing::simulator(HEIGHT, view)
}

/// A game with its draws fixed (as `tests::started`), the kingdom dealt.
fn started() -> State {
    let mut s = State::new(&ctx());
    assert!(send(&mut s, Message::Start).moved);
    let doc = s.doc.as_mut().expect("a game");
    let g = doc.saved.current();
    let game = Game::new(*g.settings(), g.board().clone(), g.catalog().clone(), 7);
    doc.saved = Saved::new(doc.saved.title.clone(), "New game", game);
    s.refresh();
    s
}

/// A game with the kingdom open and `gold` in the purse (a hand edit).
fn open_with_gold(gold: u32) -> State {
    let mut s = started();
    assert!(send(&mut s, Message::Play(Play::SetGold { gold })).moved);
    send(&mut s, Message::ToggleKingdom);
    assert!(s.kingdom_shown());
    s
}

fn entries(s: &State) -> usize {
    s.doc.as_ref().unwrap().saved.history.len()
}

/// The label of the newest history entry.
fn last_label(s: &State) -> String {
    let h = &s.doc.as_ref().unwrap().saved.history;
    h.entries()
        .get(h.cursor())
        .map(|e| e.label.clone())
        .unwrap_or_default()
}

fn p_default(s: &State) -> usize {
    s.game().and_then(|g| g.pending()).map_or(0, |p| p.default)
}

fn bounds(s: &State, size: (f32, f32), id: &'static str) -> iced::Rectangle {
    let mut ui = testing::simulator_sized(size, s.view(&ctx()));
    ui.find(iced_test::selector::id(id))
        .map(|f| f.bounds())
        .expect(id)
}

fn label_bounds(s: &State, label: &str) -> Option<iced::Rectangle> {
    let mut ui = simulator(s.view(&ctx()));
    ui.find(label).ok().map(|f| f.bounds())
}

#[test]
fn the_kingdom_opens_in_one_click_from_the_summary_line_and_nothing_jumps() -> Result {
    let mut s = started();
    let size = (1366.0, 688.0);
    let board = bounds(&s, size, BOARD_ID);
    let end = testing::in_view(&s, size, "End turn: the enemies go").expect("End turn in view");
    let toggle = testing::in_view(&s, size, "Kingdom").expect("the summary's button in view");
    testing::click_sized(&mut s, size, "Kingdom")?;
    assert!(s.kingdom_shown());
    let k = s.game().unwrap().kingdom_view();
    assert!(testing::in_view(&s, size, "Mine +4 gold").is_some());
    assert_eq!(bounds(&s, size, BOARD_ID), board, "the board stays");
    assert_eq!(
        testing::in_view(&s, size, "End turn: the enemies go"),
        Some(end),
        "End turn stays"
    );
    assert_eq!(testing::in_view(&s, size, "Turn log"), Some(toggle));
    // Gold, actions, leader, VP, and every face-up card by name with its cost.
    assert!(shows(
        &s,
        &format!("Gold {} · 2 actions left of 2 · {} VP", k.gold, k.vp)
    ));
    let leader = k.leader.as_ref().expect("a leader drawn");
    assert!(shows(&s, &format!("Leader: {}", leader.name)));
    let units: Vec<String> = k
        .market
        .units
        .iter()
        .map(|c| match c.count {
            1 => format!("{} · cost {}", c.name, c.cost),
            n => format!("{} ×{n} · cost {}", c.name, c.cost),
        })
        .collect();
    assert!(shows(&s, &units.join("; ")), "{units:?}");
    for c in k.market.items.iter().chain(&k.market.buildings) {
        let name = if c.count > 1 {
            format!("{} ×{}", c.name, c.count)
        } else {
            c.name.clone()
        };
        assert!(shows(&s, &format!("{name} · cost {}", c.cost)), "{name}");
    }
    // One click back to the turn log.
    testing::click_sized(&mut s, size, "Turn log")?;
    assert!(!s.kingdom_shown());
    Ok(())
}

#[test]
fn mine_is_one_labelled_history_entry_and_adds_four_gold() -> Result {
    let mut s = open_with_gold(4);
    let before = entries(&s);
    assert!(click(&mut s, "Mine +4 gold").is_ok());
    assert_eq!(s.game().unwrap().ledger().gold, 8);
    assert_eq!(entries(&s), before + 1);
    assert!(!last_label(&s).is_empty());
    assert!(shows(&s, "Gold 8 · 1 action left of 2 · 0 VP"));
    Ok(())
}

#[test]
fn worker_buttons_are_disabled_when_no_action_is_left() -> Result {
    let mut s = open_with_gold(20);
    click(&mut s, "Mine +4 gold")?;
    click(&mut s, "Mine +4 gold")?;
    assert_eq!(s.game().unwrap().actions_left(), 0);
    let before = entries(&s);
    for label in [
        "Mine +4 gold",
        "Upgrade (5 gold)",
        "units",
        "Develop",
        "Build",
    ] {
        if !shows(&s, label) {
            continue;
        }
        let c = testing::click_on(&mut s, &ctx(), (1280.0, HEIGHT), label)?;
        assert_eq!(c.messages, 0, "{label} still pressable");
    }
    assert_eq!(entries(&s), before);
    Ok(())
}

#[test]
fn buy_picks_one_or_two_items_from_the_market() -> Result {
    let mut s = open_with_gold(30);
    let k = s.game().unwrap().kingdom_view();
    let item = k.market.items.first().expect("an item face up").clone();
    let label = |c: &crate::furtherance::kingdom_view::MarketCard| {
        if c.count > 1 {
            format!("{} ×{} · cost {}", c.name, c.count, c.cost)
        } else {
            format!("{} · cost {}", c.name, c.cost)
        }
    };
    click(&mut s, &label(&item))?;
    assert_eq!(s.buy_pick, std::slice::from_ref(&item.name));
    let before = entries(&s);
    click(&mut s, "Buy 1 item")?;
    assert_eq!(entries(&s), before + 1, "one entry");
    let k = s.game().unwrap().kingdom_view();
    assert!(k.items.iter().any(|i| i.name == item.name), "{:?}", k.items);
    assert_eq!(k.gold, 30 - u32::from(item.cost));
    assert!(s.buy_pick.is_empty());
    Ok(())
}

#[test]
fn an_item_held_is_used_from_the_kingdom() -> Result {
    let mut s = open_with_gold(30);
    let item = s.game().unwrap().kingdom_view().market.items[0]
        .name
        .clone();
    send(&mut s, Message::PickItem(item.clone()));
    send(&mut s, Message::Buy);
    assert_eq!(s.game().unwrap().kingdom_view().items.len(), 1);
    let before = entries(&s);
    let said = click(&mut s, "Use")?;
    let k = s.game().unwrap().kingdom_view();
    // Used (one entry, the item gone), or refused with the rule (one that needs a unit).
    match said {
        None => {
            assert_eq!(entries(&s), before + 1);
            assert!(k.items.is_empty());
        }
        Some(refusal) => {
            assert_eq!(entries(&s), before, "{refusal}");
            assert!(!refusal.is_empty());
        }
    }
    Ok(())
}

#[test]
fn build_and_develop_a_building_from_the_market() -> Result {
    let mut s = open_with_gold(30);
    let k = s.game().unwrap().kingdom_view();
    let building = k
        .market
        .buildings
        .first()
        .expect("a building face up")
        .clone();
    let before = entries(&s);
    let mut ui = simulator(s.view(&ctx()));
    // The first Build in the market is the first building's.
    ui.click("Build")?;
    for m in ui.into_messages().collect::<Vec<_>>() {
        send(&mut s, m);
    }
    assert_eq!(entries(&s), before + 1);
    let k = s.game().unwrap().kingdom_view();
    let held = k
        .buildings
        .iter()
        .find(|b| b.name == building.name)
        .expect("built");
    if held.in_play {
        return Ok(());
    }
    let counters = held.turn_counters;
    click(&mut s, "Develop")?;
    let k = s.game().unwrap().kingdom_view();
    let held = k
        .buildings
        .iter()
        .find(|b| b.name == building.name)
        .unwrap();
    assert_eq!(held.turn_counters, counters - 1);
    assert_eq!(entries(&s), before + 2);
    Ok(())
}

#[test]
fn research_asks_its_question_in_the_window_and_the_answer_keeps_a_card() -> Result {
    let mut s = open_with_gold(10);
    click(&mut s, "units")?;
    let g = s.game().unwrap();
    let p = g.pending().expect("the research question");
    let options = p.options.clone();
    // The question shows in the kingdom, under the button that asked it, the worker
    // buttons disabled until it is answered.
    assert!(s.kingdom_shown());
    let keep = g.research_options().expect("cards")[0].keep.clone();
    let asked = label_bounds(&s, &super::research_choice::keep_label(&keep))
        .expect("the question shown");
    assert!(options.len() > 1, "{options:?}");
    let button = label_bounds(&s, "units").expect("the research button");
    assert!(asked.y > button.y, "{asked:?} above {button:?}");
    let c = testing::click_on(&mut s, &ctx(), (1280.0, HEIGHT), "Mine +4 gold")?;
    assert_eq!(c.messages, 0, "Mine pressable while the question waits");
    assert!(
        shows(&s, "Round 1 · Your turn"),
        "the question is yours, in your turn"
    );
    // End turn waits for the answer, not for enemies that have not begun.
    assert!(shows(&s, "End turn comes back here once you answer"));
    // Its first option whole in view in the window of a 1366×768 screen.
    let cards = s.game().unwrap().research_options().expect("cards");
    let first = super::research_choice::option_label(0, &cards[0], p_default(&s) == 0);
    assert!(
        testing::in_view(&s, (1366.0, 688.0), &first).is_some(),
        "{first:?} not whole in view"
    );
    send(&mut s, Message::Answer(0));
    let g = s.game().unwrap();
    assert!(g.pending().is_none());
    assert_eq!(g.kingdom_view().research.len(), 1);
    // Back to the kingdom, the researched card listed.
    assert!(s.kingdom_shown());
    assert!(shows(&s, "In research"));
    Ok(())
}

#[test]
fn upgrade_is_sent_from_the_kingdom_and_asks_or_refuses() -> Result {
    let mut s = open_with_gold(10);
    let before = entries(&s);
    let said = click(&mut s, "Upgrade (5 gold)")?;
    let g = s.game().unwrap();
    assert!(
        entries(&s) == before + 1 || said.is_some(),
        "neither an entry nor a refusal"
    );
    if g.pending().is_some() {
        send(&mut s, Message::Answer(0));
        assert_eq!(s.game().unwrap().ledger().gold, 5);
    }
    Ok(())
}

#[test]
fn a_refused_worker_action_is_said_beside_its_button() -> Result {
    let mut s = open_with_gold(0);
    let said = click(&mut s, "Upgrade (5 gold)")?.expect("refused: no gold");
    s.refusal.set(said.clone());
    let size = (1366.0, 688.0);
    let shown = testing::in_view(&s, size, said.as_str()).expect("the refusal in view");
    let button = testing::in_view(&s, size, "Upgrade (5 gold)").expect("the button in view");
    let panel = bounds(&s, size, super::kingdom::KINGDOM_ID);
    assert!(panel.contains(shown.center()), "in the kingdom panel");
    assert!(
        shown.y > button.y && shown.y - button.y < 120.0,
        "{shown:?} not beside {button:?}"
    );
    Ok(())
}

/// Issue 32 §2: recruiting offers the units face up in the market and in research, each with
/// its cost, never every unit type.
#[test]
fn recruiting_offers_only_the_market_and_research_units() {
    let mut s = started();
    send(&mut s, Message::Square(Square::parse("d1").unwrap()));
    let g = s.game().unwrap();
    let offered = super::recruit::recruitable(g);
    let market: Vec<_> = g
        .kingdom()
        .units_market
        .iter()
        .map(|slot| slot[0])
        .collect();
    assert_eq!(offered, market);
    assert!(offered.len() < g.catalog().ids().count());
    for id in g.catalog().ids() {
        let k = g.catalog().kind(id);
        let stats = format!("{}/{} · cost {}", k.attack, k.hp, k.cost);
        let name = super::recruit::recruit_name(&k.name);
        let on = label_bounds(&s, name).is_some() && shows(&s, &stats);
        if offered.contains(&id) {
            assert!(on, "{name} ({stats}) not offered");
        } else {
            assert!(label_bounds(&s, name).is_none(), "{name} offered");
        }
    }
    // A unit researched is offered too.
    assert!(send(&mut s, Message::Play(Play::SetGold { gold: 10 })).moved);
    send(&mut s, Message::CancelMode);
    send(
        &mut s,
        Message::Play(Play::Research {
            deck: Market::Units,
        }),
    );
    send(&mut s, Message::Answer(0));
    let g = s.game().unwrap();
    let kept = g
        .kingdom()
        .research
        .first()
        .map(|r| KindId(r.card))
        .expect("a unit researched");
    assert!(super::recruit::recruitable(g).contains(&kept));
}

#[test]
fn nothing_new_appears_under_the_pointer_with_the_kingdom_open() {
    for (size, ctx) in testing::table_sizes() {
        let clicked = testing::assert_nothing_new_under_the_pointer(
            || open_with_gold(12),
            &ctx,
            size,
            &[("Kingdom", "Turn log"), ("Why?", "Hide")],
            "Furtherance kingdom",
        );
        assert!(clicked > 0, "no button answered in the kingdom");
    }
}

/// A card row's worker action refused (a building you cannot pay for) is said right under
/// that row, not at the top of the kingdom out of view.
#[test]
fn a_refused_build_is_said_under_its_row() -> Result {
    let mut s = open_with_gold(0);
    let mut ui = simulator(s.view(&ctx()));
    let build = ui.find("Build")?.bounds();
    ui.click("Build")?;
    let mut said = None;
    for m in ui.into_messages().collect::<Vec<_>>() {
        said = send(&mut s, m).notice.map(|n| n.text).or(said);
    }
    let said = said.expect("refused: no gold");
    s.refusal.set(said.clone());
    let shown = label_bounds(&s, &said).expect("the refusal shown");
    assert!(
        shown.y > build.y && shown.y - build.y < 60.0,
        "{shown:?} not under the Build at {build:?}"
    );
    assert_eq!(label_bounds(&s, "Build"), Some(build), "the button stays");
    // The next click elsewhere clears the row's claim on it.
    send(&mut s, Message::ToggleKingdom);
    assert!(s.worker.is_none());
    Ok(())
}

/// Issue 32 §2: a worker's question (research) asked in the kingdom is whole in view at every
/// table size, in the narrowest panel (1024 px with large type) too: every card you may keep,
/// and for each of them (its tile clicked) every way to put back the others, the default one
/// first; so every option is answered without a scroll. It failed before the options were
/// cards: six sentences, the default's first line only at 1024 px with large type.
#[test]
fn a_workers_question_is_in_view_at_every_table_size() {
    for (size, ctx) in testing::table_sizes() {
        let mut s = open_with_gold(12);
        send(
            &mut s,
            Message::Play(Play::Research {
                deck: Market::Units,
            }),
        );
        let g = s.game().unwrap();
        let p = g.pending().expect("the research question").clone();
        let options = g.research_options().expect("a research question");
        assert_eq!(options.len(), p.options.len());
        let whole = |s: &State, label: &str| {
            let mut ui = testing::simulator_sized(size, s.view(&ctx));
            let t = ui
                .find(label)
                .unwrap_or_else(|e| panic!("{label:?} not drawn at {size:?}: {e:?}"));
            let (b, v) = (t.bounds(), t.visible_bounds());
            v.is_some_and(|v| {
                (v.height - b.height).abs() < 0.5
                    && (v.width - b.width).abs() < 0.5
                    && v.y >= 0.0
                    && v.y + v.height <= size.1 + 0.5
            })
        };
        let label = |i: usize| {
            super::research_choice::option_label(i, &options[i], i == p.default)
        };
        // The default's way first, with its kept card picked.
        assert!(whole(&s, &label(p.default)), "the default not whole at {size:?}");
        let mut answered = 0;
        for o in &options {
            let keep = super::research_choice::keep_label(&o.keep);
            assert!(whole(&s, &keep), "{keep:?} not whole at {size:?}");
        }
        let mut keeps: Vec<String> = options.iter().map(|o| o.keep.clone()).collect();
        keeps.dedup();
        for keep in keeps {
            send(&mut s, Message::ResearchKeep(keep.clone()));
            for i in (0..options.len()).filter(|i| options[*i].keep == keep) {
                assert!(whole(&s, &label(i)), "{:?} not whole at {size:?}", label(i));
                answered += 1;
            }
        }
        assert_eq!(answered, options.len(), "every option in view once");
    }
}

/// Picking an item in the market moves nothing under it at any table size (" · picked" on the
/// row wrapped it in the narrowest panel and moved Buy and the buildings down).
#[test]
fn picking_an_item_moves_neither_buy_nor_the_buildings() {
    for (size, ctx) in testing::table_sizes() {
        let mut s = open_with_gold(30);
        let g = s.game().unwrap();
        let item = g.kingdom_view().market.items[0].clone();
        let building = g.kingdom_view().market.buildings[0].clone();
        let row = |c: &crate::furtherance::kingdom_view::MarketCard| {
            if c.count > 1 {
                format!("{} ×{} · cost {}", c.name, c.count, c.cost)
            } else {
                format!("{} · cost {}", c.name, c.cost)
            }
        };
        let at = |s: &State, label: &str| {
            let mut ui = testing::simulator_sized(size, s.view(&ctx));
            ui.find(label)
                .unwrap_or_else(|e| panic!("{label:?} at {size:?}: {e:?}"))
                .bounds()
        };
        let (buy, built) = (at(&s, "Buy"), at(&s, &row(&building)));
        send(&mut s, Message::PickItem(item.name.clone()));
        assert_eq!(at(&s, "Buy 1 item").y, buy.y, "Buy moved at {size:?}");
        assert_eq!(at(&s, &row(&building)), built, "the buildings moved at {size:?}");
    }
}

/// A Buy adds the item to what you hold below the markets: the market's Buy and the buildings
/// under it stay where they were (with your items above the markets, the row just clicked
/// moved down by the new item's lines).
#[test]
fn buying_moves_neither_buy_nor_the_buildings_market() {
    for (size, ctx) in testing::table_sizes() {
        let mut s = open_with_gold(30);
        let g = s.game().unwrap();
        let item = g.kingdom_view().market.items[0].name.clone();
        let building = g.kingdom_view().market.buildings[0].name.clone();
        let at = |s: &State, label: &str| {
            let mut ui = testing::simulator_sized(size, s.view(&ctx));
            ui.find(label)
                .unwrap_or_else(|e| panic!("{label:?} at {size:?}: {e:?}"))
                .bounds()
        };
        let build_row = |s: &State| {
            let c = s.game().unwrap().kingdom_view().market.buildings[0].clone();
            assert_eq!(c.name, building);
            if c.count > 1 {
                format!("{} ×{} · cost {}", c.name, c.count, c.cost)
            } else {
                format!("{} · cost {}", c.name, c.cost)
            }
        };
        let before = (at(&s, "Buy"), at(&s, &build_row(&s)));
        send(&mut s, Message::PickItem(item.clone()));
        send(&mut s, Message::Buy);
        assert_eq!(s.game().unwrap().kingdom_view().items.len(), 1);
        assert_eq!(at(&s, "Buy").y, before.0.y, "Buy moved at {size:?}");
        assert_eq!(at(&s, &build_row(&s)), before.1, "the buildings moved at {size:?}");
    }
}

/// Issue 32 §2 (your own action's result shows the same way): a move made on the board with the
/// kingdom open swaps the region back to the turn log, where the move is said.
#[test]
fn a_move_on_the_board_shows_its_result_in_the_log_in_the_kingdoms_place() {
    let mut s = open_with_gold(4);
    let kind = s.game().unwrap().catalog().find("Knight").unwrap();
    let square = Square::parse("d2").unwrap();
    send(
        &mut s,
        Message::Play(Play::PlaceUnit {
            owner: crate::furtherance::Seat::Player,
            kind,
            square,
        }),
    );
    assert!(s.kingdom_shown());
    send(&mut s, Message::Square(square));
    let to = s.game().unwrap().legal_moves(s.selected.unwrap())[0];
    send(&mut s, Message::Square(to));
    assert_eq!(s.game().unwrap().unit_at(to).map(|u| u.square), Some(to));
    assert!(!s.kingdom_shown(), "the kingdom still hides the log");
    assert!(shows(&s, &last_label(&s)), "{:?} not in the log", last_label(&s));
}
