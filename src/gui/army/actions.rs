//! What the army screen's buttons do to the open game: each becomes an `army::Action` applied
//! through `Saved::act` (one labelled history entry, the same as `tablemate act`), and a
//! refusal comes back as the engine's reason.

use super::{EDIT_LABELS, Message, State};
use crate::army::{Action as ArmyAction, HandStats};
use crate::gui::screen::Action;

impl State {
    /// Changes to the open game, each one labelled history entry.
    pub(crate) fn play(&mut self, message: Message) -> Action<Message> {
        let Some(doc) = &mut self.doc else {
            return Action::none();
        };
        let editing = self.editing;
        let action = match message {
            Message::Recruit(kind) => ArmyAction::Recruit {
                player: editing,
                kind,
            },
            Message::Dismiss(index) => ArmyAction::Dismiss {
                player: editing,
                index,
            },
            Message::Hide => ArmyAction::Hide { player: editing },
            Message::Show => ArmyAction::Show { player: editing },
            Message::BeginPlay => ArmyAction::Start { first: self.first },
            Message::Attack(target) => {
                let Some(attacker) = self.selected else {
                    return Action::error("Pick the attacking follower first.");
                };
                ArmyAction::Attack { attacker, target }
            }
            Message::Promote(follower, promotion) => ArmyAction::Promote {
                follower,
                promotion,
            },
            Message::EndTurn => ArmyAction::EndTurn {},
            Message::ApplyEdit => {
                let Some(edit) = &self.edit else {
                    return Action::none();
                };
                let mut values = [0u8; 4];
                for (i, raw) in edit.fields.iter().enumerate() {
                    match raw.trim().parse::<u8>() {
                        Ok(v) => values[i] = v,
                        Err(_) => {
                            return Action::error(format!(
                                "{} must be a whole number from 0 (it is “{raw}”)",
                                EDIT_LABELS[i]
                            ));
                        }
                    }
                }
                let [movement, damage, max_health, health] = values;
                ArmyAction::SetByHand {
                    follower: edit.at,
                    stats: HandStats {
                        movement,
                        damage,
                        max_health,
                        health,
                    },
                }
            }
            Message::ApplyDamage => {
                let Some(edit) = &self.edit else {
                    return Action::none();
                };
                let Ok(amount) = edit.damage.trim().parse::<u8>() else {
                    return Action::error(format!(
                        "Damage must be a whole number (it is “{}”)",
                        edit.damage
                    ));
                };
                ArmyAction::DamageByHand {
                    follower: edit.at,
                    amount,
                }
            }
            Message::Become(kind) => match &self.edit {
                Some(edit) => ArmyAction::Become {
                    follower: edit.at,
                    kind,
                },
                None => return Action::none(),
            },
            Message::ResourceCard => match &self.edit {
                Some(edit) => ArmyAction::GatherResourceCard { follower: edit.at },
                None => return Action::none(),
            },
            _ => return Action::none(),
        };
        // A done attack or turn end clears the attacker picked for the next one.
        let clears_selection = matches!(action, ArmyAction::Attack { .. } | ArmyAction::EndTurn {});
        let result = doc.saved.act(action).map(|_| ());
        if clears_selection && result.is_ok() {
            self.selected = None;
        }
        match result {
            Ok(()) => {
                if let Some(edit) = self.edit.as_deref().map(|e| e.at) {
                    self.open_edit(edit);
                }
                Action::none()
            }
            // The refusal names its rule, offered beside it (docs/rules.md).
            Err(e) => Action::refused(&e),
        }
    }
}
