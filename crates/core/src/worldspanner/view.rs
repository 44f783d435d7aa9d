//! The game as the table sees it (`tablemate worldspanner show`, docs/worldspanner.md): round
//! and step, each team's heroes with health, wounds, gold and Boosts and where they are, the
//! Domes with their free places, the markers on each Faction key and the favor tiles, Lith's
//! tribute and Favor, who has acted this step, the melee order by Wits and this game's odds.
//! Built from the saved state only; the same for every screen that shows it.

use serde::Serialize;

use super::challenge::LithFavor;
use super::domes::{DomeSlot, Slot};
use super::game::{Deed, Game, Place};
use super::library::Skill;
use super::odds::OddsOver;
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus, TeamSide};
use super::values::DomeNumber;
use super::victory::{Faction, FavorSide};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    pub round: u8,
    pub rounds: u8,
    pub active: TeamSide,
    pub step: Step,
    pub finished: bool,
    pub reopened: bool,
    /// "Round 3 of 10: Psiclones, Melee".
    pub now: String,
    pub reminder: &'static str,
    /// The digest entry the step's reminder restates (docs/rules.md, "Rule references").
    pub reminder_rule: Option<crate::rules::RuleRef>,
    pub teams: Vec<TeamView>,
    pub domes: Vec<DomeView>,
    /// Empty Domes in all.
    pub free_domes: usize,
    pub keys: Vec<KeyView>,
    pub lith: LithView,
    /// The heroes that have taken their one action this step, in order.
    pub acted: Vec<ActedView>,
    /// In the Reaction step: what the active team's heroes did in their Action step (a
    /// Reaction shot targets only heroes that moved).
    pub action_step: Vec<ActedView>,
    /// Heroes on the map in the order they make their melee attacks (Wits, highest first,
    /// ties to the active team); heroes without a card are listed apart.
    pub melee_order: Vec<MeleeView>,
    pub melee_wits_unknown: Vec<Named>,
    /// The spaces adventured from this Adventure step.
    pub adventured: Vec<AdventuredView>,
    /// A hero waiting for its Dome.
    pub pending: Option<PendingView>,
    /// The end of the Action step asking whether heroes still in a Dome were surrounded.
    pub surrounded: Option<SurroundView>,
    /// Gold lying on the map where heroes were defeated, numbered from 0 as `pick-up` takes it.
    pub loot: Vec<LootView>,
    pub odds: OddsView,
    /// Glory if the game ended now, Skyhawks then Psiclones.
    pub glory: [u64; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamView {
    pub team: TeamSide,
    pub deck: DeckView,
    pub glory_cards: u32,
    pub tribute: u32,
    pub lith_favor: Option<LithFavor>,
    pub favor_tiles: Vec<FavorTile>,
    pub heroes: Vec<HeroView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeckView {
    pub name: String,
    pub physical: bool,
    pub draw_pile: usize,
    pub discard_pile: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FavorTile {
    pub faction: Faction,
    pub key: &'static str,
    /// 3 or 4: the side the tile shows (p. 16).
    pub side: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeroView {
    /// As in an action (0-based).
    pub hero: usize,
    /// As the hero list shows it (1-based).
    pub number: usize,
    pub name: String,
    /// Played from a library card.
    pub card: bool,
    pub wits: Option<u8>,
    pub health: u8,
    pub wounds: u8,
    pub health_left: u8,
    pub gold: u32,
    pub boosts: u8,
    pub boost_in_use: bool,
    /// waiting, in-dome, arriving, on-map, pit, underpit.
    pub at: &'static str,
    pub dome: Option<String>,
    /// "in Dome 3.1", "defeated, in the Underpit".
    pub place: String,
    pub acted: Option<Deed>,
    pub renewals: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Named {
    pub team: TeamSide,
    pub hero: usize,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DomeView {
    pub number: u8,
    pub free: u8,
    /// The four places, 1 to 4: the hero in each, or null.
    pub places: Vec<Option<Named>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KeyView {
    pub faction: Faction,
    pub key: &'static str,
    /// The four adventure spaces' markers.
    pub spaces: Vec<Option<TeamSide>>,
    pub skyhawks: usize,
    pub psiclones: usize,
    pub leader: Option<TeamSide>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LithView {
    pub holder: Option<TeamSide>,
    pub tribute: u32,
    /// The holder's Favor: +1 from 3 tribute, +2 from 8 (p. 17).
    pub favor: Option<LithFavor>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActedView {
    pub team: TeamSide,
    pub hero: usize,
    pub name: String,
    pub deed: Deed,
    /// What it did, in words.
    pub did: &'static str,
    /// The Dome it moved out of (Action step only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_dome: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeleeView {
    pub team: TeamSide,
    pub hero: usize,
    pub name: String,
    pub wits: u8,
    /// Attacked or passed this Melee step.
    pub done: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdventuredView {
    pub name: String,
    pub team: TeamSide,
    pub hero: usize,
    pub place: Place,
    pub at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PendingView {
    pub team: TeamSide,
    pub hero: usize,
    pub name: String,
    /// The team that chooses the Dome.
    pub chooser: TeamSide,
    pub banished: bool,
    /// A physical deck's card whose Dome range is still to be read.
    pub awaiting_range: bool,
    /// The free Domes it may go to, in rule order ("Dome 3.2").
    pub free: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SurroundView {
    /// The active team's heroes still in a Dome.
    pub heroes: Vec<Named>,
    pub question: String,
    /// The answers, numbered from 1 as `tablemate answer` takes them.
    pub answers: Vec<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LootView {
    /// As `pick-up` takes it (0-based).
    pub pile: usize,
    pub gold: u32,
    /// The hero defeated there.
    pub dropped_by: Named,
    pub round: u8,
    pub dome: Option<String>,
    /// "where Lazar was defeated (round 3)".
    pub place: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsView {
    pub over: OddsOver,
    pub skyhawks: Vec<OddsRow>,
    pub psiclones: Vec<OddsRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsRow {
    pub difference: i8,
    /// Pass or Amaze.
    pub success: f64,
    pub hit: f64,
    pub fopp: f64,
    pub fail: f64,
    pub squeak: f64,
    pub pass: f64,
    pub amaze: f64,
}

impl Game {
    fn named(&self, r: HeroRef) -> Named {
        Named {
            team: r.team,
            hero: r.hero,
            name: self.name(r),
        }
    }

    fn acted_view(&self, hero: HeroRef, deed: Deed, from_dome: Option<DomeSlot>) -> ActedView {
        ActedView {
            team: hero.team,
            hero: hero.hero,
            name: self.name(hero),
            deed,
            did: deed.done(),
            from_dome: from_dome.map(|d| d.to_string()),
        }
    }

    /// The heroes on the map in melee order, and those whose Wits is unknown.
    pub fn melee_order_on_map(&self) -> (Vec<(HeroRef, u8)>, Vec<HeroRef>) {
        let on_map: Vec<HeroRef> = TeamSide::BOTH
            .into_iter()
            .flat_map(|team| {
                self.team(team)
                    .heroes
                    .iter()
                    .enumerate()
                    .filter(|(_, h)| h.status == HeroStatus::OnMap)
                    .map(move |(hero, _)| HeroRef { team, hero })
            })
            .collect();
        self.melee_order(&on_map)
    }

    /// The whole game as the table sees it.
    pub fn view(&self) -> View {
        let teams = TeamSide::BOTH
            .into_iter()
            .map(|side| {
                let t = self.team(side);
                TeamView {
                    team: side,
                    deck: DeckView {
                        name: t.deck_name.clone(),
                        physical: t.physical,
                        draw_pile: t.deck.draw_len(),
                        discard_pile: t.deck.discard_len(),
                    },
                    glory_cards: t.glory_cards,
                    tribute: self.lith.of(side),
                    lith_favor: self.lith.favor(side),
                    favor_tiles: self
                        .keys
                        .iter()
                        .filter_map(|k| {
                            k.favor(side).map(|s| FavorTile {
                                faction: k.faction,
                                key: k.faction.key_name(),
                                side: if s == FavorSide::Four { 4 } else { 3 },
                            })
                        })
                        .collect(),
                    heroes: t
                        .heroes
                        .iter()
                        .enumerate()
                        .map(|(i, h)| {
                            let r = HeroRef {
                                team: side,
                                hero: i,
                            };
                            HeroView {
                                hero: i,
                                number: i + 1,
                                name: h.name.clone(),
                                card: h.start.card.is_some(),
                                wits: h.start.card.as_ref().map(|c| c.rating(Skill::Wits)),
                                health: h.health,
                                wounds: h.wounds,
                                health_left: h.health_left(),
                                gold: h.gold,
                                boosts: h.boosts,
                                boost_in_use: h.boost_active,
                                at: match h.status {
                                    HeroStatus::Waiting => "waiting",
                                    HeroStatus::InDome { .. } => "in-dome",
                                    HeroStatus::Arriving => "arriving",
                                    HeroStatus::OnMap => "on-map",
                                    HeroStatus::Pit => "pit",
                                    HeroStatus::Underpit => "underpit",
                                },
                                dome: match h.status {
                                    HeroStatus::InDome { dome } => {
                                        Some(format!("{}.{}", dome.number, dome.slot))
                                    }
                                    _ => None,
                                },
                                place: self.place_of(r),
                                acted: self.acted.iter().find(|d| d.hero == r).map(|d| d.deed),
                                renewals: h.renewals,
                            }
                        })
                        .collect(),
                }
            })
            .collect();
        let mut free_domes = 0;
        let domes = DomeNumber::all()
            .map(|number| {
                let places: Vec<Option<Named>> = Slot::all()
                    .map(|slot| {
                        self.domes
                            .occupant(DomeSlot { number, slot })
                            .map(|r| self.named(r))
                    })
                    .collect();
                let free = places.iter().filter(|p| p.is_none()).count() as u8;
                free_domes += free as usize;
                DomeView {
                    number: number.get(),
                    free,
                    places,
                }
            })
            .collect();
        let keys = self
            .keys
            .iter()
            .map(|k| KeyView {
                faction: k.faction,
                key: k.faction.key_name(),
                spaces: k.spaces.to_vec(),
                skyhawks: k.markers(TeamSide::Skyhawks),
                psiclones: k.markers(TeamSide::Psiclones),
                leader: k.leader(),
            })
            .collect();
        let (order, unknown) = self.melee_order_on_map();
        let melee_order = order
            .into_iter()
            .map(|(r, wits)| MeleeView {
                team: r.team,
                hero: r.hero,
                name: self.name(r),
                wits,
                done: self.rounds.step == Step::Melee && self.acted.iter().any(|d| d.hero == r),
            })
            .collect();
        let pending = self.pending.as_ref().map(|p| PendingView {
            team: p.hero.team,
            hero: p.hero.hero,
            name: self.name(p.hero),
            chooser: p.chooser,
            banished: p.how == super::game::Removal::Banish,
            awaiting_range: p.awaiting_card,
            free: self
                .free_domes(&p.candidates)
                .iter()
                .map(|s| s.to_string())
                .collect(),
        });
        let odds_rows = |side: TeamSide| {
            self.odds(side)
                .rows
                .iter()
                .map(|r| OddsRow {
                    difference: r.difference,
                    success: r.success,
                    hit: r.hit,
                    fopp: r.faces[0],
                    fail: r.faces[1],
                    squeak: r.faces[2],
                    pass: r.faces[3],
                    amaze: r.faces[4],
                })
                .collect()
        };
        View {
            round: self.rounds.round,
            rounds: self.rounds.length.rounds(),
            active: self.rounds.active,
            step: self.rounds.step,
            finished: self.rounds.finished,
            reopened: self.reopened,
            now: self.rounds.describe(),
            reminder: self.rounds.step.reminder(),
            reminder_rule: self.rounds.step.entry(),
            teams,
            domes,
            free_domes,
            keys,
            lith: LithView {
                holder: self.lith.holder,
                tribute: self.lith.amount,
                favor: self.lith.holder.and_then(|t| self.lith.favor(t)),
            },
            acted: self
                .acted
                .iter()
                .map(|d| self.acted_view(d.hero, d.deed, None))
                .collect(),
            action_step: if self.rounds.step == Step::Reaction {
                self.action_step
                    .iter()
                    .map(|d| self.acted_view(d.hero, d.deed, d.from_dome))
                    .collect()
            } else {
                Vec::new()
            },
            melee_order,
            melee_wits_unknown: unknown.into_iter().map(|r| self.named(r)).collect(),
            adventured: self
                .adventured
                .iter()
                .map(|a| AdventuredView {
                    name: self.name(a.hero),
                    team: a.hero.team,
                    hero: a.hero.hero,
                    place: a.place,
                    at: a.place.name(),
                })
                .collect(),
            pending,
            surrounded: self.surround_question().map(|question| SurroundView {
                heroes: self
                    .surrounded_asked
                    .iter()
                    .map(|r| self.named(*r))
                    .collect(),
                question,
                answers: super::surround::SURROUND_ANSWERS.to_vec(),
            }),
            loot: self
                .loot
                .iter()
                .enumerate()
                .map(|(pile, l)| LootView {
                    pile,
                    gold: l.gold,
                    dropped_by: self.named(l.dropped_by),
                    round: l.round,
                    dome: l.dome.map(|d| d.to_string()),
                    place: l.place(self),
                })
                .collect(),
            odds: OddsView {
                over: self.odds_over,
                skyhawks: odds_rows(TeamSide::Skyhawks),
                psiclones: odds_rows(TeamSide::Psiclones),
            },
            glory: self.glory().glory,
        }
    }
}
