//! Nothing is written that the store will not read back (docs/store.md): whatever `act`
//! accepts and saves, `check` and `check --deep` accept too.

use proptest::prelude::*;
use tablemate::store::Store;

use super::common::*;

/// An action for a Furnace Duel campaign: mostly ones the rules take (notes with any text,
/// results with any tallies, achievements claimed and withdrawn), some they refuse.
fn action() -> impl Strategy<Value = String> {
    let seat = prop_oneof![Just("a"), Just("b")];
    let text = prop_oneof![
        "\\PC{0,40}",
        "[a-z ]{0,20}".prop_map(|s| s.repeat(50)),
        any::<String>(),
        Just("\u{202e}\u{1b}[2J\"\\".to_string()),
    ];
    prop_oneof![
        text.prop_map(|note| serde_json::json!({"action": "set-runner-up-note", "note": note})
            .to_string()),
        (seat.clone(), 0u32..5)
            .prop_map(|(s, _)| format!(r#"{{"action":"claim-board","seat":"{s}"}}"#)),
        Just(r#"{"action":"withdraw-board"}"#.to_string()),
        (any::<u32>(), any::<u32>(), seat.clone()).prop_map(|(a, b, s)| format!(
            r#"{{"action":"record-result","result":{{"tallies":[{{"cash":{a}}},{{"cash":{b}}}],"first_player_token":"{s}"}}}}"#
        )),
        (seat, prop_oneof![Just("triple-upgrade"), Just("nope")]).prop_map(|(s, a)| format!(
            r#"{{"action":"claim-general","seat":"{s}","achievement":"{a}"}}"#
        )),
        Just(r#"{"action":"next-board","board":"alps"}"#.to_string()),
        Just(r#"{"action":"next-board","board":"baltic-sea"}"#.to_string()),
        Just(r#"{"action":"no-such-action"}"#.to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Any save `act` accepts (and writes) loads with `check` and `check --deep`, with any
    /// title a game can be made with (a long one is cut to the bound when the game is made).
    #[test]
    fn any_save_act_accepts_loads_with_check_and_check_deep(
        title in prop_oneof!["\\PC{0,30}", "\\PC{190,260}"],
        actions in proptest::collection::vec(action(), 1..12),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let mut first = game("first");
        first.title = tablemate::doc::Saved::new(title, "New", first.current().clone()).title;
        store.save("g", &first).unwrap();
        for a in &actions {
            let before = std::fs::read(store.save_path("g").unwrap()).unwrap();
            match store.act("g", std::slice::from_ref(a)) {
                Ok(_) => {}
                Err(e) => {
                    // Refused whole (a bad action, a write the store would not read back):
                    // nothing written.
                    let after = std::fs::read(store.save_path("g").unwrap()).unwrap();
                    prop_assert_eq!(before, after, "{}", e);
                }
            }
            let check = store.check_save("g");
            prop_assert!(check.is_ok(), "{a}: {check:?}");
            let deep = store.check_save_deep("g");
            prop_assert!(deep.is_ok(), "{a}: {deep:?}");
        }
        let out = crate::shared::run(dir.path(), &["check", "--deep", "g"]);
        prop_assert_eq!(out.code, 0, "{:?}", out);
    }
}
