//! A placeholder screen for a game whose screen is not built yet. It can still hold an open
//! save (so the history and undo work) and says plainly that the screen is coming.

use iced::widget::{column, container, text};
use iced::{Element, Fill};

use super::document::{Doc, Document};
use super::screen::{Action, Ctx};
use super::style;
use crate::doc::{GameDoc, Saved};

#[derive(Debug, Clone)]
pub enum Message {}

pub struct State<T> {
    doc: Option<Doc<T>>,
}

impl<T: GameDoc + Send + 'static> State<T> {
    pub fn new(_ctx: &Ctx) -> Self {
        State { doc: None }
    }

    pub fn open(id: String, saved: Saved<T>, _ctx: &Ctx) -> Self {
        State {
            doc: Some(Doc::new(id, saved)),
        }
    }

    pub fn update(&mut self, message: Message, _ctx: &Ctx) -> Action<Message> {
        match message {}
    }

    pub fn view(&self, _ctx: &Ctx) -> Element<'_, Message> {
        let mut col = column![
            text(format!("{} is coming soon", T::KIND.title())).size(style::HEADING),
            text("This screen is not built yet. Saves of this game are kept safe and listed on the home screen.")
                .size(style::BODY),
        ]
        .spacing(style::GAP);
        if let Some(doc) = &self.doc {
            col = col.push(text(doc.summary()).size(style::BODY).style(style::muted));
        }
        container(col).padding(30).width(Fill).into()
    }

    super::document::document_views!();

    pub fn refresh(&mut self) {}
}
