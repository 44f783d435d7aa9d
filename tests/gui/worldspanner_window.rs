//! Issue 18 §2: the Worldspanner main loop on one screen, in the window the app opens on a
//! 1024×768 screen (normal type) and on a 1366×768 screen with large type: the step bar with
//! Next step, Draw, the Domes board, the picked hero's Dismiss and Banish, and every hero
//! tile's action are whole and inside the window, none in a scrolled-away or clipped part.

use iced::Rectangle;
use iced_test::selector::{Candidate, Target};
use tablemate::gui::worldspanner::{self, HeroOp};
use tablemate::gui::{App, Message};
use tablemate::worldspanner::{HeroRef, TeamSide};

use super::Result;
use super::table_screens::start_worldspanner;

/// The window the app opens on a screen (90% of it, settings::fit), in screen pixels, and
/// whether large type is on: 1024×768 in normal type, 1366×768 with large type.
const WINDOWS: [(&str, (f32, f32), bool); 3] = [
    ("1024x768", (921.6, 691.2), false),
    ("1366x768 large type", (1229.4, 691.2), true),
    // Narrower than the board column allows (709 units): the board joins the challenge
    // column's scroll; the step bar, Draw and every hero's action stay in view.
    ("1024x768 large type", (921.6, 691.2), true),
];

/// Every text drawn in a window of `size` (app units): its content, its bounds and the part
/// of it in view (None when scrolled away or clipped whole).
fn texts(app: &App, size: (f32, f32)) -> Vec<(String, Rectangle, Option<Rectangle>)> {
    texts_in(iced_test::core::Settings::default(), app, size)
}

/// [`texts`] drawn with `settings` (its default font).
fn texts_in(
    settings: iced_test::core::Settings,
    app: &App,
    size: (f32, f32),
) -> Vec<(String, Rectangle, Option<Rectangle>)> {
    let mut found = Vec::new();
    let mut ui = iced_test::Simulator::with_size(settings, size, app.view());
    let _ = ui.find(|c: Candidate<'_>| -> Option<Target> {
        if let Target::Text {
            content,
            bounds,
            visible_bounds,
            ..
        } = Target::from(c)
        {
            found.push((content, bounds, visible_bounds));
        }
        None
    });
    found
}

/// Asserts that `label` is drawn at least `times` times, each whole, in view and inside the
/// window of `size`.
fn all_in_view(app: &App, name: &str, size: (f32, f32), label: &str, times: usize) {
    let shown = texts(app, size);
    let hits: Vec<_> = shown.iter().filter(|(t, _, _)| t == label).collect();
    assert!(
        hits.len() >= times,
        "at {name}: {label:?} drawn {} times, wanted {times}",
        hits.len()
    );
    for (_, b, v) in hits {
        let whole =
            v.is_some_and(|v| (v.width - b.width).abs() < 0.5 && (v.height - b.height).abs() < 0.5);
        let inside =
            b.x >= 0.0 && b.y >= 0.0 && b.x + b.width <= size.0 && b.y + b.height <= size.1;
        assert!(
            whole && inside,
            "at {name} ({size:?}): {label:?} at {b:?} is cut or out of view (visible {v:?})"
        );
    }
}

fn hero(team: TeamSide, hero: usize) -> HeroRef {
    HeroRef { team, hero }
}

/// Every hero's tile is drawn once with its action, each in view; the loop's fixed controls too.
fn the_loop_is_in_view(app: &App, name: &str, size: (f32, f32), actions: &[(&str, usize)]) {
    for label in ["Draw challenge card", "Next step"] {
        all_in_view(app, name, size, label, 1);
    }
    if size.0 >= 800.0 {
        all_in_view(app, name, size, "6.4", 1);
    }
    for (label, times) in actions {
        all_in_view(app, name, size, label, *times);
    }
    // The picked hero's removals (docs/worldspanner.md: in the strip above the tiles).
    for label in ["Dismiss", "Banish"] {
        all_in_view(app, name, size, label, 1);
    }
}

