//! `--format trace`: JSON Lines of what each search does, one event a line, one query after
//! another: the data behind every picture of a search, for scripts and for `--report`.
//!
//! Each line carries the query's `source` and `line` and the `engine`, then `event`:
//! - `reach`: a square entered the search's queue or open list (A*: or was reached by a
//!   shorter route), with its `side` (`forward`, or `backward` for bidirectional BFS's search
//!   from the target), `g` (moves from that side's end), and A*'s `h` (its bound on the moves
//!   left) and `f` (`g + h`), `null` for the searches without a bound;
//! - `expand`: a square was taken off to look at its neighbours, with the same fields and its
//!   `order` (1, 2, …): these are the squares `--stats` counts;
//! - `meet`: bidirectional BFS's two searches met at `square`;
//! - `route`, last for every answered query: `from` and `to` as typed, `moves` (`null` when no
//!   route joins them), `path` (the route's squares, `null` when none), and `expanded`.
//!
//! The table and the closed form search nothing: their queries have a `route` line only. A
//! query whose search gives up has its events and no `route` line; the give-up is reported on
//! stderr as always. Events are written as the search makes them and leave in pieces of
//! [`SPILL_BYTES`], so a huge search's trace streams.

use std::io;

use crate::board::Position;
use crate::board::notation::push_square_name;
use crate::engine::observe::{Observer, Side, Step};
use crate::engine::{Engine, Explained, GaveUp, Request, Workspace};
use crate::format::json::push_string;
use crate::format::{Answer, SPILL_BYTES, Spill, push_typed_route};

/// An observer writing each event of one query's search as a line of JSON.
pub(crate) struct TraceWriter<'a, 'spill> {
    out: &'a mut Vec<u8>,
    spill: Spill<'spill>,
    /// `{"source":…,"line":…,"engine":…`, the start of every line of this query.
    prefix: Vec<u8>,
    /// How many squares were expanded so far.
    order: u64,
    /// The first failure to hand the output over; nothing more is written after it.
    error: Option<io::Error>,
}

impl<'a, 'spill> TraceWriter<'a, 'spill> {
    /// A writer for the query read from line `line_number` of `source`, searched by `engine`.
    pub(crate) fn new(
        out: &'a mut Vec<u8>,
        spill: Spill<'spill>,
        source: &str,
        line_number: u64,
        engine: Engine,
    ) -> TraceWriter<'a, 'spill> {
        let mut prefix = Vec::new();
        push_prefix(&mut prefix, source, line_number, engine);
        TraceWriter {
            out,
            spill,
            prefix,
            order: 0,
            error: None,
        }
    }

    /// What the search's events cost to write: the first failure to hand them over, if any.
    pub(crate) fn finish(self) -> io::Result<()> {
        self.error.map_or(Ok(()), Err)
    }

    /// Appends one event's line: the prefix, `"event":name`, what `fields` writes, and `}`.
    fn line(&mut self, name: &str, fields: impl FnOnce(&mut Vec<u8>)) {
        if self.error.is_some() {
            return;
        }
        self.out.extend_from_slice(&self.prefix);
        self.out.extend_from_slice(b",\"event\":\"");
        self.out.extend_from_slice(name.as_bytes());
        self.out.push(b'"');
        fields(self.out);
        self.out.extend_from_slice(b"}\n");
        if self.out.len() >= SPILL_BYTES {
            if let Err(error) = (self.spill)(self.out) {
                self.error = Some(error);
            }
        }
    }
}

/// Appends `{"source":…,"line":…,"engine":"…"`, how every line of a query's trace starts.
fn push_prefix(out: &mut Vec<u8>, source: &str, line_number: u64, engine: Engine) {
    out.extend_from_slice(b"{\"source\":");
    push_string(out, source.as_bytes());
    out.extend_from_slice(b",\"line\":");
    out.extend_from_slice(itoa::Buffer::new().format(line_number).as_bytes());
    out.extend_from_slice(b",\"engine\":\"");
    out.extend_from_slice(engine.name().as_bytes());
    out.push(b'"');
}

/// Appends `,"square":…,"side":…,"g":…,"h":…,"f":…` for `step`.
fn push_step(out: &mut Vec<u8>, step: Step) {
    out.extend_from_slice(b",\"square\":\"");
    push_square_name(out, step.square);
    out.extend_from_slice(match step.side {
        Side::Forward => b"\",\"side\":\"forward\",\"g\":".as_slice(),
        Side::Backward => b"\",\"side\":\"backward\",\"g\":".as_slice(),
    });
    let mut digits = itoa::Buffer::new();
    out.extend_from_slice(digits.format(step.moves).as_bytes());
    match step.bound {
        Some(bound) => {
            out.extend_from_slice(b",\"h\":");
            out.extend_from_slice(digits.format(bound).as_bytes());
            out.extend_from_slice(b",\"f\":");
            let total = u64::from(step.moves) + u64::from(bound);
            out.extend_from_slice(digits.format(total).as_bytes());
        }
        None => out.extend_from_slice(b",\"h\":null,\"f\":null"),
    }
}

