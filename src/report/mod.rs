//! `--report FILE.html`: one self-contained page about the queries of a run, written at its end.
//! For each query kept, the pipeline hands over every engine's search of it, watched as it was
//! made ([`WatchedSearch`]), and the engines' times a query by the one clock
//! ([`crate::stats`]); the page ([`page`]) draws each search's final state as inline SVG and
//! carries the events as JSON for its script to replay. Nothing here calls an engine.
//!
//! Memory stays bounded whatever the input: the pipeline hands over at most [`MAX_QUERIES`]
//! queries (the rest are only counted, and the page says how many were left out), the board
//! is at most [`MAX_SIDE`] squares a side (the command line refuses a bigger one), so each
//! kept search records at most ten events a square ([`Recording`]): tens of megabytes at
//! most for fifty queries by five engines, about what the page written from them holds.
//!
//! [`Recording`]: crate::format::trace::Recording

pub(crate) mod file;
pub(crate) mod page;

mod chart;

use crate::board::{Board, Piece, Position};
use crate::engine::Engine;
use crate::format::trace::WatchedSearch;
use crate::input::line::TypedPair;
use crate::stats::{self, Measurements, Searches};

/// The most queries a report shows: the first ones of the run.
pub(crate) const MAX_QUERIES: usize = 50;

/// The longest side of a board a report draws.
pub(crate) const MAX_SIDE: u32 = 26;

/// One query kept for the report: where it was read, what it asked, and each engine's search
/// of it as the pipeline made it (watched), in `Engine::ALL`'s order.
#[derive(Clone, Debug)]
pub(crate) struct KeptQuery {
    pub source: String,
    pub line_number: u64,
    pub from: Position,
    pub to: Position,
    /// The squares as typed (lossy where not UTF-8, which no square is).
    pub from_text: String,
    pub to_text: String,
    pub searches: Vec<WatchedSearch>,
}

/// Each engine's time a query, as the page shows it: by the one clock ([`crate::stats`]), the
/// same figure `--compare` shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Times {
    /// Nanoseconds a query, an engine at a time in the order of the page's engines.
    pub ns_per_query: Vec<(Engine, f64)>,
    /// Over which queries: the whole run's (`--compare` measured it), or only those shown.
    pub over: TimedOver,
}

impl Times {
    /// The times of `kept`'s engines: `measured`'s own figures where the run measured every
    /// one of them (`--compare`), so that the page and the table show one figure; otherwise
    /// the one clock's over the queries kept, each search as the run's were made (`with_route`). `None` when nothing was kept, so there is nothing to time.
    pub(crate) fn for_page(
        kept: &KeptQueries,
        measured: Option<&Measurements>,
        with_route: bool,
    ) -> Option<Times> {
        let (board, piece) = (kept.board, kept.piece);
        let engines: Vec<Engine> = Engine::all_for(board, piece).collect();
        if let Some(measured) = measured {
            let figures: Option<Vec<(Engine, f64)>> = engines
                .iter()
                .map(|&engine| Some((engine, measured.ns_per_query(engine)?)))
                .collect();
            if let Some(ns_per_query) = figures {
                let over = TimedOver::Run {
                    queries: measured.queries(),
                };
                return Some(Times { ns_per_query, over });
            }
        }
        let queries: Vec<(Position, Position)> = kept
            .queries
            .iter()
            .map(|query| (query.from, query.to))
            .collect();
        let searches: Vec<Searches> = engines
            .iter()
            .map(|&engine| Searches {
                engine,
                board,
                piece,
                with_route,
                max_nodes: kept.max_nodes,
            })
            .collect();
        let ns_per_query = engines
            .into_iter()
            .zip(stats::times(&searches, &queries))
            .map(|(engine, ns)| Some((engine, ns?)))
            .collect::<Option<Vec<_>>>()?;
        Some(Times {
            ns_per_query,
            over: TimedOver::Shown,
        })
    }
}

/// The queries the page's times were taken over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TimedOver {
    /// Every query of the run, as `--compare` measured them: its table's figures.
    Run { queries: u64 },
    /// The queries the page shows, timed for it.
    Shown,
}

/// The queries of a run kept for its report: the first [`MAX_QUERIES`], and how many came after.
#[derive(Clone, Debug)]
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

    /// Whether a query is still kept: fewer than [`MAX_QUERIES`] are.
    pub(crate) fn is_keeping(&self) -> bool {
        self.queries.len() < MAX_QUERIES
    }

    /// Whether a query on `board` would be kept: the report's board, while it keeps queries.
    /// One that is not is passed over ([`KeptQueries::pass_over`]).
    pub(crate) fn wants(&self, board: Board) -> bool {
        board == self.board && self.is_keeping()
    }

    /// Counts `queries` answered on the report's board past the cap, as the page says.
    pub(crate) fn count_left_out(&mut self, queries: u64) {
        self.left_out += queries;
    }

    /// Passes over a query on `board` that is not kept: counted if on the report's board (it
    /// came past the cap), not at all on another, which the report does not show.
    pub(crate) fn pass_over(&mut self, board: Board) {
        if board == self.board {
            self.count_left_out(1);
        }
    }

    /// Keeps `query`, read from line `line_number` of `source`, with each engine's search of it
    /// (which [`KeptQueries::wants`] asked the pipeline to make).
    pub(crate) fn keep(
        &mut self,
        source: &str,
        line_number: u64,
        query: &TypedPair,
        searches: Vec<WatchedSearch>,
    ) {
        self.queries.push(KeptQuery {
            source: source.to_owned(),
            line_number,
            from: query.from,
            to: query.to,
            from_text: String::from_utf8_lossy(query.from_text).into_owned(),
            to_text: String::from_utf8_lossy(query.to_text).into_owned(),
            searches,
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
            match kept.wants(board) {
                true => kept.keep("a.in", line, &query, Vec::new()),
                false => kept.pass_over(board),
            }
        }
        let other = Board::new(5, 5).unwrap();
        assert!(!kept.wants(other));
        kept.pass_over(other);
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
