//! History: undo, redo, bounds, and the file form (changes between entries).

use super::*;

#[test]
fn undo_then_redo_returns_to_the_same_state() {
    let mut h = History::new("start", 0);
    h.record("add one", 1);
    h.record("add two", 3);
    assert_eq!(h.undo(), Some("add two"));
    assert_eq!(*h.current(), 1);
    assert_eq!(h.redo(), Some("add two"));
    assert_eq!(*h.current(), 3);
    assert_eq!(h.redo(), None);
}

#[test]
fn a_new_action_after_undo_drops_the_redo_branch() {
    let mut h = History::new("start", 0);
    h.record("a", 1);
    h.record("b", 2);
    h.undo();
    h.record("c", 10);
    assert!(!h.can_redo());
    let labels: Vec<_> = h.entries().iter().map(|e| e.label.as_str()).collect();
    assert_eq!(labels, ["start", "a", "c"]);
}

#[test]
fn failed_action_leaves_history_untouched() {
    let mut h = History::new("start", 5);
    let r: Result<(), &str> = h.apply("bad", |s| {
        *s = 99;
        Err("refused")
    });
    assert_eq!(r, Err("refused"));
    assert_eq!(*h.current(), 5);
    assert_eq!(h.len(), 1);
}

#[test]
fn goto_jumps_to_any_entry_and_keeps_the_rest() {
    let mut h = History::new("start", 0);
    for i in 1..=5 {
        h.record(format!("step {i}"), i);
    }
    h.goto(2).unwrap();
    assert_eq!(*h.current(), 2);
    assert_eq!(h.len(), 6);
    h.goto(5).unwrap();
    assert_eq!(*h.current(), 5);
    assert_eq!(h.goto(6), Err(HistoryError::NoSuchEntry(6)));
}

#[test]
fn history_is_bounded_and_forgets_the_oldest() {
    let mut h = History::with_capacity("start", 0, 3);
    for i in 1..=10 {
        h.record(format!("{i}"), i);
    }
    assert_eq!(h.len(), 3);
    assert_eq!(*h.state(0).unwrap(), 8);
    assert_eq!(*h.current(), 10);
}

#[test]
fn history_survives_a_save_and_load() {
    let mut h = History::new("start", vec![1]);
    h.record("push", vec![1, 2]);
    h.undo();
    let text = serde_json::to_string(&h).unwrap();
    let back: History<Vec<i32>> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, h);
    assert!(back.can_redo());
}

#[test]
fn a_history_with_a_bad_cursor_is_rejected() {
    let text = r#"{"entries":[{"label":"x","at":"2026-01-01T00:00:00Z","state":1}],"cursor":4}"#;
    let err = serde_json::from_str::<History<i32>>(text).unwrap_err();
    assert!(
        err.to_string()
            .contains("the history points at entry 4 but has only 1"),
        "{err}"
    );
}

/// A state with a large part that never changes (like a deck's card texts).
fn big(step: usize) -> serde_json::Value {
    serde_json::json!({
        "static": (0..200).map(|i| format!("card text {i} that never changes")).collect::<Vec<_>>(),
        "round": step,
        "drawn": (0..step % 7).collect::<Vec<_>>(),
    })
}

#[test]
fn a_saved_history_stores_the_current_state_once_and_changes_for_the_rest() {
    let mut h = History::new("start", big(0));
    for i in 1..100 {
        h.record(format!("step {i}"), big(i));
    }
    let one = serde_json::to_string(&big(0)).unwrap().len();
    let text = serde_json::to_string(&h).unwrap();
    assert_eq!(
        text.matches("that never changes").count(),
        200,
        "static data once"
    );
    assert!(text.len() < one + 100 * 200, "{} bytes", text.len());
}

#[test]
fn undo_after_loading_returns_exactly_to_every_recorded_state() {
    let mut h = History::new("start", big(0));
    for i in 1..30 {
        h.record(format!("step {i}"), big(i));
    }
    for cursor in [0, 7, 29] {
        h.goto(cursor).unwrap();
        let text = serde_json::to_string(&h).unwrap();
        let back: History<serde_json::Value> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, h, "cursor {cursor}");
        back.validate().unwrap();
        // And it saves the same again: the changes it rebuilt are the ones it had.
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
    }
}

