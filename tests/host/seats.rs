//! Which seat may take which action, per game (crates/core/src/seat.rs and each engine's `seats.rs`),
//! asked of states a table reaches.

use tablemate::seat::{Plays, SeatRule, Seated};
use tablemate::worldspanner::{self, HeroRef, MapDesign, TeamSide, sample};

fn worldspanner_game() -> worldspanner::Game {
    worldspanner::Game::new(sample::setup(MapDesign::Standard, 6, 10, 7).expect("setup"))
        .expect("a game")
}

#[test]
fn worldspanner_has_one_seat_per_team() {
    let seats = worldspanner_game().seats();
    let names: Vec<(&str, &Plays)> = seats.iter().map(|s| (s.name.as_str(), &s.plays)).collect();
    assert_eq!(
        names,
        [
            ("Skyhawks", &Plays::Team("Skyhawks".into())),
            ("Psiclones", &Plays::Team("Psiclones".into()))
        ]
    );
}

#[test]
fn a_worldspanner_team_acts_only_for_its_own_heroes() {
    let g = worldspanner_game();
    let hero = HeroRef {
        team: TeamSide::Psiclones,
        hero: 0,
    };
    let wound = worldspanner::Action::Wound { hero, wounds: 1 };
    assert_eq!(g.seat_of(&wound), SeatRule::Seat("Psiclones".into()));
    assert!(!g.seat_of(&wound).allows("Skyhawks"));
}

#[test]
fn only_the_active_team_ends_a_worldspanner_step_and_only_from_a_fresh_view() {
    let g = worldspanner_game();
    let next = worldspanner::Action::NextStep {};
    assert_eq!(
        g.seat_of(&next),
        SeatRule::Seat(g.rounds.active.name().into())
    );
    assert!(g.needs_fresh_view(&next));
    assert_eq!(g.seat_of(&worldspanner::Action::Reopen {}), SeatRule::Host);
}

#[test]
fn a_retired_near_and_far_character_has_no_seat() {
    let (root, id) = super::near_and_far_save();
    let store = tablemate::store::Store::open(root.path()).expect("store");
    let saved: tablemate::doc::Saved<tablemate::near_and_far::Campaign> =
        store.load(&id).expect("the campaign");
    let mut c = saved.current().clone();
    assert_eq!(c.seats().len(), 2);
    c.sheets[1].retired_after = Some(1);
    let seats = c.seats();
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0].plays, Plays::Character("Rin".into()));
}
