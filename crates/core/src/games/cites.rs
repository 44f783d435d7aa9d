//! Every rules digest reference each game can produce (docs/rules.md, "Rule references"):
//! the union of its refusals' and its explanations' entries, each listed exhaustively by the
//! game's own `cites` module. The tests check that every one resolves in the bundled digest.

use crate::doc::Kind;
use crate::rules::RuleRef;

/// `every_reference`, one arm per game of the list (games/list.rs): each engine's own
/// `cites::every_reference`.
macro_rules! references {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        /// Every reference `kind`'s engine can name, in no particular order, duplicates
        /// removed.
        pub fn every_reference(kind: Kind) -> Vec<RuleRef> {
            let mut refs = match kind {
                $(Kind::$variant => crate::$module::cites::every_reference(),)+
            };
            refs.sort();
            refs.dedup();
            refs
        }
    };
}

crate::for_each_game!(references);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Cites, Library};

    fn unresolved(lib: &Library, refs: impl IntoIterator<Item = RuleRef>) -> Vec<String> {
        refs.into_iter()
            .filter(|r| r.resolve(lib).is_none())
            .map(|r| r.to_string())
            .collect()
    }

    #[test]
    fn every_reference_the_engines_can_produce_resolves_in_the_bundled_digest() {
        let (lib, problems) = Library::bundled();
        assert!(problems.is_empty(), "{problems:?}");
        for kind in Kind::ALL {
            let refs = every_reference(kind);
            assert!(!refs.is_empty(), "{kind} cites no rule at all");
            assert!(
                refs.iter().all(|r| r.game == kind),
                "{kind} cites another game"
            );
            let missing = unresolved(&lib, refs);
            assert!(missing.is_empty(), "no digest entry for {missing:?}");
        }
    }

    /// Random play through the public actions: every explanation the engine records and every
    /// refusal of an action tried out of turn (one taken earlier in the game, replayed on the
    /// state of now) names an entry that resolves.
    #[test]
    fn every_reference_met_in_random_furtherance_play_resolves() {
        use crate::doc::{Playable, Saved};
        use crate::furtherance::sim::{SimPlayer, Style, play_out};
        use crate::furtherance::{Game, Settings};

        let (lib, _) = Library::bundled();
        let (mut met, mut refusals, mut cited) = (Vec::new(), 0, 0);
        for seed in 1..=4 {
            let game = Game::standard(Settings::default(), seed).unwrap();
            let mut saved = Saved::new("t", "New game", game);
            let mut player = SimPlayer::new(Style::Random, seed);
            let mut taken = Vec::new();
            let mut pick = crate::rng::SeededRng::new(seed);
            play_out(&mut saved, &mut player, 10, |p| {
                let g = p.saved.current();
                for e in g.explained() {
                    for r in e.reasons.why.iter().chain(&e.reasons.why_not) {
                        met.push(r.rule().entry());
                    }
                }
                taken.push(p.action.clone());
                let old = taken[pick.below(taken.len() as u64) as usize].clone();
                if let Err(e) = Playable::act(&mut g.clone(), old) {
                    refusals += 1;
                    if let Some(r) = e.rule() {
                        cited += 1;
                        met.push(r);
                    }
                }
            })
            .unwrap();
        }
        eprintln!(
            "{refusals} refusals ({cited} cite a rule), {} references met",
            met.len()
        );
        assert!(
            refusals > 50 && cited > 10,
            "{refusals} refusals, {cited} cited"
        );
        let missing = unresolved(&lib, met.iter().copied());
        assert!(missing.is_empty(), "no digest entry for {missing:?}");
        // And the exhaustive list holds everything play met.
        let all = every_reference(Kind::Furtherance);
        assert!(met.iter().all(|r| all.contains(r)));
    }

    /// Issue 36 §4: reminders cite rules too, and the exhaustive lists hold their entries.
    #[test]
    fn the_engines_reminders_are_among_the_references_they_can_produce() {
        let has = |kind: Kind, id| every_reference(kind).contains(&RuleRef::new(kind, id));
        assert!(has(Kind::NearAndFar, "platypus"));
        assert!(has(Kind::NearAndFar, "session-setup"));
        assert!(has(Kind::FurnaceDuel, "campaign-capitalist-order"));
        assert!(has(Kind::FurnaceDuel, "bonus-new-england"));
        assert!(has(Kind::Worldspanner, "reinforce-schedule"));
        assert!(has(Kind::Worldspanner, "favor-tiles"));
        use crate::worldspanner::Step;
        for step in Step::ALL {
            assert!(step.entry().is_some(), "{step:?}'s reminder cites no rule");
        }
    }

    #[test]
    fn a_refusal_that_names_a_rule_links_its_entry() {
        use crate::furtherance::error::RuleError;
        let e = RuleError::TooManyItems;
        assert_eq!(e.rule(), Some(RuleRef::new(Kind::Furtherance, "items")));
        assert_eq!(RuleError::NoSuchUnit(3).rule(), None);
        let ws = crate::worldspanner::error::RuleError::from(
            crate::worldspanner::error::DomeError::AllFull,
        );
        assert_eq!(
            ws.rule(),
            Some(RuleRef::new(Kind::Worldspanner, "dismissal"))
        );
    }
}
