//! Each game's seat page and the actions on it, over real HTTP (docs/table-network.md, "What
//! each seat can do"): the page answers 200 and offers the action; the action sent as the
//! page sends it is applied (200), refused from another seat (403) and refused by the rules
//! with the rule's message (422). Pages stay under 100 KB with their script and style.

use std::sync::Arc;

use serde_json::{Value, json};
use tablemate::doc::Saved;
use tablemate::host::Host;
use tablemate::store::Store;

use super::http::{Reply, request};
use super::{HOSTILE, act, history, near_and_far_save};

/// A save shared in this process, as the window shares it.
pub(super) struct Shared {
    host: Host,
    root: tempfile::TempDir,
    id: String,
}

impl Shared {
    pub(super) fn new(root: tempfile::TempDir, id: &str) -> Shared {
        let store = Arc::new(Store::open(root.path()).expect("store"));
        let host = Host::start(store, id, "127.0.0.1:0".parse().expect("addr")).expect("host");
        Shared {
            host,
            root,
            id: id.to_string(),
        }
    }

    pub(super) fn addr(&self) -> String {
        self.host.addr().to_string()
    }

    pub(super) fn token(&self, seat: &str) -> String {
        let link = self
            .host
            .links()
            .into_iter()
            .find(|l| l.seat == seat)
            .unwrap_or_else(|| panic!("no seat {seat}"))
            .link;
        link.rsplit('/').next().unwrap_or_default().to_string()
    }

    pub(super) fn get(&self, path: &str) -> Reply {
        request(&self.addr(), "GET", path, &[], b"")
    }

    /// Seat `seat`'s page (`suffix` "" for the page itself, "/quest?n=41" for a lookup).
    pub(super) fn page(&self, seat: &str, suffix: &str) -> String {
        let r = self.get(&format!("/seat/{}{suffix}", self.token(seat)));
        assert_eq!(r.status, 200, "{}", r.body);
        r.body
    }

    pub(super) fn act(&self, seat: &str, action: Value) -> Reply {
        act(&self.addr(), &self.token(seat), action, None)
    }

    /// The game as saved now.
    pub(super) fn state<G: tablemate::doc::GameDoc>(&self) -> G {
        let saved: Saved<G> = Store::open(self.root.path())
            .expect("store")
            .load(&self.id)
            .expect("the save");
        saved.current().clone()
    }

    /// The window's own action (its JSON, as the window's history records it), applied as
    /// the window applies one while sharing; `one_step` as the window's Next step.
    pub(super) fn window_act(&self, action: &str, one_step: bool) -> Result<u64, String> {
        self.host
            .writer()
            .replay_window(&[(action.to_string(), one_step)])
            .map_err(|(_, why)| why)
    }

    pub(super) fn last_label(&self) -> String {
        history(self.root.path(), &self.id)
            .last()
            .cloned()
            .unwrap_or_default()
    }
}

/// The actions the page's buttons and forms carry (`data-act`), as the script reads them.
pub(super) fn actions_on(page: &str) -> Vec<Value> {
    page.split("data-act=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|a| {
            a.replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .filter_map(|a| serde_json::from_str(&a).ok())
        .collect()
}

/// The first action on the page named `name`.
pub(super) fn action_named(page: &str, name: &str) -> Value {
    actions_on(page)
        .into_iter()
        .find(|a| a["action"] == name)
        .unwrap_or_else(|| panic!("no {name} action on the page: {page}"))
}

/// Fills a form's `{field}` placeholders as the page's script does: in a list an
/// `{"$if": field, "then": x}` item is x only while the field is chosen (not false, null, ""
/// or 0), and `{"$pick": field, ...}` is the branch the field's value names.
pub(super) fn fill(v: &Value, fields: &[(&str, Value)]) -> Value {
    let get = |name: &str| fields.iter().find(|(k, _)| *k == name).map(|(_, x)| x);
    let chosen = |name: &Value| {
        name.as_str().and_then(get).is_some_and(|x| {
            !matches!(x, Value::Null | Value::Bool(false)) && *x != json!("") && *x != json!(0)
        })
    };
    match v {
        Value::String(s) if s.starts_with('{') && s.ends_with('}') => get(&s[1..s.len() - 1])
            .cloned()
            .unwrap_or_else(|| v.clone()),
        Value::Array(a) => Value::Array(
            a.iter()
                .filter(|x| x.get("$if").is_none_or(chosen))
                .map(|x| fill(x.get("$if").map_or(x, |_| &x["then"]), fields))
                .collect(),
        ),
        Value::Object(o) if o.contains_key("$pick") => {
            let picked = o["$pick"].as_str().and_then(get).map(|x| match x {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            });
            picked.map_or(Value::Null, |k| fill(&o[&k], fields))
        }
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), fill(x, fields)))
                .collect(),
        ),
        _ => v.clone(),
    }
}

fn run(root: &std::path::Path, args: &[&str], stdin: &str) -> String {
    let out = tablemate::cli::run_in(root, args, stdin);
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    out.stdout
}

