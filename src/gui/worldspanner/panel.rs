//! How the challenge panel looks: the pick lists, ratings, the modifiers the rules allow for
//! what is being challenged, and the Draw button at its head (Enter in any number box draws too).

use iced::widget::{
    Column, Row, button, checkbox, column, container, pick_list, row, text, text_input,
};
use iced::{Center, Element, Fill, Length};

use super::Message;
use super::form::{ChallengeForm, Choice, FormMsg, PaidChoice, What};
use crate::gui::style;
use crate::worldspanner::{
    Action as Play, Face, Faction, Game, HeroRef, HeroStatus, PaidKind, Skill, TeamSide,
};

impl ChallengeForm {
    /// The chances for this challenge under the game's odds setting (whole deck by default).
    fn odds_line(&self, game: &Game, side: TeamSide) -> Option<String> {
        let challenge = match self.build(game, side).ok()? {
            Play::Adventure { challenge, .. } | Play::Challenge { challenge, .. } => challenge,
            Play::Attack { attack, .. } => attack.hit,
            _ => return None,
        };
        let d = challenge.difference();
        let odds = game.odds(side);
        let basis = odds.describe();
        let row = odds.row(d).clone();
        let pct = |p: f64| format!("{:.0}%", p * 100.0);
        Some(if self.what.attack() {
            format!("At {d}: hit {} ({} {basis})", pct(row.hit), side.name())
        } else {
            format!(
                "At {d}: Pass or better {}, Amaze {}, Fopp {} ({} {basis})",
                pct(row.success),
                pct(row.faces[Face::Amaze as usize]),
                pct(row.faces[Face::Fopp as usize]),
                side.name()
            )
        })
    }

