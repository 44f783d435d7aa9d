//! Save and load of a large synthetic campaign (10,000 sessions) against bare serde_json on the
//! same bytes, and the full atomic save of a typical campaign.
//!
//! What is measured, and why it is the real path:
//! - `Campaign` below is a realistic campaign record (players, factions, scores, per-round
//!   tallies, notes) implemented as a local `GameDoc` that borrows `Kind::FurnaceDuel` (no game
//!   of ours has 10,000 sessions). `Store::load::<T>` and `Store::save` run their real paths
//!   for it: the typed parse and validation are `T`'s own.
//! - `load/store_load` is `Store::load::<Campaign>` from a file on disk: read, bound check,
//!   UTF-8 check, envelope parse, migration dispatch, typed parse, validation. That is exactly
//!   what the app does when a campaign is opened.
//! - `load/bare_serde_json` is the floor: `serde_json::from_slice` of the same bytes (already in
//!   memory) into a plain struct of the envelope with the typed data, no validation.
//! - `load/envelope_open_as` is the same minus the file read: the bytes in memory, as for the
//!   bare baseline, so the two compare like for like.
//! - The kind-dispatched check (`store::envelope::open`, used by list, check and import) parses
//!   the data as the registered game type, so it cannot be measured with a local type; it costs
//!   what `envelope_open_as` costs for that game.
//! - `save/*` is `Store::save` into a temporary data folder, as an autosave does it: the file it
//!   replaces was written by this store, so its fingerprint (size, modified time) proves it
//!   unchanged and it is not parsed again; it is kept as a backup (a hard link) and the new
//!   version is written atomically
//!   (temp file, fsync, rename, folder fsync). `save/bare_fsync_write_typical` is the floor of
//!   any durable save (encode, write, fsync, rename, folder fsync: no validation, no backup);
//!   `save/bare_to_vec_pretty_large` is the encode floor. fsync latency depends on the disk
//!   and on what else is writing to it: compare the store's numbers with the floor measured
//!   in the same run.
//!
//! - `autosave/<game>_<n>` is `Store::save` of a Worldspanner or Furtherance game built by real
//!   play through the engine's actions (`support/long_games.rs`) with a history of n = 10, 100
//!   and 400 entries: the GUI's autosave after a click. `autosave_v2_layout/...` writes the same
//!   game in the version 2 layout (every history entry whole) through the same atomic write:
//!   what an autosave cost before version 3. `prepare/<game>_400` is the part a UI thread pays
//!   before handing the bytes to a writer thread ([`Prepared::new`]). File sizes are printed.
//!
//! - `act/worldspanner_<n>` is `Store::act` (what `tablemate act ID ACTION` does once the store
//!   is open) on a Worldspanner save of n = 10, 400 and 1000 entries, and `check/...` is
//!   `Store::check_save` (`tablemate check ID`) on the same saves, side by side in one run. Each
//!   save's history keeps exactly n entries, so an action adds one and forgets the oldest and
//!   the save stays n entries long however many iterations run. The issue's goal: 1000
//!   entries within 1.5x of 10. A summary of medians and ratios is printed.
//! - `command_act/worldspanner_<n>` and `command_check/...` run the real commands as a player or
//!   a script does, each a whole process (`tablemate act ws-<n> ACTION`, `tablemate check
//!   ws-<n>`, the binary this bench was built with) on the same saves; `tablemate where`, a
//!   process that opens nothing, is printed as the floor. The issue's own figures are of
//!   these commands.
//!
//! - `real_play` (a table printed first, no criterion groups) is `Store::act`, `check_save`,
//!   `history` and `undo 1` on saves from real play at 10, 1,000 and 10,000 entries: the
//!   greedy simulated Furtherance player (`support/long_games.rs::furtherance_greedy`) and a
//!   random Worldspanner game (`worldspanner_real`), issue 29's goal being 1.5x from 10 to 1,000
//!   and 3x at 10,000. `TABLEMATE_BENCH_REAL_ONLY=1` runs it alone.
//!
//! The medians are taken side by side: each of 15 rounds runs every size once in turn, so a
//! change in the machine's load falls on all sizes alike.
//!
//! Run: `cargo bench --bench store` (or `-- act` for the act/check groups only; on a shared
//! machine `cargo bench --profile dev --bench store -- act` reuses the debug build: slower
//! absolute numbers, and ratios that overstate the per-entry work, which the debug build
//! does unoptimised).

