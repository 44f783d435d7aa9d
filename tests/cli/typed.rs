//! A data folder with saves of all five games, made and played through their public actions
//! (the CLI's `new` and `act`, and `Saved::act` for longer play) with every text a player can
//! type holding its own marker: titles, player, general and hero names, notes, reasons, own
//! modifiers, deck names, the player's own talents, characters, bosses, units, follower types
//! and boards (data files they wrote in the data folder). What the report's tests redact.

use serde_json::{Value, json};
use tablemate::cli::run_in;
use tablemate::doc::{Kind, Playable, Saved};
use tablemate::store::Store;

#[path = "../../benches/support/long_games.rs"]
mod long_games;

/// Every marker starts with this (any case: Near and Far keeps keywords in capitals).
pub const MARK: &str = "zqx";

/// Whether `text` holds a marker.
pub fn marked(text: &str) -> bool {
    text.to_lowercase().contains(MARK)
}

/// The folder and its saves by kind.
pub struct Typed {
    pub dir: tempfile::TempDir,
    pub saves: Vec<(Kind, String)>,
}

impl Typed {
    pub fn root(&self) -> &std::path::Path {
        self.dir.path()
    }
}

/// Makes the folder. `long` adds games played at length (random play through the public
/// actions, the Furtherance simulator) so that every place a state can hold text is reached.
pub fn folder(long: bool) -> Typed {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let mut saves = Vec::new();
    own_data_files(root);
    saves.push((Kind::FurnaceDuel, furnace_duel(root)));
    saves.push((Kind::Army, army(root, long)));
    saves.extend(
        near_and_far(root)
            .into_iter()
            .map(|id| (Kind::NearAndFar, id)),
    );
    saves.push((Kind::Worldspanner, worldspanner(root, long)));
    saves.extend(
        furtherance(root, long)
            .into_iter()
            .map(|id| (Kind::Furtherance, id)),
    );
    if long {
        let store = Store::open(root).unwrap();
        store
            .save("worldspanner-long", &long_games::worldspanner(300, 11))
            .unwrap();
        store
            .save("furtherance-long", &long_games::furtherance(300, 11))
            .unwrap();
        saves.push((Kind::Worldspanner, "worldspanner-long".into()));
        saves.push((Kind::Furtherance, "furtherance-long".into()));
    }
    // A game added to the list without its typed save here would go unchecked by the report
    // and the search tests that read this folder.
    for kind in Kind::ALL {
        assert!(
            saves.iter().any(|(k, _)| *k == kind),
            "tests/cli/typed.rs makes no save of {kind}: add one with its free text typed"
        );
    }
    Typed { dir, saves }
}

/// `tablemate ARGS` in `root`, which must succeed.
#[track_caller]
fn run(root: &std::path::Path, args: &[&str]) -> String {
    let out = run_in(root, args, "");
    assert_eq!(out.code, 0, "tablemate {args:?}: {}", out.stderr);
    out.stdout
}

/// The id a `new` command printed.
fn id_in(stdout: &str, kind: Kind) -> String {
    stdout
        .split_whitespace()
        .find(|w| w.starts_with(kind.as_str()))
        .unwrap_or_else(|| panic!("no {kind} id in {stdout}"))
        .trim_end_matches(':')
        .to_string()
}

/// Applies `actions` (their JSON) to save `id` with `tablemate act`, each accepted.
#[track_caller]
fn act(root: &std::path::Path, id: &str, actions: &[Value]) {
    for a in actions {
        run(root, &["act", id, &a.to_string()]);
    }
}

/// Plays `tries` actions from `pick` on save `id` through `Saved::act` (refusals change
/// nothing, as at the table) and saves it.
fn play<T: Playable>(
    root: &std::path::Path,
    id: &str,
    tries: usize,
    mut pick: impl FnMut(&T, &mut long_games::Pick) -> T::Action,
) {
    let store = Store::open(root).unwrap();
    let mut saved: Saved<T> = store.load(id).unwrap();
    let mut p = long_games::Pick::new(tries as u64);
    for _ in 0..tries {
        let action = pick(saved.current(), &mut p);
        let _ = saved.act(action);
    }
    store.save(id, &saved).unwrap();
}

