//! The accelerator's readers: each takes a well-formed query line in one pass, with no search
//! for its end and no general parsing.
//!
//! Each is only a shortcut: it returns `None` for anything unusual, and the general parser
//! ([`parse_line`](crate::input::line::parse_line)) then reads the line and, if it is bad,
//! reports it. So each must accept exactly the lines the general parser accepts, with the same
//! squares; the tests at the bottom hold them to that, on near misses and on random lines.

use std::ops::Range;

use crate::board::standard::Square;
use crate::board::{Board, Position};
use crate::fast::classes::BlockClasses;
use crate::fast::lanes::{lanes_between, lanes_value, lanes_within, leading_lanes};
use crate::input::line::{MAX_LINE_BYTES, TypedPair, is_blank};

/// An 8×8 query line read by a shortcut: its squares' texts as typed (two bytes each on 8×8,
/// checked), as the line of the judge's shape would hold them loaded as an 8-byte word (lanes
/// 0–1 and 3–4, the other lanes meaningless), and the line's length with its newline.
///
/// The word, not the squares: the answers are looked up by its key
/// ([`crate::fast::batch::pair_key`]) and written from it, as the batches do with the lines
/// they load, so a reader of any shape only puts the texts where a judge line has them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StandardLine {
    pub word: u64,
    pub length: usize,
}

impl StandardLine {
    /// A line of `length` bytes whose squares' texts are `from` and `to`.
    #[inline(always)]
    fn new(from: [u8; 2], to: [u8; 2], length: usize) -> StandardLine {
        let word = u64::from(u16::from_le_bytes(from)) | u64::from(u16::from_le_bytes(to)) << 24;
        StandardLine { word, length }
    }

    /// The squares' texts, as typed.
    #[inline(always)]
    pub(crate) fn texts(&self) -> ([u8; 2], [u8; 2]) {
        let text_in_lanes = |lane: u32| ((self.word >> (8 * lane)) as u16).to_le_bytes();
        (text_in_lanes(0), text_in_lanes(3))
    }

    /// The squares the texts name.
    #[cfg(test)]
    pub(crate) fn squares(&self) -> (Square, Square) {
        let square = |[file, rank]: [u8; 2]| Square::from_checked_bytes(file, rank);
        let (from, to) = self.texts();
        (square(from), square(to))
    }
}

/// Lines are the same when their texts and lengths are: the word's other lanes do not count.
impl PartialEq for StandardLine {
    fn eq(&self, other: &StandardLine) -> bool {
        (self.texts(), self.length) == (other.texts(), other.length)
    }
}

impl Eq for StandardLine {}

/// Reads an 8×8 query line of the judge's exact shape, `xx yy\n`, from the start of `bytes`:
/// the six bytes checked at once, as lanes of one 8-byte word, with one branch. Judge input is
/// nearly all such lines, and this shortcut reads them in much less time than
/// [`scan_query_line`] alone (the figures, from `scripts/bench.sh`, are in docs/PERFORMANCE.md,
/// "What is kept, and why"). `None` for any other line, and within 8 bytes of the end of
/// `bytes`: [`scan_query_line`] then reads it.
#[inline(always)]
pub(crate) fn exact_query_line(bytes: &[u8]) -> Option<StandardLine> {
    // Lane by lane, the least and the most each byte of the line may be, its files folded to
    // lower case; the last two lanes belong to the next line, and are not looked at.
    const LEAST: u64 = u64::from_le_bytes(*b"a1 a1\n\0\0");
    const MOST: u64 = u64::from_le_bytes(*b"h8 h8\n\0\0");
    const FOLD_FILES: u64 = u64::from_le_bytes([0x20, 0, 0, 0x20, 0, 0, 0, 0]);
    const LINE: u64 = 0x0000_8080_8080_8080;
    let word = u64::from_le_bytes(*bytes.first_chunk::<8>()?);
    let lanes = word | FOLD_FILES;
    if lanes_within(lanes, LEAST, MOST) & LINE != LINE {
        return None;
    }
    Some(checked_judge_line(word))
}

/// The line of the judge's exact shape loaded as the 8-byte `word`, once its six bytes are
/// known to be of that shape (by [`exact_query_line`] or a batch's check,
/// [`crate::fast::is_judge_batch`]): its texts, with no check.
#[inline(always)]
pub(crate) fn checked_judge_line(word: u64) -> StandardLine {
    StandardLine { word, length: 6 }
}

