//! Extended algebraic notation, for boards of any size: files are named the way spreadsheet
//! columns are (a … z, aa … az, ba … zz, aaa …), ranks are numbered from 1, and `a1` is always
//! the bottom-left corner.
//!
//! File names are "bijective base 26": there is no zero digit, so `z` (26) is followed by `aa`
//! (27). That is why the arithmetic below adds and subtracts one where plain base 26 would not.

use std::fmt;

use crate::board::{Board, Position};

/// Why a text is not a square of the board: the text given ([`SquareError::given`]), the board,
/// and what is wrong with it ([`SquareError::problem`]), all in its message.
///
/// ```
/// use knight_moves::{Board, SquareProblem};
///
/// let refused = Board::STANDARD.square("e9").unwrap_err();
/// assert_eq!(refused.given(), "e9");
/// assert_eq!(refused.problem(), SquareProblem::OffBoard);
/// assert_eq!(refused.to_string(), "\"e9\" is past the edge of the 8x8 board");
/// let refused = Board::STANDARD.square("9e").unwrap_err();
/// assert_eq!(refused.problem(), SquareProblem::Malformed);
/// assert_eq!(
///     refused.to_string(),
///     "\"9e\" is not a square: expected letters, then a rank"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError {
    given: String,
    board: Board,
    problem: SquareProblem,
}

impl SquareError {
    /// The text that names no square of the board (bytes that are not UTF-8 replaced by U+FFFD).
    pub fn given(&self) -> &str {
        &self.given
    }

    /// The board the text was read for.
    pub fn board(&self) -> Board {
        self.board
    }

    /// What is wrong with the text.
    pub fn problem(&self) -> SquareProblem {
        self.problem
    }
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem {
            SquareProblem::Malformed => write!(
                f,
                "{:?} is not a square: expected letters, then a rank",
                self.given
            ),
            SquareProblem::OffBoard => write!(
                f,
                "{:?} is past the edge of the {} board",
                self.given, self.board
            ),
        }
    }
}

impl std::error::Error for SquareError {}

/// What is wrong with a text that is not a square of the board.
///
/// ```
/// use knight_moves::SquareProblem;
///
/// assert_eq!(SquareProblem::OffBoard.to_string(), "past the edge of the board");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SquareProblem {
    /// Not letters followed by a number without leading zeros.
    Malformed,
    /// Well formed, but past the board's last file or rank (or rank 0).
    OffBoard,
}

impl fmt::Display for SquareProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SquareProblem::Malformed => "not a square: expected letters, then a rank",
            SquareProblem::OffBoard => "past the edge of the board",
        })
    }
}

/// [`parse_square`], with the text and board kept in the error: the library's answer, which
/// costs an allocation only when the text is refused.
pub(super) fn parse_square_explained(token: &[u8], board: Board) -> Result<Position, SquareError> {
    parse_square(token, board).map_err(|problem| SquareError {
        given: String::from_utf8_lossy(token).into_owned(),
        board,
        problem,
    })
}

/// Reads a square such as `e2`, `AB17` or `aaa1000000` on `board`: what the program's reader
/// calls for each token, saying only what is wrong (the reader keeps the token itself).
///
/// Upper-case letters are accepted. Any number of letters and digits is read without overflow:
/// a file or rank too large for any board is simply off this one.
pub fn parse_square(token: &[u8], board: Board) -> Result<Position, SquareProblem> {
    let letters = token.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let (file_text, rank_text) = token.split_at(letters);
    let well_formed = letters > 0
        && !rank_text.is_empty()
        && rank_text.iter().all(u8::is_ascii_digit)
        && (rank_text[0] != b'0' || rank_text.len() == 1);
    if !well_formed {
        return Err(SquareProblem::Malformed);
    }
    // Saturating: anything past u64 is past every board too.
    let file_number = file_text.iter().fold(0u64, |value, &letter| {
        let digit = u64::from(letter.to_ascii_lowercase() - b'a' + 1);
        value.saturating_mul(26).saturating_add(digit)
    });
    let rank_number = rank_text.iter().fold(0u64, |value, &digit| {
        value
            .saturating_mul(10)
            .saturating_add(u64::from(digit - b'0'))
    });
    // file_number counts from 1 (a = 1); rank_number from 1 too, and 0 is below the board.
    let on_board = (1..=u64::from(board.files())).contains(&file_number)
        && (1..=u64::from(board.ranks())).contains(&rank_number);
    if !on_board {
        return Err(SquareProblem::OffBoard);
    }
    Ok(Position::new(
        file_number as u32 - 1,
        rank_number as u32 - 1,
    ))
}

