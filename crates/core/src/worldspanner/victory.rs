//! Victory bookkeeping: victory markers on the Faction keys' adventure spaces (capture, p. 14),
//! favor tiles at 3 and 4 markers (p. 16), the Lith tribute track with its subtraction rule and
//! Lith's Favor at 3 and 8 (p. 17), glory cards, and the glory count at game end with the
//! tie-breakers (VICTORY, p. 5), explained line by line.

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::challenge::LithFavor;
use super::error::{AdventureError, RuleError};
use super::team::TeamSide;

/// The nine factions and their keys (FACTIONS; Set 1 has the first seven).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, VariantArray,
)]
#[serde(rename_all = "kebab-case")]
pub enum Faction {
    Lords,
    Warriors,
    Defenders,
    Villains,
    Icons,
    Outcasts,
    Commoners,
    Exemplars,
    Adventurers,
}

impl std::fmt::Display for Faction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Faction {
    /// Every faction, as declared: Set 1's seven first.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn name(self) -> &'static str {
        match self {
            Faction::Lords => "Lords",
            Faction::Warriors => "Warriors",
            Faction::Defenders => "Defenders",
            Faction::Villains => "Villains",
            Faction::Icons => "Icons",
            Faction::Outcasts => "Outcasts",
            Faction::Commoners => "Commoners",
            Faction::Exemplars => "Exemplars",
            Faction::Adventurers => "Adventurers",
        }
    }

    /// The key where this faction is at home.
    pub fn key_name(self) -> &'static str {
        match self {
            Faction::Lords => "Crown District",
            Faction::Warriors => "Steel Bastion",
            Faction::Defenders => "Watchman Keep",
            Faction::Villains => "Dreadmark",
            Faction::Icons => "Celestial Theatre",
            Faction::Outcasts => "Smugglers Den",
            Faction::Commoners => "Green Vale",
            Faction::Exemplars => "Hope Hospice",
            Faction::Adventurers => "Lostlight Society",
        }
    }

    /// Accepts the faction's name or its key's name, any case.
    pub fn parse(s: &str) -> Option<Faction> {
        let t = s.trim().to_ascii_lowercase().replace(['\'', '-'], " ");
        Faction::ALL.iter().copied().find(|f| {
            f.name().to_ascii_lowercase() == t
                || f.key_name().to_ascii_lowercase().replace('\'', " ") == t
        })
    }
}

/// Adventure spaces on a Faction key (four: all four give the favor tile's 4 side, p. 16).
pub const SPACES_PER_KEY: usize = 4;

/// Victory markers on one Faction key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FactionKey {
    pub faction: Faction,
    pub spaces: [Option<TeamSide>; SPACES_PER_KEY],
}

/// What a capture did (Capturing a faction adventure, p. 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Capture {
    /// The space was empty: our marker goes on it.
    Placed,
    /// The enemy's marker was there: it comes off, ours does not go on.
    RemovedEnemy,
    /// Ours was already there.
    AlreadyOurs,
}

/// A favor tile's side (Gaining faction favor, p. 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FavorSide {
    /// 3 markers: a bonus for the team's heroes of that faction.
    Three,
    /// 4 markers: a bonus for every hero of the team, more for that faction's.
    Four,
}

impl FactionKey {
    pub fn new(faction: Faction) -> FactionKey {
        FactionKey {
            faction,
            spaces: [None; SPACES_PER_KEY],
        }
    }

    pub fn capture(&mut self, space: usize, team: TeamSide) -> Result<Capture, RuleError> {
        let faction = self.faction;
        let slot = self
            .spaces
            .get_mut(space)
            .ok_or(AdventureError::NoSuchKeySpace { faction, space })?;
        Ok(match *slot {
            None => {
                *slot = Some(team);
                Capture::Placed
            }
            Some(t) if t == team => Capture::AlreadyOurs,
            Some(_) => {
                *slot = None;
                Capture::RemovedEnemy
            }
        })
    }

    pub fn markers(&self, team: TeamSide) -> usize {
        self.spaces.iter().filter(|s| **s == Some(team)).count()
    }

    /// The favor tile side `team` holds, if any: it follows the marker count at all times.
    pub fn favor(&self, team: TeamSide) -> Option<FavorSide> {
        match self.markers(team) {
            4.. => Some(FavorSide::Four),
            3 => Some(FavorSide::Three),
            _ => None,
        }
    }

