//! Physical challenge decks (RULINGS: "A physical deck can replace the digital one"): a team may
//! draw its own cards from the box. The app then asks only for what the rules read on the card
//! just drawn: the face at the named row (a challenge, Damage), whether the blue Hit bar is beside
//! that row (a Hit challenge), the Luck number (only where a rule checks Luck), or the printed
//! Dome range (a dismissal or banishment). A `Reading` becomes a stand-in card showing that face
//! on every row, so everything after it (wounds, Boosts, dismissals, tribute) is computed by the
//! same code as a digital draw.

use serde::{Deserialize, Serialize};

use super::card::{ChallengeCard, DomeRange, Face, Luck};
use super::error::{CardError, PhysicalError, RuleError};

/// The list number of a stand-in card whose Luck was not read (deck files number 1 to 36).
const PHYSICAL: u16 = u16::MAX;
/// The list number of a stand-in card whose Luck was read.
const PHYSICAL_WITH_LUCK: u16 = u16::MAX - 1;

/// What the rules read on the card a team just drew from its own physical deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The face beside the row the app named (challenges and Damage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<Face>,
    /// Whether the blue Hit bar is beside that row (Hit challenges).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit: Option<bool>,
    /// The card's Luck, where a rule checks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<u8>,
    /// The printed Dome range (dismissal and banishment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domes: Option<DomeRange>,
}

fn band(face: Face, from: i8, to: i8) -> String {
    let d = |v: i8| {
        if v > 0 {
            format!("+{v}")
        } else {
            v.to_string()
        }
    };
    if from == to {
        format!("{} {}", face.name(), d(from))
    } else {
        format!("{} {} to {}", face.name(), d(from), d(to))
    }
}

/// What a draw is for, and so which part of the card the rules read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// The face at the row (adventures, other challenges, Damage).
    Face,
    /// The Hit bar at the row (melee and ranged Hit challenges).
    Hit,
    /// The Dome range (dismissal, banishment).
    Domes,
}

impl Need {
    /// What to ask the table for.
    pub fn ask(self) -> &'static str {
        match self {
            Need::Face => "say which face is beside the named row",
            Need::Hit => "say whether the blue Hit bar is beside the named row",
            Need::Domes => "say which Dome range the card shows",
        }
    }

    /// What to ask the table for, naming the row the rules read when it is known.
    pub fn ask_at(self, row: Option<super::card::Difference>) -> String {
        match (self, row) {
            (Need::Face, Some(r)) => format!("say which face is beside row {r}"),
            (Need::Hit, Some(r)) => format!("say whether the blue Hit bar is beside row {r}"),
            _ => self.ask().to_string(),
        }
    }

    /// A reading in an action's JSON, for the refusal that asks for it.
    pub fn example(self) -> &'static str {
        match self {
            Need::Face => "{\"face\": \"pass\"}",
            Need::Hit => "{\"hit\": true}",
            Need::Domes => "{\"domes\": \"3-4\"}",
        }
    }
}

impl Reading {
    pub fn face(face: Face) -> Reading {
        Reading {
            face: Some(face),
            ..Reading::default()
        }
    }

    pub fn hit(hit: bool) -> Reading {
        Reading {
            hit: Some(hit),
            ..Reading::default()
        }
    }

    pub fn domes(domes: DomeRange) -> Reading {
        Reading {
            domes: Some(domes),
            ..Reading::default()
        }
    }

    /// Refuses a reading that lacks what the draw needs.
    pub fn check(&self, need: Need) -> Result<(), RuleError> {
        let has = match need {
            Need::Face => self.face.is_some(),
            Need::Hit => self.hit.is_some(),
            Need::Domes => self.domes.is_some(),
        };
        if has {
            Ok(())
        } else {
            Err(PhysicalError::ReadingLacks { need }.into())
        }
    }

    /// The stand-in card: the face on every row (Fopp if none was read), the Hit bar on every
    /// row or none, the Luck (0 when not read), the Dome range ("1 or 6" when not read: it is
    /// never consulted then).
    pub fn card(&self) -> Result<ChallengeCard, CardError> {
        let face = self.face.unwrap_or(Face::Fopp);
        let every = Some(super::card::Difference::clamped(-6));
        let from = |f: Face| if face >= f { every } else { None };
        ChallengeCard::new(
            if self.luck.is_some() {
                PHYSICAL_WITH_LUCK
            } else {
                PHYSICAL
            },
            [
                from(Face::Fail),
                from(Face::Squeak),
                from(Face::Pass),
                from(Face::Amaze),
            ],
            if self.hit == Some(true) { every } else { None },
            Luck::new(self.luck.unwrap_or(0))?,
            self.domes.unwrap_or(DomeRange::OneOrSix),
            None,
        )
    }
}

impl ChallengeCard {
    /// A stand-in for a card drawn from a physical deck.
    pub fn is_physical(&self) -> bool {
        matches!(self.number(), PHYSICAL | PHYSICAL_WITH_LUCK)
    }

    /// The Luck, unless this is a physical card whose Luck was not read.
    pub fn luck_read(&self) -> Option<Luck> {
        (self.number() != PHYSICAL).then(|| self.luck())
    }

    /// The card as bands, the way it reads at the table: "Fopp -6 to -4 · Fail -3 to -2 ·
    /// Squeak -1 to 0 · Pass +1 to +4 · Amaze +5 to +6 · Hit bar from -1 · Luck 4 · Domes 1-2".
    pub fn bands(&self) -> String {
        let mut parts = Vec::new();
        let mut start: Option<(Face, i8)> = None;
        for d in super::card::Difference::all() {
            let f = self.face(d);
            match start {
                Some((g, _)) if g == f => {}
                Some((g, from)) => {
                    parts.push(band(g, from, d.value() - 1));
                    start = Some((f, d.value()));
                }
                None => start = Some((f, d.value())),
            }
        }
        if let Some((g, from)) = start {
            parts.push(band(g, from, 6));
        }
        let (_, hit) = self.thresholds();
        parts.push(match hit {
            Some(d) => format!("Hit bar from {d}"),
            None => "no Hit bar".into(),
        });
        parts.push(format!("Luck {}", self.luck().get()));
        parts.push(format!("Domes {}", self.domes()));
        parts.join(" · ")
    }

    /// "card #17" or "the card drawn" (a physical card has no list number).
    pub fn name(&self) -> String {
        if self.is_physical() {
            "the card drawn".into()
        } else {
            format!("card #{}", self.number())
        }
    }
}
