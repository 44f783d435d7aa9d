//! Headless tests of the Session tab between sessions: a late joiner joins from the app, a
//! character retires, card points entered once are reused by the score sheet, and the boss
//! setting is a campaign setting.

use iced_test::simulator::Simulator;

use super::*;
use crate::gui::testing;
use crate::near_and_far::Mode;

const CTX: Ctx<'static> = Ctx {
    store: None,
    large_type: false,
};

use super::tests::opened;

fn t(s: &mut State, m: table::Msg) -> testing::Updated<Message> {
    testing::update(s, Message::Table(m), &CTX)
}

fn shows(s: &State, what: &str) -> bool {
    Simulator::with_size(Default::default(), (1600.0, 2600.0), s.view(&CTX))
        .find(what)
        .is_ok()
}

#[test]
fn a_late_joiner_joins_from_the_session_tab_with_a_row_per_missed_session() {
    let mut s = opened(Mode::Campaign);
    assert!(testing::update(&mut s, Message::Session(session::Msg::Start), &CTX).moved);
    let c = s.campaign().unwrap().clone();
    let mut scores = c.score_template(None).unwrap();
    for p in &mut scores.players {
        p.camps = 3;
    }
    let before = testing::revision(&s);
    let a = s.act(CampaignAction::FinishSession {
        scores,
        date: today(),
    });
    assert!(testing::revision(&s) != before, "{:?}", a.notice);
    assert!(shows(&s, "New player"));
    t(&mut s, table::Msg::JoinPlayer("Cy".into()));
    t(&mut s, table::Msg::JoinCharacter("Kiku".into()));
    let a = t(&mut s, table::Msg::Join);
    assert!(a.moved, "{:?}", a.notice);
    assert!(
        a.notice
            .is_some_and(|n| n.text.contains("1 row of boxes filled"))
    );
    let v = s.campaign().unwrap().view("Kiku").unwrap();
    assert_eq!(v.boxes_filled, 3);
    let labels = s.document().unwrap().history().0;
    assert_eq!(labels.last().unwrap().0, "Kiku (Cy) joins the campaign");
}

#[test]
fn retiring_from_the_session_tab_says_what_it_changes() {
    let mut s = opened(Mode::Campaign);
    t(&mut s, table::Msg::JoinPlayer("Cy".into()));
    t(&mut s, table::Msg::JoinCharacter("Kiku".into()));
    assert!(t(&mut s, table::Msg::Join).moved);
    let a = t(&mut s, table::Msg::Retire("Kiku".into()));
    assert!(a.moved);
    assert!(
        a.notice
            .is_some_and(|n| n.text.contains("plays no more sessions"))
    );
    assert!(s.campaign().unwrap().sheets[2].retired_after.is_some());
}

#[test]
fn card_points_entered_once_prefill_every_later_score_sheet() {
    let mut s = opened(Mode::Campaign);
    t(&mut s, table::Msg::Card("4".into()));
    t(&mut s, table::Msg::CardPoints("2".into()));
    assert!(t(&mut s, table::Msg::SaveCardPoints).moved);
    assert!(shows(&s, "Known card points (reused every session): 4: 2"));
    assert!(testing::update(&mut s, Message::Session(session::Msg::Start), &CTX).moved);
    let a = testing::update(
        &mut s,
        Message::Session(session::Msg::DefeatThreat("Rin".into())),
        &CTX,
    );
    assert!(a.moved);
    let sheet = s.campaign().unwrap().score_template(None).unwrap();
    assert_eq!(sheet.players[0].threats, Some(vec![2]));
}

#[test]
fn the_bosses_in_character_mode_setting_appears_in_the_campaign_settings() {
    let mut s = opened(Mode::Character);
    assert!(shows(&s, "Campaign settings"));
    let a = t(&mut s, table::Msg::BossesInCharacterMode(true));
    assert!(a.moved);
    assert!(s.campaign().unwrap().settings.bosses_in_character_mode);
}

#[test]
fn a_threat_card_named_in_the_session_tab_is_shown_from_then_on() {
    let mut s = opened(Mode::Campaign);
    let send = |s: &mut State, m: session::Msg| testing::update(s, Message::Session(m), &CTX);
    assert!(send(&mut s, session::Msg::Start).moved);
    // The rulebook's Bandit keeps its name: nothing to send.
    send(&mut s, session::Msg::ThreatName("Robber".into()));
    assert!(!send(&mut s, session::Msg::NameThreat).moved);
    assert!(send(&mut s, session::Msg::DefeatThreat("Rin".into())).moved);
    assert!(shows(&s, "Active threat: level 5"));
    send(&mut s, session::Msg::ThreatName("Sand Wolves".into()));
    assert!(send(&mut s, session::Msg::NameThreat).moved);
    assert!(shows(&s, "Active threat: level 5 (Sand Wolves)"));
    assert!(s.session.threat_name.is_empty(), "the field is emptied");
}
