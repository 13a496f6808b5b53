//! The `--stats` and `--compare` table: one row per engine, and under the formula's a row for
//! each way it answered (a strategy of its plan, at once, or gave up), then the slowest query
//! where queries were timed each; written as a text table with aligned columns or, with
//! `--format json`, as one JSON object. Both forms are written here and nowhere else.

use std::fmt::Write as _;

use serde::Serialize;

use crate::board::Position;
use crate::stats::{AnsweredBy, EngineFigures, Measurements, Slowest};

/// How the table is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableStyle {
    /// A table with aligned columns, for people.
    Text,
    /// `{"engines": [...]}` on one line, for programs.
    Json,
}

/// The table of `measurements`, ending in a newline.
pub(crate) fn table(measurements: &Measurements, style: TableStyle) -> String {
    match style {
        TableStyle::Text => text(measurements),
        TableStyle::Json => json(measurements),
    }
}

/// The figures as a table with aligned columns, one row per engine.
fn text(measurements: &Measurements) -> String {
    let header = [
        "engine",
        "queries",
        "nodes_total",
        "nodes_mean",
        "nodes_max",
        "ns_per_query",
    ];
    let mut rows = vec![header.map(String::from)];
    let row = |name: String, figures: &EngineFigures, timed: bool| {
        [
            name,
            figures.queries.to_string(),
            figures.nodes_total.to_string(),
            format!("{:.2}", figures.nodes_mean()),
            figures.nodes_max.to_string(),
            match timed {
                true => format!("{:.1}", figures.ns_per_query()),
                false => "-".to_owned(),
            },
        ]
    };
    let ways: Vec<_> = measurements.ways().collect();
    for (name, figures) in measurements.rows() {
        // No query, no time: `-`, not a number the clock never measured.
        rows.push(row(name.to_owned(), figures, figures.queries > 0));
        for (_, timed, by) in ways.iter().filter(|(engine, ..)| *engine == name) {
            for (way, figures) in by {
                rows.push(row(format!("{name}/{}", way.name()), figures, *timed));
            }
        }
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|column| rows.iter().map(|row| row[column].len()).max().unwrap_or(0))
        .collect();
    let mut table = String::new();
    for row in &rows {
        // The name column is left-aligned, the numbers right-aligned.
        let _ = write!(table, "{:<width$}", row[0], width = widths[0]);
        for (cell, width) in row.iter().zip(&widths).skip(1) {
            let _ = write!(table, "  {cell:>width$}");
        }
        table.push('\n');
    }
    for (engine, slowest) in measurements.slowest() {
        let _ = writeln!(
            table,
            "{engine}'s slowest query: line {}, {} {}, {} ns, {} squares expanded, {}",
            slowest.line_number,
            slowest.from,
            slowest.to,
            slowest.elapsed.as_nanos(),
            slowest.expanded,
            slowest.by.name()
        );
    }
    table
}

/// One engine's figures, as the JSON form of the table has them.
#[derive(Serialize)]
struct JsonFigures {
    engine: &'static str,
    queries: u64,
    nodes_total: u64,
    nodes_mean: f64,
    nodes_max: u64,
    /// `null` where the engine answered no query, so nothing was timed.
    ns_per_query: Option<f64>,
    /// The formula's ways of answering; left out for the other engines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    answered_by: Vec<JsonWay>,
    #[serde(skip_serializing_if = "Option::is_none")]
    slowest: Option<JsonSlowest>,
}

/// One way an engine answered, in the JSON form: `ns_per_query` is `null` where the queries
/// were not timed each.
#[derive(Serialize)]
struct JsonWay {
    way: &'static str,
    queries: u64,
    nodes_total: u64,
    nodes_max: u64,
    ns_per_query: Option<f64>,
}

/// The slowest query, in the JSON form.
#[derive(Serialize)]
struct JsonSlowest {
    line: u64,
    from: String,
    to: String,
    ns: u128,
    nodes: u64,
    way: &'static str,
}

impl JsonSlowest {
    fn of(slowest: Slowest) -> JsonSlowest {
        let name = |square: Position| square.to_string();
        JsonSlowest {
            line: slowest.line_number,
            from: name(slowest.from),
            to: name(slowest.to),
            ns: slowest.elapsed.as_nanos(),
            nodes: slowest.expanded,
            way: slowest.by.name(),
        }
    }
}

/// The figures as one JSON object, `{"engines": [...]}`.
fn json(measurements: &Measurements) -> String {
    #[derive(Serialize)]
    struct Table {
        engines: Vec<JsonFigures>,
    }
    let ways: Vec<_> = measurements.ways().collect();
    let slowest: Vec<_> = measurements.slowest().collect();
    let ns = |figures: &EngineFigures| (figures.ns_per_query() * 10.0).round() / 10.0;
    let json_ways = |engine: &str| -> Vec<JsonWay> {
        let Some((_, timed, by)) = ways.iter().find(|(name, ..)| *name == engine) else {
            return Vec::new();
        };
        by.iter()
            .map(|&(way, figures): &(AnsweredBy, &EngineFigures)| JsonWay {
                way: way.name(),
                queries: figures.queries,
                nodes_total: figures.nodes_total,
                nodes_max: figures.nodes_max,
                ns_per_query: timed.then(|| ns(figures)),
            })
            .collect()
    };
    let engines = measurements
        .rows()
        .map(|(engine, figures)| JsonFigures {
            engine,
            queries: figures.queries,
            nodes_total: figures.nodes_total,
            nodes_mean: (figures.nodes_mean() * 100.0).round() / 100.0,
            nodes_max: figures.nodes_max,
            ns_per_query: (figures.queries > 0).then(|| ns(figures)),
            answered_by: json_ways(engine),
            slowest: (slowest.iter())
                .find(|(name, _)| *name == engine)
                .map(|&(_, slowest)| JsonSlowest::of(slowest)),
        })
        .collect();
    let mut text = serde_json::to_string(&Table { engines }).expect("serializing to memory");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::stats::Measured;
    use crate::stats::tests::{answer, measurements};

    /// An engine that answered nothing was never timed: its time is `-`, or `null`, not 0.
    #[test]
    fn no_query_no_time() {
        let engines = vec![Measured::new(Engine::Bfs, None)];
        let measurements = measurements(engines, false);
        let text = table(&measurements, TableStyle::Text);
        assert!(text.lines().nth(1).unwrap().ends_with(" -"), "{text}");
        let json = table(&measurements, TableStyle::Json);
        assert!(json.contains("\"ns_per_query\":null"), "{json}");
    }

    #[test]
    fn the_table_has_a_header_and_aligned_rows() {
        let engines = Engine::ALL
            .into_iter()
            .map(|e| Measured::new(e, Some(1000)))
            .collect();
        let mut measurements = measurements(engines, false);
        answer(&mut measurements, ("e2", "e4"), 1, 0);
        measurements.measure_batch();
        let table = table(&measurements, TableStyle::Text);
        let lines: Vec<&str> = table.lines().collect();
        // The five engines, and under the formula's row the way it answered.
        assert_eq!(lines.len(), 7);
        assert!(
            lines[3].starts_with("formula/knight-closed-form "),
            "{table}"
        );
        let header: Vec<&str> = lines[0].split_whitespace().collect();
        assert_eq!(
            header,
            [
                "engine",
                "queries",
                "nodes_total",
                "nodes_mean",
                "nodes_max",
                "ns_per_query"
            ]
        );
        assert!(lines.iter().all(|line| line.len() == lines[0].len()));
        assert!(lines[1].starts_with("table "));
        assert_eq!(lines[1].split_whitespace().nth(3), Some("0.00"));
    }
}
