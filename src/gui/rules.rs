//! The rules lookup screen: typo-tolerant search over every game's digest, results grouped by
//! game, an entry opened in large type. Ctrl+F from a game opens it filtered to that game; a
//! refusal's "See the rule" opens it at the entry cited. An open entry offers the player's own
//! rulebook at its page (`rulebook.rs`), registered here per game.

use std::collections::BTreeMap;
use std::path::PathBuf;

use iced::widget::{
    Column, button, column, container, pick_list, row, scrollable, text, text_input,
};
use iced::{Center, Element, Fill, Task};

use super::screen::{Action, Ctx};
use super::style;
use super::widgets;
use crate::doc::Kind;
use crate::rules::{self, Library};

/// The search box's widget id (focused when the screen opens).
pub const SEARCH_ID: &str = "rules-search";
/// The "your own rulebook" path field of an open entry.
pub const BOOK_ID: &str = "rules-rulebook";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameFilter(pub Option<Kind>);

impl GameFilter {
    fn all() -> Vec<GameFilter> {
        std::iter::once(GameFilter(None))
            .chain(Kind::ALL.into_iter().map(|k| GameFilter(Some(k))))
            .collect()
    }
}

impl std::fmt::Display for GameFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            None => f.write_str("All games"),
            Some(k) => f.write_str(k.title()),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Query(String),
    Filter(GameFilter),
    Open(Kind, String),
    Close,
    /// The typed path of the player's own rulebook for the open entry's game.
    BookTyped(String),
    /// Register the typed path for this game (the shell checks it and keeps it in
    /// `settings.json`).
    SaveBook(Kind),
    /// Forget this game's rulebook.
    ForgetBook(Kind),
    /// Open this game's rulebook, at this page where the entry gives one.
    OpenBook(Kind, Option<u32>),
    /// How the opener exited for the rulebook at this path and page (it is waited on).
    BookOpened(
        PathBuf,
        Option<u32>,
        Result<String, crate::print::OpenError>,
    ),
}

pub struct State {
    library: Library,
    problems: Vec<crate::datafile::DataFileError>,
    query: String,
    filter: GameFilter,
    open: Option<(Kind, String)>,
    /// The players' own rulebooks by game slug, as `settings.json` holds them.
    rulebooks: BTreeMap<String, PathBuf>,
    book_typed: String,
    /// What registering a rulebook last said (ok, words), under its field.
    book_said: Option<(bool, String)>,
    /// What opening it last said, under its button.
    book_opened: Option<(bool, String)>,
    /// The program that opens a rulebook (the system's, or `TABLEMATE_OPENER`'s).
    opener: crate::print::Opener,
}

impl State {
    pub fn new(ctx: &Ctx, game: Option<Kind>) -> Self {
        let (library, problems) = crate::store::rules_library(ctx.data_root());
        State {
            library,
            problems,
            query: String::new(),
            filter: GameFilter(game),
            open: None,
            rulebooks: BTreeMap::new(),
            book_typed: String::new(),
            book_said: None,
            book_opened: None,
            opener: crate::print::Opener::here(),
        }
    }

    /// The program that opens the player's rulebook (the shell's, which tests replace).
    pub fn with_opener(mut self, opener: crate::print::Opener) -> Self {
        self.opener = opener;
        self
    }

    /// The players' own rulebooks, from the settings.
    pub fn with_rulebooks(mut self, books: BTreeMap<String, PathBuf>) -> Self {
        self.rulebooks = books;
        self
    }

    /// The rulebooks after the shell changed them, and what to say about it.
    pub fn set_rulebooks(&mut self, books: BTreeMap<String, PathBuf>, said: String) {
        self.rulebooks = books;
        self.book_typed.clear();
        self.book_said = Some((true, said));
    }

    /// The typed rulebook path was refused: why.
    pub fn book_refused(&mut self, why: String) {
        self.book_said = Some((false, why));
    }

    pub fn book_typed(&self) -> &str {
        &self.book_typed
    }

    /// Shows the entry `id` of `game` (a refusal's or a "Why?" line's rule).
    pub fn open_entry(&mut self, game: Kind, id: &str) {
        self.filter = GameFilter(Some(game));
        self.open = Some((game, id.to_string()));
        self.book_said = None;
        self.book_opened = None;
    }

