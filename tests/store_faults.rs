//! Fault tests of the store: each test is named after the promise it proves.
//!
//! - A save killed at any point leaves the old or the new version, whole, never a mix.
//! - A damaged file is reported with its path and the reason, listed as damaged, and never
//!   overwritten or changed.
//! - A second instance opens read-only, names the holder, and never writes.
//! - Backups are bounded, restores and deletions can be undone, imports validate everything
//!   first and never overwrite, exports never overwrite unasked.
//! - Old save formats are migrated on load; unknown future ones are refused.
//! - The CLI exposes all of it.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use tablemate::cli::{self, Cli};
use tablemate::doc::{Kind, Saved};
use tablemate::furnace_duel::SaveData;
use tablemate::store::{self, ListingStatus, Problem, Store, StoreError};

// ---------------------------------------------------------------------------------------------
// Helpers

/// A real save (a Furnace Duel campaign) carrying `notes` in its free-text runner-up note,
/// so the tests run the store's real save, load and validation paths at any size.
fn game(notes: &str) -> Saved<SaveData> {
    let boards = tablemate::furnace_duel::Boards::bundled().expect("bundled boards");
    let mut campaign = SaveData::new(
        ["Ann".to_string(), "Ben".to_string()],
        boards,
        Default::default(),
    )
    .expect("a new campaign");
    campaign
        .set_runner_up_note(notes)
        .expect("the first game takes a note");
    Saved::new("Test game", "New game", campaign)
}

fn note(saved: &Saved<SaveData>) -> String {
    saved
        .current()
        .current()
        .map(|g| g.runner_up_note.clone())
        .unwrap_or_default()
}

fn notes_of(store: &Store, id: &str) -> String {
    store
        .load::<SaveData>(id)
        .unwrap_or_else(|e| panic!("{id} should load: {e}"))
        .current()
        .current()
        .map(|g| g.runner_up_note.clone())
        .unwrap_or_default()
}

/// A save of another kind (an army game) for wrong-kind tests.
fn army_game() -> Saved<tablemate::army::SaveData> {
    let table = tablemate::army::FollowerTable::bundled().expect("bundled follower table");
    let game = tablemate::army::SaveData::new(vec!["Ann".into(), "Ben".into()], table)
        .expect("a new army game");
    Saved::new("Army", "New", game)
}

/// Every file under `root` with its bytes.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, &mut out);
    out
}

/// Temporary files (`.name.pid.tmp`) anywhere under `root`.
fn temporaries(root: &Path) -> Vec<PathBuf> {
    snapshot_names(root)
        .into_iter()
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with('.') && n.ends_with(".tmp")
        })
        .collect()
}

fn snapshot_names(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, &mut out);
    out
}

/// 64-bit FNV-1a, for the crash test's content checksums.
fn fnv64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A small seeded generator (SplitMix64) for the crash test's kill delays.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

// ---------------------------------------------------------------------------------------------
// Crash injection

const CHILD_DIR_ENV: &str = "TABLEMATE_CRASH_CHILD_DIR";
const CRASH_ID: &str = "crash-target";

/// Version `n` of the crash test's save: about 200 KB, the version repeated throughout, its
/// length depending on the version, and a checksum at the end.
fn versioned_notes(n: u64) -> String {
    let len = 200_000 + (n % 7) as usize * 1_111;
    let unit = format!("v{n:08}|");
    let mut body = String::with_capacity(len + unit.len());
    while body.len() < len {
        body.push_str(&unit);
    }
    format!("BEGIN {n}\n{body}\nEND {n} {:016x}", fnv64(body.as_bytes()))
}

/// The version whose whole content `notes` is, or what is wrong with it.
fn whole_version(notes: &str) -> Result<u64, String> {
    let head = notes.lines().next().ok_or("no lines")?;
    let n: u64 = head
        .strip_prefix("BEGIN ")
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("bad header {head:?}"))?;
    let tail = notes.lines().last().unwrap_or_default();
    let mut parts = tail.split(' ');
    let (end, n2, sum) = (parts.next(), parts.next(), parts.next());
    if end != Some("END") || n2 != Some(&n.to_string()) {
        return Err(format!("version {n}: bad footer {tail:?}"));
    }
    let body = notes.lines().nth(1).unwrap_or_default();
    if sum != Some(&format!("{:016x}", fnv64(body.as_bytes()))) {
        return Err(format!("version {n}: checksum does not match the body"));
    }
    if notes != versioned_notes(n) {
        return Err(format!("version {n}: content differs from what was saved"));
    }
    Ok(n)
}

/// Not a test of its own: the process the crash test starts and kills. Without the
/// environment variable it returns at once.
#[test]
fn child_saver() {
    use std::io::Write;
    let Some(dir) = std::env::var_os(CHILD_DIR_ENV) else {
        return;
    };
    let store = Store::open(PathBuf::from(dir)).unwrap();
    assert!(store.read_only().is_none(), "the child must own the folder");
    let mut version = match store.load::<SaveData>(CRASH_ID) {
        Ok(saved) => whole_version(&note(&saved)).unwrap(),
        Err(StoreError::NotFound(_)) => 0,
        Err(e) => panic!("child could not read the save: {e}"),
    };
    // Written straight to the pipe, unbuffered by the test harness, one line at a time.
    let mut out = std::io::stdout().lock();
    loop {
        version += 1;
        let next = game(&versioned_notes(version));
        writeln!(out, "TM saving {version}").unwrap();
        out.flush().unwrap();
        store.save(CRASH_ID, &next).unwrap();
        writeln!(out, "TM saved {version}").unwrap();
        out.flush().unwrap();
    }
}

#[derive(Debug, Default)]
struct CrashStats {
    iterations: usize,
    killed_before_first_save: usize,
    killed_inside_save_old_kept: usize,
    killed_inside_save_new_kept: usize,
    killed_between_saves: usize,
    temporaries_left_by_kill: usize,
    final_version: u64,
}