use std::hint::black_box;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use serde::{Deserialize, Serialize};
use tablemate::doc::{GameDoc, Invalid, Kind, Saved};
use tablemate::store::{Prepared, Store};

#[path = "support/long_games.rs"]
mod long_games;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Campaign {
    name: String,
    seed: u64,
    sessions: Vec<Session>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Session {
    number: u32,
    played_at: DateTime<Utc>,
    scenario: String,
    players: Vec<PlayerResult>,
    round_tallies: Vec<u32>,
    notes: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct PlayerResult {
    name: String,
    faction: String,
    score: u32,
    won: bool,
}

impl tablemate::history::SetAside for Campaign {}
impl GameDoc for Campaign {
    const KIND: Kind = Kind::FurnaceDuel;

    fn summary(&self) -> String {
        format!("{}: {} sessions", self.name, self.sessions.len())
    }

    fn validate(&self) -> Result<(), Invalid> {
        for (i, s) in self.sessions.iter().enumerate() {
            if s.players.is_empty() {
                return Err(Invalid::new(format!("sessions[{i}].players"), "none"));
            }
            if s.players.iter().filter(|p| p.won).count() > 1 {
                return Err(Invalid::new(
                    format!("sessions[{i}].winners"),
                    "more than one",
                ));
            }
        }
        Ok(())
    }
}

fn campaign(sessions: usize) -> Saved<Campaign> {
    const NAMES: [&str; 4] = ["Ada", "Bram", "Cleo", "Dmitri"];
    const FACTIONS: [&str; 4] = ["Ember Guild", "Iron Choir", "Ash Wardens", "Salt Kings"];
    let start = Utc.with_ymd_and_hms(2024, 1, 1, 19, 0, 0).unwrap();
    let sessions = (0..sessions)
        .map(|i| {
            let winner = i % 4;
            Session {
                number: i as u32 + 1,
                played_at: start + chrono::Duration::hours(i as i64 * 30),
                scenario: format!("Scenario {}: The Burning Pass", i % 12 + 1),
                players: (0..4)
                    .map(|p| PlayerResult {
                        name: NAMES[p].to_string(),
                        faction: FACTIONS[(p + i) % 4].to_string(),
                        score: ((i * 7 + p * 13) % 90) as u32,
                        won: p == winner,
                    })
                    .collect(),
                round_tallies: (0..6).map(|r| ((i + r * 5) % 17) as u32).collect(),
                notes: format!("Session {}: close game, decided in the last round.", i + 1),
            }
        })
        .collect();
    Saved::new(
        "Winter league",
        "New campaign",
        Campaign {
            name: "Winter league".into(),
            seed: 42,
            sessions,
        },
    )
}

/// The envelope as plain serde sees it: the floor for any load.
#[derive(Deserialize)]
#[allow(dead_code)]
struct BareEnvelope {
    format: String,
    version: u32,
    kind: String,
    saved_at: DateTime<Utc>,
    summary: String,
    data: Saved<Campaign>,
}

fn load(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let big = campaign(10_000);
    store.save("winter", &big).unwrap();
    let bytes = std::fs::read(store.save_path("winter").unwrap()).unwrap();
    eprintln!(
        "large campaign: {} sessions, {:.2} MB on disk",
        big.current().sessions.len(),
        bytes.len() as f64 / 1e6
    );
    assert_eq!(store.load::<Campaign>("winter").unwrap(), big);

    let mut g = c.benchmark_group("load");
    g.sample_size(20).measurement_time(Duration::from_secs(8));
    g.bench_function("bare_serde_json", |b| {
        b.iter(|| serde_json::from_slice::<BareEnvelope>(black_box(&bytes)).unwrap())
    });
    g.bench_function("envelope_open_as", |b| {
        b.iter(|| tablemate::store::envelope::open_as::<Campaign>(black_box(&bytes)).unwrap())
    });
    g.bench_function("store_load", |b| {
        b.iter(|| store.load::<Campaign>(black_box("winter")).unwrap())
    });
    g.finish();
}

fn save(c: &mut Criterion) {
    let dir = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let store = Store::open(dir.path()).unwrap();
    let typical = campaign(50);
    let big = campaign(10_000);
    store.save("typical", &typical).unwrap();
    store.save("winter", &big).unwrap();
    eprintln!(
        "typical campaign: {} sessions, {:.1} KB on disk",
        typical.current().sessions.len(),
        std::fs::metadata(store.save_path("typical").unwrap())
            .unwrap()
            .len() as f64
            / 1e3
    );

    let mut g = c.benchmark_group("save");
    g.sample_size(20).measurement_time(Duration::from_secs(8));
    g.bench_function("store_save_typical_50_sessions", |b| {
        b.iter(|| store.save("typical", black_box(&typical)).unwrap())
    });
    g.bench_function("store_save_large_10000_sessions", |b| {
        b.iter(|| store.save("winter", black_box(&big)).unwrap())
    });
    // The floor any durable save pays: encode, write a new file, fsync it, rename it over the
    // old one, fsync the folder. No validation, no backup.
    let floor = dir.path().join("floor.json");
    g.bench_function("bare_fsync_write_typical_50_sessions", |b| {
        b.iter(|| {
            let bytes = serde_json::to_vec_pretty(black_box(&typical)).unwrap();
            let tmp = dir.path().join(".floor.tmp");
            let mut f = std::fs::File::create(&tmp).unwrap();
            std::io::Write::write_all(&mut f, &bytes).unwrap();
            f.sync_all().unwrap();
            drop(f);
            std::fs::rename(&tmp, &floor).unwrap();
            std::fs::File::open(dir.path()).unwrap().sync_all().unwrap();
        })
    });
    g.bench_function("bare_to_vec_pretty_large", |b| {
        b.iter(|| serde_json::to_vec_pretty(black_box(&big)).unwrap())
    });
    g.finish();
}

/// The version 2 layout: every history entry whole.
#[derive(Serialize)]
struct V2<'a, T> {
    format: &'static str,
    version: u32,
    kind: Kind,
    saved_at: DateTime<Utc>,
    summary: String,
    data: V2Data<'a, T>,
}

#[derive(Serialize)]
struct V2Data<'a, T> {
    title: &'a str,
    history: V2History<T>,
}

