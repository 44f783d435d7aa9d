//! Random play through the public actions, legal and not: every refusal reached is a typed
//! variant, has a text for the player and leaves the game as it was; every accepted state validates and
//! survives a save and load.

use std::collections::BTreeSet;

use crate::common::*;
use tablemate::deck::DeckTool;
use tablemate::worldspanner::*;

/// The group a refusal belongs to. No wildcard: a new group must be added here.
fn group(e: &RuleError) -> &'static str {
    match e {
        RuleError::Card(_) => "card",
        RuleError::Turn(_) => "turn",
        RuleError::Hero(_) => "hero",
        RuleError::Challenge(_) => "challenge",
        RuleError::Combat(_) => "combat",
        RuleError::Adventure(_) => "adventure",
        RuleError::Dome(_) => "dome",
        RuleError::Physical(_) => "physical",
        RuleError::Setup(_) => "setup",
        RuleError::Deck { .. } => "deck",
        RuleError::DeckTool(_) => "deck tool",
        RuleError::NoSuchHero { .. } => "no such hero",
        RuleError::TooMany { .. } => "too many",
        RuleError::KeyNotOnMap { .. } => "key not on map",
    }
}

/// A seeded xorshift: the same run every time.
pub(crate) struct Dice(pub(crate) u64);

impl Dice {
    pub(crate) fn roll(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.roll(items.len())].clone()
    }
}

const KINDS: [ChallengeKind; 7] = [
    ChallengeKind::FactionAdventure,
    ChallengeKind::LithAdventure,
    ChallengeKind::MeleeHit,
    ChallengeKind::RangedHit,
    ChallengeKind::Damage {
        natural_melee: true,
    },
    ChallengeKind::Damage {
        natural_melee: false,
    },
    ChallengeKind::Other,
];

fn challenge(d: &mut Dice, kind: ChallengeKind) -> Challenge {
    let mods = [
        Modifier::HomeFaction {},
        Modifier::OpposingFaction {},
        Modifier::Boost {},
        Modifier::TargetBoost {},
        Modifier::FavorTile { amount: 1 },
        Modifier::LithsFavor {
            favor: LithFavor::Plus1,
        },
        Modifier::TerrainStealth { spaces: 1 },
    ];
    let mut c = Challenge::new(kind, d.roll(9) as u8, d.roll(9) as u8);
    // Mostly none: most challenges at the table carry no modifier.
    for _ in 0..d.roll(4).saturating_sub(1) {
        c.modifiers.push(d.pick(&mods));
    }
    c
}

fn action(d: &mut Dice, g: &Game) -> Action {
    // Hero 7 of a 6-hero team does not exist: the lookups are exercised too.
    let hero = |d: &mut Dice| h(d.pick(&[S, P]), d.roll(7));
    let team = d.pick(&[S, P]);
    let faction = d.pick(&[Faction::Lords, Faction::Villains, Faction::Warriors]);
    match d.roll(18) {
        0..=3 => Action::NextStep {},
        4 => Action::Reinforce { hero: hero(d) },
        5 => Action::Place {
            dome: match d.roll(3) {
                0 => DomeSlot::new(DomeNumber::new(1 + d.roll(6) as u8).unwrap(), 1).ok(),
                _ => None,
            },
        },
        6 => match d.roll(2) {
            0 => Action::Dismiss { hero: hero(d) },
            _ => Action::Banish { hero: hero(d) },
        },
        7 => Action::LeaveDome { hero: hero(d) },
        8 => match d.roll(3) {
            0 => Action::GainBoosts {
                hero: hero(d),
                boosts: 1,
            },
            _ => Action::UseBoost { hero: hero(d) },
        },
        9 => Action::Gold {
            hero: hero(d),
            change: d.roll(7) as i32 - 3,
        },
        10 => {
            let kind = d.pick(&KINDS);
            Action::Challenge {
                team,
                hero: (d.roll(2) == 0).then(|| hero(d)),
                challenge: challenge(d, kind),
            }
        }
        11 => {
            let hit = d.pick(&KINDS[..4]);
            let damage = d.pick(&KINDS[4..]);
            Action::Attack {
                attacker: hero(d),
                target: (d.roll(4) > 0).then(|| hero(d)),
                attack: Attack {
                    hit: challenge(d, hit),
                    damage: challenge(d, damage),
                    wound_rating: d.roll(6) as u8,
                },
            }
        }
        12 => {
            let adventure = match d.roll(3) {
                0 => Adventure::Vortex {},
                _ => Adventure::FactionTask {
                    faction,
                    space: d.roll(5),
                },
            };
            let mut c = challenge(d, adventure.kind());
            c.against = 5 + d.roll(2) as u8;
            Action::Adventure {
                hero: hero(d),
                adventure,
                challenge: c,
            }
        }
        13 => Action::Paid {
            hero: hero(d),
            paid: PaidAdventure {
                kind: d.pick(PaidKind::ALL),
                key: (d.roll(4) > 0).then(|| (faction, d.roll(5))),
                gold: d.roll(5) as u32,
                cards: d.roll(2) as u32,
                home: false,
                targets: if d.roll(3) == 0 {
                    vec![hero(d)]
                } else {
                    vec![]
                },
            },
        },
        14 => Action::Tribute {
            team,
            amount: d.roll(2) as u32,
        },
        15 => Action::Capture {
            team,
            faction,
            space: d.roll(5),
        },
        16 => match d.roll(3) {
            0 => Action::RaiseFromUnderpit { hero: hero(d) },
            1 => Action::Renew { hero: hero(d) },
            _ => Action::Reopen {},
        },
        _ => match d.roll(2) {
            0 => Action::Wound {
                hero: hero(d),
                wounds: 1 + d.roll(2) as u8,
            },
            _ => Action::Deck {
                team,
                tool: DeckTool::Remove(d.roll(3) + g.team(team).deck.discard_len()),
            },
        },
    }
}