fn new_id(stdout: &str) -> String {
    let v: Value = serde_json::from_str(stdout.trim()).expect("new's JSON");
    v["id"].as_str().expect("an id").to_string()
}

/// A page, its style and its script together stay under 100 KB (the issue's page weight).
pub(super) fn assert_light(s: &Shared, page: &str) {
    let css = s.get("/assets/seat.css").body.len();
    let js = s.get("/assets/seat.js").body.len();
    let total = page.len() + css + js;
    assert!(total < 100 * 1024, "page weight {total} bytes");
}

// --- Near and Far -------------------------------------------------------------------------

pub(super) fn near_and_far_in_session() -> Shared {
    let (root, id) = near_and_far_save();
    let start = r#"{"action":"start-session","map":2,"date":"2026-03-02","town":"dusk","characters":["Rin","Vera"]}"#;
    run(root.path(), &["act", &id, start], "");
    Shared::new(root, &id)
}

#[test]
fn a_near_and_far_seat_reads_its_quest_and_records_the_outcome_from_the_answer() {
    let s = near_and_far_in_session();
    let sheet = s.page("Ana", "");
    assert!(
        sheet.contains(&format!("action=\"/seat/{}/quest\"", s.token("Ana"))),
        "the sheet has the quest lookup: {sheet}"
    );
    // Map 2's named spaces (3 among them) always get quest tokens on the first pass, and a
    // quest is recorded only where a token stands (issue 35).
    let answer = s.page("Ana", "/quest?n=3");
    assert!(answer.contains("Read quest 3"), "{answer}");
    assert!(
        answer.contains("data-follow=\"no\""),
        "the answer holds still"
    );
    assert_light(&s, &answer);
    // The answer's Success button records quest 3.
    let record = action_named(&answer, "record-quest");
    assert_eq!(record["character"], "Rin");
    assert_eq!(record["read"]["code"], "3");
    let r = s.act("Ana", record.clone());
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(s.last_label(), "Ana's phone: Rin: quest 3, success");
    // Vera's seat may not record Rin's quest; the table seat reads no quests.
    assert_eq!(s.act(HOSTILE, record).status, 403);
    let table = s.get(&format!("/seat/{}/quest?n=41", s.token("table")));
    assert_eq!(table.status, 404);
    // A number that is no quest space is said plainly on the page.
    let bad = s.page("Ana", "/quest?n=R1");
    assert!(bad.contains("role=\"alert\""), "{bad}");
}

#[test]
fn recording_a_quests_outcome_asks_once_before_it_is_sent() {
    let s = near_and_far_in_session();
    let answer = s.page("Ana", "/quest?n=3");
    let buttons: Vec<&str> = answer
        .split("<button")
        .filter_map(|b| b.split('>').next())
        .filter(|b| b.contains("record-quest"))
        .collect();
    assert!(buttons.len() >= 2, "Success and Failed: {answer}");
    assert!(
        buttons.iter().all(|b| b.contains("data-confirm=\"Record")),
        "{buttons:?}"
    );
}

#[test]
fn a_near_and_far_seat_crosses_out_its_own_side_quest_and_sees_the_session() {
    let s = near_and_far_in_session();
    let given = json!({"action": "note-reward", "character": "Rin",
        "item": {"type": "side-quest-given", "code": "Q7"}, "date": "2026-03-02"});
    let r = s.act("Ana", given);
    assert_eq!(r.status, 200, "{}", r.body);
    let sheet = s.page("Ana", "");
    assert!(sheet.contains("Cross out side quest Q7"), "{sheet}");
    assert!(sheet.contains("Active threat: level 4"), "{sheet}");
    assert!(sheet.contains("Session 1 · Map 2"), "{sheet}");
    assert_light(&s, &sheet);
    let cross = action_named(&sheet, "cross-out-side-quest");
    assert_eq!(s.act(HOSTILE, cross.clone()).status, 403);
    assert_eq!(s.act("Ana", cross.clone()).status, 200);
    assert_eq!(
        s.last_label(),
        "Ana's phone: Rin: side quest Q7 crossed out"
    );
    // Crossing it out again is the rules' refusal, with the rule's message.
    let r = s.act("Ana", cross);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.json()["error"].as_str().is_some_and(|e| e.contains("Q7")),
        "{}",
        r.body
    );
    // The table seat sees the session read-only.
    let table = s.page("table", "");
    assert!(table.contains("Active threat: level 4"), "{table}");
    assert!(
        actions_on(&table).is_empty(),
        "the table seat has no actions"
    );
}

fn rin(s: &Shared) -> tablemate::near_and_far::sheet::SheetView {
    let c: tablemate::near_and_far::Campaign = s.state();
    c.view("Rin").expect("Rin")
}