/// Reads a well-formed 8×8 query line from the start of `bytes`, newline included, in one pass:
/// blanks, a square, blanks, a square, blanks, an optional carriage return, the newline.
/// Returns `None` for any other line, which the general parser then reads: this function is only
/// a shortcut and never decides that a line is bad.
///
/// It accepts exactly the query lines [`parse_line`](crate::input::line::parse_line) accepts on
/// 8×8 (a unit test and a property test hold it to that, for both readers below). Blanks are
/// the input's ([`is_blank`]: spaces and tabs), so no scan runs past the newline.
// `inline(always)` into `other_judge_lines`, its one caller on the hot path, which is kept out
// of the judge's own loop (see `fast/mod.rs`): inlined there, it made the judge file slower.
#[inline(always)]
pub(crate) fn scan_query_line(bytes: &[u8]) -> Option<StandardLine> {
    scan_query_bytewise(bytes)
}

/// The bytes a block reader ([`BlockLines`]) classes at once: a few messy judge lines.
pub(crate) const BLOCK: usize = 64;

/// What a block reader ([`BlockLines`]) is handed: a block and the byte after it.
pub(crate) const BLOCK_AND_ONE: usize = BLOCK + 1;

/// The block's classes: on x86-64 by AVX2 where the processor has it, else by SSE2
/// (`fast/simd.rs`), elsewhere by the portable code (`fast/classes.rs`). (Asking the processor
/// costs a load and a test a block: std keeps the answer.)
#[inline(always)]
fn classify_block(block: &[u8; BLOCK]) -> BlockClasses {
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-avx2") && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, just asked.
        return unsafe { crate::fast::simd::classify_block_avx2(block) };
    }
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-sse2") {
        return crate::fast::simd::classify_block(block);
    }
    crate::fast::classes::classify_block_portably(block)
}

/// The well-formed 8×8 query lines at the start of a 64-byte block, read one after another
/// from one classification of the whole block: [`scan_query_line`] classes a 16-byte window
/// for every line, which cost a messy line about fifty instructions, where a block of seven or
/// so such lines is classed once.
///
/// The checks that do not depend on where a line ends are made once for the block
/// ([`BlockLines::new`]): every byte is a blank, a newline, a return, a file or a rank; every
/// file is followed by a rank and every rank follows a file; no file follows a rank (squares
/// touching); a return is followed by a newline. A byte that breaks one of these marks a
/// fault, at its own place or the next, within its own line, so the lines whose newline comes
/// before the first fault are all made of blanks, squares, and a return right before the
/// newline. What is left for each line ([`BlockLines::next`]) is to hold exactly two squares:
/// its first two files before its newline and the third after it, found as the lowest bits of
/// the files' mask, a few operations and one branch, whatever its blanks are. That is exactly
/// the grammar [`parse_line`](crate::input::line::parse_line) accepts on 8×8 for a line
/// shorter than the block (and so under [`MAX_LINE_BYTES`]); the tests hold them to each other.
///
/// It stops at the first line it does not take: a bad line, or one whose newline is past the
/// block, which the caller reads from a new block or with [`scan_query_line`].
pub(crate) struct BlockLines<'a> {
    /// The block and the byte after it: a square's two bytes read from any place below
    /// [`BLOCK`] (its place masked to the block) then lie in these bytes with no check at
    /// run time, where a check cost a messy line four instructions.
    block: &'a [u8; BLOCK_AND_ONE],
    /// The lines not read yet.
    unread: Unread,
}

/// The lines of a block not read yet, as a [`BlockLines`] reader has them.
#[derive(Clone, Copy)]
struct Unread {
    /// Their newlines, before the block's first fault.
    newlines: u64,
    /// Their files.
    files: u64,
    /// Where the first of them starts.
    start: u32,
}

