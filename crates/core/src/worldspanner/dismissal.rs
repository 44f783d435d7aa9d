//! Dismissal and banishment as game actions (DISMISSAL, p. 7): the card is drawn from the
//! right deck (own for dismiss, the enemy's for banish), the hero leaves its place, the Domes
//! are proposed, and the choosing team confirms a Dome. Also the Underworld's rewards
//! (raise from the Underpit, renew from the Pit, p. 17).

use super::card::DomeRange;
use super::domes::{self, Candidate, DomeSlot};
use super::error::{DomeError, HeroError, RuleError};
use super::game::{Game, Pending, Placed, Reason, Removal};
use super::physical::{Need, Reading};
use super::team::{HeroRef, HeroStatus, TeamSide};

impl Game {
    /// Starts the next queued dismissal, if any.
    pub(super) fn next_in_queue(&mut self) -> Result<Vec<String>, RuleError> {
        if self.queue.is_empty() {
            return Ok(Vec::new());
        }
        let (hero, how, reason) = self.queue.remove(0);
        self.begin_removal(hero, how, reason)
    }

    /// Draws the card for a dismissal or banishment and proposes Domes.
    pub(super) fn begin_removal(
        &mut self,
        hero: HeroRef,
        how: Removal,
        reason: Reason,
    ) -> Result<Vec<String>, RuleError> {
        let chooser = match how {
            Removal::Dismiss => hero.team,
            Removal::Banish => hero.team.other(),
        };
        self.domes.vacate(hero);
        self.hero_mut(hero)?.status = HeroStatus::Arriving;
        let verb = match how {
            Removal::Dismiss => "dismissed",
            Removal::Banish => "banished",
        };
        // A physical deck with no range read yet: the card is drawn at the table and the
        // pending dismissal waits for its printed range (`Action::ReadDomes`).
        if self.team(chooser).physical && self.readings.is_empty() {
            self.pending = Some(Pending {
                hero,
                how,
                reason,
                chooser,
                card: Reading::default().card()?,
                candidates: Vec::new(),
                awaiting_card: true,
            });
            return Ok(vec![format!(
                "{} is {verb}: {chooser} draw a card from your deck and say its Dome range",
                self.name(hero)
            )]);
        }
        let card = self.draw(chooser, Need::Domes)?;
        let candidates = self.domes.candidates(card.domes())?;
        let lines = vec![
            format!(
                "{} is {verb}: {chooser} draw {} showing Domes {}",
                self.name(hero),
                card.name(),
                card.domes()
            ),
            domes::explain(card.domes(), &candidates),
            self.dome_question(chooser, &candidates),
        ];
        self.pending = Some(Pending {
            hero,
            how,
            reason,
            chooser,
            card,
            candidates,
            awaiting_card: false,
        });
        Ok(lines)
    }

    /// The Dome range printed on the card a physical deck's team drew for the waiting
    /// dismissal: counts the draw and proposes the Domes as for a digital card.
    pub(super) fn read_domes(&mut self, range: DomeRange) -> Result<Vec<String>, RuleError> {
        let Some(p) = self.pending.clone().filter(|p| p.awaiting_card) else {
            return Err(DomeError::NoRangeAwaited.into());
        };
        self.readings.push_back(Reading::domes(range));
        let card = self.draw(p.chooser, Need::Domes)?;
        let candidates = self.domes.candidates(range)?;
        let lines = vec![
            format!("{} draw Domes {range}", p.chooser),
            domes::explain(range, &candidates),
            self.dome_question(p.chooser, &candidates),
        ];
        self.pending = Some(Pending {
            card,
            candidates,
            awaiting_card: false,
            ..p
        });
        Ok(lines)
    }

    pub(super) fn place(&mut self, dome: Option<DomeSlot>) -> Result<Vec<String>, RuleError> {
        let p = self.pending.take().ok_or(DomeError::NobodyWaiting)?;
        if p.awaiting_card {
            return Err(DomeError::RangeFirst { team: p.chooser }.into());
        }
        let slot = match dome {
            Some(d) => d,
            None => p
                .candidates
                .first()
                .and_then(|c| self.domes.first_empty(c.number))
                .ok_or(DomeError::NoRoom)?,
        };
        if !p.candidates.iter().any(|c| c.number == slot.number) {
            return Err(DomeError::NotProposed {
                range: p.card.domes(),
                candidates: p.candidates,
                number: slot.number,
            }
            .into());
        }
        self.domes.place(slot, p.hero).map_err(|e| match e {
            RuleError::Dome(DomeError::Occupied { slot, occupant }) => DomeError::OccupiedBy {
                slot,
                hero: self.name(occupant),
            }
            .into(),
            other => other,
        })?;
        self.hero_mut(p.hero)?.status = HeroStatus::InDome { dome: slot };
        self.placed = Some(Placed {
            hero: p.hero,
            dome: slot,
            card: p.card,
        });
        let mut lines = vec![format!("{} is in {slot}", self.name(p.hero))];
        lines.extend(self.next_in_queue()?);
        Ok(lines)
    }

    /// The empty Domes a waiting hero may take, in rule order.
    pub fn free_domes(&self, candidates: &[Candidate]) -> Vec<DomeSlot> {
        candidates
            .iter()
            .flat_map(|c| {
                domes::Slot::all().map(move |slot| DomeSlot {
                    number: c.number,
                    slot,
                })
            })
            .filter(|s| self.domes.occupant(*s).is_none())
            .collect()
    }

    /// "Skyhawks choose the Dome: free Dome 3.1, 3.2 ...", with the action that answers.
    fn dome_question(&self, chooser: TeamSide, candidates: &[Candidate]) -> String {
        let free = self.free_domes(candidates);
        let Some(first) = free.first() else {
            return format!("{chooser} choose the Dome");
        };
        let names: Vec<String> = free.iter().map(|s| s.to_string()).collect();
        format!(
            "{chooser} choose the Dome: free {}; answer with {{\"action\": \"place\", \"dome\": \
             {{\"number\": {}, \"slot\": {}}}}}, or {{\"action\": \"place\"}} for {first}, or \
             `tablemate answer ID N` for the Nth free Dome",
            names.join(", "),
            first.number,
            first.slot
        )
    }

    pub(super) fn use_underworld(
        &mut self,
        hero: HeroRef,
        from: HeroStatus,
    ) -> Result<(), RuleError> {
        if self.hero(hero)?.status != from {
            return Err(HeroError::WrongStatus {
                hero: self.name(hero),
                status: self.hero(hero)?.status,
                expected: from,
            }
            .into());
        }
        let team = self.team_mut(hero.team);
        if team.underworld_credits == 0 {
            return Err(HeroError::NoUnderworldReward { team: hero.team }.into());
        }
        team.underworld_credits -= 1;
        Ok(())
    }
}
