//! The game a host shares, whatever its kind: the save in memory, the seat check, the stale
//! check, `Saved::act` and the write to disk, one action at a time.

use std::sync::Arc;

use maud::Markup;
use serde_json::{Value, json};

use crate::doc::{Kind, Saved};
use crate::seat::{Seat, Seated};
use crate::store::{Store, StoreError};

use super::pages::{Books, SeatPage};

/// Why a seat's action was not applied (each is one HTTP status: docs/table-network.md).
#[derive(Debug, thiserror::Error)]
pub enum ActError {
    /// 400: the body is not an action of this game.
    #[error("not a {game} action: {why}")]
    NotAnAction { game: &'static str, why: String },
    /// 403: another seat's action, or the host's.
    #[error("{seat} may not do that: {why}")]
    WrongSeat { seat: String, why: String },
    /// 409: the action answers a state the phone no longer shows (or never showed: a revision
    /// from the future).
    #[error("the game moved on (revision {now}, this page showed {seen}): look again")]
    Stale { seen: u64, now: u64 },
    /// 422: the game's own rules refuse it (the rule's message).
    #[error("{0}")]
    Refused(String),
    /// 422: the game's engine refused it; `rule` names the digest entry its words cite
    /// (the phone shows it on a tap: docs/table-network.md).
    #[error("{why}")]
    Ruled {
        why: String,
        rule: Option<crate::rules::RuleRef>,
    },
    /// 500: it could not be written; nothing was applied.
    #[error("could not save, nothing was changed: {0}")]
    NotSaved(String),
    /// 500: the host failed on this action (a bug: it panicked); the game was read again
    /// from disk, so nothing was changed, and every other request is served as before.
    #[error(
        "the host failed on this action (a fault in Tablemate, not in the action): nothing was changed"
    )]
    Failed,
}

/// An engine's refusal, with the rules digest entry it cites.
fn ruled<E: std::fmt::Display + crate::rules::Cites>(e: E) -> ActError {
    ActError::Ruled {
        why: e.to_string(),
        rule: e.rule(),
    }
}

/// What an applied action left: the new revision and its history label.
#[derive(Debug, Clone)]
pub struct Done {
    pub revision: u64,
    pub label: String,
}

/// The shared game, type-erased so one host serves every kind.
pub trait SharedGame: Send {
    fn kind(&self) -> Kind;
    fn title(&self) -> String;
    fn summary(&self) -> String;
    /// Counts every change the host saw since it started (actions, reloads).
    fn revision(&self) -> u64;
    fn seats(&self) -> Vec<Seat>;
    /// Applies the JSON `action` from `seat`, written to disk before it returns Ok.
    fn act(&mut self, seat: &str, action: Value, seen: Option<u64>) -> Result<Done, ActError>;
    /// Undoes `seat`'s own newest action, written to disk before it returns Ok: only while
    /// nothing happened after it (else refused, naming who acted since) and, with `seen`, only
    /// while the game is still at the revision the page showed.
    fn undo(&mut self, seat: &str, _seen: Option<u64>) -> Result<Done, ActError> {
        Err(ActError::Refused(format!(
            "{seat}'s phone cannot undo in this game"
        )))
    }
    /// The window's own action (its JSON as recorded in the window's history), applied again
    /// on the game as it is now because a phone changed it after the window read it: the
    /// window's, so no seat check and no seat in its label; written to disk before Ok.
    /// A table that cannot (a test's) refuses.
    fn act_window(&mut self, action: &str, one_step: bool) -> Result<Done, ActError> {
        let _ = (action, one_step);
        Err(ActError::Refused(
            "this table takes no action from the window".into(),
        ))
    }
    /// Reads the save again (the window changed it): a new revision.
    fn reload(&mut self) -> Result<(), StoreError>;
    /// How many entries the game's history has up to the current one.
    fn entries(&self) -> usize {
        0
    }
    /// The label and time of history entry `index`, if it is at or before the current one.
    fn entry(&self, index: usize) -> Option<(String, chrono::DateTime<chrono::Utc>)> {
        let _ = index;
        None
    }
    /// The seat's page body (`seat` None: the read-only table seat); `base` is the seat's own
    /// address, for its lookups' links.
    fn page(&self, seat: Option<&Seat>, base: &str) -> Markup;
    /// The answer to a seat's lookup (Near and Far: "read quest 41"); None when the game has
    /// no such lookup.
    fn lookup(&self, seat: &Seat, query: &str, books: &Books) -> Option<Markup>;
    /// The last history labels, newest first.
    fn recent(&self, n: usize) -> Vec<String>;
    /// How many of them a seat's page lists (`SeatPage::LATEST`).
    fn latest(&self) -> usize {
        5
    }
    /// Whether a seat's page opens with the summary (`SeatPage::SUMMARY`).
    fn shows_summary(&self) -> bool {
        true
    }
}

