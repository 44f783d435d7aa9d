//! Typed references from the engines to the rules digest (docs/rules.md, "Rule references").
//! Every refusal, every "Why?" and "Why not?" line and every reminder that rests on a rule
//! names the digest entry it cites by id, so each face can show that entry (a link in the
//! window, a tap on a phone, `--rules` on the command line). `tests::every_reference_resolves`
//! and each game's own list keep the ids honest.

use serde::Serialize;

use super::{Entry, Library};
pub use crate::doc::{Cites, Reminder, RuleRef};

impl RuleRef {
    /// The entry this names, if the library holds it.
    pub fn resolve(self, library: &Library) -> Option<&Entry> {
        library.entry(self.game, self.id).map(|(_, e)| e)
    }
}

/// What a face shows of a cited entry: the ref plus the entry's words, or nothing when the
/// library (a user's replaced digest, say) no longer holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cited {
    pub game: String,
    pub id: String,
    pub title: String,
    pub summary: String,
    pub page: String,
}

impl Cited {
    pub fn of(rule: RuleRef, library: &Library) -> Option<Cited> {
        rule.resolve(library).map(|e| Cited {
            game: rule.game.as_str().to_string(),
            id: e.id.clone(),
            title: e.title.clone(),
            summary: e.summary.clone(),
            page: e.page.clone(),
        })
    }
}

/// An entry's first page number, for "open my rulebook at p. N": "21-23" and "23, 32" give
/// 21 and 23; a section name ("SOLO AI section") gives none.
pub fn first_page(page: &str) -> Option<u32> {
    let digits: String = page
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok().filter(|&n| n > 0)
}

/// `file:///path/book.pdf#page=N`: the URL a PDF viewer opens at page N. `path` must be
/// absolute; characters a URL cannot hold raw are percent-encoded.
pub fn rulebook_url(path: &str, page: Option<u32>) -> String {
    let mut url = String::from("file://");
    for b in path.replace('\\', "/").bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                url.push(b as char)
            }
            b':' if url.len() > "file://".len() => url.push(':'),
            _ => url.push_str(&format!("%{b:02X}")),
        }
    }
    if !url["file://".len()..].starts_with('/') {
        // A Windows path ("C:/Books/x.pdf") takes a third slash.
        url.insert(7, '/');
    }
    if let Some(n) = page {
        url.push_str(&format!("#page={n}"));
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::Kind;

    #[test]
    fn the_first_page_of_an_entry_is_its_leading_number() {
        assert_eq!(first_page("21-23"), Some(21));
        assert_eq!(first_page("23, 32"), Some(23));
        assert_eq!(first_page("7"), Some(7));
        assert_eq!(first_page("SOLO AI section"), None);
        assert_eq!(first_page("10-14 (Britain)"), Some(10));
    }

    #[test]
    fn a_rulebook_url_opens_the_file_at_the_page() {
        assert_eq!(
            rulebook_url("/home/ann/Rules/Near and Far.pdf", Some(21)),
            "file:///home/ann/Rules/Near%20and%20Far.pdf#page=21"
        );
        assert_eq!(
            rulebook_url("C:\\Books\\fd.pdf", None),
            "file:///C:/Books/fd.pdf"
        );
        assert_eq!(
            rulebook_url("/b/#1.pdf", Some(3)),
            "file:///b/%231.pdf#page=3"
        );
    }

    #[test]
    fn a_reference_prints_as_game_slash_id() {
        let r = RuleRef::new(Kind::Furtherance, "solo-move-order");
        assert_eq!(r.to_string(), "furtherance/solo-move-order");
        assert_eq!(
            serde_json::to_value(r).unwrap(),
            serde_json::json!({"game": "furtherance", "id": "solo-move-order"})
        );
    }
}
