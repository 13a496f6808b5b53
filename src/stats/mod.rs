//! Measuring engines for `--stats` and `--compare`, beside the pipeline: how many queries each
//! answered, how many squares it expanded, how long it took, and whether the engines agree.
//! [`table`] writes the figures out, as text or JSON.
//!
//! The answering engine's figures (its answers, the squares it expanded, what answered) are
//! those of the calls that answered: the pipeline hands over what each returned
//! ([`Measurements::record`]). With `--compare`, each other engine's figures are those of its
//! one search of each of those queries, unwatched, at the end of each chunk of input
//! ([`Measurements::measure_batch`]); the batch holds at most one chunk's queries, so memory
//! stays bounded.
//!
//! Every time shown to compare engines is this module's ([`Clock`]): `--stats`, `--compare`,
//! and the page (which shows `--compare`'s figures, or has [`times`] take its own the same
//! way). It is measured as a benchmark harness measures, never from a watched call: each
//! engine's own searches, unwatched, a whole pass over a chunk's queries timed between two
//! readings of the clock, so the clock's cost is spread over the pass — for the other engines
//! the pass that makes their figures, for the answering engine one more pass over what it
//! answered. A run whose passes take [`ENOUGH`] is timed by them; a shorter one is searched
//! again in groups of at least [`GROUP`] until [`ENOUGH`] is spent, and timed by its fastest
//! group ([`Clock::ns_per_search`] says why). A search of a few nanoseconds cannot be timed
//! alone; thousands of them can.

pub(crate) mod table;

use std::time::{Duration, Instant};

/// What an engine's searches must have taken in all, over the run, before its time a query is
/// believed: below it, passes over the batch's queries are repeated. Ten milliseconds, a
/// hundred groups, holds the figure within 10% of its median from run to run here, busy or
/// idle (docs/GUIDE.md, "How engines are timed", gives the noise measured), and costs a run of
/// a few queries 50 ms at most, five engines; twenty cost a run of 400,000 queries 8% more
/// than it took when each call was timed, and held the figure no better.
pub(crate) const ENOUGH: Duration = Duration::from_millis(10);

/// The least time a timed group of passes takes, while passes are repeated: the group grows
/// until it takes this long, so that two readings of the clock (tens of nanoseconds) are a
/// thousandth of what they time. Short, so that of the hundred groups [`ENOUGH`] holds
/// many run whole between two of the system's interruptions (a busy machine takes the
/// processor away for milliseconds at a time).
const GROUP: Duration = Duration::from_micros(100);

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
    /// The engine that answers: its figures are the answering calls'.
    answering: Engine,
    batch: Vec<Answered>,
    results: Vec<Result<Explained, GaveUp>>,
    /// Each query's time, for the engine being summed up.
    times: Vec<Duration>,
    /// Each engine's clock, in the order of `engines`.
    clocks: Vec<Clock>,
    workspace: Workspace,
    disagreements: u64,
}

/// A query as the answering engine answered it.
#[derive(Clone, Copy, Debug)]
struct Answered {
    from: Position,
    to: Position,
    line_number: u64,
    explained: Explained,
}

