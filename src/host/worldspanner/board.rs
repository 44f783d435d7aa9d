//! What the whole table shares on a team's page: the step and what the team may do now (with
//! the surround question and the Dome a dismissed hero waits for), the card drawn, the loot
//! on the ground, the melee order, the Domes and the team's Glory board.

use maud::{Markup, html};
use serde_json::json;

use super::super::pages::{confirm_button, listed};
use super::{heroes_of, may, offer};
use crate::worldspanner::surround::SURROUND_ANSWERS;
use crate::worldspanner::victory::SPACES_PER_KEY;
use crate::worldspanner::{Action, Game, HeroRef, LastEvent, TeamSide};

/// The card drawn last and what it means at the table (the challenge or attack the window's
/// panel shows), kept at the top of the page so a team sees its result without scrolling.
pub(super) fn drawn(g: &Game) -> Markup {
    let (who, lines): (String, &[String]) = match &g.last {
        Some(LastEvent::Challenge {
            team, hero, lines, ..
        }) => (
            hero.map_or_else(|| team.name().to_string(), |h| g.name(h)),
            lines,
        ),
        Some(LastEvent::Attack {
            attacker, lines, ..
        }) => (g.name(*attacker), lines),
        None => (String::new(), &[]),
    };
    html! {
        section #drawn {
            @if lines.is_empty() {
                p.page { "No card drawn yet this game." }
            } @else {
                h2 { "Card drawn: " (who) }
                @for l in lines { p.line { (l) } }
            }
        }
    }
}

/// The Domes: who sits in each one taken (and its free places), the empty ones on one line.
pub(super) fn domes(g: &Game) -> Markup {
    let view = g.view();
    let empty: Vec<String> = view
        .domes
        .iter()
        .filter(|d| d.places.iter().all(Option::is_none))
        .map(|d| d.number.to_string())
        .collect();
    html! {
        section.tight {
            p { b { "Domes" } @if empty.len() == view.domes.len() { ": all " (empty.len()) " empty" } }
            @if empty.len() < view.domes.len() { ul.compact {
                @for d in view.domes.iter().filter(|d| d.places.iter().any(Option::is_some)) {
                    li { "Dome " (d.number) ": "
                        (listed(d.places.iter().flatten().map(|n| n.name.clone())))
                        " · " (d.free) " free" }
                }
                @if !empty.is_empty() { li { "Empty: Dome " (empty.join(", ")) } }
            } }
        }
    }
}

/// The heroes on the map in the order they make their melee attacks (Wits, highest first,
/// ties to the active team: COMBAT, p. 18), those done this Melee step marked.
pub(super) fn melee_order(g: &Game) -> Markup {
    let view = g.view();
    html! {
        section.tight {
            p { b { "Melee order" } }
            @if view.melee_order.is_empty() && view.melee_wits_unknown.is_empty() {
                p.page { "No hero on the map yet." }
            }
            @if !view.melee_order.is_empty() {
                ol.compact {
                    @for m in &view.melee_order {
                        li { (m.name) " (" (m.team.name()) ", Wits " (m.wits) ")" @if m.done { " · done" } }
                    }
                }
            }
            @if !view.melee_wits_unknown.is_empty() {
                p.note { "Wits not on a card: " (listed(view.melee_wits_unknown.iter().map(|n| n.name.clone()))) }
            }
        }
    }
}

/// The step and what the team may do now: who acts, the step's reminder, who has acted, the
/// Dome a dismissed hero waits for, and End this step for the active team.
/// The reminder's "Rule" opens its digest entry under `base`, the seat's address.
pub(super) fn now(g: &Game, my: Option<TeamSide>, base: &str) -> Markup {
    let view = g.view();
    let glory = g.glory();
    let acts_now = my.is_some_and(|t| !g.locked() && g.rounds.may_act(t));
    let end = my
        .filter(|t| *t == g.rounds.active)
        .is_some_and(|_| may(g, Action::NextStep {}));
    html! {
        section #now {
            div.headline {
                @if g.locked() {
                    p.big { (g.rounds.describe()) }
                } @else if acts_now {
                    p.big.you { (g.rounds.step.name()) " step: your team acts" }
                } @else if let Some(t) = my {
                    p.big { (g.rounds.step.name()) " step: " (actors(g, t.other())) " act, you wait" }
                } @else {
                    p.big { (g.rounds.step.name()) " step" }
                }
                @if end {
                    (confirm_button("End step", &json!({"action": "next-step"}),
                        &format!("End the {} step for both teams? A hero that has not acted loses its chance.",
                            g.rounds.step.name())))
                }
            }
            p.note {
                @if g.locked() { "The game is over: the laptop may reopen it for corrections." }
                @else {
                    "Round " (g.rounds.round) " of " (g.rounds.length.rounds())
                    " · glory now " (glory.glory[0]) "–" (glory.glory[1])
                    " · " (g.rounds.step.reminder())
                    @if let Some(rule) = g.rounds.step.entry() {
                        (crate::host::pages::rule_link(base, rule))
                    }
                }
            }
            @if !view.acted.is_empty() {
                p.page { "Acted this step: " (listed(view.acted.iter().map(|a| format!("{} ({})", a.name, a.did)))) }
            }
            (surrounded(g, my))
            @if let Some(p) = &g.pending {
                @let chooser = my == Some(p.chooser);
                p.big { (g.name(p.hero)) " waits for a Dome: " (p.chooser.name()) " choose" }
                @if p.awaiting_card {
                    p { (p.chooser.name()) " read the Dome range on the card they drew." }
                    @if chooser {
                        form.act data-act=(json!({"action": "read-domes", "domes": "{domes}"}).to_string()) {
                            label { "Dome range on the card (3-4, 1 or 6) " input #domes name="domes" required autocomplete="off"; }
                            button type="submit" { "Enter the range" }
                        }
                    }
                } @else {
                    p { "Allowed: " (listed(p.candidates.iter().map(|c| format!("Dome {} ({} empty)", c.number, c.empty)))) }
                    @if chooser {
                        div.row { @for c in &p.candidates {
                            @if let Some(slot) = g.domes.first_empty(c.number) {
                                (offer(g, &format!("Place in Dome {}", c.number), Action::Place { dome: Some(slot) }))
                            }
                        } }
                    }
                }
            }
        }
    }
}

