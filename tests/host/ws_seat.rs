//! Worldspanner on a team's phone, over real HTTP (docs/table-network.md, "Worldspanner"):
//! attacks, paid adventures, modifiers, +1 Boost, dismiss, banish, capture and tribute. Each is
//! on the page while the rules allow it and not otherwise; sent as the page's script fills it,
//! it is the window's action (200) and changes the game as the window's would.

use serde_json::{Value, json};
use tablemate::worldspanner::{
    Action, Deed, Faction, Game, HeroRef, HeroStatus, LastEvent, Modifier, Step, TeamSide,
};

use super::pages::{Shared, actions_on, assert_light, fill, worldspanner_with};

const SKY: TeamSide = TeamSide::Skyhawks;
const PSI: TeamSide = TeamSide::Psiclones;

fn hero(team: TeamSide, hero: usize) -> HeroRef {
    HeroRef { team, hero }
}

/// The page's actions named `name` (under a physical deck's `read`, the action read).
fn offered(page: &str, name: &str) -> Vec<Value> {
    actions_on(page)
        .into_iter()
        .filter(|a| a["action"] == name || (a["action"] == "read" && a["then"]["action"] == name))
        .collect()
}

/// The page's action `name` for `r` (the field naming the hero given).
fn offered_for(page: &str, name: &str, field: &str, r: HeroRef) -> Option<Value> {
    offered(page, name).into_iter().find(|a| {
        let core = if a["action"] == "read" { &a["then"] } else { a };
        core[field] == json!(r)
    })
}

/// The filled form as an engine action (it must parse, as the host parses it).
fn parsed(filled: &Value) -> Action {
    serde_json::from_value(filled.clone())
        .unwrap_or_else(|e| panic!("the form's action is not an action: {e}: {filled}"))
}

/// The second round, `step` of the Skyhawks' turn: Psi1 on the map too.
fn in_step(physical: bool, step: Step, set: impl FnOnce(&mut Game)) -> Shared {
    worldspanner_with(physical, |g| {
        g.rounds.round = 2;
        g.rounds.active = SKY;
        g.rounds.step = step;
        g.team_mut(PSI).heroes[0].status = HeroStatus::OnMap;
        set(g);
    })
}

#[test]
fn dismiss_and_banish_are_offered_only_for_a_hero_in_play_and_send_the_windows_action() {
    let s = in_step(false, Step::Action, |_| {});
    let page = s.page("Skyhawks", "");
    assert_light(&s, &page);
    for name in ["dismiss", "banish"] {
        assert!(
            offered_for(&page, name, "hero", hero(SKY, 0)).is_some(),
            "{name} Sky1 (on the map): {page}"
        );
        assert!(
            offered_for(&page, name, "hero", hero(SKY, 1)).is_none(),
            "{name} offered for Sky2, who waits off the map"
        );
    }
    let banish = offered_for(&page, "banish", "hero", hero(SKY, 0)).expect("banish");
    assert_eq!(parsed(&banish), Action::Banish { hero: hero(SKY, 0) });
    assert_eq!(s.act("Psiclones", banish.clone()).status, 403);
    let r = s.act("Skyhawks", banish);
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    assert_eq!(
        g.hero(hero(SKY, 0)).expect("Sky1").status,
        HeroStatus::Arriving
    );
    assert_eq!(
        g.pending.as_ref().map(|p| p.chooser),
        Some(PSI),
        "the enemy places it"
    );
    // While Sky1 waits for its Dome nothing else draws: no Dismiss or Banish for anyone.
    let page = s.page("Skyhawks", "");
    assert!(offered(&page, "dismiss").is_empty(), "{page}");
    assert!(offered(&page, "banish").is_empty(), "{page}");
}

