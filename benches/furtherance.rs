//! Enemy turns per second on a crowded board: all three enemy castles active with five units
//! each, the player with six units in the way. One iteration is a whole enemy phase (three
//! castle turns: moves, attacks, counter-attacks, deaths, spawns), every question answered
//! with its default. The state is cloned outside the timed part.
use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use tablemate::furtherance::{Action, Game, Seat, Settings, Square, Step};

fn place(g: &mut Game, owner: Seat, name: &str, at: &str) {
    let kind = g.catalog().find(name).expect("bundled unit");
    let square = Square::parse(at).expect("square");
    g.apply(Action::PlaceUnit {
        owner,
        kind,
        square,
    })
    .expect("free square");
}

/// All castles active (Across and Right at 5 HP have passed their counters on).
fn crowded() -> Game {
    let mut g = Game::standard(Settings::default(), 42).expect("bundled data");
    for castle in [Seat::Across, Seat::Right] {
        g.apply(Action::SetCastleHp { castle, hp: 5 }).expect("hp");
    }
    g.apply(Action::SetCastleHp {
        castle: Seat::Player,
        hp: 30,
    })
    .expect("hp");
    let left = [
        ("Knight", "a4"),
        ("Fighter", "b4"),
        ("Juggernaut", "c4"),
        ("Archer", "b3"),
        ("Knight", "b5"),
    ];
    let across = [
        ("Knight", "d7"),
        ("Fighter", "d6"),
        ("Sample Brute", "d5"),
        ("Archer", "c6"),
        ("Knight", "e6"),
    ];
    let right = [
        ("Fighter", "g4"),
        ("Sample Lancer", "f4"),
        ("Juggernaut", "e4"),
        ("Fighter", "f3"),
        ("Sample Soldier", "f5"),
    ];
    for (seat, units) in [
        (Seat::Left, left),
        (Seat::Across, across),
        (Seat::Right, right),
    ] {
        for (name, at) in units {
            place(&mut g, seat, name, at);
        }
    }
    let mine = [
        ("Juggernaut", "c3"),
        ("Sample Bodyguard", "d3"),
        ("Knight", "e3"),
        ("Flag Bearer", "d2"),
        ("Fighter", "c1"),
        ("Juggernaut", "e1"),
    ];
    for (name, at) in mine {
        place(&mut g, Seat::Player, name, at);
    }
    g
}

fn enemy_phase(mut g: Game) -> Game {
    g.apply(Action::EndTurn {}).expect("player's turn");
    loop {
        match g.advance() {
            Ok(Step::NeedsChoice { .. }) => g.answer_default().expect("default"),
            Ok(Step::PlayerTurn { .. } | Step::GameOver { .. }) | Err(_) => return g,
            Ok(step) => {
                black_box(&step);
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let start = crowded();
    let mut group = c.benchmark_group("furtherance");
    // Three enemy castle turns per phase.
    group.throughput(Throughput::Elements(3));
    group.bench_function("enemy_phase_crowded_board", |b| {
        b.iter_batched(|| start.clone(), enemy_phase, BatchSize::SmallInput)
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
