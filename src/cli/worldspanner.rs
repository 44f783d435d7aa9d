//! `tablemate worldspanner ...`: challenge odds, a seeded challenge or attack, and the Dome
//! proposals of a dismissal, over a challenge deck file (the bundled sample by default).

use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde_json::{Value, json};

use super::Output;

mod deck;
mod heroes;
mod new;
mod show;
use crate::deck::{Deck, WhenEmpty};
use crate::worldspanner::card::DomeRange;
use crate::worldspanner::deckfile::SAMPLE_PATH;
use crate::worldspanner::{
    Attack, Challenge, ChallengeCard, ChallengeKind, ChallengeOutcome, DeckFile, Face, Modifier,
    Odds, OddsOver, Reading, domes,
};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a game: map, rounds, Faction keys, heroes per team (typed or from the hero
    /// library), each team's deck digital or physical; prints its id (--json: `{id, ...}`).
    New(new::NewArgs),
    /// The game ID as the table sees it: round and step, each team's heroes (health, wounds,
    /// gold, Boosts, where), the Domes and their free places, markers per key, Lith's
    /// tribute and Favor, favor tiles, who has acted this step, the melee order and the odds.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
        /// After the text, print the rules digest entry the step's reminder cites.
        #[arg(long)]
        rules: bool,
    },
    /// The hero library: list, add a card from a file, remove a card.
    #[command(subcommand)]
    Heroes(heroes::Heroes),
    /// The deck editor without a window: the same deck in progress, card by card; save it as a
    /// team's deck, use it in a game, export or import it.
    #[command(subcommand)]
    Deck(deck::Deck),
    /// Chance of each face and of a hit at every difference: over the whole 36-card deck by
    /// default (no card counting), or with --cards-left over the cards left to draw.
    Odds {
        /// Challenge deck file (default: the bundled sample, or your copy in the data folder).
        #[arg(long)]
        deck: Option<PathBuf>,
        /// Shuffle with this seed and draw --drawn cards first.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Cards already drawn (0 to 36); only with --cards-left.
        #[arg(long, default_value_t = 0)]
        drawn: usize,
        /// Count cards: odds over the cards left in the draw pile, not the whole deck.
        #[arg(long)]
        cards_left: bool,
        #[arg(long)]
        json: bool,
    },
    /// Draw one challenge card for RATING against AGAINST and read it; or, with --face, read
    /// a card drawn from a physical deck.
    Challenge {
        #[arg(long)]
        deck: Option<PathBuf>,
        /// Shuffle the deck file with this seed and draw its top card.
        #[arg(long, required_unless_present = "face")]
        seed: Option<u64>,
        /// A physical card: the face beside the row read (amaze, pass, squeak, fail, fopp).
        #[arg(long, conflicts_with_all = ["seed", "deck"])]
        face: Option<String>,
        /// A physical card: the blue Hit bar is beside the row read.
        #[arg(long, requires = "face")]
        hit: bool,
        /// A physical card: its Luck, where a rule checks it.
        #[arg(long, requires = "face")]
        luck: Option<u8>,
        #[arg(long)]
        rating: u8,
        #[arg(long)]
        against: u8,
        /// home, opposing, boost, target-boost, favor=N, lith=1|2, terrain=N, other=N[:why]
        #[arg(long = "modifier", allow_hyphen_values = true)]
        modifiers: Vec<String>,
        /// faction-adventure, lith-adventure, melee-hit, ranged-hit, damage, weapon-damage, other
        #[arg(long, default_value = "faction-adventure")]
        kind: String,
        #[arg(long)]
        json: bool,
    },
    /// An attack: the Hit challenge, then on a hit the Damage challenge and the wounds.
    Attack {
        #[arg(long)]
        deck: Option<PathBuf>,
        #[arg(long)]
        seed: u64,
        /// Melee, Aim or Point of the attacker.
        #[arg(long)]
        hit: u8,
        /// The target's Agility (melee) or Stealth (ranged).
        #[arg(long)]
        defence: u8,
        #[arg(long)]
        power: u8,
        #[arg(long)]
        armor: u8,
        /// The weapon's (or fists') Wound rating.
        #[arg(long)]
        wound: u8,
        #[arg(long)]
        ranged: bool,
        /// A weapon card (a Boost does not raise its Power).
        #[arg(long)]
        weapon: bool,
        #[arg(long = "hit-modifier", allow_hyphen_values = true)]
        hit_modifiers: Vec<String>,
        #[arg(long = "damage-modifier", allow_hyphen_values = true)]
        damage_modifiers: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// The Domes a dismissed hero may go to, in rule order.
    Dismiss {
        /// The card's range: 3-4, 5, or "1 or 6". Without it a card is drawn (--deck, --seed).
        #[arg(long)]
        range: Option<String>,
        /// Heroes already in the Domes of each number: 3:4,4:2.
        #[arg(long, default_value = "")]
        occupied: String,
        #[arg(long)]
        deck: Option<PathBuf>,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long)]
        json: bool,
    },
}

