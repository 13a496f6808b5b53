//! The memory the searches work in, kept from one query to the next.
//!
//! A search needs a map of the squares it has reached, a queue or layers, and for A* an open
//! list. Allocating and filling them afresh for every query cost more than the search itself on
//! 8×8: BFS took about 900 ns a query, a good part of it in `malloc`, `free` and clearing a map
//! of 64 squares (callgrind). Whoever runs many searches (the answerer, `--compare`) keeps one
//! `Workspace` and hands it to every search; each search empties what it uses first, so no
//! answer depends on the searches before it (but for the kept searches of other leapers' formula:
//! their distances are the same, found with nothing expanded).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::{Board, Position};
use crate::engine::Parents;
use crate::engine::formula::FormulaMemory;
use crate::engine::square_map::SquareMap;

/// An entry of A*'s open list: (moves so far + estimate, estimate, square), least first; 16
/// bytes, as A* holds several for every square it expands.
pub type OpenEntry = Reverse<(u32, u32, Position)>;

/// Reusable memory for searches; see the module documentation.
pub struct Workspace {
    /// What the search (or the forward side of a bidirectional one) has reached.
    pub parents: Parents,
    /// What the backward side of a bidirectional search has reached.
    pub parents_back: Parents,
    /// The squares A* has expanded.
    pub closed: SquareMap<()>,
    /// Layers of squares: a BFS's current and next, then the backward side's two.
    pub layers: [Vec<Position>; 4],
    pub open: BinaryHeap<OpenEntry>,
    /// The route the last search built, when it was asked for one: both ends included.
    pub route: Vec<Position>,
    /// What the formula keeps between queries, its one owner (through [`Workspace::trim`]
    /// too, but for the mirror's arrays; [`Workspace::release`] drops it all).
    pub formula: FormulaMemory,
    /// Whether [`Workspace::release`] dropped everything since the last [`Workspace::trim`].
    released: bool,
}

impl Workspace {
    /// Room kept in each layer and the open list between searches, in squares.
    const KEPT: usize = 4096;

    /// Room, in squares, past which a search counts as big: freeing it is worth asking the
    /// allocator to give the memory back to the system.
    const BIG: usize = 1 << 20;

    /// An empty workspace, which allocates nothing until a search uses it; it fits itself to
    /// each board it is used on.
    pub fn new() -> Workspace {
        Workspace {
            parents: SquareMap::unfitted(),
            parents_back: SquareMap::unfitted(),
            closed: SquareMap::unfitted(),
            layers: Default::default(),
            open: BinaryHeap::new(),
            route: Vec::new(),
            formula: FormulaMemory::default(),
            released: false,
        }
    }

    /// Gives back the memory of a big search beyond what [`Workspace::reset`] keeps, without
    /// waiting for the next search: for a program that may wait long before its next query.
    /// What the last search left here (its route included) is dropped. Whether this, or a
    /// [`Workspace::release`] since the last trim, dropped a big search's memory: the moment
    /// for a program to ask its allocator to give freed memory back to the system, which the
    /// library never does itself (it is the whole process's allocator, not the library's).
    pub fn trim(&mut self) -> bool {
        let held = self.parents.room()
            + self.parents_back.room()
            + self.closed.room()
            + self.layers.iter().map(Vec::capacity).sum::<usize>()
            + self.open.capacity()
            + self.route.capacity()
            + self.formula.trimmed_bytes() / 4;
        for map in [&mut self.parents, &mut self.parents_back] {
            map.trim();
        }
        self.closed.trim();
        self.empty_lists();
        self.route.clear();
        self.route.shrink_to(Workspace::KEPT);
        // The mirror's board's worth of slots, up to 4 MB: given back, made again by its next
        // search. The formula's kept repeats and distances stay: they are what the next
        // queries of that board are answered from, and the pipeline trims after every read.
        self.formula.trim();
        held > Workspace::BIG || std::mem::take(&mut self.released)
    }

    /// Gives back all the memory the workspace holds, without asking for any: after a search
    /// that ran out of memory, when even the room [`Workspace::trim`] keeps might be refused.
    /// The next [`Workspace::trim`] says so.
    pub fn release(&mut self) {
        *self = Workspace {
            released: true,
            ..Workspace::new()
        };
    }

    /// Empties the maps, layers and open list for a search on `board` (the route is emptied by
    /// every search, see [`crate::engine`]), keeping the memory of earlier searches up
    /// to a bound, so that one huge search does not hold its memory for the rest of the run.
    pub fn reset(&mut self, board: Board) {
        self.parents.reset(board);
        self.parents_back.reset(board);
        self.closed.reset(board);
        self.empty_lists();
    }

    /// Empties the layers and open lists, keeping room for [`Workspace::KEPT`] squares in each.
    fn empty_lists(&mut self) {
        for layer in &mut self.layers {
            layer.clear();
            layer.shrink_to(Workspace::KEPT);
        }
        self.open.clear();
        self.open.shrink_to(Workspace::KEPT);
    }
}

impl Default for Workspace {
    fn default() -> Workspace {
        Workspace::new()
    }
}
