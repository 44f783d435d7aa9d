//! "I stopped on a quest space showing 41": which paragraph this character reads in this
//! mode, and which of its choices the character's keywords force. The mode rules (side quest
//! first in Campaign Mode, the character's own chain in Character Mode, an arcade card when
//! the last two character quests are locked) apply even when the index knows nothing about
//! the paragraph; the answer then says what it does not know.

use std::collections::BTreeSet;

use serde::Serialize;

use super::code::{Keyword, MapNumber, QuestCode};
use super::error::{RuleError, RuleResult};
use super::facts::{CardLayout, Facts};
use super::index::{Bookkeeping, Choice, Index, QuestEntry, Test};

/// The two campaign modes a sheet is kept for (rulebook p. 4-5, 29).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    Campaign,
    Character,
}

impl Mode {
    pub fn title(self) -> &'static str {
        match self {
            Mode::Campaign => "Campaign Mode",
            Mode::Character => "Character Mode",
        }
    }
}

/// What the lookup needs to know about the character.
#[derive(Debug, Clone)]
pub struct LookupContext<'a> {
    pub mode: Mode,
    pub map: MapNumber,
    pub space: QuestCode,
    pub character: &'a str,
    pub keywords: &'a BTreeSet<Keyword>,
    /// Side quests written on the card and not crossed out, oldest first.
    pub pending_side_quests: &'a [QuestCode],
    /// The character quest written on the card and not read yet.
    pub next_character_quest: Option<&'a QuestCode>,
    /// Character quests read so far (failures count, arcade cards do not).
    pub character_quests_read: u8,
    /// The chain reached an ending.
    pub story_ended: bool,
    pub card: CardLayout,
}

/// Which paragraph to read.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Read {
    /// The quest printed on the space (Campaign Mode, no side quest pending).
    MapQuest { code: QuestCode },
    /// A pending side quest, read instead of the space's quest (p. 23).
    SideQuest {
        code: QuestCode,
        instead_of: QuestCode,
    },
    /// The character's next quest (Character Mode, p. 23). `code` is None when the card's
    /// next code is not known to Tablemate yet.
    CharacterQuest { code: Option<QuestCode> },
    /// Draw an Arcade Mode card instead; it gives no experience (p. 23).
    ArcadeCard,
}

impl Read {
    /// What to do, as the answer's headline says it: "Read quest 41".
    pub fn headline(&self) -> String {
        match self {
            Read::MapQuest { code } => format!("Read quest {code}"),
            Read::SideQuest { code, instead_of } => {
                format!("Read side quest {code} (not {instead_of})")
            }
            Read::CharacterQuest { code: Some(code) } => format!("Read character quest {code}"),
            Read::CharacterQuest { code: None } => {
                "Read the next character quest on the card".to_string()
            }
            Read::ArcadeCard => "Draw an Arcade Mode card".to_string(),
        }
    }
}

/// Why a choice may or may not be read to this character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChoiceStatus {
    /// The character's keywords force this choice: it must be read, the others not.
    Forced,
    /// Forced as much as another one (the keywords match two choices equally): the reader
    /// picks the one that fits best.
    ForcedTie,
    /// Open to the character.
    Open,
    /// A keyword choice marked optional that the character may take.
    OptionalKeyword,
    /// The character lacks a keyword it needs.
    Locked,
    /// Open in itself, but a keyword choice is forced instead.
    Bypassed,
}

