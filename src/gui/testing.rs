//! Helpers shared by the headless screen tests (iced_test): draw a screen in a tall window,
//! click a label and feed the messages back, look for a text, and tell whether an update
//! changed the open game the way the shell sees it (its history revision moved).

use iced::Element;
use iced_test::Simulator;
use iced_test::selector::Candidate;

use super::document::Document;
use super::screen::{Action, Ctx, Notice};

/// No store, normal type: what screen tests run with.
pub const CTX: Ctx<'static> = Ctx {
    store: None,
    large_type: false,
};

/// What a screen offers a test: the contract's `view` and `update`.
pub trait ScreenUnderTest {
    type Message;
    fn draw(&self, ctx: &Ctx) -> Element<'_, Self::Message>;
    fn apply(&mut self, message: Self::Message, ctx: &Ctx) -> Action<Self::Message>;
    /// The open game, as the shell sees it.
    fn open_document(&self) -> Option<&dyn Document>;
    /// What a click must not change by accident: the open game's save id and revision (a
    /// screen without a game, as Home, names what it keeps instead, such as the data folder).
    fn changes(&self) -> Option<(String, u64)> {
        self.open_document()
            .map(|d| (d.id().to_string(), d.revision()))
    }
}

// Every game screen is a `ScreenUnderTest`: `game_screens!` (screens.rs) implements it.

/// What the shell's autosave watches: the open game's save id and history revision. A new
/// game, a recorded change, an undo or a redo moves it; a refusal or a no-op must not.
pub fn revision<S: ScreenUnderTest>(state: &S) -> Option<(String, u64)> {
    state
        .open_document()
        .map(|d| (d.id().to_string(), d.revision()))
}

/// A screen update as the shell sees it: whether the open game moved (so it is autosaved),
/// and the notice and task the screen handed back.
pub struct Updated<M> {
    /// The open game's revision (or the game itself) moved: the shell saves it.
    pub moved: bool,
    pub notice: Option<Notice>,
    pub task: Option<iced::Task<M>>,
    /// How many messages the screen was given (a click on a disabled button gives none).
    pub messages: usize,
    /// The rules digest entry the screen asked the shell to open.
    pub open_rule: Option<crate::rules::RuleRef>,
}

/// Runs the screen's `update` with `message` and reports it as the shell sees it.
pub fn update<S: ScreenUnderTest>(
    state: &mut S,
    message: S::Message,
    ctx: &Ctx,
) -> Updated<S::Message> {
    let before = revision(state);
    let action = state.apply(message, ctx);
    Updated {
        moved: revision(state) != before,
        notice: action.notice,
        task: action.task,
        messages: 1,
        open_rule: action.open_rule,
    }
}

