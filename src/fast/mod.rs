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
//!
//! What it does, and how it is held to the general path:
//!
//! - **Chosen once, by an explicit `match`.** `for_settings` takes the settings apart field by
//!   field with no `..`, so a new setting is a compile error there until someone decides
//!   whether the accelerator honours it, and matches on (problem, shape, engine, path) with the
//!   drawing and measuring checked. Five cases are accelerated: the judge's sentences (table
//!   engine, 8×8), the same with `--path` (each pair's route text precomputed, 100 KB), the
//!   formula's sentences on any board its closed form covers, NAKANJ's bare numbers (the
//!   table's digit and a newline), and CSES's grid when the formula (or on 8×8 the table)
//!   answers it, on the boards the closed form covers: each number from the closed form in the
//!   grids' one layout (`format::grid::push_rows`), without the engine's preamble around it,
//!   which doubled the time of a grid of 10⁸ numbers. Anything else, or
//!   `KNIGHT_MOVES_ACCELERATOR=off` in the environment (read once, with the other settings),
//!   gives `None`. It is handed the bytes and the input's grammar, whose count (all, or what
//!   NAKANJ's count leaves) bounds the lines it answers and which it tells how many it took, so
//!   that the lines past a count go through the general path, which counts them; it returns how
//!   many bytes and lines it answered.
//! - **It may decline any line.** `answer_run` answers lines while it understands them and
//!   stops at the first it does not: a blank or bad line, a well-formed line over the length
//!   limit, a pair with no route, a line too near the end of a read for its wide loads. The
//!   pipeline then gives that one line to the general path, which answers or reports it, and
//!   asks the accelerator again; it asks again too after each run of at most [`RUN_LINES`], so
//!   that a read's answers never wait in memory whole. It never reports anything itself.
//! - **What it knows.** `fast/batch.rs` checks eight lines of the exact judge shape at once (48
//!   bytes against each byte's least and most) and names a line's pair by a 12-bit key, one
//!   multiplication of its bytes, that looks its moves up. `fast/read.rs` reads a line in one
//!   pass: the exact judge shape as the six lanes of one 8-byte word, each checked against its
//!   own range at once; a run of any well-formed 8×8 lines (messy ones: blanks before, runs of
//!   spaces or tabs, CRLF) from one classification of a 64-byte block of them into masks
//!   (`read::BlockLines`: newlines, returns, file letters, rank digits, anything else), where
//!   the checks that do not depend on where a line ends are made once for the block, and each
//!   line's squares are the lowest bits left of the files' mask, so no branch depends on where
//!   the blanks are; where a block may hold six lines, six are read at once and their answers
//!   kept if all six are well formed (`BlockLines::next_six`), one branch a block that goes
//!   the same way block after block, where a branch a line on where the lines stop did not; a
//!   line no block takes from five masks of its first 16 bytes, the same way; or a byte at a
//!   time near the end of a read; and any board's squares eight bytes at a time
//!   (`fast/lanes.rs`, SWAR arithmetic on `u64` lanes, portable, no `unsafe`). The 16- and
//!   64-byte masks come from SSE2 on x86-64 (`fast/simd.rs`, whose `unsafe` blocks are SSE2
//!   intrinsics on borrowed arrays, as are the batch check and the sentence's three vectors
//!   there) and from portable SWAR elsewhere (`fast/classes.rs`, which also defines the masks;
//!   `fast/batch.rs` and `fast/write.rs` hold the batch's and the sentence's portable
//!   specifications); tests hold the two equal on every byte value in every place and on
//!   random windows, and the readers' tests run both. Wider vectors are chosen at run time,
//!   never assumed: where the processor has AVX2 a block is classed in two 32-byte vectors
//!   (`simd::classify_block_avx2`), and the messy lines' loop runs a copy of itself compiled
//!   for AVX2, BMI1 and POPCNT (`other_judge_lines_avx2`, the same code); property tests hold
//!   each to its baseline twin. Judge-shaped lines and others have a loop each
//!   (`judge_lines`, `other_judge_lines`), handing over to each other, and what each loop
//!   writes is a small type a variant (`Sentences`, `Routes`, `Numbers`) whose methods are
//!   inlined into both; batches come first, their answers stored in room checked once a batch
//!   (`fill_room`), as are a block's messy lines' answers (`fill_room_by`). Every reader gives
//!   the squares' texts where a judge line has them, and the answer is looked up by the pair's
//!   key. `fast/write.rs` writes the judge's sentence as the template's words with the squares
//!   and the moves' digit put in (three SSE2 vectors on x86-64) for a batch's lines, or, for a
//!   messy line, as the whole template copied and the squares and digit stored over its blanks
//!   (`append_sentence_over_template`); a route from its precomputed text; or, on other
//!   boards, with fixed-size copies that overrun and are overwritten, then cut back.
//! - **How it is held to the general path.** Its readers are tested against `parse_line` on
//!   near misses and random lines, and its writers against `format::sentence` on every 8×8 pair
//!   and on random long squares. The golden corpus runs every case with the accelerator on and
//!   off; the pipeline's property tests (any bytes, read in any pieces) and the exhaustive
//!   tests (all 4096 pairs, plain and messy) run both ways and compare bytes, and so do a unit
//!   test's CSES grids (every `n` up to 40, 64 and 1000). Deleting `fast/` (and its two calls
//!   in `pipeline.rs`) leaves a correct, slower program.
//!
//! What is special about 8×8 lives in four places only: `board/standard.rs` (the one-byte
//! `Square`, the adjacency and distance tables, built by `const fn` at compile time), the table
//! engine, `engine/adjacency.rs` (the searches' 8×8 form, below), and the accelerator. The
//! accelerator switch turns off both fast forms: `KNIGHT_MOVES_ACCELERATOR=off` leaves the
//! general path and the general searches only.

