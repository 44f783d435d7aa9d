//! Adventures that are challenges, and the part of their rewards the app can apply itself:
//! Faction Tasks (gold and capture, p. 15), Quests (capture; the card draws are the
//! player's), and the Lith challenges Haggler, Mirror Pool, Vortex and Underworld (p. 17).
//! Every adventure ends in a dismissal except on a Fopp, which banishes (p. 14).

use serde::{Deserialize, Serialize};

use super::card::Face;
use super::challenge::{AdventureResult, Challenge, ChallengeKind};
use super::error::{AdventureError, RuleError};
use super::game::{AdventuredFrom, Game, LastEvent, Place, Reason, Removal};
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus};
use super::victory::{Capture, Faction};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Adventure {
    /// A 5-rated Task on a Faction key: Pass 1 gold, Amaze 2 gold; both capture (p. 15).
    FactionTask { faction: Faction, space: usize },
    /// A Quest card's challenge: Pass and Amaze capture and give card draws (p. 15).
    FactionQuest { faction: Faction, space: usize },
    /// Lith's Lair, 5 Wits: sell cards (p. 17).
    Haggler {},
    /// Lith's Lair, 5 Intellect: the enemy reveals cards (p. 17).
    MirrorPool {},
    /// Death's Edge, 5 Virtue: heal 2, or 4 on Amaze (p. 17).
    Vortex {},
    /// Death's Edge, 5 Fame: raise a hero from the Underpit or renew one from the Pit (p. 17).
    Underworld {},
}

impl Adventure {
    pub fn name(&self) -> String {
        match self {
            Adventure::FactionTask { faction, space } => {
                format!(
                    "{} Task (space {})",
                    faction.key_name(),
                    space.saturating_add(1)
                )
            }
            Adventure::FactionQuest { faction, space } => {
                format!(
                    "{} Quest (space {})",
                    faction.key_name(),
                    space.saturating_add(1)
                )
            }
            Adventure::Haggler {} => "Haggler".into(),
            Adventure::MirrorPool {} => "Mirror Pool".into(),
            Adventure::Vortex {} => "Vortex".into(),
            Adventure::Underworld {} => "Underworld".into(),
        }
    }

    /// The space the hero stands on to challenge it.
    pub fn place(&self) -> Place {
        match *self {
            Adventure::FactionTask { faction, space }
            | Adventure::FactionQuest { faction, space } => Place::Key { faction, space },
            Adventure::Haggler {} => Place::Haggler,
            Adventure::MirrorPool {} => Place::MirrorPool,
            Adventure::Vortex {} => Place::Vortex,
            Adventure::Underworld {} => Place::Underworld,
        }
    }

    /// The kind of challenge, which decides the modifiers allowed.
    pub fn kind(&self) -> ChallengeKind {
        match self {
            Adventure::FactionTask { .. } | Adventure::FactionQuest { .. } => {
                ChallengeKind::FactionAdventure
            }
            _ => ChallengeKind::LithAdventure,
        }
    }

    /// The opposing rating fixed by the rules, if any (Tasks and the Lith challenges are 5;
    /// a Quest's is on its card).
    pub fn fixed_rating(&self) -> Option<u8> {
        match self {
            Adventure::FactionQuest { .. } => None,
            _ => Some(5),
        }
    }

    /// The printed rating a Lith adventure challenges (p. 17); a Task's or Quest's is on the
    /// map space or the Quest card.
    pub fn skill(&self) -> Option<super::library::Skill> {
        use super::library::Skill;
        match self {
            Adventure::FactionTask { .. } | Adventure::FactionQuest { .. } => None,
            Adventure::Haggler {} => Some(Skill::Wits),
            Adventure::MirrorPool {} => Some(Skill::Intellect),
            Adventure::Vortex {} => Some(Skill::Virtue),
            Adventure::Underworld {} => Some(Skill::Fame),
        }
    }

    /// The Faction key the adventure is on, if any.
    pub fn key(&self) -> Option<Faction> {
        match self {
            Adventure::FactionTask { faction, .. } | Adventure::FactionQuest { faction, .. } => {
                Some(*faction)
            }
            _ => None,
        }
    }