fn crash_loop(iterations: usize, seed: u64) -> CrashStats {
    let dir = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut rng = SplitMix(seed);
    let mut stats = CrashStats::default();
    let mut known = 0u64;
    for i in 0..iterations {
        let mut child = Command::new(&exe)
            .args(["child_saver", "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD_DIR_ENV, dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(rng.below(120_000)));
        child.kill().unwrap();
        child.wait().unwrap();
        let mut text = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        // The harness may print "test child_saver ... " on the same line as the first one.
        let last = |prefix: &str| {
            text.lines()
                .filter_map(|l| l.find(prefix).map(|at| &l[at + prefix.len()..]))
                .filter_map(|v| v.trim().parse::<u64>().ok())
                .next_back()
        };
        let old = last("TM saved ").unwrap_or(known);
        let new = last("TM saving ").unwrap_or(old).max(old);

        let leftovers = temporaries(dir.path());
        if !leftovers.is_empty() {
            stats.temporaries_left_by_kill += 1;
        }

        // The killed child's lock is gone: this process owns the folder now.
        let store = Store::open(dir.path()).unwrap();
        assert!(
            store.read_only().is_none(),
            "iteration {i}: the lock of a killed process must be released"
        );
        assert_eq!(
            temporaries(dir.path()),
            Vec::<PathBuf>::new(),
            "iteration {i}: opening the store sweeps what the killed writer left"
        );
        let on_disk = match store.load::<SaveData>(CRASH_ID) {
            Ok(saved) => whole_version(&note(&saved))
                .unwrap_or_else(|e| panic!("iteration {i}: partial save: {e}")),
            Err(StoreError::NotFound(_)) if old == 0 => 0,
            Err(e) => panic!("iteration {i}: the save does not load after a kill: {e}"),
        };
        assert!(
            on_disk == old || on_disk == new,
            "iteration {i}: on disk is version {on_disk}, expected old {old} or new {new}"
        );
        for listing in store.list() {
            assert!(
                listing.kind().is_some(),
                "iteration {i}: {} listed as damaged: {:?}",
                listing.id,
                listing.status
            );
        }
        for backup in store.backups(CRASH_ID).unwrap() {
            let opened = store::read_envelope(&backup.path)
                .unwrap_or_else(|e| panic!("iteration {i}: backup damaged: {e}"));
            let saved: Saved<SaveData> = serde_json::from_str(&opened.data).unwrap();
            let v = whole_version(&note(&saved))
                .unwrap_or_else(|e| panic!("iteration {i}: partial backup: {e}"));
            assert!(v <= on_disk, "a backup is never newer than the save");
        }
        drop(store);

        if last("TM saving ").is_none() {
            stats.killed_before_first_save += 1;
        } else if new == old {
            stats.killed_between_saves += 1;
        } else if on_disk == old {
            stats.killed_inside_save_old_kept += 1;
        } else {
            stats.killed_inside_save_new_kept += 1;
        }
        known = on_disk;
        stats.iterations += 1;
    }
    stats.final_version = known;
    stats
}

#[test]
fn a_killed_save_leaves_old_or_new_never_partial() {
    let started = Instant::now();
    let stats = crash_loop(200, 0x7ab1_e3a7e);
    eprintln!("crash test: {stats:?} in {:.1?}", started.elapsed());
    assert_eq!(stats.iterations, 200);
    assert!(
        stats.killed_inside_save_old_kept + stats.killed_inside_save_new_kept >= 20,
        "too few kills landed inside a save to prove anything: {stats:?}"
    );
    assert!(stats.final_version > 20, "saves made progress: {stats:?}");
}

#[test]
#[ignore = "1,000 kills, about 90 seconds; run with --ignored"]
fn a_killed_save_leaves_old_or_new_never_partial_1000_kills() {
    let started = Instant::now();
    let stats = crash_loop(1_000, 0x5eed_1000);
    eprintln!("crash test: {stats:?} in {:.1?}", started.elapsed());
    assert_eq!(stats.iterations, 1_000);
    assert!(stats.killed_inside_save_old_kept + stats.killed_inside_save_new_kept >= 100);
}

#[test]
fn opening_the_store_sweeps_temporaries_a_crashed_writer_left() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        store.save("g", &game("one")).unwrap();
        store.save("g", &game("two")).unwrap();
    }
    let left = [
        dir.path().join("saves/.g.json.4242.tmp"),
        dir.path().join(".settings.json.4242.tmp"),
        dir.path()
            .join("backups/g/.2026-01-01T00h00h00.000Z.json.4242.tmp"),
    ];
    for p in &left {
        std::fs::write(p, b"half a save").unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
    assert_eq!(notes_of(&store, "g"), "two");
}

#[test]
fn a_read_only_instance_leaves_the_writers_temporaries_alone() {
    let dir = tempfile::tempdir().unwrap();
    let _writer = Store::open(dir.path()).unwrap();
    let in_flight = dir.path().join("saves/.g.json.4242.tmp");
    std::fs::write(&in_flight, b"being written").unwrap();
    let reader = Store::open(dir.path()).unwrap();
    assert!(reader.read_only().is_some());
    assert!(in_flight.exists(), "a read-only instance must not sweep");
}

// ---------------------------------------------------------------------------------------------
// Bad-file corpus

const GOOD_SAVED_AT: &str = "2026-03-01T10:00:00Z";

fn envelope_text(format: &str, version: &str, kind: &str, data: &str) -> String {
    format!(
        "{{\n  \"format\": {format},\n  \"version\": {version},\n  \"kind\": {kind},\n  \
         \"saved_at\": \"{GOOD_SAVED_AT}\",\n  \"summary\": \"x\",\n  \"data\": {data}\n}}"
    )
}

/// The `data` of a good save, compact on one line.
fn good_data() -> String {
    serde_json::to_string(&game("hello")).unwrap()
}

/// A file that must be refused, and words the refusal must contain.
struct BadCase {
    name: &'static str,
    bytes: Vec<u8>,
    expect: Vec<String>,
    /// Builds the file itself (the sparse 64 MiB one).
    sparse_len: Option<u64>,
}

fn bad_corpus() -> Vec<BadCase> {
    let good = envelope_text("\"tablemate\"", "2", "\"furnace-duel\"", &good_data());
    let mut invalid_utf8 = good.clone().into_bytes();
    let at = good.find("hello").unwrap();
    invalid_utf8[at + 1] = 0xff;
    let mut garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    garbage[0] = 0x00;
    garbage[1] = 0xfe;
    let nest = 10 * 1024 * 1024;
    let mut deep_data = envelope_text("\"tablemate\"", "2", "\"furnace-duel\"", "");
    deep_data.truncate(deep_data.len() - 2);
    deep_data.push_str(&"[".repeat(nest));
    let case = |name, bytes: Vec<u8>, expect: &[&str]| BadCase {
        name,
        bytes,
        expect: expect.iter().map(|s| s.to_string()).collect(),
        sparse_len: None,
    };
    let utf8_offset = format!("offset {}", at + 1);
    vec![
        case(
            "truncated",
            good.as_bytes()[..good.len() / 2].to_vec(),
            &["ends too early", "truncated"],
        ),
        case("empty", Vec::new(), &["the file is empty"]),
        case(
            "whitespace",
            b" \n\t\r\n   \n".to_vec(),
            &["the file is empty"],
        ),
        case("binary-garbage", garbage, &["not UTF-8", "offset 1"]),
        case("invalid-utf8", invalid_utf8, &["not UTF-8", &utf8_offset]),
        case(
            "control-characters",
            b"\x01\x02\x03\x04 tablemate".to_vec(),
            &["not valid JSON", "line 1"],
        ),
        case(
            "wrong-version",
            envelope_text("\"tablemate\"", "99", "\"furnace-duel\"", &good_data()).into_bytes(),
            &["version 99", "does not know"],
        ),
        case(
            "unknown-kind",
            envelope_text("\"tablemate\"", "2", "\"chess\"", &good_data()).into_bytes(),
            &["kind \"chess\"", "does not know"],
        ),
        case(
            "wrong-format",
            envelope_text("\"spreadsheet\"", "2", "\"furnace-duel\"", &good_data()).into_bytes(),
            &["not a Tablemate save", "its format is \"spreadsheet\""],
        ),
        case(
            "no-format",
            br#"{"name": "a shopping list", "items": [1, 2]}"#.to_vec(),
            &["not a Tablemate save", "no \"format\": \"tablemate\" field"],
        ),
        case(
            "missing-data",
            good.replace("\"data\"", "\"payload\"").into_bytes(),
            &["no \"data\" field"],
        ),
        case(
            "nested-10mb",
            "[".repeat(nest).into_bytes(),
            &["not valid JSON"],
        ),
        case(
            "nested-10mb-unclosed-in-data",
            deep_data.into_bytes(),
            &["not valid JSON", "ends too early"],
        ),
        case(
            "nested-10mb-closed-in-data",
            envelope_text(
                "\"tablemate\"",
                "2",
                "\"furnace-duel\"",
                &good_data().replace(
                    "\"hello\"",
                    &format!("{}{}", "[".repeat(nest / 2), "]".repeat(nest / 2)),
                ),
            )
            .into_bytes(),
            &["fails validation", "expected a string"],
        ),
        case(
            "nested-10mb-closed-in-version-1-data",
            envelope_text(
                "\"tablemate\"",
                "1",
                "\"furnace-duel\"",
                &format!(
                    "{{\"notes\": {}{}}}",
                    "[".repeat(nest / 2),
                    "]".repeat(nest / 2)
                ),
            )
            .into_bytes(),
            &["not valid JSON", "recursion limit"],
        ),
        case(
            "nested-objects-in-data",
            envelope_text(
                "\"tablemate\"",
                "2",
                "\"furnace-duel\"",
                &"{\"a\":".repeat(200_000),
            )
            .into_bytes(),
            &["not valid JSON", "syntax error", "line 8"],
        ),
        case(
            "huge-exponent",
            envelope_text(
                "\"tablemate\"",
                "1e999999",
                "\"furnace-duel\"",
                &good_data(),
            )
            .into_bytes(),
            &["not valid JSON", "number out of range"],
        ),
        case(
            "huge-integer-version",
            envelope_text(
                "\"tablemate\"",
                "99999999999999999999999",
                "\"furnace-duel\"",
                &good_data(),
            )
            .into_bytes(),
            &["not valid JSON", "expected u64"],
        ),
        case(
            "huge-integer-cursor",
            envelope_text(
                "\"tablemate\"",
                "2",
                "\"furnace-duel\"",
                &good_data().replace("\"cursor\":0", "\"cursor\":99999999999999999999999"),
            )
            .into_bytes(),
            &["fails validation", "floating point"],
        ),
        case(
            "cursor-out-of-range",
            envelope_text(
                "\"tablemate\"",
                "2",
                "\"furnace-duel\"",
                &good_data().replace("\"cursor\":0", "\"cursor\":7"),
            )
            .into_bytes(),
            &["fails validation", "entry 7"],
        ),
        case(
            "version-too-big-for-u32",
            envelope_text(
                "\"tablemate\"",
                "4294967298",
                "\"furnace-duel\"",
                &good_data(),
            )
            .into_bytes(),
            &["version 4294967298", "does not know"],
        ),
        case(
            "negative-version",
            envelope_text("\"tablemate\"", "-1", "\"furnace-duel\"", &good_data()).into_bytes(),
            &["not valid JSON", "-1"],
        ),
        case(
            "missing-saved-at",
            good.replace("\"saved_at\"", "\"written\"").into_bytes(),
            &["no \"saved_at\" field"],
        ),
        case(
            "data-not-a-game",
            envelope_text("\"tablemate\"", "2", "\"furnace-duel\"", "[1, 2, 3]").into_bytes(),
            &["fails validation"],
        ),
        BadCase {
            name: "over-64-mib",
            bytes: Vec::new(),
            expect: vec![
                "67108865 bytes".into(),
                "larger than any Tablemate file".into(),
            ],
            sparse_len: Some(64 * 1024 * 1024 + 1),
        },
    ]
}

/// The message with very long runs of one character (the nesting cases) cut short.
fn shorten(message: &str) -> String {
    message.chars().take(300).collect()
}

fn write_case(dir: &Path, case: &BadCase) -> PathBuf {
    let path = dir.join(format!("{}.json", case.name));
    std::fs::write(&path, &case.bytes).unwrap();
    if let Some(len) = case.sparse_len {
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(len).unwrap();
    }
    path
}

fn assert_names(message: &str, path: &Path, case: &BadCase) {
    assert!(
        message.contains(&path.display().to_string()),
        "{}: the error must name the file: {message}",
        case.name
    );
    for word in &case.expect {
        assert!(
            message.contains(word.as_str()),
            "{}: the error must say {word:?}: {message}",
            case.name
        );
    }
}

#[test]
fn damaged_file_is_rejected_with_its_path_and_reason_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let corpus = bad_corpus();
    let mut paths = Vec::new();
    for case in &corpus {
        let path = write_case(&store.saves_dir(), case);
        let before = std::fs::read(&path).unwrap();
        let modified = std::fs::metadata(&path).unwrap().modified().unwrap();

        // load, open_save and check_file all refuse it, naming the file and the problem.
        let err = store.load::<SaveData>(case.name).unwrap_err();
        assert!(
            matches!(&err, StoreError::Bad { path: p, .. } if *p == path),
            "{}: {err:?}",
            case.name
        );
        assert_names(&err.to_string(), &path, case);
        let err = store.open_save(case.name).unwrap_err();
        assert_names(&err.to_string(), &path, case);
        let err = store::check_file(&path).unwrap_err();
        assert_names(&err.to_string(), &path, case);
        eprintln!("{:<38} {}", case.name, shorten(&err.to_string()));

        // Saving over it is refused, naming the file.
        let err = store.save(case.name, &game("new")).unwrap_err();
        assert!(
            matches!(&err, StoreError::WouldOverwriteDamaged { path: p, .. } if *p == path),
            "{}: {err:?}",
            case.name
        );
        assert_names(&err.to_string(), &path, case);

        // Restoring nothing, importing the file elsewhere: refused too.
        let other = tempfile::tempdir().unwrap();
        let other_store = Store::open(other.path()).unwrap();
        let err = other_store.import(&path).unwrap_err();
        assert_names(&err.to_string(), &path, case);
        assert!(
            other_store.list().is_empty(),
            "{}: nothing imported",
            case.name
        );

        assert!(
            std::fs::read(&path).unwrap() == before,
            "{}: the file must be untouched",
            case.name
        );
        assert_eq!(
            std::fs::metadata(&path).unwrap().modified().unwrap(),
            modified,
            "{}: not even rewritten",
            case.name
        );
        paths.push((case, path, before));
    }

    // Listed, every one, as damaged with the same reason.
    let listings = store.list();
    assert_eq!(listings.len(), corpus.len());
    for (case, path, _) in &paths {
        let l = listings.iter().find(|l| l.id == case.name).unwrap();
        assert_eq!(&l.path, path);
        match &l.status {
            ListingStatus::Damaged { problem, modified } => {
                assert!(modified.is_some());
                for word in &case.expect {
                    assert!(
                        problem.to_string().contains(word.as_str()),
                        "{}: listing says {problem}",
                        case.name
                    );
                }
            }
            ok => panic!("{} listed as good: {ok:?}", case.name),
        }
    }
    // And nothing in the folder changed except what the store owns.
    for (case, path, before) in &paths {
        assert!(
            std::fs::read(path).unwrap() == *before,
            "{}: untouched after listing",
            case.name
        );
    }
    assert!(store.backups("truncated").unwrap().is_empty());
}

