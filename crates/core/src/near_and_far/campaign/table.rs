//! The table during a campaign: starting a session on an allowed map (special rules, quest
//! tokens, bosses announced), a late joiner's catch-up rows, and threats and bosses defeated.

use chrono::NaiveDate;

use super::{BoxCards, Campaign};
use crate::near_and_far::code::{MapNumber, QuestCode};
use crate::near_and_far::error::{RuleError, RuleResult};
use crate::near_and_far::facts::Facts;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::lookup::Mode;
use crate::near_and_far::scoring::Town;
use crate::near_and_far::session::{self, Session, UsedToken};
use crate::near_and_far::threats::{Bosses, ThreatDeck, ThreatLevel};
use crate::near_and_far::tokens;

impl Campaign {
    /// Starts a session as `start` does, first keeping the box's cards from `facts` if this
    /// campaign has none yet (a save made before cards were kept).
    pub fn start_session(
        &mut self,
        map: MapNumber,
        date: NaiveDate,
        town: Town,
        characters: &[String],
        facts: Option<&Facts>,
    ) -> RuleResult<Vec<String>> {
        if self.cards.is_empty()
            && let Some(f) = facts
        {
            self.cards = BoxCards::from_facts(f);
        }
        self.start(map, date, town, characters, None)
    }

    /// Starts a session on `map` with the characters at the table. Returns what the table must
    /// be told (special rules, quest tokens, named spaces, bosses).
    pub(super) fn start(
        &mut self,
        map: MapNumber,
        date: NaiveDate,
        town: Town,
        characters: &[String],
        seed: Option<u64>,
    ) -> RuleResult<Vec<String>> {
        let allowed = self.next_maps()?;
        if !allowed.contains(&map) {
            return Err(RuleError::MapNotNext {
                map,
                mode: self.mode,
                allowed,
            });
        }
        if self.mode == Mode::Campaign && self.variants.extra_stories {
            let owed = session::EXTRA_STORIES_SKIPS.saturating_sub(self.skipped_maps.len());
            let left_to_skip = (map.get() + 1..=10)
                .filter(|n| !self.skipped_maps.iter().any(|s| s.get() == *n))
                .count();
            if owed > left_to_skip {
                return Err(RuleError::SkipsOwed { owed, map });
            }
        }
        if !(2..=4).contains(&characters.len()) {
            return Err(RuleError::SessionPlayerCount(characters.len()));
        }
        if let Some(last) = self.sessions.last()
            && date < last.date
        {
            return Err(RuleError::SessionBeforeLast {
                date,
                last: last.number,
                began: last.date,
            });
        }
        let mut present = Vec::new();
        let mut seen = crate::datafile::FirstSeen::new();
        for (i, c) in characters.iter().enumerate() {
            let sheet = self.sheet(c)?;
            let name = sheet.character.clone();
            if sheet.retired_after.is_some() {
                return Err(RuleError::RetiredCharacter { character: name });
            }
            if let Some(first) = seen.again(name.clone(), i) {
                return Err(RuleError::ListedTwice {
                    character: name,
                    at: i,
                    first,
                });
            }
            present.push(name);
        }
        let with_bosses = map == MapNumber::LAST_RUIN
            && (self.mode == Mode::Campaign || self.settings.bosses_in_character_mode);
        let bosses = match (with_bosses, self.cards.bosses.is_empty()) {
            (true, false) => Some(Bosses::from_cards(&self.cards.bosses, present.len() as u8)),
            (true, true) => {
                return Err(RuleError::BossesUnknown);
            }
            (false, _) => None,
        };
        let mut notices: Vec<String> = session::map_notices(
            self.cards.map(map),
            self.mode,
            self.variants,
            map,
            present.len(),
        )
        .into_iter()
        .map(|r| r.text)
        .collect();
        if let Some(b) = &bosses {
            notices.push(format!("Boss cards in play: {}.", b.standing.join(", ")));
            if !b.removed.is_empty() {
                notices.push(format!(
                    "Back in the box with {} players: {}.",
                    present.len(),
                    b.removed.join(", ")
                ));
            }
        }
        if self.mode == Mode::Character && map != MapNumber::LAST_RUIN {
            for name in &present {
                let v = self.view(name)?;
                if v.character_quests_read >= self.card.open_quest_lines() {
                    notices.push(format!("{name} has read {} character quests: this session they use Arcade Mode cards for quests.", v.character_quests_read));
                }
            }
        }
        // Quest tokens (p. 9): drawn with the seed given, else the campaign's own mixed with
        // the session, so the draw is the same every time the history is replayed.
        let number = self.sessions.len() as u32 + 1;
        let token_seed = seed.unwrap_or_else(|| self.session_token_seed(number, map));
        // The first pass through the campaign: a Last Ruin lost and played again (p. 39) is
        // still the first time through, so its named spaces get tokens again.
        let first_pass = self.mode == Mode::Campaign
            && !self
                .sessions
                .iter()
                .any(|s| s.map == map && !s.result.as_ref().is_some_and(|r| r.lost_last_ruin()));
        let quest_tokens = match self.cards.map(map) {
            Some(mf) => tokens::place(
                mf,
                present.len(),
                self.variants.extra_stories,
                first_pass,
                token_seed,
            ),
            None => Vec::new(),
        };
        if !quest_tokens.is_empty() {
            let list: Vec<String> = quest_tokens.iter().map(|c| c.to_string()).collect();
            notices.push(format!(
                "Quest tokens go on spaces {}{}.",
                list.join(", "),
                if first_pass
                    && self
                        .cards
                        .map(map)
                        .is_some_and(|m| !m.named_spaces.is_empty())
                {
                    " (named spaces first: first time through the campaign)"
                } else {
                    ""
                }
            ));
        }
        notices.extend(self.catch_up_absent(&present, date)?);
        self.sessions.push(Session {
            quest_tokens,
            token_seed: Some(token_seed).filter(|_| self.cards.map(map).is_some()),
            number,
            map,
            date,
            town,
            characters: present,
            threats: ThreatDeck::new(),
            bosses,
            result: None,
            used_tokens: Vec::new(),
            score_draft: Vec::new(),
        });
        if let Some(s) = self.sessions.last() {
            notices.extend(self.setup_reminders(s).into_iter().map(|r| r.text));
        }
        Ok(notices)
    }

