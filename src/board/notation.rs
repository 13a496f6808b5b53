//! Extended algebraic notation, for boards of any size: files are named the way spreadsheet
//! columns are (a … z, aa … az, ba … zz, aaa …), ranks are numbered from 1, and `a1` is always
//! the bottom-left corner.
//!
//! File names are "bijective base 26": there is no zero digit, so `z` (26) is followed by `aa`
//! (27). That is why the arithmetic below adds and subtracts one where plain base 26 would not.

use std::fmt;

use crate::board::{Board, Position};

/// Why a text is not a square of the board.
///
/// ```
/// use knight_moves::{Board, SquareError};
///
/// assert_eq!(Board::STANDARD.parse_square(b"e9"), Err(SquareError::OffBoard));
/// assert_eq!(Board::STANDARD.parse_square(b"9e"), Err(SquareError::Malformed));
/// assert_eq!(SquareError::OffBoard.to_string(), "past the edge of the board");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SquareError {
    /// Not letters followed by a number without leading zeros.
    Malformed,
    /// Well formed, but past the board's last file or rank (or rank 0).
    OffBoard,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SquareError::Malformed => "not a square: expected letters, then a rank",
            SquareError::OffBoard => "past the edge of the board",
        })
    }
}

impl std::error::Error for SquareError {}

/// Reads a square such as `e2`, `AB17` or `aaa1000000` on `board`.
///
/// Upper-case letters are accepted. Any number of letters and digits is read without overflow:
/// a file or rank too large for any board is simply off this one.
pub(super) fn parse_square(token: &[u8], board: Board) -> Result<Position, SquareError> {
    let letters = token.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let (file_text, rank_text) = token.split_at(letters);
    let well_formed = letters > 0
        && !rank_text.is_empty()
        && rank_text.iter().all(u8::is_ascii_digit)
        && (rank_text[0] != b'0' || rank_text.len() == 1);
    if !well_formed {
        return Err(SquareError::Malformed);
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
        return Err(SquareError::OffBoard);
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
        type Expected = Result<(u32, u32), SquareError>;
        let cases: &[(&str, Expected)] = &[
            ("a1", Ok((0, 0))),
            ("D4", Ok((3, 3))),
            ("ad100", Ok((29, 99))),
            ("AD100", Ok((29, 99))),
            ("ae1", Err(SquareError::OffBoard)),
            ("a101", Err(SquareError::OffBoard)),
            ("a0", Err(SquareError::OffBoard)),
            ("a01", Err(SquareError::Malformed)),
            ("a00", Err(SquareError::Malformed)),
            ("1a", Err(SquareError::Malformed)),
            ("a", Err(SquareError::Malformed)),
            ("7", Err(SquareError::Malformed)),
            ("a1b", Err(SquareError::Malformed)),
            ("é1", Err(SquareError::Malformed)),
            ("a-1", Err(SquareError::Malformed)),
            ("zzzzzzzzzzzzzzzzzzzzzzzzzzzz1", Err(SquareError::OffBoard)),
            ("a99999999999999999999999999999", Err(SquareError::OffBoard)),
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
