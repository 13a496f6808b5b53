//! Boards of any size, from 1×1 to 1,000,000,000 squares a side, positions on them, and how
//! squares are named ([`notation`]).
//!
//! The judge's 8×8 board also has its own compile-time tables ([`crate::standard`]); everything
//! else, every search included, works with [`Board`] and [`Position`], which know no special
//! size.

pub mod notation;
pub mod piece;
pub mod plain_search;

use std::fmt;
use std::str::FromStr;

pub use notation::{SquareError, SquareProblem};
pub use piece::Piece;

/// The eight ways a knight can move, as (file, rank) steps. The order fixes the order in which
/// searches look at neighbours, and so which of several shortest routes they find: routes are
/// deterministic.
pub const KNIGHT_STEPS: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A square of a board by its coordinates from the bottom-left corner: file 0 is `a`, rank 0 is
/// rank 1. The default is `a1`. It shows itself by its name in extended notation.
///
/// ```
/// use knight_moves::Position;
///
/// assert_eq!(Position::new(4, 1).to_string(), "e2");
/// assert_eq!(Position::new(26, 99).to_string(), "aa100");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub struct Position {
    /// The file, counted from 0 (`a`).
    pub file: u32,
    /// The rank, counted from 0 (rank 1).
    pub rank: u32,
}

impl Position {
    /// The square at `file` and `rank`, both counted from 0.
    ///
    /// ```
    /// use knight_moves::{Board, Position};
    ///
    /// assert_eq!(Position::new(0, 0), Board::STANDARD.parse_square(b"a1").unwrap());
    /// ```
    pub const fn new(file: u32, rank: u32) -> Position {
        Position { file, rank }
    }

    /// The name of the square's file, as spreadsheet columns are named: `a` to `z`, then
    /// `aa`, `ab` and on.
    ///
    /// ```
    /// use knight_moves::Position;
    ///
    /// assert_eq!(Position::new(7, 0).file_name(), "h");
    /// assert_eq!(Position::new(27, 5).file_name(), "ab");
    /// ```
    pub fn file_name(self) -> String {
        let mut name = Vec::new();
        notation::push_file_name(&mut name, self.file);
        String::from_utf8(name).expect("file names are ASCII letters")
    }

    /// The (file, rank) difference from `self` to `other`.
    pub fn offset_to(self, other: Position) -> (i64, i64) {
        (
            i64::from(other.file) - i64::from(self.file),
            i64::from(other.rank) - i64::from(self.rank),
        )
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::square_name(*self))
    }
}

/// A board of `files` × `ranks` squares; `--board` reads it from text (`8`, `12x7`).
///
/// ```
/// use knight_moves::Board;
///
/// let board: Board = "30x1000".parse()?;
/// assert_eq!((board.files(), board.ranks()), (30, 1000));
/// let corner = board.parse_square(b"AD1000")?;
/// assert_eq!(corner.to_string(), "ad1000");
/// assert!(board.parse_square(b"ae1").is_err()); // past the last file
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    files: u32,
    ranks: u32,
}

impl Board {
    /// The largest side a board may have.
    ///
    /// ```
    /// use knight_moves::Board;
    ///
    /// assert!(Board::new(Board::MAX_SIDE, 1).is_some());
    /// assert!(Board::new(Board::MAX_SIDE + 1, 1).is_none());
    /// ```
    pub const MAX_SIDE: u32 = 1_000_000_000;

    /// The judge's board, 8×8.
    ///
    /// ```
    /// use knight_moves::Board;
    ///
    /// assert_eq!(Board::STANDARD, Board::new(8, 8).unwrap());
    /// assert_eq!(Board::STANDARD.to_string(), "8x8");
    /// ```
    pub const STANDARD: Board = Board { files: 8, ranks: 8 };

    /// A board of `files` × `ranks` squares, if both are between 1 and [`Board::MAX_SIDE`].
    ///
    /// ```
    /// use knight_moves::Board;
    ///
    /// assert_eq!(Board::new(3, 100).map(|board| board.to_string()), Some("3x100".to_string()));
    /// assert_eq!(Board::new(0, 8), None);
    /// ```
    pub fn new(files: u32, ranks: u32) -> Option<Board> {
        let side = 1..=Board::MAX_SIDE;
        (side.contains(&files) && side.contains(&ranks)).then_some(Board { files, ranks })
    }