#[test]
fn recording_after_an_undo_and_over_capacity_still_saves_and_loads() {
    let mut h = History::with_capacity("start", big(0), 5);
    for i in 1..12 {
        h.record(format!("step {i}"), big(i));
        if i % 3 == 0 {
            h.undo();
            h.undo();
        }
    }
    h.goto(1).unwrap();
    let back: History<serde_json::Value> =
        serde_json::from_str(&serde_json::to_string(&h).unwrap()).unwrap();
    assert_eq!(back, h);
}

#[test]
fn a_version_2_history_with_every_state_whole_still_loads() {
    let text = r#"{"entries":[{"label":"a","at":"2026-01-01T00:00:00Z","state":[1]},
        {"label":"b","at":"2026-01-01T00:00:01Z","state":[1,2]}],"cursor":0}"#;
    let h: History<Vec<i32>> = serde_json::from_str(text).unwrap();
    assert_eq!(*h.state(1).unwrap(), vec![1, 2]);
    assert_eq!(*h.current(), vec![1]);
    let again = serde_json::to_string(&h).unwrap();
    assert!(again.contains("\"change\""), "{again}");
}

#[test]
fn a_change_that_does_not_fit_its_neighbour_is_refused_on_load() {
    let mut h = History::new("start", vec![1, 2, 3]);
    h.record("more", vec![1, 2, 3, 4]);
    let text = serde_json::to_string(&h)
        .unwrap()
        .replace("[1,2,3,4]", "[9,9,9,9]");
    let err = serde_json::from_str::<History<Vec<i32>>>(&text).unwrap_err();
    assert!(err.to_string().contains("history entry 1"), "{err}");
}

#[test]
fn a_history_that_cannot_undo_is_refused() {
    for (capacity, want) in [
        (0, HistoryError::CapacityTooSmall(0)),
        (1, HistoryError::CapacityTooSmall(1)),
    ] {
        let text = format!(
            r#"{{"entries":[{{"label":"x","at":"2026-01-01T00:00:00Z","state":1}}],"cursor":0,"capacity":{capacity}}}"#
        );
        let h: History<i32> = serde_json::from_str(&text).unwrap();
        assert_eq!(h.validate(), Err(want));
    }
    let text = r#"{"entries":[{"label":"x","at":"2026-01-01T00:00:00Z","state":1},
        {"label":"y","at":"2026-01-01T00:00:00Z","state":1},
        {"label":"z","at":"2026-01-01T00:00:00Z","state":1}],"cursor":0,"capacity":2}"#;
    let h: History<i32> = serde_json::from_str(text).unwrap();
    assert_eq!(
        h.validate(),
        Err(HistoryError::OverCapacity {
            len: 3,
            capacity: 2
        })
    );
    let text = r#"{"entries":[{"label":"x","at":"2026-01-01T00:00:00Z"}],"cursor":3,"current":1}"#;
    assert!(serde_json::from_str::<History<i32>>(text).is_err());
}

/// A history as the store wrote it (its digest matches) loads without reading its changes:
/// the cost of loading does not grow with the entries. Proved by a change that does not fit
/// under a digest recomputed to match: loading takes it as written, and only the deep check
/// and the undo that reaches it read it, and refuse it, naming the entry.
#[test]
fn a_history_as_written_loads_without_walking_its_changes() {
    let mut h = History::new("start", vec![1, 2, 3]);
    h.record("more", vec![1, 2, 3, 4]);
    h.record("again", vec![1, 2, 3, 4, 5]);
    let text = serde_json::to_string(&h).unwrap();
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(file["digest"].is_string(), "{text}");
    // Loading as written gives the same history back, and checks deeply.
    let back: History<Vec<i32>> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, h);
    back.check_every_state(|_, _| Ok(())).unwrap();
    // Tamper with the first change, then forge the digest to match.
    file["entries"][1]["change"] =
        serde_json::from_str(&file["entries"][1]["change"].to_string().replace("4", "9")).unwrap();
    let changes: Vec<String> = (1..3)
        .map(|i| file["entries"][i]["change"].to_string())
        .collect();
    let current = file["current"].to_string();
    file["digest"] = digest(2, &current, changes.iter().map(String::as_str)).into();
    let forged = file.to_string();
    let mut back: History<Vec<i32>> = serde_json::from_str(&forged).unwrap();
    let err = back.check_every_state(|_, _| Ok(())).unwrap_err();
    assert!(
        matches!(err, HistoryError::Unreadable { entry: 1, .. }),
        "{err}"
    );
    assert_eq!(back.undo(), Some("again"));
    assert!(back.try_undo().is_err());
    assert_eq!(*back.current(), vec![1, 2, 3, 4]);
    // The same file without the forged digest is walked and refused on load.
    file["digest"] = "00000000".into();
    let err = serde_json::from_str::<History<Vec<i32>>>(&file.to_string()).unwrap_err();
    assert!(err.to_string().contains("history entry 1"), "{err}");
}

