//! The pipeline, from the bytes of the inputs to the answers on the output:
//!
//! ```text
//! input   bytes → lines → a query, a blank line, or a line error (with source and line)
//!   → engine  the fewest moves, and a route when asked
//!   → format  a sentence, a TSV row or a JSON object, and a drawing
//!   → sink    written out (stdout), or compared with a candidate's answers (check);
//!             bad lines reported on stderr in order
//! ```
//!
//! with `--stats` and `--compare` observing the engines beside it ([`crate::stats`]), and the
//! accelerator ([`crate::fast`]) taking the runs of lines, and the grids, it can answer faster. Everything the
//! accelerator does, the general path below does too, byte for byte; the accelerator is only
//! asked first.

use std::fmt::{self, Display};
use std::io::{self, Write};
use std::ops::ControlFlow;

use memchr::memchr;

use crate::board::Board;
use crate::engine::square_map::SquareMap;
use crate::engine::{Engine, GaveUp, Request, Workspace};
use crate::fast::Accelerator;
use crate::format::Shape;
use crate::format::grid::{Cell, GridEnd, GridKind, GridSpill};
use crate::format::trace::{AlsoRecorded, Recording, TraceWriter, WatchedSearch};
use crate::format::{Answer, Drawing, Spill, Writer};
use crate::input::line::{LineError, TypedPair};
use crate::input::{LineReader, Lines};
use crate::problem::{Grammar, Problem, Step};
use crate::report::KeptQueries;
use crate::settings::{AnswerSettings, Measure, STDIN_NAME, SearchSettings};
use crate::sink::{Flow, Origin, Sink, WriteSink};
use crate::stats::{Measured, Measurements};

/// Answers queries from any number of sources, in order, into one sink, and reports bad lines
/// onto a writer of messages.
pub(crate) struct Pipeline<S: Sink, M: Write> {
    sink: S,
    messages: M,
    /// Answers not yet handed to the sink (or that it lets wait).
    pending: Vec<u8>,
    accelerator: Option<Accelerator>,
    /// The problem whose input is read, and how far the current source has been read by it.
    problem: Problem,
    grammar: Grammar,
    answerer: Answerer,
    invalid_lines: u64,
    /// Of those, the queries whose search gave up.
    unanswered_lines: u64,
}

/// The general path's answering step: a search by the chosen engine, then the writer, with
/// the measurements watching.
struct Answerer {
    search: SearchSettings,
    with_route: bool,
    workspace: Workspace,
    /// The workspace of the other engines' searches of a query, watched for a view.
    others_workspace: Workspace,
    writer: Writer,
    measurements: Option<Measurements>,
    /// The queries kept for `--report`, when one is asked.
    report: Option<KeptQueries>,
    /// The name the answers give their source (JSON's `source`), where it is not the name
    /// messages give it: see [`Pipeline::answering_as_read_from`].
    answers_source: Option<&'static str>,
}

impl<S: Sink, M: Write> Pipeline<S, M> {
    /// A pipeline answering as `settings` say, handing answers to `sink` and writing one
    /// message per bad line to `messages` (stderr).
    pub(crate) fn new(sink: S, messages: M, settings: &AnswerSettings) -> Self {
        let (search, output) = (settings.search, settings.output);
        let drawing = output.draw.map(|kind| Drawing {
            board: search.board,
            piece: search.piece,
            kind,
            colour: output.colour,
            every_engine: settings.measure == Measure::AllEngines,
            columns: output.columns,
        });
        let writer = Writer::new(output.shape, output.path, drawing, search.piece);
        let measured = |engine| Measured::new(engine, search.max_nodes);
        let measured: Vec<Measured> = match settings.measure {
            Measure::Nothing => Vec::new(),
            Measure::Engine => vec![measured(search.engine.for_board(search.board))],
            Measure::AllEngines => Engine::all_for(search.board, search.piece)
                .map(measured)
                .collect(),
        };
        let measurements = (!measured.is_empty()).then(|| {
            let (board, piece) = (search.board, search.piece);
            let answering = search.engine.for_board(board);
            Measurements::new(measured, answering, board, piece, output.path)
        });
        let mut pending = Vec::new();
        writer.push_preamble(&mut pending);
        Pipeline {
            sink,
            messages,
            pending,
            accelerator: Accelerator::for_settings(settings),
            problem: settings.problem,
            grammar: settings.problem.grammar(search.board),
            answerer: Answerer {
                search,
                with_route: output.path,
                workspace: Workspace::new(),
                others_workspace: Workspace::new(),
                writer,
                measurements,
                report: None,
                answers_source: None,
            },
            invalid_lines: 0,
            unanswered_lines: 0,
        }
    }