#[test]
fn the_worldspanner_loop_is_in_view_without_scrolling_at_1024_and_with_large_type_at_1366() -> Result
{
    for (name, (w, h), large) in WINDOWS {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::LargeType(large));
        let scale = app.scale_factor();
        let size = (w / scale, h / scale);
        start_worldspanner(&mut app)?;
        // Round 1, Reinforce: all eight heroes wait, each with Enter on its tile.
        the_loop_is_in_view(&app, name, size, &[("Enter", 8)]);
        // Each tile's name is whole with the number that tells the numbered heroes apart
        // ("Skyhawks hero" was cut before it at 1024): the column already names the team.
        for n in 1..=8 {
            all_in_view(&app, name, size, &format!("Hero {n}"), 1);
        }
        // Three heroes of each team entered and placed: round 2, Skyhawks' Free step. The
        // three in Domes offer Leave Dome; a picked hero's Dismiss and Banish act.
        for team in TeamSide::BOTH {
            for i in 0..3 {
                let _ = app
                    .update(worldspanner::Message::Hero(hero(team, i), HeroOp::Reinforce).into());
                let _ = app.update(worldspanner::Message::Place(None).into());
            }
            let _ = app.update(worldspanner::Message::NextStep.into());
        }
        the_loop_is_in_view(&app, name, size, &[("Leave Dome", 3)]);
        // The placed heroes' Dome places show their names whole (sized to fit): each of
        // heroes 1 to 3 in its tile and in both teams' places on the board.
        if size.0 >= 800.0 {
            for n in 1..=3 {
                all_in_view(&app, name, size, &format!("Hero {n}"), 3);
            }
        }
    }
    Ok(())
}

/// With the share panel open beside the table (the window narrower by the panel), the picked
/// hero's strip puts its counts on more rows instead of cutting them: every count and button of
/// the strip is whole and in view at 1024×768 and with large type at 1366×768.
#[test]
fn the_picked_heroes_strip_is_whole_with_the_share_panel_open() -> Result {
    for (name, (w, h), large) in &WINDOWS[..2] {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::open(dir.path().to_path_buf());
        let _ = app.update(Message::LargeType(*large));
        let scale = app.scale_factor();
        let size = (w / scale, h / scale);
        start_worldspanner(&mut app)?;
        // The panel shows at once ("Starting…"); the host's start is a task not run here.
        super::click(&mut app, "Share")?;
        assert!(super::shows(&app, "Share to the table"), "at {name}");
        for (label, times) in [
            ("Use", 1),
            ("+", 3),
            ("−", 2),
            ("Dismiss", 1),
            ("Banish", 1),
            ("0 gold", 1),
        ] {
            all_in_view(&app, name, size, label, times);
        }
    }
    Ok(())
}

/// The window the app opens on a 1366×768 and a 1024×768 screen (90% of it), in screen
/// pixels, with large type off and on.
const REAL_WINDOWS: [(&str, (f32, f32), bool); 4] = [
    ("1366x768", (1229.4, 691.2), false),
    ("1366x768 large type", (1229.4, 691.2), true),
    ("1024x768", (921.6, 691.2), false),
    ("1024x768 large type", (921.6, 691.2), true),
];

/// The font the window draws in on this desktop: cosmic-text asks for Open Sans as its
/// sans-serif and, without it, falls back to DejaVu Sans, much wider than the Fira Sans
/// iced_test draws in unless told. These tests draw in it, as the real window does.
fn desktop_font() -> iced_test::core::Settings {
    assert!(
        has_desktop_font(),
        "the real-window tests draw in DejaVu Sans, the desktop's font: install it (fonts-dejavu-core)"
    );
    iced_test::core::Settings {
        default_font: iced::Font::with_name("DejaVu Sans"),
        ..iced_test::core::Settings::default()
    }
}

