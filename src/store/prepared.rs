//! A save serialised for a writer thread.

use chrono::Utc;

use super::{StoreError, envelope};
use crate::doc::{GameDoc, Kind, Saved};

/// A save serialised and ready to be written, made on the thread that owns the game and
/// handed to a writer thread. Making one costs one serialisation of the current state and a
/// copy of the history's stored changes (computed when each entry was recorded), not a walk
/// over the whole game history.
#[derive(Debug, Clone)]
pub struct Prepared {
    kind: Kind,
    pub(super) bytes: Vec<u8>,
}

impl Prepared {
    pub fn new<T: GameDoc>(saved: &Saved<T>) -> Result<Prepared, StoreError> {
        let summary = saved.summary();
        let bytes = envelope::encode_save(T::KIND, &summary, Utc::now(), saved)
            .map_err(|e| StoreError::Encode(e.to_string()))?;
        Ok(Prepared {
            kind: T::KIND,
            bytes,
        })
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The envelope bytes that will be written.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}