#[test]
fn damaged_file_problems_are_specific() {
    use tablemate::store::envelope::open;
    let env = |v: &str, k: &str| envelope_text("\"tablemate\"", v, k, &good_data()).into_bytes();
    assert_eq!(open(b"").unwrap_err(), Problem::Empty);
    assert_eq!(
        open(&env("99", "\"furnace-duel\"")).unwrap_err(),
        Problem::UnknownVersion(99)
    );
    assert_eq!(
        open(&env("2", "\"chess\"")).unwrap_err(),
        Problem::UnknownKind("chess".into())
    );
    let no_data = String::from_utf8(env("2", "\"furnace-duel\""))
        .unwrap()
        .replace("\"data\"", "\"dat\"");
    assert_eq!(
        open(no_data.as_bytes()).unwrap_err(),
        Problem::Missing("data")
    );
    assert!(matches!(
        open(b"{\"format\": \"tablemate\", \"version\": 2"),
        Err(Problem::NotJson(m)) if m.contains("truncated")
    ));
    assert!(matches!(
        open(b"\xff\xfe{}"),
        Err(Problem::NotUtf8 { offset: 0 })
    ));
}

#[test]
fn errors_point_at_the_right_line_and_column_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let big = "99999999999999999999999";
    let text = envelope_text(
        "\"tablemate\"",
        "2",
        "\"furnace-duel\"",
        &good_data().replace("\"cursor\":0", &format!("\"cursor\":{big}")),
    );
    std::fs::write(store.save_path("g").unwrap(), &text).unwrap();
    let file_line = text.lines().position(|l| l.contains(big)).unwrap() + 1;
    let column = text.lines().nth(file_line - 1).unwrap().find(big).unwrap() + big.len();
    let want = format!("(line {file_line} column {column})");
    for msg in [
        store.load::<SaveData>("g").unwrap_err().to_string(),
        store.open_save("g").unwrap_err().to_string(),
    ] {
        assert!(msg.contains(&want), "{msg} should say {want}");
        assert_eq!(
            msg.matches("line").count(),
            1,
            "one position, not two: {msg}"
        );
    }

    // Errors in the envelope itself, and in version 1 data parsed for migration.
    let text = "{\n  \"format\": \"tablemate\",\n  \"version\": 1,\n  \"kind\": \"furnace-duel\",\n  \
                \"saved_at\": \"2026-03-01T10:00:00Z\",\n  \"data\": {\"notes\": 1e999999}\n}";
    std::fs::write(store.save_path("g").unwrap(), text).unwrap();
    let msg = store.load::<SaveData>("g").unwrap_err().to_string();
    let column = text.lines().nth(5).unwrap().find("1e999999").unwrap() + "1e999999".len();
    assert!(
        msg.contains(&format!("at line 6 column {column}: number out of range")),
        "{msg}"
    );
}

