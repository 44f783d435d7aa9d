//! A Campaign Mode or Character Mode campaign: its characters and their sheets, its sessions
//! in map order, and every action the table takes on them. Each action checks the rules and
//! either applies completely or leaves the campaign untouched with a `RuleError`.

mod play;
mod validate;

pub use play::QuestRecord;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::code::{MapNumber, QuestCode};
use super::error::{RuleError, RuleResult};
use super::facts::{CardLayout, Facts, When};
use super::index::Index;
use super::ledger::Item;
use super::lookup::{self, Lookup, LookupContext, Mode};
use super::scoring::{ScoreSettings, Town};
use super::session::{self, Session, Variants};
use super::sheet::{Sheet, SheetView};
use super::threats::{Bosses, ThreatDeck, ThreatLevel};

/// Table settings where players might read the rules differently.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The boss cards are printed for Campaign Mode (p. 39); some groups use them in Character
    /// Mode's final game too.
    #[serde(default)]
    pub bosses_in_character_mode: bool,
    #[serde(default)]
    pub score: ScoreSettings,
}

/// A campaign: what the store saves for Near and Far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    pub mode: Mode,
    #[serde(default)]
    pub variants: Variants,
    #[serde(default)]
    pub settings: Settings,
    /// The card layout when the campaign began (from the characters data file).
    #[serde(default)]
    pub card: CardLayout,
    pub sheets: Vec<Sheet>,
    #[serde(default)]
    pub sessions: Vec<Session>,
    /// Extra Stories: the maps the players chose to skip.
    #[serde(default)]
    pub skipped_maps: Vec<MapNumber>,
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

impl Campaign {
    /// Starts a campaign with `seats` (player, character). Returns advice for the table (the
    /// rulebook's character pairing recommendations, p. 9).
    pub fn new(
        mode: Mode,
        variants: Variants,
        card: CardLayout,
        seats: &[(String, String)],
        date: NaiveDate,
        facts: Option<&Facts>,
    ) -> RuleResult<(Campaign, Vec<String>)> {
        card.validate()?;
        if !(2..=4).contains(&seats.len()) {
            return Err(RuleError::new(format!(
                "Near and Far is played by 2 to 4 players, not {}",
                seats.len()
            )));
        }
        let mut c = Campaign {
            mode,
            variants,
            settings: Settings::default(),
            card,
            sheets: Vec::new(),
            sessions: Vec::new(),
            skipped_maps: Vec::new(),
        };
        for (player, character) in seats {
            c.seat(player, character, date, facts)?;
        }
        let notices = c.advice(facts);
        Ok((c, notices))
    }

    fn seat(
        &mut self,
        player: &str,
        character: &str,
        date: NaiveDate,
        facts: Option<&Facts>,
    ) -> RuleResult<()> {
        if player.trim().is_empty() {
            return Err(RuleError::new("every seat needs a player name"));
        }
        let name = match facts {
            Some(f) => f
                .character(character)
                .map(|c| c.name.clone())
                .ok_or_else(|| {
                    let names: Vec<&str> = f
                        .characters
                        .characters
                        .iter()
                        .map(|c| c.name.as_str())
                        .collect();
                    RuleError::new(format!(
                        "{character:?} is not a Near and Far character ({})",
                        names.join(", ")
                    ))
                })?,
            None if character.trim().is_empty() => {
                return Err(RuleError::new("every seat needs a character"));
            }
            None => character.trim().to_string(),
        };
        if self.sheets.iter().any(|s| same(&s.character, &name)) {
            return Err(RuleError::new(format!(
                "{name} is already in this campaign: each character has one card"
            )));
        }
        if self.sheets.iter().any(|s| same(&s.player, player)) {
            return Err(RuleError::new(format!(
                "{player} already plays a character: a player keeps the same character for the whole campaign (p. 29)"
            )));
        }
        let mut sheet = Sheet {
            character: name,
            player: player.trim().to_string(),
            joined_session: self.sessions.len() as u32 + 1,
            ledger: Default::default(),
        };
        sheet.ledger.push(date, None, Item::StartingExperience);
        self.sheets.push(sheet);
        Ok(())
    }