impl Unread {
    /// The first of these lines, whether it is well formed (two squares before its newline,
    /// and no third), and the lines after it. Of a line not well formed, both are of no use;
    /// they are made all the same, from bytes of the block, so that a caller may decide with
    /// no branch ([`BlockLines::next_six`]).
    #[inline(always)]
    fn first_line(self, block: &[u8; BLOCK_AND_ONE]) -> (StandardLine, bool, Unread) {
        let without_lowest = |bits: u64| bits & bits.wrapping_sub(1);
        let newline = self.newlines.trailing_zeros(); // 64 when there is none
        let first = self.files.trailing_zeros();
        let after_first = without_lowest(self.files);
        let second = after_first.trailing_zeros();
        let after_second = without_lowest(after_first);
        let well_formed = (second < newline) & (newline < after_second.trailing_zeros());
        // Each square is one 16-bit load, put in its lanes. A well-formed line's squares lie
        // before its newline, in the block, so masking their places changes nothing for
        // them; it keeps the place of a square not there (64) within the block, and lets the
        // compiler see that both bytes are in `block`, with no check at run time.
        let square_text = |at: u32| match block[at as usize % BLOCK..].first_chunk::<2>() {
            Some(&text) => u64::from(u16::from_le_bytes(text)),
            None => unreachable!("a place below the block and the next byte are in its bytes"),
        };
        // The next newline is past the last, or 64: the end is never before the start.
        let end = newline + 1;
        let line = StandardLine {
            word: square_text(first) | square_text(second) << 24,
            length: (end - self.start) as usize,
        };
        let after = Unread {
            newlines: without_lowest(self.newlines),
            files: after_second,
            start: end,
        };
        (line, well_formed, after)
    }
}

impl<'a> BlockLines<'a> {
    /// The lines at the start of `block`, a line's start.
    #[inline(always)]
    pub(crate) fn new(block: &'a [u8; BLOCK_AND_ONE]) -> BlockLines<'a> {
        let Some(first_block) = block.first_chunk::<BLOCK>() else {
            unreachable!("a block and one byte hold a block");
        };
        let BlockClasses {
            newlines,
            returns,
            files,
            ranks,
            others,
        } = classify_block(first_block);
        let faults = others
            | (files << 1 ^ ranks) // a file without its rank, or a rank without its file
            | (ranks << 1 & files) // squares touching
            | (returns << 1 & !newlines); // a return not right before the newline
        // The bits below the first fault: all of them when there is none.
        let before_fault = (faults & faults.wrapping_neg()).wrapping_sub(1);
        BlockLines {
            block,
            unread: Unread {
                newlines: newlines & before_fault,
                files,
                start: 0,
            },
        }
    }

    /// The next line, or `None` when it is not well formed or its newline is not in the block
    /// before the first fault (then `None` for good: the caller moves on to a new block).
    #[inline(always)]
    #[allow(clippy::should_implement_trait)] // an iterator's `next`, with no need of the trait
    pub(crate) fn next(&mut self) -> Option<StandardLine> {
        let (line, well_formed, after) = self.unread.first_line(self.block);
        if !well_formed {
            return None;
        }
        self.unread = after;
        Some(line)
    }

    /// The bytes of the lines read so far, their newlines included.
    #[inline(always)]
    pub(crate) fn bytes_read(&self) -> usize {
        self.unread.start as usize
    }
}

/// The 8×8 square whose two bytes start at `at`, with its text as typed.
#[inline(always)]
fn square_at(bytes: &[u8], at: usize) -> Option<(Square, [u8; 2])> {
    match bytes.get(at..at + 2) {
        Some(&[file, rank]) => Square::from_bytes(file, rank).map(|square| (square, [file, rank])),
        _ => None,
    }
}

/// [`scan_query_line`] a byte at a time: for lines near the end of the buffer, and lines with
/// long runs of blanks.
fn scan_query_bytewise(bytes: &[u8]) -> Option<StandardLine> {
    let skip_blanks = |mut at: usize| {
        while bytes.get(at).is_some_and(|&byte| is_blank(byte)) {
            at += 1;
        }
        at
    };
    let square_at = |at: usize| square_at(bytes, at);
    let start = skip_blanks(0);
    let (_, from_text) = square_at(start)?;
    let second = skip_blanks(start + 2);
    if second == start + 2 {
        return None;
    }
    let (_, to_text) = square_at(second)?;
    let text_end = skip_blanks(second + 2);
    let end = text_end + usize::from(bytes.get(text_end) == Some(&b'\r'));
    // A line over the limit (not counting its line end) is bad even when well formed: leave it
    // to the general parser.
    if bytes.get(end) != Some(&b'\n') || text_end > MAX_LINE_BYTES {
        return None;
    }
    Some(StandardLine::new(from_text, to_text, end + 1))
}

/// Reads a well-formed query line on any board from the start of `bytes`, newline included, in
/// one pass, as [`scan_query_line`] does on 8×8: the shortcut for boards of other sizes, whose
/// squares are longer. `None` for anything else, which the general parser then reads and, if it
/// is bad, reports: this function never decides that a line is bad, and it accepts exactly the
/// lines [`parse_line`](crate::input::line::parse_line) accepts (a property test holds it to that).
#[inline(always)]
pub(crate) fn scan_board_line(bytes: &[u8], board: Board) -> Option<BoardLine<'_>> {
    let skip_blanks = |mut at: usize| {
        while bytes.get(at).is_some_and(|&byte| is_blank(byte)) {
            at += 1;
        }
        at
    };
    let start = skip_blanks(0);
    let (from, from_end) = scan_square(bytes, start, board)?;
    let second = skip_blanks(from_end);
    if second == from_end {
        return None;
    }
    let (to, to_end) = scan_square(bytes, second, board)?;
    let text_end = skip_blanks(to_end);
    let end = text_end + usize::from(bytes.get(text_end) == Some(&b'\r'));
    if bytes.get(end) != Some(&b'\n') || text_end > MAX_LINE_BYTES {
        return None;
    }
    let query = TypedPair {
        from,
        to,
        from_text: &bytes[start..from_end],
        to_text: &bytes[second..to_end],
    };
    Some(BoardLine {
        query,
        texts: (start..from_end, second..to_end),
        length: end + 1,
    })
}

