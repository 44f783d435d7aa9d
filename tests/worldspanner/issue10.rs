//! The rulings of issue 10 (docs/rulings.md, Worldspanner, updated): the Underworld reward is taken
//! at once or lost, odds are over the whole deck unless the table counts cards, the game locks
//! after Black's last turn until an explicit Reopen, and the smaller input checks.

use crate::common::*;
use crate::play::at_adventure;
use tablemate::doc::Saved;
use tablemate::worldspanner::*;

/// The adventure step with Sky2 in the Underpit (defeated in the Underpit: p. 17).
fn underworld_ready(status: HeroStatus) -> Game {
    let mut g = at_adventure();
    let mut d = g.domes.clone();
    d.vacate(h(S, 1));
    g.domes = d;
    g.hero_mut(h(S, 1)).unwrap().status = status;
    stack(
        &mut g,
        S,
        vec![
            uniform(Face::Pass, true, 2, "5-6"),
            uniform(Face::Pass, true, 2, "2"),
            uniform(Face::Pass, true, 2, "3"),
        ],
    );
    ok(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: Adventure::Underworld {},
            challenge: Challenge::new(ChallengeKind::LithAdventure, 5, 5),
        },
    );
    g
}

#[test]
fn underworld_reward_is_taken_at_once_or_lost_never_banked() {
    let mut g = underworld_ready(HeroStatus::Underpit);
    assert_eq!(g.team(S).underworld_credits, 1);
    // Placing the adventurer first is "anything else": the reward lapses.
    let lines = ok(&mut g, Action::Place { dome: None });
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Underworld reward") && l.contains("lost")),
        "{lines:?}"
    );
    assert_eq!(g.team(S).underworld_credits, 0);
    assert!(
        g.apply(Action::RaiseFromUnderpit { hero: h(S, 1) })
            .is_err(),
        "a lapsed reward cannot be spent later"
    );
    assert_eq!(g.hero(h(S, 1)).unwrap().status, HeroStatus::Underpit);
    g.validate().unwrap();
}

#[test]
fn underworld_renewal_taken_at_once_dismisses_the_renewed_hero_after_the_adventurer() {
    let mut g = underworld_ready(HeroStatus::Pit);
    let adventurer = g.pending.as_ref().unwrap().hero;
    assert_eq!(adventurer, h(S, 0));
    ok(&mut g, Action::Renew { hero: h(S, 1) });
    g.validate().unwrap();
    assert_eq!(g.hero(h(S, 1)).unwrap().renewals, 1);
    ok(&mut g, Action::Place { dome: None });
    let p = g
        .pending
        .as_ref()
        .expect("the renewed hero is dismissed in next");
    assert_eq!((p.hero, p.reason), (h(S, 1), Reason::Renewal));
    ok(&mut g, Action::Place { dome: None });
    assert!(matches!(
        g.hero(h(S, 1)).unwrap().status,
        HeroStatus::InDome { .. }
    ));
    g.validate().unwrap();
}

#[test]
fn a_save_with_a_banked_underworld_reward_does_not_validate() {
    let mut g = game(6);
    g.team_mut(S).underworld_credits = 2;
    let e = g.validate().unwrap_err();
    assert!(e.at.ends_with("].underworld_credits"), "{e}");
    assert!(e.problem.contains("never banked"), "{e}");
}

#[test]
fn odds_are_over_the_whole_deck_by_default_and_over_cards_left_as_a_labelled_setting() {
    let mut g = game(6);
    // Draw ten cards: with no card counting, the odds do not move.
    stack(&mut g, S, vec![uniform(Face::Amaze, true, 1, "1"); 10]);
    let before = g.odds(S);
    for _ in 0..10 {
        g.team_mut(S).deck.draw_to_discard().unwrap();
    }
    let whole = g.odds(S);
    assert_eq!(whole, before, "the default ignores what was drawn");
    assert_eq!(whole.cards, 36);
    assert_eq!(whole.basis, OddsOver::WholeDeck);
    assert!(whole.describe().contains("whole 36-card deck"));
    ok(
        &mut g,
        Action::OddsOver {
            over: OddsOver::CardsLeft,
        },
    );
    let left = g.odds(S);
    assert_eq!(left.cards, 26);
    assert!(left.describe().contains("26 cards left"));
    // The ten drawn cards were all Amaze: the cards left hold fewer Amazes than the deck.
    let d = Difference::try_from(0).unwrap();
    assert!(left.face(d, Face::Amaze) < whole.face(d, Face::Amaze));
    assert_eq!(
        OddsOver::CardsLeft.label(),
        "Odds over the cards left in the draw pile"
    );
}

/// Plays the last round's turns out to the end of the game.
fn finished() -> Game {
    let mut g = game(6);
    through_round_one(&mut g);
    g.rounds.round = g.rounds.length.rounds();
    while !g.rounds.finished {
        if g.rounds.step == Step::Reinforce {
            let team = g.rounds.active;
            while g.entered(team) < g.reinforce_target() {
                let i = g.entered(team);
                ok(&mut g, Action::Reinforce { hero: h(team, i) });
                ok(&mut g, Action::Place { dome: None });
            }
        }
        next_step(&mut g);
    }
    g
}

