//! Headless tests of the Near and Far screen (iced_test): new campaign, session and threat
//! deck, the number-pad lookup with a forced keyword choice, recording a result, an index
//! entry, scoring onto the cards, a correction on the sheet, and the chart.

use iced_test::simulator::Simulator;
use iced_test::{Error, Selector, selector};

use super::*;
use crate::gui::testing;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::session::Variants;
use crate::near_and_far::{Keyword, Mode};

const CTX: Ctx<'static> = Ctx {
    store: None,
    large_type: false,
};

/// A window tall enough that no tested panel needs scrolling.
const SIZE: (f32, f32) = (1600.0, 2600.0);

fn ui(state: &State) -> Simulator<'_, Message> {
    testing::simulator_sized(SIZE, state.view(&CTX))
}

/// Clicks `target` and feeds the messages back; returns the last action's notice, if any.
fn click<S>(state: &mut State, target: S) -> Result<Option<Notice>, Error>
where
    S: Selector + Send,
    S::Output: selector::Bounded + Clone + Send + Sync + 'static,
{
    let clicked = testing::click_on(state, &CTX, SIZE, target)?;
    assert!(clicked.messages > 0, "the click produced no message");
    Ok(clicked.notice)
}

fn shows(state: &State, text: &str) -> bool {
    ui(state).find(text).is_ok()
}

fn send(state: &mut State, m: Message) -> testing::Updated<Message> {
    testing::update(state, m, &CTX)
}

/// A campaign for `seats` (player, character) as the setup form makes it, with the bundled
/// data files: the screen tests' one way to start (tests_index, tests_table, tests_lookup_ux).
pub(super) fn new_campaign(mode: Mode, seats: &[(&str, &str)]) -> Campaign {
    let facts = Facts::bundled().unwrap();
    let seats: Vec<(String, String)> = seats
        .iter()
        .map(|(p, c)| (p.to_string(), c.to_string()))
        .collect();
    let (c, _) = Campaign::new(
        mode,
        Variants::default(),
        facts.characters.card.layout,
        &seats,
        today(),
        Some(&facts),
    )
    .unwrap();
    c
}

/// A campaign (Ana: Rin, Ben: Vera) opened on the screen.
pub(super) fn opened(mode: Mode) -> State {
    let c = new_campaign(mode, &[("Ana", "Rin"), ("Ben", "Vera")]);
    State::open(
        "nf-test".into(),
        Saved::new("Test campaign", "New campaign", c),
        &CTX,
    )
}

fn start_session(state: &mut State) {
    let a = send(state, Message::Session(session::Msg::Start));
    assert!(a.moved, "{:?}", a.notice);
}

#[test]
fn the_new_campaign_form_starts_a_campaign() -> Result<(), Error> {
    let mut s = State::new(&CTX);
    assert!(shows(&s, "New campaign"));
    send(&mut s, Message::Setup(setup::Msg::Player(0, "Ana".into())));
    send(
        &mut s,
        Message::Setup(setup::Msg::Character(0, "Rin".into())),
    );
    send(&mut s, Message::Setup(setup::Msg::Player(1, "Ben".into())));
    // Without a character for seat 2 the campaign is refused, saying why.
    let refused = click(&mut s, "Start campaign")?;
    assert!(refused.is_some_and(|n| n.error && n.text.contains("seat 2")));
    send(
        &mut s,
        Message::Setup(setup::Msg::Character(1, "Vera".into())),
    );
    click(&mut s, "Start campaign")?;
    let c = s.campaign().expect("a campaign is open");
    assert_eq!(c.sheets.len(), 2);
    assert!(shows(&s, "Session & threats"));
    assert!(
        s.document()
            .is_some_and(|d| d.title() == "Near and Far Campaign Mode")
    );
    Ok(())
}