pub(crate) mod batch;
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
use crate::fast::batch::{MOVE_DIGITS_BY_KEY, pair_key, squares_key};
use crate::fast::read::{
    BLOCK, BLOCK_AND_ONE, BlockLines, checked_judge_line, exact_query_line, scan_board_line,
    scan_query_line,
};
use crate::fast::write::{
    ROUTE_AT, ROUTED_SENTENCE_ROOM, Room, RoomFiller, RouteText, SENTENCE, SENTENCE_WORDS_BYTES,
    TextWindow, append_route_text, append_sentence_over_template, fill_room, fill_room_by,
    push_sentence_by_windows,
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

/// What the 8×8 loops write for each line they read: one implementation a variant. A trait
/// with an `inline(always)` method, not a closure, so that both loops get the answer's code in
/// place: a closure called from both, for routes, was left out of line, and `--path` took 20%
/// longer.
trait JudgeAnswer {
    /// Appends the answer to `line`.
    fn write(&mut self, line: &read::StandardLine);

    /// Appends the answers to a batch of lines of the judge's exact shape, checked by
    /// [`is_judge_batch`]: the first [`batch::BYTES`] bytes of `window`.
    fn write_batch(&mut self, window: &[u8; batch::WINDOW]);

    /// Appends the answers to the lines `lines` reads from a block, at most `most_lines` of
    /// them, in room checked once for the most a block holds ([`block_answers`]); says how
    /// many it answered.
    fn write_block(&mut self, lines: BlockLines<'_>, most_lines: u64) -> Answered;
}

/// The most lines a block holds: the shortest answered line, the judge's, is six bytes long.
const BLOCK_LINES: usize = BLOCK / batch::LINE_BYTES;

/// Appends the answers to the lines `lines` reads, at most `most_lines`, each by `append`,
/// in `ROOM` bytes checked once ([`fill_room_by`]): the room a block's lines need, which
/// [`BlockAnswers`] fills. Checking the room once a line cost a messy line six instructions
/// (scripts/count-instructions.sh).
#[inline(always)]
fn block_answers<const ROOM: usize>(
    out: &mut Vec<u8>,
    lines: BlockLines<'_>,
    most_lines: u64,
    append: impl FnMut(&mut Room<'_, ROOM>, &read::StandardLine),
) -> Answered {
    let block = BlockAnswers {
        lines,
        most_lines,
        append,
    };
    fill_room_by(out, block)
}

/// A block's lines and how to answer them, for [`block_answers`]: one at a time, at most
/// `most_lines` (a type, not a closure, so that the loop is always inlined: [`fill_room_by`]).
struct BlockAnswers<'a, A> {
    lines: BlockLines<'a>,
    most_lines: u64,
    append: A,
}

impl<const ROOM: usize, A> RoomFiller<ROOM> for BlockAnswers<'_, A>
where
    A: FnMut(&mut Room<'_, ROOM>, &read::StandardLine),
{
    type Filled = Answered;

    #[inline(always)]
    fn fill(self, room: &mut Room<'_, ROOM>) -> Answered {
        let BlockAnswers {
            mut lines,
            most_lines,
            mut append,
        } = self;
        // At most BLOCK_LINES: so the compiler sees that the room holds every answer.
        let most_lines = most_lines.min(BLOCK_LINES as u64);
        let mut answered = Answered::default();
        while answered.lines < most_lines {
            let Some(line) = lines.next() else {
                break;
            };
            append(room, &line);
            answered.lines += 1;
        }
        answered.bytes = lines.bytes_read();
        answered
    }
}

/// The `line`th line of a batch's `window` as an 8-byte word (its last two lanes the next
/// line's).
#[inline(always)]
fn line_word(window: &[u8; batch::WINDOW], line: usize) -> u64 {
    let Some(word) = window[batch::LINE_BYTES * line..].first_chunk::<8>() else {
        unreachable!("a batch's window holds each line and two bytes more");
    };
    u64::from_le_bytes(*word)
}

/// SPOJ NAKANJ's answers: the distance and a newline.
struct Numbers<'a>(&'a mut Vec<u8>);

impl JudgeAnswer for Numbers<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let digit = MOVE_DIGITS_BY_KEY[pair_key(line.word)];
        self.0.extend_from_slice(&[digit, b'\n']);
    }

    /// Two bytes a line, looked up by the lines' keys, in room checked once.
    #[inline(always)]
    fn write_batch(&mut self, window: &[u8; batch::WINDOW]) {
        fill_room::<{ 2 * batch::LINES }>(self.0, |room| {
            for line in 0..batch::LINES {
                let digit = MOVE_DIGITS_BY_KEY[pair_key(line_word(window, line))];
                room.append([digit, b'\n'], 2);
            }
        });
    }

    #[inline(always)]
    fn write_block(&mut self, lines: BlockLines<'_>, most_lines: u64) -> Answered {
        block_answers::<{ 2 * BLOCK_LINES }>(self.0, lines, most_lines, |room, line| {
            room.append([MOVE_DIGITS_BY_KEY[pair_key(line.word)], b'\n'], 2);
        })
    }
}

