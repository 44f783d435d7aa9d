//! Esc and Ctrl+H on every game screen (issue 18 §3): Esc closes the innermost open thing
//! first (help, then what the screen has open, then History) and only then leaves the screen;
//! Ctrl+H opens and closes History wherever there is a game, on each of the five game screens.
//! The screens' own inner things (the editors, the deck editor's tabs) have their tests in
//! table_screens.rs.

use tablemate::doc::Kind;
use tablemate::furtherance::{Action as Play, Seat, Square};
use tablemate::gui::{App, Message, Shortcut, army, furtherance};

use super::{Result, click, shows};

/// A Near and Far campaign (Ana: Rin, Ben: Vera) made in `dir` with the CLI, as
/// `tablemate near-and-far new` makes it (the screen's form is typed in): its id.
fn near_and_far_campaign(dir: &std::path::Path) -> String {
    let made = super::shared::run(
        dir,
        &[
            "near-and-far",
            "new",
            "--mode",
            "campaign",
            "--player",
            "Ana=Rin",
            "--player",
            "Ben=Vera",
            "--json",
        ],
    );
    let json: serde_json::Value =
        serde_json::from_str(&made.stdout).unwrap_or_else(|e| panic!("the CLI said {made:?}: {e}"));
    json["id"]
        .as_str()
        .expect("the new campaign's id")
        .to_string()
}

/// `kind`'s screen with a game open, started the way a player starts it (Near and Far's
/// campaign is made with the CLI and opened by its id; its own Esc order, the entry form
/// before the chosen option, has a test in src/gui/near_and_far/tests.rs).
fn with_a_game(kind: Kind) -> std::result::Result<(tempfile::TempDir, App), iced_test::Error> {
    let dir = tempfile::tempdir().expect("temp dir");
    let campaign = (kind == Kind::NearAndFar).then(|| near_and_far_campaign(dir.path()));
    let mut app = App::open(dir.path().to_path_buf());
    match kind {
        Kind::Furtherance => {
            click(&mut app, kind.title())?;
            // A fixed seed: the enemy's draws are the same on every run.
            let seed = furtherance::SetupField::Seed("7".into());
            let _ = app.update(furtherance::Message::Setup(seed).into());
            let _ = app.update(furtherance::Message::Start.into());
        }
        Kind::Worldspanner => super::table_screens::start_worldspanner(&mut app)?,
        Kind::Army => {
            click(&mut app, kind.title())?;
            let _ = app.update(army::Message::Name(0, "Ann".into()).into());
            let _ = app.update(army::Message::Name(1, "Bob".into()).into());
            click(&mut app, "Write the armies")?;
        }
        Kind::FurnaceDuel => super::campaign_with_one_result(&mut app)?,
        Kind::NearAndFar => app.open_save(campaign.as_deref().expect("made above")),
    }
    assert_eq!(app.screen.game(), Some(kind), "{kind} did not start");
    assert!(app.screen.document().is_some(), "{kind} has no game open");
    Ok((dir, app))
}

const GAMES: [Kind; 5] = [
    Kind::Furtherance,
    Kind::Worldspanner,
    Kind::Army,
    Kind::FurnaceDuel,
    Kind::NearAndFar,
];

#[test]
fn ctrl_h_opens_and_closes_history_on_every_game_screen() -> Result {
    for kind in GAMES {
        let (_dir, mut app) = with_a_game(kind)?;
        assert!(
            !app.settings().show_history,
            "{kind}: History starts closed"
        );
        let _ = app.update(Message::Shortcut(Shortcut::History));
        assert!(
            app.settings().show_history,
            "{kind}: Ctrl+H did not open History"
        );
        assert!(
            shows(&app, "Click any entry to return to it. ↷ = can be redone."),
            "{kind}: History is not drawn"
        );
        let _ = app.update(Message::Shortcut(Shortcut::History));
        assert!(
            !app.settings().show_history,
            "{kind}: Ctrl+H did not close History"
        );
    }
    Ok(())
}

#[test]
fn esc_closes_help_then_history_then_leaves_on_every_game_screen() -> Result {
    for kind in GAMES {
        let (_dir, mut app) = with_a_game(kind)?;
        let _ = app.update(Message::Shortcut(Shortcut::History));
        let _ = app.update(Message::Shortcut(Shortcut::Help));
        assert!(app.help, "{kind}: help is open");
        let _ = app.update(Message::Shortcut(Shortcut::Back));
        assert!(!app.help, "{kind}: Esc did not close help first");
        assert!(
            app.settings().show_history,
            "{kind}: Esc closed History with help"
        );
        assert_eq!(app.screen.game(), Some(kind));
        let _ = app.update(Message::Shortcut(Shortcut::Back));
        assert!(
            !app.settings().show_history,
            "{kind}: Esc did not close History"
        );
        assert_eq!(
            app.screen.game(),
            Some(kind),
            "{kind}: Esc left with History open"
        );
        let _ = app.update(Message::Shortcut(Shortcut::Back));
        assert_ne!(app.screen.game(), Some(kind), "{kind}: Esc did not leave");
    }
    Ok(())
}

/// Furtherance: a selected unit (and a pending recruit) goes before History, History before
/// the screen.
#[test]
fn esc_drops_the_furtherance_selection_then_history_then_leaves() -> Result {
    let (_dir, mut app) = with_a_game(Kind::Furtherance)?;
    let tablemate::gui::Screen::Furtherance(s) = &app.screen else {
        panic!("not on Furtherance");
    };
    let kind = s.game().unwrap().catalog().find("Knight").unwrap();
    let c4 = Square::parse("c4").unwrap();
    let place = Play::PlaceUnit {
        owner: Seat::Player,
        kind,
        square: c4,
    };
    let _ = app.update(furtherance::Message::Play(place).into());
    let _ = app.update(Message::Shortcut(Shortcut::History));
    let marks = |app: &App| match &app.screen {
        tablemate::gui::Screen::Furtherance(s) => s.marks(),
        _ => panic!("not on Furtherance"),
    };
    // A recruit space picked, then Esc: the recruit list goes, History stays.
    let _ = app.update(furtherance::Message::Square(Square::parse("d1").unwrap()).into());
    assert!(marks(&app).recruit.is_some());
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(
        marks(&app).recruit.is_none(),
        "Esc did not cancel the recruit"
    );
    assert!(app.settings().show_history);
    // A unit selected, then Esc: the selection goes, History stays.
    let _ = app.update(furtherance::Message::Square(c4).into());
    assert!(!marks(&app).moves.is_empty(), "the Knight is selected");
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(
        marks(&app).moves.is_empty(),
        "Esc did not drop the selection"
    );
    assert!(
        app.settings().show_history,
        "Esc closed History before the selection"
    );
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(!app.settings().show_history);
    assert_eq!(app.screen.game(), Some(Kind::Furtherance));
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(app.screen.is_home());
    Ok(())
}
