//! The end of a session: a score sheet prefilled from the campaign, and the result written on
//! the cards (journey points per character; on Map 11 a boss left standing means everyone lost
//! and the Last Ruin is played again, p. 39).

use chrono::NaiveDate;

use super::{Campaign, same};
use crate::near_and_far::code::MapNumber;
use crate::near_and_far::error::{RuleError, RuleResult, SheetDiff};
use crate::near_and_far::facts::Facts;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::scoring::{PlayerInput, ScoreInput, ScoreResult, TradeRouteInput};
use crate::near_and_far::session::SessionResult;

impl Campaign {
    /// A score sheet for the session in play, filled with what the campaign knows (names,
    /// talents, the map, the town side, Long Game, full cards on Map 11, threat points known
    /// from the data file).
    pub fn score_template(&self, facts: Option<&Facts>) -> RuleResult<ScoreInput> {
        let s = self.current_session().ok_or(RuleError::NoSessionToScore)?;
        let mut players = Vec::new();
        for c in &s.characters {
            let v = self.view(c)?;
            let mut threats: Vec<i32> = Vec::new();
            for level in s.threats.defeated_by(c) {
                let pts = self.cards.threat_points(level.get()).or_else(|| {
                    facts
                        .and_then(|f| f.threats.threats.iter().find(|t| t.level == level.get()))
                        .and_then(|t| t.journey_points)
                });
                threats.push(pts.unwrap_or(0));
            }
            if let Some(b) = &s.bosses {
                for d in b.defeated.iter().filter(|d| &d.by == c) {
                    let pts = self.cards.boss_points(&d.card).or_else(|| {
                        facts
                            .and_then(|f| f.threats.bosses.iter().find(|x| x.name == d.card))
                            .and_then(|x| x.journey_points)
                    });
                    threats.push(pts.unwrap_or(0));
                }
            }
            players.push(PlayerInput {
                name: c.clone(),
                camps: 0,
                artifacts: Vec::new(),
                unpurchased_artifacts: 0,
                threats,
                card_bonuses: 0,
                coins: 0,
                gems: 0,
                faction_tokens: 0,
                chiefs: 0,
                reputation: 0,
                treasures: 0,
                talents: v.talents.clone(),
                mammoth_camp: (s.map == MapNumber::MAMMOTH_JUNGLE).then_some(false),
                full_card: s.map == MapNumber::LAST_RUIN && v.card_complete,
                wins_ties: false,
            });
        }
        Ok(ScoreInput {
            map: Some(s.map),
            town: s.town,
            long_game: self.variants.long_game,
            settings: self.settings.score,
            players,
            trade_routes: Vec::<TradeRouteInput>::new(),
        })
    }

    /// Scores `sheet` for the session in play and ends it. The sheet must agree with the
    /// session's map, town side and Long Game setting (RULINGS: a score sheet is never written
    /// onto the wrong map); a sheet without a map takes the session's, so Map 10's mammoth rule
    /// and Map 11's full-card bonus apply where they belong.
    pub fn finish_session_with(
        &mut self,
        sheet: ScoreInput,
        date: NaiveDate,
    ) -> RuleResult<(ScoreResult, Vec<String>)> {
        let sheet = self.fit_score_sheet(sheet)?;
        let talents = (!self.cards.talents.is_empty()).then_some(self.cards.talents.as_slice());
        let result = sheet.score_with(talents, i32::from(self.card.full_card_bonus))?;
        let notices = self.finish_session(&result, date)?;
        Ok((result, notices))
    }

    /// The score sheet as it applies to the session in play, or the difference that makes it
    /// belong to another game.
    pub fn fit_score_sheet(&self, mut sheet: ScoreInput) -> RuleResult<ScoreInput> {
        let s = self.current_session().ok_or(RuleError::NoSessionToScore)?;
        let mut diffs = Vec::new();
        match sheet.map {
            Some(m) if m != s.map => diffs.push(SheetDiff::Map {
                sheet: m,
                session: s.map,
            }),
            _ => sheet.map = Some(s.map),
        }
        if sheet.town != s.town {
            diffs.push(SheetDiff::Town {
                sheet: sheet.town,
                session: s.town,
            });
        }
        if sheet.long_game != self.variants.long_game {
            diffs.push(SheetDiff::LongGame {
                sheet: sheet.long_game,
                campaign: self.variants.long_game,
            });
        }
        if !diffs.is_empty() {
            return Err(RuleError::ScoreSheetMismatch {
                session: s.number,
                map: s.map,
                differences: diffs,
            });
        }
        Ok(sheet)
    }

    /// Ends the session in play with its scores (matched to characters by character or player
    /// name) and writes each character's journey points on the card. On Map 11 with bosses, a
    /// boss left standing means everyone lost: no journey points are written and the Last Ruin
    /// is played again (p. 39).
    pub fn finish_session(
        &mut self,
        scores: &ScoreResult,
        date: NaiveDate,
    ) -> RuleResult<Vec<String>> {
        let session = self
            .current_session()
            .ok_or(RuleError::NoSessionToScore)?
            .clone();
        let mut points: Vec<(String, i32)> = Vec::new();
        for c in &session.characters {
            let player = self.sheet(c)?.player.clone();
            let found = scores
                .players
                .iter()
                .find(|p| same(&p.name, c) || same(&p.name, &player))
                .ok_or_else(|| RuleError::NoScoreLine {
                    character: c.clone(),
                    player: player.clone(),
                })?;
            points.push((c.clone(), found.total));
        }
        for p in &scores.players {
            let known = session
                .characters
                .iter()
                .any(|c| same(&p.name, c) || self.sheet(c).is_ok_and(|s| same(&p.name, &s.player)));
            if !known {
                return Err(RuleError::ScoredStranger {
                    name: p.name.clone(),
                });
            }
        }
        let name_of = |who: &str| -> String {
            points
                .iter()
                .find(|(c, _)| same(c, who) || self.sheet(c).is_ok_and(|s| same(&s.player, who)))
                .map(|(c, _)| c.clone())
                .unwrap_or_else(|| who.to_string())
        };
        let winners: Vec<String> = scores.winners.iter().map(|w| name_of(w)).collect();
        let bosses_defeated = session.bosses.as_ref().map(|b| b.all_defeated());
        let mut next = self.clone();
        let mut notices = Vec::new();
        if bosses_defeated == Some(false) {
            let standing = session
                .bosses
                .as_ref()
                .map(|b| b.standing.join(", "))
                .unwrap_or_default();
            notices.push(format!("{standing} still standing: every player loses, and The Last Ruin is played again (p. 39). No journey points are written for this session."));
        } else {
            for (c, pts) in &points {
                next.push(
                    c,
                    date,
                    Item::JourneyPoints {
                        session: session.number,
                        map: session.map,
                        points: *pts,
                    },
                )?;
            }
            notices.push(format!(
                "Journey points written on the cards for session {} ({}).",
                session.number, session.map
            ));
        }
        if let Some(s) = next.sessions.last_mut() {
            s.result = Some(SessionResult {
                date,
                points,
                winners,
                bosses_defeated,
            });
        }
        if let Some(champions) = next.champion() {
            notices.push(format!(
                "The campaign is over. Champion: {}.",
                champions.join(" and ")
            ));
        }
        *self = next;
        Ok(notices)
    }
}