    /// Which of the hero's ratings is challenged, where the rules name it.
    pub fn rating_name(&self) -> &'static str {
        match self {
            Adventure::FactionTask { .. } => "the rating shown on the Task",
            Adventure::FactionQuest { .. } => "the rating on the Quest card",
            Adventure::Haggler {} => "Wits",
            Adventure::MirrorPool {} => "Intellect",
            Adventure::Vortex {} => "Virtue",
            Adventure::Underworld {} => "Fame",
        }
    }
}

/// Applies the reward of a Pass or Amaze that the app can track, returning what happened and
/// what the players still do by hand.
pub(crate) fn reward(
    game: &mut Game,
    hero: HeroRef,
    adventure: &Adventure,
    face: Face,
) -> Result<Vec<String>, RuleError> {
    let amaze = face == Face::Amaze;
    let team = hero.team;
    let name = game.name(hero);
    let mut lines = Vec::new();
    let capture = |game: &mut Game, faction: Faction, space: usize| -> Result<String, RuleError> {
        let key = faction.key_name();
        Ok(match game.key_mut(faction)?.capture(space, team)? {
            Capture::Placed => {
                format!("{team} place a victory marker on {key} space {}", space + 1)
            }
            Capture::RemovedEnemy => format!(
                "{key} space {}: the enemy marker comes off; no marker of ours goes on (p. 14)",
                space + 1
            ),
            Capture::AlreadyOurs => format!("{key} space {} is already ours", space + 1),
        })
    };
    let tribute = |game: &mut Game, lines: &mut Vec<String>| -> Result<(), RuleError> {
        game.lith.give(team, 1)?;
        lines.push(format!("Amaze: {team} earn 1 Lith tribute"));
        Ok(())
    };
    match adventure {
        Adventure::FactionTask { faction, space } => {
            let gold = if amaze { 2 } else { 1 };
            let h = game.hero_mut(hero)?;
            h.gold = super::error::add_up(|| format!("{name}'s gold"), h.gold, gold)?;
            lines.push(format!("{name} gains {gold} gold"));
            lines.push(capture(game, *faction, *space)?);
        }
        Adventure::FactionQuest { faction, space } => {
            lines.push(capture(game, *faction, *space)?);
            lines.push(
                "draw the card draws shown on the Quest (War and Secret cost 1, Elite 2); the \
                 Quest card goes to the bottom of its deck"
                    .into(),
            );
            if amaze {
                lines.push(
                    "Amaze: 1 gold for each Virtue number on the Quest at or below the hero's \
                     Virtue (add it to the hero's gold)"
                        .into(),
                );
            }
        }
        Adventure::Haggler {} => {
            lines.push(format!(
                "sell at least one card for {} gold each (add the gold to {name})",
                if amaze { 4 } else { 2 }
            ));
            if amaze {
                tribute(game, &mut lines)?;
            }
        }
        Adventure::MirrorPool {} => {
            lines.push(format!(
                "the enemy reveals {} unrevealed cards",
                if amaze { 6 } else { 4 }
            ));
            if amaze {
                tribute(game, &mut lines)?;
            }
        }
        Adventure::Vortex {} => {
            let h = game.hero_mut(hero)?;
            let healed = h.wounds.min(if amaze { 4 } else { 2 });
            h.wounds -= healed;
            lines.push(format!(
                "{name} heals {}",
                crate::words::count(healed, "wound", "wounds")
            ));
            if amaze {
                tribute(game, &mut lines)?;
            }
        }
        Adventure::Underworld {} => {
            game.team_mut(team).underworld_credits = 1;
            lines.push(
                "now, before anything else: raise one ally from the Underpit to the Pit, or \
                 renew one ally from the Pit (on the hero list); any other move forfeits it"
                    .into(),
            );
            if amaze {
                tribute(game, &mut lines)?;
            }
        }
    }
    Ok(lines)
}