#[test]
fn a_boost_is_gained_from_the_heroes_seat_and_the_game_counts_it() {
    let s = in_step(false, Step::Free, |_| {});
    let page = s.page("Skyhawks", "");
    let gain = offered_for(&page, "gain-boosts", "hero", hero(SKY, 1)).expect("+1 Boost");
    assert_eq!(
        parsed(&gain),
        Action::GainBoosts {
            hero: hero(SKY, 1),
            boosts: 1
        }
    );
    let before = s.state::<Game>().hero(hero(SKY, 1)).expect("Sky2").boosts;
    assert_eq!(s.act("Psiclones", gain.clone()).status, 403);
    assert_eq!(s.act("Skyhawks", gain).status, 200);
    let after = s.state::<Game>().hero(hero(SKY, 1)).expect("Sky2").boosts;
    assert_eq!(after, before + 1);
    // A finished game takes nothing: no +1 Boost on the page.
    let done = in_step(false, Step::Free, |g| g.rounds.finished = true);
    let page = done.page("Skyhawks", "");
    assert!(offered(&page, "gain-boosts").is_empty(), "{page}");
}

fn attack_fields(how: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("how", json!(how)),
        ("target", json!(hero(PSI, 0))),
        ("rating", json!(9)),
        ("against", json!(0)),
        ("power", json!(9)),
        ("armor", json!(0)),
        ("wound", json!(2)),
        ("target_boost", json!(false)),
        ("own", json!(0)),
        ("terrain", json!(0)),
        ("favor", json!(0)),
    ]
}

#[test]
fn a_melee_attack_is_offered_only_in_the_melee_step_and_sends_hit_then_damage() {
    // Round 1 is only Reinforce: no attack for anyone.
    let early = worldspanner_with(false, |_| {});
    assert!(offered(&early.page("Skyhawks", ""), "attack").is_empty());
    let s = in_step(false, Step::Melee, |_| {});
    let page = s.page("Skyhawks", "");
    assert_light(&s, &page);
    let form = offered_for(&page, "attack", "attacker", hero(SKY, 0)).expect("Sky1 attacks");
    assert!(
        offered_for(&page, "attack", "attacker", hero(SKY, 1)).is_none(),
        "Sky2 is off the map"
    );
    // Natural melee: the Damage challenge is natural; with a weapon card it is not.
    let natural = parsed(&fill(&form, &attack_fields("natural")));
    let weapon = parsed(&fill(&form, &attack_fields("weapon")));
    let Action::Attack { attack, target, .. } = &weapon else {
        panic!("{weapon:?}")
    };
    assert_eq!(*target, Some(hero(PSI, 0)));
    assert_eq!(
        attack.damage.kind,
        tablemate::worldspanner::ChallengeKind::Damage {
            natural_melee: false
        }
    );
    assert_eq!(s.act("Psiclones", json!(natural)).status, 403);
    let r = s.act("Skyhawks", json!(natural));
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    assert!(
        matches!(&g.last, Some(LastEvent::Attack { attacker, .. }) if *attacker == hero(SKY, 0)),
        "{:?}",
        g.last
    );
    assert!(
        g.acted
            .iter()
            .any(|d| d.hero == hero(SKY, 0) && d.deed == Deed::MeleeAttack)
    );
    // The hero's one action of the step is taken: no second attack on the page.
    let page = s.page("Skyhawks", "");
    assert!(offered_for(&page, "attack", "attacker", hero(SKY, 0)).is_none());
}

#[test]
fn a_shot_is_offered_in_the_action_step_with_the_camouflage_it_may_carry() {
    let s = in_step(false, Step::Action, |_| {});
    let page = s.page("Skyhawks", "");
    let form = offered_for(&page, "attack", "attacker", hero(SKY, 0)).expect("Sky1 shoots");
    let mut fields = attack_fields("ranged");
    fields.push(("terrain", json!(2)));
    fields.retain(|(k, v)| *k != "terrain" || *v != json!(0));
    let shot = parsed(&fill(&form, &fields));
    let Action::Attack { attack, .. } = &shot else {
        panic!("{shot:?}")
    };
    assert_eq!(
        attack.hit.kind,
        tablemate::worldspanner::ChallengeKind::RangedHit
    );
    assert_eq!(
        attack.hit.modifiers,
        vec![Modifier::TerrainStealth { spaces: 2 }]
    );
    let r = s.act("Skyhawks", json!(shot));
    assert_eq!(r.status, 200, "{}", r.body);
    // Psiclones do not act in the Skyhawks' Action step: no attack on their page.
    let psi = s.page("Psiclones", "");
    assert!(offered(&psi, "attack").is_empty(), "{psi}");
}