/// The judge's sentences.
struct Sentences<'a>(&'a mut Vec<u8>);

impl JudgeAnswer for Sentences<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let word = line.word;
        let digit = MOVE_DIGITS_BY_KEY[pair_key(word)];
        fill_room::<SENTENCE_WORDS_BYTES>(self.0, |room| {
            append_judge_sentence(room, word, digit, SENTENCE.len());
        });
    }

    /// Each sentence made from the line's word ([`append_judge_sentence`]), in room checked
    /// once for the eight.
    #[inline(always)]
    fn write_batch(&mut self, window: &[u8; batch::WINDOW]) {
        const ROOM: usize = SENTENCE.len() * (batch::LINES - 1) + SENTENCE_WORDS_BYTES;
        fill_room::<ROOM>(self.0, |room| {
            for line in 0..batch::LINES {
                let word = line_word(window, line);
                let digit = MOVE_DIGITS_BY_KEY[pair_key(word)];
                append_judge_sentence(room, word, digit, SENTENCE.len());
            }
        });
    }

    #[inline(always)]
    fn write_block(&mut self, lines: BlockLines<'_>, most_lines: u64) -> Answered {
        const ROOM: usize = SENTENCE.len() * (BLOCK_LINES - 1) + SENTENCE_WORDS_BYTES;
        block_answers::<ROOM>(self.0, lines, most_lines, |room, line| {
            let digit = MOVE_DIGITS_BY_KEY[pair_key(line.word)];
            let (from, to) = line.texts();
            append_sentence_over_template(room, from, to, digit);
        })
    }
}

/// Whether `lines` are eight lines of the judge's exact shape
/// ([`batch::is_judge_batch_portably`], the specification): on x86-64 by SSE2 (`fast/simd.rs`),
/// three vectors' comparisons where the portable code takes six words' worth. Chosen here,
/// above both, so that neither knows the other.
#[inline(always)]
pub(crate) fn is_judge_batch(lines: &[u8; batch::BYTES]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-sse2") {
        return simd::is_judge_batch(lines);
    }
    batch::is_judge_batch_portably(lines)
}

