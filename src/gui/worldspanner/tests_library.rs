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

/// COMBAT p. 18, the book's example: Blackbeard's fists (6 Melee, 3 Power, Wound 2) against
/// Rizzik (8 Agility, 3 Stealth, 2 Armor). Picking the rating fills the rest of the attack from
/// both cards, and a new target or a shot instead re-reads them.
#[test]
fn an_attack_takes_the_targets_defence_and_armor_and_the_fists_from_the_cards() {
    use crate::doc::Saved;
    use crate::worldspanner::{HeroCard, MapDesign, sample};
    let card = |name: &str, set: &[(usize, u8)]| {
        let mut ratings = [5u8; 14];
        ratings[13] = 1; // Wound runs 0 to 4
        for (i, v) in set {
            ratings[*i] = *v;
        }
        HeroCard {
            name: name.into(),
            faction: Faction::Defenders,
            health: 5,
            ratings,
            natures: vec!["Being".into()],
            opposing: [Faction::Villains, Faction::Outcasts],
            bonus_symbols: Vec::new(),
            gold: 1,
            boosts: 0,
        }
    };
    let mut setup = sample::setup(MapDesign::Standard, 6, 10, 7).unwrap();
    setup.heroes[0][0] = card("Blackbeard", &[(11, 6), (12, 3), (13, 2)]).entry();
    setup.heroes[1][0] = card("Rizzik", &[(5, 8), (6, 3), (7, 2)]).entry();
    let game = crate::worldspanner::Game::new(setup).unwrap();
    let c = super::tests::ctx();
    let mut s = State::open("t".into(), Saved::new("t", "New game", game), &c);
    let choice = |value: usize| form::Choice {
        value,
        label: String::new(),
    };
    s.update(Message::Form(FormMsg::What(form::What::Melee)), &c);
    s.update(Message::Form(FormMsg::Hero(choice(0))), &c);
    s.update(Message::Skill(Skill::Melee), &c);
    assert_eq!(
        (
            s.form.rating.as_str(),
            s.form.power.as_str(),
            s.form.wound.as_str()
        ),
        ("6", "3", "2"),
        "Melee, and the fists' Power and Wound"
    );
    s.update(Message::Form(FormMsg::Target(choice(0))), &c);
    assert_eq!(
        (s.form.against.as_str(), s.form.armor.as_str()),
        ("8", "2"),
        "Rizzik's Agility and Armor"
    );
    s.update(Message::Form(FormMsg::What(form::What::Ranged)), &c);
    assert_eq!(s.form.against, "3", "a shot is rolled against Stealth");
}
