//! The saved state of a Worldspanner Factions game: setup, both teams with their heroes and
//! their own challenge decks, the Dome map, the round tracker, victory markers, Lith tribute,
//! a dismissal waiting for its Dome, and the last challenge for the table to read. Changes go
//! through `Game::apply` (play.rs); this file holds setup, queries and validation.

use serde::{Deserialize, Serialize};

use super::card::ChallengeCard;
use super::challenge::{AttackOutcome, ChallengeOutcome};
use super::deckfile::DECK_SIZE;
use super::domes::{Candidate, DomeMap, DomeSlot};
use super::error::{RuleError, SetupError};
use super::loot::Loot;
use super::odds::{Odds, OddsOver};
use super::physical::Reading;
use super::rounds::RoundTracker;
use super::team::{GameLength, Hero, HeroEntry, HeroRef, HeroStatus, MapDesign, TeamSide};
use super::victory::{Faction, FactionKey, LithTribute, TeamTally};
use crate::deck::{Deck, WhenEmpty};

/// Everything chosen before round 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub map: MapDesign,
    pub length: GameLength,
    /// Heroes per team (both teams the same: SETUP, Choose heroes).
    pub team_size: u8,
    /// The Faction keys on the map.
    pub factions: Vec<Faction>,
    /// Skyhawks' heroes, then Psiclones'.
    pub heroes: [Vec<HeroEntry>; 2],
    /// Each team's challenge deck (36 cards) and its name.
    pub decks: [(String, Vec<ChallengeCard>); 2],
    pub seed: u64,
    /// Each team's deck is physical (the team draws its own cards) rather than digital.
    #[serde(default)]
    pub physical: [bool; 2],
}

/// One team's side of the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamState {
    pub side: TeamSide,
    pub heroes: Vec<Hero>,
    pub deck_name: String,
    pub deck: Deck<ChallengeCard>,
    /// Lith glory cards whose requirement the team met (Glory cards).
    pub glory_cards: u32,
    /// 1 just after a Pass or Amaze at the Underworld, until the reward is taken; any other
    /// action forfeits it: the reward is taken at once or lost, never banked (RULINGS).
    pub underworld_credits: u8,
    /// The team draws from its own physical deck; the app keeps the counts and asks what the
    /// rules read on each card (RULINGS).
    #[serde(default)]
    pub physical: bool,
}

/// Dismiss (own team draws and places) or banish (the enemy draws and places), p. 7.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Removal {
    Dismiss,
    Banish,
}

/// Why a hero is being placed in a Dome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    Reinforce,
    Adventure,
    Renewal,
    /// Rescue, Kidnap, special abilities, or a player's hand entry.
    Other,
}

/// A dismissal or banishment whose card is drawn and whose Dome is not yet chosen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub hero: HeroRef,
    pub how: Removal,
    pub reason: Reason,
    /// The team that drew the card and chooses the Dome.
    pub chooser: TeamSide,
    pub card: ChallengeCard,
    pub candidates: Vec<Candidate>,
    /// A physical deck: the card is drawn but its Dome range not yet read.
    #[serde(default)]
    pub awaiting_card: bool,
}

/// The last challenge or attack, for the challenge panel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum LastEvent {
    Challenge {
        team: TeamSide,
        hero: Option<HeroRef>,
        outcome: ChallengeOutcome,
        /// What the result means at the table, line by line.
        lines: Vec<String>,
    },
    Attack {
        attacker: HeroRef,
        target: Option<HeroRef>,
        outcome: AttackOutcome,
        lines: Vec<String>,
    },
}

/// What a hero did with its one action of a step (ROUNDS, p. 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Deed {
    /// Moved out of its Dome (the Move action, p. 9).
    LeftDome,
    /// Shot a ranged weapon (RANGED ATTACK, p. 19).
    Shot,
    /// Made its melee attack (COMBAT & MELEE, p. 18).
    MeleeAttack,
    /// Challenged (or paid for) the adventure it stands on (ADVENTURE BASICS, p. 14).
    Adventured,
    /// Moved on the map (or slipped away) in the Action step (MOVE & SLIP AWAY, p. 9).
    Moved,
    /// Made no melee attack this Melee step: its turn in the order of Wits is over (p. 18).
    PassedMelee,
}

