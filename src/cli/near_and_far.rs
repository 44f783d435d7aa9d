//! `tablemate near-and-far ...`: campaigns, quest lookup, scoring, and the storybook index
//! from the command line. Thin wrappers over `crate::near_and_far`; saves go through the
//! store, data files through `store::data_text` (the user's replacement wins).

use std::path::Path;

use chrono::NaiveDate;
use serde_json::json;

mod args;
mod index_files;
mod reports;

pub use args::{Command, IndexCommand, ModeArg};

use crate::store::storybook::{load_facts, load_index};
use index_files::index_command;
use reports::{chart, score, session, sheet};

use super::Output;
use crate::doc::Saved;
use crate::near_and_far::campaign::Action;
use crate::near_and_far::scoring::{PlayerInput, ScoreInput, TradeRouteInput};
use crate::near_and_far::session::Variants;
use crate::near_and_far::{Campaign, MapNumber, Mode, QuestCode, Read};
use crate::games::{Applied, Refused};
use crate::store::{ScriptFailed, Store};

fn fail(e: impl std::fmt::Display) -> Output {
    Output::failed(e)
}

fn today() -> chrono::NaiveDate {
    chrono::Local::now().date_naive()
}

/// `--date`: the day at the table, as the actions write it.
fn table_day(text: &str) -> Result<NaiveDate, NotADay> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| NotADay(text.to_string()))
}

/// A `--date` that is not a day as the actions write it.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not a day: write it as YYYY-MM-DD, e.g. 2026-03-02")]
pub struct NotADay(String);

pub fn execute(command: Command, root: &Path) -> Output {
    match command {
        Command::New {
            mode,
            players,
            extra_stories,
            long_game,
            title,
            date,
            json,
        } => new_campaign(
            root,
            mode,
            &players,
            Variants {
                extra_stories,
                long_game,
            },
            title,
            date.unwrap_or_else(today),
            json,
        ),
        Command::Join {
            campaign,
            player,
            date,
            json,
        } => {
            let Some((name, character)) = player.split_once('=') else {
                return fail(format!(
                    "--player {player:?}: write it as PLAYER=CHARACTER, e.g. Cy=Kiku"
                ));
            };
            act_on(
                root,
                &campaign,
                Action::AddCharacter {
                    player: name.trim().to_string(),
                    character: character.trim().to_string(),
                    date: date.unwrap_or_else(today),
                },
                json,
            )
        }
        Command::Retire {
            campaign,
            character,
            date,
            json,
        } => act_on(
            root,
            &campaign,
            Action::RetireCharacter {
                character,
                date: date.unwrap_or_else(today),
            },
            json,
        ),
        Command::Lookup {
            campaign,
            character,
            quest,
            map,
            mark,
            date,
            json,
        } => lookup(
            root,
            &campaign,
            &character,
            &quest,
            map,
            mark.then(|| date.unwrap_or_else(today)),
            json,
        ),
        Command::Score {
            input,
            campaign,
            date,
            json,
        } => score(
            root,
            &input,
            campaign.as_deref(),
            date.unwrap_or_else(today),
            json,
        ),
        Command::ScorePlayer {
            campaign,
            player,
            camps,
            artifacts,
            unpurchased_artifacts,
            threats,
            card_bonuses,
            coins,
            gems,
            faction_tokens,
            chiefs,
            reputation,
            treasures,
            mammoth_camp,
            wins_ties,
            json,
        } => act_on(
            root,
            &campaign,
            Action::ScorePlayer {
                count: PlayerInput {
                    name: player,
                    camps,
                    artifacts,
                    unpurchased_artifacts,
                    threats,
                    card_bonuses,
                    coins,
                    gems,
                    faction_tokens,
                    chiefs,
                    reputation,
                    treasures,
                    talents: None,
                    mammoth_camp: mammoth_camp.then_some(true),
                    full_card: None,
                    wins_ties,
                },
            },
            json,
        ),
        Command::FinishSession {
            campaign,
            routes,
            date,
            json,
        } => {
            let trade_routes = match routes.as_deref().map(read_routes).transpose() {
                Ok(r) => r.unwrap_or_default(),
                Err(o) => return o,
            };
            act_on(
                root,
                &campaign,
                Action::FinishSession {
                    scores: ScoreInput {
                        trade_routes,
                        ..ScoreInput::default()
                    },
                    date: date.unwrap_or_else(today),
                },
                json,
            )
        }
        Command::Sheet {
            campaign,
            character,
            json,
        } => sheet(root, &campaign, &character, json),
        Command::Chart { campaign, json } => chart(root, &campaign, json),
        Command::Session {
            campaign,
            json,
            rules,
        } => session(root, &campaign, json, rules),
        Command::Index { command } => index_command(root, command),
    }
}

