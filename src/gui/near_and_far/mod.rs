//! The Near and Far screen: the campaign list and new-campaign form, then for an open campaign
//! five tabs: the session (map, threat deck, bosses), quest lookup with a big number pad,
//! the character sheets, game-end scoring, and the journey-points chart. Every change is a
//! `near_and_far::Action` applied through `Saved::act` (one labelled history entry); the engine decides what the rules allow.

mod chart;
mod entry;
mod entry_form;
mod forms;
mod index_io;
mod ledger_view;
mod lookup;
mod lookup_view;
mod score_form;
mod scoring;
mod session;
mod setup;
mod sheet;
mod table;

use iced::widget::{Column, button, column, container, row, scrollable, text};
use iced::{Center, Element, Fill, Length};
use strum::VariantArray;

use super::document::Doc;
use super::screen::{Action, Ctx, Notice};
use super::style;
use super::widgets;
use crate::doc::{Kind, Saved};
use crate::near_and_far::campaign::{Action as CampaignAction, BoxCards};
use crate::near_and_far::index::{self, Loaded};
use crate::near_and_far::{Campaign, Facts};

pub use forms::{EntryForm, LookupPad, ScoreForm, SessionForm, SetupForm, SheetForm};

/// The scrollable holding the open tab (snapped to its top when a tab opens).
pub const BODY_ID: &str = "nf-tab-body";

/// The open campaign's tabs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, VariantArray)]
pub enum Tab {
    Session,
    Lookup,
    Sheets,
    Scoring,
    Chart,
}

impl Tab {
    /// Every tab, as declared: the tab bar's order.
    const ALL: &[Self] = Self::VARIANTS;

    fn label(self) -> &'static str {
        match self {
            Tab::Session => "Session & threats",
            Tab::Lookup => "Quest lookup",
            Tab::Sheets => "Character sheets",
            Tab::Scoring => "Scoring",
            Tab::Chart => "Journey chart",
        }
    }
}

#[derive(Debug, Clone)]
pub enum Message {
    /// A refusal's or a reminder's "Rule", clicked: the Rules screen at that entry
    /// (docs/rules.md, "Rule references").
    Rule(crate::rules::RuleRef),
    /// Campaign list and new campaign.
    Setup(setup::Msg),
    Tab(Tab),
    CloseCampaign,
    Session(session::Msg),
    Lookup(lookup::Msg),
    Sheet(sheet::Msg),
    Score(scoring::Msg),
    Chart(chart::Msg),
    /// Between sessions: late joiners, retiring, card points, settings.
    Table(table::Msg),
}

/// The screen's state. The larger parts are boxed: the shell keeps one screen enum.
pub struct State {
    /// The last refusal, shown next to the controls (`notice::Refusal`; the shell fills it).
    pub refusal: super::notice::Refusal,
    doc: Option<Doc<Campaign>>,
    facts: Box<Result<Facts, crate::datafile::DataFileError>>,
    index: Box<Loaded>,
    tab: Tab,
    /// Saved Near and Far campaigns (id, title, summary), for the list.
    campaigns: Vec<(String, String, String)>,
    setup: Box<SetupForm>,
    session: Box<SessionForm>,
    pad: Box<LookupPad>,
    entry: Option<Box<EntryForm>>,
    sheet: Box<SheetForm>,
    score: Option<Box<ScoreForm>>,
    /// The score sheet just written on the cards, shown on the Scoring tab until the next
    /// session starts (docs/near-and-far.md, "The screen").
    written: Option<Box<scoring::Written>>,
    /// The last refusal answers the sheet's Buy button: it shows beside it, not under the tabs.
    refusal_by_buy: bool,
    table: Box<table::TableForm>,
    running_total: bool,
    /// An index export waiting for "Replace file": the file already exists.
    replace_export: Option<std::path::PathBuf>,
    /// The last change to the player's index made here, and the file before it (for Undo).
    index_undo: Option<Box<(String, index::IndexFile)>>,
    /// An import whose entries differ from the player's, waiting for the player's choices.
    import_review: Option<Box<index_io::ImportReview>>,
    /// The typed path standing in for a file dialog that could not open: for an index export
    /// (true) or an import.
    typed_path: Option<Box<(bool, crate::gui::files::PathField)>>,
}

fn today() -> chrono::NaiveDate {
    chrono::Local::now().date_naive()
}

/// Reads the fact files and the storybook index through the store (user copies first).
fn load_data(ctx: &Ctx) -> (Result<Facts, crate::datafile::DataFileError>, Loaded) {
    let root = ctx.data_root();
    let facts = Facts::load(|p| crate::store::read_data(root, p));
    let loaded = index::load_with(
        |rel| crate::store::read_data_optional(root, rel),
        facts.as_ref().ok(),
    );
    (facts, loaded)
}