impl Deed {
    /// "moved out of its Dome", for "Rizzik has already moved out of its Dome".
    pub fn done(self) -> &'static str {
        match self {
            Deed::LeftDome => "moved out of its Dome",
            Deed::Shot => "taken its shot",
            Deed::MeleeAttack => "made its melee attack",
            Deed::Adventured => "challenged an adventure",
            Deed::Moved => "moved",
            Deed::PassedMelee => "passed on its melee attack",
        }
    }
}

/// One hero's action in the current step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepDeed {
    pub hero: HeroRef,
    pub deed: Deed,
}

impl Deed {
    /// The hero left the space it started the step in (a move out of its Dome or on the map).
    pub fn moved(self) -> bool {
        matches!(self, Deed::LeftDome | Deed::Moved)
    }
}

/// What a hero did in the active team's Action step, and from where it moved: kept through the
/// Reaction step, whose shots may target only heroes that moved (RANGED ATTACK, p. 19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDeed {
    pub hero: HeroRef,
    pub deed: Deed,
    /// The Dome it moved out of; `None` for a hero that started the step on the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_dome: Option<DomeSlot>,
}

/// A melee attack made this Melee step: who struck whom (the order by Wits, p. 18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blow {
    pub attacker: HeroRef,
    pub target: HeroRef,
}

/// An adventure space a hero stands on: one hero per space (THE MAP, p. 8), the Underworld
/// three spaces (LITH ADVENTURES, p. 17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Place {
    /// A Faction key's adventure space (0-based, as stored).
    Key {
        faction: Faction,
        space: usize,
    },
    Haggler,
    MirrorPool,
    Vortex,
    /// One of the Underworld's three spaces.
    Underworld,
    LithsChamber,
    /// Lith's Lair market.
    Bounty,
}

impl Place {
    /// "Watchman Keep space 2", "the Haggler".
    pub fn name(self) -> String {
        match self {
            Place::Key { faction, space } => format!("{} space {}", faction.key_name(), space + 1),
            Place::Haggler => "the Haggler".into(),
            Place::MirrorPool => "the Mirror Pool".into(),
            Place::Vortex => "the Vortex".into(),
            Place::Underworld => "the Underworld".into(),
            Place::LithsChamber => "Lith's Chamber".into(),
            Place::Bounty => "the Bounty market".into(),
        }
    }

    /// How many heroes can stand on it at once.
    pub fn spaces(self) -> usize {
        if self == Place::Underworld { 3 } else { 1 }
    }
}

/// A hero's adventure this Adventure step and where it stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdventuredFrom {
    pub hero: HeroRef,
    pub place: Place,
}

/// The last hero placed in a Dome, and the card that sent it there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Placed {
    pub hero: HeroRef,
    pub dome: DomeSlot,
    pub card: ChallengeCard,
}

/// A game of Worldspanner Factions: what the store saves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub map: MapDesign,
    pub team_size: u8,
    pub rounds: RoundTracker,
    pub teams: [TeamState; 2],
    pub domes: DomeMap,
    pub keys: Vec<FactionKey>,
    pub lith: LithTribute,
    pub pending: Option<Pending>,
    /// Heroes still to dismiss or banish after the pending one, in order (Rescue, Kidnap).
    #[serde(default)]
    pub queue: Vec<(HeroRef, Removal, Reason)>,
    pub last: Option<LastEvent>,
    pub placed: Option<Placed>,
    /// Which cards the odds are over (RULINGS: the whole deck by default).
    #[serde(default)]
    pub odds_over: OddsOver,
    /// After Black's last turn the game is locked; a "Reopen" allows corrections (RULINGS).
    #[serde(default)]
    pub reopened: bool,
    /// The heroes that have taken their one action of the current step, and what it was
    /// (ROUNDS, p. 7; RANGED ATTACK, p. 19): emptied when the step ends.
    #[serde(default)]
    pub acted: Vec<StepDeed>,
    /// The active team's last Action step, hero by hero, and where each moved from: kept
    /// through the Reaction step (RANGED ATTACK, During Reaction step, p. 19).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub action_step: Vec<ActionDeed>,
    /// The melee attacks of this Melee step (COMBAT, Resolving melee, p. 18).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blows: Vec<Blow>,
    /// The adventure spaces heroes challenged from this Adventure step (THE MAP, p. 8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adventured: Vec<AdventuredFrom>,
    /// The active team's heroes still in a Dome as its Action step ends, while the team is
    /// asked whether enemies surrounded them (Must leave a Dome, p. 9); empty when not asking.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub surrounded_asked: Vec<HeroRef>,
    /// Loot lying on the map after a defeat, until picked up (LOOT, Picking up loot, p. 11).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loot: Vec<Loot>,
    /// Cards read at the table for the action being applied; always empty between actions.
    #[serde(skip)]
    pub(super) readings: std::collections::VecDeque<Reading>,
    /// Lines the draws add (a physical pile used up); always empty between actions.
    #[serde(skip)]
    pub(super) notes: Vec<String>,
}

