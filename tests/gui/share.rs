//! "Share to the table" from the window (docs/table-network.md, "Sharing from the window"):
//! the panel shows every seat's link, the window's own changes reach the host, Stop sharing
//! hides the links and frees the port.

use tablemate::gui::share;
use tablemate::gui::{App, Message, Shortcut};

use super::{Result, campaign_with_one_result, click, shows};

/// A Furnace Duel campaign (Ann and Ben) shared on a free loopback port, started the way the
/// "Share" button's task starts it.
fn shared_campaign(dir: &std::path::Path) -> std::result::Result<App, iced_test::Error> {
    let mut app = App::open(dir.to_path_buf());
    campaign_with_one_result(&mut app)?;
    app.sharing.listen = "127.0.0.1:0".parse().expect("an address");
    click(&mut app, "Share")?;
    assert!(shows(&app, "Share to the table"));
    assert!(shows(&app, "Starting…"));
    start_as_the_task_does(&mut app);
    assert!(
        app.sharing.is_on(),
        "the host did not start: {:?}",
        app.sharing.error
    );
    Ok(app)
}

/// The "Share" click's task starts the host off the UI thread; a test runs the same start
/// itself and hands the result back as the task would.
fn start_as_the_task_does(app: &mut App) {
    let id = app.screen.document().expect("a game").id().to_string();
    let store = app.store.clone().expect("a store");
    let started = share::start(store, &id, app.sharing.listen);
    let _ = app.update(Message::Share(share::Message::Started(started)));
}

#[test]
fn opening_the_share_panel_shows_each_seats_link_and_stop_sharing_hides_it() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    let links = app.sharing.links().to_vec();
    let seats: Vec<&str> = links.iter().map(|l| l.seat.as_str()).collect();
    assert_eq!(seats, ["Ann", "Ben", "table"]);
    for l in &links {
        assert!(shows(&app, &l.link), "{} is not shown", l.link);
        assert!(l.link.starts_with("http://127.0.0.1:"));
    }
    // Plainly on, and where.
    let url = app.sharing.url().expect("an address").to_string();
    assert!(shows(
        &app,
        &format!("Sharing to the table on {url}: anyone with a seat's link can act as that seat.")
    ));
    assert!(shows(&app, "table (read-only, for a tablet or TV)"));
    click(&mut app, "Stop sharing")?;
    assert!(!app.sharing.is_on());
    for l in &links {
        assert!(!shows(&app, &l.link), "{} still shown", l.link);
    }
    assert!(!shows(&app, "Share to the table"));
    Ok(())
}

#[test]
fn a_new_link_revokes_the_seats_old_one() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    let old = app.sharing.links()[0].link.clone();
    let _ = app.update(Message::Share(share::Message::NewLink("Ann".into())));
    let new = app.sharing.links()[0].link.clone();
    assert_ne!(old, new);
    assert!(shows(&app, &new));
    assert!(!shows(&app, &old));
    Ok(())
}

#[test]
fn the_windows_own_change_while_sharing_reaches_the_host() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    let link = app.sharing.links()[0].link.clone();
    let token = link.rsplit('/').next().expect("a token").to_string();
    let url = app.sharing.url().expect("an address").to_string();
    let state = |token: &str| -> serde_json::Value {
        ureq::get(format!("{url}api/state"))
            .header("Authorization", format!("Bearer {token}"))
            .call()
            .expect("the host answers")
            .body_mut()
            .read_json()
            .expect("state JSON")
    };
    let before = state(&token);
    let newest = before["recent"][0].clone();
    assert!(newest.is_string(), "{before}");
    // Undo in the window: written through the host, which tells the phones at once.
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    written(&mut app);
    let after = state(&token);
    assert!(after["revision"].as_u64() > before["revision"].as_u64());
    assert_ne!(after["recent"][0], newest, "{after}");
    Ok(())
}

/// The window's writer thread has written what the window changed, and the window has read
/// what became of it (the `SaveReported` wake-up the writer sends).
fn written(app: &mut App) {
    for _ in 0..2 {
        app.flush_saves();
        let _ = app.update(Message::SaveReported);
    }
}

/// Posts `action` from the seat holding `link`, as a phone does; the answer's JSON.
fn phone_acts(app: &App, link: &str, action: serde_json::Value) -> serde_json::Value {
    let url = app.sharing.url().expect("sharing").to_string();
    let token = link.rsplit('/').next().expect("a token");
    ureq::post(format!("{url}api/act"))
        .header("Authorization", format!("Bearer {token}"))
        .send_json(serde_json::json!({ "action": action }))
        .expect("the host applies it")
        .body_mut()
        .read_json()
        .expect("act JSON")
}

