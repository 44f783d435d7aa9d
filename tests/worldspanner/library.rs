//! The hero library: cards with the book's ranges, kept in the data folder, picked at setup;
//! challenges started from a library hero with every modifier and its reason; melee by Wits.

use crate::common::*;
use tablemate::store::Store;
use tablemate::worldspanner::library::LIBRARY_PATH;
use tablemate::worldspanner::*;

/// Rizzik as the book's example describes him (Virtue 4, a Defender).
pub fn rizzik() -> HeroCard {
    let mut ratings = [5u8; 14];
    ratings[3] = 4; // Virtue
    ratings[10] = 7; // Wits
    ratings[13] = 2; // Wound
    HeroCard {
        name: "Rizzik".into(),
        faction: Faction::Defenders,
        health: 5,
        ratings,
        natures: vec!["Being".into()],
        opposing: [Faction::Villains, Faction::Outcasts],
        bonus_symbols: vec!["Rifle".into()],
        gold: 1,
        boosts: 0,
    }
}

#[test]
fn hero_cards_are_checked_against_the_books_ranges() {
    let mut c = rizzik();
    c.validate().unwrap();
    c.ratings[0] = 10;
    assert!(
        c.validate()
            .unwrap_err()
            .to_string()
            .contains("Speed 10 is out of range (0 to 9)")
    );
    let mut c = rizzik();
    c.ratings[13] = 5;
    assert!(
        c.validate()
            .unwrap_err()
            .to_string()
            .contains("Wound 5 is out of range (0 to 4)")
    );
    let mut c = rizzik();
    c.opposing = [Faction::Defenders, Faction::Villains];
    assert!(c.validate().unwrap_err().to_string().contains("opposing"));
    let mut c = rizzik();
    c.natures.clear();
    assert!(c.validate().unwrap_err().to_string().contains("natures"));
    let mut c = rizzik();
    c.health = 0;
    assert!(c.validate().unwrap_err().to_string().contains("Health 0"));
}

#[test]
fn the_hero_library_is_kept_in_the_data_folder_with_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert!(store.user_text(LIBRARY_PATH).unwrap().is_none());
    let mut lib = HeroLibrary::default();
    lib.put(rizzik()).unwrap();
    store
        .write_user(LIBRARY_PATH, lib.to_json().as_bytes())
        .unwrap();
    let mut fixed = rizzik();
    fixed.health = 6;
    lib.put(fixed).unwrap();
    assert_eq!(
        lib.heroes.len(),
        1,
        "same name: a correction, not a second card"
    );
    store
        .write_user(LIBRARY_PATH, lib.to_json().as_bytes())
        .unwrap();
    let (text, _path) = store.user_text(LIBRARY_PATH).unwrap().unwrap();
    let back = HeroLibrary::parse(&text).unwrap();
    assert_eq!(back, lib);
    assert_eq!(back.get("rizzik").unwrap().health, 6);
    let backups = store.data_backups(LIBRARY_PATH);
    let bak =
        std::fs::read_to_string(backups.last().expect("the previous library is kept")).unwrap();
    assert_eq!(
        HeroLibrary::parse(&bak)
            .unwrap()
            .get("Rizzik")
            .unwrap()
            .health,
        5
    );
    // A damaged card in the file is refused naming the hero and the field.
    let bad = text.replace("\"health\": 6", "\"health\": 60");
    let err = HeroLibrary::parse(&bad).unwrap_err();
    assert!(
        err.to_string().contains("heroes[0]") && err.to_string().contains("Health 60"),
        "{err}"
    );
}

#[test]
fn a_hero_in_the_library_twice_names_where_it_first_appears() {
    let mut lib = HeroLibrary::default();
    lib.put(rizzik()).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&lib.to_json()).unwrap();
    let heroes = v["heroes"].as_array_mut().unwrap();
    let mut again = heroes[0].clone();
    again["name"] = "RIZZIK".into();
    heroes.push(again);
    let err = HeroLibrary::parse(&v.to_string()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "heroes[1]: RIZZIK is in the library twice, first at heroes[0]"
    );
}

