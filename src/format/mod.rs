//! The last step of the general pipeline: one answer written in the chosen format (the judge's
//! sentence, TSV or JSON Lines), with the route when asked and the board drawn after it.
//!
//! Every answer the program writes could be written here; the accelerator writes some of them
//! faster, with the same bytes (see [`crate::fast`]).

pub(crate) mod draw;
pub(crate) mod json;
pub(crate) mod number;
pub(crate) mod sentence;
pub(crate) mod tsv;

use std::borrow::Cow;
use std::io;

use crate::board::notation::push_square_name;
use crate::board::{Board, Piece, Position};
use crate::input::line::Query;

/// How answers are written (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// The judge's sentence: `To get from e2 to e4 takes 2 knight moves.`
    #[default]
    Sentence,
    /// `FROM<TAB>TO<TAB>MOVES`, with a fourth column for the route under --path.
    Tsv,
    /// JSON Lines: one object per answer, with source, line, from, to, moves (and path).
    Json,
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
    pub query: &'a Query<'a>,
    /// Where it was read: the source's name and the line's number.
    pub source: &'a str,
    pub line_number: u64,
    /// The fewest moves, `None` when no route exists.
    pub moves: Option<u64>,
    /// One shortest route, both ends included, when it was asked for (empty if none exists).
    pub route: Option<&'a [Position]>,
}

/// What a drawing needs beside the answer: the board and whether to colour the route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Drawing {
    pub board: Board,
    pub piece: Piece,
    pub colour: bool,
}

/// Writes answers in one format.
pub(crate) struct Writer {
    format: Format,
    header: bool,
    with_route: bool,
    drawing: Option<Drawing>,
    /// For the problems whose judges want the bare number instead of the sentence, how the
    /// route after it names its squares.
    numbers: Option<number::Naming>,
    /// The piece's name, for the sentence: `knight`, `camel`, `(2,5)-leaper`.
    piece_name: Vec<u8>,
    /// The piece's name for TSV and JSON, which carry it for pieces but the knight only, so
    /// that the judge's own output never changes.
    piece_field: Option<String>,
}

impl Writer {
    /// A writer for `format`; `header` asks for TSV's header row, `with_route` for the route
    /// column or clause, `drawing` for a picture after each answer, `numbers` for the bare
    /// number instead of the sentence.
    pub(crate) fn new(
        format: Format,
        header: bool,
        with_route: bool,
        drawing: Option<Drawing>,
        numbers: Option<number::Naming>,
    ) -> Writer {
        Writer {
            format,
            header,
            with_route,
            drawing,
            numbers,
            piece_name: b"knight".to_vec(),
            piece_field: None,
        }
    }

    /// This writer, for answers about `piece`.
    pub(crate) fn for_piece(mut self, piece: Piece) -> Writer {
        self.piece_name = piece.name().into_bytes();
        self.piece_field = (!piece.is_knight()).then(|| piece.name());
        self
    }

    /// What the output starts with, before any answer: the TSV header row when asked.
    pub(crate) fn push_preamble(&self, out: &mut Vec<u8>) {
        if self.format == Format::Tsv && self.header {
            tsv::push_header(out, self.with_route, self.piece_field.is_some());
        }
    }

    /// Appends one answer, handing long ones over to `spill` as they are written.
    pub(crate) fn push(&self, out: &mut Vec<u8>, answer: &Answer, spill: Spill) -> io::Result<()> {
        let route = answer.route.filter(|_| self.with_route);
        match (self.format, self.numbers) {
            (Format::Sentence, Some(naming)) => {
                number::push_number(out, answer, route, naming, spill)?;
            }
            (Format::Sentence, None) => {
                let (query, piece) = (answer.query, &self.piece_name[..]);
                match (answer.moves, route) {
                    (Some(moves), Some(route)) => {
                        sentence::push_sentence_with_route(out, query, moves, route, piece, spill)?;
                    }
                    (moves, _) => sentence::push_sentence(out, query, moves, piece),
                }
            }
            (Format::Tsv, _) => {
                tsv::push_row(out, answer.query, answer.moves, route, spill)?;
                if let Some(piece) = &self.piece_field {
                    out.pop(); // the row's newline: the piece is its last column
                    out.push(b'\t');
                    out.extend_from_slice(piece.as_bytes());
                    out.push(b'\n');
                }
            }
            (Format::Json, _) => {
                json::push_answer(out, answer, route, self.piece_field.as_deref(), spill)?;
            }
        }
        if let Some(Drawing {
            board,
            piece,
            colour,
        }) = self.drawing
        {
            let route = route.unwrap_or_default();
            draw::push_board(out, board, piece, answer.query.from, route, colour);
        }
        Ok(())
    }
}

/// The names of the squares of `route`, its ends as they were typed in `query` (a route of no
/// moves is the start as typed), the squares between in lower case.
fn typed_route<'a>(query: &'a Query, route: &'a [Position]) -> impl Iterator<Item = Cow<'a, [u8]>> {
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
    query: &Query,
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
