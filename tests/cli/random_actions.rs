//! Random JSON actions at every game, as a script or a phone may send them: each action variant
//! of each game (a template per variant below, checked to cover them all), its numbers replaced
//! by random ones (0, huge, negative, fractional) and its strings by random text, sent in
//! random order through `Saved::act` on a save the CLI made. Nothing may panic, and every state
//! an action is accepted into saves, loads back equal and validates and gives only reminders
//! whose rules the bundled digest holds, and a refusal changes nothing and cites, if any, a
//! rules digest entry the bundled digest holds (docs/rules.md).
//! Throwing them through the host (`serve`) is in tests/host.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;
use tablemate::doc::{Playable, Saved};
use tablemate::store::Store;

use crate::random_json::{Dice, mutate, worldspanner_templates};
use crate::shared::run;

/// Applies `action` through `Saved::act`; an accepted state must save, load back equal and
/// validate, and a refusal must leave the save as it was.
fn act_and_check<T>(saved: &mut Saved<T>, action: T::Action) -> Result<(), TestCaseError>
where
    T: Playable + Clone + PartialEq + std::fmt::Debug + serde::Serialize,
    T: serde::de::DeserializeOwned,
{
    let before = saved.clone();
    let shown = serde_json::to_string(&action).unwrap_or_else(|_| format!("{action:?}"));
    let acted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| saved.act(action)));
    let Ok(acted) = acted else {
        return Err(TestCaseError::fail(format!("{shown} panicked")));
    };
    match acted {
        Ok(_) => {
            let text = serde_json::to_string(&*saved)
                .map_err(|e| TestCaseError::fail(format!("{shown}: saving: {e}")))?;
            let back: Saved<T> = serde_json::from_str(&text)
                .map_err(|e| TestCaseError::fail(format!("{shown}: loading: {e}")))?;
            prop_assert_eq!(&back, &*saved);
            back.validate()
                .map_err(|e| TestCaseError::fail(format!("{shown}: {e}")))?;
            // Every reminder the game now gives cites an entry the digest holds.
            for r in saved.current().reminders() {
                if let Some(rule) = r.rule {
                    prop_assert!(
                        rule.resolve(bundled_digest()).is_some(),
                        "after {shown} a reminder cites {rule}, which the bundled digest lacks"
                    );
                }
            }
        }
        Err(e) => {
            prop_assert_eq!(&*saved, &before, "a refusal changed the game");
            if let Some(rule) = tablemate::rules::Cites::rule(&e) {
                prop_assert!(
                    rule.resolve(bundled_digest()).is_some(),
                    "{shown} was refused citing {rule}, which the bundled digest lacks"
                );
            }
        }
    }
    Ok(())
}

fn bundled_digest() -> &'static tablemate::rules::Library {
    static LIBRARY: std::sync::OnceLock<tablemate::rules::Library> = std::sync::OnceLock::new();
    LIBRARY.get_or_init(|| tablemate::rules::Library::bundled().0)
}

