//! A Campaign Mode or Character Mode campaign: its characters and their sheets, its sessions
//! in map order, and every action the table takes on them. Each action checks the rules and
//! either applies completely or leaves the campaign untouched with a `RuleError`.

mod action;
mod card;
mod cards;
mod choice;
mod count;
mod end;
mod in_play;
mod letters;
mod play;
mod reminders;
mod table;
mod validate;

pub use action::Action;
pub use cards::{BoxCards, MAX_CARD_POINTS, MAX_THREAT_NAME};
pub use count::Counted;
pub use in_play::{AtTable, BossesInPlay, GameEnd, SessionInPlay, Taken, ThreatCard, TokensInPlay};
pub use play::QuestRecord;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::code::MapNumber;
use super::error::{RuleError, RuleResult};
use super::facts::{CardLayout, Facts, When};
use super::ledger::Item;
use super::lookup::Mode;
use super::scoring::ScoreSettings;
use super::session::{self, Session, Variants};
use super::sheet::{Sheet, SheetView};

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
    /// Not in the rulebook (docs/near-and-far.md, "Absent players"): in Campaign Mode a
    /// character back after missing sessions gets a row of boxes per session missed, as a late
    /// joiner does (p. 37). Off unless the table turns it on.
    #[serde(default)]
    pub catch_up_absent: bool,
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
    /// The box's cards (talents, threats, bosses, maps) as this campaign uses them.
    #[serde(default)]
    pub cards: BoxCards,
    /// The campaign's own random seed for the quest-token draws, chosen when it began (see
    /// `with_token_seed`); each session's draw mixes in its number and map. Campaigns saved
    /// before it was kept have none and keep drawing from the session number and map alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_seed: Option<u64>,
}

