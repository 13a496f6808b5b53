//! A* search: squares are expanded in order of moves so far plus a lower bound on the moves
//! left, so the search heads for the target instead of spreading evenly.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::knight_neighbours;
use crate::engine::{Parents, Search, found, zero_moves};
use crate::square::Square;
use crate::unbounded::unbounded_distance;

/// The heuristic: the knight's distance between the squares on a board without edges.
///
/// It is *admissible*: edges can only take moves away from a knight, never add shortcuts, so the
/// distance on 8×8 is never less than this. It is *consistent*: it is itself a distance, so by
/// the triangle inequality it falls by at most one per move. Consistency is what lets A* close a
/// square for good the first time it is expanded. The exhaustive tests check both on every pair.
///
/// The heuristic some articles use, Manhattan distance × 10 against a step cost of 23, is not
/// admissible: one knight move changes the Manhattan distance by 3, which it prices at 30 > 23,
/// so it can overestimate and A* can return a route that is too long.
pub fn heuristic(from: Square, to: Square) -> u8 {
    let distance = unbounded_distance(
        i64::from(to.file() - from.file()),
        i64::from(to.rank() - from.rank()),
    );
    distance as u8 // at most 6 on 8×8
}

/// Searches from `from`, always expanding the open square with the least `moves + heuristic`
/// (ties: the least heuristic, which goes deeper, then the lower square index, so routes are
/// deterministic), until the target is taken off the open list.
///
/// ```
/// use knight_moves::engine::astar;
/// let (a1, b2) = ("a1".parse().unwrap(), "b2".parse().unwrap());
/// assert_eq!(astar::search(a1, b2, None).moves, 4);
/// ```
pub fn search(from: Square, to: Square, route: Option<&mut Vec<Square>>) -> Search {
    if from == to {
        return zero_moves(from, route);
    }
    let mut parents: Parents = [None; Square::COUNT];
    let mut moves = [u8::MAX; Square::COUNT];
    let mut closed = [false; Square::COUNT];
    let mut open = BinaryHeap::with_capacity(Square::COUNT);
    parents[from.index()] = Some(from);
    moves[from.index()] = 0;
    let estimate = heuristic(from, to);
    open.push(Reverse((estimate, estimate, from)));
    let mut expanded = 0;
    while let Some(Reverse((_, _, current))) = open.pop() {
        if closed[current.index()] {
            continue; // an older, worse entry for a square already expanded
        }
        closed[current.index()] = true;
        expanded += 1;
        if current == to {
            return found(&parents, to, route, moves[to.index()], expanded);
        }
        let reached = moves[current.index()] + 1;
        for &neighbour in knight_neighbours(current) {
            if reached < moves[neighbour.index()] {
                moves[neighbour.index()] = reached;
                parents[neighbour.index()] = Some(current);
                let estimate = heuristic(neighbour, to);
                open.push(Reverse((reached + estimate, estimate, neighbour)));
            }
        }
    }
    unreachable!("the knight's graph on 8×8 is connected")
}