/// The deep check hands every entry's state to the check, oldest to newest in any order, and
/// a refusal names the entry.
#[test]
fn the_deep_check_sees_every_state_and_names_a_refused_one() {
    let mut h = History::new("start", 0);
    for i in 1..6 {
        h.record(format!("step {i}"), i);
    }
    h.goto(2).unwrap();
    let text = serde_json::to_string(&h).unwrap();
    let back: History<i32> = serde_json::from_str(&text).unwrap();
    let mut seen = Vec::new();
    back.check_every_state(|i, s| {
        seen.push((i, *s));
        Ok(())
    })
    .unwrap();
    seen.sort();
    assert_eq!(seen, (0..6).map(|i| (i, i as i32)).collect::<Vec<_>>());
    let err = back
        .check_every_state(|_, s| match *s == 4 {
            true => Err("four is not allowed".into()),
            false => Ok(()),
        })
        .unwrap_err();
    assert_eq!(
        err,
        HistoryError::Unreadable {
            entry: 5,
            problem: "four is not allowed".into()
        }
    );
}

/// Serialises `h` as the store does, its entries handed over beside the JSON (`band.rs`).
fn out_of_band<T: Clone + Serialize + DeserializeOwned + SetAside>(
    h: &History<T>,
) -> (String, String) {
    let (json, _, entries) = band::out_of_band(None, || serde_json::to_string(h).unwrap());
    (json, entries.expect("the entries handed over"))
}

/// Reads what `out_of_band` wrote, its entries handed over unread.
fn in_band<T: Clone + Serialize + DeserializeOwned + SetAside>(
    json: &str,
    entries: &str,
) -> Result<History<T>, String> {
    let (back, taken, _) = band::out_of_band(Some(entries.to_string()), || {
        serde_json::from_str::<History<T>>(json).map_err(|e| e.to_string())
    });
    assert!(taken || back.is_err(), "the entries were handed over");
    back
}

/// Entries handed over beside the JSON are kept as text: loading, recording at the end and
/// saving again read none of them, the saved text is the old one with the new entry after
/// it, and the history is the same as one read the whole way.
#[test]
fn entries_handed_over_are_not_read_to_record_at_the_end() {
    let mut h = History::new("start", vec![1]);
    for i in 2..=6 {
        h.record(format!("push {i}"), (1..=i).collect::<Vec<i32>>());
    }
    let (json, entries) = out_of_band(&h);
    assert!(json.contains("\"entries\":[]"), "{json}");
    assert!(json.ends_with(",\"entries\":[]}"), "entries last: {json}");
    let mut back: History<Vec<i32>> = in_band(&json, &entries).unwrap();
    assert!(back.unread.is_some());
    assert_eq!(back.len(), 6);
    assert_eq!(back.as_written(), Some(true));
    back.record("push 7", (1..=7).collect());
    let (again, more) = out_of_band(&back);
    let unread = back.unread.as_ref().expect("still unread");
    assert!(unread.read.get().is_none(), "no entry was read");
    assert!(more.starts_with(&entries) && more[entries.len()..].starts_with(",{\"label\""));
    // The same history read the whole way and unread, and the one recorded in memory but
    // for the new entry's time.
    let whole = serde_json::to_string(&back).unwrap();
    let read: History<Vec<i32>> = serde_json::from_str(&whole).unwrap();
    assert_eq!(in_band::<Vec<i32>>(&again, &more).unwrap(), read);
    h.record("push 7", (1..=7).collect());
    let labels = |h: &History<Vec<i32>>| -> Vec<String> {
        h.entries().iter().map(|e| e.label.clone()).collect()
    };
    assert_eq!(labels(&read), labels(&h));
    let changes = |h: &History<Vec<i32>>| -> Vec<Option<String>> {
        h.list()
            .1
            .iter()
            .map(|l| l.as_ref().map(|l| l.get().to_string()))
            .collect()
    };
    assert_eq!(changes(&read), changes(&h), "the same changes");
    assert_eq!(read.current(), h.current());
    // Undo reads them, and goes back through every entry.
    while back.can_undo() {
        back.undo().expect("an entry to undo");
    }
    assert_eq!(*back.current(), vec![1]);
    assert!(back.unread.is_none());
}

