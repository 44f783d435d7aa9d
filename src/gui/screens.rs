//! What is on screen: one boxed state per screen, and what the shell may ask of any of them
//! (its game, its open document, Esc, drawing) without knowing which one it is.

use iced::Element;

use super::document::Document;
use super::screen::Ctx;
use super::shell::Message;
use super::{army, backups, furnace_duel, furtherance, home, near_and_far, rules, worldspanner};
use crate::doc::Kind;
use crate::store::{Store, StoreError};

/// What is on screen.
pub enum Screen {
    Home(Box<home::State>),
    Rules(Box<rules::State>),
    Backups(Box<backups::State>),
    Furtherance(Box<furtherance::State>),
    Worldspanner(Box<worldspanner::State>),
    NearAndFar(Box<near_and_far::State>),
    FurnaceDuel(Box<furnace_duel::State>),
    Army(Box<army::State>),
}

/// Runs `$body` with `$s` bound to the game screen's state, or yields `$other` for the
/// shell's own screens.
macro_rules! on_game {
    ($screen:expr, $s:ident => $body:expr, _ => $other:expr) => {
        match $screen {
            Screen::Furtherance($s) => $body,
            Screen::Worldspanner($s) => $body,
            Screen::NearAndFar($s) => $body,
            Screen::FurnaceDuel($s) => $body,
            Screen::Army($s) => $body,
            Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) => $other,
        }
    };
}

impl Screen {
    pub fn home(ctx: &Ctx) -> Screen {
        Screen::Home(Box::new(home::State::new(ctx)))
    }

    /// A fresh screen (its setup form) for a new game of `kind`.
    pub fn new_game(kind: Kind, ctx: &Ctx) -> Screen {
        match kind {
            Kind::Furtherance => Screen::Furtherance(Box::new(furtherance::State::new(ctx))),
            Kind::Worldspanner => Screen::Worldspanner(Box::new(worldspanner::State::new(ctx))),
            Kind::NearAndFar => Screen::NearAndFar(Box::new(near_and_far::State::new(ctx))),
            Kind::FurnaceDuel => Screen::FurnaceDuel(Box::new(furnace_duel::State::new(ctx))),
            Kind::Army => Screen::Army(Box::new(army::State::new(ctx))),
        }
    }

    /// The saved game `id` of `kind`, read and validated.
    pub fn open(id: String, kind: Kind, store: &Store, ctx: &Ctx) -> Result<Screen, StoreError> {
        Ok(match kind {
            Kind::Furtherance => Screen::Furtherance(Box::new(furtherance::State::open(
                id.clone(),
                store.load(&id)?,
                ctx,
            ))),
            Kind::Worldspanner => Screen::Worldspanner(Box::new(worldspanner::State::open(
                id.clone(),
                store.load(&id)?,
                ctx,
            ))),
            Kind::NearAndFar => Screen::NearAndFar(Box::new(near_and_far::State::open(
                id.clone(),
                store.load(&id)?,
                ctx,
            ))),
            Kind::FurnaceDuel => Screen::FurnaceDuel(Box::new(furnace_duel::State::open(
                id.clone(),
                store.load(&id)?,
                ctx,
            ))),
            Kind::Army => Screen::Army(Box::new(army::State::open(
                id.clone(),
                store.load(&id)?,
                ctx,
            ))),
        })
    }

    /// The game this screen belongs to (Ctrl+F filters the rules to it).
    pub fn game(&self) -> Option<Kind> {
        match self {
            Screen::Furtherance(_) => Some(Kind::Furtherance),
            Screen::Worldspanner(_) => Some(Kind::Worldspanner),
            Screen::NearAndFar(_) => Some(Kind::NearAndFar),
            Screen::FurnaceDuel(_) => Some(Kind::FurnaceDuel),
            Screen::Army(_) => Some(Kind::Army),
            Screen::Home(_) | Screen::Rules(_) | Screen::Backups(_) => None,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Screen::Home(_) => "Home",
            Screen::Rules(_) => "Rules lookup",
            Screen::Backups(_) => "Backups",
            other => other.game().map(Kind::title).unwrap_or("Tablemate"),
        }
    }

    pub fn is_home(&self) -> bool {
        matches!(self, Screen::Home(_))
    }

    pub fn document(&self) -> Option<&dyn Document> {
        on_game!(self, s => s.document(), _ => None)
    }

    pub fn document_mut(&mut self) -> Option<&mut dyn Document> {
        on_game!(self, s => s.document_mut(), _ => None)
    }

    /// After undo/redo/jumps: screens drop caches and selections that may no longer hold.
    pub fn refresh(&mut self) {
        on_game!(self, s => s.refresh(), _ => ())
    }

    /// Esc: closes the innermost thing open on this screen (a question, a selection, a
    /// dialog, an open rule). False when nothing was open: then Esc leaves the screen.
    pub fn escape(&mut self) -> bool {
        match self {
            Screen::Home(s) => s.escape(),
            Screen::Rules(s) => s.escape(),
            Screen::Backups(_) => false,
            Screen::Furtherance(s) => s.escape(),
            Screen::Worldspanner(s) => s.escape(),
            Screen::NearAndFar(s) => s.escape(),
            Screen::FurnaceDuel(s) => s.escape(),
            Screen::Army(s) => s.escape(),
        }
    }

    pub fn view<'a>(&'a self, ctx: &Ctx) -> Element<'a, Message> {
        match self {
            Screen::Home(s) => s.view(ctx).map(Message::Home),
            Screen::Rules(s) => s.view(ctx).map(Message::Rules),
            Screen::Backups(s) => s.view(ctx).map(Message::Backups),
            Screen::Furtherance(s) => s.view(ctx).map(Message::Furtherance),
            Screen::Worldspanner(s) => s.view(ctx).map(Message::Worldspanner),
            Screen::NearAndFar(s) => s.view(ctx).map(Message::NearAndFar),
            Screen::FurnaceDuel(s) => s.view(ctx).map(Message::FurnaceDuel),
            Screen::Army(s) => s.view(ctx).map(Message::Army),
        }
    }
}
