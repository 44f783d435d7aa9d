//! Simulated players for `tablemate furtherance simulate` and the property tests: someone to
//! play the player's side so the late game (every enemy castle acting, castles destroyed,
//! wins by VP, losses) is reached without a person at the table (docs/furtherance.md,
//! "Simulated players").
//!
//! A simulated player only ever sends the public actions a person can send (a worker's
//! action, move, attack a unit or a castle, end the turn, answer a question), chosen among the legal ones
//! of the position, and `play_out` applies them through `Saved::act_one_step`, as the
//! window's buttons do, so every state it reaches is a state a person could reach.
//!
//! - `none`: does nothing; ends every turn and takes the offered answer to every question.
//! - `random`: a kind of legal action uniformly (recruit, mine, other worker action, move, attack),
//!   then one of that kind uniformly, ending the turn with chance 1 in 4 at each choice (so
//!   turns end); uniform among the options of a question.
//! - `greedy`: the fixed heuristic of [`Style::Greedy`].
//!
//! A simulated player keeps its kingdom through the worker actions like a person (mine,
//! buy, build, develop, recruit, research, upgrade): the app keeps its gold, and every
//! recruit comes from the units market or its research, off the one unit deck. Its choices
//! are drawn from its own seeded stream (the game's seed, mixed), so the same seed plays
//! the same game.

use serde::{Deserialize, Serialize};

use super::error::RuleError;
use super::kingdom::Market;
use super::player::Action;
use super::square::{CELLS, Seat, Square};
use super::state::{Game, MAX_PLAYER_UNITS, Phase, UnitId};
use super::step::Step;
use super::units::KindId;
use crate::doc::Saved;
use crate::rng::SeededRng;

/// How a simulated player chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Style {
    /// Does nothing: ends every turn, takes the offered answer.
    None,
    /// A kind of legal action uniformly (recruit, mine, another worker action, move, attack),
    /// then one of that kind uniformly, with a 1 in 4 chance to end the turn at each choice.
    Random,
    /// In order, each time it acts:
    /// 1. attack an enemy castle if a unit stands next to one (the one with the least HP);
    /// 2. attack an enemy unit it can kill (the most expensive such), else, with a unit
    ///    that survives the strike-back, the unit with the least health left;
    /// 3. with a worker left: recruit the most expensive unit that attacks (attack above 0)
    ///    it can afford from the market or its research into the free castle square nearest
    ///    the enemy; else develop a building under construction; else mine;
    /// 4. move a unit (the one furthest forward first) to the square that brings it
    ///    nearest an enemy castle it could attack or an enemy unit, if that is nearer
    ///    than where it stands;
    /// 5. end the turn.
    ///
    /// Questions: at your castle's defence it defends with the unit with the most health
    /// left if that unit survives the hit, else the castle takes the damage; every other
    /// question gets the app's offered answer.
    Greedy,
}

impl Style {
    pub fn as_str(self) -> &'static str {
        match self {
            Style::None => "none",
            Style::Random => "random",
            Style::Greedy => "greedy",
        }
    }
}

/// A simulated player: its style and its seeded stream.
#[derive(Debug, Clone)]
pub struct SimPlayer {
    style: Style,
    rng: SeededRng,
}

impl SimPlayer {
    /// A player drawing from its own stream seeded from the game's `seed`.
    pub fn new(style: Style, seed: u64) -> SimPlayer {
        SimPlayer {
            style,
            rng: SeededRng::new(seed ^ 0x5eed_9a1e_b0a2_d5e7),
        }
    }

    pub fn style(&self) -> Style {
        self.style
    }

