//! `tablemate worldspanner new`: a game set up without a window. The options are the window's
//! setup form (src/gui/worldspanner/setup.rs) as flags; the engine's `Game::new` checks them
//! (map and team size, one Faction key each, heroes per team), so nothing is checked twice.

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::json;

use super::super::Output;
use super::load_deck;
use crate::doc::Saved;
use crate::store::challenge_decks;
use crate::worldspanner::library::LIBRARY_PATH;
use crate::worldspanner::{Faction, Game, GameLength, HeroEntry, HeroLibrary, MapDesign, Setup, TeamSide};

#[derive(Debug, Args)]
pub struct NewArgs {
    /// Map design: standard, tri-line, tri-split, quad, quad-line, quad-split.
    #[arg(long, default_value = "standard")]
    map: String,
    /// Rounds: 8 intro, 10 average, 12 expert.
    #[arg(long, default_value_t = 10)]
    rounds: u8,
    /// A Faction key on the map (lords, warriors, ...), once per key the map has.
    #[arg(long = "faction", required = true)]
    factions: Vec<String>,
    /// A hero: TEAM=NAME[:HEALTH[:GOLD[:BOOSTS]]] (health 4, gold and Boosts 0 by default), or
    /// TEAM=@NAME for the
    /// card of that name in the hero library. TEAM is skyhawks or psiclones.
    #[arg(long = "hero", required = true)]
    heroes: Vec<String>,
    /// Skyhawks' challenge deck file (default: the bundled sample, or your copy).
    #[arg(long)]
    skyhawks_deck: Option<PathBuf>,
    /// Psiclones' challenge deck file.
    #[arg(long)]
    psiclones_deck: Option<PathBuf>,
    /// A team that draws from its own physical deck (skyhawks or psiclones); repeatable.
    #[arg(long = "physical")]
    physical: Vec<String>,
    /// The shuffle seed (default: a fresh one, saved with the game).
    #[arg(long)]
    seed: Option<u64>,
    #[arg(long)]
    title: Option<String>,
    #[arg(long)]
    json: bool,
}

fn named<T: serde::de::DeserializeOwned>(flag: &str, value: &str, choices: &str) -> Result<T, Output> {
    serde_json::from_value(json!(value.trim().to_ascii_lowercase()))
        .map_err(|_| Output::failed(format!("{flag} {value:?}: use one of {choices}")))
}

fn team(value: &str) -> Result<TeamSide, Output> {
    TeamSide::parse(value.trim())
        .ok_or_else(|| Output::failed(format!("team {value:?}: use skyhawks or psiclones")))
}

/// The hero library in the data folder (an empty one when there is none).
pub(super) fn library(root: &Path) -> Result<HeroLibrary, Output> {
    let store = crate::cli::open_store(root)?;
    match store.user_text(LIBRARY_PATH).map_err(Output::failed)? {
        None => Ok(HeroLibrary::default()),
        Some((text, path)) => HeroLibrary::parse(&text).map_err(|e| Output::failed(e.in_file(path.display().to_string()))),
    }
}

fn hero(spec: &str, library: &mut Option<HeroLibrary>, root: &Path) -> Result<(TeamSide, HeroEntry), Output> {
    let Some((side, rest)) = spec.split_once('=') else {
        return Err(Output::failed(format!("--hero {spec:?}: write it as TEAM=NAME[:HEALTH[:GOLD[:BOOSTS]]] or TEAM=@NAME")));
    };
    let side = team(side)?;
    if let Some(name) = rest.strip_prefix('@') {
        if library.is_none() {
            *library = Some(self::library(root)?);
        }
        let card = library
            .as_ref()
            .and_then(|l| l.get(name.trim()))
            .ok_or_else(|| Output::failed(format!("--hero {spec:?}: no hero {name:?} in the hero library ({LIBRARY_PATH})")))?;
        return Ok((side, card.entry()));
    }
    let mut parts = rest.split(':');
    let name = parts.next().unwrap_or("").trim();
    if name.is_empty() {
        return Err(Output::failed(format!("--hero {spec:?}: the hero needs a name")));
    }
    let number = |what: &str, v: Option<&str>, default: u32| -> Result<u32, Output> {
        v.map_or(Ok(default), |v| {
            v.trim()
                .parse()
                .map_err(|_| Output::failed(format!("--hero {spec:?}: the {what} must be a whole number")))
        })
    };
    let health = u8::try_from(number("health", parts.next(), 4)?)
        .map_err(|_| Output::failed(format!("--hero {spec:?}: the health is too large")))?;
    let gold = number("gold", parts.next(), 0)?;
    let boosts = u8::try_from(number("Boosts", parts.next(), 0)?)
        .map_err(|_| Output::failed(format!("--hero {spec:?}: at most 255 Boosts")))?;
    if parts.next().is_some() {
        return Err(Output::failed(format!("--hero {spec:?}: at most NAME:HEALTH:GOLD:BOOSTS")));
    }
    Ok((side, HeroEntry { gold, boosts, ..HeroEntry::new(name, health) }))
}

