//! Set-aside fields (`aside.rs`): kept once per entry, never in the changes, every state
//! rebuilt with its own, and saves from before they were set aside migrated as they load.

use serde::{Deserialize, Serialize};

use super::*;

/// A state whose `log` says how it came about, like Furtherance's explained steps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Told {
    n: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    log: Vec<String>,
}

impl SetAside for Told {
    const SET_ASIDE: &'static [&'static str] = &["log"];
}

/// The same state as a game that sets nothing aside (a save written before).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct OldTold {
    n: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    log: Vec<String>,
}

impl SetAside for OldTold {}

fn told(i: u32) -> Told {
    // Every third action says nothing, so entries without set-aside fields are covered.
    let log = match i % 3 {
        0 => Vec::new(),
        _ => vec![
            format!("a long explanation of step {i}"),
            format!("why {i}"),
        ],
    };
    Told { n: i, log }
}

fn old(t: &Told) -> OldTold {
    OldTold {
        n: t.n,
        log: t.log.clone(),
    }
}

fn states<T: Clone + Serialize + serde::de::DeserializeOwned + SetAside>(h: &History<T>) -> Vec<T> {
    (0..h.len()).map(|i| h.state(i).unwrap().clone()).collect()
}

/// Serialises as the store does, the entries beside the JSON.
fn out_of_band<T: Clone + Serialize + serde::de::DeserializeOwned + SetAside>(
    h: &History<T>,
) -> (String, String) {
    let (json, _, entries) = band::out_of_band(None, || serde_json::to_string(h).unwrap());
    (json, entries.expect("the entries handed over"))
}

fn in_band<T: Clone + Serialize + serde::de::DeserializeOwned + SetAside>(
    json: &str,
    entries: &str,
) -> History<T> {
    let (back, taken, _) = band::out_of_band(Some(entries.to_string()), || {
        serde_json::from_str::<History<T>>(json).unwrap()
    });
    assert!(taken);
    back
}

