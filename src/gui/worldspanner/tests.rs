//! Headless tests of the Worldspanner screen (iced_test): setup, Reinforce with a Dome choice,
//! a challenge drawn and explained, a refused action, the side switch, odds, the deck editor.

use iced_test::simulator;

use super::*;
use crate::gui::testing;
use crate::worldspanner::{HeroStatus, Step};

pub(super) fn ctx() -> Ctx<'static> {
    Ctx {
        store: None,
        large_type: false,
    }
}

/// Clicks `label` (in a 1024×768 window) and feeds the messages back; returns the last notice
/// and task, and whether the click moved the open game (what the shell autosaves on).
pub(super) fn click(state: &mut State, label: &str) -> testing::Updated<Message> {
    let clicked = testing::click_on(state, &ctx(), (1024.0, 768.0), label)
        .unwrap_or_else(|e| panic!("click {label:?}: {e:?}"));
    assert!(clicked.messages > 0, "clicking {label:?} did nothing");
    clicked
}

pub(super) fn shows(state: &State, text: &str) -> bool {
    let c = ctx();
    let mut ui = simulator(state.view(&c));
    ui.find(text).is_ok()
}

/// A game started from the setup form with a fixed seed: the same shuffles on every run.
pub(super) fn started() -> State {
    let mut s = State::new(&ctx());
    testing::update(&mut s, Message::Setup(SetupMsg::Seed("7".into())), &ctx());
    click(&mut s, "Use numbered heroes");
    let a = click(&mut s, "Start game");
    assert!(a.moved, "starting a game must be saved");
    s
}

#[test]
fn setup_starts_a_game_at_round_one_reinforce() {
    let s = started();
    assert!(shows(&s, "Round 1 of 10: Skyhawks, Reinforce"));
    assert!(shows(&s, "Deck: 36 · Discard: 0"));
    assert!(s.document().is_some());
}

#[test]
fn a_seed_that_is_not_a_whole_number_starts_no_game_and_says_why() {
    let c = ctx();
    let mut s = State::new(&c);
    testing::update(&mut s, Message::Setup(SetupMsg::Seed("seven".into())), &c);
    let problem = format!("The seed must be a whole number (0 to {}).", u64::MAX);
    // Said under the seed as it is typed, before Start is pressed.
    assert!(shows(&s, &problem));
    click(&mut s, "Use numbered heroes");
    let a = click(&mut s, "Start game");
    assert!(!a.moved, "no game is started");
    assert!(s.document().is_none());
    let said = a.notice.map(|n| n.text).unwrap_or_default();
    assert_eq!(said, problem);
    // A whole number: the line goes.
    testing::update(&mut s, Message::Setup(SetupMsg::Seed(" 7 ".into())), &c);
    assert!(!shows(&s, &problem));
}

#[test]
fn setup_warns_that_the_sample_deck_is_not_the_real_cards() {
    let s = State::new(&ctx());
    assert!(shows(
        &s,
        "Sample data, not the real cards: enter yours in the Deck editor"
    ));
}

#[test]
fn heroes_are_typed_by_name_and_enter_adds_them() {
    let c = ctx();
    let mut s = State::new(&c);
    testing::update(
        &mut s,
        Message::Setup(SetupMsg::Input(
            TeamSide::Skyhawks,
            "Private Sanchez 5 1".into(),
        )),
        &c,
    );
    testing::update(
        &mut s,
        Message::Setup(SetupMsg::Add(TeamSide::Skyhawks)),
        &c,
    );
    assert!(shows(&s, "1. Private Sanchez (Health 5, 1 gold, 0 Boost)"));
}

#[test]
fn a_hero_typed_without_health_is_asked_for_it_not_given_four() {
    let c = ctx();
    let mut s = State::new(&c);
    testing::update(
        &mut s,
        Message::Setup(SetupMsg::Input(TeamSide::Skyhawks, "Rizzik".into())),
        &c,
    );
    testing::update(
        &mut s,
        Message::Setup(SetupMsg::Add(TeamSide::Skyhawks)),
        &c,
    );
    assert!(shows(
        &s,
        "What is Rizzik's Health? Type it after the name, e.g. \"Rizzik 5\""
    ));
    assert!(!shows(&s, "1. Rizzik"));
    assert!(setup::parse_hero("Rizzik").is_err());
    testing::update(
        &mut s,
        Message::Setup(SetupMsg::Input(TeamSide::Skyhawks, "Rizzik 6".into())),
        &c,
    );
    testing::update(
        &mut s,
        Message::Setup(SetupMsg::Add(TeamSide::Skyhawks)),
        &c,
    );
    assert!(shows(&s, "1. Rizzik (Health 6, 0 gold, 0 Boost)"));
    assert!(
        s.setup.ask[0].is_empty(),
        "the question clears once answered"
    );
}

