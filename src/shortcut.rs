//! The shortcuts of the hot path: readers that take a well-formed query line in one pass, with
//! no search for its end and no general parsing.
//!
//! Each is only a shortcut: it returns `None` for anything unusual, and the general parser
//! ([`parse_line`](crate::line::parse_line)) then reads the line and, if it is bad, reports it. So each must accept
//! exactly the lines the general parser accepts, with the same answer; the tests at the bottom
//! hold them to that, on near misses and on random lines.

use crate::board::{Board, Position};
use crate::line::{MAX_LINE_BYTES, Query};
use crate::square::Square;

/// A query line read by a shortcut: its squares, where their texts start in the line, and
/// the line's length with its newline. The texts are two bytes each on 8×8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortcutLine {
    pub squares: (Square, Square),
    /// The squares as typed.
    pub texts: ([u8; 2], [u8; 2]),
    text_starts: (usize, usize),
    pub length: usize,
}

impl ShortcutLine {
    /// The line as a query, for answerers other than the plain one.
    pub fn query<'a>(&self, bytes: &'a [u8]) -> Query<'a> {
        let (from, to) = self.text_starts;
        Query {
            from: self.squares.0.position(),
            to: self.squares.1.position(),
            from_text: &bytes[from..from + 2],
            to_text: &bytes[to..to + 2],
        }
    }
}

/// Reads an 8×8 query line of the judge's exact shape, `xx yy\n`, from the start of `bytes`:
/// six bytes checked in place, with no loop. Judge input is nearly all such lines, and this
/// shortcut nearly halves the time to read them compared with [`scan_query_line`] alone
/// (measured with `../shared/bench/throughput.sh`: ratio 1.2 with it, 1.7 without).
#[inline(always)]
pub fn exact_query_line(bytes: &[u8]) -> Option<ShortcutLine> {
    let [from_file, from_rank, b' ', to_file, to_rank, b'\n', ..] = *bytes else {
        return None;
    };
    Some(ShortcutLine {
        squares: (
            Square::from_bytes(from_file, from_rank)?,
            Square::from_bytes(to_file, to_rank)?,
        ),
        texts: ([from_file, from_rank], [to_file, to_rank]),
        text_starts: (0, 3),
        length: 6,
    })
}

/// Reads a well-formed 8×8 query line from the start of `bytes`, newline included, in one pass:
/// blanks, a square, blanks, a square, blanks, an optional carriage return, the newline.
/// Returns `None` for any other line, which the general parser then reads: this function is only
/// a shortcut and never decides that a line is bad.
///
/// It accepts exactly the query lines [`parse_line`](crate::line::parse_line) accepts on 8×8 (a unit test and a property
/// test hold it to that). Blanks are spaces and tabs, so no scan runs past the newline.
#[inline(always)]
pub fn scan_query_line(bytes: &[u8]) -> Option<ShortcutLine> {
    let skip_blanks = |mut at: usize| {
        while let Some(b' ' | b'\t') = bytes.get(at) {
            at += 1;
        }
        at
    };
    let square_at = |at: usize| match bytes.get(at..at + 2) {
        Some(&[file, rank]) => Square::from_bytes(file, rank).map(|sq| (sq, [file, rank])),
        _ => None,
    };
    let start = skip_blanks(0);
    let (from, from_text) = square_at(start)?;
    let second = skip_blanks(start + 2);
    if second == start + 2 {
        return None;
    }
    let (to, to_text) = square_at(second)?;
    let mut end = skip_blanks(second + 2);
    if bytes.get(end) == Some(&b'\r') {
        end += 1;
    }
    // A line over the limit is bad even when well formed: leave it to the general parser.
    if bytes.get(end) != Some(&b'\n') || end > MAX_LINE_BYTES {
        return None;
    }
    Some(ShortcutLine {
        squares: (from, to),
        texts: (from_text, to_text),
        text_starts: (start, second),
        length: end + 1,
    })
}

