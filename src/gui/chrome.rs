//! The frame around every screen: the window title, theme and subscriptions, the top bar, the
//! notice line at the foot (`notice.rs`); the help overlay and the keyboard map are
//! `keymap.rs`.

use iced::widget::{button, column, container, pick_list, row, text};
use iced::{Center, Element, Fill, Length, Subscription, Theme, window};

use super::screens::Screen;
use super::settings::Settings;
use super::share;
use super::shell::{App, Message, Shortcut};
use super::style::{self, ThemeChoice};
use super::widgets;
use super::{keymap, notice};

impl App {
    /// The window's title: the save's title (docs/table-ux.md 8), the screen, then the app, as a
    /// task bar lists it ("Family night — Near and Far — Tablemate").
    pub fn title(&self) -> String {
        match (self.screen.document(), self.screen.is_home()) {
            (_, true) => "Tablemate".to_string(),
            (Some(d), false) => format!("{} — {} — Tablemate", d.title(), self.screen.name()),
            (None, false) => format!("{} — Tablemate", self.screen.name()),
        }
    }

    pub fn theme(&self) -> Theme {
        let dark = match self.prefs.settings.theme {
            ThemeChoice::System => self.system_dark,
            ThemeChoice::Light => false,
            ThemeChoice::Dark => true,
        };
        if dark { style::dark() } else { style::light() }
    }

