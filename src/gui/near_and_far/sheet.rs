//! The character sheet tab, laid out like the paper card: experience stars (earned, spent),
//! encounter boxes in rows of three (Campaign) or the character-quest lines with the last two
//! shaded (Character), side-quest circles, talents, keywords, journey points per session, and
//! the dated ledger where any entry can be corrected with a reason.

use iced::widget::{Column, Row, column, container, pick_list, row, text, text_input};
use iced::{Center, Element, Length};

use super::CampaignAction;
use super::{Message, State, primary, secondary};
use crate::gui::screen::Action;
use crate::gui::{style, widgets};
use crate::near_and_far::ledger::Item;
use crate::near_and_far::sheet::{SheetView, SideQuestState};
use crate::near_and_far::{Campaign, Keyword, Mode, QuestCode};

#[derive(Debug, Clone)]
pub enum Msg {
    Character(usize),
    Talent(String),
    Buy,
    Keyword(String),
    AddKeyword,
    SideQuest(String),
    AddSideQuest,
    NextCode(String),
    WriteNext,
    Correct(u32),
    Reason(String),
    NewPoints(String),
    StrikeOut,
    Replace,
    CancelCorrection,
}

fn msg(m: Msg) -> Message {
    Message::Sheet(m)
}

/// "Lore (3 XP)" in the talent picker.
fn talent_label(name: &str, cost: u8) -> String {
    format!("{name} ({cost} XP)")
}

impl State {
    fn sheet_character(&self, c: &Campaign) -> Option<String> {
        c.sheets
            .get(self.sheet.character)
            .map(|s| s.character.clone())
    }

    pub(super) fn update_sheet(&mut self, m: Msg) -> Action<Message> {
        let Some(c) = self.campaign().cloned() else {
            return Action::none();
        };
        let Some(who) = self.sheet_character(&c) else {
            return Action::none();
        };
        let date = super::today();
        match m {
            Msg::Character(i) => {
                self.sheet.character = i;
                self.sheet.correcting = None;
            }
            Msg::Talent(t) => self.sheet.talent = Some(t),
            Msg::Buy => {
                let Some(label) = self.sheet.talent.clone() else {
                    return Action::error("Choose a talent first.");
                };
                let name = label.split(" (").next().unwrap_or_default().to_string();
                let in_session = c.current_session().is_some();
                self.sheet.talent = None;
                let a = self.act(CampaignAction::BuyTalent {
                    character: who,
                    talent: name,
                    at_town_hall: in_session,
                    date,
                });
                // A refusal (too little experience...) shows beside the Buy button.
                self.refusal_by_buy = a.notice.as_ref().is_some_and(|n| n.error);
                return a;
            }
            Msg::Keyword(s) => self.sheet.keyword = s,
            Msg::AddKeyword => {
                let k = match Keyword::new(&self.sheet.keyword) {
                    Ok(k) => k,
                    Err(e) => return Action::error(e.to_string()),
                };
                self.sheet.keyword.clear();
                return self.act(CampaignAction::NoteReward {
                    character: who,
                    item: Item::KeywordGained {
                        keyword: k,
                        quest: None,
                    },
                    date,
                });
            }
            Msg::SideQuest(s) => self.sheet.side_quest = s,
            Msg::AddSideQuest => {
                let code = match QuestCode::parse(&self.sheet.side_quest) {
                    Ok(q) => q,
                    Err(e) => return Action::error(e.to_string()),
                };
                self.sheet.side_quest.clear();
                return self.act(CampaignAction::NoteReward {
                    character: who,
                    item: Item::SideQuestGiven { code, from: None },
                    date,
                });
            }
            Msg::NextCode(s) => self.sheet.next_code = s,
            Msg::WriteNext => {
                let code = match QuestCode::parse(&self.sheet.next_code) {
                    Ok(q) => q,
                    Err(e) => return Action::error(e.to_string()),
                };
                self.sheet.next_code.clear();
                return self.act(CampaignAction::WriteNextQuest {
                    character: who,
                    code,
                    date,
                });
            }
            Msg::Correct(id) => {
                self.sheet.correcting = Some(id);
                self.sheet.reason.clear();
                self.sheet.new_points.clear();
            }
            Msg::Reason(s) => self.sheet.reason = s,
            Msg::NewPoints(s) => self.sheet.new_points = s,
            Msg::CancelCorrection => self.sheet.correcting = None,
            Msg::StrikeOut | Msg::Replace => {
                let Some(id) = self.sheet.correcting else {
                    return Action::none();
                };
                let replacement = if matches!(m, Msg::Replace) {
                    let original = c
                        .sheet(&who)
                        .ok()
                        .and_then(|s| s.ledger.get(id))
                        .map(|e| e.item.clone());
                    let Some(Item::JourneyPoints { session, map, .. }) = original else {
                        return Action::error(
                            "Only journey points can be replaced here; strike other entries out and add the right one.",
                        );
                    };
                    let Ok(points) = self.sheet.new_points.trim().parse::<i32>() else {
                        return Action::error("The new journey points must be a whole number.");
                    };
                    Some(Item::JourneyPoints {
                        session,
                        map,
                        points,
                    })
                } else {
                    None
                };
                let reason = self.sheet.reason.clone();
                let (applied, a) = self.act_applied(CampaignAction::Correct {
                    character: who,
                    entry: id,
                    reason,
                    replacement,
                    date,
                });
                if applied {
                    self.sheet.correcting = None;
                }
                return a;
            }
        }
        Action::none()
    }