impl Observer for TraceWriter<'_, '_> {
    fn reach(&mut self, step: Step) {
        self.line("reach", |out| push_step(out, step));
    }

    fn expand(&mut self, step: Step) {
        self.order += 1;
        let order = self.order;
        self.line("expand", |out| {
            out.extend_from_slice(b",\"order\":");
            out.extend_from_slice(itoa::Buffer::new().format(order).as_bytes());
            push_step(out, step);
        });
    }

    /// A failed write ends the search: nothing more of it can reach the reader.
    fn has_stopped(&self) -> bool {
        self.error.is_some()
    }

    fn meet(&mut self, square: Position) {
        self.line("meet", |out| {
            out.extend_from_slice(b",\"square\":\"");
            push_square_name(out, square);
            out.push(b'"');
        });
    }
}

/// Appends the `route` line that ends an answered query's trace.
pub(crate) fn push_route(
    out: &mut Vec<u8>,
    answer: &Answer,
    route: &[Position],
    spill: Spill,
) -> io::Result<()> {
    let query = answer.query;
    push_prefix(out, answer.source, answer.line_number, answer.engine);
    out.extend_from_slice(b",\"event\":\"route\",\"from\":");
    let mut digits = itoa::Buffer::new();
    push_string(out, query.from_text);
    out.extend_from_slice(b",\"to\":");
    push_string(out, query.to_text);
    out.extend_from_slice(b",\"moves\":");
    match answer.moves {
        Some(moves) => {
            out.extend_from_slice(digits.format(moves).as_bytes());
            out.extend_from_slice(b",\"path\":[");
            push_typed_route(out, query, route, b",", push_string, spill)?;
            out.push(b']');
        }
        None => out.extend_from_slice(b"null,\"path\":null"),
    }
    out.extend_from_slice(b",\"expanded\":");
    out.extend_from_slice(digits.format(answer.expanded).as_bytes());
    out.extend_from_slice(b"}\n");
    Ok(())
}

/// One event of a search, kept whole (see [`Recording`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    Reach(Step),
    Expand(Step),
    Meet(Position),
}

/// Every event of one search, in order: for the pictures, which draw boards small enough to
/// hold a search whole (a square is expanded once a side, and reached at most once a move of
/// the piece that reaches it, so a board of n squares gives at most 10n events).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Recording {
    pub events: Vec<Event>,
}

/// One engine's search of one query, watched: what it found, every step it took, and its
/// route. Made once, by the pipeline's answering step (the answering call, and with
/// `--compare` or for `--report`'s page each other engine once), and read as it is by the
/// search pictures and the page, which call no engine.
#[derive(Clone, Debug)]
pub(crate) struct WatchedSearch {
    pub engine: Engine,
    pub found: Result<Explained, GaveUp>,
    pub recording: Recording,
    /// One shortest route, both ends included (empty where none exists or the search gave
    /// up).
    pub route: Vec<Position>,
}

impl WatchedSearch {
    /// `engine`'s search for `request`, watched, on `workspace`: the one search of it that
    /// every view reads. The pipeline makes it (and tests); no view calls it.
    pub(crate) fn make(engine: Engine, request: &Request, workspace: &mut Workspace) -> Self {
        let mut recording = Recording::default();
        let found = engine.run(workspace, request, Some(&mut recording));
        let route = match found {
            Ok(ref explained) if explained.outcome.moves.is_some() => workspace.route.clone(),
            _ => Vec::new(),
        };
        WatchedSearch {
            engine,
            found,
            recording,
            route,
        }
    }
}

/// An observer told every step, and a recording of them too: the trace written as the search
/// goes, and its steps kept for the page.
pub(crate) struct AlsoRecorded<'o, O: Observer> {
    pub observer: &'o mut O,
    pub recording: &'o mut Recording,
}

impl<O: Observer> Observer for AlsoRecorded<'_, O> {
    fn reach(&mut self, step: Step) {
        self.recording.reach(step);
        self.observer.reach(step);
    }

    fn expand(&mut self, step: Step) {
        self.recording.expand(step);
        self.observer.expand(step);
    }

    fn meet(&mut self, square: Position) {
        self.recording.meet(square);
        self.observer.meet(square);
    }

    fn has_stopped(&self) -> bool {
        self.observer.has_stopped()
    }
}

impl Observer for Recording {
    fn reach(&mut self, step: Step) {
        self.events.push(Event::Reach(step));
    }

    fn expand(&mut self, step: Step) {
        self.events.push(Event::Expand(step));
    }

    fn meet(&mut self, square: Position) {
        self.events.push(Event::Meet(square));
    }
}
