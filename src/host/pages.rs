//! The seats' pages: narrow (360 px), touch-first (targets of 44 px and more), rendered here
//! with maud, so every name a player typed is escaped. One small script (`seat.js`) sends the
//! buttons' actions and swaps in the new view when the live stream says the game moved.

use maud::{DOCTYPE, Markup, html};
use serde_json::{Value, json};

use crate::doc::Kind;
use crate::seat::{Plays, Seat};

use super::table::Table;

pub const SCRIPT: &str = include_str!("seat.js");
pub const STYLE: &str = include_str!("seat.css");

/// What a game shows on a seat's page (`seat` None: the read-only table seat).
pub trait SeatPage {
    fn page(&self, seat: Option<&Seat>) -> Markup;
}

/// A button that sends `action` from this seat.
fn act_button(label: &str, action: &Value) -> Markup {
    html! { button.act type="button" data-act=(action.to_string()) { (label) } }
}

fn today() -> String {
    chrono::Local::now().date_naive().to_string()
}

/// The page's head: phone-width viewport, its title, the host's own style (and script).
fn head(title: &str, script: bool) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            link rel="stylesheet" href="/assets/seat.css";
            @if script { script src="/assets/seat.js" defer {} }
        }
    }
}

/// The whole page of `seat`.
pub fn whole(table: &dyn Table, seat: &str, plays: Option<Plays>, token: &str) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("{seat} · {}", table.kind().title()), true))
            body data-token=(token) {
                header {
                    h1 { (seat) }
                    p.game { (table.kind().title()) " · " (table.title()) }
                    p #live role="status" { "Connecting…" }
                }
                main #main { (part(table, seat, plays)) }
                nav { a.big href={ "/seat/" (token) "/rules" } { "Rules lookup" } }
            }
        }
    }
}

/// The part of the page that follows the game (swapped in on every new revision).
pub fn part(table: &dyn Table, seat: &str, plays: Option<Plays>) -> Markup {
    let seat = plays.map(|plays| Seat {
        name: seat.to_string(),
        plays,
    });
    html! {
        div #view data-revision=(table.revision()) {
            p.summary { (table.summary()) }
            p #said .said role="status" {}
            (table.page(seat.as_ref()))
            section {
                h2 { "Latest" }
                ol.recent { @for l in table.recent(5) { li { (l) } } }
            }
        }
    }
}

/// The page a revoked or unknown link gets.
pub fn revoked() -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            (head("Link no longer works", false))
            body { main { h1 { "This link no longer works" }
                p { "Ask the host for the seat's new link or QR code." } } }
        }
    }
}

/// The rules lookup for the game, as a seat sees it.
pub fn rules(kind: Kind, seat: &str, token: &str, query: &str) -> Markup {
    let (library, _) = crate::rules::Library::bundled();
    let groups = if query.trim().is_empty() {
        Vec::new()
    } else {
        crate::rules::search(&library, query, Some(kind))
    };
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("Rules · {}", kind.title()), false))
            body {
                header { h1 { "Rules: " (kind.title()) } p.game { (seat) } }
                main {
                    form method="get" {
                        input type="search" name="q" value=(query) placeholder="attack, reinforce…" aria-label="Search the rules";
                        button type="submit" { "Search" }
                    }
                    @if !query.trim().is_empty() && groups.is_empty() {
                        p { "Nothing found for “" (query) "”." }
                    }
                    @for g in &groups {
                        @for h in &g.hits {
                            article.rule {
                                h2 { (h.entry.title) }
                                p { (h.entry.summary) }
                                p.page { "Rulebook: " (h.entry.page) }
                            }
                        }
                    }
                }
                nav { a.big href={ "/seat/" (token) } { "Back to my seat" } }
            }
        }
    }
}

