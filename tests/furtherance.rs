//! Furtherance solo: scenario tests from hand-worked positions, the CLI, and properties.
use clap::Parser;
use tablemate::cli::{Cli, execute};

fn run(args: &[&str], root: &std::path::Path) -> tablemate::cli::Output {
    let mut full = vec!["tablemate"];
    full.extend_from_slice(args);
    execute(Cli::try_parse_from(full).unwrap().command, root)
}

#[test]
fn simulate_prints_json_lines_ending_with_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &[
            "furtherance",
            "simulate",
            "--difficulty",
            "hard",
            "--seed",
            "3",
            "--rounds",
            "3",
            "--json",
        ],
        dir.path(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = lines.last().unwrap();
    assert_eq!(last["rounds_played"], 3);
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l["step"]["type"].is_string())
    );
}
