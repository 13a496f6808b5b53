//! Measuring engines for `--stats` and `--compare`: how many queries each answered, how many
//! squares it expanded, how long it took, and whether the engines agree.
//!
//! Timing one query at a time would mostly time the clock (reading it costs more than a table
//! lookup), so the queries of each chunk of input are kept, and every measured engine is timed
//! over the whole batch in a tight loop, away from parsing and output. The batch holds at most one
//! chunk's queries, so memory stays bounded.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::board::{Board, Position};
use crate::engine::{Engine, GaveUp, Search, SearchFn, Workspace};
use crate::notation::SquareName;

/// An engine to measure: its name in the table, and its search.
#[derive(Clone, Copy)]
pub struct Measured {
    pub name: &'static str,
    pub search: SearchFn,
}

impl From<Engine> for Measured {
    fn from(engine: Engine) -> Measured {
        Measured {
            name: engine.name(),
            search: engine.search_fn(),
        }
    }
}

/// The figures of one engine, summed over every query so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineFigures {
    pub queries: u64,
    pub nodes_total: u64,
    pub nodes_max: u64,
    pub elapsed: Duration,
}

impl EngineFigures {
    /// Mean squares expanded a query; 0 before any query.
    pub fn nodes_mean(&self) -> f64 {
        if self.queries == 0 {
            0.0
        } else {
            self.nodes_total as f64 / self.queries as f64
        }
    }

    /// Mean nanoseconds a query; 0 before any query.
    pub fn ns_per_query(&self) -> f64 {
        if self.queries == 0 {
            0.0
        } else {
            self.elapsed.as_nanos() as f64 / self.queries as f64
        }
    }
}

/// A query on which the engines gave different answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub line_number: u64,
    pub from: Position,
    pub to: Position,
    /// Each engine's name and answer, in the order of the table.
    pub answers: Vec<(&'static str, Result<Option<u64>, GaveUp>)>,
}

/// The engines being measured, their figures so far, and the queries of the current batch.
pub struct Measurements {
    engines: Vec<Measured>,
    figures: Vec<EngineFigures>,
    board: Board,
    with_routes: bool,
    max_nodes: u64,
    batch: Vec<(Position, Position, u64)>,
    results: Vec<Result<Search, GaveUp>>,
    route: Vec<Position>,
    workspace: Workspace,
    disagreements: u64,
}

impl Measurements {
    /// Measures `engines` on `board` (the first is the one answering). With `with_routes`, each
    /// search also builds its route, as `--path` makes the answering engine do.
    pub fn new(
        engines: Vec<Measured>,
        board: Board,
        with_routes: bool,
        max_nodes: u64,
    ) -> Measurements {
        Measurements {
            figures: vec![EngineFigures::default(); engines.len()],
            engines,
            board,
            with_routes,
            max_nodes,
            batch: Vec::new(),
            results: Vec::new(),
            route: Vec::new(),
            workspace: Workspace::new(),
            disagreements: 0,
        }
    }

    /// Keeps a query for the next [`Measurements::measure_batch`].
    #[inline]
    pub fn record(&mut self, from: Position, to: Position, line_number: u64) {
        self.batch.push((from, to, line_number));
    }

    /// Runs every engine over the kept queries, adds up their figures, and returns the queries on
    /// which two engines gave different distances. Empties the batch.
    pub fn measure_batch(&mut self) -> Vec<Disagreement> {
        if self.batch.is_empty() {
            return Vec::new();
        }
        let count = self.batch.len();
        self.results.clear();
        for (engine, figures) in self.engines.iter().zip(&mut self.figures) {
            let start = Instant::now();
            for &(from, to, _) in &self.batch {
                let route = self.with_routes.then_some(&mut self.route);
                let (board, max_nodes) = (self.board, self.max_nodes);
                let search =
                    (engine.search)(&mut self.workspace, board, from, to, route, max_nodes);
                self.results.push(search);
            }
            figures.elapsed += start.elapsed();
            // A search that gave up counts as having expanded all it was allowed.
            let expanded = |result: &Result<Search, GaveUp>| match result {
                Ok(search) => search.expanded,
                Err(gave_up) => gave_up.max_nodes,
            };
            let found = &self.results[self.results.len() - count..];
            figures.queries += count as u64;
            figures.nodes_total += found.iter().map(expanded).sum::<u64>();
            let most = found.iter().map(expanded).max().unwrap_or(0);
            figures.nodes_max = figures.nodes_max.max(most);
        }
        let mut disagreements = Vec::new();
        for (index, &(from, to, line_number)) in self.batch.iter().enumerate() {
            let distance = |engine: usize| self.results[engine * count + index].map(|s| s.moves);
            if (1..self.engines.len()).any(|engine| distance(engine) != distance(0)) {
                let answers = (0..self.engines.len())
                    .map(|engine| (self.engines[engine].name, distance(engine)))
                    .collect();
                disagreements.push(Disagreement {
                    line_number,
                    from,
                    to,
                    answers,
                });
            }
        }
        self.disagreements += disagreements.len() as u64;
        self.batch.clear();
        disagreements
    }

