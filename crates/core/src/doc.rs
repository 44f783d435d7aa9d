//! What every saved game or campaign is: a kind, a one-line summary, validation, and its
//! labelled undo history; and what a game whose changes are values is (`Playable`). The store
//! saves `Saved<T>` for any `T: GameDoc`; the app lists saves by `Kind`.
//!
//! `Kind` is declared here, beside the envelope it names, from the one list of games
//! (`crate::for_each_game!`); everything else about a game (its checks, data files, scripting) is its row in
//! `crate::games`. This module imports only leaves (`history`): see docs/architecture.md.
//! No I/O here.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::history::History;

/// Declares `Kind`, `Kind::ALL`, and each kind's slug and title from the one list of games
/// (`crate::for_each_game!`, games/list.rs), so they cannot disagree.
macro_rules! kinds {
    ($($variant:ident {
        module: $module:ident,
        slug: $slug:literal,
        title: $title:literal,
        $($rest:tt)*
    })+) => {
        /// The kinds of save the app knows. The string form (the envelope's `kind` field and
        /// the CLI's game name) is the slug.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $($variant),+
        }

        impl Kind {
            /// Every game, in home-screen order.
            pub const ALL: [Kind; [$(Kind::$variant),+].len()] = [$(Kind::$variant),+];

            /// The envelope's `kind` string and the CLI's game name.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Kind::$variant => $slug),+
                }
            }

            /// What a player calls it.
            pub const fn title(self) -> &'static str {
                match self {
                    $(Kind::$variant => $title),+
                }
            }
        }
    };
}

// Adding a game: its entry in the one list (games/list.rs) and its own modules. See
// docs/architecture.md.
crate::for_each_game!(kinds);

impl Kind {
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The slugs, for messages that list what is accepted ("furtherance, worldspanner, ...").
    pub fn slugs() -> String {
        Kind::ALL.map(Kind::as_str).join(", ")
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Kind::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown kind {s:?} (known: {})", Kind::slugs()))
        })
    }
}

/// A rules digest entry named by game and id ("furtherance", "solo-move-order"): what a
/// refusal or an explanation cites (docs/rules.md, "Rule references"). Here, beside `Kind`,
/// so the engines and `Playable` can name it; `crate::rules` resolves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct RuleRef {
    pub game: Kind,
    pub id: &'static str,
}

impl RuleRef {
    pub const fn new(game: Kind, id: &'static str) -> RuleRef {
        RuleRef { game, id }
    }
}

impl std::fmt::Display for RuleRef {
    /// `furtherance/solo-move-order`: what `tablemate rules GAME ID` and `/rules/GAME/ID` take.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.game.as_str(), self.id)
    }
}

/// A refusal or an explanation that may rest on a rule of the digest. `None` is for what no
/// rule decides: a number that names nothing, a malformed file, the app's own order of work.
pub trait Cites {
    fn rule(&self) -> Option<RuleRef>;
}

/// A reminder an engine gives the table (what a step allows, what setup asks of this table),
/// with the digest entry of the rule it restates, or none where no rule says it (a record of
/// the app's own, a fan list). Each game's `cites` module picks the entry by the reminder's
/// kind, exhaustively.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reminder {
    pub text: String,
    pub rule: Option<RuleRef>,
}

impl Reminder {
    pub fn new(text: impl Into<String>, rule: Option<RuleRef>) -> Reminder {
        Reminder {
            text: text.into(),
            rule,
        }
    }

    /// Serializes reminders as their texts alone: JSON that listed them before they cited
    /// rules keeps its shape, and gives the references in a sibling `*_rules` list.
    pub fn texts<S: serde::Serializer>(list: &[Reminder], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(list.iter().map(|r| r.text.as_str()))
    }

    /// The references of `list`, one per reminder (`null` in JSON where it cites none).
    pub fn rules(list: &[Reminder]) -> Vec<Option<RuleRef>> {
        list.iter().map(|r| r.rule).collect()
    }
}

impl std::fmt::Display for Reminder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl Cites for Reminder {
    fn rule(&self) -> Option<RuleRef> {
        self.rule
    }
}

/// An engine state that can be saved: each game's top-level struct implements this.
pub trait GameDoc: Serialize + DeserializeOwned + Clone + crate::history::SetAside {
    const KIND: Kind;
    /// One line for the home screen: "Furtherance solo — Normal — round 7 — castle 6 HP".
    fn summary(&self) -> String;
    /// Rejects impossible states read from a file (a unit on a wall, a Dome 7...), naming the
    /// field and the problem.
    fn validate(&self) -> Result<(), Invalid>;
}

