//! How a query becomes an answer: which engine searches, on which board, whether the route is
//! written and in which format, and whether the engines are measured on the way.

use crate::board::{Board, Position};
use crate::draw::push_board;
use crate::engine::formula::{closed_form, closed_form_covers};
use crate::engine::{Engine, GaveUp, SearchFn, Workspace};
use crate::format::{Format, push_json, push_tsv, push_tsv_header};
use crate::line::Query;
use crate::measure::{Measured, Measurements};
use crate::output::{
    RouteText, TextWindow, push_judge_sentence, push_sentence, push_sentence_by_windows,
    push_sentence_with_route, push_sentence_with_route_text, short_texts,
};
use crate::shortcut::BoardLine;
use crate::square::Square;
use crate::table::DISTANCES;

/// What to measure while answering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Measure {
    /// Nothing: the fastest way.
    #[default]
    Nothing,
    /// The answering engine (`--stats`).
    Engine,
    /// Every engine that works on the board, on every query, checking that they agree
    /// (`--compare`).
    AllEngines,
}

/// The user's choices about answers, settled: the engine is a real one, chosen for the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerOptions {
    pub board: Board,
    pub engine: Engine,
    /// The most squares one search may expand (`--max-nodes`).
    pub max_nodes: u64,
    /// Write one shortest route with each answer.
    pub path: bool,
    pub measure: Measure,
    pub format: Format,
    /// With the TSV format, a header row first.
    pub header: bool,
    /// Draw the board after each answer (sentence format only; implies `path`).
    pub draw: bool,
    /// Colour the drawing.
    pub colour: bool,
}

impl AnswerOptions {
    /// The default `--max-nodes`.
    pub const DEFAULT_MAX_NODES: u64 = 10_000_000;
}

impl Default for AnswerOptions {
    /// The judge's case: 8×8, the table, plain sentences.
    fn default() -> AnswerOptions {
        AnswerOptions {
            board: Board::STANDARD,
            engine: Engine::Table,
            max_nodes: AnswerOptions::DEFAULT_MAX_NODES,
            path: false,
            measure: Measure::Nothing,
            format: Format::Sentence,
            header: false,
            draw: false,
            colour: false,
        }
    }
}

/// The ways of answering, from the fastest: each does only what the options need.
enum Mode {
    /// The judge's case: a table lookup and a template.
    Plain,
    /// The table engine with routes, as sentences: the route's text, precomputed for all 4096
    /// pairs (100 KB), so that a route costs a lookup too.
    TableRoutes(Box<[[RouteText; Square::COUNT]; Square::COUNT]>),
    /// The default on boards other than 8×8: the closed form, called directly, as sentences.
    FormulaSentences { board: Board },
    /// Anything else: a search a query, on any board, written in any format, with the route and
    /// the drawing when asked, measured when asked.
    Search {
        search: SearchFn,
        options: AnswerOptions,
        workspace: Box<Workspace>,
        route: Vec<Position>,
        measurements: Option<Box<Measurements>>,
    },
}

/// Answers queries onto an output buffer as the [`AnswerOptions`] say.
pub struct Answerer {
    mode: Mode,
}

impl Answerer {
    pub fn new(options: AnswerOptions) -> Answerer {
        let options = AnswerOptions {
            path: options.path || options.draw,
            ..options
        };
        let board = options.board;
        let engines: Vec<Measured> = match options.measure {
            Measure::Nothing => Vec::new(),
            Measure::Engine => vec![options.engine.into()],
            Measure::AllEngines => Engine::all_for(board).map(Measured::from).collect(),
        };
        let judge_sentences = AnswerOptions {
            path: options.path,
            max_nodes: options.max_nodes,
            ..AnswerOptions::default()
        };
        let formula_sentences = AnswerOptions {
            board,
            engine: Engine::Formula,
            max_nodes: options.max_nodes,
            ..AnswerOptions::default()
        };
        let mode = if options == judge_sentences && !options.path {
            Mode::Plain
        } else if options == judge_sentences {
            Mode::TableRoutes(table_route_texts())
        } else if options == formula_sentences && closed_form_covers(board) {
            Mode::FormulaSentences { board }
        } else {
            Mode::Search {
                search: options.engine.search_fn(),
                options,
                workspace: Box::new(Workspace::new()),
                route: Vec::new(),
                measurements: (!engines.is_empty()).then(|| {
                    Box::new(Measurements::new(
                        engines,
                        board,
                        options.path,
                        options.max_nodes,
                    ))
                }),
            }
        };
        Answerer { mode }
    }