    /// The pipeline, its answers naming their source `name` (JSON's `source`) whatever the
    /// source is called in messages: a judged program reads its input on standard input, as
    /// every judge (and `stress`) gives it, so its answers name it `<stdin>`, while verdicts
    /// and messages name the file the judge read.
    pub(crate) fn answering_as_read_from(mut self, name: &'static str) -> Self {
        self.answerer.answers_source = Some(name);
        self
    }

    /// The sink, with every answer handed to it; a failure to write them is returned.
    pub(crate) fn into_sink(mut self) -> io::Result<S> {
        self.flush()?;
        Ok(self.sink)
    }

    /// Reports, after every answer so far, a problem with a whole source (one that cannot be
    /// opened or read). Writes nothing to the output; a failure to write the answers is returned.
    pub(crate) fn report_source_error(
        &mut self,
        source: &str,
        error: &dyn Display,
    ) -> io::Result<()> {
        self.flush()?;
        self.sink.unreadable_input(source, error);
        self.write_message(format_args!("{source}: {error}"));
        Ok(())
    }

    /// The engines' figures so far, when they are measured (`--stats`, `--compare`).
    pub(crate) fn measurements(&self) -> Option<&Measurements> {
        self.answerer.measurements.as_ref()
    }

    /// Keeps the queries answered from now on for `--report`, in `kept`.
    pub(crate) fn keep_for_report(&mut self, kept: KeptQueries) {
        self.answerer.report = Some(kept);
    }

    /// The queries kept for `--report`, when they are kept.
    pub(crate) fn kept_for_report(&self) -> Option<&KeptQueries> {
        self.answerer.report.as_ref()
    }

    /// How many lines were reported so far: bad lines, and queries whose search gave up.
    pub(crate) fn invalid_lines(&self) -> u64 {
        self.invalid_lines
    }

    /// How many of those were queries whose search gave up (they expect an answer that
    /// knight-moves could not make; bad lines expect none).
    pub(crate) fn unanswered_lines(&self) -> u64 {
        self.unanswered_lines
    }

    /// The sink and the message writer, for tests that answer into memory.
    #[cfg(test)]
    pub(crate) fn into_parts(mut self) -> (S, M) {
        let _ = self.flush();
        (self.sink, self.messages)
    }

    /// Answers or reports one line (without its newline) by the general path, as the
    /// problem's grammar reads it.
    fn answer_line(&mut self, source: &str, line_number: u64, line: &[u8]) -> io::Result<()> {
        match self.grammar.read(line, line_number) {
            Step::Query(query, board) => self.answer(source, line_number, &query, board),
            Step::Skip => Ok(()),
            Step::Grid(side) => self.write_grid(source, line_number, side),
            Step::Bad(error) => self.report(source, line_number, &error),
        }
    }