#[test]
fn a_save_of_another_kind_is_refused_by_load_with_both_kinds_named() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("a", &army_game()).unwrap();
    let err = store.load::<SaveData>("a").unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("expected a furnace-duel save, found a army save"),
        "{msg}"
    );
    assert!(msg.contains("a.json"), "{msg}");
}

#[test]
fn bad_ids_never_reach_the_file_system() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    for id in ["", "../escape", "a/b", "a.json", "con:", &"x".repeat(121)] {
        assert!(
            matches!(store.save(id, &game("x")), Err(StoreError::BadId(_))),
            "{id:?}"
        );
        assert!(
            matches!(store.load::<SaveData>(id), Err(StoreError::BadId(_))),
            "{id:?}"
        );
        assert!(
            matches!(store.delete(id), Err(StoreError::BadId(_))),
            "{id:?}"
        );
    }
    assert!(!dir.path().join("escape.json").exists());
    assert!(store.list().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Lock

#[test]
fn a_second_instance_is_read_only_names_the_holder_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let first = Store::open(dir.path()).unwrap();
    assert!(first.read_only().is_none());
    first.save("g", &game("one")).unwrap();
    first.save("g", &game("two")).unwrap();
    let backup = first.backups("g").unwrap()[0].name.clone();
    let import_src = tempfile::tempdir().unwrap();
    let import_file = import_src.path().join("other.json");
    first.export("g", &import_file, false).unwrap();

    let before = snapshot(dir.path());
    let second = Store::open(dir.path()).unwrap();
    let holder = second
        .read_only()
        .expect("the second instance must be read-only");
    assert!(
        holder
            .description
            .contains(&format!("process {}", std::process::id())),
        "names the holder: {holder:?}"
    );

    let read_only = |r: Result<(), StoreError>, what: &str| match r {
        Err(e @ StoreError::ReadOnly { .. }) => {
            let msg = e.to_string();
            assert!(
                msg.contains(&std::process::id().to_string()),
                "{what}: {msg}"
            );
            assert!(msg.contains("read-only"), "{what}: {msg}");
        }
        other => panic!("{what} must be refused as read-only: {other:?}"),
    };
    read_only(second.save("g", &game("three")), "save");
    read_only(second.save("new", &game("three")), "save new");
    read_only(second.delete("g"), "delete");
    read_only(second.import(&import_file).map(|_| ()), "import");
    read_only(second.restore_backup("g", &backup).map(|_| ()), "restore");
    read_only(
        second.write_settings(&serde_json::json!({"theme": "dark"})),
        "settings",
    );
    read_only(
        second.write_data("data/rules/army.json", b"{}").map(|_| ()),
        "data",
    );
    // Reading still works.
    assert_eq!(notes_of(&second, "g"), "two");
    assert_eq!(second.list().len(), 1);
    assert_eq!(
        snapshot(dir.path()),
        before,
        "the read-only instance wrote something"
    );

    // Once the first instance goes, the folder can be taken.
    drop(second);
    drop(first);
    let third = Store::open(dir.path()).unwrap();
    assert!(third.read_only().is_none());
    third.save("g", &game("three")).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Backups

#[test]
fn saving_keeps_the_previous_version_as_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("one")).unwrap();
    assert!(
        store.backups("g").unwrap().is_empty(),
        "nothing to back up yet"
    );
    store.save("g", &game("two")).unwrap();
    let backups = store.backups("g").unwrap();
    assert_eq!(backups.len(), 1);
    let opened = store::read_envelope(&backups[0].path).unwrap();
    assert!(opened.data.contains("\"one\""));
    assert_eq!(notes_of(&store, "g"), "two");
}