    /// Focus the search box (on opening and on Ctrl+F).
    pub fn focus<M: Send + 'static>() -> Task<M> {
        iced::widget::operation::focus(SEARCH_ID)
    }

    pub fn set_filter(&mut self, game: Option<Kind>) {
        self.filter = GameFilter(game);
        self.open = None;
    }

    /// Esc: closes the open entry; false if none was open.
    pub fn escape(&mut self) -> bool {
        self.open.take().is_some()
    }

    pub fn update(&mut self, message: Message, _ctx: &Ctx) -> Action<Message> {
        match message {
            Message::Query(q) => {
                self.query = q;
                self.open = None;
            }
            Message::Filter(f) => self.set_filter(f.0),
            Message::Open(game, id) => self.open_entry(game, &id),
            Message::Close => self.open = None,
            Message::BookTyped(t) => self.book_typed = t,
            Message::OpenBook(game, page) => {
                if let Some(path) = self.rulebooks.get(game.as_str()) {
                    // Said under the button now, and again if the opener fails.
                    let (said, task) = super::rulebook::open(&self.opener, path, page);
                    self.book_opened = Some((true, said));
                    return Action::task(task);
                }
            }
            Message::BookOpened(path, page, how) => {
                if let Err(why) = how {
                    self.book_opened = Some((
                        false,
                        super::rulebook::failed(&path, page, &why.to_string()),
                    ));
                }
            }
            // The shell keeps the settings: it takes these before they reach the screen.
            Message::SaveBook(_) | Message::ForgetBook(_) => {}
        }
        Action::none()
    }

    pub fn view(&self, _ctx: &Ctx) -> Element<'_, Message> {
        if let Some((game, id)) = &self.open
            && let Some((digest, entry)) = self.library.entry(*game, id)
        {
            let tags = if entry.tags.is_empty() {
                String::new()
            } else {
                format!("Tags: {}", entry.tags.join(", "))
            };
            let entry_view = container(
                column![
                    widgets::secondary("← Back to results", Some(Message::Close)),
                    text(&entry.title).size(style::TITLE),
                    text(format!("{} · rulebook: {}", digest.game_title, entry.page))
                        .size(style::BODY)
                        .style(style::muted),
                    self.open_book_view(*game, &entry.page),
                    text(&entry.summary).size(style::READING),
                    text(tags).size(style::SMALL).style(style::muted),
                    text(format!("Source: {}", digest.source))
                        .size(style::SMALL)
                        .style(style::muted),
                    self.register_book_view(*game, &digest.game_title),
                ]
                .spacing(16)
                .max_width(900),
            )
            .padding(30);
            // Large type on a small screen: the registering field may sit below the fold.
            return scrollable(entry_view).height(Fill).into();
        }

        let search = row![
            text_input("Search the rules…", &self.query)
                .id(SEARCH_ID)
                .on_input(Message::Query)
                .size(style::HEADING)
                .padding(10)
                .width(Fill),
            pick_list(GameFilter::all(), Some(self.filter), Message::Filter)
                .text_size(style::BODY)
                .padding(10),
        ]
        .spacing(style::GAP)
        .align_y(Center);

        let groups = rules::search(&self.library, &self.query, self.filter.0);
        let mut results = Column::new().spacing(style::GAP);
        if groups.is_empty() {
            results = results.push(
                text(format!("Nothing found for “{}”.", self.query))
                    .size(style::BODY)
                    .style(style::muted),
            );
        }
        for group in groups {
            results = results.push(widgets::heading(format!(
                "{} ({})",
                group.game_title,
                group.hits.len()
            )));
            for hit in group.hits {
                let snippet: String = hit.entry.summary.chars().take(160).collect();
                let more = if hit.entry.summary.chars().count() > 160 {
                    "…"
                } else {
                    ""
                };
                results = results.push(
                    button(
                        column![
                            row![
                                text(&hit.entry.title).size(style::BODY).width(Fill),
                                text(&hit.entry.page).size(style::SMALL).style(style::muted),
                            ]
                            .spacing(8),
                            text(format!("{snippet}{more}"))
                                .size(style::SMALL)
                                .style(style::muted),
                        ]
                        .spacing(2),
                    )
                    .width(Fill)
                    .padding(8)
                    .style(style::row_button)
                    .on_press(Message::Open(group.game, hit.entry.id.clone())),
                );
            }
        }
        let mut col = column![search].spacing(style::GAP);
        for p in &self.problems {
            col = col.push(
                text(p.to_string())
                    .size(style::SMALL)
                    .style(style::danger_text),
            );
        }
        col = col.push(
            scrollable(container(results).padding(iced::Padding::ZERO.right(18))).height(Fill),
        );
        container(col).padding(24).into()
    }
}

