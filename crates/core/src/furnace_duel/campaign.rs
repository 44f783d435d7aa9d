//! The campaign itself: two players, six games on six boards, Britain first, then the winner of
//! each game picks the next board among those not yet played (CAMPAIGN MODE, page 8). Entering
//! a game's result, starting the next game, and the per-game outcomes live here.

use serde::{Deserialize, Serialize};

use super::achievements::Claim;
use super::boards::{Board, BoardId, Boards};
use super::error::CampaignError;
use super::scoring::{GameResult, Outcome, Seat, TECH_TOKEN_MONEY};

/// A campaign has exactly this many games, one per board (page 8).
pub const GAMES_PER_CAMPAIGN: usize = 6;

/// Choices players might disagree on; see docs/furnace-duel.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Playing with the Capitalist cards variant (page 8): after the first game the previous
    /// runner-up chooses a Capitalist and Start-up pair first.
    pub capitalist_cards: bool,
    /// Achievements reached in the last game still score Campaign Points. The board texts
    /// only except the winner's points from the last game, so this defaults to on.
    pub last_game_achievements_score: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            capitalist_cards: false,
            last_game_achievements_score: true,
        }
    }
}

/// A bonus-use mark: `seat` used the runner-up bonus won on `from_board` in this game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusUse {
    pub seat: Seat,
    pub from_board: BoardId,
}

/// One game of the campaign, as written on the pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    pub board: BoardId,
    /// Who picked this board (the previous game's winner); `None` for the opening Britain game.
    #[serde(default)]
    pub chosen_by: Option<Seat>,
    /// The first player to reach the board's special achievement in this game.
    #[serde(default)]
    pub board_achievement: Option<Seat>,
    /// General Achievements scored in this game.
    #[serde(default)]
    pub general_achievements: Vec<Claim>,
    /// Once-per-game and once-per-campaign runner-up bonuses used in this game.
    #[serde(default)]
    pub bonuses_used: Vec<BonusUse>,
    /// What the runner-up kept from this game (which Ferry token, which Research card).
    #[serde(default)]
    pub runner_up_note: String,
    #[serde(default)]
    pub result: Option<GameResult>,
    /// Each player's own half of the result while the other's is not in yet (entered from
    /// their own seats: `Campaign::record_half`).
    #[serde(default, skip_serializing_if = "super::halves::none_in")]
    pub halves: [Option<super::halves::Half>; 2],
}

impl Game {
    fn new(board: BoardId, chosen_by: Option<Seat>) -> Game {
        Game {
            board,
            chosen_by,
            board_achievement: None,
            general_achievements: Vec::new(),
            bonuses_used: Vec::new(),
            runner_up_note: String::new(),
            result: None,
            halves: [None, None],
        }
    }
}

/// A Furnace Duel campaign: the saved state of the campaign scoring pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    /// Names of player A and player B.
    pub players: [String; 2],
    #[serde(default)]
    pub settings: Settings,
    /// The board data the campaign was started with, kept so the save stands on its own.
    pub boards: Boards,
    /// The games started so far, in the order played; the last one is the current game.
    pub games: Vec<Game>,
}

impl Campaign {
    /// A new campaign whose first game is on Britain, as the rules require.
    pub fn new(
        players: [String; 2],
        boards: Boards,
        settings: Settings,
    ) -> Result<Campaign, CampaignError> {
        let players = players.map(|p| p.trim().to_string());
        if players
            .iter()
            .any(|p| p.is_empty() || !crate::doc::name_fits(p))
            || players[0] == players[1]
        {
            return Err(CampaignError::BadPlayers);
        }
        for &id in BoardId::ALL {
            if boards.get(id).is_none() {
                return Err(CampaignError::MissingBoard(id.as_str()));
            }
        }
        Ok(Campaign {
            players,
            settings,
            boards,
            games: vec![Game::new(BoardId::Britain, None)],
        })
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.players[seat.index()]
    }

    /// The board data of `id` (always present: checked when the campaign was made or loaded).
    pub fn board(&self, id: BoardId) -> Option<&Board> {
        self.boards.get(id)
    }

    pub(crate) fn board_name(&self, id: BoardId) -> String {
        self.board(id)
            .map_or_else(|| id.as_str().to_string(), |b| b.name.clone())
    }

    /// Index of the game being played or last played.
    pub fn current_index(&self) -> usize {
        self.games.len().saturating_sub(1)
    }

    pub fn current(&self) -> Option<&Game> {
        self.games.last()
    }

    pub(crate) fn current_mut(&mut self) -> Result<&mut Game, CampaignError> {
        self.games.last_mut().ok_or(CampaignError::CampaignOver)
    }

