//! The toolkit every data file's parser shares: the `data_kind` check and JSON errors with
//! line, column and the line quoted (`parse`, `at`), the opening fields every file has
//! (`Header`), and the checks of lists (`FirstSeen`, `first_repeat`, `holds_each_once`).
//!
//! A leaf: it names no game and no other layer. Reading a file (the user's replacement or the
//! bundled one) is the store's (`store::read_data`, `store::load_data`); which game owns a
//! `data_kind` is the games table's (`games::check_data`). See docs/architecture.md.

/// Why a data file cannot be used: which file, where in it, and what is wrong there. Every
/// parser and check of a data file returns it; the parsers see only the text, so `file` is
/// filled by whoever read the file (`in_file`: the store, `parse_bundled`). Shown as
/// "file: at: problem", leaving out what is empty, the way `doc::Invalid` is shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.shown())]
pub struct DataFileError {
    /// The file as a player finds it: a path, or "data/army/followers.json (bundled)"; empty
    /// until the reader names it.
    pub file: String,
    /// Where in the file: a line and column with the line quoted, a field path
    /// (`followers[general].cost`), a row or a map; empty when the problem is the whole file.
    pub at: String,
    pub problem: String,
}

impl DataFileError {
    /// A problem at `at` in a file not yet named.
    pub fn new(at: impl Into<String>, problem: impl Into<String>) -> Self {
        DataFileError {
            file: String::new(),
            at: at.into(),
            problem: problem.into(),
        }
    }

    /// A problem with the file as a whole (its kind, a list that misses an entry).
    pub fn whole(problem: impl Into<String>) -> Self {
        DataFileError::new("", problem)
    }

    /// The same problem, naming the file it is in (a name already given is kept: the
    /// innermost reader knows the file best).
    pub fn in_file(mut self, file: impl Into<String>) -> Self {
        if self.file.is_empty() {
            self.file = file.into();
        }
        self
    }

    /// The same problem seen from a containing value: `cards[2]` + `name` is `cards[2].name`.
    pub fn within(mut self, outer: &str) -> Self {
        self.at = match self.at.is_empty() {
            true => outer.to_string(),
            false => format!("{outer}.{}", self.at),
        };
        self
    }

    fn shown(&self) -> String {
        [&self.file, &self.at, &self.problem]
            .into_iter()
            .filter(|s| !s.is_empty())
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(": ")
    }
}

/// A state's problem (`doc::Invalid`) found inside a data file, at the same field path.
impl From<crate::doc::Invalid> for DataFileError {
    fn from(e: crate::doc::Invalid) -> Self {
        DataFileError::new(e.at, e.problem)
    }
}

/// A data file a game owns, by its `data_kind` field: each engine lists its own in
/// `DATA_KINDS`, and the games table finds a file's owner there (`games::check_data`).
#[derive(Clone, Copy)]
pub struct DataKind {
    pub name: &'static str,
    /// Validates the file's text (its `data_kind` is `name`); a one-line summary.
    pub check: fn(&str) -> Result<String, DataFileError>,
}

/// Parses a data file's text into `T` after checking its `data_kind`. Errors name the line
/// and column and quote the line, or the data kind found, so the caller only adds the file's
/// name. Text that is not JSON at all says so ("line 3 column 9 (...): not valid JSON: ...").
pub fn parse<T: serde::de::DeserializeOwned>(
    text: &str,
    data_kind: &str,
) -> Result<T, DataFileError> {
    #[derive(serde::Deserialize)]
    struct Probe {
        data_kind: Option<String>,
    }
    let value = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(value) => value,
        Err(e) => {
            let mut err = at(text, &e);
            err.problem = format!("not valid JSON: {}", err.problem);
            return Err(err);
        }
    };
    let probe: Probe = serde_json::from_value(value.clone()).map_err(|e| at(text, &e))?;
    match probe.data_kind.as_deref() {
        Some(k) if k == data_kind => from_str_at_path(text).map_err(|(e, path)| {
            let mut err = at_path(text, &e, &path);
            // A field the kind needs is missing: perhaps another kind of file carries this
            // label (a units file labelled as a board). Name what it holds instead.
            match (
                e.to_string().starts_with("missing field"),
                value.as_object(),
            ) {
                (true, Some(fields)) => {
                    let names: Vec<&str> = fields
                        .keys()
                        .map(String::as_str)
                        .filter(|k| !HEADER_FIELDS.contains(k))
                        .collect();
                    err.problem = format!(
                        "{}; the file is labelled data_kind {data_kind:?} but holds {}: \
                         is it another kind of file with the wrong data_kind?",
                        err.problem,
                        if names.is_empty() {
                            "no fields besides its header".to_string()
                        } else {
                            format!("the field(s) {}", names.join(", "))
                        }
                    );
                    err
                }
                _ => err,
            }
        }),
        Some(k) => Err(DataFileError::new(
            "data_kind",
            format!("{k:?}, expected {data_kind:?}"),
        )),
        None => Err(DataFileError::whole(format!(
            "no data_kind field (expected {data_kind:?})"
        ))),
    }
}