impl Game {
    /// Starts a game at round 1, Skyhawks' Reinforce step, checking the setup.
    pub fn new(setup: Setup) -> Result<Game, RuleError> {
        if !setup.map.team_sizes().contains(&setup.team_size) {
            return Err(SetupError::MapTeamSize {
                map: setup.map,
                size: setup.team_size,
            }
            .into());
        }
        if setup.factions.len() != setup.map.faction_keys() {
            return Err(SetupError::KeyCount {
                map: setup.map,
                given: setup.factions.len(),
            }
            .into());
        }
        let mut keys: Vec<FactionKey> = Vec::new();
        let mut seen = crate::datafile::FirstSeen::new();
        for (i, f) in setup.factions.iter().enumerate() {
            if let Some(first) = seen.again(*f, i) {
                return Err(SetupError::KeyTwice {
                    faction: *f,
                    at: i,
                    first,
                }
                .into());
            }
            keys.push(FactionKey::new(*f));
        }
        let mut teams = Vec::new();
        for side in TeamSide::BOTH {
            let entries = &setup.heroes[side.index()];
            if entries.len() != setup.team_size as usize {
                return Err(SetupError::TeamSize {
                    team: side,
                    heroes: entries.len(),
                    size: setup.team_size,
                }
                .into());
            }
            let heroes = entries
                .iter()
                .cloned()
                .map(Hero::new)
                .collect::<Result<Vec<_>, _>>()?;
            let mut names = crate::datafile::FirstSeen::new();
            for (i, h) in heroes.iter().enumerate() {
                if let Some(first) = names.again(h.name.to_ascii_lowercase(), i) {
                    return Err(SetupError::HeroNameTwice {
                        team: side,
                        name: h.name.clone(),
                        first: first + 1,
                        again: i + 1,
                    }
                    .into());
                }
            }
            let (deck_name, cards) = &setup.decks[side.index()];
            if cards.len() != DECK_SIZE {
                return Err(SetupError::DeckSize {
                    team: side,
                    cards: cards.len(),
                }
                .into());
            }
            // Each team has its own deck, shuffled with its own seed (Setup, Challenge decks).
            let seed = match side {
                TeamSide::Skyhawks => setup.seed,
                TeamSide::Psiclones => setup.seed ^ 0x9E37_79B9_7F4A_7C15,
            };
            teams.push(TeamState {
                side,
                heroes,
                deck_name: deck_name.clone(),
                deck: Deck::new(cards.clone(), seed, WhenEmpty::ReshuffleDiscard),
                glory_cards: 0,
                underworld_credits: 0,
                physical: setup.physical[side.index()],
            });
        }
        let [skyhawks, psiclones]: [TeamState; 2] =
            teams.try_into().map_err(|_| SetupError::TwoTeams)?;
        Ok(Game {
            map: setup.map,
            team_size: setup.team_size,
            rounds: RoundTracker::new(setup.length),
            teams: [skyhawks, psiclones],
            domes: DomeMap::default(),
            keys,
            lith: LithTribute::default(),
            pending: None,
            queue: Vec::new(),
            last: None,
            placed: None,
            odds_over: OddsOver::default(),
            reopened: false,
            acted: Vec::new(),
            action_step: Vec::new(),
            blows: Vec::new(),
            adventured: Vec::new(),
            surrounded_asked: Vec::new(),
            loot: Vec::new(),
            readings: Default::default(),
            notes: Vec::new(),
        })
    }

    pub fn team(&self, side: TeamSide) -> &TeamState {
        &self.teams[side.index()]
    }

