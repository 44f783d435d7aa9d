//! Widgets shared by every screen: the history list, notices, headings, dialogs.

use chrono::{DateTime, Local, Utc};
use iced::widget::{
    Column, button, center, column, container, opaque, row, scrollable, space, text,
};
use iced::{Center, Element, Fill, Length};

use super::screen::Notice;
use super::style;

/// A seed typed in a setup form (Furtherance, Worldspanner): the number, or why it is not one.
/// The same seed gives the same shuffles and draws (docs/store.md).
pub fn typed_seed(typed: &str) -> Result<u64, NotASeed> {
    typed.trim().parse().map_err(|_| NotASeed)
}

/// A typed seed that is not a number a seed can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("The seed must be a whole number (0 to {}).", u64::MAX)]
pub struct NotASeed;

/// The first field of a form that is wrong, as the form labels it ("choice 1: next"), and
/// what is wrong with what was typed there. Shown as "field: problem".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {problem}")]
pub struct FieldError {
    pub field: String,
    pub problem: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, problem: impl ToString) -> Self {
        FieldError {
            field: field.into(),
            problem: problem.to_string(),
        }
    }
}

/// A friendly local time: "Sat 21 Nov 2026, 20:15".
pub fn when(at: DateTime<Utc>) -> String {
    at.with_timezone(&Local)
        .format("%a %-d %b %Y, %H:%M")
        .to_string()
}

/// A screen heading.
pub fn heading<'a, M: 'a>(label: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(label).size(style::HEADING).into()
}

/// An open game's page: its title with the one-line summary beside it (wrapping under it on a
/// narrow window), then the game's own body.
pub fn game_page<'a, M: 'a>(
    title: String,
    summary: String,
    body: impl Into<Element<'a, M>>,
) -> Element<'a, M> {
    column![
        row![
            heading(title),
            text(summary).size(style::SMALL).style(style::muted),
        ]
        .spacing(style::GAP)
        .align_y(Center)
        .wrap(),
        body.into(),
    ]
    .spacing(style::GAP)
    .padding(20)
    .into()
}

/// A full-width card around `content`: the panel every screen groups one block of a game in.
pub fn card<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
    padding: impl Into<iced::Padding>,
) -> iced::widget::Container<'a, M> {
    container(content)
        .padding(padding)
        .width(Fill)
        .style(style::card)
}

/// The "Rule" link beside a refusal or a reminder that cites a rules digest entry: it opens
/// the Rules screen at that entry (docs/rules.md, "Rule references"). Small, so it sits in a
/// line of small type without making it taller.
pub fn rule_link<'a, M: Clone + 'a>(on_rule: M) -> Element<'a, M> {
    button(text("Rule").size(style::SMALL))
        .padding([2, 8])
        .style(style::secondary)
        .on_press(on_rule)
        .into()
}

/// `line` with the "Rule" link at its right when `rule` names an entry; `line` alone else.
pub fn cited<'a, M: Clone + 'a>(
    line: impl Into<Element<'a, M>>,
    rule: Option<crate::rules::RuleRef>,
    on_rule: impl Fn(crate::rules::RuleRef) -> M,
) -> Element<'a, M> {
    match rule {
        Some(r) => iced::widget::row![line.into(), rule_link(on_rule(r))]
            .spacing(8)
            .align_y(iced::Center)
            .into(),
        None => line.into(),
    }
}

