//! The accelerator: the fast paths, behind one type chosen once, [`Accelerator`], asked for
//! lines ([`Accelerator::answer_run`]) and for CSES's grids ([`Accelerator::knight_grid`]).
//!
//! The general pipeline (input → engine → format) alone produces every output; this module
//! produces some of the same bytes faster, for the settings people run most: the judge's 8×8
//! sentences, with or without routes, the formula's sentences on other boards, and CSES's grid.
//! It reads a whole well-formed line in one pass (see [`read`]), looks the answer up or
//! computes it in closed form, and writes it with fixed-size copies (see [`mod@write`]).
//!
//! It only ever answers a run of lines it fully understands and stops at the first it does not
//! (a blank or bad line, a line near the end of a read): the general pipeline then takes that
//! line, reports it if it is bad, and hands the rest back. Deleting this module, or switching
//! it off with `KNIGHT_MOVES_ACCELERATOR=off`, leaves a correct, slower program; the golden,
//! property and exhaustive tests run both ways and compare bytes.

mod classes;
pub(crate) mod lanes;
pub(crate) mod read;
#[cfg(target_arch = "x86_64")]
mod simd;
pub(crate) mod write;

use std::convert::Infallible;
use std::io;

use crate::board::standard::{DISTANCES, Square};
use crate::board::{Board, Position};
use crate::engine::Engine;
use crate::engine::formula::knight::{ClosedForm, closed_form, closed_form_covers};
use crate::fast::read::{exact_query_line, scan_board_line, scan_query_line};
use crate::fast::write::{
    RouteText, TextWindow, judge_sentence, push_sentence_by_windows, push_sentence_with_route_text,
};
use crate::format::Shape;
use crate::format::grid::{GridEnd, GridKind, GridSpill, push_rows};
use crate::format::number::Naming;
use crate::problem::{Grammar, Problem};
use crate::settings::{AnswerSettings, EngineChoice, Measure, OutputSettings, SearchSettings};

/// The settings the accelerator knows how to answer, each with what it needs.
pub(crate) enum Accelerator {
    /// The judge's case: 8×8, the table engine, plain sentences. A table lookup and a template.
    JudgeSentences,
    /// The same with `--path`: the route's text for all 4096 pairs, precomputed (100 KB), so
    /// that a route costs a lookup too.
    JudgeRoutes(Box<[[RouteText; Square::COUNT]; Square::COUNT]>),
    /// The default on other boards: the formula's sentences, on the boards its closed form
    /// covers.
    FormulaSentences { board: Board },
    /// SPOJ NAKANJ's answers: the table's distance, a digit and a newline.
    JudgeNumbers,
    /// CSES's grid, answered by the formula (or on 8×8 the table, whose distances are the
    /// same): each number from the closed form, without an engine's call around it. Its input
    /// is a size alone, so it answers no line; the pipeline asks it for each grid
    /// ([`Accelerator::knight_grid`]).
    KnightGrid,
}

/// How much of the input one call of [`Accelerator::answer_run`] answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Answered {
    /// Bytes taken, up to and including the last answered line's newline.
    pub bytes: usize,
    /// Lines answered.
    pub lines: u64,
}

impl Answered {
    /// Counts one more line answered, `length` bytes long with its newline.
    #[inline(always)]
    fn take(&mut self, length: usize) {
        self.bytes += length;
        self.lines += 1;
    }
}

impl Accelerator {
    /// The accelerator for `settings`, or `None` when they ask for anything it does not do.
    ///
    /// The settings are taken apart field by field, with no `..`: a new setting is a compile
    /// error here until someone decides whether the accelerator honours it.
    pub(crate) fn for_settings(settings: &AnswerSettings) -> Option<Accelerator> {
        let AnswerSettings {
            problem,
            search:
                SearchSettings {
                    board,
                    piece,
                    engine,
                    max_nodes: _, // the table never searches, nor the formula where its closed form holds
                },
            output:
                OutputSettings {
                    shape,
                    path,
                    draw,
                    colour: _,  // drawings only
                    columns: _, // drawings only
                },
            measure,
            accelerate,
        } = *settings;
        if !accelerate || !piece.is_knight() {
            return None; // the fast paths know the knight's answers only
        }
        if (draw.is_some(), measure) != (false, Measure::Nothing) {
            return None;
        }
        match (problem, shape, engine, path) {
            (Problem::Uva439, Shape::Sentence, EngineChoice::Given(Engine::Table), false)
                if board.is_standard() =>
            {
                Some(Accelerator::JudgeSentences)
            }
            (Problem::Uva439, Shape::Sentence, EngineChoice::Given(Engine::Table), true)
                if board.is_standard() =>
            {
                Some(Accelerator::JudgeRoutes(route_texts()))
            }
            (Problem::Uva439, Shape::Sentence, EngineChoice::Given(Engine::Formula), false)
                if closed_form_covers(board) =>
            {
                Some(Accelerator::FormulaSentences { board })
            }
            (
                Problem::Nakanj,
                Shape::Number(Naming::AsTyped),
                EngineChoice::Given(Engine::Table),
                false,
            ) if board.is_standard() => Some(Accelerator::JudgeNumbers),
            // Each grid's board comes from its input; the fastest engine for it is the table on
            // 8×8 and the formula elsewhere, and the closed form's distances are theirs.
            (
                Problem::CsesGrid,
                Shape::Grid(GridKind::Corner),
                EngineChoice::FastestForEachBoard | EngineChoice::Given(Engine::Formula),
                false,
            ) => Some(Accelerator::KnightGrid),
            _ => None,
        }
    }