/// A session takes at most 4 players (p. 4), so a campaign plays at most 4 characters at once.
pub const MAX_CHARACTERS: usize = 4;

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
        card.validate()
            .map_err(|e| RuleError::from(e.within("card")))?;
        if !(2..=4).contains(&seats.len()) {
            return Err(RuleError::PlayerCount(seats.len()));
        }
        let mut c = Campaign {
            mode,
            variants,
            settings: Settings::default(),
            card,
            sheets: Vec::new(),
            sessions: Vec::new(),
            skipped_maps: Vec::new(),
            cards: facts.map(BoxCards::from_facts).unwrap_or_default(),
            token_seed: None,
        };
        for (player, character) in seats {
            c.seat(player, character, date, facts)?;
        }
        let notices = c.advice(facts);
        Ok((c, notices))
    }

    /// The campaign with its own seed for the quest-token draws (the window and the command
    /// line give a fresh random one when a campaign begins).
    pub fn with_token_seed(mut self, seed: u64) -> Campaign {
        self.token_seed = Some(seed);
        self
    }

    /// The seed of session `number`'s quest-token draw on `map`: the campaign's seed mixed
    /// with both, or for a campaign without one the session number and map alone.
    pub fn session_token_seed(&self, number: u32, map: MapNumber) -> u64 {
        let session = u64::from(number) << 8 | u64::from(map.get());
        match self.token_seed {
            None => session,
            Some(seed) => {
                // splitmix64 of the sum, so nearby sessions draw unrelated spaces.
                let mut x = seed.wrapping_add(session.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                x ^ (x >> 31)
            }
        }
    }

    fn seat(
        &mut self,
        player: &str,
        character: &str,
        date: NaiveDate,
        facts: Option<&Facts>,
    ) -> RuleResult<()> {
        if player.trim().is_empty() {
            return Err(RuleError::SeatWithoutPlayer);
        }
        let names: Vec<String> = match facts {
            Some(f) => f
                .characters
                .characters
                .iter()
                .map(|c| c.name.clone())
                .collect(),
            None => self.cards.characters.clone(),
        };
        let name = if !names.is_empty() {
            names
                .iter()
                .find(|n| same(n, character))
                .cloned()
                .ok_or_else(|| RuleError::UnknownCharacter {
                    given: character.to_string(),
                    known: names.clone(),
                })?
        } else if character.trim().is_empty() {
            return Err(RuleError::SeatWithoutCharacter);
        } else {
            character.trim().to_string()
        };
        if self.sheets.iter().any(|s| same(&s.character, &name)) {
            return Err(RuleError::CharacterTaken { character: name });
        }
        // A name is how every action finds its card: a player named like another seat's
        // character (or a character named like another seat's player) would make one name
        // reach two cards (docs/near-and-far.md, "Players").
        if let Some(s) = self
            .sheets
            .iter()
            .find(|s| same(&s.character, player) && !same(&s.player, player))
        {
            return Err(RuleError::PlayerNamedLikeCharacter {
                player: player.trim().to_string(),
                character: s.character.clone(),
                plays: s.player.clone(),
            });
        }
        if let Some(s) = self
            .sheets
            .iter()
            .find(|s| same(&s.player, &name) && !same(&s.player, player))
        {
            return Err(RuleError::CharacterNamedLikePlayer {
                character: name,
                player: s.player.clone(),
                plays: s.character.clone(),
            });
        }
        let playing: Vec<String> = self
            .sheets
            .iter()
            .filter(|s| s.retired_after.is_none())
            .map(|s| s.character.clone())
            .collect();
        if playing.len() >= MAX_CHARACTERS {
            return Err(RuleError::CampaignFull {
                character: name,
                playing,
            });
        }
        if self
            .sheets
            .iter()
            .any(|s| same(&s.player, player) && s.retired_after.is_none())
        {
            return Err(RuleError::PlayerHasCharacter {
                player: player.to_string(),
            });
        }
        let mut sheet = Sheet {
            character: name,
            player: player.trim().to_string(),
            joined_session: self.sessions.len() as u32 + 1,
            ledger: Default::default(),
            retired_after: None,
        };
        sheet.ledger.push(date, None, Item::StartingExperience);
        self.sheets.push(sheet);
        Ok(())
    }

    /// The rulebook's pairing advice (p. 9) that applies to the characters seated now: from
    /// the campaign's own copy of the box (so a late joiner, seated by an action without the
    /// facts, gets it too), else from `facts` for campaigns saved before the copy was kept.
    fn advice(&self, facts: Option<&Facts>) -> Vec<String> {
        if self.mode != Mode::Character {
            return Vec::new();
        }
        let recommendations = match (&self.cards.recommendations[..], facts) {
            ([], Some(f)) => &f.characters.recommendations[..],
            (own, _) => own,
        };
        let has = |c: &String| self.sheets.iter().any(|s| same(&s.character, c));
        recommendations
            .iter()
            .filter(|r| match r.when {
                When::Together => r.characters.iter().all(has),
                When::MoreThanTwoPlayers => self.sheets.len() > 2 && r.characters.iter().any(has),
            })
            .map(|r| format!("Advice for {}: {}", r.characters.join(" and "), r.advice))
            .collect()
    }

    /// The card `character` names: a character's own name first, then a player's (so a name
    /// that is both can only ever mean the character).
    pub fn sheet(&self, character: &str) -> RuleResult<&Sheet> {
        self.sheets
            .iter()
            .find(|s| same(&s.character, character))
            .or_else(|| self.sheets.iter().find(|s| same(&s.player, character)))
            .ok_or_else(|| RuleError::NobodyPlays {
                name: character.to_string(),
            })
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
        self.sheet(character)?.view(self.mode, self.card)
    }

    pub fn current_session(&self) -> Option<&Session> {
        self.sessions.last().filter(|s| !s.is_finished())
    }

    fn current_session_mut(&mut self) -> RuleResult<&mut Session> {
        self.sessions
            .last_mut()
            .filter(|s| !s.is_finished())
            .ok_or(RuleError::NoSession)
    }

    /// Adds `item` to `character`'s ledger if the sheet stays valid; returns the entry id.
    pub(crate) fn push(&mut self, character: &str, date: NaiveDate, item: Item) -> RuleResult<u32> {
        let i = self.sheet_index(character)?;
        self.check_session_date(date)?;
        let session = self.current_session().map(|s| s.number);
        let id = self.sheets[i].ledger.push(date, session, item);
        if let Err(e) = self.sheets[i].view(self.mode, self.card) {
            self.sheets[i].ledger.entries.pop();
            return Err(e);
        }
        Ok(id)
    }

    /// During a session, what is written is dated inside it: the day it began or later.
    pub(crate) fn check_session_date(&self, date: NaiveDate) -> RuleResult<()> {
        match self.current_session() {
            Some(s) if !s.holds_date(date) => Err(RuleError::DateOutsideSession {
                date,
                session: s.number,
                began: s.date,
            }),
            _ => Ok(()),
        }
    }

    /// Character Mode: every character has read its first 8 quests (p. 29).
    pub fn all_ready_for_last_ruin(&self) -> bool {
        let open = self.card.open_quest_lines();
        self.sheets
            .iter()
            .filter(|s| s.retired_after.is_none())
            .all(|s| {
                s.view(self.mode, self.card)
                    .is_ok_and(|v| v.character_quests_read >= open || v.story_ended)
            })
    }

    /// The maps the next session may be played on.
    pub fn next_maps(&self) -> RuleResult<Vec<MapNumber>> {
        let maps = session::allowed_maps(
            self.mode,
            &self.sessions,
            &self.skipped_maps,
            self.all_ready_for_last_ruin(),
        )?;
        // Extra Stories skips three maps (p. 38): a map that would leave too few to skip is
        // not playable yet, so it is not offered either.
        match (maps.first(), self.skips_owed_before(&maps)) {
            (Some(first), Some(owed)) => Err(RuleError::SkipsOwed { owed, map: *first }),
            _ => Ok(maps),
        }
    }

    /// Extra Stories, Campaign Mode: how many skips are still owed before the first of `maps`
    /// can be played, when playing it would leave too few maps to skip; `None` otherwise.
    fn skips_owed_before(&self, maps: &[MapNumber]) -> Option<usize> {
        if self.mode != Mode::Campaign || !self.variants.extra_stories {
            return None;
        }
        let map = maps.first()?;
        let owed = session::EXTRA_STORIES_SKIPS.saturating_sub(self.skipped_maps.len());
        let left_to_skip = (map.get() + 1..=10)
            .filter(|n| !self.skipped_maps.iter().any(|s| s.get() == *n))
            .count();
        (owed > left_to_skip).then_some(owed)
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

    /// The campaign's champion(s): the highest journey total over all maps (p. 29), once the
    /// Last Ruin is won.
    pub fn champion(&self) -> Option<Vec<String>> {
        if !self.is_over() {
            return None;
        }
        let totals: Vec<(String, i32)> = self
            .sheets
            .iter()
            .filter(|s| s.retired_after.is_none())
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