fn labels(app: &App) -> Vec<String> {
    let (entries, cursor) = app.screen.document().expect("a game").history();
    entries[..=cursor].iter().map(|e| e.0.clone()).collect()
}

#[test]
fn a_phones_change_reaches_the_window() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    let ann = app.sharing.links()[0].link.clone();
    let before = labels(&app);
    let done = phone_acts(
        &app,
        &ann,
        serde_json::json!({"action": "set-runner-up-note", "note": "Ferry token 3"}),
    );
    let label = done["label"].as_str().expect("a label").to_string();
    // The host tells the window at once; the window reads the save again.
    let _ = app.update(Message::Share(share::Message::Heard));
    let after = labels(&app);
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(after.last(), Some(&label));
    assert!(shows(&app, &format!("From the table: {label}")));
    // Nothing left to write: the window's copy is what is on disk.
    let _ = app.update(Message::Share(share::Message::Heard));
    assert_eq!(labels(&app), after);
    Ok(())
}

#[test]
fn a_window_change_racing_a_phones_change_never_overwrites_the_phones() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    let ann = app.sharing.links()[0].link.clone();
    let done = phone_acts(
        &app,
        &ann,
        serde_json::json!({"action": "set-runner-up-note", "note": "Ferry token 3"}),
    );
    let label = done["label"].as_str().expect("a label").to_string();
    // Before the window looked, the host at the laptop undoes: built on a game without the
    // phone's change, so it is not written; the window shows the phone's change instead.
    let _ = app.update(Message::Shortcut(Shortcut::Undo));
    written(&mut app);
    assert_eq!(labels(&app).last(), Some(&label));
    assert!(app.banners.iter().any(|b| {
        b.text
            .starts_with("A phone changed the game at the same moment")
    }));
    let id = app.screen.document().expect("a game").id().to_string();
    let out = tablemate::cli::run_in(dir.path(), &["history", &id, "--json"], "");
    assert!(out.stdout.contains(&label), "{}", out.stdout);
    Ok(())
}

#[test]
fn a_busy_port_is_said_plainly_and_the_next_one_is_offered() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::open(dir.path().to_path_buf());
    campaign_with_one_result(&mut app)?;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port to hold");
    let busy = taken.local_addr().expect("its address");
    app.sharing.listen = busy;
    click(&mut app, "Share")?;
    let id = app.screen.document().expect("a game").id().to_string();
    let store = app.store.clone().expect("a store");
    let started = share::start(store, &id, app.sharing.listen);
    let _ = app.update(Message::Share(share::Message::Started(started)));
    assert!(!app.sharing.is_on());
    let port = busy.port();
    assert!(shows(
        &app,
        &format!(
            "Cannot share: port {port} is busy: another program on this computer is using it."
        )
    ));
    let next = format!("Share on port {} instead", port + 1);
    assert!(shows(&app, &next), "the next port is offered");
    click(&mut app, &next)?;
    assert_eq!(app.sharing.listen.port(), port + 1);
    drop(taken);
    Ok(())
}

#[test]
fn the_share_listen_setting_sets_the_address_and_a_bad_one_is_said() {
    let good = share::Sharing::from_setting(Some("127.0.0.1:9911"));
    assert_eq!(good.listen, "127.0.0.1:9911".parse().expect("addr"));
    assert!(good.setting_problem.is_none());
    let unset = share::Sharing::from_setting(None);
    assert_eq!(unset.listen, share::default_listen());
    let bad = share::Sharing::from_setting(Some("my laptop"));
    assert_eq!(bad.listen, share::default_listen());
    assert!(
        bad.setting_problem
            .as_deref()
            .is_some_and(|p| p.contains("\"my laptop\" is not HOST:PORT")),
        "{:?}",
        bad.setting_problem
    );
}

#[test]
fn a_bad_address_typed_in_the_share_panel_is_said_and_nothing_moves() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    let url = app.sharing.url().expect("sharing").to_string();
    assert!(shows(&app, "Address to share on (HOST:PORT)"));
    assert_eq!(
        app.sharing.listen_text, "127.0.0.1:0",
        "the field says where it shares"
    );
    // Typed into the field as a player types: "laptop" after the address.
    let mut ui = iced_test::simulator(app.view());
    ui.click(iced_test::selector::id(share::LISTEN_ID))?;
    ui.typewrite(" laptop");
    let messages: Vec<Message> = ui.into_messages().collect();
    for m in messages {
        let _ = app.update(m);
    }
    let typed = app.sharing.listen_text.clone();
    assert!(typed.contains(" laptop"), "{typed:?}");
    click(&mut app, "Share on this address")?;
    assert!(
        shows(
            &app,
            &format!(
                "“{}” is not an address to share on: write HOST:PORT, such as 0.0.0.0:8765 \
                 (every network) or 192.168.1.20:8765 (one network).",
                typed.trim()
            )
        ),
        "the problem is said in the panel"
    );
    assert_eq!(
        app.sharing.url(),
        Some(url.as_str()),
        "still sharing where it was"
    );
    assert!(
        !std::fs::read_to_string(dir.path().join("settings.json"))
            .unwrap_or_default()
            .contains("laptop"),
        "a bad address is not kept"
    );
    Ok(())
}

