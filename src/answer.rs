//! How a query becomes an answer: which engine searches, whether the route is written, and
//! whether the engines are measured on the way.

use crate::board::DISTANCES;
use crate::draw::push_board;
use crate::engine::{Engine, SearchFn};
use crate::format::{Format, push_json, push_tsv, push_tsv_header};
use crate::line::Query;
use crate::measure::{Measured, Measurements};
use crate::output::{RouteText, push_sentence, push_sentence_with_route};
use crate::square::Square;

/// What to measure while answering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Measure {
    /// Nothing: the fastest way.
    #[default]
    Nothing,
    /// The answering engine (`--stats`).
    Engine,
    /// Every engine on every query, checking that they agree (`--compare`).
    AllEngines,
}

/// The user's choices about answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnswerOptions {
    pub engine: Engine,
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

/// The ways of answering, from the fastest: each does only what the options need.
enum Mode {
    /// The judge's case: a table lookup and a template.
    Plain,
    /// The table engine with routes: the route's text, precomputed for all 4096 pairs (100 KB),
    /// so that a route costs a lookup too.
    TableRoutes(Box<[[RouteText; Square::COUNT]; Square::COUNT]>),
    /// Anything else: a search a query, written in any format, with the route and the drawing
    /// when asked, measured when asked.
    Search {
        search: SearchFn,
        options: AnswerOptions,
        route: Vec<Square>,
        measurements: Option<Measurements>,
    },
}

/// Answers queries onto an output buffer as the [`AnswerOptions`] say.
pub struct Answerer {
    mode: Mode,
}

impl Answerer {
    pub fn new(options: AnswerOptions) -> Answerer {
        let engines: Vec<Measured> = match options.measure {
            Measure::Nothing => Vec::new(),
            Measure::Engine => vec![options.engine.into()],
            Measure::AllEngines => Engine::ALL.into_iter().map(Measured::from).collect(),
        };
        let options = AnswerOptions {
            path: options.path || options.draw,
            ..options
        };
        let only_sentences = AnswerOptions {
            engine: Engine::Table,
            measure: Measure::Nothing,
            format: Format::Sentence,
            draw: false,
            ..options
        };
        let mode = if options == AnswerOptions::default() {
            Mode::Plain
        } else if options == only_sentences && options.path {
            Mode::TableRoutes(table_route_texts())
        } else {
            Mode::Search {
                search: options.engine.search_fn(),
                options,
                route: Vec::new(),
                measurements: (!engines.is_empty())
                    .then(|| Measurements::new(engines, options.path)),
            }
        };
        Answerer { mode }
    }

    /// Whether this answerer answers as [`Answerer::answer_plain`] does, so that the hot loop
    /// can call that directly.
    pub fn is_plain(&self) -> bool {
        matches!(self.mode, Mode::Plain)
    }

    /// Appends the judge's plain answer to `query`: the default options' way, with no state.
    #[inline]
    pub fn answer_plain(out: &mut Vec<u8>, query: &Query) {
        push_sentence(out, query, DISTANCES.moves(query.from, query.to));
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

    /// Appends the answer to `query`, read from line `line_number` of `source`, to `out`.
    pub fn answer(&mut self, out: &mut Vec<u8>, query: &Query, source: &str, line_number: u64) {
        match &mut self.mode {
            Mode::Plain => Answerer::answer_plain(out, query),
            Mode::TableRoutes(texts) => {
                let moves = DISTANCES.moves(query.from, query.to);
                let route = &texts[query.from.index()][query.to.index()];
                push_sentence_with_route(out, query, moves, route);
            }
            Mode::Search {
                search,
                options,
                route,
                measurements,
            } => {
                let found = search(query.from, query.to, options.path.then_some(&mut *route));
                let route = options.path.then_some(&route[..]);
                match options.format {
                    Format::Sentence => match route {
                        Some(route) => {
                            let text = RouteText::new(route);
                            push_sentence_with_route(out, query, found.moves, &text);
                        }
                        None => push_sentence(out, query, found.moves),
                    },
                    Format::Tsv => push_tsv(out, query, found.moves, route),
                    Format::Json => push_json(out, source, line_number, query, found.moves, route),
                }
                if options.draw {
                    push_board(out, query.from, route.unwrap_or_default(), options.colour);
                }
                if let Some(measurements) = measurements {
                    measurements.record(query.from, query.to, line_number);
                }
            }
        }
    }

    /// The measurements, when the options asked for any.
    pub fn measurements(&self) -> Option<&Measurements> {
        match &self.mode {
            Mode::Search { measurements, .. } => measurements.as_ref(),
            _ => None,
        }
    }

    /// The measurements, to add a batch to.
    pub fn measurements_mut(&mut self) -> Option<&mut Measurements> {
        match &mut self.mode {
            Mode::Search { measurements, .. } => measurements.as_mut(),
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
        for from in Square::all() {
            for to in Square::all() {
                let query = Query::new(from, to);
                fast.answer(&mut fast_out, &query, "t", 1);
                slow.answer(&mut slow_out, &query, "t", 1);
            }
        }
        assert_eq!(fast_out, slow_out);
        assert!(fast_out.starts_with(b"To get from a1 to a1 takes 0 knight moves: a1.\n"));
    }
}