#[test]
fn a_backup_is_never_changed_by_later_saves_restores_or_deletes() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let a = store.backups("g").unwrap()[0].clone();
    let a_bytes = std::fs::read(&a.path).unwrap();
    let b_kept = store.restore_backup("g", &a.name).unwrap().unwrap();
    let b_path = dir.path().join("backups/g").join(&b_kept);
    let b_bytes = std::fs::read(&b_path).unwrap();
    for i in 0..5 {
        store.save("g", &game(&format!("C{i}"))).unwrap();
    }
    store.restore_backup("g", &b_kept).unwrap();
    store.save("g", &game("D")).unwrap();
    store.delete("g").unwrap();
    assert_eq!(std::fs::read(&a.path).unwrap(), a_bytes);
    assert_eq!(std::fs::read(&b_path).unwrap(), b_bytes);
    assert!(String::from_utf8(b_bytes).unwrap().contains("\"B\""));
}

#[test]
fn a_save_killed_between_backup_and_replace_is_saved_cleanly_next_time() {
    // Simulates a writer killed after keeping the backup (a hard link to the save) and
    // before renaming the new version over the save: the save and the newest backup are
    // the same file.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let newest = store.backups("g").unwrap()[0].path.clone();
    std::fs::remove_file(&newest).unwrap();
    std::fs::hard_link(store.save_path("g").unwrap(), &newest).unwrap();
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("C")).unwrap();
    assert_eq!(notes_of(&store, "g"), "C");
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
    let backups = store.backups("g").unwrap();
    assert!(
        String::from_utf8(std::fs::read(&backups[0].path).unwrap())
            .unwrap()
            .contains("\"B\"")
    );
}

#[test]
fn damaged_settings_are_reported_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let value: serde_json::Value = store.read_settings().unwrap();
    assert_eq!(value, serde_json::Value::Null, "no file gives defaults");
    store
        .write_settings(&serde_json::json!({"theme": "dark"}))
        .unwrap();
    let value: serde_json::Value = store.read_settings().unwrap();
    assert_eq!(value["theme"], "dark");
    let path = dir.path().join("settings.json");
    std::fs::write(&path, b"{\"theme\": ").unwrap();
    let msg = store
        .read_settings::<serde_json::Value>()
        .unwrap_err()
        .to_string();
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(msg.contains("truncated"), "{msg}");
    assert_eq!(std::fs::read(&path).unwrap(), b"{\"theme\": ");
}

#[test]
fn a_burst_of_saves_keeps_one_backup_holding_the_previous_version() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    for i in 0..30 {
        store.save("g", &game(&format!("v{i}"))).unwrap();
    }
    let backups = store.backups("g").unwrap();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert!(
        store::read_envelope(&backups[0].path)
            .unwrap()
            .data
            .contains("\"v28\"")
    );
}

#[test]
fn saving_repeatedly_keeps_at_most_ten_backups() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("v0")).unwrap();
    // Backups from earlier sessions, older than any burst.
    let bdir = dir.path().join("backups/g");
    std::fs::create_dir_all(&bdir).unwrap();
    let old_bytes = std::fs::read(store.save_path("g").unwrap()).unwrap();
    for day in 1..=14 {
        std::fs::write(
            bdir.join(format!("2025-01-{day:02}T10h00h00.000Z.json")),
            &old_bytes,
        )
        .unwrap();
    }
    for i in 1..=25 {
        store.save("g", &game(&format!("v{i}"))).unwrap();
        assert!(store.backups("g").unwrap().len() <= store::BACKUPS_PER_SAVE);
    }
    let backups = store.backups("g").unwrap();
    assert_eq!(backups.len(), store::BACKUPS_PER_SAVE);
    assert!(
        store::read_envelope(&backups[0].path)
            .unwrap()
            .data
            .contains("\"v24\""),
        "the newest backup is the version just replaced"
    );
    assert!(backups.iter().all(|b| b.content.is_ok()));
    // The oldest were dropped, the newest of the old ones kept.
    assert!(!bdir.join("2025-01-01T10h00h00.000Z.json").exists());
    assert!(bdir.join("2025-01-14T10h00h00.000Z.json").exists());

    // Restores add backups outside the burst rule; still at most ten.
    for _ in 0..15 {
        let name = store.backups("g").unwrap()[1].name.clone();
        store.restore_backup("g", &name).unwrap();
        assert!(store.backups("g").unwrap().len() <= store::BACKUPS_PER_SAVE);
    }
}

