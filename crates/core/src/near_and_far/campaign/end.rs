//! The end of a session: a score sheet prefilled from the campaign, and the result written on
//! the cards (journey points per character; on Map 11 a boss left standing means everyone lost
//! and the Last Ruin is played again, p. 39).

use chrono::NaiveDate;

use super::{Campaign, same};
use crate::near_and_far::code::MapNumber;
use crate::near_and_far::error::{RuleError, RuleResult, SheetDiff};
use crate::near_and_far::facts::Facts;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::lookup::Mode;
use crate::near_and_far::scoring::{PlayerInput, ScoreInput, ScoreResult, TradeRouteInput};
use crate::near_and_far::session::{Session, SessionResult};

/// What a campaign's own records say a character brings to the score sheet of the session in
/// play: the talents on the card, the threat and boss cards taken (with their journey points
/// where known), and on Map 11 whether the card is full.
struct Records {
    character: String,
    talents: Vec<String>,
    /// Each card taken: how a player names it ("level 7", "Zag the Treasure Hunter") and its
    /// journey points if the campaign knows them.
    cards: Vec<(String, Option<i32>)>,
    /// The full-card bonus is due (Map 11 and a full card).
    full_card: bool,
    /// The session is on Map 11, the only map that scores a full card.
    last_ruin: bool,
    filled: u16,
    total: u16,
    what: &'static str,
}

impl Records {
    fn taken(&self) -> Vec<String> {
        self.cards
            .iter()
            .map(|(card, pts)| match pts {
                Some(p) => format!("{card} ({p} points)"),
                None => format!("{card} (points not known)"),
            })
            .collect()
    }

    /// The points of every card taken, when all of them are known.
    fn known_points(&self) -> Option<Vec<i32>> {
        self.cards.iter().map(|(_, p)| *p).collect()
    }
}

impl Campaign {
    /// The records of `character` for the session in play; card points from the campaign's
    /// cards, else from `facts`.
    fn records(
        &self,
        session: &Session,
        character: &str,
        facts: Option<&Facts>,
    ) -> RuleResult<Records> {
        let v = self.view(character)?;
        let mut cards = Vec::new();
        for level in session.threats.defeated_by(character) {
            let pts = self.cards.threat_points(level.get()).or_else(|| {
                facts
                    .and_then(|f| f.threats.threats.iter().find(|t| t.level == level.get()))
                    .and_then(|t| t.journey_points)
            });
            cards.push((format!("level {}", level.get()), pts));
        }
        if let Some(b) = &session.bosses {
            for d in b.defeated.iter().filter(|d| d.by == character) {
                let pts = self.cards.boss_points(&d.card).or_else(|| {
                    facts
                        .and_then(|f| f.threats.bosses.iter().find(|x| x.name == d.card))
                        .and_then(|x| x.journey_points)
                });
                cards.push((d.card.clone(), pts));
            }
        }
        let (filled, total, what) = match self.mode {
            Mode::Campaign => (v.boxes_filled, v.boxes_total, "encounter boxes filled"),
            Mode::Character => (
                u16::from(v.character_quests_read),
                u16::from(self.card.quest_lines),
                "character quests read",
            ),
        };
        Ok(Records {
            character: v.character.clone(),
            talents: v.talents.clone(),
            cards,
            full_card: session.map == MapNumber::LAST_RUIN && v.card_complete,
            last_ruin: session.map == MapNumber::LAST_RUIN,
            filled,
            total,
            what,
        })
    }

    /// On Map 11, whether `character`'s card is full by the campaign's records, and the count
    /// that says so ("12 of 30 encounter boxes filled"): the score sheet's full-card line can
    /// only say what the records say (p. 31-32). `None` off Map 11 or with no session in play.
    pub fn full_card_record(&self, character: &str) -> Option<(bool, String)> {
        let s = self.current_session()?;
        let r = self.records(s, character, None).ok()?;
        r.last_ruin.then(|| {
            (
                r.full_card,
                format!("{} of {} {}", r.filled, r.total, r.what),
            )
        })
    }

