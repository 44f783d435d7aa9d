//! Refusals as values at the table's end of things (issue 13): threats and bosses (p. 13, 20,
//! 39), the score sheet (p. 14, 28), card points and the box's cards, each asserted as its
//! `RuleError` (or `ScoreError`) variant with its fields; and the words of a few refusals
//! pinned, since the GUI and `tablemate act` show them as they are.

use tablemate::doc::Saved;
use tablemate::near_and_far::campaign::{Action, BoxCards};
use tablemate::near_and_far::error::SheetDiff;
use tablemate::near_and_far::facts::Talent;
use tablemate::near_and_far::scoring::{PlayerAt, PlayerScore, ScoreError, ScoreResult, Town};
use tablemate::near_and_far::threats::{ThreatDeck, ThreatLevel};
use tablemate::near_and_far::{Mode, RuleError};

use crate::common::*;

fn level(n: u8) -> ThreatLevel {
    ThreatLevel::new(n).expect("a threat level")
}

// Threats and bosses (p. 13, 20, 39).

#[test]
fn a_threat_below_the_top_needs_bounty_hunting() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert_eq!(
        c.defeat_threat("Rin", Some(level(9))).unwrap_err(),
        RuleError::NeedsBountyHunting {
            top: level(4),
            level: level(9),
        }
    );
}

#[test]
fn an_empty_threat_deck_has_no_active_threat() {
    let mut d = ThreatDeck::new();
    while d.active().is_some() {
        d.defeat_active("Rin").unwrap();
    }
    assert_eq!(
        d.defeat_active("Rin").unwrap_err(),
        RuleError::NoActiveThreat
    );
    assert_eq!(
        d.defeat_level(level(7), "Rin", true).unwrap_err(),
        RuleError::ThreatGone { level: level(7) }
    );
}

#[test]
fn boss_cards_are_fought_on_map_11_only() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert_eq!(
        c.defeat_boss("Rin", "The Red King").unwrap_err(),
        RuleError::BossesOnlyOnLastRuin
    );
}

// The score sheet (p. 14, 28; RULINGS: a sheet is never written onto the wrong map).

#[test]
fn a_score_sheet_from_another_town_side_is_refused_listing_the_difference() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let mut sheet = c.score_template(Some(&facts())).unwrap();
    sheet.town = Some(Town::Day);
    let err = c.finish_session_with(sheet, day(3)).unwrap_err();
    assert_eq!(
        err,
        RuleError::ScoreSheetMismatch {
            session: 1,
            map: map(2),
            differences: vec![SheetDiff::Town {
                sheet: Town::Day,
                session: Town::Dusk,
            }],
        }
    );
    assert!(
        c.current_session().is_some(),
        "the session is still in play"
    );
}

#[test]
fn a_reputation_off_the_track_is_refused_naming_the_player() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let mut sheet = c.score_template(Some(&facts())).unwrap();
    sheet.players[1].reputation = 13;
    let err = c.finish_session_with(sheet, day(3)).unwrap_err();
    assert_eq!(
        err,
        RuleError::Score(ScoreError::OffTrack {
            at: PlayerAt {
                index: 1,
                name: "Vera".into(),
            },
            reputation: 13,
        })
    );
    assert!(
        err.to_string()
            .starts_with("players[1] (Vera): reputation 13")
    );
}

#[test]
fn every_character_at_the_table_needs_a_line_in_the_scores() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let scores = ScoreResult {
        players: vec![PlayerScore {
            name: "Rin".into(),
            lines: Vec::new(),
            total: 9,
            place: 1,
        }],
        winners: vec!["Rin".into()],
        tie_break: None,
    };
    assert_eq!(
        c.finish_session(&scores, day(3)).unwrap_err(),
        RuleError::NoScoreLine {
            character: "Vera".into(),
            player: "Ben".into(),
        }
    );
}

// Card points and the box's cards.

#[test]
fn card_points_no_card_shows_are_refused() {
    let mut c = campaign(Mode::Campaign);
    assert_eq!(
        c.set_card_points("7", 31).unwrap_err(),
        RuleError::CardPointsOutOfRange {
            points: 31,
            most: 30
        }
    );
    assert_eq!(
        c.set_card_points("3", 5).unwrap_err(),
        RuleError::NoSuchThreatLevel { level: 3 }
    );
    assert_eq!(
        c.set_card_points("Dragon", 5).unwrap_err(),
        RuleError::NoSuchCard {
            card: "Dragon".into()
        }
    );
}

#[test]
fn box_cards_a_campaign_cannot_keep_are_refused_as_invalid() {
    let mut s = Saved::new("test", "New campaign", campaign(Mode::Campaign));
    let cards = BoxCards {
        talents: vec![Talent {
            name: "Fishing".into(),
            cost: 0,
            effect: String::new(),
        }],
        ..BoxCards::default()
    };
    let err = s.act(Action::RememberCards { cards }).unwrap_err();
    let RuleError::Invalid { problem, .. } = &err else {
        panic!("expected Invalid, got {err:?}");
    };
    assert!(problem.contains("cost of 1 to 10"), "{problem}");
    assert!(err.to_string().starts_with("cards.talents[0]"), "{err}");
}

// The words a player reads stay those of the rule (GUI notice, `tablemate act` stderr).

#[test]
fn refusal_texts_name_the_rule_and_page() {
    let mismatch = RuleError::ScoreSheetMismatch {
        session: 3,
        map: map(4),
        differences: vec![
            SheetDiff::Map {
                sheet: map(5),
                session: map(4),
            },
            SheetDiff::LongGame {
                sheet: true,
                campaign: false,
            },
        ],
    };
    assert_eq!(
        mismatch.to_string(),
        "this score sheet belongs to another game than session 3 (Map 4): map: the sheet says Map 5, the session is on Map 4; long_game: the sheet says true, the campaign says false"
    );
    let not_next = RuleError::MapNotNext {
        map: map(11),
        mode: Mode::Character,
        allowed: vec![map(2), map(3)],
    };
    assert_eq!(
        not_next.to_string(),
        "Map 11 cannot be played next: Character Mode plays Maps 2-10 until every character has read 8 character quests, then Map 11 (p. 29); allowed now: 2, 3"
    );
    assert_eq!(
        RuleError::NeedsBountyHunting {
            top: level(4),
            level: level(9)
        }
        .to_string(),
        "only the top card (level 4) can be fought; fighting the level 9 threat needs the Bounty Hunting talent"
    );
    let money = ScoreError::TooMuch {
        at: PlayerAt {
            index: 0,
            name: "Rin".into(),
        },
        field: "gems",
        amount: 1000,
    };
    assert_eq!(
        RuleError::from(money).to_string(),
        "players[0] (Rin): gems: 1000 is more than a game can hold (at most 999)"
    );
    assert_eq!(
        RuleError::Invalid {
            at: "card.quest_lines".into(),
            problem: "is 0, use 1 to 40".into()
        }
        .to_string(),
        "card.quest_lines: is 0, use 1 to 40"
    );
}
