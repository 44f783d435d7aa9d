//! What each game shows on a seat's phone (docs/table-network.md, "What each seat can do"):
//! the seat's own sheet and the actions it may take, and what the whole table shares,
//! read-only. Every button or form here sends the same action JSON as `tablemate act`; the
//! host checks the seat (`seat_of`) and applies it through `Saved::act`.

use maud::{Markup, html};
use serde_json::{Value, json};

use super::pages::{Books, SeatPage, act_button, today};
use crate::seat::Seat;

/// A list of names for a sentence: "none" when empty.
fn listed<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    let all: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    if all.is_empty() {
        "none".to_string()
    } else {
        all.join(", ")
    }
}

// --- Near and Far ---------------------------------------------------------------------------

mod near_and_far {
    use super::*;
    use crate::near_and_far::index::Bookkeeping;
    use crate::near_and_far::lookup::{ChoiceStatus, ChoiceView};
    use crate::near_and_far::{Campaign, Lookup, Mode, Outcome, QuestCode, Read};

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
        let buyable: Vec<_> = c
            .cards
            .talents
            .iter()
            .filter(|t| !view.has_talent(&t.name))
            .collect();
        let keyword = json!({"action": "note-reward", "character": character,
            "item": {"type": "keyword-gained", "keyword": "{keyword}"}, "date": date});
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
                h2 { "Read a quest" }
                form method="get" action={ (base) "/quest" } {
                    label { "Number on the quest space "
                        input name="n" inputmode="numeric" required autocomplete="off"; }
                    button type="submit" { "Look up" }
                }
                form.act data-act=(keyword.to_string()) {
                    label { "Keyword gained " input name="keyword" required autocomplete="off"; }
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
                (act_button(label, &action(outcome, rewards)))
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
                    button type="submit" data-send=(action(outcome, rewards).to_string()) { (label) }
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
}

impl SeatPage for crate::near_and_far::Campaign {
    fn page(&self, seat: Option<&Seat>, base: &str) -> Markup {
        near_and_far::page(self, seat, base)
    }

    fn lookup(&self, seat: &Seat, query: &str, books: &Books) -> Option<Markup> {
        Some(near_and_far::lookup(self, seat, query, books))
    }
}

// --- Worldspanner ---------------------------------------------------------------------------

mod worldspanner {
    use super::*;
    use crate::host::ws_seat;
    use crate::worldspanner::adventure::Adventure;
    use crate::worldspanner::victory::SPACES_PER_KEY;
    use crate::worldspanner::{
        ChallengeKind, Face, Game, HeroRef, HeroStatus, LastEvent, TeamSide,
    };

    /// Round, the challenge in progress, the Domes: what the whole table shares.
    pub(super) fn shared(g: &Game) -> Markup {
        let lines: &[String] = match &g.last {
            Some(LastEvent::Challenge { lines, .. }) | Some(LastEvent::Attack { lines, .. }) => {
                lines
            }
            None => &[],
        };
        html! {
            section {
                h2 { "Challenge in progress" }
                @if lines.is_empty() { p { "No challenge drawn yet this game." } }
                @for l in lines { p { (l) } }
            }
            section {
                h2 { "Domes" }
                @let all = g.domes.all();
                @if all.is_empty() { p { "Every Dome is empty." } }
                ul { @for (slot, hero) in all { li { (slot) ": " (g.name(hero)) } } }
            }
        }
    }