#[test]
fn an_address_set_in_the_share_panel_moves_sharing_there_and_is_kept_in_settings() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    let old = app.sharing.links().to_vec();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let address = format!("127.0.0.1:{port}");
    let _ = app.update(Message::Share(share::Message::ListenTyped(address.clone())));
    click(&mut app, "Share on this address")?;
    // The old host stops; the new one starts on the address typed.
    assert!(!app.sharing.is_on());
    assert_eq!(app.sharing.listen, address.parse().expect("addr"));
    assert!(shows(&app, "Starting…"));
    start_as_the_task_does(&mut app);
    assert_eq!(
        app.sharing.url(),
        Some(format!("http://{address}/").as_str())
    );
    for l in &old {
        assert!(!shows(&app, &l.link), "the old link {} is gone", l.link);
    }
    let settings = std::fs::read_to_string(dir.path().join("settings.json")).expect("settings");
    assert!(
        settings.contains(&format!("\"share_listen\": \"{address}\""))
            || settings.contains(&format!("\"share_listen\":\"{address}\"")),
        "{settings}"
    );
    // The next start of the app shares there too.
    let again = share::Sharing::from_setting(Some(&address));
    assert_eq!(again.listen_text, address);
    Ok(())
}

#[test]
fn esc_closes_the_share_panel_first_and_leaving_asks_before_the_phones_lose_the_game() -> Result {
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    assert!(app.sharing.open);
    let _ = app.update(Message::Shortcut(Shortcut::Back));
    assert!(!app.sharing.open, "the panel closes first");
    assert!(app.sharing.is_on(), "sharing goes on");
    assert!(app.screen.document().is_some(), "still in the game");
    // Leaving is asked first, in the panel; Stay keeps everything.
    for _ in 0..4 {
        if app.sharing.asking_to_leave {
            break;
        }
        let _ = app.update(Message::Shortcut(Shortcut::Back));
    }
    assert!(app.sharing.asking_to_leave, "leaving asks first");
    assert!(app.screen.document().is_some());
    assert!(shows(&app, "Leave the game?"));
    click(&mut app, "Stay in the game")?;
    assert!(app.sharing.is_on() && app.screen.document().is_some());
    let _ = app.update(Message::GoHome);
    click(&mut app, "Leave the game")?;
    assert!(!app.sharing.is_on());
    assert!(app.screen.document().is_none(), "Home");
    Ok(())
}

#[test]
fn a_window_action_still_legal_after_a_phones_change_is_applied_on_the_new_state() -> Result {
    use tablemate::furnace_duel::Seat;
    use tablemate::gui::furnace_duel::{Message as Fd, TallyField};
    let dir = tempfile::tempdir().unwrap();
    let mut app = shared_campaign(dir.path())?;
    let ann = app.sharing.links()[0].link.clone();
    let before = labels(&app).len();
    let done = phone_acts(
        &app,
        &ann,
        serde_json::json!({"action": "set-runner-up-note", "note": "Ferry token 3"}),
    );
    let phone = done["label"].as_str().expect("a label").to_string();
    // Before the window heard of it, the laptop records the next game's result.
    let _ = app.update(Message::Share(share::Message::Hide));
    let _ = app.update(Message::from(Fd::Tally(
        Seat::A,
        TallyField::Cash,
        "80".into(),
    )));
    let _ = app.update(Message::from(Fd::Tally(
        Seat::B,
        TallyField::Cash,
        "95".into(),
    )));
    // Below the fold in game 2: sent as the button sends it.
    let _ = app.update(Message::from(Fd::RecordResult));
    written(&mut app);
    assert!(
        !app.banners.iter().any(|b| b.error),
        "not dropped: {:?}",
        app.banners.iter().map(|b| &b.text).collect::<Vec<_>>()
    );
    let after = labels(&app);
    assert_eq!(after.len(), before + 2, "{after:?}");
    assert!(after.contains(&phone), "{after:?}");
    let id = app.screen.document().expect("a game").id().to_string();
    let out = tablemate::cli::run_in(dir.path(), &["history", &id, "--json"], "");
    let on_disk: serde_json::Value = serde_json::from_str(&out.stdout).expect("history JSON");
    assert_eq!(
        on_disk["entries"].as_array().map(Vec::len),
        Some(before + 2),
        "both on disk: {}",
        out.stdout
    );
    Ok(())
}
