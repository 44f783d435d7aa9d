//! What the army screen's buttons do to the open game: each change goes through the engine as
//! one labelled history entry (while armies are secret, labels never name a recruit), and a
//! refusal comes back as the engine's reason.

use super::{EDIT_LABELS, Message, State};
use crate::army::{FollowerRef, HandStats};
use crate::gui::screen::Action;

impl State {
    /// Changes to the open game, each one labelled history entry.
    pub(crate) fn play(&mut self, message: Message) -> Action<Message> {
        let Some(doc) = &mut self.doc else {
            return Action::none();
        };
        let g = doc.state().clone();
        let pname = |p: usize| {
            g.players
                .get(p)
                .map_or("?", |pl| pl.name.as_str())
                .to_string()
        };
        let fname = |at: FollowerRef| {
            g.follower(at).map_or_else(
                |_| "?".to_string(),
                |f| format!("{}'s {}", pname(at.player), f.label),
            )
        };
        let editing = self.editing;
        let result: Result<(), String> = match message {
            // Labels while writing armies never say what was recruited: the history is on
            // screen for everyone.
            Message::Recruit(kind) => doc
                .apply(format!("{} writes their army", pname(editing)), |s| {
                    s.recruit(editing, kind)
                })
                .map_err(|e| e.to_string()),
            Message::Dismiss(i) => doc
                .apply(format!("{} writes their army", pname(editing)), |s| {
                    s.dismiss(editing, i).map(|_| ())
                })
                .map_err(|e| e.to_string()),
            Message::Hide => doc
                .apply(format!("{} hides their army", pname(editing)), |s| {
                    s.hide(editing)
                })
                .map_err(|e| e.to_string()),
            Message::Show => doc
                .apply(format!("{} shows their army", pname(editing)), |s| {
                    s.show(editing)
                })
                .map_err(|e| e.to_string()),
            Message::BeginPlay => {
                let first = self.first;
                doc.apply(
                    format!("Armies revealed; {} goes first", pname(first)),
                    |s| s.start(first),
                )
                .map_err(|e| e.to_string())
            }
            Message::Attack(target) => {
                let Some(attacker) = self.selected else {
                    return Action::error("Pick the attacking follower first.");
                };
                let mut probe = g.clone();
                let label = match probe.attack(attacker, target) {
                    Ok(r) if r.killed => format!(
                        "{} attacks {}: killed; {} earns a promotion",
                        fname(attacker),
                        fname(target),
                        g.follower(attacker).map_or("it", |f| f.label.as_str())
                    ),
                    Ok(r) => format!(
                        "{} attacks {}: {} damage, {} health left",
                        fname(attacker),
                        fname(target),
                        r.damage,
                        r.target_health
                    ),
                    Err(e) => return Action::error(e.to_string()),
                };
                let done = doc
                    .apply(label, |s| s.attack(attacker, target).map(|_| ()))
                    .map_err(|e| e.to_string());
                if done.is_ok() {
                    self.selected = None;
                }
                done
            }
            Message::Promote(at, p) => doc
                .apply(format!("{}: promotion {}", fname(at), p.title()), |s| {
                    s.promote(at, p)
                })
                .map_err(|e| e.to_string()),
            Message::EndTurn => {
                let mut probe = g.clone();
                let next = match probe.end_turn() {
                    Ok(n) => n,
                    Err(e) => return Action::error(e.to_string()),
                };
                let current = g.turn().map(&pname).unwrap_or_default();
                let done = doc
                    .apply(
                        format!("{current} ends the turn; {} to play", pname(next)),
                        |s| s.end_turn().map(|_| ()),
                    )
                    .map_err(|e| e.to_string());
                self.selected = None;
                done
            }
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
                let at = edit.at;
                doc.apply(
                    format!(
                        "{}: resource card sets movement {movement}, damage {damage}, health {health}/{max_health}",
                        fname(at)
                    ),
                    |s| {
                        s.set_by_hand(
                            at,
                            HandStats {
                                movement,
                                damage,
                                max_health,
                                health,
                            },
                        )
                    },
                )
                .map_err(|e| e.to_string())
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
                let at = edit.at;
                doc.apply(
                    format!("{} takes {amount} damage (by hand)", fname(at)),
                    |s| s.damage_by_hand(at, amount).map(|_| ()),
                )
                .map_err(|e| e.to_string())
            }
            Message::Become(kind) => {
                let Some(edit) = &self.edit else {
                    return Action::none();
                };
                let at = edit.at;
                doc.apply(format!("{} becomes a {kind}", fname(at)), |s| {
                    s.become_kind(at, kind)
                })
                .map_err(|e| e.to_string())
            }
            Message::ResourceCard => {
                let Some(edit) = &self.edit else {
                    return Action::none();
                };
                let at = edit.at;
                doc.apply(format!("{} gathers a Resource Card", fname(at)), |s| {
                    s.gather_resource_card(at)
                })
                .map_err(|e| e.to_string())
            }
            _ => return Action::none(),
        };
        match result {
            Ok(()) => {
                if let Some(edit) = self.edit.as_deref().map(|e| e.at) {
                    self.open_edit(edit);
                }
                Action::changed()
            }
            Err(e) => Action::error(e),
        }
    }
}