    /// A hero's challenges from this seat, as the window's challenge panel sends them: a Faction
    /// Task or Quest and the Lith's Lair / Death's Edge adventures as `adventure` (results
    /// applied: captures, gold, healing), anything else as a plain `challenge`; for a physical
    /// deck, wrapped in `read` with the face the team just flipped.
    fn challenge_form(g: &Game, side: TeamSide, hero: usize) -> Markup {
        let physical = g.team(side).physical;
        let hero_ref = json!({"team": side, "hero": hero});
        let hero_at = HeroRef { team: side, hero };
        // The modifiers the rules allow for each kind that the team holds now.
        let faction_mods = ws_seat::modifiers(g, hero_at, ChallengeKind::FactionAdventure);
        let lith_mods = ws_seat::modifiers(g, hero_at, ChallengeKind::LithAdventure);
        let other_mods = ws_seat::modifiers(g, hero_at, ChallengeKind::Other);
        let challenge = |kind: &str, mods: &[Value]| json!({"kind": kind, "rating": "{rating}", "against": "{against}", "modifiers": mods});
        let read = |action: Value| {
            if physical {
                json!({"action": "read", "cards": [{"face": "{face}"}], "then": action})
            } else {
                action
            }
        };
        let faction = read(json!({"action": "adventure", "hero": hero_ref,
            "adventure": {"type": "{type}", "faction": "{faction}", "space": "{space}"},
            "challenge": challenge("faction-adventure", &faction_mods.1)}));
        let lith = read(json!({"action": "adventure", "hero": hero_ref,
            "adventure": "{adventure}", "challenge": challenge("lith-adventure", &lith_mods.1)}));
        let other = read(
            json!({"action": "challenge", "team": side, "hero": hero_ref,
            "challenge": challenge("other", &other_mods.1)}),
        );
        let value = |v: Value| {
            v.as_str()
                .map(String::from)
                .unwrap_or_else(|| v.to_string())
        };
        let ratings = |against: u8, mods: &Markup| {
            html! {
                label { "Rating " input name="rating" type="number" min="0" max="20" required; }
                label { "Against " input name="against" type="number" min="0" max="20" value=(against) required; }
                (mods)
                @if physical {
                    label { "The face on the card you flipped " select name="face" {
                        @for f in Face::ALL.iter().rev() {
                            option value=(serde_json::to_value(f).map(value).unwrap_or_default()) { (f.name()) }
                        } } }
                }
                button type="submit" { (if physical { "Enter the card" } else { "Draw" }) }
            }
        };
        html! {
            details {
                summary.big { "Faction Task or Quest…" }
                form.act data-act=(faction.to_string()) {
                    label { "Which " select name="type" {
                        option value="faction-task" { "Task (5-rated)" }
                        option value="faction-quest" { "Quest card" } } }
                    label { "Faction key " select name="faction" {
                        @for k in &g.keys {
                            option value=(serde_json::to_value(k.faction).map(value).unwrap_or_default()) { (k.faction.key_name()) }
                        } } }
                    label { "Space " select name="space" data-json="" {
                        @for i in 0..SPACES_PER_KEY { option value=(i) { (i + 1) } } } }
                    (ratings(5, &faction_mods.0))
                }
            }
            details {
                summary.big { "Lith's Lair or Death's Edge…" }
                form.act data-act=(lith.to_string()) {
                    label { "Adventure " select name="adventure" data-json="" {
                        @for a in [Adventure::Haggler {}, Adventure::MirrorPool {}, Adventure::Vortex {}, Adventure::Underworld {}] {
                            option value=(serde_json::to_string(&a).unwrap_or_default()) { (a.name()) }
                        } } }
                    (ratings(5, &lith_mods.0))
                }
            }
            details {
                summary.big { "Other challenge…" }
                form.act data-act=(other.to_string()) { (ratings(5, &other_mods.0)) }
            }
        }
    }