/// The variants an action enum has, from serde's own refusal of an unknown one.
fn variants<A: serde::de::DeserializeOwned>() -> Vec<String> {
    let err = match serde_json::from_str::<A>(r#"{"action":"no-such-action"}"#) {
        Ok(_) => panic!("no-such-action was read"),
        Err(e) => e.to_string(),
    };
    let (_, listed) = err
        .split_once("expected one of")
        .unwrap_or_else(|| panic!("serde's refusal lists no variants: {err}"));
    listed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Every template reads as an action as written, and together they name every variant.
fn check_templates<A: serde::de::DeserializeOwned>(templates: &[String]) {
    let mut named = std::collections::BTreeSet::new();
    for t in templates {
        let v: Value = serde_json::from_str(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        named.insert(v["action"].as_str().expect("an action tag").to_string());
        if let Err(e) = serde_json::from_value::<A>(v) {
            panic!("template {t} does not read: {e}");
        }
    }
    let missing: Vec<_> = variants::<A>()
        .into_iter()
        .filter(|v| !named.contains(v))
        .collect();
    assert!(missing.is_empty(), "no template for {missing:?}");
}

/// Throws `cases` random runs of up to 24 actions each at `start`; returns how many actions
/// were read and how many of those were accepted, over all runs.
fn throw<T>(start: &Saved<T>, templates: &[String], cases: u32) -> (usize, usize)
where
    T: Playable + Clone + PartialEq + std::fmt::Debug + serde::Serialize,
    T: serde::de::DeserializeOwned,
{
    check_templates::<T::Action>(templates);
    let parsed: Vec<Value> = templates
        .iter()
        .map(|t| serde_json::from_str(t).expect("checked"))
        .collect();
    let counts = std::cell::Cell::new((0, 0));
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let steps = prop::collection::vec((0..parsed.len(), any::<u64>(), any::<bool>()), 1..24);
    let result = runner.run(&steps, |steps| {
        let mut saved = start.clone();
        for (which, seed, as_written) in steps {
            let mut v = parsed[which].clone();
            if !as_written {
                mutate(&mut v, &mut Dice(seed | 1));
            }
            // What does not read as an action is refused before any game sees it.
            let Ok(action) = serde_json::from_value::<T::Action>(v) else {
                continue;
            };
            let before = saved.history.len();
            act_and_check(&mut saved, action)?;
            let (read, accepted) = counts.get();
            counts.set((
                read + 1,
                accepted + usize::from(saved.history.len() > before),
            ));
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}: {e}", T::KIND.title());
    }
    counts.get()
}

/// The save `args` makes, read back through the store.
fn new_save<T: tablemate::doc::GameDoc>(root: &std::path::Path, args: &[&str]) -> Saved<T> {
    let out = run(root, args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let store = Store::open(root).unwrap();
    let ids: Vec<String> = std::fs::read_dir(root.join("saves"))
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".json")?.to_string())
        })
        .collect();
    let [id] = ids.as_slice() else {
        panic!("one save expected, found {ids:?}");
    };
    store.load(id).unwrap()
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

const CASES: u32 = 200;

#[test]
fn random_worldspanner_actions_never_panic_and_every_accepted_state_saves_and_validates() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["worldspanner", "new", "--seed", "7"];
    for f in ["lords", "defenders", "villains", "icons", "exemplars"] {
        args.extend(["--faction", f]);
    }
    let heroes: Vec<String> = (1..=6)
        .flat_map(|i| [format!("skyhawks=Sky{i}"), format!("psiclones=Psi{i}:5:2")])
        .collect();
    for h in &heroes {
        args.extend(["--hero", h.as_str()]);
    }
    let start: Saved<tablemate::worldspanner::Game> = new_save(dir.path(), &args);
    let (read, accepted) = throw(&start, &worldspanner_templates(), CASES);
    assert!(
        accepted > 0,
        "{accepted} of {read} accepted: nothing was exercised"
    );
}

#[test]
fn random_army_actions_never_panic_and_every_accepted_state_saves_and_validates() {
    let dir = tempfile::tempdir().unwrap();
    let start: Saved<tablemate::army::ArmyGame> = new_save(
        dir.path(),
        &["army", "new", "--player", "Ann", "--player", "Bob"],
    );
    let templates = strings(&[
        r#"{"action":"recruit","player":0,"kind":"tank"}"#,
        r#"{"action":"recruit","player":1,"kind":"scout"}"#,
        r#"{"action":"recruit","player":1,"kind":"tank"}"#,
        r#"{"action":"dismiss","player":0,"index":1}"#,
        r#"{"action":"hide","player":0}"#,
        r#"{"action":"show","player":0}"#,
        r#"{"action":"start","first":1}"#,
        r#"{"action":"attack","attacker":{"player":0,"index":1},"target":{"player":1,"index":1}}"#,
        r#"{"action":"attack","attacker":{"player":1,"index":0},"target":{"player":0,"index":0}}"#,
        r#"{"action":"promote","follower":{"player":0,"index":1},"promotion":"damage"}"#,
        r#"{"action":"end-turn"}"#,
        r#"{"action":"set-by-hand","follower":{"player":0,"index":0},"stats":{"movement":3,"damage":2,"max_health":5,"health":4}}"#,
        r#"{"action":"damage-by-hand","follower":{"player":1,"index":1},"amount":2}"#,
        r#"{"action":"become","follower":{"player":1,"index":1},"kind":"scout"}"#,
        r#"{"action":"gather-resource-card","follower":{"player":1,"index":0}}"#,
    ]);
    let (read, accepted) = throw(&start, &templates, CASES);
    assert!(
        accepted > 0,
        "{accepted} of {read} accepted: nothing was exercised"
    );
}