/// The bundled data file `rel` as the player's own copy in the data folder, edited.
fn own_data_file(root: &std::path::Path, rel: &str, edit: impl FnOnce(&mut Value)) {
    let mut v: Value = serde_json::from_str(tablemate::bundled::get(rel).unwrap()).unwrap();
    edit(&mut v);
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
}

/// Data files a player wrote their own of (the window's units editor, a talent of their own,
/// the threat and boss names the rulebook does not print): their texts reach the saves.
fn own_data_files(root: &std::path::Path) {
    own_data_file(root, "data/near-and-far/talents.json", |v| {
        v["talents"]
            .as_array_mut()
            .unwrap()
            .push(json!({"name": "Zqx-nf-talent", "cost": 1, "effect": "Zqx-nf-talent-effect"}));
    });
    own_data_file(root, "data/near-and-far/characters.json", |v| {
        v["characters"]
            .as_array_mut()
            .unwrap()
            .push(json!({"name": "Zqx-nf-character", "quest_prefix": null, "first_quest": null}));
    });
    own_data_file(root, "data/near-and-far/threats.json", |v| {
        v["threats"][1]["name"] = json!("Zqx-nf-threat");
        v["bosses"][0]["name"] = json!("Zqx-nf-boss");
    });
    own_data_file(root, "data/furtherance/units.json", |v| {
        v["units"][0]["name"] = json!("Zqx-ft-unit");
        v["note"] = json!("Zqx-ft-units-note");
    });
    own_data_file(root, "data/army/followers.json", |v| {
        v["followers"][1]["name"] = json!("Zqx-army-follower");
    });
    own_data_file(root, "data/furnace-duel/boards.json", |v| {
        let baltic = &mut v["boards"][2];
        assert_eq!(baltic["id"], "baltic-sea");
        baltic["name"] = json!("Zqx-fd-board");
        baltic["page"] = json!("Zqx-fd-page");
        baltic["runner_up_bonus"]["name"] = json!("Zqx-fd-bonus");
        baltic["runner_up_bonus"]["summary"] = json!("Zqx-fd-bonus-summary");
        baltic["runner_up_bonus"]["reminder"] = json!("Zqx-fd-bonus-reminder");
        baltic["special_achievement"]["summary"] = json!("Zqx-fd-achievement");
    });
}

/// A whole campaign: a runner-up note in every game (the first typed with spaces around it,
/// which the pad trims), claims, a bonus used, results entered whole and by halves.
fn furnace_duel(root: &std::path::Path) -> String {
    let out = run(
        root,
        &[
            "furnace-duel",
            "new",
            "Zqx-fd-player-a",
            "Zqx-fd-player-b",
            "--title",
            "Zqx-fd-title",
        ],
    );
    let id = id_in(&out, Kind::FurnaceDuel);
    let result = |a: u32, b: u32| {
        json!({"action": "record-result", "result": {"tallies": [{"cash": a, "tech_tokens": 2},
            {"cash": b}], "first_player_token": "b"}})
    };
    let note = |n: u32| json!({"action": "set-runner-up-note", "note": format!("Zqx-fd-note-{n}")});
    let next = |board: &str| json!({"action": "next-board", "board": board});
    act(
        root,
        &id,
        &[
            json!({"action": "set-runner-up-note", "note": "  Zqx-fd-note-1  "}),
            json!({"action": "claim-general", "seat": "b", "achievement": "triple-upgrade"}),
            result(50, 48),
            next("alps"),
            json!({"action": "claim-board", "seat": "b"}),
            note(2),
            json!({"action": "record-tally", "seat": "a", "tally": {"cash": 30},
                "first_player_token": "a"}),
            json!({"action": "record-tally", "seat": "b", "tally": {"cash": 60},
                "first_player_token": "a"}),
            next("baltic-sea"),
            note(3),
            result(20, 70),
            next("new-england"),
            json!({"action": "use-bonus", "seat": "a", "from": "baltic-sea"}),
            note(4),
            result(90, 70),
            next("victoria"),
            note(5),
            result(90, 70),
            next("transcontinental-railroad"),
            note(6),
            json!({"action": "record-tally", "seat": "a", "tally": {"cash": 30},
                "first_player_token": "a"}),
        ],
    );
    id
}