    /// How many queries the engines disagreed on so far.
    pub fn disagreements(&self) -> u64 {
        self.disagreements
    }

    /// Each engine's name and figures, in the order they were given.
    pub fn rows(&self) -> impl Iterator<Item = (&'static str, &EngineFigures)> {
        self.engines.iter().map(|e| e.name).zip(&self.figures)
    }

    /// The figures as a table with aligned columns, one row per engine, ending in a newline.
    pub fn table(&self) -> String {
        let header = [
            "engine",
            "queries",
            "nodes_total",
            "nodes_mean",
            "nodes_max",
            "ns_per_query",
        ];
        let mut rows = vec![header.map(String::from)];
        for (name, figures) in self.rows() {
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
}

impl Disagreement {
    /// The message for this disagreement, without source and line.
    pub fn describe(&self) -> String {
        let answers: Vec<String> = self
            .answers
            .iter()
            .map(|(name, answer)| match answer {
                Ok(Some(moves)) => format!("{name} {moves}"),
                Ok(None) => format!("{name} no route"),
                Err(_) => format!("{name} gave up (--max-nodes)"),
            })
            .collect();
        format!(
            "engines disagree on {} {}: {}",
            SquareName(self.from),
            SquareName(self.to),
            answers.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: Board = Board::STANDARD;

    fn square(name: &str) -> Position {
        crate::notation::parse_square(name.as_bytes(), BOARD).unwrap()
    }

    /// An engine that is wrong on purpose: one move too many from a1.
    fn broken(
        workspace: &mut Workspace,
        board: Board,
        from: Position,
        to: Position,
        route: Option<&mut Vec<Position>>,
        max_nodes: u64,
    ) -> Result<Search, GaveUp> {
        let right = (Engine::Table.search_fn())(workspace, board, from, to, route, max_nodes)?;
        Ok(Search {
            moves: right
                .moves
                .map(|moves| moves + u64::from(from == square("a1"))),
            ..right
        })
    }

    fn measurements(engines: Vec<Measured>, with_routes: bool) -> Measurements {
        Measurements::new(engines, BOARD, with_routes, 1000)
    }

    #[test]
    fn a_broken_engine_is_caught_with_its_line() {
        let mut engines: Vec<Measured> = Engine::ALL.into_iter().map(Measured::from).collect();
        engines.push(Measured {
            name: "broken",
            search: broken,
        });
        let mut measurements = measurements(engines, false);
        measurements.record(square("e2"), square("e4"), 1);
        measurements.record(square("a1"), square("h8"), 2);
        let found = measurements.measure_batch();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line_number, 2);
        assert_eq!(
            found[0].describe(),
            "engines disagree on a1 h8: table 6, formula 6, bfs 6, bidirectional 6, astar 6, \
             broken 7"
        );
        assert_eq!(measurements.disagreements(), 1);
    }

    #[test]
    fn figures_add_up_over_batches() {
        let engines = vec![Measured::from(Engine::Table), Measured::from(Engine::Bfs)];
        let mut measurements = measurements(engines, true);
        for line in 1..=3 {
            measurements.record(square("a1"), square("h8"), line);
            assert!(measurements.measure_batch().is_empty());
        }
        let rows: Vec<_> = measurements.rows().collect();
        assert_eq!(rows[0].1.queries, 3);
        assert_eq!(rows[0].1.nodes_total, 0);
        let bfs_once = bfs_expanded("a1", "h8");
        assert_eq!(rows[1].1.nodes_total, 3 * bfs_once);
        assert_eq!(rows[1].1.nodes_max, bfs_once);
        assert!((rows[1].1.nodes_mean() - bfs_once as f64).abs() < 1e-9);
    }

    fn bfs_expanded(from: &str, to: &str) -> u64 {
        Engine::Bfs
            .search_once(BOARD, square(from), square(to), None, 1000)
            .unwrap()
            .expanded
    }

    #[test]
    fn the_table_has_a_header_and_aligned_rows() {
        let engines = Engine::ALL.into_iter().map(Measured::from).collect();
        let mut measurements = measurements(engines, false);
        measurements.record(square("e2"), square("e4"), 1);
        measurements.measure_batch();
        let table = measurements.table();
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