    /// Answers the well-formed query lines at the start of `bytes` onto `out`, as many as the
    /// input's `grammar` still reads as queries (NAKANJ's count), stopping before the first line
    /// it does not take, or where `bytes` ends; books them with the grammar, and says how much
    /// it answered. The pipeline hands it the bytes and the grammar, and reads what it did.
    #[inline]
    pub(crate) fn answer_run(
        &self,
        bytes: &[u8],
        out: &mut Vec<u8>,
        grammar: &mut Grammar,
    ) -> Answered {
        let answered = self.answer_lines(bytes, out, grammar.queries_the_accelerator_may_answer());
        grammar.answered_by_the_accelerator(answered.lines);
        answered
    }

    /// Answers the well-formed query lines at the start of `bytes` onto `out`, at most
    /// `most_lines` of them, stopping before the first line it does not take, or where `bytes`
    /// ends; says how much it answered.
    ///
    /// The variant is matched once a call, not once a line, and each loop is compiled for its
    /// own case: on the judge's file one call answers a whole read. Not inlined into
    /// [`Accelerator::answer_run`]: there, beside the grammar's bookkeeping, the judge's loop
    /// took 4 instructions a line more (scripts/count-instructions.sh).
    #[inline(never)]
    fn answer_lines(&self, bytes: &[u8], out: &mut Vec<u8>, most_lines: u64) -> Answered {
        // A grid's input is its size: no query line to answer. Said here, before the room is
        // made, not among the loops' arms below, where it cost the judge's loop 4 instructions
        // a line (scripts/count-instructions.sh).
        if let Accelerator::KnightGrid = self {
            return Answered::default();
        }
        // The shortest line that gets an answer, "a1 b2\n", is six bytes and gets 43.
        out.reserve(bytes.len() / 6 * 43);
        match self {
            Accelerator::JudgeNumbers => judge_lines(bytes, most_lines, &mut Numbers(out)),
            Accelerator::JudgeSentences => judge_lines(bytes, most_lines, &mut Sentences(out)),
            Accelerator::JudgeRoutes(texts) => {
                judge_lines(bytes, most_lines, &mut Routes { out, texts })
            }
            Accelerator::FormulaSentences { board } => formula_lines(bytes, *board, out),
            Accelerator::KnightGrid => Answered::default(), // answered above
        }
    }

    /// The fast path for CSES's grid `side` squares a side, when this accelerator has one and
    /// the closed form covers that board (all but 3×3 and 4×4, whose grids the engine answers).
    pub(crate) fn knight_grid(&self, side: u32) -> Option<ClosedFormGrid> {
        match self {
            Accelerator::KnightGrid => Board::new(side, side)
                .filter(|&board| closed_form_covers(board))
                .map(|board| ClosedFormGrid { board }),
            Accelerator::JudgeSentences
            | Accelerator::JudgeRoutes(_)
            | Accelerator::FormulaSentences { .. }
            | Accelerator::JudgeNumbers => None,
        }
    }
}

/// CSES's grid on a board the closed form covers, from the closed form: the numbers the formula
/// engine gives, without the engine's preamble around each (which doubled the time of a grid of
/// 10⁸ numbers), in the grids' one layout ([`push_rows`]). Made by
/// [`Accelerator::knight_grid`] only, which checks the board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClosedFormGrid {
    board: Board,
}

impl ClosedFormGrid {
    /// Appends the grid, handing it to `spill` as it grows, as [`crate::format::grid::push_grid`]
    /// writes it from the engine's answers.
    pub(crate) fn push_grid(self, out: &mut Vec<u8>, spill: GridSpill) -> io::Result<GridEnd> {
        let corner = Position::new(0, 0);
        let number = |row, column| match closed_form(self.board, corner, Position::new(column, row))
        {
            ClosedForm::Moves(moves) => Ok(Some(moves)),
            ClosedForm::NoRoute => Ok(None),
            ClosedForm::NotCovered => {
                unreachable!("knight_grid checked that the closed form covers the board")
            }
        };
        let Ok(end) = push_rows::<Infallible>(self.board.files(), out, number, spill)?;
        Ok(end)
    }
}

