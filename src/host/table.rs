//! The game a host shares, whatever its kind: the save in memory, the seat check, the stale
//! check, `Saved::act` and the write to disk, one action at a time.

use std::sync::Arc;

use maud::Markup;
use serde_json::{Value, json};

use crate::doc::{Kind, Saved};
use crate::seat::{Seat, Seated};
use crate::store::Store;

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

/// What an applied action left: the new revision and its history label.
#[derive(Debug, Clone)]
pub struct Done {
    pub revision: u64,
    pub label: String,
}

/// The shared game, type-erased so one host serves every kind.
pub trait Table: Send {
    fn kind(&self) -> Kind;
    fn title(&self) -> String;
    fn summary(&self) -> String;
    /// Counts every change the host saw since it started (actions, reloads).
    fn revision(&self) -> u64;
    fn seats(&self) -> Vec<Seat>;
    /// Applies the JSON `action` from `seat`, written to disk before it returns Ok.
    fn act(&mut self, seat: &str, action: Value, seen: Option<u64>) -> Result<Done, ActError>;
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
    fn reload(&mut self) -> Result<(), String>;
    /// The seat's page body (`seat` None: the read-only table seat); `base` is the seat's own
    /// address, for its lookups' links.
    fn page(&self, seat: Option<&Seat>, base: &str) -> Markup;
    /// The answer to a seat's lookup (Near and Far: "read quest 41"); None when the game has
    /// no such lookup.
    fn lookup(&self, seat: &Seat, query: &str, books: &Books) -> Option<Markup>;
    /// The last history labels, newest first.
    fn recent(&self, n: usize) -> Vec<String>;
}

/// A save of game `T` being shared.
pub struct Live<T> {
    store: Arc<Store>,
    id: String,
    saved: Saved<T>,
    revision: u64,
}

impl<T: Seated> Live<T> {
    pub fn load(store: Arc<Store>, id: &str) -> Result<Self, String> {
        let saved = store.load::<T>(id).map_err(|e| e.to_string())?;
        Ok(Live {
            store,
            id: id.to_string(),
            saved,
            revision: first_revision(),
        })
    }
}

impl<T: Seated + SeatPage + Send> Table for Live<T> {
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
        let acted = self
            .saved
            .act_from_seat(seat, action)
            .map_err(|e| ActError::Refused(e.to_string()))?;
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
        .map_err(|e| ActError::Refused(e.to_string()))?;
        self.write()?;
        Ok(Done {
            revision: self.revision,
            label: acted.label,
        })
    }

    fn reload(&mut self) -> Result<(), String> {
        self.saved = self.store.load::<T>(&self.id).map_err(|e| e.to_string())?;
        self.revision += 1;
        Ok(())
    }

    fn page(&self, seat: Option<&Seat>, base: &str) -> Markup {
        T::page_of(&self.saved, seat, base)
    }

    fn lookup(&self, seat: &Seat, query: &str, books: &Books) -> Option<Markup> {
        self.saved.current().lookup(seat, query, books)
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
    table: &mut dyn Table,
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

/// Opens save `id` for sharing, whatever game it is.
pub fn open(store: Arc<Store>, id: &str) -> Result<Box<dyn Table>, String> {
    use crate::{army, furnace_duel, furtherance, near_and_far, worldspanner};
    let kind = store.open_save(id).map_err(|e| e.to_string())?.kind;
    Ok(match kind {
        Kind::Furtherance => Box::new(Live::<furtherance::SaveData>::load(store, id)?),
        Kind::Worldspanner => Box::new(Live::<worldspanner::SaveData>::load(store, id)?),
        Kind::NearAndFar => Box::new(Live::<near_and_far::SaveData>::load(store, id)?),
        Kind::FurnaceDuel => Box::new(Live::<furnace_duel::SaveData>::load(store, id)?),
        Kind::Army => Box::new(Live::<army::SaveData>::load(store, id)?),
    })
}

/// The seat's view as JSON (`GET /api/state`): no hidden information (decks, secret armies)
/// is in it, only what every seat may see.
pub fn state_json(table: &dyn Table, seat: &str) -> Value {
    json!({
        "revision": table.revision(),
        "kind": table.kind().as_str(),
        "title": table.title(),
        "summary": table.summary(),
        "seat": seat,
        "recent": table.recent(5),
    })
}