impl ChoiceStatus {
    /// As a player says it, for text output.
    pub fn label(self) -> &'static str {
        match self {
            ChoiceStatus::Forced => "must be read (keyword)",
            ChoiceStatus::ForcedTie => "keyword match: the reader picks the closest",
            ChoiceStatus::Open => "open",
            ChoiceStatus::OptionalKeyword => "optional keyword choice",
            ChoiceStatus::Locked => "locked: a keyword is missing",
            ChoiceStatus::Bypassed => "not read: a keyword choice is forced",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChoiceView {
    pub index: usize,
    pub label: String,
    pub test: Option<Test>,
    pub keywords: Vec<Keyword>,
    pub missing_keywords: Vec<Keyword>,
    pub optional: bool,
    pub status: ChoiceStatus,
    pub next: Option<QuestCode>,
    pub reward: Bookkeeping,
    pub bonus: Bookkeeping,
}

impl ChoiceView {
    pub fn may_be_chosen(&self) -> bool {
        matches!(
            self.status,
            ChoiceStatus::Forced
                | ChoiceStatus::ForcedTie
                | ChoiceStatus::Open
                | ChoiceStatus::OptionalKeyword
        )
    }
}

/// Applies the keyword rule (p. 35): a character holding every keyword of a non-optional
/// keyword choice must be read it; with several, the one needing the most keywords (the
/// closest match); otherwise the open choices and any optional keyword choices held.
pub fn resolve_choices(entry: &QuestEntry, held: &BTreeSet<Keyword>) -> Vec<ChoiceView> {
    let holds_all = |c: &Choice| c.keywords.iter().all(|k| held.contains(k));
    let best = entry
        .choices
        .iter()
        .filter(|c| c.is_keyword_choice() && !c.optional && holds_all(c))
        .map(|c| c.keywords.len())
        .max();
    let forced: Vec<usize> = entry
        .choices
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            c.is_keyword_choice() && !c.optional && holds_all(c) && Some(c.keywords.len()) == best
        })
        .map(|(i, _)| i)
        .collect();
    entry
        .choices
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let missing: Vec<Keyword> = c
                .keywords
                .iter()
                .filter(|k| !held.contains(*k))
                .cloned()
                .collect();
            let status = if forced.contains(&i) {
                if forced.len() == 1 {
                    ChoiceStatus::Forced
                } else {
                    ChoiceStatus::ForcedTie
                }
            } else if !missing.is_empty() {
                ChoiceStatus::Locked
            } else if !forced.is_empty() {
                ChoiceStatus::Bypassed
            } else if c.is_keyword_choice() {
                ChoiceStatus::OptionalKeyword
            } else {
                ChoiceStatus::Open
            };
            ChoiceView {
                index: i,
                label: c.label.clone(),
                test: c.test,
                keywords: c.keywords.clone(),
                missing_keywords: missing,
                optional: c.optional,
                status,
                next: c.next.clone(),
                reward: c.reward.clone(),
                bonus: c.bonus.clone(),
            }
        })
        .collect()
}

/// The answer to a lookup.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lookup {
    pub character: String,
    pub mode: Mode,
    pub map: MapNumber,
    pub space: QuestCode,
    pub read: Read,
    /// One sentence: why this paragraph.
    pub reason: String,
    /// The side quest to cross out on the card once it is read.
    pub cross_out: Option<QuestCode>,
    /// What the attempt is worth on the card.
    pub experience: String,
    /// The paragraph's choices, if the index knows them.
    pub choices: Option<Vec<ChoiceView>>,
    /// The choice the keywords force, if exactly one.
    pub forced: Option<usize>,
    /// What Tablemate does not know and the reader must check in the book.
    pub unknown: Vec<String>,
    /// Things that look wrong (a number from another map).
    pub warnings: Vec<String>,
}

/// Answers the lookup. `Err` only for input that cannot be a quest space.
pub fn lookup(ctx: &LookupContext<'_>, index: &Index, facts: Option<&Facts>) -> RuleResult<Lookup> {
    if !ctx.space.is_map_space() {
        return Err(RuleError::SpaceNotOnMap {
            space: ctx.space.clone(),
        });
    }
    let mut warnings = space_warnings(ctx, index, facts);
    let mut unknown = Vec::new();
    let (read, reason, cross_out, experience) = match ctx.mode {
        Mode::Campaign => campaign_read(ctx),
        Mode::Character => character_read(ctx, index, facts, &mut unknown),
    };
    let paragraph = match &read {
        Read::MapQuest { code } | Read::SideQuest { code, .. } => Some(code.clone()),
        Read::CharacterQuest { code } => code.clone(),
        Read::ArcadeCard => None,
    };
    let mut choices = None;
    let mut forced = None;
    if let Some(code) = &paragraph {
        match index.quest(code) {
            Some(entry) => {
                let views = resolve_choices(entry, ctx.keywords);
                let forced_all: Vec<&ChoiceView> = views
                    .iter()
                    .filter(|v| matches!(v.status, ChoiceStatus::Forced | ChoiceStatus::ForcedTie))
                    .collect();
                if forced_all.len() == 1 {
                    forced = Some(forced_all[0].index);
                } else if forced_all.len() > 1 {
                    warnings.push(format!(
                        "{}'s keywords match {} keyword choices equally: read the one that fits the keywords best",
                        ctx.character,
                        forced_all.len()
                    ));
                }
                if entry.choices.is_empty() {
                    unknown.push(format!("{code} is in the index but its choices are not: read them all from the book"));
                }
                choices = Some(views);
            }
            None => {
                unknown.push(format!("{code} is not in your storybook index yet: the reader reads every choice box from the book."));
                if ctx.keywords.is_empty() {
                    unknown.push(format!(
                        "{} holds no keywords, so no keyword choice applies.",
                        ctx.character
                    ));
                } else {
                    let list: Vec<&str> = ctx.keywords.iter().map(|k| k.as_str()).collect();
                    unknown.push(format!(
                        "{} holds {}: a choice naming these must be read (all of them when it names two) unless it says optional.",
                        ctx.character,
                        list.join(", ")
                    ));
                }
            }
        }
    }
    Ok(Lookup {
        character: ctx.character.to_string(),
        mode: ctx.mode,
        map: ctx.map,
        space: ctx.space.clone(),
        read,
        reason,
        cross_out,
        experience,
        choices,
        forced,
        unknown,
        warnings,
    })
}