/// `finish-session --routes FILE`: the trade routes, as a score file's "trade_routes" list.
fn read_routes(path: &Path) -> Result<Vec<TradeRouteInput>, Output> {
    let text = crate::store::read_text(path).map_err(fail)?;
    serde_json::from_str(&text)
        .map_err(|e| fail(format!("{}: {}", path.display(), crate::datafile::at(&text, &e))))
}

/// Applies one action to a saved campaign (one labelled history entry) and saves it.
fn act_on(root: &Path, id: &str, action: Action, json: bool) -> Output {
    let (store, mut saved) = match open_campaign(root, id) {
        Ok(x) => x,
        Err(o) => return o,
    };
    // A campaign saved before campaigns kept the box's cards gets them first.
    if saved.current().cards.is_empty()
        && let Ok(f) = load_facts(root)
        && let Err(e) = saved.act(Action::RememberCards {
            cards: crate::near_and_far::campaign::BoxCards::from_facts(&f),
        })
    {
        return fail(e);
    }
    let acted = match saved.act(action) {
        Ok(a) => a,
        Err(e) => return fail(format!("{id}: {e}")),
    };
    if let Err(e) = store.save(id, &saved) {
        return fail(e);
    }
    if json {
        return Output::json(&json!({
            "id": id, "label": acted.label, "lines": acted.lines, "summary": saved.summary()
        }));
    }
    let mut s = format!("{}\n", acted.label);
    for l in acted.lines {
        s += &format!("  {l}\n");
    }
    Output::ok(s)
}