    /// A score sheet for the session in play, filled with what the campaign knows (names,
    /// talents, the map, the town side, Long Game, full cards on Map 11, threat and boss cards
    /// taken, and each count already kept with `score-player`). A card whose journey points are not known leaves that player's threats out, for
    /// the players to type.
    pub fn score_template(&self, facts: Option<&Facts>) -> RuleResult<ScoreInput> {
        let s = self.current_session().ok_or(RuleError::NoSessionToScore)?;
        let mut players = Vec::new();
        for c in &s.characters {
            // A count already kept (`score-player`, from the window or a phone) is shown as is.
            if let Some(kept) = s.score_draft.iter().find(|p| p.name == *c) {
                players.push(kept.clone());
                continue;
            }
            let r = self.records(s, c, facts)?;
            players.push(PlayerInput {
                name: c.clone(),
                camps: 0,
                artifacts: Vec::new(),
                unpurchased_artifacts: 0,
                threats: r.known_points(),
                card_bonuses: 0,
                coins: 0,
                gems: 0,
                faction_tokens: 0,
                chiefs: 0,
                reputation: 0,
                treasures: 0,
                talents: Some(r.talents),
                mammoth_camp: (s.map == MapNumber::MAMMOTH_JUNGLE).then_some(false),
                full_card: Some(r.full_card),
                wins_ties: false,
            });
        }
        Ok(ScoreInput {
            map: Some(s.map),
            town: Some(s.town),
            long_game: Some(self.variants.long_game),
            settings: self.settings.score,
            players,
            trade_routes: Vec::<TradeRouteInput>::new(),
        })
    }

    /// Scores `sheet` for the session in play and ends it. The sheet must agree with the
    /// session's map, town side and Long Game setting (RULINGS: a score sheet is never written
    /// onto the wrong map) and with the campaign's records; what it leaves out is taken from
    /// them, so Map 10's mammoth rule and Map 11's full-card bonus apply where they belong.
    pub fn finish_session_with(
        &mut self,
        sheet: ScoreInput,
        date: NaiveDate,
    ) -> RuleResult<(ScoreResult, Vec<String>)> {
        let result = self.score_sheet(sheet)?;
        let notices = self.finish_session(&result, date)?;
        Ok((result, notices))
    }

    /// Scores `sheet` for the session in play without ending it: fitted to the session and
    /// checked against the records (`fit_score_sheet`), with the campaign's own talents and
    /// full-card bonus.
    pub fn score_sheet(&self, sheet: ScoreInput) -> RuleResult<ScoreResult> {
        let sheet = self.fit_score_sheet(sheet)?;
        let talents = (!self.cards.talents.is_empty()).then_some(self.cards.talents.as_slice());
        Ok(sheet.score_with(talents, i32::from(self.card.full_card_bonus))?)
    }

