//! Strict input validators: whether a judge input is exactly as its problem states it, for a
//! setter checking their own data (`validate`). The program's reader forgives what a
//! contestant's input might hold (blank lines, CRLF, tabs, upper case); a validator forgives
//! nothing: single spaces, LF line ends, a final newline, no leading zeros, lower-case squares
//! on the board, counts that match their lines, and each problem's stated limits:
//!
//! | problem | input | limits |
//! | --- | --- | --- |
//! | `uva439` | one or more lines `e2 e4` | squares on the board (8×8, or `--board`) |
//! | `nakanj` | T, then T lines `e2 e4` | 1 ≤ T ≤ 4096, squares on 8×8 |
//! | `poj1915` | n, then n scenarios: l, `x y`, `x y` | 1 ≤ n, 4 ≤ l ≤ 300, 0 ≤ x, y < l |
//! | `cses-grid` | n | 4 ≤ n ≤ 1000 |
//! | `knightl` | n | 5 ≤ n ≤ 25 |
//!
//! The judges themselves are more lenient than this (UVa and POJ read with `scanf`, which skips
//! any white space; none of them states a bound on POJ 1915's n, so none is checked): the
//! validator checks the setter's data, not what a judge would survive.
//!
//! The input streams through a small buffer: a line is never held, and one longer than any
//! valid line is refused where it grows too long.

//!
//! A judge system's checker validates its input as it reads it, with one reading for both
//! ([`read_validated`]).

pub(crate) mod read_validated;

use std::fmt;
use std::io::{self, BufRead};
use std::ops::RangeInclusive;

use crate::board::Board;
use crate::board::notation::parse_square;
use crate::input::line::QuotedUpTo;
use crate::problem::{CSES_GRID_SIDES, KNIGHTL_SIDES, NAKANJ_COUNTS, POJ1915_SIDES, Problem};

/// Where the input is not as the problem states it, and how.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Invalid {
    /// The line and column (from 1, in bytes) of the first offending byte.
    pub line: u64,
    pub column: u64,
    pub what: String,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.what
        )
    }
}

/// Why validating stopped: the input is invalid, or could not be read.
#[derive(Debug)]
pub(crate) enum Refusal {
    Invalid(Invalid),
    Read(io::Error),
}

impl From<io::Error> for Refusal {
    fn from(error: io::Error) -> Refusal {
        Refusal::Read(error)
    }
}

/// The most bytes a square's name takes: seven letters and ten digits (10⁹ × 10⁹).
const SQUARE_BYTES: usize = 17;

/// Reads `input` as `problem` states its input (UVa 439's squares on `board`), to its end.
pub(crate) fn validate(problem: Problem, board: Board, input: impl BufRead) -> Result<(), Refusal> {
    validate_as(problem, board, input, true)
}

/// [`validate`], with the judge files' lines taken a buffer at a time or not
/// ([`Cursor::take_short_query_lines`]): the tests hold the two to each other.
fn validate_as(
    problem: Problem,
    board: Board,
    input: impl BufRead,
    accelerated: bool,
) -> Result<(), Refusal> {
    let mut cursor = Cursor {
        input,
        line: 1,
        column: 1,
        accelerated,
    };
    let cursor = &mut cursor;
    match problem {
        Problem::Uva439 => {
            if cursor.peek()?.is_none() {
                return Err(cursor.invalid("the input is empty: one query line or more expected"));
            }
            while cursor.peek()?.is_some() {
                if cursor.take_short_query_lines(board, u64::MAX)? == 0 {
                    query_line(cursor, board)?;
                }
            }
        }
        Problem::Nakanj => {
            let count = cursor.number("the count T", NAKANJ_COUNTS)?;
            cursor.newline()?;
            let mut left = count;
            while left > 0 {
                if cursor.peek()?.is_none() {
                    return Err(cursor.invalid(&format!("the input ends before T = {count} lines")));
                }
                match cursor.take_short_query_lines(Board::STANDARD, left)? {
                    0 => {
                        query_line(cursor, Board::STANDARD)?;
                        left -= 1;
                    }
                    taken => left -= taken,
                }
            }
        }
        Problem::Poj1915 => {
            let count = cursor.number("the number of scenarios", 1..=u64::MAX)?;
            cursor.newline()?;
            for _ in 0..count {
                if cursor.peek()?.is_none() {
                    return Err(cursor.invalid(&format!("the input ends before {count} scenarios")));
                }
                let side = cursor.number("the side l", widened(POJ1915_SIDES))?;
                cursor.newline()?;
                for _ in 0..2 {
                    cursor.number("a coordinate", 0..=side - 1)?;
                    cursor.space()?;
                    cursor.number("a coordinate", 0..=side - 1)?;
                    cursor.newline()?;
                }
            }
        }
        Problem::CsesGrid => {
            cursor.number("n", widened(CSES_GRID_SIDES))?;
            cursor.newline()?;
        }
        Problem::Knightl => {
            cursor.number("n", widened(KNIGHTL_SIDES))?;
            cursor.newline()?;
        }
    }
    match cursor.peek()? {
        None => Ok(()),
        Some(_) => Err(cursor.invalid("more input after the last the problem states")),
    }
}