    /// Whether this answerer answers as [`Answerer::answer_plain`] does, so that the hot loop
    /// can call that directly.
    pub fn is_plain(&self) -> bool {
        matches!(self.mode, Mode::Plain)
    }

    /// Appends the judge's plain answer for two 8×8 squares typed as `texts`: the default
    /// options' way, with no state, and the one the hot loop calls.
    #[inline]
    pub fn answer_plain(
        out: &mut Vec<u8>,
        (from, to): (Square, Square),
        texts: ([u8; 2], [u8; 2]),
    ) {
        push_judge_sentence(out, texts.0, texts.1, DISTANCES.moves(from, to));
    }

    /// Appends the answer for two 8×8 squares typed as `texts`, if this answerer has a shortcut
    /// for them (the table's modes do), and says whether it did. The filter's 8×8 shortcuts
    /// call this first, so that the table's answers skip the general [`Query`].
    // Always inlined: the hot loop calls it for every 8×8 line, and as an out-of-line call
    // (it has two callers) `--path` cost 10–20% more instructions.
    #[inline(always)]
    pub fn answer_squares(
        &mut self,
        out: &mut Vec<u8>,
        (from, to): (Square, Square),
        texts: ([u8; 2], [u8; 2]),
    ) -> bool {
        match &self.mode {
            Mode::Plain => Answerer::answer_plain(out, (from, to), texts),
            Mode::TableRoutes(routes) => {
                let route = &routes[from.index()][to.index()];
                push_sentence_with_route_text(out, texts, DISTANCES.moves(from, to), route);
            }
            Mode::FormulaSentences { .. } | Mode::Search { .. } => return false,
        }
        true
    }

    /// Appends the answer for a line read by the any-board shortcut, if this answerer has a
    /// shortcut for it, and says whether it did: the default answer on boards other than 8×8,
    /// the closed form written with [`push_sentence_by_windows`], which needs `input`, the
    /// bytes the line was read from, to run on a little past its squares. On any other line,
    /// the filter calls [`Answerer::answer`].
    #[inline(always)]
    pub fn answer_board_line(&mut self, out: &mut Vec<u8>, line: &BoardLine, input: &[u8]) -> bool {
        let Mode::FormulaSentences { board } = self.mode else {
            return false;
        };
        let (from, to) = &line.texts;
        let windows = TextWindow::new(input, from.clone()).zip(TextWindow::new(input, to.clone()));
        let moves = closed_form(board, line.query.from, line.query.to).flatten();
        let (Some((from, to)), Some(moves)) = (windows, moves) else {
            return false;
        };
        push_sentence_by_windows(out, from, to, moves);
        true
    }

    /// What the output starts with, before any answer: the TSV header row when asked.
    pub fn preamble(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Mode::Search { options, .. } = &self.mode {
            if options.format == Format::Tsv && options.header {
                push_tsv_header(&mut out, options.path);
            }
        }
        out
    }

