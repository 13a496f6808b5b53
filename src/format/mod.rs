//! The last step of the general pipeline: one answer written in the run's [`Shape`] (the judge's
//! sentence, the bare number, a TSV row, a JSON object), with the route when asked and the
//! board drawn after it.
//!
//! Every answer the program writes could be written here; the accelerator writes some of them
//! faster, with the same bytes (see [`crate::fast`]).

pub(crate) mod draw;
pub(crate) mod grid;
pub(crate) mod json;
pub(crate) mod number;
pub(crate) mod search_picture;
pub(crate) mod sentence;
pub(crate) mod trace;
pub(crate) mod tsv;

use std::borrow::Cow;
use std::io;

use crate::board::notation::push_square_name;
use crate::board::{Board, Piece, Position};
use crate::engine::Engine;
use crate::engine::GaveUp;
use crate::format::grid::{Cell, GridEnd, GridKind, GridSpill};
use crate::format::trace::WatchedSearch;
use crate::input::line::TypedPair;

/// The shape of the answers, decided once from the problem and `--format` (and `--header`)
/// when the command line becomes settings: which writer writes every answer of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// The judge's sentence (UVa 439): `To get from e2 to e4 takes 2 knight moves.`
    Sentence,
    /// The bare number of moves, `-1` where no route exists (SPOJ NAKANJ, POJ 1915); the
    /// route after it names its squares as the input does.
    Number(number::Naming),
    /// `FROM<TAB>TO<TAB>MOVES` rows (`--format tsv`), a header row first when asked.
    Tsv { header: bool },
    /// JSON Lines (`--format json`): one object per answer.
    Json,
    /// A grid of numbers for each size read (CSES, KnightL): the kind says what each asks.
    Grid(GridKind),
    /// JSON Lines of each search's events, then its route (`--format trace`, see [`trace`]).
    Trace,
}

/// How long answers leave the writers while they are being written: whenever what a writer has
/// made passes [`SPILL_BYTES`], it hands the buffer over to be written out and emptied, so that
/// no answer is held whole, whatever the length of its route.
pub(crate) type Spill<'a> = &'a mut dyn FnMut(&mut Vec<u8>) -> io::Result<()>;

/// How much of an answer may wait in memory before it is handed over.
pub(crate) const SPILL_BYTES: usize = 64 * 1024;

/// One answer, ready to be written.
pub(crate) struct Answer<'a> {
    /// The query, with its squares as typed.
    pub query: &'a TypedPair<'a>,
    /// Where it was read: the source's name and the line's number.
    pub source: &'a str,
    pub line_number: u64,
    /// The fewest moves, `None` when no route exists.
    pub moves: Option<u64>,
    /// One shortest route, both ends included, when it was asked for (empty if none exists).
    pub route: Option<&'a [Position]>,
    /// The engine that answered, and the squares it expanded (for `--format trace`).
    pub engine: Engine,
    pub expanded: u64,
    /// The searches of the query, watched, when their pictures are drawn (`--draw=search`):
    /// the answering one's, and with `--compare` each other engine's, in `Engine::ALL`'s
    /// order; empty otherwise.
    pub searches: &'a [WatchedSearch],
}

/// What `--draw` draws after each answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DrawKind {
    /// Every square's distance from the start, and the route (`--draw`, [`draw`]): the same
    /// picture whichever engine answered.
    Distances,
    /// How the engine searched: the squares it expanded, in order, and the route
    /// (`--draw=search`, [`search_picture`]).
    Search,
    /// The same, with each expanded square's g, h and f listed under the board
    /// (`--draw=search-costs`).
    SearchCosts,
}

/// What a drawing needs beside the answer: the board, what to draw, whether to colour it, and
/// how wide it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Drawing {
    pub board: Board,
    pub piece: Piece,
    pub kind: DrawKind,
    pub colour: bool,
    /// Draw every engine's search, not only the answering engine's (`--compare`).
    pub every_engine: bool,
    /// The columns a picture may take: the terminal's width, 80 in a pipe.
    pub columns: usize,
}

