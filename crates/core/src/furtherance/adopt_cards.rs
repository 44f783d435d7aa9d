//! Adopting your kingdom card files (buildings, items, upgraded workers, leaders) in a game in
//! progress, by the rules of the units file (adopt.rs): cards are matched by name, never by
//! row, so every card in play keeps its identity and takes the corrected values; what changes
//! is said; a card in play that the new file lacks, or more copies in play than the new file
//! gives, refuses the adoption, naming it. A deck keeps its order while its counts stay the
//! same; otherwise it is made up again (every card not in play) and shuffled with its own RNG.

use super::agenda::{Resume, Task};
use super::cards::{Card, CardKind, Cards, CardsFile, Effect};
use super::kingdom::{CardPile, CardRef, Held, Market};
use super::pile::Shared;
use super::state::Game;

/// The singular word a change names a card by ("building Walls: hits 5→6").
fn singular(kind: CardKind) -> &'static str {
    match kind {
        CardKind::Building => "building",
        CardKind::Item => "item",
        CardKind::Upgrade => "upgraded worker",
        CardKind::Leader => "leader",
    }
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// What differs between the game's cards of a kind and a new file's, one phrase each.
pub(crate) fn card_changes(kind: CardKind, old: &[Card], new: &[Card]) -> Vec<String> {
    let word = singular(kind);
    let mut out = Vec::new();
    for n in new {
        match old.iter().find(|o| same(&o.name, &n.name)) {
            None => out.push(format!("new {word} {}", n.name)),
            Some(o) if o != n => {
                let mut what = Vec::new();
                for (field, a, b) in [
                    ("cost", o.cost, n.cost),
                    ("VP", o.vp, n.vp),
                    ("copies", o.copies, n.copies),
                    ("turns", o.turns, n.turns),
                    ("hits", o.hits, n.hits),
                    ("amount", o.amount, n.amount),
                ] {
                    if a != b {
                        what.push(format!("{field} {a}→{b}"));
                    }
                }
                if o.effect != n.effect || o.boost != n.boost {
                    what.push("effect".to_string());
                }
                if o.text != n.text {
                    what.push("text".to_string());
                }
                if o.name != n.name {
                    what.push(format!("name {}→{}", o.name, n.name));
                }
                if what.is_empty() {
                    what.push("sample marks".to_string());
                }
                out.push(format!("{word} {}: {}", o.name, what.join(", ")));
            }
            Some(_) => {}
        }
    }
    for o in old {
        if !new.iter().any(|n| same(&o.name, &n.name)) {
            out.push(format!("{word} {} removed", o.name));
        }
    }
    if out.is_empty() && old.len() == new.len() && old != new {
        out.push(format!("{} reordered", kind.plural()));
    }
    out
}

/// Maps the game's card indices of one kind to the new file's, by name.
struct Renumber<'a> {
    kind: CardKind,
    old: &'a [Card],
    new: &'a [Card],
}

impl Renumber<'_> {
    /// The new index of old card `card`, or why the game cannot keep it (`place` says where
    /// it is: "is in play", "is face up in the market", …).
    fn map(&self, card: u16, place: &str) -> Result<u16, String> {
        let name = self
            .old
            .get(usize::from(card))
            .map_or_else(|| format!("card {card}"), |c| c.name.clone());
        self.new
            .iter()
            .position(|n| same(&n.name, &name))
            .and_then(|i| u16::try_from(i).ok())
            .ok_or_else(|| {
                format!(
                    "{} {name} {place} but the new {} file has no {name}",
                    singular(self.kind),
                    self.kind.plural()
                )
            })
    }

    /// Maps a deck's cards; a card the new file lacks leaves the deck (it was in no one's
    /// hands).
    fn pile(&self, pile: &mut CardPile) {
        let keep = |cards: &mut Vec<u16>| {
            *cards = cards
                .iter()
                .filter_map(|c| self.map(*c, "").ok())
                .collect();
        };
        keep(&mut pile.draw);
        keep(&mut pile.discard);
    }
}

