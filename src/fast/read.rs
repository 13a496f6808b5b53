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
use crate::fast::lanes::{lanes_between, lanes_value, leading_lanes};
use crate::input::line::{MAX_LINE_BYTES, Query};

/// An 8×8 query line read by a shortcut: its squares, their texts as typed (two bytes each on
/// 8×8), and the line's length with its newline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StandardLine {
    pub squares: (Square, Square),
    pub texts: ([u8; 2], [u8; 2]),
    pub length: usize,
}

/// Reads an 8×8 query line of the judge's exact shape, `xx yy\n`, from the start of `bytes`:
/// six bytes checked in place, with no loop. Judge input is nearly all such lines, and this
/// shortcut nearly halves the time to read them compared with [`scan_query_line`] alone
/// (measured with `../shared/bench/throughput.sh`: ratio 1.2 with it, 1.7 without).
#[inline(always)]
pub(crate) fn exact_query_line(bytes: &[u8]) -> Option<StandardLine> {
    let [from_file, from_rank, b' ', to_file, to_rank, b'\n', ..] = *bytes else {
        return None;
    };
    Some(StandardLine {
        squares: (
            Square::from_bytes(from_file, from_rank)?,
            Square::from_bytes(to_file, to_rank)?,
        ),
        texts: ([from_file, from_rank], [to_file, to_rank]),
        length: 6,
    })
}

/// Reads a well-formed 8×8 query line from the start of `bytes`, newline included, in one pass:
/// blanks, a square, blanks, a square, blanks, an optional carriage return, the newline.
/// Returns `None` for any other line, which the general parser then reads: this function is only
/// a shortcut and never decides that a line is bad.
///
/// It accepts exactly the query lines [`parse_line`](crate::input::line::parse_line) accepts on
/// 8×8 (a unit test and a property test hold it to that, for both readers below). Blanks are
/// spaces and tabs, so no scan runs past the newline.
// `inline`, not `inline(always)`: forced into the judge loop beside the exact reader it made
// the judge file 6–8% slower (three runs of 9–15 alternations), for 5% on messy files.
#[inline]
pub(crate) fn scan_query_line(bytes: &[u8]) -> Option<StandardLine> {
    bytes
        .first_chunk::<16>()
        .and_then(|window| {
            let (blanks, newlines) = blanks_and_newlines(window);
            scan_query_window(bytes, blanks, newlines)
        })
        .or_else(|| scan_query_bytewise(bytes))
}

/// Bit i set when byte i of `window` is one of `wanted`, for i below 16.
///
/// Each 8-byte word marks its blank lanes in their top bits ([`lanes_between`]); multiplying
/// the lanes' bits, moved to the bottom of each lane, by 0x0102040810204080 gathers lane k's
/// bit into bit 56 + k (each lane's bit meets the multiplier's bit 56 − 7k there; the other
/// products fall on other bits without carrying into these), so the top byte is the lanes' mask.
// The portable form: used where SSE2 is not, and the specification it is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn byte_bits(window: &[u8; 16], wanted: &[u8]) -> u64 {
    let word_bits = |word: &[u8; 8]| {
        let word = u64::from_le_bytes(*word);
        let marked = wanted
            .iter()
            .fold(0, |marked, &byte| marked | lanes_between(word, byte, byte));
        ((marked >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
    };
    let (low, high) = window.split_at(8);
    // Both halves are 8 bytes long: the conversions cannot fail.
    let half = |bytes: &[u8]| <&[u8; 8]>::try_from(bytes).map_or(0, word_bits);
    half(low) | half(high) << 8
}

/// The window's blanks and newlines as [`blank_bits`] and [`newline_bits`] mark them: on x86-64
/// by SSE2 (`fast/simd.rs`), which takes a few instructions where the portable code takes
/// thirty; elsewhere by the portable code.
#[inline(always)]
fn blanks_and_newlines(window: &[u8; 16]) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    return crate::fast::simd::blanks_and_newlines(window);
    #[cfg(not(target_arch = "x86_64"))]
    return (blank_bits(window), newline_bits(window));
}

/// Bit i set when byte i of `window` is a blank (a space or a tab).
// The portable form: used where SSE2 is not, and the specification it is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn blank_bits(window: &[u8; 16]) -> u64 {
    byte_bits(window, b" \t")
}

/// Bit i set when byte i of `window` is a newline.
// The portable form: used where SSE2 is not, and the specification it is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn newline_bits(window: &[u8; 16]) -> u64 {
    byte_bits(window, b"\n")
}

