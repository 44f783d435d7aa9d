//! Notices that never cover anything (docs/table-ux.md 9): one design for every screen.
//!
//! - **A refusal** (a screen's `Action::error`) is not a floating notice. The shell keeps it in
//!   the screen's [`Refusal`] slot (`refusal` field of every game screen's `State`), and the
//!   screen draws [`Refusal::line`] in a line it reserves next to the controls that can be
//!   refused (so the answer is where the eye is and nothing moves when it comes or goes). The
//!   slot is emptied when the player acts again (the next message to the screen) and when the
//!   game changes under it (undo, redo, a jump in history: `refresh`). A screen that does not
//!   draw its slot still shows the refusal: the shell puts it in the notice line (below).
//! - **What the table must act on** (quest tokens to place, ...) is part of the panel it belongs
//!   to, drawn from the game's state; never a notice.
//! - **What is left as a notice** (an import done, a delete with its Undo, a save that failed)
//!   shows in the window's notice line ([`line`]), a strip at the foot of the window that is
//!   always there, so it covers nothing and pushes nothing. The same text is never shown
//!   twice, and a notice goes by itself after [`TIMEOUT`] unless it needs a decision (it offers
//!   Undo) or is `lasting` (nothing will be saved).

use std::cell::Cell;
use std::time::{Duration, Instant};

use iced::widget::{button, container, row, text, tooltip};
use iced::{Center, Element, Fill, Length, Task};

use super::screen::{Action, Notice};
use super::style;

/// How long a notice that needs no decision stays up.
pub const TIMEOUT: Duration = Duration::from_secs(8);

/// The height of a refusal's reserved line, in logical pixels: two lines of small type (a
/// longer refusal is cut, the whole of it on hover).
pub const LINE: f32 = 40.0;

/// The height of the notice line at the foot of the window: two lines of small type beside its
/// buttons (a longer notice, such as a full disk's with its way out, wraps instead of running
/// under Dismiss; the whole of it on hover).
pub const FOOT: f32 = 40.0;

/// A screen's last refusal: what the player tried and why the rules say no. Empty most of the
/// time; its line keeps its height either way.
#[derive(Debug, Default, Clone)]
pub struct Refusal {
    text: Option<String>,
    /// The rules digest entry the refusal cites, if any (the notice line's "See the rule").
    rule: Option<crate::rules::RuleRef>,
    /// Whether the screen drew the slot in its last frame (else the shell shows the text).
    drawn: Cell<bool>,
}

impl Refusal {
    pub fn set(&mut self, text: impl Into<String>) {
        self.text = Some(text.into());
        self.rule = None;
    }

    /// A refusal the screen shows in a place of its own (beside the refused control), kept
    /// here for the rule it cites: the foot line offers "See the rule" and, once the screen
    /// has called [`Refusal::shown`], does not repeat the text.
    pub fn set_cited(&mut self, text: impl Into<String>, rule: Option<crate::rules::RuleRef>) {
        self.text = Some(text.into());
        self.rule = rule;
    }

    pub fn clear(&mut self) {
        self.text = None;
        self.rule = None;
    }

    /// The rules digest entry the refusal shown cites.
    pub fn rule(&self) -> Option<crate::rules::RuleRef> {
        self.text.as_ref().and(self.rule)
    }

    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// Keeps the refusal `action` carries (an error notice), if any. The shell calls it after
    /// every update of a game screen, having cleared the slot before.
    pub fn keep<M>(&mut self, action: &Action<M>) {
        if let Some(n) = action
            .notice
            .as_ref()
            .filter(|n| n.error && n.undo.is_none())
        {
            self.set(n.text.clone());
            self.rule = n.rule;
        }
    }