/// `serde_json::from_str`, an error also saying where in the file's structure it is
/// ("arrows.left.b4[0]"; empty at the top).
fn from_str_at_path<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Result<T, (serde_json::Error, String)> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = match e.path().iter().next() {
            Some(_) => e.path().to_string(),
            None => String::new(),
        };
        (e.into_inner(), path)
    })?;
    de.end().map_err(|e| (e, String::new()))?;
    Ok(value)
}

/// The fields of the shared [`Header`], left out when naming what a file holds.
const HEADER_FIELDS: [&str; 4] = ["data_kind", "sample_data", "source", "note"];

/// Where a JSON error is: "line 2 column 10 (`"value": 300}`)", the line quoted (trimmed,
/// at most 80 characters) so a hand-edited file's mistake can be found without counting.
/// serde reports an unknown field of a file with a shared [`Header`] at the end of the object;
/// the field's own line is found and named instead.
pub fn at(text: &str, e: &serde_json::Error) -> DataFileError {
    at_path(text, e, "")
}

/// `at`, the place followed by `path`, where in the file's structure the error is
/// ("line 202 column 7 (`],`): arrows.left.b4[0]", then the problem).
fn at_path(text: &str, e: &serde_json::Error, path: &str) -> DataFileError {
    let message = e.to_string();
    // serde_json ends its message with the position, which is given first here.
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = message.strip_suffix(&suffix).unwrap_or(&message);
    let (line, column) = unknown_field(message)
        .and_then(|field| key_position(text, field))
        .unwrap_or((e.line(), e.column()));
    let quoted: String = text
        .lines()
        .nth(line.saturating_sub(1))
        .unwrap_or("")
        .trim()
        .chars()
        .take(80)
        .collect();
    let mut place = if quoted.is_empty() {
        format!("line {line} column {column}")
    } else {
        format!("line {line} column {column} (`{quoted}`)")
    };
    if !path.is_empty() {
        place = format!("{place}: {path}");
    }
    DataFileError::new(place, message)
}

/// The field named by serde's "unknown field `notes`, expected ..." message.
fn unknown_field(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("unknown field `")?;
    rest.split_once('`').map(|(field, _)| field)
}

/// The 1-based line and column of the first key `"field":` in `text`.
fn key_position(text: &str, field: &str) -> Option<(usize, usize)> {
    let key = format!("\"{field}\"");
    text.lines().enumerate().find_map(|(i, line)| {
        let col = line.find(&key)?;
        line[col + key.len()..]
            .trim_start()
            .starts_with(':')
            .then_some((i + 1, col + 1))
    })
}

/// The fields every data file opens with: what it is, whether it holds sample data rather
/// than the publisher's, where its facts come from and a note to the reader. Each file's
/// struct takes it with `#[serde(flatten)]` (unknown fields are still refused by the file's
/// own `deny_unknown_fields`).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Header {
    pub data_kind: String,
    #[serde(default)]
    pub sample_data: bool,
    #[serde(default, deserialize_with = "text_or_null")]
    pub source: String,
    #[serde(default, deserialize_with = "text_or_null")]
    pub note: String,
}