#[test]
fn a_physical_decks_attack_reads_only_the_hit_card_on_a_miss() {
    let s = in_step(true, Step::Melee, |_| {});
    let page = s.page("Skyhawks", "");
    let form = offered_for(&page, "attack", "attacker", hero(SKY, 0)).expect("Sky1 attacks");
    assert_eq!(form["action"], "read", "{form}");
    let mut fields = attack_fields("natural");
    fields.push(("hit", json!(false)));
    fields.push(("damage_face", json!("pass")));
    let miss = fill(&form, &fields);
    assert_eq!(miss["cards"], json!([{"hit": false}]), "{miss}");
    parsed(&miss);
    let r = s.act("Skyhawks", miss);
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    assert!(
        matches!(&g.last, Some(LastEvent::Attack { outcome, .. }) if outcome.damage.is_none()),
        "a miss draws no Damage card: {:?}",
        g.last
    );
    // A hit reads both cards, the Damage card's face second.
    let s = in_step(true, Step::Melee, |_| {});
    let form = offered_for(&s.page("Skyhawks", ""), "attack", "attacker", hero(SKY, 0))
        .expect("Sky1 attacks");
    let mut fields = attack_fields("natural");
    fields.push(("hit", json!(true)));
    fields.push(("damage_face", json!("amaze")));
    let hit = fill(&form, &fields);
    assert_eq!(
        hit["cards"],
        json!([{"hit": true}, {"face": "amaze"}]),
        "{hit}"
    );
    let r = s.act("Skyhawks", hit);
    assert_eq!(r.status, 200, "{}", r.body);
    let wounds = s.state::<Game>().hero(hero(PSI, 0)).expect("Psi1").wounds;
    assert!(wounds > 0, "an Amaze on Damage wounds Psi1");
}

#[test]
fn a_paid_adventure_is_offered_in_the_adventure_step_and_pays_from_the_heros_gold() {
    let s = in_step(false, Step::Action, |_| {});
    assert!(offered(&s.page("Skyhawks", ""), "paid").is_empty());
    let s = in_step(false, Step::Adventure, |g| {
        g.team_mut(SKY).heroes[0].gold = 3;
    });
    let page = s.page("Skyhawks", "");
    let form = offered_for(&page, "paid", "hero", hero(SKY, 0)).expect("Sky1 pays");
    assert!(offered_for(&page, "paid", "hero", hero(SKY, 1)).is_none());
    let fields = [
        ("kind", json!("inspire")),
        ("faction", json!("icons")),
        ("space", json!(1)),
        ("gold", json!(2)),
        ("cards", json!(0)),
        ("home", json!(false)),
    ];
    let inspire = fill(&form, &fields);
    assert_eq!(inspire["paid"]["key"], json!(["icons", 1]));
    parsed(&inspire);
    // Lith's Chamber is on no Faction key: the form sends none.
    let mut lith = fields.to_vec();
    lith[0] = ("kind", json!("liths-chamber"));
    assert_eq!(fill(&form, &lith)["paid"]["key"], Value::Null);
    assert_eq!(s.act("Psiclones", inspire.clone()).status, 403);
    let boosts = s.state::<Game>().hero(hero(SKY, 0)).expect("Sky1").boosts;
    let r = s.act("Skyhawks", inspire);
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    let h = g.hero(hero(SKY, 0)).expect("Sky1");
    assert_eq!((h.gold, h.boosts), (1, boosts + 2), "2 gold for 2 Boosts");
    assert_eq!(
        g.keys
            .iter()
            .find(|k| k.faction == Faction::Icons)
            .expect("Icons")
            .spaces[1],
        Some(SKY)
    );
}