    /// What this player sends now: the answer to a waiting question, `next` while the
    /// enemies (or a fight) are resolving, else one action of its own turn (`end-turn` when
    /// it is done). `None` once the game is decided.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        if game.outcome().is_some() {
            return None;
        }
        if let Some(p) = game.pending() {
            let option = self.answer(game, p.options.len(), p.default);
            return Some(Action::Answer { option: option + 1 });
        }
        if game.phase() == Phase::Enemy || game.is_resolving() {
            return Some(Action::Next {});
        }
        let action = match self.style {
            Style::None => Action::EndTurn {},
            Style::Random => self.random_action(game),
            Style::Greedy => self.greedy_action(game),
        };
        Some(action)
    }

    /// The option (0-based) this player picks among `count`, `default` being the app's.
    fn answer(&mut self, game: &Game, count: usize, default: usize) -> usize {
        match self.style {
            Style::None => default,
            Style::Random => self.rng.below(count.max(1) as u64) as usize,
            Style::Greedy => greedy_answer(game).unwrap_or(default),
        }
    }

    fn random_action(&mut self, game: &Game) -> Action {
        let legal = legal_actions(game);
        if legal.is_empty() || self.rng.below(4) == 0 {
            return Action::EndTurn {};
        }
        // A kind of action first (recruit, mine, another worker action, move, attack), then
        // one of that kind: the many ways to buy and research do not crowd out the board.
        let kind = |a: &Action| match a {
            Action::Recruit { .. } => 0,
            Action::Mine {} => 1,
            Action::Move { .. } => 3,
            Action::AttackUnit { .. } | Action::AttackCastle { .. } => 4,
            _ => 2,
        };
        let mut kinds: Vec<u8> = legal.iter().map(kind).collect();
        kinds.sort();
        kinds.dedup();
        let k = kinds[self.rng.below(kinds.len() as u64) as usize];
        let of_kind: Vec<Action> = legal.into_iter().filter(|a| kind(a) == k).collect();
        let i = self.rng.below(of_kind.len() as u64) as usize;
        of_kind.into_iter().nth(i).unwrap_or(Action::EndTurn {})
    }

    fn greedy_action(&mut self, game: &Game) -> Action {
        let mine: Vec<UnitId> = game.units_of(Seat::Player).map(|u| u.id).collect();
        // 1. A castle in reach.
        let castle = mine
            .iter()
            .flat_map(|u| game.castle_options(*u).into_iter().map(move |c| (*u, c)))
            .min_by_key(|(_, c)| game.castle(*c).hp);
        if let Some((attacker, castle)) = castle {
            return Action::AttackCastle { attacker, castle };
        }
        // 2. A unit to kill, else a fight the attacker survives.
        let mut kill: Option<(u8, UnitId, UnitId)> = None;
        let mut hit: Option<(u8, UnitId, UnitId)> = None;
        for a in &mine {
            let Some(au) = game.unit(*a) else { continue };
            let attack = game.kind(au).attack;
            for t in game.attack_options(*a) {
                let Some(tu) = game.unit(t) else { continue };
                let left = game.health_left(tu);
                if attack >= left {
                    let cost = game.kind(tu).cost;
                    if kill.is_none_or(|(c, _, _)| cost > c) {
                        kill = Some((cost, *a, t));
                    }
                } else if game.kind(tu).attack < game.health_left(au)
                    && hit.is_none_or(|(l, _, _)| left < l)
                {
                    hit = Some((left, *a, t));
                }
            }
        }
        if let Some((_, attacker, target)) = kill.or(hit) {
            return Action::AttackUnit { attacker, target };
        }
        // 3. A worker's action.
        let near = distances_to_goals(game);
        if game.actions_left() > 0 {
            if let Some(action) = self.greedy_recruit(game, &near) {
                return action;
            }
            let developing = game
                .kingdom()
                .buildings
                .iter()
                .find(|b| b.counters > 0)
                .map(|b| game.cards().name(super::cards::CardKind::Building, b.card));
            if let Some(card) = developing {
                return Action::Develop { card };
            }
            return Action::Mine {};
        }
        // 4. Move forward.
        let mut movers: Vec<(u8, UnitId, Square)> = mine
            .iter()
            .filter_map(|u| {
                game.unit(*u)
                    .map(|x| (near[x.square.index()], *u, x.square))
            })
            .collect();
        movers.sort_by_key(|(d, id, _)| (*d, id.0));
        for (here, id, _) in movers {
            let best = game
                .move_options(id)
                .into_iter()
                .min_by_key(|s| (near[s.index()], s.index()));
            if let Some(to) = best
                && near[to.index()] < here
            {
                return Action::Move { unit: id, to };
            }
        }
        Action::EndTurn {}
    }

    fn greedy_recruit(&self, game: &Game, near: &[u8; CELLS]) -> Option<Action> {
        if game.units_of(Seat::Player).count() >= MAX_PLAYER_UNITS {
            return None;
        }
        let square = game
            .board()
            .castle(Seat::Player)
            .iter()
            .copied()
            .filter(|s| game.is_free(*s))
            .min_by_key(|s| (near[s.index()], s.index()))?;
        let kind = recruitable(game)
            .into_iter()
            .filter(|k| game.catalog().kind(*k).attack > 0)
            .max_by_key(|k| (game.catalog().kind(*k).cost, std::cmp::Reverse(k.0)))?;
        Some(Action::Recruit {
            unit: game.catalog().kind(kind).name.as_str().into(),
            square,
        })
    }
}

