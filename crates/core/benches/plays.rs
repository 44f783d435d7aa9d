//! The statistics of a year of game nights (docs/plays.md, "Statistics"): 500 plays across
//! every game, four players, three difficulties, eleven maps and six boards. One iteration is
//! `stats::compute` over the records, which never look at a save's history: the time grows
//! with the number of plays only. The target is under 100 ms. (Reading the same 500 plays from
//! `plays.json` is timed by the store's test `a_record_of_500_plays_reads_with_its_stats_quickly`.)
use std::hint::black_box;

use chrono::{Duration, TimeZone, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use tablemate_core::doc::Kind;
use tablemate_core::plays::{Facts, Furtherance, Play, Player, stats};

const NAMES: [&str; 4] = ["Ana", "Ben", "Cy", "Dee"];

pub fn year(n: usize) -> Vec<Play> {
    let first = Utc
        .with_ymd_and_hms(2026, 1, 2, 19, 0, 0)
        .single()
        .expect("a time");
    (0..n)
        .map(|i| {
            let game = Kind::ALL[i % Kind::ALL.len()];
            let start = first + Duration::hours(17 * i as i64);
            let seats = if game == Kind::Furtherance {
                1
            } else {
                2 + i % 3
            };
            let players = (0..seats)
                .map(|s| Player {
                    name: NAMES[(i + s) % 4].to_string(),
                    plays: String::new(),
                    score: Some(((i * 7 + s * 13) % 60) as i64),
                    winner: s == i % seats,
                })
                .collect();
            let mut facts = Facts {
                players,
                result: "a result".into(),
                difficulty: None,
                settings: Default::default(),
                seed: Some(i as u64),
                scenario: None,
                furtherance: None,
                glory_margin: None,
            };
            match game {
                Kind::Furtherance => {
                    facts.difficulty = Some(["Learner", "Normal", "Hard"][i % 3].into());
                    facts.furtherance = Some(Furtherance {
                        castles_destroyed: (i % 4) as u8,
                        rounds: 5 + (i % 11) as u32,
                    });
                }
                Kind::NearAndFar => facts.scenario = Some(format!("Map {}", 1 + i % 11)),
                Kind::FurnaceDuel => facts.scenario = Some(format!("Board {}", 1 + i % 6)),
                Kind::Worldspanner => facts.glory_margin = Some((i % 5) as u64),
                Kind::Army => {}
            }
            Play {
                id: format!("save-{i}#1"),
                save: format!("save-{i}"),
                title: String::new(),
                game,
                date: start.date_naive(),
                start,
                end: start + Duration::minutes(95),
                minutes: 95,
                facts,
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let plays = year(500);
    c.bench_function("stats of 500 plays", |b| {
        b.iter(|| black_box(stats::compute(black_box(&plays), None, &[])))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