    pub fn scale_factor(&self) -> f32 {
        self.prefs.settings.scale()
    }

    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            iced::event::listen_with(keymap::shortcut),
            iced::system::theme_changes()
                .map(|mode| Message::SystemDark(mode == iced::theme::Mode::Dark)),
            window::events().map(|(id, e)| Message::Window(id, e)),
            super::ending::subscription(),
            super::single::subscription(),
        ])
    }

    /// The question when the open game's file changed on disk since the window read it.
    fn conflict_view<'a>(&'a self, id: &'a str) -> Element<'a, Message> {
        let title = self.screen.document().map_or("", |d| d.title());
        let name = super::transfer::named(title, id);
        column![
            text(format!(
                "{name} was changed on disk since this window read it (a restore, an Undo, or another program). \
                 This window's last change is not saved."
            ))
            .size(style::BODY),
            text(
                "Showing the version on disk drops this window's unsaved change; keeping this window's version writes it, and the version on disk stays in Backups."
            )
            .size(style::SMALL)
            .style(style::muted),
            row![
                iced::widget::space::horizontal(),
                widgets::secondary("Show the version on disk", Some(Message::Conflict(false))),
                widgets::primary("Keep this window's version", Some(Message::Conflict(true))),
            ]
            .spacing(style::GAP)
        ]
        .spacing(16)
        .width(Length::Fixed(560.0))
        .into()
    }

    pub fn view(&self) -> Element<'_, Message> {
        let ctx = self.ctx();
        if let Some(r) = self.screen.refusal() {
            r.undrawn();
        }
        let body = self.screen.view(&ctx);
        // A refusal the screen did not place itself goes to the notice line.
        let unplaced = self
            .screen
            .refusal()
            .filter(|r| !r.was_drawn())
            .and_then(|r| r.text());
        let body: Element<'_, Message> =
            match (self.screen.document(), self.prefs.settings.show_history) {
                (Some(doc), true) => {
                    let (entries, cursor) = doc.history();
                    row![
                        container(body).width(Fill).height(Fill),
                        container(widgets::history_panel(&entries, cursor, Message::Goto))
                            .padding(12)
                            .width(Length::Fixed(330.0))
                            .height(Fill)
                            .style(style::card),
                    ]
                    .into()
                }
                _ => body,
            };
        // The share panel sits beside the game (never over it) while it is open.
        let body: Element<'_, Message> = if self.sharing.open && self.screen.document().is_some() {
            row![
                container(body).width(Fill).height(Fill),
                container(share::panel(&self.sharing))
                    .padding(12)
                    .width(Length::Fixed(360.0))
                    .height(Fill)
                    .style(style::card),
            ]
            .into()
        } else {
            body
        };
        let top = top_bar(
            &self.screen,
            &self.prefs.settings,
            &self.status,
            self.unsaved(),
            self.sharing.is_on(),
            compact_bar(self.place.map(|p| p.width), self.scale_factor()),
            title_line(self.place.map(|p| p.width), self.scale_factor()),
        );
        let mut page = column![top];
        if let Some(on) = share::banner(&self.sharing) {
            page = page.push(on);
        }
        // Present from the first frame on, so it never pushes anything later.
        if let Some(holder) = self.read_only() {
            page = page.push(
                container(
                    text(format!(
                        "Read-only: the data folder is in use by {holder}. Nothing will be saved from this window."
                    ))
                    .size(style::BODY),
                )
                .padding(10)
                .width(Fill)
                .style(style::error_banner),
            );
        }
        // The notice line is always there at the foot, so a notice covers nothing and
        // pushes nothing (notice.rs).
        // A refusal the screen drew offers its rule beside itself (Refusal::line); only one
        // the foot line shows offers it there.
        let rule = self
            .screen
            .refusal()
            .filter(|r| !r.was_drawn())
            .and_then(|r| r.rule())
            .map(Message::OpenRule);
        // A game screen's foot ends with the evening's page to print and the game's
        // statistics (docs/plays.md), at the right, where no notice moves them.
        // At a game's end the same place offers tonight's sheet once, in the Session sheet
        // button's place, covering nothing of the result (sheet.rs).
        let evening: Vec<Element<'_, Message>> = if self.offers_sheet() {
            vec![
                button(text("Print tonight's session sheet").size(style::SMALL))
                    .padding([8, 12])
                    .style(style::primary)
                    .on_press(Message::SessionSheet)
                    .into(),
                foot_button("Not now", Message::DismissSheetOffer),
                foot_button("Statistics", Message::GameStatistics),
            ]
        } else if self.screen.document().is_some() {
            vec![
                foot_button("Session sheet", Message::SessionSheet),
                foot_button("Statistics", Message::GameStatistics),
            ]
        } else {
            Vec::new()
        };
        let foot = notice::line_with(
            &self.banners,
            unplaced,
            rule,
            Message::Dismiss,
            |n| n.undo.clone().map(Message::UndoStore),
            evening,
        );
        let page: Element<'_, Message> = page
            .push(container(body).width(Fill).height(Fill))
            .push(foot)
            .into();
        let page = if self.help {
            widgets::modal(page, keymap::help(self.screen.name(), self.screen.keys()))
        } else if let Some(id) = &self.conflict {
            widgets::modal(page, self.conflict_view(id))
        } else if let Some((typed, refused)) = &self.renaming {
            let title = self.screen.document().map_or("", |d| d.title());
            let id = self.screen.document().map_or("", |d| d.id());
            widgets::modal(
                page,
                widgets::rename_dialog(
                    super::transfer::named(title, id),
                    typed,
                    refused.as_deref(),
                    Message::RenameText,
                    Message::RenameSave,
                    Message::RenameCancel,
                ),
            )
        } else {
            page
        };
        super::repaint::whole(page, self.generation)
    }
}

/// A button in the notice line at the foot of a game screen.
fn foot_button(label: &str, on_press: Message) -> Element<'_, Message> {
    button(text(label).size(style::SMALL))
        .padding([8, 12])
        .style(style::secondary)
        .on_press(on_press)
        .into()
}

/// Below this width in the app's own units (the window on a 1024 px screen is 922 wide, 709
/// with large type), the top bar closes up: narrower buttons, "←" for Back and "Hide" for Hide
/// history, so every button stays whole and the title keeps room (docs/table-ux.md).
pub const COMPACT_BAR_BELOW: f32 = 1000.0;

/// Whether the top bar is compact for a window `width` screen pixels wide (None: not known
/// yet) drawn at `scale` (large type).
pub fn compact_bar(width: Option<f32>, scale: f32) -> bool {
    width.is_some_and(|w| w / scale < COMPACT_BAR_BELOW)
}

