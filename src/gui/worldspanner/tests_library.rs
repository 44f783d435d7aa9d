//! Headless tests of the hero library: the one-hero form with range checks, saved to the data
//! folder, picked at setup, and a challenge whose rating and modifiers come from the card.

use super::tests::shows;
use super::*;
use crate::store::Store;

fn fill(s: &mut State, c: &Ctx, wits: &str) {
    use heroes::HeroMsg as H;
    for m in [
        H::Name("Rizzik".into()),
        H::Faction(Faction::Defenders),
        H::Health("5".into()),
        H::Natures("Being".into()),
        H::Opposing(0, Faction::Villains),
        H::Opposing(1, Faction::Outcasts),
        H::Gold("1".into()),
    ] {
        s.update(Message::HeroForm(m), c);
    }
    for i in 0..14 {
        let v = match i {
            3 => "4",
            10 => wits,
            13 => "2",
            _ => "5",
        };
        s.update(Message::HeroForm(H::Rating(i, v.into())), c);
    }
}

#[test]
fn a_hero_card_is_checked_saved_to_the_library_picked_at_setup_and_fills_a_challenge() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let c = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&c);
    s.update(Message::Panel(Panel::Heroes), &c);
    fill(&mut s, &c, "12");
    let a = s.update(Message::HeroForm(heroes::HeroMsg::Save), &c);
    let n = a.notice.expect("refused");
    assert!(
        n.error && n.text.contains("Wits 12 is out of range (0 to 9)"),
        "{}",
        n.text
    );
    fill(&mut s, &c, "7");
    let a = s.update(Message::HeroForm(heroes::HeroMsg::Save), &c);
    assert!(!a.notice.unwrap().error);
    assert!(shows(&s, "Rizzik (Defenders, Health 5)"));
    // A restart finds it in the data folder.
    let mut s = State::new(&c);
    assert_eq!(s.library.heroes.len(), 1);
    s.update(
        Message::Setup(SetupMsg::FromLibrary(TeamSide::Skyhawks, "Rizzik".into())),
        &c,
    );
    assert!(shows(&s, "1. Rizzik (Health 5, 1 gold, 0 Boost)"));
    s.update(Message::Setup(SetupMsg::Numbered), &c);
    s.update(Message::Start, &c);
    let game = s.game().unwrap();
    let rizzik = HeroRef {
        team: TeamSide::Skyhawks,
        hero: 0,
    };
    assert_eq!(game.card(rizzik).unwrap().name, "Rizzik");
    // A Task on the Defenders' key: Virtue 4 from the card and home +2.
    s.update(Message::Form(FormMsg::What(form::What::Task)), &c);
    s.update(
        Message::Form(FormMsg::Hero(form::Choice {
            value: 0,
            label: "Rizzik".into(),
        })),
        &c,
    );
    s.update(
        Message::Form(FormMsg::Key(form::Choice {
            value: Faction::Defenders,
            label: String::new(),
        })),
        &c,
    );
    assert!(shows(&s, "Rating from the card"));
    s.update(Message::Skill(Skill::Virtue), &c);
    assert_eq!(s.form.rating, "4");
    assert!(s.form.home && !s.form.opposing);
}

#[test]
fn the_deck_editor_keeps_a_draft_that_resumes_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let c = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = State::new(&c);
    s.update(Message::Panel(Panel::Editor), &c);
    let sample = crate::worldspanner::DeckFile::parse(
        crate::bundled::get(crate::worldspanner::deckfile::SAMPLE_PATH).unwrap(),
    )
    .unwrap();
    for card in &sample.cards[..17] {
        let line = crate::worldspanner::deckfile::card_line(card);
        s.update(Message::Editor(EditorMsg::Line(line)), &c);
        s.update(Message::Editor(EditorMsg::Submit), &c);
    }
    assert_eq!(s.editor.progress(), "17 of 36");
    // A restart (a fresh screen) resumes where it stopped.
    let mut again = State::new(&c);
    assert_eq!(again.editor.progress(), "17 of 36");
    again.update(Message::Panel(Panel::Editor), &c);
    assert!(shows(&again, "Card 18 of 36, then Enter"));
}