    pub(super) fn page(g: &Game, seat: Option<&Seat>) -> Markup {
        let active = g.rounds.active;
        let mine = |side: TeamSide| seat.is_some_and(|s| s.name == side.name());
        html! {
            section {
                h2 { "Round" }
                p.big { (g.rounds.describe()) }
                @if mine(active) {
                    (act_button("End this step", &json!({"action": "next-step"})))
                }
            }
            @if let Some(p) = &g.pending {
                section {
                    h2 { "Waiting: " (g.name(p.hero)) " to a Dome" }
                    @if p.awaiting_card {
                        p { (p.chooser.name()) " read the Dome range on the card they drew." }
                        @if mine(p.chooser) {
                            form.act data-act=(json!({"action": "read-domes", "domes": "{domes}"}).to_string()) {
                                label { "Dome range on the card (3-4, 1 or 6) " input name="domes" required autocomplete="off"; }
                                button type="submit" { "Enter the range" }
                            }
                        }
                    } @else {
                        p { "Allowed: " (listed(p.candidates.iter().map(|c| format!("Dome {} ({} empty)", c.number, c.empty)))) }
                        @if seat.is_some() {
                            div.row { @for c in &p.candidates {
                                @if let Some(slot) = g.domes.first_empty(c.number) {
                                    (act_button(&format!("Place in Dome {}", c.number), &json!({"action": "place", "dome": slot})))
                                }
                            } }
                        }
                    }
                }
            }
            @for team in &g.teams {
                @if seat.is_none_or(|s| s.name == team.side.name()) {
                    section {
                        h2 { (team.side.name()) }
                        p { "Odds " (g.odds(team.side).describe()) " · Glory cards " (team.glory_cards)
                            " · " (if team.physical { "physical deck" } else { "digital deck" }) }
                        @for (i, h) in team.heroes.iter().enumerate() {
                            @let hero = json!({"team": team.side, "hero": i});
                            article.hero {
                                h3 { (h.name) }
                                p { "Health " (h.health.saturating_sub(h.wounds)) "/" (h.health)
                                    " · Boosts " (h.boosts) " · Gold " (h.gold) " · " (h.status.describe()) }
                                @if seat.is_some() {
                                    div.row {
                                        @if matches!(h.status, HeroStatus::Waiting) {
                                            (act_button("Reinforce", &json!({"action": "reinforce", "hero": hero})))
                                        }
                                        @if matches!(h.status, HeroStatus::InDome { .. }) {
                                            (act_button("Leave Dome", &json!({"action": "leave-dome", "hero": hero})))
                                        }
                                        (act_button("Wound", &json!({"action": "wound", "hero": hero, "wounds": 1})))
                                        (act_button("Heal", &json!({"action": "heal", "hero": hero, "wounds": 1})))
                                        (act_button("Use Boost", &json!({"action": "use-boost", "hero": hero})))
                                        (act_button("Gold +1", &json!({"action": "gold", "hero": hero, "change": 1})))
                                        (act_button("Gold −1", &json!({"action": "gold", "hero": hero, "change": -1})))
                                    }
                                    (challenge_form(g, team.side, i))
                                    (ws_seat::hero_actions(g, HeroRef { team: team.side, hero: i }))
                                }
                            }
                        }
                    }
                }
            }
            @if let Some(side) = seat.and_then(|s| g.teams.iter().map(|t| t.side).find(|t| t.name() == s.name)) {
                (ws_seat::glory(g, side))
            }
            (shared(g))
        }
    }
}

impl SeatPage for crate::worldspanner::Game {
    fn page(&self, seat: Option<&Seat>, _base: &str) -> Markup {
        worldspanner::page(self, seat)
    }
}

// --- Furnace Duel ---------------------------------------------------------------------------

mod furnace_duel {
    use super::*;
    use crate::furnace_duel::{Campaign, CampaignOutcome};

    fn seat_code(i: usize) -> &'static str {
        if i == 0 { "a" } else { "b" }
    }

    /// The campaign pad: one row per game, the totals, the winner once decided.
    fn standings(c: &Campaign) -> Markup {
        let sheet = c.sheet();
        html! {
            section {
                h2 { "Standings" }
                table {
                    thead { tr { th { "Game" } th { (sheet.players[0]) } th { (sheet.players[1]) } } }
                    tbody {
                        @for r in &sheet.rows {
                            tr {
                                td { (r.game) ". " (r.board_name) }
                                @for s in 0..2 {
                                    td { (r.campaign_points[s])
                                        @if let Some(m) = r.money { " (" (m[s]) " money)" } }
                                }
                            }
                        }
                        tr.total { th { "Total" } td { (sheet.totals[0]) } td { (sheet.totals[1]) } }
                    }
                }
                @match sheet.outcome {
                    Some(CampaignOutcome::Winner { seat, .. }) => p.big { (c.name(seat)) " wins the campaign" },
                    Some(CampaignOutcome::Tie) => p.big { "The campaign is a tie" },
                    None => {}
                }
            }
        }
    }