#[test]
fn the_session_tab_offers_the_next_map_and_shows_the_threat_deck() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    assert!(shows(&s, "Session 1"));
    click(&mut s, "Start session")?;
    assert!(shows(&s, "Active threat: level 4 (Bandit)"));
    click(&mut s, "Defeated by Vera")?;
    // The rulebook names no threat above level 4: the level alone, no dangling name.
    assert!(shows(&s, "Active threat: level 5"));
    assert!(shows(&s, "Level 4 · Vera"));
    assert!(s.document().is_some_and(|d| d.can_undo()));
    Ok(())
}

#[test]
fn the_number_pad_looks_up_a_quest_and_shows_its_choices() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    send(&mut s, Message::Tab(Tab::Lookup));
    click(&mut s, selector::id("pad-1"))?;
    click(&mut s, selector::id("pad-4"))?;
    assert!(shows(&s, "14"));
    click(&mut s, selector::id("pad-⌫"))?;
    // 13 is a named space of Map 2: a quest token always stands there on the first pass.
    click(&mut s, selector::id("pad-3"))?;
    click(&mut s, "Look up")?;
    assert!(shows(&s, "Read quest 13"), "map 2 quest");
    assert!(
        shows(&s, "Add its choices to my index"),
        "13 is not indexed yet"
    );
    // A pending side quest is read instead.
    let doc = s.doc.as_mut().unwrap();
    doc.apply("side quest", |c| {
        c.note_reward(
            "Rin",
            Item::SideQuestGiven {
                code: "Q178".parse().unwrap(),
                from: None,
            },
            today(),
        )
    })
    .unwrap();
    click(&mut s, "Look up")?;
    assert!(shows(&s, "Read side quest Q178 (not 13)"));
    click(&mut s, "Success")?;
    let v = s.campaign().unwrap().view("Rin").unwrap();
    assert_eq!(v.boxes_filled, 1);
    assert!(v.pending_side_quests().is_empty(), "crossed out once read");
    Ok(())
}

#[test]
fn a_held_keyword_forces_its_choice_in_the_lookup() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    let doc = s.doc.as_mut().unwrap();
    doc.apply("kw", |c| {
        c.note_reward(
            "Rin",
            Item::KeywordGained {
                keyword: Keyword::new("burning").unwrap(),
                quest: None,
            },
            today(),
        )
    })
    .unwrap();
    // Quest 347 is the rulebook's keyword example; look it up as if a space showed it.
    let c = s.campaign().unwrap().clone();
    let answer = c
        .lookup(
            "Rin",
            &"347".parse().unwrap(),
            None,
            &s.index.built.index,
            s.facts(),
        )
        .unwrap();
    s.pad.answer = Some(answer);
    s.tab = Tab::Lookup;
    assert!(shows(
        &s,
        "1. Take the offered blade (no roll): MUST be read (keyword)"
    ));
    assert!(shows(
        &s,
        "2. Attack the figure (combat 8): not read: a keyword choice is forced"
    ));
    Ok(())
}

#[test]
fn character_mode_lookup_reads_the_character_quest_and_writes_the_next_code() -> Result<(), Error> {
    let mut s = opened(Mode::Character);
    send(
        &mut s,
        Message::Session(session::Msg::Map(forms::map_choice(
            crate::near_and_far::MapNumber::new(6).unwrap(),
            None,
        ))),
    );
    start_session(&mut s);
    send(&mut s, Message::Tab(Tab::Lookup));
    send(&mut s, Message::Lookup(lookup::Msg::Typed("70".into())));
    click(&mut s, "Look up")?;
    assert!(shows(&s, "Read character quest R1"));
    send(&mut s, Message::Lookup(lookup::Msg::Next("R3".into())));
    click(&mut s, "Failed")?;
    let v = s.campaign().unwrap().view("Rin").unwrap();
    assert_eq!(
        v.xp_earned, 2,
        "a failed character quest still gives experience"
    );
    assert_eq!(v.next_quest, Some("R3".parse().unwrap()));
    Ok(())
}

