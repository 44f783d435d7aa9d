//! Your buildings, items, upgraded workers or leaders as the card editor holds them while you
//! type (the units editor's model, `units_draft`, for the four kingdom card files): one row per
//! card (name, cost, VP, copies, and for a building its turn counters and hits, the INDEX
//! effect or none, the card's text), each value as typed, checked live with the loader's own
//! checks (`CardsFile::problems`), every problem named at its row. A row taken from sample data
//! stays marked "sample" until you edit or confirm it. Rows can be added (a card of your box
//! the sample file lacks) and removed. No I/O: the screen saves `to_file()`.

use super::cards::{Card, CardKind, CardsFile, Effect};

/// A value of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Name,
    Cost,
    Vp,
    Copies,
    Turns,
    Hits,
    /// A leader's uses a turn or boost, an upgraded worker's bonus (docs/furtherance.md).
    Amount,
    Text,
}

impl Column {
    pub fn title(self) -> &'static str {
        match self {
            Column::Name => "name",
            Column::Cost => "cost",
            Column::Vp => "vp",
            Column::Copies => "copies",
            Column::Turns => "turns",
            Column::Hits => "hits",
            Column::Amount => "amount",
            Column::Text => "text",
        }
    }

    /// The columns a card of `kind` has, in the table's order: turn counters and hits are
    /// for buildings only (BUILDINGS).
    pub fn of(kind: CardKind) -> &'static [Column] {
        match kind {
            CardKind::Building => &[
                Column::Name,
                Column::Cost,
                Column::Vp,
                Column::Copies,
                Column::Turns,
                Column::Hits,
                Column::Text,
            ],
            // Payne's turn counters; a leader's uses or boost.
            CardKind::Leader => &[
                Column::Name,
                Column::Cost,
                Column::Vp,
                Column::Copies,
                Column::Turns,
                Column::Amount,
                Column::Text,
            ],
            CardKind::Upgrade => &[
                Column::Name,
                Column::Cost,
                Column::Vp,
                Column::Copies,
                Column::Amount,
                Column::Text,
            ],
            _ => &[
                Column::Name,
                Column::Cost,
                Column::Vp,
                Column::Copies,
                Column::Text,
            ],
        }
    }

    fn numeric(self) -> bool {
        !matches!(self, Column::Name | Column::Text)
    }
}

/// The effects a card of `kind` may carry (the engine applies them): the INDEX's, and the
/// upgraded workers' bonuses.
pub fn effects(kind: CardKind) -> Vec<Effect> {
    use strum::VariantArray;
    Effect::VARIANTS
        .iter()
        .copied()
        .filter(|e| e.kind() == kind)
        .collect()
}

/// One card as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: String,
    pub cost: String,
    pub vp: String,
    pub copies: String,
    pub turns: String,
    pub hits: String,
    pub text: String,
    pub effect: Option<Effect>,
    pub amount: String,
    /// Trosh's boost (docs/furtherance.md): kept as the file has it.
    pub boost: Option<Effect>,
    /// Still the sample value set: not yet edited or confirmed by you.
    pub sample: bool,
    sample_fields: Vec<String>,
}

impl Row {
    pub fn get(&self, c: Column) -> &str {
        match c {
            Column::Name => &self.name,
            Column::Cost => &self.cost,
            Column::Vp => &self.vp,
            Column::Copies => &self.copies,
            Column::Turns => &self.turns,
            Column::Hits => &self.hits,
            Column::Amount => &self.amount,
            Column::Text => &self.text,
        }
    }

    fn get_mut(&mut self, c: Column) -> &mut String {
        match c {
            Column::Name => &mut self.name,
            Column::Cost => &mut self.cost,
            Column::Vp => &mut self.vp,
            Column::Copies => &mut self.copies,
            Column::Turns => &mut self.turns,
            Column::Hits => &mut self.hits,
            Column::Amount => &mut self.amount,
            Column::Text => &mut self.text,
        }
    }

    // Kept String: an editor cell's message, shown in its row.
    fn number(&self, c: Column) -> Result<u8, String> {
        let text = self.get(c).trim();
        text.parse::<u8>().map_err(|_| {
            format!(
                "{}: type a whole number from 0 to 255, not {text:?}",
                c.title()
            )
        })
    }

    /// A new card of your own: blank name, one copy, a building needing one hit.
    fn blank(kind: CardKind) -> Row {
        let building = kind == CardKind::Building;
        Row {
            name: String::new(),
            cost: "0".into(),
            vp: "0".into(),
            copies: "1".into(),
            turns: if building { "1" } else { "0" }.into(),
            hits: if building { "1" } else { "0" }.into(),
            text: String::new(),
            effect: None,
            amount: "0".into(),
            boost: None,
            sample: false,
            sample_fields: Vec::new(),
        }
    }
}

