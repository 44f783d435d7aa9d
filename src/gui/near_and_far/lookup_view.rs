//! What the quest lookup tab shows (its updates are in `lookup.rs`): whose turn, the number
//! pad, the paragraph to read with its choices and outcome buttons, the line written on the
//! card read back where the eye is, and the storybook index tools below.

use iced::widget::{Column, column, container, row, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::lookup::{Msg, NUMBER_ID, msg};
use super::{Message, State, primary, secondary};
use crate::gui::files;
use crate::gui::{style, widgets};
use crate::near_and_far::lookup::ChoiceStatus;
use crate::near_and_far::{Campaign, Mode, Outcome, Read};

impl State {
    /// What the last result wrote on the card, in the answer's place: text only, so nothing
    /// clickable lands under the pointer that pressed Success or Failed.
    fn view_read_back<'a>(&'a self, label: &'a str, lines: &'a [String]) -> Element<'a, Message> {
        let mut col = Column::new()
            .spacing(8)
            .push(
                text("Written on the card")
                    .size(style::SMALL)
                    .style(style::muted),
            )
            .push(text(label).size(style::HEADING).style(style::success_text));
        for l in lines {
            col = col.push(text(l.as_str()).size(style::BODY));
        }
        container(col)
            .padding(12)
            .style(style::card)
            .width(Fill)
            .into()
    }

    pub(super) fn view_lookup<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let present: Vec<&String> = c
            .current_session()
            .map(|s| s.characters.iter().collect())
            .unwrap_or_default();
        let mut who = row![].spacing(8);
        for (i, s) in c.sheets.iter().enumerate() {
            if !present.is_empty() && !present.contains(&&s.character) {
                continue;
            }
            let label = format!("{} ({})", s.character, s.player);
            who = who.push(if i == self.pad.character {
                primary(label, Some(msg(Msg::Character(i))))
            } else {
                secondary(label, Some(msg(Msg::Character(i))))
            });
        }
        // docs/table-ux.md 1 and 2: the number and "Look up" sit at the top of the pad, so they are in
        // view at 1024×768 with large type; the keys are below them and the answer is beside
        // the pad, so nothing the player clicks moves when the answer appears. The number box
        // keeps the keyboard focus: digits typed and Enter look up too.
        let mut pad = Column::new().spacing(6).push(
            row![
                text_input("No.", &self.pad.digits)
                    .id(NUMBER_ID)
                    .on_input(|s| msg(Msg::Typed(s)))
                    .on_submit(msg(Msg::LookUp))
                    .size(40.0)
                    .padding(8)
                    .width(Length::Fixed(150.0)),
                container(primary(
                    "Look up",
                    (!self.pad.digits.is_empty()).then_some(msg(Msg::LookUp)),
                ))
                .id("look-up"),
            ]
            .spacing(8)
            .align_y(Center),
        );
        for keys in [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] {
            let mut line = row![].spacing(6);
            for k in keys {
                line = line.push(pad_key(k, msg(Msg::Digit(k.chars().next().unwrap_or('0')))));
            }
            pad = pad.push(line);
        }
        pad = pad.push(
            row![
                pad_key("Clear", msg(Msg::Clear)),
                pad_key("0", msg(Msg::Digit('0'))),
                pad_key("⌫", msg(Msg::Back))
            ]
            .spacing(8),
        );
        let answer: Element<'a, Message> = match (&self.pad.answer, &self.entry) {
            _ if self.import_review.is_some() => match &self.import_review {
                Some(r) => self.view_import_review(r),
                None => text("").into(),
            },
            (_, Some(form)) => self.view_entry(form),
            (Some(a), None) => self.view_answer(c, a),
            (None, None) if self.pad.written.is_some() => match &self.pad.written {
                Some((label, lines)) => self.view_read_back(label, lines),
                None => text("").into(),
            },
            (None, None) => text(match c.current_session() {
                Some(_) => "Type the number on the quest space, then Look up.",
                None => "Start a session first (Session & threats tab): the lookup needs the map in play.",
            })
            .size(style::BODY)
            .style(style::muted)
            .into(),
        };
        column![
            // The question and its answers on one line: a line less above the pad.
            row![widgets::heading("Whose quest?"), who]
                .spacing(style::GAP)
                .align_y(Center)
                .wrap(),
            row![
                container(pad).width(Length::Fixed(320.0)),
                container(answer).width(Fill)
            ]
            .spacing(24),
            self.view_index_tools(c),
        ]
        .spacing(style::GAP)
        .into()
    }

    /// Under the pad and answer: the character's quest letters (Character Mode), undo of the
    /// last index change, import and export.
    fn view_index_tools<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let mut col = Column::new().spacing(10);
        if c.mode == Mode::Character
            && let Some(s) = c.sheets.get(self.pad.character)
        {
            let known = self
                .index
                .built
                .index
                .characters
                .get(&s.character.to_lowercase())
                .map(|(ch, _)| ch.prefix.clone())
                .or_else(|| {
                    self.facts()
                        .and_then(|f| f.character(&s.character))
                        .and_then(|f| f.quest_prefix.clone())
                });
            let said = match known {
                Some(p) => format!("{}'s quest letters: {p}. Change:", s.character),
                None => format!(
                    "{}'s quest letters are not known yet (only Rin's are printed in the rulebook): copy them from the card.",
                    s.character
                ),
            };
            col = col.push(
                row![
                    text(said).size(style::BODY),
                    text_input("letters", &self.pad.letters)
                        .on_input(|s| msg(Msg::Letters(s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Length::Fixed(90.0)),
                    text_input("first code", &self.pad.first)
                        .on_input(|s| msg(Msg::First(s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Length::Fixed(120.0)),
                    secondary(
                        "Save letters",
                        (!self.pad.letters.trim().is_empty()).then_some(msg(Msg::SaveLetters)),
                    ),
                ]
                .spacing(10)
                .align_y(Center),
            );
        }
        let mut tools = row![
            widgets::secondary("Import index file…", Some(msg(Msg::ImportIndex))),
            widgets::secondary("Export index…", Some(msg(Msg::ExportIndex))),
        ]
        .spacing(10)
        .align_y(Center);
        if let Some(undo) = &self.index_undo {
            let label = &undo.0;
            tools = tools.push(secondary(
                format!("Undo: {label}"),
                Some(msg(Msg::UndoIndex)),
            ));
        }
        tools = tools.push(
            text("Storybook index files: add someone's entries to yours, or share yours.")
                .size(style::SMALL)
                .style(style::muted),
        );
        let col = col.push(tools);
        match &self.typed_path {
            Some(typed) => col
                .push(files::path_dialog(
                    &typed.1,
                    if typed.0 { "Export" } else { "Import" },
                    None,
                    |t| msg(Msg::PathText(t)),
                    msg(Msg::PathGo),
                    msg(Msg::PathCancel),
                ))
                .into(),
            None => col.into(),
        }
    }

    fn view_answer<'a>(
        &'a self,
        c: &'a Campaign,
        a: &'a crate::near_and_far::Lookup,
    ) -> Element<'a, Message> {
        let headline = a.read.headline();
        // The loop first: what to read, the choices, the outcome buttons; the why and the
        // notes under them, so at 1024×768 with large type the buttons are in view
        // (docs/table-ux.md 2).
        let mut col = Column::new().spacing(10).push(text(headline).size(40.0));
        let mut notes = Column::new()
            .spacing(10)
            .push(text(&a.reason).size(style::BODY))
            .push(
                text(format!("On the card: {}", a.experience))
                    .size(style::BODY)
                    .style(style::muted),
            );
        if a.cross_out.is_some() {
            notes = notes.push(secondary("Cross it out now", Some(msg(Msg::Mark))));
        }
        for w in &a.warnings {
            notes = notes.push(text(w).size(style::BODY).style(style::warning_text));
        }
        for u in &a.unknown {
            notes = notes.push(text(u).size(style::BODY).style(style::muted));
        }
        if let Some(choices) = &a.choices {
            for v in choices {
                let status = match v.status {
                    ChoiceStatus::Forced => "MUST be read (keyword)".to_string(),
                    ChoiceStatus::ForcedTie => {
                        "keyword match: reader picks the closest".to_string()
                    }
                    ChoiceStatus::Open => "open".to_string(),
                    ChoiceStatus::OptionalKeyword => "optional keyword choice".to_string(),
                    ChoiceStatus::Locked => format!(
                        "needs {}",
                        v.missing_keywords
                            .iter()
                            .map(|k| k.as_str())
                            .collect::<Vec<_>>()
                            .join(" + ")
                    ),
                    ChoiceStatus::Bypassed => "not read: a keyword choice is forced".to_string(),
                };
                let roll = v
                    .test
                    .map(|t| t.describe())
                    .unwrap_or_else(|| "no roll".into());
                let line = format!("{}. {} ({roll}): {status}", v.index + 1, v.label);
                let chosen = self.pad.choice == Some(v.index);
                let b: Element<'a, Message> = if chosen {
                    container(text(line).size(style::BODY))
                        .padding(8)
                        .width(Fill)
                        .style(style::selected)
                        .into()
                } else if v.may_be_chosen() {
                    secondary(line, Some(msg(Msg::Choose(v.index))))
                } else {
                    text(line).size(style::BODY).style(style::muted).into()
                };
                col = col.push(b);
            }
        }
        let has_paragraph = !matches!(
            a.read,
            Read::ArcadeCard | Read::CharacterQuest { code: None }
        );
        if a.choices.is_none() && has_paragraph {
            col = col.push(secondary(
                "Add its choices to my index",
                Some(msg(Msg::StartEntry)),
            ));
        }
        let mine = self
            .answer_code()
            .is_some_and(|code| self.index.own_file().quests.iter().any(|q| q.code == code));
        if mine {
            col = col.push(
                row![
                    secondary("Edit my entry", Some(msg(Msg::EditEntry))),
                    secondary("Delete my entry", Some(msg(Msg::DeleteEntry))),
                ]
                .spacing(10),
            );
        }
        if c.current_session().is_some() {
            if matches!(a.read, Read::ArcadeCard) {
                col = col.push(primary(
                    "Arcade card drawn (no experience)",
                    Some(msg(Msg::Arcade)),
                ));
            } else {
                if c.mode == Mode::Character {
                    col = col.push(
                        row![
                            text("Next code written on the card").size(style::BODY),
                            text_input("e.g. R3", &self.pad.next)
                                .on_input(|s| msg(Msg::Next(s)))
                                .size(style::BODY)
                                .padding(8)
                                .width(Length::Fixed(120.0)),
                            iced::widget::checkbox(self.pad.ending)
                                .label("the story ends here")
                                .on_toggle(|b| msg(Msg::Ending(b)))
                                .text_size(style::BODY),
                        ]
                        .spacing(10)
                        .align_y(Center),
                    );
                }
                col = col.push(
                    row![
                        primary("Success", Some(msg(Msg::Record(Outcome::Success)))),
                        primary(
                            "Success by 2+",
                            Some(msg(Msg::Record(Outcome::SuccessWithBonus)))
                        ),
                        secondary("Failed", Some(msg(Msg::Record(Outcome::Failed)))),
                    ]
                    .spacing(8)
                    .wrap(),
                );
            }
        }
        col.push(notes).into()
    }
}

/// The height of a number-pad key.
const PAD_KEY_HEIGHT: f32 = 40.0;

/// A big number-pad key, findable in tests by `pad-<label>`.
fn pad_key<'a>(label: &'a str, on: Message) -> Element<'a, Message> {
    // A word ("Clear") at the digits' size would run past the key's edges.
    let size = if label.chars().count() > 1 {
        20.0
    } else {
        28.0
    };
    container(
        iced::widget::button(container(text(label).size(size)).center(Fill))
            // 40 px tall (over docs/table-ux.md's 32): all four rows fit under the number
            // box at 1024×768, with large type too.
            .width(Length::Fixed(92.0))
            .height(Length::Fixed(PAD_KEY_HEIGHT))
            .style(style::secondary)
            .on_press(on),
    )
    .id(format!("pad-{label}"))
    .into()
}