/// A range of sides as the numbers read are.
fn widened(sides: RangeInclusive<u32>) -> RangeInclusive<u64> {
    u64::from(*sides.start())..=u64::from(*sides.end())
}

/// One line of two squares on `board`, separated by one space.
fn query_line(cursor: &mut Cursor<impl BufRead>, board: Board) -> Result<(), Refusal> {
    cursor.square(board)?;
    cursor.space()?;
    cursor.square(board)?;
    cursor.newline()
}

/// The input, and where in it the next byte is.
struct Cursor<R: BufRead> {
    input: R,
    line: u64,
    column: u64,
    /// Whether [`Cursor::take_short_query_lines`] takes lines.
    accelerated: bool,
}

impl<R: BufRead> Cursor<R> {
    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.input.fill_buf() {
                Ok(bytes) => return Ok(bytes.first().copied()),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }

    fn bump(&mut self, byte: u8) {
        self.input.consume(1);
        match byte {
            b'\n' => {
                self.line += 1;
                self.column = 1;
            }
            _ => self.column += 1,
        }
    }

    fn invalid(&self, what: &str) -> Refusal {
        self.invalid_at(self.column, what)
    }

    fn invalid_at(&self, column: u64, what: &str) -> Refusal {
        Refusal::Invalid(Invalid {
            line: self.line,
            column,
            what: what.to_owned(),
        })
    }

    /// Takes, at the start of a line, up to `most` whole lines of the judge files' shape, two
    /// squares of a letter and a digit and one space (`e2 e4\n`), as [`query_line`] would take
    /// each; says how many it took. The checker validates its input as it judges
    /// ([`read_validated`]), and a judge file of millions of lines would otherwise cost a call
    /// a byte, several times the judging. It takes nothing on a board whose squares are not
    /// all two bytes (past 26 files or 9 ranks), and stops at the first line of any other
    /// shape and where the buffer ends inside a line: [`query_line`] reads that one, the
    /// specification, which the tests hold this to.
    fn take_short_query_lines(&mut self, board: Board, most: u64) -> io::Result<u64> {
        let (files, ranks) = (board.files(), board.ranks());
        if !self.accelerated || files > 26 || ranks > 9 {
            return Ok(0);
        }
        let (last_file, last_rank) = (b'a' + files as u8 - 1, b'0' + ranks as u8);
        let is_square = |name: &[u8]| {
            (b'a'..=last_file).contains(&name[0]) && (b'1'..=last_rank).contains(&name[1])
        };
        let mut taken = 0;
        loop {
            let bytes = loop {
                match self.input.fill_buf() {
                    Ok(bytes) => break bytes,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                    Err(error) => return Err(error),
                }
            };
            let lines = bytes
                .chunks_exact(6)
                .take(usize::try_from(most - taken).unwrap_or(usize::MAX))
                .take_while(|line| {
                    is_square(&line[0..2])
                        && line[2] == b' '
                        && is_square(&line[3..5])
                        && line[5] == b'\n'
                })
                .count();
            let whole_buffer = lines * 6 + 6 > bytes.len();
            self.input.consume(lines * 6);
            self.line += lines as u64;
            taken += lines as u64;
            // Past the buffer's end, the next line may be of the shape too: fill it again.
            if lines == 0 || !whole_buffer || taken == most {
                return Ok(taken);
            }
        }
    }

    /// What the next byte is, as a message names it.
    fn found(&mut self) -> io::Result<String> {
        Ok(match self.peek()? {
            None => "the end of the input".to_owned(),
            Some(b'\n') => "a newline".to_owned(),
            Some(b'\r') => "a CR (the line ends must be LF only)".to_owned(),
            Some(b' ') => "a space".to_owned(),
            Some(b'\t') => "a tab".to_owned(),
            Some(byte) if byte.is_ascii_graphic() => format!("'{}'", byte as char),
            Some(byte) => format!("the byte 0x{byte:02x}"),
        })
    }

