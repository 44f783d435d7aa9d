//! One challenge card. Its faces are stored as bands (thresholds), so a card whose face gets
//! worse as the difference grows cannot exist; the blue Hit bar is one band too. Cards can be
//! made from thresholds or from their 13 printed rows. (ADVENTURE BASICS, Challenges, p. 14;
//! COMBAT, Hit and Damage challenges, p. 18.)

use serde::{Deserialize, Serialize};

use super::error::CardError;
pub use super::values::{AiSymbol, Difference, DomeNumber, DomeRange, Face, Luck};

/// "From this difference up": the lowest row showing a face (or better), `None` when the
/// card never shows it. `None` counts as above +6.
pub type Threshold = Option<Difference>;

fn rank(t: Threshold) -> i8 {
    t.map_or(7, Difference::value)
}

/// One challenge card. The faces are four thresholds: rows below `fail_from` are Fopp, from
/// `fail_from` Fail, from `squeak_from` Squeak, from `pass_from` Pass, from `amaze_from`
/// Amaze. The blue Hit bar covers `hit_from` and every better row.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "CardSpec", into = "CardSpec")]
pub struct ChallengeCard {
    number: u16,
    fail_from: Threshold,
    squeak_from: Threshold,
    pass_from: Threshold,
    amaze_from: Threshold,
    hit_from: Threshold,
    luck: Luck,
    domes: DomeRange,
    ai_symbol: Option<AiSymbol>,
}

/// The file form of a card (deck files and saves): plain numbers, checked on the way in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    pub fail_from: Option<i8>,
    pub squeak_from: Option<i8>,
    pub pass_from: Option<i8>,
    pub amaze_from: Option<i8>,
    pub hit_from: Option<i8>,
    pub luck: u8,
    pub domes: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_symbol: Option<String>,
}

impl TryFrom<CardSpec> for ChallengeCard {
    type Error = CardError;
    fn try_from(s: CardSpec) -> Result<Self, CardError> {
        fn threshold(field: &'static str, v: Option<i8>) -> Result<Threshold, CardError> {
            v.map(|v| Difference::try_from(v).map_err(|_| CardError::ThresholdOutOfRange(field, v)))
                .transpose()
        }
        ChallengeCard::new(
            s.number.unwrap_or(0),
            [
                threshold("fail_from", s.fail_from)?,
                threshold("squeak_from", s.squeak_from)?,
                threshold("pass_from", s.pass_from)?,
                threshold("amaze_from", s.amaze_from)?,
            ],
            threshold("hit_from", s.hit_from)?,
            Luck::new(s.luck)?,
            DomeRange::parse(&s.domes)?,
            s.ai_symbol.as_deref().map(AiSymbol::new).transpose()?,
        )
    }
}

impl From<ChallengeCard> for CardSpec {
    fn from(c: ChallengeCard) -> CardSpec {
        CardSpec {
            number: (c.number > 0).then_some(c.number),
            fail_from: c.fail_from.map(i8::from),
            squeak_from: c.squeak_from.map(i8::from),
            pass_from: c.pass_from.map(i8::from),
            amaze_from: c.amaze_from.map(i8::from),
            hit_from: c.hit_from.map(i8::from),
            luck: c.luck.get(),
            domes: c.domes.to_string(),
            ai_symbol: c.ai_symbol.map(String::from),
        }
    }
}

impl ChallengeCard {
    /// A card from its thresholds `[fail, squeak, pass, amaze]`, which must not decrease:
    /// a better difference never shows a worse face.
    pub fn new(
        number: u16,
        faces_from: [Threshold; 4],
        hit_from: Threshold,
        luck: Luck,
        domes: DomeRange,
        ai_symbol: Option<AiSymbol>,
    ) -> Result<ChallengeCard, CardError> {
        let names = [Face::Fail, Face::Squeak, Face::Pass, Face::Amaze];
        for i in 1..4 {
            if rank(faces_from[i]) < rank(faces_from[i - 1]) {
                let show = |t: Threshold| t.map_or("never".to_string(), |d| d.to_string());
                return Err(CardError::FacesGetWorse {
                    better: names[i],
                    better_from: show(faces_from[i]),
                    worse: names[i - 1],
                    worse_from: show(faces_from[i - 1]),
                });
            }
        }
        let [fail_from, squeak_from, pass_from, amaze_from] = faces_from;
        Ok(ChallengeCard {
            number,
            fail_from,
            squeak_from,
            pass_from,
            amaze_from,
            hit_from,
            luck,
            domes,
            ai_symbol,
        })
    }