/// `tablemate act` on a Near and Far campaign whose actions include a `record-quest`: each
/// action in turn is checked against the storybook index (`Campaign::with_choice`: a named
/// choice brings the index's rewards, next code and ending) and then applied as any action
/// is, so a later action sees what the earlier ones wrote. `None` for other saves and
/// actions (the generic path applies them).
pub(crate) fn act_by_choice(
    store: &Store,
    id: &str,
    actions: &[String],
) -> Option<Result<Applied, ScriptFailed>> {
    let records = actions.iter().any(|a| {
        serde_json::from_str::<serde_json::Value>(a)
            .is_ok_and(|v| v.get("action").and_then(|x| x.as_str()) == Some("record-quest"))
    });
    if !records || store.load::<Campaign>(id).is_err() {
        return None;
    }
    let facts = load_facts(store.root()).ok();
    let built = load_index(store.root(), facts.as_ref()).built;
    let mut all = Applied {
        acted: Vec::new(),
        refused: None,
        summary: String::new(),
    };
    for (i, text) in actions.iter().enumerate() {
        let saved = match store.load::<Campaign>(id) {
            Ok(s) => s,
            Err(e) => return Some(Err(e.into())),
        };
        all.summary = saved.summary();
        let resolved = match serde_json::from_str::<Action>(text) {
            Ok(a) => match saved.current().with_choice(a, &built.index, facts.as_ref()) {
                Ok(a) => serde_json::to_string(&a).unwrap_or_else(|_| text.clone()),
                Err(e) => {
                    all.refused = Some(Refused {
                        number: i + 1,
                        action: text.trim().to_string(),
                        why: e.to_string(),
                        rule: crate::rules::Cites::rule(&e),
                    });
                    break;
                }
            },
            // Not an action: the generic path says why, in its words.
            Err(_) => text.clone(),
        };
        match store.act(id, &[resolved]) {
            Ok(one) => {
                all.acted.extend(one.acted);
                all.summary = one.summary;
                if let Some(r) = one.refused {
                    all.refused = Some(Refused {
                        number: i + 1,
                        action: text.trim().to_string(),
                        why: r.why,
                        rule: r.rule,
                    });
                    break;
                }
            }
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(all))
}

fn open_campaign(root: &Path, id: &str) -> Result<(Store, Saved<Campaign>), Output> {
    crate::cli::open_save(root, id)
}

fn new_campaign(
    root: &Path,
    mode: ModeArg,
    players: &[String],
    variants: Variants,
    title: Option<String>,
    date: NaiveDate,
    json: bool,
) -> Output {
    let facts = match load_facts(root) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let mut seats = Vec::new();
    for p in players {
        let Some((player, character)) = p.split_once('=') else {
            return fail(format!(
                "--player {p:?}: write it as PLAYER=CHARACTER, e.g. Ana=Rin"
            ));
        };
        seats.push((player.trim().to_string(), character.trim().to_string()));
    }
    let mode = match mode {
        ModeArg::Campaign => Mode::Campaign,
        ModeArg::Character => Mode::Character,
    };
    let card = facts.characters.card.layout;
    let (campaign, notices) =
        match Campaign::new(mode, variants, card, &seats, date, Some(&facts))
            .map(|(c, notices)| (c.with_token_seed(crate::deck::fresh_seed()), notices))
        {
            Ok(c) => c,
            Err(e) => return fail(e),
        };
    let store = match crate::cli::open_store(root) {
        Ok(s) => s,
        Err(out) => return out,
    };
    let id = store.new_id(crate::doc::Kind::NearAndFar);
    let title = title.unwrap_or_else(|| format!("Near and Far {}", mode.title()));
    let saved = Saved::new(title, "New campaign", campaign);
    if let Err(e) = store.save(&id, &saved) {
        return fail(e);
    }
    if json {
        return Output::json(&json!({ "id": id, "summary": saved.summary(), "notices": notices }));
    }
    let mut s = format!("created {id}: {}\n", saved.summary());
    for n in notices {
        s += &format!("  {n}\n");
    }
    Output::ok(s)
}

fn lookup(
    root: &Path,
    id: &str,
    character: &str,
    quest: &str,
    map: Option<u8>,
    mark: Option<NaiveDate>,
    json: bool,
) -> Output {
    let (store, mut saved) = match open_campaign(root, id) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let space = match QuestCode::parse(quest) {
        Ok(q) => q,
        Err(e) => return fail(e),
    };
    let map = match map.map(MapNumber::new).transpose() {
        Ok(m) => m,
        Err(e) => return fail(e),
    };
    let facts = load_facts(root);
    let mut warnings: Vec<String> = Vec::new();
    if let Err(e) = &facts {
        warnings.push(format!("data files: {e}"));
    }
    let facts = facts.ok();
    let built = load_index(root, facts.as_ref()).built;
    warnings.extend(built.errors().map(|p| format!("storybook index: {p}")));
    let answer = match saved
        .current()
        .lookup(character, &space, map, &built.index, facts.as_ref())
    {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let mut marked = false;
    if let Some(date) = mark
        && let Read::SideQuest { code, .. } = &answer.read
    {
        if let Err(e) = saved.act(Action::CrossOutSideQuest {
            character: answer.character.clone(),
            code: code.clone(),
            date,
        }) {
            return fail(e);
        }
        if let Err(e) = store.save(id, &saved) {
            return fail(e);
        }
        marked = true;
    }
    if json {
        let mut v = serde_json::to_value(&answer).unwrap_or_default();
        v["marked"] = json!(marked);
        v["index_warnings"] = json!(warnings);
        return Output::json(&v);
    }
    let mut s = format!("{}\n", answer.reason);
    match &answer.read {
        Read::MapQuest { code } => s += &format!("READ: quest {code}\n"),
        Read::SideQuest { code, .. } => {
            s += &format!(
                "READ: side quest {code}{}\n",
                if marked { " (crossed out)" } else { "" }
            )
        }
        Read::CharacterQuest { code: Some(c) } => s += &format!("READ: character quest {c}\n"),
        Read::CharacterQuest { code: None } => {
            s += "READ: the next character quest written on the card\n"
        }
        Read::ArcadeCard => s += "DRAW: an Arcade Mode card\n",
    }
    s += &format!("Experience: {}\n", answer.experience);
    if let Some(choices) = &answer.choices {
        for c in choices {
            let test = c
                .test
                .map(|t| t.describe())
                .unwrap_or_else(|| "no roll".into());
            let kw = if c.keywords.is_empty() {
                String::new()
            } else {
                let k: Vec<&str> = c.keywords.iter().map(|k| k.as_str()).collect();
                format!(" [keywords {}]", k.join(" + "))
            };
            let status = match c.status {
                // Name the keyword the character lacks, not only that one is missing.
                crate::near_and_far::lookup::ChoiceStatus::Locked => {
                    let k: Vec<&str> = c.missing_keywords.iter().map(|k| k.as_str()).collect();
                    format!("locked: needs {}", k.join(" and "))
                }
                other => other.label().to_string(),
            };
            s += &format!(
                "  {}. {} ({test}){kw}: {status}\n",
                c.index + 1,
                c.label,
            );
        }
    }
    for u in &answer.unknown {
        s += &format!("Not known: {u}\n");
    }
    for w in answer.warnings.iter().chain(&warnings) {
        s += &format!("Warning: {w}\n");
    }
    Output::ok(s)
}
