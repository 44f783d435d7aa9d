//! Every change to a campaign as a value (docs/architecture.md, "Changes are values"): the GUI and
//! `tablemate act ID JSON` both build one of these and apply it through `Saved::act`, which
//! records it as one labelled history entry. Each variant is documented with a JSON example
//! in docs/near-and-far.md.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{BoxCards, Campaign, QuestRecord, Settings};
use crate::doc::{Acted, Playable};
use crate::near_and_far::code::{MapNumber, Outcome, QuestCode};
use crate::near_and_far::error::RuleError;
use crate::near_and_far::index::Bookkeeping;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::lookup::Read;
use crate::near_and_far::scoring::{PlayerInput, ScoreInput, Town};
use crate::near_and_far::threats::ThreatLevel;

/// One change to a campaign. Dates are the day it happened at the table ("2026-11-22").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// Starts a session on `map` with the characters (or players) at the table (p. 9, 29).
    StartSession {
        map: MapNumber,
        date: NaiveDate,
        #[serde(default)]
        town: Town,
        characters: Vec<String>,
        /// Seed for the quest-token draw; left out, the campaign's own seed mixed with the
        /// session number and map (a campaign saved without one: the number and map alone).
        #[serde(default)]
        seed: Option<u64>,
    },
    /// Extra Stories, Campaign Mode: skip `map` (p. 38).
    SkipMap { map: MapNumber },
    /// `character` defeats the active threat, or with Bounty Hunting the `level` threat.
    DefeatThreat {
        character: String,
        #[serde(default)]
        level: Option<ThreatLevel>,
    },
    /// `character` defeats a boss card on Map 11 (p. 39).
    DefeatBoss { character: String, boss: String },
    /// A quest attempt written on the card (p. 22-23).
    RecordQuest {
        character: String,
        read: Read,
        outcome: Outcome,
        #[serde(default)]
        next: Option<QuestCode>,
        #[serde(default)]
        ending: bool,
        #[serde(default)]
        rewards: Bookkeeping,
        date: NaiveDate,
        /// The space whose quest token was used. Map and side quests stand on their own space
        /// (the quest's number, or the one a side quest is read instead of); Character Mode
        /// names it here for the token to be checked and used.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        space: Option<QuestCode>,
        /// The table placed its own quest tokens: the space need not be one the app drew.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        tokens_by_hand: bool,
        /// The choice taken, as the lookup numbers it (`choices[].index`, from 0). `tablemate
        /// act` fills the rewards, next code and ending from the storybook index
        /// (`Campaign::with_choice`); here it only names the choice in the history.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        choice: Option<usize>,
    },
    /// A pending side quest crossed out after it was read (p. 23).
    CrossOutSideQuest {
        character: String,
        code: QuestCode,
        date: NaiveDate,
    },
    /// Buys a talent at the cost the campaign's cards give it (p. 13).
    BuyTalent {
        character: String,
        talent: String,
        #[serde(default)]
        at_town_hall: bool,
        date: NaiveDate,
    },
    /// Character Mode: the next quest code written on the card by hand.
    WriteNextQuest {
        character: String,
        code: QuestCode,
        date: NaiveDate,
    },
    /// A keyword, side quest or experience written on the card by hand.
    NoteReward {
        character: String,
        item: Item,
        date: NaiveDate,
    },
    /// Corrects (replaces) or strikes out (no `replacement`) ledger entry `entry`.
    Correct {
        character: String,
        entry: u32,
        reason: String,
        #[serde(default)]
        replacement: Option<Item>,
        date: NaiveDate,
    },
    /// One player's end-of-game count, kept with the session in play until it is scored
    /// (replacing an earlier count of the same player); `count.name` is the character's or the
    /// player's name. A phone sends its own player's.
    ScorePlayer { count: PlayerInput },
    /// Ends the session in play with its score sheet (players it leaves out: the counts kept
    /// with `score-player`), scored with the session's own map,
    /// town side and Long Game setting (RULINGS).
    FinishSession {
        #[serde(default)]
        scores: ScoreInput,
        date: NaiveDate,
    },
    /// A late joiner (p. 37), between sessions.
    AddCharacter {
        player: String,
        character: String,
        date: NaiveDate,
    },
    /// A character leaves the campaign: its card stays in the books, it no longer plays.
    RetireCharacter { character: String, date: NaiveDate },
    /// The journey points of a threat card ("7") or a boss card (its name), once per campaign.
    SetCardPoints { card: String, journey_points: i32 },
    /// The name printed on threat card `level` (5 to 15: the rulebook names only level 4),
    /// typed once by the table; every later session of the campaign shows it.
    NameThreat { level: u8, name: String },
    /// The campaign's table settings.
    SetSettings { settings: Settings },
    /// Keeps the box's cards with the campaign (older saves made before cards were kept).
    RememberCards { cards: BoxCards },
}