/// A query line read by [`scan_board_line`]: the query, where its squares' texts lie in the
/// bytes it was read from, and the line's length with its newline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BoardLine<'a> {
    pub query: TypedPair<'a>,
    pub texts: (Range<usize>, Range<usize>),
    pub length: usize,
}

/// Reads a square of `board` at `at`: letters, then a rank without leading zeros, ending at a
/// blank, a line end or the end of `bytes`. Returns it and where it ends, or `None` for anything
/// unusual (including squares off the board), which the general parser then reads.
///
/// No overflow to guard against: more than 7 letters or 10 digits name no square of any board,
/// so they go to the general parser.
#[inline(always)]
fn scan_square(bytes: &[u8], at: usize, board: Board) -> Option<(Position, usize)> {
    let text = bytes
        .get(at..at + 16)
        .and_then(read_square_wide)
        .unwrap_or_else(|| read_square_bytewise(bytes, at));
    let digits_at = at + text.letters;
    let end = digits_at + text.digits;
    let well_sized = (1..=7).contains(&text.letters) && (1..=10).contains(&text.digits);
    let leading_zero = text.digits > 1 && bytes[digits_at] == b'0';
    let ends_here = bytes
        .get(end)
        .is_none_or(|&byte| is_blank(byte) || byte == b'\r' || byte == b'\n');
    let on_board = (1..=u64::from(board.files())).contains(&text.file_number)
        && (1..=u64::from(board.ranks())).contains(&text.rank_number);
    (well_sized && !leading_zero && ends_here && on_board).then(|| {
        (
            Position::new(text.file_number as u32 - 1, text.rank_number as u32 - 1),
            end,
        )
    })
}

/// What a square's text reads as, before any check: its run of letters and the run of digits
/// after it, with their values (the file counted from 1, the rank). The values are meaningful
/// only for runs of at most 7 letters and 10 digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SquareText {
    letters: usize,
    digits: usize,
    file_number: u64,
    rank_number: u64,
}