    /// The score sheet as it applies to the session in play: the map, town side and Long Game
    /// it leaves out are the session's, and each player's talents, threat cards and full-card
    /// bonus it leaves out come from the records. A sheet that says otherwise is refused,
    /// naming the sheet's claim and the record (the map, town and Long Game all at once).
    pub fn fit_score_sheet(&self, mut sheet: ScoreInput) -> RuleResult<ScoreInput> {
        let s = self.current_session().ok_or(RuleError::NoSessionToScore)?;
        self.add_kept_counts(&mut sheet);
        let mut diffs = Vec::new();
        match sheet.map {
            Some(m) if m != s.map => diffs.push(SheetDiff::Map {
                sheet: m,
                session: s.map,
            }),
            _ => sheet.map = Some(s.map),
        }
        match sheet.town {
            Some(t) if t != s.town => diffs.push(SheetDiff::Town {
                sheet: t,
                session: s.town,
            }),
            _ => sheet.town = Some(s.town),
        }
        match sheet.long_game {
            Some(l) if l != self.variants.long_game => diffs.push(SheetDiff::LongGame {
                sheet: l,
                campaign: self.variants.long_game,
            }),
            _ => sheet.long_game = Some(self.variants.long_game),
        }
        if !diffs.is_empty() {
            return Err(RuleError::ScoreSheetMismatch {
                session: s.number,
                map: s.map,
                differences: diffs,
            });
        }
        let mut seen: Vec<(String, usize, String)> = Vec::new();
        for (i, p) in sheet.players.iter_mut().enumerate() {
            // A line for nobody at the table is refused when the session ends.
            let Some(c) = s.characters.iter().find(|c| {
                same(&p.name, c) || self.sheet(c).is_ok_and(|sh| same(&p.name, &sh.player))
            }) else {
                continue;
            };
            // One line per person: by player name and by character name they are the same.
            if let Some((_, first, first_name)) = seen.iter().find(|(k, _, _)| k == c) {
                return Err(RuleError::ScoredTwice {
                    character: c.clone(),
                    player: self.sheet(c)?.player.clone(),
                    at: i,
                    name: p.name.trim().to_string(),
                    first: *first,
                    first_name: first_name.clone(),
                });
            }
            seen.push((c.clone(), i, p.name.trim().to_string()));
            let r = self.records(s, c, None)?;
            fit_player(p, r)?;
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
        self.check_session_date(date)?;
        let mut points: Vec<(String, i32)> = Vec::new();
        for c in &session.characters {
            let player = self.sheet(c)?.player.clone();
            let lines: Vec<(usize, &crate::near_and_far::scoring::PlayerScore)> = scores
                .players
                .iter()
                .enumerate()
                .filter(|(_, p)| same(&p.name, c) || same(&p.name, &player))
                .collect();
            if let [(first, a), (at, b), ..] = lines[..] {
                return Err(RuleError::ScoredTwice {
                    character: c.clone(),
                    player: player.clone(),
                    at,
                    name: b.name.clone(),
                    first,
                    first_name: a.name.clone(),
                });
            }
            let found = lines
                .first()
                .map(|l| l.1)
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
        let bosses_defeated = session.bosses.as_ref().map(|b| b.all_defeated());
        // A boss left standing: every player loses (p. 39), so nobody is written as winner.
        let winners: Vec<String> = match bosses_defeated {
            Some(false) => Vec::new(),
            _ => scores.winners.iter().map(|w| name_of(w)).collect(),
        };
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

/// One player's line against the records: what it leaves out is filled, what differs refused.
fn fit_player(p: &mut PlayerInput, r: Records) -> RuleResult<()> {
    match &p.talents {
        None => p.talents = Some(r.talents.clone()),
        Some(claimed) => {
            if let Some(t) = claimed
                .iter()
                .find(|t| !r.talents.iter().any(|b| same(b, t)))
            {
                return Err(RuleError::TalentNotBought {
                    character: r.character,
                    talent: t.trim().to_string(),
                    bought: r.talents,
                });
            }
            if let Some(t) = r
                .talents
                .iter()
                .find(|b| !claimed.iter().any(|t| same(b, t)))
            {
                return Err(RuleError::TalentLeftOff {
                    character: r.character.clone(),
                    talent: t.clone(),
                    bought: r.talents.clone(),
                });
            }
        }
    }
    match &p.threats {
        None => match r.known_points() {
            Some(points) => p.threats = Some(points),
            None => {
                let cards = r
                    .cards
                    .iter()
                    .filter(|(_, pts)| pts.is_none())
                    .map(|(card, _)| card.clone())
                    .collect();
                return Err(RuleError::ThreatPointsUnknown {
                    character: r.character,
                    cards,
                });
            }
        },
        Some(claimed) => {
            // Same number of cards, and every card whose points are known among the claims.
            let mut left = claimed.clone();
            let agrees = claimed.len() == r.cards.len()
                && r.cards.iter().filter_map(|(_, pts)| *pts).all(|pts| {
                    left.iter()
                        .position(|c| *c == pts)
                        .map(|i| left.remove(i))
                        .is_some()
                });
            if !agrees {
                return Err(RuleError::ThreatCardsDiffer {
                    character: r.character.clone(),
                    sheet: claimed.clone(),
                    taken: r.taken(),
                });
            }
        }
    }
    match p.full_card {
        None => p.full_card = Some(r.full_card),
        // Off Map 11 the sheet's own check names the map (p. 31-32).
        Some(_) if !r.last_ruin => {}
        Some(true) if !r.full_card => {
            return Err(RuleError::FullCardNotEarned {
                character: r.character,
                filled: r.filled,
                total: r.total,
                what: r.what,
            });
        }
        Some(false) if r.full_card => {
            return Err(RuleError::FullCardLeftOff {
                character: r.character,
                total: r.total,
                what: r.what,
            });
        }
        Some(_) => {}
    }
    Ok(())
}