#[test]
fn restoring_a_backup_makes_the_current_version_a_backup_so_restore_is_undoable() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let a = store.backups("g").unwrap()[0].name.clone();

    let undo = store.restore_backup("g", &a).unwrap().expect("B was kept");
    assert_eq!(notes_of(&store, "g"), "A");
    let kept = store.backups("g").unwrap();
    let b = kept.iter().find(|b| b.name == undo).expect("listed");
    assert!(b.content.is_ok());

    // Undo the restore: B is back, and A is kept in turn.
    let undo2 = store
        .restore_backup("g", &undo)
        .unwrap()
        .expect("A was kept");
    assert_eq!(notes_of(&store, "g"), "B");
    assert_ne!(undo2, undo);
    store.restore_backup("g", &undo2).unwrap();
    assert_eq!(notes_of(&store, "g"), "A");
}

#[test]
fn a_restore_stays_undoable_after_the_next_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let a = store.backups("g").unwrap()[0].name.clone();
    let undo = store.restore_backup("g", &a).unwrap().expect("B was kept");
    // The player carries on from A; the app autosaves within the burst window.
    store.save("g", &game("A then a move")).unwrap();
    store.save("g", &game("A then two moves")).unwrap();
    store.restore_backup("g", &undo).unwrap();
    assert_eq!(
        notes_of(&store, "g"),
        "B",
        "the version the restore replaced must survive later autosaves"
    );
}

#[test]
fn delete_keeps_the_last_version_in_backups_and_restore_brings_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("kept")).unwrap();
    store.delete("g").unwrap();
    assert!(store.list().is_empty());
    assert!(matches!(
        store.load::<SaveData>("g"),
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(store.delete("g"), Err(StoreError::NotFound(_))));
    assert_eq!(store.ids_with_backups(), vec!["g".to_string()]);
    let backups = store.backups("g").unwrap();
    assert_eq!(backups.len(), 1);
    assert_eq!(
        store.restore_backup("g", &backups[0].name).unwrap(),
        None,
        "nothing was replaced"
    );
    assert_eq!(notes_of(&store, "g"), "kept");
}

#[test]
fn a_deleted_save_stays_recoverable_after_it_is_restored_and_saved_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("old")).unwrap();
    store.save("g", &game("last")).unwrap();
    store.delete("g").unwrap();
    // The user brings back the older version, plays on, then wants the last one after all.
    let old = store
        .backups("g")
        .unwrap()
        .into_iter()
        .find(|b| {
            store::read_envelope(&b.path)
                .unwrap()
                .data
                .contains("\"old\"")
        })
        .unwrap();
    store.restore_backup("g", &old.name).unwrap();
    store.save("g", &game("old then a move")).unwrap();
    let has_last = store.backups("g").unwrap().iter().any(|b| {
        store::read_envelope(&b.path)
            .unwrap()
            .data
            .contains("\"last\"")
    });
    assert!(
        has_last,
        "the deleted save's last version must still be in backups"
    );
}

#[test]
fn a_damaged_save_can_be_replaced_by_restoring_a_backup_and_is_kept_itself() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let path = store.save_path("g").unwrap();
    std::fs::write(&path, b"{ broken").unwrap();
    let a = store.backups("g").unwrap()[0].name.clone();
    let kept = store.restore_backup("g", &a).unwrap().unwrap();
    assert_eq!(notes_of(&store, "g"), "A");
    let kept = dir.path().join("backups/g").join(kept);
    assert_eq!(std::fs::read(kept).unwrap(), b"{ broken");
}

#[test]
fn restore_refuses_names_outside_the_backup_folder() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    for name in [
        "../../saves/g.json",
        "/etc/passwd",
        ".hidden.json",
        "nope.json",
    ] {
        assert!(
            matches!(
                store.restore_backup("g", name),
                Err(StoreError::NotFound(_))
            ),
            "{name}"
        );
    }
    assert_eq!(notes_of(&store, "g"), "A");
}

#[test]
fn export_refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("mine.json");
    std::fs::write(&dest, b"precious").unwrap();
    let err = store.export("g", &dest, false).unwrap_err();
    assert!(matches!(err, StoreError::Exists { .. }), "{err:?}");
    assert!(err.to_string().contains(&dest.display().to_string()));
    assert_eq!(std::fs::read(&dest).unwrap(), b"precious");
    let err = store.export_all(&dest, false).unwrap_err();
    assert!(matches!(err, StoreError::Exists { .. }), "{err:?}");
    assert_eq!(std::fs::read(&dest).unwrap(), b"precious");

    store.export("g", &dest, true).unwrap();
    assert_eq!(
        std::fs::read(&dest).unwrap(),
        std::fs::read(store.save_path("g").unwrap()).unwrap()
    );
    assert!(matches!(
        store.export("missing", &out.path().join("x.json"), false),
        Err(StoreError::NotFound(_))
    ));
}

#[test]
fn export_refuses_a_damaged_save() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    std::fs::write(store.save_path("g").unwrap(), b"{").unwrap();
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("g.json");
    let err = store.export("g", &dest, false).unwrap_err();
    assert!(err.to_string().contains("g.json"), "{err}");
    assert!(!dest.exists());
}

fn bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let saves: Vec<serde_json::Value> = entries
        .iter()
        .map(|(id, bytes)| {
            serde_json::json!({
                "id": id,
                "envelope": serde_json::from_slice::<serde_json::Value>(bytes).unwrap(),
            })
        })
        .collect();
    serde_json::to_vec_pretty(&serde_json::json!({
        "format": "tablemate-bundle", "version": 1, "saves": saves,
    }))
    .unwrap()
}