#[test]
fn a_near_and_far_seat_plays_its_whole_turn_threat_experience_side_quest_and_keyword() {
    let s = near_and_far_in_session();
    let sheet = s.page("Ana", "");
    // Defeat the active threat, from the phone.
    let defeat = action_named(&sheet, "defeat-threat");
    assert_eq!(defeat["character"], "Rin");
    let r = s.act("Ana", defeat);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        s.last_label().contains("defeats the active threat"),
        "{}",
        s.last_label()
    );
    // An experience reward, typed in.
    let before = rin(&s).xp_earned;
    let sheet = s.page("Ana", "");
    let xp = actions_on(&sheet)
        .into_iter()
        .find(|a| a["item"]["type"] == "experience-reward")
        .expect("the experience form");
    let xp = fill(&xp, &[("amount", json!(2)), ("quest", Value::Null)]);
    let r = s.act("Ana", xp);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(rin(&s).xp_earned, before + 2);
    // A side quest given, typed in (Campaign Mode).
    let side = actions_on(&sheet)
        .into_iter()
        .find(|a| a["item"]["type"] == "side-quest-given")
        .expect("the side quest form");
    let r = s.act(
        "Ana",
        fill(&side, &[("code", json!("Q12")), ("from", Value::Null)]),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        rin(&s)
            .pending_side_quests()
            .iter()
            .any(|q| q.to_string() == "Q12")
    );
    // A keyword, typed in.
    let word = actions_on(&sheet)
        .into_iter()
        .find(|a| a["item"]["type"] == "keyword-gained")
        .expect("the keyword form");
    let r = s.act("Ana", fill(&word, &[("keyword", json!("Brave"))]));
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn talents_are_offered_only_between_sessions_and_only_those_the_character_can_afford() {
    // Mid-session: the rules refuse every talent (p. 13), so none is offered.
    let s = near_and_far_in_session();
    let sheet = s.page("Ana", "");
    assert!(
        !actions_on(&sheet)
            .iter()
            .any(|a| a["action"] == "buy-talent"),
        "{sheet}"
    );
    assert!(sheet.contains("between sessions"), "{sheet}");
    // Between sessions: exactly the talents Rin's experience pays for.
    let (root, id) = near_and_far_save();
    let s = Shared::new(root, &id);
    let c: tablemate::near_and_far::Campaign = s.state();
    let xp = rin(&s).xp_available;
    let affordable: Vec<String> = c
        .cards
        .talents
        .iter()
        .filter(|t| i32::from(t.cost) <= xp)
        .map(|t| t.name.clone())
        .collect();
    let sheet = s.page("Ana", "");
    let offered: Vec<String> = actions_on(&sheet)
        .into_iter()
        .filter(|a| a["action"] == "buy-talent")
        .map(|a| a["talent"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(offered, affordable, "xp {xp}");
    assert!(offered.len() < c.cards.talents.len(), "not every talent");
    // Each asks once before the experience is spent.
    let asks = sheet
        .split("<button")
        .filter(|b| b.contains("buy-talent"))
        .all(|b| {
            b.split('>')
                .next()
                .is_some_and(|t| t.contains("data-confirm"))
        });
    assert!(asks, "{sheet}");
}

/// The actions the buttons of a form with several outcomes carry (`data-send`).
fn sends_on(page: &str) -> Vec<Value> {
    actions_on(&page.replace("data-send=\"", "data-act=\""))
        .into_iter()
        .filter(|a| a["action"] == "record-quest")
        .collect()
}

/// A Character mode campaign of Ana (Rin) and Vera, in a session on Map 6.
fn near_and_far_character_mode() -> Shared {
    let root = tempfile::tempdir().expect("temp");
    let id = new_id(&run(
        root.path(),
        &[
            "near-and-far",
            "new",
            "--mode",
            "character",
            "--player",
            "Ana=Rin",
            "--player",
            "Bo=Vera",
            "--json",
        ],
        "",
    ));
    let start = r#"{"action":"start-session","map":6,"date":"2026-03-02","town":"dusk","characters":["Rin","Vera"]}"#;
    run(root.path(), &["act", &id, start], "");
    Shared::new(root, &id)
}

fn rins_view(s: &Shared) -> tablemate::near_and_far::sheet::SheetView {
    let saved: Saved<tablemate::near_and_far::Campaign> = Store::open(s.root.path())
        .expect("store")
        .load(&s.id)
        .expect("the campaign");
    saved.current().view("Rin").expect("Rin")
}

#[test]
fn a_character_mode_seat_records_its_quest_with_the_next_code_typed_on_the_phone() {
    let s = near_and_far_character_mode();
    let answer = s.page("Ana", "/quest?n=70");
    assert!(answer.contains("Read character quest R1"), "{answer}");
    assert!(answer.contains("Next code written on the card"), "{answer}");
    let outcomes = sends_on(&answer);
    let failed = outcomes
        .iter()
        .find(|a| a["outcome"] == "failed")
        .unwrap_or_else(|| panic!("no Failed on the answer: {answer}"));
    assert_eq!(failed["next"], "{next}", "the next code is the form's");
    // The phone fills what was typed: the next code and "the story goes on".
    let typed = fill(failed, &[("next", json!("R3")), ("ending", json!(false))]);
    assert_eq!(s.act("Bo", typed.clone()).status, 403);
    let r = s.act("Ana", typed);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = rins_view(&s);
    assert_eq!(v.next_quest.map(|q| q.to_string()), Some("R3".to_string()));
    assert_eq!(
        v.xp_earned, 2,
        "a failed character quest still gives experience"
    );
}

#[test]
fn a_character_mode_seat_ends_the_story_with_no_next_code_and_the_rules_refuse_both() {
    let s = near_and_far_character_mode();
    let answer = s.page("Ana", "/quest?n=70");
    assert!(
        answer.contains("<option value=\"true\">ends here</option>"),
        "{answer}"
    );
    let success = sends_on(&answer)
        .into_iter()
        .find(|a| a["outcome"] == "success")
        .unwrap_or_else(|| panic!("no Success on the answer: {answer}"));
    // An ending with a next code is the rules' refusal, with its message.
    let both = fill(&success, &[("next", json!("R3")), ("ending", json!(true))]);
    let r = s.act("Ana", both);
    assert_eq!(r.status, 422, "{}", r.body);
    // The next field left empty is sent as no code (`data-optional`).
    assert!(answer.contains("name=\"next\""), "{answer}");
    let ends = fill(&success, &[("next", Value::Null), ("ending", json!(true))]);
    let r = s.act("Ana", ends);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(rins_view(&s).story_ended, "the story ended");
}

#[test]
fn a_campaign_mode_seat_asks_no_next_code() {
    let s = near_and_far_in_session();
    let answer = s.page("Ana", "/quest?n=41");
    assert!(
        !answer.contains("Next code written on the card"),
        "{answer}"
    );
    let record = action_named(&answer, "record-quest");
    assert_eq!(record["next"], Value::Null);
    assert_eq!(record["ending"], false);
}

// --- Rules lookup -------------------------------------------------------------------------

#[test]
fn the_rules_lookup_reads_the_data_folders_own_digest_like_the_window() {
    let (root, id) = near_and_far_save();
    let rel = "data/rules/near-and-far.json";
    let bundled = tablemate::bundled::get(rel).expect("bundled digest");
    let mut digest: Value = serde_json::from_str(bundled).expect("digest JSON");
    digest["entries"].as_array_mut().expect("entries").push(
        json!({"id": "house-rule", "title": "Our table's zanzibar rule",
            "tags": ["zanzibar"], "summary": "A house note on zanzibar.", "page": "2"}),
    );
    let path = root.path().join(rel);
    std::fs::create_dir_all(path.parent().expect("folder")).expect("folder");
    std::fs::write(&path, digest.to_string()).expect("the user's digest");
    let s = Shared::new(root, &id);
    let page = s.page("Ana", "/rules?q=zanzibar");
    assert!(
        page.contains("Our table&#39;s zanzibar rule")
            || page.contains("Our table's zanzibar rule"),
        "{page}"
    );
    assert_light(&s, &page);
}

// --- Worldspanner -------------------------------------------------------------------------

/// A Worldspanner game shared in this process, Sky1 on the map, changed by `set` first.
pub(super) fn worldspanner_with(
    physical: bool,
    set: impl FnOnce(&mut tablemate::worldspanner::Game),
) -> Shared {
    worldspanner_sized(6, physical, set)
}

/// [`worldspanner_with`] with `heroes` heroes a team.
pub(super) fn worldspanner_sized(
    heroes: u8,
    physical: bool,
    set: impl FnOnce(&mut tablemate::worldspanner::Game),
) -> Shared {
    use tablemate::worldspanner::{self, MapDesign, TeamSide, sample};
    let root = tempfile::tempdir().expect("temp");
    let store = Store::open(root.path()).expect("store");
    let mut g =
        worldspanner::Game::new(sample::setup(MapDesign::Standard, heroes, 10, 7).expect("setup"))
            .expect("a game");
    g.team_mut(TeamSide::Skyhawks).physical = physical;
    // Sky1 is in the arena (a Reinforce step earlier).
    g.team_mut(TeamSide::Skyhawks).heroes[0].status = worldspanner::HeroStatus::OnMap;
    set(&mut g);
    let id = store.new_id(tablemate::doc::Kind::Worldspanner);
    store
        .save(&id, &Saved::new("Test", "New game", g))
        .expect("saved");
    drop(store);
    Shared::new(root, &id)
}

#[test]
fn a_worldspanner_team_enters_the_face_of_the_card_it_flipped() {
    use tablemate::worldspanner::{Step, TeamSide};
    // The Skyhawks' Adventure step: Sky1, on the map, may adventure.
    let s = worldspanner_with(true, |g| {
        g.rounds.round = 2;
        g.rounds.active = TeamSide::Skyhawks;
        g.rounds.step = Step::Adventure;
    });
    let page = s.page("Skyhawks", "");
    for shown in [
        "No card drawn yet",
        "Domes",
        "Odds over the whole",
        "Enter the card",
        "<b>Psiclones</b> <small>read-only",
    ] {
        assert!(page.contains(shown), "{shown}: {page}");
    }
    assert_light(&s, &page);
    let reads: Vec<Value> = actions_on(&page)
        .into_iter()
        .filter(|a| a["action"] == "read")
        .collect();
    let then = |what: &str, field: &str| {
        reads
            .iter()
            .find(|a| a["then"]["action"] == what && !a["then"][field].is_null())
            .cloned()
            .unwrap_or_else(|| panic!("no read then {what} with {field}: {page}"))
    };
    // The adventures are sent as the window sends them: `adventure`, results applied. The
    // first hero has two such forms (a Faction key's Task or Quest; Lith's Lair or Death's
    // Edge), and each, filled in as the page's script fills it, is an action of the game.
    let adventures: Vec<&Value> = reads
        .iter()
        .filter(|a| a["then"]["action"] == "adventure" && a["then"]["hero"]["hero"] == 0)
        .collect();
    assert_eq!(adventures.len(), 2, "{page}");
    let fields = [
        ("type", json!("faction-task")),
        ("faction", json!("lords")),
        ("space", json!(0)),
        ("adventure", json!({"type": "vortex"})),
        ("rating", json!(5)),
        ("against", json!(5)),
        ("face", json!("pass")),
    ];
    let mut kinds = Vec::new();
    for form in adventures {
        let filled = fill(form, &fields);
        serde_json::from_value::<tablemate::worldspanner::Action>(filled.clone())
            .unwrap_or_else(|e| panic!("the form's action is not an action: {e}: {filled}"));
        kinds.push(filled["then"]["adventure"]["type"].clone());
    }
    assert_eq!(kinds, [json!("faction-task"), json!("vortex")]);
    let read = fill(
        &then("challenge", "challenge"),
        &[
            ("rating", json!(5)),
            ("against", json!(5)),
            ("face", json!("pass")),
        ],
    );
    let r = s.act("Psiclones", read.clone());
    assert_eq!(r.status, 403, "{}", r.body);
    let r = s.act("Skyhawks", read);
    assert_eq!(r.status, 200, "{}", r.body);
    let after = s.page("Psiclones", "");
    assert!(
        after.contains("Pass"),
        "the challenge shows on the other team's page: {after}"
    );
    // No dismissal waits for a Dome range: the rules refuse one.
    let r = s.act("Skyhawks", json!({"action": "read-domes", "domes": "3-4"}));
    assert_eq!(r.status, 422, "{}", r.body);
}

// --- Furnace Duel -------------------------------------------------------------------------

#[test]
fn a_furnace_duel_seat_enters_the_tallies_and_sees_the_standings() {
    let root = tempfile::tempdir().expect("temp");
    let out = run(root.path(), &["furnace-duel", "new", "Ann", "Bob"], "");
    let id = out.trim().rsplit(' ').next().expect("an id").to_string();
    let s = Shared::new(root, &id);
    let page = s.page("Ann", "");
    assert!(
        page.contains("Standings") && page.contains("Enter the tallies"),
        "{page}"
    );
    assert_light(&s, &page);
    let form = action_named(&page, "record-result");
    let n = |x: u32| json!(x);
    let result = fill(
        &form,
        &[
            ("my_cash", n(40)),
            ("my_tech", n(0)),
            ("my_bonus", n(0)),
            ("my_company", n(2)),
            ("my_resources", n(1)),
            ("their_cash", n(30)),
            ("their_tech", n(0)),
            ("their_bonus", n(0)),
            ("their_company", n(1)),
            ("their_resources", n(0)),
            ("first", json!("a")),
        ],
    );
    assert_eq!(
        result["result"]["tallies"][0]["cash"], 40,
        "Ann's own first"
    );
    assert_eq!(s.act("table", result.clone()).status, 403);
    let r = s.act("Ann", result);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(s.last_label().contains("Ann wins"), "{}", s.last_label());
    let bob = s.page("Bob", "");
    assert!(
        bob.contains("<small>40 money</small>"),
        "the standings show the game: {bob}"
    );
    // Bob's claim is Bob's; a second claim of the board is the rules' refusal (taken, or
    // a board without one).
    let claim = json!({"action": "claim-board", "seat": "b"});
    assert_eq!(s.act("Ann", claim.clone()).status, 403);
    let _first = s.act("Bob", claim.clone());
    let again = s.act("Bob", claim);
    assert_eq!(again.status, 422, "{}", again.body);
    assert!(
        again.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains('p')),
        "{}",
        again.body
    );
}

// --- Army ---------------------------------------------------------------------------------

#[test]
fn an_army_seat_acts_for_its_own_followers() {
    let s = army_in_play();
    let page = s.page("Ann", "");
    assert!(page.contains("Gather a Resource Card"), "{page}");
    assert_light(&s, &page);
    let attack = action_named(&page, "attack");
    let attack = fill(&attack, &[("target", json!({"player": 1, "index": 1}))]);
    assert_eq!(s.act("Bob", attack.clone()).status, 403);
    let r = s.act("Ann", attack);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        s.last_label().starts_with("Ann's phone: "),
        "{}",
        s.last_label()
    );
    // No kill, no promotion to spend: no Promote button, and the rules refuse one sent anyway
    // with their message.
    let page = s.page("Ann", "");
    assert!(
        !actions_on(&page).iter().any(|a| a["action"] == "promote"),
        "Promote offered with nothing earned: {page}"
    );
    let promote = json!({"action": "promote", "follower": {"player": 0, "index": 1},
        "promotion": tablemate::army::Promotion::ALL[0]});
    let r = s.act("Ann", promote);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.json()["error"].as_str().is_some_and(|e| !e.is_empty()));
}

