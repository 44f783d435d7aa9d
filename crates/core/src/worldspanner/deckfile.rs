//! Challenge deck files (`data_kind` "worldspanner-challenge-deck") and the deck editor: a
//! player enters their real 36 cards one line at a time, each line checked as it is typed,
//! with progress shown as "17 of 36". No file I/O: texts in, texts out.

use crate::datafile::DataFileError;
use serde::{Deserialize, Serialize};

use super::card::{AiSymbol, ChallengeCard, Difference, DomeRange, Luck, Threshold};
use super::error::CardError;

/// Cards in a team's challenge deck (COMPONENTS: 36 white and 36 black challenge cards).
pub const DECK_SIZE: usize = 36;

pub const DATA_KIND: &str = "worldspanner-challenge-deck";

/// The bundled sample deck (the user's copy in the data folder replaces it).
pub const SAMPLE_PATH: &str = "data/worldspanner/challenge-deck.sample.json";

/// The deck in progress (the window's deck editor and `tablemate worldspanner deck`), kept in
/// the data folder as it is typed so nothing is lost between sessions.
pub const DRAFT_PATH: &str = "data/worldspanner/challenge-deck.draft.json";

/// Where a team's own deck is saved in the data folder (new games use it).
pub fn team_deck_path(side: super::TeamSide) -> String {
    format!(
        "data/worldspanner/challenge-deck.{}.json",
        side.name().to_lowercase()
    )
}

/// A challenge deck file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckFile {
    /// `sample_data` is true for decks Tablemate invented; a player's own entered deck says
    /// false.
    #[serde(flatten)]
    pub header: crate::datafile::Header,
    pub name: String,
    pub cards: Vec<ChallengeCard>,
}

impl DeckFile {
    /// Parses and checks a deck file's text; errors name the card and the problem.
    pub fn parse(text: &str) -> Result<DeckFile, DataFileError> {
        check_card_fields(text)?;
        let mut file: DeckFile = crate::datafile::parse(text, DATA_KIND).map_err(|mut e| {
            if e.at.starts_with("line ") {
                e.problem = format!("{} (cards are numbered from 1 in file order)", e.problem);
            }
            e
        })?;
        if file.cards.len() != DECK_SIZE {
            return Err(DataFileError::new(
                "cards",
                format!(
                    "the file has {} cards; a challenge deck has {DECK_SIZE}",
                    file.cards.len()
                ),
            ));
        }
        for (i, card) in file.cards.iter_mut().enumerate() {
            let position = i as u16 + 1;
            if card.number() != 0 && card.number() != position {
                return Err(DataFileError::new(
                    format!("cards[{i}]"),
                    format!(
                        "numbered {} but it is card {position} in the list",
                        card.number()
                    ),
                ));
            }
            *card = card.clone().with_number(position);
        }
        Ok(file)
    }

    /// `tablemate check` summary.
    pub fn check_text(text: &str) -> Result<String, DataFileError> {
        let f = DeckFile::parse(text)?;
        Ok(format!(
            "challenge deck {:?}, {} cards{}",
            f.name,
            f.cards.len(),
            if f.header.sample_data {
                " (sample data)"
            } else {
                ""
            }
        ))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// The fields every card in a deck file must state. `null` is the file's word for "never" (a
/// face or Hit bar the card does not show), so a missing field is refused rather than read as
/// "never": a forgotten `hit_from` would silently make a card that never hits.
const CARD_FIELDS: [&str; 7] = [
    "fail_from",
    "squeak_from",
    "pass_from",
    "amaze_from",
    "hit_from",
    "luck",
    "domes",
];

/// Refuses a card missing one of `CARD_FIELDS`, naming the card number and the field.
fn check_card_fields(text: &str) -> Result<(), DataFileError> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return Ok(()); // the typed parse reports the syntax error with its line
    };
    let Some(cards) = value.get("cards").and_then(|c| c.as_array()) else {
        return Ok(());
    };
    for (i, card) in cards.iter().enumerate() {
        let Some(fields) = card.as_object() else {
            continue;
        };
        if let Some(missing) = CARD_FIELDS.iter().find(|f| !fields.contains_key(**f)) {
            return Err(DataFileError::new(
                format!("card {} (cards[{i}])", i + 1),
                format!("the field {missing:?} is missing; write null for \"never\""),
            ));
        }
    }
    Ok(())
}

