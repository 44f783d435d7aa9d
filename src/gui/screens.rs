//! What is on screen: one boxed state per screen, and what the shell may ask of any of them
//! (its game, its open document, Esc, drawing) without knowing which one it is. The game
//! screens are declared once, by `game_screens!` at the foot of this file.

use iced::Element;

use super::document::{Document, Edits};
use super::notice::Refusal;
use super::screen::{Action, Ctx, Keyboard, Keypress};
use super::shell::Message;
use super::{backups, home, rules, stats};
use crate::doc::Kind;
use crate::store::{Store, StoreError};

/// Declares `Screen` (the shell's own screens, then one per game), `GameMessage` (a game
/// screen's message) and everything that treats the game screens alike, from the one list of
/// games (`for_each_game!`, crates/core/src/games/list.rs): each `Kind` variant and its module
/// under `gui/` (and, for the screen tests, the
/// game screen's `testing::ScreenUnderTest`). A game's module has `State` with `new`,
/// `open`, `update`, `view`, `document(_mut)`, `refresh` and `escape`, implements
/// `screen::Keyboard` (its keys, if any), and has `Message`.
macro_rules! game_screens {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        /// What is on screen.
        pub enum Screen {
            Home(Box<home::State>),
            Rules(Box<rules::State>),
            Backups(Box<backups::State>),
            Stats(Box<stats::State>),
            $($variant(Box<super::$module::State>),)+
        }

        /// A message for the game screen of that name.
        #[derive(Debug, Clone)]
        pub enum GameMessage {
            $($variant(super::$module::Message),)+
        }

        $(
            #[cfg(test)]
            impl super::testing::ScreenUnderTest for super::$module::State {
                type Message = super::$module::Message;
                fn draw(&self, ctx: &Ctx) -> Element<'_, Self::Message> {
                    self.view(ctx)
                }
                /// As the shell does it: the refusal slot is cleared, then keeps the
                /// update's refusal (which the test still gets in the action, to read it).
                fn apply(&mut self, message: Self::Message, ctx: &Ctx) -> Action<Self::Message> {
                    self.refusal.clear();
                    let action = self.update(message, ctx);
                    self.refusal.keep(&action);
                    action
                }
                fn open_document(&self) -> Option<&dyn Document> {
                    self.document()
                }
            }

            impl From<super::$module::Message> for Message {
                fn from(m: super::$module::Message) -> Message {
                    Message::Game(GameMessage::$variant(m))
                }
            }
        )+

        impl Screen {
            /// A fresh screen (its setup form) for a new game of `kind`.
            pub fn new_game(kind: Kind, ctx: &Ctx) -> Screen {
                match kind {
                    $(Kind::$variant => Screen::$variant(Box::new(super::$module::State::new(ctx))),)+
                }
            }

            /// The saved game `id` of `kind`, read and validated, and the version read (the
            /// window writes only over it: `saving.rs`).
            pub fn open(
                id: String,
                kind: Kind,
                store: &Store,
                ctx: &Ctx,
            ) -> Result<(Screen, crate::store::OnDisk), StoreError> {
                Ok(match kind {
                    $(Kind::$variant => {
                        let (saved, on_disk) = store.load_versioned(&id)?;
                        (
                            Screen::$variant(Box::new(super::$module::State::open(
                                id.clone(),
                                saved,
                                ctx,
                            ))),
                            on_disk,
                        )
                    })+
                })
            }

            /// The game this screen belongs to (Ctrl+F filters the rules to it).
            pub fn game(&self) -> Option<Kind> {
                match self {
                    $(Screen::$variant(_) => Some(Kind::$variant),)+
                    Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) | Screen::Stats(_) => None,
                }
            }

            pub fn document(&self) -> Option<&dyn Document> {
                match self {
                    $(Screen::$variant(s) => s.document(),)+
                    Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) | Screen::Stats(_) => None,
                }
            }

            pub fn document_mut(&mut self) -> Option<&mut dyn Document> {
                match self {
                    $(Screen::$variant(s) => s.document_mut(),)+
                    Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) | Screen::Stats(_) => None,
                }
            }

            /// After undo/redo/jumps: screens drop caches and selections that may no longer
            /// hold.
            pub fn refresh(&mut self) {
                match self {
                    $(Screen::$variant(s) => {
                        s.refusal.clear();
                        s.refresh();
                    })+
                    Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) | Screen::Stats(_) => {}
                }
            }

            /// The game screen's refusal slot (`notice::Refusal`).
            pub fn refusal(&self) -> Option<&Refusal> {
                match self {
                    $(Screen::$variant(s) => Some(&s.refusal),)+
                    Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) | Screen::Stats(_) => None,
                }
            }

            /// Esc: closes the innermost thing open on this screen (a question, a selection,
            /// a dialog, an open rule). False when nothing was open: then Esc leaves the
            /// screen.
            pub fn escape(&mut self) -> bool {
                match self {
                    Screen::Home(s) => s.escape(),
                    Screen::Rules(s) => s.escape(),
                    Screen::Backups(s) => s.escape(),
                    Screen::Stats(s) => s.escape(),
                    $(Screen::$variant(s) => s.escape(),)+
                }
            }

            pub fn view<'a>(&'a self, ctx: &Ctx) -> Element<'a, Message> {
                match self {
                    Screen::Home(s) => s.view(ctx).map(Message::Home),
                    Screen::Rules(s) => s.view(ctx).map(Message::Rules),
                    Screen::Backups(s) => s.view(ctx).map(Message::Backups),
                    Screen::Stats(s) => s.view(ctx).map(Message::Stats),
                    $(Screen::$variant(s) => s.view(ctx).map(Message::from),)+
                }
            }

            /// The message a plain key stands for on this screen now (docs/table-ux.md 7), if any.
            pub fn key(&self, key: Keypress) -> Option<Message> {
                match self {
                    $(Screen::$variant(s) => Keyboard::key(&**s, key).map(Message::from),)+
                    Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) | Screen::Stats(_) => None,
                }
            }

            /// This screen's own keys, for the help overlay.
            pub fn keys(&self) -> &'static [(&'static str, &'static str)] {
                match self {
                    $(Screen::$variant(_) => <super::$module::State as Keyboard>::KEYS,)+
                    Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) | Screen::Stats(_) => &[],
                }
            }

            /// Hands a game's message to its screen if that screen is showing (a message for
            /// a screen already left is dropped); its action comes back in shell messages.
            /// The player acting again clears the screen's refusal; a new refusal goes to
            /// its slot, not to the notice line (`notice.rs`).
            pub fn update_game(&mut self, message: GameMessage, ctx: &Ctx) -> Option<Action<Message>> {
                match (self, message) {
                    $((Screen::$variant(s), GameMessage::$variant(m)) => {
                        s.refusal.clear();
                        let mut action = s.update(m, ctx);
                        s.refusal.keep(&action);
                        if s.refusal.text().is_some() {
                            action.notice = None;
                        }
                        Some(action.map(Message::from))
                    })+
                    _ => None,
                }
            }
        }
    };
}

impl Screen {
    /// An editor open on this screen with undo of its own: the top bar's Undo/Redo drive it
    /// while it is open (`document::Edits`, one pair on the screen).
    pub fn edits(&self) -> Option<&dyn Edits> {
        match self {
            Screen::Furtherance(s) => s.edits(),
            _ => None,
        }
    }

    pub fn edits_mut(&mut self) -> Option<&mut dyn Edits> {
        match self {
            Screen::Furtherance(s) => s.edits_mut(),
            _ => None,
        }
    }

    pub fn home(ctx: &Ctx) -> Screen {
        Screen::Home(Box::new(home::State::new(ctx)))
    }

    pub fn name(&self) -> &'static str {
        match self {
            Screen::Home(_) => "Home",
            Screen::Rules(_) => "Rules lookup",
            Screen::Backups(_) => "Backups",
            Screen::Stats(_) => "Statistics",
            other => other.game().map(Kind::title).unwrap_or("Tablemate"),
        }
    }

    pub fn is_home(&self) -> bool {
        matches!(self, Screen::Home(_))
    }
}

crate::for_each_game!(game_screens);
