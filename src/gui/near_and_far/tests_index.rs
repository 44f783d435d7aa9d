//! Headless tests of the storybook index growing from the lookup tab: a Character Mode
//! campaign for Vera (whose letters the rulebook does not print) is indexed, looked up,
//! corrected, deleted and undone; an import of a friend's conflicting file keeps the player's
//! entry unless they choose theirs.

use super::*;
use crate::gui::testing;
use crate::near_and_far::{Mode, QuestCode, Read};
use iced_test::simulator::Simulator;

fn ctx(store: &crate::store::Store) -> Ctx<'_> {
    Ctx {
        store: Some(store),
        large_type: false,
    }
}

fn opened_with(store: &crate::store::Store, mode: Mode, seats: &[(&str, &str)]) -> State {
    let c = super::tests::new_campaign(mode, seats);
    let cx = ctx(store);
    let mut s = State::open(
        "nf-test".into(),
        Saved::new("Test campaign", "New campaign", c),
        &cx,
    );
    let a = testing::update(&mut s, Message::Session(session::Msg::Start), &cx);
    assert!(a.moved, "{:?}", a.notice);
    testing::update(&mut s, Message::Tab(Tab::Lookup), &cx);
    s
}

fn lk(s: &mut State, m: lookup::Msg, cx: &Ctx) -> testing::Updated<Message> {
    testing::update(s, Message::Lookup(m), cx)
}

fn ok(a: &testing::Updated<Message>) {
    assert!(
        !a.notice.as_ref().is_some_and(|n| n.error),
        "{:?}",
        a.notice
    );
}

fn own_text(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join("home/storybook-index/my-entries.json")).unwrap_or_default()
}

/// A Character Mode campaign (Ben: Vera, Ana: Rin) in session, on the lookup tab for Vera.
fn vera_on_the_lookup_tab(store: &crate::store::Store, cx: &Ctx) -> State {
    let mut s = opened_with(store, Mode::Character, &[("Ben", "Vera"), ("Ana", "Rin")]);
    let vera = s
        .campaign()
        .unwrap()
        .sheets
        .iter()
        .position(|x| x.character == "Vera")
        .unwrap();
    lk(&mut s, lookup::Msg::Character(vera), cx);
    s
}

#[test]
fn a_character_mode_campaign_for_vera_is_indexed_looked_up_corrected_and_undone_in_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path().join("home")).unwrap();
    let cx = ctx(&store);
    let mut s = vera_on_the_lookup_tab(&store, &cx);
    // Vera's letters are not printed in the rulebook: the tab asks for them.
    let view = Simulator::with_size(Default::default(), (1600.0, 2600.0), s.view(&cx))
        .find("Vera's quest letters are not known yet (only Rin's are printed in the rulebook): copy them from the card.")
        .is_ok();
    assert!(view, "the tab asks for Vera's letters");
    lk(&mut s, lookup::Msg::Letters("V".into()), &cx);
    lk(&mut s, lookup::Msg::First("V1".into()), &cx);
    ok(&lk(&mut s, lookup::Msg::SaveLetters, &cx));
    assert!(own_text(dir.path()).contains("\"prefix\": \"V\""));
    lk(&mut s, lookup::Msg::Typed("12".into()), &cx);
    ok(&lk(&mut s, lookup::Msg::LookUp, &cx));
    let read = s.pad.answer.as_ref().map(|a| a.read.clone());
    assert_eq!(
        read,
        Some(Read::CharacterQuest {
            code: Some(QuestCode::parse("V1").unwrap())
        })
    );
    lk(&mut s, lookup::Msg::StartEntry, &cx);
    for (i, label) in ["follow", "leave"].into_iter().enumerate() {
        lk(
            &mut s,
            lookup::Msg::Entry(lookup::EntryMsg::Label(i, label.into())),
            &cx,
        );
    }
    lk(
        &mut s,
        lookup::Msg::Entry(lookup::EntryMsg::Next(0, "V2".into())),
        &cx,
    );
    ok(&lk(&mut s, lookup::Msg::SaveEntry, &cx));
    assert_eq!(
        s.pad
            .answer
            .as_ref()
            .and_then(|a| a.choices.as_ref())
            .map(|c| c.len()),
        Some(2)
    );
    // Corrected: a typo in the label.
    lk(&mut s, lookup::Msg::EditEntry, &cx);
    assert!(
        s.entry
            .as_ref()
            .is_some_and(|e| e.editing && e.choices[0].label == "follow")
    );
    lk(
        &mut s,
        lookup::Msg::Entry(lookup::EntryMsg::Label(0, "follow her".into())),
        &cx,
    );
    ok(&lk(&mut s, lookup::Msg::SaveEntry, &cx));
    assert!(own_text(dir.path()).contains("follow her"));
    assert_eq!(
        s.index_undo.as_ref().map(|u| u.0.as_str()),
        Some("V1 edited in your index")
    );
    ok(&lk(&mut s, lookup::Msg::DeleteEntry, &cx));
    assert!(!own_text(dir.path()).contains("follow her"));
    assert!(s.pad.answer.as_ref().is_some_and(|a| a.choices.is_none()));
    ok(&lk(&mut s, lookup::Msg::UndoIndex, &cx));
    assert!(
        own_text(dir.path()).contains("follow her"),
        "the deletion is undone"
    );
    assert!(
        !store
            .data_backups(crate::near_and_far::index::OWN_FILE)
            .is_empty(),
        "each change backed up the player's index first"
    );
}

