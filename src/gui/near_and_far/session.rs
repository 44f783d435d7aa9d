//! The session tab: choosing the next map (only those the mode allows), who is at the table,
//! the town side; then, during play, the map's special rules, the threat deck with the active
//! card big on screen and who defeated which, and the Map 11 boss cards.

use iced::widget::{Column, checkbox, column, container, pick_list, row, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::CampaignAction;
use super::forms::{MapChoice, TownChoice, map_choice};
use super::{Message, State, Tab, primary, secondary};
use crate::gui::screen::Action;
use crate::gui::{style, widgets};
use crate::near_and_far::scoring::Town;
use crate::near_and_far::session;
use crate::near_and_far::threats::ThreatLevel;
use crate::near_and_far::{Campaign, MapNumber, Mode};

#[derive(Debug, Clone)]
pub enum Msg {
    Map(MapChoice),
    Town(Town),
    Present(usize, bool),
    Start,
    Skip(MapNumber),
    DefeatThreat(String),
    BountyLevel(u8),
    DefeatLevel(String),
    DefeatBoss(String, String),
    ThreatName(String),
    NameThreat,
    Score,
}

/// The active threat's name field, for Tab and the tests.
pub const THREAT_NAME_ID: &str = "threat-name";

fn msg(m: Msg) -> Message {
    Message::Session(m)
}

impl State {
    pub(super) fn update_session(&mut self, m: Msg) -> Action<Message> {
        match m {
            Msg::Map(c) => self.session.map = Some(c),
            Msg::Town(t) => self.session.town = t,
            Msg::Present(i, b) => {
                if let Some(p) = self.session.present.get_mut(i) {
                    p.1 = b;
                }
            }
            Msg::BountyLevel(l) => self.session.bounty_level = Some(l),
            Msg::ThreatName(n) => self.session.threat_name = n,
            Msg::NameThreat => {
                let Some(level) = self
                    .campaign()
                    .and_then(|c| c.current_session())
                    .and_then(|s| s.threats.active())
                else {
                    return Action::none();
                };
                let (applied, a) = self.act_applied(CampaignAction::NameThreat {
                    level: level.get(),
                    name: self.session.threat_name.clone(),
                });
                if applied {
                    self.session.threat_name.clear();
                }
                return a;
            }
            Msg::Start => {
                let Some(map) = self.session.map.clone() else {
                    return Action::error("Choose the map first.");
                };
                let present: Vec<String> = self
                    .session
                    .present
                    .iter()
                    .filter(|p| p.1)
                    .map(|p| p.0.clone())
                    .collect();
                let town = self.session.town;
                let (applied, a) = self.act_applied(CampaignAction::StartSession {
                    map: map.map,
                    date: super::today(),
                    town,
                    characters: present,
                    // A fresh seed for the quest-token draw; it is saved with the session.
                    seed: Some(chrono::Utc::now().timestamp_nanos_opt().unwrap_or(0) as u64),
                });
                if applied {
                    self.score = None;
                    self.written = None;
                    *self.pad = Default::default();
                    // What the table must set up (quest tokens, the map's notes, boss cards,
                    // who reads Arcade cards) is the session panel's, not a notice that would
                    // cover the lookup (docs/table-ux.md 9); the panel opens at its top, where
                    // the quest tokens to place are, with the setup card under them and the
                    // threat deck's buttons below (nothing new lands under the pointer).
                    return Action {
                        notice: None,
                        task: Some(iced::widget::operation::snap_to(
                            super::BODY_ID,
                            iced::widget::operation::RelativeOffset::START,
                        )),
                        open_rule: None,
                    };
                }
                return a;
            }
            Msg::Skip(map) => {
                let a = self.act(CampaignAction::SkipMap { map });
                self.refresh();
                return a;
            }
            Msg::DefeatThreat(who) => {
                return self.act(CampaignAction::DefeatThreat {
                    character: who,
                    level: None,
                });
            }
            Msg::DefeatLevel(who) => {
                let Some(level) = self
                    .session
                    .bounty_level
                    .and_then(|l| ThreatLevel::new(l).ok())
                else {
                    return Action::error("Pick the threat level to fight.");
                };
                return self.act(CampaignAction::DefeatThreat {
                    character: who,
                    level: Some(level),
                });
            }
            Msg::DefeatBoss(boss, who) => {
                return self.act(CampaignAction::DefeatBoss {
                    character: who,
                    boss,
                });
            }
            Msg::Score => {
                self.tab = Tab::Scoring;
                if self.score.is_none() {
                    self.score = self.new_score_form().map(Box::new);
                }
            }
        }
        Action::none()
    }

    pub(super) fn view_session<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        match c.current_session() {
            Some(_) => self.view_play(c),
            None => column![self.view_next(c), self.view_table(c)]
                .spacing(style::GAP)
                .into(),
        }
    }

    fn view_next<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let facts = self.facts();
        let mut col = Column::new().spacing(style::GAP);
        if let Some(champions) = c.champion() {
            col = col.push(
                text(format!(
                    "The campaign is over. Champion: {}",
                    champions.join(" and ")
                ))
                .size(style::TITLE)
                .style(style::success_text),
            );
        }
        let maps = match c.next_maps() {
            Ok(maps) => maps,
            Err(e) => {
                return col.push(text(e.to_string()).size(style::BODY)).into();
            }
        };
        let choices: Vec<MapChoice> = maps.iter().map(|m| map_choice(*m, facts)).collect();
        col = col.push(widgets::heading(format!(
            "Session {}",
            c.sessions.len() + 1
        )));
        col = col.push(
            row![
                text("Map").size(style::BODY).width(Length::Fixed(140.0)),
                pick_list(choices, self.session.map.clone(), |m| msg(Msg::Map(m)))
                    .placeholder("Choose the map")
                    .text_size(style::HEADING)
                    .padding(10),
            ]
            .spacing(style::GAP)
            .align_y(Center),
        );
        let towns = [TownChoice(Town::Dusk), TownChoice(Town::Day)];
        col = col.push(
            row![
                text("Town board")
                    .size(style::BODY)
                    .width(Length::Fixed(140.0)),
                pick_list(towns, Some(TownChoice(self.session.town)), |t| msg(
                    Msg::Town(t.0)
                ))
                .text_size(style::BODY)
                .padding(8),
            ]
            .spacing(style::GAP)
            .align_y(Center),
        );
        col = col.push(text("At the table").size(style::BODY));
        for (i, (name, here)) in self.session.present.iter().enumerate() {
            let player = c.sheet(name).map(|s| s.player.clone()).unwrap_or_default();
            col = col.push(
                checkbox(*here)
                    .label(format!("{name} ({player})"))
                    .on_toggle(move |b| msg(Msg::Present(i, b)))
                    .text_size(style::BODY),
            );
        }
        col = col.push(widgets::primary("Start session", Some(msg(Msg::Start))));
        if c.mode == Mode::Campaign && c.variants.extra_stories {
            let mut skips = row![
                text(format!(
                    "Extra Stories: skip a map ({} of 3 skipped)",
                    c.skipped_maps.len()
                ))
                .size(style::BODY)
            ]
            .spacing(8)
            .align_y(Center);
            for m in MapNumber::all().filter(|m| (2..=10).contains(&m.get())) {
                let allowed =
                    session::check_skip(c.mode, c.variants, &c.sessions, &c.skipped_maps, m)
                        .is_ok();
                if allowed {
                    skips = skips.push(secondary(
                        format!("Skip {}", m.get()),
                        Some(msg(Msg::Skip(m))),
                    ));
                }
            }
            col = col.push(skips);
        }
        container(col)
            .padding(20)
            .style(style::card)
            .width(Fill)
            .into()
    }

    fn view_play<'a>(&'a self, c: &'a Campaign) -> Element<'a, Message> {
        let facts = self.facts();
        let Some(s) = c.current_session() else {
            return column![].into();
        };
        let mut col = Column::new().spacing(style::GAP);
        col = col.push(
            text(format!(
                "Session {} · {}",
                s.number,
                map_choice(s.map, facts)
            ))
            .size(style::TITLE),
        );
        let mf = c
            .cards
            .map(s.map)
            .or_else(|| facts.and_then(|f| f.map(s.map)));
        if !s.quest_tokens.is_empty() {
            let list: Vec<String> = s.quest_tokens.iter().map(|q| q.to_string()).collect();
            col = col.push(
                text(format!("Place quest tokens on: {}", list.join(" · "))).size(style::HEADING),
            );
        }
        // Each reminder with the rule it restates, one click away (docs/rules.md).
        for n in session::map_notices(mf, c.mode, c.variants, s.map, s.characters.len()) {
            col = col.push(widgets::cited(
                text(n.text)
                    .size(style::BODY)
                    .style(style::warning_text)
                    .width(Fill),
                n.rule,
                Message::Rule,
            ));
        }
        // Character Mode: who has read all their open quests uses Arcade cards (as the engine says
        // at the start of the session, `Campaign::start_session`).
        if c.mode == Mode::Character && s.map != MapNumber::LAST_RUIN {
            for ch in &s.characters {
                if c.view(ch)
                    .is_ok_and(|v| v.character_quests_read >= c.card.open_quest_lines())
                {
                    col = col.push(
                        text(format!(
                            "{ch} has read every open character quest: Arcade Mode cards for quests this session."
                        ))
                        .size(style::BODY)
                        .style(style::warning_text),
                    );
                }
            }
        }
        let in_play = c.session_in_play();
        if let Some(p) = &in_play
            && !p.setup.is_empty()
        {
            let mut setup = Column::new()
                .spacing(6)
                .push(widgets::heading("Setup for this table"));
            for r in &p.setup {
                setup = setup.push(widgets::cited(
                    text(r.text.clone()).size(style::BODY).width(Fill),
                    r.rule,
                    Message::Rule,
                ));
            }
            col = col.push(container(setup).padding(16).style(style::card).width(Fill));
        }
        // Threat deck.
        let mut deck = Column::new().spacing(8);
        match in_play.as_ref().and_then(|p| p.active_threat.as_ref()) {
            Some(active) => {
                // Named where the data files know the card (only level 4 is printed in the
                // rulebook); otherwise the level alone.
                deck = deck
                    .push(text(format!("Active threat: {}", active.describe())).size(style::TITLE));
                deck = deck.push(
                    text(format!(
                        "{} cards left in the deck",
                        s.threats.remaining.len()
                    ))
                    .size(style::SMALL)
                    .style(style::muted),
                );
                let mut who = row![].spacing(8);
                for ch in &s.characters {
                    who = who.push(primary(
                        format!("Defeated by {ch}"),
                        Some(msg(Msg::DefeatThreat(ch.clone()))),
                    ));
                }
                deck = deck.push(who);
                let hunters: Vec<&String> = s
                    .characters
                    .iter()
                    .filter(|ch| c.view(ch).is_ok_and(|v| v.has_talent("Bounty Hunting")))
                    .collect();
                if !hunters.is_empty() {
                    let levels: Vec<u8> = s.threats.remaining.iter().map(|l| l.get()).collect();
                    let mut line = row![
                        text("Bounty Hunting: fight level").size(style::BODY),
                        pick_list(levels, self.session.bounty_level, |l| msg(
                            Msg::BountyLevel(l)
                        ))
                        .text_size(style::BODY),
                    ]
                    .spacing(8)
                    .align_y(Center);
                    for h in hunters {
                        line = line.push(secondary(
                            format!("{h} wins"),
                            Some(msg(Msg::DefeatLevel(h.clone()))),
                        ));
                    }
                    deck = deck.push(line);
                }
            }
            None => {
                deck = deck.push(text("Every threat card has been defeated.").size(style::HEADING))
            }
        }
        for d in &s.threats.defeated {
            deck = deck.push(text(format!("Level {} · {}", d.card.get(), d.by)).size(style::BODY));
        }
        // The rulebook names only level 4's card (p. 20): the table copies the others' names
        // from the cards once (`name-threat`), and every later session shows them. The field
        // stays while a threat is active, so naming it moves nothing under the pointer; the
        // rulebook's Bandit is not renamed.
        if let Some(active) = in_play.as_ref().and_then(|p| p.active_threat.as_ref()) {
            let can = active.level != 4 && !self.session.threat_name.trim().is_empty();
            let hint = match &active.name {
                Some(n) => format!("Level {}: {n}", active.level),
                None => format!("Name printed on the level {} card", active.level),
            };
            deck = deck.push(
                row![
                    text_input(&hint, &self.session.threat_name)
                        .id(THREAT_NAME_ID)
                        .on_input(|t| msg(Msg::ThreatName(t)))
                        .on_submit_maybe(can.then(|| msg(Msg::NameThreat)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Fill),
                    secondary("Name this card", can.then(|| msg(Msg::NameThreat))),
                ]
                .spacing(8)
                .align_y(Center),
            );
        }
        col = col.push(container(deck).padding(16).style(style::card).width(Fill));
        if let Some(b) = &s.bosses {
            let mut bosses = Column::new()
                .spacing(8)
                .push(widgets::heading("Boss cards"));
            for boss in &b.standing {
                let mut line = row![text(boss).size(style::HEADING).width(Fill)]
                    .spacing(8)
                    .align_y(Center);
                for ch in &s.characters {
                    line = line.push(secondary(
                        format!("{ch} wins"),
                        Some(msg(Msg::DefeatBoss(boss.clone(), ch.clone()))),
                    ));
                }
                bosses = bosses.push(line);
            }
            for d in &b.defeated {
                bosses = bosses.push(
                    text(format!("{} defeated by {}", d.card, d.by))
                        .size(style::BODY)
                        .style(style::success_text),
                );
            }
            if !b.removed.is_empty() {
                bosses = bosses.push(
                    text(format!(
                        "In the box with this player count: {}",
                        b.removed.join(", ")
                    ))
                    .size(style::SMALL)
                    .style(style::muted),
                );
            }
            col = col.push(container(bosses).padding(16).style(style::card).width(Fill));
        }
        if let Some(p) = &in_play {
            col = col.push(
                text(format!("Game end: {}", p.game_end.rule))
                    .size(style::BODY)
                    .style(style::muted),
            );
        }
        col = col.push(widgets::primary(
            "Score this session",
            Some(msg(Msg::Score)),
        ));
        col.into()
    }
}