fn who(c: &Campaign, name: &str) -> String {
    c.sheet(name)
        .map(|s| s.character.clone())
        .unwrap_or_else(|_| name.to_string())
}

impl Playable for Campaign {
    type Action = Action;
    type Refusal = RuleError;

    /// While a session is played: its map's reminders, then what setup asks of this table.
    fn reminders(&self) -> Vec<crate::rules::Reminder> {
        let Some(s) = self.current_session() else {
            return Vec::new();
        };
        let mut out = crate::near_and_far::session::map_notices(
            self.cards.map(s.map),
            self.mode,
            self.variants,
            s.map,
            s.characters.len(),
        );
        out.extend(self.setup_reminders(s));
        out
    }

    fn act(&mut self, action: Action) -> Result<Acted, RuleError> {
        Ok(match action {
            Action::StartSession {
                map,
                date,
                town,
                characters,
                seed,
            } => {
                let lines = self.start(map, date, town, &characters, seed)?;
                Acted::new(format!("Session started on {map}"), lines)
            }
            Action::SkipMap { map } => {
                self.skip_map(map)?;
                Acted::new(format!("Extra Stories: {map} skipped"), Vec::new())
            }
            Action::DefeatThreat { character, level } => {
                let name = who(self, &character);
                let label = match level {
                    None => format!("{name} defeats the active threat"),
                    Some(l) => format!("{name} hunts the level {} threat", l.get()),
                };
                let l = self.defeat_threat(&character, level)?;
                Acted::new(
                    label,
                    vec![format!(
                        "Level {} threat taken: place a camp on it.",
                        l.get()
                    )],
                )
            }
            Action::DefeatBoss { character, boss } => {
                let name = who(self, &character);
                let b = self.defeat_boss(&character, &boss)?;
                Acted::new(
                    format!("{name} defeats {b}"),
                    vec![format!(
                        "{b} defeated: place a camp on the card and read the paragraph it shows."
                    )],
                )
            }
            Action::RecordQuest {
                character,
                read,
                outcome,
                next,
                ending,
                rewards,
                date,
                space,
                tokens_by_hand,
                choice,
            } => {
                let name = who(self, &character);
                let chose = choice
                    .map(|c| format!(" (choices[{c}])"))
                    .unwrap_or_default();
                let label = match &read {
                    Read::ArcadeCard => format!("{name}: arcade card"),
                    Read::MapQuest { code } => format!("{name}: quest {code}, {}", outcome.label()),
                    Read::SideQuest { code, .. } => {
                        format!("{name}: side quest {code}, {}", outcome.label())
                    }
                    Read::CharacterQuest { code: Some(code) } => {
                        format!("{name}: character quest {code}, {}", outcome.label())
                    }
                    Read::CharacterQuest { code: None } => {
                        format!("{name}: character quest, {}", outcome.label())
                    }
                };
                let label = format!("{label}{chose}");
                let on = match (&read, space) {
                    (Read::MapQuest { code }, Some(s))
                    | (
                        Read::SideQuest {
                            instead_of: code, ..
                        },
                        Some(s),
                    ) if *code != s => {
                        return Err(RuleError::SpaceDiffers {
                            space: s,
                            read: code.clone(),
                        });
                    }
                    (Read::MapQuest { code }, _) => Some(code.clone()),
                    (Read::SideQuest { instead_of, .. }, _) => Some(instead_of.clone()),
                    (_, s) => s,
                };
                let record = QuestRecord {
                    read,
                    outcome,
                    next,
                    ending,
                    rewards,
                };
                let mut after = self.clone();
                if let Some(space) = &on {
                    after.check_session_date(date)?;
                    after.use_quest_token(&character, space, tokens_by_hand)?;
                }
                let lines = after.record_quest(&character, record, date)?;
                *self = after;
                Acted::new(label, lines)
            }
            Action::CrossOutSideQuest {
                character,
                code,
                date,
            } => {
                let name = who(self, &character);
                self.cross_out_side_quest(&character, &code, date)?;
                Acted::new(format!("{name}: side quest {code} crossed out"), Vec::new())
            }
            Action::BuyTalent {
                character,
                talent,
                at_town_hall,
                date,
            } => {
                let name = who(self, &character);
                let (t, cost) = self.buy(&character, &talent, date, at_town_hall)?;
                Acted::new(
                    format!("{name} buys {t}"),
                    vec![format!("{name} spends {cost} experience on {t}.")],
                )
            }
            Action::WriteNextQuest {
                character,
                code,
                date,
            } => {
                let name = who(self, &character);
                self.write_next_quest(&character, code.clone(), date)?;
                Acted::new(format!("{name}: next quest {code}"), Vec::new())
            }
            Action::NoteReward {
                character,
                item,
                date,
            } => {
                let name = who(self, &character);
                let label = format!("{name}: {}", item.describe());
                self.note_reward(&character, item, date)?;
                Acted::new(label, Vec::new())
            }
            Action::Correct {
                character,
                entry,
                reason,
                replacement,
                date,
            } => {
                let name = who(self, &character);
                let label = format!("{name}: entry {entry} corrected ({})", reason.trim());
                self.correct(&character, entry, &reason, replacement, date)?;
                Acted::new(label, Vec::new())
            }
            Action::ScorePlayer { count } => {
                let name = who(self, &count.name);
                let lines = self.score_player(count)?;
                Acted::new(format!("{name}'s end-of-game count"), lines)
            }
            Action::FinishSession { scores, date } => {
                let label = match self.current_session() {
                    Some(s) => format!("Session {} on {} scored", s.number, s.map),
                    None => "Session scored".to_string(),
                };
                let (result, notices) = self.finish_session_with(scores, date)?;
                let lost = self
                    .sessions
                    .last()
                    .and_then(|s| s.result.as_ref())
                    .is_some_and(|r| r.lost_last_ruin());
                let mut lines = result.text_lines(lost);
                lines.extend(notices);
                Acted::new(label, lines)
            }
            Action::AddCharacter {
                player,
                character,
                date,
            } => {
                let lines = self.add_character(&player, &character, date, None)?;
                let name = self
                    .sheets
                    .last()
                    .map(|s| s.character.clone())
                    .unwrap_or(character);
                Acted::new(
                    format!("{name} ({}) joins the campaign", player.trim()),
                    lines,
                )
            }
            Action::RetireCharacter { character, date } => {
                let name = who(self, &character);
                let lines = self.retire(&character, date)?;
                Acted::new(format!("{name} retires"), lines)
            }
            Action::SetCardPoints {
                card,
                journey_points,
            } => {
                let line = self.set_card_points(&card, journey_points)?;
                Acted::new(format!("Card points: {line}"), Vec::new())
            }
            Action::NameThreat { level, name } => {
                let line = self.name_threat(level, &name)?;
                Acted::new(line, Vec::new())
            }
            Action::SetSettings { settings } => {
                self.settings = settings;
                Acted::new(
                    "Campaign settings changed",
                    vec![
                        format!(
                            "Boss cards in Character Mode's Map 11: {}.",
                            if settings.bosses_in_character_mode {
                                "yes"
                            } else {
                                "no"
                            }
                        ),
                        format!(
                            "Catch-up rows for absent players: {}.",
                            if settings.catch_up_absent {
                                "yes"
                            } else {
                                "no"
                            }
                        ),
                    ],
                )
            }
            Action::RememberCards { cards } => {
                cards
                    .validate()
                    .map_err(|e| RuleError::from(e.within("cards")))?;
                // The sheets may already name a card of the old list (a talent bought): a
                // list without it would leave a campaign that no longer opens.
                let old = std::mem::replace(&mut self.cards, cards);
                if let Err(e) = self.validate() {
                    self.cards = old;
                    return Err(RuleError::Invalid {
                        at: "cards".into(),
                        problem: format!("the campaign already uses a card this list lacks: {e}"),
                    });
                }
                Acted::new("The box's cards kept with the campaign", Vec::new())
            }
        })
    }
}