/// Whether the real-window tests can run: without DejaVu Sans they are skipped with a line on
/// stderr, unless `CI` is set (as `.ci/run` sets it, after installing the font), where they
/// must run.
fn real_window_tests_run() -> bool {
    if has_desktop_font() || std::env::var_os("CI").is_some() {
        return true;
    }
    eprintln!(
        "real-window tests skipped: no DejaVu Sans. To run them: apt-get install -y fonts-dejavu-core"
    );
    false
}

fn has_desktop_font() -> bool {
    iced::advanced::graphics::text::font_system()
        .write()
        .map(|mut fonts| {
            fonts
                .raw()
                .db()
                .faces()
                .any(|f| f.families.iter().any(|(name, _)| name == "DejaVu Sans"))
        })
        .unwrap_or(false)
}

/// How wide `s` is drawn in `size` type in the desktop's font.
fn desktop_width(s: &str, size: f32) -> f32 {
    use iced::advanced::text::{self as t, Paragraph as _};
    <iced::Renderer as t::Renderer>::Paragraph::with_text(t::Text {
        content: s,
        bounds: iced::Size::INFINITE,
        size: iced::Pixels(size),
        line_height: t::LineHeight::default(),
        font: iced::Font::with_name("DejaVu Sans"),
        align_x: t::Alignment::Default,
        align_y: iced::alignment::Vertical::Top,
        shaping: t::Shaping::default(),
        wrapping: t::Wrapping::None,
    })
    .min_width()
}

/// Every text the app draws in the real window of `size` (app units): content, bounds, the
/// part in view.
fn real_texts(app: &App, size: (f32, f32)) -> Vec<(String, Rectangle, Option<Rectangle>)> {
    texts_in(desktop_font(), app, size)
}

/// Whether a drawn text is whole and inside the window of `size`.
fn whole(b: &Rectangle, v: &Option<Rectangle>, size: (f32, f32)) -> bool {
    v.is_some_and(|v| (v.width - b.width).abs() < 0.5 && (v.height - b.height).abs() < 0.5)
        && b.x >= 0.0
        && b.y >= 0.0
        && b.x + b.width <= size.0 + 0.5
        && b.y + b.height <= size.1 + 0.5
}

/// Long real names: a one-word name of 14 letters in two words, one-word names of 9 to 11.
const SKYHAWKS: [&str; 6] = [
    "Blackbeard",
    "Archchancellor Vex",
    "Mindflayer",
    "Rizzik",
    "Lazar",
    "Hawkwind",
];
const PSICLONES: [&str; 6] = [
    "Shadeborn",
    "Thunderclaw",
    "Nightshade",
    "Grimwald",
    "Vortexia",
    "Ironhide",
];

/// A game made and played from the command line, as a table would: round 1's Reinforce for
/// both teams (two heroes each in Dome 1), then round 2's Free step, with an Other challenge
/// drawn if `draw`. Its data folder and id.
fn played_to_round_two(draw: bool) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["worldspanner", "new", "--seed", "7"];
    for f in ["lords", "warriors", "villains", "icons", "outcasts"] {
        args.extend(["--faction", f]);
    }
    let heroes: Vec<String> = SKYHAWKS
        .iter()
        .map(|n| format!("skyhawks={n}"))
        .chain(PSICLONES.iter().map(|n| format!("psiclones={n}")))
        .collect();
    for h in &heroes {
        args.extend(["--hero", h.as_str()]);
    }
    let out = tablemate::cli::run_in(dir.path(), &args, "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out
        .stdout
        .split(|c: char| c.is_whitespace() || c == ':')
        .find(|w| w.starts_with("worldspanner-2"))
        .expect("an id")
        .to_string();
    let mut script = String::new();
    for team in ["skyhawks", "psiclones"] {
        for h in 0..2 {
            script += &format!(
                "{{\"action\":\"reinforce\",\"hero\":{{\"team\":\"{team}\",\"hero\":{h}}}}}\n{{\"action\":\"place\"}}\n"
            );
        }
        script += "{\"action\":\"next-step\"}\n";
    }
    if draw {
        script += r#"{"action":"challenge","team":"skyhawks","hero":null,"challenge":{"kind":"other","rating":5,"against":5,"modifiers":[]}}"#;
    }
    act(dir.path(), &id, &script);
    (dir, id)
}