/// The question asked when the active team ends its Action step with heroes still in a Dome
/// (Must leave a Dome, p. 9): the question for both teams, its answers as buttons for the
/// active team, which alone may answer.
fn surrounded(g: &Game, my: Option<TeamSide>) -> Markup {
    if g.surrounded_asked.is_empty() {
        return html! {};
    }
    let names: Vec<String> = g.surrounded_asked.iter().map(|r| g.name(*r)).collect();
    let are = if names.len() == 1 { "is" } else { "are" };
    let answers = my == Some(g.rounds.active);
    // The question short and large; the rule under it in the note's type.
    html! {
        div #surrounded {
            p.big { (listed(names)) " " (are) " still in a Dome: surrounded?" }
            p.note { "A hero in a Dome must move out in its Action step unless enemies surround \
                the Dome (Move & slip away, Must leave a Dome, p. 9)." }
            @if answers {
                div.row {
                    @for (i, answer) in SURROUND_ANSWERS.iter().enumerate() {
                        (offer(g, answer, Action::Answer { option: i + 1 }))
                    }
                }
            } @else {
                p.note { (g.rounds.active.name()) " answer on their phone." }
            }
        }
    }
}

/// The gold lying where heroes were defeated (DEFEAT, p. 18), pile by pile, for both teams;
/// in its Free step the active team picks up from a pile with one of its heroes on the map
/// (Picking up loot, p. 11), all of it or the amount typed.
pub(super) fn loot(g: &Game, my: Option<TeamSide>) -> Markup {
    if g.loot.is_empty() {
        return html! {};
    }
    html! {
        section.tight #loot {
            p { b { "Loot on the ground" } }
            @for (pile, l) in g.loot.iter().enumerate() {
                @let takers: Vec<HeroRef> = my.map(|side| heroes_of(g, side)
                    .map(|(r, _)| r)
                    .filter(|r| may(g, Action::PickUp { hero: *r, pile, gold: None }))
                    .collect()).unwrap_or_default();
                p.page { (l.gold) " gold " (l.place(g)) }
                @if !takers.is_empty() {
                    form.act data-act=(json!({"action": "pick-up", "hero": "{hero}", "pile": pile, "gold": "{gold}"}).to_string()) {
                        label { "Who " select name="hero" data-json="" {
                            @for r in &takers { option value=(json!(r).to_string()) { (g.name(*r)) } }
                        } }
                        label { "Gold " input name="gold" type="number" min="1" max=(l.gold) value=(l.gold) required; }
                        button type="submit" { "Pick up" }
                    }
                    p.note { "Only with no enemy adjacent (Picking up loot, p. 11)." }
                }
            }
        }
    }
}

/// Who acts in the step besides `other`'s team: its name ("Skyhawks").
fn actors(g: &Game, other: TeamSide) -> &'static str {
    if g.rounds.may_act(other) {
        other.name()
    } else {
        "nobody"
    }
}

/// The team's Glory board, folded until opened: its odds and deck, its markers on each Faction
/// key with a Capture button on each space it does not hold, +1 tribute to Lith, a glory card.
pub(super) fn glory(g: &Game, side: TeamSide) -> Markup {
    let t = g.team(side);
    html! {
        details #glory {
            summary.big { "Glory board, odds and deck…" }
            p.page { "Glory cards: " (side.name()) " " (t.glory_cards) ", " (side.other().name()) " "
                (g.team(side.other()).glory_cards) }
            p.page { "Odds " (g.odds(side).describe())
                " · " (if t.physical { "physical deck" } else { "digital deck" }) }
            @for k in &g.keys {
                p { b { (k.faction.key_name()) } ": " (side.name()) " " (k.markers(side))
                    " · " (side.other().name()) " " (k.markers(side.other())) }
                div.row {
                    @for s in 0..SPACES_PER_KEY {
                        @if k.spaces.get(s).copied().flatten() != Some(side) {
                            (offer(g, &format!("Capture space {}", s + 1),
                                Action::Capture { team: side, faction: k.faction, space: s }))
                        }
                    }
                }
            }
            p { "Lith's tribute: " @match g.lith.holder {
                Some(t) => { (t.name()) " " (g.lith.amount) },
                None => "none",
            } }
            div.row {
                (offer(g, "+1 tribute to Lith", Action::Tribute { team: side, amount: 1 }))
                (offer(g, "Glory card", Action::GloryCard { team: side }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worldspanner::sample;
    use crate::worldspanner::team::MapDesign;

    /// docs/rules.md, "Rule references": the step's reminder on a seat's page ends with a
    /// Rule link that opens its digest entry under the seat's own address.
    #[test]
    fn the_steps_reminder_links_its_rule_under_the_seats_address() {
        let setup = sample::setup(MapDesign::Standard, 6, 10, 7).unwrap();
        let g = Game::new(setup).unwrap();
        let page = now(&g, Some(TeamSide::Skyhawks), "/seat/abc").into_string();
        assert!(
            page.contains(r#"href="/seat/abc/rules/worldspanner/reinforce-schedule""#),
            "{page}"
        );
    }
}