/// How far the deck editor has got: "17 of 36".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub entered: usize,
    pub total: usize,
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} of {}", self.entered, self.total)
    }
}

/// The deck editor's working copy.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DeckEditor {
    pub name: String,
    cards: Vec<ChallengeCard>,
}

impl DeckEditor {
    pub fn new(name: impl Into<String>) -> DeckEditor {
        DeckEditor {
            name: name.into(),
            cards: Vec::new(),
        }
    }

    /// Starts from an existing deck (to correct a card).
    pub fn from_file(file: &DeckFile) -> DeckEditor {
        DeckEditor {
            name: file.name.clone(),
            cards: file.cards.clone(),
        }
    }

    pub fn cards(&self) -> &[ChallengeCard] {
        &self.cards
    }

    pub fn progress(&self) -> Progress {
        Progress {
            entered: self.cards.len(),
            total: DECK_SIZE,
        }
    }

    pub fn is_complete(&self) -> bool {
        self.cards.len() == DECK_SIZE
    }

    /// Likely typing slips, each naming the card (see `deckcheck`).
    pub fn warnings(&self) -> Vec<String> {
        super::deckcheck::warnings(&self.cards)
    }

    /// The draft as saved while typing (`data/worldspanner/challenge-deck.draft.json`).
    pub fn to_draft(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Reads a draft back, checking every card again; errors name the card.
    pub fn from_draft(text: &str) -> Result<DeckEditor, DataFileError> {
        let d: DeckEditor =
            serde_json::from_str(text).map_err(|e| crate::datafile::at(text, &e))?;
        if d.cards.len() > DECK_SIZE {
            return Err(DataFileError::new(
                "cards",
                format!("{} cards, a deck has {DECK_SIZE}", d.cards.len()),
            ));
        }
        let cards = d
            .cards
            .into_iter()
            .enumerate()
            .map(|(i, c)| c.with_number(i as u16 + 1))
            .collect();
        Ok(DeckEditor {
            name: d.name,
            cards,
        })
    }

    /// Adds the next card from one typed line (see `parse_card_line`).
    pub fn add_line(&mut self, line: &str) -> Result<&ChallengeCard, CardError> {
        if self.is_complete() {
            return Err(CardError::Line(format!(
                "the deck already has all {DECK_SIZE} cards: pick a card to replace instead"
            )));
        }
        let card = parse_card_line(self.cards.len() as u16 + 1, line)?;
        self.cards.push(card);
        Ok(&self.cards[self.cards.len() - 1])
    }

    /// Replaces card `number` (1-based).
    pub fn replace_line(&mut self, number: usize, line: &str) -> Result<(), CardError> {
        if number == 0 || number > self.cards.len() {
            return Err(CardError::Line(format!(
                "there is no card {number} yet ({} entered)",
                self.cards.len()
            )));
        }
        self.cards[number - 1] = parse_card_line(number as u16, line)?;
        Ok(())
    }

    /// Removes card `number`; the ones after it move up one.
    pub fn remove(&mut self, number: usize) -> Result<(), CardError> {
        if number == 0 || number > self.cards.len() {
            return Err(CardError::Line(format!("there is no card {number}")));
        }
        self.cards.remove(number - 1);
        for (i, c) in self.cards.iter_mut().enumerate() {
            *c = c.clone().with_number(i as u16 + 1);
        }
        Ok(())
    }

    /// The finished deck file; refuses until all 36 cards are in.
    pub fn finish(&self) -> Result<DeckFile, CardError> {
        if !self.is_complete() {
            return Err(CardError::Line(format!(
                "{} cards entered: a challenge deck has {DECK_SIZE}",
                self.progress()
            )));
        }
        Ok(DeckFile {
            header: crate::datafile::Header::new(
                DATA_KIND,
                false,
                "entered by the player from their own cards in Tablemate's deck editor",
                "",
            ),
            name: self.name.clone(),
            cards: self.cards.clone(),
        })
    }
}

/// Parses one card typed on one line. Two forms:
/// - thresholds: `fail squeak pass amaze hit luck domes [ai]`, e.g. `-4 -2 0 3 -1 3 3-4`,
///   where each threshold is the lowest difference showing that face or better (or the Hit
///   bar), and `n` means the card never shows it;
/// - rows: `faces hits luck domes [ai]`, e.g. `XXFFSSPPPPAAA ....HHHHHHHHH 3 1 or 6`, the
///   13 rows from -6 to +6 as printed.
pub fn parse_card_line(number: u16, line: &str) -> Result<ChallengeCard, CardError> {
    let tokens = join_or(line.split_whitespace().collect());
    let is_row = |t: &str| t.len() == 13 && t.chars().all(|c| "APSFXOapsfxo".contains(c));
    if tokens.first().is_some_and(|t| is_row(t)) {
        if tokens.len() < 4 {
            return Err(CardError::Line(
                "row form: faces hits luck domes [AI symbol], e.g. XXFFSSPPPPAAA ....HHHHHHHHH 3 3-4"
                    .to_string(),
            ));
        }
        let (luck, domes, ai) = tail(&tokens[2..])?;
        return ChallengeCard::from_rows(number, &tokens[0], &tokens[1], luck, domes, ai);
    }
    if tokens.len() < 7 {
        return Err(CardError::Line(format!(
            "expected fail squeak pass amaze hit luck domes [AI symbol], e.g. -4 -2 0 3 -1 3 3-4 \
             (got {} values)",
            tokens.len()
        )));
    }
    let names = ["fail", "squeak", "pass", "amaze", "hit"];
    let mut t: [Threshold; 5] = [None; 5];
    for (i, name) in names.iter().enumerate() {
        t[i] = threshold(name, &tokens[i])?;
    }
    let (luck, domes, ai) = tail(&tokens[5..])?;
    ChallengeCard::new(number, [t[0], t[1], t[2], t[3]], t[4], luck, domes, ai)
}

fn threshold(name: &str, token: &str) -> Result<Threshold, CardError> {
    if matches!(token.to_ascii_lowercase().as_str(), "n" | "never" | "none") {
        return Ok(None);
    }
    let v: i8 = token.trim_start_matches('+').parse().map_err(|_| {
        CardError::Line(format!(
            "{name}: {token:?} is not a difference (-6 to 6, or n for never)"
        ))
    })?;
    Difference::try_from(v)
        .map(Some)
        .map_err(|_| CardError::Line(format!("{name}: {v} is off the card (-6 to 6)")))
}

fn tail(tokens: &[String]) -> Result<(Luck, DomeRange, Option<AiSymbol>), CardError> {
    let luck: u8 = tokens[0]
        .parse()
        .map_err(|_| CardError::Line(format!("luck: {:?} is not a number", tokens[0])))?;
    let luck = Luck::new(luck)?;
    let domes = DomeRange::parse(&tokens[1])?;
    let ai = if tokens.len() > 2 {
        Some(AiSymbol::new(&tokens[2..].join(" "))?)
    } else {
        None
    };
    Ok((luck, domes, ai))
}

/// Glues "1 or 6" back into one token.
fn join_or(tokens: Vec<&str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if i + 2 < tokens.len() && tokens[i + 1].eq_ignore_ascii_case("or") {
            out.push(format!("{}or{}", tokens[i], tokens[i + 2]));
            i += 3;
        } else {
            out.push(tokens[i].to_string());
            i += 1;
        }
    }
    out
}

/// The line that re-creates `card` in the threshold form (for editing a card).
pub fn card_line(card: &ChallengeCard) -> String {
    let (faces, hit) = card.thresholds();
    let t = |t: Threshold| t.map_or("n".to_string(), |d| d.value().to_string());
    let mut s = format!(
        "{} {} {} {} {} {} {}",
        t(faces[0]),
        t(faces[1]),
        t(faces[2]),
        t(faces[3]),
        t(hit),
        card.luck().get(),
        card.domes()
    );
    if let Some(a) = card.ai_symbol() {
        s += " ";
        s += a.as_str();
    }
    s
}
