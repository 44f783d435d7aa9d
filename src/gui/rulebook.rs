//! "Open my rulebook at p. N" (docs/rules.md, "Your own rulebook"): a player's own rulebook
//! PDF per game, registered on the Rules screen and kept in `settings.json` (`rulebooks`),
//! opened with the system's opener at the page a digest entry gives.

use std::path::{Path, PathBuf};

/// A typed rulebook path, checked: it must name an existing file (a folder or a missing path
/// is refused, saying which). Kept absolute so the file URL works from anywhere.
// Kept String: shown verbatim under the rulebook's field.
pub fn check(typed: &str) -> Result<PathBuf, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Err("Type the path of your rulebook PDF first.".into());
    }
    let path = Path::new(typed);
    let path = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() => Ok(path),
        Ok(_) => Err(format!("{} is a folder, not a file.", path.display())),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

impl super::shell::App {
    /// Registers (`keep`) or forgets the typed rulebook of `game` on the Rules screen: a path
    /// that is not an existing file is refused there, saying why; the settings are saved.
    pub(super) fn keep_rulebook(&mut self, game: crate::doc::Kind, keep: bool) {
        let super::screens::Screen::Rules(r) = &mut self.screen else {
            return;
        };
        let said = if keep {
            match check(r.book_typed()) {
                Ok(path) => {
                    let said = format!("Your {} rulebook: {}", game.title(), path.display());
                    self.prefs
                        .settings
                        .rulebooks
                        .insert(game.as_str().to_string(), path);
                    said
                }
                Err(why) => return r.book_refused(why),
            }
        } else {
            self.prefs.settings.rulebooks.remove(game.as_str());
            format!("Your {} rulebook is forgotten.", game.title())
        };
        r.set_rulebooks(self.prefs.settings.rulebooks.clone(), said);
        self.save_settings();
    }
}

/// The URL "open my rulebook at p. N" opens.
pub fn url(path: &Path, page: Option<u32>) -> String {
    crate::rules::rulebook_url(&path.to_string_lossy(), page)
}

/// Hands `url` to the opener (the system's, or `TABLEMATE_OPENER`'s), waited on off the
/// window's thread: what to say under the button now, and the task whose message says how the
/// opener exited ([`failed`] words a failure, with the path and page to open by hand).
pub fn open(
    opener: &crate::print::Opener,
    path: &Path,
    page: Option<u32>,
) -> (String, iced::Task<super::rules::Message>) {
    let url = url(path, page);
    let at = page.map(|n| format!(" at page {n}")).unwrap_or_default();
    let shown = path.to_path_buf();
    let task = super::opener::waiting(opener.clone(), url.into(), move |how| {
        super::rules::Message::BookOpened(shown, page, how)
    });
    (format!("Opening {}{at}.", path.display()), task)
}

/// What the Rules screen says when the opener failed or is missing: why, and the path and
/// page to open by hand.
pub fn failed(path: &Path, page: Option<u32>, why: &str) -> String {
    let at = page.map(|n| format!(" at page {n}")).unwrap_or_default();
    format!(
        "Your rulebook did not open ({why}): open {}{at} yourself.",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rulebook_must_be_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let book = dir.path().join("Near and Far.pdf");
        std::fs::write(&book, b"%PDF-1.4").unwrap();
        assert_eq!(check(&book.to_string_lossy()), Ok(book.clone()));
        let folder = check(&dir.path().to_string_lossy()).unwrap_err();
        assert!(folder.contains("is a folder"), "{folder}");
        let missing = check(&dir.path().join("gone.pdf").to_string_lossy()).unwrap_err();
        assert!(missing.contains("gone.pdf"), "{missing}");
        assert!(check("  ").is_err());
    }

    #[test]
    fn the_rulebook_url_opens_the_entrys_page() {
        let u = url(Path::new("/books/Near and Far.pdf"), Some(21));
        assert_eq!(u, "file:///books/Near%20and%20Far.pdf#page=21");
        assert_eq!(url(Path::new("/b/x.pdf"), None), "file:///b/x.pdf");
    }
}