/// Two generals with names and a follower type of the player's own, armies written, then
/// played at random (attacks, promotions, hand edits).
fn army(root: &std::path::Path, long: bool) -> String {
    use tablemate::army::{Action, ArmyGame, FollowerKind, FollowerRef, HandStats, Promotion};
    let out = run(
        root,
        &[
            "army",
            "new",
            "--player",
            "Zqx-army-general-1",
            "--player",
            "Zqx-army-general-2",
            "--title",
            "Zqx-army-title",
        ],
    );
    let id = id_in(&out, Kind::Army);
    let mut armies = Vec::new();
    for (player, kinds) in [
        (0, ["general", "berserker", "grunt"]),
        (1, ["general", "grunt", "tank"]),
    ] {
        for kind in kinds {
            armies.push(json!({"action": "recruit", "player": player, "kind": kind}));
        }
    }
    armies.push(json!({"action": "hide", "player": 1}));
    armies.push(json!({"action": "start", "first": 0}));
    act(root, &id, &armies);
    let tries = if long { 400 } else { 60 };
    play::<ArmyGame>(root, &id, tries, |_, p| {
        let at = |p: &mut long_games::Pick| FollowerRef {
            player: p.below(2),
            index: p.below(4),
        };
        match p.below(9) {
            0 | 1 => Action::Attack {
                attacker: at(p),
                target: at(p),
            },
            2 => Action::EndTurn {},
            3 => Action::Promote {
                follower: at(p),
                promotion: Promotion::ALL[p.below(3)],
            },
            4 => Action::SetByHand {
                follower: at(p),
                stats: HandStats {
                    movement: 2,
                    damage: 2,
                    max_health: 4,
                    health: p.below(4) as u8,
                },
            },
            5 => Action::DamageByHand {
                follower: at(p),
                amount: 1,
            },
            6 => Action::Become {
                follower: at(p),
                kind: FollowerKind::ALL[p.below(FollowerKind::ALL.len())],
            },
            7 => Action::GatherResourceCard { follower: at(p) },
            _ => Action::EndTurn {},
        }
    });
    id
}