#[test]
fn only_the_general_whose_turn_it_is_ends_it_and_a_seat_reads_its_own_army_first() {
    let s = army_in_play();
    let end_turn = json!({"action": "end-turn"});
    let ann = s.page("Ann", "");
    let bob = s.page("Bob", "");
    let offers_end = |page: &str| actions_on(page).iter().any(|a| a["action"] == "end-turn");
    assert!(
        offers_end(&ann),
        "Ann's turn: her phone offers End turn: {ann}"
    );
    assert!(
        !offers_end(&bob),
        "Bob's phone offers to end Ann's turn: {bob}"
    );
    // Bob's own army is the first one his page shows.
    let first_army = |page: &str, a: &str, b: &str| page.find(a) < page.find(b);
    assert!(first_army(&bob, "<h2>Bob</h2>", "<h2>Ann</h2>"), "{bob}");
    assert!(first_army(&ann, "<h2>Ann</h2>", "<h2>Bob</h2>"), "{ann}");
    // Sent anyway, Bob's end of Ann's turn is refused and changes nothing.
    let r = s.act("Bob", end_turn.clone());
    assert_eq!(r.status, 403, "{}", r.body);
    let r = s.act("Ann", end_turn);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        s.last_label().contains("Ann ends the turn; Bob to play"),
        "{}",
        s.last_label()
    );
}

