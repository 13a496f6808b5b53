//! The `--stats` and `--compare` report: one row per engine, written as a text table with
//! aligned columns or, with `--format json`, as one JSON object. Both forms are written here
//! and nowhere else.

use std::fmt::Write as _;

use serde::Serialize;

use crate::stats::Measurements;

/// How the report is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReportStyle {
    /// A table with aligned columns, for people.
    Text,
    /// `{"engines": [...]}` on one line, for programs.
    Json,
}

/// The report of `measurements`, ending in a newline.
pub(crate) fn report(measurements: &Measurements, style: ReportStyle) -> String {
    match style {
        ReportStyle::Text => text(measurements),
        ReportStyle::Json => json(measurements),
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
    for (name, figures) in measurements.rows() {
        rows.push([
            name.to_owned(),
            figures.queries.to_string(),
            figures.nodes_total.to_string(),
            format!("{:.2}", figures.nodes_mean()),
            figures.nodes_max.to_string(),
            format!("{:.1}", figures.ns_per_query()),
        ]);
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
    table
}

/// One engine's figures, as the JSON form of the report has them.
#[derive(Serialize)]
struct JsonFigures {
    engine: &'static str,
    queries: u64,
    nodes_total: u64,
    nodes_mean: f64,
    nodes_max: u64,
    ns_per_query: f64,
}

/// The figures as one JSON object, `{"engines": [...]}`.
fn json(measurements: &Measurements) -> String {
    #[derive(Serialize)]
    struct Table {
        engines: Vec<JsonFigures>,
    }
    let engines = measurements
        .rows()
        .map(|(engine, figures)| JsonFigures {
            engine,
            queries: figures.queries,
            nodes_total: figures.nodes_total,
            nodes_mean: (figures.nodes_mean() * 100.0).round() / 100.0,
            nodes_max: figures.nodes_max,
            ns_per_query: (figures.ns_per_query() * 10.0).round() / 10.0,
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
    use crate::stats::tests::{measurements, square};

    #[test]
    fn the_table_has_a_header_and_aligned_rows() {
        let engines = Engine::ALL
            .into_iter()
            .map(|e| Measured::new(e, Some(1000)))
            .collect();
        let mut measurements = measurements(engines, false);
        measurements.record(square("e2"), square("e4"), 1);
        measurements.measure_batch();
        let table = report(&measurements, ReportStyle::Text);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 6);
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