    /// A late joiner (p. 37): in Campaign Mode one row of boxes per session missed; in
    /// Character Mode no experience for missed games.
    pub fn add_character(
        &mut self,
        player: &str,
        character: &str,
        date: NaiveDate,
        facts: Option<&Facts>,
    ) -> RuleResult<Vec<String>> {
        if self.current_session().is_some() {
            return Err(RuleError::JoinDuringSession);
        }
        if self.is_over() {
            return Err(RuleError::CampaignOver);
        }
        let mut next = self.clone();
        next.seat(player, character, date, facts)?;
        let name = next
            .sheets
            .last()
            .map(|s| s.character.clone())
            .unwrap_or_default();
        let mut notices = Vec::new();
        match self.mode {
            Mode::Campaign => {
                let missed: Vec<u32> = self.sessions.iter().map(|s| s.number).collect();
                for m in &missed {
                    next.push(&name, date, Item::LateStartRow { missed_session: *m })?;
                }
                notices.push(format!(
                    "{name} joins late: {} filled, one per missed session (p. 37).",
                    crate::words::count(missed.len() as u64, "row of boxes", "rows of boxes")
                ));
            }
            Mode::Character => notices.push(format!(
                "{name} joins late: Character Mode gives no experience for missed games (p. 37)."
            )),
        }
        notices.extend(next.advice(facts));
        *self = next;
        Ok(notices)
    }