#[test]
fn a_challenges_modifiers_are_offered_only_while_the_team_holds_them() {
    let s = in_step(false, Step::Adventure, |_| {});
    let page = s.page("Skyhawks", "");
    assert!(
        page.contains("name=\"relation\""),
        "home or opposing on a key"
    );
    assert!(!page.contains("name=\"boost\""), "no Boost in use");
    assert!(!page.contains("name=\"favor\""), "no favor tile held");
    assert!(!page.contains("name=\"lith\""), "no Lith's Favor held");
    let s = in_step(false, Step::Adventure, |g| {
        g.team_mut(SKY).heroes[0].boost_active = true;
        g.lith.holder = Some(SKY);
        g.lith.amount = 3;
        for sp in 0..3 {
            g.keys[0].spaces[sp] = Some(SKY);
        }
    });
    let page = s.page("Skyhawks", "");
    for field in ["boost", "favor", "lith"] {
        assert!(
            page.contains(&format!("name=\"{field}\"")),
            "{field}: {page}"
        );
    }
    let adventures: Vec<Value> = offered(&page, "adventure")
        .into_iter()
        .filter(|a| a["hero"] == json!(hero(SKY, 0)))
        .collect();
    let faction = adventures
        .iter()
        .find(|a| a["adventure"]["type"] == "{type}")
        .expect("the Faction form");
    let filled = fill(
        faction,
        &[
            ("type", json!("faction-task")),
            ("faction", json!("lords")),
            ("space", json!(3)),
            ("rating", json!(5)),
            ("against", json!(5)),
            ("relation", json!({"type": "home-faction"})),
            ("boost", json!(true)),
            ("favor", json!(0)),
            ("own", json!(2)),
            ("own_reason", json!("Scout ability")),
        ],
    );
    let Action::Adventure { challenge, .. } = parsed(&filled) else {
        panic!("{filled}")
    };
    assert_eq!(
        challenge.modifiers,
        vec![
            Modifier::HomeFaction {},
            Modifier::Boost {},
            Modifier::Other {
                amount: 2,
                reason: "Scout ability".into()
            }
        ]
    );
    let r = s.act("Skyhawks", filled);
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    assert!(
        matches!(&g.last, Some(LastEvent::Challenge { outcome, .. }) if outcome.challenge.modifiers == challenge.modifiers),
        "{:?}",
        g.last
    );
}

#[test]
fn capture_is_offered_on_the_spaces_the_team_does_not_hold_and_tribute_goes_to_lith() {
    let s = in_step(false, Step::Action, |g| g.keys[0].spaces[0] = Some(SKY));
    let page = s.page("Skyhawks", "");
    let captures = offered(&page, "capture");
    let spaces = 4 * s.state::<Game>().keys.len();
    assert_eq!(
        captures.len(),
        spaces - 1,
        "every space but the one held: {page}"
    );
    let lords = s.state::<Game>().keys[0].faction;
    assert!(
        !captures
            .iter()
            .any(|c| c["faction"] == json!(lords) && c["space"] == 0)
    );
    let capture = captures
        .iter()
        .find(|c| c["faction"] == json!(lords) && c["space"] == 1)
        .expect("space 2")
        .clone();
    assert_eq!(s.act("Psiclones", capture.clone()).status, 403);
    assert_eq!(s.act("Skyhawks", capture).status, 200);
    assert_eq!(s.state::<Game>().keys[0].spaces[1], Some(SKY));
    let tribute = offered(&page, "tribute").pop().expect("+1 tribute");
    assert_eq!(
        parsed(&tribute),
        Action::Tribute {
            team: SKY,
            amount: 1
        }
    );
    assert_eq!(s.act("Skyhawks", tribute).status, 200);
    let g: Game = s.state();
    assert_eq!((g.lith.holder, g.lith.amount), (Some(SKY), 1));
    // A finished game is locked: nothing to capture, no tribute.
    let done = in_step(false, Step::Action, |g| g.rounds.finished = true);
    let page = done.page("Skyhawks", "");
    assert!(offered(&page, "capture").is_empty(), "{page}");
    assert!(offered(&page, "tribute").is_empty(), "{page}");
}