impl Header {
    pub fn new(data_kind: &str, sample_data: bool, source: &str, note: &str) -> Header {
        Header {
            data_kind: data_kind.to_string(),
            sample_data,
            source: source.to_string(),
            note: note.to_string(),
        }
    }

    /// Refuses a file of another kind, naming both.
    pub fn expect_kind(&self, data_kind: &str) -> Result<(), DataFileError> {
        if self.data_kind == data_kind {
            Ok(())
        } else {
            Err(DataFileError::new(
                "data_kind",
                format!("{:?}, expected {data_kind:?}", self.data_kind),
            ))
        }
    }
}

/// A text field a hand-written file may also leave `null`.
fn text_or_null<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    <Option<String> as serde::Deserialize>::deserialize(d).map(Option::unwrap_or_default)
}

/// What a list that must hold each of a set exactly once got wrong (every board, every follower
/// type, Maps 1 to 11): the first one missing or repeated, in the order of the set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotOnce<K> {
    Missing(K),
    Repeated(K, usize),
}

/// Checks that `found` holds each of `expected` exactly once (anything else in `found` is the
/// caller's to refuse).
pub fn each_exactly_once<K: PartialEq + Copy>(
    expected: impl IntoIterator<Item = K>,
    found: &[K],
) -> Result<(), NotOnce<K>> {
    for k in expected {
        match found.iter().filter(|f| **f == k).count() {
            1 => {}
            0 => return Err(NotOnce::Missing(k)),
            n => return Err(NotOnce::Repeated(k, n)),
        }
    }
    Ok(())
}

/// Checks that the list `list` of a data file (its keys `found`, in file order) holds each of
/// `expected` exactly once, and says what is wrong in the file's terms: a repeat names where
/// the first one is ("boards[4] (\"alps\"): listed twice, first at boards[0]"), a gap names
/// what is missing and what the list must hold (`set`, e.g. "the six boards"). Anything in
/// `found` beyond `expected` is the caller's to refuse.
pub fn holds_each_once<K: Eq + std::hash::Hash + Copy>(
    list: &str,
    set: &str,
    expected: impl IntoIterator<Item = K>,
    found: &[K],
    name: impl Fn(K) -> String,
) -> Result<(), DataFileError> {
    if let Some((first, i, k)) = first_repeat(found.iter().copied()) {
        return Err(DataFileError::new(
            format!("{list}[{i}] ({})", name(k)),
            format!("listed twice, first at {list}[{first}]"),
        ));
    }
    match each_exactly_once(expected, found) {
        Ok(()) => Ok(()),
        Err(NotOnce::Missing(k) | NotOnce::Repeated(k, _)) => Err(DataFileError::new(
            list,
            format!("{} is missing (expected {set} once each)", name(k)),
        )),
    }
}

/// Remembers where each key of a list was first seen, so a loop that checks a list entry by
/// entry can refuse a repeat and say where the first one is ("talents[4]: listed twice, first
/// at talents[1]"). Keys are compared as given: fold case or trim before passing them. "Where"
/// is an index unless the list spans more than one place (a map and a file, say).
#[derive(Debug, Clone)]
pub struct FirstSeen<K, At = usize> {
    at: std::collections::HashMap<K, At>,
}

impl<K: Eq + std::hash::Hash, At> Default for FirstSeen<K, At> {
    fn default() -> Self {
        FirstSeen {
            at: std::collections::HashMap::new(),
        }
    }
}

impl<K: Eq + std::hash::Hash, At: Copy> FirstSeen<K, At> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `key` as seen at `at`; if it was seen before, returns where it was first seen
    /// (and keeps that place).
    pub fn again(&mut self, key: K, at: At) -> Option<At> {
        match self.at.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => Some(*e.get()),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(at);
                None
            }
        }
    }

    /// Whether `key` was seen (a later list may only name what this one holds).
    pub fn contains<Q>(&self, key: &Q) -> bool
    where
        K: std::borrow::Borrow<Q>,
        Q: Eq + std::hash::Hash + ?Sized,
    {
        self.at.contains_key(key)
    }
}