    /// How many files (columns) the board has.
    ///
    /// ```
    /// assert_eq!(knight_moves::Board::new(3, 100).unwrap().files(), 3);
    /// ```
    pub fn files(self) -> u32 {
        self.files
    }

    /// How many ranks (rows) the board has.
    ///
    /// ```
    /// assert_eq!(knight_moves::Board::new(3, 100).unwrap().ranks(), 100);
    /// ```
    pub fn ranks(self) -> u32 {
        self.ranks
    }

    /// Reads a square of this board typed as `e2`, `AB17` or `aaa1000000`: letters naming the
    /// file as spreadsheet columns do (either case), then the rank, without leading zeros.
    ///
    /// ```
    /// use knight_moves::{Board, Position, SquareProblem};
    ///
    /// assert_eq!(Board::STANDARD.parse_square(b"E2"), Ok(Position::new(4, 1)));
    /// let off = Board::STANDARD.parse_square(b"i9").unwrap_err();
    /// assert_eq!((off.given(), off.problem()), ("i9", SquareProblem::OffBoard));
    /// let malformed = Board::STANDARD.parse_square(b"e02").unwrap_err();
    /// assert_eq!(malformed.problem(), SquareProblem::Malformed);
    /// ```
    pub fn parse_square(self, text: &[u8]) -> Result<Position, SquareError> {
        notation::parse_square_explained(text, self)
    }

    /// [`Board::parse_square`] of a name held as a string.
    ///
    /// ```
    /// use knight_moves::{Board, Position};
    ///
    /// let board: Board = "26x30".parse()?;
    /// assert_eq!(board.square("z30")?, Position::new(25, 29));
    /// assert!(board.square("aa1").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn square(self, name: &str) -> Result<Position, SquareError> {
        self.parse_square(name.as_bytes())
    }

    /// Whether a knight route joins two squares of this board, in closed form.
    ///
    /// Only three kinds of board leave squares apart. A side of 1 fits no knight move, so a
    /// square is joined to itself only. On a side of 2 every move goes two along the long side
    /// and one across: after `m` moves the long coordinate has changed by an even number and
    /// the short one by `m` mod 2, so the long difference must be even, and half of it — every
    /// move must go the same way along, there being no room to turn — must have the parity of
    /// the short difference. On 3×3 the centre has no move at all, and the other eight squares
    /// form one ring. Every other board is one piece (checked against breadth-first search on
    /// every pair of every board up to 12×12 by `tests/small_boards.rs`).
    pub fn joins(self, from: Position, to: Position) -> bool {
        // Turned so that `across` runs along the short side.
        let (narrow, long) = (self.files.min(self.ranks), self.files.max(self.ranks));
        let (across, along) = {
            let (df, dr) = from.offset_to(to);
            match self.files <= self.ranks {
                true => (df.unsigned_abs(), dr.unsigned_abs()),
                false => (dr.unsigned_abs(), df.unsigned_abs()),
            }
        };
        let centre = Position::new(1, 1);
        match (narrow, long) {
            (1, _) => from == to,
            (2, _) => along % 2 == 0 && (along / 2) % 2 == across % 2,
            (3, 3) => from == to || (from != centre && to != centre),
            _ => true,
        }
    }

    /// Whether the square at (file, rank), which may be off any board, is on this one.
    #[cfg(test)]
    pub fn contains(self, file: i64, rank: i64) -> bool {
        (0..i64::from(self.files)).contains(&file) && (0..i64::from(self.ranks)).contains(&rank)
    }

    /// The squares one knight move from `position`, in the order of [`KNIGHT_STEPS`].
    #[inline]
    pub fn knight_neighbours(self, position: Position) -> impl Iterator<Item = Position> {
        self.neighbours(&Piece::KNIGHT, position)
    }

    /// The squares one move of `piece` from `position`, in the order of its moves.
    #[inline]
    pub fn neighbours(
        self,
        piece: &Piece,
        position: Position,
    ) -> impl Iterator<Item = Position> + '_ {
        piece
            .steps()
            .iter()
            .filter_map(move |&(file_step, rank_step)| {
                // In wrapping u32 arithmetic a step off the low edge lands near 2³², far past
                // any board (sides stop at 10⁹, leaps at 10⁶), so one comparison a coordinate
                // checks both edges. A search's inner loop: this halved its bounds checks.
                let file = position.file.wrapping_add(file_step as u32);
                let rank = position.rank.wrapping_add(rank_step as u32);
                (file < self.files && rank < self.ranks).then(|| Position::new(file, rank))
            })
    }

    /// Every position, rank by rank from a1: for small boards (a board of 10⁹ × 10⁹ has 10¹⁸).
    ///
    /// ```
    /// use knight_moves::Board;
    ///
    /// let names: Vec<String> = Board::new(2, 2).unwrap().positions().map(|p| p.to_string()).collect();
    /// assert_eq!(names, ["a1", "b1", "a2", "b2"]);
    /// ```
    pub fn positions(self) -> impl Iterator<Item = Position> {
        (0..self.ranks)
            .flat_map(move |rank| (0..self.files).map(move |file| Position::new(file, rank)))
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

/// Why a board's size was not understood: the text given ([`InvalidBoard::given`]) and, as its
/// message, the sizes there are (a caller quoting the text, as `--board`'s does, adds nothing
/// twice).
///
/// ```
/// use knight_moves::Board;
///
/// let refused = "0x8".parse::<Board>().unwrap_err();
/// assert_eq!(refused.given(), "0x8");
/// assert!(refused.to_string().starts_with("expected N for an N×N board or WxH"));
/// assert_eq!("12x3".parse::<Board>().map(Board::files), Ok(12));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidBoard {
    given: String,
}

