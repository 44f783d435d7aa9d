//! The six Furnace Duel boards as campaign data: what the winner scores, the board's special
//! achievement and the runner-up bonus (rulebook BOARDS DESCRIPTION, pages 10-14). Parsed and
//! checked from the text of `data/furnace-duel/boards.json`; no I/O here.

use crate::datafile::DataFileError;
use serde::{Deserialize, Serialize};
use strum::VariantArray;

/// The data kind of the boards file.
pub const DATA_KIND: &str = "furnace-duel-boards";

/// The bundled boards file's path (a user's copy in the data folder replaces it).
pub const BOARDS_PATH: &str = "data/furnace-duel/boards.json";

/// The six boards of the game, in rulebook order. A campaign plays each exactly once.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, VariantArray,
)]
#[serde(rename_all = "kebab-case")]
pub enum BoardId {
    Britain,
    Alps,
    BalticSea,
    TranscontinentalRailroad,
    Victoria,
    NewEngland,
}

impl BoardId {
    /// The six boards, in rulebook order as declared.
    pub const ALL: &[Self] = Self::VARIANTS;

    /// The id as written in files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            BoardId::Britain => "britain",
            BoardId::Alps => "alps",
            BoardId::BalticSea => "baltic-sea",
            BoardId::TranscontinentalRailroad => "transcontinental-railroad",
            BoardId::Victoria => "victoria",
            BoardId::NewEngland => "new-england",
        }
    }

    pub fn parse(s: &str) -> Option<BoardId> {
        let s = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        BoardId::ALL.iter().copied().find(|b| b.as_str() == s)
    }
}

impl std::fmt::Display for BoardId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a runner-up bonus is used in the later games of the campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BonusUsage {
    /// In effect in every later game without being spent (the Campaign tokens).
    Always,
    /// Usable once in each later game (the kept Ferry token).
    OncePerGame,
    /// Usable once in the whole rest of the campaign (the kept Research card).
    OncePerCampaign,
}

/// A board's special achievement: the first player to reach it in that game scores `points`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialAchievement {
    pub summary: String,
    pub points: u32,
}

/// What the runner-up of a game on this board keeps for the rest of the campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunnerUpBonus {
    pub name: String,
    pub summary: String,
    /// Shown at each later game's setup after the holder's name.
    pub reminder: String,
    pub usage: BonusUsage,
    /// Extra money for each leftover Tech token at later games' end (Transcontinental: 1).
    #[serde(default)]
    pub leftover_tech_bonus: u32,
}

/// One board's campaign data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub id: BoardId,
    pub name: String,
    pub page: String,
    /// Campaign Points for the winner of a game on this board (not in the last game).
    pub winner_points: u32,
    pub special_achievement: Option<SpecialAchievement>,
    pub runner_up_bonus: RunnerUpBonus,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardsFile {
    // Its data_kind is checked by `datafile::parse` before this struct is read.
    #[serde(flatten)]
    #[allow(dead_code)]
    header: crate::datafile::Header,
    boards: Vec<Board>,
}

/// The checked list of all six boards, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Boards(Vec<Board>);

impl Boards {
    /// Parses and checks a boards file's text; the error names the field and the problem.
    pub fn parse(text: &str) -> Result<Boards, DataFileError> {
        let file: BoardsFile = crate::datafile::parse(text, DATA_KIND)?;
        let boards = Boards(file.boards);
        boards.validate()?;
        Ok(boards)
    }

    /// The bundled boards (used by tests and as the fallback the app ships with).
    pub fn bundled() -> Result<Boards, DataFileError> {
        crate::datafile::parse_bundled(BOARDS_PATH, Boards::parse)
    }

