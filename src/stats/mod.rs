//! Measuring engines for `--stats` and `--compare`, beside the pipeline: how many queries each
//! answered, how many squares it expanded, how long it took, and whether the engines agree.
//! [`table`] writes the figures out, as text or JSON.
//!
//! The answering engine's figures are those of the calls that answered: the pipeline times
//! each call to [`Engine::run`] and hands over what it returned ([`Measurements::record`]);
//! it is never run again here. With `--compare`, each other engine is run once on each of
//! those queries, at the end of each chunk of input, timed the same way. A reading of the
//! clock costs about as much as a table lookup, so the cost of reading it twice, measured once
//! ([`clock_cost`]), is taken off each time. The batch holds at most one chunk's queries, so
//! memory stays bounded.

pub(crate) mod table;

use std::time::{Duration, Instant};

use crate::board::{Board, Piece, Position};
use crate::engine::formula::{PLAN, Strategy};
use crate::engine::{Engine, Explained, GaveUp, Request, Workspace};

/// An engine to measure: its name in the table, and its limit.
#[derive(Clone, Copy)]
pub(crate) struct Measured {
    pub(crate) name: &'static str,
    pub(crate) engine: Engine,
    /// Whether the time of each strategy and the slowest query are reported: the formula's,
    /// and once [`Measurements::new`] knows the piece, only for pieces other than the knight,
    /// whose queries cost microseconds, not the few nanoseconds the clock's own cost blurs.
    pub(crate) timed_each: bool,
    /// The limit asked for (`--max-nodes`); `None` leaves each engine its own default.
    pub(crate) max_nodes: Option<u64>,
}

impl Measured {
    /// `engine`, allowed `max_nodes` squares a search, or its default where that is `None`.
    pub(crate) fn new(engine: Engine, max_nodes: Option<u64>) -> Measured {
        Measured {
            name: engine.name(),
            engine,
            timed_each: engine == Engine::Formula,
            max_nodes,
        }
    }
}

/// The figures of one engine, or of one way it answered, summed over every query so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct EngineFigures {
    pub(crate) queries: u64,
    pub(crate) nodes_total: u64,
    pub(crate) nodes_max: u64,
    /// The time taken; for a way of answering, only where each query was timed.
    pub(crate) elapsed: Duration,
}

/// What answered a query, for the rows under an engine's that say why a run cost what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AnsweredBy {
    /// The preamble every engine shares: a square to itself, a pair the board never joins.
    AtOnce,
    /// One of the formula's strategies.
    Strategy(Strategy),
    /// Nothing: the search gave up.
    GaveUp,
}

impl AnsweredBy {
    /// Every way, in the order the rows list them: at once, the formula's plan, gave up.
    fn all() -> impl Iterator<Item = AnsweredBy> {
        std::iter::once(AnsweredBy::AtOnce)
            .chain(PLAN.into_iter().map(AnsweredBy::Strategy))
            .chain(std::iter::once(AnsweredBy::GaveUp))
    }

    /// Its place in [`AnsweredBy::all`].
    fn index(self) -> usize {
        match self {
            AnsweredBy::AtOnce => 0,
            AnsweredBy::Strategy(strategy) => {
                1 + PLAN
                    .iter()
                    .position(|&planned| planned == strategy)
                    .unwrap_or(0)
            }
            AnsweredBy::GaveUp => PLAN.len() + 1,
        }
    }

    /// Its name in the rows: `at-once`, a strategy's, `gave-up`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            AnsweredBy::AtOnce => "at-once",
            AnsweredBy::Strategy(strategy) => strategy.name(),
            AnsweredBy::GaveUp => "gave-up",
        }
    }
}

/// The query that took longest, of an engine whose queries are timed each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Slowest {
    pub(crate) line_number: u64,
    pub(crate) from: Position,
    pub(crate) to: Position,
    pub(crate) elapsed: Duration,
    pub(crate) expanded: u64,
    pub(crate) by: AnsweredBy,
}

/// An engine's figures, and, for the formula, the figures of each way it answered.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Measure {
    pub(crate) figures: EngineFigures,
    /// By [`AnsweredBy::index`]; empty for an engine without strategies.
    pub(crate) by: Vec<EngineFigures>,
    pub(crate) slowest: Option<Slowest>,
}

