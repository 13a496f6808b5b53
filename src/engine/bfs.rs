//! Plain breadth-first search: squares are expanded in order of distance from the start, so
//! the first time the target is seen, it is seen by a shortest route.

use crate::board::{Board, Position};
use crate::engine::{GaveUp, Search, Workspace, expand_one, found, no_route, zero_moves};

/// Searches outward from `from`, a layer of equal distance at a time, until `to` is reached or
/// every square reachable from `from` has been expanded (no route).
///
/// The target is recognised when it is first generated as a neighbour, not when it would be
/// taken off the queue: every square generated while expanding distance `d` is at distance
/// `d + 1`, so waiting longer could only cost expansions.
///
/// ```
/// use knight_moves::board::{Board, Position};
/// use knight_moves::engine::{Workspace, bfs};
/// let (e2, e4) = (Position::new(4, 1), Position::new(4, 3));
/// let mut workspace = Workspace::new();
/// let search = bfs::search(&mut workspace, Board::STANDARD, e2, e4, None, 1000).unwrap();
/// assert_eq!(search.moves, Some(2));
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
        parents, layers, ..
    } = workspace;
    let [layer, next_layer, ..] = layers;
    parents.insert(from, (from, 0));
    layer.push(from);
    let mut expanded = 0;
    for distance in 1.. {
        for &current in layer.iter() {
            expand_one(&mut expanded, max_nodes)?;
            for neighbour in board.knight_neighbours(current) {
                if parents.contains(neighbour) {
                    continue;
                }
                parents.insert(neighbour, (current, distance));
                if neighbour == to {
                    return Ok(found(parents, to, route, expanded));
                }
                next_layer.push(neighbour);
            }
        }
        if next_layer.is_empty() {
            break;
        }
        std::mem::swap(layer, next_layer);
        next_layer.clear();
    }
    Ok(no_route(route, expanded))
}