/// Reads a square's letters and digits from the 16 bytes of `window` without a loop: one
/// 8-byte word for the letters, one for the digits after them (see [`crate::fast::lanes`]). `None`
/// when the runs may not fit that window, 8 letters or 8 digits; the bytewise reader then
/// reads them. Far from the end of the buffer, that is every square of a board under 10⁷
/// ranks.
#[inline(always)]
fn read_square_wide(window: &[u8]) -> Option<SquareText> {
    let word_at = |at: usize| Some(u64::from_le_bytes(window.get(at..at + 8)?.try_into().ok()?));
    // `| 0x20` folds A–Z onto a–z and no other byte into that range, and keeps each top bit.
    let letter_word = word_at(0)? | 0x2020_2020_2020_2020;
    let letters = leading_lanes(lanes_between(letter_word, b'a', b'z'));
    let digit_word = word_at(letters)?;
    let digits = leading_lanes(lanes_between(digit_word, b'0', b'9'));
    if letters == 8 || digits == 8 {
        return None;
    }
    Some(SquareText {
        letters,
        digits,
        file_number: if letters == 0 {
            0
        } else {
            lanes_value(letter_word, letters, b'a' - 1, 26)
        },
        rank_number: if digits == 0 {
            0
        } else {
            lanes_value(digit_word, digits, b'0', 10)
        },
    })
}