/// Reads a well-formed query line on any board from the start of `bytes`, newline included, in
/// one pass, as [`scan_query_line`] does on 8×8: the shortcut for boards of other sizes, whose
/// squares are longer. `None` for anything else, which the general parser then reads and, if it
/// is bad, reports: this function never decides that a line is bad, and it accepts exactly the
/// lines [`parse_line`](crate::line::parse_line) accepts (a property test holds it to that).
#[inline(always)]
pub fn scan_board_line(bytes: &[u8], board: Board) -> Option<(Query<'_>, usize)> {
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
    let mut end = skip_blanks(to_end);
    if bytes.get(end) == Some(&b'\r') {
        end += 1;
    }
    if bytes.get(end) != Some(&b'\n') || end > MAX_LINE_BYTES {
        return None;
    }
    let query = Query {
        from,
        to,
        from_text: &bytes[start..from_end],
        to_text: &bytes[second..to_end],
    };
    Some((query, end + 1))
}

/// Reads a square of `board` at `at`: letters, then a rank without leading zeros, ending at a
/// blank, a line end or the end of `bytes`. Returns it and where it ends, or `None` for anything
/// unusual (including squares off the board), which the general parser then reads.
///
/// One loop for the letters and one for the digits, with no overflow to guard against: more
/// than 7 letters or 10 digits name no square of any board, so they go to the general parser.
#[inline(always)]
fn scan_square(bytes: &[u8], at: usize, board: Board) -> Option<(Position, usize)> {
    let mut end = at;
    let mut file_number = 0u64;
    // `| 0x20` folds A–Z onto a–z and no other byte into that range. Wrapping arithmetic: a run
    // long enough to wrap is refused by its length below.
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
    let (letters, digits) = (digits_at - at, end - digits_at);
    let well_sized = (1..=7).contains(&letters) && (1..=10).contains(&digits);
    let leading_zero = digits > 1 && bytes[digits_at] == b'0';
    let ends_here = matches!(bytes.get(end), None | Some(b' ' | b'\t' | b'\r' | b'\n'));
    let on_board = (1..=u64::from(board.files())).contains(&file_number)
        && (1..=u64::from(board.ranks())).contains(&rank_number);
    (well_sized && !leading_zero && ends_here && on_board).then(|| {
        (
            Position::new(file_number as u32 - 1, rank_number as u32 - 1),
            end,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::parse_line;

    /// The shortcuts must take a line exactly when the general parser takes it, with the same
    /// answer: otherwise a line's fate would hang on which path read it.
    fn assert_shortcuts_agree_with_the_parser(line: &[u8]) {
        let mut with_newline = line.to_vec();
        with_newline.push(b'\n');
        let parsed = parse_line(line, Board::STANDARD).ok().flatten();
        let scanned = scan_query_line(&with_newline);
        let scanned_query = scanned.map(|s| (s.query(&with_newline), s.length));
        assert_eq!(
            scanned_query,
            parsed.map(|q| (q, line.len() + 1)),
            "{:?}",
            line
        );
        if let Some(exact) = exact_query_line(&with_newline) {
            assert_eq!(Some(exact), scanned, "{:?}", line);
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

    /// The any-board shortcut must take a line exactly when the general parser takes it.
    fn assert_board_shortcut_agrees_with_the_parser(line: &[u8], board: Board) {
        let mut with_newline = line.to_vec();
        with_newline.push(b'\n');
        let parsed = parse_line(line, board).ok().flatten();
        let scanned = scan_board_line(&with_newline, board);
        assert_eq!(
            scanned,
            parsed.map(|q| (q, line.len() + 1)),
            "{:?} on {board}",
            line
        );
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
        ];
        for line in lines {
            assert_board_shortcut_agrees_with_the_parser(line, board);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_board_shortcut_agrees_with_the_parser_on_any_line(
            line in proptest::collection::vec(
                proptest::sample::select(b"abzAZ0129 \t\r\xff".to_vec()), 0..16),
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
    }
}