pub fn execute(command: Command, root: &Path) -> Output {
    run(command, root).unwrap_or_else(|failed| failed)
}

fn run(command: Command, root: &Path) -> Result<Output, Output> {
    match command {
        Command::New(args) => new::new(args, root),
        Command::Show { id, json, rules } => show::show(&id, json, rules, root),
        Command::Heroes(c) => heroes::run(c, root),
        Command::Deck(c) => deck::run(c, root),
        Command::Odds {
            deck,
            seed,
            drawn,
            cards_left,
            json,
        } => {
            let (file, origin) = load_deck(deck.as_deref(), root)?;
            if drawn > 0 && !cards_left {
                return Err(Output::failed(format!(
                    "--drawn {drawn} needs --cards-left: odds are over the whole deck by default \
                     (the discard pile is not looked through)"
                )));
            }
            if drawn > file.cards.len() {
                return Err(Output::failed(format!(
                    "--drawn {drawn}: the deck has {} cards",
                    file.cards.len()
                )));
            }
            let mut d = Deck::new(file.cards.clone(), seed, WhenEmpty::ReshuffleDiscard);
            for _ in 0..drawn {
                d.draw_to_discard().map_err(Output::failed)?;
            }
            let over = if cards_left {
                OddsOver::CardsLeft
            } else {
                OddsOver::WholeDeck
            };
            let odds = Odds::for_deck(&d, over);
            if json {
                return Ok(Output::json(&json!({
                    "deck": deck_json(&file, &origin),
                    "seed": seed,
                    "drawn": drawn,
                    "over": over,
                    "cards": odds.cards,
                    "cards_left": d.draw_len(),
                    "after_reshuffle": odds.after_reshuffle,
                    "rows": odds.rows.iter().map(|r| json!({
                        "difference": r.difference,
                        "fopp": r.faces[0], "fail": r.faces[1], "squeak": r.faces[2],
                        "pass": r.faces[3], "amaze": r.faces[4],
                        "success": r.success, "hit": r.hit,
                        "counts": {
                            "fopp": r.counts[0], "fail": r.counts[1], "squeak": r.counts[2],
                            "pass": r.counts[3], "amaze": r.counts[4], "hit": r.hits,
                        },
                    })).collect::<Vec<_>>(),
                })));
            }
            let mut s = format!("{}, from {origin}: odds {}\n", file.name, odds.describe());
            s += "  diff   Fopp   Fail Squeak   Pass  Amaze    Hit\n";
            for r in &odds.rows {
                s += &format!("  {:>+4}", r.difference);
                for p in r.faces.iter().chain([&r.hit]) {
                    s += &format!(" {:>5.1}%", p * 100.0);
                }
                s += "\n";
            }
            Ok(Output::ok(s))
        }
        Command::Challenge {
            deck,
            seed,
            face,
            hit,
            luck,
            rating,
            against,
            modifiers,
            kind,
            json,
        } => {
            let mut challenge = Challenge::new(parse_kind(&kind)?, rating, against);
            for m in &modifiers {
                challenge
                    .modifiers
                    .push(Modifier::parse(m).map_err(Output::failed)?);
            }
            if let Some(face) = face {
                // A card from the box: read only what the rules read on it (RULINGS).
                let reading = Reading {
                    face: Some(parse_face(&face)?),
                    hit: Some(hit),
                    luck,
                    domes: None,
                };
                let card = reading.card().map_err(|e| Output::failed(format!("--luck: {e}")))?;
                let outcome = challenge.read(&card).map_err(Output::failed)?;
                if json {
                    let mut v = outcome_json(&outcome);
                    v["physical"] = json!(reading);
                    return Ok(Output::json(&v));
                }
                return Ok(Output::ok(outcome.explain().join("\n") + "\n"));
            }
            let seed = seed.ok_or_else(|| {
                Output::failed("give --seed N to draw from a deck, or --face to read a card")
            })?;
            let (file, origin) = load_deck(deck.as_deref(), root)?;
            let mut d = Deck::new(file.cards.clone(), seed, WhenEmpty::ReshuffleDiscard);
            let card = d.draw_to_discard().map_err(Output::failed)?;
            let outcome = challenge.read(&card).map_err(Output::failed)?;
            if json {
                let mut v = outcome_json(&outcome);
                v["deck"] = deck_json(&file, &origin);
                v["seed"] = json!(seed);
                return Ok(Output::json(&v));
            }
            Ok(Output::ok(outcome.explain().join("\n") + "\n"))
        }
        Command::Attack {
            deck,
            seed,
            hit,
            defence,
            power,
            armor,
            wound,
            ranged,
            weapon,
            hit_modifiers,
            damage_modifiers,
            json,
        } => {
            let (file, origin) = load_deck(deck.as_deref(), root)?;
            let kind = if ranged {
                ChallengeKind::RangedHit
            } else {
                ChallengeKind::MeleeHit
            };
            let natural_melee = !ranged && !weapon;
            let mut attack = Attack {
                hit: Challenge::new(kind, hit, defence),
                damage: Challenge::new(ChallengeKind::Damage { natural_melee }, power, armor),
                wound_rating: wound,
            };
            for m in &hit_modifiers {
                attack
                    .hit
                    .modifiers
                    .push(Modifier::parse(m).map_err(Output::failed)?);
            }
            for m in &damage_modifiers {
                attack
                    .damage
                    .modifiers
                    .push(Modifier::parse(m).map_err(Output::failed)?);
            }
            let mut d = Deck::new(file.cards.clone(), seed, WhenEmpty::ReshuffleDiscard);
            let outcome = attack
                .resolve(|| {
                    d.draw_to_discard()
                        .map_err(crate::worldspanner::RuleError::DeckTool)
                })
                .map_err(Output::failed)?;
            if json {
                return Ok(Output::json(&json!({
                    "deck": deck_json(&file, &origin),
                    "seed": seed,
                    "hit": outcome_json(&outcome.hit),
                    "damage": outcome.damage.as_ref().map(outcome_json),
                    "wound_rating": wound,
                    "wounds": outcome.wounds,
                })));
            }
            Ok(Output::ok(outcome.explain().join("\n") + "\n"))
        }
        Command::Dismiss {
            range,
            occupied,
            deck,
            seed,
            json,
        } => {
            let occupied = domes::parse_occupied(&occupied).map_err(Output::failed)?;
            let (range, card) = match range {
                Some(r) => (DomeRange::parse(&r).map_err(Output::failed)?, None),
                None => {
                    let (file, _) = load_deck(deck.as_deref(), root)?;
                    let mut d = Deck::new(file.cards, seed, WhenEmpty::ReshuffleDiscard);
                    let card = d.draw_to_discard().map_err(Output::failed)?;
                    (card.domes(), Some(card))
                }
            };
            let candidates = domes::candidates(range, occupied).map_err(Output::failed)?;
            let explanation = domes::explain(range, &candidates);
            if json {
                return Ok(Output::json(&json!({
                    "range": range.to_string(),
                    "card": card.as_ref().map(card_json),
                    "occupied": occupied,
                    "candidates": candidates.iter().map(|c| json!({
                        "dome": c.number.get(), "empty": c.empty, "because": c.because,
                    })).collect::<Vec<_>>(),
                    "explanation": explanation,
                })));
            }
            Ok(Output::ok(explanation + "\n"))
        }
    }
}