/// A save of game `T` being shared.
pub struct Live<T> {
    store: Arc<Store>,
    id: String,
    saved: Saved<T>,
    revision: u64,
}

impl<T: Seated> Live<T> {
    pub fn load(store: Arc<Store>, id: &str) -> Result<Self, StoreError> {
        let saved = store.load::<T>(id)?;
        Ok(Live {
            store,
            id: id.to_string(),
            saved,
            revision: first_revision(),
        })
    }
}

impl<T: Seated + SeatPage + Send> SharedGame for Live<T> {
    fn kind(&self) -> Kind {
        T::KIND
    }

    fn title(&self) -> String {
        self.saved.title.clone()
    }

    fn summary(&self) -> String {
        self.saved.summary()
    }

    fn revision(&self) -> u64 {
        self.revision
    }

    fn seats(&self) -> Vec<Seat> {
        self.saved.current().seats()
    }

    fn act(&mut self, seat: &str, action: Value, seen: Option<u64>) -> Result<Done, ActError> {
        let action: T::Action =
            serde_json::from_value(action).map_err(|e| ActError::NotAnAction {
                game: T::KIND.title(),
                why: e.to_string(),
            })?;
        let state = self.saved.current();
        let rule = state.seat_of(&action);
        if !rule.allows(seat) {
            return Err(ActError::WrongSeat {
                seat: seat.to_string(),
                why: super::why_not(&rule),
            });
        }
        // A revision the host never reached (a page from before a restart) is as stale as
        // an old one: the page did not show this game.
        if let Some(seen) = seen
            && seen != self.revision
            && state.needs_fresh_view(&action)
        {
            return Err(ActError::Stale {
                seen,
                now: self.revision,
            });
        }
        let acted = self.saved.act_from_seat(seat, action).map_err(ruled)?;
        self.write()?;
        Ok(Done {
            revision: self.revision,
            label: acted.label,
        })
    }

    fn act_window(&mut self, action: &str, one_step: bool) -> Result<Done, ActError> {
        let action: T::Action =
            serde_json::from_str(action).map_err(|e| ActError::NotAnAction {
                game: T::KIND.title(),
                why: e.to_string(),
            })?;
        let acted = match one_step {
            true => self.saved.act_one_step(action),
            false => self.saved.act(action),
        }
        .map_err(ruled)?;
        self.write()?;
        Ok(Done {
            revision: self.revision,
            label: acted.label,
        })
    }

    fn undo(&mut self, seat: &str, seen: Option<u64>) -> Result<Done, ActError> {
        if let Some(seen) = seen
            && seen != self.revision
        {
            return Err(ActError::Stale {
                seen,
                now: self.revision,
            });
        }
        let seats = self.saved.current().seats();
        // Who made an entry: a seat's phone (its label starts with the seat's name, as
        // `act_from_seat` writes it), else the laptop.
        let by = |label: &str| {
            seats
                .iter()
                .map(|s| format!("{}'s phone", s.name))
                .find(|p| label.starts_with(&format!("{p}: ")))
                .unwrap_or_else(|| "the laptop".to_string())
        };
        let mine = format!("{seat}'s phone");
        let h = &self.saved.history;
        let done = &h.entries()[..=h.cursor()];
        let Some(at) = done.iter().rposition(|e| by(&e.label) == mine) else {
            return Err(ActError::Refused(format!(
                "nothing from {mine} to undo: only a seat's own actions can be undone from it"
            )));
        };
        if at != h.cursor() {
            let since: Vec<String> = done[at + 1..].iter().map(|e| by(&e.label)).collect();
            let mut who: Vec<String> = Vec::new();
            for w in since {
                if !who.contains(&w) {
                    who.push(w);
                }
            }
            let newest = done.last().map(|e| e.label.as_str()).unwrap_or_default();
            return Err(ActError::Refused(format!(
                "{} acted since (newest: {newest}): your last action can no longer be undone from your phone",
                who.join(" and ")
            )));
        }
        let undone = self
            .saved
            .undo()
            .map_err(|e| ActError::Refused(e.to_string()))?
            .unwrap_or_default();
        let written = self
            .store
            .save(&self.id, &self.saved)
            .map_err(|e| e.to_string());
        self.revision += 1;
        if let Err(why) = written {
            if let Ok(saved) = self.store.load::<T>(&self.id) {
                self.saved = saved;
            }
            return Err(ActError::NotSaved(why));
        }
        Ok(Done {
            revision: self.revision,
            label: undone,
        })
    }