impl EngineFigures {
    /// Mean squares expanded a query; 0 before any query.
    pub(crate) fn nodes_mean(&self) -> f64 {
        if self.queries == 0 {
            0.0
        } else {
            self.nodes_total as f64 / self.queries as f64
        }
    }

    /// Mean nanoseconds a query; 0 before any query.
    pub(crate) fn ns_per_query(&self) -> f64 {
        if self.queries == 0 {
            0.0
        } else {
            self.elapsed.as_nanos() as f64 / self.queries as f64
        }
    }
}

/// A query on which the engines gave different answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Disagreement {
    pub(crate) line_number: u64,
    pub(crate) from: Position,
    pub(crate) to: Position,
    /// Each engine's name and answer, in the order of the table.
    pub(crate) answers: Vec<(&'static str, Result<Option<u64>, GaveUp>)>,
}

/// The engines being measured, their figures so far, and the queries of the current batch.
pub(crate) struct Measurements {
    engines: Vec<Measured>,
    figures: Vec<Measure>,
    board: Board,
    piece: Piece,
    with_routes: bool,
    /// Whether the knight's 8×8 searches may walk the adjacency table, as the answering
    /// engine's may: measured as the answers are made.
    may_use_adjacency: bool,
    /// The engine that answers: its figures are the answering calls'.
    answering: Engine,
    batch: Vec<Answered>,
    results: Vec<Result<Explained, GaveUp>>,
    /// Each query's time, for the engine being summed up.
    times: Vec<Duration>,
    /// What two readings of the clock cost, taken off each time.
    clock_cost: Duration,
    workspace: Workspace,
    disagreements: u64,
}

/// A query as the answering engine answered it, and how long its call took.
#[derive(Clone, Copy, Debug)]
struct Answered {
    from: Position,
    to: Position,
    line_number: u64,
    explained: Explained,
    elapsed: Duration,
}