impl Game {
    /// Refuses `hero` adventuring from `place` when another hero already did this step: one
    /// hero per space (THE MAP, p. 8), three at the Underworld (LITH ADVENTURES, p. 17). A hero
    /// that already adventured is refused by its one action instead.
    pub(super) fn stand_on(&self, hero: HeroRef, place: Place) -> Result<(), RuleError> {
        if self.adventured.iter().any(|a| a.hero == hero) {
            return Ok(());
        }
        let there: Vec<String> = self
            .adventured
            .iter()
            .filter(|a| a.place == place)
            .map(|a| self.name(a.hero))
            .collect();
        if there.len() < place.spaces() {
            return Ok(());
        }
        Err(if place == Place::Underworld {
            AdventureError::UnderworldFull { heroes: there }
        } else {
            AdventureError::SpaceTaken {
                place: place.name(),
                first: there.join(", "),
                hero: self.name(hero),
            }
        }
        .into())
    }

    pub(super) fn adventure(
        &mut self,
        hero: HeroRef,
        adventure: Adventure,
        mut challenge: Challenge,
    ) -> Result<Vec<String>, RuleError> {
        self.require_step(Step::Adventure, hero.team)?;
        if self.hero(hero)?.status != HeroStatus::OnMap {
            return Err(AdventureError::NotOnTheMap {
                hero: self.name(hero),
            }
            .into());
        }
        if challenge.kind != adventure.kind() {
            return Err(AdventureError::WrongKind { adventure }.into());
        }
        if let Some(r) = adventure.fixed_rating()
            && challenge.against != r
        {
            return Err(AdventureError::FixedRating {
                adventure,
                rating: r,
                against: challenge.against,
            }
            .into());
        }
        if let Adventure::FactionTask { faction, space }
        | Adventure::FactionQuest { faction, space } = &adventure
        {
            self.key(*faction)?;
            if *space >= super::victory::SPACES_PER_KEY {
                return Err(AdventureError::NoSuchSpace { space: *space }.into());
            }
        }
        let from_card = self.played_from_card(hero, &adventure, &mut challenge)?;
        self.check_modifiers(hero.team, Some(hero), None, &challenge)?;
        let place = adventure.place();
        self.stand_on(hero, place)?;
        self.take_action(hero, super::game::Deed::Adventured)?;
        self.adventured.push(AdventuredFrom { hero, place });
        let card = self.draw_at(
            hero.team,
            super::physical::Need::Face,
            Some(challenge.difference()),
        )?;
        let outcome = challenge.read(&card)?;
        let mut lines = from_card;
        if let Adventure::FactionQuest { .. } = adventure {
            lines.push(
                "the Quest: the top card of its deck, turned over unless one already lies face                  up; the hero cannot back out (Faction adventures, Quests)"
                    .into(),
            );
        }
        lines.extend(outcome.explain());
        let result = outcome.adventure_result();
        let name = self.name(hero);
        if let AdventureResult::Success { .. } = result {
            lines.extend(reward(self, hero, &adventure, outcome.face)?);
        }
        if let Adventure::FactionQuest { .. } = adventure
            && !outcome.face.succeeded()
        {
            lines.push(if result.banished() {
                "the Quest card stays face up on its deck: both teams face it until one beats it \
                 (Faction adventures, Quests)"
            } else {
                "the Quest card stays face up on its deck: it is the quest there until beaten \
                 (Faction adventures, Quests)"
            }
            .into());
        }
        if result.boost() {
            let h = self.hero_mut(hero)?;
            h.boosts = super::error::add_up(|| format!("{name}'s Boosts"), h.boosts, 1)?;
            lines.push(format!("{name} gains a Boost"));
        }
        let how = if result.banished() {
            Removal::Banish
        } else {
            Removal::Dismiss
        };
        lines.extend(self.begin_removal(hero, how, Reason::Adventure)?);
        self.last = Some(LastEvent::Challenge {
            team: hero.team,
            hero: Some(hero),
            outcome,
            lines: lines.clone(),
        });
        Ok(lines)
    }
}
