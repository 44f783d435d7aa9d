//! Near and Far on a seat's phone (docs/table-network.md, "Near and Far"): the character's
//! sheet and turn, the quest lookup's answer with its record buttons, the session everyone sees.

use maud::{Markup, html};
use serde_json::{Value, json};

use super::pages::{Books, SeatPage, act_button, confirm_button, listed, today};
use crate::doc::Playable;
use crate::near_and_far::campaign::Action;
use crate::near_and_far::campaign::MAX_THREAT_NAME;
use crate::near_and_far::index::Bookkeeping;
use crate::near_and_far::lookup::{ChoiceStatus, ChoiceView};
use crate::near_and_far::scoring::Town;
use crate::near_and_far::threats::ThreatLevel;
use crate::near_and_far::{Campaign, Lookup, Mode, Outcome, QuestCode, Read};
use crate::seat::Seat;
use crate::words::count;

/// The session in play as the window's session card shows it (docs/table-network.md, "Near
/// and Far"): the map and town side, the active threat by name or level, who took which
/// threat and boss card, the quest tokens and bosses left, what ends the game, and the
/// end-of-game counts kept so far. Short lines: it sits on every seat at 360 px.
pub(super) fn session(c: &Campaign) -> Markup {
    html! {
        section #session {
            h2 { "Session" }
            @match c.session_in_play() {
                None => p { "No session in play: the laptop starts the next one." },
                Some(s) => {
                    p { "Session " (s.number) " · " (s.map)
                        @if let Some(n) = &s.map_name { " " (n) }
                        " · " (town(s.town)) " town · " (s.date) }
                    @let seats: Vec<String> = s.at_table.iter()
                        .map(|a| format!("{} ({})", a.character, a.player)).collect();
                    p { "At the table: " (listed(seats)) }
                    p.big #active-threat { "Active threat: " @match &s.active_threat {
                        Some(t) => (t.describe()),
                        None => "none, every threat card is taken",
                    } }
                    @let taken: Vec<String> = s.threats_taken.iter()
                        .map(|t| format!("{} by {}", t.card.describe(), t.by)).collect();
                    p { (count(s.threats_left as u64, "card", "cards")) " in the deck. Taken: " (listed(taken)) }
                    @let t = &s.tokens;
                    p { "Quest tokens left: " (t.left_count) " of " (t.placed)
                        @if !t.left.is_empty() { ", on " (listed(&t.left)) }
                        @if t.drawn.is_empty() { " (placed by hand)" } }
                    @if let Some(b) = &s.bosses {
                        p { "Bosses left: " (listed(&b.standing)) }
                        @for d in &b.defeated { p { (d.card) " defeated by " (d.by) } }
                    }
                    p.page { "The game ends after the round in which someone places their "
                        (s.game_end.camp) "th camp (p. 28)." }
                    @if s.counted.result.is_some() {
                        h3 { "End-of-game count" }
                        @for l in s.counted.text_lines() { p { (l) } }
                    }
                }
            }
            p { "Sessions played: " (c.sessions.iter().filter(|s| s.is_finished()).count()) }
        }
    }
}

fn town(t: Town) -> &'static str {
    match t {
        Town::Dusk => "Dusk",
        Town::Day => "Day",
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

/// The name field for the active threat when the books do not know it yet (only level 4's is
/// in the rulebook): any player copies it from the card once (`name-threat`), and every later
/// session of the campaign shows it.
fn name_threat(c: &Campaign) -> Markup {
    let Some(level) = c
        .session_in_play()
        .and_then(|s| s.active_threat)
        .filter(|t| t.name.is_none())
        .map(|t| t.level)
    else {
        return html! {};
    };
    let action = json!({"action": "name-threat", "level": level, "name": "{name}"});
    html! {
        details #name-threat {
            summary { "Name the level " (level) " threat card…" }
            form.act data-act=(action.to_string()) {
                label { "Name printed on the card "
                    input #threat-name name="name" required autocomplete="off"
                        maxlength=(MAX_THREAT_NAME); }
                button type="submit" { "Write the name" }
            }
        }
    }
}