/// A 1280 px wide window of `height`, tall enough that the tested panel needs no scrolling.
pub fn simulator<M>(height: f32, view: Element<'_, M>) -> Simulator<'_, M> {
    Simulator::with_size(iced_test::core::Settings::default(), (1280.0, height), view)
}

/// Clicks `target` (a label, an id) on the screen drawn with `ctx` in a window of `size`, feeds
/// every message back through `update`, and reports the click as the shell sees it: whether the
/// open game moved, the last notice and task given, and how many messages there were. The one
/// click every screen test goes through.
pub fn click_on<S, T>(
    state: &mut S,
    ctx: &Ctx,
    size: (f32, f32),
    target: T,
) -> Result<Updated<S::Message>, iced_test::Error>
where
    S: ScreenUnderTest,
    T: iced_test::Selector + Send,
    T::Output: iced_test::selector::Bounded + Clone + Send + Sync + 'static,
{
    let mut ui = simulator_sized(size, state.draw(ctx));
    ui.click(target)?;
    let messages: Vec<S::Message> = ui.into_messages().collect();
    let before = revision(state);
    let mut clicked = Updated {
        moved: false,
        notice: None,
        task: None,
        messages: messages.len(),
        open_rule: None,
    };
    for m in messages {
        let action = state.apply(m, ctx);
        clicked.open_rule = action.open_rule.or(clicked.open_rule);
        clicked.notice = action.notice.or(clicked.notice);
        clicked.task = action.task.or(clicked.task);
    }
    clicked.moved = revision(state) != before;
    Ok(clicked)
}

/// Clicks `label` in a 1280 px wide window of `height` and feeds the messages back; returns the
/// last notice's text, if any.
pub fn click<S: ScreenUnderTest>(
    state: &mut S,
    height: f32,
    label: &str,
) -> Result<Option<String>, iced_test::Error> {
    click_on(state, &CTX, (1280.0, height), label).map(|c| c.notice.map(|n| n.text))
}

/// Whether `label` is on screen.
pub fn shows<S: ScreenUnderTest>(state: &S, height: f32, label: &str) -> bool {
    simulator(height, state.draw(&CTX)).find(label).is_ok()
}

/// A screen's own area in a 1024×768 window with large type on: 1024 / 1.3 logical pixels
/// wide, and 768 / 1.3 less the top bar tall (docs/table-ux.md's narrowest case).
pub const LARGE_TYPE_1024: (f32, f32) = (787.0, 530.0);

/// A simulator of an exact window size, for the layout tests.
pub fn simulator_sized<M>(size: (f32, f32), view: Element<'_, M>) -> Simulator<'_, M> {
    Simulator::with_size(iced_test::core::Settings::default(), size, view)
}

/// Where `label` is drawn in a window of `size`, if the whole of it is in view: found, not
/// cut by a scrollable or a container, and inside the window (so no scrolling reaches it).
pub fn in_view<S: ScreenUnderTest>(
    state: &S,
    size: (f32, f32),
    label: &str,
) -> Option<iced::Rectangle> {
    let mut ui = simulator_sized(size, state.draw(&CTX));
    let target = ui.find(label).ok()?;
    let (bounds, visible) = (target.bounds(), target.visible_bounds()?);
    let window = iced::Rectangle::new(iced::Point::ORIGIN, iced::Size::new(size.0, size.1));
    // Half a pixel of slack for rounding in the layout.
    let whole = (visible.width - bounds.width).abs() < 0.5
        && (visible.height - bounds.height).abs() < 0.5
        && bounds.x >= 0.0
        && bounds.y >= 0.0
        && bounds.x + bounds.width <= window.width + 0.5
        && bounds.y + bounds.height <= window.height + 0.5;
    whole.then_some(bounds)
}

/// Clicks `label` in a window of `size` and feeds the messages back.
pub fn click_sized<S: ScreenUnderTest>(
    state: &mut S,
    size: (f32, f32),
    label: &str,
) -> Result<(), iced_test::Error> {
    click_on(state, &CTX, size, label).map(|_| ())
}

/// The wrappers a screen's test file uses, for a window `$height` tall (tall enough that the
/// tested panel needs no scrolling): `ctx()`, `click`, `shows`, and `send` (an update as the
/// shell sees it). One definition instead of a copy in every screen's tests.
macro_rules! screen_test_helpers {
    ($height:expr) => {
        #[allow(dead_code)]
        fn ctx() -> Ctx<'static> {
            $crate::gui::testing::CTX
        }

        #[allow(dead_code)]
        fn click(
            state: &mut State,
            label: &str,
        ) -> std::result::Result<Option<String>, iced_test::Error> {
            $crate::gui::testing::click(state, $height, label)
        }

        #[allow(dead_code)]
        fn shows(state: &State, label: &str) -> bool {
            $crate::gui::testing::shows(state, $height, label)
        }

        #[allow(dead_code)]
        fn send(state: &mut State, m: Message) -> $crate::gui::testing::Updated<Message> {
            $crate::gui::testing::update(state, m, &ctx())
        }
    };
}
pub(crate) use screen_test_helpers;

/// Every text field of a drawn screen in the order Tab visits them (the order the widget tree
/// offers its focusable widgets, which `focus_next` walks), each with where it is laid out.
pub fn tab_order<M>(ui: &mut Simulator<'_, M>) -> Vec<iced::Rectangle> {
    every(ui, |c| match c {
        Candidate::Focusable { bounds, .. } => Some(bounds),
        _ => None,
    })
}

/// What `pick` takes from each widget of the drawn screen, in the widget tree's order: a
/// selector that never matches, so the search visits the whole tree.
pub(crate) fn every<M, T: Send + 'static>(
    ui: &mut Simulator<'_, M>,
    pick: fn(Candidate<'_>) -> Option<T>,
) -> Vec<T> {
    let found = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = found.clone();
    let _ = ui.find(move |c: Candidate<'_>| {
        if let Some(t) = pick(c)
            && let Ok(mut v) = sink.lock()
        {
            v.push(t);
        }
        None::<()>
    });
    found
        .lock()
        .map(|mut v| std::mem::take(&mut *v))
        .unwrap_or_default()
}