/// Why a state read from a file is impossible: where (a field path such as
/// `players[1].followers[0].health`) and what is wrong there. Shown as "at: problem".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    /// The field path from the top of the game's state; empty when the problem is the whole.
    pub at: String,
    pub problem: String,
}

impl Invalid {
    pub fn new(at: impl Into<String>, problem: impl Into<String>) -> Self {
        Invalid {
            at: at.into(),
            problem: problem.into(),
        }
    }

    /// The same problem seen from a containing value: `history` + `cursor` is
    /// `history.cursor`.
    pub fn within(mut self, outer: &str) -> Self {
        self.at = match self.at.is_empty() {
            true => outer.to_string(),
            false => format!("{outer}.{}", self.at),
        };
        self
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.at.is_empty() {
            f.write_str(&self.problem)
        } else {
            write!(f, "{}: {}", self.at, self.problem)
        }
    }
}

impl std::error::Error for Invalid {}

/// What an applied action did: the history label it is recorded under ("Left castle: Knight
/// attacks Archer") and what happened, one line each, for the screen and `tablemate act`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Acted {
    pub label: String,
    pub lines: Vec<String>,
}

impl Acted {
    pub fn new(label: impl Into<String>, lines: Vec<String>) -> Self {
        Acted {
            label: label.into(),
            lines,
        }
    }
}

/// A game whose every change is a value (docs/architecture.md, "Changes are values"). The GUI screens
/// and `tablemate act` both go through `Saved::act`, so a change made from a script is the
/// same history entry, with the same label and checks, as the click that makes it.
pub trait Playable: GameDoc {
    /// The game's action enum in its serde form, the JSON `tablemate act` reads
    /// (`{"action": "end-turn"}`), documented per game in `docs/`.
    type Action: Serialize + DeserializeOwned + Clone + std::fmt::Debug;
    /// Why an action was refused: its text names the rule that forbids it (with the rulebook
    /// page where there is one), as a player reads it, and `rule()` names that rule's entry in
    /// the rules digest (docs/rules.md, "Rule references").
    type Refusal: std::error::Error + Cites;

    /// Carries out `action` if the rules allow it. On a refusal the state may be left
    /// half-changed: callers go through `Saved::act`, which works on a copy.
    fn act(&mut self, action: Self::Action) -> Result<Acted, Self::Refusal>;

    /// Like `act`, but an action that would run on by itself (Furtherance's end of turn runs
    /// the enemies' turn) stops after its own step, so a screen can show each following step
    /// as its own history entry. The same rules and label; most games have nothing that runs
    /// on, so this is `act`.
    fn act_one_step(&mut self, action: Self::Action) -> Result<Acted, Self::Refusal> {
        self.act(action)
    }

    /// What the game reminds the table of now (a step's allowances, what setup asks), each
    /// with the digest entry it restates (docs/rules.md, "Rule references"). Most games'
    /// screens show none.
    fn reminders(&self) -> Vec<Reminder> {
        Vec::new()
    }
}

/// The most characters a save's title may have: what a list line or a window's title bar can
/// show (docs/store.md). A longer title is cut to it when a game is made ([`Saved::new`]) and
/// refused when a file holding one is read ([`Saved::validate`]).
pub const MAX_TITLE_CHARS: usize = 200;

/// The most characters a player's or general's name may have: what a seat, a score line or a
/// list shows whole. Checked when a game is made and when a file is read (docs/store.md).
pub const MAX_NAME_CHARS: usize = 40;

/// Whether `name` is within [`MAX_NAME_CHARS`] characters.
pub fn name_fits(name: &str) -> bool {
    name.chars().nth(MAX_NAME_CHARS).is_none()
}

/// `text` cut to at most `max` characters, with `…` as the last one when it was cut: how a
/// list or a heading shows a long title (the whole title stays in the save).
pub fn elide(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => std::borrow::Cow::Borrowed(text),
        Some(_) => {
            let keep = max.saturating_sub(1);
            let end = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
            std::borrow::Cow::Owned(format!("{}…", &text[..end]))
        }
    }
}