#[test]
fn every_refusal_reached_in_random_play_is_typed_and_changes_nothing() {
    let mut groups = BTreeSet::new();
    let (mut accepted, mut refusals) = (0, 0);
    for seed in 1..=3u64 {
        let mut d = Dice(0x9E37_79B9_7F4A_7C15 ^ seed);
        let mut g = game(6);
        for _ in 0..1000 {
            let a = action(&mut d, &g);
            let before = serde_json::to_string(&g).unwrap();
            match g.apply(a.clone()) {
                Ok(_) => {
                    accepted += 1;
                    g.validate().unwrap_or_else(|e| panic!("after {a:?}: {e}"));
                    let text = serde_json::to_string(&g).unwrap();
                    let back: Game = serde_json::from_str(&text).unwrap();
                    assert_eq!(back, g, "after {a:?}: a save loads back the same");
                }
                Err(e) => {
                    refusals += 1;
                    assert!(!e.to_string().is_empty(), "{a:?}: {e:?} has no text");
                    assert_eq!(
                        serde_json::to_string(&g).unwrap(),
                        before,
                        "{a:?} was refused ({e}) but changed the game"
                    );
                    groups.insert(group(&e));
                }
            }
        }
    }
    eprintln!("accepted {accepted}, refused {refusals}, groups {groups:?}");
    // The run reaches far enough to mean something: play moves on and most groups refuse.
    assert!(accepted > 300, "only {accepted} actions accepted");
    assert!(refusals > 1000, "only {refusals} refusals");
    for g in [
        "turn",
        "hero",
        "challenge",
        "combat",
        "adventure",
        "dome",
        "no such hero",
        "key not on map",
        "deck tool",
    ] {
        assert!(groups.contains(g), "no {g} refusal reached: {groups:?}");
    }
}

/// The actions the random generator above does not make, one of each.
fn rarer_actions() -> Vec<Action> {
    vec![
        Action::GloryCard { team: S },
        Action::Heal {
            hero: h(S, 0),
            wounds: 1,
        },
        Action::DeckMode {
            team: S,
            physical: true,
        },
        Action::Read {
            cards: vec![Reading {
                face: Some(Face::Pass),
                ..Reading::default()
            }],
            then: Box::new(Action::Challenge {
                team: S,
                hero: Some(h(S, 0)),
                challenge: Challenge::new(ChallengeKind::FactionAdventure, 4, 5)
                    .of_skill(Skill::Virtue)
                    .with(Modifier::HomeFaction {}),
            }),
        },
        Action::ReadDomes {
            domes: DomeRange::parse("3-4").unwrap(),
        },
        Action::OddsOver {
            over: OddsOver::CardsLeft,
        },
        Action::ReplaceDeck {
            team: P,
            name: "Ours".into(),
            cards: sample().cards,
        },
    ]
}

/// `deny_unknown_fields` on every action and every value inside one: an extra (misspelt)
/// field anywhere is refused, never read as if it were left out (`"dmoe"` for `"dome"`).
#[test]
fn every_action_type_refuses_an_extra_field_anywhere_in_it() {
    let mut d = Dice(0x51_7CC1_B727_220A);
    let g = game(6);
    let mut tags = BTreeSet::new();
    let mut objects = 0;
    let actions = (0..600).map(|_| action(&mut d, &g)).chain(rarer_actions());
    for a in actions {
        let v = serde_json::to_value(&a).unwrap();
        tags.insert(v["action"].as_str().unwrap().to_string());
        objects += crate::shared::an_extra_field_anywhere_is_refused(&a)
            .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
    // `{"action":"place","dmoe":{...}}` is the issue's own example.
    let e = serde_json::from_str::<Action>(r#"{"action":"place","dmoe":null}"#).unwrap_err();
    assert!(e.to_string().contains("unknown field"), "{e}");
    assert_eq!(tags.len(), 27, "every action type tried: {tags:?}");
    assert!(objects > 1000, "{objects} objects tried");
}