#[test]
fn set_aside_fields_are_kept_once_per_entry_and_never_in_the_changes() {
    let mut h = History::new("start", told(0));
    for i in 1..=29 {
        h.record(format!("step {i}"), told(i));
    }
    let text = serde_json::to_string(&h).unwrap();
    // Each explanation once: in its entry, and the current one again in the current state.
    assert_eq!(text.matches("a long explanation of step 28").count(), 1);
    assert_eq!(text.matches("a long explanation of step 29").count(), 2);
    assert!(text.contains(r#""set_aside":["log"]"#), "{text}");
    for link in h.links.iter().flatten() {
        assert!(!link.get().contains("explanation"), "{}", link.get());
    }
    let expected: Vec<Told> = (0..=29).map(told).collect();
    assert_eq!(states(&h), expected, "every state with its own log");
    // Read back whole, and with its entries unread, the same states, the same text again.
    let back: History<Told> = serde_json::from_str(&text).unwrap();
    assert_eq!(states(&back), expected);
    assert_eq!(back.as_written(), Some(true));
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    let (json, entries) = out_of_band(&h);
    let mut unread: History<Told> = in_band(&json, &entries);
    assert_eq!(unread.change_bytes(), h.change_bytes());
    for i in 30..=31 {
        unread.record(format!("step {i}"), told(i));
        h.record(format!("step {i}"), told(i));
    }
    assert_eq!(unread.change_bytes(), h.change_bytes());
    assert!(
        unread
            .unread
            .as_ref()
            .is_some_and(|u| u.read.get().is_none())
    );
    let (json, entries) = out_of_band(&unread);
    let again: History<Told> = in_band(&json, &entries);
    assert_eq!(states(&again), (0..=31).map(told).collect::<Vec<_>>());
    // Undo and redo make each state current with its own log; the deep check sees them.
    let mut walk = again.clone();
    while walk.can_undo() {
        walk.undo();
        assert_eq!(*walk.current(), told(walk.cursor() as u32));
    }
    walk.goto(31).unwrap();
    assert_eq!(*walk.current(), told(31));
    let mut seen = Vec::new();
    again
        .check_every_state(|i, s| {
            seen.push((i, s.clone()));
            Ok(())
        })
        .unwrap();
    seen.sort_by_key(|(i, _)| *i);
    let seen: Vec<Told> = seen.into_iter().map(|(_, s)| s).collect();
    assert_eq!(seen, (0..=31).map(told).collect::<Vec<_>>());
}

/// The set-aside text counts towards the bytes a history keeps: forgetting the oldest takes
/// theirs away, in memory and for entries kept unread alike.
#[test]
fn set_aside_text_counts_towards_the_bytes_kept_and_goes_with_its_entry() {
    let mut h = History::with_capacity("start", told(1), 4);
    for i in 2..=4 {
        h.record(format!("step {i}"), told(i));
    }
    let (json, entries) = out_of_band(&h);
    let mut back: History<Told> = in_band(&json, &entries);
    for i in 5..=12 {
        h.record(format!("step {i}"), told(i));
        back.record(format!("step {i}"), told(i));
        assert_eq!(back.change_bytes(), h.change_bytes(), "after step {i}");
    }
    let asides: usize = h.entries.iter().map(|e| aside::aside_len(&e.aside)).sum();
    let links: usize = h.links.iter().map(record::link_len).sum();
    assert!(asides > 0);
    assert_eq!(h.change_bytes(), asides + links);
    let (json, entries) = out_of_band(&back);
    let read: History<Told> = in_band(&json, &entries);
    assert_eq!(states(&read), (9..=12).map(told).collect::<Vec<_>>());
}

/// A save written before the field was set aside (its changes carry it, twice per entry)
/// loads with every state as it was, keeps its digest's verdict, and is written in the new
/// form, smaller, from then on.
#[test]
fn a_history_from_before_a_field_was_set_aside_is_migrated_as_it_loads() {
    let mut h = History::new("start", old(&told(0)));
    for i in 1..=20 {
        h.record(format!("step {i}"), old(&told(i)));
    }
    h.goto(12).unwrap();
    let before = serde_json::to_string(&h).unwrap();
    assert!(!before.contains("set_aside"));
    let expected: Vec<Told> = (0..=20).map(told).collect();
    let back: History<Told> = serde_json::from_str(&before).unwrap();
    assert_eq!(back.cursor(), 12);
    assert_eq!(states(&back), expected);
    assert_eq!(
        back.as_written(),
        Some(true),
        "the old digest still vouches"
    );
    let after = serde_json::to_string(&back).unwrap();
    assert!(after.contains(r#""set_aside":["log"]"#));
    assert!(
        after.len() < before.len(),
        "{} < {}",
        after.len(),
        before.len()
    );
    let again: History<Told> = serde_json::from_str(&after).unwrap();
    assert_eq!(states(&again), expected);
    assert_eq!(serde_json::to_string(&again).unwrap(), after);
    // Handed over beside the JSON as the store does, too.
    let (json, entries) = out_of_band(&h);
    let back: History<Told> = in_band(&json, &entries);
    assert_eq!(states(&back), expected);
    // And a version 2 history, every entry whole.
    let v2 = format!(
        r#"{{"cursor":1,"entries":[{{"label":"a","at":"2026-01-01T00:00:00Z","state":{}}},{{"label":"b","at":"2026-01-01T00:00:00Z","state":{}}}]}}"#,
        serde_json::to_string(&told(1)).unwrap(),
        serde_json::to_string(&told(2)).unwrap()
    );
    let back: History<Told> = serde_json::from_str(&v2).unwrap();
    assert_eq!(states(&back), vec![told(1), told(2)]);
}

/// The first entry (the new game) keeps its own set-aside fields: the change to the second is
/// computed without them, so they would otherwise be lost once it is not current.
#[test]
fn the_first_entry_keeps_its_set_aside_fields() {
    let mut h = History::new("start", told(1));
    h.record("step 2", told(2));
    let text = serde_json::to_string(&h).unwrap();
    let back: History<Told> = serde_json::from_str(&text).unwrap();
    assert_eq!(*back.state(0).unwrap(), told(1));
    let (json, entries) = out_of_band(&h);
    let mut unread: History<Told> = in_band(&json, &entries);
    unread.goto(0).unwrap();
    assert_eq!(*unread.current(), told(1));
}