#[test]
fn a_hidden_army_is_hidden_on_every_other_phone_targets_included() {
    let s = army_in_play();
    let r = s.act("Bob", json!({"action": "hide", "player": 1}));
    assert_eq!(r.status, 200, "{}", r.body);
    let ann = s.page("Ann", "");
    // A target is an option naming Bob's follower (player 1).
    let bobs_target = "&quot;player&quot;:1}\">Bob's ";
    assert!(ann.contains("Army written in secret"), "{ann}");
    assert!(
        !ann.contains(bobs_target),
        "no follower of Bob's offered: {ann}"
    );
    // Shown again, Bob's followers are targets again.
    assert_eq!(
        s.act("Bob", json!({"action": "show", "player": 1})).status,
        200
    );
    let ann = s.page("Ann", "");
    assert!(ann.contains(bobs_target), "{ann}");
}

// --- Furtherance --------------------------------------------------------------------------

#[test]
fn the_furtherance_board_wears_the_windows_colours_across_purple_and_right_green() {
    let s = army_in_play();
    let css = s.get("/assets/seat.css").body;
    // The window's seat colours (src/gui/style.rs, seat_colour): you, Left, Across, Right.
    for (owner, colour) in [
        ("player", "#1f5fa8"),
        ("left", "#b3261e"),
        ("across", "#6a3d9a"),
        ("right", "#1e7a3c"),
    ] {
        let rule = format!(".board .o-{owner} {{ background: {colour}; }}");
        assert!(css.contains(&rule), "{rule}");
    }
    // Each kingdom's tint follows its owner's hue: Across purple, Right green.
    assert!(
        css.contains(".board .k-across { background: #efe2f4; }"),
        "{css}"
    );
    assert!(
        css.contains(".board .k-right { background: #e6f1dc; }"),
        "{css}"
    );
}