/// What two readings of the clock in a row cost at least, over many tries: what a timed call
/// pays beyond its own time.
pub(crate) fn clock_cost() -> Duration {
    (0..1000)
        .map(|_| {
            let start = Instant::now();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

impl Measurements {
    /// Measures `engines` on `board`, `answering` the one whose calls answer. With
    /// `with_routes`, each search also builds its route, as `--path` makes the answering
    /// engine do.
    pub(crate) fn new(
        engines: Vec<Measured>,
        answering: Engine,
        board: Board,
        piece: Piece,
        with_routes: bool,
        may_use_adjacency: bool,
    ) -> Measurements {
        // The knight's formula answers in nanoseconds: its queries are timed as a batch.
        let timed = |engine: Measured| Measured {
            timed_each: engine.timed_each && !piece.is_knight(),
            ..engine
        };
        let engines: Vec<Measured> = engines.into_iter().map(timed).collect();
        Measurements {
            figures: vec![Measure::default(); engines.len()],
            engines,
            board,
            piece,
            with_routes,
            may_use_adjacency,
            answering,
            batch: Vec::new(),
            results: Vec::new(),
            times: Vec::new(),
            clock_cost: clock_cost(),
            workspace: Workspace::new(),
            disagreements: 0,
        }
    }

    /// Keeps a query as the answering engine answered it (`explained`, in a call that took
    /// `elapsed` between two readings of the clock), for the next
    /// [`Measurements::measure_batch`].
    #[inline]
    pub(crate) fn record(
        &mut self,
        (from, to): (Position, Position),
        line_number: u64,
        explained: Explained,
        elapsed: Duration,
    ) {
        self.batch.push(Answered {
            from,
            to,
            line_number,
            explained,
            elapsed: elapsed.saturating_sub(self.clock_cost),
        });
    }

    /// Runs every engine over the kept queries, adds up their figures, and returns the queries on
    /// which two engines gave different distances. Empties the batch.
    pub(crate) fn measure_batch(&mut self) -> Vec<Disagreement> {
        if self.batch.is_empty() {
            return Vec::new();
        }
        let count = self.batch.len();
        self.results.clear();
        for (engine, measure) in self.engines.iter().zip(&mut self.figures) {
            self.times.clear();
            for answered in &self.batch {
                if engine.engine == self.answering {
                    self.results.push(Ok(answered.explained));
                    self.times.push(answered.elapsed);
                    continue;
                }
                let request = Request::new(
                    engine.engine,
                    self.board,
                    self.piece,
                    answered.from,
                    answered.to,
                )
                .with_route(self.with_routes)
                .limited_to(engine.max_nodes)
                .with_adjacency(self.may_use_adjacency);
                let started = Instant::now();
                let found = engine.engine.run(&mut self.workspace, &request, None);
                self.times
                    .push(started.elapsed().saturating_sub(self.clock_cost));
                self.results.push(found);
            }
            let figures = &mut measure.figures;
            figures.elapsed += self.times.iter().sum::<Duration>();
            let found = &self.results[self.results.len() - count..];
            figures.queries += count as u64;
            figures.nodes_total += found.iter().map(expanded).sum::<u64>();
            let most = found.iter().map(expanded).max().unwrap_or(0);
            figures.nodes_max = figures.nodes_max.max(most);
            let has_ways = found.iter().any(|result| {
                matches!(
                    result,
                    Ok(Explained {
                        strategy: Some(_),
                        ..
                    })
                )
            });
            if !has_ways && measure.by.is_empty() {
                continue;
            }
            if measure.by.is_empty() {
                measure.by = vec![EngineFigures::default(); AnsweredBy::all().count()];
            }
            for (index, result) in found.iter().enumerate() {
                let by = answered_by(result);
                let way = &mut measure.by[by.index()];
                way.queries += 1;
                way.nodes_total += expanded(result);
                way.nodes_max = way.nodes_max.max(expanded(result));
                if !engine.timed_each {
                    continue;
                }
                let elapsed = self.times[index];
                way.elapsed += elapsed;
                if measure
                    .slowest
                    .is_none_or(|slowest| elapsed > slowest.elapsed)
                {
                    let Answered {
                        from,
                        to,
                        line_number,
                        ..
                    } = self.batch[index];
                    measure.slowest = Some(Slowest {
                        line_number,
                        from,
                        to,
                        elapsed,
                        expanded: expanded(result),
                        by,
                    });
                }
            }
        }
        let mut disagreements = Vec::new();
        for (index, answered) in self.batch.iter().enumerate() {
            let Answered {
                from,
                to,
                line_number,
                ..
            } = *answered;
            let distance =
                |engine: usize| self.results[engine * count + index].map(|s| s.outcome.moves);
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
        // Its searches' memory is not kept until the next batch, which may be long in coming.
        if self.workspace.trim() {
            crate::allocator::return_freed_memory_to_the_system();
        }
        disagreements
    }

    /// How many queries the engines disagreed on so far.
    pub(crate) fn disagreements(&self) -> u64 {
        self.disagreements
    }

    /// Each engine's name and figures, in the order they were given.
    pub(crate) fn rows(&self) -> impl Iterator<Item = (&'static str, &EngineFigures)> {
        self.engines
            .iter()
            .map(|e| e.name)
            .zip(self.figures.iter().map(|measure| &measure.figures))
    }

    /// Each engine's name, whether its queries were timed each, and what answered its queries
    /// (the ways that answered none left out), for the engines that name their strategies.
    pub(crate) fn ways(
        &self,
    ) -> impl Iterator<Item = (&'static str, bool, Vec<(AnsweredBy, &EngineFigures)>)> {
        self.engines
            .iter()
            .zip(&self.figures)
            .filter(|(_, measure)| !measure.by.is_empty())
            .map(|(engine, measure)| {
                let ways = AnsweredBy::all()
                    .zip(&measure.by)
                    .filter(|(_, figures)| figures.queries > 0)
                    .collect();
                (engine.name, engine.timed_each, ways)
            })
    }

    /// Each engine's slowest query, for the engines whose queries were timed each.
    pub(crate) fn slowest(&self) -> impl Iterator<Item = (&'static str, Slowest)> {
        (self.engines.iter().zip(&self.figures))
            .filter_map(|(engine, measure)| Some((engine.name, measure.slowest?)))
    }
}

/// The squares a search expanded; one that gave up counts as having expanded all it was
/// allowed.
fn expanded(result: &Result<Explained, GaveUp>) -> u64 {
    match result {
        Ok(search) => search.outcome.expanded,
        Err(GaveUp::Expanded { max_nodes }) => *max_nodes,
        Err(GaveUp::RouteTooLong { .. }) => 0,
        Err(GaveUp::OutOfMemory { expanded }) => *expanded,
        // A limit the library adds later (its give-ups are non-exhaustive): nothing counted.
        Err(_) => 0,
    }
}

/// What answered a search.
fn answered_by(result: &Result<Explained, GaveUp>) -> AnsweredBy {
    match result {
        Ok(Explained {
            strategy: Some(strategy),
            ..
        }) => AnsweredBy::Strategy(*strategy),
        Ok(Explained { strategy: None, .. }) => AnsweredBy::AtOnce,
        Err(_) => AnsweredBy::GaveUp,
    }
}

impl Disagreement {
    /// The message for this disagreement, without source and line.
    pub(crate) fn describe(&self) -> String {
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
            self.from,
            self.to,
            answers.join(", ")
        )
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    const BOARD: Board = Board::STANDARD;

    pub(crate) fn square(name: &str) -> Position {
        BOARD.parse_square(name.as_bytes()).unwrap()
    }

    /// Measurements of `engines` on 8×8, the table answering.
    pub(crate) fn measurements(engines: Vec<Measured>, with_routes: bool) -> Measurements {
        Measurements::new(
            engines,
            Engine::Table,
            BOARD,
            Piece::KNIGHT,
            with_routes,
            true,
        )
    }

    /// Records the query `from` `to`, on line `line_number`, as the table answers it, plus
    /// `wrong_by` moves.
    pub(crate) fn answer(
        measurements: &mut Measurements,
        (from, to): (&str, &str),
        line_number: u64,
        wrong_by: u64,
    ) {
        let (from, to) = (square(from), square(to));
        let request = Request::new(Engine::Table, BOARD, Piece::KNIGHT, from, to);
        let mut explained = Engine::Table
            .run(&mut Workspace::new(), &request, None)
            .unwrap();
        explained.outcome.moves = explained.outcome.moves.map(|moves| moves + wrong_by);
        let elapsed = Duration::from_nanos(1000);
        measurements.record((from, to), line_number, explained, elapsed);
    }

    /// The answering engine's figures are what its calls returned, never an answer of its own:
    /// a wrong answer handed over is caught, with its line, against every other engine's.
    #[test]
    fn a_wrong_answer_is_caught_with_its_line() {
        let engines: Vec<Measured> = Engine::ALL
            .into_iter()
            .map(|e| Measured::new(e, Some(1000)))
            .collect();
        let mut measurements = measurements(engines, false);
        answer(&mut measurements, ("e2", "e4"), 1, 0);
        answer(&mut measurements, ("a1", "h8"), 2, 1);
        let found = measurements.measure_batch();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line_number, 2);
        assert_eq!(
            found[0].describe(),
            "engines disagree on a1 h8: table 7, formula 6, bfs 6, bidirectional 6, astar 6"
        );
        assert_eq!(measurements.disagreements(), 1);
        // The table's time is the calls' it was handed, less the clock's cost.
        let table = measurements.rows().next().unwrap().1;
        let most = Duration::from_nanos(2000);
        assert!(table.elapsed <= most, "{:?}", table.elapsed);
    }

    #[test]
    fn figures_add_up_over_batches() {
        let engines = vec![
            Measured::new(Engine::Table, Some(1000)),
            Measured::new(Engine::Bfs, Some(1000)),
        ];
        let mut measurements = measurements(engines, true);
        for line in 1..=3 {
            answer(&mut measurements, ("a1", "h8"), line, 0);
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
        let request = Request::new(Engine::Bfs, BOARD, Piece::KNIGHT, square(from), square(to))
            .limited_to(Some(1000));
        Engine::Bfs
            .run(&mut Workspace::new(), &request, None)
            .unwrap()
            .outcome
            .expanded
    }
}