#[test]
fn an_index_entry_needs_a_data_folder_and_valid_fields() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    send(&mut s, Message::Tab(Tab::Lookup));
    send(&mut s, Message::Lookup(lookup::Msg::Typed("5".into())));
    click(&mut s, "Look up")?;
    click(&mut s, "Add its choices to my index")?;
    assert!(shows(&s, "Index entry for 5"));
    let a = send(&mut s, Message::Lookup(lookup::Msg::SaveEntry));
    assert!(
        a.notice
            .is_some_and(|n| n.error && n.text.contains("data folder"))
    );
    Ok(())
}

#[test]
fn an_index_entry_is_saved_to_my_entries_and_used_by_the_lookup() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path()).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::Typed("5".into())),
        &ctx,
    );
    testing::update(&mut s, Message::Lookup(lookup::Msg::LookUp), &ctx);
    testing::update(&mut s, Message::Lookup(lookup::Msg::StartEntry), &ctx);
    for (i, label) in ["sneak", "fight"].into_iter().enumerate() {
        testing::update(
            &mut s,
            Message::Lookup(lookup::Msg::Entry(lookup::EntryMsg::Label(i, label.into()))),
            &ctx,
        );
        testing::update(
            &mut s,
            Message::Lookup(lookup::Msg::Entry(lookup::EntryMsg::Test(
                i,
                forms::TestKind::Skill,
            ))),
            &ctx,
        );
        testing::update(
            &mut s,
            Message::Lookup(lookup::Msg::Entry(lookup::EntryMsg::Target(i, "6".into()))),
            &ctx,
        );
    }
    let a = testing::update(&mut s, Message::Lookup(lookup::Msg::SaveEntry), &ctx);
    assert!(
        a.notice.as_ref().is_some_and(|n| !n.error),
        "{:?}",
        a.notice
    );
    assert!(dir.path().join("storybook-index/my-entries.json").exists());
    let answer = s.pad.answer.as_ref().unwrap();
    assert_eq!(answer.choices.as_ref().map(|c| c.len()), Some(2));
    assert_eq!(
        s.index
            .built
            .index
            .map_of(&"5".parse().unwrap())
            .map(|m| m.get()),
        Some(2)
    );
}

/// A campaign with a session in play on the lookup tab, in a fresh data folder.
fn lookup_with_store(store: &crate::store::Store) -> State {
    let ctx = Ctx {
        store: Some(store),
        large_type: false,
    };
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    testing::update(&mut s, Message::Tab(Tab::Lookup), &ctx);
    s
}

/// The number of choices the lookup shows for quest `code` (`None`: not in the index).
fn choices_for(s: &mut State, code: &str, ctx: &Ctx) -> Option<usize> {
    testing::update(s, Message::Lookup(lookup::Msg::Typed(code.into())), ctx);
    let a = testing::update(s, Message::Lookup(lookup::Msg::LookUp), ctx);
    assert!(a.notice.is_none(), "{:?}", a.notice);
    s.pad.answer.as_ref()?.choices.as_ref().map(|c| c.len())
}

const FRIENDS_INDEX: &str = r#"{"data_kind":"near-and-far-storybook-index","format_version":1,
    "quests":[{"code":"42","choices":[{"label":"dig","test":{"skill":4}},
    {"label":"leave","test":null}]}]}"#;

#[test]
fn the_lookup_tab_offers_index_import_and_export() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    send(&mut s, Message::Tab(Tab::Lookup));
    let mut sim = ui(&s);
    sim.click("Import index file…")?;
    assert!(matches!(
        sim.into_messages().next(),
        Some(Message::Lookup(lookup::Msg::ImportIndex))
    ));
    let mut sim = ui(&s);
    sim.click("Export index…")?;
    assert!(matches!(
        sim.into_messages().next(),
        Some(Message::Lookup(lookup::Msg::ExportIndex))
    ));
    Ok(())
}

