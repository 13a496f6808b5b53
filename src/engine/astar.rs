//! A* search: squares are expanded in order of moves so far plus a lower bound on the moves
//! left, so the search heads for the target instead of spreading evenly.

use std::cmp::Reverse;

use crate::board::{Board, Position};
use crate::engine::{GaveUp, Search, Workspace, expand_one, found, no_route, zero_moves};
use crate::unbounded::unbounded_distance;

/// The heuristic: the knight's distance between the squares on a board without edges.
///
/// It is *admissible*: edges can only take moves away from a knight, never add shortcuts, so the
/// distance on any board is never less than this. It is *consistent*: it is itself a distance,
/// so by the triangle inequality it falls by at most one per move. Consistency is what lets A*
/// close a square for good the first time it is expanded. The exhaustive tests check both on
/// every pair of 8×8.
///
/// The heuristic some articles use, Manhattan distance × 10 against a step cost of 23, is not
/// admissible: one knight move changes the Manhattan distance by 3, which it prices at 30 > 23,
/// so it can overestimate and A* can return a route that is too long.
pub fn heuristic(from: Position, to: Position) -> u64 {
    let (file_difference, rank_difference) = from.offset_to(to);
    unbounded_distance(file_difference, rank_difference)
}

/// Searches from `from`, always expanding the open square with the least `moves + heuristic`
/// (ties: the least heuristic, which goes deeper, then the lowest position, so routes are
/// deterministic), until the target is taken off the open list or none is left (no route).
///
/// ```
/// use knight_moves::board::{Board, Position};
/// use knight_moves::engine::{Workspace, astar};
/// let (a1, b2) = (Position::new(0, 0), Position::new(1, 1));
/// let mut workspace = Workspace::new();
/// let search = astar::search(&mut workspace, Board::STANDARD, a1, b2, None, 1000).unwrap();
/// assert_eq!(search.moves, Some(4));
/// ```
pub fn search(
    workspace: &mut Workspace,
    board: Board,
    from: Position,
    to: Position,
    route: Option<&mut Vec<Position>>,
    max_nodes: u64,
) -> Result<Search, GaveUp> {
    if from == to {
        return Ok(zero_moves(from, route));
    }
    workspace.reset(board);
    let Workspace {
        parents,
        closed,
        open,
        ..
    } = workspace;
    parents.insert(from, (from, 0));
    let estimate = heuristic(from, to);
    open.push(Reverse((estimate, estimate, from)));
    let mut expanded = 0;
    while let Some(Reverse((_, _, current))) = open.pop() {
        if !closed.insert(current, ()) {
            continue; // an older, worse entry for a square already expanded
        }
        expand_one(&mut expanded, max_nodes)?;
        if current == to {
            return Ok(found(parents, to, route, expanded));
        }
        let reached = parents.get(current).map_or(0, |(_, moves)| moves) + 1;
        for neighbour in board.knight_neighbours(current) {
            let better = parents
                .get(neighbour)
                .is_none_or(|(_, moves)| reached < moves);
            if better {
                parents.insert(neighbour, (current, reached));
                let estimate = heuristic(neighbour, to);
                open.push(Reverse((reached + estimate, estimate, neighbour)));
            }
        }
    }
    Ok(no_route(route, expanded))
}