    pub fn team_mut(&mut self, side: TeamSide) -> &mut TeamState {
        &mut self.teams[side.index()]
    }

    pub fn hero(&self, r: HeroRef) -> Result<&Hero, RuleError> {
        let heroes = &self.team(r.team).heroes;
        heroes.get(r.hero).ok_or(RuleError::NoSuchHero {
            team: r.team,
            number: r.hero.saturating_add(1),
            size: heroes.len(),
        })
    }

    pub fn hero_mut(&mut self, r: HeroRef) -> Result<&mut Hero, RuleError> {
        let heroes = &mut self.teams[r.team.index()].heroes;
        let size = heroes.len();
        heroes.get_mut(r.hero).ok_or(RuleError::NoSuchHero {
            team: r.team,
            number: r.hero.saturating_add(1),
            size,
        })
    }

    /// "Rizzik" (or "Skyhawks hero 3" for a bad reference).
    pub fn name(&self, r: HeroRef) -> String {
        self.hero(r)
            .map(|h| h.name.clone())
            .unwrap_or_else(|_| format!("{} hero {}", r.team, r.hero.saturating_add(1)))
    }

    /// Finds a hero by name (any case) on either team.
    pub fn find(&self, name: &str) -> Option<HeroRef> {
        TeamSide::BOTH.into_iter().find_map(|team| {
            self.team(team)
                .heroes
                .iter()
                .position(|h| h.name.eq_ignore_ascii_case(name.trim()))
                .map(|hero| HeroRef { team, hero })
        })
    }

    pub fn key(&self, faction: Faction) -> Result<&FactionKey, RuleError> {
        self.keys
            .iter()
            .find(|k| k.faction == faction)
            .ok_or(RuleError::KeyNotOnMap { faction })
    }

    pub fn key_mut(&mut self, faction: Faction) -> Result<&mut FactionKey, RuleError> {
        self.keys
            .iter_mut()
            .find(|k| k.faction == faction)
            .ok_or(RuleError::KeyNotOnMap { faction })
    }

    /// Heroes of `side` that have entered the map at least once.
    pub fn entered(&self, side: TeamSide) -> usize {
        self.team(side)
            .heroes
            .iter()
            .filter(|h| h.status != HeroStatus::Waiting)
            .count()
    }

    /// Heroes each team must have brought in by the end of this round's Reinforce: the sum of
    /// the rounds' quotas so far (`team::reinforce_quota`, the one Reinforce rule).
    pub fn reinforce_target(&self) -> usize {
        (1..=self.rounds.round)
            .map(|round| usize::from(super::team::reinforce_quota(self.team_size, round)))
            .sum()
    }

    /// What the glory count needs to know about `side`.
    pub fn tally(&self, side: TeamSide) -> TeamTally {
        let team = self.team(side);
        let mut t = TeamTally {
            glory_cards: team.glory_cards,
            ..TeamTally::default()
        };
        for h in &team.heroes {
            match h.status {
                HeroStatus::Underpit => {
                    t.heroes_in_underpit += 1;
                    t.heroes_defeated += 1;
                }
                HeroStatus::Pit => t.heroes_defeated += 1,
                _ => {
                    // Tie-break totals of up to 12 heroes, summed wide: exact, never wrapped.
                    t.gold_on_undefeated += u64::from(h.gold);
                    t.wounds_on_undefeated += u64::from(h.wounds);
                }
            }
        }
        t
    }

    /// The odds for `side`'s next draw under the game's odds setting.
    pub fn odds(&self, side: TeamSide) -> Odds {
        let team = self.team(side);
        if team.physical {
            // The draw pile's order and make-up are the app's stand-in, not the real cards.
            return Odds::for_physical(&team.deck, self.odds_over);
        }
        Odds::for_deck(&team.deck, self.odds_over)
    }

    /// Locked: the game is over and not reopened, so nothing but "Reopen" may change it.
    pub fn locked(&self) -> bool {
        self.rounds.finished && !self.reopened
    }

    /// The glory count as it would stand if the game ended now.
    pub fn glory(&self) -> super::victory::GloryReport {
        super::victory::count_glory(
            &self.keys,
            &self.lith,
            [
                self.tally(TeamSide::Skyhawks),
                self.tally(TeamSide::Psiclones),
            ],
        )
    }
}