/// Entries handed over that the digest does not cover (an edit, a wrong cut) are refused as
/// the history loads, so the store reads the file the whole way instead.
#[test]
fn entries_handed_over_must_match_the_digest() {
    let mut h = History::new("start", 0);
    h.record("one", 1);
    h.record("two", 2);
    let (json, entries) = out_of_band(&h);
    let edited = entries.replace("\"one\"", "\"One\"");
    let err = in_band::<i32>(&json, &edited).unwrap_err();
    assert!(err.contains("do not match its digest"), "{err}");
    let err = in_band::<i32>(&json, &entries[1..]).unwrap_err();
    assert!(err.contains("do not match its digest"), "{err}");
    // Without the entries handed over, the JSON alone holds none.
    let err = serde_json::from_str::<History<i32>>(&json).unwrap_err();
    assert!(err.to_string().contains("no entries"), "{err}");
}

/// A file made to match its digest by hand around entries that do not read (a CRC-32 can be
/// forged) loads, but nothing panics: every entry is listed as unreadable, undo and the deep
/// check refuse them by number, and the current state stays playable.
#[test]
fn entries_that_do_not_read_under_a_forged_digest_are_refused_by_number() {
    let mut h = History::new("start", 0);
    h.record("one", 1);
    h.record("two", 2);
    let (json, _) = out_of_band(&h);
    let mut file: serde_json::Value = serde_json::from_str(&json).unwrap();
    let garbage = "{\"label\":1},{\"nonsense\":true},7";
    let current = file["current"].to_string();
    file["digest"] = load::seal(2, &current, 3, h.change_bytes(), garbage).into();
    let mut back: History<i32> = in_band(&file.to_string(), garbage).unwrap();
    assert_eq!(back.len(), 3);
    assert!(
        back.entries()[0]
            .label
            .contains("unreadable history entry 1")
    );
    let err = back
        .check_every_state(|_, _| Ok(()))
        .expect_err("the deep check refuses");
    assert!(matches!(err, HistoryError::Unreadable { .. }), "{err}");
    assert!(back.try_undo().is_err());
    assert_eq!(*back.current(), 2);
    back.record("three", 3);
    assert_eq!(*back.current(), 3);
}

/// A full history kept unread forgets its oldest entries as one kept in memory does, reading
/// only the entries it forgets and the one that becomes the first: the same labels, changes
/// and states, and undo still reaches the new first entry.
#[test]
fn a_full_history_kept_unread_forgets_its_oldest_as_one_in_memory() {
    let mut h = History::with_capacity("start", vec![0], 4);
    for i in 1..=3 {
        h.record(format!("push {i}"), (0..=i).collect::<Vec<i32>>());
    }
    let (json, entries) = out_of_band(&h);
    let mut back: History<Vec<i32>> = in_band(&json, &entries).unwrap();
    for i in 4..=9 {
        h.record(format!("push {i}"), (0..=i).collect::<Vec<i32>>());
        back.record(format!("push {i}"), (0..=i).collect::<Vec<i32>>());
    }
    let unread = back.unread.as_ref().expect("still unread");
    assert!(unread.read.get().is_none(), "no entry was read whole");
    assert_eq!(back.len(), 4);
    assert_eq!(back.change_bytes(), h.change_bytes());
    let labels = |h: &History<Vec<i32>>| -> Vec<String> {
        h.entries().iter().map(|e| e.label.clone()).collect()
    };
    assert_eq!(labels(&back), ["push 6", "push 7", "push 8", "push 9"]);
    assert_eq!(labels(&back), labels(&h));
    let (again, more) = out_of_band(&back);
    let mut read: History<Vec<i32>> = in_band(&again, &more).unwrap();
    while read.can_undo() {
        read.undo().expect("an entry to undo");
    }
    assert_eq!(*read.current(), (0..=6).collect::<Vec<i32>>());
}