/// `title` as a save keeps it: at most [`MAX_TITLE_CHARS`] characters.
fn bounded_title(title: String) -> String {
    match title.char_indices().nth(MAX_TITLE_CHARS) {
        Some((end, _)) => title[..end].to_string(),
        None => title,
    }
}

/// A saved game or campaign: a title the user gave it and the labelled history, whose current
/// entry is the state of play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(
    serialize = "T: Serialize + crate::history::SetAside",
    deserialize = "T: Serialize + DeserializeOwned + Clone + crate::history::SetAside"
))]
pub struct Saved<T> {
    pub title: String,
    pub history: History<T>,
}

impl<T: GameDoc> Saved<T> {
    /// A new save. A title longer than [`MAX_TITLE_CHARS`] characters is cut to it (a save
    /// holding a longer one would be refused when read back).
    pub fn new(title: impl Into<String>, first_label: impl Into<String>, state: T) -> Self {
        Self {
            title: bounded_title(title.into()),
            history: History::new(first_label, state),
        }
    }

    pub fn current(&self) -> &T {
        self.history.current()
    }

    pub fn summary(&self) -> String {
        self.current().summary()
    }

    /// Checks the history's shape and the current state (the state a player continues from).
    /// Every other entry is checked when undo, redo or goto reaches it ([`Saved::goto`]), so
    /// loading costs the same however long the history is (docs/store.md).
    pub fn validate(&self) -> Result<(), Invalid> {
        let chars = self.title.chars().count();
        if chars > MAX_TITLE_CHARS {
            return Err(Invalid::new(
                "title",
                format!("it has {chars} characters; a title may have at most {MAX_TITLE_CHARS}"),
            ));
        }
        self.history
            .validate()
            .map_err(|e| Invalid::new("history", e.to_string()))?;
        self.current().validate()
    }

    /// [`Saved::validate`], then every other entry rebuilt from the changes and validated as
    /// undo would (`tablemate check --deep`): the first that fails is named.
    pub fn validate_deep(&self) -> Result<(), Invalid> {
        self.validate()?;
        self.history
            .check_every_state(|_, state| state.validate().map_err(|e| e.to_string()))
            .map_err(|e| match e {
                crate::history::HistoryError::Unreadable { entry, problem } => {
                    let label = self
                        .history
                        .entries()
                        .get(entry - 1)
                        .map(|e| e.label.clone());
                    Invalid::new(
                        format!("history entry {entry} ({:?})", label.unwrap_or_default()),
                        problem,
                    )
                }
                e => Invalid::new("history", e.to_string()),
            })
    }

    /// Undoes one entry, checking the state it returns to; `Ok(None)` when there is nothing to
    /// undo. An entry that cannot be rebuilt or is not a valid state is refused, named, and
    /// nothing changes: an undo never makes an invalid state current.
    pub fn undo(&mut self) -> Result<Option<String>, Invalid> {
        match self.history.can_undo() {
            true => self.goto(self.history.cursor() - 1).map(|()| {
                // Only that entry is read while the entries are the file's text.
                self.history.label(self.history.cursor() + 1)
            }),
            false => Ok(None),
        }
    }

    /// Redoes one entry, checked like [`Saved::undo`].
    pub fn redo(&mut self) -> Result<Option<String>, Invalid> {
        match self.history.can_redo() {
            true => self
                .goto(self.history.cursor() + 1)
                .map(|()| self.history.label(self.history.cursor())),
            false => Ok(None),
        }
    }

    /// Returns to entry `index`, checked like [`Saved::undo`].
    pub fn goto(&mut self, index: usize) -> Result<(), Invalid> {
        let was = self.history.cursor();
        let named = |e: String| {
            let label = self.history.entries().get(index).map(|e| e.label.clone());
            Invalid::new(
                format!(
                    "history entry {} ({:?})",
                    index + 1,
                    label.unwrap_or_default()
                ),
                e,
            )
        };
        let problem = match self.history.state(index) {
            Ok(state) => state.validate().err().map(|e| e.to_string()),
            Err(crate::history::HistoryError::Unreadable { problem, .. }) => Some(problem),
            Err(e) => return Err(Invalid::new("history", e.to_string())),
        };
        if let Some(problem) = problem {
            return Err(named(problem));
        }
        self.history
            .goto(index)
            .map_err(|e| Invalid::new("history", e.to_string()))?;
        debug_assert!(was != index || self.history.cursor() == was);
        Ok(())
    }
}

