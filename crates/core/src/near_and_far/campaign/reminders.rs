//! What the table would otherwise keep in its head when a session begins, from the rulebook's
//! setup and the campaign's own records: the two-player Town Hall duel, talents that act at
//! the start of every session (by owner), the platypus for whoever came last in the previous
//! session, the first player, and a new character's introduction in Character Mode. Also the
//! optional absent-player catch-up (a table setting, docs/near-and-far.md): the rulebook gives
//! a late joiner a row of boxes per missed session (p. 37) but says nothing of a player who
//! missed one, so a table that wants it gives them the same.

use chrono::NaiveDate;

use super::Campaign;
use crate::near_and_far::error::RuleResult;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::lookup::Mode;
use crate::near_and_far::cites::ReminderKind as K;
use crate::near_and_far::session::Session;
use crate::rules::Reminder;

/// Talents whose effect is at the start of every session (p. 13), and what to do for each, in
/// the project's words.
const START_TALENTS: [(&str, &str); 3] = [
    ("Fishing", "takes 1 extra food"),
    ("Cooking", "takes 2 extra food"),
    (
        "Treasure Hunting",
        "draws 2 more artifact cards after the draft, to keep or discard",
    ),
];

impl Campaign {
    /// The setup reminders of `session` (the one in play, or one about to start).
    pub(super) fn setup_reminders(&self, session: &Session) -> Vec<Reminder> {
        let mut out = Vec::new();
        let seat = |c: &str| -> String {
            self.sheet(c)
                .map(|s| format!("{} ({})", s.player, s.character))
                .unwrap_or_else(|_| c.to_string())
        };
        if session.characters.len() == 2 {
            out.push(K::TownHallDuel.remind("Two players: stand a character nobody plays on the Town Hall. Whoever visits the Town Hall must duel: the opponent's character if it stands there, else that unused one, rolled for by the opponent with no swords or hearts added (setup step 8; p. 17)."));
        }
        for c in &session.characters {
            let Ok(v) = self.view(c) else { continue };
            for (talent, effect) in START_TALENTS {
                if v.has_talent(talent) {
                    out.push(K::StartTalent.remind(format!(
                        "{} has {talent}: {effect} at the start of the session (p. 13).",
                        seat(c)
                    )));
                }
            }
        }
        if let Some(last) = self.last_place(session.number) {
            let here: Vec<String> = last
                .iter()
                .filter(|c| session.characters.contains(c))
                .map(|c| seat(c))
                .collect();
            if !here.is_empty() {
                out.push(K::Platypus.remind(format!(
                    "{} came last in the previous session: they may take the platypus instead of the dog or cat (p. 37).",
                    here.join(" and ")
                )));
            }
        }
        out.push(K::FirstPlayer.remind(
            "Choose a first player and hand them the 1st player token (setup step 5).",
        ));
        if self.mode == Mode::Character {
            for c in &session.characters {
                let played_before = self
                    .sessions
                    .iter()
                    .any(|s| s.number < session.number && s.characters.contains(c));
                if !played_before {
                    out.push(K::NewCharacter.remind(format!(
                        "{c} is new to the campaign: read {c}'s introduction aloud, at the start of {c}'s part of the storybook (setup step 4)."
                    )));
                }
            }
        }
        out
    }

    /// Who came last in the session played before session `number`: the lowest total written
    /// (several when tied). `None` for the first session, or after a lost Last Ruin (every
    /// player lost, p. 39).
    fn last_place(&self, number: u32) -> Option<Vec<String>> {
        let before = self
            .sessions
            .iter()
            .rev()
            .find(|s| s.number < number && s.is_finished())?;
        let r = before.result.as_ref()?;
        if r.lost_last_ruin() {
            return None;
        }
        let low = r.points.iter().map(|(_, p)| *p).min()?;
        Some(
            r.points
                .iter()
                .filter(|(_, p)| *p == low)
                .map(|(c, _)| c.clone())
                .collect(),
        )
    }

    /// The absent-player catch-up (a table setting, off by default): in Campaign Mode, each
    /// character at the table gets a row of boxes for every earlier session they missed and
    /// were not given one for, as a late joiner does (p. 37).
    pub(super) fn catch_up_absent(
        &mut self,
        present: &[String],
        date: NaiveDate,
    ) -> RuleResult<Vec<String>> {
        let mut out = Vec::new();
        if !self.settings.catch_up_absent || self.mode != Mode::Campaign {
            return Ok(out);
        }
        for c in present {
            let given: Vec<u32> = self
                .sheet(c)?
                .ledger
                .effective()
                .iter()
                .filter_map(|e| match e.item {
                    Item::LateStartRow { missed_session } => Some(missed_session),
                    _ => None,
                })
                .collect();
            let missed: Vec<u32> = self
                .sessions
                .iter()
                .filter(|s| s.is_finished() && !s.characters.contains(c))
                .map(|s| s.number)
                .filter(|n| !given.contains(n))
                .collect();
            for n in &missed {
                self.push(c, date, Item::LateStartRow { missed_session: *n })?;
            }
            if !missed.is_empty() {
                let list: Vec<String> = missed.iter().map(|n| n.to_string()).collect();
                out.push(format!(
                    "Catch-up (table setting): {c} missed {} {}: {} filled, as for a late joiner (p. 37).",
                    if missed.len() == 1 { "session" } else { "sessions" },
                    list.join(", "),
                    crate::words::count(missed.len() as u64, "row of boxes", "rows of boxes")
                ));
            }
        }
        Ok(out)
    }
}