/// A Campaign Mode campaign to the Last Ruin (a talent, a character, a threat and a boss of
/// the player's own; keywords, corrections with their reasons, a trade route's name, a late
/// joiner) and a Character Mode one.
fn near_and_far(root: &std::path::Path) -> Vec<String> {
    let out = run(
        root,
        &[
            "near-and-far",
            "new",
            "--mode",
            "campaign",
            "--player",
            "Zqx-nf-player-1=Rin",
            "--player",
            "Zqx-nf-player-2=Zqx-nf-character",
            "--player",
            "Zqx-nf-player-3=Vera",
            "--title",
            "Zqx-nf-title",
        ],
    );
    let id = id_in(&out, Kind::NearAndFar);
    let three = ["Rin", "Zqx-nf-character", "Kiku"];
    let scores = |names: &[&str], map: u8, date: &str| {
        let players: Vec<Value> = names
            .iter()
            .map(|n| {
                let mut p = json!({"name": n, "camps": 5, "reputation": 1});
                if map == 10 {
                    p["mammoth_camp"] = json!(true);
                }
                p
            })
            .collect();
        json!({"action": "finish-session", "scores": {"players": players}, "date": date})
    };
    let mut actions = vec![
        json!({"action": "start-session", "map": 2, "date": "2026-03-02", "town": "dusk",
            "characters": ["Rin", "Zqx-nf-character", "Vera"]}),
        json!({"action": "record-quest", "character": "Rin", "read": {"kind": "map-quest",
            "code": "3"}, "outcome": "success", "rewards": {"keywords": ["Zqx-nf-keyword-1"]},
            "date": "2026-03-02"}),
        json!({"action": "note-reward", "character": "Vera", "item": {"type": "keyword-gained",
            "keyword": "Zqx-nf-keyword-2"}, "date": "2026-03-02"}),
        json!({"action": "defeat-threat", "character": "Zqx-nf-character"}),
        json!({"action": "defeat-threat", "character": "Rin"}),
        json!({"action": "set-card-points", "card": "5", "journey_points": 3}),
        json!({"action": "set-card-points", "card": "4", "journey_points": 2}),
        json!({"action": "finish-session", "scores": {"players": [
            {"name": "Rin", "camps": 12, "reputation": 4},
            {"name": "Zqx-nf-character", "camps": 9, "reputation": 2},
            {"name": "Vera", "camps": 3, "reputation": 1}],
            "trade_routes": [{"name": "Zqx-nf-route", "sole": 4, "joint": 2,
                "camps": ["Rin", "Vera"]}]}, "date": "2026-03-02"}),
        json!({"action": "buy-talent", "character": "Rin", "talent": "Zqx-nf-talent",
            "date": "2026-03-02"}),
        json!({"action": "correct", "character": "Rin", "entry": 2, "reason": "Zqx-nf-reason-1",
            "date": "2026-03-04"}),
        json!({"action": "buy-talent", "character": "Vera", "talent": "Zqx-nf-talent",
            "date": "2026-03-05"}),
        json!({"action": "add-character", "player": "Zqx-nf-player-4", "character": "Kiku",
            "date": "2026-03-05"}),
        json!({"action": "retire-character", "character": "Vera", "date": "2026-03-05"}),
        json!({"action": "start-session", "map": 3, "date": "2026-03-06", "characters": three}),
        json!({"action": "record-quest", "character": "Kiku", "read": {"kind": "map-quest",
            "code": "20"}, "outcome": "failed", "date": "2026-03-06"}),
        json!({"action": "note-reward", "character": "Rin", "item": {"type": "keyword-lost",
            "keyword": "Zqx-nf-keyword-1"}, "date": "2026-03-06"}),
        json!({"action": "note-reward", "character": "Rin", "item": {"type":
            "side-quest-given", "code": "Q12"}, "date": "2026-03-06"}),
        json!({"action": "cross-out-side-quest", "character": "Rin", "code": "Q12",
            "date": "2026-03-06"}),
        json!({"action": "correct", "character": "Kiku", "entry": 3, "reason": "Zqx-nf-reason-2",
            "replacement": {"type": "encounter-box", "outcome": "success"},
            "date": "2026-03-06"}),
        scores(&three, 3, "2026-03-07"),
    ];
    for map in 4..=11u8 {
        let date = format!("2026-04-{map:02}");
        actions.push(json!({"action": "start-session", "map": map, "date": date,
            "characters": three}));
        if map == 11 {
            actions.push(json!({"action": "defeat-boss", "character": "Rin",
                "boss": "Zqx-nf-boss"}));
            actions.push(json!({"action": "set-card-points", "card": "Zqx-nf-boss",
                "journey_points": 5}));
        }
        actions.push(scores(&three, map, &date));
    }
    act(root, &id, &actions);

    let out = run(
        root,
        &[
            "near-and-far",
            "new",
            "--mode",
            "character",
            "--player",
            "Zqx-nf-player-5=Rin",
            "--player",
            "Zqx-nf-player-6=Eyim",
            "--title",
            "Zqx-nf-title-2",
        ],
    );
    let second = id_in(&out, Kind::NearAndFar);
    act(
        root,
        &second,
        &[
            json!({"action": "set-settings", "settings": {"bosses_in_character_mode": true,
                "score": {"storytelling_on_tie": true}}}),
            json!({"action": "start-session", "map": 2, "date": "2026-03-02",
                "characters": ["Rin", "Eyim"]}),
            json!({"action": "record-quest", "character": "Rin", "read": {"kind":
                "character-quest", "code": "R1"}, "outcome": "success", "date": "2026-03-02"}),
            json!({"action": "write-next-quest", "character": "Eyim", "code": "E4",
                "date": "2026-03-02"}),
            json!({"action": "record-quest", "character": "Eyim", "read": {"kind":
                "character-quest", "code": "E4"}, "outcome": "success", "next": "E5",
                "rewards": {"keywords": ["Zqx-nf-keyword-3"],
                    "lose_keywords": ["Zqx-nf-keyword-3"]}, "date": "2026-03-02"}),
            json!({"action": "note-reward", "character": "Rin", "item": {"type":
                "experience-reward", "amount": 2}, "date": "2026-03-02"}),
            json!({"action": "note-reward", "character": "Rin", "item": {"type":
                "keyword-gained", "keyword": "Zqx-nf-keyword-4"}, "date": "2026-03-02"}),
            json!({"action": "correct", "character": "Rin", "entry": 4, "reason":
                "Zqx-nf-reason-3", "replacement": {"type": "keyword-gained",
                "keyword": "Zqx-nf-keyword-5"}, "date": "2026-03-02"}),
            json!({"action": "finish-session", "scores": {"players": [
                {"name": "Rin", "camps": 5, "reputation": 1},
                {"name": "Eyim", "camps": 3, "reputation": 0}],
                "trade_routes": [{"name": "Zqx-nf-route-2", "sole": 4, "joint": 2,
                    "camps": ["Rin", "Eyim"]}]}, "date": "2026-03-03"}),
            json!({"action": "buy-talent", "character": "Rin", "talent": "Zqx-nf-talent",
                "date": "2026-03-04"}),
        ],
    );
    vec![id, second]
}

