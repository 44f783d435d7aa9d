//! The Near and Far screen inside the whole app: a saved campaign opened from the home screen,
//! changed, autosaved, undone through the shell, and still there after a restart.

use tablemate::doc::Saved;
use tablemate::gui::{App, Message, Shortcut};
use tablemate::near_and_far::Campaign;
use tablemate::store::Store;

use super::common::*;

type Result = std::result::Result<(), iced_test::Error>;

use crate::shared::app::{click, shows};

fn saved(dir: &std::path::Path) -> Saved<Campaign> {
    let bytes = std::fs::read(dir.join("saves/nf-flow.json")).unwrap();
    let opened = tablemate::store::check_bytes(&bytes).unwrap();
    assert!(opened.to_string().contains("near-and-far"), "{opened}");
    let envelope: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    serde_json::from_value(envelope["data"].clone()).unwrap()
}

#[test]
fn a_campaign_opened_from_home_autosaves_each_step_and_undoes_through_the_shell() -> Result {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        let c = campaign(tablemate::near_and_far::Mode::Campaign);
        store
            .save("nf-flow", &Saved::new("Flow test", "New campaign", c))
            .unwrap();
    }
    let mut app = App::open(dir.path().to_path_buf());
    click(&mut app, "Open")?;
    assert!(shows(&app, "Flow test"));
    click(&mut app, "Start session")?;
    click(&mut app, "Defeated by Vera")?;
    app.flush_saves();
    let on_disk = saved(dir.path());
    assert_eq!(
        on_disk
            .current()
            .current_session()
            .unwrap()
            .threats
            .defeated
            .len(),
        1,
        "autosaved"
    );
    assert_eq!(
        on_disk.history.current_entry().label,
        "Vera defeats the active threat"
    );
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    assert!(shows(&app, "Active threat: level 4 (Bandit)"));
    app.flush_saves();
    let on_disk = saved(dir.path());
    assert!(
        on_disk
            .current()
            .current_session()
            .unwrap()
            .threats
            .defeated
            .is_empty(),
        "the undo is saved too"
    );
    drop(app);
    let mut app = App::open(dir.path().to_path_buf());
    click(&mut app, "Open")?;
    // A campaign with a session in play opens on the quest lookup.
    assert!(shows(&app, "Whose quest?"));
    assert!(shows(
        &app,
        "Near and Far — Campaign Mode — Rin, Vera — session 1 on Map 2"
    ));
    Ok(())
}