/// Appends the name of file `file` (0 is `a`, 25 is `z`, 26 is `aa`) in lower case.
pub fn push_file_name(out: &mut Vec<u8>, file: u32) {
    // At most 7 letters for a u32; written backwards, then turned around.
    let mut letters = [0u8; 7];
    let mut count = 0;
    let mut number = u64::from(file) + 1;
    while number > 0 {
        number -= 1;
        letters[count] = b'a' + (number % 26) as u8;
        count += 1;
        number /= 26;
    }
    letters[..count].reverse();
    out.extend_from_slice(&letters[..count]);
}

/// Appends the square's name, as `e2` or `aa100`.
pub fn push_square_name(out: &mut Vec<u8>, position: Position) {
    push_file_name(out, position.file);
    let mut digits = itoa::Buffer::new();
    out.extend_from_slice(digits.format(u64::from(position.rank) + 1).as_bytes());
}

/// The square's name, as `e2` or `aa100`.
pub fn square_name(position: Position) -> String {
    let mut name = Vec::new();
    push_square_name(&mut name, position);
    String::from_utf8(name).expect("names are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn file_names_around_the_letter_boundaries() {
        let cases = [
            (0, "a"),
            (7, "h"),
            (25, "z"),
            (26, "aa"),
            (51, "az"),
            (52, "ba"),
            (701, "zz"),
            (702, "aaa"),
            (18_277, "zzz"),
            (18_278, "aaaa"),
            (999_999_999, "cfdgsxl"),
        ];
        for (file, name) in cases {
            assert_eq!(Position::new(file, 0).file_name(), name, "file {file}");
            let board = Board::new(Board::MAX_SIDE, 1).unwrap();
            let parsed = parse_square(format!("{name}1").as_bytes(), board);
            assert_eq!(parsed, Ok(Position::new(file, 0)), "{name}");
        }
    }

    #[test]
    fn reads_squares_and_refuses_the_rest() {
        let board = Board::new(30, 100).unwrap();
        type Expected = Result<(u32, u32), SquareProblem>;
        let cases: &[(&str, Expected)] = &[
            ("a1", Ok((0, 0))),
            ("D4", Ok((3, 3))),
            ("ad100", Ok((29, 99))),
            ("AD100", Ok((29, 99))),
            ("ae1", Err(SquareProblem::OffBoard)),
            ("a101", Err(SquareProblem::OffBoard)),
            ("a0", Err(SquareProblem::OffBoard)),
            ("a01", Err(SquareProblem::Malformed)),
            ("a00", Err(SquareProblem::Malformed)),
            ("1a", Err(SquareProblem::Malformed)),
            ("a", Err(SquareProblem::Malformed)),
            ("7", Err(SquareProblem::Malformed)),
            ("a1b", Err(SquareProblem::Malformed)),
            ("é1", Err(SquareProblem::Malformed)),
            ("a-1", Err(SquareProblem::Malformed)),
            (
                "zzzzzzzzzzzzzzzzzzzzzzzzzzzz1",
                Err(SquareProblem::OffBoard),
            ),
            (
                "a99999999999999999999999999999",
                Err(SquareProblem::OffBoard),
            ),
        ];
        for (token, expected) in cases {
            let parsed = parse_square(token.as_bytes(), board);
            let expected = expected.map(|(file, rank)| Position::new(file, rank));
            assert_eq!(parsed, expected, "{token}");
        }
    }

    proptest! {
        #[test]
        fn names_round_trip(file in 0..Board::MAX_SIDE, rank in 0..Board::MAX_SIDE) {
            let board = Board::new(Board::MAX_SIDE, Board::MAX_SIDE).unwrap();
            let position = Position::new(file, rank);
            let name = square_name(position);
            prop_assert_eq!(parse_square(name.as_bytes(), board), Ok(position));
            prop_assert_eq!(parse_square(name.to_uppercase().as_bytes(), board), Ok(position));
        }

        #[test]
        fn names_round_trip_near_letter_boundaries(
            boundary in prop::sample::select(vec![26u32, 702, 18_278, 475_254, 12_356_630]),
            offset in 0u32..6,
        ) {
            let file = boundary - 3 + offset;
            let board = Board::new(Board::MAX_SIDE, 1).unwrap();
            let name = format!("{}1", Position::new(file, 0).file_name());
            prop_assert_eq!(parse_square(name.as_bytes(), board), Ok(Position::new(file, 0)));
        }
    }
}