#[test]
fn reinforce_proposes_domes_and_the_player_places_the_hero() {
    let mut s = started();
    // The first tile's Enter is hero 1's.
    click(&mut s, "Enter");
    let game = s.game().unwrap();
    let p = game
        .pending
        .clone()
        .expect("a dismissal waits for its Dome");
    assert!(shows(&s, "Skyhawks choose the Dome for Skyhawks hero 1"));
    let first = game.domes.first_empty(p.candidates[0].number).unwrap();
    click(&mut s, &format!("Place in {first}"));
    let game = s.game().unwrap();
    let h = game.find("Skyhawks hero 1").unwrap();
    assert_eq!(
        game.hero(h).unwrap().status,
        HeroStatus::InDome { dome: first }
    );
    assert!(
        shows(&s, &format!("in {first}")),
        "the hero's tile says where it is"
    );
}

#[test]
fn next_step_is_refused_until_the_reinforcements_are_in() {
    let mut s = started();
    let a = click(&mut s, "Next step");
    assert!(!a.moved);
    let n = s.refused().expect("a refusal says why").clone();
    assert_eq!(n.at, Where::Bar, "under the step bar, beside Next step");
    assert!(n.text.contains("must still bring in 3"), "{}", n.text);
    // It says how heroes are brought in.
    assert!(
        n.text
            .contains("Enter on a waiting hero's tile (8 waiting)"),
        "{}",
        n.text
    );
    assert!(shows(&s, &n.text));
    // The same refusal twice is one line, not two.
    click(&mut s, "Next step");
    assert_eq!(s.refused(), Some(&n));
}

/// Next step as the table plays it: heroes left in a Dome at the end of the Action step were
/// surrounded (the question is answered yes at once).
pub(super) fn next_step(s: &mut State) -> testing::Updated<Message> {
    let c = ctx();
    let a = testing::update(s, Message::NextStep, &c);
    if s.game().is_some_and(|g| !g.surrounded_asked.is_empty()) {
        return testing::update(s, Message::Surrounded(1), &c);
    }
    a
}

/// Plays round 1 through the screen's messages.
pub(super) fn round_two() -> State {
    let c = ctx();
    let mut s = started();
    for team in TeamSide::BOTH {
        for i in 0..3 {
            let hero = HeroRef { team, hero: i };
            assert!(testing::update(&mut s, Message::Hero(hero, HeroOp::Reinforce), &c).moved);
            assert!(testing::update(&mut s, Message::Place(None), &c).moved);
        }
        assert!(testing::update(&mut s, Message::NextStep, &c).moved);
    }
    s
}

#[test]
fn the_screen_follows_the_active_team_and_can_show_either_side() {
    let mut s = round_two();
    assert!(shows(&s, "Round 2 of 10: Skyhawks, Free"));
    assert!(shows(&s, "Skyhawks: pick a hero's tile"));
    click(&mut s, "Psiclones side");
    assert!(shows(&s, "Psiclones: pick a hero's tile"));
    assert!(shows(
        &s,
        "Psiclones deck: Sample challenge deck (not the real cards)"
    ));
}

#[test]
fn a_challenge_is_drawn_from_the_sides_deck_and_explained() {
    let c = ctx();
    let mut s = round_two();
    testing::update(&mut s, Message::Form(FormMsg::What(form::What::Other)), &c);
    testing::update(&mut s, Message::Form(FormMsg::Rating("6".into())), &c);
    testing::update(&mut s, Message::Form(FormMsg::Against("4".into())), &c);
    let a = click(&mut s, "Draw challenge card");
    assert!(a.moved);
    let game = s.game().unwrap();
    assert_eq!(game.team(TeamSide::Skyhawks).deck.discard_len(), 4);
    let Some(LastEventView { face, .. }) = last(game) else {
        panic!("no challenge shown")
    };
    assert!(shows(&s, &face.name().to_uppercase()));
    assert!(shows(&s, "read row +2"));
}

struct LastEventView {
    face: crate::worldspanner::Face,
}

fn last(game: &Game) -> Option<LastEventView> {
    match &game.last {
        Some(crate::worldspanner::LastEvent::Challenge { outcome, .. }) => {
            Some(LastEventView { face: outcome.face })
        }
        _ => None,
    }
}

