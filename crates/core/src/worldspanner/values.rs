//! The small values printed on a challenge card, each checked as it is made: a `Difference`
//! (-6..=6), a `Face`, a `DomeNumber` (1..=6), a `DomeRange` ("3-4" or the odd "1 or 6" card),
//! a `Luck` number and the Set 3 AI symbol. (ADVENTURE BASICS, p. 14; DISMISSAL, p. 7;
//! COMBAT, p. 18; Luck, p. 22.)

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::error::CardError;

/// "Better by" / "worse by": the hero's rating minus the opposing rating after modifiers,
/// never beyond 6 either way (ADVENTURE BASICS, Reading the challenge card, p. 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "i8", into = "i8")]
pub struct Difference(i8);

impl Difference {
    pub const MIN: Difference = Difference(-6);
    pub const MAX: Difference = Difference(6);

    /// Clamps any total to the card's rows: the rule for reading a challenge.
    pub fn clamped(total: i32) -> Difference {
        Difference(total.clamp(-6, 6) as i8)
    }

    pub fn value(self) -> i8 {
        self.0
    }

    /// Row index on a card, 0 for -6 up to 12 for +6.
    pub fn index(self) -> usize {
        (self.0 + 6) as usize
    }

    /// Every row of a card, worst first.
    pub fn all() -> impl Iterator<Item = Difference> {
        (-6..=6).map(Difference)
    }
}

impl TryFrom<i8> for Difference {
    type Error = CardError;
    fn try_from(v: i8) -> Result<Self, CardError> {
        if (-6..=6).contains(&v) {
            Ok(Difference(v))
        } else {
            Err(CardError::DifferenceOutOfRange(v as i32))
        }
    }
}

impl From<Difference> for i8 {
    fn from(d: Difference) -> i8 {
        d.0
    }
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 > 0 {
            write!(f, "+{}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// The five faces of a challenge card, worst first, so `Ord` reads "better than".
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, VariantArray,
)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    /// Failure of Painful Proportions.
    Fopp,
    Fail,
    Squeak,
    Pass,
    Amaze,
}

impl Face {
    /// Every face, worst first, as declared (the order `Ord` follows too).
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn name(self) -> &'static str {
        match self {
            Face::Fopp => "Fopp",
            Face::Fail => "Fail",
            Face::Squeak => "Squeak",
            Face::Pass => "Pass",
            Face::Amaze => "Amaze",
        }
    }

    /// The letter used in the deck editor's row form.
    pub fn letter(self) -> char {
        match self {
            Face::Fopp => 'X',
            Face::Fail => 'F',
            Face::Squeak => 'S',
            Face::Pass => 'P',
            Face::Amaze => 'A',
        }
    }

    pub fn from_letter(c: char) -> Option<Face> {
        match c.to_ascii_uppercase() {
            'X' | 'O' => Some(Face::Fopp),
            'F' => Some(Face::Fail),
            'S' => Some(Face::Squeak),
            'P' => Some(Face::Pass),
            'A' => Some(Face::Amaze),
            _ => None,
        }
    }

    /// How a Damage challenge changes the weapon's Wound rating; `None` means no wounds at
    /// all (COMBAT, Damage challenge, p. 18).
    pub fn wound_adjustment(self) -> Option<i8> {
        match self {
            Face::Amaze => Some(1),
            Face::Pass => Some(0),
            Face::Squeak => Some(-1),
            Face::Fail => Some(-2),
            Face::Fopp => None,
        }
    }

    /// Did the hero succeed (Pass or Amaze)?
    pub fn succeeded(self) -> bool {
        self >= Face::Pass
    }
}

impl std::fmt::Display for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A Dome key's number (DISMISSAL, p. 7): six keys numbered 1 to 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct DomeNumber(u8);