/// A history is never recorded past what a save may hold when read back (docs/store.md): a
/// capacity asked over [`MAX_ENTRIES`] is held there, so the oldest entries are forgotten and
/// the history still loads.
#[test]
fn a_history_never_records_more_entries_than_a_save_may_hold() {
    let mut h = History::with_capacity("start", 0, usize::MAX);
    assert_eq!(h.capacity, MAX_ENTRIES);
    for i in 1..=MAX_ENTRIES + 5 {
        h.record("step", i);
    }
    assert_eq!(h.len(), MAX_ENTRIES);
    assert_eq!(*h.current(), MAX_ENTRIES + 5);
    let text = serde_json::to_string(&h).unwrap();
    let back: History<usize> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.len(), MAX_ENTRIES);
    back.validate().unwrap();
    assert_eq!(History::with_capacity("start", 0, 0).capacity, 2);
}

/// A capacity over the entry limit (a file from before it was held there, or a hand edit) is
/// clamped to it as the history loads: the next action forgets the oldest instead of writing
/// a save that would be refused.
#[test]
fn a_capacity_over_the_entry_limit_is_clamped_as_it_loads() {
    let text = r#"{"cursor":0,"capacity":1000000,"entries":[{"label":"x","at":"2026-01-01T00:00:00Z","state":1}]}"#;
    let back: History<i32> = serde_json::from_str(text).unwrap();
    assert_eq!(back.capacity, MAX_ENTRIES);
}

/// Reaching the first entry walks down through every change; one that does not fit at entry
/// 250 is named there ("the change stored with entry 250"), not only as entry 1, the one
/// being reached (what `tablemate replay` and an undo report).
#[test]
fn an_entry_reached_through_a_change_that_does_not_fit_names_that_change() {
    let mut h = History::new("start", 0);
    for i in 1..300 {
        h.record(format!("step {i}"), i);
    }
    let text = serde_json::to_string(&h).unwrap();
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let change = file["entries"][249]["change"].to_string();
    assert!(change.contains("249"), "{change}");
    file["entries"][249]["change"] = serde_json::from_str(&change.replace("249", "7")).unwrap();
    let changes: Vec<String> = (1..300)
        .map(|i| file["entries"][i]["change"].to_string())
        .collect();
    let current = file["current"].to_string();
    file["digest"] = digest(299, &current, changes.iter().map(String::as_str)).into();
    let back: History<i32> = serde_json::from_str(&file.to_string()).unwrap();
    let err = back.state(0).unwrap_err().to_string();
    assert!(
        err.contains("history entry 1 ") && err.contains("entry 250 does not fit"),
        "{err}"
    );
}

#[test]
fn an_object_replaced_by_one_of_another_kind_is_one_set_not_one_per_field() {
    use super::delta::{Direction, Op, apply, diff};
    let a = serde_json::json!({"explained": [{"step": {"type": "move", "unit": "Knight",
        "path": ["c3", "c4"], "castle": "left"}, "why": [{"reason": "arrow", "from": "c3"}]}]});
    let b = serde_json::json!({"explained": [{"step": {"type": "attack", "attacker": "Raider",
        "target": "Knight", "damage": 1}, "why": [{"reason": "fights", "again": true}]}]});
    let ops = diff(&a, &b);
    assert_eq!(ops.len(), 1, "{ops:?}");
    assert!(matches!(&ops[0], Op::Set { .. }));
    // Still reversible both ways.
    let mut v = a.clone();
    apply(&mut v, &ops, Direction::Forward).expect("forward");
    assert_eq!(v, b);
    apply(&mut v, &ops, Direction::Backward).expect("backward");
    assert_eq!(v, a);
    // A small change inside a large object stays small.
    let mut c = a.clone();
    c["explained"][0]["step"]["castle"] = "right".into();
    let ops = diff(&a, &c);
    assert_eq!(ops.len(), 1);
    assert!(
        matches!(&ops[0], Op::Set { path, .. } if path.len() == 4),
        "{ops:?}"
    );
}