#[test]
fn the_furtherance_table_seat_shows_the_enemy_turn_with_the_clis_explanations() {
    let root = tempfile::tempdir().expect("temp");
    let id = new_id(&run(
        root.path(),
        &["furtherance", "new", "--seed", "11", "--json"],
        "",
    ));
    run(root.path(), &["act", &id, r#"{"action":"end-turn"}"#], "");
    let saved: Saved<tablemate::furtherance::Game> = Store::open(root.path())
        .expect("store")
        .load(&id)
        .expect("the game");
    let steps = saved.current().explained().to_vec();
    assert!(!steps.is_empty(), "the enemy turn has steps");
    let s = Shared::new(root, &id);
    let page = s.page("table", "");
    assert_light(&s, &page);
    let escape = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let mut whys = 0;
    for e in &steps {
        assert!(
            page.contains(&escape(&e.step.text())),
            "{}: {page}",
            e.step.text()
        );
        for r in &e.reasons.why {
            let line = format!("Why: {}", tablemate::furtherance::describe(r));
            assert!(page.contains(&escape(&line)), "{line}");
            whys += 1;
        }
    }
    assert!(whys > 0, "the steps carry their explanations");
    assert!(actions_on(&page).is_empty(), "the table seat only shows");
}

/// A Furtherance game made by the CLI in `root` (seed 11), opened from the store and its turn
/// ended the window's way (`act_one_step`, not yet saved): its id, the store and the game.
fn furtherance_turn_ended(
    root: &std::path::Path,
) -> (String, Store, Saved<tablemate::furtherance::Game>) {
    let id = new_id(&run(
        root,
        &["furtherance", "new", "--seed", "11", "--json"],
        "",
    ));
    let store = Store::open(root).expect("store");
    let mut saved: Saved<tablemate::furtherance::Game> = store.load(&id).expect("the game");
    saved
        .act_one_step(tablemate::furtherance::Action::EndTurn {})
        .expect("end turn");
    (id, store, saved)
}

#[test]
fn the_furtherance_table_seat_lists_each_stepped_enemy_step_once_entry_by_entry() {
    use tablemate::furtherance::Action;
    let root = tempfile::tempdir().expect("temp");
    // The window's way: End turn, then Next step by step, each its own history entry.
    let (id, store, mut saved) = furtherance_turn_ended(root.path());
    for _ in 0..3 {
        saved.act_one_step(Action::Next {}).expect("a step");
    }
    store.save(&id, &saved).expect("saved");
    let entries = saved.history.entries();
    let cursor = saved.history.cursor();
    let stepped: Vec<usize> = (cursor - 3..=cursor).collect();
    drop(store);
    let s = Shared::new(root, &id);
    let page = s.page("table", "");
    let escape = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    // Each step once: a stepped entry's label is its step's text, not repeated under it.
    let list = &page[page.find("<ol class=\"steps\"").expect("the steps")..];
    let list = &list[..list.find("</ol>").unwrap_or(list.len())];
    let mut steps = 0;
    for i in stepped {
        assert!(
            page.contains(&escape(&entries[i].label)),
            "entry {i} {:?} is not listed: {page}",
            entries[i].label
        );
        for e in saved.history.state(i).expect("state").explained() {
            let text = escape(&e.step.text());
            assert!(page.contains(&text), "{}", e.step.text());
            assert_eq!(
                list.matches(&text).count(),
                1,
                "listed once: {text}: {list}"
            );
            steps += 1;
        }
    }
    assert!(steps > 1, "more than the newest entry's steps are shown");
}

/// An army game in play: Ann (General, Grunt) against Bob (General, Tank), Ann to move.
fn army_in_play() -> Shared {
    let root = tempfile::tempdir().expect("temp");
    let id = new_id(&run(
        root.path(),
        &[
            "army", "new", "--player", "Ann", "--player", "Bob", "--json",
        ],
        "",
    ));
    let script = r#"{"action":"recruit","player":0,"kind":"general"}
{"action":"recruit","player":0,"kind":"grunt"}
{"action":"recruit","player":1,"kind":"general"}
{"action":"recruit","player":1,"kind":"tank"}
{"action":"start","first":0}"#;
    run(root.path(), &["act", &id, "-"], script);
    Shared::new(root, &id)
}

/// The follower `at` in the save as it is now.
fn army_follower(s: &Shared, player: usize, index: usize) -> tablemate::army::Follower {
    let saved: Saved<tablemate::army::ArmyGame> = Store::open(s.root.path())
        .expect("store")
        .load(&s.id)
        .expect("the game");
    saved.current().players[player].followers[index].clone()
}

/// The action named `name` for follower (0, `index`) on Ann's page.
fn anns_action_for(page: &str, name: &str, index: usize) -> Value {
    actions_on(page)
        .into_iter()
        .find(|a| a["action"] == name && a["follower"] == json!({"player": 0, "index": index}))
        .unwrap_or_else(|| panic!("no {name} for Ann's follower {index}: {page}"))
}

#[test]
fn an_army_seat_sets_a_resource_cards_values_by_hand_for_its_own_follower() {
    let s = army_in_play();
    let page = s.page("Ann", "");
    assert!(page.contains("Set values"), "{page}");
    let set = anns_action_for(&page, "set-by-hand", 1);
    // The Bob seat's page offers nothing for Ann's followers.
    let bobs = s.page("Bob", "");
    assert!(
        !actions_on(&bobs)
            .iter()
            .any(|a| a["action"] == "set-by-hand" && a["follower"]["player"] == 0),
        "{bobs}"
    );
    let filled = fill(
        &set,
        &[
            ("movement", json!(5)),
            ("damage", json!(4)),
            ("max_health", json!(9)),
            ("health", json!(7)),
        ],
    );
    assert_eq!(s.act("Bob", filled.clone()).status, 403);
    let r = s.act("Ann", filled);
    assert_eq!(r.status, 200, "{}", r.body);
    let f = army_follower(&s, 0, 1);
    assert_eq!(
        (f.movement, f.damage, f.max_health, f.health),
        (5, 4, 9, 7),
        "past the caps, as a card may set them"
    );
    assert!(s.last_label().starts_with("Ann's phone: "));
    // The form comes back prefilled with the values now on the sheet.
    let page = s.page("Ann", "");
    assert!(
        page.contains("name=\"max_health\" type=\"number\" min=\"0\" max=\"20\" value=\"9\""),
        "{page}"
    );
}

#[test]
fn an_army_seat_deals_damage_by_hand_to_its_own_follower() {
    let s = army_in_play();
    let page = s.page("Ann", "");
    assert!(page.contains("Deal damage"), "{page}");
    let before = army_follower(&s, 0, 1).health;
    let damage = fill(
        &anns_action_for(&page, "damage-by-hand", 1),
        &[("amount", json!(1))],
    );
    assert_eq!(s.act("Bob", damage.clone()).status, 403);
    let r = s.act("Ann", damage);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(army_follower(&s, 0, 1).health, before - 1);
}

#[test]
fn an_army_seat_turns_its_own_follower_into_another_type_but_not_its_general() {
    let s = army_in_play();
    let page = s.page("Ann", "");
    let become_ = anns_action_for(&page, "become", 1);
    // The General is not a follower for a card that changes type: no Become for it, and
    // none offers to make a General.
    assert!(
        !actions_on(&page)
            .iter()
            .any(|a| a["action"] == "become" && a["follower"]["index"] == 0),
        "Become offered for the General"
    );
    assert!(!page.contains("<option value=\"general\">"), "{page}");
    assert!(page.contains("<option value=\"champion\">"), "{page}");
    let filled = fill(&become_, &[("kind", json!("champion"))]);
    assert_eq!(s.act("Bob", filled.clone()).status, 403);
    let r = s.act("Ann", filled);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        army_follower(&s, 0, 1).kind,
        tablemate::army::FollowerKind::Champion
    );
}

/// The board picture's squares: (square, class, what is written in it), as the page has them.
fn board_cells(page: &str) -> Vec<(String, String, String)> {
    page.split("<td ")
        .skip(1)
        .filter_map(|cell| {
            let attr = |name: &str| {
                cell.split(&format!("{name}=\""))
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .map(String::from)
            };
            let inside = cell.split_once('>')?.1.split("</td>").next()?.to_string();
            Some((
                attr("data-square")?,
                attr("class").unwrap_or_default(),
                inside,
            ))
        })
        .collect()
}

#[test]
fn the_furtherance_table_seat_draws_the_board_with_the_units_and_the_newest_steps_squares() {
    use tablemate::furtherance::{Action, Seat, Step};
    let root = tempfile::tempdir().expect("temp");
    // Stepped the window's way until an enemy unit has just moved.
    let (id, store, mut saved) = furtherance_turn_ended(root.path());
    let mut path = None;
    for _ in 0..200 {
        if let Some(Step::Move { path: p, .. }) =
            saved.current().explained().last().map(|e| &e.step)
        {
            path = Some(p.clone());
            break;
        }
        // The enemies' turn over, the player ends theirs (moving nothing).
        if saved.act_one_step(Action::Next {}).is_err() {
            saved.act_one_step(Action::EndTurn {}).expect("end turn");
        }
    }
    let path = path.expect("an enemy moves within 200 steps of seed 11");
    store.save(&id, &saved).expect("saved");
    drop(store);
    let g = saved.current().clone();
    let s = Shared::new(root, &id);
    let page = s.page("table", "");
    assert_light(&s, &page);
    let cells = board_cells(&page);
    assert_eq!(cells.len(), 49, "a 7 by 7 board");
    // Every unit on its square, with its owner's letter and its type; no unit anywhere else.
    for (square, _, inside) in &cells {
        let at = tablemate::furtherance::Square::parse(square).expect("a square");
        match g.unit_at(at) {
            Some(u) => {
                let letter = match u.owner {
                    Seat::Player => "Y",
                    Seat::Left => "L",
                    Seat::Across => "A",
                    Seat::Right => "R",
                };
                let kind = g.kind(u);
                // The name a player knows (no "Sample"), whole, with a soft hyphen at most.
                let known = kind.name.trim_start_matches("Sample ");
                assert!(
                    inside.replace('\u{ad}', "").contains(known),
                    "{square}: {inside}"
                );
                assert!(
                    inside.contains(&format!("{letter} {}/{}", kind.attack, g.hp(u))),
                    "{square}: {inside}"
                );
                assert!(
                    inside.contains(&format!("o-{}", u.owner.as_str())),
                    "{inside}"
                );
            }
            None => assert!(!inside.contains("class=\"u "), "{square}: {inside}"),
        }
    }
    // The squares the newest step (the move) touches are marked, and only those.
    let marked: Vec<String> = cells
        .iter()
        .filter(|(_, class, _)| class.split(' ').any(|c| c == "hit"))
        .map(|(sq, _, _)| sq.clone())
        .collect();
    let mut expected: Vec<String> = path.iter().map(|s| s.to_string()).collect();
    expected.sort();
    expected.dedup();
    let mut marked_sorted = marked.clone();
    marked_sorted.sort();
    assert_eq!(marked_sorted, expected, "the move's path is marked");
    // The first rank drawn is the 7th: the player's castle (rank 1) at the bottom.
    assert!(
        cells[0].0.ends_with('7') && cells[0].0.starts_with('a'),
        "{:?}",
        cells[0]
    );
    assert!(cells[48].0 == "g1", "{:?}", cells[48]);
}
