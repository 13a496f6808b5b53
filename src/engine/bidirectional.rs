//! Bidirectional breadth-first search: one search from each end, each growing a whole layer at
//! a time, until a square reached by one is reached by the other.

use crate::board::knight_neighbours;
use crate::engine::{Parents, Search, trace_back, zero_moves};
use crate::square::Square;

/// Searches from both ends, always growing the side whose frontier is smaller (the forward side
/// on a tie), and stops at the first square both sides have reached.
///
/// Why stopping at the first meeting is right: this search grows *whole layers*. Say the forward
/// side has reached every square within `f` moves of the start and the backward side every
/// square within `b` moves of the target, and the two sets do not meet. Then the true distance
/// `D` exceeds `f + b`: on a shortest route, the square `f` moves from the start is at most
/// `D - f` from the target, so `D ≤ f + b` would put it in both sets. Now the forward side
/// grows to `f + 1` and meets a square `m` the backward side has reached, at `b' ≤ b` from the
/// target. The route through `m` has `f + 1 + b'` moves and `D ≤ f + 1 + b' ≤ f + 1 + b`; with
/// `D > f + b` both are equalities: the route through `m` is shortest, whichever meeting square
/// is found first. Growing square by square instead, with half-grown layers, breaks the first
/// step of this argument, and stopping at the first meeting can then be one move too long.
///
/// From a square to itself is 0 moves (one popular library answers 2 here).
///
/// ```
/// use knight_moves::engine::bidirectional;
/// let (a1, h8) = ("a1".parse().unwrap(), "h8".parse().unwrap());
/// assert_eq!(bidirectional::search(a1, h8, None).moves, 6);
/// assert_eq!(bidirectional::search(a1, a1, None).moves, 0);
/// ```
pub fn search(from: Square, to: Square, route: Option<&mut Vec<Square>>) -> Search {
    if from == to {
        return zero_moves(from, route);
    }
    let mut forward = Side::starting_at(from);
    let mut backward = Side::starting_at(to);
    let mut expanded = 0;
    loop {
        let meeting = if forward.frontier_len <= backward.frontier_len {
            forward.grow_layer(&backward, &mut expanded)
        } else {
            backward.grow_layer(&forward, &mut expanded)
        };
        if let Some(meeting) = meeting {
            if let Some(route) = route {
                route.clear();
                trace_back(&forward.parents, meeting, route);
                route.reverse();
                let meeting_at = route.len() - 1;
                trace_back(&backward.parents, meeting, route);
                route.remove(meeting_at); // the meeting square, now listed twice
            }
            let moves = forward.moves[meeting.index()] + backward.moves[meeting.index()];
            return Search { moves, expanded };
        }
    }
}

/// One of the two searches: what it has reached, and its outermost layer.
struct Side {
    parents: Parents,
    moves: [u8; Square::COUNT],
    /// The squares of the outermost layer, in `frontier[..frontier_len]`.
    frontier: [Square; Square::COUNT],
    frontier_len: usize,
}

impl Side {
    fn starting_at(square: Square) -> Side {
        let mut parents = [None; Square::COUNT];
        parents[square.index()] = Some(square);
        Side {
            parents,
            moves: [0; Square::COUNT],
            frontier: [square; Square::COUNT],
            frontier_len: 1,
        }
    }

    /// Expands every square of the outermost layer, making the next layer the frontier, and
    /// returns the first square found that `other` has reached too, if any.
    fn grow_layer(&mut self, other: &Side, expanded: &mut u32) -> Option<Square> {
        let mut next = self.frontier;
        let mut next_len = 0;
        for &current in &self.frontier[..self.frontier_len] {
            *expanded += 1;
            for &neighbour in knight_neighbours(current) {
                if self.parents[neighbour.index()].is_some() {
                    continue;
                }
                self.parents[neighbour.index()] = Some(current);
                self.moves[neighbour.index()] = self.moves[current.index()] + 1;
                if other.parents[neighbour.index()].is_some() {
                    return Some(neighbour);
                }
                next[next_len] = neighbour;
                next_len += 1;
            }
        }
        self.frontier = next;
        self.frontier_len = next_len;
        None
    }
}