    /// The end-of-game tallies: the seat's own (`record-tally`, combined with the other
    /// player's when both are in), or both on one phone, its own first (the same
    /// `record-result` as the window's pad).
    fn tallies(c: &Campaign, me: usize) -> Markup {
        let other = 1 - me;
        let mut tallies = [Value::Null, Value::Null];
        for (i, prefix) in [(me, "my"), (other, "their")] {
            tallies[i] = json!({"cash": format!("{{{prefix}_cash}}"),
                "tech_tokens": format!("{{{prefix}_tech}}"),
                "board_bonus": format!("{{{prefix}_bonus}}"),
                "company_cards": format!("{{{prefix}_company}}"),
                "resources": format!("{{{prefix}_resources}}")});
        }
        let action = json!({"action": "record-result",
            "result": {"tallies": tallies, "first_player_token": "{first}"}});
        let fields = |prefix: &str, who: &str| {
            html! {
                fieldset {
                    legend { (who) }
                    label { "Money in hand " input name={ (prefix) "_cash" } type="number" min="0" required; }
                    label { "Tech tokens left " input name={ (prefix) "_tech" } type="number" min="0" value="0"; }
                    label { "Board awards " input name={ (prefix) "_bonus" } type="number" min="0" value="0"; }
                    label { "Company cards " input name={ (prefix) "_company" } type="number" min="0" value="0"; }
                    label { "Resources left " input name={ (prefix) "_resources" } type="number" min="0" value="0"; }
                }
            }
        };
        // Asked of the seat's own tally only for a tie (GAME END, p. 7): blank by default, so
        // two phones never disagree about a token that decides nothing.
        let token_if_tie = html! {
            label { "Only if the totals tie: who held the 1st player token at the end " select name="first" {
                option value="" selected { "(no tie)" }
                option value=(seat_code(me)) { (c.players[me]) }
                option value=(seat_code(other)) { (c.players[other]) } } }
        };
        let token = html! {
            label { "Who held the 1st player token at the end " select name="first" {
                option value=(seat_code(me)) { (c.players[me]) }
                option value=(seat_code(other)) { (c.players[other]) } } }
        };
        // The seat's own half: kept until the other player's is in, then both make the result.
        let own = json!({"action": "record-tally", "seat": seat_code(me),
            "tally": tallies[me], "first_player_token": "{first}"});
        let halves = c.current().map_or([None, None], |g| g.halves);
        let tech = c.tech_values(c.current_index());
        html! {
            section {
                h2 { "The game just played" }
                @if let Some(h) = halves[me] {
                    p.big { "Your tally is in (" (h.tally.money(tech[me])) " money): waiting for "
                        (c.players[other]) "'s. Enter yours again to correct it." }
                }
                @if halves[other].is_some() {
                    p.big { (c.players[other]) "'s tally is in: enter yours to make the result." }
                }
                form.act data-act=(own.to_string()) {
                    (fields("my", &format!("My own tally ({})", c.players[me])))
                    (token_if_tie)
                    button type="submit" { "Enter my tally" }
                }
                details {
                    summary { "Enter both tallies on this phone…" }
                    form.act data-act=(action.to_string()) {
                        (fields("my", &format!("Mine ({})", c.players[me])))
                        (fields("their", &c.players[other]))
                        (token)
                        button type="submit" { "Enter the tallies" }
                    }
                }
            }
        }
    }

    pub(super) fn page(c: &Campaign, seat: Option<&Seat>) -> Markup {
        let side = seat.and_then(|s| c.players.iter().position(|p| *p == s.name));
        let open = c.current().is_some_and(|g| g.result.is_none());
        html! {
            section {
                h2 { "Campaign" }
                p { (c.players[0]) " against " (c.players[1]) " · games played: " (c.games.len()) }
                @if let Some(i) = side {
                    (act_button("I reached this board's achievement",
                        &json!({"action": "claim-board", "seat": seat_code(i)})))
                }
            }
            @if let Some(i) = side && open { (tallies(c, i)) }
            (standings(c))
        }
    }
}

impl SeatPage for crate::furnace_duel::Campaign {
    fn page(&self, seat: Option<&Seat>, _base: &str) -> Markup {
        furnace_duel::page(self, seat)
    }
}

// --- Army game ------------------------------------------------------------------------------

mod army {
    use super::*;
    use crate::army::{ArmyGame, Follower, FollowerKind, HAND_EDIT_LIMIT, Phase, Promotion};

