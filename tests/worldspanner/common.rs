//! Shared helpers: the sample deck, hand-made cards, and games at known positions.

use tablemate::deck::{Deck, WhenEmpty};
use tablemate::worldspanner::deckfile::{SAMPLE_PATH, parse_card_line};
use tablemate::worldspanner::*;

pub fn sample() -> DeckFile {
    DeckFile::parse(tablemate::bundled::get(SAMPLE_PATH).expect("sample bundled"))
        .expect("sample deck is valid")
}

/// A card from one editor line.
pub fn card(line: &str) -> ChallengeCard {
    parse_card_line(0, line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// A card showing `face` on every row, the Hit bar everywhere or nowhere.
pub fn uniform(face: Face, hit: bool, luck: u8, domes: &str) -> ChallengeCard {
    let t = |from: Face| if face >= from { "-6" } else { "n" };
    card(&format!(
        "{} {} {} {} {} {luck} {domes}",
        t(Face::Fail),
        t(Face::Squeak),
        t(Face::Pass),
        t(Face::Amaze),
        if hit { "-6" } else { "n" }
    ))
}

pub fn h(team: TeamSide, hero: usize) -> HeroRef {
    HeroRef { team, hero }
}

pub const S: TeamSide = TeamSide::Skyhawks;
pub const P: TeamSide = TeamSide::Psiclones;

pub fn setup(size: u8, map: MapDesign, length: u8) -> Setup {
    sample::setup(map, size, length, 7).expect("a sample setup")
}

pub fn game(size: u8) -> Game {
    Game::new(setup(size, MapDesign::Standard, 10)).expect("valid setup")
}

/// Replaces `team`'s deck so the next draws are `top` (then sample cards, 36 in all).
pub fn stack(game: &mut Game, team: TeamSide, top: Vec<ChallengeCard>) {
    let mut cards = top;
    let rest = sample().cards;
    let need = 36 - cards.len();
    cards.extend(rest.into_iter().take(need));
    game.team_mut(team).deck = Deck::stacked(cards, 1, WhenEmpty::ReshuffleDiscard);
}

/// Applies an action, failing the test with the rule text if it is refused.
pub fn ok(game: &mut Game, action: Action) -> Vec<String> {
    let label = action.label(game);
    game.apply(action)
        .unwrap_or_else(|e| panic!("{label} refused: {e}"))
}

/// Plays round 1 (Reinforce only) for both teams, placing each hero in the first proposal,
/// and ends at round 2, Skyhawks' Free step.
pub fn through_round_one(game: &mut Game) {
    for team in [S, P] {
        let quota = game.reinforce_target();
        for i in 0..quota {
            ok(game, Action::Reinforce { hero: h(team, i) });
            ok(game, Action::Place { dome: None });
        }
        ok(game, Action::NextStep {});
    }
    assert_eq!(game.rounds.round, 2);
    assert_eq!(game.rounds.step, Step::Free);
}

/// Ends the step; heroes still in a Dome at the end of the Action step were surrounded
/// (Must leave a Dome, p. 9: the question is answered yes).
pub fn next_step(game: &mut Game) -> Vec<String> {
    let lines = ok(game, Action::NextStep {});
    if game.surrounded_asked.is_empty() {
        return lines;
    }
    ok(game, Action::Answer { option: 1 })
}

/// Advances to `step` of the current turn.
pub fn to_step(game: &mut Game, step: Step) {
    while game.rounds.step != step {
        next_step(game);
    }
}

/// Takes hero out of its Dome onto the map (in the Action step of its team).
pub fn leave_dome(game: &mut Game, hero: HeroRef) {
    assert_eq!(game.rounds.active, hero.team);
    to_step(game, Step::Action);
    ok(game, Action::LeaveDome { hero });
}