/// A button with the app's primary look.
pub fn primary<'a, M: Clone + 'a>(label: &'a str, on_press: Option<M>) -> Element<'a, M> {
    button(text(label).size(style::BODY))
        .padding([8, 16])
        .style(style::primary)
        .on_press_maybe(on_press)
        .into()
}

/// A button with the secondary look.
pub fn secondary<'a, M: Clone + 'a>(label: &'a str, on_press: Option<M>) -> Element<'a, M> {
    secondary_padded(label, on_press, [8, 16])
}

/// A secondary button with its own padding (the top bar's, closer-fitting in narrow windows).
pub fn secondary_padded<'a, M: Clone + 'a>(
    label: &'a str,
    on_press: Option<M>,
    padding: [u16; 2],
) -> Element<'a, M> {
    button(text(label).size(style::BODY))
        .padding(padding)
        .style(style::secondary)
        .on_press_maybe(on_press)
        .into()
}

/// A button that destroys something (Delete): the size of its neighbours, red.
pub fn danger<'a, M: Clone + 'a>(label: &'a str, on_press: Option<M>) -> Element<'a, M> {
    button(text(label).size(style::BODY))
        .padding([8, 16])
        .style(style::danger)
        .on_press_maybe(on_press)
        .into()
}

/// `control` with its key shown on hover ("Key: N"), the way the help overlay lists it
/// (docs/table-ux.md 7).
pub fn keyed<'a, M: 'a>(control: impl Into<Element<'a, M>>, key: &'a str) -> Element<'a, M> {
    iced::widget::tooltip(
        control,
        container(text(format!("Key: {key}")).size(style::SMALL))
            .padding(6)
            .style(style::card),
        iced::widget::tooltip::Position::Bottom,
    )
    .into()
}

/// The labelled history of a game: every entry clickable, the current one highlighted.
pub fn history_panel<'a, M: Clone + 'a>(
    entries: &[(String, DateTime<Utc>)],
    cursor: usize,
    on_goto: impl Fn(usize) -> M,
) -> Element<'a, M> {
    let mut list = Column::new().spacing(2);
    for (i, (label, at)) in entries.iter().enumerate().rev() {
        let marker = if i == cursor {
            "▶"
        } else if i > cursor {
            "↷"
        } else {
            " "
        };
        let line = row![
            text(marker).size(style::BODY).width(Length::Fixed(22.0)),
            column![
                text(label.clone()).size(style::BODY),
                text(at.with_timezone(&Local).format("%H:%M:%S").to_string())
                    .size(style::SMALL)
                    .style(style::muted),
            ]
        ]
        .spacing(4);
        let entry: Element<'a, M> = if i == cursor {
            container(line)
                .padding([4, 8])
                .width(Fill)
                .style(style::selected)
                .into()
        } else {
            button(line)
                .padding([4, 8])
                .width(Fill)
                .style(style::row_button)
                .on_press(on_goto(i))
                .into()
        };
        list = list.push(entry);
    }
    column![
        text("History").size(style::HEADING),
        text("Click any entry to return to it. ↷ = can be redone.")
            .size(style::SMALL)
            .style(style::muted),
        scrollable(list).height(Fill),
    ]
    .spacing(8)
    .into()
}

/// One notice banner with a dismiss button and an optional extra action ("Undo").
pub fn notice<'a, M: Clone + 'a>(
    n: &'a Notice,
    dismiss: M,
    extra: Option<(&'a str, M)>,
) -> Element<'a, M> {
    let mut line = row![text(&n.text).size(style::BODY).width(Fill)]
        .spacing(style::GAP)
        .align_y(Center);
    if let Some((label, msg)) = extra {
        line = line.push(
            button(text(label).size(style::BODY))
                .style(style::primary)
                .on_press(msg),
        );
    }
    line = line.push(
        button(text("Dismiss").size(style::SMALL))
            .style(style::secondary)
            .on_press(dismiss),
    );
    container(line)
        .padding(10)
        .width(Fill)
        .style(if n.error {
            style::error_banner
        } else {
            style::info_banner
        })
        .into()
}

/// A modal dialog over `base`: the screen behind is dimmed and does not take clicks.
pub fn modal<'a, M: Clone + 'a>(base: Element<'a, M>, dialog: Element<'a, M>) -> Element<'a, M> {
    iced::widget::stack![
        base,
        opaque(
            center(
                container(dialog)
                    .padding(24)
                    .max_width(720)
                    .style(style::dialog)
            )
            .style(style::scrim)
        )
    ]
    .into()
}