#[test]
fn a_refused_challenge_names_the_rule_and_changes_nothing() {
    let c = ctx();
    let mut s = round_two();
    let before = s.game().unwrap().clone();
    testing::update(&mut s, Message::Form(FormMsg::What(form::What::Task)), &c);
    testing::update(
        &mut s,
        Message::Form(FormMsg::Hero(form::Choice {
            value: 0,
            label: String::new(),
        })),
        &c,
    );
    testing::update(
        &mut s,
        Message::Form(FormMsg::Key(form::Choice {
            value: Faction::Lords,
            label: String::new(),
        })),
        &c,
    );
    testing::update(&mut s, Message::Form(FormMsg::Rating("4".into())), &c);
    let a = testing::update(&mut s, Message::Draw, &c);
    assert!(
        !a.moved && a.notice.is_none(),
        "refused beside Draw, not as a notice"
    );
    let n = s.refused().expect("refused").text.clone();
    assert!(n.contains("Adventure step"), "{n}");
    assert!(shows(&s, &n), "the refusal is shown under Draw");
    assert_eq!(s.game().unwrap(), &before);
}

#[test]
fn undo_through_the_document_replays_the_same_card() {
    let c = ctx();
    let mut s = round_two();
    testing::update(&mut s, Message::Form(FormMsg::What(form::What::Other)), &c);
    testing::update(&mut s, Message::Form(FormMsg::Rating("5".into())), &c);
    testing::update(&mut s, Message::Form(FormMsg::Against("5".into())), &c);
    testing::update(&mut s, Message::Draw, &c);
    let first = s
        .game()
        .unwrap()
        .team(TeamSide::Skyhawks)
        .deck
        .last_discarded()
        .cloned();
    s.document_mut().unwrap().undo();
    s.refresh();
    testing::update(&mut s, Message::Draw, &c);
    let again = s
        .game()
        .unwrap()
        .team(TeamSide::Skyhawks)
        .deck
        .last_discarded()
        .cloned();
    assert_eq!(first, again);
}

#[test]
fn the_odds_view_is_over_the_whole_deck_by_default_and_follows_the_setting() {
    let mut s = round_two();
    click(&mut s, "Odds");
    assert!(shows(&s, "Skyhawks odds over the whole 36-card deck"));
    let a = click(&mut s, "Odds over the cards left in the draw pile");
    assert!(a.moved, "the setting is saved with the game");
    assert!(shows(
        &s,
        "Skyhawks odds over the 33 cards left in the draw pile"
    ));
}

#[test]
fn the_deck_editor_takes_a_line_per_card_and_shows_progress() {
    let c = ctx();
    let mut s = State::new(&c);
    click(&mut s, "Deck editor");
    assert!(shows(&s, "0 of 36 entered"));
    let mut ui = simulator(s.view(&c));
    ui.click(iced_test::selector::id(editor::LINE_ID)).unwrap();
    ui.typewrite("-4 -2 0 3 -1 3 3-4");
    for m in ui.into_messages().collect::<Vec<_>>() {
        testing::update(&mut s, m, &c);
    }
    testing::update(&mut s, Message::Editor(EditorMsg::Submit), &c);
    assert!(shows(&s, "1 of 36 entered"));
    testing::update(
        &mut s,
        Message::Editor(EditorMsg::Line("-4 2 0 3 -1 3 3-4".into())),
        &c,
    );
    testing::update(&mut s, Message::Editor(EditorMsg::Submit), &c);
    assert!(shows(&s, "1 of 36 entered"), "a bad card is not added");
    assert!(s.editor.progress() == "1 of 36");
}

#[test]
fn the_game_ends_with_the_glory_count_on_the_board() {
    let c = ctx();
    let mut s = round_two();
    while !s.game().unwrap().rounds.finished {
        let g = s.game().unwrap();
        if g.rounds.step == Step::Reinforce && g.entered(g.rounds.active) < g.reinforce_target() {
            let team = g.rounds.active;
            let i = g
                .team(team)
                .heroes
                .iter()
                .position(|h| h.status == HeroStatus::Waiting)
                .unwrap();
            testing::update(
                &mut s,
                Message::Hero(HeroRef { team, hero: i }, HeroOp::Reinforce),
                &c,
            );
            testing::update(&mut s, Message::Place(None), &c);
            continue;
        }
        assert!(next_step(&mut s).moved);
    }
    assert!(shows(&s, "Game over after 10 rounds"));
    assert!(shows(&s, "Glory: Skyhawks 1, Psiclones 1"));
}