impl SeatPage for crate::near_and_far::Campaign {
    fn page(&self, seat: Option<&Seat>) -> Markup {
        let Some(seat) = seat else {
            return html! {
                section { h2 { "Characters" }
                    ul { @for s in &self.sheets { li { (s.character) " (" (s.player) ")" } } } }
            };
        };
        let character = seat.plays.name().to_string();
        let Ok(view) = self.view(&character) else {
            return html! { p { "This character is no longer in the campaign." } };
        };
        let date = today();
        let buyable: Vec<_> = self
            .cards
            .talents
            .iter()
            .filter(|t| !view.has_talent(&t.name))
            .collect();
        let record = json!({"action": "record-quest", "character": character,
            "read": {"kind": "map-quest", "code": "{code}"}, "outcome": "{outcome}", "date": date});
        let keyword = json!({"action": "note-reward", "character": character,
            "item": {"type": "keyword-gained", "keyword": "{keyword}"}, "date": date});
        html! {
            section {
                h2 { (view.character) }
                p.big { "Experience: " strong { (view.xp_available) } " to spend ("
                    (view.xp_earned) " earned, " (view.xp_spent) " spent)" }
                p { "Talents: " @if view.talents.is_empty() { "none" } @else { (view.talents.join(", ")) } }
                p { "Keywords: " @if view.keywords.is_empty() { "none" } @else {
                    (view.keywords.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ")) } }
                @let pending = view.pending_side_quests();
                p { "Side quests to read: " @if pending.is_empty() { "none" } @else {
                    (pending.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")) } }
                @if let Some(next) = &view.next_quest { p { "Next quest: " (next) } }
            }
            section {
                h2 { "Record a quest" }
                form.act data-act=(record.to_string()) {
                    label { "Quest number " input name="code" inputmode="numeric" required; }
                    label { "Outcome " select name="outcome" {
                        option value="success" { "Success" }
                        option value="success-with-bonus" { "Success with bonus" }
                        option value="failed" { "Failed" } } }
                    button type="submit" { "Record quest" }
                }
                form.act data-act=(keyword.to_string()) {
                    label { "Keyword gained " input name="keyword" required; }
                    button type="submit" { "Note keyword" }
                }
            }
            section {
                h2 { "Buy a talent" }
                @if buyable.is_empty() { p { "No talent left to buy." } }
                @for t in buyable {
                    (act_button(&format!("Buy {} ({} XP)", t.name, t.cost),
                        &json!({"action": "buy-talent", "character": character, "talent": t.name, "date": date})))
                }
            }
        }
    }
}

impl SeatPage for crate::worldspanner::Game {
    fn page(&self, seat: Option<&Seat>) -> Markup {
        let active = self.rounds.active;
        html! {
            section {
                h2 { "Round" }
                p.big { (self.rounds.describe()) }
                @if let Some(seat) = seat && seat.name == active.name() {
                    (act_button("End this step", &json!({"action": "next-step"})))
                }
            }
            @for team in &self.teams {
                @if seat.is_none_or(|s| s.name == team.side.name()) {
                    section {
                        h2 { (team.side.name()) " heroes" }
                        @for (i, h) in team.heroes.iter().enumerate() {
                            @let hero = json!({"team": team.side, "hero": i});
                            article.hero {
                                h3 { (h.name) }
                                p { "Health " (h.health.saturating_sub(h.wounds)) "/" (h.health)
                                    " · Boosts " (h.boosts) " · Gold " (h.gold) " · " (format!("{:?}", h.status)) }
                                @if seat.is_some() {
                                    div.row {
                                        (act_button("Wound", &json!({"action": "wound", "hero": hero, "wounds": 1})))
                                        (act_button("Heal", &json!({"action": "heal", "hero": hero, "wounds": 1})))
                                        (act_button("Use Boost", &json!({"action": "use-boost", "hero": hero})))
                                        (act_button("Gold +1", &json!({"action": "gold", "hero": hero, "change": 1})))
                                        (act_button("Gold −1", &json!({"action": "gold", "hero": hero, "change": -1})))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

impl SeatPage for crate::furnace_duel::Campaign {
    fn page(&self, seat: Option<&Seat>) -> Markup {
        let side = seat.and_then(|s| self.players.iter().position(|p| *p == s.name));
        html! {
            section {
                h2 { "Campaign" }
                p { (self.players[0]) " against " (self.players[1]) " · games played: " (self.games.len()) }
                @if let Some(i) = side {
                    (act_button("I reached this board's achievement",
                        &json!({"action": "claim-board", "seat": if i == 0 { "a" } else { "b" }})))
                }
            }
        }
    }
}

impl SeatPage for crate::army::ArmyGame {
    fn page(&self, seat: Option<&Seat>) -> Markup {
        html! {
            @for (i, p) in self.players.iter().enumerate() {
                @let mine = seat.is_some_and(|s| s.name == p.name);
                section {
                    h2 { (p.name) }
                    @if mine || p.revealed {
                        @if p.followers.is_empty() { p { "No followers in play yet." } }
                        ul { @for f in &p.followers { li { (f.label) } } }
                    } @else {
                        p { "Army written in secret." }
                    }
                    @if mine {
                        (act_button(if p.revealed { "Hide my army" } else { "Show my army" },
                            &json!({"action": if p.revealed { "hide" } else { "show" }, "player": i})))
                    }
                }
            }
            @if seat.is_some() { (act_button("End turn", &json!({"action": "end-turn"}))) }
        }
    }
}

impl SeatPage for crate::furtherance::Game {
    fn page(&self, _seat: Option<&Seat>) -> Markup {
        html! {
            section { h2 { "The table" }
                p { "The enemy's turn appears here step by step as the laptop plays it." } }
        }
    }
}