#[test]
fn importing_a_good_index_file_teaches_the_lookup_its_quests() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path().join("home")).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = lookup_with_store(&store);
    assert_eq!(
        choices_for(&mut s, "42", &ctx),
        None,
        "42 is not indexed yet"
    );
    let file = dir.path().join("friends.json");
    std::fs::write(&file, FRIENDS_INDEX).unwrap();
    let a = testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::ImportPicked(Some(file.clone()))),
        &ctx,
    );
    let n = a.notice.expect("a notice");
    assert!(!n.error, "{}", n.text);
    assert!(n.text.starts_with("Imported 1 quest from"), "{}", n.text);
    assert!(n.text.contains("friends.json"), "{}", n.text);
    assert_eq!(
        s.pad
            .answer
            .as_ref()
            .and_then(|a| a.choices.as_ref())
            .map(|c| c.len()),
        Some(2),
        "the answer on screen is looked up again"
    );
    assert_eq!(choices_for(&mut s, "42", &ctx), Some(2));
    assert!(
        dir.path()
            .join("home/storybook-index/my-entries.json")
            .exists()
    );
}

#[test]
fn importing_a_broken_index_file_names_it_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path().join("home")).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = lookup_with_store(&store);
    let before = s.index.built.index.quests.len();
    let broken = dir.path().join("broken.json");
    std::fs::write(
        &broken,
        r#"{"data_kind":"near-and-far-storybook-index","quests":[{"#,
    )
    .unwrap();
    let a = testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::ImportPicked(Some(broken.clone()))),
        &ctx,
    );
    let n = a.notice.expect("a notice");
    assert!(n.error, "{}", n.text);
    assert!(n.text.contains(&broken.display().to_string()), "{}", n.text);
    assert!(!a.moved);
    assert_eq!(s.index.built.index.quests.len(), before);
    assert!(
        !dir.path()
            .join("home/storybook-index/my-entries.json")
            .exists(),
        "nothing written"
    );
    // Not text at all: refused the same way.
    std::fs::write(&broken, [0xff, 0xfe, 0x00]).unwrap();
    let a = testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::ImportPicked(Some(broken.clone()))),
        &ctx,
    );
    let n = a.notice.expect("a notice");
    assert!(n.error && n.text.contains("broken.json"), "{}", n.text);
}

#[test]
fn the_exported_index_passes_the_index_check() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("home");
    let store = crate::store::Store::open(&root).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = lookup_with_store(&store);
    let file = dir.path().join("friends.json");
    std::fs::write(&file, FRIENDS_INDEX).unwrap();
    testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::ImportPicked(Some(file))),
        &ctx,
    );
    let out_dir = dir.path().join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = out_dir.join(index_io::EXPORT_NAME);
    let a = testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::ExportPicked(Some(out.clone()))),
        &ctx,
    );
    let n = a.notice.expect("a notice");
    assert!(!n.error && n.text.starts_with("Exported"), "{}", n.text);
    assert!(s.replace_export.is_none());
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("\"42\"") && text.contains("\"347\""));
    use clap::Parser;
    let cli = crate::cli::Cli::try_parse_from([
        "tablemate",
        "near-and-far",
        "index",
        "check",
        out_dir.to_str().unwrap(),
        "--json",
    ])
    .unwrap();
    let o = crate::cli::execute(cli.command, &root);
    assert_eq!(o.code, 0, "{}{}", o.stdout, o.stderr);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["files"], 1);
}