#[test]
fn import_of_a_bundle_validates_everything_first_and_imports_nothing_if_one_is_bad() {
    let src = tempfile::tempdir().unwrap();
    let source = Store::open(src.path()).unwrap();
    source.save("one", &game("1")).unwrap();
    source.save("two", &game("2")).unwrap();
    let one = std::fs::read(source.save_path("one").unwrap()).unwrap();
    let two = std::fs::read(source.save_path("two").unwrap()).unwrap();
    let bad = envelope_text("\"tablemate\"", "99", "\"furnace-duel\"", &good_data());
    let file = src.path().join("bundle.json");
    std::fs::write(
        &file,
        bundle(&[("one", &one), ("two", &two), ("three", bad.as_bytes())]),
    )
    .unwrap();

    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let before = snapshot(dir.path());
    let err = store.import(&file).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains(&file.display().to_string()), "{msg}");
    assert!(msg.contains("save 3 (three)"), "{msg}");
    assert!(msg.contains("version 99"), "{msg}");
    assert_eq!(snapshot(dir.path()), before, "nothing imported");

    // A bundle with a bad id is refused as a whole too.
    std::fs::write(&file, bundle(&[("one", &one), ("../evil", &two)])).unwrap();
    let msg = store.import(&file).unwrap_err().to_string();
    assert!(msg.contains("bad id"), "{msg}");
    assert_eq!(snapshot(dir.path()), before, "nothing imported");
}

#[test]
fn an_import_never_overwrites_an_existing_save_and_re_import_is_a_no_op() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("mine", &game("my game")).unwrap();
    let mine = std::fs::read(store.save_path("mine").unwrap()).unwrap();

    let src = tempfile::tempdir().unwrap();
    let other = Store::open(src.path()).unwrap();
    other.save("mine", &game("their game")).unwrap();
    let file = src.path().join("mine.json");
    other.export("mine", &file, false).unwrap();

    let imported = store.import(&file).unwrap();
    assert_eq!(imported.len(), 1);
    assert_eq!(imported[0].id, "mine-imported-2");
    assert!(imported[0].renamed);
    assert_eq!(imported[0].kind, Kind::FurnaceDuel);
    assert_eq!(
        std::fs::read(store.save_path("mine").unwrap()).unwrap(),
        mine
    );
    assert_eq!(notes_of(&store, "mine-imported-2"), "their game");

    // The same bytes again: recognised, nothing written, nothing renamed.
    let before = snapshot(dir.path());
    let path = store.save_path("mine-imported-2").unwrap();
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::thread::sleep(Duration::from_millis(20));
    let again = store.import(&file).unwrap();
    assert_eq!(again[0].id, "mine-imported-2");
    assert_eq!(snapshot(dir.path()), before);
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        modified,
        "re-importing identical bytes must not rewrite the file"
    );

    // A damaged save of the same id is not replaced either.
    std::fs::write(store.save_path("broken").unwrap(), b"{").unwrap();
    let broken_file = src.path().join("broken.json");
    std::fs::copy(&file, &broken_file).unwrap();
    let imported = store.import(&broken_file).unwrap();
    assert_eq!(imported[0].id, "broken-imported-2");
    assert_eq!(
        std::fs::read(store.save_path("broken").unwrap()).unwrap(),
        b"{"
    );
}

#[test]
fn import_refuses_a_data_file_and_explains_where_it_goes() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let digest = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/rules/army.json");
    let msg = store.import(&digest).unwrap_err().to_string();
    assert!(msg.contains("rules-digest data file, not a save"), "{msg}");
    assert!(store.list().is_empty());
}

#[test]
fn export_all_then_import_into_a_fresh_folder_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("f", &game("furtherance game")).unwrap();
    store.save("w", &army_game()).unwrap();
    store.save("f", &game("furtherance game, later")).unwrap();
    std::fs::write(store.save_path("damaged").unwrap(), b"nope").unwrap();

    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("all.json");
    assert_eq!(
        store.export_all(&file, false).unwrap(),
        2,
        "damaged saves are left out"
    );
    assert!(matches!(
        store::check_file(&file).unwrap(),
        store::FileReport::Bundle { saves } if saves.len() == 2
    ));

    let fresh = tempfile::tempdir().unwrap();
    let copy = Store::open(fresh.path()).unwrap();
    let imported = copy.import(&file).unwrap();
    let mut ids: Vec<_> = imported
        .iter()
        .map(|i| (i.id.as_str(), i.renamed))
        .collect();
    ids.sort();
    assert_eq!(ids, [("f", false), ("w", false)]);
    for id in ["f", "w"] {
        assert_eq!(
            std::fs::read(copy.save_path(id).unwrap()).unwrap(),
            std::fs::read(store.save_path(id).unwrap()).unwrap(),
            "{id} round-trips byte for byte"
        );
    }
    assert_eq!(notes_of(&copy, "f"), "furtherance game, later");

    // Importing the bundle back into the original changes nothing.
    let before = snapshot(dir.path());
    let back = store.import(&file).unwrap();
    assert!(back.iter().all(|i| !i.renamed));
    assert_eq!(snapshot(dir.path()), before);
}

// ---------------------------------------------------------------------------------------------
// Migration

fn v1_envelope(data: &str) -> String {
    envelope_text("\"tablemate\"", "1", "\"furnace-duel\"", data)
}

#[test]
fn a_version_1_save_loads_as_version_2_with_one_migration_entry() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let path = store.save_path("old").unwrap();
    // Version 1 stored the bare game state as `data`.
    let bare = serde_json::to_string(game("from the old days").current()).unwrap();
    let v1 = v1_envelope(&bare);
    std::fs::write(&path, &v1).unwrap();

    let saved = store.load::<SaveData>("old").unwrap();
    assert_eq!(saved.title, "Furnace Duel campaign");
    let entries = saved.history.entries();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].label, "Migrated from save format version 1");
    assert_eq!(entries[0].at.to_rfc3339(), "2026-03-01T10:00:00+00:00");
    assert_eq!(note(&saved), "from the old days");
    assert_eq!(store.open_save("old").unwrap().file_version, 1);
    assert!(matches!(
        store::check_file(&path).unwrap(),
        store::FileReport::Save { version: 1, .. }
    ));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        v1,
        "migrated in memory only"
    );

    // Saving writes version 2 and keeps the version 1 file as the backup.
    store.save("old", &saved).unwrap();
    assert_eq!(store.open_save("old").unwrap().file_version, 2);
    let backup = &store.backups("old").unwrap()[0];
    assert_eq!(std::fs::read_to_string(&backup.path).unwrap(), v1);
    assert_eq!(store.load::<SaveData>("old").unwrap(), saved);
}

#[test]
fn a_version_1_save_that_is_not_an_object_is_refused() {
    let p = tablemate::store::envelope::open(v1_envelope("[1, 2]").as_bytes()).unwrap_err();
    assert!(
        p.to_string().contains("version 1 data must be an object"),
        "{p}"
    );
}