impl State {
    /// "Open my rulebook at p. N" where this game has one, right under the page it names
    /// (in view on the smallest table screen), and what opening it said.
    fn open_book_view<'a>(&'a self, game: Kind, page: &str) -> Element<'a, Message> {
        let mut col = column![].spacing(8);
        if let Some(path) = self.rulebooks.get(game.as_str()) {
            let n = rules::first_page(page);
            let label = match n {
                Some(n) => format!("Open my rulebook at p. {n}"),
                None => "Open my rulebook".to_string(),
            };
            col = col.push(
                row![
                    button(text(label).size(style::BODY))
                        .padding([8, 16])
                        .style(style::primary)
                        .on_press(Message::OpenBook(game, n)),
                    text(path.display().to_string())
                        .size(style::SMALL)
                        .style(style::muted),
                ]
                .spacing(style::GAP)
                .align_y(Center),
            );
        }
        if let Some((ok, said)) = &self.book_opened {
            col = col.push(text(said.as_str()).size(style::SMALL).style(if *ok {
                style::muted
            } else {
                style::danger_text
            }));
        }
        col.into()
    }

    /// The field to register (or change, or forget) this game's own rulebook.
    fn register_book_view<'a>(&'a self, game: Kind, title: &str) -> Element<'a, Message> {
        let book = self.rulebooks.get(game.as_str());
        let placeholder = format!("Path of your own {title} rulebook (PDF)");
        let mut field = row![
            text_input(&placeholder, &self.book_typed)
                .id(BOOK_ID)
                .on_input(Message::BookTyped)
                .on_submit(Message::SaveBook(game))
                .size(style::BODY)
                .padding(8)
                .width(Fill),
            widgets::secondary("Use this rulebook", Some(Message::SaveBook(game))),
        ]
        .spacing(style::GAP)
        .align_y(Center);
        if book.is_some() {
            field = field.push(widgets::secondary(
                "Forget it",
                Some(Message::ForgetBook(game)),
            ));
        }
        let mut col = column![field].spacing(8);
        if let Some((ok, said)) = &self.book_said {
            col = col.push(text(said.as_str()).size(style::SMALL).style(if *ok {
                style::muted
            } else {
                style::danger_text
            }));
        }
        col.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::testing::{
        self, CTX, ScreenUnderTest, assert_tab_follows_reading_order, in_view, table_sizes,
    };

    impl ScreenUnderTest for State {
        type Message = Message;
        fn draw(&self, ctx: &Ctx) -> Element<'_, Message> {
            self.view(ctx)
        }
        fn apply(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
            self.update(message, ctx)
        }
        fn open_document(&self) -> Option<&dyn crate::gui::document::Document> {
            None
        }
    }

    /// The Near and Far quest entry (pages 21-23, one of the longest summaries), with a
    /// rulebook registered for the game.
    fn quests_with_a_rulebook() -> State {
        let books = BTreeMap::from([(
            "near-and-far".to_string(),
            PathBuf::from("/books/Near and Far.pdf"),
        )]);
        let mut s = State::new(&CTX, None).with_rulebooks(books);
        s.open_entry(Kind::NearAndFar, "quests");
        s
    }

    #[test]
    fn an_entry_offers_my_rulebook_at_its_page_in_view_at_every_table_size() {
        let s = quests_with_a_rulebook();
        for (size, ctx) in table_sizes() {
            let size = if ctx.large_type {
                size
            } else {
                (size.0, size.1 - 60.0)
            };
            assert!(
                in_view(&s, size, "Open my rulebook at p. 21").is_some(),
                "Open my rulebook is not whole in view at {size:?}"
            );
            // Registering is below the summary: in view on a laptop, a scroll away with
            // large type at 1024x768.
            let mut ui = testing::simulator_sized(size, s.draw(&ctx));
            assert!(ui.find("Use this rulebook").is_ok());
            assert!(ui.find("Forget it").is_ok());
            assert_tab_follows_reading_order(&s, &ctx, size, "a rules entry");
        }
        assert!(in_view(&s, (1366.0, 640.0), "Use this rulebook").is_some());
    }

    /// Issue 36: the opener is waited on. A fake opener that fails (`false`, as
    /// `TABLEMATE_OPENER=false` names it) is said right under the button, with why and the
    /// path and page to open by hand.
    #[cfg(unix)]
    #[test]
    fn a_rulebook_opener_that_fails_is_said_under_the_button_with_the_path_and_page() {
        use crate::print::Opener;
        let fake = Opener::Program("false".into());
        let mut s = quests_with_a_rulebook().with_opener(fake.clone());
        let clicked = testing::click_on(&mut s, &CTX, (1366.0, 900.0), "Open my rulebook at p. 21")
            .expect("the button is there");
        assert!(
            clicked.task.is_some(),
            "the opener is started off the window's thread"
        );
        assert!(testing::shows(
            &s,
            900.0,
            "Opening /books/Near and Far.pdf at page 21."
        ));
        // What the task gives back: the opener run on the same URL, and its answer.
        let path = PathBuf::from("/books/Near and Far.pdf");
        let how = fake.open_waiting(std::ffi::OsStr::new(&super::super::rulebook::url(
            &path,
            Some(21),
        )));
        s.update(Message::BookOpened(path, Some(21), how), &CTX);
        let said = "Your rulebook did not open (false failed with exit status 1): open \
                    /books/Near and Far.pdf at page 21 yourself.";
        let (button, line) = {
            let mut ui = testing::simulator_sized((1366.0, 900.0), s.draw(&CTX));
            let button = ui.find("Open my rulebook at p. 21").map(|t| t.bounds());
            let line = ui.find(said).map(|t| t.bounds());
            (button, line)
        };
        let (button, line) = (
            button.expect("the button"),
            line.expect("the failure is said"),
        );
        assert!(
            line.y >= button.y + button.height && line.y - (button.y + button.height) < 60.0,
            "said right under the button: {line:?} {button:?}"
        );
    }

    #[test]
    fn a_game_without_a_rulebook_offers_only_to_register_one() {
        let mut s = quests_with_a_rulebook();
        s.open_entry(Kind::Army, "movement");
        assert!(!testing::shows(&s, 800.0, "Open my rulebook"));
        assert!(testing::shows(&s, 800.0, "Use this rulebook"));
    }
}