#[test]
fn random_furnace_duel_actions_never_panic_and_every_accepted_state_saves_and_validates() {
    let dir = tempfile::tempdir().unwrap();
    let start: Saved<tablemate::furnace_duel::Campaign> =
        new_save(dir.path(), &["furnace-duel", "new", "Ann", "Bob"]);
    let templates = strings(&[
        r#"{"action":"record-result","result":{"tallies":[{"cash":50,"tech_tokens":2},{"cash":48}],"first_player_token":"b"}}"#,
        r#"{"action":"record-tally","seat":"a","tally":{"cash":50,"tech_tokens":2},"first_player_token":"b"}"#,
        r#"{"action":"record-tally","seat":"b","tally":{"cash":50,"tech_tokens":3},"first_player_token":"b"}"#,
        r#"{"action":"claim-board","seat":"b"}"#,
        r#"{"action":"withdraw-board"}"#,
        r#"{"action":"claim-general","seat":"a","achievement":"triple-upgrade"}"#,
        r#"{"action":"withdraw-general","seat":"a","achievement":"triple-upgrade"}"#,
        r#"{"action":"use-bonus","seat":"b","from":"baltic-sea"}"#,
        r#"{"action":"unuse-bonus","seat":"b","from":"baltic-sea"}"#,
        r#"{"action":"set-runner-up-note","note":"Ferry token 3"}"#,
        r#"{"action":"next-board","board":"alps"}"#,
    ]);
    let (read, accepted) = throw(&start, &templates, CASES);
    assert!(
        accepted > 0,
        "{accepted} of {read} accepted: nothing was exercised"
    );
}

#[test]
fn random_near_and_far_actions_never_panic_and_every_accepted_state_saves_and_validates() {
    let dir = tempfile::tempdir().unwrap();
    let start: Saved<tablemate::near_and_far::Campaign> = new_save(
        dir.path(),
        &[
            "near-and-far",
            "new",
            "--mode",
            "campaign",
            "--player",
            "Ana=Rin",
            "--player",
            "Ben=Vera",
        ],
    );
    let templates = strings(&[
        r#"{"action":"start-session","map":2,"date":"2026-03-02","town":"dusk","characters":["Rin","Vera"]}"#,
        r#"{"action":"start-session","map":1,"date":"2026-03-02","town":"dusk","characters":["Rin","Vera"],"seed":5}"#,
        r#"{"action":"skip-map","map":4}"#,
        r#"{"action":"defeat-threat","character":"Rin"}"#,
        r#"{"action":"defeat-threat","character":"Vera","level":5}"#,
        r#"{"action":"defeat-boss","character":"Rin","boss":"Zag the Treasure Hunter"}"#,
        r#"{"action":"record-quest","character":"Rin","read":{"kind":"map-quest","code":"41"},"outcome":"success","rewards":{"keywords":["BRAVE"]},"date":"2026-03-02"}"#,
        r#"{"action":"cross-out-side-quest","character":"Rin","code":"Q178","date":"2026-03-02"}"#,
        r#"{"action":"buy-talent","character":"Rin","talent":"Fishing","date":"2026-03-02"}"#,
        r#"{"action":"write-next-quest","character":"Rin","code":"R4","date":"2026-03-02"}"#,
        r#"{"action":"note-reward","character":"Vera","item":{"type":"keyword-gained","keyword":"BRAVE"},"date":"2026-03-02"}"#,
        r#"{"action":"correct","character":"Rin","entry":1,"reason":"typo","replacement":{"type":"journey-points","session":1,"map":2,"points":31},"date":"2026-03-04"}"#,
        r#"{"action":"score-player","count":{"name":"Rin","camps":12,"reputation":4}}"#,
        r#"{"action":"finish-session","scores":{"players":[{"name":"Rin","camps":12,"reputation":4},{"name":"Vera","camps":9,"reputation":2}]},"date":"2026-03-02"}"#,
        r#"{"action":"add-character","player":"Cy","character":"Kiku","date":"2026-03-05"}"#,
        r#"{"action":"retire-character","character":"Kiku","date":"2026-03-05"}"#,
        r#"{"action":"set-card-points","card":"9","journey_points":3}"#,
        r#"{"action":"name-threat","level":6,"name":"Ogre"}"#,
        r#"{"action":"set-settings","settings":{"bosses_in_character_mode":true,"score":{"storytelling_on_tie":true}}}"#,
        r#"{"action":"remember-cards","cards":{"talents":[{"name":"Fishing","cost":1,"effect":"+1 food when fishing"}]}}"#,
    ]);
    let (read, accepted) = throw(&start, &templates, CASES);
    assert!(
        accepted > 0,
        "{accepted} of {read} accepted: nothing was exercised"
    );
}