impl Game {
    /// Replaces the game's cards of `kind` with `file`'s (adopt.rs: `NewData`).
    pub(crate) fn adopt_cards(&mut self, kind: CardKind, file: &CardsFile) -> Result<(), String> {
        if let Some(problem) = file.problems(kind).into_iter().next() {
            return Err(format!("{}: {problem}", kind.path()));
        }
        self.refuse_waiting_cards(kind)?;
        let old = self.cards.list(kind).to_vec();
        let r = Renumber {
            kind,
            old: &old,
            new: &file.cards,
        };
        self.renumber_cards(&r)?;
        let mut cards: Cards = (*self.cards).clone();
        *cards.list_mut(kind) = file.cards.clone();
        self.cards = Shared::new(cards);
        self.fit_counters(kind);
        self.restock(kind)?;
        if kind == CardKind::Building {
            self.fallen_buildings();
        }
        Ok(())
    }

    /// A question that lists cards drawn off a deck of `kind` (a research, an upgrade) must be
    /// answered first: those cards are in neither the deck nor the kingdom.
    fn refuse_waiting_cards(&self, kind: CardKind) -> Result<(), String> {
        let looks = |deck: &Market| deck.card_kind() == Some(kind);
        let asked = self.pending.as_ref().map(|p| &p.resume);
        let waiting = match asked {
            Some(Resume::Research { deck, .. }) => looks(deck),
            Some(Resume::Upgrade { .. }) => kind == CardKind::Upgrade,
            _ => false,
        } || self.agenda.iter().any(|t| match t {
            Task::AskResearch { deck, .. } => looks(deck),
            Task::AskUpgrade { .. } => kind == CardKind::Upgrade,
            _ => false,
        });
        if waiting {
            return Err(format!(
                "a question about {} drawn from their deck waits: answer it first",
                kind.plural()
            ));
        }
        Ok(())
    }

