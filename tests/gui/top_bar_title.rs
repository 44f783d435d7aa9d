//! Issue 30 (large type): the game's top bar keeps the save's title whole beside its buttons at
//! 1366×768 and 1024×768, large type off and on, for every game: in body type when the bar is
//! compact, on a line of its own under the buttons in the narrowest window.

use iced_test::selector::{Candidate, Target};
use tablemate::doc::Kind;
use tablemate::gui::{App, Message};

use super::shared::run;

/// The window the app opens on each screen (90% of it), in screen pixels, and large type.
const WINDOWS: [((f32, f32), bool); 4] = [
    ((1229.4, 691.2), false),
    ((1229.4, 691.2), true),
    ((921.6, 691.2), false),
    ((921.6, 691.2), true),
];

/// A new save of `kind` made from the command line with its default title: its id.
fn new_save(root: &std::path::Path, kind: Kind) -> String {
    let out = match kind {
        Kind::Worldspanner => {
            let mut args = vec!["worldspanner", "new", "--seed", "3"];
            for f in ["lords", "defenders", "villains", "icons", "exemplars"] {
                args.extend(["--faction", f]);
            }
            let heroes: Vec<String> = (1..=6)
                .map(|i| format!("skyhawks=Hawk-{i}:5:2"))
                .chain((1..=6).map(|i| format!("psiclones=Psi-{i}:5:2")))
                .collect();
            for h in &heroes {
                args.extend(["--hero", h.as_str()]);
            }
            run(root, &args)
        }
        Kind::Army => run(root, &["army", "new", "--player", "Ana", "--player", "Ben"]),
        Kind::NearAndFar => run(
            root,
            &[
                "near-and-far",
                "new",
                "--mode",
                "campaign",
                "--player",
                "ANA=Rin",
                "--player",
                "BEN=Vera",
            ],
        ),
        Kind::FurnaceDuel => run(root, &["furnace-duel", "new", "Ana", "Ben"]),
        other => run(root, &[other.as_str(), "new"]),
    };
    assert_eq!(out.code, 0, "{kind:?} new: {}", out.stderr);
    // The id is the first word of the kind's slug and a date ("created ID: ..." or "ID").
    let slug = format!("{}-2", kind.as_str());
    out.stdout
        .split(|c: char| c.is_whitespace() || c == ':')
        .find(|w| w.starts_with(&slug))
        .unwrap_or_else(|| panic!("{kind:?} new printed no id: {}", out.stdout))
        .to_string()
}

#[test]
fn the_games_title_is_whole_in_the_top_bar_at_every_size_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let ids: Vec<(Kind, String)> = Kind::ALL
        .into_iter()
        .map(|k| (k, new_save(dir.path(), k)))
        .collect();
    for ((window, large), (kind, id)) in WINDOWS
        .into_iter()
        .flat_map(|w| ids.iter().map(move |g| (w, g)))
    {
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::LargeType(large));
        let scale = if large { 1.3 } else { 1.0 };
        let size = (window.0 / scale, window.1 / scale);
        let _ = app.update(Message::Window(
            iced::window::Id::unique(),
            iced::window::Event::Resized(iced::Size::new(size.0, size.1)),
        ));
        let _ = app.update(Message::Home(tablemate::gui::home::Message::Open(
            id.clone(),
            *kind,
        )));
        let title = app
            .screen
            .document()
            .unwrap_or_else(|| panic!("{kind:?} did not open"))
            .title()
            .to_string();
        let mut ui =
            iced_test::Simulator::with_size(iced_test::core::Settings::default(), size, app.view());
        let found = ui.find(|c: Candidate<'_>| -> Option<Target> {
            let t = Target::from(c);
            matches!(&t, Target::Text { content, .. } if *content == title).then_some(t)
        });
        let t = found.unwrap_or_else(|e| panic!("{title:?} not drawn for {kind:?}: {e:?}"));
        let (b, v) = (t.bounds(), t.visible_bounds());
        assert!(
            v.is_some_and(|v| (v.width - b.width).abs() < 0.5 && v.x + v.width <= size.0),
            "{kind:?}: the title {title:?} is cut at {window:?} large type {large}: {b:?} shown {v:?}"
        );
    }
}
