//! Squares of the 8×8 board: reading them from what the user typed and naming them back.
//!
//! A square is stored as one index, `rank * 8 + file`, so that a pair of squares indexes the
//! distance table directly. Parsing works on bytes, not `str`, because input lines are not
//! guaranteed to be UTF-8 and the hot path must not pay for validating them.

use std::fmt;
use std::str::FromStr;

use crate::board::Position;

/// One square of the 8×8 board, numbered 0..64 rank by rank: a1 is 0, h1 is 7, a2 is 8, h8 is 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// How many squares the board has.
    pub const COUNT: usize = 64;

    /// The bottom-left corner, square 0.
    pub const A1: Square = Square(0);

    /// The square with this index (`rank * 8 + file`), if the index is on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square at file 0..8 (a..h) and rank 0..8 (1..8), if both are on the board.
    ///
    /// Takes signed numbers so that a knight's step off the edge is simply `None`.
    pub const fn from_coordinates(file: i32, rank: i32) -> Option<Square> {
        if 0 <= file && file < 8 && 0 <= rank && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// Reads a square from exactly two bytes: a file letter a–h or A–H, then a rank digit 1–8.
    ///
    /// This is the one parser of squares; the hot path calls it on raw input bytes, so it is
    /// branch-light: `| 0x20` folds A–H onto a–h and leaves no other byte in that range, and
    /// `wrapping_sub` turns "below the range" into a large number, so one comparison bounds each
    /// byte on both sides.
    #[inline]
    pub const fn from_bytes(file: u8, rank: u8) -> Option<Square> {
        let file = (file | 0x20).wrapping_sub(b'a');
        let rank = rank.wrapping_sub(b'1');
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// Reads a square from a token, which must be exactly two bytes long.
    pub fn from_token(token: &[u8]) -> Option<Square> {
        match *token {
            [file, rank] => Square::from_bytes(file, rank),
            _ => None,
        }
    }

    /// The square at a position, if the position is on the 8×8 board.
    #[inline]
    pub const fn at(position: Position) -> Option<Square> {
        if position.file < 8 && position.rank < 8 {
            Some(Square((position.rank * 8 + position.file) as u8))
        } else {
            None
        }
    }

    /// The square's position, for the code that works on boards of any size.
    pub const fn position(self) -> Position {
        Position::new((self.0 % 8) as u32, (self.0 / 8) as u32)
    }

    /// The index `rank * 8 + file`, for indexing tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 for a through 7 for h.
    pub const fn file(self) -> i32 {
        (self.0 % 8) as i32
    }

    /// The rank, 0 for rank 1 through 7 for rank 8.
    pub const fn rank(self) -> i32 {
        (self.0 / 8) as i32
    }

    /// Every square, a1 first and h8 last.
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..Square::COUNT as u8).map(Square)
    }

    /// The square's name in lower case, as two bytes (`*b"e2"`).
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.0 % 8, b'1' + self.0 / 8]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, rank] = self.name();
        write!(f, "{}{}", file as char, rank as char)
    }
}

/// The error for text that does not name a square of the 8×8 board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidSquare;

impl fmt::Display for InvalidSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a file a-h and a rank 1-8")
    }
}

impl std::error::Error for InvalidSquare {}

impl FromStr for Square {
    type Err = InvalidSquare;

    fn from_str(text: &str) -> Result<Square, InvalidSquare> {
        Square::from_token(text.as_bytes()).ok_or(InvalidSquare)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_in_either_case() {
        let cases: &[(&str, Option<(i32, i32)>)] = &[
            ("a1", Some((0, 0))),
            ("h8", Some((7, 7))),
            ("e2", Some((4, 1))),
            ("E2", Some((4, 1))),
            ("H1", Some((7, 0))),
            ("i1", None),
            ("I1", None),
            ("a0", None),
            ("a9", None),
            ("`1", None),
            ("@1", None),
            ("e22", None),
            ("e", None),
            ("", None),
            ("2e", None),
        ];
        for &(text, expected) in cases {
            let parsed = text.parse::<Square>().ok().map(|sq| (sq.file(), sq.rank()));
            assert_eq!(parsed, expected, "parsing {text:?}");
        }
    }

    #[test]
    fn only_the_sixteen_letters_and_eight_digits_are_accepted() {
        let mut accepted = 0;
        for file in 0..=255u8 {
            for rank in 0..=255u8 {
                if let Some(square) = Square::from_bytes(file, rank) {
                    accepted += 1;
                    assert!(file.to_ascii_lowercase().is_ascii_lowercase());
                    assert_eq!(square.name(), [file.to_ascii_lowercase(), rank]);
                }
            }
        }
        assert_eq!(accepted, 16 * 8);
    }

    #[test]
    fn names_round_trip() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
            assert_eq!(Square::from_index(square.index()), Some(square));
            assert_eq!(Square::at(square.position()), Some(square));
            assert_eq!(
                Square::from_coordinates(square.file(), square.rank()),
                Some(square)
            );
        }
        assert_eq!(Square::all().count(), Square::COUNT);
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::from_coordinates(-1, 0), None);
        assert_eq!(Square::from_coordinates(0, 8), None);
    }
}