/// A yes/no question as dialog content.
pub fn confirm<'a, M: Clone + 'a>(
    question: String,
    yes: &'a str,
    on_yes: M,
    on_no: M,
) -> Element<'a, M> {
    column![
        text(question).size(style::BODY),
        cancel_and(yes, style::danger, on_yes, on_no),
    ]
    .spacing(20)
    .into()
}

/// A dialog's closing row, at its right: Cancel, then the button that goes ahead (`go`, drawn
/// with `look`).
pub fn cancel_and<'a, M: Clone + 'a>(
    go: &'a str,
    look: fn(&iced::Theme, button::Status) -> button::Style,
    on_go: M,
    on_cancel: M,
) -> Element<'a, M> {
    row![
        space::horizontal(),
        button(text("Cancel").size(style::BODY))
            .padding([8, 16])
            .style(style::secondary)
            .on_press(on_cancel),
        button(text(go).size(style::BODY))
            .padding([8, 16])
            .style(look)
            .on_press(on_go),
    ]
    .spacing(style::GAP)
    .into()
}

/// A title kept to one line whose whole shows on hover, for a row where it may not fit.
pub fn hover_title<'a, M: 'a>(title: String, size: f32) -> Element<'a, M> {
    iced::widget::tooltip(
        text(title.clone())
            .size(size)
            .wrapping(iced::widget::text::Wrapping::None),
        container(text(title).size(style::BODY))
            .padding(8)
            .max_width(520)
            .style(style::card),
        iced::widget::tooltip::Position::Bottom,
    )
    .into()
}

/// A screen's title beside its buttons: it takes the room the buttons leave and is cut at its
/// edge, so a long save title never pushes them off or covers them (docs/table-ux.md); hovering
/// it shows the whole.
pub fn fitted_title<'a, M: 'a>(title: String) -> Element<'a, M> {
    container(hover_title(title, style::TITLE))
        .width(Fill)
        .clip(true)
        .into()
}

/// A time to the second, in the player's local time: what a backup row shows, so two
/// versions saved in one minute are told apart.
pub fn when_exact(at: DateTime<Utc>) -> String {
    at.with_timezone(&Local)
        .format("%a %-d %b %Y, %H:%M:%S")
        .to_string()
}

/// A file size in the player's words: "820 bytes", "14.2 KB", "1.3 MB".
pub fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1000 => format!("{b} bytes"),
        b if b < 1_000_000 => format!("{:.1} KB", b as f64 / 1000.0),
        b => format!("{:.1} MB", b as f64 / 1_000_000.0),
    }
}

/// The id of the title field of a Rename dialog (Home's and the top bar's).
pub const RENAME_ID: &str = "rename-title";

/// Puts the cursor in the Rename dialog's title field.
pub fn focus_rename<M: Send + 'static>() -> iced::Task<M> {
    iced::widget::operation::focus(RENAME_ID)
}

/// The Rename dialog: what it renames, the title field (Enter saves), why the typed title
/// was refused, and Cancel / Rename.
pub fn rename_dialog<'a, M: Clone + 'a>(
    what: String,
    typed: &'a str,
    refused: Option<&'a str>,
    on_input: impl Fn(String) -> M + 'a,
    on_save: M,
    on_cancel: M,
) -> Element<'a, M> {
    column![
        text(format!("Rename {what}")).size(style::BODY),
        iced::widget::text_input("A title for this save", typed)
            .id(RENAME_ID)
            .on_input(on_input)
            .on_submit(on_save.clone())
            .size(style::BODY)
            .padding(8),
        text(refused.unwrap_or(""))
            .size(style::SMALL)
            .style(style::danger_text),
        cancel_and("Save title", style::primary, on_save, on_cancel),
    ]
    .spacing(12)
    .width(Length::Fixed(460.0))
    .into()
}
