//! One player's end-of-game count entered on its own (`score-player`, the window's column, a
//! phone's own column): checked against the records the moment it is entered (talents, threat
//! and boss cards taken, a full card on Map 11), kept with the session in play, and added up
//! with the others so the table sees the totals and the winner before anything is written on
//! the cards. `finish-session` takes the counts kept for every player its sheet leaves out.

use serde::Serialize;

use super::{Campaign, same};
use crate::near_and_far::error::{RuleError, RuleResult};
use crate::near_and_far::scoring::{PlayerInput, ScoreInput, ScoreResult};

/// The score sheet of the session in play as far as it has been counted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Counted {
    /// The counts kept so far, scored together (trade routes are added when the session is
    /// finished); `None` before anyone's count is in.
    pub result: Option<ScoreResult>,
    /// The characters at the table whose count is not in yet.
    pub still_to_count: Vec<String>,
}

impl Counted {
    /// The lines a player reads: each total so far, who is still to count, and once every
    /// count is in, who wins before trade routes.
    pub fn text_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(r) = &self.result {
            for p in &r.players {
                out.push(format!(
                    "{}: {}",
                    p.name,
                    crate::near_and_far::scoring::points(p.total)
                ));
            }
        }
        if self.still_to_count.is_empty() {
            if let Some(r) = &self.result {
                out.push(format!(
                    "Every count is in. Winner so far (before trade routes): {}",
                    r.winners.join(" and ")
                ));
            }
        } else {
            out.push(format!(
                "Still to count: {}",
                self.still_to_count.join(", ")
            ));
        }
        out
    }
}

impl Campaign {
    /// Keeps `count` as its player's line of the session's score sheet, replacing an earlier
    /// one. The name may be the character's or the player's; the line is kept under the
    /// character's name. What it leaves out (talents, threat cards, full card) comes from the
    /// records, what it claims must agree with them, and the sheet must still add up.
    pub fn score_player(&mut self, mut count: PlayerInput) -> RuleResult<Vec<String>> {
        let s = self.current_session().ok_or(RuleError::NoSessionToScore)?;
        let character = self.sheet(&count.name)?.character.clone();
        if !s.characters.contains(&character) {
            return Err(RuleError::ScoredStranger {
                name: count.name.trim().to_string(),
            });
        }
        count.name = character.clone();
        let mut draft: Vec<PlayerInput> = s
            .score_draft
            .iter()
            .filter(|p| p.name != character)
            .cloned()
            .collect();
        draft.push(count);
        // In the order of the table, so the sheet reads the same whoever counted first.
        draft.sort_by_key(|p| s.characters.iter().position(|c| *c == p.name));
        let sheet = self.fit_score_sheet(ScoreInput {
            players: draft,
            ..self.empty_sheet()
        })?;
        let result = self.score_counts(sheet.players.clone())?;
        let total = result.total_of(&character).unwrap_or_default();
        let session = self.current_session_mut()?;
        session.score_draft = sheet.players;
        let mut lines = vec![format!(
            "{character}'s count kept: {}.",
            crate::near_and_far::scoring::points(total)
        )];
        lines.extend(self.counted().text_lines());
        Ok(lines)
    }

    /// The session's score sheet as far as it has been counted with `score_player`.
    pub fn counted(&self) -> Counted {
        let Some(s) = self.current_session() else {
            return Counted {
                result: None,
                still_to_count: Vec::new(),
            };
        };
        let still_to_count = s
            .characters
            .iter()
            .filter(|c| !s.score_draft.iter().any(|p| p.name == **c))
            .cloned()
            .collect();
        let result = (!s.score_draft.is_empty())
            .then(|| self.score_counts(s.score_draft.clone()).ok())
            .flatten();
        Counted {
            result,
            still_to_count,
        }
    }

    fn empty_sheet(&self) -> ScoreInput {
        ScoreInput {
            settings: self.settings.score,
            ..ScoreInput::default()
        }
    }

    /// Scores the counts in so far. A sheet needs two players (p. 4): while only one count is
    /// in, it is scored beside an empty line that is left out of the result.
    fn score_counts(&self, players: Vec<PlayerInput>) -> RuleResult<ScoreResult> {
        const NOBODY_YET: &str = "(nobody yet)";
        let mut sheet = ScoreInput {
            players,
            ..self.empty_sheet()
        };
        let alone = sheet.players.len() < 2;
        if alone {
            sheet.players.push(PlayerInput {
                name: NOBODY_YET.to_string(),
                camps: 0,
                artifacts: Vec::new(),
                unpurchased_artifacts: 0,
                threats: Some(Vec::new()),
                card_bonuses: 0,
                coins: 0,
                gems: 0,
                faction_tokens: 0,
                chiefs: 0,
                reputation: 0,
                treasures: 0,
                talents: Some(Vec::new()),
                mammoth_camp: None,
                full_card: None,
                wins_ties: false,
            });
        }
        let mut result = self.score_sheet(sheet)?;
        if alone {
            result.players.retain(|p| p.name != NOBODY_YET);
            result.winners.retain(|w| w != NOBODY_YET);
        }
        Ok(result)
    }

    /// The counts kept for the session in play that `sheet` has no line for (by character or
    /// player name): a sheet that leaves a player out takes the count they entered.
    pub(super) fn add_kept_counts(&self, sheet: &mut ScoreInput) {
        let Some(s) = self.current_session() else {
            return;
        };
        for kept in &s.score_draft {
            let player = self
                .sheet(&kept.name)
                .map(|sh| sh.player.clone())
                .unwrap_or_default();
            let named = sheet
                .players
                .iter()
                .any(|p| same(&p.name, &kept.name) || same(&p.name, &player));
            if !named {
                sheet.players.push(kept.clone());
            }
        }
    }
}