#[derive(Serialize)]
struct V2History<T> {
    entries: Vec<V2Entry<T>>,
    cursor: usize,
    capacity: usize,
}

#[derive(Serialize)]
struct V2Entry<T> {
    label: String,
    at: chrono::DateTime<Utc>,
    state: T,
}

fn v2_bytes<T: GameDoc>(saved: &Saved<T>) -> Vec<u8> {
    serde_json::to_vec_pretty(&V2 {
        format: "tablemate",
        version: 2,
        kind: T::KIND,
        saved_at: Utc::now(),
        summary: saved.summary(),
        data: V2Data {
            title: &saved.title,
            history: V2History {
                entries: (0..saved.history.len())
                    .map(|i| V2Entry {
                        label: saved.history.entries()[i].label.clone(),
                        at: saved.history.entries()[i].at,
                        state: saved.history.state(i).unwrap().clone(),
                    })
                    .collect(),
                cursor: saved.history.cursor(),
                capacity: 400,
            },
        },
    })
    .unwrap()
}

fn autosave_game<T: GameDoc + PartialEq>(
    c: &mut Criterion,
    name: &str,
    build: impl Fn(usize) -> Saved<T>,
) {
    let dir = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let store = Store::open(dir.path()).unwrap();
    let mut g = c.benchmark_group("autosave");
    g.sample_size(20).measurement_time(Duration::from_secs(3));
    for n in [10, 100, 400] {
        let saved = build(n);
        assert_eq!(
            saved.history.len(),
            n,
            "{name}: the game ended before {n} entries"
        );
        let id = format!("{name}-{n}");
        store.save(&id, &saved).unwrap();
        let size = std::fs::metadata(store.save_path(&id).unwrap())
            .unwrap()
            .len();
        let old = v2_bytes(&saved);
        let loaded: Saved<T> = store.load(&id).unwrap();
        assert!(
            loaded == saved,
            "{name}-{n} does not load back to what was played"
        );
        eprintln!(
            "{name} {n} entries: {:.1} KB on disk (version 2 layout: {:.1} KB)",
            size as f64 / 1e3,
            old.len() as f64 / 1e3
        );
        g.bench_function(format!("{name}_{n}"), |b| {
            b.iter(|| store.save(&id, black_box(&saved)).unwrap())
        });
        let dest = dir.path().join(format!("v2-{id}.json"));
        g.bench_function(format!("v2_layout_{name}_{n}"), |b| {
            b.iter(|| {
                tablemate::store::write_file(&dest, &v2_bytes(black_box(&saved)), true).unwrap()
            })
        });
        if n == 400 {
            g.bench_function(format!("prepare_{name}_{n}"), |b| {
                b.iter(|| Prepared::new(black_box(&saved)).unwrap())
            });
            g.bench_function(format!("load_{name}_{n}"), |b| {
                b.iter(|| store.load::<T>(black_box(&id)).unwrap())
            });
        }
    }
    g.finish();
}