impl InvalidBoard {
    /// The text that names no board.
    pub fn given(&self) -> &str {
        &self.given
    }
}

impl fmt::Display for InvalidBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected N for an N×N board or WxH for W files by H ranks, each from 1 to {}",
            Board::MAX_SIDE
        )
    }
}

impl std::error::Error for InvalidBoard {}

impl FromStr for Board {
    type Err = InvalidBoard;

    /// Reads `N` (N×N) or `WxH` (W files by H ranks; `X` and `×` too).
    fn from_str(text: &str) -> Result<Board, InvalidBoard> {
        let side = |text: &str| {
            let is_plain_number = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
            is_plain_number.then(|| text.parse::<u32>().ok()).flatten()
        };
        let (files, ranks) = match text.split_once(['x', 'X', '×']) {
            Some((files, ranks)) => (side(files), side(ranks)),
            None => (side(text), side(text)),
        };
        files
            .zip(ranks)
            .and_then(|(files, ranks)| Board::new(files, ranks))
            .ok_or_else(|| InvalidBoard {
                given: text.to_owned(),
            })
    }
}

impl Board {
    /// Whether this is the judge's 8×8 board, whose tables `crate::standard` holds.
    ///
    /// ```
    /// use knight_moves::Board;
    ///
    /// assert!(Board::STANDARD.is_standard());
    /// assert!(!Board::new(8, 9).unwrap().is_standard());
    /// ```
    pub fn is_standard(self) -> bool {
        self == Board::STANDARD
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_board_sizes() {
        let cases: &[(&str, Option<(u32, u32)>)] = &[
            ("8", Some((8, 8))),
            ("1", Some((1, 1))),
            ("3x5", Some((3, 5))),
            ("3X5", Some((3, 5))),
            ("3×5", Some((3, 5))),
            ("8×8", Some((8, 8))),
            ("8××8", None),
            ("1000000000", Some((1_000_000_000, 1_000_000_000))),
            ("1000000001", None),
            ("0", None),
            ("4x0", None),
            ("", None),
            ("x", None),
            ("8x", None),
            ("-8", None),
            ("+8", None),
            ("8x8x8", None),
            ("99999999999999999999", None),
        ];
        for &(text, expected) in cases {
            let board = text.parse::<Board>().ok().map(|b| (b.files(), b.ranks()));
            assert_eq!(board, expected, "{text:?}");
        }
        assert_eq!("12x7".parse::<Board>().unwrap().to_string(), "12x7");
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let board = Board::new(3, 4).unwrap();
        let corner: Vec<Position> = board.knight_neighbours(Position::new(0, 0)).collect();
        assert_eq!(corner, [Position::new(1, 2), Position::new(2, 1)]);
        let tiny = Board::new(1, 1).unwrap();
        assert_eq!(tiny.knight_neighbours(Position::new(0, 0)).count(), 0);
        let huge = Board::new(Board::MAX_SIDE, Board::MAX_SIDE).unwrap();
        let far = Position::new(Board::MAX_SIDE - 1, Board::MAX_SIDE - 1);
        assert_eq!(huge.knight_neighbours(far).count(), 2);
    }
}