/// A problem of the table, at its row (`None`: the file as a whole).
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub row: Option<usize>,
    pub text: String,
}

/// One kingdom card file being edited.
#[derive(Debug, Clone, PartialEq)]
pub struct CardsDraft {
    pub kind: CardKind,
    pub rows: Vec<Row>,
    source: String,
    note: String,
}

impl CardsDraft {
    /// The rows of a card file of `kind` (the one in use: sample, or yours).
    pub fn from_file(kind: CardKind, file: &CardsFile) -> CardsDraft {
        CardsDraft::from_cards(
            kind,
            &file.cards,
            file.header.sample_data,
            &file.header.source,
            &file.header.note,
        )
    }

    /// The rows of `cards` (a game's copy, or a file's), `sample` when the file is marked so.
    pub fn from_cards(
        kind: CardKind,
        cards: &[Card],
        sample: bool,
        source: &str,
        note: &str,
    ) -> CardsDraft {
        let rows = cards
            .iter()
            .map(|c| Row {
                name: c.name.clone(),
                cost: c.cost.to_string(),
                vp: c.vp.to_string(),
                copies: c.copies.to_string(),
                turns: c.turns.to_string(),
                hits: c.hits.to_string(),
                text: c.text.clone(),
                effect: c.effect,
                amount: c.amount.to_string(),
                boost: c.boost,
                sample: sample && !c.sample_fields.is_empty(),
                sample_fields: c.sample_fields.clone(),
            })
            .collect();
        CardsDraft {
            kind,
            rows,
            source: source.to_string(),
            note: note.to_string(),
        }
    }

    /// Sets a value of row `row`; the row is yours from now on.
    pub fn set(&mut self, row: usize, column: Column, value: String) {
        if let Some(r) = self.rows.get_mut(row) {
            *r.get_mut(column) = value;
            r.sample = false;
        }
    }

    pub fn set_effect(&mut self, row: usize, effect: Option<Effect>) {
        if let Some(r) = self.rows.get_mut(row) {
            r.effect = effect;
            r.sample = false;
        }
    }

    /// You checked the row against your card: its values are yours as they are.
    pub fn confirm(&mut self, row: usize) {
        if let Some(r) = self.rows.get_mut(row) {
            r.sample = false;
        }
    }

    /// A blank row at the end, for a card the file lacks.
    pub fn add(&mut self) {
        self.rows.push(Row::blank(self.kind));
    }

    pub fn remove(&mut self, row: usize) {
        if row < self.rows.len() {
            self.rows.remove(row);
        }
    }

    /// Rows still marked sample.
    pub fn sample_rows(&self) -> usize {
        self.rows.iter().filter(|r| r.sample).count()
    }

    /// Cards in the deck as typed (rows whose copies are not a number count 0).
    pub fn cards(&self) -> u32 {
        self.rows
            .iter()
            .filter_map(|r| r.copies.trim().parse::<u8>().ok())
            .map(u32::from)
            .sum()
    }

    /// The card file these rows make, or every problem, each at its row: the numbers as
    /// typed, then the loader's own checks (`CardsFile::problems`).
    pub fn to_file(&self) -> Result<CardsFile, Vec<Problem>> {
        let mut problems = Vec::new();
        let mut cards = Vec::new();
        let columns = Column::of(self.kind);
        for (i, r) in self.rows.iter().enumerate() {
            let mut card = Card {
                name: r.name.trim().to_string(),
                cost: 0,
                vp: 0,
                copies: 0,
                turns: 0,
                hits: 0,
                effect: r.effect,
                amount: 0,
                boost: r.boost,
                text: r.text.trim().to_string(),
                sample_fields: if r.sample {
                    r.sample_fields.clone()
                } else {
                    Vec::new()
                },
            };
            for &c in columns.iter().filter(|c| c.numeric()) {
                match r.number(c) {
                    Ok(n) => match c {
                        Column::Cost => card.cost = n,
                        Column::Vp => card.vp = n,
                        Column::Copies => card.copies = n,
                        Column::Turns => card.turns = n,
                        Column::Hits => card.hits = n,
                        Column::Amount => card.amount = n,
                        Column::Name | Column::Text => {}
                    },
                    Err(text) => problems.push(Problem {
                        row: Some(i),
                        text: format!("cards[{i}] ({:?}): {text}", card.name),
                    }),
                }
            }
            cards.push(card);
        }
        let sample = self.rows.iter().any(|r| r.sample);
        let data_kind = self.kind.data_kind();
        let file = CardsFile {
            header: if sample {
                crate::datafile::Header::new(data_kind, true, &self.source, &self.note)
            } else {
                crate::datafile::Header::new(
                    data_kind,
                    false,
                    "Your own cards, entered in Tablemate's card editor.",
                    "",
                )
            },
            cards,
        };
        // A row whose numbers did not parse is already named: its loader problems (from
        // placeholder zeros) are left out.
        let unparsed: Vec<Option<usize>> = problems.iter().map(|p| p.row).collect();
        for text in file.problems(self.kind) {
            let row = row_of(&text);
            if row.is_none() || !unparsed.contains(&row) {
                problems.push(Problem { row, text });
            }
        }
        problems.sort_by_key(|p| p.row.map_or(0, |r| r + 1));
        if problems.is_empty() {
            Ok(file)
        } else {
            Err(problems)
        }
    }