#[test]
fn the_dome_map_offers_the_allowed_empty_domes_while_a_hero_waits() {
    let mut s = started();
    testing::update(
        &mut s,
        Message::Hero(
            HeroRef {
                team: TeamSide::Skyhawks,
                hero: 1,
            },
            HeroOp::Reinforce,
        ),
        &ctx(),
    );
    let p = s.game().unwrap().pending.clone().unwrap();
    let allowed: usize = p.candidates.iter().map(|c| c.empty as usize).sum();
    let c = ctx();
    // The board is in view at 1024x768, beside the question.
    let mut ui = iced_test::Simulator::with_size(
        iced_test::core::Settings::default(),
        iced::Size::new(1024.0, 688.0),
        s.view(&c),
    );
    ui.click("Place").unwrap();
    let messages: Vec<Message> = ui.into_messages().collect();
    for m in messages {
        assert!(testing::update(&mut s, m, &c).moved);
    }
    let g = s.game().unwrap();
    assert!(g.pending.is_none());
    let dome = g
        .domes
        .find(HeroRef {
            team: TeamSide::Skyhawks,
            hero: 1,
        })
        .unwrap();
    assert!(p.candidates.iter().any(|c| c.number == dome.number));
    assert!(allowed >= 1);
}

#[test]
fn the_deck_editor_reads_a_typed_line_back_as_printed_rows() {
    let c = ctx();
    let mut s = State::new(&c);
    testing::update(&mut s, Message::Panel(Panel::Editor), &c);
    testing::update(
        &mut s,
        Message::Editor(EditorMsg::Line("-4 -2 0 3 -1 3 1 or 6".into())),
        &c,
    );
    assert!(shows(
        &s,
        "Reads as: XXFFSSPPPAAAA hit .....HHHHHHHH luck 3 domes 1 or 6"
    ));
}

#[test]
fn a_deck_saved_in_the_editor_is_used_by_new_games() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path()).unwrap();
    let c = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&c);
    testing::update(&mut s, Message::Panel(Panel::Editor), &c);
    testing::update(
        &mut s,
        Message::Editor(EditorMsg::Team(TeamSide::Psiclones)),
        &c,
    );
    testing::update(
        &mut s,
        Message::Editor(EditorMsg::Name("Real black deck".into())),
        &c,
    );
    let sample = crate::worldspanner::DeckFile::parse(
        crate::bundled::get(crate::worldspanner::deckfile::SAMPLE_PATH).unwrap(),
    )
    .unwrap();
    for card in &sample.cards {
        let line = crate::worldspanner::deckfile::card_line(card);
        testing::update(&mut s, Message::Editor(EditorMsg::Line(line)), &c);
        testing::update(&mut s, Message::Editor(EditorMsg::Submit), &c);
    }
    assert_eq!(s.editor.progress(), "36 of 36");
    let a = testing::update(&mut s, Message::Editor(EditorMsg::Save), &c);
    let n = a.notice.expect("saving says where");
    assert!(!n.error && n.text.contains("Real black deck"), "{}", n.text);
    let fresh = State::new(&c);
    assert_eq!(fresh.setup.decks[1].name, "Real black deck");
    assert!(!fresh.setup.decks[1].sample);
    assert!(
        fresh.setup.decks[0].sample,
        "the other team keeps the sample"
    );
}

#[test]
fn the_challenge_panel_shows_the_odds_at_the_difference_before_drawing() {
    let c = ctx();
    let mut s = round_two();
    testing::update(&mut s, Message::Form(FormMsg::What(form::What::Other)), &c);
    testing::update(&mut s, Message::Form(FormMsg::Rating("5".into())), &c);
    testing::update(&mut s, Message::Form(FormMsg::Against("5".into())), &c);
    let row = crate::worldspanner::Odds::over(
        &s.game()
            .unwrap()
            .team(TeamSide::Skyhawks)
            .deck
            .all_cards_sorted(),
    )
    .row(crate::worldspanner::Difference::clamped(0))
    .clone();
    let want = format!(
        "At 0: Pass or better {:.0}%, Amaze {:.0}%, Fopp {:.0}% (Skyhawks over the whole 36-card deck)",
        row.success * 100.0,
        row.faces[4] * 100.0,
        row.faces[0] * 100.0
    );
    assert!(shows(&s, &want), "{want}");
}