    /// Retires `character` between sessions: the card and its journey points stay in the
    /// books, but it plays no more sessions, no longer holds up Character Mode's Map 11, and is
    /// not a candidate for champion. Its player may join again with another character.
    pub fn retire(&mut self, character: &str, _date: NaiveDate) -> RuleResult<Vec<String>> {
        if self.current_session().is_some() {
            return Err(RuleError::RetireDuringSession);
        }
        if self.is_over() {
            return Err(RuleError::CampaignOver);
        }
        let i = self.sheet_index(character)?;
        let name = self.sheets[i].character.clone();
        if self.sheets[i].retired_after.is_some() {
            return Err(RuleError::AlreadyRetired { character: name });
        }
        let active = self
            .sheets
            .iter()
            .filter(|s| s.retired_after.is_none())
            .count();
        if active <= 2 {
            return Err(RuleError::TooFewToRetire { character: name });
        }
        self.sheets[i].retired_after = Some(self.sessions.len() as u32);
        let mut lines = vec![format!(
            "{name} retires: the card stays in the books with its journey points, but {name} plays no more sessions and cannot be champion."
        )];
        if self.mode == Mode::Character {
            lines.push(format!(
                "Map 11 no longer waits for {name}'s character quests."
            ));
        }
        lines.push(format!(
            "{} may join again with another character.",
            self.sheets[i].player
        ));
        Ok(lines)
    }

    /// `character` defeats the active threat, or with Bounty Hunting any remaining one.
    pub fn defeat_threat(
        &mut self,
        character: &str,
        level: Option<ThreatLevel>,
    ) -> RuleResult<ThreatLevel> {
        let name = self.present(character)?;
        let bounty = self.view(&name)?.has_talent("Bounty Hunting");
        let s = self.current_session_mut()?;
        Ok(match level {
            None => s.threats.defeat_active(&name)?,
            Some(l) => s.threats.defeat_level(l, &name, bounty)?,
        })
    }

    /// `character` defeats a boss card on Map 11.
    pub fn defeat_boss(&mut self, character: &str, boss: &str) -> RuleResult<String> {
        let name = self.present(character)?;
        let s = self.current_session_mut()?;
        let bosses = s.bosses.as_mut().ok_or(RuleError::BossesOnlyOnLastRuin)?;
        bosses.defeat(boss, &name)
    }

    /// `character` attempts the quest on `space`, using its quest token: the space must be a
    /// quest space of the session's map, hold one of the tokens the app drew (unless the table
    /// placed its tokens by hand), and not have had its token used already this session (a token
    /// goes back to the supply after one attempt, p. 22).
    pub fn use_quest_token(
        &mut self,
        character: &str,
        space: &QuestCode,
        tokens_by_hand: bool,
    ) -> RuleResult<()> {
        let name = self.present(character)?;
        let map = self
            .current_session()
            .map(|s| s.map)
            .ok_or(RuleError::NoSession)?;
        if let Some(mf) = self.cards.map(map)
            && !mf.quests.contains(space)
        {
            return Err(RuleError::SpaceOffMap {
                space: space.clone(),
                map,
                spaces: mf.quests.describe(),
            });
        }
        let s = self.current_session_mut()?;
        if let Some(u) = s.used_tokens.iter().find(|u| &u.space == space) {
            return Err(RuleError::TokenUsed {
                space: space.clone(),
                by: u.by.clone(),
            });
        }
        if !tokens_by_hand && !s.quest_tokens.is_empty() && !s.quest_tokens.contains(space) {
            return Err(RuleError::NoTokenThere {
                space: space.clone(),
                left: s.tokens_left(),
            });
        }
        s.used_tokens.push(UsedToken {
            space: space.clone(),
            by: name,
        });
        Ok(())
    }

    /// The character's name if it is at the table of the session in play.
    pub(crate) fn present(&self, character: &str) -> RuleResult<String> {
        let name = self.sheet(character)?.character.clone();
        let s = self.current_session().ok_or(RuleError::NoSession)?;
        if !s.characters.contains(&name) {
            return Err(RuleError::NotAtTable { character: name });
        }
        Ok(name)
    }
}
