//! Near and Far on a seat's phone (docs/table-network.md, "Near and Far"): the character's
//! sheet and turn, the quest lookup's answer with its record buttons, the session everyone sees.

use maud::{Markup, html};
use serde_json::{Value, json};

use super::pages::{Books, SeatPage, act_button, confirm_button, listed, today};
use crate::doc::Playable;
use crate::near_and_far::campaign::Action;
use crate::near_and_far::index::Bookkeeping;
use crate::near_and_far::lookup::{ChoiceStatus, ChoiceView};
use crate::near_and_far::threats::ThreatLevel;
use crate::near_and_far::{Campaign, Lookup, Mode, Outcome, QuestCode, Read};
use crate::seat::Seat;

/// The session in play and its threats, as everyone at the table sees them.
pub(super) fn session(c: &Campaign) -> Markup {
    html! {
        section {
            h2 { "Session" }
            @match c.current_session() {
                None => p { "No session in play: the laptop starts the next one." },
                Some(s) => {
                    p { "Session " (s.number) " · " (s.map) " · " (s.date) }
                    p { "At the table: " (listed(&s.characters)) }
                    p.big { "Active threat: " @match s.threats.active() {
                        Some(t) => { "level " (t.get()) }
                        None => "none left",
                    } }
                    @let beaten: Vec<String> = s.characters.iter().map(|ch| {
                        format!("{ch} {}", s.threats.defeated_by(ch).len())
                    }).collect();
                    p { "Threats defeated: " (listed(beaten)) }
                    @if let Some(b) = &s.bosses {
                        p { "Bosses: " (if b.all_defeated() { "all defeated" } else { "still standing" }) }
                    }
                    @if !s.quest_tokens.is_empty() {
                        p { "Quest tokens on: " (listed(&s.quest_tokens)) }
                    }
                }
            }
            p { "Sessions played: " (c.sessions.iter().filter(|s| s.is_finished()).count()) }
        }
    }
}

/// Would the rules take `action` now? Tried on a copy of the campaign: nothing changes.
fn may(c: &Campaign, action: Action) -> bool {
    c.clone().act(action).is_ok()
}

/// The talents `character` can buy now, each with whether it is bought at the Town Hall: only
/// between sessions (or at the Town Hall with Politics, p. 13), only those not yet held and
/// only those the experience to spend pays for. Each is tried on a copy of the campaign.
fn buyable(c: &Campaign, character: &str, date: chrono::NaiveDate) -> Vec<(String, u8, bool)> {
    let buy = |talent: &str, at_town_hall: bool| Action::BuyTalent {
        character: character.to_string(),
        talent: talent.to_string(),
        at_town_hall,
        date,
    };
    c.cards
        .talents
        .iter()
        .filter_map(|t| {
            [false, true]
                .into_iter()
                .find(|hall| may(c, buy(&t.name, *hall)))
                .map(|hall| (t.name.clone(), t.cost, hall))
        })
        .collect()
}

/// The threats `character` may defeat now: the active one, and with Bounty Hunting any other
/// level still in the deck (p. 13).
fn threats(c: &Campaign, character: &str) -> Vec<(Option<ThreatLevel>, String)> {
    let defeat = |level| Action::DefeatThreat {
        character: character.to_string(),
        level,
    };
    let Some(s) = c.current_session() else {
        return Vec::new();
    };
    let active = s.threats.active();
    let mut out = Vec::new();
    if let Some(l) = active
        && may(c, defeat(None))
    {
        out.push((
            None,
            format!("Defeat the active threat (level {})", l.get()),
        ));
    }
    for n in 1..=u8::MAX {
        let Ok(l) = ThreatLevel::new(n) else { break };
        if Some(l) != active && may(c, defeat(Some(l))) {
            out.push((
                Some(l),
                format!("Hunt the level {n} threat (Bounty Hunting)"),
            ));
        }
    }
    out
}

