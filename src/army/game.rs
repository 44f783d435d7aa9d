//! An army game for two or four generals: each player's army list (secret until revealed), then
//! the in-play sheets, turn order, attacks, promotions, resource-card edits and the victory
//! check (Premise, Victory Conditions, Setup, Turn Actions). The board itself stays on the
//! table: the sheets do not track squares.

use serde::{Deserialize, Serialize};

use super::builder::ArmyList;
use super::error::ArmyError;
use super::follower::{Follower, HandStats, Promotion};
use super::followers::{FollowerKind, FollowerTable};

/// A follower on the sheets: player number and follower number (both 0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
        if names.iter().any(|n| n.is_empty()) || distinct.len() != names.len() {
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

    fn follower_mut(&mut self, at: FollowerRef) -> Result<&mut Follower, ArmyError> {
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

    fn playing(&self) -> Result<usize, ArmyError> {
        match self.phase {
            Phase::Building => Err(ArmyError::NotStarted),
            Phase::Playing { turn } => Ok(turn),
            Phase::Over { winner } => Err(ArmyError::GameOver(match winner {
                Some(w) => format!("{} won", self.players[w].name),
                None => "no general stands".to_string(),
            })),
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Option<usize> {
        match self.phase {
            Phase::Playing { turn } => Some(turn),
            _ => None,
        }
    }

    /// `attacker` attacks `target`: the attacker's damage comes off the target's health; a
    /// kill earns the attacker a promotion (Attacking). Only on the attacker's player's turn,
    /// once per follower per turn.
    pub fn attack(
        &mut self,
        attacker: FollowerRef,
        target: FollowerRef,
    ) -> Result<AttackReport, ArmyError> {
        let turn = self.playing()?;
        let a = self.follower(attacker)?.clone();
        let t = self.follower(target)?.clone();
        if attacker.player != turn {
            return Err(ArmyError::NotYourTurn {
                current: self.players[turn].name.clone(),
                player: self.players[attacker.player].name.clone(),
            });
        }
        for f in [&a, &t] {
            if f.killed {
                return Err(ArmyError::Dead {
                    name: f.label.clone(),
                });
            }
        }
        if attacker.player == target.player {
            return Err(ArmyError::SameSide { name: a.label });
        }
        if a.attacked_this_turn {
            return Err(ArmyError::AlreadyAttacked { name: a.label });
        }
        let killed = self.follower_mut(target)?.take_damage(a.damage);
        let att = self.follower_mut(attacker)?;
        att.attacked_this_turn = true;
        if killed {
            att.promotions_earned += 1;
        }
        let winner = self.check_victory();
        Ok(AttackReport {
            damage: a.damage,
            target_health: self.follower(target)?.health,
            killed,
            promotion_earned: killed,
            winner,
        })
    }

    /// Spends one of `at`'s earned promotions.
    pub fn promote(&mut self, at: FollowerRef, promotion: Promotion) -> Result<(), ArmyError> {
        self.playing()?;
        self.follower_mut(at)?.promote(promotion)
    }

    /// Damage from outside an attack (a resource card's drawback), entered by hand.
    pub fn damage_by_hand(&mut self, at: FollowerRef, amount: u8) -> Result<bool, ArmyError> {
        self.playing()?;
        let f = self.follower_mut(at)?;
        if f.killed {
            return Err(ArmyError::Dead {
                name: f.label.clone(),
            });
        }
        let killed = f.take_damage(amount);
        self.check_victory();
        Ok(killed)
    }

    /// A resource card's change to `at`'s values, entered by hand (may pass the caps, may
    /// kill with health 0, may bring back a follower killed by mistake).
    pub fn set_by_hand(&mut self, at: FollowerRef, stats: HandStats) -> Result<(), ArmyError> {
        self.playing()?;
        self.follower_mut(at)?.set_by_hand(stats)?;
        self.check_victory();
        Ok(())
    }

    /// A resource card turns `at` into `kind`, with that type's starting values. The General
    /// is not a follower for resource cards unless the card says so: such cards go by hand.
    pub fn become_kind(&mut self, at: FollowerRef, kind: FollowerKind) -> Result<(), ArmyError> {
        self.playing()?;
        if kind.is_general() {
            return Err(ArmyError::BecomeGeneral);
        }
        let stats = self.table.stats(kind).clone();
        let f = self.follower_mut(at)?;
        if f.kind.is_general() {
            return Err(ArmyError::GeneralNotAFollower);
        }
        if f.killed {
            return Err(ArmyError::Dead {
                name: f.label.clone(),
            });
        }
        f.become_kind(&stats);
        Ok(())
    }

    /// `at` gathered a Resource Card (the card's effect is entered separately).
    pub fn gather_resource_card(&mut self, at: FollowerRef) -> Result<(), ArmyError> {
        self.playing()?;
        let f = self.follower_mut(at)?;
        if f.killed {
            return Err(ArmyError::Dead {
                name: f.label.clone(),
            });
        }
        f.resource_cards += 1;
        Ok(())
    }

    /// Ends the current turn: the next general clockwise who still stands plays.
    pub fn end_turn(&mut self) -> Result<usize, ArmyError> {
        let turn = self.playing()?;
        for f in self.players.iter_mut().flat_map(|p| p.followers.iter_mut()) {
            f.attacked_this_turn = false;
        }
        let n = self.players.len();
        let next = (1..=n)
            .map(|k| (turn + k) % n)
            .find(|p| self.players[*p].stands())
            .unwrap_or(turn);
        self.phase = Phase::Playing { turn: next };
        Ok(next)
    }

    /// The generals still standing with an army.
    pub fn standing(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|p| self.players[*p].stands())
            .collect()
    }

    /// Ends the game when at most one general stands with an army; returns the winner.
    fn check_victory(&mut self) -> Option<usize> {
        if !matches!(self.phase, Phase::Playing { .. }) {
            return None;
        }
        let standing = self.standing();
        match standing.as_slice() {
            [one] => {
                self.phase = Phase::Over { winner: Some(*one) };
                Some(*one)
            }
            [] => {
                self.phase = Phase::Over { winner: None };
                None
            }
            _ => None,
        }
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<usize> {
        match self.phase {
            Phase::Over { winner } => winner,
            _ => None,
        }
    }
}
