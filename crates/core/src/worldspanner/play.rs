//! Every change to a game is an `Action`: it has a history label, and `Game::apply` checks it
//! against the rules and either changes the game and says what happened, or changes nothing
//! and says which rule forbids it.

use serde::{Deserialize, Serialize};

use super::adventure::Adventure;
use super::card::ChallengeCard;
use super::card::DomeRange;
use super::challenge::{Attack, Challenge};
use super::deckfile::DECK_SIZE;
use super::domes::DomeSlot;
use super::error::{
    AdventureError, ChallengeError, DomeError, HeroError, PhysicalError, RuleError, SetupError,
    TurnError, add_up,
};
use super::game::{Deed, Game, LastEvent, Reason, Removal};
use super::odds::OddsOver;
use super::paid::PaidAdventure;
use super::physical::{Need, Reading};
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus, TeamSide};
use super::victory::{Capture, Faction, FavorSide};
use crate::deck::{Deck, DeckTool, WhenEmpty};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// End the current step (turn, round).
    NextStep {},
    /// Bring a waiting hero in by dismissal during Reinforce (p. 7).
    Reinforce {
        hero: HeroRef,
    },
    /// The hero's own team draws and places it (p. 7).
    Dismiss {
        hero: HeroRef,
    },
    /// The enemy team draws and places it (p. 7).
    Banish {
        hero: HeroRef,
    },
    /// Put the arriving hero in a Dome; `None` takes the first proposal.
    Place {
        dome: Option<DomeSlot>,
    },
    /// Answers the Dome question with its `option`-th free Dome (1-based, in the order the
    /// question lists them): `tablemate answer ID N`.
    Answer {
        option: usize,
    },
    /// The hero's Move action out of its Dome (p. 9).
    LeaveDome {
        hero: HeroRef,
    },
    /// The hero's Move (or Slip Away) on the map in the Action step (p. 9): its one action,
    /// recorded so the Reaction step knows it left its space (p. 19).
    Move {
        hero: HeroRef,
    },
    /// The hero makes no melee attack this Melee step: its turn in the order of Wits passes
    /// to the next (COMBAT, Resolving melee, p. 18).
    PassMelee {
        hero: HeroRef,
    },
    /// Any challenge, drawn from `team`'s deck.
    Challenge {
        team: TeamSide,
        hero: Option<HeroRef>,
        challenge: Challenge,
    },
    /// An adventure challenge in the Adventure step, results applied.
    Adventure {
        hero: HeroRef,
        adventure: Adventure,
        challenge: Challenge,
    },
    /// An adventure paid with gold or cards: no challenge card.
    Paid {
        hero: HeroRef,
        paid: PaidAdventure,
    },
    /// A melee or ranged attack: Hit, then Damage; wounds go on the target if given.
    Attack {
        attacker: HeroRef,
        target: Option<HeroRef>,
        attack: Attack,
    },
    Wound {
        hero: HeroRef,
        wounds: u8,
    },
    Heal {
        hero: HeroRef,
        wounds: u8,
    },
    GainBoosts {
        hero: HeroRef,
        boosts: u8,
    },
    /// Flip a Boost to +1 in the Free step (p. 23).
    UseBoost {
        hero: HeroRef,
    },
    Gold {
        hero: HeroRef,
        change: i32,
    },
    Capture {
        team: TeamSide,
        faction: Faction,
        space: usize,
    },
    Tribute {
        team: TeamSide,
        amount: u32,
    },
    GloryCard {
        team: TeamSide,
    },
    /// `hero` picks up `gold` (all when left out) from the loot lying in pile `pile` (0-based,
    /// as `show` lists it) in its team's Free step (Picking up loot, p. 11).
    PickUp {
        hero: HeroRef,
        pile: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gold: Option<u32>,
    },
    /// Underworld reward: Underpit to Pit.
    RaiseFromUnderpit {
        hero: HeroRef,
    },
    /// Underworld reward: renew a hero from the Pit and dismiss it in (p. 17).
    Renew {
        hero: HeroRef,
    },
    Deck {
        team: TeamSide,
        tool: DeckTool,
    },
    /// Switch a team's deck between digital (the app shuffles and draws) and physical (the
    /// team draws its own cards and says what the rules read): at any time, undoable.
    DeckMode {
        team: TeamSide,
        physical: bool,
    },
    /// `then`, with the cards a physical deck's team drew read at the table, in draw order.
    Read {
        cards: Vec<Reading>,
        then: Box<Action>,
    },
    /// The Dome range on the card drawn for a waiting dismissal from a physical deck.
    ReadDomes {
        domes: DomeRange,
    },
    /// Reopen a finished game for corrections (undoable; RULINGS: locked after Black's last turn).
    Reopen {},
    /// Which cards the odds are over: the whole deck (default) or the cards left.
    OddsOver {
        over: OddsOver,
    },
    /// Swap in another 36-card deck (say, the real cards once entered), freshly shuffled.
    ReplaceDeck {
        team: TeamSide,
        name: String,
        cards: Vec<ChallengeCard>,
    },
}

