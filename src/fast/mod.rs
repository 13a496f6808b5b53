//! The accelerator: faster ways to some of the general path's bytes, behind one type chosen
//! once, [`Accelerator`], asked for lines ([`Accelerator::answer_run`]) and for CSES's grids
//! ([`Accelerator::knight_grid`]). It answers a run of lines it fully understands and stops at
//! the first it does not; the pipeline's general path takes that line, and deleting this module
//! (or `KNIGHT_MOVES_ACCELERATOR=off`) leaves a correct, slower program. Five cases: the judge's
//! sentences, with or without routes, and NAKANJ's numbers, by the 8×8 loops of
//! [`crate::standard`]; the formula's sentences on other boards ([`board_lines`]); CSES's grid
//! from the closed form. `held.rs` holds the readers and writers to the general ones; the golden
//! corpus and the exhaustive tests run every input both ways.

pub(crate) mod board_lines;
#[cfg(test)]
mod held;

use std::convert::Infallible;
use std::io;

use crate::board::{Board, Position};
use crate::engine::Engine;
use crate::engine::formula::knight::{ClosedForm, closed_form, closed_form_covers};
use crate::fast::board_lines::{TextWindow, push_sentence_by_windows, scan_board_line};
use crate::format::Shape;
use crate::format::grid::{GridEnd, GridKind, GridSpill, push_rows};
use crate::format::number::Naming;
use crate::problem::{Grammar, Problem};
use crate::settings::{AnswerSettings, EngineChoice, Measure, OutputSettings, SearchSettings};
use crate::standard::batch;
use crate::standard::lines::{Answered, Numbers, Routes, Sentences, judge_lines, route_texts};
use crate::standard::write::RouteText;

/// The settings the accelerator knows how to answer, each with what it needs.
pub(crate) enum Accelerator {
    /// The judge's case: 8×8, the table engine, plain sentences. A table lookup and a template.
    JudgeSentences,
    /// The same with `--path`: the route's text for all 4096 pairs, precomputed (100 KB) and
    /// found by the pair's key ([`batch::pair_key`]), so that a route costs a lookup too.
    JudgeRoutes(Box<[RouteText; batch::KEYS]>),
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

/// The most lines one call of [`Accelerator::answer_run`] answers: their answers, 44 KB of
/// judge sentences (66 KB with routes), are handed to the sink after each call, which writes
/// them once [`crate::sink::WRITE_BYTES`] wait. Answering a whole read (64 KB) in one call kept
/// 470 KB of answers in memory, a tenth of the program's peak resident memory on a judge file;
/// a call costs a few dozen instructions, against some twenty thousand for its lines. Counted
/// in lines, not bytes, so that a run ends where a line does, and its last lines are read by
/// the batches like the others.
pub(crate) const RUN_LINES: u64 = 1024;

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
                if board.is_standard() && cfg!(feature = "trick-route-table") =>
            {
                Some(Accelerator::JudgeRoutes(route_texts()))
            }
            (Problem::Uva439, Shape::Sentence, EngineChoice::Given(Engine::Formula), false)
                if closed_form_covers(board) && cfg!(feature = "trick-formula-lines") =>
            {
                Some(Accelerator::FormulaSentences { board })
            }
            (
                Problem::Nakanj,
                Shape::Number(Naming::AsTyped),
                EngineChoice::Given(Engine::Table),
                false,
            ) if board.is_standard() && cfg!(feature = "trick-numbers") => {
                Some(Accelerator::JudgeNumbers)
            }
            // Each grid's board comes from its input; the fastest engine for it is the table on
            // 8×8 and the formula elsewhere, and the closed form's distances are theirs.
            (
                Problem::CsesGrid,
                Shape::Grid(GridKind::Corner),
                EngineChoice::FastestForEachBoard | EngineChoice::Given(Engine::Formula),
                false,
            ) if cfg!(feature = "trick-grid") => Some(Accelerator::KnightGrid),
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
        // At most a run of lines a call: the answers to a whole read would wait in memory
        // before the sink takes them.
        let most_lines = most_lines.min(RUN_LINES);
        // The shortest line that gets an answer, "a1 b2\n", is six bytes and gets 43.
        out.reserve((bytes.len() / 6).min(RUN_LINES as usize) * 43);
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
