//! The keyboard: which key press is which shortcut (`shortcut`: Ctrl combinations even while
//! typing, plain keys only when no text box took them), and the help overlay that lists them
//! (`help`: the shell's keys, then the screen's own).

use iced::keyboard::{self, Key, key::Named};
use iced::widget::{column, container, row, text};
use iced::{Element, Length};

use super::screen::Keypress;
use super::shell::{Message, Shortcut};
use super::style;
use super::widgets;

/// The keyboard map: the shell's keys, then those of the screen on show (`screen` names it).
pub fn help<'a>(
    screen: &'static str,
    screen_keys: &'static [(&'static str, &'static str)],
) -> Element<'a, Message> {
    let keys = [
        ("Ctrl+Z", "Undo the last action"),
        ("Ctrl+Shift+Z or Ctrl+Y", "Redo"),
        (
            "Ctrl+F",
            "Search the rules (filtered to the game on screen)",
        ),
        (
            "Esc",
            "Close the innermost thing open (help, question, editor, selection, dialog, rule, history), then the screen",
        ),
        ("Ctrl+H", "Show or hide the history of the game"),
        (
            "Tab / Shift+Tab",
            "The next / previous text box, in reading order",
        ),
        ("F1 or ?", "Show or hide this help"),
        (
            "Aa+ / Aa−",
            "Large type on or off (theme: on the Home screen)",
        ),
    ];
    let mut list = column![].spacing(10);
    for (k, what) in keys {
        list = list.push(
            row![
                text(k).size(style::BODY).width(Length::Fixed(240.0)),
                text(what).size(style::BODY)
            ]
            .spacing(10),
        );
    }
    if !screen_keys.is_empty() {
        list = list.push(text(format!("On {screen}")).size(style::HEADING));
        for (k, what) in screen_keys {
            list = list.push(
                row![
                    text(*k).size(style::BODY).width(Length::Fixed(240.0)),
                    text(*what).size(style::BODY)
                ]
                .spacing(10),
            );
        }
        list = list.push(
            text("These work when no text box has the cursor, as on the buttons they stand for.")
                .size(style::SMALL)
                .style(style::muted),
        );
    }
    list = list.push(
        text("Every change is saved at once, with a labelled history: click History to go back to any point.")
            .size(style::SMALL)
            .style(style::muted),
    );
    // Close heads the list and the list scrolls: with a game's keys added it is taller than
    // a 1024×768 window with large type, and Close must stay in reach.
    column![
        row![
            text("Keyboard shortcuts").size(style::HEADING),
            iced::widget::space::horizontal(),
            widgets::primary("Close", Some(Message::ToggleHelp)),
        ]
        .align_y(iced::Center),
        iced::widget::scrollable(container(list).padding(iced::Padding::ZERO.right(16)))
            .height(Length::Shrink),
    ]
    .spacing(12)
    .into()
}

/// Maps key presses to shortcuts. Ctrl combinations work even while typing; plain keys only
/// when no text box took them.
pub fn shortcut(
    event: iced::Event,
    status: iced::event::Status,
    _window: iced::window::Id,
) -> Option<Message> {
    let iced::Event::Keyboard(keyboard::Event::KeyPressed { key, modifiers, .. }) = event else {
        return None;
    };
    let ignored = status == iced::event::Status::Ignored;
    let s = match key.as_ref() {
        Key::Character(c) if modifiers.command() => match c.to_lowercase().as_str() {
            "z" if modifiers.shift() => Shortcut::Redo,
            "z" => Shortcut::Undo,
            "y" => Shortcut::Redo,
            "f" => Shortcut::Search,
            "h" => Shortcut::History,
            _ => return None,
        },
        Key::Character("?") if ignored => Shortcut::Help,
        Key::Named(Named::Escape) => Shortcut::Back,
        // Tab moves between fields whether or not a field has the focus (none takes Tab).
        Key::Named(Named::Tab) if modifiers.shift() => Shortcut::PreviousField,
        Key::Named(Named::Tab) => Shortcut::NextField,
        Key::Named(Named::F1) => Shortcut::Help,
        // Plain keys no text box took are the screen's own (Next step, an answer's number).
        _ if !ignored || modifiers.command() || modifiers.alt() => return None,
        Key::Character(c) => {
            let mut chars = c.chars();
            return match (chars.next(), chars.next()) {
                (Some(ch), None) => Some(Message::Key(Keypress::Char(ch.to_ascii_lowercase()))),
                _ => None,
            };
        }
        Key::Named(Named::Enter) => return Some(Message::Key(Keypress::Enter)),
        Key::Named(Named::Space) => return Some(Message::Key(Keypress::Space)),
        _ => return None,
    };
    Some(Message::Shortcut(s))
}

#[cfg(test)]
mod tests {
    use iced::keyboard::key::{Code, Physical};
    use iced::keyboard::{Event, Key, Location, Modifiers};

    use super::*;

    fn press(key: Key, modifiers: Modifiers, status: iced::event::Status) -> Option<Message> {
        let event = iced::Event::Keyboard(Event::KeyPressed {
            key: key.clone(),
            modified_key: key,
            physical_key: Physical::Code(Code::KeyN),
            location: Location::Standard,
            modifiers,
            text: None,
            repeat: false,
        });
        shortcut(event, status, iced::window::Id::unique())
    }

    #[test]
    fn a_plain_key_no_text_box_took_goes_to_the_screen_and_a_typed_one_does_not() {
        use iced::event::Status::{Captured, Ignored};
        let n = || Key::Character("N".into());
        assert!(matches!(
            press(n(), Modifiers::empty(), Ignored),
            Some(Message::Key(Keypress::Char('n')))
        ));
        assert!(
            press(n(), Modifiers::empty(), Captured).is_none(),
            "typed into a text box"
        );
        assert!(press(n(), Modifiers::ALT, Ignored).is_none());
        assert!(matches!(
            press(Key::Named(Named::Space), Modifiers::empty(), Ignored),
            Some(Message::Key(Keypress::Space))
        ));
        assert!(matches!(
            press(Key::Named(Named::Enter), Modifiers::empty(), Ignored),
            Some(Message::Key(Keypress::Enter))
        ));
        // The shell's own keys keep their meaning.
        assert!(matches!(
            press(Key::Character("z".into()), Modifiers::CTRL, Captured),
            Some(Message::Shortcut(Shortcut::Undo))
        ));
        assert!(matches!(
            press(Key::Character("?".into()), Modifiers::SHIFT, Ignored),
            Some(Message::Shortcut(Shortcut::Help))
        ));
        assert!(matches!(
            press(Key::Named(Named::Escape), Modifiers::empty(), Captured),
            Some(Message::Shortcut(Shortcut::Back))
        ));
    }

    #[test]
    fn tab_and_shift_tab_move_between_fields_even_from_inside_one() {
        use iced::event::Status::{Captured, Ignored};
        let tab = || Key::Named(Named::Tab);
        for status in [Ignored, Captured] {
            assert!(matches!(
                press(tab(), Modifiers::empty(), status),
                Some(Message::Shortcut(Shortcut::NextField))
            ));
            assert!(matches!(
                press(tab(), Modifiers::SHIFT, status),
                Some(Message::Shortcut(Shortcut::PreviousField))
            ));
        }
    }

    #[test]
    fn ctrl_h_is_the_history_shortcut_even_while_typing() {
        use iced::event::Status::Captured;
        assert!(matches!(
            press(Key::Character("h".into()), Modifiers::CTRL, Captured),
            Some(Message::Shortcut(Shortcut::History))
        ));
    }
}
