//! The data a Furtherance game runs on: your board, units and kingdom card files (or the
//! bundled samples) as the screen loads them, the bar saying which are in use, and the two
//! editors ("Your cards", "Your board") opened, answered and closed, with the adoption of
//! changed files into a game in progress.

use iced::Element;
use iced::widget::{row, text};

use super::*;

/// Is the user's own copy of data file `rel` in their data folder?
pub(super) fn user_file(ctx: &Ctx, rel: &str) -> bool {
    ctx.data_root().is_some_and(|r| r.join(rel).exists())
}

pub(super) fn load(ctx: &Ctx) -> Result<Box<(Board, Catalog)>, crate::datafile::DataFileError> {
    furtherance::load_data(|rel| crate::store::read_data(ctx.data_root(), rel)).map(Box::new)
}

/// Your kingdom card files where you have them, else the bundled samples (issue 32 §1).
pub(super) fn load_cards(ctx: &Ctx) -> Result<Box<Cards>, crate::datafile::DataFileError> {
    furtherance::load_cards(|rel| crate::store::read_data(ctx.data_root(), rel)).map(Box::new)
}

/// Whether any of these kingdom cards still carries sample values.
pub fn sample_cards(cards: &Cards) -> bool {
    furtherance::CardKind::ALL
        .into_iter()
        .any(|k| cards.list(k).iter().any(|c| !c.sample_fields.is_empty()))
}

/// Which data a game runs on, at a glance, with the way to your own: "Unit cards: SAMPLE ·
/// Board: SAMPLE", the kingdom cards, and the "Your cards" button.
pub fn data_bar<'a>(
    data: Option<&'a (Board, Catalog)>,
    kingdom: Option<&'a Cards>,
) -> Element<'a, Message> {
    let (cards, board) = match data {
        Some((b, c)) => (
            if c.file().header.sample_data {
                "SAMPLE"
            } else {
                "yours"
            },
            if b.is_sample() { "SAMPLE" } else { "yours" },
        ),
        None => ("?", "?"),
    };
    let sample = cards != "yours" || board != "yours";
    // How many of the four kingdom card files carry no sample values.
    let mine = kingdom.map(|k| {
        furtherance::CardKind::ALL
            .into_iter()
            .filter(|kind| k.list(*kind).iter().all(|c| c.sample_fields.is_empty()))
            .count()
    });
    let kingdom = match mine {
        Some(0) => "SAMPLE".to_string(),
        Some(4) => "yours".to_string(),
        Some(n) => format!("{n} of 4 files yours"),
        None => "?".to_string(),
    };
    row![
        text(format!("Unit cards: {cards} · Board: {board}"))
            .size(style::BODY)
            .style(if sample {
                style::warning_text
            } else {
                style::success_text
            }),
        text(format!("Kingdom cards: {kingdom}"))
            .size(style::BODY)
            .style(if kingdom != "yours" {
                style::warning_text
            } else {
                style::success_text
            }),
        widgets::secondary("Your cards…", Some(Message::OpenCards)),
        widgets::secondary("Your board…", Some(Message::OpenBoard)),
    ]
    .spacing(style::GAP)
    .align_y(iced::Center)
    .padding([8, 30])
    .wrap()
    .vertical_spacing(6)
    .into()
}

impl State {
    /// The editors' messages: open, edit, save, close, adopt.
    pub(super) fn editors(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        match message {
            Message::OpenCards => {
                let file = match &self.data {
                    Ok(d) => d.1.file().clone(),
                    // A broken units file: start from the bundled sample rows.
                    Err(_) => match Catalog::bundled() {
                        Ok(c) => c.file().clone(),
                        Err(e) => return Action::error(e.to_string()),
                    },
                };
                let (kingdom, yours, trouble) = cards_io::open_kingdom_files(ctx);
                self.cards = Some(Box::new(cards::CardsEditor::new(
                    &file,
                    user_file(ctx, furtherance::UNITS_PATH),
                    kingdom,
                    yours,
                )));
                match trouble {
                    Some(e) => Action::error(format!(
                        "Your card file could not be read, so the editor shows the bundled sample instead: {e}"
                    )),
                    None => Action::none(),
                }
            }
            Message::CloseEditor => {
                self.cards = None;
                self.board_editor = None;
                Action::none()
            }
            Message::Adopt => match self.new_data() {
                Some(data) => self.play(Play::AdoptData {
                    data: Box::new(data),
                }),
                None => Action::none(),
            },
            Message::OpenBoard => {
                let file = match &self.data {
                    Ok(d) => d.0.file().clone(),
                    Err(_) => crate::furtherance::BoardFile::standard(),
                };
                self.board_editor = Some(Box::new(board_editor::BoardEditor::new(
                    file,
                    user_file(ctx, furtherance::BOARD_PATH),
                )));
                Action::none()
            }
            Message::BoardEdit(m) => {
                let Some(editor) = &mut self.board_editor else {
                    return Action::none();
                };
                match editor.update(m, ctx) {
                    board_editor::Outcome::None => Action::none(),
                    board_editor::Outcome::Error(e) => Action::error(e),
                    board_editor::Outcome::Saved(notice) => {
                        self.data = load(ctx);
                        match &self.data {
                            Ok(_) => Action::notice(notice),
                            Err(e) => Action::error(e.to_string()),
                        }
                    }
                }
            }
            Message::Cards(m) => {
                let Some(editor) = &mut self.cards else {
                    return Action::none();
                };
                match editor.update(m, ctx) {
                    cards::Outcome::None => Action::none(),
                    cards::Outcome::Error(e) => Action::error(e),
                    cards::Outcome::Pick(request, export) => Action::task(
                        crate::gui::files::pick(request)
                            .map(move |p| Message::Cards(CardsMsg::Picked(export, p))),
                    ),
                    cards::Outcome::Saved(notice) => {
                        self.data = load(ctx);
                        self.kingdom_cards = load_cards(ctx);
                        match (&self.data, &self.kingdom_cards) {
                            (Ok(_), Ok(_)) => Action::notice(notice),
                            (Err(e), _) | (_, Err(e)) => Action::error(e.to_string()),
                        }
                    }
                }
            }
            _ => Action::none(),
        }
    }

    /// The data now in use where it differs from the open game's copy (`None`: no game, or
    /// nothing differs): the board, the units and the four kingdom card files.
    pub fn new_data(&self) -> Option<furtherance::NewData> {
        let g = self.game()?;
        let (board, catalog) = self.data.as_ref().ok().map(|d| &**d)?;
        // Your kingdom card files too, where they differ from the game's (issue 32 §1); a
        // card file that does not load leaves the game's cards as they are.
        let cards = match &self.kingdom_cards {
            Ok(c) => &**c,
            Err(_) => g.cards(),
        };
        g.differing_data(board, catalog, cards)
    }
}