fn with_rizzik() -> Game {
    let mut s = setup(6, MapDesign::Standard, 10);
    s.heroes[0][0] = rizzik().entry();
    Game::new(s).unwrap()
}

#[test]
fn a_library_hero_enters_play_with_its_health_loot_and_card() {
    let g = with_rizzik();
    let h0 = g.hero(h(S, 0)).unwrap();
    assert_eq!((h0.name.as_str(), h0.health, h0.gold), ("Rizzik", 5, 1));
    assert_eq!(g.card(h(S, 0)).unwrap().rating(Skill::Virtue), 4);
    assert!(g.card(h(S, 1)).is_none());
}

#[test]
fn a_challenge_from_a_library_hero_fills_rating_home_opposing_boost_and_lith_favor() {
    let mut g = with_rizzik();
    // Home key: +2 (the book's Rizzik example: Virtue 4 on a Defenders Task).
    let c = g
        .hero_challenge(
            h(S, 0),
            Skill::Virtue,
            ChallengeKind::FactionAdventure,
            5,
            Some(Faction::Defenders),
        )
        .unwrap()
        .challenge;
    assert_eq!((c.rating, c.against), (4, 5));
    assert_eq!(c.modifiers, vec![Modifier::HomeFaction {}]);
    assert_eq!(c.difference().value(), 1);
    // Opposing key: -2.
    let c = g
        .hero_challenge(
            h(S, 0),
            Skill::Virtue,
            ChallengeKind::FactionAdventure,
            5,
            Some(Faction::Villains),
        )
        .unwrap()
        .challenge;
    assert_eq!(c.modifiers, vec![Modifier::OpposingFaction {}]);
    // Active Boost and Lith's Favor on a Lith adventure; no faction modifier there.
    g.hero_mut(h(S, 0)).unwrap().boost_active = true;
    g.lith.give(S, 3).unwrap();
    let c = g
        .hero_challenge(
            h(S, 0),
            Skill::Fame,
            ChallengeKind::LithAdventure,
            5,
            Some(Faction::Defenders),
        )
        .unwrap()
        .challenge;
    assert_eq!(
        c.modifiers,
        vec![
            Modifier::Boost {},
            Modifier::LithsFavor {
                favor: LithFavor::Plus1
            }
        ]
    );
    assert!(c.modifiers.iter().all(|m| !m.explain().is_empty()));
    // A hero without a card is said so.
    assert!(
        g.hero_challenge(h(S, 1), Skill::Fame, ChallengeKind::Other, 5, None)
            .unwrap_err()
            .to_string()
            .contains("no card")
    );
}

#[test]
fn a_held_favor_tile_is_reminded_since_its_bonus_is_printed_on_the_tile() {
    let mut g = with_rizzik();
    for space in 0..3 {
        g.key_mut(Faction::Lords)
            .unwrap()
            .capture(space, S)
            .unwrap();
    }
    let hc = g
        .hero_challenge(h(S, 0), Skill::Fame, ChallengeKind::Other, 5, None)
        .unwrap();
    let favor = hc.reminders.iter().find(|r| r.text.contains("favor tile"));
    assert!(favor.is_some(), "{:?}", hc.reminders);
    // It links the favor tiles' entry (docs/rules.md, "Rule references").
    assert_eq!(
        favor.and_then(|r| r.rule).map(|r| r.id),
        Some("favor-tiles")
    );
}