/// Below this width in app units the title gets a line of its own under the buttons: beside
/// them it is cut, to a letter or two in the window of a 1024 px screen with large type (709
/// wide), and to "Furtherance solo — Norr" in that of a 1366 px screen (1229 wide) with the
/// system's DejaVu Sans (issue 30; docs/table-ux.md 4).
pub const TITLE_LINE_BELOW: f32 = 1300.0;

/// Whether the top bar puts the title on a line of its own, for a window `width` screen pixels
/// wide (None: not known yet) drawn at `scale`.
pub fn title_line(width: Option<f32>, scale: f32) -> bool {
    width.is_some_and(|w| w / scale < TITLE_LINE_BELOW)
}

/// The height of the title's own line under the buttons ([`title_line`]): body type.
pub const TITLE_LINE: f32 = 22.0;

/// The height of the buttons' row above the title's own line: the buttons with less padding,
/// so that the bar is no taller than with the title beside them.
const OWN_LINE_BUTTONS: f32 = 30.0;

/// A top-bar button: a secondary button, closer-fitting when the bar is compact.
fn bar_button<'a>(
    label: &'a str,
    on_press: Option<Message>,
    padding: [u16; 2],
) -> Element<'a, Message> {
    widgets::secondary_padded(label, on_press, padding)
}

