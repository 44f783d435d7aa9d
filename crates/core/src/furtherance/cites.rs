//! Which rules digest entry (data/rules/furtherance.json) each reason and refusal cites
//! (docs/rules.md, "Rule references"). The matches are exhaustive: a new `Rule` or a new
//! refusal does not compile until it names its entry, or says it rests on none.

use super::error::{RefusalKind, RuleError};
use super::explain::Rule;
use crate::doc::Kind;
use crate::rules::{Cites, RuleRef};

const fn entry(id: &'static str) -> RuleRef {
    RuleRef::new(Kind::Furtherance, id)
}

impl Rule {
    /// The digest entry a "Why?" or "Why not?" line on this rule links to.
    pub fn entry(self) -> RuleRef {
        entry(match self {
            Rule::TurnOrder | Rule::Hourglass => "solo-enemy-turn-order",
            Rule::MoveOrder | Rule::MoveOrderTie => "solo-move-order",
            Rule::Arrows | Rule::StopAndAttack | Rule::TargetTie => "solo-movement",
            Rule::CastleAttack => "solo-castle-assault",
            Rule::Ability => "unit-abilities",
            Rule::CastleDefence => "combat-attacking-castles",
            Rule::Reach => "ability-two-spaces",
            Rule::CounterAttack => "solo-rule-changes",
            // The setting only widens who may strike back: the rule is the counter-attack.
            Rule::StrikeBack | Rule::CounterRangeSetting => "combat-attacking-units",
            Rule::NoCounterAttacks => "ability-no-counter",
            Rule::NoAttackingNewUnits => "ability-no-new-targets",
            Rule::OneAttack => "ability-one-attack",
            Rule::EnemyCastleDefenceSetting | Rule::CastleCounters | Rule::Destroyed => {
                "solo-attacking-castles"
            }
            Rule::Death | Rule::Rescue => "combat-killing-units",
            Rule::Research | Rule::SpawnResearch | Rule::SpawnResearchTie | Rule::SpawnDeck => {
                "solo-research-spawn"
            }
            Rule::SpawnPlace => "solo-spawn-placement",
            Rule::Sacrifice => "ability-sacrifice",
            Rule::Lose | Rule::Win => "solo-ending",
            Rule::YourTurn => "turn-structure",
            Rule::Workers => "worker-actions",
            Rule::Item => "items",
        })
    }
}

impl Cites for Rule {
    fn rule(&self) -> Option<RuleRef> {
        Some(self.entry())
    }
}

impl RefusalKind {
    /// The entry a refusal of this kind cites, or none for what no rule decides.
    pub fn entry(self) -> Option<RuleRef> {
        use RefusalKind as K;
        let id = match self {
            K::GameOver => "solo-ending",
            K::NewUnit | K::Unreachable | K::Occupied => "combat-moving-units",
            K::MoveAfterAttack | K::NoAttacksLeft => "turn-structure",
            K::EnemyCastle | K::NotYourCastle => "castles-basics",
            K::OutOfReach => "combat-attacking-units",
            K::NewTarget => "ability-no-new-targets",
            K::NotNextToCastle => "combat-attacking-castles",
            K::CastleDestroyed => "solo-attacking-castles",
            K::TooManyUnits | K::NoCopies => "units-limits",
            K::NoWorkerLeft | K::CannotPay | K::NotForSale | K::NothingToDevelop => {
                "worker-actions"
            }
            K::TooManyItems | K::NoSuchItem | K::ItemNeedsUnit => "items",
            K::LeaderPowerUsed => "leaders",
            K::TooManyBuildings
            | K::TooManyUnderConstruction
            | K::DiscardBelowLimit
            | K::NoSuchBuilding => "buildings",
            // The app's order of work, a number or name that points at nothing, a bad value.
            K::AnswerFirst
            | K::EnemyTurn
            | K::NotEnemyTurn
            | K::Resolving
            | K::NothingToResolve
            | K::NoQuestion
            | K::NoSuchOption
            | K::NoSuchAnswer
            | K::NoSuchUnit
            | K::NoSuchKind
            | K::NotYours
            | K::NotEnemy
            | K::OffBoard
            | K::OwnCastle
            | K::DeckEmpty
            | K::PhysicalResearch
            | K::BadValue => return None,
        };
        Some(entry(id))
    }
}

impl Cites for RuleError {
    fn rule(&self) -> Option<RuleRef> {
        RefusalKind::from(self).entry()
    }
}

/// Every reference Furtherance can produce: each `Rule` and each refusal kind that cites one.
pub fn every_reference() -> Vec<RuleRef> {
    use strum::VariantArray;
    Rule::VARIANTS
        .iter()
        .map(|r| r.entry())
        .chain(RefusalKind::VARIANTS.iter().filter_map(|k| k.entry()))
        .collect()
}