fn autosave(c: &mut Criterion) {
    autosave_game(c, "worldspanner", |n| long_games::worldspanner(n, 3));
    autosave_game(c, "furtherance", |n| long_games::furtherance(n, 3));
}

/// One `Gold` +1 for the first Skyhawk: accepted at any step, cheap in the engine, so what is
/// measured is the store's path around it.
const GOLD: &str = r#"{"action":"gold","hero":{"team":"skyhawks","hero":0},"change":1}"#;

/// A Worldspanner save of exactly `n` entries in `store`, as `ws-<n>`, and its size in bytes.
fn put_worldspanner(store: &Store, n: usize) -> (String, u64) {
    // A played game ends near 600 entries: it is reopened for corrections, and the rest
    // are hand edits of a hero's gold.
    let mut saved = long_games::worldspanner_kept(n, 3, n);
    if saved.history.len() < n {
        let _ = saved.act(tablemate::worldspanner::Action::Reopen {});
    }
    while saved.history.len() < n {
        let gold: tablemate::worldspanner::Action = serde_json::from_str(GOLD).unwrap();
        saved.act(gold).expect("gold can be given at any time");
    }
    let id = format!("ws-{n}");
    store.save(&id, &saved).unwrap();
    let applied = store.act(&id, &[GOLD.to_string()]).unwrap();
    assert!(applied.refused.is_none(), "{:?}", applied.refused);
    let size = std::fs::metadata(store.save_path(&id).unwrap())
        .unwrap()
        .len();
    (id, size)
}

const SIZES: [usize; 3] = [10, 400, 1000];
/// Rounds for the side-by-side medians.
const ROUNDS: usize = 15;