    fn reload(&mut self) -> Result<(), StoreError> {
        self.saved = self.store.load::<T>(&self.id)?;
        self.revision += 1;
        Ok(())
    }

    fn page(&self, seat: Option<&Seat>, base: &str) -> Markup {
        T::page_of(&self.saved, seat, base)
    }

    fn lookup(&self, seat: &Seat, query: &str, books: &Books) -> Option<Markup> {
        self.saved.current().lookup(seat, query, books)
    }

    fn latest(&self) -> usize {
        T::LATEST
    }

    fn shows_summary(&self) -> bool {
        T::SUMMARY
    }

    fn entries(&self) -> usize {
        self.saved.history.cursor() + 1
    }

    fn entry(&self, index: usize) -> Option<(String, chrono::DateTime<chrono::Utc>)> {
        let h = &self.saved.history;
        h.entries()[..=h.cursor()]
            .get(index)
            .map(|e| (e.label.clone(), e.at))
    }

    fn recent(&self, n: usize) -> Vec<String> {
        let h = &self.saved.history;
        h.entries()[..=h.cursor()]
            .iter()
            .rev()
            .take(n)
            .map(|e| e.label.clone())
            .collect()
    }
}

impl<T: Seated + SeatPage + Send> Live<T> {
    /// Writes the game just changed (checked first); on failure the game is read back from
    /// disk, so nothing half-applied stays in memory. The revision moves either way.
    fn write(&mut self) -> Result<(), ActError> {
        let written = self
            .saved
            .validate()
            .map_err(|e| e.to_string())
            .and_then(|()| {
                self.store
                    .save(&self.id, &self.saved)
                    .map_err(|e| e.to_string())
            });
        if let Err(why) = written {
            // Back to exactly what is on disk: nothing half-applied stays in memory.
            if let Ok(saved) = self.store.load::<T>(&self.id) {
                self.saved = saved;
            }
            self.revision += 1;
            return Err(ActError::NotSaved(why));
        }
        self.revision += 1;
        Ok(())
    }
}

/// The revision a host starts at: larger than any revision an earlier run of the host (on
/// this clock) could have reached, so a page from before a restart never shows a revision
/// this run uses (milliseconds since 1970, times 1000: under 2^53, exact in JavaScript).
pub fn first_revision() -> u64 {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    ms.saturating_mul(1000).max(1)
}

/// `table.act`, with a panic inside it (an engine bug) caught: the game is read again from
/// disk, so nothing half-done stays in memory, and only this request fails.
pub fn act_caught(
    table: &mut dyn SharedGame,
    seat: &str,
    action: Value,
    seen: Option<u64>,
) -> Result<Done, ActError> {
    let acted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        table.act(seat, action, seen)
    }));
    acted.unwrap_or_else(|_| {
        let _ = table.reload();
        Err(ActError::Failed)
    })
}

/// `table.undo`, with a panic inside it caught as [`act_caught`] catches one.
pub fn undo_caught(
    table: &mut dyn SharedGame,
    seat: &str,
    seen: Option<u64>,
) -> Result<Done, ActError> {
    let undone = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| table.undo(seat, seen)));
    undone.unwrap_or_else(|_| {
        let _ = table.reload();
        Err(ActError::Failed)
    })
}

/// `open` from the one list of games (crates/core/src/games/list.rs).
macro_rules! open_any {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        /// Opens save `id` for sharing, whatever game it is.
        pub fn open(store: Arc<Store>, id: &str) -> Result<Box<dyn SharedGame>, StoreError> {
            let kind = store.open_save(id)?.kind;
            Ok(match kind {
                $(Kind::$variant => {
                    Box::new(Live::<crate::$module::SaveData>::load(store, id)?)
                })+
            })
        }
    };
}
crate::for_each_game!(open_any);

/// The seat's view as JSON (`GET /api/state`): no hidden information (decks, secret armies)
/// is in it, only what every seat may see.
pub fn state_json(table: &dyn SharedGame, seat: &str) -> Value {
    json!({
        "revision": table.revision(),
        "kind": table.kind().as_str(),
        "title": table.title(),
        "summary": table.summary(),
        "seat": seat,
        "recent": table.recent(5),
    })
}