    /// Whether game `index` (0-based) is the campaign's last.
    pub fn is_last(index: usize) -> bool {
        index + 1 == GAMES_PER_CAMPAIGN
    }

    /// Every game's Tech token values and outcome, in order. A game's runner-up depends on
    /// the values in force during it, and a runner-up token raises them for later games.
    fn ledger(&self) -> Vec<([u32; 2], Option<Outcome>)> {
        let mut values = [TECH_TOKEN_MONEY; 2];
        let mut out = Vec::with_capacity(self.games.len());
        for (j, game) in self.games.iter().enumerate() {
            let outcome = game.result.as_ref().map(|r| r.outcome(values));
            out.push((values, outcome));
            if let (Some(o), false, Some(b)) =
                (outcome, Campaign::is_last(j), self.board(game.board))
            {
                let v = &mut values[o.runner_up.index()];
                *v = v.saturating_add(b.runner_up_bonus.leftover_tech_bonus);
            }
        }
        out
    }

    /// Money per leftover Tech token for each player in game `index`: 2, plus the bonus of a
    /// runner-up token earned in an earlier game (Transcontinental Railroad: +1).
    pub fn tech_values(&self, index: usize) -> [u32; 2] {
        self.ledger()
            .get(index)
            .map_or([TECH_TOKEN_MONEY; 2], |(v, _)| *v)
    }

    /// Who won game `index` and why, once its result is entered.
    pub fn outcome(&self, index: usize) -> Option<Outcome> {
        self.ledger().get(index).and_then(|(_, o)| *o)
    }

    /// The outcome of every game so far (`None` for the current game until its result is in).
    pub fn outcomes(&self) -> Vec<Option<Outcome>> {
        self.ledger().into_iter().map(|(_, o)| o).collect()
    }

    /// Boards not yet played, in rulebook order.
    pub fn available_boards(&self) -> Vec<BoardId> {
        BoardId::ALL
            .iter()
            .copied()
            .filter(|b| !self.games.iter().any(|g| g.board == *b))
            .collect()
    }

    /// Who picks the next board: the winner of the current game, once its result is in and
    /// games remain.
    pub fn next_chooser(&self) -> Option<Seat> {
        if self.games.len() >= GAMES_PER_CAMPAIGN {
            return None;
        }
        self.outcome(self.current_index()).map(|o| o.winner)
    }

    /// Whether the sixth game's result is in.
    pub fn is_finished(&self) -> bool {
        self.games.len() == GAMES_PER_CAMPAIGN
            && self.games.last().is_some_and(|g| g.result.is_some())
    }

    /// Enters (or corrects) the current game's result. Refused if it would contradict an
    /// achievement already claimed in this game (a "win by 30" that is no longer a win by 30).
    pub fn record_result(&mut self, mut result: GameResult) -> Result<Outcome, CampaignError> {
        let index = self.current_index();
        // The token is asked only when the totals tie absolutely (GAME END, p. 7): then it must
        // be named; otherwise none is stored, so the save holds no holder nobody was asked for.
        if result.needs_token(self.tech_values(index)) {
            if result.first_player_token.is_none() {
                return Err(CampaignError::TokenNeeded { game: index + 1 });
            }
        } else {
            result.first_player_token = None;
        }
        let mut next = self.clone();
        let game = next.current_mut()?;
        game.result = Some(result);
        // The result is in: any half entered from a seat is done with.
        game.halves = [None, None];
        if let Some(o) = next.sum_overflow() {
            return Err(CampaignError::SumTooLarge {
                player: self.name(o.seat).to_string(),
                game: o.game + 1,
                what: o.what,
            });
        }
        next.check_claims_hold(index)?;
        *self = next;
        self.outcome(index)
            .ok_or(CampaignError::GameNotFinished { game: index + 1 })
    }

    /// Starts the next game on `board`, picked by the winner of the current game.
    pub fn start_next_game(&mut self, board: BoardId) -> Result<Seat, CampaignError> {
        if self.games.len() >= GAMES_PER_CAMPAIGN {
            return Err(CampaignError::CampaignOver);
        }
        let chooser = self.next_chooser().ok_or(CampaignError::GameNotFinished {
            game: self.current_index() + 1,
        })?;
        if let Some(played) = self.games.iter().position(|g| g.board == board) {
            return Err(CampaignError::BoardAlreadyPlayed {
                board: self.board_name(board),
                game: played + 1,
            });
        }
        self.games.push(Game::new(board, Some(chooser)));
        Ok(chooser)
    }

    /// Notes what the runner-up kept from the current game (which Ferry token or Research card).
    pub fn set_runner_up_note(&mut self, note: &str) -> Result<(), CampaignError> {
        self.current_mut()?.runner_up_note = note.trim().to_string();
        Ok(())
    }
}
