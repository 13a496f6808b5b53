//! `--report FILE.html`: one self-contained page about the queries of a run, written at its end.
//! For each query kept, every engine that works on the board and piece is run again, watched
//! ([`Engine::run`](crate::engine::Engine::run) with an observer, into a [`Recording`](crate::format::trace::Recording)) and
//! timed as `--compare` times (a batch of searches between two readings of the clock); the
//! page ([`page`]) draws each search's final state as inline SVG and carries the events as
//! JSON for its script to replay.
//!
//! Memory stays bounded whatever the input: the pipeline hands over at most [`MAX_QUERIES`]
//! queries (the rest are only counted, and the page says how many were left out), the board
//! is at most [`MAX_SIDE`] squares a side (the command line refuses a bigger one), and each
//! query's searches are turned into the page's text before the next query is searched.

pub(crate) mod file;
pub(crate) mod page;

mod chart;

use crate::board::{Board, Piece, Position};
use crate::input::line::TypedPair;

/// The most queries a report shows: the first ones of the run.
pub(crate) const MAX_QUERIES: usize = 50;

/// The longest side of a board a report draws.
pub(crate) const MAX_SIDE: u32 = 26;

/// One query kept for the report: where it was read and what it asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KeptQuery {
    pub source: String,
    pub line_number: u64,
    pub from: Position,
    pub to: Position,
    /// The squares as typed (lossy where not UTF-8, which no square is).
    pub from_text: String,
    pub to_text: String,
}

/// The queries of a run kept for its report: the first [`MAX_QUERIES`], and how many came after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KeptQueries {
    pub board: Board,
    pub piece: Piece,
    /// The most squares a search may expand (`--max-nodes`), or `None` for each engine's own.
    pub max_nodes: Option<u64>,
    pub queries: Vec<KeptQuery>,
    /// Queries answered past the cap, counted but not kept.
    pub left_out: u64,
    /// Queries whose search gave up (no answer was made, so there is nothing to show): how
    /// many, and where the first was read.
    pub gave_up: u64,
    pub first_gave_up: Option<(String, u64)>,
}

impl KeptQueries {
    /// Nothing kept yet, for queries on `board` by `piece`.
    pub(crate) fn new(board: Board, piece: Piece, max_nodes: Option<u64>) -> KeptQueries {
        KeptQueries {
            board,
            piece,
            max_nodes,
            queries: Vec::new(),
            left_out: 0,
            gave_up: 0,
            first_gave_up: None,
        }
    }

    /// Counts a query, read from line `line_number` of `source`, whose search gave up: the
    /// page says it is not shown, and why.
    pub(crate) fn gave_up(&mut self, source: &str, line_number: u64) {
        self.gave_up += 1;
        self.first_gave_up
            .get_or_insert_with(|| (source.to_owned(), line_number));
    }

    /// Keeps `query`, read from line `line_number` of `source`, unless the cap is reached (then
    /// it is only counted). A query on another board than the report's is not kept.
    pub(crate) fn keep(&mut self, source: &str, line_number: u64, query: &TypedPair, board: Board) {
        if board != self.board {
            return;
        }
        if self.queries.len() >= MAX_QUERIES {
            self.left_out += 1;
            return;
        }
        self.queries.push(KeptQuery {
            source: source.to_owned(),
            line_number,
            from: query.from,
            to: query.to,
            from_text: String::from_utf8_lossy(query.from_text).into_owned(),
            to_text: String::from_utf8_lossy(query.to_text).into_owned(),
        });
    }
}

/// Text made safe for HTML, in an element or an attribute's quotes.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_queries_are_kept_and_the_rest_counted() {
        let board = Board::STANDARD;
        let mut kept = KeptQueries::new(board, Piece::KNIGHT, None);
        let query = TypedPair {
            from: Position::new(0, 0),
            to: Position::new(7, 7),
            from_text: b"a1",
            to_text: b"h8",
        };
        for line in 1..=MAX_QUERIES as u64 + 7 {
            kept.keep("a.in", line, &query, board);
        }
        kept.keep("a.in", 99, &query, Board::new(5, 5).unwrap());
        assert_eq!(kept.queries.len(), MAX_QUERIES);
        assert_eq!(
            kept.queries[MAX_QUERIES - 1].line_number,
            MAX_QUERIES as u64
        );
        assert_eq!(kept.left_out, 7);
        assert_eq!((kept.gave_up, &kept.first_gave_up), (0, &None));
        kept.gave_up("b.in", 3);
        kept.gave_up("b.in", 9);
        assert_eq!(kept.gave_up, 2);
        assert_eq!(kept.first_gave_up, Some(("b.in".to_owned(), 3)));
    }
}
