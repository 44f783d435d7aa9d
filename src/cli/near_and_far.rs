//! `tablemate near-and-far ...`: campaigns, quest lookup, scoring, and the storybook index
//! from the command line. Thin wrappers over `crate::near_and_far`; saves go through the
//! store, data files through `store::data_text` (the user's replacement wins).

use std::path::{Path, PathBuf};

use clap::{Subcommand, ValueEnum};
use serde_json::json;

use super::Output;
use crate::doc::Saved;
use crate::near_and_far::chart::journey_chart;
use crate::near_and_far::index::{self, IndexFile, Severity, Source};
use crate::near_and_far::scoring::ScoreInput;
use crate::near_and_far::session::Variants;
use crate::near_and_far::{Campaign, Facts, MapNumber, Mode, QuestCode, Read};
use crate::store::Store;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ModeArg {
    Campaign,
    Character,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a campaign. Give each seat as --player "Ana=Rin".
    New {
        #[arg(long, value_enum)]
        mode: ModeArg,
        #[arg(long = "player", required = true)]
        players: Vec<String>,
        #[arg(long)]
        extra_stories: bool,
        #[arg(long)]
        long_game: bool,
        #[arg(long)]
        title: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Which paragraph a character reads on a quest space (side quest, character quest,
    /// arcade card) and which choice their keywords force.
    Lookup {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        character: String,
        /// The number (or Map 1 letter) on the space.
        #[arg(long)]
        quest: String,
        /// The map, if no session is being played.
        #[arg(long)]
        map: Option<u8>,
        /// Cross out the side quest read (saved in the campaign).
        #[arg(long)]
        mark: bool,
        #[arg(long)]
        json: bool,
    },
    /// Game-end journey points from a score file (format in docs/near-and-far.md). With
    /// --campaign, the session in play ends with these scores.
    Score {
        #[arg(long)]
        input: PathBuf,
        #[arg(long)]
        campaign: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// A character's sheet: experience ledger, talents, keywords, side quests, journey points.
    Sheet {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        character: String,
        #[arg(long)]
        json: bool,
    },
    /// Journey points per map per character (the chart's numbers).
    Chart {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        json: bool,
    },
    /// The storybook index.
    Index {
        #[command(subcommand)]
        command: IndexCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum IndexCommand {
    /// Validate every index file in DIR together.
    Check {
        dir: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Write the whole merged index (bundled and yours) to one file.
    Export {
        path: PathBuf,
        #[arg(long)]
        force: bool,
    },
    /// Add an index file to your data folder after checking it against your index.
    Import { path: PathBuf },
}

fn fail(e: impl std::fmt::Display) -> Output {
    Output::fail(format!("tablemate: {e}\n"))
}

fn today() -> chrono::NaiveDate {
    chrono::Local::now().date_naive()
}

/// The facts, the user's replacement files first.
pub fn load_facts(root: &Path) -> Result<Facts, String> {
    Facts::load(|p| {
        crate::store::data_text(Some(root), p)
            .map(|(t, o)| (t, o.to_string()))
            .map_err(|e| e.to_string())
    })
}

/// Every `.json` file under `dir`, as index sources named by their path under `base`.
fn json_sources(dir: &Path, base: &Path, out: &mut Vec<Source>, problems: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            json_sources(&path, base, out, problems);
        } else if path.extension().is_some_and(|e| e == "json") {
            let rel = path
                .strip_prefix(base)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            match crate::store::read_bounded(&path) {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => out.push(Source {
                        rel,
                        origin: path.display().to_string(),
                        text,
                    }),
                    Err(_) => problems.push(format!("{}: not UTF-8 text", path.display())),
                },
                Err(e) => problems.push(e.to_string()),
            }
        }
    }
}

/// The merged index: bundled files plus the user's `storybook-index/` folder.
pub fn load_index(
    root: &Path,
    facts: Option<&Facts>,
) -> (index::Built, Vec<(String, IndexFile)>, Vec<String>) {
    let mut user = Vec::new();
    let mut problems = Vec::new();
    json_sources(&root.join(index::INDEX_DIR), root, &mut user, &mut problems);
    let (built, files) = index::load(index::bundled_sources(), user, facts);
    (built, files, problems)
}

pub fn execute(command: Command, root: &Path) -> Output {
    match command {
        Command::New {
            mode,
            players,
            extra_stories,
            long_game,
            title,
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
            json,
        ),
        Command::Lookup {
            campaign,
            character,
            quest,
            map,
            mark,
            json,
        } => lookup(root, &campaign, &character, &quest, map, mark, json),
        Command::Score {
            input,
            campaign,
            json,
        } => score(root, &input, campaign.as_deref(), json),
        Command::Sheet {
            campaign,
            character,
            json,
        } => sheet(root, &campaign, &character, json),
        Command::Chart { campaign, json } => chart(root, &campaign, json),
        Command::Index { command } => index_command(root, command),
    }
}

fn open_campaign(root: &Path, id: &str) -> Result<(Store, Saved<Campaign>), Output> {
    let store = Store::open(root).map_err(fail)?;
    let saved = store.load::<Campaign>(id).map_err(fail)?;
    Ok((store, saved))
}

fn new_campaign(
    root: &Path,
    mode: ModeArg,
    players: &[String],
    variants: Variants,
    title: Option<String>,
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
        match Campaign::new(mode, variants, card, &seats, today(), Some(&facts)) {
            Ok(c) => c,
            Err(e) => return fail(e),
        };
    let store = match Store::open(root) {
        Ok(s) => s,
        Err(e) => return fail(e),
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
    mark: bool,
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
    let (built, _, read_problems) = load_index(root, facts.as_ref());
    warnings.extend(read_problems);
    warnings.extend(built.errors().map(|p| format!("storybook index: {p}")));
    let answer = match saved
        .current()
        .lookup(character, &space, map, &built.index, facts.as_ref())
    {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let mut marked = false;
    if mark && let Read::SideQuest { code, instead_of } = &answer.read {
        let label = format!(
            "{}: side quest {code} read instead of {instead_of}",
            answer.character
        );
        let who = answer.character.clone();
        let code = code.clone();
        if let Err(e) = saved
            .history
            .apply(label, |c| c.cross_out_side_quest(&who, &code, today()))
        {
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
            s += &format!(
                "  {}. {} ({test}){kw}: {:?}\n",
                c.index + 1,
                c.label,
                c.status
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

fn score(root: &Path, input: &Path, campaign: Option<&str>, json: bool) -> Output {
    let text = match crate::store::read_bounded(input).map(String::from_utf8) {
        Ok(Ok(t)) => t,
        Ok(Err(_)) => return fail(format!("{}: not UTF-8 text", input.display())),
        Err(e) => return fail(e),
    };
    let sheet: ScoreInput = match serde_json::from_str(&text) {
        Ok(s) => s,
        Err(e) => {
            return fail(format!(
                "{}: line {} column {}: {e}",
                input.display(),
                e.line(),
                e.column()
            ));
        }
    };
    let facts = load_facts(root).ok();
    let result = match sheet.score(facts.as_ref()) {
        Ok(r) => r,
        Err(e) => return fail(format!("{}: {e}", input.display())),
    };
    let mut notices = Vec::new();
    if let Some(id) = campaign {
        let (store, mut saved) = match open_campaign(root, id) {
            Ok(x) => x,
            Err(o) => return o,
        };
        let label = match saved.current().current_session() {
            Some(s) => format!("Session {} on {} scored", s.number, s.map),
            None => "Session scored".to_string(),
        };
        match saved
            .history
            .apply(label, |c| c.finish_session(&result, today()))
        {
            Ok(n) => notices = n,
            Err(e) => return fail(e),
        }
        if let Err(e) = store.save(id, &saved) {
            return fail(e);
        }
    }
    if json {
        let mut v = serde_json::to_value(&result).unwrap_or_default();
        v["recorded_in"] = json!(campaign);
        v["notices"] = json!(notices);
        return Output::json(&v);
    }
    let mut s = String::new();
    for p in &result.players {
        s += &format!("{}. {}: {} journey points\n", p.place, p.name, p.total);
        for l in &p.lines {
            s += &format!("     {:>4}  {}\n", l.points, l.label);
        }
    }
    s += &format!("Winner: {}\n", result.winners.join(" and "));
    if let Some(t) = &result.tie_break {
        s += &format!("({t})\n");
    }
    for n in notices {
        s += &format!("{n}\n");
    }
    Output::ok(s)
}

fn sheet(root: &Path, id: &str, character: &str, json: bool) -> Output {
    let (_, saved) = match open_campaign(root, id) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let c = saved.current();
    let view = match c.view(character) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let ledger = c
        .sheet(character)
        .map(|s| s.ledger.clone())
        .unwrap_or_default();
    if json {
        let mut v = serde_json::to_value(&view).unwrap_or_default();
        v["ledger"] = serde_json::to_value(&ledger).unwrap_or_default();
        return Output::json(&v);
    }
    let mut s = format!(
        "{} ({}), {}\n",
        view.character,
        view.player,
        view.mode.title()
    );
    if view.mode == Mode::Campaign {
        s += &format!(
            "Encounter boxes: {} of {}\n",
            view.boxes_filled, view.boxes_total
        );
    } else {
        s += &format!(
            "Character quests read: {}; next: {}\n",
            view.character_quests_read,
            view.next_quest
                .as_ref()
                .map(|q| q.to_string())
                .unwrap_or("?".into())
        );
    }
    s += &format!(
        "Experience: {} earned, {} spent, {} available\n",
        view.xp_earned, view.xp_spent, view.xp_available
    );
    for l in &view.xp_lines {
        s += &format!("  {}  {:+}  {}\n", l.date, l.delta, l.what);
    }
    s += &format!("Talents: {}\n", view.talents.join(", "));
    let kws: Vec<&str> = view.keywords.iter().map(|k| k.as_str()).collect();
    s += &format!("Keywords: {}\n", kws.join(", "));
    for q in &view.side_quests {
        s += &format!("Side quest {}: {:?}\n", q.code, q.state);
    }
    for j in &view.journey {
        s += &format!(
            "Session {} ({}): {} journey points\n",
            j.session, j.map, j.points
        );
    }
    s += &format!("Journey total: {}\n", view.journey_total);
    Output::ok(s)
}

fn chart(root: &Path, id: &str, json: bool) -> Output {
    let (_, saved) = match open_campaign(root, id) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let chart = journey_chart(saved.current());
    if json {
        return Output::json(&serde_json::to_value(&chart).unwrap_or_default());
    }
    let mut s = String::new();
    for series in &chart.series {
        let pts: Vec<String> = series
            .points
            .iter()
            .map(|p| p.map(|p| p.to_string()).unwrap_or("-".into()))
            .collect();
        s += &format!(
            "{:<12} {}  total {}\n",
            series.character,
            pts.join(" "),
            series.total
        );
    }
    Output::ok(s)
}

fn index_command(root: &Path, command: IndexCommand) -> Output {
    let facts = load_facts(root).ok();
    match command {
        IndexCommand::Check { dir, json } => {
            if !dir.is_dir() {
                return fail(format!("{} is not a folder", dir.display()));
            }
            let mut sources = Vec::new();
            let mut read_problems = Vec::new();
            json_sources(&dir, &dir, &mut sources, &mut read_problems);
            let count = sources.len();
            let (built, _) = index::load(Vec::new(), sources, facts.as_ref());
            let ok = built.is_ok() && read_problems.is_empty();
            let mut out = if json {
                Output::json(&json!({
                    "dir": dir.display().to_string(),
                    "ok": ok,
                    "files": count,
                    "maps": built.index.spaces.len(),
                    "characters": built.index.characters.len(),
                    "quests": built.index.quests.len(),
                    "read_problems": read_problems,
                    "problems": built.problems,
                }))
            } else {
                let mut s = format!(
                    "{}: {count} index files, {} maps with spaces, {} quests\n",
                    dir.display(),
                    built
                        .index
                        .spaces
                        .values()
                        .filter(|s| !s.is_empty())
                        .count(),
                    built.index.quests.len()
                );
                for p in &read_problems {
                    s += &format!("error: {p}\n");
                }
                for p in &built.problems {
                    s += &format!("{p}\n");
                }
                let errors = built
                    .problems
                    .iter()
                    .filter(|p| p.severity == Severity::Error)
                    .count();
                s += &if ok {
                    "ok\n".to_string()
                } else {
                    format!("{} errors\n", errors + read_problems.len())
                };
                Output::ok(s)
            };
            if !ok {
                out.code = 1;
            }
            out
        }
        IndexCommand::Export { path, force } => {
            if path.exists() && !force {
                return fail(format!(
                    "{} already exists: add --force to replace it",
                    path.display()
                ));
            }
            let (built, _, _) = load_index(root, facts.as_ref());
            let file = built.index.export("Storybook index export");
            match std::fs::write(&path, file.to_json()) {
                Ok(()) => Output::ok(format!(
                    "exported {} quests to {}\n",
                    file.quests.len(),
                    path.display()
                )),
                Err(e) => fail(format!("{}: {e}", path.display())),
            }
        }
        IndexCommand::Import { path } => {
            let text = match crate::store::read_bounded(&path).map(String::from_utf8) {
                Ok(Ok(t)) => t,
                Ok(Err(_)) => return fail(format!("{}: not UTF-8 text", path.display())),
                Err(e) => return fail(e),
            };
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "imported.json".into());
            let rel = format!("{}/imported/{name}", index::INDEX_DIR);
            if root.join(&rel).exists() {
                return fail(format!(
                    "{rel} already exists in your data folder: rename the file to import it"
                ));
            }
            let mut user = Vec::new();
            let mut problems = Vec::new();
            json_sources(&root.join(index::INDEX_DIR), root, &mut user, &mut problems);
            let (before, _) = index::load(index::bundled_sources(), user.clone(), facts.as_ref());
            let before: Vec<String> = before.errors().map(|p| p.to_string()).collect();
            user.push(Source {
                rel: rel.clone(),
                origin: path.display().to_string(),
                text: text.clone(),
            });
            let (built, _) = index::load(index::bundled_sources(), user, facts.as_ref());
            let new_errors: Vec<String> = built
                .errors()
                .map(|p| p.to_string())
                .filter(|p| !before.contains(p))
                .collect();
            if !new_errors.is_empty() {
                return fail(format!(
                    "{} was not imported:\n{}",
                    path.display(),
                    new_errors.join("\n")
                ));
            }
            let store = match Store::open(root) {
                Ok(s) => s,
                Err(e) => return fail(e),
            };
            match store.write_data(&rel, text.as_bytes()) {
                Ok(p) => Output::ok(format!("imported to {}\n", p.display())),
                Err(e) => fail(e),
            }
        }
    }
}
