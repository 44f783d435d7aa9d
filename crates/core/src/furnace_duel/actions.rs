//! Every change to a campaign is an `Action` value (docs/architecture.md, "Changes are values"): the
//! pad's screen and `tablemate act` both apply it through `Saved::act`, which records one
//! labelled history entry. The labels are written here once, for both.

use serde::{Deserialize, Serialize};

use super::{
    BoardId, Campaign, CampaignError, GameResult, GeneralAchievement, Half, HalfDone, Seat, Tally,
};
use crate::doc::{Acted, Playable};

/// A change to the campaign, in its JSON form `{"action": "claim-board", "seat": "a"}`
/// (docs/furnace-duel.md lists each with an example).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// The current game's final tallies (Game end, p. 7): the winner by the book's tie-breaks.
    RecordResult {
        result: GameResult,
    },
    /// `seat`'s own tally of the current game, entered from their own seat: kept until the
    /// other player's is in, then both make the result (docs/furnace-duel.md).
    RecordTally {
        seat: Seat,
        tally: Tally,
        /// Who this player says held the 1st player token: needed only when the totals tie
        /// (blank or left out otherwise).
        #[serde(default, deserialize_with = "super::halves::seat_or_blank")]
        first_player_token: Option<Seat>,
    },
    /// `seat` reached the board's special achievement first (Boards description, pp. 10-14).
    ClaimBoard {
        seat: Seat,
    },
    WithdrawBoard {},
    /// `seat` scores a General Achievement this game (Achievements, p. 8).
    ClaimGeneral {
        seat: Seat,
        achievement: GeneralAchievement,
    },
    WithdrawGeneral {
        seat: Seat,
        achievement: GeneralAchievement,
    },
    /// `seat` uses the runner-up bonus it holds from the earlier game on board `from`.
    UseBonus {
        seat: Seat,
        from: BoardId,
    },
    UnuseBonus {
        seat: Seat,
        from: BoardId,
    },
    /// What the runner-up of the current game keeps (a free note: the bonus's details).
    SetRunnerUpNote {
        note: String,
    },
    /// The last game's winner picks the board of the next game (Campaign mode, p. 8).
    NextBoard {
        board: BoardId,
    },
}

impl Campaign {
    fn board_label(&self, id: BoardId) -> String {
        self.board(id)
            .map_or_else(|| id.to_string(), |b| b.name.clone())
    }

    /// The history entry of a game's result, however it was entered.
    fn result_acted(&self, at: &str, o: super::Outcome) -> Acted {
        let label = format!(
            "{at}: result {} {} – {} {}; {} wins ({})",
            self.name(Seat::A),
            o.money[0],
            self.name(Seat::B),
            o.money[1],
            self.name(o.winner),
            o.decided_by.describe()
        );
        let lines = if self.is_finished() {
            vec!["the campaign's six games are played".to_string()]
        } else {
            match self.next_chooser() {
                Some(s) => vec![format!("{} picks the next board", self.name(s))],
                None => Vec::new(),
            }
        };
        Acted::new(label, lines)
    }

    /// "Game 2 (Germany)": where the labels of this game's entries say they happened.
    fn at(&self) -> String {
        let board = self
            .current()
            .map_or_else(String::new, |g| self.board_label(g.board));
        format!("Game {} ({board})", self.games.len())
    }
}

impl Playable for Campaign {
    type Action = Action;
    type Refusal = CampaignError;

    /// The current game's setup reminders (none once the campaign is over).
    fn reminders(&self) -> Vec<crate::rules::Reminder> {
        match self.current() {
            Some(_) => self.setup_reminders(self.current_index()),
            None => Vec::new(),
        }
    }

    /// Every action is tried on a copy and refused whole if any sum on the pad would pass the
    /// top of its number: not only a result, but a claim or a bonus adds Campaign Points to a
    /// column whose final score may already be near it.
    fn act(&mut self, action: Action) -> Result<Acted, CampaignError> {
        let mut next = self.clone();
        let acted = next.apply(action)?;
        if let Some(o) = next.sum_overflow() {
            return Err(CampaignError::SumTooLarge {
                player: self.name(o.seat).to_string(),
                game: o.game + 1,
                what: o.what,
            });
        }
        *self = next;
        Ok(acted)
    }
}

impl Campaign {
    /// One action as the player entered it; `act` adds the check of the pad's sums.
    fn apply(&mut self, action: Action) -> Result<Acted, CampaignError> {
        let at = self.at();
        let name = |c: &Campaign, s: Seat| c.name(s).to_string();
        let label = match action {
            Action::RecordTally {
                seat,
                tally,
                first_player_token,
            } => {
                let half = Half {
                    tally,
                    first_player_token,
                };
                return match self.record_half(seat, half)? {
                    HalfDone::Waiting { money } => Ok(Acted::new(
                        format!(
                            "{at}: {}'s tally in ({money} money); waiting for {}'s",
                            name(self, seat),
                            name(self, seat.other())
                        ),
                        Vec::new(),
                    )),
                    HalfDone::Combined(o) => Ok(self.result_acted(&at, o)),
                };
            }
            Action::RecordResult { result } => {
                let o = self.record_result(result)?;
                return Ok(self.result_acted(&at, o));
            }
            Action::ClaimBoard { seat } => {
                self.claim_board_achievement(seat)?;
                format!(
                    "{at}: {} reaches the special achievement first",
                    name(self, seat)
                )
            }
            Action::WithdrawBoard {} => {
                self.withdraw_board_achievement()?;
                format!("{at}: special achievement claim withdrawn")
            }
            Action::ClaimGeneral { seat, achievement } => {
                self.claim_general(seat, achievement)?;
                format!(
                    "{at}: {} scores “{}”",
                    name(self, seat),
                    achievement.title()
                )
            }
            Action::WithdrawGeneral { seat, achievement } => {
                self.withdraw_general(seat, achievement)?;
                format!(
                    "{at}: {}'s “{}” withdrawn",
                    name(self, seat),
                    achievement.title()
                )
            }
            Action::UseBonus { seat, from } => {
                self.use_bonus(seat, from)?;
                format!(
                    "{at}: {} uses the {} bonus",
                    name(self, seat),
                    self.board_label(from)
                )
            }
            Action::UnuseBonus { seat, from } => {
                self.unuse_bonus(seat, from)?;
                format!(
                    "{at}: {}'s {} bonus use taken back",
                    name(self, seat),
                    self.board_label(from)
                )
            }
            Action::SetRunnerUpNote { note } => {
                self.set_runner_up_note(&note)?;
                format!("{at}: runner-up kept “{}”", note.trim())
            }
            Action::NextBoard { board } => {
                let game = self.games.len() + 1;
                let chooser = self.next_chooser().map(|s| name(self, s));
                self.start_next_game(board)?;
                format!(
                    "{} picks {} for game {game}",
                    chooser.unwrap_or_default(),
                    self.board_label(board)
                )
            }
        };
        Ok(Acted::new(label, Vec::new()))
    }
}
