//! The pipeline, from the bytes of the inputs to the answers on the output:
//!
//! ```text
//! input   bytes → lines → a query, a blank line, or a line error (with source and line)
//!   → engine  the fewest moves, and a route when asked
//!   → format  a sentence, a TSV row or a JSON object, and a drawing
//!   → output  written after every read; bad lines reported on stderr in order
//! ```
//!
//! with `--stats` and `--compare` observing the engines beside it ([`crate::stats`]), and the
//! accelerator ([`crate::fast`]) taking the runs of lines it can answer faster. Everything the
//! accelerator does, the general path below does too, byte for byte; the accelerator is only
//! asked first.

use std::fmt::Display;
use std::io::{self, Write};

use memchr::memchr;

use crate::board::Board;
use crate::engine::square_map::SquareMap;
use crate::engine::{Engine, GaveUp, Request, Workspace};
use crate::fast::Accelerator;
use crate::format::number::Naming;
use crate::format::{Answer, Drawing, SPILL_BYTES, Spill, Writer};
use crate::input::Lines;
use crate::input::line::{LineError, Query};
use crate::judge::verdict::{Checker, Verdict};
use crate::problem::{Grammar, Problem, Step};
use crate::problem::{grid, knightl};
use crate::settings::{AnswerSettings, Measure, SearchSettings};
use crate::stats::{Measured, Measurements};

/// Answers queries from any number of sources, in order, onto one output, and reports bad
/// lines onto another.
pub(crate) struct Pipeline<W: Write, M: Write> {
    out: W,
    messages: M,
    /// Answers not yet written to `out`.
    pending: Vec<u8>,
    accelerator: Option<Accelerator>,
    /// The problem whose input is read, and how far the current source has been read by it.
    problem: Problem,
    grammar: Grammar,
    answerer: Answerer,
    invalid_lines: u64,
    /// With `--check`: the answers are compared with an answer file as they are made, instead
    /// of being written.
    checker: Option<Checker>,
}

/// The general path's answering step: a search by the chosen engine, then the writer, with
/// the measurements watching.
struct Answerer {
    search: SearchSettings,
    with_route: bool,
    workspace: Workspace,
    writer: Writer,
    measurements: Option<Measurements>,
}

impl<W: Write, M: Write> Pipeline<W, M> {
    /// A pipeline answering as `settings` say, writing answers to `out` and one message per bad
    /// line to `messages` (stderr).
    pub(crate) fn new(out: W, messages: M, settings: &AnswerSettings) -> Self {
        let (search, output) = (settings.search, settings.output);
        let drawing = output.draw.then_some(Drawing {
            board: search.board,
            piece: search.piece,
            colour: output.colour,
        });
        let numbers = match settings.problem {
            Problem::Nakanj => Some(Naming::AsTyped),
            Problem::Poj1915 => Some(Naming::Coordinates),
            Problem::Uva439 | Problem::CsesGrid | Problem::Knightl => None,
        };
        let writer = Writer::new(output.format, output.header, output.path, drawing, numbers)
            .for_piece(search.piece);
        let measured = |engine| Measured::new(engine, search.max_nodes_for(engine));
        let measured: Vec<Measured> = match settings.measure {
            Measure::Nothing => Vec::new(),
            Measure::Engine => vec![measured(search.engine.for_board(search.board))],
            Measure::AllEngines => Engine::all_for_piece(search.board, search.piece)
                .map(measured)
                .collect(),
        };
        let measurements = (!measured.is_empty())
            .then(|| Measurements::new(measured, search.board, search.piece, output.path));
        let mut pending = Vec::new();
        writer.push_preamble(&mut pending);
        Pipeline {
            out,
            messages,
            pending,
            accelerator: Accelerator::for_settings(settings),
            problem: settings.problem,
            grammar: settings.problem.grammar(search.board),
            answerer: Answerer {
                search,
                with_route: output.path,
                workspace: Workspace::new(),
                writer,
                measurements,
            },
            invalid_lines: 0,
            checker: None,
        }
    }