#[test]
fn random_furtherance_actions_never_panic_and_every_accepted_state_saves_and_validates() {
    let dir = tempfile::tempdir().unwrap();
    let start: Saved<tablemate::furtherance::Game> =
        new_save(dir.path(), &["furtherance", "new", "--seed", "11"]);
    let templates = strings(&[
        r#"{"action":"recruit","kind":0,"square":"c2"}"#,
        r#"{"action":"recruit","unit":"Knight","square":"d1"}"#,
        r#"{"action":"mine"}"#,
        r#"{"action":"buy","items":["Potion","Report"]}"#,
        r#"{"action":"build","building":"Walls"}"#,
        r#"{"action":"develop","card":"Walls"}"#,
        r#"{"action":"discard-building","building":"Walls"}"#,
        r#"{"action":"discard-building","building":"Walls","at":1}"#,
        r#"{"action":"research","deck":"units"}"#,
        r#"{"action":"upgrade"}"#,
        r#"{"action":"use-item","item":"Potion","unit":1}"#,
        r#"{"action":"leader-power","unit":1}"#,
        r#"{"action":"leader-power","card":"Potion"}"#,
        r#"{"action":"leader-power","card":"Knight","square":"d1"}"#,
        r#"{"action":"move","unit":1,"to":"c3"}"#,
        r#"{"action":"attack-unit","attacker":1,"target":2}"#,
        r#"{"action":"attack-castle","attacker":1,"castle":"left"}"#,
        r#"{"action":"end-turn"}"#,
        r#"{"action":"next"}"#,
        r#"{"action":"answer","option":1}"#,
        r#"{"action":"place-unit","owner":"left","kind":0,"square":"d4"}"#,
        r#"{"action":"relocate","unit":1,"to":"d4"}"#,
        r#"{"action":"remove","unit":1,"to_research":false}"#,
        r#"{"action":"set-damage","unit":1,"damage":1}"#,
        r#"{"action":"set-hp-bonus","unit":1,"bonus":1}"#,
        r#"{"action":"set-castle-hp","castle":"left","hp":5}"#,
        r#"{"action":"act-again","unit":1}"#,
        r#"{"action":"set-vp","vp":3}"#,
        r#"{"action":"set-gold","gold":3}"#,
        r#"{"action":"set-workers","workers":3}"#,
        r#"{"action":"set-buildings","buildings":1}"#,
        r#"{"action":"adopt-data","data":{}}"#,
        r#"{"action":"adopt-data","data":{"buildings":{"data_kind":"furtherance-buildings","cards":[{"name":"Walls","hits":5,"copies":2}]}}}"#,
    ]);
    let (read, accepted) = throw(&start, &templates, CASES);
    assert!(
        accepted > 0,
        "{accepted} of {read} accepted: nothing was exercised"
    );
}