    /// Takes `expected`, or says what is there instead.
    fn exactly(&mut self, expected: u8, name: &str) -> Result<(), Refusal> {
        match self.peek()? {
            Some(byte) if byte == expected => {
                self.bump(byte);
                Ok(())
            }
            _ => {
                let found = self.found()?;
                Err(self.invalid(&format!("expected {name}, found {found}")))
            }
        }
    }

    fn space(&mut self) -> Result<(), Refusal> {
        self.exactly(b' ', "one space")
    }

    fn newline(&mut self) -> Result<(), Refusal> {
        self.exactly(b'\n', "the end of the line (LF)")
    }

    /// A number in `range`, written in decimal without a sign or leading zeros.
    fn number(&mut self, what: &str, range: RangeInclusive<u64>) -> Result<u64, Refusal> {
        let column = self.column;
        let mut digits = 0;
        let mut value: Option<u64> = Some(0);
        let mut first = None;
        while let Some(byte) = self.peek()?.filter(u8::is_ascii_digit) {
            first.get_or_insert(byte);
            digits += 1;
            value = value
                .and_then(|value| value.checked_mul(10))
                .and_then(|value| value.checked_add(u64::from(byte - b'0')));
            self.bump(byte);
            if digits > 20 {
                break; // too large already: no need to read more of it
            }
        }
        let (start, end) = (*range.start(), *range.end());
        match (first, value) {
            (None, _) => {
                let found = self.found()?;
                Err(self.invalid(&format!("expected {what}, a number, found {found}")))
            }
            (Some(b'0'), _) if digits > 1 => {
                Err(self.invalid_at(column, &format!("{what} has a leading zero")))
            }
            (_, Some(value)) if range.contains(&value) => Ok(value),
            _ => Err(self.invalid_at(column, &format!("{what} must be from {start} to {end}"))),
        }
    }