/// A hero card of the player's own in the hero library (its name, natures, bonus symbols), a
/// deck they named with an AI symbol they typed, typed hero names, then an own modifier with
/// its reason, a deck swapped in under a new name, a physical deck, and a game played on.
fn worldspanner(root: &std::path::Path, long: bool) -> String {
    let card = root.join("hero.json");
    std::fs::write(
        &card,
        json!({"name": "Zqx-ws-library-hero", "faction": "lords", "health": 5,
            "ratings": [3, 4, 5, 6, 3, 4, 5, 6, 3, 4, 5, 6, 3, 1],
            "natures": ["Zqx-ws-nature"], "opposing": ["villains", "icons"],
            "bonus_symbols": ["Zqx-ws-symbol"], "gold": 1, "boosts": 1})
        .to_string(),
    )
    .unwrap();
    run(
        root,
        &["worldspanner", "heroes", "add", card.to_str().unwrap()],
    );
    run(root, &["worldspanner", "deck", "load", "skyhawks"]);
    run(root, &["worldspanner", "deck", "name", "Zqx-ws-deck-1"]);
    run(
        root,
        &[
            "worldspanner",
            "deck",
            "edit",
            "1",
            "-4 -2 0 3 -1 3 3-4 Zqx-ws-ai",
        ],
    );
    run(root, &["worldspanner", "deck", "save", "skyhawks"]);
    let mut args = vec![
        "worldspanner",
        "new",
        "--seed",
        "3",
        "--title",
        "Zqx-ws-title",
    ];
    for f in ["lords", "defenders", "villains", "icons", "exemplars"] {
        args.extend(["--faction", f]);
    }
    let heroes: Vec<String> = std::iter::once("skyhawks=@Zqx-ws-library-hero".to_string())
        .chain((2..=6).map(|i| format!("skyhawks=Zqx-ws-hero-{i}")))
        .chain((1..=6).map(|i| format!("psiclones=Zqx-ws-psi-{i}:5:2")))
        .collect();
    for h in &heroes {
        args.extend(["--hero", h.as_str()]);
    }
    let id = id_in(&run(root, &args), Kind::Worldspanner);
    act(
        root,
        &id,
        &[
            json!({"action": "challenge", "team": "skyhawks", "hero": null, "challenge": {
            "kind": "faction-adventure", "rating": 5, "against": 5, "modifiers": [
                {"type": "other", "amount": 1, "reason": "Zqx-ws-why-1"}]}}),
        ],
    );
    run(root, &["worldspanner", "deck", "name", "Zqx-ws-deck-2"]);
    run(
        root,
        &["worldspanner", "deck", "use", &id, "--team", "psiclones"],
    );
    act(
        root,
        &id,
        &[json!({"action": "deck-mode", "team": "psiclones", "physical": true})],
    );
    worldspanner_play(root, &id, if long { 3000 } else { 600 });
    id
}

