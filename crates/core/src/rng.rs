//! The seeded random stream every engine draws from, and the two draws the saves depend on.
//!
//! The generator is ChaCha8 (`rand_chacha`), whose whole state is serialised inside saves, so
//! undo and a reopened game replay the same draws. `rand`'s traits sit on top of it: the stream
//! implements `rand::RngCore`, so new features may use `rand::Rng` (`random_range`,
//! `random_bool`) and `rand::seq::SliceRandom` on the saved stream.
//!
//! The shuffles and picks that saves already hold are not rand's: `rand`'s `shuffle` and
//! `random_range` turn the same stream into different numbers than our rejection sampling, so
//! switching them would make every saved game draw other cards after its next reshuffle and
//! change every seeded scenario. `below` and `fisher_yates` keep those sequences; the tests at
//! the bottom pin them (and pin rand's ranges over the stream) so an upgrade that changes a
//! sequence fails here first (docs/architecture.md, "Randomness").

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A uniform number in `0..n` (n > 0) by rejection sampling: no modulo bias, and the same
/// sequence on every machine and every version (the deck's and the piles' draws use it).
pub fn below(rng: &mut impl RngCore, n: u64) -> u64 {
    assert!(n > 0, "below(0) has no possible value");
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// Shuffles `items` in place, Fisher–Yates from the end (the last item is a pile's top card).
pub fn fisher_yates<T>(rng: &mut impl RngCore, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// A seeded random stream for engines that roll or pick outside a deck (tie-breaks, sample
/// data, Furtherance's piles). Saved with the game: the seed, and the generator's position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeededRng {
    seed: u64,
    rng: ChaCha8Rng,
}

impl SeededRng {
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// A uniform number in `0..n` (n > 0), without modulo bias (see [`below`]).
    pub fn below(&mut self, n: u64) -> u64 {
        below(&mut self.rng, n)
    }

    /// Shuffles a slice in place (see [`fisher_yates`]).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        fisher_yates(&mut self.rng, items)
    }
}

/// rand's traits over the saved stream: `rand::Rng` and `SliceRandom` work on a `SeededRng`,
/// and whatever they draw moves the same saved position.
impl RngCore for SeededRng {
    fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }

    fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.rng.fill_bytes(dest)
    }
}

#[cfg(test)]
mod tests;
