//! The history's entries carried beside the JSON rather than in it, for the one caller that
//! lays a save out itself: the store.
//!
//! A save's history ends with its list of entries, which holds most of a long game's bytes.
//! The store writes that list last in the file and says how long it is at the very end, so it
//! can cut the list out of a file without reading it (docs/store.md, "the entries last"). It
//! then hands the list to the history here, parses the rest as usual, and the history keeps
//! the list as text, unread (`History` in "unread" form, `file.rs`). Writing is the mirror:
//! inside [`out_of_band`] a history puts its entries' text here instead of into the JSON, and
//! the store splices it back into the file.
//!
//! The scope is one thread's and one call's: a history deserialised or serialised outside
//! [`out_of_band`] reads and writes its entries in the JSON, as any JSON value does. Only the
//! first history inside a scope uses the band (a save holds one).

use std::cell::RefCell;

#[derive(Default)]
struct Band {
    /// The entries' text handed in, until a history takes it.
    entries_in: Option<String>,
    /// Whether a history may still put its entries here.
    open_out: bool,
    /// The entries' text a history put here.
    entries_out: Option<String>,
}

thread_local! {
    static BAND: RefCell<Option<Band>> = const { RefCell::new(None) };
}

/// Restores the scope around a call, even when the call panics.
struct Scope(Option<Band>);

impl Drop for Scope {
    fn drop(&mut self) {
        let outer = self.0.take();
        BAND.with(|b| *b.borrow_mut() = outer);
    }
}

/// Runs `f` with `entries_in` (the text inside a history's `entries` list, as cut from a file)
/// offered to the first history deserialised whose JSON leaves its entries out, and with the
/// first history serialised leaving its entries out of the JSON and handing their text back:
/// returns what `f` returned, whether the offered text was taken, and the text handed back.
pub fn out_of_band<R>(
    entries_in: Option<String>,
    f: impl FnOnce() -> R,
) -> (R, bool, Option<String>) {
    let offered = entries_in.is_some();
    let outer = BAND.with(|b| {
        b.borrow_mut().replace(Band {
            entries_in,
            open_out: true,
            entries_out: None,
        })
    });
    let scope = Scope(outer);
    let result = f();
    let band = BAND.with(|b| b.borrow_mut().take()).unwrap_or_default();
    drop(scope);
    let taken = offered && band.entries_in.is_none();
    (result, taken, band.entries_out)
}

/// The entries' text offered to this history, if a scope offers one not yet taken.
pub(super) fn take_entries_in() -> Option<String> {
    BAND.with(|b| {
        b.borrow_mut()
            .as_mut()
            .and_then(|band| band.entries_in.take())
    })
}

/// Whether this history is to hand its entries' text to the scope rather than write them.
pub(super) fn wants_entries_out() -> bool {
    BAND.with(|b| b.borrow().as_ref().is_some_and(|band| band.open_out))
}

/// Hands the entries' text to the scope (after [`wants_entries_out`] said yes).
pub(super) fn put_entries_out(text: String) {
    BAND.with(|b| {
        if let Some(band) = b.borrow_mut().as_mut() {
            band.open_out = false;
            band.entries_out = Some(text);
        }
    });
}
