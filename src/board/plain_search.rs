//! The specification of a distance: every square's distance from one square by a plain
//! breadth-first search of the whole board, written apart from the engines. The one search of
//! its kind: the engines' unit tests and the integration tests check the engines against it,
//! the board's own tests check its reachability rule against it, and `--draw` draws its
//! distances. No engine calls it, so that what it checks is never checked against itself; it
//! is public in the program's hidden way in (`board`) so that the integration tests can.
//!
//! It shares no code with the engines either: it takes only the board's sides and the piece's
//! legs, and makes the moves and the test of the board's edges itself, over plain `i64`
//! coordinates, rather than use `Board::neighbours` and `Piece::steps`, which the engines use.

use std::collections::VecDeque;

use crate::board::{Board, Piece, Position};

/// Every square's fewest moves from one square, as [`plain_distances`] found them.
pub struct Distances {
    files: u32,
    /// Rank by rank from a1; `None` where no walk reaches.
    moves: Vec<Option<u64>>,
}

impl Distances {
    /// The fewest moves to `square`, a square of the board searched; `None` where no walk of
    /// the piece reaches it.
    pub fn to(&self, square: Position) -> Option<u64> {
        self.moves[square.rank as usize * self.files as usize + square.file as usize]
    }
}

/// Every square's distance from `from` for `piece` on `board`, by breadth-first search: a
/// small board (it holds a slot a square).
pub fn plain_distances(board: Board, piece: Piece, from: Position) -> Distances {
    let (files, ranks) = (i64::from(board.files()), i64::from(board.ranks()));
    let (a, b) = piece.legs();
    let (a, b) = (i64::from(a), i64::from(b));
    let index = |(x, y): (i64, i64)| (y * files + x) as usize;
    let start = (i64::from(from.file), i64::from(from.rank));
    let mut moves = vec![None; (files * ranks) as usize];
    moves[index(start)] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some((x, y)) = queue.pop_front() {
        let here = moves[index((x, y))].unwrap_or(0);
        for (dx, dy) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let next = (x + sx * dx, y + sy * dy);
                let on_board = (0..files).contains(&next.0) && (0..ranks).contains(&next.1);
                if on_board && moves[index(next)].is_none() {
                    moves[index(next)] = Some(here + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    Distances {
        files: board.files(),
        moves,
    }
}
