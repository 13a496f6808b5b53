//! What a search remembers about the squares it has reached: in a plain array on small boards,
//! in a hash map on large ones, emptied in place between searches.
//!
//! A hash map keeps memory proportional to the squares a search touches, which is what a board
//! of 10⁹ × 10⁹ needs. On small boards it is the slow choice: on 8×8 a breadth-first search spent
//! most of its time hashing, ten times as long as with an array. Up to [`SquareMap::DENSE_LIMIT`]
//! squares the whole board fits in a few kilobytes, so an array is used there.
//!
//! A map lives in a [`Workspace`](crate::engine::Workspace) and serves one search after another.
//! The array is emptied in constant time: each slot carries the number of the search that
//! wrote it (its *stamp*), and a slot with an older stamp counts as empty.

use std::collections::TryReserveError;

use rustc_hash::FxHashMap;

use crate::board::{Board, Position};

/// A map from the squares of one board to values of `V`.
pub struct SquareMap<V> {
    /// The board the map is fitted to; `None` before the first [`SquareMap::reset`].
    board: Option<Board>,
    storage: Storage<V>,
}

enum Storage<V> {
    /// One slot a square, rank by rank, for a board `files` wide; a slot holds a value only if
    /// its stamp is `stamp`.
    Dense {
        files: u32,
        stamp: u32,
        slots: Vec<(u32, V)>,
    },
    Sparse(FxHashMap<Position, V>),
}

impl<V: Copy + Default> SquareMap<V> {
    /// The most squares a board may have for the map to be an array.
    pub const DENSE_LIMIT: u64 = 4096;

    /// Entries a hash map may keep room for between searches. Beyond it, a search that reached
    /// millions of squares would keep their memory for the rest of the run; and emptying a hash
    /// map takes time in proportion to its room, which every later search would pay, however
    /// small.
    const SPARSE_KEPT: usize = 4096;

    /// An empty map for the squares of `board`.
    pub fn new(board: Board) -> SquareMap<V> {
        let squares = u64::from(board.files()) * u64::from(board.ranks());
        let storage = if squares <= SquareMap::<V>::DENSE_LIMIT {
            Storage::Dense {
                files: board.files(),
                stamp: 1,
                slots: vec![(0, V::default()); squares as usize],
            }
        } else {
            Storage::Sparse(FxHashMap::default())
        };
        SquareMap {
            board: Some(board),
            storage,
        }
    }

    /// A map for no board yet, which allocates nothing; [`SquareMap::reset`] fits it to one.
    pub fn unfitted() -> SquareMap<V> {
        SquareMap {
            board: None,
            storage: Storage::Dense {
                files: 0,
                stamp: 1,
                slots: Vec::new(),
            },
        }
    }

    /// Empties the map for a search on `board`, keeping its memory when the board is the same.
    pub fn reset(&mut self, board: Board) {
        if self.board != Some(board) {
            *self = SquareMap::new(board);
            return;
        }
        match &mut self.storage {
            Storage::Dense { stamp, slots, .. } => {
                *stamp = stamp.wrapping_add(1);
                if *stamp == 0 {
                    // Four billion searches later, the stamps start again from clean slots.
                    slots.fill((0, V::default()));
                    *stamp = 1;
                }
            }
            Storage::Sparse(map) => {
                map.clear();
                map.shrink_to(SquareMap::<V>::SPARSE_KEPT);
            }
        }
    }

    /// The entries the map has room for without growing.
    pub fn room(&self) -> usize {
        match &self.storage {
            Storage::Dense { slots, .. } => slots.len(),
            Storage::Sparse(map) => map.capacity(),
        }
    }

    /// Gives back the room of a hash map beyond what it keeps between searches; its entries,
    /// if any, are the last search's and no longer needed. An array, a few kilobytes at most,
    /// is kept.
    pub fn trim(&mut self) {
        if let Storage::Sparse(map) = &mut self.storage {
            if map.capacity() > SquareMap::<V>::SPARSE_KEPT {
                map.clear();
                map.shrink_to(SquareMap::<V>::SPARSE_KEPT);
            }
        }
    }

    /// Makes room for `additional` more squares without growing in [`SquareMap::insert`],
    /// failing instead of aborting when the memory cannot be had. An array has a slot for
    /// every square already.
    #[inline]
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        match &mut self.storage {
            Storage::Dense { .. } => Ok(()),
            Storage::Sparse(map) => map.try_reserve(additional),
        }
    }

    /// Where `square` is in the array of a board `files` wide: only for dense maps, whose
    /// boards are small enough for this not to overflow.
    #[inline(always)]
    fn dense_index(files: u32, square: Position) -> usize {
        (square.rank * files + square.file) as usize
    }

    #[inline(always)]
    pub fn get(&self, square: Position) -> Option<V> {
        match &self.storage {
            Storage::Dense {
                files,
                stamp,
                slots,
            } => {
                let (slot_stamp, value) = slots[Self::dense_index(*files, square)];
                (slot_stamp == *stamp).then_some(value)
            }
            Storage::Sparse(map) => map.get(&square).copied(),
        }
    }

    #[inline]
    pub fn contains(&self, square: Position) -> bool {
        self.get(square).is_some()
    }

    /// Sets the value of `square`, and says whether it had none before.
    #[inline(always)]
    pub fn insert(&mut self, square: Position, value: V) -> bool {
        match &mut self.storage {
            Storage::Dense {
                files,
                stamp,
                slots,
            } => {
                let slot = &mut slots[Self::dense_index(*files, square)];
                let was_empty = slot.0 != *stamp;
                *slot = (*stamp, value);
                was_empty
            }
            Storage::Sparse(map) => map.insert(square, value).is_none(),
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
            assert_eq!(
                matches!(map.storage, Storage::Dense { .. }),
                board.files() == 8
            );
            let (a, b) = (Position::new(7, 7), Position::new(0, 3));
            assert!(map.insert(a, 1));
            assert!(!map.insert(a, 2));
            assert_eq!((map.get(a), map.get(b)), (Some(2), None));
            assert!(map.contains(a) && !map.contains(b));
            map.reset(board);
            assert_eq!((map.get(a), map.get(b)), (None, None), "emptied");
            assert!(map.insert(b, 3));
            assert_eq!((map.get(a), map.get(b)), (None, Some(3)));
        }
    }

    #[test]
    fn a_reset_for_another_board_fits_the_map_to_it() {
        let mut map = SquareMap::unfitted();
        map.reset(Board::new(8, 8).unwrap());
        map.insert(Position::new(7, 7), 1);
        map.reset(Board::new(3, 3).unwrap());
        assert_eq!(map.get(Position::new(2, 2)), None);
        map.reset(Board::new(1000, 5).unwrap());
        assert!(matches!(map.storage, Storage::Sparse(_)));
        assert!(map.insert(Position::new(999, 4), 1));
    }

    #[test]
    fn stamps_that_wrap_around_leave_no_stale_values() {
        let board = Board::new(5, 5).unwrap();
        let mut map = SquareMap::new(board);
        map.insert(Position::new(1, 1), 7);
        if let Storage::Dense { stamp, .. } = &mut map.storage {
            *stamp = u32::MAX; // as if four billion searches had run since
        }
        map.insert(Position::new(2, 2), 8);
        map.reset(board);
        assert_eq!(map.get(Position::new(1, 1)), None);
        assert_eq!(map.get(Position::new(2, 2)), None);
    }
}