/// Panics unless Tab visits the screen's fields in reading order: along a row left to right,
/// then down; going up is allowed only into a column to the right (a form in two columns).
#[track_caller]
pub fn assert_tab_follows_reading_order<S: ScreenUnderTest>(
    state: &S,
    ctx: &Ctx,
    size: (f32, f32),
    what: &str,
) -> usize {
    let mut ui = simulator_sized(size, state.draw(ctx));
    let fields = tab_order(&mut ui);
    for pair in fields.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let same_row = (b.y - a.y).abs() < a.height.min(b.height) / 2.0;
        let ok = if same_row {
            b.x > a.x
        } else if b.y < a.y {
            b.x >= a.x + a.width - 0.5
        } else {
            true
        };
        assert!(
            ok,
            "{what}: Tab goes from the field at {a:?} to the one at {b:?}, against reading order"
        );
    }
    fields.len()
}

/// Every text drawn in view on the screen, with where it is drawn.
pub fn texts_in_view<M>(ui: &mut Simulator<'_, M>) -> Vec<(String, iced::Rectangle)> {
    every(ui, |c| match c {
        Candidate::Text {
            content,
            visible_bounds: Some(seen),
            ..
        } if seen.width >= 1.0 && seen.height >= 1.0 => Some((content.to_string(), seen)),
        _ => None,
    })
}

/// Keeps `notice` in a screen's refusal slot, as the shell does after every update of a game
/// screen (notice.rs): what a screen test needs before drawing a refusal.
pub fn keep_refusal(slot: &mut super::notice::Refusal, notice: Option<Notice>) {
    slot.clear();
    slot.keep(&Action::<()> {
        task: None,
        notice,
        open_rule: None,
    });
}

/// Panics unless a "Rule" link is drawn on the line of the text holding `said` (a refusal or
/// a reminder) and to its right, and a click on it asks the shell to open `rule`
/// (docs/rules.md, "Rule references": the rule where the eye is, not only on the foot line).
#[track_caller]
pub fn assert_rule_beside<S: ScreenUnderTest>(
    state: &mut S,
    size: (f32, f32),
    said: &str,
    rule: crate::rules::RuleRef,
) {
    let texts = texts_in_view(&mut simulator_sized(size, state.draw(&CTX)));
    let line = texts
        .iter()
        .find(|(t, _)| t.contains(said))
        .map(|(_, b)| *b)
        .unwrap_or_else(|| panic!("{said:?} is not in view"));
    let link = texts
        .iter()
        .filter(|(t, _)| t == "Rule")
        .map(|(_, b)| *b)
        .find(|b| {
            let middle = b.y + b.height / 2.0;
            middle >= line.y - 8.0 && middle <= line.y + line.height + 8.0 && b.x > line.x
        })
        .unwrap_or_else(|| panic!("no \"Rule\" beside {said:?} at {line:?}"));
    let messages = click_at(state, &CTX, size, link.center());
    let mut opened = None;
    for m in messages {
        opened = state.apply(m, &CTX).open_rule.or(opened);
    }
    assert_eq!(
        opened,
        Some(rule),
        "the \"Rule\" beside {said:?} opens its entry"
    );
}