    /// The actions a general takes for follower `index` of its own army in play.
    fn follower_actions(g: &ArmyGame, me: usize, index: usize) -> Markup {
        let follower = json!({"player": me, "index": index});
        let own = g.players.get(me).and_then(|p| p.followers.get(index));
        let targets: Vec<(Value, String)> = g
            .players
            .iter()
            .enumerate()
            .filter(|(p, _)| *p != me)
            .flat_map(|(p, pl)| {
                pl.followers
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| !f.killed)
                    .map(move |(i, f)| {
                        (
                            json!({"player": p, "index": i}),
                            format!("{}'s {}", pl.name, f.label),
                        )
                    })
            })
            .collect();
        let attack = json!({"action": "attack", "attacker": follower, "target": "{target}"});
        html! {
            div.row {
                // Only the promotions the rules allow now (one earned, not at its cap).
                @for p in Promotion::ALL.iter().copied().filter(|p| own.is_some_and(|f| f.promotion_refusal(*p).is_none())) {
                    (act_button(&format!("Promote: {}", p.title()),
                        &json!({"action": "promote", "follower": follower, "promotion": p})))
                }
                (act_button("Gather a Resource Card", &json!({"action": "gather-resource-card", "follower": follower})))
            }
            @if !targets.is_empty() {
                form.act data-act=(attack.to_string()) {
                    label { "Attack " select name="target" data-json="" {
                        @for (at, name) in &targets { option value=(at.to_string()) { (name) } } } }
                    button type="submit" { "Attack" }
                }
            }
            @if let Some(f) = own { (resource_card(follower, f)) }
        }
    }

    /// A Resource Card's effect typed in, as the window's Edit dialog offers it (docs/army.md,
    /// Resource Cards): the four values (prefilled with the follower's own), damage dealt by
    /// hand, and another type. The General is not a follower for a card that changes type
    /// (`GeneralNotAFollower`), so it is offered no Become.
    fn resource_card(follower: Value, f: &Follower) -> Markup {
        let set = json!({"action": "set-by-hand", "follower": follower, "stats": {
            "movement": "{movement}", "damage": "{damage}",
            "max_health": "{max_health}", "health": "{health}"}});
        let damage =
            json!({"action": "damage-by-hand", "follower": follower, "amount": "{amount}"});
        let become_ = json!({"action": "become", "follower": follower, "kind": "{kind}"});
        let limit = HAND_EDIT_LIMIT.to_string();
        let values = [
            ("movement", "Move", f.movement),
            ("damage", "Damage", f.damage),
            ("max_health", "Max health", f.max_health),
            ("health", "Health", f.health),
        ];
        html! {
            details {
                summary.big { "Resource card for " (f.label) "…" }
                form.act data-act=(set.to_string()) {
                    p.page { "Values a resource card sets may pass the promotion caps." }
                    @for (name, title, value) in values {
                        label { (title) " " input name=(name) type="number" min="0" max=(limit)
                            value=(value) required; }
                    }
                    button type="submit" { "Set values" }
                }
                form.act data-act=(damage.to_string()) {
                    label { "Damage " input name="amount" type="number" min="0" max="255" required; }
                    button type="submit" { "Deal damage" }
                }
                @if !f.kind.is_general() {
                    form.act data-act=(become_.to_string()) {
                        label { "Becomes " select name="kind" {
                            @for k in FollowerKind::ALL.iter().copied().filter(|k| !k.is_general()) {
                                option value=(k.as_str()) { (k) }
                            } } }
                        button type="submit" { "Become" }
                    }
                }
            }
        }
    }

    pub(super) fn page(g: &ArmyGame, seat: Option<&Seat>) -> Markup {
        let playing = matches!(g.phase, Phase::Playing { .. });
        // Only the general whose turn it is may end it (crate::army::seats).
        let my_turn = match g.phase {
            Phase::Playing { turn } => g
                .players
                .get(turn)
                .is_some_and(|p| seat.is_some_and(|s| s.name == p.name)),
            Phase::Building | Phase::Over { .. } => false,
        };
        // The seat's own army first, then the others in turn order.
        let mut order: Vec<usize> = (0..g.players.len()).collect();
        order.sort_by_key(|&i| seat.is_none_or(|s| s.name != g.players[i].name));
        html! {
            @if let Phase::Playing { turn } = g.phase && let Some(p) = g.players.get(turn) {
                p.big { (p.name) "'s turn" }
            }
            @for &i in &order {
                @let p = &g.players[i];
                @let mine = seat.is_some_and(|s| s.name == p.name);
                section {
                    h2 { (p.name) }
                    @if mine || p.revealed {
                        @if p.followers.is_empty() { p { "No followers in play yet." } }
                        @for (f_at, f) in p.followers.iter().enumerate() {
                            article {
                                h3 { (f.label) @if f.killed { " (killed)" } }
                                p { "Health " (f.health) "/" (f.max_health) " · Move " (f.movement)
                                    " · Damage " (f.damage) " · Promotions " (f.promotions_earned)
                                    " earned, " (f.promotions_spent.len()) " spent · Resource Cards " (f.resource_cards) }
                                @if mine && playing && !f.killed { (follower_actions(g, i, f_at)) }
                            }
                        }
                    } @else {
                        p { "Army written in secret." }
                    }
                    @if mine {
                        (act_button(if p.revealed { "Hide my army" } else { "Show my army" },
                            &json!({"action": if p.revealed { "hide" } else { "show" }, "player": i})))
                    }
                }
            }
            @if my_turn { (act_button("End turn", &json!({"action": "end-turn"}))) }
        }
    }
}