fn act(root: &std::path::Path, id: &str, script: &str) {
    let out = tablemate::cli::run_in(root, &["act", id, "-"], script);
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
}

/// Then Blackbeard leaves Dome 1 and, in the Adventure step, tries the Crown District Task: a
/// Pass (with seed 7 and no draw before), so it takes a gold and a marker, is dismissed, and
/// Skyhawks choose its Dome: nine lines of explanation.
fn played_to_the_dome_question(root: &std::path::Path, id: &str) {
    act(
        root,
        id,
        r#"{"action":"next-step"}
{"action":"leave-dome","hero":{"team":"skyhawks","hero":0}}
{"action":"next-step"}
{"action":"answer","option":1}
{"action":"next-step"}
{"action":"next-step"}
{"action":"adventure","hero":{"team":"skyhawks","hero":0},"adventure":{"type":"faction-task","faction":"lords","space":0},"challenge":{"kind":"faction-adventure","rating":5,"against":5,"modifiers":[]}}"#,
    );
}

/// The app opened on save `id` in the real window `window` (screen pixels), large type
/// `large`: the app and its size in app units.
fn opened(root: &std::path::Path, id: &str, window: (f32, f32), large: bool) -> (App, (f32, f32)) {
    let mut app = App::open(root.to_path_buf());
    let _ = app.update(Message::LargeType(large));
    let scale = app.scale_factor();
    let size = (window.0 / scale, window.1 / scale);
    let _ = app.update(Message::Window(
        iced::window::Id::unique(),
        iced::window::Event::Resized(iced::Size::new(size.0, size.1)),
    ));
    let _ = app.update(Message::Home(tablemate::gui::home::Message::Open(
        id.to_string(),
        tablemate::doc::Kind::Worldspanner,
    )));
    (app, size)
}

/// The last challenge's verdict ("PASS") and lines, as the engine wrote them.
fn last_drawn(app: &App) -> (String, Vec<String>) {
    let tablemate::gui::Screen::Worldspanner(s) = &app.screen else {
        panic!("not the Worldspanner screen")
    };
    match s.game().and_then(|g| g.last.clone()) {
        Some(tablemate::worldspanner::LastEvent::Challenge { lines, outcome, .. }) => {
            (outcome.face.name().to_uppercase(), lines)
        }
        other => panic!("no challenge drawn: {other:?}"),
    }
}

/// Panics unless `label` is drawn whole and inside the window at least once.
#[track_caller]
fn seen(
    shown: &[(String, Rectangle, Option<Rectangle>)],
    name: &str,
    size: (f32, f32),
    label: &str,
) {
    let hits: Vec<_> = shown.iter().filter(|(t, _, _)| t == label).collect();
    assert!(
        hits.iter().any(|(_, b, v)| whole(b, v, size)),
        "at {name}: {label:?} is not whole in view: {:?}",
        hits.iter().map(|(_, b, v)| (b, v)).collect::<Vec<_>>()
    );
}

/// The card drawn's picture is whole: its 13 rows' labels, -6 to +6, each whole inside the
/// card's column, and its foot line.
#[track_caller]
fn card_whole(shown: &[(String, Rectangle, Option<Rectangle>)], name: &str, size: (f32, f32)) {
    for d in -6..=6 {
        let label = if d > 0 {
            format!("+{d}")
        } else {
            d.to_string()
        };
        seen(shown, name, size, &label);
    }
    let foot = shown
        .iter()
        .find(|(t, _, _)| t.starts_with("Read row "))
        .unwrap_or_else(|| panic!("at {name}: no card foot line"));
    assert!(whole(&foot.1, &foot.2, size), "at {name}: {foot:?}");
}