    /// The panel; `refused` is what the last Draw was refused for, shown under the button.
    pub fn view<'a>(
        &'a self,
        game: &'a Game,
        side: TeamSide,
        refused: Option<(&'a str, Option<crate::rules::RuleRef>)>,
    ) -> Element<'a, Message> {
        let f = |m: FormMsg| Message::Form(m);
        let heroes = choices(game, side, |s| s.in_play());
        let hero = heroes.iter().find(|c| Some(c.value) == self.hero).cloned();
        // The Draw button heads the panel. Right under it, in two lines of fixed height, a
        // refusal, else every field it still needs (it is disabled until they are filled),
        // else the chances. However long the form below grows, Draw stays at the same pixel and in
        // view at 768 px (docs/table-ux.md 1 and 2), and nothing scrolls when it is refused.
        let draw = if self.what.paid() {
            "Pay and adventure"
        } else {
            "Draw challenge card"
        };
        let missing = self.missing();
        let needs = if missing.is_empty() {
            String::new()
        } else {
            format!("Needs: {}", missing.join(", "))
        };
        let rule = refused.and_then(|(_, rule)| rule);
        let below = match refused {
            Some((r, _)) => text(r).size(style::SMALL).style(style::danger_text),
            None if !needs.is_empty() => text(needs).size(style::SMALL).style(style::warning_text),
            None if self.what.paid() => text(""),
            None => text(self.odds_line(game, side).unwrap_or_default())
                .size(style::SMALL)
                .style(style::muted),
        };
        let mut col: Column<'_, Message> = column![
            // Its key on hover, to the right: a tip under it would cover the refusal or the
            // "Needs" line that sit right under the button.
            iced::widget::tooltip(
                button(text(draw).size(style::BODY))
                    .padding([8, 12])
                    .style(style::primary)
                    .on_press_maybe(missing.is_empty().then_some(Message::Draw)),
                container(text("Key: D").size(style::SMALL))
                    .padding(6)
                    .style(style::card),
                iced::widget::tooltip::Position::Right,
            ),
            container(crate::gui::widgets::cited(
                container(below).width(Fill).clip(true),
                rule,
                Message::Rule
            ))
            .width(Fill)
            .height(Length::Fixed(style::SMALL * 2.8))
            .clip(true),
            pick_list(What::ALL, Some(self.what), move |w| f(FormMsg::What(w)))
                .text_size(style::BODY)
                .width(Fill),
            // Its own full-width row: a hero's name is never cut short.
            pick_list(heroes, hero, move |c| f(FormMsg::Hero(c)))
                .placeholder("which hero")
                .text_size(style::BODY)
                .width(Fill),
        ]
        .spacing(8);
        // A library hero: the rating and its modifiers come from the card.
        let has_card = self
            .hero
            .is_some_and(|hero| game.card(HeroRef { team: side, hero }).is_some());
        if has_card && !self.what.paid() {
            // The label over the list, so the list has the column's width and its value is
            // never cut ("Intellect" whole beside a long label was not).
            col = col.push(
                column![
                    text("Rating from the card")
                        .size(style::SMALL)
                        .style(style::muted),
                    pick_list(Skill::ALL, self.skill, Message::Skill)
                        .placeholder("skill")
                        .text_size(style::BODY)
                        .width(Fill),
                ]
                .spacing(2),
            );
            for r in &self.reminders {
                col = col.push(crate::gui::widgets::cited(
                    text(r.text.clone())
                        .size(style::SMALL)
                        .style(style::warning_text)
                        .width(Fill),
                    r.rule,
                    Message::Rule,
                ));
            }
        }
        if self.what.paid() {
            col = col.push(
                pick_list(
                    PaidKind::ALL
                        .iter()
                        .copied()
                        .map(PaidChoice)
                        .collect::<Vec<_>>(),
                    self.paid.map(PaidChoice),
                    move |k| f(FormMsg::PaidKind(k)),
                )
                .placeholder("what is paid for")
                .text_size(style::BODY)
                .width(Fill),
            );
        }
        let paid_on_key = self.what.paid() && self.paid.is_none_or(|k| k.on_faction_key());
        if self.what.on_faction_key() || paid_on_key {
            let keys: Vec<Choice<Faction>> = game
                .keys
                .iter()
                .map(|k| Choice {
                    value: k.faction,
                    label: k.faction.key_name().to_string(),
                })
                .collect();
            let key = keys.iter().find(|c| Some(c.value) == self.key).cloned();
            // The key on a row of its own: "Celestial Theatre" is shown whole, not cut by
            // the space list beside it.
            col = col.push(
                pick_list(keys, key, move |c| f(FormMsg::Key(c)))
                    .placeholder("Faction key")
                    .text_size(style::BODY)
                    .width(Fill),
            );
            col = col.push(
                row![
                    text("space").size(style::BODY),
                    pick_list(vec![1u8, 2, 3, 4], Some(self.space + 1), move |s| {
                        f(FormMsg::Space(s))
                    })
                    .text_size(style::BODY),
                ]
                .spacing(8)
                .align_y(Center),
            );
        }
        if self.what.paid() {
            return col
                .push(
                    row![
                        text("Gold").size(style::BODY),
                        input("0", &self.gold, "paid-gold", move |s| f(FormMsg::Gold(s))),
                        text("Cards").size(style::BODY),
                        input("0", &self.cards, "paid-cards", move |s| f(FormMsg::Cards(s))),
                    ]
                    .spacing(8)
                    .align_y(Center),
                )
                .push(tick(
                    "Hero of this key's faction (extra gold where the book says)",
                    self.home,
                    move |b| f(FormMsg::Home(b)),
                ))
                .push(
                    text("No card is drawn and no faction modifier applies (p. 14); the hero is dismissed after.")
                        .size(style::SMALL)
                        .style(style::muted),
                )
                .into();
        }
        col = col.push(
            row![
                input("rating", &self.rating, "challenge-rating", move |s| f(
                    FormMsg::Rating(s)
                )),
                text("against").size(style::BODY),
                input("against", &self.against, "challenge-against", move |s| f(
                    FormMsg::Against(s)
                )),
            ]
            .spacing(8)
            .align_y(Center),
        );
        if self.what.attack() {
            let targets = choices(game, side.other(), |s| s == HeroStatus::OnMap);
            let target = targets
                .iter()
                .find(|c| Some(c.value) == self.target)
                .cloned();
            col = col.push(
                pick_list(targets, target, move |c| f(FormMsg::Target(c)))
                    .placeholder("target (none: a minion)")
                    .text_size(style::BODY)
                    .width(Fill),
            );
            col = col.push(
                // Each label over its box, the three boxes sharing the column: the Wound box
                // is never cut at the column's edge (it was at 1024).
                row![
                    over(
                        "Power",
                        filled("P", &self.power, "attack-power", move |s| f(
                            FormMsg::Power(s)
                        ))
                    ),
                    over(
                        "Armor",
                        filled("A", &self.armor, "attack-armor", move |s| f(
                            FormMsg::Armor(s)
                        ))
                    ),
                    over(
                        "Wound",
                        filled("W", &self.wound, "attack-wound", move |s| f(
                            FormMsg::Wound(s)
                        ))
                    ),
                ]
                .spacing(6),
            );
        }
        let mut mods: Row<'_, Message> = row![].spacing(12);
        if self.what.on_faction_key() {
            mods = mods.push(tick("Home faction +2", self.home, move |b| {
                f(FormMsg::Home(b))
            }));
            mods = mods.push(tick("Opposing −2", self.opposing, move |b| {
                f(FormMsg::Opposing(b))
            }));
        }
        mods = mods.push(tick("Boost +1", self.boost, move |b| f(FormMsg::Boost(b))));
        if self.what.attack() {
            mods = mods.push(tick("Target's Boost −1", self.target_boost, move |b| {
                f(FormMsg::TargetBoost(b))
            }));
            if self.what == What::Melee {
                mods = mods.push(tick("Weapon card", self.weapon, move |b| {
                    f(FormMsg::Weapon(b))
                }));
            }
        }
        if self.what.lith() {
            mods = mods.push(tick("Lith's Favor", self.lith, move |b| {
                f(FormMsg::Lith(b))
            }));
        }
        col = col.push(mods.wrap());
        let mut extra = row![
            text("Favor tile").size(style::BODY),
            input("±0", &self.favor, "challenge-favor", move |s| f(
                FormMsg::Favor(s)
            )),
        ]
        .spacing(6)
        .align_y(Center);
        if self.what == What::Ranged {
            extra = extra.push(text("Camouflaging spaces").size(style::BODY));
            extra = extra.push(input("0", &self.terrain, "shot-terrain", move |s| {
                f(FormMsg::Terrain(s))
            }));
        }
        col = col.push(extra);
        col = col.push(
            row![
                text("Own modifier").size(style::BODY),
                input("±0", &self.own, "challenge-own", move |s| f(FormMsg::Own(
                    s
                ))),
                text_input("why (ability or card)", &self.own_reason)
                    .id("challenge-own-reason")
                    .on_input(move |s| f(FormMsg::OwnReason(s)))
                    .on_submit(Message::Draw)
                    .size(style::BODY)
                    .width(Fill),
            ]
            .spacing(6)
            .align_y(Center),
        );
        col.into()
    }
}