#[test]
fn importing_a_conflicting_friends_file_keeps_the_players_entry() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path().join("home")).unwrap();
    let cx = ctx(&store);
    let mut s = opened_with(&store, Mode::Campaign, &[("Ana", "Rin"), ("Ben", "Vera")]);
    let head = r#""data_kind":"near-and-far-storybook-index","format_version":1"#;
    let mine = dir.path().join("mine.json");
    std::fs::write(
        &mine,
        format!(r#"{{{head},"quests":[{{"code":"120","choices":[{{"label":"climb"}}]}}]}}"#),
    )
    .unwrap();
    ok(&lk(&mut s, lookup::Msg::ImportPicked(Some(mine)), &cx));
    let theirs = dir.path().join("theirs.json");
    std::fs::write(
        &theirs,
        format!(r#"{{{head},"quests":[{{"code":"120","choices":[{{"label":"swim"}}]}}]}}"#),
    )
    .unwrap();
    ok(&lk(
        &mut s,
        lookup::Msg::ImportPicked(Some(theirs.clone())),
        &cx,
    ));
    let review = s
        .import_review
        .as_ref()
        .expect("the conflict is shown before anything changes");
    assert_eq!(review.plan.conflicts.len(), 1);
    {
        let mut sim = Simulator::with_size(Default::default(), (1600.0, 2600.0), s.view(&cx));
        assert!(sim.find("1 quests differ from yours").is_ok());
        assert!(
            sim.find("1. climb").is_ok() && sim.find("1. swim").is_ok(),
            "side by side"
        );
    }
    ok(&lk(&mut s, lookup::Msg::ConfirmImport, &cx));
    assert!(own_text(dir.path()).contains("climb") && !own_text(dir.path()).contains("swim"));
    // Choosing theirs takes it.
    ok(&lk(&mut s, lookup::Msg::ImportPicked(Some(theirs)), &cx));
    lk(&mut s, lookup::Msg::KeepTheirs(0, true), &cx);
    ok(&lk(&mut s, lookup::Msg::ConfirmImport, &cx));
    assert!(own_text(dir.path()).contains("swim"));
}

#[test]
fn the_index_form_refuses_control_characters_as_the_cli_import_does() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path().join("home")).unwrap();
    let cx = ctx(&store);
    let mut s = vera_on_the_lookup_tab(&store, &cx);
    lk(&mut s, lookup::Msg::Letters("V".into()), &cx);
    lk(&mut s, lookup::Msg::First("V1".into()), &cx);
    ok(&lk(&mut s, lookup::Msg::SaveLetters, &cx));
    lk(&mut s, lookup::Msg::Typed("12".into()), &cx);
    ok(&lk(&mut s, lookup::Msg::LookUp, &cx));
    lk(&mut s, lookup::Msg::StartEntry, &cx);
    lk(
        &mut s,
        lookup::Msg::Entry(lookup::EntryMsg::Label(0, "ring the bell\u{7}".into())),
        &cx,
    );
    let a = lk(&mut s, lookup::Msg::SaveEntry, &cx);
    let said = format!("{:?}", a.notice);
    assert!(
        said.contains("control characters are not allowed in index text"),
        "{said}"
    );
    assert!(
        !own_text(dir.path()).contains("ring the bell"),
        "nothing saved"
    );
}