    /// A card from its printed rows, -6 first: 13 face letters (A Amaze, P Pass, S Squeak,
    /// F Fail, X Fopp) and 13 Hit marks (H covered by the blue bar, `.` or `-` not).
    pub fn from_rows(
        number: u16,
        faces: &str,
        hits: &str,
        luck: Luck,
        domes: DomeRange,
        ai_symbol: Option<AiSymbol>,
    ) -> Result<ChallengeCard, CardError> {
        let faces: Vec<char> = faces.chars().filter(|c| !c.is_whitespace()).collect();
        let hits: Vec<char> = hits.chars().filter(|c| !c.is_whitespace()).collect();
        if faces.len() != 13 {
            return Err(CardError::RowCount("faces", faces.len()));
        }
        if hits.len() != 13 {
            return Err(CardError::RowCount("hits", hits.len()));
        }
        let mut row_faces = Vec::with_capacity(13);
        for (d, c) in Difference::all().zip(&faces) {
            let face = Face::from_letter(*c).ok_or(CardError::BadFaceLetter(*c))?;
            if let Some(&(prev_d, prev)) = row_faces.last()
                && face < prev
            {
                return Err(CardError::RowGetsWorse {
                    at: d,
                    face,
                    before: prev_d,
                    prev,
                });
            }
            row_faces.push((d, face));
        }
        let first = |f: Face| row_faces.iter().find(|(_, g)| *g >= f).map(|(d, _)| *d);
        let mut hit_from = None;
        for (d, c) in Difference::all().zip(&hits) {
            let hit = match c {
                'H' | 'h' => true,
                '.' | '-' => false,
                other => return Err(CardError::BadHitMark(*other)),
            };
            match (hit, hit_from) {
                (true, None) => hit_from = Some(d),
                (false, Some(from)) => return Err(CardError::HitBarGap { from, miss: d }),
                _ => {}
            }
        }
        ChallengeCard::new(
            number,
            [
                first(Face::Fail),
                first(Face::Squeak),
                first(Face::Pass),
                first(Face::Amaze),
            ],
            hit_from,
            luck,
            domes,
            ai_symbol,
        )
    }

    /// The face printed next to `difference`.
    pub fn face(&self, difference: Difference) -> Face {
        let d = difference.value();
        if d >= rank(self.amaze_from) {
            Face::Amaze
        } else if d >= rank(self.pass_from) {
            Face::Pass
        } else if d >= rank(self.squeak_from) {
            Face::Squeak
        } else if d >= rank(self.fail_from) {
            Face::Fail
        } else {
            Face::Fopp
        }
    }

    /// Does the blue Hit bar cover `difference`?
    pub fn hits(&self, difference: Difference) -> bool {
        difference.value() >= rank(self.hit_from)
    }

    /// Position in the deck list, 1-based (0 for a card not yet numbered).
    pub fn number(&self) -> u16 {
        self.number
    }

    pub fn with_number(mut self, number: u16) -> ChallengeCard {
        self.number = number;
        self
    }

    pub fn luck(&self) -> Luck {
        self.luck
    }

    pub fn domes(&self) -> DomeRange {
        self.domes
    }

    pub fn ai_symbol(&self) -> Option<&AiSymbol> {
        self.ai_symbol.as_ref()
    }

    /// The thresholds `[fail, squeak, pass, amaze]` and the Hit threshold.
    pub fn thresholds(&self) -> ([Threshold; 4], Threshold) {
        (
            [
                self.fail_from,
                self.squeak_from,
                self.pass_from,
                self.amaze_from,
            ],
            self.hit_from,
        )
    }

    /// The 13 face letters, -6 first ("XXFFSSPPPPAAA").
    pub fn face_row(&self) -> String {
        Difference::all().map(|d| self.face(d).letter()).collect()
    }

    /// The 13 Hit marks, -6 first ("....HHHHHHHHH").
    pub fn hit_row(&self) -> String {
        Difference::all()
            .map(|d| if self.hits(d) { 'H' } else { '.' })
            .collect()
    }

    /// "#17: XXFFSSPPPPAAA hit ....HHHHHHHHH luck 3 domes 3-4".
    pub fn describe(&self) -> String {
        let mut s = format!(
            "#{}: {} hit {} luck {} domes {}",
            self.number,
            self.face_row(),
            self.hit_row(),
            self.luck.get(),
            self.domes
        );
        if let Some(a) = &self.ai_symbol {
            s += &format!(" AI {}", a.as_str());
        }
        s
    }
}
