//! Why the campaign pad refuses an entry: each message says which rule forbids it, in words a
//! player understands (CAMPAIGN MODE, page 8; BOARDS DESCRIPTION, pages 10-14).

/// A refused campaign entry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(CampaignErrorKind), derive(strum::VariantArray))]
pub enum CampaignError {
    #[error(
        "both players need a name of at most {} characters, and the two names must differ",
        crate::doc::MAX_NAME_CHARS
    )]
    BadPlayers,
    #[error("the boards data has no entry for {0}")]
    MissingBoard(&'static str),
    #[error(
        "enter the result of game {game} first: the winner of each game picks the next board (Campaign mode, p. 8)"
    )]
    GameNotFinished { game: usize },
    #[error("the campaign's six games have all been played (Campaign mode, p. 8)")]
    CampaignOver,
    #[error(
        "{board} was already played in game {game}: each game of a campaign is on a different board (Campaign mode, p. 8)"
    )]
    BoardAlreadyPlayed { board: String, game: usize },
    #[error("{board} has no special achievement (Boards description: {board})")]
    NoSpecialAchievement { board: String },
    #[error(
        "{holder} already reached the {board} special achievement first: it goes only to the first player to reach it in that game"
    )]
    BoardAchievementTaken { holder: String, board: String },
    #[error("nobody has claimed the {board} special achievement in this game")]
    BoardAchievementNotClaimed { board: String },
    #[error(
        "{player} already scored \"{achievement}\" in game {game} ({board}): each General Achievement scores only once per player per campaign (Achievements, p. 8)"
    )]
    GeneralAlreadyScored {
        player: String,
        achievement: &'static str,
        game: usize,
        board: String,
    },
    #[error("{player} has not claimed \"{achievement}\" in this game")]
    GeneralNotClaimed {
        player: String,
        achievement: &'static str,
    },
    #[error("\"{achievement}\" cannot be claimed by {player}: {why}")]
    ConditionNotMet {
        player: String,
        achievement: &'static str,
        why: String,
    },
    #[error(
        "this result would undo {player}'s \"{achievement}\" claim ({why}); withdraw the claim first"
    )]
    ResultBreaksClaim {
        player: String,
        achievement: &'static str,
        why: String,
    },
    #[error(
        "{player} does not hold the {bonus}: only the runner-up of an earlier game on {board} does"
    )]
    BonusNotHeld {
        player: String,
        bonus: String,
        board: String,
    },
    #[error("the {bonus} is always in effect; there is nothing to mark as used")]
    BonusAlwaysOn { bonus: String },
    #[error("{player} already used the {bonus} in game {game}: it can be used {limit}")]
    BonusAlreadyUsed {
        player: String,
        bonus: String,
        game: usize,
        limit: &'static str,
    },
    #[error("{player} has not marked the {bonus} as used in this game")]
    BonusNotUsed { player: String, bonus: String },
    #[error(
        "{player}'s {what} in game {game} adds up past {max}, the largest number the pad holds: check the tally (GAME END, p. 7)",
        max = u32::MAX
    )]
    SumTooLarge {
        player: String,
        game: usize,
        what: &'static str,
    },
    #[error(
        "the result of game {game} is already in: a player's own tally is for a game still being counted (correct the result on the laptop)"
    )]
    ResultAlreadyIn { game: usize },
    #[error(
        "{player} says {says} held the 1st player token, {other} says {other_says}: agree, then enter it again (the token breaks an absolute tie, GAME END, p. 7)"
    )]
    TokenDisagrees {
        player: String,
        says: String,
        other: String,
        other_says: String,
    },
    #[error(
        "game {game} is an absolute tie (money, Company cards and resources): say who held the 1st player token at the end, it breaks the tie (GAME END, p. 7)"
    )]
    TokenNeeded { game: usize },
}