/// The window's top bar. `unsaved`: why the open game is not on disk; then "Not saved" shows
/// in the line under the title (a fixed place, docs/table-ux.md: nothing else moves) until a save
/// succeeds. `compact`: the window is narrow ([`compact_bar`]): the title in body type;
/// `own_line`: narrower still ([`title_line`]): the title and the status on a line of their own
/// under the buttons, so the title stays whole.
pub fn top_bar<'a>(
    screen: &'a Screen,
    settings: &Settings,
    status: &'a str,
    unsaved: Option<&'a str>,
    sharing: bool,
    compact: bool,
    own_line: bool,
) -> Element<'a, Message> {
    let mut bar = row![].spacing(if compact { 5 } else { 10 }).align_y(Center);
    // The buttons' padding: closer-fitting in a compact bar, and lower with the title on a
    // line of its own, so that the two lines take no more height than one bar.
    let pad = if own_line {
        [4, 9]
    } else if compact {
        [8, 9]
    } else {
        [8, 16]
    };
    let wide_pad: [u16; 2] = if own_line { [4, 4] } else { [8, 4] };
    let title = if screen.is_home() {
        bar = bar.push(text("Tablemate").size(style::TITLE));
        None
    } else {
        let back = bar_button(
            if compact { "←" } else { "← Back" },
            Some(Message::Shortcut(Shortcut::Back)),
            pad,
        );
        bar = bar.push(widgets::keyed(back, "Esc"));
        bar = bar.push(bar_button("Home", Some(Message::GoHome), pad));
        if screen.document().is_some() {
            bar = bar.push(bar_button("Rename", Some(Message::RenameOpen), pad));
        }
        Some(match screen.document() {
            Some(d) => d.title().to_string(),
            None => screen.name().to_string(),
        })
    };
    // The title takes what room is left and is clipped, so the buttons always fit, even
    // with large type on a small window; the last undo/redo shows under it.
    let mut title_block = column![];
    let own_line = own_line && title.is_some();
    let mut line = row![].spacing(style::GAP).align_y(Center);
    if let Some(title) = title {
        // A title too long for the bar is cut at its edge; hovering it shows the whole. In a
        // compact bar it is in body type, so that a game's usual title stays whole.
        let size = if compact || own_line {
            style::BODY
        } else {
            style::HEADING
        };
        if own_line {
            line = line.push(widgets::hover_title(title, size));
        } else {
            title_block = title_block.push(widgets::hover_title(title, size));
        }
    }
    // The status line is reserved even when empty: "Undid: ..." never grows the bar. While the
    // open game is not on disk, that line says so instead, until a save succeeds.
    let status_line = if let Some(why) = unsaved {
        Some(
            text(format!("Not saved: {why}"))
                .size(style::SMALL)
                .style(style::danger_text)
                .wrapping(iced::widget::text::Wrapping::None),
        )
    } else if title_block_has_status(screen) {
        Some(
            text(status)
                .size(style::SMALL)
                .style(style::muted)
                .wrapping(iced::widget::text::Wrapping::None),
        )
    } else {
        None
    };
    if let Some(status_line) = status_line {
        if own_line {
            line = line.push(status_line);
        } else {
            title_block = title_block.push(status_line);
        }
    }
    bar = bar.push(container(title_block).width(Fill).clip(true));
    // One Undo/Redo pair: an open editor's edits (`document::Edits`), else the game's history.
    let pair = match (screen.edits(), screen.document()) {
        (Some(e), _) => Some((e.can_undo(), e.can_redo())),
        (None, Some(doc)) => Some((doc.can_undo(), doc.can_redo())),
        (None, None) => None,
    };
    if let Some((undo, redo)) = pair {
        bar = bar.push(bar_button("Undo", undo.then_some(Message::Undo), pad));
        bar = bar.push(bar_button("Redo", redo.then_some(Message::Redo), pad));
    }
    if screen.document().is_some() {
        // "Share to the table" (`share.rs`): starts the host and shows the seats' links.
        // One width for "Share" and "Sharing", so turning it on moves nothing beside it.
        bar = bar.push(
            button(
                text(if sharing { "Sharing" } else { "Share" })
                    .size(style::BODY)
                    .center(),
            )
            .width(Length::Fixed(if compact {
                SHARE_BUTTON - 8.0
            } else {
                SHARE_BUTTON
            }))
            .padding(wide_pad)
            .style(style::secondary)
            .on_press(Message::Share(share::Message::Share)),
        );
        // One width for "History" and "Hide history", so opening History moves neither
        // Undo nor Redo (docs/table-ux.md: nothing moves under the cursor).
        bar = bar.push(widgets::keyed(
            button(
                text(match (settings.show_history, compact) {
                    (true, false) => "Hide history",
                    (true, true) => "Hide",
                    (false, _) => "History",
                })
                .size(style::BODY)
                .center(),
            )
            .width(Length::Fixed(if compact {
                HISTORY_BUTTON_COMPACT
            } else {
                HISTORY_BUTTON
            }))
            .padding(wide_pad)
            .style(style::secondary)
            .on_press(Message::ToggleHistory),
            "Ctrl+H",
        ));
    }
    if !matches!(screen, Screen::Rules(_)) {
        bar = bar.push(bar_button("Rules", Some(Message::OpenRules), pad));
    }
    // The theme picker and the full large-type label live on Home; game screens keep a
    // compact toggle so their own title and undo controls fit at 1024 px.
    if screen.is_home() {
        bar = bar.push(
            pick_list(ThemeChoice::ALL, Some(settings.theme), Message::Theme)
                .text_size(style::BODY)
                .padding([6, 10]),
        );
        bar = bar.push(widgets::secondary(
            if settings.large_type {
                "Large type: on"
            } else {
                "Large type: off"
            },
            Some(Message::LargeType(!settings.large_type)),
        ));
    } else {
        bar = bar.push(bar_button(
            if settings.large_type { "Aa−" } else { "Aa+" },
            Some(Message::LargeType(!settings.large_type)),
            pad,
        ));
    }
    bar = bar.push(
        button(text("?").size(style::HEADING))
            .padding(match (own_line, compact) {
                (true, _) => [0, 9],
                (false, true) => [2, 9],
                (false, false) => [2, 14],
            })
            .style(style::secondary)
            .on_press(Message::ToggleHelp),
    );
    // One height on every screen, whatever the title and status say (docs/table-ux.md 1).
    let bar: Element<'a, Message> = if own_line {
        column![
            bar.height(Length::Fixed(OWN_LINE_BUTTONS)),
            container(line)
                .height(Length::Fixed(TITLE_LINE))
                .width(Fill)
                .clip(true),
        ]
        .into()
    } else {
        bar.height(Length::Fixed(TOP_BAR_ROW)).into()
    };
    container(bar)
        .padding(if own_line { [3, 16] } else { [10, 16] })
        .width(Fill)
        .style(style::bar)
        .into()
}

