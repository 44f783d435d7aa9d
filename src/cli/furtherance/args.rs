//! The choices `tablemate furtherance` takes as flags (difficulty, deck, simulated player,
//! the settings where the rules leave room) and the game settings they make.

use clap::{Args, ValueEnum};

use crate::furtherance::sim::Style;
use crate::furtherance::{
    CounterRange, DeathRule, DeckMode, DestroyedCastleUnits, Difficulty, EnemyCastleDefence,
    EnemySacrifice, ReachStop, Settings,
};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DifficultyArg {
    Learner,
    Normal,
    Hard,
}

impl From<DifficultyArg> for Difficulty {
    fn from(d: DifficultyArg) -> Difficulty {
        match d {
            DifficultyArg::Learner => Difficulty::Learner,
            DifficultyArg::Normal => Difficulty::Normal,
            DifficultyArg::Hard => Difficulty::Hard,
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DeckArg {
    /// The app shuffles its own unit deck from units.json.
    Digital,
    /// You draw from the physical unit deck and tell the app which card came up.
    Physical,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DeathArg {
    /// A unit dies when its damage reaches its HP (default).
    Reaches,
    /// A unit dies only when its damage exceeds its HP.
    Exceeds,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DestroyedArg {
    /// A destroyed enemy castle's units are discarded (default).
    Discarded,
    /// They keep fighting; the castle only stops spawning.
    KeepFighting,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DefenceArg {
    /// It never defends, as the solo AI gives it no such move (default).
    Never,
    /// Its unit inside with the most health left defends.
    StrongestDefends,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StopArg {
    /// Next to one of your units, like every enemy unit (default).
    NextToYourUnit,
    /// As soon as one of your units is in reach.
    WhenInReach,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SacrificeArg {
    /// Sacrifices itself at your castle while you have a building (default).
    Sacrifices,
    /// Attacks instead.
    Attacks,
}

/// Who plays your side in `simulate` (docs/furtherance.md, "Simulated players").
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum PlayerArg {
    /// Does nothing: ends every turn and takes the offered answer (default).
    None,
    /// Picks uniformly among the legal actions, ending the turn 1 time in 4.
    Random,
    /// Attacks castles, then kills, recruits and advances by a fixed heuristic.
    Greedy,
}

impl From<PlayerArg> for Style {
    fn from(p: PlayerArg) -> Style {
        match p {
            PlayerArg::None => Style::None,
            PlayerArg::Random => Style::Random,
            PlayerArg::Greedy => Style::Greedy,
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ReachArg {
    /// An attacked unit strikes back whatever the range (default).
    AnyRange,
    /// Only within the counter-attacker's own reach.
    WithinReach,
}

/// The settings the setup window offers "where the rules leave room", one flag each, named
/// after the window's rows (docs/furtherance.md, "Choices where the rules are unclear").
#[derive(Debug, Clone, Copy, Args)]
pub struct RuleArgs {
    /// A unit dies when its damage reaches / exceeds its HP.
    #[arg(long, value_enum, default_value = "reaches")]
    death: DeathArg,
    /// A destroyed enemy castle's units are discarded / keep fighting.
    #[arg(long, value_enum, default_value = "discarded")]
    destroyed_castle_units: DestroyedArg,
    /// When you attack an enemy castle, it never defends / its strongest unit inside defends.
    #[arg(long, value_enum, default_value = "never")]
    enemy_castle_defence: DefenceArg,
    /// Enemy units that attack 2 spaces away stop next to your unit / when one is in reach.
    #[arg(long, value_enum, default_value = "next-to-your-unit")]
    two_space_units_stop: StopArg,
    /// An enemy unit that may sacrifice itself to burn a building does so at your castle /
    /// attacks instead.
    #[arg(long, value_enum, default_value = "sacrifices")]
    enemy_sacrifice: SacrificeArg,
    /// An attacked unit strikes back whatever the range / only within its own reach.
    #[arg(long, value_enum, default_value = "any-range")]
    counter_attack_reach: ReachArg,
}

pub(super) fn settings(difficulty: DifficultyArg, deck: DeckArg, rules: RuleArgs) -> Settings {
    Settings {
        difficulty: difficulty.into(),
        deck_mode: match deck {
            DeckArg::Digital => DeckMode::Digital,
            DeckArg::Physical => DeckMode::Physical,
        },
        death: match rules.death {
            DeathArg::Reaches => DeathRule::DamageReachesHp,
            DeathArg::Exceeds => DeathRule::DamageExceedsHp,
        },
        destroyed_castle_units: match rules.destroyed_castle_units {
            DestroyedArg::Discarded => DestroyedCastleUnits::Discarded,
            DestroyedArg::KeepFighting => DestroyedCastleUnits::KeepFighting,
        },
        enemy_castle_defence: match rules.enemy_castle_defence {
            DefenceArg::StrongestDefends => EnemyCastleDefence::DefendWithStrongest,
            DefenceArg::Never => EnemyCastleDefence::Never,
        },
        reach_stop: match rules.two_space_units_stop {
            StopArg::NextToYourUnit => ReachStop::WhenAdjacent,
            StopArg::WhenInReach => ReachStop::WhenInReach,
        },
        enemy_sacrifice: match rules.enemy_sacrifice {
            SacrificeArg::Sacrifices => EnemySacrifice::Sacrifices,
            SacrificeArg::Attacks => EnemySacrifice::Attacks,
        },
        counter_range: match rules.counter_attack_reach {
            ReachArg::AnyRange => CounterRange::IgnoresRange,
            ReachArg::WithinReach => CounterRange::WithinReach,
        },
    }
}