/// What the 8×8 loops write for each line they read: one implementation a variant. A trait
/// with an `inline(always)` method, not a closure, so that both loops get the answer's code in
/// place: a closure called from both, for routes, was left out of line, and `--path` took 20%
/// longer.
trait JudgeAnswer {
    /// Appends the answer to `line`.
    fn write(&mut self, line: &read::StandardLine);
}

/// SPOJ NAKANJ's answers: the distance and a newline.
struct Numbers<'a>(&'a mut Vec<u8>);

impl JudgeAnswer for Numbers<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let (from, to) = line.squares;
        self.0
            .extend_from_slice(&[b'0' + DISTANCES.moves(from, to), b'\n']);
    }
}

/// The judge's sentences.
struct Sentences<'a>(&'a mut Vec<u8>);

impl JudgeAnswer for Sentences<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let (from, to) = line.squares;
        let moves = DISTANCES.moves(from, to);
        self.0
            .extend_from_slice(&judge_sentence(line.texts.0, line.texts.1, moves));
    }
}

/// The judge's sentences with the table engine's routes, from their precomputed texts.
struct Routes<'a> {
    out: &'a mut Vec<u8>,
    texts: &'a [[RouteText; Square::COUNT]; Square::COUNT],
}

impl JudgeAnswer for Routes<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let (from, to) = line.squares;
        let route = &self.texts[from.index()][to.index()];
        let moves = DISTANCES.moves(from, to);
        push_sentence_with_route_text(self.out, line.texts, moves, route);
    }
}

/// Writes the answers to 8×8 query lines with `answer` while the shortcuts take them, at most
/// `most_lines`.
///
/// Two loops: this one for lines of the judge's own shape, which reads nothing else, and
/// [`other_judge_lines`] for any other well-formed line, which comes back here after a line
/// of six bytes. Judge files stay in the first, messy ones mostly in the second, and neither
/// pays for the other's test on every line. The second is a function of its own, not
/// inlined, so that the first keeps its values in registers: inlined, it made the judge's
/// file 5–10% slower.
#[inline(always)]
fn judge_lines(bytes: &[u8], most_lines: u64, answer: &mut impl JudgeAnswer) -> Answered {
    let mut answered = Answered::default();
    loop {
        while answered.lines < most_lines {
            let Some(line) = exact_query_line(&bytes[answered.bytes..]) else {
                break;
            };
            answer.write(&line);
            answered.take(line.length);
        }
        let before = answered;
        answered = other_judge_lines(bytes, answered, most_lines, answer);
        if answered == before {
            return answered;
        }
    }
}

/// Goes on from what is `answered` as [`judge_lines`] does with lines of any shape, until a
/// line of six bytes, which may be of the judge's shape, or a line the shortcuts do not take.
#[inline(never)]
fn other_judge_lines(
    bytes: &[u8],
    mut answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    while answered.lines < most_lines {
        let Some(line) = scan_query_line(&bytes[answered.bytes..]) else {
            break;
        };
        answer.write(&line);
        answered.take(line.length);
        if line.length == 6 {
            break;
        }
    }
    answered
}

/// Answers query lines of `board` by the closed form while they are well formed, joined by a
/// route, and far enough from the end of `bytes` for the fixed-size copies.
///
/// Not inlined into `answer_run`: there, beside the 8×8 loops, it took 2% more instructions a
/// line (cachegrind, 200,000 big-board lines).
#[inline(never)]
fn formula_lines(bytes: &[u8], board: Board, out: &mut Vec<u8>) -> Answered {
    let mut answered = Answered::default();
    loop {
        let rest = &bytes[answered.bytes..];
        let Some(line) = scan_board_line(rest, board) else {
            return answered;
        };
        let (from, to) = &line.texts;
        let windows = TextWindow::new(rest, from.clone()).zip(TextWindow::new(rest, to.clone()));
        let moves = closed_form(board, line.query.from, line.query.to);
        let (Some((from, to)), ClosedForm::Moves(moves)) = (windows, moves) else {
            return answered;
        };
        push_sentence_by_windows(out, from, to, moves);
        answered.take(line.length);
    }
}

/// The text of the table engine's route, for every pair.
fn route_texts() -> Box<[[RouteText; Square::COUNT]; Square::COUNT]> {
    let mut route = Vec::new();
    let mut text = |from, to| {
        route.clear();
        route.extend(DISTANCES.route(from, to));
        RouteText::new(&route)
    };
    let placeholder = text(Square::A1, Square::A1);
    let mut texts = Box::new([[placeholder; Square::COUNT]; Square::COUNT]);
    for from in Square::all() {
        for to in Square::all() {
            texts[from.index()][to.index()] = text(from, to);
        }
    }
    texts
}
