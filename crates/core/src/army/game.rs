//! An army game for two or four generals: each player's army list (secret until revealed), then
//! the in-play sheets, turn order, attacks, promotions, resource-card edits and the victory
//! check (Premise, Victory Conditions, Setup, Turn Actions). The board itself stays on the
//! table: the sheets do not track squares.

use serde::{Deserialize, Serialize};

use super::builder::ArmyList;
use super::error::ArmyError;
use super::follower::Follower;
use super::followers::{FollowerKind, FollowerTable};

/// A follower on the sheets: player number and follower number (both 0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FollowerRef {
    pub player: usize,
    pub index: usize,
}

/// One general's sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub name: String,
    /// The army as written before play.
    pub army: ArmyList,
    /// Whether the army list is shown on screen (lists are secret until revealed).
    #[serde(default)]
    pub revealed: bool,
    /// The army in play, once the game has started.
    #[serde(default)]
    pub followers: Vec<Follower>,
}

impl Player {
    /// Still "standing with an army": the General alive and at least one other follower alive
    /// (Victory Conditions).
    pub fn stands(&self) -> bool {
        let general = self
            .followers
            .iter()
            .any(|f| f.kind.is_general() && f.alive());
        let army = self
            .followers
            .iter()
            .any(|f| !f.kind.is_general() && f.alive());
        general && army
    }
}

/// Where the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "phase")]
pub enum Phase {
    /// Players write their armies.
    Building,
    /// Play: `turn` is the player whose turn it is.
    Playing { turn: usize },
    /// One general stands (or none, after hand edits).
    Over { winner: Option<usize> },
}

/// What an attack did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackReport {
    pub damage: u8,
    pub target_health: u8,
    pub killed: bool,
    /// The attacker earned a promotion (it killed).
    pub promotion_earned: bool,
    /// Set when this attack won the game.
    pub winner: Option<usize>,
}

/// The saved state of an army game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyGame {
    /// The follower table in use when the game was made.
    pub table: FollowerTable,
    /// Players in turn order (clockwise).
    pub players: Vec<Player>,
    pub phase: Phase,
}

impl ArmyGame {
    /// A game for two or four generals named `names`, armies still to be written.
    pub fn new(names: Vec<String>, table: FollowerTable) -> Result<ArmyGame, ArmyError> {
        if names.len() != 2 && names.len() != 4 {
            return Err(ArmyError::PlayerCount(names.len()));
        }
        let names: Vec<String> = names.into_iter().map(|n| n.trim().to_string()).collect();
        let distinct: std::collections::HashSet<&String> = names.iter().collect();
        if names
            .iter()
            .any(|n| n.is_empty() || !crate::doc::name_fits(n))
            || distinct.len() != names.len()
        {
            return Err(ArmyError::BadNames);
        }
        Ok(ArmyGame {
            table,
            players: names
                .into_iter()
                .map(|name| Player {
                    name,
                    army: ArmyList::default(),
                    revealed: true,
                    followers: Vec::new(),
                })
                .collect(),
            phase: Phase::Building,
        })
    }

    pub fn player(&self, p: usize) -> Result<&Player, ArmyError> {
        self.players.get(p).ok_or(ArmyError::NoSuchPlayer(p))
    }

    fn player_mut(&mut self, p: usize) -> Result<&mut Player, ArmyError> {
        self.players.get_mut(p).ok_or(ArmyError::NoSuchPlayer(p))
    }

    pub fn follower(&self, at: FollowerRef) -> Result<&Follower, ArmyError> {
        let player = self.player(at.player)?;
        player
            .followers
            .get(at.index)
            .ok_or_else(|| ArmyError::NoSuchFollower {
                player: player.name.clone(),
                index: at.index,
            })
    }

    pub(super) fn follower_mut(&mut self, at: FollowerRef) -> Result<&mut Follower, ArmyError> {
        let player = self.player_mut(at.player)?;
        let name = player.name.clone();
        player
            .followers
            .get_mut(at.index)
            .ok_or(ArmyError::NoSuchFollower {
                player: name,
                index: at.index,
            })
    }

    /// An army list `p` may edit now: before play, and only while shown.
    fn editable_army(
        &mut self,
        p: usize,
    ) -> Result<(&mut ArmyList, &FollowerTable, String), ArmyError> {
        if self.phase != Phase::Building {
            return Err(ArmyError::AlreadyStarted);
        }
        let player = self.players.get_mut(p).ok_or(ArmyError::NoSuchPlayer(p))?;
        if !player.revealed {
            return Err(ArmyError::Hidden {
                player: player.name.clone(),
            });
        }
        Ok((&mut player.army, &self.table, player.name.clone()))
    }

    /// `p` writes one more `kind` into their army.
    pub fn recruit(&mut self, p: usize, kind: FollowerKind) -> Result<(), ArmyError> {
        let (army, table, name) = self.editable_army(p)?;
        army.recruit(kind, table, &name)
    }

    /// `p` strikes recruit `index` off their army.
    pub fn dismiss(&mut self, p: usize, index: usize) -> Result<FollowerKind, ArmyError> {
        let (army, _, name) = self.editable_army(p)?;
        army.dismiss(index, &name)
    }

    /// Hides `p`'s army list from the screen (it is written in secret).
    pub fn hide(&mut self, p: usize) -> Result<(), ArmyError> {
        self.player_mut(p)?.revealed = false;
        Ok(())
    }

    /// Shows `p`'s army list again.
    pub fn show(&mut self, p: usize) -> Result<(), ArmyError> {
        self.player_mut(p)?.revealed = true;
        Ok(())
    }

    /// `p`'s army list as others may see it: `None` while hidden.
    pub fn visible_army(&self, p: usize) -> Option<&ArmyList> {
        self.players
            .get(p)
            .filter(|pl| pl.revealed || self.phase != Phase::Building)
            .map(|pl| &pl.army)
    }

    /// Reveals every army and starts play with `first` (who rolled highest) to move. Every
    /// army must be playable: one General, within the points.
    pub fn start(&mut self, first: usize) -> Result<(), ArmyError> {
        if self.phase != Phase::Building {
            return Err(ArmyError::AlreadyStarted);
        }
        self.player(first)?;
        for pl in &self.players {
            if let Some(problem) = pl.army.problems(&self.table).into_iter().next() {
                return Err(ArmyError::NotReady {
                    player: pl.name.clone(),
                    problem,
                });
            }
        }
        let table = self.table.clone();
        for pl in &mut self.players {
            pl.revealed = true;
            let mut counts = std::collections::HashMap::new();
            let totals = |k: FollowerKind| pl.army.recruits.iter().filter(|r| **r == k).count();
            pl.followers = pl
                .army
                .recruits
                .iter()
                .map(|k| {
                    let n = counts.entry(*k).or_insert(0);
                    *n += 1;
                    let label = if totals(*k) > 1 {
                        format!("{} {n}", k.title())
                    } else {
                        k.title().to_string()
                    };
                    Follower::new(table.stats(*k), label)
                })
                .collect();
        }
        self.phase = Phase::Playing { turn: first };
        self.check_victory();
        Ok(())
    }
}
