//! Furnace Duel: each player enters their own tally from their own phone (docs/furnace-duel.md,
//! "Each player enters their own tally"): the half waits, the other seat is told, and the
//! second half makes the result. A seat may send only its own half.

use serde_json::{Value, json};
use tablemate::furnace_duel::{Campaign, Seat};

use super::pages::{Shared, action_named, assert_light, fill};

fn own_tally(s: &Shared, seat: &str, cash: u32, first: &str) -> Value {
    let page = s.page(seat, "");
    let form = action_named(&page, "record-tally");
    let n = |x: u32| json!(x);
    fill(
        &form,
        &[
            ("my_cash", n(cash)),
            ("my_tech", n(1)),
            ("my_bonus", n(0)),
            ("my_company", n(2)),
            ("my_resources", n(3)),
            ("first", json!(first)),
        ],
    )
}

#[test]
fn each_player_enters_only_their_own_tally_and_the_second_makes_the_result() {
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(root.path(), &["furnace-duel", "new", "Ann", "Bob"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out
        .stdout
        .trim()
        .rsplit(' ')
        .next()
        .expect("an id")
        .to_string();
    let s = Shared::new(root, &id);
    let page = s.page("Ann", "");
    assert!(page.contains("Enter my tally"), "{page}");
    assert_light(&s, &page);
    let ann = own_tally(&s, "Ann", 40, "a");
    assert_eq!(ann["seat"], "a");
    assert_eq!(ann["tally"]["cash"], 40);
    // Bob's seat (and the table's) may not send Ann's half.
    assert_eq!(s.act("Bob", ann.clone()).status, 403);
    assert_eq!(s.act("table", ann.clone()).status, 403);
    let r = s.act("Ann", ann);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        s.last_label(),
        "Ann's phone: Game 1 (Britain): Ann's tally in (42 money); waiting for Bob's"
    );
    assert!(s.page("Ann", "").contains("Your tally is in (42 money)"));
    let bob_page = s.page("Bob", "");
    assert!(bob_page.contains("tally is in: enter yours"), "{bob_page}");
    // The phone asks for the token only for a tie: its choice starts blank.
    assert!(
        bob_page.contains("Only if the totals tie")
            && bob_page.contains(r#"<option value="" selected>"#),
        "{bob_page}"
    );
    // An absolute tie (42 each, same cards and resources) where Bob says Bob held the token
    // and Ann said Ann: refused with the rule, nothing changes.
    let disagree = own_tally(&s, "Bob", 40, "b");
    let r = s.act("Bob", disagree);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("1st player token"), "{}", r.body);
    // Not a tie: Bob leaves the token blank (or on himself) and the money decides.
    let bob = own_tally(&s, "Bob", 30, "");
    assert_eq!(bob["seat"], "b");
    let r = s.act("Bob", bob);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(s.last_label().contains("Ann wins"), "{}", s.last_label());
    let c: Campaign = s.state();
    let o = c.outcome(0).expect("the result");
    assert_eq!((o.winner, o.money), (Seat::A, [42, 32]));
    assert!(
        !s.page("Ann", "").contains("Enter my tally"),
        "the game is scored"
    );
}

#[test]
fn the_table_seat_shows_whose_tally_is_in() {
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(root.path(), &["furnace-duel", "new", "Ann", "Bob"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out
        .stdout
        .trim()
        .rsplit(' ')
        .next()
        .expect("an id")
        .to_string();
    let s = Shared::new(root, &id);
    let table = s.page("table", "");
    assert!(table.contains("Ann: tally not in yet"), "{table}");
    assert!(table.contains("Bob: tally not in yet"), "{table}");
    let r = s.act("Ann", own_tally(&s, "Ann", 40, ""));
    assert_eq!(r.status, 200, "{}", r.body);
    let table = s.page("table", "");
    assert!(table.contains("Ann: tally is in"), "{table}");
    assert!(table.contains("Bob: tally not in yet"), "{table}");
}

#[test]
fn the_standings_say_their_numbers_are_campaign_points_with_the_money_under_them() {
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(root.path(), &["furnace-duel", "new", "Ann", "Bob"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out.stdout.trim().rsplit(' ').next().expect("an id");
    let s = Shared::new(root, id);
    for (seat, cash) in [("Ann", 40), ("Bob", 30)] {
        let r = s.act(seat, own_tally(&s, seat, cash, ""));
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let table = s.page("table", "");
    assert!(
        table.contains("Campaign points for each game, with the money each tallied under them"),
        "{table}"
    );
    // Ann won game 1 on 42 money against Bob's 32 (own_tally adds 2 for the tech token).
    let row = &table[table.find("1. Britain").expect("game 1's row")..];
    let row = &row[..row.find("</tr>").unwrap_or(row.len())];
    assert!(row.contains(" pts"), "{row}");
    assert!(
        row.contains("42 money") && row.contains("32 money"),
        "{row}"
    );
}

#[test]
fn the_table_seat_is_headed_the_table_not_by_its_key() {
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(root.path(), &["furnace-duel", "new", "Ann", "Bob"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out.stdout.trim().rsplit(' ').next().expect("an id");
    let s = Shared::new(root, id);
    let table = s.page("table", "");
    assert!(table.contains("<h1>The table</h1>"), "{table}");
    assert!(table.contains("<title>The table · "), "{table}");
    assert!(s.page("Ann", "").contains("<h1>Ann</h1>"));
}
