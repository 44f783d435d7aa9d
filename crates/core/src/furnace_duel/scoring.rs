//! One Furnace Duel game's end: each player's money (cash, leftover Tech tokens, board awards)
//! and the winner with the rulebook's tie-breaks (GAME END, page 7; docs/rulings.md Furnace Duel):
//! most money, then most Company cards, then most resources, then the 1st player token.

use serde::{Deserialize, Serialize};

/// Money each leftover Tech token is worth at the game end (GAME END, page 7).
pub const TECH_TOKEN_MONEY: u32 = 2;

/// One of the two players: the left (A) or right (B) column of the campaign pad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    A,
    B,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::A, Seat::B];

    pub fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    /// Index into per-player arrays (`[T; 2]`).
    pub fn index(self) -> usize {
        match self {
            Seat::A => 0,
            Seat::B => 1,
        }
    }

    pub fn parse(s: &str) -> Option<Seat> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a" => Some(Seat::A),
            "b" => Some(Seat::B),
            _ => None,
        }
    }
}

/// What one player counts at the end of a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Money in hand.
    pub cash: u32,
    /// Leftover Tech tokens, turned into money at the game end.
    #[serde(default)]
    pub tech_tokens: u32,
    /// The board's game-end awards (Baltic anchors, golden spike, gold mines).
    #[serde(default)]
    pub board_bonus: u32,
    /// Company cards owned (first tie-break).
    #[serde(default)]
    pub company_cards: u32,
    /// Leftover resources of the four kinds the book pictures (second tie-break, and the
    /// "20 or more leftover resources" General Achievement).
    #[serde(default)]
    pub resources: u32,
}

impl Tally {
    /// Final money: cash, board awards, and each Tech token at `tech_value`; `None` when the
    /// sum passes `u32::MAX` (such a tally is refused: `Campaign::sum_overflow`).
    pub fn checked_money(&self, tech_value: u32) -> Option<u32> {
        self.tech_tokens
            .checked_mul(tech_value)?
            .checked_add(self.cash)?
            .checked_add(self.board_bonus)
    }

    /// Final money as the pad shows it. Every recorded tally passed `checked_money` (refused
    /// when entered, and by the save check), so the stop at `u32::MAX` is only a backstop.
    pub fn money(&self, tech_value: u32) -> u32 {
        self.checked_money(tech_value).unwrap_or(u32::MAX)
    }
}

/// The entered end of a game: both tallies and, when the totals tie absolutely, who held the
/// 1st player token (GAME END, p. 7). `None` when the token did not decide: a result does not
/// store a holder nobody was asked for. Saves written before it was optional hold a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    pub tallies: [Tally; 2],
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::halves::seat_or_blank"
    )]
    pub first_player_token: Option<Seat>,
}

/// Which comparison decided the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecidedBy {
    Money,
    CompanyCards,
    Resources,
    FirstPlayerToken,
}

impl DecidedBy {
    pub fn describe(self) -> &'static str {
        match self {
            DecidedBy::Money => "most money",
            DecidedBy::CompanyCards => "tie on money: most Company cards",
            DecidedBy::Resources => "tie on money and Company cards: most resources",
            DecidedBy::FirstPlayerToken => "absolute tie: the 1st player token holder",
        }
    }
}

/// Who won a game and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Seat,
    pub runner_up: Seat,
    pub decided_by: DecidedBy,
    /// Final money of A and B.
    pub money: [u32; 2],
    /// Winner's money minus the runner-up's.
    pub gap: u32,
}

impl GameResult {
    /// Whether the totals tie absolutely (money, Company cards, resources), so only the 1st
    /// player token decides (GAME END, p. 7).
    pub fn needs_token(&self, tech_values: [u32; 2]) -> bool {
        let [a, b] = self.tallies;
        a.money(tech_values[0]) == b.money(tech_values[1])
            && a.company_cards == b.company_cards
            && a.resources == b.resources
    }