    /// Writes a CSES or KnightL grid, its numbers asked of the engine as every query is,
    /// handing it to the sink in pieces as it is made, and stopping once the sink has settled
    /// (a checker with its verdict) or a search gives up.
    fn write_grid(&mut self, source: &str, line_number: u64, side: u32) -> io::Result<()> {
        let Pipeline {
            sink,
            pending,
            answerer,
            accelerator,
            ..
        } = self;
        let origin = Origin::Grid {
            source,
            line_number,
            side,
        };
        let mut spill = |buffer: &mut Vec<u8>| {
            Ok(match sink.take(buffer, &origin)? {
                Flow::Continue => ControlFlow::Continue(()),
                Flow::Settled => ControlFlow::Break(()),
            })
        };
        let end = answerer.push_grid(pending, side, accelerator.as_ref(), &mut spill)?;
        sink.take(pending, &origin)?;
        match end {
            GridEnd::Whole => Ok(()),
            GridEnd::Settled { lines_left } => {
                sink.lines_not_made(lines_left);
                Ok(())
            }
            GridEnd::GaveUp { gave_up, row_begun } => {
                // A grid is searched on the side × side board; CSES's numbers are all the
                // knight's, which the formula could answer, KnightL's every leaper's.
                let board = Board::new(side, side).unwrap_or(answerer.search.board);
                let knight = answerer.writer.shape() == Shape::Grid(GridKind::Corner);
                let message = GaveUpMessage {
                    gave_up,
                    engine: answerer.search.engine.for_board(board),
                    knight,
                    route_asked: false,
                };
                sink.no_answer(&origin, &message)?;
                if row_begun {
                    // The numbers found are out; their line ends only now, once a checker
                    // knows that what follows them cannot be judged.
                    pending.push(b'\n');
                    sink.take(pending, &origin)?;
                }
                self.unanswered_lines += 1;
                self.report(source, line_number, &message)
            }
        }
    }

    /// Answers one query, or reports that its search gave up.
    ///
    /// The answers already made are written out first when this search may take long, so
    /// that a run stopped during it (a `timeout`, Ctrl-C) loses only the line in progress; and
    /// after it when they pass [`crate::sink::WRITE_BYTES`], so that the output holds little more than the
    /// answer being written, whose long route leaves as it is written.
    fn answer(
        &mut self,
        source: &str,
        line_number: u64,
        query: &TypedPair,
        board: Board,
    ) -> io::Result<()> {
        if self.answerer.may_take_long(board) {
            self.flush()?;
        }
        let Pipeline {
            sink,
            pending,
            answerer,
            ..
        } = self;
        let origin = Origin::Query {
            source,
            line_number,
            query,
            board,
        };
        let mut spill = |buffer: &mut Vec<u8>| sink.take(buffer, &origin).map(|_| ());
        let answered = answerer.answer(pending, query, board, source, line_number, &mut spill)?;
        match answered {
            Ok(()) => {
                sink.take(pending, &origin)?;
                Ok(())
            }
            Err(gave_up) => {
                let engine = answerer.search.engine.for_board(board);
                let knight = answerer.search.piece.is_knight();
                let message = GaveUpMessage {
                    gave_up,
                    engine,
                    knight,
                    route_asked: answerer.with_route,
                };
                sink.no_answer(&origin, &message)?;
                self.unanswered_lines += 1;
                self.report(source, line_number, &message)
            }
        }
    }

    /// Reports a bad line. The answers before it are written first, so that on a terminal, where
    /// stdout and stderr mix, the message appears where the line would have been answered.
    fn report(&mut self, source: &str, line_number: u64, error: &dyn Display) -> io::Result<()> {
        self.invalid_lines += 1;
        self.flush()?;
        self.write_message(format_args!("{source}:{line_number}: {error}"));
        Ok(())
    }

    /// Writes one message line, prefixed with the program's name, in a single write so that
    /// messages from several programs sharing a terminal do not interleave mid-line.
    ///
    /// A failure to write a message is ignored: there is nowhere left to report it, and the
    /// answers on stdout matter more.
    fn write_message(&mut self, message: std::fmt::Arguments<'_>) {
        let line = format!("knight-moves: {message}\n");
        let _ = self.messages.write_all(line.as_bytes());
        let _ = self.messages.flush();
    }

    /// Hands the pending answers over and flushes them, so a waiting reader sees them now.
    fn flush(&mut self) -> io::Result<()> {
        self.sink.flush(&mut self.pending)
    }

    /// Measures the engines on the queries answered since the last call, if they are measured,
    /// and reports each query on which they disagree.
    fn measure(&mut self, source: &str) {
        let Some(measurements) = &mut self.answerer.measurements else {
            return;
        };
        for disagreement in measurements.measure_batch() {
            let line_number = disagreement.line_number;
            let description = disagreement.describe();
            self.write_message(format_args!("{source}:{line_number}: {description}"));
        }
    }
}