    /// Appends the answer to `query`, read from line `line_number` of `source`, to `out`; or
    /// says that the search gave up, leaving `out` as it was.
    #[inline]
    pub fn answer(
        &mut self,
        out: &mut Vec<u8>,
        query: &Query,
        source: &str,
        line_number: u64,
    ) -> Result<(), GaveUp> {
        if let Mode::Plain | Mode::TableRoutes(_) = self.mode {
            let squares = Square::at(query.from).zip(Square::at(query.to));
            if let (Some(squares), Some(texts)) = (squares, short_texts(query)) {
                self.answer_squares(out, squares, texts);
            } else {
                // Never on 8×8, whose squares are all typed in two bytes; the table's search and
                // the general writers give the same line whatever the texts.
                let with_route = matches!(self.mode, Mode::TableRoutes(_));
                let mut route = Vec::new();
                let search = Engine::Table.search_once(
                    Board::STANDARD,
                    query.from,
                    query.to,
                    Some(&mut route),
                    0,
                )?;
                match (search.moves, with_route) {
                    (Some(moves), true) => push_sentence_with_route(out, query, moves, &route),
                    (moves, _) => push_sentence(out, query, moves),
                }
            }
            return Ok(());
        }
        match &mut self.mode {
            Mode::Plain | Mode::TableRoutes(_) => {} // answered above
            Mode::FormulaSentences { board } => {
                // Covered boards only (see `new`), so the closed form always answers.
                let moves = closed_form(*board, query.from, query.to).flatten();
                push_sentence(out, query, moves);
            }
            Mode::Search {
                search,
                options,
                workspace,
                route,
                measurements,
            } => {
                let path = options.path.then_some(&mut *route);
                let (board, max_nodes) = (options.board, options.max_nodes);
                let found = search(workspace, board, query.from, query.to, path, max_nodes)?;
                let route = options.path.then_some(&route[..]);
                match options.format {
                    Format::Sentence => match (found.moves, route) {
                        (Some(moves), Some(route)) => {
                            push_sentence_with_route(out, query, moves, route);
                        }
                        (moves, _) => push_sentence(out, query, moves),
                    },
                    Format::Tsv => push_tsv(out, query, found.moves, route),
                    Format::Json => {
                        push_json(out, source, line_number, query, found.moves, route);
                    }
                }
                if options.draw {
                    let route = route.unwrap_or_default();
                    push_board(out, options.board, query.from, route, options.colour);
                }
                if let Some(measurements) = measurements {
                    measurements.record(query.from, query.to, line_number);
                }
            }
        }
        Ok(())
    }

    /// The measurements, when the options asked for any.
    pub fn measurements(&self) -> Option<&Measurements> {
        match &self.mode {
            Mode::Search { measurements, .. } => measurements.as_deref(),
            _ => None,
        }
    }

    /// The measurements, to add a batch to.
    pub fn measurements_mut(&mut self) -> Option<&mut Measurements> {
        match &mut self.mode {
            Mode::Search { measurements, .. } => measurements.as_deref_mut(),
            _ => None,
        }
    }
}

impl Default for Answerer {
    fn default() -> Answerer {
        Answerer::new(AnswerOptions::default())
    }
}

/// The text of the table engine's route, for every pair.
fn table_route_texts() -> Box<[[RouteText; Square::COUNT]; Square::COUNT]> {
    let mut route = Vec::new();
    let text = |from, to, route: &mut Vec<Square>| {
        DISTANCES.route(from, to, route);
        RouteText::new(route)
    };
    let placeholder = text(Square::A1, Square::A1, &mut route);
    let mut texts = Box::new([[placeholder; Square::COUNT]; Square::COUNT]);
    for from in Square::all() {
        for to in Square::all() {
            texts[from.index()][to.index()] = text(from, to, &mut route);
        }
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::square_name;

    /// Every way of answering with routes writes the same text for the table engine.
    #[test]
    fn precomputed_routes_read_like_searched_ones() {
        let precomputed = AnswerOptions {
            path: true,
            ..AnswerOptions::default()
        };
        let searched = AnswerOptions {
            measure: Measure::Engine,
            ..precomputed
        };
        let (mut fast, mut slow) = (Answerer::new(precomputed), Answerer::new(searched));
        assert!(matches!(fast.mode, Mode::TableRoutes(_)));
        assert!(matches!(slow.mode, Mode::Search { .. }));
        let (mut fast_out, mut slow_out) = (Vec::new(), Vec::new());
        for from in Board::STANDARD.positions() {
            for to in Board::STANDARD.positions() {
                let (from_text, to_text) = (square_name(from), square_name(to));
                let query = Query {
                    from,
                    to,
                    from_text: from_text.as_bytes(),
                    to_text: to_text.as_bytes(),
                };
                fast.answer(&mut fast_out, &query, "t", 1).unwrap();
                slow.answer(&mut slow_out, &query, "t", 1).unwrap();
            }
        }
        assert_eq!(fast_out, slow_out);
        assert!(fast_out.starts_with(b"To get from a1 to a1 takes 0 knight moves: a1.\n"));
    }
}
