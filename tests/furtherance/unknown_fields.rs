//! `deny_unknown_fields` on the player's actions: a misspelt or extra field is refused, never
//! read as if it were left out.

use tablemate::furtherance::Action;

/// One action of each type, in its JSON form (what `tablemate act` reads). `adopt-data` carries
/// whole board and unit files, checked as data files by their own reader.
const ONE_OF_EACH: [&str; 19] = [
    r#"{"action":"recruit","kind":0,"square":"c2"}"#,
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
    r#"{"action":"end-turn"}"#,
];

#[test]
fn every_furtherance_action_refuses_an_extra_field() {
    for json in ONE_OF_EACH {
        let action: Action =
            serde_json::from_str(json).unwrap_or_else(|e| panic!("{json} should read: {e}"));
        crate::shared::an_extra_field_anywhere_is_refused(&action)
            .unwrap_or_else(|e| panic!("{json}: {e}"));
    }
    let e = serde_json::from_str::<Action>(r#"{"action":"move","unit":1,"too":"c3","to":"c4"}"#)
        .unwrap_err();
    assert!(e.to_string().contains("unknown field"), "{e}");
}
