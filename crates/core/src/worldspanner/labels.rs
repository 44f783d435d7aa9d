//! History labels: every action names who did what, so the undo list reads like a game log
//! ("Skyhawks: Rizzik tries Watchman Keep Task (space 2)").

use super::challenge::ChallengeKind;
use super::game::Game;
use super::play::Action;
use super::team::HeroRef;
use crate::words;

impl Action {
    /// The history label: "Skyhawks: Rizzik tries Watchman Keep Task (space 2)".
    pub fn label(&self, game: &Game) -> String {
        let n = |h: &HeroRef| game.name(*h);
        match self {
            // With heroes still in a Dome the step does not end yet: the team is asked
            // whether they were surrounded (Must leave a Dome, p. 9).
            Action::NextStep {}
                if game.surrounded_asked.is_empty() && !game.still_in_domes().is_empty() =>
            {
                format!(
                    "{}: end the Action step? Asked whether the heroes in a Dome were surrounded",
                    game.rounds.active
                )
            }
            Action::NextStep {} => format!(
                "{}: {} step done",
                game.rounds.active,
                game.rounds.step.name()
            ),
            Action::Reinforce { hero } => format!("{} Reinforce: {} enters", hero.team, n(hero)),
            Action::Dismiss { hero } => format!("{}: dismiss {}", hero.team, n(hero)),
            Action::Banish { hero } => format!("{}: {} is banished", hero.team, n(hero)),
            Action::Place { dome } => {
                let who = game.pending.as_ref().map_or("hero".into(), |p| n(&p.hero));
                match dome {
                    Some(d) => format!("{who} placed in {d}"),
                    None => format!("{who} placed in the proposed Dome"),
                }
            }
            Action::Answer { option } if !game.surrounded_asked.is_empty() => {
                let team = game.rounds.active;
                match option {
                    1 => format!("{team}: heroes in a Dome were surrounded; Action step done"),
                    2 => format!("{team}: heroes in a Dome move out first"),
                    n => format!("{team}: surround question, answer {n}"),
                }
            }
            Action::Answer { option } => {
                let who = game.pending.as_ref().map_or("hero".into(), |p| n(&p.hero));
                let dome = game.pending.as_ref().and_then(|p| {
                    game.free_domes(&p.candidates)
                        .get(option.wrapping_sub(1))
                        .copied()
                });
                match dome {
                    Some(d) => format!("{who} placed in {d}"),
                    None => format!("{who}: Dome question, answer {option}"),
                }
            }
            Action::LeaveDome { hero } => format!("{}: {} leaves the Dome", hero.team, n(hero)),
            Action::Move { hero } => format!("{}: {} moves", hero.team, n(hero)),
            Action::PassMelee { hero } => {
                format!("{}: {} makes no melee attack", hero.team, n(hero))
            }
            Action::Challenge {
                team,
                hero,
                challenge,
            } => format!(
                "{team}: {}{}challenge, {} against {}",
                hero.map(|h| format!("{} ", n(&h))).unwrap_or_default(),
                // "Rizzik challenge", not "Rizzik Challenge challenge", for any other kind.
                match challenge.kind {
                    ChallengeKind::Other => String::new(),
                    kind => format!("{} ", kind.name()),
                },
                challenge.rating,
                challenge.against
            ),
            Action::Adventure {
                hero, adventure, ..
            } => format!("{}: {} tries {}", hero.team, n(hero), adventure.name()),
            Action::Paid { hero, paid } => format!(
                "{}: {} pays for {}{}",
                hero.team,
                n(hero),
                paid.kind.name(),
                paid.key
                    .map(|(f, s)| format!(" at {} space {}", f.key_name(), s.saturating_add(1)))
                    .unwrap_or_default()
            ),
            Action::Attack {
                attacker, target, ..
            } => format!(
                "{}: {} attacks {}",
                attacker.team,
                n(attacker),
                target.map_or("a minion or other target".into(), |t| n(&t))
            ),
            Action::Wound { hero, wounds } => {
                format!("{}: {}", n(hero), words::count(*wounds, "wound", "wounds"))
            }
            Action::Heal { hero, wounds } => {
                format!(
                    "{}: heal {}",
                    n(hero),
                    words::count(*wounds, "wound", "wounds")
                )
            }
            Action::GainBoosts { hero, boosts } => {
                format!("{}: +{}", n(hero), words::count(*boosts, "Boost", "Boosts"))
            }
            Action::UseBoost { hero } => format!("{}: uses a Boost", n(hero)),
            Action::Gold { hero, change } => format!("{}: {change:+} gold", n(hero)),
            Action::Capture {
                team,
                faction,
                space,
            } => format!(
                "{team}: capture {} space {}",
                faction.key_name(),
                space.saturating_add(1)
            ),
            Action::Tribute { team, amount } => format!("{team}: {amount} tribute to Lith"),
            Action::GloryCard { team } => format!("{team}: glory card achieved"),
            Action::PickUp { hero, pile, gold } => {
                let place = game
                    .loot
                    .get(*pile)
                    .map_or(format!("from loot pile {pile}"), |l| l.place(game));
                match gold {
                    Some(g) => format!("{}: {} picks up {g} gold {place}", hero.team, n(hero)),
                    None => format!("{}: {} picks up the gold {place}", hero.team, n(hero)),
                }
            }
            Action::RaiseFromUnderpit { hero } => {
                format!("{}: {} moves up to the Pit", hero.team, n(hero))
            }
            Action::Renew { hero } => format!("{}: {} is renewed", hero.team, n(hero)),
            Action::Deck { team, tool } => tool.label(&format!("{team} deck")),
            Action::DeckMode { team, physical } => format!(
                "{team}: {} deck",
                if *physical { "physical" } else { "digital" }
            ),
            Action::Read { then, .. } => then.label(game),
            Action::ReadDomes { domes } => format!("card read: Domes {domes}"),
            Action::Reopen {} => "game reopened for corrections".into(),
            Action::OddsOver { over } => over.label().into(),
            Action::ReplaceDeck { team, name, .. } => {
                format!("{team}: challenge deck replaced by {name:?}")
            }
        }
    }
}