impl<S: Sink, M: Write> Lines for Pipeline<S, M> {
    /// The accelerator, if there is one, answers as many lines as it can, a run at a time; the
    /// general path takes the line it stopped at (a blank or bad line, usually); and so on,
    /// until no complete line is left.
    fn take_complete_lines(
        &mut self,
        source: &str,
        bytes: &[u8],
        line_number: &mut u64,
    ) -> io::Result<usize> {
        let mut position = 0;
        loop {
            // Not while `--report` keeps queries: the page shows the searches of its first
            // queries, which only the general path makes.
            let keeping = self
                .answerer
                .report
                .as_ref()
                .is_some_and(KeptQueries::is_keeping);
            if let Some(accelerator) = self.accelerator.as_ref().filter(|_| !keeping) {
                let answered = accelerator.answer_run(
                    &bytes[position..],
                    &mut self.pending,
                    &mut self.grammar,
                );
                if answered.lines > 0 {
                    if let Some(report) = &mut self.answerer.report {
                        report.count_left_out(answered.lines);
                    }
                    let origin = Origin::Lines {
                        source,
                        first_line: *line_number + 1,
                        lines: answered.lines,
                        text: &bytes[position..position + answered.bytes],
                    };
                    self.sink.take(&mut self.pending, &origin)?;
                    position += answered.bytes;
                    *line_number += answered.lines;
                    // It answers a run of lines at most a call (`fast::RUN_LINES`): ask it
                    // again, until the line it stops at is the first.
                    continue;
                }
            }
            let rest = &bytes[position..];
            let Some(length) = memchr(b'\n', rest) else {
                return Ok(position);
            };
            *line_number += 1;
            self.answer_line(source, *line_number, &rest[..length])?;
            position += length + 1;
        }
    }

    fn take_last_line(&mut self, source: &str, line_number: u64, line: &[u8]) -> io::Result<()> {
        self.answer_line(source, line_number, line)
    }

    fn start_source(&mut self) {
        self.grammar = self.problem.grammar(self.answerer.search.board);
    }

    fn end_source(&mut self, source: &str, last_line: u64) -> io::Result<()> {
        match self.grammar.finish(last_line) {
            Some((line_number, error)) => self.report(source, line_number, &error),
            None => Ok(()),
        }
    }

    fn skip_long_line(&mut self, source: &str, line_number: u64) -> io::Result<()> {
        self.report(source, line_number, &LineError::TooLong)
    }

    /// Writes the answers out, gives back the memory of any big search (before the next read
    /// waits for input, which may be long), and measures the engines on the queries read.
    ///
    /// The engines are measured even when the answers could not be written (a reader that
    /// left): the figures cover every query answered.
    fn end_of_read(&mut self, source: &str) -> io::Result<()> {
        let flushed = self.flush();
        if self.answerer.workspace.trim() {
            crate::allocator::return_freed_memory_to_the_system();
        }
        self.measure(source);
        flushed
    }
}

/// What to say about a query whose search gave up: what was limited, and what would help.
struct GaveUpMessage {
    gave_up: GaveUp,
    engine: Engine,
    /// Whether the formula, the knight's, could help.
    knight: bool,
    /// Whether a route was asked for (`--path`), which the formula holds whole.
    route_asked: bool,
}

