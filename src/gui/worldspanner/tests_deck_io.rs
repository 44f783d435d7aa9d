//! Headless tests of a challenge deck's export and import (issue 10 §3): the dialogs' answers
//! are sent as messages; the file round-trips; nothing is replaced (a file, the editor's cards)
//! without a yes; a broken file is refused naming the file, the card and the field.

use super::tests::{click, ctx, shows};
use super::*;

/// The editor holding the 36 sample cards, a finished deck.
fn full_editor() -> State {
    let c = ctx();
    let mut s = State::new(&c);
    s.update(Message::Panel(Panel::Editor), &c);
    s.update(Message::Editor(EditorMsg::LoadSaved), &c);
    assert!(shows(&s, "36 of 36 entered"));
    s
}

#[test]
fn a_finished_deck_exports_to_a_file_and_imports_back_card_for_card() {
    let c = ctx();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my-deck.json");
    let mut s = full_editor();
    // The button opens the file dialog, a Task; its answer comes back as a message.
    let a = click(&mut s, "Export…");
    assert!(a.task.is_some(), "Export… opens the save dialog");
    let a = s.update(Message::Editor(EditorMsg::ExportTo(Some(path.clone()))), &c);
    let said = a.notice.map(|n| n.text).unwrap_or_default();
    assert!(said.contains("Exported"), "{said}");
    let written =
        crate::worldspanner::DeckFile::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(written.cards.len(), 36);

    let mut t = State::new(&c);
    t.update(Message::Panel(Panel::Editor), &c);
    let a = click(&mut t, "Import…");
    assert!(a.task.is_some(), "Import… opens the open dialog");
    t.update(Message::Editor(EditorMsg::ImportFrom(Some(path))), &c);
    assert!(shows(&t, "36 of 36 entered"));
    let exported: Vec<String> = written
        .cards
        .iter()
        .map(crate::worldspanner::deckfile::card_line)
        .collect();
    let imported: Vec<String> = t
        .editor
        .deck
        .cards()
        .iter()
        .map(crate::worldspanner::deckfile::card_line)
        .collect();
    assert_eq!(exported, imported);
}

#[test]
fn an_export_never_replaces_an_existing_file_without_asking() {
    let c = ctx();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deck.json");
    std::fs::write(&path, "the player's other file").unwrap();
    let mut s = full_editor();
    let a = s.update(Message::Editor(EditorMsg::ExportTo(Some(path.clone()))), &c);
    assert!(a.notice.is_none());
    assert!(shows(
        &s,
        &format!("{} exists. Replace it?", path.display())
    ));
    click(&mut s, "Keep");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "the player's other file"
    );
    s.update(Message::Editor(EditorMsg::ExportTo(Some(path.clone()))), &c);
    click(&mut s, "Replace");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        crate::worldspanner::DeckFile::parse(&text)
            .unwrap()
            .cards
            .len(),
        36
    );
}

#[test]
fn an_import_asks_before_replacing_the_cards_in_the_editor() {
    let c = ctx();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deck.json");
    let mut s = full_editor();
    s.update(Message::Editor(EditorMsg::ExportTo(Some(path.clone()))), &c);
    // A card being typed in a fresh editor: the import must not drop it silently.
    let mut t = State::new(&c);
    t.update(Message::Panel(Panel::Editor), &c);
    t.update(
        Message::Editor(EditorMsg::Line("-4 -2 0 3 -1 3 3-4".into())),
        &c,
    );
    t.update(Message::Editor(EditorMsg::Submit), &c);
    assert!(shows(&t, "1 of 36 entered"));
    t.update(
        Message::Editor(EditorMsg::ImportFrom(Some(path.clone()))),
        &c,
    );
    assert!(
        shows(&t, "1 of 36 entered"),
        "nothing replaced before the yes"
    );
    click(&mut t, "Keep");
    assert!(shows(&t, "1 of 36 entered"));
    t.update(Message::Editor(EditorMsg::ImportFrom(Some(path))), &c);
    click(&mut t, "Replace");
    assert!(shows(&t, "36 of 36 entered"));
}

#[test]
fn an_imported_deck_with_a_missing_field_is_refused_naming_the_file_card_and_field() {
    let c = ctx();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deck.json");
    let mut s = full_editor();
    s.update(Message::Editor(EditorMsg::ExportTo(Some(path.clone()))), &c);
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    json["cards"][6]
        .as_object_mut()
        .unwrap()
        .remove("hit_from")
        .unwrap();
    std::fs::write(&path, json.to_string()).unwrap();
    let mut t = State::new(&c);
    t.update(Message::Panel(Panel::Editor), &c);
    let a = t.update(
        Message::Editor(EditorMsg::ImportFrom(Some(path.clone()))),
        &c,
    );
    let said = a.notice.map(|n| n.text).unwrap_or_default();
    assert!(said.contains(&path.display().to_string()), "{said}");
    assert!(said.contains("card 7"), "{said}");
    assert!(said.contains("hit_from"), "{said}");
    assert!(shows(&t, "0 of 36 entered"), "nothing was imported");
}

#[test]
fn without_a_file_dialog_the_deck_editor_says_so_and_takes_a_typed_path() {
    let c = ctx();
    let dir = tempfile::tempdir().unwrap();
    let mut s = full_editor();
    let why = crate::gui::files::NO_DIALOG.to_string();
    s.update(
        Message::Editor(EditorMsg::NoDialog {
            export: true,
            why: why.clone(),
        }),
        &c,
    );
    assert!(shows(&s, "Export the challenge deck"));
    assert!(shows(&s, &format!("{why} Type the file's path instead.")));
    let path = dir.path().join("typed-deck.json");
    s.update(
        Message::Editor(EditorMsg::PathText(path.display().to_string())),
        &c,
    );
    let a = click(&mut s, "Export");
    let said = a.notice.map(|n| n.text).unwrap_or_default();
    assert!(said.contains("Exported"), "{said}");
    assert!(path.is_file());

    // The import the same way, into an empty editor.
    let mut t = State::new(&c);
    t.update(Message::Panel(Panel::Editor), &c);
    t.update(
        Message::Editor(EditorMsg::NoDialog { export: false, why }),
        &c,
    );
    t.update(
        Message::Editor(EditorMsg::PathText(dir.path().display().to_string())),
        &c,
    );
    click(&mut t, "Import");
    assert!(shows(
        &t,
        &format!(
            "{} is a folder: add the file's name after it.",
            dir.path().display()
        )
    ));
    t.update(
        Message::Editor(EditorMsg::PathText(path.display().to_string())),
        &c,
    );
    click(&mut t, "Import");
    assert!(shows(&t, "36 of 36 entered"));
}
