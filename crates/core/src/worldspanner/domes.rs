//! The Dome tracker and the dismissal rule (DISMISSAL, p. 7). Six Dome keys numbered 1 to 6,
//! four Domes on each, one hero per Dome. A dismissed or banished hero goes to any empty Dome
//! whose number is in the card's range; if all of those are full, to the next higher number
//! that has an empty Dome, going from 6 back to 1. The engine proposes, the player confirms or
//! picks among the proposals.

use serde::{Deserialize, Serialize};

use super::card::{DomeNumber, DomeRange};
use super::error::{DomeError, RuleError};
use super::team::HeroRef;

/// Domes on each Dome key.
pub const DOMES_PER_KEY: u8 = 4;

/// One Dome: its key's number and which of the key's four Domes (1 to 4, as the players
/// agree to count them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DomeSlot {
    pub number: DomeNumber,
    pub slot: u8,
}

impl DomeSlot {
    pub fn new(number: DomeNumber, slot: u8) -> Result<DomeSlot, RuleError> {
        if !(1..=DOMES_PER_KEY).contains(&slot) {
            return Err(DomeError::NoSuchDome { number, slot }.into());
        }
        Ok(DomeSlot { number, slot })
    }
}

impl std::fmt::Display for DomeSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Dome {}.{}", self.number, self.slot)
    }
}

/// Why a Dome number is proposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Because {
    /// In the card's range with an empty Dome: the player may choose any of these.
    InRange,
    /// Every Dome in range is full: the next higher number with an empty Dome (6 wraps to 1).
    NextHigher,
}

/// One proposed Dome number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Candidate {
    pub number: DomeNumber,
    /// Empty Domes on that key.
    pub empty: u8,
    pub because: Because,
}

/// The Dome numbers a hero may be placed in, in rule order: the in-range numbers with room
/// (lowest first; any of them is allowed), or else the one next-higher number with room.
/// `occupied[i]` is how many heroes are in the Domes numbered `i + 1`.
pub fn candidates(range: DomeRange, occupied: [u8; 6]) -> Result<Vec<Candidate>, RuleError> {
    let empty = |n: DomeNumber| DOMES_PER_KEY.saturating_sub(occupied[n.index()]);
    let in_range: Vec<Candidate> = range
        .numbers()
        .into_iter()
        .filter(|n| empty(*n) > 0)
        .map(|n| Candidate {
            number: n,
            empty: empty(n),
            because: Because::InRange,
        })
        .collect();
    if !in_range.is_empty() {
        return Ok(in_range);
    }
    let mut n = range.top();
    for _ in 0..6 {
        n = n.next_wrapping();
        if empty(n) > 0 {
            return Ok(vec![Candidate {
                number: n,
                empty: empty(n),
                because: Because::NextHigher,
            }]);
        }
    }
    Err(DomeError::AllFull.into())
}

/// Explains a proposal in one line.
pub fn explain(range: DomeRange, candidates: &[Candidate]) -> String {
    match candidates.first().map(|c| c.because) {
        Some(Because::InRange) => format!(
            "card shows {range}: choose any empty Dome numbered {}",
            candidates
                .iter()
                .map(|c| c.number.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        Some(Because::NextHigher) => format!(
            "card shows {range} but those Domes are full: use the next higher number with room, \
             {}{}",
            candidates[0].number,
            // Said only when the count went past 6 and started again at 1.
            if candidates[0].number < range.top() {
                " (6 wraps to 1)"
            } else {
                ""
            }
        ),
        None => "no empty Dome".to_string(),
    }
}

/// Who sits in each Dome.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DomeMap {
    /// `domes[number - 1][slot - 1]`.
    domes: [[Option<HeroRef>; 4]; 6],
}

impl DomeMap {
    pub fn occupant(&self, slot: DomeSlot) -> Option<HeroRef> {
        self.domes[slot.number.index()][(slot.slot - 1) as usize]
    }

    /// Heroes in the Domes of each number.
    pub fn occupied(&self) -> [u8; 6] {
        self.domes
            .map(|key| key.iter().filter(|d| d.is_some()).count() as u8)
    }

    /// Where `hero` is, if in a Dome.
    pub fn find(&self, hero: HeroRef) -> Option<DomeSlot> {
        DomeNumber::all().find_map(|n| {
            (1..=DOMES_PER_KEY)
                .map(|s| DomeSlot { number: n, slot: s })
                .find(|slot| self.occupant(*slot) == Some(hero))
        })
    }

    /// The first empty Dome of key `number`.
    pub fn first_empty(&self, number: DomeNumber) -> Option<DomeSlot> {
        (1..=DOMES_PER_KEY)
            .map(|s| DomeSlot { number, slot: s })
            .find(|slot| self.occupant(*slot).is_none())
    }

    pub fn candidates(&self, range: DomeRange) -> Result<Vec<Candidate>, RuleError> {
        candidates(range, self.occupied())
    }

    /// Puts `hero` in `slot`, which must be empty.
    pub fn place(&mut self, slot: DomeSlot, hero: HeroRef) -> Result<(), RuleError> {
        if let Some(other) = self.occupant(slot) {
            return Err(DomeError::Occupied {
                slot,
                occupant: other,
            }
            .into());
        }
        self.vacate(hero);
        self.domes[slot.number.index()][(slot.slot - 1) as usize] = Some(hero);
        Ok(())
    }

    /// Takes `hero` out of its Dome, if it is in one.
    pub fn vacate(&mut self, hero: HeroRef) -> Option<DomeSlot> {
        let slot = self.find(hero)?;
        self.domes[slot.number.index()][(slot.slot - 1) as usize] = None;
        Some(slot)
    }

    /// Every occupied Dome.
    pub fn all(&self) -> Vec<(DomeSlot, HeroRef)> {
        let mut out = Vec::new();
        for n in DomeNumber::all() {
            for s in 1..=DOMES_PER_KEY {
                let slot = DomeSlot { number: n, slot: s };
                if let Some(h) = self.occupant(slot) {
                    out.push((slot, h));
                }
            }
        }
        out
    }
}

/// Parses the CLI's occupancy list "3:4,4:2" (Dome number : heroes in those Domes).
pub fn parse_occupied(text: &str) -> Result<[u8; 6], RuleError> {
    let mut occupied = [0u8; 6];
    let mut seen = crate::datafile::FirstSeen::new();
    if text.trim().is_empty() {
        return Ok(occupied);
    }
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            // ",," or a trailing comma: something meant was left out.
            return Err(DomeError::EmptyOccupancy {
                text: text.to_string(),
            }
            .into());
        }
        let bad = || DomeError::BadOccupancy {
            part: part.to_string(),
        };
        let (n, k) = part.split_once(':').ok_or_else(bad)?;
        let n: u8 = n.trim().parse().map_err(|_| bad())?;
        let k: u8 = k.trim().parse().map_err(|_| bad())?;
        let n = DomeNumber::new(n)?;
        if k > DOMES_PER_KEY {
            return Err(DomeError::TooManyInKey {
                part: part.to_string(),
                number: n,
            }
            .into());
        }
        if let Some(first) = seen.again(n, part) {
            return Err(DomeError::NumberTwice {
                part: part.to_string(),
                number: n,
                first: first.to_string(),
            }
            .into());
        }
        occupied[n.index()] = k;
    }
    Ok(occupied)
}
