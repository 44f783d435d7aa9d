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

/// Which of a key's four Domes (1 to 4, as the players agree to count them). Checked when it
/// is made and when it is read, from a save, the CLI or a phone, so a Dome outside the key can
/// never reach the map (`{"number": 1, "slot": 5}` is refused while it is read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "u8")]
pub struct Slot(u8);

impl Slot {
    pub fn new(n: u8) -> Result<Slot, DomeError> {
        Slot::try_from(i64::from(n))
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// The four Domes of a key, in order.
    pub fn all() -> impl Iterator<Item = Slot> {
        (1..=DOMES_PER_KEY).map(Slot)
    }

    fn index(self) -> usize {
        usize::from(self.0 - 1)
    }
}

/// Any JSON integer, so that 0, 5, 255, 300 and -1 all get the same refusal naming the range.
impl TryFrom<i64> for Slot {
    type Error = DomeError;
    fn try_from(n: i64) -> Result<Slot, DomeError> {
        match u8::try_from(n) {
            Ok(s) if (1..=DOMES_PER_KEY).contains(&s) => Ok(Slot(s)),
            _ => Err(DomeError::NoSuchSlot { slot: n }),
        }
    }
}

impl From<Slot> for u8 {
    fn from(s: Slot) -> u8 {
        s.0
    }
}

impl std::fmt::Display for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One Dome: its key's number and which of the key's four Domes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DomeSlot {
    pub number: DomeNumber,
    pub slot: Slot,
}

impl DomeSlot {
    pub fn new(number: DomeNumber, slot: u8) -> Result<DomeSlot, RuleError> {
        let slot = Slot::new(slot).map_err(|_| DomeError::NoSuchDome { number, slot })?;
        Ok(DomeSlot { number, slot })
    }

    /// The four Domes of key `number`, in order.
    pub fn on_key(number: DomeNumber) -> impl Iterator<Item = DomeSlot> {
        Slot::all().map(move |slot| DomeSlot { number, slot })
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
        self.domes[slot.number.index()][slot.slot.index()]
    }

    /// Heroes in the Domes of each number.
    pub fn occupied(&self) -> [u8; 6] {
        self.domes
            .map(|key| key.iter().filter(|d| d.is_some()).count() as u8)
    }

    /// Where `hero` is, if in a Dome.
    pub fn find(&self, hero: HeroRef) -> Option<DomeSlot> {
        DomeNumber::all()
            .find_map(|n| DomeSlot::on_key(n).find(|slot| self.occupant(*slot) == Some(hero)))
    }

    /// The first empty Dome of key `number`.
    pub fn first_empty(&self, number: DomeNumber) -> Option<DomeSlot> {
        DomeSlot::on_key(number).find(|slot| self.occupant(*slot).is_none())
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
        self.domes[slot.number.index()][slot.slot.index()] = Some(hero);
        Ok(())
    }

    /// Takes `hero` out of its Dome, if it is in one.
    pub fn vacate(&mut self, hero: HeroRef) -> Option<DomeSlot> {
        let slot = self.find(hero)?;
        self.domes[slot.number.index()][slot.slot.index()] = None;
        Some(slot)
    }

    /// Every occupied Dome.
    pub fn all(&self) -> Vec<(DomeSlot, HeroRef)> {
        let mut out = Vec::new();
        for n in DomeNumber::all() {
            for slot in DomeSlot::on_key(n) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dome_slot_outside_one_to_four_is_refused_while_it_is_read() {
        for bad in ["0", "5", "255", "256", "-1", "9223372036854775807"] {
            let json = format!(r#"{{"number":1,"slot":{bad}}}"#);
            let err = serde_json::from_str::<DomeSlot>(&json).unwrap_err();
            assert!(
                err.to_string().contains("a Dome's slot is 1 to 4"),
                "{bad}: {err}"
            );
        }
        let read: DomeSlot = serde_json::from_str(r#"{"number":2,"slot":4}"#).unwrap();
        assert_eq!(read.to_string(), "Dome 2.4");
        assert_eq!(
            serde_json::to_string(&read).unwrap(),
            r#"{"number":2,"slot":4}"#
        );
        assert_eq!(Slot::all().count(), usize::from(DOMES_PER_KEY));
    }
}
