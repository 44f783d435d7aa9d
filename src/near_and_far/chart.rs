//! The numbers behind the journey-points chart: one column per finished session (its map),
//! one series per character with the points written on the card and the running total. The
//! GUI draws it; the CLI prints it as JSON.

use serde::Serialize;

use super::campaign::Campaign;
use super::code::MapNumber;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Column {
    pub session: u32,
    pub map: MapNumber,
    /// False for a lost Map 11 session (no journey points were written).
    pub counted: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Series {
    pub character: String,
    pub player: String,
    /// Points per column; None where the character was absent or the session did not count.
    pub points: Vec<Option<i32>>,
    /// The campaign total after each column (carried over absences).
    pub running_total: Vec<i32>,
    pub total: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JourneyChart {
    pub columns: Vec<Column>,
    pub series: Vec<Series>,
    /// The range the y axis must cover (per-session points and running totals).
    pub min: i32,
    pub max: i32,
}

/// Builds the chart from the cards (after corrections).
pub fn journey_chart(c: &Campaign) -> JourneyChart {
    let columns: Vec<Column> = c
        .sessions
        .iter()
        .filter_map(|s| {
            s.result.as_ref().map(|r| Column {
                session: s.number,
                map: s.map,
                counted: !r.lost_last_ruin(),
            })
        })
        .collect();
    let mut series = Vec::new();
    let (mut min, mut max) = (0, 0);
    for sheet in &c.sheets {
        let Ok(view) = sheet.view(c.mode, c.card) else {
            continue;
        };
        let mut running = 0;
        let mut points = Vec::new();
        let mut running_total = Vec::new();
        for col in &columns {
            let p = view
                .journey
                .iter()
                .find(|j| j.session == col.session)
                .map(|j| j.points);
            if let Some(p) = p {
                running += p;
                min = min.min(p);
                max = max.max(p);
            }
            min = min.min(running);
            max = max.max(running);
            points.push(p);
            running_total.push(running);
        }
        series.push(Series {
            character: view.character.clone(),
            player: view.player.clone(),
            points,
            running_total,
            total: view.journey_total,
        });
    }
    JourneyChart {
        columns,
        series,
        min,
        max,
    }
}