#[test]
fn after_a_draw_the_card_its_result_and_its_whole_explanation_are_in_the_real_window_with_the_dome_question()
 {
    if !real_window_tests_run() {
        return;
    }
    let (dir, id) = played_to_round_two(false);
    played_to_the_dome_question(dir.path(), &id);
    for (name, window, large) in REAL_WINDOWS {
        let (app, size) = opened(dir.path(), &id, window, large);
        let shown = real_texts(&app, size);
        let place = shown
            .iter()
            .find(|(t, _, _)| t.starts_with("Place in Dome"))
            .unwrap_or_else(|| panic!("at {name}: no Dome question"));
        assert!(whole(&place.1, &place.2, size), "at {name}: {place:?}");
        seen(
            &shown,
            name,
            size,
            "Skyhawks choose the Dome for Blackbeard",
        );
        // The step title whole (in smaller type at 1024 with large type): laid out as wide
        // as it is drawn, not cut to the room left beside the buttons.
        let title = "Round 2 of 10: Skyhawks, Adventure";
        seen(&shown, name, size, title);
        let (_, b, _) = shown.iter().find(|(t, _, _)| t == title).unwrap();
        let drawn = desktop_width(title, b.height / 1.3);
        assert!(
            b.width >= drawn - 0.5,
            "at {name}: the step title is cut to {} of its {drawn}",
            b.width
        );
        let (verdict, lines) = last_drawn(&app);
        seen(&shown, name, size, &verdict);
        seen(&shown, name, size, "Last challenge");
        assert_eq!(verdict, "PASS");
        assert!(lines.len() >= 9, "{lines:?}");
        for line in lines
            .iter()
            .filter(|l| !l.starts_with("Skyhawks choose the Dome"))
        {
            seen(&shown, name, size, line);
        }
        card_whole(&shown, name, size);
    }
}

#[test]
fn long_hero_names_are_whole_on_their_tiles_and_never_broken_inside_a_word_in_a_dome_place() {
    if !real_window_tests_run() {
        return;
    }
    let (dir, id) = played_to_round_two(true);
    for (name, window, large) in REAL_WINDOWS {
        let (app, size) = opened(dir.path(), &id, window, large);
        let shown = real_texts(&app, size);
        // Dome 1's places (Blackbeard, Archchancellor Vex, Shadeborn, Thunderclaw): each
        // name whole or with a word cut by "…", never broken inside a word nor cut at the
        // place's edge. The board spans from Dome 2's first place to its last.
        let at = |label: &str| {
            shown
                .iter()
                .find(|(t, _, _)| t == label)
                .map(|(_, b, _)| *b)
                .unwrap_or_else(|| panic!("at {name}: {label} not drawn"))
        };
        let pitch = at("2.4").x - at("2.3").x;
        let (left, right) = (at("2.1").x - 4.0, at("2.4").x + pitch);
        let on_board = |b: &Rectangle| b.x >= left && b.x < right && b.y < at("2.1").y;
        for hero in [SKYHAWKS[0], SKYHAWKS[1], PSICLONES[0], PSICLONES[1]] {
            let cell = shown
                .iter()
                .find(|(t, b, _)| {
                    on_board(b)
                        && t.split_whitespace().count() == hero.split_whitespace().count()
                        && t.split_whitespace()
                            .zip(hero.split_whitespace())
                            .all(|(a, w)| {
                                a == w || a.strip_suffix('…').is_some_and(|s| w.starts_with(s))
                            })
                })
                .unwrap_or_else(|| panic!("at {name}: {hero} is not in its Dome place"));
            let (t, b, v) = cell;
            // With large type at 1024 the board is under the form, scrolled out of view: a
            // name is then only required not to be cut at its place's edge.
            assert!(
                v.is_none_or(|v| (v.width - b.width).abs() < 0.5),
                "at {name}: {t:?} is cut: {b:?} {v:?}"
            );
            if !t.contains(' ') {
                assert!(
                    b.height < 20.0,
                    "at {name}: {t:?} is broken over lines in its place: {b:?}"
                );
                // Laid out as wide as it is drawn (a name's lines are 1.15 times its type).
                let drawn = desktop_width(t, b.height / 1.15);
                assert!(
                    b.width >= drawn - 0.5,
                    "at {name}: {t:?} is cut to {} of its {drawn}",
                    b.width
                );
            }
        }
        // The strip's Use button holds its label with a margin.
        let (_, used, _) = shown.iter().find(|(t, _, _)| t == "Use").unwrap();
        assert!(
            used.width >= desktop_width("Use", 17.0) + 4.0,
            "at {name}: Use is cramped in {used:?}"
        );
        // The tiles, right of the board: every Skyhawks hero's whole name, whole.
        for hero in SKYHAWKS {
            assert!(
                shown.iter().any(|(t, b, v)| t == hero
                    && b.x >= right
                    && whole(b, v, size)
                    && b.width >= desktop_width(hero, b.height / 1.15) - 0.5),
                "at {name}: {hero}'s tile does not show the whole name"
            );
        }
        card_whole(&shown, name, size);
    }
}