/// The unit kinds the player could recruit now with its gold: those face up in the units
/// market or in its research (any with a card left, with the physical deck).
pub fn recruitable(game: &Game) -> Vec<KindId> {
    let gold = game.ledger().gold;
    let k = game.kingdom();
    let mut kinds: Vec<KindId> = if k.one_deck {
        k.units_market
            .iter()
            .filter_map(|s| s.first().copied())
            .chain(
                k.research
                    .iter()
                    .filter(|r| r.deck == Market::Units)
                    .map(|r| KindId(r.card)),
            )
            .collect()
    } else {
        game.catalog()
            .ids()
            .filter(|kind| game.check_copies_left(*kind, Some(Seat::Player)).is_ok())
            .collect()
    };
    kinds.sort();
    kinds.dedup();
    kinds.retain(|kind| u32::from(game.catalog().kind(*kind).cost) <= gold);
    kinds
}

/// Every action of the player's own turn the rules allow now, but `end-turn`: recruits it
/// can pay for into each free castle square, moves, attacks on units and castles.
pub fn legal_actions(game: &Game) -> Vec<Action> {
    let mut out = Vec::new();
    if game.outcome().is_some()
        || game.pending().is_some()
        || game.phase() != Phase::Player
        || game.is_resolving()
    {
        return out;
    }
    let mine: Vec<UnitId> = game.units_of(Seat::Player).map(|u| u.id).collect();
    if game.actions_left() > 0 {
        out.extend(worker_actions(game));
        if mine.len() < MAX_PLAYER_UNITS {
            for square in game.board().castle(Seat::Player) {
                if !game.is_free(*square) {
                    continue;
                }
                for kind in recruitable(game) {
                    out.push(Action::Recruit {
                        unit: game.catalog().kind(kind).name.as_str().into(),
                        square: *square,
                    });
                }
            }
        }
    }
    // Discarding a building takes no worker: offered whenever the rule allows it (at 7).
    if game.discard_allowed().is_ok() {
        let cards = game.cards();
        for (i, b) in game.kingdom().buildings.iter().enumerate() {
            out.push(Action::DiscardBuilding {
                building: cards.name(super::cards::CardKind::Building, b.card),
                at: Some(i + 1),
            });
        }
    }
    for u in mine {
        for to in game.move_options(u) {
            out.push(Action::Move { unit: u, to });
        }
        for target in game.attack_options(u) {
            out.push(Action::AttackUnit {
                attacker: u,
                target,
            });
        }
        for castle in game.castle_options(u) {
            out.push(Action::AttackCastle {
                attacker: u,
                castle,
            });
        }
    }
    out
}

/// The worker actions but recruiting the rules allow now (each checked on a copy).
fn worker_actions(game: &Game) -> Vec<Action> {
    use super::cards::CardKind;
    let k = game.kingdom();
    let cards = game.cards();
    let mut candidates = vec![Action::Mine {}, Action::Upgrade {}];
    let face_up = |slots: &[Vec<u16>]| -> Vec<u16> {
        slots.iter().filter_map(|s| s.first().copied()).collect()
    };
    let researched = |m: Market| {
        k.research
            .iter()
            .filter(move |r| r.deck == m)
            .map(|r| r.card)
    };
    for c in face_up(&k.items_market)
        .into_iter()
        .chain(researched(Market::Items))
    {
        candidates.push(Action::Buy {
            items: vec![cards.name(CardKind::Item, c)],
        });
    }
    for c in face_up(&k.buildings_market)
        .into_iter()
        .chain(researched(Market::Buildings))
    {
        candidates.push(Action::Build {
            building: cards.name(CardKind::Building, c),
        });
    }
    for (kind, held) in k
        .buildings
        .iter()
        .map(|b| (CardKind::Building, b))
        .chain(k.upgrades.iter().map(|u| (CardKind::Upgrade, u)))
    {
        if held.counters > 0 {
            candidates.push(Action::Develop {
                card: cards.name(kind, held.card),
            });
        }
    }
    for deck in Market::ALL {
        candidates.push(Action::Research { deck });
    }
    // Items and the leader's power, on each unit of yours where they take one: the refused
    // ones are filtered out below (Payne's is a Develop of his card).
    let yours: Vec<UnitId> = game.units_of(Seat::Player).map(|u| u.id).collect();
    for item in &k.items {
        let item = cards.name(CardKind::Item, *item);
        candidates.push(Action::UseItem {
            item: item.clone(),
            unit: None,
        });
        for u in &yours {
            candidates.push(Action::UseItem {
                item: item.clone(),
                unit: Some(*u),
            });
        }
    }
    for u in &yours {
        candidates.push(Action::LeaderPower {
            unit: Some(*u),
            card: None,
            square: None,
        });
    }
    for c in face_up(&k.items_market) {
        candidates.push(Action::LeaderPower {
            unit: None,
            card: Some(cards.name(CardKind::Item, c)),
            square: None,
        });
    }
    if let Some(leader) = k.leader_card(cards) {
        candidates.push(Action::Develop {
            card: leader.name.clone(),
        });
    }
    candidates
        .into_iter()
        .filter(|a| game.clone().apply(a.clone()).is_ok())
        .collect()
}

