//! The contract between the shell and every screen (see src/gui/README.md): what a screen gets
//! (`Ctx`) and what it hands back (`Action`).

use std::path::Path;

use iced::Task;

use crate::store::Store;

/// A plain key pressed while no text box had it (letters come lower-case): what a screen's own
/// keyboard actions are made of (docs/table-ux.md 7). Ctrl combinations, Esc and F1 stay the shell's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keypress {
    Char(char),
    Enter,
    Space,
}

/// A screen's keyboard actions: which key does what (listed in the help overlay, `KEYS`) and
/// the message a key stands for in the screen's present state (`key`). A screen without any
/// takes the defaults.
pub trait Keyboard {
    type Message;
    /// `(key, what it does)`, for the help overlay.
    const KEYS: &'static [(&'static str, &'static str)] = &[];
    /// The message `key` stands for now, if any (the same a click would send).
    fn key(&self, _key: Keypress) -> Option<Self::Message> {
        None
    }
}

/// What a screen may read from the shell while updating or drawing.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    /// The open data folder; `None` if it could not be opened at all.
    pub store: Option<&'a Store>,
    /// Whether large type is on (screens with canvases may scale their drawing).
    pub large_type: bool,
}

impl Ctx<'_> {
    /// The data folder for user replacements of bundled data files.
    pub fn data_root(&self) -> Option<&Path> {
        self.store.map(Store::root)
    }

    /// Writes `value` as the player's own data file `rel` (pretty JSON), the previous version
    /// kept in the data folder's backups. The error is a sentence for the screen.
    // Kept String: shown verbatim as the screen's notice.
    pub fn save_user_json<T: serde::Serialize>(
        &self,
        rel: &str,
        value: &T,
    ) -> Result<std::path::PathBuf, String> {
        let store = self
            .store
            .ok_or_else(|| "Not saved: the data folder is not open".to_string())?;
        let text = serde_json::to_string_pretty(value).map_err(|e| format!("Not saved: {e}"))?;
        store
            .write_data_backed_up(rel, (text + "\n").as_bytes())
            .map_err(|e| format!("Not saved: {e}"))
    }

    /// A fresh save id for a new game of `kind`.
    pub fn new_id(&self, kind: crate::doc::Kind) -> String {
        match self.store {
            Some(s) => s.new_id(kind),
            None => format!(
                "{}-{}",
                kind.as_str(),
                chrono::Local::now().format("%Y%m%d-%H%M%S")
            ),
        }
    }
}

/// A message for the user, shown in the notice line at the foot of the window (`notice.rs`):
/// it goes by itself after a while unless it needs a decision. A screen's error notice is a
/// refusal: the shell shows it in the screen's reserved line instead (`notice::Refusal`).
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    /// A store change the notice offers to undo (a delete or a restore): restore `backup`.
    pub undo: Option<Restore>,
    /// Stays until dismissed (the player must know: nothing will be saved).
    pub lasting: bool,
    /// When it was put up (set by the shell).
    pub since: Option<std::time::Instant>,
    /// It reports a change to the saves folder (a delete, restore, import): the Undo of an
    /// earlier one is withdrawn (it was shown for a version no longer there).
    pub store_change: bool,
    /// The rules digest entry a refusal cites: the notice line offers "See the rule"
    /// (docs/rules.md, "Rule references").
    pub rule: Option<crate::rules::RuleRef>,
}

/// Puts save `id` back as backup `backup` holds it (the "Undo" of a delete or a restore), only
/// while the save is still the version the notice was shown for (`expect`).
#[derive(Debug, Clone, PartialEq)]
pub struct Restore {
    pub id: String,
    pub backup: String,
    /// What is on disk right after the delete or restore: if the save is anything else when
    /// Undo is pressed, it refuses and says why.
    pub expect: crate::store::OnDisk,
    /// The save's title, for the notices (may be empty: then its id).
    pub title: String,
}

impl Notice {
    pub fn info(text: impl Into<String>) -> Self {
        Notice {
            text: text.into(),
            error: false,
            undo: None,
            lasting: false,
            since: None,
            store_change: false,
            rule: None,
        }
    }

    pub fn error(text: impl Into<String>) -> Self {
        Notice {
            text: text.into(),
            error: true,
            undo: None,
            lasting: false,
            since: None,
            store_change: false,
            rule: None,
        }
    }

    /// The notice stays until dismissed.
    pub fn lasting(mut self) -> Self {
        self.lasting = true;
        self
    }

    /// The notice reports a change to the saves folder: older Undo offers go.
    pub fn store_change(mut self) -> Self {
        self.store_change = true;
        self
    }

    /// The notice offers an "Undo" that restores `undo`.
    pub fn with_undo(mut self, undo: Option<Restore>) -> Self {
        self.undo = undo;
        self
    }
}

/// What a screen's `update` hands back to the shell. There is no "changed" flag: the shell
/// autosaves whenever the open document's history revision moves (`saving.rs`).
pub struct Action<M> {
    pub task: Option<Task<M>>,
    pub notice: Option<Notice>,
    /// Open the Rules screen at this digest entry (a "Why?" line's rule, clicked).
    pub open_rule: Option<crate::rules::RuleRef>,
}

impl<M> Default for Action<M> {
    fn default() -> Self {
        Action {
            task: None,
            notice: None,
            open_rule: None,
        }
    }
}

impl<M> Action<M> {
    pub fn none() -> Self {
        Action::default()
    }

    pub fn task(task: Task<M>) -> Self {
        Action {
            task: Some(task),
            ..Action::default()
        }
    }

    pub fn notice(notice: Notice) -> Self {
        Action {
            notice: Some(notice),
            ..Action::default()
        }
    }

    /// A refused action: say why (which rule forbids it).
    pub fn error(text: impl Into<String>) -> Self {
        Action::notice(Notice::error(text))
    }

    /// An engine's refusal: its words, and the rules digest entry they cite for the notice
    /// line's "See the rule".
    pub fn refused(e: &(impl std::fmt::Display + crate::rules::Cites)) -> Self {
        let mut n = Notice::error(e.to_string());
        n.rule = e.rule();
        Action::notice(n)
    }

    /// Opens the Rules screen at `rule`'s entry.
    pub fn open_rule(rule: crate::rules::RuleRef) -> Self {
        Action {
            open_rule: Some(rule),
            ..Action::default()
        }
    }

    pub fn with_notice(mut self, notice: Notice) -> Self {
        self.notice = Some(notice);
        self
    }
}

impl<M: Send + 'static> Action<M> {
    /// Lifts a screen's action into the shell's message type.
    pub fn map<N: Send + 'static>(self, f: impl Fn(M) -> N + Send + 'static) -> Action<N> {
        Action {
            task: self.task.map(|t| t.map(f)),
            notice: self.notice,
            open_rule: self.open_rule,
        }
    }
}