#[test]
fn a_paid_adventure_is_paid_from_the_panel_without_a_card() {
    let c = ctx();
    let mut s = round_two();
    let hero = HeroRef {
        team: TeamSide::Skyhawks,
        hero: 0,
    };
    testing::update(&mut s, Message::NextStep, &c);
    assert!(testing::update(&mut s, Message::Hero(hero, HeroOp::LeaveDome), &c).moved);
    for _ in 0..3 {
        next_step(&mut s);
    }
    assert_eq!(s.game().unwrap().rounds.step, Step::Adventure);
    testing::update(&mut s, Message::Hero(hero, HeroOp::GoldUp), &c);
    testing::update(&mut s, Message::Hero(hero, HeroOp::GoldUp), &c);
    testing::update(&mut s, Message::Form(FormMsg::What(form::What::Paid)), &c);
    assert!(shows(&s, "Pay and adventure"));
    testing::update(
        &mut s,
        Message::Form(FormMsg::Hero(form::Choice {
            value: 0,
            label: String::new(),
        })),
        &c,
    );
    testing::update(
        &mut s,
        Message::Form(FormMsg::PaidKind(form::PaidChoice(
            crate::worldspanner::PaidKind::Market,
        ))),
        &c,
    );
    testing::update(
        &mut s,
        Message::Form(FormMsg::Key(form::Choice {
            value: Faction::Warriors,
            label: String::new(),
        })),
        &c,
    );
    testing::update(&mut s, Message::Form(FormMsg::Gold("2".into())), &c);
    let discards = s
        .game()
        .unwrap()
        .team(TeamSide::Skyhawks)
        .deck
        .discard_len();
    let a = click(&mut s, "Pay and adventure");
    assert!(a.moved, "{:?}", a.notice);
    let g = s.game().unwrap();
    assert_eq!(g.hero(hero).unwrap().gold, 0);
    assert_eq!(
        g.key(Faction::Warriors).unwrap().spaces[0],
        Some(TeamSide::Skyhawks)
    );
    assert_eq!(
        g.team(TeamSide::Skyhawks).deck.discard_len(),
        discards + 1,
        "only the dismissal card"
    );
}

#[test]
fn the_panel_offers_an_own_modifier_with_its_reason() {
    let c = ctx();
    let mut s = round_two();
    testing::update(&mut s, Message::Form(FormMsg::What(form::What::Other)), &c);
    testing::update(&mut s, Message::Form(FormMsg::Rating("5".into())), &c);
    testing::update(&mut s, Message::Form(FormMsg::Against("5".into())), &c);
    testing::update(&mut s, Message::Form(FormMsg::Own("-1".into())), &c);
    let a = testing::update(&mut s, Message::Draw, &c);
    assert!(!a.moved);
    let n = s.refused().expect("a modifier without a reason is refused");
    assert!(n.text.contains("why (Own modifier)"), "{}", n.text);
    testing::update(
        &mut s,
        Message::Form(FormMsg::OwnReason("Shadow cloak".into())),
        &c,
    );
    testing::update(&mut s, Message::Draw, &c);
    let Some(crate::worldspanner::LastEvent::Challenge { outcome, .. }) = &s.game().unwrap().last
    else {
        panic!("the challenge was drawn");
    };
    assert_eq!(outcome.difference.value(), -1);
    assert!(shows(&s, "  Shadow cloak: -1"));
}

#[test]
fn a_finished_game_offers_reopen_in_place_of_next_step() {
    let c = ctx();
    let s = round_two();
    let mut g = s.game().unwrap().clone();
    assert!(g.apply(Play::Reopen {}).is_err(), "not over yet");
    // A finished game as the last NextStep leaves it (that path is tested in the engine).
    g.rounds.finished = true;
    let mut s = State::open("x".to_string(), crate::doc::Saved::new("t", "over", g), &c);
    assert!(shows(
        &s,
        "The game is over: see the glory count. Reopen to correct something."
    ));
    let a = click(&mut s, "Reopen");
    assert!(a.moved);
    assert!(shows(
        &s,
        "Reopened for corrections: no more draws; Undo closes it again."
    ));
    assert!(!s.game().unwrap().locked());
}