type ReadParts = (Read, String, Option<QuestCode>, String);

fn campaign_read(ctx: &LookupContext<'_>) -> ReadParts {
    let experience = "fills one encounter box, even if failed (3 boxes = 1 experience)".to_string();
    match ctx.pending_side_quests.first() {
        Some(q) => (
            Read::SideQuest {
                code: q.clone(),
                instead_of: ctx.space.clone(),
            },
            format!(
                "{} has side quest {q} pending: read it instead of quest {} (p. 23), then cross it out.",
                ctx.character, ctx.space
            ),
            Some(q.clone()),
            experience,
        ),
        None => (
            Read::MapQuest {
                code: ctx.space.clone(),
            },
            format!(
                "No side quest pending: read quest {} from the storybook.",
                ctx.space
            ),
            None,
            experience,
        ),
    }
}

fn character_read(
    ctx: &LookupContext<'_>,
    index: &Index,
    facts: Option<&Facts>,
    unknown: &mut Vec<String>,
) -> ReadParts {
    let open = ctx.card.open_quest_lines();
    let arcade = |reason: String| {
        (
            Read::ArcadeCard,
            reason,
            None,
            "no experience: arcade cards never give any (p. 23)".to_string(),
        )
    };
    if ctx.story_ended || ctx.character_quests_read >= ctx.card.quest_lines {
        return arcade(format!(
            "{}'s story is complete: draw an Arcade Mode card instead.",
            ctx.character
        ));
    }
    if ctx.character_quests_read >= open && ctx.map != MapNumber::LAST_RUIN {
        return arcade(format!(
            "{} has read {open} character quests; the last {} can only be read on Map 11, so draw an Arcade Mode card (p. 23).",
            ctx.character, ctx.card.locked_final_lines
        ));
    }
    let code = match ctx.next_character_quest {
        Some(c) => Some(c.clone()),
        None if ctx.character_quests_read == 0 => index.first_quest(ctx.character, facts),
        None => None,
    };
    if code.is_none() {
        unknown.push(format!(
            "Tablemate does not know {}'s next character quest code: read the one written on the card and enter it.",
            ctx.character
        ));
    }
    let reason = match &code {
        Some(c) => format!(
            "Character Mode reads {}'s own quest {c} instead of quest {} (p. 23).",
            ctx.character, ctx.space
        ),
        None => format!(
            "Character Mode reads {}'s next character quest instead of quest {} (p. 23).",
            ctx.character, ctx.space
        ),
    };
    (
        Read::CharacterQuest { code },
        reason,
        None,
        "+1 experience, even if failed (the next code is written down either way)".to_string(),
    )
}

fn space_warnings(ctx: &LookupContext<'_>, index: &Index, facts: Option<&Facts>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(m) = index.map_of(&ctx.space) {
        if m != ctx.map {
            out.push(format!(
                "Your index puts {} on {m}, but this session is on {}: check the number.",
                ctx.space, ctx.map
            ));
        }
        return out;
    }
    if let Some(mf) = facts.and_then(|f| f.map(ctx.map))
        && !mf.quests.contains(&ctx.space)
    {
        out.push(format!(
            "{} is not among {} {}'s quest numbers ({}, from fan sources): check the number.",
            ctx.space,
            ctx.map,
            mf.name,
            mf.quests.describe()
        ));
    }
    out
}