/// Appends the judge's sentence for the judge line loaded as `word`, whose moves `digit`
/// writes, to `room`, keeping its first `keep` bytes: on x86-64 as three vectors
/// (`fast/simd.rs`), elsewhere as six words ([`write::judge_sentence_words`], the specification
/// the vectors are tested against).
#[inline(always)]
fn append_judge_sentence<const N: usize>(
    room: &mut Room<'_, N>,
    word: u64,
    digit: u8,
    keep: usize,
) {
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-sse2") {
        let pieces = simd::judge_sentence_vectors(word, digit);
        return append_pieces(room, pieces, keep);
    }
    let pieces = write::judge_sentence_words(word, digit).map(u64::to_le_bytes);
    append_pieces(room, pieces, keep);
}

/// Appends the sentence's `pieces` to `room`, keeping its first `keep` bytes.
#[inline(always)]
fn append_pieces<const N: usize, const PIECE: usize, const PIECES: usize>(
    room: &mut Room<'_, N>,
    pieces: [[u8; PIECE]; PIECES],
    keep: usize,
) {
    for (index, bytes) in pieces.into_iter().enumerate() {
        room.append(bytes, keep.saturating_sub(index * PIECE).min(PIECE));
    }
}

/// The judge's sentences with the table engine's routes, from their precomputed texts.
struct Routes<'a> {
    out: &'a mut Vec<u8>,
    texts: &'a [RouteText; batch::KEYS],
}

impl JudgeAnswer for Routes<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let word = line.word;
        let key = pair_key(word);
        fill_room::<ROUTED_SENTENCE_ROOM>(self.out, |room| {
            append_judge_sentence(room, word, MOVE_DIGITS_BY_KEY[key], ROUTE_AT);
            append_route_text(room, line.texts(), &self.texts[key]);
        });
    }

    /// Each sentence as [`Sentences`] appends it, up to "moves", and the route's text
    /// ([`append_route_text`]), in room checked once for the eight.
    #[inline(always)]
    fn write_batch(&mut self, window: &[u8; batch::WINDOW]) {
        const ROOM: usize = ROUTED_SENTENCE_ROOM * batch::LINES;
        fill_room::<ROOM>(self.out, |room| {
            for line in 0..batch::LINES {
                let word = line_word(window, line);
                let key = pair_key(word);
                append_judge_sentence(room, word, MOVE_DIGITS_BY_KEY[key], ROUTE_AT);
                let texts = checked_judge_line(word).texts();
                append_route_text(room, texts, &self.texts[key]);
            }
        });
    }

    #[inline(always)]
    fn write_block(&mut self, lines: BlockLines<'_>, most_lines: u64) -> Answered {
        const ROOM: usize = ROUTED_SENTENCE_ROOM * BLOCK_LINES;
        let texts = self.texts;
        block_answers::<ROOM>(self.out, lines, most_lines, |room, line| {
            let key = pair_key(line.word);
            append_judge_sentence(room, line.word, MOVE_DIGITS_BY_KEY[key], ROUTE_AT);
            append_route_text(room, line.texts(), &texts[key]);
        })
    }
}

/// Writes the answers to 8×8 query lines with `answer` while the shortcuts take them, at most
/// `most_lines`.
///
/// Three loops: batches of eight lines of the judge's own shape ([`judge_batches`]); then, when
/// a batch is refused, its lines one by one while they are of that shape, which reads nothing
/// else; and [`other_judge_lines`] for any other well-formed line, which comes back here after
/// a run of a batch's worth of six-byte lines. Judge files stay in the first, messy ones mostly in the last, and
/// neither pays for the other's test on every line. The last is a function of its own, not
/// inlined, so that the first keep their values in registers: inlined, it made the judge's
/// file 5–10% slower.
#[inline(always)]
fn judge_lines(bytes: &[u8], most_lines: u64, answer: &mut impl JudgeAnswer) -> Answered {
    let mut answered = Answered::default();
    loop {
        if cfg!(feature = "trick-batches") {
            answered = judge_batches(bytes, answered, most_lines, answer);
        }
        let before = answered;
        for _ in 0..batch::LINES {
            if answered.lines >= most_lines {
                break;
            }
            let Some(line) = exact_query_line(&bytes[answered.bytes..]) else {
                break;
            };
            answer.write(&line);
            answered.take(line.length);
        }
        if answered == before {
            answered = other_judge_lines(bytes, answered, most_lines, answer);
            if answered == before {
                return answered;
            }
        }
    }
}