/// The first key of `keys` that repeats an earlier one, as `(first index, repeat index, key)`.
pub fn first_repeat<K: Eq + std::hash::Hash>(
    keys: impl IntoIterator<Item = K>,
) -> Option<(usize, usize, K)> {
    let mut seen = FirstSeen::<K>::new();
    keys.into_iter()
        .enumerate()
        .find_map(|(i, k)| match seen.at.get(&k) {
            Some(&first) => Some((first, i, k)),
            None => {
                seen.at.insert(k, i);
                None
            }
        })
}

/// Parses bundled data file `path` with `parse`; an error names the file
/// ("data/army/followers.json (bundled): ...").
pub fn parse_bundled<T>(
    path: &str,
    parse: impl FnOnce(&str) -> Result<T, DataFileError>,
) -> Result<T, DataFileError> {
    parse(bundled(path)?).map_err(|e| e.in_file(format!("{path} (bundled)")))
}

/// For the loaders' tests: the bundled data file `path` with `edit` applied to its JSON, as
/// text (a file one mistake away from the shipped one).
#[cfg(test)]
pub(crate) fn edited_bundled(path: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let text = crate::bundled::get(path).unwrap_or_else(|| panic!("{path} is bundled"));
    let mut v: serde_json::Value = serde_json::from_str(text).expect("bundled files are JSON");
    edit(&mut v);
    v.to_string()
}

