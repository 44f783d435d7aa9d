//! A play as the BG Stats app takes it through its "push plays" link: a URL carrying one play
//! as JSON (`sourceName`, `sourcePlayId`, `playDate`, `game`, `players` with `name`, `score`,
//! `winner`). Tablemate only makes the link; opening it (a phone scanning the QR code, a
//! click) is the player's doing, and nothing is sent by Tablemate (docs/plays.md).

use serde_json::json;

use super::Play;

/// The app's name in every play it hands over (BG Stats groups plays by it).
pub const SOURCE_NAME: &str = "Tablemate";

/// Where BG Stats takes a pushed play (its "push plays" support page gives this address): the
/// JSON follows, percent-encoded.
pub const ADD_PLAY: &str = "https://app.bgstatsapp.com/createPlay.html?data=";

/// The play as BG Stats' JSON. `only` keeps one player (a phone seat offering the play to its
/// own player); `None` keeps every player.
pub fn play_json(play: &Play, only: Option<&str>) -> serde_json::Value {
    let players: Vec<serde_json::Value> = play
        .facts
        .players
        .iter()
        .filter(|p| only.is_none_or(|o| o == p.name))
        .map(|p| {
            let mut v = json!({ "name": p.name, "winner": p.winner });
            if let Some(score) = p.score {
                v["score"] = json!(score);
            }
            if !p.plays.is_empty() {
                v["role"] = json!(p.plays);
            }
            v
        })
        .collect();
    let mut v = json!({
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        "playDate": play.start.format("%Y-%m-%d %H:%M:%S").to_string(),
        "durationMin": play.minutes,
        "game": {
            "name": play.game.title(),
            "sourceGameId": play.game.as_str(),
            "highestWins": true,
            // A solo Furtherance game or an army battle has a winner and no points.
            "noPoints": play.facts.players.iter().all(|p| p.score.is_none()),
        },
        "players": players,
    });
    if let Some(scenario) = &play.facts.scenario {
        v["board"] = json!(scenario);
    }
    v
}

/// The "push plays" link of `play` (see [`play_json`] for `only`).
pub fn link(play: &Play, only: Option<&str>) -> String {
    let json = play_json(play, only).to_string();
    format!("{ADD_PLAY}{}", percent_encode(&json))
}

/// Percent-encodes everything but the unreserved characters of a URL (RFC 3986).
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Decodes what [`percent_encode`] wrote (for tests and for reading a link back).
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = text.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}
