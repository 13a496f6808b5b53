//! The knight's searches on the judge's 8×8 board, over the 64-entry adjacency table of
//! `board/standard.rs`, as the problem was first specified.
//!
//! The general searches work on any board: a square is a pair of `u32`s, every neighbour is
//! computed and bounds-checked, and what a search has reached lives in a
//! [`SquareMap`](crate::engine::square_map::SquareMap) stamped for reuse. On 8×8 all of that
//! fits in a few registers and 64-entry arrays on the stack: a square is a byte, its neighbours
//! are a table lookup, and the squares reached are the bits of one `u64`. These searches try
//! neighbours in the same order as the general ones
//! ([`KNIGHT_STEPS`](crate::board::KNIGHT_STEPS)) and expand squares in the same order, so their
//! distances, routes and node counts are the same (the unit test below checks every pair
//! against the general search, and the golden corpus holds them); they are only faster, as
//! docs/PERFORMANCE.md measures.

use crate::board::standard::{Square, knight_neighbours};
use crate::engine::{GaveUp, Outcome, Request, expand_one};

/// Breadth-first search, as [`bfs::search`](crate::engine::bfs::search) does it: one queue
/// holds the layers one after another, and the target is recognised when it is first generated.
pub(crate) fn bfs(
    route: &mut Vec<crate::board::Position>,
    request: &Request,
    from: Square,
    to: Square,
) -> Result<Outcome, GaveUp> {
    let mut reached = 1u64 << from.index();
    let mut parents = [from; Square::COUNT];
    let mut distances = [0u8; Square::COUNT];
    let mut queue = [from; Square::COUNT];
    let (mut head, mut tail) = (0, 1);
    let mut expanded = 0;
    while head < tail {
        let current = queue[head];
        head += 1;
        expand_one(&mut expanded, request.max_nodes)?;
        for &neighbour in knight_neighbours(current) {
            let bit = 1u64 << neighbour.index();
            if reached & bit != 0 {
                continue;
            }
            reached |= bit;
            parents[neighbour.index()] = current;
            distances[neighbour.index()] = distances[current.index()] + 1;
            if neighbour == to {
                if request.with_route {
                    let mut at = to;
                    route.push(at.position());
                    while at != from {
                        at = parents[at.index()];
                        route.push(at.position());
                    }
                    route.reverse();
                }
                return Ok(Outcome {
                    moves: Some(u64::from(distances[to.index()])),
                    expanded,
                });
            }
            queue[tail] = neighbour;
            tail += 1;
        }
    }
    Ok(Outcome {
        moves: None,
        expanded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Piece};
    use crate::engine::{Workspace, bfs};

    /// Every pair of the 8×8 board, with and without routes and with a limit that some
    /// searches reach: the same distance, route and squares expanded as the general search
    /// over coordinates (or the same refusal).
    #[test]
    fn the_8x8_searches_are_the_general_ones_step_for_step() {
        let mut general = Workspace::new();
        let mut route = Vec::new();
        for from in Square::all() {
            for to in Square::all().filter(|&to| to != from) {
                for (with_route, max_nodes) in [(true, 1_000), (false, 1_000), (true, 10)] {
                    let request = Request {
                        board: Board::STANDARD,
                        piece: Piece::KNIGHT,
                        from: from.position(),
                        to: to.position(),
                        with_route,
                        max_nodes,
                    };
                    general.reset(Board::STANDARD);
                    general.route.clear();
                    route.clear();
                    let expected = bfs::search_any_board(&mut general, &request);
                    assert_eq!(bfs(&mut route, &request, from, to), expected, "{request:?}");
                    assert_eq!(route, general.route, "{request:?}");
                }
            }
        }
    }
}
