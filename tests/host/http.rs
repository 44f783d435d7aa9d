//! Plain HTTP/1.1 over a socket, one request per connection: what a phone sends, with every
//! status visible (no client library turning a 4xx into an error).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

pub struct Reply {
    pub status: u16,
    /// The header lines, lower-cased.
    pub headers: String,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }
}

pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    try_request(addr, method, path, headers, body)
        .unwrap_or_else(|| panic!("no answer from {addr} to {method} {path}"))
}

/// `request`, or None when the host is gone (refused, or closed without a status line).
pub fn try_request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Option<Reply> {
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        head += "Content-Type: application/json\r\n";
    }
    for (k, v) in headers {
        head += &format!("{k}: {v}\r\n");
    }
    head += "\r\n";
    // A refused body may be cut off by the host: the answer is read all the same.
    let _ = s
        .write_all(head.as_bytes())
        .and_then(|()| s.write_all(body));
    let raw = read_reply(&mut s);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some(Reply {
        status,
        headers: head.to_lowercase(),
        body: body.to_string(),
    })
}

/// One answer's bytes: up to the end of its body when it says its length, else to the end of
/// the stream. Servers that answer `Connection: close` without closing (ChromeDriver does)
/// would otherwise hold every request for the whole read timeout.
fn read_reply(s: &mut TcpStream) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    loop {
        if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..end]).to_lowercase();
            let length = head.lines().find_map(|l| {
                let v = l.strip_prefix("content-length:")?;
                v.trim().parse::<usize>().ok()
            });
            if let Some(length) = length {
                while raw.len() < end + 4 + length {
                    match s.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => raw.extend_from_slice(&buf[..n]),
                    }
                }
                return raw;
            }
            let _ = s.read_to_end(&mut raw);
            return raw;
        }
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return raw,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
}

/// An open live stream (`/api/events`), read event by event.
pub struct Events {
    reader: BufReader<TcpStream>,
}

pub fn events(addr: &str, token: &str) -> Events {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    write!(
        s,
        "GET /api/events?token={token} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("send");
    let mut reader = BufReader::new(s);
    let mut line = String::new();
    reader.read_line(&mut line).expect("status line");
    assert!(line.contains(" 200 "), "{line}");
    loop {
        line.clear();
        reader.read_line(&mut line).expect("headers");
        if line.trim().is_empty() {
            break;
        }
    }
    Events { reader }
}

impl Events {
    /// The next revision the host announces; None when the stream ends.
    pub fn next_revision(&mut self) -> Option<u64> {
        let mut line = String::new();
        loop {
            line.clear();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            // Chunked framing lines and blank lines pass; the data line carries the number.
            if let Some(n) = line.trim().strip_prefix("data:") {
                return n.trim().parse().ok();
            }
        }
    }
}