/// The text of bundled data file `path`, or why there is none.
pub fn bundled(path: &str) -> Result<&'static str, DataFileError> {
    crate::bundled::get(path).ok_or_else(|| DataFileError {
        file: path.to_string(),
        at: String::new(),
        problem: "not bundled in this build".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    struct Sample {
        #[allow(dead_code)]
        data_kind: String,
        value: u8,
    }

    #[test]
    fn a_data_file_of_another_kind_is_named_as_such() {
        let err = parse::<Sample>(r#"{"data_kind":"army-list","value":1}"#, "army-followers")
            .unwrap_err();
        assert_eq!(
            err,
            DataFileError::new("data_kind", "\"army-list\", expected \"army-followers\"")
        );
        assert_eq!(
            err.to_string(),
            "data_kind: \"army-list\", expected \"army-followers\""
        );
        let err = parse::<Sample>(r#"{"value":1}"#, "army-followers").unwrap_err();
        assert!(err.to_string().starts_with("no data_kind field"), "{err}");
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct WithHeader {
        #[serde(flatten)]
        header: Header,
        #[allow(dead_code)]
        value: u8,
    }

    #[test]
    fn a_data_files_header_is_shared_and_unknown_fields_are_still_refused() {
        let f: WithHeader =
            serde_json::from_str(r#"{"data_kind":"x","note":null,"source":"p. 3","value":1}"#)
                .unwrap();
        assert_eq!(f.header, Header::new("x", false, "p. 3", ""));
        assert_eq!(f.header.expect_kind("x"), Ok(()));
        assert_eq!(
            f.header.expect_kind("y").unwrap_err().to_string(),
            "data_kind: \"x\", expected \"y\""
        );
        let err = serde_json::from_str::<WithHeader>(r#"{"data_kind":"x","value":1,"junk":2}"#)
            .unwrap_err();
        assert!(err.to_string().contains("unknown field `junk`"), "{err}");
    }

    #[test]
    fn a_misspelt_field_is_named_at_its_own_line() {
        let text = "{\n  \"data_kind\": \"x\",\n  \"notes\": \"hi\",\n  \"value\": 1\n}\n";
        let err = parse::<WithHeader>(text, "x").unwrap_err();
        assert_eq!(err.at, "line 3 column 3 (`\"notes\": \"hi\",`)");
        assert!(err.problem.starts_with("unknown field `notes`"), "{err}");
    }

    #[test]
    fn each_exactly_once_names_the_first_missing_or_repeated() {
        assert_eq!(each_exactly_once([1, 2, 3], &[3, 1, 2]), Ok(()));
        assert_eq!(
            each_exactly_once([1, 2, 3], &[1, 3]),
            Err(NotOnce::Missing(2))
        );
        assert_eq!(
            each_exactly_once([1, 2, 3], &[1, 2, 2, 3, 2]),
            Err(NotOnce::Repeated(2, 3))
        );
    }

    #[test]
    fn a_list_that_must_hold_each_once_names_a_repeat_and_a_gap() {
        let name = |n: u8| format!("#{n}");
        assert_eq!(
            holds_each_once("xs", "1 to 3", 1..=3, &[3, 1, 2], name),
            Ok(())
        );
        assert_eq!(
            holds_each_once("xs", "1 to 3", 1..=3, &[1, 2, 1, 3], name).unwrap_err(),
            DataFileError::new("xs[2] (#1)", "listed twice, first at xs[0]")
        );
        assert_eq!(
            holds_each_once("xs", "1 to 3", 1..=3, &[1, 3], name)
                .unwrap_err()
                .to_string(),
            "xs: #2 is missing (expected 1 to 3 once each)"
        );
    }

    #[test]
    fn a_bundled_file_that_fails_its_check_is_named() {
        let ok = parse_bundled(crate::army::FOLLOWERS_PATH, |t| Ok(t.len()));
        assert!(ok.is_ok_and(|n| n > 0));
        let err = parse_bundled(crate::army::FOLLOWERS_PATH, |_| {
            Err::<(), _>(DataFileError::new("followers[0]", "bad"))
        });
        assert_eq!(
            err.unwrap_err().to_string(),
            format!(
                "{} (bundled): followers[0]: bad",
                crate::army::FOLLOWERS_PATH
            )
        );
        let missing = parse_bundled("data/none.json", |_| Ok(())).unwrap_err();
        assert_eq!(missing.file, "data/none.json");
    }

    #[test]
    fn a_data_file_error_names_the_file_where_in_it_and_the_problem() {
        let err = DataFileError::new("cost", "is 40").within("followers[2]");
        assert_eq!(err.at, "followers[2].cost");
        assert_eq!(err.to_string(), "followers[2].cost: is 40");
        let err = err.in_file("mine.json").in_file("outer.json");
        assert_eq!(err.file, "mine.json", "the innermost reader names the file");
        assert_eq!(err.to_string(), "mine.json: followers[2].cost: is 40");
        assert_eq!(
            DataFileError::whole("empty").in_file("a.json").to_string(),
            "a.json: empty"
        );
    }

    #[test]
    fn a_repeat_is_named_with_where_it_was_first_seen() {
        let mut seen = FirstSeen::new();
        assert_eq!(seen.again("Ann", 0), None);
        assert_eq!(seen.again("Ben", 1), None);
        assert_eq!(seen.again("Ann", 2), Some(0));
        assert_eq!(seen.again("Ann", 3), Some(0), "the first place is kept");
        assert!(seen.contains("Ben") && !seen.contains("Cy"));
        let mut by_place = FirstSeen::new();
        assert_eq!(by_place.again(41, ("Map 4", "a.json")), None);
        assert_eq!(
            by_place.again(41, ("Map 5", "b.json")),
            Some(("Map 4", "a.json"))
        );
        assert_eq!(first_repeat(["a", "b", "c", "b", "a"]), Some((1, 3, "b")));
        assert_eq!(first_repeat([1, 2, 3]), None);
        assert_eq!(first_repeat(Vec::<u8>::new()), None);
    }

    #[test]
    fn a_data_file_error_gives_line_and_column() {
        let err = parse::<Sample>("{\"data_kind\":\"x\",\n\"value\": 300}", "x").unwrap_err();
        assert!(err.at.starts_with("line 2 column"), "{err}");
        assert!(
            err.at.contains("(`\"value\": 300}`)"),
            "the line is quoted: {err}"
        );
        let err = parse::<Sample>("{\"data_kind\":\"x\",\n\"value\": 3,,}", "x")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 2 column"), "{err}");
        assert!(err.contains("not valid JSON"), "{err}");
        assert_eq!(
            err.matches("line 2").count(),
            1,
            "the position is given once: {err}"
        );
        assert_eq!(
            parse::<Sample>(r#"{"data_kind":"x","value":7}"#, "x")
                .unwrap()
                .value,
            7
        );
    }
}