    /// Every problem now, each with its row (empty: the rows can be saved).
    pub fn problems(&self) -> Vec<Problem> {
        self.to_file().err().unwrap_or_default()
    }
}

/// The row a loader message names ("cards[3] (...): ..." is row 3).
fn row_of(text: &str) -> Option<usize> {
    let rest = text.strip_prefix("cards[")?;
    let (n, _) = rest.split_once(']')?;
    n.parse().ok()
}

/// A problem in the player's words, for a message that names the file: "row 4 (\"Walls\"):
/// hits must be at least 1" (rows counted from 1, as the table shows them).
pub fn in_words(p: &Problem) -> String {
    match p.row {
        Some(r) => {
            let what = p.text.split_once("): ").map_or(p.text.as_str(), |(_, w)| w);
            let name = p
                .text
                .split_once(" (")
                .and_then(|(_, rest)| rest.split_once("): "))
                .map_or("", |(n, _)| n);
            format!("row {} ({name}): {what}", r + 1)
        }
        None => p.text.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::furtherance::Cards;

    fn bundled(kind: CardKind) -> CardsDraft {
        let cards = Cards::bundled().unwrap();
        CardsDraft::from_cards(kind, cards.list(kind), true, "sample", "")
    }

    #[test]
    fn the_bundled_card_files_load_as_rows_that_check_out() {
        for kind in CardKind::ALL {
            let d = bundled(kind);
            assert!(!d.rows.is_empty());
            assert!(d.problems().is_empty(), "{kind:?}: {:?}", d.problems());
        }
        assert_eq!(bundled(CardKind::Item).cards(), 24);
    }

    #[test]
    fn a_building_with_no_hits_is_named_at_its_row() {
        let mut d = bundled(CardKind::Building);
        d.set(2, Column::Hits, "0".into());
        d.set(4, Column::Cost, "lots".into());
        let problems = d.problems();
        let rows: Vec<Option<usize>> = problems.iter().map(|p| p.row).collect();
        assert_eq!(rows, [Some(2), Some(4)], "{problems:?}");
        assert!(problems[0].text.contains("hits must be at least 1"));
        assert!(
            in_words(&problems[0]).starts_with("row 3 ("),
            "{problems:?}"
        );
        assert!(problems[1].text.contains("not \"lots\""));
    }

    #[test]
    fn a_card_entered_in_a_new_row_is_saved_as_yours() {
        let mut d = bundled(CardKind::Leader);
        d.add();
        let last = d.rows.len() - 1;
        assert!(
            d.problems()
                .iter()
                .any(|p| p.row == Some(last) && p.text.contains("name is empty"))
        );
        d.set(last, Column::Name, "Gwen the Gardener".into());
        d.set(last, Column::Text, "Grows things.".into());
        for i in 0..d.rows.len() {
            d.confirm(i);
        }
        let file = d.to_file().unwrap();
        assert!(!file.header.sample_data);
        assert_eq!(file.cards[last].name, "Gwen the Gardener");
        let back = CardsFile::parse(&serde_json::to_string(&file).unwrap(), CardKind::Leader);
        assert!(back.is_ok(), "{back:?}");
    }

    #[test]
    fn an_effect_offered_for_a_kind_belongs_on_it() {
        for kind in CardKind::ALL {
            assert!(effects(kind).iter().all(|e| e.kind() == kind));
        }
        // An upgraded worker's effects are the six "better" ones (docs/furtherance.md).
        assert_eq!(effects(CardKind::Upgrade).len(), 6);
        let mut d = bundled(CardKind::Item);
        d.set_effect(0, Some(Effect::Walls));
        assert!(d.problems()[0].text.contains("belongs on buildings"));
    }
}