    /// This pipeline judging an answer file with `checker` instead of writing its answers.
    pub(crate) fn checking(mut self, checker: Checker) -> Self {
        self.checker = Some(checker);
        self.pending.clear(); // no TSV header: --check compares the judge's own answers
        self
    }

    /// The verdict on the answer file, once every input has been read (with `--check`).
    pub(crate) fn verdict(&mut self) -> Option<io::Result<Verdict>> {
        self.checker.take().map(Checker::finish)
    }

    /// The output, for answers made into memory (`--stress`'s expected output).
    pub(crate) fn into_output(mut self) -> W {
        let _ = self.flush();
        self.out
    }

    /// Reports, after every answer so far, a problem with a whole source (one that cannot be
    /// opened or read). Writes nothing to the output; a failure to write the answers is returned.
    pub(crate) fn report_source_error(
        &mut self,
        source: &str,
        error: &dyn Display,
    ) -> io::Result<()> {
        self.flush()?;
        self.write_message(format_args!("{source}: {error}"));
        Ok(())
    }

    /// The engines' figures so far, when they are measured (`--stats`, `--compare`).
    pub(crate) fn measurements(&self) -> Option<&Measurements> {
        self.answerer.measurements.as_ref()
    }

    /// How many lines were reported as bad so far.
    pub(crate) fn invalid_lines(&self) -> u64 {
        self.invalid_lines
    }