/// Goes on from what is `answered` as [`judge_lines`] does, a batch of eight lines of the
/// judge's own shape at a time, while there are such batches and `most_lines` allows.
#[inline(always)]
fn judge_batches(
    bytes: &[u8],
    mut answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    while most_lines - answered.lines >= batch::LINES as u64 {
        let Some(window) = bytes[answered.bytes..].first_chunk::<{ batch::WINDOW }>() else {
            break;
        };
        let Some(lines) = window.first_chunk::<{ batch::BYTES }>() else {
            unreachable!("a batch's window holds its lines");
        };
        if !is_judge_batch(lines) {
            break;
        }
        answer.write_batch(window);
        answered.bytes += batch::BYTES;
        answered.lines += batch::LINES as u64;
    }
    answered
}

/// Goes on from what is `answered` as [`judge_lines`] does with lines of any shape, until a
/// run of a batch's worth of lines of six bytes, which may be of the judge's shape, or a line
/// the shortcuts do not take.
///
/// The lines are read a block at a time ([`BlockLines`]), the block starting at the next
/// line, and again from a new block where one stops; a line no block takes (a bad line, one
/// longer than a block, one near the end of the read) is read on its own by
/// [`scan_query_line`], which declines it if it is bad. The block's one classification serves
/// its seven or so messy lines, where a window a line cost each about fifty instructions.
///
/// A run, not one such line: a messy file has them now and then (`xx\tyy` or `xx yy`), and
/// going back to [`judge_lines`] for each, to find no batch there, cost messy lines 5
/// instructions each (scripts/count-instructions.sh).
#[inline(never)]
fn other_judge_lines(
    bytes: &[u8],
    answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-avx2") && has_avx2_loop_features() {
        // SAFETY: the processor has AVX2, BMI1 and POPCNT, just asked.
        return unsafe { other_judge_lines_avx2(bytes, answered, most_lines, answer) };
    }
    other_judge_lines_baseline(bytes, answered, most_lines, answer)
}

/// Whether this processor has what [`other_judge_lines_avx2`] is compiled for: AVX2, BMI1
/// and POPCNT. (Asking costs a load and a test: std keeps the answer.)
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2_loop_features() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// [`other_judge_lines_baseline`] compiled for processors with AVX2, BMI1 and POPCNT (every
/// processor with AVX2 has the other two), which [`other_judge_lines`] runs where the
/// processor has them. The code is the same; what the compiler may do with it is not: the
/// block's classes by AVX2 inlined where the baseline calls them out of line and passes them
/// back through memory, `tzcnt` with no move before it to define a zero's count, a count of
/// bits in one instruction where the baseline takes a dozen, and fewer values spilled: a
/// messy line in about four fifths of the baseline's instructions (docs/PERFORMANCE.md). The
/// baseline copy is held to it by a test.
///
/// # Safety
/// The processor must have AVX2, BMI1 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,popcnt")]
unsafe fn other_judge_lines_avx2(
    bytes: &[u8],
    answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    other_judge_lines_baseline(bytes, answered, most_lines, answer)
}