#[test]
fn the_game_is_locked_after_blacks_last_turn_until_an_explicit_undoable_reopen() {
    let g = finished();
    assert!(g.locked());
    let mut saved = Saved::new("t".to_string(), "New game", g);
    for refused in [
        Action::Gold {
            hero: h(S, 0),
            change: 1,
        },
        Action::GloryCard { team: P },
        Action::Wound {
            hero: h(P, 0),
            wounds: 1,
        },
    ] {
        assert!(saved.act(refused).is_err(), "locked after the last turn");
    }
    saved.act(Action::Reopen {}).unwrap();
    assert!(!saved.current().locked());
    saved
        .act(Action::Gold {
            hero: h(S, 0),
            change: 1,
        })
        .expect("a correction after Reopen");
    assert!(
        saved
            .act(Action::Challenge {
                team: S,
                hero: None,
                challenge: Challenge::new(ChallengeKind::Other, 5, 5),
            })
            .is_err(),
        "no more draws: the last round is over"
    );
    saved.current().validate().unwrap();
    // Undo takes back the correction, then the Reopen: locked again.
    saved.history.undo();
    saved.history.undo();
    assert!(saved.current().locked());
}

#[test]
fn a_deck_file_card_missing_a_field_is_refused_naming_the_card_and_the_field() {
    let text = tablemate::bundled::get(tablemate::worldspanner::deckfile::SAMPLE_PATH).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["cards"][16]
        .as_object_mut()
        .unwrap()
        .remove("hit_from")
        .expect("the sample states hit_from");
    let err = DeckFile::parse(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains("card 17"), "{err}");
    assert!(err.to_string().contains("hit_from"), "{err}");
    // null stays the way to write "never".
    v["cards"][16]["hit_from"] = serde_json::Value::Null;
    let file = DeckFile::parse(&v.to_string()).unwrap();
    assert!(!file.cards[16].hits(Difference::try_from(6).unwrap()));
}

#[test]
fn repeated_occupied_dome_numbers_are_an_error() {
    assert!(domes::parse_occupied("3:4,4:2").is_ok());
    let err = domes::parse_occupied("3:4, 5:1, 3:1").unwrap_err();
    assert!(
        matches!(&err, RuleError::Dome(DomeError::NumberTwice { part, first, .. })
            if part == "3:1" && first == "3:4"),
        "{err:?}"
    );
    let err = err.to_string();
    assert!(
        err.contains("\"3:1\": Domes numbered 3 are given twice, first as \"3:4\""),
        "{err}"
    );
}

#[test]
fn a_modifier_value_past_the_range_says_out_of_range() {
    let err = Modifier::parse("favor=200").unwrap_err().to_string();
    assert!(err.contains("out of range"), "{err}");
    let err = Modifier::parse("favor=x").unwrap_err().to_string();
    assert!(err.contains("not a whole number"), "{err}");
    assert_eq!(
        Modifier::parse("other=-3:Shadow cloak").unwrap(),
        Modifier::Other {
            amount: -3,
            reason: "Shadow cloak".into()
        }
    );
}

#[test]
fn a_wound_rating_over_four_is_refused() {
    let mut attack = Attack {
        hit: Challenge::new(ChallengeKind::MeleeHit, 5, 5),
        damage: Challenge::new(
            ChallengeKind::Damage {
                natural_melee: true,
            },
            5,
            5,
        ),
        wound_rating: 5,
    };
    assert!(
        attack
            .validate()
            .unwrap_err()
            .to_string()
            .contains("0 to 4")
    );
    attack.wound_rating = 4;
    attack.validate().unwrap();
}

#[test]
fn a_reopened_game_draws_no_card_for_a_dismissal_or_a_banishment() {
    let mut g = finished();
    ok(&mut g, Action::Reopen {});
    // Hero 1 is in a Dome: in play, so only the draw could stop it.
    for action in [
        Action::Dismiss { hero: h(S, 0) },
        Action::Banish { hero: h(P, 0) },
    ] {
        let before = g.clone();
        let e = g.apply(action).expect_err("no draw after the last round");
        assert_eq!(e, RuleError::Turn(TurnError::GameOver));
        assert_eq!(g, before, "nothing drawn, nothing changed");
    }
}

#[test]
fn physical_deck_odds_never_count_the_apps_stand_in_cards() {
    let mut g = game(6);
    ok(
        &mut g,
        Action::OddsOver {
            over: OddsOver::CardsLeft,
        },
    );
    through_round_one(&mut g);
    // From now on the Skyhawks draw at the table: the app's own pile is a stand-in.
    ok(
        &mut g,
        Action::DeckMode {
            team: S,
            physical: true,
        },
    );
    let odds = g.odds(S);
    assert_eq!(odds.cards, 36, "over the whole deck file");
    assert!(odds.uncounted);
    assert!(
        odds.describe().contains("cannot be counted"),
        "{}",
        odds.describe()
    );
    // A digital deck still counts the cards left.
    let digital = g.odds(P);
    assert!(!digital.uncounted);
    assert!(digital.cards < 36, "{} cards", digital.cards);
}