/// Plays the Worldspanner save `id` step by step as a table would (reinforcements, moves out
/// of the Domes, ranged and melee attacks, adventures challenged and paid for, captures,
/// tribute, Boosts, deck tools), every challenge with an own modifier and its typed reason; a
/// physical deck's team says what its cards show. Refused tries change nothing.
fn worldspanner_play(root: &std::path::Path, id: &str, turns: usize) {
    use tablemate::worldspanner::modifier::ChallengeKind;
    use tablemate::worldspanner::*;
    let store = Store::open(root).unwrap();
    let mut saved: Saved<Game> = store.load(id).unwrap();
    let mut p = long_games::Pick::new(7);
    let faces = Face::ALL;
    let ranges = ["1-2", "3-4", "5-6", "1 or 6"];
    for _ in 0..turns {
        let g = saved.current().clone();
        if g.locked() {
            break;
        }
        let team = g.rounds.active;
        let heroes = |t: TeamSide, keep: fn(&HeroStatus) -> bool| -> Vec<HeroRef> {
            let all = g.team(t).heroes.iter().enumerate();
            all.filter(|(_, h)| keep(&h.status))
                .map(|(hero, _)| HeroRef { team: t, hero })
                .collect()
        };
        let on_map = |t| heroes(t, |s| *s == HeroStatus::OnMap);
        let in_dome = |t| heroes(t, |s| matches!(s, HeroStatus::InDome { .. }));
        let challenge = |kind, p: &mut long_games::Pick| {
            let mut c = Challenge::new(kind, 3 + p.below(5) as u8, 5);
            c.modifiers.push(Modifier::Other {
                amount: 1,
                reason: format!("Zqx-ws-why-{}", 2 + p.below(3)),
            });
            c
        };
        let read = |t: TeamSide, cards: Vec<Reading>, then: Action| match g.team(t).physical {
            true => Action::Read {
                cards,
                then: Box::new(then),
            },
            false => then,
        };
        let attack = |p: &mut long_games::Pick, hit| {
            let attack = Attack {
                hit: challenge(hit, p),
                damage: challenge(
                    ChallengeKind::Damage {
                        natural_melee: true,
                    },
                    p,
                ),
                wound_rating: 2,
            };
            (attack, faces[p.below(faces.len())])
        };
        let mut tries = Vec::new();
        if let Some(pending) = &g.pending {
            tries.push(match pending.awaiting_card {
                true => Action::ReadDomes {
                    domes: DomeRange::parse(ranges[p.below(4)]).unwrap(),
                },
                false => Action::Place { dome: None },
            });
        }
        let pick =
            |v: Vec<HeroRef>, p: &mut long_games::Pick| v.get(p.below(v.len().max(1))).copied();
        match g.rounds.step {
            Step::Free => {
                if let Some(hero) = pick(on_map(team), &mut p) {
                    tries.push(Action::UseBoost { hero });
                }
            }
            Step::Reinforce => {
                let waiting = heroes(team, |s| *s == HeroStatus::Waiting);
                tries.extend(waiting.into_iter().map(|hero| Action::Reinforce { hero }));
            }
            Step::Action | Step::Reaction => {
                if let Some(hero) = pick(in_dome(team), &mut p) {
                    tries.push(Action::LeaveDome { hero });
                }
                if let (Some(attacker), Some(target)) = (
                    pick(on_map(team), &mut p),
                    pick(on_map(team.other()), &mut p),
                ) {
                    let (attack, face) = attack(&mut p, ChallengeKind::RangedHit);
                    let hit = p.below(2) == 0;
                    tries.push(read(
                        team,
                        vec![Reading::hit(hit), Reading::face(face)],
                        Action::Attack {
                            attacker,
                            target: Some(target),
                            attack,
                        },
                    ));
                }
            }
            Step::Melee => {
                if let (Some(attacker), Some(target)) = (
                    pick(on_map(team), &mut p),
                    pick(on_map(team.other()), &mut p),
                ) {
                    let (attack, face) = attack(&mut p, ChallengeKind::MeleeHit);
                    tries.push(read(
                        team,
                        vec![Reading::hit(true), Reading::face(face)],
                        Action::Attack {
                            attacker,
                            target: Some(target),
                            attack,
                        },
                    ));
                }
            }
            Step::Adventure => {
                let out = [on_map(team), in_dome(team)].concat();
                if let Some(hero) = pick(out, &mut p) {
                    let faction = g.keys[p.below(g.keys.len())].faction;
                    let space = p.below(4);
                    let adventure = match p.below(6) {
                        0 => Adventure::FactionQuest { faction, space },
                        1 => Adventure::Haggler {},
                        2 => Adventure::Underworld {},
                        _ => Adventure::FactionTask { faction, space },
                    };
                    let kind = adventure.kind();
                    tries.push(read(
                        team,
                        vec![Reading::face(faces[p.below(faces.len())])],
                        Action::Adventure {
                            hero,
                            adventure,
                            challenge: challenge(kind, &mut p),
                        },
                    ));
                    let kinds = [
                        PaidKind::Rescue,
                        PaidKind::Kidnap,
                        PaidKind::Infirmary,
                        PaidKind::Inspire,
                        PaidKind::LithsChamber,
                    ];
                    let targets = match p.below(2) {
                        0 => on_map(team.other()).into_iter().take(1).collect(),
                        _ => in_dome(team).into_iter().take(1).collect(),
                    };
                    tries.push(Action::Paid {
                        hero,
                        paid: PaidAdventure {
                            kind: kinds[p.below(kinds.len())],
                            key: Some((faction, space)),
                            gold: 1 + p.below(2) as u32,
                            cards: 0,
                            home: false,
                            targets,
                        },
                    });
                }
            }
        }
        let faction = g.keys[p.below(g.keys.len())].faction;
        tries.push(match p.below(12) {
            0 => Action::Capture {
                team,
                faction,
                space: p.below(4),
            },
            1 => Action::Tribute { team, amount: 1 },
            2 => Action::GloryCard { team },
            3 => Action::Deck {
                team,
                tool: tablemate::deck::DeckTool::ShuffleUndrawn,
            },
            4 => Action::OddsOver {
                over: [OddsOver::CardsLeft, OddsOver::WholeDeck][p.below(2)],
            },
            5 => Action::Gold {
                hero: HeroRef {
                    team,
                    hero: p.below(6),
                },
                change: 2,
            },
            _ => Action::NextStep {},
        });
        tries.push(Action::NextStep {});
        // Heroes left in a Dome at the end of the Action step were surrounded (p. 9).
        tries.push(Action::Answer { option: 1 });
        for action in tries {
            if saved.act(action).is_ok() {
                break;
            }
        }
    }
    store.save(id, &saved).unwrap();
}