/// [`other_judge_lines`] for any x86-64 processor, or any other.
#[inline(always)]
fn other_judge_lines_baseline(
    bytes: &[u8],
    mut answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    let mut six_byte_run = 0;
    while answered.lines < most_lines {
        let rest = &bytes[answered.bytes..];
        let block = rest.first_chunk::<BLOCK_AND_ONE>();
        if let Some(block) = block.filter(|_| cfg!(feature = "trick-blocks")) {
            let lines = BlockLines::new(block);
            let block = answer.write_block(lines, most_lines - answered.lines);
            if block.lines != 0 {
                answered.lines += block.lines;
                answered.bytes += block.bytes;
                // Lines of the judge's shape fill a block with ten of them.
                if block.bytes == batch::LINE_BYTES * block.lines as usize
                    && block.lines >= batch::LINES as u64
                {
                    break;
                }
                six_byte_run = 0;
                continue; // the next line starts a new block
            }
        }
        // No line of the block taken: the next line is bad, longer than a block, or near the
        // end of the read.
        let Some(line) = scan_query_line(rest) else {
            break;
        };
        answer.write(&line);
        answered.take(line.length);
        six_byte_run = if line.length == batch::LINE_BYTES {
            six_byte_run + 1
        } else {
            0
        };
        if six_byte_run == batch::LINES {
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

/// The text of the table engine's route, for every pair, by the pair's key.
fn route_texts() -> Box<[RouteText; batch::KEYS]> {
    let mut route = Vec::new();
    let mut text = |from, to| {
        route.clear();
        route.extend(DISTANCES.route(from, to));
        RouteText::new(&route)
    };
    let placeholder = text(Square::A1, Square::A1);
    let mut texts = Box::new([placeholder; batch::KEYS]);
    for from in Square::all() {
        for to in Square::all() {
            texts[squares_key(from, to)] = text(from, to);
        }
    }
    texts
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Lines of the judge's shape after a messy line: a block of them is read whole, and after
    /// the first block of eight or more (a messy line and nine judge lines, then ten) the
    /// messy loop hands the lines back to the batches. The same in both copies, with a space
    /// between the squares or a tab (which the batches refuse, so the loop takes them again).
    #[test]
    fn judge_lines_after_a_messy_line_go_back_to_the_batches() {
        for judge_line in [&b"a1 b2\n"[..], b"a1\tb2\n"] {
            let mut bytes = b" c3 d4\n".to_vec();
            for _ in 0..100 {
                bytes.extend_from_slice(judge_line);
            }
            let mut expected = b"To get from c3 to d4 takes 2 knight moves.\n".to_vec();
            for _ in 0..19 {
                expected.extend_from_slice(b"To get from a1 to b2 takes 4 knight moves.\n");
            }
            let answered = Answered {
                bytes: 7 + 19 * batch::LINE_BYTES,
                lines: 20,
            };
            let mut out = Vec::new();
            let start = Answered::default();
            let by_baseline =
                other_judge_lines_baseline(&bytes, start, u64::MAX, &mut Sentences(&mut out));
            assert_eq!((by_baseline, &out), (answered, &expected));
            if has_avx2_loop_features() {
                out.clear();
                // SAFETY: the processor has AVX2, BMI1 and POPCNT, just asked.
                let by_avx2 = unsafe {
                    other_judge_lines_avx2(&bytes, start, u64::MAX, &mut Sentences(&mut out))
                };
                assert_eq!((by_avx2, &out), (answered, &expected));
            }
        }
    }

    /// On every pair, in either case, the sentence in SSE2 vectors is the sentence in words,
    /// the portable specification (held to the template's sentence in `fast/write.rs`).
    #[test]
    fn sentence_vectors_are_the_sentence_words_on_every_pair() {
        for from in Square::all() {
            for to in Square::all() {
                let digit = b'0' + DISTANCES.moves(from, to);
                for upper in [0, 0x20] {
                    let (from_text, to_text) = (from.name(), to.name());
                    let line = [
                        from_text[0] & !upper,
                        from_text[1],
                        b' ',
                        to_text[0],
                        to_text[1],
                        b'\n',
                        0,
                        0,
                    ];
                    let word = u64::from_le_bytes(line);
                    let words: Vec<u8> = write::judge_sentence_words(word, digit)
                        .iter()
                        .flat_map(|word| word.to_le_bytes())
                        .collect();
                    assert_eq!(
                        simd::judge_sentence_vectors(word, digit).concat(),
                        words,
                        "{from} {to}"
                    );
                }
            }
        }
    }

    /// The SSE2 batch check agrees with the portable one on every byte value in every place
    /// of batches of judge lines.
    #[test]
    fn both_batch_checks_agree_on_every_byte_in_every_place() {
        for line in [b"e2 e4\n", b"A1 H8\n", b"h8 a1\n"] {
            let batch = batch::tests::batch_of(line);
            for at in 0..batch::BYTES {
                for byte in 0..=u8::MAX {
                    let mut changed = batch;
                    changed[at] = byte;
                    assert_eq!(
                        simd::is_judge_batch(&changed),
                        batch::is_judge_batch_portably(&changed),
                        "{at} {byte}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// The SSE2 check and the portable one agree on batches of judge lines with a few
        /// bytes changed, to anything or to the bytes at the edges of the ranges.
        #[test]
        fn both_batch_checks_agree(
            pairs in proptest::collection::vec((0..64usize, 0..64usize, proptest::bool::ANY), batch::LINES),
            changes in proptest::collection::vec((0..batch::BYTES, proptest::prop_oneof![
                proptest::num::u8::ANY,
                proptest::sample::select(b"aAhH@`iI0189 \t\n\r\x80\xe1".to_vec()),
            ]), 0..3),
        ) {
            let mut batch = [0; batch::BYTES];
            for (line, &(from, to, upper)) in batch.chunks_exact_mut(6).zip(&pairs) {
                let square = |index| Square::from_index(index).unwrap();
                let (from, to) = (square(from).name(), square(to).name());
                let mut word = [from[0], from[1], b' ', to[0], to[1], b'\n'];
                if upper {
                    word[0] &= !0x20;
                }
                line.copy_from_slice(&word);
            }
            for (at, byte) in changes {
                batch[at] = byte;
            }
            proptest::prop_assert_eq!(simd::is_judge_batch(&batch), batch::is_judge_batch_portably(&batch));
        }

        /// The copy of the messy lines' loop compiled for AVX2, BMI1 and POPCNT, which this
        /// processor runs if it can (and so every test through the program), and the baseline
        /// copy that other processors run write the same answers and stop at the same place,
        /// for each kind of answer: on messy lines with now and then a byte changed, and with
        /// a limit on the lines.
        #[test]
        fn both_copies_of_the_messy_loop_agree(
            lines in proptest::collection::vec(
                "( ?)[a-hA-H][1-8]( {1,4}|\t{1,4})[a-hA-H][1-8](\r?)", 1..40),
            changes in proptest::collection::vec((0usize..400, proptest::prop_oneof![
                proptest::num::u8::ANY,
                proptest::sample::select(b"aAhH@`iI0189 \t\n\r\x80".to_vec()),
            ]), 0..3),
            most_lines in proptest::prop_oneof![proptest::strategy::Just(u64::MAX), 0..45u64],
        ) {
            let mut bytes: Vec<u8> = lines.join("\n").into_bytes();
            bytes.push(b'\n');
            let unchanged = changes.is_empty();
            for (at, byte) in changes {
                if at < bytes.len() {
                    bytes[at] = byte;
                }
            }
            let texts = route_texts();
            type Copy = fn(&[u8], Answered, u64, &mut Vec<u8>, Option<&[RouteText; batch::KEYS]>, bool) -> Answered;
            let baseline: Copy = |bytes, answered, most, out, routes, numbers| match (routes, numbers) {
                (Some(texts), _) => other_judge_lines_baseline(bytes, answered, most, &mut Routes { out, texts }),
                (None, true) => other_judge_lines_baseline(bytes, answered, most, &mut Numbers(out)),
                (None, false) => other_judge_lines_baseline(bytes, answered, most, &mut Sentences(out)),
            };
            #[cfg(target_arch = "x86_64")]
            let wide: Copy = |bytes, answered, most, out, routes, numbers| {
                // SAFETY: called only where the processor has AVX2, BMI1 and POPCNT, asked below.
                unsafe {
                    match (routes, numbers) {
                        (Some(texts), _) => other_judge_lines_avx2(bytes, answered, most, &mut Routes { out, texts }),
                        (None, true) => other_judge_lines_avx2(bytes, answered, most, &mut Numbers(out)),
                        (None, false) => other_judge_lines_avx2(bytes, answered, most, &mut Sentences(out)),
                    }
                }
            };
            #[cfg(target_arch = "x86_64")]
            if has_avx2_loop_features() {
                for (routes, numbers) in [(None, false), (None, true), (Some(&*texts), false)] {
                    let (mut out_baseline, mut out_wide) = (Vec::new(), Vec::new());
                    let start = Answered::default();
                    let by_baseline = baseline(&bytes, start, most_lines, &mut out_baseline, routes, numbers);
                    let by_wide = wide(&bytes, start, most_lines, &mut out_wide, routes, numbers);
                    proptest::prop_assert_eq!(by_baseline, by_wide);
                    // Not a pass that compared nothing: a well-formed first line is answered.
                    if unchanged && most_lines > 0 {
                        proptest::prop_assert!(by_baseline.lines > 0);
                    }
                    proptest::prop_assert_eq!(out_baseline, out_wide);
                }
            }
        }

    }
}