fn list_campaigns(ctx: &Ctx) -> Vec<(String, String, String)> {
    let Some(store) = ctx.store else {
        return Vec::new();
    };
    store
        .list()
        .into_iter()
        .filter_map(|l| match &l.status {
            crate::store::ListingStatus::Ok { kind, summary, .. } if *kind == Kind::NearAndFar => {
                let title = store
                    .load::<Campaign>(&l.id)
                    .map(|s| s.title)
                    .unwrap_or_else(|_| l.id.clone());
                Some((l.id.clone(), title, summary.clone()))
            }
            _ => None,
        })
        .collect()
}

impl State {
    pub fn new(ctx: &Ctx) -> Self {
        let (facts, index) = load_data(ctx);
        let setup = SetupForm::new(facts.as_ref().ok());
        State {
            refusal: Default::default(),
            doc: None,
            facts: Box::new(facts),
            index: Box::new(index),
            tab: Tab::Session,
            campaigns: list_campaigns(ctx),
            setup: Box::new(setup),
            session: Box::default(),
            pad: Box::default(),
            entry: None,
            sheet: Box::default(),
            score: None,
            written: None,
            refusal_by_buy: false,
            table: Box::default(),
            running_total: false,
            replace_export: None,
            index_undo: None,
            import_review: None,
            typed_path: None,
        }
    }

    pub fn open(id: String, saved: Saved<Campaign>, ctx: &Ctx) -> Self {
        let mut s = State::new(ctx);
        s.set_doc(Doc::new(id, saved));
        s
    }

    fn set_doc(&mut self, doc: Doc<Campaign>) {
        self.tab = if doc.state().current_session().is_some() {
            Tab::Lookup
        } else {
            Tab::Session
        };
        self.doc = Some(doc);
        self.refresh();
    }

    super::document::document_views!();

    /// Esc: the innermost open thing first: the "Replace file?" question, the entry being
    /// written (opened from a quest's choices), the score form, a sheet correction, and only
    /// then the quest choice picked in the lookup; false when none was open.
    pub fn escape(&mut self) -> bool {
        self.replace_export.take().is_some()
            || self.typed_path.take().is_some()
            || self.entry.take().is_some()
            || self.score.take().is_some()
            || self.sheet.correcting.take().is_some()
            || self.pad.choice.take().is_some()
    }

    /// After undo/redo: forms that name entries or sessions may be stale.
    pub fn refresh(&mut self) {
        let Some(c) = self.doc.as_ref().map(|d| d.state()) else {
            return;
        };
        *self.session = SessionForm::for_campaign(c, self.facts());
        self.sheet.correcting = None;
        self.pad.answer = None;
        self.pad.choice = None;
        if self.sheet.character >= c.sheets.len() {
            self.sheet.character = 0;
        }
        if self.pad.character >= c.sheets.len() {
            self.pad.character = 0;
        }
        if c.current_session().is_none() {
            self.score = None;
        }
    }

    fn facts(&self) -> Option<&Facts> {
        (*self.facts).as_ref().ok()
    }

    fn campaign(&self) -> Option<&Campaign> {
        self.doc.as_ref().map(|d| d.state())
    }

    /// Applies a campaign action through `Saved::act` (one labelled history entry); reports
    /// refusals and what happened. A save made before campaigns kept the box's cards gets them
    /// from the data files first, as its own history entry.
    fn act(&mut self, action: CampaignAction) -> Action<Message> {
        self.act_applied(action).1
    }

    /// `act`, also saying whether the action itself was recorded (a form is cleared only then;
    /// a refusal keeps what the player typed).
    fn act_applied(&mut self, action: CampaignAction) -> (bool, Action<Message>) {
        let (acted, a) = self.act_told(action);
        (acted.is_some(), a)
    }