    /// A square's name: lower-case file letters, then a rank without leading zeros, on
    /// `board`.
    fn square(&mut self, board: Board) -> Result<(), Refusal> {
        let column = self.column;
        let mut name = Vec::with_capacity(SQUARE_BYTES);
        while let Some(byte) = self.peek()?.filter(u8::is_ascii_alphanumeric) {
            if name.len() == SQUARE_BYTES {
                return Err(self.invalid_at(column, "a square's name is too long"));
            }
            name.push(byte);
            self.bump(byte);
        }
        let letters = name.iter().take_while(|b| b.is_ascii_lowercase()).count();
        let digits = &name[letters..];
        let shown = QuotedUpTo(&name, SQUARE_BYTES);
        let well_formed = letters > 0
            && !digits.is_empty()
            && digits.iter().all(u8::is_ascii_digit)
            && digits[0] != b'0';
        if !well_formed {
            let what = match name.is_empty() {
                true => format!("expected a square, found {}", self.found()?),
                false => format!(
                    "{shown} is not a square: lower-case file letters, then a rank from 1 \
                     without leading zeros"
                ),
            };
            return Err(self.invalid_at(column, &what));
        }
        match parse_square(&name, board) {
            Ok(_) => Ok(()),
            Err(_) => Err(self.invalid_at(
                column,
                &format!("{shown} is past the edge of the {board} board"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(problem: Problem, input: &str) -> Result<(), String> {
        validate(problem, Board::STANDARD, input.as_bytes()).map_err(|refusal| match refusal {
            Refusal::Invalid(invalid) => invalid.to_string(),
            Refusal::Read(error) => panic!("{error}"),
        })
    }

    #[test]
    fn inputs_exactly_as_stated_are_valid() {
        for (problem, input) in [
            (Problem::Uva439, "e2 e4\na1 h8\n"),
            (Problem::Nakanj, "2\na1 h8\nh8 c3\n"),
            (Problem::Poj1915, "1\n8\n0 0\n7 0\n"),
            (Problem::Poj1915, "2\n300\n0 299\n299 0\n4\n3 3\n0 0\n"),
            (Problem::CsesGrid, "1000\n"),
            (Problem::Knightl, "5\n"),
        ] {
            assert_eq!(check(problem, input), Ok(()), "{problem:?} {input:?}");
        }
    }

    #[test]
    fn each_departure_is_named_with_its_line_and_column() {
        let uva = Problem::Uva439;
        for (problem, input, expected) in [
            (
                uva,
                "",
                "line 1, column 1: the input is empty: one query line or more expected",
            ),
            (
                uva,
                "e2 e4",
                "line 1, column 6: expected the end of the line (LF), found the end of the input",
            ),
            (
                uva,
                "e2 e4\r\n",
                "line 1, column 6: expected the end of the line (LF), found a CR (the line ends must be LF only)",
            ),
            (
                uva,
                "e2  e4\n",
                "line 1, column 4: expected a square, found a space",
            ),
            (
                uva,
                "e2\te4\n",
                "line 1, column 3: expected one space, found a tab",
            ),
            (
                uva,
                "E2 e4\n",
                "line 1, column 1: \"E2\" is not a square: lower-case file letters, then a rank from 1 without leading zeros",
            ),
            (
                uva,
                "e2 e04\n",
                "line 1, column 4: \"e04\" is not a square: lower-case file letters, then a rank from 1 without leading zeros",
            ),
            (
                uva,
                "e2 e9\n",
                "line 1, column 4: \"e9\" is past the edge of the 8x8 board",
            ),
            (
                uva,
                "e2 e4\n\n",
                "line 2, column 1: expected a square, found a newline",
            ),
            (
                uva,
                "e2 e4 \n",
                "line 1, column 6: expected the end of the line (LF), found a space",
            ),
            (
                Problem::Nakanj,
                "02\na1 h8\nh8 c3\n",
                "line 1, column 1: the count T has a leading zero",
            ),
            (
                Problem::Nakanj,
                "0\n",
                "line 1, column 1: the count T must be from 1 to 4096",
            ),
            (
                Problem::Nakanj,
                "4097\n",
                "line 1, column 1: the count T must be from 1 to 4096",
            ),
            (
                Problem::Nakanj,
                "2\na1 h8\n",
                "line 3, column 1: the input ends before T = 2 lines",
            ),
            (
                Problem::Nakanj,
                "1\na1 h8\nh8 c3\n",
                "line 3, column 1: more input after the last the problem states",
            ),
            (
                Problem::Poj1915,
                "1\n3\n0 0\n1 1\n",
                "line 2, column 1: the side l must be from 4 to 300",
            ),
            (
                Problem::Poj1915,
                "1\n8\n0 8\n1 1\n",
                "line 3, column 3: a coordinate must be from 0 to 7",
            ),
            (
                Problem::Poj1915,
                "1\n8\n-1 0\n1 1\n",
                "line 3, column 1: expected a coordinate, a number, found '-'",
            ),
            (
                Problem::CsesGrid,
                "3\n",
                "line 1, column 1: n must be from 4 to 1000",
            ),
            (
                Problem::CsesGrid,
                "1001\n",
                "line 1, column 1: n must be from 4 to 1000",
            ),
            (
                Problem::CsesGrid,
                "99999999999999999999999\n",
                "line 1, column 1: n must be from 4 to 1000",
            ),
            (
                Problem::Knightl,
                "4\n",
                "line 1, column 1: n must be from 5 to 25",
            ),
            (
                Problem::Knightl,
                "5\n5\n",
                "line 2, column 1: more input after the last the problem states",
            ),
        ] {
            assert_eq!(
                check(problem, input),
                Err(expected.to_owned()),
                "{problem:?} {input:?}"
            );
        }
    }

    #[test]
    fn a_line_of_any_length_is_refused_without_being_held() {
        let long = "a".repeat(10_000_000);
        let refused = check(Problem::Uva439, &long).unwrap_err();
        assert_eq!(refused, "line 1, column 1: a square's name is too long");
    }

    #[test]
    fn squares_of_big_boards_are_named_as_the_program_names_them() {
        let board = Board::new(1_000_000_000, 1_000_000_000).unwrap();
        let input = "a1 cfdgsxl1000000000\n";
        assert!(validate(Problem::Uva439, board, input.as_bytes()).is_ok());
        let past = "a1 cfdgsxm1\n";
        assert!(validate(Problem::Uva439, board, past.as_bytes()).is_err());
    }

    /// A reader that hands out its bytes a few at a time, so that lines cross the ends of
    /// what `fill_buf` holds at every place.
    struct Dribble<'a> {
        bytes: &'a [u8],
        sizes: std::iter::Cycle<std::slice::Iter<'a, usize>>,
        held: &'a [u8],
    }

    impl io::Read for Dribble<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let taken = io::BufRead::fill_buf(self)?;
            let count = taken.len().min(out.len());
            out[..count].copy_from_slice(&taken[..count]);
            io::BufRead::consume(self, count);
            Ok(count)
        }
    }

    impl BufRead for Dribble<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.held.is_empty() {
                let size = (*self.sizes.next().unwrap_or(&1)).min(self.bytes.len());
                (self.held, self.bytes) = self.bytes.split_at(size);
            }
            Ok(self.held)
        }

        fn consume(&mut self, count: usize) {
            self.held = &self.held[count..];
        }
    }