    /// Points every card of `r.kind` the game holds at the new file's row of the same name.
    fn renumber_cards(&mut self, r: &Renumber<'_>) -> Result<(), String> {
        let in_play = "is in play";
        let face_up = "is face up in the market";
        let researched = "is in your research";
        let market = match r.kind {
            CardKind::Building => Some(Market::Buildings),
            CardKind::Item => Some(Market::Items),
            _ => None,
        };
        let k = &mut self.kingdom;
        match r.kind {
            CardKind::Building => {
                for b in &mut k.buildings {
                    b.card = r.map(b.card, in_play)?;
                }
                for c in k.buildings_market.iter_mut().flatten() {
                    *c = r.map(*c, face_up)?;
                }
                if let Some(p) = k.buildings_deck.as_mut() {
                    r.pile(p);
                }
            }
            CardKind::Item => {
                for c in &mut k.items {
                    *c = r.map(*c, in_play)?;
                }
                for c in k.items_market.iter_mut().flatten() {
                    *c = r.map(*c, face_up)?;
                }
                if let Some(p) = k.items_deck.as_mut() {
                    r.pile(p);
                }
            }
            CardKind::Upgrade => {
                for u in &mut k.upgrades {
                    u.card = r.map(u.card, in_play)?;
                }
                if let Some(p) = k.upgrades_deck.as_mut() {
                    r.pile(p);
                }
            }
            CardKind::Leader => {
                if let Some(l) = k.leader.as_mut() {
                    *l = r.map(*l, "leads your kingdom")?;
                }
            }
        }
        let Some(market) = market else {
            return Ok(());
        };
        for c in &mut self.kingdom.research {
            if c.deck == market {
                c.card = r.map(c.card, researched)?;
            }
        }
        let rescue = |card: &mut CardRef| -> Result<(), String> {
            if card.deck == market {
                card.card = r.map(card.card, "waits for your answer")?;
            }
            Ok(())
        };
        for t in &mut self.agenda {
            if let Task::Rescue { card } = t {
                rescue(card)?;
            }
        }
        if let Some(p) = self.pending.as_mut() {
            match &mut p.resume {
                Resume::Rescue { card } => rescue(card)?,
                Resume::AfterAttack { uses, .. } | Resume::SixthItem { uses }
                    if r.kind == CardKind::Item =>
                {
                    for (card, _) in uses {
                        *card = r.map(*card, in_play)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Turn counters the new cards no longer allow: a building under construction keeps at
    /// most its new turns (none: it is finished); Payne keeps at most his new counters, and a
    /// leader who is no longer Payne none.
    fn fit_counters(&mut self, kind: CardKind) {
        match kind {
            CardKind::Building => {
                let cards = self.cards.clone();
                for b in &mut self.kingdom.buildings {
                    let turns = cards.card(CardKind::Building, b.card).map_or(0, |c| c.turns);
                    b.counters = b.counters.min(turns);
                }
            }
            CardKind::Leader => {
                let turns = self
                    .kingdom
                    .leader_card(&self.cards)
                    .filter(|c| c.effect == Some(Effect::Payne))
                    .map_or(0, |c| c.turns);
                self.kingdom.leader_counters = self.kingdom.leader_counters.min(turns);
            }
            _ => {}
        }
    }

    /// The cards of `kind` out of the deck: in the kingdom, face up, researched, or waiting
    /// on a rescue question; one count per card of the file.
    fn cards_out(&self, kind: CardKind) -> Vec<usize> {
        let mut out = vec![0usize; self.cards.list(kind).len()];
        let mut count = |card: u16| {
            if let Some(n) = out.get_mut(usize::from(card)) {
                *n += 1;
            }
        };
        let k = &self.kingdom;
        let market = match kind {
            CardKind::Building => {
                k.buildings.iter().for_each(|b| count(b.card));
                k.buildings_market.iter().flatten().for_each(|c| count(*c));
                Market::Buildings
            }
            CardKind::Item => {
                k.items.iter().for_each(|c| count(*c));
                k.items_market.iter().flatten().for_each(|c| count(*c));
                Market::Items
            }
            CardKind::Upgrade => {
                k.upgrades.iter().for_each(|u| count(u.card));
                return out;
            }
            CardKind::Leader => return out,
        };
        let rescued = self
            .agenda
            .iter()
            .filter_map(|t| match t {
                Task::Rescue { card } => Some(*card),
                _ => None,
            })
            .chain(self.pending.as_ref().and_then(|p| match p.resume {
                Resume::Rescue { card } => Some(card),
                _ => None,
            }));
        for c in k.research.iter().copied().chain(rescued) {
            if c.deck == market {
                count(c.card);
            }
        }
        out
    }

    /// Refuses more cards out of the deck than the new copies, then makes the deck hold the
    /// rest: kept in its order when it already does, else made up again and shuffled.
    fn restock(&mut self, kind: CardKind) -> Result<(), String> {
        let out = self.cards_out(kind);
        let list = self.cards.list(kind);
        for (card, n) in list.iter().zip(&out) {
            if *n > usize::from(card.copies) {
                return Err(format!(
                    "{n} {} are in play, more than its {} copies",
                    card.name, card.copies
                ));
            }
        }
        let wanted: Vec<u16> = list
            .iter()
            .zip(&out)
            .enumerate()
            .flat_map(|(i, (card, n))| {
                let i = u16::try_from(i).unwrap_or(u16::MAX);
                std::iter::repeat_n(i, usize::from(card.copies) - n)
            })
            .collect();
        let pile = match kind {
            CardKind::Building => self.kingdom.buildings_deck.as_mut(),
            CardKind::Item => self.kingdom.items_deck.as_mut(),
            CardKind::Upgrade => self.kingdom.upgrades_deck.as_mut(),
            CardKind::Leader => None,
        };
        if let Some(pile) = pile {
            let mut held: Vec<u16> = pile.draw.iter().chain(&pile.discard).copied().collect();
            held.sort_unstable();
            if held != wanted {
                pile.replace_cards(wanted);
            }
        }
        Ok(())
    }

    /// Buildings whose damage the new cards' hits now reach are destroyed, as in a fight
    /// (defences.rs), each offered to your research; then the Fortification rule.
    fn fallen_buildings(&mut self) {
        let cards = self.cards.clone();
        let mut i = 0;
        while i < self.kingdom.buildings.len() {
            let Held { card, damage, .. } = self.kingdom.buildings[i];
            let c = cards.card(CardKind::Building, card);
            let fortification = c.is_some_and(|c| c.effect == Some(Effect::Fortification));
            let hits = c.map_or(1, |c| c.hits);
            if !fortification && damage > 0 && damage >= hits {
                self.kingdom.buildings.remove(i);
                self.agenda.push(Task::Rescue {
                    card: CardRef {
                        deck: Market::Buildings,
                        card,
                    },
                });
            } else {
                i += 1;
            }
        }
        self.fallen_fortifications();
    }
}

impl CardPile {
    /// Makes the deck up again from `cards` (corrected card files adopted mid-game), shuffled
    /// with the deck's own RNG so the game stays reproducible.
    pub(crate) fn replace_cards(&mut self, mut cards: Vec<u16>) {
        self.rng.shuffle(&mut cards);
        self.draw = cards;
        self.discard.clear();
    }
}