#[test]
fn melee_goes_in_order_of_wits_highest_first_ties_to_the_active_team() {
    let mut s = setup(6, MapDesign::Standard, 10);
    let mut a = rizzik();
    a.ratings[10] = 5;
    let mut b = rizzik();
    b.name = "Blackbeard".into();
    b.ratings[10] = 7;
    let mut c = rizzik();
    c.name = "Sanchez".into();
    c.ratings[10] = 5;
    s.heroes[0][0] = a.entry();
    s.heroes[1][0] = b.entry();
    s.heroes[1][1] = c.entry();
    let g = Game::new(s).unwrap();
    assert_eq!(g.rounds.active, S);
    let (order, unknown) = g.melee_order(&[h(P, 1), h(S, 0), h(P, 0), h(S, 2)]);
    let names: Vec<String> = order.iter().map(|(r, _)| g.name(*r)).collect();
    // Blackbeard (7), then the tie at 5: the active team's Rizzik before Sanchez.
    assert_eq!(names, ["Blackbeard", "Rizzik", "Sanchez"]);
    assert_eq!(unknown, vec![h(S, 2)], "no card, no Wits: named apart");
}

/// The book's example (COMBAT, Resolving Melee, p. 18): Blackbeard's fists, 6 Melee and 3
/// Power with a Wound of 2, against Rizzik's 8 Agility and 2 Armor.
fn blackbeard_against_rizzik() -> Game {
    let mut s = setup(6, MapDesign::Standard, 10);
    let mut blackbeard = rizzik();
    blackbeard.name = "Blackbeard".into();
    blackbeard.ratings[11] = 6; // Melee
    blackbeard.ratings[12] = 3; // Power
    blackbeard.ratings[13] = 2; // Wound
    let mut target = rizzik();
    target.ratings[5] = 8; // Agility
    target.ratings[6] = 3; // Stealth
    target.ratings[7] = 2; // Armor
    s.heroes[0][0] = blackbeard.entry();
    s.heroes[1][0] = target.entry();
    Game::new(s).unwrap()
}

#[test]
fn a_natural_melee_attack_reads_the_targets_agility_and_armor_and_the_attackers_fists() {
    let g = blackbeard_against_rizzik();
    let r = g.attack_ratings(h(S, 0), Some(h(P, 0)), false, true);
    assert_eq!(
        r,
        AttackRatings {
            defence: Some(8),
            armor: Some(2),
            power: Some(3),
            wound: Some(2),
            target_boost: false,
        }
    );
    // With a Melee card the weapon's Power and Wound count: the card leaves them to the table.
    let r = g.attack_ratings(h(S, 0), Some(h(P, 0)), false, false);
    assert_eq!((r.power, r.wound), (None, None));
    assert_eq!((r.defence, r.armor), (Some(8), Some(2)));
}

#[test]
fn a_shot_is_rolled_against_the_targets_stealth_and_the_weapon_gives_power_and_wound() {
    let g = blackbeard_against_rizzik();
    let r = g.attack_ratings(h(S, 0), Some(h(P, 0)), true, false);
    assert_eq!(
        (r.defence, r.armor),
        (Some(3), Some(2)),
        "Stealth, then Armor"
    );
    assert_eq!((r.power, r.wound), (None, None));
    // A target without a card: nothing to read.
    let r = g.attack_ratings(h(S, 0), Some(h(P, 1)), false, true);
    assert_eq!((r.defence, r.armor), (None, None));
    assert_eq!(
        r.power,
        Some(3),
        "the attacker's own fists are still on its card"
    );
}

#[test]
fn tablemate_check_accepts_the_hero_library_file_and_names_a_wrong_card() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = HeroLibrary::default();
    lib.put(rizzik()).unwrap();
    let file = dir.path().join("heroes.json");
    std::fs::write(&file, lib.to_json()).unwrap();
    let path = file.to_string_lossy().to_string();
    let out = tablemate::cli::run_in(dir.path(), &["check", &path], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("hero library: 1 hero (Rizzik)"),
        "{}",
        out.stdout
    );
    // A card out of the book's ranges is named by its place in the file.
    let bad = lib.to_json().replace("\"health\": 5", "\"health\": 0");
    std::fs::write(&file, bad).unwrap();
    let out = tablemate::cli::run_in(dir.path(), &["check", &path], "");
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(out.stderr.contains("heroes[0]"), "{}", out.stderr);
}
