//! Every change to a game is an `Action`: it has a history label, and `Game::apply` checks it
//! against the rules and either changes the game and says what happened, or changes nothing
//! and says which rule forbids it.

use serde::{Deserialize, Serialize};

use super::adventure::Adventure;
use super::card::{ChallengeCard, DomeRange};
use super::challenge::{Attack, Challenge};
use super::domes::DomeSlot;
use super::error::{DomeError, PhysicalError, RuleError, TurnError};
use super::game::{Game, Removal};
use super::odds::OddsOver;
use super::paid::PaidAdventure;
use super::physical::Reading;
use super::team::{HeroRef, TeamSide};
use super::victory::{Faction, FavorSide};
use crate::deck::DeckTool;

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
            Action::Reinforce { hero } => self.reinforce(hero),
            Action::Dismiss { hero } => self.remove(hero, Removal::Dismiss),
            Action::Banish { hero } => self.remove(hero, Removal::Banish),
            Action::Place { dome } => self.place(dome),
            Action::Answer { option } => self.answer(option),
            Action::LeaveDome { hero } => self.leave_dome(hero),
            Action::Move { hero } => self.move_on_map(hero),
            Action::PassMelee { hero } => self.pass_melee(hero),
            Action::Challenge {
                team,
                hero,
                challenge,
            } => self.draw_challenge(team, hero, challenge),
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
            Action::Wound { hero, wounds } => self.wound_by_hand(hero, wounds),
            Action::Heal { hero, wounds } => self.heal(hero, wounds),
            Action::GainBoosts { hero, boosts } => self.gain_boosts(hero, boosts),
            Action::UseBoost { hero } => self.use_boost(hero),
            Action::Gold { hero, change } => self.change_gold(hero, change),
            Action::Capture {
                team,
                faction,
                space,
            } => self.capture(team, faction, space),
            Action::Tribute { team, amount } => self.tribute(team, amount),
            Action::GloryCard { team } => self.glory_card(team),
            Action::PickUp { hero, pile, gold } => self.pick_up(hero, pile, gold),
            Action::RaiseFromUnderpit { hero } => self.raise_from_underpit(hero),
            Action::Renew { hero } => self.renew(hero),
            Action::DeckMode { team, physical } => self.deck_mode(team, physical),
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
            Action::OddsOver { over } => self.set_odds_over(over),
            Action::ReplaceDeck { team, name, cards } => self.replace_deck(team, name, cards),
            Action::Deck { team, tool } => self.deck_tool(team, tool),
        }
    }
}