/// Rescue dismisses the allies ticked on the form and Kidnap banishes the enemies ticked, each
/// by name (p. 16-17): the phone lists every other hero in play, and what it sends is the
/// window's paid adventure with those targets.
#[test]
fn rescue_and_kidnap_send_the_heroes_ticked_on_the_phone_as_their_targets() {
    let s = in_step(false, Step::Adventure, |g| {
        g.team_mut(SKY).heroes[0].gold = 4;
        g.team_mut(SKY).heroes[1].status = HeroStatus::OnMap;
    });
    let page = s.page("Skyhawks", "");
    assert!(page.contains("Rescue: dismiss ") && page.contains("Kidnap: banish "));
    let form = offered_for(&page, "paid", "hero", hero(SKY, 0)).expect("Sky1 pays");
    let ally = "target_skyhawks_1".to_string();
    let enemy = "target_psiclones_0".to_string();
    assert!(
        page.contains(&ally) && page.contains(&enemy),
        "both heroes listed"
    );
    let listed: Vec<&Value> = form["paid"]["targets"]
        .as_array()
        .expect("targets")
        .iter()
        .map(|t| &t["then"])
        .collect();
    assert_eq!(
        listed,
        [&json!(hero(SKY, 1)), &json!(hero(PSI, 0))],
        "every other hero in play, the team's own first; not the hero on the adventure"
    );
    let kidnap = [
        ("kind", json!("kidnap")),
        ("faction", json!("villains")),
        ("space", json!(0)),
        ("gold", json!(2)),
        ("cards", json!(0)),
        ("home", json!(false)),
        (enemy.as_str(), json!(true)),
        (ally.as_str(), json!(false)),
    ];
    let filled = fill(&form, &kidnap);
    assert_eq!(filled["paid"]["targets"], json!([hero(PSI, 0)]));
    parsed(&filled);
    let r = s.act("Skyhawks", filled);
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    assert!(
        !g.hero(hero(PSI, 0)).expect("Psi1").status.in_play(),
        "Psi1 kidnapped: banished, or waiting for its Dome"
    );
    assert_eq!(g.hero(hero(SKY, 0)).expect("Sky1").gold, 2, "2 gold paid");
}

/// The target's Boost (−1 to Hit) is offered on an attack only while an enemy hero on the map
/// has its Boost in use; otherwise the rules would refuse it.
#[test]
fn the_targets_boost_is_offered_only_while_an_enemy_on_the_map_has_one_in_use() {
    let s = in_step(false, Step::Melee, |_| {});
    assert!(!s.page("Skyhawks", "").contains("name=\"target_boost\""));
    let s = in_step(false, Step::Melee, |g| {
        g.team_mut(PSI).heroes[0].boost_active = true;
    });
    assert!(s.page("Skyhawks", "").contains("name=\"target_boost\""));
}

/// The page's `<button>` tags (their opening tags, attributes and all).
fn buttons(page: &str) -> Vec<&str> {
    page.split("<button")
        .skip(1)
        .filter_map(|b| b.split('>').next())
        .collect()
}

/// Where `needle` first appears on the page (it must).
fn at(page: &str, needle: &str) -> usize {
    page.find(needle)
        .unwrap_or_else(|| panic!("{needle:?} is not on the page: {page}"))
}

#[test]
fn a_hero_waiting_to_enter_is_offered_no_wound() {
    let s = in_step(false, Step::Action, |_| {});
    let page = s.page("Skyhawks", "");
    assert!(
        offered_for(&page, "wound", "hero", hero(SKY, 1)).is_none(),
        "Sky2 waits off the map: no Wound"
    );
    let wound = offered_for(&page, "wound", "hero", hero(SKY, 0)).expect("Sky1 on the map");
    assert_eq!(s.act("Skyhawks", wound).status, 200);
    // Every hand correction, step action and removal on the page is one the rules take now.
    let g: Game = s.state();
    let page = s.page("Skyhawks", "");
    for a in actions_on(&page) {
        let Ok(action) = serde_json::from_value::<Action>(a.clone()) else {
            continue; // a form's template, filled on the phone
        };
        assert!(
            g.clone().apply(action).is_ok(),
            "offered but refused by the rules: {a}"
        );
    }
}