    /// The judge files' lines taken a buffer at a time are judged exactly as the plain reading
    /// judges them: the same verdict, line, column and words, on inputs of valid lines and
    /// near misses (a wrong byte anywhere, a line cut short, CRLF, upper case), read whole and
    /// in pieces of every size, for UVa 439 on boards of two-byte squares and past them, and
    /// NAKANJ's counted lines.
    #[test]
    fn the_judge_files_lines_taken_at_once_are_judged_as_one_by_one() {
        let mut random = fastrand::Rng::with_seed(439);
        let boards = [
            Board::STANDARD,
            Board::new(26, 9).unwrap(),
            Board::new(3, 2).unwrap(),
            Board::new(27, 10).unwrap(),
        ];
        let near_misses: &[&[u8]] = &[
            b"e2 e4\r\n",
            b"E2 e4\n",
            b"e2  e4\n",
            b"e2 e4",
            b"e2\te4\n",
            b"i1 a1\n",
            b"a0 a1\n",
            b"a9 a1\n",
            b"z9 a1\n",
            b"\n",
            b"e2 e4 \n",
            b"aa1 b2\n",
            b"e2 e10\n",
        ];
        for round in 0..3000 {
            let board = boards[round % boards.len()];
            let problem = match round % 3 {
                0 => Problem::Nakanj,
                _ => Problem::Uva439,
            };
            let board = match problem {
                Problem::Nakanj => Board::STANDARD,
                _ => board,
            };
            let lines = random.usize(0..40);
            let mut input = Vec::new();
            if problem == Problem::Nakanj {
                let count = match random.u8(0..8) {
                    0 => lines + 1,
                    1 => lines.saturating_sub(1),
                    _ => lines,
                };
                input.extend_from_slice(format!("{count}\n").as_bytes());
            }
            for _ in 0..lines {
                match random.u8(0..10) {
                    0 => input.extend_from_slice(near_misses[random.usize(..near_misses.len())]),
                    _ => {
                        for end in [b' ', b'\n'] {
                            let file = b'a' + random.u32(0..board.files().min(26)) as u8;
                            input.push(file);
                            let rank = 1 + random.u32(0..board.ranks().min(99));
                            input.extend_from_slice(rank.to_string().as_bytes());
                            input.push(end);
                        }
                    }
                }
            }
            if random.u8(0..20) == 0 && !input.is_empty() {
                let at = random.usize(..input.len());
                input[at] = random.u8(..);
            }
            let shown = |result: Result<(), Refusal>| match result {
                Ok(()) => "valid".to_owned(),
                Err(Refusal::Invalid(invalid)) => invalid.to_string(),
                Err(Refusal::Read(error)) => panic!("{error}"),
            };
            let plain = shown(validate_as(problem, board, &input[..], false));
            let sizes: Vec<usize> = (0..5).map(|_| random.usize(1..20)).collect();
            for accelerated in [
                validate_as(problem, board, &input[..], true),
                validate_as(
                    problem,
                    board,
                    Dribble {
                        bytes: &input,
                        sizes: sizes.iter().cycle(),
                        held: &[],
                    },
                    true,
                ),
            ] {
                assert_eq!(
                    shown(accelerated),
                    plain,
                    "{problem:?} on {board}: {:?}",
                    String::from_utf8_lossy(&input)
                );
            }
        }
    }

    /// The accelerated reading does take the judge files' lines (else the test above compares
    /// the plain reading with itself).
    #[test]
    fn the_judge_files_lines_are_taken_at_once() {
        let input = b"e2 e4\na1 h8\nb1 c3\n";
        let mut cursor = Cursor {
            input: &input[..],
            line: 1,
            column: 1,
            accelerated: true,
        };
        assert_eq!(
            cursor.take_short_query_lines(Board::STANDARD, 2).unwrap(),
            2
        );
        assert_eq!(cursor.line, 3);
        assert_eq!(
            cursor.take_short_query_lines(Board::STANDARD, 5).unwrap(),
            1
        );
        assert_eq!(
            cursor
                .take_short_query_lines(Board::new(27, 8).unwrap(), 5)
                .unwrap(),
            0
        );
    }
}