/// Writes answers in one shape.
pub(crate) struct Writer {
    shape: Shape,
    with_route: bool,
    drawing: Option<Drawing>,
    /// The piece's name, for the sentence: `knight`, `camel`, `(2,5)-leaper`.
    piece_name: Vec<u8>,
    /// The piece's name for TSV and JSON, which carry it for pieces but the knight only, so
    /// that the judge's own output never changes.
    piece_field: Option<String>,
}

impl Writer {
    /// A writer of answers in `shape` about `piece`; `with_route` asks for the route column or
    /// clause, `drawing` for a picture after each answer.
    pub(crate) fn new(
        shape: Shape,
        with_route: bool,
        drawing: Option<Drawing>,
        piece: Piece,
    ) -> Writer {
        Writer {
            shape,
            with_route,
            drawing,
            piece_name: piece.name().into_bytes(),
            piece_field: (!piece.is_knight()).then(|| piece.name()),
        }
    }

    /// Whether a picture of the search follows each answer (`--draw=search`): the searches
    /// are then watched, and their [`Answer::searches`] drawn.
    pub(crate) fn draws_search(&self) -> bool {
        self.drawing
            .is_some_and(|drawing| matches!(drawing.kind, DrawKind::Search | DrawKind::SearchCosts))
    }

    /// Whether the pictures of the searches compare every engine (`--compare`), each of
    /// whose searches is then watched.
    pub(crate) fn draws_every_engine(&self) -> bool {
        self.draws_search() && self.drawing.is_some_and(|drawing| drawing.every_engine)
    }

    /// The shape answers are written in.
    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    /// What the output starts with, before any answer: the TSV header row when asked.
    pub(crate) fn push_preamble(&self, out: &mut Vec<u8>) {
        match self.shape {
            Shape::Tsv { header: true } => {
                tsv::push_header(out, self.with_route, self.piece_field.is_some());
            }
            Shape::Tsv { header: false }
            | Shape::Sentence
            | Shape::Number(_)
            | Shape::Json
            | Shape::Grid(_)
            | Shape::Trace => {}
        }
    }

    /// Appends the answer to one query, handing a long one over to `spill` as it is written.
    pub(crate) fn push(&self, out: &mut Vec<u8>, answer: &Answer, spill: Spill) -> io::Result<()> {
        let route = answer.route.filter(|_| self.with_route);
        match self.shape {
            Shape::Sentence => {
                let (query, piece) = (answer.query, &self.piece_name[..]);
                match (answer.moves, route) {
                    (Some(moves), Some(route)) => {
                        sentence::push_sentence_with_route(out, query, moves, route, piece, spill)?;
                    }
                    (moves, _) => sentence::push_sentence(out, query, moves, piece),
                }
            }
            Shape::Number(naming) => number::push_number(out, answer, route, naming, spill)?,
            Shape::Tsv { header: _ } => {
                let piece = &self.piece_field;
                tsv::push_row(out, answer.query, answer.moves, route, piece, spill)?;
            }
            Shape::Json => {
                json::push_answer(out, answer, route, self.piece_field.as_deref(), spill)?;
            }
            Shape::Trace => {
                let route = answer.route.unwrap_or_default();
                trace::push_route(out, answer, route, spill)?;
            }
            // The grid problems read one size a source and never a query: their grammar makes
            // grids only (see `push_grid`), and the command line gives them this shape only.
            Shape::Grid(_) => unreachable!("a query answered in the shape of a grid"),
        }
        if let Some(drawing) = self.drawing {
            let (board, piece, colour) = (drawing.board, drawing.piece, drawing.colour);
            let query = answer.query;
            match drawing.kind {
                DrawKind::Distances => {
                    let route = route.unwrap_or_default();
                    draw::push_board(out, board, piece, query.from, route, colour);
                }
                DrawKind::Search | DrawKind::SearchCosts => {
                    let search = search_picture::SearchDrawing {
                        board,
                        piece,
                        engine: answer.engine,
                        every_engine: drawing.every_engine,
                        costs: drawing.kind == DrawKind::SearchCosts,
                        colour,
                        columns: drawing.columns,
                    };
                    search_picture::push_search(out, &search, answer.searches);
                }
            }
        }
        Ok(())
    }