fn parse_face(face: &str) -> Result<Face, Output> {
    match face.trim().to_ascii_lowercase().as_str() {
        "amaze" | "a" => Ok(Face::Amaze),
        "pass" | "p" => Ok(Face::Pass),
        "squeak" | "s" => Ok(Face::Squeak),
        "fail" | "f" => Ok(Face::Fail),
        "fopp" | "x" => Ok(Face::Fopp),
        other => Err(Output::failed(format!(
            "--face {other:?}: use amaze, pass, squeak, fail or fopp"
        ))),
    }
}

fn parse_kind(kind: &str) -> Result<ChallengeKind, Output> {
    Ok(match kind {
        "faction-adventure" | "adventure" => ChallengeKind::FactionAdventure,
        "lith-adventure" | "lith" => ChallengeKind::LithAdventure,
        "melee-hit" | "melee" => ChallengeKind::MeleeHit,
        "ranged-hit" | "ranged" | "shot" => ChallengeKind::RangedHit,
        "damage" => ChallengeKind::Damage {
            natural_melee: true,
        },
        "weapon-damage" => ChallengeKind::Damage {
            natural_melee: false,
        },
        "other" => ChallengeKind::Other,
        other => {
            return Err(Output::failed(format!(
                "--kind {other:?}: use faction-adventure, lith-adventure, melee-hit, ranged-hit, \
                 damage, weapon-damage or other"
            )));
        }
    })
}

