//! Checks a game read from a file: every impossible state is rejected with the field named
//! (a unit off the board or in another castle, two units on a square, counters that do not
//! add up, a deck that lost or gained cards...). Also the home-screen summary line.

use super::agenda::{Resume, Task};
use super::square::Seat;
use super::state::{DeckMode, Game, MAX_CASTLE_HP, Outcome, PASS_ALL_AT_HP, Phase};
use super::units::KindId;
use crate::doc::Invalid;

impl Game {
    /// "Furtherance solo — Normal — round 7 — castle 6 HP".
    pub fn summary_line(&self) -> String {
        let mut s = format!(
            "Furtherance solo — {} — round {} — castle {} HP",
            self.settings.difficulty.title(),
            self.round,
            self.castle(Seat::Player).hp
        );
        match self.outcome {
            Some(Outcome::Won) => s += " — won",
            Some(Outcome::Lost) => s += " — lost",
            None => {}
        }
        s
    }

    /// Every card of the unit deck is in exactly one place (digital deck): the draw or
    /// discard pile, an enemy unit on the board, or an enemy castle's research.
    ///
    /// One pass over the cards, counted per kind: linear in the deck and the catalogue, so a
    /// units file of 20,000 types does not make every check quadratic (docs/store.md).
    pub fn deck_conserved(&self) -> Result<(), Invalid> {
        let Some(deck) = &self.deck else {
            return Ok(());
        };
        let mut totals = vec![0usize; self.catalog.len()];
        let one_deck = self.kingdom.one_deck;
        let units = super::kingdom::Market::Units;
        // Cards looked at by a research that waits for its answer are out of the deck.
        let mut looking: Vec<u16> = match self.pending.as_ref().map(|p| &p.resume) {
            Some(Resume::Research { deck, looked }) if *deck == units => looked.clone(),
            // A dead unit of yours whose rescue is asked, or still to be asked.
            Some(Resume::Rescue { card }) if card.deck == units && one_deck => vec![card.card],
            _ => Vec::new(),
        };
        for task in &self.agenda {
            match task {
                Task::Rescue { card } if card.deck == units && one_deck => looking.push(card.card),
                Task::AskResearch { deck, looked } if *deck == units => {
                    looking.extend(looked.iter().copied());
                }
                _ => {}
            }
        }
        let cards = deck
            .cards()
            .chain(
                self.units
                    .iter()
                    .filter(|u| u.owner.is_enemy() || one_deck)
                    .map(|u| u.kind),
            )
            .chain(self.castles.iter().flat_map(|c| c.research.iter().copied()))
            .chain(self.kingdom.units_market.iter().flatten().copied())
            .chain(
                self.kingdom
                    .research
                    .iter()
                    .filter(|r| one_deck && r.deck == units)
                    .map(|r| KindId(r.card)),
            )
            .chain(looking.iter().map(|c| KindId(*c)));
        for kind in cards {
            match totals.get_mut(usize::from(kind.0)) {
                Some(n) => *n += 1,
                None => {
                    return Err(Invalid::new(
                        "deck",
                        format!("a card of unknown unit kind {} is in play", kind.0),
                    ));
                }
            }
        }
        for kind in self.catalog.ids() {
            let total = totals[usize::from(kind.0)];
            let copies = usize::from(self.catalog.kind(kind).copies);
            if total != copies {
                return Err(Invalid::new(
                    "deck",
                    format!(
                        "{} has {total} cards between the deck, the board, the market and research, expected {copies}",
                        self.catalog.kind(kind).name
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The kingdom keeps the book's limits and names only cards the game holds.
    fn kingdom_fits(&self) -> Result<(), Invalid> {
        use super::cards::CardKind;
        use super::kingdom::{MAX_BUILDINGS, MAX_ITEMS, MAX_RESEARCH, Market};
        let k = &self.kingdom;
        if k.research.len() > MAX_RESEARCH {
            return Err(Invalid::new(
                "kingdom.research",
                format!(
                    "{} cards; research holds at most {MAX_RESEARCH}",
                    k.research.len()
                ),
            ));
        }
        // A sixth item is held only while the question to use one waits (ITEMS).
        let sixth = matches!(
            self.pending.as_ref().map(|p| &p.resume),
            Some(Resume::SixthItem { .. })
        );
        if k.items.len() > MAX_ITEMS + usize::from(sixth) {
            return Err(Invalid::new(
                "kingdom.items",
                format!("{} items; you may hold at most {MAX_ITEMS}", k.items.len()),
            ));
        }
        if k.buildings.len() > MAX_BUILDINGS {
            return Err(Invalid::new(
                "kingdom.buildings",
                format!("{} buildings; at most {MAX_BUILDINGS}", k.buildings.len()),
            ));
        }
        let known = |kind: CardKind, card: u16| self.cards.card(kind, card).is_some();
        let bad = k
            .buildings
            .iter()
            .any(|b| !known(CardKind::Building, b.card))
            || k.items.iter().any(|i| !known(CardKind::Item, *i))
            || k.upgrades.iter().any(|u| !known(CardKind::Upgrade, u.card))
            || k.leader.is_some_and(|l| !known(CardKind::Leader, l))
            || k.research.iter().any(|r| match r.deck {
                Market::Units => self.catalog.get(KindId(r.card)).is_none(),
                Market::Items => !known(CardKind::Item, r.card),
                Market::Buildings => !known(CardKind::Building, r.card),
            })
            || k.items_market
                .iter()
                .flatten()
                .any(|c| !known(CardKind::Item, *c))
            || k.buildings_market
                .iter()
                .flatten()
                .any(|c| !known(CardKind::Building, *c));
        if bad {
            return Err(Invalid::new(
                "kingdom",
                "it names a card the game's card lists do not hold",
            ));
        }
        Ok(())
    }

    pub fn check(&self) -> Result<(), Invalid> {
        if self.round == 0 {
            return Err(Invalid::new("round", "rounds start at 1"));
        }
        if self.phase == Phase::Enemy
            && self.outcome.is_none()
            && self.agenda.is_empty()
            && self.pending.is_none()
        {
            return Err(Invalid::new(
                "phase",
                "it is the enemies' turn but nothing of it is left to resolve, so it could never \
                 end (a finished enemy turn gives the turn back to you: set the phase to player)",
            ));
        }
        if (self.settings.deck_mode == DeckMode::Digital) != self.deck.is_some() {
            return Err(Invalid::new(
                "deck",
                "the deck does not match the deck mode",
            ));
        }
        let mut ids = crate::datafile::FirstSeen::new();
        let mut squares = crate::datafile::FirstSeen::new();
        for (i, u) in self.units.iter().enumerate() {
            let at = format!("units[{i}] (#{})", u.id.0);
            if self.catalog.get(u.kind).is_none() {
                return Err(Invalid::new(
                    &at,
                    format!("kind {} is not in the units list", u.kind.0),
                ));
            }
            if let Some(first) = ids.again(u.id, i) {
                return Err(Invalid::new(
                    &at,
                    format!("the id is used twice, first at units[{first}]"),
                ));
            }
            if u.id.0 >= self.next_unit {
                return Err(Invalid::new(&at, "the id is beyond next_unit"));
            }
            if !self.board.is_square(u.square) {
                return Err(Invalid::new(
                    &at,
                    format!("{} is not a square of the board", u.square),
                ));
            }
            if !self.board.may_enter(u.owner, u.square) {
                return Err(Invalid::new(
                    &at,
                    format!(
                        "{} is a space of another castle, where this unit may not stand",
                        u.square
                    ),
                ));
            }
            if let Some(j) = squares.again(u.square, i) {
                return Err(Invalid::new(
                    &at,
                    format!("units[{j}] is on {} too", u.square),
                ));
            }
            if self.is_dead(u) && self.agenda.is_empty() && self.pending.is_none() {
                return Err(Invalid::new(
                    &at,
                    format!(
                        "{} damage on a {} HP unit: it should have died",
                        u.damage,
                        self.hp(u)
                    ),
                ));
            }
            if u.moved > 2 {
                return Err(Invalid::new(
                    &at,
                    format!("moved {} spaces, more than 2", u.moved),
                ));
            }
        }
        for &seat in Seat::ALL {
            let c = self.castle(seat);
            let at = format!("castles.{seat}");
            if c.hp > MAX_CASTLE_HP {
                return Err(Invalid::new(
                    &at,
                    format!("{} HP is more than {MAX_CASTLE_HP}", c.hp),
                ));
            }
            if seat == Seat::Player && (c.counters > 0 || !c.research.is_empty()) {
                return Err(Invalid::new(
                    &at,
                    "your castle holds no counters or research",
                ));
            }
            if c.hp <= PASS_ALL_AT_HP && c.counters > 0 {
                return Err(Invalid::new(
                    &at,
                    format!(
                        "at {} HP a castle has passed all its hourglass counters on",
                        c.hp
                    ),
                ));
            }
            for k in &c.research {
                if self.catalog.get(*k).is_none() {
                    return Err(Invalid::new(
                        &at,
                        format!("research holds unknown kind {}", k.0),
                    ));
                }
            }
        }
        let total = self.counters_total();
        let expected = u32::from(self.settings.difficulty.hourglass_counters());
        if total != expected {
            return Err(Invalid::new(
                "counters",
                format!(
                    "{total} hourglass counters in the game, expected {expected} for {}",
                    self.settings.difficulty.title()
                ),
            ));
        }
        self.deck_conserved()?;
        self.kingdom_fits()?;
        for task in &self.agenda {
            if let Task::PlaceSpawn { kind, .. } | Task::SkipDrawn { kind, .. } = task
                && self.catalog.get(*kind).is_none()
            {
                return Err(Invalid::new(
                    "agenda",
                    format!("unknown unit kind {}", kind.0),
                ));
            }
        }
        if let Some(p) = &self.pending {
            if p.options.is_empty() || p.default >= p.options.len() {
                return Err(Invalid::new("pending", "the question has no valid default"));
            }
            let expected = match &p.resume {
                Resume::MoveFirst { candidates, .. } | Resume::Target { candidates, .. } => {
                    Some(candidates.len())
                }
                Resume::Guard { candidates, .. } | Resume::Protector { candidates, .. } => {
                    Some(candidates.len() + 1)
                }
                Resume::ResearchTie { candidates, .. } => {
                    if candidates
                        .iter()
                        .any(|k: &KindId| self.catalog.get(*k).is_none())
                    {
                        return Err(Invalid::new("pending", "unknown unit kind"));
                    }
                    Some(candidates.len())
                }
                Resume::DrawnCard { .. } => Some(self.catalog.len()),
                Resume::Research { .. }
                | Resume::Upgrade { .. }
                | Resume::Rescue { .. }
                | Resume::Cloak { .. } => Some(p.options.len()),
                Resume::AfterAttack { uses, .. } | Resume::SixthItem { uses } => Some(uses.len()),
                Resume::CastleDefence { defenders, .. } => {
                    (p.options.len() > defenders.len()).then_some(p.options.len())
                }
            };
            if expected != Some(p.options.len()) {
                return Err(Invalid::new(
                    "pending",
                    "the options do not match the question",
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    /// A game with the player's Fighters on c3, d3 and e3 (units[0] to units[2]).
    fn three_fighters() -> Game {
        let mut g = game();
        for at in ["c3", "d3", "e3"] {
            place(&mut g, Seat::Player, "Fighter", at);
        }
        g.check().unwrap();
        g
    }

    #[test]
    fn a_unit_id_used_twice_names_where_it_first_appears() {
        let mut g = three_fighters();
        g.units[2].id = g.units[0].id;
        let id = g.units[0].id.0;
        let e = g.check().unwrap_err();
        assert_eq!(e.at, format!("units[2] (#{id})"));
        assert_eq!(e.problem, "the id is used twice, first at units[0]");
    }

    #[test]
    fn two_units_on_one_square_name_the_first_one_there() {
        let mut g = three_fighters();
        let on = g.units[0].square;
        g.units[1].square = on;
        g.units[2].square = on;
        let second = g.units[1].id.0;
        let e = g.check().unwrap_err();
        assert_eq!(e.at, format!("units[1] (#{second})"));
        assert_eq!(e.problem, format!("units[0] is on {on} too"));
    }

    #[test]
    fn a_position_whose_enemy_turn_can_never_finish_is_refused() {
        let mut g = three_fighters();
        g.phase = Phase::Enemy;
        g.agenda.clear();
        g.pending = None;
        let e = g.check().unwrap_err();
        assert_eq!(e.at, "phase");
        assert!(e.problem.contains("could never end"), "{}", e.problem);
        // With its work still in hand the same enemy turn is a good position.
        g.begin_enemy_phase();
        g.check().unwrap();
    }

    /// A units file of 20,000 types (within the data bound) is checked in time linear in its
    /// size: the deck is counted once, not once per type (docs/store.md). Quadratic, this
    /// took minutes; the bound below is generous for a debug build on a loaded machine.
    #[test]
    fn a_catalogue_of_20000_unit_types_is_checked_in_linear_time() {
        use super::super::units::{Catalog, CatalogFile};
        let mut file: CatalogFile = Catalog::bundled().unwrap().file().clone();
        let first = file.units[0].clone();
        while file.units.len() < 20_000 {
            let mut u = first.clone();
            u.name = format!("Sample unit {}", file.units.len());
            u.copies = 1;
            file.units.push(u);
        }
        let catalog = Catalog::try_from(file).unwrap();
        let g = Game::new(
            super::super::Settings::default(),
            super::super::board::Board::standard(),
            catalog,
            7,
        );
        let started = std::time::Instant::now();
        for _ in 0..5 {
            g.check().unwrap();
        }
        let took = started.elapsed();
        assert!(took.as_secs_f64() < 5.0, "5 checks took {took:?}");
        // A card of a kind the catalogue does not have is refused, not ignored.
        let mut bad = g.clone();
        if let Some(deck) = bad.deck.as_mut() {
            deck.push_for_test(super::super::units::KindId(u16::MAX));
        }
        assert!(bad.check().is_err());
        // The copies are bounded: a file whose deck would pass 100,000 cards is refused.
        let mut file: CatalogFile = g.catalog.file().clone();
        for u in &mut file.units {
            u.copies = 255;
        }
        let e = Catalog::try_from(file).unwrap_err();
        assert!(e.to_string().contains("at most 100000"), "{e}");
    }
}