impl DomeNumber {
    pub fn new(n: u8) -> Result<DomeNumber, CardError> {
        if (1..=6).contains(&n) {
            Ok(DomeNumber(n))
        } else {
            Err(CardError::DomeOutOfRange(n as i32))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// The next number up, going from 6 back to 1 (the dismissal wrap).
    pub fn next_wrapping(self) -> DomeNumber {
        DomeNumber(self.0 % 6 + 1)
    }

    pub fn all() -> impl Iterator<Item = DomeNumber> {
        (1..=6).map(DomeNumber)
    }

    pub(crate) fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

crate::newtype::checked_u8!(DomeNumber, CardError);

impl std::fmt::Display for DomeNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The Domes a dismissal card allows: a span such as 3-4 or 3-6, or the one card printed
/// "1 or 6" (DISMISSAL, p. 7; the web rules print it "6 or 1").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum DomeRange {
    Span { low: DomeNumber, high: DomeNumber },
    OneOrSix,
}

impl DomeRange {
    pub fn span(low: u8, high: u8) -> Result<DomeRange, CardError> {
        let (l, h) = (DomeNumber::new(low)?, DomeNumber::new(high)?);
        if l > h {
            return Err(CardError::BackwardsRange(low, high));
        }
        Ok(DomeRange::Span { low: l, high: h })
    }

    pub fn contains(self, n: DomeNumber) -> bool {
        match self {
            DomeRange::Span { low, high } => low <= n && n <= high,
            DomeRange::OneOrSix => n.get() == 1 || n.get() == 6,
        }
    }

    /// The numbers the card names, lowest first.
    pub fn numbers(self) -> Vec<DomeNumber> {
        DomeNumber::all().filter(|n| self.contains(*n)).collect()
    }

    /// Where "the next highest number" starts counting from when the range is full. For the
    /// "1 or 6" card both ways give the same answer: 6 wraps to 1, which is full, then 2.
    pub fn top(self) -> DomeNumber {
        match self {
            DomeRange::Span { high, .. } => high,
            DomeRange::OneOrSix => DomeNumber(6),
        }
    }

    /// Parses "3-4", "5", "1 or 6" (also "6 or 1", "1or6", "1/6").
    pub fn parse(text: &str) -> Result<DomeRange, CardError> {
        let t: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        if matches!(t.as_str(), "1or6" | "6or1" | "1/6" | "6/1" | "1|6") {
            return Ok(DomeRange::OneOrSix);
        }
        let bad = || CardError::BadRange(text.to_string());
        match t.split_once('-') {
            Some((a, b)) => {
                let a: u8 = a.parse().map_err(|_| bad())?;
                let b: u8 = b.parse().map_err(|_| bad())?;
                DomeRange::span(a, b)
            }
            None => {
                let a: u8 = t.parse().map_err(|_| bad())?;
                DomeRange::span(a, a)
            }
        }
    }
}

impl TryFrom<String> for DomeRange {
    type Error = CardError;
    fn try_from(s: String) -> Result<Self, CardError> {
        DomeRange::parse(&s)
    }
}

impl From<DomeRange> for String {
    fn from(r: DomeRange) -> String {
        r.to_string()
    }
}

impl std::fmt::Display for DomeRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DomeRange::Span { low, high } if low == high => write!(f, "{low}"),
            DomeRange::Span { low, high } => write!(f, "{low}-{high}"),
            DomeRange::OneOrSix => f.write_str("1 or 6"),
        }
    }
}

/// The Luck number printed on a card, read for the challenge it was drawn for (SPECIAL
/// ABILITIES, Luck, p. 22). The book does not print the range; Tablemate accepts 0 to 9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Luck(u8);

impl Luck {
    pub const MAX: u8 = 9;

    pub fn new(n: u8) -> Result<Luck, CardError> {
        if n <= Luck::MAX {
            Ok(Luck(n))
        } else {
            Err(CardError::LuckOutOfRange(n as i32))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

crate::newtype::checked_u8!(Luck, CardError);

/// The Set 3 AI symbol at the card's right edge, as the player names it. Sets 1 and 2 do not
/// use it and its symbols are not public, so it is a short free label.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AiSymbol(String);

impl AiSymbol {
    pub fn new(text: &str) -> Result<AiSymbol, CardError> {
        let t = text.trim();
        if t.is_empty() || t.chars().count() > 20 {
            return Err(CardError::BadAiSymbol(text.to_string()));
        }
        Ok(AiSymbol(t.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for AiSymbol {
    type Error = CardError;
    fn try_from(s: String) -> Result<Self, CardError> {
        AiSymbol::new(&s)
    }
}

impl From<AiSymbol> for String {
    fn from(a: AiSymbol) -> String {
        a.0
    }
}
