//! Everything special about the judge's 8×8 board: its squares as one-byte indices, each
//! square's knight neighbours, and the 64×64 table of distances between every pair.
//!
//! A square is stored as one index, `rank * 8 + file`, so that a pair of squares indexes the
//! distance table directly. Parsing works on bytes, not `str`, because input lines are not
//! guaranteed to be UTF-8 and the hot path must not pay for validating them.
//!
//! Both tables are computed at compile time by `const fn`s, so the program starts with them
//! ready and no query ever pays for building them. The table engine and the accelerator read
//! them; every other part of the program works with
//! [`Board`](crate::board::Board) and [`Position`], which know no special size.

use std::fmt;
use std::str::FromStr;

use crate::board::{KNIGHT_STEPS, Position};

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
        let (file_offset, rank_offset) = Square::byte_offsets(file, rank);
        if file_offset < 8 && rank_offset < 8 {
            Some(Square::from_checked_bytes(file, rank))
        } else {
            None
        }
    }

    /// The square named by two bytes already known to be a file letter and a rank digit (as
    /// [`from_bytes`](Self::from_bytes) would accept them): the same square, with no test.
    ///
    /// For the accelerator, which checks whole lines' bytes at once and would otherwise check
    /// each square twice. Given other bytes it returns some square, never an index off the
    /// board (the result is kept to 0..64), so a mistake is a wrong answer a test catches, not
    /// a panic or worse.
    #[inline(always)]
    pub const fn from_checked_bytes(file: u8, rank: u8) -> Square {
        let (file, rank) = Square::byte_offsets(file, rank);
        Square::from_file_and_rank(file as u64, rank as u64)
    }

    /// The file and the rank two bytes name, counted from 0: both below 8 exactly when the
    /// bytes are a file letter and a rank digit.
    #[inline(always)]
    const fn byte_offsets(file: u8, rank: u8) -> (u8, u8) {
        ((file | 0x20).wrapping_sub(b'a'), rank.wrapping_sub(b'1'))
    }

    /// The square at file `file % 8` and rank `rank % 8`, counted from 0: for the accelerator,
    /// which has checked that both are below 8, and for which the remainders keep a mistake on
    /// the board.
    #[inline(always)]
    pub const fn from_file_and_rank(file: u64, rank: u64) -> Square {
        Square((rank % 8 * 8 + file % 8) as u8)
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

    /// The number `file * 8 + rank`: numbers order squares as [`Position`]s order (file first),
    /// for code that breaks ties between squares as the searches on other boards do.
    #[inline]
    pub const fn file_major(self) -> u32 {
        (self.0 % 8 * 8 + self.0 / 8) as u32
    }

    /// The square whose [`Square::file_major`] number is `number % 64`.
    #[inline]
    pub const fn from_file_major(number: u32) -> Square {
        Square((number % 8 * 8 + number / 8 % 8) as u8)
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

/// The squares one knight move away from a square: between two (a corner) and eight.
#[derive(Clone, Copy, Debug)]
pub struct Neighbours {
    squares: [Square; 8],
    len: u8,
}

impl Neighbours {
    /// The neighbours as a slice, in the order of [`KNIGHT_STEPS`], for the tests that hold
    /// the table to the knight's moves.
    #[cfg(test)]
    fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

/// Each square's knight neighbours, indexed by [`Square::index`], in the order of
/// [`KNIGHT_STEPS`] (the order the searches on other boards try them in): what the distance
/// table's search walks.
static ADJACENCY: [Neighbours; Square::COUNT] = build_adjacency();

const fn build_adjacency() -> [Neighbours; Square::COUNT] {
    let placeholder = Neighbours {
        squares: [Square::A1; 8],
        len: 0,
    };
    let mut table = [placeholder; Square::COUNT];
    let mut index = 0;
    while index < Square::COUNT {
        let square = Square::from_index(index).unwrap();
        let mut step = 0;
        while step < KNIGHT_STEPS.len() {
            let (file_step, rank_step) = KNIGHT_STEPS[step];
            // Steps are ±1 or ±2: they fit an i32.
            let (file_step, rank_step) = (file_step as i32, rank_step as i32);
            if let Some(neighbour) =
                Square::from_coordinates(square.file() + file_step, square.rank() + rank_step)
            {
                let entry = &mut table[index];
                entry.squares[entry.len as usize] = neighbour;
                entry.len += 1;
            }
            step += 1;
        }
        index += 1;
    }
    table
}

/// The fewest knight moves between every pair of squares: 64×64 bytes, filled by one
/// breadth-first search from each square over the adjacency table. Beside it, the first step of
/// one shortest route for every pair, so that routes cost a few lookups too.
///
/// Every pair is reachable on 8×8 and no distance exceeds 6, so a byte holds each one.
pub struct DistanceTable {
    moves: [[u8; Square::COUNT]; Square::COUNT],
    first_steps: [[Square; Square::COUNT]; Square::COUNT],
}

/// The distance table for the 8×8 board, computed at compile time.
pub static DISTANCES: DistanceTable = DistanceTable::build();

impl DistanceTable {
    /// The fewest knight moves from `from` to `to`.
    #[inline]
    pub const fn moves(&self, from: Square, to: Square) -> u8 {
        self.moves[from.index()][to.index()]
    }

    /// The square a shortest route from `from` to `to` goes to first: the first of `from`'s
    /// neighbours, in the order of [`KNIGHT_STEPS`], that is one move closer to `to`. For
    /// `from == to` it is `to` itself.
    #[inline]
    pub fn first_step(&self, from: Square, to: Square) -> Square {
        self.first_steps[from.index()][to.index()]
    }

    /// A shortest route from `from` to `to`, both included, by following first steps: what
    /// the table engine answers, and what the accelerator writes.
    pub fn route(&self, from: Square, to: Square) -> impl Iterator<Item = Square> + '_ {
        let mut next = Some(from);
        std::iter::from_fn(move || {
            let at = next?;
            next = (at != to).then(|| self.first_step(at, to));
            Some(at)
        })
    }

    const fn build() -> DistanceTable {
        const UNSEEN: u8 = u8::MAX;
        let mut moves = [[UNSEEN; Square::COUNT]; Square::COUNT];
        let mut start = 0;
        while start < Square::COUNT {
            // A queue of indices: every square enters it once, so 64 places are enough.
            let mut queue = [0usize; Square::COUNT];
            let (mut head, mut tail) = (0, 1);
            queue[0] = start;
            moves[start][start] = 0;
            while head < tail {
                let current = queue[head];
                head += 1;
                let neighbours = &ADJACENCY[current];
                let mut next = 0;
                while next < neighbours.len as usize {
                    let neighbour = neighbours.squares[next].index();
                    if moves[start][neighbour] == UNSEEN {
                        moves[start][neighbour] = moves[start][current] + 1;
                        queue[tail] = neighbour;
                        tail += 1;
                    }
                    next += 1;
                }
            }
            start += 1;
        }
        DistanceTable {
            first_steps: first_steps(&moves),
            moves,
        }
    }
}

/// For each pair, the first neighbour of the first square that is one move closer to the
/// second: the next square of a shortest route, chosen the same way every time.
const fn first_steps(
    moves: &[[u8; Square::COUNT]; Square::COUNT],
) -> [[Square; Square::COUNT]; Square::COUNT] {
    let a1 = Square::A1;
    let mut steps = [[a1; Square::COUNT]; Square::COUNT];
    let mut from = 0;
    while from < Square::COUNT {
        let mut to = 0;
        while to < Square::COUNT {
            steps[from][to] = Square::from_index(to).unwrap();
            let neighbours = &ADJACENCY[from];
            let mut next = neighbours.len as usize;
            while next > 0 {
                // Backwards, so that the first closer neighbour is the one kept.
                next -= 1;
                let neighbour = neighbours.squares[next];
                if moves[neighbour.index()][to] + 1 == moves[from][to] {
                    steps[from][to] = neighbour;
                }
            }
            to += 1;
        }
        from += 1;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knight_neighbours(square: Square) -> &'static [Square] {
        ADJACENCY[square.index()].as_slice()
    }

    fn square(name: &str) -> Square {
        name.parse().expect("test squares are valid")
    }

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
    fn file_major_numbers_order_squares_as_positions_do() {
        let mut squares: Vec<Square> = Square::all().collect();
        squares.sort_by_key(|square| square.file_major());
        let positions: Vec<Position> = squares.iter().map(|square| square.position()).collect();
        assert!(positions.is_sorted());
        for square in Square::all() {
            assert_eq!(Square::from_file_major(square.file_major()), square);
        }
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

    #[test]
    fn corners_have_two_neighbours_and_the_centre_eight() {
        let names = |sq: &str| -> Vec<String> {
            knight_neighbours(square(sq))
                .iter()
                .map(|n| n.to_string())
                .collect()
        };
        assert_eq!(names("a1"), ["b3", "c2"]);
        assert_eq!(names("h8"), ["g6", "f7"]);
        assert_eq!(names("d4").len(), 8);
    }

    #[test]
    fn adjacency_is_symmetric_and_made_of_knight_moves() {
        let mut total = 0;
        for from in Square::all() {
            for &to in knight_neighbours(from) {
                total += 1;
                let (df, dr) = (
                    (to.file() - from.file()).abs(),
                    (to.rank() - from.rank()).abs(),
                );
                assert!((df, dr) == (1, 2) || (df, dr) == (2, 1), "{from}->{to}");
                assert!(knight_neighbours(to).contains(&from), "{to} lacks {from}");
            }
        }
        // The knight's graph on 8×8 has 168 edges, each seen from both ends.
        assert_eq!(total, 2 * 168);
    }

    #[test]
    fn well_known_distances() {
        let cases = [
            ("e2", "e4", 2),
            ("a1", "b2", 4),
            ("a1", "h8", 6),
            ("b1", "c3", 1),
            ("f6", "f6", 0),
            ("h1", "g2", 4),
        ];
        for (from, to, moves) in cases {
            assert_eq!(
                DISTANCES.moves(square(from), square(to)),
                moves,
                "{from}->{to}"
            );
        }
    }

    #[test]
    fn routes_follow_knight_moves_and_have_the_table_length() {
        let mut route = Vec::new();
        for from in Square::all() {
            for to in Square::all() {
                route.clear();
                route.extend(DISTANCES.route(from, to));
                assert_eq!(route.len(), DISTANCES.moves(from, to) as usize + 1);
                assert_eq!((route[0], route[route.len() - 1]), (from, to));
                for pair in route.windows(2) {
                    assert!(knight_neighbours(pair[0]).contains(&pair[1]));
                }
            }
        }
    }
}