#[test]
fn exporting_onto_an_existing_file_asks_first() -> Result<(), Error> {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::open(dir.path().join("home")).unwrap();
    let ctx = Ctx {
        store: Some(&store),
        large_type: false,
    };
    let mut s = lookup_with_store(&store);
    let out = dir.path().join("mine.json");
    std::fs::write(&out, "keep me").unwrap();
    let a = testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::ExportPicked(Some(out.clone()))),
        &ctx,
    );
    assert!(a.notice.is_none(), "{:?}", a.notice);
    assert_eq!(s.replace_export.as_deref(), Some(out.as_path()));
    assert!(shows(&s, "Replace file"));
    assert!(shows(
        &s,
        &format!(
            "{} already exists. Replace it with the exported storybook index?",
            out.display()
        )
    ));
    // Cancel: the file is untouched and the question gone.
    let mut sim = ui(&s);
    sim.click("Cancel")?;
    for m in sim.into_messages() {
        testing::update(&mut s, m, &ctx);
    }
    assert!(s.replace_export.is_none());
    assert!(!shows(&s, "Replace file"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    // Asked again and confirmed: replaced.
    testing::update(
        &mut s,
        Message::Lookup(lookup::Msg::ExportPicked(Some(out.clone()))),
        &ctx,
    );
    let mut sim = ui(&s);
    sim.click("Replace file")?;
    let mut notice = None;
    for m in sim.into_messages() {
        notice = testing::update(&mut s, m, &ctx).notice.or(notice);
    }
    assert!(notice.is_some_and(|n| !n.error && n.text.starts_with("Exported")));
    assert!(s.replace_export.is_none());
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("near-and-far-storybook-index")
    );
    Ok(())
}

#[test]
fn scoring_writes_the_journey_points_on_the_cards() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    click(&mut s, "Defeated by Rin")?;
    click(&mut s, "Score this session")?;
    assert!(shows(&s, "Game end: journey points"));
    assert!(shows(
        &s,
        "Cards taken (enter the journey points printed on each): Rin: threat levels 4"
    ));
    send(
        &mut s,
        Message::Score(scoring::Msg::Field(0, forms::Field::Camps, "12".into())),
    );
    send(
        &mut s,
        Message::Score(scoring::Msg::Field(1, forms::Field::Camps, "9".into())),
    );
    send(
        &mut s,
        Message::Score(scoring::Msg::Field(1, forms::Field::Reputation, "4".into())),
    );
    // The card Rin took has no points in the data files: the sheet asks for them.
    assert!(shows(
        &s,
        "Rin took level 4, whose journey points this campaign does not know: list the points on the score sheet (threats) or enter that card's points once for the campaign"
    ));
    // Two cards for the one Rin took: refused, naming the sheet and the record.
    send(
        &mut s,
        Message::Score(scoring::Msg::Field(0, forms::Field::Threats, "2, 5".into())),
    );
    assert!(shows(
        &s,
        "the score sheet lists threat cards worth [2, 5] for Rin, but this session's records show Rin took level 4 (points not known) (p. 20, 28)"
    ));
    send(
        &mut s,
        Message::Score(scoring::Msg::Field(0, forms::Field::Threats, "2".into())),
    );
    assert!(shows(&s, "Winner: Rin"));
    send(
        &mut s,
        Message::Score(scoring::Msg::Field(1, forms::Field::Coins, "many".into())),
    );
    assert!(shows(
        &s,
        "Vera: coins must be a whole number (got \"many\")"
    ));
    send(
        &mut s,
        Message::Score(scoring::Msg::Field(1, forms::Field::Coins, "".into())),
    );
    click(&mut s, "Write on the cards and end the session")?;
    let c = s.campaign().unwrap();
    assert_eq!(c.view("Rin").unwrap().journey_total, 14);
    assert_eq!(c.view("Vera").unwrap().journey_total, 11);
    assert!(c.current_session().is_none());
    // The sheet and the winner stay on the tab after they are written.
    assert!(shows(&s, "Session 1 on Map 2: written on the cards"));
    assert!(shows(&s, "Winner: Rin"));
    assert!(shows(&s, "1. Rin: 14 journey points"));
    Ok(())
}

