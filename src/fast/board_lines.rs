//! Lines of any board the formula's closed form covers, read and written eight bytes at a
//! time (`standard::lanes`): the accelerator's shortcut for the formula's sentences.

use std::ops::Range;

use crate::board::{Board, Position};
use crate::input::line::{MAX_LINE_BYTES, TypedPair, is_blank};
use crate::standard::lanes::{decimal_lanes, lanes_between, lanes_value, leading_lanes};

/// Reads a well-formed query line on any board from the start of `bytes`, newline included, in one
/// pass, as [`scan_query_line`](crate::standard::read::scan_query_line) does on 8×8: the shortcut
/// for boards of other sizes, whose squares are longer. `None` for anything else, which the general
/// parser then reads and, if it is bad, reports: this function never decides that a line is bad,
/// and it accepts exactly the lines [`parse_line`](crate::input::line::parse_line) accepts (a
/// property test holds it to that).
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

/// Reads a square's letters and digits from the 16 bytes of `window` without a loop: one 8-byte
/// word for the letters, one for the digits after them (see [`crate::standard::lanes`]). `None`
/// when the runs may not fit that window, 8 letters or 8 digits; the bytewise reader then reads
/// them. Far from the end of the buffer, that is every square of a board under 10⁷ ranks.
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

/// A square's text as typed, seen through a window of the input that starts with it and runs
/// on past it, so that [`push_sentence_by_windows`] can copy it with one fixed-size move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextWindow<'a> {
    window: &'a [u8; TextWindow::SIZE],
    len: usize,
}

impl<'a> TextWindow<'a> {
    /// More than any square's text: 7 letters and 10 digits.
    pub(crate) const SIZE: usize = 32;

    /// The text at `text` in `input`, when `input` runs on for a whole window from its start.
    #[inline(always)]
    pub(crate) fn new(input: &'a [u8], text: Range<usize>) -> Option<TextWindow<'a>> {
        let window = input.get(text.start..text.start + Self::SIZE)?;
        let window = window.try_into().ok()?;
        (text.len() <= Self::SIZE).then_some(TextWindow {
            window,
            len: text.len(),
        })
    }
}

/// Appends the judge's sentence for a pair that a route joins, as
/// [`push_sentence`](crate::format::sentence::push_sentence) does, on
/// any board, with fixed-size copies only.
///
/// Squares and numbers of any length leave no template to patch, and appending the pieces one
/// by one cost seven variable-length copies an answer, a quarter of a big-board line's
/// instructions. Instead, room for the longest line is added to `out`, each piece is copied
/// into it with a copy of a fixed size, at least its length, and the end moves on by its
/// length, so the next piece overwrites whatever the copy wrote past it; then `out` is cut
/// back to the line's true end.
///
/// The pieces go straight into `out`: assembling the line on the stack and copying it over
/// was slower than the piece-by-piece writing it replaced, as the processor cannot forward
/// overlapping small stores to the wide loads that read them back (seen with `perf record`).
#[inline]
pub(crate) fn push_sentence_by_windows(
    out: &mut Vec<u8>,
    from: TextWindow,
    to: TextWindow,
    moves: u64,
) {
    let start = out.len();
    out.resize(start + LineAssembly::ROOM, 0);
    let mut line = LineAssembly {
        bytes: &mut out[start..],
        len: 0,
    };
    line.put(b"To get from ", 12);
    line.put(from.window, from.len);
    line.put(b" to ", 4);
    line.put(to.window, to.len);
    line.put(b" takes ", 7);
    if moves < 100_000_000 {
        let (digits, count) = decimal_lanes(moves);
        line.put(&digits, count);
    } else {
        // Only on boards over 200,000,000 squares a side.
        let mut buffer = itoa::Buffer::new();
        let digits = buffer.format(moves).as_bytes();
        line.put_slice(digits);
    }
    line.put(b" knight moves.\n", 15);
    let end = start + line.len;
    out.truncate(end);
}

/// A line being put together in the room at the end of an output buffer by
/// [`push_sentence_by_windows`].
struct LineAssembly<'a> {
    bytes: &'a mut [u8],
    len: usize,
}

impl LineAssembly<'_> {
    /// Room for the longest sentence (two windows and a 20-digit number), copies included.
    const ROOM: usize = 128;

    /// Copies all `N` bytes of `piece` at the end of the line, then keeps the first `len`.
    #[inline(always)]
    fn put<const N: usize>(&mut self, piece: &[u8; N], len: usize) {
        self.bytes[self.len..self.len + N].copy_from_slice(piece);
        self.len += len;
    }

    /// Copies `piece` at the end of the line, at its length.
    fn put_slice(&mut self, piece: &[u8]) {
        self.bytes[self.len..self.len + piece.len()].copy_from_slice(piece);
        self.len += piece.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::sentence::push_sentence;
    use crate::format::sentence::tests::query;
    use crate::input::line::parse_line;

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

    proptest::proptest! {
        /// Written by fixed-size copies or piece by piece, the sentence is the same, for texts
        /// up to a window long and any number.
        #[test]
        fn windows_write_the_sentence_that_pieces_write(
            from_text in "[a-zA-Z]{1,16}[0-9]{1,16}",
            to_text in "[a-zA-Z]{1,7}[0-9]{1,10}",
            moves in proptest::prop_oneof![0u64..1000, 99_999_990u64..100_000_010, proptest::num::u64::ANY],
            after in "[ \t\r\na-z0-9]{32}",
        ) {
            let input = format!("{from_text} {to_text}\n{after}");
            let from_range = 0..from_text.len();
            let to_range = from_range.end + 1..from_range.end + 1 + to_text.len();
            let windows = TextWindow::new(input.as_bytes(), from_range)
                .zip(TextWindow::new(input.as_bytes(), to_range));
            let (from, to) = windows.expect("the input runs on for a window");
            let mut by_windows = b"earlier answers\n".to_vec();
            push_sentence_by_windows(&mut by_windows, from, to, moves);
            let mut by_pieces = b"earlier answers\n".to_vec();
            let texts = TypedPair {
                from_text: from_text.as_bytes(),
                to_text: to_text.as_bytes(),
                ..query("a1", "b3")
            };
            push_sentence(&mut by_pieces, &texts, Some(moves), b"knight");
            proptest::prop_assert_eq!(by_windows, by_pieces);
        }
    }

    #[test]
    fn a_window_needs_the_input_to_run_on() {
        let input = b"aa100 b3\n";
        assert!(TextWindow::new(input, 0..5).is_none());
        let padded = [&input[..], &[b' '; 32]].concat();
        assert!(TextWindow::new(&padded, 0..5).is_some());
        assert!(
            TextWindow::new(&padded, 0..33).is_none(),
            "longer than a window"
        );
    }
}
