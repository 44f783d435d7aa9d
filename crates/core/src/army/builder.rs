//! Building an army before play (Setup, Step 1: Form Your Army): exactly one General, 10
//! Follower Points to spend, the live count of points left, and the army-list file that
//! `tablemate army validate` checks. No I/O here.

use crate::datafile::DataFileError;
use serde::{Deserialize, Serialize};

use super::error::ArmyError;
use super::followers::{FOLLOWER_POINTS, FollowerKind, FollowerTable, STARTING_SQUARES};

/// The data kind of an army-list file.
pub const LIST_KIND: &str = "army-list";

/// One player's written-down army: the follower types recruited, in the order written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyList {
    pub recruits: Vec<FollowerKind>,
}

impl ArmyList {
    /// Follower Points spent.
    pub fn spent(&self, table: &FollowerTable) -> u32 {
        self.recruits.iter().map(|k| table.stats(*k).cost).sum()
    }

    /// Follower Points still to spend (0 when overspent).
    pub fn remaining(&self, table: &FollowerTable) -> u32 {
        FOLLOWER_POINTS.saturating_sub(self.spent(table))
    }

    pub fn generals(&self) -> usize {
        self.recruits.iter().filter(|k| k.is_general()).count()
    }

    /// Adds one `kind` for `player`, refusing a second General or a follower the points left
    /// cannot pay for.
    pub fn recruit(
        &mut self,
        kind: FollowerKind,
        table: &FollowerTable,
        player: &str,
    ) -> Result<(), ArmyError> {
        if kind.is_general() && self.generals() > 0 {
            return Err(ArmyError::SecondGeneral {
                player: player.to_string(),
            });
        }
        let cost = table.stats(kind).cost;
        let left = self.remaining(table);
        if cost > left {
            return Err(ArmyError::Overspend {
                player: player.to_string(),
                kind: table.stats(kind).name.clone(),
                cost,
                left,
                budget: FOLLOWER_POINTS,
            });
        }
        self.recruits.push(kind);
        Ok(())
    }

    /// Strikes recruit number `index` off the list.
    pub fn dismiss(&mut self, index: usize, player: &str) -> Result<FollowerKind, ArmyError> {
        if index >= self.recruits.len() {
            return Err(ArmyError::NoSuchFollower {
                player: player.to_string(),
                index,
            });
        }
        Ok(self.recruits.remove(index))
    }

    /// What stops this list from being played: no General, two Generals, no follower besides
    /// the General, overspending.
    pub fn problems(&self, table: &FollowerTable) -> Vec<String> {
        let mut out = Vec::new();
        match self.generals() {
            1 => {}
            0 => out.push("the army has no General: every army has exactly one".to_string()),
            n => out.push(format!(
                "the army has {n} Generals: every army has exactly one"
            )),
        }
        // "The only general left standing with an army" (Victory Conditions): a lone General
        // is not an army, so it would be out before its first turn and a game of lone Generals
        // would end as it starts. Refused (docs/army.md, "Who is out").
        if self.recruits.iter().all(|k| k.is_general()) {
            out.push(
                "the army has no followers besides its General: a lone General is not an army and would be out before its first turn (Victory Conditions)"
                    .to_string(),
            );
        }
        let spent = self.spent(table);
        if spent > FOLLOWER_POINTS {
            out.push(format!(
                "the army costs {spent} Follower Points, {} more than the {FOLLOWER_POINTS} allowed",
                spent - FOLLOWER_POINTS
            ));
        }
        out
    }

    /// Legal but worth a second look: unspent points, more pieces than starting squares.
    pub fn warnings(&self, table: &FollowerTable) -> Vec<String> {
        let mut out = Vec::new();
        let spent = self.spent(table);
        if spent < FOLLOWER_POINTS {
            out.push(format!(
                "{} of the {FOLLOWER_POINTS} Follower Points are unspent",
                FOLLOWER_POINTS - spent
            ));
        }
        if self.recruits.len() > STARTING_SQUARES {
            out.push(format!(
                "{} pieces but only {STARTING_SQUARES} starting squares: {} cannot be placed (Setup, Step 3)",
                self.recruits.len(),
                self.recruits.len() - STARTING_SQUARES
            ));
        }
        out
    }
}

/// An army written in a file: `{"data_kind": "army-list", "name": "...", "followers": [...]}`
/// with follower type names as in the table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListFile {
    // Checked by `datafile::parse` before this struct is read.
    #[allow(dead_code)]
    data_kind: String,
    #[serde(default)]
    name: Option<String>,
    followers: Vec<String>,
}

/// What `tablemate army validate` reports on an army-list file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListReport {
    pub name: Option<String>,
    /// The recognised followers, in file order.
    pub followers: Vec<FollowerKind>,
    pub budget: u32,
    pub spent: u32,
    pub remaining: u32,
    /// Why the army cannot be played (empty when `ok`).
    pub problems: Vec<String>,
    pub warnings: Vec<String>,
    pub ok: bool,
}

/// Checks an army-list file's text against `table`, collecting every problem.
pub fn check_list(text: &str, table: &FollowerTable) -> Result<ListReport, DataFileError> {
    let file: ListFile = crate::datafile::parse(text, LIST_KIND)?;
    let mut problems = Vec::new();
    let mut list = ArmyList::default();
    for (i, name) in file.followers.iter().enumerate() {
        match table.find(name) {
            Some(f) => list.recruits.push(f.kind),
            None => problems.push(format!(
                "followers[{i}]: {name:?} is not a follower type (one of {})",
                table
                    .all()
                    .iter()
                    .map(|f| f.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
    problems.extend(list.problems(table));
    let spent = list.spent(table);
    Ok(ListReport {
        name: file.name,
        warnings: list.warnings(table),
        ok: problems.is_empty(),
        followers: list.recruits,
        budget: FOLLOWER_POINTS,
        spent,
        remaining: FOLLOWER_POINTS.saturating_sub(spent),
        problems,
    })
}

/// `tablemate check` on an army-list file (against the bundled follower table).
pub fn check_list_text(text: &str) -> Result<String, DataFileError> {
    let table = FollowerTable::bundled()?;
    let r = check_list(text, &table)?;
    if r.ok {
        Ok(format!(
            "a playable army of {} pieces, {} of {} Follower Points spent",
            r.followers.len(),
            r.spent,
            r.budget
        ))
    } else {
        Err(DataFileError::whole(r.problems.join("; ")))
    }
}
