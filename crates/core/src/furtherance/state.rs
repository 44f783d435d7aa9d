//! The state of a solo game: settings (difficulty, deck mode and the named readings where the
//! rules are unclear), the castles with their HP, hourglass counters and research, the units
//! on the board, the player's book (VP, gold, workers, buildings), the unit deck, and the
//! work still to resolve. Setup by difficulty lives here too (SOLO SETUP; RULINGS).

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::agenda::{Pending, Task};
use super::board::Board;
use super::cards::Cards;
use super::explain::{Explained, Reasons};
use super::kingdom::Kingdom;
use super::pile::{Shared, UnitPile};
use super::square::{Seat, Square};
use super::units::{Ability, Catalog, KindId, UnitKind};

/// Hourglass counters placed on the Across castle at setup (SOLO SETUP).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    Learner,
    #[default]
    Normal,
    Hard,
}

impl Difficulty {
    /// Easiest first, as declared.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn hourglass_counters(self) -> u8 {
        match self {
            Difficulty::Learner => 16,
            Difficulty::Normal => 10,
            Difficulty::Hard => 5,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Difficulty::Learner => "Learner",
            Difficulty::Normal => "Normal",
            Difficulty::Hard => "Hard",
        }
    }

    pub fn parse(text: &str) -> Option<Difficulty> {
        Difficulty::ALL
            .iter()
            .copied()
            .find(|d| d.title().eq_ignore_ascii_case(text.trim()))
    }
}

/// Where enemy spawns come from when their research is empty (RULINGS: unit deck).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeckMode {
    /// The physical unit deck: the app asks which card was drawn.
    Physical,
    /// A deck the app shuffles from units.json with the game's seed.
    #[default]
    Digital,
}

/// When a unit dies (RULINGS: the CASTLES example kills a 2-HP Fighter with 2 damage; the
/// COMBAT text says "more damage on it than health").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeathRule {
    #[default]
    DamageReachesHp,
    DamageExceedsHp,
}

/// What happens to a destroyed enemy castle's units (the solo text only says it stops
/// spawning; in the normal game an eliminated player's cards are discarded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DestroyedCastleUnits {
    #[default]
    Discarded,
    KeepFighting,
}

/// Whether an enemy castle defends with a unit inside it when the player attacks it
/// (COMBAT: the owner "may" defend; the solo AI gives no rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnemyCastleDefence {
    /// The unit inside with the most health left defends.
    DefendWithStrongest,
    /// It never defends: the SOLO AI gives the enemies no such move, and they make no
    /// optional choice the solo text does not give them (docs/rulings.md).
    #[default]
    Never,
}

/// When an enemy unit that attacks 2 spaces away stops moving (RULINGS say units stop when
/// adjacent; some players stop such units as soon as a target is in reach).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReachStop {
    #[default]
    WhenAdjacent,
    WhenInReach,
}

/// Whether an enemy unit with "sacrifice to destroy any building" uses it on reaching the
/// player's castle while the player has a building.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnemySacrifice {
    #[default]
    Sacrifices,
    Attacks,
}

/// Whether a unit must have its attacker within its own reach to counter-attack (RULINGS:
/// counter-attacks ignore range; COMBAT names no range for them, only the "No counter attacks"
/// ability prevents one). Some players read it the other way: a named setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CounterRange {
    /// Every attacked unit strikes back, however far its attacker stands.
    #[default]
    IgnoresRange,
    /// Only within the counter-attacker's reach.
    WithinReach,
}

/// How this game is played: chosen at setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub difficulty: Difficulty,
    pub deck_mode: DeckMode,
    pub death: DeathRule,
    pub destroyed_castle_units: DestroyedCastleUnits,
    pub enemy_castle_defence: EnemyCastleDefence,
    pub reach_stop: ReachStop,
    pub enemy_sacrifice: EnemySacrifice,
    pub counter_range: CounterRange,
}

/// A unit on the board, unique for the whole game.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct UnitId(pub u32);