/// Reads a square's letters and digits a byte at a time, as far as they go: the reader for
/// squares near the end of the buffer and for long runs.
fn read_square_bytewise(bytes: &[u8], at: usize) -> SquareText {
    let mut end = at;
    let mut file_number = 0u64;
    // Wrapping arithmetic: a run long enough to wrap is refused by its length.
    while end < bytes.len() && (bytes[end] | 0x20).wrapping_sub(b'a') < 26 {
        let letter = (bytes[end] | 0x20) - b'a';
        file_number = file_number
            .wrapping_mul(26)
            .wrapping_add(u64::from(letter) + 1);
        end += 1;
    }
    let digits_at = end;
    let mut rank_number = 0u64;
    while end < bytes.len() && bytes[end].wrapping_sub(b'0') < 10 {
        let digit = bytes[end] - b'0';
        rank_number = rank_number.wrapping_mul(10).wrapping_add(u64::from(digit));
        end += 1;
    }
    SquareText {
        letters: digits_at - at,
        digits: end - digits_at,
        file_number,
        rank_number,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::classes::{WindowClasses, classify_block_portably, classify_portably};
    use crate::input::line::parse_line;

    /// The shortcuts must take a line exactly when the general parser takes it, with the same
    /// answer: otherwise a line's fate would hang on which path read it.
    fn assert_shortcuts_agree_with_the_parser(line: &[u8]) {
        let mut with_newline = line.to_vec();
        with_newline.push(b'\n');
        let parsed = parse_line(line, Board::STANDARD).ok().flatten();
        let scanned = scan_query_line(&with_newline);
        let as_read = |line: StandardLine| {
            let (from, to) = line.squares();
            let texts = (line.texts().0.to_vec(), line.texts().1.to_vec());
            ((from.position(), to.position()), texts, line.length)
        };
        let from_parser = |query: TypedPair| {
            let texts = (query.from_text.to_vec(), query.to_text.to_vec());
            ((query.from, query.to), texts, line.len() + 1)
        };
        assert_eq!(scanned.map(as_read), parsed.map(from_parser), "{:?}", line);
        assert_eq!(
            exact_query_line(&with_newline),
            None,
            "{line:?}: too near the end"
        );
        // Followed by more lines, the line is read through its window of blanks; the bytewise
        // reader must read it the same, and the window reader, where it answers, too.
        for after in [
            &b"a1 b2\n"[..],
            b"\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t",
            b"          \r\n",
        ] {
            let mut followed = with_newline.clone();
            followed.extend_from_slice(after);
            followed.extend_from_slice(after);
            followed.extend_from_slice(after);
            assert_eq!(
                scan_query_line(&followed),
                scanned,
                "{line:?} then {after:?}"
            );
            assert_eq!(
                scan_query_bytewise(&followed),
                scanned,
                "{line:?} then {after:?}"
            );
            // The exact reader takes the judge's shape, six bytes, and nothing else.
            let judge_shape = scanned.filter(|line| line.length == 6 && followed[2] == b' ');
            assert_eq!(
                exact_query_line(&followed),
                judge_shape,
                "{line:?} then {after:?}"
            );
        }
    }

    /// The lines a block reader reads from `bytes` (at least a block and a byte long), in
    /// order, until it stops.
    fn block_lines(bytes: &[u8]) -> Vec<StandardLine> {
        let block = bytes
            .first_chunk::<BLOCK_AND_ONE>()
            .expect("a block's worth of bytes and one");
        let mut lines = BlockLines::new(block);
        std::iter::from_fn(|| lines.next()).collect()
    }

    /// The block reader on `lines` (each without its newline, padded to a block with more
    /// lines): it reads the lines the general parser accepts, with the same squares, texts and
    /// lengths, and stops only at a line the parser refuses or one whose newline lies past the
    /// block: so a well-formed line is never sent to the slower readers while in the block.
    fn assert_block_reader_agrees_with_the_parser(lines: &[&[u8]]) {
        let mut bytes = Vec::new();
        for line in lines {
            bytes.extend_from_slice(line);
            bytes.push(b'\n');
        }
        while bytes.len() < BLOCK_AND_ONE {
            bytes.extend_from_slice(b" A1\t\tb3\r\n");
        }
        let read = block_lines(&bytes);
        let mut at = 0;
        for (index, line) in bytes.split_inclusive(|&byte| byte == b'\n').enumerate() {
            let text = &line[..line.len() - 1];
            let in_block = at + line.len() <= BLOCK && line.ends_with(b"\n");
            let parsed = parse_line(text, Board::STANDARD).ok().flatten();
            match (read.get(index), parsed) {
                (Some(line_read), Some(query)) => {
                    assert!(in_block, "{bytes:?}: line {index} read past the block");
                    let (from, to) = line_read.squares();
                    assert_eq!((from.position(), to.position()), (query.from, query.to));
                    let texts = line_read.texts();
                    assert_eq!(
                        (&texts.0[..], &texts.1[..]),
                        (query.from_text, query.to_text)
                    );
                    assert_eq!(line_read.length, line.len(), "{bytes:?}: line {index}");
                }
                (Some(_), None) => panic!("{bytes:?}: line {index} read, the parser refuses it"),
                (None, parsed) => {
                    assert!(
                        parsed.is_none() || !in_block,
                        "{bytes:?}: line {index} is well formed and in the block"
                    );
                    return;
                }
            }
            at += line.len();
        }
    }

    /// Every byte value in every place of a few messy lines, after a well-formed line and
    /// before others, read from a block as the parser reads them.
    #[test]
    fn the_block_reader_agrees_with_the_parser_on_every_byte_in_every_place() {
        for template in [&b"e2 e4"[..], b"\tB7  h1 \r", b" a8\t\t\t\tH2\r", b"h8\th8"] {
            for at in 0..template.len() {
                for byte in 0..=u8::MAX {
                    let mut changed = template.to_vec();
                    changed[at] = byte;
                    assert_block_reader_agrees_with_the_parser(&[b"a1 b2", &changed, b" c3 d5"]);
                    assert_block_reader_agrees_with_the_parser(&[&changed, b"c3  D5\r"]);
                }
            }
        }
    }

    #[test]
    fn the_block_reader_agrees_with_the_parser_on_near_misses() {
        let lines: &[&[u8]] = &[
            b"e2 e4 e6",
            b"e2e4",
            b"e2",
            b"",
            b" ",
            b"\r",
            b"e2 e4\r\r",
            b"e2 \re4",
            b"e2 e4\r ",
            b"1e e4",
            b"e2 4e",
            b"ee22 e4",
            b"e2 e44",
            b"i9 a1",
            b"e2\x00e4",
        ];
        for line in lines {
            assert_block_reader_agrees_with_the_parser(&[b"a1 b2", line, b"c3 d5"]);
            assert_block_reader_agrees_with_the_parser(&[line]);
        }
        // A line whose newline is the block's last byte, and one that runs past it.
        let long: &[u8] = b"a1                                                 b2";
        for padding in 0..12 {
            let padded = [&b" "[..].repeat(padding)[..], long].concat();
            assert_block_reader_agrees_with_the_parser(&[b"c3 d5", &padded]);
        }
    }

    proptest::proptest! {
        /// Random messy lines, as `benches/generate.c messy` makes them, with now and then a
        /// byte changed: the block reader reads them as the parser does.
        #[test]
        fn the_block_reader_agrees_with_the_parser_on_messy_lines(
            lines in proptest::collection::vec(
                "( ?)[a-hA-H][1-8]( {1,4}|\t{1,4})[a-hA-H][1-8](\r?)", 1..10),
            changes in proptest::collection::vec((0usize..80, proptest::prop_oneof![
                proptest::num::u8::ANY,
                proptest::sample::select(b"aAhH@`iI0189 \t\n\r\x80".to_vec()),
            ]), 0..2),
        ) {
            let mut bytes: Vec<u8> = lines.join("\n").into_bytes();
            for (at, byte) in changes {
                if at < bytes.len() {
                    bytes[at] = byte;
                }
            }
            let lines: Vec<&[u8]> = bytes.split(|&byte| byte == b'\n').collect();
            assert_block_reader_agrees_with_the_parser(&lines);
        }

        /// The SSE2 masks of a block and the portable ones agree: on any bytes, and on the
        /// bytes at the edges of the classes.
        #[test]
        fn both_ways_of_classing_a_block_agree(
            any in proptest::collection::vec(proptest::num::u8::ANY, BLOCK),
            edges in proptest::collection::vec(proptest::sample::select(
                b" \t\n\r\x00\x08\x0b\x1f\x21\x89\x8a\xa0\xc1\xe1\xe8\xff@AHI`ahi0189".to_vec()), BLOCK)
        ) {
            for bytes in [any, edges] {
                let block = bytes.first_chunk::<BLOCK>().unwrap();
                proptest::prop_assert_eq!(classify_block(block), classify_block_portably(block));
                #[cfg(target_arch = "x86_64")]
                {
                    let sse2 = crate::fast::simd::classify_block(block);
                    proptest::prop_assert_eq!(sse2, classify_block_portably(block));
                }
            }
        }
    }

    /// Every byte value, at every place in the window, is marked in exactly its classes (the
    /// portable classes; the SSE2 block classes are held to them above).
    #[test]
    fn each_class_marks_exactly_its_bytes() {
        for byte in 0..=u8::MAX {
            let expected = |class: &dyn Fn(u8) -> bool| {
                (0..16).fold(0, |bits, at| bits | u64::from(class(byte)) << at)
            };
            let all_of_it = WindowClasses {
                blanks: expected(&is_blank),
                newlines: expected(&|b| b == b'\n'),
                returns: expected(&|b| b == b'\r'),
                files: expected(&|b| {
                    b.is_ascii_alphabetic() && (b'a'..=b'h').contains(&(b | 0x20))
                }),
                ranks: expected(&|b| (b'1'..=b'8').contains(&b)),
            };
            let only = |at: usize, bits: u64| bits & 1 << at;
            for at in 0..16 {
                let mut window = [b'x'; 16];
                window[at] = byte;
                let single = WindowClasses {
                    blanks: only(at, all_of_it.blanks),
                    newlines: only(at, all_of_it.newlines),
                    returns: only(at, all_of_it.returns),
                    files: only(at, all_of_it.files),
                    ranks: only(at, all_of_it.ranks),
                };
                assert_eq!(classify_portably(&window), single, "{byte:#x} at {at}");
            }
            let window = [byte; 16];
            assert_eq!(classify_portably(&window), all_of_it, "{byte:#x}");
        }
    }

    #[test]
    fn shortcuts_agree_with_the_parser_on_near_misses() {
        let lines: &[&[u8]] = &[
            b"e2 e4",
            b"E2 H8",
            b"e2  e4",
            b"e2\te4",
            b" e2 e4 ",
            b"e2 e4\r",
            b"e2 e4 \r",
            b"e2 e4\r ",
            b"e2 e4\r\r",
            b"e2e4",
            b"e2 e4 e6",
            b"e2",
            b"",
            b" ",
            b"\r",
            b"i9 a1",
            b"e2 e44",
            b"e22 e4",
            b"e2 \re4",
            b"\te2\te4\t",
            b"e2\x00e4",
            b"e2 e\xff",
        ];
        for line in lines {
            assert_shortcuts_agree_with_the_parser(line);
        }
    }

    /// Every byte value in every place of a judge line, and of a messy one, read by the
    /// shortcuts as the parser reads the changed line: each place is checked on its own, so
    /// this covers every way one byte can be wrong.
    #[test]
    fn shortcuts_agree_with_the_parser_on_every_byte_in_every_place() {
        for line in [&b"e2 e4"[..], b"\tB7  h1 \r", b" a8\t\tH2"] {
            for at in 0..line.len() {
                for byte in 0..=u8::MAX {
                    if byte == b'\n' {
                        continue; // the line would end there: another test's business
                    }
                    let mut changed = line.to_vec();
                    changed[at] = byte;
                    assert_shortcuts_agree_with_the_parser(&changed);
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn shortcuts_agree_with_the_parser_on_any_line(
            line in proptest::collection::vec(
                proptest::sample::select(b"aehAH0189 \t\r\xff".to_vec()), 0..12)
        ) {
            assert_shortcuts_agree_with_the_parser(&line);
        }
    }

    /// The any-board shortcut must take a line exactly when the general parser takes it, whatever
    /// follows the line in the buffer: nothing (the end of a read), or more lines, which lets
    /// the shortcut read squares in 8-byte words.
    fn assert_board_shortcut_agrees_with_the_parser(line: &[u8], board: Board) {
        let parsed = parse_line(line, board).ok().flatten();
        for next_lines in [
            &b""[..],
            b"zz99999999 a1\n",
            b"9\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
        ] {
            let mut buffer = line.to_vec();
            buffer.push(b'\n');
            buffer.extend_from_slice(next_lines);
            let scanned = scan_board_line(&buffer, board).map(|line| (line.query, line.length));
            assert_eq!(
                scanned,
                parsed.map(|q| (q, line.len() + 1)),
                "{:?} then {:?} on {board}",
                line,
                next_lines
            );
        }
    }

    #[test]
    fn the_board_shortcut_agrees_with_the_parser_on_near_misses() {
        let board = Board::new(30, 1000).unwrap();
        let lines: &[&[u8]] = &[
            b"a1 ad1000",
            b"AD1000\tb7",
            b" a1  b3 \r",
            b"ae1 a1",
            b"a1001 a1",
            b"a0 a1",
            b"a01 a1",
            b"aaaaaaaa1 a1",
            b"a12345678901 a1",
            b"a1 b",
            b"1 a1",
            b"a1b a1",
            b"a1 b3 c5",
            b"a1\rb3",
            b"a1 a1@",
            b"a1 a1`",
            b"a1 a1{",
            b"a1 a1[",
            b"a1 a1/",
            b"a1 a1:",
        ];
        for line in lines {
            assert_board_shortcut_agrees_with_the_parser(line, board);
        }
        let huge = Board::new(Board::MAX_SIDE, Board::MAX_SIDE).unwrap();
        let lines: &[&[u8]] = &[
            b"bdwgcfz1000000000 a1",
            b"bdwgcga1 a1",
            b"a12345678 a1",
            b"a99999999 a1",
            b"A100000000 Z1",
            b"aaaaaaa1000000000 bb22",
            b"aaaaaaaa1 bb22",
            b"a1 bb1234567890",
            b"a1 bb0234567890",
            b"a1 bb12345678901",
        ];
        for line in lines {
            assert_board_shortcut_agrees_with_the_parser(line, huge);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_board_shortcut_agrees_with_the_parser_on_any_line(
            line in proptest::collection::vec(
                proptest::sample::select(b"abzAZ@[`{0129/: \t\r\xff".to_vec()), 0..24),
            files in 1u32..40,
            ranks in 1u32..40,
            huge in proptest::bool::ANY,
        ) {
            let board = if huge {
                Board::new(Board::MAX_SIDE, Board::MAX_SIDE).unwrap()
            } else {
                Board::new(files, ranks).unwrap()
            };
            assert_board_shortcut_agrees_with_the_parser(&line, board);
        }

        /// Well-formed lines of long squares on the biggest board, where every length of letters
        /// and digits is read by the 8-byte words or falls back to the bytewise reader.
        #[test]
        fn the_board_shortcut_agrees_with_the_parser_on_long_squares(
            line in "[ \t]{0,2}[a-zA-Z]{1,8}[0-9]{1,11}[ \t]{1,2}[a-zA-Z]{1,8}[0-9]{1,11}[ \t]{0,2}\r?",
        ) {
            let huge = Board::new(Board::MAX_SIDE, Board::MAX_SIDE).unwrap();
            assert_board_shortcut_agrees_with_the_parser(line.as_bytes(), huge);
        }
    }
}
