//! Near and Far's session on the phones (docs/table-network.md, "Near and Far"): the active
//! threat line as the window's session card shows it, a threat card named once from a phone,
//! and each player's own end-of-game count (`score-player`) with the totals, who is still to
//! count and the winner on every seat.

use serde_json::{Value, json};

use super::HOSTILE;
use super::pages::{action_named, actions_on, fill, near_and_far_in_session};

/// The count a phone sends: `threats` as typed (the journey points on each card taken).
fn count(page: &str, camps: u32, coins: u32, threats: Value) -> Value {
    let form = action_named(page, "score-player");
    let n = |x: u32| json!(x);
    fill(
        &form,
        &[
            ("camps", n(camps)),
            ("artifacts", json!([3, 2])),
            ("threats", threats),
            ("unpurchased", n(0)),
            ("bonuses", n(1)),
            ("coins", n(coins)),
            ("gems", n(2)),
            ("factions", n(0)),
            ("chiefs", n(0)),
            ("reputation", n(3)),
            ("treasures", n(1)),
            ("wins_ties", json!(false)),
        ],
    )
}

#[test]
fn every_seat_shows_the_active_threat_by_name_or_level_with_who_took_which_card() {
    let s = near_and_far_in_session();
    let r = s.act("Ana", action_named(&s.page("Ana", ""), "defeat-threat"));
    assert_eq!(r.status, 200, "{}", r.body);
    for seat in ["table", "Ana", HOSTILE] {
        let page = s.page(seat, "");
        for line in [
            "Active threat: level 5<",
            "11 cards in the deck. Taken: level 4 (Bandit) by Rin",
            "Quest tokens left: 7 of 7",
            "Dusk town",
            "14th camp",
        ] {
            assert!(page.contains(line), "{seat} lacks {line:?}: {page}");
        }
    }
    // The card's name typed once on a phone: every seat shows it, and no one is asked again.
    let name = action_named(&s.page(HOSTILE, ""), "name-threat");
    assert_eq!(name["level"], 5);
    let r = s.act(HOSTILE, fill(&name, &[("name", json!("Sand Wolves"))]));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        s.last_label()
            .ends_with("Threat level 5 is named Sand Wolves")
    );
    for seat in ["table", "Ana", HOSTILE] {
        let page = s.page(seat, "");
        assert!(
            page.contains("Active threat: level 5 (Sand Wolves)"),
            "{seat}: {page}"
        );
        assert!(
            !actions_on(&page)
                .iter()
                .any(|a| a["action"] == "name-threat")
        );
    }
    // The table seat only reads.
    let r = s.act(
        "table",
        json!({"action": "name-threat", "level": 6, "name": "Ogre"}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
}

#[test]
fn a_player_counts_their_own_score_on_their_phone_and_every_seat_sees_the_totals_and_winner() {
    let s = near_and_far_in_session();
    let r = s.act("Ana", action_named(&s.page("Ana", ""), "defeat-threat"));
    assert_eq!(r.status, 200, "{}", r.body);
    let ana = s.page("Ana", "");
    let form = action_named(&ana, "score-player");
    assert_eq!(form["count"]["name"], "Rin", "the seat's own character");
    assert!(ana.contains("cards taken (level 4 (Bandit))"), "{ana}");
    // Checked as it is sent: two cards' points where Rin took one is refused with the rule.
    let wrong = count(&ana, 9, 4, json!([2, 3]));
    let r = s.act("Ana", wrong);
    assert_eq!(r.status, 422, "{}", r.body);
    // Another seat may not send Rin's count.
    let r = s.act(HOSTILE, count(&ana, 9, 4, json!([2])));
    assert_eq!(r.status, 403, "{}", r.body);
    let r = s.act("Ana", count(&ana, 9, 4, json!([2])));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(s.last_label(), "Ana's phone: Rin's end-of-game count");
    let table = s.page("table", "");
    assert!(table.contains("End-of-game count"), "{table}");
    assert!(table.contains("Rin: "), "{table}");
    assert!(table.contains("Still to count: Vera"), "{table}");
    // Ana's form now holds her count, to correct it.
    let again = s.page("Ana", "");
    assert!(again.contains("Your count is in (9 camps)"), "{again}");
    assert!(again.contains(r#"value="9""#), "{again}");
    // Vera counts on her own phone (no cards taken: nothing to type for them).
    let vera = s.page(HOSTILE, "");
    let r = s.act(HOSTILE, count(&vera, 5, 0, Value::Null));
    assert_eq!(r.status, 200, "{}", r.body);
    for seat in ["table", "Ana", HOSTILE] {
        let page = s.page(seat, "");
        assert!(
            page.contains("Every count is in. Winner so far (before trade routes): Rin"),
            "{seat}: {page}"
        );
    }
}