    fn advice(&self, facts: Option<&Facts>) -> Vec<String> {
        let Some(f) = facts else { return Vec::new() };
        if self.mode != Mode::Character {
            return Vec::new();
        }
        let has = |c: &String| self.sheets.iter().any(|s| same(&s.character, c));
        f.characters
            .recommendations
            .iter()
            .filter(|r| match r.when {
                When::Together => r.characters.iter().all(has),
                When::MoreThanTwoPlayers => self.sheets.len() > 2 && r.characters.iter().any(has),
            })
            .map(|r| format!("Advice for {}: {}", r.characters.join(" and "), r.advice))
            .collect()
    }

    pub fn sheet(&self, character: &str) -> RuleResult<&Sheet> {
        self.sheets
            .iter()
            .find(|s| same(&s.character, character) || same(&s.player, character))
            .ok_or_else(|| RuleError::new(format!("nobody in this campaign plays {character:?}")))
    }

    fn sheet_index(&self, character: &str) -> RuleResult<usize> {
        let name = self.sheet(character)?.character.clone();
        Ok(self
            .sheets
            .iter()
            .position(|s| s.character == name)
            .unwrap_or(0))
    }

    pub fn view(&self, character: &str) -> RuleResult<SheetView> {
        Ok(self.sheet(character)?.view(self.mode, self.card)?)
    }

    pub fn current_session(&self) -> Option<&Session> {
        self.sessions.last().filter(|s| !s.is_finished())
    }

    fn current_session_mut(&mut self) -> RuleResult<&mut Session> {
        self.sessions
            .last_mut()
            .filter(|s| !s.is_finished())
            .ok_or_else(|| RuleError::new("no session is being played: start one first"))
    }

    /// Adds `item` to `character`'s ledger if the sheet stays valid; returns the entry id.
    pub(crate) fn push(&mut self, character: &str, date: NaiveDate, item: Item) -> RuleResult<u32> {
        let i = self.sheet_index(character)?;
        let session = self.current_session().map(|s| s.number);
        let id = self.sheets[i].ledger.push(date, session, item);
        if let Err(e) = self.sheets[i].view(self.mode, self.card) {
            self.sheets[i].ledger.entries.pop();
            return Err(RuleError(e));
        }
        Ok(id)
    }

    /// Character Mode: every character has read its first 8 quests (p. 29).
    pub fn all_ready_for_last_ruin(&self) -> bool {
        let open = self.card.open_quest_lines();
        self.sheets.iter().all(|s| {
            s.view(self.mode, self.card)
                .is_ok_and(|v| v.character_quests_read >= open || v.story_ended)
        })
    }

    /// The maps the next session may be played on.
    pub fn next_maps(&self) -> Result<Vec<MapNumber>, String> {
        session::allowed_maps(
            self.mode,
            &self.sessions,
            &self.skipped_maps,
            self.all_ready_for_last_ruin(),
        )
    }

    pub fn is_over(&self) -> bool {
        self.sessions.iter().any(Session::won_last_ruin)
    }

    /// Extra Stories (Campaign Mode): skip `map`.
    pub fn skip_map(&mut self, map: MapNumber) -> RuleResult<()> {
        session::check_skip(
            self.mode,
            self.variants,
            &self.sessions,
            &self.skipped_maps,
            map,
        )?;
        self.skipped_maps.push(map);
        Ok(())
    }