/// [`scan_query_line`] for a line whose first 16 bytes are marked in `blanks`
/// ([`blank_bits`]) and `newlines` ([`newline_bits`]): the runs of blanks are counted with one
/// instruction each, where the bytewise reader branched on every byte, as unpredictably as the
/// input varies. A run that reaches the 16th byte may go on past it, so the line is left to the
/// bytewise reader then (every judge line, however messy, is shorter).
///
/// The line's length is taken from its first newline, which the line's other bytes are then
/// checked against: that way where the next line starts depends on a few instructions, not on
/// the whole reading of this one, and the processor reads the next line while it checks this.
#[inline(always)]
fn scan_query_window(bytes: &[u8], blanks: u64, newlines: u64) -> Option<StandardLine> {
    let newline = newlines.trailing_zeros() as usize;
    const WINDOW: usize = 16;
    let blanks_from = |at: usize| (blanks >> at.min(WINDOW)).trailing_ones() as usize;
    let square_at = |at: usize| square_at(bytes, at);
    let start = blanks_from(0);
    let (from, from_text) = square_at(start)?;
    let second = start + 2 + blanks_from(start + 2);
    let (to, to_text) = square_at(second).filter(|_| second > start + 2)?;
    let text_end = second + 2 + blanks_from(second + 2);
    let end = text_end + usize::from(bytes.get(text_end) == Some(&b'\r'));
    // Every position up to the newline was inside the window, so the runs were whole (and the
    // line is far below the length limit).
    (end == newline && newline < WINDOW).then_some(StandardLine {
        squares: (from, to),
        texts: (from_text, to_text),
        length: newline + 1,
    })
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
        while let Some(b' ' | b'\t') = bytes.get(at) {
            at += 1;
        }
        at
    };
    let square_at = |at: usize| square_at(bytes, at);
    let start = skip_blanks(0);
    let (from, from_text) = square_at(start)?;
    let second = skip_blanks(start + 2);
    if second == start + 2 {
        return None;
    }
    let (to, to_text) = square_at(second)?;
    let text_end = skip_blanks(second + 2);
    let end = text_end + usize::from(bytes.get(text_end) == Some(&b'\r'));
    // A line over the limit (not counting its line end) is bad even when well formed: leave it
    // to the general parser.
    if bytes.get(end) != Some(&b'\n') || text_end > MAX_LINE_BYTES {
        return None;
    }
    Some(StandardLine {
        squares: (from, to),
        texts: (from_text, to_text),
        length: end + 1,
    })
}

/// Reads a well-formed query line on any board from the start of `bytes`, newline included, in
/// one pass, as [`scan_query_line`] does on 8×8: the shortcut for boards of other sizes, whose
/// squares are longer. `None` for anything else, which the general parser then reads and, if it
/// is bad, reports: this function never decides that a line is bad, and it accepts exactly the
/// lines [`parse_line`](crate::input::line::parse_line) accepts (a property test holds it to that).
#[inline(always)]
pub(crate) fn scan_board_line(bytes: &[u8], board: Board) -> Option<BoardLine<'_>> {
    let skip_blanks = |mut at: usize| {
        while let Some(b' ' | b'\t') = bytes.get(at) {
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
    let query = Query {
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
    pub query: Query<'a>,
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
    let ends_here = matches!(bytes.get(end), None | Some(b' ' | b'\t' | b'\r' | b'\n'));
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
    use crate::input::line::parse_line;

    /// The shortcuts must take a line exactly when the general parser takes it, with the same
    /// answer: otherwise a line's fate would hang on which path read it.
    fn assert_shortcuts_agree_with_the_parser(line: &[u8]) {
        let mut with_newline = line.to_vec();
        with_newline.push(b'\n');
        let parsed = parse_line(line, Board::STANDARD).ok().flatten();
        let scanned = scan_query_line(&with_newline);
        let as_read = |line: StandardLine| {
            let (from, to) = line.squares;
            let texts = (line.texts.0.to_vec(), line.texts.1.to_vec());
            ((from.position(), to.position()), texts, line.length)
        };
        let from_parser = |query: Query| {
            let texts = (query.from_text.to_vec(), query.to_text.to_vec());
            ((query.from, query.to), texts, line.len() + 1)
        };
        assert_eq!(scanned.map(as_read), parsed.map(from_parser), "{:?}", line);
        if let Some(exact) = exact_query_line(&with_newline) {
            assert_eq!(Some(exact), scanned, "{:?}", line);
        }
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
            if let Some(window) = followed.first_chunk::<16>() {
                let windowed =
                    scan_query_window(&followed, blank_bits(window), newline_bits(window));
                assert!(
                    windowed.is_none() || windowed == scanned,
                    "{line:?} then {after:?}"
                );
                // Every line of the judge's shapes short enough for the window is read in it.
                if scanned.is_some_and(|line| line.length <= 12) {
                    assert_eq!(windowed, scanned, "{line:?}");
                }
            }
        }
    }

    proptest::proptest! {
        /// The SSE2 masks and the portable ones agree on every window.
        #[test]
        fn both_ways_of_marking_a_window_agree(
            window in proptest::array::uniform16(proptest::sample::select(
                b" \t\n\r\x00\x09\x0a\x20\x89\x8a\xa0\xffaA1".to_vec()))
        ) {
            proptest::prop_assert_eq!(
                blanks_and_newlines(&window),
                (blank_bits(&window), newline_bits(&window))
            );
        }
    }

    #[test]
    fn blank_bits_mark_exactly_the_blanks() {
        let window: [u8; 16] = *b" \tx\t \n\r a\xa0\x09\x20\x89\x00\t ";
        let expected = window
            .iter()
            .enumerate()
            .filter(|&(_, &byte)| byte == b' ' || byte == b'\t')
            .fold(0, |bits, (at, _)| bits | 1 << at);
        assert_eq!(blank_bits(&window), expected);
        for at in 0..16 {
            let mut one = [b'x'; 16];
            one[at] = b'\t';
            assert_eq!(blank_bits(&one), 1 << at);
            let mut all_but_one = [b' '; 16];
            all_but_one[at] = b'\xff';
            assert_eq!(blank_bits(&all_but_one), 0xffff & !(1 << at));
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