/// The width of the History / Hide history toggle: the longer label with room to spare.
const HISTORY_BUTTON: f32 = 132.0;

/// The compact History toggle: "History" and "Hide" at body size.
const HISTORY_BUTTON_COMPACT: f32 = 76.0;

/// Wide enough for "Sharing" at body size.
const SHARE_BUTTON: f32 = 84.0;

/// The height of the top bar's row (logical pixels): a heading and the status line under it,
/// or Home's title. The bar is this plus its padding on every screen.
pub const TOP_BAR_ROW: f32 = 47.0;

/// Whether the title block has the status line (every screen but Home, whose title is large).
fn title_block_has_status(screen: &Screen) -> bool {
    !screen.is_home()
}

#[cfg(test)]
mod bar_tests {
    use super::*;
    use crate::gui::furtherance;
    use crate::gui::screen::Ctx;

    /// Where `label` is drawn in the top bar at 1024 px.
    fn at(bar: Element<'_, Message>, label: &str) -> iced::Rectangle {
        at_width(bar, 1024.0, label)
    }

    /// Where `label` is drawn in a top bar `width` app units wide.
    fn at_width(bar: Element<'_, Message>, width: f32, label: &str) -> iced::Rectangle {
        let mut ui = crate::gui::testing::simulator_sized((width, 60.0), bar);
        ui.find(label)
            .unwrap_or_else(|e| panic!("{label:?} not in the top bar at {width}: {e:?}"))
            .bounds()
    }

    #[test]
    fn at_1024_with_large_type_every_top_bar_button_is_whole_and_in_the_window() {
        let ctx = Ctx {
            store: None,
            large_type: true,
        };
        let mut game = furtherance::State::new(&ctx);
        let _ = game.update(furtherance::Message::Start, &ctx);
        let screen = Screen::Furtherance(Box::new(game));
        for (show_history, sharing) in [(false, false), (true, true)] {
            let settings = Settings {
                large_type: true,
                show_history,
                ..Settings::default()
            };
            let scale = settings.scale();
            // The window on a 1024 px screen (90%), a 1024 px window, and the narrowest the
            // app allows, with large type on.
            for screen_px in [921.6, 1024.0, crate::gui::settings::MIN_SIZE.width] {
                let width = screen_px / scale;
                let compact = compact_bar(Some(screen_px), scale);
                let hist = if show_history { "Hide" } else { "History" };
                let share = if sharing { "Sharing" } else { "Share" };
                for label in [
                    "←", "Home", "Rename", "Undo", "Redo", share, hist, "Rules", "Aa−", "?",
                ] {
                    let b = at_width(
                        top_bar(
                            &screen,
                            &settings,
                            "",
                            None,
                            sharing,
                            compact,
                            title_line(Some(screen_px), scale),
                        ),
                        width,
                        label,
                    );
                    assert!(
                        b.x >= 0.0 && b.x + b.width <= width - 16.0 + 0.5,
                        "{label:?} at {b:?} is cut off in a {screen_px} px window ({width} units)"
                    );
                }
            }
        }
        // A wide window keeps the full labels.
        assert!(!compact_bar(Some(1366.0), 1.0));
        assert!(!compact_bar(None, LARGE));
    }

    const LARGE: f32 = crate::gui::style::LARGE_TYPE_SCALE;

    #[test]
    fn turning_sharing_on_moves_neither_undo_nor_redo() {
        let ctx = Ctx {
            store: None,
            large_type: false,
        };
        let mut game = furtherance::State::new(&ctx);
        let _ = game.update(furtherance::Message::Start, &ctx);
        let screen = Screen::Furtherance(Box::new(game));
        let settings = Settings::default();
        for label in ["Undo", "Redo", "History"] {
            let off = at(
                top_bar(&screen, &settings, "", None, false, false, false),
                label,
            );
            let on = at(
                top_bar(&screen, &settings, "", None, true, false, false),
                label,
            );
            assert_eq!(off, on, "{label} moved when sharing began");
        }
    }
}
