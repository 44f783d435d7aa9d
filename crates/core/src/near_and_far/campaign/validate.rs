//! Checks a campaign read from a file: every card derivable under its mode's rules, sessions
//! numbered in order with only the last one open, maps in an order the mode allows, threat
//! decks and bosses possible, journey points pointing at real sessions.

use super::Campaign;
use crate::doc::Invalid;
use crate::near_and_far::code::MapNumber;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::lookup::Mode;
use crate::near_and_far::session::{self, EXTRA_STORIES_SKIPS, Session};
use crate::near_and_far::sheet::SheetView;
use crate::near_and_far::threats::Bosses;

impl Campaign {
    /// Rejects a campaign no play could produce, naming the field (`at`) and the problem.
    pub fn validate(&self) -> Result<(), Invalid> {
        self.card.validate().map_err(|e| e.within("card"))?;
        self.cards.validate().map_err(|e| e.within("cards"))?;
        if self.sheets.is_empty() {
            return Err(Invalid::new(
                "sheets",
                "a campaign has at least one character",
            ));
        }
        let mut names = crate::datafile::FirstSeen::new();
        for (i, s) in self.sheets.iter().enumerate() {
            if let Some(first) = names.again(s.character.to_lowercase(), i) {
                return Err(Invalid::new(
                    format!("sheets[{i}]"),
                    format!(
                        "{} has two cards, the first at sheets[{first}]",
                        s.character
                    ),
                ));
            }
            let at = format!("sheets[{i}] ({})", s.character);
            if s.player.trim().is_empty() {
                return Err(Invalid::new(&at, "player is empty"));
            }
            // The sheet's own rules (the ledger's ids and corrections, the mode's rules entry
            // by entry) come back as a RuleError: placed at the sheet here.
            let v = s
                .view(self.mode, self.card)
                .map_err(|e| Invalid::new(&at, e.to_string()))?;
            for j in &v.journey {
                let Some(sess) = self.sessions.iter().find(|x| x.number == j.session) else {
                    return Err(Invalid::new(
                        &at,
                        format!(
                            "journey points for session {}, which does not exist",
                            j.session
                        ),
                    ));
                };
                if sess.map != j.map {
                    return Err(Invalid::new(
                        &at,
                        format!("session {} was on {}, not {}", j.session, sess.map, j.map),
                    ));
                }
            }
            if self.mode == Mode::Character {
                self.check_locked_lines(&at, &v)?;
            }
            for e in &s.ledger.entries {
                if let Item::TalentBought { talent, cost } = &e.item
                    && !self.cards.talents.is_empty()
                {
                    match self.cards.talent(talent) {
                        None => {
                            return Err(Invalid::new(
                                &at,
                                format!(
                                    "ledger entry {}: there is no talent called {talent:?}",
                                    e.id
                                ),
                            ));
                        }
                        Some(t) if t.cost != *cost => {
                            return Err(Invalid::new(
                                &at,
                                format!(
                                    "ledger entry {}: {} costs {}, not {cost} (p. 13)",
                                    e.id, t.name, t.cost
                                ),
                            ));
                        }
                        Some(_) => {}
                    }
                }
                if let Some(n) = e.session
                    && (n == 0 || n as usize > self.sessions.len())
                {
                    return Err(Invalid::new(
                        &at,
                        format!(
                            "ledger entry {} names session {n}, which does not exist",
                            e.id
                        ),
                    ));
                }
                if let Item::LateStartRow { missed_session } = e.item
                    && missed_session >= s.joined_session
                {
                    return Err(Invalid::new(
                        &at,
                        format!(
                            "ledger entry {}: session {missed_session} was not missed (joined in session {})",
                            e.id, s.joined_session
                        ),
                    ));
                }
            }
        }
        if self.skipped_maps.len() > EXTRA_STORIES_SKIPS
            || (!self.skipped_maps.is_empty()
                && (self.mode != Mode::Campaign || !self.variants.extra_stories))
        {
            return Err(Invalid::new(
                "skipped_maps",
                "only Campaign Mode with Extra Stories skips maps, three at most",
            ));
        }
        for (i, s) in self.sessions.iter().enumerate() {
            let at = format!("sessions[{i}]");
            if s.number as usize != i + 1 {
                return Err(Invalid::new(
                    &at,
                    format!("numbered {}, expected {}", s.number, i + 1),
                ));
            }
            if !s.is_finished() && i + 1 != self.sessions.len() {
                return Err(Invalid::new(&at, "unfinished, but a later session exists"));
            }
            let allowed =
                session::allowed_maps(self.mode, &self.sessions[..i], &self.skipped_maps, true)
                    .map_err(|e| Invalid::new(&at, e.to_string()))?;
            if !allowed.contains(&s.map) {
                return Err(Invalid::new(
                    &at,
                    format!("{} is not a map this mode allows here", s.map),
                ));
            }
            if !(2..=4).contains(&s.characters.len()) {
                return Err(Invalid::new(
                    &at,
                    format!("{} players at the table (2 to 4)", s.characters.len()),
                ));
            }
            for c in &s.characters {
                if !self.sheets.iter().any(|x| &x.character == c) {
                    return Err(Invalid::new(
                        &at,
                        format!("{c} has no card in this campaign"),
                    ));
                }
            }
            s.threats
                .validate()
                .map_err(|e| e.within(&format!("{at}.threats")))?;
            for d in &s.threats.defeated {
                if !s.characters.contains(&d.by) {
                    return Err(Invalid::new(
                        &at,
                        format!(
                            "threat level {} defeated by {}, who was not at the table",
                            d.card.get(),
                            d.by
                        ),
                    ));
                }
            }
            if let Some(b) = &s.bosses {
                self.check_bosses(&at, s, b)?;
            }
            if !s.quest_tokens.is_empty() {
                let want = session::quest_tokens(s.characters.len(), self.variants.extra_stories);
                if let Some((first, k, q)) = crate::datafile::first_repeat(&s.quest_tokens) {
                    return Err(Invalid::new(
                        format!("{at}.quest_tokens[{k}]"),
                        format!(
                            "{q} is listed twice, first at quest_tokens[{first}] (a token goes on a different space each, p. 9)"
                        ),
                    ));
                }
                if s.quest_tokens.len() != want {
                    return Err(Invalid::new(
                        format!("{at}.quest_tokens"),
                        format!(
                            "{} different spaces expected for {} players (p. 9)",
                            want,
                            s.characters.len()
                        ),
                    ));
                }
                if let Some(mf) = self.cards.map(s.map)
                    && let Some(q) = s.quest_tokens.iter().find(|q| !mf.quests.contains(q))
                {
                    return Err(Invalid::new(
                        format!("{at}.quest_tokens"),
                        format!("{q} is not a space of {}", s.map),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Character Mode: the last lines of the card are read on Map 11 only (p. 29); before
    /// that an arcade card is used instead. `at` names the sheet.
    fn check_locked_lines(&self, at: &str, v: &SheetView) -> Result<(), Invalid> {
        let open = usize::from(self.card.open_quest_lines());
        for (k, q) in v.quests.iter().filter(|q| !q.arcade).enumerate() {
            if k < open {
                continue;
            }
            let on_last_ruin = q
                .session
                .and_then(|n| self.sessions.get((n as usize).checked_sub(1)?))
                .is_some_and(|s| s.map == MapNumber::LAST_RUIN);
            if !on_last_ruin {
                return Err(Invalid::new(
                    at,
                    format!(
                        "ledger entry {}: character quest {} is one of the last lines, read on Map 11 only (p. 29)",
                        q.entry,
                        k + 1
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Boss cards: Map 11 only, in Character Mode only with the setting, and as many as the
    /// player count allows (p. 39: four with 4 players, Zag out with 3, Zag and Shreya with 2).
    fn check_bosses(&self, at: &str, s: &Session, b: &Bosses) -> Result<(), Invalid> {
        if s.map != MapNumber::LAST_RUIN {
            return Err(Invalid::new(
                at,
                format!("boss cards on {}: they are used on Map 11 only", s.map),
            ));
        }
        if self.mode == Mode::Character && !self.settings.bosses_in_character_mode {
            return Err(Invalid::new(
                at,
                "boss cards in Character Mode need the bosses_in_character_mode setting",
            ));
        }
        let in_play = b.standing.len() + b.defeated.len();
        let players = s.characters.len();
        let allowed = if self.cards.bosses.is_empty() {
            players
        } else {
            self.cards
                .bosses
                .iter()
                .filter(|x| usize::from(x.min_players) <= players)
                .count()
        };
        if in_play > allowed {
            return Err(Invalid::new(
                at,
                format!(
                    "{in_play} boss cards in play with {players} players (at most {allowed}, p. 39)"
                ),
            ));
        }
        for d in &b.defeated {
            if !s.characters.contains(&d.by) {
                return Err(Invalid::new(
                    at,
                    format!(
                        "boss {} defeated by {}, who was not at the table",
                        d.card, d.by
                    ),
                ));
            }
        }
        Ok(())
    }
}
