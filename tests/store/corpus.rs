//! The bad-file corpus: damaged, hostile and impossible files, each refused with its path and reason.

#![allow(unused_imports)]

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

use super::common::*;

pub const GOOD_SAVED_AT: &str = "2026-03-01T10:00:00Z";

pub fn envelope_text(format: &str, version: &str, kind: &str, data: &str) -> String {
    format!(
        "{{\n  \"format\": {format},\n  \"version\": {version},\n  \"kind\": {kind},\n  \
         \"saved_at\": \"{GOOD_SAVED_AT}\",\n  \"summary\": \"x\",\n  \"data\": {data}\n}}"
    )
}

/// The `data` of a good save, compact on one line.
pub fn good_data() -> String {
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