#[test]
fn a_column_of_the_score_sheet_is_kept_as_that_players_count() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    click(&mut s, "Score this session")?;
    send(
        &mut s,
        Message::Score(scoring::Msg::Field(1, forms::Field::Camps, "9".into())),
    );
    click(&mut s, "Keep Vera")?;
    let c = s.campaign().unwrap();
    let kept = &c.current_session().unwrap().score_draft;
    assert_eq!(kept.len(), 1);
    assert_eq!((kept[0].name.as_str(), kept[0].camps), ("Vera", 9));
    assert_eq!(c.counted().still_to_count, vec!["Rin".to_string()]);
    // A sheet opened again shows the kept count (as one sent from a phone would be).
    s.score = None;
    click(&mut s, "Scoring")?;
    assert_eq!(
        s.score.as_ref().unwrap().players[1].get(forms::Field::Camps),
        "9"
    );
    Ok(())
}

#[test]
fn the_session_panel_shows_the_setup_reminders_and_the_game_end() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    click(&mut s, "Start session")?;
    assert!(shows(&s, "Setup for this table"));
    assert!(shows(
        &s,
        "Choose a first player and hand them the 1st player token (setup step 5)."
    ));
    let c = s.campaign().unwrap();
    let end = c.session_in_play().unwrap().game_end.rule;
    assert!(shows(&s, &format!("Game end: {end}")));
    Ok(())
}

#[test]
fn the_sheet_reads_like_the_card_and_corrections_keep_the_history() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    let doc = s.doc.as_mut().unwrap();
    doc.apply("kw", |c| {
        c.note_reward(
            "Rin",
            Item::KeywordGained {
                keyword: Keyword::new("ash").unwrap(),
                quest: None,
            },
            today(),
        )
    })
    .unwrap();
    send(&mut s, Message::Tab(Tab::Sheets));
    assert!(shows(&s, "Experience: 1 earned · 0 spent · 1 available"));
    assert!(shows(&s, "ASH"));
    click(&mut s, "Correct…")?;
    send(
        &mut s,
        Message::Sheet(sheet::Msg::Reason("misheard".into())),
    );
    click(&mut s, "Strike out")?;
    assert!(shows(&s, "none"), "the keyword is gone from the card");
    assert!(shows(&s, "corrected by #3"));
    assert_eq!(
        s.campaign()
            .unwrap()
            .sheet("Rin")
            .unwrap()
            .ledger
            .entries
            .len(),
        3
    );
    Ok(())
}

/// docs/rules.md, "Rule references": a talent refused beside Buy offers its rule beside the
/// refusal, and the session's setup reminders each offer theirs.
#[test]
fn a_refused_talent_offers_its_rule_beside_the_refusal_and_setup_reminders_theirs() {
    use crate::doc::Kind;
    use crate::rules::RuleRef;
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    testing::assert_rule_beside(
        &mut s,
        SIZE,
        "Choose a first player",
        RuleRef::new(Kind::NearAndFar, "session-setup"),
    );
    send(&mut s, Message::Tab(Tab::Sheets));
    send(
        &mut s,
        Message::Sheet(sheet::Msg::Talent("Fishing (1)".into())),
    );
    let refused = send(&mut s, Message::Sheet(sheet::Msg::Buy)).notice;
    let why = refused.as_ref().expect("no experience to spend").text.clone();
    let rule = refused.as_ref().and_then(|n| n.rule).expect("a rule");
    assert_eq!(rule, RuleRef::new(Kind::NearAndFar, "talents"));
    testing::keep_refusal(&mut s.refusal, refused);
    let start: String = why.chars().take(24).collect();
    testing::assert_rule_beside(&mut s, SIZE, &start, rule);
}

#[test]
fn a_correction_without_a_reason_is_refused() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    let doc = s.doc.as_mut().unwrap();
    doc.apply("kw", |c| {
        c.note_reward(
            "Rin",
            Item::KeywordGained {
                keyword: Keyword::new("ash").unwrap(),
                quest: None,
            },
            today(),
        )
    })
    .unwrap();
    send(&mut s, Message::Tab(Tab::Sheets));
    click(&mut s, "Correct…")?;
    let n = click(&mut s, "Strike out")?;
    assert!(n.is_some_and(|n| n.error && n.text.contains("why")));
    Ok(())
}

