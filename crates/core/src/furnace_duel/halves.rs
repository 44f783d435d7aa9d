//! Each player's own tally (docs/furnace-duel.md, "Each player enters their own tally"; GAME
//! END, p. 7): one player's half of the game just played waits on the pad until the other's is
//! in; then the two make the game's result, decided by the book exactly as if one player had
//! entered both. Until then either player may enter their half again (a correction).

use serde::{Deserialize, Serialize};

use super::{Campaign, CampaignError, DecidedBy, GameResult, Outcome, Seat, Tally};

/// One player's half of a game's result: what they counted, and who they say held the 1st
/// player token (the last tie-break). The token is asked only when it decides: a half may
/// leave it out, and the result is refused for it only when the totals tie (GAME END, p. 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Half {
    pub tally: Tally,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "seat_or_blank"
    )]
    pub first_player_token: Option<Seat>,
}

/// A seat, or none for a missing, `null` or blank answer (a phone's select left on "only on
/// a tie" sends an empty string).
pub fn seat_or_blank<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Seat>, D::Error> {
    match Option::<String>::deserialize(d)? {
        None => Ok(None),
        Some(s) if s.trim().is_empty() => Ok(None),
        Some(s) => {
            Seat::deserialize(serde::de::value::StrDeserializer::<D::Error>::new(&s)).map(Some)
        }
    }
}

/// What entering a half did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HalfDone {
    /// Kept on the pad: the other player's half is not in yet.
    Waiting { money: u32 },
    /// The other half was in: both made the result.
    Combined(Outcome),
}

/// What a game's halves hold when none is in (nothing is written to the save then).
pub(super) fn none_in(halves: &[Option<Half>; 2]) -> bool {
    halves.iter().all(Option::is_none)
}

impl Campaign {
    /// Records `seat`'s half of the current game's result, or, when the other half is in, the
    /// result from both. Refused whole: after the result is in, a half that does not fit the
    /// pad, or the two halves naming different holders of the 1st player token.
    pub fn record_half(&mut self, seat: Seat, half: Half) -> Result<HalfDone, CampaignError> {
        let index = self.current_index();
        let game = self.current().ok_or(CampaignError::CampaignOver)?;
        if game.result.is_some() {
            return Err(CampaignError::ResultAlreadyIn { game: index + 1 });
        }
        let value = self.tech_values(index)[seat.index()];
        let money = half
            .tally
            .checked_money(value)
            .ok_or_else(|| CampaignError::SumTooLarge {
                player: self.name(seat).to_string(),
                game: index + 1,
                what: "money (cash + board awards + Tech tokens × their value)",
            })?;
        let Some(other) = game.halves[seat.other().index()] else {
            self.current_mut()?.halves[seat.index()] = Some(half);
            return Ok(HalfDone::Waiting { money });
        };
        let mut tallies = [other.tally; 2];
        tallies[seat.index()] = half.tally;
        // The token only breaks an absolute tie: what the halves say of it matters then alone.
        let token = half.first_player_token.or(other.first_player_token);
        let probe = GameResult {
            tallies,
            first_player_token: token,
        };
        if probe.outcome(self.tech_values(index)).decided_by == DecidedBy::FirstPlayerToken {
            match (half.first_player_token, other.first_player_token) {
                (Some(says), Some(other_says)) if says != other_says => {
                    return Err(CampaignError::TokenDisagrees {
                        player: self.name(seat).to_string(),
                        says: self.name(says).to_string(),
                        other: self.name(seat.other()).to_string(),
                        other_says: self.name(other_says).to_string(),
                    });
                }
                (None, None) => return Err(CampaignError::TokenNeeded { game: index + 1 }),
                _ => {}
            }
        }
        // `record_result` clears the halves with the result in.
        let outcome = self.record_result(probe)?;
        Ok(HalfDone::Combined(outcome))
    }
}
