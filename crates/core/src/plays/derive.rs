//! Finding a save's plays in its history: which plays the current state holds as finished,
//! the first entry where each was under way (its start) and the entry from which it stayed
//! finished (its end). Only entries up to the cursor count: an undone branch was not played.

use std::collections::BTreeMap;

use super::{DeriveError, Facts, Play};
use crate::doc::{GameDoc, Saved};

/// A game whose finished plays a record can be made of. A play is named by a number inside its
/// save: the session or board number, or 1 for a game that is one play.
pub trait Recorded: GameDoc {
    /// The plays under way or finished in this state.
    fn begun(&self) -> Vec<u32>;
    /// The plays this state holds as finished.
    fn finished(&self) -> Vec<u32>;
    /// What this state says of finished play `number`.
    fn facts(&self, number: u32) -> Option<Facts>;
}

/// Where each play stands along the history: the first entry it was begun at, the last entry
/// (before the cursor) it was not finished at.
#[derive(Default, Clone, Copy)]
struct Span {
    begun: Option<usize>,
    unfinished: Option<usize>,
}

pub(super) fn plays_of<T: Recorded>(
    save: &str,
    title: &str,
    data: &str,
) -> Result<Vec<Play>, DeriveError> {
    let saved: Saved<T> = serde_json::from_str(data).map_err(|e| DeriveError::Unreadable {
        kind: T::KIND,
        problem: e.to_string(),
    })?;
    let current = saved.current();
    let finished = current.finished();
    if finished.is_empty() {
        return Ok(Vec::new());
    }
    let history = &saved.history;
    let cursor = history.cursor();
    let mut spans: BTreeMap<u32, Span> = finished.iter().map(|n| (*n, Span::default())).collect();
    // One state at a time, whatever the length; a short history (one entry) is just the
    // current state.
    history
        .check_every_state(|index, state| {
            if index > cursor {
                return Ok(());
            }
            let done = state.finished();
            let begun = state.begun();
            for (n, span) in spans.iter_mut() {
                if begun.contains(n) || done.contains(n) {
                    span.begun = Some(span.begun.map_or(index, |b| b.min(index)));
                }
                if !done.contains(n) {
                    span.unfinished = Some(span.unfinished.map_or(index, |u| u.max(index)));
                }
            }
            Ok(())
        })
        .map_err(|e| DeriveError::History(e.to_string()))?;
    let entries = history.entries();
    let at = |i: usize| entries.get(i.min(cursor)).map(|e| e.at);
    let mut out = Vec::new();
    for (n, span) in spans {
        let Some(facts) = current.facts(n) else {
            continue;
        };
        let end_index = span.unfinished.map_or(0, |u| u + 1);
        let start_index = span.begun.unwrap_or(0).min(end_index);
        let (Some(start), Some(end)) = (at(start_index), at(end_index)) else {
            continue;
        };
        let minutes = (end - start).num_minutes().clamp(0, i64::from(u32::MAX)) as u32;
        out.push(Play {
            id: format!("{save}#{n}"),
            save: save.to_string(),
            title: title.to_string(),
            game: T::KIND,
            date: start.date_naive(),
            start,
            end,
            minutes,
            facts,
        });
    }
    Ok(out)
}