    pub(super) fn view_sheet<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let mut who = row![].spacing(8);
        for (i, s) in c.sheets.iter().enumerate() {
            let label = s.character.clone();
            who = who.push(if i == self.sheet.character {
                primary(label, Some(msg(Msg::Character(i))))
            } else {
                secondary(label, Some(msg(Msg::Character(i))))
            });
        }
        let Some(name) = self.sheet_character(c) else {
            return who.into();
        };
        let v = match c.view(&name) {
            Ok(v) => v,
            Err(e) => return column![who, text(e.to_string()).style(style::danger_text)].into(),
        };
        let front = self.card_front(c, &v);
        let back = self.card_back(c, &v);
        column![
            who,
            row![
                container(front).width(Length::FillPortion(1)),
                container(back).width(Length::FillPortion(1))
            ]
            .spacing(20),
            self.ledger_view(c, &name)
        ]
        .spacing(style::GAP)
        .into()
    }

    fn card_front<'a>(&'a self, c: &'a Campaign, v: &SheetView) -> Element<'a, Message> {
        let mut col = Column::new()
            .spacing(10)
            .push(text(format!("{} · {}", v.character, v.player)).size(style::TITLE))
            .push(text(v.mode.title()).size(style::SMALL).style(style::muted));
        col = col.push(
            text(format!(
                "Experience: {} earned · {} spent · {} available",
                v.xp_earned, v.xp_spent, v.xp_available
            ))
            .size(style::HEADING),
        );
        let mut stars = Row::new().spacing(4);
        for i in 0..v.xp_earned.max(0) {
            stars = stars.push(cell(i < v.xp_spent, true));
        }
        col = col.push(stars.wrap());
        match c.mode {
            Mode::Campaign => {
                col = col.push(
                    text(format!(
                        "Encounter boxes: {} of {}",
                        v.boxes_filled, v.boxes_total
                    ))
                    .size(style::BODY),
                );
                let per = u16::from(c.card.boxes_per_row);
                for r in 0..u16::from(c.card.encounter_rows) {
                    let mut line = row![
                        text(format!("{:>2}", r + 1))
                            .size(style::SMALL)
                            .width(Length::Fixed(24.0))
                    ]
                    .spacing(4)
                    .align_y(Center);
                    for b in 0..per {
                        line = line.push(cell(false, r * per + b < v.boxes_filled));
                    }
                    line = line.push(
                        text(if (r + 1) * per <= v.boxes_filled {
                            "★ +1 XP"
                        } else {
                            ""
                        })
                        .size(style::SMALL),
                    );
                    col = col.push(line);
                }
                if v.card_complete {
                    col = col.push(
                        text("Every box filled: +7 journey points at the end of Map 11")
                            .size(style::BODY)
                            .style(style::success_text),
                    );
                }
            }
            Mode::Character => {
                for line in 0..c.card.quest_lines {
                    let q = v.quests.iter().filter(|q| !q.arcade).nth(usize::from(line));
                    let locked = line >= c.card.open_quest_lines();
                    let content = match q {
                        Some(q) => format!(
                            "{}. {} · {}{}",
                            line + 1,
                            q.code.as_ref().map(|c| c.to_string()).unwrap_or("?".into()),
                            q.outcome.map(|o| o.label()).unwrap_or(""),
                            q.next
                                .as_ref()
                                .map(|n| format!(" → {n}"))
                                .unwrap_or_default()
                        ),
                        None => format!(
                            "{}. {}",
                            line + 1,
                            if locked { "(Map 11 only)" } else { "" }
                        ),
                    };
                    let t = text(content).size(style::BODY);
                    col = col.push(if locked {
                        widgets::card(t.style(style::muted), 4)
                    } else {
                        container(t).padding(4)
                    });
                }
                col = col.push(
                    text(format!(
                        "Next quest: {}",
                        v.next_quest
                            .as_ref()
                            .map(|q| q.to_string())
                            .unwrap_or_else(|| "not known: write it below".into())
                    ))
                    .size(style::HEADING),
                );
                col = col.push(
                    row![
                        text_input("next code, e.g. R3", &self.sheet.next_code)
                            .on_input(|s| msg(Msg::NextCode(s)))
                            .on_submit(msg(Msg::WriteNext))
                            .size(style::BODY)
                            .padding(6)
                            .width(Length::Fixed(200.0)),
                        secondary("Write on the card", Some(msg(Msg::WriteNext))),
                    ]
                    .spacing(8),
                );
            }
        }
        col = col.push(widgets::heading("Journey points"));
        for j in &v.journey {
            col = col.push(
                text(format!("Session {} · {}: {}", j.session, j.map, j.points)).size(style::BODY),
            );
        }
        col = col.push(text(format!("Campaign total: {}", v.journey_total)).size(style::HEADING));
        widgets::card(col, 16).into()
    }

    fn card_back<'a>(&'a self, c: &'a Campaign, v: &SheetView) -> Element<'a, Message> {
        let facts = self.facts();
        let mut col = Column::new().spacing(10).push(widgets::heading("Talents"));
        for t in &v.talents {
            let effect = facts
                .and_then(|f| f.talent(t))
                .map(|x| x.effect.clone())
                .unwrap_or_default();
            col = col.push(column![
                text(t.clone()).size(style::BODY),
                text(effect).size(style::SMALL).style(style::muted)
            ]);
        }
        if let Some(f) = facts {
            let options: Vec<String> = f
                .talents
                .iter()
                .filter(|t| !v.has_talent(&t.name))
                .map(|t| talent_label(&t.name, t.cost))
                .collect();
            col = col.push(
                row![
                    pick_list(options, self.sheet.talent.clone(), |t| msg(Msg::Talent(t)))
                        .placeholder("Buy a talent…")
                        .text_size(style::BODY),
                    secondary("Buy", self.sheet.talent.is_some().then_some(msg(Msg::Buy))),
                    if self.refusal_by_buy {
                        self.refusal.line()
                    } else {
                        text("").into()
                    },
                ]
                .spacing(8)
                .align_y(Center),
            );
        }
        col = col.push(widgets::heading("Keywords"));
        let kws: Vec<&str> = v.keywords.iter().map(|k| k.as_str()).collect();
        col = col.push(
            text(if kws.is_empty() {
                "none".to_string()
            } else {
                kws.join(", ")
            })
            .size(style::HEADING),
        );
        col = col.push(
            row![
                text_input("keyword", &self.sheet.keyword)
                    .on_input(|s| msg(Msg::Keyword(s)))
                    .on_submit(msg(Msg::AddKeyword))
                    .size(style::BODY)
                    .padding(6),
                secondary("Add keyword", Some(msg(Msg::AddKeyword))),
            ]
            .spacing(8),
        );
        if c.mode == Mode::Campaign {
            col = col.push(widgets::heading("Side quests"));
            let mut circles = Row::new().spacing(8);
            for s in &v.side_quests {
                let t = text(s.code.to_string()).size(style::HEADING);
                circles = circles.push(match s.state {
                    SideQuestState::Pending => container(t).padding([4, 12]).style(style::selected),
                    SideQuestState::CrossedOut => container(t.style(style::muted))
                        .padding([4, 12])
                        .style(style::card),
                });
            }
            col = col.push(circles.wrap());
            col = col.push(
                text("Highlighted: pending (read at the next quest). Grey: crossed out.")
                    .size(style::SMALL)
                    .style(style::muted),
            );
            col = col.push(
                row![
                    text_input("side quest, e.g. Q12", &self.sheet.side_quest)
                        .on_input(|s| msg(Msg::SideQuest(s)))
                        .on_submit(msg(Msg::AddSideQuest))
                        .size(style::BODY)
                        .padding(6),
                    secondary("Write down", Some(msg(Msg::AddSideQuest))),
                ]
                .spacing(8),
            );
        }
        col = col.push(widgets::heading("Experience ledger"));
        for l in &v.xp_lines {
            col =
                col.push(text(format!("{}  {:+}  {}", l.date, l.delta, l.what)).size(style::SMALL));
        }
        container(col).padding(16).style(style::card).into()
    }
}

/// One box or star of the card: filled, or empty.
fn cell<'a>(spent: bool, filled: bool) -> Element<'a, Message> {
    let mark = if spent { "×" } else { "" };
    container(text(mark).size(style::SMALL))
        .width(Length::Fixed(26.0))
        .height(Length::Fixed(26.0))
        .center_x(Length::Fixed(26.0))
        .style(if spent {
            style::error_banner
        } else if filled {
            style::selected
        } else {
            style::card
        })
        .into()
}
