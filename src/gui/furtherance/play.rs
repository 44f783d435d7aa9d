//! The game's moves from the screen: starting a game from the form, a board click turned
//! into a move, an attack, a recruit or an answer, and every engine action applied as one
//! labelled history entry (the enemies' turn one step per entry, Run to end stepping on).

use super::*;

/// Most steps "Run to end" takes before stopping (a safety net: a phase is far shorter).
const RUN_LIMIT: usize = 500;

impl State {
    pub(super) fn start(&mut self, ctx: &Ctx) -> Action<Message> {
        let (board, catalog) = match &self.data {
            Ok(d) => (**d).clone(),
            Err(e) => return Action::error(e.to_string()),
        };
        let settings = self.setup.settings();
        let seed = match self.setup.seed() {
            Ok(seed) => seed,
            Err(e) => return Action::error(e.to_string()),
        };
        let cards = match &self.kingdom_cards {
            Ok(c) => (**c).clone(),
            Err(e) => return Action::error(e.to_string()),
        };
        // Your leader if you picked one (by name, from your leaders file), else drawn (SOLO
        // SETUP).
        let leader = match self.setup.leader() {
            None => None,
            Some(name) => match cards.find(furtherance::CardKind::Leader, name) {
                Some(l) => Some(l),
                None => {
                    return Action::error(format!(
                        "No leader called {name:?} in your leaders file: pick another"
                    ));
                }
            },
        };
        let game = Game::setup(settings, board, catalog, cards, seed, leader);
        let title = self.setup.title();
        let saved = Saved::new(title, "New game", game);
        self.doc = Some(Doc::new(ctx.new_id(crate::doc::Kind::Furtherance), saved));
        self.refresh();
        Action::none()
    }

    /// Applies an engine action as one history entry labelled with what happened, through
    /// `Saved::act` like `tablemate act`. Ending the turn and answering go through
    /// `Saved::act_one_step`, which does not run on: on the screen the enemies' turn goes one
    /// step (one entry) at a time.
    pub(super) fn play(&mut self, action: Play) -> Action<Message> {
        let Some(doc) = &mut self.doc else {
            return Action::none();
        };
        let stepped = match action {
            Play::EndTurn {} | Play::Answer { .. } => doc.saved.act_one_step(action),
            _ => doc.saved.act(action),
        };
        match stepped {
            Ok(_) => {
                if let Some(id) = self.selected
                    && doc.state().unit(id).is_none()
                {
                    self.selected = None;
                }
                Action::none()
            }
            Err(e) => Action::refused(&e),
        }
    }

    /// One step of the enemies' turn (or of a fight waiting on the agenda) as one entry.
    pub(super) fn next(&mut self) -> Action<Message> {
        let Some(g) = self.game() else {
            return Action::none();
        };
        if g.pending().is_some() || g.outcome().is_some() || !g.is_resolving() {
            return Action::none();
        }
        self.play(Play::Next {})
    }

    /// Steps until a question, the player's turn or the end; each step its own entry.
    pub(super) fn run_to_end(&mut self) -> Action<Message> {
        let mut changed = false;
        for _ in 0..RUN_LIMIT {
            let before = self.doc.as_ref().map(|d| d.saved.history.revision());
            let action = self.next();
            if self.doc.as_ref().map(|d| d.saved.history.revision()) == before {
                if changed && action.notice.is_none() {
                    break;
                }
                return action;
            }
            changed = true;
        }
        Action::none()
    }

    /// Answers the open question (option `option`, 0-based as the buttons are built); during
    /// your turn the fight then resolves to its end.
    pub(super) fn answer(&mut self, option: usize) -> Action<Message> {
        self.research_keep = None;
        self.play(Play::Answer { option: option + 1 })
    }

    /// A click on the board square `s`.
    pub(super) fn click(&mut self, s: Square) -> Action<Message> {
        let Some(g) = self.game() else {
            return Action::none();
        };
        // A question is answered on the board: a click on a ringed option answers it.
        if g.pending().is_some() {
            return match g.question_squares().iter().position(|o| *o == Some(s)) {
                Some(i) => self.answer(i),
                None => Action::none(),
            };
        }
        match self.mode {
            Mode::Relocate(unit) => {
                self.mode = Mode::Normal;
                return self.play(Play::Relocate { unit, to: s });
            }
            Mode::Place(owner, kind) => {
                self.mode = Mode::Normal;
                return self.play(Play::PlaceUnit {
                    owner,
                    kind,
                    square: s,
                });
            }
            Mode::Recruit(_) | Mode::Normal => {}
        }
        let my_turn = g.phase() == Phase::Player && !g.is_resolving() && g.outcome().is_none();
        let selected = self
            .selected
            .and_then(|id| g.unit(id))
            .filter(|u| u.owner == Seat::Player && my_turn)
            .map(|u| u.id);
        let here = g.unit_at(s).map(|u| (u.id, u.owner));
        let castle = g.board().castle_of(s);
        let actor = self.highlighted();
        // A move or an attack from the board shows its result in the turn log, in the
        // kingdom's place: with the kingdom open it said nothing in view (issue 32 §2).
        if selected.is_some() && here.is_none_or(|(_, owner)| owner != Seat::Player) {
            self.kingdom_open = false;
        }
        match (here, selected) {
            (Some((id, Seat::Player)), _) => {
                self.selected = (self.selected != Some(id)).then_some(id);
                self.mode = Mode::Normal;
                Action::none()
            }
            (Some((target, _)), Some(attacker)) => self.play(Play::AttackUnit { attacker, target }),
            (Some((id, _)), None) => {
                self.selected = (self.selected != Some(id)).then_some(id);
                // A click on the highlighted piece opens its "Why?": its step's line in the
                // turn log, beside the board.
                if actor == Some(id) {
                    self.why = self.doc.as_ref().map(|d| d.saved.history.cursor());
                }
                Action::none()
            }
            (None, Some(unit)) => match castle {
                Some(castle) if castle != Seat::Player => self.play(Play::AttackCastle {
                    attacker: unit,
                    castle,
                }),
                _ => self.play(Play::Move { unit, to: s }),
            },
            (None, None) => {
                let recruit = my_turn && castle == Some(Seat::Player);
                self.selected = None;
                self.mode = if recruit {
                    Mode::Recruit(s)
                } else {
                    Mode::Normal
                };
                Action::none()
            }
        }
    }
}