    /// The output and the message writer, for tests that answer into memory.
    #[cfg(test)]
    pub(crate) fn into_writers(self) -> (W, M) {
        (self.out, self.messages)
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

    /// Writes a CSES grid (or judges it), leaving in pieces as it is made.
    fn write_grid(&mut self, source: &str, line_number: u64, side: u32) -> io::Result<()> {
        let Pipeline {
            out,
            pending,
            checker,
            problem,
            ..
        } = self;
        let query = format!("{source}:{line_number}: n = {side}");
        let mut spill = |buffer: &mut Vec<u8>| {
            match checker {
                Some(checker) => checker.expect(buffer, &query),
                None => out.write_all(buffer)?,
            }
            buffer.clear();
            Ok(())
        };
        match problem {
            Problem::Knightl => knightl::push_knightl(side, pending, &mut spill)?,
            _ => grid::push_grid(side, pending, &mut spill)?,
        }
        if let Some(checker) = checker {
            checker.expect(pending, &query);
            pending.clear();
        }
        Ok(())
    }

    /// Answers one query, or reports that its search gave up.
    ///
    /// The answers already made are written out first when this search may take long, so
    /// that a run stopped during it (a `timeout`, Ctrl-C) loses only the line in progress; and
    /// after it when they pass [`SPILL_BYTES`], so that the output holds little more than the
    /// answer being written, whose long route leaves as it is written.
    fn answer(
        &mut self,
        source: &str,
        line_number: u64,
        query: &Query,
        board: Board,
    ) -> io::Result<()> {
        if self.answerer.may_take_long(board) {
            self.flush()?;
        }
        let Pipeline {
            out,
            pending,
            answerer,
            ..
        } = self;
        let start = pending.len();
        let mut spill = |buffer: &mut Vec<u8>| {
            out.write_all(buffer)?;
            buffer.clear();
            Ok(())
        };
        let answered = answerer.answer(pending, query, board, source, line_number, &mut spill)?;
        if let (Some(checker), Ok(())) = (&mut self.checker, &answered) {
            let origin = Origin {
                source,
                line_number,
                query,
                board,
            };
            checker.expect(&self.pending[start..], &origin);
            self.pending.truncate(start);
        }
        match answered {
            Ok(()) if self.pending.len() >= SPILL_BYTES => self.flush(),
            Ok(()) => Ok(()),
            Err(gave_up) => {
                let engine = self.answerer.search.engine.for_board(board);
                let knight = self.answerer.search.piece.is_knight();
                let message = GaveUpMessage {
                    gave_up,
                    engine,
                    knight,
                };
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

    /// Writes the pending answers and flushes them, so a waiting reader sees them now.
    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            self.out.write_all(&self.pending)?;
            self.pending.clear();
        }
        self.out.flush()
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

impl<W: Write, M: Write> Lines for Pipeline<W, M> {
    /// The accelerator, if there is one, answers as many lines as it can; the general path
    /// takes the line it stopped at (a blank or bad line, usually); and so on, until no
    /// complete line is left.
    fn take_complete_lines(
        &mut self,
        source: &str,
        bytes: &[u8],
        line_number: &mut u64,
    ) -> io::Result<usize> {
        let mut position = 0;
        loop {
            if let Some(accelerator) = &self.accelerator {
                let most = self.grammar.queries_the_accelerator_may_answer();
                let run = accelerator.answer_run(&bytes[position..], &mut self.pending, most);
                self.grammar.answered_by_the_accelerator(run.lines);
                position += run.bytes;
                *line_number += run.lines;
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
    fn end_of_read(&mut self, source: &str) -> io::Result<()> {
        self.flush()?;
        self.answerer.workspace.trim();
        self.measure(source);
        Ok(())
    }
}

/// Where an answer comes from, for a verdict: `SOURCE:LINE: a1 h8`, or the scenario's board
/// and squares when the query has no text of its own (POJ 1915).
struct Origin<'a> {
    source: &'a str,
    line_number: u64,
    query: &'a Query<'a>,
    board: Board,
}

impl Display for Origin<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: ", self.source, self.line_number)?;
        let query = self.query;
        if query.from_text.is_empty() {
            let (from, to) = (query.from, query.to);
            write!(
                f,
                "{} {},{} to {},{}",
                self.board, from.file, from.rank, to.file, to.rank
            )
        } else {
            write!(
                f,
                "{} {}",
                String::from_utf8_lossy(query.from_text),
                String::from_utf8_lossy(query.to_text)
            )
        }
    }
}

/// What to say about a query whose search gave up: what was limited, and what would help.
struct GaveUpMessage {
    gave_up: GaveUp,
    engine: Engine,
    /// Whether the formula, the knight's, could help.
    knight: bool,
}

impl Display for GaveUpMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hint = match (self.gave_up, self.engine, self.knight) {
            (GaveUp::RouteTooLong { .. }, ..) => "leave out --path, or allow more",
            (GaveUp::OutOfMemory { .. }, Engine::Formula, _) => {
                "leave out --path, or lower --max-nodes"
            }
            (GaveUp::OutOfMemory { .. }, _, false) => "lower --max-nodes",
            (GaveUp::OutOfMemory { .. }, _, true) => {
                "lower --max-nodes, or try --algorithm formula"
            }
            (GaveUp::Expanded { .. }, Engine::Formula, _) | (_, _, false) => "allow more",
            (GaveUp::Expanded { .. }, _, true) => "try --algorithm formula, or allow more",
        };
        write!(f, "{}; {hint}", self.gave_up)
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
            Engine::Bfs | Engine::Bidirectional | Engine::Astar => true,
        };
        searches && squares > SquareMap::<()>::DENSE_LIMIT
    }

    /// Appends the answer to `query`, read from line `line_number` of `source`, to `out`,
    /// handing a long one to `spill` as it is written; or says that the search gave up,
    /// leaving `out` as it was. The error is a failure to write.
    fn answer(
        &mut self,
        out: &mut Vec<u8>,
        query: &Query,
        board: Board,
        source: &str,
        line_number: u64,
        spill: Spill,
    ) -> io::Result<Result<(), GaveUp>> {
        let engine = self.search.engine.for_board(board);
        let request = Request {
            board,
            piece: self.search.piece,
            from: query.from,
            to: query.to,
            with_route: self.with_route,
            max_nodes: self.search.max_nodes_for(engine),
        };
        let outcome = match engine.search(&mut self.workspace, &request) {
            Ok(outcome) => outcome,
            Err(gave_up) => return Ok(Err(gave_up)),
        };
        let answer = Answer {
            query,
            source,
            line_number,
            moves: outcome.moves,
            route: self.with_route.then_some(&self.workspace.route[..]),
        };
        self.writer.push(out, &answer, spill)?;
        if let Some(measurements) = &mut self.measurements {
            measurements.record(query.from, query.to, line_number);
        }
        Ok(Ok(()))
    }
}

#[cfg(test)]
mod tests;
