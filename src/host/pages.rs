//! The seats' pages: narrow (360 px), touch-first (targets of 44 px and more), rendered here
//! with maud, so every name a player typed is escaped. One small script (`seat.js`) sends the
//! buttons' and forms' actions and swaps in the new view when the live stream says the game
//! moved. What each game shows is in its own file (`worldspanner.rs`, ...).

use std::path::Path;

use maud::{DOCTYPE, Markup, html};
use serde_json::Value;

use crate::doc::Kind;
use crate::seat::{Plays, Seat};

use super::table::SharedGame;

pub const SCRIPT: &str = include_str!("seat.js");
pub const STYLE: &str = include_str!("seat.css");

/// What a game shows on a seat's page (`seat` None: the read-only table seat). `base` is the
/// seat's own address (`/seat/TOKEN`), for links to its lookups.
pub trait SeatPage {
    fn page(&self, seat: Option<&Seat>, base: &str) -> Markup;

    /// The page from the whole save: the current state's [`SeatPage::page`], unless the game's
    /// seat shows more than the newest entry (Furtherance's enemy turn, step by step).
    fn page_of(saved: &crate::doc::Saved<Self>, seat: Option<&Seat>, base: &str) -> Markup
    where
        Self: Sized + crate::doc::GameDoc,
    {
        saved.current().page(seat, base)
    }

    /// How many of the latest history entries the page lists under its game (the
    /// Worldspanner page, which shows the card drawn and who acted this step, fewer).
    const LATEST: usize = 5;

    /// Whether the page opens with the game's one-line summary (the Worldspanner page says the
    /// round and step in its own first lines instead).
    const SUMMARY: bool = true;

    /// The answer to a lookup the seat asked for (Near and Far's "read quest 41"), or None
    /// when this game has no such lookup.
    fn lookup(&self, _seat: &Seat, _query: &str, _books: &Books) -> Option<Markup> {
        None
    }
}

/// What the seats' lookups read, loaded once when sharing starts from where the window reads
/// it (the data folder's own copies first, then the bundled files): the rules digests, and for
/// Near and Far the fact files and the storybook index.
pub struct Books {
    pub rules: crate::rules::Library,
    pub near_and_far: Option<NearAndFarBooks>,
}

pub struct NearAndFarBooks {
    pub facts: Option<crate::near_and_far::Facts>,
    pub index: crate::near_and_far::index::Index,
}

impl Books {
    /// The books for a game of `kind` in the data folder `root`.
    pub fn load(root: &Path, kind: Kind) -> Books {
        let (rules, _) = crate::store::rules_library(Some(root));
        let near_and_far = (kind == Kind::NearAndFar).then(|| {
            let facts = crate::store::storybook::load_facts(root).ok();
            let index = crate::store::storybook::load_index(root, facts.as_ref())
                .built
                .index;
            NearAndFarBooks { facts, index }
        });
        Books {
            rules,
            near_and_far,
        }
    }
}

/// A list of names for a sentence: "none" when empty.
pub(super) fn listed<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    let all: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    if all.is_empty() {
        "none".to_string()
    } else {
        all.join(", ")
    }
}

/// A button that sends `action` from this seat.
pub(super) fn act_button(label: &str, action: &Value) -> Markup {
    html! { button.act type="button" data-act=(action.to_string()) { (label) } }
}

/// A button for an action the phone asks about once before sending it (an irreversible one:
/// a card drawn, experience spent, a step ended): `question` appears on the page with a Yes
/// and a Cancel button (`seat.js`), no browser dialog.
pub(super) fn confirm_button(label: &str, action: &Value, question: &str) -> Markup {
    html! { button.act type="button" data-act=(action.to_string()) data-confirm=(question) { (label) } }
}

pub(super) fn today() -> String {
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
pub fn whole(table: &dyn SharedGame, seat: &str, plays: Option<Plays>, token: &str) -> Markup {
    let player = plays.is_some();
    frame(
        table,
        seat,
        token,
        part(table, seat, plays, token),
        true,
        player,
    )
}

/// A lookup's answer as a whole page: it holds still while the game moves (the script does
/// not swap it out), until the seat acts from it or goes back to its sheet.
pub fn lookup(table: &dyn SharedGame, seat: &str, token: &str, answer: Markup) -> Markup {
    let inner = html! {
        div #view data-revision=(table.revision()) {
            p #said .said role="status" {}
            (answer)
            p { a.big href={ "/seat/" (token) } { "Back to my sheet" } }
        }
    };
    frame(table, seat, token, inner, false, true)
}

/// The page around `inner`: the seat's name (with Undo for a player's seat: the host says
/// when it cannot), the game, the live line, the rules lookup.
fn frame(
    table: &dyn SharedGame,
    seat: &str,
    token: &str,
    inner: Markup,
    follow: bool,
    player: bool,
) -> Markup {
    // The read-only table seat is named for what it is, not by its key ("table").
    let heading = if player { seat } else { "The table" };
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("{heading} · {}", table.kind().title()), true))
            body data-token=(token) {
                header {
                    div.title {
                        h1 { (heading) }
                        @if player {
                            button.undo type="button" data-undo="" { "Undo my last" }
                        }
                    }
                    p.game { (game_line(table.kind().title(), &table.title())) }
                    p #live role="status" { "Connecting…" }
                }
                main #main data-follow=(if follow { "yes" } else { "no" }) { (inner) }
                nav {
                    a.big href={ "/seat/" (token) "/rules" } { "Rules lookup" }
                    @if player { " " a.big href={ "/seat/" (token) "/plays" } { "My plays for BG Stats" } }
                }
            }
        }
    }
}