#[test]
fn a_hero_that_acted_this_step_says_so_on_its_tile() {
    // Rounds, p. 7: one action per hero per step. Leaving the Dome is Rizzik's action in the
    // Action step; its tile then says it has acted, and a new step clears it.
    let c = ctx();
    let mut s = round_two();
    let hero = HeroRef {
        team: TeamSide::Skyhawks,
        hero: 0,
    };
    testing::update(&mut s, Message::NextStep, &c);
    assert!(!shows(&s, "acted this step: moved out of its Dome"));
    assert!(testing::update(&mut s, Message::Hero(hero, HeroOp::LeaveDome), &c).moved);
    assert!(shows(&s, "acted this step: moved out of its Dome"));
    next_step(&mut s);
    assert!(!shows(&s, "acted this step: moved out of its Dome"));
}

#[test]
fn leave_the_dome_is_disabled_for_a_hero_that_already_acted() {
    // Heroes still in their Domes that have acted (as a save may hold them): the Move button
    // is shown, disabled, beside the reason, so a click cannot reach the engine's refusal.
    let c = ctx();
    let mut s = round_two();
    testing::update(&mut s, Message::NextStep, &c);
    let mut game = s.game().unwrap().clone();
    for hero in 0..3 {
        game.acted.push(crate::worldspanner::StepDeed {
            hero: HeroRef {
                team: TeamSide::Skyhawks,
                hero,
            },
            deed: crate::worldspanner::Deed::Shot,
        });
    }
    let mut ui = simulator(board::heroes(&game, TeamSide::Skyhawks, &[], None));
    ui.find("acted this step: taken its shot").unwrap();
    ui.click("Leave Dome").unwrap();
    // The click picks the hero (its tile is under the button) and nothing else.
    assert!(
        ui.into_messages()
            .all(|m| !matches!(m, Message::Hero(_, HeroOp::LeaveDome))),
        "a disabled button sent its action"
    );
    // The same tile before the action: the button works.
    let game = s.game().unwrap();
    let mut ui = simulator(board::heroes(game, TeamSide::Skyhawks, &[], None));
    assert!(ui.find("acted this step: taken its shot").is_err());
    ui.click("Leave Dome").unwrap();
    assert!(matches!(
        ui.into_messages().collect::<Vec<_>>().as_slice(),
        [Message::Hero(_, HeroOp::LeaveDome)]
    ));
}

#[test]
fn tab_visits_the_fields_in_reading_order_at_every_table_size() {
    for (size, c) in testing::table_sizes() {
        let s = State::new(&c);
        testing::assert_tab_follows_reading_order(&s, &c, size, "Worldspanner setup");
        let s = round_two();
        testing::assert_tab_follows_reading_order(&s, &c, size, "Worldspanner round 2");
    }
}

#[test]
fn nothing_new_appears_under_the_pointer_after_any_click_at_every_table_size() {
    // A glory space's button marks the space for a team: "1 –" becomes "1 S" (or "1 P").
    let names: Vec<(String, String)> = (1..=4)
        .flat_map(|n| ["S", "P"].map(|t| (format!("{n} –"), format!("{n} {t}"))))
        .collect();
    let same: Vec<(&str, &str)> = names
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    for (size, c) in testing::table_sizes() {
        for (what, make) in [
            (
                "Worldspanner setup",
                (|| State::new(&ctx())) as fn() -> State,
            ),
            ("round 1", started),
            ("round 2", round_two),
        ] {
            testing::assert_nothing_new_under_the_pointer(make, &c, size, &same, what);
        }
    }
}

#[test]
fn a_refusal_beside_its_control_offers_its_rule_beside_it_and_not_on_the_foot_line() {
    let mut s = started();
    click(&mut s, "Next step");
    let n = s.refused().expect("a refusal says why").clone();
    let rule = crate::rules::RuleRef::new(crate::doc::Kind::Worldspanner, "reinforce-schedule");
    assert_eq!(s.refusal.rule(), Some(rule), "{:?}", n.text);
    // Drawn beside Next step, its rule beside it: the foot line says neither again.
    let _ = s.view(&testing::CTX);
    assert!(s.refusal.was_drawn());
    let start: String = n.text.chars().take(24).collect();
    testing::assert_rule_beside(&mut s, (1024.0, 768.0), &start, rule);
}

/// docs/rules.md, "Rule references": the step's reminder in the step bar offers the rule it
/// restates.
#[test]
fn the_steps_reminder_offers_the_rule_it_restates() {
    let mut s = started();
    // The reminder shows once the start's own lines are read (the next message clears them).
    s.lines.clear();
    testing::assert_rule_beside(
        &mut s,
        (1024.0, 768.0),
        "Reinforce: active team brings in",
        crate::rules::RuleRef::new(crate::doc::Kind::Worldspanner, "reinforce-schedule"),
    );
}
