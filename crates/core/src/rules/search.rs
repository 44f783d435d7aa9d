//! Typo-tolerant ranked search over the rules digest.
//!
//! Each query word is matched against the words of an entry's title (weight 3), tags (2) and
//! summary (1): an exact word scores full, a prefix ("spawn" for "spawns") a little less, and a
//! word within one or two edits ("atack", "reinforcment") less again. Entries are ranked by how
//! many query words they match, then by score; results are grouped by game, best group first.

use super::{Digest, Entry, Library};
use crate::doc::Kind;

#[derive(Debug, Clone, PartialEq)]
pub struct Hit<'a> {
    pub digest: &'a Digest,
    pub entry: &'a Entry,
    pub score: f32,
    pub matched_words: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Group<'a> {
    pub game: Kind,
    pub game_title: &'a str,
    pub hits: Vec<Hit<'a>>,
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect()
}

/// Optimal string alignment distance, giving up early past `limit`.
fn edit_distance(a: &str, b: &str, limit: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(b.len() + 1) {
        *cell = j;
    }
    for i in 1..=a.len() {
        let mut row_min = usize::MAX;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
            row_min = row_min.min(v);
        }
        if row_min > limit {
            return limit + 1;
        }
    }
    d[a.len() * w + b.len()]
}

/// How well query word `q` matches field word `w`, 0 for not at all.
fn word_match(q: &str, w: &str) -> f32 {
    if q == w {
        return 1.0;
    }
    let qn = q.chars().count();
    if qn >= 2 && w.starts_with(q) {
        return 0.8;
    }
    let allowed = match qn {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    };
    if allowed == 0 {
        return 0.0;
    }
    // A typo in a prefix: "reinforc" vs "reinforcement" compares against the word's start too.
    let d = edit_distance(q, w, allowed);
    let prefix: String = w.chars().take(qn).collect();
    let dp = edit_distance(q, &prefix, allowed);
    let mut best = d.min(dp + 1);
    // A longer form of a word ("reinforcment" for "reinforce"): compare the query's start.
    let wn = w.chars().count();
    if qn > wn && wn >= 5 {
        let start: String = q.chars().take(wn).collect();
        best = best.min(edit_distance(&start, w, allowed) + 1);
    }
    if best <= allowed {
        0.65 - 0.15 * best as f32
    } else {
        0.0
    }
}

fn field_score(q: &str, field: &[String]) -> f32 {
    field.iter().map(|w| word_match(q, w)).fold(0.0, f32::max)
}

/// Searches `library`, optionally only `game`. An empty query lists every entry in book order.
pub fn search<'a>(library: &'a Library, query: &str, game: Option<Kind>) -> Vec<Group<'a>> {
    let terms = words(query);
    let mut groups: Vec<Group<'a>> = Vec::new();
    for digest in library
        .digests
        .iter()
        .filter(|d| game.is_none_or(|g| d.game == g))
    {
        let mut hits = Vec::new();
        for entry in &digest.entries {
            if terms.is_empty() {
                hits.push(Hit {
                    digest,
                    entry,
                    score: 0.0,
                    matched_words: 0,
                });
                continue;
            }
            let title = words(&entry.title);
            let tags: Vec<String> = entry.tags.iter().flat_map(|t| words(t)).collect();
            let summary = words(&entry.summary);
            let mut score = 0.0;
            let mut matched = 0;
            for q in &terms {
                let s = (3.0 * field_score(q, &title))
                    .max(2.0 * field_score(q, &tags))
                    .max(field_score(q, &summary));
                if s > 0.0 {
                    matched += 1;
                    score += s;
                }
            }
            if matched == 0 {
                continue;
            }
            let phrase = terms.join(" ");
            if terms.len() > 1 && entry.title.to_lowercase().contains(&phrase) {
                score += 2.0;
            }
            hits.push(Hit {
                digest,
                entry,
                score,
                matched_words: matched,
            });
        }
        if terms.is_empty() {
            // Book order.
        } else {
            hits.sort_by(|a, b| {
                b.matched_words
                    .cmp(&a.matched_words)
                    .then(b.score.total_cmp(&a.score))
                    .then_with(|| a.entry.title.cmp(&b.entry.title))
            });
        }
        if !hits.is_empty() {
            groups.push(Group {
                game: digest.game,
                game_title: &digest.game_title,
                hits,
            });
        }
    }
    if !terms.is_empty() {
        groups.sort_by(|a, b| {
            let (x, y) = (&a.hits[0], &b.hits[0]);
            y.matched_words
                .cmp(&x.matched_words)
                .then(y.score.total_cmp(&x.score))
        });
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lib() -> Library {
        let d = |game: Kind, entries: &[(&str, &str, &[&str], &str)]| Digest {
            data_kind: "rules-digest".into(),
            game,
            game_title: game.title().into(),
            source: "test".into(),
            entries: entries
                .iter()
                .map(|(id, title, tags, summary)| Entry {
                    id: (*id).into(),
                    title: (*title).into(),
                    tags: tags.iter().map(|t| (*t).into()).collect(),
                    summary: (*summary).into(),
                    page: "1".into(),
                })
                .collect(),
        };
        Library {
            digests: vec![
                d(
                    Kind::Furtherance,
                    &[
                        (
                            "attack",
                            "Attacking",
                            &["combat"],
                            "Units deal their attack as damage.",
                        ),
                        (
                            "spawn",
                            "Enemy spawns",
                            &["solo"],
                            "A castle places a new unit.",
                        ),
                    ],
                ),
                d(
                    Kind::Worldspanner,
                    &[(
                        "reinforce",
                        "Reinforce step",
                        &["round"],
                        "Heroes enter the board.",
                    )],
                ),
            ],
        }
    }

    #[test]
    fn search_tolerates_a_typo() {
        let l = lib();
        let groups = search(&l, "atack", None);
        assert_eq!(groups[0].hits[0].entry.id, "attack");
        let groups = search(&l, "reinforcment", None);
        assert_eq!(groups[0].hits[0].entry.id, "reinforce");
    }

    #[test]
    fn search_ranks_title_above_summary() {
        let l = lib();
        // "unit" is in both Furtherance summaries, "spawns" only in one title.
        let groups = search(&l, "spawns unit", None);
        assert_eq!(groups[0].hits[0].entry.id, "spawn");
    }

    #[test]
    fn search_groups_results_by_game_and_filters() {
        let l = lib();
        let groups = search(&l, "", None);
        assert_eq!(groups.len(), 2);
        let only = search(&l, "", Some(Kind::Worldspanner));
        assert_eq!(only.len(), 1);
        assert_eq!(only[0].game, Kind::Worldspanner);
    }

    #[test]
    fn search_finds_nothing_for_unrelated_words() {
        assert!(search(&lib(), "zebra", None).is_empty());
    }

    #[test]
    fn prefixes_match() {
        let l = lib();
        assert_eq!(search(&l, "reinf", None)[0].hits[0].entry.id, "reinforce");
    }

    #[test]
    fn edit_distance_counts_transpositions_once() {
        assert_eq!(edit_distance("attack", "atatck", 2), 1);
        assert_eq!(edit_distance("abc", "abc", 1), 0);
        assert!(edit_distance("abc", "xyzxyz", 2) > 2);
    }
}