/// What two readings of the clock in a row cost at least, over many tries: what a search
/// timed alone pays beyond its own time.
fn clock_cost() -> Duration {
    (0..1000)
        .map(|_| {
            let start = Instant::now();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// One engine's searches, as [`Clock::time`] makes them: on one board, by one piece, within
/// the engine's limit, with routes or not, as the answers were made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Searches {
    pub(crate) engine: Engine,
    pub(crate) board: Board,
    pub(crate) piece: Piece,
    pub(crate) with_route: bool,
    /// The limit asked for (`--max-nodes`); `None` leaves the engine its own default.
    pub(crate) max_nodes: Option<u64>,
}

impl Searches {
    /// The search of `from` → `to`, unwatched, in `workspace`.
    fn run(
        &self,
        workspace: &mut Workspace,
        (from, to): (Position, Position),
    ) -> Result<Explained, GaveUp> {
        let request = Request::new(self.engine, self.board, self.piece, from, to)
            .with_route(self.with_route)
            .limited_to(self.max_nodes);
        self.engine.run(workspace, &request, None)
    }
}

/// The one clock of the engines' times (see the module's documentation): what one engine's
/// unwatched searches took, and how many were timed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clock {
    /// The time of the first pass over each batch, the searches whose results are the figures.
    elapsed: Duration,
    searches: u64,
    /// What the repeated passes took, over the run: with `elapsed`, at most [`ENOUGH`] and a
    /// group, so that a run of many short batches repeats them once in all, not once a batch.
    repeated: Duration,
    /// Nanoseconds a search in each group of repeated passes, for a run too short to time in
    /// one pass: the least is the figure.
    samples: Vec<f64>,
}

impl Clock {
    /// Times `searches` of `queries`: one pass, whose results are appended to `results`, timed
    /// whole; or, where `each` is given, each search timed alone (less the clock's own cost)
    /// into it, for an engine whose searches take microseconds, whose strategies and slowest
    /// query are told apart. Then, while this clock's searches have taken less than [`ENOUGH`]
    /// in all, more passes, timed a group at a time ([`GROUP`]), their results dropped.
    pub(crate) fn time(
        &mut self,
        searches: &Searches,
        queries: &[(Position, Position)],
        workspace: &mut Workspace,
        results: &mut Vec<Result<Explained, GaveUp>>,
        each: Option<&mut Vec<Duration>>,
    ) {
        if queries.is_empty() {
            return;
        }
        match each {
            Some(times) => {
                let cost = clock_cost();
                for &query in queries {
                    let started = Instant::now();
                    let found = searches.run(workspace, query);
                    let elapsed = started.elapsed().saturating_sub(cost);
                    times.push(elapsed);
                    self.elapsed += elapsed;
                    results.push(found);
                }
            }
            None => {
                let started = Instant::now();
                results.extend(queries.iter().map(|&query| searches.run(workspace, query)));
                self.elapsed += started.elapsed();
            }
        }
        self.searches += queries.len() as u64;
        let mut passes: u64 = 1;
        while self.elapsed + self.repeated < ENOUGH {
            let started = Instant::now();
            for _ in 0..passes {
                for &query in queries {
                    let _ = std::hint::black_box(searches.run(workspace, query));
                }
            }
            let elapsed = started.elapsed();
            self.repeated += elapsed;
            match elapsed < GROUP {
                // Too short a group to believe: a longer one next.
                true => passes *= 2,
                false => self
                    .samples
                    .push(elapsed.as_nanos() as f64 / (passes * queries.len() as u64) as f64),
            }
        }
    }

    /// Nanoseconds a search, as timed; `None` before any search. A run whose searches took
    /// [`ENOUGH`] in one pass is timed by that pass; a shorter one by the fastest of its
    /// repeated groups, as a benchmark harness times a few nanoseconds' work: it leaves out
    /// the first pass's cold caches and every group the system interrupted, which on a busy
    /// machine is half of them or more, so that the figure is the engine's, not the load's.
    pub(crate) fn ns_per_search(&self) -> Option<f64> {
        match self.elapsed >= ENOUGH {
            false if !self.samples.is_empty() => {
                Some(self.samples.iter().copied().fold(f64::INFINITY, f64::min))
            }
            _ => (self.searches > 0).then(|| self.elapsed.as_nanos() as f64 / self.searches as f64),
        }
    }

    /// The time `queries` searches take at this clock's rate: what an engine's figures say it
    /// took, so that their time a query is the clock's.
    fn elapsed_for(&self, queries: u64) -> Duration {
        let nanoseconds = self.ns_per_search().unwrap_or(0.0) * queries as f64;
        Duration::from_nanos(nanoseconds.round() as u64)
    }
}

/// Each engine's time a search of `queries`, by the one clock: for the page, whose queries are
/// timed as `--compare`'s are.
pub(crate) fn times(searches: &[Searches], queries: &[(Position, Position)]) -> Vec<Option<f64>> {
    let mut workspace = Workspace::new();
    let mut results = Vec::new();
    searches
        .iter()
        .map(|searches| {
            let mut clock = Clock::default();
            results.clear();
            clock.time(searches, queries, &mut workspace, &mut results, None);
            clock.ns_per_search()
        })
        .collect()
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
    ) -> Measurements {
        // The knight's formula answers in nanoseconds: its queries are timed as a batch.
        let timed = |engine: Measured| Measured {
            timed_each: engine.timed_each && !piece.is_knight(),
            ..engine
        };
        let engines: Vec<Measured> = engines.into_iter().map(timed).collect();
        Measurements {
            figures: vec![Measure::default(); engines.len()],
            clocks: vec![Clock::default(); engines.len()],
            engines,
            board,
            piece,
            with_routes,
            answering,
            batch: Vec::new(),
            results: Vec::new(),
            times: Vec::new(),
            workspace: Workspace::new(),
            disagreements: 0,
        }
    }

    /// Keeps a query as the answering engine answered it (`explained`), for the next
    /// [`Measurements::measure_batch`].
    #[inline]
    pub(crate) fn record(
        &mut self,
        (from, to): (Position, Position),
        line_number: u64,
        explained: Explained,
    ) {
        self.batch.push(Answered {
            from,
            to,
            line_number,
            explained,
        });
    }

    /// Runs every engine over the kept queries, adds up their figures, and returns the queries on
    /// which two engines gave different distances. Empties the batch. Each engine is timed by
    /// [`Clock::time`]; its figures are those of its first pass, but the answering engine's,
    /// which are its answering calls'.
    pub(crate) fn measure_batch(&mut self) -> Vec<Disagreement> {
        if self.batch.is_empty() {
            return Vec::new();
        }
        let count = self.batch.len();
        self.results.clear();
        let queries: Vec<(Position, Position)> = self
            .batch
            .iter()
            .map(|answered| (answered.from, answered.to))
            .collect();
        for ((engine, measure), clock) in self
            .engines
            .iter()
            .zip(&mut self.figures)
            .zip(&mut self.clocks)
        {
            let searches = Searches {
                engine: engine.engine,
                board: self.board,
                piece: self.piece,
                with_route: self.with_routes,
                max_nodes: engine.max_nodes,
            };
            self.times.clear();
            let per_query = engine.timed_each.then_some(&mut self.times);
            let first = self.results.len();
            clock.time(
                &searches,
                &queries,
                &mut self.workspace,
                &mut self.results,
                per_query,
            );
            // The answering engine's figures are its answering calls'.
            if engine.engine == self.answering {
                let answered = self.batch.iter().map(|answered| Ok(answered.explained));
                self.results.truncate(first);
                self.results.extend(answered);
            }
            let figures = &mut measure.figures;
            let found = &self.results[self.results.len() - count..];
            figures.queries += count as u64;
            // The engine's time a query, the clock's: its figure over the whole run so far.
            figures.elapsed = clock.elapsed_for(figures.queries);
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

    /// `engine`'s time a query as the table shows it (the one clock's), if it is measured and
    /// has answered a query: what the page shows too when the run is measured.
    pub(crate) fn ns_per_query(&self, engine: Engine) -> Option<f64> {
        let index = self.engines.iter().position(|e| e.engine == engine)?;
        let figures = &self.figures[index].figures;
        (figures.queries > 0).then(|| figures.ns_per_query())
    }

    /// How many queries were measured: the run's, the accelerator's being answered on the
    /// general path while measured.
    pub(crate) fn queries(&self) -> u64 {
        self.figures
            .first()
            .map_or(0, |measure| measure.figures.queries)
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
        Measurements::new(engines, Engine::Table, BOARD, Piece::KNIGHT, with_routes)
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
        measurements.record((from, to), line_number, explained);
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
    }

    /// Two queries are far too few to time alone: the clock repeats them until the engine's
    /// searches have taken [`ENOUGH`], however fast or loaded the machine, and every engine's
    /// figure is its own.
    #[test]
    fn a_few_queries_are_timed_over_enough_repeated_searches() {
        let engines: Vec<Measured> = [Engine::Table, Engine::Bfs]
            .into_iter()
            .map(|e| Measured::new(e, None))
            .collect();
        let mut measurements = measurements(engines, false);
        answer(&mut measurements, ("e2", "e4"), 1, 0);
        answer(&mut measurements, ("a1", "h8"), 2, 0);
        assert!(measurements.measure_batch().is_empty());
        for clock in &measurements.clocks {
            // One pass for the figures, too short to believe, then groups repeated.
            assert_eq!(clock.searches, 2, "{clock:?}");
            assert!(clock.elapsed < ENOUGH, "{clock:?}");
            assert!(!clock.samples.is_empty(), "{clock:?}");
        }
        let times: Vec<f64> = [Engine::Table, Engine::Bfs]
            .into_iter()
            .map(|engine| measurements.ns_per_query(engine).unwrap())
            .collect();
        assert!(times.iter().all(|&ns| ns > 0.0), "{times:?}");
        assert_eq!(measurements.queries(), 2);
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