/// Medians of `ROUNDS` runs of `f` for each of `SIZES`, taken side by side: every round runs
/// each size once in turn, so a change in the machine's load falls on all of them alike.
fn medians(f: &dyn Fn(usize)) -> Vec<Duration> {
    let mut times = vec![Vec::with_capacity(ROUNDS); SIZES.len()];
    for _ in 0..ROUNDS {
        for (i, n) in SIZES.iter().enumerate() {
            let start = std::time::Instant::now();
            f(*n);
            times[i].push(start.elapsed());
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect()
}

fn print_ratios(what: &str, medians: &[Duration]) {
    for (n, m) in SIZES.iter().zip(medians) {
        eprintln!(
            "{what} at {n} entries: median of {ROUNDS} {m:.2?} ({:.2}x of 10)",
            m.as_secs_f64() / medians[0].as_secs_f64()
        );
    }
}

/// In-process: `Store::act` and `Store::check_save`, what the commands do once the store is
/// open.
fn act_and_check(c: &mut Criterion) {
    let dir = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let store = Store::open(dir.path()).unwrap();
    for n in SIZES {
        let (_, size) = put_worldspanner(&store, n);
        eprintln!("worldspanner {n} entries: {:.1} KB", size as f64 / 1e3);
    }
    let act = |id: &str| store.act(id, &[GOLD.to_string()]).unwrap();
    let check = |id: &str| store.check_save(id).unwrap();
    // Medians side by side first, so the ratios come from one run on one machine state.
    print_ratios(
        "in-process act",
        &medians(&|n| drop(act(&format!("ws-{n}")))),
    );
    print_ratios(
        "in-process check",
        &medians(&|n| drop(check(&format!("ws-{n}")))),
    );
    type Path<'a> = &'a dyn Fn(&str);
    let paths: [(&str, Path); 2] = [
        ("act", &|id| drop(act(id))),
        ("check", &|id| drop(check(id))),
    ];
    for (name, path) in paths {
        let mut g = c.benchmark_group(name);
        g.sample_size(20).measurement_time(Duration::from_secs(5));
        for n in SIZES {
            let id = format!("ws-{n}");
            g.bench_function(format!("worldspanner_{n}"), |b| {
                b.iter(|| path(black_box(&id)))
            });
        }
        g.finish();
    }
}

/// The real commands, each a whole process as a player or a script runs it:
/// `tablemate act ws-<n> GOLD` and `tablemate check ws-<n>`, on the same saves as
/// `act_and_check`, and `tablemate where` (starting a process and opening nothing: the floor).
///
/// With `TABLEMATE_BENCH_SAVES=DIR` it only writes the saves into the data folder DIR and
/// stops measuring: for counting instructions with callgrind (docs/store.md).
fn commands(c: &mut Criterion) {
    let dir = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let only_saves = std::env::var_os("TABLEMATE_BENCH_SAVES");
    let home = only_saves
        .as_ref()
        .map_or(dir.path().to_path_buf(), std::path::PathBuf::from);
    {
        // Made with a store that is then closed: the commands take the folder's lock.
        let store = Store::open(&home).unwrap();
        for n in SIZES {
            put_worldspanner(&store, n);
        }
    }
    if only_saves.is_some() {
        eprintln!("saves ws-10, ws-400, ws-1000 written in {}", home.display());
        return;
    }
    let run = move |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablemate"))
            .args(args)
            .env("TABLEMATE_HOME", &home)
            .output()
            .expect("tablemate runs");
        assert!(
            out.status.success(),
            "tablemate {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let act = |id: &str| run(&["act", id, GOLD]);
    let check = |id: &str| run(&["check", id]);
    let floor = medians(&|_| run(&["where"]));
    eprintln!(
        "process floor (`tablemate where`): median of {ROUNDS} {:.2?}",
        floor[0]
    );
    print_ratios("`tablemate act`", &medians(&|n| act(&format!("ws-{n}"))));
    print_ratios(
        "`tablemate check`",
        &medians(&|n| check(&format!("ws-{n}"))),
    );
    type Path<'a> = &'a dyn Fn(&str);
    let paths: [(&str, Path); 2] = [("command_act", &act), ("command_check", &check)];
    for (name, path) in paths {
        let mut g = c.benchmark_group(name);
        g.sample_size(10).measurement_time(Duration::from_secs(5));
        for n in SIZES {
            let id = format!("ws-{n}");
            g.bench_function(format!("worldspanner_{n}"), |b| {
                b.iter(|| path(black_box(&id)))
            });
        }
        g.finish();
    }
}

/// Real play at 10, 1,000 and 10,000 entries (issue 29): the greedy simulated player's
/// Furtherance game (hand edits after a decided game let it go on) and a random Worldspanner
/// game (reopened after its end), each history exactly n entries long.
const REAL_SIZES: [usize; 3] = [10, 1_000, 10_000];
/// Rounds for the real-play medians (each round runs every size once, side by side).
const REAL_ROUNDS: usize = 9;

/// An action each game accepts at any point of these saves: a hand edit of the player's gold.
fn real_edit(kind: &str) -> &'static str {
    match kind {
        "furtherance" => r#"{"action":"set-gold","gold":7}"#,
        _ => GOLD,
    }
}

fn put_real(store: &Store, kind: &str, n: usize) -> (String, u64) {
    let id = format!("{kind}-real-{n}");
    match kind {
        "furtherance" => {
            let saved = long_games::furtherance_greedy(n, 3);
            // The 8 MB bound on the bytes kept may stop a very long history a little short.
            assert!(saved.history.len() * 10 >= n * 9, "{}", saved.history.len());
            eprintln!("furtherance: {} entries", saved.history.len());
            store.save(&id, &saved).unwrap();
        }
        _ => {
            let saved = long_games::worldspanner_real(n, 3);
            assert!(saved.history.len() * 10 >= n * 9, "{}", saved.history.len());
            eprintln!("worldspanner: {} entries", saved.history.len());
            store.save(&id, &saved).unwrap();
        }
    }
    // Once through `act`, so the file is as the store lays out a save it changed.
    let applied = store.act(&id, &[real_edit(kind).to_string()]).unwrap();
    assert!(applied.refused.is_none(), "{:?}", applied.refused);
    let size = std::fs::metadata(store.save_path(&id).unwrap())
        .unwrap()
        .len();
    (id, size)
}

/// Median of `REAL_ROUNDS` timed runs of `timed` per size, side by side; `untimed` runs after
/// each (to put the save back as it was).
fn real_medians(timed: &dyn Fn(usize), untimed: &dyn Fn(usize)) -> Vec<Duration> {
    let mut times = vec![Vec::with_capacity(REAL_ROUNDS); REAL_SIZES.len()];
    for _ in 0..REAL_ROUNDS {
        for (i, n) in REAL_SIZES.iter().enumerate() {
            let start = std::time::Instant::now();
            timed(*n);
            times[i].push(start.elapsed());
            untimed(*n);
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect()
}

/// `act`, `check`, `history` and `undo 1` in process (what the commands do once the store is
/// open) on saves from real play; prints a table of medians and ratios to 10 entries. Set
/// `TABLEMATE_BENCH_REAL_ONLY=1` to skip the other groups' long criterion runs.
fn real_play(_c: &mut Criterion) {
    let dir = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let store = Store::open(dir.path()).unwrap();
    eprintln!("| game | op | 10 | 1,000 | 10,000 | 1,000 / 10 | 10,000 / 10 |");
    eprintln!("|---|---|---|---|---|---|---|");
    for kind in ["furtherance", "worldspanner"] {
        let mut sizes = Vec::new();
        for n in REAL_SIZES {
            let (_, size) = put_real(&store, kind, n);
            sizes.push(format!("{:.0} KB", size as f64 / 1e3));
        }
        eprintln!("| {kind} | file | {} | | |", sizes.join(" | "));
        let id = |n: usize| format!("{kind}-real-{n}");
        let edit = real_edit(kind).to_string();
        let nothing = |_: usize| {};
        let rows: [(&str, Vec<Duration>); 4] = [
            (
                "act",
                real_medians(
                    &|n| drop(store.act(&id(n), std::slice::from_ref(&edit)).unwrap()),
                    &nothing,
                ),
            ),
            (
                "check",
                real_medians(&|n| drop(store.check_save(&id(n)).unwrap()), &nothing),
            ),
            (
                "history",
                real_medians(&|n| drop(store.history(&id(n)).unwrap()), &nothing),
            ),
            (
                "undo 1",
                real_medians(&|n| drop(store.undo(&id(n), 1).unwrap()), &|n| {
                    drop(store.redo(&id(n)).unwrap())
                }),
            ),
        ];
        for (op, m) in rows {
            let base = m[0].as_secs_f64();
            eprintln!(
                "| {kind} | {op} | {:.2?} | {:.2?} | {:.2?} | {:.2}x | {:.2}x |",
                m[0],
                m[1],
                m[2],
                m[1].as_secs_f64() / base,
                m[2].as_secs_f64() / base
            );
        }
    }
}

fn real_only() -> bool {
    std::env::var_os("TABLEMATE_BENCH_REAL_ONLY").is_some()
}

fn others(c: &mut Criterion) {
    if real_only() {
        return;
    }
    act_and_check(c);
    commands(c);
    autosave(c);
    load(c);
    save(c);
}

criterion_group!(benches, real_play, others);
criterion_main!(benches);