pub fn new(args: NewArgs, root: &Path) -> Result<Output, Output> {
    let map: MapDesign = named("--map", &args.map, "standard, tri-line, tri-split, quad, quad-line, quad-split")?;
    let factions = args
        .factions
        .iter()
        .map(|f| named::<Faction>("--faction", f, "lords, warriors, defenders, villains, icons, outcasts, commoners, exemplars, adventurers"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut heroes: [Vec<HeroEntry>; 2] = [Vec::new(), Vec::new()];
    let mut lib = None;
    for spec in &args.heroes {
        let (side, entry) = hero(spec, &mut lib, root)?;
        heroes[side.index()].push(entry);
    }
    let mut physical = [false, false];
    for p in &args.physical {
        physical[team(p)?.index()] = true;
    }
    let team_size = u8::try_from(heroes[0].len()).map_err(|_| Output::failed("too many heroes".to_string()))?;
    // Each team's deck: the file given, else the team's own saved deck (`deck save`), else
    // the sample; the output says which, so a table never plays invented cards unawares.
    let mut decks = Vec::new();
    let mut told = Vec::new();
    for (side, path) in TeamSide::BOTH.into_iter().zip([&args.skyhawks_deck, &args.psiclones_deck]) {
        let told_deck = match path {
            Some(path) => {
                let (file, origin) = load_deck(Some(path), root)?;
                let d = TeamDeck { name: file.name.clone(), from: "file", file: origin, sample_data: file.header.sample_data, problem: None };
                decks.push((file.name, file.cards));
                d
            }
            None => {
                let info = challenge_decks::load_deck(Some(root), side);
                if info.cards.is_empty() {
                    return Err(Output::failed(format!("{side} have no deck: {}", info.problem.unwrap_or_default())));
                }
                let d = TeamDeck {
                    name: info.name.clone(),
                    from: if info.saved { "saved" } else { "sample" },
                    file: info.origin,
                    sample_data: info.sample,
                    problem: info.problem,
                };
                decks.push((info.name, info.cards));
                d
            }
        };
        told.push((side, told_deck));
    }
    let [sky, psi]: [(String, _); 2] = decks.try_into().map_err(|_| Output::failed("two decks".to_string()))?;
    let setup = Setup {
        map,
        length: GameLength::new(args.rounds).map_err(Output::failed)?,
        team_size,
        factions,
        heroes,
        decks: [sky, psi],
        seed: args.seed.unwrap_or_else(crate::deck::fresh_seed),
        physical,
    };
    let game = Game::new(setup).map_err(Output::failed)?;
    let game_physical = physical;
    let title = match args.title.as_deref().map(str::trim) {
        Some(t) if !t.is_empty() => t.to_string(),
        _ => "Worldspanner Factions".to_string(),
    };
    let store = crate::cli::open_store(root)?;
    let id = store.new_id(crate::doc::Kind::Worldspanner);
    let saved = Saved::new(title, "New game", game);
    store.save(&id, &saved).map_err(Output::failed)?;
    if args.json {
        let decks: serde_json::Map<String, serde_json::Value> = told
            .iter()
            .map(|(side, d)| {
                let physical = game_physical[side.index()];
                (
                    side.name().to_ascii_lowercase(),
                    json!({
                        "name": d.name, "from": d.from, "file": d.file,
                        "sample_data": d.sample_data, "physical": physical, "problem": d.problem,
                    }),
                )
            })
            .collect();
        return Ok(Output::json(&json!({
            "id": id, "title": saved.title, "summary": saved.summary(), "decks": decks,
        })));
    }
    let mut s = format!("created {id}: {}\n", saved.summary());
    for (side, d) in &told {
        let whose = match d.from {
            "saved" => format!("your saved {side} deck, {}", d.file),
            "file" => d.file.clone(),
            _ => format!(
                "the sample deck{}; save your own with `tablemate worldspanner deck save {}`",
                if d.sample_data { ", invented cards" } else { "" },
                side.name().to_ascii_lowercase()
            ),
        };
        s += &format!("  {side} draw from {:?} ({whose}){}\n", d.name, if game_physical[side.index()] { ", drawn by hand from the box" } else { "" });
        if let Some(p) = &d.problem {
            s += &format!("  note: {p}\n");
        }
    }
    Ok(Output::ok(s))
}

/// Which deck a team was given, for the output.
struct TeamDeck {
    name: String,
    /// "file" (--skyhawks-deck), "saved" (the team's own, `deck save`) or "sample".
    from: &'static str,
    file: String,
    sample_data: bool,
    problem: Option<String>,
}