pub(super) fn page(c: &Campaign, seat: Option<&Seat>, base: &str) -> Markup {
    let Some(seat) = seat else {
        return html! {
            section { h2 { "Characters" }
                ul { @for s in &c.sheets { li { (s.character) " (" (s.player) ")" } } } }
            (session(c))
        };
    };
    let character = seat.plays.name().to_string();
    let Ok(view) = c.view(&character) else {
        return html! { p { "This character is no longer in the campaign." } };
    };
    let date = today();
    let day = chrono::Local::now().date_naive();
    let talents = buyable(c, &character, day);
    let threats = threats(c, &character);
    let in_session = c.current_session().is_some();
    let note = |item: Value| {
        json!({"action": "note-reward", "character": character, "item": item, "date": date})
            .to_string()
    };
    let keyword = note(json!({"type": "keyword-gained", "keyword": "{keyword}"}));
    let experience =
        note(json!({"type": "experience-reward", "amount": "{amount}", "quest": "{quest}"}));
    let side_quest = note(json!({"type": "side-quest-given", "code": "{code}", "from": "{from}"}));
    let side_quests = c.mode == Mode::Campaign;
    let pending = view.pending_side_quests();
    html! {
        section {
            h2 { (view.character) }
            p.big { "Experience: " strong { (view.xp_available) } " to spend ("
                (view.xp_earned) " earned, " (view.xp_spent) " spent)" }
            p { "Talents: " (listed(&view.talents)) }
            p { "Keywords: " (listed(&view.keywords)) }
            @if let Some(letters) = c.quest_letters(&view.character) {
                p { "Quest letters: " (letters) }
            }
            @if let Some(next) = &view.next_quest { p { "Next quest: " (next) } }
            p { "Side quests to read: " (listed(&pending)) }
            @for code in &pending {
                (act_button(&format!("Cross out side quest {code}"),
                    &json!({"action": "cross-out-side-quest", "character": character, "code": code, "date": date})))
            }
        }
        section {
            h2 { "My turn" }
            @if !in_session { p.page { "No session in play: quests and threats wait for the next one." } }
            @for (level, label) in &threats {
                (act_button(label, &json!({"action": "defeat-threat", "character": character, "level": level})))
            }
            form method="get" action={ (base) "/quest" } {
                label { "Read a quest: the number on the quest space "
                    input #quest-number name="n" inputmode="numeric" required autocomplete="off"; }
                button type="submit" { "Look up" }
            }
            p.page { "The quest's answer records it: Success, Success with bonus or Failed." }
            details #rewards {
                summary.big { "Rewards by hand: experience, keyword, side quest…" }
                form.act data-act=(experience) {
                    label { "Experience gained " input #xp-amount name="amount" type="number" min="1" max="20" required; }
                    label { "From quest (optional) " input #xp-quest name="quest" autocomplete="off" placeholder="e.g. 41" data-optional=""; }
                    button type="submit" { "Take the experience" }
                }
                form.act data-act=(keyword) {
                    label { "Keyword gained " input #keyword name="keyword" required autocomplete="off"; }
                    button type="submit" { "Note keyword" }
                }
                @if side_quests {
                    form.act data-act=(side_quest) {
                        label { "Side quest given (its number) " input #side-code name="code" required autocomplete="off"; }
                        label { "Given by quest (optional) " input #side-from name="from" autocomplete="off" data-optional=""; }
                        button type="submit" { "Write the side quest" }
                    }
                }
            }
        }
        section {
            h2 { "Buy a talent" }
            @if talents.is_empty() {
                p.page { @if in_session { "Talents are bought between sessions (p. 13)." }
                    @else { "None you can afford now." } }
            }
            @for (name, cost, hall) in &talents {
                (confirm_button(&format!("Buy {name} ({cost} XP){}", if *hall { " at the Town Hall" } else { "" }),
                    &json!({"action": "buy-talent", "character": character, "talent": name, "at_town_hall": hall, "date": date}),
                    &format!("Spend {cost} experience on {name}?")))
            }
        }
        (session(c))
    }
}

/// The record buttons for the lookup's paragraph, one per outcome, each with the rewards
/// that outcome brings (the chosen choice's, as the window's lookup records them). In
/// Character mode they sit in a form with what the window's lookup also asks: the next code
/// written on the card (prefilled with the choice's, left empty for none) and whether the
/// story ends here (p. 23).
fn record(
    c: &Campaign,
    a: &Lookup,
    outcomes: &[(&str, Outcome, Bookkeeping)],
    next: Option<&QuestCode>,
) -> Markup {
    let character = c.mode == Mode::Character;
    let action = |outcome: &Outcome, rewards: &Bookkeeping| {
        json!({"action": "record-quest", "character": a.character, "read": a.read,
            "outcome": outcome, "rewards": rewards,
            "next": if character { json!("{next}") } else { Value::Null },
            "ending": if character { json!("{ending}") } else { json!(false) },
            "date": today()})
    };
    if !character {
        return html! { div.row { @for (label, outcome, rewards) in outcomes {
            (confirm_button(label, &action(outcome, rewards), &format!("Record {}: {label}?", a.read.headline())))
        } } };
    }
    let first = outcomes
        .first()
        .map(|(_, o, r)| action(o, r))
        .unwrap_or_default();
    html! {
        form.act data-act=(first.to_string()) {
            label { "Next code written on the card "
                input name="next" value=(next.map(ToString::to_string).unwrap_or_default())
                    placeholder="e.g. R3" autocomplete="off" data-optional=""; }
            label { "The story " select name="ending" data-json="" {
                option value="false" selected { "goes on" }
                option value="true" { "ends here" } } }
            div.row { @for (label, outcome, rewards) in outcomes {
                button type="submit" data-send=(action(outcome, rewards).to_string())
                    data-confirm=(format!("Record {}: {label}?", a.read.headline())) { (label) }
            } }
        }
    }
}

/// A choice's outcomes and the rewards each brings: Success, Success with bonus (when the
/// choice has a bonus), Failed (none).
fn choice_outcomes(v: &ChoiceView) -> Vec<(&'static str, Outcome, Bookkeeping)> {
    let mut outcomes = vec![("Success", Outcome::Success, v.reward.clone())];
    if !v.bonus.is_empty() {
        outcomes.push((
            "Success with bonus",
            Outcome::SuccessWithBonus,
            v.reward.plus(&v.bonus),
        ));
    }
    outcomes.push(("Failed", Outcome::Failed, Bookkeeping::default()));
    outcomes
}

pub(super) fn lookup(c: &Campaign, seat: &Seat, query: &str, books: &Books) -> Markup {
    let Some(nf) = &books.near_and_far else {
        return html! { p.bad { "The storybook index could not be read." } };
    };
    let answer = QuestCode::parse(query.trim())
        .map_err(|e| e.to_string())
        .and_then(|space| {
            c.lookup(
                seat.plays.name(),
                &space,
                None,
                &nf.index,
                nf.facts.as_ref(),
            )
            .map_err(|e| e.to_string())
        });
    let a = match answer {
        Ok(a) => a,
        Err(why) => {
            return html! {
                h2 { "Quest " (query) }
                p.bad role="alert" { (why) }

            };
        }
    };
    let headline = a.read.headline();
    html! {
        section {
            h2 { (a.character) }
            p.big { strong { (headline) } }
            p { (a.reason) }
            p { "On the card: " (a.experience) }
            @for w in &a.warnings { p.bad { (w) } }
            @for u in &a.unknown { p.page { (u) } }
            @if let Some(code) = &a.cross_out {
                (act_button(&format!("Cross out side quest {code}"),
                    &json!({"action": "cross-out-side-quest", "character": a.character, "code": code, "date": today()})))
            }
        }
        @match &a.choices {
            Some(choices) => {
                @for v in choices {
                    article {
                        h3 { (v.index + 1) ". " (v.label) }
                        p { (v.test.map(|t| t.describe()).unwrap_or_else(|| "no roll".into()))
                            " · " (match v.status {
                                ChoiceStatus::Forced => "MUST be read (keyword)",
                                s => s.label(),
                            }) }
                        @if v.may_be_chosen() {
                            (record(c, &a, &choice_outcomes(v), v.next.as_ref()))
                        }
                    }
                }
            }
            None => {
                section {
                    h2 { "Record it" }
                    @if matches!(a.read, Read::ArcadeCard) {
                        (record(c, &a, &[("Arcade card drawn (no experience)", Outcome::Success, Bookkeeping::default())], None))
                    } @else {
                        p.page { "The index does not know this paragraph's choices: note keywords and side quests from your sheet." }
                        (record(c, &a, &[
                            ("Success", Outcome::Success, Bookkeeping::default()),
                            ("Success with bonus", Outcome::SuccessWithBonus, Bookkeeping::default()),
                            ("Failed", Outcome::Failed, Bookkeeping::default()),
                        ], None))
                    }
                }
            }
        }

    }
}

impl SeatPage for crate::near_and_far::Campaign {
    fn page(&self, seat: Option<&Seat>, base: &str) -> Markup {
        page(self, seat, base)
    }

    fn lookup(&self, seat: &Seat, query: &str, books: &Books) -> Option<Markup> {
        Some(lookup(self, seat, query, books))
    }
}
