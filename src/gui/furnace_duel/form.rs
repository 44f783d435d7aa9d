//! The end-of-game entry of the Furnace Duel screen: the five numbers each player counts and, on
//! an absolute tie, the 1st player token, typed as text and parsed into a `GameResult` with a message naming any
//! mistyped field.

use strum::{EnumCount, VariantArray};

use crate::furnace_duel::{GameResult, Seat, Tally};

/// One number of the end-of-game entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, VariantArray, EnumCount)]
pub enum TallyField {
    Cash,
    TechTokens,
    BoardBonus,
    CompanyCards,
    Resources,
}

impl TallyField {
    /// Every number, as declared: the form's order, which `ResultForm::fields` follows.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn label(self) -> &'static str {
        match self {
            TallyField::Cash => "Cash",
            TallyField::TechTokens => "Leftover Tech tokens",
            TallyField::BoardBonus => "Board awards at game end",
            TallyField::CompanyCards => "Company cards",
            TallyField::Resources => "Leftover resources",
        }
    }

    pub(crate) fn id(self, seat: Seat) -> String {
        let f = match self {
            TallyField::Cash => "cash",
            TallyField::TechTokens => "tech",
            TallyField::BoardBonus => "bonus",
            TallyField::CompanyCards => "cards",
            TallyField::Resources => "resources",
        };
        format!("fd-{}-{f}", seat_key(seat))
    }

    fn get(self, t: &Tally) -> u32 {
        match self {
            TallyField::Cash => t.cash,
            TallyField::TechTokens => t.tech_tokens,
            TallyField::BoardBonus => t.board_bonus,
            TallyField::CompanyCards => t.company_cards,
            TallyField::Resources => t.resources,
        }
    }

    fn set(self, t: &mut Tally, v: u32) {
        match self {
            TallyField::Cash => t.cash = v,
            TallyField::TechTokens => t.tech_tokens = v,
            TallyField::BoardBonus => t.board_bonus = v,
            TallyField::CompanyCards => t.company_cards = v,
            TallyField::Resources => t.resources = v,
        }
    }
}

fn seat_key(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "a",
        Seat::B => "b",
    }
}

/// The end-of-game entry for the current game: the typed text of each number.
#[derive(Debug, Clone, Default)]
pub(crate) struct ResultForm {
    pub(crate) fields: [[String; TallyField::COUNT]; 2],
    pub(crate) token: Option<Seat>,
}

impl ResultForm {
    pub(crate) fn from_result(result: Option<&GameResult>) -> ResultForm {
        match result {
            None => ResultForm::default(),
            Some(r) => ResultForm {
                fields: [0, 1].map(|k| {
                    std::array::from_fn(|i| TallyField::ALL[i].get(&r.tallies[k]).to_string())
                }),
                token: r.first_player_token,
            },
        }
    }

    pub(crate) fn text(&self, seat: Seat, field: TallyField) -> &str {
        let i = TallyField::ALL
            .iter()
            .position(|f| *f == field)
            .unwrap_or(0);
        &self.fields[seat.index()][i]
    }

    pub(crate) fn set(&mut self, seat: Seat, field: TallyField, value: String) {
        if let Some(i) = TallyField::ALL.iter().position(|f| *f == field) {
            self.fields[seat.index()][i] = value;
        }
    }

    /// The typed numbers as a result, or what is wrong with them (blank counts as 0, except
    /// cash).
    pub(crate) fn parse(
        &self,
        players: &[String; 2],
    ) -> Result<GameResult, crate::gui::widgets::FieldError> {
        let mut tallies = [Tally::default(); 2];
        for seat in Seat::BOTH {
            for (i, &field) in TallyField::ALL.iter().enumerate() {
                let raw = self.fields[seat.index()][i].trim();
                let value = if raw.is_empty() && field != TallyField::Cash {
                    0
                } else {
                    raw.parse::<u32>().map_err(|_| crate::gui::widgets::FieldError {
                        field: format!(
                            "{}'s {}",
                            players[seat.index()],
                            field.label().to_lowercase()
                        ),
                        problem: format!("must be a whole number (it is “{raw}”)"),
                    })?
                };
                field.set(&mut tallies[seat.index()], value);
            }
        }
        // The token is the engine's to ask for, and only on an absolute tie (GAME END, p. 7).
        Ok(GameResult {
            tallies,
            first_player_token: self.token,
        })
    }
}