    /// `act`, also handing back what the action reported (its history label and lines) when
    /// it was recorded, for a screen that shows it in place.
    fn act_told(&mut self, action: CampaignAction) -> (Option<crate::doc::Acted>, Action<Message>) {
        let facts = self.facts().cloned();
        let Some(doc) = self.doc.as_mut() else {
            return (None, Action::none());
        };
        if doc.state().cards.is_empty()
            && let Some(f) = &facts
            && let Err(e) = doc.saved.act(CampaignAction::RememberCards {
                cards: BoxCards::from_facts(f),
            })
        {
            return (None, Action::refused(&e));
        }
        match doc.saved.act(action) {
            Ok(acted) => {
                let a = Action::none();
                let a = if acted.lines.is_empty() {
                    a
                } else {
                    a.with_notice(Notice::info(acted.lines.join(" ")))
                };
                (Some(acted), a)
            }
            Err(e) => (None, Action::refused(&e)),
        }
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        self.refusal_by_buy = false;
        match message {
            Message::Rule(rule) => Action::open_rule(rule),
            Message::Setup(m) => self.update_setup(m, ctx),
            Message::Tab(t) => {
                self.tab = t;
                if t == Tab::Scoring && self.score.is_none() {
                    self.score = self.new_score_form().map(Box::new);
                }
                // docs/table-ux.md 2: a tab opens at its top, not at the old scroll position.
                let top = iced::widget::operation::snap_to(
                    BODY_ID,
                    iced::widget::operation::RelativeOffset::START,
                );
                let task = if t == Tab::Lookup {
                    top.chain(iced::widget::operation::focus(lookup::NUMBER_ID))
                } else {
                    top
                };
                Action::task(task)
            }
            Message::CloseCampaign => {
                self.doc = None;
                self.campaigns = list_campaigns(ctx);
                Action::none()
            }
            Message::Session(m) => self.update_session(m),
            Message::Lookup(m) => self.update_lookup(m, ctx),
            Message::Sheet(m) => self.update_sheet(m),
            Message::Score(m) => self.update_score(m),
            Message::Table(m) => self.update_table(m),
            Message::Chart(chart::Msg::RunningTotal(b)) => {
                self.running_total = b;
                Action::none()
            }
        }
    }

    pub fn view(&self, ctx: &Ctx) -> Element<'_, Message> {
        let Some(doc) = &self.doc else {
            return self.view_setup(ctx);
        };
        let c = doc.state();
        let mut tabs = row![].spacing(8);
        for &t in Tab::ALL {
            let b = button(text(t.label()).size(style::BODY))
                .padding([10, 18])
                .style(if t == self.tab {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::Tab(t));
            tabs = tabs.push(b);
        }
        // One row: the tabs, and the way back to the list with the campaign's summary under
        // it (the title is in the window's top bar), so at 1024×768 with large type the tab's
        // own controls (Look up, the choices, the outcome buttons) stay in view
        // (docs/table-ux.md 2).
        let back = column![
            widgets::secondary("All campaigns", Some(Message::CloseCampaign)),
            text(crate::doc::GameDoc::summary(c))
                .size(style::SMALL)
                .style(style::muted),
        ]
        .spacing(4)
        .align_x(iced::alignment::Horizontal::Right)
        .max_width(300);
        let head = row![container(tabs.wrap()).width(Fill), back]
            .spacing(style::GAP)
            .align_y(Center);
        let body: Element<'_, Message> = match self.tab {
            Tab::Session => self.view_session(c),
            Tab::Lookup => self.view_lookup(c),
            Tab::Sheets => self.view_sheet(c),
            Tab::Scoring => self.view_score(c),
            Tab::Chart => self.view_chart(c),
        };
        // A refusal shows in the line kept for it under the tabs, above the tab's controls,
        // and goes with the next click (notice.rs).
        let mut col = Column::new().spacing(style::GAP).push(column![
            head,
            // A refusal drawn beside its own button keeps this line's height, empty.
            if self.refusal_by_buy && self.tab == Tab::Sheets {
                container(text(""))
                    .height(Length::Fixed(super::notice::LINE))
                    .into()
            } else {
                self.refusal.line()
            }
        ]);
        if let Err(e) = &*self.facts {
            col = col.push(
                text(format!("Data files: {e}"))
                    .size(style::SMALL)
                    .style(style::danger_text),
            );
        }
        col = col.push(
            scrollable(container(body).padding(iced::Padding::ZERO.right(18)))
                .id(BODY_ID)
                .height(Fill),
        );
        self.with_replace_question(container(col).padding(20).width(Fill).height(Fill).into())
    }
}

/// A primary button with a label made at view time ("Defeated by Rin").
fn primary<'a>(label: impl Into<String>, on_press: Option<Message>) -> Element<'a, Message> {
    button(text(label.into()).size(style::BODY))
        .padding([8, 16])
        .style(style::primary)
        .on_press_maybe(on_press)
        .into()
}

/// A secondary button with a label made at view time.
fn secondary<'a>(label: impl Into<String>, on_press: Option<Message>) -> Element<'a, Message> {
    button(text(label.into()).size(style::BODY))
        .padding([8, 16])
        .style(style::secondary)
        .on_press_maybe(on_press)
        .into()
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_index;
#[cfg(test)]
mod tests_lookup_ux;
#[cfg(test)]
mod tests_table;

/// No keys of its own yet: the shell's (Ctrl+Z, Ctrl+F, Esc, F1) serve this screen.
impl super::screen::Keyboard for State {
    type Message = Message;
}

impl From<crate::rules::RuleRef> for Message {
    /// A "Rule" link beside a refusal (notice::Refusal::line) or a reminder.
    fn from(rule: crate::rules::RuleRef) -> Message {
        Message::Rule(rule)
    }
}