/// A game with a title of the player's own that adopts a units file they corrected, and
/// games the simulator plays with their own units file in the data folder.
fn furtherance(root: &std::path::Path, long: bool) -> Vec<String> {
    let out = run(
        root,
        &[
            "furtherance",
            "new",
            "--seed",
            "5",
            "--title",
            "Zqx-ft-title",
        ],
    );
    let id = id_in(&out, Kind::Furtherance);
    let mut units: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("data/furtherance/units.json")).unwrap(),
    )
    .unwrap();
    units["units"][1]["name"] = json!("Zqx-ft-unit-2");
    units["source"] = json!("Zqx-ft-units-source");
    act(
        root,
        &id,
        &[
            json!({"action": "adopt-data", "data": {"units": units}}),
            json!({"action": "end-turn"}),
        ],
    );
    let mut ids = vec![id];
    let runs: &[(&str, &str)] = match long {
        true => &[("greedy", "3"), ("random", "4")],
        false => &[("greedy", "3")],
    };
    for (player, seed) in runs {
        let out = run(
            root,
            &[
                "furtherance",
                "simulate",
                "--player",
                player,
                "--seed",
                seed,
                "--rounds",
                "12",
                "--save",
            ],
        );
        ids.push(out.lines().last().unwrap().trim().to_string());
    }
    ids
}