    /// The winner by the book's order of tie-breaks; `tech_values` are A's and B's money per
    /// leftover Tech token (2, or more with the Transcontinental runner-up token).
    pub fn outcome(&self, tech_values: [u32; 2]) -> Outcome {
        let [a, b] = self.tallies;
        let money = [a.money(tech_values[0]), b.money(tech_values[1])];
        let steps = [
            (DecidedBy::Money, money[0].cmp(&money[1])),
            (
                DecidedBy::CompanyCards,
                a.company_cards.cmp(&b.company_cards),
            ),
            (DecidedBy::Resources, a.resources.cmp(&b.resources)),
        ];
        let (winner, decided_by) = steps
            .into_iter()
            .find_map(|(by, ord)| match ord {
                std::cmp::Ordering::Greater => Some((Seat::A, by)),
                std::cmp::Ordering::Less => Some((Seat::B, by)),
                std::cmp::Ordering::Equal => None,
            })
            // An absolute tie with no holder named is refused when entered (`record_result`);
            // only a hand-edited save reaches this, and then A is shown as the winner.
            .unwrap_or((
                self.first_player_token.unwrap_or(Seat::A),
                DecidedBy::FirstPlayerToken,
            ));
        let runner_up = winner.other();
        Outcome {
            winner,
            runner_up,
            decided_by,
            money,
            gap: money[winner.index()].saturating_sub(money[runner_up.index()]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(cash: u32, company_cards: u32, resources: u32) -> Tally {
        Tally {
            cash,
            company_cards,
            resources,
            ..Tally::default()
        }
    }

    fn result(a: Tally, b: Tally, token: Seat) -> Outcome {
        GameResult {
            tallies: [a, b],
            first_player_token: Some(token),
        }
        .outcome([TECH_TOKEN_MONEY; 2])
    }

    #[test]
    fn game_winner_has_most_money() {
        let o = result(tally(40, 9, 9), tally(41, 0, 0), Seat::A);
        assert_eq!((o.winner, o.decided_by), (Seat::B, DecidedBy::Money));
        assert_eq!(o.gap, 1);
    }

    #[test]
    fn money_tie_goes_to_most_company_cards() {
        let o = result(tally(40, 5, 0), tally(40, 4, 9), Seat::B);
        assert_eq!((o.winner, o.decided_by), (Seat::A, DecidedBy::CompanyCards));
    }

    #[test]
    fn company_card_tie_goes_to_most_resources() {
        let o = result(tally(40, 5, 3), tally(40, 5, 4), Seat::A);
        assert_eq!((o.winner, o.decided_by), (Seat::B, DecidedBy::Resources));
    }

    #[test]
    fn absolute_tie_goes_to_the_first_player_token_holder() {
        for token in Seat::BOTH {
            let o = result(tally(40, 5, 3), tally(40, 5, 3), token);
            assert_eq!(
                (o.winner, o.decided_by),
                (token, DecidedBy::FirstPlayerToken)
            );
            assert_eq!(o.gap, 0);
        }
    }

    #[test]
    fn only_an_absolute_tie_needs_the_first_player_token() {
        let tied = GameResult {
            tallies: [tally(40, 5, 3), tally(40, 5, 3)],
            first_player_token: None,
        };
        assert!(tied.needs_token([TECH_TOKEN_MONEY; 2]));
        let decided = GameResult {
            tallies: [tally(40, 5, 3), tally(40, 5, 4)],
            first_player_token: None,
        };
        assert!(!decided.needs_token([TECH_TOKEN_MONEY; 2]));
    }

    #[test]
    fn a_result_saved_with_a_plain_seat_still_reads() {
        let old: GameResult =
            serde_json::from_str(r#"{"tallies":[{"cash":1},{"cash":2}],"first_player_token":"b"}"#)
                .unwrap();
        assert_eq!(old.first_player_token, Some(Seat::B));
        let none: GameResult =
            serde_json::from_str(r#"{"tallies":[{"cash":1},{"cash":2}]}"#).unwrap();
        assert_eq!(none.first_player_token, None);
        assert!(
            !serde_json::to_string(&none)
                .unwrap()
                .contains("first_player_token")
        );
    }

    #[test]
    fn leftover_tech_tokens_are_worth_two_money_each() {
        let t = Tally {
            cash: 30,
            tech_tokens: 4,
            board_bonus: 10,
            ..Tally::default()
        };
        assert_eq!(t.money(TECH_TOKEN_MONEY), 48);
    }

    #[test]
    fn tech_tokens_can_decide_the_money_comparison() {
        let a = Tally {
            cash: 40,
            tech_tokens: 1,
            ..Tally::default()
        };
        let b = tally(41, 0, 0);
        let o = result(a, b, Seat::B);
        assert_eq!((o.winner, o.money), (Seat::A, [42, 41]));
    }
}