impl std::fmt::Display for UnitId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub kind: KindId,
    pub owner: Seat,
    pub square: Square,
    /// Damage counters on it.
    pub damage: u8,
    /// +1 HP counters (e.g. Audric the Augmenter), set by hand.
    #[serde(default)]
    pub hp_bonus: u8,
    /// Carries a new unit token: recruited or spawned since its owner's last turn began.
    #[serde(default)]
    pub new: bool,
    /// Spaces moved this turn.
    #[serde(default)]
    pub moved: u8,
    /// Attacks made this turn.
    #[serde(default)]
    pub attacks: u8,
}

/// One castle: HP, hourglass counters and (for enemies) the research that respawns units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Castle {
    pub hp: u8,
    pub counters: u8,
    #[serde(default)]
    pub research: Vec<KindId>,
}

/// The player's own records: what the app cannot see on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ledger {
    /// Victory points recorded (castles destroyed, cards bought, hand edits).
    pub vp: u8,
    pub gold: u32,
    pub workers: u8,
    /// Buildings in play or under construction (so the app knows when to offer them as a
    /// target and whether an Arsonist has anything to burn).
    pub buildings: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Player,
    Enemy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Won,
    Lost,
}

/// Castle HP at the start (CASTLES; SOLO SETUP follows the normal setup).
pub const CASTLE_HP: u8 = 10;
/// Highest castle HP a hand edit may set.
pub const MAX_CASTLE_HP: u8 = 30;
/// At or below this HP a castle passes all its hourglass counters on (ATTACKING).
pub const PASS_ALL_AT_HP: u8 = 5;
/// The solo win (ENDING).
pub const WINNING_VP: u8 = 4;
/// Units a player may have in play at once (UNITS).
pub const MAX_PLAYER_UNITS: usize = 6;

/// A Furtherance solo game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub(crate) settings: Settings,
    pub(crate) board: Shared<Board>,
    pub(crate) catalog: Shared<Catalog>,
    pub(crate) round: u32,
    pub(crate) phase: Phase,
    /// Indexed by `Seat::index`: player, left, across, right.
    pub(crate) castles: [Castle; 4],
    pub(crate) ledger: Ledger,
    pub(crate) units: Vec<Unit>,
    /// Hourglass counters that have left the board (passed on by the Right castle).
    pub(crate) counters_returned: u8,
    /// `None` in physical deck mode.
    pub(crate) deck: Option<UnitPile>,
    pub(crate) next_unit: u32,
    #[serde(default)]
    pub(crate) agenda: Vec<Task>,
    #[serde(default)]
    pub(crate) pending: Option<Pending>,
    #[serde(default)]
    pub(crate) outcome: Option<Outcome>,
    /// The unit that moved last and its path (start first) while it is still acting, so the
    /// screen keeps the move drawn through its attacks; cleared when the next unit acts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) last_move: Option<(UnitId, Vec<Square>)>,
    /// The steps of the action that made this state, each with why it happened and what the
    /// rules ruled out (explain.rs): kept in every history entry, so undo and reload show
    /// the same explanations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) explained: Vec<Explained>,
    /// Reasons gathered for the step still to come (a decision made by a task that showed
    /// nothing, or an answer given to a question).
    #[serde(default, skip_serializing_if = "Reasons::is_empty")]
    pub(crate) reasons: Reasons,
    /// The buildings, items, upgraded workers and leaders of this game (cards.rs); a save
    /// from before the kingdom gets the bundled sample cards.
    #[serde(default = "bundled_cards")]
    pub(crate) cards: Shared<Cards>,
    /// The player's kingdom (kingdom.rs); a save from before it loads with an undealt one.
    #[serde(default)]
    pub(crate) kingdom: Kingdom,
}

fn bundled_cards() -> Shared<Cards> {
    Shared::new(Cards::bundled().unwrap_or_default())
}

impl Game {
    /// Solo setup (SOLO SETUP; RULINGS): castles at 10 HP, the difficulty's hourglass
    /// counters on Across, Left active, the player at 0 VP with 2 workers and 4 gold.
    pub fn new(settings: Settings, board: Board, catalog: Catalog, seed: u64) -> Game {
        Game::setup(
            settings,
            board,
            catalog,
            Cards::bundled().unwrap_or_default(),
            seed,
            None,
        )
    }