impl Display for GaveUpMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hint = match (self.gave_up, self.engine, self.knight) {
            (GaveUp::RouteTooLong { .. }, ..) => "leave out --path, or allow more",
            (GaveUp::OutOfMemory { .. }, Engine::Formula, _) if self.route_asked => {
                "leave out --path, or lower --max-nodes"
            }
            (GaveUp::OutOfMemory { .. }, Engine::Formula, _)
            | (GaveUp::OutOfMemory { .. }, _, false) => "lower --max-nodes",
            (GaveUp::OutOfMemory { .. }, _, true) => {
                "lower --max-nodes, or try --algorithm formula"
            }
            (GaveUp::Expanded { .. }, Engine::Formula, _) | (_, _, false) => "allow more",
            (GaveUp::Expanded { .. }, _, true) => "try --algorithm formula, or allow more",
            // A limit the library adds later (its give-ups are non-exhaustive).
            _ => "allow more",
        };
        match self.gave_up {
            GaveUp::Expanded { max_nodes } => {
                write!(
                    f,
                    "gave up after expanding {max_nodes} squares (--max-nodes)"
                )?;
            }
            GaveUp::RouteTooLong { moves, max_nodes } => write!(
                f,
                "the route has {moves} moves, more than --max-nodes allows ({max_nodes})"
            )?,
            GaveUp::OutOfMemory { expanded } => {
                write!(f, "ran out of memory after expanding {expanded} squares")?;
            }
            other => write!(f, "{other}")?,
        }
        write!(f, "; {hint}")
    }
}

impl Answerer {
    /// Whether a search may take long enough that the answers before it should not wait for
    /// it: on a board of more than [`SquareMap::DENSE_LIMIT`] squares, every search by a
    /// searching engine, and every route the formula builds (a move at a time). On smaller
    /// boards every search takes microseconds.
    fn may_take_long(&self, board: Board) -> bool {
        let squares = u64::from(board.files()) * u64::from(board.ranks());
        let searches = match self.search.engine.for_board(board) {
            Engine::Table => false,
            Engine::Formula => self.with_route,
            // The searches, and any engine the library adds later (its engines are
            // non-exhaustive): a search may take long.
            _ => true,
        };
        searches && squares > SquareMap::<()>::DENSE_LIMIT
    }

    /// Appends the answer to `query`, read from line `line_number` of `source`, to `out`,
    /// handing a long one to `spill` as it is written; or says that the search gave up,
    /// leaving `out` as it was. The error is a failure to write.
    fn answer(
        &mut self,
        out: &mut Vec<u8>,
        query: &TypedPair,
        board: Board,
        source: &str,
        line_number: u64,
        spill: Spill,
    ) -> io::Result<Result<(), GaveUp>> {
        let engine = self.search.engine.for_board(board);
        // Watched where a view shows its steps, and its route drawn: a picture of the search,
        // or the page.
        let kept = self.report.as_ref().is_some_and(|kept| kept.wants(board));
        let mut recording = (self.writer.draws_search() || kept).then(Recording::default);
        let request = Request::new(engine, board, self.search.piece, query.from, query.to)
            .with_route(self.with_route || recording.is_some())
            .limited_to(self.search.max_nodes);
        let found = match (self.writer.shape(), &mut recording) {
            (Shape::Trace, recording) => {
                let mut trace = TraceWriter::new(out, &mut *spill, source, line_number, engine);
                let found = match recording {
                    Some(recording) => {
                        let mut both = AlsoRecorded {
                            observer: &mut trace,
                            recording,
                        };
                        engine.run(&mut self.workspace, &request, Some(&mut both))
                    }
                    None => engine.run(&mut self.workspace, &request, Some(&mut trace)),
                };
                trace.finish()?;
                found
            }
            (_, Some(recording)) => engine.run(&mut self.workspace, &request, Some(recording)),
            (_, None) => engine.run(&mut self.workspace, &request, None),
        };
        let explained = match found {
            Ok(explained) => explained,
            Err(gave_up) => {
                if let Some(kept) = &mut self.report {
                    kept.gave_up(source, line_number);
                }
                return Ok(Err(gave_up));
            }
        };
        // Each search of the query made once, here, and read by every view: the answering
        // call's, and each other engine's where the pictures compare them or the page keeps
        // the query.
        let mut searches = Vec::new();
        if let Some(recording) = recording {
            let answering = WatchedSearch {
                engine,
                found: Ok(explained),
                recording,
                route: match explained.outcome.moves {
                    Some(_) => self.workspace.route.clone(),
                    None => Vec::new(),
                },
            };
            let every_engine = kept || self.writer.draws_every_engine();
            searches = match every_engine {
                true => Engine::all_for(board, self.search.piece)
                    .map(|other| match other == engine {
                        true => answering.clone(),
                        false => self.watch(other, board, query),
                    })
                    .collect(),
                false => vec![answering],
            };
        }
        let outcome = explained.outcome;
        let answer = Answer {
            query,
            source: self.answers_source.unwrap_or(source),
            line_number,
            moves: outcome.moves,
            route: self.with_route.then_some(&self.workspace.route[..]),
            engine,
            expanded: outcome.expanded,
            searches: match self.writer.draws_search() {
                true => &searches,
                false => &[],
            },
        };
        self.writer.push(out, &answer, spill)?;
        if let Some(measurements) = &mut self.measurements {
            measurements.record((query.from, query.to), line_number, explained);
        }
        if let Some(report) = &mut self.report {
            match kept {
                true => report.keep(source, line_number, query, searches),
                false => report.pass_over(board),
            }
        }
        Ok(Ok(()))
    }