impl Game {
    /// Refuses a hand entry that changes nothing, naming the hero (or a bad reference).
    fn nothing(
        &self,
        hero: HeroRef,
        amount: i64,
        what: &'static str,
    ) -> Result<Vec<String>, RuleError> {
        Err(HeroError::NothingToRecord {
            hero: self.hero(hero)?.name.clone(),
            amount,
            what,
        }
        .into())
    }

    /// Applies `action` if the rules allow it; on a refusal nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<Vec<String>, RuleError> {
        let mut next = self.clone();
        let tiles = self.favor_tiles();
        let mut lines = next.apply_in_place(action)?;
        lines.extend(next.favor_news(&tiles));
        if !next.readings.is_empty() {
            return Err(PhysicalError::TooManyRead {
                extra: next.readings.len(),
            }
            .into());
        }
        lines.append(&mut next.notes);
        *self = next;
        Ok(lines)
    }

    /// The favor tile side each team holds on each key (p. 16).
    fn favor_tiles(&self) -> Vec<[Option<FavorSide>; 2]> {
        self.keys
            .iter()
            .map(|k| TeamSide::BOTH.map(|t| k.favor(t)))
            .collect()
    }

    /// Favor tiles gained, flipped or lost since `before` (Faction favor, p. 16), announced.
    fn favor_news(&self, before: &[[Option<FavorSide>; 2]]) -> Vec<String> {
        let side = |s: FavorSide| if s == FavorSide::Four { 4 } else { 3 };
        let mut news = Vec::new();
        for (k, was) in self.keys.iter().zip(before) {
            for team in TeamSide::BOTH {
                let key = k.faction.key_name();
                news.push(match (was[team.index()], k.favor(team)) {
                    (None, Some(s)) => format!(
                        "{team} gain the {key} favor tile, {} side up (Faction favor, p. 16)",
                        side(s)
                    ),
                    (Some(a), Some(b)) if a != b => format!(
                        "{team} turn the {key} favor tile to its {} side (Faction favor, p. 16)",
                        side(b)
                    ),
                    (Some(_), None) => format!(
                        "{team} lose the {key} favor tile: fewer than 3 markers (Faction favor, p. 16)"
                    ),
                    _ => continue,
                });
            }
        }
        news
    }

    /// The action itself, under any cards read at the table.
    fn core(action: &Action) -> &Action {
        match action {
            Action::Read { then, .. } => Game::core(then),
            other => other,
        }
    }

    fn apply_in_place(&mut self, action: Action) -> Result<Vec<String>, RuleError> {
        // The game is locked after Black's last turn (End of game, p. 7; RULINGS): only an
        // explicit Reopen, or the odds view's setting, may follow.
        if self.locked()
            && !matches!(
                Game::core(&action),
                Action::Reopen {} | Action::OddsOver { .. }
            )
        {
            return Err(TurnError::Locked.into());
        }
        // An Underworld reward is taken at once or lost, never banked (p. 17; RULINGS): any
        // action but raising or renewing an ally forfeits it.
        let mut lapsed = Vec::new();
        if !matches!(
            Game::core(&action),
            Action::RaiseFromUnderpit { .. } | Action::Renew { .. } | Action::OddsOver { .. }
        ) {
            for side in TeamSide::BOTH {
                if self.team(side).underworld_credits > 0 {
                    self.team_mut(side).underworld_credits = 0;
                    lapsed.push(format!(
                        "{side} did not take the Underworld reward at once: it is lost"
                    ));
                }
            }
        }
        // The surround question is answered, or passed over by acting: a hero moving out,
        // a shot, anything but the answer or the odds view means the team plays on.
        if !matches!(
            Game::core(&action),
            Action::Answer { .. } | Action::NextStep {} | Action::OddsOver { .. }
        ) {
            self.surrounded_asked.clear();
        }
        let mut lines = self.apply_checked(action)?;
        lines.extend(lapsed);
        Ok(lines)
    }

    fn apply_checked(&mut self, action: Action) -> Result<Vec<String>, RuleError> {
        let draws = matches!(
            Game::core(&action),
            Action::NextStep {}
                | Action::Reinforce { .. }
                | Action::Dismiss { .. }
                | Action::Banish { .. }
                | Action::Challenge { .. }
                | Action::Adventure { .. }
                | Action::Paid { .. }
                | Action::Attack { .. }
                | Action::LeaveDome { .. }
                | Action::Move { .. }
                | Action::PassMelee { .. }
        );
        if draws && let Some(p) = &self.pending {
            return Err(DomeError::PlaceFirst {
                hero: self.name(p.hero),
            }
            .into());
        }
        // A reopened game takes corrections but draws no card, not even for a dismissal or
        // a banishment (End of game, p. 7; RULINGS).
        if draws && self.rounds.finished {
            return Err(TurnError::GameOver.into());
        }
        match action {
            Action::NextStep {} => self.next_step(),
            Action::Reinforce { hero } => {
                self.require_step(Step::Reinforce, hero.team)?;
                if self.hero(hero)?.status != HeroStatus::Waiting {
                    return Err(TurnError::AlreadyEntered {
                        hero: self.name(hero),
                    }
                    .into());
                }
                if self.entered(hero.team) >= self.reinforce_target() {
                    return Err(TurnError::ReinforceQuotaMet { team: hero.team }.into());
                }
                self.begin_removal(hero, Removal::Dismiss, Reason::Reinforce)
            }
            Action::Dismiss { hero } | Action::Banish { hero } => {
                let how = if matches!(action, Action::Dismiss { .. }) {
                    Removal::Dismiss
                } else {
                    Removal::Banish
                };
                self.require_in_play(hero)?;
                self.begin_removal(hero, how, Reason::Other)
            }
            Action::Place { dome } => self.place(dome),
            Action::Answer { option } if !self.surrounded_asked.is_empty() => {
                self.answer_surrounded(option)
            }
            Action::Answer { option } => {
                let p = self.pending.as_ref().ok_or(DomeError::NobodyWaiting)?;
                if p.awaiting_card {
                    return Err(DomeError::RangeFirst { team: p.chooser }.into());
                }
                let free = self.free_domes(&p.candidates);
                let slot = option
                    .checked_sub(1)
                    .and_then(|i| free.get(i))
                    .copied()
                    .ok_or(DomeError::NoSuchAnswer {
                        option,
                        count: free.len(),
                    })?;
                self.place(Some(slot))
            }
            Action::LeaveDome { hero } => {
                self.require_step(Step::Action, hero.team)?;
                if !matches!(self.hero(hero)?.status, HeroStatus::InDome { .. }) {
                    return Err(HeroError::NotInDome {
                        hero: self.name(hero),
                    }
                    .into());
                }
                self.take_action(hero, Deed::LeftDome)?;
                self.domes.vacate(hero);
                self.hero_mut(hero)?.status = HeroStatus::OnMap;
                Ok(vec![format!("{} moves out of the Dome", self.name(hero))])
            }
            Action::Move { hero } => {
                self.require_step(Step::Action, hero.team)?;
                let h = self.hero(hero)?;
                match h.status {
                    HeroStatus::OnMap => {}
                    HeroStatus::InDome { .. } => {
                        return Err(HeroError::MoveOutOfDome {
                            hero: h.name.clone(),
                        }
                        .into());
                    }
                    status => {
                        return Err(HeroError::NotInPlay {
                            hero: h.name.clone(),
                            status,
                        }
                        .into());
                    }
                }
                self.take_action(hero, Deed::Moved)?;
                Ok(vec![format!(
                    "{} moves: a Reaction shot may target it in any space it moved into (p. 19)",
                    self.name(hero)
                )])
            }
            Action::PassMelee { hero } => {
                if self.rounds.step != Step::Melee || self.hero(hero)?.status != HeroStatus::OnMap {
                    return Err(super::error::CombatError::NoMeleeToPass {
                        hero: self.name(hero),
                    }
                    .into());
                }
                self.take_action(hero, Deed::PassedMelee)?;
                Ok(vec![format!(
                    "{} makes no melee attack this step: the next in the order of Wits goes",
                    self.name(hero)
                )])
            }
            Action::Challenge {
                team,
                hero,
                challenge,
            } => {
                if let Some(h) = hero {
                    if h.team != team {
                        return Err(ChallengeError::OtherTeamsDeck.into());
                    }
                    self.require_in_play(h)?;
                    self.challenge_from_card(h, &challenge)?;
                }
                self.check_modifiers(team, hero, None, &challenge)?;
                let need = match challenge.kind {
                    super::challenge::ChallengeKind::MeleeHit
                    | super::challenge::ChallengeKind::RangedHit => Need::Hit,
                    _ => Need::Face,
                };
                let card = self.draw_at(team, need, Some(challenge.difference()))?;
                let outcome = challenge.read(&card)?;
                let lines = outcome.explain();
                self.last = Some(LastEvent::Challenge {
                    team,
                    hero,
                    outcome,
                    lines: lines.clone(),
                });
                Ok(lines)
            }
            Action::Adventure {
                hero,
                adventure,
                challenge,
            } => self.adventure(hero, adventure, challenge),
            Action::Paid { hero, paid } => self.paid_adventure(hero, paid),
            Action::Attack {
                attacker,
                target,
                attack,
            } => self.attack(attacker, target, attack),
            Action::Wound { hero, wounds: 0 } => self.nothing(hero, 0, "wounds"),
            Action::Heal { hero, wounds: 0 } => self.nothing(hero, 0, "wounds healed"),
            Action::GainBoosts { hero, boosts: 0 } => self.nothing(hero, 0, "Boosts"),
            Action::Gold { hero, change: 0 } => self.nothing(hero, 0, "gold"),
            Action::Wound { hero, wounds } => self.wound(hero, wounds),
            Action::Heal { hero, wounds } => {
                let h = self.hero_mut(hero)?;
                let healed = h.wounds.min(wounds);
                h.wounds -= healed;
                Ok(vec![format!("{} heals {healed} wound(s)", h.name)])
            }
            Action::GainBoosts { hero, boosts } => {
                let h = self.hero_mut(hero)?;
                h.boosts = add_up(|| format!("{}'s Boosts", h.name), h.boosts, boosts)?;
                Ok(vec![format!("{} has {} Boost(s)", h.name, h.boosts)])
            }
            Action::UseBoost { hero } => {
                self.require_step(Step::Free, hero.team)?;
                self.require_in_play(hero)?;
                let h = self.hero_mut(hero)?;
                if h.boost_active {
                    return Err(HeroError::BoostInUse {
                        hero: h.name.clone(),
                    }
                    .into());
                }
                if h.boosts == 0 {
                    return Err(HeroError::NoBoostToken {
                        hero: h.name.clone(),
                    }
                    .into());
                }
                h.boosts -= 1;
                h.boost_active = true;
                Ok(vec![format!(
                    "{}: +1 to every numbered rating (not Wound) until the team's next Free step",
                    h.name
                )])
            }
            Action::Gold { hero, change } => {
                let h = self.hero_mut(hero)?;
                let gold = h.gold as i64 + change as i64;
                if gold > u32::MAX as i64 {
                    return Err(RuleError::TooMany {
                        what: format!("{}'s gold", h.name),
                        have: h.gold as u64,
                        adding: change as u64,
                        max: u32::MAX as u64,
                    });
                }
                if gold < 0 {
                    return Err(HeroError::NotEnoughGold {
                        hero: h.name.clone(),
                        gold: h.gold,
                    }
                    .into());
                }
                h.gold = gold as u32;
                Ok(vec![format!("{} has {} gold", h.name, h.gold)])
            }
            Action::Capture {
                team,
                faction,
                space,
            } => {
                let result = self.key_mut(faction)?.capture(space, team)?;
                Ok(vec![match result {
                    Capture::Placed => format!("{team} marker placed"),
                    Capture::RemovedEnemy => "enemy marker removed; none placed (p. 14)".into(),
                    Capture::AlreadyOurs => "already captured".into(),
                }])
            }
            Action::Tribute { team, amount } => {
                if amount == 0 {
                    return Err(AdventureError::NoTribute.into());
                }
                self.lith.give(team, amount)?;
                Ok(vec![match self.lith.holder {
                    Some(t) => format!("Lith's Chamber: {t} {}", self.lith.amount),
                    None => "Lith's Chamber: no tribute; the marker comes off".into(),
                }])
            }
            Action::GloryCard { team } => {
                let t = self.team_mut(team);
                t.glory_cards = add_up(|| format!("{team}'s glory cards"), t.glory_cards, 1)?;
                Ok(vec![format!(
                    "{team} set aside a glory card: 1 glory at game end"
                )])
            }
            Action::PickUp { hero, pile, gold } => self.pick_up(hero, pile, gold),
            Action::RaiseFromUnderpit { hero } => {
                self.use_underworld(hero, HeroStatus::Underpit)?;
                self.hero_mut(hero)?.status = HeroStatus::Pit;
                Ok(vec![format!(
                    "{} moves from the Underpit to the Pit",
                    self.name(hero)
                )])
            }
            Action::Renew { hero } => {
                self.use_underworld(hero, HeroStatus::Pit)?;
                let h = self.hero_mut(hero)?;
                // Renewal starts the hero fresh with new starting loot (RENEWING A HERO, p. 17).
                h.wounds = 0;
                h.boost_active = false;
                h.boosts = h.start.boosts;
                h.gold = h.start.gold;
                h.renewals += 1;
                let mut lines = vec![format!(
                    "{} is renewed: wounds and markers removed, new starting loot drawn",
                    h.name
                )];
                if self.pending.is_some() {
                    // Taken at once, while the adventurer waits for its Dome: the renewed
                    // hero is dismissed next (p. 17).
                    self.queue
                        .insert(0, (hero, Removal::Dismiss, Reason::Renewal));
                    lines.push(format!(
                        "{} is dismissed in once the hero being placed has its Dome",
                        self.name(hero)
                    ));
                } else {
                    lines.extend(self.begin_removal(hero, Removal::Dismiss, Reason::Renewal)?);
                }
                Ok(lines)
            }
            Action::DeckMode { team, physical } => {
                if self.pending.as_ref().is_some_and(|p| p.awaiting_card) {
                    return Err(PhysicalError::RangeBeforeDeckMode.into());
                }
                self.team_mut(team).physical = physical;
                let t = self.team(team);
                Ok(vec![if physical {
                    format!(
                        "{team} draw their own cards: the app asks what each card shows and \
                         keeps the counts ({} in the draw pile, {} discarded)",
                        t.deck.draw_len(),
                        t.deck.discard_len()
                    )
                } else {
                    format!("{team} draw from the app's shuffled {:?}", t.deck_name)
                }])
            }
            Action::Read { cards, then } => {
                if matches!(*then, Action::Read { .. }) {
                    return Err(PhysicalError::NestedRead.into());
                }
                if cards.is_empty() {
                    return Err(PhysicalError::NothingRead.into());
                }
                self.readings = cards.into();
                self.apply_checked(*then)
            }
            Action::ReadDomes { domes } => self.read_domes(domes),
            Action::Reopen {} => {
                if !self.rounds.finished {
                    return Err(TurnError::NotOver.into());
                }
                if self.reopened {
                    return Err(TurnError::AlreadyReopened.into());
                }
                self.reopened = true;
                Ok(vec![
                    "game reopened for corrections; no more draws: the last round is over".into(),
                ])
            }
            Action::OddsOver { over } => {
                self.odds_over = over;
                Ok(vec![over.label().to_string()])
            }
            Action::ReplaceDeck { team, name, cards } => {
                if cards.len() != DECK_SIZE {
                    return Err(SetupError::ReplacementSize {
                        name,
                        cards: cards.len(),
                    }
                    .into());
                }
                let old = &self.team(team).deck;
                // A seed that follows from the saved state, so undo and redo replay it.
                let seed = old
                    .seed()
                    .wrapping_add(1 + old.reshuffles() as u64 + old.discard_len() as u64);
                let t = self.team_mut(team);
                t.deck = Deck::new(cards, seed, WhenEmpty::ReshuffleDiscard);
                t.deck_name = name.clone();
                Ok(vec![format!(
                    "{team} now draw from {name:?}, freshly shuffled"
                )])
            }
            Action::Deck { team, tool } => {
                tool.apply(&mut self.team_mut(team).deck)
                    .map_err(RuleError::DeckTool)?;
                Ok(vec![tool.label(&format!("{team} deck"))])
            }
        }
    }
}