    /// Solo setup with these kingdom cards and, if the player picked one, this leader (an
    /// index in `cards.leaders`; else one is drawn from the seed: SOLO SETUP). In digital
    /// mode the units market is flipped from the same unit deck the enemies draw from.
    pub fn setup(
        settings: Settings,
        board: Board,
        catalog: Catalog,
        cards: Cards,
        seed: u64,
        leader: Option<u16>,
    ) -> Game {
        let mut deck = match settings.deck_mode {
            DeckMode::Physical => None,
            DeckMode::Digital => Some(UnitPile::new(catalog.deck_cards(), seed)),
        };
        let kingdom = Kingdom::deal(&cards, deck.as_mut(), seed, leader);
        let castle = |counters| Castle {
            hp: CASTLE_HP,
            counters,
            research: Vec::new(),
        };
        Game {
            settings,
            board: Shared::new(board),
            catalog: Shared::new(catalog),
            round: 1,
            phase: Phase::Player,
            castles: [
                castle(0),
                castle(0),
                castle(settings.difficulty.hourglass_counters()),
                castle(0),
            ],
            ledger: Ledger {
                vp: 0,
                gold: 4,
                workers: 2,
                buildings: 0,
            },
            units: Vec::new(),
            counters_returned: 0,
            deck,
            next_unit: 1,
            agenda: Vec::new(),
            pending: None,
            outcome: None,
            last_move: None,
            explained: Vec::new(),
            reasons: Reasons::default(),
            cards: Shared::new(cards),
            kingdom,
        }
    }

    /// A new game on the standard board with the bundled units.
    pub fn standard(
        settings: Settings,
        seed: u64,
    ) -> Result<Game, crate::datafile::DataFileError> {
        Ok(Game::new(
            settings,
            Board::standard(),
            Catalog::bundled()?,
            seed,
        ))
    }

