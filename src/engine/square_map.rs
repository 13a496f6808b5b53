//! What a search remembers about the squares it has reached: in a plain array on small boards,
//! in a hash map on large ones.
//!
//! A hash map keeps memory proportional to the squares a search touches, which is what a board
//! of 10⁹ × 10⁹ needs. On small boards it is the slow choice: on 8×8 a breadth-first search spent
//! most of its time hashing, ten times as long as with an array. Up to [`SquareMap::DENSE_LIMIT`]
//! squares the whole board fits in a few kilobytes, so an array is used there.

use rustc_hash::FxHashMap;

use crate::board::{Board, Position};

/// A map from the squares of one board to values of `V`.
pub enum SquareMap<V> {
    Dense { files: u32, values: Vec<Option<V>> },
    Sparse(FxHashMap<Position, V>),
}

impl<V: Copy> SquareMap<V> {
    /// The most squares a board may have for the map to be an array.
    pub const DENSE_LIMIT: u64 = 4096;

    /// An empty map for the squares of `board`.
    pub fn new(board: Board) -> SquareMap<V> {
        let squares = u64::from(board.files()) * u64::from(board.ranks());
        if squares <= SquareMap::<V>::DENSE_LIMIT {
            SquareMap::Dense {
                files: board.files(),
                values: vec![None; squares as usize],
            }
        } else {
            SquareMap::Sparse(FxHashMap::default())
        }
    }

    #[inline]
    pub fn get(&self, square: Position) -> Option<V> {
        match self {
            SquareMap::Dense { files, values } => {
                values[(square.rank * files + square.file) as usize]
            }
            SquareMap::Sparse(map) => map.get(&square).copied(),
        }
    }

    #[inline]
    pub fn contains(&self, square: Position) -> bool {
        self.get(square).is_some()
    }

    /// Sets the value of `square`, and says whether it had none before.
    #[inline]
    pub fn insert(&mut self, square: Position, value: V) -> bool {
        match self {
            SquareMap::Dense { files, values } => values
                [(square.rank * *files + square.file) as usize]
                .replace(value)
                .is_none(),
            SquareMap::Sparse(map) => map.insert(square, value).is_none(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_kinds_behave_alike() {
        for board in [Board::new(8, 8).unwrap(), Board::new(100, 100).unwrap()] {
            let mut map = SquareMap::new(board);
            assert_eq!(matches!(map, SquareMap::Dense { .. }), board.files() == 8);
            let (a, b) = (Position::new(7, 7), Position::new(0, 3));
            assert!(map.insert(a, 1));
            assert!(!map.insert(a, 2));
            assert_eq!((map.get(a), map.get(b)), (Some(2), None));
            assert!(map.contains(a) && !map.contains(b));
        }
    }
}
