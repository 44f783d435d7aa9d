//! Helpers every test crate shares, included by each as `#[path = "../shared/mod.rs"] mod
//! shared;` (a folder with no `main.rs`, so cargo builds it into no crate of its own): the CLI
//! run, the whole-app click, and the check every random-play property applies after an action.
//! Each crate uses a part of it, hence the `dead_code` allowance.
#![allow(dead_code)]

#[cfg(feature = "gui")]
pub mod frames;

use proptest::prelude::*;
use tablemate::cli::Output;
use tablemate::doc::{Playable, Saved};

/// Runs `tablemate ARGS` against the data folder `root`, with nothing on stdin.
pub fn run(root: &std::path::Path, args: &[&str]) -> Output {
    tablemate::cli::run_in(root, args, "")
}

/// Asserts that `text` (what a command printed) says every one of `words`, showing all of it
/// when one is missing.
#[track_caller]
pub fn says(text: &str, words: &[&str]) {
    for w in words {
        assert!(text.contains(w), "{w:?} is not in:\n{text}");
    }
}

/// Applies `action` through `Saved::act` as the GUI and `tablemate act` do, and checks what a
/// player can reach: the action's JSON form round-trips, an applied action leaves a game that
/// saves, loads back equal and validates, and a refusal changes nothing.
pub fn act_and_check<T>(s: &mut Saved<T>, action: T::Action) -> Result<(), TestCaseError>
where
    T: Playable + Clone + PartialEq + std::fmt::Debug + serde::Serialize,
    T: serde::de::DeserializeOwned,
    T::Action: PartialEq,
{
    let before = s.clone();
    an_extra_field_anywhere_is_refused(&action)?;
    let json = serde_json::to_string(&action).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let back: T::Action =
        serde_json::from_str(&json).map_err(|e| TestCaseError::fail(format!("{json}: {e}")))?;
    prop_assert_eq!(&back, &action);
    match s.act(action) {
        Ok(_) => {
            let text =
                serde_json::to_string(&*s).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let back: Saved<T> =
                serde_json::from_str(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&back, &*s);
            back.validate()
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        Err(_) => prop_assert_eq!(&*s, &before, "a refusal changed the game"),
    }
    Ok(())
}

/// `act_and_check` for an action a random legal-play property chose among the legal ones:
/// besides the checks, it must be accepted.
pub fn act_legal<T>(s: &mut Saved<T>, action: T::Action) -> Result<(), TestCaseError>
where
    T: Playable + Clone + PartialEq + std::fmt::Debug + serde::Serialize,
    T: serde::de::DeserializeOwned,
    T::Action: PartialEq + Clone + std::fmt::Debug,
{
    let before = s.clone();
    act_and_check(s, action.clone())?;
    prop_assert_ne!(&*s, &before, "legal {:?} was refused", action);
    Ok(())
}

/// The action's JSON with one field no type has, put in turn into each object of it (the
/// action itself, a challenge inside it, a hero reference...): every one is refused
/// (`deny_unknown_fields`), so a misspelt field is never read as if it were left out. Returns
/// how many objects were tried.
pub fn an_extra_field_anywhere_is_refused<A>(action: &A) -> Result<usize, TestCaseError>
where
    A: serde::Serialize + serde::de::DeserializeOwned,
{
    fn objects(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                out.push(at.clone());
                for (k, x) in m {
                    objects(
                        x,
                        format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    );
                }
            }
            serde_json::Value::Array(xs) => {
                for (i, x) in xs.iter().enumerate() {
                    objects(x, format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    let value = serde_json::to_value(action).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut at = Vec::new();
    objects(&value, String::new(), &mut at);
    for pointer in &at {
        let mut v = value.clone();
        if let Some(m) = v.pointer_mut(pointer).and_then(|o| o.as_object_mut()) {
            m.insert("unexpected_field".into(), serde_json::json!(1));
        }
        prop_assert!(
            serde_json::from_value::<A>(v.clone()).is_err(),
            "an extra field at {:?} was accepted: {}",
            pointer,
            v
        );
    }
    Ok(at.len())
}

/// The whole app, headless (iced_test): click a label, look for a text.
#[cfg(feature = "gui")]
pub mod app {
    use iced_test::simulator;
    use tablemate::gui::{App, Message};

    /// Clicks `label` on the current view and feeds the resulting messages back to the app.
    pub fn click(app: &mut App, label: &str) -> Result<(), iced_test::Error> {
        let mut ui = simulator(app.view());
        ui.click(label)?;
        let messages: Vec<Message> = ui.into_messages().collect();
        assert!(
            !messages.is_empty(),
            "clicking {label:?} produced no message"
        );
        for m in messages {
            let _ = app.update(m);
        }
        Ok(())
    }

    /// Whether `text` is on the app's current view.
    pub fn shows(app: &App, text: &str) -> bool {
        simulator(app.view()).find(text).is_ok()
    }
}