    /// Puts cards of these kinds on top of the digital deck, top card first (hand-worked
    /// positions in tests and tutorials). Every card stays in the game.
    // Kept String: hand-stacked decks for tests and tutorials; read by a person.
    pub fn stack_deck(&mut self, top_first: &[KindId]) -> Result<(), String> {
        let deck = self
            .deck
            .as_mut()
            .ok_or("the physical deck cannot be stacked")?;
        deck.stack_on_top(top_first)
            .map_err(|k| format!("no {} left in the unit deck", self.catalog.kind(k).name))
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn castle(&self, seat: Seat) -> &Castle {
        &self.castles[seat.index()]
    }

    pub(crate) fn castle_mut(&mut self, seat: Seat) -> &mut Castle {
        &mut self.castles[seat.index()]
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    pub fn deck(&self) -> Option<&UnitPile> {
        self.deck.as_ref()
    }

    pub fn counters_returned(&self) -> u8 {
        self.counters_returned
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The steps of the action that made this state, with their reasons (explain.rs).
    pub fn explained(&self) -> &[Explained] {
        &self.explained
    }

    /// The unit the action that made this state moved or attacked with, while it is still on
    /// the board: the piece the window highlights, whose "Why?" is this state's explanation.
    pub fn actor(&self) -> Option<UnitId> {
        self.explained
            .iter()
            .rev()
            .find_map(|e| match &e.step {
                super::Step::Move { unit, .. } => Some(unit.id),
                super::Step::Attack { attacker, .. }
                | super::Step::CastleAttacked { attacker, .. } => Some(attacker.id),
                _ => None,
            })
            .filter(|id| self.unit(*id).is_some())
    }

    /// The unit that moved last and its path, start first, while it is still the one acting.
    pub fn last_move(&self) -> Option<(UnitId, &[Square])> {
        self.last_move
            .as_ref()
            .filter(|(id, _)| self.unit(*id).is_some())
            .map(|(id, path)| (*id, path.as_slice()))
    }

    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// True while something is being resolved (an enemy turn, a fight) or a question waits.
    pub fn is_resolving(&self) -> bool {
        !self.agenda.is_empty() || self.pending.is_some()
    }

    pub fn is_destroyed(&self, seat: Seat) -> bool {
        seat.is_enemy() && self.castle(seat).hp == 0
    }

    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    pub(crate) fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.units.iter_mut().find(|u| u.id == id)
    }

    pub fn unit_at(&self, s: Square) -> Option<&Unit> {
        self.units.iter().find(|u| u.square == s)
    }

    pub fn is_free(&self, s: Square) -> bool {
        self.board.is_square(s) && self.unit_at(s).is_none()
    }

    pub fn kind(&self, unit: &Unit) -> &UnitKind {
        self.catalog.kind(unit.kind)
    }

    pub fn has(&self, unit: &Unit, a: Ability) -> bool {
        self.kind(unit).abilities.has(a)
    }

    pub fn name(&self, unit: &Unit) -> &str {
        &self.kind(unit).name
    }

    /// HP including +1 HP counters.
    pub fn hp(&self, unit: &Unit) -> u8 {
        self.kind(unit).hp.saturating_add(unit.hp_bonus)
    }

    /// Dead under the game's death rule (RULINGS: dies when damage reaches HP by default).
    pub fn is_dead(&self, unit: &Unit) -> bool {
        match self.settings.death {
            DeathRule::DamageReachesHp => unit.damage >= self.hp(unit),
            DeathRule::DamageExceedsHp => unit.damage > self.hp(unit),
        }
    }

    /// Damage it can still take before dying.
    pub fn health_left(&self, unit: &Unit) -> u8 {
        let hp = self.hp(unit);
        match self.settings.death {
            DeathRule::DamageReachesHp => hp.saturating_sub(unit.damage),
            DeathRule::DamageExceedsHp => (hp + 1).saturating_sub(unit.damage),
        }
    }

    /// Player units on the field, and the VP they give through "on field, +1 VP for every
    /// 2 units you have on field" (INDEX), for each such unit on the field.
    pub fn field_vp(&self) -> u8 {
        let on_field: Vec<&Unit> = self
            .units
            .iter()
            .filter(|u| u.owner == Seat::Player && self.board.in_field(u.square))
            .collect();
        let bonus_units = on_field
            .iter()
            .filter(|u| self.has(u, Ability::FieldVictoryPoints))
            .count();
        (bonus_units * (on_field.len() / 2)).min(usize::from(u8::MAX)) as u8
    }

    /// VP counted by the app (OBJECTIVE; ATTACKING; INDEX): those recorded in play (+2 per
    /// destroyed castle, hand corrections), the field bonus, the Holy Grail on the centre
    /// square, and the VP of bought cards (items kept, buildings standing).
    pub fn total_vp(&self) -> u8 {
        self.ledger
            .vp
            .saturating_add(self.field_vp())
            .saturating_add(self.grail_vp())
            .saturating_add(self.kingdom.cards_vp(&self.cards))
    }

    /// Hourglass counters on the board plus those returned: always the difficulty's number.
    pub fn counters_total(&self) -> u32 {
        self.castles
            .iter()
            .map(|c| u32::from(c.counters))
            .sum::<u32>()
            + u32::from(self.counters_returned)
    }

    /// The next castle clockwise after `seat` that may hold hourglass counters (the player if
    /// none): where counters are passed (SOLO AI; ATTACKING "if applicable"). A castle at 5 HP
    /// or less passes all its counters on (ATTACKING), so a counter arriving there moves
    /// straight on (RULINGS: counters never strand); a destroyed castle (0 HP) is one of them.
    pub fn next_castle(&self, seat: Seat) -> Seat {
        let mut s = seat.next();
        while s != Seat::Player && self.castle(s).hp <= PASS_ALL_AT_HP {
            s = s.next();
        }
        s
    }

    /// Units of `seat`, in id order.
    pub fn units_of(&self, seat: Seat) -> impl Iterator<Item = &Unit> + '_ {
        self.units.iter().filter(move |u| u.owner == seat)
    }

    /// Recomputes the result (ENDING: lose at 0 castle HP, win at 4 VP, checked at once).
    pub(crate) fn check_outcome(&mut self) {
        self.outcome = if self.castle(Seat::Player).hp == 0 {
            Some(Outcome::Lost)
        } else if self.total_vp() >= WINNING_VP {
            Some(Outcome::Won)
        } else {
            None
        };
    }

    pub(crate) fn new_unit_id(&mut self) -> UnitId {
        let id = UnitId(self.next_unit);
        self.next_unit += 1;
        id
    }
}