/// The seat's own column of the end-of-game score sheet (`score-player`, p. 28), as the
/// window's "Keep" takes it: prefilled with the count already kept, else with what the
/// records know (the journey points of the threat and boss cards taken); talents and a full
/// card on Map 11 come from the records and are only shown. The engine checks it as it is
/// sent; the totals so far, who is still to count and the winner are in the session part.
fn count_form(c: &Campaign, character: &str) -> Markup {
    let Some(s) = c.session_in_play() else {
        return html! {};
    };
    let kept = c
        .current_session()
        .and_then(|x| x.score_draft.iter().find(|p| p.name == character).cloned());
    let Some(p) = c
        .score_template(None)
        .ok()
        .and_then(|t| t.players.into_iter().find(|p| p.name == character))
    else {
        return html! {};
    };
    let cards: Vec<String> = s
        .threats_taken
        .iter()
        .filter(|t| t.by == character)
        .map(|t| t.card.describe())
        .chain(
            s.bosses
                .iter()
                .flat_map(|b| b.defeated.iter())
                .filter(|d| d.by == character)
                .map(|d| d.card.clone()),
        )
        .collect();
    let numbers = |v: &[i32]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mammoth = s.map == crate::near_and_far::MapNumber::MAMMOTH_JUNGLE;
    let action = json!({"action": "score-player", "count": {
        "name": character, "camps": "{camps}", "artifacts": "{artifacts}",
        "unpurchased_artifacts": "{unpurchased}", "threats": "{threats}",
        "card_bonuses": "{bonuses}", "coins": "{coins}", "gems": "{gems}",
        "faction_tokens": "{factions}", "chiefs": "{chiefs}", "reputation": "{reputation}",
        "treasures": "{treasures}", "talents": null,
        "mammoth_camp": if mammoth { json!("{mammoth}") } else { Value::Null },
        "full_card": null, "wins_ties": "{wins_ties}"}});
    let camps_at_least = cards.len();
    let num = |name: &str, label: &str, value: i64, min: i64, max: i64| {
        html! { label.num { (label) " " input name=(name) type="number" inputmode="numeric"
        min=(min) max=(max) value=(value) required; } }
    };
    html! {
        details #count {
            summary.big { "Count my score (end of the game)…" }
            @if let Some(k) = &kept {
                p.page { "Your count is in (" (k.camps) " camps): send it again to correct it." }
            }
            p.page { "Talents (" (listed(p.talents.iter().flatten())) ") and cards taken ("
                (listed(&cards)) ") come from the records." }
            @if let Some((full, filled)) = c.full_card_record(character) {
                p.page { "Map 11 full card: " (if full { "yes" } else { "no" }) " (" (filled) ")." }
            }
            form.act data-act=(action.to_string()) {
                label.num { "Camps on the map, the mine and cards "
                    @if camps_at_least > 0 { "(at least " (camps_at_least) ") " }
                    input #count-camps name="camps" type="number" inputmode="numeric"
                        min=(camps_at_least) max="20" value=[kept.as_ref().map(|k| k.camps)] required; }
                label { "Journey points on each artifact bought (e.g. 2, 3, 5) "
                    input name="artifacts" inputmode="numeric" autocomplete="off" data-numbers=""
                        pattern="[0-9]+([ ,]+[0-9]+)*" value=(numbers(&p.artifacts)); }
                label { "Journey points on each threat or boss card taken "
                    input name="threats" inputmode="numeric" autocomplete="off" data-numbers=""
                        data-optional="" pattern="[0-9]+([ ,]+[0-9]+)*"
                        value=(p.threats.as_deref().map(numbers).unwrap_or_default()); }
                (num("unpurchased", "Artifact cards still in hand", p.unpurchased_artifacts.into(), 0, 55))
                (num("bonuses", "Bonuses written on cards", p.card_bonuses.into(), -99, 99))
                (num("coins", "Coins", p.coins.into(), 0, 99))
                (num("gems", "Gems", p.gems.into(), 0, 99))
                (num("factions", "Faction tokens", p.faction_tokens.into(), 0, 99))
                (num("chiefs", "Chiefs", p.chiefs.into(), 0, 20))
                (num("reputation", "Reputation", p.reputation.into(), -6, 12))
                (num("treasures", "Treasure cards", p.treasures.into(), 0, 20))
                @if mammoth {
                    label { "A camp on a mammoth space (Map 10) " select name="mammoth" data-json="" {
                        option value="false" selected[!p.mammoth_camp.unwrap_or(false)] { "no" }
                        option value="true" selected[p.mammoth_camp.unwrap_or(false)] { "yes" } } }
                }
                label.tick { input name="wins_ties" type="checkbox" checked[p.wins_ties];
                    "A card lets me win ties" }
                button type="submit" { "Keep my count" }
            }
        }
    }
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
            (name_threat(c))
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
        @if in_session {
            section {
                h2 { "End of the game" }
                (count_form(c, &character))
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
