//! Quest tokens at setup (p. 9, 38; docs/game-facts.md): 3 per player + 1, or 4 per player with Extra
//! Stories; named spaces first on a first campaign pass; seeded and saved with the session.

use serde_json::json;
use tablemate::doc::Saved;
use tablemate::near_and_far::campaign::Action;
use tablemate::near_and_far::session::Variants;
use tablemate::near_and_far::{Mode, tokens};

use crate::common::*;

fn start_json(s: &mut Saved<tablemate::near_and_far::Campaign>, m: u8, seed: u64) {
    let a: Action = serde_json::from_value(json!({"action": "start-session", "map": m,
        "date": "2026-03-02", "characters": ["Rin", "Vera"], "seed": seed}))
    .unwrap();
    s.act(a).expect("the session starts");
}

#[test]
fn quest_tokens_are_three_per_player_plus_one_or_four_per_player_with_extra_stories() {
    let f = facts();
    let m4 = f.map(map(4)).unwrap();
    for players in 2..=4 {
        assert_eq!(
            tokens::place(m4, players, false, true, 7).len(),
            3 * players + 1
        );
        assert_eq!(tokens::place(m4, players, true, true, 7).len(), 4 * players);
    }
}

#[test]
fn named_spaces_get_quest_tokens_first_on_a_first_campaign_pass() {
    let f = facts();
    let m4 = f.map(map(4)).unwrap();
    // Map 4 has 7 named spaces; 2 players place 7 tokens: exactly the named ones.
    let placed = tokens::place(m4, 2, false, true, 99);
    let mut named = m4.named_spaces.clone();
    let mut got = placed.clone();
    named.sort();
    got.sort();
    assert_eq!(got, named);
    // Not a first pass: any spaces of the map.
    let any: Vec<_> = (0..20)
        .map(|s| tokens::place(m4, 2, false, false, s))
        .collect();
    assert!(
        any.iter()
            .any(|p| p.iter().any(|c| !m4.named_spaces.contains(c)))
    );
    assert!(any.iter().flatten().all(|c| m4.quests.contains(c)));
}

#[test]
fn the_quest_token_draw_is_seeded_and_saved_with_the_session() {
    let mut a = Saved::new("a", "new", campaign(Mode::Campaign));
    let mut b = Saved::new("b", "new", campaign(Mode::Campaign));
    start_json(&mut a, 2, 1234);
    start_json(&mut b, 2, 1234);
    let sa = a.current().current_session().unwrap();
    assert_eq!(sa.quest_tokens.len(), 7);
    assert_eq!(sa.token_seed, Some(1234));
    assert_eq!(
        sa.quest_tokens,
        b.current().current_session().unwrap().quest_tokens
    );
    let f = facts();
    for named in &f.map(map(2)).unwrap().named_spaces {
        assert!(
            sa.quest_tokens.contains(named),
            "named space {named} on Map 2's first pass"
        );
    }
    let text = serde_json::to_string(&a).unwrap();
    let back: Saved<tablemate::near_and_far::Campaign> = serde_json::from_str(&text).unwrap();
    assert_eq!(
        back.current().current_session().unwrap().quest_tokens,
        sa.quest_tokens
    );
    back.validate().unwrap();
}

#[test]
fn save_validation_refuses_a_wrong_number_of_quest_tokens() {
    let mut c = campaign_with(
        Mode::Campaign,
        Variants::default(),
        &[("Ana", "Rin"), ("Ben", "Vera")],
    );
    start(&mut c, 2);
    c.validate().unwrap();
    c.sessions[0].quest_tokens.pop();
    let e = c.validate().unwrap_err();
    assert_eq!(e.at, "sessions[0].quest_tokens");
    assert_eq!(
        e.problem,
        "7 different spaces expected for 2 players (p. 9)"
    );
}