#[test]
fn the_step_and_what_the_team_may_do_now_come_first_on_a_team_seat() {
    let s = in_step(false, Step::Action, |_| {});
    let sky = s.page("Skyhawks", "");
    let psi = s.page("Psiclones", "");
    assert!(at(&sky, "id=\"now\"") < at(&sky, "class=\"hero\""));
    assert!(sky.contains("Action step: your team acts"), "{sky}");
    assert!(psi.contains("Action step: Skyhawks act, you wait"), "{psi}");
    // Only the active team ends the step, and only after being asked once.
    let end = buttons(&sky)
        .into_iter()
        .find(|b| b.contains("next-step"))
        .expect("End the step on the active team's page");
    assert!(end.contains("data-confirm"), "{end}");
    assert!(offered(&psi, "next-step").is_empty());
}

#[test]
fn the_card_drawn_and_its_result_come_right_after_the_step() {
    let s = in_step(false, Step::Action, |_| {});
    let page = s.page("Skyhawks", "");
    let other = offered(&page, "challenge")
        .into_iter()
        .find(|a| a["hero"] == json!(hero(SKY, 0)))
        .expect("Sky1's other challenge");
    let filled = fill(&other, &[("rating", json!(6)), ("against", json!(5))]);
    let r = s.act("Skyhawks", filled);
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    let Some(LastEvent::Challenge { lines, .. }) = &g.last else {
        panic!("no challenge: {:?}", g.last)
    };
    for seat in ["Skyhawks", "Psiclones"] {
        let page = s.page(seat, "");
        let drawn = at(&page, "id=\"drawn\"");
        assert!(
            drawn < at(&page, "<details"),
            "the card before any hero row"
        );
        let section = &page[drawn..];
        let section = &section[..section.find("</section>").unwrap_or(section.len())];
        assert!(section.contains("Card drawn: Sky1"), "{section}");
        for l in lines {
            let l = l
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            assert!(section.contains(&l), "{l} in {section}");
        }
    }
}

#[test]
fn a_team_seat_shows_the_other_team_read_only_with_the_domes_and_the_melee_order() {
    let s = in_step(false, Step::Melee, |_| {});
    let page = s.page("Skyhawks", "");
    let g: Game = s.state();
    let other = &page[at(&page, "<b>Psiclones</b> <small>read-only")..];
    for h in &g.team(PSI).heroes {
        assert!(other.contains(&h.name), "{} listed", h.name);
    }
    for a in actions_on(&page) {
        let text = a.to_string();
        assert!(
            !text.contains("\"psiclones\""),
            "a Psiclones action: {text}"
        );
    }
    assert!(page.contains("Melee order"), "{page}");
    let order = &page[at(&page, "Melee order")..];
    assert!(order.contains("Sky1") && order.contains("Psi1"), "{order}");
    assert!(page.contains("<b>Domes</b>: all 6 empty"), "{page}");
}

#[test]
fn each_hero_is_one_compact_row_and_opens_its_challenges_one_at_a_time() {
    let s = in_step(false, Step::Action, |_| {});
    let page = s.page("Skyhawks", "");
    let g: Game = s.state();
    let rows: Vec<&str> = page.split("<details class=\"hero\"").skip(1).collect();
    assert_eq!(rows.len(), g.team(SKY).heroes.len());
    // Details sharing a name open one at a time (the browser closes the others).
    assert!(
        rows.iter().all(|r| r.starts_with(" name=\"hero\"")),
        "{page}"
    );
}

#[test]
fn dismiss_banish_and_ending_a_step_ask_once_before_they_are_sent() {
    let s = in_step(false, Step::Action, |_| {});
    let page = s.page("Skyhawks", "");
    for name in ["\"dismiss\"", "\"banish\"", "\"next-step\""] {
        let found: Vec<&str> = buttons(&page)
            .into_iter()
            .filter(|b| b.contains(&name.replace('"', "&quot;")))
            .collect();
        assert!(!found.is_empty(), "{name} on the page");
        assert!(
            found.iter().all(|b| b.contains("data-confirm=")),
            "{found:?}"
        );
    }
    // A hand correction is sent at once (Undo takes it back).
    let wound = buttons(&page)
        .into_iter()
        .find(|b| b.contains("&quot;wound&quot;"))
        .expect("Wound");
    assert!(!wound.contains("data-confirm"), "{wound}");
}