/// How wide `s` is drawn at `size` in the tests' font.
fn width_of(s: &str, size: f32) -> f32 {
    use iced::advanced::text::{self as t, Paragraph as _};
    <iced::Renderer as t::Renderer>::Paragraph::with_text(t::Text {
        content: s,
        bounds: iced::Size::INFINITE,
        size: iced::Pixels(size),
        line_height: t::LineHeight::default(),
        font: iced::Font::with_name("Fira Sans"),
        align_x: t::Alignment::Default,
        align_y: iced::alignment::Vertical::Top,
        shaping: t::Shaping::Advanced,
        wrapping: t::Wrapping::None,
    })
    .min_width()
}

#[test]
fn the_index_forms_hints_and_headings_are_whole_and_distinct_at_1024_and_with_large_type() {
    use iced_test::selector::{Candidate, Target};
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path().join("home")).unwrap();
    let cx = ctx(&store);
    let mut s = opened_with(&store, Mode::Campaign, &[("Ann", "Grear"), ("Bob", "Vera")]);
    lk(&mut s, lookup::Msg::Typed("9".into()), &cx);
    ok(&lk(&mut s, lookup::Msg::LookUp, &cx));
    lk(&mut s, lookup::Msg::StartEntry, &cx);
    let choices = s.entry.as_ref().map(|f| f.choices.len()).unwrap_or(0);
    assert!(choices > 0, "the form is open with its choices");
    // The hints of one choice's fields, in the order they are drawn.
    let mut hints = vec!["label", "difficulty", entry::NEEDS, entry::NEXT];
    hints.extend(entry::SUCCESS.iter().map(|(_, h)| *h));
    hints.extend(entry::BY_TWO.iter().map(|(_, h)| *h));
    let distinct: std::collections::BTreeSet<&str> = hints.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        hints.len(),
        "two fields of a choice share a hint"
    );
    // 1024×768 and 1366×768 with large type (the screen's share, logical pixels).
    for size in [(1024.0, 688.0), (1050.0, 530.0)] {
        let mut ui = Simulator::with_size(Default::default(), size, s.view(&cx));
        // An empty field reports its hint as its text.
        let mut inputs: Vec<(String, iced::Rectangle)> = Vec::new();
        let mut texts = Vec::new();
        let _ = ui.find(|c: Candidate<'_>| -> Option<Target> {
            match Target::from(c) {
                Target::TextInput {
                    content, bounds, ..
                } => inputs.push((content, bounds)),
                Target::Text {
                    content, bounds, ..
                } => texts.push((content, bounds)),
                _ => {}
            }
            None
        });
        for hint in &hints {
            let fields: Vec<_> = inputs.iter().filter(|(t, _)| t == hint).collect();
            assert_eq!(
                fields.len(),
                choices,
                "at {size:?} {hint:?} is not on every choice"
            );
            for (_, field) in fields {
                let room = field.width - 12.0;
                let needs = width_of(hint, style::BODY);
                assert!(
                    needs <= room,
                    "at {size:?} the hint {hint:?} needs {needs} px, its field has {room}"
                );
            }
        }
        // The reward headings are whole: one line each, as wide as the words.
        for heading in entry::REWARD_HEADINGS {
            let (_, b) = texts
                .iter()
                .find(|(t, _)| t == heading)
                .unwrap_or_else(|| panic!("{heading:?} not drawn at {size:?}"));
            assert!(
                b.height <= style::SMALL * 1.4 && width_of(heading, style::SMALL) <= b.width + 0.5,
                "at {size:?} the heading {heading:?} is cut or wrapped: {b:?}"
            );
        }
    }
}