/// Reads a deck: FILE if it exists, else FILE as a data-folder path, else the sample.
fn load_deck(path: Option<&Path>, root: &Path) -> Result<(DeckFile, String), Output> {
    let (text, origin) = match path {
        Some(p) if p.exists() => {
            let text = crate::store::read_text(p).map_err(Output::failed)?;
            (text, p.display().to_string())
        }
        Some(p) => {
            let rel = p.to_string_lossy().replace('\\', "/");
            crate::store::read_data(Some(root), &rel)
                .map_err(|_| Output::failed(format!("{}: no such file", p.display())))?
        }
        None => crate::store::read_data(Some(root), SAMPLE_PATH).map_err(Output::failed)?,
    };
    let file = DeckFile::parse(&text).map_err(|e| Output::failed(format!("{origin}: {e}")))?;
    Ok((file, origin))
}

fn deck_json(file: &DeckFile, origin: &str) -> Value {
    json!({
        "name": file.name, "file": origin, "sample_data": file.header.sample_data,
        "cards": file.cards.len(),
    })
}

fn card_json(card: &ChallengeCard) -> Value {
    if card.is_physical() {
        // Only what was read at the table is known; see "physical" beside it.
        return json!({ "physical": true });
    }
    json!({
        "number": card.number(),
        "faces": card.face_row(),
        "hits": card.hit_row(),
        "luck": card.luck().get(),
        "domes": card.domes().to_string(),
        "ai_symbol": card.ai_symbol().map(|a| a.as_str().to_string()),
    })
}

fn outcome_json(o: &ChallengeOutcome) -> Value {
    let c = &o.challenge;
    let result = match c.kind {
        ChallengeKind::FactionAdventure | ChallengeKind::LithAdventure => {
            let r = o.adventure_result();
            json!({
                "success": o.face.succeeded(), "boost": r.boost(),
                "dismiss": !r.banished(), "banish": r.banished(), "text": r.explain(),
            })
        }
        ChallengeKind::MeleeHit | ChallengeKind::RangedHit => json!({ "hit": o.hit }),
        ChallengeKind::Other => json!({ "face": o.face }),
        ChallengeKind::Damage { .. } => json!({
            "wound_adjustment": o.face.wound_adjustment(),
            "no_wounds": o.face == Face::Fopp,
        }),
    };
    json!({
        "kind": c.kind,
        "rating": c.rating,
        "against": c.against,
        "modifiers": c.modifiers.iter().map(|m| json!({
            "modifier": m, "amount": m.amount(), "why": m.explain(),
        })).collect::<Vec<_>>(),
        "raw_difference": o.raw_difference,
        "difference": o.difference.value(),
        "clamped": o.raw_difference != o.difference.value() as i32,
        "card": card_json(&o.card),
        "face": o.face,
        "hit": o.hit,
        "luck": o.card.luck_read().map(|l| l.get()),
        "result": result,
        "explanation": o.explain(),
    })
}