    /// The team with more markers, if any (glory 1 to 5).
    pub fn leader(&self) -> Option<TeamSide> {
        let (s, p) = (
            self.markers(TeamSide::Skyhawks),
            self.markers(TeamSide::Psiclones),
        );
        match s.cmp(&p) {
            std::cmp::Ordering::Greater => Some(TeamSide::Skyhawks),
            std::cmp::Ordering::Less => Some(TeamSide::Psiclones),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// Tribute to Lith: one marker on Lith's Chamber, owned by one team at a time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LithTribute {
    pub holder: Option<TeamSide>,
    pub amount: u32,
}

impl LithTribute {
    /// `team` gives `n` tribute. Against the other team's tribute it subtracts first; any
    /// excess flips the marker to `team`; at zero the marker comes off (p. 17).
    /// Tribute that would pass the top of the count is refused, nothing changed.
    pub fn give(&mut self, team: TeamSide, n: u32) -> Result<(), super::error::RuleError> {
        match self.holder {
            None => {
                self.holder = Some(team);
                self.amount = n;
            }
            Some(h) if h == team => {
                self.amount =
                    super::error::add_up(|| format!("{team}'s Lith tribute"), self.amount, n)?
            }
            Some(_) if n < self.amount => self.amount -= n,
            Some(_) => {
                self.amount = n - self.amount;
                self.holder = Some(team);
            }
        }
        if self.amount == 0 {
            self.holder = None;
        }
        Ok(())
    }

    /// `team`'s tribute (0 unless it holds the marker).
    pub fn of(&self, team: TeamSide) -> u32 {
        if self.holder == Some(team) {
            self.amount
        } else {
            0
        }
    }

    /// Lith's Favor: +1 from 3 tribute, +2 from 8.
    pub fn favor(&self, team: TeamSide) -> Option<LithFavor> {
        match self.of(team) {
            8.. => Some(LithFavor::Plus2),
            3..=7 => Some(LithFavor::Plus1),
            _ => None,
        }
    }
}

/// What the glory count needs to know about one team at game end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamTally {
    pub heroes_in_underpit: u32,
    /// Heroes in the Pit or the Underpit.
    pub heroes_defeated: u32,
    /// Summed wide, so twelve heroes' gold or wounds never wrap or stick at a top.
    pub gold_on_undefeated: u64,
    pub wounds_on_undefeated: u64,
    /// Lith glory cards revealed and set aside (Glory cards).
    pub glory_cards: u32,
}

/// The game-end count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GloryReport {
    /// Skyhawks, Psiclones (counted wide: glory cards come from a player's count).
    pub glory: [u64; 2],
    /// `None` is a tie.
    pub winner: Option<TeamSide>,
    pub lines: Vec<String>,
}

/// Counts glory (VICTORY, p. 5) and, on a tie, applies the tie-breakers in order.
pub fn count_glory(
    keys: &[FactionKey],
    lith: &LithTribute,
    tallies: [TeamTally; 2],
) -> GloryReport {
    let mut glory = [0u64; 2];
    let mut lines = Vec::new();
    for key in keys {
        let (s, p) = (
            key.markers(TeamSide::Skyhawks),
            key.markers(TeamSide::Psiclones),
        );
        match key.leader() {
            Some(t) => {
                glory[t.index()] += 1;
                lines.push(format!(
                    "{}: markers Skyhawks {s}, Psiclones {p}: 1 glory to {t}",
                    key.faction.key_name()
                ));
            }
            None => lines.push(format!(
                "{}: markers Skyhawks {s}, Psiclones {p}: tied, no glory",
                key.faction.key_name()
            )),
        }
    }
    match lith.holder {
        Some(t) => {
            glory[t.index()] += 1;
            lines.push(format!(
                "Tribute to Lith: {t} gave {} more: 1 glory to {t}",
                lith.amount
            ));
        }
        None => lines.push("Tribute to Lith: even, no glory".to_string()),
    }
    for t in TeamSide::BOTH {
        let tally = tallies[t.index()];
        if tally.heroes_in_underpit == 0 {
            glory[t.index()] += 1;
            lines.push(format!(
                "No One Deep Down: no {t} hero in the Underpit: 1 glory to {t}"
            ));
        } else {
            lines.push(format!(
                "No One Deep Down: {} in the Underpit: no glory",
                crate::words::count(
                    tally.heroes_in_underpit as u64,
                    &format!("{t} hero"),
                    &format!("{t} heroes")
                )
            ));
        }
    }
    for t in TeamSide::BOTH {
        let cards = tallies[t.index()].glory_cards;
        if cards > 0 {
            glory[t.index()] += u64::from(cards);
            lines.push(format!("Glory cards: {t} achieved {cards}: {cards} glory"));
        }
    }
    lines.push(format!(
        "Glory: Skyhawks {}, Psiclones {}",
        glory[0], glory[1]
    ));
    let winner = if glory[0] != glory[1] {
        let w = if glory[0] > glory[1] {
            TeamSide::Skyhawks
        } else {
            TeamSide::Psiclones
        };
        lines.push(format!("{w} win on glory"));
        Some(w)
    } else {
        tie_break(&tallies, &mut lines)
    };
    GloryReport {
        glory,
        winner,
        lines,
    }
}

fn tie_break(tallies: &[TeamTally; 2], lines: &mut Vec<String>) -> Option<TeamSide> {
    type Rule = (&'static str, fn(&TeamTally) -> u64, bool);
    let rules: [Rule; 3] = [
        (
            "gold carried by undefeated heroes",
            |t| t.gold_on_undefeated,
            true,
        ),
        ("heroes defeated", |t| u64::from(t.heroes_defeated), false),
        (
            "wounds on undefeated heroes",
            |t| t.wounds_on_undefeated,
            false,
        ),
    ];
    for (what, value, more_wins) in rules {
        let (s, p) = (value(&tallies[0]), value(&tallies[1]));
        if s == p {
            lines.push(format!(
                "Tie-breaker, {what}: Skyhawks {s}, Psiclones {p}: still tied"
            ));
            continue;
        }
        let skyhawks_win = (s > p) == more_wins;
        let w = if skyhawks_win {
            TeamSide::Skyhawks
        } else {
            TeamSide::Psiclones
        };
        lines.push(format!(
            "Tie-breaker, {what} ({} wins): Skyhawks {s}, Psiclones {p}: {w} win",
            if more_wins { "more" } else { "fewer" }
        ));
        return Some(w);
    }
    lines.push("Every tie-breaker is equal: the game is a tie".to_string());
    None
}