    /// The reserved line: the refusal in the danger colour, or nothing, at the same height,
    /// with the "Rule" link at its right end when the refusal cites a digest entry (the
    /// answer and its rule where the eye is; the foot line then does not offer it again).
    /// Put it right below (or beside) the controls it answers for.
    pub fn line<'a, M: Clone + From<crate::rules::RuleRef> + 'a>(&'a self) -> Element<'a, M> {
        self.line_sized(Fill)
    }

    /// [`Refusal::line`] of a given width (`Fill` would widen a panel that shrinks to fit).
    pub fn line_sized<'a, M: Clone + From<crate::rules::RuleRef> + 'a>(
        &'a self,
        width: impl Into<Length>,
    ) -> Element<'a, M> {
        self.drawn.set(true);
        let body: Element<'a, M> = match &self.text {
            Some(t) => tooltip(
                text(t.as_str())
                    .size(style::SMALL)
                    .style(style::danger_text),
                container(text(t.as_str()).size(style::BODY))
                    .padding(8)
                    .max_width(520)
                    .style(style::card),
                tooltip::Position::Bottom,
            )
            .into(),
            None => text("").size(style::SMALL).into(),
        };
        let body: Element<'a, M> = match self.rule() {
            Some(rule) => row![
                container(body).width(Fill).clip(true),
                super::widgets::rule_link(M::from(rule))
            ]
            .spacing(8)
            .align_y(Center)
            .into(),
            None => body,
        };
        container(body)
            .width(width)
            .height(Length::Fixed(LINE))
            .align_y(Center)
            .clip(true)
            .into()
    }

    /// The refusal's text for a screen that shows it in a place of its own that keeps its
    /// size (beside a button, in a verdict's place); counts as drawn. The screen puts
    /// [`Refusal::rule_link`] beside it.
    pub fn shown(&self) -> Option<&str> {
        self.drawn.set(true);
        self.text.as_deref()
    }

    /// The "Rule" link for a refusal a screen draws itself ([`Refusal::shown`]), when it
    /// cites a digest entry.
    pub fn rule_link<'a, M: Clone + From<crate::rules::RuleRef> + 'a>(
        &self,
    ) -> Option<Element<'a, M>> {
        self.rule().map(|r| super::widgets::rule_link(M::from(r)))
    }

    /// Forgets whether the slot was drawn (the shell, before drawing the screen).
    pub(super) fn undrawn(&self) {
        self.drawn.set(false);
    }

    /// Whether the screen drew the slot since [`Refusal::undrawn`].
    pub(super) fn was_drawn(&self) -> bool {
        self.drawn.get()
    }
}

/// Whether `notice` stays until the player acts on it: it offers Undo, or it is lasting.
pub fn needs_decision(notice: &Notice) -> bool {
    notice.undo.is_some() || notice.lasting
}

/// A task that wakes the shell once `TIMEOUT` has passed, to take down notices that are due.
/// (The app's iced has no timer of its own: a short-lived thread sleeps.)
pub fn wake_after<M: Send + 'static>(message: M) -> Task<M> {
    wake_in(TIMEOUT, message)
}

/// `message`, `after` a while (a timer thread; the window never waits).
pub fn wake_in<M: Send + 'static>(after: std::time::Duration, message: M) -> Task<M> {
    Task::perform(
        async move {
            let (tx, rx) = iced::futures::channel::oneshot::channel();
            let spawned = std::thread::Builder::new()
                .name("notice-timer".into())
                .spawn(move || {
                    std::thread::sleep(after);
                    let _ = tx.send(());
                });
            if spawned.is_ok() {
                let _ = rx.await;
            }
        },
        move |()| message,
    )
}

/// Adds `notice` to `list` (oldest first), the way the notice line wants it: the same text is
/// not shown twice (the older copy goes), an Undo offer replaces an older one, and only the
/// last three are kept.
pub fn post(list: &mut Vec<Notice>, mut notice: Notice, now: Instant) {
    notice.since = Some(now);
    list.retain(|n| n.text != notice.text);
    if notice.undo.is_some() || notice.store_change {
        list.retain(|n| n.undo.is_none());
    }
    list.push(notice);
    if list.len() > 3 {
        list.remove(0);
    }
}

/// Takes down the notices that need no decision and have been up for `TIMEOUT`.
pub fn expire(list: &mut Vec<Notice>, now: Instant) {
    list.retain(|n| needs_decision(n) || n.since.is_none_or(|t| now.duration_since(t) < TIMEOUT));
}

/// The notice line at the foot of the window: the newest notice (with its Undo and Dismiss),
/// or a refusal the screen did not place itself, or nothing; always `LINE` tall (plus its
/// padding), so nothing moves when a notice comes or goes.
pub fn line<'a, M: Clone + 'a>(
    notices: &'a [Notice],
    refusal: Option<&'a str>,
    rule: Option<M>,
    dismiss: impl Fn(usize) -> M,
    undo: impl Fn(&'a Notice) -> Option<M>,
) -> Element<'a, M> {
    line_with(notices, refusal, rule, dismiss, undo, Vec::new())
}