#[test]
fn the_picked_heroes_counts_and_use_are_whole_in_the_real_window_with_a_boost_in_use() {
    if !real_window_tests_run() {
        return;
    }
    let (dir, id) = played_to_round_two(false);
    let hero = r#"{"team":"skyhawks","hero":0}"#;
    act(
        dir.path(),
        &id,
        &format!(
            "{{\"action\":\"gold\",\"hero\":{hero},\"change\":12}}\n\
             {{\"action\":\"wound\",\"hero\":{hero},\"wounds\":3}}\n\
             {{\"action\":\"gain-boosts\",\"hero\":{hero},\"boosts\":3}}\n\
             {{\"action\":\"use-boost\",\"hero\":{hero}}}"
        ),
    );
    for (name, window, large) in REAL_WINDOWS {
        let (mut app, size) = opened(dir.path(), &id, window, large);
        let _ = app.update(
            worldspanner::Message::Form(worldspanner::FormMsg::Hero(worldspanner::Choice {
                value: 0,
                label: String::new(),
            }))
            .into(),
        );
        let shown = real_texts(&app, size);
        for label in [
            "3/4 wounds",
            "12 gold",
            "2 Boosts (in use)",
            "Use",
            "Banish",
        ] {
            seen(&shown, name, size, label);
        }
        // The counts are laid out as wide as they are drawn (a count cut by the strip's edge
        // reports the cut width as its own).
        for label in ["3/4 wounds", "2 Boosts (in use)"] {
            let (_, b, _) = shown.iter().find(|(t, _, _)| t == label).unwrap();
            let drawn = desktop_width(label, b.height / 1.3);
            assert!(
                b.width >= drawn - 0.5,
                "at {name}: {label:?} is cut to {} of its {drawn}",
                b.width
            );
        }
    }
}

#[test]
fn the_picked_heroes_line_is_whole_in_the_real_window_while_it_waits_for_its_dome() {
    if !real_window_tests_run() {
        return;
    }
    let (dir, id) = played_to_round_two(false);
    act(
        dir.path(),
        &id,
        r#"{"action":"dismiss","hero":{"team":"skyhawks","hero":0}}"#,
    );
    for (name, window, large) in REAL_WINDOWS {
        let (mut app, size) = opened(dir.path(), &id, window, large);
        let _ = app.update(
            worldspanner::Message::Form(worldspanner::FormMsg::Hero(worldspanner::Choice {
                value: 0,
                label: String::new(),
            }))
            .into(),
        );
        let shown = real_texts(&app, size);
        // The strip's line names the hero and its whole place, in smaller type on two lines
        // where one is too short, never cut at the strip's height or edge.
        let line = shown
            .iter()
            .find(|(t, _, _)| t.ends_with(": being dismissed: choose a Dome") && !t.contains('…'))
            .unwrap_or_else(|| panic!("at {name}: no whole strip line in {shown:?}"));
        assert!(whole(&line.1, &line.2, size), "at {name}: {line:?}");
    }
}