/// The part of the page that follows the game (swapped in on every new revision).
pub fn part(table: &dyn SharedGame, seat: &str, plays: Option<Plays>, token: &str) -> Markup {
    let seat = plays.map(|plays| Seat {
        name: seat.to_string(),
        plays,
    });
    html! {
        div #view data-revision=(table.revision()) {
            @if table.shows_summary() { p.summary { (table.summary()) } }
            p #said .said role="status" {}
            (table.page(seat.as_ref(), &format!("/seat/{token}")))
            @if table.latest() > 0 {
                section {
                    h2 { "Latest" }
                    ol.recent { @for l in table.recent(table.latest()) { li { (l) } } }
                }
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

/// The rules lookup for the game, as a seat sees it: the same digests and search as the
/// window's rules lookup (the data folder's own copy of a digest first).
pub fn rules(
    library: &crate::rules::Library,
    kind: Kind,
    seat: &str,
    token: &str,
    query: &str,
) -> Markup {
    let groups = if query.trim().is_empty() {
        Vec::new()
    } else {
        crate::rules::search(library, query, Some(kind))
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

/// The name `seat` has among `play`'s players: the seat's own name, or what it plays (a
/// Worldspanner team, a solo game's one player).
pub fn player_in<'a>(play: &'a crate::plays::Play, seat: &Seat) -> Option<&'a str> {
    let plays = match &seat.plays {
        Plays::Character(c) | Plays::Team(c) | Plays::Player(c) => c.as_str(),
    };
    let players = &play.facts.players;
    players
        .iter()
        .find(|p| p.name == seat.name || (!p.plays.is_empty() && p.plays == plays))
        .or_else(|| players.iter().find(|p| p.name == plays))
        .or_else(|| (players.len() == 1).then(|| &players[0]))
        .map(|p| p.name.as_str())
}

/// A player seat's plays of this save, newest first, each with its BG Stats link for this
/// player alone and that link as a QR code (to scan with another phone).
pub fn my_plays(kind: Kind, seat: &Seat, token: &str, plays: &[crate::plays::Play]) -> Markup {
    let mine: Vec<(&crate::plays::Play, &str)> = plays
        .iter()
        .rev()
        .filter_map(|p| player_in(p, seat).map(|name| (p, name)))
        .collect();
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("My plays · {}", kind.title()), false))
            body {
                header { h1 { "My plays: " (seat.name) } p.game { (kind.title()) } }
                main {
                    p { "Each play opens in the BG Stats app on this phone, with only you in it. \
                        Tablemate sends nothing: the link carries the play." }
                    @if mine.is_empty() {
                        p #no-plays { "No finished play of this game names you yet: a play is recorded when a game ends or a session is scored." }
                    }
                    @for (play, name) in &mine {
                        article.play {
                            h2 { (play.date.to_string()) " · " (play.facts.result) }
                            p { (crate::plays::duration(u64::from(play.minutes)))
                                @if let Some(s) = &play.facts.scenario { " · " (s) } }
                            p { a.big.bg-stats href=(crate::plays::bg_stats::link(play, Some(name))) { "Add to BG Stats" } }
                            @if let Some((w, m)) = super::qr_modules(&crate::plays::bg_stats::link(play, Some(name))) {
                                div.qr { (maud::PreEscaped(crate::plays::recap::qr_svg(w, &m, 50))) }
                            }
                        }
                    }
                }
                nav { a.big href={ "/seat/" (token) } { "Back to my seat" } }
            }
        }
    }
}

/// The "Rule" link after a reminder that cites a digest entry: a tap opens the entry on its own
/// page, `BASE/rules/GAME/ID` (docs/rules.md, "Rule references"). `base` is the seat's own
/// address ([`SeatPage::page`]).
pub fn rule_link(base: &str, rule: crate::rules::RuleRef) -> Markup {
    html! {
        " " a.rule href={ (base) "/rules/" (rule.game.as_str()) "/" (rule.id) } { "Rule" }
    }
}

/// One rules digest entry on its own page: what a refusal's "Rule:" link opens on a phone.
pub fn rule_entry(
    digest: &crate::rules::Digest,
    entry: &crate::rules::Entry,
    seat: &str,
    token: &str,
) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("{} · {}", entry.title, digest.game_title), false))
            body {
                header { h1 { "Rules: " (digest.game_title) } p.game { (seat) } }
                main {
                    article.rule id=(entry.id) {
                        h2 { (entry.title) }
                        p { (entry.summary) }
                        p.page { "Rulebook: " (entry.page) }
                    }
                }
                nav {
                    a.big href={ "/seat/" (token) } { "Back to my seat" }
                    " "
                    a href={ "/seat/" (token) "/rules" } { "Search the rules" }
                }
            }
        }
    }
}

/// The page's game line: the game and the save's title, the game once when the title already
/// starts with it ("Furtherance solo — Normal", not "Furtherance solo · Furtherance solo —
/// Normal").
fn game_line(game: &str, title: &str) -> String {
    if title.trim().is_empty() {
        game.to_string()
    } else if title.starts_with(game) {
        title.to_string()
    } else {
        format!("{game} · {title}")
    }
}

#[cfg(test)]
mod game_line_tests {
    #[test]
    fn the_game_line_names_the_game_once() {
        assert_eq!(
            super::game_line("Furtherance solo", "Furtherance solo — Normal"),
            "Furtherance solo — Normal"
        );
        assert_eq!(
            super::game_line("Near and Far", "Friday league"),
            "Near and Far · Friday league"
        );
        assert_eq!(super::game_line("Army sheets", " "), "Army sheets");
    }
}