#[test]
fn the_chart_appears_once_a_session_is_scored() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    send(&mut s, Message::Tab(Tab::Chart));
    assert!(shows(&s, "The chart fills in as sessions are scored."));
    start_session(&mut s);
    let mut form = s.new_score_form().unwrap();
    form.players[0].camps = "7".into();
    s.score = Some(Box::new(form));
    send(&mut s, Message::Score(scoring::Msg::Finish));
    send(&mut s, Message::Tab(Tab::Chart));
    assert!(shows(&s, "Journey points per map"));
    assert!(shows(&s, "Rin (Ana): 7"));
    click(&mut s, "Show the running campaign total")?;
    assert!(s.running_total);
    Ok(())
}

#[test]
fn undo_after_a_threat_restores_the_deck_and_the_screen_follows() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    click(&mut s, "Defeated by Rin")?;
    s.document_mut().unwrap().undo();
    s.refresh();
    assert!(shows(&s, "Active threat: level 4 (Bandit)"));
    Ok(())
}

#[test]
fn starting_a_session_shows_the_quest_tokens_in_the_session_panel_not_in_a_notice() {
    let mut s = opened(Mode::Campaign);
    let a = send(&mut s, Message::Session(session::Msg::Start));
    assert!(a.moved);
    assert!(
        a.notice.is_none(),
        "a notice would cover the lookup: {:?}",
        a.notice
    );
    let c = s.campaign().expect("a campaign");
    let tokens: Vec<String> = c
        .current_session()
        .expect("a session")
        .quest_tokens
        .iter()
        .map(|q| q.to_string())
        .collect();
    assert!(!tokens.is_empty(), "the bundled map places quest tokens");
    assert!(shows(
        &s,
        &format!("Place quest tokens on: {}", tokens.join(" · "))
    ));
}

#[test]
fn a_refused_new_campaign_says_why_under_its_start_button_until_the_next_change()
-> Result<(), Error> {
    let mut s = State::new(&CTX);
    send(&mut s, Message::Setup(setup::Msg::Player(0, "Ana".into())));
    let why = click(&mut s, "Start campaign")?.expect("a refusal").text;
    let (said, start) = {
        let mut ui = ui(&s);
        let said = ui.find(why.as_str())?.bounds();
        (said, ui.find("Start campaign")?.bounds())
    };
    assert!(
        said.y >= start.y + start.height && said.y - (start.y + start.height) < 40.0,
        "the refusal is right under Start campaign: {said:?} {start:?}"
    );
    send(&mut s, Message::Setup(setup::Msg::Player(1, "Ben".into())));
    assert!(!shows(&s, &why), "the next change clears it");
    Ok(())
}

#[test]
fn the_full_card_box_on_map_11_shows_the_records_and_cannot_be_ticked() -> Result<(), Error> {
    // Campaign Mode, Maps 1 to 10 played (scoring nothing), then the Last Ruin: Rin's card has
    // no box filled, so the +7 box (p. 31-32) stays empty, disabled, with the count beside it.
    let facts = Facts::bundled().unwrap();
    let mut c = new_campaign(Mode::Campaign, &[("Ana", "Rin"), ("Ben", "Vera")]);
    let all = vec!["Rin".to_string(), "Vera".to_string()];
    loop {
        let next = c.next_maps().unwrap()[0];
        if next == crate::near_and_far::MapNumber::LAST_RUIN {
            break;
        }
        c.start_session(
            next,
            today(),
            crate::near_and_far::scoring::Town::Dusk,
            &all,
            Some(&facts),
        )
        .unwrap();
        let players = all
            .iter()
            .map(|n| crate::near_and_far::scoring::PlayerScore {
                name: n.clone(),
                lines: Vec::new(),
                total: 0,
                place: 1,
            })
            .collect();
        let result = crate::near_and_far::scoring::ScoreResult {
            players,
            winners: all.clone(),
            tie_break: None,
        };
        c.finish_session(&result, today()).unwrap();
    }
    let mut s = State::open(
        "nf-test".into(),
        Saved::new("Test campaign", "New campaign", c),
        &CTX,
    );
    start_session(&mut s);
    click(&mut s, "Score this session")?;
    assert!(shows(&s, "Every box / character quest filled (Map 11)"));
    let why = "not full: 0 of 30 encounter boxes filled";
    assert!(shows(&s, why));
    // Clicking the box sends nothing; a tick sent anyway is not taken.
    let mut sim = ui(&s);
    sim.click(why)?;
    assert_eq!(sim.into_messages().count(), 0);
    send(&mut s, Message::Score(scoring::Msg::FullCard(0, true)));
    assert!(!s.score.as_ref().unwrap().players[0].full_card);
    Ok(())
}