    /// Another `engine`'s search of `query` on `board`, watched, on a workspace of its own:
    /// the one search of it that every view reads.
    fn watch(&mut self, engine: Engine, board: Board, query: &TypedPair) -> WatchedSearch {
        let request = Request::new(engine, board, self.search.piece, query.from, query.to)
            .with_route(true)
            .limited_to(self.search.max_nodes);
        WatchedSearch::make(engine, &request, &mut self.others_workspace)
    }

    /// Appends the grid for the size `side`, each of its numbers searched by the engine the
    /// settings choose for its board and piece, within the same limit as any query, unless
    /// the accelerator answers it.
    fn push_grid(
        &mut self,
        out: &mut Vec<u8>,
        side: u32,
        accelerator: Option<&Accelerator>,
        spill: GridSpill,
    ) -> io::Result<GridEnd> {
        let Answerer {
            search,
            workspace,
            writer,
            ..
        } = self;
        if let Some(grid) = accelerator.and_then(|fast| fast.knight_grid(side)) {
            return grid.push_grid(out, spill);
        }
        let ask_the_engine = |cell: &Cell| {
            let engine = search.engine.for_board(cell.board);
            let request = Request::new(engine, cell.board, cell.piece, cell.from, cell.to)
                .limited_to(search.max_nodes);
            engine
                .run(workspace, &request, None)
                .map(|explained| explained.outcome.moves)
        };
        writer.push_grid(out, side, ask_the_engine, spill)
    }
}

/// The answers knight-moves makes for `input` (named `name` in messages), as `settings` say,
/// in memory, naming their source `<stdin>` as a program given `input` would; or, where it
/// cannot answer a query, which and why. What `stress` expects of a program, and what a
/// package's answer files hold.
pub(crate) fn answers_in_memory(
    settings: &AnswerSettings,
    name: &str,
    input: &[u8],
) -> Result<Vec<u8>, String> {
    let sink = Expected {
        writer: WriteSink::new(Vec::new()),
        not_answered: None,
    };
    let mut pipeline = Pipeline::new(sink, io::sink(), settings).answering_as_read_from(STDIN_NAME);
    // Reading from memory and writing to memory: no error can come of either.
    let _ = LineReader::new().read(name, io::Cursor::new(input), &mut pipeline);
    let sink = pipeline.into_sink().map_err(|error| error.to_string())?;
    match sink.not_answered {
        Some(why) => Err(why),
        None => Ok(sink.writer.into_inner()),
    }
}

/// Answers in memory, and the first query knight-moves could not answer.
struct Expected {
    writer: WriteSink<Vec<u8>>,
    not_answered: Option<String>,
}

impl Sink for Expected {
    fn take(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow> {
        self.writer.take(answers, origin)
    }

    fn no_answer(&mut self, origin: &Origin, why: &dyn fmt::Display) -> io::Result<()> {
        self.not_answered
            .get_or_insert_with(|| format!("{} ({why})", origin.describe(0)));
        Ok(())
    }

    fn lines_not_made(&mut self, lines: u64) {
        self.writer.lines_not_made(lines);
    }

    fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display) {
        self.not_answered
            .get_or_insert_with(|| format!("{source}: {why}"));
    }

    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        self.writer.flush(answers)
    }
}

#[cfg(test)]
mod tests;