    /// Appends the grid for the size `side` read from a grid problem's input, each number
    /// asked of `ask`, handing it to `spill` as it grows (see [`grid::push_grid`]).
    pub(crate) fn push_grid(
        &self,
        out: &mut Vec<u8>,
        side: u32,
        ask: impl FnMut(&Cell) -> Result<Option<u64>, GaveUp>,
        spill: GridSpill,
    ) -> io::Result<GridEnd> {
        match self.shape {
            Shape::Grid(kind) => grid::push_grid(kind, side, out, ask, spill),
            // Only the grid problems' grammar reads a size, and the command line gives those
            // problems a grid's shape only (see `push`).
            Shape::Sentence | Shape::Number(_) | Shape::Tsv { .. } | Shape::Json | Shape::Trace => {
                unreachable!("a grid written in the shape of answers to queries")
            }
        }
    }
}

/// Where a format puts an answer's route, and how it writes its squares: what a checker
/// must know to judge any shortest route ([`Shape::route_layout`]). Each format declares its
/// own beside its writer (`sentence::ROUTE`, `number::route`, `tsv::ROUTE`, `json::ROUTE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RouteLayout {
    pub squares: SquareNotation,
    pub starts: RouteStart,
    /// Whether the route's last square carries the sentence's full stop (`h8.`).
    pub full_stop: bool,
}

/// How a route's squares are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SquareNotation {
    /// `a1 b3`.
    Names,
    /// `"a1","b3"`: names as JSON strings (`--format json`).
    Quoted,
    /// `0,0 1,2` (POJ 1915's coordinates).
    Coordinates,
}

/// Where an answer line's route begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RouteStart {
    /// After the token that ends in `:` (`…knight moves: a1 b3 …`); a line without one (no
    /// route exists) holds none.
    AfterColon,
    /// After the line's first token, the number of moves, unless it is `-1` (none exists).
    AfterFirstToken,
    /// After the line's third token, the moves column of `--format tsv` (a line without one,
    /// its column empty, holds no route).
    AfterThirdToken,
    /// Inside the array after `"path":` (`--format json`; `null` where none exists). Its
    /// brackets and commas are tokens of their own, so that its squares are tokens.
    InPathArray,
}

impl Shape {
    /// Where answers of this shape hold their routes, with `--path`: `None` for the shapes
    /// that hold none (the grids; the trace, which is not judged).
    pub(crate) fn route_layout(self) -> Option<RouteLayout> {
        match self {
            Shape::Sentence => Some(sentence::ROUTE),
            Shape::Number(naming) => Some(number::route(naming)),
            Shape::Tsv { .. } => Some(tsv::ROUTE),
            Shape::Json => Some(json::ROUTE),
            Shape::Grid(_) | Shape::Trace => None,
        }
    }
}

/// The names of the squares of `route`, its ends as they were typed in `query` (a route of no
/// moves is the start as typed), the squares between in lower case.
fn typed_route<'a>(
    query: &'a TypedPair,
    route: &'a [Position],
) -> impl Iterator<Item = Cow<'a, [u8]>> {
    let last = route.len().saturating_sub(1);
    route
        .iter()
        .enumerate()
        .map(move |(index, &position)| match index {
            0 => Cow::Borrowed(query.from_text),
            index if index == last => Cow::Borrowed(query.to_text),
            _ => {
                let mut name = Vec::new();
                push_square_name(&mut name, position);
                Cow::Owned(name)
            }
        })
}

/// Appends the squares of `route` as [`typed_route`] names them, each written by `push_name`
/// and followed by `separator` but the last, handing the buffer to `spill` whenever it passes
/// [`SPILL_BYTES`].
pub(crate) fn push_typed_route(
    out: &mut Vec<u8>,
    query: &TypedPair,
    route: &[Position],
    separator: &[u8],
    push_name: impl Fn(&mut Vec<u8>, &[u8]),
    spill: Spill,
) -> io::Result<()> {
    for (index, name) in typed_route(query, route).enumerate() {
        if index > 0 {
            out.extend_from_slice(separator);
        }
        push_name(out, &name);
        if out.len() >= SPILL_BYTES {
            spill(out)?;
        }
    }
    Ok(())
}

/// Writes a square's name as it is (sentences and TSV).
pub(crate) fn plain_name(out: &mut Vec<u8>, name: &[u8]) {
    out.extend_from_slice(name);
}