fn choices(game: &Game, side: TeamSide, keep: impl Fn(HeroStatus) -> bool) -> Vec<Choice<usize>> {
    game.team(side)
        .heroes
        .iter()
        .enumerate()
        .filter(|(_, h)| keep(h.status))
        .map(|(i, h)| Choice {
            value: i,
            label: h.name.clone(),
        })
        .collect()
}

fn input<'a>(
    placeholder: &'a str,
    value: &'a str,
    id: &'static str,
    on: impl Fn(String) -> Message + 'a,
) -> Element<'a, Message> {
    text_input(placeholder, value)
        .id(id)
        .on_input(on)
        .on_submit(Message::Draw)
        .size(style::BODY)
        .width(60)
        .into()
}

/// A number box as wide as its share of the row (Enter draws, as every box).
fn filled<'a>(
    placeholder: &'a str,
    value: &'a str,
    id: &'static str,
    on: impl Fn(String) -> Message + 'a,
) -> Element<'a, Message> {
    text_input(placeholder, value)
        .id(id)
        .on_input(on)
        .on_submit(Message::Draw)
        .size(style::BODY)
        .width(Fill)
        .into()
}

/// `field` under its label in small type.
fn over<'a>(label: &'a str, field: Element<'a, Message>) -> Element<'a, Message> {
    column![text(label).size(style::SMALL).style(style::muted), field]
        .spacing(2)
        .width(Fill)
        .into()
}

fn tick<'a>(label: &'a str, on: bool, f: impl Fn(bool) -> Message + 'a) -> Element<'a, Message> {
    checkbox(on)
        .label(label)
        .text_size(style::BODY)
        .on_toggle(f)
        .into()
}