/// [`line`] with `trailing` buttons at its right end, after the notice's own (a game screen's
/// Session sheet and Statistics): always there, so they never move.
pub fn line_with<'a, M: Clone + 'a>(
    notices: &'a [Notice],
    refusal: Option<&'a str>,
    rule: Option<M>,
    dismiss: impl Fn(usize) -> M,
    undo: impl Fn(&'a Notice) -> Option<M>,
    trailing: Vec<Element<'a, M>>,
) -> Element<'a, M> {
    let mut content = row![].spacing(style::GAP).align_y(Center);
    let mut look: fn(&iced::Theme) -> container::Style = style::bar;
    if let Some(i) = notices.len().checked_sub(1) {
        let n = &notices[i];
        look = if n.error {
            style::error_banner
        } else {
            style::info_banner
        };
        let said = container(text(n.text.as_str()).size(style::SMALL))
            .width(Fill)
            .max_height(FOOT)
            .clip(true);
        content = content.push(
            iced::widget::tooltip(
                said,
                container(text(n.text.as_str()).size(style::SMALL))
                    .padding(8)
                    .max_width(720)
                    .style(style::dialog),
                iced::widget::tooltip::Position::Top,
            )
            .gap(4),
        );
        if let Some(m) = undo(n) {
            content = content.push(
                button(text("Undo").size(style::SMALL))
                    .padding([8, 12])
                    .style(style::primary)
                    .on_press(m),
            );
        }
        content = content.push(
            button(text("Dismiss").size(style::SMALL))
                .padding([8, 12])
                .style(style::secondary)
                .on_press(dismiss(i)),
        );
    } else if let Some(r) = refusal {
        content = content.push(
            container(
                text(r)
                    .size(style::SMALL)
                    .style(style::danger_text)
                    .wrapping(iced::widget::text::Wrapping::None),
            )
            .width(Fill)
            .clip(true),
        );
    } else if !trailing.is_empty() {
        content = content.push(iced::widget::space::horizontal());
    }
    // The refusal's rule, one click away (docs/rules.md, "Rule references"), before the
    // trailing buttons, which keep their place at the right end.
    if let Some(m) = rule {
        content = content.push(
            button(text("See the rule").size(style::SMALL))
                .padding([8, 12])
                .style(style::secondary)
                .on_press(m),
        );
    }
    for t in trailing {
        content = content.push(t);
    }
    container(content)
        .padding([0, 16])
        .width(Fill)
        .height(Length::Fixed(FOOT))
        .align_y(Center)
        .style(look)
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_notice_twice_is_shown_once() {
        let mut list = Vec::new();
        let now = Instant::now();
        post(&mut list, Notice::error("No room"), now);
        post(&mut list, Notice::error("No room"), now);
        assert_eq!(list.len(), 1);
    }

    #[test]
    fn a_notice_without_a_decision_times_out_and_an_undo_offer_stays() {
        let mut list = Vec::new();
        let now = Instant::now();
        post(&mut list, Notice::info("Imported"), now);
        let offer = Notice::info("Deleted").with_undo(Some(super::super::screen::Restore {
            id: "x".into(),
            backup: "b".into(),
            expect: crate::store::OnDisk::Absent,
            title: String::new(),
        }));
        post(&mut list, offer, now);
        expire(&mut list, now + TIMEOUT / 2);
        assert_eq!(list.len(), 2, "nothing is due yet");
        expire(&mut list, now + TIMEOUT);
        assert_eq!(
            list.iter().map(|n| n.text.as_str()).collect::<Vec<_>>(),
            ["Deleted"]
        );
    }

    #[test]
    fn a_change_to_the_saves_folder_withdraws_an_earlier_undo() {
        let mut list = Vec::new();
        let now = Instant::now();
        let offer = Notice::info("Deleted").with_undo(Some(super::super::screen::Restore {
            id: "x".into(),
            backup: "b".into(),
            expect: crate::store::OnDisk::Absent,
            title: String::new(),
        }));
        post(&mut list, offer, now);
        post(&mut list, Notice::info("Restored x").store_change(), now);
        assert!(list.iter().all(|n| n.undo.is_none()), "{list:?}");
    }

    #[test]
    fn a_refusal_is_kept_and_cleared() {
        let mut slot = Refusal::default();
        slot.keep(&Action::<()>::error("Not yours (p. 3)"));
        assert_eq!(slot.text(), Some("Not yours (p. 3)"));
        slot.keep(&Action::<()>::notice(Notice::info("fine")));
        assert_eq!(
            slot.text(),
            Some("Not yours (p. 3)"),
            "an info is no refusal"
        );
        slot.clear();
        assert_eq!(slot.text(), None);
    }
}
