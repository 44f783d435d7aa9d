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
        let mut running = 0i32;
        let mut points = Vec::new();
        let mut running_total = Vec::new();
        for col in &columns {
            let p = view
                .journey
                .iter()
                .find(|j| j.session == col.session)
                .map(|j| j.points);
            if let Some(p) = p {
                // Each session's points are bounded (`MAX_SESSION_POINTS`) and the card's total
                // is checked when the sheet is derived; a drawing never wraps either.
                running = running.saturating_add(p);
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

/// The y axis for values from `min` to `max`: a round step (1, 2 or 5 times a power of ten)
/// giving at most 6 intervals, and the axis ends on multiples of it, so every point is drawn
/// inside the axis and every grid line's label is the value at that height.
pub fn axis(min: i32, max: i32) -> (i32, i32, i32) {
    let (min, max) = (min.min(0), max.max(min + 1).max(1));
    let span = i64::from(max) - i64::from(min);
    let mut step: i64 = 1;
    'search: loop {
        for m in [1, 2, 5] {
            let s = step * m;
            if (span + s - 1) / s <= 6 {
                step = s;
                break 'search;
            }
        }
        step *= 10;
    }
    let lo = i64::from(min).div_euclid(step) * step;
    let hi = -(-i64::from(max)).div_euclid(step) * step;
    let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    (clamp(lo), clamp(hi), clamp(step))
}

#[cfg(test)]
mod tests {
    use super::axis;

    #[test]
    fn the_running_total_axis_covers_the_points_and_labels_them_at_their_height() {
        for (min, max) in [
            (0, 30),
            (0, 33),
            (-3, 30),
            (0, 7),
            (-12, 95),
            (0, 0),
            (5, 180),
        ] {
            let (lo, hi, step) = axis(min, max);
            assert!(lo <= min.min(0) && hi >= max, "{min}..{max}: {lo}..{hi}");
            assert_eq!((hi - lo) % step, 0, "{min}..{max}");
            assert_eq!(lo % step, 0);
            assert!((hi - lo) / step <= 6, "{min}..{max}: step {step}");
        }
        assert_eq!(axis(0, 30), (0, 30, 5));
    }
}