    /// Every board once, each with a name, a page, winner points and sane achievement points.
    pub fn validate(&self) -> Result<(), DataFileError> {
        let ids: Vec<BoardId> = self.0.iter().map(|b| b.id).collect();
        crate::datafile::holds_each_once(
            "boards",
            "all six boards, as a campaign needs",
            BoardId::ALL.iter().copied(),
            &ids,
            |id| format!("board {:?}", id.as_str()),
        )?;
        for b in &self.0 {
            let at = format!("boards[{}]", b.id.as_str());
            if b.name.trim().is_empty() {
                return Err(DataFileError::new(at.as_str(), "name is empty"));
            }
            if b.page.trim().is_empty() {
                return Err(DataFileError::new(at.as_str(), "page is empty (give the rulebook page)"));
            }
            if b.winner_points == 0 || b.winner_points > 100 {
                return Err(DataFileError::new(format!("{at}.winner_points"), format!("{}, expected 1 to 100", b.winner_points)));
            }
            if let Some(a) = &b.special_achievement {
                if a.points == 0 || a.points > 100 {
                    return Err(DataFileError::new(format!("{at}.special_achievement.points"), format!("{}, expected 1 to 100", a.points)));
                }
                if a.summary.trim().is_empty() {
                    return Err(DataFileError::new(at.as_str(), "special_achievement.summary is empty"));
                }
            }
            let r = &b.runner_up_bonus;
            if r.name.trim().is_empty()
                || r.summary.trim().is_empty()
                || r.reminder.trim().is_empty()
            {
                return Err(DataFileError::new(format!("{at}.runner_up_bonus"), "needs a name, a summary and a reminder"));
            }
            if r.leftover_tech_bonus > 10 {
                return Err(DataFileError::new(format!("{at}.runner_up_bonus.leftover_tech_bonus"), format!("{}, expected 0 to 10", r.leftover_tech_bonus)));
            }
        }
        Ok(())
    }

    pub fn get(&self, id: BoardId) -> Option<&Board> {
        self.0.iter().find(|b| b.id == id)
    }

    pub fn all(&self) -> &[Board] {
        &self.0
    }
}

/// `tablemate check` on a boards file.
pub fn check_text(text: &str) -> Result<String, DataFileError> {
    let boards = Boards::parse(text)?;
    let with = boards
        .all()
        .iter()
        .filter(|b| b.special_achievement.is_some())
        .count();
    Ok(format!(
        "{} Furnace Duel boards, {with} with a special achievement",
        boards.all().len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_boards_carry_the_book_points() {
        let boards = Boards::bundled().unwrap();
        assert_eq!(boards.all().len(), 6);
        let britain = boards.get(BoardId::Britain).unwrap();
        assert_eq!(britain.winner_points, 7);
        assert!(britain.special_achievement.is_none());
        for id in BoardId::ALL.iter().copied().skip(1) {
            let b = boards.get(id).unwrap();
            assert_eq!(b.winner_points, 10, "{id}");
            assert_eq!(b.special_achievement.as_ref().map(|a| a.points), Some(5));
        }
        let tr = boards.get(BoardId::TranscontinentalRailroad).unwrap();
        assert_eq!(tr.runner_up_bonus.leftover_tech_bonus, 1);
        assert_eq!(
            boards
                .get(BoardId::NewEngland)
                .unwrap()
                .runner_up_bonus
                .usage,
            BonusUsage::OncePerCampaign
        );
        assert_eq!(
            boards
                .get(BoardId::BalticSea)
                .unwrap()
                .runner_up_bonus
                .usage,
            BonusUsage::OncePerGame
        );
    }

    #[test]
    fn a_boards_file_missing_a_board_names_it() {
        let mut v: serde_json::Value =
            serde_json::from_str(crate::bundled::get(BOARDS_PATH).unwrap()).unwrap();
        v["boards"].as_array_mut().unwrap().remove(2);
        let err = Boards::parse(&v.to_string()).unwrap_err();
        assert!(err.to_string().contains("baltic-sea"), "{err}");
    }

    #[test]
    fn a_board_listed_twice_names_where_it_first_appears() {
        let two_baltic = crate::datafile::edited_bundled(BOARDS_PATH, |v| {
            v["boards"][4] = v["boards"][2].clone()
        });
        assert_eq!(
            Boards::parse(&two_baltic).unwrap_err().to_string(),
            r#"boards[4] (board "baltic-sea"): listed twice, first at boards[2]"#
        );
    }

    #[test]
    fn a_boards_file_with_zero_winner_points_is_refused() {
        let mut v: serde_json::Value =
            serde_json::from_str(crate::bundled::get(BOARDS_PATH).unwrap()).unwrap();
        v["boards"][1]["winner_points"] = 0.into();
        let err = Boards::parse(&v.to_string()).unwrap_err();
        assert!(err.to_string().contains("boards[alps].winner_points"), "{err}");
    }

    #[test]
    fn board_ids_parse_from_names_players_type() {
        assert_eq!(BoardId::parse("Baltic Sea"), Some(BoardId::BalticSea));
        assert_eq!(BoardId::parse("new_england"), Some(BoardId::NewEngland));
        assert_eq!(BoardId::parse("mars"), None);
    }
}