/// Moves from every square to the nearest square from which a player unit could attack: next
/// to an enemy castle still standing, or next to an enemy unit (walls count, units do not;
/// 255 where none can be reached).
fn distances_to_goals(game: &Game) -> [u8; CELLS] {
    let board = game.board();
    let mut dist = [u8::MAX; CELLS];
    let mut frontier: Vec<Square> = board
        .squares()
        .filter(|s| board.may_enter(Seat::Player, *s))
        .filter(|s| {
            Seat::ENEMIES
                .into_iter()
                .any(|c| !game.is_destroyed(c) && board.next_to_castle(*s, c))
                || game
                    .units()
                    .iter()
                    .any(|u| u.owner != Seat::Player && board.adjacent(*s, u.square))
        })
        .collect();
    for s in &frontier {
        dist[s.index()] = 0;
    }
    let mut d = 0u8;
    while !frontier.is_empty() && d < u8::MAX - 1 {
        d += 1;
        let mut next = Vec::new();
        for s in frontier {
            for n in board.neighbours(s) {
                if dist[n.index()] == u8::MAX && board.may_enter(Seat::Player, n) {
                    dist[n.index()] = d;
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// The greedy answer, where it differs from the app's offered one: your castle's defence.
fn greedy_answer(game: &Game) -> Option<usize> {
    let p = game.pending()?;
    let super::agenda::Resume::CastleDefence {
        attacker,
        defenders,
    } = &p.resume
    else {
        return None;
    };
    let attack = game.unit(*attacker).map(|a| game.kind(a).attack)?;
    defenders
        .iter()
        .enumerate()
        .filter_map(|(i, d)| game.unit(*d).map(|u| (game.health_left(u), i)))
        .filter(|(left, _)| *left > attack)
        .max_by_key(|(left, i)| (*left, std::cmp::Reverse(*i)))
        .map(|(_, i)| i)
}

/// Why a simulated game stopped before its end.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// The engine refused an action the player chose among the legal ones: a bug in one or
    /// the other.
    #[error("the simulated player's {action:?} was refused: {error}")]
    Refused { action: Action, error: RuleError },
    /// The game made no progress for many actions.
    #[error("no end after {0} actions")]
    Stuck(usize),
}

/// What `play_out` reports after each action: the action, the question it answered (the
/// question's step), and the game after it.
pub struct Played<'a> {
    pub action: &'a Action,
    pub asked: Option<Step>,
    pub saved: &'a Saved<Game>,
}

/// Most actions one simulated game may take before it counts as stuck.
const MAX_ACTIONS: usize = 200_000;

/// Plays `saved` on with `player` through `Saved::act_one_step` until the game is decided or
/// `rounds` rounds have been played (stopping at the player's turn of round `rounds + 1`),
/// calling `visit` after every action.
pub fn play_out(
    saved: &mut Saved<Game>,
    player: &mut SimPlayer,
    rounds: u32,
    mut visit: impl FnMut(Played<'_>),
) -> Result<(), SimError> {
    for _ in 0..MAX_ACTIONS {
        let game = saved.current();
        if game.phase() == Phase::Player
            && game.round() > rounds
            && game.pending().is_none()
            && !game.is_resolving()
        {
            return Ok(());
        }
        let Some(action) = player.choose(game) else {
            return Ok(());
        };
        let asked = game.pending().map(|p| p.step());
        if let Err(error) = saved.act_one_step(action.clone()) {
            return Err(SimError::Refused { action, error });
        }
        visit(Played {
            action: &action,
            asked,
            saved,
        });
    }
    Err(SimError::Stuck(MAX_ACTIONS))
}