/// Issue 18 §3: Esc closes what the screen has open, innermost first (the quest-entry form,
/// then the option chosen in the lookup), and says when nothing is left, so that the shell
/// closes History next and only then leaves (tests/gui/keys.rs).
#[test]
fn esc_closes_near_and_fars_open_things_before_history_and_leaving() -> Result<(), Error> {
    let mut s = opened(Mode::Campaign);
    start_session(&mut s);
    send(&mut s, Message::Tab(Tab::Lookup));
    click(&mut s, selector::id("pad-1"))?;
    click(&mut s, selector::id("pad-2"))?;
    click(&mut s, "Look up")?;
    send(&mut s, Message::Lookup(super::lookup::Msg::Choose(0)));
    send(&mut s, Message::Lookup(super::lookup::Msg::StartEntry));
    assert!(s.entry.is_some(), "the entry form is open");
    assert!(s.escape());
    assert!(s.entry.is_none(), "Esc closed the entry form first");
    assert!(s.pad.choice.is_some(), "and kept the chosen option");
    assert!(s.escape());
    assert!(s.pad.choice.is_none());
    assert!(!s.escape(), "nothing left open");
    Ok(())
}

#[test]
fn tab_visits_the_fields_in_reading_order_at_every_table_size() {
    for (size, ctx) in testing::table_sizes() {
        let s = opened(Mode::Campaign);
        testing::assert_tab_follows_reading_order(&s, &ctx, size, "Near and Far campaign");
    }
}

#[test]
fn nothing_new_appears_under_the_pointer_after_any_click_at_every_table_size() {
    for (size, ctx) in testing::table_sizes() {
        for (what, make) in [
            ("a campaign", (|| opened(Mode::Campaign)) as fn() -> State),
            ("a session", || {
                let mut s = opened(Mode::Campaign);
                start_session(&mut s);
                s
            }),
        ] {
            testing::assert_nothing_new_under_the_pointer(make, &ctx, size, &[], what);
        }
    }
}

#[test]
fn without_a_file_dialog_the_index_tools_say_so_and_take_a_typed_path() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = opened(Mode::Campaign);
    s.tab = Tab::Lookup;
    let why = crate::gui::files::NO_DIALOG.to_string();
    send(
        &mut s,
        Message::Lookup(lookup::Msg::NoDialog {
            export: true,
            why: why.clone(),
        }),
    );
    assert!(shows(&s, "Export your storybook index"));
    assert!(shows(&s, &format!("{why} Type the file's path instead.")));
    // A folder is refused in place, naming it; the dialog stays.
    send(
        &mut s,
        Message::Lookup(lookup::Msg::PathText(dir.path().display().to_string())),
    );
    send(&mut s, Message::Lookup(lookup::Msg::PathGo));
    assert!(shows(
        &s,
        &format!(
            "{} is a folder: add the file's name after it.",
            dir.path().display()
        )
    ));
    // Esc closes it before anything else.
    assert!(s.escape());
    assert!(!shows(&s, "Export your storybook index"));
}