/// Puts `hero` in Dome `number`.1.
fn in_dome(g: &mut Game, hero: HeroRef, number: u8) {
    use tablemate::worldspanner::{DomeNumber, DomeSlot};
    let dome = DomeSlot::new(DomeNumber::new(number).expect("1 to 6"), 1).expect("1 to 4");
    g.domes.place(dome, hero).expect("an empty Dome");
    g.hero_mut(hero).expect("a hero").status = HeroStatus::InDome { dome };
}

#[test]
fn the_active_team_answers_the_surround_question_from_its_phone() {
    let s = in_step(false, Step::Action, |g| in_dome(g, hero(SKY, 1), 2));
    let r = s.act("Skyhawks", json!({"action": "next-step"}));
    assert_eq!(r.status, 200, "{}", r.body);
    let sky = s.page("Skyhawks", "");
    assert!(sky.contains("Sky2 is still in a Dome"), "{sky}");
    assert!(
        offered(&sky, "next-step").is_empty(),
        "End step waits for the answer"
    );
    let answers = offered(&sky, "answer");
    assert_eq!(
        answers,
        vec![
            json!({"action": "answer", "option": 1}),
            json!({"action": "answer", "option": 2})
        ],
        "{sky}"
    );
    assert!(sky.contains("Yes: they were surrounded"), "{sky}");
    let psi = s.page("Psiclones", "");
    assert!(psi.contains("Sky2 is still in a Dome"), "both teams see it");
    assert!(psi.contains("Skyhawks answer on their phone"), "{psi}");
    assert!(
        offered(&psi, "answer").is_empty(),
        "only the active team answers"
    );
    assert_eq!(s.act("Psiclones", answers[0].clone()).status, 403);
    let r = s.act("Skyhawks", answers[0].clone());
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    assert_eq!(g.rounds.step, Step::Reaction);
    assert!(!s.page("Skyhawks", "").contains("still in a Dome"));
}

#[test]
fn both_teams_see_the_loot_and_the_active_team_picks_it_up_in_its_free_step() {
    use tablemate::worldspanner::Loot;
    let s = in_step(false, Step::Free, |g| {
        g.loot.push(Loot {
            dropped_by: hero(PSI, 2),
            gold: 3,
            round: 1,
            dome: None,
        });
    });
    let sky = s.page("Skyhawks", "");
    let psi = s.page("Psiclones", "");
    for page in [&sky, &psi] {
        assert!(page.contains("Loot on the ground"), "{page}");
        assert!(
            page.contains("3 gold where Psi3 was defeated (round 1)"),
            "{page}"
        );
    }
    assert!(
        offered(&psi, "pick-up").is_empty(),
        "not the Psiclones' step"
    );
    let form = offered(&sky, "pick-up");
    assert_eq!(form.len(), 1, "{sky}");
    assert!(
        !sky.contains(
            r#"<option value="{&quot;team&quot;:&quot;skyhawks&quot;,&quot;hero&quot;:1}">"#
        ),
        "Sky2 waits off the map: not offered"
    );
    let sent = fill(
        &form[0],
        &[("hero", json!(hero(SKY, 0))), ("gold", json!(2))],
    );
    assert_eq!(
        parsed(&sent),
        Action::PickUp {
            hero: hero(SKY, 0),
            pile: 0,
            gold: Some(2)
        }
    );
    let before = s.state::<Game>().hero(hero(SKY, 0)).expect("Sky1").gold;
    let r = s.act("Skyhawks", sent);
    assert_eq!(r.status, 200, "{}", r.body);
    let g: Game = s.state();
    assert_eq!(g.hero(hero(SKY, 0)).expect("Sky1").gold, before + 2);
    assert_eq!(g.loot[0].gold, 1);
    assert!(
        s.page("Psiclones", "")
            .contains("1 gold where Psi3 was defeated")
    );
}