#[test]
fn an_unknown_future_version_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let path = store.save_path("future").unwrap();
    let text = envelope_text("\"tablemate\"", "3", "\"furnace-duel\"", &good_data());
    std::fs::write(&path, &text).unwrap();
    let msg = store.load::<SaveData>("future").unwrap_err().to_string();
    assert!(
        msg.contains("version 3, which this Tablemate does not know (it reads 1 to 2)"),
        "{msg}"
    );
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(store.save("future", &game("x")).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

// ---------------------------------------------------------------------------------------------
// CLI, in process

fn run(root: &Path, args: &[&str]) -> cli::Output {
    let mut argv = vec!["tablemate"];
    argv.extend_from_slice(args);
    let parsed = Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    cli::execute(parsed.command, root)
}

#[test]
fn cli_list_shows_good_and_damaged_saves_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["list"]);
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, "no saves yet\n");

    let store = Store::open(dir.path()).unwrap();
    store.save("good", &game("x")).unwrap();
    std::fs::write(
        store.save_path("bad").unwrap(),
        b"{\"format\": \"tablemate\"",
    )
    .unwrap();
    drop(store);

    let out = run(dir.path(), &["list"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("good"), "{}", out.stdout);
    assert!(
        out.stdout.contains("Furnace Duel campaign"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("DAMAGED") && out.stdout.contains("tablemate backups bad"),
        "{}",
        out.stdout
    );

    let out = run(dir.path(), &["list", "--json"]);
    assert_eq!(out.code, 0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let items = v.as_array().unwrap();
    assert_eq!(items.len(), 2);
    let good = items.iter().find(|i| i["id"] == "good").unwrap();
    assert_eq!(good["ok"], true);
    assert_eq!(good["kind"], "furnace-duel");
    let bad = items.iter().find(|i| i["id"] == "bad").unwrap();
    assert_eq!(bad["ok"], false);
    assert!(bad["problem"].as_str().unwrap().contains("truncated"));
    assert!(bad["path"].as_str().unwrap().ends_with("bad.json"));
}

#[test]
fn cli_export_import_backups_and_restore() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    drop(store);

    let out_dir = tempfile::tempdir().unwrap();
    let dest = out_dir.path().join("g.json");
    let dest_s = dest.to_str().unwrap();
    let out = run(dir.path(), &["export", "g", dest_s]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("exported g to"));
    let out = run(dir.path(), &["export", "g", dest_s]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("already exists"), "{}", out.stderr);
    assert_eq!(run(dir.path(), &["export", "g", dest_s, "--force"]).code, 0);

    let fresh = tempfile::tempdir().unwrap();
    let out = run(fresh.path(), &["import", dest_s]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("imported g (furnace-duel)"),
        "{}",
        out.stdout
    );

    let out = run(dir.path(), &["backups", "g"]);
    assert_eq!(out.code, 0);
    let name = out.stdout.split_whitespace().next().unwrap().to_string();
    assert!(name.ends_with(".json"), "{}", out.stdout);
    assert!(out.stdout.contains("(furnace-duel)"), "{}", out.stdout);
    assert_eq!(
        run(dir.path(), &["backups", "nothing"]).stdout,
        "nothing has no backups\n"
    );

    let out = run(dir.path(), &["restore", "g", &name]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("the version it replaced is backup"),
        "{}",
        out.stdout
    );
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(notes_of(&store, "g"), "A");
    drop(store);
    let out = run(dir.path(), &["restore", "g", "no-such-backup.json"]);
    assert_eq!(out.code, 1);

    let all = out_dir.path().join("all.json");
    let out = run(dir.path(), &["export-all", all.to_str().unwrap()]);
    assert_eq!(
        out.stdout,
        format!("exported 1 saves to {}\n", all.display())
    );
}

#[test]
fn cli_import_of_a_bad_file_fails_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, b"\x00\x01").unwrap();
    let root = tempfile::tempdir().unwrap();
    let out = run(root.path(), &["import", bad.to_str().unwrap()]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains(bad.to_str().unwrap()), "{}", out.stderr);
}

#[test]
fn cli_check_explains_good_damaged_and_data_files() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    let good = store.save_path("g").unwrap();
    drop(store);

    let out = run(dir.path(), &["check", good.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout
            .contains("a valid furnace-duel save (format version 2)"),
        "{}",
        out.stdout
    );

    let damaged = dir.path().join("damaged.json");
    let text = envelope_text("\"tablemate\"", "99", "\"furnace-duel\"", &good_data());
    std::fs::write(&damaged, text).unwrap();
    let out = run(dir.path(), &["check", damaged.to_str().unwrap()]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains(damaged.to_str().unwrap()),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("version 99"), "{}", out.stderr);
    let out = run(dir.path(), &["check", damaged.to_str().unwrap(), "--json"]);
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert!(v["problem"].as_str().unwrap().contains("version 99"));

    let digest = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/rules/army.json");
    let out = run(dir.path(), &["check", digest.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("a valid rules-digest data file"),
        "{}",
        out.stdout
    );

    let missing = dir.path().join("missing.json");
    let out = run(dir.path(), &["check", missing.to_str().unwrap()]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("missing.json"), "{}", out.stderr);
}

#[test]
fn cli_rules_search_forgives_typos_and_groups_results_with_pages() {
    let dir = tempfile::tempdir().unwrap();
    for typo in ["atack", "reinforcment"] {
        let out = run(dir.path(), &["rules", "search", typo]);
        assert_eq!(out.code, 0, "{out:?}");
        assert!(out.stdout.starts_with("== "), "{typo}: {}", out.stdout);
        assert!(out.stdout.contains("(rulebook: "), "{typo}: {}", out.stdout);
        assert_eq!(out.stderr, "", "{typo}: bundled digests load cleanly");

        let out = run(dir.path(), &["rules", "search", typo, "--json"]);
        let groups: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let groups = groups.as_array().unwrap();
        assert!(!groups.is_empty(), "{typo}: found something");
        for g in groups {
            assert!(g["game_title"].is_string());
            for hit in g["hits"].as_array().unwrap() {
                assert!(!hit["page"].as_str().unwrap().is_empty());
            }
        }
    }
    let out = run(
        dir.path(),
        &["rules", "search", "reinforcment", "--game", "chess"],
    );
    assert_eq!(out.code, 1);
}
