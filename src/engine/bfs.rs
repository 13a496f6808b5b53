//! Plain breadth-first search: squares are expanded in order of distance from the start, so
//! the first time the target is seen, it is seen by a shortest route.

use crate::board::knight_neighbours;
use crate::engine::{Parents, Search, found, zero_moves};
use crate::square::Square;

/// Searches outward from `from` until `to` is reached.
///
/// The target is recognised when it is first generated as a neighbour, not when it would be
/// taken off the queue: every square generated while expanding distance `d` is at distance
/// `d + 1`, so waiting longer could only cost expansions.
///
/// ```
/// use knight_moves::engine::bfs;
/// let (e2, e4) = ("e2".parse().unwrap(), "e4".parse().unwrap());
/// let mut route = Vec::new();
/// let search = bfs::search(e2, e4, Some(&mut route));
/// assert_eq!(search.moves, 2);
/// assert_eq!(route.len(), 3);
/// ```
pub fn search(from: Square, to: Square, route: Option<&mut Vec<Square>>) -> Search {
    if from == to {
        return zero_moves(from, route);
    }
    let mut parents: Parents = [None; Square::COUNT];
    let mut moves = [0u8; Square::COUNT];
    // Every square enters the queue at most once, so 64 places are enough.
    let mut queue = [from; Square::COUNT];
    let (mut head, mut tail) = (0, 1);
    parents[from.index()] = Some(from);
    let mut expanded = 0;
    while head < tail {
        let current = queue[head];
        head += 1;
        expanded += 1;
        for &neighbour in knight_neighbours(current) {
            if parents[neighbour.index()].is_some() {
                continue;
            }
            parents[neighbour.index()] = Some(current);
            moves[neighbour.index()] = moves[current.index()] + 1;
            if neighbour == to {
                return found(&parents, to, route, moves[to.index()], expanded);
            }
            queue[tail] = neighbour;
            tail += 1;
        }
    }
    unreachable!("the knight's graph on 8×8 is connected")
}