impl SeatPage for crate::army::ArmyGame {
    fn page(&self, seat: Option<&Seat>, _base: &str) -> Markup {
        army::page(self, seat)
    }
}

// --- Furtherance ----------------------------------------------------------------------------

impl SeatPage for crate::furtherance::Game {
    /// The steps of the newest entry alone (the whole turn needs the history: `page_of`).
    fn page(&self, _seat: Option<&Seat>, _base: &str) -> Markup {
        html! {
            (furtherance::board(self))
            (furtherance::turn(&[(None, self.explained())]))
        }
    }

    /// The table seat: every entry since the enemies' turn last began (as the window's turn
    /// log lists them), each step with its board squares and the same "Why:" / "Why not:"
    /// lines as the CLI's `tablemate furtherance why`.
    fn page_of(saved: &crate::doc::Saved<Self>, _seat: Option<&Seat>, _base: &str) -> Markup {
        let history = &saved.history;
        let first = crate::furtherance::explain::enemy_turn_began(history);
        let entries: Vec<_> = (first..=history.cursor())
            .map(|i| {
                let label = history.entries().get(i).map(|e| e.label.as_str());
                let steps = history.state(i).map(|g| g.explained()).unwrap_or(&[]);
                (label, steps)
            })
            .collect();
        html! {
            (furtherance::board(saved.current()))
            (furtherance::turn(&entries))
        }
    }
}

mod furtherance {
    use super::*;
    use crate::furtherance::step::capitalise;
    use crate::furtherance::{Explained, Game, Seat as Castle, Square, Step, describe};