    /// Starts a session on `map` with the characters at the table. Returns what the table must
    /// be told (special rules, quest tokens, named spaces, bosses).
    pub fn start_session(
        &mut self,
        map: MapNumber,
        date: NaiveDate,
        town: Town,
        characters: &[String],
        facts: Option<&Facts>,
    ) -> RuleResult<Vec<String>> {
        let allowed = self.next_maps()?;
        if !allowed.contains(&map) {
            let list: Vec<String> = allowed.iter().map(|m| m.get().to_string()).collect();
            let why = match self.mode {
                Mode::Campaign => "Campaign Mode plays the maps in order (p. 9)",
                Mode::Character => {
                    "Character Mode plays Maps 2-10 until every character has read 8 character quests, then Map 11 (p. 29)"
                }
            };
            return Err(RuleError::new(format!(
                "{map} cannot be played next: {why}; allowed now: {}",
                list.join(", ")
            )));
        }
        if !(2..=4).contains(&characters.len()) {
            return Err(RuleError::new(format!(
                "a session needs 2 to 4 players, not {}",
                characters.len()
            )));
        }
        let mut present = Vec::new();
        for c in characters {
            let name = self.sheet(c)?.character.clone();
            if present.contains(&name) {
                return Err(RuleError::new(format!("{name} is listed twice")));
            }
            present.push(name);
        }
        let with_bosses = map == MapNumber::LAST_RUIN
            && (self.mode == Mode::Campaign || self.settings.bosses_in_character_mode);
        let bosses = match (with_bosses, facts) {
            (true, Some(f)) => Some(Bosses::for_players(&f.threats, present.len() as u8)),
            (true, None) => {
                return Err(RuleError::new("the boss cards need the threats data file"));
            }
            (false, _) => None,
        };
        let mut notices = session::map_notices(facts, self.mode, self.variants, map, present.len());
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
        self.sessions.push(Session {
            number: self.sessions.len() as u32 + 1,
            map,
            date,
            town,
            characters: present,
            threats: ThreatDeck::new(),
            bosses,
            result: None,
        });
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
            return Err(RuleError::new(
                "a new character joins between sessions, not during one",
            ));
        }
        if self.is_over() {
            return Err(RuleError::new("the campaign is over"));
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
                    "{name} joins late: {} rows of boxes filled, one per missed session (p. 37).",
                    missed.len()
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

    /// Which paragraph `character` reads on a space showing `space` (see `lookup`). The map is
    /// the session's unless given.
    pub fn lookup(
        &self,
        character: &str,
        space: &QuestCode,
        map: Option<MapNumber>,
        index: &Index,
        facts: Option<&Facts>,
    ) -> RuleResult<Lookup> {
        let view = self.view(character)?;
        let map = map
            .or_else(|| self.current_session().map(|s| s.map))
            .ok_or_else(|| {
                RuleError::new("no session is being played: start one or say which map")
            })?;
        let pending = if self.mode == Mode::Campaign {
            view.pending_side_quests()
        } else {
            Vec::new()
        };
        let ctx = LookupContext {
            mode: self.mode,
            map,
            space: space.clone(),
            character: &view.character,
            keywords: &view.keywords,
            pending_side_quests: &pending,
            next_character_quest: view.next_quest.as_ref(),
            character_quests_read: view.character_quests_read,
            story_ended: view.story_ended,
            card: self.card,
        };
        Ok(lookup::lookup(&ctx, index, facts)?)
    }

    /// Crosses out a pending side quest (read instead of a map quest).
    pub fn cross_out_side_quest(
        &mut self,
        character: &str,
        code: &QuestCode,
        date: NaiveDate,
    ) -> RuleResult<()> {
        if self.mode != Mode::Campaign {
            return Err(RuleError::new("Character Mode ignores side quests (p. 32)"));
        }
        self.push(
            character,
            date,
            Item::SideQuestCrossedOut { code: code.clone() },
        )?;
        Ok(())
    }

    /// Buys a talent: between sessions, or during one at the Town Hall with Politics (p. 13).
    pub fn buy_talent(
        &mut self,
        character: &str,
        talent: &str,
        date: NaiveDate,
        facts: &Facts,
        at_town_hall: bool,
    ) -> RuleResult<()> {
        let t = facts
            .talent(talent)
            .ok_or_else(|| RuleError::new(format!("there is no talent called {talent:?}")))?
            .clone();
        if self.current_session().is_some() {
            let v = self.view(character)?;
            if !v.has_talent("Politics") {
                return Err(RuleError::new(
                    "talents are bought after a game and before the next one starts (p. 13); only Politics allows buying mid-game",
                ));
            }
            if !at_town_hall {
                return Err(RuleError::new(
                    "with Politics, talents are bought mid-game when visiting the Town Hall",
                ));
            }
        }
        self.push(
            character,
            date,
            Item::TalentBought {
                talent: t.name,
                cost: t.cost,
            },
        )?;
        Ok(())
    }

    /// Character Mode: writes the next quest code on the card by hand.
    pub fn write_next_quest(
        &mut self,
        character: &str,
        code: QuestCode,
        date: NaiveDate,
    ) -> RuleResult<()> {
        if code.character_prefix().is_none() {
            return Err(RuleError::new(format!(
                "{code} is not a character quest code (like R3)"
            )));
        }
        self.push(character, date, Item::NextQuest { code })?;
        Ok(())
    }

    /// Writes a keyword or side quest on the card by hand (a reward the index lacks).
    pub fn note_reward(&mut self, character: &str, item: Item, date: NaiveDate) -> RuleResult<()> {
        match &item {
            Item::KeywordGained { .. }
            | Item::KeywordLost { .. }
            | Item::ExperienceReward { .. } => {}
            Item::SideQuestGiven { .. } if self.mode == Mode::Campaign => {}
            Item::SideQuestGiven { .. } => {
                return Err(RuleError::new("Character Mode ignores side quests (p. 32)"));
            }
            other => {
                return Err(RuleError::new(format!(
                    "\"{}\" is not written by hand: use its own action",
                    other.describe()
                )));
            }
        }
        self.push(character, date, item)?;
        Ok(())
    }

    /// Corrects ledger entry `entry` of `character` (replace it, or strike it out with None).
    /// The correction is itself a dated entry with the reason; the sheet must stay possible.
    pub fn correct(
        &mut self,
        character: &str,
        entry: u32,
        reason: &str,
        replacement: Option<Item>,
        date: NaiveDate,
    ) -> RuleResult<()> {
        if reason.trim().is_empty() {
            return Err(RuleError::new("say why the entry is corrected"));
        }
        let sheet = self.sheet(character)?;
        let target = sheet.ledger.get(entry).ok_or_else(|| {
            RuleError::new(format!("{} has no ledger entry {entry}", sheet.character))
        })?;
        if let Item::JourneyPoints { .. } = target.item
            && matches!(replacement, Some(Item::JourneyPoints { .. }))
            && !matches!((&target.item, &replacement), (Item::JourneyPoints { session: a, map: m, .. }, Some(Item::JourneyPoints { session: b, map: n, .. })) if a == b && m == n)
        {
            return Err(RuleError::new(
                "a journey points correction keeps its session and map; change only the points",
            ));
        }
        self.push(
            character,
            date,
            Item::Correction {
                corrects: entry,
                reason: reason.trim().to_string(),
                replacement: replacement.map(Box::new),
            },
        )?;
        Ok(())
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
        let bosses = s
            .bosses
            .as_mut()
            .ok_or_else(|| RuleError::new("boss cards are in play on Map 11 only (p. 39)"))?;
        Ok(bosses.defeat(boss, &name)?)
    }

    /// The character's name if it is at the table of the session in play.
    pub(crate) fn present(&self, character: &str) -> RuleResult<String> {
        let name = self.sheet(character)?.character.clone();
        let s = self
            .current_session()
            .ok_or_else(|| RuleError::new("no session is being played: start one first"))?;
        if !s.characters.contains(&name) {
            return Err(RuleError::new(format!(
                "{name} is not at the table this session"
            )));
        }
        Ok(name)
    }

    /// The campaign's champion(s): the highest journey total over all maps (p. 29), once the
    /// Last Ruin is won.
    pub fn champion(&self) -> Option<Vec<String>> {
        if !self.is_over() {
            return None;
        }
        let totals: Vec<(String, i32)> = self
            .sheets
            .iter()
            .filter_map(|s| {
                s.view(self.mode, self.card)
                    .ok()
                    .map(|v| (s.character.clone(), v.journey_total))
            })
            .collect();
        let best = totals.iter().map(|t| t.1).max()?;
        Some(
            totals
                .into_iter()
                .filter(|t| t.1 == best)
                .map(|t| t.0)
                .collect(),
        )
    }
}