impl<T: Playable> Saved<T> {
    /// Applies `action` as one labelled history entry; on a refusal nothing changes.
    pub fn act(&mut self, action: T::Action) -> Result<Acted, T::Refusal> {
        self.record(action, false, None)
    }

    /// `act` through `Playable::act_one_step`: what a screen that steps through a turn sends.
    pub fn act_one_step(&mut self, action: T::Action) -> Result<Acted, T::Refusal> {
        self.record(action, true, None)
    }

    /// Applies `action` (one step at a time with `one_step`) to a copy of the current state
    /// and records the result with the action's JSON, so `tablemate replay` can apply it again.
    /// `by` names who sent it (a seat's phone) at the front of the entry's label.
    pub(crate) fn record(
        &mut self,
        action: T::Action,
        one_step: bool,
        by: Option<&str>,
    ) -> Result<Acted, T::Refusal> {
        let json = serde_json::value::to_raw_value(&action).ok();
        let mut next = self.current().clone();
        let mut acted = match one_step {
            true => next.act_one_step(action)?,
            false => next.act(action)?,
        };
        if let Some(by) = by {
            acted.label = format!("{by}: {}", acted.label);
        }
        let recorded = json.map(|json| crate::history::Recorded { json, one_step });
        self.history
            .record_action(acted.label.clone(), next, recorded);
        Ok(acted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_strings_round_trip() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.as_str()), Some(k));
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, format!("\"{}\"", k.as_str()));
            assert_eq!(serde_json::from_str::<Kind>(&json).unwrap(), k);
        }
        assert_eq!(Kind::parse("chess"), None);
        let err = serde_json::from_str::<Kind>("\"chess\"").unwrap_err();
        assert!(err.to_string().contains("known: furtherance"), "{err}");
    }

    #[test]
    fn slugs_and_titles_are_unique() {
        let slugs: std::collections::HashSet<_> = Kind::ALL.map(Kind::as_str).into();
        let titles: std::collections::HashSet<_> = Kind::ALL.map(Kind::title).into();
        assert_eq!(slugs.len(), Kind::ALL.len());
        assert_eq!(titles.len(), Kind::ALL.len());
    }

    #[test]
    fn an_invalid_reads_at_colon_problem_or_the_problem_alone() {
        let i = Invalid::new("teams[0].heroes[2]", "health 9 is above 6");
        assert_eq!(i.to_string(), "teams[0].heroes[2]: health 9 is above 6");
        assert_eq!(Invalid::new("", "no history").to_string(), "no history");
    }

    /// A tiny game for the tests of `Saved` alone.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Tiny(u8);

    impl crate::history::SetAside for Tiny {}
    impl GameDoc for Tiny {
        const KIND: Kind = Kind::Army;
        fn summary(&self) -> String {
            "tiny".into()
        }
        fn validate(&self) -> Result<(), Invalid> {
            Ok(())
        }
    }

    #[test]
    fn a_title_over_200_characters_is_cut_when_made_and_refused_when_read() {
        let long = "é".repeat(MAX_TITLE_CHARS + 50);
        let saved = Saved::new(long.clone(), "New", Tiny(1));
        assert_eq!(saved.title.chars().count(), MAX_TITLE_CHARS);
        assert!(saved.validate().is_ok());
        let mut forged = saved.clone();
        forged.title = long;
        let e = forged.validate().unwrap_err();
        assert_eq!(e.at, "title");
        assert!(
            e.problem.contains("250 characters") && e.problem.contains("200"),
            "{e}"
        );
        let short = Saved::new("Friday", "New", Tiny(1));
        assert_eq!(short.title, "Friday");
    }

    #[test]
    fn elide_keeps_short_text_and_cuts_long_text_with_an_ellipsis() {
        assert_eq!(elide("Friday", 10), "Friday");
        assert_eq!(elide("abcdefghij", 10), "abcdefghij");
        assert_eq!(elide("abcdefghijk", 10), "abcdefghi…");
        assert_eq!(elide("ééééé", 3), "éé…");
        assert_eq!(elide("", 0), "");
    }

    #[test]
    fn within_prefixes_the_outer_field() {
        assert_eq!(
            Invalid::new("cursor", "x").within("history").at,
            "history.cursor"
        );
        assert_eq!(Invalid::new("", "x").within("table").at, "table");
    }
}