    /// The letter a unit's owner is marked with (the colour says it too, but not alone).
    fn owner_letter(owner: Castle) -> &'static str {
        match owner {
            Castle::Player => "Y",
            Castle::Left => "L",
            Castle::Across => "A",
            Castle::Right => "R",
        }
    }

    /// The squares a step touches: a move's path, an attack's two units (and one that took
    /// the damage instead), a castle's squares when it acts or is attacked, a unit that
    /// arrives, dies or is edited by hand.
    pub(super) fn touched(g: &Game, step: &Step) -> Vec<Square> {
        let castle = |c: &Castle| g.board().castle(*c).to_vec();
        let mut squares = match step {
            Step::Move { path, .. } => path.clone(),
            Step::Attack {
                attacker,
                target,
                taken_by,
                counter_taken_by,
                ..
            } => [
                Some(attacker),
                Some(target),
                taken_by.as_ref(),
                counter_taken_by.as_ref(),
            ]
            .into_iter()
            .flatten()
            .map(|u| u.square)
            .collect(),
            Step::CastleAttacked {
                attacker,
                castle: c,
                counter_taken_by,
                ..
            } => {
                let mut s = vec![attacker.square];
                s.extend(counter_taken_by.as_ref().map(|u| u.square));
                s.extend(castle(c));
                s
            }
            Step::TurnStarts { castle: c, .. }
            | Step::CastleDestroyed { castle: c, .. }
            | Step::DrawSkipped { castle: c, .. }
            | Step::NoSpawn { castle: c, .. } => castle(c),
            Step::CounterPassed { from, to, .. } => [castle(from), castle(to)].concat(),
            Step::Dies { unit, .. }
            | Step::Sacrificed { unit, .. }
            | Step::Spawn { unit, .. }
            | Step::Recruited { unit } => vec![unit.square],
            Step::HandEdit { added, removed, .. } => [added, removed]
                .into_iter()
                .flatten()
                .map(|u| u.square)
                .collect(),
            Step::PlayerTurn { .. }
            | Step::Kingdom { .. }
            | Step::NeedsChoice { .. }
            | Step::GameOver { .. } => Vec::new(),
        };
        squares.dedup();
        squares
    }

    /// The board as it stands, drawn as the physical board lies (the player's castle at the
    /// bottom, files a-g left to right, ranks 1-7 upwards): each square's kingdom, the units
    /// with their owner, type, attack and HP, and the squares the newest step touches marked
    /// (an outline and a dot, so the mark reads without colour). A plain table: no script.
    pub(super) fn board(g: &Game) -> Markup {
        let b = g.board();
        let newest = g.explained().last();
        let marked = newest.map(|e| touched(g, &e.step)).unwrap_or_default();
        let files = ["a", "b", "c", "d", "e", "f", "g"];
        let kingdom = |s: Square| {
            Castle::ALL
                .iter()
                .copied()
                .find(|c| b.kingdom(*c).contains(&s))
                .map(|c| (c.as_str(), b.castle_of(s).is_some()))
        };
        html! {
            section {
                h2 { "The board" }
                table.board {
                    caption { "Round " (g.round()) ": your castle at the bottom; "
                        "Y yours, L Left, A Across, R Right; attack/HP under the type" }
                    thead { tr { th {} @for f in files { th scope="col" { (f) } } } }
                    tbody {
                        @for y in (-3..=3).rev() {
                            tr {
                                th scope="row" { (y + 4) }
                                @for x in -3..=3 {
                                    @if let Some(s) = Square::new(x, y) {
                                        @let class = {
                                            let mut c = match kingdom(s) {
                                                Some((seat, true)) => format!("k-{seat} castle"),
                                                Some((seat, false)) => format!("k-{seat}"),
                                                None if b.is_square(s) => String::new(),
                                                None => "off".to_string(),
                                            };
                                            if marked.contains(&s) { c.push_str(" hit"); }
                                            c
                                        };
                                        td class=(class) data-square=(s) { div.sq {
                                            @if marked.contains(&s) { b.dot { "●" } }
                                            @if let Some(u) = g.unit_at(s) {
                                                @let kind = g.kind(u);
                                                span class={ "u o-" (u.owner.as_str()) } title=(kind.name) {
                                                    (owner_letter(u.owner)) " " (kind.short_name()) br;
                                                    (kind.attack) "/" (g.hp(u))
                                                    @if u.damage > 0 { " −" (u.damage) }
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
                p.page {
                    @for (i, &c) in Castle::ALL.iter().enumerate() {
                        @if i > 0 { " · " }
                        (capitalise(c.castle_name())) ": "
                        @if g.is_destroyed(c) { "destroyed" } @else { (g.castle(c).hp) " HP" }
                        @if c.is_enemy() && !g.is_destroyed(c) { ", " (g.castle(c).counters) " hourglass" }
                    }
                }
                @if let Some(e) = newest && !marked.is_empty() {
                    p { "● The newest step: " (e.step.text()) }
                }
            }
        }
    }

    /// The turn as an ordered list: each entry's label, then its steps and their reasons.
    pub(super) fn turn(entries: &[(Option<&str>, &[Explained])]) -> Markup {
        let explained = entries.iter().any(|(_, steps)| !steps.is_empty());
        html! {
            section {
                h2 { "The enemy turn, step by step" }
                @if !explained {
                    p { "Nothing for the rules to explain yet: the laptop's next step appears here." }
                }
                ol.steps {
                    @for (label, steps) in entries {
                        @if let Some(label) = label { li.entry { strong { (label) } } }
                        @for e in steps.iter() {
                            li {
                                strong { (e.step.text()) }
                                @for r in &e.reasons.why { p.why { "Why: " (describe(r)) } }
                                @for r in &e.reasons.why_not { p.why { "Why not: " (describe(r)) } }
                            }
                        }
                    }
                }
            }
        }
    }
}
