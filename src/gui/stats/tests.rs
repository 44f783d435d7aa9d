//! The Statistics screen, headless (iced_test): the charts, the Numbers table with the same
//! figures, the game filter, each play's BG Stats QR code, and the fit at 1024×768 with large
//! type.

use chrono::{Duration, TimeZone, Utc};

use super::*;
use crate::gui::screen::Ctx;
use crate::gui::testing::{LARGE_TYPE_1024, ScreenUnderTest, in_view, screen_test_helpers};
use crate::plays::{Facts, Player};

impl ScreenUnderTest for State {
    type Message = Message;
    fn draw(&self, ctx: &Ctx) -> Element<'_, Message> {
        self.view(ctx)
    }
    fn apply(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        self.update(message, ctx)
    }
    fn open_document(&self) -> Option<&dyn crate::gui::document::Document> {
        None
    }
}

screen_test_helpers!(1400.0);

fn play(n: usize, game: Kind, players: &[(&str, bool)]) -> Play {
    let start = Utc
        .with_ymd_and_hms(2026, 10 + (n % 2) as u32, 3 + n as u32, 19, 0, 0)
        .single()
        .expect("a time");
    Play {
        id: format!("save-{n}#1"),
        save: format!("save-{n}"),
        title: String::new(),
        game,
        date: start.date_naive(),
        start,
        end: start + Duration::minutes(80),
        minutes: 80,
        facts: Facts {
            players: players
                .iter()
                .map(|(name, winner)| Player {
                    name: name.to_string(),
                    plays: String::new(),
                    score: Some(if *winner { 50 } else { 40 }),
                    winner: *winner,
                })
                .collect(),
            result: "a result".into(),
            difficulty: None,
            settings: Default::default(),
            seed: None,
            scenario: (game == Kind::FurnaceDuel).then(|| "Britain".to_string()),
            furtherance: None,
            glory_margin: None,
        },
    }
}

fn evening() -> State {
    State::with_plays(
        vec![
            play(0, Kind::FurnaceDuel, &[("Ana", false), ("Ben", true)]),
            play(1, Kind::FurnaceDuel, &[("Ana", false), ("Ben", true)]),
            play(2, Kind::Army, &[("Ana", true), ("Cy", false)]),
        ],
        None,
    )
}

#[test]
fn the_numbers_toggle_shows_the_same_figures_as_a_table() -> Result<(), iced_test::Error> {
    let mut s = evening();
    assert!(shows(&s, "Win rate per player"), "charts first");
    assert!(!shows(&s, "Nemesis"));
    click(&mut s, NUMBERS)?;
    assert!(s.numbers);
    assert!(shows(&s, "Nemesis"));
    // Ana lost twice to Ben: the figure the chart draws, in words.
    assert!(shows(&s, "Ben (2)"));
    assert!(shows(&s, "33%"), "Ana won 1 of 3");
    click(&mut s, CHARTS)?;
    assert!(!s.numbers);
    Ok(())
}

#[test]
fn the_game_filter_counts_only_that_games_plays() -> Result<(), iced_test::Error> {
    let mut s = evening();
    assert_eq!(s.stats.plays, 3);
    click(&mut s, Kind::Army.title())?;
    assert_eq!((s.game, s.stats.plays), (Some(Kind::Army), 1));
    click(&mut s, "All games")?;
    assert_eq!(s.stats.plays, 3);
    Ok(())
}

#[test]
fn a_plays_bg_stats_button_shows_its_qr_code_and_esc_closes_it() -> Result<(), iced_test::Error> {
    let mut s = State::with_plays(
        vec![play(0, Kind::FurnaceDuel, &[("Ana", false), ("Ben", true)])],
        None,
    );
    click(&mut s, "BG Stats")?;
    assert_eq!(s.qr.as_deref(), Some("save-0#1"));
    assert!(shows(&s, "Furnace Duel campaign — send to BG Stats"));
    assert!(s.escape());
    assert_eq!(s.qr, None);
    Ok(())
}

#[test]
fn no_plays_says_when_a_game_counts() {
    let s = State::with_plays(Vec::new(), None);
    assert!(shows(
        &s,
        "No plays yet: a game counts once it is finished (won, lost or scored)."
    ));
}

#[test]
fn at_1024_with_large_type_the_toggle_a_chart_and_a_play_are_in_view() {
    let s = evening();
    for label in [NUMBERS, "Plays per month", "BG Stats", "Statistics"] {
        assert!(
            in_view(&s, LARGE_TYPE_1024, label).is_some(),
            "{label} is not whole in view at 1024x768 with large type"
        );
    }
    let mut numbers = evening();
    numbers.numbers = true;
    assert!(in_view(&numbers, LARGE_TYPE_1024, CHARTS).is_some());
}