/// The messages a click at `at` on the drawn screen gives.
fn click_at<S: ScreenUnderTest>(
    state: &S,
    ctx: &Ctx,
    size: (f32, f32),
    at: iced::Point,
) -> Vec<S::Message> {
    let mut ui = simulator_sized(size, state.draw(ctx));
    ui.point_at(at);
    let _ = ui.simulate(iced_test::simulator::click());
    ui.into_messages().collect()
}

/// TABLE-UX's "nothing moves under the cursor", checked for every button of a screen: for each
/// text in view that answers a click, a fresh state from `make` is clicked there and updated;
/// afterwards the control under the pointer must be the same one (the same label, or one of
/// the `same` pairs, as a toggle that renames itself; a name ending in `*` stands for every
/// label starting with the rest), one that does nothing (disabled), none
/// with a label (a board's canvas answers clicks everywhere, and a second click on it is the
/// player's own move, not a button that slid in), or one whose click does not change the game
/// (selecting a hero, opening a panel): a second click, by habit or a bounce, never acts on
/// the game through a control the player did not aim at. Returns how many buttons were clicked; panics naming each one that failed.
#[track_caller]
pub fn assert_nothing_new_under_the_pointer<S: ScreenUnderTest>(
    make: impl Fn() -> S,
    ctx: &Ctx,
    size: (f32, f32),
    same: &[(&str, &str)],
    what: &str,
) -> usize {
    let first = make();
    let mut ui = simulator_sized(size, first.draw(ctx));
    let mut labels = texts_in_view(&mut ui);
    drop(ui);
    labels.dedup_by(|a, b| a.1.center() == b.1.center());
    let mut clicked = 0;
    let mut failures = Vec::new();
    for (label, seen) in labels {
        let at = seen.center();
        let mut state = make();
        let messages = click_at(&state, ctx, size, at);
        if messages.is_empty() {
            continue;
        }
        clicked += 1;
        for m in messages {
            let _ = state.apply(m, ctx);
        }
        let second = click_at(&state, ctx, size, at);
        if second.is_empty() {
            continue;
        }
        let under: Vec<String> = {
            let mut ui = simulator_sized(size, state.draw(ctx));
            texts_in_view(&mut ui)
                .into_iter()
                .filter(|(_, r)| r.contains(at))
                .map(|(t, _)| t)
                .collect()
        };
        // No label there: a board or blank space, which a second click cannot mistake.
        let is_same = under.is_empty()
            || under.iter().any(|t| {
                *t == label
                    || same.iter().any(|(a, b)| {
                        (fits(a, &label) && fits(b, t)) || (fits(b, &label) && fits(a, t))
                    })
            });
        if is_same {
            continue;
        }
        // Another control: harmless unless a second click there changes the game (a hero's
        // tile that selects it, a panel that opens, are not actions).
        let before = state.changes();
        for m in second {
            let _ = state.apply(m, ctx);
        }
        if state.changes() != before {
            failures.push(format!(
                "after {label:?}, {under:?} at the same place changes the game when clicked"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{what} at {size:?}: {}",
        failures.join("; ")
    );
    clicked
}

/// Whether `text` is what `pattern` names: the same, or, for a pattern ending in `*`, what
/// starts with the rest.
fn fits(pattern: &str, text: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(start) => text.starts_with(start),
        None => pattern == text,
    }
}

/// The four window sizes TABLE-UX checks, as a screen's own area: 1366×768 and 1024×768, with
/// large type off and on (1.3 times the type, so 1/1.3 of the logical pixels), each less the
/// top bar; with the `Ctx` to draw them with.
pub fn table_sizes() -> [((f32, f32), Ctx<'static>); 4] {
    let normal = CTX;
    let large = Ctx {
        store: None,
        large_type: true,
    };
    [
        ((1366.0, 700.0), normal),
        ((1024.0, 700.0), normal),
        ((1366.0 / 1.3, 530.0), large),
        (LARGE_TYPE_1024, large),
    ]
}
